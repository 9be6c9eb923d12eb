"""The hand-over's limits on what sympy computes while an answer is rebuilt, and its
malformed nodes: a crafted hand-over is refused by name before sympy computes a large
number (the message gives the estimated size), anything sympy, numpy or Python raise on
bad data is a ``HandoverError``, and the grader judges such an answer as not handed in.
Legitimate numbers — large ones included — decode as before."""

import math

import numpy as np
import pytest
import sympy as sp
from test_exercise_checks import ROOT, Submission, assert_code

from robocourse import language
from robocourse.grading import handover
from robocourse.grading.handover import HandoverError
from robocourse_grader.preprocessors import load_exercise_set

X = ["Symbol", "x", {}]
ONE = ["Integer", "1"]


def integer(value):
    return ["Integer", str(value)]


def rational(p, q):
    return ["Rational", str(p), str(q)]


def power(base, exponent):
    return ["Pow", [base, exponent]]


#: 10**50 + 2i: Abs and re expand a power of it.
COMPLEX = ["Add", [integer(10**50), ["Mul", [integer(2), ["Constant", "I"]]]]]

#: The audit's reproducer: 216 s of grader CPU before this fix.
BOMB = power(power(integer("9" * 400), integer(1000)), integer(150))


def refused(node, *words):
    with pytest.raises(HandoverError) as raised:
        handover.decode({"sympy": node})
    for word in words:
        assert word in str(raised.value), str(raised.value)
    return str(raised.value)


# --- numbers sympy would compute: refused before it does ------------------------------------

@pytest.mark.parametrize("label, node, words", [
    ("the audit's reproducer", BOMB, ["power 999", "**1000", "about 400000 digits"]),
    ("the outer level of a nested power",
     power(power(integer(10**40 - 1), integer(10)), integer(100)), ["**100", "40000 digits"]),
    ("a third level of nesting",
     power(power(power(integer(99999), integer(10)), integer(5)), integer(10)),
     ["**10", "2500 digits"]),
    ("a power of a product", power(["Mul", [integer(10**300), X]], integer(1000)),
     ["(…)**1000", "300000 digits"]),
    ("a power of a square root",
     power(power(integer(10**300 + 7), rational(1, 2)), integer(1000)),
     ["(…)**1000", "300301 digits"]),
    ("a power of a complex number (Abs expands it)",
     ["Function", "Abs", [power(COMPLEX, integer(1000))]], ["50301 digits"]),
    ("a product of numbers", ["Mul", [integer(10**300), integer(10**300), X]],
     ["product of numbers", "600 digits"]),
    ("a product's exponents of one base",
     ["Mul", [power(X, rational(1, 10**300 + 1)), power(X, rational(1, 10**300 + 3))]],
     ["product of numbers", "600 digits"]),
    ("a sum of numbers", ["Add", [rational(1, 10**300 + 1), rational(1, 10**300 + 3), X]],
     ["sum of numbers", "600 digits"]),
    ("a sum's coefficients of like terms",
     ["Add", [["Mul", [rational(1, 10**300 + 1), X]], ["Mul", [rational(1, 10**300 + 3), X]]]],
     ["sum of numbers", "600 digits"]),
    ("a float of a large magnitude", ["Float", "1e1000000", 53],
     ["floating-point number 1e1000000", "1000000 digits"]),
    ("a float of a small magnitude", ["Float", "1e-1000000", 53], ["1000000 digits"]),
    ("a long integer", integer(10**400), ["more than 400 digits"]),
])
def test_a_number_too_large_is_refused_before_sympy_computes_it(label, node, words):
    refused(node, *words)


def test_the_bomb_inside_a_matrix_or_a_list_is_refused():
    refused(["Matrix", 2, 1, [BOMB, ONE]], "400000 digits")
    with pytest.raises(HandoverError, match="400000 digits"):
        handover.decode({"list": [{"int": "1"}, {"sympy": BOMB}]})


def test_a_nested_power_keeps_its_exponent_within_the_limit():
    positive = ["Symbol", "x", {"positive": True}]
    refused(power(power(positive, integer(100)), integer(100)), "exponent", "larger than 1000")


def test_min_and_max_are_rebuilt_without_comparing_every_pair():
    node = X
    for i in range(60):
        node = ["Function", "Max", [node, ["Symbol", f"y{i}", {}]]]
    rebuilt = handover.decode({"sympy": node})
    assert isinstance(rebuilt, sp.Max) and len(rebuilt.args) == 2
    assert handover.decode({"sympy": ["Function", "Min", [X, ONE]]}) == sp.Min(sp.Symbol("x"), 1)


