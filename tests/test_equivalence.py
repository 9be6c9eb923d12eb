"""robocourse.equivalence: true identities are accepted, perturbed answers rejected.

Property tests draw random trigonometric and rational expressions; every identity is
built by a second method (sympy's ``expand_trig``, ``together``, ``apart``, ``expand``,
a substitution written out here), every perturbation is checked to change the value
by a numeric oracle where it could fail to. Then the regression cases of issue 19.
"""

import importlib
import random

import numpy as np
import pytest
import sympy as sp
from hypothesis import assume, given
from hypothesis import strategies as st

from robocourse import equivalence, newton_euler
from robocourse.closed_form import exact_arm
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
from robocourse.models import planar_2r, puma560
from robocourse.robot import joint_symbols

t1, t2 = sp.symbols("theta1 theta2", real=True)
x = sp.Symbol("x")
m, l = sp.symbols("m l", positive=True)
ANGLES = (t1, t2)
PARAMETERS = (m, l, x)
SECRET = 20261201


# --- strategies -------------------------------------------------------------------

coefficients = st.builds(sp.Rational, st.integers(-9, 9).filter(bool), st.integers(1, 4))
angle_combinations = st.builds(lambda a, b: a * t1 + b * t2, st.integers(-2, 2),
                               st.integers(-2, 2)).filter(lambda e: e != 0)


@st.composite
def products(draw, factors, size=3):
    """A coefficient times 1 to ``size`` factors drawn from ``factors``."""
    chosen = draw(st.lists(factors, min_size=1, max_size=size))
    return draw(coefficients) * sp.Mul(*chosen)


def sums(factors, size=4):
    """A sum of 1 to ``size`` products of ``factors``."""
    return st.lists(products(factors), min_size=1, max_size=size).map(lambda ts: sp.Add(*ts))


plain_factors = st.sampled_from([sp.sin(t1), sp.cos(t1), sp.sin(t2), sp.cos(t2), m, l, x])
sum_factors = st.one_of(plain_factors, angle_combinations.map(sp.sin),
                        angle_combinations.map(sp.cos))
trig_polynomials = sums(plain_factors)
expanded_polynomials = trig_polynomials.map(sp.expand).filter(lambda e: e != 0)


def numeric_difference(a, b, points=3, seed=0):
    """The oracle: max |a − b| at a few random float points."""
    symbols = sorted((a - b).free_symbols, key=sp.default_sort_key)
    f = sp.lambdify(symbols, a - b, "mpmath")
    rng = np.random.default_rng(seed)
    return max(abs(complex(f(*rng.uniform(0.2, 2.0, len(symbols))))) for _ in range(points))


def equal(a, b):
    """The verdict on expressions the canonical form decides (no random points)."""
    verdict = compare(a, b, seed=SECRET)
    assert verdict.method in ("exact", "floats") and not verdict.reason, verdict
    return verdict.equal


# --- true identities are accepted --------------------------------------------------

@given(sums(sum_factors))
def test_angle_sums_equal_their_expansion(expr):
    expanded = sp.expand(sp.expand_trig(expr))
    assert compare(expr, expanded) == Comparison(True, "exact")
    assert identical(expanded, expr)


@given(trig_polynomials, st.sampled_from(["double", "one minus sine", "cosine minus one"]))
def test_half_angles_are_the_same_variable(expr, form):
    half = t1 / 2
    cosine = {"double": sp.cos(half)**2 - sp.sin(half)**2,
              "one minus sine": 1 - 2 * sp.sin(half)**2,
              "cosine minus one": 2 * sp.cos(half)**2 - 1}[form]
    written = expr.xreplace({sp.sin(t1): 2 * sp.sin(half) * sp.cos(half), sp.cos(t1): cosine})
    assert equal(written, expr)


@given(trig_polynomials, st.sampled_from([sp.Rational(1, 3), sp.Rational(2, 3),
                                          sp.Rational(3, 2)]))
def test_rational_multiples_of_an_angle_share_a_base_angle(expr, fraction):
    """expr(θ) = expr(k·(θ/k)) with the multiple angles expanded by sympy."""
    u = sp.Dummy("u")
    written = sp.expand_trig(expr.xreplace({t1: u / fraction})).xreplace({u: fraction * t1})
    assert equal(written, expr)


