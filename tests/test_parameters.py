"""Chapter 7: the standard parameters and the regressor, τ = Y π.

Y π must equal the torques of Newton–Euler (centre-of-mass form) and of Lagrange on random
chains; the link-origin parameters must be the parallel-axis theorem of chapter 2; the 2R
arm's Y must be the one worked out by hand in the chapter.
"""

import numpy as np
import pytest
import sympy as sp
from bad_input import named_in_the_error
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import inertia_tensors, states

from robocourse import equivalence
from robocourse import identification as I
from robocourse import lagrange as la
from robocourse import lagrange_euler as le
from robocourse import newton_euler as ne
from robocourse import parameters as P
from robocourse.friction import Friction
from robocourse.models import planar_2r, planar_2r_distributed, puma560, rp_arm
from robocourse.robot import joint_symbols

TOLERANCE = dict(rtol=1e-9, atol=1e-9)


@settings(max_examples=40)
@given(states())
def test_regressor_times_parameters_is_newton_euler_and_lagrange(state):
    robot, q, qd, qdd = state
    Y, pi = P.regressor(robot, q, qd, qdd), P.standard_parameters(robot)
    tau = ne.inverse_dynamics(robot, q, qd, qdd)
    assert Y.shape == (robot.n, 10 * robot.n)
    np.testing.assert_allclose(Y @ pi, tau, **TOLERANCE)
    np.testing.assert_allclose(Y @ pi, la.inverse_dynamics(robot, q, qd, qdd), **TOLERANCE)
    np.testing.assert_allclose(P.inverse_dynamics(robot, q, qd, qdd), tau, **TOLERANCE)


@settings(max_examples=25)
@given(states(), st.lists(st.floats(-10, 10), min_size=6, max_size=6),
       st.lists(st.floats(-5, 5), min_size=3, max_size=3))
def test_the_origin_form_is_a_route_with_loads_and_gravity(state, wrench, gravity):
    robot, q, qd, qdd = state
    for frame in ("base", "tool"):
        np.testing.assert_allclose(
            P.inverse_dynamics(robot, q, qd, qdd, wrench=wrench, frame=frame, gravity=gravity),
            ne.inverse_dynamics(robot, q, qd, qdd, wrench=wrench, frame=frame, gravity=gravity),
            **TOLERANCE)
    np.testing.assert_allclose(P.regressor(robot, q, qd, qdd, gravity=0)
                               @ P.standard_parameters(robot),
                               ne.inverse_dynamics(robot, q, qd, qdd, gravity=0), **TOLERANCE)


@settings(max_examples=20)
@given(states(max_joints=4), st.data())
def test_any_parameter_vector_is_linear_and_friction_adds_its_columns(state, data):
    robot, q, qd, qdd = state
    n = robot.n
    pi_a, pi_b = (np.array(data.draw(st.lists(st.floats(-2, 2), min_size=12 * n,
                                              max_size=12 * n))) for _ in range(2))
    Y = P.regressor(robot, q, qd, qdd, friction=True)
    assert Y.shape == (n, 12 * n)
    np.testing.assert_allclose(P.inverse_dynamics(robot, q, qd, qdd, parameters=pi_a), Y @ pi_a,
                               **TOLERANCE)
    np.testing.assert_allclose(P.inverse_dynamics(robot, q, qd, qdd, parameters=pi_a + pi_b),
                               Y @ pi_a + Y @ pi_b, **TOLERANCE)
    physical = np.abs(pi_a[10 * n:])                  # a real joint's F_v, F_c >= 0
    np.testing.assert_allclose(Y[:, 10 * n:] @ physical,
                               Friction(physical[0::2], physical[1::2]).torque(qd), **TOLERANCE)


def test_measured_torques_add_the_one_friction_model():
    arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    motion = I.FourierTrajectory(np.full((2, 1), 0.3), np.zeros((2, 1)), np.zeros(2), 1.0)
    times = np.linspace(0.0, 1.0, 5)
    q, qd, qdd = motion.at(times)
    friction = ([0.1, 0.3], [2.0, 4.0])
    added = I.measured_torques(arm, motion, times, friction=friction) - \
        I.measured_torques(arm, motion, times)
    np.testing.assert_allclose(added, Friction(*friction).torque(qd), atol=1e-12)
    np.testing.assert_allclose(added, qd * [0.1, 0.3] + np.sign(qd) * [2.0, 4.0], atol=1e-12)


def test_the_regressor_depends_on_no_mass_property():
    bare = puma560()
    rng = np.random.default_rng(7)
    q, qd, qdd = rng.uniform(-2, 2, (3, 6))
    from dataclasses import replace

    from robocourse.robot import SerialChain
    massless = SerialChain([replace(link, mass=None, r_c=None, I_c=None) for link in bare.links],
                           gravity=bare.gravity)
    np.testing.assert_array_equal(P.regressor(massless, q, qd, qdd), P.regressor(bare, q, qd, qdd))
    with pytest.raises(ValueError, match=r"link 1 .* has no mass, r_c, I_c"):
        P.inverse_dynamics(massless, q, qd, qdd)


