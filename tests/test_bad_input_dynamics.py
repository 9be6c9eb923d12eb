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
     TypeError, r"^robot must be a SerialChain; got the function planar_2r \(did you mean "
                r"planar_2r\(\)\?\)"),
    ("NE q of 3 joints", lambda: newton_euler.inverse_dynamics(ARM, [0, 0, 0], Z, Z),
     ValueError, r"^q must have 2 entries \(one per joint\); got 3"),
    ("NE qd of bools", lambda: newton_euler.inverse_dynamics(ARM, Z, [True, False], Z),
     TypeError, r"^qd\[0\] must be a number .* not a bool; got True"),
    ("NE qdd as text", lambda: newton_euler.inverse_dynamics(ARM, Z, Z, "00"), TypeError,
     r"^qdd must be a sequence of 2 numbers; got '00'"),
    ("NE q with nan", lambda: newton_euler.inverse_dynamics(ARM, [np.nan, 0], Z, Z),
     ValueError, r"^q\[0\] must be a finite real number; got nan"),
    ("NE q with sympy's oo", lambda: newton_euler.inverse_dynamics(ARM, [sp.oo, 0], Z, Z),
     ValueError, r"^q\[0\] must be finite; got oo"),
    ("NE gravity 'no'", lambda: newton_euler.inverse_dynamics(ARM, Z, Z, Z, gravity="no"),
     TypeError, r"^gravity must be a 3-vector in \{0\}, None \(the robot's own\) or 0 \(none\); "
                r"got 'no'"),
    ("NE gravity True", lambda: newton_euler.inverse_dynamics(ARM, Z, Z, Z, gravity=True),
     TypeError, r"^gravity must be .*; got True"),
    ("NE gravity 9.81", lambda: newton_euler.gravity_load(ARM, Z, gravity=9.81), ValueError,
     r"^gravity must be .*; got the number 9.81"),
    ("NE gravity in the plane", lambda: newton_euler.gravity_load(ARM, Z, gravity=[0, -9.81]),
     ValueError, r"^gravity must have 3 entries \(x, y, z in \{0\}\); got 2"),
    ("NE wrench of 3 numbers",
     lambda: newton_euler.inverse_dynamics(ARM, Z, Z, Z, wrench=[1, 0, 0]), ValueError,
     r"^wrench must have 6 entries \(fx, fy, fz, nx, ny, nz\); got 3"),
    ("NE wrench as text", lambda: newton_euler.inverse_dynamics(ARM, Z, Z, Z, wrench="up"),
     TypeError, r"^wrench must be a sequence of 6 numbers; got 'up'"),
    ("NE load frame world",
     lambda: newton_euler.inverse_dynamics(ARM, Z, Z, Z, wrench=[0] * 6, frame="world"),
     ValueError, r"^frame must be 'base' or 'tool'; got 'world'"),
    ("NE load frame 3", lambda: newton_euler.inverse_dynamics(ARM, Z, Z, Z, frame=3),
     ValueError, r"^frame must be 'base' or 'tool'; got 3"),
    ("NE huge parameters", lambda: newton_euler.inverse_dynamics(HUGE, [0, 0.3], [1e100, 0], Z),
     OverflowError, r"^inverse_dynamics\(\.\.\.\) overflows floating point: .* up to 1e\+200 "
                    r"\(in robot\)\. Use smaller values or other units"),
    ("NE huge rates", lambda: newton_euler.inverse_dynamics(ARM, [0, 0.3], [1e200, 0], Z),
     OverflowError, r"^inverse_dynamics\(\.\.\.\) overflows .* up to 1e\+200 \(in qd\)"),
    ("NE trace overflows", lambda: newton_euler.newton_euler(ARM, [0, 0.3], [1e200, 0], Z),
     OverflowError, r"^newton_euler\(\.\.\.\) overflows floating point"),
    ("NE mass matrix without masses", lambda: newton_euler.mass_matrix(HALF, Z), ValueError,
     r"^link 2 of 'half' has no mass, r_c, I_c: dynamics needs the mass properties"),
    ("NE mass matrix overflows", lambda: newton_euler.mass_matrix(HUGE, Z), OverflowError,
     r"^mass_matrix\(\.\.\.\) overflows floating point: .* \(in robot\)"),
    ("NE Coriolis matrix of 1 rate", lambda: newton_euler.coriolis_matrix(ARM, Z, [0.0]),
     ValueError, r"^qd must have 2 entries \(one per joint\); got 1"),
    ("NE velocity product of None", lambda: newton_euler.velocity_product(ARM, None, Z),
     TypeError, r"^q must be a sequence of 2 numbers; got None"),
    ("NE gravity load gravity as text",
     lambda: newton_euler.gravity_load(ARM, Z, gravity="down"), TypeError,
     r"^gravity must be .*; got 'down'"),
    ("NE trace of link 0", lambda: newton_euler.newton_euler(ARM, Z, Z, Z).link(0), ValueError,
     r"^i must be an integer from 1 to 2; got 0"),
    ("NE trace of link True", lambda: newton_euler.newton_euler(ARM, Z, Z, Z).link(True),
     ValueError, r"^i must be an integer from 1 to 2; got True"),
]

