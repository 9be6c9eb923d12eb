"""Are two results the same? A canonical form for trigonometric and rational expressions.

Two results that differ only in how they are written (``cos(θ1+θ2)`` or
``c1 c2 − s1 s2``, ``tan θ`` or ``sin θ / cos θ``, expanded or factored, over one
denominator or as partial fractions) must count as equal; two results that differ
at all must not. ``sp.simplify`` promises neither, so we decide it.

**The canonical form** (``canonical``, used by ``compare`` and ``identical``):

1. Angles. Every argument of ``sin, cos, tan, cot, sec, csc`` is written as a
   rational linear combination of monomials in the symbols plus a constant,
   ``Σ q_m m + k``. For each monomial ``m`` the *base angle* is ``φ = m / L``, with
   ``L`` the least common multiple of the denominators of its coefficients in all
   the expressions compared, so ``θ/2`` and ``θ`` share one variable
   (``sin θ = 2 sin(θ/2) cos(θ/2)``). A monomial that is not a single symbol
   (``θ²``, ``θ1 θ2``) is an angle of its own. The constant ``k`` must be a
   rational multiple of π whose sine and cosine sympy knows (``π/2``, ``π/4``):
   they are used exactly (``√2/2`` is exact, in an algebraic number field).
2. Ring. With ``s_k = sin φ_k``, ``c_k = cos φ_k`` (private ``Dummy`` symbols, which
   never collide with a user's symbols) and the other symbols as generators (also
   ``q(t)`` and its derivatives, and π and e as independent transcendentals), an
   expression built with ``+ − × ÷`` and integer powers is a fraction ``N / D`` of
   polynomials (``TrigonometricRing``). Numerator and denominator are reduced
   modulo ``s_k² + c_k² − 1`` in lex order with ``s_k`` before ``c_k``: these circle
   polynomials form a Gröbner basis, so the remainder (no ``s_k²`` left) is unique.
3. Equality. ``a = N_a/D_a`` and ``b = N_b/D_b`` are equal exactly when
   ``N_a D_b − N_b D_a`` reduces to zero: the quotient ring by the circle ideal is an
   integral domain, so this holds for every value of the symbols where both are
   defined. A denominator that reduces to zero means the expression is undefined
   (``Undefined``).

**Floats.** Exact inputs are compared exactly. When a ``Float`` is present, each
float is read as the decimal it prints as (``0.1 → 1/10``, 15 significant digits)
and ``a`` is equal to the reference ``b`` when every coefficient of ``N_a D_b − N_b
D_a`` (reduced) is at most ``FLOAT_TOLERANCE`` = 10⁻¹¹ times the largest coefficient
of ``N_b D_a`` (reduced), compared exactly (``method="floats"``). So a float answer
equals its exact counterpart to 11 significant digits of the reference's largest
term; a float coefficient of an angle is made exact with ``nsimplify`` at tolerance
10⁻¹² (``0.5 θ → θ/2``). Floats next to algebraic numbers (``0.7071 sin θ`` against
``√2/2 sin θ``) or to what the form does not handle (below: the coefficient of ``log x``
or of ``exp(1000)`` says nothing of its size) go to the random-point test, unless the
difference is exactly zero.

No answer can widen that tolerance. Its numerator is reduced: a term it adds and
takes away again is gone before any size is taken, a term it adds and keeps is in the
difference as well. Its only lever is its denominator ``D_a``, which scales the
reference ``Y = N_b D_a`` and the difference ``X`` alike: a common factor ``K`` of
numerator and denominator turns them into ``KX`` and ``KY``. A constant ``K`` changes
nothing; a polynomial ``K`` changes the ratio of their largest coefficients only
through cancellation in the products. By Parseval, the coefficients of ``KX`` hold the
mean of ``|K X|²`` over the torus ``|z_k| = 1``, so ``K`` gains only by putting its
weight where ``|X|`` is small beside ``|Y|``, to a factor ``√deg K`` for each order to
which the answer already agrees with the reference there: the answer has to be the
reference (to 11 digits, or to its Taylor expansion at a point) to pass.

**What the form cannot decide.** A construct outside ``+ − × ÷``, integer powers,
the trigonometric functions and the generators (``sqrt`` or another fractional power
of a symbol, ``Abs``, ``Piecewise``, ``exp``, ``log``, ``atan2``, a function of an
expression, ``sin(1)``, ``sin(√x)``, a sine of more than ``MAX_MULTIPLE`` = 64 base
angles, …) is *opaque*: the ring takes it as one more
independent generator. Expressions equal as such are equal whatever the value of
the construct, so that equality is exact (``√m (1 + x) = √m + x √m``), unless an
opaque construct is in a denominator (it might vanish). A square root of what the
form handles, ``√f`` (and its odd powers ``f^(k/2)``), is a generator ``r`` with one
relation: with ``f = N/D`` in lowest terms, ``√f = r/D`` and ``reduce`` puts ``N D`` for
``r²`` (roots of equal ``N D`` are one generator). A difference that reduces to zero
so is zero for either sign of each root, so for the principal one (``√(x² + y²)³ =
(x² + y²) √(x² + y²)``, the inverse kinematics of chapter 0 put back into the forward
kinematics). Any other verdict would ignore relations the construct has (``√x² =
|x|``, ``√x √y = √(x y)`` for positive ``x``): ``canonical``, ``identical`` and
``reduced_difference`` raise ``Undecidable`` naming the construct, and ``compare``
goes to the random-point test (``random_points_agree``).

**The random-point test.** Each symbol (each ``q(t)``, each derivative) takes a random
rational value ``p/q`` in [−``SPAN``, ``SPAN``] = [−4, 4] that respects its assumptions
(positive, integer, nonzero, …; symbols without assumptions are real), with ``q`` drawn
from [2⁶², 2⁶³); whole numbers come from [−2⁶², 2⁶²). Denominators that large and
that unpredictable leave no answer that vanishes at the points it meets
(``sin(π x lcm(1, …, 900))`` vanishes at every ``x`` with a denominator up to 900).
At a point, both sides are enclosed by interval arithmetic (mpmath's ``iv``: every
value certainly in its interval or complex rectangle, principal branches as sympy's),
at ``FIRST_PRECISION`` = 128 bits, raised (at least doubled, or by as many bits as the
enclosure is too wide) up to ``LAST_PRECISION`` = 8192 bits (numbers of 2 400 digits;
a hand-over holds 400), until the difference is decided:
within ``POINT_TOLERANCE`` = 10⁻³⁰ (``FLOAT_TOLERANCE`` when a float occurs) of the
*size of the reference* at that point, or of 1 if that is larger, is agreement; an
enclosure wholly beyond that proves that the sides differ (``False``). The size is
the reference's alone (sizes of its terms add up, of its factors multiply, so no
cancellation inside it makes it small): nothing in the answer sets the tolerance,
and a zero in disguise, ``10⁴⁵ (log 6 − log 2 − log 3)``, is enclosed within it at
256 bits, leaving the rest of the answer to be judged. Not decided at 8192 bits,
or a construct outside the evaluated ones (``Sum``, ``f(x+1)`` next to ``f(2x)``):
None, "cannot decide". A point where a side is undefined is drawn again.

Agreement at all 8 points vouches for a difference that is *meromorphic* in the
symbols: built from ``+ − × ÷``, whole powers, ``exp``, ``sin``, ``cos``, ``tan``,
``sinh``, ``cosh``, ``tanh``, and numbers. Such a difference, if not zero, vanishes on
no region, and is within 10⁻³⁰ of the reference's size at a random point only if the
answer was built to be the reference there. ``sqrt`` and the other fractional powers,
``log``, the inverse trigonometric functions, ``atan2``, ``Abs``, ``sign``,
``Heaviside``, ``floor``, ``ceiling``, ``Min``, ``Max``, ``re``, ``im``, ``Piecewise`` of
the symbols can make two sides agree on one region and differ on another
(``√((x + 1000)²) = x + 1000`` at every point drawn), and a meromorphic function of a
whole-number symbol can vanish on a lattice (``sin(π n/2)``): with one of those,
agreement is None, "cannot decide", while a disagreement is still False. Constants
(``log 6``, ``√2``, ``atan2(1, 2)``) are numbers, whatever they are built from.
"""

import collections
import functools
import math
import numbers
import operator
import random
import secrets
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy as sp
from mpmath.ctx_iv import MPIntervalContext, ivmpf
from mpmath.libmp import mpf_ceil, mpf_floor
from mpmath.libmp.libmpi import mpi_add, mpi_atan, mpi_atan2, mpi_mul, mpi_sqrt, mpi_zero
from sympy.core.function import AppliedUndef
from sympy.polys.domains import QQ
from sympy.polys.orderings import lex
from sympy.polys.polyerrors import BasePolynomialError
from sympy.polys.rings import ring as polynomial_ring

