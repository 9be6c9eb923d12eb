"""The Lagrange–Euler (trace) form of the dynamics (chapter 4, §4.6; Paul 1981; Fu,
Gonzalez & Lee §3.2), in Craig's modified DH frames.

A point fixed in link i, ``r̄ = [x, y, z, 1]`` in {i}, is at ``0_T_i r̄`` in {0}. Its
velocity is ``Σ_j U_ij q̇_j r̄`` with the 4 x 4 matrices

* ``U_ij = ∂(0_T_i)/∂q_j = 0_T_j Q_j j_T_i`` for ``j <= i`` (0 for ``j > i``), where
  ``Q_j`` differentiates joint j's rotation about, or translation along, ``Z_j``
  (``∂(j-1_T_j)/∂q_j = j-1_T_j Q_j``);
* ``U_ijk = ∂U_ij/∂q_k = 0_T_a Q_a a_T_b Q_b b_T_i`` with ``a = min(j, k)``,
  ``b = max(j, k) <= i``.

The kinetic energy of link i is ``½ Σ_j Σ_k Tr(U_ij J_i U_ikᵀ) q̇_j q̇_k`` with the
pseudo-inertia matrix ``J_i = ∫ r̄ r̄ᵀ dm``; Lagrange's equations then give
``τ = D(q) q̈ + h(q, q̇) + c(q)`` with

* ``D_ik = Σ_{j >= max(i,k)} Tr(U_jk J_j U_jiᵀ)``  (the mass matrix),
* ``h_i = Σ_k Σ_m h_ikm q̇_k q̇_m``, ``h_ikm = Σ_{j >= max(i,k,m)} Tr(U_jkm J_j U_jiᵀ)``
  (Coriolis and centripetal torques, the vector ``C q̇``); ``h_ikm = h_imk`` (since
  ``U_jkm = U_jmk``) are the Christoffel symbols, so ``C_ik = Σ_m h_ikm q̇_m``,
* ``c_i = −Σ_{j >= i} m_j ḡᵀ U_ji r̄_j``, ``ḡ = [g; 0]`` (gravity; ``r̄_j`` is the COM).

Costly (it is the O(n⁴) method the recursive algorithms replaced) but a third,
independent derivation: no Jacobians, no velocity propagation, only transforms. It
gives the five verbs of every dynamics route (see ``newton_euler``), with the same
arguments; a ``wrench`` enters as ``Jᵀ F`` (``statics.joint_torques_by_jacobian``).
"""

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.inertia import parallel_axis_unchecked
from robocourse.language import phrase, say
from robocourse.robot import Link
from robocourse.statics import joint_torques_by_jacobian_unchecked


@check.arguments(_finite=False, link=check.Instance(Link))
def joint_derivative_matrix(link):
    """``Q_j``: the derivative of joint j's motion, ``∂(j-1_T_j)/∂q_j = j-1_T_j Q_j``, in
    the kind of the link's parameters (an ``sp.Matrix`` when any is a sympy expression).

    Revolute (rotation about Z): ``[[0, −1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]``;
    prismatic (translation along Z): a single 1 in row 3, column 4.

    >>> joint_derivative_matrix(Link(joint="P"))[2]
    array([0., 0., 0., 1.])
    >>> from robocourse.models import planar_2r
    >>> joint_derivative_matrix(planar_2r().links[0])
    Matrix([
    [0, -1, 0, 0],
    [1,  0, 0, 0],
    [0,  0, 0, 0],
    [0,  0, 0, 0]])
    """
    return _joint_derivative(link, B.scalars_of(link.parameters()))


def _joint_derivative(link, scalars):
    """``Q_j`` of a checked link, in the kind ``scalars``."""
    if link.is_revolute:
        rows = [[0, -1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    else:
        rows = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 0, 0]]
    return scalars.matrix(rows)


@check.arguments(link=check.Instance(Link))
def pseudo_inertia(link):
    """The pseudo-inertia matrix ``J = ∫ r̄ r̄ᵀ dm`` of a link, about its frame origin, in the
    kind of the link's parameters (an ``sp.Matrix`` when any is a sympy expression).

    With ``m``, the centre of mass ``r_c`` and the inertia tensor ``C_I`` of the link:
    ``∫ r rᵀ dm = ½ Tr(C_I) 1 − C_I + m r_c r_cᵀ`` (upper-left 3 x 3), ``m r_c``
    (last column and row) and ``m`` (corner). In the textbook's entries:
    ``J_11 = (−Ixx + Iyy + Izz)/2``, ``J_12 = ∫ x y dm``, ``J_14 = m x̄``, …

    A slender rod along X (chapter 4, §4.2: ``C_I = diag(0, I1, I1)``, COM at ``r1``):

    >>> from robocourse.models import planar_2r_distributed
    >>> pseudo_inertia(planar_2r_distributed().links[0])
    Matrix([
    [I1 + m1*r1**2, 0, 0, m1*r1],
    [            0, 0, 0,     0],
    [            0, 0, 0,     0],
    [        m1*r1, 0, 0,    m1]])
    """
    if not link.has_mass_properties:
        raise ValueError(say("pseudo_inertia needs the mass, r_c and I_c of the link; got "
                             "mass={mass}, r_c={r_c}, I_c={I_c}", "errors", mass=repr(link.mass),
                             r_c=repr(link.r_c), I_c=repr(link.I_c)))
    return _pseudo_inertia(link, B.scalars_of(link.parameters()))


