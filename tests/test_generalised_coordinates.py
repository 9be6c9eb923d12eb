"""Lagrange's equations in generalised coordinates of one's own (chapter 4, §4.7): the 2R arm
in absolute angles, the change of coordinates, the arm in a horizontal plane, the equations
simulated in either set; and the wrong forms of chapter 4, §4.5, computed."""

import numpy as np
import pytest
import sympy as sp
from bad_input import named_in_the_error

from robocourse.codegen import CompiledDynamics
from robocourse.equivalence import assert_identical, identical
from robocourse.kinematics import forward_kinematics
from robocourse.lagrange import (
    euler_lagrange,
    kinetic_energy,
    lagrange_equations,
    potential_energy,
)
from robocourse.models import planar_2r_distributed, rp_arm
from robocourse.newton_euler import inverse_dynamics
from robocourse.robot import joint_symbols
from robocourse.simulate import simulate, simulate_equations

l1, m1, m2, r1, r2, I1, I2, g = sp.symbols("l1 m1 m2 r1 r2 I1 I2 g")
phi = sp.Matrix(sp.symbols("phi1 phi2"))
phid = sp.Matrix(sp.symbols("phidot1 phidot2"))
phidd = sp.Matrix(sp.symbols("phiddot1 phiddot2"))
ARM = planar_2r_distributed()
q, qd, qdd = joint_symbols(ARM)
NUMBERS = {"l1": 0.5, "l2": 0.4, "m1": 2.0, "m2": 1.0, "r1": 0.25, "r2": 0.2,
           "I1": 2.0 * 0.25 / 12, "I2": 0.16 / 12, "g": 9.81}


def absolute_lagrangian():
    """L in the absolute angles φ1, φ2 of the links from X0, as the lecture writes the
    positions: C1 = r1 (cos φ1, sin φ1), C2 = l1 (cos φ1, sin φ1) + r2 (cos φ2, sin φ2)."""
    c1 = sp.Matrix([r1 * sp.cos(phi[0]), r1 * sp.sin(phi[0])])
    c2 = sp.Matrix([l1 * sp.cos(phi[0]) + r2 * sp.cos(phi[1]),
                    l1 * sp.sin(phi[0]) + r2 * sp.sin(phi[1])])
    v1, v2 = c1.jacobian(phi) @ phid, c2.jacobian(phi) @ phid
    K = (m1 * v1.dot(v1) + m2 * v2.dot(v2) + I1 * phid[0]**2 + I2 * phid[1]**2) / 2
    U = m1 * g * c1[1] + m2 * g * c2[1]
    return K - U


RELATIVE = {q[0]: phi[0], q[1]: phi[1] - phi[0]}                       # θ(φ)
RATES = {qd[0]: phid[0], qd[1]: phid[1] - phid[0],
         qdd[0]: phidd[0], qdd[1]: phidd[1] - phidd[0]}
CHANGE = sp.Matrix([RELATIVE[q[0]], RELATIVE[q[1]]]).jacobian(phi)      # ∂θ/∂φ


def test_euler_lagrange_of_the_robots_lagrangian_is_lagrange_equations():
    for robot in (ARM, rp_arm()):
        s, sd, sdd = joint_symbols(robot)
        L = kinetic_energy(robot, s, sd) - potential_energy(robot, s)
        assert_identical(euler_lagrange(L, s, sd, sdd), lagrange_equations(robot),
                         robot.name)


def test_the_2r_arm_in_absolute_angles_is_the_closed_form():
    E = euler_lagrange(absolute_lagrangian(), phi, phid, phidd)
    h = m2 * l1 * r2
    expected = sp.Matrix([
        (I1 + m1 * r1**2 + m2 * l1**2) * phidd[0] + h * sp.cos(phi[1] - phi[0]) * phidd[1]
        - h * sp.sin(phi[1] - phi[0]) * phid[1]**2 + g * (m1 * r1 + m2 * l1) * sp.cos(phi[0]),
        h * sp.cos(phi[1] - phi[0]) * phidd[0] + (I2 + m2 * r2**2) * phidd[1]
        + h * sp.sin(phi[1] - phi[0]) * phid[0]**2 + g * m2 * r2 * sp.cos(phi[1])])
    assert_identical(E, expected, "absolute angles")


def test_the_equations_transform_with_the_jacobian_of_the_change_of_coordinates():
    E_phi = euler_lagrange(absolute_lagrangian(), phi, phid, phidd)
    E_theta = lagrange_equations(ARM).xreplace({**RELATIVE, **RATES})
    assert_identical(E_phi, CHANGE.T @ E_theta, "E_phi = (dtheta/dphi)^T E_theta")
    # the generalised forces too: Q_phi = (dθ/dφ)ᵀ τ, i.e. (τ1 − τ2, τ2)
    tau = sp.Matrix(sp.symbols("tau1 tau2"))
    assert CHANGE.T @ tau == sp.Matrix([tau[0] - tau[1], tau[1]])


