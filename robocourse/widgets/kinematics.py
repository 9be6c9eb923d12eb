"""Chapter 0 widget: the 2R arm, its tip velocity ``v = J q̇`` and its velocity ellipse.

For joint values ``q = (θ1, θ2)`` and joint rates ``q̇ = (θ̇1, θ̇2)`` the base-frame
Jacobian of the tip (rows ``vx, vy`` of ``jacobian_rows``) gives

    v = 0J q̇,      0J = [[−l1 s1 − l2 s12, −l2 s12], [l1 c1 + l2 c12, l2 c12]],
    det 0J = l1 l2 s2,      w = |det 0J|   (Yoshikawa's manipulability),

and the **velocity ellipse** ``{0J q̇ : |q̇| = 1}``: the tip velocities that joint rates
of unit size can produce. Its semi-axes are the singular values of J; at a singularity
(``s2 = 0``: arm stretched out or folded back) the smaller one is zero and the ellipse
collapses to a line segment across the arm — the tip cannot move along the arm.

The drawing (a ``matplotlib.figure.Figure`` rendered into an ``ipywidgets.Image`` by
``LiveFigure``) shows the arm with its link frames (X red, Y green), the ellipse and the
velocity arrow at the tip (both scaled by ``scale`` metres per m/s), det J, w and a
warning near singular configurations; a second panel plots ``det J = l1 l2 s2`` against
θ2 with the current value marked. Every slider change only moves artists.
"""

import functools
import html
import math
from typing import NamedTuple

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from robocourse.kinematics import (
    is_singular,
    jacobian_determinant,
    jacobian_rows,
    link_frames,
    manipulability,
)
from robocourse.models import planar_2r
from robocourse.widgets.drawing import (
    LiveFigure,
    PlanarArmDrawing,
    animation_html,
    arm_axes,
    labelled_slider,
    number_text,
    redraw_on_change,
)

NEAR_SINGULAR = 0.1        # |s2| below this counts as "near a singularity" (about 5.7°)
PLANAR = (0, 1)            # the rows vx, vy of the 6 x n Jacobian


# --------------------------------------------------------------------------- the numbers

class ArmVelocity(NamedTuple):
    """The numbers behind one setting of the widget (SI units, angles in radians)."""

    q: np.ndarray             # joint angles θ1, θ2
    qd: np.ndarray            # joint rates θ̇1, θ̇2 (rad/s)
    points: np.ndarray        # base, elbow and tip positions in {0} (3 x 2)
    J: np.ndarray             # 2 x 2 Jacobian of the tip in {0} (rows vx, vy)
    velocity: np.ndarray      # tip velocity v = J q̇ in {0} (m/s)
    det: float                # det J = l1 l2 s2 (m²)
    manipulability: float     # w = |det J|
    singular: bool            # rank J < 2
    warning: str              # "" far from a singularity


def singularity_warning(s2, singular, near=NEAR_SINGULAR):
    """The warning shown for ``s2 = sin θ2``: empty unless ``|s2| < near`` or J is singular.

    >>> singularity_warning(0.5, False)
    ''
    >>> print(singularity_warning(0.05, False))
    near a singularity: |s2| = 0.050 < 0.1
    joint rates grow like 1/s2
    >>> print(singularity_warning(0.0, True))
    SINGULAR: θ2 = 0 or 180°, rank J = 1
    the tip cannot move along the arm
    """
    if singular:
        return "SINGULAR: θ2 = 0 or 180°, rank J = 1\nthe tip cannot move along the arm"
    if abs(s2) < near:
        return f"near a singularity: |s2| = {abs(s2):.3f} < {near}\njoint rates grow like 1/s2"
    return ""