from robocourse.language import phrase, say

__all__ = ["FLOAT_TOLERANCE", "POINT_TOLERANCE", "Comparison", "TrigonometricRing",
           "Undecidable", "Undefined", "assert_identical", "canonical", "compare", "identical",
           "random_points_agree", "reduced_difference"]

#: With floats present, a difference below this fraction of the largest term is zero.
FLOAT_TOLERANCE = 1e-11
#: A float coefficient of an angle is made exact within this relative tolerance.
ANGLE_TOLERANCE = 1e-12
#: The largest multiple ``n`` of a base angle written out as ``sin nφ`` in ``s, c``.
MAX_MULTIPLE = 64

_TRIGONOMETRIC = (sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc)
_NOT_FINITE = (sp.nan, sp.zoo, sp.oo, -sp.oo)


def _kept(cls):
    """``cls``, or the class of that name from before an ``importlib.reload`` of this
    module (``grading`` reloads it): code that imported the verdict classes earlier
    still catches and compares the ones raised and returned now."""
    return globals().get(cls.__name__, cls)


@_kept
class Undecidable(Exception):  # noqa: N818 - the verdict's name, not an error's
    """The canonical form cannot decide: ``reason`` names the construct not handled (a
    ``phrase``, kept with the ring that found it and said in the language in use)."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason

    def __str__(self):
        return f"{self.reason}"


@_kept
class Undefined(ArithmeticError):
    """The expression has no value: it contains nan or ∞, or divides by zero (``reason``:
    which, a ``phrase`` said in the language in use)."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason

    def __str__(self):
        return f"{self.reason}"


@_kept
@dataclass(frozen=True)
class Comparison:
    """The verdict of ``compare``: ``equal`` is True, False or None (cannot decide).

    ``method`` is ``"exact"``, ``"floats"`` or ``"random points"``; ``reason`` is ""
    when the canonical form decided, else what it did not understand (for
    ``"random points"``, why the exact form was not used): English as a string, said in
    the language in use when a message holds it (a ``phrase``).
    """

    equal: bool | None
    method: str
    reason: str = ""


# --- angles ----------------------------------------------------------------------

def _is_generator(e):
    """A symbol-like atom: a symbol, ``f(t)`` of symbols, its derivatives, π or e."""
    if e.is_Symbol or e in (sp.pi, sp.E):
        return True
    if isinstance(e, AppliedUndef):
        return all(a.is_Symbol or a.is_Number for a in e.args)
    if isinstance(e, sp.Derivative):
        return (isinstance(e.expr, AppliedUndef) and _is_generator(e.expr)
                and all(v.is_Symbol for v in e.variables))
    return False


def _is_monomial(m):
    """A product of integer powers of generators (``θ``, ``θ1 θ2``, ``x/y``)."""
    return all(_is_generator(base) and exponent.is_Integer
               for base, exponent in (f.as_base_exp() for f in sp.Mul.make_args(m)))


def _is_algebraic_constant(e):
    """A number built from rationals and ``I`` by ``+ − × ÷`` and rational powers."""
    if e.is_Rational:
        return True
    if e is sp.I:
        return True
    if e.is_Add or e.is_Mul:
        return all(_is_algebraic_constant(a) for a in e.args)
    return bool(e.is_Pow and e.exp.is_Rational and _is_algebraic_constant(e.base))


def _construct(e):
    """What to call an expression that the canonical form does not handle."""
    if e.is_Pow:
        if e.exp == sp.S.Half or e.exp == -sp.S.Half:
            return "sqrt"
        return phrase("the power {power} (exponent {exponent})", "errors", power=e,
                      exponent=e.exp)
    if isinstance(e, AppliedUndef):
        return phrase("the function {function} of an expression", "errors", function=e)
    if isinstance(e, sp.Function):
        return type(e).__name__
    if e.is_Atom:
        return str(e)
    return f"{type(e).__name__} ({e})"


def _not_handled(e):
    """Why the canonical form cannot decide with ``e`` in it (a ``phrase``)."""
    return phrase("{construct} is not handled exactly", "errors", construct=_construct(e))


def _angle_coefficient(q, argument):
    if q.is_Rational:
        return q
    if q.is_Float:
        return sp.nsimplify(q, rational=True, tolerance=ANGLE_TOLERANCE * max(1, abs(q)))
    raise Undecidable(phrase("the angle {argument} has the coefficient {coefficient}, which is "
                             "not a rational number", "errors", argument=argument,
                             coefficient=q))


@functools.lru_cache(maxsize=8192)
def _angle(argument):
    """``argument`` as ``(((m, q_m), …), k)``: rational multiples of monomials plus ``k``."""
    if _is_generator(argument) and argument not in (sp.pi, sp.E):
        return ((argument, sp.Integer(1)),), sp.Integer(0)
    multiples, constant = {}, sp.Integer(0)
    for term in sp.Add.make_args(sp.expand(argument)):
        if not term.free_symbols and not term.has(AppliedUndef):
            constant += term
            continue
        q, m = term.as_coeff_Mul()
        if not _is_monomial(m):
            raise Undecidable(phrase("the angle {argument} is not a polynomial in the "
                                     "symbols", "errors", argument=argument))
        multiples[m] = multiples.get(m, 0) + _angle_coefficient(q, argument)
    terms = tuple(sorted(((m, q) for m, q in multiples.items() if q != 0),
                         key=lambda item: sp.default_sort_key(item[0])))
    return terms, constant


@functools.lru_cache(maxsize=1024)
def _constant_sincos(k):
    """``(sin k, cos k)`` of a constant angle: exact for rational multiples of π that
    sympy evaluates, 15-digit floats when ``k`` holds a float."""
    if k.has(sp.Float):
        return sp.sin(k).evalf(15), sp.cos(k).evalf(15)
    values = sp.sin(k), sp.cos(k)
    if not all(_is_algebraic_constant(v) for v in values):
        raise Undecidable(phrase("the constant angle {angle} is not a rational multiple of π "
                                 "with a known sine and cosine", "errors", angle=k))
    return values


def _base_multiples(forms):
    """For trigonometric functions ``forms`` (function → its angle terms ``((m, q), …)``)
    the whole numbers ``L`` of the base angles ``m / L`` (for each monomial the least
    common multiple of the denominators of its coefficients), and the functions that
    would need more than ``MAX_MULTIPLE`` multiples of a base angle, with the reason
    (they are left out; leaving them out can only lower the ``L``)."""
    forms, dropped = dict(forms), {}
    while True:
        wholes = {}
        for terms in forms.values():
            for monomial, q in terms:
                wholes[monomial] = math.lcm(wholes.get(monomial, 1), int(q.q))
        too_many = {f: phrase("{function} is more than {most} multiples of the base angle "
                              "{angle}", "errors", function=f, most=MAX_MULTIPLE,
                              angle=m / wholes[m])
                    for f, terms in forms.items() for m, q in terms
                    if abs(q * wholes[m]) > MAX_MULTIPLE}
        if not too_many:
            return wholes, dropped
        dropped.update(too_many)
        forms = {f: terms for f, terms in forms.items() if f not in too_many}


def _base_angles(wholes):
    """The base angles ``m / L``, in a fixed order."""
    return [monomial / whole for monomial, whole in sorted(
        wholes.items(), key=lambda item: sp.default_sort_key(item[0]))]


def _exponents(monomial, k, a, j, b):
    """``monomial`` with exponent ``a`` at position ``k`` and ``b`` at ``j``."""
    exponents = list(monomial)
    exponents[k], exponents[j] = a, b
    return tuple(exponents)


@functools.lru_cache(maxsize=256)
def _circle_power(domain, j):
    """The coefficients of ``(1 − c²)^j`` in powers of ``c²``, in ``domain``."""
    return [domain.convert((-1)**i * math.comb(j, i)) for i in range(j + 1)]


# --- the ring ----------------------------------------------------------------------

