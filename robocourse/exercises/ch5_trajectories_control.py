"""Chapter 5 exercises — trajectories, simulation and control: the answers, the
per-student numbers, the visible tests.

The expected answers come from the library (``trajectories``, ``simulate``,
``control``, Newton–Euler), computed once where they do not depend on the student
(cached); the hidden tests compare the whole answers, try other cases and name the
known mistakes (``solutions/ch5_trajectories_control/grader.py``). The exercises come
in parts (4a, 4b; 8a, 8b, 8c): their numbers are strings.

>>> exercise_1(sp.Matrix([theta_0, 0, 0, theta_f - theta_0]))     # a straight line in t³
Traceback (most recent call last):
...
robocourse.grading.exercises.NotPassed: Exercise 1: the end condition θ(t_f) = θ_f: θ(t_f) of your
cubic is not right: ...
"""

import functools

import numpy as np
import sympy as sp

from robocourse import control, trajectories
from robocourse.grading import ExerciseSet, check_call, check_expression, check_number, student_rng
from robocourse.grading.checks import Known, Mistake, case, same, settled
from robocourse.grading.exercises import Choice, Function, Matrix, Numbers, Robot
from robocourse.language import say
from robocourse.models import planar_2r, planar_3r, rp_arm
from robocourse.newton_euler import gravity_load, inverse_dynamics, mass_matrix, velocity_product
from robocourse.robot import joint_symbols
from robocourse.simulate import forward_dynamics
from robocourse.trajectories import cubic_duration, straight_line_2r

#: What the test cells (``checks.exercise_<n>(…)``) and the hidden tests
#: (``solutions/ch5_trajectories_control/grader.py``) use of this module: its interface
#: (tests/test_exercise_interfaces.py keeps it exact).
__all__ = [
    "exercises",
    "exercise_1", "exercise_2", "exercise_3", "exercise_4a", "exercise_4b", "exercise_5",
    "exercise_6", "exercise_7", "exercise_8a", "exercise_8b", "exercise_8c",
    "CONTROL_SYMBOLS", "CUBIC_SYMBOLS", "K_p", "K_v", "TRAJECTORY_ROUTES", "VIA_MARKERS",
    "VIA_SYMBOLS", "check_condition", "check_law", "check_position", "classmate_setup",
    "corrected_law", "line_numbers", "rest_to_rest", "state_arm", "state_numbers",
    "sync_numbers", "t_f", "theta_0", "theta_f", "thetadot_0", "thetadot_f", "through_via",
]

exercises = ExerciseSet("ch5_trajectories_control")

t, t_f = sp.symbols("t t_f")
theta_0, theta_f, thetadot_0, thetadot_f = sp.symbols("theta_0 theta_f thetadot_0 thetadot_f")
theta1, theta2, thetadot1, thetadot2 = sp.symbols("theta1 theta2 thetadot1 thetadot2")
theta_d1, theta_d2 = sp.symbols("theta_d1 theta_d2")
thetadot_d1, thetadot_d2 = sp.symbols("thetadot_d1 thetadot_d2")
thetaddot_d1, thetaddot_d2 = sp.symbols("thetaddot_d1 thetaddot_d2")
K_p, K_v = sp.symbols("K_p K_v")
l1, l2, m1, m2, g = sp.symbols("l1 l2 m1 m2 g")

#: The concepts (``grading.concepts``) a graded item asks to derive: switched off when an
#: answer is to be derived by hand (the grader recomputes it from the answer cell).
TRAJECTORY_ROUTES = ("the cubic trajectory", "forward dynamics", "computed-torque control")
#: The concept switched off while the student's cubic of exercise 3 runs…
CUBIC_ROUTES = ("the cubic trajectory",)
#: …and while the computed-torque law of exercise 7 runs.
CONTROL_ROUTES = ("computed-torque control",)


# --- exercises 1-2: the cubic's coefficients ------------------------------------------------

CUBIC_SYMBOLS = (theta_0, theta_f, t_f)
VIA_SYMBOLS = (theta_0, theta_f, thetadot_0, thetadot_f, t_f)


@functools.lru_cache(maxsize=None)
def rest_to_rest():
    """The library's rest-to-rest coefficients (c0, c1, c2, c3) as a 4x1 Matrix."""
    return sp.Matrix(trajectories.cubic_coefficients(theta_0, theta_f, t_f))


