"""Identification: the base parameters of a robot from measured joint torques (chapter 7).

The model ``τ = Y_b(q, q̇, q̈) π_b`` is linear in the base parameters
(``base_parameters``), so measuring the torques along a motion gives a linear system.
At N sampled states, stacked joint by joint,

    W π_b = y,    W = [Y_b(state_1); …; Y_b(state_N)] (rows of joint 1 first, then joint 2, …),

and the **least-squares** estimate is ``π̂ = argmin |y − W π|² = (Wᵀ W)⁻¹ Wᵀ y``. With
measurement noise of standard deviation σ on every torque its covariance is
``σ² (Wᵀ W)⁻¹`` (σ estimated from the residual); a joint whose torques are noisier
should count less: **weighted least squares** divides the rows of joint j by its
noise ``σ_j``, estimated from that joint's residual (Gautier & Khalil 1992).

How well the data determine π depends on the motion, through W: the **condition
number** ``cond(W) = s_max / s_min`` (its largest over its smallest singular value)
bounds how much a relative error of the torques can grow in the estimate,
``|δπ|/|π| <= cond(W) |δy|/|y|``. A motion that hardly moves a parameter (a small
``s_min``) gives it a large variance. So the motion is chosen to **excite** every
parameter: a finite Fourier series per joint (Swevers et al. 1997),

    q_j(t) = q0_j + Σ_{l=1..H} a_jl/(l ω_f) sin(l ω_f t) − b_jl/(l ω_f) cos(l ω_f t),

periodic (period 2π/ω_f), smooth, with analytic q̇ and q̈, its amplitude bounded by
``Σ_l sqrt(a_jl² + b_jl²)/(l ω_f)`` — within the joint limits by construction — and its
coefficients optimised to make ``cond(W)`` small (``optimise_excitation``).

Finally an identified model must be **physical**: each link's parameters must be those
of a rigid body (mass > 0, a tensor about the centre of mass that passes chapter 2's
checks). ``physical_consistency`` checks it with the values of a reference model for what
the torques cannot tell; the exact question — is there SOME physical standard set with
these base parameters — is a semidefinite feasibility problem on the 4 x 4 pseudo-inertia
matrices (``pseudo_inertia``, linear in the parameters); ``physical_identification``
constrains the least-squares fit itself to physical parameters, a semidefinite program
(Sousa & Cortesão 2014; Wensing, Kim & Slotine 2017).
"""

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.optimize

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.base_parameters import BaseParameters
from robocourse.codegen import CompiledDynamics, NumericFunction
from robocourse.friction import Friction
from robocourse.inertia import Box, inertia_by_integration
from robocourse.lagrange_euler import pseudo_inertia_unchecked
from robocourse.language import phrase, say
from robocourse.parameters import (
    PER_LINK,
    centre_of_mass_parameters,
    inertia_tensor,
    regressor,
)
from robocourse.robot import Link, SerialChain, joint_symbols_unchecked

__all__ = ["FourierTrajectory", "exciting_trajectory", "optimise_excitation",
           "BaseRegressor", "measured_torques", "Estimate", "least_squares",
           "condition_number", "prediction_error", "pseudo_inertia", "physical_consistency",
           "experiment_arm", "EXPERIMENT_FRICTION"]

#: The friction of the experiment arm's joints: viscous (N·m·s/rad) and Coulomb (N·m).
EXPERIMENT_FRICTION = ((0.4, 0.25), (0.9, 0.5))


def experiment_arm():
    """The arm of chapter 7's identification experiment: the vertical 2R arm with box links.

    Link 1: 0.5 m long, a 3 kg box 0.5 x 0.12 x 0.12 m along X1 with its centre of mass
    at (0.25, 0.02, 0) m; link 2: 0.4 m, a 1.5 kg box 0.4 x 0.1 x 0.1 m, centre of mass
    at (0.2, −0.015, 0) m. Tensors from chapter 2's volume integral. Gravity along −Y0.
    Its joints have the friction ``EXPERIMENT_FRICTION``.

    >>> experiment_arm()
    SerialChain(name='experiment 2R', joints='RR')
    """
    links = []
    for a, (length, side, mass, r_c) in zip((0.0, 0.5), ((0.5, 0.12, 3.0, (0.25, 0.02, 0.0)),
                                                          (0.4, 0.1, 1.5, (0.2, -0.015, 0.0))),
                                             strict=True):
        I_c = inertia_by_integration.__wrapped__(Box(length, side, side), mass,
                                                 B.SYMBOLS.zeros(3), B.NUMBERS.identity(3))
        links.append(Link(a=a, joint="R", mass=mass, r_c=r_c, I_c=I_c))
    tool = np.eye(4)
    tool[0, 3] = 0.4
    return SerialChain(links, tool=tool, gravity=(0.0, -9.81, 0.0), name="experiment 2R")