LAGRANGE = [
    ("kinetic energy of link 0", lambda: lagrange.kinetic_energy(ARM, Z, Z, link=0),
     ValueError, r"^link must be an integer from 1 to 2 \(or None for all links\); got 0"),
    ("kinetic energy of link 'all'", lambda: lagrange.kinetic_energy(ARM, Z, Z, link="all"),
     ValueError, r"^link must be an integer from 1 to 2 \(or None for all links\); got 'all'"),
    ("kinetic energy of text rates", lambda: lagrange.kinetic_energy(ARM, Z, "ab"), TypeError,
     r"^qd must be a sequence of 2 numbers; got 'ab'"),
    ("kinetic energy overflows", lambda: lagrange.kinetic_energy(ARM, Z, [1e200, 0.0]),
     OverflowError, r"^kinetic_energy\(\.\.\.\) overflows .* \(in qd\)"),
    ("potential energy of link 3", lambda: lagrange.potential_energy(ARM, Z, link=3),
     ValueError, r"^link must be an integer from 1 to 2"),
    ("potential energy of a bool angle", lambda: lagrange.potential_energy(ARM, [True, 0]),
     TypeError, r"^q\[0\] must be a number .* not a bool"),
    ("total energy of 3 angles", lambda: lagrange.total_energy(ARM, [0, 0, 0], Z), ValueError,
     r"^q must have 2 entries \(one per joint\); got 3"),
    ("total energy overflows", lambda: lagrange.total_energy(HUGE, [0.3, 0.0], Z),
     OverflowError, r"^total_energy\(\.\.\.\) overflows .* \(in robot\)"),
    ("time derivative of text", lambda: lagrange.time_derivative("x", [t1], [w1], [a1]),
     TypeError, r"^expr must be a sympy expression or Matrix; got 'x'"),
    ("time derivative by text", lambda: lagrange.time_derivative(t1, "t", "w", "a"),
     TypeError, r"^q must be a sequence of symbols; got 't'"),
    ("time derivative by a number", lambda: lagrange.time_derivative(t1, [1.0], [w1], [a1]),
     TypeError, r"^q\[0\] must be a sympy Symbol; got 1.0"),
    ("time derivative with too few rates",
     lambda: lagrange.time_derivative(t1, [t1, t2], [w1], [a1, a1]), ValueError,
     r"^qd must have 2 entries \(one per entry of q\); got 1"),
    ("time derivative without accelerations",
     lambda: lagrange.time_derivative(t1, [t1], [w1], None), TypeError,
     r"^qdd must be a sequence of 1 symbols; got None"),
    ("Lagrange's equations of the model function", lambda: lagrange.lagrange_equations(planar_2r),
     TypeError, r"^robot must be a SerialChain; got the function planar_2r"),
    ("Lagrange's equations without masses", lambda: lagrange.lagrange_equations(HALF),
     ValueError, r"^link 2 of 'half' has no mass"),
    ("equation terms of text", lambda: lagrange.equation_terms("2R"), TypeError,
     r"^robot must be a SerialChain \(e.g. planar_2r\(\)\); got str"),
    ("mass matrix derivatives at nan", lambda: lagrange.mass_matrix_derivatives(ARM, [np.nan, 0]),
     ValueError, r"^q\[0\] must be a finite real number"),
    ("Christoffel symbols of 3 angles", lambda: lagrange.christoffel_symbols(ARM, [0, 0, 0]),
     ValueError, r"^q must have 2 entries"),
    ("Lagrange Coriolis matrix of bools",
     lambda: lagrange.coriolis_matrix(ARM, Z, [False, True]), TypeError,
     r"^qd\[0\] must be a number .* not a bool"),
    ("Lagrange velocity product of text", lambda: lagrange.velocity_product(ARM, "q", Z),
     TypeError, r"^q must be a sequence of 2 numbers; got 'q'"),
    ("Lagrange gravity 'no'", lambda: lagrange.gravity_load(ARM, Z, gravity="no"), TypeError,
     r"^gravity must be a 3-vector .*; got 'no'"),
    ("Lagrange gravity load overflows", lambda: lagrange.gravity_load(HUGE, Z), OverflowError,
     r"^gravity_load\(\.\.\.\) overflows floating point: the result \[inf, .*\] is not finite"),
    ("Lagrange mass matrix overflows", lambda: lagrange.mass_matrix(HUGE, Z), OverflowError,
     r"^mass_matrix\(\.\.\.\) overflows floating point"),
    ("Lagrange load of 2 numbers",
     lambda: lagrange.inverse_dynamics(ARM, Z, Z, Z, wrench=[1, 0]), ValueError,
     r"^wrench must have 6 entries"),
    ("Lagrange load frame None",
     lambda: lagrange.inverse_dynamics(ARM, Z, Z, Z, wrench=[0] * 6, frame=None), ValueError,
     r"^frame must be 'base' or 'tool'; got None"),
    ("Lagrange inverse dynamics overflows",
     lambda: lagrange.inverse_dynamics(HUGE, [0, 0.3], [1e100, 0], Z), OverflowError,
     r"^inverse_dynamics\(\.\.\.\) overflows floating point"),
]

