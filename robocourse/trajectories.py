"""Joint trajectories: cubic rest-to-rest motion, several joints together, a straight
line in Cartesian space (chapter 5, §5.1–5.3); paths through via points, quintics and
linear segments with parabolic blends (§5.6–5.7; Craig 2017, §7.3).

A cubic ``θ(t) = c0 + c1 t + c2 t² + c3 t³`` has four coefficients, just enough for
four conditions: start and end positions ``θ(0) = θ0``, ``θ(tf) = θf`` and zero
velocities ``θ̇(0) = θ̇(tf) = 0``. They give

    c0 = θ0,   c1 = 0,   c2 = 3 (θf − θ0) / tf²,   c3 = −2 (θf − θ0) / tf³,

and the velocity peaks halfway, ``θ̇(tf/2) = 3 (θf − θ0) / (2 tf)``.

Several joints moving together are *synchronised* when all start and stop at the
same time (one duration, set by the slowest joint); moved *unsynchronised*, each
joint takes its own shortest duration under a common speed limit, and the arm
arrives one joint at a time. A cubic in each joint moves the tip along a curve:
for a straight line of the tip, the line is sampled, each point is turned into
joint angles by inverse kinematics, and the joints move from point to point —
between the points the tip leaves the line, the less the more points are taken.

A path through via points is a chain of cubics, each with the velocities it has at its
two points (``cubic_coefficients(..., velocity0=, velocityf=)``): the via velocities
are chosen by a heuristic (continuous velocity, the acceleration jumps) or so that the
acceleration is continuous too (a tridiagonal system: the clamped cubic spline) —
``via_point_cubics``. A quintic (``quintic``) also sets the accelerations at both ends;
a linear segment with parabolic blends (``lspb``) moves at constant speed between two
blends of constant acceleration.
"""

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.kinematics import inverse_kinematics_2r
from robocourse.language import phrase, say

_inverse_kinematics_2r = inverse_kinematics_2r.__wrapped__      # the kernel: values checked


#: A duration: one number > 0 (s), or one per joint.
_DURATION = check.Values(unit="s", at_least=">0")


def _fitting(theta0, thetaf, duration, degree=3, **rates):
    """``θ0, θf, tf`` and the end ``rates`` (name -> value), each checked by its rule, checked
    to go together entry by entry (one per joint) and ``tf`` long enough for the polynomial
    of ``degree`` (``_long_enough``)."""
    checked = check.together(theta0=theta0, thetaf=thetaf, duration=duration, **rates)
    _long_enough(duration, thetaf - theta0, degree, "duration")
    return checked


def _numbers(sentence):
    """The rule ``check.Values(numeric=True)`` whose message for a value in symbols is
    ``sentence(value)``: what to give instead, or where symbols are taken."""
    numbers = check.Values(numeric=True)

    def rule(value, name, call):
        if B.is_symbolic(value):
            raise TypeError(sentence(value))
        return numbers(value, name, call)
    return check.Argument(rule, "Values(numeric=True)")


def _long_enough(duration, change, degree, name):
    """``duration`` (s, > 0) checked to be long enough for floating point: a polynomial of
    ``degree`` that moves by ``change`` in that time has coefficients up to
    ``30 |change| / duration^degree`` (the quintic's ``a4``), which must be a number — not
    an overflow, nor ``0/0`` where ``duration^degree`` underflows to zero. Symbols pass.

    >>> _long_enough(1e-110, 1.0, 3, "duration")
    Traceback (most recent call last):
    ...
    ValueError: duration = 1e-110 s is too short for floating point: the cubic's ...
    """
    if B.is_symbolic(duration, change):
        return duration
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        power = np.asarray(duration, dtype=float) ** degree
        largest = 30 * np.abs(np.asarray(change, dtype=float)) / power
    short = np.broadcast_to((power == 0) | ~np.isfinite(largest), np.broadcast(power,
                                                                              largest).shape)
    if short.any():
        shortest = float(np.broadcast_to(duration, short.shape)[short].min())
        kind, power = {2: (say("blends'", "errors"), say("square", "errors")),
                       3: (say("cubic's", "errors"), say("cube", "errors")),
                       5: (say("quintic's", "errors"), say("fifth power", "errors"))}[degree]
        change = float(np.abs(np.asarray(change, dtype=float)).max())
        raise ValueError(say("{name} = {shortest} s is too short for floating point: the "
                             "{kind} coefficients divide the change of position (up to "
                             "{change}) by its {power}, which would overflow (or the power "
                             "underflow to 0); give a longer {name}, or other units", "errors",
                             name=name, shortest=repr(shortest), kind=kind, change=format(change,
                                                                                          ".3g"),
                             power=power))
    return duration


