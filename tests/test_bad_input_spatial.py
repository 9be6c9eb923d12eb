"""Bad input to robocourse.spatial (chapter 8): the gate's errors for the spatial algorithms,
vectors and inertias that are not what they claim, a chain with no inertia to accelerate,
and numbers that overflow (an OverflowError that says so) — issue 40."""

import numpy as np
from bad_input import named_in_the_error

from robocourse import spatial
from robocourse.models import planar_2r, random_chain
from robocourse.robot import Link, SerialChain

ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
HUGE = planar_2r(l1=1e200, l2=1e200, m1=1e200, m2=1.0, g=9.81)
HALF = SerialChain([Link(mass=1.0, r_c=[0, 0, 0], I_c=np.eye(3)), Link(a=1.0)], name="half")
LIMP = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=0.0, g=9.81)
SYMBOLIC = planar_2r()
Z = [0.0, 0.0]

SPATIAL = [
    ("crm of a 3-vector", lambda: spatial.crm([0, 0, 1]), ValueError, "v", "6 entries", "3"),
    ("crf of text", lambda: spatial.crf("spin"), TypeError, "v", "sequence", "'spin'"),
    ("crm with nan", lambda: spatial.crm([0, 0, 0, 0, 0, np.nan]), ValueError, "v[5]",
     "finite", "nan"),
    ("inertia of a negative mass", lambda: spatial.spatial_inertia(-1.0, [0, 0, 0], np.eye(3)),
     ValueError, "mass", ">= 0", "-1.0"),
    ("inertia with a 2-vector centre", lambda: spatial.spatial_inertia(1.0, [0, 0], np.eye(3)),
     ValueError, "r_c", "3 entries", "2"),
    ("inertia with a skew tensor",
     lambda: spatial.spatial_inertia(1.0, [0, 0, 0], [[1, 1, 0], [0, 1, 0], [0, 0, 1]]),
     ValueError, "I_c", "symmetric"),
    ("transforms of the model function", lambda: spatial.spatial_transforms(planar_2r, Z),
     TypeError, "robot", "SerialChain", "planar_2r"),
    ("rnea q of 3 joints", lambda: spatial.rnea(ARM, [0, 0, 0], Z, Z), ValueError, "q",
     "2 entries", "3"),
    ("rnea qd of bools", lambda: spatial.rnea(ARM, Z, [True, False], Z), TypeError, "qd[0]",
     "number", "True"),
    ("rnea gravity 9.81", lambda: spatial.rnea(ARM, Z, Z, Z, gravity=9.81), ValueError,
     "gravity", "3-vector", "9.81"),
    ("rnea wrench of 3", lambda: spatial.rnea(ARM, Z, Z, Z, wrench=[1, 0, 0]), ValueError,
     "wrench", "6 entries", "3"),
    ("rnea frame world", lambda: spatial.rnea(ARM, Z, Z, Z, wrench=[0] * 6, frame="world"),
     ValueError, "frame", ("'base'", "'tool'"), "'world'"),
    ("rnea without masses", lambda: spatial.rnea(HALF, Z, Z, Z), ValueError, "link 2", "mass"),
    ("rnea overflows", lambda: spatial.rnea(ARM, [0, 0.3], [1e200, 0], Z), OverflowError, "qd",
     "floating point"),
    ("crba overflows", lambda: spatial.crba(HUGE, Z), OverflowError, "robot", "floating point"),
    ("trace link 0", lambda: spatial.spatial_newton_euler(ARM, Z, Z, Z).link(0), (KeyError,
     ValueError), "i", "1"),
    ("aba tau of 3", lambda: spatial.aba(ARM, Z, Z, [0, 0, 0]), ValueError, "tau", "2 entries",
     "3"),
    ("aba friction as a pair", lambda: spatial.aba(ARM, Z, Z, Z, friction=(0.1, 0.2)),
     TypeError, "friction", "Friction", "(0.1, 0.2)"),
    ("aba of a massless last link", lambda: spatial.aba(LIMP, [0.0, 0.3], Z, Z), ValueError,
     "q", "singular", "[0.0, 0.3]"),
    ("crba route of a massless last link",
     lambda: spatial.forward_dynamics_by_crba(LIMP, [0.0, 0.3], Z, Z), ValueError, "q",
     "singular", "[0.0, 0.3]"),
    ("counts of a symbolic arm", lambda: spatial.operation_counts(SYMBOLIC), TypeError, "robot",
     "numeric parameters", "g, l1, l2, m1, m2"),
    ("random chain of 0 joints", lambda: random_chain(0), ValueError, "n", "integer >= 1", "0"),
    ("random chain seed -1", lambda: random_chain(2, seed=-1), ValueError, "seed",
     "integer >= 0", "-1"),
    ("random chain of screws", lambda: random_chain(2, joints="S"), ValueError, "joints",
     ("'RP'", "'R'", "'P'"), "'S'"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(SPATIAL)
