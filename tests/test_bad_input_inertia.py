"""Bad input to robocourse.inertia: tensors no body has, masses and sizes that are not
numbers, bodies passed as classes, integrals that overflow (issue 17)."""

import numpy as np
import pytest
import sympy as sp
from bad_input import named_in_the_error

from robocourse.frames import rot_x
from robocourse.inertia import (
    Box,
    Cylinder,
    Rod,
    broken_triangle_inequality,
    check_inertia,
    inertia_by_integration,
    parallel_axis,
    parallel_axis_to_centre,
    point_mass_inertia,
    principal_axes,
    rotate_inertia,
)

NEGATIVE = sp.Symbol("m", negative=True)
REFLECTION = np.diag([1.0, 1.0, -1.0])

CASES = [
    ("a tensor that is not symmetric", lambda: check_inertia([[1, 0.5, 0], [0, 1, 0], [0, 0, 1]]),
     ValueError, r"^inertia tensor I_c must be symmetric; got I_c\[0,1\]=0.5, I_c\[1,0\]=0"),
    ("a tensor with a negative moment", lambda: check_inertia(np.diag([1.0, 1.0, -1.0])),
     ValueError, r"^inertia tensor I_c must be positive semi-definite; its principal moments "
                 r"are -1, 1, 1"),
    ("a tensor that breaks the triangle inequality",
     lambda: check_inertia(np.diag([1.0, 1.0, 3.0])), ValueError,
     r"^inertia tensor I_c breaks the triangle inequality: principal moments 1, 1, 3 \(each "
     r"must be <= the sum of the other two\)"),
    ("a turned tensor that breaks it",
     lambda: check_inertia(rot_x(0.3) @ np.diag([1.0, 1.0, 3.0]) @ rot_x(0.3).T), ValueError,
     r"^inertia tensor I_c breaks the triangle inequality: principal moments 1, 1, 3"),
    ("check_inertia named 3", lambda: check_inertia(np.eye(3), name=3), TypeError,
     r"^name must be a string; got 3"),
    ("check_inertia triangle 'no'", lambda: check_inertia(np.eye(3), triangle="no"), TypeError,
     r"^triangle must be True or False; got 'no'"),
    ("check_inertia of text", lambda: check_inertia("I"), TypeError,
     r"^I_c must be a 3x3 matrix; got 'I'"),                 # named by name, default I_c
    ("check_inertia of text named I", lambda: check_inertia("I", "I"), TypeError,
     r"^I must be a 3x3 matrix; got 'I'"),
    ("check_inertia with nan", lambda: check_inertia(np.diag([1.0, np.nan, 1.0])), ValueError,
     r"^I_c\[1,1\] must be a finite real number; got nan"),
    ("triangle inequality of a 2x2", lambda: broken_triangle_inequality(np.eye(2)), ValueError,
     r"^I must be a 3x3 matrix; got 2x2"),
    ("point mass at a text position", lambda: point_mass_inertia(1.0, "abc"), TypeError,
     r"^p must be a sequence of 3 numbers; got 'abc'"),
    ("point mass at a 2-D position", lambda: point_mass_inertia(1.0, [1.0, 0.0]), ValueError,
     r"^p must have 3 entries \(x, y, z in \{A\}\); got 2"),
    ("negative point mass", lambda: point_mass_inertia(-1.0, [1, 0, 0]), ValueError,
     r"^mass must be >= 0 \(kg\); got -1.0"),
    ("point mass declared negative", lambda: point_mass_inertia(NEGATIVE, [1, 0, 0]),
     ValueError, r"^mass must be >= 0 \(kg\); got m, a symbol declared negative"),
    ("point mass far away", lambda: point_mass_inertia(1.0, [1e200, 0.0, 0.0]), OverflowError,
     r"^point_mass_inertia\(\.\.\.\) overflows floating point: .* up to 1e\+200 \(in p\)"),
    ("box side True", lambda: Box(True, 1, 1), TypeError, r"^w must be a number .* not a bool"),
    ("box side as text", lambda: Box(1, "1", 1), TypeError,
     r"^l must be a number or a sympy expression; got '1'"),
    ("box side nan", lambda: Box(1, 1, np.nan), ValueError,
     r"^h must be a finite real number; got nan"),
    ("box side negative", lambda: Box(-1, 1, 1), ValueError,
     r"^w must be > 0 \(a length, m\); got -1"),
    ("box side declared negative", lambda: Box(sp.Symbol("w", negative=True), 1, 1), ValueError,
     r"^w must be > 0 \(a length, m\); got w, which is declared not positive"),
    ("cylinder of radius 0", lambda: Cylinder(0, 1), ValueError,
     r"^radius must be > 0 \(a length, m\); got 0"),
    ("cylinder of height inf", lambda: Cylinder(1, np.inf), ValueError,
     r"^height must be a finite real number; got inf"),
    ("rod of length 0", lambda: Rod(0), ValueError, r"^length must be > 0 \(a length, m\); got 0"),
    ("rod of a text length", lambda: Rod("1 m"), TypeError,
     r"^length must be a number or a sympy expression; got '1 m'"),
    ("integrating a number over a box", lambda: Box(1, 1, 1).integrate(1.0, 1.0), TypeError,
     r"^f must be a function f\(r\) of the position r \(a sympy column\); got 1.0"),
    ("integrating over a rod of negative mass",
     lambda: Rod(1).integrate(lambda r: r[0], -1.0), ValueError,
     r"^mass must be >= 0 \(kg\); got -1.0"),
    ("integrating over a cylinder with a mass as text",
     lambda: Cylinder(1, 1).integrate(lambda r: r[0], "m"), TypeError,
     r"^mass must be a number or a sympy expression; got 'm'"),
    ("the body as text", lambda: inertia_by_integration("box", 1.0), TypeError,
     r"^body must be a Box, Cylinder or Rod; got str 'box'"),
    ("the body as a class", lambda: inertia_by_integration(Box, 1.0), TypeError,
     r"^body must be a Box, Cylinder or Rod; got the class Box \(did you mean Box\(\.\.\.\)\?\)"),
    ("the origin in 2-D", lambda: inertia_by_integration(Box(1, 1, 1), 1.0, origin=(0, 0)),
     ValueError, r"^origin must have 3 entries \(x, y, z in \{C\}\); got 2"),
    ("the origin with nan",
     lambda: inertia_by_integration(Box(1, 1, 1), 1.0, origin=(0, 0, np.nan)), ValueError,
     r"^origin\[2\] must be a finite real number; got nan"),
    ("axes that are not a rotation",
     lambda: inertia_by_integration(Box(1, 1, 1), 1.0, axes=2 * np.eye(3)), ValueError,
     r"^axes must be a rotation matrix \(axesᵀ axes = I3, det axes = \+1\); got det axes = 8"),
    ("a mass as text", lambda: inertia_by_integration(Rod(1), "1"), TypeError,
     r"^mass must be a number or a sympy expression; got '1'"),
    ("an integral that overflows", lambda: inertia_by_integration(Box(1e200, 1, 1), 1e200),
     OverflowError, r"^inertia_by_integration\(\.\.\.\) overflows floating point: the integral "
                    r"is not finite in floating point; .* up to 1e\+200 \(in body\)"),
    ("parallel axis of nothing", lambda: parallel_axis(None, 1.0, [0, 0, 0]), TypeError,
     r"^I_c must be a 3x3 matrix; got None"),
    ("parallel axis to a 2-D point", lambda: parallel_axis(np.eye(3), 1.0, [0, 0]), ValueError,
     r"^p_c must have 3 entries \(x, y, z in \{A\}\); got 2"),
    ("parallel axis of a bool mass", lambda: parallel_axis(np.eye(3), True, [0, 0, 0]),
     TypeError, r"^mass must be a number .* not a bool"),
    ("parallel axis far away", lambda: parallel_axis(np.eye(3), 1.0, [1e200, 0, 0]),
     OverflowError, r"^parallel_axis\(\.\.\.\) overflows floating point: .* \(in p_c\)"),
    ("back to a centre that cannot be", lambda: parallel_axis_to_centre(np.eye(3), 10.0,
                                                                         [1, 0, 0]),
     ValueError, r"^I_A cannot be the tensor of mass 10.0 with its centre of mass at p_c"),
    ("back to the centre with a mass declared negative",
     lambda: parallel_axis_to_centre(np.eye(3), NEGATIVE, [0, 0, 0]), ValueError,
     r"^mass must be >= 0 \(kg\); got m, a symbol declared negative"),
    ("turning by a reflection", lambda: rotate_inertia(np.eye(3), REFLECTION), ValueError,
     r"^R must be a rotation matrix \(Rᵀ R = I3, det R = \+1\); got det R = -1"),
    ("turning a tensor that is not symmetric",
     lambda: rotate_inertia([[1, 2, 0], [0, 1, 0], [0, 0, 1]], np.eye(3)), ValueError,
     r"^inertia tensor I must be symmetric"),
    ("principal axes of text", lambda: principal_axes("I"), TypeError,
     r"^I must be a 3x3 matrix; got 'I'"),
    ("principal axes of a tensor with a negative moment",
     lambda: principal_axes(np.diag([1.0, -2.0, 1.0])), ValueError,
     r"^inertia tensor I must be positive semi-definite"),
    ("a symbolic tensor with a moment declared negative",
     lambda: check_inertia(sp.diag(-sp.Symbol("a", positive=True), 1, 1)), ValueError,
     r"^inertia tensor I_c must be positive semi-definite; got I_c\[0,0\] = -a, which is "
     r"negative$"),
    ("a box as wide as an array", lambda: Box(np.ones((2, 2)), 1, 1), TypeError,
     r"^w must be a number or a sympy expression; got array"),
    ("a rod of two lengths", lambda: Rod([1.0, 2.0]), TypeError,
     r"^length must be a number or a sympy expression; got \[1.0, 2.0\]"),
    ("an integrand that returns text", lambda: Box(1, 1, 1).integrate(lambda r: "a", 1.0),
     TypeError, r"^f\(r\) must be a sympy expression or Matrix; got 'a'"),
    ("an integrand that reads r[3]", lambda: Box(1, 1, 1).integrate(lambda r: r[3], 1.0),
     TypeError, r"^f must be a function f\(r\) of the position r = \(x, y, z\), .*; calling it "
     r"raised IndexError"),
    ("an integrand without an argument", lambda: Rod(1).integrate(lambda: 1, 1.0), TypeError,
     r"^f must be a function f\(r\) .*raised TypeError: .*takes 0 positional arguments"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(CASES)


def test_tensors_at_the_edge_of_floating_point_are_still_judged():
    """1e308 on the diagonal: no overflow in the check itself (it works in units of the
    largest entry), and a physical tensor passes."""
    huge = np.diag([1e308, 1e308, 1.5e308])
    np.testing.assert_array_equal(check_inertia(huge), huge)
    assert broken_triangle_inequality(np.diag([1e308, 1e308, 1.5e308])) is None
    assert broken_triangle_inequality(np.diag([1e308, 1e307, 1.5e308])).startswith("Izz <=")


@pytest.mark.parametrize("tensor, text", [
    (np.diag([0.0, 0.35, 0.0]), "Iyy <= Ixx + Izz: 0.35 > 0 + 0"),
    (np.diag([0.066, 0.086, 0.0125]), "Iyy <= Ixx + Izz: 0.086 > 0.066 + 0.0125"),
    (np.diag([3.0, 1.0, 1.0]), "Ixx <= Iyy + Izz: 3 > 1 + 1"),
])
def test_the_broken_inequality_is_named(tensor, text):
    assert broken_triangle_inequality(tensor) == text