# --- malformed hand-overs: refused by the schema before anything is rebuilt -----------------

@pytest.mark.parametrize("data, words", [
    ({"sympy": ["Symbol", "x", 5]}, "the answer → sympy → Symbol: expected an object, got an "
                                    "integer"),
    ({"sympy": ["Symbol", "x", {"real": "yes"}]}, "Symbol → real: expected true or false"),
    ({"sympy": ["Matrix", 2]}, "sympy → Matrix: expected a list of 3 parts, got a list of 1"),
    ({"sympy": ["Constant", ["pi"]]}, "Constant: expected a string, got a list of 1"),
    ({"sympy": ["Pow", [X]]}, "Pow: expected a list of 2 parts, got a list of 1"),
    ({"sympy": ["Add", [X, 3]]}, "Add: expected an expression node [kind, …], got an integer"),
    ({"sympy": ["Frobnicate", []]}, "an unknown expression node 'Frobnicate'"),
    ({"float": [1]}, "the answer → float: expected a string, got a list of 1"),
    ({"list": {"a": 1}}, "the answer → list: expected a list, got an object"),
    ({"dict": [[1]]}, "the answer → dict: expected a list of 2 parts, got a list of 1"),
    ({"function": {}}, "function: expected an object with the keys name, source, imports, "
                       "helpers, values, got the keys none"),
    ({"function": {"name": "f", "source": "", "imports": [["np", "numpy"]], "helpers": [],
                   "values": []}}, "function → imports: expected a list of 3 parts"),
    ({"ndarray": {"dtype": "int64", "shape": [1], "data": ["1"]}},
     "ndarray → data: expected an integer, got a string"),
    ({"ndarray": {"dtype": "int8", "shape": [1], "data": [1]}}, "an unknown dtype 'int8'"),
    ([1, 2], "the answer: expected a value {kind: data}, got a list of 2"),
])
def test_a_malformed_hand_over_is_refused_by_the_schema_naming_where(data, words):
    with pytest.raises(HandoverError) as raised:
        handover.decode(data)
    assert words in str(raised.value), str(raised.value)


@pytest.mark.parametrize("data, words", [
    ({"sympy": ["Symbol", "x", {"positive": True, "negative": True}]},
     "the symbol 'x' has contradictory assumptions (negative=True, positive=True)"),
    ({"sympy": ["Matrix", -1, -1, [X]]}, "the Matrix node in the answer is malformed (ValueError"),
    ({"sympy": ["Derivative", X, [[integer(2), 1]]]}, "the Derivative node"),
    ({"sympy": ["Piecewise", [[X, integer(2)]]]}, "the Piecewise node in the answer is malformed"),
    ({"sympy": ["Function", "atan2", [X]]}, "the Function node 'atan2' in the answer is malformed"),
    ({"sympy": ["Float", "one", 53]}, "a malformed floating-point number 'one'"),
    ({"sympy": ["Float", "1.5", 0]}, "precision of 0 bits"),
    ({"ndarray": {"dtype": "int64", "shape": [1], "data": [10**30]}},
     "a value of kind 'ndarray' in the answer is malformed (OverflowError"),
    ({"ndarray": {"dtype": "float64", "shape": [-1, -1], "data": ["1"]}},
     "a value of kind 'ndarray' in the answer is malformed (ValueError"),
])
def test_a_well_formed_node_that_cannot_be_rebuilt_is_a_hand_over_error_that_names_it(data,
                                                                                     words):
    with pytest.raises(HandoverError) as raised:
        handover.decode(data)
    assert words in str(raised.value), str(raised.value)


# --- the grader's verdict: zero for that answer, with the reason --------------------------

@pytest.fixture
def chapter4():
    submission = Submission(load_exercise_set(ROOT / "solutions" / "ch4_lagrange" /
                                              "grader.py")[0])
    yield submission
    submission.close()


@pytest.mark.parametrize("entry, words", [
    (BOMB, ["Exercise 2: the power 999", "400000 digits"]),
    (["Symbol", "m1", {"positive": True, "negative": True}], ["contradictory assumptions"]),
    (["Symbol", "m1", 5], ["Exercise 2: no valid answer was handed in (",
                           "tau_lift → sympy → Matrix → Symbol: expected an object"]),
])
def test_the_grader_judges_a_crafted_answer_as_not_handed_in(chapter4, entry, words):
    exercise = chapter4.exercise_set.exercises[2]
    handed = {"tau_lift": {"value": {"sympy": ["Matrix", 2, 1, [entry, ONE]]}}}
    verdict = chapter4.exercise_set.decide(exercise.cell, handed, chapter4.context)
    assert_code(verdict, "not-handed-over", *words)


