"""Properties of the dynamics on random chains of 1–6 joints (numbers, hypothesis).

Newton–Euler, the Lagrange manipulator form and the Lagrange–Euler trace form must give
the same torques; M is symmetric positive definite; Ṁ − 2C is skew-symmetric; the exact
∂M/∂q and ∂U/∂q agree with finite differences (used here only as an oracle).
"""

import numpy as np
from hypothesis import given, settings
from strategies import states

from robocourse import lagrange as la
from robocourse import lagrange_euler as le
from robocourse import newton_euler as ne
from robocourse.kinematics import link_frames
from robocourse.models import puma560

TOLERANCE = dict(rtol=1e-9, atol=1e-9)


@settings(max_examples=40)
@given(states())
def test_newton_euler_equals_lagrange(state):
    robot, q, qd, qdd = state
    np.testing.assert_allclose(ne.inverse_dynamics(robot, q, qd, qdd),
                               la.inverse_dynamics(robot, q, qd, qdd), **TOLERANCE)


@settings(max_examples=20)
@given(states(min_joints=6))
def test_newton_euler_equals_lagrange_and_trace_form_on_six_joints(state):
    robot, q, qd, qdd = state
    tau = ne.inverse_dynamics(robot, q, qd, qdd)
    np.testing.assert_allclose(la.inverse_dynamics(robot, q, qd, qdd), tau, **TOLERANCE)
    np.testing.assert_allclose(le.inverse_dynamics(robot, q, qd, qdd), tau, **TOLERANCE)


def test_puma_560_by_three_methods():
    """Chapter 6: NE vs numeric M, C, G (and the trace form) on the full arm."""
    robot = puma560()
    rng = np.random.default_rng(560)
    for q, qd, qdd in rng.uniform(-2, 2, size=(5, 3, 6)):
        tau = ne.inverse_dynamics(robot, q, qd, qdd)
        manipulator_form = (la.mass_matrix(robot, q) @ qdd + la.coriolis_matrix(robot, q, qd) @ qd
                            + la.gravity_load(robot, q))
        np.testing.assert_allclose(manipulator_form, tau, **TOLERANCE)
        np.testing.assert_allclose(le.inverse_dynamics(robot, q, qd, qdd), tau, **TOLERANCE)


@settings(max_examples=40)
@given(states())
def test_the_parts_agree_term_by_term(state):
    """NE-built M ≡ Jacobian M; velocity_product ≡ C q̇; gravity_load ≡ ∂U/∂q."""
    robot, q, qd, _ = state
    np.testing.assert_allclose(ne.mass_matrix(robot, q), la.mass_matrix(robot, q), **TOLERANCE)
    np.testing.assert_allclose(ne.velocity_product(robot, q, qd),
                               la.coriolis_matrix(robot, q, qd) @ qd, **TOLERANCE)
    np.testing.assert_allclose(ne.gravity_load(robot, q), la.gravity_load(robot, q),
                               **TOLERANCE)


@settings(max_examples=40)
@given(states())
def test_mass_matrix_is_symmetric_positive_definite(state):
    robot, q, _, _ = state
    M = la.mass_matrix(robot, q)
    np.testing.assert_allclose(M, M.T, **TOLERANCE)
    assert np.linalg.eigvalsh(M).min() > 0


@settings(max_examples=40)
@given(states())
def test_kinetic_energy_is_half_qd_M_qd(state):
    """Link-frame velocities (propagation) vs base-frame Jacobians: the same energy."""
    robot, q, qd, _ = state
    M = la.mass_matrix(robot, q)
    np.testing.assert_allclose(la.kinetic_energy(robot, q, qd), qd @ M @ qd / 2, **TOLERANCE)
    parts = sum(la.kinetic_energy(robot, q, qd, link=i) for i in range(1, robot.n + 1))
    np.testing.assert_allclose(parts, la.kinetic_energy(robot, q, qd), **TOLERANCE)


def _central_difference(f, q, direction, h=1e-6):
    return (f(q + h * direction) - f(q - h * direction)) / (2 * h)


@settings(max_examples=40)
@given(states())
def test_mass_matrix_derivatives_match_finite_differences(state):
    robot, q, qd, _ = state
    derivatives = la.mass_matrix_derivatives(robot, q)
    for k, dM in enumerate(derivatives):
        unit = np.eye(robot.n)[k]
        oracle = _central_difference(lambda x: la.mass_matrix(robot, x), q, unit)
        np.testing.assert_allclose(dM, oracle, rtol=1e-6, atol=1e-6)
    M_dot = sum(dM * rate for dM, rate in zip(derivatives, qd, strict=True))
    np.testing.assert_allclose(M_dot, _central_difference(lambda x: la.mass_matrix(robot, x),
                                                          q, qd), rtol=1e-6, atol=1e-6)


@settings(max_examples=40)
@given(states())
def test_M_dot_minus_2C_is_skew_symmetric(state):
    robot, q, qd, _ = state
    M_dot = sum(dM * rate for dM, rate in zip(la.mass_matrix_derivatives(robot, q), qd,
                                              strict=True))
    S = M_dot - 2 * la.coriolis_matrix(robot, q, qd)
    np.testing.assert_allclose(S, -S.T, **TOLERANCE)


@settings(max_examples=40)
@given(states())
def test_christoffel_symbols_are_symmetric_in_the_rates(state):
    robot, q, _, _ = state
    c = la.christoffel_symbols(robot, q)
    for (i, j, k), value in c.items():
        np.testing.assert_allclose(value, c[i, k, j], **TOLERANCE)


@settings(max_examples=40)
@given(states())
def test_gravity_load_is_the_gradient_of_potential_energy(state):
    robot, q, _, _ = state
    oracle = [_central_difference(lambda x: la.potential_energy(robot, x), q, unit)
              for unit in np.eye(robot.n)]
    np.testing.assert_allclose(la.gravity_load(robot, q), oracle, rtol=1e-6, atol=1e-6)


@settings(max_examples=30)
@given(states(max_joints=4))
def test_trace_form_equals_jacobian_form(state):
    robot, q, qd, qdd = state
    np.testing.assert_allclose(le.mass_matrix(robot, q), la.mass_matrix(robot, q), **TOLERANCE)
    np.testing.assert_allclose(le.gravity_load(robot, q), la.gravity_load(robot, q),
                               **TOLERANCE)
    np.testing.assert_allclose(le.velocity_product(robot, q, qd),
                               ne.velocity_product(robot, q, qd), **TOLERANCE)
    np.testing.assert_allclose(le.inverse_dynamics(robot, q, qd, qdd),
                               ne.inverse_dynamics(robot, q, qd, qdd), **TOLERANCE)


@settings(max_examples=30)
@given(states())
def test_transform_derivatives_match_finite_differences(state):
    robot, q, _, _ = state
    U = le.transform_derivatives(robot, q)
    for j, unit in enumerate(np.eye(robot.n), start=1):
        oracle = _central_difference(lambda x: np.array(link_frames(robot, x)[:-1]), q, unit)
        for i in range(1, robot.n + 1):
            np.testing.assert_allclose(U[i][j], oracle[i - 1], rtol=1e-6, atol=1e-6)