def _coefficients(theta0, thetaf, duration, velocity0=0, velocityf=0):
    change = thetaf - theta0
    return (theta0, velocity0,
            3 * change / duration**2 - (2 * velocity0 + velocityf) / duration,
            -2 * change / duration**3 + (velocity0 + velocityf) / duration**2)


def _cubic(coefficients, t):
    c0, c1, c2, c3 = coefficients
    return (c0 + c1 * t + c2 * t**2 + c3 * t**3,
            c1 + 2 * c2 * t + 3 * c3 * t**2,
            2 * c2 + 6 * c3 * t)


@check.arguments(theta0=check.Values(), thetaf=check.Values(), duration=_DURATION,
                 velocity0=check.Values(), velocityf=check.Values())
def cubic_coefficients(theta0, thetaf, duration, *, velocity0=0, velocityf=0):
    """``(c0, c1, c2, c3)`` of the cubic from ``θ0`` to ``θf`` in ``tf = duration`` with
    zero velocity at both ends: ``c0 = θ0, c1 = 0, c2 = 3(θf − θ0)/tf², c3 = −2(θf − θ0)/tf³``.

    With end velocities ``θ̇0 = velocity0``, ``θ̇f = velocityf`` (a segment between via
    points, Craig 2017, §7.3): ``c1 = θ̇0``, ``c2 = 3(θf − θ0)/tf² − (2θ̇0 + θ̇f)/tf``,
    ``c3 = −2(θf − θ0)/tf³ + (θ̇0 + θ̇f)/tf²``.

    >>> cubic_coefficients(*sp.symbols('theta0 theta_f t_f'))
    (theta0, 0, (-3*theta0 + 3*theta_f)/t_f**2, (2*theta0 - 2*theta_f)/t_f**3)
    >>> cubic_coefficients(0.0, 1.0, 1.0, velocity0=0.5, velocityf=0.5)
    (0.0, 0.5, 1.5, -1.0)
    """
    return _coefficients(*_fitting(theta0, thetaf, duration, velocity0=velocity0,
                                   velocityf=velocityf))


@check.arguments(theta0=check.Values(), thetaf=check.Values(), duration=_DURATION,
                 t=check.Number("s", interval=(0, "duration"), hint=phrase(
                     ": the cubic is the motion only from t = 0 to t = duration "
                     "(JointTrajectory.at holds the arm at rest outside)", "errors")))
def cubic(theta0, thetaf, duration, t):
    """``(θ, θ̇, θ̈)`` of the rest-to-rest cubic at time(s) ``t`` in ``[0, duration]``.

    ``θ = c0 + c1 t + c2 t² + c3 t³``, ``θ̇ = c1 + 2 c2 t + 3 c3 t²``, ``θ̈ = 2 c2 + 6 c3 t``.
    Works elementwise on arrays of times (and of joints, by broadcasting) and on symbols.
    Outside ``[0, duration]`` the polynomial is not the motion (the arm rests before and
    after: ``JointTrajectory.at``), so such a time is refused, not extrapolated.

    >>> position, velocity, acceleration = cubic(0.0, 1.0, 2.0, np.array([0.0, 1.0, 2.0]))
    >>> position, velocity
    (array([0. , 0.5, 1. ]), array([0.  , 0.75, 0.  ]))
    >>> cubic(0.0, 1.0, 2.0, 3.0)
    Traceback (most recent call last):
    ...
    ValueError: t must lie in [0, 2.0] (s); got 3.0: the cubic is the motion only from t = 0 ...
    """
    theta0, thetaf, duration = _fitting(theta0, thetaf, duration)
    return _cubic(_coefficients(theta0, thetaf, duration), t)


@check.arguments(theta0=check.Values(), thetaf=check.Values(),
                 max_velocity=check.Values(unit="rad/s", at_least=">0"))
def cubic_duration(theta0, thetaf, max_velocity):
    """The shortest duration of the cubic whose peak speed ``3|θf − θ0|/(2 tf)`` is
    ``max_velocity``: ``tf = 3|θf − θ0| / (2 v_max)``.

    >>> cubic_duration(0.0, 1.0, 0.75)
    2.0
    """
    return _duration(*check.together(theta0=theta0, thetaf=thetaf, max_velocity=max_velocity))


def _duration(theta0, thetaf, max_velocity):
    return 3 * abs(thetaf - theta0) / (2 * max_velocity)


