"""Answers as data: what a student's kernel hands to the grader, and back.

The grader never evaluates text a student wrote. A test cell *hands over* each
answer as a JSON document of a few plain node types, and the grader rebuilds it
from those nodes alone:

* numbers (``int``, ``float`` — NaN and infinities included —, ``complex``, ``bool``; a
  ``Fraction`` as a sympy ``Rational``, a ``Decimal`` as a float), ``None``, strings,
  lists (a ``range`` as the list of its numbers), tuples, sets and frozensets,
  string-keyed dicts;
* numpy arrays (``ndarray``, ``np.matrix`` too: dtype, shape, entries);
* sympy expressions as trees of whitelisted node types (``Symbol`` with its
  assumptions, ``Integer``, ``Rational``, ``Float``, ``Add``, ``Mul``, ``Pow``, the
  elementary functions, undefined functions such as ``theta1(t)``, ``Derivative``,
  ``Matrix`` and ``ImmutableMatrix``, ``Eq`` …); any other sympy type arrives as an
  ``unsupported`` node that the grader reports by its class name;
* functions as their source code plus what the code refers to by global name (the
  modules it uses, the other functions and the classes of the notebook it calls, data
  values).

A hand-over has a schema (:func:`check_payload`, :func:`check_answers`): the payload of
a test cell's output, its answers, each answer's value or error, and every node of a
value — a known kind with parts of the right types, within the limits on size and
depth. :func:`decode` checks it before anything is rebuilt, then rebuilds only those
node types, with limits on the size of exponents and the digits of every number —
written in the hand-over or computed by sympy while the answer is rebuilt —, so a
crafted hand-over cannot make the grader run code or compute with numbers of
thousands of digits. Whatever else goes wrong while a value is rebuilt
(contradictory assumptions, a wrong shape …) is a :class:`HandoverError` too: the
answer is judged as not handed in, with the reason. (What sympy makes of an answer
within these limits can still take long: the grader rebuilds each answer under a
deadline and a memory budget, ``isolation``.)

>>> import sympy as sp
>>> x = sp.Symbol('x', positive=True)
>>> decode(encode(sp.Matrix([[x**2 + sp.sin(x) / 3, sp.Float('0.5')]])))
Matrix([[x**2 + sin(x)/3, 0.5]])
"""

import ast
import builtins
import decimal
import fractions
import inspect
import json
import linecache
import math
import os
import re
import textwrap
import types

import numpy as np
import sympy as sp
from sympy.core.facts import InconsistentAssumptions
from sympy.core.function import AppliedUndef

from robocourse.language import LANGUAGES, SOURCE, say

__all__ = ["encode", "decode", "dumps", "loads", "check_payload", "payload_language",
           "check_answers", "HandoverError", "FunctionSource", "MIME_TYPE", "LIMITS"]

#: The MIME type of a hand-over in a notebook cell's outputs.
MIME_TYPE = "application/vnd.robocourse.handover+json"

#: Limits on what :func:`decode` accepts. ``digits``: the most decimal digits of any number
#: in a decoded answer (an integer, a numerator or denominator, the order of magnitude of
#: a float), written in the hand-over or computed by sympy while the answer is rebuilt.
LIMITS = {"nodes": 300_000, "depth": 150, "bytes": 8_000_000, "digits": 400,
          "exponent": 1000, "string": 200_000, "array": 1_000_000}


class HandoverError(ValueError):
    """A hand-over that cannot be encoded or decoded (the message says what and why)."""


# --- sympy node types --------------------------------------------------------------

_FUNCTIONS = {f.__name__: f for f in (
    sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc, sp.asin, sp.acos, sp.atan, sp.acot,
    sp.asec, sp.acsc, sp.atan2, sp.sinh, sp.cosh, sp.tanh, sp.coth, sp.sech, sp.csch,
    sp.asinh, sp.acosh, sp.atanh, sp.acoth, sp.exp, sp.log, sp.Abs, sp.sign, sp.re, sp.im,
    sp.conjugate, sp.floor, sp.ceiling, sp.Min, sp.Max, sp.Heaviside)}
_CONSTANTS = {"pi": sp.pi, "E": sp.E, "I": sp.I, "oo": sp.oo, "-oo": -sp.oo,
              "zoo": sp.zoo, "nan": sp.nan, "true": sp.true, "false": sp.false}
_RELATIONS = {"Eq": sp.Eq, "Ne": sp.Ne, "Lt": sp.Lt, "Le": sp.Le, "Gt": sp.Gt, "Ge": sp.Ge}
_ASSUMPTIONS = {"real", "positive", "negative", "nonnegative", "nonpositive", "nonzero",
                "zero", "integer", "rational", "finite", "commutative", "extended_real",
                "complex", "imaginary", "odd", "even", "prime"}


def _constant_name(expr):
    for name, value in _CONSTANTS.items():
        if expr == value and type(expr) is type(value):
            return name
    return None


