"""Chapter 1 exercises — statics: the answers, the per-student numbers, the visible tests.

The expected torques come from the chapter's second method (τ = Jᵀ F, or the
force propagation), computed by the library; the hidden tests check the whole
answer on other cases (``solutions/ch1_statics/grader.py``).
"""

import functools

import numpy as np
import sympy as sp

from robocourse.frames import force_transform, rot_z
from robocourse.grading import ExerciseSet, check_expression, check_number, student_rng
from robocourse.grading.checks import Mistake, case, settled
from robocourse.grading.exercises import Function, Matrix, Numbers
from robocourse.kinematics import jacobian
from robocourse.language import say
from robocourse.models import planar_2r, planar_3r, rp_arm
from robocourse.statics import joint_torques_by_jacobian

#: What the test cells (``checks.exercise_<n>(…)``) and the hidden tests
#: (``solutions/ch1_statics/grader.py``) use of this module: its interface
#: (tests/test_exercise_interfaces.py keeps it exact).
__all__ = [
    "exercises",
    "exercise_1", "exercise_2", "exercise_3", "exercise_4", "exercise_5", "exercise_6",
    "exercise_7", "exercise_8", "exercise_9",
    "EX1_SYMBOLS", "EX3_SYMBOLS", "EX4_SYMBOLS", "EX5_SYMBOLS", "Fx", "Fy", "STATICS_ROUTES",
    "TRANSFORM_ROUTES", "VELOCITY_ROUTES", "base_frame_torques", "check_free_force",
    "check_step", "fx", "fy", "nz", "payload_numbers", "sensor_numbers", "singular_torques",
    "student_step", "theta1", "theta2", "theta3", "tool_frame_torques",
]

exercises = ExerciseSet("ch1_statics")

theta1, theta2, theta3, d2 = sp.symbols("theta1 theta2 theta3 d2")
l1, l2, l3 = sp.symbols("l1 l2 l3")
fx, fy, nz = sp.symbols("f_x f_y n_z")
Fx, Fy = sp.symbols("F_x F_y")

#: The concepts (``grading.concepts``) a statics derivation by hand asks for: switched off
#: when the grader recomputes the answer from the answer cell (inverse dynamics at rest,
#: without gravity, is statics too).
STATICS_ROUTES = ("statics", "the Jacobian", "the force transform", "the equations of motion")
#: …and the 6x6 transforms of exercises 8 and 9.
TRANSFORM_ROUTES = ("the force transform",)
VELOCITY_ROUTES = ("the velocity transform",)


# --- expected answers (the chapter's second method) ----------------------------------

@functools.lru_cache(maxsize=None)
def tool_frame_torques(robot_name, q, load):
    """τ = Jᵀ F in the tool frame, for ``load = (fx, fy, fz, nx, ny, nz)``."""
    robot = {"planar_2r": planar_2r, "planar_3r": planar_3r}[robot_name]()
    return jacobian(robot, list(q), frame="tool").T * sp.Matrix(load)


@functools.lru_cache(maxsize=None)
def base_frame_torques(robot_name, q, force, moment=(0, 0, 0)):
    """τ = ⁰Jᵀ ⁰F for a load written in the base frame."""
    robot = {"planar_2r": planar_2r, "rp_arm": rp_arm}[robot_name]()
    return joint_torques_by_jacobian(robot, list(q), [*force, *moment], frame="base")


# --- per-student numbers --------------------------------------------------------------

def payload_numbers(student):
    """Exercise 6: lengths (m), angles (degrees), payload (kg) and push (N) of one student."""
    rng = student_rng(student).spawn(2)[0]
    l1_m = round(float(rng.uniform(0.30, 0.80)), 2)
    l2_m = round(float(rng.uniform(0.25, 0.70)), 2)
    theta1_deg = int(rng.integers(15, 76))
    theta2_deg = int(rng.integers(30, 121))
    payload_kg = round(float(rng.uniform(0.5, 4.0)), 2)
    push_N = round(float(rng.uniform(2.0, 15.0)), 1)
    return l1_m, l2_m, theta1_deg, theta2_deg, payload_kg, push_N


