"""What a student reads when robocourse.inertia refuses a tensor, a body or a list of parts:
every error, word for word with the values it shows; the defaults the docstrings promise; the
integral at floating point's limits, without a warning leaking; the tolerances of the checks."""

import warnings

import numpy as np
import pytest
import sympy as sp

from robocourse import _backend as B
from robocourse.frames import rot_x
from robocourse.inertia import (
    Box,
    Cylinder,
    Rod,
    broken_triangle_inequality,
    check_inertia,
    composite_body,
    inertia_by_integration,
    parallel_axis_to_centre,
    parallel_axis_unchecked,
    principal_axes,
)
from tests.bad_input import raised

a = sp.Symbol("a", positive=True)
EYE = np.eye(3)

#: (label, call, exception, the whole message).
MESSAGES = [
    ("a product of inertia that differs from its mirror",
     lambda: check_inertia([[1, 0.5, 0], [0, 1, 0], [0, 0, 1]]), ValueError,
     "inertia tensor I_c must be symmetric; got I_c[0,1]=0.5, I_c[1,0]=0.0"),
    ("an asymmetric Ixz, named",
     lambda: check_inertia([[2, 0, 0.25], [0, 2, 0], [0, 0, 2]], name="J"), ValueError,
     "inertia tensor J must be symmetric; got J[0,2]=0.25, J[2,0]=0.0"),
    ("an asymmetric Iyz",
     lambda: check_inertia([[2, 0, 0], [0, 2, 0], [0, -0.75, 2]]), ValueError,
     "inertia tensor I_c must be symmetric; got I_c[1,2]=0.0, I_c[2,1]=-0.75"),
    ("an asymmetric tensor in symbols",
     lambda: check_inertia(sp.Matrix([[a, a, 0], [0, a, 0], [0, 0, a]]), name="J"), ValueError,
     "inertia tensor J must be symmetric; got J[0,1]=a, J[1,0]=0"),
    ("a negative principal moment",
     lambda: check_inertia(np.diag([20.0, 30.0, -10.0])), ValueError,
     "inertia tensor I_c must be positive semi-definite; its principal moments are "
     "-10, 20, 30"),
    ("a broken triangle inequality",
     lambda: check_inertia(np.diag([1.0, 1.5, 30.0]), name="J"), ValueError,
     "inertia tensor J breaks the triangle inequality: principal moments 1, 1.5, 30 "
     "(each must be <= the sum of the other two)"),
    ("a moment sympy knows to be negative",
     lambda: check_inertia(sp.diag(a, a, -a)), ValueError,
     "inertia tensor I_c must be positive semi-definite; got I_c[2,2] = -a, which is negative"),
    ("an integrand that is not a function",
     lambda: Box(1, 1, 1).integrate(1.0, 1.0), TypeError,
     "f must be a function f(r) of the position r (a sympy column); got 1.0"),
    ("an integrand that fails",
     lambda: Box(1, 1, 1).integrate(lambda r: r[5], 1.0), TypeError,
     "f must be a function f(r) of the position r = (x, y, z), a sympy column (r[0] is x); "
     "calling it raised IndexError: index out of range"),
    ("a box too large for floating point",
     lambda: inertia_by_integration(Box(1e200, 1.0, 1.0), 2.0), OverflowError,
     "inertia_by_integration(...) overflows floating point: the integral is not finite in "
     "floating point; the numbers given range up to 1e+200 (in body). Use smaller values or "
     "other units (or symbols)."),
    ("a mass too large for floating point",
     lambda: inertia_by_integration(Box(10.0, 10.0, 10.0), 1e308), OverflowError,
     "inertia_by_integration(...) overflows floating point: the integral is not finite in "
     "floating point; the numbers given range up to 1e+308 (in mass). Use smaller values or "
     "other units (or symbols)."),
    ("an origin too far for floating point",
     lambda: inertia_by_integration(Rod(1.0), 1.0, origin=(0.0, 0.0, 1e200)), OverflowError,
     "inertia_by_integration(...) overflows floating point: the integral is not finite in "
     "floating point; the numbers given range up to 1e+200 (in origin). Use smaller values or "
     "other units (or symbols)."),
    ("a tensor that cannot be that mass's",
     lambda: parallel_axis_to_centre(np.diag([1.0, 1.0, 1.0]), 2.0, [1.0, 0, 0]), ValueError,
     "I_A cannot be the tensor of mass 2.0 with its centre of mass at p_c: "
     "I_A − m (p_cᵀp_c I3 − p_c p_cᵀ) is not physical (inertia tensor C_I must be positive "
     "semi-definite; its principal moments are -1, -1, 1)"),
    ("parts as text", lambda: composite_body("x"), TypeError,
     "parts must be a list of (mass, p_c, I_c) tuples; got 'x'"),
    ("no parts", lambda: composite_body([]), ValueError,
     "parts must hold at least one part (mass, p_c, I_c); got none"),
    ("a part without its tensor",
     lambda: composite_body([(1.0, [0, 0, 0], EYE), (1.0, [0, 0, 0])]), TypeError,
     "parts[1] must be a tuple (mass, p_c, I_c); got (1.0, [0, 0, 0])"),
    ("a part of four entries",
     lambda: composite_body([(1.0, [0, 0, 0], EYE, 1.0)]), TypeError,
     "parts[0] must be a tuple (mass, p_c, I_c); got (1.0, [0, 0, 0], array([[1., 0., 0.],\n"
     "       [0., 1., 0.],\n       [0., 0., 1.]]), 1.0)"),
    ("a part that is a number", lambda: composite_body([(1.0, [0, 0, 0], EYE), 2.0]), TypeError,
     "parts[1] must be a tuple (mass, p_c, I_c); got 2.0"),
    ("a part of negative mass",
     lambda: composite_body([(1.0, [0, 0, 0], EYE), (-1.0, [0, 0, 0], EYE)]), ValueError,
     "parts[1] mass must be >= 0 (kg); got -1.0"),
    ("a part with its centre in the plane",
     lambda: composite_body([(1.0, [0, 0, 0], EYE), (1.0, [0, 0], EYE)]), ValueError,
     "parts[1] p_c must have 3 entries (x, y, z in {A}); got 2"),
    ("a box of negative length", lambda: Box(1, -2, 1), ValueError,
     "l must be > 0 (a length, m); got -2"),
    ("a cylinder of negative height", lambda: Cylinder(1, -2), ValueError,
     "height must be > 0 (a length, m); got -2"),
    ("a rod of negative length", lambda: Rod(-3), ValueError,
     "length must be > 0 (a length, m); got -3"),
    ("an origin in the plane", lambda: inertia_by_integration(Box(1, 1, 1), 1.0, origin=[0, 0]),
     ValueError, "origin must have 3 entries (x, y, z in {C}); got 2"),
    ("an integrand of text", lambda: Box(1, 1, 1).integrate(lambda r: "x", 1.0), TypeError,
     "f(r) must be a sympy expression or Matrix; got 'x'"),
    ("massless parts",
     lambda: composite_body([(0.0, [0, 0, 0], EYE), (0.0, [1.0, 0, 0], EYE)]), ValueError,
     "parts must have a positive total mass (the centre of mass of a massless body is "
     "undefined); got masses [0.0, 0.0]"),
    ("a part whose tensor breaks the triangle inequality",
     lambda: composite_body([(1.0, [0, 0, 0], EYE), (1.0, [0, 0, 0], np.diag([1.0, 1.0, 3.0]))]),
     ValueError, "inertia tensor parts[1] I_c breaks the triangle inequality: principal moments "
     "1, 1, 3 (each must be <= the sum of the other two)"),
]


