"""Newton–Euler (chapter 3, §3.2, §3.3): every intermediate of the lecture's 2R recursion,
the R-P arm, the tip load against the statics of chapter 1, and bad input.

``assert_identical`` (also used by test_lagrange) proves symbolic identities exactly."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import chains, joint_vectors

from robocourse import newton_euler as ne
from robocourse.equivalence import assert_identical
from robocourse.frames import rotation
from robocourse.kinematics import forward_kinematics, jacobian_by_propagation
from robocourse.models import planar_2r, planar_2r_distributed, rp_arm
from robocourse.robot import Link, SerialChain, joint_symbols

# --- chapter 3, §3.2: the 2R arm with point masses, symbolic ---------------------------

l1, l2, m1, m2, g = sp.symbols("l1 l2 m1 m2 g")
t1, t2 = sp.symbols("theta1 theta2")
w1, w2 = sp.symbols("thetadot1 thetadot2")
a1, a2 = sp.symbols("thetaddot1 thetaddot2")
s1, c1, s2, c2 = sp.sin(t1), sp.cos(t1), sp.sin(t2), sp.cos(t2)
s12, c12 = sp.sin(t1 + t2), sp.cos(t1 + t2)

TAU1 = (m2 * l2**2 * (a1 + a2) + m2 * l1 * l2 * c2 * (2 * a1 + a2) + (m1 + m2) * l1**2 * a1
        - m2 * l1 * l2 * s2 * w2**2 - 2 * m2 * l1 * l2 * s2 * w1 * w2
        + m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1)
TAU2 = (m2 * l1 * l2 * c2 * a1 + m2 * l1 * l2 * s2 * w1**2 + m2 * l2 * g * c12
        + m2 * l2**2 * (a1 + a2))


@pytest.fixture(scope="module")
def two_r():
    arm = planar_2r()
    return ne.newton_euler(arm, *joint_symbols(arm))


def test_2r_link1_outward(two_r):
    link = two_r.link(1)
    assert link.omega == sp.Matrix([0, 0, w1])
    assert link.omega_dot == sp.Matrix([0, 0, a1])
    assert link.vdot == sp.Matrix([g * s1, g * c1, 0])
    assert_identical(link.vdot_c, sp.Matrix([-l1 * w1**2 + g * s1, l1 * a1 + g * c1, 0]))
    assert_identical(link.F, m1 * link.vdot_c)
    assert link.N == sp.zeros(3, 1)


def test_2r_link2_outward(two_r):
    link = two_r.link(2)
    vdot2 = sp.Matrix([l1 * a1 * s2 - l1 * w1**2 * c2 + g * s12,
                       l1 * a1 * c2 + l1 * w1**2 * s2 + g * c12, 0])
    assert link.omega == sp.Matrix([0, 0, w1 + w2])
    assert link.omega_dot == sp.Matrix([0, 0, a1 + a2])
    assert_identical(link.vdot, vdot2)
    assert_identical(link.vdot_c, vdot2 + sp.Matrix([-l2 * (w1 + w2) ** 2, l2 * (a1 + a2), 0]))
    assert_identical(link.F, m2 * link.vdot_c)
    assert link.N == sp.zeros(3, 1)


def test_2r_inward_and_torques(two_r):
    inner, outer = two_r.link(1), two_r.link(2)
    assert_identical(outer.f, outer.F)                        # no load at the tip
    assert_identical(outer.n, sp.Matrix([0, 0, l2 * outer.F[1]]))
    assert_identical(inner.n[:2, :], sp.zeros(2, 1))          # planar: moments along Z only
    assert_identical(outer.n[2], two_r.tau[1])
    assert_identical(inner.n[2], two_r.tau[0])
    assert_identical(two_r.tau, sp.Matrix([TAU1, TAU2]))


def test_2r_base_force_is_newtons_law_for_the_whole_arm(two_r):
    """1f1 turned into {0} equals Σ m_i (p̈_Ci + [0, g, 0]), from differentiating positions."""
    q, qd, qdd = sp.Matrix([t1, t2]), sp.Matrix([w1, w2]), sp.Matrix([a1, a2])

    def d_dt(expr):                                   # chain rule over q and q̇
        return expr.jacobian(q) @ qd + expr.jacobian(qd) @ qdd

    com1 = sp.Matrix([l1 * c1, l1 * s1, 0])
    com2 = com1 + sp.Matrix([l2 * c12, l2 * s12, 0])
    up = sp.Matrix([0, g, 0])
    expected = m1 * (d_dt(d_dt(com1)) + up) + m2 * (d_dt(d_dt(com2)) + up)
    R01 = sp.Matrix([[c1, -s1, 0], [s1, c1, 0], [0, 0, 1]])
    assert_identical(R01 @ two_r.link(1).f, expected)


def test_2r_static_tip_force_is_chapter_1():
    """Chapter 1, §1.1: tip force [fx, fy, 0] in {3} → τ = [l1 s2 fx + (l2 + l1 c2) fy, l2 fy]."""
    fx, fy = sp.symbols("fx fy")
    arm = planar_2r()
    tau = ne.inverse_dynamics(arm, [t1, t2], [0, 0], [0, 0], wrench=[fx, fy, 0, 0, 0, 0],
                              frame="tool", gravity=0)
    assert_identical(tau, sp.Matrix([l1 * s2 * fx + (l2 + l1 * c2) * fy, l2 * fy]))


# --- chapter 3, §3.3: the R-P arm ---------------------------------------------------------

def test_rp_arm_by_newton_euler():
    arm = rp_arm()
    (th1, d2), (w, v), (a, acc) = (list(x) for x in joint_symbols(arm))
    Izz1, Izz2 = sp.symbols("Izz1 Izz2")
    tau = ne.inverse_dynamics(arm, *joint_symbols(arm))
    assert_identical(tau[0], (m1 * l1**2 + Izz1 + Izz2 + m2 * d2**2) * a + 2 * m2 * d2 * v * w
                     + (m1 * l1 + m2 * d2) * g * sp.cos(th1))
    assert_identical(tau[1], m2 * acc - m2 * d2 * w**2 + m2 * g * sp.sin(th1))


def test_gravity_load_and_unit_columns_of_the_mass_matrix():
    """§4.2's G, and §3.4: column j of M is the torque for q̈ = e_j at rest, weightless."""
    arm = planar_2r_distributed()
    r1, r2, I1, I2 = sp.symbols("r1 r2 I1 I2")
    assert_identical(ne.gravity_load(arm, [t1, t2]),
                     sp.Matrix([g * (m1 * r1 * c1 + m2 * (l1 * c1 + r2 * c12)), g * m2 * r2 * c12]))
    M = sp.Matrix([[I1 + I2 + m1 * r1**2 + m2 * (l1**2 + r2**2 + 2 * l1 * r2 * c2),
                    I2 + m2 * (r2**2 + l1 * r2 * c2)],
                   [I2 + m2 * (r2**2 + l1 * r2 * c2), I2 + m2 * r2**2]])
    assert_identical(ne.mass_matrix(arm, [t1, t2]), M)
    assert_identical(ne.velocity_product(arm, [t1, t2], [w1, w2]),
                     sp.Matrix([-m2 * l1 * r2 * s2 * (2 * w1 * w2 + w2**2),
                                m2 * l1 * r2 * s2 * w1**2]))


