"""Fast numeric functions from symbolic models: common subexpressions, C, ctypes.

A symbolic result — say the Newton–Euler torques of the PUMA 560 written with its
numeric parameters and the symbols ``q, q̇, q̈`` of ``joint_symbols`` — is a tree in
which the same pieces (``sin θ2``, a rotated angular velocity, …) occur again and
again. Common-subexpression elimination (``sp.cse``) rewrites it as a straight-line
program that computes every piece once::

    x0 = sin(theta2)
    x1 = cos(theta2)
    ...
    out[0] = 0.43*x0*thetaddot1 + ...

``NumericFunction`` prints that program as C (sympy's C code printer), compiles it
with the system C compiler into a shared library, and calls it through ``ctypes``:
evaluating one state then costs little more than the call itself, and a loop in C
runs over many states at once. Compiled libraries are kept in ``cache_folder()``
under a hash of their source, so each program is compiled once per machine.
Without a C compiler the same program runs in numpy (``sp.lambdify``), still
vectorised over many states.

``CompiledDynamics`` applies this to a robot: the five verbs of every dynamics route
(inverse dynamics, mass matrix, velocity product, Coriolis matrix, gravity load) and
forward dynamics as generated code, each derived (by Newton–Euler, with symbolic
joint variables) on first use.
"""

import ctypes
import hashlib
import inspect
import os
import re
import shutil
import subprocess
import tempfile
from functools import cached_property, partial
from pathlib import Path

import numpy as np
import sympy as sp
from sympy.codegen.rewriting import create_expand_pow_optimization, optimize

from robocourse import _backend as B
from robocourse import _checks as C
from robocourse import newton_euler
from robocourse.robot import joint_symbols

_C_FLAGS = ("-O2", "-shared", "-fPIC", "-fno-semantic-interposition")
_EXPAND_POWERS = [create_expand_pow_optimization(4)]     # x**3 -> x*x*x in C


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


def _argument_groups(arguments):
    """``[(name, shape, [symbols])]`` from a mapping name -> symbol or vector of symbols.

    The shape of one value: ``()`` for a single symbol, ``(k,)`` for k of them.
    """
    if not hasattr(arguments, "items"):
        raise TypeError("arguments must be a dict from argument name to its symbols, e.g. "
                        f"{{'q': q, 'qd': qd}}; got {C.shown(arguments)}")
    groups, owner = [], {}
    for name, symbols in arguments.items():
        C.text(name, "an argument name")
        vector = isinstance(symbols, (sp.MatrixBase, list, tuple))
        symbols = list(symbols) if vector else [symbols]
        for s in symbols:
            if not isinstance(s, sp.Symbol):
                raise TypeError(f"arguments[{name!r}] must hold sympy symbols; got {s!r}")
            if s in owner:
                raise ValueError(f"arguments[{name!r}] repeats the symbol {s} of "
                                 f"arguments[{owner[s]!r}]: each symbol is one input")
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
        raise ValueError(f"{label} must be a C identifier (letters, digits, _); got {name!r}")
    if name in _C_WORDS:
        raise ValueError(f"{label} must not be a word of C or math.h; got {name!r}")
    return name


def _c_names(inputs):
    """``{symbol: C symbol}``: each input's own name when it is a plain word (letters and
    digits) that C, math.h and the program leave free and no other input has taken (two
    symbols may share a name with different assumptions), else ``in_k``."""
    names, taken = {}, set()
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
        raise TypeError("definitions must be a sequence of (symbol, expression) pairs; got "
                        f"{C.shown(definitions)}")
    checked = []
    for k, pair in enumerate(definitions):
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2
                and isinstance(pair[0], sp.Symbol)):
            raise TypeError(f"definitions[{k}] must be a pair (symbol, expression); got "
                            f"{C.shown(pair)}")
        checked.append((pair[0], C.expression(pair[1], f"definitions[{k}][1]")))
    return checked


