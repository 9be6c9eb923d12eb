"""Chapter 0 widget: the 2R velocity-ellipse explorer reacts to its sliders (no browser needed)."""

import math

import numpy as np

from robocourse.models import planar_2r
from robocourse.widgets.kinematics import (
    NEAR_SINGULAR,
    arm_velocity,
    arrow_points,
    kinematics_widget,
    readout_html,
    readout_text,
    singularity_animation,
    velocity_ellipse,
)

L1, L2 = 0.5, 0.3
ARM = planar_2r(l1=L1, l2=L2, m1=1.0, m2=1.0, g=9.81)


def closed_form_jacobian(t1, t2, l1=L1, l2=L2):
    s1, c1, s12, c12 = math.sin(t1), math.cos(t1), math.sin(t1 + t2), math.cos(t1 + t2)
    return np.array([[-l1 * s1 - l2 * s12, -l2 * s12], [l1 * c1 + l2 * c12, l2 * c12]])


def test_arm_velocity_is_the_syllabus_closed_form():
    q, qd = np.radians([40.0, -70.0]), np.array([0.7, -1.3])
    s = arm_velocity(ARM, q, qd)
    J = closed_form_jacobian(*q)
    assert np.allclose(s.J, J)
    assert np.allclose(s.velocity, J @ qd)
    assert math.isclose(s.det, L1 * L2 * math.sin(q[1]))            # det J = l1 l2 s2
    assert math.isclose(s.manipulability, abs(s.det))
    tip = [L1 * math.cos(q[0]) + L2 * math.cos(q.sum()),
           L1 * math.sin(q[0]) + L2 * math.sin(q.sum())]
    assert np.allclose(s.points, [[0, 0], [L1 * math.cos(q[0]), L1 * math.sin(q[0])], tip])
    assert not s.singular and s.warning == ""


def test_lecture_example_0_5_backwards():
    s = arm_velocity(planar_2r(l1=0.5, l2=0.5), np.radians([30.0, 60.0]), [0.0, -2.0])
    assert np.allclose(s.velocity, [1.0, 0.0])                      # tip along +X0 at 1 m/s


def test_singular_and_near_singular_configurations_warn():
    for theta2 in (0.0, math.pi, -math.pi):
        s = arm_velocity(ARM, [0.3, theta2], [1.0, 0.0])
        assert s.singular and "SINGULAR" in s.warning
        assert abs(s.det) < 1e-12
    near = arm_velocity(ARM, [0.3, 0.5 * NEAR_SINGULAR], [1.0, 0.0])
    assert not near.singular and "near a singularity" in near.warning
    assert "near a singularity" in readout_text(near) and "near a singularity" in readout_html(near)


def test_velocity_ellipse_is_the_image_of_the_unit_circle():
    J = closed_form_jacobian(0.4, 1.1)
    points = velocity_ellipse(J, 50)
    assert np.allclose(np.linalg.norm(np.linalg.solve(J, points.T), axis=0), 1.0)
    radii = np.linalg.norm(points, axis=1)
    sigma = np.linalg.svd(J, compute_uv=False)                      # semi-axes = singular values
    assert radii.max() <= sigma[0] + 1e-12 and radii.min() >= sigma[1] - 1e-12
    assert np.isclose(radii.max(), sigma[0], rtol=1e-2)
    # at a singularity the ellipse is a segment perpendicular to the stretched arm
    flat = velocity_ellipse(closed_form_jacobian(0.4, 0.0), 50)
    assert np.allclose(flat @ [math.cos(0.4), math.sin(0.4)], 0.0)


def test_arrow_points_start_at_the_tip_and_end_at_tip_plus_vector():
    points = arrow_points([1.0, 2.0], [0.5, -0.5])
    assert np.allclose(points[0], [1.0, 2.0]) and np.allclose(points[1], [1.5, 1.5])
    assert np.isnan(points[2]).all()
    assert arrow_points([1.0, 2.0], [0.0, 0.0]).shape == (2, 2)


def test_widget_sliders_change_the_drawing_the_numbers_and_the_image():
    box = kinematics_widget(l1=0.5, l2=0.5)
    drawing, live, readout = box.drawing, box.live, box.readout
    state = box.state()
    assert np.allclose(state.velocity, [1.0, 0.0])                  # defaults: example 0.5
    links_before = drawing.arm.frame_positions().copy()
    ellipse_before = np.array(drawing.ellipse.get_data()).copy()
    arrow_before = np.array(drawing.arrow.get_data()).copy()
    text_before, html_before = drawing.text.get_text(), readout.value
    png_before = bytes(live.image.value)
    assert png_before[1:4] == b"PNG"
    assert "det J" in text_before and "SINGULAR" not in text_before

    box.sliders["theta2"].value = 100.0
    assert not np.allclose(drawing.arm.frame_positions(), links_before)
    tip = drawing.arm.frame_positions()[-1]
    assert np.allclose(tip, box.state().points[-1])
    assert not np.allclose(np.array(drawing.ellipse.get_data()), ellipse_before)
    assert drawing.text.get_text() != text_before
    assert readout.value != html_before
    png_after = bytes(live.image.value)
    assert png_after != png_before

    arrow_mid = np.array(drawing.arrow.get_data())
    box.sliders["thetadot1"].value = 1.5                              # rates move only the arrow
    assert not np.allclose(np.array(drawing.arrow.get_data()), arrow_mid)
    assert not np.array_equal(arrow_before, np.array(drawing.arrow.get_data()))
    s = box.state()
    assert np.allclose(np.array(drawing.arrow.get_data())[:, 1] - tip, drawing.scale * s.velocity)
    assert bytes(live.image.value) != png_after

    marker_x, marker_y = drawing.marker.get_data()
    assert np.isclose(marker_x[0], 100.0) and np.isclose(marker_y[0], s.det)

    box.sliders["theta2"].value = 0.0                                 # stretched out: singular
    s = box.state()
    assert s.singular
    assert "SINGULAR" in drawing.text.get_text() and "SINGULAR" in readout.value
    assert drawing.text.get_color() == "tab:red"
    ellipse = np.array(drawing.ellipse.get_data()).T - s.points[-1]
    direction = [math.cos(math.radians(box.sliders["theta1"].value)),
                 math.sin(math.radians(box.sliders["theta1"].value))]
    assert np.allclose(ellipse @ direction, 0.0)                      # collapsed to a segment


def test_animation_fallback_is_an_embedded_player():
    page = singularity_animation(n_frames=5, dpi=30)
    assert "<script" in page and page.count("data:image/png;base64") == 5
