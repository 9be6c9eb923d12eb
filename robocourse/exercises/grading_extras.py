"""Answer kinds and feedback helpers that the chapter 4 and 5 exercises need and the
grading framework does not have yet (candidates for ``robocourse.grading``).

* :class:`JointExpression`, :class:`JointMatrix`: an expression or a Matrix read in the
  exercise's own symbols as soon as it is handed over — ``theta1(t)``, its derivatives
  and twins of the exercise's symbols (``Symbol('m1', positive=True)``) become the
  exercise's symbols, so the checks may substitute special cases into every answer;
* :class:`Word`: one of a few words, whatever its capitals and spaces;
* :class:`Mapping`: a dict whose keys are fixed (or chosen from a menu) and whose
  entries are of one kind;
* :class:`RobotFunction`: a student function whose first argument is a robot; robots
  are not data, so the checks name a robot and a wrapper builds it in the runner;
* :func:`stems_from`: feedback that stems from an earlier answer says so;
* :func:`agrees`: does an answer equal an expression (a yes/no question, not a check).

>>> t1, t1d = sp.symbols('theta1 thetadot1')
>>> theta = sp.Function('theta1')(sp.Symbol('t'))
>>> JointExpression(symbols=(t1, t1d)).prepare(sp.cos(theta) * theta.diff(), "v")
thetadot1*cos(theta1)
>>> Word(("gravity", "velocity")).prepare(" Gravity ", "missing_term")
'gravity'
>>> agrees(2 * sp.sin(t1 / 2) * sp.cos(t1 / 2), sp.sin(t1))
True
"""

import contextlib
import dataclasses

import sympy as sp

from robocourse.grading import Choice, Expression, Function, Matrix, Value, check_expression
from robocourse.grading.checks import Mistake, _read
from robocourse.grading.handover import FunctionSource
from robocourse.grading.runner import StudentCodeError, StudentFunction

__all__ = ["JointExpression", "JointMatrix", "Word", "Mapping", "RobotFunction", "read_answer",
           "stems_from", "agrees"]


def read_answer(value, symbols):
    """``value`` in the exercise's ``symbols``: time functions ``theta1(t)``,
    ``Derivative(theta1(t), t)`` … become ``theta1``, ``thetadot1`` …, and a symbol with
    the name of one of ``symbols`` (whatever its assumptions) becomes that symbol."""
    return _read(value, sp.Integer(0), symbols)


@dataclasses.dataclass
class JointExpression(Expression):
    """A single sympy expression, read in the exercise's ``symbols`` (:func:`read_answer`)."""

    symbols: tuple = ()

    def prepare(self, value, name):
        return read_answer(super().prepare(value, name), self.symbols)


@dataclasses.dataclass
class JointMatrix(Matrix):
    """A sympy Matrix of a given shape, read in the exercise's ``symbols``."""

    symbols: tuple = ()

    def prepare(self, value, name):
        return read_answer(super().prepare(value, name), self.symbols)


class Word(Choice):
    """One of a fixed set of lower-case words; capitals and surrounding spaces are fine."""

    def prepare(self, value, name):
        return super().prepare(value.strip().lower() if isinstance(value, str) else value, name)


@dataclasses.dataclass
class Mapping(Value):
    """A dict with string keys, each entry of the answer kind ``entry``.

    ``exact=True``: exactly the ``keys``; ``exact=False``: a non-empty choice of them
    (a menu, as in "name the wrong entries")."""

    keys: tuple
    entry: Value
    exact: bool = True

    def describe(self):
        return f"a dict with {'the' if self.exact else 'some of the'} keys " + \
            ", ".join(map(repr, self.keys))

    def prepare(self, value, name):
        if not isinstance(value, dict) or not value:
            raise Mistake(f"{name} should be {self.describe()}; got {type(value).__name__}",
                          "wrong-type")
        unknown = [repr(k) for k in value if k not in self.keys]
        missing = [repr(k) for k in self.keys if k not in value] if self.exact else []
        if unknown or missing:
            raise Mistake(f"{name} should be {self.describe()}"
                          + (f"; not expected: {', '.join(unknown)}" if unknown else "")
                          + (f"; missing: {', '.join(missing)}" if missing else ""),
                          "wrong-keys")
        return {key: self.entry.prepare(value[key], f"{name}[{key!r}]")
                for key in self.keys if key in value}


