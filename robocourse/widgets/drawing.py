"""What the chapter figures are drawn with: the planar arm, the axes that hold it, an arrow,
a spring, and the time-series panel of the players (curves against time, a cursor and a
dot on each curve at the time shown).

Every drawing creates its artists once and moves them afterwards (``set_data``), so a
redraw creates nothing; its ``update``/``show`` method returns the artists it changed.
"""

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from robocourse import _checks as check
from robocourse.kinematics import link_frames
from robocourse.language import say
from robocourse.robot import REVOLUTE

#: One threshold for every "near a singularity" warning of the widgets: the sine that
#: vanishes there (s2 of the 2R arm, s5 of the PUMA wrist) is below 0.1 (about 5.7°).
NEAR_SINGULAR = 0.1

#: The rules of a drawing's axes, its figure, a point of the plane.
AXES, FIGURE = check.Instance(Axes), check.Instance(Figure)
POINT = check.Vector(2, "x, y", numeric=True)
#: The rules of a figure's resolution, its number of frames, a length and a number.
DPI = check.Number("dpi", at_least=">0", numeric=True)
FRAMES = check.Count(1)
LENGTH = check.Number("m", at_least=">0", numeric=True)
NUMBER = check.Number(numeric=True)


def joint_count(given):
    """The number of joints of the call's ``robot`` (a length of ``check.Vector``)."""
    return given["robot"].n


def _planar_2r(robot):
    """The numeric ``robot`` checked to be a planar arm of two revolute joints (both twists
    zero)."""
    if robot.n != 2 or any(link.joint != REVOLUTE or link.alpha != 0 for link in robot.links):
        raise ValueError(say("robot must be a planar 2R arm (two revolute joints, twists 0, "
                             "e.g. planar_2r(l1=0.5, l2=0.5)); got {name} with {n} joints",
                             "errors", name=repr(robot.name), n=robot.n))
    return robot


class Planar2R(check.Robot):
    """The rule of an argument that is what the chapters' 2R figures draw: a robot with
    numbers (``check.Robot(numeric=True)``), a planar arm of two revolute joints (both
    twists zero)."""

    def __init__(self):
        super().__init__(numeric=True)
        numeric = self.rule
        self.rule = lambda value, name, call: _planar_2r(numeric(value, name, call))


@check.arguments(robot=Planar2R())
def planar_2r_arm(robot):
    """``robot`` checked to be what the chapters' 2R figures draw: a planar arm of two
    revolute joints (both twists zero) with numeric lengths.

    >>> from robocourse.models import puma560
    >>> planar_2r_arm(puma560())
    Traceback (most recent call last):
    ...
    ValueError: robot must be a planar 2R arm (...); got 'PUMA 560' with 6 joints
    """
    return robot


class PlanarArmDrawing:
    """The links, joints and (optionally) the frame axes of a planar arm in the X0–Y0 plane.

    Draws the origins of {1}…{n} and the tool frame joined by line segments; a
    prismatic joint shows as a longer segment. ``update(q)`` moves the artists
    (``set_data``), so redrawing costs no new artists.

    >>> from matplotlib.figure import Figure
    >>> from robocourse.models import planar_2r
    >>> fig = Figure(); ax = fig.add_subplot()
    >>> drawing = PlanarArmDrawing(ax, planar_2r(l1=1.0, l2=0.5), [0.0, 0.0])
    >>> drawing.tip.round(12).tolist()
    [1.5, 0.0]
    """

    @check.arguments(ax=AXES, robot=check.Robot(numeric=True),
                     q=check.Vector(joint_count, check.ONE_PER_JOINT, numeric=True),
                     show_frames=check.Flag(), axis_length=check.Number(numeric=True))
    def __init__(self, ax, robot, q, show_frames=False, color="tab:blue", axis_length=0.15):
        self.ax, self.robot, self.axis_length = ax, robot, axis_length
        (self.links,) = ax.plot([], [], "-", lw=4, color=color, solid_capstyle="round")
        (self.joints,) = ax.plot([], [], "o", ms=8, mfc="white", mec="black", zorder=3)
        self.frame_axes = []
        if show_frames:
            for colour in ("tab:red", "tab:green"):
                (line,) = ax.plot([], [], "-", lw=1.5, color=colour, zorder=4)
                self.frame_axes.append(line)
        self._update(q)

    @property
    def moving(self):
        """The artists ``update`` moves."""
        return [self.links, self.joints, *self.frame_axes]

    @check.arguments(q=check.Vector(lambda given: given["self"].robot.n, check.ONE_PER_JOINT,
                                    numeric=True))
    def update(self, q):
        """Move the drawing to joint values ``q``; returns the changed artists."""
        return self._update(q)

    def _update(self, q):
        frames = link_frames(self.robot, q)
        points = np.array([[0.0, 0.0]] + [T[:2, 3] for T in frames])
        self.tip = points[-1]
        self.links.set_data(points[:, 0], points[:, 1])
        self.joints.set_data(points[:-1, 0], points[:-1, 1])
        for k, line in enumerate(self.frame_axes):      # X (k = 0) and Y (k = 1) of each frame
            segments = []
            for T in frames:
                start, end = T[:2, 3], T[:2, 3] + self.axis_length * T[:2, k]
                segments += [start, end, [np.nan, np.nan]]
            line.set_data(*np.array(segments).T)
        return self.moving

    @check.arguments()
    def frame_positions(self):
        """The drawn points: base, {1}…{n} and the tool origin (an (n+2) x 2 array)."""
        x, y = self.links.get_data()
        return np.column_stack([x, y])


