"""Building blocks shared by the chapter widgets: the planar arm drawing, a live
figure shown as an image widget, and the static animation fallback."""

import base64
import io
import re

import ipywidgets as widgets
import numpy as np
import PIL.Image
from matplotlib.animation import FuncAnimation
from matplotlib.backend_bases import FigureCanvasBase
from matplotlib.backends.backend_agg import FigureCanvasAgg

from robocourse.kinematics import link_frames


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

    def __init__(self, ax, robot, q, show_frames=False, color="tab:blue", axis_length=0.15):
        self.ax, self.robot, self.axis_length = ax, robot, axis_length
        (self.links,) = ax.plot([], [], "-", lw=4, color=color, solid_capstyle="round")
        (self.joints,) = ax.plot([], [], "o", ms=8, mfc="white", mec="black", zorder=3)
        self.frame_axes = []
        if show_frames:
            for colour in ("tab:red", "tab:green"):
                (line,) = ax.plot([], [], "-", lw=1.5, color=colour, zorder=4)
                self.frame_axes.append(line)
        self.update(q)

    def update(self, q):
        """Move the drawing to joint values ``q``; returns the changed artists."""
        frames = link_frames(self.robot, np.asarray(q, dtype=float))
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
        return [self.links, self.joints, *self.frame_axes]

    def frame_positions(self):
        """The drawn points: base, {1}…{n} and the tool origin (an (n+2) x 2 array)."""
        x, y = self.links.get_data()
        return np.column_stack([x, y])


def reach(robot):
    """An upper bound on the reach of a planar arm: the sum of its link offsets."""
    total = sum(abs(float(link.a)) + abs(float(link.d)) for link in robot.links)
    return total + float(np.linalg.norm(np.asarray(robot.tool, dtype=float)[:2, 3]))


def arm_axes(fig, robot, position=111, margin=1.15, extra=0.0):
    """A square, equal-aspect axes that holds every pose of a planar arm."""
    ax = fig.add_subplot(position)
    r = margin * reach(robot) + extra
    ax.set_xlim(-r, r)
    ax.set_ylim(-r, r)
    ax.set_aspect("equal")
    ax.grid(True, lw=0.3)
    ax.set_xlabel("$X_0$ (m)")
    ax.set_ylabel("$Y_0$ (m)")
    return ax


class LiveFigure:
    """A matplotlib figure shown in an ``ipywidgets.Image`` and re-rendered on demand.

    Rendering straight to PNG avoids the notebook backend entirely: the update
    path is artist ``set_data`` → Agg render → image bytes.

    >>> from matplotlib.figure import Figure
    >>> live = LiveFigure(Figure(figsize=(2, 2)))
    >>> live.refresh(); bytes(live.image.value[1:4])
    b'PNG'
    """

    def __init__(self, fig, dpi=80):
        self.fig, self.dpi = fig, dpi
        self.image = widgets.Image(format="png")
        self.refresh()

    def refresh(self):
        """Render the figure again into the image widget."""
        buffer = io.BytesIO()
        self.fig.savefig(buffer, format="png", dpi=self.dpi)
        self.image.value = buffer.getvalue()


class BlittedLiveFigure(LiveFigure):
    """A ``LiveFigure`` that redraws only the ``moving`` artists over a saved background.

    ``refresh(full=True)`` renders everything else once and keeps it as the background
    (call it after changing anything that is not in ``moving``); ``refresh()`` restores
    the background, draws the moving artists on it and encodes the PNG — several times
    faster than a full render, which spends most of its time laying out tick labels.
    The axes limits must stay fixed.

    >>> from matplotlib.figure import Figure
    >>> fig = Figure(figsize=(2, 2)); ax = fig.add_subplot()
    >>> (line,) = ax.plot([0, 1], [0, 1])
    >>> live = BlittedLiveFigure(fig, [line], dpi=40)
    >>> before = bytes(live.image.value); line.set_data([0, 1], [1, 0]); live.refresh()
    >>> bytes(live.image.value) != before, bytes(live.image.value[1:4])
    (True, b'PNG')
    """

    def __init__(self, fig, moving, dpi=80):
        fig.set_dpi(dpi)
        self.canvas, self.background = FigureCanvasAgg(fig), None
        self.moving = sorted(moving, key=lambda artist: artist.get_zorder())
        for artist in self.moving:
            artist.set_animated(True)         # left out of full renders, drawn on top
        super().__init__(fig, dpi)

    def refresh(self, full=False):
        """Draw the moving artists over the background and show the result."""
        if full or self.background is None:
            self.canvas.draw()
            self.background = self.canvas.copy_from_bbox(self.fig.bbox)
        self.canvas.restore_region(self.background)
        for artist in self.moving:
            self.fig.draw_artist(artist)
        buffer = io.BytesIO()
        PIL.Image.fromarray(np.asarray(self.canvas.buffer_rgba())).save(
            buffer, format="png", compress_level=1)
        self.image.value = buffer.getvalue()


