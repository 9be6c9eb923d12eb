"""Inverse dynamics by the recursive Newton–Euler algorithm (chapter 3; Craig §6.5).

Outward, link by link from the base (Craig eqs. 6.45–6.49), with ``R = i+1_R_i``,
``P = i_P_{i+1}`` and ``Z = [0, 0, 1]``; velocities and accelerations of link i+1
are written in {i+1}:

* revolute joint i+1:
  ``ω_{i+1} = R ω_i + θ̇ Z``,  ``ω̇_{i+1} = R ω̇_i + R ω_i × θ̇ Z + θ̈ Z``,
  ``v̇_{i+1} = R (ω̇_i × P + ω_i × (ω_i × P) + v̇_i)``;
* prismatic joint i+1:
  ``ω_{i+1} = R ω_i``,  ``ω̇_{i+1} = R ω̇_i``,
  ``v̇_{i+1} = R (ω̇_i × P + ω_i × (ω_i × P) + v̇_i) + 2 ω_{i+1} × ḋ Z + d̈ Z``;
* at the centre of mass ``P_C``: ``v̇_C = ω̇ × P_C + ω × (ω × P_C) + v̇``, then
  Newton ``F = m v̇_C`` and Euler ``N = C_I ω̇ + ω × C_I ω``.

Inward, from the tool back to the base (eqs. 6.50–6.53), with ``R = i_R_{i+1}``:
``f_i = R f_{i+1} + F_i``,
``n_i = N_i + R n_{i+1} + P_C × F_i + P_{i+1} × R f_{i+1}``, and the joint torque is
``τ_i = n_iᵀ Z`` (revolute) or the joint force ``f_iᵀ Z`` (prismatic).

``f_i, n_i`` are the force and moment exerted on link i by link i−1. Gravity is not
a force here: the base is given the acceleration ``0_v̇_0 = −gravity``, which
puts the weight of every link into the recursion at no extra cost.

The five verbs of every dynamics route (also in ``lagrange``, ``lagrange_euler``,
``codegen.CompiledDynamics`` and ``closed_form.ClosedForm``), for
``τ = M(q) q̈ + C(q, q̇) q̇ + G(q) + Jᵀ F``:

* ``inverse_dynamics(robot, q, qd, qdd, *, wrench=None, frame="base", gravity=None)``: τ;
* ``mass_matrix(robot, q)``: M, column j the torque for ``q̈ = e_j`` at rest, weightless;
* ``velocity_product(robot, q, qd)``: the Coriolis and centripetal VECTOR ``c = C q̇``;
* ``coriolis_matrix(robot, q, qd)``: the MATRIX C of the Christoffel symbols;
* ``gravity_load(robot, q, *, gravity=None)``: G.

``gravity=None`` is the robot's own ``robot.gravity``; ``gravity=0`` switches gravity
off; any other value is a gravity vector written in {0}. ``wrench = [f; n]`` is the
force and moment the tool exerts on its environment at the tool-frame origin, in the
axes of ``frame`` (``"base"``: {0}; ``"tool"``: the tool frame), as in ``statics``: it
adds ``Jᵀ F``, the torques that hold that load (None: no load). Results follow the
shape rule of the library: sympy columns and matrices for symbols, 1-D and 2-D float
arrays for numbers.
"""

from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.component_recursion import Geometry, link_parameters, link_recursion
from robocourse.frames import cross_unchecked as cross
from robocourse.frames import rotation_unchecked as rotation
from robocourse.frames import skew_unchecked as skew
from robocourse.frames import translation_unchecked as translation
from robocourse.inertia import TENSOR
from robocourse.kinematics import jacobian_unchecked, link_frames_unchecked
from robocourse.language import phrase, say
from robocourse.statics import joint_torques_by_jacobian_unchecked, tool_wrench_unchecked


