"""Chapter 1 widget: the joint torques that hold a tip force on the planar 2R arm.

The tool of the 2R arm exerts the force ``3_F = [fx, fy, 0]`` (written in the tool
frame {3}, no tip moment) on its environment; the motors hold it with

    τ1 = l1 s2 fx + (l2 + l1 c2) fy,      τ2 = l2 fy          (lecture example 1.1)

computed here, for every slider move, by the library's numeric force propagation
(``static_forces_by_propagation``). The figure is one ``matplotlib.figure.Figure``
with two axes, shown as a PNG in an ``ipywidgets.Image`` by ``LiveFigure``:

* left: the arm with its frames {1}, {2}, {3} (X red, Y green), the tip-force arrow
  drawn in the base frame (``0_F = 0_R_3 3_F``), its line of action (dashed) and a
  warning near the singular configurations ``s2 ≈ 0`` (arm stretched or folded);
* right: bars of τ1 and τ2 with their values.

An explorer (``shapes.explorer``): the sliders give θ1, θ2 in degrees, the state
function ``tip_load`` takes the joint angles ``q1, q2`` in radians. A slider move only
moves artists (``set_data``, ``set_positions``, ``set_height``, ``set_text``) and
re-renders them over the saved background. ``statics_animation`` is the static fallback:
an embedded player that sweeps θ2 through 0 with a tip force fixed in space, so both
torques collapse to zero when the force passes through both joint axes.
"""

import functools
from typing import NamedTuple

import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch

from robocourse import _checks as check
from robocourse.frames import rotation
from robocourse.kinematics import forward_kinematics
from robocourse.language import say
from robocourse.models import planar_2r
from robocourse.statics import static_forces_by_propagation
from robocourse.widgets.animation import sweep_animation
from robocourse.widgets.drawing import (
    DPI,
    FIGURE,
    FRAMES,
    NEAR_SINGULAR,
    NUMBER,
    Planar2R,
    PlanarArmDrawing,
    arm_axes,
    number_text,
)
from robocourse.widgets.shapes import explorer, labelled_slider

FORCE_SCALE = 0.08           # metres of arrow per newton
FORCE_LIMIT = 10.0           # slider range of fx, fy (N)


class TipLoad(NamedTuple):
    """The numbers behind one setting: angles in radians, forces in N, torques in N·m."""

    q: np.ndarray            # [θ1, θ2]
    force_tool: np.ndarray   # 3_F = [fx, fy, 0], in {3}
    force_base: np.ndarray   # 0_F = 0_R_3 3_F, in {0}
    tip: np.ndarray          # the tool-frame origin in {0} (x, y)
    tau: np.ndarray          # [τ1, τ2] from force propagation
    s2: float                # sin θ2 (zero at the singular configurations)

    @property
    def near_singular(self):
        """True when ``|s2| < NEAR_SINGULAR``: the arm is (almost) stretched out or folded back."""
        return abs(self.s2) < NEAR_SINGULAR


@check.arguments(robot=Planar2R(), q1=NUMBER, q2=NUMBER, fx=NUMBER, fy=NUMBER)
def tip_load(robot, q1, q2, fx, fy):
    """Joint torques of the 2R arm ``robot`` at joint angles ``q1, q2`` (radians) holding
    the tip force ``3_F = [fx, fy, 0]`` (N).

    Numbers only; ``tau`` comes from ``static_forces_by_propagation``.

    >>> load = tip_load(planar_2r(l1=0.5, l2=0.5), 0.0, np.pi / 2, 2.0, 4.0)
    >>> load.tau.round(12)                 # l1 s2 fx + (l2 + l1 c2) fy,  l2 fy
    array([3., 2.])
    >>> load.force_base.round(12) + 0.0    # {3} is turned by θ1 + θ2 = 90°
    array([-4.,  2.,  0.])
    """
    q = np.array([q1, q2])
    force_tool = np.array([fx, fy, 0.0])
    T = forward_kinematics(robot, q)
    statics = static_forces_by_propagation(robot, q, [*force_tool, 0.0, 0.0, 0.0], frame="tool")
    return TipLoad(q, force_tool, rotation(T) @ force_tool, np.array(T[:2, 3]),
                   np.asarray(statics.torques, dtype=float), float(np.sin(q2)))


