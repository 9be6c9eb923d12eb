"""Chapter 3 widget: the 2R arm of the worked example (SYLLABUS 3.2) moving along a cubic,
with each joint torque split into its inertial, Coriolis/centripetal and gravity parts.

The arm is the lecture's: point masses ``m1, m2`` at the ends of links ``l1, l2``,
gravity along −Y0. Both joints follow one synchronised rest-to-rest cubic
(``trajectories.synchronised``) from ``q0`` to ``qf`` in ``duration`` seconds, and along
the way the torque of each joint is the sum of three parts (lecture 3.4):

    τ = M(q) q̈  +  c(q, q̇)  +  G(q)
        inertial   Coriolis and    gravity
                   centripetal

with ``M`` built column by column from inverse dynamics, ``c`` the inverse dynamics at
``q̈ = 0`` without gravity (``velocity_product``) and ``G`` at rest (``gravity_load``).
These three are compiled once for the whole family of 2R arms, with the lengths, the
masses and g as run-time parameters (``codegen.ParametricDynamics``), so a mass slider
costs one vectorised evaluation of a whole motion of ~100 samples, and moving along the
motion only moves artists.

A player (``shapes.player``): ``dynamics_2r_widget`` is the interactive version (Play
button, frame slider, sliders for ``m1, m2`` and the duration; the run function is
``cubic_motion``), ``dynamics_2r_animation`` the static fallback, an embedded JavaScript
player of the same motion. Angles are radians throughout.
"""

import functools
import html
from typing import NamedTuple

import numpy as np
from matplotlib.figure import Figure

from robocourse.codegen import ParametricDynamics
from robocourse.kinematics import link_frames_many
from robocourse.language import say
from robocourse.models import planar_2r
from robocourse.trajectories import synchronised
from robocourse.widgets.animation import run_animation
from robocourse.widgets.drawing import (
    PlanarArmDrawing,
    TimeSeriesPanel,
    arm_beside_panels,
    number_text,
)
from robocourse.widgets.shapes import labelled_slider, player

Q0 = (-np.pi / 2, 0.0)               # hanging straight down
QF = (np.pi / 4, np.pi / 3)          # raised, elbow bent


def part_styles():
    """The torque parts' curves, ``(label, colour, width, style)``, labelled in the language
    in use."""
    return ((say(r"inertial $M(q)\,\ddot q$", "widgets"), "tab:blue", 1.4, "-"),
            (say(r"Coriolis + centripetal $c(q, \dot q)$", "widgets"), "tab:orange", 1.4, "-"),
            (say(r"gravity $G(q)$", "widgets"), "tab:green", 1.4, "-"),
            (say("total τ", "widgets"), "black", 2.0, "-"))


# --------------------------------------------------------------------------- the numbers

@functools.lru_cache(maxsize=1)
def arm_family():
    """The dynamics of every 2R arm, with ``l1, l2, m1, m2, g`` as run-time parameters,
    compiled once (``codegen.ParametricDynamics`` of ``models.planar_2r``)."""
    return ParametricDynamics(planar_2r, ["l1", "l2", "m1", "m2", "g"])


def torque_split(q, qd, qdd, l1=0.5, l2=0.5, m1=2.0, m2=1.0, g=9.81):
    """``(inertial, coriolis, gravity)`` torques, each an (N, 2) array, at N states.

    ``q, qd, qdd``: (N, 2) arrays (or one state of shape (2,), giving (1, 2) arrays).
    The parts are ``M(q) q̈``, ``c(q, q̇)`` and ``G(q)`` of the compiled ``arm_family``;
    their sum is the inverse dynamics ``τ = M q̈ + c + G``.

    >>> parts = torque_split([0.0, 0.0], [0.0, 0.0], [0.0, 0.0], l1=1, l2=1, m1=1, m2=1)
    >>> [p.round(6).tolist() for p in parts]
    [[[0.0, 0.0]], [[0.0, 0.0]], [[29.43, 9.81]]]
    """
    q, qd, qdd = (np.atleast_2d(np.asarray(x, dtype=float)) for x in (q, qd, qdd))
    arm = arm_family().at(l1=l1, l2=l2, m1=m1, m2=m2, g=g)
    inertial = np.einsum("nij,nj->ni", arm.mass_matrix.many(q), qdd)
    return inertial + 0.0, arm.velocity_product.many(q, qd) + 0.0, arm.gravity_load.many(q) + 0.0


