"""Chapter 7 exercises: the instructor's answers pass, and each named mistake a student
would make reaches them with its code (decided as the grader does, in this process)."""

import numpy as np
import pytest
import sympy as sp
from test_exercise_feedback import STUDENT, decide, run_as_module, solution_source

from robocourse.exercises import ch7_parameters as ch

ASSIGNMENT = "ch7_parameters"


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    return run_as_module(solution_source(ASSIGNMENT),
                         tmp_path_factory.mktemp("ch7") / "ch7_answers.py")


def verdicts(answers, last=7, **changed):
    """The verdicts on the instructor's answers with ``changed`` ones put in, exercises 1 to
    ``last`` in order (an exercise's verdict depends on the ones before it, never after)."""
    return decide(ASSIGNMENT, {**answers, **changed}, range(1, last + 1))


def test_the_instructors_answers_pass(answers):
    assert {n: v.code for n, v in verdicts(answers).items()} == dict.fromkeys(range(1, 8),
                                                                              "passed")


def _codes(answers, number, *values, name):
    return [verdicts(answers, number, **{name: value})[number].code for value in values]


def test_the_ten_parameters_mistakes(answers):
    mass, r_c, I_c = ch.link_numbers(STUDENT)
    good = np.asarray(answers["pi_link"], dtype=float)
    flipped = good * np.r_[1, -1, -1, 1, -1, 1, 1, 1, 1, 1]
    about_centre = np.r_[I_c[np.triu_indices(3)], mass * r_c, mass]
    assert _codes(answers, 1, flipped, about_centre, name="pi_link") == [
        "product-sign", "out-of-tolerance"]


def test_the_regressor_column_mistakes(answers):
    t1, t2, g = ch.theta1, ch.theta2, ch.g
    column = ch.regressor_column("MX2")
    assert _codes(answers, 2, column.subs(g, -g), sp.Matrix([g * sp.cos(t1 + t2)] * 2),
                  column + sp.Matrix([ch.l1 * ch.thetadot1 ** 2, 0]), column.T,
                  name="Y_MX2") == ["gravity:sign", "elbow-fixed", "centripetal:extra",
                                    "wrong-shape"]


def test_the_no_effect_mistakes(answers):
    right = list(ch.no_effect_2r())
    assert _codes(answers, 3, right[:-1], [*right, "ZZ1"], [*right, "ZZ9"], "XX1",
                  name="no_effect") == ["no-effect-missing", "acting-listed", "unknown-name",
                                        "wrong-type"]


def test_the_regrouping_mistakes(answers):
    ZZ1, M2, M3, l1, l2 = ch.ZZ1, ch.M2, ch.M3, ch.l1, ch.l2
    assert _codes(answers, 4, ZZ1 + l1**2 * M2, ZZ1 + l1**2 * M2 + (l1 + l2)**2 * M3,
                  name="ZZR1") == ["m3-missing", "whole-lever"]


def test_the_least_squares_mistakes(answers):
    q, qd, qdd, tau, _ = ch.pendulum_data(STUDENT)

    def fit(*columns):
        return np.linalg.lstsq(np.column_stack(columns), tau, rcond=None)[0]

    g = ch.GRAVITY
    wrong_sign = fit(qdd, g * np.cos(q), g * np.sin(q), qd, np.sign(qd))
    swapped = fit(qdd, g * np.sin(q), -g * np.cos(q), qd, np.sign(qd))
    sign_of_q = fit(qdd, g * np.cos(q), -g * np.sin(q), qd, np.sign(q))
    assert _codes(answers, 5, wrong_sign, swapped, np.r_[wrong_sign[:4]], name="pi_hat") == [
        "gravity:sign", "columns-swapped", "wrong-shape"]
    assert _codes(answers, 5, sign_of_q, name="pi_hat")[0] in ("coulomb:sign-of-q",
                                                               "friction-sign")


def test_the_condition_number_mistakes(answers):
    assert _codes(answers, 6, "a", "c", "d", "e", name="meaning") == [
        "more-is-better", "noise-free", "samples", "not-an-option"]


def test_a_rigid_body_check_that_forgets_the_triangle_inequality(answers, tmp_path):
    source = ("import numpy as np\n\n"
              "def is_rigid_body(link_parameters):\n"
              "    p = np.asarray(link_parameters, dtype=float)\n"
              "    if p[9] <= 0:\n        return False\n"
              "    J = np.array([[p[0], p[1], p[2]], [p[1], p[3], p[4]], [p[2], p[4], p[5]]])\n"
              "    r = p[6:9] / p[9]\n"
              "    I = J - p[9] * (r @ r * np.eye(3) - np.outer(r, r))\n"
              "    return bool(np.linalg.eigvalsh(I)[0] >= -1e-9)\n")
    lenient = run_as_module(source, tmp_path / "lenient.py")["is_rigid_body"]
    verdict = verdicts(answers, is_rigid_body=lenient)[7]
    assert verdict.code == "wrong-verdict" and "triangle inequality" in verdict.message