def test_numeric_arm_gives_floats_and_a_trace_per_link():
    arm = planar_2r(l1=1.0, l2=0.5, m1=2.0, m2=1.0, g=9.81)
    result = ne.newton_euler(arm, [0.3, -0.2], [1.0, 2.0], [0.5, -1.0])
    assert isinstance(result.tau, np.ndarray) and result.tau.shape == (2,)
    for link in (result.link(1), result.link(2)):
        for name in ("omega", "omega_dot", "vdot", "vdot_c", "F", "N", "f", "n"):
            assert getattr(link, name).shape == (3,)
    symbolic = ne.inverse_dynamics(planar_2r(), [0.3, -0.2], [1.0, 2.0], [0.5, -1.0])
    values = {l1: 1.0, l2: 0.5, m1: 2.0, m2: 1.0, g: 9.81}
    np.testing.assert_allclose(np.array(symbolic.subs(values), dtype=float).ravel(), result.tau)


def test_gravity_zero_is_a_weightless_arm():
    arm = planar_2r(l1=1.0, l2=0.5, m1=2.0, m2=1.0, g=9.81)
    weightless = planar_2r(l1=1.0, l2=0.5, m1=2.0, m2=1.0, g=0.0)
    state = ([0.3, -0.2], [1.0, 2.0], [0.5, -1.0])
    np.testing.assert_allclose(ne.inverse_dynamics(arm, *state, gravity=0),
                               ne.inverse_dynamics(weightless, *state))
    with_weight = ne.inverse_dynamics(arm, *state)
    assert not np.allclose(with_weight, ne.inverse_dynamics(weightless, *state))


