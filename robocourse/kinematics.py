"""Forward kinematics and the Jacobian, the latter computed two independent ways.

* ``jacobian_by_cross_products``: each column from its joint's axis in {0}: for a
  revolute joint j ``[z_j × (p − o_j); z_j]``, for a prismatic one ``[z_j; 0]``, with
  ``z_j`` and ``o_j`` the axis and origin of frame {j}. It is what differentiating the
  forward kinematics gives (``∂(0_T_k)/∂q_j = 0_T_j Q_j j_T_k``, with ``Q`` the
  derivative of a rotation about, or a translation along, ``Z_j``); the result is in {0}.
* ``jacobian_by_propagation``: propagate link velocities outward, link to link
  (Craig eqs. 5.45 and 5.47), once per joint with that joint's rate set to one;
  the result is in the frame of the point's own link (or the tool frame).

A Jacobian here is 6 x n: rows ``[v; ω]`` (linear velocity of the point, angular
velocity of its link), one column per joint. ``jacobian`` is the one for the tool:
always computed by cross products, then written in the axes that ``frame`` names —
``"base"`` ({0}, the default) or ``"tool"`` (the tool frame) — the same ``frame``
meaning and default as the loads of ``statics`` and ``newton_euler``. A task that
uses only some of the six velocities (a planar arm: ``vx, vy``) selects those
``rows``; the resulting square Jacobian gives the singularities (``det J = 0``, rank
loss), the manipulability and the joint rates for a task velocity, ``q̇ = J⁻¹ ẋ``.

Differentiating ``ẋ = J q̇`` once more gives the tip acceleration ``ẍ = J q̈ + J̇ q̇``:
``jacobian_derivative`` is ``J̇`` (the cross products differentiated in time) and
``joint_accelerations`` solves ``J q̈ = ẍ − J̇ q̇``.

The module ends with the closed-form inverse kinematics of the planar 2R arm and
forward kinematics vectorised over many configurations (``link_frames_many``,
``centres_of_mass_many``), for drawing a whole motion at once.
"""

import math
import numbers

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.frames import cross_unchecked as cross
from robocourse.frames import dh_transform_unchecked as dh_transform
from robocourse.frames import rotation_unchecked as rotation
from robocourse.frames import skew_unchecked as skew
from robocourse.frames import translation_unchecked as translation
from robocourse.language import phrase, say
from robocourse.notation import tidy_unchecked as tidy


@check.arguments(robot=check.Robot(), q=check.Joints())
def link_frames(robot, q):
    """``[0_T_1, …, 0_T_n, 0_T_tool]``: every link frame and the tool frame in {0}.

    >>> from robocourse.models import planar_2r
    >>> link_frames(planar_2r(l1=1.0, l2=1.0), [0.0, 0.0])[-1][:2, 3]
    array([2., 0.])
    """
    return link_frames_unchecked(robot, q, B.scalars_of(q))


def link_frames_unchecked(robot, q, scalars):
    """``link_frames`` for a joint vector ``q`` already checked by the gate, of the kind
    ``scalars``: the kernel of ``link_frames``, for library code (``lagrange``,
    ``newton_euler``, ``statics``), whose messages then name what the user passed."""
    T = scalars.identity(4)
    frames = []
    for link, q_i in zip(robot.links, q, strict=True):
        T = T @ link.transform_unchecked(q_i)
        frames.append(T)
    frames.append(T @ scalars.convert(robot.tool))
    return frames


@check.arguments(robot=check.Robot(), q=check.Joints())
def forward_kinematics(robot, q):
    """``0_T_tool``: the pose of the tool frame in the base frame.

    >>> from robocourse.models import planar_2r
    >>> t1, t2 = sp.symbols('theta1 theta2')
    >>> sp.trigsimp(forward_kinematics(planar_2r(), [t1, t2])[:2, 3])
    Matrix([
    [l1*cos(theta1) + l2*cos(theta1 + theta2)],
    [l1*sin(theta1) + l2*sin(theta1 + theta2)]])
    """
    return link_frames_unchecked(robot, q, B.scalars_of(q))[-1]


@check.arguments(robot=check.Robot(), q=check.Joints(),
                 link=check.LinkNumber(none=phrase("the tool frame",
                                                   "errors")), point=check.Vector(3, "x, y, z"))
