"""Numbers or symbols: the few helpers that let one formula serve both.

Every function in robocourse is written once. When any input is a sympy
object the computation is carried out in sympy (exact, ``sp.Matrix`` column
vectors); otherwise in numpy (floats, 1-D arrays). Matrix products ``@``,
sums and indexing read the same in both, so only construction, ``sin``/``cos``
and input checking need to know which one is in use.
"""

import math
import numbers

import numpy as np
import sympy as sp


def is_symbolic(*values):
    """True when any of ``values`` (or anything nested in them) is a sympy object.

    >>> is_symbolic(1.0, [2, sp.Symbol('x')])
    True
    >>> is_symbolic(np.eye(3), 4)
    False
    """
    for value in values:
        if isinstance(value, (sp.Basic, sp.MatrixBase)):
            return True
        if isinstance(value, np.ndarray):
            if value.dtype == object and is_symbolic(*value.flat):
                return True
        elif isinstance(value, (list, tuple)) and is_symbolic(*value):
            return True
    return False


def sin(x):
    """sin for a number or a sympy expression."""
    return sp.sin(x) if isinstance(x, sp.Basic) else math.sin(x)


def cos(x):
    """cos for a number or a sympy expression."""
    return sp.cos(x) if isinstance(x, sp.Basic) else math.cos(x)


def sqrt(x):
    """Square root of a number or a sympy expression."""
    return sp.sqrt(x) if isinstance(x, sp.Basic) else math.sqrt(x)


def atan2(y, x):
    """Four-quadrant arctangent of y/x for numbers or sympy expressions."""
    return sp.atan2(y, x) if is_symbolic(y, x) else math.atan2(y, x)


def exact_angle(angle):
    """A float that is a multiple of 90° becomes the exact sympy multiple of pi.

    Used where a numeric robot meets symbolic joint variables, so that
    ``cos(-pi/2 + theta1)`` reads ``sin(theta1)`` instead of carrying 6e-17 residues.

    >>> exact_angle(-math.pi / 2), exact_angle(0.3)
    (-pi/2, 0.3)
    """
    if isinstance(angle, sp.Basic):
        return angle
    if isinstance(angle, int):
        return sp.Integer(angle)
    quarter_turns = angle / (math.pi / 2)
    if abs(quarter_turns - round(quarter_turns)) < 1e-12:
        return sp.pi * sp.Rational(round(quarter_turns), 2)
    return angle


def matrix(rows, symbolic):
    """A matrix from nested rows: ``sp.Matrix`` if ``symbolic`` else a float array."""
    return sp.Matrix(rows) if symbolic else np.array(rows, dtype=float)


def vector(values, symbolic):
    """A column vector: ``sp.Matrix`` (n x 1) if ``symbolic`` else a 1-D float array."""
    return sp.Matrix(list(values)) if symbolic else np.array(values, dtype=float)


def convert(value, symbolic):
    """A matrix or vector in the chosen kind; floats with integer values become exact.

    >>> convert(np.eye(2), True)
    Matrix([
    [1, 0],
    [0, 1]])
    """
    if not symbolic:
        return np.asarray(value, dtype=float) if not isinstance(value, sp.MatrixBase) else value
    if isinstance(value, sp.MatrixBase):
        return value

    def exact(x):
        x = float(x)
        return sp.Integer(int(x)) if x.is_integer() else sp.Float(x)

    array = np.asarray(value, dtype=float)
    return sp.Matrix(array.shape[0], 1 if array.ndim == 1 else array.shape[1],
                     [exact(x) for x in array.flat])


def zeros(n, symbolic):
    """The zero vector of length ``n``."""
    return sp.zeros(n, 1) if symbolic else np.zeros(n)


def identity(n, symbolic):
    """The n x n identity matrix."""
    return sp.eye(n) if symbolic else np.eye(n)


def dot(a, b):
    """Scalar product of two vectors of the same length (numbers or symbols)."""
    return sum(a[i] * b[i] for i in range(len(a)))


