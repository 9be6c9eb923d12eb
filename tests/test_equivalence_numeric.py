"""The answer checker's numeric route (``equivalence.compare`` where the canonical form
cannot decide: the random-point test) and what it is given: the signed values of both
sides at each point, not their sizes; the tolerance set by the reference alone; a
cancellation through a divisor that may vanish never accepted as exact; and matrices
compared only when their shapes are the same."""

import numpy as np
import pytest
import sympy as sp

from robocourse import equivalence
from robocourse.equivalence import Comparison, compare, random_points_agree

SEED = 20261205
x = sp.Symbol("x")
y = sp.Symbol("y", positive=True)


# --- signed values at the points ---------------------------------------------------------------

@pytest.mark.parametrize("answer, reference", [
    (-sp.exp(x), sp.exp(x)),                     # the same size, the other sign
    (sp.I * sp.exp(x), sp.exp(x)),               # the same size, turned by 90°
    (-sp.sqrt(y), sp.sqrt(y)),
    (sp.exp(x) * sp.cos(x), sp.exp(x) * sp.Abs(sp.cos(x))),
], ids=["negated", "times i", "negated root", "sign of a factor"])
def test_an_answer_of_the_right_size_and_the_wrong_sign_is_rejected(answer, reference):
    verdict = compare(answer, reference, seed=SEED)
    assert (verdict.equal, verdict.method) == (False, "random points"), verdict
    assert all(random_points_agree(answer, reference, seed=s) is False for s in range(4))


def test_the_right_answer_by_the_numeric_route_is_accepted():
    assert compare((sp.exp(2 * x) - 1) / (sp.exp(x) - 1), sp.exp(x) + 1, seed=SEED) == \
        Comparison(True, "random points", "exp is not handled exactly")
    assert random_points_agree(sp.Matrix([sp.exp(x) ** 2, -sp.exp(-x)]),
                               sp.Matrix([sp.exp(2 * x), -1 / sp.exp(x)]), seed=SEED) is True


# --- the tolerance: a fraction of the reference's size, decided rigorously -------------------

@pytest.mark.parametrize("change, equal", [
    (sp.Rational(1, 10**40), True), (-sp.Rational(1, 10**40), True),
    (sp.Rational(1, 10**25), False), (-sp.Rational(1, 10**25), False),
])
def test_a_relative_change_within_the_point_tolerance_is_agreement(change, equal):
    reference = 10**6 * sp.exp(x)
    assert random_points_agree(reference * (1 + change), reference, seed=SEED) is equal
    assert random_points_agree(reference, reference * (1 + change), seed=SEED) is equal


def test_the_tolerance_is_absolute_below_size_one_and_relative_above():
    """Below size 1 the tolerance is ``POINT_TOLERANCE`` itself: a tiny reference does not
    make the rounding of a zero in disguise a disagreement."""
    tiny = sp.exp(x) / 10**45
    assert random_points_agree(tiny + sp.Rational(1, 10**40), tiny, seed=SEED) is True
    assert random_points_agree(tiny + sp.Rational(1, 10**20), tiny, seed=SEED) is False
    assert random_points_agree(tiny + sp.Rational(3, 2 * 10**30), tiny, seed=SEED) is False
    above_one = sp.Rational(3, 2) + tiny                       # size 1.5: 1.5 × 10⁻³⁰
    assert random_points_agree(above_one + sp.Rational(12, 10**31), above_one,
                               seed=SEED) is True


def test_the_tolerance_is_relative_to_the_size_of_the_references_terms():
    """Sizes of terms add up and of factors (and whole powers) multiply: a reference whose
    terms of 10⁴⁰ cancel is as large as its terms, two terms of 10²⁰ are 10²⁰, not 10⁴⁰,
    and the square of terms of 10²⁰ that cancel is 10⁴⁰."""
    cancelled = 10**40 * sp.cosh(x)**2 - 10**40 * sp.sinh(x)**2 - 10**40    # 0
    assert random_points_agree(sp.exp(x) + 1, cancelled + sp.exp(x), seed=SEED) is True
    two = 10**20 * sp.exp(x) + 10**20 * sp.exp(-x)
    assert random_points_agree(two + sp.Rational(1, 10**5), two, seed=SEED) is False
    base = 10**20 * sp.cosh(x)**2 - 10**20 * sp.sinh(x)**2 - 10**20 + sp.exp(x)   # exp x
    assert random_points_agree(sp.exp(2 * x) + 10**5, base**2, seed=SEED) is True  # size 10⁴⁰


def test_with_a_float_the_tolerance_is_the_float_tolerance():
    reference = sp.exp(x)
    assert random_points_agree(reference * (1 + 1e-13), reference, seed=SEED) is True
    assert random_points_agree(reference * (1 + 1e-9), reference, seed=SEED) is False


# --- divisors that may vanish ---------------------------------------------------------------

