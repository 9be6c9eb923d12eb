"""Exercise sets: what each test cell hands over, the visible tests, the hidden tests.

An assignment's checks live in two modules, never in notebook cells:

* ``robocourse/exercises/<assignment>.py`` (installed, readable by students): the
  :class:`ExerciseSet`, the kind of each answer, the per-student numbers and the
  **visible tests** that give immediate feedback while a student works;
* ``solutions/<assignment>/grader.py`` (instructor only, never released): the
  **hidden tests**, registered on the same set with ``@exercises.hidden(n)``.

A test cell of the notebook is one line, ``checks.exercise_1(tau_tool)``. It
*hands over* the answers as data (``handover``) in an output of the cell and,
while the student works, runs the visible tests: a failure shows as one short
verdict, an error output of the cell that does not stop Run All. When the notebook
is graded the kernel only hands over; the grader — a process that never runs
student code — checks the hand-over against its schema, then rebuilds the answers
and runs the visible and the hidden tests itself (the instructor's package,
``robocourse_grader.preprocessors.DecideTestCells``), each exercise in a child process
with a deadline and a memory budget (``isolation``), so that an answer costs at most its
own exercise. A student's function is called in a
fresh sandboxed process (``runner``) with the library functions the exercise forbids
switched off; an answer the exercise asks to derive by hand is recomputed from the
answer cell's source in that process, with the library route switched off.

Every failure is a :class:`Mistake` with a stable code (``"gravity:sign"``,
``"no-answer"``, …) so that a class's mistakes can be counted (``report``); a
failure that is not a wrong answer says whose fault it is (:data:`FAULTS`).

>>> import sympy as sp
>>> demo = ExerciseSet("demo")
>>> x = sp.Symbol("x")
>>> @demo.visible(1, cell="ex1_test", square=Expression())
... def exercise_1(square):
...     check_expression(square, x**2, "square")
>>> exercise_1(x * x)
Exercise 1: the visible tests passed. The hidden tests decide the grade when your notebook
is graded; when you are done, submit it: Nbgrader → Assignment List → Submit.
>>> demo.decide("ex1_test", {"square": {"value": encode(x + x)}}).code
'not-equal'
>>> print(demo.decide("ex1_test", {"square": {"value": ["Symbol", "x"]}}).message)
Exercise 1: no valid answer was handed in (square: expected a value {kind: data}, got a
list of 2)
"""

import contextlib
import contextvars
import dataclasses
import dis
import hashlib
import importlib
import inspect
import linecache
import pickle
import re
import warnings

import numpy as np
import sympy as sp

from robocourse import language
from robocourse.frames import DegreesWarning
from robocourse.grading import concepts, handover, input_method, isolation, runner, students
from robocourse.grading.checks import Mistake, check_expression, joined, same  # noqa: F401
from robocourse.grading.handover import FunctionSource, encode
from robocourse.grading.vocabulary import Vocabulary, module_symbols
from robocourse.language import say

__all__ = ["ExerciseSet", "Exercise", "Context", "ExerciseVerdict", "Expression", "Matrix",
           "Numbers", "Function", "Robot", "Choice", "Mapping", "Text", "Value", "build_robot",
           "NotPassed", "FAULTS", "NEXT_STEP"]

#: Seconds the grader spends on one exercise — rebuilding its answers and running its
#: tests — before giving up on it.
CHECK_SECONDS = 60
#: Memory the grader may use to decide one exercise, beyond what it holds already.
CHECK_MEMORY_BYTES = 1 << 30
#: The most bytes of an exercise's rebuilt answers (pickled) kept for later exercises.
KEPT_BYTES = 4 << 20

_context = contextvars.ContextVar("robocourse_grading_context", default=None)


def current_context():
    """The :class:`Context` of the exercise being checked, or None outside a check."""
    return _context.get()


# --- kinds of answers ------------------------------------------------------------------

class Value:
    """An answer of any encodable kind; subclasses check what the exercise asks for.

    ``prepare`` runs in the student's kernel (a friendly early message), ``rebuild``
    in the grader on the decoded data — the grader never trusts the kernel's check.
    """

    def describe(self):
        return say("a value", "feedback")

    def prepare(self, value, name):
        return value

    def rebuild(self, value, name, context):
        return self.prepare(value, name)

    def read(self, value, vocabulary):
        """``value`` (prepared) in the exercise's symbols ``vocabulary`` (``vocabulary``
        module): what every check receives."""
        return value


def _is_sympy(value):
    return isinstance(value, (sp.Basic, sp.MatrixBase))


def _missing(value, name, what):
    if value is None:
        return Mistake(say("{name} should be {what}; got None — did you forget to assign it, or "
                           "to return it?", "feedback", name=name, what=what), "wrong-type")
    return Mistake(say("{name} should be {what}; got {kind}", "feedback", name=name, what=what,
                       kind=type(value).__name__), "wrong-type")