@dataclass(frozen=True)
class LinkTrace:
    """The Newton–Euler quantities of one link, all written in the link's own frame {i}.

    ``omega, omega_dot``: angular velocity and acceleration; ``vdot``: linear
    acceleration of the frame origin; ``vdot_c``: of the centre of mass; ``F, N``:
    inertial force and moment at the centre of mass; ``f, n``: force and moment
    exerted on link i by link i−1.
    """

    omega: Any
    omega_dot: Any
    vdot: Any
    vdot_c: Any
    F: Any
    N: Any
    f: Any
    n: Any


@dataclass(frozen=True)
class NewtonEulerResult:
    """Joint torques ``tau`` (n-vector) and the trace of the recursion: ``link(i)`` is the
    ``LinkTrace`` of link i, numbered from 1 as in Craig."""

    tau: Any
    _trace: tuple = field(repr=False)

    @check.arguments(i=check.LinkNumber(last=lambda given: len(given["self"]._trace)))
    def link(self, i):
        """The ``LinkTrace`` of link ``i`` (1..n)."""
        return self._trace[i - 1]


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints(),
                 qdd=check.Joints(), wrench=check.Wrench(), frame=check.Frame(),
                 gravity=check.Gravity())
def newton_euler(robot, q, qd, qdd, *, wrench=None, frame="base", gravity=None):
    """The joint torques/forces of ``robot`` and every intermediate of the recursion.

    ``wrench``, ``frame`` and ``gravity``: see the module docstring (default: no load,
    the robot's own gravity).

    Chapter 3, §3.2, the 2R arm with point masses, link 1 (``1_v̇_1 = [g s1, g c1, 0]``):

    >>> from robocourse.models import planar_2r
    >>> from robocourse.robot import joint_symbols
    >>> arm = planar_2r()
    >>> result = newton_euler(arm, *joint_symbols(arm))
    >>> result.link(1).vdot.T
    Matrix([[g*sin(theta1), g*cos(theta1), 0]])
    >>> result.link(1).vdot_c.T
    Matrix([[g*sin(theta1) - l1*thetadot1**2, g*cos(theta1) + l1*thetaddot1, 0]])
    """
    load = tool_wrench_unchecked(robot, q, wrench, frame)          # [f; n] in the tool frame
    tau, trace = _recursion(robot, q, qd, qdd, load, gravity, B.scalars_of(q))
    return NewtonEulerResult(tau=tau, _trace=trace)


def _recursion(robot, q, qd, qdd, load, g, scalars):
    """``(tau, trace)`` for checked joint vectors, the load ``[f; n]`` in the tool frame
    and the gravity vector ``g`` in {0}."""
    transforms = link_transforms_unchecked(robot, q, scalars)
    motions = outward_recursion_unchecked(robot, transforms, qd, qdd, g, scalars)
    outward, wrenches = [], []
    for link, (omega, omega_dot, vdot) in zip(robot.links, motions, strict=True):
        m, P_c = link.mass, scalars.convert(link.r_c)
        I_c = scalars.convert(link.I_c)
        vdot_c = cross(omega_dot, P_c) + cross(omega, cross(omega, P_c)) + vdot
        F = m * vdot_c
        N = I_c @ omega_dot + cross(omega, I_c @ omega)
        outward.append((omega, omega_dot, vdot, vdot_c, F, N))
        wrenches.append((F, N + cross(P_c, F)))       # the moment about the origin of {i}
    forces = inward_recursion_unchecked(robot, transforms, wrenches, scalars.halves(load))
    Z = scalars.vector([0, 0, 1])
    tau = [B.dot(n if link.is_revolute else f, Z)
           for link, (f, n) in zip(robot.links, forces, strict=True)]
    trace = tuple(LinkTrace(*motion, f, n) for motion, (f, n) in zip(outward, forces,
                                                                     strict=True))
    return scalars.vector(tau), trace


