"""Chapter 2 still figures: the box drawing with a legend that names every line it draws."""

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_rgba

from robocourse.widgets.inertia import FRAME_COLOURS, PRINCIPAL_COLOURS, box_tensor
from robocourse.widgets.inertia_figures import box_figure, legend_entries


def test_the_legend_names_the_frame_the_principal_axes_and_the_line_styles():
    handles, labels = legend_entries()
    assert labels[:3] == ["$X_A$", "$Y_A$", "$Z_A$"]
    assert [to_rgba(h.get_color()) for h in handles[:6]] == [
        to_rgba(c) for c in (*FRAME_COLOURS, *PRINCIPAL_COLOURS)]
    assert [h.get_linestyle() for h in handles[-2:]] == ["-", "--"]
    assert "body diagonal" not in labels and "body diagonal" in legend_entries(True)[1]


def test_the_figure_has_its_legend_beside_the_axes_not_over_them():
    fig = box_figure(box_tensor(0.6, 0.4, 0.2, mass=2.0), "box", room=(-0.3, 0.7))
    (legend,) = fig.legends
    renderer = FigureCanvasAgg(fig).get_renderer()
    box_axes = fig.axes[0].get_window_extent(renderer)
    box_legend = legend.get_window_extent(renderer)
    assert box_legend.x0 >= box_axes.x1 - 1                  # entirely to the right
    assert [t.get_text() for t in legend.get_texts()] == legend_entries()[1]


def test_the_body_diagonal_runs_corner_to_corner():
    fig = box_figure(box_tensor(0.1, 0.1, 0.1, mass=1.0), "cube", room=(-0.06, 0.14),
                     body_diagonal=True)
    dotted = [line for line in fig.axes[0].get_lines() if line.get_linestyle() == ":"]
    (diagonal,) = dotted
    ends = np.array(diagonal.get_data_3d()).T
    np.testing.assert_allclose(ends, [[0, 0, 0], [0.1, 0.1, 0.1]])