@dataclasses.dataclass
class Expression(Value):
    """A single sympy expression (numbers are accepted too), read in the exercise's
    symbols and ``symbols`` (``vocabulary``: ``theta1(t)`` and its derivatives become
    ``theta1``, ``thetadot1`` …; a symbol named or spelled like one of them becomes it)."""

    symbols: tuple = ()

    def describe(self):
        return say("a sympy expression", "feedback")

    def prepare(self, value, name):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return sp.sympify(value)
        if isinstance(value, sp.MatrixBase) and value.shape == (1, 1):
            value = value[0, 0]
        if isinstance(value, sp.Equality):
            raise Mistake(say("{name} is an equation: give its right-hand side (the "
                              "expression), not Eq(...)", "feedback", name=name), "equation")
        if not isinstance(value, sp.Expr):
            raise _missing(value, name, self.describe())
        return value

    def read(self, value, vocabulary):
        return (vocabulary + Vocabulary(self.symbols)).read(value)


@dataclasses.dataclass
class Matrix(Value):
    """A sympy Matrix of a given shape (nested lists are accepted), read in the exercise's
    symbols and ``symbols`` (as :class:`Expression`)."""

    rows: int
    cols: int = 1
    symbols: tuple = ()

    def describe(self):
        return say("a {rows}×{cols} sympy Matrix", "feedback", rows=self.rows, cols=self.cols)

    def prepare(self, value, name):
        if isinstance(value, (list, tuple, np.ndarray)) and not isinstance(value, str):
            try:
                value = sp.Matrix(value)
            except (TypeError, ValueError, sp.SympifyError):
                raise _missing(value, name, self.describe()) from None
        if not isinstance(value, sp.MatrixBase):
            raise _missing(value, name, self.describe())
        if value.shape != (self.rows, self.cols):
            raise Mistake(say("{name} has the wrong shape: {shape}, expected {expected}",
                              "feedback", name=name, shape=f"{value.rows}×{value.cols}",
                              expected=f"{self.rows}×{self.cols}"), "wrong-shape")
        return sp.Matrix(value)

    def read(self, value, vocabulary):
        return (vocabulary + Vocabulary(self.symbols)).read(value)


@dataclasses.dataclass
class Numbers(Value):
    """Numbers: a scalar (``shape=()``), an array of the given shape, or (``shape=None``)
    a list of any length, as floats."""

    shape: tuple = ()
    unit: str = ""

    def describe(self):
        if self.shape is None:
            return say("a list of numbers", "feedback")
        if self.shape == ():
            return say("a number", "feedback")
        return say("{count} numbers", "feedback", count=_count(self.shape))

    def prepare(self, value, name):
        if value is None or isinstance(value, (bool, str, np.bool_)) or _is_sympy(value) and \
                not getattr(value, "is_number", False):
            raise _missing(value, name, self.describe())
        try:
            array = np.asarray(value, dtype=float)
        except (TypeError, ValueError):
            raise _missing(value, name, self.describe()) from None
        if self.shape is None:
            if array.ndim > 1:
                raise self._wrong_shape(name, array)
            return array.ravel()
        if array.size != _count(self.shape):
            raise self._wrong_shape(name, array)
        return array.reshape(self.shape)

    def _wrong_shape(self, name, array):
        return Mistake(say("{name} should be {what}; got shape {shape}", "feedback", name=name,
                           what=self.describe(), shape=array.shape), "wrong-shape")


def _count(shape):
    return int(np.prod(shape)) if shape else 1


@dataclasses.dataclass(frozen=True)
class Robot:
    """A robot named as data, for a student function that takes a robot: the library
    function ``builder`` (``"module:function"``) called with the keyword ``arguments``
    (pairs), shown in feedback as ``label``. A ``SerialChain`` cannot cross to the process
    that runs student code; its recipe can, and is built there.

    >>> Robot("2R arm", "robocourse.models:planar_2r", (("l1", 0.5),)).build().links[1].a
    0.5
    """

    label: str
    builder: str
    arguments: tuple = ()

    def recipe(self):
        """The robot as data: ``[builder, {argument: value}]``."""
        return [self.builder, dict(self.arguments)]

    def build(self):
        return build_robot(self.recipe())

    def __repr__(self):
        return f"<{self.label}>"


def build_robot(recipe):
    """The ``SerialChain`` of a :meth:`Robot.recipe`."""
    module, _, builder = recipe[0].partition(":")
    return getattr(importlib.import_module(module), builder)(**recipe[1])


_ROBOT_CALL = """from robocourse.grading.exercises import build_robot as _build_robot


def _call_with_robot(robot, *args, **kwargs):
    return {name}(_build_robot(robot), *args, **kwargs)
"""


@dataclasses.dataclass
class Function(Value):
    """A function the student implements; ``forbidden``: the concepts (``concepts``)
    switched off while it runs. ``takes_robot``: its first argument is a robot — the
    checks pass a :class:`Robot`, built where the function runs."""

    forbidden: tuple = ()
    takes_robot: bool = False

    def __post_init__(self):
        self.forbidden = concepts.check(self.forbidden)

    def describe(self):
        return say("a function (defined with def)", "feedback")

    def prepare(self, value, name):
        if isinstance(value, FunctionSource):
            return value
        if not callable(value):
            raise _missing(value, name, self.describe())
        try:
            return FunctionSource.of(value)
        except handover.HandoverError as error:
            raise Mistake(_about(name, error), "not-handed-over") from None

    def rebuild(self, value, name, context):
        if not isinstance(value, FunctionSource):
            raise _missing(value, name, self.describe())
        source = value
        if self.takes_robot:
            source = FunctionSource("_call_with_robot", _ROBOT_CALL.format(name=value.name),
                                    value.imports, [*value.helpers, value.source],
                                    value.values)
        try:
            function = runner.StudentFunction(
                source, context.runner(), forbidden=self.forbidden,
                arguments=_robot_recipes if self.takes_robot else None)
        except runner.StudentCodeError as error:
            raise Mistake(_about(name, error), error.code) from None
        function.__name__, function.handed = value.name, value
        return function


