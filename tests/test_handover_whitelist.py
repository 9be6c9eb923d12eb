"""The hand-over's whitelist: each kind of node the grader rebuilds, and each refusal of
what is not on the list — a function that is not elementary, a derivative of a high
order, a function or symbol name that is not a name, an assumption sympy has but the
grader does not take, an import that is not an import, an unknown constant or relation.

A refusal is a ``HandoverError`` that names what was refused, and it is deliberate: its
message is the grader's, not a Python exception that rebuilding malformed data raised
(the wording itself is the catalogue's, not pinned here)."""

import linecache
import math
from decimal import Decimal
from fractions import Fraction
from importlib import util

import numpy as np
import pytest
import sympy as sp

from robocourse.grading import handover
from robocourse.grading.handover import FunctionSource, HandoverError

X = ["Symbol", "x", {}]
T = ["Symbol", "t", {}]
ONE = ["Integer", "1"]
Q = ["Undefined", "q", [T]]
t = sp.Symbol("t")
q = sp.Function("q")(t)


def refused(data, *names):
    """The HandoverError ``decode(data)`` raises: its message names each of ``names`` and
    no Python exception (a refusal, not a crash while rebuilding)."""
    with pytest.raises(HandoverError) as raised:
        handover.decode(data)
    message = str(raised.value)
    assert "Error" not in message, message
    for name in names:
        assert name in message, message
    return message


def rebuilt(node):
    return handover.decode({"sympy": node})


# --- functions: the elementary ones, and nothing else ----------------------------------------

ELEMENTARY = [sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc, sp.asin, sp.acos, sp.atan,
              sp.acot, sp.asec, sp.acsc, sp.sinh, sp.cosh, sp.tanh, sp.coth, sp.sech, sp.csch,
              sp.asinh, sp.acosh, sp.atanh, sp.acoth, sp.exp, sp.log, sp.Abs, sp.sign, sp.re,
              sp.im, sp.conjugate, sp.floor, sp.ceiling, sp.Heaviside]


@pytest.mark.parametrize("function", ELEMENTARY, ids=lambda f: f.__name__)
def test_every_elementary_function_is_handed_over(function):
    value = function(sp.Symbol("z"))
    assert handover.encode(value)["sympy"][:2] == ["Function", function.__name__]
    assert handover.loads(handover.dumps(value)) == value


def test_functions_of_two_arguments_are_handed_over():
    x, y = sp.symbols("x y")
    for value in (sp.atan2(y, x), sp.Min(x, y), sp.Max(x, 1)):
        assert handover.loads(handover.dumps(value)) == value


@pytest.mark.parametrize("name", ["Integral", "Sum", "Lambda", "Subs", "eval", "__import__",
                                  "exec", "sympify", "Function"])
def test_a_function_node_of_any_other_name_is_refused_by_name(name):
    refused({"sympy": ["Function", name, [X, X]]}, name)


def test_min_and_max_are_left_unevaluated_as_they_came():
    """A handed-over Min is rebuilt as written (not simplified: that compares every pair),
    and elementary functions evaluate as sympy does."""
    rebuilt_min = rebuilt(["Function", "Min", [X, ["Integer", "2"], ["Integer", "3"]]])
    assert isinstance(rebuilt_min, sp.Min) and len(rebuilt_min.args) == 3
    assert rebuilt(["Function", "sin", [["Integer", "0"]]]) == 0


# --- derivatives: of an order up to 10 --------------------------------------------------------

@pytest.mark.parametrize("order", [0, 1, 2, 10])
def test_a_derivative_up_to_order_ten_is_handed_over(order):
    value = sp.Derivative(q, (t, order))
    assert rebuilt(["Derivative", Q, [[T, order]]]) == value
    assert handover.loads(handover.dumps(value)) == value


@pytest.mark.parametrize("order", [11, 1000, -1])
def test_a_derivative_of_a_higher_or_negative_order_is_refused(order):
    refused({"sympy": ["Derivative", Q, [[T, order]]]}, "derivative")


def test_each_order_of_a_mixed_derivative_is_checked():
    f = ["Undefined", "f", [X, T]]
    assert rebuilt(["Derivative", f, [[X, 2], [T, 3]]]) == \
        sp.Derivative(sp.Function("f")(sp.Symbol("x"), t), (sp.Symbol("x"), 2), (t, 3))
    refused({"sympy": ["Derivative", f, [[X, 1], [T, 11]]]}, "derivative")


