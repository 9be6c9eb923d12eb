"""Bad input to the widgets' state functions, which a student may call from a cell: a robot
the figure cannot draw (symbols, another arm), vectors of the wrong length, text for a
number, a negative box — each refused with the argument named, not a numpy, sympy or
LAPACK error from inside the drawing."""

import numpy as np
import sympy as sp
from bad_input import named_in_the_error

from robocourse.models import planar_2r, puma560
from robocourse.widgets.acceleration import loglog_slope
from robocourse.widgets.dead_point import lever_arm, transmission_angle
from robocourse.widgets.inertia import box_tensor, frame_rotation
from robocourse.widgets.kinematics import arm_velocity
from robocourse.widgets.statics import tip_load
from robocourse.widgets.trajectories import reachable

ARM = planar_2r(l1=0.5, l2=0.5)
SYMBOLS = r"^robot must have numeric parameters \(e.g. .*\); got the symbols l1, l2$"
NOT_2R = r"^robot must be a planar 2R arm \(.*\); got 'PUMA 560' with 6 joints$"

CASES = [
    ("velocity of the arm of symbols", lambda: arm_velocity(planar_2r(), [0.1, 0.2], [0, 0]),
     TypeError, SYMBOLS),
    ("velocity of the PUMA", lambda: arm_velocity(puma560(), [0.1] * 6, [0] * 6), ValueError,
     NOT_2R),
    ("velocity with one rate", lambda: arm_velocity(ARM, [0.1, 0.2], [0.0]), ValueError,
     r"^qd must have 2 entries \(θ̇1, θ̇2\); got 1$"),
    ("tip load on the arm of symbols", lambda: tip_load(planar_2r(), 0.1, 0.2, 1.0, 1.0),
     TypeError, SYMBOLS),
    ("tip load with a force as text", lambda: tip_load(ARM, 0.1, 0.2, "a", 1.0), TypeError,
     r"^fx must be a number or a sympy expression; got 'a'$"),
    ("transmission angle of the arm of symbols",
     lambda: transmission_angle(planar_2r(), [0.1, 0.2]), TypeError, SYMBOLS),
    ("lever arm of the PUMA", lambda: lever_arm(puma560(), [0.1] * 6), ValueError, NOT_2R),
    ("lever arm at one angle", lambda: lever_arm(ARM, [0.1]), ValueError,
     r"^q must have 2 entries \(θ1, θ2\); got 1$"),
    ("a box of negative width", lambda: box_tensor(-1.0, 1.0, 1.0), ValueError,
     r"^w must be > 0 \(m\); got -1.0$"),
    ("a box of symbolic height", lambda: box_tensor(1.0, 1.0, sp.Symbol("h")), TypeError,
     r"^h must be a number here"),
    ("a box's frame at a point of the plane", lambda: box_tensor(1, 1, 1, position=[0, 0]),
     ValueError, r"^position must have 3 entries \(x, y, z in \{0\}\); got 2$"),
    ("a box's frame turned by a matrix that is not a rotation",
     lambda: box_tensor(1, 1, 1, R=2 * np.eye(3)), ValueError, r"^R must be a rotation matrix"),
    ("a roll as text", lambda: frame_rotation(roll="10"), TypeError,
     r"^roll must be a number or a sympy expression; got '10'$"),
    ("a goal of one coordinate", lambda: reachable([0.1]), ValueError,
     r"^point must have 2 entries \(x, y\); got 1$"),
    ("a slope through one point", lambda: loglog_slope([0.1], [1.0]), ValueError,
     r"^s2 and values must be two or more points"),
    ("a slope through s2 = 0", lambda: loglog_slope([0.0, 0.2], [1.0, 2.0]), ValueError,
     r"^s2 and values must be .* with s2 != 0 and values > 0 .*; got s2 = \[0.0, 0.2\]"),
    ("a slope of negative values", lambda: loglog_slope([0.1, 0.2], [-1.0, 2.0]), ValueError,
     r"values > 0"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(CASES)
