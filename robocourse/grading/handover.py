"""Answers as data: what a student's kernel hands to the grader, and back.

The grader never evaluates text a student wrote. A test cell *hands over* each
answer as a JSON document of a few plain node types, and the grader rebuilds it
from those nodes alone:

* numbers (``int``, ``float`` — NaN and infinities included —, ``complex``, ``bool``),
  ``None``, strings, lists, tuples, string-keyed dicts;
* numpy arrays (``ndarray``: dtype, shape, entries);
* sympy expressions as trees of whitelisted node types (``Symbol`` with its
  assumptions, ``Integer``, ``Rational``, ``Float``, ``Add``, ``Mul``, ``Pow``, the
  elementary functions, undefined functions such as ``theta1(t)``, ``Derivative``,
  ``Matrix``, ``Eq`` …); any other sympy type arrives as an ``unsupported`` node that
  the grader reports by its class name;
* functions as their source code plus what the code refers to by global name (the
  modules it uses, the other functions of the notebook it calls, data values).

:func:`decode` rebuilds only those node types, with limits on size, depth, the
length of integers and the size of exponents, so a crafted hand-over cannot make
the grader run code or run out of memory.

>>> import sympy as sp
>>> x = sp.Symbol('x', positive=True)
>>> decode(encode(sp.Matrix([[x**2 + sp.sin(x) / 3, sp.Float('0.5')]])))
Matrix([[x**2 + sin(x)/3, 0.5]])
"""

import builtins
import inspect
import json
import math
import textwrap
import types

import numpy as np
import sympy as sp
from sympy.core.function import AppliedUndef

__all__ = ["encode", "decode", "dumps", "loads", "HandoverError", "FunctionSource",
           "MIME_TYPE", "LIMITS"]

#: The MIME type of a hand-over in a notebook cell's outputs.
MIME_TYPE = "application/vnd.robocourse.handover+json"

#: Limits on what :func:`decode` accepts.
LIMITS = {"nodes": 300_000, "depth": 150, "bytes": 8_000_000, "digits": 400,
          "exponent": 1000, "string": 200_000, "array": 1_000_000}


class HandoverError(ValueError):
    """A hand-over that cannot be encoded or decoded (the message says what and why)."""


# --- sympy node types --------------------------------------------------------------

