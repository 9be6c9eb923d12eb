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

import inspect
import time
import warnings
from dataclasses import dataclass
from functools import partial

import numpy as np
import sympy as sp
from scipy.integrate import cumulative_simpson, solve_ivp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.codegen import c_compiler, compiled_dynamics
from robocourse.lagrange import kinetic_energy, potential_energy
from robocourse.language import phrase, say
from robocourse.motors import mass_matrix_with_motors
from robocourse.newton_euler import gravity_load_unchecked, mass_matrix, velocity_product


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints(),
                 tau=check.Joints(), friction=check.Friction(), armature=check.Armature())
def forward_dynamics(robot, q, qd, tau, *, friction=None, armature=None):
    """The joint accelerations ``q̈ = M(q)⁻¹ (τ − c(q, q̇) − G(q) − τ_f(q̇))`` (Newton–Euler
    terms; ``τ_f``: the joint friction ``friction.torque(q̇)``, a ``friction.Friction``, or
    none for None). ``armature``: the reflected inertia ``η² I_m`` of each joint's motor
    (``motors``), added to the diagonal of M; None for none.

    Solves ``M q̈ = τ − c − G − τ_f`` (LU), so a singular mass matrix — a chain whose
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
    scalars = B.scalars_of(q)
    # M from a guarded shell (mass_matrix, or mass_matrix_with_motors' kernel calling it): a
    # solve with an M that overflowed can return finite numbers, so its guard must speak first
    M = (mass_matrix(robot, q) if armature is None else
         mass_matrix_with_motors.__wrapped__(robot, q, armature))
    rhs = (tau - velocity_product.__wrapped__(robot, q, qd)
           - gravity_load_unchecked(robot, q, gravity=scalars.convert(robot.gravity)))
    if friction is not None:
        rhs = rhs - scalars.convert(friction.torque(qd))
    try:
        return scalars.solve(M, rhs)
    except (np.linalg.LinAlgError, sp.matrices.exceptions.NonInvertibleMatrixError) as error:
        raise ValueError(say("the mass matrix M(q) is singular at q = {q}: do all moving links "
                             "have mass and inertia?", "errors", q=check.plain(q))) from error


@dataclass(frozen=True)
class Motion:
    """A simulated motion sampled at times ``t`` (N,): joint values ``q`` (N, n),
    rates ``qd`` (N, n) and the torques ``tau`` (N, n) applied at those instants."""

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    tau: np.ndarray

    def __post_init__(self):
        t = check.Vector(None, "one per sample", numeric=True).of(self.t, "t")
        if np.any(np.diff(t) <= 0):
            raise ValueError(say("t must increase from sample to sample; got {t}", "errors",
                                 t=check.plain(t)))
        object.__setattr__(self, "t", t)
        n = np.shape(self.q)[-1] if np.ndim(self.q) == 2 else 1
        for name in ("q", "qd", "tau"):
            rows = check.States(n).of(getattr(self, name), name)
            if len(rows) != len(t):
                raise ValueError(say("{name} must have one row per time in t ({times}); got "
                                     "{rows}", "errors", name=name, times=len(t), rows=len(rows)))
            object.__setattr__(self, name, rows)


_METHODS = ("RK45", "RK23", "DOP853", "Radau", "BDF", "LSODA")


def _torque_function(torque, n):
    """``torque(t, q, qd)``: the user's function, checked to return n finite numbers (its
    errors reported with the time); zero if None."""
    if torque is None:
        zero = np.zeros(n)
        return lambda t, q, qd: zero
    if not callable(torque):
        raise TypeError(say("torque must be a function torque(t, q, qd) that returns {n} joint "
                            "torques/forces, or None; got {torque}", "errors", n=n,
                            torque=repr(torque)))
    try:
        inspect.signature(torque).bind(0.0, np.zeros(n), np.zeros(n))
    except TypeError:
        raise TypeError(say("torque must take three arguments (t, q, qd); got {name}{signature}",
                            "errors", name=getattr(torque, "__name__", "torque"),
                            signature=inspect.signature(torque))) from None
    except ValueError:                           # a builtin without a signature: try it
        pass
    returned_torques = check.Vector(n, check.ONE_PER_JOINT, numeric=True)

    def checked(t, q, qd):
        try:
            returned = torque(t, q, qd)
        except Exception as error:
            raise RuntimeError(say("torque(t, q, qd) raised {kind} at t = {t}: {error}",
                                   "errors", kind=type(error).__name__, t=t,
                                   error=error)) from error
        if (isinstance(returned, np.ndarray) and returned.dtype == float
                and returned.shape == (n,) and np.isfinite(returned).all()):
            return returned                                      # the fast path
        try:
            return returned_torques.of(returned, "torque(t, q, qd)")
        except (TypeError, ValueError) as error:
            raise type(error)(say("{error} (returned at t = {t})", "errors", error=error,
                                  t=t)) from None
    return checked


def _within_budget(rate, duration, time_limit):
    """The right-hand side ``rate(t, y)`` of the equations of motion, counting its calls and
    the time it has taken: a motion that would need more than ``MAX_EVALUATIONS`` of them
    (estimated from the progress at 256, 512, 1024, … calls) is refused, naming the
    duration; one still computing after ``time_limit`` seconds is stopped, saying where it
    got to (an estimate from the start cannot see equations that turn stiff later, where
    the solver takes ever smaller steps); numbers that overflow are reported with the time."""
    calls, start = 0, time.monotonic()

    def counted(t, y):
        nonlocal calls
        calls += 1
        if calls >= 256 and calls & (calls - 1) == 0:             # a power of two
            needed = calls * duration / max(t, np.finfo(float).tiny)
            if needed > check.MAX_EVALUATIONS:
                raise ValueError(say(
                    "duration = {duration} s is too long to simulate: after {calls} "
                    "evaluations of the equations of motion the solver has reached "
                    "t = {t} s, so the whole motion would need about {needed} of "
                    "them (simulate takes at most {most}); simulate a shorter duration, "
                    "or a slower motion ({reached}: are the torques or the starting rates too "
                    "large?)", "errors", duration=format(duration, "g"), calls=calls,
                    t=format(t, ".3g"), needed=format(needed, ".2g"),
                    most=format(check.MAX_EVALUATIONS, ".0e"), reached=_reached(y)))
        if time.monotonic() - start > time_limit:
            raise RuntimeError(say(
                "the simulation stopped after time_limit = {time_limit} s of computing, at "
                "t = {t} s of {duration} s ({calls} evaluations of the equations of "
                "motion): the solver takes ever smaller steps, so the equations have turned "
                "stiff (try method='Radau' or 'BDF') or the motion runs away (check the "
                "torques, and the signs of damping and friction); a larger time_limit goes on",
                "errors", time_limit=format(time_limit, "g"), t=format(t, ".3g"),
                duration=format(duration, "g"), calls=calls))
        try:
            return rate(t, y)
        except OverflowError as error:
            raise OverflowError(say(
                "the motion overflows floating point at t = {t} s, where {reached}: "
                "{detail}. The torques or the starting state are too large, or the motion "
                "runs away (check the torques, and the signs of damping and friction)",
                "errors", t=format(t, ".3g"), reached=_reached(y),
                detail=getattr(error, "detail", error))) from None
    return counted


def _reached(y):
    """Where the state ``y = [q, qd]`` has got to, in words: the largest ``|q|``, ``|qd|``."""
    q, qd = np.split(np.abs(y), 2)
    return say("|q| reaches {q} and |qd| {qd}", "errors", q=format(q.max(), ".3g"),
               qd=format(qd.max(), ".3g"))


def _state_rate(robot, y, tau, armature=None):
    """``ẏ = [q̇, q̈]`` for the state ``y = [q, q̇]`` under the torques ``tau``."""
    q, qd = y[:robot.n], y[robot.n:]
    return np.concatenate([qd, forward_dynamics(robot, q, qd, tau, armature=armature)])


def _geared_state_rate(model, armature):
    """``ẏ(y, τ) = [q̇, q̈]`` of a compiled ``model`` whose joints also spin the rotors
    ``armature``: ``(M + diag(I_a)) q̈ = τ − c − G``, from the model's M, c and G."""
    n, rotors = len(armature), np.diag(armature)

    def rate(y, tau):
        q, qd = y[:n], y[n:]
        bias = model.velocity_product(q, qd) + model.gravity_load(q)
        return np.concatenate([qd, np.linalg.solve(model.mass_matrix(q) + rotors, tau - bias)])
    return rate


