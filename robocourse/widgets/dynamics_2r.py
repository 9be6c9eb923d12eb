"""Chapter 3 widget: the 2R arm of the worked example (SYLLABUS 3.2) moving along a cubic,
with each joint torque split into its inertial, Coriolis/centripetal and gravity parts.

The arm is the lecture's: point masses ``m1, m2`` at the ends of links ``l1, l2``,
gravity along −Y0. Both joints follow one synchronised rest-to-rest cubic
(``trajectories.synchronised``) from ``q0`` to ``qf`` in ``duration`` seconds, and along
the way the torque of each joint is the sum of three parts (lecture 3.4):

    τ = M(q) q̈  +  c(q, q̇)  +  G(q)
        inertial   Coriolis and    gravity
                   centripetal

with ``M`` built column by column from inverse dynamics (``newton_euler.mass_matrix``),
``c`` the inverse dynamics at ``q̈ = 0`` without gravity (``velocity_product``) and ``G``
at rest (``gravity_load``). These three come from the library's symbolic Newton–Euler
recursion ONCE (``torque_split_functions``) and are turned into numpy functions, so a
whole motion of ~100 samples costs one vectorised evaluation; moving along the motion
only moves artists.

``dynamics_2r_widget`` is the interactive version (Play button, frame slider, sliders
for ``m1, m2`` and the duration); ``dynamics_2r_animation`` the static fallback, an
embedded JavaScript player of the same motion.
"""

import functools
import html
from typing import NamedTuple

import ipywidgets as widgets
import numpy as np
import sympy as sp
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from robocourse.models import planar_2r
from robocourse.newton_euler import gravity_load, mass_matrix, velocity_product
from robocourse.robot import joint_symbols
from robocourse.trajectories import synchronised
from robocourse.widgets.drawing import (
    BlittedLiveFigure,
    PlanarArmDrawing,
    animation_html,
    arm_axes,
    compact_player,
    frame_player,
    freeze_background,
    labelled_slider,
    number_text,
)

Q0 = (-np.pi / 2, 0.0)               # hanging straight down
QF = (np.pi / 4, np.pi / 3)          # raised, elbow bent
PART_STYLES = ((r"inertial $M(q)\,\ddot q$", "tab:blue"),
               (r"Coriolis + centripetal $c(q, \dot q)$", "tab:orange"),
               (r"gravity $G(q)$", "tab:green"))
PART_NAMES = ("inertial M q̈", "Coriolis + centripetal c(q, q̇)", "gravity G(q)")


# --------------------------------------------------------------------------- the numbers

@functools.lru_cache(maxsize=1)
def torque_split_functions():
    """Numeric functions of the three torque parts of the 2R arm, from the symbolic NE.

    Returns ``(inertial, coriolis, gravity)``; each takes
    ``(θ1, θ2, θ̇1, θ̇2, θ̈1, θ̈2, l1, l2, m1, m2, g)`` (numbers or equally shaped arrays)
    and returns the list ``[joint 1, joint 2]``. Built once from
    ``M(q) q̈`` (``mass_matrix``), ``c(q, q̇)`` (``velocity_product``) and
    ``G(q)`` (``gravity_load``) of the symbolic ``planar_2r()``.

    >>> inertial, coriolis, gravity = torque_split_functions()
    >>> [round(float(x), 6) for x in gravity(0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 9.81)]
    [29.43, 9.81]
    """
    arm = planar_2r()
    q, qd, qdd = joint_symbols(arm)
    parameters = sp.symbols("l1 l2 m1 m2 g")
    arguments = (*q, *qd, *qdd, *parameters)
    parts = (mass_matrix(arm, q) @ qdd, velocity_product(arm, q, qd), gravity_load(arm, q))
    return tuple(sp.lambdify(arguments, [sp.expand(e) for e in part], "numpy")
                 for part in parts)


