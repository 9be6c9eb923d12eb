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
     r"^S must be skew-symmetric \(Sᵀ = −S, the matrix \[w ×\] of a vector w\); got S \+ Sᵀ "
     r"with an entry 2"),
    ("vee of a symmetric sympy matrix", lambda: vee(sp.Matrix([[0, 1, 0], [1, 0, 0], [0, 0, 0]])),
     ValueError, r"^S must be skew-symmetric"),
    ("vee of text", lambda: vee("S"), TypeError, r"^S must be a 3x3 matrix; got 'S'"),
    ("cross of text", lambda: cross("abc", [1, 2, 3]), TypeError,
     r"^a must be a sequence of 3 numbers; got 'abc'"),
    ("cross with a bool", lambda: cross([1, 2, 3], [0, True, 0]), TypeError,
     r"^b\[1\] must be a number .* not a bool"),
    ("cross in the plane", lambda: cross([1, 2], [1, 2, 3]), ValueError,
     r"^a must have 3 entries \(one per joint or axis\); got 2"),
    ("inverse of a matrix that is not a transform", lambda: inverse_transform(np.ones((4, 4))),
     ValueError, r"^T\[:3, :3\] must be a rotation matrix"),
    ("inverse of a transform with a bad last row", lambda: inverse_transform(LAST_ROW),
     ValueError, r"^T must be a homogeneous transform with last row \[0, 0, 0, 1\]"),
    ("inverse that overflows",
     lambda: inverse_transform(transform(rot_z(0.3), [1.7e308, 1.7e308, 0.0])), OverflowError,
     r"^inverse_transform\(\.\.\.\) overflows floating point: .* \(in T\)"),
    ("a rotation check named 3", lambda: as_rotation(np.eye(3), name=3), TypeError,
     r"^name must be a string; got 3"),
    ("a rotation check symbolic 'yes'", lambda: as_rotation(np.eye(3), symbolic="yes"),
     TypeError, r"^symbolic must be True or False \(or None for symbolic when R is\); got 'yes'"),
    ("RotY of nan", lambda: rot_y(np.nan), ValueError,
     r"^angle must be a finite real number; got nan"),
    ("RotZ of None", lambda: rot_z(None), TypeError,
     r"^angle must be a number or a sympy expression; got None"),
    ("a DH offset d True", lambda: dh_transform(0, 0, 0, True), TypeError,
     r"^d must be a number .* not a bool"),
    ("a transform to nan", lambda: transform(np.eye(3), [0, 0, np.nan]), ValueError,
     r"^p\[2\] must be a finite real number; got nan"),
    ("a velocity transform by text", lambda: velocity_transform(np.eye(3), "p"), TypeError,
     r"^A_P_B must be a sequence of 3 numbers; got 'p'"),
    ("a force transform by a 2x2", lambda: force_transform(np.eye(2), [0, 0, 0]), ValueError,
     r"^A_R_B must be a 3x3 matrix; got 2x2"),
    ("a velocity transform that overflows",
     lambda: velocity_transform(rot_z(0.3), [1.5e308, 1.5e308, 1.5e308]), OverflowError,
     r"^velocity_transform\(\.\.\.\) overflows floating point: .* \(in A_P_B\)"),
    ("the rotation of text", lambda: rotation("T"), TypeError, r"^T must be a 4x4 matrix; got 'T'"),
    ("the translation of nothing", lambda: translation(None), TypeError,
     r"^T must be a 4x4 matrix; got None"),
]