def polynomial(coefficients):
    """θ(t) = c0 + c1 t + c2 t² + c3 t³."""
    return sum(coefficients[k] * t**k for k in range(4))


def check_condition(coefficients, label, at, derivative, expected, symbols):
    """One boundary condition of the cubic with the given ``coefficients``."""
    theta = sp.diff(polynomial(coefficients), t, derivative)
    name = say("{value} of your cubic", "exercises",
               value=f"{'θ̇' if derivative else 'θ'}({'0' if at == 0 else 't_f'})")
    with case(label):
        check_expression(theta.subs(t, at), expected, name, markers=(theta_0, theta_f),
                         allowed_symbols=symbols)


def check_symbols(coefficients, name, symbols):
    coefficients = settled(coefficients, symbols)
    if t in coefficients.free_symbols:
        raise Mistake(say("{name} contains the time t: the coefficients are constants, t "
                          "appears only in θ(t) = c0 + c1 t + c2 t² + c3 t³", "exercises",
                          name=name), "has-time")
    foreign = sorted(s.name for s in coefficients.free_symbols - set(symbols))
    if foreign:
        raise Mistake(say("{name} uses symbols that do not belong in this answer: {foreign} "
                          "(use {symbols})", "exercises", name=name, foreign=", ".join(foreign),
                          symbols=", ".join(s.name for s in symbols)), "foreign-symbols")


@exercises.visible("1", cell="ex1_coeffs_test",
                   coeffs=Matrix(4, 1, symbols=(*CUBIC_SYMBOLS, t)))
def exercise_1(coeffs):
    """Visible: the symbols; the start conditions; the cubic arrives at θ_f."""
    check_symbols(coeffs, "coeffs", CUBIC_SYMBOLS)
    check_condition(coeffs, say("the start condition θ(0) = θ0", "exercises"), 0, 0, theta_0,
                    CUBIC_SYMBOLS)
    check_condition(coeffs, say("the start condition θ̇(0) = 0", "exercises"), 0, 1, 0,
                    CUBIC_SYMBOLS)
    check_condition(coeffs, say("the end condition θ(t_f) = θ_f", "exercises"), t_f, 0, theta_f,
                    CUBIC_SYMBOLS)


@functools.lru_cache(maxsize=None)
def through_via():
    """The coefficients for given end velocities: the four conditions solved as a system."""
    c = sp.symbols("k0:4")
    theta = sum(c[k] * t**k for k in range(4))
    equations = [theta.subs(t, 0) - theta_0, theta.subs(t, t_f) - theta_f,
                 sp.diff(theta, t).subs(t, 0) - thetadot_0,
                 sp.diff(theta, t).subs(t, t_f) - thetadot_f]
    solved = sp.solve(equations, c, dict=True)[0]
    return sp.Matrix([solved[k] for k in c])


VIA_MARKERS = (thetadot_0, thetadot_f, theta_0, theta_f)


@exercises.visible("2", cell="ex2_coeffs_v_test",
                   coeffs_v=Matrix(4, 1, symbols=(*VIA_SYMBOLS, t)))
def exercise_2(coeffs_v, context):
    """Visible: the symbols; with zero end velocities it is the rest-to-rest cubic."""
    check_symbols(coeffs_v, "coeffs_v", VIA_SYMBOLS)
    at_rest = coeffs_v.subs({thetadot_0: 0, thetadot_f: 0})
    with context.builds_on(("1", "coeffs"), consistent=lambda coeffs: same(at_rest, coeffs)):
        with case(say("with zero end velocities (the rest-to-rest cubic)", "exercises")):
            check_expression(at_rest, rest_to_rest(), "coeffs_v", markers=VIA_MARKERS,
                             allowed_symbols=VIA_SYMBOLS)


# --- exercise 3: the cubic as a function ----------------------------------------------------

