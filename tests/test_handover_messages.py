"""Every refusal of the hand-over, word for word: the message is what the grader reports to
the student as the reason an answer was not handed in, so each one is pinned whole — the
sentence, the limit it gives, the estimated size, where in the answer, what was refused —
and each estimate of the digits sympy would compute is tried just within and just beyond
its limit."""

import math
import re

import numpy as np
import pytest
import sympy as sp
from test_handover_whitelist import Kernel

from robocourse.grading import handover
from robocourse.grading.handover import FunctionSource, HandoverError

X = ["Symbol", "x", {}]
Y = ["Symbol", "y", {}]


def integer(value):
    return ["Integer", str(value)]


def rational(p, q):
    return ["Rational", str(p), str(q)]


def function_data(name="f", source="def f(x):\n    return x\n", imports=(), values=()):
    return {"function": {"name": name, "source": source,
                         "imports": [list(entry) for entry in imports], "helpers": [],
                         "values": [list(entry) for entry in values]}}


def refusal(call, *args):
    with pytest.raises(HandoverError) as raised:
        call(*args)
    return str(raised.value)


DIGITS = "in the answer would have about {} digits (at most 400 are accepted)"

# --- what decode refuses, and the message it gives ---------------------------------------------

DECODED = {
    # the schema: the kind and the parts of each node, before anything is rebuilt
    "not a value": ([1, 2], "the answer: expected a value {kind: data}, got a list of 2"),
    "a value of two kinds": ({"int": "1", "str": "a"},
                             "the answer: expected a value {kind: data}, got an object"),
    "an unknown kind": ({"frob": 1}, "the answer: an unknown kind of value 'frob'"),
    "an unknown node": ({"sympy": ["Frob"]},
                        "the answer → sympy: an unknown expression node 'Frob'"),
    "an empty node": ({"sympy": []},
                      "the answer → sympy: expected an expression node [kind, …], got a list "
                      "of 0"),
    "a node without its kind": ({"sympy": [1, 2]},
                                "the answer → sympy: expected an expression node [kind, …], "
                                "got a list of 2"),
    "a part of the wrong type": ({"sympy": ["Integer", 5]},
                                 "the answer → sympy → Integer: expected a string, got an "
                                 "integer"),
    "a boolean for an integer": ({"sympy": ["Matrix", True, 1, [X]]},
                                 "the answer → sympy → Matrix: expected an integer, got true "
                                 "or false"),
    "a null for a string": ({"sympy": ["Constant", None]},
                            "the answer → sympy → Constant: expected a string, got null"),
    "a number for a list": ({"sympy": ["Add", 1.5]},
                            "the answer → sympy → Add: expected a list, got a number with a "
                            "fraction"),
    "parts missing": ({"sympy": ["Pow", [X]]},
                      "the answer → sympy → Pow: expected a list of 2 parts, got a list of 1"),
    "an object of the wrong keys": (
        {"ndarray": {"dtype": "int64", "shape": [1]}},
        "the answer → ndarray: expected an object with the keys dtype, shape, data, got the "
        "keys dtype, shape"),
    "an object of no keys": (
        {"function": {}},
        "the answer → function: expected an object with the keys name, source, imports, "
        "helpers, values, got the keys none"),
    "a list for an object": (
        {"function": []},
        "the answer → function: expected an object with the keys name, source, imports, "
        "helpers, values, got a list of 0"),
    "an assumption that is not a boolean": (
        {"sympy": ["Symbol", "x", {"real": 1}]},
        "the answer → sympy → Symbol → real: expected true or false, got an integer"),
    "an assumption key that is not a string": (
        {"sympy": ["Symbol", "x", []]},
        "the answer → sympy → Symbol: expected an object, got a list of 0"),
    "an import that is not text or null": (
        function_data(imports=[("np", "numpy", 1)]),
        "the answer → function → imports: expected a string or null, got an integer"),
    "an unknown dtype": ({"ndarray": {"dtype": "int8", "shape": [1], "data": [1]}},
                         "the answer → ndarray: an unknown dtype 'int8'"),
    "an entry of the wrong type": ({"ndarray": {"dtype": "int64", "shape": [1], "data": ["1"]}},
                                   "the answer → ndarray → data: expected an integer, got a "
                                   "string"),
    "an object entry that is not a value": (
        {"ndarray": {"dtype": "object", "shape": [1], "data": [1]}},
        "the answer → ndarray → data: expected a value {kind: data}, got an integer"),
    # what the nodes say: numbers, names, orders, shapes
    "a long integer": ({"int": "1" * 401}, "an integer in the answer has more than 400 digits"),
    "a long negative integer node": ({"sympy": integer("-" + "1" * 401)},
                                     "an integer in the answer has more than 400 digits"),
    "a long denominator": ({"sympy": rational(1, "1" * 401)},
                           "an integer in the answer has more than 400 digits"),
    "a long text": ({"str": "x" * 200_001}, "a text longer than 200000 characters"),
    "a long dict key": ({"dict": [["k" * 200_001, None]]},
                        "a text longer than 200000 characters"),
    "a matrix its entries do not fill": ({"sympy": ["Matrix", 2, 2, [X]]}, "a malformed matrix"),
    "an immutable matrix its entries do not fill": (
        {"sympy": ["ImmutableMatrix", 1, 2, [X]]}, "a malformed matrix"),
    "an unknown constant": ({"sympy": ["Constant", "tau"]}, "an unknown constant 'tau'"),
    "a float text too long": ({"sympy": ["Float", "1" * 801, 53]},
                              "a malformed floating-point number"),
    "a float text that is no number": ({"sympy": ["Float", "one", 53]},
                                       "a malformed floating-point number 'one'"),
    "a float of no precision": ({"sympy": ["Float", "1.5", 0]},
                                "the floating-point number 1.5 has a precision of 0 bits"),
    "a float too large": ({"sympy": ["Float", "1e401", 53]},
                          "the floating-point number 1e401 " + DIGITS.format(401)),
    "a float too small": ({"sympy": ["Float", "-2.5e-402", 53]},
                          "the floating-point number -2.5e-402 " + DIGITS.format(402)),
    "a symbol of no name": ({"sympy": ["Symbol", "", {}]}, "a malformed symbol name"),
    "a symbol name too long": ({"sympy": ["Symbol", "s" * 101, {}]}, "a malformed symbol name"),
    "contradictory assumptions": (
        {"sympy": ["Symbol", "m", {"positive": True, "negative": True, "real": True}]},
        "the symbol 'm' has contradictory assumptions (negative=True, positive=True, "
        "real=True)"),
    "a function not on the list": ({"sympy": ["Function", "eval", [X]]},
                                   "the function 'eval' is not accepted in an answer"),
    "an undefined function not named by a name": ({"sympy": ["Undefined", "f g", [X]]},
                                                  "a malformed function name"),
    "a derivative of order 11": ({"sympy": ["Derivative", X, [[X, 11]]]},
                                 "a derivative of an order outside 0 to 10"),
    "a derivative of order -1": ({"sympy": ["Derivative", X, [[X, -1]]]},
                                 "a derivative of an order outside 0 to 10"),
    "an unknown relation": ({"sympy": ["Relation", "=>", X, X]}, "an unknown relation '=>'"),
    "an unsupported type": ({"sympy": ["Unsupported", "Integral"]},
                            "the answer contains the construct Integral, which the grader "
                            "does not accept: write it with +, *, **, numbers, symbols and "
                            "the elementary functions"),
    "a set holding a list": ({"set": [{"list": []}]},
                             "a set in the answer holds a value of type list, which cannot be a "
                             "member of a set"),
    "a frozenset holding a dict": ({"frozenset": [{"dict": []}]},
                                   "a set in the answer holds a value of type dict, which "
                                   "cannot be a member of a set"),
    "an array its entries do not fill": (
        {"ndarray": {"dtype": "float64", "shape": [2, 2], "data": ["1.0"] * 3}},
        "a malformed array"),
    "a function name that is not a name": (function_data(name="f g"),
                                           "a malformed function name"),
    "an import that is not an import": (
        function_data(imports=[("np", "numpy;", None)]),
        "a malformed import in a handed-over function"),
    "a malformed imported attribute": (
        function_data(imports=[("np", "numpy", "a.b")]),
        "a malformed import in a handed-over function"),
    # the sizes of numbers sympy would compute
    "an exponent beyond 1000": ({"sympy": ["Pow", [X, integer(1001)]]},
                                "an exponent in the answer is larger than 1000"),
    "an exponent below -1000": ({"sympy": ["Pow", [X, integer(-1001)]]},
                                "an exponent in the answer is larger than 1000"),
    "the exponent of a nested power": (
        {"sympy": ["Pow", [["Pow", [["Symbol", "x", {"positive": True}], integer(40)]],
                           integer(26)]]},
        "an exponent in the answer is larger than 1000"),
    "a power of a number": ({"sympy": ["Pow", [integer(10**40), integer(11)]]},
                            "the power 10000000000000000000000…**11 " + DIGITS.format(440)),
    "a power of an expression": ({"sympy": ["Pow", [["Mul", [integer(10**201), X]], integer(2)]]},
                                 "the power (…)**2 " + DIGITS.format(402)),
    "a power of a negative exponent": (
        {"sympy": ["Pow", [["Mul", [integer(10**201), X]], integer(-2)]]},
        "the power (…)**-2 " + DIGITS.format(402)),
    "a sum of numbers": ({"sympy": ["Add", [rational(1, 10**200), rational(1, 10**201), X]]},
                         "a sum of numbers " + DIGITS.format(401)),
    "a product of numbers": ({"sympy": ["Mul", [integer(10**200), integer(10**201), X]]},
                             "a product of numbers " + DIGITS.format(401)),
    # whatever else goes wrong while a value is rebuilt, naming the value and Python's reason
    "an integer text that is no number": (
        {"int": "1  2"},
        "a value of kind 'int' in the answer is malformed (ValueError: invalid literal for "
        "int() with base 10: '1 2')"),
    "a complex number of a text that is no number": (
        {"complex": ["1", "i"]},
        "a value of kind 'complex' in the answer is malformed (ValueError: could not convert "
        "string to float: 'i')"),
    "a float entry that is no number": (
        {"ndarray": {"dtype": "float64", "shape": [1], "data": ["one"]}},
        "a value of kind 'ndarray' in the answer is malformed (ValueError: could not convert "
        "string to float: 'one')"),
}


