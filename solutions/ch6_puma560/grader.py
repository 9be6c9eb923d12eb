"""Chapter 6 exercises — the hidden tests (instructor only: never released).

Registered on the assignment's exercise set (``robocourse.exercises.ch6_puma560``);
the grader runs each exercise's visible tests, then these.
"""

import functools

import numpy as np
import sympy as sp

from robocourse import newton_euler
from robocourse.exercises import hidden_catalogue
from robocourse.exercises.ch6_puma560 import (
    DYNAMICS_ROUTES,
    EX3_SYMBOLS,
    EX4_SYMBOLS,
    EX6_SYMBOLS,
    IK_ROUTES,
    JACOBIAN_ROUTES,
    LENGTHS,
    G,
    a2,
    a3,
    check_angle_pair,
    column_mistakes,
    d3,
    d4,
    det_mistakes,
    exercises,
    gravity_numbers,
    pose_joints,
    pose_numbers,
    px,
    py,
    pz,
    theta2,
    theta3,
    theta5,
    tool_jacobian,
    wrapped,
)
from robocourse.grading import check_expression, check_number
from robocourse.grading.checks import Known, Mistake
from robocourse.language import locate, say
from robocourse.models import puma560
from robocourse.puma560 import inverse_kinematics

__all__ = ["exercises"]

#: What these hidden tests say, in the student's language (never released).
locate("hidden", hidden_catalogue(__file__))

A2, A3, D3, D4 = (LENGTHS[x] for x in (a2, a3, d3, d4))


# --- exercise 1 -------------------------------------------------------------------------

def _theta1(p, offset=D3, sign_of_offset=-1):
    rho = np.sqrt(p[0] ** 2 + p[1] ** 2 - offset ** 2)
    return [np.arctan2(p[1], p[0]) + sign_of_offset * np.arctan2(offset, s * rho)
            for s in (1, -1)]


def _theta3(p, d3_squared=D3 ** 2, akb_form=False):
    K = (p @ p - A2 ** 2 - A3 ** 2 - d3_squared - D4 ** 2) / (2 * A2)
    kappa = np.sqrt(max(A3 ** 2 + D4 ** 2 - K ** 2, 0.0))
    if akb_form:
        return [np.arctan2(K, s * kappa) - np.arctan2(A3, D4) for s in (1, -1)]
    return [np.arctan2(A3, D4) - np.arctan2(K, s * kappa) for s in (1, -1)]


@functools.lru_cache(maxsize=None)
def _shoulder_and_elbow(student):
    """The two θ1 and the two θ3 of the library's solutions for the student's pose."""
    solutions = inverse_kinematics(puma560(), pose_numbers(student))
    return (tuple(np.unique(solutions[:, 0].round(9))), tuple(np.unique(solutions[:, 2].round(9))))


@exercises.hidden(1, by_hand={"theta1_both": IK_ROUTES, "theta3_both": IK_ROUTES})
def exercise_1(theta1_both, theta3_both, context):
    p = pose_numbers(context.student)[:3, 3]
    expected1, expected3 = _shoulder_and_elbow(context.student)
    check_angle_pair(theta1_both, expected1, "theta1_both", [
        Known(_theta1(p, sign_of_offset=1),
              say("It matches θ1 with the shoulder offset on the other side: −s1 px + c1 py = d3 "
                  "gives θ1 = atan2(py, px) − atan2(d3, ±√(px² + py² − d3²)).", "hidden"),
              "theta1:offset-sign"),
        Known(_theta1(p, offset=0.0),
              say("It matches θ1 without the shoulder offset d3: the arm's plane is d3 off the "
                  "waist axis.", "hidden"), "theta1:no-offset"),
        Known(np.degrees(expected1),
              say("It matches the right angles in degrees: give radians.", "hidden"),
              "degrees")])
    check_angle_pair(theta3_both, expected3, "theta3_both", [
        Known(_theta3(p, d3_squared=0.0),
              say("It matches K without d3²: the sum of the squares of the position entries of "
                  "¹T₆ holds a2² + a3² + d3² + d4².", "hidden"), "K:missing-d3"),
        Known(_theta3(p, akb_form=True),
              say("It matches θ3 = atan2(K, ±√(a3² + d4² − K²)) − atan2(a3, d4), the solution "
                  "of a3 c3 + d4 s3 = K (other frames' signs); in Craig's frames the equation "
                  "is a3 c3 − d4 s3 = K.", "hidden"), "theta3:other-frames"),
        Known(np.degrees(expected3),
              say("It matches the right angles in degrees: give radians.", "hidden"),
              "degrees")])


