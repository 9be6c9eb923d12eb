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
and the difference is judged relative to the size of the terms: equal when every
coefficient of ``N_a D_b − N_b D_a`` (reduced) is at most ``FLOAT_TOLERANCE`` =
10⁻¹¹ times the largest coefficient of ``N_a D_b`` and ``N_b D_a`` (reduced). So a
float answer equals its exact counterpart to 11 significant digits of its largest
term (``method="floats"``); a float coefficient of an angle is made exact with
``nsimplify`` at tolerance 10⁻¹² (``0.5 θ → θ/2``).

**What the form cannot decide.** A construct outside ``+ − × ÷``, integer powers,
the trigonometric functions and the generators (``sqrt`` or another fractional power
of a symbol, ``Abs``, ``Piecewise``, ``exp``, ``log``, ``atan2``, a function of an
expression, ``sin(1)``, ``sin(√x)``, a sine of more than ``MAX_MULTIPLE`` = 64 base
angles, …) is *opaque*: the ring takes it as one more
independent generator. Expressions equal as such are equal whatever the value of
the construct, so that equality is exact (``√m (1 + x) = √m + x √m``), unless an
opaque construct is in a denominator (it might vanish). Any other verdict would
ignore relations the construct has (``√x² = |x|``): ``canonical``, ``identical`` and
``reduced_difference`` raise ``Undecidable`` naming the construct, and ``compare``
goes to an exact randomised test (``random_points_agree``): both sides are
evaluated exactly at random rational points, each base angle at a rational point
of the unit circle, ``sin φ = 2u/(1+u²)``, ``cos φ = (1−u²)/(1+u²)``, each other
symbol at a random rational ``p/q`` (``|p| ≤ 10⁴``, ``q ≤ 10³``) that respects its
assumptions (positive, integer, nonzero, …; symbols without assumptions are
sampled real; an angle that also occurs outside sin/cos is sampled as a number). A
point where a side is undefined is drawn again; a side undefined at every point is
a disagreement. At a point, rational values are compared exactly, algebraic
numbers (``√2``) exactly through their minimal polynomial, anything else
(``exp(3/7)``, ``sin(2/5)``, π) at 50 digits: there "equal" means the sides agree
to 40 significant digits of the largest term. A wrong answer passes a point only
by chance: a nonzero rational function of degree ``d`` in the sampled values
vanishes there with probability at most about ``d / 20 000`` (Schwartz–Zippel); a
difference confined to a region (a wrong sign of ``√x²`` for negative ``x``)
passes with the probability that every point misses the region (1/2 per point
for a sign).
"""

import functools
import math
import numbers
import random
import secrets
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy as sp
from sympy.core.function import AppliedUndef
from sympy.polys.domains import QQ
from sympy.polys.orderings import lex
from sympy.polys.polyerrors import BasePolynomialError
from sympy.polys.rings import ring as polynomial_ring

__all__ = ["FLOAT_TOLERANCE", "Comparison", "TrigonometricRing", "Undecidable", "Undefined",
           "assert_identical", "canonical", "compare", "identical", "random_points_agree",
           "reduced_difference"]

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
    """The canonical form cannot decide: ``reason`` names the construct not handled."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


@_kept
class Undefined(ArithmeticError):
    """The expression has no value: it contains nan or ∞, or divides by zero."""