#: The joint values a motion starts from, and as many values again (its end, its durations).
_START = check.Vector(None, numeric=True)
_ONE_PER_ENTRY_OF_Q0 = check.Vector("q0", phrase("one per entry of q0", "errors"), numeric=True)


@dataclass(frozen=True)
class JointTrajectory:
    """Joint i moves by a rest-to-rest cubic from ``q0[i]`` to ``qf[i]`` in
    ``durations[i]`` seconds, starting at t = 0: at rest at ``q0[i]`` before, at
    ``qf[i]`` after.

    ``at(t)`` gives ``(q, q̇, q̈)`` at numeric time(s) ``t`` (any finite times): arrays of
    shape (n,) for one time, (N, n) for N times.
    """

    q0: Any
    qf: Any
    durations: Any

    def __post_init__(self):
        q0 = _START.of(self.q0, "q0")
        object.__setattr__(self, "q0", q0)
        object.__setattr__(self, "qf", _ONE_PER_ENTRY_OF_Q0.of(self.qf, "qf", q0=q0))
        durations = _DURATION.of(_ONE_PER_ENTRY_OF_Q0.of(self.durations, "durations", q0=q0),
                                 "durations")
        _long_enough(durations, self.qf - q0, 3, "durations")
        object.__setattr__(self, "durations", durations)

    @property
    def duration(self):
        """The time when the last joint arrives."""
        return float(self.durations.max())

    @check.arguments(t=_numbers(lambda t: say(
        "t must be a time or an array of times in seconds (numbers; cubic(...) takes "
        "symbols); got {t}", "errors", t=repr(t))))
    def at(self, t):
        """``(q, q̇, q̈)`` at time(s) ``t``: each joint's cubic, held at rest after it ends."""
        t = t[..., None]                                  # times down, joints across
        moving = (t >= 0) & (t <= self.durations)
        coefficients = _coefficients(self.q0, self.qf, self.durations)
        q, qd, qdd = _cubic(coefficients, np.clip(t, 0, self.durations))
        return q, qd * moving, qdd * moving


@check.arguments(q0=_START, qf=_ONE_PER_ENTRY_OF_Q0,
                 duration=check.Number("s", at_least=">0", numeric=True))
def synchronised(q0, qf, duration):
    """All joints move from ``q0`` to ``qf`` together, starting and stopping at once.

    >>> path = synchronised([0.0, 0.0], [1.0, -2.0], 2.0)
    >>> path.at(1.0)[0], path.at(2.0)[1]           # halfway; at rest at the end
    (array([ 0.5, -1. ]), array([0., 0.]))
    """
    _long_enough(duration, qf - q0, 3, "duration")
    return JointTrajectory(q0, qf, [duration] * len(q0))


@check.arguments(q0=_START, qf=_ONE_PER_ENTRY_OF_Q0,
                 max_velocity=check.Number("rad/s", at_least=">0", numeric=True))
def unsynchronised(q0, qf, max_velocity):
    """Each joint moves as fast as ``max_velocity`` allows (``cubic_duration``), so the
    joints arrive one after another; a joint that does not move takes the longest time.

    >>> unsynchronised([0.0, 0.0], [1.0, -2.0], 0.75).durations
    array([2., 4.])
    """
    durations = [_duration(a, b, max_velocity) for a, b in zip(q0, qf, strict=True)]
    if max(durations) == 0:
        raise ValueError(say("qf must differ from q0 in at least one joint: nothing moves",
                             "errors"))
    durations = [d or max(durations) for d in durations]
    try:
        _long_enough(np.array(durations), qf - q0, 3, "duration")
    except ValueError as error:
        raise ValueError(say("max_velocity = {max_velocity} rad/s is too large: {error}",
                             "errors", max_velocity=repr(max_velocity), error=error)) from None
    return JointTrajectory(q0, qf, durations)


@check.arguments(robot=check.Robot(), start=check.Vector(2, "x, y"), end=check.Vector(2, "x, y"),
                 points=check.Count(2, check.MAX_COUNT), elbow=check.Choice("up", "down"))
