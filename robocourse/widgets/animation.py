"""The static fallback of every widget: a JavaScript animation player saved in the notebook,
which shows the motion without a kernel — and without a network.

matplotlib's ``to_jshtml`` writes the player; its buttons draw their icons with the
font-awesome web font from a CDN, so offline they are blank grey boxes. ``offline_player``
replaces each icon by a small inline SVG (and drops the stylesheet link), so the page
needs nothing from outside. The frames are palette PNGs (``colors`` colours, about a
quarter of the bytes of full-colour frames) or JPEGs, embedded in the HTML.

``sweep_animation`` animates an explorer's view through a list of states,
``run_animation`` a player's view through one run; both draw the frames over a frozen
background (``freeze_background``).
"""

import base64
import io
import re

import numpy as np
import PIL.Image
from matplotlib import rc_context
from matplotlib.animation import FuncAnimation
from matplotlib.backend_bases import FigureCanvasBase
from matplotlib.backends.backend_agg import FigureCanvasAgg

#: The player's icons (font-awesome names) as SVG paths in a 16 x 16 box.
ICONS = {
    "minus": "M2 7h12v2H2z",
    "plus": "M7 2h2v5h5v2H9v5H7V9H2V7h5z",
    "play": "M4 2l10 6-10 6z",
    "play fa-flip-horizontal": "M12 2L2 8l10 6z",
    "pause": "M3 2h4v12H3zM9 2h4v12H9z",
    "step-forward": "M2 2l9 6-9 6zM11 2h3v12h-3z",
    "step-backward": "M14 2L5 8l9 6zM2 2h3v12H2z",
    "fast-forward": "M1 2l6 6-6 6zM7 2l6 6-6 6zM13 2h2v12h-2z",
    "fast-backward": "M15 2L9 8l6 6zM9 2L3 8l6 6zM1 2h2v12H1z",
}
_ICON = re.compile(r'<i class="fa fa-([a-z -]+?)"></i>')
_FONT_LINK = re.compile(r'<link rel="stylesheet"\s+href="[^"]*font-awesome[^"]*">\s*')
_FRAME = re.compile(r'(frames\[\d+\] = "data:image/png;base64,)(.*?)(")', re.S)
_EXTERNAL = re.compile(r'(?:href|src)\s*=\s*"(?:https?:)?//|https?://')


def _svg(path):
    return (f'<svg viewBox="0 0 16 16" width="14" height="14" fill="currentColor" '
            f'aria-hidden="true" style="vertical-align:middle"><path d="{path}"/></svg>')


def offline_player(html):
    """The player HTML of ``to_jshtml`` with inline SVG icons instead of font-awesome
    (``ICONS``) and no stylesheet from a CDN; ValueError if anything external is left
    (a matplotlib whose player markup changed).

    >>> page = offline_player('<link rel="stylesheet"\\nhref="https://x/font-awesome.css">'
    ...                       '<button><i class="fa fa-play"></i></button>')
    >>> page.startswith('<button><svg'), 'fa-' in page
    (True, False)
    """
    def icon(match):
        name = match.group(1)
        return _svg(ICONS[name]) if name in ICONS else match.group(0)

    html = _ICON.sub(icon, _FONT_LINK.sub("", html))
    if "fa-" in html or _EXTERNAL.search(html):
        raise ValueError("the animation player still refers to an icon font or an external "
                         "address: matplotlib's to_jshtml markup has changed")
    return html


def palette_frames(html, colors=64):
    """The player HTML with every PNG frame re-encoded as a palette PNG of ``colors``
    colours: about a quarter of the size, for a notebook that stays small.

    >>> from matplotlib.figure import Figure
    >>> fig = Figure(figsize=(1, 1), dpi=20)
    >>> player = FuncAnimation(fig, lambda k: [], frames=2).to_jshtml(embed_frames=True)
    >>> small = palette_frames(player)
    >>> small.count("data:image/png;base64"), len(small) < len(player)
    (2, True)
    """
    def shrink(match):
        data = base64.b64decode(match.group(2).replace("\\\n", ""))
        image = PIL.Image.open(io.BytesIO(data)).convert("RGB").quantize(colors=colors)
        buffer = io.BytesIO()
        image.save(buffer, format="png")
        return match.group(1) + base64.b64encode(buffer.getvalue()).decode("ascii") + match.group(3)

    return _FRAME.sub(shrink, html)


def animation_html(fig, update, n_frames, interval_ms=50, colors=64, frame_format="png"):
    """The static fallback: an embedded JavaScript player of ``n_frames`` frames that needs
    no network (``offline_player``), looping.

    ``update(k)`` moves the figure's artists to frame k. PNG frames are stored with a
    palette of ``colors`` colours (``palette_frames``; None keeps full colour);
    ``frame_format="jpeg"`` stores JPEGs instead.

    >>> from matplotlib.figure import Figure
    >>> page = animation_html(Figure(figsize=(1, 1), dpi=20), lambda k: None, 3)
    >>> page.count("data:image/png;base64"), "fa-" in page, "://" in page
    (3, False, False)
    """
    animation = FuncAnimation(fig, lambda k: update(k), frames=n_frames,
                              interval=interval_ms, blit=False)
    with rc_context({"animation.frame_format": frame_format}):
        html = animation.to_jshtml(default_mode="loop", embed_frames=True)
    if frame_format == "png" and colors:
        html = palette_frames(html, colors)
    return offline_player(html)


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
    for ax in fig.axes:
        ax.set_axis_off()          # a 3D axes draws its panes and grid even when hidden
    fig.figimage(background, zorder=-1)
    FigureCanvasBase(fig)          # back to a plain canvas: only saving a frame renders it


def sweep_animation(view, states, interval_ms=150, **options):
    """The fallback of an explorer: its ``view`` (see ``shapes.explorer``) shown at each
    of ``states`` in turn, over a frozen background; ``options`` go to ``animation_html``."""
    freeze_background(view.fig, view.moving)
    return animation_html(view.fig, lambda k: view.update(states[k]), len(states),
                          interval_ms, **options)


def run_animation(view, n_frames, **options):
    """The fallback of a player: ``n_frames`` samples of the run its ``view`` shows (see
    ``shapes.player``), evenly spread, over a frozen background, in real time."""
    freeze_background(view.fig, view.moving)
    picks = np.linspace(0, len(view.times) - 1, n_frames).round().astype(int)
    interval = 1000 * float(view.times[-1]) / max(n_frames - 1, 1)
    return animation_html(view.fig, lambda k: view.show_frame(picks[k]), n_frames,
                          int(round(interval)), **options)
