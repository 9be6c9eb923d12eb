"""Numbers or symbols: the few helpers that let one formula serve both.

Every function in robocourse is written once. When any input is a sympy
object the computation is carried out in sympy (exact); otherwise in numpy
(floats). The choice is made once, at the public edge, as an object: ``NUMBERS`` or
``SYMBOLS`` (``scalars_of``), handed to the kernels as ``scalars``. Matrix products ``@``,
sums and indexing read the same in both, so only construction (``scalars.zeros(3)``,
``scalars.matrix(rows)``) and ``sin``/``cos`` (which look at their argument) need to know
which one is in use (input checking is ``_checks``, which comes after this module;
writing a result as the lecture does is ``notation``).

The shape rule, on both paths: a matrix is a matrix (``sp.Matrix`` or a 2-D float
array of the same shape); a vector is a sympy COLUMN (n x 1) on the symbolic path
and a 1-D float array (shape ``(n,)``) on the numeric one. Both index, iterate,
add and multiply a matrix the same way (``tau[0]``, ``len(tau)``, ``list(tau)``,
``M @ qdd``); the scalar product is ``a.dot(b)`` on both (``a.T @ b`` is a 1 x 1
matrix on the symbolic path).
"""

import math

import numpy as np
import sympy as sp

#: How far (in quarter turns) a float angle may be from a multiple of 90° and still be
#: that multiple: the round-off of ``math.pi / 2``, ``np.radians(-90)`` or ``3 * pi / 2``
#: (about 1e-16), with room for a few operations — but not a small angle that is meant
#: (a twist of 1e-9 rad is a twist, and its dynamics differ from a zero twist's by 1e-9).
#: The one tolerance named here, not in ``_checks``: ``exact_angle`` needs it, and the
#: checks come after this module (``_checks.RIGHT_ANGLE`` is this number).
RIGHT_ANGLE = 1e-13


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
    """A float that is a multiple of 90°, up to float round-off (``RIGHT_ANGLE``),
    becomes the exact sympy multiple of pi; any other angle stays as it is.

    Used where a numeric robot meets symbolic joint variables, so that
    ``cos(-pi/2 + theta1)`` reads ``sin(theta1)`` instead of carrying 6e-17 residues.

    >>> exact_angle(-math.pi / 2), exact_angle(3 * math.pi / 2), exact_angle(0.3), exact_angle(1e-9)
    (-pi/2, 3*pi/2, 0.3, 1e-09)
    """
    if isinstance(angle, sp.Basic):
        return angle
    if isinstance(angle, int):
        return sp.Integer(angle)
    quarter_turns = angle / (math.pi / 2)
    if abs(quarter_turns - round(quarter_turns)) < RIGHT_ANGLE:
        return sp.pi * sp.Rational(round(quarter_turns), 2)
    return angle


class Scalars:
    """A kind of scalars: what a kernel builds its vectors and matrices with.

    Two kinds, one instance each: ``NUMBERS`` (floats in numpy arrays) and ``SYMBOLS``
    (exact sympy matrices). A public function chooses the kind once, from the robot and
    its inputs (``scalars_of``, or the gate, ``_checks.arguments``), and hands it to its
    kernels, which build with it (``scalars.zeros(3)``, ``scalars.matrix([[c, -s], [s,
    c]])``) and never ask which kind they run on — as pinocchio casts a model to its
    scalar type once. ``exact`` is for the few places whose arithmetic differs (a float
    tolerance, a sign). A kind is not a flag: ``if scalars`` raises TypeError.
    """

    exact: bool

    def __bool__(self):
        raise TypeError("a kind of scalars is not a flag: ask scalars.exact")

    def halves(self, values):
        """The two halves of a 6-vector as 3-vectors: ``[f; n]`` of a wrench, ``[v; ω]``."""
        entries = list(values)
        return self.vector(entries[:3]), self.vector(entries[3:])


