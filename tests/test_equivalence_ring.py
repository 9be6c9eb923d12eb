"""The answer checker's ring written out (``TrigonometricRing.expression``, ``sincos``,
``multiple``) and its random-point verdict (``_random_verdict`` through
``random_points_agree`` and ``compare``): exact values, each term and sign of the angle
addition, how many points are drawn and from which seed."""

import random

import pytest
import sympy as sp
from sympy.polys.domains import QQ

from robocourse import equivalence
from robocourse.equivalence import (
    Comparison,
    TrigonometricRing,
    Undecidable,
    canonical,
    compare,
    random_points_agree,
)

t1, t2 = sp.symbols("theta1 theta2", real=True)
m, x = sp.symbols("m x")
SEED = 20261205


def test_a_polynomial_is_written_out_exactly_or_with_floats():
    """Whole coefficients stay whole with ``floats``; rationals and algebraic numbers become
    15-digit floats; each generator keeps its exponent."""
    ring = TrigonometricRing([t1, t2], [m], QQ.algebraic_field(sp.sqrt(2)))
    p = ring.polynomial(sp.sqrt(2) * sp.sin(t1) + sp.Rational(1, 3) * m * sp.cos(t2)**2
                        + 2 * m**2 + sp.Rational(3, 2))
    assert str(ring.expression(p)) == "2*m**2 + m*cos(theta2)**2/3 + sqrt(2)*sin(theta1) + 3/2"
    assert str(ring.expression(p, floats=False)) == str(ring.expression(p))
    assert str(ring.expression(p, floats=True)) == (
        "2*m**2 + 0.333333333333333*m*cos(theta2)**2 + 1.4142135623731*sin(theta1) + 1.5")
    assert str(ring.expression(p, angles=[t2, t1])) == (
        "2*m**2 + m*cos(theta1)**2/3 + sqrt(2)*sin(theta2) + 3/2")
    assert str(ring.expression(p, angles=(a / 2 for a in (t1, t2)), floats=True)) == (
        "2*m**2 + 0.333333333333333*m*cos(theta2/2)**2 + 1.4142135623731*sin(theta1/2) + 1.5")


@pytest.mark.parametrize("floats", [False, True])
def test_angles_of_another_number_are_refused_not_paired_wrongly(floats):
    ring = TrigonometricRing([t1, t2], [m])
    p = ring.polynomial(sp.sin(t1) * m + sp.cos(t2))
    for angles in ([t1], [t1, t2, x]):
        with pytest.raises(ValueError):
            ring.expression(p, angles=angles, floats=floats)


@pytest.mark.parametrize("argument, sine", [
    (t1 + t2, sp.sin(t1) * sp.cos(t2) + sp.cos(t1) * sp.sin(t2)),
    (t1 - 2 * t2, sp.sin(t1) * sp.cos(2 * t2) - sp.cos(t1) * sp.sin(2 * t2)),
    (-3 * t2, -3 * sp.sin(t2) + 4 * sp.sin(t2)**3),
    (t2 + sp.pi / 3, sp.sin(t2) / 2 + sp.sqrt(3) / 2 * sp.cos(t2)),
    (t1 - t2 - sp.pi / 4, sp.sqrt(2) / 2 * (sp.sin(t1 - t2) - sp.cos(t1 - t2))),
    (sp.pi / 6, sp.S.Half),
], ids=str)
def test_sines_and_cosines_of_sums_are_the_angle_addition(argument, sine):
    """sin and cos of a sum of multiples plus a constant, against sympy's expansion (both,
    so each term and sign of the addition formulas counts)."""
    cosine = sp.expand_trig(sp.cos(sp.expand(argument)))
    sine = sp.expand_trig(sine)
    constants = [sp.sqrt(2), sp.sqrt(3)]
    ring = TrigonometricRing([t1, t2], domain=QQ.algebraic_field(*constants))
    s, c = ring.sincos(argument)
    assert ring.expression(s) == ring.expression(ring.polynomial(sp.expand(sine)))
    assert ring.expression(c) == ring.expression(ring.polynomial(sp.expand(cosine)))
    assert ring.sincos(argument) == (s, c)                          # the same, remembered