def test_in_a_horizontal_plane_theta1_is_cyclic_and_its_momentum_conserved():
    flat = planar_2r_distributed(**{**NUMBERS, "g": 0.0})
    L = kinetic_energy(ARM, q, qd) - potential_energy(ARM, q)
    assert identical(sp.diff(L.subs(g, 0), q[0]), 0)
    momentum = sp.lambdify((q, qd), sp.diff(L, qd[0]).subs(
        {sp.Symbol(k): v for k, v in NUMBERS.items()}), "numpy")
    motion = simulate(flat, [0.3, 1.2], [2.0, -1.0], 2.0, model=CompiledDynamics(flat),
                      samples=41, rtol=1e-11, atol=1e-11)
    p = np.array([momentum(a, b) for a, b in zip(motion.q, motion.qd, strict=True)])
    np.testing.assert_allclose(p, p[0], atol=1e-8)
    assert np.ptp(motion.qd[:, 0]) > 0.5                 # while θ̇1 itself changes


def test_a_simulation_in_absolute_angles_gives_the_same_tip_path():
    values = {sp.Symbol(k): v for k, v in NUMBERS.items()}
    E_phi = euler_lagrange(absolute_lagrangian(), phi, phid, phidd).subs(values)
    theta0 = np.array([0.9, -0.6])
    in_phi = simulate_equations(E_phi, phi, phid, phidd, [theta0[0], theta0.sum()], [0, 0],
                                1.5, samples=31, rtol=1e-11, atol=1e-11)
    robot = planar_2r_distributed(**NUMBERS)
    in_theta = simulate(robot, theta0, [0, 0], 1.5, model=CompiledDynamics(robot), samples=31,
                        rtol=1e-11, atol=1e-11)
    tip_phi = np.c_[0.5 * np.cos(in_phi.q[:, 0]) + 0.4 * np.cos(in_phi.q[:, 1]),
                    0.5 * np.sin(in_phi.q[:, 0]) + 0.4 * np.sin(in_phi.q[:, 1])]
    tip_theta = np.array([forward_kinematics(robot, row)[:2, 3] for row in in_theta.q])
    np.testing.assert_allclose(tip_phi, tip_theta, atol=1e-7)
    np.testing.assert_allclose(in_phi.q[:, 1] - in_phi.q[:, 0], in_theta.q[:, 1], atol=1e-7)


def test_simulated_equations_of_a_pendulum_swing_with_its_period():
    th, w, a = sp.symbols("theta omega alpha")
    period = 2 * np.pi * np.sqrt(1.0 / 9.81)
    motion = simulate_equations(sp.Matrix([a + 9.81 * th]), [th], [w], [a], [0.2], [0.0],
                                period, samples=3, rtol=1e-11, atol=1e-12)
    np.testing.assert_allclose(motion.q[:, 0], [0.2, -0.2, 0.2], atol=1e-8)


def test_lagrange_stated_as_t_minus_v_equals_q_is_no_equation_of_motion():
    # one scalar, that changes with the zero of height, for two joint torques that do not
    L = kinetic_energy(ARM, q, qd) - potential_energy(ARM, q)
    lifted = L - (m1 + m2) * g * sp.Symbol("h0")             # zero of height h0 lower
    assert not identical(L, lifted)
    assert_identical(euler_lagrange(L, q, qd, qdd), euler_lagrange(lifted, q, qd, qdd), "Q")


def test_angular_velocities_taken_as_coordinates_stop_the_arm():
    w = sp.Matrix(sp.symbols("omega1 omega2"))
    wd, wdd = sp.Matrix(sp.symbols("alpha1 alpha2")), sp.Matrix(sp.symbols("alphadot1 alphadot2"))
    L = kinetic_energy(ARM, q, qd) - potential_energy(ARM, q)
    L = L.xreplace(dict(zip(qd, w, strict=True)))           # ω written where θ̇ was
    coordinates = [*q, *w]
    E = euler_lagrange(L, coordinates, [*qd, *wd], [*qdd, *wdd])
    M = sp.hessian(kinetic_energy(ARM, q, qd), qd)
    assert_identical(E[2:, 0], -M @ w, "the omega equations: -M omega")      # = 0: ω = 0
    assert not identical(E[:2, 0], inverse_dynamics(ARM, q, qd, qdd))       # no inertia


