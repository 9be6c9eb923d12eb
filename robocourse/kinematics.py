"""Forward kinematics and the Jacobian, the latter computed two independent ways.

* ``jacobian_by_differentiation``: differentiate the forward kinematics. For joint j,
  ``∂(0_T_k)/∂q_j = 0_T_j Q_j j_T_k`` with ``Q`` the derivative of a rotation about
  (revolute) or a translation along (prismatic) ``Z_j``; the result is in {0}.
* ``jacobian_by_propagation``: propagate link velocities outward, link to link
  (Craig eqs. 5.45 and 5.47), once per joint with that joint's rate set to one;
  the result is in the frame of the point's own link (or the tool frame).

A Jacobian here is 6 x n: rows ``[v; ω]`` (linear velocity of the point, angular
velocity of its link), one column per joint. A task that uses only some of the six
velocities (a planar arm: ``vx, vy``) selects those ``rows``; the resulting square
Jacobian gives the singularities (``det J = 0``, rank loss), the manipulability and
the joint rates for a task velocity, ``q̇ = J⁻¹ ẋ``.

The module ends with the closed-form inverse kinematics of the planar 2R arm.
"""

import math
import numbers

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse.frames import rotation, skew, translation


def link_frames(robot, q):
    """``[0_T_1, …, 0_T_n, 0_T_tool]``: every link frame and the tool frame in {0}.

    >>> from robocourse.models import planar_2r
    >>> link_frames(planar_2r(l1=1.0, l2=1.0), [0.0, 0.0])[-1][:2, 3]
    array([2., 0.])
    """
    symbolic = robot.uses_symbols(q, dynamics=False)
    q = robot.joint_vector(q, "q", symbolic)
    T = B.identity(4, symbolic)
    frames = []
    for link, q_i in zip(robot.links, q, strict=True):
        T = T @ link.transform(q_i)
        frames.append(T)
    frames.append(T @ B.convert(robot.tool, symbolic))
    return frames


def forward_kinematics(robot, q):
    """``0_T_tool``: the pose of the tool frame in the base frame.

    >>> from robocourse.models import planar_2r
    >>> t1, t2 = sp.symbols('theta1 theta2')
    >>> sp.trigsimp(forward_kinematics(planar_2r(), [t1, t2])[:2, 3])
    Matrix([
    [l1*cos(theta1) + l2*cos(theta1 + theta2)],
    [l1*sin(theta1) + l2*sin(theta1 + theta2)]])
    """
    return link_frames(robot, q)[-1]


def _point_frame(robot, frames, link):
    """``0_T`` of the frame the point is written in: link ``link`` or, for None, the tool."""
    return frames[-1] if link is None else frames[_link_index(robot, link) - 1]


def jacobian_by_differentiation(robot, q, link=None, point=(0, 0, 0)):
    """The 6 x n Jacobian in {0} of ``point`` fixed in ``link`` (None: the tool frame).

    Column j is the derivative of the forward kinematics with respect to ``q_j``:
    linear part ``∂(0_p)/∂q_j = (0_T_j Q_j j_T_k) p``; angular part ``0_Z_j`` for a
    revolute joint (from ``∂R/∂q_j Rᵀ = [0_Z_j x]``) and zero for a prismatic one.
    Joints after the point's link give zero columns.

    >>> from robocourse.models import planar_2r
    >>> J = jacobian_by_differentiation(planar_2r(l1=0.5, l2=0.5), [0.0, np.pi / 2])
    >>> J[:2].round(12)
    array([[-0.5, -0.5],
           [ 0.5,  0. ]])
    """
    frames = link_frames(robot, q)
    symbolic = B.is_symbolic(frames[-1])
    T_k = _point_frame(robot, frames, link)
    last = robot.n if link is None else link
    p_in_0 = rotation(T_k) @ B.as_vector(point, 3, "point", symbolic) + translation(T_k)
    columns = []
    for j, joint in enumerate(robot.links, start=1):
        T_j = frames[j - 1]
        z_j, o_j = rotation(T_j)[:, 2], translation(T_j)
        if j > last:
            linear, angular = B.zeros(3, symbolic), B.zeros(3, symbolic)
        elif joint.is_revolute:        # 0_T_j Q_R j_T_k p = z_j x (p - o_j)
            linear, angular = skew(z_j) @ (p_in_0 - o_j), z_j
        else:                          # 0_T_j Q_P j_T_k p = z_j
            linear, angular = z_j, B.zeros(3, symbolic)
        columns.append(list(linear) + list(angular))
    return _columns_to_matrix(columns, symbolic)


