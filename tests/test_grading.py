"""The answer checkers, the hand-over of answers as data, the student id, and the
runner that calls student functions: each decides correctly, or says it cannot."""

import math
import os

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.physics.mechanics import dynamicsymbols

from robocourse.grading import (
    Mistake,
    check_call,
    check_expression,
    check_number,
    handover,
    students,
    term_kind,
)
from robocourse.grading.checks import Known, case
from robocourse.grading.handover import FunctionSource, HandoverError
from robocourse.grading.runner import Runner, StudentCodeError, StudentFunction

t1, t2, t1d, t2d, t1dd, t2dd = sp.symbols("theta1 theta2 thetadot1 thetadot2 thetaddot1 "
                                          "thetaddot2")
d2, d2d, d2dd = sp.symbols("d2 ddot2 dddot2")
m1, m2, l1, l2, g = sp.symbols("m1 m2 l1 l2 g")
# The lecture's 2R torque τ1 (chapter 3, example 3.2), written out.
TAU1 = (m2 * l2**2 * (t1dd + t2dd) + m2 * l1 * l2 * sp.cos(t2) * (2 * t1dd + t2dd)
        + (m1 + m2) * l1**2 * t1dd - m2 * l1 * l2 * sp.sin(t2) * t2d**2
        - 2 * m2 * l1 * l2 * sp.sin(t2) * t1d * t2d + m2 * l2 * g * sp.cos(t1 + t2)
        + (m1 + m2) * l1 * g * sp.cos(t1))


def mistake(call, *args, **kwargs):
    with pytest.raises(Mistake) as raised:
        call(*args, **kwargs)
    return raised.value


# --- accepted: the same answer, written as a student would ------------------------------

@pytest.mark.parametrize("label, answer", [
    ("expanded", sp.expand(sp.expand_trig(TAU1))),
    ("half angles", TAU1.subs(sp.cos(t2), 2 * sp.cos(t2 / 2)**2 - 1)),
    ("tan", TAU1.subs(sp.sin(t2), sp.tan(t2) * sp.cos(t2))),
    ("real symbols", TAU1.subs({t1: sp.Symbol("theta1", real=True),
                                t2d: sp.Symbol("thetadot2", real=True)})),
    ("positive masses", TAU1.subs(m2, sp.Symbol("m2", positive=True))),
    ("floats", TAU1.subs(sp.Integer(2), sp.Float(2.0))),
])
def test_equal_forms_pass(label, answer):
    check_expression(answer, TAU1, "tau1")


def test_dynamicsymbols_and_time_functions_are_the_joint_symbols():
    t = sp.Symbol("t")
    for theta1, theta2 in (dynamicsymbols("theta1 theta2"),
                           (sp.Function("theta1")(t), sp.Function("theta2")(t))):
        rates = {t1: theta1, t2: theta2}
        answer = TAU1.subs({t1dd: theta1.diff(t, 2), t2dd: theta2.diff(t, 2),
                            t1d: theta1.diff(t), t2d: theta2.diff(t)}).subs(rates)
        check_expression(answer, TAU1, "tau1")


def test_a_rational_answer_is_put_over_a_common_denominator():
    m, l = sp.symbols("m l")
    check_expression(m / (m + l) + l / (m + l), sp.Integer(1), "ratio")


def test_trigonometry_in_a_denominator_and_sqrt_do_not_escape_as_errors():
    check_expression(1 / sp.cos(t1) ** 2, 1 + sp.tan(t1) ** 2, "sec²")
    x = sp.Symbol("x", positive=True)
    check_expression(sp.sqrt(x**2), x, "root")
    assert mistake(check_expression, sp.sqrt(1 - sp.cos(t1)**2) + 1, sp.sin(t1), "s").code


# --- rejected, with the kind of term named -------------------------------------------------

