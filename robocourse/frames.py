"""Rotations, homogeneous transforms, the cross-product operator and the 6x6
velocity and force transforms between two frames of one rigid body.

Notation (Craig): ``A_R_B`` rotates vectors written in {B} into {A}; ``A_P_B``
is the origin of {B} written in {A}; ``A_T_B = [[A_R_B, A_P_B], [0, 1]]``.
Every function accepts numbers (returns numpy arrays) or sympy symbols
(returns ``sp.Matrix``).
"""

import numpy as np
import sympy as sp

from robocourse import _backend as B


def as_rotation(R, name="R", symbolic=None, tolerance=1e-6):
    """``R`` as a 3x3 matrix, checked to be a rotation: ``Rᵀ R = I3`` and ``det R = +1``.

    Matrices with free symbols are not checked (their entries are unknown).

    >>> as_rotation(2 * np.eye(3))
    Traceback (most recent call last):
    ...
    ValueError: R must be a rotation matrix (Rᵀ R = I3, det R = +1); got det R = 8
    """
    R = B.as_matrix(R, (3, 3), name, symbolic)
    if not (isinstance(R, sp.MatrixBase) and R.free_symbols):
        values = np.array(R, dtype=float)
        if (np.abs(values.T @ values - np.eye(3)).max() > tolerance
                or abs(np.linalg.det(values) - 1) > tolerance):
            raise ValueError(f"{name} must be a rotation matrix ({name}ᵀ {name} = I3, "
                             f"det {name} = +1); got det {name} = {np.linalg.det(values):.6g}")
    return R


def rot_x(angle):
    """Elementary rotation about X by ``angle`` (radians): ``RotX(angle)``.

    >>> theta = sp.Symbol('theta')
    >>> rot_x(theta)
    Matrix([
    [1,          0,           0],
    [0, cos(theta), -sin(theta)],
    [0, sin(theta),  cos(theta)]])
    """
    angle = B.scalar(angle, "angle")
    c, s = B.cos(angle), B.sin(angle)
    return B.matrix([[1, 0, 0], [0, c, -s], [0, s, c]], B.is_symbolic(angle))


def rot_y(angle):
    """Elementary rotation about Y by ``angle``: ``RotY(angle)``.

    >>> rot_y(np.pi / 2).round(12) @ [1, 0, 0]
    array([ 0.,  0., -1.])
    """
    angle = B.scalar(angle, "angle")
    c, s = B.cos(angle), B.sin(angle)
    return B.matrix([[c, 0, s], [0, 1, 0], [-s, 0, c]], B.is_symbolic(angle))


def rot_z(angle):
    """Elementary rotation about Z by ``angle``: ``RotZ(angle)``.

    >>> rot_z(np.pi / 2).round(12) @ [1, 0, 0]
    array([0., 1., 0.])
    """
    angle = B.scalar(angle, "angle")
    c, s = B.cos(angle), B.sin(angle)
    return B.matrix([[c, -s, 0], [s, c, 0], [0, 0, 1]], B.is_symbolic(angle))


def skew(v):
    """The cross-product operator ``[v x]``, so that ``skew(v) @ w == v x w``.

    ``[v x] = [[0, -vz, vy], [vz, 0, -vx], [-vy, vx, 0]]``.

    >>> skew([1, 2, 3]) @ [0, 0, 1]
    array([ 2., -1.,  0.])
    """
    x, y, z = B.as_vector(v, 3, "v")
    return B.matrix([[0, -z, y], [z, 0, -x], [-y, x, 0]], B.is_symbolic(x, y, z))


def vee(S):
    """The vector ``w`` of a skew-symmetric matrix ``S = [w x]``: the inverse of ``skew``.

    >>> vee(skew([1, 2, 3]))
    array([1., 2., 3.])
    """
    S = B.as_matrix(S, (3, 3), "S")
    return B.vector([S[2, 1], S[0, 2], S[1, 0]], B.is_symbolic(S))


def cross(a, b):
    """The vector product ``a x b`` (numbers or symbols), via ``[a x] b``."""
    return skew(a) @ B.as_vector(b, 3, "b", symbolic=B.is_symbolic(a, b))


def transform(R, p):
    """The homogeneous transform ``[[R, p], [0 0 0 1]]`` from a rotation and a translation.

    >>> transform(np.eye(3), [1, 2, 3])[:3, 3]
    array([1., 2., 3.])
    """
    symbolic = B.is_symbolic(R, p)
    R = as_rotation(R, "R", symbolic)
    p = B.as_vector(p, 3, "p", symbolic)
    rows = [[R[i, 0], R[i, 1], R[i, 2], p[i]] for i in range(3)] + [[0, 0, 0, 1]]
    return B.matrix(rows, symbolic)


def rotation(T):
    """The rotation part ``A_R_B`` of a homogeneous transform ``A_T_B``."""
    return B.as_matrix(T, (4, 4), "T")[:3, :3]


def translation(T):
    """The translation part ``A_P_B`` of ``A_T_B`` (a 3-vector)."""
    T = B.as_matrix(T, (4, 4), "T")
    return T[:3, 3]


def inverse_transform(T):
    """``B_T_A`` from ``A_T_B``, without a general matrix inverse:
    ``B_T_A = [[A_R_Bᵀ, -A_R_Bᵀ A_P_B], [0, 1]]``.

    >>> T = transform(rot_z(0.3), [1, 2, 3])
    >>> np.allclose(inverse_transform(T) @ T, np.eye(4))
    True
    """
    R, p = rotation(T), translation(T)
    return transform(R.T, -(R.T @ p))


