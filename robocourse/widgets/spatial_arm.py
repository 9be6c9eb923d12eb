"""Chapter 3, §3.5: the spatial 3R arm holding a payload, and its joint torques by part.

``spatial_arm_figure`` draws, on the left, the arm in 3D (segments between the frame
origins, ``widgets.puma560.arm_points``; the joint axes Z1, Z2, Z3 as short arrows; the
payload as the edges of its box, ``payload_edges``) and, on the right, the joint torques
of one state taken apart by ``newton_euler.torque_parts``: every part per joint (top), and
the parts that come from the motion alone, at their own scale (bottom), so that the
gyroscopic moments, small beside the weights, can be compared with the other inertial
terms.
"""

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from robocourse.kinematics import forward_kinematics, link_frames
from robocourse.language import say
from robocourse.widgets.inertia import box_edges
from robocourse.widgets.puma560 import arm_points

AXIS_COLOURS = ("tab:red", "tab:green", "tab:blue")
PART_COLOURS = {"weight": "0.55", "newton": "tab:blue", "euler": "tab:orange",
                "gyroscopic": "tab:purple", "load": "tab:green"}


def part_labels():
    """{part: its legend label} in the language in use."""
    return {"weight": say("weight $G$", "widgets"),
            "newton": say(r"Newton $m\,\dot v_C$", "widgets"),
            "euler": say(r"Euler $I\dot\omega$", "widgets"),
            "gyroscopic": say(r"gyroscopic $\omega\times I\omega$", "widgets"),
            "load": say(r"tool load $J^T F$", "widgets")}


def payload_edges(robot, q, size, centre=(0.0, 0.0, 0.0), axes=None):
    """The 12 edges of a box payload, in {0}: a 36 x 3 polyline with NaN breaks.

    The box has sides ``size = (a, b, c)`` along the columns of ``axes`` (its edge
    directions written in the tool frame {T}; default: those of {T}) and its centre at
    ``centre`` in {T}; the robot at ``q`` places {T}.

    >>> from robocourse.models import spatial_3r
    >>> arm = spatial_3r(l2=0.4, l3=0.3, masses=(1, 1, 1), com_distances=(0.2, 0.1),
    ...                  inertias=[np.eye(3)] * 3, g=9.81)
    >>> edges = payload_edges(arm, [0, 0, 0], (0.1, 0.2, 0.3))
    >>> np.nanmin(edges, axis=0).round(6).tolist(), np.nanmax(edges, axis=0).round(6).tolist()
    ([0.65, -0.15, -0.1], [0.75, 0.15, 0.1])
    """
    T = np.asarray(forward_kinematics(robot, np.asarray(q, dtype=float)), dtype=float)
    axes = np.eye(3) if axes is None else np.asarray(axes, dtype=float)
    size = np.asarray(size, dtype=float)
    in_tool = np.asarray(centre, dtype=float) + (box_edges(*size) - size / 2) @ axes.T
    return in_tool @ T[:3, :3].T + T[:3, 3]


def _draw_arm(ax, robot, q, edges, axis_length):
    points = arm_points(q, robot)
    ax.plot(*points.T, "-", color="0.25", lw=4, solid_capstyle="round")
    ax.plot(*points[1:-1].T, "o", color="black", ms=5)
    frames = link_frames(robot, np.asarray(q, dtype=float))
    for i, colour in enumerate(AXIS_COLOURS):
        T = np.asarray(frames[i], dtype=float)
        ends = np.array([T[:3, 3], T[:3, 3] + axis_length * T[:3, 2]])
        ax.plot(*ends.T, "-", color=colour, lw=2,
                label=say("joint axis $Z_{axis}$", "widgets", axis=i + 1))
    ax.plot(*edges.T, "-", color="tab:brown", lw=1.2, label=say("payload", "widgets"))
    reach = float(np.nanmax(np.abs(np.vstack([points, edges])))) * 1.05
    ax.set(xlim=(-reach, reach), ylim=(-reach, reach), zlim=(-reach, reach),
           xlabel="$X_0$ (m)", ylabel="$Y_0$ (m)", zlabel="$Z_0$ (m)")
    ax.set_box_aspect((1, 1, 1))
    ax.view_init(elev=20, azim=-60)
    for axis in (ax.xaxis, ax.yaxis, ax.zaxis):
        axis.set_major_locator(MaxNLocator(4))


def _bars(ax, parts, names, width):
    joints = np.arange(len(parts.weight))
    offsets = (np.arange(len(names)) - (len(names) - 1) / 2) * width
    for offset, name in zip(offsets, names, strict=True):
        ax.bar(joints + offset, np.asarray(getattr(parts, name), dtype=float), width,
               color=PART_COLOURS[name], label=part_labels()[name])
    ax.axhline(0, color="0.3", lw=0.6)
    ax.set_xticks(joints, [say("joint {number}", "widgets", number=j + 1) for j in joints])
    ax.set_ylabel("N·m")
    ax.grid(True, axis="y", lw=0.3)


def spatial_arm_figure(robot, q, parts, edges, title="", axis_length=0.12,
                       figsize=(10.0, 4.4)):
    """The arm at ``q`` with the payload's box ``edges`` (``payload_edges``), and the
    ``parts`` of its joint torques (a ``newton_euler.TorqueParts``) as bars; ``title``
    heads the figure. Returns a ``matplotlib.figure.Figure``.

    >>> from robocourse.models import spatial_3r
    >>> from robocourse.newton_euler import torque_parts
    >>> arm = spatial_3r(l2=0.4, l3=0.3, masses=(1, 1, 1), com_distances=(0.2, 0.1),
    ...                  inertias=[np.eye(3) * 0.01] * 3, g=9.81)
    >>> q, qd = [0.3, -0.5, 1.0], [2.0, 0.0, 1.0]
    >>> fig = spatial_arm_figure(arm, q, torque_parts(arm, q, qd, [0, 0, 0]),
    ...                          payload_edges(arm, q, (0.1, 0.1, 0.1)))
    >>> len(fig.axes)
    3
    """
    fig = Figure(figsize=figsize)
    ax_arm = fig.add_axes((0.0, 0.02, 0.38, 0.9), projection="3d")
    _draw_arm(ax_arm, robot, q, edges, axis_length)
    ax_arm.legend(loc="upper left", fontsize=7, bbox_to_anchor=(0.0, 1.02))
    ax_all = fig.add_axes((0.47, 0.53, 0.33, 0.32))
    with_load = ("weight", "newton", "euler", "gyroscopic", "load")
    shown = [name for name in with_load if np.any(np.asarray(getattr(parts, name), dtype=float))]
    _bars(ax_all, parts, shown, 0.8 / len(shown))
    ax_all.set_title(say("every part", "widgets"), fontsize=9)
    ax_all.tick_params(labelbottom=False)
    ax_motion = fig.add_axes((0.47, 0.08, 0.33, 0.36))
    _bars(ax_motion, parts, ("newton", "euler", "gyroscopic"), 0.25)
    ax_motion.set_title(say("the parts that come from the motion", "widgets"), fontsize=9)
    handles, labels = ax_all.get_legend_handles_labels()
    fig.legend(handles, labels, loc="center left", bbox_to_anchor=(0.81, 0.5), fontsize=8,
               frameon=False)
    fig.suptitle(title, fontsize=10, y=0.99)
    return fig