def check_position(cubic_position, label, theta0, thetaf, tf, times):
    """cubic_position(theta0, thetaf, tf, times) against the library's cubic."""
    expected = trajectories.cubic(theta0, thetaf, tf, times)[0]
    given = check_call(cubic_position, theta0, thetaf, tf, times, name="cubic_position")
    name = say("{name} ({label})", "exercises",
               name=f"cubic_position({theta0}, {thetaf}, {tf}, t)", label=label)
    linear = theta0 + (thetaf - theta0) * np.asarray(times) / tf
    check_number(given, expected, name, rtol=1e-9, atol=1e-9, unit="rad", mistakes=[
        Known(linear, say("It moves at constant speed (linear in t): that is not the cubic, "
                          "whose velocity is zero at both ends.", "exercises"), "linear")])


@exercises.visible("3", cell="ex3_cubic_position_test",
                   cubic_position=Function(forbidden=CUBIC_ROUTES))
def exercise_3(cubic_position, context):
    """Visible: the start, the end and the halfway point of a move."""
    with context.builds_on(("1", "coeffs")):
        check_position(cubic_position, say("start, t = 0", "exercises"), 0.2, 1.4, 2.0, 0.0)
        check_position(cubic_position, say("end, t = t_f", "exercises"), 0.2, 1.4, 2.0, 2.0)
        check_position(cubic_position, say("halfway", "exercises"), 0.2, 1.4, 2.0, 1.0)


# --- exercise 4: two joints, two speed limits ----------------------------------------------

def sync_numbers(student):
    """Exercise 4: start and goal (degrees) and speed limits (rad/s) of two joints."""
    rng = student_rng(student).spawn(4)[0]
    q0_deg = rng.integers([-90, -120], [31, 121])
    qf_deg = q0_deg + rng.choice([-1, 1], 2) * rng.integers([40, 40], [151, 151])
    v_max = np.round(rng.uniform([0.6, 1.0], [1.2, 2.5]), 2)
    return q0_deg, qf_deg, v_max


def sync_moves(student):
    """The moves Δ = qf − q0 (radians) and the speed limits of one student."""
    q0_deg, qf_deg, v_max = sync_numbers(student)
    return np.radians(qf_deg - q0_deg), v_max


@exercises.visible("4a", cell="ex4_t_sync_test", t_sync=Numbers((), "s"))
def exercise_4a(t_sync, context):
    """Visible: no joint moves faster than its own limit with t_sync."""
    change, v_max = sync_moves(context.student)
    if t_sync <= 0:
        raise Mistake(say("t_sync should be a positive duration in seconds", "exercises"),
                      "not-positive")
    peaks = 3 * np.abs(change) / (2 * t_sync)
    too_fast = [j + 1 for j in range(2) if peaks[j] > v_max[j] * (1 + 1e-3)]
    if not too_fast:
        return
    message = say("with your t_sync joint(s) {joints} move faster than their speed limit at "
                  "the middle of the move.", "exercises", joints=too_fast)
    if np.isclose(t_sync, max(np.abs(change) / v_max), rtol=1e-3):
        raise Mistake(say("{message} {hint}", "exercises", message=message, hint=say(
            "Your t_sync is |Δ|/v_max: that would be right for constant speed, but a cubic's "
            "peak speed is 3|Δ|/(2 t_f), higher than the average speed.", "exercises")),
            "average-speed")
    if np.isclose(t_sync, min(cubic_duration(0.0, d, v) for d, v in zip(change, v_max,
                                                                         strict=True)),
                  rtol=1e-3):
        raise Mistake(say("{message} {hint}", "exercises", message=message, hint=say(
            "Your t_sync is the duration of the faster joint: the slower one sets the pace.",
            "exercises")), "faster-joint")
    raise Mistake(message, "too-fast")


@exercises.visible("4b", cell="ex4_qd_half_test", qd_half=Numbers((2,), "rad/s"))
def exercise_4b(qd_half, context):
    """Visible: the joint that sets the pace runs at its speed limit halfway."""
    change, v_max = sync_moves(context.student)
    pacer = int(np.argmax(np.abs(change) / v_max))
    with context.builds_on(("4a", "t_sync"), consistent=lambda t_sync: np.allclose(
            qd_half, 1.5 * change / t_sync, rtol=1e-3)):
        check_number(abs(qd_half[pacer]), v_max[pacer],
                     say("|qd_half| of joint {joint} (it sets the pace: the slower joint)",
                         "exercises", joint=pacer + 1),
                     rtol=1e-3, unit="rad/s")


# --- exercise 5: the tip between the IK points -----------------------------------------------

