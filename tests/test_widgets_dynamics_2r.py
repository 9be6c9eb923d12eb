"""Chapter 3 widget: the animated 2R torque split reacts to its controls (no browser needed)."""

import io

import numpy as np
from matplotlib.figure import Figure
from matplotlib.text import Text

from robocourse import lagrange, newton_euler
from robocourse.models import planar_2r
from robocourse.trajectories import cubic
from robocourse.widgets.animation import freeze_background
from robocourse.widgets.dynamics_2r import (
    TorqueSplitDrawing,
    cubic_motion,
    dynamics_2r_animation,
    dynamics_2r_widget,
    readout_html,
    torque_split,
)
from robocourse.widgets.live import LiveFigure


def test_the_split_adds_up_to_newton_euler_and_each_part_is_the_library_one():
    params = dict(l1=0.6, l2=0.4, m1=1.5, m2=0.7, g=9.81)
    arm = planar_2r(**params)
    rng = np.random.default_rng(0)
    q, qd, qdd = rng.uniform(-2, 2, size=(3, 7, 2))
    inertial, coriolis, gravity = torque_split(q, qd, qdd, **params)
    for k in range(7):
        assert np.allclose(inertial[k], newton_euler.mass_matrix(arm, q[k]) @ qdd[k])
        assert np.allclose(coriolis[k], newton_euler.velocity_product(arm, q[k], qd[k]))
        assert np.allclose(gravity[k], newton_euler.gravity_load(arm, q[k]))
        total = inertial[k] + coriolis[k] + gravity[k]
        assert np.allclose(total, newton_euler.inverse_dynamics(arm, q[k], qd[k], qdd[k]))
        assert np.allclose(total, lagrange.inverse_dynamics(arm, q[k], qd[k], qdd[k]))


def test_cubic_motion_follows_the_rest_to_rest_cubic():
    motion = cubic_motion(m1=1.0, m2=2.0, duration=1.5, q0=(0.0, 0.5), qf=(1.0, -0.5),
                          samples=31)
    assert motion.t[0] == 0.0 and np.isclose(motion.duration, 1.5)
    for j, (a, b) in enumerate([(0.0, 1.0), (0.5, -0.5)]):
        position, velocity, acceleration = cubic(a, b, 1.5, motion.t)
        assert np.allclose(motion.q[:, j], position)
        assert np.allclose(motion.qd[:, j], velocity)
        assert np.allclose(motion.qdd[:, j], acceleration)
    assert np.allclose(motion.qd[[0, -1]], 0) and np.allclose(motion.coriolis[[0, -1]], 0)
    # at rest at the ends: what is left is inertia (start/stop) and gravity
    arm = planar_2r(l1=0.5, l2=0.5, m1=1.0, m2=2.0, g=9.81)
    assert np.allclose(motion.gravity[0], newton_euler.gravity_load(arm, [0.0, 0.5]))
    assert np.allclose(motion.tau, motion.inertial + motion.coriolis + motion.gravity)


def test_a_slower_motion_needs_less_inertial_torque_and_the_same_gravity_at_the_ends():
    fast, slow = cubic_motion(duration=1.0, samples=11), cubic_motion(duration=2.0, samples=11)
    assert np.allclose(np.abs(slow.inertial).max(), np.abs(fast.inertial).max() / 4)
    assert np.allclose(np.abs(slow.coriolis).max(), np.abs(fast.coriolis).max() / 4)
    assert np.allclose(slow.gravity, fast.gravity)          # same poses at the same fractions


def test_widget_frames_move_the_arm_the_cursor_and_the_numbers():
    box = dynamics_2r_widget(samples=40, dpi=40)
    drawing, live = box.drawing, box.live
    arm_before = drawing.arm.frame_positions().copy()
    cursor_before = np.array(drawing.panels[0].cursor.get_xdata(), dtype=float)
    html_before, png_before = box.readout.value, bytes(live.image.value)
    assert png_before[1:4] == b"PNG" and "gravity" in html_before

    box.frame.value = 20
    motion, k = box.state()
    assert k == 20
    assert not np.allclose(arm_before, drawing.arm.frame_positions())
    assert np.allclose(drawing.panels[0].cursor.get_xdata(), [motion.t[20]] * 2)
    assert not np.allclose(cursor_before, drawing.panels[0].cursor.get_xdata())
    assert np.allclose(drawing.panels[1].dots[0].get_ydata(), [motion.tau[20, 1]])
    assert box.readout.value == readout_html(motion, 20) != html_before
    assert f"{motion.tau[20, 0]:6.2f}" in drawing.time_text.get_text()
    assert bytes(live.image.value) != png_before