class Motion2R(NamedTuple):
    """The sampled motion and its torques: ``t`` (N,), ``q, qd, qdd`` (N, 2) and the
    parts ``inertial, coriolis, gravity`` (N, 2); ``params`` the arm's numbers."""

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    qdd: np.ndarray
    inertial: np.ndarray
    coriolis: np.ndarray
    gravity: np.ndarray
    params: dict

    @property
    def tau(self):
        """The total joint torques ``M q̈ + c + G`` (N, 2)."""
        return self.inertial + self.coriolis + self.gravity

    @property
    def duration(self):
        return float(self.t[-1])


def cubic_motion(m1=2.0, m2=1.0, duration=2.0, q0=Q0, qf=QF, l1=0.5, l2=0.5, g=9.81,
                 samples=100):
    """The 2R arm moved from ``q0`` to ``qf`` by a synchronised cubic (zero end velocities),
    sampled at ``samples`` equally spaced times, with the torque split along the way.

    >>> motion = cubic_motion(samples=3)
    >>> motion.t.tolist(), motion.qd[[0, -1]].tolist()        # at rest at both ends
    ([0.0, 1.0, 2.0], [[0.0, 0.0], [0.0, 0.0]])
    >>> motion.coriolis[[0, -1]].tolist()                       # so no velocity torques
    [[0.0, 0.0], [0.0, 0.0]]
    """
    t = np.linspace(0.0, duration, samples)
    q, qd, qdd = synchronised(list(q0), list(qf), duration).at(t)
    params = dict(l1=l1, l2=l2, m1=m1, m2=m2, g=g)
    parts = torque_split(q, qd, qdd, **params)
    return Motion2R(t, q, qd, qdd, *parts, params)


# --------------------------------------------------------------------------- the view

class TorqueSplitDrawing:
    """The view: the arm (left) and, for each joint, its torque parts over time (right),
    one ``TimeSeriesPanel`` each (``panels``), with a time cursor and a dot on the total.

    ``show_run(motion)`` puts a new motion in (curves, limits, the drawn masses);
    ``show_frame(k)`` moves the arm, the cursors and the dots to sample k. Both only move
    existing artists; ``moving`` lists the artists ``show_frame`` changes.
    """

    def __init__(self, fig, motion):
        self.fig = fig
        p = motion.params
        self.robot = planar_2r(l1=p["l1"], l2=p["l2"])
        self.arm_ax, axes = arm_beside_panels(fig, self.robot, 2, left=0.08, right=0.985,
                                              bottom=0.14, top=0.85, wspace=0.25, hspace=0.1)
        self.arm_ax.annotate("", xy=(0.1, 0.66), xytext=(0.1, 0.86), xycoords="axes fraction",
                             arrowprops=dict(arrowstyle="->", color="0.4"))
        self.arm_ax.text(0.13, 0.74, "g", transform=self.arm_ax.transAxes, color="0.4")
        (self.path,) = self.arm_ax.plot([], [], ":", color="0.5", lw=1)
        self.arm = PlanarArmDrawing(self.arm_ax, self.robot, motion.q[0])
        self.masses = [self.arm_ax.plot([], [], "o", color="tab:red", zorder=5)[0]
                       for _ in range(2)]                  # m1 at the elbow, m2 at the tip
        self.panels = [TimeSeriesPanel(ax, part_styles(), f"$\\tau_{j + 1}$ (N·m)")
                       for j, ax in enumerate(axes)]
        fig.legend(handles=self.panels[0].curves, loc="upper right", ncol=2,
                   fontsize=7.5, frameon=False, bbox_to_anchor=(0.995, 1.01))
        self.time_text = fig.text(0.02, 0.94, "", fontsize=8.5, family="monospace")
        self.motion, self.frame = None, 0
        self.moving = [*self.arm.moving, *self.masses,
                       *(a for panel in self.panels for a in panel.moving), self.time_text]
        self.show_run(motion)

    def show_run(self, motion):
        """Show a new motion: curves, limits, mass markers; stays at the current frame."""
        self.motion, self.times = motion, motion.t
        for j, panel in enumerate(self.panels):
            panel.show_series(motion.t, [part[:, j] for part in
                                         (motion.inertial, motion.coriolis, motion.gravity,
                                          motion.tau)])
        tips = link_frames_many(self.robot, motion.q)[:, -1, :2, 3]
        self.path.set_data(tips[:, 0], tips[:, 1])
        for marker, mass in zip(self.masses, (motion.params["m1"], motion.params["m2"]),
                                strict=True):
            marker.set_markersize(float(3 + 4 * np.sqrt(mass)))
        self.show_frame(min(self.frame, len(self.times) - 1))

    def show_frame(self, k):
        """Move the arm, the cursors and the dots to sample ``k``; returns the changed artists."""
        m = self.motion
        self.frame = k
        self.arm.update(m.q[k])
        ends = self.arm.frame_positions()[2:]          # origin of {2} (m1) and the tip (m2)
        for marker, end in zip(self.masses, ends, strict=True):
            marker.set_data([end[0]], [end[1]])
        for panel in self.panels:
            panel.show(k)
        tau = m.tau[k] + 0.0
        self.time_text.set_text(f"t = {m.t[k]:4.2f} s   τ1 = {tau[0]:6.2f} N·m   "
                                f"τ2 = {tau[1]:6.2f} N·m")
        return self.moving