@_kept
@dataclass(frozen=True)
class Comparison:
    """The verdict of ``compare``: ``equal`` is True, False or None (cannot decide).

    ``method`` is ``"exact"``, ``"floats"`` or ``"random points"``; ``reason`` is ""
    when the canonical form decided, else what it did not understand (for
    ``"random points"``, why the exact form was not used).
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
        return f"the power {e} (exponent {e.exp})"
    if isinstance(e, AppliedUndef):
        return f"the function {e} of an expression"
    if isinstance(e, sp.Function):
        return type(e).__name__
    if e.is_Atom:
        return str(e)
    return f"{type(e).__name__} ({e})"


def _angle_coefficient(q, argument):
    if q.is_Rational:
        return q
    if q.is_Float:
        return sp.nsimplify(q, rational=True, tolerance=ANGLE_TOLERANCE * max(1, abs(q)))
    raise Undecidable(f"the angle {argument} has the coefficient {q}, which is not a rational "
                      "number")


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
            raise Undecidable(f"the angle {argument} is not a polynomial in the symbols")
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
        raise Undecidable(f"the constant angle {k} is not a rational multiple of π with a "
                          "known sine and cosine")
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
        too_many = {f: f"{f} is more than {MAX_MULTIPLE} multiples of the base angle "
                       f"{m / wholes[m]}"
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
                raise ValueError(f"angles[{k}] must be a monomial over a whole number, like "
                                 f"theta/2; got {angle}")
            self._base[monomial] = (k, fraction.q)
        self._known, self._sincos, self._multiples = {}, {}, {}

    def reduce(self, p):
        """The normal form of ``p`` modulo ``s_k² + c_k² − 1`` (no ``s_k²`` left).

        Term by term, ``s_k^e = s_k^(e mod 2) (1 − c_k²)^(e div 2)``: congruent to ``p``
        and with no ``s_k²``, so it is the remainder of the division by the circle
        polynomials (``p.rem(self.circles)``), reached without a division.
        """
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

    def polynomial(self, expr):
        """``expr`` as a reduced polynomial; ``Undecidable`` if it has a denominator."""
        numerator, denominator = self.fraction(_scalar(expr, "expr"))
        if denominator != self.ring.one:
            raise Undecidable(f"{expr} is not a polynomial: it has the denominator "
                              f"{self.expression(denominator)}")
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
        if e in self.generators:
            return self.generators[e], one
        if e in _NOT_FINITE:
            raise Undefined(f"the expression contains {e}")
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
        raise Undecidable(f"{_construct(e)} is not handled exactly")

    def constant(self, value):
        """A number as an element of the ring (a float as the decimal it prints as)."""
        if value.is_Float:
            value = sp.Rational(str(value))
        try:
            return self.ring.ground_new(self.domain.from_sympy(value))
        except (BasePolynomialError, ValueError, NotImplementedError) as error:
            raise Undecidable(f"the number {value} is not handled exactly") from error

    def _nonzero(self, p, what):
        reduced = self.reduce(p)
        if not reduced:
            raise Undefined(f"division by zero: {what} is identically zero")
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
                raise Undecidable(f"the angle {argument} is not made of the angles "
                                  f"{', '.join(map(str, self.angles)) or '(none)'}")
            k, whole = self._base[monomial]
            n = q * whole
            if not n.is_Integer:
                raise Undecidable(f"the angle {argument} is not a whole multiple of "
                                  f"{self.angles[k]}")
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
            raise Undecidable(f"{n} times the angle {self.angles[k]} is more than "
                              f"{MAX_MULTIPLE} multiples of one base angle")
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

    def magnitude(self, p):
        """The largest absolute value of a coefficient of ``p`` (0 for ``p = 0``)."""
        if self.domain == QQ:
            return max((abs(float(c)) for c in p.itercoeffs()), default=0.0)
        to_sympy = self.domain.to_sympy
        return max((abs(complex(to_sympy(c))) for c in p.itercoeffs()), default=0.0)


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


def _scan(exprs):
    """Walk ``exprs`` once: base angles, generators, opaque constructs, algebraic numbers,
    floats; ``Undefined`` for nan or ∞."""
    found = _Scan({}, set(), {}, set(), False)
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
            raise Undefined(f"it contains {e}")
        elif isinstance(e, _TRIGONOMETRIC):
            _scan_angle(e, found, stack)
        elif e.is_Add or e.is_Mul or (e.is_Pow and _whole(e.exp)):
            stack.extend(reversed(e.args))
        elif _is_algebraic_constant(e):
            found.constants.add(e)
        else:
            found.opaque.setdefault(e, f"{_construct(e)} is not handled exactly")
    return found


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
    except (BasePolynomialError, NotImplementedError, ValueError) as error:
        listed = ", ".join(sorted(map(str, constants)))
        raise Undecidable(f"the numbers {listed} are not handled exactly") from error


def _ring_for(exprs):
    """The ``TrigonometricRing`` of the common base angles of ``exprs`` (opaque
    constructs as generators of their own), and the ``_Scan``."""
    found = _scan(exprs)
    wholes, dropped = _base_multiples(found.angles)
    found.opaque.update(dropped)
    generators = sorted(found.generators | set(found.opaque), key=sp.default_sort_key)
    return TrigonometricRing(_base_angles(wholes), generators, _domain(found.constants)), found


def _written(ring, numerator, denominator, floats):
    """``N / D`` as a sympy expression: both reduced, common factors cancelled, ``D``
    with leading coefficient 1, floats written back as floats."""
    numerator, denominator = ring.reduce(numerator), ring.reduce(denominator)
    if denominator != ring.ring.one:
        common = _gcd(numerator, denominator)
        numerator, denominator = numerator.exquo(common), denominator.exquo(common)
        lead = denominator.LC
        numerator, denominator = numerator.quo_ground(lead), denominator.quo_ground(lead)
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
    ring, found = _ring_for(exprs)
    if found.opaque:
        raise Undecidable(next(iter(found.opaque.values())))
    return tuple(_written(ring, *ring.fraction(e), e.has(sp.Float)) for e in exprs)


# --- comparing --------------------------------------------------------------------

def _scalar(value, name):
    if isinstance(value, sp.Expr):
        return value
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        return sp.sympify(value)
    raise TypeError(f"{name} must be a number or a sympy expression; got "
                    f"{type(value).__name__}")


def _as_matrix(value, name):
    if isinstance(value, sp.MatrixBase):
        rows, cols, entries = value.rows, value.cols, list(value)
    elif isinstance(value, np.ndarray) and value.ndim in (1, 2):
        rows, cols = value.shape if value.ndim == 2 else (value.shape[0], 1)
        entries = list(value.flat)
    elif isinstance(value, np.ndarray):
        raise ValueError(f"{name} must be a vector or a matrix; got an array of shape "
                         f"{value.shape}")
    else:
        return sp.Matrix([[_scalar(value, name)]])
    return sp.Matrix(rows, cols, [_scalar(e, f"{name}[{k // cols}, {k % cols}]")
                                  for k, e in enumerate(entries)])


def _pair(a, b):
    A, B = _as_matrix(a, "a"), _as_matrix(b, "b")
    if A.shape != B.shape:
        raise ValueError(f"a is {A.rows}x{A.cols} and b is {B.rows}x{B.cols}: cannot compare "
                         "them entry by entry")
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
        """Whether ``P = Q`` (floats: within ``FLOAT_TOLERANCE`` of the largest
        coefficient); ``Undecidable`` where an opaque construct leaves it open."""
        ring, difference = self.ring, self.P - self.Q
        if not difference or not self.found.floats:
            equal = not difference
        else:
            size = max(ring.magnitude(self.P), ring.magnitude(self.Q))
            equal = ring.magnitude(difference) <= FLOAT_TOLERANCE * size
        # Opaque constructs are independent generators: equal as such is equal for any
        # of their values (unless one is in a denominator, which might then vanish).
        if self.found.opaque and not (equal and not ring.involves(self.D, self.found.opaque)):
            raise Undecidable(next(iter(self.found.opaque.values())))
        return equal

    def written(self):
        """The reduced difference as a sympy expression."""
        return _written(self.ring, self.P - self.Q, self.D, self.found.floats)


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
        raise Undefined(f"{name} contains {', '.join(found)}")


def _difference(x, y):
    _require_finite(x, "a")
    _require_finite(y, "b")
    ring, found = _ring_for((x, y))
    fractions = []
    for name, e in (("a", x), ("b", y)):
        try:
            fractions.append(ring.fraction(e))
        except Undefined as error:
            raise Undefined(f"{name} is undefined: {error}") from error
    (n_x, d_x), (n_y, d_y) = fractions
    return _Difference(ring, found, ring.reduce(n_x * d_y), ring.reduce(n_y * d_x), d_x * d_y)


def _compare_entry(x, y, seed):
    try:
        difference = _difference(x, y)
        equal = difference.verdict()
    except Undefined as error:
        return Comparison(False, "exact", str(error))
    except Undecidable as error:
        equal, why = _random_verdict([(x, y)], seed, trials=8)
        reason = error.reason + (f"; at random points: {why}" if why else "")
        return Comparison(equal, "random points", reason)
    return Comparison(equal, "floats" if difference.found.floats else "exact")


_METHODS = ("exact", "floats", "random points")


def compare(a, b, *, seed=None):
    """Decide whether ``a`` equals ``b`` for all values of the symbols: a ``Comparison``.

    Scalars, or matrices of one shape entry by entry. The canonical form decides
    (``"exact"``, or ``"floats"`` when a float occurs, see the module docstring); where
    it cannot, the exact randomised test of ``random_points_agree`` does, with points
    drawn from ``seed`` (``None``: an unpredictable seed). nan or ∞ anywhere is
    ``equal=False``.

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
                reason = verdict.reason and f"entry {cell}: {verdict.reason}"
                return Comparison(wanted, verdict.method, reason)
    method = max((v.method for v in verdicts), key=_METHODS.index)
    reasons = [f"entry {cell}: {v.reason}" for cell, v in zip(cells, verdicts, strict=True)
               if v.reason]
    return Comparison(True, method, "; ".join(reasons))


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