@pytest.mark.parametrize("call, error, message", [case[1:] for case in MESSAGES],
                         ids=[case[0] for case in MESSAGES])
def test_each_error_reads_in_full(call, error, message):
    assert str(raised(call, error)) == message


@pytest.mark.parametrize("body, mass, origin", [
    (Box(1e200, 1.0, 1.0), 2.0, (0, 0, 0)),             # overflows
    (Box(10.0, 10.0, 10.0), 1e308, (0, 0, 0)),          # overflows, then inf - inf
])
def test_an_integral_too_large_raises_without_a_numpy_warning(body, mass, origin):
    """Also from the kernel that library code calls (chapter 7's arm), outside the guard of
    the checked function."""
    kernel = inertia_by_integration.__wrapped__           # origin exact, axes as the call's
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for integral in (lambda: inertia_by_integration(body, mass, origin),
                         lambda: kernel(body, mass, B.SYMBOLS.vector(origin), np.eye(3))):
            with pytest.raises(OverflowError, match=r"^inertia_by_integration\(\.\.\.\) "
                                                    r"overflows floating point: the integral"):
                integral()


def test_check_inertia_names_the_tensor_I_c_and_checks_the_triangle_by_default():
    broken = np.diag([1.0, 1.0, 3.0])
    with pytest.raises(ValueError, match=r"^inertia tensor I_c breaks the triangle inequality"):
        check_inertia(broken)
    assert np.array_equal(check_inertia(broken, triangle=False), broken)