# --- names: of functions (undefined ones and handed-over ones) and of symbols ----------------

@pytest.mark.parametrize("name", ["os.system", "f g", "1f", "f(x)", "", "q\n"])
def test_an_undefined_function_whose_name_is_not_an_identifier_is_refused(name):
    refused({"sympy": ["Undefined", name, [T]]}, "function name")


def test_an_undefined_function_keeps_its_name_and_arguments():
    value = sp.Function("theta_1")(t, sp.Symbol("x"))
    assert rebuilt(["Undefined", "theta_1", [T, X]]) == value
    assert handover.loads(handover.dumps(value)) == value


@pytest.mark.parametrize("length, accepted", [(1, True), (100, True), (101, False)])
def test_a_symbol_name_of_up_to_100_characters_is_accepted(length, accepted):
    node = ["Symbol", "x" * length, {}]
    if accepted:
        assert rebuilt(node) == sp.Symbol("x" * length)
    else:
        refused({"sympy": node}, "symbol name")


# --- assumptions: the whitelisted ones travel, any other key is dropped ----------------------

@pytest.mark.parametrize("assumption", sorted(handover._ASSUMPTIONS))
def test_each_whitelisted_assumption_travels_with_its_symbol(assumption):
    for held in (True, False):
        if (assumption, held) == ("commutative", False):
            continue                 # a noncommutative symbol is rebuilt, checked below
        value = sp.Symbol("n", **{assumption: held})
        back = handover.loads(handover.dumps(value))
        assert back == value and back.assumptions0 == value.assumptions0


@pytest.mark.parametrize("key", ["transcendental", "algebraic", "polar", "evaluate", "foo",
                                 "is_real", "__class__"])
def test_an_assumption_key_outside_the_whitelist_is_dropped(key):
    """sympy takes any keyword as an assumption: the grader passes on only the ones it
    knows, so a symbol rebuilt from a crafted key is the plain symbol."""
    back = rebuilt(["Symbol", "x", {key: True, "positive": True}])
    assert back == sp.Symbol("x", positive=True)
    assert key not in back.assumptions0


def test_a_noncommutative_symbol_is_handed_over_as_such():
    back = rebuilt(["Symbol", "A", {"commutative": False}])
    assert back.is_commutative is False and back == sp.Symbol("A", commutative=False)


# --- floats: their text and their precision -----------------------------------------------

def test_a_float_keeps_its_precision_up_to_four_bits_a_digit_of_the_limit():
    assert rebuilt(["Float", "0.1", 200])._prec == 200
    assert rebuilt(["Float", "0.1", 1])._prec == 1
    assert rebuilt(["Float", "0.1", 10**6])._prec == 4 * handover.LIMITS["digits"]


def test_a_float_of_no_precision_is_refused_naming_it():
    refused({"sympy": ["Float", "1.5", 0]}, "1.5", "0")
    refused({"sympy": ["Float", "2.5", -3]}, "2.5", "-3")


def test_a_float_text_of_up_to_twice_the_digit_limit_is_read():
    digits = "1." + "0" * (2 * handover.LIMITS["digits"] - 3) + "1"
    assert rebuilt(["Float", digits, 53]) == sp.Float(1)
    refused({"sympy": ["Float", digits + "1", 53]}, "floating-point")


# --- constants and relations: the named ones -------------------------------------------------

@pytest.mark.parametrize("value", [sp.pi, sp.E, sp.I, sp.oo, -sp.oo, sp.zoo, sp.nan, sp.true,
                                   sp.false], ids=str)
def test_each_named_constant_is_handed_over(value):
    back = handover.loads(handover.dumps(value))
    assert back is value or (back == value and type(back) is type(value))


@pytest.mark.parametrize("name", ["e", "Pi", "EulerGamma", "", "__builtins__"])
def test_an_unknown_constant_is_refused_by_name(name):
    refused({"sympy": ["Constant", name]}, f"'{name}'")