# --- the exact randomised test ------------------------------------------------------

#: Assumptions that a random value must respect.
_FACTS = ("integer", "rational", "irrational", "positive", "negative", "nonnegative",
          "nonpositive", "zero", "nonzero", "even", "odd", "prime", "composite")


def _sample(atom, rng):
    """A random rational (or integer) value that satisfies the assumptions on ``atom``."""
    facts = {f: v for f in _FACTS if (v := getattr(atom, "is_" + f)) is not None}
    whole = any(facts.get(f) for f in ("integer", "even", "odd", "prime", "composite"))
    for _ in range(200):
        if whole:
            value = sp.Integer(rng.randint(-60, 60))
        else:
            value = sp.Rational(rng.randint(-10**4, 10**4), rng.randint(1, 10**3))
        if facts.get("positive") or facts.get("nonnegative"):
            value = abs(value)
        elif facts.get("negative") or facts.get("nonpositive"):
            value = -abs(value)
        if all(getattr(value, "is_" + f) is v for f, v in facts.items()):
            return value
    raise Undecidable(f"no random rational value satisfies the assumptions on {atom}")


def _value_atoms(e):
    """The atoms that take values: free symbols, ``f(t)`` and derivatives (a
    derivative is one atom: its ``f(t)`` inside does not count)."""
    free, found = e.free_symbols, set()
    walk = sp.preorder_traversal(e)
    for node in walk:
        if isinstance(node, AppliedUndef | sp.Derivative) or node in free:
            found.add(node)
            walk.skip()
    return found