def _pseudo_inertia(link, scalars):
    """The pseudo-inertia of a checked link with its mass properties, in the kind ``scalars``."""
    m, r_c = link.mass, scalars.convert(link.r_c)
    J = scalars.convert(parallel_axis_unchecked(link.I_c, m, link.r_c))   # about O_i
    return pseudo_inertia_unchecked(J, [m * r_c[k] for k in range(3)], m, scalars)


def pseudo_inertia_unchecked(J, first_moments, mass, scalars):
    """The pseudo-inertia ``[[½ tr(J) I3 − J, MS], [MSᵀ, M]]`` from the ten parameters of a
    link about its origin: the tensor ``J`` (3 x 3), the first moments ``MS = m r_c`` and
    the mass ``M``. With ``J = C_I + m (r_cᵀ r_c 1 − r_c r_cᵀ)``, the upper-left block is
    ``½ tr(C_I) 1 − C_I + m r_c r_cᵀ = ∫ r rᵀ dm``.

    The one implementation, unchecked (a kernel): ``pseudo_inertia`` calls it with a
    link's parameters, ``identification.pseudo_inertia`` with identified ones.
    """
    spread = (J[0, 0] + J[1, 1] + J[2, 2]) / 2 * scalars.identity(3) - J
    return scalars.matrix([[spread[r, c] for c in range(3)] + [first_moments[r]]
                           for r in range(3)] + [[*first_moments, mass]])


class _Derivatives:
    """The transforms of one configuration and their derivatives, frames numbered 0..n.

    ``T[a][b] = a_T_b`` (``a <= b``, built once by products of link transforms, no
    inverses); ``first(i, j) = U_ij``; ``second(i, j, k) = U_ijk``.
    """

    def __init__(self, robot, q, scalars):
        links = [link.transform_unchecked(q_i) for link, q_i in zip(robot.links, q, strict=True)]
        self.T = []
        for a in range(robot.n + 1):
            row = {a: scalars.identity(4)}
            for b in range(a + 1, robot.n + 1):
                row[b] = row[b - 1] @ links[b - 1]
            self.T.append(row)
        self.Q = [None] + [_joint_derivative(link, scalars) for link in robot.links]
        self.zero = 0 * self.T[0][0]

    def first(self, i, j):
        """``U_ij = 0_T_j Q_j j_T_i`` (zero when joint j is beyond link i)."""
        if j > i:
            return self.zero
        return self.T[0][j] @ self.Q[j] @ self.T[j][i]

    def second(self, i, j, k):
        """``U_ijk = 0_T_a Q_a a_T_b Q_b b_T_i`` with ``a = min(j, k)``, ``b = max(j, k)``."""
        a, b = min(j, k), max(j, k)
        if b > i:
            return self.zero
        return self.T[0][a] @ self.Q[a] @ self.T[a][b] @ self.Q[b] @ self.T[b][i]


@check.arguments(robot=check.Robot(), q=check.Joints())
def transform_derivatives(robot, q):
    """``U[i][j] = ∂(0_T_i)/∂q_j = 0_T_j Q_j j_T_i`` for links and joints numbered from 1.

    A dict of dicts of 4 x 4 matrices, ``U[i][j]`` for ``1 <= i, j <= n`` (zero for j > i).

    >>> from robocourse.models import planar_2r
    >>> U = transform_derivatives(planar_2r(l1=1.0, l2=1.0), [0.0, 0.0])
    >>> U[2][1][:2, 3]              # the origin of {2} moves along +Y as θ1 turns
    array([0., 1.])
    """
    derivatives = _Derivatives(robot, q, B.scalars_of(q))
    joints = range(1, robot.n + 1)
    return check.NumberedFromOne(
        {i: check.NumberedFromOne({j: derivatives.first(i, j) for j in joints},
                                  what=f"transform_derivatives(...)[{i}][j]", n=robot.n)
         for i in joints}, what="transform_derivatives(...)[i]", n=robot.n,
        example=phrase("[2][1] is U_21 = ∂(0_T_2)/∂q_1", "errors"))


def _trace(A):
    return sum(A[r, r] for r in range(4))