@pytest.mark.parametrize("relation", [sp.Eq, sp.Ne, sp.Lt, sp.Le, sp.Gt, sp.Ge])
def test_each_relation_is_handed_over_unevaluated(relation):
    x = sp.Symbol("x")
    value = relation(x + 1, 2, evaluate=False)
    back = handover.loads(handover.dumps(value))
    assert back == value and type(back) is type(value)
    assert type(rebuilt(["Relation", value.rel_op, ONE, ONE])) is type(value)  # not True


@pytest.mark.parametrize("op", ["=", "===", "=>", "in", ""])
def test_an_unknown_relation_is_refused_by_name(op):
    refused({"sympy": ["Relation", op, X, ONE]}, f"'{op}'")


# --- what sympy has beyond the list: refused by its class name -------------------------------

@pytest.mark.parametrize("value, name", [
    (sp.Integral(sp.Symbol("x"), sp.Symbol("x")), "Integral"),
    (sp.Sum(sp.Symbol("k"), (sp.Symbol("k"), 1, 3)), "Sum"),
    (sp.Lambda(sp.Symbol("x"), sp.Symbol("x")**2), "Lambda"),
    (sp.gamma(sp.Symbol("x")), "gamma"),
])
def test_a_sympy_type_beyond_the_list_is_refused_by_its_class_name(value, name):
    data = handover.encode(value)
    assert data == {"sympy": ["Unsupported", name]}
    refused(data, name)


def test_a_tuple_and_a_piecewise_are_handed_over():
    x = sp.Symbol("x")
    for value in (sp.Tuple(x, 1, sp.pi), sp.Piecewise((x, x > 0), (-x, True))):
        back = handover.loads(handover.dumps(value))
        assert back == value and type(back) is type(value)


# --- matrices: entries as many as the shape says ----------------------------------------------

@pytest.mark.parametrize("rows, cols, entries", [(2, 2, 3), (1, 2, 3), (2, 1, 1), (0, 3, 1)])
def test_a_matrix_whose_entries_do_not_fill_its_shape_is_refused(rows, cols, entries):
    refused({"sympy": ["Matrix", rows, cols, [ONE] * entries]}, "matrix")


def test_a_matrix_keeps_its_shape():
    for value in (sp.Matrix([[1, 2, 3]]), sp.Matrix([1, 2, 3]), sp.zeros(2, 3),
                  sp.Matrix(0, 2, [])):
        back = handover.loads(handover.dumps(value))
        assert back.shape == value.shape and back == value


# --- sets: of any values that can be set members, in one order on the wire --------------------

@pytest.mark.parametrize("value", [{"M1", "XX1"}, frozenset({1, 2.5, sp.Symbol("x")}), set(),
                                   {("a", 1), None}], ids=["set", "frozenset", "empty", "tuples"])
def test_a_set_is_handed_over_as_the_same_kind_of_set(value):
    back = handover.loads(handover.dumps(value))
    assert type(back) is type(value) and back == value


def test_the_same_set_is_the_same_data_whatever_order_it_was_built_in():
    names = [f"XX{k}" for k in range(30)]
    assert handover.dumps(set(names)) == handover.dumps(set(reversed(names)))


def test_a_set_of_entries_that_cannot_be_members_is_refused():
    refused({"set": [{"list": []}]}, "set", "list")
    refused({"frozenset": [{"dict": []}]}, "set", "dict")
    refused({"set": [{"tuple": [{"list": []}]}]}, "set", "tuple")


# --- numbers Python writes in other types: as the numbers they are ----------------------------

def test_a_fraction_a_decimal_and_a_range_are_handed_over_as_their_numbers():
    assert handover.loads(handover.dumps(Fraction(1, 3))) == sp.Rational(1, 3)
    assert handover.loads(handover.dumps([Decimal("0.25"), Decimal("-1e3")])) == [0.25, -1000.0]
    assert handover.loads(handover.dumps(range(2, 8, 3))) == [2, 5]


def test_a_range_beyond_the_array_limit_is_refused_before_it_is_written_out():
    with pytest.raises(HandoverError, match=str(handover.LIMITS["array"])):
        handover.encode(range(10**12))


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")    # np.matrix itself
def test_a_numpy_matrix_is_handed_over_as_its_array():
    back = handover.loads(handover.dumps(np.matrix([[1.0, 2.0], [3.0, 4.0]])))
    assert type(back) is np.ndarray and back.tolist() == [[1.0, 2.0], [3.0, 4.0]]


