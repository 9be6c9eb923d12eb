"""Chapter 6 figures of the PUMA 560: the eight inverse-kinematics solutions of one pose,
the three singular configurations with the motion each one loses, and one pose drawn
with its joint axes, in 3D and from above (for the exercises).

Each function returns a ``matplotlib.figure.Figure`` (no pyplot state); ``as_image`` turns
one into a PNG that a notebook shows with ``display`` whatever its backend. The arm is
drawn as in the posable widget (``widgets.puma560.arm_points``: segments between the frame
origins), on the pedestal of ``widgets.puma560``.
"""

import io

import numpy as np
from IPython.display import Image
from matplotlib.figure import Figure

from robocourse.kinematics import jacobian, link_frames
from robocourse.language import say
from robocourse.models import puma560
from robocourse.widgets.drawing import arm_axes
from robocourse.widgets.puma560 import arm_points

COLOURS = ("tab:blue", "tab:orange", "tab:green", "tab:red")
REACH = 0.8                                # half width of the drawn cube (m)
AXIS = 0.14                                # length of a drawn joint axis or arrow (m)


def as_image(fig, dpi=80):
    """``fig`` rendered to PNG, as an ``IPython.display.Image``.

    >>> bytes(as_image(Figure(figsize=(1, 1))).data[1:4])
    b'PNG'
    """
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return Image(data=buffer.getvalue(), format="png")


def _axes3d(fig, position=(1, 1, 1), title=None):
    ax = fig.add_subplot(*position, projection="3d")
    ax.set_xlim(-REACH, REACH)
    ax.set_ylim(-REACH, REACH)
    ax.set_zlim(-REACH, REACH)
    ax.set_box_aspect((1, 1, 1))
    ax.set_xlabel("$X_0$", labelpad=-8)
    ax.set_ylabel("$Y_0$", labelpad=-8)
    ax.set_zlabel("$Z_0$", labelpad=-8)
    ax.tick_params(labelsize=6, pad=0)
    ax.view_init(elev=20, azim=-55)
    ax.plot([0, 0], [0, 0], [-REACH, 0], color="0.6", lw=3)          # the pedestal
    if title:
        ax.set_title(title, fontsize=9)
    return ax


def _segment(ax, start, direction, length=AXIS, **style):
    end = np.asarray(start) + length * np.asarray(direction)
    ax.plot(*np.array([start, end]).T, **style)


