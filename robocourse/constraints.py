"""Constrained dynamics: an arm held to a holonomic constraint ``φ(q) = 0`` (its tip kept on
a rail or against a wall, a closed chain), and the forces that hold it there (chapter 4,
§4.9; Murray, Li & Sastry 1994, §6.1; Lynch & Park 2017, §8.7).

``m`` constraint equations ``φ(q) = 0`` between the ``n`` joint variables have the
**constraint Jacobian** ``A(q) = ∂φ/∂q`` (m x n): along every motion that keeps them,

    φ̇ = A q̇ = 0        and        φ̈ = A q̈ + Ȧ q̇ = 0 .

The rails do no work on any motion they allow (virtual work: ``Qᵀ δq = 0`` for every
``δq`` with ``A δq = 0``), so the **generalised constraint force** lies in the row space of
``A``: ``Q = Aᵀ λ``, one **Lagrange multiplier** ``λ_k`` per constraint equation. With it
the equations of motion and the constraint are n + m linear equations in ``q̈`` and ``λ``,
the augmented (KKT) system::

    M(q) q̈ + c(q, q̇) + G(q) = τ + Aᵀ λ            [ M   −Aᵀ ] [ q̈ ]   [ τ − c − G ]
    A q̈ = −Ȧ q̇                                    [ A    0  ] [ λ  ] = [ −Ȧ q̇     ]

(``M``, ``c = C q̇``, ``G``: the manipulator form of ``lagrange``). Eliminating ``q̈``:
``(A M⁻¹ Aᵀ) λ = −Ȧ q̇ − A M⁻¹ (τ − c − G)``.

For a constraint on the tool point, ``φ = N (p(q) − p₀)`` (the tool-frame origin ``p`` on
planes with unit normals the rows of ``N``, through ``p₀``), ``A = N J_v`` and
``Ȧ q̇ = N J̇_v q̇`` (``kinematics.jacobian``, ``jacobian_derivative``), and
``Q = Aᵀ λ = J_vᵀ (Nᵀ λ)``: the Jacobian transpose of statics (chapter 1) applied to the
force ``f = Nᵀ λ`` that the surfaces exert on the tool.
"""

from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.frames import translation_unchecked as translation
from robocourse.kinematics import jacobian_derivative, jacobian_unchecked, link_frames_unchecked
from robocourse.lagrange import coriolis_matrix, gravity_load, mass_matrix
from robocourse.language import phrase, say


@dataclass(frozen=True)
class Constraint:
    """``m`` holonomic constraint equations at one state: their values ``phi`` (``φ(q)``,
    zero on the constraint), the constraint Jacobian ``A = ∂φ/∂q`` (m x n) and the
    velocity product ``A_dot_qd = Ȧ q̇`` (m entries), for ``constrained_dynamics``."""

    phi: Any
    A: Any
    A_dot_qd: Any


@dataclass(frozen=True)
class ConstrainedMotion:
    """What ``constrained_dynamics`` finds: the joint accelerations ``qdd``, the Lagrange
    multipliers ``multipliers`` (``λ``, one per constraint equation) and the generalised
    constraint forces ``forces`` (``Q = Aᵀ λ``, one per joint)."""

    qdd: Any
    multipliers: Any
    forces: Any


@check.arguments(robot=check.Robot(), q=check.Joints(), qd=check.Joints(),
                 normals=check.Matrix(None, 3, what=phrase("m x 3 matrix (one plane normal per "
                                                           "row)", "errors")),
                 through=check.Vector(3, phrase("x, y, z in {0}", "errors")))
def tool_point_constraint(robot, q, qd, normals, through=(0, 0, 0)):
    """The tool-frame origin ``p`` held on the planes ``N (p − p₀) = 0`` (``N = normals``, one
    normal per row, written in {0}; ``p₀ = through``, a point of every plane): one row keeps
    the tip on a wall (a planar arm: on a line), two on a line in space, three at a point.
    Returns the ``Constraint`` ``φ = N (p − p₀)``, ``A = N J_v`` and ``Ȧ q̇ = N J̇_v q̇``
    (``J_v``: the top three rows of the tool Jacobian in {0}). With unit normals each
    multiplier ``λ_k`` is the force, in newtons, that plane k exerts on the tool along its
    normal: ``f = Nᵀ λ``.

    The 2R arm with its tip in a vertical rail ``x = x₀``:

    >>> from robocourse.models import planar_2r
    >>> t1, t2, w1, w2, x0 = sp.symbols('theta1 theta2 thetadot1 thetadot2 x0')
    >>> rail = tool_point_constraint(planar_2r(), [t1, t2], [w1, w2], [[1, 0, 0]], [x0, 0, 0])
    >>> from robocourse.notation import tidy
    >>> tidy(rail.phi.T), tidy(rail.A)
    (Matrix([[l1*cos(theta1) + l2*cos(theta1 + theta2) - x0]]),
     Matrix([[-l1*sin(theta1) - l2*sin(theta1 + theta2), -l2*sin(theta1 + theta2)]]))
    """
    scalars = B.scalars_of(q)
    p = translation(link_frames_unchecked(robot, q, scalars)[-1])
    J_v = jacobian_unchecked(robot, q, None, scalars.zeros(3), "base", scalars)[:3, :]
    J_dot_v = jacobian_derivative.__wrapped__(robot, q, qd)[:3, :]
    return Constraint(normals @ (p - through), normals @ J_v, normals @ (J_dot_v @ qd))


