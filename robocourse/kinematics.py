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

The module ends with the closed-form inverse kinematics of the planar 2R arm and
forward kinematics vectorised over many configurations (``link_frames_many``,
``centres_of_mass_many``), for drawing a whole motion at once.
"""

import math
import numbers

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse.frames import as_rotation, dh_transform, rotation, skew, translation


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
    R = as_rotation(R, "R", symbolic)
    J = _as_jacobian(J, symbolic)
    return _stack(R @ J[:3, :], R @ J[3:, :], symbolic)


def _as_jacobian(J, symbolic):
    """Check that ``J`` is a 6 x n matrix of numbers or expressions; return it."""
    if isinstance(J, (str, bytes)) or J is None:
        raise TypeError(f"J must be a 6 x n Jacobian; got {J!r}")
    shape = J.shape if isinstance(J, sp.MatrixBase) else np.shape(np.asarray(J, dtype=object))
    if len(shape) != 2 or shape[0] != 6:
        raise ValueError(f"J must be a 6 x n Jacobian (rows [v; ω]); got shape {shape}")
    return B.as_matrix(J, shape, "J", symbolic)


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


class SingularConfigurationError(ValueError):
    """The Jacobian has no inverse at this configuration: ``det J = 0``.

    There the columns of J are dependent, so the tip cannot move in some direction
    and that task velocity would need infinite joint rates (the planar 2R arm is
    singular at ``θ2 = 0`` or ``π``: stretched out or folded back).
    """


def jacobian_rows(robot, q, rows=None, frame="base"):
    """The rows of the tool Jacobian that a task uses: ``J[rows, :]`` of ``jacobian``.

    Rows are numbered 0..5 for ``[vx, vy, vz, ωx, ωy, ωz]`` in {0} (``frame="base"``)
    or in the tool frame (``frame="tool"``); ``rows=None`` keeps all six. The planar
    2R arm uses ``rows=(0, 1)``, its 2 x 2 Jacobian (lecture 0.4).

    >>> from robocourse.models import planar_2r
    >>> t1, t2 = sp.symbols('theta1 theta2')
    >>> sp.trigsimp(jacobian_rows(planar_2r(), [t1, t2], rows=(0, 1)))
    Matrix([
    [-l1*sin(theta1) - l2*sin(theta1 + theta2), -l2*sin(theta1 + theta2)],
    [ l1*cos(theta1) + l2*cos(theta1 + theta2),  l2*cos(theta1 + theta2)]])
    """
    return jacobian(robot, q, frame)[_row_indices(rows), :]


def _row_indices(rows):
    if rows is None:
        return list(range(6))
    if isinstance(rows, (str, bytes)) or not hasattr(rows, "__iter__"):
        raise TypeError(f"rows must be a sequence of row numbers 0..5 of [vx, vy, vz, ωx, ωy, "
                        f"ωz]; got {rows!r}")
    indices = list(rows)
    valid = all(isinstance(k, numbers.Integral) and not isinstance(k, bool) and 0 <= k <= 5
                for k in indices)
    if not indices or not valid or len(set(indices)) != len(indices):
        raise ValueError("rows must be distinct row numbers 0..5 of [vx, vy, vz, ωx, ωy, ωz]; "
                         f"got {rows!r}")
    return indices


def _square(J, rows):
    """``J`` itself, after checking that the selected rows make it square."""
    m, n = J.shape
    if m != n:
        chosen = "all six" if rows is None else f"rows={rows!r}"
        raise ValueError(f"rows must select {n} rows (one per joint) so that J is square; "
                         f"got {m} ({chosen})")
    return J


def _det(M):
    return M.det() if isinstance(M, sp.MatrixBase) else float(np.linalg.det(M))


def _rank(J, tol):
    """The rank of J: after simplification for symbols; for numbers, the count of singular
    values above ``tol`` times the largest one."""
    if isinstance(J, sp.MatrixBase):
        return J.rank(simplify=True)
    if not 0 <= B.scalar(tol, "tol") < 1:
        raise ValueError(f"tol must be a relative tolerance, 0 <= tol < 1; got {tol!r}")
    return int(np.linalg.matrix_rank(J, rtol=tol))


def jacobian_determinant(robot, q, rows=None, frame="base"):
    """``det J`` of the square Jacobian made of ``rows``; it is zero exactly at a singularity.

    For the planar 2R arm ``det J = l1 l2 s2`` (lecture 0.4).

    >>> from robocourse.models import planar_2r
    >>> t1, t2 = sp.symbols('theta1 theta2')
    >>> sp.simplify(jacobian_determinant(planar_2r(), [t1, t2], rows=(0, 1)))
    l1*l2*sin(theta2)
    """
    return _det(_square(jacobian_rows(robot, q, rows, frame), rows))


def is_singular(robot, q, rows=None, frame="base", tol=1e-9):
    """True when the Jacobian made of ``rows`` loses rank: ``rank J < min(rows, joints)``.

    Numbers: the rank counts the singular values above ``tol`` times the largest one.
    Symbols: the rank after simplification, so the answer is True only when J is singular
    for every value of the symbols left (substitute the configuration, e.g. ``θ2 = 0``;
    the symbolic rank of a large Jacobian such as the PUMA's 6 x 6 is slow).

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=0.5, l2=0.5)
    >>> is_singular(arm, [0.3, 0.0], rows=(0, 1)), is_singular(arm, [0.3, 1.0], rows=(0, 1))
    (True, False)
    """
    J = jacobian_rows(robot, q, rows, frame)
    return _rank(J, tol) < min(J.shape)


def manipulability(robot, q, rows=None, frame="base"):
    """Yoshikawa's manipulability ``w = √det(J Jᵀ)`` of the Jacobian made of ``rows``.

    ``w`` is the product of the singular values of J (taken as ``√det(Jᵀ J)`` when J has
    more rows than columns), zero exactly at a singularity; for a square J it is ``|det J|``
    (computed so, which is exact for symbols and keeps numbers accurate near zero).
    For the planar 2R arm ``w = l1 l2 |s2|``, largest with the elbow at a right angle.

    >>> from robocourse.models import planar_2r
    >>> manipulability(planar_2r(l1=0.5, l2=0.5), [0.3, math.pi / 2], rows=(0, 1))
    0.25
    """
    J = jacobian_rows(robot, q, rows, frame)
    m, n = J.shape
    if m == n:
        return abs(_det(J))
    determinant = _det(J @ J.T if m < n else J.T @ J)
    if isinstance(J, sp.MatrixBase):
        return sp.sqrt(determinant)
    return math.sqrt(max(determinant, 0.0))      # round-off can make a zero slightly negative


def _require_invertible(J, q, tol):
    """``det J``, after checking that it is not zero; else SingularConfigurationError.

    Symbols: ``det J`` simplifies to zero. Numbers: a rounded ``det J`` is never exactly
    zero, so J counts as singular when it loses rank (``is_singular`` with ``tol``).
    """
    determinant = _det(J)
    if isinstance(J, sp.MatrixBase):
        determinant = sp.simplify(determinant)
        singular = determinant == 0
        shown = list(sp.Matrix(q))
    else:
        singular = _rank(J, tol) < J.shape[0]
        shown = np.asarray(q, dtype=float).ravel().tolist()
    if singular:
        raise SingularConfigurationError(
            f"q = {shown} is a singular configuration: det J = 0 (J has rank "
            f"{_rank(J, tol)} < {J.shape[0]}), so J has no inverse and some task velocities "
            "would need infinite joint rates (the planar 2R arm is singular at θ2 = 0 or π)")
    return determinant


def _adjugate(J):
    """``adj J``, the transposed cofactors: ``adj(J)[j, i] = (−1)^(i+j) det(J without row i,
    column j)``."""
    n = J.shape[0]

    def minor(i, j):
        return J[[k for k in range(n) if k != i], :][:, [k for k in range(n) if k != j]]

    cofactors = [[(-1) ** (i + j) * _det(minor(i, j)) for j in range(n)] for i in range(n)]
    return B.matrix(cofactors, isinstance(J, sp.MatrixBase)).T


def _inverse(J, q, tol):
    return _adjugate(J) / _require_invertible(J, q, tol)


def inverse_jacobian(robot, q, rows=None, frame="base", tol=1e-9):
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
    return _inverse(_square(jacobian_rows(robot, q, rows, frame), rows), q, tol)


def joint_rates(robot, q, velocity, rows=None, frame="base", method="solve", tol=1e-9):
    """The joint rates ``q̇`` that give the task velocity ``ẋ = J q̇`` (J square, of ``rows``).

    ``method="inverse"``: ``q̇ = J⁻¹ ẋ`` with the closed-form inverse (``inverse_jacobian``);
    ``method="solve"``: solve the linear system ``J q̇ = ẋ`` by elimination, no inverse.
    ``velocity`` holds the selected rows of ``[v; ω]``, in {0} (``frame="base"``) or in
    the tool frame. Raises SingularConfigurationError where ``det J = 0``.

    Lecture example 0.5: the tip moves along +X0 at 1 m/s, l1 = l2 = 0.5 m, θ1 = 30°, θ2 = 60°.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=0.5, l2=0.5)
    >>> joint_rates(arm, np.radians([30, 60]), [1.0, 0.0], rows=(0, 1)).round(12) + 0.0
    array([ 0., -2.])
    """
    if method not in ("inverse", "solve"):
        raise ValueError(f"method must be 'inverse' or 'solve'; got {method!r}")
    J = _square(jacobian_rows(robot, q, rows, frame), rows)
    symbolic = B.is_symbolic(J, velocity)
    J = B.convert(J, symbolic)
    xdot = B.as_vector(velocity, J.shape[0], "velocity", symbolic)
    if method == "inverse":
        return _inverse(J, q, tol) @ xdot
    _require_invertible(J, q, tol)
    return J.LUsolve(xdot) if symbolic else np.linalg.solve(J, xdot)


def inverse_kinematics_2r(x, y, l1, l2, elbow="down"):
    """The joint angles ``[θ1, θ2]`` that put the tip of the planar 2R arm at ``(x, y)``.

    Law of cosines: ``c2 = (x² + y² − l1² − l2²) / (2 l1 l2)``, ``s2 = ±√(1 − c2²)``,
    ``θ2 = atan2(s2, c2)``, ``θ1 = atan2(y, x) − atan2(l2 s2, l1 + l2 c2)``. The sign picks
    the branch: ``elbow="down"`` takes ``s2 ≥ 0`` (the elbow on the clockwise side of the
    line from the base to the target), ``elbow="up"`` takes ``s2 ≤ 0``. Reachable targets
    lie in the annulus ``|l1 − l2| ≤ √(x² + y²) ≤ l1 + l2``; a numeric target outside it
    raises ValueError.

    >>> inverse_kinematics_2r(1.0, 1.0, 1.0, 1.0, elbow="down") / math.pi   # θ2 = +90°
    array([0. , 0.5])
    >>> inverse_kinematics_2r(1.0, 1.0, 1.0, 1.0, elbow="up") / math.pi     # θ2 = −90°
    array([ 0.5, -0.5])
    >>> x, y, l1, l2 = sp.symbols('x y l1 l2')
    >>> theta1, theta2 = inverse_kinematics_2r(x, y, l1, l2)
    >>> sp.cos(theta2)
    (-l1**2 - l2**2 + x**2 + y**2)/(2*l1*l2)
    """
    x, y, l1, l2 = (B.scalar(v, name) for v, name in ((x, "x"), (y, "y"), (l1, "l1"), (l2, "l2")))
    if elbow not in ("up", "down"):
        raise ValueError(f"elbow must be 'up' or 'down'; got {elbow!r}")
    for length, name in ((l1, "l1"), (l2, "l2")):
        if sp.sympify(length).is_nonpositive:
            raise ValueError(f"link length {name} must be > 0; got {length}")
    symbolic = B.is_symbolic(x, y, l1, l2)
    c2 = (x**2 + y**2 - l1**2 - l2**2) / (2 * l1 * l2)
    if sp.sympify(c2).is_number and abs(c2) > 1 + 1e-12:
        raise ValueError(
            f"target (x, y) = ({x}, {y}) is out of reach: its distance {B.sqrt(x**2 + y**2)} "
            f"from the base must lie in the annulus |l1 - l2| = {abs(l1 - l2)} <= √(x² + y²) "
            f"<= l1 + l2 = {l1 + l2}")
    if not symbolic:
        c2 = min(1.0, max(-1.0, c2))           # a target on the boundary, up to round-off
    s2 = (1 if elbow == "down" else -1) * B.sqrt(1 - c2**2)
    theta2 = B.atan2(s2, c2)
    theta1 = B.atan2(y, x) - B.atan2(l2 * s2, l1 + l2 * c2)
    return B.vector([theta1, theta2], symbolic)


def _configurations(robot, q):
    """``q`` as an (N, n) float array of N configurations of a numeric ``robot``."""
    if robot.uses_symbols(dynamics=False):
        raise TypeError("the vectorised forward kinematics needs numbers: give the robot "
                        "numeric DH parameters (e.g. planar_2r(l1=0.5, l2=0.5))")
    try:
        q = np.asarray(q, dtype=float)
    except (TypeError, ValueError) as error:
        raise TypeError(f"q must be an (N, {robot.n}) array of numbers, one configuration "
                        f"per row; got {q!r}") from error
    if q.ndim != 2 or q.shape[1] != robot.n:
        raise ValueError(f"q must be an (N, {robot.n}) array, one configuration per row; "
                         f"got shape {q.shape}")
    return q


def _screws_about_z(theta, d):
    """``RotZ(θ) TransZ(d)`` for arrays ``θ, d`` of N values: an (N, 4, 4) array."""
    screws = np.zeros((len(theta), 4, 4))
    c, s = np.cos(theta), np.sin(theta)
    screws[:, 0, 0], screws[:, 0, 1], screws[:, 1, 0], screws[:, 1, 1] = c, -s, s, c
    screws[:, 2, 2] = screws[:, 3, 3] = 1.0
    screws[:, 2, 3] = d
    return screws


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
    q = _configurations(robot, q)
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


def centres_of_mass_many(robot, q):
    """The centres of mass ``0_P_Ci = 0_R_i i_P_Ci + 0_P_i`` of links 1…n in {0} at N
    configurations: an (N, n, 3) array (numbers only; see ``link_frames_many``).

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=0.5, m1=1.0, m2=1.0, g=9.81)
    >>> centres_of_mass_many(arm, [[0.0, np.pi / 2]]).round(12) + 0.0   # m1 at the elbow
    array([[[1. , 0. , 0. ],
            [1. , 0.5, 0. ]]])
    """
    robot.require_mass_properties()
    frames = link_frames_many(robot, q)[:, :-1]
    r_c = np.array([np.asarray(link.r_c, dtype=float) for link in robot.links])   # (n, 3)
    return np.einsum("knij,nj->kni", frames[..., :3, :3], r_c) + frames[..., :3, 3]
