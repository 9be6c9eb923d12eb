"""What a student reads when robocourse.trajectories refuses a motion: every error, word for
word with the values it shows; exact coefficients when a single argument is a symbol; the
durations at floating point's limits, without a warning leaking; the tolerance of the blends."""

import warnings

import numpy as np
import pytest
import sympy as sp

from robocourse.trajectories import (
    JointTrajectory,
    cubic,
    cubic_coefficients,
    distance_from_line,
    joint_space_path,
    lspb,
    lspb_blend_time,
    quintic,
    quintic_coefficients,
    synchronised,
    unsynchronised,
    via_point_cubics,
)
from tests.bad_input import raised

t = sp.Symbol("t")
SHORT = ("{name} = {shortest} s is too short for floating point: the {kind} coefficients divide "
         "the change of position (up to {change}) by its {power}, which would overflow (or the "
         "power underflow to 0); give a longer {name}, or other units")


def _short(name, shortest, kind, change, power):
    return SHORT.format(name=name, shortest=shortest, kind=kind, change=change, power=power)


#: (label, call, exception, the whole message).
MESSAGES = [
    ("a cubic too short", lambda: cubic_coefficients(0.0, 1.0, 1e-110), ValueError,
     _short("duration", "1e-110", "cubic's", "1", "cube")),
    ("a quintic too short", lambda: quintic_coefficients(0.0, 1.0, 1e-70), ValueError,
     _short("duration", "1e-70", "quintic's", "1", "fifth power")),
    ("blends too short", lambda: lspb_blend_time(0.0, 1.0, 1e-160, 1.0), ValueError,
     _short("duration", "1e-160", "blends'", "1", "square")),
    ("the shortest of two durations too short, the largest change shown",
     lambda: cubic_coefficients([0.0, 0.0, 0.0], [1.0, -3.0, 2.0], [1e-110, 1e-120, 1.0]),
     ValueError, _short("duration", "1e-120", "cubic's", "3", "cube")),
    ("a large change, in three digits", lambda: cubic_coefficients(0.0, 123456.0, 1e-102),
     ValueError, _short("duration", "1e-102", "cubic's", "1.23e+05", "cube")),
    ("a cubic of no change too short", lambda: cubic_coefficients(1.0, 1.0, 1e-110), ValueError,
     _short("duration", "1e-110", "cubic's", "0", "cube")),
    ("a via segment too short",
     lambda: via_point_cubics([0.0, 1e-110, 1.0], [0.0, 1.0, 2.0]), ValueError,
     _short("times[k+1] - times[k]", "1e-110", "cubic's", "1", "cube")),
    ("joints' durations too short",
     lambda: JointTrajectory([0.0, 0.0], [1.0, 2.5], [1.0, 1e-110]), ValueError,
     _short("durations", "1e-110", "cubic's", "2.5", "cube")),
    ("a synchronised motion too short",
     lambda: synchronised([0.0, 0.0], [1.0, 2.0], 1e-110), ValueError,
     _short("duration", "1e-110", "cubic's", "2", "cube")),
    ("symbols for the times of a joint trajectory",
     lambda: synchronised([0.0], [1.0], 1.0).at(t), TypeError,
     "t must be a time or an array of times in seconds (numbers; cubic(...) takes symbols); "
     "got t"),
    ("nothing moves", lambda: unsynchronised([1.0, 2.0], [1.0, 2.0], 1.0), ValueError,
     "qf must differ from q0 in at least one joint: nothing moves"),
    ("a speed limit too large", lambda: unsynchronised([0.0, 0.0], [1.0, 2.0], 1e300),
     ValueError, "max_velocity = 1e+300 rad/s is too large: "
     + _short("duration", "1.4999999999999998e-300", "cubic's", "2", "cube")),
    ("one via point", lambda: joint_space_path([[0.0, 1.0]], 2), ValueError,
     "via must be a (points x joints) array with at least 2 points; got shape (1, 2)"),
    ("a line of one point", lambda: distance_from_line([[1.0, 1.0]], [1.0, 2.0], [1.0, 2.0]),
     ValueError, "end must differ from start: the line runs through both; got start = end = "
     "[1.0, 2.0]"),
    ("blends too gentle", lambda: lspb_blend_time(0.0, 1.0, 3.0, 0.4), ValueError,
     "acceleration must be >= 4|thetaf - theta0|/duration² = 0.444444 (rad/s²) for the two "
     "blends to meet the straight segment; got 0.4"),
    ("blends too gentle for one joint",
     lambda: lspb_blend_time([0.0, 0.0], [1.0, -2.0], 3.0, [0.5, 0.8]), ValueError,
     "acceleration must be >= 4|thetaf - theta0|/duration² = [0.444444, 0.888889] (rad/s²) "
     "for the two blends to meet the straight segment; got [0.5, 0.8]"),
    ("lspb of a symbol", lambda: lspb(sp.Symbol("a"), 1.0, 1.0, 5.0, 0.5), TypeError,
     "lspb evaluates numbers (a piecewise motion): give theta0, thetaf, duration, acceleration "
     "and t as numbers; lspb_blend_time takes symbols"),
    ("lspb at a symbolic time", lambda: lspb(0.0, 1.0, 1.0, 5.0, t), TypeError,
     "lspb evaluates numbers (a piecewise motion): give theta0, thetaf, duration, acceleration "
     "and t as numbers; lspb_blend_time takes symbols"),
    ("before a path that is not at rest",
     lambda: via_point_cubics([0.0, 1.0, 2.0], [0.0, 1.0, 2.0], [1.0, 0.0, 0.0]).at(-0.5),
     ValueError,
     "t must lie in [0.0, 2.0] (s): the path is not at rest at its first point, so there is no "
     "motion before the first point; got -0.5"),
    ("after a path that is not at rest",
     lambda: via_point_cubics([0.0, 1.0, 2.0], [0.0, 1.0, 2.0], [0.0, 0.0, 1.0]).at(
         [1.5, 2.5, 3.0]), ValueError,
     "t must lie in [0.0, 2.0] (s): the path is not at rest at its last point, so there is no "
     "motion after the last point; got 2.5"),
    ("symbols for the times of a via path",
     lambda: via_point_cubics([0.0, 1.0], [0.0, 1.0]).at(t), TypeError,
     "t must be a time or an array of times in seconds (numbers); got t"),
    ("via positions in symbols",
     lambda: via_point_cubics([0.0, 1.0], [sp.Symbol("q"), 1.0]), TypeError,
     "positions must be numbers (via_point_cubics plans numerically); got [q, 1.0]"),
    ("one time", lambda: via_point_cubics([0.0], [0.0]), ValueError,
     "times must hold at least 2 times (a start and an end); got 1"),
    ("times that stop", lambda: via_point_cubics([0.0, 1.0, 1.0], [0.0, 1.0, 2.0]), ValueError,
     "times must increase; got times[1] = 1.0 and times[2] = 1.0"),
    ("times that go back", lambda: via_point_cubics([0.0, -1.0, 1.0], [0.0, 1.0, 2.0]),
     ValueError, "times must increase; got times[0] = 0.0 and times[1] = -1.0"),
    ("fewer positions than times", lambda: via_point_cubics([0.0, 1.0, 2.0], [0.0, 1.0]),
     ValueError, "positions must hold one row per time (3 rows, one column per joint); got "
                 "shape (2,)"),
    ("positions in three dimensions",
     lambda: via_point_cubics([0.0, 1.0], np.zeros((2, 1, 1))), ValueError,
     "positions must hold one row per time (2 rows, one column per joint); got shape (2, 1, 1)"),
    ("velocities of another shape",
     lambda: via_point_cubics([0.0, 1.0, 2.0], [0.0, 1.0, 2.0], [0.0, 1.0]), ValueError,
     "velocities must be 'heuristic', 'continuous acceleration' or one per position, shape "
     "(3,); got shape (2,)"),
]


