"""The static fallback of every widget: a JavaScript animation player saved in the notebook,
which shows the motion without a kernel — and without a network.

matplotlib's ``to_jshtml`` writes the player; its buttons draw their icons with the
font-awesome web font from a CDN, so offline they are blank grey boxes. ``offline_player``
replaces each icon by a small inline SVG (and drops the stylesheet link), so the page
needs nothing from outside. The frames are palette PNGs (``colors`` colours, about a
quarter of the bytes of full-colour frames) or JPEGs, embedded in the HTML.

A page that runs no script — a notebook JupyterLab does not trust yet (it strips scripts,
styles and SVG from stored HTML), a notebook viewer — would show a broken image and blank
buttons: the player's picture holds the first frame itself, the controls stay hidden and a
line says to run the cell (``still_first_frame``) until the player's script replaces them.

``sweep_animation`` animates an explorer's view through a list of states,
``run_animation`` a player's view through one run; both draw the frames over a frozen
background (``freeze_background``): the figure's ``FrameCanvas`` keeps a picture of
everything but the moving artists, draws only those over it for each frame and writes
the palette PNG itself, quantizing only the pixels they changed (``palette_over``):
about 11 ms a frame of 900 x 380 pixels instead of 55 ms, the same picture.

The player speaks the language of the notebook (``language.use``): its buttons' tooltips,
its repetition modes, the line under the first frame and that frame's alternative text
(``player_in_language``; the book puts the players of its Chinese pages into Chinese the
same way).
"""

import re

import numpy as np
import PIL.Image
from matplotlib import rc_context
from matplotlib.animation import FuncAnimation
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_hex
from matplotlib.image import imsave
from PIL.PngImagePlugin import PngInfo

from robocourse.language import say

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
_EXTERNAL = re.compile(r'(?:href|src)\s*=\s*"(?:https?:)?//|https?://')
_FRAME_DATA = re.compile(r'(data:image/\w+;base64,)([^"]*)')
_FIRST_FRAME = re.compile(r'\n *frames\[0\] = "(data:image/\w+;base64,[^"]*)"')
_PICTURE = re.compile(r'<img id="_anim_img(\w+)">')
_CONTROLS = '<div class="anim-controls">'
_STARTED = re.compile(r"(\n( *)anim\w+ = new Animation\([^;]*;)")
#: What a page that runs no script shows under the first frame.
RUN_TO_PLAY = "▶ Run this cell to play the animation."
#: The first frame's alternative text.
FIRST_FRAME = "the first frame of the animation"
# the player's controls: its buttons' and its form's tooltips, the labels of its repeat modes
_PLAYER = re.compile(r'<div class="anim-controls"[^>]*>.*?</form>', re.S)
_PLAYER_TEXT = re.compile(r'((?:title|aria-label)=")([^"]*)(")|(<label [^>]*>)([^<]*)(</label>)')


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


def still_first_frame(html):
    """The player HTML of ``to_jshtml`` as a page that runs no script shows it: the picture
    holds the first frame (the script reads it back from there, so it is stored once), a
    line says ``RUN_TO_PLAY`` and the controls are hidden; the player's script removes the
    line and shows the controls. ValueError if the markup is not ``to_jshtml``'s.

    >>> page = still_first_frame('<img id="_anim_img7">\\n<div class="anim-controls">'
    ...     '</div>\\n  frames[0] = "data:image/png;base64,AA"\\n'
    ...     '    anim7 = new Animation(frames, img_id);')
    >>> '<img id="_anim_img7" src="data:image/png;base64,AA"' in page, page.count("base64,AA")
    (True, 1)
    >>> 'anim-controls" style="display:none"' in page, RUN_TO_PLAY in page
    (True, True)
    """
    first, picture = _FIRST_FRAME.search(html), _PICTURE.search(html)
    if not (first and picture and html.count(_CONTROLS) == 1 and _STARTED.search(html)):
        raise ValueError("the animation player's markup is not to_jshtml's: matplotlib's "
                         "to_jshtml has changed")
    uid = picture.group(1)
    html = _FIRST_FRAME.sub("", html)
    html = html.replace(picture.group(0), f'<img id="_anim_img{uid}" src="{first.group(1)}" '
                        f'alt="{FIRST_FRAME}">\n  <p id="_anim_note{uid}" '
                        f'class="anim-note">{RUN_TO_PLAY}</p>')
    html = html.replace(_CONTROLS, '<div class="anim-controls" style="display:none">')
    # in the timeout that starts the player, once the page holds its elements
    start = (r"\n\2frames[0] = document.getElementById(img_id).src;\1"
             r"\n\2document.getElementById(slider_id).parentNode.style.display = '';"
             f"\n\\2document.getElementById('_anim_note{uid}').remove();")
    return _STARTED.sub(start, html)


