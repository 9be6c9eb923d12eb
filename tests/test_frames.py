"""Rotations, transforms, the cross-product operator, modified-DH transforms and the 6x6
velocity / force transforms (SYLLABUS 1.5, 1.6), on numbers, symbols and random frames."""

import inspect
import math
import os
import warnings

import numpy as np
import pytest
import sympy as sp
from bad_input import named_in_the_error
from hypothesis import given, settings
from strategies import joint_vectors, rotations

from robocourse.frames import (
    DegreesWarning,
    adjoint,
    as_rotation,
    cross,
    dh_transform,
    force_transform,
    inverse_transform,
    roll_pitch_yaw,
    rot_x,
    rot_y,
    rot_z,
    rotation,
    skew,
    transform,
    translation,
    vee,
    velocity_transform,
)

theta = sp.Symbol("theta")


def is_zero(difference):
    """True when a symbolic matrix simplifies to zero."""
    return sp.simplify(sp.Matrix(difference)).is_zero_matrix


def trans_x(a):
    return transform(sp.eye(3), [a, 0, 0])


def trans_z(d):
    return transform(sp.eye(3), [0, 0, d])


def homogeneous(R):
    return transform(R, [0, 0, 0])


@pytest.mark.parametrize("rot, axis", [(rot_x, 0), (rot_y, 1), (rot_z, 2)])
def test_elementary_rotations_are_rotations_about_their_axis(rot, axis):
    R = rot(theta)
    assert is_zero(R.T @ R - sp.eye(3))
    assert sp.simplify(R.det()) == 1
    assert R[:, axis] == sp.eye(3)[:, axis]
    assert is_zero(rot(theta) @ rot(2 * theta) - rot(3 * theta))
    np.testing.assert_allclose(rot(0.7), np.array(R.subs(theta, 0.7), dtype=float))


def test_rotation_directions():
    np.testing.assert_allclose(rot_x(math.pi / 2) @ [0, 1, 0], [0, 0, 1], atol=1e-15)
    np.testing.assert_allclose(rot_y(math.pi / 2) @ [0, 0, 1], [1, 0, 0], atol=1e-15)
    np.testing.assert_allclose(rot_z(math.pi / 2) @ [1, 0, 0], [0, 1, 0], atol=1e-15)


@given(joint_vectors(3), joint_vectors(3))
def test_skew_is_the_cross_product(a, b):
    np.testing.assert_allclose(skew(a) @ b, np.cross(a, b), atol=1e-12)
    np.testing.assert_allclose(cross(a, b), np.cross(a, b), atol=1e-12)
    np.testing.assert_allclose(skew(a), -skew(a).T)


def test_skew_and_cross_symbolic():
    a, b = sp.Matrix(sp.symbols("a1:4")), sp.Matrix(sp.symbols("b1:4"))
    assert cross(a, b) == a.cross(b)
    assert skew(a) == -skew(a).T


def test_transform_parts_round_trip():
    R, p = rot_z(theta), sp.Matrix(sp.symbols("p1:4"))
    T = transform(R, p)
    assert rotation(T) == R and translation(T) == p
    assert T[3, :] == sp.Matrix([[0, 0, 0, 1]])
    Tn = transform(rot_x(0.2), [1.0, 2.0, 3.0])
    np.testing.assert_allclose(translation(Tn), [1, 2, 3])
    assert isinstance(Tn, np.ndarray)


@settings(max_examples=40)
@given(rotations(), joint_vectors(3))
def test_inverse_transform_round_trip(R, p):
    T = transform(R, p)
    T_inv = inverse_transform(T)
    np.testing.assert_allclose(T_inv @ T, np.eye(4), atol=1e-12)
    np.testing.assert_allclose(T @ T_inv, np.eye(4), atol=1e-12)
    np.testing.assert_allclose(inverse_transform(T_inv), T, atol=1e-12)
    np.testing.assert_allclose(T_inv, np.linalg.inv(T), atol=1e-12)


def test_inverse_transform_symbolic():
    T = transform(rot_z(theta) @ rot_x(sp.Symbol("phi")), sp.symbols("p1:4"))
    assert is_zero(inverse_transform(T) @ T - sp.eye(4))


def test_dh_transform_is_the_product_of_four_motions():
    alpha, a, t, d = sp.symbols("alpha a theta d")
    product = homogeneous(rot_x(alpha)) @ trans_x(a) @ homogeneous(rot_z(t)) @ trans_z(d)
    assert is_zero(dh_transform(alpha, a, t, d) - product)
    numeric = dh_transform(0.3, 0.5, -1.2, 0.7)
    expected = product.subs({alpha: 0.3, a: 0.5, t: -1.2, d: 0.7})
    np.testing.assert_allclose(numeric, np.array(expected, dtype=float), atol=1e-12)


