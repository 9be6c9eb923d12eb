"""Chapter 6 exercises — the PUMA 560 in Craig's frames: the answers, the per-student
numbers, the visible tests.

The expected answers come from the library (the inverse kinematics, the Jacobian by
velocity propagation, Newton–Euler's gravity load); the visible tests check only
properties — an equation every answer must satisfy, invariants, units, a special case of
a symbolic answer — and the hidden tests (``solutions/ch6_puma560/grader.py``) the whole
answer and the known mistakes.
"""

import functools

import numpy as np
import sympy as sp

from robocourse.grading import ExerciseSet, check_expression, check_number, student_rng
from robocourse.grading.checks import Known, Mistake, case, settled
from robocourse.grading.exercises import Choice, Expression, Matrix, Numbers
from robocourse.kinematics import forward_kinematics, jacobian_by_propagation
from robocourse.language import say
from robocourse.models import puma560
from robocourse.widgets.puma560_figures import as_image, pose_figure

#: What the test cells (``checks.exercise_<n>(…)``) and the hidden tests
#: (``solutions/ch6_puma560/grader.py``) use of this module: its interface
#: (tests/test_exercise_interfaces.py keeps it exact).
__all__ = [
    "exercises",
    "exercise_1", "exercise_2", "exercise_3", "exercise_4", "exercise_5", "exercise_6",
    "DYNAMICS_ROUTES", "EX3_SYMBOLS", "EX4_SYMBOLS", "EX6_SYMBOLS", "G", "IK_ROUTES",
    "JACOBIAN_ROUTES", "LENGTHS", "a2", "a3", "check_angle_pair", "column_mistakes",
    "d3", "d4", "det_mistakes", "draw_pose", "gravity_numbers", "pose_joints", "pose_numbers",
    "px", "py", "pz", "theta2", "theta3", "theta5", "tool_jacobian", "wrapped",
]

exercises = ExerciseSet("ch6_puma560")

theta = sp.symbols("theta1:7")
theta1, theta2, theta3, theta4, theta5, theta6 = theta
a2, a3, d3, d4 = sp.symbols("a2 a3 d3 d4")
px, py, pz = sp.symbols("p_x p_y p_z")
#: Craig's lengths of the PUMA 560 (m), as in ``models.puma560()``.
LENGTHS = {a2: 0.4318, a3: 0.0203, d3: 0.1501, d4: 0.4331}
G = 9.81

#: The concepts (``grading.concepts``) an exercise asks to derive: switched off when the
#: answer is recomputed from the answer cell.
IK_ROUTES = ("inverse kinematics of the PUMA 560",)
JACOBIAN_ROUTES = ("the Jacobian", "the Jacobian's determinant", "the inverse Jacobian")
#: Exercise 5: the gravity torques (statics too: a weight is a load on the arm).
DYNAMICS_ROUTES = ("the equations of motion", "statics")



def wrapped(angles):
    """Angles wrapped to (−π, π] (numbers)."""
    angles = np.asarray(angles, dtype=float)
    return np.pi - np.mod(np.pi - angles, 2 * np.pi)


def same_angles(given, expected, atol=1e-3):
    """True when the two sets of angles agree up to order and whole turns."""
    given, expected = np.sort(wrapped(given)), np.sort(wrapped(expected))
    return bool(np.all(np.abs(wrapped(given - expected)) <= atol))


def check_angle_pair(given, expected, name, mistakes=()):
    """``given`` (two angles, any order, any whole turns) against ``expected``; the first
    known mistake (``Known``) the pair matches names the slip."""
    if not np.all(np.isfinite(given)):
        raise Mistake(say("{name} contains nan or inf (a square root of a negative number?)",
                          "exercises", name=name), "nan")
    if same_angles(given, expected):
        return
    for known in mistakes:
        if same_angles(given, known.value):
            raise Mistake(say("{name} is not right. {hint}", "exercises", name=name,
                              hint=known.message), known.code)
    matches = sum(min(abs(wrapped(g - e)) for e in expected) <= 1e-3 for g in given)
    if matches == 1:
        raise Mistake(say("{name}: one of your two angles is right, the other is not (the two "
                          "come from the two signs of the square root)", "exercises", name=name),
                      "one-of-two")
    raise Mistake(say("{name} is not right: neither angle solves the equation of this step.",
                      "exercises", name=name), "not-equal")


# --- per-student numbers --------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def pose_joints(student):
    """The joint vector whose pose a student gets (generic: away from all three
    singularities and from the workspace boundary)."""
    rng = student_rng(student).spawn(3)[0]
    while True:
        q = rng.uniform(-np.pi, np.pi, 6)
        X = 0.4318 * np.cos(q[1]) + 0.0203 * np.cos(q[1] + q[2]) - 0.4331 * np.sin(q[1] + q[2])
        elbow = 0.4331 * np.cos(q[2]) + 0.0203 * np.sin(q[2])
        if abs(np.sin(q[4])) > 0.3 and abs(X) > 0.1 and abs(elbow) > 0.1:
            return q


