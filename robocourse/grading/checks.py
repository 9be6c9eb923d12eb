"""Answer checking: does an answer equal the expected one, and if not, what is wrong?

The checks of the exercise modules call these. Each failure is a :class:`Mistake`
(an ``AssertionError``) with a message for the student that says *what kind* of
thing is wrong — the shape, a symbol, a missing Coriolis term, the sign of the
gravity term — without showing the expected answer, and a stable ``code`` for the
class report (``"coriolis:missing"``, ``"gravity:sign"``, ``"wrong-sign"`` …).

* ``check_expression``: symbolic answers; any algebraically equal form passes,
  a different expression never does (decided by ``equivalence``).
* ``check_number``: numbers with a stated tolerance and unit.
* ``check_call``: call a function and report an exception it raises.

Answers are taken as a student would write them: with ``dynamicsymbols`` or
``Function('theta1')(t)`` and their time derivatives (read as ``theta1``,
``thetadot1``, ``thetaddot1``), with symbols declared ``real=True`` or
``positive=True`` (read as the exercise's symbols of the same name), with half
angles, ``tan``, fractions or floats.

What a student reads is written in English here and said in the language of the student's
notebook (``language.say``, the catalogue ``feedback``); the codes stay the same in every
language, so a class's mistakes are counted across languages.
"""

import contextlib

import numpy as np
import sympy as sp

from robocourse import _checks as check
from robocourse import equivalence
from robocourse.grading.vocabulary import Vocabulary, read_answer
from robocourse.language import say
from robocourse.robot import joint_symbol_role

__all__ = ["Mistake", "Known", "case", "note", "same", "equal", "read_answer", "check_expression",
           "check_number", "numbers_at", "settled", "check_call", "term_kind", "term_code",
           "shorten", "sentence", "joined"]


class Mistake(AssertionError):
    """A wrong answer: the feedback for the student and a stable mistake ``code``."""

    @check.arguments(_finite=False, message=check.Text(), code=check.Text())
    def __init__(self, message, code="failed"):
        super().__init__(message)
        self.code = code


class Known:
    """A known wrong answer and what to tell a student whose answer matches it
    (STACK's "answer notes"): ``Known(wrong_value, "It matches …", "payload:down")``."""

    @check.arguments(_finite=False, message=check.Text(), code=check.Text())
    def __init__(self, value, message, code):
        self.value, self.message, self.code = value, message, code


@contextlib.contextmanager
@check.arguments(_finite=False, label=check.Text())
def case(label):
    """Prefix the feedback of the checks inside with the special case they are about.

    >>> with case("with theta2 = 0"):
    ...     check_number(1.0, 2.0, "tau2", rtol=0, atol=0.1)
    Traceback (most recent call last):
    ...
    robocourse.grading.checks.Mistake: with theta2 = 0: tau2 is not within the tolerance ...
    """
    try:
        yield
    except Mistake as mistake:
        raise Mistake(say("{label}: {mistake}", "feedback", label=label, mistake=mistake),
                      mistake.code) from None


@contextlib.contextmanager
@check.arguments(_finite=False, text=check.Text(), code=check.Optional(check.Text()))
def note(text, code=None):
    """Add ``text`` to the feedback of a failing check inside (and, if given, its own code).

    >>> with note("F is what the tool exerts.", "direction"):
    ...     check_number(-1.0, 1.0, "f")
    Traceback (most recent call last):
    ...
    robocourse.grading.checks.Mistake: f has the wrong sign. F is what the tool exerts.
    """
    try:
        yield
    except Mistake as mistake:
        raise Mistake(joined(mistake, text), code or mistake.code) from None


#: A message: a string, or a :class:`Mistake` (its feedback).
_MESSAGE = check.Instance((str, Mistake))


@check.arguments(_finite=False, message=_MESSAGE)
def sentence(message):
    """``message`` (a string or a :class:`Mistake`) ending as a sentence does in the language
    in use (a full stop added if it has none).

    >>> sentence("tau is not right"), sentence("tau is not right.")
    ('tau is not right.', 'tau is not right.')
    """
    message = str(message)
    if message.endswith((".", "。", "!", "?", "！", "？")):
        return message
    return say("{message}.", "feedback", message=message)