@pytest.mark.parametrize("answer, words, code", [
    (TAU1 - 2 * (m2 * l2 * g * sp.cos(t1 + t2) + (m1 + m2) * l1 * g * sp.cos(t1)),
     "gravity term has the wrong sign",
     "gravity:sign"),
    (TAU1 + 2 * m2 * l1 * l2 * sp.sin(t2) * t1d * t2d, "Coriolis term in θ̇₁⋅θ̇₂ is missing",
     "coriolis:missing"),
    (TAU1 + m2 * l1 * l2 * sp.sin(t2) * t2d**2 * 3, "centripetal term in θ̇₂² is not right",
     "centripetal:wrong"),
    (TAU1 + m1 * l1 * t2d, "extra velocity term", "velocity:extra"),
])
def test_a_wrong_term_is_named_by_its_kind(answer, words, code):
    raised = mistake(check_expression, answer, TAU1, "tau1")
    assert words in str(raised) and raised.code == code


def test_the_kind_of_a_term_does_not_depend_on_assumptions():
    rate = sp.Symbol("thetadot1", real=True)
    assert term_kind(rate**2 * m1) == term_kind(t1d**2 * m1) == "centripetal term in θ̇₁²"
    raised = mistake(check_expression, TAU1.subs(t1d, rate) + rate * t2d, TAU1, "tau1")
    assert "Coriolis" in str(raised) and "symbols that do not belong" not in str(raised)


def test_a_tiny_exact_difference_in_a_large_answer_is_seen():
    big = sp.expand((1 + t1d + sp.sin(t1) + m1) ** 10)
    assert mistake(check_expression, big + sp.Rational(1, 10**25), big, "big").code == \
        "not-equal"


def test_nan_never_passes():
    x = sp.Symbol("x")
    assert mistake(check_expression, x + sp.nan, x, "x").code == "nan"


def test_an_equation_is_not_an_expression():
    assert "right-hand side" in str(mistake(check_expression, sp.Eq(t1, TAU1), TAU1, "tau1"))


def test_foreign_symbols_and_shapes_are_named():
    assert "f_z" in str(mistake(check_expression, TAU1 + sp.Symbol("f_z"), TAU1, "tau1"))
    matrix = sp.Matrix([TAU1, 0])
    assert mistake(check_expression, sp.Matrix([TAU1]), matrix, "tau").code == "wrong-shape"
    assert mistake(check_expression, TAU1, matrix, "tau").code == "wrong-shape"
    assert "tau[1]" in str(mistake(check_expression, sp.Matrix([TAU1, 1]), matrix, "tau"))


def test_a_known_mistake_is_named():
    known = [Known(-TAU1, "It matches τ with every sign flipped.", "flipped")]
    raised = mistake(check_expression, -TAU1, TAU1, "tau1", mistakes=known)
    assert raised.code == "flipped" and "every sign flipped" in str(raised)


def test_case_prefixes_the_feedback():
    with pytest.raises(Mistake, match="^with theta2 = 0: tau1 is not right"):
        with case("with theta2 = 0"):
            check_expression(TAU1.subs(t2, 0) + g, TAU1.subs(t2, 0), "tau1")


# --- property tests: random equations of motion, random perturbations --------------------

_TERMS = [t1dd * m1 * l1**2, t2dd * m2 * l2 * sp.cos(t2), t1d * t2d * m2 * sp.sin(t2),
          t2d**2 * l1 * sp.sin(t2), g * m1 * sp.cos(t1 + t2), g * m2 * l2 * sp.sin(t1),
          d2d * t1d * m2 * d2, d2dd * m2]
_KINDS = ["inertial", "inertial", "coriolis", "centripetal", "gravity", "gravity", "coriolis",
          "inertial"]
_coefficients = st.integers(-5, 5).filter(bool)


@settings(max_examples=40)
@given(st.lists(_coefficients, min_size=len(_TERMS), max_size=len(_TERMS)),
       st.integers(0, len(_TERMS) - 1), st.sampled_from(["drop", "sign", "scale", "tiny"]))
def test_a_perturbed_equation_of_motion_is_rejected_naming_the_kind(coefficients, k, change):
    expected = sum(c * term for c, term in zip(coefficients, _TERMS, strict=True))
    term = coefficients[k] * _TERMS[k]
    perturbed = {"drop": expected - term, "sign": expected - 2 * term,
                 "scale": expected + term, "tiny": expected + term * sp.Rational(1, 10**12)}
    raised = mistake(check_expression, perturbed[change], expected, "tau")
    assert raised.code.startswith(_KINDS[k] + ":"), (raised.code, str(raised))