def line_numbers(student):
    """Exercise 5: link lengths (m), the segment A -> B (m) and the number of IK points."""
    rng = student_rng(student).spawn(4)[1]
    lengths = np.round(rng.uniform([0.45, 0.30], [0.70, 0.55]), 2)
    inner, outer = abs(lengths[0] - lengths[1]) + 0.12, 0.88 * lengths.sum()
    while True:                                    # a segment well inside the workspace
        A, B = np.round(rng.uniform(-outer, outer, (2, 2)), 2)
        samples = A + np.linspace(0.0, 1.0, 201)[:, None] * (B - A)
        reach = np.hypot(*samples.T)
        if np.linalg.norm(B - A) > 0.4 and reach.min() > inner and reach.max() < outer:
            arm = planar_2r(l1=lengths[0], l2=lengths[1])
            angles = straight_line_2r(arm, A, B, points=201)
            if np.abs(np.diff(angles, axis=0)).max() < 0.1:       # θ1 does not wrap past ±180°
                return lengths, A, B, int(rng.integers(3, 7))


@exercises.visible("5", cell="ex5_max_gap_test", max_gap=Numbers((), "m"))
def exercise_5(max_gap, context):
    """Visible: a positive distance no larger than the arm."""
    lengths = line_numbers(context.student)[0]
    if max_gap <= 0:
        raise Mistake(say("max_gap should be a positive distance (the largest |distance|), in "
                          "m", "exercises"), "not-positive")
    if max_gap > lengths.sum():
        raise Mistake(say("max_gap is larger than the whole arm: give it in metres (not mm)",
                          "exercises"), "too-large")


# --- exercise 6: the state rate -------------------------------------------------------------

def state_numbers(student):
    """Exercise 6: a point-mass 2R arm, its state and its motor torques."""
    rng = student_rng(student).spawn(4)[2]
    lengths = np.round(rng.uniform([0.40, 0.30], [0.70, 0.60]), 2)                 # l1, l2 (m)
    masses = np.round(rng.uniform([1.5, 0.5], [4.0, 2.0]), 2)                      # m1, m2 (kg)
    theta_deg = np.array([int(rng.integers(-170, 171)), int(rng.integers(-150, 151))])
    theta_dot = np.round(rng.uniform(-3.0, 3.0, 2), 2) + 0.0                      # rad/s (no -0.0)
    tau = np.round(rng.uniform([-25.0, -8.0], [25.0, 8.0]), 1) + 0.0              # N·m
    return lengths, masses, theta_deg, theta_dot, tau


def state_arm(numbers):
    """The point-mass 2R arm of :func:`state_numbers`."""
    lengths, masses = numbers[:2]
    return planar_2r(l1=lengths[0], l2=lengths[1], m1=masses[0], m2=masses[1], g=9.81)


@exercises.visible("6", cell="ex6_ydot_test", ydot=Numbers((4,), "rad/s, rad/s²"))
def exercise_6(ydot, context):
    """Visible: the first half of ẏ is q̇; inverse dynamics at your q̈ gives back τ."""
    numbers = state_numbers(context.student)
    _, _, theta_deg, rates, tau = numbers
    if np.allclose(ydot[2:], rates, rtol=1e-3, atol=1e-3) and \
            not np.allclose(ydot[:2], rates, rtol=1e-3, atol=1e-3):
        raise Mistake(say("The two halves of ydot are swapped: y = [q, q̇], so ẏ = [q̇, q̈].",
                          "exercises"), "halves-swapped")
    check_number(ydot[:2], rates, say("the first half of ydot (the rate of q)", "exercises"),
                 rtol=1e-3, atol=1e-3, unit="rad/s")
    arm, q = state_arm(numbers), np.radians(theta_deg)
    c, G = velocity_product(arm, q, rates), gravity_load(arm, q)
    in_degrees = forward_dynamics(arm, np.asarray(theta_deg, dtype=float), rates, tau)
    check_number(inverse_dynamics(arm, q, rates, ydot[2:]), tau,
                 say("the torques inverse dynamics needs for your q̈ = ydot[2:] (they should "
                     "be tau)", "exercises"), rtol=1e-3, atol=1e-3, unit="N·m", mistakes=[
                     Known(tau + G, say("The gravity torques G(q) are missing.", "exercises"),
                           "gravity-missing"),
                     Known(tau + c, say("The Coriolis and centripetal torques c(q, q̇) are "
                                        "missing.", "exercises"), "velocity-missing"),
                     Known(tau + 2 * (c + G),
                           say("It matches M q̈ = τ + c + G: the velocity and gravity torques "
                               "are subtracted from τ.", "exercises"), "bias-sign"),
                     Known(inverse_dynamics(arm, q, rates, in_degrees),
                           say("It matches the angles in degrees used as radians.",
                               "exercises"), "degrees")])


