"""Spatial vectors: the dynamics of chapters 3 and 4 in six dimensions (chapter 8).

Featherstone, *Rigid Body Dynamics Algorithms* (Springer, 2008), writes a rigid body's
velocity, acceleration, momentum and load each as ONE 6-vector, and the three classic
algorithms of a chain as short loops over them; pinocchio (Carpentier et al., 2019) names
them ``rnea``, ``crba`` and ``aba``, as this module does.

Conventions (chapter 1's, and pinocchio's): a spatial MOTION vector written in {i} is
``v = [v_O; ω]``, the velocity of the body-fixed point at the origin of {i} and the angular
velocity, LINEAR PART FIRST; a spatial FORCE vector is ``f = [f; n]``, the force and the
moment about the origin of {i} (the library's ``wrench``). Featherstone's book puts the
angular part first: swap the two halves of every vector, and the blocks of every matrix,
to read his tables.

* Link transform: ``X_i = i_X_i-1 = [[E, −E [p ×]], [0, E]]`` with ``E = i_R_i-1``,
  ``p = i-1_P_i`` from Craig's modified-DH ``i-1_T_i`` (``Link.transform``): chapter 1's
  ``frames.velocity_transform(i-1_R_i, i-1_P_i)``. It carries motion outward; its transpose
  carries force inward, ``i-1_f = X_iᵀ i_f`` (chapter 1's ``force_transform``).
* Joint i turns about or slides along ``Ẑ_i`` through the origin of {i}: its motion
  subspace is ``S_i = [0, 0, 0, 0, 0, 1]`` (revolute) or ``[0, 0, 1, 0, 0, 0]`` (prismatic).
* Cross products: ``crm(v) = [[ω ×, v ×], [0, ω ×]]`` (``v ×``, on motion vectors) and
  ``crf(v) = −crm(v)ᵀ = [[ω ×, 0], [v ×, ω ×]]`` (``v ×*``, on force vectors).
* Spatial inertia of a link about the origin of {i} (mass ``m``, centre of mass ``c``,
  tensor ``C_I`` about it): ``I = [[m 1, −m [c ×]], [m [c ×], C_I − m [c ×][c ×]]]``; its
  lower-right block is chapter 2's parallel-axis tensor. Momentum is ``h = I v``.
* Spatial acceleration ``a = v̇ = [v̇_O − ω × v_O; ω̇]``: the rate of change of the
  velocity of the body-fixed point that is AT the origin now. Craig's ``v̇_i`` is the
  acceleration of that point: ``v̇_i = a_lin + ω × v_lin``.

Recursive Newton–Euler (Featherstone 2008, chapter 5), ``v_0 = 0`` and gravity as a base
acceleration ``a_0 = [−g; 0]`` (chapter 3's ``0_v̇_0 = −g``)::

    v_i = X_i v_i-1 + S_i q̇_i
    a_i = X_i a_i-1 + S_i q̈_i + crm(v_i) S_i q̇_i
    f_i = I_i a_i + crf(v_i) I_i v_i + X_i+1ᵀ f_i+1      (inward; f_n+1: the tool's load)
    τ_i = S_iᵀ f_i

``f_i`` is Craig's ``[i_f_i; i_n_i]``, the load of link i−1 on link i about the origin of
{i}. Composite rigid bodies (chapter 6): ``I^c_i = I_i + X_i+1ᵀ I^c_i+1 X_i+1``;
``H_ii = S_iᵀ I^c_i S_i`` and, carrying ``F = I^c_i S_i`` inward, ``H_ji = S_jᵀ F`` for j < i.
Articulated bodies (chapter 7), three passes, O(n): velocities and bias terms outward;
articulated inertias ``I^A`` and bias forces ``p^A`` inward (``U = I^A S``, ``D = Sᵀ U``,
``u = τ − Sᵀ p^A``, ``I^a = I^A − U D⁻¹ Uᵀ``, ``p^a = p^A + I^a c + U D⁻¹ u``); accelerations
outward, ``q̈_i = D⁻¹ (u − Uᵀ a')``. ``gravity``, ``wrench`` and ``frame`` mean what they mean
in ``newton_euler``; ``friction`` what it means in ``simulate.forward_dynamics``. Results follow
the library's shape rule (sympy columns and matrices for symbols, float arrays for numbers).
"""

