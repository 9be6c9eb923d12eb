"""Chapter 2 — inertia tensors (SYLLABUS 2.1–2.5): each worked answer by symbolic
volume integration AND by the parallel-axis theorem / rotation, plus property tests
on random physical tensors and the errors a student can trigger."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import inertia_tensors, rotations

from robocourse.frames import rot_x, rot_z
from robocourse.inertia import (
    Box,
    Cylinder,
    Rod,
    check_inertia,
    composite_body,
    inertia_by_integration,
    parallel_axis,
    parallel_axis_to_centre,
    point_mass_inertia,
    principal_axes,
    rotate_inertia,
    symbolic_inertia,
)

m, w, l, h, a, r = sp.symbols("m w l h a r")
px, py, pz, theta = sp.symbols("p_x p_y p_z theta")

CORNER = (-w / 2, -l / 2, -h / 2)          # the box corner, written in the centre frame {C}
COM_FROM_CORNER = [w / 2, l / 2, h / 2]    # the centre of mass, written in the corner frame

# SYLLABUS 2.1: Ixy = ∫ x y dm etc. enter the tensor with a minus sign.
Ixx, Iyy, Izz = m * (l**2 + h**2) / 3, m * (w**2 + h**2) / 3, m * (l**2 + w**2) / 3
Ixy, Ixz, Iyz = m * w * l / 4, m * h * w / 4, m * h * l / 4
BOX_CORNER = sp.Matrix([[Ixx, -Ixy, -Ixz], [-Ixy, Iyy, -Iyz], [-Ixz, -Iyz, Izz]])
# SYLLABUS 2.2
BOX_CENTRE = sp.diag(m * (l**2 + h**2) / 12, m * (w**2 + h**2) / 12, m * (l**2 + w**2) / 12)


def same(A, B):
    """Symbolic expressions, or matrices entry by entry, equal after simplification."""
    if isinstance(A, sp.Expr):
        return sp.simplify(A - B) == 0
    return sp.simplify(sp.Matrix(A) - sp.Matrix(B)).is_zero_matrix


# ---------------------------------------------------------------- 2.1 box about a corner

def test_box_corner_by_integration_gives_the_lecture_moments_and_products():
    I = inertia_by_integration(Box(w, l, h), m, origin=CORNER)
    assert same(sp.Matrix([I[0, 0], I[1, 1], I[2, 2]]), [Ixx, Iyy, Izz])
    assert same(sp.Matrix([-I[0, 1], -I[0, 2], -I[1, 2]]), [Ixy, Ixz, Iyz])
    assert same(I, BOX_CORNER)


def test_box_corner_by_centre_tensor_and_parallel_axis():
    assert same(parallel_axis(BOX_CENTRE, m, COM_FROM_CORNER), BOX_CORNER)


# ---------------------------------------------------------------- 2.2 box about its centre

def test_box_centre_by_integration():
    assert same(inertia_by_integration(Box(w, l, h), m), BOX_CENTRE)


def test_box_centre_by_parallel_axis_back_from_the_corner():
    corner = inertia_by_integration(Box(w, l, h), m, origin=CORNER)
    assert same(parallel_axis_to_centre(corner, m, COM_FROM_CORNER), BOX_CENTRE)


def test_box_with_numbers_in_gives_numbers_out():
    I = inertia_by_integration(Box(0.2, 0.4, 0.6), 3.0, origin=(-0.1, -0.2, -0.3))
    assert isinstance(I, np.ndarray) and I.dtype == float
    expected = BOX_CORNER.subs({m: 3.0, w: 0.2, l: 0.4, h: 0.6})
    np.testing.assert_allclose(I, np.array(expected, dtype=float), atol=1e-12)


# ---------------------------------------------------------------- 2.3 vector parallel axis

def test_parallel_axis_vector_form_matches_the_integral_about_any_point():
    # {A} at p = (px, py, pz) in {C}: the centre of mass is at -p in {A}.
    by_integral = inertia_by_integration(Box(w, l, h), m, origin=(px, py, pz))
    assert same(by_integral, parallel_axis(BOX_CENTRE, m, [-px, -py, -pz]))


def test_parallel_axis_and_rotation_match_the_integral_in_turned_axes():
    # {A} at p, turned by C_R_A = RotZ(θ):  A_I = A_R_C (C_I + m(...)) A_R_Cᵀ, A_R_C = C_R_Aᵀ.
    by_integral = inertia_by_integration(Box(w, l, h), m, origin=(px, 0, 0), axes=rot_z(theta))
    by_theorem = rotate_inertia(parallel_axis(BOX_CENTRE, m, [-px, 0, 0]), rot_z(theta).T)
    assert same(by_integral, by_theorem)


def test_rod_about_its_end():
    centre = inertia_by_integration(Rod(l), m)
    end = inertia_by_integration(Rod(l), m, origin=(-l / 2, 0, 0))
    assert same(centre, sp.diag(0, m * l**2 / 12, m * l**2 / 12))
    assert same(end, sp.diag(0, m * l**2 / 3, m * l**2 / 3))
    assert same(parallel_axis(centre, m, [l / 2, 0, 0]), end)


def test_cylinder_about_its_end_face():
    centre = inertia_by_integration(Cylinder(r, h), m)
    end = inertia_by_integration(Cylinder(r, h), m, origin=(0, 0, -h / 2))
    transverse = m * (3 * r**2 + h**2) / 12
    assert same(centre, sp.diag(transverse, transverse, m * r**2 / 2))
    assert same(end[0, 0], m * (3 * r**2 + 4 * h**2) / 12)
    assert same(end, parallel_axis(centre, m, [0, 0, h / 2]))


@settings(max_examples=8)
@given(dims=st.lists(st.floats(0.1, 2.0), min_size=3, max_size=3),
       mass=st.floats(0.1, 5.0),
       origin=st.lists(st.floats(-1.0, 1.0), min_size=3, max_size=3),
       R=rotations())
def test_integral_about_a_random_frame_equals_theorem(dims, mass, origin, R):
    box = Box(*dims)
    centre = inertia_by_integration(box, mass)
    by_integral = inertia_by_integration(box, mass, origin=origin, axes=R)
    by_theorem = rotate_inertia(parallel_axis(centre, mass, -np.array(origin)), R.T)
    np.testing.assert_allclose(by_integral, by_theorem, atol=1e-9)


# ---------------------------------------------------------------- 2.4 cube about a corner

@pytest.fixture(scope="module")
def cube_corner():
    return inertia_by_integration(Box(a, a, a), m, origin=(-a / 2, -a / 2, -a / 2))


def test_cube_corner_tensor(cube_corner):
    q, t = sp.Rational(1, 4), sp.Rational(2, 3)
    assert same(cube_corner, m * a**2 * sp.Matrix([[t, -q, -q], [-q, t, -q], [-q, -q, t]]))


def test_cube_principal_moments_and_axes_by_eigen_decomposition(cube_corner):
    moments, axes = principal_axes(cube_corner)
    assert same(moments, m * a**2 * sp.Matrix([sp.Rational(1, 6), sp.Rational(11, 12),
                                               sp.Rational(11, 12)]))
    assert same(axes[:, 0], sp.Matrix([1, 1, 1]) / sp.sqrt(3))      # the body diagonal
    assert same(axes.T * axes, sp.eye(3)) and sp.simplify(axes.det()) == 1
    assert same(axes.T * cube_corner * axes, sp.diag(*moments))


def test_cube_diagonalised_by_a_hand_built_rotation(cube_corner):
    # Rows: the new axes in the old frame; the third is the body diagonal.
    R = sp.Matrix([[1, -1, 0], [1, 1, -2], [1, 1, 1]])
    R = sp.diag(1 / sp.sqrt(2), 1 / sp.sqrt(6), 1 / sp.sqrt(3)) * R
    turned = rotate_inertia(cube_corner, R)
    assert same(turned, m * a**2 * sp.diag(sp.Rational(11, 12), sp.Rational(11, 12),
                                           sp.Rational(1, 6)))
    assert same(turned.trace(), cube_corner.trace())
    assert same(cube_corner.trace(), 2 * m * a**2)


def test_cube_with_numbers():
    corner = inertia_by_integration(Box(1.0, 1.0, 1.0), 1.0, origin=(-0.5, -0.5, -0.5))
    moments, axes = principal_axes(corner)
    np.testing.assert_allclose(moments, [1 / 6, 11 / 12, 11 / 12])
    np.testing.assert_allclose(np.abs(axes[:, 0]), np.full(3, 1 / np.sqrt(3)))


def test_symbolic_principal_moments_ascending_with_symbols_taken_positive():
    I = m * sp.Matrix([[1, 1, 0], [1, 2, 0], [0, 0, 2]])     # sympy finds 2m first
    moments, axes = principal_axes(I)
    root5 = sp.sqrt(5)
    assert same(moments, m * sp.Matrix([(3 - root5) / 2, 2, (3 + root5) / 2]))
    assert same(axes.T * I * axes, sp.diag(*moments)) and same(axes.det(), 1)


def test_principal_axes_with_undecidable_order_keeps_sympys_order():
    Ia, Ib, Ic = sp.symbols("I_a I_b I_c")
    I = sp.Matrix([[Ia, 0, 0], [0, Ib, 0], [0, 0, Ic]])
    moments, axes = principal_axes(I)
    assert list(moments) == [group[0] for group in I.eigenvects()]
    assert axes.det() == 1 and axes.T * I * axes == sp.diag(*moments)


# ---------------------------------------------------------------- 2.5 properties

@given(I=inertia_tensors(), R=rotations())
def test_trace_is_invariant_under_rotation(I, R):
    assert np.trace(rotate_inertia(I, R)) == pytest.approx(np.trace(I))


@given(I=inertia_tensors())
def test_principal_axes_diagonalise(I):
    moments, axes = principal_axes(I)
    assert np.all(np.diff(moments) >= 0)
    assert np.linalg.det(axes) == pytest.approx(1.0)
    np.testing.assert_allclose(axes.T @ I @ axes, np.diag(moments), atol=1e-12)


@given(I=inertia_tensors(), mass=st.floats(0.01, 10.0),
       p=st.lists(st.floats(-2.0, 2.0), min_size=3, max_size=3))
def test_parallel_axis_round_trip(I, mass, p):
    shifted = parallel_axis(I, mass, p)
    check_inertia(shifted, "shifted")
    np.testing.assert_allclose(parallel_axis_to_centre(shifted, mass, p), I, atol=1e-12)


@given(I=inertia_tensors(), R=rotations(), mass=st.floats(0.01, 10.0),
       p=st.lists(st.floats(-2.0, 2.0), min_size=3, max_size=3))
def test_moments_positive_and_triangle_inequalities_in_any_axes(I, R, mass, p):
    for tensor in (I, rotate_inertia(I, R), rotate_inertia(parallel_axis(I, mass, p), R)):
        assert np.all(principal_axes(tensor)[0] > 0)
        Ixx_, Iyy_, Izz_ = np.diag(tensor)       # holds for the diagonal in any axes
        slack = 1e-12 * (Ixx_ + Iyy_ + Izz_)        # a flat plate sits on the boundary
        assert Ixx_ + Iyy_ >= Izz_ - slack and Ixx_ + Izz_ >= Iyy_ - slack
        assert Iyy_ + Izz_ >= Ixx_ - slack
        check_inertia(tensor, "tensor")


def test_products_of_inertia_may_be_negative():
    # Box in the octant x < 0, y > 0 of {A}: Ixy = ∫ x y dm < 0, so the entry -Ixy > 0.
    I = inertia_by_integration(Box(1.0, 2.0, 3.0), 1.0, origin=(0.5, -1.0, -1.5))
    assert -I[0, 1] == pytest.approx(-0.5)
    check_inertia(I)


def test_point_mass_is_the_parallel_axis_term():
    assert same(point_mass_inertia(m, [px, py, pz]), parallel_axis(sp.zeros(3), m, [px, py, pz]))
    assert same(point_mass_inertia(m, [0, 0, pz]), sp.diag(m * pz**2, m * pz**2, 0))


def test_exact_symbolic_tensors_are_checked_like_numbers():
    assert check_inertia(sp.diag(1, 2, 2)) == sp.diag(1, 2, 2)
    assert check_inertia(sp.Matrix([[m, 0, 0], [0, m, 0], [0, 0, 3 * m]])).shape == (3, 3)


# ---------------------------------------------------------------- composite bodies

def test_two_half_boxes_make_the_whole_box():
    half = inertia_by_integration(Box(w / 2, l, h), m / 2)           # about its own centre
    body = composite_body([(m / 2, [-w / 4, 0, 0], half), (m / 2, [w / 4, 0, 0], half)])
    assert same(body.mass, m) and same(body.r_c, [0, 0, 0])
    assert same(body.I_c, BOX_CENTRE)


def test_symbolic_inertia_is_a_general_symmetric_tensor_with_the_minus_signs():
    I = symbolic_inertia("p")
    assert I == I.T and len(I.free_symbols) == 6
    assert I[0, 1] == -sp.Symbol("I_xyp") and I[2, 2] == sp.Symbol("I_zzp")
    assert check_inertia(I) == I


def test_one_part_is_itself():
    body = composite_body([(2.0, [0.1, 0.2, 0.3], np.diag([0.1, 0.2, 0.25]))])
    assert body.mass == 2.0
    np.testing.assert_allclose(body.r_c, [0.1, 0.2, 0.3])
    np.testing.assert_allclose(body.I_c, np.diag([0.1, 0.2, 0.25]), atol=1e-15)


@given(st.lists(st.tuples(st.floats(0.1, 5.0),
                          st.lists(st.floats(-1.0, 1.0), min_size=3, max_size=3),
                          inertia_tensors()), min_size=1, max_size=4))
def test_composite_body_about_any_point_is_the_sum_of_its_parts(parts):
    body = composite_body(parts)
    assert np.isclose(body.mass, sum(part[0] for part in parts))
    np.testing.assert_allclose(body.mass * body.r_c, sum(mk * np.array(pk) for mk, pk, _ in parts),
                               atol=1e-12)
    about_origin = sum(parallel_axis(Ik, mk, pk) for mk, pk, Ik in parts)
    np.testing.assert_allclose(parallel_axis(body.I_c, body.mass, body.r_c), about_origin,
                               atol=1e-12)
    check_inertia(body.I_c)                            # a physical tensor


# ---------------------------------------------------------------- bad input

BAD_INPUT = [
    (lambda: check_inertia([[1, 2, 0], [0, 1, 0], [0, 0, 1]]), ValueError,
     r"inertia tensor I_c must be symmetric"),
    (lambda: check_inertia(sp.Matrix([[a, m, 0], [h, a, 0], [0, 0, a]]), "I_sym"), ValueError,
     r"I_sym must be symmetric"),
    (lambda: rotate_inertia(np.diag([-1.0, 1.0, 1.0]), np.eye(3)), ValueError,
     r"inertia tensor I must be positive semi-definite"),
    (lambda: check_inertia(sp.diag(-1, 1, 1), "I_exact"), ValueError,
     r"I_exact must be positive semi-definite"),
    (lambda: principal_axes(np.diag([1.0, 1.0, 3.0])), ValueError,
     r"inertia tensor I breaks the triangle inequality"),
    (lambda: parallel_axis(np.eye(2), 1.0, [0, 0, 0]), ValueError, r"I_c must be a 3x3 matrix"),
    (lambda: parallel_axis(np.eye(3), -1.0, [0, 0, 0]), ValueError, r"mass must be >= 0"),
    (lambda: inertia_by_integration(Box(1, 1, 1), sp.Integer(-2)), ValueError,
     r"mass must be >= 0"),
    (lambda: parallel_axis(np.eye(3), "heavy", [0, 0, 0]), TypeError, r"mass must be a number"),
    (lambda: parallel_axis(np.eye(3), 1.0, "abc"), TypeError, r"p_c must be a sequence"),
    (lambda: parallel_axis(np.eye(3), 1.0, [0, 0]), ValueError, r"p_c must have 3 entries"),
    (lambda: check_inertia([["a", 0, 0], [0, 1, 0], [0, 0, 1]]), TypeError,
     r"I_c\[0,0\] must be a number"),
    (lambda: Box(1.0, -2.0, 1.0), ValueError, r"l must be > 0"),
    (lambda: Cylinder(0, 1.0), ValueError, r"radius must be > 0"),
    (lambda: Rod(sp.Integer(-1)), ValueError, r"length must be > 0"),
    (lambda: Box(w, l, "tall"), TypeError, r"h must be a number"),
    (lambda: rotate_inertia(np.eye(3), np.eye(2)), ValueError, r"R must be a 3x3 matrix"),
    (lambda: rotate_inertia(np.eye(3), 2 * np.eye(3)), ValueError, r"R must be a rotation"),
    (lambda: rotate_inertia(np.eye(3), np.diag([1.0, 1.0, -1.0])), ValueError,
     r"R must be a rotation"),
    (lambda: inertia_by_integration(Rod(l), m, axes=rot_x(0.3) * 1.1), ValueError,
     r"axes must be a rotation"),
    (lambda: inertia_by_integration(Rod(l), m, origin=(0, 0)), ValueError,
     r"origin must have 3 entries"),
    (lambda: inertia_by_integration("cube", m), TypeError, r"body must be a Box"),
    (lambda: parallel_axis_to_centre(np.zeros((3, 3)), 1.0, [1.0, 0, 0]), ValueError,
     r"I_A cannot be the tensor"),
    (lambda: composite_body([]), ValueError, r"parts must hold at least one part"),
    (lambda: composite_body((1.0, [0, 0, 0], np.eye(3))[0]), TypeError,
     r"parts must be a list of \(mass, p_c, I_c\) tuples; got 1.0"),
    (lambda: symbolic_inertia(2), TypeError, r"label must be a string; got 2"),
    (lambda: composite_body([(1.0, [0, 0, 0])]), TypeError,
     r"parts\[0\] must be a tuple \(mass, p_c, I_c\)"),
    (lambda: composite_body([(1.0, [0, 0, 0], np.eye(3)), (-1.0, [0, 0, 0], np.eye(3))]),
     ValueError, r"parts\[1\] mass must be >= 0"),
    (lambda: composite_body([(0.0, [0, 0, 0], np.zeros((3, 3)))]), ValueError,
     r"parts must have a positive total mass"),
    (lambda: composite_body([(1.0, [0, 0], np.eye(3))]), ValueError,
     r"parts\[0\] p_c must have 3 entries"),
    (lambda: composite_body([(1.0, [0, 0, 0], np.diag([1.0, 1.0, 3.0]))]), ValueError,
     r"inertia tensor parts\[0\] I_c breaks the triangle inequality"),
]


@pytest.mark.parametrize("call, error, message", BAD_INPUT)
def test_bad_input_names_the_argument(call, error, message):
    with pytest.raises(error, match=message):
        call()