@given(trig_polynomials.map(lambda e: sp.expand(e * sp.sin(t1))), st.data())
def test_pythagorean_substitutions(expr, data):
    s, c = sp.sin(t1), sp.cos(t1)
    replaced = expr.replace(lambda e: e.is_Pow and e.base == s and e.exp >= 2,
                            lambda e: s**(e.exp - 2) * (1 - c**2))
    assert equal(replaced, expr)
    terms = list(sp.Add.make_args(expr))
    k = data.draw(st.integers(0, len(terms) - 1))
    angle = data.draw(st.sampled_from(ANGLES))
    terms[k] = terms[k] * sp.sin(angle)**2 + terms[k] * sp.cos(angle)**2
    assert equal(sp.Add(*terms), expr)


tan_factors = st.sampled_from([sp.tan(t1), sp.sec(t1), sp.cot(t2), sp.csc(t2), sp.sin(t1),
                               sp.cos(t2), m, 1 + sp.tan(t1)**2])
to_sin_cos = {sp.tan(t1): sp.sin(t1) / sp.cos(t1), sp.sec(t1): 1 / sp.cos(t1),
              sp.cot(t2): sp.cos(t2) / sp.sin(t2), sp.csc(t2): 1 / sp.sin(t2)}


@given(sums(tan_factors), sums(tan_factors))
def test_tan_is_sine_over_cosine_in_numerators_and_denominators(numerator, denominator):
    assume(numeric_difference(denominator, 0) > 1e-6)
    expr = numerator / denominator
    assert equal(expr.xreplace(to_sin_cos), expr)
    assert equal(sp.together(expr.xreplace(to_sin_cos)), expr)


linear_factors = st.builds(lambda a, b: x - a * m - b, st.integers(-3, 3), st.integers(-3, 3))


@given(st.lists(st.tuples(st.integers(-5, 5).filter(bool), linear_factors), min_size=1,
                max_size=3, unique_by=lambda pair: pair[1]))
def test_rational_rearrangements(fractions):
    expr = sp.Add(*(c / f for c, f in fractions))
    assert equal(sp.together(expr), expr)
    assert equal(sp.cancel(expr), expr)
    assert equal(sp.apart(sp.together(expr), x), expr)
    common = sp.prod(f for _, f in fractions)
    assert equal(sp.expand(expr * common) / sp.expand(common), expr)


@given(st.lists(sums(sum_factors, size=2), min_size=2, max_size=3))
def test_products_of_factors_equal_their_expansion(factors):
    product = sp.Mul(*factors)
    assert equal(sp.expand(product), product)
    assert equal(product / factors[0], sp.Mul(*factors[1:]))


@given(expanded_polynomials.map(lambda e: e + sp.Rational(3, 10) * m))
def test_float_versions_of_exact_expressions(expr):
    floated = expr.evalf()
    assert floated.has(sp.Float)
    assert compare(floated, expr) == Comparison(True, "floats")


# --- perturbed answers are rejected ------------------------------------------------

@given(expanded_polynomials, st.data())
def test_a_changed_coefficient_is_rejected(expr, data):
    terms = sp.Add.make_args(expr)
    k = data.draw(st.integers(0, len(terms) - 1))
    factor = data.draw(st.sampled_from([2, -1, sp.Rational(1, 2), sp.Rational(11, 10)]))
    changed = expr - terms[k] + factor * terms[k]
    assert compare(changed, expr).equal is False
    assert reduced_difference(changed, expr)[0] != 0


@given(expanded_polynomials, st.data())
def test_a_dropped_term_is_rejected(expr, data):
    terms = sp.Add.make_args(expr)
    k = data.draw(st.integers(0, len(terms) - 1))
    assert not identical(expr - terms[k], expr)


@given(expanded_polynomials, st.sampled_from([{m: l, l: m}, {t1: t2, t2: t1}, {m: x},
                                              {t1: -t1}]))
