"""The input gate: the one set of argument checks that every public function uses.

A public function that takes a robot opens with one call::

    symbolic, q, qd = C.joint_inputs(robot, dynamics=True, q=q, qd=qd)

which checks that ``robot`` is a ``SerialChain`` (a model function passed without
calling it gets "did you mean planar_2r()?"), that every link has its mass properties
when the computation is ``dynamics``, decides ONCE whether the computation is symbolic
(any joint value or any parameter it reads is a sympy expression) and returns every
joint vector checked and converted to that kind. Everything after the gate can trust
its inputs.

The rules for one value, the same everywhere:

* a number is a finite real ``int``/``float`` (numpy's too) or a sympy expression;
  never a bool, a string, a complex number, ``nan``/``inf`` (nor sympy's ``nan``,
  ``oo``, ``zoo`` given as such);
* a vector holds exactly the expected number of such entries (a flat sequence, a 1-D
  array or a sympy row or column);
* a link or joint number is an integer from 1 (as in Craig), never a bool;
* a mass is ``>= 0``, and a symbol declared negative (``positive=False`` does not
  count, ``negative=True`` does) is refused;
* gravity is ``None`` (the robot's own ``robot.gravity``), ``0`` (no gravity) or a
  3-vector written in {0};
* a wrench is ``[fx, fy, fz, nx, ny, nz]``, the force and moment the tool exerts on
  its surroundings at the tool-frame origin, written in the axes of ``frame``
  (``"base"``: {0}, the default; ``"tool"``: the tool frame).

Each error names the argument as the caller passed it, says what was expected and
what was got. The numerical tolerances of the library are named here, and only here.
"""

import math
import numbers

import numpy as np
import sympy as sp

#: Floating-point round-off: numbers that differ by less than this (relative to their
#: size, or absolute near zero) are equal — a float multiple of 90° is that multiple,
#: a target on the edge of the workspace is reachable, a computed tensor is symmetric.
ROUND_OFF = 1e-9
#: How far a numeric rotation matrix may be from orthonormal (``|Rᵀ R − I|``, ``|det R − 1|``):
#: enough for one typed to seven decimals.
ROTATION = 1e-6
#: Two joint angles closer than this (rad) are the same solution.
SAME_ANGLE = 1e-6

FRAMES = ("base", "tool")
_SYMPY_INFINITIES = (sp.nan, sp.oo, -sp.oo, sp.zoo)


def _got(value):
    """How an error message shows what it got; a function gets "did you mean f()?"."""
    if callable(value) and hasattr(value, "__name__") and not isinstance(value, type):
        return f"the function {value.__name__} (did you mean {value.__name__}()?)"
    return repr(value)


def scalar(value, name):
    """``value`` checked to be one real number or sympy expression.

    >>> scalar("3", "mass")
    Traceback (most recent call last):
    ...
    TypeError: mass must be a number or a sympy expression; got '3'
    >>> scalar(True, "a")
    Traceback (most recent call last):
    ...
    TypeError: a must be a number or a sympy expression, not a bool; got True
    """
    if isinstance(value, np.ndarray) and value.shape == ():
        value = value.item()
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a number or a sympy expression, not a bool; "
                        f"got {value!r}")
    if isinstance(value, sp.Basic):
        if not isinstance(value, sp.Expr):
            raise TypeError(f"{name} must be a number or a sympy expression; got {value!r}")
        if value.is_Atom and value in _SYMPY_INFINITIES:     # O(1): no tree walk
            raise ValueError(f"{name} must be finite; got {value}")
        return value
    if not isinstance(value, numbers.Number):
        raise TypeError(f"{name} must be a number or a sympy expression; got {_got(value)}")
    if isinstance(value, complex) or not math.isfinite(value):
        raise ValueError(f"{name} must be a finite real number; got {value!r}")
    return value


def vector(value, length, name, symbolic=None, entries="one per joint or axis"):
    """``value`` checked to hold ``length`` numbers or expressions (any length >= 1 for
    ``length=None``); returned as a sympy column or a 1-D float array.

    ``symbolic`` forces the kind of the result (None: symbolic when ``value`` is);
    ``entries`` says what the entries are, for the message.

    >>> vector([1, 2], 3, "q")
    Traceback (most recent call last):
    ...
    ValueError: q must have 3 entries (one per joint or axis); got 2
    """
    if isinstance(value, (str, bytes)) or value is None or callable(value):
        raise TypeError(f"{name} must be a sequence of {length or 'some'} numbers; "
                        f"got {_got(value)}")
    if isinstance(value, sp.MatrixBase):
        if 1 not in value.shape:
            raise ValueError(f"{name} must be a vector of {length} entries; got a "
                             f"{value.shape[0]}x{value.shape[1]} matrix")
        values = list(value)
    else:
        try:
            array = np.asarray(value, dtype=object)
        except Exception as exc:  # ragged input
            raise ValueError(f"{name} must be a flat sequence of {length} numbers") from exc
        if array.ndim == 2 and 1 in array.shape:
            array = array.reshape(-1)
        if array.ndim != 1:
            raise ValueError(f"{name} must be a vector of {length or 'some'} entries; got "
                             f"shape {array.shape}")
        values = list(array)
    if length is None and not values:
        raise ValueError(f"{name} must hold at least one number; got none")
    if length is not None and len(values) != length:
        raise ValueError(f"{name} must have {length} entries ({entries}); got {len(values)}")
    values = [scalar(entry, f"{name}[{k}]") for k, entry in enumerate(values)]
    if symbolic is None:
        symbolic = any(isinstance(entry, sp.Basic) for entry in values)
    if symbolic:
        return sp.Matrix([sp.sympify(entry) for entry in values])
    return np.array(values, dtype=float)