def jacobian_by_propagation(robot, q, link=None, point=(0, 0, 0)):
    """The 6 x n Jacobian of ``point`` in ``link`` (None: tool frame), written in that frame.

    Outward velocity propagation, Craig eqs. 5.45 and 5.47, with the joint rates
    replaced by the n unit vectors (so all n columns travel together as 3 x n blocks):
    ``i+1_ω = i+1_R_i i_ω + θ̇_{i+1} Z``,
    ``i+1_v = i+1_R_i (i_v + i_ω x i_P_{i+1}) + ḋ_{i+1} Z``;
    finally ``v_point = v + ω x point``.

    >>> from robocourse.models import planar_2r
    >>> t2 = sp.Symbol('theta2')
    >>> jacobian_by_propagation(planar_2r(), [sp.Symbol('theta1'), t2])[:2, :]
    Matrix([
    [     l1*sin(theta2),  0],
    [l1*cos(theta2) + l2, l2]])
    """
    symbolic = robot.uses_symbols(q, dynamics=False)
    q = robot.joint_vector(q, "q", symbolic)
    n = robot.n
    omega = _zero_block(n, symbolic)
    v = _zero_block(n, symbolic)
    last = n if link is None else _link_index(robot, link)
    for i in range(last):
        T = robot.links[i].transform(q[i])
        R_back, P = rotation(T).T, translation(T)          # i+1_R_i and i_P_{i+1}
        v = R_back @ (v - skew(P) @ omega)                  # ω x P = -[P x] ω
        omega = R_back @ omega
        unit = omega if robot.links[i].is_revolute else v
        unit[2, i] = unit[2, i] + 1                         # joint i+1 along its own Z
    if link is None:
        tool = B.convert(robot.tool, symbolic)
        R_back, P = rotation(tool).T, translation(tool)
        v, omega = R_back @ (v - skew(P) @ omega), R_back @ omega
    v = v - skew(B.as_vector(point, 3, "point", symbolic)) @ omega
    return _stack(v, omega, symbolic)


def _link_index(robot, link):
    if (not isinstance(link, numbers.Integral) or isinstance(link, bool)
            or not 1 <= link <= robot.n):
        raise ValueError(f"link must be an integer from 1 to {robot.n} (or None for the tool "
                         f"frame); got {link!r}")
    return link


def _zero_block(n, symbolic):
    return sp.zeros(3, n) if symbolic else np.zeros((3, n))


def _stack(top, bottom, symbolic):
    return top.col_join(bottom) if symbolic else np.vstack([top, bottom])


def _columns_to_matrix(columns, symbolic):
    return B.matrix(columns, symbolic).T


def rotate_jacobian(J, R):
    """Re-express a 6 x n Jacobian in another frame: ``[[R, 0], [0, R]] J``.

    With ``R = 0_R_N`` this turns the tool-frame ``N_J`` into the base-frame ``0_J``
    (Craig eq. 5.101); with ``R = 0_R_Nᵀ``, the other way.
    """
    symbolic = B.is_symbolic(J, R)
    R = B.as_matrix(R, (3, 3), "R", symbolic)
    if symbolic:
        J = sp.Matrix(J)
        return (R @ J[:3, :]).col_join(R @ J[3:, :])
    J = np.asarray(J, dtype=float)
    if J.ndim != 2 or J.shape[0] != 6:
        raise ValueError(f"J must be a 6 x n Jacobian; got shape {J.shape}")
    return np.vstack([R @ J[:3], R @ J[3:]])


def jacobian(robot, q, frame="base"):
    """The tool-point Jacobian in the base frame {0} (``frame="base"``) or in the tool
    frame (``frame="tool"``): differentiation for {0}, propagation for the tool.

    >>> from robocourse.models import planar_2r
    >>> jacobian(planar_2r(l1=1.0, l2=1.0), [0.0, 0.0], frame="tool")[:2]
    array([[0., 0.],
           [2., 1.]])
    """
    if frame == "base":
        return jacobian_by_differentiation(robot, q)
    if frame == "tool":
        return jacobian_by_propagation(robot, q)
    raise ValueError(f"frame must be 'base' or 'tool'; got {frame!r}")