def jacobian_by_cross_products(robot, q, link=None, point=(0, 0, 0)):
    """The 6 x n Jacobian in {0} of ``point`` fixed in ``link`` (None: the tool frame).

    Column j is worked out in joint j's own frame {j}, where its axis is ``Z`` and the
    point is at ``j_p``: a revolute joint moves the point by ``Z × j_p`` and turns it
    about ``Z``; a prismatic one moves it along ``Z``. Rotated into {0} by ``0_R_j``, the
    column is ``[0_R_j (Z × j_p); 0_R_j Z]`` — the familiar ``[z_j × (p − o_j); z_j]`` —
    or ``[0_R_j Z; 0]``. It is the derivative of the forward kinematics:
    ``∂(0_p)/∂q_j = (0_T_j Q_j j_T_k) p`` and ``∂R/∂q_j Rᵀ = [z_j ×]``. Joints after the
    point's link give zero columns.

    >>> from robocourse.models import planar_2r
    >>> J = jacobian_by_cross_products(planar_2r(l1=0.5, l2=0.5), [0.0, np.pi / 2])
    >>> J[:2].round(12)
    array([[-0.5, -0.5],
           [ 0.5,  0. ]])
    """
    return jacobian_unchecked(robot, q, link, point, "base", B.scalars_of(q))


def jacobian_unchecked(robot, q, link, point, frame, scalars):
    """The columns ``[R_j (Z × j_p); R_j Z]`` (prismatic: ``[R_j Z; 0]``) for checked inputs,
    ``R_j`` the rotation from {j} into {0} (``frame="base"``) or into the frame of the
    point's link (``"tool"``: the tool frame for the tool point): the kernel of
    ``jacobian`` and ``jacobian_by_cross_products``, for library code."""
    last = robot.n if link is None else link
    inward = scalars.convert(robot.tool) if link is None else scalars.identity(4)
    base = link_frames_unchecked(robot, q, scalars) if frame == "base" else None
    columns = [[0] * 6 for _ in range(robot.n)]                 # joints past the point: 0
    for j in range(last, 0, -1):                                # inward is j_T_(point's frame)
        p = rotation(inward) @ point + translation(inward)      # the point in {j}
        R = rotation(base[j - 1]) if frame == "base" else rotation(inward).T
        if robot.links[j - 1].is_revolute:                      # Z × p = [-p_y, p_x, 0]
            columns[j - 1] = [*(R @ scalars.vector([-p[1], p[0], 0])), *R[:, 2]]
        else:
            columns[j - 1] = [*R[:, 2], 0, 0, 0]
        inward = robot.links[j - 1].transform_unchecked(q[j - 1]) @ inward
    return scalars.matrix(columns).T


@check.arguments(robot=check.Robot(), q=check.Joints(),
                 link=check.LinkNumber(none=phrase("the tool frame",
                                                   "errors")), point=check.Vector(3, "x, y, z"))
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
    scalars, n = B.scalars_of(q), robot.n
    omega = scalars.zero_matrix(3, n)
    v = scalars.zero_matrix(3, n)
    for i in range(n if link is None else link):
        T = robot.links[i].transform_unchecked(q[i])
        R_back, P = rotation(T).T, translation(T)          # i+1_R_i and i_P_{i+1}
        v = R_back @ (v - skew(P) @ omega)                  # ω x P = -[P x] ω
        omega = R_back @ omega
        unit = omega if robot.links[i].is_revolute else v
        unit[2, i] = unit[2, i] + 1                         # joint i+1 along its own Z
    if link is None:
        tool = scalars.convert(robot.tool)
        R_back, P = rotation(tool).T, translation(tool)
        v, omega = R_back @ (v - skew(P) @ omega), R_back @ omega
    v = v - skew(point) @ omega
    return scalars.stack(v, omega)


@check.arguments(robot=check.Robot(), q=check.Joints())
def jacobian_by_differential_transforms(robot, q):
    """The 6 x n Jacobian of the tool, written in the tool frame, by Paul's differential
    transforms (Paul 1981, ch. 4): column j from ``j_T_tool = [n o a p]`` alone.

    A small rotation ``δ`` about ``Z_j`` moves the tool frame by the differential
    transform ``Δ = [[δ×], Z×p δ]`` written in {j}; seen from the tool frame it is
    ``d = [(p × n)_z, (p × o)_z, (p × a)_z]``, ``δ = [n_z, o_z, a_z]`` per unit angle, so
    for a revolute joint column j is
    ``[−n_x p_y + n_y p_x, −o_x p_y + o_y p_x, −a_x p_y + a_y p_x, n_z, o_z, a_z]``; a
    prismatic joint moves the tool by ``d = [n_z, o_z, a_z]`` and turns it by nothing.
    (Modified DH: joint j turns about Z_j, so the transform is ``j_T_tool``; in Paul's
    classic frames it is ``j-1_T_6``.) The same Jacobian as ``jacobian(…, frame="tool")``
    and ``jacobian_by_propagation``.

    The PUMA 560's column 3 (joint 3, from ``3_T_6``) and column 6 (``6_T_6 = I``):

    >>> from robocourse.models import puma560
    >>> J = jacobian_by_differential_transforms(puma560(symbolic_lengths=True),
    ...                                         sp.symbols('theta1:7'))
    >>> J[2, 2], J[:, 5].T
    (a3*cos(theta5) + d4*sin(theta5)*cos(theta4), Matrix([[0, 0, 0, 0, 0, 1]]))
    """
    scalars = B.scalars_of(q)
    inward = scalars.convert(robot.tool)                        # j_T_tool, j = n, …, 1
    columns = [None] * robot.n
    for j in range(robot.n, 0, -1):
        n, o, a, p = (inward[:3, k] for k in range(4))
        if robot.links[j - 1].is_revolute:
            columns[j - 1] = [*(-axis[0] * p[1] + axis[1] * p[0] for axis in (n, o, a)),
                              n[2], o[2], a[2]]
        else:
            columns[j - 1] = [n[2], o[2], a[2], 0, 0, 0]
        inward = robot.links[j - 1].transform_unchecked(q[j - 1]) @ inward
    J = scalars.matrix(columns).T
    return tidy(J) if scalars.exact else J


