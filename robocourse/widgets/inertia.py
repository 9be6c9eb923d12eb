"""Chapter 2 widget: the inertia tensor of a uniform box about a frame {A} you move and turn.

The box (mass m, sides w along X0, l along Y0, h along Z0) sits in the positive
octant of a fixed frame {0} whose origin is one corner of the box, as in the
worked example 2.1. The reference frame {A} has its origin at ``position``
(written in {0}) and axes ``0_R_A = RotZ(yaw) RotY(pitch) RotX(roll)``. Its tensor is

    0_I' = C_I + m (p_cᵀp_c I3 − p_c p_cᵀ),   p_c = (w/2, l/2, h/2) − position
    A_I  = 0_R_Aᵀ 0_I' 0_R_A

(parallel axis, then rotation; ``roll, pitch, yaw`` are X–Y–Z fixed angles,
``frames.roll_pitch_yaw``). ``C_I`` comes from the library's symbolic volume integral,
done once and compiled (``codegen.NumericFunction``); every slider move then runs only
the numeric path of ``parallel_axis``, ``rotate_inertia`` and ``principal_axes``.

An explorer (``shapes.explorer``); the sliders give the angles in degrees. The view
(``BoxInertiaDrawing``, a 3D axes) shows the box edges, the frame {A} (X red, Y green,
Z blue), the principal axes at the centre of mass (solid, half lengths proportional to
the principal moments) and the principal axes of ``A_I`` at the origin of {A} (dashed).
"""

import functools
import html
from typing import NamedTuple

import numpy as np
import sympy as sp
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from robocourse import _checks as check
from robocourse.codegen import NumericFunction
from robocourse.frames import as_rotation, roll_pitch_yaw
from robocourse.inertia import (
    Box,
    inertia_by_integration,
    parallel_axis,
    principal_axes,
    rotate_inertia,
)
from robocourse.language import phrase, say
from robocourse.widgets.animation import sweep_animation
from robocourse.widgets.drawing import AXES, DPI, FRAMES, LENGTH, NUMBER, number_text
from robocourse.widgets.shapes import explorer, labelled_slider

FRAME_COLOURS = ("tab:red", "tab:green", "tab:blue")
PRINCIPAL_COLOURS = ("tab:purple", "tab:orange", "tab:brown")
ROOM = (-0.8, 2.0)      # the drawn region along each axis (m)


@check.arguments(roll=NUMBER, pitch=NUMBER, yaw=NUMBER)
def frame_rotation(roll=0.0, pitch=0.0, yaw=0.0):
    """``0_R_A = RotZ(yaw) RotY(pitch) RotX(roll)`` for the sliders' angles in degrees
    (``frames.roll_pitch_yaw``, a 3x3 array).

    >>> frame_rotation(yaw=90).round(12) @ [1, 0, 0]
    array([0., 1., 0.])
    """
    return roll_pitch_yaw(*np.radians([roll, pitch, yaw]))


@functools.lru_cache(maxsize=1)
def centre_tensor_function():
    """A compiled function ``(m, w, l, h) -> C_I`` of the library's volume integral, made once.

    >>> centre_tensor_function()(12.0, 1.0, 2.0, 3.0).round(12).diagonal()
    array([13., 10.,  5.])
    """
    m, w, l, h = sp.symbols("m w l h", positive=True)
    return NumericFunction(inertia_by_integration(Box(w, l, h), m),
                           {"m": m, "w": w, "l": l, "h": h}, "box_inertia")


class BoxTensor(NamedTuple):
    """The numbers behind one setting of the widget (lengths in m, tensors in kg·m²)."""

    I_A: np.ndarray          # about the origin of {A}, in the axes of {A}
    I_c: np.ndarray          # about the centre of mass, axes of {0}
    centre: np.ndarray       # the centre of mass in {0}
    position: np.ndarray     # the origin of {A} in {0}
    R: np.ndarray            # 0_R_A
    moments_c: np.ndarray    # principal moments about the centre (ascending)
    axes_c: np.ndarray       # their axes (columns), in {0}
    moments_A: np.ndarray    # principal moments about the origin of {A} (ascending)
    axes_A: np.ndarray       # their axes (columns), in {0}


_MASS = check.Number("kg", at_least=">0", numeric=True)


@check.arguments(w=LENGTH, l=LENGTH, h=LENGTH,
                 position=check.Vector(3, phrase("x, y, z in {0}", "errors"), numeric=True),
                 R=check.Optional(check.Matrix(3, 3, numeric=True)),
                 mass=_MASS)
