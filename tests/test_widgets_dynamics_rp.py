"""Chapter 4 widget: the R-P arm in motion with its energies (no browser needed)."""

import numpy as np
import pytest
import sympy as sp

from robocourse.kinematics import centres_of_mass_many
from robocourse.lagrange import kinetic_energy, potential_energy
from robocourse.models import rp_arm
from robocourse.robot import joint_symbols
from robocourse.widgets.dynamics_rp import (
    PARAMETERS,
    RPArmDrawing,
    controlled_move,
    free_swing,
    free_swing_animation,
    rp_dynamics_widget,
    rp_robot,
)


def test_free_swing_with_a_spring_conserves_energy_and_moves_the_slide():
    run = free_swing((np.radians(30.0), 0.6), k=60.0, duration=2.0)
    assert run.mode == "free" and len(run.motion.t) == 41
    assert np.allclose(run.motion.q[0], [np.radians(30.0), 0.6])
    assert run.drift < 1e-8
    assert np.ptp(run.total) < 1e-7 * np.max(run.kinetic)
    assert np.ptp(run.motion.q[:, 1]) > 0.3                     # the slide goes in and out
    spring = 0.5 * 60.0 * (run.motion.q[:, 1] - 0.6) ** 2
    assert np.allclose(run.potential - spring,
                       [potential_energy(rp_robot(), q) for q in run.motion.q])


def test_energies_are_the_closed_form_of_the_rp_arm():
    run = free_swing((np.radians(10.0), 0.8), k=60.0, duration=0.5)
    p = PARAMETERS
    theta, d2 = run.motion.q.T
    w, v = run.motion.qd.T
    K = 0.5 * (p["m1"] * p["l1"] ** 2 + p["Izz1"] + p["Izz2"] + p["m2"] * d2**2) * w**2 \
        + 0.5 * p["m2"] * v**2
    U = p["g"] * (p["m1"] * p["l1"] + p["m2"] * d2) * np.sin(theta)
    assert np.allclose(run.kinetic, K)
    assert np.allclose(run.potential, U + 0.5 * 60.0 * (d2 - 0.6) ** 2)


def test_without_a_spring_the_slide_falls_out_and_the_run_stops():
    run = free_swing((0.0, 0.6), k=0.0, duration=3.0)
    assert run.motion.t[-1] < 1.5
    assert np.allclose(run.motion.tau, 0.0)                      # truly τ = 0
    assert run.drift < 1e-8
    assert "leaves the arm" in run.note
    with pytest.raises(ValueError, match="k must be >= 0"):
        free_swing(k=-1.0)


def test_controlled_move_goes_out_and_back_and_the_motors_supply_the_energy_change():
    run = controlled_move((np.radians(30.0), 0.6), (np.radians(-30.0), 1.2), move_time=1.0,
                          pause=0.2)
    q = run.motion.q
    assert np.allclose(q[0], [np.radians(30.0), 0.6])
    middle = np.argmin(np.abs(run.motion.t - 1.1))
    assert np.allclose(q[middle], [np.radians(-30.0), 1.2], atol=1e-6)
    assert np.allclose(q[-1], q[0], atol=1e-6)
    assert abs(run.total[middle] - run.total[0]) > 1.0           # energy changed …
    assert run.drift < 1e-6                                       # … by the motors' work


def test_rp_robot_is_the_syllabus_arm_with_numbers():
    symbolic = rp_arm()
    q, qd, _ = joint_symbols(symbolic)
    K = kinetic_energy(symbolic, q, qd)
    numbers = {sp.Symbol(k): v for k, v in PARAMETERS.items()}
    state = [0.3, 0.7], [1.2, -0.4]
    values = dict(zip(q, state[0], strict=True)) | dict(zip(qd, state[1], strict=True)) | numbers
    assert np.isclose(float(K.subs(values)), kinetic_energy(rp_robot(), *state))


