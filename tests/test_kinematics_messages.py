"""Chapter 0's library, word for word: every error the kinematics module raises, with the
whole sentence a student reads, and the documented defaults, switches and indices that the
other kinematics tests leave to one robot (a 2-link arm) or one kind of number."""

import math
import warnings

import numpy as np
import pytest
import sympy as sp

from robocourse import kinematics as K
from robocourse.frames import rot_z, transform
from robocourse.models import planar_2r, planar_3r, puma560, random_chain, rp_arm
from robocourse.robot import Link, SerialChain
from tests.bad_input import raised

ARM = planar_2r(l1=0.5, l2=0.5)
ROWS = "[vx, vy, vz, ωx, ωy, ωz]"
INFINITE = ("det J = 0 (J has rank 1 < 2), so J has no inverse and some task velocities "
            "would need infinite joint rates (the planar 2R arm is singular at θ2 = 0 or π)")
SHAPE = ("robot must be built like models.planar_2r() (two revolute joints about parallel Z "
         "axes, a0 = 0, no offsets, the tool l2 along X2); got ")
theta1 = sp.Symbol("theta1")


def two_link(first=None, second=None, tool=None):
    """A chain built like ``planar_2r(l1=1, l2=1)`` but for the link or tool given."""
    return SerialChain([first or Link(), second or Link(a=1.0)],
                       tool=transform(np.eye(3), [1.0, 0, 0]) if tool is None else tool)


