"""Chapter 6's exercises decided by the grader (visible and hidden tests, no notebook, no
sandbox): the right answers pass for several students, and each named mistake gets its
code and a sentence that says what is wrong."""

import pathlib
import sys

import numpy as np
import pytest
import sympy as sp

from robocourse.exercises import ch6_puma560 as visible
from robocourse.grading import concepts
from robocourse.grading.exercises import Context
from robocourse.grading.handover import encode
from robocourse.models import puma560
from robocourse_grader.preprocessors import load_exercise_set

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXERCISES, _ = load_exercise_set(ROOT / "solutions" / "ch6_puma560" / "grader.py")
GRADER = sys.modules["robocourse_grader_ch6_puma560"]
STUDENTS = ("s1234567", "s7654321", "instructor")
t2, t3, t5 = visible.theta2, visible.theta3, visible.theta5
a2, a3, d3, d4, px, py, pz = (visible.a2, visible.a3, visible.d3, visible.d4, visible.px,
                              visible.py, visible.pz)


def decide(number, student, **answers):
    exercise = EXERCISES.exercises[number]
    handed = {name: {"value": encode(value)} for name, value in answers.items()}
    return EXERCISES.decide(exercise.cell, handed, Context(EXERCISES, student))


def right_answers(student):
    p = visible.pose_numbers(student)[:3, 3]
    theta1_both, theta3_both = GRADER._shoulder_and_elbow(student)
    stretched = np.arctan2(-0.4331, 0.0203)
    return {
        1: dict(theta1_both=np.array(theta1_both), theta3_both=np.array(theta3_both)),
        2: dict(row=GRADER._drawn_row(student)[1]),
        3: dict(column3=visible.tool_jacobian()[:, 2]),
        4: dict(det_J6=-a2 * sp.sin(t5) * (d4 * sp.cos(t3) + a3 * sp.sin(t3))
                * (a2 * sp.cos(t2) + a3 * sp.cos(t2 + t3) - d4 * sp.sin(t2 + t3)),
                elbow_angles=np.array([stretched + np.pi, stretched])),
        5: dict(G23=GRADER._gravity(student)),
        6: dict(wrong_line=4,
                corrected=(px**2 + py**2 + pz**2 - a2**2 - a3**2 - d3**2 - d4**2) / (2 * a2)),
    }, p


@pytest.mark.parametrize("student", STUDENTS)
def test_right_answers_pass(student):
    answers, _ = right_answers(student)
    for number, values in answers.items():
        verdict = decide(number, student, **values)
        assert verdict.passed, (number, verdict.message)


def test_the_formulas_of_the_known_mistakes_reproduce_the_library_when_right():
    for student in STUDENTS:
        p = visible.pose_numbers(student)[:3, 3]
        theta1_both, theta3_both = GRADER._shoulder_and_elbow(student)
        assert visible.same_angles(GRADER._theta1(p), theta1_both)
        assert visible.same_angles(GRADER._theta3(p), theta3_both)
        rows, drawn = GRADER._drawn_row(student)
        assert np.abs(visible.wrapped(rows[drawn - 1] - visible.pose_joints(student))).max() < 1e-9


def test_a_student_pose_is_generic_and_the_numbers_are_per_student():
    poses = [visible.pose_joints(student) for student in STUDENTS]
    assert not np.allclose(poses[0], poses[1])
    for student, q in zip(STUDENTS, poses, strict=True):
        assert abs(np.sin(q[4])) > 0.3
        assert len(GRADER._drawn_row(student)[0]) == 8          # a generic pose: 8 rows
    assert visible.gravity_numbers(STUDENTS[0]) != visible.gravity_numbers(STUDENTS[1])


STUDENT = "s1234567"


def _mistake(number, code, **changes):
    answers, _ = right_answers(STUDENT)
    verdict = decide(number, STUDENT, **{**answers[number], **changes})
    assert not verdict.passed and verdict.code == code, verdict
    return verdict.message


def test_exercise_1_names_each_slip():
    p = visible.pose_numbers(STUDENT)[:3, 3]
    assert "other side" in _mistake(1, "theta1:offset-sign",
                                    theta1_both=np.array(GRADER._theta1(p, sign_of_offset=1)))
    assert "leaves out the shoulder offset" in _mistake(
        1, "theta1:no-offset", theta1_both=np.array(GRADER._theta1(p, offset=0.0)))
    assert "without d3²" in _mistake(1, "K:missing-d3",
                                     theta3_both=np.array(GRADER._theta3(p, d3_squared=0.0)))
    assert "a3 c3 − d4 s3 = K" in _mistake(
        1, "theta3:other-frames", theta3_both=np.array(GRADER._theta3(p, akb_form=True)))
    right, _ = right_answers(STUDENT)
    assert "degrees" in _mistake(1, "degrees", theta1_both=np.degrees(right[1]["theta1_both"]))
    assert "same angle twice" in _mistake(1, "one-solution",
                                          theta3_both=right[1]["theta3_both"][[0, 0]])
    one_wrong = right[1]["theta3_both"] + [0.0, 0.3]
    assert "not solve the same equation" in _mistake(1, "not-a-pair", theta3_both=one_wrong)