@pytest.mark.parametrize("n", [-7, -5, 0, 1, 2, 5, 7])
def test_multiples_of_an_angle_are_the_multiple_angle_formulas(n):
    ring = TrigonometricRing([t1, t2])
    s, c = ring.multiple(1, n)
    assert ring.expression(s) == ring.expression(ring.polynomial(
        sp.expand(sp.expand_trig(sp.sin(n * t2)))))
    assert ring.expression(c) == ring.expression(ring.polynomial(
        sp.expand(sp.expand_trig(sp.cos(n * t2)))))


def test_multiples_up_to_64_are_written_out():
    ring = TrigonometricRing([t1, t2])
    for n in (-64, 64):
        s, c = ring.multiple(0, n)
        assert ring.reduce(s**2 + c**2) == 1 and s.degree(ring.c[0]) == 63


def test_the_derivative_of_a_ring_polynomial_is_by_its_own_angle():
    ring = TrigonometricRing([t1, t2], [m])
    p = ring.polynomial(m * sp.sin(t1) * sp.cos(t2)**2)
    assert ring.expression(ring.reduce(ring.derivative(p, 1))) == sp.expand(
        -2 * m * sp.sin(t1) * sp.sin(t2) * sp.cos(t2))
    assert ring.expression(ring.reduce(ring.derivative(p, 0))) == m * sp.cos(t1) * (
        sp.cos(t2)**2)


# --- the random-point verdict ----------------------------------------------------------------

def test_an_unpredictable_seed_still_decides():
    assert random_points_agree(sp.exp(x)**2, sp.exp(2 * x), seed=None) is True
    assert random_points_agree(sp.exp(x), -sp.exp(x), seed=None) is False
    assert compare(sp.exp(x)**2, sp.exp(2 * x) + 1).equal is False


def test_numbers_are_decided_at_one_point_and_symbols_at_every_trial():
    """A side undefined everywhere is drawn again 4 times per point needed: 4 draws for
    numbers (one point decides), 4 × trials with symbols."""
    never = sp.log(sp.Integer(0), evaluate=False)
    assert compare(never, 1, seed=SEED).reason.endswith("at all but 0 of 4 random points")
    assert equivalence._random_verdict([(never, sp.Integer(1))], SEED, 3) == (
        None, "a side is undefined at all but 0 of 4 random points")
    assert equivalence._random_verdict([(never * x, x)], SEED, 3) == (
        None, "a side is undefined at all but 0 of 12 random points")
    assert equivalence._random_verdict([(sp.exp(x), sp.exp(x))], SEED, 3) == (True, "")


def test_points_where_a_side_is_undefined_are_drawn_again_and_counted():
    """Defined only for x > 3 (1 point in 8): the draws go on past each undefined one, and
    the message counts the points where it was defined."""
    answer = sp.Piecewise((sp.exp(x), x > 3))
    assert equivalence._random_verdict([(answer, sp.exp(x))], SEED, 8) == (
        None, "a side is undefined at all but 3 of 32 random points")     # 4 × 8 draws
    assert equivalence._random_verdict([(answer, sp.exp(x))], SEED, 1) == (
        None, "Piecewise of the symbols can make two sides agree on one region only, so "
        "agreeing at random points is no proof")
    assert equivalence._random_verdict([(answer, -sp.exp(x))], SEED, 8) == (False, "")


def test_the_same_seed_draws_the_same_points():
    answer = sp.Piecewise((sp.exp(x), x > 3))
    verdicts = {equivalence._random_verdict([(answer, sp.exp(x))], seed, 8)
                for seed in (SEED, SEED)}
    assert len(verdicts) == 1
    many = {equivalence._random_verdict([(answer, sp.exp(x))], seed, 8) for seed in range(4)}
    assert len(many) > 1                     # other seeds, other points, other counts