def test_an_immutable_matrix_stays_immutable():
    value = sp.ImmutableMatrix([[sp.Symbol("x"), 1]])
    back = handover.loads(handover.dumps(value))
    assert type(back) is type(value) and back == value


# --- arrays: their dtype, their shape, entries as many as the shape says ----------------------

@pytest.mark.parametrize("value", [
    np.array(2.5), np.array([[1.0], [-0.0]]), np.array([[True, False]]),
    np.array([[sp.Symbol("x"), 1], [sp.pi, None]], dtype=object), np.zeros((2, 0, 3)),
], ids=["0-d", "column", "bool", "object", "empty"])
def test_an_array_keeps_its_dtype_and_shape(value):
    back = handover.loads(handover.dumps(value))
    assert back.dtype == value.dtype and back.shape == value.shape
    assert back.tolist() == value.tolist()


@pytest.mark.parametrize("shape, entries", [([], 2), ([2, 2], 3), ([3], 0), ([0], 1)])
def test_an_array_whose_entries_do_not_fill_its_shape_is_refused(shape, entries):
    data = {"ndarray": {"dtype": "float64", "shape": shape, "data": ["1.0"] * entries}}
    refused(data, "array")


# --- handed-over functions: a name, imports that are imports ----------------------------------

def function_data(name="f", imports=(), source="def f(x):\n    return x\n"):
    return {"function": {"name": name, "source": source,
                         "imports": [list(entry) for entry in imports], "helpers": [],
                         "values": []}}


@pytest.mark.parametrize("name", ["f g", "os.system", "", "1f", "f()"])
def test_a_handed_over_function_whose_name_is_not_an_identifier_is_refused(name):
    refused(function_data(name), "function name")


@pytest.mark.parametrize("entry", [
    ("np; import os", "numpy", None),
    ("np", "numpy; import os", None),
    ("np", "numpy", "linalg; import os"),
    ("", "numpy", None),
    ("np", "", None),
    ("np", "numpy", ""),
    ("n p", "numpy", None),
    ("np", "os.system('x')", None),
    ("np", ".numpy", None),
    ("np", "numpy.", None),
    ("np", "numpy..linalg", None),
    ("np", ".", None),
    ("n.p", "numpy", None),
    ("norm", "numpy", "linalg.norm"),
])
def test_a_malformed_import_in_a_handed_over_function_is_refused(entry):
    refused(function_data(imports=[entry]), "import")


def test_well_formed_imports_are_written_as_python_imports():
    imports = [("np", "numpy", None), ("la", "numpy.linalg", None),
               ("norm", "numpy.linalg", "norm"), ("sqrt", "math", "sqrt")]
    back = handover.decode(function_data(imports=imports))
    assert back.imports == imports
    assert back.program()[0] == ("imports", "import numpy as np\nimport numpy.linalg as la\n"
                                 "from numpy.linalg import norm as norm\n"
                                 "from math import sqrt as sqrt")


# --- limits: on parts, depth, text and arrays -------------------------------------------------

@pytest.mark.parametrize("limit, value, data, words", [
    ("nodes", 5, {"list": [{"int": "1"}] * 5}, ["5 parts"]),
    ("depth", 3, {"sympy": ["Add", [["Add", [["Add", [X, ONE]], ONE]], ONE]]}, ["3 levels"]),
    ("array", 3, {"ndarray": {"dtype": "float64", "shape": [4], "data": ["1.0"] * 4}},
     ["3 entries"]),
    ("string", 5, {"str": "abcdef"}, ["5 characters"]),
    ("string", 5, function_data(source="def f(x): return x"), ["5 characters"]),
])
def test_each_limit_is_enforced_naming_it(monkeypatch, limit, value, data, words):
    monkeypatch.setitem(handover.LIMITS, limit, value)
    refused(data, *words)


@pytest.mark.parametrize("limit, value, data", [
    ("nodes", 5, {"list": [{"int": "1"}] * 4}),
    ("array", 3, {"ndarray": {"dtype": "float64", "shape": [3], "data": ["1.0"] * 3}}),
    ("string", 5, {"str": "abcde"}),
])
def test_what_is_within_a_limit_is_accepted(monkeypatch, limit, value, data):
    monkeypatch.setitem(handover.LIMITS, limit, value)
    handover.decode(data)