def torque_split(q, qd, qdd, l1=0.5, l2=0.5, m1=2.0, m2=1.0, g=9.81):
    """``(inertial, coriolis, gravity)`` torques, each an (N, 2) array, at N states.

    ``q, qd, qdd``: (N, 2) arrays (or one state of shape (2,), giving (1, 2) arrays).
    Their sum is the inverse dynamics ``τ = M q̈ + c + G``.

    >>> parts = torque_split([0.0, 0.0], [0.0, 0.0], [0.0, 0.0], l1=1, l2=1, m1=1, m2=1)
    >>> [p.round(6).tolist() for p in parts]
    [[[0.0, 0.0]], [[0.0, 0.0]], [[29.43, 9.81]]]
    """
    q, qd, qdd = (np.atleast_2d(np.asarray(x, dtype=float)) for x in (q, qd, qdd))
    states = (q[:, 0], q[:, 1], qd[:, 0], qd[:, 1], qdd[:, 0], qdd[:, 1], l1, l2, m1, m2, g)
    shape = (len(q),)
    return tuple(np.column_stack([np.broadcast_to(np.asarray(entry, dtype=float), shape)
                                  for entry in f(*states)]) + 0.0
                 for f in torque_split_functions())


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


# --------------------------------------------------------------------------- the figure