@settings(max_examples=40)
@given(st.lists(_coefficients, min_size=len(_TERMS), max_size=len(_TERMS)))
def test_a_rewritten_equation_of_motion_is_accepted(coefficients):
    expected = sum(c * term for c, term in zip(coefficients, _TERMS, strict=True))
    rewritten = sp.expand(sp.expand_trig(expected)).subs(sp.cos(t2), 1 - 2 * sp.sin(t2 / 2)**2)
    check_expression(sp.factor_terms(rewritten), expected, "tau")


# --- numbers -----------------------------------------------------------------------------

@pytest.mark.parametrize("answer, code", [
    (True, "wrong-type"), ("1.0", "wrong-type"), (None, "wrong-type"),
    (sp.Eq(sp.Symbol("x"), 1), "equation"), (float("nan"), "nan"), ([1.0, 2.0], "wrong-shape"),
    (-1.0, "wrong-sign"), (1.5, "out-of-tolerance"), ([True, False], "wrong-type"),
])
def test_check_number_refuses_what_is_not_the_number(answer, code):
    assert mistake(check_number, answer, 1.0, "x").code == code


@pytest.mark.parametrize("answer, code", [
    ([-1.0, 2.0], "wrong-sign"), ([-1.0, -2.0], "wrong-sign"),
    ([-1.0, 5.0], "out-of-tolerance"), ([1.5, -2.0], "out-of-tolerance"),
])
def test_check_number_says_wrong_sign_only_when_every_wrong_entry_is_flipped(answer, code):
    assert mistake(check_number, answer, [1.0, 2.0], "v").code == code


def test_check_number_names_the_entries_out_of_tolerance():
    raised = mistake(check_number, [1.0, 2.5, 3.0, -7.0], [1.0, 2.0, 3.0, 4.0], "v")
    assert raised.code == "out-of-tolerance" and "[1, 3]" in str(raised)


@pytest.mark.parametrize("answer", [np.inf, -np.inf, [1.0, np.inf], [np.nan, 2.0]])
def test_check_number_reports_an_infinity_or_nan_as_such(answer):
    expected = [1.0, 2.0] if isinstance(answer, list) else 1.0
    assert mistake(check_number, answer, expected, "v").code == "nan"


@pytest.mark.parametrize("bad", [sp.oo, -sp.oo, sp.zoo, sp.nan])
def test_check_expression_reports_an_infinity_or_nan_as_such(bad):
    x = sp.Symbol("x")
    assert mistake(check_expression, x + bad, x, "x").code == "nan"
    assert mistake(check_expression, sp.Matrix([x, bad]), sp.Matrix([x, 1]), "v").code == "nan"


def test_check_number_says_no_number_for_none():
    assert "no number" in str(mistake(check_number, None, 1.0, "x"))


def test_check_number_accepts_a_one_element_array_for_a_scalar():
    check_number(np.array([2.0]), 2.0, "x")
    check_number(sp.Float(2.0), 2.0, "x")


def test_check_call_reports_the_students_exception():
    raised = mistake(check_call, lambda v: v[5], [1], name="f")
    assert raised.code == "raised:IndexError" and "f raised IndexError" in str(raised)


# --- the student id -------------------------------------------------------------------------

def test_the_placeholder_id_is_refused_while_working_alone(monkeypatch):
    monkeypatch.delenv(students.GRADED_STUDENT, raising=False)
    monkeypatch.delenv(students.HUB_USER, raising=False)
    with pytest.raises(AssertionError, match="still \"your-id\""):
        students.student_id("your-id")
    with pytest.raises(AssertionError, match="got nothing"):
        students.student_id(None)


def test_on_the_hub_the_id_is_the_account_the_student_logged_in_with(monkeypatch, capsys):
    monkeypatch.delenv(students.GRADED_STUDENT, raising=False)
    monkeypatch.setenv(students.HUB_USER, "ada")
    assert students.student_id("your-id") == "ada" and students.student_id(None) == "ada"
    assert capsys.readouterr().out == ""
    assert students.student_id("s0000000") == "ada"         # what nbgrader will grade
    assert "logged in to the class as 'ada'" in capsys.readouterr().out
    monkeypatch.setenv(students.GRADED_STUDENT, "alan")      # grading wins
    assert students.student_id("your-id") == "alan"