@check.arguments(_finite=False, message=_MESSAGE, more=_MESSAGE)
def joined(message, more):
    """The sentence ``message`` followed by ``more``, as the language in use joins two
    sentences (a space in English, none in Chinese).

    >>> joined("f has the wrong sign", "F is what the tool exerts.")
    'f has the wrong sign. F is what the tool exerts.'
    """
    return say("{message} {more}", "feedback", message=sentence(message), more=str(more))


@check.arguments(_finite=False, other=check.Values(kept=True),
                 atol=check.Number("absolute", at_least=0, numeric=True))
def same(answer, other, atol=1e-6):
    """True when ``answer`` equals ``other``: for all values of the symbols when ``other``
    is symbolic, within ``atol`` when it is numeric (a quiet :func:`check_expression` /
    :func:`check_number`, for checks that compare with known wrong answers).

    >>> x = sp.Symbol("x")
    >>> same(2 * sp.sin(x / 2) * sp.cos(x / 2), sp.sin(x)), same([1.0, 2.0], np.array([1.0, 2.1]))
    (True, False)
    """
    try:
        if isinstance(other, (sp.Basic, sp.MatrixBase)):
            check_expression(answer, other)
        else:
            check_number(answer, other, rtol=0, atol=atol)
    except Mistake:
        return False
    return True


def _diagnose(mistake, matches, mistakes):
    """Re-raise ``mistake`` with the hint of the first known mistake the answer matches."""
    for known in mistakes:
        if matches(known.value):
            raise Mistake(say("{message} {more}", "feedback", message=mistake,
                              more=known.message), known.code) from None
    raise mistake


# --- kinds of terms in an equation of motion ----------------------------------------

#: The kinds of terms of an equation of motion, as feedback names them (``{monomial}``: the
#: joint rates or the marked symbols of the term, e.g. ``θ̇₁⋅ḋ₂``).
_INERTIAL = "inertial term in {monomial}"
_CORIOLIS = "Coriolis term in {monomial}"
_CENTRIPETAL = "centripetal term in {monomial}"
_VELOCITY = "velocity term in {monomial}"
_GRAVITY_IN = "gravity term in {monomial}"
_GRAVITY = "gravity term"
_MARKED = "term in {monomial}"
_OTHER = "term without any of the marked symbols"


def _kind(term, markers):
    """``(code, key, name)`` of the kind of one product term (see :func:`term_kind`): its
    name in the language in use, and a key that is the same in every language."""
    powers = term.as_powers_dict()
    symbols = sorted(term.free_symbols, key=sp.default_sort_key)
    roles = {s: joint_symbol_role(s) for s in symbols}
    def of_kind(kind):          # in joint order
        return sorted((s for s in symbols if roles[s] and roles[s].kind == kind),
                      key=lambda s: roles[s].joint)

    accelerations, rates = of_kind("acceleration"), of_kind("rate")
    marked = [s for s in symbols if s.name in {str(m) for m in markers}]
    if accelerations:
        m = _monomial(accelerations, powers)
        return "inertial", (_INERTIAL, m), say(_INERTIAL, "feedback", monomial=m)
    if len(rates) >= 2:
        m = _monomial(rates, powers)
        return "coriolis", (_CORIOLIS, m), say(_CORIOLIS, "feedback", monomial=m)
    if rates and powers.get(rates[0], 1) == 2:
        m = _monomial(rates, powers)
        return "centripetal", (_CENTRIPETAL, m), say(_CENTRIPETAL, "feedback", monomial=m)
    if rates:
        m = _monomial(rates, powers)
        return "velocity", (_VELOCITY, m), say(_VELOCITY, "feedback", monomial=m)
    if any(s.name == "g" for s in symbols) and marked:
        m = _monomial(marked, powers)
        return "gravity", (_GRAVITY_IN, m), say(_GRAVITY_IN, "feedback", monomial=m)
    if any(s.name == "g" for s in symbols):
        return "gravity", (_GRAVITY, ""), say(_GRAVITY, "feedback")
    if marked:
        m = _monomial(marked, powers)
        return "term:" + "*".join(s.name for s in marked), (_MARKED, m), \
            say(_MARKED, "feedback", monomial=m)
    return "other", (_OTHER, ""), say(_OTHER, "feedback")


