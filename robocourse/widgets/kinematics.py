"""Chapter 0 widget: the 2R arm, its tip velocity ``v = J q̇`` and its velocity ellipse.

For joint values ``q = (θ1, θ2)`` and joint rates ``q̇ = (θ̇1, θ̇2)`` the base-frame
Jacobian of the tip (rows ``vx, vy`` of ``jacobian_rows``) gives

    v = 0J q̇,      0J = [[−l1 s1 − l2 s12, −l2 s12], [l1 c1 + l2 c12, l2 c12]],
    det 0J = l1 l2 s2,      w = |det 0J|   (Yoshikawa's manipulability),

and the **velocity ellipse** ``{0J q̇ : |q̇| = 1}``: the tip velocities that joint rates
of unit size can produce. Its semi-axes are the singular values of J; at a singularity
(``s2 = 0``: arm stretched out or folded back) the smaller one is zero and the ellipse
collapses to a line segment across the arm — the tip cannot move along the arm.

An explorer (``shapes.explorer``): the sliders give ``θ1, θ2`` in degrees and the rates in
rad/s; the state function ``arm_velocity`` takes the joint angles ``q`` in radians. The
view (``VelocityEllipseDrawing``) shows the arm with its link frames (X red, Y green), the
ellipse and the velocity arrow at the tip (both scaled by ``scale`` metres per m/s), det J,
w and a warning near singular configurations; a second panel plots ``det J = l1 l2 s2``
against θ2 with the current value marked.
"""

import functools
import html
import math
from typing import NamedTuple

import numpy as np
from matplotlib.figure import Figure

from robocourse import _checks as check
from robocourse.kinematics import (
    is_singular,
    jacobian_determinant,
    jacobian_rows,
    link_frames,
    manipulability,
)
from robocourse.language import say
from robocourse.models import planar_2r
from robocourse.widgets.animation import sweep_animation
from robocourse.widgets.drawing import (
    DPI,
    FRAMES,
    NEAR_SINGULAR,
    NUMBER,
    Planar2R,
    PlanarArmDrawing,
    arm_axes,
    arrow_points,
    number_text,
)
from robocourse.widgets.shapes import explorer, labelled_slider

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


@check.arguments(s2=NUMBER, singular=check.Flag(), near=NUMBER)
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
        return say("SINGULAR: θ2 = 0 or 180°, rank J = 1\nthe tip cannot move along the arm",
                   "widgets")
    if abs(s2) < near:
        return say("near a singularity: |s2| = {s2} < {near}\njoint rates grow like 1/s2",
                   "widgets", s2=f"{abs(s2):.3f}", near=near)
    return ""


singularity_warning_unchecked = singularity_warning.__wrapped__


@check.arguments(robot=Planar2R(), q=check.Vector(2, "θ1, θ2", numeric=True),
                 qd=check.Vector(2, "θ̇1, θ̇2", numeric=True), near=NUMBER)
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
    J = jacobian_rows(robot, q, rows=PLANAR)
    frames = link_frames(robot, q)                      # 0T1, 0T2, 0T3 (tool)
    points = np.array([frames[0][:2, 3], frames[1][:2, 3], frames[-1][:2, 3]])
    singular = bool(is_singular(robot, q, rows=PLANAR))
    det = float(jacobian_determinant(robot, q, rows=PLANAR))
    w = float(manipulability(robot, q, rows=PLANAR))
    return ArmVelocity(q, qd, points, J, J @ qd, det, w, singular,
                       singularity_warning_unchecked(math.sin(q[1]), singular, near))


@check.arguments(J=check.Matrix(2, 2, numeric=True), n_points=check.Count(2))
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
    return (J @ np.vstack([np.cos(t), np.sin(t)])).T


velocity_ellipse_unchecked = velocity_ellipse.__wrapped__


_STATE = check.Instance(ArmVelocity)


@check.arguments(state=_STATE)
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


readout_text_unchecked = readout_text.__wrapped__


