"""Bad input to robocourse.codegen and robocourse.closed_form — and the valid input that the
generated C used to refuse: symbols named like C keywords (``float``), two symbols that share
a name with different assumptions (issue 17)."""

import numpy as np
import pytest
import sympy as sp
from bad_input import assert_keeps_the_contract, named_in_the_error

from robocourse.closed_form import closed_form, exact_arm
from robocourse.codegen import (
    CompiledDynamics,
    NumericFunction,
    c_compiler,
    c_source,
    compile_c,
    straight_line_program,
)
from robocourse.models import planar_2r
from robocourse.robot import Link, SerialChain

x, y = sp.symbols("x y")
ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
HALF = SerialChain([Link(mass=1.0, r_c=[0, 0, 0], I_c=np.eye(3)), Link(a=1.0)], name="half")
BACKENDS = ["c", "numpy"]


PRODUCT = NumericFunction(sp.Matrix([x * y]), {"x": x, "y": y}, backend="numpy")
MODEL = CompiledDynamics(ARM, backend="numpy")
FORM = closed_form(ARM)


def _function(**changes):
    arguments = dict(expressions=sp.Matrix([x * y]), arguments={"x": x, "y": y},
                     backend="numpy")
    arguments.update(changes)
    return lambda: NumericFunction(**arguments)


def _program():
    return straight_line_program([x * y], [x, y])


CONSTRUCTION = [
    ("expressions as text", _function(expressions="x*y"), TypeError,
     "expressions", "sympy Matrix", "'x*y'"),
    ("expressions None", _function(expressions=None), TypeError,
     "expressions", "sympy Matrix", "None"),
    ("arguments as a list", _function(arguments=[x, y]), TypeError, "arguments", "dict", "[x, y]"),
    ("an argument given as text", _function(arguments={"x": "x", "y": y}), TypeError,
     "arguments['x']", "symbols", "'x'"),
    ("an argument named by a number", _function(arguments={1: x, "y": y}), TypeError,
     "name", "string", "1"),
    ("one symbol for two arguments", _function(arguments={"x": x, "y": x}), ValueError,
     "arguments['y']", "one input", "x"),
    ("a symbol that is not an argument", _function(arguments={"x": x}), ValueError,
     "expressions", "not arguments", "y"),
    ("name 3", _function(name=3), ValueError, "name", "C identifier", "3"),
    ("name with a space", _function(name="not valid"), ValueError,
     "name", "C identifier", "'not valid'"),
    ("name float", _function(name="float"), ValueError, "name", "word of C", "'float'"),
    ("name sin", _function(name="sin"), ValueError, "name", "word of C", "'sin'"),
    ("backend fortran", _function(backend="fortran"), ValueError,
     "backend", ("'c'", "'numpy'"), "'fortran'"),
    ("shape as text", _function(shape="1"), TypeError, "shape", "tuple", "'1'"),
    ("shape too big", _function(shape=(2,)), ValueError, "shape", "hold", "(2,)"),
    ("failure message 3", _function(failure=3), TypeError, "failure", "string", "3"),
    ("definitions True", _function(definitions=True), TypeError, "definitions", "sequence", "True"),
    ("a definition that is not a pair", _function(definitions=[x]), TypeError,
     "definitions[0]", "pair", "x"),
    ("a definition as text", _function(definitions=[(sp.Symbol("s"), "sin(x)")]), TypeError,
     "definitions[0][1]", "sympy expression", "'sin(x)'"),
    ("program of expressions as text", lambda: straight_line_program(["x*y"], [x, y]), TypeError,
     "expressions[0]", "sympy expression", "'x*y'"),
    ("program inputs as text", lambda: straight_line_program([x * y], "xy"), TypeError,
     "inputs", "sequence", "'xy'"),
    ("program inputs as numbers", lambda: straight_line_program([x * y], [1.0, y]), TypeError,
     "inputs[0]", "Symbol", "1.0"),
    ("C source named float", lambda: c_source(_program(), [x, y], "float"), ValueError,
     "name", "word of C", "'float'"),
    ("C source named 3", lambda: c_source(_program(), [x, y], 3), ValueError,
     "name", "C identifier", "3"),
    ("C source of no program", lambda: c_source([x * y], [x, y], "f"), TypeError,
     "program", "(assignments, outputs)", "[x*y]"),
    ("C source of a program of two texts", lambda: c_source(["a", "b"], [x, y], "f"), TypeError,
     "program", "(assignments, outputs)", "['a', 'b']"),
    ("C source of a program with a text assignment", lambda: c_source((["a"], [x]), [x], "f"),
     TypeError, "program", "(assignments, outputs)", "assignments[0] = 'a'"),
    ("a numeric function of None", lambda: NumericFunction(np.array([None, None]), {"x": x}),
     TypeError, "expressions[0]", "sympy expression", "None"),
    ("a numeric function of a complex expression",
     lambda: NumericFunction(sp.Matrix([x + sp.I]), {"x": x}), ValueError,
     "expressions[0]", "real", "x + I"),
    ("C source that reads a variable it does not have", lambda: c_source(([], [x * y]), [x], "f"),
     ValueError, "program", "assigned", "['y']"),
    ("C source over text inputs", lambda: c_source(_program(), ["x", "y"], "f"), TypeError,
     "inputs[0]", "Symbol", "'x'"),
    ("compiling a number", lambda: compile_c(3, "f"), TypeError, "source", "string", "3"),
    ("compiling into another folder", lambda: compile_c("int f(void) { return 0; }", "../f"),
     ValueError, "name", "C identifier", "'../f'"),
    ("compiled dynamics of a model function", lambda: CompiledDynamics(planar_2r), TypeError,
     "robot", "SerialChain", "planar_2r"),
    ("compiled dynamics of a symbolic arm", lambda: CompiledDynamics(planar_2r()), ValueError,
     "robot", "numeric"),
    ("compiled dynamics of an arm without masses", lambda: CompiledDynamics(HALF), ValueError,
     "link 2", "mass"),
    ("compiled dynamics in fortran", lambda: CompiledDynamics(ARM, backend="f"), ValueError,
     "backend", ("'c'", "'numpy'"), "'f'"),
    ("closed form of a model function", lambda: closed_form(planar_2r), TypeError,
     "robot", "SerialChain", "planar_2r"),
    ("closed form of an arm without masses", lambda: closed_form(HALF), ValueError,
     "link 2", "mass"),
    ("exact arm of text", lambda: exact_arm("2R"), TypeError, "robot", "SerialChain", "str"),
]