def test_nan_or_infinity_at_random_points_is_a_disagreement():
    for side in (sp.nan, sp.zoo * x):
        assert equivalence._random_verdict([(sp.exp(x) + side, sp.exp(x))], SEED, 8) == (
            False, "")
    assert random_points_agree(sp.Matrix([x, sp.oo]), sp.Matrix([x, sp.oo]), seed=SEED) is False


def test_a_float_on_either_side_sets_the_float_tolerance():
    e = sp.exp(x)
    assert random_points_agree(e * (1 + 1e-13), e, seed=SEED) is True
    assert random_points_agree(e + sp.Rational(1, 10**13) * e, e * 1.0, seed=SEED) is True
    assert random_points_agree(e + sp.Rational(1, 10**13) * e, e, seed=SEED) is False
    assert random_points_agree(sp.Matrix([e + sp.Rational(1, 10**13) * e, 0.5]),
                               sp.Matrix([e, sp.S.Half]), seed=SEED) is True


def test_the_random_points_of_a_matrix_judge_every_entry():
    e = sp.exp(x)
    assert random_points_agree(sp.Matrix([e, e]), sp.Matrix([e, e + 1]), seed=SEED) is False
    assert random_points_agree(sp.Matrix([e + 1, e]), sp.Matrix([e, e]), seed=SEED) is False
    assert compare(sp.Matrix([[e**2, sp.Abs(x)]]), sp.Matrix([[sp.exp(2 * x), sp.Abs(x) + 0]]),
                   seed=SEED) == Comparison(True, "exact")


# --- the points ------------------------------------------------------------------------------

def _samples(atom, count=300):
    rng = random.Random(SEED)
    return [equivalence._sample(atom, rng) for _ in range(count)]


def test_real_values_are_fractions_with_huge_unpredictable_denominators_in_the_span():
    """``p/q`` with ``q`` drawn from [2⁶², 2⁶³): in lowest terms a denominator keeps its
    size unless ``p`` shares a factor with it (for about 4 draws in 10)."""
    values = _samples(x)
    assert all(-equivalence.SPAN <= v <= equivalence.SPAN and v.q < 2**63 for v in values)
    assert sum(v.q >= 2**62 for v in values) > 0.5 * len(values)
    assert min(values) < -3 and max(values) > 3


def test_whole_values_are_drawn_from_both_sides_of_zero_up_to_two_to_the_62():
    n = sp.Symbol("n", integer=True)
    values = _samples(n)
    assert all(v.is_Integer and -2**62 <= v < 2**62 for v in values)
    assert min(values) < -2**61 and max(values) > 2**61


@pytest.mark.parametrize("facts, holds", [
    ({"nonnegative": True}, lambda v: v >= 0),
    ({"nonpositive": True}, lambda v: v <= 0),
    ({"negative": True}, lambda v: v < 0),
    ({"positive": True}, lambda v: v > 0),
    ({"integer": True, "nonpositive": True}, lambda v: v.is_Integer and v <= 0),
    ({"odd": True}, lambda v: v % 2 == 1),
], ids=lambda value: str(value) if isinstance(value, dict) else "")
def test_values_respect_the_sign_and_kind_of_their_symbol(facts, holds):
    values = _samples(sp.Symbol("a", **facts), count=50)
    assert all(holds(v) for v in values)
    assert len(set(values)) == len(values)


def test_a_sign_is_given_to_the_value_drawn_not_drawn_again():
    """The same seed draws the same fractions for every real symbol; a sign assumption
    takes their modulus, or its negative, and a prime symbol the next prime after the
    modulus of a whole number, rather than drawing until one fits."""
    drawn = _samples(x, count=20)
    for facts, signed in (({"nonnegative": True}, abs), ({"positive": True}, abs),
                          ({"nonpositive": True}, lambda v: -abs(v)),
                          ({"negative": True}, lambda v: -abs(v))):
        assert _samples(sp.Symbol("a", **facts), count=20) == [signed(v) for v in drawn]
    whole = _samples(sp.Symbol("n", integer=True), count=20)
    assert _samples(sp.Symbol("p", prime=True), count=20) == [sp.nextprime(abs(v))
                                                              for v in whole]


