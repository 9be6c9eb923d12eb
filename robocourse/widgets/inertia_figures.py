"""Chapter 2 figures: a box, a frame {A} and the principal axes, drawn still, with a legend.

``box_figure`` draws one setting of the chapter's box (a ``widgets.inertia.BoxTensor``)
with the widget's ``BoxInertiaDrawing`` — the box edges, its centre of mass, the frame
{A} (X red, Y green, Z blue) and the principal axes, solid through the centre of mass
and dashed through the origin of {A}, coloured by moment (purple the smallest, orange
the middle, brown the largest; half lengths proportional to the moments) — and puts a
legend that says all this beside the 3D axes, where it covers nothing.
"""

import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import MaxNLocator

from robocourse.widgets.inertia import FRAME_COLOURS, PRINCIPAL_COLOURS, BoxInertiaDrawing

DIAGONAL_COLOUR = "tab:purple"


def legend_entries(body_diagonal=False):
    """``(handles, labels)`` of the legend of ``box_figure``: what every line of the
    drawing means.

    >>> handles, labels = legend_entries()
    >>> labels[:3], len(labels)
    (['$X_A$', '$Y_A$', '$Z_A$'], 8)
    """
    handles = [Line2D([], [], color=c, lw=2.5) for c in FRAME_COLOURS]
    labels = ["$X_A$", "$Y_A$", "$Z_A$"]
    for colour, which in zip(PRINCIPAL_COLOURS, ("smallest", "middle", "largest"), strict=True):
        handles.append(Line2D([], [], color=colour, lw=2))
        labels.append(f"principal axis, {which} moment")
    handles += [Line2D([], [], color="0.3", lw=2), Line2D([], [], color="0.3", lw=1.2, ls="--")]
    labels += ["solid: through the centre of mass C", "dashed: through the origin of {A}"]
    if body_diagonal:
        handles.append(Line2D([], [], color=DIAGONAL_COLOUR, lw=1.5, ls=":"))
        labels.append("body diagonal")
    return handles, labels


def box_figure(t, title, room, frame_length=0.2, scale=0.3, body_diagonal=False,
               figsize=(7.4, 4.2)):
    """A still ``Figure`` of the box setting ``t`` (a ``BoxTensor``): the 3D drawing on the
    left, the legend on the right; ``room = (low, high)`` is the drawn range of every axis
    (m). ``body_diagonal`` adds the diagonal from the corner at the origin of {0} to the
    opposite corner, dotted.

    >>> from robocourse.widgets.inertia import box_tensor
    >>> fig = box_figure(box_tensor(0.6, 0.4, 0.2, mass=2.0), "box", room=(-0.3, 0.7))
    >>> len(fig.legends), fig.axes[0].get_title()
    (1, 'box')
    """
    fig = Figure(figsize=figsize)
    ax = fig.add_axes((0.0, 0.0, 0.6, 0.95), projection="3d")
    ax.view_init(elev=22, azim=-55)
    BoxInertiaDrawing(ax, t, frame_length=frame_length, scale=scale, room=room)
    for axis in (ax.xaxis, ax.yaxis, ax.zaxis):
        axis.set_major_locator(MaxNLocator(4))
    centre = np.asarray(t.centre, dtype=float)
    ax.text(*(centre + [0.0, 0.0, 0.04 * (room[1] - room[0])]), "C", fontsize=9)
    if body_diagonal:
        far = 2 * centre
        ax.plot([0, far[0]], [0, far[1]], [0, far[2]], ":", color=DIAGONAL_COLOUR, lw=1.5)
    ax.set_title(title, fontsize=10)
    fig.legend(*legend_entries(body_diagonal), loc="center left", bbox_to_anchor=(0.6, 0.5),
               fontsize=8, frameon=False)
    return fig