def test_a_swapped_symbol_is_rejected_whenever_it_changes_the_value(expr, swap):
    swapped = expr.xreplace(swap)
    assume(numeric_difference(swapped, expr) > 1e-6)
    assert equal(swapped, expr) is False


@given(expanded_polynomials, st.data())
def test_a_term_times_one_plus_a_trillionth_is_rejected(expr, data):
    terms = sp.Add.make_args(expr)
    k = data.draw(st.integers(0, len(terms) - 1))
    changed = expr + terms[k] * sp.Rational(1, 10**12)
    assert compare(changed, expr) == Comparison(False, "exact")


@given(expanded_polynomials, st.data())
def test_a_float_answer_off_by_a_millionth_is_rejected(expr, data):
    terms = sp.Add.make_args(expr)
    k = data.draw(st.integers(0, len(terms) - 1))
    changed = (expr + terms[k] * sp.Rational(1, 10**6)).evalf()
    assert compare(changed, expr) == Comparison(False, "floats")


@given(expanded_polynomials, st.sampled_from([sp.nan, sp.oo, sp.zoo]))
def test_nan_or_infinity_is_never_equal(expr, bad):
    verdict = compare(expr + bad, expr)
    assert verdict.equal is False and verdict.reason.startswith("a contains ")
    assert random_points_agree(expr + bad, expr + bad, seed=SECRET) is False


@given(trig_polynomials.map(sp.expand))
def test_the_random_test_agrees_with_the_canonical_form(expr):
    """The fallback on decidable input: a true identity and a perturbed one."""
    assert random_points_agree(sp.expand_trig(expr.xreplace({t1: 2 * t2})),
                               expr.xreplace({t1: 2 * t2}), seed=SECRET, trials=3)
    assert random_points_agree(expr + sp.sin(t1)**2, expr + 1 - sp.cos(t1)**2, seed=SECRET,
                               trials=3)
    assert random_points_agree(expr + m * sp.Rational(1, 10**20), expr, seed=SECRET,
                               trials=3) is False


def _built(f, *args):
    """``f(*args)``, or 1 where sympy refuses to build it (Max of I, ...)."""
    try:
        return f(*args)
    except (TypeError, ValueError):
        return sp.Integer(1)


_time = sp.Symbol("t")
_q = sp.Function("q")(_time)
wild_leaves = st.sampled_from([x, m, _q, _q.diff(_time), t1, sp.pi, sp.I, sp.Integer(2),
                               sp.Rational(1, 3), sp.Float(0.25), sp.Integer(0)])
wild_unary = st.sampled_from([sp.sin, sp.cos, sp.tan, sp.cot, sp.sqrt, sp.Abs, sp.exp, sp.log,
                              sp.sign, sp.floor, sp.asin, lambda a: 1 / a, lambda a: a**2,
                              lambda a: a**sp.Rational(1, 3)])
wild_binary = st.sampled_from([sp.Add, sp.Mul, lambda a, b: a / b, sp.atan2, sp.Max,
                               lambda a, b: sp.Piecewise((a, b > 0), (b, True))])
wild_expressions = st.recursive(wild_leaves, lambda children: st.one_of(
    st.builds(_built, wild_unary, children),
    st.builds(_built, wild_binary, children, children)), max_leaves=8)


@given(wild_expressions)
def test_any_expression_gets_a_verdict_and_no_sympy_exception(expr):
    """What the form cannot handle is named, never raised as a sympy error; a shifted
    answer is never equal; what ``canonical`` handles it decides exactly."""
    same = compare(expr, expr, seed=SECRET)
    assert compare(expr, expr + 1, seed=SECRET).equal is not True
    try:
        canonical(expr)
    except (Undecidable, Undefined):
        return
    assert same.equal is True and same.method in ("exact", "floats")


# --- the ring ----------------------------------------------------------------------

@given(trig_polynomials, trig_polynomials)
def test_reduction_is_a_normal_form_modulo_the_circle(p, q):
    ring = TrigonometricRing(ANGLES, PARAMETERS)
    P = ring.polynomial(p)
    assert all(monomial[k] <= 1 for monomial in P.itermonoms() for k in range(len(ANGLES)))
    assert not ring.polynomial(sp.sin(t1)**2 + sp.cos(t1)**2 - 1)
    moved = ring.reduce(ring.fraction(p)[0] + ring.circles[0] * ring.fraction(q)[0])
    assert moved == P