def _about(name, message):
    """``message`` about the answer ``name`` (``"tau: …"``)."""
    return say("{name}: {message}", "feedback", name=name, message=message)


def _robot_recipes(args):
    return [a.recipe() if isinstance(a, Robot) else a for a in args]


@dataclasses.dataclass
class Choice(Value):
    """One of a fixed set of options (strings or integers); ``ignore_case``: a string
    answer matches an option whatever its capitals."""

    options: tuple
    ignore_case: bool = False

    def describe(self):
        return say("one of {options}", "feedback", options=", ".join(map(repr, self.options)))

    def prepare(self, value, name):
        if isinstance(value, str):
            value = value.strip()
            if self.ignore_case:
                value = next((o for o in self.options if isinstance(o, str) and
                              o.lower() == value.lower()), value)
        if isinstance(value, (bool, np.bool_)) or value not in self.options:
            raise Mistake(say("{name} should be {what}; got {kind}", "feedback", name=name,
                              what=self.describe(), kind=repr(value)), "not-an-option")
        return value


@dataclasses.dataclass
class Mapping(Value):
    """A dict with string keys, each entry of the answer kind ``entry``; ``exact=True``:
    exactly the ``keys``; ``exact=False``: a non-empty choice of them (a menu)."""

    keys: tuple
    entry: Value
    exact: bool = True

    def describe(self):
        keys = ", ".join(map(repr, self.keys))
        if self.exact:
            return say("a dict with the keys {keys}", "feedback", keys=keys)
        return say("a dict with some of the keys {keys}", "feedback", keys=keys)

    def prepare(self, value, name):
        if not isinstance(value, dict) or not value:
            raise Mistake(say("{name} should be {what}; got {kind}", "feedback", name=name,
                              what=self.describe(), kind=type(value).__name__), "wrong-type")
        unknown = [repr(k) for k in value if k not in self.keys]
        missing = [repr(k) for k in self.keys if k not in value] if self.exact else []
        if unknown or missing:
            message = say("{name} should be {what}", "feedback", name=name,
                          what=self.describe())
            if unknown:
                message += say("; not expected: {keys}", "feedback", keys=", ".join(unknown))
            if missing:
                message += say("; missing: {keys}", "feedback", keys=", ".join(missing))
            raise Mistake(message, "wrong-keys")
        return {key: self.entry.prepare(value[key], f"{name}[{key!r}]")
                for key in self.keys if key in value}

    def rebuild(self, value, name, context):
        self.prepare(value, name)
        return {key: self.entry.rebuild(entry, f"{name}[{key!r}]", context)
                for key, entry in value.items()}

    def read(self, value, vocabulary):
        return {key: self.entry.read(entry, vocabulary) for key, entry in value.items()}


class Text(Value):
    """A line of text (e.g. a corrected line of a derivation)."""

    def describe(self):
        return say("a string", "feedback")

    def prepare(self, value, name):
        if not isinstance(value, str):
            raise _missing(value, name, self.describe())
        return value


#: Failures that say the answer itself is missing or malformed: never an earlier answer's fault.
_OWN_FAULTS = {"wrong-type", "wrong-shape", "wrong-keys", "not-an-option", "not-handed-over",
               "no-answer", "timeout", "crashed", "too-large", "equation"}


def _own_fault(mistake):
    return mistake.code in _OWN_FAULTS or \
        say("is the answer cell still the stub?", "feedback") in str(mistake)


def _safely(question, value):
    try:
        return bool(question(value))
    except Exception:  # noqa: BLE001 - an answer the question cannot be asked of: no
        return False


# --- the checks of one exercise -----------------------------------------------------------

#: Failures that are not a wrong answer, by whose fault they are: the student's (the answer
#: could not be judged: not handed in as data, too slow or too large to check) or the
#: grader's (it failed: the instructor must look at it).
FAULTS = {"not-handed-over": "student", "too-slow": "student", "too-large": "student",
          "grader-error": "grader"}


@dataclasses.dataclass
class ExerciseVerdict:
    """The grader's decision on one exercise: passed, the feedback and the mistake code."""

    passed: bool
    message: str
    code: str

    @classmethod
    def failed(cls, message, code):
        return cls(False, message, code)

    @property
    def fault(self):
        """``"student"`` or ``"grader"`` for a failure that is not a wrong answer (see
        :data:`FAULTS`), else ``""``."""
        return FAULTS.get(self.code, "")


