"""Lagrange (SYLLABUS 4.1–4.4, 4.6) and its agreement with Newton–Euler, proved symbolically.

The symbolic results of each arm are derived once per module (``derived``); every test
then checks one identity exactly with ``assert_identical``.
"""

from functools import cache

import numpy as np
import pytest
import sympy as sp
from test_newton_euler import TAU1, TAU2, WITHOUT_MASS

from robocourse import lagrange as la
from robocourse import lagrange_euler as le
from robocourse import newton_euler as ne
from robocourse.equivalence import assert_identical
from robocourse.models import planar_2r, planar_2r_distributed, planar_3r, puma560, rp_arm
from robocourse.robot import Link, joint_symbols

ARMS = {"2R": planar_2r, "2R distributed": planar_2r_distributed, "R-P": rp_arm,
        "3R": planar_3r}

l1, l2, m1, m2, g = sp.symbols("l1 l2 m1 m2 g")
r1, r2, I1, I2 = sp.symbols("r1 r2 I1 I2")
Izz1, Izz2 = sp.symbols("Izz1 Izz2")
t1, t2 = sp.symbols("theta1 theta2")
w1, w2 = sp.symbols("thetadot1 thetadot2")
a1, a2 = sp.symbols("thetaddot1 thetaddot2")
d2, v2, acc2 = sp.symbols("d2 ddot2 dddot2")
s1, c1, s2, c2 = sp.sin(t1), sp.cos(t1), sp.sin(t2), sp.cos(t2)
c12 = sp.cos(t1 + t2)


@cache
def derived(name):
    """(arm, joint symbols, Euler–Lagrange τ, Newton–Euler τ) of a symbolic arm."""
    arm = ARMS[name]()
    symbols = joint_symbols(arm)
    return arm, symbols, la.lagrange_equations(arm), ne.inverse_dynamics(arm, *symbols)


# --- closed forms --------------------------------------------------------------------------

def test_2r_point_masses_by_energies():
    """SYLLABUS 4.1: the same τ as the Newton–Euler answer of 3.2."""
    _, _, tau, _ = derived("2R")
    assert_identical(tau, sp.Matrix([TAU1, TAU2]))


def test_energies_of_the_2r_arm():
    arm = planar_2r()
    assert_identical(la.potential_energy(arm, [t1, t2]),
                     g * ((m1 + m2) * l1 * s1 + m2 * l2 * sp.sin(t1 + t2)))
    kinetic = (m1 * l1**2 * w1**2 / 2
               + m2 * (l1**2 * w1**2 + l2**2 * (w1 + w2) ** 2
                       + 2 * l1 * l2 * c2 * w1 * (w1 + w2)) / 2)
    assert_identical(la.kinetic_energy(arm, [t1, t2], [w1, w2]), kinetic)
    assert_identical(la.kinetic_energy(arm, [t1, t2], [w1, w2], link=1), m1 * l1**2 * w1**2 / 2)
    assert_identical(la.total_energy(arm, [t1, t2], [w1, w2]),
                     kinetic + la.potential_energy(arm, [t1, t2]))


def test_2r_distributed_mass_matrix_gravity_and_christoffel():
    """SYLLABUS 4.2: M and G in closed form; C from the Christoffel symbols."""
    arm = planar_2r_distributed()
    M = sp.Matrix([[I1 + I2 + m1 * r1**2 + m2 * (l1**2 + r2**2 + 2 * l1 * r2 * c2),
                    I2 + m2 * (r2**2 + l1 * r2 * c2)],
                   [I2 + m2 * (r2**2 + l1 * r2 * c2), I2 + m2 * r2**2]])
    G = sp.Matrix([g * (m1 * r1 * c1 + m2 * (l1 * c1 + r2 * c12)), g * m2 * r2 * c12])
    h = m2 * l1 * r2 * s2
    assert_identical(la.mass_matrix(arm, [t1, t2]), M)
    assert_identical(la.gravity_load(arm, [t1, t2]), G)
    c = la.christoffel_symbols(arm, [t1, t2])                          # c[i, j, k] = c_ijk
    assert_identical(sp.Matrix(2, 2, lambda j, k: c[1, j + 1, k + 1]),
                     sp.Matrix([[0, -h], [-h, -h]]))
    assert_identical(sp.Matrix(2, 2, lambda j, k: c[2, j + 1, k + 1]), sp.Matrix([[h, 0], [0, 0]]))
    assert sorted(c) == [(i, j, k) for i in (1, 2) for j in (1, 2) for k in (1, 2)]
    assert_identical(la.coriolis_matrix(arm, [t1, t2], [w1, w2]),
                     sp.Matrix([[-h * w2, -h * (w1 + w2)], [h * w1, 0]]))
    dM = la.mass_matrix_derivatives(arm, [t1, t2])
    assert_identical(dM[0], sp.zeros(2))
    assert_identical(dM[1], M.diff(t2))


