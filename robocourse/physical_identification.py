"""Physically consistent identification: least squares constrained to rigid bodies (chapter 7).

Least squares (``identification.least_squares``) fits the base parameters ``π_b`` to the
measured torques and knows nothing of physics: with noisy data it can return a model no
real arm has — a negative inertia, a friction that feeds energy in. Physics is a
constraint on the **standard** parameters π (10 per link, then ``FV_j, FC_j`` per joint):

* link j is a rigid body exactly when its 4 x 4 **pseudo-inertia**
  ``P_j = ∫ [r; 1][r; 1]ᵀ dm = [[½ tr(J_j) I3 − J_j, MS_j], [MS_jᵀ, M_j]]``
  (``identification.pseudo_inertia``) is positive semi-definite with a positive mass.
  ``P_j`` is **linear** in the ten parameters, ``P_j(π_j) = Σ_k π_jk P(e_k)``, so
  ``P_j ⪰ 0`` is a linear matrix inequality (LMI);
* friction takes power out of the arm: ``FV_j >= 0`` and ``FC_j >= 0``.

The estimate here is the standard vector π that solves the semidefinite program

    minimise    (K π − π̂_b)ᵀ C⁻¹ (K π − π̂_b)  +  λ |π − π_prior|²
    subject to  P_j(π_j) ⪰ ε I4  for every link,   FV_j, FC_j >= 0,

with ``π̂_b`` the least-squares estimate and ``C = σ² (Wᵀ W)⁻¹`` its covariance. The
first term is the least-squares fit itself, in units of the noise:
``|y − W K π|² = |y − W π̂_b|² + (K π − π̂_b)ᵀ Wᵀ W (K π − π̂_b)`` (the residual of π̂_b is
orthogonal to the columns of W), so it counts how many standard deviations the
constraint moves the fit. The torques see only ``K π``; the second term, a small pull
towards a prior (the CAD or nominal values), picks the parameters they cannot see and
makes the solution unique. ``ε`` keeps the links strictly inside the set of rigid bodies,
so that the solver's round-off does not leave one on its edge (Sousa & Cortesão 2014;
Wensing, Kim & Slotine 2017, who pull towards the prior by a divergence of pseudo-inertias
instead of this quadratic).

Solved with cvxpy (Diamond & Boyd 2016) and the interior-point solver Clarabel
(Goulart & Chen 2024): deterministic, no random start.
"""

from dataclasses import dataclass
from typing import Any

import cvxpy as cp
import numpy as np

from robocourse import _checks as check
from robocourse.base_parameters import BaseParameters
from robocourse.identification import least_squares, pseudo_inertia
from robocourse.language import phrase, say
from robocourse.parameters import PER_LINK

__all__ = ["PhysicalEstimate", "physical_least_squares", "smallest_eigenvalues"]

#: The pseudo-inertia of each unit parameter e_k of a link: ``P(π_j) = Σ_k π_jk UNIT_P[k]``.
UNIT_P = np.array([pseudo_inertia.__wrapped__(np.eye(PER_LINK)[k]) for k in range(PER_LINK)])


@dataclass(frozen=True)
class PhysicalEstimate:
    """The physically consistent estimate: ``standard`` (π, p entries), its base parameters
    ``values = K π`` (r), ``distance``: how far they are from the least-squares estimate,
    ``sqrt((K π − π̂_b)ᵀ C⁻¹ (K π − π̂_b))`` (in standard deviations; near 0 when some
    physical standard vector has the base parameters of least squares), ``least_squares``:
    that estimate (an ``identification.Estimate``), and ``status``: what the solver said."""

    standard: Any
    values: Any
    distance: float
    least_squares: Any
    status: str


@check.arguments(pi=check.Vector(None, phrase("one per standard parameter", "errors"),
                                 numeric=True),
                 links=check.Count(1, check.MAX_COUNT))