def box_tensor(w, l, h, position=(0.0, 0.0, 0.0), R=None, mass=1.0):
    """The inertia tensor of the box about the frame {A} at ``position`` with axes ``R``.

    Parallel axis from the centre to the origin of {A} (axes of {0}), then rotation
    into the axes of {A}; the principal axes come from ``principal_axes``. Numbers only.

    >>> t = box_tensor(1.0, 1.0, 1.0, mass=12.0)          # cube, frame at a corner
    >>> t.I_A.round(12)
    array([[ 8., -3., -3.],
           [-3.,  8., -3.],
           [-3., -3.,  8.]])
    >>> t.moments_A.round(12)                               # 12 (1/6, 11/12, 11/12)
    array([ 2., 11., 11.])
    """
    R = np.eye(3) if R is None else as_rotation(R)
    I_c = centre_tensor_function()(mass, w, l, h)
    centre = np.array([w, l, h], dtype=float) / 2
    I_parallel = parallel_axis(I_c, mass, centre - position)     # about A's origin, axes of {0}
    I_A = rotate_inertia(I_parallel, R.T)                         # A_R_0 I A_R_0ᵀ
    moments_c, axes_c = principal_axes(I_c)
    moments_A, axes_A = principal_axes(I_A)
    return BoxTensor(I_A, I_c, centre, position, R, moments_c, axes_c, moments_A, R @ axes_A)


_BOX = check.Instance(BoxTensor)


@check.arguments(t=_BOX, digits=check.Count(0))
def tensor_html(t, digits=4):
    """An HTML table of the entries of ``A_I`` with the principal moments and the trace.

    >>> 'Ixx' in tensor_html(box_tensor(1.0, 1.0, 1.0))
    True
    """
    labels = (("Ixx", "−Ixy", "−Ixz"), ("−Ixy", "Iyy", "−Iyz"), ("−Ixz", "−Iyz", "Izz"))
    rows = "".join(
        "<tr>" + "".join(
            f"<td style='padding:2px 8px;text-align:right' title='{labels[i][j]}'>"
            f"<span style='color:#888;font-size:80%'>{labels[i][j]}</span><br>"
            f"<code>{number_text(t.I_A[i, j], digits)}</code></td>" for j in range(3)) + "</tr>"
        for i in range(3))
    moments = ", ".join(number_text(x, digits) for x in t.moments_A)
    centre = ", ".join(number_text(x, digits) for x in t.moments_c)
    return (
        "<div style='font-family:sans-serif'>"
        f"<b>A_I</b> {say('about the origin of {A}, in the axes of {A} (kg·m²)', 'widgets')}"
        f"<table style='border:1px solid #ccc;margin:4px 0'>{rows}</table>"
        f"{say('principal moments about the origin of {A}:', 'widgets')} "
        f"<code>{html.escape(moments)}</code><br>"
        f"{say('principal moments about the centre of mass:', 'widgets')} "
        f"<code>{html.escape(centre)}</code><br>"
        f"{say('trace A_I', 'widgets')} = <code>{number_text(np.trace(t.I_A), digits)}</code>"
        f" {say('(= 2 ∫ r² dm, whatever the axes)', 'widgets')}</div>")


@check.arguments(I=check.Matrix(None, 3, numeric=True), digits=check.Count(0))
def tensor_text(I, digits=3):
    """The tensor as three lines of monospaced text (for text drawn inside a figure).

    >>> print(tensor_text(np.diag([1.0, 2.0, -0.0])))
    [ 1.000  0.000  0.000]
    [ 0.000  2.000  0.000]
    [ 0.000  0.000  0.000]
    """
    return "\n".join("[" + " ".join(f"{round(float(x), digits) + 0.0:6.{digits}f}" for x in row)
                     + "]" for row in I)


@check.arguments(_finite=False, w=NUMBER, l=NUMBER, h=NUMBER)
def box_edges(w, l, h):
    """The 12 edges of the box ``[0, w] x [0, l] x [0, h]`` as one polyline (NaN breaks, so
    the answer is not all finite), 36 x 3.

    >>> box_edges(1, 2, 3).shape
    (36, 3)
    """
    corners = np.array([[x, y, z] for x in (0, w) for y in (0, l) for z in (0, h)], dtype=float)
    points = []
    for i in range(8):
        for j in range(i + 1, 8):
            if np.count_nonzero(corners[i] != corners[j]) == 1:      # differ in one coordinate
                points += [corners[i], corners[j], [np.nan] * 3]
    return np.array(points)


