"""Chapter 5 widget: the planned and flown 2R move reacts to its controls (no browser needed)."""

import numpy as np
from matplotlib.figure import Figure

from robocourse.kinematics import forward_kinematics
from robocourse.models import planar_2r
from robocourse.trajectories import distance_from_line
from robocourse.widgets.trajectories import (
    ARM,
    MoveDrawing,
    frame_text,
    plan_and_fly,
    reachable,
    summary_html,
    tip_positions,
    trajectories_animation,
    trajectories_widget,
)


def test_tip_positions_are_the_forward_kinematics():
    arm = planar_2r(l1=ARM["l1"], l2=ARM["l2"])
    q = np.random.default_rng(0).uniform(-3, 3, size=(5, 2))
    for row, tip in zip(q, tip_positions(q), strict=True):
        assert np.allclose(tip, np.asarray(forward_kinematics(arm, row), dtype=float)[:2, 3])


def test_the_plan_starts_and_ends_at_the_chosen_points_and_the_line_path_hugs_the_line():
    move = plan_and_fly(goal=(-0.3, 0.6), start=(0.7, -0.3), samples=21)
    assert np.allclose(move.cubic_path[[0, -1]], [move.start, move.goal])
    assert np.allclose(move.line_path[[0, -1]], [move.start, move.goal])
    cubic_gap = np.abs(distance_from_line(move.cubic_path, move.start, move.goal)).max()
    line_gap = np.abs(distance_from_line(move.line_path, move.start, move.goal)).max()
    assert line_gap < cubic_gap / 5
    assert np.allclose(move.tips[0], move.start) and np.allclose(move.tips[-1], move.goal)
    assert np.abs(move.tracking.error).max() < 1e-6          # perfect model: on track


def test_a_heavier_payload_leaves_a_bounded_tracking_error():
    exact = plan_and_fly(samples=31)
    heavy = plan_and_fly(samples=31, payload=1.2)
    error = np.abs(heavy.tracking.error).max()
    assert np.abs(exact.tracking.error).max() < 1e-6 < error < 0.1


def test_unreachable_goals_are_pulled_in():
    assert np.isclose(np.hypot(*reachable((3.0, 4.0))), 0.98)
    move = plan_and_fly(goal=(0.95, 0.95), samples=11)
    assert np.isclose(np.hypot(*move.goal), 0.98)


def test_widget_frames_move_the_arm_the_trail_the_cursor_and_the_numbers():
    box = trajectories_widget(samples=31, dpi=40)
    drawing, live = box.drawing, box.live
    arm_before = drawing.arm.frame_positions().copy()
    text_before, png_before = drawing.text.get_text(), bytes(live.image.value)
    assert png_before[1:4] == b"PNG" and "tracking error" in box.summary.value

    box.frame.value = 15
    move, k = box.state()
    assert k == 15
    assert not np.allclose(arm_before, drawing.arm.frame_positions())
    assert np.allclose(drawing.arm.tip, move.tips[15])
    assert len(drawing.trail.get_xdata()) == 16
    assert np.allclose(drawing.panels[1].cursor.get_xdata(), [move.t[15]] * 2)
    assert np.allclose(drawing.panels[0].dots[0].get_ydata(), [move.tau[15, 0]])
    assert drawing.text.get_text() == frame_text(move, 15) != text_before
    assert bytes(live.image.value) != png_before


def test_widget_settings_replan_once_and_redraw():
    box = trajectories_widget(samples=31, dpi=40)
    box.frame.value = 10
    drawing = box.drawing
    path_before = np.array(drawing.cubic_path.get_xydata())
    tau_before = np.array(drawing.panels[0].curves[0].get_ydata(), dtype=float)
    html_before, png_before = box.summary.value, bytes(box.live.image.value)
    move_before, _ = box.state()

    box.sliders["x"].value = 0.5
    move, k = box.state()
    assert k == 10 and move is not move_before and np.allclose(move.goal, [0.5, 0.6])
    assert np.allclose(drawing.cubic_path.get_xydata()[-1], [0.5, 0.6])
    assert not np.allclose(path_before[-1], drawing.cubic_path.get_xydata()[-1])
    assert not np.allclose(tau_before, drawing.panels[0].curves[0].get_ydata())
    assert box.summary.value != html_before and bytes(box.live.image.value) != png_before

    box.sliders["duration"].value = 3.0
    move, _ = box.state()
    assert np.isclose(move.duration, 3.0)
    assert np.allclose(drawing.panels[0].ax.get_xlim(), (0.0, float(move.t[-1])))

    html_exact = box.summary.value
    box.sliders["payload"].value = 1.5
    move, _ = box.state()
    assert move.payload == 1.5 and np.abs(move.tracking.error).max() > 1e-4
    assert box.summary.value != html_exact


def test_drawing_takes_any_move_and_the_fallback_is_a_player():
    fig = Figure(figsize=(6, 3))
    move = plan_and_fly(goal=(0.0, 0.8), samples=5)
    drawing = MoveDrawing(fig, move)
    drawing.show_frame(4)
    assert np.allclose(drawing.arm.tip, move.tips[4])
    assert "tracking error" in summary_html(move)
    player = trajectories_animation(n_frames=3, dpi=20, samples=11)
    assert player.count("data:image/png;base64") == 3
