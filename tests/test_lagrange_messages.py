"""Chapter 4's Lagrange route, word for word and index by index: its errors with the whole
sentence a student reads, and every verb on arms of three and more links (the PUMA 560, a
random chain with prismatic joints) against Newton–Euler and finite differences."""

import numpy as np
import pytest
import sympy as sp

from robocourse import lagrange as L
from robocourse import newton_euler as NE
from robocourse.models import planar_2r, planar_3r, puma560, random_chain
from robocourse.robot import joint_symbols
from tests.bad_input import raised

ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
q_, w_, a_ = sp.symbols("q w a")
ROBOTS = {"puma": puma560(), "random RPP": random_chain(3, seed=4)}
rng = np.random.default_rng(11)
STATES = {name: tuple(rng.uniform(-1, 1, robot.n) for _ in range(3))
          for name, robot in ROBOTS.items()}
WRENCH = np.array([1.0, -2.0, 3.0, 0.5, -0.4, 0.3])

MESSAGES = [
    (lambda: L.euler_lagrange(sp.Matrix([[1, 2], [3, 4], [5, 6]]), [q_], [w_], [a_]), TypeError,
     "lagrangian must be one scalar expression L = K − U; got a 3x2 matrix"),
    (lambda: L.euler_lagrange(sp.Matrix([[q_, w_, a_]]), [q_], [w_], [a_]), TypeError,
     "lagrangian must be one scalar expression L = K − U; got a 1x3 matrix"),
    (lambda: L.euler_lagrange("hello", [q_], [w_], [a_]), TypeError,
     "lagrangian must be a sympy expression or Matrix; got 'hello'"),
    (lambda: L.time_derivative("hello", [q_], [w_], [a_]), TypeError,
     "expr must be a sympy expression or Matrix; got 'hello'"),
    *((lambda function=function: function(q_ * w_, [q_], [q_], [a_]), ValueError,
       "q, qd and qdd must be different symbols; got q in q and in qd")
      for function in (L.euler_lagrange, L.time_derivative)),
    *((lambda function=function: function(q_ * w_, [q_], [w_], [q_]), ValueError,
       "q, qd and qdd must be different symbols; got q in q and in qdd")
      for function in (L.euler_lagrange, L.time_derivative)),
    *((lambda function=function: function(q_ * w_, [q_], [w_], [w_]), ValueError,
       "q, qd and qdd must be different symbols; got w in qd and in qdd")
      for function in (L.euler_lagrange, L.time_derivative)),
    (lambda: L.kinetic_energy(ARM, [0, 0], [0, 0], link=3), ValueError,
     "link must be an integer from 1 to 2 (or None for all links); got 3"),
    (lambda: L.potential_energy(ARM, [0, 0], link=0), ValueError,
     "link must be an integer from 1 to 2 (or None for all links); got 0"),
    (lambda: L.christoffel_symbols(ARM, [0.0, 0.0])[3, 1, 1], KeyError,
     repr("christoffel_symbols(...)[i, j, k] is numbered by joints from 1 to 2, as in Craig "
          "([1, 1, 2] is c_112); got (3, 1, 1)")),
    (lambda: L.christoffel_symbols(ARM, [0.0, 0.0])[0, 1, 1], KeyError,
     repr("christoffel_symbols(...)[i, j, k] is numbered by joints from 1 to 2, as in Craig "
          "([1, 1, 2] is c_112); got (0, 1, 1)")),
]


@pytest.mark.parametrize(("call", "error", "message"), MESSAGES)
def test_every_error_of_the_lagrange_route_reads_as_written(call, error, message):
    assert str(raised(call, error)) == message


