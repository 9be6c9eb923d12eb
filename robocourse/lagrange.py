"""Dynamics from energies: the Euler–Lagrange equations and the manipulator form
``τ = M(q) q̈ + C(q, q̇) q̇ + G(q)`` (chapter 4; Craig §6.8–6.9).

Two routes, which share only the kinematics:

1. Energy differentiation (``lagrange_equations``): the kinetic energy
   ``K = Σ ½ m_i v_Ciᵀ v_Ci + ½ ω_iᵀ C_I_i ω_i`` with each link's velocities written in
   its own frame {i} (velocity propagation), the potential energy
   ``U = −Σ m_i gᵀ 0_P_Ci``, and ``L = K − U`` is differentiated as a polynomial in the
   sines and cosines of the joint angles, reduced with ``s² + c² = 1`` (the exact
   reduction of ``closed_form``).
2. The manipulator form, from the Jacobians of the centres of mass in {0}
   (``kinematics.jacobian_by_cross_products``): link i moves with ``v_Ci = Jv_i q̇``,
   ``ω_i = Jω_i q̇``, and its inertia tensor in base axes is ``I_i = 0_R_i C_I_i 0_R_iᵀ``;

   * mass matrix ``M = Σ (m_i Jv_iᵀ Jv_i + Jω_iᵀ I_i Jω_i)``, so that ``K = ½ q̇ᵀ M q̇``;
   * Christoffel symbols ``c_ijk = ½ (∂M_ij/∂q_k + ∂M_ik/∂q_j − ∂M_jk/∂q_i)`` and the
     Coriolis MATRIX ``C_ij = Σ_k c_ijk q̇_k`` (its product ``C q̇`` is the Coriolis and
     centripetal VECTOR that ``newton_euler.velocity_product`` computes);
   * gravity load ``G = ∂U/∂q = −Σ m_i Jv_iᵀ g``.

   ``∂M/∂q`` is exact, with no sympy and no finite differences: differentiating the
   Jacobian columns (``Jv_j = z_j × (p − o_j)`` or ``z_j``; ``Jω_j = z_j`` or 0) gives,
   with ``a = min(j, k)`` and ``b = max(j, k)``,
   ``∂Jv_j/∂q_k = Jω_a × Jv_b`` and ``∂Jω_j/∂q_k = Jω_k × Jω_j`` for ``k < j`` (else 0);
   a turning body has ``∂I_i/∂q_k = [Jω_k ×] I_i − I_i [Jω_k ×]``.

The manipulator form gives the five verbs of every dynamics route (see
``newton_euler``): ``inverse_dynamics``, ``mass_matrix``, ``velocity_product``
(``C q̇``), ``coriolis_matrix`` and ``gravity_load``, with the same arguments.
Symbolic results of the manipulator form are not simplified (that can take
seconds); pass them through ``sp.trigsimp`` or ``sp.simplify`` to display them.

Link numbers count from 1 (``link=1``; the Christoffel symbol ``c_112`` is ``c[1, 1, 2]``);
``mass_matrix_derivatives`` is a list in joint order (``dM[0] = ∂M/∂q_1``), to pair
with the rates ``q̇[0], q̇[1], …``.
"""

from dataclasses import dataclass
from typing import Any

import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.closed_form import joint_polynomials_unchecked
from robocourse.frames import rotation_unchecked as rotation
from robocourse.frames import skew_unchecked as skew
from robocourse.frames import translation_unchecked as translation
from robocourse.kinematics import jacobian_by_propagation, jacobian_unchecked, link_frames_unchecked
from robocourse.language import phrase, say
from robocourse.robot import joint_symbols_unchecked
from robocourse.statics import joint_torques_by_jacobian_unchecked


@dataclass(frozen=True)
class _LinkMotion:
    """Link i at one configuration, in {0}: mass, COM Jacobians, inertia about the COM."""

    mass: Any
    Jv: Any
    Jw: Any
    inertia: Any


def _link_motions(robot, q, scalars):
    """``_LinkMotion`` of links 1..n at ``q`` (a joint vector checked by the gate)."""
    frames = link_frames_unchecked(robot, q, scalars)
    motions = []
    for i, link in enumerate(robot.links, start=1):
        J = jacobian_unchecked(robot, q, i, scalars.convert(link.r_c), "base", scalars)
        R = rotation(frames[i - 1])
        motions.append(_LinkMotion(mass=link.mass, Jv=J[:3, :], Jw=J[3:, :],
                                   inertia=R @ scalars.convert(link.I_c) @ R.T))
    return motions