_FUNCTIONS = {f.__name__: f for f in (
    sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc, sp.asin, sp.acos, sp.atan, sp.acot,
    sp.atan2, sp.sinh, sp.cosh, sp.tanh, sp.exp, sp.log, sp.Abs, sp.sign, sp.re, sp.im,
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
        return ["Matrix", expr.rows, expr.cols, [_encode_sympy(e) for e in expr]]
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
    if isinstance(expr, sp.Function) and type(expr).__name__ in _FUNCTIONS:
        return ["Function", type(expr).__name__, [_encode_sympy(a) for a in expr.args]]
    if isinstance(expr, sp.Piecewise):
        return ["Piecewise", [[_encode_sympy(e), _encode_sympy(c)] for e, c in expr.args]]
    if type(expr).__name__ in {"Equality", "Unequality", "StrictLessThan", "LessThan",
                               "StrictGreaterThan", "GreaterThan"}:
        return ["Relation", expr.rel_op, _encode_sympy(expr.lhs), _encode_sympy(expr.rhs)]
    return ["Unsupported", type(expr).__name__]


_REL_OPS = {"==": "Eq", "!=": "Ne", "<": "Lt", "<=": "Le", ">": "Gt", ">=": "Ge"}


class _Decoder:
    """Rebuilds encoded values, counting nodes and depth against ``LIMITS``."""

    def __init__(self):
        self.nodes = 0

    def _count(self, depth):
        self.nodes += 1
        if self.nodes > LIMITS["nodes"]:
            raise HandoverError(f"the answer is too large (more than {LIMITS['nodes']} parts)")
        if depth > LIMITS["depth"]:
            raise HandoverError(f"the answer is nested too deeply (more than "
                                f"{LIMITS['depth']} levels)")

    def integer(self, text):
        if not isinstance(text, str) or len(text.lstrip("-")) > LIMITS["digits"]:
            raise HandoverError(f"an integer in the answer has more than {LIMITS['digits']} "
                                "digits")
        return int(text)

    def sympy(self, node, depth=0):
        self._count(depth)
        if not isinstance(node, list) or not node or not isinstance(node[0], str):
            raise HandoverError("a malformed expression node")
        kind, rest = node[0], node[1:]
        method = getattr(self, f"_sympy_{kind.lower()}", None)
        if method is None:
            raise HandoverError(f"an unknown expression node {kind!r}")
        return method(rest, depth + 1)

    def _children(self, items, depth):
        if not isinstance(items, list):
            raise HandoverError("a malformed expression node")
        return [self.sympy(item, depth) for item in items]

    def _sympy_matrix(self, rest, depth):
        rows, cols, entries = rest
        if not (isinstance(rows, int) and isinstance(cols, int) and rows * cols == len(entries)):
            raise HandoverError("a malformed matrix")
        return sp.Matrix(rows, cols, self._children(entries, depth))

    def _sympy_constant(self, rest, depth):
        if rest[0] not in _CONSTANTS:
            raise HandoverError(f"an unknown constant {rest[0]!r}")
        return _CONSTANTS[rest[0]]

    def _sympy_integer(self, rest, depth):
        return sp.Integer(self.integer(rest[0]))

    def _sympy_rational(self, rest, depth):
        return sp.Rational(self.integer(rest[0]), self.integer(rest[1]))

    def _sympy_float(self, rest, depth):
        text, precision = rest
        if not isinstance(text, str) or len(text) > 2 * LIMITS["digits"]:
            raise HandoverError("a malformed floating-point number")
        return sp.Float(text, precision=min(int(precision), 4 * LIMITS["digits"]))

    def _sympy_symbol(self, rest, depth):
        name, assumptions = rest
        if not isinstance(name, str) or not name or len(name) > 100:
            raise HandoverError("a malformed symbol name")
        chosen = {k: bool(v) for k, v in dict(assumptions).items() if k in _ASSUMPTIONS}
        return sp.Symbol(name, **chosen)

    def _sympy_add(self, rest, depth):
        return sp.Add(*self._children(rest[0], depth))

    def _sympy_mul(self, rest, depth):
        return sp.Mul(*self._children(rest[0], depth))

    def _sympy_tuple(self, rest, depth):
        return sp.Tuple(*self._children(rest[0], depth))

    def _sympy_pow(self, rest, depth):
        base, exponent = self._children(rest[0], depth)
        if exponent.is_number and exponent.is_finite and abs(exponent) > LIMITS["exponent"]:
            raise HandoverError(f"an exponent in the answer is larger than "
                                f"{LIMITS['exponent']}")
        return sp.Pow(base, exponent)

    def _sympy_function(self, rest, depth):
        name, args = rest
        if name not in _FUNCTIONS:
            raise HandoverError(f"the function {name!r} is not accepted in an answer")
        return _FUNCTIONS[name](*self._children(args, depth))

    def _sympy_undefined(self, rest, depth):
        name, args = rest
        if not isinstance(name, str) or not name.isidentifier():
            raise HandoverError("a malformed function name")
        return sp.Function(name)(*self._children(args, depth))

    def _sympy_derivative(self, rest, depth):
        expr = self.sympy(rest[0], depth)
        counts = [(self.sympy(v, depth), int(n)) for v, n in rest[1]]
        if any(n < 0 or n > 10 for _, n in counts):
            raise HandoverError("a derivative of an order above 10")
        return sp.Derivative(expr, *counts)

    def _sympy_piecewise(self, rest, depth):
        return sp.Piecewise(*[(self.sympy(e, depth), self.sympy(c, depth)) for e, c in rest[0]])

    def _sympy_relation(self, rest, depth):
        op, lhs, rhs = rest
        if op not in _REL_OPS:
            raise HandoverError(f"an unknown relation {op!r}")
        return _RELATIONS[_REL_OPS[op]](self.sympy(lhs, depth), self.sympy(rhs, depth),
                                        evaluate=False)

    def _sympy_unsupported(self, rest, depth):
        raise HandoverError(f"the answer contains a {rest[0]}, which the grader does not "
                            "accept: write it with +, *, **, numbers, symbols and the "
                            "elementary functions")

    # --- plain data ---------------------------------------------------------------------

    def value(self, node, depth=0):
        self._count(depth)
        if node is None or isinstance(node, bool):
            return node
        if not isinstance(node, dict) or len(node) != 1:
            raise HandoverError("a malformed value")
        (kind, payload), = node.items()
        method = getattr(self, f"_value_{kind}", None)
        if method is None:
            raise HandoverError(f"an unknown kind of value {kind!r}")
        return method(payload, depth + 1)

    def _value_int(self, payload, depth):
        return self.integer(payload)

    def _value_float(self, payload, depth):
        return float(payload)

    def _value_complex(self, payload, depth):
        return complex(float(payload[0]), float(payload[1]))

    def _value_str(self, payload, depth):
        if not isinstance(payload, str) or len(payload) > LIMITS["string"]:
            raise HandoverError(f"a text longer than {LIMITS['string']} characters")
        return payload

    def _value_list(self, payload, depth):
        return [self.value(item, depth) for item in payload]

    def _value_tuple(self, payload, depth):
        return tuple(self.value(item, depth) for item in payload)

    def _value_dict(self, payload, depth):
        return {self._value_str(k, depth): self.value(v, depth) for k, v in payload}

    def _value_ndarray(self, payload, depth):
        dtype, shape, data = payload["dtype"], payload["shape"], payload["data"]
        size = math.prod(shape) if shape else 1
        if dtype not in _DTYPES or size > LIMITS["array"] or size != len(data):
            raise HandoverError("a malformed array")
        self.nodes += size
        if dtype == "object":
            entries = [self.value(item, depth) for item in data]
            array = np.empty(size, dtype=object)
            array[:] = entries
            return array.reshape(shape)
        if dtype == "complex128":
            data = [complex(float(re), float(im)) for re, im in data]
        elif dtype == "float64":
            data = [float(x) for x in data]
        return np.array(data, dtype=dtype).reshape(shape)

    def _value_sympy(self, payload, depth):
        return self.sympy(payload, depth)

    def _value_function(self, payload, depth):
        return FunctionSource.from_data(payload, self, depth)


_DTYPES = {"bool", "int64", "float64", "complex128", "object"}


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
        return {"name": self.name, "source": self.source, "imports": self.imports,
                "helpers": self.helpers,
                "values": [[k, _encode_value(v)] for k, v in self.values.items()]}

    @classmethod
    def from_data(cls, payload, decoder, depth):
        name, source = payload["name"], payload["source"]
        for text in [source, *payload["helpers"]]:
            decoder._value_str(text, depth)
        if not isinstance(name, str) or not name.isidentifier():
            raise HandoverError("a malformed function name")
        imports = []
        for alias, module, attribute in payload["imports"]:
            if not all(isinstance(x, str) and x.replace(".", "").isidentifier()
                       for x in (alias, module, attribute or "x")):
                raise HandoverError("a malformed import in a handed-over function")
            imports.append((alias, module, attribute))
        values = {decoder._value_str(k, depth): decoder.value(v, depth)
                  for k, v in payload["values"]}
        return cls(name, source, imports, payload["helpers"], values)

    @classmethod
    def of(cls, function):
        """Capture ``function`` (defined with ``def`` in a notebook) as source."""
        collector = _Collector()
        collector.add_function(function, main=True)
        return cls(function.__name__, collector.main_source, collector.imports,
                   collector.helpers, collector.values)


class _Collector:
    """Walks a function's global names: modules, notebook functions, data values."""

    def __init__(self):
        self.imports, self.helpers, self.values = [], [], {}
        self.seen, self.main_source = set(), None

    def add_function(self, function, main=False):
        try:
            source = textwrap.dedent(inspect.getsource(function))
        except (OSError, TypeError):
            raise HandoverError(f"the source of {function.__name__} cannot be found: define "
                                "it with def in a code cell and run that cell") from None
        if function.__name__ == "<lambda>":
            raise HandoverError("hand in a function defined with def, not a lambda")
        self.seen.add(function.__name__)
        if main:
            self.main_source = source
        else:
            self.helpers.append(source)
        for name in sorted(_global_names(function.__code__)):
            self._add_global(function, name)

    def _add_global(self, function, name):
        if name in self.seen or name not in function.__globals__:
            return                     # a builtin, a name set later, or already collected
        self.seen.add(name)
        value = function.__globals__[name]
        if isinstance(value, types.ModuleType):
            self.imports.append((name, value.__name__, None))
        elif _is_notebook_function(value):
            self.add_function(value)
        elif callable(value) and getattr(value, "__module__", None) and \
                hasattr(value, "__qualname__") and "." not in value.__qualname__:
            self.imports.append((name, value.__module__, value.__qualname__))
        else:
            try:
                self.values[name] = value
                _encode_value(value)
            except HandoverError:
                raise HandoverError(
                    f"{function.__name__} uses the global {name!r} (a {type(value).__name__}),"
                    " which cannot be handed to the grader: define it inside the function") \
                    from None


def _defined_name(source):
    first = source.lstrip().split("(", 1)[0]
    return first.removeprefix("def ").strip() or "a helper function"


def _global_names(code):
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _global_names(constant)
    return names - set(dir(builtins))


def _is_notebook_function(value):
    return isinstance(value, types.FunctionType) and value.__module__ == "__main__"


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
    if isinstance(value, (sp.Basic, sp.MatrixBase)):
        return {"sympy": _encode_sympy(value)}
    if isinstance(value, np.ndarray):
        return {"ndarray": _encode_array(value)}
    if isinstance(value, tuple):
        return {"tuple": [_encode_value(v) for v in value]}
    if isinstance(value, list):
        return {"list": [_encode_value(v) for v in value]}
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {"dict": [[k, _encode_value(v)] for k, v in value.items()]}
    if isinstance(value, FunctionSource):
        return {"function": value.to_data()}
    if isinstance(value, types.FunctionType):
        return {"function": FunctionSource.of(value).to_data()}
    raise HandoverError(f"a {type(value).__name__} cannot be handed over: give a number, an "
                        "array, a sympy expression or Matrix, a string, or a list of those")


def _encode_array(array):
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
    """Rebuild a value from :func:`encode`'s data, accepting only the listed node types.

    >>> decode({'sympy': ['Function', 'eval', []]})
    Traceback (most recent call last):
    ...
    robocourse.grading.handover.HandoverError: the function 'eval' is not accepted in an answer
    """
    return _Decoder().value(data)


def dumps(value):
    """``value`` encoded as a JSON string."""
    return json.dumps(encode(value), separators=(",", ":"))


def loads(text):
    """Decode a JSON string written by :func:`dumps`, refusing oversized input."""
    if len(text) > LIMITS["bytes"]:
        raise HandoverError(f"the answer is larger than {LIMITS['bytes'] // 1_000_000} MB")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise HandoverError("the hand-over is not valid JSON") from None
    return decode(data)