def test_the_euler_lagrange_equation_of_a_pendulum_on_a_cart():
    x, th, v, w, a, b = sp.symbols("x theta v omega a b")
    m, M, l, g = sp.symbols("m M l g", positive=True)
    K = (M + m) * v**2 / 2 + m * l * v * w * sp.cos(th) + m * l**2 * w**2 / 2
    U = -m * g * l * sp.cos(th)
    lhs = L.euler_lagrange(K - U, [x, th], [v, w], [a, b])
    expected = sp.Matrix([(M + m) * a + m * l * b * sp.cos(th) - m * l * w**2 * sp.sin(th),
                          m * l * a * sp.cos(th) + m * l**2 * b + m * g * l * sp.sin(th)])
    assert sp.simplify(lhs - expected).is_zero_matrix


def test_the_time_derivative_of_an_expression_and_of_a_matrix():
    q, qd, qdd = sp.symbols("q1 q2"), sp.symbols("v1 v2"), sp.symbols("a1 a2")
    expr = q[0] ** 2 * qd[1] + sp.sin(q[1])
    assert sp.expand(L.time_derivative(expr, q, qd, qdd)
                     - (2 * q[0] * qd[0] * qd[1] + q[0] ** 2 * qdd[1]
                        + sp.cos(q[1]) * qd[1])) == 0
    matrix = L.time_derivative(sp.Matrix([q[1], qd[0]]), q, qd, qdd)
    assert matrix == sp.Matrix([qd[1], qdd[0]])


@pytest.mark.parametrize("name", ROBOTS)
def test_the_five_verbs_agree_with_newton_euler(name):
    robot, (q, qd, qdd) = ROBOTS[name], STATES[name]
    assert np.allclose(L.mass_matrix(robot, q), NE.mass_matrix(robot, q))
    assert np.allclose(L.coriolis_matrix(robot, q, qd), NE.coriolis_matrix(robot, q, qd))
    assert np.allclose(L.velocity_product(robot, q, qd), NE.velocity_product(robot, q, qd))
    assert np.allclose(L.gravity_load(robot, q), NE.gravity_load(robot, q))
    tilted = [1.0, -2.0, -9.0]
    assert np.allclose(L.gravity_load(robot, q, gravity=tilted),
                       NE.gravity_load(robot, q, gravity=tilted))
    for frame in ("base", "tool"):
        assert np.allclose(
            L.inverse_dynamics(robot, q, qd, qdd, wrench=WRENCH, frame=frame, gravity=tilted),
            NE.inverse_dynamics(robot, q, qd, qdd, wrench=WRENCH, frame=frame, gravity=tilted))
    assert np.allclose(L.inverse_dynamics(robot, q, qd, qdd),
                       NE.inverse_dynamics(robot, q, qd, qdd))


@pytest.mark.parametrize("name", ROBOTS)
def test_the_energies_link_by_link(name):
    robot, (q, qd, _) = ROBOTS[name], STATES[name]
    M = NE.mass_matrix(robot, q)
    K = [L.kinetic_energy(robot, q, qd, link=i) for i in range(1, robot.n + 1)]
    U = [L.potential_energy(robot, q, link=i) for i in range(1, robot.n + 1)]
    assert L.kinetic_energy(robot, q, qd) == pytest.approx(sum(K))
    assert sum(K) == pytest.approx(qd @ M @ qd / 2)
    assert L.potential_energy(robot, q) == pytest.approx(sum(U))
    assert L.total_energy(robot, q, qd) == pytest.approx(sum(K) + sum(U))
    assert all(k >= 0 for k in K) and len(set(np.round(K, 12))) == robot.n
    h = 1e-6
    gradient = [(L.potential_energy(robot, q + h * e) - L.potential_energy(robot, q - h * e))
                / (2 * h) for e in np.eye(robot.n)]
    assert np.allclose(gradient, L.gravity_load(robot, q), atol=1e-6)