@check.arguments(J=check.Matrix(6, None, what=phrase("6 x n Jacobian (rows [v; ω])", "errors")),
                 R=check.Rotation())
def rotate_jacobian(J, R):
    """Re-express a 6 x n Jacobian in another frame: ``[[R, 0], [0, R]] J``.

    With ``R = 0_R_N`` this turns the tool-frame ``N_J`` into the base-frame ``0_J``
    (Craig eq. 5.101); with ``R = 0_R_Nᵀ``, the other way.
    """
    return B.scalars_of(J).stack(R @ J[:3, :], R @ J[3:, :])


@check.arguments(robot=check.Robot(), q=check.Joints(), frame=check.Frame())
def jacobian(robot, q, frame="base"):
    """The Jacobian of the tool point, by the cross products of ``jacobian_by_cross_products``,
    written in {0} (``frame="base"``) or in the tool frame (``frame="tool"``).

    The frame only chooses the rotation that turns each column out of joint j's frame:
    ``0_R_j`` or ``tool_R_j``; so ``tool_J = [[R, 0], [0, R]] 0_J`` with ``R = 0_R_toolᵀ``.

    >>> from robocourse.models import planar_2r
    >>> jacobian(planar_2r(l1=1.0, l2=1.0), [0.0, 0.0], frame="tool")[:2]
    array([[0., 0.],
           [2., 1.]])
    """
    scalars = B.scalars_of(q)
    return jacobian_unchecked(robot, q, None, scalars.zeros(3), frame, scalars)


@check.arguments(robot=check.Robot(), q=check.Joints(), qd=check.Joints(), frame=check.Frame())
def jacobian_derivative(robot, q, qd, frame="base"):
    """``J̇``, the rate of change of the tool Jacobian while the joints move at ``qd``.

    Differentiating ``ẋ = J q̇`` in time gives the tip acceleration
    ``ẍ = J q̈ + J̇ q̇``: ``J̇ q̇`` is what the tip accelerates with when the joint rates are
    held constant (``q̈ = 0``), the centripetal and Coriolis accelerations of the tool.

    Column j of ``0_J`` is ``[z_j × r_j; z_j]`` for a revolute joint (``z_j`` the axis
    of joint j, ``r_j = p − o_j`` from the origin of {j} to the tool point) and
    ``[z_j; 0]`` for a prismatic one (``jacobian_by_cross_products``). In {0} the axis
    turns with its link, ``ż_j = ω_j × z_j`` with ``ω_j = Σ_{k ≤ j, revolute} z_k q̇_k``,
    and the lever grows by the motion of the joints after j,
    ``ṙ_j = ω_j × r_j + Σ_{k > j} J_v,k q̇_k``; so column j of ``J̇`` is

    * revolute:  ``[ż_j × r_j + z_j × ṙ_j; ż_j]``,
    * prismatic: ``[ż_j; 0]``.

    The derivative is taken in {0} and written in {0} (``frame="base"``) or in the tool
    frame (``frame="tool"``: ``[[R, 0], [0, R]] 0_J̇`` with ``R = tool_R_0``), so that
    ``ẍ = J q̈ + J̇ q̇`` holds in either frame with Craig's accelerations (the ``i_v̇_i`` of
    Newton–Euler's outward recursion: differentiated in {0}, written in {i}). It is not
    ``d(tool_J)/dt``, the derivative of the tool-frame matrix, which also turns with the
    tool axes: ``d(tool_J)/dt = tool_J̇ − [[ω×, 0], [0, ω×]] tool_J``, ``ω`` the tool's
    angular velocity in its own axes.

    Chapter 0, §0.8: the 2R arm of Example 0.5 (tip along +X0 at 1 m/s, ``q̇ = (0, −2)``
    rad/s) accelerates at 2 m/s² towards the elbow when the rates are held:

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=0.5, l2=0.5)
    >>> J_dot = jacobian_derivative(arm, np.radians([30, 60]), [0.0, -2.0])
    >>> (J_dot @ [0.0, -2.0])[:2].round(12) + 0.0
    array([ 0., -2.])
    """
    scalars = B.scalars_of(q)
    frames = link_frames_unchecked(robot, q, scalars)
    J = jacobian_unchecked(robot, q, None, scalars.zeros(3), "base", scalars)
    p = translation(frames[-1])
    omega, omegas = scalars.zeros(3), []
    for j, link in enumerate(robot.links):                      # ω_j of every link, in {0}
        if link.is_revolute:
            omega = omega + rotation(frames[j])[:, 2] * qd[j]
        omegas.append(omega)
    columns = [None] * robot.n
    outer = scalars.zeros(3)                                    # Σ_{k > j} J_v,k q̇_k
    for j in reversed(range(robot.n)):
        z = rotation(frames[j])[:, 2]
        z_dot = cross(omegas[j], z)
        if robot.links[j].is_revolute:
            r = p - translation(frames[j])
            r_dot = cross(omegas[j], r) + outer
            columns[j] = [*(cross(z_dot, r) + cross(z, r_dot)), *z_dot]
        else:
            columns[j] = [*z_dot, 0, 0, 0]
        outer = outer + J[:3, j] * qd[j]
    J_dot = scalars.matrix(columns).T
    if frame == "tool":
        R = rotation(frames[-1]).T                              # tool_R_0
        J_dot = scalars.stack(R @ J_dot[:3, :], R @ J_dot[3:, :])
    return J_dot