def test_a_cancellation_through_a_divisor_that_may_vanish_is_not_exact():
    """(L² − 1)/(L − 1) is L + 1 only where L ≠ 1: with L = log y the canonical form cannot
    tell where, so the answer goes to the random points (where log is no proof)."""
    L = sp.log(y)
    verdict = compare((L**2 - 1) / (L - 1), L + 1, seed=SEED)
    assert verdict.equal is None and verdict.method == "random points", verdict
    assert compare(L**2 - 1, (L + 1) * (L - 1), seed=SEED) == Comparison(True, "exact")


def test_a_side_that_divides_by_zero_at_a_point_is_drawn_again():
    """1/(n − n₀) for a whole number n: undefined where n = n₀ only, which a draw from
    [−2⁶², 2⁶²) never meets; a side undefined at every point is not decided."""
    n = sp.Symbol("n", integer=True)
    assert random_points_agree((n**2 - 1) / (n - 1), n + 1, seed=SEED) is True
    zero = sp.Pow(sp.Pow(y, 2, evaluate=False), sp.S.Half, evaluate=False) - y
    assert random_points_agree(1 / zero, 1 / zero, seed=SEED) is None


def test_a_divisor_exactly_zero_at_every_point_is_undefined_there_not_imprecise():
    """|n| − n·sign(n) is 0 at every whole n, exactly: each point is undefined and drawn
    again (all 4 × 8 of them), rather than taken for an enclosure too wide to decide."""
    n = sp.Symbol("n", integer=True)
    zero = sp.Abs(n) - n * sp.sign(n)
    verdict = compare(sp.exp(x) / zero, sp.exp(x), seed=SEED)
    assert verdict.equal is None and "0 of 32" in verdict.reason, verdict


def test_a_divisor_that_is_zero_in_disguise_is_too_close_to_tell_not_undefined():
    """log 6 − log 2 − log 3 is enclosed ever more tightly around 0, never exactly: not
    decided at the last precision, rather than taken for a division by zero."""
    zero = sp.log(6) - sp.log(2) - sp.log(3)
    verdict = compare(1 / zero, 1, seed=SEED)
    assert verdict.equal is None and str(equivalence.LAST_PRECISION) in verdict.reason, verdict


# --- shapes ------------------------------------------------------------------------------------

@pytest.mark.parametrize("answer, reference, shapes", [
    (sp.Matrix([[x, 1, 0]]), sp.Matrix([[x, 1]]), "a is 1x3 and b is 1x2"),
    (sp.Matrix([[x, 1], [0, 1]]), sp.Matrix([x, 1]), "a is 2x2 and b is 2x1"),
    (sp.Matrix([x, 1, 0]), sp.Matrix([x, 1]), "a is 3x1 and b is 2x1"),
    (np.zeros((2, 3)), sp.zeros(2, 2), "a is 2x3 and b is 2x2"),
    (np.zeros(3), sp.zeros(1, 3), "a is 3x1 and b is 1x3"),
    (x, sp.Matrix([x, 1]), "a is 1x1 and b is 2x1"),
])
def test_matrices_of_different_shapes_are_never_compared(answer, reference, shapes):
    for check in (compare, equivalence.identical, equivalence.reduced_difference,
                  lambda a, b: random_points_agree(a, b, seed=SEED)):
        with pytest.raises(ValueError, match=shapes):
            check(answer, reference)


def test_a_vector_array_is_a_column():
    assert compare(np.array([1.0, 2.0]), sp.Matrix([1, 2])) == Comparison(True, "floats")
    assert compare(np.array([[1, 2]]), sp.Matrix([[1, 2]])) == Comparison(True, "exact")


# --- a matrix's verdict: its entries' ----------------------------------------------------------

E = sp.exp(x)
UNDECIDED = ((sp.log(y)**2 - 1) / (sp.log(y) - 1), sp.log(y) + 1)


def test_a_matrix_is_equal_when_every_entry_is_by_the_weakest_method_and_says_which():
    verdict = compare(sp.Matrix([[x, (E**2 - 1) / (E - 1)], [0.5 * x, (E**3 - 1) / (E - 1)]]),
                      sp.Matrix([[x, E + 1], [x / 2, E**2 + E + 1]]), seed=SEED)
    assert verdict == Comparison(True, "random points", "entry [0, 1]: exp is not handled "
                                 "exactly; entry [1, 1]: exp is not handled exactly")
    assert compare(sp.Matrix([[x, 0.5 * x]]), sp.Matrix([[x, x / 2]])) == \
        Comparison(True, "floats")
    assert compare(sp.Matrix([x, 1]), sp.Matrix([x, 1])) == Comparison(True, "exact")


def test_a_matrix_with_a_wrong_entry_is_wrong_whatever_entry_is_undecided_before_it():
    verdict = compare(sp.Matrix([UNDECIDED[0], -E]), sp.Matrix([UNDECIDED[1], E]), seed=SEED)
    assert (verdict.equal, verdict.method) == (False, "random points")
    assert verdict.reason.startswith("entry [1, 0]: ")
    assert compare(sp.Matrix([[x, x + 1]]), sp.Matrix([[x, x]])) == Comparison(False, "exact")