@settings(max_examples=40)
@given(st.data())
def test_static_tip_wrench_is_jacobian_transpose(data):
    """At rest and weightless, NE with a tip wrench gives τ = Jᵀ [f; n], in either frame
    (the tool-frame Jacobian by velocity propagation, an independent method)."""
    robot = data.draw(chains())
    q = data.draw(joint_vectors(robot.n))
    wrench = data.draw(joint_vectors(6, scale=10.0))
    rest = np.zeros(robot.n)
    tau = ne.inverse_dynamics(robot, q, rest, rest, wrench=wrench, frame="tool", gravity=0)
    np.testing.assert_allclose(tau, jacobian_by_propagation(robot, q).T @ wrench,
                               rtol=1e-9, atol=1e-9)
    R = rotation(forward_kinematics(robot, q))                        # 0_R_tool
    in_base = np.concatenate([R @ wrench[:3], R @ wrench[3:]])
    np.testing.assert_allclose(ne.inverse_dynamics(robot, q, rest, rest, wrench=in_base,
                                                   gravity=0), tau, rtol=1e-9, atol=1e-9)


# --- bad input ----------------------------------------------------------------------------

NUMERIC_2R = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)


@pytest.mark.parametrize("q, qd, qdd, match", [
    ([0.0], [0.0, 0.0], [0.0, 0.0], "q must have 2 entries"),
    ([0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0], "qd must have 2 entries"),
    ([0.0, 0.0], [0.0, 0.0], [], "qdd must have 2 entries"),
    ([[0.0, 1.0], [2.0, 3.0]], [0.0, 0.0], [0.0, 0.0], "qd must be a batch of states like q"),
])
def test_wrong_lengths_are_refused(q, qd, qdd, match):
    with pytest.raises(ValueError, match=match):
        ne.inverse_dynamics(NUMERIC_2R, q, qd, qdd)


@pytest.mark.parametrize("q, qd, qdd, match", [
    ("ab", [0.0, 0.0], [0.0, 0.0], "q must be a sequence of 2 numbers"),
    ([0.0, 0.0], None, [0.0, 0.0], "qd must be a sequence of 2 numbers"),
    ([0.0, 0.0], [0.0, 0.0], [0.0, "x"], r"qdd\[1\] must be a number"),
])
def test_junk_types_are_refused(q, qd, qdd, match):
    with pytest.raises(TypeError, match=match):
        ne.newton_euler(NUMERIC_2R, q, qd, qdd)


def test_bad_tip_wrench_is_refused():
    with pytest.raises(ValueError, match=r"wrench must have 6 entries \(fx, fy, fz, nx, ny, nz\)"):
        ne.inverse_dynamics(NUMERIC_2R, [0, 0], [0, 0], [0, 0], wrench=[1.0, 2.0, 0.0])
    with pytest.raises(TypeError, match="wrench must be a sequence"):
        ne.inverse_dynamics(NUMERIC_2R, [0, 0], [0, 0], [0, 0], wrench="up")
    with pytest.raises(ValueError, match="frame must be 'base' or 'tool'; got 'world'"):
        ne.inverse_dynamics(NUMERIC_2R, [0, 0], [0, 0], [0, 0], wrench=[0] * 6, frame="world")


WITHOUT_MASS = SerialChain([Link(mass=1.0, r_c=[0.5, 0, 0], I_c=np.eye(3) * 0.1),
                            Link(a=1.0, mass=1.0, r_c=[0.5, 0, 0])], name="half-built")


@pytest.mark.parametrize("call", [
    lambda robot: ne.newton_euler(robot, [0, 0], [0, 0], [0, 0]),
    lambda robot: ne.mass_matrix(robot, [0, 0]),
    lambda robot: ne.velocity_product(robot, [0, 0], [1, 1]),
    lambda robot: ne.gravity_load(robot, [0, 0]),
])
def test_missing_mass_properties_are_an_error_not_zero_torque(call):
    with pytest.raises(ValueError, match="link 2 of 'half-built' has no I_c"):
        call(WITHOUT_MASS)
    kinematic_only = SerialChain([Link(), Link(a=1.0)], name="kinematic")
    with pytest.raises(ValueError, match="link 1 of 'kinematic' has no mass, r_c, I_c"):
        call(kinematic_only)


