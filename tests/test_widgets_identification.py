"""Chapter 7 widget: the identification explorer reacts to its two controls (no browser)."""

import numpy as np
import pytest

from robocourse import identification as I
from robocourse.widgets.identification import (
    MAX_AMPLITUDE,
    TIMES,
    identification_animation,
    identification_state,
    identification_widget,
    readout_html,
)


def test_the_state_is_the_library_identification():
    state = identification_state(amplitude=0.5, noise=0.3)
    motion = I.exciting_trajectory(2, amplitude=0.5 * np.array(MAX_AMPLITUDE), seed=3)
    np.testing.assert_allclose(state.q, motion.at(TIMES)[0])
    assert np.all(np.abs(state.q) <= 0.5 * np.array(MAX_AMPLITUDE) + 1e-12)
    assert np.all(np.abs(state.ratios - 1) <= 3 * state.ratio_errors / 2 + 1e-12)
    assert state.condition == pytest.approx(state.estimate.condition)
    exact = identification_state(amplitude=0.5, noise=0.0)
    np.testing.assert_allclose(exact.ratios, 1.0, atol=1e-8)


def test_less_excitation_means_a_larger_condition_number_and_wider_bars():
    small, large = identification_state(0.1, 1.0), identification_state(1.0, 1.0)
    assert small.condition > 3 * large.condition
    inertial = [small.names.index(name) for name in ("ZZR1", "ZZ2", "FV1", "FV2")]
    assert np.all(small.ratio_errors[inertial] > 3 * large.ratio_errors[inertial])
    quiet = identification_state(1.0, 0.2)
    np.testing.assert_allclose(quiet.ratio_errors, large.ratio_errors / 5, rtol=1e-9)


def test_widget_sliders_redraw_the_bars_the_motion_and_the_table():
    box = identification_widget(dpi=30)
    drawing, png, table = box.drawing, bytes(box.live.image.value), box.readout.value
    assert png[1:4] == b"PNG" and "ZZR1" in table
    box.sliders["amplitude"].value = 0.2
    state = box.state()
    np.testing.assert_allclose(drawing.curves[0].get_ydata(), state.q[:, 0])
    assert f"{state.condition:.0f}" in drawing.title.get_text()
    assert box.readout.value == readout_html(state) != table
    assert bytes(box.live.image.value) != png
    box.sliders["noise"].value = 0.0
    np.testing.assert_allclose(drawing.points.get_ydata(), 1.0, atol=1e-8)


def test_bad_settings_are_named():
    with pytest.raises(ValueError, match=r"amplitude must be a fraction .* got 1.5"):
        identification_state(1.5, 0.1)
    with pytest.raises(ValueError, match=r"noise must be >= 0 \(N·m\); got -1"):
        identification_state(0.5, -1)


def test_animation_is_a_compact_embedded_player():
    html = identification_animation(n_frames=3, dpi=30)
    assert html.count("data:image/png;base64") == 3
