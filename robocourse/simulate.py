"""Forward dynamics and simulation: from torques to motion (lecture ch. 5).

Inverse dynamics answers "which torques give this motion?"; forward dynamics the
reverse, "which accelerations do these torques give?". From the manipulator form
``τ = M(q) q̈ + c(q, q̇) + G(q)``:

    q̈ = M(q)⁻¹ (τ − c(q, q̇) − G(q)),

with ``M``, the velocity product ``c`` and the gravity load ``G`` all computed by
Newton–Euler (``newton_euler.mass_matrix``, ``velocity_product``, ``gravity_load``)
and the system solved, never inverted. Simulation integrates the state
``y = [q, q̇]``, ``ẏ = [q̇, q̈]``, with ``scipy.integrate.solve_ivp``. With ``τ = 0``
and no friction the total energy ``K + U`` must stay constant: the standard check
of a simulation (and of the dynamics behind it).

Newton–Euler with numbers costs a few milliseconds per step; a model compiled by
``codegen.CompiledDynamics`` evaluates the same equations as generated code, about
a thousand times faster, and ``simulate(..., model=...)`` uses it.
"""

import numbers
from dataclasses import dataclass
from functools import partial

import numpy as np
import sympy as sp
from scipy.integrate import cumulative_simpson, solve_ivp

from robocourse import _backend as B
from robocourse.lagrange import kinetic_energy, potential_energy, total_energy
from robocourse.newton_euler import gravity_load, mass_matrix, velocity_product
from robocourse.robot import require_chain


def forward_dynamics(robot, q, qd, tau):
    """The joint accelerations ``q̈ = M(q)⁻¹ (τ − c(q, q̇) − G(q))`` (Newton–Euler terms).

    Solves ``M q̈ = τ − c − G`` (LU), so a singular mass matrix — a chain whose
    moving links have no mass or inertia — raises ValueError naming ``q``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> forward_dynamics(arm, [0.0, 0.0], [0.0, 0.0], [29.43, 9.81])   # held level: at rest
    array([0., 0.])
    >>> from robocourse.models import planar_arm
    >>> l1, m1, g = sp.symbols('l1 m1 g')
    >>> pendulum = planar_arm([l1], [m1], [l1], [0], g)       # a point mass on a rod
    >>> forward_dynamics(pendulum, [0], [0], [0])             # let go when horizontal
    Matrix([[-g/l1]])
    """
    symbolic = robot.uses_symbols(q, qd, tau, dynamics=True)
    q = robot.joint_vector(q, "q", symbolic)
    qd = robot.joint_vector(qd, "qd", symbolic)
    tau = robot.joint_vector(tau, "tau", symbolic)
    M = mass_matrix(robot, q)
    rhs = tau - velocity_product(robot, q, qd) - gravity_load(robot, q)
    try:
        return M.LUsolve(rhs) if symbolic else np.linalg.solve(M, rhs)
    except (np.linalg.LinAlgError, sp.matrices.exceptions.NonInvertibleMatrixError) as error:
        raise ValueError(f"the mass matrix M(q) is singular at q = {list(q)}: do all moving "
                         "links have mass and inertia?") from error


@dataclass(frozen=True)
class Motion:
    """A simulated motion sampled at times ``t`` (N,): joint values ``q`` (N, n),
    rates ``qd`` (N, n) and the torques ``tau`` (N, n) applied at those instants."""

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    tau: np.ndarray


def _torque_function(torque, n):
    """``torque(t, q, qd)``: the user's function, checked to return n numbers; zero if None."""
    if torque is None:
        zero = np.zeros(n)
        return lambda t, q, qd: zero

    def checked(t, q, qd):
        value = np.asarray(torque(t, q, qd), dtype=float)
        if value.shape != (n,):
            raise ValueError(f"torque(t, q, qd) must return {n} numbers (one per joint); "
                             f"got shape {value.shape} at t = {t}")
        return value
    return checked


def _state_rate(robot, y, tau):
    """``ẏ = [q̇, q̈]`` for the state ``y = [q, q̇]`` under the torques ``tau``."""
    q, qd = y[:robot.n], y[robot.n:]
    return np.concatenate([qd, forward_dynamics(robot, q, qd, tau)])


