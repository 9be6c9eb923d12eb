"""The answer checker against an attacker: wrong answers in disguise, right answers in
disguise, each named attack, and every tolerance pinned.

The strategies start from the course's own expected answers (``expected_answers``:
torques, equations of motion, a mass matrix, Jacobian entries, a regressor column …,
built once), make wrong ones as a careless or a cheating student would — a dropped
term, a flipped sign, a term doubled, θ1 and θ2 swapped, an extra term — and disguise
right and wrong answers alike with zeros: identities of numbers (logarithms, square
roots, e, sines of whole numbers, arctangents) and of the answer's own symbols
(sin² + cos², cosh² − sinh², exponentials, square roots, ``|x| sign x``), each times a
magnitude from 10⁻⁴⁰⁰ to 10⁴⁰⁰ (the most digits a hand-over holds), exact or a float,
and with pieces that agree with zero only where the random points fall (a Piecewise,
``|x + 10⁶| − (x + 10⁶)``). Each answer goes through ``check_expression``, as the
grader sends it: a wrong answer must be rejected (or, in a disguise that is not
analytic, left undecided: no points, for the instructor); a right one accepted or
undecided, never rejected. The decisions are counted and timed into
``test-artifacts/checker/decisions.json``.
"""

import collections
import functools
import json
import math
import pathlib
import time

import nbformat
import pytest
import sympy as sp
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from nbformat.v4 import new_code_cell, new_notebook, new_output

from robocourse import equivalence
from robocourse.grading.checks import Mistake, check_expression, equal
from robocourse.grading.exercises import Context
from robocourse.grading.handover import encode
from robocourse_grader import report

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: The hand-over's limit on the digits of a number.
DIGITS = 400
DECISIONS = collections.Counter()
LONGEST = {"seconds": 0.0, "answer": ""}


# --- the course's expected answers -----------------------------------------------------

@functools.cache
def expected_answers():
    """A sample of the course's expected symbolic answers (nonzero scalar entries)."""
    from robocourse.exercises import (
        ch0_kinematics,
        ch1_statics,
        ch3_newton_euler,
        ch4_lagrange,
        ch6_puma560,
        ch7_parameters,
    )

    theta1, theta2 = ch1_statics.theta1, ch1_statics.theta2
    loads = ch1_statics.fx, ch1_statics.fy, 0, 0, 0, ch1_statics.nz
    _, _, pr = ch3_newton_euler.symbolic_trace("P-R arm")
    _, _, shoulder = ch3_newton_euler.symbolic_trace("shoulder")
    _, _, distributed = ch3_newton_euler.symbolic_trace("distributed 2R arm")
    jacobian = ch6_puma560.tool_jacobian()
    found = [*ch1_statics.tool_frame_torques("planar_2r", (theta1, theta2), loads),
             *pr.tau, *shoulder.tau, *distributed.link(1).f,
             *ch4_lagrange.lift_torques(), *ch4_lagrange.payload_mass_matrix()[:, 0],
             *ch4_lagrange.payload_terms()["coriolis"], jacobian[0, 1], jacobian[1, 2],
             jacobian[2, 3], ch0_kinematics.jacobian_det(), *ch0_kinematics.base_jacobian()[:2, 0],
             *ch7_parameters.regressor_column("MX2")]
    return tuple(e for e in found if e != 0)


@functools.cache
def written_forms(expected):
    """``expected`` as written, expanded, with its angle sums expanded, and factored."""
    return expected, sp.expand(expected), sp.expand_trig(expected), sp.factor(expected)


def _swap_indices(e):
    """``e`` with the symbols of joints 1 and 2 exchanged (θ1 ↔ θ2, θ̇1 ↔ θ̇2, l1 ↔ l2 …)."""
    names = {s.name: s for s in e.free_symbols}
    swap = {}
    for name, symbol in names.items():
        for a, b in (("1", "2"), ("2", "1")):
            if name.endswith(a) and name[:-1] + b in names:
                swap[symbol] = names[name[:-1] + b]
    return e.xreplace(swap)


#: One of them, built when first drawn (not when the tests are collected).
expected_answer = st.deferred(lambda: st.sampled_from(expected_answers()))
MUTATIONS = ("drop a term", "flip a sign", "double a term", "swap joints 1 and 2", "extra term")


