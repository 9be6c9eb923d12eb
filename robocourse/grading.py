"""Answer checking for the graded exercises: feedback that names the mistake.

The test cells of ``solutions/`` (and the visible ones in ``exercises/``) call
these checkers. Each raises ``AssertionError`` with a message for the student
that says *what kind* of thing is wrong — shape, symbols, a missing Coriolis term,
the sign of the gravity term — without printing the expected answer.

* ``check_expression``: symbolic answers; any algebraically equal form passes
  (decided exactly by ``equivalence``; very large expressions by high-precision
  evaluation at random points), a different expression never does.
* ``check_number``: numeric answers with a stated tolerance and unit.
* ``check_call``: run a student's function and report an exception it raises.
* ``student_id`` / ``student_rng``: per-student numbers, from the id the student
  enters or, under ``nbgrader autograde``, from the submission's folder.
* ``disabled``: while a student's implementation runs, the library function it
  re-implements raises instead of doing the work.

A test cell should start with ``grading = importlib.reload(robocourse.grading)``:
reloading re-executes this module (and the equivalence check it relies on), so a
submission that rebinds the checkers to "always pass" is graded by fresh ones.
"""

import contextlib
import hashlib
import importlib
import os
import pathlib
import random
import re
import traceback

import numpy as np
import sympy as sp

import robocourse.equivalence

equivalence = importlib.reload(robocourse.equivalence)

#: Expressions with more operations than this are compared numerically.
EXACT_SIZE_LIMIT = 4000


# --- kinds of terms in an equation of motion ----------------------------------

# The names of ``robot.joint_symbols``: theta1, thetadot1, thetaddot1; d2, ddot2, dddot2.
_ACCELERATION = re.compile(r"^(thetaddot|dddot)\d+$")
_RATE = re.compile(r"^(thetadot|ddot)\d+$")


def _is_acceleration(symbol):
    return bool(_ACCELERATION.match(symbol.name))


def _is_rate(symbol):
    return bool(_RATE.match(symbol.name))


def term_kind(term, markers=()):
    """Name the kind of one product term of an equation of motion.

    Inertial (has a joint acceleration), Coriolis (a product of two different joint
    rates), centripetal (a squared rate), velocity (linear in one rate), gravity (has
    ``g``), or a term in one of the ``markers`` (e.g. the load symbols ``fx, fy``).

    >>> t1d, d2d, g = sp.symbols('thetadot1 ddot2 g')
    >>> term_kind(2 * sp.Symbol('m2') * sp.Symbol('d2') * d2d * t1d).split(' in ')[0]
    'Coriolis term'
    >>> term_kind(sp.Symbol('m2') * g * sp.sin(sp.Symbol('theta1')))
    'gravity term'
    """
    powers = term.as_powers_dict()
    symbols = sorted(term.free_symbols, key=sp.default_sort_key)
    accelerations = [s for s in symbols if _is_acceleration(s)]
    if accelerations:
        return f"inertial term in {_monomial(accelerations, powers)}"
    rates = [s for s in symbols if _is_rate(s)]
    if len(rates) >= 2:
        return f"Coriolis term in {_monomial(rates, powers)}"
    if rates:
        kind = "centripetal term" if powers.get(rates[0], 1) == 2 else "velocity term"
        return f"{kind} in {_monomial(rates, powers)}"
    named = [s for s in symbols if s in set(markers)]
    if sp.Symbol("g") in term.free_symbols:
        return f"gravity term in {_monomial(named, powers)}" if named else "gravity term"
    if named:
        return f"term in {_monomial(named, powers)}"
    return "term without any of the marked symbols"


def _monomial(symbols, powers):
    """A one-line product such as ``θ̇₁⋅ḋ₂`` or ``θ̇₁²``."""
    superscripts = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
    parts = []
    for symbol in symbols:
        power = powers.get(symbol, 1)
        exponent = str(power).translate(superscripts) if power != 1 else ""
        parts.append(sp.pretty(symbol, use_unicode=True) + exponent)
    return "⋅".join(parts)


def _split_by_kind(expr, markers):
    parts = {}
    for term in sp.Add.make_args(sp.expand(expr)):
        if term != 0:
            kind = term_kind(term, markers)
            parts[kind] = parts.get(kind, 0) + term
    return parts


def _kind_feedback(answer, expected, markers):
    """Sentences naming the kinds of terms in which ``answer`` differs from ``expected``."""
    given = _split_by_kind(equivalence.reduced_difference(answer, 0)[0], markers)
    wanted = _split_by_kind(equivalence.reduced_difference(expected, 0)[0], markers)
    sentences = []
    for kind in sorted(set(given) | set(wanted)):
        a, e = given.get(kind, 0), wanted.get(kind, 0)
        if equivalence.identical(a, e):
            continue
        if e == 0:
            sentences.append(f"there is an extra {kind}, which should not be there")
        elif a == 0:
            sentences.append(f"the {kind} is missing")
        elif equivalence.identical(a, -e):
            sentences.append(f"the {kind} has the wrong sign")
        else:
            sentences.append(f"the {kind} is not right")
    return sentences