MESSAGES = [
    (lambda: K.jacobian_rows(ARM, [0.3, 0.2], rows=3), TypeError,
     f"rows must be a sequence of row numbers 0..5 of {ROWS}; got 3"),
    (lambda: K.jacobian_rows(ARM, [0.3, 0.2], rows="01"), TypeError,
     f"rows must be a sequence of row numbers 0..5 of {ROWS}; got '01'"),
    (lambda: K.jacobian_rows(ARM, [0.3, 0.2], rows=(0, 0)), ValueError,
     f"rows must be distinct row numbers 0..5 of {ROWS}; got (0, 0)"),
    (lambda: K.jacobian_rows(ARM, [0.3, 0.2], rows=(0, 6)), ValueError,
     f"rows must be distinct row numbers 0..5 of {ROWS}; got (0, 6)"),
    (lambda: K.jacobian_rows(ARM, [0.3, 0.2], rows=(-1, 0)), ValueError,
     f"rows must be distinct row numbers 0..5 of {ROWS}; got (-1, 0)"),
    (lambda: K.jacobian_rows(ARM, [0.3, 0.2], rows=()), ValueError,
     f"rows must be distinct row numbers 0..5 of {ROWS}; got ()"),
    (lambda: K.jacobian_rows(ARM, [0.3, 0.2], rows=(True, 1)), ValueError,
     f"rows must be distinct row numbers 0..5 of {ROWS}; got (True, 1)"),
    (lambda: K.jacobian_rows(ARM, [0.3, 0.2], rows=(0, 1.0)), ValueError,
     f"rows must be distinct row numbers 0..5 of {ROWS}; got (0, 1.0)"),
    (lambda: K.jacobian_determinant(ARM, [0.3, 0.2]), ValueError,
     "rows must select 2 rows (one per joint) so that J is square; got 6 (all six)"),
    (lambda: K.jacobian_determinant(ARM, [0.3, 0.2], rows=[0, 1, 5]), ValueError,
     "rows must select 2 rows (one per joint) so that J is square; got 3 (rows=[0, 1, 5])"),
    (lambda: K.jacobian_determinant(puma560(), [0.0] * 6, rows=(0, 1)), ValueError,
     "rows must select 6 rows (one per joint) so that J is square; got 2 (rows=(0, 1))"),
    (lambda: K.inverse_jacobian(ARM, [0.3, 0.0], rows=(0, 1)), K.SingularConfigurationError,
     f"q = [0.3, 0.0] is a singular configuration (θ1 = 17.1887°, θ2 = 0°): {INFINITE}"),
    (lambda: K.inverse_jacobian(ARM, [0.1234567, -0.0], rows=(0, 1)),
     K.SingularConfigurationError,
     f"q = [0.123457, 0.0] is a singular configuration (θ1 = 7.07355°, θ2 = -0°): {INFINITE}"),
    (lambda: K.inverse_jacobian(planar_2r(), [theta1, 0], rows=(0, 1)),
     K.SingularConfigurationError, f"q = [theta1, 0] is a singular configuration: {INFINITE}"),
    (lambda: K.joint_rates(rp_arm(), [0.5, 0.0], [1.0, 0.0], rows=(0, 1)),
     K.SingularConfigurationError,
     f"q = [0.5, 0.0] is a singular configuration (θ1 = 28.6479°, d2 = 0 m): {INFINITE}"),
    (lambda: K.joint_rates(ARM, [0.3, 0.0], [1.0, 0.0], rows=(0, 1), method="inverse"),
     K.SingularConfigurationError,
     f"q = [0.3, 0.0] is a singular configuration (θ1 = 17.1887°, θ2 = 0°): {INFINITE}"),
    (lambda: K.joint_accelerations(ARM, [0.3, 0.0], [0, 0], [0, 0], rows=(0, 1)),
     K.SingularConfigurationError,
     f"q = [0.3, 0.0] is a singular configuration (θ1 = 17.1887°, θ2 = 0°): {INFINITE}"),
    (lambda: K.inverse_kinematics_2r(planar_2r(l1=1.0, l2=0.5), 0.1, 0.2), ValueError,
     "target (x, y) = (0.1, 0.2) is out of reach: its distance 0.223606797749979 from the "
     "base must lie in the annulus |l1 - l2| = 0.5 <= √(x² + y²) <= l1 + l2 = 1.5"),
    (lambda: K.inverse_kinematics_2r(planar_2r(l1=0.5, l2=1.0), 3.0, 4.0), ValueError,
     "target (x, y) = (3.0, 4.0) is out of reach: its distance 5.0 from the "
     "base must lie in the annulus |l1 - l2| = 0.5 <= √(x² + y²) <= l1 + l2 = 1.5"),
    (lambda: K.inverse_kinematics_2r(planar_2r(l1=1.0, l2=0.5), 1e300, 1e300), ValueError,
     "target (x, y) = (1e+300, 1e+300) is out of reach: its distance 1.4142135623730952e+300 "
     "from the base must lie in the annulus |l1 - l2| = 0.5 <= √(x² + y²) <= l1 + l2 = 1.5"),
    (lambda: K.inverse_kinematics_2r(two_link(second=Link(a=-1.0)), 1.0, 0.0), ValueError,
     "link length l1 must be > 0 (m); got -1.0"),
    (lambda: K.inverse_kinematics_2r(two_link(tool=transform(np.eye(3), [0.0, 0, 0])), 1.0,
                                     0.0), ValueError,
     "link length l2 must be > 0 (m); got 0.0"),
    (lambda: K.inverse_kinematics_2r(planar_3r(lengths=[1.0, 1.0, 1.0]), 1.0, 0.0),
     ValueError, SHAPE + "SerialChain(name='planar 3R', joints='RRR')"),
    (lambda: K.jacobian_by_cross_products(ARM, [0.1, 0.2], link=3), ValueError,
     "link must be an integer from 1 to 2 (or None for the tool frame); got 3"),
    (lambda: K.jacobian_by_propagation(ARM, [0.1, 0.2], link=0), ValueError,
     "link must be an integer from 1 to 2 (or None for the tool frame); got 0"),
    (lambda: K.jacobian_by_cross_products(ARM, [0.1, 0.2], point=[1, 2]), ValueError,
     "point must have 3 entries (x, y, z); got 2"),
    (lambda: K.jacobian_by_propagation(ARM, [0.1, 0.2], point=[1, 2, 3, 4]), ValueError,
     "point must have 3 entries (x, y, z); got 4"),
    (lambda: K.rotate_jacobian(np.zeros((5, 2)), np.eye(3)), ValueError,
     "J must be a 6 x n Jacobian (rows [v; ω]); got 5x2"),
    (lambda: K.joint_rates(ARM, [0.1, 0.2], [1.0, 0.0, 0.0], rows=(0, 1)), ValueError,
     "velocity must have 2 entries (one per row of J); got 3"),
    (lambda: K.joint_accelerations(ARM, [0.1, 0.2], [0, 0], [1.0], rows=(0, 1)), ValueError,
     "acceleration must have 2 entries (one per row of J); got 1"),
    (lambda: K.joint_rates(ARM, [0.1, 0.2], [1.0, 0.0], rows=(0, 1), method="lu"), ValueError,
     "method must be 'inverse' or 'solve'; got 'lu'"),
    (lambda: K.link_frames_many(planar_2r(), [[0.0, 0.0]]), TypeError,
     "the vectorised forward kinematics needs numbers: give the robot numeric parameters "
     "(e.g. planar_2r(l1=0.5, l2=0.5)), or call link_frames one configuration at a time"),
    (lambda: K.centres_of_mass_many(planar_2r(l1=1.0, l2=1.0), [[0.0, 0.0]]), TypeError,
     "the vectorised forward kinematics needs numbers: give the robot numeric parameters "
     "(e.g. planar_2r(l1=0.5, l2=0.5)), or call link_frames one configuration at a time"),
]