def _prepare(robot, q, scalars):
    """The transform derivatives at ``q`` (checked by the gate) and the pseudo-inertias
    ``J[1..n]``."""
    derivatives = _Derivatives(robot, q, scalars)
    pseudo = [None] + [_pseudo_inertia(link, scalars) for link in robot.links]
    return derivatives, pseudo


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints())
def mass_matrix(robot, q):
    """The mass matrix ``D_ik = Σ_{j >= max(i,k)} Tr(U_jk J_j U_jiᵀ)``.

    >>> from robocourse.models import planar_2r
    >>> mass_matrix(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81), [0.0, 0.0])
    array([[5., 2.],
           [2., 1.]])
    """
    scalars, n = B.scalars_of(q), robot.n
    U, J = _prepare(robot, q, scalars)
    return scalars.matrix([[sum(_trace(U.first(j, k) @ J[j] @ U.first(j, i).T)
                                for j in range(max(i, k), n + 1))
                            for k in range(1, n + 1)] for i in range(1, n + 1)])


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints())
def coriolis_matrix(robot, q, qd):
    """The Coriolis MATRIX ``C_ik = Σ_m h_ikm q̇_m = Σ_{j >= max(i,k)} Tr(B_jk J_j U_jiᵀ)``.

    Summing over m first: ``B_jk = Σ_{m <= j} U_jkm q̇_m``, the rate of change of ``U_jk``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> coriolis_matrix(arm, [0.0, 1.0], [1.0, 0.0]).round(12) + 0.0   # m2 l1 l2 s2 θ̇1 on joint 2
    array([[ 0.        , -0.84147098],
           [ 0.84147098,  0.        ]])
    """
    scalars, n = B.scalars_of(q), robot.n
    U, J = _prepare(robot, q, scalars)
    rates = {(j, k): sum((U.second(j, k, m) * qd[m - 1] for m in range(1, j + 1)), U.zero)
             for j in range(1, n + 1) for k in range(1, j + 1)}                # B_jk
    return scalars.matrix([[sum(_trace(rates[j, k] @ J[j] @ U.first(j, i).T)
                                for j in range(max(i, k), n + 1))
                            for k in range(1, n + 1)] for i in range(1, n + 1)])


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints())
def velocity_product(robot, q, qd):
    """The Coriolis and centripetal torques ``h_i = Σ_k Σ_m h_ikm q̇_k q̇_m``, the vector ``C q̇``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> velocity_product(arm, [0.0, 1.0], [1.0, 0.0])     # m2 l1 l2 s2 θ̇1² on joint 2
    array([0.        , 0.84147098])
    """
    return coriolis_matrix.__wrapped__(robot, q, qd) @ qd


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(),
                 gravity=check.Gravity())
def gravity_load(robot, q, *, gravity=None):
    """The gravity torques ``c_i = −Σ_{j >= i} m_j ḡᵀ U_ji r̄_j`` with ``ḡ = [g; 0]``
    (``g``: ``gravity``, by default ``robot.gravity``; ``gravity=0``: none).

    >>> from robocourse.models import planar_2r
    >>> gravity_load(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81), [0.0, 0.0])
    array([29.43,  9.81])
    """
    scalars = B.scalars_of(q)
    U, _ = _prepare(robot, q, scalars)
    g = scalars.vector([*gravity, 0])
    links = dict(enumerate(robot.links, start=1))
    com = {j: scalars.vector([*scalars.convert(link.r_c), 1])                  # r̄_j
           for j, link in links.items()}
    return scalars.vector([-sum(links[j].mass * B.dot(g, U.first(j, i) @ com[j])
                                for j in range(i, robot.n + 1)) for i in links])


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints(),
                 qdd=check.Joints(),
                 wrench=check.Wrench(), frame=check.Frame(), gravity=check.Gravity())
def inverse_dynamics(robot, q, qd, qdd, *, wrench=None, frame="base", gravity=None):
    """``τ = D(q) q̈ + h(q, q̇) + c(q) + Jᵀ F``, the Lagrange–Euler equations of motion.
    ``wrench = F``, ``frame``, ``gravity``: as in ``newton_euler``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> inverse_dynamics(arm, [0.0, 0.0], [0.0, 0.0], [1.0, 0.0])
    array([34.43, 11.81])
    >>> inverse_dynamics(arm, [0.0, 0.0], [0.0, 0.0], [1.0, 0.0], gravity=0)   # M e_1
    array([5., 2.])
    """
    return (mass_matrix.__wrapped__(robot, q) @ qdd + velocity_product.__wrapped__(robot, q, qd)
            + gravity_load.__wrapped__(robot, q, gravity=gravity)
            + joint_torques_by_jacobian_unchecked(robot, q, wrench, frame=frame))