def test_a_body_is_about_its_centre_of_mass_in_its_own_axes_by_default():
    box = Box(1.0, 2.0, 3.0)
    expected = np.diag([13.0, 10.0, 5.0]) / 12
    assert np.allclose(inertia_by_integration(box, 1.0), expected)
    assert np.allclose(inertia_by_integration(box, 1.0, origin=(0, 0, 0), axes=EYE), expected)


def test_symbolic_axes_turn_the_exact_integral():
    turn = sp.Matrix([[0, -1, 0], [1, 0, 0], [0, 0, 1]])            # RotZ(90°)
    m, w, l, h = sp.symbols("m w l h", positive=True)
    turned = inertia_by_integration(Box(w, l, h), m, axes=turn)
    assert turned == sp.diag(m * (h**2 + w**2) / 12, m * (h**2 + l**2) / 12,
                             m * (l**2 + w**2) / 12)


def test_asymmetry_and_negative_moments_are_judged_relative_to_the_largest_entry():
    big = 1e6
    inside = [[big, 0.5e-9 * big, 0], [0, big, 0], [0, 0, big]]
    check_inertia(inside)                                   # within round-off of 1e6
    with pytest.raises(ValueError, match=r"symmetric; got I_c\[0,1\]=0\.002, I_c\[1,0\]=0"):
        check_inertia([[big, 2e-9 * big, 0], [0, big, 0], [0, 0, big]])
    check_inertia(np.diag([big, big, -0.5e-9 * big]), triangle=False)
    with pytest.raises(ValueError, match=r"principal moments are -0\.002, 1e\+06, 1e\+06$"):
        check_inertia(np.diag([big, big, -2e-9 * big]))
    with pytest.raises(ValueError, match=r"symmetric; got I_c\[0,1\]=2e-09, I_c\[1,0\]=0"):
        check_inertia([[1.0, 2e-9, 0], [0, 1.0, 0], [0, 0, 1.0]])   # below 1: no scaling
    check_inertia([[1.0, 1e-9, 0], [0, 1.0, 0], [0, 0, 1.0]])
    check_inertia(np.diag([1.0, 1.0, -1e-9]))                 # a moment at the tolerance


def test_a_symbolic_tensor_symmetric_only_after_simplifying_is_accepted():
    x = sp.Symbol("x")
    I = sp.Matrix([[1, sp.sin(x)**2 + sp.cos(x)**2, 0], [1, 1, 0], [0, 0, 1]])
    assert check_inertia(I) == I


def test_the_total_mass_is_compared_to_round_off_for_numbers_and_exactly_for_symbols():
    with pytest.raises(ValueError, match=r"got masses \[1e-09\]$"):
        composite_body([(1e-9, [0, 0, 0], np.zeros((3, 3)))])
    assert composite_body([(2e-9, [0, 0, 0], np.zeros((3, 3)))]).mass == 2e-9
    tiny = sp.Rational(1, 10**12)
    assert composite_body([(tiny, [0, 0, 0], sp.zeros(3))]).mass == tiny
    with pytest.raises(ValueError, match=r"got masses \[0, 0\]$"):
        composite_body([(0, [0, 0, 0], sp.zeros(3)), (0, [1, 0, 0], sp.zeros(3))])


def test_composite_body_of_three_unequal_parts():
    parts = [(1.0, [0.0, 0.0, 0.0], 0.1 * EYE), (2.0, [3.0, 0.0, 0.0], 0.2 * EYE),
             (3.0, [0.0, 6.0, 0.0], 0.3 * EYE)]
    body = composite_body(parts)
    centre = np.array([1.0, 3.0, 0.0])
    assert body.mass == 6.0
    assert np.allclose(body.r_c, centre)
    expected = sum(I_k + m_k * (np.dot(d, d) * EYE - np.outer(d, d))
                   for m_k, p_k, I_k in parts for d in [np.array(p_k) - centre])
    assert np.allclose(body.I_c, expected)


def test_composite_body_accepts_an_unphysical_part_only_when_asked():
    unphysical = (1.0, [0, 0, 0], np.diag([1.0, 1.0, 3.0]))
    body = composite_body([unphysical], physical=False)
    assert np.allclose(body.I_c, np.diag([1.0, 1.0, 3.0]))


def test_principal_axes_of_a_tensor_in_floats_are_a_rotation():
    I = np.array([[2.0, -0.5, 0.0], [-0.5, 2.0, 0.0], [0.0, 0.0, 1.0]])
    moments, axes = principal_axes(I)
    assert np.allclose(moments, [1.0, 1.5, 2.5])
    assert np.allclose(axes.T @ I @ axes, np.diag(moments))
    assert np.isclose(np.linalg.det(axes), 1.0)