def link_transforms_unchecked(robot, q, scalars):
    """``[0_T_1, 1_T_2, …, n-1_T_n, n_T_tool]``: the link transforms at ``q`` (checked by
    the gate) and the tool transform, in the kind ``scalars``.

    This and the two passes below are kernels: their inputs are not checked (``parameters``
    propagates its regressor's columns with them, after its own gate)."""
    transforms = [link.transform_unchecked(q_i) for link, q_i in zip(robot.links, q, strict=True)]
    transforms.append(scalars.convert(robot.tool))
    return transforms


def outward_recursion_unchecked(robot, transforms, qd, qdd, g, scalars):
    """The outward recursion: ``[(ω_i, ω̇_i, v̇_i)]`` for links 1..n, each written in {i}.

    ``transforms`` from ``link_transforms_unchecked``; ``g`` the gravity vector in {0}, entered as
    the base acceleration ``0_v̇_0 = −g`` (Craig eqs. 6.45–6.49, see the module docstring).
    Only the kinematics of ``robot`` is read, never its mass properties.
    """
    Z = scalars.vector([0, 0, 1])
    omega, omega_dot, vdot = scalars.zeros(3), scalars.zeros(3), -g
    motions = []
    for i, link in enumerate(robot.links):
        R, P = rotation(transforms[i]).T, translation(transforms[i])   # i+1_R_i, i_P_{i+1}
        vdot = R @ (cross(omega_dot, P) + cross(omega, cross(omega, P)) + vdot)
        if link.is_revolute:
            omega_dot = R @ omega_dot + cross(R @ omega, qd[i] * Z) + qdd[i] * Z
            omega = R @ omega + qd[i] * Z
        else:
            omega_dot, omega = R @ omega_dot, R @ omega
            vdot = vdot + cross(2 * omega, qd[i] * Z) + qdd[i] * Z
        motions.append((omega, omega_dot, vdot))
    return motions


def inward_recursion_unchecked(robot, transforms, wrenches, load):
    """The inward recursion: ``[(f_i, n_i)]`` for links 1..n, each written in {i}.

    ``wrenches[i-1] = (F_i, N_i)``: the inertial force of link i and its inertial moment
    ABOUT THE ORIGIN of {i}; ``load = (f, n)``: the tool's load in the tool frame. Then
    ``f_i = R f_{i+1} + F_i`` and ``n_i = N_i + R n_{i+1} + P_{i+1} × R f_{i+1}`` with
    ``R = i_R_{i+1}``. The forces may also be 3 x k matrices (k columns propagated at
    once, as the columns of ``parameters.regressor`` are).
    """
    f, n = load
    forces = [None] * robot.n
    for i in reversed(range(robot.n)):
        F, N = wrenches[i]
        R, P = rotation(transforms[i + 1]), translation(transforms[i + 1])  # i_R_{i+1}, i_P_{i+1}
        f_outer = R @ f                              # i_R_{i+1} f_{i+1}: link i+1's push, in {i}
        n = N + R @ n + skew(P) @ f_outer
        f = f_outer + F
        forces[i] = (f, n)
    return forces


def _is_many(q):
    """True when the checked ``q`` is a batch of states (an (N, n) array, ``_state``)."""
    return isinstance(q, np.ndarray) and q.ndim == 2


def _state(value, name, call):
    """The rule of a joint vector of the verbs that also take a batch of states: one state
    (``check.Joints``), or, when ``q`` holds states as rows (``_is_batch``), a batch
    (``check.States``) of a robot with numbers for its parameters, and ``qd``, ``qdd`` are
    batches like ``q``."""
    if name == "q" and _is_batch(value, call.robot.n):
        _NUMERIC(call.robot, "robot", call)
        return _STATES_Q(value, name, call)
    if name == "q" or not _is_many(call.given["q"]):
        return _JOINTS(value, name, call)
    if np.ndim(value) != 2:
        raise ValueError(say("{other} must be a batch of states like {name} (shape "
                             "{wanted}, one row per state); got shape {shape}", "errors",
                             other=name, name="q", wanted=np.shape(call.given["q"]),
                             shape=np.shape(value)))
    return _STATES(value, name, call)