def eight_solutions_figure(solutions, T, robot=None):
    """All inverse-kinematics solutions of one pose drawn together: four arm shapes (two
    shoulders x two elbows, one colour each), each with its two wrists (the joint-5 axis as
    a solid or dashed stub at the wrist centre), and the tool frame T (X, Y, Z: red, green,
    blue) that all of them reach. ``solutions``: the rows of ``puma560.inverse_kinematics``.

    >>> from robocourse.kinematics import forward_kinematics
    >>> from robocourse.puma560 import inverse_kinematics
    >>> q = [0.3, -0.5, 0.4, 0.6, 0.7, -0.8]
    >>> T = forward_kinematics(puma560(), q)
    >>> len(eight_solutions_figure(inverse_kinematics(puma560(), T), T).axes[0].lines)
    16
    """
    robot = puma560() if robot is None else robot
    T = np.asarray(T, dtype=float)
    fig = Figure(figsize=(6.0, 5.2))
    ax = _axes3d(fig, title=say("every solution of one pose", "widgets"))
    for k, q in enumerate(np.asarray(solutions, dtype=float)):
        colour = COLOURS[(k // 2) % len(COLOURS)]
        if k % 2 == 0:
            ax.plot(*arm_points(q, robot).T, "-o", color=colour, lw=2.5, ms=3,
                    label=say("solutions {first}, {second}", "widgets",
                              first=k + 1, second=k + 2))
        wrist = np.asarray(link_frames(robot, q)[4], dtype=float)
        _segment(ax, wrist[:3, 3], wrist[:3, 2], color=colour, lw=2,
                 ls="-" if k % 2 == 0 else "--")
    for axis, colour in enumerate(("tab:red", "tab:green", "tab:blue")):
        _segment(ax, T[:3, 3], T[:3, axis], color=colour, lw=2)
    ax.legend(fontsize=7, loc="upper left")
    fig.subplots_adjust(left=0.0, right=1.0, bottom=0.02, top=0.95)
    return fig


def lost_motion(q, robot=None):
    """The direction, in {0}, in which the wrist centre cannot move at ``q`` (a unit
    3-vector): the left singular vector of the position rows of ``0_J`` (the velocity of
    the wrist centre, the tool origin) for their smallest singular value. Zero where
    those rows keep full rank.

    >>> stretched = [0.3, -0.5, np.arctan2(-0.4331, 0.0203), 0.6, 0.7, -0.8]
    >>> abs(lost_motion(stretched)).round(3).tolist()     # along the arm, shoulder to wrist
    [0.776, 0.419, 0.472]
    >>> lost_motion([0.3, -0.5, 0.4, 0.6, 0.7, -0.8]).tolist()
    [0.0, 0.0, 0.0]
    """
    robot = puma560() if robot is None else robot
    U, sigma, _ = np.linalg.svd(np.asarray(jacobian(robot, q), dtype=float)[:3])
    return U[:, -1] if sigma[-1] < 1e-9 * sigma[0] else np.zeros(3)


def singularities_figure(configurations, robot=None):
    """The singular configurations side by side, one panel each, with what each loses.

    ``configurations``: ``[(title, q, kind), …]`` with ``kind`` ``"wrist"``, ``"elbow"`` or
    ``"shoulder"``. Wrist: axes 4 and 6 are drawn (they are in line) and, in purple, the
    axis ``Z4 × Z5`` the wrist cannot turn the hand about. Elbow and shoulder: the line
    from axis 2 to the wrist centre, or axis 1, is drawn, and in black the direction in
    which the wrist centre cannot move (``lost_motion``).
    """
    robot = puma560() if robot is None else robot
    fig = Figure(figsize=(4.0 * len(configurations), 4.0))
    for k, (title, q, kind) in enumerate(configurations):
        ax = _axes3d(fig, (1, len(configurations), k + 1), title)
        points = arm_points(q, robot)
        ax.plot(*points.T, "-o", color="tab:blue", lw=2.5, ms=3)
        frames = [np.asarray(T, dtype=float) for T in link_frames(robot, q)]
        centre = frames[3][:3, 3]
        if kind == "wrist":
            for i, colour in ((3, "tab:green"), (5, "tab:red")):
                _segment(ax, centre - 1.5 * AXIS * frames[i][:3, 2], frames[i][:3, 2],
                         3 * AXIS, color=colour, lw=1.5, ls="--")
            _segment(ax, centre, np.cross(frames[3][:3, 2], frames[4][:3, 2]), 2 * AXIS,
                     color="tab:purple", lw=2.5)
        else:
            if kind == "elbow":
                line = np.array([frames[1][:3, 3], centre])
            else:
                line = np.array([[0.0, 0.0, -REACH], [0.0, 0.0, REACH]])
            ax.plot(*line.T, color="tab:green", lw=1.2, ls="--")
            _segment(ax, centre, lost_motion(q, robot), 2 * AXIS, color="black", lw=2.5)
    fig.subplots_adjust(left=0.0, right=1.0, bottom=0.02, top=0.92, wspace=0.0)
    return fig


def pose_figure(q, robot=None, title=None):
    """One pose of the arm, to tell which of the eight solutions it is (chapter 6's
    exercises): on the left in 3D, with the shoulder, elbow and wrist centre labelled, the
    joint axes as short stubs and axis 5 (``Z5``) as a long arrow; on the right seen from
    above (the X0–Y0 plane), where the side of the waist the arm reaches out on shows."""
    robot = puma560() if robot is None else robot
    fig = Figure(figsize=(8.4, 4.2))
    ax = _axes3d(fig, (1, 2, 1), title)
    points = arm_points(q, robot)
    ax.plot(*points.T, "-o", color="tab:blue", lw=3, ms=4)
    frames = [np.asarray(T, dtype=float) for T in link_frames(robot, q)]
    for T in frames[:6]:
        _segment(ax, T[:3, 3], T[:3, 2], color="0.3", lw=1.2)
    _segment(ax, frames[4][:3, 3], frames[4][:3, 2], 2.2 * AXIS, color="tab:purple", lw=3)
    ax.text(*(frames[4][:3, 3] + 2.4 * AXIS * frames[4][:3, 2]), "$Z_5$", color="tab:purple")
    for name, point in ((say("shoulder", "widgets"), points[2]),
                        (say("elbow", "widgets"), points[3]),
                        (say("wrist", "widgets"), points[4])):
        ax.text(*point, f"  {name}", fontsize=8)
    for axis, colour in enumerate(("tab:red", "tab:green", "tab:blue")):
        _segment(ax, frames[-1][:3, 3], frames[-1][:3, axis], color=colour, lw=2)
    top = arm_axes(fig, robot, position=122, margin=0.8)
    top.plot(*points[:, :2].T, "-o", color="tab:blue", lw=3, ms=4)
    top.plot(0, 0, "s", color="0.5", ms=9)                          # the waist axis
    top.set_title(say("seen from above", "widgets"), fontsize=9)
    fig.subplots_adjust(left=0.0, right=0.97, bottom=0.1, top=0.92, wspace=0.15)
    return fig


__all__ = ["as_image", "eight_solutions_figure", "lost_motion", "pose_figure",
           "singularities_figure"]