def straight_line_2r(robot, start, end, points, elbow="down"):
    """Joint angles (points x 2) putting the tip of the planar 2R arm ``robot`` at ``points``
    equally spaced points of the segment from ``start`` to ``end``
    (``kinematics.inverse_kinematics_2r``).

    One elbow branch is used for every point, so the arm never flips on the way, and
    the angles are unwrapped (no 2π jump where the line crosses the −X0 axis), so the
    joints move the short way between neighbouring points. Moving the joints from one
    of these configurations to the next keeps the tip on the line only at the points
    themselves.

    >>> from robocourse.models import planar_2r
    >>> straight_line_2r(planar_2r(l1=1.0, l2=1.0), [2.0, 0.0], [0.0, 2.0], points=2) / np.pi
    array([[0. , 0. ],
           [0.5, 0. ]])
    """
    scalars = B.scalars_of(start)                    # start in the kind of the call
    rows = []
    for k in range(points):
        x, y = start + (end - start) * k / (points - 1)
        rows.append(list(_inverse_kinematics_2r(robot, x, y, elbow)))
    return scalars.matrix(rows) if scalars.exact else np.unwrap(np.array(rows, float), axis=0)


@check.arguments(via=check.Matrix(None, None, numeric=True),
                 steps=check.Count(1, check.MAX_COUNT))
def joint_space_path(via, steps):
    """The joint values met when moving straight (in joint space) from each row of
    ``via`` to the next, ``steps`` steps per segment: the path that a synchronised cubic
    between successive via points traces (its timing differs, its shape does not).

    >>> joint_space_path([[0.0, 0.0], [1.0, 2.0]], steps=2)
    array([[0. , 0. ],
           [0.5, 1. ],
           [1. , 2. ]])
    """
    if len(via) < 2:
        raise ValueError(say("via must be a (points x joints) array with at least 2 points; "
                             "got shape {shape}", "errors", shape=via.shape))
    fractions = np.arange(steps)[:, None, None] / steps           # (steps, 1, 1)
    segments = via[:-1] + fractions * (via[1:] - via[:-1])         # (steps, segments, n)
    return np.vstack([segments.transpose(1, 0, 2).reshape(-1, via.shape[1]), via[-1:]])


@check.arguments(points=check.Matrix(None, 2), start=check.Vector(2, "x, y"),
                 end=check.Vector(2, "x, y"))
def distance_from_line(points, start, end):
    """Signed distance of each point (row of ``points``, N x 2) from the line through
    ``start`` and ``end``: ``(d × (p − a)) / |d| = (d_x r_y − d_y r_x) / |d|`` with
    ``a = start``, ``d = end − start`` and ``r = p − a`` (the planar cross product, so
    the distance is positive to the left of the direction of travel).

    >>> distance_from_line([[1.0, 1.0], [2.0, 0.0], [0.5, -2.0]], [0.0, 0.0], [1.0, 0.0])
    array([ 1.,  0., -2.])
    """
    scalars = B.scalars_of(start)                    # start in the kind of the call
    direction = end - start
    squared = B.dot(direction, direction)
    if squared == 0:
        raise ValueError(say("end must differ from start: the line runs through both; got "
                             "start = end = {start}", "errors", start=check.plain(start)))
    count = points.shape[0]
    relative = points - scalars.matrix([list(start)] * count)
    cross = relative[:, 1] * direction[0] - relative[:, 0] * direction[1]
    return cross / (sp.sqrt(squared) if scalars.exact else math.sqrt(squared))


# --- paths through via points, quintics, linear segments with parabolic blends (§5.6–5.7) ---

def _quintic_coefficients(theta0, thetaf, T, v0, vf, a0, af):
    change = thetaf - theta0
    half = sp.Rational(1, 2) if B.is_symbolic(theta0, thetaf, T, v0, vf, a0, af) else 0.5
    return (theta0, v0, half * a0,
            (20 * change - (8 * vf + 12 * v0) * T - (3 * a0 - af) * T**2) / (2 * T**3),
            (-30 * change + (14 * vf + 16 * v0) * T + (3 * a0 - 2 * af) * T**2) / (2 * T**4),
            (12 * change - (6 * vf + 6 * v0) * T - (a0 - af) * T**2) / (2 * T**5))


@check.arguments(theta0=check.Values(), thetaf=check.Values(), duration=_DURATION,
                 velocity0=check.Values(), velocityf=check.Values(),
                 acceleration0=check.Values(), accelerationf=check.Values())
