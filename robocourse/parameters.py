"""The dynamic parameters of a robot and the regressor: ``τ = Y(q, q̇, q̈) π`` (chapter 7).

**Standard parameters.** Link j is described by ten numbers, written in its own frame {j}
and taken about the ORIGIN of {j} (not about its centre of mass), in the order of
Khalil & Dombre (2002):

    π_j = [XX_j, XY_j, XZ_j, YY_j, YZ_j, ZZ_j, MX_j, MY_j, MZ_j, M_j]

* ``XX … ZZ``: the six entries of the inertia tensor ``J_j`` about the origin of {j},
  ``J = [[XX, XY, XZ], [XY, YY, YZ], [XZ, YZ, ZZ]]``. They are the ENTRIES of the
  tensor: in Craig's notation ``XX = Ixx`` but ``XY = −Ixy`` (``Ixy = ∫ x y dm``);
* ``MX, MY, MZ``: the first moments ``MS_j = m_j r_cj`` (``r_cj`` the centre of mass in {j});
* ``M``: the mass ``m_j``.

They are related to the mass properties of chapter 2 (mass, centre of mass, tensor
``C_I`` about the centre of mass) by the parallel-axis theorem,
``J = C_I + m (r_cᵀ r_c I3 − r_c r_cᵀ)`` (``origin_parameters``), and back
(``centre_of_mass_parameters``, which fails for parameters no rigid body can have).
Optionally each joint adds the armature ``IA_j``, the reflected inertia ``η_j² I_m,j`` of
its motor's rotor (``motors``; torque ``IA_j q̈_j`` at joint j alone, so its column in the
regressor is ``q̈_j`` in row j), and friction, ``τ_f = FV_j q̇_j + FC_j sign(q̇_j)`` (viscous
and Coulomb); these drive parameters follow the 10 n inertial ones, armature first:
``π = [π_1, …, π_n, IA_1, …, IA_n, FV_1, FC_1, …, FV_n, FC_n]``.

**Newton–Euler in the link-origin parameters.** With ``ω, ω̇, v̇`` of link j's origin
(the outward recursion of ``newton_euler``), the force and the moment ABOUT THE ORIGIN
that move link j are linear in ``π_j``::

    F_j = M v̇ + ω̇ × MS + ω × (ω × MS)
    N_j = J ω̇ + ω × (J ω) + MS × v̇

and the inward recursion ``f_j = R f_{j+1} + F_j``, ``n_j = N_j + R n_{j+1} + P × R f_{j+1}``
is linear too. So ``τ`` is linear in π: ``τ = Y(q, q̇, q̈) π``. The regressor ``Y`` (n x 10n,
or n x 12n with friction) is built by sending, for every link, the ten wrenches of the
unit parameters inward at once: column k of Y is the torque a robot would need whose
only parameter is ``π_k = 1``. Link j's columns are zero in the rows of the joints
beyond j (row i only feels the links i..n).

``inverse_dynamics(robot, q, qd, qdd, parameters=π)`` runs the same recursion with the
numbers (or symbols) π directly; with the robot's own parameters it is a fourth route to
the torques of ``newton_euler`` and ``lagrange`` (same arguments).
"""

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.frames import skew_unchecked as skew
from robocourse.inertia import check_inertia_unchecked as check_inertia
from robocourse.inertia import parallel_axis_to_centre, parallel_axis_unchecked
from robocourse.language import phrase, say
from robocourse.newton_euler import (
    inward_recursion_unchecked,
    link_transforms_unchecked,
    outward_recursion_unchecked,
)
from robocourse.statics import tool_wrench_unchecked