def test_dh_transform_uses_exact_quarter_turns_with_symbols():
    T = dh_transform(-math.pi / 2, 0, theta, sp.Symbol("d"))
    assert T[1, 2] == 1 and T[2, 2] == 0           # cos(−90°) = 0 exactly, not 6e-17
    assert T[2, 0] == -sp.sin(theta)


# ---------------------------------------------------------------- 1.5, 1.6 6x6 transforms

def test_velocity_transform_closed_form():                                 # 1.5
    R, P = rot_z(theta), sp.Matrix(sp.symbols("p1:4"))
    V = velocity_transform(R, P)
    assert V[:3, :3] == R.T and V[3:, 3:] == R.T and V[3:, :3] == sp.zeros(3)
    assert is_zero(V[:3, 3:] + R.T @ skew(P))


def test_force_transform_closed_form():                                    # 1.6
    R, P = rot_z(theta), sp.Matrix(sp.symbols("p1:4"))
    W = force_transform(R, P)
    assert W[:3, :3] == R and W[3:, 3:] == R and W[:3, 3:] == sp.zeros(3)
    assert is_zero(W[3:, :3] - skew(P) @ R)
    assert is_zero(W - velocity_transform(R, P).T)


@settings(max_examples=40)
@given(rotations(), joint_vectors(3), joint_vectors(6), joint_vectors(6))
def test_power_is_the_same_in_both_frames(R, P, twist_A, wrench_B):
    V = velocity_transform(R, P)
    W = force_transform(R, P)
    np.testing.assert_allclose(W, V.T, atol=1e-12)          # force transform = Vᵀ
    assert (W @ wrench_B) @ twist_A == pytest.approx(wrench_B @ (V @ twist_A), abs=1e-9)


@settings(max_examples=40)
@given(rotations(), joint_vectors(3))
def test_velocity_transform_back_is_the_inverse(R, P):
    T_back = inverse_transform(transform(R, P))                   # B_T_A
    V_back = velocity_transform(rotation(T_back), translation(T_back))
    np.testing.assert_allclose(V_back @ velocity_transform(R, P), np.eye(6), atol=1e-12)
    W_back = force_transform(rotation(T_back), translation(T_back))
    np.testing.assert_allclose(W_back @ force_transform(R, P), np.eye(6), atol=1e-12)


def test_velocity_transform_of_a_pure_spin():
    V = velocity_transform(np.eye(3), [0.0, 2.0, 0.0])
    # {A} spins about Z at 1 rad/s: the origin of {B}, 2 m along Y, moves along −X at 2 m/s
    np.testing.assert_allclose(V @ [0, 0, 0, 0, 0, 1.0], [-2.0, 0, 0, 0, 0, 1.0])


# ---------------------------------------------------------------- 1.7 adjoints and the 4x4

def twist_matrix(V):
    """The 4x4 form of a velocity ``[v; ω]``: ``[[[ω x], v], [0, 0]]``."""
    top = np.hstack([skew(V[3:]), np.reshape(V[:3], (3, 1))])
    return np.vstack([top, np.zeros((1, 4))])


@settings(max_examples=40)
@given(rotations(), joint_vectors(3), rotations(), joint_vectors(3), joint_vectors(6))
def test_adjoint_is_the_4x4_acting_on_velocities(R1, p1, R2, p2, V):
    T1, T2 = transform(R1, p1), transform(R2, p2)
    # the 6x6 does to a velocity what the 4x4 does to its matrix form, by conjugation
    np.testing.assert_allclose(twist_matrix(adjoint(T1) @ V),
                               T1 @ twist_matrix(V) @ inverse_transform(T1), atol=1e-12)
    np.testing.assert_allclose(adjoint(T1 @ T2), adjoint(T1) @ adjoint(T2), atol=1e-12)
    np.testing.assert_allclose(adjoint(inverse_transform(T1)), np.linalg.inv(adjoint(T1)),
                               atol=1e-12)
    # Craig's transforms from the same R, P: velocities A -> B, loads B -> A
    np.testing.assert_allclose(velocity_transform(R1, p1), adjoint(inverse_transform(T1)),
                               atol=1e-12)
    np.testing.assert_allclose(force_transform(R1, p1), np.linalg.inv(adjoint(T1)).T,
                               atol=1e-12)