#: The wrapper that builds the robot a check names before calling the student's function.
_ROBOT_WRAPPER = """\
from {module} import {builder} as _robot_named
_student_{name} = {name}


def {name}(robot, *args, **kwargs):
    return _student_{name}(_robot_named(robot), *args, **kwargs)
"""


@dataclasses.dataclass
class RobotFunction(Function):
    """A student function whose first argument is a robot.

    A robot is not data, so it cannot cross to the process that runs student code:
    the checks call the function with a robot's *name*, and a wrapper there builds it
    with ``builder`` (``"module:function"``, a function of the name) before calling
    the student's function with it."""

    builder: str = ""

    def rebuild(self, value, name, context):
        if not isinstance(value, FunctionSource):
            raise Mistake(f"{name} should be {self.describe()}; got {type(value).__name__}",
                          "wrong-type")
        module, builder = self.builder.split(":")
        wrapped = FunctionSource(value.name, _ROBOT_WRAPPER.format(
            module=module, builder=builder, name=value.name), value.imports,
            [*value.helpers, value.source], value.values)
        try:
            return StudentFunction(wrapped, context.runner(), forbidden=self.forbidden)
        except StudentCodeError as error:
            raise Mistake(f"{name}: {error}", error.code) from None


def agrees(answer, expected):
    """True when ``answer`` equals ``expected`` for all values of the symbols."""
    try:
        check_expression(answer, expected)
    except Mistake:
        return False
    return True


@contextlib.contextmanager
def stems_from(context, *earlier, consistent=None, own=()):
    """Say so when a failure inside stems from an earlier answer that did not pass.

    ``earlier``: ``(exercise number, answer name)`` pairs this answer builds on.
    ``consistent(value)``: True when the failed answer is exactly what the earlier
    answer ``value`` (of the first pair) gives — then the feedback says the mistake
    is in that exercise (code ``follows-ex<n>``). Otherwise it adds that those earlier
    answers did not pass either (code ``after-ex<n>:<code>``), unless the answer itself
    is missing or malformed (a stub, a wrong type or shape) or the failure's code is one
    of ``own`` (named mistakes diagnosed against the right answer, which say what is
    wrong by themselves). While a student works, the earlier verdicts are unknown and
    the feedback is unchanged.
    """
    try:
        yield
    except Mistake as mistake:
        failed = [(n, name) for n, name in earlier
                  if (v := context.verdicts.get(n)) is not None and not v.passed]
        if not failed or _unanswered(mistake):
            raise
        number, name = earlier[0]
        value = context.answers.get(number, {}).get(name)
        if (number, name) in failed and consistent is not None and value is not None and \
                _safely(consistent, value):
            raise Mistake(f"{mistake} It is exactly what your {name} of exercise {number} "
                          f"gives, and that is not right: correct exercise {number} and this "
                          "answer follows.", f"follows-ex{number}") from None
        if mistake.code in own:
            raise
        names = " and ".join(f"your {n_} of exercise {n}" for n, n_ in failed)
        them = "it" if len(failed) == 1 else "them"
        raise Mistake(f"{mistake} ({names} did not pass either, and this answer builds on "
                      f"{them}: correct {them} first.)",
                      f"after-ex{'+'.join(str(n) for n, _ in failed)}:{mistake.code}") from None


#: Failures that say the answer itself is missing or malformed: never an earlier answer's fault.
_OWN_FAULTS = {"wrong-type", "wrong-shape", "wrong-keys", "not-an-option", "not-handed-over",
               "no-answer", "timeout", "crashed", "too-large"}


def _unanswered(mistake):
    return mistake.code in _OWN_FAULTS or "is the answer cell still the stub?" in str(mistake)


def _safely(question, value):
    try:
        return bool(question(value))
    except Exception:  # noqa: BLE001 - an answer the question cannot be asked of: no
        return False
