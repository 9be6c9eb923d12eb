"""Chapter 6 widget: the 3D PUMA 560 follows its sliders (no browser needed); chapter 6's
figures: the eight solutions, the singularities with what each loses, a pose."""

import numpy as np

from robocourse.kinematics import forward_kinematics, link_frames
from robocourse.models import puma560
from robocourse.puma560 import inverse_kinematics
from robocourse.widgets.puma560 import (
    arm_points,
    pose_text,
    puma560_animation,
    puma560_widget,
    sweep,
    tool_triad,
)
from robocourse.widgets.puma560_figures import (
    as_image,
    eight_solutions_figure,
    lost_motion,
    pose_figure,
    singularities_figure,
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


# --- chapter 6's figures (robocourse.widgets.puma560_figures) ------------------------------

GENERIC = np.array([0.3, -0.5, 0.4, 0.6, 0.7, -0.8])
A2, A3, D4 = 0.4318, 0.0203, 0.4331


def test_eight_solutions_are_drawn_with_their_wrists_and_the_target_frame():
    T = forward_kinematics(puma560(), GENERIC)
    solutions = inverse_kinematics(puma560(), T)
    ax = eight_solutions_figure(solutions, T).axes[0]
    arms = [line for line in ax.lines if line.get_marker() == "o"]
    assert len(arms) == 4                                  # one per shoulder x elbow
    for line, row in zip(arms, solutions[::2], strict=True):
        assert np.allclose(np.column_stack(line.get_data_3d()), arm_points(row))
    assert len(ax.lines) == 1 + 4 + 8 + 3                  # pedestal, arms, wrists, triad


def test_lost_motion_at_the_three_singularities():
    elbow = GENERIC.copy()
    elbow[2] = np.arctan2(-D4, A3)                         # stretched out
    frames = link_frames(puma560(), elbow)
    along_arm = frames[3][:3, 3] - frames[1][:3, 3]
    assert np.isclose(abs(lost_motion(elbow) @ along_arm), np.linalg.norm(along_arm))
    shoulder = GENERIC.copy()
    u = A2 + A3 * np.cos(GENERIC[2]) - D4 * np.sin(GENERIC[2])
    shoulder[1] = np.arctan2(-u, -A3 * np.sin(GENERIC[2]) - D4 * np.cos(GENERIC[2]))
    axis2 = link_frames(puma560(), shoulder)[1][:3, 2]
    assert np.isclose(abs(lost_motion(shoulder) @ axis2), 1)
    assert not lost_motion(GENERIC).any()


def test_singularities_and_pose_figures_and_their_images():
    wrist = GENERIC.copy()
    wrist[4] = 0.0
    fig = singularities_figure([("wrist", wrist, "wrist"), ("elbow", GENERIC, "elbow")])
    assert len(fig.axes) == 2 and fig.axes[0].get_title() == "wrist"
    pose = pose_figure(GENERIC, title="a pose")
    top = pose.axes[1]
    assert np.allclose(np.column_stack(top.lines[0].get_data()), arm_points(GENERIC)[:, :2])
    assert bytes(as_image(pose).data[1:4]) == b"PNG"