class Context:
    """What a check may use besides the answers: the student, a secret seed, the
    runner for student functions, and the other exercises' answers and verdicts.

    ``check_seconds`` and ``check_memory_bytes``: the deadline and the memory budget of
    deciding one exercise (rebuilding its answers and running its tests), in a child
    process of its own (``isolation``)."""

    def __init__(self, exercise_set, student, *, secret=b"", runner_factory=None,
                 answers=None, verdicts=None, check_seconds=CHECK_SECONDS,
                 check_memory_bytes=CHECK_MEMORY_BYTES):
        self.exercise_set, self.student = exercise_set, student
        self.secret = secret
        self._runner_factory = runner_factory
        self._runner = None
        # {exercise number: {name: rebuilt value}}, or the pickled answers that the
        # exercise's child kept, loaded where a later check asks for them
        self.answers = answers or {}
        self.verdicts = verdicts or {}        # {exercise number: ExerciseVerdict}
        self.exercise = None
        # {exercise: {"values"|"error": …}} (grader), or pickled by the replay's child
        self.recomputed = None
        self.check_seconds, self.check_memory_bytes = check_seconds, check_memory_bytes
        self._functions_kept = False          # a kept answer is a function (needs the runner)

    def seed(self):
        """A seed for random test inputs: secret under grading (the grader module's
        own text and the student), fixed while a student works."""
        text = f"{self.exercise_set.name}|{self.exercise}|{self.student}".encode()
        return int.from_bytes(hashlib.sha256(self.secret + text).digest()[:8], "little")

    def rng(self):
        """A numpy generator from :meth:`seed`."""
        return np.random.default_rng(self.seed())

    def runner(self):
        """The process that runs this submission's functions (started on first use)."""
        if self._runner is None:
            factory = self._runner_factory or (lambda: runner.Runner())
            self._runner = factory()
        return self._runner

    def answer(self, number, name):
        """The rebuilt answer ``name`` of exercise ``number`` (None if there is none)."""
        answers = self.answers.get(number)
        if isinstance(answers, bytes):          # kept by that exercise's child: load it here
            answers = self.answers[number] = {
                key: value.started(self) if isinstance(value, _Restart) else value
                for key, value in pickle.loads(answers).items()}
        return (answers or {}).get(name)

    def recomputed_answers(self, number):
        """What the replay recomputed for exercise ``number`` (``{"values"|"error": …}``)."""
        if isinstance(self.recomputed, bytes):
            self.recomputed = pickle.loads(self.recomputed)
        return self.recomputed.get(number, {"error": say("it was not recomputed", "feedback")})

    def earlier(self, number, name):
        """The answer ``name`` of exercise ``number`` and whether it passed: for feedback
        that stems from an earlier answer ("your K from exercise 1 is missing a term")."""
        verdict = self.verdicts.get(number)
        return self.answer(number, name), bool(verdict and verdict.passed)

    @contextlib.contextmanager
    def builds_on(self, *earlier, consistent=None, what=None, own=()):
        """Inside: a failure that may stem from earlier answers says so.

        ``earlier``: the ``(exercise number, answer name)`` pairs this answer builds on.
        When the first of them did not pass and ``consistent(its value)`` is true — this
        answer is exactly what follows from it — the mistake is the earlier one ("… Your
        f_1 follows correctly from your vdot_C2 of exercise 3, which is not right: correct
        exercise 3 first.", code ``follows:ex3``). Otherwise, when some of them did not
        pass, the feedback adds so ("(your vdot_C2 of exercise 3 did not pass either, …)",
        the mistake keeping its own code), unless the answer itself is missing or malformed
        or the failure's code is one of ``own`` (mistakes that say what is wrong by
        themselves). ``what``: the name of this answer in the student's code (by default
        the feedback says "your answer", in the student's language). While a student works
        the earlier verdicts are unknown and nothing is added.
        """
        try:
            yield
        except Mistake as mistake:
            failed = [(n, name) for n, name in earlier
                      if (v := self.verdicts.get(n)) is not None and not v.passed]
            if not failed or _own_fault(mistake):
                raise
            number, name = earlier[0]
            value = self.answer(number, name)
            if (number, name) in failed and consistent is not None and value is not None \
                    and _safely(consistent, value):
                raise Mistake(joined(mistake, _follows(what, name, number)),
                              f"follows:ex{number}") from None
            if mistake.code in own:
                raise
            raise Mistake(joined(mistake, _builds_on_failed(failed)), mistake.code) from None

    def following(self, number, name, answer, what, derive):
        """:meth:`builds_on` for one earlier answer: ``answer`` follows from it when it is
        what ``derive(earlier answer)`` gives."""
        return self.builds_on((number, name), what=what,
                              consistent=lambda value: same(answer, derive(value)))

    def close(self):
        """Stop the runner (the next use starts a fresh one)."""
        if self._runner is not None:
            self._runner.close()
            self._runner = None

    def isolated(self, step, *, uses_runner, seconds=None):
        """``step()`` in a child process under this context's deadline (or ``seconds``) and
        memory budget (``isolation.run``): its Outcome. ``uses_runner``: the step talks to
        the runner, which is started here first, so that it outlives the child; a child
        stopped in the middle of a conversation with it, or that had to start another,
        leaves it stopped (the next step starts a fresh one)."""
        inherited = self.runner().launch() if uses_runner else None

        def in_child():
            if inherited is None:
                self._runner = None             # not the parent's: one it starts is its own
            try:
                result = step()
            finally:
                intact = self._leave_runner(inherited)
            return result, intact

        outcome = isolation.run(in_child, seconds=seconds or self.check_seconds,
                                memory_bytes=self.check_memory_bytes)
        if outcome.failure or not outcome.value[1]:
            self.close()
        if not outcome.failure:
            outcome.value = outcome.value[0]
        return outcome

    def _leave_runner(self, inherited):
        """In the child, at its end: end the function it started in the runner; whether the
        parent's runner (process ``inherited``) is left as it was, ready for the next step
        (else it is stopped). A runner the child started itself is stopped."""
        if self._runner is None:
            return True
        with contextlib.suppress(runner.StudentCodeError):
            self._runner.end()
        process = self._runner.process
        if process is not None and process.pid == inherited and self._runner.running():
            return True
        self._runner.close()
        return inherited is None

    def decide(self, exercise, handed):
        """The verdict on the answers ``handed`` (hand-over data) of ``exercise``: checked
        against the hand-over's schema here, then rebuilt and decided in a child under the
        deadline and the memory budget. The rebuilt answers are kept (pickled) for the
        checks of later exercises."""
        number = exercise.number
        try:
            handover.check_answers(handed)
        except handover.HandoverError as error:
            return ExerciseVerdict.failed(no_valid_answer(number, error), "not-handed-over")
        self.exercise_set.warm(self._runner_factory)
        uses_functions = exercise.uses_functions()
        outcome = self.isolated(lambda: exercise.judge(handed, self),
                                uses_runner=uses_functions or self._functions_kept)
        if outcome.failure:
            return _not_decided(number, outcome, self)
        verdict, kept = outcome.value
        if kept is not None:
            self.answers[number] = kept
            self._functions_kept |= uses_functions
        return verdict