KINEMATICS = [
    ("forward kinematics of the model function", lambda: forward_kinematics(planar_2r, Q),
     TypeError, r"^robot must be a SerialChain; got the function planar_2r \(did you mean "
                r"planar_2r\(\)\?\)"),
    ("forward kinematics that overflows",
     lambda: forward_kinematics(planar_2r(l1=1e308, l2=1e308), [0.0, 0.0]), OverflowError,
     r"^forward_kinematics\(\.\.\.\) overflows floating point: .* up to 1e\+308 \(in robot\)"),
    ("link frames of bools", lambda: link_frames(ARM, [True, False]), TypeError,
     r"^q\[0\] must be a number .* not a bool"),
    ("a Jacobian in frame 3", lambda: jacobian(ARM, Q, frame=3), ValueError,
     r"^frame must be 'base' or 'tool'; got 3"),
    ("a Jacobian of text angles", lambda: jacobian(ARM, ["0", "1"]), TypeError,
     r"^q\[0\] must be a number or a sympy expression; got '0'"),
    ("the rows True and 1", lambda: jacobian_rows(ARM, Q, rows=(True, 1)), ValueError,
     r"^rows must be distinct row numbers 0..5 of \[vx, vy, vz, ωx, ωy, ωz\]; got \(True, 1\)"),
    ("the Jacobian of a point at nan",
     lambda: jacobian_by_cross_products(ARM, Q, point=[0, np.nan, 0]), ValueError,
     r"^point\[1\] must be a finite real number; got nan"),
    ("a determinant of all six rows", lambda: jacobian_determinant(ARM, Q), ValueError,
     r"^rows must select 2 rows \(one per joint\) so that J is square; got 6 \(all six\)"),
    ("manipulability that overflows", lambda: manipulability(HUGE, Q, rows=(0, 1)),
     OverflowError, r"^manipulability\(\.\.\.\) overflows floating point: the result inf is "
                    r"not finite; .* up to 1e\+200 \(in robot\)"),
    ("joint rates for a velocity nan", lambda: joint_rates(ARM, Q, [np.nan, 0], rows=(0, 1)),
     ValueError, r"^velocity\[0\] must be a finite real number; got nan"),
    ("joint rates for a velocity as text", lambda: joint_rates(ARM, Q, "fast", rows=(0, 1)),
     TypeError, r"^velocity must be a sequence of 2 numbers; got 'fast'"),
    ("joint rates by method 3", lambda: joint_rates(ARM, Q, [1, 0], rows=(0, 1), method=3),
     ValueError, r"^method must be 'inverse' or 'solve'; got 3"),
    ("joint rates with a negative tolerance",
     lambda: joint_rates(ARM, Q, [1, 0], rows=(0, 1), tol=-1e-9), ValueError,
     r"^tol must be a relative tolerance, 0 <= tol < 1; got -1e-09"),
    ("joint rates that overflow", lambda: joint_rates(ARM, Q, [1e308, 1e308], rows=(0, 1)),
     OverflowError, r"^joint_rates\(\.\.\.\) overflows floating point: .* \(in velocity\)"),
    ("inverse kinematics to x = True", lambda: inverse_kinematics_2r(ARM, True, 0.0), TypeError,
     r"^x must be a number .* not a bool"),
    ("inverse kinematics to y = nan", lambda: inverse_kinematics_2r(ARM, 1.0, np.nan),
     ValueError, r"^y must be a finite real number; got nan"),
    ("inverse kinematics elbow True", lambda: inverse_kinematics_2r(ARM, 1.0, 0.0, True),
     ValueError, r"^elbow must be 'up' or 'down'; got True"),
    ("2R inverse kinematics of the PUMA", lambda: inverse_kinematics_2r(PUMA, 1.0, 0.0),
     ValueError, r"^robot must be built like models.planar_2r\(\)"),
    ("2R inverse kinematics of the model function",
     lambda: inverse_kinematics_2r(planar_2r, 1.0, 0.0), TypeError,
     r"^robot must be a SerialChain; got the function planar_2r"),
    ("turning a Jacobian of text", lambda: rotate_jacobian([["a"] * 2] * 6, np.eye(3)),
     TypeError, r"^J\[0,0\] must be a number or a sympy expression; got 'a'"),
]

