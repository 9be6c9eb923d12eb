"""Chapter 1 widget: the 2R statics explorer reacts to its sliders (no browser needed)."""

import io

import numpy as np
import PIL.Image
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from matplotlib.figure import Figure

from robocourse.frames import rotation
from robocourse.kinematics import forward_kinematics, jacobian_rows
from robocourse.models import planar_2r
from robocourse.widgets.live import LiveFigure, png_bytes
from robocourse.widgets.statics import (
    FORCE_SCALE,
    readout_html,
    statics_animation,
    statics_widget,
    tip_load,
    torque_text,
    warning_text,
)

ARM = planar_2r(l1=0.5, l2=0.5)


def closed_form(l1, l2, theta2, fx, fy):
    """SYLLABUS 1.1: τ1 = l1 s2 fx + (l2 + l1 c2) fy, τ2 = l2 fy."""
    s2, c2 = np.sin(theta2), np.cos(theta2)
    return np.array([l1 * s2 * fx + (l2 + l1 * c2) * fy, l2 * fy])


def test_tip_load_is_the_closed_form_and_the_jacobian_transpose():
    rng = np.random.default_rng(0)
    for _ in range(20):
        t1, t2 = rng.uniform(-np.pi, np.pi, 2)
        fx, fy = rng.normal(0.0, 5.0, 2)
        load = tip_load(ARM, t1, t2, fx, fy)
        assert np.allclose(load.tau, closed_form(0.5, 0.5, t2, fx, fy))
        J3 = jacobian_rows(ARM, [t1, t2], rows=(0, 1), frame="tool")
        assert np.allclose(load.tau, J3.T @ [fx, fy])
        R = rotation(forward_kinematics(ARM, [t1, t2]))
        assert np.allclose(load.force_base, R @ [fx, fy, 0.0])
        assert np.allclose(load.tip, forward_kinematics(ARM, [t1, t2])[:2, 3])
        assert np.isclose(load.s2, np.sin(t2))


@pytest.mark.parametrize("theta2", [0.0, np.pi, -np.pi, 0.05])
def test_singular_warning_near_stretched_and_folded(theta2):
    load = tip_load(ARM, 0.4, theta2, 7.0, 0.0)
    assert load.near_singular
    assert "no joint torque" in warning_text(load)
    assert ("stretched" in warning_text(load)) == (np.cos(theta2) > 0)
    if np.sin(theta2) == 0.0 or abs(np.sin(theta2)) < 1e-12:
        assert np.allclose(load.tau, 0.0)                 # SYLLABUS 1.3: τ = 0 for any fx
    assert warning_text(tip_load(ARM, 0.4, 1.0, 7.0, 0.0)) == ""


def test_torque_text_never_shows_minus_zero():
    assert torque_text(-1e-9) == "0.00 N·m"
    assert torque_text(-1.234) == "-1.23 N·m"


def test_widget_sliders_change_the_drawing_the_numbers_and_the_image():
    box = statics_widget()
    drawing, live = box.drawing, box.live
    assert isinstance(live, LiveFigure)
    png_before = bytes(live.image.value)
    assert png_before[1:4] == b"PNG"
    arm_before = drawing.arm.frame_positions()
    arrow_before = drawing.arrow_ends()
    heights_before = drawing.bar_heights()
    texts_before = [t.get_text() for t in drawing.values]
    readout_before = box.readout.value
    assert np.allclose(heights_before, closed_form(0.5, 0.5, np.radians(60), 2.0, 4.0))
    assert not drawing.warning.get_visible()

    box.sliders["theta2"].value = 100.0
    box.sliders["fx"].value = -3.0
    load = box.state()
    assert not np.allclose(arm_before, drawing.arm.frame_positions())
    assert np.allclose(drawing.arm.frame_positions()[-1], load.tip)
    ends = drawing.arrow_ends()
    assert not np.allclose(arrow_before, ends)
    assert np.allclose(ends[0], load.tip)                                    # arrow at the tip,
    assert np.allclose(ends[1] - ends[0], FORCE_SCALE * load.force_base[:2])  # drawn in {0}
    assert np.allclose(drawing.bar_heights(), load.tau)
    assert np.allclose(load.tau, closed_form(0.5, 0.5, np.radians(100), -3.0, 4.0))
    assert [t.get_text() for t in drawing.values] != texts_before
    assert drawing.values[0].get_text() == torque_text(load.tau[0])
    assert box.readout.value != readout_before
    assert box.readout.value == readout_html(load)
    assert bytes(live.image.value) != png_before

    png_before = bytes(live.image.value)
    box.sliders["fy"].value = 0.0
    box.sliders["theta2"].value = 0.0                                      # stretched out
    assert drawing.warning.get_visible() and "stretched" in drawing.warning.get_text()
    assert np.allclose(drawing.bar_heights(), 0.0)
    assert "no joint torque" in box.readout.value
    assert bytes(live.image.value) != png_before


def test_blitted_refresh_matches_a_full_render_of_the_moving_artists():
    fig = Figure(figsize=(2, 2))
    ax = fig.add_subplot()
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    (line,) = ax.plot([0, 1], [0, 1], lw=3)
    live = LiveFigure(fig, [line], dpi=40)
    first = bytes(live.image.value)
    line.set_data([0, 1], [1, 0])
    live.refresh()
    line.set_data([0, 1], [0, 1])
    live.refresh()
    assert bytes(live.image.value) == first                  # the background is restored


@settings(max_examples=60, deadline=None)
@given(arrays(np.uint8, st.tuples(st.integers(1, 9), st.integers(1, 9), st.just(4))))
def test_png_bytes_decode_to_the_rgb_pixels(pixels):
    decoded = PIL.Image.open(io.BytesIO(png_bytes(pixels)))
    assert decoded.mode == "RGB" and decoded.size == pixels.shape[1::-1]
    assert np.array_equal(np.asarray(decoded), pixels[..., :3])


def test_png_bytes_of_a_live_figure_buffer_decode_to_its_pixels():
    live = statics_widget().live              # the RGBA buffer a redraw encodes, as it is
    rgba = np.asarray(live.canvas.buffer_rgba())
    decoded = np.asarray(PIL.Image.open(io.BytesIO(bytes(live.image.value))))
    assert np.array_equal(decoded, rgba[..., :3])


def test_animation_is_an_embedded_player_with_the_frames():
    html = statics_animation(n_frames=3, dpi=30)
    assert html.count("data:image/png;base64") == 3
