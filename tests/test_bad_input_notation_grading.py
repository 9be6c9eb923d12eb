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
     r"^value must be a sympy expression or Matrix; got 'sin\(theta1\)'"),
    ("abbreviate None", lambda: abbreviate(None), TypeError,
     r"^value must be a sympy expression or Matrix; got None"),
    ("abbreviate a list", lambda: abbreviate([t1, 2]), TypeError,
     r"^value must be a sympy expression or Matrix; got \[theta1, 2\]"),
    ("abbreviate the model function", lambda: abbreviate(planar_2r), TypeError,
     r"^value must be .*; got the function planar_2r \(did you mean planar_2r\(\)\?\)"),
    ("the lecture form of None", lambda: lecture_form(None), TypeError,
     r"^value must be a sympy expression or Matrix; got None"),
    ("the lecture form of text", lambda: lecture_form("c1"), TypeError,
     r"^value must be a sympy expression or Matrix; got 'c1'"),
    ("by rates of None", lambda: by_rates(None, [a1], [w1]), TypeError,
     r"^value must be a sympy expression or Matrix; got None"),
    ("by rates of text accelerations", lambda: by_rates(t1, "a", [w1]), TypeError,
     r"^qdd must be a sequence of symbols; got 'a'"),
    ("by rates of numbers as rates", lambda: by_rates(t1, [a1], [1.0]), TypeError,
     r"^qd\[0\] must be a sympy Symbol; got 1.0"),
    ("by rates with extra text", lambda: by_rates(t1, [a1], [w1], extra="g"), TypeError,
     r"^extra must be a sequence of symbols; got 'g'"),
    ("by rates factor 'yes'", lambda: by_rates(t1, [a1], [w1], factor="yes"), TypeError,
     r"^factor must be True or False; got 'yes'"),
    ("the LaTeX of None", lambda: latex(None), TypeError,
     r"^value must be a sympy expression or Matrix; got None"),
    ("the LaTeX of a list", lambda: latex([x]), TypeError,
     r"^value must be a sympy expression or Matrix; got \[x\]"),
    ("a LaTeX sum with None", lambda: latex_sum(x, None), TypeError,
     r"^value must be a sympy expression or Matrix; got None"),
    ("show with a symbol for the left side", lambda: show(x, x), TypeError,
     r"^lhs \(LaTeX\) must be a string; got x"),
    ("show a step that is None", lambda: show("x", None), TypeError,
     r"^value must be a sympy expression or Matrix; got None"),
    ("round text", lambda: rounded("1.5"), TypeError,
     r"^x must be a number or a sympy expression; got '1.5'"),
    ("round a bool", lambda: rounded(True), TypeError, r"^x must be a number .* not a bool"),
    ("round nan", lambda: rounded([1.0, np.nan]), ValueError,
     r"^x\[1\] must be a finite real number; got nan"),
    ("round to 1.5 digits", lambda: rounded(1.0, digits=1.5), ValueError,
     r"^digits must be an integer from 0 to 17; got 1.5"),
    ("round to True digits", lambda: rounded(1.0, digits=True), ValueError,
     r"^digits must be an integer from 0 to 17; got True"),
    ("round a symbol", lambda: rounded(sp.Matrix([x, 1])), TypeError,
     r"^x must hold numbers to round \(rounded prints numbers\)"),
    ("tidy None", lambda: tidy(None), TypeError,
     r"^value must be a sympy expression or Matrix; got None"),
    ("tidy text", lambda: tidy("sin(x)**2"), TypeError,
     r"^value must be a sympy expression or Matrix; got 'sin\(x\)\*\*2'"),
]

