"""Chapter 3, §3.5 figure: the spatial arm with its payload, and its torques by part."""

import numpy as np

from robocourse.frames import rot_x
from robocourse.kinematics import forward_kinematics
from robocourse.models import spatial_3r
from robocourse.newton_euler import torque_parts
from robocourse.widgets.spatial_arm import payload_edges, spatial_arm_figure

ARM = spatial_3r(l2=0.4, l3=0.3, masses=(5.0, 3.0, 1.5), com_distances=(0.2, 0.15),
                 inertias=[np.diag([0.02, 0.03, 0.04])] * 3, g=9.81)
Q = np.radians([20.0, -45.0, 120.0])


def test_payload_edges_are_the_box_carried_by_the_tool_frame():
    size, centre, turn = (0.05, 0.4, 0.8), np.array([0.05, 0.0, 0.0]), rot_x(0.5)
    edges = payload_edges(ARM, Q, size, centre=centre, axes=turn)
    T = forward_kinematics(ARM, Q)
    corners = edges[~np.isnan(edges[:, 0])]
    in_tool = (corners - T[:3, 3]) @ T[:3, :3]                 # back into the tool frame
    in_box = (in_tool - centre) @ turn                          # and into the box's own axes
    np.testing.assert_allclose(np.abs(in_box), np.broadcast_to(np.array(size) / 2, in_box.shape),
                               atol=1e-12)
    np.testing.assert_allclose(corners.mean(axis=0), T[:3, :3] @ centre + T[:3, 3], atol=1e-12)


def test_the_bars_are_the_parts():
    parts = torque_parts(ARM, Q, [3.0, 0.0, 2.0], [0.0, 0.0, 0.0])
    fig = spatial_arm_figure(ARM, Q, parts, payload_edges(ARM, Q, (0.1, 0.1, 0.1)), title="t")
    _, ax_all, ax_motion = fig.axes
    heights = [bar.get_height() for bar in ax_motion.patches]
    np.testing.assert_allclose(heights, np.concatenate([parts.newton, parts.euler,
                                                        parts.gyroscopic]))
    assert len(ax_all.patches) == 3 * 4                         # no tool load: four parts
    assert fig.legends and fig.texts[0].get_text() == "t"