@pytest.mark.parametrize(("call", "error", "message"), MESSAGES)
def test_every_error_of_the_kinematics_reads_as_written(call, error, message):
    error_raised = raised(call, error)
    assert type(error_raised) is error
    assert str(error_raised) == message


# ------------------------------------------------------------ the shape of a planar 2R arm

NOT_PLANAR_2R = {
    "three links": SerialChain([Link(), Link(a=1.0), Link(a=1.0)],
                               tool=transform(np.eye(3), [1.0, 0, 0])),
    "a prismatic joint": two_link(second=Link(a=1.0, joint="P")),
    "a twist": two_link(second=Link(a=1.0, alpha=0.5)),
    "a twist of link 1": two_link(first=Link(alpha=0.5)),
    "an offset d": two_link(second=Link(a=1.0, d=0.2)),
    "an offset theta": two_link(first=Link(theta=0.2)),
    "a0 not zero": two_link(first=Link(a=0.3)),
    "a turned tool": two_link(tool=transform(rot_z(math.pi / 2), [1.0, 0, 0])),
    "a tool turned by pi": two_link(tool=transform(rot_z(math.pi), [1.0, 0, 0])),
    "a tool off X2 (y)": two_link(tool=transform(np.eye(3), [1.0, 0.1, 0])),
    "a tool off X2 (z)": two_link(tool=transform(np.eye(3), [1.0, 0, 0.1])),
}


@pytest.mark.parametrize("name", NOT_PLANAR_2R)
def test_inverse_kinematics_refuses_every_arm_not_built_like_planar_2r(name):
    robot = NOT_PLANAR_2R[name]
    with pytest.raises(ValueError) as raised:
        K.inverse_kinematics_2r(robot, 1.0, 0.5)
    assert str(raised.value) == SHAPE + repr(robot)


def test_inverse_kinematics_reads_l1_and_l2_from_a_chain_built_like_planar_2r():
    robot = two_link(second=Link(a=0.7), tool=transform(np.eye(3), [0.4, 0, 0]))
    q = K.inverse_kinematics_2r(robot, 0.6, 0.5)
    assert np.allclose(K.forward_kinematics(robot, q)[:2, 3], [0.6, 0.5])


def test_inverse_kinematics_default_elbow_is_down():
    arm = planar_2r(l1=0.7, l2=0.4)
    down = K.inverse_kinematics_2r(arm, 0.6, 0.5, elbow="down")
    assert np.array_equal(K.inverse_kinematics_2r(arm, 0.6, 0.5), down)
    assert down[1] > 0
    up = K.inverse_kinematics_2r(arm, 0.6, 0.5, elbow="up")
    assert up[1] == pytest.approx(-down[1])
    for q in (down, up):
        assert np.allclose(K.forward_kinematics(arm, q)[:2, 3], [0.6, 0.5])


