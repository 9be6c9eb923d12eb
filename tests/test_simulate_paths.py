"""robocourse.simulate on the paths the other tests do not take: joint friction and motor
rotors in forward dynamics and simulation (against closed forms of one link), the forms a
torque function may take, the solver's own options (method, rtol, atol, samples),
simulate_equations of several coordinates, and the evaluation budget at its limit."""

import time

import numpy as np
import pytest
import sympy as sp

from robocourse import _checks as check
from robocourse.codegen import CompiledDynamics
from robocourse.friction import Friction
from robocourse.models import planar_2r, planar_arm
from robocourse.newton_euler import gravity_load, mass_matrix, velocity_product
from robocourse.simulate import (
    JointSpring,
    Motion,
    _within_budget,
    actuator_work,
    forward_dynamics,
    simulate,
    simulate_equations,
)

#: One link turning in a horizontal plane (no gravity): inertia about the joint
#: m r² + I_c = 2 · 0.5² + 0.1 = 0.6 kg·m².
WHEEL = planar_arm([1.0], [2.0], [0.5], [0.1], 0.0)
#: The same link hanging in gravity: G(q) = m g r cos q.
PENDULUM = planar_arm([1.0], [2.0], [0.5], [0.1], 9.81)
ARM = planar_2r(l1=1.0, l2=0.8, m1=1.0, m2=1.5, g=9.81)
x, xd, xdd, y, yd, ydd = sp.symbols("x xdot xddot y ydot yddot")


@pytest.fixture(scope="module")
def models():
    return {robot.name + str(robot.n): CompiledDynamics(robot) for robot in (WHEEL, ARM)}


def test_forward_dynamics_subtracts_the_friction_and_adds_the_rotors_to_the_inertia():
    friction = Friction([0.5], [0.0])
    q, qd, tau = 0.3, 2.0, 1.0
    load = 2.0 * 9.81 * 0.5 * np.cos(q)
    np.testing.assert_allclose(forward_dynamics(PENDULUM, [q], [qd], [tau]), [(tau - load) / 0.6])
    np.testing.assert_allclose(forward_dynamics(PENDULUM, [q], [qd], [tau], friction=friction),
                               [(tau - 0.5 * qd - load) / 0.6])
    np.testing.assert_allclose(forward_dynamics(PENDULUM, [q], [qd], [tau], armature=[0.4]),
                               [(tau - load) / 1.0])


def test_forward_dynamics_with_rotors_solves_with_the_mass_matrix_plus_the_armature():
    q, qd, tau, armature = [0.3, -0.7], [1.0, -2.0], [3.0, 1.0], [0.5, 0.2]
    M = mass_matrix(ARM, q) + np.diag(armature)
    bias = velocity_product(ARM, q, qd) + gravity_load(ARM, q)
    np.testing.assert_allclose(forward_dynamics(ARM, q, qd, tau, armature=armature),
                               np.linalg.solve(M, np.subtract(tau, bias)))


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "newton-euler"])
def test_viscous_friction_slows_a_free_wheel_exponentially(compiled, models):
    """0.6 q̈ = −0.5 q̇: q̇(t) = q̇0 exp(−t/1.2), and the motors' torques stay zero."""
    model = models[WHEEL.name + "1"] if compiled else False
    motion = simulate(WHEEL, [0.0], [2.0], 0.3, friction=Friction([0.5], [0.0]), model=model,
                      samples=4)
    np.testing.assert_allclose(motion.qd[:, 0], 2.0 * np.exp(-motion.t / 1.2), rtol=1e-7)
    np.testing.assert_allclose(motion.q[:, 0], 2.4 * (1 - np.exp(-motion.t / 1.2)), atol=1e-8)
    np.testing.assert_array_equal(motion.tau, 0.0)


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "newton-euler"])
def test_rotors_add_their_inertia_to_a_wheel_driven_by_a_constant_torque(compiled, models):
    """(0.6 + 0.4) q̈ = 1 N·m: q = t²/2."""
    model = models[WHEEL.name + "1"] if compiled else False
    motion = simulate(WHEEL, [0.0], [0.0], 0.3, lambda t, q, qd: [1.0], armature=[0.4],
                      model=model, samples=4)
    np.testing.assert_allclose(motion.q[:, 0], motion.t ** 2 / 2, atol=1e-10)
    np.testing.assert_allclose(motion.qd[:, 0], motion.t, atol=1e-10)
    np.testing.assert_array_equal(motion.tau, 1.0)


