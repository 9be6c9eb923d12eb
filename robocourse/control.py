"""Computed-torque control: cancel the arm's dynamics with a model of it, then steer
the remaining error like a spring and a damper (chapter 5, §5.5).

To follow a desired motion ``q_des(t)`` (a ``trajectories.JointTrajectory``; "des"
for desired, not to be read as the rate ``qd``), with the error ``e = q_des − q``,
the controller applies

    τ = M(q) (q̈_des + Kv ė + Kp e) + c(q, q̇) + G(q).

If ``M, c, G`` are exactly the arm's own, ``τ = M q̈ + c + G`` cancels them and leaves
``M (ë + Kv ė + Kp e) = 0``, so every joint's error obeys ``ë + Kv ė + Kp e = 0``: a
unit mass on a spring ``Kp`` and a damper ``Kv`` (critically damped for
``Kv = 2√Kp``), and it dies away. A controller whose model is wrong — a payload 20 %
heavier than the real one, say — cancels too much or too little; the rest acts as
a disturbance, and the error stays bounded but no longer vanishes.

Joint friction (``friction.Friction``) is one more term of the arm's equations,
``τ = M q̈ + c + G + τ_f(q̇)``. A controller with a friction model adds its ``τ̂_f(q̇)``
at the measured rates and cancels it like the rest (Craig 2017, §10.4); without one, the
arm's friction acts as a disturbance that drags the joints behind the plan while they
move.

A geared motor behind each joint (``motors``) adds its rotor's reflected inertia
``I_a = η² I_m`` to the diagonal of M: the arm is ``τ = (M + diag I_a) q̈ + c + G``. A
controller that knows the armature (``armature=``) cancels it with the rest; one that
omits it (a model of the links alone) applies too little torque to accelerate the
rotors, and the error no longer vanishes while the arm accelerates.
"""

from dataclasses import dataclass
from functools import partial

import numpy as np

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.language import say
from robocourse.motors import mass_matrix_with_motors
from robocourse.newton_euler import gravity_load, mass_matrix, velocity_product
from robocourse.simulate import SOLVER_OPTIONS, Motion, simulate

#: The gains: one number > 0 for all joints, or n of them (one per joint).
_GAINS = dict(Kp=check.PerJoint("1/s²", at_least=">0"), Kv=check.PerJoint("1/s", at_least=">0"))


def _trajectory(trajectory, n, robot_name):
    """``trajectory`` checked to be a desired motion of ``n`` joints: an object whose
    ``at(t)`` gives ``(q_des, qd_des, qdd_des)`` (a ``trajectories.JointTrajectory``)."""
    if not callable(getattr(trajectory, "at", None)):
        raise TypeError(say("trajectory must be a desired motion with at(t) -> (q, qd, qdd), "
                            "such as trajectories.synchronised(q0, qf, duration); got "
                            "{trajectory}", "errors", trajectory=check.shown(trajectory)))
    start = trajectory.at(0.0)
    if len(start) != 3 or any(np.shape(part) != (n,) for part in start):
        shapes = [np.shape(part) for part in start]
        raise ValueError(say("trajectory must move the {n} joints of {robot}: at(0) must "
                             "give q, qd, qdd of {n} entries each; got shapes {shapes}",
                             "errors", n=n, robot=robot_name, shapes=shapes))
    return trajectory


@check.arguments(_finite=False, robot=check.Robot(dynamics=True, numeric=True), **_GAINS,
                 model=check.Model(), friction=check.Friction(simulation=True),
                 armature=check.Armature())
def computed_torque(robot, trajectory, Kp, Kv, model=None, friction=None, armature=None):
    """The control law ``τ(t, q, q̇) = M(q)(q̈_des + Kv ė + Kp e) + c(q, q̇) + G(q) + τ̂_f(q̇)``,
    with ``e = q_des(t) − q`` and ``M, c, G`` of ``robot``: the controller's model of the
    arm; ``τ̂_f`` its model of the joint friction (``friction``: a ``friction.Friction``
    with numbers, or None for none); ``armature``: its model of the motors' reflected
    inertias ``η² I_m``, one per joint, added to the diagonal of ``M`` (None: none).

    ``Kp, Kv``: positive gains, one for all joints or one per joint. ``model``: the
    robot's ``codegen.CompiledDynamics`` (None: Newton–Euler). The result is a
    ``torque`` function for ``simulate``.

    >>> from robocourse.models import planar_2r
    >>> from robocourse.trajectories import synchronised
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> law = computed_torque(arm, synchronised([-1.0, 0.0], [0.0, 0.0], 2.0), Kp=100, Kv=20)
    >>> law(3.0, np.array([0.0, 0.0]), np.array([0.0, 0.0]))   # arrived, at rest: hold level
    array([29.43,  9.81])
    """
    _trajectory(trajectory, robot.n, say("the robot", "errors"))
    return _control_law(robot, trajectory, Kp, Kv, model, friction, armature)