class TorqueSplitDrawing:
    """The arm (left) and, for each joint, its torque parts over time (right) with a cursor.

    ``set_motion(motion)`` puts a new motion in (curves, axis limits, the drawn masses);
    ``show_frame(k)`` moves the arm, the cursors and the dots on the curves to sample k.
    Both only move existing artists; ``moving`` lists the artists ``show_frame`` changes.
    """

    def __init__(self, fig, motion):
        grid = fig.add_gridspec(2, 2, width_ratios=(1.0, 1.5), left=0.08, right=0.985,
                                bottom=0.14, top=0.85, wspace=0.25, hspace=0.1)
        p = motion.params
        reach_arm = planar_2r(l1=p["l1"], l2=p["l2"])
        self.arm_ax = arm_axes(fig, reach_arm, grid[:, 0], margin=1.08)
        for axis in (self.arm_ax.xaxis, self.arm_ax.yaxis):
            axis.set_major_locator(MaxNLocator(5))
        self.arm_ax.annotate("", xy=(0.1, 0.66), xytext=(0.1, 0.86), xycoords="axes fraction",
                             arrowprops=dict(arrowstyle="->", color="0.4"))
        self.arm_ax.text(0.13, 0.74, "g", transform=self.arm_ax.transAxes, color="0.4")
        (self.path,) = self.arm_ax.plot([], [], ":", color="0.5", lw=1)
        self.arm = PlanarArmDrawing(self.arm_ax, reach_arm, motion.q[0])
        self.masses = [self.arm_ax.plot([], [], "o", color="tab:red", zorder=5)[0]
                       for _ in range(2)]                  # m1 at the elbow, m2 at the tip
        self.torque_axes = [fig.add_subplot(grid[0, 1]), fig.add_subplot(grid[1, 1])]
        self.parts, self.totals, self.dots, self.cursors = [], [], [], []
        for j, ax in enumerate(self.torque_axes):
            self.parts.append([ax.plot([], [], color=c, lw=1.4, label=label)[0]
                               for label, c in PART_STYLES])
            self.totals.append(ax.plot([], [], color="black", lw=2.0, label="total τ")[0])
            self.dots.append(ax.plot([], [], "o", color="black", ms=4)[0])
            self.cursors.append(ax.axvline(0.0, color="0.3", lw=1, ls="--"))
            ax.axhline(0.0, color="0.7", lw=0.6)
            ax.set_ylabel(f"$\\tau_{j + 1}$ (N·m)")
            ax.yaxis.set_major_locator(MaxNLocator(4))
            ax.xaxis.set_major_locator(MaxNLocator(6))
            ax.grid(True, lw=0.3)
        self.torque_axes[0].tick_params(labelbottom=False)
        self.torque_axes[1].set_xlabel("t (s)")
        fig.legend(handles=[*self.parts[0], self.totals[0]], loc="upper right", ncol=2,
                   fontsize=7.5, frameon=False, bbox_to_anchor=(0.995, 1.01))
        self.time_text = fig.text(0.02, 0.94, "", fontsize=8.5, family="monospace")
        self.motion, self.frame = None, 0
        self.moving = [self.arm.links, self.arm.joints, *self.masses, *self.cursors,
                       *self.dots, self.time_text]
        self.set_motion(motion)

    def set_motion(self, motion):
        """Show a new motion: curves, limits, mass markers; stays at the current frame."""
        self.motion = motion
        parts = (motion.inertial, motion.coriolis, motion.gravity)
        for j, ax in enumerate(self.torque_axes):
            for line, part in zip(self.parts[j], parts, strict=True):
                line.set_data(motion.t, part[:, j])
            self.totals[j].set_data(motion.t, motion.tau[:, j])
            values = np.concatenate([p[:, j] for p in parts] + [motion.tau[:, j]])
            low, high = min(values.min(), 0.0), max(values.max(), 0.0)
            pad = 0.08 * (high - low) + 1e-9
            ax.set_ylim(low - pad, high + pad)
            ax.set_xlim(0.0, motion.duration)
        p, q = motion.params, motion.q
        tips = np.column_stack([p["l1"] * np.cos(q[:, 0]) + p["l2"] * np.cos(q[:, 0] + q[:, 1]),
                                p["l1"] * np.sin(q[:, 0]) + p["l2"] * np.sin(q[:, 0] + q[:, 1])])
        self.path.set_data(tips[:, 0], tips[:, 1])
        for marker, mass in zip(self.masses, (p["m1"], p["m2"]), strict=True):
            marker.set_markersize(float(3 + 4 * np.sqrt(mass)))
        self.show_frame(min(self.frame, len(motion.t) - 1))

    def show_frame(self, k):
        """Move the arm, the cursors and the dots to sample ``k``; returns the changed artists."""
        m = self.motion
        self.frame = k
        self.arm.update(m.q[k])
        ends = self.arm.frame_positions()[2:]          # origin of {2} (m1) and the tip (m2)
        for marker, end in zip(self.masses, ends, strict=True):
            marker.set_data([end[0]], [end[1]])
        for j in range(2):
            self.cursors[j].set_xdata([m.t[k], m.t[k]])
            self.dots[j].set_data([m.t[k]], [m.tau[k, j]])
        tau = m.tau[k] + 0.0
        self.time_text.set_text(f"t = {m.t[k]:4.2f} s   τ1 = {tau[0]:6.2f} N·m   "
                                f"τ2 = {tau[1]:6.2f} N·m")
        return self.moving


def readout_html(motion, k):
    """An HTML table of the torque parts of both joints at sample ``k`` (N·m).

    >>> 'gravity' in readout_html(cubic_motion(samples=3), 1)
    True
    """
    rows = "".join(
        f"<tr><td style='padding:1px 8px'>{html.escape(label)}</td>"
        + "".join(f"<td style='padding:1px 8px;text-align:right'><code>{number_text(part[k, j], 2)}"
                  f"</code></td>" for j in range(2)) + "</tr>"
        for label, part in zip(PART_NAMES, (motion.inertial, motion.coriolis,
                                                  motion.gravity), strict=True))
    rows += ("<tr><td style='padding:1px 8px'><b>total τ</b></td>"
             + "".join(f"<td style='padding:1px 8px;text-align:right'><b><code>"
                       f"{number_text(motion.tau[k, j], 2)}</code></b></td>" for j in range(2))
             + "</tr>")
    angles = ", ".join(number_text(np.degrees(x), 1) for x in motion.q[k])
    return ("<div style='font-family:sans-serif;font-size:90%'>"
            f"t = <code>{number_text(motion.t[k], 2)}</code> s, "
            f"θ = (<code>{angles}</code>)°"
            "<table style='border:1px solid #ccc;margin-top:4px'>"
            "<tr><th></th><th>joint 1</th><th>joint 2</th></tr>"
            f"{rows}</table></div>")