@pytest.mark.parametrize("call, error, message", [case[1:] for case in MESSAGES],
                         ids=[case[0] for case in MESSAGES])
def test_each_error_reads_in_full(call, error, message):
    assert str(raised(call, error)) == message


@pytest.mark.parametrize("q0, qf, durations", [
    ([0.0], [1.0], [1e-110]),          # the cube underflows to 0: 30 / 0
    ([1.0], [1.0], [1e-110]),          # a joint that does not move: 0 / 0
    ([0.0, 0.0], [1.0, 2.0], [1.0, 1e-103]),  # 30 · 2 / T³ overflows
])
def test_a_joint_trajectory_too_short_raises_without_a_numpy_warning(q0, qf, durations):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match=r"^durations = 1e-[0-9]+ s is too short"):
            JointTrajectory(q0, qf, durations)


def test_a_joint_trajectory_of_a_very_long_duration_is_made_without_a_numpy_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")                  # its cube overflows to inf: 30 / inf
        assert JointTrajectory([0.0], [1.0], [1e200]).duration == 1e200


def test_a_duration_is_too_short_exactly_when_30_changes_over_its_power_overflow():
    largest = np.finfo(float).max
    power = 30 / largest * (1 + 1e-12)                 # 30 / power just below the largest float
    duration = power ** (1 / 3)
    while 30 / duration**3 == np.inf:                   # the cube's rounding: step back inside
        duration = np.nextafter(duration, 1.0)
    cubic_coefficients(0.0, 1.0, duration)
    with pytest.raises(ValueError, match=r"too short for floating point: the cubic's"):
        cubic_coefficients(0.0, 1.0, np.nextafter(duration / 1.02, 0.0))