#: The rules of the integration's own arguments, the same for ``simulate`` and
#: ``simulate_equations`` (and ``control.track``): a numeric duration > 0, the number of
#: samples, the method, the tolerances and the time limit.
SOLVER_OPTIONS = dict(
    duration=check.Number("s", at_least=">0", numeric=True),
    samples=check.Optional(check.Count(2, check.MAX_EVALUATIONS)),
    method=check.Choice(*_METHODS),
    rtol=check.Tolerance(at_least=">0", numeric=True),
    atol=check.Number(phrase("in the units of q and qd", "errors"), at_least=">0", numeric=True),
    time_limit=check.Number(phrase("s of computing", "errors"), at_least=">0", numeric=True))


def _integrate(state_rate, y0, duration, samples, method, rtol, atol, time_limit):
    """``(t, y)``: ``ẏ = state_rate(t, y)`` from ``y0`` over ``[0, duration]`` by ``solve_ivp``
    (within the evaluation and time budgets), at ``samples`` equally spaced times or the
    solver's. The solver's own arithmetic on a state near overflow stays silent: the
    equations report it."""
    times = None if samples is None else np.linspace(0.0, duration, samples)
    with np.errstate(over="ignore", invalid="ignore"):
        solution = solve_ivp(_within_budget(state_rate, duration, time_limit), (0.0, duration),
                             y0, method=method, t_eval=times, rtol=rtol, atol=atol)
    if not solution.success:
        reached = (f"t = {solution.t[-1]}" if len(solution.t) else
                   say("the start (t = 0)", "errors"))
        raise RuntimeError(say("the simulation stopped at {reached}: {message}", "errors",
                               reached=reached, message=solution.message))
    return solution.t, solution.y


