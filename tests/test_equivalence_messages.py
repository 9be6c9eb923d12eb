"""The answer checker's messages, word for word: every error it raises on bad input, every
reason it gives for a verdict it could not reach exactly (what a student or an instructor
reads in feedback), and ``assert_identical``'s failures."""

import pickle

import numpy as np
import pytest
import sympy as sp

from robocourse import equivalence
from robocourse.equivalence import (
    Comparison,
    TrigonometricRing,
    Undecidable,
    Undefined,
    assert_identical,
    canonical,
    compare,
    identical,
    random_points_agree,
    reduced_difference,
)
from tests.bad_input import raised

SEED = 20261205
x = sp.Symbol("x")
t1, t2 = sp.symbols("theta1 theta2", real=True)
f = sp.Function("f")
ZERO = sp.sin(t1)**2 + sp.cos(t1)**2 - 1                      # zero, written out
ZERO_IN_DISGUISE = sp.log(6) - sp.log(2) - sp.log(3)          # never enclosed exactly
ZERO_ROOT = sp.Pow(sp.Integer(0), sp.Rational(-1, 3), evaluate=False)   # 1/∛0, as written


@pytest.mark.parametrize("call, error, message", [
    # what the canonical form does not handle, named
    (lambda: canonical(x**x), Undecidable, "the power x**x (exponent x) is not handled exactly"),
    (lambda: canonical(x**sp.Rational(3, 2)), Undecidable,
     "the power x**(3/2) (exponent 3/2) is not handled exactly"),
    (lambda: canonical(sp.sqrt(x)), Undecidable, "sqrt is not handled exactly"),
    (lambda: canonical(1 / sp.sqrt(x)), Undecidable, "sqrt is not handled exactly"),
    (lambda: canonical(f(x + 1)), Undecidable,
     "the function f(x + 1) of an expression is not handled exactly"),
    (lambda: canonical(sp.exp(x)), Undecidable, "exp is not handled exactly"),
    (lambda: canonical(sp.EulerGamma * x), Undecidable, "EulerGamma is not handled exactly"),
    (lambda: canonical(sp.Derivative(f(x + 1), x)), Undecidable,
     "Derivative (Derivative(f(x + 1), x)) is not handled exactly"),
    (lambda: canonical(sp.sin(sp.sqrt(x))), Undecidable,
     "the angle sqrt(x) is not a polynomial in the symbols"),
    (lambda: canonical(sp.sin(x + 1)), Undecidable,
     "the constant angle 1 is not a rational multiple of π with a known sine and cosine"),
    (lambda: canonical(sp.sin(100 * x) + sp.sin(x / 3)), Undecidable,
     "sin(100*x) is more than 64 multiples of the base angle x/3"),
    (lambda: canonical(x / ZERO), Undefined,
     "division by zero: sin(theta1)**2 + cos(theta1)**2 - 1 is identically zero"),
    (lambda: canonical(sp.tan(sp.pi / 2, evaluate=False)), Undefined,
     "division by zero: tan(pi/2) is identically zero"),
    (lambda: canonical(sp.cot(sp.Integer(0), evaluate=False)), Undefined,
     "division by zero: cot(0) is identically zero"),
    (lambda: canonical(sp.sec(sp.pi / 2, evaluate=False)), Undefined,
     "division by zero: sec(pi/2) is identically zero"),
    (lambda: canonical(sp.csc(sp.pi, evaluate=False)), Undefined,
     "division by zero: csc(pi) is identically zero"),
    (lambda: canonical(sp.zoo * x + sp.oo * t1), Undefined, "exprs[0] contains zoo, oo"),
    (lambda: canonical(x, -sp.oo * x), Undefined, "exprs[1] contains -oo"),
    (lambda: canonical(x + sp.nan), Undefined, "exprs[0] contains nan"),
    # what is compared: numbers, expressions, vectors and matrices of one shape
    (lambda: compare(np.zeros((2, 2, 2)), 0), ValueError,
     "a must be a vector or a matrix; got an array of shape (2, 2, 2)"),
    (lambda: identical(1, np.zeros((1, 1, 3))), ValueError,
     "b must be a vector or a matrix; got an array of shape (1, 1, 3)"),
    (lambda: reduced_difference(np.array([[1, 2, 3], [4, 5, "x"]], dtype=object), x),
     TypeError, "a[1, 2] must be a number or a sympy expression; got str"),
    (lambda: compare(sp.Matrix([1, 2]), np.array([1, None], dtype=object)), TypeError,
     "b[1, 0] must be a number or a sympy expression; got NoneType"),
    (lambda: compare(x, True), TypeError,
     "b must be a number or a sympy expression; got bool"),
    (lambda: compare(sp.Matrix([x, 1]), sp.Matrix([[x, 1, 2]])), ValueError,
     "a is 2x1 and b is 1x3: cannot compare them entry by entry"),
    (lambda: canonical(x, "y"), TypeError,
     "exprs[1] must be a number or a sympy expression; got str"),
    (lambda: canonical(sp.Add(ZERO_ROOT, sp.sqrt(2) * x, evaluate=False)), Undecidable,
     "the numbers 0**(-1/3), sqrt(2) are not handled exactly"),
    # the ring, used directly
    (lambda: TrigonometricRing([t1, 2 * t2]), ValueError,
     "angles[1] must be a monomial over a whole number, like theta/2; got 2*theta2"),
    (lambda: TrigonometricRing([t1, "y"]), TypeError,
     "angles[1] must be a number or a sympy expression; got str"),
    (lambda: TrigonometricRing([t1], [x, None]), TypeError,
     "symbols[1] must be a number or a sympy expression; got NoneType"),
    (lambda: TrigonometricRing([t1]).polynomial(1 / sp.sin(t1)), Undecidable,
     "1/sin(theta1) is not a polynomial: it has the denominator sin(theta1)"),
    (lambda: TrigonometricRing([t1]).polynomial("x"), TypeError,
     "expr must be a number or a sympy expression; got str"),
    (lambda: TrigonometricRing([]).polynomial(sp.zoo), Undefined, "the expression contains zoo"),
    (lambda: TrigonometricRing([]).polynomial(sp.exp(x)), Undecidable,
     "exp is not handled exactly"),
    (lambda: TrigonometricRing([]).polynomial(sp.sqrt(2)), Undecidable,
     "the number sqrt(2) is not handled exactly"),
    (lambda: TrigonometricRing([t1, t2]).sincos(x), Undecidable,
     "the angle x is not made of the angles theta1, theta2"),
    (lambda: TrigonometricRing([]).sincos(x), Undecidable,
     "the angle x is not made of the angles of a ring without angles"),
    (lambda: TrigonometricRing([t1, t2]).sincos(t2 / 2), Undecidable,
     "the angle theta2/2 is not a whole multiple of theta2"),
    (lambda: TrigonometricRing([t1, t2]).sincos(65 * t2), Undecidable,
     "65 times the angle theta2 is more than 64 multiples of one base angle"),
    (lambda: TrigonometricRing([t1]).multiple(0, -65), Undecidable,
     "-65 times the angle theta1 is more than 64 multiples of one base angle"),
    # the random-point test's arguments
    (lambda: random_points_agree(x, x, seed=1, trials="3"), ValueError,
     "trials must be a positive whole number; got '3'"),
    (lambda: random_points_agree(x, x, seed=1, trials=True), ValueError,
     "trials must be a positive whole number; got True"),
    (lambda: random_points_agree(x, x, seed=1, trials=2.0), ValueError,
     "trials must be a positive whole number; got 2.0"),
    (lambda: random_points_agree(x, x, seed=True), TypeError,
     "seed must be an int, str or bytes (None: unpredictable); got bool"),
    (lambda: random_points_agree(x, x, seed=[1]), TypeError,
     "seed must be an int, str or bytes (None: unpredictable); got list"),
    # assert_identical (default name: "the two results")
    (lambda: assert_identical(x + 1, x), AssertionError,
     "the two results differ: the difference reduces to Matrix([[1]])"),
    (lambda: assert_identical(sp.Matrix([x + 1, sp.Abs(x)]), sp.Matrix([x, x])),
     AssertionError, "the two results differ (exact)"),
    (lambda: assert_identical(sp.Matrix([0.5 * x, sp.Abs(x)]), sp.Matrix([x, x]), "tau"),
     AssertionError, "tau differ (floats)"),
    (lambda: assert_identical(sp.Abs(x), x, "|x| and x"), AssertionError,
     "|x| and x differ (random points: Abs is not handled exactly)"),
    (lambda: assert_identical(sp.sqrt(1 - sp.cos(t1)**2), sp.Abs(sp.sin(t1)), "√"),
     AssertionError, "√ are not proven equal (random points: Abs is not handled exactly; "
     "at random points: sqrt of the symbols can make two sides agree on one region only, so "
     "agreeing at random points is no proof)"),
], ids=lambda value: value if isinstance(value, str) else None)
def test_each_error_says_exactly_what_went_wrong(call, error, message):
    assert str(raised(call, error)) == message