def quintic_coefficients(theta0, thetaf, duration, *, velocity0=0, velocityf=0,
                         acceleration0=0, accelerationf=0):
    """``(a0, …, a5)`` of the quintic ``θ(t) = a0 + a1 t + … + a5 t⁵`` from ``θ0`` to ``θf``
    in ``tf = duration`` with the end velocities ``θ̇0, θ̇f`` and accelerations ``θ̈0, θ̈f``
    (Craig 2017, §7.3, six conditions, six coefficients):

    ``a0 = θ0``, ``a1 = θ̇0``, ``a2 = θ̈0/2``,
    ``a3 = (20Δ − (8θ̇f + 12θ̇0) tf − (3θ̈0 − θ̈f) tf²) / (2 tf³)``,
    ``a4 = (−30Δ + (14θ̇f + 16θ̇0) tf + (3θ̈0 − 2θ̈f) tf²) / (2 tf⁴)``,
    ``a5 = (12Δ − (6θ̇f + 6θ̇0) tf − (θ̈0 − θ̈f) tf²) / (2 tf⁵)``, with ``Δ = θf − θ0``.
    From rest to rest: ``a3 = 10Δ/tf³, a4 = −15Δ/tf⁴, a5 = 6Δ/tf⁵``.

    >>> quintic_coefficients(0.0, 1.0, 1.0)
    (0.0, 0, 0.0, 10.0, -15.0, 6.0)
    """
    return _quintic_coefficients(*_fitting(
        theta0, thetaf, duration, 5, velocity0=velocity0, velocityf=velocityf,
        acceleration0=acceleration0, accelerationf=accelerationf))


@check.arguments(theta0=check.Values(), thetaf=check.Values(), duration=_DURATION,
                 t=check.Number("s", interval=(0, "duration"), hint=phrase(
                     ": the quintic is the motion only from t = 0 to t = duration", "errors")),
                 velocity0=check.Values(), velocityf=check.Values(),
                 acceleration0=check.Values(), accelerationf=check.Values())
def quintic(theta0, thetaf, duration, t, *, velocity0=0, velocityf=0, acceleration0=0,
            accelerationf=0):
    """``(θ, θ̇, θ̈)`` of the quintic (``quintic_coefficients``) at time(s) ``t`` in
    ``[0, duration]``: position, velocity AND acceleration are the given ones at both ends,
    so a quintic from rest to rest starts and stops without a jump of acceleration (of
    torque), which the cubic cannot do. Numbers, arrays (elementwise) or symbols.

    >>> position, velocity, acceleration = quintic(0.0, 1.0, 2.0, np.array([0.0, 1.0, 2.0]))
    >>> position, velocity, acceleration
    (array([0. , 0.5, 1. ]), array([0.   , 0.9375, 0.   ]), array([0., 0., 0.]))
    """
    theta0, thetaf, duration, *ends = _fitting(
        theta0, thetaf, duration, 5, velocity0=velocity0, velocityf=velocityf,
        acceleration0=acceleration0, accelerationf=accelerationf)
    a = _quintic_coefficients(theta0, thetaf, duration, *ends)
    return (a[0] + a[1] * t + a[2] * t**2 + a[3] * t**3 + a[4] * t**4 + a[5] * t**5,
            a[1] + 2 * a[2] * t + 3 * a[3] * t**2 + 4 * a[4] * t**3 + 5 * a[5] * t**4,
            2 * a[2] + 6 * a[3] * t + 12 * a[4] * t**2 + 20 * a[5] * t**3)


#: The blends' acceleration: one number > 0, or one per joint.
_BLENDS = check.Values(unit=phrase("rad/s², the size of the blends' acceleration", "errors"),
                       at_least=">0")


def _lspb_fitting(theta0, thetaf, duration, acceleration):
    """``θ0, θf, tf`` and the blend acceleration (``_fitting``), checked to be large enough:
    ``|θ̈| >= 4|θf − θ0|/tf²`` (Craig 2017, §7.3), else the blends cannot meet."""
    theta0, thetaf, duration, acceleration = _fitting(theta0, thetaf, duration, 2,
                                                      acceleration=acceleration)
    least = 4 * abs(thetaf - theta0) / duration**2
    if not B.is_symbolic(acceleration, least) and np.any(
            np.asarray(acceleration) < np.asarray(least) * (1 - check.ROUND_OFF)):
        raise ValueError(say("acceleration must be >= 4|thetaf - theta0|/duration² = "
                             "{least} (rad/s²) for the two blends to meet the straight "
                             "segment; got {acceleration}", "errors",
                             least=np.round(least, 6).tolist(),
                             acceleration=np.asarray(acceleration).tolist()))
    return theta0, thetaf, duration, acceleration


def _blend_time(theta0, thetaf, duration, acceleration):
    """``t_b = tf/2 − √(θ̈² tf² − 4 θ̈ |θf − θ0|) / (2 θ̈)``."""
    root = acceleration**2 * duration**2 - 4 * acceleration * abs(thetaf - theta0)
    if B.is_symbolic(root):                        # one expression, or one per joint
        sqrt = np.vectorize(sp.sqrt, otypes=[object]) if np.ndim(root) else sp.sqrt
        return duration / 2 - sqrt(root) / (2 * acceleration)
    return duration / 2 - np.sqrt(np.maximum(root, 0.0)) / (2 * acceleration)