def test_the_base_angle_divides_every_coefficient_and_64_multiples_are_written_out():
    """θ/2 and θ/3 share the base angle θ/6 (the least common multiple of the
    denominators); sin 64θ is still a polynomial in sin θ, cos θ, sin 65θ no longer."""
    s, c = sp.sin(x / 6), sp.cos(x / 6)
    assert canonical(sp.sin(x / 2), sp.sin(x / 3)) == (4 * s * c**2 - s, 2 * s * c)
    assert compare(sp.sin(64 * x), 2 * sp.sin(32 * x) * sp.cos(32 * x)) == Comparison(
        True, "exact")
    with pytest.raises(Undecidable) as raised:
        canonical(sp.sin(65 * x))
    assert str(raised.value) == "sin(65*x) is more than 64 multiples of the base angle x"


def test_the_circle_polynomials_are_the_pythagorean_identities():
    ring = TrigonometricRing([t1, t2 / 2])
    assert [ring.expression(p) for p in ring.circles] == [
        sp.sin(t1)**2 + sp.cos(t1)**2 - 1, sp.sin(t2 / 2)**2 + sp.cos(t2 / 2)**2 - 1]


def test_a_function_of_time_and_its_derivatives_take_independent_random_values():
    t = sp.Symbol("t")
    q = sp.Function("q")(t)
    assert random_points_agree(sp.exp(q) * q.diff(t) + q.diff(t, 2), sp.diff(sp.exp(q), t)
                               + sp.Derivative(q, (t, 2)), seed=SEED) is True
    assert random_points_agree(sp.exp(q) * q.diff(t), sp.exp(q), seed=SEED) is False


def test_odd_powers_of_square_roots_with_denominators_are_exact():
    """√f with f = N/D is r/D where r² = N D: its odd powers, positive and negative."""
    y = sp.Symbol("y", real=True)
    root, fraction = sp.sqrt(x**2 + y**2), sp.sqrt(x + 1 / y)
    for answer, reference in ((x / root**3, x * root / (x**4 + 2 * x**2 * y**2 + y**4)),
                              (root**3, x**2 * root + y**2 * root),     # not merged by sympy
                              (fraction**3, x * fraction + fraction / y),
                              (fraction**5, (x**2 + 2 * x / y + 1 / y**2) * fraction),
                              (1 / fraction**3, fraction / (x**2 + 2 * x / y + 1 / y**2)),
                              (1 / fraction, fraction / (x + 1 / y)),
                              (1 / fraction**5, fraction / (x + 1 / y) / (x**2 + 2 * x / y
                                                                         + 1 / y**2))):
        assert compare(answer, reference) == Comparison(True, "exact")
        assert compare(answer, 2 * reference, seed=SEED).equal is False


def test_an_enclosure_too_wide_without_a_known_shortfall_doubles_the_precision():
    """1/(z + 2⁻¹⁵⁰) with z a zero in disguise: at 128 bits the divisor's enclosure holds
    0 (not decided, by how many bits unknown), at 256 it does not."""
    zero = sp.log(6) - sp.log(2) - sp.log(3)
    d = 1 / (zero + sp.Rational(1, 2**150))
    assert equivalence._agreement([(d, d)], {}, equivalence.POINT_TOLERANCE,
                                  equivalence.FIRST_PRECISION) == (True, 256)


@pytest.mark.parametrize("answer, reference, method", [
    (((x + 1) / m)**-2, m**2 / (x + 1)**2, "exact"),              # a negative power
    (sp.sin(x + sp.pi / 4), sp.sqrt(2) / 2 * (sp.sin(x) + sp.cos(x)), "exact"),
    (sp.I * x + sp.sqrt(2), sp.sqrt(2) + x * sp.I, "exact"),       # two algebraic numbers
    (sp.sin(0.5 * x), sp.sin(x / 2), "floats"),                    # a float in an angle
], ids=str)
def test_exact_forms_decide_powers_constants_and_float_angles(answer, reference, method):
    assert compare(answer, reference) == Comparison(True, method)
    assert compare(answer, reference + m / 3, seed=SEED) == Comparison(False, method)


