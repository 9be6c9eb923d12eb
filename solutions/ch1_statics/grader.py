"""Chapter 1 exercises — the hidden tests (instructor only: never released).

Registered on the assignment's exercise set (``robocourse.exercises.ch1_statics``);
the grader runs each exercise's visible tests, then these.
"""

import numpy as np
import sympy as sp

from robocourse.exercises import hidden_catalogue
from robocourse.exercises.ch1_statics import (
    EX1_SYMBOLS,
    EX3_SYMBOLS,
    EX4_SYMBOLS,
    EX5_SYMBOLS,
    STATICS_ROUTES,
    TRANSFORM_ROUTES,
    VELOCITY_ROUTES,
    Fx,
    Fy,
    base_frame_torques,
    check_free_force,
    check_step,
    exercises,
    fx,
    fy,
    nz,
    payload_numbers,
    sensor_numbers,
    singular_torques,
    student_step,
    theta1,
    theta2,
    theta3,
    tool_frame_torques,
)
from robocourse.frames import force_transform, rot_x, rot_z, velocity_transform
from robocourse.grading import check_expression, check_number
from robocourse.grading.checks import Known, Mistake, case, equal
from robocourse.language import locate, say
from robocourse.models import planar_2r, planar_3r, rp_arm
from robocourse.statics import joint_torques_by_jacobian, static_forces_by_propagation

__all__ = ["exercises"]

#: What these hidden tests say, in the student's language (never released).
locate("hidden", hidden_catalogue(__file__))


@exercises.hidden(1, by_hand={"tau_tool": STATICS_ROUTES})
def exercise_1(tau_tool):
    check_expression(tau_tool, tool_frame_torques("planar_2r", (theta1, theta2),
                                                  (fx, fy, 0, 0, 0, nz)),
                     "tau_tool", markers=(fx, fy, nz), allowed_symbols=EX1_SYMBOLS)


def _torques_with_student_step(inward_step, robot, q, f, n):
    """The whole inward recursion, tool frame to link 1, built from the student's step."""
    steps = [link.transform(q_i) for link, q_i in zip(robot.links[1:], q[1:], strict=True)]
    f, n = np.asarray(f, dtype=float), np.asarray(n, dtype=float)
    torques = []
    for T, link in zip(reversed([*steps, robot.tool]), reversed(robot.links), strict=True):
        T = np.asarray(T, dtype=float)
        f, n = student_step(inward_step, T[:3, :3], T[:3, 3], f, n)
        torques.insert(0, n[2] if link.is_revolute else f[2])
    return np.array(torques)


@exercises.hidden(2)
def exercise_2(inward_step, context):
    rng = context.rng()
    for k in range(4):
        R = rot_z(rng.uniform(-np.pi, np.pi)) @ rot_x(rng.uniform(-np.pi, np.pi))
        check_step(inward_step, say("random frame {k}", "hidden", k=k + 1), R,
                   rng.uniform(-1, 1, 3),
                   rng.uniform(-10, 10, 3), rng.uniform(-2, 2, 3))
    for robot, q, f, n, name in [
            (planar_3r(lengths=[0.6, 0.45, 0.2]), [0.4, -1.1, 0.7], [3.0, -2.0, 0.0],
             [0.0, 0.0, 0.5], say("the joint torques of the planar 3R from your inward_step",
                                  "hidden")),
            (rp_arm(), [0.8, 0.55], [-4.0, 6.0, 0.0], [0.0, 0.0, 1.5],
             say("the joint torques of the R-P arm from your inward_step", "hidden"))]:
        expected = static_forces_by_propagation(robot, q, [*f, *n], frame="tool").torques
        check_number(_torques_with_student_step(inward_step, robot, q, f, n), expected, name,
                     rtol=1e-9, atol=1e-9)


@exercises.hidden(3, by_hand={"tau_3r": STATICS_ROUTES})
def exercise_3(tau_3r):
    check_expression(tau_3r, tool_frame_torques("planar_3r", (theta1, theta2, theta3),
                                                (fx, fy, 0, 0, 0, nz)),
                     "tau_3r", markers=(fx, fy, nz), allowed_symbols=EX3_SYMBOLS)


@exercises.hidden(4, by_hand={"tau_base": STATICS_ROUTES})
def exercise_4(tau_base):
    with case(say("with theta2 = 0", "hidden")):
        check_expression(tau_base.subs(theta2, 0),
                         base_frame_torques("planar_2r", (theta1, 0), (Fx, Fy, 0)), "tau_base",
                         markers=(Fx, Fy), allowed_symbols=EX4_SYMBOLS)
    check_expression(tau_base, base_frame_torques("planar_2r", (theta1, theta2), (Fx, Fy, 0)),
                     "tau_base", markers=(Fx, Fy), allowed_symbols=EX4_SYMBOLS)


@exercises.hidden(5, by_hand={"tau_rp": STATICS_ROUTES})
def exercise_5(tau_rp):
    d2 = sp.Symbol("d2")
    with case(say("with theta1 = 90° (arm pointing up)", "hidden")):
        check_expression(tau_rp.subs(theta1, sp.pi / 2),
                         base_frame_torques("rp_arm", (sp.pi / 2, d2), (Fx, Fy, 0), (0, 0, nz)),
                         "tau_rp", markers=(Fx, Fy, nz), allowed_symbols=EX5_SYMBOLS)
    check_expression(tau_rp, base_frame_torques("rp_arm", (theta1, d2), (Fx, Fy, 0), (0, 0, nz)),
                     "tau_rp", markers=(Fx, Fy, nz), allowed_symbols=EX5_SYMBOLS)