class Exercise:
    """One graded exercise: its number, test cell, answers and checks.

    Calling it (in the test cell) hands the answers over and, while the student
    works, runs the visible tests.
    """

    def __init__(self, exercise_set, number, cell, answers, visible):
        self.exercise_set, self.number, self.cell = exercise_set, number, cell
        self.answers = answers             # {name: Value}, in the order of the call
        self.visible = visible
        self.hidden = None
        self.hidden_first = False          # run the hidden tests before the visible ones
        self.by_hand = {}                  # {name: forbidden concepts} for recomputed answers
        self.__doc__, self.__name__ = visible.__doc__, visible.__name__

    def __repr__(self):
        return f"<exercise {self.number} of {self.exercise_set.name}>"

    # --- in the student's kernel ---------------------------------------------------------

    def __call__(self, *values, **named):
        answers = self._bind(values, named)
        entries = _handover_entries(self, answers)
        _display_handover(self, entries)
        if students.graded_student() is not None:
            return None                     # graded: the grader decides, not this kernel
        try:
            self._visible_tests(self._as_handed_over(answers, entries))
        except NotPassed as failure:
            _show(failure)
            return None
        print(self._passed())
        return None

    def _as_handed_over(self, answers, entries):
        """The answers as the grader will read them: each value through the hand-over and
        back (a function stays the student's own, rebuilt by the visible tests as by the
        grader), so that the visible tests pass only what the grader can take; NotPassed
        for an answer that cannot be handed over."""
        handed = {}
        for name, value in answers.items():
            entry = entries[name]
            try:
                if "error" in entry:
                    raise handover.HandoverError(entry["error"])
                handed[name] = value if isinstance(self.answers[name], Function) \
                    else handover.decode(entry["value"])
            except handover.HandoverError as error:
                raise NotPassed(headed(self.number, _about(name, str(error))),
                                "not-handed-over") from None
        return handed

    def _visible_tests(self, answers):
        """Run the visible tests; :class:`NotPassed` with one short verdict if they fail."""
        context = Context(self.exercise_set, students.current_student() or "")
        try:
            rebuilt = self._prepared(answers, context)
            with _checking(context, self.number):
                _call(self.visible, rebuilt, context)
        except AssertionError as error:
            raise NotPassed(headed(self.number, error),
                            getattr(error, "code", "failed")) from None
        except Exception as error:  # noqa: BLE001 - the checks failed on this answer
            raise NotPassed(headed(self.number, say(
                "the visible tests could not check this answer ({error})", "feedback",
                error=f"{type(error).__name__}: {error}")), "check-failed") from None
        finally:
            context.close()

    def _passed(self):
        """What a student reads when the visible tests pass, and what to do next."""
        next_step = say(NEXT_STEP, "feedback")
        if not _does_nothing(self.visible):
            return headed(self.number, say("the visible tests passed. {next_step}", "feedback",
                                           next_step=next_step))
        forms = say("; ", "feedback").join(
            say("{name} is {what}", "feedback", name=name, what=kind.describe())
            for name, kind in self.answers.items())
        return headed(self.number, say(
            "the answer has the right form ({forms}). The visible test checks only the form, "
            "not whether the answer is right. {next_step}", "feedback", forms=forms,
            next_step=next_step))

    def _bind(self, values, named):
        names = list(self.answers)
        if len(values) > len(names) or set(named) - set(names):
            raise TypeError(say("exercise {number} takes the answers {names}; got {count} "
                                "positional and {named}", "feedback", number=self.number,
                                names=", ".join(names), count=len(values),
                                named=sorted(named)))
        bound = dict(zip(names, values, strict=False))
        bound.update(named)
        missing = [n for n in names if n not in bound]
        if missing:
            raise TypeError(say("exercise {number} needs the answers {missing}", "feedback",
                                number=self.number, missing=", ".join(missing)))
        return bound

    def _prepared(self, answers, context):
        rebuilt, vocabulary = {}, self.exercise_set.vocabulary()
        for name, kind in self.answers.items():
            value = kind.prepare(answers[name], name)
            if isinstance(kind, Function):
                value = kind.rebuild(value, name, context)
            rebuilt[name] = kind.read(value, vocabulary)
        return rebuilt

    # --- in the grader ----------------------------------------------------------------

    def rebuild(self, handed, context):
        """The answers from their hand-over data (already decoded), checked by kind."""
        rebuilt, vocabulary = {}, self.exercise_set.vocabulary()
        for name, kind in self.answers.items():
            if name not in handed:
                raise Mistake(say("no answer {name} was handed in", "feedback",
                                  name=name), "no-answer")
            entry = handed[name]
            if "error" in entry:
                raise Mistake(_about(name, entry["error"]), "not-handed-over")
            value = entry["value"]
            if self._replaced(name, context):
                value = self._recomputed(name, context)
            rebuilt[name] = kind.read(kind.rebuild(value, name, context), vocabulary)
        return rebuilt

    def _replaced(self, name, context):
        """Whether answer ``name`` is graded as the replay recomputed it, from the answer
        cells: its hand-over is then not rebuilt at all (its schema was checked), so that a
        hand-over made slow or large on purpose costs the grader nothing."""
        return name in self.by_hand and context.recomputed is not None

    def _recomputed(self, name, context):
        """``name`` as recomputed from the answer cells with the library route off."""
        result = context.recomputed_answers(self.number)
        if "error" in result:
            error = result["error"]
            code = runner.LIBRARY_ROUTE if result.get("code") == runner.LIBRARY_ROUTE \
                else "recompute-failed"
            raise Mistake(say("{name}, recomputed from your answer cell with the library's "
                              "shortcuts switched off (derive it by hand): {error}", "feedback",
                              name=name, error=error), code)
        return result["values"][name]

    def decide(self, rebuilt, context):
        """Run the visible then the hidden tests on the rebuilt answers."""
        checks = [self.visible, *([self.hidden] if self.hidden is not None else [])]
        with _checking(context, self.number):
            for check in reversed(checks) if self.hidden_first else checks:
                _call(check, rebuilt, context)

    def judge(self, handed, context):
        """Rebuild the answers ``handed`` (hand-over data, of the schema) and decide: the
        :class:`ExerciseVerdict`, and the rebuilt answers pickled for the checks of later
        exercises (None when they cannot be kept). The grader runs this in a child process
        (:meth:`Context.decide`)."""
        try:
            decoded = {name: {"value": handover.decode(entry["value"])}
                       if "value" in entry and not self._replaced(name, context) else entry
                       for name, entry in handed.items()}
            rebuilt = self.rebuild(decoded, context)
            context.answers[self.number] = rebuilt
            self.decide(rebuilt, context)
        except handover.HandoverError as error:
            return ExerciseVerdict.failed(headed(self.number, error), "not-handed-over"), None
        except AssertionError as error:
            code = getattr(error, "code", "failed")
            return ExerciseVerdict.failed(headed(self.number, error), code), \
                self._kept(context)
        return ExerciseVerdict(True, headed(self.number, say("all tests passed.", "feedback")),
                               "passed"), self._kept(context)

    def _kept(self, context):
        """This exercise's rebuilt answers, pickled (a function as what starts it again),
        or None: not rebuilt, or larger than ``KEPT_BYTES``."""
        rebuilt = context.answers.get(self.number)
        if not isinstance(rebuilt, dict) or rebuilt.keys() != self.answers.keys():
            return None
        kept = {name: _Restart(kind, rebuilt[name].handed, name) if isinstance(kind, Function)
                else rebuilt[name] for name, kind in self.answers.items()}
        try:
            data = pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError):   # e.g. a function in a dict
            return None
        return data if len(data) <= KEPT_BYTES else None

    def uses_functions(self):
        """Whether an answer of this exercise is a function (called in the runner)."""
        return any(isinstance(kind, Function) or isinstance(getattr(kind, "entry", None),
                                                            Function)
                   for kind in self.answers.values())