class TrigonometricRing:
    """Polynomials in ``s_k = sin φ_k``, ``c_k = cos φ_k`` of the angles ``φ_k`` and in
    other generators (``symbols``: sympy expressions taken as independent variables,
    such as symbols, ``q(t)``, derivatives), modulo ``s_k² + c_k² − 1``.

    The generators are private ``Dummy`` symbols, in lex order ``s_0, …, s_{n−1},
    c_0, …, c_{n−1}``, then the other generators: the circle polynomials have
    leading terms ``s_k²`` and form a Gröbner basis, so ``reduce`` gives the unique
    normal form (no ``s_k²`` left). Each angle is a monomial over a whole number,
    ``φ = m / L``; ``sin``/``cos`` of any sum of multiples of the ``φ_k`` plus a
    constant is a polynomial (``sincos``), ``tan, cot, sec, csc`` are fractions.

    >>> t = sp.Symbol('theta')
    >>> R = TrigonometricRing([t / 2])
    >>> R.expression(R.polynomial(sp.sin(t)))
    2*sin(theta/2)*cos(theta/2)
    >>> R.expression(R.polynomial(sp.cos(t) ** 2))
    4*cos(theta/2)**4 - 4*cos(theta/2)**2 + 1
    >>> R.expression(R.derivative(R.polynomial(sp.sin(t / 2)), 0))
    cos(theta/2)
    """

    def __init__(self, angles, symbols=(), domain=QQ):
        self.angles = tuple(_scalar(a, f"angles[{k}]") for k, a in enumerate(angles))
        self.symbols = tuple(_scalar(x, f"symbols[{k}]") for k, x in enumerate(symbols))
        n = len(self.angles)
        dummies = ([sp.Dummy(f"s{k}") for k in range(n)] + [sp.Dummy(f"c{k}") for k in range(n)]
                   + [sp.Dummy(f"x{k}") for k in range(len(self.symbols))])
        self.ring, *gens = polynomial_ring(dummies, domain, lex)
        self.domain = self.ring.domain
        self.s, self.c = gens[:n], gens[n:2 * n]
        self.generators = dict(zip(self.symbols, gens[2 * n:], strict=True))
        self.circles = [s**2 + c**2 - 1 for s, c in zip(self.s, self.c, strict=True)]
        self._dummies = dummies
        self._base = {}
        for k, angle in enumerate(self.angles):
            fraction, monomial = angle.as_coeff_Mul()
            if not (fraction.is_Rational and fraction.p == 1 and _is_monomial(monomial)):
                raise ValueError(say("angles[{k}] must be a monomial over a whole number, like "
                                     "theta/2; got {angle}", "errors", k=k, angle=angle))
            self._base[monomial] = (k, fraction.q)
        self._known, self._sincos, self._multiples = {}, {}, {}
        self._roots, self._squares = {}, {}

    def take_square_roots(self, roots):
        """Make the generators ``roots`` (``f`` → its ``Pow(f, 1/2)``) square roots: with
        ``f = N / D`` in lowest terms, ``√f = r / D`` where ``r`` is the generator with
        ``r² = N D``, which ``reduce`` puts in for ``r²`` (bases with one ``N D`` share
        one ``r``). An identity that reduces to zero then holds for either sign of each
        root, so for the principal one.

        >>> x, y = sp.symbols('x y')
        >>> R = TrigonometricRing([], [x, y, sp.sqrt(x**2 + y**2)])
        >>> R.take_square_roots({x**2 + y**2: sp.sqrt(x**2 + y**2)})
        >>> R.expression(R.polynomial(sp.sqrt(x**2 + y**2)**3 - x**2 * sp.sqrt(x**2 + y**2)))
        y**2*sqrt(x**2 + y**2)
        """
        generators = {}
        for base, node in roots.items():
            numerator, denominator = _lowest_terms(self, *self.fraction(base))
            square = self.reduce(numerator * denominator)
            root = generators.setdefault(square, self.generators[node])
            self._roots[base] = root, denominator, square
            self._squares[self.ring.gens.index(root)] = square

    def reduce(self, p):
        """The normal form of ``p`` modulo ``s_k² + c_k² − 1`` and, for each square root
        ``r`` (``take_square_roots``), ``r² − N D`` (no ``s_k²``, no ``r²`` left).

        Term by term, ``r^e = r^(e mod 2) (N D)^(e div 2)`` (``N D`` holds no root), then
        ``s_k^e = s_k^(e mod 2) (1 − c_k²)^(e div 2)``: congruent to ``p`` and with no
        ``r²``, no ``s_k²``. The leading terms ``r²``, ``s_k²`` (in a lex order with the
        roots first) are squares of distinct variables, so these polynomials are a
        Gröbner basis and this is the remainder of the division by them (for the
        circles alone ``p.rem(self.circles)``), reached without a division.
        """
        p = self._without_squared_roots(p)
        n = len(self.s)
        if not any(m[k] > 1 for m in p.itermonoms() for k in range(n)):
            return p
        zero, reduced = self.domain.zero, {}
        for monomial, coefficient in p.items():
            terms = [(monomial, coefficient)]
            for k in range(n):
                e = monomial[k]
                if e > 1:
                    terms = [(_exponents(m, k, e % 2, n + k, m[n + k] + 2 * i), c * b)
                             for m, c in terms
                             for i, b in enumerate(_circle_power(self.domain, e // 2))]
            for m, c in terms:
                reduced[m] = reduced.get(m, zero) + c
        return self.ring.from_dict({m: c for m, c in reduced.items() if c})

    def _without_squared_roots(self, p):
        """``p`` with ``r^e = r^(e mod 2) (r²)^(e div 2)`` for each square root ``r``."""
        if not self._squares or not any(m[k] > 1 for m in p.itermonoms()
                                        for k in self._squares):
            return p
        result = self.ring.zero
        for monomial, coefficient in p.items():
            exponents, factor = list(monomial), self.ring.one
            for k, square in self._squares.items():
                exponents[k], whole = monomial[k] % 2, monomial[k] // 2
                factor *= square**whole
            result += self.ring.from_dict({tuple(exponents): coefficient}) * factor
        return result

    def polynomial(self, expr):
        """``expr`` as a reduced polynomial; ``Undecidable`` if it has a denominator."""
        numerator, denominator = self.fraction(_scalar(expr, "expr"))
        if denominator != self.ring.one:
            raise Undecidable(phrase("{expr} is not a polynomial: it has the denominator "
                                     "{denominator}", "errors", expr=expr,
                                     denominator=self.expression(denominator)))
        return self.reduce(numerator)

    def fraction(self, expr):
        """``expr`` as ``(N, D)``: polynomials with ``expr = N / D`` and ``D ≠ 0``.

        ``Undecidable`` for what is not built from the ring's angles and generators by
        ``+ − × ÷`` and integer powers; ``Undefined`` for a division by zero.
        """
        known = self._known.get(expr)
        if known is None:
            known = self._known[expr] = self._convert(expr)
        return known

    def _convert(self, e):
        one = self.ring.one
        if e.is_Pow and e.base in self._roots and e.exp.is_Rational and e.exp.q == 2:
            root, denominator, square = self._roots[e.base]
            n = int(e.exp.p)
            if n > 0:
                return root**n, denominator**n
            # (D / r)^k = D^k r^k / (r²)^k: no root left in the denominator
            return denominator**-n * root**-n, self._nonzero(square, e)**-n
        if e in self.generators:
            return self.generators[e], one
        if e in _NOT_FINITE:
            raise Undefined(phrase("the expression contains {value}", "errors", value=e))
        if e.is_Number:
            return self.constant(e), one
        if e.is_Add:
            return self._sum([self.fraction(a) for a in e.args])
        if e.is_Mul:
            parts = [self.fraction(a) for a in e.args]
            return (sp.prod((n for n, _ in parts), start=one),
                    sp.prod((d for _, d in parts), start=one))
        if e.is_Pow and _whole(e.exp):
            numerator, denominator = self.fraction(e.base)
            n = int(e.exp)
            if n >= 0:
                return numerator**n, denominator**n
            return denominator**-n, self.reduce(self._nonzero(numerator, e.base)**-n)
        if isinstance(e, _TRIGONOMETRIC):
            return self._trigonometric(e)
        if _is_algebraic_constant(e):
            return self.constant(e), one
        raise Undecidable(_not_handled(e))

    def constant(self, value):
        """A number as an element of the ring (a float as the decimal it prints as)."""
        if value.is_Float:
            value = sp.Rational(str(value))
        try:
            return self.ring.ground_new(self.domain.from_sympy(value))
        except (BasePolynomialError, ValueError, NotImplementedError) as error:
            raise Undecidable(phrase("the number {value} is not handled exactly", "errors",
                                     value=value)) from error

    def _nonzero(self, p, what):
        reduced = self.reduce(p)
        if not reduced:
            raise Undefined(phrase("division by zero: {what} is identically zero", "errors",
                                   what=what))
        return reduced

    def _sum(self, parts):
        one = self.ring.one
        numerator, denominator = self.ring.zero, one
        for n, d in parts:
            if d == denominator:
                numerator += n
            elif d == one:
                numerator += n * denominator
            elif denominator == one:
                numerator, denominator = numerator * d + n, d
            else:
                common = _gcd(denominator, d)
                numerator = numerator * d.exquo(common) + n * denominator.exquo(common)
                denominator = denominator * d.exquo(common)
        return numerator, denominator

    def _trigonometric(self, e):
        s, c = self.sincos(e.args[0])
        one = self.ring.one
        if isinstance(e, sp.sin):
            return s, one
        if isinstance(e, sp.cos):
            return c, one
        if isinstance(e, sp.tan):
            return s, self._nonzero(c, e)
        if isinstance(e, sp.cot):
            return c, self._nonzero(s, e)
        if isinstance(e, sp.sec):
            return one, self._nonzero(c, e)
        return one, self._nonzero(s, e)

    def sincos(self, argument):
        """``(sin x, cos x)`` as reduced polynomials, for ``x`` a sum of whole multiples
        of the angles plus a constant (angle addition, ``sin nφ``, ``cos nφ``)."""
        known = self._sincos.get(argument)
        if known is not None:
            return known
        terms, constant = _angle(argument)
        s, c = self.ring.zero, self.ring.one
        for monomial, q in terms:
            if monomial not in self._base:
                raise Undecidable(phrase(
                    "the angle {argument} is not made of the angles {angles}", "errors",
                    argument=argument, angles=", ".join(map(str, self.angles)))
                    if self.angles else phrase("the angle {argument} is not made of the "
                                               "angles of a ring without angles", "errors",
                                               argument=argument))
            k, whole = self._base[monomial]
            n = q * whole
            if not n.is_Integer:
                raise Undecidable(phrase("the angle {argument} is not a whole multiple of "
                                         "{angle}", "errors", argument=argument,
                                         angle=self.angles[k]))
            s_n, c_n = self.multiple(k, int(n))
            s, c = s * c_n + c * s_n, c * c_n - s * s_n
        if constant:
            s_k, c_k = (self.constant(v) for v in _constant_sincos(constant))
            s, c = s * c_k + c * s_k, c * c_k - s * s_k
        known = self._sincos[argument] = self.reduce(s), self.reduce(c)
        return known

    def multiple(self, k, n):
        """``(sin nφ_k, cos nφ_k)`` as reduced polynomials."""
        if abs(n) > MAX_MULTIPLE:
            raise Undecidable(phrase("{n} times the angle {angle} is more than {most} "
                                     "multiples of one base angle", "errors", n=n,
                                     angle=self.angles[k], most=MAX_MULTIPLE))
        if n < 0:
            s, c = self.multiple(k, -n)
            return -s, c
        known = self._multiples.get((k, n))
        if known is None:
            if n == 0:
                known = self.ring.zero, self.ring.one
            else:
                s, c = self.multiple(k, n - 1)
                s_k, c_k = self.s[k], self.c[k]
                known = self.reduce(s * c_k + c * s_k), self.reduce(c * c_k - s * s_k)
            self._multiples[(k, n)] = known
        return known

    def derivative(self, p, k):
        """``dp/dφ_k = c_k ∂p/∂s_k − s_k ∂p/∂c_k`` (not reduced)."""
        s, c = self.s[k], self.c[k]
        return c * p.diff(s) - s * p.diff(c)

    def expression(self, p, angles=None, floats=False):
        """``p`` as a sympy expression in ``sin``/``cos`` of ``angles`` (by default the
        ring's) and the ring's generators; ``floats``: coefficients that are not whole
        numbers written as floats."""
        angles = self.angles if angles is None else tuple(angles)
        names = [*map(sp.sin, angles), *map(sp.cos, angles), *self.symbols]
        if not floats:
            return p.as_expr().xreplace(dict(zip(self._dummies, names, strict=True)))
        terms = []
        for monomial, coefficient in p.terms():
            value = self.domain.to_sympy(coefficient)
            if not value.is_Integer:
                value = sp.Float(value) if value.is_Rational else value.evalf(15)
            terms.append(value
                         * sp.Mul(*(x**e for x, e in zip(names, monomial, strict=True) if e)))
        return sp.Add(*terms)

    def involves(self, p, symbols):
        """Whether ``p`` has a term in one of the generators ``symbols``."""
        positions = [self.ring.gens.index(self.generators[x]) for x in symbols]
        return any(monomial[k] for monomial in p.itermonoms() for k in positions)


def _gcd(p, q):
    """A common polynomial factor of ``p`` and ``q`` (1 where the domain has no gcd)."""
    try:
        return p.gcd(q)
    except (BasePolynomialError, NotImplementedError):
        return p.ring.one


# --- the canonical form -------------------------------------------------------------

def _whole(exponent):
    """An exponent that is a whole number (``2`` or ``2.0``)."""
    return exponent.is_Integer or (exponent.is_Float and float(exponent).is_integer())


@dataclass
class _Scan:
    """What the ring for some expressions needs (see ``_scan``)."""

    angles: dict          # sin, cos, … → its angle as ((monomial m, rational q), …)
    generators: set       # symbols, f(t), derivatives, π, e
    opaque: dict          # construct the form does not handle → the reason
    constants: set        # algebraic numbers (√2, I)
    floats: bool
    roots: dict           # f of a square root √f → the powers of it found (√f, f^(3/2), …)

    def hidden(self):
        """The constructs whose relations the ring does not know all of: the opaque ones
        and the square roots (as ring generators ``Pow(f, 1/2)``) → what to say."""
        return {**self.opaque, **{_root(base): _not_handled(powers[0])
                                  for base, powers in self.roots.items()}}


def _root(base):
    """The generator of the square root of ``base`` (kept as written: ``√(4x)`` too)."""
    return sp.Pow(base, sp.S.Half, evaluate=False)


def _scan(exprs):
    """Walk ``exprs`` once: base angles, generators, opaque constructs, algebraic numbers,
    floats; ``Undefined`` for nan or ∞."""
    found = _Scan({}, set(), {}, set(), False, {})
    seen, stack = set(), list(reversed(exprs))           # the first expression first
    while stack:
        e = stack.pop()
        if e in seen:
            continue
        seen.add(e)
        if _is_generator(e):
            found.generators.add(e)
        elif e.is_Float:
            found.floats = True
        elif e.is_Rational:
            continue
        elif e in _NOT_FINITE:
            raise Undefined(phrase("it contains {value}", "errors", value=e))
        elif isinstance(e, _TRIGONOMETRIC):
            _scan_angle(e, found, stack)
        elif e.is_Add or e.is_Mul or (e.is_Pow and _whole(e.exp)):
            stack.extend(reversed(e.args))
        elif _is_algebraic_constant(e):
            found.constants.add(e)
        elif e.is_Pow and e.exp.is_Rational and e.exp.q == 2:
            found.roots.setdefault(e.base, []).append(e)
            stack.append(e.base)
        else:
            found.opaque.setdefault(e, _not_handled(e))
    return found


def _nested_roots_are_opaque(found):
    """Square roots of what holds an opaque construct or another square root are opaque."""
    inner = [*found.opaque, *(p for powers in found.roots.values() for p in powers)]
    for base in [b for b in found.roots if b.has(*inner)]:
        for power in found.roots.pop(base):
            found.opaque[power] = _not_handled(power)


def _scan_angle(e, found, stack):
    try:
        terms, constant = _angle(e.args[0])
        values = _constant_sincos(constant) if constant else ()
    except Undecidable as error:
        found.opaque.setdefault(e, error.reason)
        return
    found.angles[e] = terms
    found.floats = found.floats or e.args[0].has(sp.Float)
    stack.extend(values)


def _domain(constants):
    """The rationals, extended by the algebraic numbers ``constants`` (if any)."""
    if not constants:
        return QQ
    try:
        return QQ.algebraic_field(*sorted(constants, key=sp.default_sort_key))
    except (BasePolynomialError, NotImplementedError, ValueError, ZeroDivisionError) as error:
        listed = ", ".join(sorted(map(str, constants)))
        raise Undecidable(phrase("the numbers {numbers} are not handled exactly", "errors",
                                 numbers=listed)) from error


@functools.lru_cache(maxsize=4)
def _ring_for(exprs):
    """The ``TrigonometricRing`` of the common base angles of the tuple ``exprs`` (opaque
    constructs as generators of their own), and the ``_Scan``; the last few kept, with
    the fractions they have converted (a wrong answer's feedback takes them again)."""
    found = _scan(exprs)
    wholes, dropped = _base_multiples(found.angles)
    found.opaque.update(dropped)
    _nested_roots_are_opaque(found)
    roots = {base: _root(base) for base in found.roots}
    generators = sorted(found.generators | set(found.opaque) | set(roots.values()),
                        key=sp.default_sort_key)
    ring = TrigonometricRing(_base_angles(wholes), generators, _domain(found.constants))
    ring.take_square_roots(roots)
    return ring, found


def _lowest_terms(ring, numerator, denominator):
    """``N / D`` both reduced, common factors cancelled, ``D`` with leading coefficient 1."""
    numerator, denominator = ring.reduce(numerator), ring.reduce(denominator)
    if denominator != ring.ring.one:
        common = _gcd(numerator, denominator)
        numerator, denominator = numerator.exquo(common), denominator.exquo(common)
        lead = denominator.LC
        numerator, denominator = numerator.quo_ground(lead), denominator.quo_ground(lead)
    return numerator, denominator


def _written(ring, numerator, denominator, floats):
    """``N / D`` as a sympy expression: both reduced, common factors cancelled, ``D``
    with leading coefficient 1, floats written back as floats."""
    numerator, denominator = _lowest_terms(ring, numerator, denominator)
    value = ring.expression(numerator, floats=floats)
    if denominator == ring.ring.one:
        return value
    return value / ring.expression(denominator, floats=floats)


def canonical(*exprs):
    """The canonical forms of scalar expressions, in one common basis of base angles.

    Each form is written in ``sin``/``cos`` of the base angles (see the module
    docstring): the numerator expanded and reduced (an ``Add`` of products, no
    ``sin²`` left), divided by the reduced denominator when there is one. Equal
    expressions have forms whose difference cancels; ``Undecidable`` names a construct
    the form does not handle, ``Undefined`` an expression without a value.

    >>> t, m, l = sp.symbols('theta m l')
    >>> canonical(sp.sin(t), sp.sin(t / 2))
    (2*sin(theta/2)*cos(theta/2), sin(theta/2))
    >>> canonical(sp.tan(t) * sp.cos(t) + sp.sin(t)**2, m / (m + l) + l / (m + l))
    (sin(theta) - cos(theta)**2 + 1, 1)
    >>> canonical(sp.sqrt(1 - sp.cos(t)**2))
    Traceback (most recent call last):
    ...
    robocourse.equivalence.Undecidable: sqrt is not handled exactly
    """
    exprs = [_scalar(e, f"exprs[{i}]") for i, e in enumerate(exprs)]
    for i, e in enumerate(exprs):
        _require_finite(e, f"exprs[{i}]")
    ring, found = _ring_for(tuple(exprs))
    if found.hidden():
        raise Undecidable(next(iter(found.hidden().values())))
    return tuple(_written(ring, *ring.fraction(e), e.has(sp.Float)) for e in exprs)


# --- comparing --------------------------------------------------------------------

def _scalar(value, name):
    if isinstance(value, sp.Expr):
        return value
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        return sp.sympify(value)
    raise TypeError(say("{name} must be a number or a sympy expression; got {kind}", "errors",
                        name=name, kind=type(value).__name__))


def _as_matrix(value, name):
    if isinstance(value, sp.MatrixBase):
        rows, cols, entries = value.rows, value.cols, list(value)
    elif isinstance(value, np.ndarray) and value.ndim in (1, 2):
        rows, cols = value.shape if value.ndim == 2 else (value.shape[0], 1)
        entries = list(value.flat)
    elif isinstance(value, np.ndarray):
        raise ValueError(say("{name} must be a vector or a matrix; got an array of shape "
                             "{shape}", "errors", name=name, shape=value.shape))
    else:
        return sp.Matrix([[_scalar(value, name)]])
    return sp.Matrix(rows, cols, [_scalar(e, f"{name}[{k // cols}, {k % cols}]")
                                  for k, e in enumerate(entries)])


def _pair(a, b):
    A, B = _as_matrix(a, "a"), _as_matrix(b, "b")
    if A.shape != B.shape:
        raise ValueError(say("a is {a_rows}x{a_cols} and b is {b_rows}x{b_cols}: cannot "
                             "compare them entry by entry", "errors", a_rows=A.rows,
                             a_cols=A.cols, b_rows=B.rows, b_cols=B.cols))
    return A, B


@dataclass
class _Difference:
    """``x − y = (P − Q) / D`` with ``P = N_x D_y``, ``Q = N_y D_x`` reduced."""

    ring: TrigonometricRing
    found: _Scan
    P: Any
    Q: Any
    D: Any

    def verdict(self):
        """Whether ``P = Q`` (floats: within ``FLOAT_TOLERANCE`` of the largest coefficient
        of ``Q``); ``Undecidable`` where an opaque construct leaves it open."""
        ring, difference, hidden = self.ring, self.P - self.Q, self.found.hidden()
        if not difference or not self.found.floats:
            equal = not difference
        elif hidden:            # a coefficient says nothing of the size of log x, exp 1000
            raise Undecidable(next(iter(hidden.values())))
        elif ring.domain != QQ:
            raise Undecidable(phrase("floats next to the algebraic numbers {numbers} are "
                                     "compared at random points", "errors", numbers=", ".join(
                                         sorted(map(str, self.found.constants)))))
        else:
            equal = _largest(difference) <= _FLOAT_FRACTION * _largest(self.Q)
        # Opaque constructs are independent generators, square roots generators whose
        # square reduces: equal as such is equal for any of their values (unless one is
        # left in a denominator, which might then vanish); unequal proves nothing.
        if hidden and not (equal and not ring.involves(ring.reduce(self.D), hidden)):
            raise Undecidable(next(iter(hidden.values())))
        return equal

    def written(self):
        """The reduced difference as a sympy expression."""
        return _written(self.ring, self.P - self.Q, self.D, self.found.floats)


#: ``FLOAT_TOLERANCE`` as an exact fraction.
_FLOAT_FRACTION = QQ.from_sympy(sp.Rational(repr(FLOAT_TOLERANCE)))


def _largest(p):
    """The largest modulus of a coefficient of ``p`` (over the rationals), exactly."""
    return max((abs(c) for c in p.itercoeffs()), default=QQ.zero)


def _not_finite(e):
    """The nan and ∞ in ``e`` (not counting ∞ as a limit of a sum or an integral)."""
    found, seen, stack = set(), set(), [e]
    while stack:                          # each shared subexpression once
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        if node in _NOT_FINITE:
            found.add(node)
        elif not isinstance(node, sp.Integral | sp.Sum | sp.Product | sp.Limit):
            stack.extend(node.args)
    return [str(v) for v in _NOT_FINITE if v in found]


def _require_finite(e, name):
    found = _not_finite(e)
    if found:
        raise Undefined(phrase("{name} contains {values}", "errors", name=name,
                               values=", ".join(found)))


def _difference(x, y):
    _require_finite(x, "a")
    _require_finite(y, "b")
    ring, found = _ring_for((x, y))
    fractions = []
    for name, e in (("a", x), ("b", y)):
        try:
            fractions.append(ring.fraction(e))
        except Undefined as error:
            raise Undefined(phrase("{name} is undefined: {reason}", "errors", name=name,
                                   reason=error.reason)) from error
    (n_x, d_x), (n_y, d_y) = fractions
    return _Difference(ring, found, ring.reduce(n_x * d_y), ring.reduce(n_y * d_x), d_x * d_y)


def _compare_entry(x, y, seed):
    try:
        difference = _difference(x, y)
        equal = difference.verdict()
    except Undefined as error:
        return Comparison(False, "exact", error.reason)
    except Undecidable as error:
        equal, why = _random_verdict([(x, y)], seed, trials=8)
        reason = (phrase("{reason}; at random points: {why}", "errors", reason=error.reason,
                         why=why) if why else error.reason)
        return Comparison(equal, "random points", reason)
    return Comparison(equal, "floats" if difference.found.floats else "exact")


_METHODS = ("exact", "floats", "random points")
#: The methods in words, said in the language of a message (``assert_identical``'s).
_METHOD_WORDS = {"exact": phrase("exact", "errors"), "floats": phrase("floats", "errors"),
                 "random points": phrase("random points", "errors")}


def compare(a, b, *, seed=None):
    """Decide whether ``a`` equals the reference ``b`` (the expected answer) for all
    values of the symbols: a ``Comparison``.

    Scalars, or matrices of one shape entry by entry. The canonical form decides
    (``"exact"``, or ``"floats"`` when a float occurs, see the module docstring); where
    it cannot, the random-point test of ``random_points_agree`` does, with points drawn
    from ``seed`` (``None``: an unpredictable seed) and tolerances set by ``b`` alone.
    nan or ∞ anywhere is ``equal=False``.

    >>> t, x = sp.symbols('theta x')
    >>> compare(2 * sp.sin(t / 2) * sp.cos(t / 2), sp.sin(t))
    Comparison(equal=True, method='exact', reason='')
    >>> compare(0.1 * x + 0.2 * x, 3 * x / 10)
    Comparison(equal=True, method='floats', reason='')
    >>> compare(sp.sqrt(1 - sp.cos(t)**2), sp.sin(t), seed=1)
    Comparison(equal=False, method='random points', reason='sqrt is not handled exactly')
    >>> compare(x + sp.nan, x)
    Comparison(equal=False, method='exact', reason='a contains nan')
    """
    A, B = _pair(a, b)
    verdicts = [_compare_entry(x, y, seed) for x, y in zip(A, B, strict=True)]
    if len(verdicts) == 1:
        return verdicts[0]
    cells = [f"[{k // A.cols}, {k % A.cols}]" for k in range(len(verdicts))]
    for wanted in (False, None):
        for cell, verdict in zip(cells, verdicts, strict=True):
            if verdict.equal is wanted:
                reason = verdict.reason and _of_entry(cell, verdict.reason)
                return Comparison(wanted, verdict.method, reason)
    method = max((v.method for v in verdicts), key=_METHODS.index)
    reasons = ""
    for cell, verdict in zip(cells, verdicts, strict=True):
        if verdict.reason:
            reasons = (phrase("{earlier}; entry {cell}: {reason}", "errors", earlier=reasons,
                              cell=cell, reason=verdict.reason) if reasons else
                       _of_entry(cell, verdict.reason))
    return Comparison(True, method, reasons)


def _of_entry(cell, reason):
    return phrase("entry {cell}: {reason}", "errors", cell=cell, reason=reason)


def _reduced_entry(x, y):
    try:
        difference = _difference(x, y)
    except Undefined:
        return sp.nan
    return sp.Integer(0) if difference.verdict() else difference.written()


def reduced_difference(a, b):
    """The canonical form of ``a − b`` (entry by entry): zero where they are equal.

    A nonzero entry is the reduced difference (over a common denominator if there is
    one); nan marks an undefined entry. ``Undecidable`` where the form cannot decide.

    >>> t = sp.Symbol('t')
    >>> reduced_difference(sp.sin(2 * t), 2 * sp.sin(t) * sp.cos(t))
    Matrix([[0]])
    >>> reduced_difference(sp.tan(t), sp.sin(t))
    Matrix([[(-sin(t)*cos(t) + sin(t))/cos(t)]])
    """
    A, B = _pair(a, b)
    return sp.Matrix(A.rows, A.cols, [_reduced_entry(x, y)
                                      for x, y in zip(A, B, strict=True)])


def identical(a, b):
    """True when ``a`` and ``b`` (numbers, expressions or matrices) are identically equal.

    Decided by the canonical form (floats: see the module docstring); an undefined
    entry (nan, division by zero) is never equal; ``Undecidable`` where the form
    cannot decide.

    >>> t1, t2 = sp.symbols('theta1 theta2')
    >>> identical(sp.cos(t1 + t2), sp.cos(t1) * sp.cos(t2) - sp.sin(t1) * sp.sin(t2))
    True
    >>> identical(sp.sin(t1) ** 2, sp.cos(t1) ** 2)
    False
    """
    A, B = _pair(a, b)
    for x, y in zip(A, B, strict=True):
        try:
            if not _difference(x, y).verdict():
                return False
        except Undefined:
            return False
    return True


def assert_identical(a, b, what="the two results"):
    """Raise AssertionError unless ``a`` ≡ ``b``: showing the reduced difference where the
    canonical form decides, else the verdict of ``compare`` (with a fixed seed, so that a
    notebook's cross-check is repeatable), which must be equal.

    >>> t = sp.Symbol('t', real=True)
    >>> assert_identical(sp.sin(t) ** 2, 1 - sp.cos(t) ** 2)
    >>> assert_identical(sp.exp(2 * t), sp.exp(t) ** 2)
    >>> assert_identical(sp.Matrix([t, 1]), sp.Matrix([t, 2]), "tau")
    Traceback (most recent call last):
    ...
    AssertionError: tau differ: the difference reduces to Matrix([[0], [-1]])
    >>> assert_identical(sp.sqrt(t**2), t, "√t² and t")
    Traceback (most recent call last):
    ...
    AssertionError: √t² and t differ (random points: Abs is not handled exactly)
    """
    try:
        difference = reduced_difference(a, b)
    except Undecidable:
        verdict = compare(a, b, seed=_CROSS_CHECK_SEED)
        if verdict.equal is not True:
            method = _METHOD_WORDS[verdict.method]
            raise AssertionError(
                say("{what} are not proven equal ({method}: {reason})", "errors", what=what,
                    method=method, reason=verdict.reason) if verdict.equal is None else
                say("{what} differ ({method}: {reason})", "errors", what=what, method=method,
                    reason=verdict.reason) if verdict.reason else
                say("{what} differ ({method})", "errors", what=what, method=method)) from None
        return
    if any(entry != 0 for entry in difference):
        raise AssertionError(say("{what} differ: the difference reduces to {difference}",
                                 "errors", what=what, difference=difference))


#: The seed of ``assert_identical``'s random points.
_CROSS_CHECK_SEED = 20261201


# --- the random-point test ----------------------------------------------------------

#: At a random point the sides agree when they differ by at most this fraction of the size
#: of the reference side there (or of 1, if that is larger); ``FLOAT_TOLERANCE`` with floats.
POINT_TOLERANCE = 1e-30
#: The working precision (bits) of the first evaluation at a point, raised up to the last.
FIRST_PRECISION, LAST_PRECISION = 128, 8192
#: Real values are drawn from [−SPAN, SPAN], whole numbers from [−2⁶², 2⁶²).
SPAN = 4

#: Assumptions that a random value must respect.
_FACTS = ("integer", "rational", "irrational", "positive", "negative", "nonnegative",
          "nonpositive", "zero", "nonzero", "even", "odd", "prime", "composite")
#: Functions analytic wherever they are defined, without branch points: agreement at random
#: points vouches for a difference built from these (and + − × ÷, whole powers) alone.
_MEROMORPHIC = (sp.exp, sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc, sp.sinh, sp.cosh,
                sp.tanh)


def _sample(atom, rng):
    """A random rational (or whole number) that satisfies the assumptions on ``atom``:
    ``p/q`` in [−SPAN, SPAN] with ``q`` drawn from [2⁶², 2⁶³), so that no answer can be
    built to vanish at the denominators it will meet."""
    facts = {f: v for f in _FACTS if (v := getattr(atom, "is_" + f)) is not None}
    whole = any(facts.get(f) for f in ("integer", "even", "odd", "prime", "composite"))
    for _ in range(200):
        if whole:
            value = sp.Integer(rng.randrange(-2**62, 2**62))
        else:
            q = rng.randrange(2**62, 2**63)
            value = sp.Rational(rng.randrange(-SPAN * q, SPAN * q + 1), q)
        if facts.get("prime"):
            value = sp.Integer(sp.nextprime(abs(value)))
        if facts.get("nonnegative"):  # so also positive (sympy: positive ⇒ nonnegative)
            value = abs(value)
        elif facts.get("nonpositive"):  # so also negative
            value = -abs(value)
        if all(getattr(value, "is_" + f) is v for f, v in facts.items()):
            return value
    raise Undecidable(phrase("no random rational value satisfies the assumptions on {atom}",
                             "errors", atom=atom))


def _value_atoms(exprs):
    """The atoms of ``exprs`` that take values: symbols, ``f(…)`` and derivatives (a
    derivative is one atom: its ``f(t)`` inside does not count)."""
    found, seen, stack = set(), set(), list(exprs)
    while stack:                          # each shared subexpression once
        node = stack.pop()
        if node not in seen:
            seen.add(node)
            if node.is_Symbol or isinstance(node, AppliedUndef | sp.Derivative):
                found.add(node)
            else:
                stack.extend(node.args)
    return found


def _independent(atoms):
    """Check that ``atoms`` can take independent values: a function of symbols (``q(t)``,
    its derivatives) can, but one function of two expressions (``f(x + 1)``, ``f(1 +
    x·1)``) might be one value written twice."""
    applied = collections.Counter(type(a.expr if isinstance(a, sp.Derivative) else a)
                                  for a in atoms if not a.is_Symbol and not _is_generator(a))
    for function, count in applied.items():
        if count > 1:
            raise _CannotEvaluate(phrase("the function {function} of {count} different "
                                         "expressions cannot be given values at random points",
                                         "errors", function=function, count=count))


def _branching(exprs):
    """The first construct of ``exprs`` for which agreement at random points proves
    nothing: a function of the symbols with a branch point or a kink (``sqrt``, ``log``,
    ``atan2``, ``Abs``, ``Piecewise`` …, where two sides can agree on one region only),
    or one of the meromorphic functions of a whole-number symbol (``sin(π n/2)``
    vanishes at every even ``n``). None when there is none."""
    depends, seen, stack = {}, set(), list(reversed(exprs))
    while stack:                          # each shared subexpression once
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        on_symbols, on_whole_numbers = _depends(node, depends)
        if not on_symbols or node.is_Atom or isinstance(node, AppliedUndef | sp.Derivative):
            continue
        if node.is_Add or node.is_Mul or (node.is_Pow and node.exp.is_Integer):
            stack.extend(reversed(node.args))
        elif (isinstance(node, _MEROMORPHIC) or (node.is_Pow and node.base.is_number
                                                  and node.base.is_zero is False)):
            if on_whole_numbers:
                return node
            stack.extend(reversed(node.args))
        else:
            return node
    return None


def _depends(node, known):
    """Whether ``node`` depends on the symbols, and on whole-number ones (``known``: the
    answers so far, each subexpression walked once)."""
    found = known.get(node)
    if found is None:
        if node.is_Symbol:
            found = True, node.is_integer is True
        elif isinstance(node, AppliedUndef | sp.Derivative):
            found = True, False
        else:
            parts = [_depends(a, known) for a in node.args]
            found = any(p for p, _ in parts), any(w for _, w in parts)
        known[node] = found
    return found


class _CannotEvaluate(Exception):  # noqa: N818 - a signal inside the random-point test
    """A construct that is not evaluated rigorously (``reason``: which, a ``phrase``)."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class _Imprecise(Exception):  # noqa: N818 - a signal inside the random-point test
    """An enclosure too wide to go on at this precision (a divisor, a condition …);
    ``bits``: about how many more bits would do, where that is known."""

    def __init__(self, bits=0):
        super().__init__(bits)
        self.bits = bits


_NUMBER_SYMBOLS = {sp.pi: "pi", sp.E: "e", sp.GoldenRatio: "phi", sp.EulerGamma: "euler",
                   sp.Catalan: "catalan"}
_RELATIONS = {  # the difference d = lhs − rhs as (holds for sure, fails for sure)
    "<": lambda d: (d.b < 0, d.a >= 0), "<=": lambda d: (d.b <= 0, d.a > 0),
    ">": lambda d: (d.a > 0, d.b <= 0), ">=": lambda d: (d.a >= 0, d.b < 0),
    "==": lambda d: (_is_zero(d), 0 not in d), "!=": lambda d: (0 not in d, _is_zero(d))}


def _is_zero(x):
    """Whether the enclosure ``x`` is exactly zero."""
    parts = (x,) if isinstance(x, ivmpf) else (x.real, x.imag)
    return all(p._mpi_ == mpi_zero for p in parts)


class _Enclosures:
    """Enclosures of expressions at one point (``{atom: rational}``) by mpmath's interval
    arithmetic at ``context.prec`` bits: each a real interval, or a complex rectangle,
    certain to hold the exact value (principal branches, as sympy's).

    ``_Imprecise`` where an enclosure is too wide to go on (a divisor or a condition that
    holds zero), ``Undefined`` where the expression has no value at the point,
    ``_CannotEvaluate`` for a construct outside the whitelist.
    """

    def __init__(self, point, context):
        self.iv, self.values, self.sizes = context, {}, {}
        self.values.update((atom, self._rational(v)) for atom, v in point.items())

    def __call__(self, e):
        value = self.values.get(e)
        if value is None:
            value = self.values[e] = self._evaluate(e)
        return value

    def _rational(self, v):
        return self.iv.mpf(v.p) / v.q

    def _evaluate(self, e):
        if e.is_Rational:
            return self._rational(e)
        if e.is_Float:
            return self.iv.make_mpf((e._mpf_, e._mpf_))
        if e is sp.I:
            return self.iv.mpc(0, 1)
        if e in _NUMBER_SYMBOLS:
            return +getattr(self.iv, _NUMBER_SYMBOLS[e])
        if e.is_Add or e.is_Mul:
            return self._combine(e.is_Add, [self(a) for a in e.args])
        if e.is_Pow:
            return self._power(e.base, e.exp)
        if isinstance(e, sp.Piecewise):
            for piece, condition in e.args:
                if self._holds(condition):
                    return self(piece)
            raise Undefined(f"no condition of {e} holds")
        function = _FUNCTIONS.get(type(e))
        if function is None:
            raise _CannotEvaluate(phrase("{construct} cannot be evaluated rigorously", "errors",
                                         construct=_construct(e)))
        return function(self, *(self(a) for a in e.args))

    def _combine(self, add, values):
        """The sum (``add``) or the product of enclosures (real ones directly by mpmath's
        interval kernels, the commonest case)."""
        if all(isinstance(v, ivmpf) for v in values):
            kernel, prec = mpi_add if add else mpi_mul, self.iv.prec
            return self.iv.make_mpf(functools.reduce(lambda s, t: kernel(s, t, prec),
                                                     (v._mpi_ for v in values)))
        return functools.reduce(operator.add if add else operator.mul, values)

    def _power(self, base, exponent):
        b = self(base)
        if exponent.is_Integer:
            n = int(exponent)
            return b**n if n >= 0 else self.divide(1, b**-n)
        y = self(exponent)
        if isinstance(b, ivmpf) and isinstance(y, ivmpf) and b.a > 0:
            return b**y
        if 0 in b:
            raise _Imprecise
        return self.complex(b) ** self.complex(y)        # the principal branch

    def divide(self, n, d):
        """``n / d``; ``Undefined`` for a divisor that is exactly zero."""
        if 0 in d:
            raise Undefined("division by zero") if _is_zero(d) else _Imprecise
        return n / d

    def exp(self, x):
        """``exp x``, for ``|Re x| ≤ 2³²`` (a larger exponent is not evaluated)."""
        if abs(x.real).b > 2**32:
            raise _CannotEvaluate(phrase("an exponential of a number beyond 2**32", "errors"))
        return self.iv.exp(x)

    def periodic(self, f, x):
        """``f(x)`` for ``sin`` and ``cos``: the argument reduction needs about as many bits
        as ``Re x`` has (not beyond ``LAST_PRECISION``), ``Im x`` goes to an exponential."""
        if abs(x.real).b > self.iv.mpf(2)**LAST_PRECISION or abs(x.imag).b > 2**32:
            raise _CannotEvaluate(phrase("a sine or cosine of a number beyond 2**{bits}",
                                         "errors", bits=LAST_PRECISION))
        return f(x)

    def real(self, x):
        """``x`` as a real interval (``_CannotEvaluate`` if it is not real)."""
        if isinstance(x, ivmpf):
            return x
        if _is_zero(x.imag):
            return x.real
        if 0 in x.imag:
            raise _Imprecise
        raise _CannotEvaluate(phrase("a function of the real numbers at a complex value",
                                     "errors"))

    def complex(self, x):
        """``x`` as a complex rectangle (mpmath's ``mpc`` takes real intervals only)."""
        return self.iv.mpc(x) if isinstance(x, ivmpf) else x

    def real_map(self, f, *args):
        """An mpmath interval function ``f`` of real intervals, at the working precision."""
        return self.iv.make_mpf(f(*(self.real(a)._mpi_ for a in args), self.iv.prec))

    def log(self, x):
        """The principal logarithm."""
        if isinstance(x, ivmpf) and x.a > 0:
            return self.iv.ln(x)
        if 0 in x:
            raise Undefined("the logarithm of zero") if _is_zero(x) else _Imprecise
        return self.iv.ln(self.complex(x))

    def arcsine(self, x, cosine=False):
        """``asin x`` (``cosine``: ``acos x``) for real ``x`` in [−1, 1], by ``atan2``."""
        x = self.real(x)
        rest = 1 - x**2
        if rest.a < 0:
            raise _Imprecise if rest.b >= 0 else _CannotEvaluate(
                phrase("asin or acos beyond ±1", "errors"))
        root = self.real_map(mpi_sqrt, rest)
        return self.atan2(root, x) if cosine else self.atan2(x, root)

    def atan2(self, y, x):
        y, x = self.real(y), self.real(x)
        if 0 in x and 0 in y:
            raise Undefined("atan2(0, 0)") if _is_zero(x) and _is_zero(y) else _Imprecise
        if _is_zero(y) and 0 in x:      # mpmath gives π for all of [−a, b] there
            raise _Imprecise
        return self.real_map(mpi_atan2, y, x)

    def step(self, x, below, at, above):
        """A function of the sign of ``x``: ``below`` for ``x < 0``, ``at`` for 0 and
        ``above`` for ``x > 0``, enclosed by all three where the sign is not known."""
        x = self.real(x)
        values = [self.real(self.iv.mpf(v)) for v in (below, at, above)]
        if x.b < 0 or x.a > 0:
            return values[0] if x.b < 0 else values[2]
        if _is_zero(x):
            return values[1]
        return self.iv.make_mpf((min(v.a for v in values)._mpi_[0],
                                 max(v.b for v in values)._mpi_[1]))

    def extreme(self, pick, *args):
        """``Min`` (``pick = min``) or ``Max`` of real intervals, bound by bound."""
        bounds = [self.real(a) for a in args]
        return self.iv.make_mpf((pick(b.a for b in bounds)._mpi_[0],
                                 pick(b.b for b in bounds)._mpi_[1]))

    def rounded(self, rounding, x):
        """``floor`` or ``ceiling`` (``rounding``: mpmath's ``mpf_floor``/``mpf_ceil``)."""
        a, b = self.real(x)._mpi_
        return self.iv.make_mpf((rounding(a), rounding(b)))

    def _holds(self, condition):
        """Whether a Piecewise condition holds (``_Imprecise`` where it is not known)."""
        if condition in (sp.true, sp.false):
            return bool(condition)
        if isinstance(condition, sp.Not):
            return not self._holds(condition.args[0])
        if isinstance(condition, sp.And | sp.Or):
            found = [self._holds(c) for c in condition.args]
            return all(found) if isinstance(condition, sp.And) else any(found)
        if isinstance(condition, sp.core.relational.Relational) and \
                condition.rel_op in _RELATIONS:
            holds, fails = _RELATIONS[condition.rel_op](
                self.real(self(condition.lhs) - self(condition.rhs)))
            if holds or fails:
                return bool(holds)
            raise _Imprecise
        raise _CannotEvaluate(phrase("the condition {condition} cannot be evaluated rigorously",
                                     "errors", condition=condition))

    def size(self, e):
        """The size of ``e`` at the point: sizes of terms add up and of factors multiply
        (whole powers too), other values count by their modulus, so that no cancellation
        inside ``e`` makes it small."""
        size = self.sizes.get(e)
        if size is None:
            if e.is_Add or e.is_Mul:
                size = self._combine(e.is_Add, [self.size(a) for a in e.args])
            elif e.is_Pow and e.exp.is_Integer and e.exp > 0:
                size = self.size(e.base) ** int(e.exp)
            else:
                size = abs(self(e))
            self.sizes[e] = size
        return size

    def agree(self, answer, reference, tolerance):
        """Whether ``answer`` and ``reference`` agree here: True when their difference
        surely is at most ``tolerance`` times the size of ``reference`` (or than
        ``tolerance`` if that size is below 1), False when it surely is more;
        ``_Imprecise`` while the enclosure of the difference is too wide to tell."""
        difference = abs(self(answer) - self(reference))
        size = self.size(reference).a
        bound = self.iv.mpf(tolerance) * (size if size > 1 else 1)
        if difference.b <= bound.a:
            return True
        if difference.a > bound.b:
            return False
        raise _Imprecise(_bits(difference.b) - _bits(bound.a) + 16)


#: sympy's functions → their enclosures, from the enclosures of their arguments.
_FUNCTIONS = {
    sp.exp: lambda v, x: v.exp(x),
    sp.log: lambda v, x: v.log(x),
    sp.sin: lambda v, x: v.periodic(v.iv.sin, x),
    sp.cos: lambda v, x: v.periodic(v.iv.cos, x),
    sp.tan: lambda v, x: v.divide(v.periodic(v.iv.sin, x), v.periodic(v.iv.cos, x)),
    sp.cot: lambda v, x: v.divide(v.periodic(v.iv.cos, x), v.periodic(v.iv.sin, x)),
    sp.sec: lambda v, x: v.divide(1, v.periodic(v.iv.cos, x)),
    sp.csc: lambda v, x: v.divide(1, v.periodic(v.iv.sin, x)),
    sp.sinh: lambda v, x: (v.exp(x) - v.exp(-x)) / 2,
    sp.cosh: lambda v, x: (v.exp(x) + v.exp(-x)) / 2,
    sp.tanh: lambda v, x: v.divide(v.exp(x) - v.exp(-x), v.exp(x) + v.exp(-x)),
    sp.atan: lambda v, x: v.real_map(mpi_atan, x),
    sp.acot: lambda v, x: v.real_map(mpi_atan, v.divide(1, x)),
    sp.asin: lambda v, x: v.arcsine(x),
    sp.acos: lambda v, x: v.arcsine(x, cosine=True),
    sp.atan2: lambda v, y, x: v.atan2(y, x),
    sp.Abs: lambda v, x: abs(x),
    sp.sign: lambda v, x: v.step(x, -1, 0, 1),
    sp.Heaviside: lambda v, x, at=0.5: v.step(x, 0, at, 1),
    sp.floor: lambda v, x: v.rounded(mpf_floor, x),
    sp.ceiling: lambda v, x: v.rounded(mpf_ceil, x),
    sp.Min: lambda v, *args: v.extreme(min, *args),
    sp.Max: lambda v, *args: v.extreme(max, *args),
    sp.re: lambda v, x: x.real,
    sp.im: lambda v, x: x.imag,
    sp.conjugate: lambda v, x: x.conjugate(),
}


def _bits(x):
    """About ``log2 |x|`` for a point interval ``x``."""
    _, _, exponent, size = x._mpi_[1]
    return exponent + size


def _agreement(pairs, point, tolerance, precision):
    """``(agree, precision)``: whether every pair ``(answer, reference)`` agrees at
    ``point``, True or False as decided at the first working precision from
    ``precision`` on that decides (at least doubled each time, or raised by as many
    bits as the enclosure of the difference is too wide), None if none up to
    ``LAST_PRECISION`` does; ``Undefined`` where a side has no value there."""
    context = MPIntervalContext()
    while True:
        context.prec = precision
        values = _Enclosures(point, context)
        try:
            return all(values.agree(x, y, tolerance) for x, y in pairs), precision
        except _Imprecise as imprecise:
            if precision >= LAST_PRECISION:
                return None, precision
            precision = min(LAST_PRECISION, max(2 * precision, precision + imprecise.bits))


def random_points_agree(a, b, *, seed, trials=8):
    """Whether ``a`` and the reference ``b`` (scalars or matrices) agree at ``trials``
    random points drawn from ``seed``: True, False, or None when it cannot tell.

    Each value is enclosed by interval arithmetic (see the module docstring): False is
    a proof that they differ at a point by more than ``POINT_TOLERANCE``
    (``FLOAT_TOLERANCE`` with floats) of the size of ``b``; True that they agree within
    it at every point, and that the difference is meromorphic in the symbols. A
    difference with ``sqrt``, ``log``, ``Abs``, ``Piecewise`` … of the symbols may agree
    on one region only: there agreement is None. A point where a side is undefined is
    drawn again (up to ``4 trials`` draws); nan or ∞ in an expression is a disagreement.

    >>> x = sp.Symbol('x', positive=True)
    >>> y = sp.Symbol('y')
    >>> random_points_agree(sp.exp(2 * y) * sp.tan(x), sp.exp(y)**2 * sp.sin(x) / sp.cos(x),
    ...                     seed=5)
    True
    >>> random_points_agree(sp.sqrt(y**2), y, seed=5)
    False
    >>> print(random_points_agree(sp.sqrt(x**2 * y**2), x * sp.Abs(y), seed=5))
    None
    """
    A, B = _pair(a, b)
    if isinstance(trials, bool) or not isinstance(trials, numbers.Integral) or trials < 1:
        raise ValueError(say("trials must be a positive whole number; got {trials}",
                             "errors", trials=repr(trials)))
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str | bytes)):
        raise TypeError(say("seed must be an int, str or bytes (None: unpredictable); got "
                            "{kind}", "errors", kind=type(seed).__name__))
    return _random_verdict(list(zip(A, B, strict=True)), seed, trials)[0]


def _random_verdict(pairs, seed, trials):
    """``(agree, why)`` for the pairs of entries ``(answer, reference)``: ``why`` says
    what stopped the test when ``agree`` is None."""
    exprs = [e for pair in pairs for e in pair]
    if any(_not_finite(e) for e in exprs):
        return False, ""
    tolerance = FLOAT_TOLERANCE if any(e.has(sp.Float) for e in exprs) else POINT_TOLERANCE
    atoms = sorted(_value_atoms(exprs), key=sp.default_sort_key)
    needed = trials if atoms else 1                  # numbers: one point decides
    rng = random.Random(secrets.randbits(128) if seed is None else seed)
    agreed, precision = 0, FIRST_PRECISION        # each point starts where the last ended
    try:
        _independent(atoms)
        for _ in range(4 * needed):
            point = {atom: _sample(atom, rng) for atom in atoms}
            try:
                verdict, precision = _agreement(pairs, point, tolerance, precision)
            except Undefined:
                continue                                     # undefined here: draw again
            if verdict is None:
                return None, phrase("the two sides are too close to tell apart at a random "
                                    "point at {bits} bits", "errors", bits=LAST_PRECISION)
            if not verdict:
                return False, ""
            agreed += 1
            if agreed == needed:
                return _vouched(exprs)
    except (Undecidable, _CannotEvaluate) as error:
        return None, error.reason
    return None, phrase("a side is undefined at all but {agreed} of {drawn} random points",
                        "errors", agreed=agreed, drawn=4 * needed)


def _vouched(exprs):
    """``(True, "")`` for sides that agreed at every point, unless a construct of theirs
    makes agreement at random points no proof: then ``(None, why)``."""
    construct = _branching(exprs)
    if construct is not None:
        return None, phrase("{construct} of the symbols can make two sides agree on one "
                            "region only, so agreeing at random points is no proof", "errors",
                            construct=_construct(construct))
    return True, ""
