"""A live figure: a matplotlib ``Figure`` shown as a PNG in an ``ipywidgets.Image`` and
re-rendered, by blitting, each time a control moves.

Rendering straight to PNG avoids the notebook's matplotlib backend: a redraw is artist
``set_data`` → Agg render of the moving artists over a saved background → PNG bytes,
one message to the browser.
"""

import struct
import zlib

import ipywidgets as widgets
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg


def _chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def png_bytes(rgba):
    """The PNG of an RGBA pixel array (H x W x 4), without its alpha channel (an opaque
    figure): every row with the PNG filter "Up" (its difference from the row above), then
    zlib at level 1. Lossless, and about half the time of an encoder that tries every
    filter on every row, for about the same bytes. The RGB pixels are copied out of the
    RGBA buffer once, contiguously, so the filter runs over whole rows: 1.2 ms for the
    statics figure (518 x 244 pixels, 15.7 kB), against 2.1 ms filtering the strided view.

    >>> import io, PIL.Image
    >>> pixels = np.zeros((3, 2, 4), dtype=np.uint8); pixels[1, 0, :3] = (10, 20, 250)
    >>> decoded = PIL.Image.open(io.BytesIO(png_bytes(pixels)))
    >>> decoded.mode, np.array_equal(np.asarray(decoded), pixels[..., :3])
    ('RGB', True)
    """
    rgb = np.ascontiguousarray(np.asarray(rgba)[..., :3])
    height, width, _ = rgb.shape
    pixels = rgb.reshape(height, 3 * width)
    rows = np.empty((height, 1 + 3 * width), dtype=np.uint8)
    rows[:, 0] = 2                                   # filter type 2, "Up"
    rows[0, 1:] = pixels[0]
    np.subtract(pixels[1:], pixels[:-1], out=rows[1:, 1:])   # modulo 256, as PNG defines it
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)    # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(rows, 1)) + _chunk(b"IEND", b""))


class LiveFigure:
    """A ``Figure`` in an ``ipywidgets.Image`` that redraws only its ``moving`` artists.

    ``refresh(full=True)`` renders everything else once and keeps it as the background
    (call it after changing anything that is not in ``moving``: curves, limits);
    ``refresh()`` restores the background, draws the moving artists on it and shows the
    PNG (``png_bytes``) — several times faster than a full render, which
    spends most of its time laying out tick labels. The axes limits must stay fixed
    between full refreshes. The image has the figure's size in pixels at ``dpi``.

    >>> from matplotlib.figure import Figure
    >>> fig = Figure(figsize=(2, 2)); ax = fig.add_subplot()
    >>> (line,) = ax.plot([0, 1], [0, 1])
    >>> live = LiveFigure(fig, [line], dpi=40)
    >>> before = bytes(live.image.value); line.set_data([0, 1], [1, 0]); live.refresh()
    >>> bytes(live.image.value) != before, bytes(live.image.value[1:4]), live.image.width
    (True, b'PNG', '80')
    """

    def __init__(self, fig, moving, dpi=72):
        fig.set_dpi(dpi)
        self.fig, self.dpi = fig, dpi
        self.canvas, self.background = FigureCanvasAgg(fig), None
        self.moving = sorted(moving, key=lambda artist: artist.get_zorder())
        for artist in self.moving:
            artist.set_animated(True)         # left out of full renders, drawn on top
        width, height = (int(round(x)) for x in fig.bbox.size)
        self.image = widgets.Image(format="png", width=str(width), height=str(height))
        self.refresh(full=True)

    def refresh(self, full=False):
        """Draw the moving artists over the background and show the result."""
        if full or self.background is None:
            self.canvas.draw()
            self.background = self.canvas.copy_from_bbox(self.fig.bbox)
        self.canvas.restore_region(self.background)
        for artist in self.moving:
            self.fig.draw_artist(artist)
        self.image.value = png_bytes(self.canvas.buffer_rgba())