def _control_law(robot, trajectory, Kp, Kv, model, friction, armature):
    """The law of ``computed_torque`` for its arguments, checked."""
    friction_torque = (lambda qd: 0.0) if friction is None else friction._numeric_torque
    if model is None:
        M, c, G = (partial(mass_matrix, robot), partial(velocity_product, robot),
                   partial(gravity_load, robot))
        if armature is not None:
            M = partial(mass_matrix_with_motors.__wrapped__, robot, armature=armature)
    else:
        M, c, G = model.mass_matrix, model.velocity_product, model.gravity_load
        if armature is not None:
            M = partial(_plus_diagonal, model.mass_matrix, np.diag(armature))

    joints = check.Vector(robot.n, check.ONE_PER_JOINT, numeric=True)

    @check.arguments(_finite=False, t=check.Number(numeric=True), q=joints, qd=joints)
    def torque(t, q, qd):
        q_des, qd_des, qdd_des = trajectory.at(t)
        e, e_dot = q_des - q, qd_des - qd
        with np.errstate(over="ignore", invalid="ignore"):
            tau = M(q) @ (qdd_des + Kv * e_dot + Kp * e) + c(q, qd) + G(q) + friction_torque(qd)
        if not np.isfinite(tau).all():
            raise check.overflow_error("computed_torque", {"Kp": Kp, "Kv": Kv, "q": q, "qd": qd},
                                       say("the torques of the control law at t = {t} are not "
                                           "finite", "errors", t=t))
        return tau
    return torque


def _plus_diagonal(compiled_mass_matrix, rotors, q):
    """``M(q) + diag(I_a)`` from a compiled ``mass_matrix`` and ``rotors = diag(I_a)``."""
    return compiled_mass_matrix(q) + rotors


@dataclass(frozen=True)
class Tracking:
    """A controlled motion: the simulated ``motion``, the ``desired`` joint values at
    its sample times (N, n) and the tracking ``error = desired − motion.q`` (N, n)."""

    motion: Motion
    desired: np.ndarray
    error: np.ndarray


@check.arguments(_finite=False, plant=check.Robot(dynamics=True, numeric=True),
                 controller=check.Robot(dynamics=True, numeric=True), **_GAINS,
                 q0=check.Optional(check.Joints(angles=True)), qd0=check.Optional(check.Joints()),
                 plant_friction=check.Friction(simulation=True),
                 controller_friction=check.Friction(simulation=True),
                 plant_armature=check.Armature(), controller_armature=check.Armature(),
                 plant_model=check.Model(), duration=check.Optional(SOLVER_OPTIONS["duration"]),
                 **{name: SOLVER_OPTIONS[name] for name in ("samples", "rtol", "atol")})
def track(plant, controller, trajectory, Kp, Kv, q0=None, qd0=None, duration=None, *,
          plant_friction=None, controller_friction=None, plant_armature=None,
          controller_armature=None, plant_model=None, controller_model=None, samples=201,
          rtol=1e-8, atol=1e-8):
    """Simulate the arm ``plant`` driven by computed-torque control along ``trajectory``,
    the law computed with the model ``controller`` (the same robot for a perfect model,
    another one for a model error).

    ``q0, qd0``: the start (default: the start of the trajectory, ``trajectory.at(0)``, at
    rest); ``duration``: default the trajectory's. ``plant_friction``: the arm's joint
    friction, ``controller_friction``: the controller's model of it (``friction.Friction``,
    or None for none). ``plant_armature``: the reflected inertias ``η² I_m`` of the arm's
    motors, ``controller_armature``: the controller's model of them (one per joint, or
    None for none; ``motors``). ``plant_model, controller_model``: their
    ``codegen.CompiledDynamics`` for speed. Returns a ``Tracking``.

    >>> from robocourse.models import planar_2r
    >>> from robocourse.trajectories import synchronised
    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    >>> from robocourse.codegen import CompiledDynamics
    >>> fast = CompiledDynamics(arm)
    >>> path = synchronised([0.0, 0.0], [1.0, 1.0], 1.0)
    >>> result = track(arm, arm, path, Kp=100, Kv=20, plant_model=fast, controller_model=fast)
    >>> bool(np.abs(result.error).max() < 1e-6)                 # a perfect model: on track
    True
    """
    check.Model().of(controller_model, "controller_model", robot=controller)
    if controller.n != plant.n:
        raise ValueError(say("controller must model an arm of {n} joints like the plant; got "
                             "{got}", "errors", n=plant.n, got=controller.n))
    _trajectory(trajectory, plant.n, say("the plant", "errors"))
    if q0 is None:              # the start of the trajectory, computed: checked as q0 would be
        q0 = check.Joints(angles=True).of(trajectory.at(0.0)[0], "q0", robot=plant,
                                          scalars=B.NUMBERS)
    qd0 = np.zeros(plant.n) if qd0 is None else qd0
    if duration is None and not hasattr(trajectory, "duration"):
        raise TypeError(say("duration must be given for a trajectory without a duration",
                            "errors"))
    if duration is None:
        duration = SOLVER_OPTIONS["duration"].of(trajectory.duration, "duration")
    law = _control_law(controller, trajectory, Kp, Kv, controller_model, controller_friction,
                       controller_armature)
    motion = simulate.__wrapped__(plant, q0, qd0, duration, law, friction=plant_friction,
                                  armature=plant_armature, model=plant_model, samples=samples,
                                  rtol=rtol, atol=atol)
    desired = trajectory.at(motion.t)[0]
    return Tracking(motion=motion, desired=desired, error=desired - motion.q)


__all__ = ["computed_torque", "track", "Tracking"]
