"""Cubic trajectories, synchronised joints, and the straight line by inverse kinematics."""

import numpy as np
import pytest
import sympy as sp

from robocourse.kinematics import forward_kinematics
from robocourse.models import planar_2r
from robocourse.trajectories import (
    JointTrajectory,
    cubic,
    cubic_coefficients,
    cubic_duration,
    distance_from_line,
    joint_space_path,
    straight_line_2r,
    synchronised,
    unsynchronised,
)

theta0, thetaf, tf, t = sp.symbols("theta0 theta_f t_f t")


def test_cubic_coefficients_are_the_closed_form():
    c0, c1, c2, c3 = cubic_coefficients(theta0, thetaf, tf)
    assert (c0, c1) == (theta0, 0)
    assert sp.simplify(c2 - 3 * (thetaf - theta0) / tf**2) == 0
    assert sp.simplify(c3 + 2 * (thetaf - theta0) / tf**3) == 0


def test_cubic_meets_its_four_boundary_conditions_symbolically():
    position, velocity, acceleration = cubic(theta0, thetaf, tf, t)
    assert sp.simplify(position.subs(t, 0) - theta0) == 0
    assert sp.simplify(position.subs(t, tf) - thetaf) == 0
    assert sp.simplify(velocity.subs(t, 0)) == 0
    assert sp.simplify(velocity.subs(t, tf)) == 0
    assert sp.simplify(sp.diff(position, t) - velocity) == 0
    assert sp.simplify(sp.diff(velocity, t) - acceleration) == 0
    # peak speed halfway, 3 (θf − θ0) / (2 tf)
    assert sp.simplify(velocity.subs(t, tf / 2) - 3 * (thetaf - theta0) / (2 * tf)) == 0


def test_numeric_cubic_is_the_symbolic_one_at_many_times():
    times = np.linspace(0, 3, 13)
    numeric = cubic(0.2, -1.1, 3.0, times)
    for got, expression in zip(numeric, cubic(theta0, thetaf, tf, t), strict=True):
        expected = sp.lambdify(t, expression.subs({theta0: 0.2, thetaf: -1.1, tf: 3.0}))
        np.testing.assert_allclose(got, expected(times) + 0 * times, atol=1e-12)


def test_cubic_duration_gives_the_speed_limit_as_peak_speed():
    duration = cubic_duration(0.5, 2.0, max_velocity=0.9)
    peak = cubic(0.5, 2.0, duration, duration / 2)[1]
    assert peak == pytest.approx(0.9)


def test_synchronised_joints_start_and_stop_together():
    path = synchronised([0.0, 1.0, -0.5], [1.0, -2.0, 0.5], 2.5)
    times = np.linspace(-0.5, 3.5, 81)
    q, qd, qdd = path.at(times)
    assert q.shape == qd.shape == qdd.shape == (81, 3)
    moving = np.abs(qd) > 1e-12
    assert (moving.all(axis=1) == ((times > 0) & (times < 2.5))).all()   # all or none move
    np.testing.assert_allclose(q[0], [0.0, 1.0, -0.5])
    np.testing.assert_allclose(q[-1], [1.0, -2.0, 0.5])
    assert path.duration == 2.5


def test_unsynchronised_joints_arrive_one_after_another_at_the_speed_limit():
    path = unsynchronised([0.0, 0.0, 0.3], [1.0, -3.0, 0.3], max_velocity=1.5)
    np.testing.assert_allclose(path.durations, [1.0, 3.0, 3.0])   # the still joint: longest
    times = np.linspace(0, 3, 301)
    q, qd, _ = path.at(times)
    np.testing.assert_allclose(np.abs(qd[:, :2]).max(axis=0), [1.5, 1.5], rtol=1e-3)
    assert np.all(qd[times > 1.0, 0] == 0) and np.all(qd[(times > 0) & (times < 3), 1] != 0)
    np.testing.assert_allclose(q[:, 2], 0.3)
    # synchronised under the same limit: every joint takes the slowest joint's time
    slowest = max(cubic_duration(a, b, 1.5) for a, b in ((0.0, 1.0), (0.0, -3.0)))
    assert synchronised([0.0, 0.0], [1.0, -3.0], slowest).durations.tolist() == [3.0, 3.0]