@check.arguments(state=_STATE)
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
               if state.warning else
               f"<p style='color:#080'>{say('regular configuration', 'widgets')}</p>")
    degrees = np.degrees(state.q)
    return (
        "<div style='font-family:sans-serif;min-width:260px'>"
        f"θ1 = {number_text(degrees[0], 1)}°, θ2 = {number_text(degrees[1], 1)}°<br>"
        f"<b>⁰J</b>{say(' (m per rad):', 'widgets')}"
        f"<table style='border:1px solid #ccc;margin:4px 0'>{rows}</table>"
        f"q̇ = ({number_text(state.qd[0], 2)}, {number_text(state.qd[1], 2)}) rad/s<br>"
        f"v = J q̇ = ({number_text(state.velocity[0])}, {number_text(state.velocity[1])}) m/s<br>"
        f"det J = l1 l2 s2 = <code>{number_text(state.det, 4)}</code> m²<br>"
        f"{say('manipulability', 'widgets')} w = |det J| = "
        f"<code>{number_text(state.manipulability, 4)}</code>"
        f"{warning}</div>")


# --------------------------------------------------------------------------- the view

class VelocityEllipseDrawing:
    """The view: the 2R arm with its frames, the velocity ellipse and the velocity arrow at
    the tip (left), and det J against θ2 with the current value marked (right).

    ``update(state)`` (an ``ArmVelocity``) moves the artists: the arm (``arm``, a
    ``PlanarArmDrawing``), ``ellipse`` and ``arrow`` (Line2D, scaled by ``scale`` metres
    per m/s), the readout ``text`` and the ``marker`` on the det J curve. ``limits =
    ((x_min, x_max), (y_min, y_max))`` zooms the arm panel (default: the whole reach).
    """

    @check.arguments(robot=Planar2R(), state=_STATE, scale=NUMBER,
                     limits=check.Optional(check.Matrix(2, 2, numeric=True)))
    def __init__(self, robot, state, scale=0.3, size=(8.4, 4.2), limits=None):
        self.robot, self.scale = robot, scale
        self.fig = Figure(figsize=size)
        grid = self.fig.add_gridspec(1, 2, width_ratios=(1.25, 1.0), left=0.08, right=0.98,
                                     bottom=0.13, top=0.92, wspace=0.3)
        ax = arm_axes(self.fig, robot, position=grid[0, 0], margin=1.05, extra=0.2)
        if limits is not None:
            ax.set_xlim(*limits[0])
            ax.set_ylim(*limits[1])
        ax.set_title(say("tip velocity and velocity ellipse (x {scale} m per m/s)", "widgets",
                         scale=scale), fontsize=9)
        self.arm = PlanarArmDrawing(ax, robot, state.q, show_frames=True, axis_length=0.12)
        (self.ellipse,) = ax.plot([], [], "-", color="tab:purple", lw=1.8,
                                  label=say("velocity ellipse {J q̇ : |q̇| = 1}", "widgets"))
        (self.arrow,) = ax.plot([], [], "-", color="tab:orange", lw=2.2,
                                label=say("tip velocity v = J q̇", "widgets"))
        ax.legend(loc="lower left", fontsize=7, framealpha=0.9)
        self.text = ax.text(0.02, 0.98, "", transform=ax.transAxes, va="top", ha="left",
                            fontsize=7.5, family="monospace",
                            bbox={"facecolor": "white", "alpha": 0.85, "edgecolor": "0.8"})
        self.marker = self._det_panel(self.fig.add_subplot(grid[0, 1]), robot)
        self.moving = [*self.arm.moving, self.ellipse, self.arrow, self.text, self.marker]
        self.update(state)

    @staticmethod
    def _det_panel(ax, robot):
        """Plot ``det J = l1 l2 s2`` against θ2 in ``ax``; returns the marker of the state."""
        l1, l2 = float(robot.links[1].a), float(robot.tool[0, 3])
        angles = np.linspace(-180.0, 180.0, 361)
        ax.plot(angles, l1 * l2 * np.sin(np.radians(angles)), color="0.3", lw=1.2)
        ax.axhline(0.0, color="0.6", lw=0.8)
        for singular in (-180, 0, 180):
            ax.axvline(singular, color="tab:red", lw=0.8, ls=":")
        ax.set_xlim(-180, 180)
        ax.set_xticks([-180, -90, 0, 90, 180])
        ax.set_xlabel("θ2 (°)")
        ax.set_ylabel("det J = l1 l2 s2 (m²)")
        ax.set_title(say("det J vanishes at θ2 = 0 and ±180°", "widgets"), fontsize=9)
        ax.grid(True, lw=0.3)
        return ax.plot([], [], "o", color="tab:purple", ms=7)[0]

    @check.arguments(state=_STATE)
    def update(self, state):
        """Move the drawing to ``state``; returns the changed artists."""
        self.arm.update(state.q)
        tip = state.points[-1]
        ellipse = tip + self.scale * velocity_ellipse_unchecked(state.J)
        self.ellipse.set_data(ellipse[:, 0], ellipse[:, 1])
        arrow = arrow_points(tip, self.scale * state.velocity)
        self.arrow.set_data(arrow[:, 0], arrow[:, 1])
        self.text.set_text(readout_text_unchecked(state))
        self.text.set_color("tab:red" if state.singular
                            else "darkorange" if state.warning else "black")
        wrapped = (math.degrees(state.q[1]) + 180.0) % 360.0 - 180.0
        self.marker.set_data([wrapped], [state.det])
        return self.moving