@pytest.mark.parametrize("data, message", DECODED.values(), ids=DECODED.keys())
def test_each_refusal_of_decode_says_exactly_what_was_refused(data, message):
    assert refusal(handover.decode, data) == message


# --- limits set by the course: the message gives the limit ---------------------------------------

@pytest.mark.parametrize("limit, value, data, message", [
    ("nodes", 4, {"list": [{"int": "1"}] * 4}, "the answer is too large (more than 4 parts)"),
    ("depth", 2, {"list": [{"list": [{"list": [None]}]}]},
     "the answer is nested too deeply (more than 2 levels)"),
    ("array", 2, {"ndarray": {"dtype": "int64", "shape": [3], "data": [1, 2, 3]}},
     "the answer → ndarray: more than 2 entries"),
])
def test_a_limit_is_refused_giving_the_limit_just_beyond_it(monkeypatch, limit, value, data,
                                                           message):
    monkeypatch.setitem(handover.LIMITS, limit, value)
    assert refusal(handover.decode, data) == message


@pytest.mark.parametrize("limit, value, data", [
    ("nodes", 4, {"list": [{"int": "1"}] * 3}),
    ("depth", 2, {"list": [{"list": [{"int": "1"}]}]}),
    ("array", 2, {"ndarray": {"dtype": "int64", "shape": [2], "data": [1, 2]}}),
    ("string", 3, {"str": "abc"}),
])
def test_what_reaches_a_limit_exactly_is_accepted(monkeypatch, limit, value, data):
    monkeypatch.setitem(handover.LIMITS, limit, value)
    assert handover.decode(data) is not None


