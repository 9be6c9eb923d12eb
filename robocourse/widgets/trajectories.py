"""Chapter 5 widget: plan a move of the 2R tip, then watch computed-torque control fly it.

The arm is the lecture's 2R arm (point masses ``m1, m2`` at the link ends, gravity along
−Y0). A move goes from a start point to a goal point of the tip in ``duration`` seconds:

* the **plan**: the joint angles of both ends by inverse kinematics
  (``kinematics.inverse_kinematics_2r``, one elbow branch), and a synchronised
  rest-to-rest cubic between them (``trajectories.synchronised``). Its tip path is a
  curve; drawn beside it, the straight line and the tip path of the same move through
  ``points`` inverse-kinematics points of that line (``trajectories.straight_line_2r``
  and ``joint_space_path``), which hugs the line;
* the **flight**: the arm simulated under computed-torque control along the cubic
  (``control.track``) with compiled dynamics (``codegen.CompiledDynamics``). The plant
  can carry a payload ``payload`` times heavier than the controller's model believes,
  which leaves a tracking error.

A change of the settings recomputes the plan and the flight once (a few tenths of a
second); the Play control and the frame slider only move artists
(``BlittedLiveFigure``). ``trajectories_widget`` is the interactive version,
``trajectories_animation`` the static fallback (an embedded JavaScript player).
"""

from functools import lru_cache
from typing import NamedTuple

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from robocourse.codegen import CompiledDynamics
from robocourse.control import track
from robocourse.kinematics import inverse_kinematics_2r
from robocourse.models import planar_2r
from robocourse.trajectories import joint_space_path, straight_line_2r, synchronised
from robocourse.widgets.drawing import (
    BlittedLiveFigure,
    PlanarArmDrawing,
    animation_html,
    arm_axes,
    compact_player,
    frame_player,
    freeze_background,
    number_text,
)

ARM = {"l1": 0.5, "l2": 0.5, "m1": 2.0, "m2": 1.0, "g": 9.81}
START = (0.7, -0.3)
GOAL = (-0.3, 0.6)
GAINS = (100.0, 20.0)          # Kp, Kv: critically damped, natural frequency 10 rad/s
HOLD = 0.5                     # seconds simulated after the move ends (the arm holds the goal)
MAX_REACH = 0.98               # goals are kept within this fraction of l1 + l2


@lru_cache(maxsize=8)
def compiled_arm(m2_factor=1.0):
    """The numeric 2R arm of ``ARM`` with ``m2`` times ``m2_factor``, and its compiled
    dynamics (cached: each is compiled once per session)."""
    arm = planar_2r(**{**ARM, "m2": ARM["m2"] * m2_factor})
    return arm, CompiledDynamics(arm)


def reachable(point, l1=ARM["l1"], l2=ARM["l2"]):
    """``point`` pulled onto the circle of radius ``MAX_REACH (l1 + l2)`` if it lies beyond.

    >>> reachable((2.0, 0.0)).tolist(), reachable((0.3, 0.4)).tolist()
    ([0.98, 0.0], [0.3, 0.4])
    """
    point = np.asarray(point, dtype=float)
    limit = MAX_REACH * (l1 + l2)
    radius = float(np.hypot(*point))
    return point * (limit / radius) if radius > limit else point


def tip_positions(q, l1=ARM["l1"], l2=ARM["l2"]):
    """The tip ``(x, y)`` of the 2R arm for each row of joint angles ``q`` (N x 2).

    >>> tip_positions([[0.0, np.pi / 2]]).round(12).tolist()
    [[0.5, 0.5]]
    """
    q = np.atleast_2d(np.asarray(q, dtype=float))
    return np.column_stack([l1 * np.cos(q[:, 0]) + l2 * np.cos(q[:, 0] + q[:, 1]),
                            l1 * np.sin(q[:, 0]) + l2 * np.sin(q[:, 0] + q[:, 1])]) + 0.0