@check.arguments(_finite=False, term=check.Expression(), markers=check.Symbols())
def term_kind(term, markers=()):
    """Name the kind of one product term of an equation of motion.

    Inertial (has a joint acceleration), Coriolis (a product of two different joint
    rates), centripetal (a squared rate), velocity (linear in one rate), gravity (has
    ``g``), or a term in one of the ``markers`` (e.g. the load symbols ``fx, fy``).
    Joint symbols are recognised by the names of ``robot.joint_symbols``, whatever
    their assumptions.

    >>> t1d, d2d, g = sp.symbols('thetadot1 ddot2 g', real=True)
    >>> term_kind(2 * sp.Symbol('m2') * sp.Symbol('d2') * d2d * t1d)
    'Coriolis term in θ̇₁⋅ḋ₂'
    >>> term_kind(sp.Symbol('m2') * g * sp.sin(sp.Symbol('theta1')))
    'gravity term'
    """
    return _kind(term, markers)[2]


@check.arguments(_finite=False, term=check.Expression(), markers=check.Symbols())
def term_code(term, markers=()):
    """The code of the kind of one product term (:func:`term_kind`), the same in every
    language: ``"inertial"``, ``"coriolis"``, ``"centripetal"``, ``"velocity"``,
    ``"gravity"``, ``"term:<markers>"`` or ``"other"``.

    >>> term_code(sp.Symbol('m2') * sp.Symbol('thetadot1') * sp.Symbol('thetadot2'))
    'coriolis'
    """
    return _kind(term, markers)[0]


def _monomial(symbols, powers):
    """A one-line product such as ``θ̇₁⋅ḋ₂`` or ``θ̇₁²``."""
    superscripts = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
    parts = []
    for symbol in symbols:
        power = powers.get(symbol, 1)
        exponent = str(power).translate(superscripts) if power != 1 else ""
        parts.append(sp.pretty(sp.Symbol(symbol.name), use_unicode=True) + exponent)
    return "⋅".join(parts)


def _split_by_kind(expr, markers):
    """``{key: (code, name, sum of the terms of that kind)}`` (``_kind``'s keys and names)."""
    parts = {}
    for term in sp.Add.make_args(expr):
        if term != 0:
            code, key, name = _kind(term, markers)
            previous = parts.get(key, (code, name, 0))[2]
            parts[key] = (code, name, previous + term)
    return parts


def _kind_feedback(answer, expected, markers):
    """``[(code, sentence)]`` for the kinds of terms in which ``answer`` differs, in the
    order of their English names (so the first code is the same in every language)."""
    try:
        given, wanted = equivalence.canonical(answer, expected)
    except equivalence.Undecidable:
        return []
    if sp.fraction(given)[1] != 1 or sp.fraction(wanted)[1] != 1:
        return []                    # not a sum of terms: no kind to name
    given, wanted = _split_by_kind(given, markers), _split_by_kind(wanted, markers)
    found = []
    for key in sorted(set(given) | set(wanted)):
        code, kind, a = given.get(key, (None, None, sp.Integer(0)))
        code, kind, e = wanted.get(key, (code, kind, sp.Integer(0)))
        if equal(a, e):
            continue
        if e == 0:
            found.append((f"{code}:extra", say("there is an extra {kind}, which should not be "
                                               "there", "feedback", kind=kind)))
        elif a == 0:
            found.append((f"{code}:missing", say("the {kind} is missing", "feedback",
                                                 kind=kind)))
        elif equal(a, -e):
            found.append((f"{code}:sign", say("the {kind} has the wrong sign", "feedback",
                                              kind=kind)))
        else:
            found.append((f"{code}:wrong", say("the {kind} is not right", "feedback",
                                               kind=kind)))
    if all(code.startswith("other:") for code, _ in found):
        return []                    # no kind of term to name
    return found


# --- reading an answer the way the student meant it -----------------------------------