def arm_velocity(robot, q, qd, near=NEAR_SINGULAR):
    """``ArmVelocity`` of a numeric planar 2R arm at joint values ``q`` with rates ``qd``.

    Uses the library's numeric path: ``jacobian_rows`` (rows vx, vy in {0}),
    ``jacobian_determinant``, ``manipulability`` and ``is_singular``.

    >>> s = arm_velocity(planar_2r(l1=0.5, l2=0.5), np.radians([30, 60]), [0.0, -2.0])
    >>> s.velocity.round(12) + 0.0                  # lecture example 0.5, backwards
    array([1., 0.])
    >>> round(s.det, 6), s.singular
    (0.216506, False)
    """
    q = np.asarray(q, dtype=float)
    qd = np.asarray(qd, dtype=float)
    J = jacobian_rows(robot, q, rows=PLANAR)
    frames = link_frames(robot, q)                      # 0T1, 0T2, 0T3 (tool)
    points = np.array([frames[0][:2, 3], frames[1][:2, 3], frames[-1][:2, 3]])
    singular = bool(is_singular(robot, q, rows=PLANAR))
    det = float(jacobian_determinant(robot, q, rows=PLANAR))
    w = float(manipulability(robot, q, rows=PLANAR))
    return ArmVelocity(q, qd, points, J, J @ qd, det, w, singular,
                       singularity_warning(math.sin(q[1]), singular, near))


def velocity_ellipse(J, n_points=121):
    """The velocity ellipse ``{J q̇ : |q̇| = 1}`` as an ``n_points`` x 2 array (closed curve).

    At a singular J it degenerates to a segment traversed twice.

    >>> velocity_ellipse(np.diag([2.0, 0.5]), 5).round(12) + 0.0
    array([[ 2. ,  0. ],
           [ 0. ,  0.5],
           [-2. ,  0. ],
           [ 0. , -0.5],
           [ 2. ,  0. ]])
    """
    t = np.linspace(0.0, 2 * np.pi, n_points)
    return (np.asarray(J, dtype=float) @ np.vstack([np.cos(t), np.sin(t)])).T


def arrow_points(start, vector, head=0.22, width=0.5):
    """A drawn arrow from ``start`` along ``vector`` as one polyline (NaN breaks): the
    shaft, then the two sides of the head (``head`` times the length, ``width`` wide).

    >>> arrow_points([0, 0], [1, 0])[:2].tolist()
    [[0.0, 0.0], [1.0, 0.0]]
    """
    start = np.asarray(start, dtype=float)
    vector = np.asarray(vector, dtype=float)
    end = start + vector
    if np.linalg.norm(vector) < 1e-12:
        return np.array([start, end])
    back = -head * vector
    side = width * np.array([-back[1], back[0]]) / 2
    gap = [np.nan, np.nan]
    return np.array([start, end, gap, end, end + back + side, gap, end, end + back - side])


def readout_text(state):
    """The numbers shown inside the figure: det J, w, v and the warning (if any).

    >>> print(readout_text(arm_velocity(planar_2r(l1=0.5, l2=0.5), [0.5, 0.0], [1.0, 0.0])))
    det J = l1 l2 s2 = 0.000 m²
    w = |det J| = 0.000
    v = (-0.479, 0.878) m/s
    SINGULAR: θ2 = 0 or 180°, rank J = 1
    the tip cannot move along the arm
    """
    lines = [f"det J = l1 l2 s2 = {number_text(state.det)} m²",
             f"w = |det J| = {number_text(state.manipulability)}",
             f"v = ({number_text(state.velocity[0])}, {number_text(state.velocity[1])}) m/s"]
    if state.warning:
        lines.append(state.warning)
    return "\n".join(lines)


def readout_html(state):
    """An HTML panel with J, q̇, v = J q̇, det J, w and the warning.

    >>> 'det J' in readout_html(arm_velocity(planar_2r(l1=0.5, l2=0.5), [0.5, 1.0], [1.0, 0.0]))
    True
    """
    J = state.J
    rows = "".join(f"<tr><td><code>{number_text(J[i, 0])}</code></td>"
                   f"<td><code>{number_text(J[i, 1])}</code></td></tr>" for i in range(2))
    colour = "#c00" if state.singular else "#d97000"
    text = html.escape(state.warning).replace("\n", "<br>")
    warning = (f"<p style='color:{colour};font-weight:bold'>{text}</p>"
               if state.warning else "<p style='color:#080'>regular configuration</p>")
    degrees = np.degrees(state.q)
    return (
        "<div style='font-family:sans-serif;min-width:260px'>"
        f"θ1 = {number_text(degrees[0], 1)}°, θ2 = {number_text(degrees[1], 1)}°<br>"
        "<b>⁰J</b> (m per rad):"
        f"<table style='border:1px solid #ccc;margin:4px 0'>{rows}</table>"
        f"q̇ = ({number_text(state.qd[0], 2)}, {number_text(state.qd[1], 2)}) rad/s<br>"
        f"v = J q̇ = ({number_text(state.velocity[0])}, {number_text(state.velocity[1])}) m/s<br>"
        f"det J = l1 l2 s2 = <code>{number_text(state.det, 4)}</code> m²<br>"
        f"manipulability w = |det J| = <code>{number_text(state.manipulability, 4)}</code>"
        f"{warning}</div>")