class _CannotEvaluate(Exception):  # noqa: N818 - a signal inside the randomised test
    """An expression that sympy cannot evaluate at a point."""


def _is_circle_angle(monomial):
    """An angle sampled at a rational point of the unit circle: one symbol (or ``f(t)``)
    not restricted to whole or rational values."""
    return (_is_generator(monomial) and monomial not in (sp.pi, sp.E)
            and not monomial.is_rational)


class _RandomPoints:
    """``entries`` with every ``sin``/``cos`` (``tan`` …) of the circle angles written in
    ``s_k, c_k`` of their base angles, ready to be evaluated at random points."""

    def __init__(self, entries):
        forms, constants = {}, set()
        for f in set().union(*(e.atoms(*_TRIGONOMETRIC) for e in entries)):
            try:
                terms, constant = _angle(f.args[0])
                values = _constant_sincos(constant) if constant else ()
            except Undecidable:
                continue
            if terms and all(_is_circle_angle(m) for m, _ in terms):
                forms[f] = terms
                constants.update(v for v in values if not (v.is_Rational or v.is_Float))
        _, dropped = _base_multiples(forms)
        forms = {f: terms for f, terms in forms.items() if f not in dropped}
        while True:                   # an angle that also occurs elsewhere is a number
            placeholders = {f: sp.Dummy() for f in forms}
            elsewhere = set().union(*(_value_atoms(e.xreplace(placeholders)) for e in entries))
            kept = {f: terms for f, terms in forms.items()
                    if not any(m in elsewhere for m, _ in terms)}
            if len(kept) == len(forms):
                break
            forms = kept
        wholes, _ = _base_multiples(forms)
        self.ring = TrigonometricRing(_base_angles(wholes), domain=_domain(constants))
        rewrite = {}
        for f in forms:
            numerator, denominator = self.ring.fraction(f)
            rewrite[f] = numerator.as_expr() / denominator.as_expr()
        self.terms = {e: sp.Add.make_args(e.xreplace(rewrite)) for e in entries}
        atoms = set().union(*(_value_atoms(t) for terms in self.terms.values() for t in terms))
        circle = {g.as_expr() for g in (*self.ring.s, *self.ring.c)}
        self.atoms = sorted(atoms - circle, key=sp.default_sort_key)

    def sample(self, rng):
        """A random point: each base angle on the unit circle, each atom a number."""
        point = {}
        for s, c in zip(self.ring.s, self.ring.c, strict=True):
            u = sp.Rational(rng.randint(-10**4, 10**4), rng.randint(1, 10**3))
            point[s.as_expr()] = 2 * u / (1 + u**2)
            point[c.as_expr()] = (1 - u**2) / (1 + u**2)
        for atom in self.atoms:
            point[atom] = _sample(atom, rng)
        return point

    def value(self, e, point):
        """``(value, terms)`` of ``e`` at ``point``, or None where it is undefined."""
        try:
            terms = [t.xreplace(point) for t in self.terms[e]]
        except Exception as error:  # noqa: BLE001 - sympy fails in many ways at numbers
            raise _CannotEvaluate(f"{e} cannot be evaluated at a point: {error}") from error
        if any(_not_finite(t) for t in terms):
            return None
        return sp.Add(*terms), terms