def test_a_matrix_with_an_undecided_entry_and_no_wrong_one_is_undecided_naming_it():
    verdict = compare(sp.Matrix([x, UNDECIDED[0]]), sp.Matrix([x, UNDECIDED[1]]), seed=SEED)
    assert (verdict.equal, verdict.method) == (None, "random points")
    assert verdict.reason.startswith("entry [1, 0]: ") and "log" in verdict.reason


def test_a_float_next_to_an_algebraic_number_is_compared_at_random_points_naming_it():
    t = sp.Symbol("t")
    for answer, equal in ((0.707106781186548 * sp.sin(t), True), (0.7072 * sp.sin(t), False)):
        verdict = compare(answer, sp.sqrt(2) / 2 * sp.sin(t), seed=SEED)
        assert (verdict.equal, verdict.method) == (equal, "random points")
        assert "sqrt(2)" in verdict.reason, verdict


# --- the enclosures of functions ------------------------------------------------------------

ZERO_IN_DISGUISE = sp.log(6) - sp.log(2) - sp.log(3)     # enclosed around 0, never exactly


def test_the_logarithm_of_a_number_enclosed_around_zero_is_not_decided():
    verdict = compare(sp.log(ZERO_IN_DISGUISE), 0, seed=SEED)
    assert verdict.equal is None and str(equivalence.LAST_PRECISION) in verdict.reason, verdict


@pytest.mark.parametrize("answer, reference", [
    (sp.log(1 + sp.I * ZERO_IN_DISGUISE), 0), (sp.atan2(1, ZERO_IN_DISGUISE), sp.pi / 2),
    ((1 + sp.I * ZERO_IN_DISGUISE)**x, 1),
], ids=["log", "atan2 written as a log", "power"])
def test_a_logarithm_or_power_of_a_complex_number_is_evaluated(answer, reference):
    """Not an exception: a complex value near the real axis, whose imaginary part is
    enclosed around 0, has a logarithm, and a base of a power."""
    assert compare(answer, reference, seed=SEED).equal is True
    assert compare(answer, reference + sp.Rational(1, 10**20), seed=SEED).equal is False

@pytest.mark.parametrize("answer, reference", [
    (sp.atan2(ZERO_IN_DISGUISE, 1), 0), (sp.asin(ZERO_IN_DISGUISE), 0),
    (sp.acos(sp.Rational(1, 3)), sp.pi / 2 - sp.asin(sp.Rational(1, 3))),
    (sp.acos(ZERO_IN_DISGUISE), sp.pi / 2),
], ids=["atan2 of 0 and 1", "asin of 0", "acos of 1/3", "acos of 0"])
def test_inverse_trigonometric_values_are_enclosed(answer, reference):
    """atan2(y, x) is defined wherever x or y (not both) may be 0; acos as well as asin."""
    assert compare(answer, reference, seed=SEED).equal is True
    assert compare(answer, reference + sp.Rational(1, 10**20), seed=SEED).equal is False


def test_a_sine_of_a_complex_number_is_evaluated_up_to_a_large_imaginary_part():
    answer = sp.sin(x + 100 * sp.I)
    expanded = sp.sin(x) * sp.cosh(100) + sp.I * sp.cos(x) * sp.sinh(100)
    assert compare(answer, expanded, seed=SEED).equal is True
    assert compare(answer, expanded * (1 + sp.Rational(1, 10**20)), seed=SEED).equal is False


def test_sums_and_products_are_enclosed_at_the_working_precision():
    """Not exactly: a product of 53-bit numbers keeps 53-bit bounds, or a long sum or
    product would grow its bounds' digits without end."""
    context = equivalence.MPIntervalContext()
    context.prec = 53
    values = equivalence._Enclosures({x: sp.Rational(1, 3)}, context)
    for e in (x * sp.exp(x) * sp.pi, x + sp.exp(x) + sp.pi):
        enclosure = values(e)
        assert all(bound[3] <= 53 for bound in enclosure._mpi_), enclosure._mpi_
        assert sp.N(e.subs(x, sp.Rational(1, 3)), 30) in sp.Interval(enclosure.a, enclosure.b)


def test_a_wide_difference_raises_the_precision_by_the_bits_it_lacks_not_by_doubling():
    """A cancellation of terms of 10⁶⁰⁰ (about 2000 bits) is decided at about 2100 bits in
    one step, not by doubling up to 4096."""
    huge = 10**600 * sp.cosh(x)**2 - 10**600 * sp.sinh(x)**2 - 10**600                  # 0
    agree, precision = equivalence._agreement([(sp.exp(x) + huge, sp.exp(x))],
                                              {x: sp.Rational(1, 3)}, equivalence.POINT_TOLERANCE,
                                              equivalence.FIRST_PRECISION)
    assert agree is True and precision < 2400, precision