def test_compiled_and_newton_euler_simulations_with_rotors_agree(models):
    def torque(t, q, qd):
        return np.array([2.0 * np.cos(5 * t), -0.3 * qd[0] + q[1]])
    arguments = dict(armature=[0.5, 0.2], samples=3)
    fast = simulate(ARM, [0.3, -0.2], [1.0, 0.5], 0.05, torque, model=models[ARM.name + "2"],
                    **arguments)
    slow = simulate(ARM, [0.3, -0.2], [1.0, 0.5], 0.05, torque, model=False, **arguments)
    np.testing.assert_allclose(fast.q, slow.q, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(fast.qd, slow.qd, rtol=1e-9, atol=1e-12)
    without = simulate(ARM, [0.3, -0.2], [1.0, 0.5], 0.05, torque, model=False, samples=3)
    assert np.abs(without.qd - slow.qd).max() > 1e-3                # the rotors do matter


class _Hold:
    """A torque function as a callable object: the gravity load at the start."""

    def __call__(self, t, q, qd):
        return [float(g) for g in gravity_load(ARM, [0.4, 0.3])]


@pytest.mark.parametrize("torque", [
    _Hold(),
    lambda t, q, qd: tuple(gravity_load(ARM, [0.4, 0.3])),
    lambda t, q, qd: np.array(gravity_load(ARM, [0.4, 0.3]), dtype=np.float32).astype(float),
], ids=["a callable object returning a list", "a tuple", "a float array"])
def test_a_torque_that_holds_the_arm_keeps_it_still_whatever_its_form(torque, models):
    motion = simulate(ARM, [0.4, 0.3], [0.0, 0.0], 0.05, torque, model=models[ARM.name + "2"],
                      samples=3)
    np.testing.assert_allclose(motion.q, [[0.4, 0.3]] * 3, atol=1e-12)
    np.testing.assert_allclose(motion.tau, [gravity_load(ARM, [0.4, 0.3])] * 3)
    assert motion.tau.dtype == float


def test_integer_torques_are_numbers_like_any_other(models):
    motion = simulate(ARM, [0.0, 0.0], [0.0, 0.0], 0.01, lambda t, q, qd: np.array([1, 0]),
                      model=models[ARM.name + "2"], samples=2)
    reference = simulate(ARM, [0.0, 0.0], [0.0, 0.0], 0.01, lambda t, q, qd: [1.0, 0.0],
                         model=models[ARM.name + "2"], samples=2)
    np.testing.assert_array_equal(motion.q, reference.q)
    np.testing.assert_array_equal(motion.tau, [[1.0, 0.0]] * 2)


def test_two_coordinates_follow_their_own_equations():
    """x'' = −x and y'' = −4 y, with (x, y) given in that order: cos t and cos 2t."""
    equations = sp.Matrix([xdd + x, ydd + 4 * y])
    motion = simulate_equations(equations, [x, y], [xd, yd], [xdd, ydd], [1.0, 1.0],
                                [0.0, 0.0], 1.0, samples=5)
    np.testing.assert_allclose(motion.t, np.linspace(0.0, 1.0, 5))
    np.testing.assert_allclose(motion.q, np.column_stack([np.cos(motion.t), np.cos(2 * motion.t)]),
                               atol=1e-7)
    np.testing.assert_allclose(motion.qd, np.column_stack([-np.sin(motion.t),
                                                           -2 * np.sin(2 * motion.t)]), atol=1e-7)
    np.testing.assert_array_equal(motion.tau, np.zeros((5, 2)))


def test_one_expression_is_one_equation_with_its_inertia():
    """2 x'' + 8 x = 0 given as an expression, not a Matrix: x = cos 2t."""
    motion = simulate_equations(2 * xdd + 8 * x, [x], [xd], [xdd], [1.0], [0.0], 0.5, samples=3)
    np.testing.assert_allclose(motion.q[:, 0], np.cos(2 * motion.t), atol=1e-7)


def test_the_solver_uses_the_method_and_tolerances_asked_for():
    """The third-order RK23 needs more steps than RK45 at the same tolerances; tighter
    tolerances give a closer cos t."""
    def solve(**options):
        return simulate_equations(xdd + x, [x], [xd], [xdd], [1.0], [0.0], 3.0, **options)
    default, rk23 = solve(), solve(method="RK23")
    assert len(rk23.t) > 2 * len(default.t) and default.t[-1] == rk23.t[-1] == 3.0
    errors = {}
    for name, options in {"default": {}, "rtol": dict(rtol=1e-4), "atol": dict(atol=1e-4),
                          "tight": dict(rtol=1e-12, atol=1e-12)}.items():
        motion = solve(samples=7, **options)
        errors[name] = np.abs(motion.q[:, 0] - np.cos(motion.t)).max()
    assert errors["tight"] < 1e-10 < errors["default"] < 1e-7
    assert errors["rtol"] > 1e-7 and errors["atol"] > 1e-7


def _evaluations(counted, times):
    """Calls ``counted`` at each of ``times`` in turn (a zero state)."""
    for t in times:
        counted(t, np.zeros(2))


def test_a_motion_that_needs_exactly_the_most_evaluations_is_simulated():
    """After 256 calls at t = 1 s of 390625 s: 256 · 390625 = 1e8 evaluations, the limit."""
    rate = lambda t, y: y                                                        # noqa: E731
    _evaluations(_within_budget(rate, 390625.0, 10.0), [1.0] * 300)
    with pytest.raises(ValueError, match=r"^duration = 390626 s is too long to simulate: after "
                                         r"256 evaluations .* reached t = 1 s, .* about 1e\+08 "):
        _evaluations(_within_budget(rate, 390626.0, 10.0), [1.0] * 300)
    assert check.MAX_EVALUATIONS == 10**8


def test_the_estimate_is_renewed_at_every_power_of_two_calls():
    """At t = 1 s of 100000 s: 2.56e7 after 256 calls, 5.12e7 after 512, 1.02e8 after 1024."""
    counted = _within_budget(lambda t, y: y, 100000.0, 10.0)
    _evaluations(counted, [1.0] * 1023)
    with pytest.raises(ValueError, match=r"^duration = 100000 s is too long to simulate: after "
                                         r"1024 evaluations .* about 1e\+08 of them"):
        _evaluations(counted, [1.0])


def test_an_overflow_without_details_is_reported_with_its_own_words():
    def rate(t, y):
        raise OverflowError("math range error")
    with pytest.raises(OverflowError) as caught:
        _within_budget(rate, 1e5, 10.0)(12345.0, np.array([-2.0, 1.0, 0.5, -3.0]))
    assert str(caught.value) == (
        "the motion overflows floating point at t = 1.23e+04 s, where |q| reaches 2 and |qd| 3: "
        "math range error. The torques or the starting state are too large, or the motion "
        "runs away (check the torques, and the signs of damping and friction)")


def test_the_time_limit_names_its_values_as_given_to_six_digits():
    counted = _within_budget(lambda t, y: y, 1234567.0, 1.234567e-9)
    time.sleep(0.001)
    with pytest.raises(RuntimeError) as caught:
        counted(12345.0, np.zeros(2))
    assert str(caught.value).startswith(
        "the simulation stopped after time_limit = 1.23457e-09 s of computing, at t = 1.23e+04 "
        "s of 1.23457e+06 s (1 evaluations of the equations of motion): the solver takes ")


def test_a_spring_of_zero_stiffness_pulls_nothing_and_each_joint_has_its_own():
    np.testing.assert_array_equal(JointSpring(ARM, 2, 0.0)(0.0, [0.3, 0.9], [0.0, 0.0]), 0.0)
    first = JointSpring(ARM, joint=1, stiffness=4.0, rest=0.25)
    np.testing.assert_allclose(first(0.0, [0.75, -2.0], [0.0, 0.0]), [-2.0, 0.0])
    assert first.energy([0.75, -2.0]) == 0.5
    assert repr(first.energy([0.75, -2.0])) == "0.5"                # a float, as printed
    np.testing.assert_allclose(first.energy(np.array([[0.75, -2.0], [0.0, 5.0]])), [0.5, 0.125])


def test_the_work_of_two_samples_is_the_trapezoid_of_the_power_of_all_joints():
    """Two samples, 1 s apart: W = (P(0) + P(1)) / 2, P = τᵀ q̇ summed over the joints."""
    motion = Motion([0.0, 1.0], np.zeros((2, 3)), [[1.0, 2.0, 0.0], [3.0, 0.0, 1.0]],
                    [[2.0, 0.5, 9.0], [1.0, 7.0, 4.0]])
    np.testing.assert_allclose(actuator_work(motion), [0.0, (3.0 + 7.0) / 2])