def test_straight_line_points_are_on_the_line_and_the_tip_leaves_it_between_them():
    l1, l2 = 1.0, 0.8
    arm = planar_2r(l1=l1, l2=l2)
    start, end = [1.5, -0.6], [0.3, 1.2]

    def worst_deviation(points):
        via = straight_line_2r(arm, start, end, points, elbow="up")
        on_line = [forward_kinematics(arm, q)[:2, 3] for q in via]
        assert np.abs(distance_from_line(on_line, start, end)).max() < 1e-12
        np.testing.assert_allclose(on_line[0], start, atol=1e-12)
        np.testing.assert_allclose(on_line[-1], end, atol=1e-12)
        path = joint_space_path(via, steps=20)
        tips = [forward_kinematics(arm, q)[:2, 3] for q in path]
        return np.abs(distance_from_line(tips, start, end)).max()

    few, many = worst_deviation(3), worst_deviation(30)
    assert few > 0.01          # a visible departure between two points
    assert many < few / 50     # deviation ~ (spacing)²: more points, a straighter tip path


def test_straight_line_keeps_one_elbow_branch():
    arm = planar_2r(l1=1.0, l2=0.8)
    via = straight_line_2r(arm, [1.5, -0.6], [0.3, 1.2], 10, elbow="down")
    assert np.all(via[:, 1] > 0)
    via = straight_line_2r(arm, [1.5, -0.6], [0.3, 1.2], 10, elbow="up")
    assert np.all(via[:, 1] < 0)


def test_straight_line_and_distance_work_on_symbols():
    x0, x1, y, l = sp.symbols("x0 x1 y l", positive=True)
    via = straight_line_2r(planar_2r(l1=l, l2=l), [x0, y], [x1, y], 2)
    assert via.shape == (2, 2) and via[0, 0].has(x0)
    d = distance_from_line(sp.Matrix([[x0, y + 1]]), [x0, y], [x1, y])
    assert sp.simplify(d[0] - (x1 - x0) / sp.Abs(x1 - x0)) == 0


def test_joint_space_path_passes_through_every_via_point():
    via = np.array([[0.0, 0.0], [1.0, 2.0], [3.0, 2.0]])
    path = joint_space_path(via, steps=4)
    assert path.shape == (9, 2)
    np.testing.assert_allclose(path[::4], via)


@pytest.mark.parametrize("duration", [0.0, -1.0])
def test_non_positive_duration_is_refused(duration):
    with pytest.raises(ValueError, match="duration"):
        cubic_coefficients(0.0, 1.0, duration)
    with pytest.raises(ValueError, match="duration"):
        synchronised([0.0], [1.0], duration)
    with pytest.raises(ValueError, match="durations"):
        JointTrajectory([0.0, 0.0], [1.0, 1.0], [1.0, duration])


def test_bad_trajectory_inputs_name_the_argument():
    with pytest.raises(ValueError, match="max_velocity"):
        cubic_duration(0.0, 1.0, 0.0)
    with pytest.raises(ValueError, match="qf"):
        unsynchronised([0.0, 0.0], [0.0, 0.0], 1.0)
    with pytest.raises(ValueError, match="qf"):
        JointTrajectory([0.0, 0.0], [1.0], [1.0, 1.0])
    with pytest.raises(ValueError, match="points"):
        straight_line_2r(planar_2r(l1=1.0, l2=1.0), [1.0, 0.0], [0.0, 1.0], 1)
    with pytest.raises(ValueError, match="out of reach"):
        straight_line_2r(planar_2r(l1=1.0, l2=1.0), [1.0, 0.0], [3.0, 0.0], 5)
    with pytest.raises(ValueError, match="points must be an integer >= 2; got True"):
        straight_line_2r(planar_2r(l1=1.0, l2=1.0), [1.0, 0.0], [0.0, 1.0], True)
    with pytest.raises(TypeError, match=r"robot must be a SerialChain.*did you mean planar_2r\(\)"):
        straight_line_2r(planar_2r, [1.0, 0.0], [0.0, 1.0], 3)
    with pytest.raises(ValueError, match=r"max_velocity must be > 0 \(rad/s\)"):
        cubic_duration(0.0, 1.0, -1.0)
    with pytest.raises(ValueError, match=r"durations\[1\] must be > 0 \(s\)"):
        JointTrajectory([0.0, 0.0], [1.0, 1.0], [1.0, 0.0])
    with pytest.raises(ValueError, match="steps"):
        joint_space_path([[0.0], [1.0]], 0)
    with pytest.raises(ValueError, match="via"):
        joint_space_path([[0.0]], 3)
    with pytest.raises(ValueError, match="start"):
        distance_from_line([[0.0, 0.0]], [0.0], [1.0, 0.0])


def test_straight_line_across_the_negative_x_axis_moves_the_short_way():
    q = straight_line_2r(planar_2r(l1=1.0, l2=1.0), [-1.2, 0.5], [-1.2, -0.5], points=11)
    assert np.abs(np.diff(q, axis=0)).max() < 0.5          # no 2π jump between points
    tip = np.array([forward_kinematics(planar_2r(l1=1.0, l2=1.0), row)[:2, 3] for row in q])
    assert np.allclose(tip[:, 0], -1.2)