# --- exercise 2 -------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _drawn_row(student):
    """The rows of the library's solution table and the (1-based) row of the drawn pose."""
    rows = inverse_kinematics(puma560(), pose_numbers(student))
    distance = [np.abs(wrapped(row - pose_joints(student))).max() for row in rows]
    return rows, int(np.argmin(distance)) + 1


@exercises.hidden(2)
def exercise_2(row, context):
    rows, drawn = _drawn_row(context.student)
    if row == drawn:
        return
    chosen, right = rows[row - 1], rows[drawn - 1]
    same = {name: np.abs(wrapped(chosen[k] - right[k])) < 1e-6
            for name, k in (("shoulder", 0), ("elbow", 2), ("theta5", 4))}
    if same["shoulder"] and same["elbow"]:
        message, code = (say("row {row} has the drawn arm but the other wrist: the flip turns "
                             "axis 5 the other way (θ5 changes sign, θ4 and θ6 by half a turn)",
                             "hidden", row=row), "wrist-flip")
    elif same["shoulder"]:
        message, code = (say("row {row} has the drawn shoulder but the other elbow: compare "
                             "where the elbow sits with respect to the line from the shoulder "
                             "to the wrist centre", "hidden", row=row), "elbow")
    else:
        message, code = (say("row {row} has the other shoulder: θ1 turns the arm's plane about "
                             "the waist, and the drawn arm reaches out on one side of it",
                             "hidden", row=row), "shoulder")
        earlier, passed = context.earlier(1, "theta1_both")
        if earlier is not None and not passed:
            message = say("{message} (your θ1 values of exercise 1 did not pass either: they "
                          "are exactly the two shoulders)", "hidden", message=message)
    raise Mistake(say("row is not right: {message}.", "hidden", message=message), code)


# --- exercise 3 -------------------------------------------------------------------------

@exercises.hidden(3, by_hand={"column3": JACOBIAN_ROUTES})
def exercise_3(column3):
    J = tool_jacobian()
    check_expression(column3, J[:, 2], "column3", markers=(a3, d4), allowed_symbols=EX3_SYMBOLS,
                     mistakes=column_mistakes(J))


# --- exercise 4 -------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _det_J6():
    J = tool_jacobian()
    return J[:3, :3].det() * J[3:, 3:].det()


@exercises.hidden(4, by_hand={"det_J6": JACOBIAN_ROUTES})
def exercise_4(det_J6, elbow_angles):
    expected = _det_J6()
    arm = a2 * (a2 * sp.cos(theta2) + a3 * sp.cos(theta2 + theta3) - d4 * sp.sin(theta2 + theta3))
    with_K = -arm * sp.sin(theta5) * (a3 * sp.cos(theta3) - d4 * sp.sin(theta3))
    check_expression(det_J6, expected, "det_J6", allowed_symbols=EX4_SYMBOLS,
                     mistakes=det_mistakes(expected, with_K))
    stretched = np.arctan2(-D4, A3)
    expected_angles = [stretched, wrapped(stretched + np.pi)]
    check_angle_pair(elbow_angles, expected_angles, "elbow_angles", [
        Known([np.arctan2(A3, D4), np.arctan2(-A3, -D4)],
              say("These solve a3 c3 − d4 s3 = 0 (K = 0, the elbow bent at a right angle); the "
                  "singularity is where d4 c3 + a3 s3 = 0.", "hidden"), "elbow:K-zero"),
        Known(np.degrees(expected_angles),
              say("It matches the right angles in degrees: give radians.", "hidden"),
              "degrees")])