# --- many states at once -------------------------------------------------------------------

@settings(max_examples=12)
@given(chains(), st.integers(0, 2**32 - 1), st.sampled_from(["base", "tool"]))
def test_a_batch_of_states_is_each_state_in_turn(robot, seed, frame):
    """Every verb on (N, n) arrays, by the component recursion about the link origins,
    equals Newton–Euler one state at a time (Craig's form about the centres of mass)."""
    rng = np.random.default_rng(seed)
    Q, QD, QDD = rng.uniform(-2, 2, size=(3, 4, robot.n))
    wrench, gravity = rng.uniform(-5, 5, 6), rng.uniform(-10, 10, 3)
    one = list(zip(Q, QD, QDD, strict=True))
    pairs = (
            (ne.inverse_dynamics(robot, Q, QD, QDD, wrench=wrench, frame=frame,
                                 gravity=gravity),
             [ne.inverse_dynamics(robot, *s, wrench=wrench, frame=frame, gravity=gravity)
              for s in one]),
            (ne.mass_matrix(robot, Q), [ne.mass_matrix(robot, q) for q in Q]),
            (ne.velocity_product(robot, Q, QD),
             [ne.velocity_product(robot, q, qd) for q, qd, _ in one]),
            (ne.coriolis_matrix(robot, Q, QD),
             [ne.coriolis_matrix(robot, q, qd) for q, qd, _ in one]),
            (ne.gravity_load(robot, Q, gravity=0), np.zeros((4, robot.n))),
            (ne.gravity_load(robot, Q), [ne.gravity_load(robot, q) for q in Q]))
    scale = max(1.0, *(np.abs(each).max() for _, each in pairs))     # zeros carry round-off
    for batch, each in pairs:
        np.testing.assert_allclose(batch, each, rtol=1e-12, atol=1e-12 * scale)


def test_a_batch_of_one_state_keeps_its_row():
    state = np.array([[0.3, -0.2]])
    tau = ne.inverse_dynamics(NUMERIC_2R, state, state, state)
    assert tau.shape == (1, 2)
    np.testing.assert_allclose(tau[0], ne.inverse_dynamics(NUMERIC_2R, *[state[0]] * 3),
                               rtol=1e-12, atol=1e-12)
    assert ne.mass_matrix(NUMERIC_2R, np.zeros((5, 2))).shape == (5, 2, 2)


@pytest.mark.parametrize("call, error, match", [
    (lambda: ne.inverse_dynamics(NUMERIC_2R, np.zeros((3, 2)), np.zeros((4, 2)),
                                 np.zeros((3, 2))), ValueError,
     r"q, qd, qdd must hold the same number of states \(rows\); got \[3, 4, 3\]"),
    (lambda: ne.inverse_dynamics(NUMERIC_2R, np.zeros((3, 2)), np.zeros(2), np.zeros((3, 2))),
     ValueError, r"qd must be a batch of states like q \(shape \(3, 2\), one row per state\); "
     r"got shape \(2,\)"),
    (lambda: ne.velocity_product(NUMERIC_2R, np.zeros((3, 2)), np.full((3, 2), np.nan)),
     ValueError, "qd must be finite; got nan or inf in row 0"),
    (lambda: ne.coriolis_matrix(NUMERIC_2R, np.zeros((3, 2)), [["a", "b"]] * 3), TypeError,
     "qd must be a batch of states"),
    (lambda: ne.mass_matrix(planar_2r(), np.zeros((3, 2))), TypeError,
     r"robot must have numeric parameters \(e.g. .*\); got the symbols g, l1, l2, m1, m2"),
    (lambda: ne.gravity_load(NUMERIC_2R, np.zeros((3, 2)), gravity="down"), TypeError,
     "gravity must be a 3-vector"),
    (lambda: ne.inverse_dynamics(NUMERIC_2R, *[np.zeros((3, 2))] * 3, wrench=[1.0]),
     ValueError, "wrench must have 6 entries"),
    (lambda: ne.inverse_dynamics(NUMERIC_2R, *[np.zeros((3, 2))] * 3, wrench=[0.0] * 6,
                                 frame="world"), ValueError, "frame must be 'base' or 'tool'"),
    (lambda: ne.mass_matrix(WITHOUT_MASS, np.zeros((3, 2))), ValueError,
     "link 2 of 'half-built' has no I_c"),
])
def test_bad_batches_name_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()
