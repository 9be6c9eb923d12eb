"""Chapter 6 widget: the 3D PUMA 560 follows its sliders (no browser needed)."""

import numpy as np

from robocourse.kinematics import forward_kinematics
from robocourse.models import puma560
from robocourse.widgets.puma560 import (
    arm_points,
    pose_text,
    puma560_animation,
    puma560_widget,
    sweep,
    tool_triad,
)


def test_drawn_points_are_the_link_origins_and_end_at_the_tool():
    q = np.random.default_rng(0).uniform(-2, 2, 6)
    points = arm_points(q)
    T = np.asarray(forward_kinematics(puma560(), q), dtype=float)
    assert points.shape == (8, 3)
    assert np.allclose(points[0], 0) and np.allclose(points[-1], T[:3, 3])
    origin, ends = tool_triad(q, length=1.0)
    assert np.allclose(ends - origin, T[:3, :3].T)


def test_pose_text_warns_only_near_the_wrist_singularity():
    assert "WARNING" not in pose_text([0, 0, 0, 0, 0.5, 0])
    assert "WARNING" in pose_text([0, 0, 0, 0, 0.0, 0])
    assert "WARNING" in pose_text([0, 0, 0, 0, np.pi - 0.05, 0])


def test_sliders_move_the_arm_the_triad_the_text_and_the_image():
    box = puma560_widget(dpi=40)
    drawing, live = box.drawing, box.live
    points_before = drawing.points().copy()
    triad_before = np.column_stack(drawing.axes[2].get_data_3d()).copy()
    text_before, png_before = drawing.text.get_text(), bytes(live.image.value)
    assert png_before[1:4] == b"PNG" and "WARNING" not in text_before

    box.sliders["theta1"].value = 40.0
    q = np.radians([s.value for s in box.sliders.values()])
    assert np.allclose(box.state(), q)
    assert np.allclose(drawing.points(), arm_points(q))
    assert not np.allclose(drawing.points(), points_before)
    assert not np.allclose(np.column_stack(drawing.axes[2].get_data_3d()), triad_before)
    assert drawing.text.get_text() == pose_text(q) != text_before
    png_moved = bytes(live.image.value)
    assert png_moved != png_before

    box.sliders["theta5"].value = 0.0                    # the wrist singularity
    assert "WARNING" in drawing.text.get_text()
    assert bytes(live.image.value) != png_moved


def test_the_static_sweep_passes_the_singularity_and_is_small():
    poses = sweep(20)
    assert np.abs(np.sin(poses[:, 4])).min() < 0.1 < np.abs(np.sin(poses[:, 4])).max()
    html = puma560_animation(n_frames=4, dpi=40)
    assert html.count("data:image/png;base64") == 4 and len(html) < 200_000