def simulate(robot, q0, qd0, duration, torque=None, *, model=None, samples=None,
             method="RK45", rtol=1e-8, atol=1e-8):
    """The motion of ``robot`` from ``(q0, qd0)`` for ``duration`` seconds under ``torque``.

    ``torque(t, q, qd)`` returns the n joint torques/forces (None: all zero, a free
    swing). The state ``y = [q, q̇]`` follows ``ẏ = [q̇, q̈]``, ``q̈ = forward_dynamics(q, q̇, τ)``,
    integrated by ``solve_ivp`` (``method``, ``rtol``, ``atol``). ``model``: the
    robot's ``codegen.CompiledDynamics`` for generated-code speed (None: Newton–Euler
    at every step). ``samples``: the number of equally spaced output times (None:
    the solver's own steps). Returns a ``Motion``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> motion = simulate(arm, [-np.pi / 2, 0.0], [0.0, 0.0], 1.0, samples=3)  # hanging down
    >>> motion.t, np.allclose(motion.q, [-np.pi / 2, 0.0])                  # stays still
    (array([0. , 0.5, 1. ]), True)
    """
    if robot.uses_symbols(q0, qd0, dynamics=True):
        raise TypeError("simulate needs numbers: give the robot numeric parameters and "
                        "q0, qd0 numeric values")
    q0 = robot.joint_vector(q0, "q0", False)
    qd0 = robot.joint_vector(qd0, "qd0", False)
    duration = B.scalar(duration, "duration")
    if not duration > 0:
        raise ValueError(f"duration must be > 0 (seconds); got {duration}")
    if samples is not None and (not isinstance(samples, numbers.Integral) or samples < 2):
        raise ValueError(f"samples must be an integer >= 2 (or None); got {samples!r}")
    if model is not None and model.robot is not robot:
        raise ValueError("model must be the CompiledDynamics of this robot "
                         "(codegen.CompiledDynamics(robot))")
    rate = model.state_rate if model is not None else partial(_state_rate, robot)
    torque = _torque_function(torque, robot.n)
    n = robot.n

    def state_rate(t, y):
        return rate(y, torque(t, y[:n], y[n:]))

    times = None if samples is None else np.linspace(0.0, duration, samples)
    solution = solve_ivp(state_rate, (0.0, duration), np.concatenate([q0, qd0]),
                         method=method, t_eval=times, rtol=rtol, atol=atol)
    if not solution.success:
        raise RuntimeError(f"the simulation stopped at t = {solution.t[-1]}: "
                           f"{solution.message}")
    q, qd = solution.y[:n].T, solution.y[n:].T
    tau = np.array([torque(t, *state) for t, *state in zip(solution.t, q, qd, strict=True)])
    return Motion(t=solution.t, q=q, qd=qd, tau=tau.reshape(len(solution.t), n))


def energy(robot, motion):
    """The total energy ``E = K + U`` (``lagrange.total_energy``) at every sample of ``motion``.

    Constant, up to the integration error, for a motion with ``τ = 0`` and no friction.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> from robocourse.codegen import CompiledDynamics
    >>> fast = CompiledDynamics(arm)
    >>> motion = simulate(arm, [0.0, 0.0], [0.0, 0.0], 2.0, model=fast, samples=50)  # let go
    >>> E = energy(arm, motion)              # level, at rest: E = 0 all along
    >>> float(np.abs(E).max()) < 1e-6, float(np.ptp(motion.q[:, 0])) > 1   # while it swings
    (True, True)
    """
    return np.array([total_energy(robot, q, qd) for q, qd in zip(motion.q, motion.qd,
                                                                    strict=True)])


def _require_motion(motion):
    if not isinstance(motion, Motion):
        raise TypeError(f"motion must be a Motion (the result of simulate); got "
                        f"{type(motion).__name__}")
    return motion


def energies(robot, motion):
    """``(K, U)``: the kinetic and the potential energy (``lagrange.kinetic_energy``,
    ``lagrange.potential_energy``) at every sample of ``motion``, two arrays of N numbers.

    Their sum is ``energy(robot, motion)``; the two apart show the exchange, K rising
    where U falls.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> at_rest = Motion(np.zeros(1), np.array([[np.pi / 2, 0.0]]), np.zeros((1, 2)),
    ...                  np.zeros((1, 2)))
    >>> [float(e[0]) for e in energies(arm, at_rest)]    # upright: U = g (m1 l1 + m2 (l1 + l2))
    [0.0, 29.43]
    """
    _require_motion(motion)
    if robot.uses_symbols(dynamics=True):
        raise TypeError("energies needs numbers: give the robot numeric parameters")
    K = np.array([kinetic_energy(robot, q, qd) for q, qd in zip(motion.q, motion.qd,
                                                                   strict=True)])
    U = np.array([potential_energy(robot, q) for q in motion.q])
    return K, U