@pytest.mark.parametrize("which", ["theta0", "thetaf", "duration", "velocity0", "velocityf",
                                   "acceleration0", "accelerationf"])
def test_one_symbol_makes_the_quintic_exact(which):
    given = dict(theta0=0, thetaf=1, duration=1, velocity0=0, velocityf=0, acceleration0=1,
                 accelerationf=0)
    given[which] = symbol = sp.Symbol(which, positive=True)
    coefficients = quintic_coefficients(**given)
    a2 = coefficients[2]
    assert a2 == given["acceleration0"] / sp.Integer(2)
    assert not sp.sympify(a2).has(sp.Float), (which, a2)
    assert any(sp.sympify(c).has(symbol) for c in coefficients)


def test_a_quintic_meets_all_six_end_conditions():
    th0, thf, T, v0, vf, a0, af = (sp.Rational(n, 7) for n in (3, 11, 13, 5, -2, 9, -4))
    t_ = sp.Symbol("t")
    position, velocity, acceleration = quintic(th0, thf, T, t_, velocity0=v0, velocityf=vf,
                                               acceleration0=a0, accelerationf=af)
    at = [(expr.subs(t_, 0), expr.subs(t_, T)) for expr in (position, velocity, acceleration)]
    assert at == [(th0, thf), (v0, vf), (a0, af)]


def test_the_blends_may_be_a_hair_below_the_least_acceleration_and_no_more():
    least = 4 * 1.0 / 3.0**2
    assert lspb_blend_time(0.0, 1.0, 3.0, least * (1 - 0.5e-9)) == pytest.approx(1.5)
    with pytest.raises(ValueError, match=r"= 0\.444444 \(rad/s²\)"):
        lspb_blend_time(0.0, 1.0, 3.0, least * (1 - 2e-9))


def test_blends_in_symbols_with_numbers_elsewhere():
    a, theta0 = sp.Symbol("a", positive=True), sp.Symbol("theta0")
    expected = 1 - sp.sqrt(4 * a**2 - 16 * a) / (2 * a)
    assert sp.simplify(lspb_blend_time(0, 4, 2, a) - expected) == 0
    assert lspb_blend_time(theta0, 1, 2, 3).has(theta0)


def test_cubic_coefficients_with_only_the_duration_or_only_a_position_in_symbols():
    T, theta = sp.Symbol("T", positive=True), sp.Symbol("theta")
    assert cubic_coefficients(0, 1, T) == (0, 0, 3 / T**2, -2 / T**3)
    assert sp.expand(cubic_coefficients(theta, 1, 2)[2] - sp.Rational(3, 4) * (1 - theta)) == 0