def straight_line_program(expressions, inputs, definitions=()):
    """``(assignments, outputs)``: ``expressions`` rewritten by ``sp.cse`` as assignments
    ``x_k = …`` that compute every repeated sub-expression once, then the results.

    ``definitions`` are optional named intermediate results ``[(symbol, expression)]``
    (in the ``inputs`` only) that ``expressions`` use by name: they are reduced first
    and assigned, then the expressions are reduced on their own, so a big intermediate
    is never substituted into the expressions that use it.

    >>> x, y, s = sp.symbols('x y s')
    >>> straight_line_program([sp.sin(x) * y + sp.sin(x) ** 2], [x, y])
    ([(x0, sin(x))], [x0**2 + x0*y])
    >>> straight_line_program([s * y + s ** 2], [x, y], definitions=[(s, sp.sin(x))])
    ([(s, sin(x))], [s**2 + s*y])
    """
    if isinstance(expressions, (str, bytes)) or not hasattr(expressions, "__iter__"):
        raise TypeError(f"expressions must be a sequence of sympy expressions; got "
                        f"{C.shown(expressions)}")
    expressions = [C.expression(e, f"expressions[{k}]") for k, e in enumerate(expressions)]
    inputs = C.symbols(inputs, None, "inputs")
    definitions = _definitions(definitions)
    names = [name for name, _ in definitions]
    fresh = sp.numbered_symbols("x", exclude=[*inputs, *names])
    first, values = sp.cse([value for _, value in definitions], fresh, order="none")
    second, outputs = sp.cse(list(expressions), fresh, order="none")
    return [*first, *zip(names, values, strict=True), *second], outputs