def _encode_sympy(expr):
    """A sympy object as nested lists ``[kind, ...]``."""
    if isinstance(expr, sp.MatrixBase):
        kind = "ImmutableMatrix" if isinstance(expr, sp.ImmutableMatrix) else "Matrix"
        return [kind, expr.rows, expr.cols, [_encode_sympy(e) for e in expr]]
    name = _constant_name(expr)
    if name is not None:
        return ["Constant", name]
    if isinstance(expr, sp.Integer):
        return ["Integer", str(int(expr))]
    if isinstance(expr, sp.Rational):
        return ["Rational", str(expr.p), str(expr.q)]
    if isinstance(expr, sp.Float):
        return ["Float", str(expr), expr._prec]
    if isinstance(expr, sp.Symbol):
        assumptions = {k: v for k, v in expr.assumptions0.items() if k in _ASSUMPTIONS}
        return ["Symbol", expr.name, assumptions]
    if isinstance(expr, (sp.Add, sp.Mul, sp.Pow, sp.Tuple)):
        return [type(expr).__name__, [_encode_sympy(a) for a in expr.args]]
    if isinstance(expr, AppliedUndef):
        return ["Undefined", type(expr).__name__, [_encode_sympy(a) for a in expr.args]]
    if isinstance(expr, sp.Derivative):
        return ["Derivative", _encode_sympy(expr.expr),
                [[_encode_sympy(v), int(n)] for v, n in expr.variable_count]]
    if _FUNCTIONS.get(type(expr).__name__) is type(expr):     # Min and Max too
        return ["Function", type(expr).__name__, [_encode_sympy(a) for a in expr.args]]
    if isinstance(expr, sp.Piecewise):
        return ["Piecewise", [[_encode_sympy(e), _encode_sympy(c)] for e, c in expr.args]]
    if type(expr).__name__ in {"Equality", "Unequality", "StrictLessThan", "LessThan",
                               "StrictGreaterThan", "GreaterThan"}:
        return ["Relation", expr.rel_op, _encode_sympy(expr.lhs), _encode_sympy(expr.rhs)]
    return ["Unsupported", type(expr).__name__]


_REL_OPS = {"==": "Eq", "!=": "Ne", "<": "Lt", "<=": "Le", ">": "Gt", ">=": "Ge"}


# --- the size of numbers sympy computes eagerly ---------------------------------------

def _digits(number):
    """About how many decimal digits the sympy number ``number`` has: log10 of the larger
    of its numerator and denominator, or of a float's order of magnitude, up or down.

    >>> [round(_digits(n)) for n in (sp.Integer(2)**64, sp.Rational(1, 10**30),
    ...                              sp.Float('-1e-300'))]
    [19, 30, 300]
    """
    if isinstance(number, sp.Rational):
        return max(math.log10(abs(number.p) or 1), math.log10(number.q))
    if isinstance(number, sp.Float):
        _, _, exponent, bits = number._mpf_
        return abs(exponent + bits) * math.log10(2)
    return 0.0


def _power_digits(base, exponent):
    """About how many digits sympy's ``base**exponent`` may hold when it evaluates it:
    |exponent| × the digits of the numbers in ``base``, added (a power of a number, of a
    product ``(3*x)**1000``, of a complex number that ``Abs`` or ``re`` expands).

    >>> round(_power_digits(sp.Integer(10)**20 * sp.Symbol('x'), sp.Integer(30)))
    600
    """
    if not (exponent.is_Number and exponent.is_finite) or abs(exponent) <= 1:
        return 0.0
    return float(abs(exponent)) * sum(_digits(n) for n in base.atoms(sp.Number))


def _product_digits(factors):
    """About how many digits the numbers sympy multiplies together to build the product of
    ``factors`` have: number factors, powers of numbers and the coefficients of a sum (a
    number times a sum is distributed) are multiplied into one coefficient, the number
    exponents of one base are added.

    >>> round(_product_digits([sp.Integer(10)**20, sp.sqrt(2), sp.Integer(10)**30]))
    50
    """
    sizes = {None: 0.0}
    for factor in factors:
        base, exponent = factor.as_base_exp()
        if base.is_Number and exponent.is_Number:
            sizes[None] += _digits(base) * max(1.0, float(abs(exponent)))
        if factor.is_Add:
            sizes[None] += max(_digits(term.as_coeff_Mul()[0]) for term in factor.args)
        if exponent.is_Number:
            sizes[base] = sizes.get(base, 0.0) + _digits(exponent)
    return max(sizes.values())


def _sum_digits(terms):
    """About how many digits the numbers sympy adds to build the sum of ``terms`` have:
    the coefficients of like terms are added (the number terms are like terms of 1).

    >>> x = sp.Symbol('x')
    >>> round(_sum_digits([sp.Rational(1, 10**20) * x, x / 10**30, sp.Integer(7)]))
    50
    """
    sizes = {}
    for term in terms:
        coefficient, rest = term.as_coeff_Mul()
        sizes[rest] = sizes.get(rest, 0.0) + _digits(coefficient)
    return max(sizes.values(), default=0.0)


def _refuse_digits(digits, what):
    if digits > LIMITS["digits"]:
        raise HandoverError(say("{what} in the answer would have about {digits} digits (at "
                                "most {most} are accepted)", "feedback", what=what,
                                digits=f"{digits:.0f}", most=LIMITS["digits"]))


def _check_exponent(exponent):
    if exponent.is_number and exponent.is_finite and abs(exponent) > LIMITS["exponent"]:
        raise HandoverError(say("an exponent in the answer is larger than {most}",
                                "feedback", most=LIMITS["exponent"]))


def _shown(text, width=24):
    text = str(text)
    return text if len(text) <= width else text[:width - 1] + "…"