# --- the exciting motion ---------------------------------------------------------------

#: The base frequency ω_f of a Fourier series.
_BASE_FREQUENCY = check.Number("rad/s", at_least=">0", numeric=True)


@dataclass(frozen=True)
class FourierTrajectory:
    """``q_j(t) = q0_j + Σ_l a_jl/(l ω_f) sin(l ω_f t) − b_jl/(l ω_f) cos(l ω_f t)``.

    ``a, b``: (n, H) coefficient arrays (rad/s); ``q0``: the n centres; ``base_frequency``:
    ω_f (rad/s). ``at(t)`` gives ``(q, q̇, q̈)`` at the times ``t``, each (len(t), n).

    >>> motion = FourierTrajectory(np.array([[1.0]]), np.array([[0.0]]), np.array([0.5]), 2.0)
    >>> [x.round(6).tolist() for x in motion.at([0.0])]     # q = 0.5 + sin(2t)/2
    [[[0.5]], [[1.0]], [[0.0]]]
    """

    a: Any
    b: Any
    q0: Any
    base_frequency: float

    def __post_init__(self):
        a, b = check.Array(2).of(self.a, "a"), check.Array(2).of(self.b, "b")
        if a.shape != b.shape:
            raise ValueError(say("a and b must be (n, H) arrays of the same shape; got {a} and "
                                 "{b}", "errors", a=np.shape(self.a), b=np.shape(self.b)))
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)
        object.__setattr__(self, "q0", check.Vector(a.shape[0], numeric=True).of(self.q0, "q0"))
        object.__setattr__(self, "base_frequency", float(_BASE_FREQUENCY.of(
            self.base_frequency, "base_frequency")))

    @property
    def period(self):
        """The period ``2π/ω_f`` (s)."""
        return 2 * np.pi / self.base_frequency

    @property
    def amplitude(self):
        """The bound of ``|q_j(t) − q0_j|``, per joint: ``Σ_l sqrt(a² + b²)/(l ω_f)``."""
        harmonics = self.base_frequency * np.arange(1, self.a.shape[1] + 1)
        return np.hypot(self.a, self.b) @ (1 / harmonics)

    @check.arguments(t=check.Array(1))
    def at(self, t):
        """``(q, q̇, q̈)`` at the times ``t`` (s), each an array (len(t), n)."""
        w = self.base_frequency * np.arange(1, self.a.shape[1] + 1)       # l ω_f
        s, c = np.sin(np.outer(t, w)), np.cos(np.outer(t, w))            # (N, H)
        q = self.q0 + (s / w) @ self.a.T - (c / w) @ self.b.T
        qd = c @ self.a.T + s @ self.b.T
        qdd = (-s * w) @ self.a.T + (c * w) @ self.b.T
        return q, qd, qdd


def _scaled(coefficients, n, harmonics, amplitude, q0, base_frequency):
    """The trajectory with raw ``coefficients`` (2 n H numbers) scaled so that each joint
    uses its whole ``amplitude``."""
    a, b = np.reshape(coefficients, (2, n, harmonics))
    shape = FourierTrajectory(a, b, q0, base_frequency)
    scale = amplitude / np.maximum(shape.amplitude, 1e-300)
    return FourierTrajectory(a * scale[:, None], b * scale[:, None], q0, base_frequency)