# --- exercise 7: the computed-torque law ----------------------------------------------------

#: The arms the computed-torque law is tested on, by name.
LAW_ROBOTS = {
    "2R arm": lambda: planar_2r(l1=0.5, l2=0.5, m1=2.0, m2=1.0, g=9.81),
    "R-P arm": lambda: rp_arm(l1=0.5, m1=2.0, m2=1.0, Ixx1=0.17, Iyy1=0.01, Izz1=0.17,
                              Ixx2=0.08, Iyy2=0.001, Izz2=0.08, g=9.81),
    "3R arm": lambda: planar_3r(lengths=[0.5, 0.4, 0.2], masses=[2.0, 1.5, 0.5],
                                com_distances=[0.25, 0.2, 0.1], inertias=[0.05, 0.03, 0.01],
                                g=9.81),
}


@functools.lru_cache(maxsize=None)
def law_robot(name):
    """The arm of :data:`LAW_ROBOTS` called ``name`` (built where the law runs)."""
    return LAW_ROBOTS[name]()


class _Standing:
    """A 'trajectory' that stands still at one desired state: what control.computed_torque reads."""

    def __init__(self, q_des, qd_des, qdd_des):
        self.values = (q_des, qd_des, qdd_des)

    def at(self, time):
        return self.values


def check_law(computed_torque_law, label, robot_name, q, qd, q_des, qd_des, qdd_des, Kp, Kv):
    """The student's law at one state against control.computed_torque, with the known slips."""
    robot = law_robot(robot_name)
    q, qd, q_des, qd_des, qdd_des = (np.asarray(v, dtype=float)
                                     for v in (q, qd, q_des, qd_des, qdd_des))
    expected = control.computed_torque(robot, _Standing(q_des, qd_des, qdd_des), Kp, Kv)(
        0.0, q, qd)
    M, c, G = mass_matrix(robot, q), velocity_product(robot, q, qd), gravity_load(robot, q)
    e, e_dot = q_des - q, qd_des - qd
    mistakes = [
        Known(M @ (Kv * e_dot + Kp * e) + c + G,
              say("The feed-forward term M(q) q̈_d is missing.", "exercises"),
              "feedforward-missing"),
        Known(M @ (qdd_des - Kv * e_dot - Kp * e) + c + G,
              say("The error has the wrong sign: e = q_d − q.", "exercises"), "error-sign"),
        Known(M @ qdd_des + Kv * e_dot + Kp * e + c + G,
              say("The servo terms Kv ė + Kp e must be multiplied by M(q) too (they set an "
                  "acceleration).", "exercises"), "servo-outside-M"),
        Known(M @ (qdd_des + Kv * e_dot + Kp * e) + G,
              say("The velocity term c(q, q̇) is missing.", "exercises"), "velocity-missing"),
        Known(M @ (qdd_des + Kv * e_dot + Kp * e) + c,
              say("The gravity term G(q) is missing.", "exercises"), "gravity-missing"),
        Known(M @ (qdd_des + Kv * e_dot + Kp * e) + c - G,
              say("The gravity term G(q) has the wrong sign.", "exercises"), "gravity-sign"),
    ]
    named = Robot(robot_name, f"{__name__}:law_robot", (("name", robot_name),))
    given = check_call(computed_torque_law, named, q, qd, q_des, qd_des, qdd_des, Kp, Kv,
                       name="computed_torque_law")
    check_number(given, expected, say("{name} ({label})", "exercises",
                                      name="computed_torque_law", label=label),
                 rtol=1e-6, atol=1e-8, unit="N·m", mistakes=mistakes)


LAW = Function(forbidden=CONTROL_ROUTES, takes_robot=True)