def _links(robot, link):
    """The link numbers an energy sums over: all (``link=None``) or the one given."""
    return range(1, robot.n + 1) if link is None else [link]


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints(),
                 link=check.LinkNumber(none=phrase("all links", "errors")))
def kinetic_energy(robot, q, qd, link=None):
    """``K = Σ_i ½ m_i v_Ciᵀ v_Ci + ½ ω_iᵀ C_I_i ω_i`` (Craig eq. 6.69); ``link=i``: link i alone.

    Each link's velocities are written in its own frame {i} (velocity propagation,
    ``kinematics.jacobian_by_propagation`` at the centre of mass), where its inertia
    tensor ``C_I_i`` is given: no rotation of the tensor is needed, and the energy, a
    scalar, is the same in every frame.

    >>> from robocourse.models import planar_2r
    >>> l1, m1, w = sp.symbols('l1 m1 w')
    >>> kinetic_energy(planar_2r(m2=0), [0, 0], [w, 0])    # m1 at l1 from the axis
    l1**2*m1*w**2/2
    """
    scalars, energy = B.scalars_of(q), 0
    for i in _links(robot, link):
        body = robot.links[i - 1]
        J = jacobian_by_propagation.__wrapped__(robot, q, i, scalars.convert(body.r_c))
        v, omega = J[:3, :] @ qd, J[3:, :] @ qd
        I_c = scalars.convert(body.I_c)
        energy = energy + body.mass * B.dot(v, v) / 2 + B.dot(omega, I_c @ omega) / 2
    return energy


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(),
                 link=check.LinkNumber(none=phrase("all links", "errors")))
def potential_energy(robot, q, link=None):
    """The potential energy ``U = −Σ_i m_i gᵀ 0_P_Ci`` (``g = robot.gravity``); ``link=i``: link i.

    ``0_P_Ci`` is the centre of mass of link i in {0}, so ``U = 0`` with every centre
    of mass at the base origin (another zero only adds a constant, which no torque feels).

    >>> from robocourse.models import planar_2r
    >>> t1 = sp.Symbol('theta1')
    >>> potential_energy(planar_2r(), [t1, 0], link=1)
    g*l1*m1*sin(theta1)
    """
    scalars = B.scalars_of(q)
    frames = link_frames_unchecked(robot, q, scalars)
    g = scalars.convert(robot.gravity)
    energy = 0
    for i in _links(robot, link):
        T, body = frames[i - 1], robot.links[i - 1]
        com = rotation(T) @ scalars.convert(body.r_c) + translation(T)         # 0_P_Ci
        energy = energy - body.mass * B.dot(g, com)
    return energy


_kinetic_energy, _potential_energy = kinetic_energy.__wrapped__, potential_energy.__wrapped__


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints())
def total_energy(robot, q, qd):
    """``E = K + U``: constant along any motion with ``τ = 0`` (no friction)."""
    return _kinetic_energy(robot, q, qd) + _potential_energy(robot, q)


#: Generalised coordinates ``q`` (symbols), one rate and one acceleration for each.
_COORDINATES = dict(q=check.Symbols(), qd=check.Symbols("q", check.ONE_PER_ENTRY_OF_Q),
                    qdd=check.Symbols("q", check.ONE_PER_ENTRY_OF_Q))


@check.arguments(expr=check.Expression(), **_COORDINATES)
def time_derivative(expr, q, qd, qdd):
    """``d/dt`` of an expression in ``q, q̇`` along the motion, by the chain rule:
    ``Σ_j ∂f/∂q_j q̇_j + ∂f/∂q̇_j q̈_j`` (works on expressions and matrices).

    >>> t, td, tdd = sp.symbols('theta1 thetadot1 thetaddot1')
    >>> time_derivative(td * sp.sin(t), [t], [td], [tdd])
    thetaddot1*sin(theta1) + thetadot1**2*cos(theta1)
    """
    check.distinct(q=q, qd=qd, qdd=qdd)
    return sum((sp.diff(expr, q[j]) * qd[j] + sp.diff(expr, qd[j]) * qdd[j]
                for j in range(len(q))), sp.zeros(*expr.shape) if hasattr(expr, "shape") else 0)


_time_derivative = time_derivative.__wrapped__


def _lagrangian(value, name, call):
    """The rule of a Lagrangian: one scalar expression ``L = K − U``, not a matrix."""
    lagrangian = check.Expression().of(value, name)
    if isinstance(lagrangian, sp.MatrixBase):
        raise TypeError(say("lagrangian must be one scalar expression L = K − U; got a "
                            "{rows}x{cols} matrix", "errors", rows=lagrangian.shape[0],
                            cols=lagrangian.shape[1]))
    return lagrangian