# --------------------------------------------------------------------------- the drawing

class VelocityEllipseDrawing:
    """The 2R arm with its frames, the velocity ellipse and the velocity arrow at the tip.

    ``update(state)`` (an ``ArmVelocity``) moves the artists: the arm (``arm``, a
    ``PlanarArmDrawing``), ``ellipse`` and ``arrow`` (Line2D, scaled by ``scale`` metres
    per m/s), the readout ``text`` and, when ``det_ax`` is given, the marker on the
    ``det J`` curve.
    """

    def __init__(self, ax, robot, state, scale=0.3, det_ax=None):
        self.ax, self.robot, self.scale = ax, robot, scale
        self.arm = PlanarArmDrawing(ax, robot, state.q, show_frames=True, axis_length=0.12)
        (self.ellipse,) = ax.plot([], [], "-", color="tab:purple", lw=1.8,
                                  label="velocity ellipse {J q̇ : |q̇| = 1}")
        (self.arrow,) = ax.plot([], [], "-", color="tab:orange", lw=2.2,
                                label="tip velocity v = J q̇")
        ax.legend(loc="lower left", fontsize=7, framealpha=0.9)
        self.text = ax.text(0.02, 0.98, "", transform=ax.transAxes, va="top", ha="left",
                            fontsize=7.5, family="monospace",
                            bbox={"facecolor": "white", "alpha": 0.85, "edgecolor": "0.8"})
        self.marker = None
        if det_ax is not None:
            l1, l2 = float(robot.links[1].a), float(robot.tool[0, 3])
            angles = np.linspace(-180.0, 180.0, 361)
            det_ax.plot(angles, l1 * l2 * np.sin(np.radians(angles)), color="0.3", lw=1.2)
            det_ax.axhline(0.0, color="0.6", lw=0.8)
            for singular in (-180, 0, 180):
                det_ax.axvline(singular, color="tab:red", lw=0.8, ls=":")
            det_ax.set_xlim(-180, 180)
            det_ax.set_xticks([-180, -90, 0, 90, 180])
            det_ax.set_xlabel("θ2 (°)")
            det_ax.set_ylabel("det J = l1 l2 s2 (m²)")
            det_ax.grid(True, lw=0.3)
            (self.marker,) = det_ax.plot([], [], "o", color="tab:purple", ms=7)
        self.update(state)

    def update(self, state):
        """Move the drawing to ``state``; returns the changed artists."""
        artists = self.arm.update(state.q)
        tip = state.points[-1]
        ellipse = tip + self.scale * velocity_ellipse(state.J)
        self.ellipse.set_data(ellipse[:, 0], ellipse[:, 1])
        arrow = arrow_points(tip, self.scale * state.velocity)
        self.arrow.set_data(arrow[:, 0], arrow[:, 1])
        self.text.set_text(readout_text(state))
        self.text.set_color("tab:red" if state.singular
                            else "darkorange" if state.warning else "black")
        artists += [self.ellipse, self.arrow, self.text]
        if self.marker is not None:
            wrapped = (math.degrees(state.q[1]) + 180.0) % 360.0 - 180.0
            self.marker.set_data([wrapped], [state.det])
            artists.append(self.marker)
        return artists


def _figure(robot, state, scale, size=(8.4, 4.2), limits=None):
    """A figure with the arm panel (left, wider) and the det J panel; and its drawing.

    ``limits = ((x_min, x_max), (y_min, y_max))`` zooms the arm panel (default: the whole
    reach of the arm plus room for the ellipse).
    """
    fig = Figure(figsize=size)
    grid = fig.add_gridspec(1, 2, width_ratios=(1.25, 1.0), left=0.08, right=0.98,
                            bottom=0.13, top=0.92, wspace=0.3)
    ax = arm_axes(fig, robot, position=grid[0, 0], margin=1.05, extra=0.2)
    if limits is not None:
        ax.set_xlim(*limits[0])
        ax.set_ylim(*limits[1])
    det_ax = fig.add_subplot(grid[0, 1])
    drawing = VelocityEllipseDrawing(ax, robot, state, scale=scale, det_ax=det_ax)
    ax.set_title(f"tip velocity and velocity ellipse (x {scale} m per m/s)", fontsize=9)
    det_ax.set_title("det J vanishes at θ2 = 0 and ±180°", fontsize=9)
    return fig, drawing