@check.arguments(theta0=check.Values(), thetaf=check.Values(), duration=_DURATION,
                 acceleration=_BLENDS)
def lspb_blend_time(theta0, thetaf, duration, acceleration):
    """The blend time ``t_b`` of the linear segment with parabolic blends from ``θ0`` to
    ``θf`` in ``tf = duration`` whose blends accelerate at ``|θ̈| = acceleration``:

    ``t_b = tf/2 − √(θ̈² tf² − 4 θ̈ |θf − θ0|) / (2 θ̈)``,

    the smaller root of ``θ̈ t_b² − θ̈ tf t_b + |θf − θ0| = 0``, which says that the blend
    ends on the line through the midpoint ``(tf/2, (θ0 + θf)/2)`` with the speed it has
    reached, ``θ̈ t_b``. It needs ``θ̈ >= 4|θf − θ0|/tf²``; at equality ``t_b = tf/2``
    (no linear part), and ``t_b → 0`` as ``θ̈ → ∞`` (constant speed, an infinite
    acceleration at both ends). Numbers or symbols.

    >>> float(lspb_blend_time(30.0, 80.0, 5.5, 20.0))
    0.5
    """
    return _blend_time(*_lspb_fitting(theta0, thetaf, duration, acceleration))


@check.arguments(theta0=check.Values(), thetaf=check.Values(), duration=_DURATION,
                 acceleration=_BLENDS, t=check.Number("s", interval=(0, "duration"), hint=phrase(
                     ": the motion runs from t = 0 to t = duration", "errors")))
def lspb(theta0, thetaf, duration, acceleration, t):
    """``(θ, θ̇, θ̈)`` at time(s) ``t`` in ``[0, duration]`` of the linear segment with
    parabolic blends (LSPB) from ``θ0`` to ``θf``: with ``s = sgn(θf − θ0)``, ``a`` the
    blends' acceleration and ``t_b`` the blend time (``lspb_blend_time``),

    * ``0 <= t <= t_b``: ``θ = θ0 + ½ s a t²`` (speeding up at ``s a``);
    * ``t_b < t < tf − t_b``: ``θ = θ0 + s a t_b (t − t_b/2)`` (constant speed ``s a t_b``);
    * ``tf − t_b <= t <= tf``: ``θ = θf − ½ s a (tf − t)²`` (slowing down).

    Velocity continuous, acceleration piecewise constant. Numbers (arrays elementwise).

    >>> lspb(30.0, 80.0, 5.5, 20.0, np.array([0.0, 0.5, 2.75, 5.5]))[:2]
    (array([30. , 32.5, 55. , 80. ]), array([ 0., 10., 10.,  0.]))
    """
    theta0, thetaf, duration, acceleration = _lspb_fitting(theta0, thetaf, duration,
                                                           acceleration)
    if B.is_symbolic(theta0, thetaf, duration, acceleration, t):
        raise TypeError(say("lspb evaluates numbers (a piecewise motion): give theta0, "
                            "thetaf, duration, acceleration and t as numbers; lspb_blend_time "
                            "takes symbols", "errors"))
    blend = _blend_time(theta0, thetaf, duration, acceleration)
    a = np.sign(thetaf - theta0) * acceleration
    rising, falling = t <= blend, t >= duration - blend
    left = duration - t
    position = np.where(rising, theta0 + a * t**2 / 2,
                        np.where(falling, thetaf - a * left**2 / 2,
                                 theta0 + a * blend * (t - blend / 2)))
    velocity = np.where(rising, a * t, np.where(falling, a * left, a * blend))
    accel = np.where(rising, a, np.where(falling, -a, 0.0)) + 0.0 * t
    return position, velocity, accel


VIA_VELOCITIES = ("heuristic", "continuous acceleration")


def _via_velocities(value, name, call):
    """The rule of ``check.arguments`` for the via velocities: the name of a rule
    (``VIA_VELOCITIES``), or the velocities themselves, numbers."""
    rule = check.Choice(*VIA_VELOCITIES) if isinstance(value, str) else check.Values(numeric=True)
    return rule(value, name, call)