def matrix(value, shape, name, symbolic=None):
    """``value`` checked to be a matrix of ``shape``; returned as sp.Matrix or float array.

    >>> matrix(np.eye(2), (3, 3), "R")
    Traceback (most recent call last):
    ...
    ValueError: R must be a 3x3 matrix; got 2x2
    """
    if isinstance(value, (str, bytes)) or value is None or callable(value):
        raise TypeError(f"{name} must be a {shape[0]}x{shape[1]} matrix; got {_got(value)}")
    if isinstance(value, sp.MatrixBase):
        got, values = value.shape, list(value)
    else:
        try:
            array = np.asarray(value, dtype=object)
        except Exception as exc:
            raise ValueError(f"{name} must be a {shape[0]}x{shape[1]} matrix") from exc
        got, values = array.shape, list(array.flat)
    if tuple(got) != tuple(shape):
        got_text = "x".join(str(s) for s in got) if got else "a scalar"
        raise ValueError(f"{name} must be a {shape[0]}x{shape[1]} matrix; got {got_text}")
    values = [scalar(entry, f"{name}[{k // shape[1]},{k % shape[1]}]")
              for k, entry in enumerate(values)]
    if symbolic is None:
        symbolic = any(isinstance(entry, sp.Basic) for entry in values)
    if symbolic:
        return sp.Matrix(shape[0], shape[1], [sp.sympify(entry) for entry in values])
    return np.array(values, dtype=float).reshape(shape)


def robot(value, name="robot", dynamics=False):
    """``value`` if it is a SerialChain (with every link's mass properties, for
    ``dynamics``); otherwise an error that says what it got.

    >>> from robocourse.models import planar_2r
    >>> robot(planar_2r)
    Traceback (most recent call last):
    ...
    TypeError: robot must be a SerialChain; got the function planar_2r (did you mean planar_2r()?)
    """
    from robocourse.robot import SerialChain  # robot.py itself uses these checks

    if not isinstance(value, SerialChain):
        example = "" if callable(value) else " (e.g. planar_2r())"
        shown = _got(value) if callable(value) else type(value).__name__
        raise TypeError(f"{name} must be a SerialChain{example}; got {shown}")
    if dynamics:
        for i, link in enumerate(value.links, start=1):
            missing = [part for part in ("mass", "r_c", "I_c") if getattr(link, part) is None]
            if missing:
                raise ValueError(f"link {i} of {value.name!r} has no {', '.join(missing)}: "
                                 "dynamics needs the mass properties of every link")
    return value


def joint_inputs(chain, *, dynamics=False, also=(), **vectors):
    """The gate: ``(symbolic, *vectors)`` for one call on the robot ``chain``.

    Checks the robot (``robot``), decides once whether the call is symbolic — when any
    of ``vectors``, of ``also`` (loads, gravity) or of the robot's parameters that the
    call reads (kinematic ones; also masses and gravity for ``dynamics``) is a sympy
    expression — and returns each joint vector, named by its keyword, checked to hold
    one entry per joint and converted to that kind.

    >>> from robocourse.models import planar_2r
    >>> joint_inputs(planar_2r(l1=1.0, l2=1.0), q=[0.0, 1.0])
    (False, array([0., 1.]))
    >>> joint_inputs(planar_2r(l1=1.0, l2=1.0), q=[0.0, True])
    Traceback (most recent call last):
    ...
    TypeError: q[1] must be a number or a sympy expression, not a bool; got True
    """
    chain = robot(chain, dynamics=dynamics)
    symbolic = chain.uses_symbols(*vectors.values(), *also, dynamics=dynamics)
    checked = [vector(value, chain.n, name, symbolic, "one per joint")
               for name, value in vectors.items()]
    return (symbolic, *checked)


def link_number(value, last, name="link", none=None):
    """``value`` checked to be a link (or frame) number from 1 to ``last``; ``none``
    says what None means when None is allowed (e.g. ``"the tool frame"``).

    >>> link_number(3, 2, none="the tool frame")
    Traceback (most recent call last):
    ...
    ValueError: link must be an integer from 1 to 2 (or None for the tool frame); got 3
    """
    if value is None and none is not None:
        return None
    if (isinstance(value, bool) or not isinstance(value, numbers.Integral)
            or not 1 <= value <= last):
        alternative = f" (or None for {none})" if none is not None else ""
        raise ValueError(f"{name} must be an integer from 1 to {last}{alternative}; "
                         f"got {_got(value)}")
    return int(value)