@check.arguments(phi=check.Expression(finite=True), q=check.Symbols(),
                 qd=check.Symbols("q", check.ONE_PER_ENTRY_OF_Q))
def holonomic_constraint(phi, q, qd):
    """The ``Constraint`` of the equations ``phi = 0`` in the coordinates ``q`` (symbols, with
    their rates ``qd``), by differentiation: ``A = ∂φ/∂q`` and
    ``Ȧ q̇ = Σ_j (∂(A q̇)/∂q_j) q̇_j``. Any constraint written as expressions in ``q``.

    >>> th, w, l, x0 = sp.symbols('theta omega l x0')
    >>> c = holonomic_constraint(l * sp.cos(th) - x0, [th], [w])     # a pendulum in a rail
    >>> c.A, c.A_dot_qd
    (Matrix([[-l*sin(theta)]]), Matrix([[-l*omega**2*cos(theta)]]))
    """
    phi = phi.reshape(len(phi), 1) if isinstance(phi, sp.MatrixBase) else sp.Matrix([phi])
    check.distinct(q=q, qd=qd)
    A = phi.jacobian(q)
    return Constraint(phi, A, (A @ sp.Matrix(qd)).jacobian(q) @ sp.Matrix(qd))


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints(),
                 tau=check.Joints(),
                 A=check.Matrix(None, None, what=phrase("m x n constraint Jacobian", "errors")),
                 A_dot_qd=check.Vector(None),
                 gravity=check.Gravity())
def constrained_dynamics(robot, q, qd, tau, A, A_dot_qd, *, gravity=None):
    """The joint accelerations and the constraint forces of ``robot`` driven by ``tau`` while
    ``A q̈ + Ȧ q̇ = 0`` holds (``A``: the m x n constraint Jacobian, ``A_dot_qd = Ȧ q̇``, as a
    ``Constraint`` carries them): the solution of the augmented system

        M q̈ − Aᵀ λ = τ − c − G,        A q̈ = −Ȧ q̇

    (n + m equations; ``M``, ``c = C q̇``, ``G`` by ``lagrange``), returned as a
    ``ConstrainedMotion``: ``qdd``, the multipliers ``λ`` and ``Q = Aᵀ λ``. The rows of ``A``
    must be independent (rank m): dependent constraints leave ``λ`` undetermined.

    A point mass ``m = 1`` on a massless rod of length 1 (a pendulum, θ from the
    horizontal), its end held in a vertical rail (``φ = cos θ − x₀``, ``A = −sin θ``): it
    cannot move, and the rail's push holds its whole weight, ``Q = Aᵀ λ = G = m g cos θ``:

    >>> from robocourse.models import planar_arm
    >>> arm = planar_arm([1.0], [1.0], [1.0], [0.0], 9.81)
    >>> held = constrained_dynamics(arm, [0.5], [0.0], [0.0], [[-np.sin(0.5)]], [0.0])
    >>> held.qdd.round(12) + 0.0, held.forces.round(6)
    (array([0.]), array([8.609]))
    """
    n, m = robot.n, A.shape[0]
    if A.shape[1] != n or m > n:
        raise ValueError(say("A must be a m x {n} constraint Jacobian (one column per joint of "
                             "the {robot}, at most {n} rows); got {shape}", "errors", n=n,
                             robot=robot.name, shape=f"{A.shape[0]}x{A.shape[1]}"))
    if len(A_dot_qd) != m:
        raise ValueError(say("A_dot_qd must have one entry per row of A ({m}); got {got}",
                             "errors", m=m, got=len(A_dot_qd)))
    scalars = B.scalars_of(q)
    rhs = (tau - coriolis_matrix.__wrapped__(robot, q, qd) @ qd
           - gravity_load.__wrapped__(robot, q, gravity=gravity))
    # M from the guarded shell: a solve with an M that overflowed can return finite numbers
    kkt = scalars.stack(scalars.beside(mass_matrix(robot, q), -A.T),
                        scalars.beside(A, scalars.zero_matrix(m, m)))
    solution = _solve(kkt, scalars.vector([*rhs, *(-A_dot_qd)]), A, q, scalars)
    multipliers = scalars.vector(solution[n:])
    return ConstrainedMotion(scalars.vector(solution[:n]), multipliers, A.T @ multipliers)


def _solve(kkt, rhs, A, q, scalars):
    """The augmented system solved; a clear error when it has no unique solution."""
    dependent = not scalars.exact and np.linalg.matrix_rank(A) < A.shape[0]
    try:
        if not dependent:
            return scalars.solve(kkt, rhs)
    except (np.linalg.LinAlgError, sp.matrices.exceptions.NonInvertibleMatrixError):
        pass
    raise ValueError(say("the constraints have no unique multipliers at q = {q}: the rows of A "
                         "must be independent (rank m) and every moving link must have mass; at "
                         "a configuration where the constraint gradients line up (the arm "
                         "stretched out against its rail) the force is not determined", "errors",
                         q=check.plain(q)))


__all__ = ["ConstrainedMotion", "Constraint", "constrained_dynamics", "holonomic_constraint",
           "tool_point_constraint"]
