"""How results are written, as in the lecture.

The lecture writes the sines and cosines of joint angles short, ``s1 = sin θ1``,
``c12 = cos(θ1 + θ2)``, and writes a result tidied: expanded, ``s² + c² = 1`` used,
products such as ``c1 c2 − s1 s2`` put back together as ``c12``. This module puts
a sympy result in that form, shows derivations as one line ``lhs = step = step``
and rounds numbers for printing.

Everything here is for DISPLAY. The abbreviations are new plain symbols ``s1``,
``c12`` (printed ``s_{1}``, ``c_{12}``) that no longer know ``s1² + c1² = 1``:
compute (and assert) with the library's expressions, show their lecture form.
"""

import numpy as np
import sympy as sp
from sympy.simplify.fu import TR10i

from robocourse import _checks as check
from robocourse.language import say
from robocourse.robot import joint_symbol_role

__all__ = ["abbreviate", "by_rates", "latex", "latex_sum", "lecture_form", "rounded", "show",
           "tidy"]


def _tidy_entry(entry):
    entry = sp.expand(entry)
    angles = {f.args[0] for f in entry.atoms(sp.sin, sp.cos)}
    if not angles:
        return entry
    candidates = []
    for old, new in ((sp.sin, sp.cos), (sp.cos, sp.sin)):       # s² → 1 − c², or c² → 1 − s²
        circle = {old(x) ** 2: 1 - new(x) ** 2 for x in angles}
        candidates.append(sp.expand(TR10i(sp.expand(entry.subs(circle)))))
    return min(candidates, key=lambda e: (sp.count_ops(e), sp.default_sort_key(e)))


@check.arguments(_finite=False, value=check.Expression())
def tidy(value):
    """``value`` (expression or matrix) tidied as the lecture writes it, still in sin/cos.

    Each entry is expanded; ``sin² + cos² = 1`` is used once in each direction
    (``s² → 1 − c²`` and ``c² → 1 − s²``); products of sines and cosines are put back
    together as sines and cosines of sums of angles (``s1 c2 + c1 s2 → s12``, sympy's
    ``TR10i``); of the two results the shorter is kept. The value is the same, only
    written differently; it comes out expanded, so to show a factored or collected
    arrangement, arrange the tidied value yourself (``sp.factor``, ``by_rates``).

    >>> t1, t2, m = sp.symbols('theta1 theta2 m')
    >>> tidy(m * sp.sin(t2)**2 + m * sp.cos(t2)**2 + sp.cos(t1) * sp.cos(t2)
    ...      - sp.sin(t1) * sp.sin(t2))
    m + cos(theta1 + theta2)
    >>> tidy(m * (sp.cos(t1) + sp.cos(t2)))
    m*cos(theta1) + m*cos(theta2)
    """
    if isinstance(value, sp.MatrixBase):
        return value.applyfunc(_tidy_entry)
    return _tidy_entry(value)


#: The kernel of ``tidy``, for the modules that tidy a sympy matrix or expression they built.
tidy_unchecked = tidy.__wrapped__


def _joint_numbers(angle):
    """``"12"`` for ``θ1 + θ2`` (a sum of joint variables of different joints, the names
    of ``robot.joint_symbols``); None for any other angle (``2 θ1``, ``θ1 − θ2``, ``φ``,
    ``α1``)."""
    numbers = []
    for term in sp.Add.make_args(angle):
        role = joint_symbol_role.__wrapped__(term)
        if role is None or role.kind != "position":
            return None
        numbers.append(role.joint)
    if len(set(numbers)) < len(numbers):
        return None
    return "".join(str(number) for number in sorted(numbers))


@check.arguments(_finite=False, value=check.Expression(display=True))
def abbreviate(value):
    """``value`` with ``sin θ1 → s1``, ``cos(θ1 + θ2) → c12``, …: the lecture's names.

    Rule: ``sin``/``cos`` of a joint variable, or of a sum of joint variables, become
    the symbols ``s…``/``c…`` followed by the joint numbers in increasing order
    (``s1``, ``c12``, printed ``s_{1}``, ``c_{12}``); a joint variable is a position
    symbol of ``robot.joint_symbols`` (``theta1``, ``d2``). Other angles (``2 θ1``,
    ``θ1 − θ2``, ``φ``, a twist ``α1``) are left alone, and nothing else is changed: use it to name
    the terms of a result you arranged yourself (collected, factored). Works on
    expressions, matrices and other sympy objects.

    >>> t1, t2, l1, l2 = sp.symbols('theta1 theta2 l1 l2')
    >>> written = abbreviate(l1 * sp.cos(t1) + l2 * sp.cos(t2 + t1))
    >>> written
    c1*l1 + c12*l2
    >>> sp.latex(written)
    'c_{1} l_{1} + c_{12} l_{2}'
    >>> abbreviate(sp.Matrix([sp.cos(t1) * sp.cos(t2) - sp.sin(t1) * sp.sin(t2), sp.sin(2 * t1)]))
    Matrix([
    [c1*c2 - s1*s2],
    [sin(2*theta1)]])
    """
    names = {}
    for f in value.atoms(sp.sin, sp.cos):
        numbers = _joint_numbers(f.args[0])
        if numbers is not None:
            names[f] = sp.Symbol(f"{'s' if f.func is sp.sin else 'c'}{numbers}")
    return value.xreplace(names)