def _as_sympy(value, name):
    if isinstance(value, sp.Equality):
        raise Mistake(say("{name} is an equation: give its right-hand side (the expression), "
                          "not Eq(...)", "feedback", name=name), "equation")
    if isinstance(value, (sp.Basic, sp.MatrixBase)):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return sp.sympify(value)
    if isinstance(value, (list, tuple, np.ndarray)):
        try:
            return sp.Matrix(value)
        except (TypeError, ValueError, sp.SympifyError):
            pass
    if value is None:
        raise Mistake(say("{name} should be a sympy expression or Matrix; got None — did you "
                          "forget to assign or return it?", "feedback", name=name), "wrong-type")
    raise Mistake(say("{name} should be a sympy expression or Matrix; got {kind}", "feedback",
                      name=name, kind=type(value).__name__), "wrong-type")


def _read(answer, expected, allowed):
    """The answer in the exercise's own symbols: those of ``expected`` and ``allowed``
    (``vocabulary``: by name, by spelling, time functions as joint symbols)."""
    return Vocabulary([*expected.free_symbols, *allowed]).read(answer)


@check.arguments(_finite=False, expected=check.Instance((sp.Basic, sp.MatrixBase)))
def equal(answer, expected):
    """True when ``answer`` equals ``expected`` for all values of the symbols, False when
    it does not; a :class:`Mistake` ``"undecidable"`` (no points, listed for the
    instructor in the class report) when the grader cannot decide. ``expected`` is the
    reference: decided by ``equivalence.compare``, whose random-point test takes its
    tolerance from ``expected`` alone. For a grader's own verdicts on what a student's
    answer gives (``M`` symmetric, ``Ṁ − 2C`` skew-symmetric).

    >>> x = sp.Symbol("x", real=True)
    >>> equal(sp.sin(x)**2, 1 - sp.cos(x)**2), equal(sp.Matrix([x, 1]), sp.Matrix([x, 2]))
    (True, False)
    >>> equal(sp.sqrt(x**2 + 2*x + 1), sp.Abs(x + 1))
    Traceback (most recent call last):
    ...
    robocourse.grading.checks.Mistake: the grader cannot decide this form of answer ...
    """
    comparison = equivalence.compare(_as_sympy(answer, say("your answer", "feedback")),
                                     expected, seed=_seed())
    if comparison.equal is None:
        raise Mistake(say("the grader cannot decide this form of answer ({reason}); the "
                          "instructor will look at it (an answer written with +, −, ×, powers, "
                          "sin and cos is decided at once)", "feedback",
                          reason=comparison.reason), "undecidable")
    return comparison.equal


def _seed():
    from robocourse.grading.exercises import current_context

    context = current_context()
    return context.seed() if context is not None else 20261201


@check.arguments(_finite=False, expected=check.Expression(finite=True),
                 name=check.Optional(check.Text()), markers=check.Symbols(),
                 allowed_symbols=check.Optional(check.Symbols()))