box_edges_unchecked = box_edges.__wrapped__


class BoxInertiaDrawing:
    """The box, the frame {A} and the principal axes in a 3D matplotlib axes.

    ``update(t)`` (a ``BoxTensor``) moves the existing artists (``moving``) with ``set_data_3d``.
    Principal axes at the centre of mass are drawn through it (solid), each with half
    length ``scale * moment / largest moment``; those of ``A_I`` at the origin of {A}
    (dashed) the same way.
    """

    @check.arguments(ax=AXES, t=_BOX, frame_length=NUMBER, scale=NUMBER)
    def __init__(self, ax, t, frame_length=0.5, scale=0.6, room=ROOM):
        self.ax, self.fig, self.frame_length, self.scale = ax, ax.figure, frame_length, scale
        ax.set_xlim(*room)
        ax.set_ylim(*room)
        ax.set_zlim(*room)
        ax.set_box_aspect((1, 1, 1), zoom=0.88)
        ax.set_xlabel("$X_0$ (m)")
        ax.set_ylabel("$Y_0$ (m)")
        ax.set_zlabel("$Z_0$ (m)")
        (self.edges,) = ax.plot([], [], [], "-", color="0.3", lw=1.2)
        (self.centre,) = ax.plot([], [], [], "o", color="black", ms=4)
        self.frame = [ax.plot([], [], [], "-", color=c, lw=2.5)[0] for c in FRAME_COLOURS]
        self.principal_c = [ax.plot([], [], [], "-", color=c, lw=2)[0] for c in PRINCIPAL_COLOURS]
        self.principal_A = [ax.plot([], [], [], "--", color=c, lw=1.2)[0]
                            for c in PRINCIPAL_COLOURS]
        self.frame_label = ax.text(0, 0, 0, "{A}", fontsize=9)
        self.moving = [self.edges, self.centre, *self.frame, *self.principal_c,
                       *self.principal_A, self.frame_label]
        self.update(t)

    def _principal(self, lines, origin, moments, axes):
        largest = max(float(np.max(moments)), 1e-12)
        for k, line in enumerate(lines):
            half = self.scale * float(moments[k]) / largest * axes[:, k]
            ends = np.array([origin - half, origin + half])
            line.set_data_3d(ends[:, 0], ends[:, 1], ends[:, 2])

    @check.arguments(t=_BOX)
    def update(self, t):
        """Move the drawing to the setting ``t`` (a ``BoxTensor``); returns the artists."""
        w, l, h = 2 * t.centre
        edges = box_edges_unchecked(w, l, h)
        self.edges.set_data_3d(edges[:, 0], edges[:, 1], edges[:, 2])
        self.centre.set_data_3d([t.centre[0]], [t.centre[1]], [t.centre[2]])
        for k, line in enumerate(self.frame):
            ends = np.array([t.position, t.position + self.frame_length * t.R[:, k]])
            line.set_data_3d(ends[:, 0], ends[:, 1], ends[:, 2])
        self._principal(self.principal_c, t.centre, t.moments_c, t.axes_c)
        self._principal(self.principal_A, t.position, t.moments_A, t.axes_A)
        self.frame_label.set_position((t.position[0], t.position[1]))
        self.frame_label.set_3d_properties(t.position[2] - 0.3 * self.frame_length, None)
        return self.moving

    @check.arguments()
    def principal_centre_data(self):
        """The drawn end points of the principal axes at the centre (3 x 2 x 3 array)."""
        return np.array([np.array(line.get_data_3d()).T for line in self.principal_c])


def _legend(ax):
    handles = [Line2D([], [], color=c, lw=2.5) for c in FRAME_COLOURS]
    handles += [Line2D([], [], color="0.2", lw=2), Line2D([], [], color="0.2", lw=1.2, ls="--")]
    ax.legend(handles, ["$X_A$", "$Y_A$", "$Z_A$", say("principal axes at C", "widgets"),
                        say("principal axes of $^A I$", "widgets")], loc="upper left",
              fontsize=7)