def test_unsynchronised_joints_that_do_not_move_take_the_longest_time():
    path = unsynchronised([0.0, 0.0, 0.0], [1.0, 0.0, -3.0], 1.5)
    assert np.allclose(path.durations, [1.0, 3.0, 3.0])


@pytest.mark.parametrize("which", ["theta0", "thetaf", "duration", "acceleration", "t"])
def test_lspb_refuses_a_symbol_in_any_one_argument(which):
    given = dict(theta0=0.0, thetaf=1.0, duration=2.0, acceleration=5.0, t=0.5)
    given[which] = sp.Symbol(which, positive=True)
    with pytest.raises(TypeError, match=r"^lspb evaluates numbers \(a piecewise motion\): give "
                                        r"theta0, thetaf, duration, acceleration and t as "
                                        r"numbers; lspb_blend_time takes symbols$"):
        lspb(**given)


def test_a_path_not_at_rest_runs_from_its_first_time_to_its_last_inclusive():
    leaving = via_point_cubics([0.0, 1.0, 2.0], [0.0, 1.0, 2.0], [1.0, 0.0, 0.0])
    arriving = via_point_cubics([0.0, 1.0, 2.0], [0.0, 1.0, 2.0], [0.0, 0.0, 1.0])
    for path in (leaving, arriving):
        positions, velocities, _ = path.at(np.array([0.0, 0.5, 2.0]))
        assert np.allclose(positions[[0, 2]], [0.0, 2.0])
        assert np.allclose(velocities[[0, 2]], path.velocities[[0, 2]])


def test_a_path_at_rest_at_its_ends_rests_there_before_and_after():
    path = via_point_cubics([0.0, 1.0, 2.0], [0.0, 1.0, 3.0])
    positions, velocities, accelerations = path.at(np.array([-1.0, 3.0]))
    assert np.allclose(positions, [0.0, 3.0])
    assert np.allclose(velocities, 0.0) and np.allclose(accelerations, 0.0)


def test_heuristic_via_velocities_of_uneven_segments_and_two_joints():
    """Slopes (4 − 0)/2 = 2 and (6 − 4)/1 = 2 for joint 1: their average; 0.5 then −2 for
    joint 2: the slope changes sign, so 0."""
    path = via_point_cubics([0.0, 2.0, 3.0], [[0.0, 0.0], [4.0, 1.0], [6.0, -1.0]])
    assert np.allclose(path.velocities, [[0.0, 0.0], [2.0, 0.0], [0.0, 0.0]])


@pytest.mark.parametrize("positions", [[0.0, 0.0, 1.0], [[0.0, 0.0], [0.0, 0.0], [1.0, 2.0]]])
def test_a_segment_that_does_not_move_may_be_as_short_as_floating_point_allows(positions):
    """Its cubic has no coefficient to overflow: each segment is judged by its own change."""
    path = via_point_cubics([0.0, 1e-103, 1.0], positions)
    assert np.allclose(path.at(1.0)[0], positions[-1])


def test_joint_space_path_through_three_points_of_two_joints():
    path = joint_space_path([[1.0, -1.0], [3.0, 0.0], [0.0, 4.0]], steps=2)
    assert np.allclose(path, [[1.0, -1.0], [2.0, -0.5], [3.0, 0.0], [1.5, 2.0], [0.0, 4.0]])


def test_distance_from_a_line_in_general_position():
    """The line from (1, 2) along (3, 4), |d| = 5: (5, 2) is 3.2 to its right, (1, 7) 3 to
    its left, (−2, −2) on it."""
    distances = distance_from_line([[5.0, 2.0], [1.0, 7.0], [-2.0, -2.0]], [1.0, 2.0],
                                   [4.0, 6.0])
    assert np.allclose(distances, [-3.2, 3.0, 0.0])