@check.arguments(lagrangian=check.Argument(_lagrangian, "L = K − U"), **_COORDINATES)
def euler_lagrange(lagrangian, q, qd, qdd):
    """``d/dt(∂L/∂q̇_i) − ∂L/∂q_i`` for every coordinate ``q_i`` (a column, symbolic): the left
    side of Lagrange's equations for ANY Lagrangian ``L(q, q̇)`` written in ANY generalised
    coordinates ``q`` (with their rates ``qd`` and accelerations ``qdd`` as symbols); set it
    equal to the generalised forces ``Q_i``. ``lagrange_equations`` is this for a robot
    in its joint variables.

    A pendulum (mass m on a rod of length l, angle θ from the downward vertical):

    >>> th, w, a, m, l, g = sp.symbols('theta omega alpha m l g')
    >>> L = m * l**2 * w**2 / 2 + m * g * l * sp.cos(th)
    >>> euler_lagrange(L, [th], [w], [a])
    Matrix([[alpha*l**2*m + g*l*m*sin(theta)]])
    """
    check.distinct(q=q, qd=qd, qdd=qdd)
    return sp.Matrix([_time_derivative(sp.diff(lagrangian, qd[i]), q, qd, qdd)
                      - sp.diff(lagrangian, q[i]) for i in range(len(q))])


@check.arguments(robot=check.Robot(dynamics=True))
def lagrange_equations(robot):
    """The joint torques ``τ`` (n x 1, symbolic) from ``d/dt(∂L/∂q̇) − ∂L/∂q = τ``, ``L = K − U``.

    The energies are written as polynomials in the sines and cosines of the joint
    angles, the rates and the parameters — the exact arm and the reduction modulo
    ``s² + c² = 1`` of ``closed_form`` (``closed_form.joint_polynomials_unchecked``) — and
    differentiated there: ``∂/∂θ = c ∂/∂s − s ∂/∂c``, the time derivative by the chain
    rule (``time_derivative``). Each torque comes out reduced, as ``closed_form`` writes
    it: a sum over the joint-rate products, each coefficient in the sines and cosines of
    the joint angles (sums of angles where axes are parallel), in the symbols of
    ``joint_symbols(robot)``; floats for a numeric arm. The PUMA 560 takes about a
    second.

    Chapter 4, §4.3, the R-P arm, joint 2:

    >>> from robocourse.models import rp_arm
    >>> lagrange_equations(rp_arm())[1]
    -d2*m2*thetadot1**2 + dddot2*m2 + g*m2*sin(theta1)
    """
    arm, poly = joint_polynomials_unchecked(robot)
    q, qd, qdd = joint_symbols_unchecked(arm)
    angles, rates = B.SYMBOLS.vector(q), B.SYMBOLS.vector(qd)
    lagrangian = poly.of(_kinetic_energy(arm, angles, rates)) - poly.of(
        _potential_energy(arm, angles))
    rates, accelerations = ([poly.trig.generators[x] for x in v] for v in (qd, qdd))
    zero, n = poly.trig.ring.zero, arm.n
    floats = not robot.uses_symbols(dynamics=True)
    tau = []
    for i in range(n):
        momentum = lagrangian.diff(rates[i])                                # ∂L/∂q̇_i
        rate = sum((poly.d_dq(momentum, j) * rates[j] + momentum.diff(rates[j])
                    * accelerations[j] for j in range(n)), zero)           # d/dt (∂L/∂q̇_i)
        tau.append(poly.expression(poly.trig.reduce(rate - poly.d_dq(lagrangian, i)), floats))
    return sp.Matrix(tau)


@dataclass(frozen=True)
class EquationTerms:
    """The equations of motion split per joint (each an n x 1 matrix) into
    ``inertial`` (``q̈`` terms), ``coriolis`` (``q̇_j q̇_k``, j ≠ k),
    ``centripetal`` (``q̇_j²``) and ``gravity`` terms; their sum is ``τ``."""

    inertial: Any
    coriolis: Any
    centripetal: Any
    gravity: Any


_lagrange_equations = lagrange_equations.__wrapped__