from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.frames import rotation_unchecked as rotation
from robocourse.frames import skew_unchecked as skew
from robocourse.frames import translation_unchecked as translation
from robocourse.frames import velocity_transform_unchecked
from robocourse.inertia import TENSOR, parallel_axis_unchecked
from robocourse.language import phrase, say
from robocourse.statics import tool_wrench_unchecked

_MOTION = phrase("vx, vy, vz, wx, wy, wz (linear part first)", "errors")


@check.arguments(v=check.Vector(6, _MOTION))
def crm(v):
    """The spatial cross product on motion vectors, ``crm(v) m = v × m``.

    ``v = [v_O; ω]``: ``crm(v) = [[ω ×, v_O ×], [0, ω ×]]`` (Featherstone 2008, chapter 2, halves
    swapped). A spin about Z carries the velocity of the origin round with it:

    >>> crm([0, 0, 0, 0, 0, 1]) @ [1, 0, 0, 0, 0, 0]
    array([0., 1., 0., 0., 0., 0.])
    """
    return _crm(v, B.scalars_of(v))


def _crm(v, scalars):
    """``crm`` of a 6-vector already checked, built with ``scalars``: the kernel of ``crm``."""
    vx, vy, vz, wx, wy, wz = v
    return scalars.matrix([[0, -wz, wy, 0, -vz, vy],
                           [wz, 0, -wx, vz, 0, -vx],
                           [-wy, wx, 0, -vy, vx, 0],
                           [0, 0, 0, 0, -wz, wy],
                           [0, 0, 0, wz, 0, -wx],
                           [0, 0, 0, -wy, wx, 0]])


@check.arguments(v=check.Vector(6, _MOTION))
def crf(v):
    """The spatial cross product on force vectors, ``crf(v) f = v ×* f = −crm(v)ᵀ f``.

    ``crf(v) = [[ω ×, 0], [v_O ×, ω ×]]``. The rate of change of a momentum ``h`` carried
    by a body moving with ``v`` is ``crf(v) h``; power is kept: ``(crf(v) f)ᵀ m = −fᵀ crm(v) m``.

    >>> crf([0, 0, 0, 0, 0, 1]) @ [1, 0, 0, 0, 0, 0]      # a spinning force turns with it
    array([0., 1., 0., 0., 0., 0.])
    """
    return _crf(v, B.scalars_of(v))


def _crf(v, scalars):
    """``crf`` of a 6-vector already checked, built with ``scalars``: the kernel of ``crf``."""
    return -_crm(v, scalars).T


@check.arguments(mass=check.Number("kg", at_least=0), r_c=check.Vector(3, "x, y, z"), I_c=TENSOR)
def spatial_inertia(mass, r_c, I_c):
    """The 6x6 spatial inertia about a frame's origin of a body of ``mass`` with its centre
    of mass at ``r_c`` and the tensor ``I_c`` about it (axes of the frame).

    ``I = [[m 1, −m [c ×]], [m [c ×], C_I − m [c ×][c ×]]]``; ``C_I − m [c ×][c ×]`` is the
    tensor about the origin (chapter 2's parallel axes). A 2 kg point at x = 1 spinning
    about Z has momentum ``m ω × c`` along +Y and angular momentum 2 about Z:

    >>> spatial_inertia(2.0, [1, 0, 0], np.zeros((3, 3))) @ [0, 0, 0, 0, 0, 1]
    array([0., 2., 0., 0., 0., 2.])
    """
    return _spatial_inertia(mass, r_c, I_c, B.scalars_of(r_c))


def _spatial_inertia(mass, r_c, I_c, scalars):
    """``spatial_inertia`` of mass properties already checked (a ``Link``'s), of the kind
    ``scalars``."""
    C = skew(r_c)
    return scalars.stack(scalars.beside(mass * scalars.identity(3), -mass * C),
                         scalars.beside(mass * C, parallel_axis_unchecked(I_c, mass, r_c)))


@check.arguments(robot=check.Robot(), q=check.Joints())
def spatial_transforms(robot, q):
    """``[1_X_0, 2_X_1, …, n_X_n-1, T_X_n]``: the 6x6 link transforms at ``q`` (motion from
    {i−1} to {i}, linear part first) and the tool's.

    ``X_i = velocity_transform(i-1_R_i, i-1_P_i)`` of Craig's ``i-1_T_i`` (``Link.transform``).

    >>> from robocourse.models import planar_2r
    >>> X = spatial_transforms(planar_2r(l1=1.0, l2=1.0), [0.0, 0.0])
    >>> X[1] @ [0, 0, 0, 0, 0, 1]          # spinning about Z1 moves origin 2, 1 m out, along +Y
    array([0., 1., 0., 0., 0., 1.])
    """
    return _transforms(robot, q, B.scalars_of(q))