_jacobian_derivative = jacobian_derivative.__wrapped__


class SingularConfigurationError(ValueError):
    """The Jacobian has no inverse at this configuration: ``det J = 0``.

    There the columns of J are dependent, so the tip cannot move in some direction
    and that task velocity would need infinite joint rates (the planar 2R arm is
    singular at ``θ2 = 0`` or ``π``: stretched out or folded back).
    """


def _rows(value, name, call):
    """The rule of ``rows``: None (all six) or distinct row numbers 0..5 (``_row_indices``),
    kept as given (a message shows them so)."""
    _row_indices(value)
    return value


#: The arguments of the functions of the rows of the tool Jacobian.
_ROWS = dict(robot=check.Robot(), q=check.Joints(),
             rows=check.Argument(_rows, "rows", decides_kind=False), frame=check.Frame())
#: A task vector: one entry per selected row of a square J, as many as the robot has joints.
_TASK = check.Vector(lambda given: given["robot"].n, phrase("one per row of J", "errors"))
_METHOD = check.Choice("inverse", "solve")


@check.arguments(**_ROWS)
def jacobian_rows(robot, q, rows=None, frame="base"):
    """The rows of the tool Jacobian that a task uses: ``J[rows, :]`` of ``jacobian``.

    Rows are numbered 0..5 for ``[vx, vy, vz, ωx, ωy, ωz]`` in {0} (``frame="base"``)
    or in the tool frame (``frame="tool"``); ``rows=None`` keeps all six. The planar
    2R arm uses ``rows=(0, 1)``, its 2 x 2 Jacobian (chapter 0, §0.4).

    >>> from robocourse.models import planar_2r
    >>> t1, t2 = sp.symbols('theta1 theta2')
    >>> sp.trigsimp(jacobian_rows(planar_2r(), [t1, t2], rows=(0, 1)))
    Matrix([
    [-l1*sin(theta1) - l2*sin(theta1 + theta2), -l2*sin(theta1 + theta2)],
    [ l1*cos(theta1) + l2*cos(theta1 + theta2),  l2*cos(theta1 + theta2)]])
    """
    scalars = B.scalars_of(q)
    return jacobian_unchecked(robot, q, None, scalars.zeros(3), frame, scalars)[
        _row_indices(rows), :]


_jacobian_rows = jacobian_rows.__wrapped__


def _row_indices(rows):
    if rows is None:
        return list(range(6))
    if isinstance(rows, (str, bytes)) or not hasattr(rows, "__iter__"):
        raise TypeError(say("rows must be a sequence of row numbers 0..5 of [vx, vy, vz, ωx, "
                            "ωy, ωz]; got {rows}", "errors", rows=repr(rows)))
    indices = list(rows)
    valid = all(isinstance(k, numbers.Integral) and not isinstance(k, bool) and 0 <= k <= 5
                for k in indices)
    if not indices or not valid or len(set(indices)) != len(indices):
        raise ValueError(say("rows must be distinct row numbers 0..5 of [vx, vy, vz, ωx, ωy, "
                             "ωz]; got {rows}", "errors", rows=repr(rows)))
    return indices


def _square(J, rows):
    """``J`` itself, after checking that the selected rows make it square."""
    m, n = J.shape
    if m != n:
        chosen = say("all six", "errors") if rows is None else f"rows={rows!r}"
        raise ValueError(say("rows must select {n} rows (one per joint) so that J is square; "
                             "got {m} ({chosen})", "errors", n=n, m=m, chosen=chosen))
    return J


