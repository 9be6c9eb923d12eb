"""The PUMA 560's own closed-form kinematics, in Craig's frames (``models.puma560()``;
chapter 6, §6.2; Craig 2017 §4.7): the matrix equations the joint angles are read off,
all (up to eight) inverse-kinematics solutions, and the wrist singularity.

Craig's table: ``alpha_{i-1} = 0, −90°, 0, −90°, 90°, −90°``; ``a2, a3`` along X2, X3;
``d3`` the shoulder offset, ``d4`` the forearm. Abbreviations: ``s1 = sin θ1``,
``c23 = cos(θ2 + θ3)``; the target is ``0_T_6 = [[r11, r12, r13, px], …]``.

Forward kinematics (Craig 2017, §3.7). Axes 4, 5, 6 meet in the wrist centre ``p``, the
common origin of {4}, {5} and {6}:

    px = c1 X − s1 d3,   py = s1 X + c1 d3,   pz = −a3 s23 − a2 s2 − d4 c23,
    with X = a2 c2 + a3 c23 − d4 s23;

the wrist orientation is

    3_R_6 = [[c4 c5 c6 − s4 s6,   −c4 c5 s6 − s4 c6,  −c4 s5],
             [s5 c6,              −s5 s6,               c5   ],
             [−s4 c5 c6 − c4 s6,   s4 c5 s6 − c4 c6,    s4 s5]].

Position fixes the arm (θ1, θ2, θ3: two shoulders x two elbows), orientation then the
wrist (θ4, θ5, θ6: two flips), hence eight solutions for a generic pose.
"""

import itertools
import math

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.frames import inverse_transform
from robocourse.frames import rotation_unchecked as rotation
from robocourse.frames import translation_unchecked as translation
from robocourse.kinematics import forward_kinematics
from robocourse.language import say
from robocourse.notation import tidy_unchecked as tidy
from robocourse.robot import joint_symbols_unchecked

_TWISTS = (0, -1, 0, -1, 1, -1)    # alpha_{i-1} of models.puma560(), in quarter turns


def target_symbols():
    """The target pose ``0_T_6`` with Craig's names: ``[[r11, r12, r13, px], [r21, r22, r23,
    py], [r31, r32, r33, pz], [0, 0, 0, 1]]`` (``p_x`` prints as pₓ).

    >>> target_symbols()[:, 3].T
    Matrix([[p_x, p_y, p_z, 1]])
    """
    r = sp.symbols("r1:4(1:4)")
    p = sp.symbols("p_x p_y p_z")
    return sp.Matrix([[*r[3 * i:3 * i + 3], p[i]] for i in range(3)] + [[0, 0, 0, 1]])


@check.arguments(_finite=False, robot=check.Robot(), k=check.LinkNumber(),
                 T=check.Optional(check.Transform()))
def inverse_transform_equation(robot, k, T=None):
    """Both sides of ``(0_T_k)⁻¹ T = k_T_n``, the matrix equation that isolates joints
    ``k+1 … n`` (Craig 2017 §4.7; Paul 1981): ``(left, right)``, two 4 x 4 sympy matrices.

    ``T = 0_T_n`` is the target without the tool (default ``target_symbols()``); the left
    side holds T and θ1 … θk, the right side θ(k+1) … θn (the ``joint_symbols`` of
    ``robot``). Both are tidied (``s1 c2 + c1 s2`` written ``s12``). For the PUMA, the
    (2, 4) entries of ``k = 1`` give the equation of θ1, ``−s1 px + c1 py = d3``:

    >>> from robocourse.models import puma560
    >>> left, right = inverse_transform_equation(puma560(symbolic_lengths=True), 1)
    >>> sp.Eq(left[1, 3], right[1, 3])
    Eq(-p_x*sin(theta1) + p_y*cos(theta1), d3)
    """
    target = target_symbols() if T is None else T
    q = joint_symbols_unchecked(robot)[0]
    transforms = [link.transform_unchecked(q_i) for link, q_i in zip(robot.links, q, strict=True)]
    head = sp.eye(4)
    for step in transforms[:k]:
        head = head @ step
    tail = sp.eye(4)
    for step in transforms[k:]:
        tail = tail @ step
    return tidy(inverse_transform.__wrapped__(head) @ sp.Matrix(target)), tidy(tail)