def player_words():
    """{English: the language in use} of everything a player says: the tooltips and repeat
    modes that ``to_jshtml`` writes, ``RUN_TO_PLAY`` and ``FIRST_FRAME``.

    >>> from robocourse.language import using
    >>> with using("zh_CN"):
    ...     player_words()["Reflect"]
    '往返'
    """
    return {"Decrease speed": say("Decrease speed", "widgets"),
            "First frame": say("First frame", "widgets"),
            "Previous frame": say("Previous frame", "widgets"),
            "Play backwards": say("Play backwards", "widgets"),
            "Pause": say("Pause", "widgets"), "Play": say("Play", "widgets"),
            "Next frame": say("Next frame", "widgets"),
            "Last frame": say("Last frame", "widgets"),
            "Increase speed": say("Increase speed", "widgets"),
            "Repetition mode": say("Repetition mode", "widgets"),
            "Once": say("Once", "widgets"), "Loop": say("Loop", "widgets"),
            "Reflect": say("Reflect", "widgets"),
            RUN_TO_PLAY: say(RUN_TO_PLAY, "widgets"), FIRST_FRAME: say(FIRST_FRAME, "widgets")}


def player_in_language(html):
    """``(html, unknown)``: the player page ``html`` (``animation_html``) in the language in
    use (``player_words``) — its controls, the line under the first frame and that frame's
    alternative text — and the English of the controls it does not know (left as they
    are: a matplotlib whose player says something new).

    >>> from robocourse.language import using
    >>> page = ('<div class="anim-controls"><button title="Play" aria-label="Play"></button>'
    ...         '<form title="Speed"><label for="r">Once</label></form>')
    >>> with using("zh_CN"):
    ...     chinese, unknown = player_in_language(page)
    >>> chinese.count('="播放"'), '>播放一次</label>' in chinese, unknown
    (2, True, ['Speed'])
    """
    words, unknown = player_words(), []

    def translate(match):
        start, label, end = match.group(1, 2, 3) if match.group(1) else match.group(4, 5, 6)
        if label.strip() not in words:
            unknown.append(label.strip())
            return match.group(0)
        return start + words[label.strip()] + end

    html = _PLAYER.sub(lambda controls: _PLAYER_TEXT.sub(translate, controls.group(0)), html)
    html = html.replace(f'alt="{FIRST_FRAME}"', f'alt="{words[FIRST_FRAME]}"')
    return html.replace(RUN_TO_PLAY, words[RUN_TO_PLAY]), unknown