_LOAD = check.Instance(TipLoad)


@check.arguments(load=_LOAD)
def warning_text(load):
    """The singularity warning for ``load`` (empty away from the singular configurations).

    >>> warning_text(tip_load(planar_2r(l1=0.5, l2=0.5), 0.0, 0.0, 5.0, 0.0))[:23]
    'arm stretched (θ2 ≈ 0°)'
    """
    if not load.near_singular:
        return ""
    if np.cos(load.q[1]) > 0:
        return say("arm stretched (θ2 ≈ 0°):\ntip force along the arm\ngives no joint torque",
                   "widgets")
    return say("arm folded (θ2 ≈ 180°):\ntip force along the arm\ngives no joint torque",
               "widgets")


@check.arguments(value=NUMBER)
def torque_text(value):
    """A torque as text, never ``-0.00``.

    >>> torque_text(-0.001)
    '0.00 N·m'
    """
    return f"{number_text(value, 2)} N·m"


@check.arguments(load=_LOAD)
def caption_text(load):
    """The angles and the tip force of ``load`` in two lines (the animation's caption).

    >>> print(caption_text(tip_load(planar_2r(l1=0.5, l2=0.5), 0.0, np.pi / 2, 2.0, 4.0)))
    θ1 = 0.0°  θ2 = 90.0°  $^3F$ = [2.0, 4.0] N
    tip force drawn in {0}: $^0F$ = [-4.00, 2.00] N
    """
    degrees = np.degrees(load.q)
    return (f"θ1 = {degrees[0] + 0.0:.1f}°  θ2 = {degrees[1] + 0.0:.1f}°  "
            f"$^3F$ = [{load.force_tool[0] + 0.0:.1f}, {load.force_tool[1] + 0.0:.1f}] N\n"
            + say("tip force drawn in {{0}}: $^0F$ = [{x}, {y}] N", "widgets",
                  x=f"{round(load.force_base[0], 2) + 0.0:.2f}",
                  y=f"{round(load.force_base[1], 2) + 0.0:.2f}"))


