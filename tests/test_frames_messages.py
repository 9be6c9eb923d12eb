"""Chapter 1's frames, word for word: the errors with the whole sentence a student reads,
the tolerance of ``vee`` on both sides, and the switch to exact results when any one
argument is a symbol."""

import math

import numpy as np
import pytest
import sympy as sp

from robocourse import frames as F
from tests.bad_input import raised

SKEW = ("S must be skew-symmetric (Sᵀ = −S, the matrix [w ×] of a vector w); got S + Sᵀ with an "
        "entry ")
x = sp.Symbol("x")


def nearly_skew(departure, scale=1.0):
    """``scale [w ×]`` for w = (1, 2, 3), with ``S[1, 0]`` off by ``departure``."""
    S = scale * F.skew([1.0, 2.0, 3.0])
    S[1, 0] += departure
    return S


MESSAGES = [
    (lambda: F.as_rotation(2 * np.eye(3)), ValueError,
     "R must be a rotation matrix (Rᵀ R = I3, det R = +1); got det R = 8 and Rᵀ R − I3 up to 3"),
    (lambda: F.as_rotation(np.eye(2)), ValueError, "R must be a 3x3 matrix; got 2x2"),
    (lambda: F.as_rotation(2 * np.eye(3), name="A_R_B"), ValueError,
     "A_R_B must be a rotation matrix (A_R_Bᵀ A_R_B = I3, det A_R_B = +1); got det A_R_B = 8 "
     "and A_R_Bᵀ A_R_B − I3 up to 3"),
    (lambda: F.vee(np.eye(3)), ValueError, SKEW + "2"),
    (lambda: F.vee(np.array([[0, 1, 0], [1, 0, 0], [0, 0, 0.0]])), ValueError, SKEW + "2"),
    (lambda: F.vee(nearly_skew(4e-9)), ValueError, SKEW + "4e-09"),
    (lambda: F.vee(nearly_skew(1.23456e-3, scale=1e3)), ValueError, SKEW + "0.00123"),
    (lambda: F.vee(nearly_skew(-1e-7)), ValueError, SKEW + "1e-07"),
    (lambda: F.vee(sp.Matrix([[0, x, 0], [-x, 0, 1], [0, 0, 0]])), ValueError, SKEW + "1"),
]


@pytest.mark.parametrize(("call", "error", "message"), MESSAGES)
def test_every_error_of_frames_reads_as_written(call, error, message):
    assert str(raised(call, error)) == message


def test_as_rotation_keeps_a_rotation_of_its_own_kind():
    R = F.rot_z(0.3)
    assert np.array_equal(F.as_rotation(R), R)
    assert F.as_rotation(R.tolist()).dtype == float
    exact = F.as_rotation(sp.Matrix(F.rot_z(sp.pi / 2)))
    assert isinstance(exact, sp.MatrixBase)
    theta = sp.Symbol("theta")
    assert F.as_rotation(F.rot_x(theta)) == F.rot_x(theta)          # not checked: symbols


def test_vee_allows_round_off_relative_to_the_largest_entry():
    """Within 1e-9 of the largest entry (here 3 x scale), or of 1 for a small matrix, S
    counts as skew."""
    assert np.allclose(F.vee(nearly_skew(2.5e-9)), [1.0, 2.0, 3.0])
    assert np.allclose(F.vee(nearly_skew(2.5e-6, scale=1e3)), [1e3, 2e3, 3e3])
    assert np.allclose(F.vee(nearly_skew(0.5e-9, scale=1e-3)), [1e-3, 2e-3, 3e-3])
    at_the_tolerance = np.zeros((3, 3))
    at_the_tolerance[1, 0] = 1e-9                          # S + Sᵀ = 1e-9 exactly: allowed
    assert np.array_equal(F.vee(at_the_tolerance), [0, 0, 1e-9])
    for departure, scale in ((3.5e-9, 1.0), (3.5e-6, 1e3), (1.5e-9, 1e-3)):
        with pytest.raises(ValueError):
            F.vee(nearly_skew(departure, scale))


def test_vee_of_symbols_and_of_exact_numbers():
    w = sp.symbols("w1:4")
    assert list(F.vee(F.skew(list(w)))) == list(w)
    S = sp.Matrix(3, 3, sp.symbols("s0:9"))            # no entry of S + Sᵀ is known
    assert list(F.vee(S)) == [S[2, 1], S[0, 2], S[1, 0]]
    exact = F.vee(sp.Matrix([[0, -3, 2], [3, 0, -1], [-2, 1, 0]]))
    assert isinstance(exact, sp.MatrixBase) and list(exact) == [1, 2, 3]
    assert np.array_equal(F.vee(np.array([[0, -3, 2], [3, 0, -1], [-2, 1, 0.0]])), [1, 2, 3])