def test_the_kinetic_energy_of_link_two_alone_of_a_three_link_arm():
    robot, (q, qd, _) = ROBOTS["puma"], STATES["puma"]
    single = robot.links[1]
    only_two = L.kinetic_energy(robot, q, qd, link=2)
    lighter = type(robot)([*robot.links[:1], type(single)(
        alpha=single.alpha, a=single.a, d=single.d, theta=single.theta, joint=single.joint,
        mass=0.0, r_c=single.r_c, I_c=np.zeros((3, 3))), *robot.links[2:]], tool=robot.tool,
        gravity=robot.gravity)
    assert L.kinetic_energy(robot, q, qd) - L.kinetic_energy(lighter, q, qd) == pytest.approx(
        only_two)
    assert L.potential_energy(robot, q) - L.potential_energy(lighter, q) == pytest.approx(
        L.potential_energy(robot, q, link=2))


@pytest.mark.parametrize("name", ROBOTS)
def test_the_mass_matrix_derivatives_and_the_christoffel_symbols(name):
    robot, (q, qd, _) = ROBOTS[name], STATES[name]
    n, h = robot.n, 1e-6
    dM = L.mass_matrix_derivatives(robot, q)
    for k in range(n):
        e = np.eye(n)[k]
        finite = (L.mass_matrix(robot, q + h * e) - L.mass_matrix(robot, q - h * e)) / (2 * h)
        assert np.allclose(dM[k], finite, atol=1e-6)
    c = L.christoffel_symbols(robot, q)
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            for k in range(1, n + 1):
                assert c[i, j, k] == pytest.approx(
                    (dM[k - 1][i - 1, j - 1] + dM[j - 1][i - 1, k - 1]
                     - dM[i - 1][j - 1, k - 1]) / 2)
                assert c[i, j, k] == pytest.approx(c[i, k, j])
    C = L.coriolis_matrix(robot, q, qd)
    M_dot = sum(dM[k] * qd[k] for k in range(n))
    assert np.allclose(M_dot - 2 * C, -(M_dot - 2 * C).T)


def test_the_labelled_terms_of_a_three_link_planar_arm_rebuild_its_equations():
    robot = planar_3r(lengths=[1, 1, 1], masses=[1, 1, 1], com_distances=[sp.Rational(1, 2)] * 3,
                      inertias=[0, 0, 0], g=10)
    terms = L.equation_terms(robot)
    tau = L.lagrange_equations(robot)
    total = terms.inertial + terms.coriolis + terms.centripetal + terms.gravity
    q, qd, qdd = joint_symbols(robot)
    values = [0.3, -0.2, 0.5], [1.0, 2.0, -1.0], [0.5, -0.5, 0.2]
    at = {s: v for symbols, numbers in zip((q, qd, qdd), values, strict=True)
          for s, v in zip(symbols, numbers, strict=True)}
    assert np.allclose(np.array(total.subs(at), dtype=float),
                       np.array(tau.subs(at), dtype=float))
    assert np.allclose(np.array(tau.subs(at), dtype=float).ravel(),
                       np.array(NE.inverse_dynamics(robot, [0.3, -0.2, 0.5], [1.0, 2.0, -1.0],
                                                    [0.5, -0.5, 0.2]), dtype=float).ravel())
    assert terms.coriolis.subs({qd[0]: 0, qd[1]: 0}).is_zero_matrix
    assert not terms.coriolis.subs({qd[0]: 0}).is_zero_matrix     # θ̇2 θ̇3 is a pair too
    assert terms.gravity.free_symbols <= set(q)


def test_the_equations_of_a_numeric_arm_have_floats_and_of_symbolic_masses_exact_fractions():
    """Lengths as floats with symbolic masses: the symbols decide, so the coefficients are
    exact (m2/16); every parameter a number: floats (0.125)."""
    t2dd = sp.Symbol("thetaddot2")
    symbolic = L.lagrange_equations(planar_2r(l1=0.5, l2=0.25))
    assert not symbolic.atoms(sp.Float)
    assert symbolic[1].coeff(t2dd) == sp.Symbol("m2") / 16
    numeric = L.lagrange_equations(planar_2r(l1=0.5, l2=0.25, m1=1.0, m2=2.0, g=9.81))
    assert numeric[1].coeff(t2dd) == sp.Float(0.125)
    assert isinstance(numeric[1].coeff(t2dd), sp.Float)