# --- exercise 5 -------------------------------------------------------------------------

def _gravity(student, payload=True, forearm_at_a2=True, at_elbow=True):
    """[G2, G3] of the student's pose, with (or without) the payload; ``forearm_at_a2=False``
    makes G2 − G3 only the upper arm's own weight (the wrong statement), ``at_elbow=False``
    leaves the payload out of G3."""
    theta2_deg, theta3_deg, theta5_deg, kg = gravity_numbers(student)
    q = np.radians([0, theta2_deg, theta3_deg, 0, theta5_deg, 0])
    robot = puma560()
    G_arm = newton_euler.gravity_load(robot, q)
    hold = [0, 0, kg * G, 0, 0, 0] if payload else None          # the tool holds the payload up
    G_all = newton_euler.inverse_dynamics(robot, q, np.zeros(6), np.zeros(6), wrench=hold)
    G2, G3 = G_all[1], G_all[2]
    if not at_elbow:
        G3 = G_arm[2]
    if not forearm_at_a2:
        upper = robot.links[1]
        G2 = G3 + G * upper.mass * (-upper.r_c[0] * np.cos(q[1]) + upper.r_c[1] * np.sin(q[1]))
    return np.array([G2, G3])


@exercises.hidden(5, by_hand={"G23": DYNAMICS_ROUTES})
def exercise_5(G23, context):
    student = context.student
    check_number(G23, _gravity(student), "G23", rtol=1e-3, atol=1e-3, unit="N·m", mistakes=[
        Known(_gravity(student, payload=False),
              say("It matches the arm without its payload: the payload at the wrist centre "
                  "weighs on joints 2 and 3 like a wrist mass.", "hidden"),
              "payload-missing"),
        Known(_gravity(student, at_elbow=False),
              say("It has the payload in G2 only: the elbow holds it too, at the lever from "
                  "axis 3 to the wrist centre.", "hidden"), "payload-elbow"),
        Known(_gravity(student, forearm_at_a2=False),
              say("Your G2 − G3 is only the upper arm's own weight: the shoulder also carries "
                  "the forearm, the wrist and the payload at the lever a2 (about 69 % of the "
                  "cos θ2 term without payload).", "hidden"), "forearm-lever")])


# --- exercise 6 -------------------------------------------------------------------------

WRONG_LINE = 4


def why_right(line):
    """Why a line of the notebook's derivation (not the wrong one) is right."""
    reasons = {1: say("right: entry (2, 4) of (⁰T₁)⁻¹ ⁰T₆ = ¹T₆", "hidden"),
               2: say("right: entry (3, 4) of (⁰T₁)⁻¹ ⁰T₆ = ¹T₆", "hidden"),
               3: say("right: the three position entries squared and added", "hidden"),
               5: say("right: the solution of a3 c3 − d4 s3 = K", "hidden"),
               6: say("right: θ23 is the sum θ2 + θ3", "hidden")}
    return reasons[line]


@exercises.hidden(6)
def exercise_6(wrong_line, corrected):
    if wrong_line != WRONG_LINE:
        raise Mistake(say("wrong_line: line {line} is {reason}; another line does not follow "
                          "from the one before it.", "hidden", line=wrong_line,
                          reason=why_right(wrong_line)), "right-line")
    K = (px**2 + py**2 + pz**2 - a2**2 - a3**2 - d3**2 - d4**2) / (2 * a2)
    check_expression(corrected, K, "corrected", allowed_symbols=EX6_SYMBOLS, mistakes=[
        Known((px**2 + py**2 + pz**2 - a2**2 - a3**2 - d4**2) / (2 * a2),
              say("It is the line as written: compare it with line 3 term by term.",
                  "hidden"), "unchanged"),
        Known(K * 2 * a2, say("It matches 2 a2 K: divide by 2 a2.", "hidden"),
              "factor-2a2")])