def test_exercise_2_tells_shoulder_elbow_and_flip_apart():
    rows, drawn = GRADER._drawn_row(STUDENT)
    flip = drawn + 1 if drawn % 2 else drawn - 1
    elbow = [k for k in range(1, 9) if np.isclose(rows[k - 1][0], rows[drawn - 1][0])
             and not np.isclose(rows[k - 1][2], rows[drawn - 1][2])][0]
    shoulder = [k for k in range(1, 9) if not np.isclose(rows[k - 1][0], rows[drawn - 1][0])][0]
    assert "other wrist" in _mistake(2, "wrist-flip", row=flip)
    assert "other elbow" in _mistake(2, "elbow", row=elbow)
    assert "other shoulder" in _mistake(2, "shoulder", row=shoulder)
    assert decide(2, STUDENT, row=9).code == "not-an-option"


def test_exercise_3_names_the_cross_product_the_axis_and_the_column():
    J = visible.tool_jacobian()
    column = J[:, 2]
    reversed_cross = sp.Matrix([*(-x for x in column[:3]), *column[3:]])
    assert "reversed" in _mistake(3, "cross-order", column3=reversed_cross)
    assert "other way" in _mistake(3, "axis-sense", column3=-column)
    assert "column 4" in _mistake(3, "wrong-column", column3=J[:, 3])


def test_exercise_4_names_the_factor_and_the_elbow_equation():
    right, _ = right_answers(STUDENT)
    det = right[4]["det_J6"]
    assert "constant factor a2" in _mistake(4, "constant-factor", det_J6=det / a2)
    K_factor = det.subs(d4 * sp.cos(t3) + a3 * sp.sin(t3), a3 * sp.cos(t3) - d4 * sp.sin(t3))
    assert "K itself" in _mistake(4, "elbow-factor", det_J6=K_factor)
    right_angle = np.array([np.arctan2(0.0203, 0.4331), np.arctan2(-0.0203, -0.4331)])
    assert "K = 0" in _mistake(4, "elbow:K-zero", elbow_angles=right_angle)
    assert "half a turn" in _mistake(4, "not-half-a-turn", elbow_angles=np.array([-1.5, 1.5]))


def test_exercise_5_names_the_payload_and_the_lever_a2():
    assert "without its payload" in _mistake(5, "payload-missing",
                                             G23=GRADER._gravity(STUDENT, payload=False))
    assert "G2 only" in _mistake(5, "payload-elbow",
                                 G23=GRADER._gravity(STUDENT, at_elbow=False))
    assert "lever a2" in _mistake(5, "forearm-lever",
                                  G23=GRADER._gravity(STUDENT, forearm_at_a2=False))
    assert "units" in _mistake(5, "too-large", G23=100 * GRADER._gravity(STUDENT))
    assert _mistake(5, "wrong-sign", G23=-GRADER._gravity(STUDENT)) == \
        "Exercise 5: G23 has the wrong sign."


def test_exercise_6_names_a_right_line_and_an_unchanged_one():
    assert "line 3 is right" in _mistake(6, "right-line", wrong_line=3)
    written = (px**2 + py**2 + pz**2 - a2**2 - a3**2 - d4**2) / (2 * a2)
    assert "as written" in _mistake(6, "unchanged", corrected=written)
    assert "2 a2" in _mistake(6, "factor-2a2",
                              corrected=px**2 + py**2 + pz**2 - a2**2 - a3**2 - d3**2 - d4**2)


def test_the_gravity_numbers_hold_a_real_payload():
    theta2_deg, theta3_deg, theta5_deg, kg = visible.gravity_numbers(STUDENT)
    assert 0.5 <= kg <= 2.5 and abs(theta5_deg) >= 20
    assert visible.gravity_bound(STUDENT) > np.abs(GRADER._gravity(STUDENT)).max()
    assert sum(link.mass for link in puma560().links) == pytest.approx(23.45)


@pytest.mark.parametrize("routes", [visible.IK_ROUTES, visible.JACOBIAN_ROUTES,
                                    visible.DYNAMICS_ROUTES])
def test_every_route_switched_off_is_a_library_function(routes):
    for route in concepts.functions(routes):
        assert callable(concepts.resolve(route)), route