def dh_transform(alpha, a, theta, d):
    """Craig's modified-DH link transform ``i-1_T_i``.

    ``i-1_T_i = RotX(alpha_{i-1}) TransX(a_{i-1}) RotZ(theta_i) TransZ(d_i)``
    ``= [[cθ, -sθ, 0, a], [sθ cα, cθ cα, -sα, -sα d], [sθ sα, cθ sα, cα, cα d], [0, 0, 0, 1]]``.
    When the result is symbolic, angles given as float multiples of 90° are used
    exactly (no 6e-17 residues).

    >>> t, l1 = sp.symbols('theta2 l1')
    >>> dh_transform(0, l1, t, 0)
    Matrix([
    [cos(theta2), -sin(theta2), 0, l1],
    [sin(theta2),  cos(theta2), 0,  0],
    [          0,            0, 1,  0],
    [          0,            0, 0,  1]])
    """
    for value, name in ((alpha, "alpha"), (a, "a"), (theta, "theta"), (d, "d")):
        B.scalar(value, name)
    symbolic = B.is_symbolic(alpha, a, theta, d)
    if symbolic:
        alpha, theta = B.exact_angle(alpha), B.exact_angle(theta)
        a, d = sp.sympify(a), sp.sympify(d)
    ca, sa = B.cos(alpha), B.sin(alpha)
    ct, st = B.cos(theta), B.sin(theta)
    rows = [[ct, -st, 0, a],
            [st * ca, ct * ca, -sa, -sa * d],
            [st * sa, ct * sa, ca, ca * d],
            [0, 0, 0, 1]]
    return B.matrix(rows, symbolic)


def velocity_transform(A_R_B, A_P_B):
    """The 6x6 matrix that carries a velocity of {A} to the velocity of {B} on the same body.

    ``[Bv; Bω] = [[B_R_A, -B_R_A [A_P_B x]], [0, B_R_A]] [Av; Aω]`` (lecture 5.1.4;
    Craig eq. 5.105): ``Bv = B_R_A (Av + Aω x A_P_B)``, ``Bω = B_R_A Aω``.

    >>> T = velocity_transform(np.eye(3), [1, 0, 0])
    >>> T @ [0, 0, 0, 0, 0, 1]          # spin about Z of {A} moves {B} along +Y
    array([0., 1., 0., 0., 0., 1.])
    """
    symbolic = B.is_symbolic(A_R_B, A_P_B)
    R = as_rotation(A_R_B, "A_R_B", symbolic)
    B_R_A = R.T
    upper_right = -(B_R_A @ skew(B.as_vector(A_P_B, 3, "A_P_B", symbolic)))
    return _blocks(B_R_A, upper_right, 0 * B_R_A, B_R_A, symbolic)


def force_transform(A_R_B, A_P_B):
    """The 6x6 matrix that carries a wrench acting at {B} to the same wrench at {A}.

    ``[AF; AN] = [[A_R_B, 0], [[A_P_B x] A_R_B, A_R_B]] [BF; BN]`` (lecture 5.1.4;
    Craig eq. 5.106): the force is rotated; the moment gains ``A_P_B x AF``.
    It is the transpose of ``velocity_transform(A_R_B, A_P_B)``, so power ``Fᵀv`` is
    the same in both frames.

    >>> W = force_transform(np.eye(3), [1, 0, 0])
    >>> W @ [0, 1, 0, 0, 0, 0]          # a +Y force at x = 1 is a +Z moment at {A}
    array([0., 1., 0., 0., 0., 1.])
    """
    symbolic = B.is_symbolic(A_R_B, A_P_B)
    R = as_rotation(A_R_B, "A_R_B", symbolic)
    lower_left = skew(B.as_vector(A_P_B, 3, "A_P_B", symbolic)) @ R
    return _blocks(R, 0 * R, lower_left, R, symbolic)


def _blocks(top_left, top_right, bottom_left, bottom_right, symbolic):
    if symbolic:
        return sp.BlockMatrix([[top_left, top_right], [bottom_left, bottom_right]]).as_explicit()
    return np.block([[top_left, top_right], [bottom_left, bottom_right]])


def roll_pitch_yaw(roll, pitch, yaw):
    """The rotation ``A_R_B`` of roll, pitch and yaw angles (radians): X–Y–Z fixed angles.

    Turn {B}, starting aligned with {A}, by ``roll`` about ``X_A``, then by ``pitch``
    about ``Y_A``, then by ``yaw`` about ``Z_A`` (all three axes fixed in {A}); the
    product is read right to left (Craig eq. 2.64, ``R_XYZ(γ, β, α)``):

        ``A_R_B = RotZ(yaw) RotY(pitch) RotX(roll)``.

    Numbers or sympy symbols.

    >>> roll_pitch_yaw(0.0, 0.0, np.pi / 2).round(12) @ [1, 0, 0]     # yaw turns X_B onto Y_A
    array([0., 1., 0.])
    >>> r, p, y = sp.symbols('r p y')
    >>> roll_pitch_yaw(r, p, y)[2, :]
    Matrix([[-sin(p), sin(r)*cos(p), cos(p)*cos(r)]])
    """
    angles = [B.scalar(value, name) for value, name in
              ((roll, "roll"), (pitch, "pitch"), (yaw, "yaw"))]
    if B.is_symbolic(angles):                   # one kind for all three factors
        angles = [sp.sympify(angle) for angle in angles]
    roll, pitch, yaw = angles
    return rot_z(yaw) @ rot_y(pitch) @ rot_x(roll)