@check.arguments(_finite=False, robot=check.Robot(dynamics=True, numeric=True),
                 q0=check.Joints(angles=True), qd0=check.Joints(),
                 friction=check.Friction(simulation=True), armature=check.Armature(),
                 model=check.Model(may_be_false=True), **SOLVER_OPTIONS)
def simulate(robot, q0, qd0, duration, torque=None, *, friction=None, armature=None,
             model=None, samples=None, method="RK45", rtol=1e-8, atol=1e-8,
             time_limit=check.TIME_LIMIT):
    """The motion of ``robot`` from ``(q0, qd0)`` for ``duration`` seconds under ``torque``.

    ``torque(t, q, qd)`` returns the n joint torques/forces (None: all zero, a free
    swing). ``friction``: the joints' ``friction.Friction`` (None: none), with a smooth
    sign where it has Coulomb friction; the motors' torques then drive the arm less its
    friction, ``τ − τ_f(q̇)``, and ``Motion.tau`` records the motors' torques ``τ``.
    ``armature``: the reflected inertia ``η² I_m`` of each joint's motor (``motors``), on
    the diagonal of M (None: no rotors).
    The state ``y = [q, q̇]`` follows ``ẏ = [q̇, q̈]``, ``q̈ = forward_dynamics(q, q̇, τ)``,
    integrated by ``solve_ivp`` (``method``, ``rtol``, ``atol``). ``model``: the
    robot's ``codegen.CompiledDynamics``; None (the default): the one of
    ``codegen.compiled_dynamics(robot)``, generated once per session (without a C
    compiler it runs as numpy code, with a warning); False: ``forward_dynamics`` by
    Newton–Euler at every step (slow: to check the generated code). ``samples``: the
    number of equally spaced output times (None: the solver's own steps). ``time_limit``:
    the seconds of computing after which the simulation stops with an error that says
    how far it got (equations that turn stiff, or a motion that runs away). Returns a
    ``Motion``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> motion = simulate(arm, [-np.pi / 2, 0.0], [0.0, 0.0], 1.0, samples=3)  # hanging down
    >>> motion.t, np.allclose(motion.q, [-np.pi / 2, 0.0])                  # stays still
    (array([0. , 0.5, 1. ]), True)
    """
    if model is None:
        if c_compiler() is None:
            warnings.warn(say("simulate: no C compiler found (install cc or set $CC): the "
                              "equations of motion run as numpy code, many times slower",
                              "errors"), RuntimeWarning, stacklevel=4)   # the caller of the gate
        model = compiled_dynamics.__wrapped__(robot)
    if model is False:
        rate = partial(_state_rate, robot, armature=armature)
    else:
        rate = model.state_rate if armature is None else _geared_state_rate(model, armature)
    torque = _torque_function(torque, robot.n)
    n = robot.n

    friction_torque = (lambda qd: 0.0) if friction is None else friction._numeric_torque

    def state_rate(t, y):
        return rate(y, torque(t, y[:n], y[n:]) - friction_torque(y[n:]))

    t, y = _integrate(state_rate, np.concatenate([q0, qd0]), duration, samples, method, rtol,
                      atol, time_limit)
    q, qd = y[:n].T, y[n:].T
    tau = np.array([torque(t_k, *state) for t_k, *state in zip(t, q, qd, strict=True)])
    return Motion(t=t, q=q, qd=qd, tau=tau.reshape(len(t), n))


