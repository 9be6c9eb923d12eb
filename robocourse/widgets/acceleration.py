"""Chapter 0, §0.8: the joint accelerations that a tip acceleration needs, near a singularity.

The planar 2R arm's tip moves with a constant velocity ``v`` (``ẍ = 0``). The joints
then need ``q̇ = J⁻¹ v`` and ``q̈ = J⁻¹ (ẍ − J̇ q̇) = −J⁻¹ J̇ q̇`` (``kinematics.joint_rates``
and ``joint_accelerations``). ``J⁻¹`` carries ``1/s2``, ``J̇ q̇`` is quadratic in
``q̇``, so near the stretched arm ``|q̇|`` grows like ``1/|s2|`` and ``|q̈|`` like
``1/|s2|³``. ``acceleration_figure`` shows both: the accelerations along a straight
line of the tip (left) and their growth against ``|s2|`` on log–log axes (right).
"""

from typing import NamedTuple

import numpy as np
from matplotlib.figure import Figure

from robocourse import _checks as check
from robocourse.kinematics import inverse_kinematics_2r, joint_accelerations, joint_rates
from robocourse.language import phrase, say
from robocourse.widgets.drawing import NUMBER, joint_count

ROWS = (0, 1)                       # the planar task: vx, vy in {0}


class JointMotion(NamedTuple):
    """Joint rates and accelerations (one row per pose) for a tip moving at constant velocity."""

    rates: np.ndarray
    accelerations: np.ndarray


_ROBOT = check.Robot(numeric=True)
_VELOCITY = check.Vector(2, "vx, vy", numeric=True)


@check.arguments(robot=_ROBOT, poses=check.Matrix(None, joint_count, numeric=True),
                 velocity=_VELOCITY)
def constant_velocity(robot, poses, velocity):
    """``q̇`` and ``q̈`` at each joint vector in ``poses`` for the tip velocity ``velocity``
    (in {0}) held constant, ``ẍ = 0``.

    >>> from robocourse.models import planar_2r
    >>> motion = constant_velocity(planar_2r(l1=0.5, l2=0.5), [np.radians([30, 60])], [1, 0])
    >>> motion.rates.round(6) + 0.0, motion.accelerations.round(4)
    (array([[ 0., -2.]]), array([[ 4.6188, -6.9282]]))
    """
    rates, accelerations = [], []
    for q in poses:
        qd = joint_rates(robot, q, velocity, rows=ROWS)
        rates.append(qd)
        accelerations.append(joint_accelerations(robot, q, qd, [0.0, 0.0], rows=ROWS))
    return JointMotion(np.array(rates), np.array(accelerations))


constant_velocity_unchecked = constant_velocity.__wrapped__


@check.arguments(robot=_ROBOT, xs=check.Vector(None, numeric=True), y=NUMBER, velocity=_VELOCITY)
def along_line(robot, xs, y, velocity):
    """``constant_velocity`` for the tip at ``(x, y)``, x in ``xs`` (elbow down)."""
    return constant_velocity_unchecked(robot, np.array([inverse_kinematics_2r(robot, x, y)
                                                        for x in xs]), velocity)


along_line_unchecked = along_line.__wrapped__


@check.arguments(s2=check.Vector(None, "one per point", numeric=True),
                 values=check.Vector("s2", phrase("one per entry of s2", "errors"), numeric=True))
def loglog_slope(s2, values):
    """The slope of ``log values`` against ``log |s2|`` (least squares): −1 for ``|q̇|``,
    −3 for ``|q̈|`` close to the singularity.

    >>> loglog_slope([1e-3, 1e-2, 1e-1], [1e9, 1e6, 1e3])
    -3.0
    """
    if len(s2) < 2 or not (np.all(s2 != 0) and np.all(values > 0)):
        raise ValueError(say("s2 and values must be two or more points with s2 != 0 and "
                             "values > 0 (their logarithms are fitted); got s2 = {s2}, values = "
                             "{values}", "errors", s2=s2.tolist(), values=values.tolist()))
    return float(np.round(np.polyfit(np.log(np.abs(s2)), np.log(values), 1)[0], 12))


