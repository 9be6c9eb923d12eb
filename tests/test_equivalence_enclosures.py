"""The random-point test's interval enclosures, function by function: each value certainly
inside its enclosure (and the enclosure narrow), each edge of a function's domain on the
side it belongs to (undefined, not decided at this precision, or not evaluated)."""

import mpmath
import pytest
import sympy as sp
from mpmath.ctx_iv import MPIntervalContext

from robocourse import equivalence
from robocourse.equivalence import LAST_PRECISION, Undefined

x, y = sp.symbols("x y")
THIRD, QUARTER = sp.Rational(1, 3), sp.Rational(1, 4)
#: Not decided at this precision (``equivalence._Imprecise``, looked up when a test runs: a
#: test of ``importlib.reload`` makes the class anew).
IMPRECISE = object()
POINT = {x: QUARTER, y: sp.Rational(-1, 5)}             # x exactly a binary fraction


def enclosures(point=None, precision=128):
    context = MPIntervalContext()
    context.prec = precision
    return equivalence._Enclosures(POINT if point is None else point, context)


def holds(enclosure, value, width=1e-30):
    """Whether the enclosure holds ``value`` (a sympy number) and is at most ``width`` wide
    (each part of a complex one)."""
    value = sp.N(value, 60)
    parts = ((enclosure, value),) if isinstance(enclosure, equivalence.ivmpf) else (
        (enclosure.real, sp.re(value)), (enclosure.imag, sp.im(value)))
    with mpmath.workdps(60):
        bounds = [([mpmath.mpf(b) for b in p._mpi_], mpmath.mpf(str(v))) for p, v in parts]
        return all(low <= v <= high and high - low <= width for (low, high), v in bounds)


@pytest.mark.parametrize("e", [
    THIRD, sp.Float(0.1), sp.I, sp.pi, sp.E, sp.GoldenRatio, sp.EulerGamma, sp.Catalan,
    x + y, x * y, x - 3 * y * sp.I, (x + sp.I) * (y - 2 * sp.I), x**3, x**-2, y**0, x**y,
    (-x)**THIRD, (x + sp.I)**(sp.I / 2),
    sp.exp(x), sp.exp(x + sp.I), sp.log(x), sp.log(y), sp.log(y + sp.I), sp.sin(x), sp.cos(x),
    sp.tan(x), sp.cot(x), sp.sec(x), sp.csc(x), sp.sinh(x), sp.cosh(y), sp.tanh(y),
    sp.atan(y), sp.acot(y), sp.asin(y), sp.acos(y), sp.asin(x), sp.acos(x),
    sp.atan2(y, x), sp.atan2(x, y), sp.atan2(y, -x), sp.Abs(y), sp.Abs(x + sp.I),
    sp.sign(y), sp.sign(x), sp.Heaviside(y), sp.Heaviside(x), sp.floor(y), sp.ceiling(y),
    sp.floor(x + 2), sp.ceiling(x + 2), sp.Min(x, y), sp.Max(x, y), sp.Min(x, y, -1),
    sp.Max(x, y, 2), sp.re(x + 2 * sp.I), sp.im(x + 2 * sp.I), sp.conjugate(x + 2 * sp.I),
    sp.Piecewise((x, y > 0), (y, True)), sp.Piecewise((x, y < 0), (y, True)),
], ids=str)
def test_each_value_is_enclosed_narrowly(e):
    value = e.subs(POINT) if e.free_symbols else e
    assert holds(enclosures()(e), value), (enclosures()(e), sp.N(value, 40))


def test_a_whole_power_of_zero_is_zero_and_of_a_negative_number_real():
    at_zero = enclosures({x: sp.Integer(0)})
    assert holds(at_zero(x**3), 0) and holds(at_zero(x**2 + 1), 1)
    assert holds(enclosures()(y**3), sp.Rational(-1, 125))
    assert isinstance(enclosures()(y**-3), equivalence.ivmpf)


