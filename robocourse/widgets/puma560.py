"""Chapter 6 widget: the PUMA 560 in 3D, posed with six joint sliders.

The arm is ``models.puma560()`` (Armstrong–Khatib–Burdick parameters, modified DH).
It is drawn as line segments between the origins of the base frame, the link frames
{1}…{6} and the tool frame (``kinematics.link_frames``); the tool frame carries a small
triad (X red, Y green, Z blue). The text under the arm gives the tool position and,
near the wrist singularity ``s5 = sin θ5 = 0`` (axes 4 and 6 in line), a warning.

``puma560_widget`` is the interactive version, an explorer (``shapes.explorer``) whose
sliders give the joint angles in degrees and whose state is the pose ``q`` in radians;
``puma560_animation`` the static fallback: an embedded JavaScript player of a pose sweep
through the wrist singularity.
"""

import functools

import numpy as np
from matplotlib.figure import Figure

from robocourse.kinematics import link_frames
from robocourse.language import say
from robocourse.models import puma560
from robocourse.widgets.animation import sweep_animation
from robocourse.widgets.drawing import NEAR_SINGULAR, number_text
from robocourse.widgets.shapes import explorer, labelled_slider

HOME = (0.0, -0.6, 0.9, 0.0, 0.8, 0.0)      # a comfortable pose (rad): elbow up, wrist bent
TRIAD = 0.12                               # length of the tool triad's axes (m)
REACH = 0.95                               # half width of the drawn cube (m)
SWEEP_START = (-0.6, -0.9, 1.2, -0.8, 0.9, 0.0)     # the static sweep goes from here ...
SWEEP_END = (0.6, -0.3, 0.6, 0.8, -0.9, 1.0)        # ... to here, θ5 crossing zero halfway


def arm_points(q, robot=None):
    """The drawn points of the arm: the base origin, the origins of {1}…{6} and the tool
    origin, an 8 x 3 array (m) in {0}.

    >>> arm_points([0, 0, 0, 0, 0, 0]).round(4)[[0, 3, 7]].tolist()
    [[0.0, 0.0, 0.0], [0.4318, 0.1501, 0.0], [0.4521, 0.1501, -0.4331]]
    """
    robot = puma560() if robot is None else robot
    frames = link_frames(robot, np.asarray(q, dtype=float))
    return np.array([[0.0, 0.0, 0.0]] + [np.asarray(T, dtype=float)[:3, 3] for T in frames])


def tool_triad(q, robot=None, length=TRIAD):
    """``(origin, ends)``: the tool origin and the tips of its X, Y, Z axes drawn ``length``
    long (a 3-vector and a 3 x 3 array, one row per axis).

    >>> origin, ends = tool_triad([0, 0, 0, 0, 0, 0], length=1.0)
    >>> ((ends - origin).round(6) + 0.0).tolist()   # zero pose: forearm down, tool Z along −Z0
    [[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]]
    """
    robot = puma560() if robot is None else robot
    T = np.asarray(link_frames(robot, np.asarray(q, dtype=float))[-1], dtype=float)
    origin = T[:3, 3]
    return origin, origin + length * T[:3, :3].T


def pose_text(q, robot=None, warning=NEAR_SINGULAR):
    """The text shown under the arm: the tool position (m) and, when ``|sin θ5| < warning``,
    a warning about the wrist singularity.

    >>> pose_text([0, 0, 0, 0, 0.5, 0])
    'tool at (0.452, 0.150, -0.433) m,  s5 = 0.479'
    >>> pose_text([0, 0, 0, 0, 0.02, 0]).endswith('near the wrist singularity (s5 = 0)')
    True
    """
    origin, _ = tool_triad(q, robot)
    s5 = float(np.sin(float(q[4])))
    text = say("tool at ({position}) m,  s5 = {s5}", "widgets",
               position=", ".join(number_text(x) for x in origin), s5=number_text(s5))
    if abs(s5) < warning:
        text += "\n" + say("WARNING: near the wrist singularity (s5 = 0)", "widgets")
    return text