def test_rp_arm_equations_and_labelled_terms():
    """SYLLABUS 4.3 (Craig Ex. 6.5), with the inertial / Coriolis / centripetal / gravity terms."""
    _, _, tau, _ = derived("R-P")
    inertia = m1 * l1**2 + Izz1 + Izz2 + m2 * d2**2
    assert_identical(tau[0], inertia * a1 + 2 * m2 * d2 * v2 * w1 + (m1 * l1 + m2 * d2) * g * c1)
    assert_identical(tau[1], m2 * acc2 - m2 * d2 * w1**2 + m2 * g * s1)
    terms = la.equation_terms(rp_arm())
    assert_identical(terms.inertial, sp.Matrix([inertia * a1, m2 * acc2]))
    assert_identical(terms.coriolis, sp.Matrix([2 * m2 * d2 * v2 * w1, 0]))
    assert_identical(terms.centripetal, sp.Matrix([0, -m2 * d2 * w1**2]))
    assert_identical(terms.gravity, sp.Matrix([(m1 * l1 + m2 * d2) * g * c1, m2 * g * s1]))


def test_2r_labelled_terms_add_up_to_tau():
    _, _, tau, _ = derived("2R")
    terms = la.equation_terms(planar_2r())
    assert_identical(terms.coriolis, sp.Matrix([-2 * m2 * l1 * l2 * s2 * w1 * w2, 0]))
    assert_identical(terms.centripetal, sp.Matrix([-m2 * l1 * l2 * s2 * w2**2,
                                                   m2 * l1 * l2 * s2 * w1**2]))
    assert_identical(terms.inertial + terms.coriolis + terms.centripetal + terms.gravity, tau)


# --- two methods, proved equal ----------------------------------------------------------------

@pytest.mark.parametrize("name", ARMS)
def test_lagrange_equals_newton_euler(name):
    """SYLLABUS 3.2/4.1, 3.3/4.3, 4.2: energy differentiation ≡ the NE recursion."""
    _, _, tau_lagrange, tau_newton_euler = derived(name)
    assert_identical(tau_lagrange, tau_newton_euler)


@pytest.mark.parametrize("name", ARMS)
def test_manipulator_form_equals_newton_euler(name):
    """SYLLABUS 4.4: M q̈ + C q̇ + G (Jacobians, Christoffel symbols) ≡ NE τ."""
    arm, symbols, _, tau_newton_euler = derived(name)
    assert_identical(la.inverse_dynamics(arm, *symbols), tau_newton_euler)


@pytest.mark.parametrize("name", ["R-P", "3R"])
def test_jacobian_form_is_the_energy_differentiated(name):
    """SYLLABUS 4.4: M = ∂²K/∂q̇² (K from link-frame velocities) and G = ∂U/∂q."""
    arm, (q, qd, _), _, _ = derived(name)
    kinetic = la.kinetic_energy(arm, q, qd)
    assert_identical(sp.hessian(kinetic, qd), la.mass_matrix(arm, q))
    potential = la.potential_energy(arm, q)
    assert_identical(sp.Matrix([potential]).jacobian(q).T, la.gravity_load(arm, q))


@pytest.mark.parametrize("name", ARMS)
def test_mass_matrix_from_unit_accelerations(name):
    """SYLLABUS 3.4: M built column by column from NE ≡ the Jacobian-form M."""
    arm, (q, _, _), _, _ = derived(name)
    assert_identical(ne.mass_matrix(arm, q), la.mass_matrix(arm, q))


@pytest.mark.parametrize("name", ARMS)
def test_trace_form_equals_jacobian_form_and_newton_euler(name):
    """SYLLABUS 4.6: the Lagrange–Euler D, h, c ≡ the Jacobian-form M, C q̇, G ≡ NE."""
    arm, (q, qd, qdd), tau, tau_newton_euler = derived(name)
    assert_identical(le.mass_matrix(arm, q), la.mass_matrix(arm, q))
    assert_identical(le.gravity_load(arm, q), la.gravity_load(arm, q))
    assert_identical(le.velocity_product(arm, q, qd), la.coriolis_matrix(arm, q, qd) @ qd)
    assert_identical(le.inverse_dynamics(arm, q, qd, qdd), tau_newton_euler)


def test_pseudo_inertia_of_a_box_about_its_corner():
    """J = ∫ r rᵀ dm for a uniform box w x l x h with a corner at the frame origin."""
    m, w, l, h = sp.symbols("m w l h")
    box = Link(mass=m, r_c=[w / 2, l / 2, h / 2],
               I_c=sp.diag(m * (l**2 + h**2), m * (w**2 + h**2), m * (l**2 + w**2)) / 12)
    expected = sp.Matrix([[m * w**2 / 3, m * w * l / 4, m * w * h / 4, m * w / 2],
                          [m * w * l / 4, m * l**2 / 3, m * l * h / 4, m * l / 2],
                          [m * w * h / 4, m * l * h / 4, m * h**2 / 3, m * h / 2],
                          [m * w / 2, m * l / 2, m * h / 2, m]])
    assert_identical(le.pseudo_inertia(box), expected)