def _rebuilt(method, rest, what):
    """``method(rest)``; whatever sympy, numpy or Python raise on data of the right shape
    that still cannot be rebuilt (a negative matrix size, text that is not a number …)
    becomes a :class:`HandoverError` naming ``what`` was being rebuilt — but running out
    of memory, which says the answer is too large, not malformed."""
    try:
        return method(rest)
    except (HandoverError, MemoryError):
        raise
    except Exception as error:
        reason = _shown(" ".join(str(error).split()), 80)
        raise HandoverError(f"{what} in the answer is malformed ({type(error).__name__}: "
                            f"{reason})") from None


# --- the schema: what a hand-over may hold, checked before anything is rebuilt -----------

_NODE, _VALUE, _TEXT_OR_NULL = "an expression node", "a value", "a string or null"

#: The parts of each kind of expression node, after its kind: a type, ``_NODE``, ``_VALUE``,
#: ``[part]`` (a list of any length), ``(part, …)`` (a list of exactly these parts),
#: ``{type: part}`` (an object with keys of that type) or ``{"key": part, …}`` (an object
#: with exactly these keys).
_NODES = {
    "Matrix": (int, int, [_NODE]), "ImmutableMatrix": (int, int, [_NODE]),
    "Constant": (str,), "Integer": (str,),
    "Rational": (str, str), "Float": (str, int), "Symbol": (str, {str: bool}),
    "Add": ([_NODE],), "Mul": ([_NODE],), "Pow": ((_NODE, _NODE),), "Tuple": ([_NODE],),
    "Undefined": (str, [_NODE]), "Derivative": (_NODE, [(_NODE, int)]),
    "Function": (str, [_NODE]), "Piecewise": ([(_NODE, _NODE)],),
    "Relation": (str, _NODE, _NODE), "Unsupported": (str,)}

#: The data of each kind of value (``{"kind": data}``); ``None`` and booleans are values.
_VALUES = {
    "int": str, "float": str, "complex": (str, str), "str": str, "list": [_VALUE],
    "tuple": [_VALUE], "set": [_VALUE], "frozenset": [_VALUE], "dict": [(str, _VALUE)],
    "sympy": _NODE,
    "ndarray": {"dtype": str, "shape": [int], "data": list},
    "function": {"name": str, "source": str, "imports": [(str, str, _TEXT_OR_NULL)],
                 "helpers": [str], "values": [(str, _VALUE)]}}

#: A test cell's hand-over (the exercise: a number or a string, and the language the notebook
#: speaks, one of ``language.LANGUAGES``: each checked on its own).
_PAYLOAD = {"assignment": str, "exercise": object, "language": str, "answers": dict}
#: A hand-over made before hand-overs said their language (the instructor's stored ones):
#: English.
_ENGLISH_PAYLOAD = {key: part for key, part in _PAYLOAD.items() if key != "language"}

#: The entries of an array's data, by its dtype.
_ENTRIES = {"bool": bool, "int64": int, "float64": str, "complex128": (str, str),
            "object": _VALUE}

_NAMES = {str: "a string", int: "an integer", bool: "true or false", None: "null",
          list: "a list", dict: "an object", float: "a number with a fraction"}


def _kind_of(data):
    """How the schema names what ``data`` is (JSON's kinds)."""
    if data is None or isinstance(data, bool):
        return _NAMES[None] if data is None else _NAMES[bool]
    if isinstance(data, list):
        return f"a list of {len(data)}"
    for kind in (str, int, float, dict):
        if isinstance(data, kind):
            return _NAMES[kind]
    return f"a {type(data).__name__}"


class _Schema:
    """Checks data against the schema, counting nodes and depth against ``LIMITS``."""

    def __init__(self):
        self.nodes = 0

    def _count(self, depth):
        self.nodes += 1
        if self.nodes > LIMITS["nodes"]:
            raise HandoverError(say("the answer is too large (more than {most} parts)",
                                    "feedback", most=LIMITS["nodes"]))
        if depth > LIMITS["depth"]:
            raise HandoverError(say("the answer is nested too deeply (more than {most} "
                                    "levels)", "feedback", most=LIMITS["depth"]))

    def _wrong(self, where, expected, data):
        raise HandoverError(f"{where}: expected {expected}, got {_kind_of(data)}")

    def part(self, spec, data, depth, where):
        """Check ``data`` against the part ``spec``."""
        if spec is _NODE:
            return self.node(data, depth, where)
        if spec is _VALUE:
            return self.value(data, depth, where)
        if spec is _TEXT_OR_NULL:
            if data is not None and not isinstance(data, str):
                self._wrong(where, spec, data)
        elif isinstance(spec, type):
            if not isinstance(data, spec) or (spec is int and isinstance(data, bool)):
                self._wrong(where, _NAMES[spec], data)
        elif isinstance(spec, list):
            if not isinstance(data, list):
                self._wrong(where, "a list", data)
            for item in data:
                self.part(spec[0], item, depth, where)
        elif isinstance(spec, tuple):
            if not isinstance(data, list) or len(data) != len(spec):
                self._wrong(where, f"a list of {len(spec)} parts", data)
            for item, inner in zip(data, spec, strict=True):
                self.part(inner, item, depth, where)
        else:
            self._object(spec, data, depth, where)
        return None

    def _object(self, spec, data, depth, where):
        (key, inner), *_ = spec.items()
        if isinstance(key, type):                          # {key type: part}
            if not isinstance(data, dict):
                self._wrong(where, "an object", data)
            for name, item in data.items():
                self.part(key, name, depth, f"{where}, a key")
                self.part(inner, item, depth, f"{where} → {_shown(name)}")
            return
        expected = "an object with the keys " + ", ".join(spec)
        if not isinstance(data, dict):
            self._wrong(where, expected, data)
        if set(data) != set(spec):
            raise HandoverError(f"{where}: expected {expected}, got the keys "
                                + (", ".join(_shown(k) for k in data) or "none"))
        for name, inner in spec.items():
            self.part(inner, data[name], depth, f"{where} → {name}")

    def node(self, data, depth, where):
        """An expression node: ``[kind, parts…]``."""
        self._count(depth)
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            self._wrong(where, "an expression node [kind, …]", data)
        kind = data[0]
        if kind not in _NODES:
            raise HandoverError(f"{where}: an unknown expression node {_shown(kind)!r}")
        self.part(_NODES[kind], data[1:], depth + 1, f"{where} → {kind}")

    def value(self, data, depth, where):
        """A value: ``None``, a boolean or ``{kind: data}``."""
        self._count(depth)
        if data is None or isinstance(data, bool):
            return
        if not isinstance(data, dict) or len(data) != 1:
            self._wrong(where, "a value {kind: data}", data)
        (kind, payload), = data.items()
        if kind not in _VALUES:
            raise HandoverError(f"{where}: an unknown kind of value {_shown(kind)!r}")
        self.part(_VALUES[kind], payload, depth + 1, f"{where} → {kind}")
        if kind == "ndarray":
            self._array(payload, depth + 1, f"{where} → ndarray")

    def _array(self, payload, depth, where):
        dtype = payload["dtype"]
        if dtype not in _ENTRIES:
            raise HandoverError(f"{where}: an unknown dtype {_shown(dtype)!r}")
        if len(payload["data"]) > LIMITS["array"]:
            raise HandoverError(say("{where}: more than {most} entries", "feedback",
                                    where=where, most=LIMITS["array"]))
        if dtype != "object":
            self.nodes += len(payload["data"])
        self.part([_ENTRIES[dtype]], payload["data"], depth, f"{where} → data")