class Numbers(Scalars):
    """Floats: numpy arrays, a vector 1-D, for a robot and inputs that are all numbers.

    >>> NUMBERS.vector([1, 2]), NUMBERS.exact
    (array([1., 2.]), False)
    """

    exact = False

    def __repr__(self):
        return "NUMBERS"

    def matrix(self, rows):
        """A float array from nested rows."""
        return np.array(rows, dtype=float)

    def vector(self, values):
        """A 1-D float array."""
        return np.array(values, dtype=float)

    def zeros(self, n):
        """The zero vector of length ``n``."""
        return np.zeros(n)

    def identity(self, n):
        """The n x n identity matrix."""
        return np.eye(n)

    def zero_matrix(self, rows, columns):
        """The zero matrix of ``rows`` x ``columns``."""
        return np.zeros((rows, columns))

    def stack(self, top, bottom):
        """``[top; bottom]``: two matrices with as many columns, one above the other."""
        return np.vstack([top, bottom])

    def beside(self, left, right):
        """``[left, right]``: two matrices with as many rows, side by side."""
        return np.hstack([left, right])

    def solve(self, M, b):
        """``x`` with ``M x = b`` (M square and invertible)."""
        return np.linalg.solve(M, b)

    def convert(self, value):
        """A matrix or vector as a float array; a sympy column becomes a 1-D array, a
        sympy matrix with free symbols raises TypeError.

        >>> NUMBERS.convert(sp.Matrix([1, 2]))
        array([1., 2.])
        """
        if isinstance(value, sp.MatrixBase):
            array = np.array(value.tolist(), dtype=float)
            return array.ravel() if value.cols == 1 else array
        return np.asarray(value, dtype=float)


class Symbols(Scalars):
    """Sympy: exact matrices, a vector an n x 1 column, when the robot or any input
    holds a sympy expression.

    >>> SYMBOLS.vector([1, 2]).shape, SYMBOLS.exact
    ((2, 1), True)
    """

    exact = True

    def __repr__(self):
        return "SYMBOLS"

    def matrix(self, rows):
        """A ``sp.Matrix`` from nested rows."""
        return sp.Matrix(rows)

    def vector(self, values):
        """A column ``sp.Matrix`` (n x 1)."""
        return sp.Matrix(list(values))

    def zeros(self, n):
        """The zero column of length ``n``."""
        return sp.zeros(n, 1)

    def identity(self, n):
        """The n x n identity matrix."""
        return sp.eye(n)

    def zero_matrix(self, rows, columns):
        """The zero matrix of ``rows`` x ``columns``."""
        return sp.zeros(rows, columns)

    def stack(self, top, bottom):
        """``[top; bottom]``: two matrices with as many columns, one above the other."""
        return top.col_join(bottom)

    def beside(self, left, right):
        """``[left, right]``: two matrices with as many rows, side by side."""
        return sp.Matrix.hstack(left, right)

    def solve(self, M, b):
        """``x`` with ``M x = b`` (M square and invertible), by LU decomposition."""
        return M.LUsolve(b)

    def convert(self, value):
        """A matrix or vector as a ``sp.Matrix``: floats with integer values become exact
        integers, a 1-D array becomes a column.

        >>> SYMBOLS.convert(np.eye(2))
        Matrix([
        [1, 0],
        [0, 1]])
        """
        if isinstance(value, sp.MatrixBase):
            return value

        def exact(x):
            x = float(x)
            return sp.Integer(int(x)) if x.is_integer() else sp.Float(x)

        array = np.asarray(value, dtype=float)
        return sp.Matrix(array.shape[0], 1 if array.ndim == 1 else array.shape[1],
                         [exact(x) for x in array.flat])


#: The two kinds of scalars, one instance each.
NUMBERS = Numbers()
SYMBOLS = Symbols()


def exact_if(condition):
    """``SYMBOLS`` when ``condition`` holds, else ``NUMBERS``: the kind a decision names
    (a user's ``symbolic=True``, a robot that uses symbols)."""
    return SYMBOLS if condition else NUMBERS


def scalars_of(*values):
    """The kind of scalars a computation on ``values`` runs on: ``SYMBOLS`` when any of
    them (or anything nested in them) is a sympy object (``is_symbolic``), else ``NUMBERS``.

    >>> scalars_of(1.0, [2, sp.Symbol('x')]), scalars_of(np.eye(3), 4)
    (SYMBOLS, NUMBERS)
    """
    return SYMBOLS if is_symbolic(*values) else NUMBERS


def dot(a, b):
    """Scalar product of two vectors of the same length (numbers or symbols)."""
    return sum(a[i] * b[i] for i in range(len(a)))


def simplify(value):
    """``sp.simplify`` entry by entry for symbolic results; numbers pass through."""
    if isinstance(value, sp.MatrixBase):
        return value.applyfunc(sp.simplify)
    if isinstance(value, sp.Basic):
        return sp.simplify(value)
    return value