def test_drawing_follows_the_frames():
    from matplotlib.figure import Figure
    drawing = RPArmDrawing(Figure().add_subplot(), rp_robot(), [np.pi / 2, 0.9])
    assert np.allclose(drawing.slide_position(), [0.0, 0.9])
    x, y = drawing.com1.get_data()
    assert np.allclose([x[0], y[0]], [0.0, PARAMETERS["l1"]])
    drawing.update([0.0, 0.4])
    assert np.allclose(drawing.slide_position(), [0.4, 0.0])
    rod = np.array(drawing.rod.get_data())
    assert np.allclose(rod.mean(axis=1), [0.4, 0.0])


def test_widget_play_moves_the_arm_the_cursor_the_numbers_and_the_image():
    box = rp_dynamics_widget()
    figure, live = box.drawing, box.live
    slide_before = figure.drawing.slide_position()
    cursor_before = np.array(figure.energy.cursor.get_xdata(), dtype=float)
    numbers_before, png_before = box.readout.value, bytes(live.image.value)
    assert png_before[1:4] == b"PNG"
    assert box.play.max == len(figure.times) - 1

    box.play.value = 15
    assert box.frame.value == 15                                  # the slider follows Play
    run, k = box.state()
    assert k == 15
    assert not np.allclose(slide_before, figure.drawing.slide_position())
    t15 = run.motion.t[15]
    assert np.allclose(figure.energy.cursor.get_xdata(), [t15, t15])
    assert not np.allclose(cursor_before, figure.energy.cursor.get_xdata())
    assert np.allclose([dot.get_ydata()[0] for dot in figure.energy.dots],
                       [run.kinetic[15], run.potential[15], run.total[15]])
    assert box.readout.value != numbers_before and f"t = {t15:.2f} s" in box.readout.value
    assert bytes(live.image.value) != png_before

    box.frame.value = 3                                            # scrubbing works too
    assert box.play.value == 3
    assert np.allclose(figure.energy.cursor.get_xdata(), box.state()[0].motion.t[3])


def test_widget_settings_recompute_the_motion_once_and_keep_the_frame():
    box = rp_dynamics_widget()
    figure = box.drawing
    box.play.value = 10
    energy_before = np.array(figure.energy.curves[2].get_ydata(), dtype=float)
    png_before = bytes(box.live.image.value)

    box.sliders["theta0"].value = 60.0
    run, k = box.state()
    assert np.isclose(run.motion.q[0, 0], np.radians(60.0))
    assert k == 10 and box.play.value == 10 and box.frame.value == 10
    assert not np.allclose(energy_before, figure.energy.curves[2].get_ydata())
    assert np.allclose(figure.drawing.slide_position(), centres_of_mass_many(
        rp_robot(), run.motion.q[10:11])[0, 1, :2])
    assert bytes(box.live.image.value) != png_before
    box.frame.value = 0
    assert np.allclose(figure.drawing.slide_position(),
                       0.6 * np.array([np.cos(np.radians(60)), np.sin(np.radians(60))]))

    box.sliders["mode"].value = "controlled"
    run, _ = box.state()
    assert run.mode == "controlled"
    assert box.sliders["k"].disabled and not box.sliders["d_goal"].disabled
    assert np.allclose(figure.energy.curves[3].get_ydata(), run.reference)
    assert box.play.max == len(figure.times) - 1 == len(run.motion.t) - 1
    box.play.value = box.play.max // 2
    assert "E =" in box.readout.value

    box.play.value = box.play.max
    box.sliders["mode"].value = "free"
    box.sliders["k"].value = 0.0                      # a short run: the frame is clamped
    run, k = box.state()
    assert run.motion.t[-1] < 1.5 and box.play.max == len(figure.times) - 1 == k
    assert box.frame.value == k
    assert len(figure.energy.curves[3].get_xdata()) == 0


def test_animation_is_an_embedded_player_with_the_frames():
    html = free_swing_animation(duration=1.0, n_frames=4, dpi=30)
    assert html.count("data:image/png;base64") == 4
    html = free_swing_animation(duration=1.0, n_frames=3, dpi=30, frame_format="jpeg")
    assert html.count("data:image/jpeg;base64") == 3