def test_the_unreachable_reasons_are_worded_too():
    """Reasons no public call reaches today (each guards a case the callers rule out
    first): an angle coefficient sympy does not give as a number, ∞ met by the scan."""
    with pytest.raises(Undecidable) as raised:
        equivalence._angle_coefficient(sp.pi, x)
    assert str(raised.value) == ("the angle x has the coefficient pi, which is not a rational "
                                 "number")
    with pytest.raises(Undefined) as raised:
        equivalence._scan([x + sp.oo])
    assert str(raised.value) == "it contains oo"


w = sp.Symbol("w", irrational=True)
n = sp.Symbol("n", integer=True)


@pytest.mark.parametrize("answer, reference, equal, reason", [
    (0.7 * sp.sin(t1) + 0.5 * sp.sqrt(3), sp.sqrt(2) / 2 * sp.sin(t1) + sp.sqrt(3) / 2, False,
     "floats next to the algebraic numbers sqrt(2), sqrt(3) are compared at random points"),
    (0.5 * sp.exp(x), sp.exp(x) / 3, False, "exp is not handled exactly"),
    (sp.Abs(w), w, None, "Abs is not handled exactly; at random points: no random rational "
     "value satisfies the assumptions on w"),
    (sp.Derivative(f(x + 1), x), f(x + 1), None,
     "Derivative (Derivative(f(x + 1), x)) is not handled exactly; at random points: the "
     "function f of 2 different expressions cannot be given values at random points"),
    (sp.gamma(x), x, None,
     "gamma is not handled exactly; at random points: gamma cannot be evaluated rigorously"),
    (sp.exp(2**32 + 1), 1, None, "exp is not handled exactly; at random points: an "
     "exponential of a number beyond 2**32"),
    (sp.exp(-2**32 - 1), 1, None, "exp is not handled exactly; at random points: an "
     "exponential of a number beyond 2**32"),
    (sp.atan(x + 2 * sp.I), 0, None, "atan is not handled exactly; at random points: a "
     "function of the real numbers at a complex value"),
    (sp.asin(x + 10), 0, None,
     "asin is not handled exactly; at random points: asin or acos beyond ±1"),
    (sp.acos(-x - 10), 0, None,
     "acos is not handled exactly; at random points: asin or acos beyond ±1"),
    (sp.Piecewise((1, sp.Contains(x, sp.Interval(0, 1))), (0, True)), 0, None,
     "Piecewise is not handled exactly; at random points: the condition Contains(x, "
     "Interval(0, 1)) cannot be evaluated rigorously"),
    (1 / ZERO_IN_DISGUISE, 1, None, "log is not handled exactly; at random points: the two "
     "sides are too close to tell apart at a random point at 8192 bits"),
    (sp.log(sp.Integer(0), evaluate=False), 1, None, "log is not handled exactly; at random "
     "points: a side is undefined at all but 0 of 4 random points"),
    (sp.Piecewise((x, x > 9)), x, None, "Piecewise is not handled exactly; at random points: "
     "a side is undefined at all but 0 of 32 random points"),
    (sp.sqrt(1 - sp.cos(t1)**2), sp.Abs(sp.sin(t1)), None,
     "Abs is not handled exactly; at random points: sqrt of the symbols can make two sides "
     "agree on one region only, so agreeing at random points is no proof"),
    (sp.exp(x) * sp.sin(sp.pi * n, evaluate=False), 0, None,
     "exp is not handled exactly; at random points: sin of the symbols can make two sides "
     "agree on one region only, so agreeing at random points is no proof"),
    (sp.exp(x) + sp.Heaviside(x - 10), sp.exp(x), None,
     "Heaviside is not handled exactly; at random points: Heaviside of the symbols can make two "
     "sides agree on one region only, so agreeing at random points is no proof"),
], ids=lambda value: value if isinstance(value, str) else None)
def test_each_reason_for_a_verdict_by_random_points_is_said_exactly(answer, reference, equal,
                                                                    reason):
    assert compare(answer, reference, seed=SEED) == Comparison(equal, "random points", reason)