def _call(check, answers, context):
    parameters = inspect.signature(check).parameters
    extra = {"context": context} if "context" in parameters else {}
    check(**answers, **extra)


@contextlib.contextmanager
def _checking(context, number):
    """Exercise ``number``'s checks running under ``context``. The checks compute known
    mistakes on purpose (angles in degrees taken as radians): the library's DegreesWarning
    about them is not for the student, nor the instructor."""
    context.exercise = number
    token = _context.set(context)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DegreesWarning)
            yield
    finally:
        _context.reset(token)


class _Restart:
    """A function answer kept for the checks of later exercises: started again in the runner
    (from its source) the first time a later check calls it."""

    def __init__(self, kind, source, name):
        self.kind, self.source, self.name = kind, source, name

    def started(self, context):
        restart, function = self, None

        def call(*args, **kwargs):
            nonlocal function
            if function is None:
                function = restart.kind.rebuild(restart.source, restart.name, context)
            return function(*args, **kwargs)

        call.__name__ = self.name
        return call


def _not_decided(number, outcome, context):
    """The verdict on an exercise whose child did not return one (``isolation.Outcome``)."""
    if outcome.failure == "timeout":
        return ExerciseVerdict.failed(headed(number, say(
            "the grader could not check this answer within {seconds} s (is it very large?); "
            "simplify it and hand it in again", "feedback", seconds=context.check_seconds)),
            "too-slow")
    if outcome.failure == "memory":
        return ExerciseVerdict.failed(headed(number, say(
            "checking this answer needs more than {megabytes} MB of memory (is it very "
            "large?); simplify it and hand it in again", "feedback",
            megabytes=context.check_memory_bytes >> 20)), "too-large")
    return ExerciseVerdict.failed(headed(number, say(
        "the grader failed on this answer ({detail}); the instructor will look at it",
        "feedback", detail=outcome.detail)), "grader-error")


