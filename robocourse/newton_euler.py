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
from typing import Any

from robocourse import _backend as B
from robocourse import _checks as C
from robocourse.frames import cross, rotation, skew, translation
from robocourse.statics import tool_wrench


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

    def link(self, i):
        """The ``LinkTrace`` of link ``i`` (1..n)."""
        return self._trace[C.link_number(i, len(self._trace), "i") - 1]


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
    symbolic, q, qd, qdd = C.joint_inputs(robot, dynamics=True, also=(wrench, gravity),
                                          q=q, qd=qd, qdd=qdd)
    C.choice(frame, "frame", C.FRAMES)
    load = (B.zeros(6, symbolic) if wrench is None
            else B.convert(tool_wrench(robot, q, wrench, frame), symbolic))
    tau, trace = _recursion(robot, q, qd, qdd, load, C.gravity(gravity, robot, symbolic),
                            symbolic)
    return NewtonEulerResult(tau=tau, _trace=trace)


def _recursion(robot, q, qd, qdd, load, g, symbolic):
    """``(tau, trace)`` for checked joint vectors, the load ``[f; n]`` in the tool frame
    and the gravity vector ``g`` in {0}."""
    transforms = _link_transforms(robot, q, symbolic)
    motions = _outward(robot, transforms, qd, qdd, g, symbolic)
    outward, wrenches = [], []
    for link, (omega, omega_dot, vdot) in zip(robot.links, motions, strict=True):
        m, P_c = link.mass, B.convert(link.r_c, symbolic)
        I_c = B.convert(link.I_c, symbolic)
        vdot_c = cross(omega_dot, P_c) + cross(omega, cross(omega, P_c)) + vdot
        F = m * vdot_c
        N = I_c @ omega_dot + cross(omega, I_c @ omega)
        outward.append((omega, omega_dot, vdot, vdot_c, F, N))
        wrenches.append((F, N + cross(P_c, F)))       # the moment about the origin of {i}
    forces = _inward(robot, transforms, wrenches, B.halves(load, symbolic))
    Z = B.vector([0, 0, 1], symbolic)
    tau = [B.dot(n if link.is_revolute else f, Z)
           for link, (f, n) in zip(robot.links, forces, strict=True)]
    trace = tuple(LinkTrace(*motion, f, n) for motion, (f, n) in zip(outward, forces,
                                                                     strict=True))
    return B.vector(tau, symbolic), trace


def _link_transforms(robot, q, symbolic):
    """``[0_T_1, 1_T_2, …, n-1_T_n, n_T_tool]``: the link transforms at ``q`` (checked by
    the gate) and the tool transform, in the kind ``symbolic`` says."""
    transforms = [link.transform(q_i) for link, q_i in zip(robot.links, q, strict=True)]
    transforms.append(B.convert(robot.tool, symbolic))
    return transforms


def _outward(robot, transforms, qd, qdd, g, symbolic):
    """The outward recursion: ``[(ω_i, ω̇_i, v̇_i)]`` for links 1..n, each written in {i}.

    ``transforms`` from ``_link_transforms``; ``g`` the gravity vector in {0}, entered as
    the base acceleration ``0_v̇_0 = −g`` (Craig eqs. 6.45–6.49, see the module docstring).
    Only the kinematics of ``robot`` is read, never its mass properties.
    """
    Z = B.vector([0, 0, 1], symbolic)
    omega, omega_dot, vdot = B.zeros(3, symbolic), B.zeros(3, symbolic), -g
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


def _inward(robot, transforms, wrenches, load):
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


def inverse_dynamics(robot, q, qd, qdd, *, wrench=None, frame="base", gravity=None):
    """The joint torques/forces ``τ`` that produce ``q̈`` at ``(q, q̇)``, by Newton–Euler.

    ``wrench``, ``frame``, ``gravity``: see the module docstring.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> inverse_dynamics(arm, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0])   # hold the arm level
    array([29.43,  9.81])
    >>> inverse_dynamics(arm, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0], gravity=0)   # weightless
    array([0., 0.])
    """
    return newton_euler(robot, q, qd, qdd, wrench=wrench, frame=frame, gravity=gravity).tau


def mass_matrix(robot, q):
    """The joint-space mass matrix ``M(q)`` built from n inverse-dynamics calls.

    Column j is the torque needed for the unit acceleration ``q̈ = e_j`` when the
    arm is at rest and weightless (``q̇ = 0``, no gravity): ``τ = M e_j`` (chapter 3, §3.4).

    >>> from robocourse.models import planar_2r
    >>> mass_matrix(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81), [0.0, 0.0])
    array([[5., 2.],
           [2., 1.]])
    """
    symbolic, q = C.joint_inputs(robot, dynamics=True, q=q)
    columns = [list(_weightless(robot, q, B.zeros(robot.n, symbolic), _unit(robot.n, j,
                                                                            symbolic), symbolic))
               for j in range(robot.n)]
    return B.matrix(columns, symbolic).T


def _unit(n, j, symbolic):
    return B.vector([1 if k == j else 0 for k in range(n)], symbolic)


def _weightless(robot, q, qd, qdd, symbolic):
    """The recursion without gravity or load: ``M q̈ + c`` for checked vectors."""
    zero = B.zeros(3, symbolic)
    return _recursion(robot, q, qd, qdd, B.zeros(6, symbolic), zero, symbolic)[0]


def velocity_product(robot, q, qd):
    """The Coriolis and centripetal torques: the VECTOR ``c(q, q̇) = C(q, q̇) q̇``.

    Inverse dynamics with ``q̈ = 0`` and no gravity. (``coriolis_matrix`` gives the
    MATRIX ``C`` whose product with ``q̇`` is this vector.)

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> velocity_product(arm, [0.0, 1.0], [1.0, 0.0])     # m2 l1 l2 s2 θ̇1² on joint 2
    array([0.        , 0.84147098])
    """
    symbolic, q, qd = C.joint_inputs(robot, dynamics=True, q=q, qd=qd)
    return _weightless(robot, q, qd, B.zeros(robot.n, symbolic), symbolic)


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
    """
    symbolic, q, qd = C.joint_inputs(robot, dynamics=True, q=q, qd=qd)
    n, rest = robot.n, B.zeros(robot.n, symbolic)
    units = [_unit(n, j, symbolic) for j in range(n)]
    square = [_weightless(robot, q, units[j], rest, symbolic) for j in range(n)]     # c(e_j)
    gamma = {(j, j): square[j] for j in range(n)}          # the columns c_·jk, j <= k
    for j in range(n):
        for k in range(j + 1, n):
            both = _weightless(robot, q, units[j] + units[k], rest, symbolic)   # c(e_j + e_k)
            gamma[j, k] = (both - square[j] - square[k]) / 2
    return B.matrix([[sum(gamma[min(j, k), max(j, k)][i] * qd[k] for k in range(n))
                      for j in range(n)] for i in range(n)], symbolic)


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
    symbolic, q = C.joint_inputs(robot, dynamics=True, also=(gravity,), q=q)
    rest = B.zeros(robot.n, symbolic)
    return _recursion(robot, q, rest, rest, B.zeros(6, symbolic),
                      C.gravity(gravity, robot, symbolic), symbolic)[0]
