"""Chapter 8: the spatial algorithms against the routes of chapters 3, 4 and 5.

Spatial RNEA = Craig's Newton–Euler = Lagrange on 1,000 random robots (hypothesis; mixed
revolute and prismatic joints, a tool offset, any gravity); CRBA = the mass matrix of
Newton–Euler and of Lagrange, symmetric positive definite; ABA inverts RNEA and equals
``M⁻¹(τ − c − G)``; the same, exactly, on the symbolic 2R and R-P arms; every link's spatial
quantities are Craig's; and the operation counts grow as the algorithms say."""

import functools

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import chains, joint_vectors, states

from robocourse import lagrange as la
from robocourse import newton_euler as ne
from robocourse import simulate, spatial
from robocourse.frames import velocity_transform
from robocourse.friction import Friction
from robocourse.inertia import UnphysicalInertiaWarning
from robocourse.models import planar_2r, puma560, random_chain, rp_arm
from robocourse.robot import Link, SerialChain, joint_symbols

TOLERANCE = dict(rtol=1e-9, atol=1e-9)


@settings(max_examples=1000)
@given(states())
def test_spatial_rnea_equals_craig_newton_euler_and_lagrange(state):
    robot, q, qd, qdd = state
    tau = spatial.rnea(robot, q, qd, qdd)
    np.testing.assert_allclose(tau, ne.inverse_dynamics(robot, q, qd, qdd), **TOLERANCE)
    np.testing.assert_allclose(tau, la.inverse_dynamics(robot, q, qd, qdd), **TOLERANCE)


@settings(max_examples=60)
@given(states(), st.lists(st.floats(-5, 5), min_size=6, max_size=6),
       st.sampled_from(["base", "tool"]), st.sampled_from([None, 0, [0.0, 3.0, -4.0]]))
def test_spatial_rnea_takes_the_load_and_gravity_as_newton_euler_does(state, wrench, frame,
                                                                       gravity):
    robot, q, qd, qdd = state
    np.testing.assert_allclose(
        spatial.rnea(robot, q, qd, qdd, wrench=wrench, frame=frame, gravity=gravity),
        ne.inverse_dynamics(robot, q, qd, qdd, wrench=wrench, frame=frame, gravity=gravity),
        **TOLERANCE)


@settings(max_examples=100)
@given(states())
def test_every_link_of_the_spatial_recursion_is_craigs(state):
    """ω and ω̇ are the angular halves; Craig's v̇ of the origin is ``a_lin + ω × v_lin``
    (Featherstone's spatial acceleration is not the classic one); ``f`` is ``[f_i; n_i]``."""
    robot, q, qd, qdd = state
    spatial_result, craig = spatial.spatial_newton_euler(robot, q, qd, qdd), ne.newton_euler(
        robot, q, qd, qdd)
    for i in range(1, robot.n + 1):
        link, classic = spatial_result.link(i), craig.link(i)
        np.testing.assert_allclose(link.v[3:], classic.omega, **TOLERANCE)
        np.testing.assert_allclose(link.a[3:], classic.omega_dot, **TOLERANCE)
        np.testing.assert_allclose(link.a[:3] + np.cross(link.v[3:], link.v[:3]), classic.vdot,
                                   **TOLERANCE)
        np.testing.assert_allclose(link.f, np.concatenate([classic.f, classic.n]), **TOLERANCE)


@settings(max_examples=200)
@given(states())
def test_crba_is_the_mass_matrix_and_symmetric_positive_definite(state):
    robot, q, _, _ = state
    H = spatial.crba(robot, q)
    np.testing.assert_allclose(H, ne.mass_matrix(robot, q), **TOLERANCE)
    np.testing.assert_allclose(H, la.mass_matrix(robot, q), **TOLERANCE)
    np.testing.assert_array_equal(H, H.T)
    assert np.linalg.eigvalsh(H).min() > 0


def _relative_error(x, y):
    return np.abs(x - y).max() / max(1.0, np.abs(y).max())


@settings(max_examples=300)
@given(states())
def test_aba_inverts_rnea(state):
    """``aba(q, q̇, rnea(q, q̇, q̈)) = q̈`` to 1e-12 of the size of the numbers, times the
    condition number of M (an ill-conditioned M loses digits in every method)."""
    robot, q, qd, qdd = state
    condition = np.linalg.cond(spatial.crba(robot, q))
    assert _relative_error(spatial.aba(robot, q, qd, spatial.rnea(robot, q, qd, qdd)),
                           qdd) < 1e-12 * max(1.0, condition / 100)