def _widget_view(t):
    """The widget's view: the 3D drawing filling a 5.2 x 5.0 inch figure, with its legend."""
    fig = Figure(figsize=(5.2, 5.0))
    ax = fig.add_subplot(projection="3d")
    ax.view_init(elev=22, azim=-55)
    fig.subplots_adjust(left=0.0, right=1.0, bottom=0.0, top=1.0)
    drawing = BoxInertiaDrawing(ax, t)
    _legend(ax)
    return drawing


@check.arguments(w=LENGTH, l=LENGTH, h=LENGTH, mass=_MASS, dpi=DPI)
def inertia_widget(w=1.2, l=0.8, h=0.4, mass=1.0, dpi=72):
    """Sliders for the box (w, l, h, m) and for the frame {A} (x, y, z; roll, pitch, yaw in
    degrees): an explorer. Every slider change recomputes ``box_tensor`` numerically,
    rewrites the HTML table and moves the view's artists (see ``shapes.explorer`` for what
    the returned box carries; ``table`` is its ``readout``).
    """
    slider = functools.partial(labelled_slider, width="280px")
    length = functools.partial(slider, low=0.1, high=2.0, step=0.05, unit="m")
    place = functools.partial(slider, value=0.0, low=-1.0, high=2.0, step=0.05, unit="m")
    angle = functools.partial(slider, value=0.0, step=5.0, unit="°")
    controls = {"w": length("w", w), "l": length("l", l), "h": length("h", h),
                "m": slider("m", mass, 0.1, 5.0, 0.1, "kg"),
                "x": place("x"), "y": place("y"), "z": place("z"),
                "roll": angle(say("roll", "widgets"), low=-180.0, high=180.0),
                "pitch": angle(say("pitch", "widgets"), low=-90.0, high=90.0),
                "yaw": angle(say("yaw", "widgets"), low=-180.0, high=180.0)}

    def state(w, l, h, m, x, y, z, roll, pitch, yaw):
        return box_tensor(w, l, h, (x, y, z), frame_rotation(roll, pitch, yaw), m)

    box = explorer(controls, state, _widget_view, tensor_html, dpi=dpi,
                   groups=[(say("box", "widgets"), ["w", "l", "h", "m"]),
                           (say("origin of {A} in {0}", "widgets"), ["x", "y", "z"]),
                           (say("axes of {A}: RotZ·RotY·RotX", "widgets"),
                            ["roll", "pitch", "yaw"])])
    box.table = box.readout
    return box


@check.arguments(w=LENGTH, l=LENGTH, h=LENGTH, mass=_MASS, n_frames=FRAMES, dpi=DPI)
def inertia_animation(w=1.2, l=0.8, h=0.4, mass=1.0, n_frames=20, dpi=72):
    """The static fallback: {A} at the corner of the box turns once about Z0 (yaw 0…360°).

    Returns the HTML of an embedded JavaScript player. The tensor entries change as the
    frame turns (products of inertia change sign), the trace and the principal
    moments do not, and the principal axes stay fixed in space.
    """
    fig = Figure(figsize=(5.6, 3.2), dpi=dpi)
    ax = fig.add_axes((-0.04, -0.02, 0.6, 1.04), projection="3d")
    ax.view_init(elev=22, azim=-55)
    ax.grid(False)
    states = [(yaw, box_tensor(w, l, h, R=frame_rotation(yaw=yaw), mass=mass))
              for yaw in np.linspace(0.0, 360.0, n_frames, endpoint=False)]
    view = _TurningFrame(BoxInertiaDrawing(ax, states[0][1], room=(-0.7, 1.4)))
    return sweep_animation(view, states, interval_ms=120)


class _TurningFrame:
    """The fallback's view: the 3D drawing and, beside it, the yaw angle (degrees) and the
    tensor; its states are ``(yaw, BoxTensor)`` pairs."""

    def __init__(self, drawing):
        self.drawing, self.fig = drawing, drawing.fig
        self.text = self.fig.text(0.6, 0.95, "", family="monospace", fontsize=8, va="top")
        self.moving = [*drawing.moving, self.text]

    def update(self, state):
        yaw, t = state
        self.drawing.update(t)
        self.text.set_text(say("{{A}} at the corner of the box\nyaw = {yaw}°\n\n"
                               "A_I (kg·m²) =\n{tensor}\n\ntrace = {trace}\n"
                               "principal moments:\n{moments}", "widgets", yaw=f"{yaw:5.1f}",
                               tensor=tensor_text(t.I_A), trace=f"{np.trace(t.I_A):.3f}",
                               moments=tensor_text([t.moments_A])))
        return self.moving
