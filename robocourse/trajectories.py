"""Joint trajectories: cubic rest-to-rest motion, several joints together, and a
straight line in Cartesian space (lecture ch. 5, seed 001).

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
import numbers
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse.kinematics import inverse_kinematics_2r


def _check_duration(duration, name="duration"):
    if not B.is_symbolic(duration) and np.any(np.asarray(duration, dtype=float) <= 0):
        raise ValueError(f"{name} must be > 0 (seconds); got {duration}")


def cubic_coefficients(theta0, thetaf, duration):
    """``(c0, c1, c2, c3)`` of the cubic from ``θ0`` to ``θf`` in ``tf = duration`` with
    zero velocity at both ends: ``c0 = θ0, c1 = 0, c2 = 3(θf − θ0)/tf², c3 = −2(θf − θ0)/tf³``.

    >>> cubic_coefficients(*sp.symbols('theta0 theta_f t_f'))
    (theta0, 0, (-3*theta0 + 3*theta_f)/t_f**2, (2*theta0 - 2*theta_f)/t_f**3)
    """
    _check_duration(duration)
    change = thetaf - theta0
    return theta0, 0, 3 * change / duration**2, -2 * change / duration**3


def cubic(theta0, thetaf, duration, t):
    """``(θ, θ̇, θ̈)`` of the rest-to-rest cubic at time(s) ``t`` in ``[0, duration]``.

    ``θ = c0 + c1 t + c2 t² + c3 t³``, ``θ̇ = c1 + 2 c2 t + 3 c3 t²``, ``θ̈ = 2 c2 + 6 c3 t``.
    Works elementwise on arrays of times (and of joints, by broadcasting) and on symbols.

    >>> position, velocity, acceleration = cubic(0.0, 1.0, 2.0, np.array([0.0, 1.0, 2.0]))
    >>> position, velocity
    (array([0. , 0.5, 1. ]), array([0.  , 0.75, 0.  ]))
    """
    c0, c1, c2, c3 = cubic_coefficients(theta0, thetaf, duration)
    return (c0 + c1 * t + c2 * t**2 + c3 * t**3,
            c1 + 2 * c2 * t + 3 * c3 * t**2,
            2 * c2 + 6 * c3 * t)


def cubic_duration(theta0, thetaf, max_velocity):
    """The shortest duration of the cubic whose peak speed ``3|θf − θ0|/(2 tf)`` is
    ``max_velocity``: ``tf = 3|θf − θ0| / (2 v_max)``.

    >>> cubic_duration(0.0, 1.0, 0.75)
    2.0
    """
    _check_duration(max_velocity, "max_velocity")
    return 3 * abs(thetaf - theta0) / (2 * max_velocity)


@dataclass(frozen=True)
class JointTrajectory:
    """Joint i moves by a rest-to-rest cubic from ``q0[i]`` to ``qf[i]`` in
    ``durations[i]`` seconds, starting at t = 0 and resting at ``qf[i]`` afterwards.

    ``at(t)`` gives ``(q, q̇, q̈)`` at numeric time(s) ``t``: arrays of shape (n,) for
    one time, (N, n) for N times.
    """

    q0: Any
    qf: Any
    durations: Any

    def __post_init__(self):
        q0 = B.as_vector(self.q0, len(self.q0), "q0", False)
        object.__setattr__(self, "q0", q0)
        object.__setattr__(self, "qf", B.as_vector(self.qf, len(q0), "qf", False))
        durations = B.as_vector(self.durations, len(q0), "durations", False)
        _check_duration(durations, "durations")
        object.__setattr__(self, "durations", durations)

    @property
    def duration(self):
        """The time when the last joint arrives."""
        return float(self.durations.max())

    def at(self, t):
        """``(q, q̇, q̈)`` at time(s) ``t``: each joint's cubic, held at rest after it ends."""
        t = np.asarray(t, dtype=float)[..., None]        # times down, joints across
        moving = (t >= 0) & (t <= self.durations)
        q, qd, qdd = cubic(self.q0, self.qf, self.durations, np.clip(t, 0, self.durations))
        return q, qd * moving, qdd * moving


def synchronised(q0, qf, duration):
    """All joints move from ``q0`` to ``qf`` together, starting and stopping at once.

    >>> path = synchronised([0.0, 0.0], [1.0, -2.0], 2.0)
    >>> path.at(1.0)[0], path.at(2.0)[1]           # halfway; at rest at the end
    (array([ 0.5, -1. ]), array([0., 0.]))
    """
    _check_duration(duration)
    return JointTrajectory(q0, qf, [duration] * len(q0))


