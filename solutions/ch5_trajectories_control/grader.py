"""Chapter 5 exercises — the hidden tests (instructor only: never released).

Registered on the assignment's exercise set (``robocourse.exercises.ch5_trajectories_control``);
the grader runs each exercise's visible tests, then these.
"""

import functools

import numpy as np

from robocourse.exercises import hidden_catalogue
from robocourse.exercises.ch5_trajectories_control import (
    CONTROL_SYMBOLS,
    CUBIC_SYMBOLS,
    TRAJECTORY_ROUTES,
    VIA_MARKERS,
    VIA_SYMBOLS,
    K_p,
    K_v,
    check_condition,
    check_law,
    check_position,
    classmate_setup,
    corrected_law,
    exercises,
    line_numbers,
    rest_to_rest,
    state_arm,
    state_numbers,
    sync_numbers,
    t_f,
    theta_0,
    theta_f,
    thetadot_0,
    thetadot_f,
    through_via,
)
from robocourse.grading import check_expression, check_number
from robocourse.grading.checks import Known, Mistake, case
from robocourse.kinematics import forward_kinematics
from robocourse.language import locate, say
from robocourse.models import planar_2r
from robocourse.newton_euler import gravity_load, inverse_dynamics, mass_matrix, velocity_product
from robocourse.simulate import forward_dynamics
from robocourse.trajectories import (
    cubic_duration,
    distance_from_line,
    joint_space_path,
    straight_line_2r,
    synchronised,
)

__all__ = ["exercises"]

#: What these hidden tests say, in the student's language (never released).
locate("hidden", hidden_catalogue(__file__))


# --- exercises 1-3: the cubic ------------------------------------------------------------------

@exercises.hidden("1", by_hand={"coeffs": TRAJECTORY_ROUTES})
def exercise_1(coeffs):
    check_condition(coeffs, say("the end condition θ̇(t_f) = 0", "hidden"), t_f, 1, 0,
                    CUBIC_SYMBOLS)
    check_expression(coeffs, rest_to_rest(), "coeffs", markers=(theta_0, theta_f),
                     allowed_symbols=CUBIC_SYMBOLS)


@exercises.hidden("2")
def exercise_2(coeffs_v):
    for label, zero in (("θ̇0", thetadot_f), ("θ̇f", thetadot_0)):
        with case(say("with only the start/end velocity {label} not zero", "hidden",
                      label=label)):
            check_expression(coeffs_v.subs(zero, 0), through_via().subs(zero, 0), "coeffs_v",
                             markers=VIA_MARKERS, allowed_symbols=VIA_SYMBOLS)
    check_expression(coeffs_v, through_via(), "coeffs_v", markers=VIA_MARKERS,
                     allowed_symbols=VIA_SYMBOLS)


@exercises.hidden("3")
def exercise_3(cubic_position, context):
    with context.builds_on(("1", "coeffs")):
        check_position(cubic_position, say("a quarter of the way", "hidden"), 0.2, 1.4, 2.0,
                       0.5)
        check_position(cubic_position, say("backwards", "hidden"), 1.1, -0.7, 3.5, 0.9)
        check_position(cubic_position, say("array of times", "hidden"), -0.4, 2.0, 1.5,
                       np.linspace(0, 1.5, 7))
        check_position(cubic_position, say("array of times, backwards", "hidden"), 30.0,
                       -45.0, 4.0, np.array([0.3, 1.7, 3.9]))


# --- exercise 4: two joints, two speed limits ----------------------------------------------------

def _sync(student):
    q0_deg, qf_deg, v_max = sync_numbers(student)
    return np.radians(q0_deg), np.radians(qf_deg), q0_deg, qf_deg, v_max


def _shortest(q0, qf, v_max):
    return max(cubic_duration(a, b, v) for a, b, v in zip(q0, qf, v_max, strict=True))