def test_the_entries_of_arrays_count_as_parts(monkeypatch):
    """Many arrays, each within the limit on entries, are within the limit on parts too."""
    monkeypatch.setitem(handover.LIMITS, "nodes", 10)
    array = {"ndarray": {"dtype": "int64", "shape": [4], "data": [1, 2, 3, 4]}}
    assert len(handover.decode({"list": [array, {"int": "1"}, {"int": "1"}]})) == 3
    refused({"list": [array, array, array]}, "10 parts")
    objects = {"ndarray": {"dtype": "object", "shape": [2], "data": [{"int": "1"}] * 2}}
    assert [list(a) for a in handover.decode({"list": [objects] * 3})] == [[1, 1]] * 3


def test_a_json_text_beyond_the_byte_limit_is_refused_before_it_is_read(monkeypatch):
    monkeypatch.setitem(handover.LIMITS, "bytes", 10)
    with pytest.raises(HandoverError, match="MB"):
        handover.loads('{"str": "abcdefghij"}')
    monkeypatch.setitem(handover.LIMITS, "bytes", 100)
    assert handover.loads('{"str": "abcdefghij"}') == "abcdefghij"


# --- capturing a notebook's function: what it uses, by global name ---------------------------

NOTEBOOK = '''
import json
import linecache
import math
from decimal import Decimal
from fractions import Fraction
import numpy as np
from numpy.linalg import norm

GAIN = 2.5
TABLE = {"a": [1, 2]}
HANDLE = open(__file__)
ENCODE = json.JSONEncoder().encode


def scaled(v):
    return GAIN * np.asarray(v)


def length(v):
    """Uses a module, a function imported from one, another notebook function, data."""
    inner = lambda w: norm(scaled(w))  # noqa: E731
    return np.sum(inner(v)) + math.pi * len(TABLE) * GAIN + undefined_later


def leaky(v):
    return HANDLE.name + str(v)


def encoded(v):
    return ENCODE(v)


def recursive(n):
    return 1 if n < 1 else n * recursive(n - 1)
'''


@pytest.fixture(scope="module")
def notebook(tmp_path_factory):
    """The functions of a file run as ``__main__``, as a notebook's cells are."""
    path = tmp_path_factory.mktemp("notebook") / "cells.py"
    path.write_text(NOTEBOOK)
    spec = util.spec_from_file_location("__main__", path)
    module = util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module
    module.HANDLE.close()


def test_a_notebook_function_is_captured_with_the_modules_functions_and_data_it_uses(notebook):
    captured = FunctionSource.of(notebook.length)
    assert captured.name == "length" and captured.source.startswith("def length(v):")
    assert sorted(captured.imports) == [("math", "math", None), ("norm", "numpy.linalg", "norm"),
                                        ("np", "numpy", None)]
    assert captured.helpers == ["def scaled(v):\n    return GAIN * np.asarray(v)\n"]
    assert captured.values == {"GAIN": 2.5, "TABLE": {"a": [1, 2]}}
    labels = [label for label, _ in captured.program()]
    assert labels == ["imports", "scaled", "length"]
    back = handover.loads(handover.dumps(captured))
    assert (back.name, back.source, back.imports, back.helpers, back.values) == \
        (captured.name, captured.source, captured.imports, captured.helpers, captured.values)


def test_a_recursive_notebook_function_is_captured_once(notebook):
    captured = FunctionSource.of(notebook.recursive)
    assert captured.helpers == [] and captured.imports == [] and captured.values == {}


@pytest.mark.parametrize("function, name, kind", [
    ("leaky", "HANDLE", "TextIOWrapper"),
    ("encoded", "ENCODE", "method"),          # a bound method: no import brings it back
])
def test_a_global_that_cannot_be_handed_over_is_refused_naming_it(notebook, function, name,
                                                                  kind):
    with pytest.raises(HandoverError) as raised:
        FunctionSource.of(getattr(notebook, function))
    message = str(raised.value)
    assert function in message and f"'{name}'" in message and kind in message, message


def test_a_function_without_source_is_refused_naming_it():
    with pytest.raises(HandoverError, match="sqrt"):
        FunctionSource.of(math.sqrt)


