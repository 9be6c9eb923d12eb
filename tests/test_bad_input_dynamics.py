"""Bad input to the three dynamics routes, robocourse.newton_euler, robocourse.lagrange and
robocourse.lagrange_euler: the gate's errors for every verb, gravity and loads that are not
what they claim, and huge parameters that overflow (an OverflowError that says so, not
``[nan, inf]`` after a RuntimeWarning) — issue 17."""

import numpy as np
import sympy as sp
from bad_input import named_in_the_error

from robocourse import lagrange, lagrange_euler, newton_euler
from robocourse.models import planar_2r
from robocourse.robot import Link, SerialChain

ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
HUGE = planar_2r(l1=1e200, l2=1e200, m1=1e200, m2=1.0, g=9.81)
HALF = SerialChain([Link(mass=1.0, r_c=[0, 0, 0], I_c=np.eye(3)), Link(a=1.0)], name="half")
Z = [0.0, 0.0]
t1, t2, w1, w2, a1 = sp.symbols("theta1 theta2 thetadot1 thetadot2 thetaddot1")

NEWTON_EULER = [
    ("NE of the model function", lambda: newton_euler.inverse_dynamics(planar_2r, Z, Z, Z),
     TypeError, "robot", "SerialChain", "planar_2r"),
    ("NE q of 3 joints", lambda: newton_euler.inverse_dynamics(ARM, [0, 0, 0], Z, Z), ValueError,
     "q", "2 entries", "3"),
    ("NE qd of bools", lambda: newton_euler.inverse_dynamics(ARM, Z, [True, False], Z), TypeError,
     "qd[0]", "number", "True"),
    ("NE qdd as text", lambda: newton_euler.inverse_dynamics(ARM, Z, Z, "00"), TypeError,
     "qdd", "sequence", "'00'"),
    ("NE q with nan", lambda: newton_euler.inverse_dynamics(ARM, [np.nan, 0], Z, Z), ValueError,
     "q[0]", "finite", "nan"),
    ("NE q with sympy's oo", lambda: newton_euler.inverse_dynamics(ARM, [sp.oo, 0], Z, Z),
     ValueError, "q[0]", "finite", "oo"),
    ("NE gravity 'no'", lambda: newton_euler.inverse_dynamics(ARM, Z, Z, Z, gravity="no"),
     TypeError, "gravity", "3-vector", "'no'"),
    ("NE gravity True", lambda: newton_euler.inverse_dynamics(ARM, Z, Z, Z, gravity=True),
     TypeError, "gravity", "3-vector", "True"),
    ("NE gravity 9.81", lambda: newton_euler.gravity_load(ARM, Z, gravity=9.81), ValueError,
     "gravity", "3-vector", "9.81"),
    ("NE gravity in the plane", lambda: newton_euler.gravity_load(ARM, Z, gravity=[0, -9.81]),
     ValueError, "gravity", "3 entries", "2"),
    ("NE wrench of 3 numbers",
     lambda: newton_euler.inverse_dynamics(ARM, Z, Z, Z, wrench=[1, 0, 0]), ValueError,
     "wrench", "6 entries", "3"),
    ("NE wrench as text", lambda: newton_euler.inverse_dynamics(ARM, Z, Z, Z, wrench="up"),
     TypeError, "wrench", "sequence", "'up'"),
    ("NE load frame world",
     lambda: newton_euler.inverse_dynamics(ARM, Z, Z, Z, wrench=[0] * 6, frame="world"), ValueError,
     "frame", ("'base'", "'tool'"), "'world'"),
    ("NE load frame 3", lambda: newton_euler.inverse_dynamics(ARM, Z, Z, Z, frame=3), ValueError,
     "frame", ("'base'", "'tool'"), "3"),
    ("NE huge parameters", lambda: newton_euler.inverse_dynamics(HUGE, [0, 0.3], [1e100, 0], Z),
     OverflowError, "robot", "floating point"),
    ("NE huge rates", lambda: newton_euler.inverse_dynamics(ARM, [0, 0.3], [1e200, 0], Z),
     OverflowError, "qd", "floating point"),
    ("NE trace overflows", lambda: newton_euler.newton_euler(ARM, [0, 0.3], [1e200, 0], Z),
     OverflowError, "qd", "floating point"),
    ("NE mass matrix without masses", lambda: newton_euler.mass_matrix(HALF, Z), ValueError,
     "link 2", "mass"),
    ("NE mass matrix overflows", lambda: newton_euler.mass_matrix(HUGE, Z), OverflowError,
     "robot", "floating point"),
    ("NE Coriolis matrix of 1 rate", lambda: newton_euler.coriolis_matrix(ARM, Z, [0.0]),
     ValueError, "qd", "2 entries", "1"),
    ("NE velocity product of None", lambda: newton_euler.velocity_product(ARM, None, Z), TypeError,
     "q", "sequence", "None"),
    ("NE gravity load gravity as text", lambda: newton_euler.gravity_load(ARM, Z, gravity="down"),
     TypeError, "gravity", "3-vector", "'down'"),
    ("NE trace of link 0", lambda: newton_euler.newton_euler(ARM, Z, Z, Z).link(0), ValueError,
     "i", "integer", "0"),
    ("NE trace of link True", lambda: newton_euler.newton_euler(ARM, Z, Z, Z).link(True),
     ValueError, "i", "integer", "True"),
]