def _transforms(robot, q, scalars):
    """The link transforms and the tool's (``spatial_transforms``) for a checked ``q``."""
    transforms = [scalars.convert(link.transform_unchecked(q_i)) for link, q_i in
                  zip(robot.links, q, strict=True)]
    transforms.append(scalars.convert(robot.tool))
    return [velocity_transform_unchecked(rotation(T), translation(T), scalars)
            for T in transforms]


class _Model(NamedTuple):
    """What the algorithms read of a robot at one configuration: the link transforms
    ``X`` (n + 1, the tool's last), the joints' motion subspaces ``S`` and the spatial
    inertias ``I`` of the links."""

    X: list
    S: list
    I: list


def _model(robot, q, scalars):
    S = [scalars.vector([0, 0, 0, 0, 0, 1] if link.is_revolute else [0, 0, 1, 0, 0, 0])
         for link in robot.links]
    I = [_spatial_inertia(link.mass, scalars.convert(link.r_c), scalars.convert(link.I_c),
                          scalars) for link in robot.links]
    return _Model(_transforms(robot, q, scalars), S, I)


@dataclass(frozen=True)
class SpatialLink:
    """The spatial Newton–Euler quantities of link i, written in {i}: velocity ``v``,
    acceleration ``a`` (Featherstone's, ``[v̇_O − ω × v_O; ω̇]``) and the load ``f`` of link
    i−1 on link i, ``[i_f_i; i_n_i]`` as in Craig."""

    v: Any
    a: Any
    f: Any


@dataclass(frozen=True)
class SpatialResult:
    """The joint torques ``tau`` and, for link i (from 1), ``link(i)``: its ``SpatialLink``."""

    tau: Any
    _trace: tuple = field(repr=False)

    @check.arguments(i=check.LinkNumber(last=lambda given: len(given["self"]._trace)))
    def link(self, i):
        """The ``SpatialLink`` of link ``i`` (1..n)."""
        return self._trace[i - 1]


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints(),
                 qdd=check.Joints(), wrench=check.Wrench(), frame=check.Frame(),
                 gravity=check.Gravity())
def spatial_newton_euler(robot, q, qd, qdd, *, wrench=None, frame="base", gravity=None):
    """The joint torques of ``robot`` by the spatial recursive Newton–Euler algorithm, and
    every link's ``v``, ``a`` and ``f`` (module docstring; Featherstone 2008, chapter 5).

    Chapter 8, the 2R arm: link 1's acceleration is chapter 3's ``1_v̇_1 = [g s1, g c1, 0]``
    (its origin stays put, so ``a_lin`` is the classic acceleration) and ``θ̈1`` about Z:

    >>> from robocourse.models import planar_2r
    >>> from robocourse.robot import joint_symbols
    >>> arm = planar_2r()
    >>> spatial_newton_euler(arm, *joint_symbols(arm)).link(1).a.T
    Matrix([[g*sin(theta1), g*cos(theta1), 0, 0, 0, thetaddot1]])
    """
    scalars = B.scalars_of(q)
    load = tool_wrench_unchecked(robot, q, wrench, frame)          # [f; n] in the tool frame
    tau, trace = _rnea(_model(robot, q, scalars), qd, qdd,
                       _base_acceleration(gravity, scalars), load, scalars)
    return SpatialResult(tau, tuple(SpatialLink(*entry) for entry in trace))


def _base_acceleration(g, scalars):
    """``a_0 = [−g; 0]``: gravity as an upward acceleration of the base."""
    return scalars.vector([*(-g), 0, 0, 0])


_spatial_newton_euler = spatial_newton_euler.__wrapped__


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints(),
                 qdd=check.Joints(), wrench=check.Wrench(), frame=check.Frame(),
                 gravity=check.Gravity())
def rnea(robot, q, qd, qdd, *, wrench=None, frame="base", gravity=None):
    """Inverse dynamics ``τ`` by the spatial recursive Newton–Euler algorithm (pinocchio's
    ``rnea``); the same torques as ``newton_euler.inverse_dynamics``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> rnea(arm, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0])      # hold the arm level
    array([29.43,  9.81])
    """
    return _spatial_newton_euler(robot, q, qd, qdd, wrench=wrench, frame=frame,
                                 gravity=gravity).tau