@pytest.mark.parametrize(("x", "y"), [(1.5, 0.0), (0.0, -1.5), (0.5, 0.0), (-0.3, -0.4)])
def test_inverse_kinematics_reaches_the_boundary_of_the_annulus(x, y):
    """Targets on the circles ``r = l1 + l2`` and ``r = |l1 − l2|``, where c2 = ±1 up to
    round-off, are reached (stretched out or folded back), without a warning."""
    arm = planar_2r(l1=1.0, l2=0.5)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        q = K.inverse_kinematics_2r(arm, x, y)
    assert np.allclose(K.forward_kinematics(arm, q)[:2, 3], [x, y])
    assert abs(math.sin(q[1])) < 1e-6


def test_inverse_kinematics_takes_a_target_just_outside_the_annulus_within_round_off():
    arm = planar_2r(l1=1.0, l2=1.0)
    q = K.inverse_kinematics_2r(arm, 2.0 + 1e-13, 0.0)
    assert q[1] == 0.0
    with pytest.raises(ValueError):
        K.inverse_kinematics_2r(arm, 2.0 + 1e-6, 0.0)


def test_inverse_kinematics_folds_back_onto_the_inner_circle_within_round_off():
    arm = planar_2r(l1=1.0, l2=0.5)
    q = K.inverse_kinematics_2r(arm, 0.5 - 1e-12, 0.0)
    assert q[1] == pytest.approx(math.pi)
    with pytest.raises(ValueError):
        K.inverse_kinematics_2r(arm, 0.5 - 1e-6, 0.0)


@pytest.mark.parametrize("symbolic", ["x", "y", "l1", "l2"])
def test_one_symbol_among_the_target_and_the_lengths_makes_the_angles_symbolic(symbolic):
    values = dict(x=0.6, y=0.5, l1=0.7, l2=0.4)
    s = sp.Symbol(symbolic, positive=True)
    given = {**values, symbolic: s}
    q = K.inverse_kinematics_2r(planar_2r(l1=given["l1"], l2=given["l2"]), given["x"],
                                given["y"])
    assert isinstance(q, sp.MatrixBase)
    numbers = K.inverse_kinematics_2r(planar_2r(l1=0.7, l2=0.4), 0.6, 0.5)
    assert np.allclose(np.array(q.subs(s, values[symbolic]), dtype=float).ravel(), numbers)


def test_inverse_kinematics_with_numbers_for_the_target_and_symbols_for_the_lengths():
    l1, l2 = sp.symbols("l1 l2")
    theta1_, theta2 = K.inverse_kinematics_2r(planar_2r(), 3, 4)
    assert sp.simplify(sp.cos(theta2) - (25 - l1**2 - l2**2) / (2 * l1 * l2)) == 0
    assert isinstance(theta1_, sp.Basic)


def test_exact_numbers_give_exact_angles():
    arm = planar_2r(l1=sp.Integer(1), l2=sp.Integer(1))
    q = K.inverse_kinematics_2r(arm, sp.Integer(1), sp.Integer(1))
    assert list(q) == [0, sp.pi / 2]
    assert not q.atoms(sp.Float)


# ----------------------------------------------------------------------- the defaults

def test_the_jacobian_defaults_to_the_base_frame_and_the_tool_point():
    robot, q = puma560(), [0.1, -0.4, 0.3, 0.5, -0.6, 0.7]
    J = K.jacobian(robot, q, frame="base")
    assert np.array_equal(K.jacobian(robot, q), J)
    assert np.array_equal(K.jacobian_by_cross_products(robot, q), J)
    assert np.array_equal(K.jacobian_by_cross_products(robot, q, link=None, point=(0, 0, 0)),
                          J)
    assert not np.allclose(K.jacobian(robot, q, frame="tool"), J)
    assert np.allclose(K.jacobian_by_propagation(robot, q), K.jacobian(robot, q, frame="tool"))


@pytest.mark.parametrize("function", [K.jacobian_rows, K.jacobian_determinant,
                                      K.manipulability, K.inverse_jacobian, K.is_singular])
def test_the_rows_of_a_jacobian_default_to_the_base_frame(function):
    robot, q = puma560(), [0.1, -0.4, 0.3, 0.5, -0.6, 0.7]
    rows = (0, 1, 2, 3, 4, 5)
    expected = function(robot, q, rows=rows, frame="base")
    assert np.array_equal(function(robot, q, rows), expected)
    assert np.array_equal(function(robot, q), expected)