_JOINTS, _STATES, _STATES_Q = check.Joints(), check.States(), check.States(angles=True)
_NUMERIC = check.Robot(dynamics=True, numeric=True)
#: One state or a batch of states (N, n), one per row: the joint vectors of the five verbs.
_STATE = check.Argument(_state, "one state or a batch of states")
#: The rules of the verbs' arguments (a batch keeps None for no load: ``_many``).
_VERB = dict(robot=check.Robot(dynamics=True), q=_STATE, qd=_STATE, qdd=_STATE,
             wrench=check.Optional(check.Wrench()), frame=check.Frame(), gravity=check.Gravity())


@check.arguments(**_VERB)
def inverse_dynamics(robot, q, qd, qdd, *, wrench=None, frame="base", gravity=None):
    """The joint torques/forces ``τ`` that produce ``q̈`` at ``(q, q̇)``, by Newton–Euler.

    ``wrench``, ``frame``, ``gravity``: see the module docstring. A batch of states
    (``q, qd, qdd`` arrays of shape (N, n), one state per row) gives τ as (N, n), all
    states at once (see ``component_recursion.link_recursion``).

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> inverse_dynamics(arm, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0])   # hold the arm level
    array([29.43,  9.81])
    >>> inverse_dynamics(arm, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0], gravity=0)   # weightless
    array([0., 0.])
    """
    if _is_many(q):
        return _many(robot, *_rows(q=q, qd=qd, qdd=qdd), wrench, frame, gravity)
    scalars = B.scalars_of(q)
    load = tool_wrench_unchecked(robot, q, scalars.zeros(6) if wrench is None else wrench, frame)
    return _recursion(robot, q, qd, qdd, load, gravity, scalars)[0]


@check.arguments(robot=_VERB["robot"], q=_STATE)
def mass_matrix(robot, q):
    """The joint-space mass matrix ``M(q)`` built from n inverse-dynamics calls.

    Column j is the torque needed for the unit acceleration ``q̈ = e_j`` when the
    arm is at rest and weightless (``q̇ = 0``, no gravity): ``τ = M e_j`` (chapter 3, §3.4).

    >>> from robocourse.models import planar_2r
    >>> mass_matrix(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81), [0.0, 0.0])
    array([[5., 2.],
           [2., 1.]])

    A batch of N states (q of shape (N, n)) gives (N, n, n).
    """
    if _is_many(q):
        n, rest, (Q,) = robot.n, [0] * robot.n, _rows(q=q)
        return np.stack([_many(robot, Q, rest, [int(k == j) for k in range(n)])
                         for j in range(n)], axis=-1)
    scalars = B.scalars_of(q)
    columns = [list(_weightless(robot, q, scalars.zeros(robot.n), _unit(robot.n, j, scalars),
                                scalars))
               for j in range(robot.n)]
    return scalars.matrix(columns).T


def _unit(n, j, scalars):
    return scalars.vector([1 if k == j else 0 for k in range(n)])


def _weightless(robot, q, qd, qdd, scalars):
    """The recursion without gravity or load: ``M q̈ + c`` for checked vectors."""
    zero = scalars.zeros(3)
    return _recursion(robot, q, qd, qdd, scalars.zeros(6), zero, scalars)[0]


@check.arguments(robot=_VERB["robot"], q=_STATE, qd=_STATE)
def velocity_product(robot, q, qd):
    """The Coriolis and centripetal torques: the VECTOR ``c(q, q̇) = C(q, q̇) q̇``.

    Inverse dynamics with ``q̈ = 0`` and no gravity. (``coriolis_matrix`` gives the
    MATRIX ``C`` whose product with ``q̇`` is this vector.)

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> velocity_product(arm, [0.0, 1.0], [1.0, 0.0])     # m2 l1 l2 s2 θ̇1² on joint 2
    array([0.        , 0.84147098])

    A batch of N states gives (N, n).
    """
    if _is_many(q):
        return _many(robot, *_rows(q=q, qd=qd), [0] * robot.n)
    return _weightless(robot, q, qd, B.scalars_of(q).zeros(robot.n), B.scalars_of(q))