def headed(number, message):
    """The verdict ``message`` on exercise ``number``, as the student reads it.

    >>> headed(3, "all tests passed.")
    'Exercise 3: all tests passed.'
    """
    return say("Exercise {number}: {message}", "feedback", number=number, message=message)


def no_valid_answer(number, error):
    """The verdict on a test cell whose hand-over does not fit the schema (``error``)."""
    return headed(number, say("no valid answer was handed in ({error})", "feedback",
                              error=error))


def _follows(what, name, number):
    """The feedback for an answer that follows correctly from a wrong ``name`` of exercise
    ``number``; ``what``: the answer's name in code, None for "your answer" (each a
    sentence of its own: a language may set a code name apart from its words).

    >>> from robocourse.language import using
    >>> with using("zh_CN"):
    ...     for what in ("f_1", None):
    ...         print(_follows(what, "vdot_C2", 3))
    你的 f_1 是由你在练习 3 中的 vdot_C2 正确推出的，而那个 vdot_C2 不对：请先改正练习 3。
    你的答案是由你在练习 3 中的 vdot_C2 正确推出的，而那个 vdot_C2 不对：请先改正练习 3。
    """
    if what is None:
        return say("Your answer follows correctly from your {name} of exercise {number}, "
                   "which is not right: correct exercise {number} first.", "feedback",
                   name=name, number=number)
    return say("Your {what} follows correctly from your {name} of exercise {number}, which "
               "is not right: correct exercise {number} first.", "feedback", what=what,
               name=name, number=number)


def _builds_on_failed(failed):
    """What a failure adds when the earlier answers ``failed`` (``[(exercise, name)]``),
    which it builds on, did not pass either."""
    names = say(" and ", "feedback").join(
        say("your {name} of exercise {number}", "feedback", name=name, number=number)
        for number, name in failed)
    if len(failed) == 1:
        return say("({names} did not pass either, and this answer builds on it: correct it "
                   "first.)", "feedback", names=names)
    return say("({names} did not pass either, and this answer builds on them: correct them "
               "first.)", "feedback", names=names)


# --- the student's notebook: one short verdict, Run All goes on ----------------------------

#: What the student does once the visible tests pass.
NEXT_STEP = ("The hidden tests decide the grade when your notebook is graded; when you are "
             "done, submit it: Nbgrader → Assignment List → Submit.")


class NotPassed(Mistake):
    """A visible test that did not pass: shown in the notebook as its verdict alone (no
    traceback), as an error output of the test cell — nbgrader's Validate counts the cell
    as failed — while the cell itself runs to its end, so Run All goes on."""

    def _render_traceback_(self):
        return [str(self)]


def _shell():
    """The IPython shell this code runs in, or None."""
    try:
        from IPython import get_ipython
    except ImportError:                      # outside IPython
        return None
    return get_ipython()


def _show(failure):
    """Show ``failure`` as the test cell's error output (in IPython), else raise it."""
    shell = _shell()
    if shell is None:
        raise failure
    shell.showtraceback((type(failure), failure, None))


def _does_nothing(function):
    """Whether ``function`` does nothing: a body of only a docstring (or ``pass``).

    >>> def visible(row):
    ...     'The kind of answer checks it.'
    >>> _does_nothing(visible), _does_nothing(lambda row: row == 1)
    (True, False)
    """
    return all(i.opname in ("RESUME", "NOP", "RETURN_VALUE", "RETURN_CONST") or
               (i.opname == "LOAD_CONST" and i.argval is None)
               for i in dis.get_instructions(function))


_TEST_CALL = re.compile(r"\s*([A-Za-z_]\w*)\.(exercise_\w+)\(")


def _exercise_of_test_cell(tb):
    """The exercise a test cell (``checks.exercise_3(tau)``) calls, from the traceback of
    an error in it; None for another cell."""
    while tb.tb_next is not None:
        tb = tb.tb_next
    line = linecache.getline(tb.tb_frame.f_code.co_filename, tb.tb_lineno)
    match = _TEST_CALL.match(line)
    module = tb.tb_frame.f_globals.get(match.group(1)) if match else None
    exercise = getattr(module, match.group(2), None) if match else None
    return exercise if isinstance(exercise, Exercise) else None