@given(trig_polynomials, st.sampled_from([0, 1]))
def test_the_ring_derivative_is_d_by_d_theta(p, k):
    ring = TrigonometricRing(ANGLES, PARAMETERS)
    derivative = ring.expression(ring.reduce(ring.derivative(ring.polynomial(p), k)))
    assert identical(derivative, sp.diff(p, ANGLES[k]))


def test_ring_expression_round_trips_and_writes_floats():
    ring = TrigonometricRing([t1 / 2], [m])
    p = ring.polynomial(sp.Rational(3, 4) * m * sp.sin(t1))
    assert ring.expression(p) == sp.Rational(3, 2) * m * sp.sin(t1 / 2) * sp.cos(t1 / 2)
    assert ring.expression(p, floats=True) == 1.5 * m * sp.sin(t1 / 2) * sp.cos(t1 / 2)
    assert ring.expression(p, angles=[t2]) == sp.Rational(3, 2) * m * sp.sin(t2) * sp.cos(t2)


def test_a_ring_without_angles_says_so_when_given_an_angle():
    with pytest.raises(Undecidable, match=r"^the angle x is not made of the angles of a ring "
                                          r"without angles$"):
        TrigonometricRing(()).sincos(x)
    with pytest.raises(Undecidable, match=r"^the angle x is not made of the angles theta1$"):
        TrigonometricRing([t1]).sincos(x)


# --- regression cases of issue 19 ----------------------------------------------------

def test_a_rational_answer_is_put_over_a_common_denominator():
    assert compare(m / (m + l) + l / (m + l), 1) == Comparison(True, "exact")
    assert canonical(m / (m + l) + l / (m + l)) == (1,)
    assert identical(1 / (m + l) - 1 / (m - l), -2 * l / (m**2 - l**2))


def test_tan_and_trig_in_denominators_are_decided():
    assert identical(sp.tan(t1), sp.sin(t1) / sp.cos(t1))
    assert identical(1 / sp.cos(t1)**2, 1 + sp.tan(t1)**2)
    assert not identical(sp.tan(t1), sp.cot(t1))
    arm = planar_2r()
    q, _, _ = joint_symbols(arm)
    from robocourse.kinematics import jacobian
    J = jacobian(arm, q)[:2, :]
    inverse = J.adjugate() / J.det()
    assert_identical(J.inv(), inverse, "J⁻¹ by sympy and by the adjugate")
    assert compare(J.inv() @ J, sp.eye(2)) == Comparison(True, "exact")


def test_sqrt_is_undecided_then_decided_at_random_points_without_exception():
    c = sp.cos(t1)
    with pytest.raises(Undecidable, match="sqrt is not handled exactly"):
        canonical(sp.sqrt(1 - c**2))
    with pytest.raises(Undecidable, match="sqrt"):
        identical(sp.sqrt(1 - c**2), sp.sin(t1))
    assert compare(sp.sqrt(1 - c**2), sp.sin(t1), seed=SECRET) == Comparison(
        False, "random points", "sqrt is not handled exactly")
    verdict = compare(sp.sqrt(1 - c**2), sp.Abs(sp.sin(t1)), seed=SECRET)    # they agree,
    assert verdict.equal is None and "agreeing at random points is no proof" in verdict.reason
    assert compare(sp.sqrt(m) * (1 + x), sp.sqrt(m) + x * sp.sqrt(m)) == Comparison(True,
                                                                                   "exact")


@pytest.mark.parametrize("construct, name", [
    (sp.Abs(x), "Abs"), (sp.Piecewise((x, x > 0), (0, True)), "Piecewise"), (sp.exp(x), "exp"),
    (sp.log(x), "log"), (sp.atan2(x, m), "atan2"), (sp.Function("f")(x + 1), "the function f"),
    (sp.sin(x + 1), "constant angle 1"), (sp.sin(sp.sqrt(x)), "not a polynomial"),
    (x**m, "the power")])
