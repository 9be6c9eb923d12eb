"""Rotations, homogeneous transforms, the cross-product operator and the 6x6
velocity and force transforms between two frames of one rigid body.

The 4x4 ``A_T_B`` acts on POINTS: it turns the coordinates of a point written in {B}
into {A}. The 6x6 transforms, built from the same ``A_R_B`` and ``A_P_B``, act on
VELOCITIES ``[v; ω]`` and on LOADS ``[f; n]`` of a rigid body; they are the adjoint
transforms of ``A_T_B`` (``adjoint``): ``adjoint(A_T_B)`` carries a velocity from {B}
into {A}, its inverse ``velocity_transform(A_R_B, A_P_B)`` from {A} into {B}, and
``force_transform(A_R_B, A_P_B) = adjoint(A_T_B)⁻ᵀ`` a load from {B} into {A}.

Notation (Craig): ``A_R_B`` rotates vectors written in {B} into {A}; ``A_P_B``
is the origin of {B} written in {A}; ``A_T_B = [[A_R_B, A_P_B], [0, 1]]``.
Every function accepts numbers (returns numpy arrays) or sympy symbols
(returns ``sp.Matrix``).

Checked shells and kernels: each public function declares what its arguments must be,
once, above it (``@check.arguments(a=check.Vector(3), b=check.Vector(3))``): the checks
run before the body, name the argument the user passed, decide numbers or symbols for the
call, and leave the body to the equation. ``cross``, ``skew``, ``transform``, ``rotation``
and ``translation`` call their kernels, ``cross_unchecked`` and so on, which compute only.
The library calls the kernels on its own checked arrays (``from robocourse.frames import
cross_unchecked as cross``), so a message never names an argument of ``cross`` that the
user never wrote.
"""

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.language import say

#: The warning for angles that look like degrees (``_checks._radians``): every angle of a
#: call a whole number, one of them more than a turn. Filter it for angles of many turns.
DegreesWarning = check.DegreesWarning
_ROTATION = check.Rotation()


@check.arguments(_finite=False, name=check.Text())
def as_rotation(R, name="R"):
    """``R`` as a 3x3 matrix of its own kind (a float array, or an ``sp.Matrix`` when it
    holds sympy entries), checked to be a rotation: ``Rᵀ R = I3`` and ``det R = +1`` (each
    to 1e-6, enough for a matrix typed to seven decimals). ``name``: what the error calls it.

    Matrices with free symbols are not checked (their entries are unknown).

    >>> as_rotation(2 * np.eye(3))
    Traceback (most recent call last):
    ...
    ValueError: R must be a rotation matrix (Rᵀ R = I3, det R = +1); got det R = 8 and ...
    >>> as_rotation([[1, 0.5, 0], [0, 1, 0], [0, 0, 1]])          # a shear: det = 1
    Traceback (most recent call last):
    ...
    ValueError: R must be a rotation matrix ...; got det R = 1 and Rᵀ R − I3 up to 0.5
    """
    return _ROTATION.of(R, name)


@check.arguments(angle=check.Angle())
def rot_x(angle):
    """Elementary rotation about X by ``angle`` (radians): ``RotX(angle)``.

    >>> theta = sp.Symbol('theta')
    >>> rot_x(theta)
    Matrix([
    [1,          0,           0],
    [0, cos(theta), -sin(theta)],
    [0, sin(theta),  cos(theta)]])
    """
    c, s = B.cos(angle), B.sin(angle)
    return B.scalars_of(angle).matrix([[1, 0, 0], [0, c, -s], [0, s, c]])


@check.arguments(angle=check.Angle())
def rot_y(angle):
    """Elementary rotation about Y by ``angle``: ``RotY(angle)``.

    >>> rot_y(np.pi / 2).round(12) @ [1, 0, 0]
    array([ 0.,  0., -1.])
    """
    c, s = B.cos(angle), B.sin(angle)
    return B.scalars_of(angle).matrix([[c, 0, s], [0, 1, 0], [-s, 0, c]])


@check.arguments(angle=check.Angle())
def rot_z(angle):
    """Elementary rotation about Z by ``angle``: ``RotZ(angle)``.

    >>> rot_z(np.pi / 2).round(12) @ [1, 0, 0]
    array([0., 1., 0.])
    """
    c, s = B.cos(angle), B.sin(angle)
    return B.scalars_of(angle).matrix([[c, -s, 0], [s, c, 0], [0, 0, 1]])


@check.arguments(v=check.Vector(3))
def skew(v):
    """The cross-product operator ``[v x]``, so that ``skew(v) @ w == v x w``.

    ``[v x] = [[0, -vz, vy], [vz, 0, -vx], [-vy, vx, 0]]``.

    >>> skew([1, 2, 3]) @ [0, 0, 1]
    array([ 2., -1.,  0.])
    """
    return skew_unchecked(v)