@check.arguments(robot=_VERB["robot"], q=_STATE, qd=_STATE)
def coriolis_matrix(robot, q, qd):
    """The Coriolis MATRIX ``C(q, q̇)``, ``C_ij = Σ_k c_ijk q̇_k``, from velocity products.

    ``c(q̇) = C q̇`` is a quadratic form in the rates, ``c_i = Σ_jk c_ijk q̇_j q̇_k``, whose
    symmetric coefficients ``c_ijk = c_ikj`` are the Christoffel symbols; Newton–Euler
    gives them by polarisation: ``c_·jj = c(e_j)``, and for ``j ≠ k``
    ``c_·jk = (c(e_j + e_k) − c(e_j) − c(e_k)) / 2`` (n(n+1)/2 recursions). With this C,
    ``Ṁ − 2C`` is skew-symmetric.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> coriolis_matrix(arm, [0.0, 1.0], [1.0, 0.0])     # m2 l1 l2 s2 [[-θ̇2, -θ̇12], [θ̇1, 0]]
    array([[ 0.        , -0.84147098],
           [ 0.84147098,  0.        ]])

    A batch of N states gives (N, n, n).
    """
    if _is_many(q):
        Q, QD = _rows(q=q, qd=qd)
        n = robot.n
        gamma = christoffel_columns_unchecked(n, lambda rates: _many(robot, Q, rates, [0] * n))
        rates = np.array(QD).T                                      # (N, n)
        return np.stack([np.stack([sum(gamma[min(j, k), max(j, k)][:, i] * rates[:, k]
                                       for k in range(n)) for j in range(n)], axis=-1)
                         for i in range(n)], axis=-2)
    scalars = B.scalars_of(q)
    n, rest = robot.n, scalars.zeros(robot.n)
    gamma = christoffel_columns_unchecked(
        n, lambda rates: _weightless(robot, q, scalars.vector(rates), rest, scalars))
    return scalars.matrix([[sum(gamma[min(j, k), max(j, k)][i] * qd[k] for k in range(n))
                            for j in range(n)] for i in range(n)])


def christoffel_columns_unchecked(n, velocity_product_at):
    """The columns ``c_·jk`` (j <= k) by polarisation: ``c(e_j)`` and
    ``(c(e_j + e_k) − c(e_j) − c(e_k)) / 2``, from ``velocity_product_at(rates)`` (any
    route's velocity product: ``coriolis_matrix`` here, ``codegen``'s compiled one)."""
    def unit(*joints):
        return [sum(1 for j in joints if j == k) for k in range(n)]
    square = [velocity_product_at(unit(j)) for j in range(n)]                  # c(e_j)
    gamma = {(j, j): square[j] for j in range(n)}
    for j in range(n):
        for k in range(j + 1, n):
            gamma[j, k] = (velocity_product_at(unit(j, k)) - square[j] - square[k]) / 2
    return gamma


@check.arguments(robot=_VERB["robot"], q=_STATE, gravity=_VERB["gravity"])
def gravity_load(robot, q, *, gravity=None):
    """The torques that hold the arm still against gravity: ``G(q) = τ(q, 0, 0)``.

    ``gravity``: see the module docstring (None: ``robot.gravity``).

    >>> import sympy as sp
    >>> from robocourse.models import planar_2r
    >>> from robocourse.robot import joint_symbols
    >>> arm = planar_2r()
    >>> theta = joint_symbols(arm)[0]
    >>> sp.simplify(gravity_load(arm, theta))          # chapter 3, §3.2: the terms in g
    Matrix([
    [g*(l1*m1*cos(theta1) + l1*m2*cos(theta1) + l2*m2*cos(theta1 + theta2))],
    [                                          g*l2*m2*cos(theta1 + theta2)]])
    """
    if _is_many(q):
        return _many(robot, *_rows(q=q), [0] * robot.n, [0] * robot.n, gravity=gravity)
    scalars = B.scalars_of(q)
    rest = scalars.zeros(robot.n)
    return _recursion(robot, q, rest, rest, scalars.zeros(6), gravity, scalars)[0]