def test_a_symbolic_mass_moves_a_numeric_tensor_exactly():
    """The kernel that links call (a link of mass m with a published tensor): one symbol, and
    the tensor about the joint is a sympy matrix."""
    m = sp.Symbol("m", positive=True)
    moved = parallel_axis_unchecked(np.eye(3), m, np.array([1.0, 0.0, 0.0]))
    assert isinstance(moved, sp.MatrixBase)
    assert sp.simplify(moved - sp.diag(1, 1 + m, 1 + m)) == sp.zeros(3)
    exact = parallel_axis_unchecked(sp.eye(3), m, [1, 0, 0])       # integers stay exact
    assert exact == sp.diag(1, 1 + m, 1 + m) and not exact.has(sp.Float)


@pytest.mark.parametrize("I_c, mass, p_c, expected", [
    (sp.diag(a, a, a), 2, [1, 0, 0], sp.diag(a, a + 2, a + 2)),     # only the tensor
    (sp.eye(3), 2, [a, 0, 0], sp.diag(1, 2 * a**2 + 1, 2 * a**2 + 1)),  # only the centre
])
def test_one_symbol_in_the_tensor_or_the_centre_moves_it_exactly(I_c, mass, p_c, expected):
    if I_c.free_symbols:
        moved = parallel_axis_unchecked(I_c, float(mass), np.array(p_c, dtype=float))
    else:
        moved = parallel_axis_unchecked(np.eye(3), float(mass), p_c)
    assert isinstance(moved, sp.MatrixBase)
    assert sp.simplify(moved - expected) == sp.zeros(3)


@pytest.mark.parametrize("I, text", [
    (np.diag([3.0, 1.0, 1.5]), "Ixx <= Iyy + Izz: 3 > 1 + 1.5"),
    (np.diag([1.0, 3.0, 1.5]), "Iyy <= Ixx + Izz: 3 > 1 + 1.5"),
    (np.diag([1.0, 1.5, 3.0]), "Izz <= Ixx + Iyy: 3 > 1 + 1.5"),
    (np.diag([10.0, 15.0, 30.0]), "Izz <= Ixx + Iyy: 30 > 10 + 15"),
    (rot_x(0.3) @ np.diag([10.0, 15.0, 30.0]) @ rot_x(0.3).T, "I3 <= I1 + I2: 30 > 10 + 15"),
    (rot_x(0.3) @ np.diag([0.4, 1.5, 1.0]) @ rot_x(0.3).T, "I3 <= I1 + I2: 1.5 > 0.4 + 1"),
    (np.diag([1.0, 1.0, 1.5]), None),
    (sp.diag(sp.Rational(1, 2), 1, 3), "Izz <= Ixx + Iyy: 3 > 0.5 + 1"),    # exact numbers
    (sp.diag(a, a, 3 * a), None),                  # symbols: sympy cannot order the moments
])
def test_the_broken_triangle_inequality_in_words(I, text):
    assert broken_triangle_inequality(I) == text


def test_the_triangle_inequality_holds_to_round_off_of_the_largest_moment():
    assert broken_triangle_inequality(np.diag([0.5 - 0.25e-9, 0.5 - 0.25e-9, 1.0])) is None
    assert broken_triangle_inequality(np.diag([0.5 - 1e-9, 0.5 - 1e-9, 1.0])) == (
        "Izz <= Ixx + Iyy: 1 > 0.5 + 0.5")
    assert broken_triangle_inequality(np.diag([50.0 - 25e-9, 50.0 - 25e-9, 100.0])) is None
    at_the_tolerance = 0.25 + 0.25 + 1e-9                   # kept: not beyond round-off
    assert broken_triangle_inequality(np.diag([0.25, 0.25, at_the_tolerance])) is None


def test_one_symbol_in_the_mass_or_in_a_side_gives_the_exact_tensor():
    m, w = sp.symbols("m w", positive=True)
    assert inertia_by_integration(Box(1, 2, 3), m) == sp.diag(13 * m / 12, 5 * m / 6,
                                                               5 * m / 12)
    assert inertia_by_integration(Box(w, 2, 3), 12) == sp.diag(13, w**2 + 9, w**2 + 4)
    turned = inertia_by_integration(Box(w, 2, 3), 12, axes=[[0, -1, 0], [1, 0, 0], [0, 0, 1]])
    assert turned == sp.diag(w**2 + 9, 13, w**2 + 4)
