"""Rotations, transforms, the cross-product operator, modified-DH transforms and the 6x6
velocity / force transforms (SYLLABUS 1.5, 1.6), on numbers, symbols and random frames."""

import math

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from strategies import joint_vectors, rotations

from robocourse.frames import (
    adjoint,
    cross,
    dh_transform,
    force_transform,
    inverse_transform,
    rot_x,
    rot_y,
    rot_z,
    rotation,
    skew,
    transform,
    translation,
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