def check_expression(answer, expected, name=None, markers=(), allowed_symbols=None,
                     mistakes=()):
    """Pass silently if ``answer`` equals ``expected`` for all values of the symbols;
    otherwise raise :class:`Mistake` with feedback that does not reveal ``expected``.

    Works for expressions and matrices. Checks, in order: the type, the shape, the
    equality; for an unequal answer, the known ``mistakes`` (:class:`Known`), the
    symbols used (only those of ``expected`` plus ``allowed_symbols``), then the kinds
    of terms that differ (``term_kind``). ``name``: what the feedback calls the answer
    (by default "your answer", in the student's language).

    >>> t1, t1d, t1dd, g, m, l = sp.symbols('theta1 thetadot1 thetaddot1 g m l')
    >>> tau = m * l**2 * t1dd + m * g * l * sp.cos(t1)
    >>> check_expression(m * l * (l * t1dd + g * sp.cos(t1)), tau, "tau")   # factored: fine
    >>> check_expression(m * l**2 * t1dd - m * g * l * sp.cos(t1), tau, "tau")
    Traceback (most recent call last):
    ...
    robocourse.grading.checks.Mistake: tau is not right: the gravity term has the wrong sign.
    """
    name = _your_answer(name)
    _known_mistakes(mistakes)
    allowed = set(allowed_symbols or ())
    answer = _as_sympy(answer, name)
    if mistakes:
        try:
            check_expression(answer, expected, name, markers, allowed)
        except Mistake as mistake:
            _diagnose(mistake, lambda wrong: same(answer, wrong), mistakes)
        return
    if isinstance(expected, sp.MatrixBase):
        _check_matrix(answer, expected, name, markers, allowed)
        return
    if isinstance(answer, sp.MatrixBase):
        if answer.shape != (1, 1):
            raise Mistake(say("{name} should be a single expression; got a {shape} Matrix",
                              "feedback", name=name, shape=_shape(answer)), "wrong-shape")
        answer = answer[0, 0]
    answer = _read(answer, expected, allowed)
    if answer.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        raise Mistake(say("{name} contains nan or infinity (a division by zero?)", "feedback",
                          name=name), "nan")
    if equal(answer, expected):
        return
    foreign = sorted(s.name for s in answer.free_symbols - expected.free_symbols - allowed
                     if joint_symbol_role(s) is None)     # joint symbols: named by kind below
    if foreign:
        raise Mistake(say("{name} uses symbols that do not belong in this answer: {symbols} "
                          "(check the symbol names given in the exercise)", "feedback",
                          name=name, symbols=", ".join(foreign)), "foreign-symbols")
    found = _kind_feedback(answer, expected, markers)
    if not found:
        raise Mistake(say("{name} is not right: it is not equal to the expected result.",
                          "feedback", name=name), "not-equal")
    kinds = say("; ", "feedback").join(s for _, s in found)
    raise Mistake(say("{name} is not right: {kinds}.", "feedback", name=name, kinds=kinds),
                  found[0][0])


def _your_answer(name):
    """``name``, or "your answer" in the student's language when the check names none."""
    return say("your answer", "feedback") if name is None else name


def _known_mistakes(mistakes):
    """``mistakes``, the exercise author's argument, checked to be a sequence of ``Known``."""
    if isinstance(mistakes, (str, bytes, Known)) or not hasattr(mistakes, "__iter__"):
        raise TypeError(f"mistakes must be a sequence of Known(value, message, code); got "
                        f"{check.shown(mistakes)}")
    for k, known in enumerate(mistakes):
        check.Instance(Known).of(known, f"mistakes[{k}]")


def _check_matrix(answer, expected, name, markers, allowed):
    if not isinstance(answer, sp.MatrixBase):
        raise Mistake(say("{name} should be a {shape} Matrix; got a single expression",
                          "feedback", name=name, shape=_shape(expected)), "wrong-shape")
    if answer.shape != expected.shape:
        raise Mistake(say("{name} has the wrong shape: {shape}, expected {expected}",
                          "feedback", name=name, shape=_shape(answer),
                          expected=_shape(expected)), "wrong-shape")
    allowed = allowed | expected.free_symbols
    for i in range(expected.rows):
        for j in range(expected.cols):
            entry = (say("{name}[{i}]", "feedback", name=name, i=i) if expected.cols == 1
                     else say("{name}[{i}, {j}]", "feedback", name=name, i=i, j=j))
            check_expression(answer[i, j], expected[i, j], entry, markers, allowed)


def _shape(matrix):
    return f"{matrix.rows}×{matrix.cols}"


# --- numeric answers ---------------------------------------------------------------------

def _as_numbers(answer, name):
    if answer is None:
        raise Mistake(say("{name} holds no number (it is None) — did you forget to assign or "
                          "return it?", "feedback", name=name), "wrong-type")
    if isinstance(answer, sp.Equality):
        raise Mistake(say("{name} is an equation: give its right-hand side, not Eq(...)",
                          "feedback", name=name), "equation")
    flat = np.asarray(answer, dtype=object).ravel()
    for entry in flat:
        if isinstance(entry, (bool, np.bool_, str, bytes)) or entry is None:
            raise Mistake(say("{name} should be a number or an array of numbers; got {kind}",
                              "feedback", name=name,
                              kind=f"{type(entry).__name__} {entry!r}"), "wrong-type")
    try:
        return np.asarray(answer, dtype=float)
    except OverflowError:
        raise Mistake(say("{name} is too large for floating point (beyond 1.8e308)",
                          "feedback", name=name), "nan") from None
    except (TypeError, ValueError):
        raise Mistake(say("{name} should be a number or an array of numbers; got {kind}",
                          "feedback", name=name, kind=type(answer).__name__),
                      "wrong-type") from None


