"""Chapter 2 widget: the box-inertia explorer reacts to its sliders (no browser needed)."""

import numpy as np
import sympy as sp

from robocourse.inertia import Box, inertia_by_integration, parallel_axis, rotate_inertia
from robocourse.widgets.inertia import (
    BoxInertiaDrawing,
    box_edges,
    box_tensor,
    frame_rotation,
    inertia_animation,
    inertia_widget,
    tensor_html,
)


def test_box_tensor_at_the_corner_is_the_syllabus_closed_form():
    w, l, h, m = 0.6, 0.4, 0.2, 2.0
    t = box_tensor(w, l, h, mass=m)
    expected = np.array([[m * (l**2 + h**2) / 3, -m * w * l / 4, -m * h * w / 4],
                         [-m * w * l / 4, m * (w**2 + h**2) / 3, -m * h * l / 4],
                         [-m * h * w / 4, -m * h * l / 4, m * (l**2 + w**2) / 3]])
    assert np.allclose(t.I_A, expected)
    assert np.allclose(t.I_c, np.diag([m * (l**2 + h**2), m * (w**2 + h**2),
                                       m * (l**2 + w**2)]) / 12)


def test_box_tensor_in_a_turned_and_moved_frame_matches_the_symbolic_integral():
    w, l, h, m = 0.7, 0.5, 0.3, 1.5
    position, R = np.array([0.2, -0.4, 0.9]), frame_rotation(20, -35, 110)
    t = box_tensor(w, l, h, position, R, m)
    # the same frame, given in the box's centre frame {C}, integrated by sympy
    by_integral = inertia_by_integration(Box(w, l, h), m, origin=position - [w / 2, l / 2, h / 2],
                                         axes=R)
    assert np.allclose(t.I_A, by_integral)
    assert np.isclose(np.trace(t.I_A), np.trace(parallel_axis(t.I_c, m, t.centre - position)))
    # principal axes: diagonalise, and the drawn axes (in {0}) are R times those in {A}
    assert np.allclose(rotate_inertia(t.I_A, (R.T @ t.axes_A).T), np.diag(t.moments_A))
    assert np.allclose(sorted(np.linalg.eigvalsh(t.I_c)), t.moments_c)


def test_cube_corner_principal_moments():
    t = box_tensor(1.0, 1.0, 1.0, mass=12.0)
    assert np.allclose(t.moments_A, [2.0, 11.0, 11.0])             # 12 (1/6, 11/12, 11/12)
    assert np.allclose(np.abs(t.axes_A[:, 0]), np.ones(3) / np.sqrt(3))   # body diagonal


def test_box_edges_are_the_twelve_edges():
    points = box_edges(1.0, 2.0, 3.0)
    segments = points.reshape(12, 3, 3)
    lengths = sorted(np.linalg.norm(s[1] - s[0]) for s in segments)
    assert lengths == [1.0] * 4 + [2.0] * 4 + [3.0] * 4
    assert np.isnan(segments[:, 2]).all()


def test_widget_sliders_change_the_drawing_the_numbers_and_the_image():
    box = inertia_widget()
    drawing, live, table = box.drawing, box.live, box.table
    frame_before = np.array(drawing.frame[0].get_data_3d())
    edges_before = np.array(drawing.edges.get_data_3d())
    html_before, png_before = table.value, bytes(live.image.value)
    assert png_before[1:4] == b"PNG"
    assert "Ixx" in html_before

    box.sliders["yaw"].value = 60.0
    box.sliders["x"].value = 1.0
    frame_after = np.array(drawing.frame[0].get_data_3d())
    assert not np.allclose(frame_before, frame_after)
    assert np.allclose(frame_after[:, 0], [1.0, 0.0, 0.0])          # X_A starts at the origin
    assert np.allclose(frame_after[:, 1] - frame_after[:, 0],
                       drawing.frame_length * frame_rotation(yaw=60)[:, 0])
    assert table.value != html_before
    assert bytes(live.image.value) != png_before

    t = box.state()
    assert t.position.tolist() == [1.0, 0.0, 0.0]
    assert tensor_html(t) == table.value                             # the table shows the state

    centre_axes_before = drawing.principal_centre_data()
    png_before = bytes(live.image.value)
    box.sliders["w"].value = 1.8
    edges_after = np.array(drawing.edges.get_data_3d())
    assert np.nanmax(edges_after[0]) == 1.8 and np.nanmax(edges_before[0]) != 1.8
    assert not np.allclose(centre_axes_before, drawing.principal_centre_data())
    assert bytes(live.image.value) != png_before


def test_drawing_principal_axis_lengths_follow_the_moments():
    from matplotlib.figure import Figure
    ax = Figure().add_subplot(projection="3d")
    t = box_tensor(1.2, 0.8, 0.4)
    drawing = BoxInertiaDrawing(ax, t, scale=0.5)
    ends = drawing.principal_centre_data()
    half_lengths = np.linalg.norm(ends[:, 1] - ends[:, 0], axis=1) / 2
    assert np.allclose(half_lengths, 0.5 * t.moments_c / t.moments_c.max())
    assert np.allclose(ends.mean(axis=1), t.centre)


def test_animation_is_an_embedded_player_with_the_frames():
    html = inertia_animation(n_frames=3, dpi=30)
    assert html.count("data:image/png;base64") == 3


def test_centre_tensor_function_is_the_library_integral():
    m, w, l, h = sp.symbols("m w l h", positive=True)
    symbolic = inertia_by_integration(Box(w, l, h), m)
    numeric = box_tensor(0.3, 0.5, 0.7, R=np.eye(3), mass=2.0).I_c
    assert np.allclose(numeric, np.array(symbolic.subs({m: 2.0, w: 0.3, l: 0.5, h: 0.7}),
                                         dtype=float))