def actuator_work(motion):
    """The work the joint torques/forces have done so far: ``W(t) = ∫₀ᵗ τᵀ q̇ dt``, an
    array of N numbers (cumulative Simpson rule on the samples of ``motion``).

    Along a motion without friction, ``E(t) = E(0) + W(t)``: what the actuators put in
    is what the arm's energy ``K + U`` gains.

    >>> t = np.linspace(0.0, 1.0, 11)
    >>> steady = Motion(t, np.zeros((11, 1)), np.ones((11, 1)), 2 * np.ones((11, 1)))
    >>> round(float(actuator_work(steady)[-1]), 12)      # 2 N·m at 1 rad/s for 1 s
    2.0
    """
    _require_motion(motion)
    if len(motion.t) < 2:
        raise ValueError(f"motion must have at least 2 samples to integrate over; got "
                         f"{len(motion.t)}")
    power = np.sum(motion.tau * motion.qd, axis=1)
    return cumulative_simpson(power, x=motion.t, initial=0.0)


@dataclass(frozen=True)
class JointSpring:
    """A linear spring at joint ``joint`` (1…n) of ``robot``, relaxed at ``rest``.

    It pulls the joint back with ``f = −k (q_j − rest)`` (N for a prismatic joint, N·m
    for a revolute one, ``k = stiffness``) and stores ``U_spring = ½ k (q_j − rest)²``,
    so a free motion on the spring keeps ``K + U + U_spring`` constant. Called as
    ``spring(t, q, qd)`` it returns the n joint forces, a ``torque`` for ``simulate``.

    >>> from robocourse.models import rp_arm
    >>> spring = JointSpring(rp_arm(), joint=2, stiffness=60.0, rest=0.6)
    >>> spring(0.0, [0.3, 0.7], [0.0, 0.0]).round(12).tolist()   # stretched by 0.1 m
    [0.0, -6.0]
    >>> round(spring.energy([0.3, 0.7]), 12)
    0.3
    """

    robot: object
    joint: int
    stiffness: float
    rest: float = 0.0

    def __post_init__(self):
        n = require_chain(self.robot).n
        if (not isinstance(self.joint, numbers.Integral) or isinstance(self.joint, bool)
                or not 1 <= self.joint <= n):
            raise ValueError(f"joint must be an integer from 1 to {n}; got {self.joint!r}")
        for name in ("stiffness", "rest"):
            if B.is_symbolic(B.scalar(getattr(self, name), name)):
                raise TypeError(f"{name} must be a number; got {getattr(self, name)!r}")
        if self.stiffness < 0:
            raise ValueError(f"stiffness must be >= 0 (N/m or N·m/rad); got {self.stiffness!r}")

    def _stretch(self, q):
        """``q_j − rest`` for one configuration (n,) or for each row of (N, n)."""
        q = np.asarray(q, dtype=float)
        if q.shape[-1:] != (self.robot.n,):
            raise ValueError(f"q must have {self.robot.n} entries per configuration (one per "
                             f"joint); got shape {q.shape}")
        return q[..., self.joint - 1] - float(self.rest)

    def __call__(self, t, q, qd):
        """The joint forces ``[0, …, −k (q_j − rest), …, 0]`` at ``q``."""
        force = np.zeros(self.robot.n)
        force[self.joint - 1] = -float(self.stiffness) * self._stretch(q)
        return force

    def energy(self, q):
        """``½ k (q_j − rest)²`` at ``q`` (one configuration), or at each row of an (N, n) array."""
        energy = 0.5 * float(self.stiffness) * self._stretch(q) ** 2
        return float(energy) if np.ndim(energy) == 0 else energy


__all__ = ["forward_dynamics", "simulate", "energy", "Motion", "energies", "actuator_work",
           "JointSpring"]