LAGRANGE_EULER = [
    ("Q of text", lambda: lagrange_euler.joint_derivative_matrix("R"), TypeError,
     r"^link must be a Link; got str 'R'"),
    ("Q of the class Link", lambda: lagrange_euler.joint_derivative_matrix(Link), TypeError,
     r"^link must be a Link; got the class Link \(did you mean Link\(\.\.\.\)\?\)"),
    ("Q with symbolic 'yes'",
     lambda: lagrange_euler.joint_derivative_matrix(Link(), symbolic="yes"), TypeError,
     r"^symbolic must be True or False; got 'yes'"),
    ("pseudo-inertia without masses", lambda: lagrange_euler.pseudo_inertia(Link()),
     ValueError, r"^pseudo_inertia needs the mass, r_c and I_c of the link; got mass=None"),
    ("pseudo-inertia with symbolic 1", lambda: lagrange_euler.pseudo_inertia(ARM.links[0], 1),
     TypeError, r"^symbolic must be True or False \(or None for symbolic when the link's "
                r"parameters are\); got 1"),
    ("pseudo-inertia of a robot", lambda: lagrange_euler.pseudo_inertia(ARM), TypeError,
     r"^link must be a Link; got SerialChain"),
    ("pseudo-inertia overflows",
     lambda: lagrange_euler.pseudo_inertia(Link(mass=1e200, r_c=[1e200, 0, 0], I_c=np.eye(3))),
     OverflowError, r"^pseudo_inertia\(\.\.\.\) overflows .* up to 1e\+200 \(in link\)"),
    ("transform derivatives of the model function",
     lambda: lagrange_euler.transform_derivatives(planar_2r, Z), TypeError,
     r"^robot must be a SerialChain; got the function planar_2r"),
    ("transform derivatives of 1 angle", lambda: lagrange_euler.transform_derivatives(ARM, [0]),
     ValueError, r"^q must have 2 entries \(one per joint\); got 1"),
    ("LE mass matrix of bools", lambda: lagrange_euler.mass_matrix(ARM, [True, True]),
     TypeError, r"^q\[0\] must be a number .* not a bool"),
    ("LE Coriolis matrix with inf", lambda: lagrange_euler.coriolis_matrix(ARM, Z, [np.inf, 0]),
     ValueError, r"^qd\[0\] must be a finite real number; got inf"),
    ("LE velocity product without masses", lambda: lagrange_euler.velocity_product(HALF, Z, Z),
     ValueError, r"^link 2 of 'half' has no mass"),
    ("LE gravity 9.81", lambda: lagrange_euler.gravity_load(ARM, Z, gravity=9.81), ValueError,
     r"^gravity must be .*; got the number 9.81"),
    ("LE load frame 'world'",
     lambda: lagrange_euler.inverse_dynamics(ARM, Z, Z, Z, wrench=[0] * 6, frame="world"),
     ValueError, r"^frame must be 'base' or 'tool'; got 'world'"),
    ("LE inverse dynamics overflows",
     lambda: lagrange_euler.inverse_dynamics(HUGE, [0, 0.3], [1e100, 0], Z), OverflowError,
     r"^inverse_dynamics\(\.\.\.\) overflows floating point"),
]

_x, _y, _s, _v, _w = sp.symbols("x y s v w")
COORDINATES = [     # a coordinate, its rate and its acceleration are different variables
    ("a coordinate that is its own rate",
     lambda: lagrange.time_derivative(_x**2, [_x], [_x], [_s]), ValueError,
     r"^q, qd and qdd must be different symbols; got x in q and in qd$"),
    ("one coordinate twice",
     lambda: lagrange.euler_lagrange(_x**2, [_x, _x], [_y, _s], [_v, _w]), ValueError,
     r"^q, qd and qdd must be different symbols; got x twice in q$"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(NEWTON_EULER + LAGRANGE
                                                          + LAGRANGE_EULER + COORDINATES)


def test_large_but_representable_numbers_are_computed():
    big = planar_2r(l1=1e50, l2=1e50, m1=1.0, m2=1.0, g=9.81)
    tau = newton_euler.inverse_dynamics(big, [0.0, 0.3], [1.0, 0.0], Z)
    other = lagrange.inverse_dynamics(big, [0.0, 0.3], [1.0, 0.0], Z)
    np.testing.assert_allclose(tau, other, atol=1e-12 * np.abs(tau).max())   # round-off of 1e100
    assert np.isfinite(tau).all() and np.abs(tau).max() > 1e99
