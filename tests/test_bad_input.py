"""Bad input raises a clear exception of the right type whose message names the argument
(ValueError for wrong values and shapes, TypeError for wrong kinds of object) and what was
expected (the contract of tests/bad_input.py)."""

import numpy as np
import pytest
import sympy as sp
from bad_input import assert_keeps_the_contract, named_in_the_error

from robocourse.frames import (
    cross,
    dh_transform,
    force_transform,
    inverse_transform,
    rot_x,
    skew,
    transform,
    velocity_transform,
)
from robocourse.kinematics import (
    SingularConfigurationError,
    forward_kinematics,
    inverse_jacobian,
    inverse_kinematics_2r,
    is_singular,
    jacobian,
    jacobian_by_cross_products,
    jacobian_by_propagation,
    jacobian_rows,
    joint_rates,
    rotate_jacobian,
)
from robocourse.models import planar_2r, planar_arm
from robocourse.robot import Link, SerialChain, joint_symbols
from robocourse.statics import joint_torques_by_jacobian, static_forces_by_propagation

ARM = planar_2r(l1=1.0, l2=1.0)
Q = [0.3, 1.0]
WRENCH = [1, 0, 0, 0, 0, 0]

CASES = [
    # frames
    ("angle is text", lambda: rot_x("30deg"), TypeError, "angle", "number", "'30deg'"),
    ("R is 2x2", lambda: transform(np.eye(2), [0, 0, 0]), ValueError, "R", "3x3", "2x2"),
    ("p has 2 entries", lambda: transform(np.eye(3), [1, 2]), ValueError, "p", "3 entries", "2"),
    ("T is 3x3", lambda: inverse_transform(np.eye(3)), ValueError, "T", "4x4", "3x3"),
    ("T is None", lambda: inverse_transform(None), TypeError, "T", "4x4", "None"),
    ("skew of a 2-vector", lambda: skew([1, 2]), ValueError, "v", "3 entries", "2"),
    ("cross with a nested b", lambda: cross([1, 2, 3], [[1, 2], 3, 4]), TypeError,
     "b[0]", "number", "[1, 2]"),
    ("DH alpha is None", lambda: dh_transform(None, 0, 0, 0), TypeError, "alpha", "number", "None"),
    ("velocity transform R 4x4", lambda: velocity_transform(np.eye(4), [0, 0, 0]), ValueError,
     "A_R_B", "3x3", "4x4"),
    ("force transform P 4 entries", lambda: force_transform(np.eye(3), [0, 0, 0, 1]), ValueError,
     "A_P_B", "3 entries", "4"),
    # robot
    ("unknown joint type", lambda: Link(joint="screw"), ValueError,
     "joint", ("'revolute'", "'prismatic'"), "'screw'"),
    ("negative mass", lambda: Link(mass=-2.0), ValueError, "mass", ">= 0", "-2.0"),
    ("mass is text", lambda: Link(mass="2 kg"), TypeError, "mass", "number", "'2 kg'"),
    ("DH a is NaN", lambda: Link(a=float("nan")), ValueError, "a", "finite", "nan"),
    ("non-symmetric inertia", lambda: Link(I_c=[[1, 0.5, 0], [0, 1, 0], [0, 0, 1]]), ValueError,
     "I_c", "symmetric"),
    ("non-PSD inertia", lambda: Link(I_c=np.diag([1.0, 1.0, -1.0])), ValueError,
     "I_c", "positive semi-definite"),
    ("inertia breaks the triangle inequality", lambda: Link(I_c=np.diag([1.0, 1.0, 3.0])),
     ValueError, "I_c", "triangle inequality"),
    ("ragged inertia", lambda: Link(I_c=[[1, 0, 0], [0, 1]]), ValueError, "I_c", "3x3"),
    ("centre of mass with 2 entries", lambda: Link(r_c=[0.1, 0.2]), ValueError,
     "r_c", "3 entries", "2"),
    ("no links", lambda: SerialChain([]), ValueError, "links", "at least one Link", "0"),
    ("a link that is not a Link", lambda: SerialChain([Link(), "link"]), TypeError,
     "links[1]", "Link", "str"),
    ("tool is 3x3", lambda: SerialChain([Link()], tool=np.eye(3)), ValueError,
     "tool", "4x4", "3x3"),
    ("gravity with 2 entries", lambda: SerialChain([Link()], gravity=[0, -9.81]), ValueError,
     "gravity", "3 entries", "2"),
    # models
    ("planar arm with too few masses", lambda: planar_arm([1, 1], [1], [0.5, 0.5], [0, 0], 9.8),
     ValueError, "masses", "2 entries", "1"),
    ("planar 2R with a negative mass", lambda: planar_2r(m2=-1.0), ValueError,
     "m2", ">= 0", "-1.0"),
    # kinematics
    ("q with 3 entries", lambda: forward_kinematics(ARM, [0, 0, 0]), ValueError,
     "q", "2 entries", "3"),
    ("q is None", lambda: forward_kinematics(ARM, None), TypeError, "q", "sequence", "None"),
    ("q holds text", lambda: forward_kinematics(ARM, [0.0, "pi/2"]), TypeError,
     "q[1]", "number", "'pi/2'"),
    ("q is ragged", lambda: jacobian(ARM, [[0.0, 1.0], [2.0]]), TypeError,
     "q[0]", "number", "[0.0, 1.0]"),
    ("q is a matrix", lambda: forward_kinematics(ARM, np.zeros((2, 2))), ValueError, "q", "vector"),
    ("q is infinite", lambda: forward_kinematics(ARM, [0.0, np.inf]), ValueError,
     "q[1]", "finite", "inf"),
    ("link out of range", lambda: jacobian_by_cross_products(ARM, Q, link=3), ValueError,
     "link", "integer", "3"),
    ("link 0", lambda: jacobian_by_propagation(ARM, Q, link=0), ValueError, "link", "integer", "0"),
    ("link given as True", lambda: jacobian_by_propagation(ARM, Q, link=True), ValueError,
     "link", "integer", "True"),
    ("point with 2 entries", lambda: jacobian_by_propagation(ARM, Q, point=[0, 0]), ValueError,
     "point", "3 entries", "2"),
    ("unknown Jacobian frame", lambda: jacobian(ARM, Q, frame="world"), ValueError,
     "frame", ("'base'", "'tool'"), "'world'"),
    ("Jacobian with 5 rows", lambda: rotate_jacobian(np.zeros((5, 2)), np.eye(3)), ValueError,
     "J", "6 x n"),
    ("symbolic Jacobian with 5 rows", lambda: rotate_jacobian(sp.zeros(5, 2), sp.eye(3)),
     ValueError, "J", "6 x n"),
    ("Jacobian is None", lambda: rotate_jacobian(None, np.eye(3)), TypeError, "J", "6 x n", "None"),
    ("rotation for a Jacobian is 4x4", lambda: rotate_jacobian(np.zeros((6, 2)), np.eye(4)),
     ValueError, "R", "3x3", "4x4"),
    ("row number 6", lambda: jacobian_rows(ARM, Q, rows=(0, 6)), ValueError,
     "rows", "distinct", "(0, 6)"),
    ("repeated row", lambda: jacobian_rows(ARM, Q, rows=(1, 1)), ValueError,
     "rows", "distinct", "(1, 1)"),
    ("rows is one number", lambda: jacobian_rows(ARM, Q, rows=2), TypeError,
     "rows", "sequence", "2"),
    ("inverse of a non-square Jacobian", lambda: inverse_jacobian(ARM, Q), ValueError,
     "rows", "2 rows", "6"),
    ("negative tolerance", lambda: is_singular(ARM, Q, rows=(0, 1), tol=-1.0), ValueError,
     "tol", "tolerance", "-1.0"),
    ("task velocity with 3 entries", lambda: joint_rates(ARM, Q, [1, 0, 0], rows=(0, 1)),
     ValueError, "velocity", "2 entries", "3"),
    ("unknown joint-rate method", lambda: joint_rates(ARM, Q, [1, 0], (0, 1), method="pinv"),
     ValueError, "method", ("'inverse'", "'solve'"), "'pinv'"),
    ("inverse at a singular configuration", lambda: inverse_jacobian(ARM, [0.3, 0.0], (0, 1)),
     SingularConfigurationError, "q", "singular", "[0.3, 0.0]"),
    ("joint rates at θ2 = π", lambda: joint_rates(ARM, [0.3, np.pi], [1, 0], rows=(0, 1)),
     SingularConfigurationError, "q", "singular", "[0.3, 3.14"),
    ("symbolic inverse at θ2 = 0",
     lambda: inverse_jacobian(planar_2r(), [sp.Symbol("theta1"), 0], rows=(0, 1)),
     SingularConfigurationError, "q", "singular", "[theta1, 0]"),
    ("target out of reach", lambda: inverse_kinematics_2r(ARM, 2.5, 0.0), ValueError,
     "x", "out of reach", "(2.5, 0.0)"),
    ("target inside the hole", lambda: inverse_kinematics_2r(planar_2r(l1=1.0, l2=0.5), 0.1, 0.0),
     ValueError, "x", "out of reach", "(0.1, 0.0)"),
    ("unknown elbow branch", lambda: inverse_kinematics_2r(ARM, 1.0, 0.0, "left"), ValueError,
     "elbow", ("'up'", "'down'"), "'left'"),
    ("zero link length", lambda: inverse_kinematics_2r(planar_2r(l1=0.0, l2=1.0), 1.0, 0.0),
     ValueError, "l1", "> 0", "0.0"),
    ("target coordinate is text", lambda: inverse_kinematics_2r(ARM, "1", 0.0), TypeError,
     "x", "number", "'1'"),
    # statics
    ("wrench with 3 entries", lambda: static_forces_by_propagation(ARM, Q, [1, 0, 0]), ValueError,
     "wrench", "6 entries", "3"),
    ("wrench with 2 entries", lambda: joint_torques_by_jacobian(ARM, Q, [1, 0]), ValueError,
     "wrench", "6 entries", "2"),
    ("force and moment apart", lambda: static_forces_by_propagation(ARM, Q, [1, 0, 0], [0, 0, 0]),
     TypeError, "static_forces_by_propagation()", "positional arguments", "4"),
    ("wrench is text", lambda: static_forces_by_propagation(ARM, Q, "down"), TypeError,
     "wrench", "sequence", "'down'"),
    ("unknown load frame", lambda: static_forces_by_propagation(ARM, Q, WRENCH, frame="world"),
     ValueError, "frame", ("'base'", "'tool'"), "'world'"),
    ("statics q with 1 entry", lambda: static_forces_by_propagation(ARM, [0.0], WRENCH), ValueError,
     "q", "2 entries", "1"),
    ("frame number past the tool", lambda: static_forces_by_propagation(ARM, Q, WRENCH).force(4),
     ValueError, "i", "integer", "4"),
    ("frame number 0", lambda: static_forces_by_propagation(ARM, Q, WRENCH).moment(0), ValueError,
     "i", "integer", "0"),
    # rotations, transforms and robots that are not what they claim to be
    ("scaled matrix as a rotation", lambda: transform(2 * np.eye(3), [0, 0, 0]), ValueError,
     "R", "rotation matrix"),
    ("reflection as A_R_B", lambda: velocity_transform(np.diag([1.0, 1.0, -1.0]), [0, 0, 0]),
     ValueError, "A_R_B", "rotation matrix"),
    ("tool with a bad last row", lambda: SerialChain([Link()], tool=np.ones((4, 4))), ValueError,
     "tool[:3, :3]", "rotation matrix"),
    ("tool that is not homogeneous", lambda: SerialChain([Link()], tool=_not_homogeneous()),
     ValueError, "tool", "homogeneous transform"),
    ("model function instead of a robot", lambda: joint_symbols(planar_2r), TypeError,
     "robot", "SerialChain", "planar_2r"),
]


def _not_homogeneous():
    T = np.eye(4)
    T[3, 0] = 1.0
    return T


test_bad_input_is_named_in_the_error = named_in_the_error(CASES)


def test_singular_configuration_error_is_a_value_error():
    with pytest.raises(ValueError) as caught:
        joint_rates(ARM, [0.3, 0.0], [1, 0], rows=(0, 1), method="inverse")
    assert_keeps_the_contract(str(caught.value), "q", "singular", "[0.3, 0.0]")