OBJECTS = {"ndarray": {"dtype": "object", "shape": [1], "data": [{"int": "1"}]}}


@pytest.mark.parametrize("depth, data, accepted", [
    (1, OBJECTS, True), (1, {"list": [OBJECTS]}, False), (2, {"list": [OBJECTS]}, True),
    (2, {"sympy": ["Add", [X]]}, True), (2, {"sympy": ["Add", [["Add", [X]]]]}, False),
])
def test_the_entries_of_an_object_array_and_the_parts_of_a_node_are_one_level_down(
        monkeypatch, depth, data, accepted):
    monkeypatch.setitem(handover.LIMITS, "depth", depth)
    if accepted:
        handover.decode(data)
    else:
        assert refusal(handover.decode, data) == \
            f"the answer is nested too deeply (more than {depth} levels)"


def test_each_answer_of_a_hand_over_starts_at_the_top_level(monkeypatch):
    monkeypatch.setitem(handover.LIMITS, "depth", 1)
    within = {"tau": {"value": {"list": [{"int": "1"}]}}}
    assert handover.check_answers(within) == within
    beyond = {"tau": {"value": {"list": [{"list": [None]}]}}}
    assert refusal(handover.check_answers, beyond) == \
        "the answer is nested too deeply (more than 1 levels)"