class StaticsDrawing:
    """The view: the arm, its tip-force arrow and line of action, and the torque bars.

    ``update(load)`` (a ``TipLoad``) moves the existing artists (``moving``); ``ax_arm`` holds the
    arm, ``ax_bars`` the bars (``bars``, a BarContainer), ``values`` the two numbers
    above the bars and ``warning`` the singularity warning. With ``caption`` the title
    of the arm axes shows the angles and the force (the static animation has no
    sliders to read them from); otherwise it is a fixed title.
    """

    @check.arguments(fig=FIGURE, robot=Planar2R(), load=_LOAD, force_scale=NUMBER,
                     force_limit=NUMBER, caption=check.Flag())
    def __init__(self, fig, robot, load, force_scale=FORCE_SCALE, force_limit=FORCE_LIMIT,
                 caption=False):
        self.fig, self.caption = fig, caption
        self.robot, self.force_scale = robot, force_scale
        grid = fig.add_gridspec(1, 2, width_ratios=(1.55, 1.0), wspace=0.32,
                                left=0.09, right=0.97, bottom=0.14, top=0.86)
        reach = float(robot.links[1].a) + float(robot.tool[0, 3])
        self.ax_arm = arm_axes(fig, robot, grid[0, 0], extra=force_scale * force_limit * 0.4)
        self.arm = PlanarArmDrawing(self.ax_arm, robot, load.q, show_frames=True,
                                    axis_length=0.14 * reach)
        (self.line_of_action,) = self.ax_arm.plot([], [], "--", color="tab:purple", lw=0.9,
                                                  alpha=0.6, zorder=1)
        self.arrow = FancyArrowPatch((0, 0), (1, 1), arrowstyle="-|>", mutation_scale=18,
                                     color="tab:purple", lw=2.6, zorder=5)
        self.ax_arm.add_patch(self.arrow)
        self.force_label = self.ax_arm.text(0, 0, "", color="tab:purple", fontsize=9,
                                            ha="center", va="center")
        self.title = self.ax_arm.set_title(     # y given: not moved once the rest is frozen
            "" if caption else "tip force $^3F$, drawn in {0}", fontsize=8 if caption else 9,
            y=1.0)

        self.ax_bars = fig.add_subplot(grid[0, 1])
        self.warning = self.ax_bars.text(
            0.5, 0.97, "", transform=self.ax_bars.transAxes, ha="center", va="top",
            fontsize=7.5, color="darkred", zorder=6,
            bbox={"boxstyle": "round", "fc": "#fff0f0", "ec": "darkred"})
        limit = np.sqrt(2.0) * reach * force_limit
        self.bars = self.ax_bars.bar([0, 1], [0.0, 0.0], width=0.6,
                                    color=["tab:blue", "tab:orange"])
        self.ax_bars.set_xticks([0, 1], [r"$\tau_1$", r"$\tau_2$"])
        self.ax_bars.set_xlim(-0.6, 1.6)
        self.ax_bars.set_ylim(-limit, limit)
        self.ax_bars.axhline(0.0, color="black", lw=0.8)
        self.ax_bars.set_ylabel(say("joint torque (N·m)", "widgets"))
        self.ax_bars.set_title(say("torques that hold the load", "widgets"), fontsize=9)
        self.ax_bars.grid(True, axis="y", lw=0.3)
        self.values = [self.ax_bars.text(k, 0.0, "", ha="center", fontsize=9) for k in (0, 1)]
        self.moving = [*self.arm.moving, self.arrow, self.line_of_action, self.force_label,
                       self.warning, *self.bars, *self.values, *([self.title] if caption else [])]
        self.update(load)

    @check.arguments(load=_LOAD)
    def update(self, load):
        """Move every artist to the setting ``load``; returns the changed artists."""
        self.arm.update(load.q)
        tip, f = load.tip, load.force_base[:2]
        end = tip + self.force_scale * f
        size = float(np.hypot(*f))
        self._arrow_ends = np.array([tip, end], dtype=float)
        self.arrow.set_positions(tuple(tip), tuple(end))
        self.arrow.set_visible(size > 1e-9)
        if size > 1e-9:
            direction = f / size
            far = 10.0 * float(np.ptp(self.ax_arm.get_xlim()))
            line = np.array([tip - far * direction, tip + far * direction])
            self.line_of_action.set_data(line[:, 0], line[:, 1])
            label_at = end + 0.06 * direction * np.ptp(self.ax_arm.get_xlim()) / 2
        else:
            self.line_of_action.set_data([], [])
            label_at = tip
        self.force_label.set_position(tuple(label_at))
        self.force_label.set_text("$F$" if size > 1e-9 else "")
        if self.caption:
            self.title.set_text(caption_text(load))
        warning = warning_text(load)
        self.warning.set_text(warning)
        self.warning.set_visible(bool(warning))
        for k, (bar, value, text) in enumerate(zip(self.bars, load.tau, self.values,
                                                   strict=True)):
            bar.set_height(value)
            text.set_text(torque_text(value))
            pad = 0.04 * np.ptp(self.ax_bars.get_ylim())
            text.set_position((k, value + (pad if value >= 0 else -pad)))
            text.set_va("bottom" if value >= 0 else "top")
        return self.moving

    @check.arguments()
    def bar_heights(self):
        """The drawn heights of the τ1 and τ2 bars."""
        return np.array([bar.get_height() for bar in self.bars])

    @check.arguments()
    def arrow_ends(self):
        """The drawn start and end of the force arrow (a 2 x 2 array, rows = points)."""
        return self._arrow_ends.copy()


@check.arguments(robot=Planar2R(), load=_LOAD, dpi=DPI, caption=check.Flag())
def statics_figure(robot, load, figsize=(7.2, 3.4), dpi=72, caption=True):
    """A ``Figure`` with the arm and the torque bars for one setting (returns fig, drawing)."""
    fig = Figure(figsize=figsize, dpi=dpi)
    return fig, StaticsDrawing(fig, robot, load, caption=caption)