def c_source(program, inputs, name):
    """C source of a straight-line ``program`` (``sp.cse`` output) over ``inputs``.

    Two functions: ``int name(const double *in, double *out)`` for one state and
    ``int name_many(long count, const double *in, double *out)`` for ``count`` states
    stored row after row. Both return the number of results that are not finite.

    >>> x, y = sp.symbols('x y')
    >>> program = straight_line_program([sp.sin(x) * y, sp.sin(x) ** 2], [x, y])
    >>> print(c_source(program, [x, y], "f"))
    /* f: generated by robocourse.codegen (sympy common-subexpression elimination) */
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
    if not (isinstance(program, (tuple, list)) and len(program) == 2):
        raise TypeError("program must be (assignments, outputs) as straight_line_program "
                        f"gives; got {C.shown(program)}")
    assignments, outputs = program
    name = _c_identifier(name, "name")
    names = _c_names(C.symbols(inputs, None, "inputs"))

    def c(expr):
        return sp.ccode(optimize(sp.sympify(expr).xreplace(names), _EXPAND_POWERS),
                        standard="c99")

    body = [f"    const double {names[s]} = in[{k}];" for k, s in enumerate(inputs)]
    body += [f"    const double {sp.ccode(s)} = {c(e)};" for s, e in assignments]
    body += [f"    out[{k}] = {c(e)};" for k, e in enumerate(outputs)]
    return "\n".join([
        f"/* {name}: generated by robocourse.codegen (sympy common-subexpression elimination) */",
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


def compile_c(source, name):
    """Compile C ``source`` into a shared library in ``cache_folder()`` and return its path.

    The file name carries a hash of the source and the compiler command, so a
    library is built once and found again by every later session; a new source
    gets a new file. Raises RuntimeError when no compiler is found or it fails.
    """
    C.text(source, "source")
    _c_identifier(name, "name")
    compiler = c_compiler()
    if compiler is None:
        raise RuntimeError("no C compiler found (set $CC or install cc)")
    command = [compiler, *_C_FLAGS]
    digest = hashlib.sha256("\n".join([*command, source]).encode()).hexdigest()[:16]
    folder = cache_folder()
    folder.mkdir(parents=True, exist_ok=True)
    library = folder / f"{name}-{digest}{'.dll' if os.name == 'nt' else '.so'}"
    if library.exists():
        return library
    with tempfile.TemporaryDirectory(dir=folder) as work:
        c_file, built = Path(work) / f"{name}.c", Path(work) / library.name
        c_file.write_text(source)
        result = subprocess.run([*command, "-o", str(built), str(c_file), "-lm"],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"compiling {name} failed:\n{result.stderr}")
        os.replace(built, library)        # atomic: parallel sessions never see half a file
    return library


class _CProgram:
    """The compiled program, called on preallocated float arrays through ctypes."""

    def __init__(self, source, name):
        self.source = source
        library = ctypes.CDLL(str(compile_c(source, name)))
        self._one, self._many = library[name], library[f"{name}_many"]
        pointer = ctypes.c_void_p
        self._one.argtypes, self._one.restype = [pointer, pointer], ctypes.c_int
        self._many.argtypes = [ctypes.c_long, pointer, pointer]
        self._many.restype = ctypes.c_int

    def bind(self, inputs, outputs):
        """A call without arguments that evaluates ``inputs`` into ``outputs`` (one state)."""
        return partial(self._one, ctypes.c_void_p(inputs.ctypes.data),
                       ctypes.c_void_p(outputs.ctypes.data))

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

    def bind(self, inputs, outputs):
        """A call without arguments that evaluates ``inputs`` into ``outputs`` (one state)."""
        return partial(self.many, inputs[None], outputs[None])


def _check_backend(backend):
    if backend is not None:
        C.choice(backend, "backend", ("c", "numpy"))


class NumericFunction:
    """``expressions`` of sympy symbols turned into a fast function of numbers.

    ``arguments`` maps each argument's name to its symbols, e.g.
    ``{"q": q, "qd": qd}`` with ``q, qd`` from ``joint_symbols``; every other symbol
    must already be replaced by a number. ``f(*values)`` evaluates one state and
    returns an array shaped like ``expressions`` (a vector gives a 1-D array);
    ``f.many(*arrays)`` evaluates N states at once, each argument an (N, k) array.

    ``definitions`` are named intermediate results, see ``straight_line_program``;
    ``shape`` is that of one result (default: 1-D for a column or a list, else the
    shape of the matrix ``expressions``).
    The expressions are reduced by ``sp.cse`` and run as compiled C
    (``backend="c"``) or as numpy code (``backend="numpy"``); the default takes C
    when a compiler is found. ``source`` is the generated program. A result that
    is not finite raises ValueError, opening with ``failure``.
    One object evaluates one state at a time (it reuses its buffers).

    >>> x, y = sp.symbols('x y')
    >>> f = NumericFunction(sp.Matrix([x * y, x + y]), {"x": x, "y": y})
    >>> f(2.0, 3.0)
    array([6., 5.])
    >>> f.many([2.0, 1.0], [3.0, 1.0])
    array([[6., 5.],
           [1., 2.]])
    """

    def __init__(self, expressions, arguments, name="f", backend=None, failure=None,
                 definitions=(), shape=None):
        _check_backend(backend)
        _c_identifier(name, "name")
        definitions = _definitions(definitions)
        if failure is not None:
            C.text(failure, "failure")
        if isinstance(expressions, (str, bytes)) or not isinstance(
                expressions, (sp.MatrixBase, sp.Expr, list, tuple, np.ndarray)):
            raise TypeError("expressions must be a sympy Matrix or a list of sympy "
                            f"expressions; got {C.shown(expressions)}")
        matrix = sp.Matrix(expressions)
        self.name = name
        if shape is None:
            shape = (matrix.rows,) if matrix.cols == 1 else matrix.shape
        elif not isinstance(shape, tuple) or not all(isinstance(s, int) for s in shape):
            raise TypeError(f"shape must be a tuple of integers; got {C.shown(shape)}")
        elif np.prod(shape) != len(matrix):
            raise ValueError(f"shape {shape} does not hold the {len(matrix)} expressions")
        self.shape = tuple(shape)
        self.failure = failure or f"{name} is not finite"
        groups = _argument_groups(arguments)
        inputs = [s for _, _, symbols in groups for s in symbols]
        for label, values, known in (
                ("definitions", sp.Matrix([value for _, value in definitions]), inputs),
                ("expressions", matrix, [*inputs, *(symbol for symbol, _ in definitions)])):
            unknown = values.free_symbols - set(known)
            if unknown:
                raise ValueError(f"{label} contain symbols that are not arguments: "
                                 f"{', '.join(sorted(map(str, unknown)))}; substitute numbers "
                                 "for the model's parameters first")
        self._slots, start = [], 0          # (argument, first index, end index, its shape)
        for argument, argument_shape, symbols in groups:
            self._slots.append((argument, start, start + len(symbols), argument_shape))
            start += len(symbols)
        self._inputs, self._outputs = np.zeros(start), np.zeros(len(matrix))
        self._copies = [(argument, self._inputs[first:end].reshape(argument_shape),
                         argument_shape)      # where __call__ copies each argument
                        for argument, first, end, argument_shape in self._slots]
        self._result = self._outputs.reshape(self.shape)
        program = straight_line_program(list(matrix), inputs, definitions)
        if backend is None:
            backend = "c" if c_compiler() else "numpy"
        if backend == "c":
            self._program = _CProgram(c_source(program, inputs, name), name)
        else:
            self._program = _NumpyProgram(program, inputs)
        self.backend = backend
        self.source = self._program.source
        self._evaluate = self._program.bind(self._inputs, self._outputs)

    def __repr__(self):
        names = ", ".join(slot[0] for slot in self._slots)
        return f"<NumericFunction {self.name}({names}) -> {self.shape}, {self.backend}>"

    def _check_count(self, values):
        if len(values) != len(self._slots):
            names = ", ".join(slot[0] for slot in self._slots)
            raise TypeError(f"{self.name} takes {len(self._slots)} arguments ({names}); "
                            f"got {len(values)}")

    def __call__(self, *values):
        copies = self._copies
        if len(values) != len(copies):
            self._check_count(values)
        for (name, destination, shape), value in zip(copies, values, strict=False):
            if getattr(value, "shape", None) != shape or value.dtype.kind != "f":  # fast path
                value = self._checked(name, shape, value)
            try:
                destination[...] = value
            except (TypeError, ValueError) as error:
                raise TypeError(f"{name} must hold numbers; got {value!r}") from error
        if self._evaluate():
            raise ValueError(f"{self.failure} at {self._describe(self._inputs)}")
        return self._result.copy()

    @staticmethod
    def _checked(name, shape, value):
        value = C.values(value, name)
        if B.is_symbolic(value):
            raise TypeError(f"{name} must hold numbers (a compiled function takes no "
                            f"symbols); got {value!r}")
        value = np.asarray(value, dtype=float)
        if value.shape != shape:
            raise ValueError(f"{name} must have shape {shape} (one entry per joint or "
                             f"axis); got shape {value.shape}")
        return value

    def many(self, *values):
        """Evaluate N states at once: argument k is an (N, *shape_k) array; returns (N, *shape)."""
        self._check_count(values)
        columns = []
        for (name, start, stop, shape), value in zip(self._slots, values, strict=True):
            value = np.asarray(self._checked(name, np.shape(value), value), dtype=float)
            if value.shape[1:] != shape or value.ndim != len(shape) + 1:
                expected = f"(N, {shape[0]})" if shape else "(N,)"
                raise ValueError(f"{name} must be an array of shape {expected}, one state per "
                                 f"row; got shape {value.shape}")
            columns.append(value.reshape(len(value), stop - start))
        if len({len(value) for value in columns}) != 1:
            raise ValueError(f"every argument of {self.name}.many must have the same number "
                             f"of rows (states); got {[len(value) for value in columns]}")
        inputs = np.hstack(columns)
        outputs = np.empty((len(inputs), len(self._outputs)))
        if self._program.many(inputs, outputs):
            row = int(np.flatnonzero(~np.isfinite(outputs).all(axis=1))[0])
            raise ValueError(f"{self.failure} in state {row}: {self._describe(inputs[row])}")
        return outputs.reshape(len(inputs), *self.shape)

    def _describe(self, inputs):
        return ", ".join(f"{name}={inputs[start:stop].reshape(shape)}"
                         for name, start, stop, shape in self._slots)


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
    also ``.many``) derived by Newton–Euler with the symbols of ``joint_symbols`` and
    compiled the first time it is used. Forward dynamics solves ``M q̈ = τ − c − G``
    by an LDLᵀ elimination written out symbolically for an n x n symmetric matrix
    (no inverse), and reports a singular mass matrix as ValueError naming q.

    >>> from robocourse.models import planar_2r
    >>> model = CompiledDynamics(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81))
    >>> model.inverse_dynamics([0.0, 0.0], [0.0, 0.0], [0.0, 0.0])   # hold the arm level
    array([29.43,  9.81])
    """

    def __init__(self, robot, backend=None):
        C.robot(robot, dynamics=True)
        _check_backend(backend)
        if robot.uses_symbols(dynamics=True):
            raise ValueError("robot must have numeric parameters to be compiled (e.g. "
                             "planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)); got symbols")
        self.robot = robot
        self.backend = backend
        self.q, self.qd, self.qdd = joint_symbols(robot)
        self.tau = sp.Matrix(sp.symbols(f"tau1:{robot.n + 1}"))

    def __repr__(self):
        return f"CompiledDynamics({self.robot!r})"

    def _function(self, expressions, arguments, name, **options):
        return NumericFunction(expressions, arguments, name, self.backend, **options)

    @cached_property
    def _symbolic_mass_matrix(self):
        return newton_euler.mass_matrix(self.robot, self.q)

    @cached_property
    def _symbolic_velocity_product(self):
        return newton_euler.velocity_product(self.robot, self.q, self.qd)

    @cached_property
    def _symbolic_gravity_load(self):
        return newton_euler.gravity_load(self.robot, self.q)

    @cached_property
    def inverse_dynamics(self):
        """``τ(q, qd, qdd)``, Newton–Euler as generated code."""
        tau = newton_euler.inverse_dynamics(self.robot, self.q, self.qd, self.qdd)
        return self._function(tau, {"q": self.q, "qd": self.qd, "qdd": self.qdd},
                              "inverse_dynamics")

    @cached_property
    def mass_matrix(self):
        """``M(q)``, n x n."""
        n = self.robot.n
        return self._function(self._symbolic_mass_matrix, {"q": self.q}, "mass_matrix",
                              shape=(n, n))

    @cached_property
    def velocity_product(self):
        """``c(q, qd)``, the Coriolis and centripetal torques."""
        return self._function(self._symbolic_velocity_product, {"q": self.q, "qd": self.qd},
                              "velocity_product")

    @cached_property
    def coriolis_matrix(self):
        """``C(q, qd)``, n x n, the Coriolis matrix of the Christoffel symbols."""
        n = self.robot.n
        return self._function(newton_euler.coriolis_matrix(self.robot, self.q, self.qd),
                              {"q": self.q, "qd": self.qd}, "coriolis_matrix", shape=(n, n))

    @cached_property
    def gravity_load(self):
        """``G(q)``."""
        return self._function(self._symbolic_gravity_load, {"q": self.q}, "gravity_load")

    @cached_property
    def _accelerations(self):
        """``q̈`` in terms of the entries ``M_ij`` and ``b_i`` of ``M q̈ = τ − b``
        (LDLᵀ elimination), with the definitions of those entries, ``b = c + G``."""
        n = self.robot.n
        M = sp.Matrix(n, n, lambda i, j: sp.Symbol(f"M{min(i, j)}{max(i, j)}"))
        b = sp.Matrix(sp.symbols(f"b0:{n}"))
        bias = self._symbolic_velocity_product + self._symbolic_gravity_load
        definitions = [(M[i, j], self._symbolic_mass_matrix[i, j])
                       for i in range(n) for j in range(i, n)]
        definitions += list(zip(b, bias, strict=True))
        return M.LDLsolve(self.tau - b), definitions

    @cached_property
    def forward_dynamics(self):
        """``q̈(q, qd, tau)`` from ``M q̈ = τ − c − G``, solved by LDLᵀ elimination."""
        qdd, definitions = self._accelerations
        return self._function(qdd, {"q": self.q, "qd": self.qd, "tau": self.tau},
                              "forward_dynamics", failure="the mass matrix M(q) is singular",
                              definitions=definitions)

    @cached_property
    def state_rate(self):
        """``ẏ(y, tau) = [q̇, q̈]`` for the state ``y = [q, q̇]``: the right-hand side of
        the equations of motion as ``simulate`` integrates them, in one call."""
        qdd, definitions = self._accelerations
        n = self.robot.n
        return self._function(self.qd.col_join(qdd), {"y": self.q.col_join(self.qd),
                                                      "tau": self.tau},
                              "state_rate", definitions=definitions,
                              failure=f"the mass matrix M(q) is singular, q = y[:{n}],")


__all__ = ["NumericFunction", "CompiledDynamics", "straight_line_program", "c_source",
           "compile_c", "cache_folder", "c_compiler"]