def _rnea(model, qd, qdd, a0, load, scalars):
    """``(τ, [(v_i, a_i, f_i)])`` of a ``_Model`` for checked rates and accelerations, the
    base acceleration ``a0`` and the tool's load ``[f; n]`` in the tool frame."""
    v, a, outward = scalars.zeros(6), a0, []
    for X, S, I, rate, acceleration in zip(model.X[:-1], model.S, model.I, qd, qdd,
                                                   strict=True):
        joint_velocity = S * rate
        v = X @ v + joint_velocity
        a = X @ a + S * acceleration + _crm(v, scalars) @ joint_velocity
        outward.append((v, a, I @ a + _crf(v, scalars) @ (I @ v)))
    f, torques, trace = model.X[-1].T @ load, [], []
    for i in reversed(range(len(outward))):
        v, a, own = outward[i]
        f = own + f
        torques.insert(0, model.S[i].dot(f))
        trace.insert(0, (v, a, f))
        f = model.X[i].T @ f
    return scalars.vector(torques), trace


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints())
def crba(robot, q):
    """The joint-space mass matrix ``H = M(q)`` by composite rigid bodies (pinocchio's
    ``crba``, the whole symmetric matrix): the same as ``newton_euler.mass_matrix``.

    >>> from robocourse.models import planar_2r
    >>> crba(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81), [0.0, 0.0])
    array([[5., 2.],
           [2., 1.]])
    """
    scalars = B.scalars_of(q)
    return _crba(_model(robot, q, scalars), scalars)


def _crba(model, scalars):
    """``H`` of a ``_Model``: composite inertias inward, then each column carried inward."""
    n = len(model.S)
    composite = list(model.I)
    for i in reversed(range(1, n)):
        composite[i - 1] = composite[i - 1] + model.X[i].T @ composite[i] @ model.X[i]
    H = [[0] * n for _ in range(n)]
    for i in range(n):
        F = composite[i] @ model.S[i]
        H[i][i] = model.S[i].dot(F)
        for j in reversed(range(i)):
            F = model.X[j + 1].T @ F
            H[i][j] = H[j][i] = model.S[j].dot(F)
    return scalars.matrix(H)


class _Singular(ValueError):
    """A zero pivot: the articulated inertia of a joint (or M's) vanishes."""


def _singular(q):
    return ValueError(say("the mass matrix M(q) is singular at q = {q}: do all moving links "
                          "have mass and inertia?", "errors", q=check.plain(q)))


def _joint_values(value, name, call):
    """The rule of the joint vectors of the forward dynamics: one value per joint, in the
    kind of the call and of the coefficients of ``friction`` (symbols when one is)."""
    friction = call.given["friction"]
    symbolic = isinstance(friction, check.JointFriction) and friction.uses_symbols
    return _JOINTS.of(value, name, robot=call.robot,
                      scalars=B.SYMBOLS if symbolic else call.scalars)


_JOINTS = check.Joints()
#: The arguments of the forward dynamics.
_FORWARD = dict(robot=check.Robot(dynamics=True), q=check.Argument(_joint_values, "Joints()"),
                qd=check.Argument(_joint_values, "Joints()"),
                tau=check.Argument(_joint_values, "Joints()"), friction=check.Friction())


def _forward_inputs(robot, q, qd, tau, friction):
    """``(scalars, a_0, τ − τ_f(q̇))`` of the forward dynamics, for checked inputs."""
    scalars = B.scalars_of(q)
    if friction is not None:
        tau = tau - scalars.convert(friction.torque(qd))
    return scalars, _base_acceleration(scalars.convert(robot.gravity), scalars), tau


@check.arguments(**_FORWARD)
def aba(robot, q, qd, tau, *, friction=None):
    """Forward dynamics ``q̈`` by the articulated-body algorithm (pinocchio's ``aba``), in
    O(n): the same as ``M⁻¹ (τ − c − G − τ_f)`` (``simulate.forward_dynamics``).

    ``friction``: the joints' ``friction.Friction`` (None: none). A chain whose moving links
    have no mass or inertia has a zero articulated inertia: a ValueError names ``q``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> aba(arm, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0])        # let go when level
    array([-9.81,  9.81])
    """
    scalars, a0, tau = _forward_inputs(robot, q, qd, tau, friction)
    try:
        return _aba(_model(robot, q, scalars), qd, tau, a0, scalars)
    except _Singular:
        raise _singular(q) from None