@check.arguments(robot=check.Robot(), T=check.Transform())
def inverse_kinematics(robot, T):
    """Every joint vector ``q`` with ``forward_kinematics(robot, q) = T``, one per row.

    ``T = 0_T_tool``; ``robot`` is ``models.puma560()`` or any chain with Craig's PUMA
    table (its lengths ``a2, a3, d3, d4`` and its tool are read from it). First
    ``0_T_6 = T (6_T_tool)⁻¹`` gives ``p = (px, py, pz)`` and ``0_R_6``; then, in Craig's
    steps (Craig 2017, §4.7):

    1. θ1, from entry (2, 4) of ``(0_T_1)⁻¹ 0_T_6 = 1_T_6``: ``−s1 px + c1 py = d3``, so
       ``θ1 = atan2(py, px) − atan2(d3, ±√(px² + py² − d3²))``;
    2. θ3, from the sum of the squares of entries (1, 4), (2, 4), (3, 4) of the same
       equation: ``a3 c3 − d4 s3 = K``,
       ``K = (px² + py² + pz² − a2² − a3² − d3² − d4²)/(2 a2)``, so
       ``θ3 = atan2(a3, d4) − atan2(K, ±√(a3² + d4² − K²))``;
    3. θ2, from entries (1, 4), (2, 4) of ``(0_T_3)⁻¹ 0_T_6 = 3_T_6``, two linear
       equations in ``c23, s23`` (u = c1 px + s1 py):
       ``θ23 = atan2((−a3 − a2 c3) pz − u (d4 − a2 s3), (a2 s3 − d4) pz + (a3 + a2 c3) u)``
       (both have the same positive denominator ``u² + pz²``), ``θ2 = θ23 − θ3``;
    4. the wrist, from ``r = 3_R_6 = 0_R_3ᵀ 0_R_6`` (its last column is
       ``[−c4 s5, c5, s4 s5]``): ``θ4 = atan2(±r33, ∓r13)``; ``s5 = −c4 r13 + s4 r33``,
       ``c5 = r23``; ``s6 = −s4 r11 − c4 r31``, ``c6 = −s4 r12 − c4 r32`` (entries of
       ``4_R_6 = 4_R_3 3_R_6 = 4_R_5 5_R_6``). The
       second sign (the wrist flip) gives ``(θ4 + π, −θ5, θ6 + π)``.

    Wrist singularity ``s5 = 0`` (``r13 = r33 = 0``; axes 4 and 6 in line): only
    ``θ4 + θ6`` (for ``θ5 = 0``) or ``θ4 − θ6`` (for ``θ5 = π``) is fixed. The solver then
    takes ``θ4 = 0``, folds the rest into θ6 and returns that representative of the
    family once (the flip gives the same row); ``wrist_singular`` flags such rows. The
    singularity belongs to one arm branch: the other branches point axis 4 elsewhere
    and keep their two wrist solutions (7 rows in all, typically).

    Numbers: the result is a float array (k, 6), k <= 8, angles wrapped to (−π, π],
    each row checked to reproduce T within round-off (1e-9) and repeated rows (at the
    workspace boundary, where a root above is zero) kept once. A target out of reach
    raises ValueError. Symbols (a symbolic T or ``puma560(symbolic_lengths=True)``): the
    eight branches as an 8 x 6 ``sp.Matrix`` of expressions, in the same order, unchecked.

    >>> from robocourse.models import puma560
    >>> robot = puma560()
    >>> q = [0.3, -0.5, 0.4, 0.6, 0.7, -0.8]
    >>> solutions = inverse_kinematics(robot, forward_kinematics(robot, q))
    >>> solutions.shape
    (8, 6)
    >>> bool(np.isclose(solutions, q).all(axis=1).any())
    True
    >>> branches = inverse_kinematics(puma560(symbolic_lengths=True), target_symbols())
    >>> branches[0, 0]
    -atan2(d3, sqrt(-d3**2 + p_x**2 + p_y**2)) + atan2(p_y, p_x)
    """
    a2, a3, d3, d4 = _lengths(robot)
    scalars = B.exact_if(robot.uses_symbols(T, dynamics=False))
    T = scalars.convert(T)
    T6 = T @ inverse_transform.__wrapped__(scalars.convert(robot.tool))
    px, py, pz = translation(T6)
    K = (px**2 + py**2 + pz**2 - a2**2 - a3**2 - d3**2 - d4**2) / (2 * a2)
    rho = _root(px**2 + py**2 - d3**2, scalars)
    kappa = _root(a3**2 + d4**2 - K**2, scalars)
    if rho is None or kappa is None:
        raise _out_of_reach(T, robot, say("px² + py² < d3²: inside the cylinder about axis 1 "
                                          "that the shoulder offset keeps clear", "errors")
                            if rho is None else
                            say("|K| > √(a3² + d4²): beyond the stretched or folded elbow",
                                "errors"))
    candidates = []
    for shoulder, elbow in itertools.product((1, -1), repeat=2):
        theta1 = B.atan2(py, px) - B.atan2(d3, shoulder * rho)
        theta3 = B.atan2(a3, d4) - B.atan2(K, elbow * kappa)
        u = B.cos(theta1) * px + B.sin(theta1) * py
        c3, s3 = B.cos(theta3), B.sin(theta3)
        theta23 = B.atan2((-a3 - a2 * c3) * pz - u * (d4 - a2 * s3),
                          (a2 * s3 - d4) * pz + (a3 + a2 * c3) * u)
        theta2 = theta23 - theta3
        first, second, third = robot.links[:3]
        T3 = (first.transform_unchecked(theta1) @ second.transform_unchecked(theta2)
              @ third.transform_unchecked(theta3))
        R36 = rotation(T3).T @ rotation(T6)
        for flip in (1, -1):
            candidates.append([theta1, theta2, theta3, *_wrist(R36, flip, scalars)])
    if scalars.exact:
        return sp.Matrix(candidates)
    solutions = []
    for q in _wrap(np.array(candidates, dtype=float)):
        reproduces = np.abs(forward_kinematics.__wrapped__(robot, q) - T).max() <= check.ROUND_OFF
        if reproduces and not any((np.abs(_wrap(q - s)) < check.SAME_ANGLE).all()
                                  for s in solutions):
            solutions.append(q)
    if not solutions:
        raise _out_of_reach(T, robot, say("no branch reproduces T within {tolerance}",
                                          "errors", tolerance=format(check.ROUND_OFF, "g")))
    return np.array(solutions)