def test_widget_parameter_sliders_recompute_the_motion_once_and_redraw():
    box = dynamics_2r_widget(samples=40, dpi=40)
    box.frame.value = 10
    drawing = box.drawing
    curve_before = np.array(drawing.panels[0].curves[3].get_ydata(), dtype=float)
    html_before, png_before = box.readout.value, bytes(box.live.image.value)
    motion_before, _ = box.state()

    box.sliders["m2"].value = 3.0
    motion, k = box.state()
    assert k == 10 and motion is not motion_before and motion.params["m2"] == 3.0
    assert np.allclose(drawing.panels[0].curves[3].get_ydata(), motion.tau[:, 0])
    assert not np.allclose(curve_before, drawing.panels[0].curves[3].get_ydata())
    assert drawing.masses[1].get_markersize() > drawing.masses[0].get_markersize()
    assert box.readout.value != html_before
    assert bytes(box.live.image.value) != png_before

    box.sliders["duration"].value = 3.0
    motion, _ = box.state()
    assert np.isclose(motion.duration, 3.0)
    assert np.allclose(drawing.panels[1].ax.get_xlim(), (0.0, 3.0))
    low, high = drawing.panels[0].ax.get_ylim()
    assert low <= motion.tau[:, 0].min() and motion.tau[:, 0].max() <= high


def test_blitted_live_figure_refreshes_only_what_moves():
    fig = Figure(figsize=(2, 2))
    ax = fig.add_subplot()
    ax.set_xlim(0, 1)
    (line,) = ax.plot([0.2], [0.5], "o")
    live = LiveFigure(fig, [line], dpi=30)
    first = bytes(live.image.value)
    line.set_data([0.8], [0.5])
    live.refresh()
    assert bytes(live.image.value) != first and bytes(live.image.value)[1:4] == b"PNG"


def test_drawing_takes_any_motion():
    fig = Figure(figsize=(6, 3))
    drawing = TorqueSplitDrawing(fig, cubic_motion(samples=5))
    drawing.show_frame(4)
    assert np.allclose(drawing.arm.tip, [0.5 * np.cos(np.pi / 4) + 0.5 * np.cos(7 * np.pi / 12),
                                         0.5 * np.sin(np.pi / 4) + 0.5 * np.sin(7 * np.pi / 12)])


def test_a_frozen_background_renders_the_same_frames(monkeypatch):
    def render(fig):
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=fig.dpi)
        from PIL import Image
        return np.asarray(Image.open(buffer).convert("RGB"), dtype=float)

    motion = cubic_motion(samples=9)
    plain, frozen = Figure(figsize=(6, 3), dpi=40), Figure(figsize=(6, 3), dpi=40)
    drawings = [TorqueSplitDrawing(plain, motion), TorqueSplitDrawing(frozen, motion)]
    freeze_background(frozen, drawings[1].moving)
    drawn, draw = [], Text.draw
    monkeypatch.setattr(Text, "draw", lambda text, renderer: drawn.append(text)
                        or draw(text, renderer))
    for k in (0, 5):
        for drawing in drawings:
            drawing.show_frame(k)
        expected = render(plain)
        drawn.clear()
        assert np.abs(expected - render(frozen)).mean() < 1.0
    static = [*frozen.axes[0].texts, frozen.axes[0].xaxis.label]     # "g", its arrow, a label
    assert static[0].get_visible() and not set(static) & set(drawn)  # kept in the picture,
    assert drawn and set(drawn) <= set(drawings[1].moving)            # not drawn per frame


def test_animation_is_a_compact_embedded_player():
    html = dynamics_2r_animation(n_frames=3, dpi=30, samples=9)
    assert html.count("data:image/png;base64") == 3