def sensor_numbers(student):
    """Exercises 8 and 9: the sensor-to-tool offset and turn, the tool's wrench, the
    sensor's velocity."""
    rng = student_rng(student).spawn(2)[1]
    phi_deg = int(rng.integers(20, 161))
    S_P_T = np.round(rng.uniform([-0.05, -0.05, 0.08], [0.05, 0.05, 0.20]), 3)
    F_T = np.round(rng.uniform(-20.0, 20.0, 3), 1)
    N_T = np.round(rng.uniform(-2.0, 2.0, 3), 2)
    v_S = np.round(rng.uniform(-0.5, 0.5, 3), 2)
    w_S = np.round(rng.uniform(-2.0, 2.0, 3), 2)
    return phi_deg, S_P_T, F_T, N_T, v_S, w_S


# --- exercise 1: 2R arm, tool-frame load -----------------------------------------------

EX1_SYMBOLS = (theta1, theta2, l1, l2, fx, fy, nz)


@exercises.visible(1, cell="ex1_tau_tool_test", tau_tool=Matrix(2, 1))
def exercise_1(tau_tool):
    """Visible: the chapter's example (n_z = 0), and the stretched-out arm with all loads."""
    with case(say("with n_z = 0 (the chapter's example 1.1)", "exercises")):
        check_expression(tau_tool.subs(nz, 0),
                         tool_frame_torques("planar_2r", (theta1, theta2), (fx, fy, 0, 0, 0, 0)),
                         "tau_tool", markers=(fx, fy), allowed_symbols=EX1_SYMBOLS)
    with case(say("with theta2 = 0 (arm stretched out)", "exercises")):
        check_expression(tau_tool.subs(theta2, 0),
                         tool_frame_torques("planar_2r", (theta1, 0), (fx, fy, 0, 0, 0, nz)),
                         "tau_tool", markers=(fx, fy, nz), allowed_symbols=EX1_SYMBOLS)


# --- exercise 2: one inward step ------------------------------------------------------

def student_step(inward_step, R, P, f, n):
    """Call the student's ``inward_step``; return ``(f_i, n_i)`` as float arrays."""
    result = inward_step(R, P, f, n)
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        raise Mistake(say("inward_step should return the pair (f_i, n_i); got {kind}",
                          "exercises", kind=type(result).__name__), "wrong-type")
    pair = []
    for value, label in zip(result, ("f_i", "n_i"), strict=True):
        try:
            array = np.asarray(value, dtype=float).ravel()
        except (TypeError, ValueError):
            raise Mistake(say("inward_step: {label} should be 3 numbers; got {kind}",
                              "exercises", label=label, kind=type(value).__name__),
                          "wrong-type") from None
        if array.size != 3:
            raise Mistake(say("inward_step: {label} should hold 3 numbers; got {size}",
                              "exercises", label=label, size=array.size), "wrong-shape")
        pair.append(array)
    return pair


def check_step(inward_step, label, R, P, f, n):
    """Compare one step with the 6x6 force transform [[R, 0], [[P x] R, R]]."""
    wrench = force_transform(R, P) @ np.concatenate([f, n])
    f_i, n_i = student_step(inward_step, R, P, f, n)
    check_number(f_i, wrench[:3], say("f_i ({label})", "exercises", label=label), rtol=1e-9,
                 atol=1e-9, unit="N")
    check_number(n_i, wrench[3:], say("n_i ({label})", "exercises", label=label), rtol=1e-9,
                 atol=1e-9, unit="N·m")


STEP_ROUTES = ("statics", "the force transform")


@exercises.visible(2, cell="ex2_inward_step_test", inward_step=Function(forbidden=STEP_ROUTES))
def exercise_2(inward_step):
    """Visible: a pure offset, a pure rotation, both together."""
    check_step(inward_step, say("pure offset: R = I, P = [0.5, 0, 0], f = [0, 2, 0], n = 0",
                                "exercises"),
               np.eye(3), np.array([0.5, 0.0, 0.0]), np.array([0.0, 2.0, 0.0]), np.zeros(3))
    check_step(inward_step, say("pure rotation: R = RotZ(90°), P = 0, f = [1, 0, 0], "
                                "n = [0, 0, 0.3]", "exercises"),
               rot_z(np.pi / 2), np.zeros(3), np.array([1.0, 0.0, 0.0]),
               np.array([0.0, 0.0, 0.3]))
    check_step(inward_step, say("rotation and offset: R = RotZ(90°), P = [0.5, 0, 0], "
                                "f = [1, 0, 0]", "exercises"),
               rot_z(np.pi / 2), np.array([0.5, 0.0, 0.0]), np.array([1.0, 0.0, 0.0]),
               np.zeros(3))