def pose_numbers(student):
    """Exercises 1 and 2: the target pose ``0_T_6`` of one student (a 4x4 array; its last
    column holds the wrist centre ``p``, metres)."""
    return np.asarray(forward_kinematics(puma560(), pose_joints(student)), dtype=float)


def draw_pose(student):
    """Exercise 2: the student's pose drawn with its joint axes (a PNG image to display)."""
    return as_image(pose_figure(pose_joints(student),
                                title=say("your pose (axis 5 drawn thicker)", "exercises")))


def gravity_numbers(student):
    """Exercise 5: θ2, θ3, θ5 (degrees; θ1 = θ4 = θ6 = 0) and the payload (kg) at the
    wrist centre."""
    rng = student_rng(student).spawn(3)[1]
    theta2_deg = int(rng.integers(-150, 151))
    theta3_deg = int(rng.integers(-170, 171))
    theta5_deg = int(rng.integers(20, 161)) * int(rng.choice([-1, 1]))
    payload_kg = round(float(rng.uniform(0.5, 2.5)), 2)
    return theta2_deg, theta3_deg, theta5_deg, payload_kg


# --- exercise 1: θ1 and θ3 of your wrist centre ---------------------------------------

@exercises.visible(1, cell="ex1_theta13_test", theta1_both=Numbers((2,), "rad"),
                   theta3_both=Numbers((2,), "rad"))
def exercise_1(theta1_both, theta3_both, context):
    """Visible: both θ1 put the shoulder offset where it is (−s1 px + c1 py = d3), and the
    two θ3 are the two roots of one equation in θ3 (a3 c3 − d4 s3 is the same for both)."""
    p = pose_numbers(context.student)[:3, 3]
    for name, pair in (("theta1_both", theta1_both), ("theta3_both", theta3_both)):
        if np.any(np.abs(pair) > 2 * np.pi + 1e-9):
            raise Mistake(say("{name} holds an angle larger than 2π: give radians, not "
                              "degrees", "exercises", name=name), "degrees")
        if abs(wrapped(pair[0] - pair[1])) < 1e-6:
            raise Mistake(say("{name} holds the same angle twice: there are two solutions, one "
                              "for each sign of the square root", "exercises", name=name),
                          "one-solution")
    offsets = -np.sin(theta1_both) * p[0] + np.cos(theta1_both) * p[1]
    if np.allclose(offsets, -LENGTHS[d3], atol=1e-3):
        raise Mistake(say("with your theta1_both, −s1 px + c1 py = −d3: the shoulder offset is "
                          "on the other side (check the sign in front of atan2(d3, …))",
                          "exercises"), "theta1:offset-sign")
    if np.allclose(offsets, 0.0, atol=1e-3):
        raise Mistake(say("with your theta1_both, −s1 px + c1 py = 0: your θ1 leaves out the "
                          "shoulder offset d3", "exercises"), "theta1:no-offset")
    check_number(offsets, [LENGTHS[d3]] * 2,
                 say("−s1 px + c1 py for your two theta1 (it must be the shoulder offset d3)",
                     "exercises"), rtol=0, atol=1e-3, unit="m")
    c, s = np.cos(theta3_both), np.sin(theta3_both)
    if np.ptp(LENGTHS[a3] * c - LENGTHS[d4] * s) > 1e-3:
        if np.ptp(LENGTHS[a3] * c + LENGTHS[d4] * s) <= 1e-3:
            raise Mistake(say("your two theta3 solve a3 c3 + d4 s3 = K, the equation in other "
                              "frames' signs; in Craig's frames it is a3 c3 − d4 s3 = K",
                              "exercises"), "theta3:other-frames")
        raise Mistake(say("your two theta3 do not solve the same equation: a3 c3 − d4 s3 must "
                          "take the same value K for both", "exercises"), "not-a-pair")


# --- exercise 2: which of the eight solutions is drawn ---------------------------------

@exercises.visible(2, cell="ex2_row_test", row=Choice(tuple(range(1, 9))))
def exercise_2(row):
    """Visible: the answer is a row number 1 … 8 (checked by its kind); the rest is hidden."""


# --- exercise 3: a column of the tool-frame Jacobian by differential transforms ------

EX3_SYMBOLS = (theta4, theta5, theta6, a3, d4)


@functools.lru_cache(maxsize=None)
def tool_jacobian(values=()):
    """``6_J`` of the PUMA with symbolic lengths, by velocity propagation, at the joint
    values ``values`` (pairs ``(symbol, value)``)."""
    robot = puma560(symbolic_lengths=True)
    return jacobian_by_propagation(robot, [dict(values).get(t, t) for t in theta])


def column_mistakes(J):
    """The known mistakes of exercise 3 for the Jacobian ``J`` (whole, or at a special case)."""
    column = J[:, 2]
    return [Known(sp.Matrix([*(-entry for entry in column[:3]), *column[3:]]),
                  say("It matches the linear part with the cross product reversed: "
                      "d = [(p × n)_z, (p × o)_z, (p × a)_z], (p × n)_z = p_x n_y − p_y n_x.",
                      "exercises"), "cross-order"),
            Known(-column, say("It matches the column of a joint turning the other way: in "
                               "Craig's frames joint 3 turns about +Z3.", "exercises"),
                  "axis-sense"),
            Known(J[:, 3], say("It matches column 4: column j comes from jT6, here ³T₆.",
                               "exercises"), "wrong-column")]