def test_under_grading_the_grader_knows_the_id_whatever_the_student_does(monkeypatch, capsys,
                                                                        tmp_path):
    monkeypatch.setenv(students.GRADED_STUDENT, "s7654321")
    monkeypatch.chdir(tmp_path)                  # a submission that changes folder
    assert students.student_id("s0000000") == "s7654321"
    assert "belongs to 's7654321'" in capsys.readouterr().out
    assert students.student_id("your-id") == "s7654321"


def test_student_rng_needs_an_id():
    with pytest.raises(ValueError, match="student should be"):
        students.student_rng("")


# --- hand-over: only data crosses ----------------------------------------------------------

@pytest.mark.parametrize("value", [
    0, -7, 2**100, 1.5, float("inf"), 3 + 4j, True, None, "text", [1, (2, 3)],
    {"a": [1.0]}, np.array([[1.0, 2.0], [3.0, 4.0]]), np.arange(3), np.array([1 + 2j]),
    sp.Matrix([[t1, sp.Rational(1, 3)], [sp.pi, sp.sqrt(2) * sp.Float("0.25")]]),
    sp.Function("theta1")(sp.Symbol("t")).diff(sp.Symbol("t"), 2),
    sp.Symbol("x", positive=True) ** 3, sp.atan2(t1, t2), sp.Piecewise((t1, t1 > 0), (0, True)),
])
def test_answers_survive_the_hand_over(value):
    back = handover.loads(handover.dumps(value))
    if isinstance(value, np.ndarray):
        assert back.dtype == value.dtype and np.array_equal(back, value)
    elif isinstance(value, float) and math.isnan(value):
        assert math.isnan(back)
    else:
        assert back == value and type(back) is type(value)


@pytest.mark.parametrize("data, words", [
    ({"sympy": ["Function", "eval", []]}, "not accepted"),
    ({"sympy": ["Unsupported", "Integral"]}, "Integral"),
    ({"sympy": ["Pow", [["Symbol", "x", {}], ["Integer", "100000"]]]}, "exponent"),
    ({"int": "9" * 1000}, "digits"),
    ({"pickle": "..."}, "unknown kind"),
    ({"sympy": ["Symbol", "", {}]}, "symbol name"),
])
def test_a_crafted_hand_over_is_refused(data, words):
    with pytest.raises(HandoverError, match=words):
        handover.decode(data)


def test_a_deeply_nested_hand_over_is_refused():
    node = ["Symbol", "x", {}]
    for _ in range(500):
        node = ["Add", [node, ["Integer", "1"]]]
    with pytest.raises(HandoverError, match="nested too deeply"):
        handover.decode({"sympy": node})
    with pytest.raises(HandoverError, match="not valid JSON"):
        handover.loads("[" * 100_000)


def test_a_function_is_handed_over_with_what_it_uses():
    scale = 2.0

    def helper(v):
        return np.asarray(v) * scale

    source = FunctionSource("f", "def f(v):\n    return helper(v) + offset\n",
                            imports=[("np", "numpy", None)], helpers=[
                                "def helper(v):\n    return np.asarray(v) * 2.0\n"],
                            values={"offset": 1.0})
    back = handover.decode(handover.encode(source))
    assert back.program()[-1] == ("f", source.source) and back.values == {"offset": 1.0}
    assert helper([1.0])[0] == 2.0
    with pytest.raises(HandoverError, match="lambda"):
        FunctionSource.of(lambda x: x)


# --- the runner -----------------------------------------------------------------------------

STEP = FunctionSource("step", "def step(R, P, f, n):\n    f_i = np.asarray(R) @ f\n"
                      "    print('noise' * 1000)\n"
                      "    return f_i, np.asarray(R) @ n + np.cross(P, f_i)\n",
                      imports=[("np", "numpy", None)])


@pytest.fixture(scope="module")
def runner():
    with Runner(timeout=10) as job:
        yield job


def test_a_student_function_is_called_in_another_process(runner):
    f_i, n_i = StudentFunction(STEP, runner)(np.eye(3), [0.5, 0, 0], [0, 2.0, 0], [0, 0, 0])
    assert np.allclose(f_i, [0, 2, 0]) and np.allclose(n_i, [0, 0, 1])