@check.arguments(_finite=False, allowed=check.Symbols(), name=check.Optional(check.Text()))
def settled(answer, allowed=(), name=None):
    """``answer`` (an expression or Matrix) with every symbol outside ``allowed`` that it does
    not depend on — a zero in disguise, ``sin(x)**2 + cos(x)**2 - 1`` in a variable of
    integration or a name of the student's own — given a value; the symbols it depends on
    stay, for the check to name. ``"undecidable"`` (the instructor looks) when the grader
    cannot tell.

    >>> m, x = sp.symbols("m x")
    >>> settled(m * (sp.sin(x)**2 + sp.cos(x)**2), [m]).free_symbols, settled(m * x, [m])
    ({m}, m*x)
    """
    name = _your_answer(name)
    answer = _as_sympy(answer, name)
    kept = sorted(answer.free_symbols - set(allowed), key=lambda symbol: symbol.name)
    if not kept:
        return answer
    rng = np.random.default_rng(_seed())
    point = {symbol: sp.Rational(int(rng.integers(300, 700)), 457) for symbol in kept}
    fixed = answer.subs(point)
    if fixed.has(sp.nan, sp.zoo, sp.oo, -sp.oo) or not equal(answer, fixed):
        return answer
    return fixed


@check.arguments(_finite=False, values=check.Instance(dict), name=check.Optional(check.Text()))
def numbers_at(answer, values, name=None):
    """A symbolic answer (expression or Matrix) at ``values`` (symbol → number), as floats.

    A symbol the answer keeps beyond ``values`` is given a value when the answer does not
    depend on it (:func:`settled`); when it does, a :class:`Mistake` ``"foreign-symbols"``.

    >>> m, x = sp.symbols("m x")
    >>> numbers_at(sp.Matrix([m, m * (sp.sin(x)**2 + sp.cos(x)**2)]), {m: 2})
    array([[2.],
           [2.]])
    >>> numbers_at(m * x, {m: 2}, "I_plate")
    Traceback (most recent call last):
    ...
    robocourse.grading.checks.Mistake: I_plate uses symbols that do not belong in this answer: x ...
    """
    name = _your_answer(name)
    reduced = settled(_as_sympy(answer, name).subs(values), (), name)
    if reduced.free_symbols:
        raise Mistake(say("{name} uses symbols that do not belong in this answer: {symbols} "
                          "(check the symbol names given in the exercise)", "feedback",
                          name=name, symbols=", ".join(sorted(s.name for s in
                                                              reduced.free_symbols))),
                      "foreign-symbols")
    return _as_numbers(reduced, name)


@check.arguments(_finite=False, expected=check.Values(numeric=True),
                 name=check.Optional(check.Text()),
                 rtol=check.Number("relative", at_least=0, numeric=True),
                 atol=check.Number(numeric=True), unit=check.Text())
