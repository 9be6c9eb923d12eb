"""Fast numeric functions from symbolic models: straight-line programs compiled to C.

A symbolic result — say the Newton–Euler torques of the PUMA 560 written with its
numeric parameters and the symbols ``q, q̇, q̈`` of ``joint_symbols`` — is a tree in
which the same pieces (``sin θ2``, a rotated angular velocity, …) occur again and
again. A *straight-line program* computes every piece once::

    c2 = cos(theta2)
    s2 = sin(theta2)
    w2rx = -s2*thetadot1
    ...
    out[1] = n2z;

Two ways lead to one. For any expressions, common-subexpression elimination
(``sp.cse``, ``straight_line_program``). For the dynamics of a robot, better: the
Newton–Euler recursion itself, run on symbols about the link origins with every
intermediate named link by link as it is formed (``w2x`` is ``ω`` of link 2, ``vd3y``
its ``v̇``, ``n4z`` a joint moment; see ``component_recursion.link_recursion``), so the program
follows the recursion, with each sine and cosine computed once, no product formed
with a zero parameter or with the 0 and ±1 of a 90° twist, a last link that is round
about its axis never turned, and the dead intermediates dropped. For the PUMA 560
that is 193 multiplications with its standard parameters and 169 with the base
parameters of chapter 7 (``operation_count``), the figures of a customised symbolic
Newton–Euler (Khalil & Kleinfinger 1987).

``NumericFunction`` prints the program as C (sympy's C code printer), compiles it
with the system C compiler into a shared library and calls it through a small
CPython extension (``robocourse/_fastcall.c``, compiled once per machine): one call
takes float arrays, lists or floats, and an optional ``out=`` array, and costs little
more than the program itself; ``.many`` runs a loop in C over many states. Compiled
libraries are kept in ``cache_folder()`` under a hash of their source, so each is
built once per machine. Without the extension (no Python headers) the same library
is called through ``ctypes``; without a C compiler the program runs in numpy
(``sp.lambdify``), still vectorised over many states.

``CompiledDynamics`` applies this to a robot: the five verbs of every dynamics route
(inverse dynamics, mass matrix, velocity product, Coriolis matrix, gravity load) and
forward dynamics as generated code, each generated on first use.
"""

import ast
import ctypes
import functools
import hashlib
import importlib.machinery
import importlib.util
import inspect
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import warnings
from functools import cached_property
from pathlib import Path

import numpy as np
import sympy as sp
from sympy.codegen.rewriting import ReplaceOptim, optimize

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.component_recursion import (
    Geometry,
    add,
    constant_cos_sin,
    link_parameters,
    link_recursion,
    mul,
    sub,
)
from robocourse.language import say
from robocourse.newton_euler import christoffel_columns_unchecked
from robocourse.robot import joint_of, joint_symbols_unchecked

_C_FLAGS = ("-O2", "-shared", "-fPIC", "-fno-semantic-interposition", "-fno-math-errno")
_EXPAND_POWERS = [ReplaceOptim(                             # x**3 -> x*x*x in C
    lambda e: e.is_Pow and e.base.is_symbol and e.exp.is_Integer and 2 <= e.exp <= 4,
    lambda e: sp.UnevaluatedExpr(sp.Mul(*[e.base] * int(e.exp), evaluate=False)))]
_FASTCALL = Path(__file__).with_name("_fastcall.c")
# The rules of values that are not arguments themselves (entries of a program, of a list).
_EXPRESSION = check.Expression()
_FINITE_EXPRESSION = check.Expression(finite=True)
_VALUES = check.Values()
#: The robot of compiled dynamics: with its mass properties, unless ``parameters`` replace them.
_COMPILED_ROBOT = check.Robot(dynamics=lambda given: given.get("parameters") is None)


def cache_folder():
    """The folder of compiled libraries: ``$ROBOCOURSE_CACHE`` if set, else
    ``robocourse/`` in the user cache (``$XDG_CACHE_HOME`` or ``~/.cache``).

    It lives outside the repository, and everything in it can be deleted at any time.
    """
    if os.environ.get("ROBOCOURSE_CACHE"):
        return Path(os.environ["ROBOCOURSE_CACHE"])
    user_cache = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(user_cache) / "robocourse"


def c_compiler():
    """The path of the C compiler (``$CC``, else ``cc``), or None when there is none."""
    return shutil.which(os.environ.get("CC", "cc"))


def _described(names, values):
    """``name=value, …`` of the arguments ``names`` at ``values``, for an error."""
    return ", ".join(f"{name}={np.asarray(value, dtype=float)}"
                     for name, value in zip(names, values, strict=True))


def _argument_groups(arguments):
    """``[(name, shape, [symbols])]`` from a mapping name -> symbol or vector of symbols.

    The shape of one value: ``()`` for a single symbol, ``(k,)`` for k of them.
    """
    if not hasattr(arguments, "items") or not arguments:
        raise TypeError(say("arguments must be a dict from argument name to its symbols, e.g. "
                            "{{'q': q, 'qd': qd}}; got {arguments}", "errors",
                            arguments=check.shown(arguments)))
    groups, owner = [], {}
    for name, symbols in arguments.items():
        check.Text().of(name, say("an argument name", "errors"))
        vector = isinstance(symbols, (sp.MatrixBase, list, tuple))
        symbols = list(symbols) if vector else [symbols]
        for s in symbols:
            if not isinstance(s, sp.Symbol):
                raise TypeError(say("arguments[{name}] must hold sympy symbols; got {s}",
                                    "errors", name=repr(name), s=repr(s)))
            if s in owner:
                raise ValueError(say("arguments[{name}] repeats the symbol {s} of "
                                     "arguments[{owner}]: each symbol is one input", "errors",
                                     name=repr(name), s=s, owner=repr(owner[s])))
            owner[s] = name
        groups.append((name, (len(symbols),) if vector else (), symbols))
    return groups


# Words a generated program cannot use for a variable or a function: C's keywords (C89 to
# C23), the math.h functions sympy's C printer may call and its macros, and the program's
# own names. (Names with an underscore are never a symbol's own: see _c_names.)
_C_WORDS = frozenset("""
    auto break case char const continue default do double else enum extern float for goto
    if inline int long register restrict return short signed sizeof static struct switch
    typedef union unsigned void volatile while alignas alignof bool constexpr false nullptr
    true typeof
    acos asin atan atan2 cos sin tan acosh asinh atanh cosh sinh tanh exp exp2 expm1 frexp
    ilogb ldexp log log10 log1p log2 logb modf scalbn scalbln cbrt fabs hypot pow sqrt erf
    erfc lgamma tgamma ceil floor nearbyint rint lrint llrint round lround llround trunc fmod
    remainder remquo copysign nan nextafter nexttoward fdim fmax fmin fma
    NAN INFINITY HUGE MAXFLOAT isfinite isnan isinf isnormal signbit fpclassify isgreater
    isgreaterequal isless islessequal islessgreater isunordered
    in out count bad k
""".split())


def _c_identifier(name, label):
    """``name`` checked to be a C identifier that the generated program may define."""
    if not (isinstance(name, str) and name.isascii() and name.isidentifier()):
        raise ValueError(say("{label} must be a C identifier (letters, digits, _); got "
                             "{name}", "errors", label=label, name=repr(name)))
    if name in _C_WORDS:
        raise ValueError(say("{label} must not be a word of C or math.h; got {name}",
                             "errors", label=label, name=repr(name)))
    return name