#: The names of the ten standard parameters of a link, in their order in π_j.
PARAMETER_NAMES = ("XX", "XY", "XZ", "YY", "YZ", "ZZ", "MX", "MY", "MZ", "M")
#: The names of the two friction parameters of a joint: viscous and Coulomb.
FRICTION_NAMES = ("FV", "FC")
#: The name of a joint's armature parameter, its motor's reflected inertia η² I_m.
ARMATURE_NAME = "IA"
PER_LINK = len(PARAMETER_NAMES)
_TENSOR = ((0, 1, 2), (1, 3, 4), (2, 4, 5))       # the entries of J in π_j[:6], row by row


#: The ten parameters of one link, in the order of ``PARAMETER_NAMES``.
_TEN = check.Vector(PER_LINK, "XX, XY, XZ, YY, YZ, ZZ, MX, MY, MZ, M")


def _per_joint(friction, armature):
    """The number of parameters per joint: 10, 1 more with ``armature``, 2 with ``friction``."""
    return PER_LINK + (1 if armature else 0) + (len(FRICTION_NAMES) if friction else 0)


@check.arguments(_finite=False, robot=check.Robot(), friction=check.Flag(),
                 armature=check.Flag())
def parameter_count(robot, friction=False, armature=False):
    """The number of standard parameters: 10 per link, 1 more per joint with ``armature``
    and 2 with ``friction``.

    >>> from robocourse.models import puma560
    >>> parameter_count(puma560()), parameter_count(puma560(), friction=True, armature=True)
    (60, 78)
    """
    return robot.n * _per_joint(friction, armature)


@check.arguments(_finite=False, robot=check.Robot(), friction=check.Flag(),
                 armature=check.Flag())
def parameter_symbols(robot, friction=False, armature=False):
    """The standard parameters as sympy symbols, a column: ``XX1, XY1, …, M1, XX2, …``;
    with ``armature``, ``IA1, …, IAn`` after them; with ``friction``, ``FV1, FC1, …, FVn,
    FCn`` at the end.

    >>> from robocourse.models import planar_2r
    >>> list(parameter_symbols(planar_2r())[:10])
    [XX1, XY1, XZ1, YY1, YZ1, ZZ1, MX1, MY1, MZ1, M1]
    >>> list(parameter_symbols(planar_2r(), friction=True, armature=True)[-6:])
    [IA1, IA2, FV1, FC1, FV2, FC2]
    """
    count = robot.n * _per_joint(friction, armature)
    return sp.Matrix([sp.Symbol(_parameter_name(k, robot.n, armature)) for k in range(count)])


@check.arguments(_finite=False, k=check.Count(0), n=check.Count(1), armature=check.Flag())
def parameter_name(k, n, armature=False):
    """The name of standard parameter ``k`` (0-based, in π) of an n-link robot (whose π has
    the ``armature`` parameters, or not).

    >>> parameter_name(5, 2), parameter_name(19, 2), parameter_name(21, 2)
    ('ZZ1', 'M2', 'FC1')
    >>> parameter_name(21, 2, armature=True)
    'IA2'
    """
    return _parameter_name(k, n, armature)


def _parameter_name(k, n, armature):
    """``parameter_name`` of checked numbers."""
    if k < PER_LINK * n:
        return f"{PARAMETER_NAMES[k % PER_LINK]}{k // PER_LINK + 1}"
    k -= PER_LINK * n
    if armature:
        if k < n:
            return f"{ARMATURE_NAME}{k + 1}"
        k -= n
    if k >= len(FRICTION_NAMES) * n:
        raise ValueError(say("k must be below {limit} for a robot of {n} links; got {k}",
                             "errors", limit=_per_joint(True, armature) * n, n=n,
                             k=k + _per_joint(False, armature) * n))
    return f"{FRICTION_NAMES[k % 2]}{k // 2 + 1}"


@check.arguments(link_parameters=_TEN)
def inertia_tensor(link_parameters):
    """The inertia tensor ``J`` about the link-frame origin from the ten parameters of a link.

    >>> inertia_tensor([1, 2, 3, 4, 5, 6, 0, 0, 0, 1])
    array([[1., 2., 3.],
           [2., 4., 5.],
           [3., 5., 6.]])
    """
    return _inertia_tensor(link_parameters)


