"""Are two derivations the same? Exact equality of trigonometric expressions.

Two results that differ only in how they are written (``cos(θ1+θ2)`` or
``c1 c2 − s1 s2``, expanded or factored) must count as equal; two results that
differ at all must not. ``sp.simplify`` cannot promise either, so we decide it:
expand sums of angles, write every ``sin θ``, ``cos θ`` as plain symbols ``s``,
``c``, and reduce the difference modulo ``s² + c² − 1`` (these circle polynomials
form a Gröbner basis, so the remainder is zero exactly when the difference vanishes
for every value of the symbols).
"""

import sympy as sp


def _as_matrix(value):
    return sp.Matrix(value) if isinstance(value, sp.MatrixBase) else sp.Matrix([value])


def reduced_difference(a, b):
    """The remainder of ``a − b`` (entry by entry) after the trigonometric reduction.

    Zero entries mark the entries where ``a`` and ``b`` agree identically.

    >>> t = sp.Symbol('t')
    >>> reduced_difference(sp.sin(2 * t), 2 * sp.sin(t) * sp.cos(t))
    Matrix([[0]])
    """
    a, b = _as_matrix(a), _as_matrix(b)
    if a.shape != b.shape:
        raise ValueError(f"cannot compare a {a.shape[0]}x{a.shape[1]} result with a "
                         f"{b.shape[0]}x{b.shape[1]} one")
    return (a - b).applyfunc(_reduce)


def _reduce(entry):
    expr = sp.expand(sp.expand_trig(sp.sympify(entry)))
    angles = sorted({f.args[0] for f in expr.atoms(sp.sin, sp.cos)}, key=sp.default_sort_key)
    if not angles:
        return sp.simplify(expr) if expr.has(sp.Function) else expr
    s = sp.symbols(f"_s0:{len(angles)}")
    c = sp.symbols(f"_c0:{len(angles)}")
    names = {sp.sin(x): s[k] for k, x in enumerate(angles)}
    names.update({sp.cos(x): c[k] for k, x in enumerate(angles)})
    circles = [s[k] ** 2 + c[k] ** 2 - 1 for k in range(len(angles))]
    _, remainder = sp.reduced(sp.expand(expr.subs(names)), circles, *s, *c)
    back = {v: k for k, v in names.items()}
    return remainder.subs(back)


def identical(a, b):
    """True when ``a`` and ``b`` (numbers, expressions or matrices) are identically equal.

    >>> t1, t2 = sp.symbols('theta1 theta2')
    >>> identical(sp.cos(t1 + t2), sp.cos(t1) * sp.cos(t2) - sp.sin(t1) * sp.sin(t2))
    True
    >>> identical(sp.sin(t1) ** 2, sp.cos(t1) ** 2)
    False
    """
    return all(entry == 0 for entry in reduced_difference(a, b))


def assert_identical(a, b, what="the two results"):
    """Raise AssertionError, showing the reduced difference, unless ``a`` ≡ ``b``.

    >>> t = sp.Symbol('t')
    >>> assert_identical(sp.sin(t) ** 2, 1 - sp.cos(t) ** 2)
    >>> assert_identical(sp.Matrix([t, 1]), sp.Matrix([t, 2]), "tau")
    Traceback (most recent call last):
    ...
    AssertionError: tau differ: the difference reduces to Matrix([[0], [-1]])
    """
    difference = reduced_difference(a, b)
    if any(entry != 0 for entry in difference):
        raise AssertionError(f"{what} differ: the difference reduces to {difference}")