def _det(M):
    return M.det() if isinstance(M, sp.MatrixBase) else float(np.linalg.det(M))


def _rank(J, tol):
    """The rank of J: after simplification for symbols; for numbers, the count of singular
    values above ``tol`` times the largest one, or than 1 (m/rad or rad/rad) if that is
    larger: a J of round-off alone (the out-of-plane row of a planar arm whose tool is
    tilted by a float rotation, about 1e-16) has rank 0, as its exact twin.

    >>> _rank(np.array([[1.1e-16, 6.1e-17]]), 1e-9), _rank(np.array([[1e-3, 0.0]]), 1e-9)
    (0, 1)
    """
    if isinstance(J, sp.MatrixBase):
        return J.rank(simplify=True)
    singular_values = np.linalg.svd(J, compute_uv=False)
    return int(np.sum(singular_values > tol * max(singular_values.max(initial=0.0), 1.0)))


@check.arguments(**_ROWS)
def jacobian_determinant(robot, q, rows=None, frame="base"):
    """``det J`` of the square Jacobian made of ``rows``; it is zero exactly at a singularity.

    For the planar 2R arm ``det J = l1 l2 s2`` (chapter 0, §0.4).

    >>> from robocourse.models import planar_2r
    >>> t1, t2 = sp.symbols('theta1 theta2')
    >>> sp.simplify(jacobian_determinant(planar_2r(), [t1, t2], rows=(0, 1)))
    l1*l2*sin(theta2)
    """
    return _det(_square(_jacobian_rows(robot, q, rows, frame), rows))


@check.arguments(**_ROWS, tol=check.Tolerance())
def is_singular(robot, q, rows=None, frame="base", tol=check.ROUND_OFF):
    """True when the Jacobian made of ``rows`` loses rank: ``rank J < min(rows, joints)``.

    Numbers: the rank counts the singular values above ``tol`` times the largest one (or
    than 1, if that is larger: a J of round-off alone has rank 0).
    Symbols: the rank after simplification, so the answer is True only when J is singular
    for every value of the symbols left (substitute the configuration, e.g. ``θ2 = 0``;
    the symbolic rank of a large Jacobian such as the PUMA's 6 x 6 is slow).

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=0.5, l2=0.5)
    >>> is_singular(arm, [0.3, 0.0], rows=(0, 1)), is_singular(arm, [0.3, 1.0], rows=(0, 1))
    (True, False)
    """
    J = _jacobian_rows(robot, q, rows, frame)
    return _rank(J, tol) < min(J.shape)


@check.arguments(**_ROWS)
def manipulability(robot, q, rows=None, frame="base"):
    """Yoshikawa's manipulability ``w = √det(J Jᵀ)`` of the Jacobian made of ``rows``.

    ``w`` is the product of the singular values of J (taken as ``√det(Jᵀ J)`` when J has
    more rows than columns), zero exactly at a singularity; for a square J it is ``|det J|``
    (computed so, which is exact for symbols and keeps numbers accurate near zero). For
    numbers and a J that is not square, ``w = |det R|`` of the QR factors of the tall one
    of ``J``, ``Jᵀ`` (``J Jᵀ = Rᵀ R``): forming ``J Jᵀ`` would square J's round-off, and
    its square root would leave ``w ≈ 1e-8`` at a singularity instead of ``1e-16``.
    For the planar 2R arm ``w = l1 l2 |s2|``, largest with the elbow at a right angle.

    >>> from robocourse.models import planar_2r
    >>> manipulability(planar_2r(l1=0.5, l2=0.5), [0.3, math.pi / 2], rows=(0, 1))
    0.25
    """
    J = _jacobian_rows(robot, q, rows, frame)
    m, n = J.shape
    if m == n:
        return abs(_det(J))
    tall = J.T if m < n else J
    if isinstance(J, sp.MatrixBase):
        return sp.sqrt(_det(tall.T @ tall))
    return float(abs(np.prod(np.diag(np.linalg.qr(tall, mode="r")))))


def _require_invertible(J, robot, q, tol):
    """``det J``, after checking that it is not zero; else SingularConfigurationError.

    Symbols: ``det J`` simplifies to zero. Numbers: a rounded ``det J`` is never exactly
    zero, so J counts as singular when it loses rank (``is_singular`` with ``tol``).
    """
    determinant = _det(J)
    if isinstance(J, sp.MatrixBase):
        determinant = sp.simplify(determinant)
        singular = determinant == 0
        shown = say("q = {q} is a singular configuration", "errors", q=list(sp.Matrix(q)))
    else:
        singular = _rank(J, tol) < J.shape[0]
        shown = _configuration_text(robot, np.asarray(q, dtype=float).ravel())
    if singular:
        raise SingularConfigurationError(say(
            "{shown}: det J = 0 (J has rank {rank} < {n}), so J has no inverse and some task "
            "velocities would need infinite joint rates (the planar 2R arm is singular at "
            "θ2 = 0 or π)", "errors", shown=shown, rank=_rank(J, tol), n=J.shape[0]))
    return determinant