def _inertia_tensor(values):
    """``inertia_tensor`` of ten checked parameters."""
    return B.scalars_of(values).matrix([[values[k] for k in row] for row in _TENSOR])


@check.arguments(mass=check.Number("kg", at_least=0),
                 r_c=check.Sequence(3, phrase("x, y, z in {j}", "errors")))
def origin_parameters(mass, r_c, I_c):
    """The ten standard parameters of a link from its mass, centre of mass ``r_c`` (in {j})
    and tensor ``I_c`` about the centre of mass (axes of {j}).

    ``MS = m r_c`` and, by the parallel-axis theorem of chapter 2 (``inertia.parallel_axis``),
    ``J = I_c + m (r_cᵀ r_c I3 − r_c r_cᵀ)``.

    >>> m, l = sp.symbols('m l')
    >>> origin_parameters(m, [l, 0, 0], sp.zeros(3)).T          # a point mass at l along X
    Matrix([[0, 0, 0, l**2*m, 0, l**2*m, l*m, 0, 0, m]])
    """
    return _origin_parameters(mass, r_c, check_inertia(I_c, "I_c"))


def _origin_parameters(mass, r_c, I_c):
    """``origin_parameters`` of a checked mass and centre of mass (in the kind of the three)
    and a tensor ``I_c`` that a ``Link`` has checked: a link loaded with ``physical=False``
    keeps its published tensor (the chain has warned)."""
    scalars = B.scalars_of(mass, r_c, I_c)
    r_c = scalars.vector(r_c)
    J = parallel_axis_unchecked(I_c, mass, r_c)
    return scalars.vector([J[0, 0], J[0, 1], J[0, 2], J[1, 1], J[1, 2], J[2, 2],
                           *(mass * r_c[k] for k in range(3)), mass])


@check.arguments(name=check.Text())
def centre_of_mass_parameters(link_parameters, name="link_parameters"):
    """``(mass, r_c, I_c)`` of a link from its ten standard parameters: the inverse of
    ``origin_parameters``.

    ``r_c = MS / M`` and ``I_c = J − M (r_cᵀ r_c I3 − r_c r_cᵀ)`` (the parallel-axis theorem
    read backwards, ``inertia.parallel_axis_to_centre``). Raises ValueError when no rigid
    body has these parameters: a mass that is not positive, or a tensor about the centre of
    mass that fails chapter 2's checks (positive semi-definite, triangle inequalities).
    ``name``: what the messages call the parameters.

    >>> mass, r_c, I_c = centre_of_mass_parameters([0, 0, 0, 2.0, 0, 2.0, 1.0, 0, 0, 1.0])
    >>> mass, r_c.tolist(), np.diag(I_c).tolist()               # 1 kg at 1 m along X, plus I
    (1.0, [1.0, 0.0, 0.0], [0.0, 1.0, 1.0])
    >>> centre_of_mass_parameters([0, 0, 0, 0.5, 0, 0.5, 1.0, 0, 0, 1.0])
    Traceback (most recent call last):
    ...
    ValueError: link_parameters are not those of a rigid body: I_A cannot be the tensor ...
    """
    values = _TEN.of(link_parameters, name)            # named as the caller says
    scalars = B.scalars_of(values)
    mass = values[PER_LINK - 1] if scalars.exact else float(values[PER_LINK - 1])
    if not scalars.exact and mass <= 0:
        raise ValueError(say("{name} are not those of a rigid body: the mass M = {mass} "
                             "must be > 0", "errors", name=name, mass=format(mass, ".6g")))
    r_c = scalars.vector([values[6 + k] / mass for k in range(3)])
    try:
        I_c = parallel_axis_to_centre(_inertia_tensor(values), mass, r_c)
    except ValueError as error:
        raise ValueError(say("{name} are not those of a rigid body: {error}", "errors",
                             name=name, error=error)) from None
    return mass, r_c, I_c