def _amplitudes(amplitude, q0, limits):
    """``amplitude`` (one number, or one per joint) for each joint, checked to be > 0 and,
    around ``q0``, within the ``limits`` (None, or a pair of joint positions)."""
    n = len(q0)
    amplitude = np.broadcast_to(amplitude, (n,))
    if np.any(amplitude <= 0):
        raise ValueError(say("amplitude must be > 0 (rad or m) for every joint; got "
                             "{amplitude}", "errors", amplitude=amplitude.tolist()))
    if limits is not None:
        if not isinstance(limits, (tuple, list, np.ndarray)) or len(limits) != 2:
            raise TypeError(say("limits must be None or a pair (low, high) of {n} joint "
                                "positions each; got {limits}", "errors", n=n,
                                limits=check.shown(limits)))
        low, high = (check.Vector(n, numeric=True).of(bound, f"limits[{k}]")
                     for k, bound in enumerate(limits))
        outside = np.flatnonzero((q0 - amplitude < low - check.ROUND_OFF)
                                 | (q0 + amplitude > high + check.ROUND_OFF))
        if outside.size:
            j = int(outside[0])
            raise ValueError(say("amplitude takes joint {joint} outside its limits: "
                                 "{q0} ± {amplitude} is not within [{low}, "
                                 "{high}]", "errors", joint=j + 1, q0=format(q0[j], ".4g"),
                                 amplitude=format(amplitude[j], ".4g"), low=format(low[j], ".4g"),
                                 high=format(high[j], ".4g")))
    return amplitude


@check.arguments(n=check.Count(1, check.MAX_COUNT),
                 amplitude=check.PerJoint(length=lambda given: given["n"]),
                 q0=check.Optional(check.Vector(lambda given: given["n"], numeric=True)),
                 harmonics=check.Count(1, check.MAX_COUNT), base_frequency=_BASE_FREQUENCY,
                 seed=check.Count(0))
def exciting_trajectory(n, *, amplitude, q0=None, harmonics=5, base_frequency=2 * np.pi / 10,
                        limits=None, seed=0):
    """A random finite Fourier series for ``n`` joints whose motion spans ``q0 ± amplitude``.

    The coefficients are drawn from a standard normal distribution (``seed``) and scaled
    joint by joint so that the bound ``FourierTrajectory.amplitude`` equals ``amplitude``
    (a number or one per joint); ``limits = (low, high)`` are checked (ValueError naming
    the joint). Default centre: ``q0 = 0``; ``base_frequency`` ω_f = 2π/10 s.

    >>> motion = exciting_trajectory(2, amplitude=[1.0, 0.5], seed=1)
    >>> motion.amplitude.round(12).tolist(), motion.a.shape
    ([1.0, 0.5], (2, 5))
    """
    q0 = np.zeros(n) if q0 is None else q0
    amplitude = _amplitudes(amplitude, q0, limits)
    coefficients = np.random.default_rng(seed).standard_normal(2 * n * harmonics)
    return _scaled(coefficients, n, harmonics, amplitude, q0, base_frequency)


# --- the model and the measurements -----------------------------------------------------

#: A batch of joint states of a ``BaseRegressor``'s robot, one per row.
_STATES = check.States(lambda given: given["self"].robot.n)


class BaseRegressor:
    """``Y_b(q, q̇, q̈)`` of ``robot`` for the base parameters ``base`` as compiled code.

    ``Y_b`` is derived once symbolically (``parameters.regressor`` with the symbols of
    ``joint_symbols``, armature and friction columns included when ``base`` has them) and compiled
    (``codegen.NumericFunction``); ``at(q, qd, qdd)`` evaluates N states at once,
    an (N, n, r) array; ``stacked(trajectory, times)`` is ``W``, (n N) x r, joint by joint.
    """

    @check.arguments(robot=check.Robot(), base=check.Instance(BaseParameters),
                     backend=check.Optional(check.Choice("c", "numpy")))
    def __init__(self, robot, base, backend=None):
        if robot.uses_symbols(robot.gravity, dynamics=False):
            raise ValueError(say("robot must have numeric lengths, angles and gravity to be "
                                 "compiled; {robot} has symbols", "errors",
                                 robot=repr(robot.name)))
        self.robot, self.base = robot, base
        q, qd, qdd = joint_symbols_unchecked(robot)
        Y = regressor.__wrapped__(robot, q, qd, qdd, friction=base.friction,
                                  armature=base.armature,
                                  gravity=B.SYMBOLS.convert(robot.gravity))
        if Y.shape[1] != len(base.symbols):
            raise ValueError(say("base belongs to a robot with {count} standard parameters; "
                                 "robot has {got}", "errors", count=len(base.symbols),
                                 got=Y.shape[1]))
        self.function = NumericFunction(Y[:, list(base.kept)], {"q": q, "qd": qd, "qdd": qdd},
                                        "base_regressor", backend, shape=(robot.n, base.count))

    @check.arguments(q=_STATES, qd=_STATES, qdd=_STATES)
    def at(self, q, qd, qdd):
        """``Y_b`` at N states: (N, n) arrays in, an (N, n, r) array out."""
        return self.function.many(q, qd, qdd)

    @check.arguments(trajectory=check.Instance(FourierTrajectory), times=check.Array(1))
    def stacked(self, trajectory, times):
        """``W``: ``Y_b`` along ``trajectory`` at ``times``, joint 1's rows first."""
        Y = self.at(*trajectory.at(times))
        return np.transpose(Y, (1, 0, 2)).reshape(-1, Y.shape[2])