def _algebraic_zero(d):
    """Whether the algebraic number ``d`` is zero (its minimal polynomial is ``x``)."""
    x = sp.Dummy("x")
    try:
        return sp.minimal_polynomial(d, x) == x
    except (BasePolynomialError, NotImplementedError):
        return None


def _numbers_agree(first, second, floats):
    """Whether two values at a point are equal: exactly for rationals and algebraic
    numbers, else to 40 digits (floats: ``FLOAT_TOLERANCE``) of the largest term."""
    (a, a_terms), (b, b_terms) = first, second
    if not floats:
        if a.is_Rational and b.is_Rational:
            return a == b
        difference = a - b
        if difference == 0:
            return True
        if _is_algebraic_constant(difference) and sp.count_ops(difference) <= 200:
            verdict = _algebraic_zero(difference)
            if verdict is not None:
                return verdict
    values = [sp.N(v, 50) for v in (a, b, *a_terms, *b_terms)]
    if not all(v.is_number and not v.has(sp.Function) for v in values):
        return None
    scale = max(abs(v) for v in values[2:])
    tolerance = FLOAT_TOLERANCE if floats else 1e-40
    return bool(abs(values[0] - values[1]) <= tolerance * scale)


def random_points_agree(a, b, *, seed, trials=8):
    """Whether ``a`` and ``b`` (scalars or matrices) agree exactly at ``trials`` random
    points drawn from ``seed`` (True, False, or None when it cannot tell).

    The points and what "agree" means are in the module docstring. A point where a
    side is undefined is drawn again (up to ``4 trials`` draws): a side undefined at
    every point, or nan/∞ in an expression, is a disagreement.

    >>> x = sp.Symbol('x', positive=True)
    >>> y = sp.Symbol('y')
    >>> random_points_agree(sp.sqrt(x**2 * y**2), x * sp.Abs(y), seed=5)
    True
    >>> random_points_agree(sp.sqrt(y**2), y, seed=5)
    False
    """
    A, B = _pair(a, b)
    if isinstance(trials, bool) or not isinstance(trials, numbers.Integral) or trials < 1:
        raise ValueError(f"trials must be a positive whole number; got {trials!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str | bytes)):
        raise TypeError(f"seed must be an int, str or bytes (None: unpredictable); got "
                        f"{type(seed).__name__}")
    return _random_verdict(list(zip(A, B, strict=True)), seed, trials)[0]


def _random_verdict(pairs, seed, trials):
    """``(agree, why)`` for the pairs of entries ``pairs``: ``why`` says what stopped
    the test when ``agree`` is None."""
    if any(_not_finite(e) for pair in pairs for e in pair):
        return False, ""
    floats = any(e.has(sp.Float) for pair in pairs for e in pair)
    rng = random.Random(secrets.randbits(128) if seed is None else seed)
    agreed = 0
    try:
        points = _RandomPoints([e for pair in pairs for e in pair])
        for _ in range(4 * trials):
            point = points.sample(rng)
            values = [(points.value(x, point), points.value(y, point)) for x, y in pairs]
            if any(v is None for pair in values for v in pair):
                continue                                   # undefined here: draw again
            verdicts = [_numbers_agree(first, second, floats) for first, second in values]
            if False in verdicts:
                return False, ""
            if None in verdicts:
                return None, "a value at a random point is not a number sympy can evaluate"
            agreed += 1
            if agreed == trials:
                return True, ""
    except (Undecidable, Undefined, _CannotEvaluate) as error:
        return None, str(error)
    if agreed == 0:
        return False, ""
    return None, f"a side is undefined at all but {agreed} of {4 * trials} random points"