def test_canonical_forms_keep_floats_where_the_expression_has_them():
    forms = canonical(0.25 * x + sp.sin(x)**2, sp.Rational(1, 4) * x + sp.sin(x)**2)
    assert [str(f) for f in forms] == ["0.25*x - cos(x)**2 + 1", "x/4 - cos(x)**2 + 1"]
    with pytest.raises(TypeError) as raised:
        canonical(x, "y")
    assert str(raised.value) == "exprs[1] must be a number or a sympy expression; got str"


def test_eight_points_are_drawn_unless_told_and_each_seed_draws_its_own():
    """Wrong only where x > 7/2 (1 point in 16): seed 19 meets such a point only at its
    ninth; the verdicts of other seeds, each repeatable, say which of them meet one."""
    answer = sp.Piecewise((sp.exp(x), x < sp.Rational(7, 2)), (-sp.exp(x), True))
    assert random_points_agree(answer, sp.exp(x), seed=19) is None
    assert random_points_agree(answer, sp.exp(x), seed=19, trials=8) is None
    assert random_points_agree(answer, sp.exp(x), seed=19, trials=9) is False
    assert [random_points_agree(answer, sp.exp(x), seed=s) for s in (0, 1, 2, 3, 14, 15)] == [
        False, None, False, None, False, None]
    assert random_points_agree(sp.exp(x)**2, sp.exp(2 * x), seed=1, trials=1) is True


@pytest.mark.parametrize("answer, reference, equal", [
    (1.00000000001 * x, x, True), (1.000000000011 * x, x, False),
    (2.00000000002 * x, 2 * x, True), (2.000000000021 * x, 2 * x, False),
], ids=str)
def test_a_float_answer_may_differ_by_exactly_the_float_tolerance_of_the_largest_term(
        answer, reference, equal):
    assert compare(answer, reference) == Comparison(equal, "floats")


def test_a_canonical_denominator_is_monic_in_the_first_angle_by_name():
    """The base angles are taken in the order of their names, whatever whole divides them
    (``a/2`` before ``b``, ``a`` before ``b/2``): the form of a fraction divides by the
    coefficient of the first one, so one expression always has one written form."""
    a, b = sp.symbols("a b", real=True)
    assert [str(*canonical(fraction)) for fraction in (
        1 / (2 * sp.sin(a / 2) + 3 * sp.sin(b)), 1 / (3 * sp.sin(a) + 2 * sp.sin(b / 2)))] == [
        "1/(2*(sin(a/2) + 3*sin(b)/2))", "1/(3*(sin(a) + 2*sin(b/2)/3))"]


@pytest.mark.parametrize("coefficient, method", [
    ("0.3333333333333", "floats"),          # 3.3e-14 from 1/3: inside ANGLE_TOLERANCE (1e-12)
    ("0.3333333333334", "floats"),          # 6.7e-14 above
    ("0.33333333333", "random points"),     # 3.3e-12 from 1/3: outside, another angle
])
def test_a_float_angle_coefficient_is_a_fraction_only_within_the_angle_tolerance(coefficient,
                                                                                method):
    """``sin(0.3333333333333 t)`` is ``sin(t/3)`` decided exactly (the float written as the
    fraction it rounds); a coefficient further than ``ANGLE_TOLERANCE`` from 1/3 is an
    angle of its own, which only the random points can compare."""
    assert equivalence.ANGLE_TOLERANCE == 1e-12
    verdict = compare(sp.sin(sp.Float(coefficient) * t1), sp.sin(t1 / 3))
    assert (verdict.equal, verdict.method) == (True, method)
