"""Bad input to robocourse.frames, robocourse.kinematics, robocourse.statics and
robocourse.puma560 beyond tests/test_bad_input.py: the argument the user passed named (``a``
of ``cross``, ``T`` of ``inverse_transform``, not an inner ``v`` or ``R``), flags and names
that are not, and overflow said so (issue 17)."""

import numpy as np
import sympy as sp
from bad_input import named_in_the_error

from robocourse.frames import (
    as_rotation,
    cross,
    dh_transform,
    force_transform,
    inverse_transform,
    rot_y,
    rot_z,
    rotation,
    transform,
    translation,
    vee,
    velocity_transform,
)
from robocourse.kinematics import (
    forward_kinematics,
    inverse_kinematics_2r,
    jacobian,
    jacobian_by_cross_products,
    jacobian_determinant,
    jacobian_rows,
    joint_rates,
    link_frames,
    manipulability,
    rotate_jacobian,
)
from robocourse.models import planar_2r, puma560
from robocourse.puma560 import inverse_kinematics, wrist_singular
from robocourse.statics import joint_torques_by_jacobian, static_forces_by_propagation, tool_wrench

ARM = planar_2r(l1=1.0, l2=1.0)
HUGE = planar_2r(l1=1e200, l2=1e200)
PUMA = puma560()
Q = [0.3, 1.0]
LAST_ROW = np.eye(4)
LAST_ROW[3, 0] = 1.0

FRAMES = [
    ("vee of a matrix that is not skew", lambda: vee(np.eye(3)), ValueError,
     "S", "skew-symmetric", "S + Sᵀ"),
    ("vee of a symmetric sympy matrix", lambda: vee(sp.Matrix([[0, 1, 0], [1, 0, 0], [0, 0, 0]])),
     ValueError, "S", "skew-symmetric"),
    ("vee of text", lambda: vee("S"), TypeError, "S", "3x3", "'S'"),
    ("cross of text", lambda: cross("abc", [1, 2, 3]), TypeError, "a", "sequence", "'abc'"),
    ("cross with a bool", lambda: cross([1, 2, 3], [0, True, 0]), TypeError,
     "b[1]", "number", "True"),
    ("cross in the plane", lambda: cross([1, 2], [1, 2, 3]), ValueError, "a", "3 entries", "2"),
    ("inverse of a matrix that is not a transform", lambda: inverse_transform(np.ones((4, 4))),
     ValueError, "T[:3, :3]", "rotation matrix"),
    ("inverse of a transform with a bad last row", lambda: inverse_transform(LAST_ROW), ValueError,
     "T", "homogeneous transform"),
    ("inverse that overflows",
     lambda: inverse_transform(transform(rot_z(0.3), [1.7e308, 1.7e308, 0.0])), OverflowError,
     "T", "floating point"),
    ("a rotation check named 3", lambda: as_rotation(np.eye(3), name=3), TypeError,
     "name", "string", "3"),
    ("RotY of nan", lambda: rot_y(np.nan), ValueError, "angle", "finite", "nan"),
    ("RotZ of None", lambda: rot_z(None), TypeError, "angle", "number", "None"),
    ("a DH offset d True", lambda: dh_transform(0, 0, 0, True), TypeError, "d", "number", "True"),
    ("a transform to nan", lambda: transform(np.eye(3), [0, 0, np.nan]), ValueError,
     "p[2]", "finite", "nan"),
    ("a velocity transform by text", lambda: velocity_transform(np.eye(3), "p"), TypeError,
     "A_P_B", "sequence", "'p'"),
    ("a force transform by a 2x2", lambda: force_transform(np.eye(2), [0, 0, 0]), ValueError,
     "A_R_B", "3x3", "2x2"),
    ("a velocity transform that overflows",
     lambda: velocity_transform(rot_z(0.3), [1.5e308, 1.5e308, 1.5e308]), OverflowError,
     "A_P_B", "floating point"),
    ("the rotation of text", lambda: rotation("T"), TypeError, "T", "4x4", "'T'"),
    ("the translation of nothing", lambda: translation(None), TypeError, "T", "4x4", "None"),
]