def test_the_rows_in_the_tool_frame_are_those_of_the_tool_jacobian():
    robot, q = puma560(), [0.1, -0.4, 0.3, 0.5, -0.6, 0.7]
    tool = K.jacobian(robot, q, frame="tool")
    assert np.array_equal(K.jacobian_rows(robot, q, rows=(5, 0, 3), frame="tool"),
                          tool[[5, 0, 3], :])
    assert K.jacobian_rows(robot, q, rows=[4]).shape == (1, 6)


def test_jacobian_derivative_defaults_to_the_base_frame():
    robot, q, qd = puma560(), [0.1, -0.4, 0.3, 0.5, -0.6, 0.7], [0.3, 0.2, -0.5, 0.4, 0.1, 0.6]
    base = K.jacobian_derivative(robot, q, qd, frame="base")
    assert np.array_equal(K.jacobian_derivative(robot, q, qd), base)
    R = K.forward_kinematics(robot, q)[:3, :3].T
    assert np.allclose(K.jacobian_derivative(robot, q, qd, frame="tool"),
                       np.vstack([R @ base[:3], R @ base[3:]]))


def test_joint_rates_and_accelerations_default_to_the_base_frame_and_elimination():
    robot, q = puma560(), [0.1, -0.4, 0.3, 0.5, -0.6, 0.7]
    qd, task = [0.3, 0.2, -0.5, 0.4, 0.1, 0.6], [0.1, -0.2, 0.3, 0.2, 0.1, -0.3]
    rates = K.joint_rates(robot, q, task, frame="base", method="solve")
    assert np.array_equal(K.joint_rates(robot, q, task), rates)
    assert np.allclose(K.jacobian(robot, q) @ rates, task)
    assert np.allclose(K.joint_rates(robot, q, task, method="inverse"), rates)
    accelerations = K.joint_accelerations(robot, q, qd, task, frame="base", method="solve")
    assert np.array_equal(K.joint_accelerations(robot, q, qd, task), accelerations)
    J, J_dot = K.jacobian(robot, q), K.jacobian_derivative(robot, q, qd)
    assert np.allclose(J @ accelerations + J_dot @ qd, task)
    tool = K.joint_accelerations(robot, q, qd, task, frame="tool", method="inverse")
    J, J_dot = K.jacobian(robot, q, frame="tool"), K.jacobian_derivative(robot, q, qd, "tool")
    assert np.allclose(J @ tool + J_dot @ qd, task)


def test_a_singular_configuration_is_found_with_the_default_tolerance_only_up_to_it():
    """``tol`` defaults to round-off, 1e-9 of the largest singular value: the 2R arm's ratio
    is about θ2 / 5, so θ2 = 4e-9 is singular, θ2 = 1e-8 is not, unless a larger tolerance
    is asked for."""
    assert K.is_singular(ARM, [0.3, 4e-9], rows=(0, 1))
    assert not K.is_singular(ARM, [0.3, 1e-8], rows=(0, 1))
    assert K.is_singular(ARM, [0.3, 1e-8], rows=(0, 1), tol=1e-6)
    K.inverse_jacobian(ARM, [0.3, 1e-8], rows=(0, 1))
    K.joint_rates(ARM, [0.3, 1e-8], [1.0, 0.0], rows=(0, 1))
    K.joint_accelerations(ARM, [0.3, 1e-8], [0, 0], [0, 0], rows=(0, 1))
    for call in (lambda: K.inverse_jacobian(ARM, [0.3, 4e-9], rows=(0, 1)),
                 lambda: K.joint_rates(ARM, [0.3, 4e-9], [1.0, 0.0], rows=(0, 1),
                                       method="inverse"),
                 lambda: K.joint_accelerations(ARM, [0.3, 4e-9], [0, 0], [0, 0], rows=(0, 1),
                                               method="inverse"),
                 lambda: K.inverse_jacobian(ARM, [0.3, 1e-8], rows=(0, 1), tol=1e-6),
                 lambda: K.joint_rates(ARM, [0.3, 1e-8], [1.0, 0.0], rows=(0, 1), tol=1e-6),
                 lambda: K.joint_accelerations(ARM, [0.3, 1e-8], [0, 0], [0, 0], rows=(0, 1),
                                               tol=1e-6)):
        with pytest.raises(K.SingularConfigurationError):
            call()


