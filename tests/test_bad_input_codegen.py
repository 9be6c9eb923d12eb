"""Bad input to robocourse.codegen and robocourse.closed_form — and the valid input that the
generated C used to refuse: symbols named like C keywords (``float``), two symbols that share
a name with different assumptions (issue 17)."""

import numpy as np
import pytest
import sympy as sp
from bad_input import named_in_the_error

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
     r"^expressions must be a sympy Matrix or a list of sympy expressions; got 'x\*y'"),
    ("expressions None", _function(expressions=None), TypeError,
     r"^expressions must be a sympy Matrix .*; got None"),
    ("arguments as a list", _function(arguments=[x, y]), TypeError,
     r"^arguments must be a dict from argument name to its symbols"),
    ("an argument given as text", _function(arguments={"x": "x", "y": y}), TypeError,
     r"^arguments\['x'\] must hold sympy symbols; got 'x'"),
    ("an argument named by a number", _function(arguments={1: x, "y": y}), TypeError,
     r"^an argument name must be a string; got 1"),
    ("one symbol for two arguments", _function(arguments={"x": x, "y": x}), ValueError,
     r"^arguments\['y'\] repeats the symbol x of arguments\['x'\]: each symbol is one input"),
    ("a symbol that is not an argument", _function(arguments={"x": x}), ValueError,
     r"^expressions contain symbols that are not arguments: y"),
    ("name 3", _function(name=3), ValueError,
     r"^name must be a C identifier \(letters, digits, _\); got 3"),
    ("name with a space", _function(name="not valid"), ValueError,
     r"^name must be a C identifier .*; got 'not valid'"),
    ("name float", _function(name="float"), ValueError,
     r"^name must not be a word of C or math.h; got 'float'"),
    ("name sin", _function(name="sin"), ValueError,
     r"^name must not be a word of C or math.h; got 'sin'"),
    ("backend fortran", _function(backend="fortran"), ValueError,
     r"^backend must be 'c' or 'numpy'; got 'fortran'"),
    ("shape as text", _function(shape="1"), TypeError,
     r"^shape must be a tuple of integers; got '1'"),
    ("shape too big", _function(shape=(2,)), ValueError,
     r"^shape \(2,\) does not hold the 1 expressions"),
    ("failure message 3", _function(failure=3), TypeError, r"^failure must be a string; got 3"),
    ("definitions True", _function(definitions=True), TypeError,
     r"^definitions must be a sequence of \(symbol, expression\) pairs; got True"),
    ("a definition that is not a pair", _function(definitions=[x]), TypeError,
     r"^definitions\[0\] must be a pair \(symbol, expression\); got x"),
    ("a definition as text", _function(definitions=[(sp.Symbol("s"), "sin(x)")]), TypeError,
     r"^definitions\[0\]\[1\] must be a sympy expression or Matrix; got 'sin\(x\)'"),
    ("program of expressions as text", lambda: straight_line_program(["x*y"], [x, y]),
     TypeError, r"^expressions\[0\] must be a sympy expression or Matrix; got 'x\*y'"),
    ("program inputs as text", lambda: straight_line_program([x * y], "xy"), TypeError,
     r"^inputs must be a sequence of symbols; got 'xy'"),
    ("program inputs as numbers", lambda: straight_line_program([x * y], [1.0, y]), TypeError,
     r"^inputs\[0\] must be a sympy Symbol; got 1.0"),
    ("C source named float", lambda: c_source(_program(), [x, y], "float"), ValueError,
     r"^name must not be a word of C or math.h; got 'float'"),
    ("C source named 3", lambda: c_source(_program(), [x, y], 3), ValueError,
     r"^name must be a C identifier"),
    ("C source of no program", lambda: c_source([x * y], [x, y], "f"), TypeError,
     r"^program must be \(assignments, outputs\) as straight_line_program gives, assignments a "
     r"list of \(symbol, expression\) pairs; got \[x\*y\]"),
    ("C source of a program of two texts", lambda: c_source(["a", "b"], [x, y], "f"), TypeError,
     r"^program must be .*; got \['a', 'b'\]$"),
    ("C source of a program with a text assignment",
     lambda: c_source((["a"], [x]), [x], "f"), TypeError,
     r"^program must be .*; got assignments\[0\] = 'a'$"),
    ("a numeric function of None", lambda: NumericFunction(np.array([None, None]), {"x": x}),
     TypeError, r"^expressions\[0\] must be a sympy expression or Matrix; got None$"),
    ("a numeric function of a complex expression",
     lambda: NumericFunction(sp.Matrix([x + sp.I]), {"x": x}), ValueError,
     r"^expressions\[0\] must be real \(the code computes floats\); got x \+ I$"),
    ("C source that reads a variable it does not have",
     lambda: c_source(([], [x * y]), [x], "f"), ValueError,
     r"^program's outputs\[0\] uses \['y'\], which is neither an input nor assigned before it"),
    ("C source over text inputs", lambda: c_source(_program(), ["x", "y"], "f"), TypeError,
     r"^inputs\[0\] must be a sympy Symbol; got 'x'"),
    ("compiling a number", lambda: compile_c(3, "f"), TypeError,
     r"^source must be a string; got 3"),
    ("compiling into another folder", lambda: compile_c("int f(void) { return 0; }", "../f"),
     ValueError, r"^name must be a C identifier .*; got '../f'"),
    ("compiled dynamics of a model function",
     lambda: CompiledDynamics(planar_2r), TypeError,
     r"^robot must be a SerialChain; got the function planar_2r \(did you mean planar_2r\(\)\?\)"),
    ("compiled dynamics of a symbolic arm",
     lambda: CompiledDynamics(planar_2r()), ValueError,
     r"^robot must have numeric parameters to be compiled"),
    ("compiled dynamics of an arm without masses",
     lambda: CompiledDynamics(HALF), ValueError,
     r"^link 2 of 'half' has no mass"),
    ("compiled dynamics in fortran",
     lambda: CompiledDynamics(ARM, backend="f"),
     ValueError, r"^backend must be 'c' or 'numpy'; got 'f'"),
    ("closed form of a model function", lambda: closed_form(planar_2r), TypeError,
     r"^robot must be a SerialChain; got the function planar_2r \(did you mean"),
    ("closed form of an arm without masses", lambda: closed_form(HALF), ValueError,
     r"^link 2 of 'half' has no mass"),
    ("exact arm of text", lambda: exact_arm("2R"), TypeError,
     r"^robot must be a SerialChain \(e.g. planar_2r\(\)\); got str"),
]