def labelled_slider(name, value, low, high, step, unit="", digits=2, continuous=True,
                    width="300px"):
    """A FloatSlider labelled ``name (unit)``; angles in degrees read out without decimals.

    >>> labelled_slider("θ2", 60.0, -180, 180, 1, "°").description
    'θ2 (°)'
    """
    return widgets.FloatSlider(value=value, min=low, max=high, step=step,
                               description=f"{name} ({unit})" if unit else name,
                               continuous_update=continuous,
                               readout_format=".0f" if unit == "°" else f".{digits}f",
                               style={"description_width": "70px"},
                               layout=widgets.Layout(width=width))


def redraw_on_change(sliders, state, drawing, readout, text, live):
    """Wire ``sliders`` so that every change redraws: ``current = state()``, then
    ``drawing.update(current)``, ``readout.value = text(current)``, ``live.refresh()``.
    Returns the callback (call it to redraw by hand).

    >>> from matplotlib.figure import Figure
    >>> slider, shown = widgets.FloatSlider(value=1.0), widgets.HTML()
    >>> class Dot:
    ...     def update(self, x): self.x = x
    >>> dot = Dot()
    >>> _ = redraw_on_change([slider], lambda: slider.value, dot, shown, str,
    ...                      LiveFigure(Figure(figsize=(1, 1))))
    >>> slider.value = 2.5; dot.x, shown.value
    (2.5, '2.5')
    """
    def on_change(_change=None):
        current = state()
        drawing.update(current)
        readout.value = text(current)
        live.refresh()

    for slider in sliders:
        slider.observe(on_change, names="value")
    return on_change


def frame_player(n_frames, interval_ms=60, step=1):
    """A Play button and a frame slider, linked in the browser: ``(play, frame)``.

    The animation callback observes ``frame.value``; linking in the browser
    (``jslink``) keeps the slider moving with Play even while the kernel is busy.

    >>> play, frame = frame_player(10)
    >>> frame.max, play.interval
    (9, 60)
    """
    play = widgets.Play(value=0, min=0, max=n_frames - 1, step=step, interval=interval_ms,
                        description="play")
    frame = widgets.IntSlider(value=0, min=0, max=n_frames - 1, description="frame",
                              continuous_update=True, style={"description_width": "70px"},
                              layout=widgets.Layout(width="420px"))
    widgets.jslink((play, "value"), (frame, "value"))
    return play, frame


def number_text(x, digits=3):
    """A number rounded to ``digits`` decimals as text, never ``-0``.

    >>> number_text(-0.0001), number_text(2, 1)
    ('0.000', '2.0')
    """
    return f"{round(float(x), digits) + 0.0:.{digits}f}"


def animation_html(fig, update, n_frames, interval_ms=50):
    """The static fallback: an embedded JavaScript player of ``n_frames`` frames.

    ``update(k)`` moves the figure's artists to frame k. The player is saved in
    the notebook, so the motion plays without a kernel.
    """
    animation = FuncAnimation(fig, lambda k: update(k), frames=n_frames,
                              interval=interval_ms, blit=False)
    return animation.to_jshtml(default_mode="loop", embed_frames=True)


def freeze_background(fig, moving):
    """Turn everything in ``fig`` except the ``moving`` artists into one background image.

    The figure is rendered once without the moving artists; the picture is put back as a
    ``figimage`` and every other artist is hidden, so each later render (a frame of an
    animation) draws one image and the few moving artists instead of axes, ticks and text.
    Needs an Agg canvas; renders at ``fig.dpi`` only (save frames at that dpi).
    """
    canvas = FigureCanvasAgg(fig)
    moving = set(moving)
    for artist in moving:
        artist.set_visible(False)
    canvas.draw()
    background = np.asarray(canvas.buffer_rgba()).copy()
    for artist in moving:
        artist.set_visible(True)
    static = [child for ax in fig.axes for child in ax.get_children()]
    static += [*fig.legends, *fig.texts, *fig.lines, *fig.patches, fig.patch]
    for artist in static:
        if artist not in moving:
            artist.set_visible(False)
    fig.figimage(background, zorder=-1)
    FigureCanvasBase(fig)          # back to a plain canvas: only saving a frame renders it


_FRAME = re.compile(r'(frames\[\d+\] = "data:image/png;base64,)(.*?)(")', re.S)


def compact_player(player, colors=64):
    """The player HTML of ``animation_html`` with every frame re-encoded as a palette PNG
    of ``colors`` colours: about a quarter of the size, for a notebook that stays small.

    >>> from matplotlib.figure import Figure
    >>> fig = Figure(figsize=(1, 1), dpi=20)
    >>> player = animation_html(fig, lambda k: None, 2)
    >>> small = compact_player(player)
    >>> small.count("data:image/png;base64"), len(small) < len(player)
    (2, True)
    """
    def shrink(match):
        data = base64.b64decode(match.group(2).replace("\\\n", ""))
        image = PIL.Image.open(io.BytesIO(data)).convert("RGB").quantize(colors=colors)
        buffer = io.BytesIO()
        image.save(buffer, format="png")
        return match.group(1) + base64.b64encode(buffer.getvalue()).decode("ascii") + match.group(3)

    return _FRAME.sub(shrink, player)
