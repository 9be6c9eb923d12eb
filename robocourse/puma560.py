"""The PUMA 560's own closed-form kinematics: all (up to eight) inverse-kinematics
solutions, derived for the arm of ``models.puma560()`` (chapter 6, §6.2; Craig §4.7).

The model keeps Craig's structure but not all of his signs: its twists are
``alpha_3 = +90°, alpha_4 = −90°, alpha_5 = +90°`` and ``a3 = −0.0203 m`` (Craig:
``−90°, +90°, −90°`` and ``a3 = +0.0203 m``), so the equations below are worked out
afresh for it. Abbreviations: ``s1 = sin θ1``, ``c23 = cos(θ2 + θ3)``; ``D = d2 + d3``
is the shoulder offset (the model splits Craig's ``d3`` into ``d2 + d3``).

Forward kinematics, read off the product of the link transforms. Axes 4, 5, 6 meet
in the wrist centre ``p`` (the origin of {4}, {5} and {6}):

    px = c1 X − s1 D,   py = s1 X + c1 D,   pz = d4 c23 − a2 s2 − a3 s23,
    with X = a2 c2 + a3 c23 + d4 s23;

and the wrist orientation ``3_R_6 = 3_R_4 4_R_5 5_R_6`` is

    [[c4 c5 c6 − s4 s6,  −c4 c5 s6 − s4 c6,  c4 s5],
     [s5 c6,             −s5 s6,             −c5  ],
     [s4 c5 c6 + c4 s6,  −s4 c5 s6 + c4 c6,  s4 s5]].

Position fixes the arm (θ1, θ2, θ3: two shoulders x two elbows), orientation then
fixes the wrist (θ4, θ5, θ6: two flips), hence eight solutions for a generic pose.
"""

import itertools
import math

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as C
from robocourse.frames import inverse_transform, rotation, translation
from robocourse.kinematics import forward_kinematics

_TWISTS = (0, -1, 0, 1, -1, 1)    # alpha_{i-1} of models.puma560(), in quarter turns


@C.finite_result
def inverse_kinematics(robot, T):
    """Every joint vector ``q`` with ``forward_kinematics(robot, q) = T``, one per row.

    ``T = 0_T_tool``; ``robot`` is ``models.puma560()`` or any chain with its structure
    (its lengths ``a2, a3, D = d2 + d3, d4`` and its tool are read from it). First
    ``0_T_6 = T (6_T_tool)⁻¹`` gives the wrist centre ``p`` and ``0_R_6``; then

    1. shoulder: ``−s1 px + c1 py = D``, so
       ``θ1 = atan2(py, px) − atan2(D, ±√(px² + py² − D²))``, and ``X = ±√(px² + py² − D²)``;
    2. elbow: ``X² + pz² = a2² + a3² + d4² + 2 a2 (a3 c3 + d4 s3)`` gives the equation
       with K, ``a3 c3 + d4 s3 = K``, ``K = (px² + py² + pz² − a2² − a3² − d4² − D²)/(2 a2)``,
       so ``θ3 = atan2(K, ±√(a3² + d4² − K²)) − atan2(a3, d4)``;
    3. upper arm: the two equations of the arm rotated by θ23 read
       ``c23 X − s23 pz = a2 c3 + a3`` and ``s23 X + c23 pz = a2 s3 + d4``, so
       ``θ23 = atan2(X (a2 s3 + d4) − pz (a2 c3 + a3), X (a2 c3 + a3) + pz (a2 s3 + d4))``
       and ``θ2 = θ23 − θ3``;
    4. wrist, from ``r = 3_R_6 = 0_R_3ᵀ 0_R_6``: ``θ4 = atan2(±r33, ±r13)``;
       ``s5 = c4 r13 + s4 r33``, ``c5 = −r23``, ``θ5 = atan2(s5, c5)``;
       ``s6 = −s4 r11 + c4 r31``, ``c6 = c4 c5 r11 + s4 c5 r31 + s5 r21``, ``θ6 = atan2(s6, c6)``.
       The second sign (the wrist flip) gives ``(θ4 + π, −θ5, θ6 + π)``.

    Wrist singularity ``s5 = 0`` (``r13 = r33 = 0``; axes 4 and 6 in line): only
    ``θ4 + θ6`` (for ``θ5 = 0``) or ``θ6 − θ4`` (for ``θ5 = π``) is fixed. The solver then
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
    >>> px, py, pz = sp.symbols('px py pz')
    >>> target = sp.Matrix([[1, 0, 0, px], [0, 1, 0, py], [0, 0, 1, pz], [0, 0, 0, 1]])
    >>> inverse_kinematics(puma560(symbolic_lengths=True), target)[0, 0]
    atan2(py, px) - atan2(d2 + d3, sqrt(px**2 + py**2 - (d2 + d3)**2))
    """
    a2, a3, D, d4 = _lengths(robot)
    symbolic = robot.uses_symbols(T, dynamics=False)
    T = B.convert(C.transform(T, "T"), symbolic)
    T6 = T @ inverse_transform(B.convert(robot.tool, symbolic))
    px, py, pz = translation(T6)
    K = (px**2 + py**2 + pz**2 - a2**2 - a3**2 - d4**2 - D**2) / (2 * a2)
    rho = _root(px**2 + py**2 - D**2, symbolic)
    kappa = _root(a3**2 + d4**2 - K**2, symbolic)
    if rho is None or kappa is None:
        raise _out_of_reach(T, robot, "px² + py² < D²: inside the cylinder about axis 1 that "
                            "the shoulder offset keeps clear" if rho is None else
                            "|K| > √(a3² + d4²): beyond the stretched or folded elbow")
    candidates = []
    for shoulder, elbow in itertools.product((1, -1), repeat=2):
        X = shoulder * rho
        theta1 = B.atan2(py, px) - B.atan2(D, X)
        theta3 = B.atan2(K, elbow * kappa) - B.atan2(a3, d4)
        u, v = a2 * B.cos(theta3) + a3, a2 * B.sin(theta3) + d4
        theta2 = B.atan2(X * v - pz * u, X * u + pz * v) - theta3
        T3 = (robot.links[0].transform(theta1) @ robot.links[1].transform(theta2)
              @ robot.links[2].transform(theta3))
        R36 = rotation(T3).T @ rotation(T6)
        for flip in (1, -1):
            candidates.append([theta1, theta2, theta3, *_wrist(R36, flip, symbolic)])
    if symbolic:
        return sp.Matrix(candidates)
    solutions = []
    for q in _wrap(np.array(candidates, dtype=float)):
        reproduces = np.abs(forward_kinematics(robot, q) - T).max() <= C.ROUND_OFF
        if reproduces and not any((np.abs(_wrap(q - s)) < C.SAME_ANGLE).all()
                                  for s in solutions):
            solutions.append(q)
    if not solutions:
        raise _out_of_reach(T, robot, f"no branch reproduces T within {C.ROUND_OFF:g}")
    return np.array(solutions)


