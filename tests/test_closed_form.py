"""The closed-form equations of motion against Newton–Euler and the lecture's 2R answer."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from strategies import grid_chains

from robocourse import newton_euler
from robocourse.closed_form import closed_form, exact_arm
from robocourse.equivalence import assert_identical
from robocourse.models import planar_2r, planar_3r, puma560, rp_arm
from robocourse.robot import Link, SerialChain


@pytest.fixture(scope="module")
def puma():
    return closed_form(puma560())


def _close(a, b):
    return np.allclose(a, b, rtol=1e-9, atol=1e-9 * max(1.0, np.abs(b).max()))


def test_puma_matches_newton_euler_on_random_states(puma):
    form = puma
    robot = puma560()
    functions = {name: sp.lambdify(args, matrix, "numpy") for name, args, matrix in (
        ("M", [form.q], form.M), ("c", [form.q, form.qd], form.c), ("G", [form.q], form.G))}
    rng = np.random.default_rng(7)
    for _ in range(20):
        q, qd, qdd = rng.uniform(-np.pi, np.pi, size=(3, 6))
        M = np.array(functions["M"](q), dtype=float)
        c = np.array(functions["c"](q, qd), dtype=float).ravel()
        G = np.array(functions["G"](q), dtype=float).ravel()
        assert _close(M, newton_euler.mass_matrix(robot, q))
        assert _close(c, newton_euler.velocity_product(robot, q, qd))
        assert _close(G, newton_euler.gravity_load(robot, q))
        assert _close(M @ qdd + c + G, newton_euler.inverse_dynamics(robot, q, qd, qdd))


def test_puma_form_is_symmetric_compact_and_in_float_coefficients(puma):
    form = puma
    assert form.M == form.M.T
    assert not form.G[0].free_symbols and not form.G[5].free_symbols    # G depends on q2..q5
    assert all(x.is_Integer or isinstance(x, sp.Float) for x in form.M.atoms(sp.Number))
    assert sp.count_ops(form.M) + sp.count_ops(form.c) + sp.count_ops(form.G) < 5000
    assert sp.cos(form.q[1] + form.q[2]) in form.G.atoms(sp.cos)          # θ23 recombined


def test_puma_compiled_functions_match_newton_euler(puma):
    functions = puma.numeric_functions()
    robot = puma560()
    rng = np.random.default_rng(3)
    Q, QD, QDD = rng.uniform(-np.pi, np.pi, size=(3, 20, 6))
    expected = np.array([newton_euler.inverse_dynamics(robot, *state)
                         for state in zip(Q, QD, QDD, strict=True)])
    assert _close(functions["inverse_dynamics"].many(Q, QD, QDD), expected)
    assert _close(functions["mass_matrix"](Q[0]), newton_euler.mass_matrix(robot, Q[0]))
    assert _close(functions["velocity_product"](Q[0], QD[0]),
                  newton_euler.velocity_product(robot, Q[0], QD[0]))
    assert _close(functions["gravity_load"](Q[0]), newton_euler.gravity_load(robot, Q[0]))


def test_2r_is_the_lecture_answer_exactly():
    """SYLLABUS 3.2: the closed form of the point-mass 2R arm, term for term."""
    form = closed_form(planar_2r())
    t1, t2 = form.q
    w1, w2 = form.qd
    a1, a2 = form.qdd
    l1, l2, m1, m2, g = sp.symbols("l1 l2 m1 m2 g")
    s2, c1, c2, c12 = sp.sin(t2), sp.cos(t1), sp.cos(t2), sp.cos(t1 + t2)
    tau1 = (m2 * l2**2 * (a1 + a2) + m2 * l1 * l2 * c2 * (2 * a1 + a2) + (m1 + m2) * l1**2 * a1
            - m2 * l1 * l2 * s2 * w2**2 - 2 * m2 * l1 * l2 * s2 * w1 * w2
            + m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1)
    tau2 = m2 * l1 * l2 * c2 * a1 + m2 * l1 * l2 * s2 * w1**2 + m2 * l2 * g * c12 + m2 * l2**2 * (
        a1 + a2)
    assert_identical(form.tau, sp.Matrix([tau1, tau2]), "closed form and SYLLABUS 3.2")
    assert form.G == sp.Matrix([g * l1 * (m1 + m2) * c1 + g * l2 * m2 * c12,
                                g * l2 * m2 * c12]).expand()
    assert form.M[0, 1] == sp.expand(m2 * l2**2 + m2 * l1 * l2 * c2)


@pytest.mark.parametrize("robot", [planar_3r(), rp_arm()], ids=["3R", "R-P"])
def test_symbolic_arms_match_newton_euler_identically(robot):
    form = closed_form(robot)
    tau = newton_euler.inverse_dynamics(robot, form.q, form.qd, form.qdd)
    assert_identical(form.tau, tau, "closed form and Newton–Euler")


def test_exact_arm_keeps_decimals_and_right_angles():
    arm = exact_arm(puma560())
    assert arm.links[3].d == sp.Rational(4331, 10000)
    assert arm.links[3].alpha == sp.pi / 2
    assert arm.gravity[2] == sp.Rational(-981, 100)


@settings(max_examples=8)
@given(grid_chains())
def test_random_chains_match_newton_euler(robot):
    """Any twists and offsets (90°, 30°, 0.3 rad), mixed joints: the closed form is
    Newton–Euler to round-off."""
    form = closed_form(robot)
    Q, QD, QDD = np.random.default_rng(5).uniform(-2, 2, size=(3, 3, robot.n))
    for q, qd, qdd in zip(Q, QD, QDD, strict=True):
        tau = newton_euler.inverse_dynamics(robot, q, qd, qdd)
        np.testing.assert_allclose(form.inverse_dynamics(q, qd, qdd), tau, rtol=1e-12,
                                   atol=1e-12 * max(1.0, np.abs(tau).max()))


def test_twists_and_offsets_that_are_not_right_angles_are_angles_of_their_own():
    alpha, phi, m = sp.symbols("alpha phi m", positive=True)
    point = dict(mass=m, r_c=[1, 0, 0], I_c=sp.zeros(3))
    arm = SerialChain([Link(**point), Link(alpha=alpha, a=1, theta=phi, **point),
                       Link(alpha=sp.pi / 6, a=1, joint="P", **point)], name="twisted arm")
    form = closed_form(arm)
    q, qd, qdd = form.q, form.qd, form.qdd
    assert_identical(form.tau, newton_euler.inverse_dynamics(arm, q, qd, qdd))
    assert form.G.has(sp.sqrt(3))                                       # cos 30°, exactly
    assert form.M.has(sp.cos(alpha)) and form.M.has(sp.sin(phi))
    assert not form.M.atoms(sp.Dummy)


def test_a_parameter_outside_the_polynomials_is_named():
    m = sp.Symbol("m", positive=True)
    arm = SerialChain([Link(a=1.0, mass=1.0, r_c=[1, 0, 0], I_c=sp.zeros(3)),
                       Link(a=1.0, mass=sp.sqrt(m), r_c=[1, 0, 0], I_c=sp.zeros(3))],
                      name="odd arm")
    with pytest.raises(ValueError, match=r"closed_form cannot write the mass of link 2 of "
                                         r"'odd arm' \(sqrt\(m\)\) as a polynomial"):
        closed_form(arm)


def test_bad_input_is_named():
    with pytest.raises(TypeError, match="robot must be a SerialChain"):
        closed_form(planar_2r)
    with pytest.raises(ValueError, match="link 1 .* has no mass"):
        closed_form(SerialChain([Link(a=1.0)]))
    assert exact_arm(SerialChain([Link(a=0.5)])).links[0].a == sp.Rational(1, 2)