def test_what_the_form_cannot_decide_is_named(construct, name):
    with pytest.raises(Undecidable, match=name):
        canonical(construct + x)
    verdict = compare(construct + x, construct, seed=SECRET)
    assert verdict.method == "random points" and name in verdict.reason
    assert verdict.equal is False


def test_float_residues_do_not_make_equal_answers_different():
    assert compare(0.1 * m + 0.2 * m, 3 * m / 10) == Comparison(True, "floats")
    assert identical(0.1 * sp.sin(t1)**2 + 0.1 * sp.cos(t1)**2, sp.Rational(1, 10))
    assert reduced_difference(sp.Matrix([0.1 * m + 0.2 * m, 1 / 3.0]),
                              sp.Matrix([3 * m / 10, sp.Rational(1, 3)])) == sp.zeros(2, 1)
    assert not identical(0.1 * m + 0.2 * m, 0.3000001 * m)


def test_x_plus_nan_is_not_x():
    assert compare(x + sp.nan, x) == Comparison(False, "exact", "a contains nan")
    assert not identical(x, x + sp.nan)
    assert random_points_agree(x + sp.nan, x, seed=SECRET) is False
    with pytest.raises(Undefined, match=r"exprs\[0\] contains nan"):
        canonical(x + sp.nan)


def test_a_division_by_zero_is_undefined():
    zero = sp.sin(t1)**2 + sp.cos(t1)**2 - 1
    verdict = compare(1 / zero, 1 / zero)
    assert verdict.equal is False and "a is undefined" in verdict.reason
    with pytest.raises(Undefined, match="division by zero"):
        canonical(m / zero)
    assert reduced_difference(sp.tan(t1) / zero, 0)[0] is sp.nan


def test_random_points_respect_assumptions():
    y = sp.Symbol("y", real=True)
    assert compare(sp.sqrt(m**2), m) == Comparison(True, "exact")        # sympy knows m > 0
    assert random_points_agree(sp.Pow(m**2, sp.S.Half, evaluate=False), m, seed=SECRET) is None
    assert random_points_agree(sp.Pow(y**2, sp.S.Half, evaluate=False), y, seed=SECRET) is False
    assert compare(sp.sqrt(y**2), y, seed=SECRET).equal is False
    n = sp.Symbol("n", integer=True)
    assert random_points_agree(sp.sin(sp.pi * n, evaluate=False), 0, seed=SECRET) is None
    assert random_points_agree(sp.sin(sp.pi * y, evaluate=False), 0, seed=SECRET) is False
    rng = random.Random(SECRET)
    for atom, holds in [(m, lambda v: v.is_Rational and 0 < v <= equivalence.SPAN),
                        (y, lambda v: v.is_Rational and v.q > 2**40),
                        (n, lambda v: v.is_Integer), (sp.Symbol("p", prime=True), sp.isprime),
                        (sp.Symbol("k", even=True, negative=True), lambda v: v < 0 and v % 2 == 0)]:
        assert all(holds(equivalence._sample(atom, rng)) for _ in range(20)), atom


def test_a_side_undefined_at_every_point_is_not_decided():
    y = sp.Symbol("y", real=True)
    for never in (1 / (sp.Pow(y**2, sp.S.Half, evaluate=False) - sp.Abs(y)),
                  sp.Piecewise((y, y > 2 * equivalence.SPAN))):
        assert random_points_agree(never, never, seed=SECRET) is None
        assert random_points_agree(never, 0, seed=SECRET) is None


def test_the_points_come_from_the_seed():
    """The same seed gives the same verdict; a wrong answer fails for every seed."""
    wrong = sp.Pow(x**2, sp.S.Half, evaluate=False) + sp.sin(t1)
    assert all(random_points_agree(wrong, x + sp.sin(t1), seed=s) is False for s in range(5))
    assert all(random_points_agree(sp.exp(x) * sp.tan(t1), sp.exp(x) * sp.sin(t1) / sp.cos(t1),
                                   seed=s) for s in ("a", b"b", 3))
    first = equivalence._sample(x, random.Random(SECRET))
    assert first == equivalence._sample(x, random.Random(SECRET))
    assert first != equivalence._sample(x, random.Random(SECRET + 1))