@st.composite
def wrong_answers(draw):
    """``(expected, wrong)``: an expected answer and a wrong one made from it."""
    expected = draw(expected_answer)
    terms = sp.Add.make_args(sp.expand(expected))
    term = draw(st.sampled_from(terms))
    symbols = sorted(expected.free_symbols, key=sp.default_sort_key)
    wrong = {"drop a term": lambda: sp.Add(*(t for t in terms if t is not term)),
             "flip a sign": lambda: expected - 2 * term,
             "double a term": lambda: expected + term,
             "swap joints 1 and 2": lambda: _swap_indices(expected),
             "extra term": lambda: expected + draw(st.integers(1, 9)) * draw(
                 st.sampled_from(symbols)) * draw(st.sampled_from(symbols)),
             }[draw(st.sampled_from(MUTATIONS))]()
    assume(not equivalence.identical(wrong, expected))
    return expected, wrong


# --- zeros in disguise -----------------------------------------------------------------

def magnitudes():
    """An exact coefficient from 10⁻⁴⁰⁰ to 10⁴⁰⁰: a power of ten or a whole number of up to
    400 digits (the most a hand-over allows)."""
    return st.one_of(st.integers(-DIGITS, DIGITS).map(lambda k: sp.Integer(10)**k),
                     st.integers(1, 10**DIGITS - 1).map(sp.Integer))


def float_magnitudes():
    """A float coefficient from 2⁻¹³³⁰ to 2¹³³⁰ (10^±400), a power of two: its products
    with the small whole numbers of a zero are exact, so the zero stays zero."""
    return st.integers(-1330, 1330).map(lambda k: sp.Float(2)**k)


def _number_zeros(a, b, k):
    """Numbers that are exactly zero, which the canonical form does not see through."""
    return [sp.log(a * b) - sp.log(a) - sp.log(b),
            sp.Pow(sp.sqrt(a) + sp.sqrt(b), 2) - a - b - 2 * sp.sqrt(a * b),
            sp.sin(k)**2 + sp.cos(k)**2 - 1,
            sp.Pow(sp.E + k, 2) - sp.E**2 - 2 * k * sp.E - k**2,
            sp.atan(sp.Rational(1, k + 1)) + sp.atan(k + 1) - sp.pi / 2]


def _symbol_zeros(x):
    """Expressions in the symbol ``x`` that are zero for every real ``x`` and analytic."""
    root = sp.sqrt(x**2 + 1)
    return [sp.sin(x)**2 + sp.cos(x)**2 - 1, sp.cosh(x)**2 - sp.sinh(x)**2 - 1,
            sp.Pow(sp.exp(x) + 1, 2) - sp.exp(2 * x) - 2 * sp.exp(x) - 1,
            sp.tan(x) * sp.cos(x) - sp.sin(x), sp.Mul(root + x, root - x) - 1]


NOT_ANALYTIC = ("|x| sign x − x", "a Piecewise that agrees only below 10⁶",
                "|x + 10⁶| − (x + 10⁶)")


@st.composite
def disguises(draw, symbols, analytic=True):
    """``(zero, kind)``: a sum of one to three zeros in disguise, each times a magnitude,
    or one zero times a float magnitude and a symbol (``analytic=False``: plus a
    construct that is not analytic)."""
    a, b = draw(st.integers(2, 10**6)), draw(st.integers(2, 10**6))
    x = sp.Symbol(draw(st.sampled_from(sorted(s.name for s in symbols))), real=True)
    pool = _number_zeros(a, b, draw(st.integers(1, 50))) + _symbol_zeros(x)
    if draw(st.booleans()):
        zeros = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3))
        total = sp.Add(*(draw(magnitudes()) * zero for zero in zeros))
    else:     # one zero, times a symbol: a float sum of its terms would round
        total = draw(float_magnitudes()) * x * draw(st.sampled_from(pool))
    if analytic:
        return total, "analytic"
    kind = draw(st.sampled_from(NOT_ANALYTIC))
    piece = {NOT_ANALYTIC[0]: sp.Abs(x) * sp.sign(x) - x,
             NOT_ANALYTIC[1]: sp.Piecewise((0, x < 10**6), (1, True)),
             NOT_ANALYTIC[2]: sp.Abs(x + 10**6) - (x + 10**6)}[kind]
    return total + draw(magnitudes()) * piece, kind


def _decide(answer, expected):
    """``check_expression``'s verdict: None (accepted) or the mistake's code; timed."""
    start = time.perf_counter()
    try:
        check_expression(answer, expected)
        code = None
    except Mistake as mistake:
        code = mistake.code
    seconds = time.perf_counter() - start
    if seconds > LONGEST["seconds"]:
        LONGEST.update(seconds=seconds, answer=str(answer)[:300])
    return code