def test_a_number_without_a_number_field_is_named_not_raised():
    """1/∛0 left unevaluated (``evaluate=False``, a parser's output) has no number field:
    the checker names it and goes on, rather than raising sympy's ZeroDivisionError."""
    assert compare(sp.Add(x, ZERO_ROOT, evaluate=False), x, seed=SEED) == Comparison(
        None, "random points", "the numbers 0**(-1/3) are not handled exactly; at random "
        "points: the two sides are too close to tell apart at a random point at 8192 bits")


def test_an_undefined_side_is_named():
    assert compare(x + sp.nan, x) == Comparison(False, "exact", "a contains nan")
    assert compare(x, x * sp.zoo) == Comparison(False, "exact", "b contains zoo")
    assert reduced_difference(1 / x, 1 / (x + 1)) == sp.Matrix([1 / (x**2 + x)])
    for answer, reference, side in ((x / ZERO, x, "a"), (x, 1 / ZERO + sp.exp(x), "b")):
        assert compare(answer, reference, seed=SEED) == Comparison(
            False, "exact", f"{side} is undefined: division by zero: sin(theta1)**2 + "
            "cos(theta1)**2 - 1 is identically zero")


@pytest.mark.parametrize("angle", [3 * sp.Integer(2)**8191, -3 * sp.Integer(2)**8191,
                                   sp.I * (2**32 + 1)], ids=["above", "below", "imaginary"])