STATICS = [
    ("a load written in the world frame", lambda: tool_wrench(ARM, Q, [0] * 6, frame="world"),
     ValueError, r"^frame must be 'base' or 'tool'; got 'world'"),
    ("a load of inf", lambda: tool_wrench(ARM, Q, [np.inf, 0, 0, 0, 0, 0]), ValueError,
     r"^wrench\[0\] must be a finite real number; got inf"),
    ("a load of one number", lambda: static_forces_by_propagation(ARM, Q, 9.81), TypeError,
     r"^wrench must be a sequence of 6 numbers; got 9.81"),
    ("a load of bools", lambda: joint_torques_by_jacobian(ARM, Q, [True] + [0] * 5), TypeError,
     r"^wrench\[0\] must be a number .* not a bool"),
    ("a load that overflows", lambda: joint_torques_by_jacobian(HUGE, Q, [1e200] * 6),
     OverflowError, r"^joint_torques_by_jacobian\(\.\.\.\) overflows floating point: the "
                    r"result \[nan, nan\] is not finite; .* up to 1e\+200 \(in robot\)"),
    ("propagation that overflows",
     lambda: static_forces_by_propagation(HUGE, Q, [1e200, 0, 0, 0, 0, 0]), OverflowError,
     r"^static_forces_by_propagation\(\.\.\.\) overflows floating point"),
    ("the force on frame True",
     lambda: static_forces_by_propagation(ARM, Q, [1, 0, 0, 0, 0, 0]).force(True), ValueError,
     r"^i must be an integer from 1 to 3; got True"),
    ("a load frame None", lambda: joint_torques_by_jacobian(ARM, Q, [0] * 6, frame=None),
     ValueError, r"^frame must be 'base' or 'tool'; got None"),
]

PUMA_IK = [
    ("PUMA IK of the model function", lambda: inverse_kinematics(puma560, np.eye(4)), TypeError,
     r"^robot must be a SerialChain; got the function puma560 \(did you mean puma560\(\)\?\)"),
    ("PUMA IK of the 2R arm", lambda: inverse_kinematics(ARM, np.eye(4)), ValueError,
     r"^robot must be built like models.puma560\(\) \(six revolute joints"),
    ("PUMA IK of text", lambda: inverse_kinematics(PUMA, "T"), TypeError,
     r"^T must be a 4x4 matrix; got 'T'"),
    ("PUMA IK of a rotation only", lambda: inverse_kinematics(PUMA, np.eye(3)), ValueError,
     r"^T must be a 4x4 matrix; got 3x3"),
    ("PUMA IK of nan", lambda: inverse_kinematics(PUMA, np.full((4, 4), np.nan)), ValueError,
     r"^T\[0,0\] must be a finite real number; got nan"),
    ("PUMA IK of a matrix that is not a transform",
     lambda: inverse_kinematics(PUMA, np.ones((4, 4))), ValueError,
     r"^T\[:3, :3\] must be a rotation matrix"),
    ("PUMA IK of a bad last row", lambda: inverse_kinematics(PUMA, LAST_ROW), ValueError,
     r"^T must be a homogeneous transform with last row \[0, 0, 0, 1\]"),
    ("PUMA IK far away", lambda: inverse_kinematics(PUMA, transform(np.eye(3), [1e200, 0, 0])),
     ValueError, r"^target T \(tool at \[1e\+200, 0.0, 0.0\]\) is out of reach of the PUMA 560"),
    ("wrist check of 5 angles", lambda: wrist_singular([0.0] * 5), ValueError,
     r"^q must have 6 entries \(one per joint\); got 5"),
    ("wrist check of symbols with a negative tolerance",
     lambda: wrist_singular([0] * 5 + [sp.Symbol("theta6")], tol=-1), ValueError,
     r"^tol must be a relative tolerance, 0 <= tol < 1; got -1"),
    ("wrist check of text", lambda: wrist_singular("zero"), TypeError,
     r"^q must be a sequence of 6 numbers; got 'zero'"),
    ("wrist check with a tolerance as text", lambda: wrist_singular([0.0] * 6, tol="1e-9"),
     TypeError, r"^tol must be a number or a sympy expression; got '1e-9'"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(FRAMES + KINEMATICS + STATICS
                                                          + PUMA_IK)