def _configuration_text(robot, q):
    """``q = [0.523599, 0.0] is a singular configuration (θ1 = 30°, θ2 = 0°)``: the joint
    values rounded, and as the lecture writes them (angles in degrees, offsets in m)."""
    joints = ", ".join(f"θ{i} = {math.degrees(value):.6g}°" if link.is_revolute
                       else f"d{i} = {value:.6g} m"
                       for i, (link, value) in enumerate(zip(robot.links, q, strict=True), start=1))
    return say("q = {q} is a singular configuration ({joints})", "errors",
               q=[round(value, 6) + 0.0 for value in q.tolist()], joints=joints)


def _adjugate(J):
    """``adj J``, the transposed cofactors: ``adj(J)[j, i] = (−1)^(i+j) det(J without row i,
    column j)``."""
    n = J.shape[0]

    def minor(i, j):
        return J[[k for k in range(n) if k != i], :][:, [k for k in range(n) if k != j]]

    cofactors = [[(-1) ** (i + j) * _det(minor(i, j)) for j in range(n)] for i in range(n)]
    return B.exact_if(isinstance(J, sp.MatrixBase)).matrix(cofactors).T


def _inverse(J, robot, q, tol):
    return _adjugate(J) / _require_invertible(J, robot, q, tol)


@check.arguments(**_ROWS, tol=check.Tolerance())
def inverse_jacobian(robot, q, rows=None, frame="base", tol=check.ROUND_OFF):
    """``J⁻¹ = adj(J) / det J``: the closed-form inverse of the square Jacobian of ``rows``.

    ``adj J`` is the transposed matrix of cofactors. Raises SingularConfigurationError
    where ``det J = 0`` (see ``jacobian_determinant``). For the planar 2R arm
    ``J⁻¹ = 1/(l1 l2 s2) [[l2 c12, l2 s12], [−l1 c1 − l2 c12, −l1 s1 − l2 s12]]``.

    >>> from robocourse.models import planar_2r
    >>> t1, t2 = sp.symbols('theta1 theta2')
    >>> sp.trigsimp(inverse_jacobian(planar_2r(), [t1, t2], rows=(0, 1))[0, :])
    Matrix([[cos(theta1 + theta2)/(l1*sin(theta2)), sin(theta1 + theta2)/(l1*sin(theta2))]])
    >>> inverse_jacobian(planar_2r(l1=0.5, l2=0.5), [0.3, 0.0], rows=(0, 1))
    Traceback (most recent call last):
    ...
    robocourse.kinematics.SingularConfigurationError: q = [0.3, 0.0] is a singular configuration...
    """
    return _inverse(_square(_jacobian_rows(robot, q, rows, frame), rows), robot, q, tol)


@check.arguments(robot=check.Robot(), q=check.Joints(), velocity=_TASK, rows=_ROWS["rows"],
                 frame=check.Frame(), method=_METHOD, tol=check.Tolerance())
def joint_rates(robot, q, velocity, rows=None, frame="base", method="solve",
                tol=check.ROUND_OFF):
    """The joint rates ``q̇`` that give the task velocity ``ẋ = J q̇`` (J square, of ``rows``).

    ``method="inverse"``: ``q̇ = J⁻¹ ẋ`` with the closed-form inverse (``inverse_jacobian``);
    ``method="solve"``: solve the linear system ``J q̇ = ẋ`` by elimination, no inverse.
    ``velocity`` holds the selected rows of ``[v; ω]``, in {0} (``frame="base"``) or in
    the tool frame. Raises SingularConfigurationError where ``det J = 0``.

    Chapter 0, §0.5: the tip moves along +X0 at 1 m/s, l1 = l2 = 0.5 m, θ1 = 30°, θ2 = 60°.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=0.5, l2=0.5)
    >>> joint_rates(arm, np.radians([30, 60]), [1.0, 0.0], rows=(0, 1)).round(12) + 0.0
    array([ 0., -2.])
    """
    J = _square(_jacobian_rows(robot, q, rows, frame), rows)
    return _solve(J, velocity, robot, q, method, tol)


def _solve(J, rhs, robot, q, method, tol):
    """``J⁻¹ rhs`` by the closed-form inverse (``method="inverse"``) or by elimination
    (``"solve"``); SingularConfigurationError where ``det J = 0``."""
    if method == "inverse":
        return _inverse(J, robot, q, tol) @ rhs
    _require_invertible(J, robot, q, tol)
    return J.LUsolve(rhs) if isinstance(J, sp.MatrixBase) else np.linalg.solve(J, rhs)