def _explained(shell, etype, value, tb, tb_offset=None):
    """IPython's display of a NameError or a SyntaxError in a student's notebook, in its
    language: a test cell whose answer is not defined (its answer cell raised, was not run
    or is still the stub), one short verdict; a full-width mark typed by a Chinese input
    method where code needs a half-width one (``input_method``), which and what to type;
    anything else as IPython shows it."""
    if issubclass(etype, SyntaxError):
        said = input_method.explained(value)
        if said is None:
            shell.showsyntaxerror()
        else:
            shell._showtraceback(etype, value, [said])  # the hook a kernel displays with
        return
    exercise = _exercise_of_test_cell(tb)
    name = getattr(value, "name", None)
    if exercise is not None and name in exercise.answers:
        said = headed(exercise.number, say(
            "{name} is not defined: its answer cell above raised an error (is it still the "
            "stub?), was not run, or assigns another name. Make that cell assign {name} and "
            "run without an error, then run this one again.", "feedback", name=name))
        value._render_traceback_ = lambda: [said]
    shell.showtraceback((etype, value, tb), tb_offset=tb_offset)


def _watch_student_errors():
    """In a notebook, show a missing answer and a full-width mark as :func:`_explained`
    does (unless the notebook has its own display of exceptions)."""
    shell = _shell()
    if shell is not None and not shell.custom_exceptions:
        shell.set_custom_exc((NameError, SyntaxError), _explained)


def _handover_entries(exercise, answers):
    """``{name: {"value": data} or {"error": why}}``: each answer as it is handed over."""
    entries = {}
    for name, value in answers.items():
        kind = exercise.answers[name]
        try:
            prepared = kind.prepare(value, name) if isinstance(kind, Function) else value
            entries[name] = {"value": encode(prepared)}
        except (handover.HandoverError, Mistake) as error:
            entries[name] = {"error": str(error)}
        except RecursionError:
            entries[name] = {"error": say("the answer is nested too deeply to hand over",
                                          "feedback")}
    return entries


def _display_handover(exercise, entries):
    """Show the hand-over (``_handover_entries``) as an output of the test cell (data only,
    never code)."""
    payload = {"assignment": exercise.exercise_set.name, "exercise": exercise.number,
               "language": language.current(), "answers": entries}
    if _shell() is None:                     # outside IPython: nothing to hand over to
        return
    from IPython.display import display

    display({handover.MIME_TYPE: payload,
             "text/plain": headed(exercise.number, say("answer handed in.", "feedback"))},
            raw=True)


# --- the set ---------------------------------------------------------------------------

class ExerciseSet:
    """The exercises of one assignment, by number and by test cell."""

    def __init__(self, name):
        self.name = name
        self.exercises = {}
        self.solution = None              # (student id, [(test cell, answers)]): see warm()
        _watch_student_errors()

    def warm(self, runner_factory=None):
        """Decide the instructor's own hand-overs (``solution``, the solution notebook's
        stored outputs: trusted), once in this process and in it, not in a child: what the
        checks compute and cache — the expected answers, their canonical forms, sympy's
        caches — then stays for every child that decides a student's answers (whose caches
        die with it). A failure here only leaves a cache cold."""
        if self.solution is None:
            return
        (student, handovers), self.solution = self.solution, None
        context = Context(self, student, runner_factory=runner_factory)
        try:
            for cell, answers in handovers:
                with contextlib.suppress(Exception):
                    self.by_cell(cell).judge(answers, context)
        finally:
            context.close()

    def visible(self, number, *, cell, **answers):
        """Declare exercise ``number``: its test cell's grade id, its answers by name and
        kind, and (the decorated function) its visible tests."""
        def register(check):
            exercise = Exercise(self, number, cell, answers, check)
            self.exercises[number] = exercise
            return exercise
        return register

    def hidden(self, number, *, by_hand=None, first=False):
        """Register the hidden tests of exercise ``number`` (in the grader module).

        ``by_hand``: {answer name: forbidden concepts (``concepts``)}: the answer is
        recomputed from the student's answer cell with those concepts switched off.
        ``first``: the grader runs these before the visible tests (so that their named
        mistakes are reported rather than a visible property check's plainer message).
        """
        def register(check):
            exercise = self.exercises[number]
            exercise.hidden, exercise.hidden_first = check, first
            exercise.by_hand = {name: concepts.check(forbidden)
                                for name, forbidden in (by_hand or {}).items()}
            return check
        return register

    def vocabulary(self):
        """The exercise's symbols (``vocabulary``): every sympy symbol that the modules of
        its checks — the exercise module, the grader module — bind at their top level.
        Every answer is read in them before any check runs."""
        namespaces = {id(check.__globals__): check.__globals__
                      for exercise in self.exercises.values()
                      for check in (exercise.visible, exercise.hidden) if check is not None}
        return Vocabulary([s for namespace in namespaces.values()
                           for s in module_symbols(namespace)])

    def by_cell(self, cell):
        for exercise in self.exercises.values():
            if exercise.cell == cell:
                return exercise
        return None

    def decide(self, cell, handed, context=None):
        """The verdict on the answers ``handed`` (hand-over data) of the test cell
        ``cell`` — the grader's entry point
        (``robocourse_grader.preprocessors.DecideTestCells``); see :meth:`Context.decide`."""
        exercise = self.by_cell(cell)
        if context is not None:
            return context.decide(exercise, handed)
        context = Context(self, "")
        try:
            return context.decide(exercise, handed)
        finally:
            context.close()