def _c_names(inputs, reserved=()):
    """``{symbol: C symbol}``: each input's own name when it is a plain word (letters and
    digits) that C, math.h and the program (its ``reserved`` intermediates) leave free and
    no other input has taken (two symbols may share a name with different assumptions),
    else ``in_k``."""
    names, taken = {}, set(reserved)
    for k, s in enumerate(inputs):
        name = s.name
        plain = name.isascii() and name.isalnum() and name[0].isalpha()
        if not plain or name in _C_WORDS or name in taken or re.fullmatch(r"x\d+", name):
            name = f"in_{k}"                   # x0, x1, … are the program's own (sp.cse)
        names[s] = sp.Symbol(name)
        taken.add(name)
    return names


def _definitions(definitions):
    """``definitions`` checked to be ``[(symbol, expression), …]`` (named intermediates)."""
    if isinstance(definitions, (str, bytes)) or not hasattr(definitions, "__iter__"):
        raise TypeError(say("definitions must be a sequence of (symbol, expression) pairs; "
                            "got {definitions}", "errors",
                            definitions=check.shown(definitions)))
    checked = []
    for k, pair in enumerate(definitions):
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2
                and isinstance(pair[0], sp.Symbol)):
            raise TypeError(say("definitions[{k}] must be a pair (symbol, expression); got "
                                "{pair}", "errors", k=k, pair=check.shown(pair)))
        checked.append((pair[0], _EXPRESSION.of(pair[1], f"definitions[{k}][1]")))
    return checked


# --- straight-line programs -------------------------------------------------------------

def _live(assignments, outputs):
    """The ``assignments`` that ``outputs`` need, in order (dead code dropped)."""
    needed = set().union(*(sp.sympify(e).free_symbols for e in outputs))
    kept = []
    for symbol, value in reversed(assignments):
        if symbol in needed:
            kept.append((symbol, value))
            needed |= sp.sympify(value).free_symbols
    return kept[::-1]


@check.arguments(_finite=False, inputs=check.Symbols(None))
def straight_line_program(expressions, inputs, definitions=()):
    """``(assignments, outputs)``: a program that computes ``expressions`` of ``inputs``.

    ``definitions`` are named intermediate results ``[(symbol, expression)]``, a
    straight-line program of their own (each expression in the inputs and the names
    before it, as ``_Names`` writes the recursion): they are kept as they are, those
    that the expressions do not need are dropped. ``expressions`` are then rewritten
    by ``sp.cse`` as assignments ``x_k = …`` that compute every repeated
    sub-expression once, and the results.

    >>> x, y, s = sp.symbols('x y s')
    >>> straight_line_program([sp.sin(x) * y + sp.sin(x) ** 2], [x, y])
    ([(x0, sin(x))], [x0**2 + x0*y])
    >>> straight_line_program([s * y + s ** 2], [x, y], definitions=[(s, sp.sin(x))])
    ([(s, sin(x))], [s**2 + s*y])
    """
    if isinstance(expressions, (str, bytes)) or not hasattr(expressions, "__iter__"):
        raise TypeError(say("expressions must be a sequence of sympy expressions; got "
                            "{expressions}", "errors", expressions=check.shown(expressions)))
    expressions = [_EXPRESSION.of(e, f"expressions[{k}]") for k, e in enumerate(expressions)]
    definitions = _definitions(definitions)
    names = [name for name, _ in definitions]
    fresh = sp.numbered_symbols("x", exclude=[*inputs, *names])
    reduced, outputs = sp.cse(list(expressions), fresh, order="none")
    return _live([*definitions, *reduced], outputs), outputs


def _checked_program(program, inputs):
    """``program`` checked to be ``(assignments, outputs)`` as ``straight_line_program`` gives:
    pairs ``(symbol, expression)``, then expressions, each using only the ``inputs`` and the
    symbols assigned before it (else the C code would read an undeclared variable)."""
    if not (isinstance(program, (tuple, list)) and len(program) == 2
            and all(isinstance(part, (tuple, list)) for part in program)):
        raise TypeError(say("program must be (assignments, outputs) as straight_line_program "
                            "gives, assignments a list of (symbol, expression) pairs; got "
                            "{program}", "errors", program=check.shown(program)))
    assignments, outputs = program
    known = set(inputs)
    for k, pair in enumerate(assignments):
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2
                and isinstance(pair[0], sp.Symbol)):
            raise TypeError(say("program must be (assignments, outputs) as "
                                "straight_line_program gives, assignments a list of (symbol, "
                                "expression) pairs; got assignments[{k}] = {pair}", "errors",
                                k=k, pair=check.shown(pair)))
        _uses_only(_EXPRESSION.of(pair[1], f"assignments[{k}]"), known, f"assignments[{k}]")
        known.add(pair[0])
    for k, output in enumerate(outputs):
        _uses_only(_EXPRESSION.of(output, f"outputs[{k}]"), known, f"outputs[{k}]")
    return assignments, outputs


def _uses_only(expression, known, name):
    unknown = sp.sympify(expression).free_symbols - known
    if unknown:
        raise ValueError(say("program's {name} uses {symbols}, which is neither an input nor "
                             "assigned before it", "errors", name=name,
                             symbols=sorted(map(str, unknown))))


@check.arguments(_finite=False, inputs=check.Symbols(None))
def c_source(program, inputs, name):
    """C source of a straight-line ``program`` over ``inputs``.

    Two functions: ``int name(const double *in, double *out)`` for one state and
    ``int name_many(long count, const double *in, double *out)`` for ``count`` states
    stored row after row. Both return the number of results that are not finite.

    >>> x, y = sp.symbols('x y')
    >>> program = straight_line_program([sp.sin(x) * y, sp.sin(x) ** 2], [x, y])
    >>> print(c_source(program, [x, y], "f"))
    /* f: generated by robocourse.codegen */
    #include <math.h>
    <BLANKLINE>
    int f(const double *in, double *out)
    {
        const double x = in[0];
        const double y = in[1];
        const double x0 = sin(x);
        out[0] = x0*y;
        out[1] = x0*x0;
        int bad = 0;
        for (int k = 0; k < 2; k++) bad += !isfinite(out[k]);
        return bad;
    }
    ...
    """
    assignments, outputs = _checked_program(program, inputs)
    name = _c_identifier(name, "name")
    reserved = {symbol.name for symbol, _ in assignments}
    names = {s: c.name for s, c in _c_names(inputs, reserved).items()}
    body = [f"    const double {names[s]} = in[{k}];" for k, s in enumerate(inputs)]
    body += [f"    const double {s.name} = {_c(sp.sympify(e), names)};" for s, e in assignments]
    body += [f"    out[{k}] = {_c(sp.sympify(e), names)};" for k, e in enumerate(outputs)]
    return "\n".join([
        f"/* {name}: generated by robocourse.codegen */",
        "#include <math.h>",
        "",
        f"int {name}(const double *in, double *out)",
        "{",
        *body,
        "    int bad = 0;",
        f"    for (int k = 0; k < {len(outputs)}; k++) bad += !isfinite(out[k]);",
        "    return bad;",
        "}",
        "",
        f"int {name}_many(long count, const double *in, double *out)",
        "{",
        "    int bad = 0;",
        "    for (long k = 0; k < count; k++)",
        f"        bad += {name}(in + k * {len(inputs)}, out + k * {len(outputs)}) != 0;",
        "    return bad;",
        "}",
        "",
    ])