class Move(NamedTuple):
    """A planned and flown move: ``start, goal`` (tip points), ``q0, qf`` (joint angles),
    the tip paths ``cubic_path`` (joint-space cubic) and ``line_path`` (through ``points``
    IK points of the line), the ``tracking`` result (``control.Tracking``) and ``tips``,
    the tip of the flown arm at every sample."""

    start: np.ndarray
    goal: np.ndarray
    q0: np.ndarray
    qf: np.ndarray
    duration: float
    payload: float
    cubic_path: np.ndarray
    line_path: np.ndarray
    tracking: object
    tips: np.ndarray

    @property
    def t(self):
        return self.tracking.motion.t

    @property
    def tau(self):
        return self.tracking.motion.tau


def plan_and_fly(goal=GOAL, duration=1.5, start=START, payload=1.0, points=5, samples=61,
                 elbow="down"):
    """Plan the move of the tip from ``start`` to ``goal`` and fly it under computed torque.

    The controller models the arm of ``ARM``; the plant carries ``payload`` times its
    tip mass ``m2``. The flight lasts ``duration + HOLD`` seconds, sampled ``samples``
    times. Points out of reach are pulled in (``reachable``). Returns a ``Move``.

    >>> move = plan_and_fly(samples=11)
    >>> np.allclose(move.tips[-1], move.goal, atol=1e-6), float(move.tracking.error.max()) < 1e-6
    (True, True)
    """
    start, goal = reachable(start), reachable(goal)
    l1, l2 = ARM["l1"], ARM["l2"]
    model_arm, model = compiled_arm(1.0)
    q0 = inverse_kinematics_2r(model_arm, *start, elbow)
    qf = inverse_kinematics_2r(model_arm, *goal, elbow)
    path = synchronised(q0, qf, duration)
    cubic_path = tip_positions(joint_space_path([q0, qf], steps=40), l1, l2)
    if np.allclose(start, goal):
        line_path = np.array([start, goal])
    else:
        via = straight_line_2r(model_arm, start, goal, points=points, elbow=elbow)
        line_path = tip_positions(joint_space_path(via, steps=10), l1, l2)
    plant_arm, plant = compiled_arm(float(payload))
    result = track(plant_arm, model_arm, path, *GAINS, duration=duration + HOLD,
                   plant_model=plant, controller_model=model, samples=samples)
    return Move(start, goal, q0, qf, float(duration), float(payload), cubic_path, line_path,
                result, tip_positions(result.motion.q, l1, l2))


