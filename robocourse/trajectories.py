"""Joint trajectories: cubic rest-to-rest motion, several joints together, and a
straight line in Cartesian space (chapter 5, §5.1–5.3).

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
"""

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as C
from robocourse.kinematics import inverse_kinematics_2r


def _checked(theta0, thetaf, duration):
    """``θ0, θf, tf`` checked: numbers, symbols or arrays of numbers (one per joint), tf > 0."""
    return (C.values(theta0, "theta0"), C.values(thetaf, "thetaf"),
            C.positive(C.values(duration, "duration"), "duration", "s"))


def _coefficients(theta0, thetaf, duration):
    change = thetaf - theta0
    return theta0, 0, 3 * change / duration**2, -2 * change / duration**3


def _cubic(coefficients, t):
    c0, c1, c2, c3 = coefficients
    return (c0 + c1 * t + c2 * t**2 + c3 * t**3,
            c1 + 2 * c2 * t + 3 * c3 * t**2,
            2 * c2 + 6 * c3 * t)


@C.finite_result
def cubic_coefficients(theta0, thetaf, duration):
    """``(c0, c1, c2, c3)`` of the cubic from ``θ0`` to ``θf`` in ``tf = duration`` with
    zero velocity at both ends: ``c0 = θ0, c1 = 0, c2 = 3(θf − θ0)/tf², c3 = −2(θf − θ0)/tf³``.

    >>> cubic_coefficients(*sp.symbols('theta0 theta_f t_f'))
    (theta0, 0, (-3*theta0 + 3*theta_f)/t_f**2, (2*theta0 - 2*theta_f)/t_f**3)
    """
    return _coefficients(*_checked(theta0, thetaf, duration))


@C.finite_result
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
    theta0, thetaf, duration = _checked(theta0, thetaf, duration)
    t = C.within(t, "t", 0, duration, "s", ": the cubic is the motion only from t = 0 to "
                 "t = duration (JointTrajectory.at holds the arm at rest outside)")
    return _cubic(_coefficients(theta0, thetaf, duration), t)


@C.finite_result
def cubic_duration(theta0, thetaf, max_velocity):
    """The shortest duration of the cubic whose peak speed ``3|θf − θ0|/(2 tf)`` is
    ``max_velocity``: ``tf = 3|θf − θ0| / (2 v_max)``.

    >>> cubic_duration(0.0, 1.0, 0.75)
    2.0
    """
    theta0, thetaf = C.values(theta0, "theta0"), C.values(thetaf, "thetaf")
    max_velocity = C.positive(C.values(max_velocity, "max_velocity"), "max_velocity", "rad/s")
    return 3 * abs(thetaf - theta0) / (2 * max_velocity)


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
        q0 = C.vector(self.q0, None, "q0", False)
        object.__setattr__(self, "q0", q0)
        object.__setattr__(self, "qf", C.vector(self.qf, len(q0), "qf", False, "one per joint"))
        durations = C.vector(self.durations, len(q0), "durations", False, "one per joint")
        object.__setattr__(self, "durations", C.positive(durations, "durations", "s"))

    @property
    def duration(self):
        """The time when the last joint arrives."""
        return float(self.durations.max())

    @C.finite_result
    def at(self, t):
        """``(q, q̇, q̈)`` at time(s) ``t``: each joint's cubic, held at rest after it ends."""
        if B.is_symbolic(t):
            raise TypeError(f"t must be a time or an array of times in seconds (numbers; "
                            f"cubic(...) takes symbols); got {t!r}")
        t = np.asarray(C.values(t, "t"), dtype=float)[..., None]   # times down, joints across
        moving = (t >= 0) & (t <= self.durations)
        coefficients = _coefficients(self.q0, self.qf, self.durations)
        q, qd, qdd = _cubic(coefficients, np.clip(t, 0, self.durations))
        return q, qd * moving, qdd * moving