def _heuristic_velocities(slopes):
    """Craig's heuristic (2017, §7.3): at a via point the average of the slopes of the two
    neighbouring segments, or zero where the slope changes sign (or is zero); at rest at
    the first and last point."""
    before, after = slopes[:-1], slopes[1:]
    same_sign = np.sign(before) * np.sign(after) > 0
    inner = np.where(same_sign, (before + after) / 2, 0.0)
    rest = np.zeros((1, *slopes.shape[1:]))
    return np.concatenate([rest, inner, rest])


def _continuous_acceleration_velocities(h, change):
    """The via velocities for which the acceleration is continuous at every via point, at
    rest at the ends: for k = 1 … m−2,
    ``v_{k−1}/h_{k−1} + 2 (1/h_{k−1} + 1/h_k) v_k + v_{k+1}/h_k = 3 (Δ_{k−1}/h_{k−1}² + Δ_k/h_k²)``,
    a tridiagonal system (``scipy.linalg.solve_banded``)."""
    from scipy.linalg import solve_banded

    m = len(h) + 1
    rest = np.zeros((1, *change.shape[1:]))
    if m == 2:
        return np.concatenate([rest, rest])
    inverse = (1 / h).reshape(-1, *[1] * (change.ndim - 1))
    rhs = 3 * (change[:-1] * inverse[:-1] ** 2 + change[1:] * inverse[1:] ** 2)
    bands = np.zeros((3, m - 2))
    bands[0, 1:] = 1 / h[1:-1]                      # above the diagonal: v_{k+1} / h_k
    bands[1] = 2 * (1 / h[:-1] + 1 / h[1:])
    bands[2, :-1] = 1 / h[1:-1]                     # below: v_{k-1} / h_{k-1}
    return np.concatenate([rest, solve_banded((1, 1), bands, rhs), rest])


@dataclass(frozen=True)
class ViaPointPath:
    """Cubic segments through via points (``via_point_cubics``): the joint values
    ``positions[k]`` at ``times[k]``, passed with ``velocities[k]`` — position and velocity
    continuous everywhere. ``positions`` and ``velocities``: (m,) for one joint, (m, n)
    for n joints.

    ``at(t)`` gives ``(q, q̇, q̈)`` at numeric time(s) ``t`` (shape of ``t``, with the joints
    last); before the first and after the last point the arm is at rest there (allowed
    only when the velocity there is zero).
    """

    times: Any
    positions: Any
    velocities: Any

    @property
    def duration(self):
        """The time of the last point."""
        return float(self.times[-1])

    @property
    def coefficients(self):
        """``(c0, c1, c2, c3)`` of every segment, in its own time from 0 to ``h_k``
        (``cubic_coefficients`` with end velocities): shape (m − 1, 4, …)."""
        h = np.diff(self.times).reshape(-1, *[1] * (self.positions.ndim - 1))
        return np.stack(_coefficients(self.positions[:-1], self.positions[1:], h,
                                      self.velocities[:-1], self.velocities[1:]), axis=1)

    def _outside_at_rest(self, t):
        for outside, k in ((t < self.times[0], 0), (t > self.times[-1], -1)):
            if np.any(outside) and np.any(self.velocities[k] != 0):
                start, end = self.times[0], self.times[-1]
                got = float(np.asarray(t)[outside].ravel()[0])     # shown as a number
                raise ValueError(
                    say("t must lie in [{start}, {end}] (s): the path is not at rest at its "
                        "first point, so there is no motion before the first point; got {t}",
                        "errors", start=start, end=end, t=repr(got)) if k == 0 else
                    say("t must lie in [{start}, {end}] (s): the path is not at rest at its "
                        "last point, so there is no motion after the last point; got {t}",
                        "errors", start=start, end=end, t=repr(got)))

    @check.arguments(t=_numbers(lambda t: say(
        "t must be a time or an array of times in seconds (numbers); got {t}", "errors",
        t=repr(t))))
    def at(self, t):
        """``(q, q̇, q̈)`` at time(s) ``t``; at a via point, the segment that starts there."""
        self._outside_at_rest(t)
        inside = (t >= self.times[0]) & (t <= self.times[-1])
        clipped = np.clip(t, self.times[0], self.times[-1])
        k = np.clip(np.searchsorted(self.times, clipped, side="right") - 1, 0,
                    len(self.times) - 2)
        c0, c1, c2, c3 = np.moveaxis(self.coefficients[k], t.ndim, 0)   # each (..., [n])
        joints = (1,) * (self.positions.ndim - 1)                   # times first, joints last
        s = np.reshape(clipped - self.times[k], t.shape + joints)
        moving = np.reshape(inside, s.shape)
        return (c0 + c1 * s + c2 * s**2 + c3 * s**3, (c1 + 2 * c2 * s + 3 * c3 * s**2) * moving,
                (2 * c2 + 6 * c3 * s) * moving)

    @check.arguments()
    def acceleration_jumps(self):
        """``q̈(t_k⁺) − q̈(t_k⁻)`` at every via point k = 1 … m−2 (rows): zero for the
        continuous-acceleration velocities, not in general for the others."""
        c = self.coefficients
        h = np.diff(self.times).reshape(-1, *[1] * (self.positions.ndim - 1))
        arriving = 2 * c[:-1, 2] + 6 * c[:-1, 3] * h[:-1]
        leaving = 2 * c[1:, 2]
        return leaving - arriving