@check.arguments(link_parameters=_TEN, R=check.Rotation(),
                 p=check.Vector(3, phrase("x, y, z in {A}", "errors")))
def move_parameters(link_parameters, R, p):
    """The ten parameters of the same rigid body written in another frame {A}.

    ``link_parameters`` are taken in {B}; ``R = A_R_B`` and ``p = A_P_B`` place {B} in {A}.
    With ``c = R MS``: ``MS_A = c + M p``, ``M_A = M`` and
    ``J_A = R J Rᵀ + 2 (pᵀc) I3 − (c pᵀ + p cᵀ) + M (pᵀp I3 − p pᵀ)``
    (the integral ``∫ (rᵀr I3 − r rᵀ) dm`` with ``r_A = R r_B + p``). With ``MS = 0`` (about
    the centre of mass) this is the parallel-axis theorem. Linear in the parameters: the
    regrouping rules of ``base_parameters`` move parts of a link into the one before.

    >>> m, I, l = sp.symbols('m I l')
    >>> about_centre = [0, 0, 0, 0, 0, I, 0, 0, 0, m]           # a disc, centre at {B}
    >>> move_parameters(about_centre, sp.eye(3), [l, 0, 0]).T     # ZZ: I + m l²
    Matrix([[0, 0, 0, l**2*m, 0, I + l**2*m, l*m, 0, 0, m]])
    """
    scalars, values = B.scalars_of(link_parameters), link_parameters   # the call's kind
    mass = values[PER_LINK - 1]
    c = R @ scalars.vector(values[6:9])
    eye = scalars.identity(3)

    def outer(a, b):
        return scalars.matrix([[a[i] * b[j] for j in range(3)] for i in range(3)])

    J = (R @ _inertia_tensor(values) @ R.T + 2 * B.dot(p, c) * eye - outer(c, p) - outer(p, c)
         + mass * (B.dot(p, p) * eye - outer(p, p)))
    return scalars.vector([J[0, 0], J[0, 1], J[0, 2], J[1, 1], J[1, 2], J[2, 2],
                           *(c[k] + mass * p[k] for k in range(3)), mass])


@check.arguments(robot=check.Robot(dynamics=True), friction=check.FrictionPair())
def standard_parameters(robot, friction=None, armature=None):
    """The standard parameter vector π of ``robot`` from its links' mass properties.

    ``armature``: None (no armature parameters), or the reflected inertia ``η² I_m`` of each
    joint's motor (``motors.reflected_inertia``), appended as ``IA_1, …, IA_n``.
    ``friction``: None (no friction parameters), or ``(viscous, coulomb)``, two sequences
    of one number per joint (N·m·s/rad and N·m, or N·s/m and N for a prismatic joint),
    appended after them as ``FV_1, FC_1, …``.

    >>> from robocourse.models import planar_2r
    >>> list(standard_parameters(planar_2r())[10:])             # link 2: m2 at l2 along X2
    [0, 0, 0, l2**2*m2, 0, l2**2*m2, l2*m2, 0, 0, m2]
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0)
    >>> standard_parameters(arm, friction=([0.1, 0.2], [0.3, 0.4]))[-4:]
    array([0.1, 0.3, 0.2, 0.4])
    """
    values = _link_parameters(robot)
    if armature is not None:     # in the kind given (the rule alone: not the robot's kind)
        values += list(check.Armature().of(armature, "armature", robot=robot))
    if friction is not None:
        viscous, coulomb = friction
        values += [value for pair in zip(viscous, coulomb, strict=True) for value in pair]
    return B.scalars_of(values).vector(values)


def _link_parameters(robot):
    """The 10n standard parameters of a checked robot's links, as a list."""
    return [value for link in robot.links
            for value in _origin_parameters(link.mass, link.r_c, link.I_c)]