# --- exercises 3-5: more arms, more frames ---------------------------------------------

EX3_SYMBOLS = (theta1, theta2, theta3, l1, l2, l3, fx, fy, nz)


@exercises.visible(3, cell="ex3_tau_3r_test", tau_3r=Matrix(3, 1))
def exercise_3(tau_3r):
    """Visible: the stretched-out 3R arm."""
    with case(say("with theta2 = theta3 = 0 (arm stretched out)", "exercises")):
        check_expression(tau_3r.subs({theta2: 0, theta3: 0}),
                         tool_frame_torques("planar_3r", (theta1, 0, 0), (fx, fy, 0, 0, 0, nz)),
                         "tau_3r", markers=(fx, fy, nz), allowed_symbols=EX3_SYMBOLS)


EX4_SYMBOLS = (theta1, theta2, l1, l2, Fx, Fy)


@exercises.visible(4, cell="ex4_tau_base_test", tau_base=Matrix(2, 1))
def exercise_4(tau_base):
    """Visible: both links along X0."""
    with case(say("with theta1 = theta2 = 0 (arm along X0)", "exercises")):
        check_expression(tau_base.subs({theta1: 0, theta2: 0}),
                         base_frame_torques("planar_2r", (0, 0), (Fx, Fy, 0)), "tau_base",
                         markers=(Fx, Fy), allowed_symbols=EX4_SYMBOLS)


EX5_SYMBOLS = (theta1, d2, Fx, Fy, nz)


@exercises.visible(5, cell="ex5_tau_rp_test", tau_rp=Matrix(2, 1))
def exercise_5(tau_rp):
    """Visible: the R-P arm horizontal."""
    with case(say("with theta1 = 0 (arm along +X0)", "exercises")):
        check_expression(tau_rp.subs(theta1, 0),
                         base_frame_torques("rp_arm", (0, d2), (Fx, Fy, 0), (0, 0, nz)),
                         "tau_rp", markers=(Fx, Fy, nz), allowed_symbols=EX5_SYMBOLS)


# --- exercise 6: your numbers -------------------------------------------------------------

def _probe_work(tau_payload, numbers, direction):
    """The work τᵀ δΘ done by the joints while the tip moves 1 mm along ``direction``
    (δΘ = J⁻¹ δX): by virtual work it is Fᵀ δX, the work the tool does on its load."""
    l1_m, l2_m, t1, t2, _, _ = numbers
    J = np.asarray(jacobian(planar_2r(l1=l1_m, l2=l2_m), np.radians([t1, t2]), frame="base"),
                   dtype=float)[:2, :]
    return float(tau_payload @ np.linalg.solve(J, 1e-3 * np.asarray(direction, dtype=float)))


@exercises.visible(6, cell="ex6_tau_payload_test", tau_payload=Numbers((2,), "N·m"))
def exercise_6(tau_payload, context):
    """Visible: the lever arms bound the torques (units), and by virtual work the tool
    must do positive work lifting the payload and pushing the wall."""
    numbers = payload_numbers(context.student)
    l1_m, l2_m, _, _, kg, push = numbers
    size = np.hypot(push, kg * 9.81)
    if abs(tau_payload[0]) > 1.001 * (l1_m + l2_m) * size + 1e-3 or \
            abs(tau_payload[1]) > 1.001 * l2_m * size + 1e-3:
        raise Mistake(say("tau_payload is larger than the lever arms allow for this load: "
                          "check the units (kg → N, degrees → radians)", "exercises"),
                      "too-large")
    if _probe_work(tau_payload, numbers, [0, 1]) <= 0:
        raise Mistake(say("with your torques the joints do no positive work when the tip "
                          "moves up, so they do not hold the payload up: F is the force the "
                          "tool exerts ON the payload (τᵀ δΘ = Fᵀ δX)", "exercises"),
                      "payload-down")
    if _probe_work(tau_payload, numbers, [1, 0]) <= 0:
        raise Mistake(say("with your torques the joints do no positive work when the tip "
                          "moves toward the wall, so the tool does not push it: F is the force "
                          "the tool exerts ON the wall (τᵀ δΘ = Fᵀ δX)", "exercises"),
                      "push-reversed")