LAGRANGE = [
    ("kinetic energy of link 0", lambda: lagrange.kinetic_energy(ARM, Z, Z, link=0), ValueError,
     "link", "integer", "0"),
    ("kinetic energy of link 'all'", lambda: lagrange.kinetic_energy(ARM, Z, Z, link="all"),
     ValueError, "link", "integer", "'all'"),
    ("kinetic energy of text rates", lambda: lagrange.kinetic_energy(ARM, Z, "ab"), TypeError,
     "qd", "sequence", "'ab'"),
    ("kinetic energy overflows", lambda: lagrange.kinetic_energy(ARM, Z, [1e200, 0.0]),
     OverflowError, "qd", "floating point"),
    ("potential energy of link 3", lambda: lagrange.potential_energy(ARM, Z, link=3), ValueError,
     "link", "integer", "3"),
    ("potential energy of a bool angle", lambda: lagrange.potential_energy(ARM, [True, 0]),
     TypeError, "q[0]", "number", "True"),
    ("total energy of 3 angles", lambda: lagrange.total_energy(ARM, [0, 0, 0], Z), ValueError,
     "q", "2 entries", "3"),
    ("total energy overflows", lambda: lagrange.total_energy(HUGE, [0.3, 0.0], Z), OverflowError,
     "robot", "floating point"),
    ("time derivative of text", lambda: lagrange.time_derivative("x", [t1], [w1], [a1]), TypeError,
     "expr", "sympy expression", "'x'"),
    ("time derivative by text", lambda: lagrange.time_derivative(t1, "t", "w", "a"), TypeError,
     "q", "sequence", "'t'"),
    ("time derivative by a number", lambda: lagrange.time_derivative(t1, [1.0], [w1], [a1]),
     TypeError, "q[0]", "Symbol", "1.0"),
    ("time derivative with too few rates",
     lambda: lagrange.time_derivative(t1, [t1, t2], [w1], [a1, a1]), ValueError,
     "qd", "2 entries", "1"),
    ("time derivative without accelerations",
     lambda: lagrange.time_derivative(t1, [t1], [w1], None), TypeError,
     "qdd", "sequence", "None"),
    ("Lagrange's equations of the model function", lambda: lagrange.lagrange_equations(planar_2r),
     TypeError, "robot", "SerialChain", "planar_2r"),
    ("Lagrange's equations without masses", lambda: lagrange.lagrange_equations(HALF), ValueError,
     "link 2", "mass"),
    ("equation terms of text", lambda: lagrange.equation_terms("2R"), TypeError,
     "robot", "SerialChain", "str"),
    ("mass matrix derivatives at nan", lambda: lagrange.mass_matrix_derivatives(ARM, [np.nan, 0]),
     ValueError, "q[0]", "finite", "nan"),
    ("Christoffel symbols of 3 angles", lambda: lagrange.christoffel_symbols(ARM, [0, 0, 0]),
     ValueError, "q", "2 entries", "3"),
    ("Lagrange Coriolis matrix of bools", lambda: lagrange.coriolis_matrix(ARM, Z, [False, True]),
     TypeError, "qd[0]", "number", "False"),
    ("Lagrange velocity product of text", lambda: lagrange.velocity_product(ARM, "q", Z), TypeError,
     "q", "sequence", "'q'"),
    ("Lagrange gravity 'no'", lambda: lagrange.gravity_load(ARM, Z, gravity="no"), TypeError,
     "gravity", "3-vector", "'no'"),
    ("Lagrange gravity load overflows", lambda: lagrange.gravity_load(HUGE, Z), OverflowError,
     "robot", "floating point"),
    ("Lagrange mass matrix overflows", lambda: lagrange.mass_matrix(HUGE, Z), OverflowError,
     "robot", "floating point"),
    ("Lagrange load of 2 numbers", lambda: lagrange.inverse_dynamics(ARM, Z, Z, Z, wrench=[1, 0]),
     ValueError, "wrench", "6 entries", "2"),
    ("Lagrange load frame None",
     lambda: lagrange.inverse_dynamics(ARM, Z, Z, Z, wrench=[0] * 6, frame=None), ValueError,
     "frame", ("'base'", "'tool'"), "None"),
    ("Lagrange inverse dynamics overflows",
     lambda: lagrange.inverse_dynamics(HUGE, [0, 0.3], [1e100, 0], Z), OverflowError,
     "robot", "floating point"),
]

