"""Forward dynamics and simulation: from torques to motion (chapter 5, §5.4).

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

Newton–Euler with numbers costs a few milliseconds per step; generated code
(``codegen.CompiledDynamics``) evaluates the same equations in well under a
microsecond. ``simulate`` uses it by itself: the robot's model is generated and
compiled on the first call (about a second for a six-joint arm, kept on disk and for
the session), or taken from ``model=``.
"""

import warnings
from dataclasses import dataclass
from functools import partial

import numpy as np
import sympy as sp
from scipy.integrate import solve_ivp

from robocourse import _checks as C
from robocourse.codegen import c_compiler, compiled_dynamics
from robocourse.lagrange import total_energy
from robocourse.newton_euler import gravity_load, mass_matrix, velocity_product


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
    symbolic, q, qd, tau = C.joint_inputs(robot, dynamics=True, q=q, qd=qd, tau=tau)
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
    robot's ``codegen.CompiledDynamics``; None (the default): the one of
    ``codegen.compiled_dynamics(robot)``, generated once per session (without a C
    compiler it runs as numpy code, with a warning); False: ``forward_dynamics`` by
    Newton–Euler at every step (slow: to check the generated code). ``samples``: the
    number of equally spaced output times (None: the solver's own steps). Returns a
    ``Motion``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> motion = simulate(arm, [-np.pi / 2, 0.0], [0.0, 0.0], 1.0, samples=3)  # hanging down
    >>> motion.t, np.allclose(motion.q, [-np.pi / 2, 0.0])                  # stays still
    (array([0. , 0.5, 1. ]), True)
    """
    symbolic, q0, qd0 = C.joint_inputs(robot, dynamics=True, q0=q0, qd0=qd0)
    if symbolic:
        raise TypeError("simulate needs numbers: give the robot numeric parameters and "
                        "q0, qd0 numeric values")
    duration = C.positive(duration, "duration", "s")
    if samples is not None:
        C.count(samples, "samples", 2)
    if model is None:
        if c_compiler() is None:
            warnings.warn("simulate: no C compiler found (install cc or set $CC): the "
                          "equations of motion run as numpy code, many times slower",
                          RuntimeWarning, stacklevel=2)
        model = compiled_dynamics(robot)
    elif model is not False and getattr(model, "robot", None) is not robot:
        raise ValueError("model must be the CompiledDynamics of this robot "
                         "(codegen.CompiledDynamics(robot)), None or False; got "
                         f"{model!r}")
    rate = partial(_state_rate, robot) if model is False else model.state_rate
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
    C.robot(robot, dynamics=True)
    return np.array([total_energy(robot, q, qd) for q, qd in zip(motion.q, motion.qd,
                                                                    strict=True)])


__all__ = ["forward_dynamics", "simulate", "energy", "Motion"]
