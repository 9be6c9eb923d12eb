"""Bad input to robocourse.notation and to the grading checkers' public functions — the
instructor's side of them (a negative tolerance, an expected answer that is a string, an
equation or nan; the student's answers are judged by ``Mistake``s, tested in test_grading)
— issue 17."""

import numpy as np
import pytest
import sympy as sp
from bad_input import named_in_the_error

from robocourse.grading.checks import (
    Known,
    Mistake,
    case,
    check_call,
    check_expression,
    check_number,
    term_kind,
)
from robocourse.models import planar_2r
from robocourse.notation import (
    abbreviate,
    by_rates,
    latex,
    latex_sum,
    lecture_form,
    rounded,
    show,
    tidy,
)

x, y, t1, w1, a1 = sp.symbols("x y theta1 thetadot1 thetaddot1")


def _enter(label):
    with case(label):
        pass


NOTATION = [
    ("abbreviate text", lambda: abbreviate("sin(theta1)"), TypeError,
     "value", "sympy expression", "'sin(theta1)'"),
    ("abbreviate None", lambda: abbreviate(None), TypeError, "value", "sympy expression", "None"),
    ("abbreviate a list", lambda: abbreviate([t1, 2]), TypeError,
     "value", "sympy expression", "[theta1, 2]"),
    ("abbreviate the model function", lambda: abbreviate(planar_2r), TypeError,
     "value", "sympy expression", "planar_2r"),
    ("the lecture form of None", lambda: lecture_form(None), TypeError,
     "value", "sympy expression", "None"),
    ("the lecture form of text", lambda: lecture_form("c1"), TypeError,
     "value", "sympy expression", "'c1'"),
    ("by rates of None", lambda: by_rates(None, [a1], [w1]), TypeError,
     "value", "sympy expression", "None"),
    ("by rates of text accelerations", lambda: by_rates(t1, "a", [w1]), TypeError,
     "qdd", "sequence", "'a'"),
    ("by rates of numbers as rates", lambda: by_rates(t1, [a1], [1.0]), TypeError,
     "qd[0]", "Symbol", "1.0"),
    ("by rates with extra text", lambda: by_rates(t1, [a1], [w1], extra="g"), TypeError,
     "extra", "sequence", "'g'"),
    ("by rates factor 'yes'", lambda: by_rates(t1, [a1], [w1], factor="yes"), TypeError,
     "factor", ("True", "False"), "'yes'"),
    ("the LaTeX of None", lambda: latex(None), TypeError, "value", "sympy expression", "None"),
    ("the LaTeX of a list", lambda: latex([x]), TypeError, "value", "sympy expression", "[x]"),
    ("a LaTeX sum with None", lambda: latex_sum(x, None), TypeError,
     "value", "sympy expression", "None"),
    ("show with a symbol for the left side", lambda: show(x, x), TypeError, "lhs", "string", "x"),
    ("show a step that is None", lambda: show("x", None), TypeError,
     "value", "sympy expression", "None"),
    ("round text", lambda: rounded("1.5"), TypeError, "x", "number", "'1.5'"),
    ("round a bool", lambda: rounded(True), TypeError, "x", "number", "True"),
    ("round nan", lambda: rounded([1.0, np.nan]), ValueError, "x[1]", "finite", "nan"),
    ("round to 1.5 digits", lambda: rounded(1.0, digits=1.5), ValueError,
     "digits", "integer", "1.5"),
    ("round to True digits", lambda: rounded(1.0, digits=True), ValueError,
     "digits", "integer", "True"),
    ("round a symbol", lambda: rounded(sp.Matrix([x, 1])), TypeError, "x", "numbers"),
    ("tidy None", lambda: tidy(None), TypeError, "value", "sympy expression", "None"),
    ("tidy text", lambda: tidy("sin(x)**2"), TypeError, "value", "sympy expression", "'sin(x)**2'"),
]