class MoveDrawing:
    """The arm with its planned paths (left) and the joint torques over time (right).

    ``set_move(move)`` puts a new move in (paths, curves, limits); ``show_frame(k)`` moves
    the arm, its trail, the cursors and the text to sample k. Only existing artists move;
    ``moving`` lists those ``show_frame`` changes.
    """

    def __init__(self, fig, move):
        grid = fig.add_gridspec(2, 2, width_ratios=(1.0, 1.4), left=0.08, right=0.985,
                                bottom=0.14, top=0.86, wspace=0.25, hspace=0.12)
        arm, _ = compiled_arm(1.0)
        self.arm_ax = arm_axes(fig, arm, grid[:, 0], margin=1.05)
        for axis in (self.arm_ax.xaxis, self.arm_ax.yaxis):
            axis.set_major_locator(MaxNLocator(5))
        (self.line,) = self.arm_ax.plot([], [], "-", color="0.6", lw=3, alpha=0.5,
                                        label="straight line")
        (self.line_path,) = self.arm_ax.plot([], [], "-", color="tab:green", lw=1.2,
                                             label="IK points of the line")
        (self.cubic_path,) = self.arm_ax.plot([], [], "--", color="tab:orange", lw=1.4,
                                              label="joint-space cubic")
        (self.ends,) = self.arm_ax.plot([], [], "s", color="black", ms=5)
        (self.trail,) = self.arm_ax.plot([], [], "-", color="tab:red", lw=1.6,
                                         label="flown tip")
        self.arm = PlanarArmDrawing(self.arm_ax, arm, move.q0)
        self.torque_axes = [fig.add_subplot(grid[0, 1]), fig.add_subplot(grid[1, 1])]
        self.curves, self.dots, self.cursors = [], [], []
        for j, ax in enumerate(self.torque_axes):
            self.curves.append(ax.plot([], [], color="black", lw=1.6)[0])
            self.dots.append(ax.plot([], [], "o", color="tab:red", ms=4)[0])
            self.cursors.append(ax.axvline(0.0, color="0.3", lw=1, ls="--"))
            ax.axhline(0.0, color="0.7", lw=0.6)
            ax.set_ylabel(f"$\\tau_{j + 1}$ (N·m)")
            ax.yaxis.set_major_locator(MaxNLocator(4))
            ax.grid(True, lw=0.3)
        self.end_marks = [ax.axvline(0.0, color="tab:blue", lw=0.8, ls=":")
                          for ax in self.torque_axes]
        self.torque_axes[0].tick_params(labelbottom=False)
        self.torque_axes[1].set_xlabel("t (s)")
        fig.legend(handles=[self.line, self.line_path, self.cubic_path, self.trail],
                   loc="upper left", ncol=4, fontsize=7.5, frameon=False,
                   bbox_to_anchor=(0.0, 1.0))
        self.text = fig.text(0.45, 0.895, "", fontsize=8, family="monospace")
        self.move, self.frame = None, 0
        self.moving = [self.arm.links, self.arm.joints, self.trail, *self.cursors,
                       *self.dots, self.text]
        self.set_move(move)

    def set_move(self, move):
        """Show a new move: paths, torque curves and limits; keeps the current frame."""
        self.move = move
        self.line.set_data([move.start[0], move.goal[0]], [move.start[1], move.goal[1]])
        self.line_path.set_data(*move.line_path.T)
        self.cubic_path.set_data(*move.cubic_path.T)
        self.ends.set_data([move.start[0], move.goal[0]], [move.start[1], move.goal[1]])
        for j, ax in enumerate(self.torque_axes):
            tau = move.tau[:, j]
            self.curves[j].set_data(move.t, tau)
            low, high = min(tau.min(), 0.0), max(tau.max(), 0.0)
            pad = 0.08 * (high - low) + 1e-9
            ax.set_ylim(low - pad, high + pad)
            ax.set_xlim(0.0, float(move.t[-1]))
            self.end_marks[j].set_xdata([move.duration, move.duration])
        self.show_frame(min(self.frame, len(move.t) - 1))

    def show_frame(self, k):
        """Move the arm, the trail, the cursors and the text to sample ``k``."""
        move = self.move
        self.frame = k
        self.arm.update(move.tracking.motion.q[k])
        self.trail.set_data(*move.tips[:k + 1].T)
        for j in range(2):
            self.cursors[j].set_xdata([move.t[k], move.t[k]])
            self.dots[j].set_data([move.t[k]], [move.tau[k, j]])
        self.text.set_text(frame_text(move, k))
        return self.moving


def frame_text(move, k):
    """The numbers shown at sample ``k``: time, torques and the tracking error.

    >>> frame_text(plan_and_fly(samples=3), 0)
    't = 0.00 s  τ = (18.08, 6.65) N·m  |e| = 0.000°'
    """
    tau = ", ".join(number_text(x, 2) for x in move.tau[k])
    error = number_text(np.degrees(np.abs(move.tracking.error[k]).max()), 3)
    return f"t = {number_text(move.t[k], 2)} s  τ = ({tau}) N·m  |e| = {error}°"


def summary_html(move):
    """An HTML line: where the move goes, how far the cubic leaves the line, the largest
    tracking error and the largest torques."""
    direction = move.goal - move.start
    length = float(np.hypot(*direction))
    if length > 0:
        relative = move.cubic_path - move.start
        bulge = float(np.abs(relative[:, 1] * direction[0]
                             - relative[:, 0] * direction[1]).max()) / length
    else:
        bulge = 0.0
    error = float(np.degrees(np.abs(move.tracking.error).max()))
    peaks = ", ".join(number_text(np.abs(move.tau[:, j]).max(), 2) for j in range(2))
    goal = ", ".join(number_text(x, 2) for x in move.goal)
    return ("<div style='font-family:sans-serif;font-size:90%'>"
            f"goal (<code>{goal}</code>) m; the joint-space cubic leaves the straight line by "
            f"up to <code>{number_text(100 * bulge, 1)}</code> cm; "
            f"largest tracking error <code>{number_text(error, 3)}</code>°; "
            f"peak |τ| = (<code>{peaks}</code>) N·m</div>")