@check.arguments(_finite=False, q=check.Vector(6, check.ONE_PER_JOINT), tol=check.Tolerance())
def wrist_singular(q, tol=check.ROUND_OFF):
    """True at the PUMA's wrist singularity ``s5 = sin θ5 = 0`` (axes 4 and 6 in line).

    Numbers: ``|sin θ5| < tol``. Symbols: True only when ``sin θ5`` simplifies to zero.

    >>> wrist_singular([0.3, -0.5, 0.4, 0.6, 0.0, -0.8]), wrist_singular([0, 0, 0, 0, 0.7, 0])
    (True, False)
    >>> wrist_singular(sp.Matrix([0, 0, 0, 0, sp.pi, sp.Symbol('theta6')]))
    True
    """
    s5 = B.simplify(B.sin(q[4]))
    return bool(s5 == 0) if B.is_symbolic(s5) else abs(s5) < tol


def _lengths(robot):
    """``(a2, a3, d3, d4)`` of a chain with Craig's PUMA table; else ValueError."""
    links = robot.links
    same_shape = (robot.n == 6 and all(link.is_revolute and link.theta == 0 for link in links)
                  and all(B.exact_angle(link.alpha) == sp.pi * sp.Rational(twist, 2)
                          for link, twist in zip(links, _TWISTS, strict=True))
                  and all(links[i].a == 0 for i in (0, 1, 4, 5))
                  and all(links[i].d == 0 for i in (0, 1, 4, 5)))
    if not same_shape:
        raise ValueError(say("robot must be built like models.puma560() (six revolute joints, "
                             "Craig's twists 0, -90°, 0, -90°, 90°, -90°, zero joint offsets, "
                             "a0 = a1 = a4 = a5 = d1 = d2 = d5 = d6 = 0); got {robot}",
                             "errors", robot=repr(robot)))
    return links[2].a, links[3].a, links[2].d, links[3].d


def _root(x, scalars):
    """``√x``; for numbers None when ``x`` is negative beyond round-off (no real root)."""
    if scalars.exact:
        return B.sqrt(x)
    return None if x < -check.ROUND_OFF else math.sqrt(max(x, 0.0))


def _wrist(r, flip, scalars):
    """``[θ4, θ5, θ6]`` from ``r = 3_R_6`` on the wrist branch ``flip = ±1`` (θ4 = 0 when
    the wrist is singular, numbers only)."""
    singular = not scalars.exact and math.hypot(r[0, 2], r[2, 2]) < check.ROUND_OFF
    theta4 = 0.0 if singular else B.atan2(flip * r[2, 2], -flip * r[0, 2])
    c4, s4 = B.cos(theta4), B.sin(theta4)
    s5, c5 = -c4 * r[0, 2] + s4 * r[2, 2], r[1, 2]
    s6, c6 = -s4 * r[0, 0] - c4 * r[2, 0], -s4 * r[0, 1] - c4 * r[2, 1]
    return [theta4, B.atan2(s5, c5), B.atan2(s6, c6)]


def _wrap(q):
    """Angles wrapped to (−π, π]."""
    wrapped = np.pi - np.mod(np.pi - q, 2 * np.pi)
    return np.where(wrapped <= -np.pi, wrapped + 2 * np.pi, wrapped)


def _out_of_reach(T, robot, reason):
    p = np.array(translation(T), dtype=float).round(6).tolist()
    return ValueError(say("target T (tool at {p}) is out of reach of the {robot}: {reason}",
                          "errors", p=p, robot=robot.name, reason=reason))


__all__ = ["inverse_kinematics", "inverse_transform_equation", "target_symbols",
           "wrist_singular"]