INSTRUCTOR = [
    ("allowed symbols as an array of numbers",
     lambda: check_expression(x, x, allowed_symbols=np.ones(2)), TypeError,
     "allowed_symbols[0]", "Symbol", "1.0"),
    ("a negative rtol", lambda: check_number(1.0, 1.0, rtol=-1), ValueError, "rtol", ">= 0", "-1"),
    ("atol nan", lambda: check_number(1.0, 1.0, atol=np.nan), ValueError, "atol", "finite", "nan"),
    ("a negative atol in rad/s", lambda: check_number(1.0, 1.0, atol=-0.1, unit="rad/s"),
     ValueError, "atol", ">= 0", "-0.1"),
    ("rtol as text", lambda: check_number(1.0, 1.0, rtol="1e-6"), TypeError,
     "rtol", "number", "'1e-6'"),
    ("atol True", lambda: check_number(1.0, 1.0, atol=True), TypeError, "atol", "number", "True"),
    ("an expected number as text", lambda: check_number(1.0, "1.0"), TypeError,
     "expected", "number", "'1.0'"),
    ("no expected number", lambda: check_number(1.0, None), TypeError,
     "expected", "number", "None"),
    ("an expected nan", lambda: check_number(1.0, np.nan), ValueError, "expected", "finite", "nan"),
    ("an expected bool", lambda: check_number(1.0, True), TypeError, "expected", "number", "True"),
    ("an expected symbol", lambda: check_number(1.0, x), TypeError, "expected", "number", "x"),
    ("expected numbers with inf", lambda: check_number([1.0, 2.0], [1.0, np.inf]), ValueError,
     "expected[1]", "finite", "inf"),
    ("a number named 3", lambda: check_number(1.0, 2.0, name=3), TypeError, "name", "string", "3"),
    ("a unit 3", lambda: check_number(1.0, 2.0, unit=3), TypeError, "unit", "string", "3"),
    ("known mistakes of numbers", lambda: check_number(1.0, 2.0, mistakes=[3]), TypeError,
     "mistakes[0]", "Known", "int 3"),
    ("known mistakes as text", lambda: check_number(1.0, 2.0, mistakes="sign"), TypeError,
     "mistakes", "sequence", "'sign'"),
    ("one known mistake, not in a list",
     lambda: check_number(1.0, 2.0, mistakes=Known(-2.0, "sign", "wrong-sign")), TypeError,
     "mistakes", "sequence"),
    ("an expected expression as text", lambda: check_expression(x, "x"), TypeError,
     "expected", "sympy expression", "'x'"),
    ("no expected expression", lambda: check_expression(x, None), TypeError,
     "expected", "sympy expression", "None"),
    ("an expected equation", lambda: check_expression(x, sp.Eq(x, 1)), TypeError,
     "expected", "sympy expression"),
    ("an expected expression nan", lambda: check_expression(x, sp.nan), ValueError,
     "expected", "finite"),
    ("an expected matrix with zoo", lambda: check_expression(x, sp.Matrix([x, sp.zoo])), ValueError,
     "expected", "finite"),
    ("an expected list", lambda: check_expression(x, [x]), TypeError,
     "expected", "sympy expression", "[x]"),
    ("markers as text", lambda: check_expression(x, y, markers="x"), TypeError,
     "markers", "sequence", "'x'"),
    ("markers of numbers", lambda: check_expression(x, y, markers=[1]), TypeError,
     "markers[0]", "Symbol", "1"),
    ("allowed symbols as text", lambda: check_expression(x, y, allowed_symbols="x"), TypeError,
     "allowed_symbols", "sequence", "'x'"),
    ("known wrong expressions of numbers", lambda: check_expression(x, y, mistakes=[3]), TypeError,
     "mistakes[0]", "Known", "int 3"),
    ("an expression named 3", lambda: check_expression(x, y, name=3), TypeError,
     "name", "string", "3"),
    ("a case labelled 3", lambda: _enter(3), TypeError, "label", "string", "3"),
    ("a known mistake with a number for a message", lambda: Known(1, 2, "code"), TypeError,
     "message", "string", "2"),
    ("a known mistake without a code", lambda: Known(1, "hint", None), TypeError,
     "code", "string", "None"),
    ("the kind of a text term", lambda: term_kind("x"), TypeError,
     "term", "sympy expression", "'x'"),
    ("the kind of a term with markers as text", lambda: term_kind(x, markers="x"), TypeError,
     "markers", "sequence", "'x'"),
    ("a call named 3", lambda: check_call(lambda: 1, name=3), TypeError, "name", "string", "3"),
    ("a mistake coded 3", lambda: Mistake("wrong", code=3), TypeError, "code", "string", "3"),
]

STUDENT = [     # the student's side: Mistakes that name the answer (for completeness)
    ("an answer True", lambda: check_number(True, 1.0, "x"), Mistake, "x", "number", "True"),
    ("an answer as text", lambda: check_number("1.0", 1.0, "x"), Mistake, "x", "number", "'1.0'"),
    ("an answer nan", lambda: check_number(np.nan, 1.0, "x"), Mistake, "x", "nan"),
    ("an answer that is an equation", lambda: check_expression(sp.Eq(x, 1), x, "tau"), Mistake,
     "tau", "right-hand side"),
    ("an answer nan expression", lambda: check_expression(sp.nan, x, "tau"), Mistake, "tau", "nan"),
    ("an answer too large for floating point", lambda: check_number(10**400, 1.0, "x"), Mistake,
     "x", "floating point"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(NOTATION + INSTRUCTOR + STUDENT)


def test_valid_instructor_arguments_still_pass():
    check_number(2.0, sp.Float(2.0), rtol=0, atol=0)                   # exact sympy numbers
    check_number([[1.0], [2.0]], sp.Matrix([1, 2]), unit="m")            # a sympy column
    check_expression(x + y, y + x, allowed_symbols={x, y}, markers=(x,))
    with pytest.raises(Mistake, match="It matches the sign"):
        check_number(-2.0, 2.0, mistakes=[Known(-2.0, "It matches the sign.", "sign")])