def test_the_helper_generators_never_collide_with_a_users_symbols():
    s0, c0 = sp.symbols("_s0 _c0")
    assert not identical(s0, sp.sin(t1))
    assert not identical(s0**2 + c0**2, 1)
    assert canonical(s0 * sp.sin(t1)) == (s0 * sp.sin(t1),)
    assert compare(s0 * sp.cos(t1)**2, s0 - s0 * sp.sin(t1)**2) == Comparison(True, "exact")


def test_rational_multiple_angles():
    assert identical(sp.sin(t1), 3 * sp.sin(t1 / 3) - 4 * sp.sin(t1 / 3)**3)
    assert identical(sp.cos(2 * t1 / 3), 2 * sp.cos(t1 / 3)**2 - 1)
    assert identical(sp.sin(t1 / 2 + t2 / 3) - sp.sin(t1 / 2) * sp.cos(t2 / 3),
                     sp.cos(t1 / 2) * sp.sin(t2 / 3))
    assert identical(sp.sin(0.5 * t1), sp.sin(t1 / 2))
    assert not identical(sp.sin(t1 / 2), sp.sin(t1 / 3))
    assert canonical(sp.cos(t1), sp.sin(t1 / 2)) == (2 * sp.cos(t1 / 2)**2 - 1,
                                                      sp.sin(t1 / 2))


def test_constant_angles_are_exact():
    assert identical(sp.sin(t1 + sp.pi / 4), sp.sqrt(2) / 2 * (sp.sin(t1) + sp.cos(t1)))
    assert identical(sp.cos(t1 - sp.pi / 2), sp.sin(t1))
    assert identical(sp.sin(t1 + sp.pi / 3)**2 + sp.cos(t1 + sp.pi / 3)**2, 1)
    assert not identical(sp.sin(t1 + sp.pi / 4), sp.sin(t1) + sp.cos(t1))


def test_large_multiples_float_exponents_and_limits_at_infinity():
    assert identical(sp.sin(100 * t1) + sp.sin(t1)**2, sp.sin(100 * t1) + 1 - sp.cos(t1)**2)
    assert compare(sp.sin(100 * t1), 2 * sp.sin(50 * t1) * sp.cos(50 * t1),
                   seed=SECRET) == Comparison(True, "random points", "sin(100*theta1) is more "
                                              "than 64 multiples of the base angle theta1")
    assert compare(x**2.0, x**2) == Comparison(True, "floats")
    n = sp.Symbol("n", integer=True, positive=True)
    verdict = compare(sp.Sum(1 / n**2, (n, 1, sp.oo)), sp.pi**2 / 6, seed=SECRET)
    assert verdict.equal is None and "cannot be evaluated rigorously" in verdict.reason
    assert compare(sp.GoldenRatio**2, sp.GoldenRatio + 1, seed=SECRET).equal is True


def test_nonlinear_angles_are_angles_of_their_own():
    assert identical(sp.sin(t1**2)**2, 1 - sp.cos(t1**2)**2)
    assert identical(sp.sin(t1 * t2 + t1), sp.sin(t1 * (t2 + 1)))
    assert not identical(sp.sin(t1**2), sp.sin(t1)**2)


def test_functions_of_time_and_their_derivatives_are_generators():
    t = sp.Symbol("t")
    q = sp.Function("q")(t)
    expr = sp.diff(sp.sin(q)**2, t)
    assert identical(expr, 2 * sp.sin(q) * sp.cos(q) * q.diff(t))
    assert identical(sp.diff(sp.cos(q)**2, t, 2), -sp.diff(sp.sin(q)**2, t, 2))
    assert not identical(expr, sp.sin(2 * q))


def test_a_derivative_of_a_function_of_an_expression_is_not_an_independent_value():
    """d/dx f(x + 1) is f'(x + 1): not a value of its own next to f(x + 1), so the random
    points cannot tell the two apart, and do not call them different."""
    f = sp.Function("f")
    verdict = compare(sp.Derivative(f(x + 1), x), f(x + 1), seed=SECRET)
    assert verdict.equal is None and "the function f of 2 different expressions" in \
        verdict.reason, verdict
    verdict = compare(f(x + 1), sp.Function("g")(x + 1), seed=SECRET)      # two functions
    assert (verdict.equal, verdict.method) == (False, "random points"), verdict