@pytest.fixture(scope="module", autouse=True)
def counted():
    """Write the counts and the longest decision for the record when the module is done."""
    yield
    folder = ROOT / "test-artifacts" / "checker"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "decisions.json").write_text(json.dumps(
        {"counts": dict(DECISIONS), "longest": LONGEST}, indent=1, ensure_ascii=False))


# --- the properties ---------------------------------------------------------------------

@settings(max_examples=30)
@given(wrong_answers(), st.data())
def test_a_wrong_answer_in_an_analytic_disguise_is_rejected(pair, data):
    expected, wrong = pair
    zero, _ = data.draw(disguises(expected.free_symbols))
    code = _decide(wrong + zero, expected)
    DECISIONS[f"wrong, analytic disguise: {'rejected' if code else 'ACCEPTED'}"] += 1
    assert code is not None and code != "undecidable", (wrong + zero, code)


@settings(max_examples=20)
@given(wrong_answers(), st.data())
def test_a_wrong_answer_in_any_disguise_is_never_accepted(pair, data):
    expected, wrong = pair
    zero, kind = data.draw(disguises(expected.free_symbols, analytic=False))
    code = _decide(wrong + zero, expected)
    outcome = "ACCEPTED" if code is None else ("undecided" if code == "undecidable"
                                              else "rejected")
    DECISIONS[f"wrong, not analytic disguise: {outcome}"] += 1
    assert code is not None, (wrong + zero, kind)


@settings(max_examples=30)
@given(expected_answer, st.data())
def test_a_right_answer_in_disguise_is_accepted_or_undecided(expected, data):
    zero, _ = data.draw(disguises(expected.free_symbols))
    written = data.draw(st.sampled_from(written_forms(expected)))
    code = _decide(written + zero, expected)
    DECISIONS[f"right, analytic disguise: {code or 'accepted'}"] += 1
    assert code in (None, "undecidable"), (written + zero, code)


@settings(max_examples=15)
@given(expected_answer, st.data())
def test_a_right_answer_plus_what_vanishes_only_at_the_points_is_never_accepted(expected,
                                                                                 data):
    """Right, plus a piece that is zero where the points fall and not elsewhere: wrong."""
    zero, kind = data.draw(disguises(expected.free_symbols, analytic=False))
    assume(kind != NOT_ANALYTIC[0])                       # |x| sign x − x is a true zero
    code = _decide(expected + zero, expected)
    DECISIONS[f"right + a piece not zero everywhere: {code or 'ACCEPTED'}"] += 1
    assert code is not None, (expected + zero, kind)


# --- the named attacks --------------------------------------------------------------------

m, g, l, t1, x = sp.symbols("m g l theta1 x")
TAU = m * g * l * sp.cos(t1)
ZERO = sp.log(6) - sp.log(2) - sp.log(3)


@pytest.mark.parametrize("answer", [m + 10**45 * ZERO, 10**45 * ZERO, 2 * TAU + 10**45 * ZERO,
                                    m + 10**DIGITS * ZERO, m + sp.Float("1e400") * ZERO,
                                    TAU * (1 + sp.Rational(1, 10**DIGITS) * ZERO) + m])
def test_a_huge_zero_does_not_set_the_tolerance(answer):
    """Issue 35: the student's own 10⁴⁵ made the tolerance; now the expected answer does."""
    assert _decide(answer, TAU) not in (None, "undecidable")


def test_a_huge_zero_next_to_the_right_answer_is_accepted():
    for answer in (TAU + 10**45 * ZERO, TAU + 10**DIGITS * ZERO * sp.cos(t1)**2,
                   TAU + sp.Float("1e400") * ZERO):
        assert equivalence.compare(answer, TAU, seed=1) == equivalence.Comparison(
            True, "random points", "log is not handled exactly")


def test_a_sine_that_vanishes_at_every_small_denominator_is_seen():
    """``sin(π x lcm(1, …, 900))`` (391 digits) is zero at every ``p/q`` with ``q ≤ 900``."""
    wave = sp.sin(sp.pi * x * functools.reduce(math.lcm, range(1, 901)))
    assert all(equivalence.compare(TAU + wave, TAU, seed=s).equal is False for s in range(5))


@pytest.mark.parametrize("piece", [sp.Piecewise((0, x < 10**6), (1, True)),
                                   sp.Piecewise((0, sp.And(x > -10**6, x < 10**6)), (x, True)),
                                   sp.Abs(x + 10**6) - (x + 10**6),
                                   sp.sqrt((x + 10**6)**2) - (x + 10**6),
                                   sp.Heaviside(x - 10**6), sp.Max(x, 10**6) - 10**6])