def test_adjoint_symbolic_closed_form():
    R, P = rot_z(theta), sp.Matrix(sp.symbols("p1:4"))
    Ad = adjoint(transform(R, P))
    assert is_zero(Ad - sp.BlockMatrix([[R, skew(P) @ R], [sp.zeros(3), R]]).as_explicit())
    assert is_zero(force_transform(R, P) - Ad.inv().T)


def test_adjoint_moves_a_spin_to_the_other_frame():
    # {B} 1 m along X of {A} spins about Z at 1 rad/s: the origin of {A} moves along -Y
    np.testing.assert_allclose(adjoint(transform(np.eye(3), [1.0, 0, 0])) @ [0, 0, 0, 0, 0, 1],
                               [0, -1.0, 0, 0, 0, 1.0], atol=1e-15)


@pytest.mark.parametrize("T, kind, words", [
    (np.eye(3), ValueError, r"T must be a 4x4 matrix; got 3x3"),
    ("T", TypeError, r"\bT\b"),
    (np.diag([2.0, 1.0, 1.0, 1.0]), ValueError, r"T\[:3, :3\] must be a rotation"),
])
def test_adjoint_bad_input_names_the_argument(T, kind, words):
    with pytest.raises(kind, match=words):
        adjoint(T)


# ---------------------------------------------------------------- the kind of the result

def test_elementary_rotations_of_numbers_and_of_exact_angles():
    R = rot_x(1)                                          # an int angle: a float matrix
    assert isinstance(R, np.ndarray) and R.dtype == float and R.shape == (3, 3)
    # a sympy number is exact: cos(pi/2) is 0, not 6e-17
    assert rot_x(sp.pi / 2) == sp.Matrix([[1, 0, 0], [0, 0, -1], [0, 1, 0]])
    assert rot_y(sp.pi / 2) == sp.Matrix([[0, 0, 1], [0, 1, 0], [-1, 0, 0]])
    assert rot_z(sp.pi / 2) == sp.Matrix([[0, -1, 0], [1, 0, 0], [0, 0, 1]])


def test_skew_of_numbers_is_a_float_matrix_and_of_symbols_a_sympy_one():
    S = skew([1, 2, 3])
    assert isinstance(S, np.ndarray) and S.dtype == float and S.shape == (3, 3)
    np.testing.assert_array_equal(S, [[0, -3, 2], [3, 0, -1], [-2, 1, 0]])
    a = sp.symbols("a1:4")
    assert skew(a) == sp.Matrix([[0, -a[2], a[1]], [a[2], 0, -a[0]], [-a[1], a[0], 0]])
    assert skew([a[0], 0, 0]) == sp.Matrix([[0, 0, 0], [0, 0, -a[0]], [0, a[0], 0]])


@pytest.mark.parametrize("call", [
    lambda x: cross([1, 0, 0], [0, x, 0]),
    lambda x: cross([0, x, 0], [1, 0, 0]),
    lambda x: transform(np.eye(3), [x, 0, 0]),
    lambda x: transform(rot_z(x), [1.0, 0, 0]),
    lambda x: velocity_transform(np.eye(3), [x, 0, 0]),
    lambda x: velocity_transform(rot_z(x), [1.0, 0, 0]),
    lambda x: force_transform(np.eye(3), [x, 0, 0]),
    lambda x: force_transform(rot_z(x), [1.0, 0, 0]),
    lambda x: adjoint(transform(np.eye(3), [x, 0, 0])),
    lambda x: dh_transform(x, 1.0, 0.5, 0.2),
    lambda x: dh_transform(0.3, x, 0.5, 0.2),
    lambda x: dh_transform(0.3, 1.0, x, 0.2),
    lambda x: dh_transform(0.3, 1.0, 0.5, x),
], ids=["cross a", "cross b", "transform p", "transform R", "velocity P", "velocity R",
        "force P", "force R", "adjoint", "DH alpha", "DH a", "DH theta", "DH d"])
def test_one_symbolic_argument_makes_the_result_symbolic_and_equal_to_the_numbers(call):
    x = sp.Symbol("x")
    symbolic = call(x)
    assert isinstance(symbolic, sp.MatrixBase) and symbolic.free_symbols == {x}
    numeric = call(0.7)
    assert isinstance(numeric, np.ndarray) and numeric.dtype == float
    np.testing.assert_allclose(np.array(symbolic.subs(x, 0.7), dtype=float).reshape(
        numeric.shape), numeric, atol=1e-12)