@functools.lru_cache(maxsize=8)
def _compiled(robot):
    return CompiledDynamics(robot)


@check.arguments(robot=check.Robot(dynamics=True), trajectory=check.Instance(FourierTrajectory),
                 times=check.Array(1), noise=check.PerJoint(), friction=check.FrictionPair(),
                 seed=check.Count(0))
def measured_torques(robot, trajectory, times, *, noise=0.0, friction=None, seed=0):
    """Simulated torque measurements along ``trajectory`` at ``times``: an (N, n) array.

    The torques of the standard model (Newton–Euler, ``codegen.CompiledDynamics``), plus
    the friction ``friction = (viscous, coulomb)`` (``friction.Friction(viscous, coulomb)``), plus
    Gaussian noise of standard deviation ``noise`` (N·m; a number or one per joint),
    drawn from ``seed``.
    """
    q, qd, qdd = trajectory.at(times)
    tau = _compiled(robot).inverse_dynamics.many(q, qd, qdd)
    if friction is not None:
        tau = tau + Friction(*friction).torque(qd)
    noise = np.broadcast_to(noise, (robot.n,))
    if np.any(noise < 0):
        raise ValueError(say("noise must be >= 0 (N·m) for every joint; got {noise}",
                             "errors", noise=noise.tolist()))
    return tau + np.random.default_rng(seed).standard_normal(tau.shape) * noise


# --- the exciting motion, optimised --------------------------------------------------------

@check.arguments(model=check.Instance(BaseRegressor),
                 trajectory=check.Instance(FourierTrajectory), times=check.Array(1),
                 iterations=check.Count(1, check.MAX_COUNT), seed=check.Count(0))
def optimise_excitation(model, trajectory, times, *, iterations=300, seed=0):
    """The trajectory with the same amplitudes, harmonics and centre as ``trajectory`` whose
    stacked base regressor at ``times`` has the smallest condition number found.

    ``model``: a ``BaseRegressor``. Nelder–Mead (``scipy.optimize.minimize``) on the
    2 n H Fourier coefficients, each candidate rescaled to the joint amplitudes (so every
    candidate stays within the same limits), minimising ``log cond(W)``; ``iterations``
    bounds the evaluations. Returns ``(best, history)``: the trajectory and the condition
    numbers of the improvements found, starting with that of ``trajectory``.
    """
    n, harmonics = trajectory.a.shape
    settings = (n, harmonics, trajectory.amplitude, trajectory.q0, trajectory.base_frequency)
    history = [_condition(model.stacked(trajectory, times))]

    def cost(coefficients):
        value = _condition(model.stacked(_scaled(coefficients, *settings), times))
        if value < history[-1]:
            history.append(value)
        return np.log(value)

    start = np.concatenate([trajectory.a.ravel(), trajectory.b.ravel()])
    rng = np.random.default_rng(seed)
    simplex = start + 0.3 * np.abs(start).mean() * rng.standard_normal((len(start) + 1,
                                                                         len(start)))
    simplex[0] = start
    result = scipy.optimize.minimize(cost, start, method="Nelder-Mead",
                                     options={"maxfev": iterations, "initial_simplex": simplex,
                                              "xatol": 1e-6, "fatol": 1e-9})
    return _scaled(result.x, *settings), history


# --- least squares -----------------------------------------------------------------------

