"""Chapter 1, §1.3 figure helpers: the transmission angle and the dead point of the 2R arm."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from robocourse.models import planar_2r
from robocourse.statics import static_forces_by_propagation
from robocourse.widgets.dead_point import dead_point_figure, lever_arm, transmission_angle

ARM = planar_2r(l1=0.5, l2=0.3)
_angles = st.floats(-np.pi, np.pi, allow_nan=False)


@given(_angles, _angles, st.floats(-20.0, 20.0, allow_nan=False))
def test_tau1_is_the_push_times_l1_sin_mu(theta1, theta2, push):
    q = [theta1, theta2]
    mu = transmission_angle(ARM, q)
    assert mu == pytest.approx(np.pi - abs(theta2), abs=1e-9)       # the angle at the elbow
    assert lever_arm(ARM, q) == pytest.approx(0.5 * np.sin(mu), abs=1e-12)
    tau = static_forces_by_propagation(ARM, q, [push, 0, 0, 0, 0, 0], frame="tool").torques
    assert abs(tau[0]) == pytest.approx(abs(push) * lever_arm(ARM, q), abs=1e-9)
    assert tau[1] == pytest.approx(0.0, abs=1e-12)                  # link 2 is a strut


def test_dead_points_are_the_stretched_and_folded_arm():
    for theta2, mu in ((0.0, 180.0), (np.pi, 0.0), (np.pi / 2, 90.0)):
        assert np.degrees(transmission_angle(ARM, [0.4, theta2])) == pytest.approx(mu)
    assert lever_arm(ARM, [0.4, 0.0]) == pytest.approx(0.0, abs=1e-12)


def test_dead_point_figure_titles_give_the_torques():
    fig = dead_point_figure(planar_2r(l1=0.5, l2=0.5), 0.3, np.radians([90.0, 0.0]), force=10.0)
    titles = [ax.get_title() for ax in fig.axes]
    assert "μ = 90°" in titles[0] and "τ1 = 5.00 N·m" in titles[0]
    assert "μ = 180°" in titles[1] and "τ1 = 0.00 N·m" in titles[1]