def _aba(model, qd, tau, a0, scalars):
    """``q̈`` of a ``_Model`` for checked rates and torques and the base acceleration
    ``a0`` (Featherstone 2008, chapter 7)."""
    n = len(model.S)
    v, bias, IA, pA = scalars.zeros(6), [], list(model.I), []
    for X, S, I, rate in zip(model.X[:-1], model.S, model.I, qd, strict=True):
        joint_velocity = S * rate
        v = X @ v + joint_velocity
        bias.append(_crm(v, scalars) @ joint_velocity)
        pA.append(_crf(v, scalars) @ (I @ v))
    U, D, u = [None] * n, [None] * n, [None] * n
    for i in reversed(range(n)):
        S = model.S[i]
        U[i] = IA[i] @ S
        D[i] = S.dot(U[i])
        if D[i] == 0:
            raise _Singular
        u[i] = tau[i] - S.dot(pA[i])
        if i > 0:
            U_over_D = U[i] / D[i]
            Ia = IA[i] - _outer(U[i], U_over_D, scalars)
            pa = pA[i] + Ia @ bias[i] + U_over_D * u[i]
            X = model.X[i]
            IA[i - 1] = IA[i - 1] + X.T @ Ia @ X
            pA[i - 1] = pA[i - 1] + X.T @ pa
    a, qdd = a0, []
    for i in range(n):
        a = model.X[i] @ a + bias[i]
        qdd.append((u[i] - U[i].dot(a)) / D[i])
        a = a + model.S[i] * qdd[i]
    return scalars.vector(qdd)


def _outer(a, b, scalars):
    return scalars.matrix([[x * y for y in b] for x in a])


@check.arguments(**_FORWARD)
def forward_dynamics_by_crba(robot, q, qd, tau, *, friction=None):
    """Forward dynamics the O(n³) way: ``H q̈ = τ − C − τ_f`` with ``H = crba``, the bias
    ``C = rnea(q, q̇, 0)`` (Coriolis, centripetal and gravity torques) and ``H = L D Lᵀ``
    (Cholesky without square roots, exact for symbols). The same ``q̈`` as ``aba``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> forward_dynamics_by_crba(arm, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0])
    array([-9.81,  9.81])
    """
    scalars, a0, tau = _forward_inputs(robot, q, qd, tau, friction)
    model = _model(robot, q, scalars)
    try:
        return _crba_route(model, qd, tau, a0, scalars)
    except _Singular:
        raise _singular(q) from None


def _crba_route(model, qd, tau, a0, scalars):
    bias = _rnea(model, qd, scalars.zeros(len(qd)), a0, scalars.zeros(6), scalars)[0]
    return _ldl_solve(_crba(model, scalars), tau - bias, scalars)


def _ldl_solve(H, b, scalars):
    """``x`` with ``H x = b`` for a symmetric positive definite ``H``, by ``H = L D Lᵀ``
    (unit lower-triangular L, diagonal D): about n³/6 multiplications."""
    n = len(b)
    L, D = [[0] * n for _ in range(n)], [0] * n
    for j in range(n):
        w = [L[j][k] * D[k] for k in range(j)]
        D[j] = H[j, j] - sum(L[j][k] * w[k] for k in range(j))
        if D[j] == 0:
            raise _Singular
        for i in range(j + 1, n):
            L[i][j] = (H[i, j] - sum(L[i][k] * w[k] for k in range(j))) / D[j]
    y = []
    for i in range(n):
        y.append(b[i] - sum(L[i][k] * y[k] for k in range(i)))
    x = [0] * n
    for i in reversed(range(n)):
        x[i] = y[i] / D[i] - sum(L[k][i] * x[k] for k in range(i + 1, n))
    return scalars.vector(x)


# --- the cost: multiplications and additions counted as the algorithms run -----------------

class Cost(NamedTuple):
    """Arithmetic operations of one call: ``multiplications`` (divisions included) and
    ``additions`` (subtractions included)."""

    multiplications: int
    additions: int


class _Tally:
    def __init__(self):
        self.multiplications = self.additions = 0