def test_distance_from_a_line_in_symbols_is_exact():
    x = sp.Symbol("x")
    assert distance_from_line([[x, 0]], [0, 0], [1, 1]) == sp.Matrix([[-sp.sqrt(2) * x / 2]])


@pytest.mark.parametrize("theta0, thetaf", [(30.0, 80.0), (80.0, 30.0)])
def test_lspb_speeds_up_until_the_blend_time_inclusive_and_slows_down_from_tf_minus_it(
        theta0, thetaf):
    """Craig's example: t_b = 0.5 s of a = 20 rad/s² in 5.5 s; up or down the same way."""
    s = np.sign(thetaf - theta0)
    t_ = np.array([0.25, 0.5, 2.75, 5.0, 5.25])
    position, velocity, acceleration = lspb(theta0, thetaf, 5.5, 20.0, t_)
    assert np.allclose(position, theta0 + s * np.array([0.625, 2.5, 25.0, 47.5, 49.375]))
    assert np.allclose(velocity, s * np.array([5.0, 10.0, 10.0, 10.0, 5.0]))
    assert np.allclose(acceleration, s * np.array([20.0, 20.0, 0.0, -20.0, -20.0]))


def test_lspb_at_the_least_acceleration_has_no_straight_segment():
    assert lspb_blend_time(0.0, 1.0, 2.0, 1.0) == 1.0


def test_lspb_blend_times_per_joint_in_symbols():
    a = sp.Symbol("a", positive=True)
    blends = lspb_blend_time([0, 0], [4, 2], 2, a)
    expected = [1 - sp.sqrt(4 * a**2 - 16 * a) / (2 * a), 1 - sp.sqrt(4 * a**2 - 8 * a) / (2 * a)]
    assert len(blends) == 2
    for blend, exact in zip(blends, expected, strict=True):
        assert sp.simplify(sp.nsimplify(blend) - exact) == 0


def test_a_joint_that_does_not_move_may_take_a_tiny_duration():
    """Its cubic has no coefficient to overflow; the check looks at the change, θf − θ0."""
    assert JointTrajectory([1.0], [1.0], [1e-103]).durations[0] == 1e-103
    assert unsynchronised([1.0], [1.001], 1.5e100).durations[0] == pytest.approx(1e-103)


def _acceleration_jumps(times, positions, velocities):
    """q̈ leaving minus q̈ arriving at each via point, from the cubic of each segment with its
    end velocities: c2 = 3Δ/h² − (2v0 + vf)/h, c3 = −2Δ/h³ + (v0 + vf)/h²."""
    h = np.diff(times)[:, None]
    change = np.diff(positions, axis=0)
    v0, vf = velocities[:-1], velocities[1:]
    c2 = 3 * change / h**2 - (2 * v0 + vf) / h
    c3 = -2 * change / h**3 + (v0 + vf) / h**2
    return 2 * c2[1:] - (2 * c2[:-1] + 6 * c3[:-1] * h[:-1])


def test_continuous_acceleration_through_three_via_points_of_uneven_segments():
    times = np.array([0.0, 1.0, 3.0, 3.5, 5.0])
    positions = np.array([[0.0, 1.0], [2.0, 0.0], [1.0, 3.0], [4.0, 2.0], [0.0, 0.0]])
    path = via_point_cubics(times, positions, "continuous acceleration")
    assert np.allclose(path.velocities[[0, -1]], 0.0)
    assert np.allclose(_acceleration_jumps(times, positions, path.velocities), 0.0)
    assert np.allclose(path.acceleration_jumps(), 0.0)
    heuristic = via_point_cubics(times, positions)
    assert np.allclose(heuristic.acceleration_jumps(),
                       _acceleration_jumps(times, positions, heuristic.velocities))
    assert not np.allclose(heuristic.acceleration_jumps(), 0.0)


