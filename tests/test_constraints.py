"""constraints: the constraint Jacobian, its rate and the multipliers of constrained dynamics,
checked against differentiation by sympy, Newton–Euler loaded with the constraint force, the
elimination formula on Newton–Euler's M, c, G, a closed form and one reduced coordinate;
properties on random 2R/3R arms and random spatial chains; bad input names the argument."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import chains, rotations

from robocourse import newton_euler, statics
from robocourse.constraints import (
    ConstrainedMotion,
    constrained_dynamics,
    holonomic_constraint,
    tool_point_constraint,
)
from robocourse.equivalence import assert_identical
from robocourse.kinematics import forward_kinematics, inverse_kinematics_2r, jacobian
from robocourse.lagrange import euler_lagrange, mass_matrix, potential_energy
from robocourse.models import planar_2r, planar_3r, planar_arm
from robocourse.robot import joint_symbols

ARM = planar_2r(l1=0.5, l2=0.5, m1=2.0, m2=1.0, g=9.81)


def _consistent_rates(A, rates):
    """``rates`` projected onto the null space of A: joint rates the constraint allows."""
    return rates - np.linalg.pinv(A) @ (A @ rates)


@pytest.mark.parametrize("robot", [planar_2r(), planar_3r()], ids=["2R", "3R"])
def test_the_jacobian_route_equals_differentiating_phi(robot):
    q, qd, _ = joint_symbols(robot)
    a, x0, y0 = sp.symbols("a x0 y0")
    normal = [sp.cos(a), sp.sin(a), 0]
    by_kinematics = tool_point_constraint(robot, q, qd, [normal], [x0, y0, 0])
    tip = forward_kinematics(robot, q)[:3, 3]
    phi = normal[0] * (tip[0] - x0) + normal[1] * (tip[1] - y0)
    by_hand = holonomic_constraint(phi, q, qd)
    for name in ("phi", "A", "A_dot_qd"):
        assert_identical(getattr(by_kinematics, name), getattr(by_hand, name), name)


def test_the_rail_of_chapter_4_closed_form():
    t1, t2 = q = sp.symbols("theta1 theta2")
    w1, w2 = qd = sp.symbols("thetadot1 thetadot2")
    l1, l2, x0 = sp.symbols("l1 l2 x0")
    rail = tool_point_constraint(planar_2r(), q, qd, [[1, 0, 0]], [x0, 0, 0])
    assert_identical(rail.A, sp.Matrix([[-l1 * sp.sin(t1) - l2 * sp.sin(t1 + t2),
                                         -l2 * sp.sin(t1 + t2)]]), "A")
    assert_identical(rail.A_dot_qd[0], -l1 * sp.cos(t1) * w1**2
                     - l2 * sp.cos(t1 + t2) * (w1 + w2)**2, "Adot qdot")


def test_a_pendulum_held_in_a_rail_hands_its_weight_to_the_rail():
    th, m, l, g = sp.symbols("theta m l g", positive=True)
    pendulum = planar_arm([l], [m], [l], [0], g)
    held = tool_point_constraint(pendulum, [th], [0], [[1, 0, 0]], [l * sp.cos(th), 0, 0])
    motion = constrained_dynamics(pendulum, [th], [0], [0], held.A, held.A_dot_qd)
    assert isinstance(motion, ConstrainedMotion)
    assert motion.qdd == sp.Matrix([0])
    assert_identical(motion.forces[0], m * g * l * sp.cos(th), "Q = G")
    assert_identical(motion.multipliers[0], -m * g / sp.tan(th), "lambda")


def test_the_chapter_4_example_by_one_reduced_coordinate():
    x_rail, y_tip, y_rate = 0.6, 0.3, -0.5
    q = inverse_kinematics_2r(ARM, x_rail, y_tip, elbow="up")
    qd = np.linalg.solve(jacobian(ARM, q)[:2], [0.0, y_rate])
    held = tool_point_constraint(ARM, q, qd, [[1, 0, 0]], [x_rail, 0, 0])
    motion = constrained_dynamics(ARM, q, qd, [0.0, 0.0], held.A, held.A_dot_qd)
    assert np.isclose(motion.multipliers[0], 2.0907, atol=1e-4)
    y, y_dot, y_ddot = sp.symbols("y ydot yddot")
    exact = planar_2r(l1=sp.Rational(1, 2), l2=sp.Rational(1, 2), m1=2, m2=1,
                      g=sp.Rational(981, 100))
    q_y = inverse_kinematics_2r(exact, sp.Rational(3, 5), y, elbow="up")
    dq = q_y.diff(y)
    lagrangian = ((dq.T @ mass_matrix(exact, q_y) @ dq)[0] * y_dot**2 / 2
                  - potential_energy(exact, q_y))
    equation = euler_lagrange(lagrangian, [y], [y_dot], [y_ddot])[0]
    at = {y: y_tip, y_dot: y_rate}
    acceleration = float(-equation.subs(y_ddot, 0).subs(at) / equation.coeff(y_ddot).subs(at))
    qdd = (np.array(dq.subs(y, y_tip), dtype=float).ravel() * acceleration
           + np.array(q_y.diff(y, 2).subs(y, y_tip), dtype=float).ravel() * y_rate**2)
    assert np.allclose(motion.qdd, qdd, atol=1e-9)


def _check_motion(robot, q, qd, tau, normals):
    """The properties every constrained motion has, and Newton–Euler's second opinion."""
    held = tool_point_constraint(robot, q, qd, normals, forward_kinematics(robot, q)[:3, 3])
    A = held.A
    M = newton_euler.mass_matrix(robot, q)
    assume(np.linalg.cond(A @ np.linalg.solve(M, A.T)) < 1e6)
    qd = _consistent_rates(A, qd)
    held = tool_point_constraint(robot, q, qd, normals, forward_kinematics(robot, q)[:3, 3])
    motion = constrained_dynamics(robot, q, qd, tau, held.A, held.A_dot_qd)
    scale = 1 + np.abs(tau).max() + np.abs(motion.forces).max()
    assert np.abs(held.phi).max() < 1e-9
    assert np.abs(A @ motion.qdd + held.A_dot_qd).max() < 1e-8 * scale   # stays on it
    assert abs(motion.multipliers @ (A @ qd)) < 1e-9 * scale              # no power
    assert abs(motion.forces @ qd) < 1e-9 * scale
    force = np.asarray(normals, dtype=float).T @ motion.multipliers       # on the tool
    load = [*(-force), 0, 0, 0]
    tau_ne = newton_euler.inverse_dynamics(robot, q, qd, motion.qdd, wrench=load)
    assert np.allclose(tau_ne, tau, atol=1e-7 * scale)
    by_statics = statics.joint_torques_by_jacobian(robot, q, [*force, 0, 0, 0])
    assert np.allclose(motion.forces, by_statics, atol=1e-9 * scale)
    bias = newton_euler.velocity_product(robot, q, qd) + newton_euler.gravity_load(robot, q)
    M_inv = np.linalg.inv(M)                                # the multipliers by elimination
    multipliers = np.linalg.solve(A @ M_inv @ A.T,
                                  -held.A_dot_qd - A @ M_inv @ (tau - bias))
    assert np.allclose(motion.multipliers, multipliers, atol=1e-6 * scale)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(n=st.sampled_from([2, 3]),
       values=st.lists(st.floats(0.2, 1.5), min_size=15, max_size=15),
       angles=st.lists(st.floats(-np.pi, np.pi), min_size=4, max_size=4),
       rates=st.lists(st.floats(-2, 2), min_size=3, max_size=3),
       torques=st.lists(st.floats(-5, 5), min_size=3, max_size=3))