LAGRANGE_EULER = [
    ("Q of text", lambda: lagrange_euler.joint_derivative_matrix("R"), TypeError,
     "link", "Link", "str 'R'"),
    ("Q of the class Link", lambda: lagrange_euler.joint_derivative_matrix(Link), TypeError,
     "link", "Link", "Link"),
    ("pseudo-inertia without masses", lambda: lagrange_euler.pseudo_inertia(Link()), ValueError,
     "link", "mass", "mass=None"),
    ("pseudo-inertia of a robot", lambda: lagrange_euler.pseudo_inertia(ARM), TypeError,
     "link", "Link", "SerialChain"),
    ("pseudo-inertia overflows",
     lambda: lagrange_euler.pseudo_inertia(Link(mass=1e200, r_c=[1e200, 0, 0], I_c=np.eye(3))),
     OverflowError, "link", "floating point"),
    ("transform derivatives of the model function",
     lambda: lagrange_euler.transform_derivatives(planar_2r, Z), TypeError,
     "robot", "SerialChain", "planar_2r"),
    ("transform derivatives of 1 angle", lambda: lagrange_euler.transform_derivatives(ARM, [0]),
     ValueError, "q", "2 entries", "1"),
    ("LE mass matrix of bools", lambda: lagrange_euler.mass_matrix(ARM, [True, True]), TypeError,
     "q[0]", "number", "True"),
    ("LE Coriolis matrix with inf", lambda: lagrange_euler.coriolis_matrix(ARM, Z, [np.inf, 0]),
     ValueError, "qd[0]", "finite", "inf"),
    ("LE velocity product without masses", lambda: lagrange_euler.velocity_product(HALF, Z, Z),
     ValueError, "link 2", "mass"),
    ("LE gravity 9.81", lambda: lagrange_euler.gravity_load(ARM, Z, gravity=9.81), ValueError,
     "gravity", "3-vector", "9.81"),
    ("LE load frame 'world'",
     lambda: lagrange_euler.inverse_dynamics(ARM, Z, Z, Z, wrench=[0] * 6, frame="world"),
     ValueError, "frame", ("'base'", "'tool'"), "'world'"),
    ("LE inverse dynamics overflows",
     lambda: lagrange_euler.inverse_dynamics(HUGE, [0, 0.3], [1e100, 0], Z), OverflowError,
     "robot", "floating point"),
]

_x, _y, _s, _v, _w = sp.symbols("x y s v w")
COORDINATES = [     # a coordinate, its rate and its acceleration are different variables
    ("a coordinate that is its own rate", lambda: lagrange.time_derivative(_x**2, [_x], [_x], [_s]),
     ValueError, "qd", "different symbols", "x"),
    ("one coordinate twice", lambda: lagrange.euler_lagrange(_x**2, [_x, _x], [_y, _s], [_v, _w]),
     ValueError, "q", "different symbols", "x"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(NEWTON_EULER + LAGRANGE
                                                          + LAGRANGE_EULER + COORDINATES)


def test_large_but_representable_numbers_are_computed():
    big = planar_2r(l1=1e50, l2=1e50, m1=1.0, m2=1.0, g=9.81)
    tau = newton_euler.inverse_dynamics(big, [0.0, 0.3], [1.0, 0.0], Z)
    other = lagrange.inverse_dynamics(big, [0.0, 0.3], [1.0, 0.0], Z)
    np.testing.assert_allclose(tau, other, atol=1e-12 * np.abs(tau).max())   # round-off of 1e100
    assert np.isfinite(tau).all() and np.abs(tau).max() > 1e99