@dataclass(frozen=True)
class Estimate:
    """A least-squares estimate: ``values`` (r), their ``covariance`` (r x r) and
    ``standard_deviations``; ``joint_noise``: the noise σ_j of each joint estimated from
    the residuals; ``condition``: cond(W) of the (weighted) system; ``weighted``."""

    values: Any
    covariance: Any
    standard_deviations: Any
    joint_noise: Any
    condition: float
    weighted: bool

    @property
    def relative_deviations(self):
        """``σ_k / |π̂_k|`` in %: how well each parameter is determined."""
        return 100 * self.standard_deviations / np.abs(self.values)



@check.arguments(_finite=False, W=check.Array(2))
def condition_number(W):
    """``cond(W) = s_max / s_min``, the ratio of the largest to the smallest singular value.

    A W with a singular value of zero (all zeros, or columns that depend on each other
    exactly) has no finite condition number: ValueError, naming what is missing.

    >>> condition_number(np.diag([10.0, 1.0, 0.5]))
    20.0
    """
    s = np.linalg.svd(W, compute_uv=False)
    if s[0] == 0:
        raise ValueError(say("W must not be all zeros (shape {shape}): its condition number "
                             "is 0/0; did the samples move the robot at all?", "errors",
                             shape=W.shape))
    if s[-1] == 0 or W.shape[0] < W.shape[1]:
        raise ValueError(say("W must have full column rank {columns} for a finite condition "
                             "number; got rank {rank} (shape {shape}): some parameters are not "
                             "excited by these samples", "errors", columns=W.shape[1],
                             rank=np.linalg.matrix_rank(W), shape=W.shape))
    return float(s[0] / s[-1])


def _condition(W):
    s = np.linalg.svd(W, compute_uv=False)
    return float(s[0] / s[-1]) if s[-1] > 0 else float("inf")


def _ordinary(W, y):
    values, *_ = np.linalg.lstsq(W, y, rcond=None)
    return values, y - W @ values


@check.arguments(W=check.Array(2), y=check.Array(1), joints=check.Count(1), weighted=check.Flag())
def least_squares(W, y, joints, *, weighted=False):
    """The least-squares estimate of π from ``W π = y`` (``W`` stacked joint by joint,
    ``joints`` blocks of equal height, as ``BaseRegressor.stacked`` gives).

    Ordinary: ``π̂ = argmin |y − W π|²``, ``σ² = |ρ|² / (m − r)`` from the residual ρ,
    covariance ``σ² (Wᵀ W)⁻¹``. ``weighted``: first the ordinary estimate, whose residual
    gives each joint's noise ``σ_j² = |ρ_j|² / (m_j − r)``; then the rows of joint j are
    divided by ``σ_j`` and solved again, covariance ``(W̃ᵀ W̃)⁻¹``.

    >>> W = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [1.0, -1.0], [2.0, 1.0], [0.0, 2.0]])
    >>> estimate = least_squares(W, W @ [2.0, 3.0] + [0, 0, 0.1, 0, 0, -0.1], joints=2)
    >>> estimate.values.round(4).tolist(), estimate.joint_noise.round(4).tolist()
    ([2.0192, 2.9827], [0.1014, 0.0778])
    """
    if len(y) != len(W):
        raise ValueError(say("y must have one entry per row of W ({rows}); got {got}",
                             "errors", rows=len(W), got=len(y)))
    if len(W) % joints:
        raise ValueError(say("W must have rows in {joints} blocks of equal height; got {rows}",
                             "errors", joints=joints, rows=len(W)))
    rows, r = len(W) // joints, W.shape[1]
    if rows <= r:
        raise ValueError(say("W must have more than {r} rows per joint (one per parameter); "
                             "got {rows}", "errors", r=r, rows=rows))
    rank = np.linalg.matrix_rank(W)
    if rank < r:
        raise ValueError(say("W must have full column rank {r} for every parameter to be "
                             "identifiable from these samples; got rank {rank} (condition "
                             "number {condition}): excite the robot more, or regroup the "
                             "parameters (base_parameters)", "errors", r=r, rank=rank,
                             condition=format(_condition(W), ".3g")))
    values, residual = _ordinary(W, y)
    noise = np.array([np.linalg.norm(block) / np.sqrt(rows - r)
                      for block in residual.reshape(joints, rows)])
    if weighted:
        scale = np.repeat(1 / np.maximum(noise, check.ROUND_OFF), rows)
        W, y = W * scale[:, None], y * scale
        values, residual = _ordinary(W, y)
    variance = residual @ residual / (len(W) - r)
    covariance = variance * np.linalg.inv(W.T @ W)
    return Estimate(values, covariance, np.sqrt(np.diag(covariance)), noise, _condition(W),
                    bool(weighted))