def test_the_byte_limit_of_a_json_text_is_given_in_megabytes(monkeypatch):
    monkeypatch.setitem(handover.LIMITS, "bytes", 3_000_000)
    assert refusal(handover.loads, " " * 3_000_001) == "the answer is larger than 3 MB"
    assert handover.loads(" " * 2_999_996 + "null") is None


@pytest.mark.parametrize("text", ["{", '{"int": 1', "[" * 100_000])
def test_a_text_that_is_not_json_is_refused_as_such(text):
    assert refusal(handover.loads, text) == "the hand-over is not valid JSON"


# --- the estimates of the digits sympy would compute: at their limit, and one beyond -----------

WITHIN = {
    "two numbers of a product": ["Mul", [integer(10**200), integer(10**200), X]],
    "a number times a sum": ["Mul", [integer(10**200), ["Add", [["Mul", [integer(10**200), X]],
                                                               Y]]]],
    "the exponents of one base": ["Mul", [["Pow", [X, rational(1, 10**200)]],
                                          ["Pow", [X, rational(1, 10**200)]]]],
    "two numbers of a sum": ["Add", [rational(1, 10**200), rational(1, 10**200), integer(0)]],
    "two numbers of a sum and infinity": ["Add", [rational(1, 10**200), rational(1, 10**200),
                                                  ["Constant", "oo"]]],
    "the coefficients of like terms": ["Add", [["Mul", [rational(1, 10**200), X]],
                                               ["Mul", [rational(3, 10**200), X]]]],
    "a square": ["Pow", [["Mul", [integer(10**200), X]], integer(2)]],
    "a power of a float": ["Pow", [["Float", "1e199", 53], integer(2)]],
    "a float": ["Float", "-1e-400", 53],
}


@pytest.mark.parametrize("node", WITHIN.values(), ids=WITHIN.keys())
def test_numbers_of_400_digits_are_computed(node):
    assert isinstance(handover.decode({"sympy": node}), sp.Basic)


BEYOND = {
    "two numbers of a product": (["Mul", [integer(10**200), integer(10**201), X]],
                                 "a product of numbers", 401),
    "three numbers of a product": (["Mul", [integer(10**100), integer(10**150),
                                            integer(10**151), X]], "a product of numbers", 401),
    "a number times a sum": (["Mul", [integer(10**200), ["Add", [["Mul", [integer(10**201), X]],
                                                                Y]]]],
                             "a product of numbers", 401),
    "a power of a number in a product": (["Mul", [["Pow", [integer(10**100), rational(3, 2)]],
                                                  integer(10**251), X]],
                                         "a product of numbers", 401),
    "the exponents of one base": (["Mul", [["Pow", [X, rational(1, 10**200)]],
                                           ["Pow", [X, rational(1, 10**201)]]]],
                                  "a product of numbers", 401),
    "two floats of a product": (["Mul", [["Float", "1e200", 53], ["Float", "1e201", 53], X]],
                                "a product of numbers", 401),
    "two numbers of a sum": (["Add", [rational(1, 10**200), rational(1, 10**201)]],
                             "a sum of numbers", 401),
    "the coefficients of like terms": (["Add", [["Mul", [rational(1, 10**200), X]],
                                                ["Mul", [rational(3, 10**201), X]], Y]],
                                       "a sum of numbers", 401),
    "a square": (["Pow", [["Mul", [integer(10**200), integer(10), X]], integer(2)]],
                 "the power (…)**2", 402),
    "a power of two numbers": (["Pow", [["Add", [["Mul", [integer(10**100), X]],
                                                 ["Mul", [integer(10**101), Y]]]], integer(2)]],
                               "the power (…)**2", 402),
    "a power of a float": (["Pow", [["Float", "1e201", 53], integer(2)]],
                           "the power 1.00000000000000e+201**2", 402),
    "a float": (["Float", "-1e-401", 53], "the floating-point number -1e-401", 401),
}


@pytest.mark.parametrize("node, what, digits", BEYOND.values(), ids=BEYOND.keys())
def test_numbers_of_401_digits_are_refused_before_sympy_computes_them(node, what, digits):
    message = refusal(handover.decode, {"sympy": node})
    assert message == f"{what} " + DIGITS.format(digits)