@check.arguments(robot=check.Robot(dynamics=True))
def equation_terms(robot):
    """The Euler–Lagrange equations of ``robot`` with their terms labelled (chapter 4, §4.3).

    ``τ`` is linear in ``q̈`` and quadratic in ``q̇``, so each coefficient is a
    derivative: inertial ``∂τ/∂q̈_j``, centripetal ``½ ∂²τ/∂q̇_j²``, Coriolis
    ``∂²τ/∂q̇_j∂q̇_k`` (j < k); what is left at ``q̇ = q̈ = 0`` is gravity.

    >>> from robocourse.models import rp_arm
    >>> terms = equation_terms(rp_arm())
    >>> terms.inertial[0]
    thetaddot1*(Izz1 + Izz2 + d2**2*m2 + l1**2*m1)
    >>> terms.coriolis[0], terms.centripetal[1], terms.gravity[1]
    (2*d2*ddot2*m2*thetadot1, -d2*m2*thetadot1**2, g*m2*sin(theta1))
    """
    tau = _lagrange_equations(robot)
    q, qd, qdd = joint_symbols_unchecked(robot)
    n = robot.n
    pairs = [(j, k) for j in range(n) for k in range(j + 1, n)]
    rest = {rate: 0 for rate in [*qd, *qdd]}
    inertial = [sum(sp.diff(tau_i, qdd[j]) * qdd[j] for j in range(n)) for tau_i in tau]
    centripetal = [sum(sp.diff(tau_i, qd[j], 2) / 2 * qd[j] ** 2 for j in range(n))
                   for tau_i in tau]
    coriolis = [sum((sp.diff(tau_i, qd[j], qd[k]) * qd[j] * qd[k] for j, k in pairs),
                    sp.Integer(0)) for tau_i in tau]
    return EquationTerms(sp.Matrix(inertial), sp.Matrix(coriolis), sp.Matrix(centripetal),
                         tau.subs(rest))


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints())
def mass_matrix(robot, q):
    """The mass matrix ``M(q) = Σ (m_i Jv_iᵀ Jv_i + Jω_iᵀ 0_R_i C_I_i 0_R_iᵀ Jω_i)``.

    Chapter 4, §4.2, the distributed 2R arm stretched out (``θ2 = 0``):

    >>> from robocourse.models import planar_2r_distributed
    >>> mass_matrix(planar_2r_distributed(), [0, 0])
    Matrix([
    [I1 + I2 + m1*r1**2 + m2*(l1 + r2)**2, I2 + m2*r2*(l1 + r2)],
    [                 I2 + m2*r2*(l1 + r2),         I2 + m2*r2**2]])
    """
    scalars = B.scalars_of(q)
    M = scalars.zero_matrix(robot.n, robot.n)
    for link in _link_motions(robot, q, scalars):
        M = M + link.mass * link.Jv.T @ link.Jv + link.Jw.T @ link.inertia @ link.Jw
    return M


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints())
def mass_matrix_derivatives(robot, q):
    """``[∂M/∂q_1, …, ∂M/∂q_n]``: the exact partial derivatives of the mass matrix.

    From the product rule on ``M = Σ (m Jvᵀ Jv + Jωᵀ I Jω)`` with the Jacobian
    derivatives of the module docstring (no finite differences). ``Ṁ = Σ_k ∂M/∂q_k q̇_k``.

    >>> from robocourse.models import planar_2r
    >>> l1, l2, m2, t2 = sp.symbols('l1 l2 m2 theta2')
    >>> mass_matrix_derivatives(planar_2r(), [0, t2])[1].expand()      # ∂M/∂θ2
    Matrix([
    [-2*l1*l2*m2*sin(theta2), -l1*l2*m2*sin(theta2)],
    [  -l1*l2*m2*sin(theta2),                     0]])
    """
    scalars, n = B.scalars_of(q), robot.n
    later = [scalars.matrix([[1 if j == c and j > k else 0 for c in range(n)] for j in range(n)])
             for k in range(n)]                              # later[k] keeps the columns j > k
    earlier = [scalars.identity(n) - keep for keep in later]              # and j <= k
    derivatives = [scalars.zero_matrix(n, n) for _ in range(n)]
    for link in _link_motions(robot, q, scalars):
        Jv, Jw, inertia = link.Jv, link.Jw, link.inertia
        for k in range(n):
            turn = skew(Jw[:, k])                                            # [Jω_k ×]
            # ∂Jv_j/∂q_k: Jω_k × Jv_j for j > k, Jω_j × Jv_k = −[Jv_k ×] Jω_j for j <= k
            dJv = turn @ Jv @ later[k] - skew(Jv[:, k]) @ Jw @ earlier[k]
            dJw = turn @ Jw @ later[k]                                      # Jω_k × Jω_j, j > k
            half = link.mass * Jv.T @ dJv + Jw.T @ inertia @ dJw
            d_inertia = turn @ inertia - inertia @ turn
            derivatives[k] = derivatives[k] + half + half.T + Jw.T @ d_inertia @ Jw
    return derivatives