def test_a_sine_beyond_the_last_precision_is_not_evaluated(angle):
    verdict = compare(sp.sin(angle, evaluate=False) + sp.exp(x), sp.exp(x), seed=SEED)
    assert verdict.equal is None
    assert verdict.reason.endswith("at random points: a sine or cosine of a number beyond "
                                   "2**8192"), verdict.reason[-200:]


def test_a_matrixs_reasons_name_each_entry_by_row_and_column():
    e = sp.exp(x)
    answer = sp.Matrix([[x, (e**2 - 1) / (e - 1), 1], [0, 1, (e**3 - 1) / (e - 1)]])
    reference = sp.Matrix([[x, e + 1, 1], [0, 1, e**2 + e + 1]])
    assert compare(answer, reference, seed=SEED) == Comparison(
        True, "random points", "entry [0, 1]: exp is not handled exactly; entry [1, 2]: exp is "
        "not handled exactly")
    answer[1, 2] = -e
    reference[1, 2] = e
    assert compare(answer, reference, seed=SEED) == Comparison(
        False, "random points", "entry [1, 2]: exp is not handled exactly")
    answer[1, 0] = x
    assert compare(answer, reference, seed=SEED) == Comparison(False, "exact", "")
    assert compare(sp.Matrix([[x, 1, sp.Abs(x)]]), sp.Matrix([[x, 1, sp.Abs(x) + x * 0]]),
                   seed=SEED) == Comparison(True, "exact", "")


def test_the_cross_check_draws_its_points_from_its_own_fixed_seed():
    """A side defined at few points: how many of the draws it had a value at is in the
    message, the same on every run, as ``compare`` gives it with the cross-check's seed."""
    for threshold in (3, sp.Rational(29, 10), sp.Rational(31, 10)):
        answer = sp.Piecewise((x, x > threshold))
        expected = compare(answer, x, seed=equivalence._CROSS_CHECK_SEED)
        assert expected.equal is None and "a side is undefined at all but" in expected.reason
        with pytest.raises(AssertionError) as raised:
            assert_identical(answer, x)
        assert str(raised.value) == (f"the two results are not proven equal (random points: "
                                     f"{expected.reason})")
    with pytest.raises(AssertionError) as raised:
        assert_identical(sp.Piecewise((x, x > 3)), x)
    assert str(raised.value) == (
        "the two results are not proven equal (random points: Piecewise is not handled "
        "exactly; at random points: a side is undefined at all but 3 of 32 random points)")


def test_a_verdict_that_cannot_decide_keeps_its_reason_in_a_log_and_across_processes():
    """``Undecidable`` is an exception like any other: its reason is its ``args`` (what a
    log's ``repr`` shows) and survives pickling (a check run in another process)."""
    error = raised(lambda: canonical(sp.sqrt(x)), Undecidable)
    assert repr(error) == "Undecidable('sqrt is not handled exactly')"
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), str(again), again.args) == (Undecidable, str(error), error.args)