def test_canonical_forms_are_sums_of_products_in_one_basis():
    s, c = sp.sin(t1 / 2), sp.cos(t1 / 2)
    forms = canonical(sp.tan(t1) + m, sp.sin(t1 / 2)**2)
    assert forms == ((m * c**2 - m / 2 + s * c) / (c**2 - sp.S.Half), 1 - c**2)
    numerator, _ = sp.fraction(forms[0])
    assert [term.is_Mul for term in sp.Add.make_args(numerator)] == [True] * 3


def test_matrices_are_compared_entry_by_entry():
    A = sp.Matrix([[sp.sin(t1)**2, 1], [sp.sqrt(x), m]])
    B = sp.Matrix([[1 - sp.cos(t1)**2, 1], [sp.sqrt(x), m + 1]])
    verdict = compare(A, B)
    assert verdict == Comparison(False, "exact")
    B[1, 1] = m
    assert compare(A, B) == Comparison(True, "exact")
    B[1, 0] = sp.Abs(x)
    assert compare(A, B, seed=SECRET) == Comparison(
        False, "random points", "entry [1, 0]: Abs is not handled exactly")
    assert identical(np.array([0.5, 1.0]), sp.Matrix([sp.Rational(1, 2), 1]))


def test_the_puma_float_torque_equals_its_exact_counterpart():
    robot = puma560()
    q, qd, qdd = joint_symbols(robot)
    floats = newton_euler.inverse_dynamics(robot, q, qd, qdd)[1]
    exact = newton_euler.inverse_dynamics(exact_arm(robot), q, qd, qdd)[1]
    assert compare(floats, exact) == Comparison(True, "floats")
    assert compare(exact * (1 + sp.Rational(1, 10**12)), exact) == Comparison(False, "exact")
    assert compare(floats, exact + sp.Rational(1, 10**6) * qd[0]**2).equal is False


def test_reloading_the_module_keeps_the_verdict_classes():
    """``grading`` reloads ``equivalence``: verdicts still compare and exceptions still
    match what other modules imported before."""
    before = (equivalence.Comparison, equivalence.Undecidable, equivalence.Undefined)
    reloaded = importlib.reload(equivalence)
    assert (reloaded.Comparison, reloaded.Undecidable, reloaded.Undefined) == before
    assert reloaded.compare(x, x) == Comparison(True, "exact")
    with pytest.raises(Undecidable):
        reloaded.canonical(sp.sqrt(x))


@pytest.mark.parametrize("call, error, message", [
    (lambda: compare("x", x), TypeError, r"a must be a number or a sympy expression; got str"),
    (lambda: compare(x, None), TypeError, r"b must be a number .* got NoneType"),
    (lambda: identical(True, 1), TypeError, r"a must be .* got bool"),
    (lambda: identical(sp.Eq(x, 1), 1), TypeError, r"a must be .* got Equality"),
    (lambda: compare(sp.Matrix([x, 1]), sp.Matrix([[x, 1]])), ValueError,
     r"a is 2x1 and b is 1x2"),
    (lambda: reduced_difference(np.array(["x"]), x), TypeError, r"a\[0, 0\] must be"),
    (lambda: compare(np.zeros((2, 2, 2)), 0), ValueError, r"a must be a vector or a matrix"),
    (lambda: canonical(x, "y"), TypeError, r"exprs\[1\] must be"),
    (lambda: random_points_agree(x, x, seed=1, trials=0), ValueError,
     r"trials must be a positive whole number; got 0"),
    (lambda: random_points_agree(x, x, seed=1.5), TypeError, r"seed must be an int.*got float"),
    (lambda: TrigonometricRing([2 * t1]), ValueError, r"angles\[0\] must be a monomial over a "
     r"whole number.*got 2\*theta1"),
])
def test_bad_input_is_named(call, error, message):
    with pytest.raises(error, match=message):
        call()
