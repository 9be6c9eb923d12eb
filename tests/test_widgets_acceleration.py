"""Chapter 0, §0.8 figure helpers: joint accelerations for a constant tip velocity."""

import math

import numpy as np
import pytest

from robocourse.kinematics import inverse_kinematics_2r, jacobian_rows
from robocourse.models import planar_2r
from robocourse.widgets.acceleration import (
    acceleration_figure,
    along_line,
    constant_velocity,
    loglog_slope,
)

ARM = planar_2r(l1=0.5, l2=0.5)


def test_example_0_5_held_on_its_line():
    motion = constant_velocity(ARM, [np.radians([30.0, 60.0])], [1.0, 0.0])
    np.testing.assert_allclose(motion.rates[0], [0.0, -2.0], atol=1e-12)
    np.testing.assert_allclose(motion.accelerations[0], [8 / math.sqrt(3), -4 * math.sqrt(3)])


def test_along_line_follows_the_inverse_kinematics_twice_differentiated():
    xs, h = np.array([-0.4, 0.1, 0.5]), 1e-4
    motion = along_line(ARM, xs, 0.75, [1.0, 0.0])
    for x, rates, accelerations in zip(xs, motion.rates, motion.accelerations, strict=True):
        before, now, after = (inverse_kinematics_2r(ARM, x + k * h, 0.75) for k in (-1, 0, 1))
        np.testing.assert_allclose((after - before) / (2 * h), rates, atol=1e-6)
        np.testing.assert_allclose((before - 2 * now + after) / h**2, accelerations, rtol=1e-5)
        np.testing.assert_allclose(jacobian_rows(ARM, now, rows=(0, 1)) @ rates, [1.0, 0.0],
                                   atol=1e-12)


def test_accelerations_grow_like_the_inverse_cube_of_s2():
    theta2 = np.radians([0.05, 0.1, 0.5])
    motion = constant_velocity(ARM, [np.array([0.5, t]) for t in theta2], [1.0, 0.0])
    s2 = np.sin(theta2)
    slope_of = {name: loglog_slope(s2, np.linalg.norm(values, axis=1))
                for name, values in motion._asdict().items()}
    assert slope_of == {"rates": pytest.approx(-1, abs=0.01),
                        "accelerations": pytest.approx(-3, abs=0.01)}


def test_acceleration_figure_draws_both_panels():
    fig = acceleration_figure(ARM, np.linspace(-0.6, 0.6, 9), 0.75, [1.0, 0.0], 0.5,
                              np.radians([0.5, 5.0, 50.0]), example=(0.433, [4.6, -6.9]))
    line_ax, growth_ax = fig.axes
    assert len(line_ax.get_lines()) == 5                  # two curves, the example, two edges
    assert [line.get_label() for line in growth_ax.get_lines()][::2] == [
        r"$|\dot q|$ (rad/s)", r"$|\ddot q|$ (rad/s²)"]