def test_the_heaviside_step_is_one_half_at_zero_and_sign_zero_there():
    at_zero = enclosures({x: sp.Integer(0)})
    assert holds(at_zero(sp.Heaviside(x)), sp.S.Half) and holds(at_zero(sp.sign(x)), 0)
    assert holds(at_zero(sp.Heaviside(x, 1)), 1)


def test_a_step_whose_sign_is_not_known_spans_all_its_values():
    values = enclosures()
    wide = values.iv.mpf([-1, 2])
    assert (values.step(wide, -1, 0, 1).a, values.step(wide, -1, 0, 1).b) == (-1, 1)
    assert (values.step(wide, 0, 0.5, 1).a, values.step(wide, 0, 0.5, 1).b) == (0, 1)
    assert (values.step(values.iv.mpf([0, 2]), 2, 3, 5).a,
            values.step(values.iv.mpf([-3, 0]), 2, 3, 5).b) == (2, 5)


def test_min_and_max_of_intervals_go_bound_by_bound():
    values = enclosures()
    a, b = values.iv.mpf([0, 3]), values.iv.mpf([1, 2])
    assert [(float(v.a), float(v.b)) for v in (values.extreme(min, a, b),
                                                values.extreme(max, a, b))] == [(0, 2), (1, 3)]
    floor = values.rounded(equivalence.mpf_floor, values.iv.mpf([-0.5, 1.5]))
    ceiling = values.rounded(equivalence.mpf_ceil, values.iv.mpf([-0.5, 1.5]))
    assert ((floor.a, floor.b), (ceiling.a, ceiling.b)) == ((-1, 1), (0, 2))


@pytest.mark.parametrize("call, outcome", [
    (lambda v: v.log(v.iv.mpf(0)), "the logarithm of zero"),
    (lambda v: v.log(v.iv.mpc(0, 0)), "the logarithm of zero"),
    (lambda v: v.log(v.iv.mpf([0, 1])), IMPRECISE),
    (lambda v: v.log(v.iv.mpf([-1, 1])), IMPRECISE),
    (lambda v: v.log(v.iv.mpc([0, 1], 0)), IMPRECISE),
    (lambda v: v.divide(1, v.iv.mpf(0)), "division by zero"),
    (lambda v: v.divide(1, v.iv.mpc(0, 0)), "division by zero"),
    (lambda v: v.divide(1, v.iv.mpf([-1, 1])), IMPRECISE),
    (lambda v: v.divide(1, v.iv.mpc(0, [-1, 1])), IMPRECISE),
    (lambda v: v.atan2(v.iv.mpf(0), v.iv.mpf(0)), "atan2(0, 0)"),
    (lambda v: v.atan2(v.iv.mpf([-1, 1]), v.iv.mpf(0)), IMPRECISE),
    (lambda v: v.atan2(v.iv.mpf(0), v.iv.mpf([-1, 1])), IMPRECISE),
    (lambda v: v.atan2(v.iv.mpf(0), v.iv.mpf([0, 1])), IMPRECISE),
    (lambda v: v.arcsine(v.iv.mpf([0.5, 1.5])), IMPRECISE),
    (lambda v: v.arcsine(v.iv.mpf([1, 1.5])), IMPRECISE),      # 1 − x² up to 0
    (lambda v: v.arcsine(v.iv.mpf([1.5, 2])), "asin or acos beyond ±1"),
    (lambda v: v.arcsine(v.iv.mpf([-2, -1.5]), cosine=True), "asin or acos beyond ±1"),
    (lambda v: v.real(v.iv.mpc(1, [-1, 1])), IMPRECISE),
    (lambda v: v.real(v.iv.mpc(1, [1, 2])),
     "a function of the real numbers at a complex value"),
    (lambda v: v._power(sp.Integer(0), THIRD), IMPRECISE),
    (lambda v: v(sp.Pow(x - QUARTER, -1, evaluate=False)), "division by zero"),
    (lambda v: v(sp.Piecewise((x, y > 0))), "no condition of Piecewise((x, y > 0)) holds"),
    (lambda v: v.exp(v.iv.mpf(2**32 + 1)), "an exponential of a number beyond 2**32"),
    (lambda v: v.exp(v.iv.mpf(-2**32 - 1)), "an exponential of a number beyond 2**32"),
    (lambda v: v.periodic(v.iv.sin, v.iv.mpf(2)**LAST_PRECISION + 2**(LAST_PRECISION - 60)),
     "a sine or cosine of a number beyond 2**8192"),
    (lambda v: v.periodic(v.iv.cos, -v.iv.mpf(2)**LAST_PRECISION - 2**(LAST_PRECISION - 60)),
     "a sine or cosine of a number beyond 2**8192"),
    (lambda v: v.periodic(v.iv.sin, v.iv.mpc(0, 2**32 + 1)),
     "a sine or cosine of a number beyond 2**8192"),
    (lambda v: v.periodic(v.iv.sin, v.iv.mpc(0, -2**32 - 1)),
     "a sine or cosine of a number beyond 2**8192"),
    (lambda v: v(sp.gamma(x)), "gamma cannot be evaluated rigorously"),
    (lambda v: v(sp.Function("f")(x)), "the function f(x) of an expression cannot be evaluated "
     "rigorously"),
], ids=lambda value: value if isinstance(value, str) else None)
def test_each_edge_of_a_domain_is_undefined_imprecise_or_not_evaluated(call, outcome):
    """Exactly zero where a function has no value: undefined (the point is drawn again);
    an enclosure that only holds zero: not decided at this precision; beyond what is
    evaluated rigorously: named."""
    with pytest.raises((Undefined, equivalence._Imprecise, equivalence._CannotEvaluate)) as e:
        call(enclosures())
    if outcome is IMPRECISE:
        assert isinstance(e.value, equivalence._Imprecise)
    else:
        assert not isinstance(e.value, equivalence._Imprecise)
        assert str(e.value.reason) == outcome