# --- exercise 7: a force held for free -----------------------------------------------------

def singular_torques(F_free, theta):
    """τ = ⁰Jᵀ F at θ2 = 0 (the linear rows of the base-frame Jacobian), θ1 = ``theta``."""
    J = jacobian(planar_2r(), [theta1, 0], frame="base")[:2, :]
    return (J.T * F_free).subs(theta1, theta)


def _values(matrix):
    try:
        values = [complex(sp.N(x)) for x in matrix]
    except (TypeError, ValueError):
        return None
    return values if all(np.isfinite(values)) else None


def check_free_force(F_free, theta, label):
    """F_free is nonzero at θ1 = ``theta`` and needs no joint torque there."""
    lengths = {l1: sp.Rational(7, 10), l2: sp.Rational(2, 5)}
    force = _values(F_free.subs({theta1: theta, **lengths}))
    if force is None or max(abs(x) for x in force) < 1e-9:
        raise Mistake(say("F_free is zero (or undefined) at {label}: it must be a nonzero "
                          "force for every theta1", "exercises", label=label), "zero-force")
    tau = _values(singular_torques(F_free, theta).subs(lengths))
    if tau is None:
        raise Mistake(say("the torques your F_free needs are undefined at {label}",
                          "exercises", label=label), "undefined")
    loaded = [f"tau{k + 1}" for k, x in enumerate(tau) if abs(x) > 1e-9 * max(1, *map(abs, force))]
    if loaded:
        raise Mistake(say("at {label} your F_free still needs joint torque ({torques} ≠ 0): "
                          "its line of action must pass through every joint axis", "exercises",
                          label=label, torques=", ".join(loaded)), "needs-torque")


@exercises.visible(7, cell="ex7_F_free_test", F_free=Matrix(2, 1))
def exercise_7(F_free):
    """Visible: the arm along X0."""
    F_free = settled(F_free, (theta1, l1, l2))
    foreign = sorted(s.name for s in F_free.free_symbols - {theta1, l1, l2})
    if foreign:
        raise Mistake(say("F_free uses symbols that do not belong in this answer: {symbols} "
                          "(numbers, theta1, l1, l2 only)", "exercises",
                          symbols=", ".join(foreign)), "foreign-symbols")
    check_free_force(F_free, 0, say("theta1 = 0 (arm along X0)", "exercises"))


# --- exercises 8-9: wrench and twist between two frames of one body -----------------------

@exercises.visible(8, cell="ex8_W_S_test", W_S=Numbers((6,), "N, N·m"))
def exercise_8(W_S, context):
    """Visible: the invariants of a wrench under a change of frame and of point."""
    _, _, F_T, N_T, _, _ = sensor_numbers(context.student)
    check_number(np.linalg.norm(W_S[:3]), np.linalg.norm(F_T),
                 say("|S_F| (the size of the force)", "exercises"), rtol=1e-3, atol=1e-3,
                 unit="N")
    check_number(W_S[:3] @ W_S[3:], F_T @ N_T,
                 say("S_F · S_N (force times moment, which no change of frame or point alters)",
                     "exercises"), rtol=1e-3, atol=1e-3, unit="N²·m")


@exercises.visible(9, cell="ex9_V_T_test", V_T=Numbers((6,), "m/s, rad/s"))
def exercise_9(V_T, context):
    """Visible: the invariants of a velocity under a change of frame and of point."""
    _, _, _, _, v_S, w_S = sensor_numbers(context.student)
    check_number(np.linalg.norm(V_T[3:]), np.linalg.norm(w_S),
                 say("|T_omega| (the size of the angular velocity)", "exercises"), rtol=1e-3,
                 atol=1e-3, unit="rad/s")
    check_number(V_T[3:] @ V_T[:3], w_S @ v_S,
                 say("T_omega · T_v (which no change of frame or point alters)", "exercises"),
                 rtol=1e-3, atol=1e-3, unit="m·rad/s²")