_C_FUNCTIONS = {"sin", "cos", "tan", "exp", "log", "sqrt", "asin", "acos", "atan", "sinh",
                "cosh", "tanh"}


def _c(expr, names):
    """C text of a sympy expression built by ``+ − × ÷``, small whole powers and the
    functions of ``<math.h>`` (sympy's C printer for anything else): floats round-trip
    (``repr``), ``x**3`` is ``x*x*x``, a negative term is subtracted."""
    if expr.is_Symbol:
        return names.get(expr, expr.name)
    if expr.is_Integer:
        return str(int(expr))
    if expr.is_Rational or expr.is_Float:
        return repr(float(expr))
    if expr.is_Add:
        text = ""
        for k, term in enumerate(expr.args):
            negative = term.as_coeff_Mul()[0].is_negative
            sign = (" - " if k else "-") if negative else (" + " if k else "")
            text += sign + _c(-term if negative else term, names)
        return text
    if expr.is_Mul:
        coefficient, factors = expr.as_coeff_mul()
        if coefficient.is_negative:
            return "-" + _c(-expr, names)
        above = [f for f in factors if not (f.is_Pow and f.exp.is_negative)]
        below = [f.base ** -f.exp for f in factors if f.is_Pow and f.exp.is_negative]
        parts = ([] if coefficient == 1 else [_c(coefficient, names)])
        parts += [_c_factor(f, names) for f in above]
        return "*".join(parts or ["1.0"]) + "".join("/" + _c_factor(f, names) for f in below)
    if expr.is_Pow and expr.base.is_Symbol and expr.exp.is_Integer and 2 <= expr.exp <= 4:
        return "*".join([_c_factor(expr.base, names)] * int(expr.exp))
    if expr.is_Pow and expr.exp.is_Integer and expr.exp < 0:
        return "1.0/" + _c_factor(expr.base ** -expr.exp, names)
    if isinstance(expr, sp.Function) and type(expr).__name__ in _C_FUNCTIONS:
        return f"{type(expr).__name__}({', '.join(_c(a, names) for a in expr.args)})"
    renamed = expr.xreplace({s: sp.Symbol(name) for s, name in names.items()})
    return sp.ccode(optimize(renamed, _EXPAND_POWERS), standard="c99")


def _c_factor(expr, names):
    """``_c`` of a factor of a product, in parentheses when it is a sum or a product."""
    text = _c(expr, names)
    return f"({text})" if expr.is_Add or expr.is_Mul or text.startswith("-") else text


_STATEMENT = re.compile(r"^\s+(?:const double \w+|out\[\d+\]) = (.+);$")


def count_operations(source):
    """The arithmetic of the one-state function of a ``c_source``: a dict of the number of
    ``multiplications``, ``divisions``, ``additions`` (+ and − between two terms; a
    change of sign is not counted), ``functions`` (calls of sin, cos, sqrt, …) and
    ``assignments`` (intermediate results), read from the C text itself.

    >>> x, y = sp.symbols('x y')
    >>> count_operations(c_source(straight_line_program([x * y - x / y], [x, y]), [x, y], "f"))
    {'multiplications': 1, 'divisions': 1, 'additions': 1, 'functions': 0, 'assignments': 0}
    """
    if not isinstance(source, str) or "_many(long count" not in source:
        raise TypeError(say("source must be the C text of codegen.c_source (e.g. "
                            "NumericFunction(...).source, backend 'c'); got {source}",
                            "errors", source=format(repr(source), ".80")))
    one = source[:source.index("_many(long count")]
    counts = dict.fromkeys(("multiplications", "divisions", "additions", "functions",
                            "assignments"), 0)
    kinds = {ast.Mult: "multiplications", ast.Div: "divisions", ast.Add: "additions",
             ast.Sub: "additions"}
    for line in one.splitlines():
        match = _STATEMENT.match(line)
        if match is None or re.fullmatch(r"in\[\d+\]", match.group(1)):
            continue
        counts["assignments"] += line.lstrip().startswith("const")
        for node in ast.walk(ast.parse(match.group(1), mode="eval")):
            if isinstance(node, ast.BinOp) and type(node.op) in kinds:
                counts[kinds[type(node.op)]] += 1
            elif isinstance(node, ast.Call):
                counts["functions"] += 1
    return counts


# --- compiling and calling ----------------------------------------------------------------