def test_a_relative_kinetic_energy_added_to_the_links_is_wrong():
    K1 = kinetic_energy(ARM, q, qd, link=1)
    relative = (m2 * r2**2 + I2) * qd[1]**2 / 2             # link 2 seen from link 1
    assert not identical(K1 + relative, kinetic_energy(ARM, q, qd))
    assert not identical(euler_lagrange(K1 + relative - potential_energy(ARM, q), q, qd, qdd),
                         inverse_dynamics(ARM, q, qd, qdd))
    # König: link 2's own energy is its centre's speed plus its absolute spin
    elbow = sp.Matrix([-l1 * sp.sin(q[0]), l1 * sp.cos(q[0])]) * qd[0]
    angle = q[0] + q[1]
    spin = sp.Matrix([-r2 * sp.sin(angle), r2 * sp.cos(angle)]) * (qd[0] + qd[1])
    v2 = elbow + spin
    assert_identical(kinetic_energy(ARM, q, qd, link=2),
                     m2 * v2.dot(v2) / 2 + I2 * (qd[0] + qd[1])**2 / 2, "K2")


EQUATIONS = sp.Matrix([phidd[0] + sp.sin(phi[0]), phidd[1]])
test_bad_equations_are_refused_by_name = named_in_the_error([
    ("a parameter left as a symbol", lambda: simulate_equations(
        EQUATIONS + sp.Matrix([g, 0]), phi, phid, phidd, [0, 0], [0, 0], 1.0), ValueError,
     "equations", "numbers", "['g']"),
    ("equations not linear in the accelerations", lambda: simulate_equations(
        sp.Matrix([phidd[0]**2, phidd[1]]), phi, phid, phidd, [0, 0], [0, 0], 1.0),
     ValueError, "equations", "linear"),
    ("an acceleration missing", lambda: simulate_equations(
        sp.Matrix([phidd[0], phid[1]]), phi, phid, phidd, [0, 0], [0, 0], 1.0), ValueError,
     "equations", "singular"),
    ("one coordinate for two equations", lambda: simulate_equations(
        EQUATIONS, phi[:1], phid[:1], phidd[:1], [0], [0], 1.0), ValueError,
     "q", "2 entries", "1"),
    ("q0 of one coordinate", lambda: simulate_equations(
        EQUATIONS, phi, phid, phidd, [0], [0, 0], 1.0), ValueError,
     "q0", "2 entries", "1"),
    ("the equations as text", lambda: simulate_equations(
        "phiddot1", phi, phid, phidd, [0, 0], [0, 0], 1.0), TypeError,
     "equations", "sympy expression", "'phiddot1'"),
    ("a Lagrangian that is a matrix", lambda: euler_lagrange(sp.Matrix([phi[0]]), phi[:1],
                                                             phid[:1], phidd[:1]),
     TypeError, "lagrangian", "scalar", "1x1"),
    ("rates that are not symbols", lambda: euler_lagrange(phid[0]**2, phi[:1], [1.0],
                                                          phidd[:1]),
     TypeError, "qd[0]", "Symbol", "1.0"),
])



def test_chapter_4_worked_numbers():
    robot = planar_2r_distributed(**NUMBERS)
    rest = np.zeros(2)
    # T − V held level (zero of height at joint 1) and hanging; the torques that hold it
    assert -potential_energy(robot, rest) == pytest.approx(0.0)
    assert -potential_energy(robot, [-np.pi / 2, 0.0]) == pytest.approx(9.81 * (0.5 + 0.7))
    np.testing.assert_allclose(inverse_dynamics(robot, rest, rest, rest),
                               [9.81 * (2.0 * 0.25 + 1.0 * 0.5 + 1.0 * 0.2), 9.81 * 0.2])
    # link 2's energy with the arm turning as one body, θ2 = 0.5 rad, θ̇ = (1, 0)
    K2 = kinetic_energy(robot, [0.3, 0.5], [1.0, 0.0], link=2)
    assert K2 == pytest.approx((0.25 + 0.04 + 0.2 * np.cos(0.5)) / 2 + 0.16 / 24)
    # the flat arm's momentum p1 = M11 θ̇1 + M12 θ̇2 at θ2 = 90°, θ̇ = (2, −3)
    flat = planar_2r_distributed(**{**NUMBERS, "g": 0.0})
    M = kinetic_energy(flat, [0.0, np.pi / 2], [1.0, 0.0]) * 2           # M11
    assert M == pytest.approx(2 / 48 + 0.16 / 12 + 0.25 + 0.125 + 0.04)
    L = kinetic_energy(ARM, q, qd) - potential_energy(ARM, q)
    p1 = sp.diff(L, qd[0]).subs({sp.Symbol(k): v for k, v in NUMBERS.items()})
    assert float(p1.subs({q[0]: 0, q[1]: sp.pi / 2, qd[0]: 2, qd[1]: -3})) == pytest.approx(0.78)