# ------------------------------------------------------- manipulability, inverse, rank

def test_manipulability_of_a_square_tall_and_wide_jacobian():
    q = [0.3, 0.9]
    J = K.jacobian(ARM, q)
    assert K.manipulability(ARM, q, rows=(0, 1)) == pytest.approx(0.25 * math.sin(0.9))
    assert K.manipulability(ARM, q, rows=(0, 1, 5)) == pytest.approx(
        math.sqrt(np.linalg.det(J[[0, 1, 5]].T @ J[[0, 1, 5]])))
    assert K.manipulability(ARM, q, rows=(0,)) == pytest.approx(np.linalg.norm(J[0]))
    assert K.manipulability(ARM, [0.3, 0.0], rows=(0, 1, 2)) < 1e-15      # tall, rank 1
    assert K.manipulability(ARM, [0.3, 0.0], rows=(1,)) == pytest.approx(
        math.cos(0.3) * math.sqrt(1.25))
    l1, l2 = sp.symbols("l1 l2", positive=True)
    t = sp.symbols("theta1 theta2")
    w = K.manipulability(planar_2r(l1=l1, l2=l2), t, rows=(0, 1, 5))
    assert sp.simplify(w**2 - (K.jacobian(planar_2r(l1=l1, l2=l2), t)[[0, 1, 5], :].T
                               @ K.jacobian(planar_2r(l1=l1, l2=l2), t)[[0, 1, 5], :]).det()) == 0


def test_the_inverse_of_a_3x3_jacobian_of_a_three_link_arm():
    robot = planar_3r(lengths=[1.0, 0.8, 0.5])
    q = [0.3, 0.7, -0.4]
    J = K.jacobian_rows(robot, q, rows=(0, 1, 5))
    assert np.allclose(K.inverse_jacobian(robot, q, rows=(0, 1, 5)), np.linalg.inv(J))
    assert K.jacobian_determinant(robot, q, rows=(0, 1, 5)) == pytest.approx(np.linalg.det(J))
    assert not K.is_singular(robot, q, rows=(0, 1, 5))
    assert K.is_singular(robot, [0.3, 0.0, 0.0], rows=(0, 1, 5))


# ------------------------------------------- the Jacobian of a point, on 3+ link robots

@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_jacobian_of_a_point_of_each_link_of_a_random_chain(seed):
    chain = random_chain(4, seed=seed)
    robot = SerialChain(chain.links, tool=transform(rot_z(0.7), [0.3, -0.2, 0.5]))
    q = np.random.default_rng(seed).uniform(-1, 1, 4)
    point = [0.2, -0.1, 0.3]
    frames = K.link_frames(robot, q)
    for link in range(1, 5):
        J = K.jacobian_by_cross_products(robot, q, link=link, point=point)
        assert np.all(J[:, link:] == 0)
        h = 1e-6
        for j in range(4):
            dq = np.zeros(4)
            dq[j] = h
            moved = K.link_frames(robot, q + dq)[link - 1]
            p_moved = moved[:3, :3] @ point + moved[:3, 3]
            p = frames[link - 1][:3, :3] @ point + frames[link - 1][:3, 3]
            assert np.allclose(J[:3, j], (p_moved - p) / h, atol=1e-5)
        R = frames[link - 1][:3, :3]
        by_propagation = K.jacobian_by_propagation(robot, q, link=link, point=point)
        assert np.allclose(np.vstack([R @ by_propagation[:3], R @ by_propagation[3:]]), J)


@pytest.mark.parametrize("seed", [0, 3])
def test_the_three_jacobians_of_the_tool_agree_on_random_chains(seed):
    robot = SerialChain(random_chain(5, seed=seed).links,
                        tool=transform(rot_z(-0.4), [0.1, 0.4, -0.3]))
    q = np.random.default_rng(seed).uniform(-1, 1, 5)
    tool = K.jacobian(robot, q, frame="tool")
    assert np.allclose(K.jacobian_by_differential_transforms(robot, q), tool)
    assert np.allclose(K.jacobian_by_propagation(robot, q), tool)
    R = K.forward_kinematics(robot, q)[:3, :3]
    assert np.allclose(K.rotate_jacobian(tool, R), K.jacobian(robot, q))