class _Counted:
    """A number that counts the arithmetic done with it in its tally. A plain number is a
    constant known in advance (a 0 or 1 of a motion subspace, of a zero block): products by
    0 and ±1 and sums with 0 cost nothing, as in code written for the structure; negation
    is free."""

    __slots__ = ("value", "tally")

    def __init__(self, value, tally):
        self.value, self.tally = value, tally

    def _combine(self, other, operation, kind):
        setattr(self.tally, kind, getattr(self.tally, kind) + 1)
        other = other.value if isinstance(other, _Counted) else other
        return _Counted(operation(self.value, other), self.tally)

    def __mul__(self, other):
        if not isinstance(other, _Counted) and other in (0, 1, -1):
            return 0 if other == 0 else (self if other == 1 else -self)
        return self._combine(other, lambda x, y: x * y, "multiplications")

    __rmul__ = __mul__

    def __truediv__(self, other):
        if not isinstance(other, _Counted) and other in (1, -1):
            return self if other == 1 else -self
        return self._combine(other, lambda x, y: x / y, "multiplications")

    def __rtruediv__(self, other):
        if other == 0:
            return 0
        return self._combine(other, lambda x, y: y / x, "multiplications")

    def __add__(self, other):
        if not isinstance(other, _Counted) and other == 0:
            return self
        return self._combine(other, lambda x, y: x + y, "additions")

    __radd__ = __add__

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __neg__(self):
        return _Counted(-self.value, self.tally)

    def __eq__(self, other):
        return self.value == (other.value if isinstance(other, _Counted) else other)

    __hash__ = None


class _CountingScalars(B.Scalars):
    """Counted numbers in object arrays: the kind the cost is measured with."""

    exact = False

    def matrix(self, rows):
        return np.array(rows, dtype=object)

    def vector(self, values):
        return np.array(list(values), dtype=object)

    def zeros(self, n):
        return np.zeros(n, dtype=object)


_COUNTING = _CountingScalars()


@check.arguments(_finite=False, robot=check.Robot(dynamics=True, numeric=True))
def operation_counts(robot):
    """The multiplications and additions of ``rnea``, ``crba``, ``aba`` and
    ``forward_dynamics_by_crba`` on ``robot`` (a ``Cost`` each, in a dict by name), counted
    as the algorithms run (no clock: the same on every machine).

    The inputs are the link transforms ``X_i``, the spatial inertias and the joint state,
    which every algorithm needs (a library computes the ``X_i`` once per configuration);
    their exact zeros (the zero block of ``X_i``, the off-diagonal of ``m 1``) and the 0s
    and 1s of the motion subspaces are known in advance, and what is done with them is not
    counted. Counts grow as O(n) for ``rnea`` and ``aba``, as O(n²) for ``crba`` and as
    O(n³) for the route through ``crba`` (its ``L D Lᵀ`` solve).

    >>> from robocourse.models import planar_2r
    >>> counts = operation_counts(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81))
    >>> counts["aba"].multiplications > counts["rnea"].multiplications
    True
    """
    rng = np.random.default_rng(0)                      # a state with no zero in it
    q, qd, tau = (rng.uniform(0.1, 1.0, robot.n) for _ in range(3))
    model = _model(robot, q, B.NUMBERS)
    tally = _Tally()

    def counted(array):
        return np.array([0 if x == 0 else _Counted(x, tally) for x in np.ravel(array)],
                        dtype=object).reshape(np.shape(array))

    counted_model = _Model([counted(X) for X in model.X], model.S, [counted(I) for I in model.I])
    qd, tau = counted(qd), counted(tau)
    a0 = counted(_base_acceleration(robot.gravity, B.NUMBERS))
    runs = {"rnea": lambda: _rnea(counted_model, qd, tau, a0, _COUNTING.zeros(6),
                                           _COUNTING),
            "crba": lambda: _crba(counted_model, _COUNTING),
            "aba": lambda: _aba(counted_model, qd, tau, a0, _COUNTING),
            "forward_dynamics_by_crba": lambda: _crba_route(counted_model, qd, tau, a0,
                                                            _COUNTING)}
    counts = {}
    for name, run in runs.items():
        tally.multiplications = tally.additions = 0
        run()
        counts[name] = Cost(tally.multiplications, tally.additions)
    return counts


__all__ = ["crm", "crf", "spatial_inertia", "spatial_transforms", "spatial_newton_euler",
           "rnea", "crba", "aba", "forward_dynamics_by_crba", "operation_counts", "Cost",
           "SpatialLink", "SpatialResult"]