CALLS = [
    ("a numeric function of a bool", lambda: PRODUCT(True, 2.0), TypeError,
     r"^x must be a number .* not a bool; got True"),
    ("a numeric function of text", lambda: PRODUCT("1", 2.0), TypeError,
     r"^x must be a number or a sympy expression; got '1'"),
    ("a numeric function of nan", lambda: PRODUCT(np.nan, 2.0), ValueError,
     r"^x must be a finite real number; got nan"),
    ("a numeric function of a list for a number", lambda: PRODUCT([1.0], 2.0), ValueError,
     r"^x must have shape \(\) \(one entry per joint or axis\); got shape \(1,\)"),
    ("a numeric function of one argument of two", lambda: PRODUCT(1.0), TypeError,
     r"^f takes 2 arguments \(x, y\); got 1"),
    ("a numeric function of a symbol", lambda: PRODUCT(x, 2.0), TypeError,
     r"^x must hold numbers \(a compiled function takes no symbols\); got x"),
    ("many states of bools", lambda: PRODUCT.many(np.array([True]), [2.0]), TypeError,
     r"^x\[0\] must be a number .* not a bool"),
    ("many states of text", lambda: PRODUCT.many([["a"]], [2.0]), TypeError,
     r"^x\[0\] must be a number"),
    ("many states with rows that differ", lambda: PRODUCT.many([1.0, 2.0], [2.0]), ValueError,
     r"^every argument of f.many must have"),
    ("many states of the wrong shape", lambda: PRODUCT.many([[1.0]], [2.0]), ValueError,
     r"^x must be an array of shape \(N,\), one state per row; got shape \(1, 1\)"),
    ("compiled inverse dynamics of a bool",
     lambda: MODEL.inverse_dynamics([True, 0.0], [0.0, 0.0], [0.0, 0.0]), TypeError,
     r"^q\[0\] must be a number .* not a bool"),
    ("a compiled mass matrix of 3 joints", lambda: MODEL.mass_matrix([0.0, 0.0, 0.0]),
     ValueError, r"^q must have shape \(2,\) .*; got shape \(3,\)"),
    ("compiled forward dynamics of text torques",
     lambda: MODEL.forward_dynamics([0.0, 0.0], [0.0, 0.0], ["1", "2"]), TypeError,
     r"^tau\[0\] must be a number or a sympy expression; got '1'"),
    ("a compiled gravity load of a bool array",
     lambda: MODEL.gravity_load(np.array([True, False])), TypeError,
     r"^q\[0\] must be a number .* not a bool"),
    ("a compiled velocity product that overflows",
     lambda: MODEL.velocity_product([0.0, 1.0], [1e200, 0.0]), OverflowError,
     r"^velocity_product\(\.\.\.\) overflows floating point: the result is not finite; .* "
     r"up to 1e\+200 \(in qd\)"),
    ("compiled forward dynamics at rates that overflow (not a singular M)",
     lambda: MODEL.forward_dynamics([0.0, 1.0], [1e200, 0.0], [0.0, 0.0]), OverflowError,
     r"^forward_dynamics\(\.\.\.\) overflows floating point: the Coriolis and centripetal "
     r"torques c\(q, qd\) are not finite; .* up to 1e\+200 \(in qd\)"),
    ("compiled forward dynamics of torques that overflow the solve",
     lambda: MODEL.forward_dynamics([0.0, 1.0], [0.0, 0.0], [1.7e308, -1.7e308]), OverflowError,
     r"^forward_dynamics\(\.\.\.\) overflows floating point: the accelerations M\(q\)⁻¹ "
     r"\(τ − c − G\) are not finite; .* \(in tau\)"),
    ("a compiled state rate at rates that overflow, many states",
     lambda: MODEL.state_rate.many([[0.0, 1.0, 0.0, 0.0], [0.0, 1.0, 1e200, 0.0]],
                                   [[0.0, 0.0]] * 2), OverflowError,
     r"^state_rate\(\.\.\.\) overflows floating point: the Coriolis .* \(in y\)"),
    ("closed-form inverse dynamics of a bool",
     lambda: FORM.inverse_dynamics([True, 0.0], [0.0, 0.0], [0.0, 0.0]), TypeError,
     r"^q\[0\] must be a number .* not a bool"),
    ("a closed-form mass matrix of 1 joint", lambda: FORM.mass_matrix([0.0]), ValueError,
     r"^q must have 2 entries \(one per joint\)"),
    ("a closed-form velocity product of text",
     lambda: FORM.velocity_product([0.0, 0.0], "00"), TypeError,
     r"^qd must be a sequence of 2 numbers; got '00'"),
    ("a closed-form gravity load at nan", lambda: FORM.gravity_load([np.nan, 0.0]), ValueError,
     r"^q\[0\] must be a finite real number; got nan"),
    ("a closed-form Coriolis matrix of None", lambda: FORM.coriolis_matrix([0.0, 0.0], None),
     TypeError, r"^qd must be a sequence of 2 numbers; got None"),
    ("a closed-form velocity product that overflows",
     lambda: FORM.velocity_product([0.0, 1.0], [1e200, 0.0]), OverflowError,
     r"^ClosedForm.velocity_product\(\.\.\.\) overflows floating point: .* \(in qd\)"),
    ("closed-form functions in fortran", lambda: FORM.numeric_functions(backend="x"),
     ValueError, r"^backend must be 'c' or 'numpy'; got 'x'"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(CONSTRUCTION + CALLS)


def test_a_symbolic_closed_form_cannot_be_compiled():
    with pytest.raises(ValueError, match=r"not arguments: l1, l2, m1, m2; substitute numbers"):
        closed_form(planar_2r()).numeric_functions(backend="numpy")


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
