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

``CompiledDynamics`` applies this to a robot: inverse dynamics, mass matrix,
velocity product, gravity load and forward dynamics as generated code, each
derived (by Newton–Euler, with symbolic joint variables) on first use.
"""

import ctypes
import hashlib
import inspect
import os
import shutil
import subprocess
import tempfile
from functools import cached_property, partial
from pathlib import Path

import numpy as np
import sympy as sp
from sympy.codegen.rewriting import create_expand_pow_optimization, optimize

from robocourse import _backend as B
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
    groups = []
    for name, symbols in arguments.items():
        vector = isinstance(symbols, (sp.MatrixBase, list, tuple))
        symbols = list(symbols) if vector else [symbols]
        for s in symbols:
            if not isinstance(s, sp.Symbol):
                raise TypeError(f"arguments[{name!r}] must hold sympy symbols; got {s!r}")
        groups.append((name, (len(symbols),) if vector else (), symbols))
    return groups


_C_WORDS = {"in", "out", "count", "bad", "k", "int", "long", "double", "const", "for",
            "return", "if", "else", "sin", "cos", "tan", "sqrt", "pow", "exp", "log", "fabs",
            "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "isfinite"}


def _c_name(symbol, k):
    """A C identifier for input ``k``: the symbol's own name when that is a plain word."""
    name = symbol.name
    plain = name.isascii() and name.isalnum() and name[0].isalpha()
    return name if plain and name not in _C_WORDS else f"in_{k}"


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
    assignments, outputs = program
    names = {s: sp.Symbol(_c_name(s, k)) for k, s in enumerate(inputs)}

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
        self._function = sp.lambdify([inputs], program[1], modules="numpy",
                                     cse=lambda expressions: program)
        self.source = inspect.getsource(self._function)

    def many(self, inputs, outputs):
        with np.errstate(all="ignore"):
            for k, value in enumerate(self._function(inputs.T)):
                outputs[:, k] = value
        return int(np.count_nonzero(~np.isfinite(outputs)))

    def bind(self, inputs, outputs):
        """A call without arguments that evaluates ``inputs`` into ``outputs`` (one state)."""
        return partial(self.many, inputs[None], outputs[None])


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
        if backend not in (None, "c", "numpy"):
            raise ValueError(f"backend must be None, 'c' or 'numpy'; got {backend!r}")
        if not (isinstance(name, str) and name.isascii() and name.isidentifier()):
            raise ValueError(f"name must be a C identifier (letters, digits, _); got {name!r}")
        matrix = sp.Matrix(expressions)
        self.name = name
        if shape is None:
            shape = (matrix.rows,) if matrix.cols == 1 else matrix.shape
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
            if getattr(value, "shape", None) != shape:     # fast path: an array as expected
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
        try:
            value = np.asarray(value, dtype=float)
        except (TypeError, ValueError) as error:
            raise TypeError(f"{name} must hold numbers; got {value!r}") from error
        if value.shape != shape:
            raise ValueError(f"{name} must have shape {shape} (one entry per joint or "
                             f"axis); got shape {value.shape}")
        return value

    def many(self, *values):
        """Evaluate N states at once: argument k is an (N, *shape_k) array; returns (N, *shape)."""
        self._check_count(values)
        columns = []
        for (name, start, stop, shape), value in zip(self._slots, values, strict=True):
            try:
                value = np.asarray(value, dtype=float)
            except (TypeError, ValueError) as error:
                raise TypeError(f"{name} must hold numbers; got {value!r}") from error
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

    Same names and meanings as in ``newton_euler``, without the ``robot`` argument:
    ``inverse_dynamics(q, qd, qdd)``, ``mass_matrix(q)``, ``velocity_product(q, qd)``,
    ``gravity_load(q)``, and ``forward_dynamics(q, qd, tau)``, the accelerations
    ``q̈ = M(q)⁻¹ (τ − c(q, q̇) − G(q))``; also ``state_rate(y, tau)``, the same
    accelerations for the state ``y = [q, q̇]``. Each is a ``NumericFunction`` (so also
    ``.many``) derived by Newton–Euler with the symbols of ``joint_symbols`` and
    compiled the first time it is used. Forward dynamics solves ``M q̈ = τ − c − G``
    by an LDLᵀ elimination written out symbolically for an n x n symmetric matrix
    (no inverse), and reports a singular mass matrix as ValueError naming q.

    >>> from robocourse.models import planar_2r
    >>> model = CompiledDynamics(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81))
    >>> model.inverse_dynamics([0.0, 0.0], [0.0, 0.0], [0.0, 0.0])   # hold the arm level
    array([29.43,  9.81])
    """

    def __init__(self, robot, backend=None):
        robot.require_mass_properties()
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

    ``model`` is a model function of ``robocourse.models`` (``planar_2r``, ``rp_arm``, …),
    which makes every argument it is not given the symbol of the same name; ``fixed``
    are the numbers of the other arguments. Every function of ``CompiledDynamics``
    (``inverse_dynamics``, ``mass_matrix``, ``velocity_product``, ``gravity_load``,
    ``forward_dynamics``, ``state_rate``) takes the parameter values as a last argument
    ``p`` (in the order of ``parameters``), so moving a mass slider costs one call, not a
    new compilation. ``at(**values)`` gives one member of the family: an
    object with the numeric ``robot`` and the same functions without ``p``, usable
    wherever a ``CompiledDynamics`` is (``simulate(..., model=...)``, ``control``).

    >>> from robocourse.models import planar_2r
    >>> family = ParametricDynamics(planar_2r, ["m1", "m2"], l1=1.0, l2=1.0, g=9.81)
    >>> family.gravity_load([0.0, 0.0], [1.0, 1.0])        # held level: g (m1 + 2 m2), g m2
    array([29.43,  9.81])
    >>> family.at(m1=1.0, m2=2.0).gravity_load([0.0, 0.0])
    array([49.05, 19.62])
    """

    def __init__(self, model, parameters, backend=None, **fixed):
        if not callable(model):
            raise TypeError(f"model must be a model function such as planar_2r; got {model!r}")
        if isinstance(parameters, str) or not all(isinstance(p, str) for p in parameters):
            raise TypeError(f"parameters must be a list of argument names of the model; "
                            f"got {parameters!r}")
        known = inspect.signature(model).parameters
        strangers = [name for name in [*parameters, *fixed] if name not in known]
        if strangers:
            raise ValueError(f"{getattr(model, '__name__', 'model')} has no argument "
                             f"{', '.join(strangers)}; its arguments are {', '.join(known)}")
        both = sorted(set(parameters) & set(fixed))
        if both or not parameters:
            raise ValueError(f"parameters must name at least one argument, none of them also "
                             f"fixed; got parameters={list(parameters)!r} and fixed {both}")
        self.model, self.fixed = model, dict(fixed)
        self.parameters = sp.Matrix([sp.Symbol(name) for name in parameters])
        robot = model(**fixed)
        robot.require_mass_properties()
        unknown = _free_symbols(robot) - set(self.parameters)
        if unknown:
            raise ValueError(f"{getattr(model, '__name__', 'model')}(**fixed) leaves the symbols "
                             f"{', '.join(sorted(map(str, unknown)))} that are not parameters: "
                             "give them numbers in fixed or name them in parameters")
        self.robot, self.backend = robot, backend
        self.q, self.qd, self.qdd = joint_symbols(robot)
        self.tau = sp.Matrix(sp.symbols(f"tau1:{robot.n + 1}"))

    def __repr__(self):
        names = ", ".join(map(str, self.parameters))
        return f"ParametricDynamics({getattr(self.model, '__name__', self.model)}, [{names}])"

    def _function(self, expressions, arguments, name, **options):
        return super()._function(expressions, {**arguments, "p": self.parameters}, name,
                                 **options)

    def at(self, **values):
        """The member of the family with these parameter values (a ``BoundDynamics``)."""
        names = [str(p) for p in self.parameters]
        if sorted(values) != sorted(names):
            raise TypeError(f"at() needs a value for each parameter {names}; got "
                            f"{sorted(values)}")
        for name, value in values.items():
            if B.is_symbolic(B.scalar(value, name)):
                raise TypeError(f"{name} must be a number; got {value!r}")
        return BoundDynamics(self, [float(values[name]) for name in names])