@check.arguments(times=check.Vector(None, "one per point", numeric=True),
                 positions=_numbers(lambda positions: say(
                     "positions must be numbers (via_point_cubics plans numerically); got "
                     "{positions}", "errors", positions=check.shown(positions))),
                 velocities=check.Argument(_via_velocities, "a rule or velocities"))
def via_point_cubics(times, positions, velocities="heuristic"):
    """The path of cubic segments through the points ``positions[k]`` at ``times[k]``
    (k = 0 … m−1, increasing times), at rest at the first and the last point, with
    continuous position and velocity at every via point (Craig 2017, §7.3).

    Segment k is the cubic from ``θ_k`` to ``θ_{k+1}`` in ``h_k = t_{k+1} − t_k`` with the end
    velocities ``v_k, v_{k+1}`` (``cubic_coefficients``). The via velocities ``v_k``:

    * ``"heuristic"``: the average of the neighbouring segments' slopes
      ``(θ_{k+1} − θ_k)/h_k``, or 0 where the slope changes sign — the acceleration jumps at
      the via points;
    * ``"continuous acceleration"``: the solution of the tridiagonal system (k = 1 … m−2)
      ``v_{k−1}/h_{k−1} + 2 (1/h_{k−1} + 1/h_k) v_k + v_{k+1}/h_k``
      ``= 3 (Δ_{k−1}/h_{k−1}² + Δ_k/h_k²)``, ``Δ_k = θ_{k+1} − θ_k`` (the clamped cubic
      spline) — the acceleration is continuous too;
    * an array of m velocities (one row per point, first and last included): as given.

    ``positions``: (m,) for one joint, (m, n) for n joints (a column per joint). Numbers.

    >>> path = via_point_cubics([0.0, 1.0, 2.0], [0.0, 1.0, 3.0])
    >>> path.velocities                                # the slopes 1 and 2, averaged
    array([0. , 1.5, 0. ])
    >>> float(path.at(1.0)[0]), float(path.acceleration_jumps()[0])  # through θ1; q̈ jumps
    (1.0, 6.0)
    >>> smooth = via_point_cubics([0.0, 1.0, 2.0], [0.0, 1.0, 3.0], "continuous acceleration")
    >>> float(smooth.velocities[1]), float(smooth.acceleration_jumps()[0])
    (2.25, 0.0)
    """
    if len(times) < 2:
        raise ValueError(say("times must hold at least 2 times (a start and an end); got "
                             "{count}", "errors", count=len(times)))
    if np.any(np.diff(times) <= 0):
        k = int(np.flatnonzero(np.diff(times) <= 0)[0])
        raise ValueError(say("times must increase; got times[{k}] = {before} and "
                             "times[{after_k}] = {after}", "errors", k=k, before=times[k],
                             after_k=k + 1, after=times[k + 1]))
    if positions.ndim not in (1, 2) or len(positions) != len(times):
        raise ValueError(say("positions must hold one row per time ({rows} rows, one column "
                             "per joint); got shape {shape}", "errors", rows=len(times),
                             shape=positions.shape))
    h = np.diff(times)
    change = np.diff(positions, axis=0)
    _long_enough(h.reshape(-1, *[1] * (positions.ndim - 1)), change, 3,
                "times[k+1] - times[k]")
    if isinstance(velocities, str):
        slopes = change / h.reshape(-1, *[1] * (positions.ndim - 1))
        v = (_heuristic_velocities(slopes) if velocities == "heuristic"
             else _continuous_acceleration_velocities(h, change))
    else:
        v = velocities
        if v.shape != positions.shape:
            raise ValueError(say("velocities must be 'heuristic', 'continuous acceleration' "
                                 "or one per position, shape {wanted}; got shape {shape}",
                                 "errors", wanted=positions.shape, shape=v.shape))
    return ViaPointPath(times=times, positions=positions, velocities=v + 0.0)