_mass_matrix_derivatives = mass_matrix_derivatives.__wrapped__


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints())
def christoffel_symbols(robot, q):
    """The Christoffel symbols ``c_ijk = ½ (∂M_ij/∂q_k + ∂M_ik/∂q_j − ∂M_jk/∂q_i)``.

    A dict keyed by the joint numbers ``(i, j, k)``, each from 1 (``c[1, 1, 2]`` is
    ``c_112``), so that joint i feels ``Σ_jk c_ijk q̇_j q̇_k``; ``c_ijk = c_ikj``.

    >>> from robocourse.models import planar_2r
    >>> t2 = sp.Symbol('theta2')
    >>> christoffel_symbols(planar_2r(), [0, t2])[2, 1, 1].expand()    # θ̇1² on joint 2
    l1*l2*m2*sin(theta2)
    """
    dM = _mass_matrix_derivatives(robot, q)
    joints = range(1, robot.n + 1)
    return check.NumberedFromOne({(i, j, k): (dM[k - 1][i - 1, j - 1] + dM[j - 1][i - 1, k - 1]
                                              - dM[i - 1][j - 1, k - 1]) / 2
                                  for i in joints for j in joints for k in joints},
                                 what=phrase("christoffel_symbols(...)[i, j, k]",
                                             "errors"), n=robot.n,
                                 example=phrase("[1, 1, 2] is c_112", "errors"))


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints())
def coriolis_matrix(robot, q, qd):
    """The Coriolis MATRIX ``C(q, q̇)`` with ``C_ij = Σ_k c_ijk q̇_k`` (Christoffel symbols).

    Not to be confused with the VECTOR ``c = C q̇`` (``velocity_product``).
    With this choice of ``C``, ``Ṁ − 2C`` is skew-symmetric.

    >>> from robocourse.models import planar_2r
    >>> t2, w1, w2 = sp.symbols('theta2 thetadot1 thetadot2')
    >>> coriolis_matrix(planar_2r(), [0, t2], [w1, w2]).applyfunc(sp.factor)
    Matrix([
    [-l1*l2*m2*thetadot2*sin(theta2), -l1*l2*m2*(thetadot1 + thetadot2)*sin(theta2)],
    [ l1*l2*m2*thetadot1*sin(theta2),                                             0]])
    """
    c = christoffel_symbols.__wrapped__(robot, q)
    joints = range(1, robot.n + 1)
    return B.scalars_of(q).matrix([[sum(c[i, j, k] * qd[k - 1] for k in joints) for j in joints]
                           for i in joints])


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints())
def velocity_product(robot, q, qd):
    """The Coriolis and centripetal torques, the VECTOR ``c = C(q, q̇) q̇``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> velocity_product(arm, [0.0, 1.0], [1.0, 0.0]).round(12)   # m2 l1 l2 s2 θ̇1² on joint 2
    array([0.        , 0.84147098])
    """
    return coriolis_matrix.__wrapped__(robot, q, qd) @ qd


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(),
                 gravity=check.Gravity())
def gravity_load(robot, q, *, gravity=None):
    """The gravity torques ``G(q) = ∂U/∂q = −Σ m_i Jv_iᵀ g`` (``g``: ``gravity``, by
    default ``robot.gravity``; ``gravity=0``: none).

    >>> from robocourse.models import planar_2r
    >>> gravity_load(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81), [0.0, 0.0])
    array([29.43,  9.81])
    """
    scalars = B.scalars_of(q)
    G = scalars.zeros(robot.n)
    for link in _link_motions(robot, q, scalars):
        G = G - link.mass * link.Jv.T @ gravity
    return G


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints(),
                 qdd=check.Joints(),
                 wrench=check.Wrench(), frame=check.Frame(), gravity=check.Gravity())
def inverse_dynamics(robot, q, qd, qdd, *, wrench=None, frame="base", gravity=None):
    """``τ = M(q) q̈ + C(q, q̇) q̇ + G(q) + Jᵀ F``: the manipulator form, to set against
    Newton–Euler. ``wrench = F``, ``frame``, ``gravity``: as in ``newton_euler``; the load
    enters through the tool Jacobian (``statics.joint_torques_by_jacobian``).

    >>> from robocourse.models import planar_2r
    >>> inverse_dynamics(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81),
    ...                  [0.0, 0.0], [0.0, 0.0], [0.0, 0.0])
    array([29.43,  9.81])
    """
    return (mass_matrix.__wrapped__(robot, q) @ qdd
            + coriolis_matrix.__wrapped__(robot, q, qd) @ qd
            + gravity_load.__wrapped__(robot, q, gravity=gravity)
            + joint_torques_by_jacobian_unchecked(robot, q, wrench, frame=frame))