INSTRUCTOR = [
    ("allowed symbols as an array of numbers",
     lambda: check_expression(x, x, allowed_symbols=np.ones(2)), TypeError,
     r"^allowed_symbols\[0\] must be a sympy Symbol; got 1.0"),
    ("a negative rtol", lambda: check_number(1.0, 1.0, rtol=-1), ValueError,
     r"^rtol must be >= 0 \(relative\); got -1"),
    ("atol nan", lambda: check_number(1.0, 1.0, atol=np.nan), ValueError,
     r"^atol must be a finite real number; got nan"),
    ("a negative atol in rad/s", lambda: check_number(1.0, 1.0, atol=-0.1, unit="rad/s"),
     ValueError, r"^atol must be >= 0 \(rad/s\); got -0.1"),
    ("rtol as text", lambda: check_number(1.0, 1.0, rtol="1e-6"), TypeError,
     r"^rtol must be a number or a sympy expression; got '1e-6'"),
    ("atol True", lambda: check_number(1.0, 1.0, atol=True), TypeError,
     r"^atol must be a number .* not a bool"),
    ("an expected number as text", lambda: check_number(1.0, "1.0"), TypeError,
     r"^expected must be a number or a sympy expression; got '1.0'"),
    ("no expected number", lambda: check_number(1.0, None), TypeError,
     r"^expected must be a number or a sympy expression; got None"),
    ("an expected nan", lambda: check_number(1.0, np.nan), ValueError,
     r"^expected must be a finite real number; got nan"),
    ("an expected bool", lambda: check_number(1.0, True), TypeError,
     r"^expected must be a number .* not a bool"),
    ("an expected symbol", lambda: check_number(1.0, x), TypeError,
     r"^expected must be numbers, not symbols; got x"),
    ("expected numbers with inf", lambda: check_number([1.0, 2.0], [1.0, np.inf]), ValueError,
     r"^expected\[1\] must be a finite real number; got inf"),
    ("a number named 3", lambda: check_number(1.0, 2.0, name=3), TypeError,
     r"^name must be a string; got 3"),
    ("a unit 3", lambda: check_number(1.0, 2.0, unit=3), TypeError,
     r"^unit must be a string; got 3"),
    ("known mistakes of numbers", lambda: check_number(1.0, 2.0, mistakes=[3]), TypeError,
     r"^mistakes\[0\] must be a Known; got int 3"),
    ("known mistakes as text", lambda: check_number(1.0, 2.0, mistakes="sign"), TypeError,
     r"^mistakes must be a sequence of Known\(value, message, code\); got 'sign'"),
    ("one known mistake, not in a list",
     lambda: check_number(1.0, 2.0, mistakes=Known(-2.0, "sign", "wrong-sign")), TypeError,
     r"^mistakes must be a sequence of Known"),
    ("an expected expression as text", lambda: check_expression(x, "x"), TypeError,
     r"^expected must be a sympy expression or Matrix; got 'x'"),
    ("no expected expression", lambda: check_expression(x, None), TypeError,
     r"^expected must be a sympy expression or Matrix; got None"),
    ("an expected equation", lambda: check_expression(x, sp.Eq(x, 1)), TypeError,
     r"^expected must be a sympy expression or Matrix \(an equation: give one side of it\)"),
    ("an expected expression nan", lambda: check_expression(x, sp.nan), ValueError,
     r"^expected must be finite; it contains nan or an infinity: nan"),
    ("an expected matrix with zoo", lambda: check_expression(x, sp.Matrix([x, sp.zoo])),
     ValueError, r"^expected must be finite; it contains nan or an infinity"),
    ("an expected list", lambda: check_expression(x, [x]), TypeError,
     r"^expected must be a sympy expression or Matrix; got \[x\]"),
    ("markers as text", lambda: check_expression(x, y, markers="x"), TypeError,
     r"^markers must be a sequence of symbols; got 'x'"),
    ("markers of numbers", lambda: check_expression(x, y, markers=[1]), TypeError,
     r"^markers\[0\] must be a sympy Symbol; got 1"),
    ("allowed symbols as text", lambda: check_expression(x, y, allowed_symbols="x"), TypeError,
     r"^allowed_symbols must be a sequence of symbols; got 'x'"),
    ("known wrong expressions of numbers", lambda: check_expression(x, y, mistakes=[3]),
     TypeError, r"^mistakes\[0\] must be a Known; got int 3"),
    ("an expression named 3", lambda: check_expression(x, y, name=3), TypeError,
     r"^name must be a string; got 3"),
    ("a case labelled 3", lambda: _enter(3), TypeError, r"^label must be a string; got 3"),
    ("a known mistake with a number for a message", lambda: Known(1, 2, "code"), TypeError,
     r"^message must be a string; got 2"),
    ("a known mistake without a code", lambda: Known(1, "hint", None), TypeError,
     r"^code must be a string; got None"),
    ("the kind of a text term", lambda: term_kind("x"), TypeError,
     r"^term must be a sympy expression or Matrix; got 'x'"),
    ("the kind of a term with markers as text", lambda: term_kind(x, markers="x"), TypeError,
     r"^markers must be a sequence of symbols; got 'x'"),
    ("a call named 3", lambda: check_call(lambda: 1, name=3), TypeError,
     r"^name must be a string; got 3"),
    ("a mistake coded 3", lambda: Mistake("wrong", code=3), TypeError,
     r"^code must be a string; got 3"),
]

STUDENT = [     # the student's side: Mistakes that name the answer (for completeness)
    ("an answer True", lambda: check_number(True, 1.0, "x"), Mistake,
     r"^x should be a number or an array of numbers; got bool True"),
    ("an answer as text", lambda: check_number("1.0", 1.0, "x"), Mistake,
     r"^x should be a number or an array of numbers; got str '1.0'"),
    ("an answer nan", lambda: check_number(np.nan, 1.0, "x"), Mistake,
     r"^x contains nan or inf"),
    ("an answer that is an equation", lambda: check_expression(sp.Eq(x, 1), x, "tau"), Mistake,
     r"^tau is an equation: give its right-hand side"),
    ("an answer nan expression", lambda: check_expression(sp.nan, x, "tau"), Mistake,
     r"^tau contains nan or infinity"),
    ("an answer too large for floating point", lambda: check_number(10**400, 1.0, "x"), Mistake,
     r"^x is too large for floating point"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(NOTATION + INSTRUCTOR + STUDENT)


def test_valid_instructor_arguments_still_pass():
    check_number(2.0, sp.Float(2.0), rtol=0, atol=0)                   # exact sympy numbers
    check_number([[1.0], [2.0]], sp.Matrix([1, 2]), unit="m")            # a sympy column
    check_expression(x + y, y + x, allowed_symbols={x, y}, markers=(x,))
    with pytest.raises(Mistake, match="It matches the sign"):
        check_number(-2.0, 2.0, mistakes=[Known(-2.0, "It matches the sign.", "sign")])