@exercises.hidden("4a", by_hand={"t_sync": TRAJECTORY_ROUTES})
def exercise_4a(t_sync, context):
    q0, qf, q0_deg, qf_deg, v_max = _sync(context.student)
    check_number(t_sync, _shortest(q0, qf, v_max), "t_sync", rtol=1e-3, atol=1e-6, unit="s",
                 mistakes=[
                     Known(_shortest(q0_deg, qf_deg, v_max),
                           say("It matches the angles in degrees used as radians: convert the "
                               "moves to radians first.", "hidden"), "degrees"),
                     Known(max(3 * np.abs(qf - q0) / (2 * min(v_max))),
                           say("It matches the lower speed limit used for both joints: each "
                               "joint has its own limit.", "hidden"), "one-limit"),
                     Known(max(2 * np.abs(qf - q0) / (3 * v_max)),
                           say("It matches 2|Δ|/(3 v_max): the factor is upside down (peak "
                               "speed 3|Δ|/(2 t_f)).", "hidden"), "factor-inverted")])


@exercises.hidden("4b", by_hand={"qd_half": TRAJECTORY_ROUTES})
def exercise_4b(qd_half, context):
    q0, qf, _, _, v_max = _sync(context.student)
    duration = _shortest(q0, qf, v_max)
    expected = synchronised(q0, qf, duration).at(duration / 2)[1]

    def from_t_sync(t_sync):
        return np.allclose(qd_half, 1.5 * (qf - q0) / t_sync, rtol=1e-3)

    known = [Known(np.sign(qf - q0) * v_max,
                   say("It matches both joints at their own speed limit: synchronised, the "
                       "joint with the shorter move is slowed down.", "hidden"),
                   "each-at-limit"),
             Known(np.degrees(expected), say("It matches deg/s: give rad/s.", "hidden"),
                   "degrees")]
    with context.builds_on(("4a", "t_sync"), consistent=from_t_sync,
                    own={k.code for k in known}):
        check_number(qd_half, expected, "qd_half", rtol=1e-3, atol=1e-6, unit="rad/s",
                     mistakes=known)


# --- exercise 5: the tip between the IK points ---------------------------------------------------

def _gap(numbers, points, elbow="down"):
    """The largest distance of the tip from the line A-B, moving straight in joint space
    between ``points`` IK points (200 steps per segment)."""
    lengths, A, B, _ = numbers
    arm = planar_2r(l1=lengths[0], l2=lengths[1], m1=1.0, m2=1.0, g=9.81)
    path = joint_space_path(straight_line_2r(arm, A, B, points=points, elbow=elbow), 200)
    tips = np.array([np.asarray(forward_kinematics(arm, q), dtype=float)[:2, 3] for q in path])
    return float(np.abs(distance_from_line(tips, A, B)).max())


@exercises.hidden("5")
def exercise_5(max_gap, context):
    numbers = line_numbers(context.student)
    n = numbers[3]
    known = [Known(_gap(numbers, n + 1),
                   say("It matches {points} points: n_points counts the points, both ends "
                       "included ({segments} segments).", "hidden", points=n + 1,
                       segments=n - 1), "points-plus-one"),
             Known(_gap(numbers, n, "up"),
                   say("It matches the elbow-up branch: use elbow down.", "hidden"),
                   "elbow-up")]
    if n > 2:
        known.insert(1, Known(_gap(numbers, n - 1),
                              say("It matches {points} points: n_points counts the points, "
                                  "both ends included.", "hidden", points=n - 1),
                              "points-minus-one"))
    check_number(max_gap, _gap(numbers, n), "max_gap", rtol=0.02, atol=1e-6, unit="m",
                 mistakes=known)


# --- exercise 6: the state rate ------------------------------------------------------------------

@exercises.hidden("6", by_hand={"ydot": TRAJECTORY_ROUTES})
def exercise_6(ydot, context):
    numbers = state_numbers(context.student)
    _, _, theta_deg, rates, tau = numbers
    expected = np.concatenate([rates, forward_dynamics(state_arm(numbers),
                                                       np.radians(theta_deg), rates, tau)])
    check_number(ydot, expected, "ydot", rtol=1e-3, atol=1e-3, unit="rad/s, rad/s²")


# --- exercise 7: the computed-torque law ---------------------------------------------------------