def test_what_agrees_only_where_the_points_fall_is_not_accepted(piece):
    """Zero on [−10⁶, 10⁶] and not elsewhere: the points cannot tell, so cannot decide."""
    verdict = equivalence.compare(TAU + piece, TAU, seed=1)
    assert verdict.equal is None and "no proof" in verdict.reason
    with pytest.raises(Mistake, match="instructor will look at it") as caught:
        check_expression(TAU + piece, TAU)
    assert caught.value.code == "undecidable"


def test_the_answers_denominator_cannot_widen_the_float_tolerance():
    """A common factor of the answer's numerator and denominator that weighs on x = 1
    (``(1 + x)⁶⁰``) scales the difference and the reference alike: still rejected."""
    peaked = sp.expand((1 + x)**60)
    for wrong in (0.5 * m * g * l, 2.0 * TAU, TAU + 1e-6 * m * x, TAU + 1.0 * m * (x - 1)**6):
        assert equivalence.compare(wrong * peaked / (1 + x)**60, TAU).equal is False
    assert equivalence.compare(1.0 * TAU * peaked / (1 + x)**60, TAU).equal is True


def test_a_float_coefficient_says_nothing_of_the_size_of_what_it_multiplies():
    """The float route judged 10⁻¹² exp(1000) by its coefficient (accepted: it is 10⁴¹²):
    beside a construct the form does not handle, floats go to the random points; a float
    rounding there (0.1·3 − 3/10 = 5.6e-17) is within the float tolerance, not a proof
    of a difference."""
    assert equivalence.compare(TAU + 1e-12 * m * sp.exp(1000), TAU, seed=1).equal is False
    kink = sp.Piecewise((0, x < 10**6), (10**DIGITS, True))
    assert equivalence.compare(TAU + 1e-12 * m * kink, TAU, seed=1).equal is None
    rounding = sp.Float(0.1) * 3 - sp.Rational(3, 10)
    assert rounding != 0
    assert equivalence.compare(TAU + rounding * sp.exp(t1), TAU, seed=1).equal is True


def test_a_float_of_400_digits_is_judged_not_raised():
    """An OverflowError, before: the float route took a float of each coefficient."""
    assert _decide(sp.Float("1e400") * x + 0.5 * m, 3 * m) == "foreign-symbols"
    assert equivalence.compare(sp.Float("1e400") * m + 0.5 * m, 3 * m).equal is False


def test_decisions_beyond_the_working_precision_are_undecided():
    """10⁸⁰⁰ (log 6 − log 2 − log 3), twice the digits a hand-over holds, is still
    decided; an exponential tower is beyond 8192 bits: cannot decide, right or wrong."""
    assert equivalence.compare(TAU + 10**DIGITS * sp.Float("1e400") * ZERO, TAU).equal
    tower = sp.exp(sp.exp(sp.exp(5))) * ZERO
    assert equivalence.compare(TAU + tower, TAU, seed=1).equal is None
    assert equivalence.compare(2 * TAU + tower, TAU, seed=1).equal is None


# --- the tolerances, pinned ---------------------------------------------------------------

def test_the_float_tolerance_is_pinned():
    """1e-13 of the expected answer inside, 1e-9 outside (FLOAT_TOLERANCE = 1e-11): a
    tolerance loosened or tightened 100-fold fails here."""
    for expected in expected_answers()[:3]:
        inside, outside = (sp.expand(expected * (1 + sp.Float(f"1e-{k}"))) for k in (13, 9))
        assert equivalence.compare(inside, expected) == equivalence.Comparison(True, "floats")
        assert equivalence.compare(outside, expected) == equivalence.Comparison(False,
                                                                                "floats")


def test_the_random_point_tolerance_is_pinned():
    """A zero in disguise sends an answer to the random points: there 10⁻³³ of the
    expected answer is inside, 10⁻²⁷ outside (POINT_TOLERANCE = 10⁻³⁰); with a float,
    10⁻¹³ inside and 10⁻⁹ outside (FLOAT_TOLERANCE)."""
    for expected in expected_answers()[:3]:
        for inside, outside, zero in ((sp.Rational(1, 10**33), sp.Rational(1, 10**27), ZERO),
                                      (1e-13, 1e-9, 1.0 * ZERO)):
            verdicts = [equivalence.compare(expected * (1 + change) + zero, expected, seed=1)
                        for change in (inside, outside)]
            assert [v.equal for v in verdicts] == [True, False], (expected, verdicts)
            assert {v.method for v in verdicts} == {"random points"}