def test_the_edges_themselves_are_evaluated():
    """On the near side of each edge a value: exp up to 2³², sin and cos up to 2⁸¹⁹² and
    an imaginary part up to 2³², asin and acos at ±1, atan2 on the axes, log of a
    negative or a complex number."""
    values = enclosures(precision=LAST_PRECISION + 64)
    iv = values.iv
    assert values.exp(iv.mpf(2**32)).a > 0 and values.exp(iv.mpf(-2**32)).b > 0
    assert 0 <= values.exp(iv.mpf(-2**32)).a
    assert abs(values.periodic(iv.sin, iv.mpf(2)**LAST_PRECISION)).b <= 1
    assert abs(values.periodic(iv.cos, -iv.mpf(2)**LAST_PRECISION)).b <= 1
    assert values.periodic(iv.sin, iv.mpc(0, 2**32)).imag.a > 0
    assert values.periodic(iv.sin, iv.mpc(0, 100)).imag.a > 0
    values = enclosures()
    iv = values.iv
    for argument, asin, acos in ((1, sp.pi / 2, 0), (-1, -sp.pi / 2, sp.pi), (QUARTER,
                                 sp.asin(QUARTER), sp.acos(QUARTER))):
        assert holds(values.arcsine(values(sp.S(argument))), asin)
        assert holds(values.arcsine(values(sp.S(argument)), cosine=True), acos)
    for (b, a), angle in (((1, 0), sp.pi / 2), ((-1, 0), -sp.pi / 2), ((0, 1), 0),
                          ((0, -1), sp.pi)):
        assert holds(values.atan2(iv.mpf(b), iv.mpf(a)), angle)
    assert holds(values.log(iv.mpf(-2)), sp.log(2) + sp.I * sp.pi)
    assert holds(values.log(iv.mpc(0, 1)), sp.I * sp.pi / 2)
    assert holds(values.real(iv.mpc(2, 0)), 2)
    assert holds(values.complex(iv.mpf(2)).imag, 0)