def _check_scalar(value, name):
    if isinstance(value, (str, bytes)) or not isinstance(value, (numbers.Number, sp.Basic)):
        raise TypeError(f"{name} must be a number or a sympy expression; got {value!r}")
    if isinstance(value, sp.Basic) and not isinstance(value, sp.Expr):
        raise TypeError(f"{name} must be a number or a sympy expression; got {value!r}")
    if isinstance(value, numbers.Number) and not isinstance(value, sp.Basic):
        if isinstance(value, complex) or not math.isfinite(value):
            raise ValueError(f"{name} must be a finite real number; got {value!r}")


def scalar(value, name):
    """Check that ``value`` is one real number or sympy expression and return it.

    >>> scalar("3", "mass")
    Traceback (most recent call last):
    ...
    TypeError: mass must be a number or a sympy expression; got '3'
    """
    if isinstance(value, np.ndarray) and value.shape == ():
        value = value.item()
    _check_scalar(value, name)
    return value


def as_vector(value, length, name, symbolic=None):
    """Check that ``value`` holds ``length`` numbers or expressions; return a vector.

    ``symbolic`` forces the kind of the result (None: symbolic when ``value`` is).

    >>> as_vector([1, 2], 3, "q")
    Traceback (most recent call last):
    ...
    ValueError: q must have 3 entries (one per joint or axis); got 2
    """
    if isinstance(value, (str, bytes)) or value is None:
        raise TypeError(f"{name} must be a sequence of {length} numbers; got {value!r}")
    if isinstance(value, sp.MatrixBase):
        if 1 not in value.shape:
            raise ValueError(f"{name} must be a vector of {length} entries; got a "
                             f"{value.shape[0]}x{value.shape[1]} matrix")
        entries = list(value)
    else:
        try:
            array = np.asarray(value, dtype=object)
        except Exception as exc:  # ragged input
            raise ValueError(f"{name} must be a flat sequence of {length} numbers") from exc
        if array.ndim == 2 and 1 in array.shape:
            array = array.reshape(-1)
        if array.ndim != 1:
            raise ValueError(f"{name} must be a vector of {length} entries; got shape "
                             f"{array.shape}")
        entries = list(array)
    if len(entries) != length:
        raise ValueError(f"{name} must have {length} entries (one per joint or axis); "
                         f"got {len(entries)}")
    for k, entry in enumerate(entries):
        scalar(entry.item() if isinstance(entry, np.generic) else entry, f"{name}[{k}]")
    if symbolic is None:
        symbolic = is_symbolic(entries)
    if symbolic:
        return sp.Matrix([sp.sympify(e) for e in entries])
    return np.array(entries, dtype=float)


def as_matrix(value, shape, name, symbolic=None):
    """Check that ``value`` is a matrix of ``shape``; return it as sp.Matrix or float array.

    >>> as_matrix(np.eye(2), (3, 3), "R")
    Traceback (most recent call last):
    ...
    ValueError: R must be a 3x3 matrix; got 2x2
    """
    if isinstance(value, (str, bytes)) or value is None:
        raise TypeError(f"{name} must be a {shape[0]}x{shape[1]} matrix; got {value!r}")
    if isinstance(value, sp.MatrixBase):
        got = value.shape
        entries = list(value)
    else:
        try:
            array = np.asarray(value, dtype=object)
        except Exception as exc:
            raise ValueError(f"{name} must be a {shape[0]}x{shape[1]} matrix") from exc
        got = array.shape
        entries = list(array.flat)
    if tuple(got) != tuple(shape):
        got_text = "x".join(str(s) for s in got) if got else "a scalar"
        raise ValueError(f"{name} must be a {shape[0]}x{shape[1]} matrix; got {got_text}")
    for k, entry in enumerate(entries):
        scalar(entry.item() if isinstance(entry, np.generic) else entry,
               f"{name}[{k // shape[1]},{k % shape[1]}]")
    if symbolic is None:
        symbolic = is_symbolic(entries)
    if symbolic:
        return sp.Matrix(shape[0], shape[1], [sp.sympify(e) for e in entries])
    return np.array(entries, dtype=float).reshape(shape)


def simplify(value):
    """``sp.simplify`` entry by entry for symbolic results; numbers pass through."""
    if isinstance(value, sp.MatrixBase):
        return value.applyfunc(sp.simplify)
    if isinstance(value, sp.Basic):
        return sp.simplify(value)
    return value