class _Bound:
    """A ``NumericFunction`` of a ``ParametricDynamics`` with its last argument ``p`` given."""

    def __init__(self, function, p):
        self.function, self.p = function, p

    def __call__(self, *values):
        return self.function(*values, self.p)

    def many(self, *values):
        """N states at once, all with the same parameters (see ``NumericFunction.many``)."""
        rows = len(np.asarray(values[0])) if values else 0
        return self.function.many(*values, np.broadcast_to(self.p, (rows, len(self.p))))


class BoundDynamics:
    """One member of a ``ParametricDynamics`` family: its numeric ``robot`` (built by the
    family's model function) and ``inverse_dynamics``, ``mass_matrix``, ``velocity_product``,
    ``gravity_load``, ``forward_dynamics``, ``state_rate`` as in ``CompiledDynamics``."""

    def __init__(self, family, p):
        self.family, self.p = family, np.array(p, dtype=float)
        names = [str(symbol) for symbol in family.parameters]
        self.values = dict(zip(names, p, strict=True))
        self.robot = family.model(**family.fixed, **self.values)

    def __repr__(self):
        return f"BoundDynamics({self.family!r}, {self.values})"

    def __getattr__(self, name):
        if name.startswith("_") or name in ("family", "p", "values", "robot"):
            raise AttributeError(name)
        function = getattr(self.family, name)
        if not isinstance(function, NumericFunction):
            raise AttributeError(f"{name} is not a dynamics function of {self.family!r}")
        bound = _Bound(function, self.p)
        setattr(self, name, bound)                 # made once per name
        return bound


__all__ = ["NumericFunction", "CompiledDynamics", "ParametricDynamics", "BoundDynamics",
           "straight_line_program", "c_source", "compile_c", "cache_folder", "c_compiler"]