# --- symbolic answers ------------------------------------------------------------

def _as_sympy(value, name):
    if isinstance(value, (sp.Basic, sp.MatrixBase)):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return sp.sympify(value)
    if isinstance(value, (list, tuple, np.ndarray)):
        try:
            return sp.Matrix(value)
        except Exception:  # noqa: BLE001 - reported to the student below
            pass
    hint = " — did you forget to assign or return it?" if value is None else ""
    raise AssertionError(f"{name} should be a sympy expression or Matrix; got "
                         f"{type(value).__name__}{hint}")


def _numerically_equal(a, b, trials=6, digits=40):
    """Compare two expressions at random points with ``digits`` significant digits."""
    difference = sp.sympify(a - b)
    symbols = sorted(difference.free_symbols, key=sp.default_sort_key)
    rng = random.Random(20261130)
    for _ in range(trials):
        point = {s: sp.Rational(rng.randint(-1000, 1000), 997) for s in symbols}
        value = difference.evalf(digits, subs=point)
        if abs(complex(value)) > 10 ** (-digits // 2):
            return False
    return True


def _equal(a, b):
    if sp.count_ops(a) + sp.count_ops(b) > EXACT_SIZE_LIMIT:
        return _numerically_equal(a, b)
    return equivalence.identical(a, b)


def check_expression(answer, expected, name="your answer", markers=(), allowed_symbols=None):
    """Pass silently if ``answer`` equals ``expected`` for all values of the symbols;
    otherwise raise AssertionError with feedback that does not reveal ``expected``.

    Works for expressions and matrices. Checks, in order: the type, the shape, the
    equality; for an unequal answer, the symbols used (only those of ``expected`` plus
    ``allowed_symbols``), then the kinds of terms that differ (``term_kind``).

    >>> t1, t1d, t1dd, g, m, l = sp.symbols('theta1 thetadot1 thetaddot1 g m l')
    >>> tau = m * l**2 * t1dd + m * g * l * sp.cos(t1)
    >>> check_expression(m * l * (l * t1dd + g * sp.cos(t1)), tau, "tau")   # factored: fine
    >>> check_expression(m * l**2 * t1dd - m * g * l * sp.cos(t1), tau, "tau")
    Traceback (most recent call last):
    ...
    AssertionError: tau is not right: the gravity term has the wrong sign.
    """
    answer = _as_sympy(answer, name)
    expected = sp.sympify(expected)
    if isinstance(expected, sp.MatrixBase):
        if not isinstance(answer, sp.MatrixBase):
            raise AssertionError(f"{name} should be a {_shape(expected)} Matrix; got a single "
                                 "expression")
        if answer.shape != expected.shape:
            raise AssertionError(f"{name} has the wrong shape: {_shape(answer)}, expected "
                                 f"{_shape(expected)}")
        allowed = expected.free_symbols | set(allowed_symbols or ())
        for i in range(expected.rows):
            for j in range(expected.cols):
                entry = f"{name}[{i}]" if expected.cols == 1 else f"{name}[{i}, {j}]"
                check_expression(answer[i, j], expected[i, j], entry, markers, allowed)
        return
    if isinstance(answer, sp.MatrixBase):
        raise AssertionError(f"{name} should be a single expression; got a {_shape(answer)} "
                             "Matrix")
    if _equal(answer, expected):
        return        # symbols that cancel out are fine
    foreign = {s for s in answer.free_symbols - expected.free_symbols - set(allowed_symbols or ())
               if not (_is_rate(s) or _is_acceleration(s))}   # those: named by their kind below
    known = {str(symbol) for symbol in expected.free_symbols}
    twins = sorted(str(s) for s in foreign if str(s) in known)
    if twins:
        raise AssertionError(f"{name} uses {', '.join(twins)} with other assumptions than the "
                             "exercise's symbols (e.g. positive=True): use the symbols defined "
                             "in the setup cell")
    if foreign:
        names = ", ".join(sorted(str(s) for s in foreign))
        raise AssertionError(f"{name} uses symbols that do not belong in this answer: {names} "
                             "(check the symbol names given in the exercise)")
    sentences = _kind_feedback(answer, expected, markers) if _is_small(answer, expected) else []
    detail = "; ".join(sentences) if sentences else "it is not equal to the expected result"
    raise AssertionError(f"{name} is not right: {detail}.")


def _is_small(answer, expected):
    return sp.count_ops(answer) + sp.count_ops(expected) <= EXACT_SIZE_LIMIT


def _shape(matrix):
    return f"{matrix.rows}×{matrix.cols}"


# --- numeric answers --------------------------------------------------------------

def check_number(answer, expected, name="your answer", rtol=1e-6, atol=1e-9, unit=""):
    """Pass if ``answer`` matches ``expected`` within ``atol + rtol·|expected|`` (entry by entry).

    >>> check_number([0.0, -2.0], [0.0, -2.0], "joint rates", unit="rad/s")
    >>> check_number(2.0, -2.0, "theta2_dot", unit="rad/s")
    Traceback (most recent call last):
    ...
    AssertionError: theta2_dot has the wrong sign.
    """
    try:
        given = np.asarray(answer, dtype=float)
    except (TypeError, ValueError):
        raise AssertionError(f"{name} should be a number or an array of numbers; got "
                             f"{type(answer).__name__}") from None
    wanted = np.asarray(expected, dtype=float)
    if wanted.ndim == 0 and given.size == 1:
        given = given.reshape(())                     # [x] for a scalar is fine
    if given.shape != wanted.shape:
        raise AssertionError(f"{name} has the wrong shape: {given.shape}, expected "
                             f"{wanted.shape}")
    if not np.all(np.isfinite(given)):
        raise AssertionError(f"{name} contains nan or inf")
    close = np.abs(given - wanted) <= atol + rtol * np.abs(wanted)
    if np.all(close):
        return
    flipped = np.abs(given + wanted) <= atol + rtol * np.abs(wanted)
    if np.all(close | flipped) and np.any(wanted[~close] != 0):
        raise AssertionError(f"{name} has the wrong sign.")
    where = "" if given.ndim == 0 else f" in entries {np.flatnonzero(~close).tolist()}"
    unit_text = f" {unit}" if unit else ""
    bounds = [text for value, text in ((rtol, f"±{rtol:g} relative"),
                                       (atol, f"±{atol:g}{unit_text} absolute")) if value]
    raise AssertionError(f"{name} is not within the tolerance ({', '.join(bounds)}){where}.")


# --- running student code -----------------------------------------------------------

def check_call(function, *args, name=None, **kwargs):
    """Call a student's function; if it raises, fail with the exception it raised.

    >>> check_call(lambda x: 1 / x, 0, name="inverse")
    Traceback (most recent call last):
    ...
    AssertionError: inverse raised ZeroDivisionError: division by zero (called with 0)
    """
    label = name or getattr(function, "__name__", "your function")
    if not callable(function):
        raise AssertionError(f"{label} should be a function; got {type(function).__name__}")
    try:
        return function(*args, **kwargs)
    except Exception as error:  # noqa: BLE001 - the student's error is the feedback
        shown = ", ".join([_short(a) for a in args] +
                          [f"{k}={_short(v)}" for k, v in kwargs.items()])
        frame = traceback.extract_tb(error.__traceback__)[-1]
        where = f" at line {frame.lineno}" if frame.filename.startswith("<ipython") else ""
        message = str(error) or ("is the answer cell still the stub?"
                                 if isinstance(error, NotImplementedError) else "")
        raise AssertionError(f"{label} raised {type(error).__name__}: {message} (called with "
                             f"{shown}){where}") from None


def _short(value, limit=60):
    text = " ".join(repr(value).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _refuse(*args, **kwargs):
    raise AssertionError("this exercise asks you to implement the step yourself: the library "
                         "function is switched off while your code is being checked")


@contextlib.contextmanager
def disabled(*functions):
    """Switch library functions off (they raise) inside the ``with`` block.

    The functions' code objects are swapped, so every reference — also a name a
    student imported with ``from robocourse... import ...`` — is switched off.

    >>> from robocourse.frames import skew
    >>> with disabled(skew):
    ...     skew([1, 2, 3])
    Traceback (most recent call last):
    ...
    AssertionError: this exercise asks you to implement the step yourself: ...
    >>> skew([0, 0, 1])[0, 1]
    np.float64(-1.0)
    """
    saved = [(f, f.__code__) for f in functions]
    try:
        for f, _ in saved:
            f.__code__ = _refuse.__code__
        yield
    finally:
        for f, code in saved:
            f.__code__ = code


# --- per-student numbers --------------------------------------------------------------

def student_id(entered=None):
    """The student's id: the submission folder's name under ``nbgrader autograde``,
    otherwise the id the student entered (required then).

    nbgrader runs a submission in ``<course>/…/autograded/<student>/<assignment>/``.
    """
    if os.environ.get("NBGRADER_EXECUTION") == "autograde":
        folder = pathlib.Path.cwd().parent.name
        if isinstance(entered, str) and entered.strip() not in ("", folder):
            print(f"note: STUDENT_ID is {entered.strip()!r} but this submission belongs to "
                  f"{folder!r}; the numbers of {folder!r} are used")
        return folder
    if not entered or not isinstance(entered, str):
        raise AssertionError("enter your student id as a string in STUDENT_ID at the top of "
                             "the notebook")
    return entered.strip()


def student_rng(entered=None):
    """A numpy random generator seeded from the student's id (same id, same numbers).

    >>> int(student_rng("s1234567").integers(100)) == int(student_rng("s1234567").integers(100))
    True
    """
    digest = hashlib.sha256(student_id(entered).encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))