def wrist_singular(q, tol=C.ROUND_OFF):
    """True at the PUMA's wrist singularity ``s5 = sin θ5 = 0`` (axes 4 and 6 in line).

    Numbers: ``|sin θ5| < tol``. Symbols: True only when ``sin θ5`` simplifies to zero.

    >>> wrist_singular([0.3, -0.5, 0.4, 0.6, 0.0, -0.8]), wrist_singular([0, 0, 0, 0, 0.7, 0])
    (True, False)
    >>> wrist_singular(sp.Matrix([0, 0, 0, 0, sp.pi, sp.Symbol('theta6')]))
    True
    """
    q = C.vector(q, 6, "q", entries="one per joint")
    tol = C.tolerance(tol)
    s5 = B.simplify(B.sin(q[4]))
    return bool(s5 == 0) if B.is_symbolic(s5) else abs(s5) < tol


def _lengths(robot):
    """``(a2, a3, D = d2 + d3, d4)`` of a chain built like ``puma560()``; else ValueError."""
    links = C.robot(robot).links
    same_shape = (robot.n == 6 and all(link.is_revolute and link.theta == 0 for link in links)
                  and all(B.exact_angle(link.alpha) == sp.pi * sp.Rational(twist, 2)
                          for link, twist in zip(links, _TWISTS, strict=True))
                  and all(links[i].a == 0 for i in (0, 1, 4, 5))
                  and all(links[i].d == 0 for i in (0, 4, 5)))
    if not same_shape:
        raise ValueError(f"robot must be built like models.puma560() (six revolute joints, its "
                         f"twists, zero joint offsets, a0 = a1 = a4 = a5 = d1 = d5 = d6 = 0); "
                         f"got {robot!r}")
    return links[2].a, links[3].a, links[1].d + links[2].d, links[3].d


def _root(x, symbolic):
    """``√x``; for numbers None when ``x`` is negative beyond round-off (no real root)."""
    if symbolic:
        return B.sqrt(x)
    return None if x < -C.ROUND_OFF else math.sqrt(max(x, 0.0))


def _wrist(r, flip, symbolic):
    """``[θ4, θ5, θ6]`` from ``r = 3_R_6`` on the wrist branch ``flip = ±1`` (θ4 = 0 when
    the wrist is singular, numbers only)."""
    singular = not symbolic and math.hypot(r[0, 2], r[2, 2]) < C.ROUND_OFF
    theta4 = 0.0 if singular else B.atan2(flip * r[2, 2], flip * r[0, 2])
    c4, s4 = B.cos(theta4), B.sin(theta4)
    s5, c5 = c4 * r[0, 2] + s4 * r[2, 2], -r[1, 2]
    s6, c6 = -s4 * r[0, 0] + c4 * r[2, 0], c4 * c5 * r[0, 0] + s4 * c5 * r[2, 0] + s5 * r[1, 0]
    return [theta4, B.atan2(s5, c5), B.atan2(s6, c6)]


def _wrap(q):
    """Angles wrapped to (−π, π]."""
    wrapped = np.pi - np.mod(np.pi - q, 2 * np.pi)
    return np.where(wrapped <= -np.pi, wrapped + 2 * np.pi, wrapped)


def _out_of_reach(T, robot, reason):
    p = np.array(translation(T), dtype=float).round(6).tolist()
    return ValueError(f"target T (tool at {p}) is out of reach of the {robot.name}: {reason}")


__all__ = ["inverse_kinematics", "wrist_singular"]