@check.arguments(predicted=check.Array(2), measured=check.Array(2))
def prediction_error(predicted, measured):
    """The relative RMS error of predicted torques, joint by joint, in %:
    ``100 sqrt(mean((τ̂ − τ)²) / mean(τ²))``; (N, n) arrays.

    >>> prediction_error([[1.0, 2.0], [-1.0, -2.0]], [[1.0, 2.2], [-1.0, -1.8]]).round(6).tolist()
    [0.0, 9.950372]
    """
    if measured.shape != predicted.shape:
        raise ValueError(say("measured must have the shape of predicted {wanted}; got {shape}",
                             "errors", wanted=predicted.shape, shape=measured.shape))
    still = np.flatnonzero(~measured.any(axis=0))
    if still.size:
        raise ValueError(say("measured must have a torque other than zero in every joint (the "
                             "error is relative to it); got only zeros for joint {joint}",
                             "errors", joint=still[0] + 1))
    return 100 * np.sqrt(np.mean((predicted - measured) ** 2, axis=0)
                         / np.mean(measured ** 2, axis=0))


# --- physical consistency ------------------------------------------------------------------

@check.arguments(link_parameters=check.Vector(PER_LINK, "XX, XY, XZ, YY, YZ, ZZ, MX, MY, MZ, M",
                                              numeric=True))
def pseudo_inertia(link_parameters):
    """The 4 x 4 pseudo-inertia matrix ``P = ∫ [r; 1] [r; 1]ᵀ dm`` about the link origin,
    from the ten standard parameters: ``[[½ tr(J) I3 − J, MS], [MSᵀ, M]]``
    (``lagrange_euler.pseudo_inertia_unchecked``; ``lagrange_euler.pseudo_inertia`` of a link).

    Linear in the parameters; a link is a rigid body exactly when P is positive
    semi-definite with M > 0 (its Schur complement is ``½ tr(C_I) I3 − C_I``, the
    second moment about the centre of mass, whose eigenvalues are the differences of
    chapter 2's triangle inequalities) — so "physical" is a linear matrix inequality.

    >>> pseudo_inertia([0, 0, 0, 2.0, 0, 2.0, 1.0, 0, 0, 1.0])     # 1 kg at x = 1, plus a rod
    array([[2., 0., 0., 1.],
           [0., 0., 0., 0.],
           [0., 0., 0., 0.],
           [1., 0., 0., 1.]])
    """
    return pseudo_inertia_unchecked(inertia_tensor.__wrapped__(link_parameters),
                                    link_parameters[6:9], link_parameters[9], B.NUMBERS)


@check.arguments(_finite=False, base=check.Instance(BaseParameters),
                 pi_b=check.Vector(lambda given: given["base"].count,
                                   phrase("one per base parameter", "errors"), numeric=True),
                 reference=check.Vector(lambda given: len(given["base"].symbols),
                                        phrase("one per standard parameter", "errors"),
                                        numeric=True))
def physical_consistency(base, pi_b, reference):
    """Is an identified ``pi_b`` physical, with the ``reference`` standard parameters (a
    CAD model, or the nominal robot) for what the torques cannot determine?

    The standard vector ``π = reference`` except at the kept places, where
    ``π_kept = π_b − K_other π_reference,other`` (so that ``K π = π_b``); each link's ten
    numbers are then checked (``parameters.centre_of_mass_parameters``: chapter 2's checks
    of the tensor about the centre of mass). Returns ``(pi, problems)``: the standard
    vector and a list of ``(link number, message)`` (empty when every link is physical).
    A problem means "not physical with these reference values"; other values of the
    parameters the torques cannot see might still fit (a semidefinite feasibility problem).
    """
    K = base.numeric_K()
    kept = list(base.kept)
    others = [k for k in range(len(reference)) if k not in kept]
    pi = reference.copy()
    pi[kept] = pi_b - K[:, others] @ reference[others]
    problems = []
    for j in range(base.links):
        try:
            centre_of_mass_parameters(pi[PER_LINK * j:PER_LINK * (j + 1)],
                                      say("the parameters of link {link}", "errors",
                                          link=j + 1))
        except ValueError as error:
            problems.append((j + 1, str(error)))
    return pi, problems