@check.arguments(robot=check.Robot(numeric=True))
def reach(robot):
    """An upper bound on the reach of a planar arm: the sum of its link offsets."""
    total = sum(abs(float(link.a)) + abs(float(link.d)) for link in robot.links)
    return total + float(np.linalg.norm(np.asarray(robot.tool, dtype=float)[:2, 3]))


reach_unchecked = reach.__wrapped__


@check.arguments(fig=FIGURE, robot=check.Robot(numeric=True),
                 margin=check.Number(numeric=True), extra=check.Number(numeric=True),
                 ticks=check.Optional(check.Count(0)))
def arm_axes(fig, robot, position=111, margin=1.15, extra=0.0, ticks=None):
    """A square, equal-aspect axes that holds every pose of a planar arm (at most ``ticks``
    ticks per axis when given) at ``position`` (a subplot's number or place in a grid)."""
    ax = fig.add_subplot(position)
    r = margin * reach_unchecked(robot) + extra
    ax.set_xlim(-r, r)
    ax.set_ylim(-r, r)
    ax.set_aspect("equal")
    ax.grid(True, lw=0.3)
    ax.set_xlabel("$X_0$ (m)")
    ax.set_ylabel("$Y_0$ (m)")
    if ticks:
        for axis in (ax.xaxis, ax.yaxis):
            axis.set_major_locator(MaxNLocator(ticks))
    return ax


@check.arguments(_finite=False, start=POINT, vector=POINT, head=check.Number(numeric=True),
                 width=check.Number(numeric=True))
def arrow_points(start, vector, head=0.22, width=0.5):
    """A drawn arrow from ``start`` along ``vector`` as one polyline (NaN breaks, so the
    answer is not all finite): the shaft, then the two sides of the head (``head`` times the
    length, ``width`` wide).

    >>> arrow_points([0, 0], [1, 0])[:2].tolist()
    [[0.0, 0.0], [1.0, 0.0]]
    """
    end = start + vector
    if np.linalg.norm(vector) < 1e-12:
        return np.array([start, end])
    back = -head * vector
    side = width * np.array([-back[1], back[0]]) / 2
    gap = [np.nan, np.nan]
    return np.array([start, end, gap, end, end + back + side, gap, end, end + back - side])


@check.arguments(start=POINT, end=POINT, width=check.Number(numeric=True), turns=check.Count(0))
def spring_points(start, end, width=0.05, turns=8):
    """A zigzag spring drawn from ``start`` to ``end`` (2-vectors): a 2 x N array of points,
    ``turns`` zigs of half-width ``width`` between two straight ends.

    >>> spring_points([0, 0], [1, 0], turns=1).round(12).tolist()
    [[0.0, 0.2, 0.4, 0.6, 0.8, 1.0], [0.0, 0.0, -0.05, 0.05, 0.0, 0.0]]
    """
    axis = end - start
    length = float(np.hypot(*axis))
    if length < 1e-9:
        return np.array([[start[0]], [start[1]]])
    normal = np.array([-axis[1], axis[0]]) / length
    s = np.linspace(0.0, 1.0, 2 * turns + 4)
    side = np.zeros_like(s)
    side[2:-2] = width * np.where(np.arange(2, len(s) - 2) % 2, 1.0, -1.0)
    points = start[None, :] + s[:, None] * axis[None, :] + side[:, None] * normal[None, :]
    return points.T