@check.arguments(_finite=False, value=check.Expression(display=True))
def lecture_form(value):
    """``value`` (expression or matrix) written as in the lecture: ``abbreviate(tidy(value))``.

    Every entry of a value that holds sines or cosines of joint angles comes out
    expanded (see ``tidy``). Any other value is returned as it is; in particular
    ``lecture_form(abbreviate(x)) == abbreviate(x)``, so a result you arranged and
    abbreviated yourself passes unchanged. For DISPLAY only.

    >>> t1, t2, g, m = sp.symbols('theta1 theta2 g m')
    >>> lecture_form(g * (sp.sin(t1) * sp.cos(t2) + sp.cos(t1) * sp.sin(t2)))
    g*s12
    >>> lecture_form(sp.Matrix([m * sp.sin(t2)**2 + m * sp.cos(t2)**2, sp.sin(t1 + t2)]))
    Matrix([
    [  m],
    [s12]])
    """
    if all(_joint_numbers(f.args[0]) is None for f in value.atoms(sp.sin, sp.cos)):
        return value
    if isinstance(value, (sp.MatrixBase, sp.Expr)):
        value = tidy.__wrapped__(value)
    return abbreviate.__wrapped__(value)


@check.arguments(_finite=False, value=check.Expression(), qdd=check.Symbols(), qd=check.Symbols(),
                 extra=check.Symbols(), factor=check.Flag())
def by_rates(value, qdd, qd, extra=(), factor=False):
    """``value`` expanded and collected by the joint accelerations ``qdd``, the products
    of joint rates ``qd[i] qd[j]`` and the symbols in ``extra`` (e.g. ``g``): a dynamics
    equation written as in the lecture, ``τ1 = (…) θ̈1 + (…) θ̈2 + (…) θ̇1 θ̇2 + … + (…) g``.
    With ``factor`` each coefficient is factored. Works on expressions and matrices.

    >>> a, w, g, m, l = sp.symbols('thetaddot1 thetadot1 g m l')
    >>> by_rates(m * l * (l * a + g) + m * l**2 * (a + w**2), [a], [w], [g], factor=True)
    g*l*m + 2*l**2*m*thetaddot1 + l**2*m*thetadot1**2
    """
    check.distinct(qdd=qdd, qd=qd, extra=extra)
    monomials = [*qdd, *(qd[i] * qd[j] for i in range(len(qd)) for j in range(i, len(qd))),
                 *extra]

    def collected(entry):
        return sp.collect(sp.expand(entry), monomials, func=sp.factor if factor else None)

    if isinstance(value, sp.MatrixBase):
        return value.applyfunc(collected)
    return collected(value)


def latex(value):
    """The LaTeX of ``value`` in lecture form (``lecture_form``); a string is taken to be
    LaTeX already and returned as it is.

    >>> t1, l1 = sp.symbols('theta1 l1')
    >>> print(latex(l1 * sp.cos(t1)))
    c_{1} l_{1}
    """
    return value if isinstance(value, str) else sp.latex(lecture_form(value))


def latex_sum(*terms):
    """The LaTeX of ``term1 + term2 + …`` with each term in lecture form and NOT added up:
    a step that shows the parts of a sum before it is worked out.

    >>> t1, l1 = sp.symbols('theta1 l1')
    >>> print(latex_sum(l1 * sp.sin(t1), 2 * l1 * sp.sin(t1)))
    l_{1} s_{1} + 2 l_{1} s_{1}
    """
    return " + ".join(latex(term) for term in terms)


def show(lhs, *steps):
    """Display ``lhs = step1 = step2 = …`` as one typeset line (in a notebook).

    ``lhs`` and any step given as a string are LaTeX; every other step is a sympy
    result and is shown in lecture form (``latex``). To show a result in an
    arrangement of your own (collected by rates, factored), abbreviate it first
    (``abbreviate(by_rates(...))``): it is then shown as it is.
    """
    from IPython.display import Math, display  # only when showing: the maths never loads IPython

    check.Text().of(lhs, "lhs (LaTeX)")

    display(Math(lhs + " = " + " = ".join(latex(step) for step in steps)))


@check.arguments(x=check.Values(), digits=check.Count(0, check.MAX_DIGITS))
def rounded(x, digits=6):
    """``x`` (a number or an array) as floats rounded to ``digits`` decimals, for printing.

    ``−0.0`` becomes ``0.0``, so a checked output does not flip between ``-0.`` and
    ``0.`` with the last bit of a computation.

    >>> rounded([-1e-12, 0.1234567, -2.5e-7]).tolist()
    [0.0, 0.123457, 0.0]
    >>> print(rounded(-0.0))
    0.0
    """
    if any(isinstance(entry, sp.Basic) and not entry.is_number
           for entry in np.ravel(np.asarray(x, dtype=object))):
        raise TypeError(say("x must hold numbers to round (rounded prints numbers); got {x}",
                            "errors", x=repr(x)))
    return np.round(np.asarray(x, dtype=float), digits) + 0.0