@pytest.mark.parametrize("condition, value", [
    (sp.true, True), (sp.false, False), (~(y > 0), True), ((x > 0) & (y > 0), False),
    (~((x > 0) & (y > 0)), True), (~((x > 0) | (y > 0)), False), (~((x > 0) & (y < 0)), False),
    ((x > 0) | (y > 0), True), ((x > 0) & (y < 0), True), ((x < 0) | (y > 0), False),
    (x < THIRD + 1, True), (x < THIRD - 1, False), (x <= THIRD + 1, True), (x <= y, False),
    (x > y, True), (y > x, False), (x >= y, True), (y >= x, False),
    (sp.Eq(x, y), False), (sp.Ne(x, y), True),
], ids=str)
def test_each_condition_of_a_piecewise_is_decided(condition, value):
    assert enclosures()._holds(condition) is value


@pytest.mark.parametrize("relation", ["<", "<=", ">", ">=", "==", "!="])
def test_a_relation_at_its_edge_is_decided_when_exact_and_not_when_enclosed(relation):
    """At x = 1/4, ``x`` against 1/4 is exactly zero apart; a zero in disguise is enclosed
    around 0, never exactly: no relation to 0 is decided then."""
    holds_at_zero = relation in ("<=", ">=", "==")
    assert enclosures()._holds(sp.Rel(x, QUARTER, relation)) is holds_at_zero
    assert enclosures()._holds(sp.Rel(x, 1, relation)) is (relation in ("<", "<=", "!="))
    assert enclosures()._holds(sp.Rel(x, -1, relation)) is (relation in (">", ">=", "!="))
    zero = sp.log(6) - sp.log(2) - sp.log(3)
    with pytest.raises(equivalence._Imprecise):
        enclosures()._holds(sp.Rel(zero, 0, relation))


def test_sizes_add_up_over_terms_and_multiply_over_factors():
    values = enclosures()
    assert holds(values.size(x + y), QUARTER + sp.Rational(1, 5))      # not |x + y|
    assert holds(values.size(x * y - 1), QUARTER / 5 + 1)
    assert holds(values.size((x + y)**2), (QUARTER + sp.Rational(1, 5))**2)
    assert holds(values.size((x + y)**-1), 1 / (QUARTER - sp.Rational(1, 5)))   # its value
    assert holds(values.size(sp.sin(x - x * 2)), sp.sin(QUARTER))


@pytest.mark.parametrize("reference, answer, agree", [
    (10 * x, 10 * x + sp.Rational(24, 10**31), True),      # 10⁻³⁰ of the size 2.5, not of 1
    (10 * x, 10 * x - sp.Rational(24, 10**31), True),
    (10 * x, 10 * x + sp.Rational(26, 10**31), False),
    (10 * x, 10 * x - sp.Rational(26, 10**31), False),
    (x, x + sp.Rational(9, 10**31), True),                  # below size 1: 10⁻³⁰ itself
    (x, x - sp.Rational(11, 10**31), False),
    (x / 10**40, x / 10**40 + sp.Rational(9, 10**31), True),
    (x / 10**40, x / 10**40 + sp.Rational(11, 10**31), False),
])
def test_the_tolerance_is_a_fraction_of_the_size_of_the_reference_or_of_one(reference, answer,
                                                                             agree):
    values = enclosures(precision=256)
    assert values.agree(answer, reference, equivalence.POINT_TOLERANCE) is agree


def test_a_difference_too_wide_to_tell_asks_for_the_bits_it_lacks():
    values = enclosures(precision=128)
    zero = 10**60 * (sp.log(6) - sp.log(2) - sp.log(3))
    with pytest.raises(equivalence._Imprecise) as imprecise:
        values.agree(x + zero, x, equivalence.POINT_TOLERANCE)
    # the difference is about 2⁻¹²⁸ 10⁶⁰ ≈ 2⁷⁰ wide against a bound of 10⁻³⁰ ≈ 2⁻¹⁰⁰
    assert 150 <= imprecise.value.bits <= 200, imprecise.value.bits
    assert equivalence._bits(mpmath.iv.mpf(2**70)) == 71