def check_answers(answers):
    """Check a hand-over's ``answers`` against the schema before anything is rebuilt: an
    object ``{name: entry}``, each entry ``{"value": value}`` or ``{"error": text}``, each
    value of the known kinds with parts of the right types (every node), within the
    limits on size and depth; HandoverError naming the first thing that is not.

    >>> check_answers({"tau": {"value": {"sympy": ["Pow", [["Symbol", "x", {}]]]}}})
    Traceback (most recent call last):
    ...
    robocourse.grading.handover.HandoverError: tau → sympy → Pow: expected a list of 2 parts,
    got a list of 1
    >>> check_answers([["tau", 1]])
    Traceback (most recent call last):
    ...
    robocourse.grading.handover.HandoverError: the answers: expected an object {name: answer},
    got a list of 1
    """
    schema = _Schema()
    if not isinstance(answers, dict):
        schema._wrong("the answers", "an object {name: answer}", answers)
    for name, entry in answers.items():
        where = _shown(name)
        if not isinstance(entry, dict) or len(entry) != 1 or \
                not ({"value", "error"} & set(entry)):
            schema._wrong(where, 'an object {"value": …} or {"error": …}', entry)
        if "error" in entry:
            schema.part(str, entry["error"], 0, f"{where} (error)")
        else:
            schema.value(entry["value"], 0, where)
    return answers


def check_payload(payload):
    """Check a test cell's hand-over (the data of its output) against the schema:
    ``{"assignment": text, "exercise": number or text, "language": one of
    language.LANGUAGES, "answers": {…}}`` (:func:`check_answers`); return ``(exercise,
    answers)``. The language is the one the student's notebook speaks: the grader writes
    the feedback on this hand-over in it (:func:`payload_language`; a hand-over without
    one is English).

    >>> check_payload({"assignment": "ch1", "exercise": 1, "language": "zh_CN", "answers": {}})
    (1, {})
    >>> check_payload({"assignment": "ch1", "exercise": 1, "language": "fr", "answers": {}})
    Traceback (most recent call last):
    ...
    robocourse.grading.handover.HandoverError: the hand-over → language: expected one of 'en',
    'zh_CN', got 'fr'
    >>> check_payload(["ch1", 1])
    Traceback (most recent call last):
    ...
    robocourse.grading.handover.HandoverError: the hand-over: expected an object with the
    keys assignment, exercise, language, answers, got a list of 2
    """
    schema = _Schema()
    english = isinstance(payload, dict) and "language" not in payload
    schema.part(_ENGLISH_PAYLOAD if english else _PAYLOAD, payload, 0, "the hand-over")
    exercise = payload["exercise"]
    if not isinstance(exercise, (str, int)) or isinstance(exercise, bool):
        schema._wrong("the hand-over → exercise", "a number or a string", exercise)
    if payload_language(payload) not in LANGUAGES:
        raise HandoverError("the hand-over → language: expected one of "
                            f"{', '.join(map(repr, LANGUAGES))}, got "
                            f"{_shown(payload['language'])!r}")
    return exercise, check_answers(payload["answers"])


def payload_language(payload):
    """The language a hand-over (checked by :func:`check_payload`) records: English when it
    records none.

    >>> payload_language({"assignment": "ch1", "exercise": 1, "answers": {}})
    'en'
    """
    return payload.get("language", SOURCE)