CALLS = [
    ("a numeric function of a bool", lambda: PRODUCT(True, 2.0), TypeError, "x", "number", "True"),
    ("a numeric function of text", lambda: PRODUCT("1", 2.0), TypeError, "x", "number", "'1'"),
    ("a numeric function of nan", lambda: PRODUCT(np.nan, 2.0), ValueError, "x", "finite", "nan"),
    ("a numeric function of a list for a number", lambda: PRODUCT([1.0], 2.0), ValueError,
     "x", "shape ()", "(1,)"),
    ("a numeric function of one argument of two", lambda: PRODUCT(1.0), TypeError,
     "f", "2 arguments", "1"),
    ("a numeric function of a symbol", lambda: PRODUCT(x, 2.0), TypeError, "x", "numbers", "x"),
    ("many states of bools", lambda: PRODUCT.many(np.array([True]), [2.0]), TypeError,
     "x[0]", "number", "True"),
    ("many states of text", lambda: PRODUCT.many([["a"]], [2.0]), TypeError,
     "x[0]", "number", "'a'"),
    ("many states with rows that differ", lambda: PRODUCT.many([1.0, 2.0], [2.0]), ValueError,
     "f.many", "same number of rows", "[2, 1]"),
    ("many states of the wrong shape", lambda: PRODUCT.many([[1.0]], [2.0]), ValueError,
     "x", "array", "(1, 1)"),
    ("compiled inverse dynamics of a bool",
     lambda: MODEL.inverse_dynamics([True, 0.0], [0.0, 0.0], [0.0, 0.0]), TypeError,
     "q[0]", "number", "True"),
    ("a compiled mass matrix of 3 joints", lambda: MODEL.mass_matrix([0.0, 0.0, 0.0]), ValueError,
     "q", "shape (2,)", "(3,)"),
    ("compiled forward dynamics of text torques",
     lambda: MODEL.forward_dynamics([0.0, 0.0], [0.0, 0.0], ["1", "2"]), TypeError,
     "tau[0]", "number", "'1'"),
    ("a compiled gravity load of a bool array", lambda: MODEL.gravity_load(np.array([True, False])),
     TypeError, "q[0]", "number", "True"),
    ("a compiled velocity product that overflows",
     lambda: MODEL.velocity_product([0.0, 1.0], [1e200, 0.0]), OverflowError,
     "qd", "floating point"),
    ("compiled forward dynamics at rates that overflow (not a singular M)",
     lambda: MODEL.forward_dynamics([0.0, 1.0], [1e200, 0.0], [0.0, 0.0]), OverflowError,
     "qd", "floating point"),
    ("compiled forward dynamics of torques that overflow the solve",
     lambda: MODEL.forward_dynamics([0.0, 1.0], [0.0, 0.0], [1.7e308, -1.7e308]), OverflowError,
     "tau", "floating point"),
    ("a compiled state rate at rates that overflow, many states",
     lambda: MODEL.state_rate.many([[0.0, 1.0, 0.0, 0.0], [0.0, 1.0, 1e200, 0.0]],
                                   [[0.0, 0.0]] * 2), OverflowError,
     "y", "floating point"),
    ("closed-form inverse dynamics of a bool",
     lambda: FORM.inverse_dynamics([True, 0.0], [0.0, 0.0], [0.0, 0.0]), TypeError,
     "q[0]", "number", "True"),
    ("a closed-form mass matrix of 1 joint", lambda: FORM.mass_matrix([0.0]), ValueError,
     "q", "2 entries", "1"),
    ("a closed-form velocity product of text", lambda: FORM.velocity_product([0.0, 0.0], "00"),
     TypeError, "qd", "sequence", "'00'"),
    ("a closed-form gravity load at nan", lambda: FORM.gravity_load([np.nan, 0.0]), ValueError,
     "q[0]", "finite", "nan"),
    ("a closed-form Coriolis matrix of None", lambda: FORM.coriolis_matrix([0.0, 0.0], None),
     TypeError, "qd", "sequence", "None"),
    ("a closed-form velocity product that overflows",
     lambda: FORM.velocity_product([0.0, 1.0], [1e200, 0.0]), OverflowError,
     "qd", "floating point"),
    ("closed-form functions in fortran", lambda: FORM.numeric_functions(backend="x"), ValueError,
     "backend", ("'c'", "'numpy'"), "'x'"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(CONSTRUCTION + CALLS)


def test_a_symbolic_closed_form_cannot_be_compiled():
    with pytest.raises(ValueError) as caught:
        closed_form(planar_2r()).numeric_functions(backend="numpy")
    assert_keeps_the_contract(str(caught.value), "expressions", ("not arguments", "substitute"),
                              "l1, l2, m1, m2")


# --- valid input that the generated C used to refuse ----------------------------------------

WORDS = ["float", "double", "int", "char", "void", "while", "for", "return", "sizeof", "bool",
         "true", "sin", "exp", "pow", "NAN", "INFINITY", "isnan", "in", "out", "count", "bad",
         "k"]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("word", WORDS)
def test_a_symbol_named_like_a_word_of_c_compiles(word, backend):
    if backend == "c" and c_compiler() is None:
        pytest.skip("no C compiler on this machine")
    s = sp.Symbol(word)
    f = NumericFunction(sp.Matrix([2 * s + sp.sin(s) + sp.exp(x)]), {"s": s, "x": x},
                        backend=backend)
    np.testing.assert_allclose(f(0.5, 0.0), 2 * 0.5 + np.sin(0.5) + 1.0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_two_symbols_of_one_name_with_different_assumptions_are_two_inputs(backend):
    if backend == "c" and c_compiler() is None:
        pytest.skip("no C compiler on this machine")
    plain, positive = sp.Symbol("m"), sp.Symbol("m", positive=True)
    cse_like = sp.Symbol("x0", real=True)            # named like sympy's own temporaries
    expression = plain + 10 * positive + 100 * cse_like + sp.sin(plain) ** 2 + sp.sin(plain)
    f = NumericFunction(sp.Matrix([expression]), {"a": [plain, positive, cse_like]},
                        backend=backend)
    np.testing.assert_allclose(f([1.0, 2.0, 3.0]),
                               1.0 + 20.0 + 300.0 + np.sin(1.0) ** 2 + np.sin(1.0))