@check.arguments(l1=NUMBER, l2=NUMBER, theta1=NUMBER, theta2=NUMBER, thetadot1=NUMBER,
                 thetadot2=NUMBER, scale=NUMBER, dpi=DPI)
def kinematics_widget(l1=0.5, l2=0.5, theta1=30.0, theta2=60.0, thetadot1=0.0,
                      thetadot2=-2.0, scale=0.3, dpi=72):
    """Sliders for θ1, θ2 (degrees) and θ̇1, θ̇2 (rad/s) of a numeric 2R arm: an explorer.

    The defaults are lecture example 0.5: ``q̇ = (0, −2) rad/s`` at ``θ = (30°, 60°)``
    moves the tip along +X0 at 1 m/s. Every slider change recomputes ``arm_velocity``,
    moves the view's artists and rewrites the HTML readout (see ``shapes.explorer`` for
    what the returned box carries).
    """
    robot = planar_2r(l1=l1, l2=l2, m1=1.0, m2=1.0, g=9.81)
    angle = functools.partial(labelled_slider, low=-180.0, high=180.0, step=1.0, unit="°",
                              width="320px")
    rate = functools.partial(labelled_slider, low=-2.5, high=2.5, step=0.05, unit="rad/s",
                             width="320px")
    controls = {"theta1": angle("θ1", theta1), "theta2": angle("θ2", theta2),
                "thetadot1": rate("θ̇1", thetadot1), "thetadot2": rate("θ̇2", thetadot2)}

    def state(theta1, theta2, thetadot1, thetadot2):
        return arm_velocity(robot, np.radians([theta1, theta2]), [thetadot1, thetadot2])

    return explorer(controls, state, lambda first: VelocityEllipseDrawing(robot, first, scale),
                    readout_html, dpi=dpi,
                    groups=[(say("joint angles", "widgets"), ["theta1", "theta2"]),
                            (say("joint rates", "widgets"), ["thetadot1", "thetadot2"])])


@check.arguments(l1=NUMBER, l2=NUMBER, theta1=NUMBER,
                 qd=check.Vector(2, "θ̇1, θ̇2", numeric=True), n_frames=FRAMES, scale=NUMBER,
                 dpi=DPI)
def singularity_animation(l1=0.5, l2=0.5, theta1=30.0, qd=(0.6, 0.8), n_frames=19,
                          scale=0.3, dpi=56):
    """The static fallback: θ2 sweeps from 90° through 0 to −90° at fixed θ1 (degrees).

    The unit joint rates ``qd`` (|q̇| = 1, so the arrow tip lies on the ellipse) stay fixed.
    As θ2 passes 0 the ellipse flattens into a segment across the stretched arm and
    det J changes sign. Returns the HTML of an embedded JavaScript player.
    """
    robot = planar_2r(l1=l1, l2=l2, m1=1.0, m2=1.0, g=9.81)
    states = [arm_velocity(robot, np.radians([theta1, theta2]), qd)
              for theta2 in np.linspace(90.0, -90.0, n_frames)]
    r = l1 + l2                       # room above the arm for the readout text
    view = VelocityEllipseDrawing(robot, states[0], scale, size=(6.8, 3.4),
                                  limits=((-0.45 * r, 1.3 * r), (-0.7 * r, 1.55 * r)))
    view.fig.set_dpi(dpi)
    return sweep_animation(view, states, interval_ms=150)