@check.arguments(robot=check.Robot(), q=check.Joints(), qd=check.Joints(), acceleration=_TASK,
                 rows=_ROWS["rows"], frame=check.Frame(), method=_METHOD,
                 tol=check.Tolerance())
def joint_accelerations(robot, q, qd, acceleration, rows=None, frame="base", method="solve",
                        tol=check.ROUND_OFF):
    """The joint accelerations ``q̈`` that give the task acceleration ``ẍ`` at ``(q, q̇)``.

    From ``ẍ = J q̈ + J̇ q̇`` (J square, of ``rows``; ``J̇`` of ``jacobian_derivative``):
    ``q̈ = J⁻¹ (ẍ − J̇ q̇)``. Even ``ẍ = 0`` — the tip moving on a straight line at
    constant speed — needs ``q̈ = −J⁻¹ J̇ q̇ ≠ 0`` in general. ``acceleration`` holds the
    selected rows of ``[v̇; ω̇]``, in {0} (``frame="base"``) or in the tool frame;
    ``method`` as in ``joint_rates``. Raises SingularConfigurationError where ``det J = 0``.

    Chapter 0, §0.8: keep the tip of Example 0.5 moving along +X0 at 1 m/s (``ẍ = 0``).

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=0.5, l2=0.5)
    >>> joint_accelerations(arm, np.radians([30, 60]), [0.0, -2.0], [0.0, 0.0], rows=(0, 1))
    array([ 4.61880215, -6.92820323])
    """
    J = _square(_jacobian_rows(robot, q, rows, frame), rows)
    J_dot = _jacobian_derivative(robot, q, qd, frame)[_row_indices(rows), :]
    return _solve(J, acceleration - J_dot @ qd, robot, q, method, tol)


@check.arguments(robot=check.Robot(), x=check.Number(), y=check.Number(),
                 elbow=check.Choice("up", "down"))
def inverse_kinematics_2r(robot, x, y, elbow="down"):
    """The joint angles ``[θ1, θ2]`` that put the tip of the planar 2R arm ``robot`` at ``(x, y)``.

    ``robot`` is built like ``models.planar_2r()`` (its lengths ``l1 = a1`` and ``l2``,
    the tool offset along X2, are read from it). Law of cosines:
    ``c2 = (x² + y² − l1² − l2²) / (2 l1 l2)``, ``s2 = ±√(1 − c2²)``,
    ``θ2 = atan2(s2, c2)``, ``θ1 = atan2(y, x) − atan2(l2 s2, l1 + l2 c2)``. The sign picks
    the branch: ``elbow="down"`` takes ``s2 ≥ 0`` (the elbow on the clockwise side of the
    line from the base to the target), ``elbow="up"`` takes ``s2 ≤ 0``. Reachable targets
    lie in the annulus ``|l1 − l2| ≤ √(x² + y²) ≤ l1 + l2``; a numeric target outside it
    raises ValueError.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0)
    >>> inverse_kinematics_2r(arm, 1.0, 1.0, elbow="down") / math.pi   # θ2 = +90°
    array([0. , 0.5])
    >>> inverse_kinematics_2r(arm, 1.0, 1.0, elbow="up") / math.pi     # θ2 = −90°
    array([ 0.5, -0.5])
    >>> x, y = sp.symbols('x y')
    >>> theta1, theta2 = inverse_kinematics_2r(planar_2r(), x, y)
    >>> sp.cos(theta2)
    (-l1**2 - l2**2 + x**2 + y**2)/(2*l1*l2)
    """
    l1, l2 = _planar_2r_lengths(robot)
    for length, name in ((l1, "l1"), (l2, "l2")):
        check.Number("m", at_least=">0").of(length, say("link length {name}", "errors",
                                                         name=name))
    scalars = B.scalars_of(x, y, l1, l2)
    distance = B.sqrt(x**2 + y**2) if scalars.exact else math.hypot(x, y)
    if scalars.exact or distance <= 2 * (l1 + l2):
        c2 = (x**2 + y**2 - l1**2 - l2**2) / (2 * l1 * l2)
    else:                               # far out of reach (c2 > 7), where x² may overflow
        c2 = math.inf
    if sp.sympify(c2).is_number and abs(c2) > 1 + check.ROUND_OFF:
        raise ValueError(say(
            "target (x, y) = ({x}, {y}) is out of reach: its distance {distance} from the base "
            "must lie in the annulus |l1 - l2| = {inner} <= √(x² + y²) <= l1 + l2 = {outer}",
            "errors", x=x, y=y, distance=distance, inner=abs(l1 - l2), outer=l1 + l2))
    if not scalars.exact:
        c2 = min(1.0, max(-1.0, c2))           # a target on the boundary, up to round-off
    s2 = (1 if elbow == "down" else -1) * B.sqrt(1 - c2**2)
    theta2 = B.atan2(s2, c2)
    theta1 = B.atan2(y, x) - B.atan2(l2 * s2, l1 + l2 * c2)
    return scalars.vector([theta1, theta2])