class _Decoder:
    """Rebuilds values that :class:`_Schema` has checked: the kinds and the types of their
    parts are right; what is refused here is what they say (a number too large, an
    unknown function, contradictory assumptions …)."""

    def integer(self, text):
        if len(text.lstrip("-")) > LIMITS["digits"]:
            raise HandoverError(say("an integer in the answer has more than {most} digits",
                                    "feedback", most=LIMITS["digits"]))
        return int(text)

    def text(self, text):
        if len(text) > LIMITS["string"]:
            raise HandoverError(say("a text longer than {most} characters", "feedback",
                                    most=LIMITS["string"]))
        return text

    def sympy(self, node):
        kind, rest = node[0], node[1:]
        name = f" {_shown(repr(rest[0]))}" if rest and isinstance(rest[0], str) else ""
        return _rebuilt(getattr(self, f"_sympy_{kind.lower()}"), rest, f"the {kind} node{name}")

    def _children(self, items):
        return [self.sympy(item) for item in items]

    def _sympy_matrix(self, rest):
        rows, cols, entries = rest
        if rows * cols != len(entries):
            raise HandoverError("a malformed matrix")
        return sp.Matrix(rows, cols, self._children(entries))

    def _sympy_immutablematrix(self, rest):
        return sp.ImmutableMatrix(self._sympy_matrix(rest))

    def _sympy_constant(self, rest):
        if rest[0] not in _CONSTANTS:
            raise HandoverError(f"an unknown constant {_shown(rest[0])!r}")
        return _CONSTANTS[rest[0]]

    def _sympy_integer(self, rest):
        return sp.Integer(self.integer(rest[0]))

    def _sympy_rational(self, rest):
        return sp.Rational(self.integer(rest[0]), self.integer(rest[1]))

    def _sympy_float(self, rest):
        """A float from its decimal text and binary precision, checked before sympy reads
        it (sympy writes ``1e1000000`` out digit by digit; a precision below 1 never ends)."""
        text, precision = rest
        if len(text) > 2 * LIMITS["digits"]:
            raise HandoverError("a malformed floating-point number")
        try:
            written = decimal.Decimal(text)
        except decimal.InvalidOperation:
            raise HandoverError(f"a malformed floating-point number {_shown(text)!r}") from None
        if written.is_finite():
            _refuse_digits(abs(written.adjusted()), f"the floating-point number {_shown(text)}")
        if precision < 1:
            raise HandoverError(f"the floating-point number {_shown(text)} has a precision "
                                f"of {precision} bits")
        return sp.Float(text, precision=min(precision, 4 * LIMITS["digits"]))

    def _sympy_symbol(self, rest):
        name, assumptions = rest
        if not name or len(name) > 100:
            raise HandoverError("a malformed symbol name")
        chosen = {k: v for k, v in assumptions.items() if k in _ASSUMPTIONS}
        try:
            return sp.Symbol(name, **chosen)
        except InconsistentAssumptions:
            held = ", ".join(f"{k}={v}" for k, v in sorted(chosen.items()))
            raise HandoverError(f"the symbol {name!r} has contradictory assumptions "
                                f"({held})") from None

    def _sympy_add(self, rest):
        terms = [t for child in self._children(rest[0]) for t in sp.Add.make_args(child)]
        _refuse_digits(_sum_digits(terms), "a sum of numbers")
        return sp.Add(*terms)

    def _sympy_mul(self, rest):
        factors = [f for child in self._children(rest[0]) for f in sp.Mul.make_args(child)]
        _refuse_digits(_product_digits(factors), "a product of numbers")
        return sp.Mul(*factors)

    def _sympy_tuple(self, rest):
        return sp.Tuple(*self._children(rest[0]))

    def _sympy_pow(self, rest):
        """``base**exponent``, refused before sympy evaluates it when its exponent or the
        numbers it would compute are too large (each level of a nested power is checked,
        and the exponent sympy makes of ``(x**a)**b``)."""
        base, exponent = self._children(rest[0])
        _check_exponent(exponent)
        shown = _shown(base) if base.is_Number else "(…)"
        _refuse_digits(_power_digits(base, exponent), f"the power {shown}**{_shown(exponent)}")
        power = sp.Pow(base, exponent)
        if power.is_Pow:
            _check_exponent(power.exp)
        return power

    def _sympy_function(self, rest):
        """An elementary function of its arguments; ``Min`` and ``Max`` are left unevaluated
        (sympy compares every pair of their arguments, nested ones flattened: minutes for
        a hundred symbols), which a handed-over, already evaluated answer does not change."""
        name, args = rest
        if name not in _FUNCTIONS:
            raise HandoverError(say("the function {name} is not accepted in an answer",
                                    "feedback", name=repr(_shown(name))))
        options = {"evaluate": False} if name in {"Min", "Max"} else {}
        return _FUNCTIONS[name](*self._children(args), **options)

    def _sympy_undefined(self, rest):
        name, args = rest
        if not name.isidentifier():
            raise HandoverError("a malformed function name")
        return sp.Function(name)(*self._children(args))

    def _sympy_derivative(self, rest):
        expr = self.sympy(rest[0])
        counts = [(self.sympy(v), n) for v, n in rest[1]]
        if any(n < 0 or n > 10 for _, n in counts):
            raise HandoverError("a derivative of an order outside 0 to 10")
        return sp.Derivative(expr, *counts)

    def _sympy_piecewise(self, rest):
        return sp.Piecewise(*[(self.sympy(e), self.sympy(c)) for e, c in rest[0]])

    def _sympy_relation(self, rest):
        op, lhs, rhs = rest
        if op not in _REL_OPS:
            raise HandoverError(f"an unknown relation {_shown(op)!r}")
        return _RELATIONS[_REL_OPS[op]](self.sympy(lhs), self.sympy(rhs), evaluate=False)

    def _sympy_unsupported(self, rest):
        raise HandoverError(say("the answer contains the construct {kind}, which the grader "
                                "does not accept: write it with +, *, **, numbers, symbols and "
                                "the elementary functions", "feedback", kind=_shown(rest[0])))

    # --- plain data ---------------------------------------------------------------------

    def value(self, node):
        if node is None or isinstance(node, bool):
            return node
        (kind, payload), = node.items()
        return _rebuilt(getattr(self, f"_value_{kind}"), payload, f"a value of kind {kind!r}")

    def _value_int(self, payload):
        return self.integer(payload)

    def _value_float(self, payload):
        return float(payload)

    def _value_complex(self, payload):
        return complex(float(payload[0]), float(payload[1]))

    def _value_str(self, payload):
        return self.text(payload)

    def _value_list(self, payload):
        return [self.value(item) for item in payload]

    def _value_tuple(self, payload):
        return tuple(self.value(item) for item in payload)

    def _value_set(self, payload):
        members = set()
        for item in payload:
            member = self.value(item)
            try:
                members.add(member)
            except TypeError:               # unhashable, or a tuple that holds one
                raise HandoverError(say("a set in the answer holds a value of type {kind}, "
                                        "which cannot be a member of a set", "feedback",
                                        kind=type(member).__name__)) from None
        return members

    def _value_frozenset(self, payload):
        return frozenset(self._value_set(payload))

    def _value_dict(self, payload):
        return {self.text(k): self.value(v) for k, v in payload}

    def _value_ndarray(self, payload):
        dtype, shape, data = payload["dtype"], payload["shape"], payload["data"]
        size = math.prod(shape)
        if size != len(data):
            raise HandoverError("a malformed array")
        if dtype == "object":
            array = np.empty(size, dtype=object)
            array[:] = [self.value(item) for item in data]
            return array.reshape(shape)
        if dtype == "complex128":
            data = [complex(float(re), float(im)) for re, im in data]
        elif dtype == "float64":
            data = [float(x) for x in data]
        return np.array(data, dtype=dtype).reshape(shape)

    def _value_sympy(self, payload):
        return self.sympy(payload)

    def _value_function(self, payload):
        return FunctionSource.from_data(payload, self)