def smallest_eigenvalues(pi, links):
    """The smallest eigenvalue of each link's pseudo-inertia ``P_j`` for the standard
    vector ``pi`` of a robot of ``links`` links (friction entries, if any, after them):
    a link is a rigid body exactly when its value is ``>= 0`` (with a mass > 0).

    >>> point = [0, 0, 0, 1.0, 0, 1.0, 1.0, 0, 0, 1.0]        # 1 kg at x = 1: on the edge
    >>> too_small = [0, 0, 0, 0.5, 0, 0.5, 1.0, 0, 0, 1.0]    # ZZ < M x²: no rigid body
    >>> smallest_eigenvalues(point + too_small, 2).round(4)
    array([ 0.    , -0.2808])
    """
    if len(pi) not in (PER_LINK * links, (PER_LINK + 2) * links):
        raise ValueError(say("pi must have {inertial} entries (10 per link) or {all} (with "
                             "friction) for {links} links; got {got}", "errors",
                             inertial=PER_LINK * links, all=(PER_LINK + 2) * links, links=links,
                             got=len(pi)))
    return np.array([np.linalg.eigvalsh(pseudo_inertia(pi[PER_LINK * j:PER_LINK * (j + 1)]))[0]
                     for j in range(links)])


#: The largest size of a number the solver is given: it works to about 1e-9, so numbers
#: beyond 1e9 would drown the others.
LARGEST = 1e9


def _within_reach(values, name):
    """ValueError unless ``values`` (a float or an array) are at most ``LARGEST`` in size."""
    largest = float(np.max(np.abs(values)))
    if largest > LARGEST:
        raise ValueError(say("{name} must be at most {largest} in size (the solver works "
                             "to about 1e-9 of it); got {got}", "errors", name=name,
                             largest=format(LARGEST, ".0e"), got=format(largest, ".3g")))


def _problem(base, K, fit, estimate, prior, prior_weight, margin):
    """The semidefinite program of the module docstring, in cvxpy, and its variable π;
    ``fit``: the matrix ``R/σ`` with ``|R x|² = |W x|²``, so that the first term is
    ``|fit (K π − π̂_b)|²``."""
    pi = cp.Variable(len(base.symbols))
    misfit = cp.sum_squares(fit @ (K @ pi - estimate.values))
    pull = prior_weight * cp.sum_squares(pi - prior)
    constraints = [sum(pi[PER_LINK * j + k] * UNIT_P[k] for k in range(PER_LINK))
                   >> margin * np.eye(4) for j in range(base.links)]
    if len(base.symbols) > PER_LINK * base.links:          # armature and friction: >= 0
        constraints.append(pi[PER_LINK * base.links:] >= 0)
    return cp.Problem(cp.Minimize(misfit + pull), constraints), pi


def _fit_matrix(W, y, estimate):
    """``R/σ``: ``R`` from ``W = Q R`` (``(K π − π̂)ᵀ Wᵀ W (K π − π̂) = |R (K π − π̂)|²``) and σ
    the noise estimated from the residual, ``σ² = |y − W π̂|² / (m − r)`` — at least the
    round-off of the torques, so that exact torques (no noise) still give a finite fit."""
    residual = y - W @ estimate.values
    sigma = np.sqrt(residual @ residual / (len(y) - W.shape[1]))
    floor = check.ROUND_OFF * np.sqrt(y @ y / len(y))
    return np.linalg.qr(W, mode="r") / max(sigma, floor, np.finfo(float).tiny)


def _solved(problem, pi):
    """The solution of ``problem``, or RuntimeError saying what the solver said."""
    try:
        problem.solve(solver=cp.CLARABEL)
    except cp.error.SolverError as error:
        raise RuntimeError(say("the semidefinite program was not solved: Clarabel failed "
                               "({error})", "errors", error=error)) from None
    if problem.status != cp.OPTIMAL or pi.value is None:
        raise RuntimeError(say("the semidefinite program was not solved: Clarabel says "
                               "{status} (numbers too far apart for it?); a smaller margin, "
                               "another prior_weight or prior, or parameters of similar sizes "
                               "may help", "errors", status=repr(problem.status)))
    return np.array(pi.value, dtype=float)