@exercises.hidden("7")
def exercise_7(computed_torque_law):
    rng = np.random.default_rng(20261205)
    check_law(computed_torque_law, say("2R arm on the track, moving", "hidden"), "2R arm",
              [-0.4, 1.2], [1.0, -0.5], [-0.4, 1.2], [1.0, -0.5], [-2.0, 3.0], 64.0, 16.0)
    for k in range(3):
        check_law(computed_torque_law, say("2R arm, random state {k}", "hidden", k=k + 1),
                  "2R arm", *rng.uniform(-2, 2, (5, 2)), 100.0, 20.0)
    check_law(computed_torque_law, say("2R arm, a gain per joint", "hidden"), "2R arm",
              [0.1, -0.6], [0.4, 0.2], [0.3, -0.2], [0.0, 1.0], [0.5, -1.0],
              np.array([100.0, 400.0]), np.array([20.0, 40.0]))
    check_law(computed_torque_law, say("R-P arm", "hidden"), "R-P arm", [0.5, 0.6],
              [0.3, -0.2], [0.6, 0.5], [0.0, 0.1], [1.0, -0.5], np.array([49.0, 100.0]),
              np.array([14.0, 20.0]))
    check_law(computed_torque_law, say("3R arm", "hidden"), "3R arm",
              *rng.uniform(-2, 2, (5, 3)), 100.0, 20.0)


# --- exercise 8: spot the error ------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def missing_in_classmate_law():
    """The term that inverse_dynamics(…, gravity=0) leaves out of M v + c + G."""
    arm = classmate_setup()[0]
    q, qd, v = np.array([0.4, -0.9]), np.array([1.2, 0.7]), np.array([-3.0, 2.0])
    terms = {"velocity": velocity_product(arm, q, qd), "gravity": gravity_load(arm, q)}
    left_out = (mass_matrix(arm, q) @ v + terms["velocity"] + terms["gravity"]
                - inverse_dynamics(arm, q, qd, v, gravity=0))
    return next(key for key, term in terms.items() if np.allclose(term, left_out))


def why_not(term):
    """Why ``term`` (not the missing one) cannot leave the error that stays."""
    if term == "feedforward":
        return say("missing_term is not right: the feed-forward M q̈_d is zero once the desired "
                   "motion has stopped, yet the error stays.", "hidden")
    return say("missing_term is not right: the velocity term c(q, q̇) is zero at rest, yet the "
               "error stays.", "hidden")


@exercises.hidden("8a")
def exercise_8a(missing_term):
    if missing_term != missing_in_classmate_law():
        raise Mistake(why_not(missing_term), "wrong-term")


@exercises.hidden("8b", by_hand={"tau_corrected": TRAJECTORY_ROUTES})
def exercise_8b(tau_corrected, context):
    with context.builds_on(("8a", "missing_term")):
        check_expression(tau_corrected, corrected_law(), "tau_corrected", markers=(K_p, K_v),
                         allowed_symbols=CONTROL_SYMBOLS)


@functools.lru_cache(maxsize=None)
def classmate_rest():
    """M and G of the classmate's arm at the goal, and its Kp."""
    arm, path, Kp, _ = classmate_setup()
    return mass_matrix(arm, path.qf), gravity_load(arm, path.qf), Kp


@exercises.hidden("8c")
def exercise_8c(e_inf, context):
    M, G, Kp = classmate_rest()
    expected = np.linalg.solve(M, G) / Kp
    known = [Known(G / Kp, say("It matches G / Kp: the spring Kp e acts through M(q) (the law "
                               "is M(q)(… + Kp e)).", "hidden"), "no-M"),
             Known(np.linalg.solve(M, G),
                   say("The gain Kp is missing: the spring torque is M Kp e.", "hidden"),
                   "no-Kp"),
             Known(np.degrees(expected), say("It matches degrees: give radians.", "hidden"),
                   "degrees")]
    with context.builds_on(("8a", "missing_term"), own={k.code for k in known}):
        check_number(e_inf, expected, "e_inf", rtol=0.1, atol=5e-4, unit="rad", mistakes=known)