def test_a_symbolic_result_keeps_the_whole_numbers_of_the_other_argument_exact():
    x = sp.Symbol("x")
    identity = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    expected = sp.Matrix([[1, 0, 0, x], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
    assert transform(identity, [x, 0, 0]) == expected              # 1, not 1.0
    assert transform(rot_z(theta), [1, 2, 3])[:3, 3] == sp.Matrix([1, 2, 3])


# ---------------------------------------------------------------- as_rotation and vee

def test_as_rotation_returns_the_matrix_of_the_kind_of_R():
    R = as_rotation(rot_z(0.3).tolist())
    assert isinstance(R, np.ndarray) and R.dtype == float
    np.testing.assert_array_equal(R, rot_z(0.3))
    integers = as_rotation(np.eye(3, dtype=int).tolist())                   # numbers: floats
    assert isinstance(integers, np.ndarray) and integers.dtype == float
    exact = as_rotation(rot_z(sp.pi / 6))                                  # symbols: exact
    assert isinstance(exact, sp.MatrixBase) and exact == rot_z(sp.pi / 6)
    assert as_rotation(sp.eye(3).tolist()) == sp.eye(3)          # sympy entries in a list
    x = sp.Symbol("x")
    unknown = sp.Matrix([[x, 0, 0], [0, 1, 0], [0, 0, 1]])
    assert as_rotation(unknown) == unknown           # its entries are unknown: not checked


def test_vee_inverts_skew_on_numbers_and_symbols():
    w = vee(skew([1, -2, 3]))
    assert isinstance(w, np.ndarray) and w.shape == (3,)
    np.testing.assert_array_equal(w, [1, -2, 3])
    a = sp.symbols("a1:4")
    assert vee(skew(a)) == sp.Matrix(a)
    # round-off of a computed [w x], relative to the size of its entries, is accepted
    big = 1e8 * skew([1.0, -2.0, 3.0]) + 1e-3 * np.diag([1.0, -1.0, 0.0])
    np.testing.assert_allclose(vee(big), [1e8, -2e8, 3e8])
    np.testing.assert_allclose(vee(skew([0.1, 0.2, 0.3]) + 1e-12), [0.1, 0.2, 0.3])


def test_vee_gives_the_angular_velocity_of_a_symbolic_rotation():
    t = sp.Symbol("t")
    a, b, c = (sp.Function(name)(t) for name in "abc")
    R = rot_x(a) @ rot_y(b) @ rot_z(c)                 # X-Y-Z moving axes
    # Rᵀ Ṙ = [Bω x]; its symmetric part is zero only after simplification: not refused
    w = vee(R.T @ R.diff(t))
    da, db, dc = (f.diff(t) for f in (a, b, c))
    expected = sp.Matrix([sp.cos(b) * sp.cos(c) * da + sp.sin(c) * db,
                          -sp.cos(b) * sp.sin(c) * da + sp.cos(c) * db,
                          sp.sin(b) * da + dc])
    assert is_zero(w - expected)


# ---------------------------------------------------------------- degrees for radians

#: Under mutmut (``make mutation``) every function of the mutated module is called through
#: mutmut's trampoline, a frame of mutmut's own between the function and its caller: the
#: degrees check, which looks a set number of frames up for the user's, sees that frame
#: instead (it warns of the library's own calls, at mutmut's line). Where the warning
#: points, and that the library's own calls are not checked again, is tested without it.
TRAMPOLINED = "MUTANT_UNDER_TEST" in os.environ

@pytest.mark.parametrize("call, name", [
    (lambda: rot_x(90), "angle = 90"),
    (lambda: rot_y(-180), "angle = -180"),
    (lambda: rot_z(45), "angle = 45"),
    (lambda: dh_transform(90, 1.0, 0, 0), "(alpha, theta) = [90, 0]"),
    (lambda: roll_pitch_yaw(180, 90, 45), "(roll, pitch, yaw) = [180, 90, 45]"),
], ids=["rot_x", "rot_y", "rot_z", "dh_transform", "roll_pitch_yaw"])
def test_degrees_warn_once_naming_the_users_arguments_at_the_users_line(call, name):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    degrees = [w for w in caught if issubclass(w.category, DegreesWarning)]
    assert degrees and str(degrees[0].message).startswith(f"{name} looks like degrees")
    if not TRAMPOLINED:
        assert len(degrees) == 1, [str(w.message) for w in degrees]
        assert degrees[0].filename == __file__


@pytest.mark.skipif(TRAMPOLINED, reason="mutmut's trampoline is the caller's frame")
def test_the_degrees_warning_points_at_the_line_of_the_call():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        line = inspect.currentframe().f_lineno + 1
        rot_z(90)
    assert [(w.filename, w.lineno) for w in caught] == [(__file__, line)]


def test_radians_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error", DegreesWarning)
        rot_x(6), rot_y(-6), rot_z(6.5), dh_transform(3, 1.0, 6, 0)
        roll_pitch_yaw(math.pi, 6, 0)


# ---------------------------------------------------------------- bad input

x_ = sp.Symbol("x")
NOT_HOMOGENEOUS = np.eye(4) + np.diag([1.0], -3)             # last row [1, 0, 0, 1]
test_bad_input_names_the_argument = named_in_the_error([
    ("as_rotation: not a rotation", lambda: as_rotation(2 * np.eye(3)), ValueError, "R",
     "rotation matrix", "8"),
    ("as_rotation: its name", lambda: as_rotation(2 * np.eye(3), "A_R_B"), ValueError, "A_R_B",
     "rotation matrix"),
    ("as_rotation: name not text", lambda: as_rotation(np.eye(3), name=3), TypeError, "name",
     "string", "3"),
    ("rot_x: text", lambda: rot_x("30deg"), TypeError, "angle", "number", "'30deg'"),
    ("rot_y: None", lambda: rot_y(None), TypeError, "angle", "number", "None"),
    ("rot_z: nan", lambda: rot_z(float("nan")), ValueError, "angle", "finite", "nan"),
    ("skew: 2 entries", lambda: skew([1, 2]), ValueError, "v", "3 entries", "2"),
    ("vee: 2x2", lambda: vee(np.eye(2)), ValueError, "S", "3x3", "2x2"),
    ("vee: not skew", lambda: vee(np.eye(3)), ValueError, "S", "skew-symmetric", "2"),
    ("vee: symbols, not skew", lambda: vee(sp.Matrix([[x_, 1, 0], [1, 0, 0], [0, 0, 0]])),
     ValueError, "S", "skew-symmetric", "2"),
    ("vee: not skew beyond round-off", lambda: vee(skew([0.1, 0.2, 0.3]) + 1e-8), ValueError,
     "S", "skew-symmetric"),
    ("cross: a", lambda: cross([1, 2], [1, 2, 3]), ValueError, "a", "3 entries", "2"),
    ("cross: b", lambda: cross([1, 2, 3], [1, 2]), ValueError, "b", "3 entries", "2"),
    ("transform: R", lambda: transform(2 * np.eye(3), [0, 0, 0]), ValueError, "R",
     "rotation matrix"),
    ("transform: p", lambda: transform(np.eye(3), [1, 2]), ValueError, "p", "3 entries", "2"),
    ("rotation: T", lambda: rotation(np.eye(3)), ValueError, "T", "4x4", "3x3"),
    ("translation: T", lambda: translation(np.eye(3)), ValueError, "T", "4x4", "3x3"),
    ("inverse_transform: last row", lambda: inverse_transform(NOT_HOMOGENEOUS), ValueError, "T",
     "[0, 0, 0, 1]", "[1.0, 0.0, 0.0, 1.0]"),
    ("dh_transform: alpha", lambda: dh_transform(None, 0, 0, 0), TypeError, "alpha", "number"),
    ("dh_transform: a", lambda: dh_transform(0, "1", 0, 0), TypeError, "a", "number"),
    ("dh_transform: theta", lambda: dh_transform(0, 0, [0], 0), TypeError, "theta", "number"),
    ("dh_transform: d", lambda: dh_transform(0, 0, 0, float("inf")), ValueError, "d", "finite"),
    ("velocity_transform: A_R_B", lambda: velocity_transform(2 * np.eye(3), [0, 0, 0]),
     ValueError, "A_R_B", "rotation matrix"),
    ("velocity_transform: A_P_B", lambda: velocity_transform(np.eye(3), [0, 0]), ValueError,
     "A_P_B", "3 entries", "2"),
    ("force_transform: A_R_B", lambda: force_transform(2 * np.eye(3), [0, 0, 0]), ValueError,
     "A_R_B", "rotation matrix"),
    ("force_transform: A_P_B", lambda: force_transform(np.eye(3), [0, 0]), ValueError,
     "A_P_B", "3 entries", "2"),
    ("adjoint: T", lambda: adjoint(np.eye(3)), ValueError, "T", "4x4", "3x3"),
    ("adjoint: its rotation", lambda: adjoint(np.diag([2.0, 1, 1, 1])), ValueError,
     "T[:3, :3]", "rotation matrix"),
])