@pytest.mark.parametrize("source, label", [
    ("def helper(v):\n    return v\n", "helper"),
    ("  def indented (v, w=(1, 2)):\n    return v\n", "indented"),
    ("(", "a helper function"),
])
def test_each_helper_is_labelled_by_its_name_in_the_program(source, label):
    program = FunctionSource("f", "def f(v):\n    return v\n", helpers=[source]).program()
    assert program[1] == (label, source) and program[-1][0] == "f"


def test_an_array_value_of_a_function_travels_with_it():
    source = FunctionSource("f", "def f():\n    return A\n", values={"A": np.eye(2)})
    back = handover.decode(handover.encode(source))
    assert np.array_equal(back.values["A"], np.eye(2)) and "handed over" in repr(back)


# --- classes of the notebook: they go over with the function that uses them -------------------

class Kernel:
    """Cells run as a notebook kernel runs them: each compiled under a file name of its own
    that only the kernel's line cache holds (as ipykernel does), in one ``__main__``."""

    def __init__(self, folder):
        self.folder, self.namespace, self.count = folder, {"__name__": "__main__"}, 0

    def run(self, source):
        self.count += 1
        name = f"{self.folder}/{self.count}.py"
        linecache.cache[name] = (len(source), None, source.splitlines(keepends=True), name)
        exec(compile(source, name, "exec"), self.namespace)

    def program_result(self, function, *args):
        """What the grader's runner computes: the handed-over program run afresh."""
        back = handover.loads(handover.dumps(FunctionSource.of(self.namespace[function])))
        fresh = {"__name__": "__main__", **back.values}
        for label, text in back.program():
            exec(compile(text, f"<student: {label}>", "exec"), fresh)
        return fresh[function](*args), [label for label, _ in back.program()]


@pytest.fixture
def kernel(tmp_path):
    return Kernel(str(tmp_path / "ipykernel_1"))


CLASS_CELLS = {
    "namedtuple": ['''from collections import namedtuple
import numpy as np
质点 = namedtuple("质点", "m p")


def my_parallel_axis(I_c, mass, p_c):
    point = 质点(mass, np.asarray(p_c))
    return np.asarray(I_c) + point.m * (point.p @ point.p * np.eye(3) - np.outer(point.p, point.p))
'''],
    "dataclass in another cell": ['''import dataclasses
import numpy as np


@dataclasses.dataclass(frozen=True)
class Point:
    m: float
    p: tuple = (0.0, 0.0, 0.0)
''', '''def my_parallel_axis(I_c, mass, p_c):
    point = Point(mass, tuple(p_c))
    p = np.asarray(point.p)
    return np.asarray(I_c) + point.m * (p @ p * np.eye(3) - np.outer(p, p))
'''],
    "class with methods": ['''import numpy as np

SCALE = 1.0


class Shift:
    def __init__(self, p):
        self.p = np.asarray(p) * SCALE

    def term(self, mass):
        return mass * (self.p @ self.p * np.eye(3) - np.outer(self.p, self.p))


def my_parallel_axis(I_c, mass, p_c):
    return np.asarray(I_c) + Shift(p_c).term(mass)
'''],
}


@pytest.mark.parametrize("cells", CLASS_CELLS.values(), ids=CLASS_CELLS.keys())
def test_a_class_of_the_notebook_goes_over_with_the_function_that_uses_it(kernel, cells):
    for cell in cells:
        kernel.run(cell)
    I_c, p = np.diag([1.0, 2.0, 3.0]), [0.1, -0.2, 0.3]
    result, labels = kernel.program_result("my_parallel_axis", I_c, 2.0, p)
    assert np.allclose(result, kernel.namespace["my_parallel_axis"](I_c, 2.0, p))
    assert labels[0] == "imports" and labels[-1] == "my_parallel_axis"


def test_a_class_whose_source_cannot_be_found_is_refused_saying_to_define_it_inside(kernel):
    kernel.run('''Made = type("Made", (), {"k": 2})


def uses(v):
    return Made.k * v
''')
    with pytest.raises(HandoverError) as raised:
        FunctionSource.of(kernel.namespace["uses"])
    message = str(raised.value)
    assert "uses" in message and "'Made'" in message and "inside the function" in message