# --- functions ------------------------------------------------------------------------

class FunctionSource:
    """A student's function as code: its source, the sources of the notebook's other
    functions it calls, the modules it uses and the data values it reads, by global name.

    The grader never executes it; ``runner`` does, in a fresh sandboxed process.
    """

    def __init__(self, name, source, imports=(), helpers=(), values=None):
        self.name, self.source = name, source
        self.imports = list(imports)        # [(global name, "module", attribute or None)]
        self.helpers = list(helpers)        # sources of other notebook functions
        self.values = dict(values or {})    # {global name: plain value}

    def __repr__(self):
        return f"<function {self.name}, handed over as source>"

    def program(self):
        """The pieces of Python that define the function, in order, as ``(label, source)``:
        its imports, the notebook functions it calls, then the function itself."""
        imports = [f"import {module} as {alias}" if attribute is None
                   else f"from {module} import {attribute} as {alias}"
                   for alias, module, attribute in self.imports]
        return [("imports", "\n".join(imports)),
                *[(_defined_name(helper), helper) for helper in self.helpers],
                (self.name, self.source)]

    def to_data(self):
        return {"name": self.name, "source": self.source,
                "imports": [list(entry) for entry in self.imports],
                "helpers": self.helpers,
                "values": [[k, _encode_value(v)] for k, v in self.values.items()]}

    @classmethod
    def from_data(cls, payload, decoder):
        name, source = payload["name"], payload["source"]
        for text in [source, *payload["helpers"]]:
            decoder.text(text)
        if not name.isidentifier():
            raise HandoverError("a malformed function name")
        imports = []
        for alias, module, attribute in payload["imports"]:
            if not (alias.isidentifier() and all(p.isidentifier() for p in module.split("."))
                    and (attribute is None or attribute.isidentifier())):
                raise HandoverError("a malformed import in a handed-over function")
            imports.append((alias, module, attribute))
        values = {decoder.text(k): decoder.value(v) for k, v in payload["values"]}
        return cls(name, source, imports, payload["helpers"], values)

    @classmethod
    def of(cls, function):
        """Capture ``function`` (defined with ``def`` in a notebook) as source."""
        collector = _Collector()
        collector.add_function(function, main=True)
        return cls(function.__name__, collector.main_source, collector.imports,
                   collector.helpers, collector.values)