def unsynchronised(q0, qf, max_velocity):
    """Each joint moves as fast as ``max_velocity`` allows (``cubic_duration``), so the
    joints arrive one after another; a joint that does not move takes the longest time.

    >>> unsynchronised([0.0, 0.0], [1.0, -2.0], 0.75).durations
    array([2., 4.])
    """
    q0 = B.as_vector(q0, len(q0), "q0", False)
    qf = B.as_vector(qf, len(q0), "qf", False)
    durations = [cubic_duration(a, b, max_velocity) for a, b in zip(q0, qf, strict=True)]
    if max(durations) == 0:
        raise ValueError("qf must differ from q0 in at least one joint: nothing moves")
    return JointTrajectory(q0, qf, [d or max(durations) for d in durations])


def straight_line_2r(start, end, l1, l2, points, elbow="down"):
    """Joint angles (points x 2) putting the 2R tip at ``points`` equally spaced points
    of the segment from ``start`` to ``end`` (``kinematics.inverse_kinematics_2r``).

    One elbow branch is used for every point, so the arm never flips on the way, and
    the angles are unwrapped (no 2π jump where the line crosses the −X0 axis), so the
    joints move the short way between neighbouring points. Moving the joints from one
    of these configurations to the next keeps the tip on the line only at the points
    themselves.

    >>> straight_line_2r([2.0, 0.0], [0.0, 2.0], 1.0, 1.0, points=2) / np.pi
    array([[0. , 0. ],
           [0.5, 0. ]])
    """
    if not isinstance(points, numbers.Integral) or points < 2:
        raise ValueError(f"points must be an integer >= 2; got {points!r}")
    symbolic = B.is_symbolic(start, end, l1, l2)
    start = B.as_vector(start, 2, "start", symbolic)
    end = B.as_vector(end, 2, "end", symbolic)
    rows = []
    for k in range(points):
        x, y = start + (end - start) * k / (points - 1)
        rows.append(list(inverse_kinematics_2r(x, y, l1, l2, elbow)))
    return B.matrix(rows, symbolic) if symbolic else np.unwrap(np.array(rows, float), axis=0)


def joint_space_path(via, steps):
    """The joint values met when moving straight (in joint space) from each row of
    ``via`` to the next, ``steps`` steps per segment: the path that a synchronised cubic
    between successive via points traces (its timing differs, its shape does not).

    >>> joint_space_path([[0.0, 0.0], [1.0, 2.0]], steps=2)
    array([[0. , 0. ],
           [0.5, 1. ],
           [1. , 2. ]])
    """
    if not isinstance(steps, numbers.Integral) or steps < 1:
        raise ValueError(f"steps must be an integer >= 1; got {steps!r}")
    via = np.asarray(via, dtype=float)
    if via.ndim != 2 or len(via) < 2:
        raise ValueError(f"via must be a (points x joints) array with at least 2 points; "
                         f"got shape {via.shape}")
    fractions = np.arange(steps)[:, None, None] / steps           # (steps, 1, 1)
    segments = via[:-1] + fractions * (via[1:] - via[:-1])         # (steps, segments, n)
    return np.vstack([segments.transpose(1, 0, 2).reshape(-1, via.shape[1]), via[-1:]])


def distance_from_line(points, start, end):
    """Signed distance of each point (row of ``points``, N x 2) from the line through
    ``start`` and ``end``: ``(d × (p − a)) / |d| = (d_x r_y − d_y r_x) / |d|`` with
    ``a = start``, ``d = end − start`` and ``r = p − a`` (the planar cross product, so
    the distance is positive to the left of the direction of travel).

    >>> distance_from_line([[1.0, 1.0], [2.0, 0.0], [0.5, -2.0]], [0.0, 0.0], [1.0, 0.0])
    array([ 1.,  0., -2.])
    """
    symbolic = B.is_symbolic(points, start, end)
    start = B.as_vector(start, 2, "start", symbolic)
    direction = B.as_vector(end, 2, "end", symbolic) - start
    count = points.shape[0] if hasattr(points, "shape") else len(points)
    P = B.as_matrix(points, (count, 2), "points", symbolic)
    relative = P - B.matrix([list(start)] * count, symbolic)
    cross = relative[:, 1] * direction[0] - relative[:, 0] * direction[1]
    squared = B.dot(direction, direction)
    return cross / (sp.sqrt(squared) if symbolic else math.sqrt(squared))