class PumaDrawing:
    """The view: the PUMA 560 in a 3D axes with links, joints, the tool triad and the pose text.

    ``update(q)`` (radians) moves the existing artists (``moving``: ``set_data_3d``,
    ``set_text``).
    """

    def __init__(self, fig, q=HOME, robot=None):
        self.fig, self.robot = fig, puma560() if robot is None else robot
        ax = self.ax = fig.add_subplot(projection="3d")
        ax.set_xlim(-REACH, REACH)
        ax.set_ylim(-REACH, REACH)
        ax.set_zlim(-REACH, REACH)
        ax.set_box_aspect((1, 1, 1))
        ax.set_xlabel("$X_0$ (m)")
        ax.set_ylabel("$Y_0$ (m)")
        ax.set_zlabel("$Z_0$ (m)")
        ax.view_init(elev=22, azim=-60)
        ax.plot([-0.15, 0.15, 0.15, -0.15, -0.15], [-0.15, -0.15, 0.15, 0.15, -0.15],
                [-0.6] * 5, color="0.5", lw=1)                       # the pedestal's foot
        ax.plot([0, 0], [0, 0], [-0.6, 0], color="0.5", lw=3)        # and the pedestal
        (self.links,) = ax.plot([], [], [], "-", lw=4, color="tab:blue",
                                solid_capstyle="round")
        (self.joints,) = ax.plot([], [], [], "o", ms=5, mfc="white", mec="black")
        self.axes = [ax.plot([], [], [], "-", lw=2, color=colour)[0]
                     for colour in ("tab:red", "tab:green", "tab:blue")]
        self.text = fig.text(0.02, 0.02, "", fontsize=9, family="monospace")
        self.moving = [self.links, self.joints, *self.axes, self.text]
        self.update(q)

    def update(self, q):
        """Move the drawing to joint values ``q`` (rad)."""
        self.q = np.asarray(q, dtype=float)
        points = arm_points(self.q, self.robot)
        self.links.set_data_3d(*points.T)
        self.joints.set_data_3d(*points[1:-1].T)
        origin, ends = tool_triad(self.q, self.robot)
        for line, end in zip(self.axes, ends, strict=True):
            line.set_data_3d(*np.array([origin, end]).T)
        self.text.set_text(pose_text(self.q, self.robot))
        self.text.set_color("tab:red" if abs(np.sin(self.q[4])) < NEAR_SINGULAR else "black")
        return self.moving

    def points(self):
        """The drawn link points (8 x 3), read back from the artist."""
        return np.column_stack(self.links.get_data_3d())


def puma560_widget(q=HOME, dpi=72):
    """Six joint sliders (degrees) that pose the 3D PUMA 560, starting at ``q`` (radians):
    an explorer (see ``shapes.explorer`` for what the returned box carries; its
    ``sliders`` are keyed ``theta1`` … ``theta6``).
    """
    robot = puma560()
    angle = functools.partial(labelled_slider, low=-180.0, high=180.0, step=1.0, unit="°",
                              width="360px")
    controls = {f"theta{i}": angle(f"θ{i}", round(float(np.degrees(value)), 1))
                for i, value in enumerate(q, start=1)}

    def state(**degrees):
        return np.radians([degrees[f"theta{i}"] for i in range(1, 7)])

    def view(first):
        fig = Figure(figsize=(5.2, 4.6))
        drawing = PumaDrawing(fig, first, robot)
        fig.subplots_adjust(left=0.0, right=0.95, bottom=0.08, top=1.0)
        return drawing

    return explorer(controls, state, view, dpi=dpi, beside=True,
                    groups=[(say("joint angles", "widgets"), list(controls))])


def sweep(n_frames=20, start=SWEEP_START, end=SWEEP_END):
    """The poses of the static sweep: ``n_frames`` rows going linearly from ``start`` to
    ``end`` (θ5 passes through zero on the way).

    >>> sweep(3)[:, 4].round(6).tolist()
    [0.9, 0.0, -0.9]
    """
    s = np.linspace(0.0, 1.0, n_frames)[:, None]
    return (1 - s) * np.asarray(start, dtype=float) + s * np.asarray(end, dtype=float)


def puma560_animation(n_frames=20, dpi=60):
    """The static fallback: a player (HTML) of the arm moving through ``sweep(n_frames)``,
    the warning lighting up as the wrist passes its singularity."""
    poses = sweep(n_frames)
    fig = Figure(figsize=(4.6, 4.2), dpi=dpi)
    view = PumaDrawing(fig, poses[0])
    fig.subplots_adjust(left=0.0, right=0.95, bottom=0.1, top=1.0)
    return sweep_animation(view, list(poses), interval_ms=150)


__all__ = ["PumaDrawing", "arm_points", "pose_text", "puma560_animation", "puma560_widget",
           "sweep", "tool_triad"]