class _Collector:
    """Walks a function's global names: modules, notebook functions and classes, data
    values."""

    def __init__(self):
        self.imports, self.helpers, self.values = [], [], {}
        self.seen, self.main_source = set(), None

    def add_function(self, function, main=False, name=None, user=None):
        """The source of ``function``: the answer itself (``main``) or a helper of it, the
        global ``name`` that the function ``user`` uses."""
        try:
            source = textwrap.dedent(inspect.getsource(function))
        except (OSError, TypeError):
            raise HandoverError(say("the source of {name} cannot be found: define it with def "
                                    "in a code cell and run that cell", "feedback",
                                    name=function.__name__)) from None
        if function.__name__ == "<lambda>" and name is not None:
            raise HandoverError(say("{user} uses {name}, a lambda: define {name} with def in a "
                                    "code cell, so that its source can go with the answer",
                                    "feedback", user=user, name=name))
        if function.__name__ == "<lambda>":
            raise HandoverError(say("hand in a function defined with def, not a lambda",
                                    "feedback"))
        self.seen.add(function.__name__)
        if main:
            self.main_source = source
        else:
            self.helpers.append(source)
        for name in sorted(_global_names(function.__code__)):
            self._add_global(function.__name__, function.__globals__, name)

    def add_class(self, cls, user, namespace):
        """A class of the notebook (plain, a dataclass, a namedtuple) that the function
        ``user`` uses: its source goes over after what the class itself uses."""
        self.seen.add(cls.__name__)
        source = _class_source(cls, user, namespace)
        for name in sorted(_global_names(compile(source, "<class>", "exec"))):
            self._add_global(cls.__name__, namespace, name)
        self.helpers.append(source)

    def _add_definition(self, user, namespace, name, value):
        """A function or class of the notebook, under the global ``name`` it is used by: its
        source (once), then ``name = …`` when that is another name for it (``P = Point``)."""
        if name == value.__name__ or value.__name__ not in self.seen:
            if isinstance(value, type):
                self.add_class(value, user, namespace)
            else:
                self.add_function(value, name=name, user=user)
        if name != value.__name__:
            self.helpers.append(f"{name} = {value.__name__}\n")

    def _add_global(self, user, namespace, name):
        if name in self.seen or name not in namespace or _runners(name, namespace[name]):
            return                     # a builtin, a name set later, or already collected
        self.seen.add(name)
        value = namespace[name]
        if isinstance(value, types.ModuleType):
            self.imports.append((name, value.__name__, None))
        elif _is_notebook_definition(value):
            self._add_definition(user, namespace, name, value)
        elif callable(value) and getattr(value, "__module__", None) and \
                hasattr(value, "__qualname__") and "." not in value.__qualname__:
            self.imports.append((name, value.__module__, value.__qualname__))
        else:
            try:
                self.values[name] = value
                _encode_value(value)
            except HandoverError:
                raise HandoverError(say(
                    "{function} uses the global {name} (a {kind}), which cannot be handed to "
                    "the grader: define it inside the function", "feedback",
                    function=user, name=repr(name), kind=type(value).__name__)) \
                    from None


def _class_source(cls, user, namespace):
    """The source that defines the notebook class ``cls``: its ``class`` statement, found
    in the cells that hold its methods or the function ``user`` (a notebook's classes have
    no file of their own) or, latest first, in the notebook's other cells; else, for a
    namedtuple made by a call, that call written again. A HandoverError
    saying to define it inside the function when neither can be had."""
    cells = [_code_file(member) for member in vars(cls).values()]
    cells.append(_code_file(namespace.get(user)))
    cells += _other_cells(cells[-1])
    for cell in dict.fromkeys(c for c in cells if c):
        source = _class_statement("".join(linecache.getlines(cell)), cls.__name__)
        if source is not None:
            return source
    if _is_namedtuple(cls):
        defaults = tuple(cls._field_defaults.values())
        return (f"{cls.__name__} = __import__('collections').namedtuple("
                f"{cls.__name__!r}, {cls._fields!r}, defaults={defaults!r})\n")
    raise HandoverError(say("{function} uses the class {name}, whose source cannot be found: "
                            "define it inside the function", "feedback", function=user,
                            name=repr(cls.__name__)))


def _other_cells(cell):
    """The notebook's cells that the kernel keeps beside ``cell`` (in its folder), the
    latest first; none when ``cell`` is not known.

    >>> _other_cells(None)
    []
    """
    if cell is None or not os.path.dirname(cell):
        return []
    return [name for name in reversed(list(linecache.cache))
            if os.path.dirname(name) == os.path.dirname(cell)]


def _is_namedtuple(cls):
    """Whether ``cls`` is a namedtuple as ``namedtuple(…)`` makes it, with defaults that are
    literals (written again as they are)."""
    return cls.__bases__ == (tuple,) and isinstance(getattr(cls, "_fields", None), tuple) and \
        isinstance(getattr(cls, "_field_defaults", None), dict) and \
        all(_is_literal(value) for value in cls._field_defaults.values())


def _is_literal(value):
    try:
        return ast.literal_eval(repr(value)) == value
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False


def _code_file(member):
    """The file (a notebook cell) of the code of a function, method or property; None for
    code made from a string (a dataclass's ``__init__``)."""
    member = getattr(member, "__func__", None) or getattr(member, "fget", None) or member
    code = getattr(member, "__code__", None)
    return code.co_filename if code is not None and code.co_filename != "<string>" else None


def _class_statement(text, name):
    r"""The source of the last top-level ``class name`` statement of ``text`` (with its
    decorators), or None.

    >>> _class_statement("x = 1\n@dataclass\nclass P:\n    m: float\n", "P")
    '@dataclass\nclass P:\n    m: float\n'
    """
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    found = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == name]
    if not found:
        return None
    node, lines = found[-1], text.splitlines(keepends=True)
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return "".join(lines[first - 1:node.end_lineno])


def _defined_name(source):
    r"""What a helper defines, for its label in the program.

    >>> _defined_name("@dataclass\nclass Point:\n    m: float\n"), _defined_name("P = 1")
    ('Point', 'P')
    """
    for line in source.splitlines():
        line = line.strip()
        for keyword in ("def ", "class "):
            if line.startswith(keyword):
                return re.split(r"[(:\s]", line.removeprefix(keyword).strip(), maxsplit=1)[0] \
                    or "a helper function"
        if "=" in line and not line.startswith("@"):
            return line.split("=", 1)[0].strip() or "a helper function"
    return "a helper function"