@settings(max_examples=200)
@given(chains(), st.data())
def test_aba_equals_m_inverse_of_tau_minus_c_minus_g_with_friction(robot, data):
    q, qd, tau = (data.draw(joint_vectors(robot.n)) for _ in range(3))
    friction = Friction(np.full(robot.n, 0.3), np.full(robot.n, 0.2))
    qdd = spatial.aba(robot, q, qd, tau, friction=friction)
    condition = np.linalg.cond(spatial.crba(robot, q))
    for other in (simulate.forward_dynamics(robot, q, qd, tau, friction=friction),
                  spatial.forward_dynamics_by_crba(robot, q, qd, tau, friction=friction)):
        assert _relative_error(qdd, other) < 1e-12 * max(1.0, condition / 100)


def test_the_puma_560_by_four_routes():
    """Chapter 6's arm: spatial RNEA, CRBA and ABA against Newton–Euler and Lagrange."""
    robot, rng = puma560(), np.random.default_rng(8)
    for q, qd, qdd in rng.uniform(-2, 2, size=(10, 3, 6)):
        tau = spatial.rnea(robot, q, qd, qdd)
        assert np.abs(tau - ne.inverse_dynamics(robot, q, qd, qdd)).max() < 1e-12
        assert np.abs(tau - la.inverse_dynamics(robot, q, qd, qdd)).max() < 1e-12
        assert np.abs(spatial.crba(robot, q) - la.mass_matrix(robot, q)).max() < 1e-13
        assert _relative_error(spatial.aba(robot, q, qd, tau), qdd) < 1e-12
        assert _relative_error(spatial.aba(robot, q, qd, tau),
                               simulate.forward_dynamics(robot, q, qd, tau)) < 1e-12


@pytest.mark.slow
@pytest.mark.parametrize("model", [planar_2r, rp_arm], ids=["2R", "R-P"])
def test_symbolic_equality_on_the_lecture_arms(model):
    """Exactly, in symbols: spatial RNEA = Newton–Euler = Lagrange, CRBA = Lagrange's M,
    ABA = M⁻¹(τ − c − G) and the route through CRBA."""
    arm = model()
    q, qd, qdd = joint_symbols(arm)
    tau = spatial.rnea(arm, q, qd, qdd)
    assert sp.simplify(tau - ne.inverse_dynamics(arm, q, qd, qdd)) == sp.zeros(2, 1)
    assert sp.simplify(tau - la.inverse_dynamics(arm, q, qd, qdd)) == sp.zeros(2, 1)
    M = spatial.crba(arm, q)
    assert sp.simplify(M - la.mass_matrix(arm, q)) == sp.zeros(2, 2)
    torques = sp.Matrix(sp.symbols("tau1 tau2"))
    expected = M.LUsolve(torques - ne.velocity_product(arm, q, qd) - ne.gravity_load(arm, q))
    for qdd_found in (spatial.aba(arm, q, qd, torques),
                      spatial.forward_dynamics_by_crba(arm, q, qd, torques)):
        assert sp.simplify(qdd_found - expected) == sp.zeros(2, 1)


def test_the_spatial_transform_is_chapter_1s_velocity_transform():
    arm, q = puma560(), [0.3, -0.5, 0.4, 0.6, 0.7, -0.8]
    for X, link, q_i in zip(spatial.spatial_transforms(arm, q), arm.links, q, strict=False):
        T = link.transform(q_i)
        np.testing.assert_allclose(X, velocity_transform(T[:3, :3], T[:3, 3]))


def test_cross_products_keep_power_and_spatial_inertia_keeps_energy():
    rng = np.random.default_rng(3)
    v, m, f = rng.normal(size=(3, 6))
    assert np.isclose((spatial.crf(v) @ f) @ m, -f @ (spatial.crm(v) @ m))
    np.testing.assert_allclose(spatial.crm(v) @ v, np.zeros(6), atol=1e-15)
    robot = random_chain(1, seed=4)
    link = robot.links[0]
    I = spatial.spatial_inertia(link.mass, link.r_c, link.I_c)
    # ½ vᵀ I v = ½ m |v_C|² + ½ ωᵀ C_I ω, with v_C = v_O + ω × c
    v_c = v[:3] + np.cross(v[3:], link.r_c)
    assert np.isclose(v @ I @ v, link.mass * v_c @ v_c + v[3:] @ link.I_c @ v[3:])


def test_a_massless_arm_has_no_articulated_inertia():
    arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=0.0, g=9.81)
    for forward in (spatial.aba, spatial.forward_dynamics_by_crba):
        with pytest.raises(ValueError, match=r"singular at q = \[0.0, 0.3\]"):
            forward(arm, [0.0, 0.3], [0.0, 0.0], [0.0, 0.0])


# --- the cost --------------------------------------------------------------------------