@check.arguments(robot=_ROBOT, xs=check.Vector(None, numeric=True), y=NUMBER, velocity=_VELOCITY,
                 theta1=NUMBER, theta2s=check.Vector(None, numeric=True), limit=NUMBER)
def acceleration_figure(robot, xs, y, velocity, theta1, theta2s, example=None,
                        figsize=(10.4, 3.6), limit=40.0):
    """Two panels: left, ``q̈1, q̈2`` along the line ``y`` (x in ``xs``) for the constant
    tip velocity ``velocity``, with the edge of the workspace dotted and ``example``
    (``(x, q̈)``) marked; right, ``|q̇|`` and ``|q̈|`` against ``|s2|`` at ``θ1 = theta1``
    for the angles ``theta2s`` (rad, the one nearest the singularity first), on log–log axes
    with the slopes −1 and −3 drawn through that first point.

    >>> from robocourse.models import planar_2r
    >>> fig = acceleration_figure(planar_2r(l1=0.5, l2=0.5), np.linspace(-0.6, 0.6, 5), 0.75,
    ...                           [1.0, 0.0], np.radians(30.0), np.radians([1.0, 10.0]))
    >>> [ax.get_xscale() for ax in fig.axes]
    ['linear', 'log']
    """
    fig = Figure(figsize=figsize)
    line_ax, growth_ax = fig.subplots(1, 2)
    motion = along_line_unchecked(robot, xs, y, velocity)
    for k, colour in enumerate(("tab:blue", "tab:orange")):
        line_ax.plot(xs, motion.accelerations[:, k], color=colour,
                     label=rf"$\ddot\theta_{k + 1}$")
    if example is not None:
        x_example, qdd_example = example
        line_ax.plot([x_example] * 2, qdd_example, "ko", ms=5,
                     label=say("Example 0.5 held", "widgets"))
    reach = float(robot.links[1].a + robot.tool[0, 3])
    edge = np.sqrt(max(reach**2 - y**2, 0.0))
    for sign in (-1, 1):
        line_ax.axvline(sign * edge, color="tab:red", ls=":", lw=1)
    line_ax.set_ylim(-limit, limit)
    line_ax.set_xlabel(say("x of the tip on the line y = {y} m (m)", "widgets", y=f"{y:g}"))
    line_ax.set_ylabel(say("joint acceleration (rad/s²)", "widgets"))
    line_ax.set_title(say("q̈ for a constant tip velocity (ẍ = 0)", "widgets"), fontsize=10)
    line_ax.grid(True, lw=0.3)
    line_ax.legend(fontsize=8, loc="upper center")

    poses = np.array([[theta1, theta2] for theta2 in theta2s])
    growth = constant_velocity_unchecked(robot, poses, velocity)
    s2 = np.abs(np.sin(theta2s))
    for values, name, colour, slope in (
            (np.linalg.norm(growth.rates, axis=1), r"$|\dot q|$ (rad/s)", "tab:green", -1),
            (np.linalg.norm(growth.accelerations, axis=1), r"$|\ddot q|$ (rad/s²)", "tab:purple",
             -3)):
        growth_ax.loglog(s2, values, "o", ms=4, color=colour, label=name)
        growth_ax.loglog(s2, values[0] * (s2 / s2[0]) ** slope, "--", lw=1, color=colour,
                         label=say("slope {slope}", "widgets", slope=slope))
    growth_ax.set_xlabel(r"$|s_2| = |\sin\theta_2|$")
    growth_ax.set_title(say("growth towards θ2 = 0 (θ1 = {angle}°)", "widgets",
                             angle=f"{np.degrees(theta1):.0f}"), fontsize=10)
    growth_ax.grid(True, which="both", lw=0.3)
    growth_ax.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    return fig