def _equations(given):
    """The number of ``equations`` (one expression or a column of them)."""
    equations = given["equations"]
    return len(equations) if isinstance(equations, sp.MatrixBase) else 1


_ONE_PER_COORDINATE = phrase("one per coordinate", "errors")


@check.arguments(_finite=False, equations=check.Expression(finite=True),
                 q=check.Symbols(_equations), qd=check.Symbols("q", check.ONE_PER_ENTRY_OF_Q),
                 qdd=check.Symbols("q", check.ONE_PER_ENTRY_OF_Q),
                 q0=check.Vector("q", _ONE_PER_COORDINATE, numeric=True),
                 qd0=check.Vector("q", _ONE_PER_COORDINATE, numeric=True), **SOLVER_OPTIONS)
def simulate_equations(equations, q, qd, qdd, q0, qd0, duration, *, samples=None,
                       method="RK45", rtol=1e-8, atol=1e-8, time_limit=check.TIME_LIMIT):
    """The motion that obeys the equations of motion ``equations(q, q̇, q̈) = 0``, written
    with symbols in any generalised coordinates ``q`` (rates ``qd``, accelerations
    ``qdd``), from ``(q0, qd0)`` for ``duration`` seconds — for equations that are not a
    robot's (``simulate``), e.g. ``lagrange.euler_lagrange`` of a Lagrangian of one's own.

    The equations must be linear in ``q̈``, ``A(q, q̇) q̈ + b(q, q̇) = 0``, with numbers for
    every parameter; each step solves ``A q̈ = −b`` and integrates ``[q, q̇]`` by
    ``solve_ivp`` (``method``, ``rtol``, ``atol``; ``samples`` and ``time_limit`` as in
    ``simulate``). A force
    acting on a coordinate is a term of the equations (``E − Q = 0``). Returns a
    ``Motion`` with zero ``tau``.

    >>> th, w, a = sp.symbols('theta omega alpha')
    >>> pendulum = sp.Matrix([a + 9.81 * sp.sin(th)])       # l = 1 m, from the vertical
    >>> motion = simulate_equations(pendulum, [th], [w], [a], [0.1], [0.0], 2.006, samples=2)
    >>> bool(abs(motion.q[-1, 0] - 0.1) < 1e-3)             # one period, 2π √(l/g)
    True
    """
    check.distinct(q=q, qd=qd, qdd=qdd)
    equations = equations if isinstance(equations, sp.MatrixBase) else sp.Matrix([equations])
    n = len(q)
    others = equations.free_symbols - set(q) - set(qd) - set(qdd)
    if others:
        raise ValueError(say("equations must have numbers for every parameter; got the "
                             "symbols {symbols}: substitute their values first", "errors",
                             symbols=sorted(map(str, others))))
    A = equations.jacobian(qdd)
    if A.has(*qdd):
        raise ValueError(say("equations must be linear in the accelerations qdd (A(q, qd) qdd "
                             "+ b(q, qd) = 0)", "errors"))
    b = equations.subs({a: 0 for a in qdd})
    numeric = sp.lambdify([list(q), list(qd)], [A, b], "numpy")

    def state_rate(t, y):
        try:
            with np.errstate(divide="raise", invalid="raise", over="raise"):
                A_y, b_y = numeric(y[:n], y[n:])
                accelerations = np.linalg.solve(np.asarray(A_y, dtype=float),
                                                -np.asarray(b_y, dtype=float).ravel())
        except np.linalg.LinAlgError as error:
            raise ValueError(say("the equations cannot be solved for qdd at t = {t}, q = {q}: "
                                 "their matrix A = ∂E/∂q̈ is singular", "errors", t=t,
                                 q=y[:n].tolist())) from error
        except (FloatingPointError, ZeroDivisionError, OverflowError) as error:
            if "overflow" in str(error) or isinstance(error, OverflowError):
                raise OverflowError(say("the equations overflow", "errors")) from error
            raise ValueError(say("the equations must be finite along the motion; at t = {t}, "
                                 "q = {q}, qd = {qd} they are not (a division by zero){advice}",
                                 "errors", t=t, q=y[:n].tolist(), qd=y[n:].tolist(),
                                 advice=say(": choose other q0, qd0", "errors") if t == 0
                                 else "")) from error
        return np.concatenate([y[n:], accelerations])

    t, y = _integrate(state_rate, np.concatenate([q0, qd0]), duration, samples, method, rtol,
                      atol, time_limit)
    return Motion(t=t, q=y[:n].T, qd=y[n:].T, tau=np.zeros((len(t), n)))