def modulus(n):
    """|x0·i + x1 + x2·i + …| of n real symbols: within the size limits, but sympy expands it
    as it is rebuilt (n² terms: ten seconds and more at n = 400, 64 MB soon at n = 3000)."""
    terms = [["Symbol", f"x{k}", {"real": True}] for k in range(n)]
    terms = [t if k % 2 else ["Mul", [["Constant", "I"], t]] for k, t in enumerate(terms)]
    return ["Function", "Abs", [["Add", terms]]]


def lift_torques(entry):
    return {"tau_lift": {"value": {"sympy": ["Matrix", 2, 1, [entry, ONE]]}}}


@pytest.mark.parametrize("n, seconds, memory, code, words", [
    (600, 2, 1 << 30, "too-slow", "could not check this answer within 2 s"),
    (3000, 120, 64 << 20, "too-large", "needs more than 64 MB of memory"),
])
def test_an_answer_too_slow_or_too_large_to_check_costs_that_exercise(chapter4, n, seconds,
                                                                       memory, code, words):
    context = chapter4.context
    context.check_seconds, context.check_memory_bytes = seconds, memory
    exercise = chapter4.exercise_set.exercises[2]
    verdict = chapter4.exercise_set.decide(exercise.cell, lift_torques(modulus(n)), context)
    assert_code(verdict, code, f"Exercise 2: the grader {words}" if code == "too-slow"
                else f"Exercise 2: checking this answer {words}")


def test_an_answer_derived_by_hand_is_graded_as_recomputed_and_its_hand_over_not_rebuilt(
        chapter4):
    """The replay recomputed exercise 2's answer from the answer cells: that is what is
    graded (here a wrong one), and the slow hand-over beside it is never rebuilt."""
    context = chapter4.context
    context.check_seconds = 5
    context.recomputed = {2: {"values": {"tau_lift": sp.Matrix([0, 0])}}}
    exercise = chapter4.exercise_set.exercises[2]
    assert exercise.by_hand
    verdict = chapter4.exercise_set.decide(exercise.cell, lift_torques(modulus(600)), context)
    assert not verdict.passed and verdict.code not in ("too-slow", "too-large",
                                                      "not-handed-over"), verdict


# --- legitimate numbers: as before ----------------------------------------------------------

x = sp.Symbol("x")


@pytest.mark.parametrize("value", [
    sp.Integer(2)**64, -sp.Integer(10)**399, sp.Rational(10**30 + 1, 3 * 10**29 + 7),
    sp.Integer(2)**1000 * x, x**1000, (3 * x)**2 / 7, sp.sqrt(2) * sp.Rational(1, 3),
    sp.Float("1e-300"), sp.Float("1e308"), sp.Float("1e-320"),
    sp.Float("0.1", 200), sp.Float("-2.5e300") * x + sp.Rational(1, 10**40),
    (1 + 2 * sp.I)**3, sp.Abs(x - 3)**5,
    sp.Matrix([[sp.Integer(10)**200 * x**2, x / 10**200]]),
])
def test_legitimate_numbers_decode_as_before(value):
    back = handover.loads(handover.dumps(value))
    assert back == value and type(back) is type(value)


def test_plain_numbers_and_arrays_decode_as_before():
    values = [2**64, 1e-300, math.inf, np.array([1e308, 5e-324])]
    back = handover.decode(handover.encode(values))
    assert back[:3] == values[:3] and np.array_equal(back[3], values[3])


# --- the limits a genuine answer can reach, said in the student's language ------------------

@pytest.mark.parametrize("value, words", [
    (sp.Integer(10)**500, "答案中的一个整数超过 400 位"),
    ("x" * (handover.LIMITS["string"] + 1), "答案中的一段文本长于 200000 个字符"),
    (np.zeros(handover.LIMITS["array"] + 1), "答案 → ndarray：元素多于 1000000 个"),
])
def test_an_answer_beyond_a_limit_is_refused_in_chinese(value, words):
    with language.using("zh_CN"), pytest.raises(HandoverError) as refused:
        handover.decode(handover.encode(value))
    assert str(refused.value) == words
