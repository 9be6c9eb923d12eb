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
  (``control.track``) with compiled dynamics in which the tip mass is a run-time
  parameter (``codegen.ParametricDynamics``). The plant can carry a payload
  ``payload`` times heavier than the controller's model believes, which leaves a
  tracking error.

A player (``shapes.player``): a change of the settings recomputes the plan and the
flight once (``plan_and_fly``, a few tenths of a second); the Play control and the
frame slider only move artists. ``trajectories_widget`` is the interactive version,
``trajectories_animation`` the static fallback (an embedded JavaScript player).
Positions are metres and angles radians throughout.
"""

import functools
from typing import NamedTuple

import numpy as np
from matplotlib.figure import Figure

from robocourse import _checks as check
from robocourse.codegen import ParametricDynamics
from robocourse.control import track
from robocourse.kinematics import inverse_kinematics_2r, link_frames_many
from robocourse.language import say
from robocourse.models import planar_2r
from robocourse.trajectories import (
    distance_from_line,
    joint_space_path,
    straight_line_2r,
    synchronised,
)
from robocourse.widgets.animation import run_animation
from robocourse.widgets.drawing import (
    DPI,
    FIGURE,
    FRAMES,
    NUMBER,
    POINT,
    PlanarArmDrawing,
    TimeSeriesPanel,
    arm_beside_panels,
    number_text,
)
from robocourse.widgets.shapes import labelled_slider, player

ARM = {"l1": 0.5, "l2": 0.5, "m1": 2.0, "m2": 1.0, "g": 9.81}
START = (0.7, -0.3)
GOAL = (-0.3, 0.6)
GAINS = (100.0, 20.0)          # Kp, Kv: critically damped, natural frequency 10 rad/s
HOLD = 0.5                     # seconds simulated after the move ends (the arm holds the goal)
MAX_REACH = 0.98               # goals are kept within this fraction of l1 + l2


@functools.lru_cache(maxsize=1)
def arm_family():
    """The 2R arm of ``ARM`` with its tip mass ``m2`` a run-time parameter, compiled once
    (``codegen.ParametricDynamics``)."""
    return ParametricDynamics(planar_2r, ["m2"], **{k: v for k, v in ARM.items() if k != "m2"})


@check.arguments(m2_factor=NUMBER)
def compiled_arm(m2_factor=1.0):
    """The compiled dynamics of the arm of ``ARM`` with ``m2`` times ``m2_factor`` (its
    ``robot`` is the numeric arm)."""
    return arm_family().at(m2=ARM["m2"] * m2_factor)


compiled_arm_unchecked = compiled_arm.__wrapped__


@check.arguments(point=POINT, l1=NUMBER, l2=NUMBER)
def reachable(point, l1=ARM["l1"], l2=ARM["l2"]):
    """``point`` pulled onto the circle of radius ``MAX_REACH (l1 + l2)`` if it lies beyond.

    >>> reachable((2.0, 0.0)).tolist(), reachable((0.3, 0.4)).tolist()
    ([0.98, 0.0], [0.3, 0.4])
    """
    limit = MAX_REACH * (l1 + l2)
    radius = float(np.hypot(*point))
    return point * (limit / radius) if radius > limit else point


reachable_unchecked = reachable.__wrapped__


@check.arguments(q=check.Values(numeric=True), l1=NUMBER, l2=NUMBER)
def tip_positions(q, l1=ARM["l1"], l2=ARM["l2"]):
    """The tip ``(x, y)`` of the 2R arm for each row of joint angles ``q`` (N x 2), by the
    vectorised forward kinematics ``kinematics.link_frames_many``.

    >>> tip_positions([[0.0, np.pi / 2]]).round(12).tolist()
    [[0.5, 0.5]]
    """
    return link_frames_many(planar_2r(l1=l1, l2=l2), np.atleast_2d(q))[:, -1, :2, 3] + 0.0


tip_positions_unchecked = tip_positions.__wrapped__


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


_DURATION = check.Number("s", at_least=">0", numeric=True)
_SAMPLES = check.Count(2)


@check.arguments(goal=POINT, duration=_DURATION, start=POINT, payload=NUMBER,
                 points=check.Count(2, check.MAX_COUNT), samples=_SAMPLES,
                 elbow=check.Choice("up", "down"))
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
    start, goal = reachable_unchecked(start), reachable_unchecked(goal)
    l1, l2 = ARM["l1"], ARM["l2"]
    model, plant = compiled_arm_unchecked(1.0), compiled_arm_unchecked(float(payload))
    q0 = inverse_kinematics_2r(model.robot, *start, elbow)
    qf = inverse_kinematics_2r(model.robot, *goal, elbow)
    path = synchronised(q0, qf, duration)
    cubic_path = tip_positions_unchecked(joint_space_path([q0, qf], steps=40), l1, l2)
    if np.allclose(start, goal):
        line_path = np.array([start, goal])
    else:
        via = straight_line_2r(model.robot, start, goal, points=points, elbow=elbow)
        line_path = tip_positions_unchecked(joint_space_path(via, steps=10), l1, l2)
    result = track(plant.robot, model.robot, path, *GAINS, duration=duration + HOLD,
                   plant_model=plant, controller_model=model, samples=samples)
    return Move(start, goal, q0, qf, float(duration), float(payload), cubic_path, line_path,
                result, tip_positions_unchecked(result.motion.q, l1, l2))


plan_and_fly_unchecked = plan_and_fly.__wrapped__


class MoveDrawing:
    """The view: the arm with its planned paths (left) and the joint torques over time
    (right, one ``TimeSeriesPanel`` per joint in ``panels``).

    ``show_run(move)`` puts a new move in (paths, curves, limits); ``show_frame(k)`` moves
    the arm, its trail, the cursors and the text to sample k. Only existing artists move;
    ``moving`` lists those ``show_frame`` changes.
    """

    @check.arguments(fig=FIGURE, move=check.Instance(Move))
    def __init__(self, fig, move):
        self.fig = fig
        arm = compiled_arm_unchecked(1.0).robot
        self.arm_ax, axes = arm_beside_panels(fig, arm, 2, width_ratios=(1.0, 1.4), left=0.08,
                                              right=0.985, bottom=0.14, top=0.86, wspace=0.25,
                                              hspace=0.12)
        (self.line,) = self.arm_ax.plot([], [], "-", color="0.6", lw=3, alpha=0.5,
                                        label=say("straight line", "widgets"))
        (self.line_path,) = self.arm_ax.plot([], [], "-", color="tab:green", lw=1.2,
                                             label=say("IK points of the line", "widgets"))
        (self.cubic_path,) = self.arm_ax.plot([], [], "--", color="tab:orange", lw=1.4,
                                              label=say("joint-space cubic", "widgets"))
        (self.ends,) = self.arm_ax.plot([], [], "s", color="black", ms=5)
        (self.trail,) = self.arm_ax.plot([], [], "-", color="tab:red", lw=1.6,
                                         label=say("flown tip", "widgets"))
        self.arm = PlanarArmDrawing(self.arm_ax, arm, move.q0)
        self.panels = [TimeSeriesPanel(ax, [("τ", "black", 1.6, "-")], f"$\\tau_{j + 1}$ (N·m)")
                       for j, ax in enumerate(axes)]
        self.end_marks = [ax.axvline(0.0, color="tab:blue", lw=0.8, ls=":") for ax in axes]
        fig.legend(handles=[self.line, self.line_path, self.cubic_path, self.trail],
                   loc="upper left", ncol=4, fontsize=7.5, frameon=False,
                   bbox_to_anchor=(0.0, 1.0))
        self.text = fig.text(0.45, 0.895, "", fontsize=8, family="monospace")
        self.move, self.frame = None, 0
        self.moving = [*self.arm.moving, self.trail,
                       *(a for panel in self.panels for a in panel.moving), self.text]
        self.show_run(move)

    @check.arguments(move=check.Instance(Move))
    def show_run(self, move):
        """Show a new move: paths, torque curves and limits; keeps the current frame."""
        self.move, self.times = move, move.t
        self.line.set_data([move.start[0], move.goal[0]], [move.start[1], move.goal[1]])
        self.line_path.set_data(*move.line_path.T)
        self.cubic_path.set_data(*move.cubic_path.T)
        self.ends.set_data([move.start[0], move.goal[0]], [move.start[1], move.goal[1]])
        for j, (panel, mark) in enumerate(zip(self.panels, self.end_marks, strict=True)):
            panel.show_series(move.t, [move.tau[:, j]])
            mark.set_xdata([move.duration, move.duration])
        self.show_frame(min(self.frame, len(self.times) - 1))

    @check.arguments(k=check.Count(0))
    def show_frame(self, k):
        """Move the arm, the trail, the cursors and the text to sample ``k``."""
        move = self.move
        self.frame = k
        self.arm.update(move.tracking.motion.q[k])
        self.trail.set_data(*move.tips[:k + 1].T)
        for panel in self.panels:
            panel.show(k)
        self.text.set_text(frame_text_unchecked(move, k))
        return self.moving


@check.arguments(move=check.Instance(Move), k=check.Count(0))
def frame_text(move, k):
    """The numbers shown at sample ``k``: time, torques and the tracking error.

    >>> frame_text(plan_and_fly(samples=3), 0)
    't = 0.00 s  τ = (18.08, 6.65) N·m  |e| = 0.000°'
    """
    tau = ", ".join(number_text(x, 2) for x in move.tau[k])
    error = number_text(np.degrees(np.abs(move.tracking.error[k]).max()), 3)
    return f"t = {number_text(move.t[k], 2)} s  τ = ({tau}) N·m  |e| = {error}°"


frame_text_unchecked = frame_text.__wrapped__


@check.arguments(move=check.Instance(Move))
def summary_html(move):
    """An HTML line: where the move goes, how far the cubic leaves the line
    (``trajectories.distance_from_line``), the largest tracking error and the largest
    torques.

    >>> 'tracking error' in summary_html(plan_and_fly(samples=3))
    True
    """
    bulge = (float(np.abs(distance_from_line(move.cubic_path, move.start, move.goal)).max())
             if not np.allclose(move.start, move.goal) else 0.0)
    error = float(np.degrees(np.abs(move.tracking.error).max()))
    peaks = ", ".join(number_text(np.abs(move.tau[:, j]).max(), 2) for j in range(2))
    goal = ", ".join(number_text(x, 2) for x in move.goal)
    return ("<div style='font-family:sans-serif;font-size:90%'>" + say(
        "goal ({goal}) m; the joint-space cubic leaves the straight line by up to {bulge} cm; "
        "largest tracking error {error}°; peak |τ| = ({peaks}) N·m", "widgets",
        goal=f"<code>{goal}</code>", bulge=f"<code>{number_text(100 * bulge, 1)}</code>",
        error=f"<code>{number_text(error, 3)}</code>", peaks=f"<code>{peaks}</code>")
        + "</div>")


@check.arguments(goal=POINT, duration=_DURATION, start=POINT, samples=_SAMPLES, dpi=DPI)
def trajectories_widget(goal=GOAL, duration=1.5, start=START, samples=61, dpi=72):
    """Choose the goal of the tip (and the duration, and a heavier payload), see the
    planned paths, and Play the computed-torque flight with its joint torques: a player
    whose settings are the goal ``x, y`` (m), the duration ``t_f`` (s) and the payload
    (the plant's ``m2`` as a multiple of the model's), and whose run is ``plan_and_fly``
    (see ``shapes.player`` for what the box carries).
    """
    slider = functools.partial(labelled_slider, continuous=False, width="270px")
    settings = {"x": slider(say("goal x", "widgets"), goal[0], -0.95, 0.95, 0.05, "m"),
                "y": slider(say("goal y", "widgets"), goal[1], -0.95, 0.95, 0.05, "m"),
                "duration": slider("t_f", duration, 0.5, 4.0, 0.1, "s", digits=1),
                "payload": slider(say("payload ×", "widgets"), 1.0, 0.5, 2.0, 0.1, digits=1)}

    def run(x, y, duration, payload):
        return plan_and_fly((x, y), duration, start, payload=payload, samples=samples)

    return player(settings, run, lambda first: MoveDrawing(Figure(figsize=(9.0, 3.8)), first),
                  summary=summary_html, dpi=dpi,
                  groups=[(say("goal of the tip", "widgets"), ["x", "y"]),
                          (say("move", "widgets"), ["duration", "payload"])])


@check.arguments(goal=POINT, duration=_DURATION, start=POINT, payload=NUMBER, n_frames=FRAMES,
                 dpi=DPI, samples=_SAMPLES, colors=check.Count(2, 256))
def trajectories_animation(goal=GOAL, duration=1.5, start=START, payload=1.0, n_frames=30,
                           dpi=60, samples=61, colors=64):
    """The static fallback: an embedded JavaScript player of one controlled move
    (``n_frames`` frames on a frozen background, palette PNGs); returns the HTML."""
    move = plan_and_fly_unchecked(goal, duration, start, payload=payload, samples=samples)
    return run_animation(MoveDrawing(Figure(figsize=(9.0, 3.8), dpi=dpi), move), n_frames,
                         colors=colors)


__all__ = ["plan_and_fly", "trajectories_widget", "trajectories_animation", "MoveDrawing",
           "Move", "frame_text", "summary_html", "tip_positions", "reachable"]