def test_joint_derivative_and_pseudo_inertia_take_the_kind_of_the_link():
    """Numbers or symbols is decided by the link's parameters, not by a flag."""
    numeric = Link(mass=2.0, r_c=[0.5, 0, 0], I_c=np.diag([0.0, 1.0, 1.0]))
    symbolic = planar_2r().links[1]                     # a = l1, mass m2: sympy symbols
    Q = le.joint_derivative_matrix(numeric)
    assert isinstance(Q, np.ndarray) and Q.dtype == float
    np.testing.assert_array_equal(Q[:2, :2], [[0, -1], [1, 0]])
    assert le.joint_derivative_matrix(symbolic) == sp.Matrix(
        [[0, -1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    assert le.joint_derivative_matrix(Link(joint="P", d=sp.Symbol("d")))[2, 3] == 1
    J = le.pseudo_inertia(numeric)
    assert isinstance(J, np.ndarray) and J.dtype == float
    np.testing.assert_allclose(J[0], [1.5, 0.0, 0.0, 1.0])       # ½ tr(C_I) − I_xx + m x̄², m x̄
    assert isinstance(le.pseudo_inertia(symbolic), sp.MatrixBase)


def test_transform_derivatives_are_derivatives():
    arm = planar_2r()
    U = le.transform_derivatives(arm, [t1, t2])
    T02 = sp.Matrix([[sp.cos(t1 + t2), -sp.sin(t1 + t2), 0, l1 * c1],
                     [sp.sin(t1 + t2), sp.cos(t1 + t2), 0, l1 * s1], [0, 0, 1, 0], [0, 0, 0, 1]])
    assert_identical(U[2][1], T02.diff(t1))
    assert_identical(U[2][2], T02.diff(t2))
    assert U[1][2] == sp.zeros(4)


# --- bad input -----------------------------------------------------------------------------------

NUMERIC_2R = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)


@pytest.mark.parametrize("call", [
    lambda robot: la.kinetic_energy(robot, [0, 0], [1, 1]),
    lambda robot: la.potential_energy(robot, [0, 0]),
    lambda robot: la.lagrange_equations(robot),
    lambda robot: la.mass_matrix(robot, [0, 0]),
    lambda robot: la.coriolis_matrix(robot, [0, 0], [1, 1]),
    lambda robot: la.velocity_product(robot, [0, 0], [1, 1]),
    lambda robot: la.gravity_load(robot, [0, 0]),
    lambda robot: le.mass_matrix(robot, [0, 0]),
    lambda robot: le.velocity_product(robot, [0, 0], [1, 1]),
    lambda robot: le.coriolis_matrix(robot, [0, 0], [1, 1]),
    lambda robot: le.gravity_load(robot, [0, 0]),
])
def test_missing_mass_properties_are_an_error(call):
    with pytest.raises(ValueError, match="link 2 of 'half-built' has no I_c"):
        call(WITHOUT_MASS)


def test_pseudo_inertia_needs_mass_properties():
    with pytest.raises(ValueError, match="pseudo_inertia needs the mass, r_c and I_c"):
        le.pseudo_inertia(Link(mass=1.0))


@pytest.mark.parametrize("call, error, match", [
    (lambda: la.mass_matrix(NUMERIC_2R, [0.0]), ValueError, "q must have 2 entries"),
    (lambda: la.coriolis_matrix(NUMERIC_2R, [0, 0], [1, 1, 1]), ValueError,
     "qd must have 2 entries"),
    (lambda: la.inverse_dynamics(NUMERIC_2R, [0, 0], [0, 0], [0]), ValueError,
     "qdd must have 2 entries"),
    (lambda: le.inverse_dynamics(NUMERIC_2R, [0, 0], [0, 0, 0], [0, 0]), ValueError,
     "qd must have 2 entries"),
    (lambda: la.kinetic_energy(NUMERIC_2R, [0, 0], [1, 1], link=3), ValueError,
     "link must be an integer from 1 to 2"),
    (lambda: la.potential_energy(NUMERIC_2R, [0, 0], link=0), ValueError,
     "link must be an integer from 1 to 2"),
    (lambda: la.gravity_load(NUMERIC_2R, "up"), TypeError, "q must be a sequence"),
    (lambda: la.kinetic_energy(NUMERIC_2R, [0, 0], [1, None]), TypeError,
     r"qd\[1\] must be a number"),
    (lambda: le.transform_derivatives(NUMERIC_2R, None), TypeError, "q must be a sequence"),
])
def test_bad_input_is_refused(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_puma_from_its_energies_is_newton_euler():
    """Issue 16: the PUMA 560 by energy differentiation, reduced as polynomials (as the
    closed form writes it), is Newton–Euler at random states."""
    robot = puma560()
    tau = la.lagrange_equations(robot)
    q, qd, qdd = joint_symbols(robot)
    function = sp.lambdify([q, qd, qdd], tau, "numpy")
    rng = np.random.default_rng(11)
    for state in rng.uniform(-2, 2, size=(5, 3, 6)):
        np.testing.assert_allclose(np.ravel(function(*state)), ne.inverse_dynamics(robot, *state),
                                   rtol=1e-12, atol=1e-12)