def _build(command_and_flags, source, name, suffix, extra=()):
    """Compile ``source`` (C) with ``command_and_flags`` into ``cache_folder()``, once:
    the file name carries a hash of the source, the command and ``extra``."""
    digest = hashlib.sha256("\n".join([*command_and_flags, *extra, source]).encode())
    folder = cache_folder()
    folder.mkdir(parents=True, exist_ok=True)
    library = folder / f"{name}-{digest.hexdigest()[:16]}{suffix}"
    if library.exists():
        return library
    with tempfile.TemporaryDirectory(dir=folder) as work:
        c_file, built = Path(work) / f"{name}.c", Path(work) / library.name
        c_file.write_text(source)
        result = subprocess.run([*command_and_flags, "-o", str(built), str(c_file), "-lm"],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(say("compiling {name} failed:\n{errors}", "errors", name=name,
                                   errors=result.stderr))
        os.replace(built, library)        # atomic: parallel sessions never see half a file
    return library


@check.arguments(_finite=False, source=check.Text())
def compile_c(source, name):
    """Compile C ``source`` into a shared library in ``cache_folder()`` and return its path.

    The file name carries a hash of the source and the compiler command, so a
    library is built once and found again by every later session; a new source
    gets a new file. Raises RuntimeError when no compiler is found or it fails.
    """
    _c_identifier(name, "name")
    compiler = c_compiler()
    if compiler is None:
        raise RuntimeError(say("no C compiler found (set $CC or install cc)", "errors"))
    return _build([compiler, *_C_FLAGS], source, name, ".dll" if os.name == "nt" else ".so")


@functools.cache
def _fastcall():
    """The extension ``_fastcall`` (built once per machine), or None when it cannot be
    built — no compiler, no Python headers — with a warning that says why."""
    compiler = c_compiler()
    include = sysconfig.get_paths()["include"]
    if compiler is None or not (Path(include) / "Python.h").exists():
        why = (say("no C compiler", "errors") if compiler is None else
               say("no Python.h in {include}", "errors", include=include))
        warnings.warn(say("robocourse.codegen: generated code is called through ctypes ({why}), "
                          "about 1 µs slower per call", "errors", why=why), RuntimeWarning,
                      stacklevel=3)
        return None
    command = [compiler, *_C_FLAGS, "-I", include, "-I", np.get_include()]
    try:
        path = _build(command, _FASTCALL.read_text(), "_fastcall",
                      sysconfig.get_config_var("EXT_SUFFIX") or ".so",
                      extra=(sys.version, np.__version__))
    except RuntimeError as error:
        warnings.warn(say("robocourse.codegen: the extension _fastcall did not build, "
                          "generated code is called through ctypes: {error}", "errors",
                          error=error), RuntimeWarning, stacklevel=3)
        return None
    loader = importlib.machinery.ExtensionFileLoader("robocourse._fastcall", str(path))
    module = importlib.util.module_from_spec(
        importlib.util.spec_from_file_location("robocourse._fastcall", path, loader=loader))
    loader.exec_module(module)
    return module


class _CProgram:
    """The compiled program: its one-state function's address, and many states at once."""

    def __init__(self, source, name):
        self.source = source
        self._library = ctypes.CDLL(str(compile_c.__wrapped__(source, name)))
        self._one, self._many = self._library[name], self._library[f"{name}_many"]
        pointer = ctypes.c_void_p
        self._one.argtypes, self._one.restype = [pointer, pointer], ctypes.c_int
        self._many.argtypes = [ctypes.c_long, pointer, pointer]
        self._many.restype = ctypes.c_int
        self.address = ctypes.cast(self._one, ctypes.c_void_p).value

    def one(self, inputs, outputs):
        return self._one(inputs.ctypes.data, outputs.ctypes.data)

    def many(self, inputs, outputs):
        return self._many(len(inputs), inputs.ctypes.data, outputs.ctypes.data)


class _NumpyProgram:
    """The same program as numpy code (``sp.lambdify``), for machines without a compiler."""

    def __init__(self, program, inputs):
        # Inputs as in_0, in_1, …: a symbol's own name may be a numpy function the program
        # calls (sin) or be shared by two symbols with different assumptions.
        names = {s: sp.Symbol(f"in_{k}") for k, s in enumerate(inputs)}
        assignments = [(s, sp.sympify(e).xreplace(names)) for s, e in program[0]]
        outputs = [sp.sympify(e).xreplace(names) for e in program[1]]
        self._function = sp.lambdify([list(names.values())], outputs, modules="numpy",
                                     cse=lambda expressions: (assignments, outputs))
        self.source = inspect.getsource(self._function)

    def many(self, inputs, outputs):
        with np.errstate(all="ignore"):
            for k, value in enumerate(self._function(inputs.T)):
                outputs[:, k] = value
        return int(np.count_nonzero(~np.isfinite(outputs)))

    def one(self, inputs, outputs):
        return self.many(inputs[None], outputs[None])


#: What ``backend`` may be: None (C when a compiler is found, else numpy), "c" or "numpy".
_BACKEND = check.Optional(check.Choice("c", "numpy"))


def _backend_of(backend):
    """The backend to run on: ``backend`` itself, or for None the default (``_BACKEND``)."""
    return backend or ("c" if c_compiler() else "numpy")


@functools.cache
def _fast_class():
    """``NumericFunction`` called by the extension's C code (None without the extension)."""
    module = _fastcall()
    if module is None:
        return None
    return type("NumericFunction", (NumericFunction, module.Function),
                {"__call__": module.Function.__call__, "__module__": __name__,
                 "__doc__": NumericFunction.__doc__})


def _expression_matrix(expressions):
    """``expressions`` (one, a list, an array or a Matrix) as a sympy Matrix, each entry
    checked to be a finite real expression (the code computes floats)."""
    if isinstance(expressions, sp.Expr):
        expressions = [expressions]
    try:
        entries = (list(expressions) if isinstance(expressions, sp.MatrixBase)
                   else np.asarray(expressions, dtype=object).ravel().tolist())
    except ValueError as error:                                  # ragged
        raise TypeError(say("expressions must be a sympy Matrix or a list of sympy "
                            "expressions; got {expressions}", "errors",
                            expressions=check.shown(expressions))) from error
    for k, entry in enumerate(entries):
        entry = _FINITE_EXPRESSION.of(entry, f"expressions[{k}]")
        if isinstance(entry, sp.Expr) and entry.has(sp.I):
            raise ValueError(say("expressions[{k}] must be real (the code computes floats); "
                                 "got {entry}", "errors", k=k, entry=entry))
    return sp.Matrix(expressions)


class NumericFunction:
    """``expressions`` of sympy symbols turned into a fast function of numbers.

    ``arguments`` maps each argument's name to its symbols, e.g.
    ``{"q": q, "qd": qd}`` with ``q, qd`` from ``joint_symbols``; every other symbol
    must already be replaced by a number. ``f(*values)`` evaluates one state and
    returns an array shaped like ``expressions`` (a vector gives a 1-D array), or
    fills ``f(*values, out=array)`` (a float array of that shape) and returns it;
    ``f.many(*arrays)`` evaluates N states at once, each argument an (N, k) array.

    ``definitions`` are named intermediate results, see ``straight_line_program``;
    ``shape`` is that of one result (default: 1-D for a column or a list, else the
    shape of the matrix ``expressions``). The program runs as compiled C
    (``backend="c"``) or as numpy code (``backend="numpy"``); the default takes C
    when a compiler is found. ``source`` is the generated program, ``calls`` how one
    state is called (``"extension"``, ``"ctypes"`` or ``"numpy"``). A result that is
    not finite raises ValueError, opening with ``failure`` (or the error that
    ``explain(*values)`` returns, when it is set and returns one).

    >>> x, y = sp.symbols('x y')
    >>> f = NumericFunction(sp.Matrix([x * y, x + y]), {"x": x, "y": y})
    >>> f(2.0, 3.0)
    array([6., 5.])
    >>> f.many([2.0, 1.0], [3.0, 1.0])
    array([[6., 5.],
           [1., 2.]])
    """

    def __new__(cls, expressions, arguments, name="f", backend=None, *args, **kwargs):
        if cls is NumericFunction and _backend_of(backend) == "c" and _fast_class():
            cls = _fast_class()
        return super().__new__(cls)

    @check.arguments(_finite=False, backend=_BACKEND, failure=check.Optional(check.Text()))
    def __init__(self, expressions, arguments, name="f", backend=None, failure=None,
                 definitions=(), shape=None):
        backend = _backend_of(backend)
        _c_identifier(name, "name")
        definitions = _definitions(definitions)
        if isinstance(expressions, (str, bytes)) or not isinstance(
                expressions, (sp.MatrixBase, sp.Expr, list, tuple, np.ndarray)):
            raise TypeError(say("expressions must be a sympy Matrix or a list of sympy "
                                "expressions; got {expressions}", "errors",
                                expressions=check.shown(expressions)))
        matrix = _expression_matrix(expressions)
        self.name = name
        if shape is None:
            shape = (matrix.rows,) if matrix.cols == 1 else matrix.shape
        elif not isinstance(shape, tuple) or not all(isinstance(s, int) for s in shape):
            raise TypeError(say("shape must be a tuple of integers; got {shape}", "errors",
                                shape=check.shown(shape)))
        elif np.prod(shape) != len(matrix):
            raise ValueError(say("shape {shape} does not hold the {count} expressions",
                                 "errors", shape=shape, count=len(matrix)))
        self.shape = tuple(shape)
        self.failure = failure      # None: "<name> is not finite", said when it is not
        self.explain = None     # values -> the error that says why the result is not, or None
        groups = _argument_groups(arguments)
        inputs = [s for _, _, symbols in groups for s in symbols]
        known = {*inputs, *(symbol for symbol, _ in definitions)}
        for label, values in (("definitions", [value for _, value in definitions]),
                              ("expressions", list(matrix))):
            unknown = set().union(*(sp.sympify(v).free_symbols for v in values)) - known
            if unknown:
                raise ValueError(say("{label} contain symbols that are not arguments: "
                                     "{symbols}; substitute numbers for the model's parameters "
                                     "first", "errors", label=label,
                                     symbols=", ".join(sorted(map(str, unknown)))))
        self._slots, start = [], 0          # (argument, first index, end index, its shape)
        for argument, argument_shape, symbols in groups:
            self._slots.append((argument, start, start + len(symbols), argument_shape))
            start += len(symbols)
        self._inputs, self._outputs = np.zeros(start), np.zeros(len(matrix))
        program = straight_line_program.__wrapped__(list(matrix), inputs, definitions)
        if backend == "c":
            self._program = _CProgram(c_source.__wrapped__(program, inputs, name), name)
        else:
            self._program = _NumpyProgram(program, inputs)
        self.backend = backend
        self.source = self._program.source
        self.calls = "numpy" if backend == "numpy" else "ctypes"
        if isinstance(self, _fast_class() or ()):
            self._bind(self._program.address, (*(s[1] for s in self._slots), start),
                       tuple(not s[3] for s in self._slots), self.shape)
            self.calls = "extension"

    def __repr__(self):
        names = ", ".join(slot[0] for slot in self._slots)
        return (f"<NumericFunction {self.name}({names}) -> {self.shape}, {self.backend}, "
                f"called by {self.calls}>")

    def _check_count(self, values):
        if len(values) != len(self._slots):
            names = ", ".join(slot[0] for slot in self._slots)
            raise TypeError(say("{name} takes {count} arguments ({names}); got {got}",
                                "errors", name=self.name, count=len(self._slots), names=names,
                                got=len(values)))

    def __call__(self, *values, out=None):
        self._check_count(values)
        for (name, start, stop, shape), value in zip(self._slots, values, strict=True):
            self._inputs[start:stop] = self._checked(name, shape, value).ravel()
        result = self._checked_out(out)
        if self._program.one(self._inputs, self._outputs):
            self._not_finite(*values)
        result.reshape(-1)[:] = self._outputs
        return result

    def _call_checked(self, *values, out=None):
        """The extension's way out for arguments it does not read itself: convert (or
        raise an error that names the argument), then call again."""
        self._check_count(values)
        checked = [self._checked(name, shape, value) if shape else
                   float(self._checked(name, shape, value))
                   for (name, _, _, shape), value in zip(self._slots, values, strict=True)]
        return type(self).__call__(self, *checked, out=self._checked_out(out))

    def _checked_out(self, out):
        if out is None:
            return np.empty(self.shape)
        if not (isinstance(out, np.ndarray) and out.dtype == np.float64
                and out.shape == self.shape and out.flags.c_contiguous and out.flags.writeable):
            shown = (say("an array of {dtype} with shape {shape}", "errors", dtype=out.dtype,
                         shape=out.shape) if isinstance(out, np.ndarray) else repr(out))
            raise ValueError(say("out must be a writeable C-contiguous float64 array of shape "
                                 "{shape}; got {out}", "errors", shape=self.shape, out=shown))
        return out

    def _not_finite(self, *values):
        for (name, _, _, shape), value in zip(self._slots, values, strict=True):
            self._checked(name, shape, value)          # a nan given (the extension passes it)
        explained = self.explain and self.explain(*(np.asarray(v, dtype=float) for v in values))
        if explained:
            raise explained
        described = _described([slot[0] for slot in self._slots], values)
        raise ValueError(say("{failure} at {values}", "errors", failure=self._failure(),
                             values=described))

    def _failure(self):
        """What the error of a result that is not finite opens with."""
        return self.failure or say("{name} is not finite", "errors", name=self.name)

    @staticmethod
    def _checked(name, shape, value):
        value = _VALUES.of(value, name)
        if B.is_symbolic(value):
            raise TypeError(say("{name} must hold numbers (a compiled function takes no "
                                "symbols); got {value}", "errors", name=name, value=repr(value)))
        value = np.asarray(value, dtype=float, order="C")
        if value.shape != shape:
            raise ValueError(say("{name} must have shape {wanted} (one entry per joint or "
                                 "axis); got shape {shape}", "errors", name=name, wanted=shape,
                                 shape=value.shape))
        return value

    def many(self, *values):
        """Evaluate N states at once: argument k is an (N, *shape_k) array; returns (N, *shape)."""
        self._check_count(values)
        columns = []
        for (name, start, stop, shape), value in zip(self._slots, values, strict=True):
            value = np.asarray(self._checked(name, np.shape(value), value), dtype=float)
            if value.shape[1:] != shape or value.ndim != len(shape) + 1:
                expected = f"(N, {shape[0]})" if shape else "(N,)"
                raise ValueError(say("{name} must be an array of shape {expected}, one state "
                                     "per row; got shape {shape}", "errors", name=name,
                                     expected=expected, shape=value.shape))
            columns.append(value.reshape(len(value), stop - start))
        if len({len(value) for value in columns}) != 1:
            raise ValueError(say("every argument of {name}.many must have the same number of "
                                 "rows (states); got {rows}", "errors", name=self.name,
                                 rows=[len(value) for value in columns]))
        inputs = np.hstack(columns)
        outputs = np.empty((len(inputs), len(self._outputs)))
        if self._program.many(inputs, outputs):
            row = int(np.flatnonzero(~np.isfinite(outputs).all(axis=1))[0])
            explained = self.explain and self.explain(*(inputs[row, start:stop].reshape(shape)
                                                        for _, start, stop, shape in self._slots))
            if explained:
                raise explained
            described = _described([slot[0] for slot in self._slots],
                                   [inputs[row, start:stop].reshape(shape)
                                    for _, start, stop, shape in self._slots])
            raise ValueError(say("{failure} in state {row}: {values}", "errors",
                                 failure=self._failure(), row=row, values=described))
        return outputs.reshape(len(inputs), *self.shape)


# --- the dynamics of a robot as programs ---------------------------------------------------

class _Names:
    """The namer of ``component_recursion.link_recursion``: each compound entry of a vector gets
    a name (its label and axis, ``w2x``), once for each distinct expression, and the
    sine and cosine of each joint angle are named once (``s2``, ``c2``); an entry ``−x``
    is written as the negated name of ``x``, so the two share one name.
    ``assignments`` is the straight-line program so far."""

    def __init__(self, prefix=""):
        self.prefix, self.assignments, self._known, self._used = prefix, [], {}, set()

    def __call__(self, vector, label):
        axes = "xyz" if len(vector) == 3 else [""] * len(vector)
        return tuple(self.one(v, label + axis) for v, axis in zip(vector, axes, strict=True))

    def one(self, value, label):
        if not isinstance(value, sp.Basic) or value.is_Atom or (-value).is_Atom:
            return value
        if value.could_extract_minus_sign():              # −x is named as x
            return -self.one(-value, label)
        if value.is_Add:
            value = self._factored(value, label)
        if value not in self._known:
            name, k = self.prefix + label, 1
            while name in self._used:
                name, k = f"{self.prefix}{label}_{k}", k + 1
            self._used.add(name)
            symbol = sp.Symbol(name)
            self.assignments.append((symbol, value))
            self._known[value] = symbol
        return self._known[value]

    def _factored(self, value, label):
        """``value`` (a sum) with the terms that share a coefficient ``±k`` written
        ``k (a ± b)``: one product instead of two, the sum named ``label_k``."""
        groups = {}
        for term in value.args:
            k, rest = term.as_coeff_Mul()
            groups.setdefault(abs(k), []).append((k, rest))
        terms = []
        for k, members in groups.items():
            if k == 1 or len(members) < 2:
                terms += [c * rest for c, rest in members]
            else:
                inner = sp.Add(*(sp.sign(c) * rest for c, rest in members))
                terms.append(k * self.one(inner, f"{label}_k"))
        return sp.Add(*terms)

    def trig(self, q, offset):
        """``(cos, sin)`` of ``q + offset``: of ``q`` itself, named, turned by an offset
        that is a multiple of 90°; else of the sum."""
        k = joint_of.__wrapped__(q)
        co, so = constant_cos_sin(offset)
        if isinstance(co, int) and isinstance(so, int):
            c, s = self.one(sp.cos(q), f"c{k}"), self.one(sp.sin(q), f"s{k}")
            return sub(mul(co, c), mul(so, s)), add(mul(so, c), mul(co, s))
        return self.one(sp.cos(q + offset), f"c{k}"), self.one(sp.sin(q + offset), f"s{k}")


_PARAMETER_NAMES = ("Jxx", "Jxy", "Jxz", "Jyy", "Jyz", "Jzz", "MSx", "MSy", "MSz", "m")


def _float_or_expression(value):
    """A float, or ``value`` itself when it is an expression of symbols (the run-time
    parameters of a ``ParametricDynamics``)."""
    if isinstance(value, sp.Basic) and value.free_symbols:
        return value
    return float(value)


def _parameter_rows(parameters, robot):
    """``parameters`` as n rows of ten floats, checked by the gate as an (n, 10) matrix of
    numbers (None: the robot's own standard parameters, each a float or an expression of
    the run-time parameters)."""
    if parameters is None:
        return [tuple(_float_or_expression(x) for x in link_parameters(link))
                for link in robot.links]
    table = check.Matrix(robot.n, 10, numeric=True, what=say(
        "({n}, 10) matrix of numbers, one row per link ({names})", "errors", n=robot.n,
        names=", ".join(_PARAMETER_NAMES))).of(parameters, "parameters")
    return [tuple(float(x) for x in row) for row in table]


class _Dynamics:
    """The named recursions of one numeric robot: Newton–Euler passes that share their
    names (``prefix`` keeps the labels of each pass apart) — the one program source of
    ``CompiledDynamics`` and ``operation_count``."""

    def __init__(self, robot, parameters=None):
        self.robot = robot
        self.geometry = [Geometry.of(link) for link in robot.links]
        self.names = _Names()
        # An inertial parameter that is an expression of run-time parameters (l2**2*m2) is
        # named once, ahead of the recursion (PJzz2); numbers and single symbols as they are.
        self.parameters = [tuple(self.names.one(x, f"P{label}{k}")
                                 for x, label in zip(row, _PARAMETER_NAMES, strict=True))
                           for k, row in enumerate(_parameter_rows(parameters, robot), 1)]
        self.gravity = tuple(_float_or_expression(g) for g in robot.gravity)
        self.q, self.qd, self.qdd = joint_symbols_unchecked(robot)

    def torques(self, qd, qdd, gravity=True, prefix=""):
        """τ for the rates ``qd`` and accelerations ``qdd`` (n entries each: symbols or
        numbers), with the robot's gravity or none."""
        self.names.prefix = prefix
        return link_recursion(self.geometry, self.parameters, list(self.q), list(qd),
                               list(qdd), self.gravity if gravity else (0, 0, 0),
                               name=self.names, trig=self.names.trig)

    def mass_matrix(self):
        """``M`` column by column, ``M e_j`` from a weightless pass at rest (upper triangle)."""
        n = self.robot.n
        M = [[0] * n for _ in range(n)]
        for j in range(n):
            unit = [int(k == j) for k in range(n)]
            column = self.torques([0] * n, unit, gravity=False, prefix=f"M{j + 1}_")
            for i in range(j + 1):
                M[i][j] = M[j][i] = column[i]
        return sp.Matrix(M)

    def coriolis_matrix(self):
        """``C_ij = Σ_k c_ijk q̇_k`` with the Christoffel symbols by polarisation (as
        ``newton_euler.coriolis_matrix``), a weightless pass at rest per pair of rates."""
        n, rest = self.robot.n, [0] * self.robot.n

        def velocity_product_at(rates):
            prefix = "C" + "".join(str(k + 1) for k in range(n) if rates[k]) + "_"
            return sp.Matrix(self.torques(rates, rest, False, prefix))
        gamma = christoffel_columns_unchecked(n, velocity_product_at)
        return sp.Matrix(n, n, lambda i, j: sum(gamma[min(j, k), max(j, k)][i] * self.qd[k]
                                                for k in range(n)))


@check.arguments(_finite=False, robot=_COMPILED_ROBOT)
def operation_count(robot, parameters=None):
    """The arithmetic of the generated inverse dynamics of ``robot`` (``CompiledDynamics``):
    ``count_operations`` of its C source, without compiling it.

    ``parameters``: as in ``CompiledDynamics``, e.g. a regrouped (base) set.

    >>> from robocourse.models import planar_2r
    >>> count = operation_count(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81))
    >>> count["multiplications"], count["additions"], count["functions"]
    (10, 11, 4)
    """
    dynamics = _Dynamics(_numeric(robot, parameters), parameters)
    tau = dynamics.torques(dynamics.qd, dynamics.qdd)
    inputs = [*dynamics.q, *dynamics.qd, *dynamics.qdd]
    program = straight_line_program.__wrapped__(tau, inputs, dynamics.names.assignments)
    return count_operations(c_source.__wrapped__(program, inputs, "inverse_dynamics"))


def _numeric(robot, parameters):
    """``robot`` (checked: ``_COMPILED_ROBOT``) checked to have numeric parameters (mass
    properties unless ``parameters`` replaces them)."""
    if robot.uses_symbols(dynamics=parameters is None):
        raise ValueError(say("robot must have numeric parameters to be compiled (e.g. "
                             "planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)); got symbols",
                             "errors"))
    return robot


class CompiledDynamics:
    """The dynamics of a numeric ``robot`` as generated code.

    The five verbs of ``newton_euler``, same names and meanings, without the ``robot``
    argument: ``inverse_dynamics(q, qd, qdd)``, ``mass_matrix(q)``,
    ``velocity_product(q, qd)``, ``coriolis_matrix(q, qd)``, ``gravity_load(q)``. They
    are the robot as it is — its own gravity, no load at the tool — so they take no
    ``wrench`` or ``gravity`` (to change either, compile another robot, e.g. with
    ``SerialChain(..., gravity=...)``). Also ``forward_dynamics(q, qd, tau)``, the
    accelerations ``q̈ = M(q)⁻¹ (τ − c(q, q̇) − G(q))``, and ``state_rate(y, tau)``, the
    same accelerations for the state ``y = [q, q̇]``. Each is a ``NumericFunction`` (so
    also ``out=`` and ``.many``): the Newton–Euler recursion written out link by link
    (module docstring), generated and compiled the first time it is used. Forward
    dynamics solves ``M q̈ = τ − c − G`` by an LDLᵀ elimination written out
    symbolically for an n x n symmetric matrix (no inverse), and reports a singular
    mass matrix as ValueError naming q.

    ``parameters`` replaces the links' mass properties by ten inertial parameters per
    link about its frame origin, in {i}: ``Jxx, Jxy, Jxz, Jyy, Jyz, Jzz`` (the entries
    of the inertia tensor about the origin), ``MSx, MSy, MSz`` (mass times centre of
    mass) and ``m`` — an (n, 10) array, e.g. a regrouped set of base parameters; a
    zero parameter costs nothing in the generated code.

    >>> from robocourse.models import planar_2r
    >>> model = CompiledDynamics(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81))
    >>> model.inverse_dynamics([0.0, 0.0], [0.0, 0.0], [0.0, 0.0])   # hold the arm level
    array([29.43,  9.81])
    """

    @check.arguments(_finite=False, robot=_COMPILED_ROBOT, backend=_BACKEND)
    def __init__(self, robot, backend=None, parameters=None):
        _numeric(robot, parameters)
        self._start(robot, backend,
                    None if parameters is None else _parameter_rows(parameters, robot))

    def _start(self, robot, backend, parameters):
        """Keep the checked ``robot``, ``backend`` and inertial ``parameters``; the symbols."""
        self.robot, self.backend, self.parameters = robot, backend, parameters
        self.q, self.qd, self.qdd = joint_symbols_unchecked(robot)
        self.tau = sp.Matrix(sp.symbols(f"tau1:{robot.n + 1}"))

    def __repr__(self):
        return f"CompiledDynamics({self.robot!r})"

    def _dynamics(self):
        return _Dynamics(self.robot, self.parameters)

    def _function(self, dynamics, expressions, arguments, name, **options):
        function = NumericFunction(expressions, arguments, name, backend=self.backend,
                                   definitions=dynamics.names.assignments, **options)
        function.explain = functools.partial(self._not_finite, name, tuple(arguments))
        return function

    @cached_property
    def inverse_dynamics(self):
        """``τ(q, qd, qdd)``."""
        dynamics = self._dynamics()
        return self._function(dynamics, dynamics.torques(self.qd, self.qdd),
                              {"q": self.q, "qd": self.qd, "qdd": self.qdd}, "inverse_dynamics")

    @cached_property
    def mass_matrix(self):
        """``M(q)``, n x n."""
        dynamics = self._dynamics()
        n = self.robot.n
        return self._function(dynamics, dynamics.mass_matrix(), {"q": self.q}, "mass_matrix",
                              shape=(n, n))

    @cached_property
    def velocity_product(self):
        """``c(q, qd)``, the Coriolis and centripetal torques."""
        dynamics = self._dynamics()
        return self._function(dynamics, dynamics.torques(self.qd, [0] * self.robot.n, False),
                              {"q": self.q, "qd": self.qd}, "velocity_product")

    @cached_property
    def coriolis_matrix(self):
        """``C(q, qd)``, n x n, the Coriolis matrix of the Christoffel symbols."""
        dynamics = self._dynamics()
        n = self.robot.n
        return self._function(dynamics, dynamics.coriolis_matrix(),
                              {"q": self.q, "qd": self.qd}, "coriolis_matrix", shape=(n, n))

    @cached_property
    def gravity_load(self):
        """``G(q)``."""
        dynamics = self._dynamics()
        rest = [0] * self.robot.n
        return self._function(dynamics, dynamics.torques(rest, rest), {"q": self.q},
                              "gravity_load")

    @cached_property
    def _accelerations(self):
        """``(dynamics, q̈)``: ``q̈`` in terms of the entries ``M_ij`` and ``b_i`` of
        ``M q̈ = τ − b`` (LDLᵀ elimination), ``b = c + G``, which the program defines."""
        dynamics = self._dynamics()
        n = self.robot.n
        M = sp.Matrix(n, n, lambda i, j: sp.Symbol(f"M{min(i, j)}{max(i, j)}"))
        b = sp.Matrix(sp.symbols(f"b0:{n}"))
        entries = dynamics.mass_matrix()
        bias = dynamics.torques(self.qd, [0] * n, prefix="b_")
        dynamics.names.assignments += [(M[i, j], entries[i, j]) for i in range(n)
                                       for j in range(i, n)]
        dynamics.names.assignments += list(zip(b, bias, strict=True))
        return dynamics, M.LDLsolve(self.tau - b)

    @cached_property
    def forward_dynamics(self):
        """``q̈(q, qd, tau)`` from ``M q̈ = τ − c − G``, solved by LDLᵀ elimination."""
        dynamics, qdd = self._accelerations
        return self._function(dynamics, qdd, {"q": self.q, "qd": self.qd, "tau": self.tau},
                              "forward_dynamics")

    @cached_property
    def state_rate(self):
        """``ẏ(y, tau) = [q̇, q̈]`` for the state ``y = [q, q̇]``: the right-hand side of
        the equations of motion as ``simulate`` integrates them, in one call."""
        dynamics, qdd = self._accelerations
        return self._function(dynamics, self.qd.col_join(qdd),
                              {"y": self.q.col_join(self.qd), "tau": self.tau}, "state_rate")

    def _not_finite(self, name, names, *values):
        """The error of the function ``name`` (arguments ``names``) whose result is not finite
        at ``values`` (every one finite): an OverflowError that says which term overflows
        floating point; a ValueError when the accelerations are not finite because the mass
        matrix is singular."""
        arguments = dict(zip(names, values, strict=True))
        if name not in ("forward_dynamics", "state_rate"):
            return check.overflow_error(name, arguments,
                                        say("the result is not finite", "errors"))
        n = self.robot.n
        if name == "state_rate":                      # (y, tau, p...) with y = [q, qd]
            q, qd, p = values[0][:n], values[0][n:], values[2:]
        else:                                         # (q, qd, tau, p...)
            q, qd, p = values[0], values[1], values[3:]
        terms = ((self.mass_matrix, (q,)), (self.velocity_product, (q, qd)),
                 (self.gravity_load, (q,)))
        computed = []
        for k, (function, inputs) in enumerate(terms):
            try:
                computed.append(function(*inputs, *p))
            except OverflowError:
                return check.overflow_error(name, arguments, (
                    say("the mass matrix M(q) is not finite", "errors"),
                    say("the Coriolis and centripetal torques c(q, qd) are not finite", "errors"),
                    say("the gravity load G(q) is not finite", "errors"))[k])
        if np.linalg.matrix_rank(computed[0]) < n:
            described = _described(names, values)
            return ValueError(
                say("the mass matrix M(q) is singular at {values}", "errors", values=described)
                if name == "forward_dynamics" else
                say("the mass matrix M(q) is singular, q = {q}, at {values}", "errors",
                    q=f"y[:{n}]", values=described))
        return check.overflow_error(name, arguments, say("the accelerations M(q)⁻¹ (τ − c − G) "
                                                         "are not finite", "errors"))


_MODELS = {}           # CompiledDynamics by the parameters of their robot


def _fingerprint(robot):
    """The parameters a ``CompiledDynamics`` is generated from, as a hashable tuple."""
    def values(x):
        return tuple(np.asarray(x, dtype=float).ravel().tolist())
    return tuple((link.joint, *values([link.alpha, link.a, link.d, link.theta, link.mass]),
                  *values(link.r_c), *values(link.I_c)) for link in robot.links
                 ) + (values(robot.gravity),)


@check.arguments(_finite=False, robot=_COMPILED_ROBOT)
def compiled_dynamics(robot):
    """The ``CompiledDynamics`` of ``robot``, generated once per session for every robot
    with the same parameters (the 32 most recent are kept): what ``simulate`` uses.

    >>> from robocourse.models import planar_2r
    >>> compiled_dynamics(planar_2r(1.0, 1.0, 1.0, 1.0, 9.81)).gravity_load([0.0, 0.0])
    array([29.43,  9.81])
    """
    key = _fingerprint(_numeric(robot, None))
    if key not in _MODELS:
        if len(_MODELS) >= 32:
            del _MODELS[next(iter(_MODELS))]
        _MODELS[key] = CompiledDynamics(robot)
    return _MODELS[key]


def _free_symbols(robot):
    """Every symbol in the parameters of ``robot``: DH values, mass properties, tool, gravity."""
    values = [robot.tool, robot.gravity]
    for link in robot.links:
        values.extend(link.parameters(dynamics=True))
    found = set()
    for value in values:
        if isinstance(value, (sp.Basic, sp.MatrixBase)):
            found |= value.free_symbols
    return found


class ParametricDynamics(CompiledDynamics):
    """The dynamics of a family of arms that differ in a few ``parameters`` (masses,
    lengths, …), compiled once; the parameters are given at run time.

    ``model`` is a model function of ``robocourse.models`` (``planar_2r``, ``rp_arm``, …)
    and ``parameters`` names some of its (scalar) arguments; ``fixed`` are the numbers of
    all the others. The code is generated as for ``CompiledDynamics`` — the same
    Newton–Euler program — from the arm whose parameters are symbols, each inertial
    parameter that depends on them (``l2² m2``) computed once per call. Every function
    of ``CompiledDynamics`` (``inverse_dynamics``, ``mass_matrix``, ``velocity_product``,
    ``coriolis_matrix``, ``gravity_load``, ``forward_dynamics``, ``state_rate``) takes
    the parameter values as a last argument ``p`` (in the order of ``parameters``), so
    moving a mass slider costs one call, not a new compilation. ``at(**values)`` gives
    one member of the family (a ``BoundDynamics``): the numeric ``robot`` and the same
    functions without ``p``, usable wherever a ``CompiledDynamics`` is
    (``simulate(..., model=...)``, ``control``).

    >>> from robocourse.models import planar_2r
    >>> family = ParametricDynamics(planar_2r, ["m1", "m2"], l1=1.0, l2=1.0, g=9.81)
    >>> family.gravity_load([0.0, 0.0], [1.0, 1.0])        # held level: g (m1 + 2 m2), g m2
    array([29.43,  9.81])
    >>> family.at(m1=1.0, m2=2.0).gravity_load([0.0, 0.0])
    array([49.05, 19.62])
    """

    def __init__(self, model, parameters, backend=None, **fixed):
        if not callable(model) or isinstance(model, type):
            raise TypeError(say("model must be a model function such as planar_2r; got "
                                "{model}", "errors", model=check.shown(model)))
        if not isinstance(parameters, (list, tuple)) or not all(
                isinstance(name, str) for name in parameters):
            raise TypeError(say("parameters must be a list of argument names of the model; "
                                "got {parameters}", "errors", parameters=check.shown(parameters)))
        known = inspect.signature(model).parameters
        strangers = [name for name in [*parameters, *fixed] if name not in known]
        if strangers:
            raise ValueError(say("{model} has no argument {strangers}; its arguments are "
                                 "{known}", "errors", model=getattr(model, "__name__", "model"),
                                 strangers=", ".join(strangers), known=", ".join(known)))
        both = sorted(set(parameters) & set(fixed))
        if both or not parameters or len(set(parameters)) < len(parameters):
            raise ValueError(say("parameters must name at least one argument, none of them "
                                 "also fixed or named twice; got parameters={parameters} and "
                                 "fixed {both}", "errors", parameters=repr(list(parameters)),
                                 both=both))
        self.model, self.fixed, self.parameter_names = model, dict(fixed), tuple(parameters)
        # Symbols of their own (sp.Dummy): never equal to a name the program gives its
        # intermediates, whatever the model calls its arguments.
        self.p = sp.Matrix([sp.Dummy(name) for name in parameters])
        robot = check.Robot(dynamics=True).of(
            model(**fixed, **dict(zip(parameters, self.p, strict=True))),
            f"{getattr(model, '__name__', 'model')}(**fixed)")
        unknown = _free_symbols(robot) - set(self.p)
        if unknown:
            raise ValueError(say("{model}(**fixed) leaves the symbols {symbols} that are not "
                                 "parameters: give them numbers in fixed or name them in "
                                 "parameters", "errors", model=getattr(model, "__name__", "model"),
                                 symbols=", ".join(sorted(map(str, unknown)))))
        self._start(robot, _BACKEND.of(backend, "backend"), None)

    def __repr__(self):
        return (f"ParametricDynamics({getattr(self.model, '__name__', self.model)}, "
                f"[{', '.join(self.parameter_names)}])")

    def _function(self, dynamics, expressions, arguments, name, **options):
        return super()._function(dynamics, expressions, {**arguments, "p": self.p}, name,
                                 **options)

    def at(self, **values):
        """The member of the family with these parameter values (a ``BoundDynamics``)."""
        names = list(self.parameter_names)
        if sorted(values) != sorted(names):
            raise TypeError(say("at() needs a value for each parameter {names}; got {got}",
                                "errors", names=names, got=sorted(values)))
        for name, value in values.items():
            if B.is_symbolic(check.Number().of(value, name)):
                raise TypeError(say("{name} must be a number; got {value}", "errors",
                                    name=name, value=repr(value)))
        return BoundDynamics(self, [float(values[name]) for name in names])


class _Bound:
    """A ``NumericFunction`` of a ``ParametricDynamics`` with its last argument ``p`` given."""

    def __init__(self, function, p):
        self.function, self.p = function, p

    def __call__(self, *values, out=None):
        return self.function(*values, self.p, out=out)

    def many(self, *values):
        """N states at once, all with the same parameters (see ``NumericFunction.many``)."""
        rows = len(np.asarray(values[0])) if values else 0
        return self.function.many(*values, np.broadcast_to(self.p, (rows, len(self.p))))


class BoundDynamics:
    """One member of a ``ParametricDynamics`` family: its numeric ``robot`` (built by the
    family's model function) and ``inverse_dynamics``, ``mass_matrix``, ``velocity_product``,
    ``coriolis_matrix``, ``gravity_load``, ``forward_dynamics``, ``state_rate`` as in
    ``CompiledDynamics`` (also ``out=`` and ``.many``)."""

    @check.arguments(_finite=False, family=check.Instance(ParametricDynamics))
    def __init__(self, family, p):
        self.family, self.p = family, np.array(p, dtype=float)
        self.values = dict(zip(family.parameter_names, self.p.tolist(), strict=True))
        self.robot = family.model(**family.fixed, **self.values)

    def __repr__(self):
        return f"BoundDynamics({self.family!r}, {self.values})"

    def __getattr__(self, name):
        if name.startswith("_") or name in ("family", "p", "values", "robot"):
            raise AttributeError(name)
        function = getattr(self.family, name)
        if not isinstance(function, NumericFunction):
            raise AttributeError(say("{name} is not a dynamics function of {family}",
                                     "errors", name=name, family=repr(self.family)))
        bound = _Bound(function, self.p)
        setattr(self, name, bound)                 # made once per name
        return bound


__all__ = ["NumericFunction", "CompiledDynamics", "compiled_dynamics", "ParametricDynamics",
           "BoundDynamics", "straight_line_program", "c_source", "compile_c", "cache_folder",
           "c_compiler", "count_operations", "operation_count"]