def test_2r_regressor_is_the_one_by_hand():
    """Chapter 7, 7.2: the 2R arm's Y column by column (point masses or not: Y is the same)."""
    arm = planar_2r()
    q, qd, qdd = joint_symbols(arm)
    (t1, t2), (w1, w2), (a1, a2) = q, qd, qdd
    l1, g = sp.symbols("l1 g")
    c1, s1, c2, s2 = sp.cos(t1), sp.sin(t1), sp.cos(t2), sp.sin(t2)
    c12, s12 = sp.cos(t1 + t2), sp.sin(t1 + t2)
    Y = P.regressor(arm, q, qd, qdd)
    by_hand = {5: [a1, 0], 6: [g * c1, 0], 7: [-g * s1, 0], 15: [a1 + a2, a1 + a2],
               16: [g * c12 + l1 * (c2 * (2 * a1 + a2) - s2 * (2 * w1 * w2 + w2**2)),
                    g * c12 + l1 * (c2 * a1 + s2 * w1**2)],
               17: [-g * s12 - l1 * (s2 * (2 * a1 + a2) + c2 * (2 * w1 * w2 + w2**2)),
                    -g * s12 + l1 * (-s2 * a1 + c2 * w1**2)],
               19: [l1 * (l1 * a1 + g * c1), 0]}
    for k in range(20):
        expected = sp.Matrix(by_hand.get(k, [0, 0]))
        assert equivalence.identical(Y[:, k], expected), P.parameter_name(k, 2)


@pytest.mark.parametrize("model", [planar_2r_distributed, rp_arm], ids=["2R", "R-P"])
def test_symbolic_regressor_times_parameters_is_lagrange_exactly(model):
    robot = model()
    q, qd, qdd = joint_symbols(robot)
    tau = P.regressor(robot, q, qd, qdd) @ P.standard_parameters(robot)
    equivalence.assert_identical(tau, la.lagrange_equations(robot), "Y π and Lagrange")


@settings(max_examples=40)
@given(st.floats(0.1, 5.0), st.lists(st.floats(-1, 1), min_size=3, max_size=3),
       inertia_tensors())
def test_origin_parameters_by_the_parallel_axis_theorem_and_back(mass, r_c, I_c):
    pi = P.origin_parameters(mass, r_c, I_c)
    about_centre = [I_c[0, 0], I_c[0, 1], I_c[0, 2], I_c[1, 1], I_c[1, 2], I_c[2, 2], 0, 0, 0,
                    mass]
    np.testing.assert_allclose(P.move_parameters(about_centre, np.eye(3), r_c), pi, **TOLERANCE)
    back_mass, back_r_c, back_I_c = P.centre_of_mass_parameters(pi)
    np.testing.assert_allclose([back_mass, *back_r_c], [mass, *r_c], **TOLERANCE)
    np.testing.assert_allclose(back_I_c, I_c, rtol=1e-7, atol=1e-7)


@settings(max_examples=30)
@given(states(max_joints=3), st.integers(0, 2))
def test_moving_parameters_into_the_frame_before_keeps_the_body(state, which):
    """A link's parameters written in {j-1} are those of the same body: its energy at rest is
    unchanged, i.e. the pseudo-inertia transforms as P_A = T P_B Tᵀ."""
    robot = state[0]
    j = which % robot.n
    T = np.asarray(robot.links[j].transform(0.4), dtype=float)
    pi = P.standard_parameters(robot)[10 * j:10 * (j + 1)]
    moved = P.move_parameters(pi, T[:3, :3], T[:3, 3])
    from robocourse.identification import pseudo_inertia
    np.testing.assert_allclose(pseudo_inertia(moved), T @ pseudo_inertia(pi) @ T.T, **TOLERANCE)


def test_pseudo_inertia_is_that_of_the_trace_form():
    from robocourse.identification import pseudo_inertia
    for link in puma560().links + rp_arm(l1=0.3, m1=1, m2=2, Ixx1=0.1, Iyy1=0.2, Izz1=0.25,
                                         Ixx2=0.1, Iyy2=0.1, Izz2=0.15, g=9.81).links:
        pi = P.origin_parameters(link.mass, link.r_c, link.I_c)
        np.testing.assert_allclose(pseudo_inertia(pi), le.pseudo_inertia(link), **TOLERANCE)