def _with_operators(motion):
    """``(ω, ω̇, v̇)`` of a link with the matrices ``[ω×]``, ``[ω̇×] + [ω×]²`` and ``[v̇×]``."""
    omega, omega_dot, vdot = motion
    turn = skew(omega)
    return omega, omega_dot, vdot, turn, skew(omega_dot) + turn @ turn, skew(vdot)


def _origin_wrench(motion, link_parameters, scalars):
    """``(F, N)``: the force and the moment about the origin that move a link with
    ``motion = _with_operators((ω, ω̇, v̇))`` (in its frame), from its ten parameters:
    ``F = M v̇ + ([ω̇×] + [ω×]²) MS``, ``N = J ω̇ + [ω×] J ω − [v̇×] MS``."""
    omega, omega_dot, vdot, turn, spin, push = motion
    J = scalars.matrix([[link_parameters[k] for k in row] for row in _TENSOR])
    MS, mass = scalars.vector(list(link_parameters[6:9])), link_parameters[9]
    F = spin @ MS if mass == 0 else mass * vdot + spin @ MS    # 0 * v̇ costs sympy dearly
    N = J @ omega_dot + turn @ (J @ omega) - push @ MS
    return F, N


def _friction_columns(qd, scalars):
    """The n x 2n friction columns of the regressor, ``∂τ_f/∂(FV_1, FC_1, …)``: joint i's
    row has ``q̇_i`` and ``sgn q̇_i`` (``sgn 0 = 0``) under its own ``FV_i, FC_i`` — the
    model ``friction.Friction`` without smoothing, linear in its coefficients."""
    n = len(qd)
    signs = [sp.sign(v) for v in qd] if scalars.exact else list(np.sign(qd))
    return scalars.matrix([[v for j in range(n) for v in ((qd[i], signs[i]) if i == j else (0, 0))]
                           for i in range(n)])


def _armature_columns(qdd, scalars):
    """The n x n armature columns of the regressor, ``∂(IA_j q̈_j)/∂IA_j``: ``diag(q̈)``."""
    n = len(qdd)
    return scalars.matrix([[qdd[i] if i == j else 0 for j in range(n)] for i in range(n)])


@check.arguments(robot=check.Robot(), q=check.Joints(), qd=check.Joints(), qdd=check.Joints(),
                 friction=check.Flag(), armature=check.Flag(), gravity=check.Gravity())
def regressor(robot, q, qd, qdd, *, friction=False, armature=False, gravity=None):
    """The regressor ``Y(q, q̇, q̈)``: ``τ = Y π`` for every parameter vector π.

    n x 10n (n more columns with ``armature``: ``q̈_j`` in row j under ``IA_j``; 2n more with
    ``friction``), columns in the order of ``parameter_symbols``.
    Only the kinematics of ``robot`` is read: the regressor does not depend on the
    parameters. ``gravity``: None (``robot.gravity``), 0, or a vector in {0}.

    The 2R arm, the column of ``M2`` (a point mass at the origin of {2}, at the elbow):

    >>> from robocourse.models import planar_2r
    >>> from robocourse.robot import joint_symbols
    >>> arm = planar_2r()
    >>> Y = regressor(arm, *joint_symbols(arm))
    >>> sp.simplify(Y[:, 19].T)
    Matrix([[l1*(g*cos(theta1) + l1*thetaddot1), 0]])
    """
    scalars = B.scalars_of(q)                                    # the call's kind
    p = PER_LINK * robot.n
    transforms = link_transforms_unchecked(robot, q, scalars)
    motions = outward_recursion_unchecked(robot, transforms, qd, qdd, gravity, scalars)
    wrenches = []
    for j, motion in enumerate(map(_with_operators, motions)):
        F, N = (scalars.matrix([[0] * p] * 3) for _ in range(2))
        for k in range(PER_LINK):
            unit = [1 if m == k else 0 for m in range(PER_LINK)]
            F_k, N_k = _origin_wrench(motion, unit, scalars)
            for r in range(3):
                F[r, PER_LINK * j + k], N[r, PER_LINK * j + k] = F_k[r], N_k[r]
        wrenches.append((F, N))
    zero = scalars.matrix([[0] * p] * 3)
    forces = inward_recursion_unchecked(robot, transforms, wrenches, (zero, zero))
    rows = [[(n_i if link.is_revolute else f_i)[2, k] for k in range(p)]
            for link, (f_i, n_i) in zip(robot.links, forces, strict=True)]
    Y = scalars.matrix(rows)
    if armature:
        Y = scalars.beside(Y, _armature_columns(qdd, scalars))
    if friction:
        Y = scalars.beside(Y, _friction_columns(qd, scalars))
    return Y