def kinematics_widget(l1=0.5, l2=0.5, theta1=30.0, theta2=60.0, thetadot1=0.0,
                      thetadot2=-2.0, scale=0.3, dpi=72):
    """Sliders for θ1, θ2 (degrees) and θ̇1, θ̇2 (rad/s) of a numeric 2R arm.

    The defaults are lecture example 0.5: ``q̇ = (0, −2) rad/s`` at ``θ = (30°, 60°)``
    moves the tip along +X0 at 1 m/s. Returns an ``ipywidgets.VBox``; every slider change
    recomputes ``arm_velocity``, moves the drawing's artists, rewrites the HTML readout and
    re-renders the PNG. For tests and curious students the box carries ``sliders`` (a
    dict by name), ``readout`` (the HTML widget), ``drawing`` (``VelocityEllipseDrawing``),
    ``live`` (``LiveFigure``) and ``state()`` (the current ``ArmVelocity``).
    """
    robot = planar_2r(l1=l1, l2=l2, m1=1.0, m2=1.0, g=9.81)

    slider = functools.partial(labelled_slider, width="320px")

    sliders = {
        "theta1": slider("θ1", theta1, -180.0, 180.0, 1.0, "°"),
        "theta2": slider("θ2", theta2, -180.0, 180.0, 1.0, "°"),
        "thetadot1": slider("θ̇1", thetadot1, -2.5, 2.5, 0.05, "rad/s"),
        "thetadot2": slider("θ̇2", thetadot2, -2.5, 2.5, 0.05, "rad/s"),
    }

    def current():
        v = {name: s.value for name, s in sliders.items()}
        return arm_velocity(robot, np.radians([v["theta1"], v["theta2"]]),
                            [v["thetadot1"], v["thetadot2"]])

    fig, drawing = _figure(robot, current(), scale)
    live = LiveFigure(fig, dpi=dpi)
    readout = widgets.HTML(readout_html(current()))

    redraw_on_change(sliders.values(), current, drawing, readout, readout_html, live)
    controls = widgets.HBox([
        widgets.VBox([widgets.HTML("<b>joint angles</b>"), sliders["theta1"],
                      sliders["theta2"]]),
        widgets.VBox([widgets.HTML("<b>joint rates</b>"), sliders["thetadot1"],
                      sliders["thetadot2"]]),
    ])
    box = widgets.VBox([controls, widgets.HBox([live.image, readout])])
    box.sliders, box.readout, box.drawing, box.live = sliders, readout, drawing, live
    box.state = current
    return box


def singularity_animation(l1=0.5, l2=0.5, theta1=30.0, qd=(0.6, 0.8), n_frames=19,
                          scale=0.3, dpi=56):
    """The static fallback: θ2 sweeps from 90° through 0 to −90° at fixed θ1.

    The unit joint rates ``qd`` (|q̇| = 1, so the arrow tip lies on the ellipse) stay fixed.
    As θ2 passes 0 the ellipse flattens into a segment across the stretched arm and
    det J changes sign. Returns the HTML of an embedded JavaScript player.
    """
    robot = planar_2r(l1=l1, l2=l2, m1=1.0, m2=1.0, g=9.81)
    angles = np.linspace(90.0, -90.0, n_frames)

    def state(k):
        return arm_velocity(robot, np.radians([theta1, angles[k]]), qd)

    reach = l1 + l2                   # room above the arm for the readout text
    limits = ((-0.45 * reach, 1.3 * reach), (-0.7 * reach, 1.55 * reach))
    fig, drawing = _figure(robot, state(0), scale, size=(6.8, 3.4), limits=limits)
    fig.set_dpi(dpi)

    def update(k):
        return drawing.update(state(k))

    return animation_html(fig, update, n_frames, interval_ms=150)