def skew_unchecked(v):
    """``[v x]`` of a 3-vector already checked (a 1-D array or a sympy column): the kernel
    of ``skew``, for library code, which calls kernels on its own checked arrays; a user
    calls ``skew``, whose messages name the argument the user passed."""
    x, y, z = v
    return B.scalars_of(v).matrix([[0, -z, y], [z, 0, -x], [-y, x, 0]])


@check.arguments(S=check.Matrix(3, 3))
def vee(S):
    """The vector ``w`` of a skew-symmetric matrix ``S = [w x]``: the inverse of ``skew``.

    >>> vee(skew([1, 2, 3]))
    array([1., 2., 3.])
    >>> vee(np.eye(3))
    Traceback (most recent call last):
    ...
    ValueError: S must be skew-symmetric (Sᵀ = −S, the matrix [w ×] of a vector w); got ...
    """
    departure = max(map(abs, _known_entries(S + S.T)), default=0.0)    # zero for [w ×]
    if departure > check.ROUND_OFF * max([1.0, *map(abs, _known_entries(S))]):
        raise ValueError(say("S must be skew-symmetric (Sᵀ = −S, the matrix [w ×] of a vector "
                             "w); got S + Sᵀ with an entry {departure}", "errors",
                             departure=format(departure, ".3g")))
    return B.scalars_of(S).vector([S[2, 1], S[0, 2], S[1, 0]])


def _known_entries(M):
    """The entries of ``M`` that are numbers, as floats (those with symbols are unknown)."""
    return [float(e) for e in np.ravel(M).tolist() if not isinstance(e, sp.Basic) or e.is_number]


@check.arguments(a=check.Vector(3), b=check.Vector(3))
def cross(a, b):
    """The vector product ``a x b`` (numbers or symbols), via ``[a x] b``.

    >>> cross([1, 0, 0], [0, 1, 0])
    array([0., 0., 1.])
    """
    return cross_unchecked(a, b)


def cross_unchecked(a, b):
    """``a x b`` of two 3-vectors already checked and of one kind: the kernel of ``cross``
    (see ``skew_unchecked``)."""
    return skew_unchecked(a) @ b


@check.arguments(R=check.Rotation(), p=check.Vector(3))
def transform(R, p):
    """The homogeneous transform ``[[R, p], [0 0 0 1]]`` from a rotation and a translation.

    >>> transform(np.eye(3), [1, 2, 3])[:3, 3]
    array([1., 2., 3.])
    """
    rows = [[R[i, 0], R[i, 1], R[i, 2], p[i]] for i in range(3)] + [[0, 0, 0, 1]]
    return B.scalars_of(R).matrix(rows)


#: ``transform`` without its checks (the body under the declared rules, one function): the
#: kernel that ``inverse_transform`` calls on a checked rotation and translation.
transform_unchecked = transform.__wrapped__


@check.arguments(T=check.Matrix(4, 4))
def rotation(T):
    """The rotation part ``A_R_B`` of a homogeneous transform ``A_T_B``."""
    return rotation_unchecked(T)


@check.arguments(T=check.Matrix(4, 4))
def translation(T):
    """The translation part ``A_P_B`` of ``A_T_B`` (a 3-vector)."""
    return translation_unchecked(T)


def rotation_unchecked(T):
    """``A_R_B`` of a 4x4 ``A_T_B`` already checked (a float array or an ``sp.Matrix``):
    the kernel of ``rotation`` (see ``skew_unchecked``)."""
    return T[:3, :3]


def translation_unchecked(T):
    """``A_P_B`` of a 4x4 ``A_T_B`` already checked: the kernel of ``translation``."""
    return T[:3, 3]


@check.arguments(T=check.Transform())
def inverse_transform(T):
    """``B_T_A`` from ``A_T_B``, without a general matrix inverse:
    ``B_T_A = [[A_R_Bᵀ, -A_R_Bᵀ A_P_B], [0, 1]]``.

    >>> T = transform(rot_z(0.3), [1, 2, 3])
    >>> np.allclose(inverse_transform(T) @ T, np.eye(4))
    True
    """
    R, p = rotation_unchecked(T), translation_unchecked(T)
    return transform_unchecked(R.T, -(R.T @ p))


@check.arguments(alpha=check.Angle(), a=check.Number(), theta=check.Angle(), d=check.Number())
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
    scalars = B.scalars_of(alpha, a, theta, d)
    if scalars.exact:
        alpha, theta = B.exact_angle(alpha), B.exact_angle(theta)
        a, d = sp.sympify(a), sp.sympify(d)
    ca, sa = B.cos(alpha), B.sin(alpha)
    ct, st = B.cos(theta), B.sin(theta)
    rows = [[ct, -st, 0, a],
            [st * ca, ct * ca, -sa, -sa * d],
            [st * sa, ct * sa, ca, ca * d],
            [0, 0, 0, 1]]
    return scalars.matrix(rows)