def _segment_values(times, positions, velocities, t_):
    """(q, q̇, q̈) at one time inside the path, from the cubic of its segment."""
    k = min(int(np.searchsorted(times, t_, side="right")) - 1, len(times) - 2)
    h, s = times[k + 1] - times[k], t_ - times[k]
    change, v0, vf = positions[k + 1] - positions[k], velocities[k], velocities[k + 1]
    c2 = 3 * change / h**2 - (2 * v0 + vf) / h
    c3 = -2 * change / h**3 + (v0 + vf) / h**2
    return (positions[k] + v0 * s + c2 * s**2 + c3 * s**3, v0 + 2 * c2 * s + 3 * c3 * s**2,
            2 * c2 + 6 * c3 * s)


def test_a_via_path_at_a_grid_of_times_in_every_segment():
    times = np.array([0.0, 1.0, 3.0, 3.5, 5.0])
    positions = np.array([[0.0, 1.0], [2.0, 2.0], [3.0, 2.0], [4.0, 3.0], [0.0, 0.0]])
    path = via_point_cubics(times, positions)               # slopes 2, 0.5, 2, −8/3 and
    assert np.allclose(path.velocities, [[0.0, 0.0], [1.25, 0.0], [1.25, 0.0], [0.0, 0.0],
                                         [0.0, 0.0]])       # 1, 0, 2, −2: flat is not a sign
    grid = np.array([[0.25, 1.0, 2.2], [3.0, 3.25, 4.6]])   # 2 x 3 times
    q, qd, qdd = path.at(grid)
    assert q.shape == qd.shape == qdd.shape == (2, 3, 2)
    for index in np.ndindex(grid.shape):
        expected = _segment_values(times, positions, path.velocities, grid[index])
        for got, want in zip((q, qd, qdd), expected, strict=True):
            assert np.allclose(got[index], want)


def test_a_via_path_of_one_joint_at_its_via_points_and_beyond():
    times = np.array([0.0, 2.0, 3.0, 6.0])
    positions = np.array([1.0, 3.0, 4.0, 1.0])
    path = via_point_cubics(times, positions)
    assert np.allclose(path.velocities, [0.0, 1.0, 0.0, 0.0])
    q, qd, qdd = path.at(np.array([-1.0, 0.0, 2.0, 3.0, 4.5, 6.0, 7.0]))
    assert np.allclose(q, [1.0, 1.0, 3.0, 4.0, *_segment_values(times, positions,
                                                                 path.velocities, 4.5)[:1],
                           1.0, 1.0])
    expected_qdd = [_segment_values(times, positions, path.velocities, t_)[2]
                    for t_ in (0.0, 2.0, 3.0, 4.5, 6.0)]
    assert np.allclose(qdd, [0.0, *expected_qdd, 0.0])
    assert qd[0] == qd[-1] == 0.0


def test_a_joint_trajectory_accelerates_from_its_start_and_brakes_to_its_end_inclusive():
    path = JointTrajectory([0.5, 0.0], [2.5, -3.0], [2.0, 3.0])
    t_ = np.array([0.0, 0.5, 2.0, 3.0, 4.0])
    q, qd, qdd = path.at(t_)
    for j, (q0, qf, T) in enumerate([(0.5, 2.5, 2.0), (0.0, -3.0, 3.0)]):
        inside = np.clip(t_, 0.0, T)
        expected = cubic(q0, qf, T, inside)
        moving = t_ <= T
        assert np.allclose(q[:, j], expected[0])
        assert np.allclose(qd[:, j], expected[1] * moving)
        assert np.allclose(qdd[:, j], expected[2] * moving)
    assert np.allclose(qdd[0], [3.0, -2.0])              # 6 Δ / T² at t = 0
    assert np.allclose(qdd[2, 0], -3.0)                  # − 6 Δ / T² at t = T


def test_a_quintic_is_from_rest_to_rest_by_default():
    assert quintic_coefficients(0.0, 1.0, 1.0) == (0.0, 0, 0.0, 10.0, -15.0, 6.0)
    _, velocity, acceleration = quintic(0.0, 1.0, 2.0, np.array([0.0, 2.0]))
    assert np.allclose(velocity, 0.0) and np.allclose(acceleration, 0.0)
    assert cubic_coefficients(0.0, 1.0, 1.0) == (0.0, 0, 3.0, -2.0)
