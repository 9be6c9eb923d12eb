"""Motors and gears: the rotor's inertia seen at the joint (chapter 5, §5.9; Craig 2017 §9.9,
the effective inertia).

Joint j is driven by a motor through a gear of ratio ``η_j``: the rotor turns ``η_j`` times
as fast as the joint, ``θ̇_m = η_j q̇_j``. A rotor of inertia ``I_m`` about its axis stores the
kinetic energy ``½ I_m θ̇_m² = ½ (η_j² I_m) q̇_j²``, so the joint feels it as one more
inertia, the *reflected* inertia (the *armature*)

    I_a,j = η_j² I_m,j,

and the arm's equations of motion become

    τ = (M(q) + diag(I_a)) q̈ + c(q, q̇) + G(q),

with ``τ`` the torque at the joint (η times the motor's). Only the square of η counts: a
gear that turns the rotor the other way (a negative ratio, as two of the PUMA's) reflects
the same inertia. ``diag(I_a)`` is constant and sits on the diagonal alone, so it adds to
every ``M_jj`` and to no coupling ``M_jk``: with ratios near 100 the rotors of small motors
outweigh the links they drive, and the arm behaves more like n independent joints.

This is the model of Craig (and of Spong's, pinocchio's ``model.armature``, and
roboticstoolbox's ``Link.Jm`` with ``Link.G``): the rotor's own gyroscopic torques, of
order ``I_m η q̇ ω`` with ``ω`` the angular velocity of the link that carries it, are left
out, and its mass belongs to the link that carries it.

``armature``, one ``I_a,j`` per joint (kg·m², or kg for a prismatic joint), is what
``simulate.forward_dynamics``, ``simulate.simulate``, ``control.computed_torque`` and
``control.track`` take as ``armature=``; ``parameters.regressor(..., armature=True)``
identifies it (chapter 7).
"""

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.language import phrase, say
from robocourse.newton_euler import inverse_dynamics, mass_matrix

_INERTIA = check.Number(phrase("kg·m², the rotor's inertia about its axis", "errors"),
                        at_least=0)


def _one_each(values, name, motor_inertia):
    """A clear error unless ``values`` has one entry per motor."""
    if len(values) != len(motor_inertia):
        raise ValueError(say("{name} must have one entry per entry of motor_inertia ({length}); "
                             "got {got}", "errors", name=name, length=len(motor_inertia),
                             got=len(values)))


@check.arguments(motor_inertia=check.Vector(None, check.ONE_PER_JOINT),
                 gear_ratio=check.Vector(None, check.ONE_PER_JOINT))
def reflected_inertia(motor_inertia, gear_ratio):
    """The armature ``I_a = η² I_m`` of each joint: its rotor's inertia ``motor_inertia``
    (I_m, kg·m², ``>= 0``) seen through the gear ratio ``gear_ratio`` (η, rotor turns per
    joint turn, not 0; its sign is the sense of the gear and drops out).

    >>> reflected_inertia([200e-6, 33e-6], [-62.6111, 76.686]).round(4)   # the PUMA's 1, 6
    array([0.784 , 0.1941])
    >>> import sympy as sp
    >>> I_m, eta = sp.symbols('I_m eta')
    >>> reflected_inertia([I_m], [eta])
    Matrix([[I_m*eta**2]])
    >>> reflected_inertia([200e-6], [0])
    Traceback (most recent call last):
    ...
    ValueError: gear_ratio[0] must not be 0 (rotor turns per joint turn, 1 for direct drive); got 0
    """
    _one_each(gear_ratio, "gear_ratio", motor_inertia)
    for k, (inertia, ratio) in enumerate(zip(motor_inertia, gear_ratio, strict=True)):
        _INERTIA.of(inertia, f"motor_inertia[{k}]")
        if ratio == 0:
            raise ValueError(say("{name} must not be 0 (rotor turns per joint turn, 1 for direct "
                                 "drive); got 0", "errors", name=f"gear_ratio[{k}]"))
    scalars = B.scalars_of(motor_inertia, gear_ratio)
    return scalars.vector([ratio**2 * inertia
                           for inertia, ratio in zip(motor_inertia, gear_ratio, strict=True)])


@check.arguments(motor_inertia=check.Vector(None, check.ONE_PER_JOINT),
                 gear_ratio=check.Vector(None, check.ONE_PER_JOINT),
                 qd=check.Vector(None, check.ONE_PER_JOINT))
def rotor_kinetic_energy(motor_inertia, gear_ratio, qd):
    """The kinetic energy of the rotors, ``K_m = Σ_j ½ I_m,j (η_j q̇_j)²``: each spins at
    ``η_j q̇_j``. Added to the links' kinetic energy in a Lagrangian, it gives the armature
    ``η_j² I_m,j`` on the diagonal of M (the energy route to ``mass_matrix_with_motors``).

    >>> import sympy as sp
    >>> I_m, eta, w = sp.symbols('I_m eta thetadot1')
    >>> rotor_kinetic_energy([I_m], [eta], [w])
    I_m*eta**2*thetadot1**2/2
    >>> rotor_kinetic_energy([200e-6], [-62.6111], [1.0, 2.0])
    Traceback (most recent call last):
    ...
    ValueError: qd must have one entry per entry of motor_inertia (1); got 2
    """
    _one_each(qd, "qd", motor_inertia)
    armature = reflected_inertia.__wrapped__(motor_inertia, gear_ratio)
    return sum(armature[j] * qd[j] ** 2 for j in range(len(qd))) / 2


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), armature=check.Armature())
def mass_matrix_with_motors(robot, q, armature):
    """``M(q) + diag(I_a)``: the mass matrix of ``robot`` (``newton_euler.mass_matrix``) with
    the armature ``I_a = η² I_m`` of each joint's motor on its diagonal.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> mass_matrix_with_motors(arm, [0.0, 0.0], [0.5, 0.25])
    array([[5.5 , 2.  ],
           [2.  , 1.25]])
    >>> mass_matrix_with_motors(arm, [0.0, 0.0], [0.5])
    Traceback (most recent call last):
    ...
    ValueError: armature must have 2 entries (one per joint, the reflected inertia η² I_m); got 1
    """
    M = mass_matrix(robot, q)
    scalars = B.scalars_of(M, armature)
    return scalars.convert(M) + scalars.matrix(
        [[armature[j] if j == k else 0 for k in range(robot.n)] for j in range(robot.n)])


@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints(),
                 qdd=check.Joints(), armature=check.Armature(), gravity=check.Gravity())
def inverse_dynamics_with_motors(robot, q, qd, qdd, armature, *, gravity=None):
    """``τ = M(q) q̈ + c(q, q̇) + G(q) + I_a q̈`` (per joint ``+ I_a,j q̈_j``): the torques at
    the joints of ``robot`` (``newton_euler.inverse_dynamics``) that also spin its motors'
    rotors, the armature ``I_a = η² I_m`` of each joint.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> inverse_dynamics_with_motors(arm, [0.0, 0.0], [0.0, 0.0], [1.0, 0.0], [0.5, 0.25])
    array([34.93, 11.81])
    """
    tau = inverse_dynamics.__wrapped__(robot, q, qd, qdd, gravity=gravity)
    scalars = B.scalars_of(tau, armature, qdd)
    return scalars.convert(tau) + scalars.vector(
        [armature[j] * qdd[j] for j in range(robot.n)])


__all__ = ["reflected_inertia", "rotor_kinetic_energy", "mass_matrix_with_motors",
           "inverse_dynamics_with_motors"]