def test_the_cross_product_of_numbers_and_of_symbols():
    assert np.array_equal(F.cross([1, 2, 3], [4, 5, 7]), np.cross([1, 2, 3], [4, 5, 7]))
    a, b = sp.symbols("a b")
    assert list(F.cross([a, 0, 0], [0, b, 0])) == [0, 0, a * b]


# -------------------------------------------------------------------- the DH transform

def test_the_dh_transform_is_the_product_of_its_four_screws():
    alpha, a, theta, d = 0.4, 0.7, -1.1, 0.3
    rot_x = F.transform(F.rot_x(alpha), [0, 0, 0])
    trans_x = F.transform(np.eye(3), [a, 0, 0])
    rot_z = F.transform(F.rot_z(theta), [0, 0, 0])
    trans_z = F.transform(np.eye(3), [0, 0, d])
    assert np.allclose(F.dh_transform(alpha, a, theta, d), rot_x @ trans_x @ rot_z @ trans_z)


@pytest.mark.parametrize("symbolic", ["alpha", "a", "theta", "d"])
def test_one_symbolic_dh_parameter_makes_the_whole_transform_exact(symbolic):
    values = dict(alpha=math.pi / 2, a=0.5, theta=0.0, d=0.25)
    s = sp.Symbol(symbolic)
    values[symbolic] = s
    T = F.dh_transform(**values)
    assert isinstance(T, sp.MatrixBase)
    numbers = dict(alpha=math.pi / 2, a=0.5, theta=0.0, d=0.25)
    expected = F.dh_transform(**numbers)
    assert np.allclose(np.array(T.subs(s, numbers[symbolic]), dtype=float), expected)
    if symbolic != "alpha":                         # 90° given as a float is used exactly
        assert T[1, 1] == 0 and T[2, 2] == 0 and T[1, 2] == -1


def test_angles_of_whole_quarter_turns_are_exact_in_a_symbolic_transform():
    T = F.dh_transform(-math.pi / 2, 0, math.pi, sp.Symbol("d"))
    assert T == sp.Matrix([[-1, 0, 0, 0], [0, 0, 1, sp.Symbol("d")],
                           [0, 1, 0, 0], [0, 0, 0, 1]])


@pytest.mark.parametrize("symbolic", ["roll", "pitch", "yaw"])
def test_one_symbolic_angle_makes_roll_pitch_yaw_exact(symbolic):
    values = dict(roll=0.3, pitch=-0.2, yaw=1.1)
    s = sp.Symbol(symbolic)
    exact = F.roll_pitch_yaw(**{**values, symbolic: s})
    assert isinstance(exact, sp.MatrixBase)
    assert np.allclose(np.array(exact.subs(s, values[symbolic]), dtype=float),
                       F.roll_pitch_yaw(**values))
    assert np.allclose(F.roll_pitch_yaw(**values),
                       F.rot_z(1.1) @ F.rot_y(-0.2) @ F.rot_x(0.3))


# ------------------------------------------------------------- velocity and force maps

def test_velocity_force_and_adjoint_transforms_of_a_turned_and_moved_frame():
    R, p = F.roll_pitch_yaw(0.3, -0.5, 0.8), np.array([0.4, -1.2, 0.7])
    T = F.transform(R, p)
    V = F.velocity_transform(R, p)
    v, w = np.array([0.1, 0.2, -0.3]), np.array([0.5, -0.4, 0.6])
    assert np.allclose(V @ [*v, *w], [*(R.T @ (v + np.cross(w, p))), *(R.T @ w)])
    assert np.allclose(F.force_transform(R, p), V.T)
    f, n = np.array([1.0, -2.0, 0.5]), np.array([0.3, 0.1, -0.2])
    assert np.allclose(F.force_transform(R, p) @ [*f, *n],
                       [*(R @ f), *(R @ n + np.cross(p, R @ f))])
    Ad = F.adjoint(T)
    assert np.allclose(Ad @ [*v, *w], [*(R @ v + np.cross(p, R @ w)), *(R @ w)])
    assert np.allclose(Ad, np.linalg.inv(F.velocity_transform(R, p)))
    assert np.allclose(F.inverse_transform(T), np.linalg.inv(T))


def test_the_six_by_six_maps_of_symbols_are_exact():
    t, px = sp.symbols("theta p_x")
    R = F.rot_z(t)
    for M in (F.velocity_transform(R, [px, 0, 1]), F.force_transform(R, [px, 0, 1]),
              F.adjoint(F.transform(R, [px, 0, 1]))):
        assert isinstance(M, sp.MatrixBase) and M.shape == (6, 6)
        assert M[3:, :3] == sp.zeros(3) or M[:3, 3:] == sp.zeros(3)
    assert sp.simplify(F.force_transform(R, [px, 0, 1])
                       - F.velocity_transform(R, [px, 0, 1]).T).is_zero_matrix
