"""Bad input raises a clear exception of the right type whose message names the argument
(ValueError for wrong values and shapes, TypeError for wrong kinds of object)."""

import numpy as np
import pytest
import sympy as sp

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
    ("angle is text", lambda: rot_x("30deg"), TypeError, r"angle must be a number"),
    ("R is 2x2", lambda: transform(np.eye(2), [0, 0, 0]), ValueError, r"R must be a 3x3"),
    ("p has 2 entries", lambda: transform(np.eye(3), [1, 2]), ValueError,
     r"p must have 3 entries.*got 2"),
    ("T is 3x3", lambda: inverse_transform(np.eye(3)), ValueError, r"T must be a 4x4"),
    ("T is None", lambda: inverse_transform(None), TypeError, r"T must be a 4x4"),
    ("skew of a 2-vector", lambda: skew([1, 2]), ValueError, r"v must have 3 entries"),
    ("cross with a nested b", lambda: cross([1, 2, 3], [[1, 2], 3, 4]), TypeError, r"b\[0\]"),
    ("DH alpha is None", lambda: dh_transform(None, 0, 0, 0), TypeError, r"alpha must be"),
    ("velocity transform R 4x4", lambda: velocity_transform(np.eye(4), [0, 0, 0]), ValueError,
     r"A_R_B must be a 3x3"),
    ("force transform P 4 entries", lambda: force_transform(np.eye(3), [0, 0, 0, 1]),
     ValueError, r"A_P_B must have 3 entries"),
    # robot
    ("unknown joint type", lambda: Link(joint="screw"), ValueError,
     r"joint must be 'revolute' or 'prismatic'.*'screw'"),
    ("negative mass", lambda: Link(mass=-2.0), ValueError, r"mass must be >= 0"),
    ("mass is text", lambda: Link(mass="2 kg"), TypeError, r"mass must be a number"),
    ("DH a is NaN", lambda: Link(a=float("nan")), ValueError, r"a must be a finite real"),
    ("non-symmetric inertia", lambda: Link(I_c=[[1, 0.5, 0], [0, 1, 0], [0, 0, 1]]),
     ValueError, r"I_c must be symmetric.*I_c\[0,1\]=0.5"),
    ("non-PSD inertia", lambda: Link(I_c=np.diag([1.0, 1.0, -1.0])), ValueError,
     r"I_c must be positive semi-definite"),
    ("inertia breaks the triangle inequality", lambda: Link(I_c=np.diag([1.0, 1.0, 3.0])),
     ValueError, r"I_c breaks the triangle inequality"),
    ("ragged inertia", lambda: Link(I_c=[[1, 0, 0], [0, 1]]), ValueError,
     r"I_c must be a 3x3"),
    ("centre of mass with 2 entries", lambda: Link(r_c=[0.1, 0.2]), ValueError,
     r"r_c must have 3 entries"),
    ("no links", lambda: SerialChain([]), ValueError, r"links must hold at least one Link"),
    ("a link that is not a Link", lambda: SerialChain([Link(), "link"]), TypeError,
     r"links\[1\] must be a Link; got str"),
    ("tool is 3x3", lambda: SerialChain([Link()], tool=np.eye(3)), ValueError,
     r"tool must be a 4x4"),
    ("gravity with 2 entries", lambda: SerialChain([Link()], gravity=[0, -9.81]), ValueError,
     r"gravity must have 3 entries"),
    # models
    ("planar arm with too few masses", lambda: planar_arm([1, 1], [1], [0.5, 0.5], [0, 0], 9.8),
     ValueError, r"masses must have 2 entries"),
    ("planar 2R with a negative mass", lambda: planar_2r(m2=-1.0), ValueError,
     r"m2 must be >= 0 \(kg\); got -1.0"),
    # kinematics
    ("q with 3 entries", lambda: forward_kinematics(ARM, [0, 0, 0]), ValueError,
     r"q must have 2 entries.*got 3"),
    ("q is None", lambda: forward_kinematics(ARM, None), TypeError, r"q must be a sequence"),
    ("q holds text", lambda: forward_kinematics(ARM, [0.0, "pi/2"]), TypeError,
     r"q\[1\] must be a number"),
    ("q is ragged", lambda: jacobian(ARM, [[0.0, 1.0], [2.0]]), TypeError, r"q\[0\]"),
    ("q is a matrix", lambda: forward_kinematics(ARM, np.zeros((2, 2))), ValueError,
     r"q must be a vector"),
    ("q is infinite", lambda: forward_kinematics(ARM, [0.0, np.inf]), ValueError,
     r"q\[1\] must be a finite real number"),
    ("link out of range", lambda: jacobian_by_cross_products(ARM, Q, link=3), ValueError,
     r"link must be an integer from 1 to 2.*got 3"),
    ("link 0", lambda: jacobian_by_propagation(ARM, Q, link=0), ValueError,
     r"link must be an integer from 1 to 2"),
    ("link given as True", lambda: jacobian_by_propagation(ARM, Q, link=True), ValueError,
     r"link must be an integer"),
    ("point with 2 entries", lambda: jacobian_by_propagation(ARM, Q, point=[0, 0]), ValueError,
     r"point must have 3 entries"),
    ("unknown Jacobian frame", lambda: jacobian(ARM, Q, frame="world"), ValueError,
     r"frame must be 'base' or 'tool'; got 'world'"),
    ("Jacobian with 5 rows", lambda: rotate_jacobian(np.zeros((5, 2)), np.eye(3)), ValueError,
     r"J must be a 6 x n Jacobian"),
    ("symbolic Jacobian with 5 rows", lambda: rotate_jacobian(sp.zeros(5, 2), sp.eye(3)),
     ValueError, r"J must be a 6 x n Jacobian"),
    ("Jacobian is None", lambda: rotate_jacobian(None, np.eye(3)), TypeError,
     r"J must be a 6 x n Jacobian"),
    ("rotation for a Jacobian is 4x4", lambda: rotate_jacobian(np.zeros((6, 2)), np.eye(4)),
     ValueError, r"R must be a 3x3"),
    ("row number 6", lambda: jacobian_rows(ARM, Q, rows=(0, 6)), ValueError,
     r"rows must be distinct row numbers 0..5"),
    ("repeated row", lambda: jacobian_rows(ARM, Q, rows=(1, 1)), ValueError,
     r"rows must be distinct"),
    ("rows is one number", lambda: jacobian_rows(ARM, Q, rows=2), TypeError,
     r"rows must be a sequence"),
    ("inverse of a non-square Jacobian", lambda: inverse_jacobian(ARM, Q), ValueError,
     r"rows must select 2 rows.*got 6"),
    ("negative tolerance", lambda: is_singular(ARM, Q, rows=(0, 1), tol=-1.0), ValueError,
     r"tol must be a relative tolerance"),
    ("task velocity with 3 entries", lambda: joint_rates(ARM, Q, [1, 0, 0], rows=(0, 1)),
     ValueError, r"velocity must have 2 entries"),
    ("unknown joint-rate method", lambda: joint_rates(ARM, Q, [1, 0], (0, 1), method="pinv"),
     ValueError, r"method must be 'inverse' or 'solve'; got 'pinv'"),
    ("inverse at a singular configuration", lambda: inverse_jacobian(ARM, [0.3, 0.0], (0, 1)),
     SingularConfigurationError, r"q = \[0\.3, 0\.0\] is a singular configuration.*det J = 0"),
    ("joint rates at θ2 = π", lambda: joint_rates(ARM, [0.3, np.pi], [1, 0], rows=(0, 1)),
     SingularConfigurationError, r"q = \[0\.3, 3\.14.*det J = 0"),
    ("symbolic inverse at θ2 = 0",
     lambda: inverse_jacobian(planar_2r(), [sp.Symbol("theta1"), 0], rows=(0, 1)),
     SingularConfigurationError, r"q = \[theta1, 0\]"),
    ("target out of reach", lambda: inverse_kinematics_2r(ARM, 2.5, 0.0), ValueError,
     r"\(x, y\) = \(2\.5, 0\.0\) is out of reach.*annulus.*l1 \+ l2 = 2\.0"),
    ("target inside the hole",
     lambda: inverse_kinematics_2r(planar_2r(l1=1.0, l2=0.5), 0.1, 0.0), ValueError,
     r"\(x, y\) = \(0\.1, 0\.0\) is out of reach.*\|l1 - l2\| = 0\.5"),
    ("unknown elbow branch", lambda: inverse_kinematics_2r(ARM, 1.0, 0.0, "left"),
     ValueError, r"elbow must be 'up' or 'down'"),
    ("zero link length", lambda: inverse_kinematics_2r(planar_2r(l1=0.0, l2=1.0), 1.0, 0.0),
     ValueError,
     r"link length l1 must be > 0"),
    ("target coordinate is text", lambda: inverse_kinematics_2r(ARM, "1", 0.0), TypeError,
     r"x must be a number"),
    # statics
    ("wrench with 3 entries", lambda: static_forces_by_propagation(ARM, Q, [1, 0, 0]),
     ValueError, r"wrench must have 6 entries \(fx, fy, fz, nx, ny, nz\); got 3"),
    ("wrench with 2 entries", lambda: joint_torques_by_jacobian(ARM, Q, [1, 0]),
     ValueError, r"wrench must have 6 entries.*got 2"),
    ("force and moment apart", lambda: static_forces_by_propagation(ARM, Q, [1, 0, 0], [0, 0, 0]),
     TypeError, r"positional argument"),
    ("wrench is text", lambda: static_forces_by_propagation(ARM, Q, "down"), TypeError,
     r"wrench must be a sequence"),
    ("unknown load frame", lambda: static_forces_by_propagation(ARM, Q, WRENCH, frame="world"),
     ValueError, r"frame must be 'base' or 'tool'; got 'world'"),
    ("statics q with 1 entry", lambda: static_forces_by_propagation(ARM, [0.0], WRENCH),
     ValueError, r"q must have 2 entries"),
    ("frame number past the tool",
     lambda: static_forces_by_propagation(ARM, Q, WRENCH).force(4), ValueError,
     r"i must be an integer from 1 to 3"),
    ("frame number 0", lambda: static_forces_by_propagation(ARM, Q, WRENCH).moment(0),
     ValueError, r"i must be an integer from 1 to 3"),
    # rotations, transforms and robots that are not what they claim to be
    ("scaled matrix as a rotation", lambda: transform(2 * np.eye(3), [0, 0, 0]), ValueError,
     r"R must be a rotation matrix"),
    ("reflection as A_R_B", lambda: velocity_transform(np.diag([1.0, 1.0, -1.0]), [0, 0, 0]),
     ValueError, r"A_R_B must be a rotation matrix.*det A_R_B = -1"),
    ("tool with a bad last row", lambda: SerialChain([Link()], tool=np.ones((4, 4))),
     ValueError, r"tool\[:3, :3\] must be a rotation matrix"),
    ("tool that is not homogeneous", lambda: SerialChain([Link()], tool=_not_homogeneous()),
     ValueError, r"tool must be a homogeneous transform with last row \[0, 0, 0, 1\]"),
    ("model function instead of a robot", lambda: joint_symbols(planar_2r), TypeError,
     r"robot must be a SerialChain; got the function planar_2r \(did you mean planar_2r\(\)\?\)"),
]


def _not_homogeneous():
    T = np.eye(4)
    T[3, 0] = 1.0
    return T


@pytest.mark.parametrize("call, error, message", [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_bad_input_is_named_in_the_error(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_singular_configuration_error_is_a_value_error():
    with pytest.raises(ValueError, match=r"singular configuration"):
        joint_rates(ARM, [0.3, 0.0], [1, 0], rows=(0, 1), method="inverse")