def test_forbidden_functions_refuse_there_and_only_there(runner):
    from robocourse.inertia import check_inertia
    from robocourse.models import planar_2r

    uses = FunctionSource("uses", "from robocourse.inertia import check_inertia\n"
                          "saved = check_inertia\n"
                          "def uses():\n    return saved(np.eye(3))\n",
                          imports=[("np", "numpy", None)])
    with pytest.raises(StudentCodeError, match="check_inertia is switched off"):
        StudentFunction(uses, runner, forbidden=["robocourse.inertia:check_inertia"])()
    planar_2r()                     # this process's library is untouched (issue 19)
    check_inertia(np.eye(3))


def test_a_function_that_does_not_return_is_stopped():
    with Runner(timeout=2) as job:
        endless = FunctionSource("endless", "def endless():\n    while True:\n        pass\n")
        with pytest.raises(StudentCodeError, match="did not finish within 2 s") as raised:
            StudentFunction(endless, job)()
        assert raised.value.code == "timeout"


def test_a_function_that_kills_its_process_is_reported(runner):
    crash = FunctionSource("crash", "import os\ndef crash():\n    os._exit(3)\n")
    with pytest.raises(StudentCodeError, match="stopped the process"):
        StudentFunction(crash, runner)()


def test_the_runner_reports_where_the_student_code_raised(runner):
    broken = FunctionSource("broken", "def broken(x):\n    y = 1\n    return x / 0\n")
    with pytest.raises(StudentCodeError, match="ZeroDivisionError at line 3 of broken"):
        StudentFunction(broken, runner)(1.0)


def test_replay_recomputes_with_the_library_route_switched_off(runner):
    groups = [{"label": "exercise 1", "before": ["import numpy as np"],
               "cells": ["from robocourse.frames import rot_z\nR = rot_z(0.3)"],
               "names": ["R"], "forbidden": ["robocourse.frames:rot_z"]},
              {"label": "exercise 2", "before": [], "cells": ["S = np.eye(2) * 2"],
               "names": ["S"], "forbidden": ["robocourse.frames:rot_z"]}]
    results = runner.replay(setup="", groups=groups)
    assert "rot_z is switched off" in results[0]["error"]
    assert np.array_equal(results[1]["values"]["S"], np.eye(2) * 2)


def test_grading_environment_is_not_leaked_into_tests():
    assert students.GRADED_STUDENT not in os.environ


def test_replay_runs_only_the_cells_an_answer_needs_and_all_of_them_if_it_must(runner):
    groups = [{"label": "exercise 1", "before": [], "cells": ["raise RuntimeError('slow')"],
               "names": None, "forbidden": []},
              {"label": "exercise 2", "before": [], "cells": ["a = 2"], "names": None,
               "forbidden": []},
              {"label": "exercise 3", "before": [], "cells": ["b = a * 3"], "names": ["b"],
               "forbidden": ["robocourse.frames:rot_z"]},
              {"label": "exercise 4", "before": [], "cells": ["import builtins\nbuiltins.y = 7"],
               "names": None, "forbidden": []},
              {"label": "exercise 5", "before": [], "cells": ["c = y + 1"], "names": ["c"],
               "forbidden": ["robocourse.frames:rot_z"]}]
    results = runner.replay(setup="", groups=groups)
    assert results[2] == {"values": {"b": 6}}           # exercise 1 never ran (it would raise)
    assert results[4] == {"values": {"c": 8}}           # y comes from a cell that is not read


def test_replay_says_which_earlier_cell_failed_with_the_shortcuts_off(runner):
    groups = [{"label": "exercise 1", "before": [], "cells": [
                  "from robocourse.frames import rot_z\nR = rot_z(0.3)"],
               "names": None, "forbidden": []},
              {"label": "exercise 2", "before": [], "cells": ["S = R.T"], "names": ["S"],
               "forbidden": ["robocourse.frames:rot_z"]}]
    error = runner.replay(setup="", groups=groups)[1]["error"]
    assert "exercise 1" in error and "rot_z is switched off" in error