@exercises.visible("7", cell="ex7_computed_torque_law_test", computed_torque_law=LAW)
def exercise_7(computed_torque_law):
    """Visible: the 2R arm at rest on the track (only gravity is left), and off the track."""
    check_law(computed_torque_law, say("2R arm at rest on the track", "exercises"), "2R arm",
              [0.3, 0.8], [0.0, 0.0], [0.3, 0.8], [0.0, 0.0], [0.0, 0.0], 100.0, 20.0)
    check_law(computed_torque_law, say("2R arm off the track", "exercises"), "2R arm",
              [0.3, 0.8], [0.5, -1.0], [0.35, 0.7], [0.9, -0.4], [1.5, 2.0], 100.0, 20.0)


# --- exercise 8: spot the error -------------------------------------------------------------

CLASSMATE_GAINS = (400.0, 40.0)


def classmate_setup():
    """The classmate's arm (the chapter's 2R arm), desired motion and gains (Kp, Kv): a
    synchronised cubic from hanging down, (−90°, 0°), to (30°, 45°) in 1.5 s."""
    arm = planar_2r(l1=0.5, l2=0.5, m1=2.0, m2=1.0, g=9.81)
    path = trajectories.synchronised(np.radians([-90.0, 0.0]), np.radians([30.0, 45.0]), 1.5)
    return (arm, path, *CLASSMATE_GAINS)


@exercises.visible("8a", cell="ex8_missing_term_test",
                   missing_term=Choice(("feedforward", "velocity", "gravity"), ignore_case=True))
def exercise_8a(missing_term):
    """Visible: one of the three words (checked by the kind of answer)."""


CONTROL_SYMBOLS = (theta1, theta2, thetadot1, thetadot2, theta_d1, theta_d2, thetadot_d1,
                   thetadot_d2, thetaddot_d1, thetaddot_d2, K_p, K_v, l1, l2, m1, m2, g)


@functools.lru_cache(maxsize=None)
def corrected_law():
    """τ = M(q)(q̈_d + Kv ė + Kp e) + c(q, q̇) + G(q) of the symbolic 2R arm (Newton–Euler)."""
    arm = planar_2r()
    q, qd, _ = joint_symbols(arm)
    servo = (sp.Matrix([thetaddot_d1, thetaddot_d2])
             + K_v * (sp.Matrix([thetadot_d1, thetadot_d2]) - qd)
             + K_p * (sp.Matrix([theta_d1, theta_d2]) - q))
    return mass_matrix(arm, q) * servo + velocity_product(arm, q, qd) + gravity_load(arm, q)


@exercises.visible("8b", cell="ex8_tau_corrected_test",
                   tau_corrected=Matrix(2, 1, symbols=CONTROL_SYMBOLS))
def exercise_8b(tau_corrected, context):
    """Visible: the symbols; on the track at rest only gravity is left."""
    tau_corrected = settled(tau_corrected, CONTROL_SYMBOLS)
    foreign = sorted(s.name for s in tau_corrected.free_symbols - set(CONTROL_SYMBOLS))
    if foreign:
        raise Mistake(say("tau_corrected uses symbols that do not belong in this answer: "
                          "{symbols} (use the symbols of the set-up cell)", "exercises",
                          symbols=", ".join(foreign)), "foreign-symbols")
    on_track_at_rest = {theta_d1: theta1, theta_d2: theta2, **dict.fromkeys(
        (thetadot1, thetadot2, thetadot_d1, thetadot_d2, thetaddot_d1, thetaddot_d2), 0)}
    with context.builds_on(("8a", "missing_term")), \
            case(say("on the track at rest (q_d = q, all rates and accelerations zero)",
                     "exercises")):
        check_expression(tau_corrected.xreplace(on_track_at_rest),
                         corrected_law().xreplace(on_track_at_rest), "tau_corrected",
                         allowed_symbols=CONTROL_SYMBOLS)


@exercises.visible("8c", cell="ex8_e_inf_test", e_inf=Numbers((2,), "rad"))
def exercise_8c(e_inf):
    """Visible: two finite numbers."""
    if not np.all(np.isfinite(e_inf)):
        raise Mistake(say("e_inf contains nan or inf (a division by zero?)", "exercises"),
                      "nan")