def quantize(pixels, colors, base=()):
    """``(index, palette)``: the RGB ``pixels`` (uint8, any shape x 3) as indices (that shape)
    into a palette (k x 3) of at most ``colors`` colours (at most 256, more than
    ``len(base)``), each pixel its nearest colour.

    The palette is ``base`` followed by colours of the pixels' own: PIL's median cut for
    three quarters of them, then, one at a time, the colour the palette renders worst
    (its pixel count times its squared distance to the palette). A median cut alone
    weighs colours by their pixels, so it merges a thin line of a rare hue (a legend's
    red next to an orange) into a neighbour; the last additions bring such hues back.

    >>> pixels = np.array([[[255, 255, 255]] * 60 + [[128, 128, 128]] * 30
    ...                     + [[214, 39, 40], [255, 127, 14]]], dtype=np.uint8)
    >>> quantize(pixels, 3)[1].tolist()             # too few colours: red and orange merge
    [[255, 255, 255], [128, 128, 128], [235, 83, 27]]
    >>> index, palette = quantize(pixels, 8)
    >>> index.shape, len(palette), np.array_equal(palette[index], pixels)
    ((1, 92), 4, True)
    """
    keys, inverse, counts = np.unique(
        pixels[..., 0].astype(np.int64) << 16 | pixels[..., 1].astype(np.int64) << 8
        | pixels[..., 2], return_inverse=True, return_counts=True)
    shades = np.stack([keys >> 16, keys >> 8 & 255, keys & 255], axis=1).astype(float)
    own = colors - len(base)
    strip = np.ascontiguousarray(pixels.reshape(1, -1, 3))
    cut = PIL.Image.fromarray(strip).quantize(own - own // 4).getpalette()
    palette = np.concatenate([np.reshape(base, (-1, 3)), np.reshape(cut, (-1, 3))]).astype(float)
    distance = _squared_distances(shades, palette).min(axis=1)
    for _ in range(own // 4):
        worst = np.argmax(counts * distance)
        if distance[worst] == 0:
            break
        palette = np.concatenate([palette, shades[worst:worst + 1]])
        distance = np.minimum(distance, ((shades - shades[worst]) ** 2).sum(axis=1))
    nearest = _squared_distances(shades, palette).argmin(axis=1).astype(np.uint8)
    return nearest[inverse].reshape(pixels.shape[:-1]), palette.astype(np.uint8)


def _squared_distances(a, b):
    """The squared distances between the rows of ``a`` (n x 3) and of ``b`` (k x 3), n x k
    (exact for colours: whole numbers of float64)."""
    return (a ** 2).sum(axis=1)[:, None] - 2 * a @ b.T + (b ** 2).sum(axis=1)


def palette_over(rgba, background, index, palette, colors):
    """``(index, palette)`` of the frame ``rgba`` (H x W x 4, uint8) drawn over
    ``background`` (the same), whose pixels are ``index`` into ``palette``
    (``quantize``): the pixels the frame shares with the background keep their index; the
    others are quantized alone, with the background's palette as a base and up to
    ``colors - len(palette)`` colours of their own. A few thousand pixels of moving
    artists instead of the whole frame: about 2 ms instead of 20 for 900 x 380 pixels.

    >>> background = np.full((2, 3, 4), 255, dtype=np.uint8)
    >>> frame = background.copy(); frame[0, 1, :3] = (200, 0, 0)
    >>> index, palette = palette_over(frame, background, np.zeros((2, 3), np.uint8),
    ...                               np.array([[255, 255, 255]]), 4)
    >>> index.tolist(), palette.tolist()
    ([[0, 1, 0], [0, 0, 0]], [[255, 255, 255], [200, 0, 0]])
    """
    changed = rgba.view(np.uint32)[..., 0] != background.view(np.uint32)[..., 0]
    if not changed.any():
        return index, palette
    index = index.copy()
    index[changed], palette = quantize(rgba[changed][:, :3], colors, palette)
    return index, palette


class FrameCanvas(FigureCanvasAgg):
    """The Agg canvas of a player's figure: it prints frames fast and, with ``colors`` set,
    PNGs with a palette.

    With ``moving`` (``freeze_background``), the first PNG or JPEG printed at a size, dpi
    and figure colours draws the figure with those artists hidden and keeps the picture;
    each print at the same ones (each frame of ``animation_html``) puts the picture back
    and draws only the moving artists over it, in the order of a full render (by zorder,
    container by container, 3D collections and patches projected first): the same pixels,
    but where a moving artist crosses a static one drawn above it. Another size, dpi or
    face colour takes the picture again (matplotlib's movie writers, ``HTMLWriter`` too,
    make a figure an even number of pixels wide and high before the first frame); a
    tight bbox is a full render. The artists not in ``moving`` must not change while the
    canvas is in use.

    ``colors`` None prints PNGs as ``FigureCanvasAgg`` does (full colour); a number, PNGs
    of that many colours at most: a frame over the kept picture by ``palette_over``
    (a quarter of the colours for the moving artists), any other render by ``quantize``.
    """

    def __init__(self, figure, moving=None):
        super().__init__(figure)
        self.colors, self._frozen_at = None, None
        self._moving = None if moving is None else list(moving)
        if moving is not None:
            self._is_moving, self._holders = set(moving), set()
            _hold(figure, self._is_moving, self._holders)

    def draw_idle(self, *args, **kwargs):
        """Nothing (``FuncAnimation`` asks for it after each update): a frame is drawn
        when it is printed."""

    def _frame_key(self):
        colours = [to_hex(colour, keep_alpha=True)
                   for colour in (self.figure.get_facecolor(), self.figure.get_edgecolor())]
        return (*self.get_width_height(physical=True), self.figure.dpi, *colours)

    def _freeze(self):
        """Draw the figure without the moving artists and keep the picture."""
        hidden = [artist for artist in self._moving if artist.get_visible()]
        for artist in hidden:
            artist.set_visible(False)
        FigureCanvasAgg.draw(self)
        for artist in hidden:
            artist.set_visible(True)
        self._region = self.copy_from_bbox(self.figure.bbox)
        self._background = np.asarray(self.buffer_rgba()).copy()
        self._frozen_at, self._quantized = self._frame_key(), None

    def _in_drawing_order(self, parent):
        for child in sorted(parent.get_children(), key=lambda artist: artist.get_zorder()):
            if child in self._is_moving:
                yield child
            elif child in self._holders:
                yield from self._in_drawing_order(child)

    def _draw_frame(self, bbox_inches_restore):
        """Draw the figure into the buffer; True if over the kept picture."""
        if self._moving is None or bbox_inches_restore is not None:
            FigureCanvasAgg.draw(self)
            return False
        if self._frame_key() != self._frozen_at:
            self._freeze()
        renderer = self.get_renderer()
        renderer.restore_region(self._region)
        for artist in self._in_drawing_order(self.figure):
            if hasattr(artist, "do_3d_projection") and artist.get_visible():
                artist.do_3d_projection()
            artist.draw(renderer)
        return True

    def print_png(self, filename_or_obj, *, metadata=None, pil_kwargs=None,
                  bbox_inches_restore=None, **print_figure_kwargs):
        """Print the figure as a PNG (``print_figure``'s other keyword arguments, the face
        and edge colours and the orientation, are on the figure already)."""
        over_background = self._draw_frame(bbox_inches_restore)
        if not self.colors:
            self._save_drawn(filename_or_obj, "png", metadata, pil_kwargs)
            return
        rgba = np.asarray(self.buffer_rgba())
        if not over_background:
            index, palette = quantize(rgba[..., :3], self.colors)
        else:
            if self._quantized is None or self._quantized[0] != self.colors:
                share = self.colors - max(1, self.colors // 4)
                self._quantized = (self.colors, *quantize(self._background[..., :3], share))
            index, palette = palette_over(rgba, self._background, *self._quantized[1:],
                                          self.colors)
        image = PIL.Image.frombytes("P", index.shape[::-1], index.tobytes())
        image.putpalette(palette.tobytes())
        info = PngInfo()
        for key, value in (metadata or {}).items():
            if value is not None:
                info.add_text(key, value)
        image.save(filename_or_obj, format="png", **{"pnginfo": info, **(pil_kwargs or {})})

    def print_jpg(self, filename_or_obj, *, metadata=None, pil_kwargs=None,
                  bbox_inches_restore=None, **print_figure_kwargs):
        """Print the figure as a JPEG, as ``FigureCanvasAgg`` does (on white)."""
        self._draw_frame(bbox_inches_restore)
        with rc_context({"savefig.facecolor": "white"}):
            self._save_drawn(filename_or_obj, "jpeg", metadata, pil_kwargs)

    print_jpeg = print_jpg

    def _save_drawn(self, filename_or_obj, fmt, metadata, pil_kwargs):
        """Save the drawn buffer in full colour, as ``FigureCanvasAgg`` does."""
        imsave(filename_or_obj, self.buffer_rgba(), format=fmt, origin="upper",
               dpi=self.figure.dpi, metadata=metadata, pil_kwargs=pil_kwargs)


def _hold(parent, moving, holders):
    """Whether ``parent`` holds an artist of ``moving`` (a set), at any depth; adds the
    artists that do to ``holders``."""
    held = False
    for child in parent.get_children():
        if child in moving or _hold(child, moving, holders):
            held = True
    if held:
        holders.add(parent)
    return held


def animation_html(fig, update, n_frames, interval_ms=50, colors=64, frame_format="png"):
    """The static fallback: an embedded JavaScript player of ``n_frames`` frames that needs
    no network (``offline_player``), looping, in the language in use (``player_in_language``).

    ``update(k)`` moves the figure's artists to frame k; each frame is then printed at the
    figure's dpi by a ``FrameCanvas`` (the figure's own after ``freeze_background``, else
    one for this call only): a palette PNG of at most ``colors`` colours (about a quarter
    of the bytes of full colour; None keeps full colour), or a JPEG with
    ``frame_format="jpeg"``. Each frame's data is one line (matplotlib breaks it every
    76 characters: in a notebook, a line of its JSON each).

    >>> from matplotlib.figure import Figure
    >>> page = animation_html(Figure(figsize=(1, 1), dpi=20), lambda k: None, 3)
    >>> page.count("data:image/png;base64"), "fa-" in page, "://" in page
    (3, False, False)
    >>> [len(frame.splitlines()) for frame in re.findall(r'"data:image/png;[^"]*"', page)]
    [1, 1, 1]
    """
    original = fig.canvas
    canvas = original if isinstance(original, FrameCanvas) else FrameCanvas(fig)
    canvas.colors = colors
    try:
        animation = FuncAnimation(fig, lambda k: update(k), frames=n_frames,
                                  interval=interval_ms, blit=False)
        with rc_context({"animation.frame_format": frame_format}):
            html = animation.to_jshtml(default_mode="loop", embed_frames=True)
    finally:
        canvas.colors = None
        fig.set_canvas(original)
    html = _FRAME_DATA.sub(lambda match: match.group(1) + match.group(2).replace("\\\n", ""),
                           html)
    return player_in_language(still_first_frame(offline_player(html)))[0]


def freeze_background(fig, moving):
    """Keep everything in ``fig`` except the ``moving`` artists as one background picture:
    the figure gets a ``FrameCanvas``, which draws the figure without them once (for each
    size and dpi it prints at) and then, for each frame, puts the picture back and draws
    only the moving artists instead of axes, ticks and text.
    """
    FrameCanvas(fig, moving)


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