#: ``dh_transform`` without its checks (the same function, not a copy: switched off
#: together in an exercise that forbids it): the kernel that ``Link.transform`` calls with
#: a link's parameters, checked when the link was made.
dh_transform_unchecked = dh_transform.__wrapped__


@check.arguments(A_R_B=check.Rotation(), A_P_B=check.Vector(3))
def velocity_transform(A_R_B, A_P_B):
    """The 6x6 matrix that carries a velocity of {A} to the velocity of {B} on the same body.

    ``[Bv; Bω] = [[B_R_A, -B_R_A [A_P_B x]], [0, B_R_A]] [Av; Aω]`` (chapter 1, §1.5;
    Craig eq. 5.105): ``Bv = B_R_A (Av + Aω x A_P_B)``, ``Bω = B_R_A Aω``.

    >>> T = velocity_transform(np.eye(3), [1, 0, 0])
    >>> T @ [0, 0, 0, 0, 0, 1]          # spin about Z of {A} moves {B} along +Y
    array([0., 1., 0., 0., 0., 1.])
    """
    return velocity_transform_unchecked(A_R_B, A_P_B, B.scalars_of(A_R_B))


def velocity_transform_unchecked(A_R_B, A_P_B, scalars):
    """``velocity_transform`` of a rotation and a 3-vector already checked, of the kind
    ``scalars``: the kernel (``spatial`` builds the link transforms ``i_X_i-1`` with it)."""
    B_R_A = A_R_B.T
    upper_right = -(B_R_A @ skew_unchecked(A_P_B))
    return _blocks(B_R_A, upper_right, 0 * B_R_A, B_R_A, scalars)


@check.arguments(A_R_B=check.Rotation(), A_P_B=check.Vector(3))
def force_transform(A_R_B, A_P_B):
    """The 6x6 matrix that carries a wrench acting at {B} to the same wrench at {A}.

    ``[AF; AN] = [[A_R_B, 0], [[A_P_B x] A_R_B, A_R_B]] [BF; BN]`` (chapter 1, §1.6;
    Craig eq. 5.106): the force is rotated; the moment gains ``A_P_B x AF``.
    It is the transpose of ``velocity_transform(A_R_B, A_P_B)``, so power ``Fᵀv`` is
    the same in both frames.

    >>> W = force_transform(np.eye(3), [1, 0, 0])
    >>> W @ [0, 1, 0, 0, 0, 0]          # a +Y force at x = 1 is a +Z moment at {A}
    array([0., 1., 0., 0., 0., 1.])
    """
    lower_left = skew_unchecked(A_P_B) @ A_R_B
    return _blocks(A_R_B, 0 * A_R_B, lower_left, A_R_B, B.scalars_of(A_R_B))


@check.arguments(T=check.Transform())
def adjoint(T):
    """The 6x6 adjoint transform of ``A_T_B``: it carries a velocity of {B} to {A}.

    ``[Av; Aω] = [[A_R_B, [A_P_B x] A_R_B], [0, A_R_B]] [Bv; Bω]`` for two frames on one
    rigid body (rows ``[v; ω]`` as in Craig; Lynch and Park's ``[Ad_T]`` has the rows
    ``[ω; v]``). It is ``velocity_transform`` of ``B_T_A = A_T_B⁻¹`` (Craig's
    ``A_B T_v``), and it does to a velocity what ``A_T_B`` does to the velocity's 4x4
    form by conjugation, ``[V]_A = A_T_B [V]_B B_T_A`` with ``[V] = [[[ω x], v], [0, 0]]``.
    So ``adjoint(T1 @ T2) = adjoint(T1) @ adjoint(T2)``, ``adjoint(T⁻¹) = adjoint(T)⁻¹``,
    and a load goes the same way with ``adjoint(T)⁻ᵀ = force_transform(A_R_B, A_P_B)``
    (the power ``Fᵀv`` is the same in both frames).

    >>> adjoint(transform(np.eye(3), [1, 0, 0])) @ [0, 0, 0, 0, 0, 1]   # {B} at x = 1 spins
    array([ 0., -1.,  0.,  0.,  0.,  1.])
    """
    R, p = rotation_unchecked(T), translation_unchecked(T)
    return velocity_transform_unchecked(R.T, -(R.T @ p), B.scalars_of(T))


def _blocks(top_left, top_right, bottom_left, bottom_right, scalars):
    if scalars.exact:
        return sp.BlockMatrix([[top_left, top_right], [bottom_left, bottom_right]]).as_explicit()
    return np.block([[top_left, top_right], [bottom_left, bottom_right]])


@check.arguments(roll=check.Angle(), pitch=check.Angle(), yaw=check.Angle())
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
    if B.is_symbolic(roll, pitch, yaw):          # one kind for all three factors
        roll, pitch, yaw = sp.sympify(roll), sp.sympify(pitch), sp.sympify(yaw)
    return rot_z.__wrapped__(yaw) @ rot_y.__wrapped__(pitch) @ rot_x.__wrapped__(roll)