#: The kernel of ``gravity_load``, for the modules that call it with arguments their gate has
#: checked (``gravity``: a 3-vector of the call's kind, ``robot.gravity`` converted for None).
gravity_load_unchecked = gravity_load.__wrapped__


#: The rules of a payload held at the tool frame.
_PAYLOAD = dict(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints(),
                qdd=check.Joints(), mass=check.Number("kg", at_least=0),
                r_c=check.Vector(3, phrase("x, y, z in the tool frame", "errors")),
                I_c=TENSOR, gravity=check.Gravity())


@check.arguments(**_PAYLOAD)
def payload_trace(robot, q, qd, qdd, mass, r_c, I_c, *, gravity=None):
    """The Newton–Euler step of a rigid payload held at the tool frame {T}: a ``LinkTrace``
    written in {T}, whose ``f, n`` are the load the tool carries (chapter 3, §3.5).

    The payload has mass ``mass``, its centre of mass at ``r_c`` in {T} and the tensor
    ``I_c`` about it in the axes of {T}. It moves with the last link {n}: with
    ``R = T_R_n`` and ``P = n_P_T`` (from ``robot.tool``) and link n's outward results,

    * ``ω_T = R ω_n``,  ``ω̇_T = R ω̇_n``,  ``v̇_T = R (ω̇_n × P + ω_n × (ω_n × P) + v̇_n)``;
    * ``v̇_C = ω̇_T × r_c + ω_T × (ω_T × r_c) + v̇_T``, ``F = m v̇_C``,
      ``N = C_I ω̇_T + ω_T × C_I ω_T`` (gravity, as everywhere in the recursion, is in
      the base acceleration ``0_v̇_0 = −g``);
    * nothing but the tool pushes it, so the tool must exert ``f = F`` and, about the
      origin of {T}, ``n = N + r_c × F``: the wrench ``[f; n]`` that the inward recursion
      starts from (``payload_wrench``).

    ``gravity``: as in ``newton_euler`` (None: the robot's own).

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> held = payload_trace(arm, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0], 2.0, [0, 0, 0],
    ...                      [[0] * 3] * 3)
    >>> held.f                   # at rest the tool holds the 2 kg up: 2 g along +Y0 = +Y_T
    array([ 0.  , 19.62,  0.  ])
    """
    scalars = B.scalars_of(q)
    load = scalars.zeros(6)
    last = _recursion(robot, q, qd, qdd, load, gravity, scalars)[1][-1]       # link n
    tool = scalars.convert(robot.tool)
    R, P = rotation(tool).T, translation(tool)                   # T_R_n, n_P_T
    omega, omega_dot = R @ last.omega, R @ last.omega_dot
    vdot = R @ _fixed_point_acceleration(last.omega, last.omega_dot, last.vdot, P)
    vdot_c = _fixed_point_acceleration(omega, omega_dot, vdot, r_c)
    F = mass * vdot_c
    N = I_c @ omega_dot + cross(omega, I_c @ omega)
    return LinkTrace(omega, omega_dot, vdot, vdot_c, F, N, F, N + cross(r_c, F))


_payload_trace = payload_trace.__wrapped__


def _fixed_point_acceleration(omega, omega_dot, vdot, p):
    """``ω̇ × p + ω × (ω × p) + v̇``: the acceleration of the point ``p`` fixed in a frame
    whose origin accelerates with ``v̇`` (§3.1.1 with ``Q`` fixed)."""
    return cross(omega_dot, p) + cross(omega, cross(omega, p)) + vdot