# --- square roots ---------------------------------------------------------------------------

def test_square_roots_are_decided_exactly_when_their_squares_reduce():
    y = sp.Symbol("y", real=True)
    root = sp.sqrt(x**2 + y**2)
    assert equivalence.compare(root**3, (x**2 + y**2) * root) == equivalence.Comparison(
        True, "exact")
    assert equivalence.compare((root + x) * (root - x), y**2) == equivalence.Comparison(
        True, "exact")
    assert equivalence.compare(x / root, x * root / (x**2 + y**2)).equal is True
    assert equivalence.compare(sp.sqrt(x**2), x, seed=1).equal is False    # x < 0
    # a root left in a denominator might vanish (√x² − x for x > 0): not decided there
    assert equivalence.compare(1 / (root - x), (root + x) / y**2, seed=1).equal is None


# --- the grader's own verdicts, and the review list ------------------------------------------

def test_a_graders_own_verdict_on_what_it_cannot_decide_is_a_mistake_for_review():
    """``equal`` is what the graders ask (M symmetric, Ṁ − 2C skew): a square root of a
    square used to raise ``Undecidable`` out of the grader."""
    assert equal(sp.Matrix([[m, x], [x, m]]), sp.Matrix([[m, x], [x, m]]).T)
    assert not equal(sp.Matrix([[m, x], [0, m]]), sp.Matrix([[m, x], [0, m]]).T)
    with pytest.raises(Mistake, match="cannot decide") as caught:
        equal(sp.Matrix([sp.sqrt(x**2) * sp.sign(x)]), sp.Matrix([x]))
    assert caught.value.code == report.UNDECIDED


def test_a_grader_that_cannot_decide_gives_a_verdict_for_review():
    """Chapter 1, exercise 7 asks whether ⁰Jᵀ F_free vanishes for every θ1: with a kink
    in a right answer, ``equivalence.identical`` raised ``Undecidable`` out of the
    grader; now the answer is undecided, for the instructor."""
    from robocourse.exercises import ch1_statics
    from robocourse_grader.preprocessors import load_exercise_set

    exercise_set = load_exercise_set(ROOT / "solutions" / "ch1_statics" / "grader.py")[0]
    cell, theta1 = exercise_set.exercises[7].cell, ch1_statics.theta1
    right = sp.Matrix([sp.cos(theta1), sp.sin(theta1)])
    kinked = sp.Matrix([sp.sqrt(sp.cos(theta1)**2) * sp.sign(sp.cos(theta1)), sp.sin(theta1)])
    verdicts = [exercise_set.decide(cell, {"F_free": {"value": encode(F_free)}},
                                    Context(exercise_set, "s1234567"))
                for F_free in (right, kinked, 2 * right + sp.Matrix([0, 1]))]
    assert [v.code for v in verdicts] == ["passed", report.UNDECIDED, "needs-torque"]
    assert "the instructor will look at it" in verdicts[1].message


def test_the_class_report_lists_the_answers_to_review(tmp_path):
    def graded(student, verdicts):
        folder = tmp_path / "autograded" / student / "ch1_statics"
        folder.mkdir(parents=True)
        cells = [new_code_cell(metadata={"robocourse": {"exercise": n, "passed": passed,
                                                        "code": code}},
                               outputs=[new_output("error", ename="Wrong answer",
                                                   evalue=f"Exercise {n}: {code}",
                                                   traceback=[])])
                 for n, passed, code in verdicts]
        nbformat.write(new_notebook(cells=cells), folder / "ch1_statics.ipynb")
        return folder / "ch1_statics.ipynb"

    notebooks = [graded("ada", [(1, False, "undecidable"), (2, True, "passed")]),
                 graded("bob", [(1, False, "not-equal"), (2, False, "undecidable")])]
    assert report.undecided(notebooks) == [("ada", 1, "Exercise 1: undecidable"),
                                           ("bob", 2, "Exercise 2: undecidable")]
    assert report.tally(notebooks)[1] == collections.Counter({"undecidable": 1,
                                                              "not-equal": 1})

    class Course:
        root = str(tmp_path)
        autograded_directory = "autograded"

        @staticmethod
        def format_path(directory, student, assignment):
            return str(tmp_path / directory / student / assignment)

    table, _, review = report.write(Course(), "ch1_statics")
    assert pathlib.Path(review).read_text().splitlines() == [
        "student,exercise,feedback", "ada,1,Exercise 1: undecidable",
        "bob,2,Exercise 2: undecidable"]
    assert "1,undecidable,1" in pathlib.Path(table).read_text()