def synchronised(q0, qf, duration):
    """All joints move from ``q0`` to ``qf`` together, starting and stopping at once.

    >>> path = synchronised([0.0, 0.0], [1.0, -2.0], 2.0)
    >>> path.at(1.0)[0], path.at(2.0)[1]           # halfway; at rest at the end
    (array([ 0.5, -1. ]), array([0., 0.]))
    """
    duration = C.positive(duration, "duration", "s")
    q0 = C.vector(q0, None, "q0", False)
    return JointTrajectory(q0, qf, [duration] * len(q0))


def unsynchronised(q0, qf, max_velocity):
    """Each joint moves as fast as ``max_velocity`` allows (``cubic_duration``), so the
    joints arrive one after another; a joint that does not move takes the longest time.

    >>> unsynchronised([0.0, 0.0], [1.0, -2.0], 0.75).durations
    array([2., 4.])
    """
    q0 = C.vector(q0, None, "q0", False)
    qf = C.vector(qf, len(q0), "qf", False, "one per joint")
    max_velocity = C.positive(max_velocity, "max_velocity", "rad/s")
    durations = [cubic_duration(a, b, max_velocity) for a, b in zip(q0, qf, strict=True)]
    if max(durations) == 0:
        raise ValueError("qf must differ from q0 in at least one joint: nothing moves")
    return JointTrajectory(q0, qf, [d or max(durations) for d in durations])


@C.finite_result
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
    C.robot(robot)
    points = C.count(points, "points", 2)
    symbolic = B.is_symbolic(start, end) or robot.uses_symbols(dynamics=False)
    start = C.vector(start, 2, "start", symbolic, "x, y")
    end = C.vector(end, 2, "end", symbolic, "x, y")
    rows = []
    for k in range(points):
        x, y = start + (end - start) * k / (points - 1)
        rows.append(list(inverse_kinematics_2r(robot, x, y, elbow)))
    return B.matrix(rows, symbolic) if symbolic else np.unwrap(np.array(rows, float), axis=0)


@C.finite_result
def joint_space_path(via, steps):
    """The joint values met when moving straight (in joint space) from each row of
    ``via`` to the next, ``steps`` steps per segment: the path that a synchronised cubic
    between successive via points traces (its timing differs, its shape does not).

    >>> joint_space_path([[0.0, 0.0], [1.0, 2.0]], steps=2)
    array([[0. , 0. ],
           [0.5, 1. ],
           [1. , 2. ]])
    """
    steps = C.count(steps, "steps", 1)
    via = C.matrix(via, (None, None), "via", symbolic=False)
    if len(via) < 2:
        raise ValueError(f"via must be a (points x joints) array with at least 2 points; "
                         f"got shape {via.shape}")
    fractions = np.arange(steps)[:, None, None] / steps           # (steps, 1, 1)
    segments = via[:-1] + fractions * (via[1:] - via[:-1])         # (steps, segments, n)
    return np.vstack([segments.transpose(1, 0, 2).reshape(-1, via.shape[1]), via[-1:]])


@C.finite_result
def distance_from_line(points, start, end):
    """Signed distance of each point (row of ``points``, N x 2) from the line through
    ``start`` and ``end``: ``(d × (p − a)) / |d| = (d_x r_y − d_y r_x) / |d|`` with
    ``a = start``, ``d = end − start`` and ``r = p − a`` (the planar cross product, so
    the distance is positive to the left of the direction of travel).

    >>> distance_from_line([[1.0, 1.0], [2.0, 0.0], [0.5, -2.0]], [0.0, 0.0], [1.0, 0.0])
    array([ 1.,  0., -2.])
    """
    symbolic = B.is_symbolic(points, start, end)
    start = C.vector(start, 2, "start", symbolic, "x, y")
    direction = C.vector(end, 2, "end", symbolic, "x, y") - start
    P = C.matrix(points, (None, 2), "points", symbolic)
    squared = B.dot(direction, direction)
    if squared == 0:
        raise ValueError(f"end must differ from start: the line runs through both; got "
                         f"start = end = {list(start)}")
    count = P.shape[0]
    relative = P - B.matrix([list(start)] * count, symbolic)
    cross = relative[:, 1] * direction[0] - relative[:, 0] * direction[1]
    return cross / (sp.sqrt(squared) if symbolic else math.sqrt(squared))