@check.arguments(x=check.Number(numeric=True), digits=check.Count(0))
def number_text(x, digits=3):
    """A number rounded to ``digits`` decimals as text, never ``-0``.

    >>> number_text(-0.0001), number_text(2, 1)
    ('0.000', '2.0')
    """
    return f"{round(float(x), digits) + 0.0:.{digits}f}"


class TimeSeriesPanel:
    """Curves against time in one axes, with a time cursor and a dot on chosen curves.

    ``styles``: one ``(label, colour, line width, line style)`` per curve.
    ``show_series(t, values)`` draws the curves (``values``: one array per curve, or None
    for a curve this series has not) and fits the limits around them and zero;
    ``show(k)`` moves the cursor and the dots (on the curves numbered in ``dots``) to
    sample k and returns the moved artists. The shared panel of the player widgets.

    >>> from matplotlib.figure import Figure
    >>> panel = TimeSeriesPanel(Figure().add_subplot(), [("x", "black", 1.0, "-")], "x (m)")
    >>> panel.show_series(np.array([0.0, 1.0, 2.0]), [np.array([0.0, 1.0, 4.0])])
    >>> _ = panel.show(1); panel.cursor.get_xdata(), panel.dots[0].get_ydata()
    ([1.0, 1.0], [1.0])
    """

    @check.arguments(ax=AXES, ylabel=check.Text(), zero_line=check.Flag())
    def __init__(self, ax, styles, ylabel, dots=(-1,), zero_line=True):
        self.ax = ax
        self.curves = [ax.plot([], [], color=colour, lw=width, ls=style, label=label)[0]
                       for label, colour, width, style in styles]
        self.dotted = [self.curves[i] for i in dots]
        self.dots = [ax.plot([], [], "o", color=curve.get_color(), ms=4)[0]
                     for curve in self.dotted]
        self.cursor = ax.axvline(0.0, color="0.3", lw=1, ls="--")
        if zero_line:
            ax.axhline(0.0, color="0.7", lw=0.6)
        ax.set_ylabel(ylabel)
        ax.yaxis.set_major_locator(MaxNLocator(4))
        ax.xaxis.set_major_locator(MaxNLocator(6))
        ax.grid(True, lw=0.3)
        self.t = np.zeros(1)

    @property
    def moving(self):
        """The artists ``show`` moves."""
        return [self.cursor, *self.dots]

    @check.arguments(t=check.Vector(None, numeric=True))
    def show_series(self, t, values):
        """Draw one series: ``values[i]`` against ``t`` for curve i (None: leave it empty)."""
        self.t = t
        shown = []
        for curve, value in zip(self.curves, values, strict=True):
            curve.set_data(*((self.t, value) if value is not None else ([], [])))
            if value is not None:
                shown.append(np.asarray(value, dtype=float))
        every = np.concatenate(shown)
        low, high = min(every.min(), 0.0), max(every.max(), 0.0)
        pad = 0.08 * (high - low) + 1e-9
        self.ax.set_ylim(low - pad, high + pad)
        self.ax.set_xlim(0.0, max(float(self.t[-1]), 1e-3))

    @check.arguments(k=check.Count(0))
    def show(self, k):
        """Move the cursor and the dots to sample ``k``; returns the moved artists."""
        t = float(self.t[k])
        self.cursor.set_xdata([t, t])
        for dot, curve in zip(self.dots, self.dotted, strict=True):
            dot.set_data([t], [float(curve.get_ydata()[k])])
        return self.moving


def arm_beside_panels(fig, robot, rows, width_ratios=(1.0, 1.5), ticks=5, **grid):
    """The player layout: the arm's axes on the left (``arm_axes``, ``ticks`` ticks) and
    ``rows`` time-series axes stacked on the right sharing one time axis (its label
    ``t (s)`` at the bottom). Returns ``(arm_ax, [axes])``."""
    spec = fig.add_gridspec(rows, 2, width_ratios=width_ratios, **grid)
    arm_ax = arm_axes(fig, robot, spec[:, 0], margin=1.08, ticks=ticks)
    axes = [fig.add_subplot(spec[row, 1]) for row in range(rows)]
    for ax in axes[:-1]:
        ax.tick_params(labelbottom=False)
    axes[-1].set_xlabel("t (s)")
    return arm_ax, axes