def check_number(answer, expected, name=None, rtol=1e-6, atol=1e-9, unit="",
                 mistakes=()):
    """Pass if ``answer`` matches ``expected`` within ``atol + rtol·|expected|`` (entry by entry);
    when it does not and matches one of the known ``mistakes`` (:class:`Known`), say so.

    >>> check_number([0.0, -2.0], [0.0, -2.0], "joint rates", unit="rad/s")
    >>> check_number(2.0, -2.0, "theta2_dot", unit="rad/s")
    Traceback (most recent call last):
    ...
    robocourse.grading.checks.Mistake: theta2_dot has the wrong sign.
    >>> check_number(True, 1.0, "x")
    Traceback (most recent call last):
    ...
    robocourse.grading.checks.Mistake: x should be a number or an array of numbers; got bool True
    """
    name = _your_answer(name)
    check.Number(unit or "absolute, in the answer's unit", at_least=0).of(atol, "atol")
    _known_mistakes(mistakes)
    given = _as_numbers(answer, name)
    if expected.ndim == 0 and given.size == 1:
        given = given.reshape(())                     # [x] for a scalar is fine
    if mistakes:
        try:
            check_number(given, expected, name, rtol, atol, unit)
        except Mistake as mistake:
            _diagnose(mistake, lambda wrong: _close(given, wrong, rtol, atol), mistakes)
        return
    if given.shape != expected.shape:
        raise Mistake(say("{name} has the wrong shape: {shape}, expected {expected}",
                          "feedback", name=name, shape=given.shape, expected=expected.shape),
                      "wrong-shape")
    if not np.all(np.isfinite(given)):
        raise Mistake(say("{name} contains nan or inf (a division by zero?)", "feedback",
                          name=name), "nan")
    close = np.abs(given - expected) <= atol + rtol * np.abs(expected)
    if np.all(close):
        return
    flipped = np.abs(given + expected) <= atol + rtol * np.abs(expected)
    if np.all(close | flipped):          # (a flipped entry that is not close is not zero)
        raise Mistake(say("{name} has the wrong sign.", "feedback", name=name), "wrong-sign")
    raise Mistake(_out_of_tolerance(name, rtol, atol, unit,
                                    None if given.ndim == 0 else np.flatnonzero(~close)),
                  "out-of-tolerance")


def _out_of_tolerance(name, rtol, atol, unit, entries):
    """The feedback on numbers beyond the tolerance (in ``entries``, for an array)."""
    bounds = []
    if rtol:
        bounds.append(say("±{rtol} relative", "feedback", rtol=f"{rtol:g}"))
    if atol:
        bounds.append(say("±{atol} {unit} absolute", "feedback", atol=f"{atol:g}", unit=unit)
                      if unit else say("±{atol} absolute", "feedback", atol=f"{atol:g}"))
    bounds = say(", ", "feedback").join(bounds)
    if entries is None:
        return say("{name} is not within the tolerance ({bounds}).", "feedback", name=name,
                   bounds=bounds)
    return say("{name} is not within the tolerance ({bounds}) in entries {entries}.",
               "feedback", name=name, bounds=bounds, entries=entries.tolist())


def _close(given, wrong, rtol, atol):
    wrong = np.asarray(wrong, dtype=float)
    return wrong.size == given.size and bool(np.allclose(given.ravel(), wrong.ravel(),
                                                         rtol=rtol, atol=atol))


# --- running student code -------------------------------------------------------------

def check_call(function, *args, name=None, **kwargs):
    """Call a student's function; if it raises, fail with the exception it raised.

    A function handed over to the grader (``runner.StudentFunction``) reports its
    own exceptions; this wraps an ordinary callable the same way.

    >>> check_call(lambda x: 1 / x, 0, name="inverse")
    Traceback (most recent call last):
    ...
    robocourse.grading.checks.Mistake: inverse raised ZeroDivisionError: division by zero ...
    """
    check.Optional(check.Text()).of(name, "name")       # *args, **kwargs: no declared arguments
    label = name or getattr(function, "__name__", None) or say("your function", "feedback")
    if not callable(function):
        raise Mistake(say("{name} should be a function; got {kind}", "feedback", name=label,
                          kind=type(function).__name__), "wrong-type")
    try:
        return function(*args, **kwargs)
    except Mistake:
        raise
    except Exception as error:  # noqa: BLE001 - the student's error is the feedback
        shown = ", ".join([shorten(a) for a in args] +
                          [f"{k}={shorten(v)}" for k, v in kwargs.items()])
        message = str(error) or (say("is the answer cell still the stub?", "feedback")
                                 if isinstance(error, NotImplementedError) else "")
        raise Mistake(say("{name} raised {error}: {message} (called with {arguments})",
                          "feedback", name=label, error=type(error).__name__,
                          message=message, arguments=shown),
                      f"raised:{type(error).__name__}") from None


@check.arguments(_finite=False, limit=check.Count(2))
def shorten(value, limit=60):
    """``repr(value)`` on one line, cut to ``limit`` characters (for feedback)."""
    text = " ".join(repr(value).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"