@check.arguments(**_PAYLOAD)
def payload_wrench(robot, q, qd, qdd, mass, r_c, I_c, *, gravity=None):
    """The wrench ``[f; n]`` (6-vector, in the tool frame) that the tool exerts on a rigid
    payload it holds: the load to pass as ``wrench=…, frame="tool"``.

    The payload's own Newton–Euler step (``payload_trace``): ``f = m v̇_C`` and
    ``n = C_I ω̇ + ω × C_I ω + r_c × f`` about the tool-frame origin. Newton–Euler of
    ``robot`` with this wrench gives the torques of ``models.with_payload(robot, mass,
    r_c, I_c)``: the payload enters as the tool's load at {n+1} (chapter 3, §3.5).

    >>> import numpy as np
    >>> from robocourse.models import planar_2r, with_payload
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> state = [0.3, 0.4], [1.0, -2.0], [0.5, 0.5]
    >>> payload = 2.0, [0.1, 0, 0], np.diag([0.0, 0.01, 0.01])      # mass, r_c, I_c
    >>> load = payload_wrench(arm, *state, *payload)
    >>> tau = inverse_dynamics(arm, *state, wrench=load, frame="tool")
    >>> bool(np.allclose(tau, inverse_dynamics(with_payload(arm, *payload), *state)))
    True
    """
    held = _payload_trace(robot, q, qd, qdd, mass, r_c, I_c, gravity=gravity)
    scalars = B.scalars_of(held.f, held.n)
    return scalars.vector([*held.f, *held.n])


class TorqueParts(NamedTuple):
    """The joint torques of one state taken apart by what the joints hold (each an
    n-vector): ``weight`` (the links' weights, ``G``), ``newton`` (the inertial forces
    ``m v̇_C`` of the centres of mass), ``euler`` (``C_I ω̇``), ``gyroscopic``
    (``ω × C_I ω``) and ``load`` (the tool's wrench, ``Jᵀ F``). ``total`` is their sum,
    the torques of ``inverse_dynamics``."""

    weight: Any
    newton: Any
    euler: Any
    gyroscopic: Any
    load: Any

    @property
    def total(self):
        """``weight + newton + euler + gyroscopic + load``."""
        return self.weight + self.newton + self.euler + self.gyroscopic + self.load


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints(),
                 qdd=check.Joints(), wrench=check.Wrench(), frame=check.Frame(),
                 gravity=check.Gravity())
