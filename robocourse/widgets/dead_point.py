"""Chapter 1, §1.3: the singular configuration of the 2R arm read as a mechanism's dead point.

When the tool pushes along link 2 (``3_F = [f, 0, 0]``, ``τ2 = 0``), link 2 passes the
force on to the elbow along its own line, like the coupler of a linkage. The angle
between link 1 and link 2 at the elbow is the **transmission angle** ``μ``; the line of
action passes joint 1 at the distance ``l1 sin μ``, so joint 1 must hold
``τ1 = l1 f sin μ``. At ``μ = 0°`` or ``180°`` (the pressure angle is 90°) the line runs
through joint 1: a **dead point**, where no torque is needed to hold any such force and
no torque of joint 1 can push the tip along the link.

``transmission_angle`` measures ``μ`` on the drawing (from the frame origins of
``kinematics.link_frames``); ``dead_point_figure`` draws the arm, the force, its line of
action, the lever arm and ``μ`` for a few elbow angles.
"""

import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch

from robocourse import _checks as check
from robocourse.kinematics import link_frames
from robocourse.language import say
from robocourse.statics import static_forces_by_propagation
from robocourse.widgets.drawing import Planar2R, PlanarArmDrawing

#: The rules of a numeric planar 2R arm at joint angles q.
_ARM_AT_Q = {"robot": Planar2R(), "q": check.Vector(2, "θ1, θ2", numeric=True)}


def _joint_points(robot, q):
    """Base (joint 1), elbow (joint 2) and tip of a planar 2R arm (``robot``, ``q`` checked),
    in {0} (x, y)."""
    frames = link_frames(robot, q)
    return frames[0][:2, 3], frames[1][:2, 3], frames[2][:2, 3]


@check.arguments(**_ARM_AT_Q)
def transmission_angle(robot, q):
    """The angle ``μ`` (rad, 0..π) at the elbow between link 1 and link 2 of a planar 2R arm.

    Measured on the drawing: the angle between the elbow→base and elbow→tip segments,
    ``μ = atan2(|a × b|, a · b)``; for the 2R arm ``μ = π − |θ2|`` (θ2 in [−π, π]).

    >>> from robocourse.models import planar_2r
    >>> round(float(np.degrees(transmission_angle(planar_2r(l1=0.5, l2=0.5), [0.3, 0.0]))), 9)
    180.0
    """
    base, elbow, tip = _joint_points(robot, q)
    a, b = base - elbow, tip - elbow
    return float(np.arctan2(abs(a[0] * b[1] - a[1] * b[0]), a @ b))


transmission_angle_unchecked = transmission_angle.__wrapped__


@check.arguments(**_ARM_AT_Q)
def lever_arm(robot, q):
    """The distance from joint 1 to the line of link 2 (the line of action of a push along
    link 2): ``l1 sin μ``.

    >>> from robocourse.models import planar_2r
    >>> round(lever_arm(planar_2r(l1=0.5, l2=0.5), [0.0, np.pi / 2]), 12)
    0.5
    """
    base, elbow, tip = _joint_points(robot, q)
    direction = (tip - elbow) / np.linalg.norm(tip - elbow)
    offset = base - elbow
    return float(abs(offset[0] * direction[1] - offset[1] * direction[0]))


lever_arm_unchecked = lever_arm.__wrapped__


def _arc(ax, centre, start, end, radius, colour):
    angles = np.linspace(start, end, 40)
    ax.plot(centre[0] + radius * np.cos(angles), centre[1] + radius * np.sin(angles),
            color=colour, lw=1.8)


@check.arguments(robot=Planar2R(), theta1=check.Number(numeric=True),
                 theta2s=check.Vector(None, numeric=True),
                 force=check.Number(numeric=True), scale=check.Number(numeric=True))
def dead_point_figure(robot, theta1, theta2s, force=10.0, figsize=(11.0, 3.3), scale=0.02):
    """One panel per elbow angle in ``theta2s`` (rad) at ``θ1 = theta1``: the arm, the tool's
    push ``force`` (N) along link 2, its line of action (dashed), the lever arm about
    joint 1 (purple) and the transmission angle ``μ``, with ``τ1`` by force propagation.

    >>> from robocourse.models import planar_2r
    >>> fig = dead_point_figure(planar_2r(l1=0.5, l2=0.5), 0.3, np.radians([90.0, 0.0]))
    >>> len(fig.axes)
    2
    """
    fig = Figure(figsize=figsize)
    axes = fig.subplots(1, len(theta2s), sharey=True)
    for ax, theta2 in zip(np.atleast_1d(axes), theta2s, strict=True):
        q = np.array([theta1, theta2])
        base, elbow, tip = _joint_points(robot, q)
        PlanarArmDrawing(ax, robot, q)
        along = (tip - elbow) / np.linalg.norm(tip - elbow)
        ax.plot(*np.array([elbow - 1.6 * along, tip + 0.4 * along]).T, "--", color="0.55",
                lw=1)
        ax.add_patch(FancyArrowPatch(tuple(tip), tuple(tip + scale * force * along),
                                     arrowstyle="-|>", mutation_scale=14, color="tab:red",
                                     lw=2))
        foot = elbow + ((base - elbow) @ along) * along          # foot of the perpendicular
        ax.plot(*np.array([base, foot]).T, color="tab:purple", lw=2.2)
        back = np.arctan2(*(base - elbow)[::-1])
        forward = np.arctan2(*(tip - elbow)[::-1])
        turn = (forward - back + np.pi) % (2 * np.pi) - np.pi    # the short way round
        _arc(ax, elbow, back, back + turn, 0.13, "tab:green")
        mu = transmission_angle_unchecked(robot, q)
        tau1 = static_forces_by_propagation(robot, q, [force, 0, 0, 0, 0, 0],
                                            frame="tool").torques[0]
        ax.set_title(say("θ2 = {theta2}°: μ = {mu}°\nlever arm {lever} m, τ1 = {tau1} N·m",
                         "widgets", theta2=f"{np.degrees(theta2):.0f}",
                         mu=f"{np.degrees(mu):.0f}", lever=f"{lever_arm_unchecked(robot, q):.3f}",
                         tau1=f"{tau1 + 0.0:.2f}"),
                     fontsize=9)
        ax.set_aspect("equal")
        ax.set_xlim(-0.45, 1.35)
        ax.set_ylim(-0.45, 1.0)
        ax.grid(True, lw=0.3)
    fig.suptitle(say("a {force} N push along link 2: τ1 = l1 f sin μ (green: μ, purple: the "
                     "lever arm); at μ = 180° a dead point", "widgets", force=f"{force:g}"),
                 fontsize=10)
    fig.tight_layout()
    return fig
