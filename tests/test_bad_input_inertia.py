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
     ValueError, "I_c", "symmetric", "I_c[0,1]=0.5, I_c[1,0]=0"),
    ("a tensor with a negative moment", lambda: check_inertia(np.diag([1.0, 1.0, -1.0])),
     ValueError, "I_c", "positive semi-definite"),
    ("a tensor that breaks the triangle inequality",
     lambda: check_inertia(np.diag([1.0, 1.0, 3.0])), ValueError,
     "I_c", "triangle inequality", "1, 1, 3"),
    ("a turned tensor that breaks it",
     lambda: check_inertia(rot_x(0.3) @ np.diag([1.0, 1.0, 3.0]) @ rot_x(0.3).T), ValueError,
     "I_c", "triangle inequality", "1, 1, 3"),
    ("check_inertia named 3", lambda: check_inertia(np.eye(3), name=3), TypeError,
     "name", "string", "3"),
    ("check_inertia triangle 'no'", lambda: check_inertia(np.eye(3), triangle="no"), TypeError,
     "triangle", ("True", "False"), "'no'"),
    ("check_inertia of text", lambda: check_inertia("I"), TypeError,
     "I_c", "3x3", "'I'"),                 # named by name, default I_c
    ("check_inertia of text named I", lambda: check_inertia("I", "I"), TypeError,
     "I", "3x3", "'I'"),
    ("check_inertia with nan", lambda: check_inertia(np.diag([1.0, np.nan, 1.0])), ValueError,
     "I_c[1,1]", "finite", "nan"),
    ("triangle inequality of a 2x2", lambda: broken_triangle_inequality(np.eye(2)), ValueError,
     "I", "3x3", "2x2"),
    ("point mass at a text position", lambda: point_mass_inertia(1.0, "abc"), TypeError,
     "p", "sequence", "'abc'"),
    ("point mass at a 2-D position", lambda: point_mass_inertia(1.0, [1.0, 0.0]), ValueError,
     "p", "3 entries", "2"),
    ("negative point mass", lambda: point_mass_inertia(-1.0, [1, 0, 0]), ValueError,
     "mass", ">= 0", "-1.0"),
    ("point mass declared negative", lambda: point_mass_inertia(NEGATIVE, [1, 0, 0]), ValueError,
     "mass", ">= 0", "m"),
    ("point mass far away", lambda: point_mass_inertia(1.0, [1e200, 0.0, 0.0]), OverflowError,
     "p", "floating point"),
    ("box side True", lambda: Box(True, 1, 1), TypeError, "w", "number", "True"),
    ("box side as text", lambda: Box(1, "1", 1), TypeError, "l", "number", "'1'"),
    ("box side nan", lambda: Box(1, 1, np.nan), ValueError, "h", "finite", "nan"),
    ("box side negative", lambda: Box(-1, 1, 1), ValueError, "w", "> 0", "-1"),
    ("box side declared negative", lambda: Box(sp.Symbol("w", negative=True), 1, 1), ValueError,
     "w", "> 0", "w"),
    ("cylinder of radius 0", lambda: Cylinder(0, 1), ValueError, "radius", "> 0", "0"),
    ("cylinder of height inf", lambda: Cylinder(1, np.inf), ValueError, "height", "finite", "inf"),
    ("rod of length 0", lambda: Rod(0), ValueError, "length", "> 0", "0"),
    ("rod of a text length", lambda: Rod("1 m"), TypeError, "length", "number", "'1 m'"),
    ("integrating a number over a box", lambda: Box(1, 1, 1).integrate(1.0, 1.0), TypeError,
     "f", "function", "1.0"),
    ("integrating over a rod of negative mass", lambda: Rod(1).integrate(lambda r: r[0], -1.0),
     ValueError, "mass", ">= 0", "-1.0"),
    ("integrating over a cylinder with a mass as text",
     lambda: Cylinder(1, 1).integrate(lambda r: r[0], "m"), TypeError,
     "mass", "number", "'m'"),
    ("the body as text", lambda: inertia_by_integration("box", 1.0), TypeError,
     "body", ("Box", "Cylinder", "Rod"), "str 'box'"),
    ("the body as a class", lambda: inertia_by_integration(Box, 1.0), TypeError,
     "body", ("Box", "Cylinder", "Rod"), "Box"),
    ("the origin in 2-D", lambda: inertia_by_integration(Box(1, 1, 1), 1.0, origin=(0, 0)),
     ValueError, "origin", "3 entries", "2"),
    ("the origin with nan",
     lambda: inertia_by_integration(Box(1, 1, 1), 1.0, origin=(0, 0, np.nan)), ValueError,
     "origin[2]", "finite", "nan"),
    ("axes that are not a rotation",
     lambda: inertia_by_integration(Box(1, 1, 1), 1.0, axes=2 * np.eye(3)), ValueError,
     "axes", "rotation matrix", "det axes = 8"),
    ("a mass as text", lambda: inertia_by_integration(Rod(1), "1"), TypeError,
     "mass", "number", "'1'"),
    ("an integral that overflows", lambda: inertia_by_integration(Box(1e200, 1, 1), 1e200),
     OverflowError, "body", "floating point"),
    ("parallel axis of nothing", lambda: parallel_axis(None, 1.0, [0, 0, 0]), TypeError,
     "I_c", "3x3", "None"),
    ("parallel axis to a 2-D point", lambda: parallel_axis(np.eye(3), 1.0, [0, 0]), ValueError,
     "p_c", "3 entries", "2"),
    ("parallel axis of a bool mass", lambda: parallel_axis(np.eye(3), True, [0, 0, 0]), TypeError,
     "mass", "number", "True"),
    ("parallel axis far away", lambda: parallel_axis(np.eye(3), 1.0, [1e200, 0, 0]), OverflowError,
     "p_c", "floating point"),
    ("back to a centre that cannot be", lambda: parallel_axis_to_centre(np.eye(3), 10.0,
                                                                         [1, 0, 0]),
     ValueError, "I_A", "physical", "10.0"),
    ("back to the centre with a mass declared negative",
     lambda: parallel_axis_to_centre(np.eye(3), NEGATIVE, [0, 0, 0]), ValueError,
     "mass", ">= 0", "m"),
    ("turning by a reflection", lambda: rotate_inertia(np.eye(3), REFLECTION), ValueError,
     "R", "rotation matrix", "det R = -1"),
    ("turning a tensor that is not symmetric",
     lambda: rotate_inertia([[1, 2, 0], [0, 1, 0], [0, 0, 1]], np.eye(3)), ValueError,
     "I", "symmetric"),
    ("principal axes of text", lambda: principal_axes("I"), TypeError, "I", "3x3", "'I'"),
    ("principal axes of a tensor with a negative moment",
     lambda: principal_axes(np.diag([1.0, -2.0, 1.0])), ValueError,
     "I", "positive semi-definite"),
    ("a symbolic tensor with a moment declared negative",
     lambda: check_inertia(sp.diag(-sp.Symbol("a", positive=True), 1, 1)), ValueError,
     "I_c", "positive semi-definite", "I_c[0,0] = -a"),
    ("a box as wide as an array", lambda: Box(np.ones((2, 2)), 1, 1), TypeError,
     "w", "number", "array"),
    ("a rod of two lengths", lambda: Rod([1.0, 2.0]), TypeError, "length", "number", "[1.0, 2.0]"),
    ("an integrand that returns text", lambda: Box(1, 1, 1).integrate(lambda r: "a", 1.0),
     TypeError, "f(r)", "sympy expression", "'a'"),
    ("an integrand that reads r[3]", lambda: Box(1, 1, 1).integrate(lambda r: r[3], 1.0), TypeError,
     "f", "function"),
    ("an integrand without an argument", lambda: Rod(1).integrate(lambda: 1, 1.0), TypeError,
     "f", "function"),
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