def test_the_counted_run_computes_what_the_numbers_do():
    """The counting scalars run the same kernels: their values are the float results."""
    robot = random_chain(5, seed=2)
    model = spatial._model(robot, [0.3] * 5, spatial.B.NUMBERS)
    tally = spatial._Tally()
    wrap = np.vectorize(lambda x: 0 if x == 0 else spatial._Counted(x, tally), otypes=[object])
    counted = spatial._Model([wrap(X) for X in model.X], model.S, [wrap(I) for I in model.I])
    qd, tau = np.linspace(-1, 1, 5), np.linspace(2, -1, 5)
    a0 = spatial._base_acceleration(robot.gravity, spatial.B.NUMBERS)
    found = spatial._aba(counted, wrap(qd), wrap(tau), wrap(a0), spatial._COUNTING)
    np.testing.assert_allclose([x.value for x in found], spatial.aba(robot, [0.3] * 5, qd, tau),
                               rtol=1e-12)
    assert tally.multiplications > 0 and tally.additions > 0


def _ldl_counts(n):
    """The multiplications and additions of ``_ldl_solve``, counted by hand:
    factor (w: j, D: j and j, L_ij: j + 1 and j), forward (i and i), back (n − i and
    n − i − 1)."""
    multiplications = sum(2 * j + (n - j - 1) * (j + 1) for j in range(n)) + sum(
        i + (n - i) for i in range(n))
    additions = sum(j + (n - j - 1) * j for j in range(n)) + sum(
        i + (n - i - 1) for i in range(n))
    return multiplications, additions


@pytest.mark.parametrize("n", [1, 2, 5, 12])
def test_the_counted_cholesky_is_the_count_by_hand(n):
    tally = spatial._Tally()
    rng = np.random.default_rng(n)
    A = rng.normal(size=(n, n))
    H = np.vectorize(lambda x: spatial._Counted(x, tally), otypes=[object])(A @ A.T + n * np.eye(n))
    b = np.array([spatial._Counted(x, tally) for x in rng.normal(size=n)], dtype=object)
    spatial._ldl_solve(H, b, spatial._COUNTING)
    assert (tally.multiplications, tally.additions) == _ldl_counts(n)


@functools.cache
def _operation_counts(n, joints):
    """``operation_counts`` of the random chain of ``n`` joints (seed ``n``): it counts every
    algorithm in one run, once for all the tests that read it."""
    return spatial.operation_counts(random_chain(n, seed=n, joints=joints))


def _counts(name, sizes, joints="R"):
    return [_operation_counts(n, joints)[name] for n in sizes]


def test_the_counts_depend_on_the_joints_not_on_the_numbers():
    for joints in ("R", "P"):
        first, second = (spatial.operation_counts(random_chain(6, seed=s, joints=joints))
                         for s in (1, 2))
        assert first == second


@pytest.mark.parametrize("name, degree", [("rnea", 1), ("aba", 1), ("crba", 2),
                                          ("forward_dynamics_by_crba", 3)])
def test_the_counts_grow_as_the_algorithms_say(name, degree):
    """On all-revolute chains the counts are polynomials in n (from 3 joints on) of the
    degree of the algorithm: their differences of that order are constant, the next zero."""
    counts = np.array(_counts(name, range(3, 10)))
    differences = np.diff(counts, n=degree, axis=0)
    assert (differences == differences[0]).all() and (differences[0] > 0).all()


def test_aba_beats_the_crba_route_from_the_crossover_on():
    """The O(n) algorithm costs more than the O(n³) route on short chains (from 2 joints:
    one joint is one division either way) and less on long ones, from the crossover on."""
    aba, route = (np.array(_counts(name, range(1, 31))).sum(axis=1) for name in
                  ("aba", "forward_dynamics_by_crba"))
    cheaper = aba < route
    assert not cheaper[1]                                     # two joints
    crossover = 2 + int(np.argmax(cheaper[1:]))
    assert crossover <= 10 and cheaper[crossover - 1:].all()


def test_a_tensor_loaded_with_physical_false_is_taken_as_newton_euler_takes_it():
    """roboticstoolbox's PUMA breaks the triangle inequality: loaded anyway (physical=False),
    the spatial algorithms use it as chapter 3's recursion does."""
    with pytest.warns(UnphysicalInertiaWarning):
        robot = SerialChain([Link(mass=1.0, r_c=[0.1, 0, 0], I_c=np.diag([0.1, 0.5, 0.1]),
                                  physical=False),
                             Link(a=0.5, mass=1.0, r_c=[0.1, 0, 0], I_c=np.eye(3) * 0.1)])
    state = [0.1, 0.2], [0.3, 0.4], [0.5, 0.6]
    np.testing.assert_allclose(spatial.rnea(robot, *state), ne.inverse_dynamics(robot, *state),
                               **TOLERANCE)