@exercises.visible(3, cell="ex3_column3_test", column3=Matrix(6, 1))
def exercise_3(column3):
    """Visible: the wrist straight, θ4 = θ5 = θ6 = 0."""
    zero = ((theta4, 0), (theta5, 0), (theta6, 0))
    J = tool_jacobian(zero)
    with case(say("with theta4 = theta5 = theta6 = 0", "exercises")):
        check_expression(column3.subs(dict(zero)), J[:, 2], "column3", markers=(a3, d4),
                         allowed_symbols=EX3_SYMBOLS, mistakes=column_mistakes(J))


# --- exercise 4: det J and the singular configurations ---------------------------------

EX4_SYMBOLS = (theta2, theta3, theta5, a2, a3, d4)


def det_mistakes(expected, with_K_factor):
    """The known mistakes of exercise 4's ``det_J6``: for the expected determinant (whole or
    at a special case) and the determinant with K's expression as the elbow factor."""
    return [Known(expected / a2,
                  say("It matches det J without the constant factor a2 (the upper arm scales "
                      "every velocity joints 1 and 2 give the wrist centre).", "exercises"),
                  "constant-factor"),
            Known(with_K_factor,
                  say("It matches a3 c3 − d4 s3 as the elbow factor: that is K itself; the "
                      "elbow is singular where K is largest or smallest, where its derivative "
                      "d4 c3 + a3 s3 vanishes.", "exercises"), "elbow-factor")]


@exercises.visible(4, cell="ex4_det_test", det_J6=Expression(),
                   elbow_angles=Numbers((2,), "rad"))
def exercise_4(det_J6, elbow_angles):
    """Visible: det J at θ5 = 0 (the wrist singularity) and θ2 = θ3 = 0; the elbow angles
    are the two roots of one equation tan θ3 = const, so they lie half a turn apart."""
    with case(say("with theta5 = 0", "exercises")):
        check_expression(det_J6.subs(theta5, 0), 0, "det_J6", allowed_symbols=EX4_SYMBOLS)
    with case(say("with theta2 = theta3 = 0 and theta5 = pi/2", "exercises")):
        J = tool_jacobian(((theta2, 0), (theta3, 0), (theta5, sp.pi / 2)))
        expected = sp.factor(J[:3, :3].det() * J[3:, 3:].det())
        # at theta3 = 0 the elbow factor d4 c3 + a3 s3 is d4, and K's a3 c3 − d4 s3 is a3
        check_expression(det_J6.subs({theta2: 0, theta3: 0, theta5: sp.pi / 2}), expected,
                         "det_J6", allowed_symbols=EX4_SYMBOLS,
                         mistakes=det_mistakes(expected, expected * a3 / d4))
    if np.any(np.abs(elbow_angles) > 2 * np.pi + 1e-9):
        raise Mistake(say("{name} holds an angle larger than 2π: give radians, not degrees",
                          "exercises", name="elbow_angles"), "degrees")
    if abs(abs(wrapped(elbow_angles[0] - elbow_angles[1])) - np.pi) > 1e-3:
        raise Mistake(say("elbow_angles: the arm stretched out and folded back are half a turn "
                          "apart (the two roots of one equation in tan θ3); yours are not",
                          "exercises"), "not-half-a-turn")


# --- exercise 5: the gravity load of your pose -----------------------------------------

def gravity_bound(student):
    """An upper bound on |G2| (N·m): every weight at the arm's full reach."""
    *_, payload_kg = gravity_numbers(student)
    mass = sum(link.mass for link in puma560().links) + payload_kg
    return G * mass * (0.4318 + 0.0203 + 0.4331 + 0.05)


@exercises.visible(5, cell="ex5_gravity_test", G23=Numbers((2,), "N·m"))
def exercise_5(G23, context):
    """Visible: units (no torque beyond every weight at full reach) and a finite answer."""
    if np.any(np.abs(G23) > gravity_bound(context.student)):
        raise Mistake(say("G23 is larger than all the arm's weight at its full reach could "
                          "need: check the units (kg → N with g, degrees → radians)",
                          "exercises"), "too-large")


# --- exercise 6: spot the error ----------------------------------------------------------

EX6_SYMBOLS = (px, py, pz, a2, a3, d3, d4, theta1, theta2, theta3)


@exercises.visible(6, cell="ex6_error_test", wrong_line=Choice(tuple(range(1, 7))),
                   corrected=Expression())
def exercise_6(wrong_line, corrected):
    """Visible: the correction uses the derivation's symbols only."""
    corrected = settled(corrected, EX6_SYMBOLS)
    foreign = sorted(s.name for s in corrected.free_symbols - set(EX6_SYMBOLS))
    if foreign:
        raise Mistake(say("corrected uses symbols that do not belong in this derivation: "
                          "{symbols}", "exercises", symbols=", ".join(foreign)),
                      "foreign-symbols")