def count(value, name, minimum):
    """``value`` checked to be an integer ``>= minimum`` (a number of points, steps, samples).

    >>> count(1, "points", 2)
    Traceback (most recent call last):
    ...
    ValueError: points must be an integer >= 2; got 1
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}; got {_got(value)}")
    return int(value)


def mass(value, name="mass"):
    """``value`` checked to be a mass ``>= 0`` (kg); a symbol declared negative is refused.

    >>> mass(sp.Symbol('m', negative=True))
    Traceback (most recent call last):
    ...
    ValueError: mass must be >= 0 (kg); got m, a symbol declared negative
    """
    value = scalar(value, name)
    if isinstance(value, sp.Basic):
        if value.is_negative:
            raise ValueError(f"{name} must be >= 0 (kg); got {value}, a symbol declared "
                             "negative")
    elif value < 0:
        raise ValueError(f"{name} must be >= 0 (kg); got {value}")
    return value


def positive(value, name, unit):
    """``value`` checked to be ``> 0`` (in ``unit``); a symbol declared non-positive is refused.

    >>> positive(0.0, "duration", "s")
    Traceback (most recent call last):
    ...
    ValueError: duration must be > 0 (s); got 0.0
    """
    value = scalar(value, name)
    if isinstance(value, sp.Basic):
        if value.is_positive is False:
            raise ValueError(f"{name} must be > 0 ({unit}); got {value}, which is declared "
                             "not positive")
    elif value <= 0:
        raise ValueError(f"{name} must be > 0 ({unit}); got {value!r}")
    return value


def choice(value, name, options):
    """``value`` checked to be one of the strings ``options``.

    >>> choice("world", "frame", FRAMES)
    Traceback (most recent call last):
    ...
    ValueError: frame must be 'base' or 'tool'; got 'world'
    """
    if not isinstance(value, str) or value not in options:
        listed = ", ".join(repr(o) for o in options[:-1]) + f" or {options[-1]!r}"
        raise ValueError(f"{name} must be {listed}; got {_got(value)}")
    return value


def tolerance(value, name="tol"):
    """``value`` checked to be a relative tolerance, ``0 <= tol < 1``."""
    value = scalar(value, name)
    if isinstance(value, sp.Basic) or not 0 <= value < 1:
        raise ValueError(f"{name} must be a relative tolerance, 0 <= {name} < 1; got {value!r}")
    return value


def gravity(value, chain, symbolic):
    """The gravity vector of a dynamics call, in {0}: ``robot.gravity`` for None, zero
    for ``0``, else ``value`` checked to be a 3-vector.

    >>> from robocourse.models import planar_2r
    >>> gravity(False, planar_2r(), True)
    Traceback (most recent call last):
    ...
    TypeError: gravity must be a 3-vector in {0}, None (the robot's own) or 0 (none); got False
    """
    from robocourse._backend import convert, zeros

    if value is None:
        return convert(chain.gravity, symbolic)
    if isinstance(value, (bool, np.bool_, str, bytes)) or callable(value):
        raise TypeError("gravity must be a 3-vector in {0}, None (the robot's own) or 0 "
                        f"(none); got {_got(value)}")
    if isinstance(value, (numbers.Number, sp.Number)):
        if value != 0:
            raise ValueError("gravity must be a 3-vector in {0}, None (the robot's own) or 0 "
                             f"(none); got the number {value!r}")
        return zeros(3, symbolic)
    return vector(value, 3, "gravity", symbolic, "x, y, z in {0}")


def wrench(value, symbolic):
    """``value`` checked to be a wrench ``[fx, fy, fz, nx, ny, nz]`` (None: no load)."""
    from robocourse._backend import zeros

    if value is None:
        return zeros(6, symbolic)
    return vector(value, 6, "wrench", symbolic, "fx, fy, fz, nx, ny, nz")


def states(value, length, name):
    """``value`` checked to be a batch of states: a 2-D array of finite numbers
    (N, ``length``), one state per row; returned as a float array.

    >>> states(np.zeros((4, 3)), 2, "q")
    Traceback (most recent call last):
    ...
    ValueError: q must be a batch of states, shape (N, 2) (one row per state, ...); got shape (4, 3)
    """
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError) as error:
        raise TypeError(f"{name} must be a batch of states (an array of numbers, shape "
                        f"(N, {length})); got {_got(value)}") from error
    if array.ndim != 2 or array.shape[1] != length:
        raise ValueError(f"{name} must be a batch of states, shape (N, {length}) (one row per "
                         f"state, one entry per joint); got shape {array.shape}")
    if not np.isfinite(array).all():
        raise ValueError(f"{name} must be finite; got nan or inf in row "
                         f"{int(np.flatnonzero(~np.isfinite(array).all(axis=1))[0])}")
    return array