# --------------------------------------------------------------------------- widget and fallback

def dynamics_2r_widget(m1=2.0, m2=1.0, duration=1.2, l1=0.5, l2=0.5, g=9.81, samples=100,
                       dpi=72):
    """Play the 2R arm along its cubic while the torque parts are plotted with a time cursor.

    Controls: a ``Play`` button linked (in the browser, ``jslink``) to the frame slider,
    and sliders for ``m1``, ``m2`` (kg) and the duration ``t_f`` (s). A parameter change
    recomputes the whole motion once (``cubic_motion``, vectorised); a frame change only
    moves artists. Returns an ``ipywidgets.VBox`` carrying, for tests and curious
    students, ``sliders`` (dict: ``m1, m2, duration``), ``frame`` (IntSlider), ``play``,
    ``readout`` (HTML), ``drawing`` (``TorqueSplitDrawing``), ``live`` (``LiveFigure``)
    and ``state()`` → ``(motion, k)``.
    """
    slider = functools.partial(labelled_slider, digits=1, continuous=False, width="290px")

    sliders = {"m1": slider("m1", m1, 0.1, 5.0, 0.1, "kg"),
               "m2": slider("m2", m2, 0.1, 5.0, 0.1, "kg"),
               "duration": slider("t_f", duration, 0.5, 5.0, 0.1, "s")}
    play, frame = frame_player(samples)

    def compute():
        return cubic_motion(sliders["m1"].value, sliders["m2"].value,
                            sliders["duration"].value, l1=l1, l2=l2, g=g, samples=samples)

    fig = Figure(figsize=(9.0, 3.6))
    drawing = TorqueSplitDrawing(fig, compute())
    live = BlittedLiveFigure(fig, drawing.moving, dpi=dpi)
    readout = widgets.HTML(readout_html(drawing.motion, 0))

    def on_frame(change):
        drawing.show_frame(change["new"])
        readout.value = readout_html(drawing.motion, drawing.frame)
        live.refresh()

    def on_parameters(_change=None):
        drawing.set_motion(compute())
        readout.value = readout_html(drawing.motion, drawing.frame)
        live.refresh(full=True)

    frame.observe(on_frame, names="value")
    for s in sliders.values():
        s.observe(on_parameters, names="value")
    controls = widgets.VBox([widgets.HBox([play, frame]),
                             widgets.HBox(list(sliders.values()))])
    box = widgets.VBox([controls, live.image, readout])
    box.sliders, box.frame, box.play, box.readout = sliders, frame, play, readout
    box.drawing, box.live = drawing, live
    box.state = lambda: (drawing.motion, drawing.frame)
    return box


def dynamics_2r_animation(m1=2.0, m2=1.0, duration=1.2, l1=0.5, l2=0.5, g=9.81,
                          n_frames=30, dpi=60, samples=100, colors=64):
    """The static fallback: an embedded JavaScript player of the same motion and plots.

    ``n_frames`` frames picked evenly from the ``samples`` of ``cubic_motion``, drawn on a
    frozen background (``freeze_background``) and each stored as a ``colors``-colour PNG
    (``compact_player``); returns the HTML.
    """
    fig = Figure(figsize=(9.0, 3.6), dpi=dpi)
    drawing = TorqueSplitDrawing(fig, cubic_motion(m1, m2, duration, l1=l1, l2=l2, g=g,
                                                   samples=samples))
    freeze_background(fig, drawing.moving)
    picks = np.linspace(0, samples - 1, n_frames).round().astype(int)
    player = animation_html(fig, lambda k: drawing.show_frame(picks[k]), n_frames,
                            interval_ms=int(1000 * duration / n_frames))
    return compact_player(player, colors)