@pytest.mark.parametrize("node, value", [
    (["Pow", [integer(2), X]], 2**sp.Symbol("x")),
    (["Mul", [["Pow", [integer(2), X]], Y]], 2**sp.Symbol("x") * sp.Symbol("y")),
    (["Pow", [["Add", [["Mul", [integer(10**200), X]], ["Mul", [integer(10**201), Y]]]],
              integer(1)]], 10**200 * sp.Symbol("x") + 10**201 * sp.Symbol("y")),
    (["Pow", [["Mul", [integer(10**401 // 10**200), X]], integer(-1)]],
     1 / (10**201 * sp.Symbol("x"))),
    (["Add", []], sp.Integer(0)),
    (["Mul", []], sp.Integer(1)),
    (["Pow", [X, integer(1000)]], sp.Symbol("x")**1000),
    (["Pow", [X, integer(-1000)]], sp.Symbol("x")**-1000),
])
def test_what_sympy_does_not_multiply_out_is_not_estimated(node, value):
    """A power to a symbol, to the first or minus first power, empty sums and products, the
    exponent limit reached exactly: accepted as they are."""
    assert handover.decode({"sympy": node}) == value


# --- names and texts in messages are shortened at 24 characters -------------------------------

@pytest.mark.parametrize("name, shown", [
    ("c" * 24, "c" * 24), ("c" * 25, "c" * 23 + "…"), ("c" * 60, "c" * 23 + "…")])
def test_a_long_name_in_a_message_is_shortened_after_23_characters(name, shown):
    assert refusal(handover.decode, {"sympy": ["Constant", name]}) == \
        f"an unknown constant {shown!r}"


@pytest.mark.parametrize("length", [38, 39, 60])
def test_the_reason_a_value_is_malformed_is_shortened_after_79_characters(length):
    """Python's reason, ``invalid literal for int() with base 10: 'aa…'``, is 41 characters
    besides the text it quotes: whole up to 80 characters, beyond them 79 and an ellipsis."""
    reason = f"invalid literal for int() with base 10: {'a' * length!r}"
    shown = reason if len(reason) <= 80 else reason[:79] + "…"
    assert len(shown) == min(len(reason), 80)
    assert refusal(handover.decode, {"int": "a" * length}) == \
        f"a value of kind 'int' in the answer is malformed (ValueError: {shown})"


@pytest.mark.parametrize("data, node", [
    ({"sympy": ["Function", "atan2", [X]]}, "Function node 'atan2'"),
    ({"sympy": ["Matrix", -1, -1, [X]]}, "Matrix node"),
    ({"sympy": ["Piecewise", [[X, integer(2)]]]}, "Piecewise node"),
    ({"sympy": ["Derivative", X, [[integer(2), 1]]]}, "Derivative node"),
])
def test_a_node_sympy_cannot_rebuild_is_named_with_sympys_reason(data, node):
    """sympy's own words, whatever its version says, in one line of at most 80 characters."""
    message = refusal(handover.decode, data)
    assert re.fullmatch(rf"the {node} in the answer is malformed \((TypeError|ValueError): "
                        r"[^\n]{1,80}\)", message), message


# --- the schema of a test cell's hand-over --------------------------------------------------------

ANSWERS = {"tau": {"value": {"int": "1"}}}

PAYLOADS = {
    "not an object": (["ch1", 1],
                      "the hand-over: expected an object with the keys assignment, exercise, "
                      "language, answers, got a list of 2"),
    "a key missing": ({"assignment": "ch1", "language": "en", "answers": {}},
                      "the hand-over: expected an object with the keys assignment, exercise, "
                      "language, answers, got the keys assignment, language, answers"),
    "an exercise that is a fraction": (
        {"assignment": "ch1", "exercise": 1.5, "answers": {}},
        "the hand-over → exercise: expected a number or a string, got a number with a "
        "fraction"),
    "an exercise that is a boolean": (
        {"assignment": "ch1", "exercise": True, "language": "en", "answers": {}},
        "the hand-over → exercise: expected a number or a string, got true or false"),
    "an unknown language": ({"assignment": "ch1", "exercise": 1, "language": "fr",
                             "answers": {}},
                            "the hand-over → language: expected one of 'en', 'zh_CN', got 'fr'"),
    "a language that is not text": ({"assignment": "ch1", "exercise": 1, "language": 1,
                                     "answers": {}},
                                    "the hand-over → language: expected a string, got an "
                                    "integer"),
    "answers that are a list": ({"assignment": "ch1", "exercise": 1, "answers": []},
                                "the hand-over → answers: expected an object, got a list of 0"),
    "an answer that is not an entry": ({"assignment": "ch1", "exercise": "1b",
                                        "answers": {"tau": 1}},
                                       'tau: expected an object {"value": …} or {"error": …}, '
                                       "got an integer"),
    "an entry of two keys": ({"assignment": "ch1", "exercise": 1,
                              "answers": {"tau": {"value": None, "error": "x"}}},
                             'tau: expected an object {"value": …} or {"error": …}, got an '
                             "object"),
    "an entry of another key": ({"assignment": "ch1", "exercise": 1,
                                 "answers": {"tau": {"valeur": None}}},
                                'tau: expected an object {"value": …} or {"error": …}, got an '
                                "object"),
    "an error that is not text": ({"assignment": "ch1", "exercise": 1,
                                   "answers": {"tau": {"error": 1}}},
                                  "tau (error): expected a string, got an integer"),
    "a value that is not a value": ({"assignment": "ch1", "exercise": 1,
                                     "answers": {"a" * 30: {"value": 1}}},
                                    "aaaaaaaaaaaaaaaaaaaaaaa…: expected a value {kind: data}, "
                                    "got an integer"),
    "a value of a wrong part": ({"assignment": "ch1", "exercise": 1,
                                 "answers": {"tau": {"value": {"list": [{"int": 1}]}}}},
                                "tau → list → int: expected a string, got an integer"),
}


@pytest.mark.parametrize("payload, message", PAYLOADS.values(), ids=PAYLOADS.keys())
def test_each_refusal_of_a_hand_over_says_exactly_where_and_what(payload, message):
    assert refusal(handover.check_payload, payload) == message


@pytest.mark.parametrize("payload, language", [
    ({"assignment": "ch1", "exercise": 2, "answers": ANSWERS}, "en"),
    ({"assignment": "ch1", "exercise": "2", "language": "zh_CN", "answers": ANSWERS}, "zh_CN"),
])
def test_a_hand_over_gives_its_exercise_answers_and_language(payload, language):
    assert handover.check_payload(payload) == (payload["exercise"], ANSWERS)
    assert handover.payload_language(payload) == language


@pytest.mark.parametrize("answers, kind", [("tau", "a string"), (("tau",), "a tuple"),
                                           (None, "null"), (2, "an integer")])
def test_answers_that_are_not_an_object_are_refused_as_such(answers, kind):
    assert refusal(handover.check_answers, answers) == \
        f"the answers: expected an object {{name: answer}}, got {kind}"


def test_the_answers_given_as_errors_are_accepted_as_they_are():
    assert handover.check_answers({"tau": {"error": "NameError"}}) == \
        {"tau": {"error": "NameError"}}


# --- what cannot be encoded: the student's kernel says why -------------------------------------

class Opaque:
    pass


@pytest.mark.parametrize("value, message", [
    (Opaque(), "a value of type Opaque cannot be handed over: give a number, an array, a "
               "sympy expression or Matrix, a string, or a list of those"),
    ({1: 2}, "a value of type dict cannot be handed over: give a number, an array, a sympy "
             "expression or Matrix, a string, or a list of those"),
    ([1, {"a": b"x"}], "a value of type bytes cannot be handed over: give a number, an "
                       "array, a sympy expression or Matrix, a string, or a list of those"),
    (lambda v: v, "hand in a function defined with def, not a lambda"),
])
def test_what_cannot_be_handed_over_is_refused_saying_what_to_give(value, message):
    assert refusal(handover.encode, value) == message


def test_a_range_is_handed_over_up_to_the_array_limit(monkeypatch):
    monkeypatch.setitem(handover.LIMITS, "array", 3)
    assert refusal(handover.encode, range(4)) == "the answer is too large (more than 3 parts)"
    assert handover.decode(handover.encode(range(3))) == [0, 1, 2]


def test_a_function_without_source_is_refused_saying_where_to_define_it():
    assert refusal(FunctionSource.of, math.hypot) == (
        "the source of hypot cannot be found: define it with def in a code cell and run that "
        "cell")


def test_an_object_array_is_encoded_entry_by_entry():
    value = np.array([sp.Symbol("x"), 2], dtype=object)
    assert handover.encode(value) == {"ndarray": {
        "dtype": "object", "shape": [2],
        "data": [{"sympy": ["Symbol", "x", {"commutative": True}]}, {"int": "2"}]}}


# --- a notebook's function: what goes over with it, and what is refused -----------------------

@pytest.fixture
def kernel(tmp_path):
    return Kernel(str(tmp_path / "ipykernel_1"))


def test_a_global_that_cannot_be_handed_over_is_refused_naming_function_global_and_type(kernel):
    kernel.run("import threading\nLOCK = threading.Lock()\n\n\ndef guarded(v):\n"
               "    with LOCK:\n        return v\n")
    assert refusal(FunctionSource.of, kernel.namespace["guarded"]) == (
        "guarded uses the global 'LOCK' (a lock), which cannot be handed to the grader: define "
        "it inside the function")


def test_a_class_of_no_source_is_refused_naming_function_and_class(kernel):
    kernel.run('Made = type("Made", (), {"k": 2})\n\n\ndef uses(v):\n    return Made.k * v\n')
    assert refusal(FunctionSource.of, kernel.namespace["uses"]) == (
        "uses uses the class 'Made', whose source cannot be found: define it inside the "
        "function")


def test_a_namedtuple_of_a_default_that_is_no_literal_is_refused(kernel):
    kernel.run('from collections import namedtuple\nimport numpy as np\n'
               'Point = namedtuple("Point", "m p", defaults=(np.zeros(3),))\n\n\n'
               'def heavy(m):\n    return Point(m).m\n')
    assert refusal(FunctionSource.of, kernel.namespace["heavy"]) == (
        "heavy uses the class 'Point', whose source cannot be found: define it inside the "
        "function")


def test_a_builtin_the_kernel_shadows_is_left_to_the_runner(kernel):
    """IPython's namespace holds its own ``exit`` and ``quit``: a function that calls one
    hands over without it (the runner's Python has the builtin)."""
    kernel.namespace["quit"] = Opaque()
    kernel.run("def checked(v):\n    if v is None:\n        quit()\n    return 2 * v\n")
    captured = FunctionSource.of(kernel.namespace["checked"])
    assert (captured.helpers, captured.values, captured.imports) == ([], {}, [])


@pytest.mark.parametrize("cell, use", [
    ("def sum(values):\n    return 42.0\n", "sum([1.0])"),
    ("max = 42.0\n", "max"),
    ("class range:\n    def __init__(self, n):\n        self.n = 42.0 * n\n", "range(1).n"),
])
def test_a_builtins_name_the_notebook_made_its_own_goes_over_as_the_notebooks(kernel, cell, use):
    """A student's helper, value or class named like a builtin: the grader runs the
    student's, not Python's (which would grade another function than the one handed in)."""
    kernel.run(cell)
    kernel.run(f"def answer():\n    return {use}\n")
    assert kernel.program_result("answer")[0] == kernel.namespace["answer"]() == 42.0


@pytest.mark.parametrize("helper", ["scaled", "sum"])
def test_a_helper_written_as_a_lambda_is_refused_naming_it_and_its_user(kernel, helper):
    """A lambda has no source of its own to hand over (``inspect`` finds its whole line):
    the student reads which helper to rewrite with ``def``, whatever its name (a builtin's
    too, which the notebook made its own)."""
    kernel.run(f"{helper} = lambda v: 2 * v\n\n\ndef answer(v):\n    return {helper}(v)\n")
    assert refusal(FunctionSource.of, kernel.namespace["answer"]) == (
        f"answer uses {helper}, a lambda: define {helper} with def in a code cell, so that its "
        "source can go with the answer")


@pytest.mark.parametrize("cell, kind", [
    ("class Point:\n    def mass(self):\n        return 2.0\n", "a method"),
    ("class Point:\n    @classmethod\n    def mass(cls):\n        return 2.0\n", "a classmethod"),
    ("class Point:\n    @staticmethod\n    def mass():\n        return 2.0\n", "a staticmethod"),
    ("class Point:\n    @property\n    def mass(self):\n        return 2.0\n", "a property"),
])
def test_a_class_is_found_in_the_cell_of_its_code_wherever_that_cell_is(tmp_path, cell, kind):
    """The cell that defines the class, found from the code of its methods even when the
    kernel keeps it apart from the function's cell."""
    kernel, other = Kernel(str(tmp_path / "ipykernel_1")), Kernel(str(tmp_path / "elsewhere"))
    other.namespace = kernel.namespace
    other.run(cell)
    kernel.run("def weighed():\n    return Point().mass\n")
    assert FunctionSource.of(kernel.namespace["weighed"]).helpers == [cell]


@pytest.mark.parametrize("source, label", [
    ("def helper(v):\n    return v\n", "helper"),
    ("def (v):\n    return v\n", "a helper function"),
    ("\n\n  class Point(tuple):\n    pass\n", "Point"),
    ("@dataclasses.dataclass(frozen=True)\nclass Point:\n    m: float = 1.0\n", "Point"),
    ("Point = namedtuple('Point', ('m', 'p'), defaults=(1, 2))\n", "Point"),
    ("= 1\n", "a helper function"),
    ("# a note\n", "a helper function"),
])
def test_each_helper_is_labelled_by_the_name_it_defines(source, label):
    program = FunctionSource("f", "def f(v):\n    return v\n", helpers=[source]).program()
    assert program == [("imports", ""), (label, source), ("f", "def f(v):\n    return v\n")]


ALIASES = {
    "a class": ('''class Point:
    def __init__(self, m):
        self.m = m

    def doubled(self):
        return Point(2 * self.m)


P = Point


def mass(m):
    return P(m).doubled().m
''', ["imports", "Point", "P", "mass"]),
    "a function": ('''def doubled(m):
    return 2 * m


twice = doubled


def mass(m):
    return twice(m) + doubled(m)
''', ["imports", "doubled", "twice", "mass"]),
}


@pytest.mark.parametrize("cell, labels", ALIASES.values(), ids=ALIASES.keys())
def test_a_function_or_class_used_by_another_name_goes_over_once_under_both(kernel, cell,
                                                                            labels):
    kernel.run(cell)
    assert kernel.program_result("mass", 3) == (kernel.namespace["mass"](3), labels)


@pytest.mark.parametrize("cell, name, kind", [
    ("class Point:\n    m = 2.0\n\n\nORIGIN = Point()\n\n\ndef weighed():\n"
     "    return ORIGIN.m\n", "ORIGIN", "Point"),
    ("import functools\nscaled = functools.partial(max, 0)\n\n\ndef weighed():\n"
     "    return scaled(3)\n", "scaled", "partial"),
])
def test_a_global_object_of_no_plain_kind_is_refused_naming_it(kernel, cell, name, kind):
    kernel.run(cell)
    assert refusal(FunctionSource.of, kernel.namespace["weighed"]) == (
        f"weighed uses the global {name!r} (a {kind}), which cannot be handed to the grader: "
        "define it inside the function")


def test_a_class_of_a_module_goes_over_as_an_import(kernel):
    kernel.run("from fractions import Fraction\n\n\ndef half(v):\n    return Fraction(v, 2)\n")
    captured = FunctionSource.of(kernel.namespace["half"])
    assert (captured.imports, captured.helpers) == ([("Fraction", "fractions", "Fraction")], [])


@pytest.mark.parametrize("cell", [
    'from collections import namedtuple\nPoint = namedtuple("Point", "m p", '
    'defaults=(1.5, (0, "a")))\n',
    "class Point:\n    m = 1\n\n\nclass Point:\n    m = 2\n\n\n"
    "class Point:\n    m, p = 1.5, (0, 'a')\n",
])
def test_the_class_that_goes_over_is_the_one_the_function_uses(kernel, cell):
    kernel.run(cell)
    kernel.run("def weighed():\n    return Point().m, Point().p\n")
    assert kernel.program_result("weighed") == ((1.5, (0, "a")), ["imports", "Point", "weighed"])



def test_a_value_is_written_as_compact_json():
    assert handover.dumps([1, 2.5]) == '{"list":[{"int":"1"},{"float":"2.5"}]}'


@pytest.mark.parametrize("value", [np.True_, np.False_, np.array(3.0) > 2, np.float64(1) < 0])
def test_a_numpy_boolean_goes_over_as_the_same_python_boolean(value):
    """A comparison of numpy numbers (``q[1] > 0``) is an ``np.bool_``: it is handed over as
    the Python bool of the same truth, and comes back as one."""
    encoded = handover.encode(value)
    assert encoded is bool(value)
    assert handover.decode(encoded) is bool(value)