def test_differential_transforms_give_exact_columns_for_exact_input():
    J = K.jacobian_by_differential_transforms(planar_2r(l1=sp.Integer(1), l2=sp.Integer(2)),
                                              [sp.Integer(0), sp.pi / 2])
    assert isinstance(J, sp.MatrixBase)
    assert J[:2, :] == sp.Matrix([[1, 0], [2, 2]])
    numbers = K.jacobian_by_differential_transforms(planar_2r(l1=1.0, l2=2.0), [0.0, np.pi / 2])
    assert isinstance(numbers, np.ndarray)


# ---------------------------------------------------------- many configurations at once

def test_link_frames_many_of_a_random_chain_match_one_at_a_time():
    robot = random_chain(4, seed=5)
    Q = np.random.default_rng(5).uniform(-1, 1, (3, 4))
    many = K.link_frames_many(robot, Q)
    assert many.shape == (3, 5, 4, 4)
    for k in range(3):
        assert np.allclose(many[k], K.link_frames(robot, Q[k]))


def test_centres_of_mass_many_of_the_puma_match_its_link_frames():
    robot = puma560()
    Q = np.random.default_rng(7).uniform(-1, 1, (2, 6))
    centres = K.centres_of_mass_many(robot, Q)
    assert centres.shape == (2, 6, 3)
    for k in range(2):
        frames = K.link_frames(robot, Q[k])
        for i, link in enumerate(robot.links):
            expected = frames[i][:3, :3] @ np.asarray(link.r_c, dtype=float) + frames[i][:3, 3]
            assert np.allclose(centres[k, i], expected)


# ----------------------------------------------- symbols in, exact matrices out

EXACT_Q = [sp.Integer(0), sp.pi / 2]
EXACT_ARM = planar_2r(l1=sp.Integer(1), l2=sp.Integer(2))


@pytest.mark.parametrize("call", [
    lambda arm, q: K.forward_kinematics(arm, q),
    lambda arm, q: K.link_frames(arm, q)[1],
    lambda arm, q: K.jacobian_by_cross_products(arm, q),
    lambda arm, q: K.jacobian_by_cross_products(arm, q, link=1, point=(1, 0, 0)),
    lambda arm, q: K.jacobian_by_propagation(arm, q),
    lambda arm, q: K.jacobian(arm, q, frame="tool"),
    lambda arm, q: K.jacobian_rows(arm, q, rows=(0, 1)),
    lambda arm, q: K.jacobian_derivative(arm, q, [1, 1]),
    lambda arm, q: K.jacobian_derivative(arm, q, [1, 1], frame="tool"),
    lambda arm, q: K.inverse_jacobian(arm, q, rows=(0, 1)),
    lambda arm, q: K.joint_rates(arm, q, [1, 0], rows=(0, 1)),
    lambda arm, q: K.joint_rates(arm, q, [1, 0], rows=(0, 1), method="inverse"),
    lambda arm, q: K.joint_accelerations(arm, q, [1, 0], [0, 0], rows=(0, 1)),
], ids=["forward", "frames", "cross", "cross of a point", "propagation", "tool", "rows",
        "J dot", "J dot in tool", "inverse", "rates", "rates by inverse", "accelerations"])
def test_exact_joint_values_give_exact_results_equal_to_the_numbers(call):
    exact = call(EXACT_ARM, EXACT_Q)
    assert isinstance(exact, sp.MatrixBase)
    assert not exact.atoms(sp.Float)
    numbers = call(planar_2r(l1=1.0, l2=2.0), [0.0, math.pi / 2])
    assert isinstance(numbers, np.ndarray)
    assert np.allclose(np.array(exact, dtype=float).reshape(numbers.shape), numbers)