def _planar_2r_lengths(robot):
    """``(l1, l2)`` of a chain built like ``models.planar_2r()``; else ValueError."""
    links, tool = robot.links, robot.tool
    same_shape = (robot.n == 2
                  and all(link.is_revolute and link.alpha == 0 and link.d == 0
                          and link.theta == 0 for link in links)
                  and links[0].a == 0
                  and all(tool[i, j] == (1 if i == j else 0) for i in range(3) for j in range(3))
                  and tool[1, 3] == 0 and tool[2, 3] == 0)
    if not same_shape:
        raise ValueError(say("robot must be built like models.planar_2r() (two revolute "
                             "joints about parallel Z axes, a0 = 0, no offsets, the tool l2 "
                             "along X2); got {robot}", "errors", robot=repr(robot)))
    return links[1].a, tool[0, 3]


def _numeric(robot, dynamics=False):
    """``robot`` after checking that its parameters are numbers (its link frames; also its
    mass properties for ``dynamics``): the vectorised forward kinematics needs them."""
    if robot.uses_symbols(dynamics=dynamics):
        raise TypeError(say("the vectorised forward kinematics needs numbers: give the robot "
                            "numeric parameters (e.g. planar_2r(l1=0.5, l2=0.5)), or call "
                            "link_frames one configuration at a time", "errors"))
    return robot


def _screws_about_z(theta, d):
    """``RotZ(θ) TransZ(d)`` for arrays ``θ, d`` of N values: an (N, 4, 4) array."""
    screws = np.zeros((len(theta), 4, 4))
    c, s = np.cos(theta), np.sin(theta)
    screws[:, 0, 0], screws[:, 0, 1], screws[:, 1, 0], screws[:, 1, 1] = c, -s, s, c
    screws[:, 2, 2] = screws[:, 3, 3] = 1.0
    screws[:, 2, 3] = d
    return screws


@check.arguments(robot=check.Robot(), q=check.States())
def link_frames_many(robot, q):
    """``link_frames`` of N configurations at once: an (N, n + 1, 4, 4) array whose row k
    holds ``0_T_1, …, 0_T_n, 0_T_tool`` at the configuration ``q[k]``.

    Numbers only, vectorised over the rows of ``q`` (N x n). Each link transform is
    split as in its definition, ``i-1_T_i = [RotX(α) TransX(a)] [RotZ(θ) TransZ(d)]``:
    the first factor is fixed, the second carries the joint variable (``θ`` of a
    revolute joint, ``d`` of a prismatic one) and is built for all N rows together.

    >>> from robocourse.models import planar_2r
    >>> frames = link_frames_many(planar_2r(l1=1.0, l2=1.0), [[0.0, 0.0], [np.pi / 2, 0.0]])
    >>> frames.shape, frames[:, -1, :2, 3].round(12) + 0.0       # the tips
    ((2, 3, 4, 4), array([[2., 0.],
           [0., 2.]]))
    """
    return _frames_many(_numeric(robot), q)


def _frames_many(robot, q):
    """``link_frames_many`` for checked configurations ``q`` (N, n)."""
    T = np.broadcast_to(np.eye(4), (len(q), 4, 4))
    frames = []
    for link, q_i in zip(robot.links, q.T, strict=True):
        fixed = dh_transform(float(link.alpha), float(link.a), 0.0, 0.0)
        theta = float(link.theta) + (q_i if link.is_revolute else 0.0)
        d = float(link.d) + (0.0 if link.is_revolute else q_i)
        T = T @ fixed @ _screws_about_z(np.broadcast_to(theta, len(q)), d)
        frames.append(T)
    frames.append(T @ np.asarray(robot.tool, dtype=float))
    return np.stack(frames, axis=1)


@check.arguments(robot=check.Robot(dynamics=True), q=check.States())
def centres_of_mass_many(robot, q):
    """The centres of mass ``0_P_Ci = 0_R_i i_P_Ci + 0_P_i`` of links 1…n in {0} at N
    configurations: an (N, n, 3) array (numbers only; see ``link_frames_many``).

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=0.5, m1=1.0, m2=1.0, g=9.81)
    >>> centres_of_mass_many(arm, [[0.0, np.pi / 2]]).round(12) + 0.0   # m1 at the elbow
    array([[[1. , 0. , 0. ],
            [1. , 0.5, 0. ]]])
    """
    frames = _frames_many(_numeric(robot, dynamics=True), q)[:, :-1]
    r_c = np.array([np.asarray(link.r_c, dtype=float) for link in robot.links])   # (n, 3)
    return np.einsum("knij,nj->kni", frames[..., :3, :3], r_c) + frames[..., :3, 3]