def part_names():
    """The names of the torque parts in the readout (the language in use)."""
    return (say("inertial M q̈", "widgets"), say("Coriolis + centripetal c(q, q̇)", "widgets"),
            say("gravity G(q)", "widgets"))


def readout_html(motion, k):
    """An HTML table of the torque parts of both joints at sample ``k`` (N·m).

    >>> 'gravity' in readout_html(cubic_motion(samples=3), 1)
    True
    """
    rows = "".join(
        f"<tr><td style='padding:1px 8px'>{html.escape(label)}</td>"
        + "".join(f"<td style='padding:1px 8px;text-align:right'><code>{number_text(part[k, j], 2)}"
                  f"</code></td>" for j in range(2)) + "</tr>"
        for label, part in zip(part_names(), (motion.inertial, motion.coriolis,
                                              motion.gravity), strict=True))
    rows += (f"<tr><td style='padding:1px 8px'><b>{say('total τ', 'widgets')}</b></td>"
             + "".join(f"<td style='padding:1px 8px;text-align:right'><b><code>"
                       f"{number_text(motion.tau[k, j], 2)}</code></b></td>" for j in range(2))
             + "</tr>")
    angles = ", ".join(number_text(np.degrees(x), 1) for x in motion.q[k])
    return ("<div style='font-family:sans-serif;font-size:90%'>"
            f"t = <code>{number_text(motion.t[k], 2)}</code> s, "
            f"θ = (<code>{angles}</code>)°"
            "<table style='border:1px solid #ccc;margin-top:4px'>"
            f"<tr><th></th><th>{say('joint {number}', 'widgets', number=1)}</th>"
            f"<th>{say('joint {number}', 'widgets', number=2)}</th></tr>"
            f"{rows}</table></div>")


# --------------------------------------------------------------------------- widget and fallback

def dynamics_2r_widget(m1=2.0, m2=1.0, duration=1.2, l1=0.5, l2=0.5, g=9.81, samples=100,
                       dpi=72):
    """Play the 2R arm along its cubic while the torque parts are plotted with a time cursor:
    a player whose settings are the masses ``m1``, ``m2`` (kg) and the duration ``t_f`` (s)
    and whose run is ``cubic_motion`` (see ``shapes.player`` for what the box carries).
    """
    slider = functools.partial(labelled_slider, digits=1, continuous=False, width="290px")
    settings = {"m1": slider("m1", m1, 0.1, 5.0, 0.1, "kg"),
                "m2": slider("m2", m2, 0.1, 5.0, 0.1, "kg"),
                "duration": slider("t_f", duration, 0.5, 5.0, 0.1, "s")}

    def run(m1, m2, duration):
        return cubic_motion(m1, m2, duration, l1=l1, l2=l2, g=g, samples=samples)

    return player(settings, run, lambda first: TorqueSplitDrawing(Figure(figsize=(9.0, 3.6)),
                                                                  first),
                  readout_html, dpi=dpi,
                  groups=[(say("masses at the link ends", "widgets"), ["m1", "m2"]),
                          (say("motion", "widgets"), ["duration"])])


def dynamics_2r_animation(m1=2.0, m2=1.0, duration=1.2, l1=0.5, l2=0.5, g=9.81,
                          n_frames=30, dpi=60, samples=100, colors=64):
    """The static fallback: an embedded JavaScript player of the same motion and plots,
    ``n_frames`` frames of ``colors``-colour PNGs (``animation.run_animation``); returns
    the HTML."""
    motion = cubic_motion(m1, m2, duration, l1=l1, l2=l2, g=g, samples=samples)
    view = TorqueSplitDrawing(Figure(figsize=(9.0, 3.6), dpi=dpi), motion)
    return run_animation(view, n_frames, colors=colors)