def test_a_planar_arm_with_its_tip_on_a_line(n, values, angles, rates, torques):
    lengths, masses, inertias = values[:n], values[5:5 + n], [v / 10 for v in values[10:10 + n]]
    robot = planar_arm(lengths, masses, [x / 2 for x in lengths], inertias, 9.81)
    q = np.array(angles[:n])
    assume(abs(np.sin(q[1])) > 0.05)                                # not stretched out
    line = angles[3]
    _check_motion(robot, q, np.array(rates[:n]), np.array(torques[:n]),
                  [[np.cos(line), np.sin(line), 0.0]])


@settings(max_examples=25, deadline=None, derandomize=True)
@given(robot=chains(min_joints=3, max_joints=6), m=st.integers(1, 3), axes=rotations(),
       data=st.data())
def test_a_spatial_chain_with_its_tool_point_on_planes(robot, m, axes, data):
    n = robot.n
    q = np.array(data.draw(st.lists(st.floats(-np.pi, np.pi), min_size=n, max_size=n)))
    qd = np.array(data.draw(st.lists(st.floats(-2, 2), min_size=n, max_size=n)))
    tau = np.array(data.draw(st.lists(st.floats(-5, 5), min_size=n, max_size=n)))
    _check_motion(robot, q, qd, tau, axes[:m])


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: constrained_dynamics(ARM, [0.3, 1.0], [0, 0], [0, 0], [[1.0, 0.0, 0.0]], [0.0]),
     ValueError, "A must be a m x 2 constraint Jacobian"),
    (lambda: constrained_dynamics(ARM, [0.3, 1.0], [0, 0], [0, 0], np.eye(3)[:, :2], [0, 0, 0]),
     ValueError, "at most 2 rows); got 3x2"),
    (lambda: constrained_dynamics(ARM, [0.3, 1.0], [0, 0], [0, 0], [[1.0, 0.0]], [0.0, 1.0]),
     ValueError, "A_dot_qd must have one entry per row of A (1); got 2"),
    (lambda: constrained_dynamics(ARM, [0.3, 1.0], [0, 0], [0, 0], [[1.0, 2.0], [2.0, 4.0]],
                                  [0.0, 0.0]), ValueError, "rows of A must be independent"),
    (lambda: constrained_dynamics(ARM, [0.3, 1.0], [0, 0], [0, 0], [[0.0, 0.0]], [0.0]),
     ValueError, "rows of A must be independent"),
    (lambda: constrained_dynamics(ARM, [0.3, 1.0], [0, 0], [0, 0], "A", [0.0]),
     TypeError, "A must be a m x n constraint Jacobian"),
    (lambda: constrained_dynamics(ARM, [0.3, 1.0], [0, 0], [0, 0], [[np.nan, 0.0]], [0.0]),
     ValueError, "A[0,0]"),
    (lambda: tool_point_constraint(ARM, [0.3, 1.0], [0, 0], [1, 0, 0]),
     ValueError, "normals must be a m x 3 matrix"),
    (lambda: tool_point_constraint(ARM, [0.3, 1.0], [0, 0], [[1, 0, 0]], [0, 0]),
     ValueError, "through must have 3 entries"),
    (lambda: holonomic_constraint("x - 1", [sp.Symbol("x")], [sp.Symbol("v")]),
     TypeError, "phi must be a sympy expression"),
    (lambda: holonomic_constraint(sp.Symbol("x"), ["x"], [sp.Symbol("v")]),
     TypeError, "q[0] must be a sympy Symbol"),
    (lambda: holonomic_constraint(sp.Symbol("x"), [sp.Symbol("x")], [sp.Symbol("x")]),
     ValueError, "q and qd must be different symbols"),
    (lambda: holonomic_constraint(sp.Symbol("x"), sp.symbols("x y"), [sp.Symbol("v")]),
     ValueError, "qd must have 2 entries"),
])
def test_bad_input_is_named(call, error, words):
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)