def torque_parts(robot, q, qd, qdd, *, wrench=None, frame="base", gravity=None):
    """The torques of ``inverse_dynamics``, part by part, by the principle of virtual work.

    The outward recursion gives each link's inertial force ``F_i = m_i v̇_Ci`` (with
    gravity in it, as the base acceleration ``−g``) and moment
    ``N_i = C_I_i ω̇_i + ω_i × C_I_i ω_i``. Held like static loads at the centres of mass
    (chapter 1: ``τ = Jᵀ F``), they need

        ``τ = Σ_i (Jv_iᵀ 0_F_i + Jω_iᵀ 0_N_i) + J_toolᵀ F_tool``,

    with ``Jv_i, Jω_i`` the Jacobian of link i's centre of mass in {0}
    (``kinematics.jacobian_by_cross_products``) and ``0_F_i = 0_R_i F_i``. No force is
    propagated inwards, so this is a second method for the inward recursion. Split by
    term: ``weight = Σ Jv_iᵀ (−m_i g)`` (= ``gravity_load``), ``newton = Σ Jv_iᵀ 0_R_i m_i
    (v̇_Ci + R_iᵀ g)``, ``euler = Σ Jω_iᵀ 0_R_i C_I_i ω̇_i``, ``gyroscopic = Σ Jω_iᵀ 0_R_i
    (ω_i × C_I_i ω_i)`` and ``load = Jᵀ F`` (chapter 3, §3.5). Arguments as in
    ``inverse_dynamics``; returns ``TorqueParts``.

    >>> import numpy as np
    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> parts = torque_parts(arm, [0.0, 0.0], [1.0, 0.0], [0.0, 0.0])
    >>> parts.weight, parts.gyroscopic         # planar: every ω is along a principal axis
    (array([29.43,  9.81]), array([0., 0.]))
    >>> bool(np.allclose(parts.total, inverse_dynamics(arm, [0.0, 0.0], [1.0, 0.0], [0.0, 0.0])))
    True
    """
    scalars, g = B.scalars_of(q), gravity
    result = NewtonEulerResult(*_recursion(robot, q, qd, qdd, scalars.zeros(6), g, scalars))
    frames = link_frames_unchecked(robot, q, scalars)
    weight, newton, euler, gyroscopic = (scalars.zeros(robot.n) for _ in range(4))
    for i, link in enumerate(robot.links, start=1):
        trace, R = result.link(i), rotation(frames[i - 1])                  # 0_R_i
        J = jacobian_unchecked(robot, q, i, scalars.convert(link.r_c), "base", scalars)
        Jv, Jw = J[:3, :].T, J[3:, :].T
        I_c = scalars.convert(link.I_c)
        weight = weight - Jv @ (link.mass * g)
        newton = newton + Jv @ (R @ trace.F + link.mass * g)
        euler = euler + Jw @ (R @ (I_c @ trace.omega_dot))
        gyroscopic = gyroscopic + Jw @ (R @ cross(trace.omega, I_c @ trace.omega))
    load = joint_torques_by_jacobian_unchecked(robot, q, wrench, frame=frame)
    return TorqueParts(weight, newton, euler, gyroscopic, load)


def _is_batch(value, n):
    """True when ``value`` holds states as rows, (N, n): a 2-D array, or a list of rows of
    numbers (``[q]`` is one state as a batch, as ``np.array([q])`` is)."""
    if isinstance(value, (list, tuple)) and value and all(
            isinstance(row, (list, tuple, np.ndarray)) for row in value):
        try:
            value = np.asarray(value, dtype=object)
        except ValueError:                                     # ragged: the gate says so
            return False
        if any(isinstance(entry, sp.Basic) for entry in value.flat):
            return False                                        # symbols: one state
    return isinstance(value, np.ndarray) and value.ndim == 2 and value.shape[1] == n


def _rows(**states):
    """The checked batches ``states`` (each (N, n)) as n rows of N values each, after
    checking that they hold the same number of states."""
    counts = {len(value) for value in states.values()}
    if len(counts) != 1:
        raise ValueError(say("{names} must hold the same number of states (rows); got {rows}",
                             "errors", names=", ".join(states),
                             rows=[len(value) for value in states.values()]))
    return [list(value.T) for value in states.values()]


def _many(robot, q, qd, qdd, wrench=None, frame="base", gravity=None):
    """τ (N, n) of a batch (rows of ``_rows``, or 0 for a joint that is at rest), with the
    checked load ``wrench`` in ``frame`` (None: no load) and gravity vector ``gravity``
    (None: no gravity)."""
    g = np.zeros(3) if gravity is None else gravity
    load, tool = None, None
    if wrench is not None:
        f, n = B.NUMBERS.halves(wrench)
        R, tool = rotation(robot.tool), tuple(translation(robot.tool))
        load = (tuple(f), tuple(n)) if frame == "base" else (tuple(R @ f), tuple(R @ n))
    tau = link_recursion([Geometry.of(link) for link in robot.links],
                          [link_parameters(link) for link in robot.links], q, qd, qdd,
                          tuple(g), load=load, tool=tool, load_in_base=frame == "base")
    count = max(np.size(x) for x in (*q, *qd, *qdd))
    return np.stack([np.broadcast_to(np.asarray(t, dtype=float), (count,)) for t in tau],
                    axis=-1)