@check.arguments(robot=check.Robot(dynamics=lambda given: given["parameters"] is None),
                 q=check.Joints(), qd=check.Joints(), qdd=check.Joints(),
                 parameters=check.Optional(check.Vector(None)),
                 wrench=check.Optional(check.Wrench()), frame=check.Frame(),
                 gravity=check.Gravity())
def inverse_dynamics(robot, q, qd, qdd, *, parameters=None, wrench=None, frame="base",
                     gravity=None):
    """The joint torques ``τ = Y(q, q̇, q̈) π`` by Newton–Euler in the link-origin parameters.

    ``parameters``: the standard vector π (10n entries; 11n with the armature, 12n with
    friction, 13n with both, in the order of ``parameter_symbols``); None takes
    the robot's own (``standard_parameters``), which makes this a route like
    ``newton_euler.inverse_dynamics``, with the same ``wrench``, ``frame`` and ``gravity``.
    The recursion runs on π directly (no Y is built): with numbers for π and symbols for
    the joints, zeros in π drop whole terms — the fast code of ``base_parameters``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> inverse_dynamics(arm, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0])      # as newton_euler
    array([29.43,  9.81])
    """
    scalars = B.scalars_of(q)                                    # the call's kind
    n = robot.n
    if parameters is None:
        values = _link_parameters(robot)
        values = B.scalars_of(values).vector(values)
    else:
        values = parameters
        if len(values) not in _parameter_sets(n):
            raise ValueError(say("parameters must have {inertial} entries (10 per link), "
                                 "{armature} (with the armature), {friction} (with friction) "
                                 "or {both} (with both); got {got}", "errors",
                                 inertial=PER_LINK * n, armature=11 * n, friction=12 * n,
                                 both=13 * n, got=len(values)))
    values = scalars.convert(values)
    transforms = link_transforms_unchecked(robot, q, scalars)
    motions = outward_recursion_unchecked(robot, transforms, qd, qdd, gravity, scalars)
    wrenches = [_origin_wrench(_with_operators(motion), values[PER_LINK * j:PER_LINK * (j + 1)],
                               scalars) for j, motion in enumerate(motions)]
    load = (scalars.zeros(6) if wrench is None
            else tool_wrench_unchecked(robot, q, wrench, frame))
    forces = inward_recursion_unchecked(robot, transforms, wrenches, scalars.halves(load))
    tau = [(n_i if link.is_revolute else f_i)[2]
           for link, (f_i, n_i) in zip(robot.links, forces, strict=True)]
    tau = scalars.vector(tau)
    friction, armature = _parameter_sets(n)[len(values)]
    drive = [_armature_columns(qdd, scalars)] if armature else []
    drive += [_friction_columns(qd, scalars)] if friction else []
    if drive:
        Y = drive[0] if len(drive) == 1 else scalars.beside(*drive)
        tau = tau + Y @ scalars.vector(list(values[PER_LINK * n:]))
    return tau


def _parameter_sets(n):
    """``{length of π: (friction, armature)}`` for an n-link robot."""
    return {n * _per_joint(friction, armature): (friction, armature)
            for friction in (False, True) for armature in (False, True)}