def trajectories_widget(goal=GOAL, duration=1.5, start=START, samples=61, dpi=72):
    """Choose the goal of the tip (and the duration, and a heavier payload), see the
    planned paths, and Play the computed-torque flight with its joint torques.

    Controls: ``Play`` linked (``jslink``) to the frame slider; sliders for the goal
    ``x, y`` (m) and the duration ``t_f`` (s); a payload slider (the plant's ``m2`` as a
    multiple of the model's). A settings change calls ``plan_and_fly`` once; a frame
    change only moves artists. Returns an ``ipywidgets.VBox`` carrying ``sliders``
    (dict: ``x, y, duration, payload``), ``frame``, ``play``, ``summary`` (HTML),
    ``drawing`` (``MoveDrawing``), ``live`` (``BlittedLiveFigure``) and
    ``state()`` → ``(move, k)``.
    """
    def slider(description, value, low, high, step, fmt=".2f"):
        return widgets.FloatSlider(value=value, min=low, max=high, step=step,
                                   description=description, continuous_update=False,
                                   readout_format=fmt, style={"description_width": "80px"},
                                   layout=widgets.Layout(width="270px"))

    sliders = {"x": slider("goal x (m)", goal[0], -0.95, 0.95, 0.05),
               "y": slider("goal y (m)", goal[1], -0.95, 0.95, 0.05),
               "duration": slider("t_f (s)", duration, 0.5, 4.0, 0.1, ".1f"),
               "payload": slider("payload ×", 1.0, 0.5, 2.0, 0.1, ".1f")}
    play, frame = frame_player(samples)

    def compute():
        return plan_and_fly((sliders["x"].value, sliders["y"].value),
                            sliders["duration"].value, start,
                            payload=sliders["payload"].value, samples=samples)

    fig = Figure(figsize=(9.0, 3.8))
    drawing = MoveDrawing(fig, compute())
    live = BlittedLiveFigure(fig, drawing.moving, dpi=dpi)
    summary = widgets.HTML(summary_html(drawing.move))

    def on_frame(change):
        drawing.show_frame(change["new"])
        live.refresh()

    def on_settings(_change=None):
        drawing.set_move(compute())
        summary.value = summary_html(drawing.move)
        live.refresh(full=True)

    frame.observe(on_frame, names="value")
    for s in sliders.values():
        s.observe(on_settings, names="value")
    controls = widgets.VBox([widgets.HBox([play, frame]),
                             widgets.HBox([sliders["x"], sliders["y"]]),
                             widgets.HBox([sliders["duration"], sliders["payload"]])])
    box = widgets.VBox([controls, live.image, summary])
    box.sliders, box.frame, box.play, box.summary = sliders, frame, play, summary
    box.drawing, box.live = drawing, live
    box.state = lambda: (drawing.move, drawing.frame)
    return box


def trajectories_animation(goal=GOAL, duration=1.5, start=START, payload=1.0, n_frames=30,
                           dpi=60, samples=61, colors=64):
    """The static fallback: an embedded JavaScript player of one controlled move
    (``n_frames`` frames on a frozen background, palette PNGs); returns the HTML."""
    fig = Figure(figsize=(9.0, 3.8), dpi=dpi)
    move = plan_and_fly(goal, duration, start, payload=payload, samples=samples)
    drawing = MoveDrawing(fig, move)
    freeze_background(fig, drawing.moving)
    picks = np.linspace(0, samples - 1, n_frames).round().astype(int)
    player = animation_html(fig, lambda k: drawing.show_frame(picks[k]), n_frames,
                            interval_ms=int(1000 * float(move.t[-1]) / n_frames))
    return compact_player(player, colors)


__all__ = ["plan_and_fly", "trajectories_widget", "trajectories_animation", "MoveDrawing",
           "Move", "frame_text", "summary_html", "tip_positions", "reachable"]