@check.arguments(load=_LOAD)
def readout_html(load):
    """The torques and the warning of ``load`` as a short HTML block.

    >>> 'τ1' in readout_html(tip_load(planar_2r(l1=0.5, l2=0.5), 0.3, 1.0, 1.0, 2.0))
    True
    """
    warning = warning_text(load).replace("\n", " ")
    line = f"<br><span style='color:darkred'>{warning}</span>" if warning else ""
    return ("<div style='font-family:sans-serif;margin-top:6px'>"
            f"τ1 = <code>{torque_text(load.tau[0])}</code><br>"
            f"τ2 = <code>{torque_text(load.tau[1])}</code><br>"
            f"s2 = <code>{round(load.s2, 3) + 0.0:.3f}</code>{line}</div>")


@check.arguments(l1=NUMBER, l2=NUMBER, theta1=NUMBER, theta2=NUMBER, fx=NUMBER, fy=NUMBER,
                 dpi=DPI)
def statics_widget(l1=0.5, l2=0.5, theta1=30.0, theta2=60.0, fx=2.0, fy=4.0, dpi=72):
    """Sliders for θ1, θ2 (degrees) and the tip force ``3_F = [fx, fy]`` (N) of the 2R arm:
    an explorer. Every slider change recomputes the torques by force propagation
    (``tip_load``) and moves the view's artists (see ``shapes.explorer`` for what the
    returned box carries).
    """
    robot = planar_2r(l1=l1, l2=l2)
    angle = functools.partial(labelled_slider, low=-180.0, high=180.0, step=1.0, unit="°")
    force = functools.partial(labelled_slider, low=-FORCE_LIMIT, high=FORCE_LIMIT, step=0.5,
                              unit="N", digits=1)
    controls = {"theta1": angle("θ1", theta1), "theta2": angle("θ2", theta2),
                "fx": force("³fx", fx), "fy": force("³fy", fy)}

    def state(theta1, theta2, fx, fy):
        return tip_load(robot, np.radians(theta1), np.radians(theta2), fx, fy)

    return explorer(controls, state,
                    lambda first: statics_figure(robot, first, dpi=dpi, caption=False)[1],
                    readout_html, dpi=dpi, beside=True,
                    groups=[(say("joint angles", "widgets"), ["theta1", "theta2"]),
                            (say("tip force in {3}", "widgets"), ["fx", "fy"])])


@check.arguments(l1=NUMBER, l2=NUMBER, theta1=NUMBER,
                 force_base=check.Vector(2, "x, y", numeric=True), start=NUMBER, stop=NUMBER,
                 n_frames=FRAMES, dpi=DPI)
def statics_animation(l1=0.5, l2=0.5, theta1=0.0, force_base=(8.0, 0.0), start=120.0,
                      stop=-30.0, n_frames=26, dpi=72):
    """The static fallback: θ2 sweeps from ``start`` to ``stop`` degrees (through 0) with θ1
    (degrees) fixed and the tip force fixed in space (``0_F``, in N).

    Each frame turns the fixed ``0_F`` into the tool frame, ``3_F = 0_R_3ᵀ 0_F``, and
    draws the torques from force propagation. With the default load (a push along +X0)
    and θ1 = 0 the force passes through both joint axes at θ2 = 0, so τ1 and τ2
    shrink to zero there and change sign after it. Returns the HTML of the player.
    """
    robot = planar_2r(l1=l1, l2=l2)
    force_base = np.array([*force_base, 0.0], dtype=float)

    def load(theta2):
        q = np.radians([theta1, theta2])
        f3 = rotation(forward_kinematics(robot, q)).T @ force_base
        return tip_load(robot, q[0], q[1], f3[0], f3[1])

    states = [load(theta2) for theta2 in np.linspace(start, stop, n_frames)]
    _, view = statics_figure(robot, states[0], figsize=(7.0, 3.3), dpi=dpi)
    return sweep_animation(view, states, interval_ms=150)