@check.arguments(robot=check.Robot(dynamics=True, numeric=True), motion=check.Instance(Motion))
def energy(robot, motion):
    """The total energy ``E = K + U`` (``lagrange.total_energy``) at every sample of ``motion``:
    the sum of ``energies(robot, motion)``, with its checks (a robot with numeric parameters).

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
    kinetic, potential = _energies(robot, motion)
    return kinetic + potential


def _energies(robot, motion):
    """``(K, U)`` along ``motion``, a ``Motion`` checked to be one of the joints of ``robot``
    (the arguments of ``energies`` and ``energy``, checked)."""
    if motion.q.shape[1:] != (robot.n,):
        raise ValueError(say("motion must be a motion of the {n} joints of robot {robot}; "
                             "got one of {got} joints", "errors", n=robot.n, robot=repr(robot.name),
                             got=motion.q.shape[-1]))
    kinetic, potential = kinetic_energy.__wrapped__, potential_energy.__wrapped__
    K = np.array([kinetic(robot, q, qd) for q, qd in zip(motion.q, motion.qd, strict=True)])
    U = np.array([potential(robot, q) for q in motion.q])
    return K, U


@check.arguments(robot=check.Robot(dynamics=True, numeric=True), motion=check.Instance(Motion))
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
    return _energies(robot, motion)


@check.arguments(motion=check.Instance(Motion))
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
    if len(motion.t) < 2:
        raise ValueError(say("motion must have at least 2 samples to integrate over; got "
                             "{samples}", "errors", samples=len(motion.t)))
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
        n = check.Robot().of(self.robot, "robot").n
        check.Count(1, n).of(self.joint, "joint")
        check.Number(phrase("N/m or N·m/rad", "errors"), at_least=0, numeric=True).of(
            self.stiffness, "stiffness")
        check.Number(numeric=True).of(self.rest, "rest")

    def _stretch(self, q):
        """``q_j − rest`` for one configuration (n,) or for each row of (N, n) (numbers,
        checked)."""
        if np.shape(q)[-1:] != (self.robot.n,):
            raise ValueError(say("q must have {n} entries per configuration (one per joint); "
                                 "got shape {shape}", "errors", n=self.robot.n,
                                 shape=np.shape(q)))
        return q[..., self.joint - 1] - float(self.rest)

    @check.arguments(_finite=False, q=check.Values(numeric=True))
    def __call__(self, t, q, qd):
        """The joint forces ``[0, …, −k (q_j − rest), …, 0]`` at ``q`` (not guarded: a
        ``torque`` for ``simulate``, which diagnoses forces that are not finite)."""
        force = np.zeros(self.robot.n)
        force[self.joint - 1] = -float(self.stiffness) * self._stretch(q)
        return force

    @check.arguments(q=check.Values(numeric=True))
    def energy(self, q):
        """``½ k (q_j − rest)²`` at ``q`` (one configuration), or at each row of an (N, n) array."""
        energy = 0.5 * float(self.stiffness) * self._stretch(q) ** 2
        return float(energy) if np.ndim(energy) == 0 else energy


__all__ = ["forward_dynamics", "simulate", "simulate_equations", "energy", "Motion",
           "energies", "actuator_work", "JointSpring"]