@check.arguments(base=check.Instance(BaseParameters), W=check.Array(2), y=check.Array(1),
                 joints=check.Count(1),
                 prior=check.Vector(lambda given: len(given["base"].symbols),
                                    phrase("one per standard parameter of base", "errors"),
                                    numeric=True),
                 prior_weight=check.Number(phrase("per unit² of a parameter", "errors"),
                                           at_least=">0", numeric=True),
                 margin=check.Number(phrase("the smallest eigenvalue allowed in a "
                                            "pseudo-inertia", "errors"), at_least=0,
                                     numeric=True))
def physical_least_squares(base, W, y, joints, prior, *, prior_weight=1.0, margin=1e-6):
    """The standard parameters π that fit ``W π_b = y`` best (``π_b = K π``, K of ``base``)
    among those of rigid bodies with dissipative friction.

    ``W, y, joints``: as ``identification.least_squares`` (ordinary), which gives π̂_b and
    its covariance C (with exact torques, σ = 0, the fit is counted in units of their
    round-off); ``prior``: a standard vector (p entries, as ``base.symbols``: the
    CAD or nominal values) for what the torques cannot see; ``prior_weight`` λ > 0 (per
    unit² of a parameter: kg, kg·m, kg·m², N·m·s/rad, N·m; in the units of the fit, a
    squared standard deviation) and ``margin`` ε >= 0 (the smallest eigenvalue allowed
    in a pseudo-inertia): the semidefinite program of the module docstring, solved by
    Clarabel. RuntimeError, with the solver's words, when it is not solved. Returns a
    ``PhysicalEstimate``.

    A pendulum (1 kg at 0.5 m) whose noisy torques fit a negative viscous friction: the
    constrained fit keeps the friction at zero and changes what correlates with it.

    >>> from robocourse.base_parameters import base_parameters_by_qr
    >>> from robocourse.models import planar_arm
    >>> from robocourse.parameters import regressor, standard_parameters
    >>> pendulum = planar_arm([1.0], [1.0], [0.5], [0.0], 9.81)
    >>> base = base_parameters_by_qr(pendulum, friction=True)
    >>> t = np.linspace(0, 6, 40)
    >>> W = np.vstack([regressor(pendulum, [np.sin(s)], [np.cos(s)], [-np.sin(s)],
    ...                          friction=True)[:, list(base.kept)] for s in t])
    >>> prior = standard_parameters(pendulum, friction=([0.0], [0.0]))
    >>> noise = 0.01 * np.random.default_rng(0).standard_normal(40)
    >>> y = W @ base.values(prior) - 0.05 * np.cos(t) + noise      # as if FV1 = −0.05
    >>> fit = physical_least_squares(base, W, y, 1, prior)
    >>> dict(zip(base.names, fit.least_squares.values.round(3).tolist()))
    {'ZZ1': 0.26, 'MX1': 0.5, 'MY1': -0.001, 'FV1': -0.052, 'FC1': 0.003}
    >>> dict(zip(base.names, fit.values.round(3).tolist())), fit.status
    ({'ZZ1': 0.239, 'MX1': 0.5, 'MY1': 0.001, 'FV1': 0.0, 'FC1': 0.0}, 'optimal')
    """
    K = base.numeric_K()
    for value, name in ((prior, "prior"), (prior_weight, "prior_weight"), (margin, "margin")):
        _within_reach(value, name)
    if W.shape[1] != base.count:
        raise ValueError(say("W must have one column per base parameter of base ({count}: "
                             "{names}); got {got}", "errors", count=base.count,
                             names=", ".join(base.names), got=W.shape[1]))
    estimate = least_squares(W, y, joints)
    fit = _fit_matrix(W, y, estimate)
    problem, pi = _problem(base, K, fit, estimate, prior, float(prior_weight), float(margin))
    standard = _solved(problem, pi)
    values = K @ standard
    distance = float(np.linalg.norm(fit @ (values - estimate.values)))
    return PhysicalEstimate(standard, values, distance, estimate, str(problem.status))