def test_exact_determinant_and_manipulability():
    assert K.jacobian_determinant(EXACT_ARM, EXACT_Q, rows=(0, 1)) == 2
    assert K.manipulability(EXACT_ARM, EXACT_Q, rows=(0, 1)) == 2
    assert K.manipulability(EXACT_ARM, EXACT_Q, rows=(0, 1, 5)) == sp.sqrt(5)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_jacobian_derivative_of_a_chain_with_prismatic_joints_and_a_turned_tool(seed):
    """``J̇`` is the time derivative of the base-frame J along ``q̇`` (central differences),
    written in the tool axes for ``frame="tool"``."""
    robot = SerialChain(random_chain(4, seed=seed).links,
                        tool=transform(rot_z(0.9) @ np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]]),
                                       [0.2, 0.1, -0.3]))
    rng = np.random.default_rng(seed)
    q, qd = rng.uniform(-1, 1, 4), rng.uniform(-1, 1, 4)
    h = 1e-6
    finite = (K.jacobian(robot, q + h * qd) - K.jacobian(robot, q - h * qd)) / (2 * h)
    J_dot = K.jacobian_derivative(robot, q, qd)
    assert np.allclose(J_dot, finite, atol=1e-6)
    R = K.forward_kinematics(robot, q)[:3, :3].T
    assert np.allclose(K.jacobian_derivative(robot, q, qd, frame="tool"),
                       np.vstack([R @ finite[:3], R @ finite[3:]]), atol=1e-6)
    assert {link.joint for link in robot.links} == {"revolute", "prismatic"}


@pytest.mark.parametrize("frame", ["base", "tool"])
def test_every_function_of_the_rows_of_j_reads_them_in_the_frame_asked_for(frame):
    robot = SerialChain(random_chain(3, seed=2).links,
                        tool=transform(rot_z(0.8) @ np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]]),
                                       [0.2, -0.1, 0.3]))
    q, qd, task = [0.4, -0.3, 0.6], [0.2, -0.5, 0.3], [0.3, -0.1, 0.2]
    rows = (0, 2, 4)
    J = K.jacobian(robot, q, frame=frame)[list(rows)]
    J_dot = K.jacobian_derivative(robot, q, qd, frame=frame)[list(rows)]
    assert K.jacobian_determinant(robot, q, rows, frame) == pytest.approx(np.linalg.det(J))
    assert K.manipulability(robot, q, rows, frame) == pytest.approx(abs(np.linalg.det(J)))
    assert K.manipulability(robot, q, (0, 4), frame) == pytest.approx(
        math.sqrt(np.linalg.det(J[[0, 2]] @ J[[0, 2]].T)))
    assert np.allclose(K.inverse_jacobian(robot, q, rows, frame), np.linalg.inv(J))
    assert np.allclose(K.joint_rates(robot, q, task, rows, frame), np.linalg.solve(J, task))
    assert np.allclose(K.joint_accelerations(robot, q, qd, task, rows, frame),
                       np.linalg.solve(J, np.array(task) - J_dot @ qd))
    other = K.jacobian(robot, q, frame="tool" if frame == "base" else "base")[list(rows)]
    assert abs(np.linalg.det(other) - np.linalg.det(J)) > 1e-3


def test_a_planar_arm_whose_tool_is_tilted_is_singular_in_one_frame_only():
    """Tilted by 90° about X, the tool's Y axis is Z0, along which a planar arm cannot move:
    the row vy is singular in the tool frame, not in the base frame."""
    robot = two_link(tool=transform([[1, 0, 0], [0, 0, -1], [0, 1, 0]], [1.0, 0, 0]))
    assert K.is_singular(robot, [0.3, 0.5], rows=(1,), frame="tool")
    assert not K.is_singular(robot, [0.3, 0.5], rows=(1,), frame="base")
    assert not K.is_singular(robot, [0.3, 0.5], rows=(1,))


def test_the_frames_of_many_configurations_need_numbers_for_the_kinematics_only():
    arm = planar_2r(l1=1.0, l2=0.5)                              # masses and g are symbols
    frames = K.link_frames_many(arm, [[0.0, math.pi / 2]])
    assert np.allclose(frames[0, -1, :2, 3], [1.0, 0.5])