KINEMATICS = [
    ("forward kinematics of the model function", lambda: forward_kinematics(planar_2r, Q),
     TypeError, "robot", "SerialChain", "planar_2r"),
    ("forward kinematics that overflows",
     lambda: forward_kinematics(planar_2r(l1=1e308, l2=1e308), [0.0, 0.0]), OverflowError,
     "robot", "floating point"),
    ("link frames of bools", lambda: link_frames(ARM, [True, False]), TypeError,
     "q[0]", "number", "True"),
    ("a Jacobian in frame 3", lambda: jacobian(ARM, Q, frame=3), ValueError,
     "frame", ("'base'", "'tool'"), "3"),
    ("a Jacobian of text angles", lambda: jacobian(ARM, ["0", "1"]), TypeError,
     "q[0]", "number", "'0'"),
    ("the rows True and 1", lambda: jacobian_rows(ARM, Q, rows=(True, 1)), ValueError,
     "rows", "distinct", "(True, 1)"),
    ("the Jacobian of a point at nan",
     lambda: jacobian_by_cross_products(ARM, Q, point=[0, np.nan, 0]), ValueError,
     "point[1]", "finite", "nan"),
    ("a determinant of all six rows", lambda: jacobian_determinant(ARM, Q), ValueError,
     "rows", "2 rows", "6"),
    ("manipulability that overflows", lambda: manipulability(HUGE, Q, rows=(0, 1)), OverflowError,
     "robot", "floating point"),
    ("joint rates for a velocity nan", lambda: joint_rates(ARM, Q, [np.nan, 0], rows=(0, 1)),
     ValueError, "velocity[0]", "finite", "nan"),
    ("joint rates for a velocity as text", lambda: joint_rates(ARM, Q, "fast", rows=(0, 1)),
     TypeError, "velocity", "sequence", "'fast'"),
    ("joint rates by method 3", lambda: joint_rates(ARM, Q, [1, 0], rows=(0, 1), method=3),
     ValueError, "method", ("'inverse'", "'solve'"), "3"),
    ("joint rates with a negative tolerance",
     lambda: joint_rates(ARM, Q, [1, 0], rows=(0, 1), tol=-1e-9), ValueError,
     "tol", "tolerance", "-1e-09"),
    ("joint rates that overflow", lambda: joint_rates(ARM, Q, [1e308, 1e308], rows=(0, 1)),
     OverflowError, "velocity", "floating point"),
    ("inverse kinematics to x = True", lambda: inverse_kinematics_2r(ARM, True, 0.0), TypeError,
     "x", "number", "True"),
    ("inverse kinematics to y = nan", lambda: inverse_kinematics_2r(ARM, 1.0, np.nan), ValueError,
     "y", "finite", "nan"),
    ("inverse kinematics elbow True", lambda: inverse_kinematics_2r(ARM, 1.0, 0.0, True),
     ValueError, "elbow", ("'up'", "'down'"), "True"),
    ("2R inverse kinematics of the PUMA", lambda: inverse_kinematics_2r(PUMA, 1.0, 0.0), ValueError,
     "robot", "models.planar_2r()"),
    ("2R inverse kinematics of the model function",
     lambda: inverse_kinematics_2r(planar_2r, 1.0, 0.0), TypeError,
     "robot", "SerialChain", "planar_2r"),
    ("turning a Jacobian of text", lambda: rotate_jacobian([["a"] * 2] * 6, np.eye(3)), TypeError,
     "J[0,0]", "number", "'a'"),
]

STATICS = [
    ("a load written in the world frame", lambda: tool_wrench(ARM, Q, [0] * 6, frame="world"),
     ValueError, "frame", ("'base'", "'tool'"), "'world'"),
    ("a load of inf", lambda: tool_wrench(ARM, Q, [np.inf, 0, 0, 0, 0, 0]), ValueError,
     "wrench[0]", "finite", "inf"),
    ("a load of one number", lambda: static_forces_by_propagation(ARM, Q, 9.81), TypeError,
     "wrench", "sequence", "9.81"),
    ("a load of bools", lambda: joint_torques_by_jacobian(ARM, Q, [True] + [0] * 5), TypeError,
     "wrench[0]", "number", "True"),
    ("a load that overflows", lambda: joint_torques_by_jacobian(HUGE, Q, [1e200] * 6),
     OverflowError, "robot", "floating point"),
    ("propagation that overflows",
     lambda: static_forces_by_propagation(HUGE, Q, [1e200, 0, 0, 0, 0, 0]), OverflowError,
     "robot", "floating point"),
    ("the force on frame True",
     lambda: static_forces_by_propagation(ARM, Q, [1, 0, 0, 0, 0, 0]).force(True), ValueError,
     "i", "integer", "True"),
    ("a load frame None", lambda: joint_torques_by_jacobian(ARM, Q, [0] * 6, frame=None),
     ValueError, "frame", ("'base'", "'tool'"), "None"),
]

PUMA_IK = [
    ("PUMA IK of the model function", lambda: inverse_kinematics(puma560, np.eye(4)), TypeError,
     "robot", "SerialChain", "puma560"),
    ("PUMA IK of the 2R arm", lambda: inverse_kinematics(ARM, np.eye(4)), ValueError,
     "robot", "models.puma560()"),
    ("PUMA IK of text", lambda: inverse_kinematics(PUMA, "T"), TypeError, "T", "4x4", "'T'"),
    ("PUMA IK of a rotation only", lambda: inverse_kinematics(PUMA, np.eye(3)), ValueError,
     "T", "4x4", "3x3"),
    ("PUMA IK of nan", lambda: inverse_kinematics(PUMA, np.full((4, 4), np.nan)), ValueError,
     "T[0,0]", "finite", "nan"),
    ("PUMA IK of a matrix that is not a transform",
     lambda: inverse_kinematics(PUMA, np.ones((4, 4))), ValueError,
     "T[:3, :3]", "rotation matrix"),
    ("PUMA IK of a bad last row", lambda: inverse_kinematics(PUMA, LAST_ROW), ValueError,
     "T", "homogeneous transform"),
    ("PUMA IK far away", lambda: inverse_kinematics(PUMA, transform(np.eye(3), [1e200, 0, 0])),
     ValueError, "T", "out of reach", "[1e+200, 0.0, 0.0]"),
    ("wrist check of 5 angles", lambda: wrist_singular([0.0] * 5), ValueError,
     "q", "6 entries", "5"),
    ("wrist check of symbols with a negative tolerance",
     lambda: wrist_singular([0] * 5 + [sp.Symbol("theta6")], tol=-1), ValueError,
     "tol", "tolerance", "-1"),
    ("wrist check of text", lambda: wrist_singular("zero"), TypeError, "q", "sequence", "'zero'"),
    ("wrist check with a tolerance as text", lambda: wrist_singular([0.0] * 6, tol="1e-9"),
     TypeError, "tol", "number", "'1e-9'"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(FRAMES + KINEMATICS + STATICS
                                                          + PUMA_IK)