def _global_names(code):
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _global_names(constant)
    return names


def _runners(name, value):
    """Whether the global ``name`` of the notebook is left to the runner's Python: a
    builtin's name (``exit``, ``quit``, ``open``, ``__name__``: IPython's own or the
    builtin itself) unless the notebook made it its own function, class or plain value
    (``def sum(values): …``, ``max = 5``), which goes over like any other."""
    if not hasattr(builtins, name):
        return False
    if name.startswith("__") or getattr(builtins, name) is value:
        return True
    if _is_notebook_definition(value):
        return False
    try:
        _encode_value(value)
    except HandoverError:
        return True
    return False


def _is_notebook_definition(value):
    """A function or a class defined in the notebook (whose source goes over)."""
    return isinstance(value, (types.FunctionType, type)) and value.__module__ == "__main__"


# --- plain values ---------------------------------------------------------------------

def _encode_value(value):
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return {"int": str(int(value))}
    if isinstance(value, (float, np.floating)):
        return {"float": repr(float(value))}
    if isinstance(value, (complex, np.complexfloating)):
        return {"complex": [repr(value.real), repr(value.imag)]}
    if isinstance(value, str):
        return {"str": value}
    if isinstance(value, fractions.Fraction):
        return {"sympy": _encode_sympy(sp.Rational(value.numerator, value.denominator))}
    if isinstance(value, decimal.Decimal):
        return {"float": repr(float(value))}
    if isinstance(value, range):
        if len(value) > LIMITS["array"]:
            raise HandoverError(say("the answer is too large (more than {most} parts)",
                                    "feedback", most=LIMITS["array"]))
        return {"list": [{"int": str(v)} for v in value]}
    if isinstance(value, (sp.Basic, sp.MatrixBase)):
        return {"sympy": _encode_sympy(value)}
    if isinstance(value, np.ndarray):
        return {"ndarray": _encode_array(value)}
    if isinstance(value, tuple):
        return {"tuple": [_encode_value(v) for v in value]}
    if isinstance(value, list):
        return {"list": [_encode_value(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        kind = "frozenset" if isinstance(value, frozenset) else "set"
        return {kind: _in_order([_encode_value(v) for v in value])}
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {"dict": [[k, _encode_value(v)] for k, v in value.items()]}
    if isinstance(value, FunctionSource):
        return {"function": value.to_data()}
    if isinstance(value, types.FunctionType):
        return {"function": FunctionSource.of(value).to_data()}
    raise HandoverError(say("a value of type {kind} cannot be handed over: give a number, an "
                            "array, a sympy expression or Matrix, a string, or a list of those",
                            "feedback",
                            kind=type(value).__name__))


def _in_order(items):
    """Encoded items in one order whatever the order of the set they came from (the same
    set hands over as the same data in every kernel).

    >>> _in_order([{"str": "b"}, {"str": "a"}, None])
    [None, {'str': 'a'}, {'str': 'b'}]
    """
    return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))


def _encode_array(array):
    array = np.asarray(array)                  # an np.matrix as the array it holds
    kind = array.dtype.kind
    flat = array.ravel().tolist()
    if kind == "b":
        dtype = "bool"
    elif kind in "iu":
        dtype, flat = "int64", [int(x) for x in flat]
    elif kind == "f":
        dtype, flat = "float64", [repr(float(x)) for x in flat]
    elif kind == "c":
        dtype, flat = "complex128", [[repr(x.real), repr(x.imag)] for x in flat]
    else:
        dtype, flat = "object", [_encode_value(x) for x in array.ravel()]
    return {"dtype": dtype, "shape": list(array.shape), "data": flat}


def encode(value):
    """``value`` as JSON-ready data (see the module docstring for what is accepted).

    >>> encode([1, 2.5])
    {'list': [{'int': '1'}, {'float': '2.5'}]}
    """
    return _encode_value(value)


def decode(data):
    """Rebuild a value from :func:`encode`'s data, checked against the schema first (only
    the listed node types, with parts of the right types, within the limits on size and
    depth), with numbers of at most ``LIMITS["digits"]`` digits (checked before sympy
    computes them).

    >>> decode({'sympy': ['Function', 'eval', []]})
    Traceback (most recent call last):
    ...
    robocourse.grading.handover.HandoverError: the function 'eval' is not accepted in an answer
    >>> decode({'sympy': ['Pow', [['Integer', '9' * 400], ['Integer', '1000']]]})
    Traceback (most recent call last):
    ...
    robocourse.grading.handover.HandoverError: the power 999...**1000 in the answer would
    have about 400000 digits (at most 400 are accepted)
    """
    _Schema().value(data, 0, say("the answer", "feedback"))
    return _Decoder().value(data)


def dumps(value):
    """``value`` encoded as a JSON string."""
    return json.dumps(encode(value), separators=(",", ":"))


def loads(text):
    """Decode a JSON string written by :func:`dumps`, refusing oversized input."""
    if len(text) > LIMITS["bytes"]:
        raise HandoverError(say("the answer is larger than {megabytes} MB", "feedback",
                                megabytes=LIMITS["bytes"] // 1_000_000))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise HandoverError("the hand-over is not valid JSON") from None
    return decode(data)