@settings(max_examples=60)
@given(st.lists(st.floats(-1, 1), min_size=10, max_size=10))
def test_physical_exactly_when_the_pseudo_inertia_is_positive_semidefinite(raw):
    """Chapter 2's checks of the tensor about the centre of mass (and M > 0) against the
    eigenvalues of the pseudo-inertia matrix: the same verdict (away from the boundary)."""
    from robocourse.identification import pseudo_inertia
    pi = np.array(raw)
    pi[9] = abs(pi[9]) + 0.05
    eigenvalues = np.linalg.eigvalsh(pseudo_inertia(pi))
    if abs(eigenvalues[0]) < 1e-6:
        return                                     # on the boundary: either verdict is fair
    try:
        P.centre_of_mass_parameters(pi)
        physical = True
    except ValueError:
        physical = False
    assert physical == (eigenvalues[0] > 0)


def test_names_and_symbols_of_the_parameters():
    arm = planar_2r()
    assert [str(s) for s in P.parameter_symbols(arm)[10:]] == [
        "XX2", "XY2", "XZ2", "YY2", "YZ2", "ZZ2", "MX2", "MY2", "MZ2", "M2"]
    assert P.parameter_count(arm, friction=True) == 24
    assert P.parameter_name(23, 2) == "FC2"
    np.testing.assert_array_equal(P.inertia_tensor(range(10)), [[0, 1, 2], [1, 3, 4], [2, 4, 5]])


ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
Q = [0.1, 0.2]

CASES = [
    ("regressor of a model function", lambda: P.regressor(planar_2r, Q, Q, Q), TypeError,
     "robot", "SerialChain", "planar_2r"),
    ("regressor q with 3 entries", lambda: P.regressor(ARM, [0, 0, 0], Q, Q), ValueError,
     "q", "2 entries", "3"),
    ("regressor friction as text", lambda: P.regressor(ARM, Q, Q, Q, friction="yes"), TypeError,
     "friction", ("True", "False"), "'yes'"),
    ("regressor gravity 2-vector", lambda: P.regressor(ARM, Q, Q, Q, gravity=[0, 1]), ValueError,
     "gravity", "3 entries", "2"),
    ("parameters of the wrong length", lambda: P.inverse_dynamics(ARM, Q, Q, Q, parameters=[1] * 7),
     ValueError, "parameters", "20 entries", "7"),
    ("parameters with nan", lambda: P.inverse_dynamics(ARM, Q, Q, Q, parameters=[np.nan] * 20),
     ValueError, "parameters[0]", "finite", "nan"),
    ("unknown load frame", lambda: P.inverse_dynamics(ARM, Q, Q, Q, wrench=[0] * 6, frame="x"),
     ValueError, "frame", ("'base'", "'tool'"), "'x'"),
    ("friction not a pair", lambda: P.standard_parameters(ARM, friction=[0.1, 0.2]), ValueError,
     "friction", "pair", "[0.1, 0.2]"),
    ("friction viscous too short", lambda: P.standard_parameters(ARM, friction=([0.1], [0, 0])),
     ValueError, "friction[0]", "2 entries", "1"),
    ("measured torques friction not a pair",
     lambda: I.measured_torques(ARM, I.FourierTrajectory([[0.1], [0.1]], [[0], [0]], [0, 0], 1.0),
                                [0.0], friction=0.5),
     ValueError, "friction", "pair", "0.5"),
    ("origin parameters negative mass", lambda: P.origin_parameters(-1.0, [0, 0, 0], np.eye(3)),
     ValueError, "mass", ">= 0", "-1.0"),
    ("origin parameters r_c 2 entries", lambda: P.origin_parameters(1.0, [0, 0], np.eye(3)),
     ValueError, "r_c", "3 entries", "2"),
    ("origin parameters bad tensor",
     lambda: P.origin_parameters(1.0, [0, 0, 0], np.diag([1, 1, 3])), ValueError,
     "I_c", "triangle inequality", "1, 1, 3"),
    ("centre of mass of 9 numbers", lambda: P.centre_of_mass_parameters([1] * 9), ValueError,
     "link_parameters", "10 entries", "9"),
    ("centre of mass of zero mass",
     lambda: P.centre_of_mass_parameters([1, 0, 0, 1, 0, 1, 0, 0, 0, 0]), ValueError,
     "link_parameters", "> 0", "M = 0"),
    ("move with a scaled rotation", lambda: P.move_parameters([0] * 10, 2 * np.eye(3), [0, 0, 0]),
     ValueError, "R", "rotation matrix"),
    ("move with p of 2 entries", lambda: P.move_parameters([0] * 10, np.eye(3), [0, 0]), ValueError,
     "p", "3 entries", "2"),
    ("inertia tensor of text", lambda: P.inertia_tensor("XX"), TypeError,
     "link_parameters", "sequence", "'XX'"),
    ("parameter name past the end", lambda: P.parameter_name(24, 2), ValueError,
     "k", "below 24", "24"),
    ("parameter count of a list", lambda: P.parameter_count([1, 2]), TypeError,
     "robot", "SerialChain"),
]


test_bad_input_is_named_in_the_error = named_in_the_error(CASES)
