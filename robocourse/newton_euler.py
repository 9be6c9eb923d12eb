"""Inverse dynamics by the recursive Newton–Euler algorithm (lecture 3.3; Craig §6.5).

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
"""

from dataclasses import dataclass
from typing import Any

from robocourse import _backend as B
from robocourse.frames import cross, rotation, translation


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
    """Joint torques ``tau`` (n-vector) and the trace ``links``: ``links[i - 1]`` is link i."""

    tau: Any
    links: tuple


def newton_euler(robot, q, qd, qdd, f_tip=None, n_tip=None, gravity=True):
    """The joint torques/forces of ``robot`` and every intermediate of the recursion.

    ``f_tip, n_tip``: the force and moment the tool exerts on its surroundings,
    written in the tool frame and acting at its origin (Craig's ``f_{n+1}, n_{n+1}``;
    the same convention as the statics ``τ = Jᵀ F``). Default: no load.
    ``gravity=False`` leaves the base unaccelerated (``0_v̇_0 = 0``).

    SYLLABUS 3.2, the 2R arm with point masses, link 1 (``1_v̇_1 = [g s1, g c1, 0]``):

    >>> from robocourse.models import planar_2r
    >>> from robocourse.robot import joint_symbols
    >>> arm = planar_2r()
    >>> result = newton_euler(arm, *joint_symbols(arm))
    >>> result.links[0].vdot.T
    Matrix([[g*sin(theta1), g*cos(theta1), 0]])
    >>> result.links[0].vdot_c.T
    Matrix([[g*sin(theta1) - l1*thetadot1**2, g*cos(theta1) + l1*thetaddot1, 0]])
    """
    robot.require_mass_properties()
    symbolic = robot.uses_symbols(q, qd, qdd, f_tip, n_tip, dynamics=True)
    q = robot.joint_vector(q, "q", symbolic)
    qd = robot.joint_vector(qd, "qd", symbolic)
    qdd = robot.joint_vector(qdd, "qdd", symbolic)
    f_tip = B.zeros(3, symbolic) if f_tip is None else B.as_vector(f_tip, 3, "f_tip", symbolic)
    n_tip = B.zeros(3, symbolic) if n_tip is None else B.as_vector(n_tip, 3, "n_tip", symbolic)
    Z = B.vector([0, 0, 1], symbolic)

    # The transforms i-1_T_i of links 1..n, then n_T_tool.
    transforms = [link.transform(q_i) for link, q_i in zip(robot.links, q, strict=True)]
    transforms.append(B.convert(robot.tool, symbolic))

    # Outward: velocities and accelerations, base to tip.
    omega, omega_dot = B.zeros(3, symbolic), B.zeros(3, symbolic)
    vdot = -B.convert(robot.gravity, symbolic) if gravity else B.zeros(3, symbolic)
    outward = []
    for i, link in enumerate(robot.links):
        R, P = rotation(transforms[i]).T, translation(transforms[i])   # i+1_R_i, i_P_{i+1}
        vdot = R @ (cross(omega_dot, P) + cross(omega, cross(omega, P)) + vdot)
        if link.is_revolute:
            omega_dot = R @ omega_dot + cross(R @ omega, qd[i] * Z) + qdd[i] * Z
            omega = R @ omega + qd[i] * Z
        else:
            omega_dot, omega = R @ omega_dot, R @ omega
            vdot = vdot + cross(2 * omega, qd[i] * Z) + qdd[i] * Z
        m, P_c = link.mass, B.convert(link.r_c, symbolic)
        I_c = B.convert(link.I_c, symbolic)
        vdot_c = cross(omega_dot, P_c) + cross(omega, cross(omega, P_c)) + vdot
        F = m * vdot_c
        N = I_c @ omega_dot + cross(omega, I_c @ omega)
        outward.append((omega, omega_dot, vdot, vdot_c, F, N, P_c))

    # Inward: forces and moments, tip to base.
    f, n = f_tip, n_tip
    tau = [None] * robot.n
    trace = [None] * robot.n
    for i in reversed(range(robot.n)):
        omega, omega_dot, vdot, vdot_c, F, N, P_c = outward[i]
        R, P = rotation(transforms[i + 1]), translation(transforms[i + 1])  # i_R_{i+1}, i_P_{i+1}
        f_outer = R @ f                              # i_R_{i+1} f_{i+1}: link i+1's push, in {i}
        n = N + R @ n + cross(P_c, F) + cross(P, f_outer)
        f = f_outer + F
        tau[i] = B.dot(n if robot.links[i].is_revolute else f, Z)
        trace[i] = LinkTrace(omega, omega_dot, vdot, vdot_c, F, N, f, n)
    return NewtonEulerResult(tau=B.vector(tau, symbolic), links=tuple(trace))


def inverse_dynamics(robot, q, qd, qdd, f_tip=None, n_tip=None, gravity=True):
    """The joint torques/forces ``τ`` that produce ``q̈`` at ``(q, q̇)``, by Newton–Euler.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> inverse_dynamics(arm, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0])   # hold the arm level
    array([29.43,  9.81])
    """
    return newton_euler(robot, q, qd, qdd, f_tip, n_tip, gravity).tau


def mass_matrix(robot, q):
    """The joint-space mass matrix ``M(q)`` built from n inverse-dynamics calls.

    Column j is the torque needed for the unit acceleration ``q̈ = e_j`` when the
    arm is at rest and weightless (``q̇ = 0``, no gravity): ``τ = M e_j`` (lecture 3.4).

    >>> from robocourse.models import planar_2r
    >>> mass_matrix(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81), [0.0, 0.0])
    array([[5., 2.],
           [2., 1.]])
    """
    symbolic = robot.uses_symbols(q, dynamics=True)
    rest = B.zeros(robot.n, symbolic)
    columns = []
    for j in range(robot.n):
        unit = B.vector([1 if k == j else 0 for k in range(robot.n)], symbolic)
        columns.append(list(inverse_dynamics(robot, q, rest, unit, gravity=False)))
    return B.matrix(columns, symbolic).T


def velocity_product(robot, q, qd):
    """The Coriolis and centripetal torques: the VECTOR ``c(q, q̇) = C(q, q̇) q̇``.

    Inverse dynamics with ``q̈ = 0`` and no gravity. (``lagrange.coriolis_matrix``
    gives the MATRIX ``C`` whose product with ``q̇`` is this vector.)

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> velocity_product(arm, [0.0, 1.0], [1.0, 0.0])     # m2 l1 l2 s2 θ̇1² on joint 2
    array([0.        , 0.84147098])
    """
    symbolic = robot.uses_symbols(q, qd, dynamics=True)
    return inverse_dynamics(robot, q, qd, B.zeros(robot.n, symbolic), gravity=False)


def gravity_load(robot, q):
    """The torques that hold the arm still against gravity: ``G(q) = τ(q, 0, 0)``.

    >>> from robocourse.models import planar_2r
    >>> from robocourse.robot import joint_symbols
    >>> arm = planar_2r()
    >>> theta = joint_symbols(arm)[0]
    >>> B.simplify(gravity_load(arm, theta))          # SYLLABUS 3.2, the terms in g
    Matrix([
    [g*(l1*m1*cos(theta1) + l1*m2*cos(theta1) + l2*m2*cos(theta1 + theta2))],
    [                                          g*l2*m2*cos(theta1 + theta2)]])
    """
    symbolic = robot.uses_symbols(q, dynamics=True)
    rest = B.zeros(robot.n, symbolic)
    return inverse_dynamics(robot, q, rest, rest)