def _payload(student):
    """The payload torques and the known wrong ones (direction, g, degrees, frame)."""
    l1_m, l2_m, t1, t2, kg, push = payload_numbers(student)
    arm, q = planar_2r(l1=l1_m, l2=l2_m), np.radians([t1, t2])

    def tau(force, angles=q, frame="base"):
        return joint_torques_by_jacobian(arm, angles, [*force, 0, 0, 0], frame=frame)

    right = [push, kg * 9.81, 0.0]
    known = [Known(tau([push, -kg * 9.81, 0.0]),
                   say("It matches a payload force pointing down: F is the force the tool "
                       "exerts ON the payload, which holds it up.", "hidden"),
                   "payload-down"),
             Known(tau([-push, kg * 9.81, 0.0]),
                   say("It matches a push pointing the wrong way: F is the force the tool "
                       "exerts ON the wall.", "hidden"), "push-reversed"),
             Known(tau([-push, -kg * 9.81, 0.0]),
                   say("It matches the load the environment exerts on the tool; F is the force "
                       "the tool exerts on its environment.", "hidden"), "load-reversed"),
             Known(tau([push, kg, 0.0]),
                   say("It matches a weight of payload_kg newtons: multiply by g.", "hidden"),
                   "no-g"),
             Known(tau(right, angles=[t1, t2]),
                   say("It matches the angles in degrees used as radians.", "hidden"),
                   "degrees"),
             Known(tau(right, frame="tool"),
                   say("It matches the base-frame force used as if it were written in the tool "
                       "frame {3}.", "hidden"), "wrong-frame")]
    return static_forces_by_propagation(arm, q, [*right, 0, 0, 0], frame="base").torques, known


@exercises.hidden(6)
def exercise_6(tau_payload, context):
    expected, known = _payload(context.student)
    check_number(tau_payload, expected, "tau_payload", rtol=1e-3, atol=1e-3, unit="N·m",
                 mistakes=known)


@exercises.hidden(7)
def exercise_7(F_free):
    for theta in (sp.Rational(3, 10), sp.pi / 2, sp.Rational(5, 2), sp.pi, -2):
        check_free_force(F_free, theta, f"theta1 = {theta}")
    if not equal(singular_torques(F_free, theta1), sp.zeros(2, 1)):
        raise Mistake(say("F_free needs joint torque for some theta1 at theta2 = 0: it must be "
                          "held for free for every theta1", "hidden"), "needs-torque")


def _frames(student):
    phi_deg, P, F_T, N_T, v_S, w_S = sensor_numbers(student)
    return rot_z(np.radians(phi_deg)), P, F_T, N_T, v_S, w_S


@exercises.hidden(8, by_hand={"W_S": TRANSFORM_ROUTES})
def exercise_8(W_S, context):
    R, P, F, N, _, _ = _frames(context.student)
    W_T = np.concatenate([F, N])
    known = [Known(force_transform(R.T, -R.T @ P) @ W_T,
                   say("It matches the wrench carried the other way, from {S} to {T}: use "
                       "S_R_T and S_P_T.", "hidden"), "reversed"),
             Known(np.concatenate([R @ F, R @ N + np.cross(P, F)]),
                   say("The moment arm S_P_T × F needs the force written in {S}: rotate it "
                       "first.", "hidden"), "unrotated-arm"),
             Known(np.concatenate([R @ F, R @ N]),
                   say("The moment of the force about the sensor origin (S_P_T × S_F) is "
                       "missing.", "hidden"), "moment-missing"),
             Known(np.concatenate([R @ F, R @ N - np.cross(P, R @ F)]),
                   say("The moment of the offset has the wrong sign: it is S_P_T × S_F (moment "
                       "arm first).", "hidden"), "moment-sign"),
             Known(np.concatenate([F, N + np.cross(P, F)]),
                   say("The force and the moment were not rotated into {S}.", "hidden"),
                   "not-rotated")]
    check_number(W_S, force_transform(R, P) @ W_T, "W_S", rtol=1e-3, atol=1e-3,
                 unit="N / N·m", mistakes=known)


@exercises.hidden(9, by_hand={"V_T": VELOCITY_ROUTES})
def exercise_9(V_T, context):
    R, P, F, N, v, w = _frames(context.student)
    V_S, W_T = np.concatenate([v, w]), np.concatenate([F, N])
    known = [Known(np.concatenate([R.T @ v, R.T @ w]),
                   say("The velocity the turning adds at the tool origin (omega × S_P_T) is "
                       "missing.", "hidden"), "rotation-term-missing"),
             Known(np.concatenate([R.T @ (v - np.cross(w, P)), R.T @ w]),
                   say("The velocity added by the turning has the wrong sign: it is "
                       "omega × S_P_T.", "hidden"), "rotation-term-sign"),
             Known(np.concatenate([v + np.cross(w, P), w]),
                   say("The velocity is still written in {S}: rotate it into {T} with "
                       "T_R_S = S_R_Tᵀ.", "hidden"), "not-rotated"),
             Known(np.concatenate([R @ (v + np.cross(w, P)), R @ w]),
                   say("It is rotated with S_R_T; vectors written in {S} go into {T} with "
                       "T_R_S = S_R_Tᵀ.", "hidden"), "wrong-rotation")]
    try:
        check_number(V_T, velocity_transform(R, P) @ V_S, "V_T", rtol=1e-3, atol=1e-3,
                     unit="m/s, rad/s", mistakes=known)
    except Mistake as mistake:
        power = (force_transform(R, P) @ W_T) @ V_S               # W_Sᵀ V_S
        if abs(W_T @ V_T - power) > 1e-3 * max(1.0, abs(power)):
            raise Mistake(say("{mistake} Your V_T also changes the power: W_Tᵀ V_T ≠ W_Sᵀ V_S.",
                              "hidden", mistake=mistake), mistake.code) from None
        raise
