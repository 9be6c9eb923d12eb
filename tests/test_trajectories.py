"""Cubic trajectories, synchronised joints, and the straight line by inverse kinematics."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import given
from hypothesis import strategies as st
from scipy.interpolate import CubicSpline

from robocourse.kinematics import forward_kinematics
from robocourse.models import planar_2r
from robocourse.trajectories import (
    JointTrajectory,
    cubic,
    cubic_coefficients,
    cubic_duration,
    distance_from_line,
    joint_space_path,
    lspb,
    lspb_blend_time,
    quintic,
    quintic_coefficients,
    straight_line_2r,
    synchronised,
    unsynchronised,
    via_point_cubics,
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
    with pytest.raises(ValueError, match="points must be an integer from 2 to .*; got True"):
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


# --- via points, quintics, linear segments with parabolic blends --------------------------

v0, vf, a0, af = sp.symbols("v0 v_f a0 a_f")


def test_a_cubic_with_end_velocities_meets_its_four_conditions():
    c = cubic_coefficients(theta0, thetaf, tf, velocity0=v0, velocityf=vf)
    position = sum(ci * t**k for k, ci in enumerate(c))
    velocity = sp.diff(position, t)
    conditions = (position.subs(t, 0) - theta0, position.subs(t, tf) - thetaf,
                  velocity.subs(t, 0) - v0, velocity.subs(t, tf) - vf)
    assert [sp.simplify(e) for e in conditions] == [0] * 4


def test_the_quintic_meets_its_six_conditions_and_is_craigs():
    position, velocity, acceleration = quintic(theta0, thetaf, tf, t, velocity0=v0,
                                               velocityf=vf, acceleration0=a0, accelerationf=af)
    conditions = [position.subs(t, 0) - theta0, position.subs(t, tf) - thetaf,
                  velocity.subs(t, 0) - v0, velocity.subs(t, tf) - vf,
                  acceleration.subs(t, 0) - a0, acceleration.subs(t, tf) - af,
                  sp.diff(position, t) - velocity, sp.diff(velocity, t) - acceleration]
    assert [sp.simplify(e) for e in conditions] == [0] * 8
    # the rest-to-rest quintic: 10, -15, 6
    change = thetaf - theta0
    rest = quintic_coefficients(theta0, thetaf, tf)
    assert [sp.simplify(a - b) for a, b in zip(rest, (theta0, 0, 0, 10 * change / tf**3,
                                                      -15 * change / tf**4, 6 * change / tf**5),
                                               strict=True)] == [0] * 6


def test_the_numeric_quintic_is_the_symbolic_one():
    times = np.linspace(0, 2, 9)
    numeric = quintic(0.3, -0.8, 2.0, times, velocity0=0.5, accelerationf=-1.0)
    symbolic = quintic(theta0, thetaf, tf, t, velocity0=0.5, accelerationf=-1.0)
    for got, expression in zip(numeric, symbolic, strict=True):
        f = sp.lambdify(t, expression.subs({theta0: 0.3, thetaf: -0.8, tf: 2.0}))
        np.testing.assert_allclose(got, f(times) + 0 * times, atol=1e-12)


_angles = st.floats(-3.0, 3.0)
_durations = st.floats(0.5, 5.0)


@given(_angles, _angles, _durations, st.floats(1.0, 4.0))
def test_lspb_is_continuous_and_reaches_its_goal(start, goal, duration, factor):
    least = 4 * abs(goal - start) / duration**2
    acceleration = max(least * factor, 1e-3)
    blend = lspb_blend_time(start, goal, duration, acceleration)
    assert 0 <= blend <= duration / 2 + 1e-12
    eps = 1e-7 * duration
    knots = np.array([blend, duration - blend])
    before = lspb(start, goal, duration, acceleration, np.clip(knots - eps, 0, duration))
    after = lspb(start, goal, duration, acceleration, np.clip(knots + eps, 0, duration))
    np.testing.assert_allclose(before[0], after[0], atol=1e-5)            # position
    np.testing.assert_allclose(before[1], after[1], atol=1e-5 * (1 + acceleration))  # velocity
    ends = lspb(start, goal, duration, acceleration, np.array([0.0, duration / 2, duration]))
    np.testing.assert_allclose(ends[0], [start, (start + goal) / 2, goal], atol=1e-9)
    np.testing.assert_allclose(ends[1][[0, 2]], 0.0, atol=1e-9)
    # the cruise speed is a t_b, the blends' acceleration ±a
    middle = lspb(start, goal, duration, acceleration, duration / 2)
    if duration / 2 > blend + 1e-9:
        assert middle[2] == 0 and abs(middle[1]) == pytest.approx(acceleration * blend)


def test_lspb_velocity_and_acceleration_are_the_derivatives():
    times = np.linspace(0, 5.5, 2201)
    position, velocity, acceleration = lspb(30.0, 80.0, 5.5, 20.0, times)
    np.testing.assert_allclose(np.gradient(position, times)[1:-1], velocity[1:-1], atol=0.02)
    assert set(np.unique(acceleration)) == {-20.0, 0.0, 20.0}


def test_the_blend_time_solves_its_quadratic_and_has_its_limits():
    a = sp.Symbol("a", positive=True)
    blend = lspb_blend_time(theta0, thetaf, tf, a)
    change = sp.Abs(thetaf - theta0)
    assert sp.simplify(a * blend**2 - a * tf * blend + change) == 0
    assert lspb_blend_time(0.0, 1.0, 2.0, 1.0) == pytest.approx(1.0)      # least a: no line
    assert lspb_blend_time(0.0, 1.0, 2.0, 1e6) == pytest.approx(0.5e-6, rel=1e-3)  # → 0


def test_too_small_a_blend_acceleration_is_refused():
    with pytest.raises(ValueError, match=r"^acceleration must be >= 4\|thetaf - theta0\|"
                                         r"/duration² = 1.0 \(rad/s²\) .*; got 0.5$"):
        lspb(0.0, 1.0, 2.0, 0.5, 1.0)


_knots = st.lists(st.floats(0.1, 2.0), min_size=1, max_size=6)


@given(_knots, st.data())
def test_via_point_cubics_pass_every_point_with_continuous_velocity(steps, data):
    times = np.concatenate([[0.0], np.cumsum(steps)])
    positions = np.array(data.draw(st.lists(st.floats(-3, 3), min_size=len(times),
                                            max_size=len(times))))
    for rule in ("heuristic", "continuous acceleration"):
        path = via_point_cubics(times, positions, rule)
        q, qd, _ = path.at(times)
        np.testing.assert_allclose(q, positions, atol=1e-9)
        np.testing.assert_allclose(qd[[0, -1]], 0.0, atol=1e-12)
        c = path.coefficients                                   # segment by segment
        h = np.diff(times)
        arriving_position = c[:, 0] + c[:, 1] * h + c[:, 2] * h**2 + c[:, 3] * h**3
        arriving_velocity = c[:, 1] + 2 * c[:, 2] * h + 3 * c[:, 3] * h**2
        np.testing.assert_allclose(arriving_position, positions[1:], atol=1e-9)
        np.testing.assert_allclose(arriving_velocity, path.velocities[1:], atol=1e-9)
        np.testing.assert_allclose(c[:, 1], path.velocities[:-1], atol=1e-12)


@given(_knots, st.data())
def test_continuous_acceleration_is_the_clamped_spline(steps, data):
    times = np.concatenate([[0.0], np.cumsum(steps)])
    positions = np.array(data.draw(st.lists(st.floats(-3, 3), min_size=len(times),
                                            max_size=len(times))))
    path = via_point_cubics(times, positions, "continuous acceleration")
    spline = CubicSpline(times, positions, bc_type="clamped")     # a second method
    np.testing.assert_allclose(path.velocities, spline(times, 1), atol=1e-8)
    np.testing.assert_allclose(path.acceleration_jumps(), 0.0, atol=1e-8)
    between = np.linspace(0, times[-1], 37)
    for order, got in enumerate(path.at(between)):
        np.testing.assert_allclose(got, spline(between, order), atol=1e-8)


def test_the_heuristic_averages_slopes_or_stops_where_they_change_sign():
    path = via_point_cubics([0.0, 1.0, 3.0, 4.0, 5.0], [0.0, 2.0, 6.0, 1.0, 1.0])
    # slopes 2, 2, −5, 0: average, sign change, a flat segment
    np.testing.assert_allclose(path.velocities, [0.0, 2.0, 0.0, 0.0, 0.0])
    jumps = path.acceleration_jumps()
    eps = 1e-9
    left = path.at(np.array([1.0, 3.0, 4.0]) - eps)[2]
    right = path.at(np.array([1.0, 3.0, 4.0]) + eps)[2]
    np.testing.assert_allclose(jumps, right - left, atol=1e-6)
    assert np.abs(jumps).max() > 1.0


def test_several_joints_at_once_are_each_joint_alone():
    times = [0.0, 0.8, 2.0]
    positions = np.array([[0.0, 1.0], [0.5, -1.0], [2.0, 0.0]])
    both = via_point_cubics(times, positions, "continuous acceleration")
    samples = np.linspace(0, 2, 11)
    q, qd, qdd = both.at(samples)
    assert q.shape == (11, 2) and both.at(1.0)[0].shape == (2,)
    for j in range(2):
        alone = via_point_cubics(times, positions[:, j], "continuous acceleration")
        for got, expected in zip((q, qd, qdd), alone.at(samples), strict=True):
            np.testing.assert_allclose(got[:, j], expected)


def test_given_velocities_are_kept_and_the_path_rests_outside_only_when_at_rest():
    path = via_point_cubics([0.0, 1.0, 2.0], [0.0, 1.0, 0.0], [0.0, 0.3, 0.0])
    np.testing.assert_allclose(path.at(1.0)[1], 0.3)
    np.testing.assert_allclose([part for part in path.at(3.0)], [0.0, 0.0, 0.0])
    moving = via_point_cubics([0.0, 1.0], [0.0, 1.0], [0.0, 1.0])
    with pytest.raises(ValueError, match=r"^t must lie in \[0.0, 1.0\] \(s\): the path is "
                                         r"not at rest at its last point"):
        moving.at(1.5)


# --- the worked answers of chapter 5, §5.2 and §5.6–5.7, against their closed forms ---------

def test_chapter_5_via_point_example():
    times, angles = [0.0, 1.0, 2.0, 3.2], [0.0, 30.0, 70.0, 40.0]
    rough = via_point_cubics(times, angles, "heuristic")
    np.testing.assert_allclose(rough.velocities, [0.0, 35.0, 0.0, 0.0])
    # arriving −6Δ/h² + (2 v_k-1 + 4 v_k)/h, leaving 6Δ/h² − (4 v_k + 2 v_k+1)/h
    np.testing.assert_allclose(rough.acceleration_jumps(), [100 - (-40), -125 - (-170)])
    smooth = via_point_cubics(times, angles, "continuous acceleration")
    np.testing.assert_allclose(smooth.velocities, [0.0, 2137.5 / 41, 60 / 41, 0.0])


def test_the_torque_jump_at_a_via_point_is_the_mass_matrix_times_the_acceleration_jump():
    from robocourse.newton_euler import inverse_dynamics, mass_matrix

    arm = planar_2r(l1=0.5, l2=0.5, m1=2.0, m2=1.0, g=9.81)
    plan = via_point_cubics([0.0, 0.4, 1.0], [[-1.0, 1.4], [-0.6, 2.0], [0.5, 1.5]])
    eps = 1e-9
    before, after = (inverse_dynamics(arm, *plan.at(0.4 + s)) for s in (-eps, eps))
    jump = plan.acceleration_jumps()[0]
    assert np.abs(jump).max() > 1.0
    np.testing.assert_allclose(after - before, mass_matrix(arm, plan.at(0.4)[0]) @ jump,
                               atol=1e-6)


def test_chapter_5_lspb_makes_the_lectures_normalised_rates():
    for (start, goal), rate in (((20.0, 40.0), 4.0), ((30.0, 80.0), 10.0)):
        acceleration = (goal - start) / (0.5 * 5.0)          # Δ / (t_b (t_f − t_b))
        assert lspb_blend_time(start, goal, 5.5, acceleration) == pytest.approx(0.5)
        assert lspb(start, goal, 5.5, acceleration, 2.75)[1] == pytest.approx(rate)


def test_chapter_5_quintic_peaks():
    grid = np.linspace(0.0, 5.0, 20001)
    _, velocity, acceleration = quintic(30.0, 75.0, 5.0, grid)
    assert np.abs(velocity).max() == pytest.approx(15 * 45 / (8 * 5))
    assert np.abs(acceleration).max() == pytest.approx(10 * 45 / (np.sqrt(3) * 25), rel=1e-7)


def test_chapter_5_lecture_example_with_cubics():
    start, goal, limit = np.radians([20.0, 30.0]), np.radians([40.0, 80.0]), np.radians(10.0)
    np.testing.assert_allclose(unsynchronised(start, goal, limit).durations, [3.0, 7.5])
    path = synchronised(start, goal, 7.5)
    np.testing.assert_allclose(np.degrees(path.at(3.75)[1]), [4.0, 10.0])


def test_blend_times_of_joints_given_by_symbols_are_one_expression_per_joint():
    a, b = sp.symbols("a b", positive=True)
    blends = lspb_blend_time([a, b], [a + 1, b + 2], 2, 8)
    assert blends.shape == (2,)
    for blend, change in zip(blends, (1, 2), strict=True):
        assert float(blend) == pytest.approx(lspb_blend_time(0, change, 2, 8), abs=1e-15)


def test_the_end_instants_belong_to_the_motion_and_the_moments_after_to_rest():
    """At t = 0 and t = tf the arm is still moving: the cubic's acceleration there is
    ±6Δθ/tf², not the zero of rest (issue 41: "the end instant counted as at rest"); a
    moment later (and before t = 0) it is at rest. The same for a path through via points."""
    path = synchronised([0.0, 0.0], [1.0, -2.0], 2.0)
    tiny = 1e-12
    (_, qd_0, qdd_0), (_, qd_f, qdd_f) = path.at(0.0), path.at(2.0)
    np.testing.assert_allclose(qdd_0, [1.5, -3.0])
    np.testing.assert_allclose(qdd_f, [-1.5, 3.0])
    assert not qd_0.any() and not qd_f.any()
    for t in (-tiny, 2.0 + tiny):
        q, qd, qdd = path.at(t)
        assert not qd.any() and not qdd.any()
    via = via_point_cubics([0.0, 1.0, 2.0], [0.0, 1.0, 3.0])
    assert float(via.at(0.0)[2]) == 3.0 and float(via.at(2.0)[2]) == -9.0
    assert float(via.at(2.0 + tiny)[2]) == 0.0 and float(via.at(-tiny)[2]) == 0.0
