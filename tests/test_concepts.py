"""Forbidding by concept (``grading.concepts``): the table names public functions only, an
exercise names concepts only, switching a concept off closes its functions, their private
helpers (found from the code, so a new helper is covered) and what is built on them — and
tells the student which concept to derive. The route search over every exercise is in
``test_forbidden_routes.py``."""

import importlib
import pathlib
import sys
import textwrap
import types

import numpy as np
import pytest

from robocourse.grading import concepts
from robocourse.grading.exercises import ExerciseSet, Function
from robocourse.grading.handover import FunctionSource
from robocourse.grading.runner import Runner, StudentCodeError, StudentFunction
from robocourse_grader.preprocessors import load_exercise_set
from robocourse_grader.report import english_assignment

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: The English assignments' grader modules (a Chinese version's is a link to its English one's).
GRADED = sorted(p.parent.name for p in (ROOT / "solutions").glob("*/grader.py")
                if english_assignment(p.parent.name) == p.parent.name)


@pytest.fixture(scope="module")
def runner():
    with Runner(timeout=30) as job:
        yield job


def refusal(runner, forbidden, source, *args):
    """What ``source``'s function ``f`` raises in the runner with ``forbidden`` off."""
    function = StudentFunction(FunctionSource("f", textwrap.dedent(source),
                                              imports=[("np", "numpy", None)]),
                               runner, forbidden=forbidden)
    with pytest.raises(StudentCodeError) as raised:
        function(*args)
    return str(raised.value)


# --- the table ------------------------------------------------------------------------------

@pytest.mark.parametrize("concept", sorted(concepts.CONCEPTS))
def test_every_concept_is_public_library_functions(concept):
    for spec in concepts.functions([concept]):
        module, _, name = spec.partition(":")
        assert module.startswith("robocourse.") and not any(
            part.startswith("_") for part in [*module.split("."), *name.split(".")]), spec
        assert callable(concepts.resolve(spec)), spec


def test_a_concept_made_of_concepts_takes_their_functions_once():
    assert set(concepts.functions(["the velocity transform"])) == \
        set(concepts.functions(["the force transform"]))
    every = concepts.functions(["the equations of motion"])
    assert len(every) == len(set(every)) and "robocourse.closed_form:closed_form" in every


@pytest.mark.parametrize("assignment", GRADED)
def test_exercises_and_graders_forbid_concepts_never_functions(assignment):
    exercise_set, _ = load_exercise_set(ROOT / "solutions" / assignment / "grader.py")
    named = [name for exercise in exercise_set.exercises.values()
             for kind in exercise.answers.values() if isinstance(kind, Function)
             for name in kind.forbidden]
    named += [name for exercise in exercise_set.exercises.values()
              for names in exercise.by_hand.values() for name in names]
    assert named and set(named) <= set(concepts.CONCEPTS)
    for path in (ROOT / "robocourse" / "exercises" / f"{assignment}.py",
                 ROOT / "solutions" / assignment / "grader.py"):
        assert "robocourse." not in "".join(
            line for line in path.read_text().splitlines(True) if "ROUTES" in line), path


@pytest.mark.parametrize("forbidden, words", [
    (("the force transfrom",), "did you mean 'the force transform'"),
    (("robocourse.frames:force_transform",), "got 'robocourse.frames:force_transform'"),
    ("the force transform", "a tuple of concept names; got the string"),
])
def test_an_exercise_that_names_no_concept_is_refused_where_it_is_declared(forbidden, words):
    with pytest.raises(ValueError, match=words):
        Function(forbidden=forbidden)
    demo = ExerciseSet("demo")
    demo.visible(1, cell="ex1_test", x=Function())(lambda x: None)
    with pytest.raises(ValueError, match=words):
        demo.hidden(1, by_hand={"x": forbidden})(lambda x: None)


# --- the closure from the code ----------------------------------------------------------------

REFACTORED = '''
def forbidden(x):
    """The concept."""
    return _helper(x) + _shared(x)


def allowed(x):
    """Something else, with a check the concept shares."""
    return _shared(x)


def built_on(x):
    """A public function built on the forbidden one."""
    return forbidden(x)


def _helper(x):
    return _deeper(x) * 2


def _deeper(x):
    return x + 1


def _shared(x):
    return x
'''


@pytest.fixture
def refactored(monkeypatch):
    """A library module as a refactor might leave it, and a concept of its ``forbidden``."""
    module = types.ModuleType("robocourse.refactored")
    exec(compile(REFACTORED, "robocourse/refactored.py", "exec"), vars(module))
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(concepts.CONCEPTS, "the refactored concept",
                        ("robocourse.refactored:forbidden",))
    return module


def test_a_new_private_helper_is_switched_off_with_its_concept(refactored):
    off = {node.__name__: concept for node, concept in
           concepts.switched_off(["the refactored concept"])}
    assert off == dict.fromkeys(["forbidden", "_helper", "_deeper"], "the refactored concept")


def test_a_helper_shared_with_a_function_left_on_stays_on(refactored):
    off = {node.__name__ for node, _ in concepts.switched_off(["the refactored concept"])}
    assert "_shared" not in off and "allowed" not in off and "built_on" not in off


def test_what_only_forbidden_functions_use_goes_off_with_them():
    """``_weightless`` (a weightless pass) runs for M and c: off with both, on with M alone
    (``velocity_product`` still runs it)."""
    importlib.import_module("robocourse.newton_euler")

    def off(*names):
        return {f"{n.__module__}:{n.__qualname__}" for n, _ in concepts.switched_off(names)}

    assert "robocourse.newton_euler:_weightless" not in off("the mass matrix")
    assert "robocourse.newton_euler:_weightless" in off("the mass matrix",
                                                        "the velocity product")


# --- the runner ---------------------------------------------------------------------------------

R, P = np.array([[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]), [0.5, 0.1, 0.0]


def test_the_force_transform_is_closed_by_its_equal_the_velocity_transform(runner):
    message = refusal(runner, ("the force transform",), """
        from robocourse.frames import velocity_transform
        def f(R, P):
            return velocity_transform(R, P).T
        """, R, P)
    assert "velocity_transform is switched off for this exercise, which asks you to derive " \
        "the force transform yourself" in message


def test_the_cubic_is_closed_through_the_helpers_it_wraps(runner):
    message = refusal(runner, ("the cubic trajectory",), """
        from robocourse import trajectories
        def f(theta0, thetaf, tf, t):
            return trajectories._cubic(trajectories._coefficients(theta0, thetaf, tf), t)[0]
        """, 0.2, 1.4, 2.0, 1.0)
    assert "derive the cubic trajectory yourself" in message


def test_the_quintic_shares_the_cubic_s_checks_and_keeps_working(runner):
    function = StudentFunction(FunctionSource("f", textwrap.dedent("""
        from robocourse.trajectories import quintic
        def f():
            return float(quintic(0.0, 1.0, 2.0, 1.0)[0])
        """)), runner, forbidden=("the cubic trajectory",))
    assert function() == pytest.approx(0.5)


def test_what_the_exercise_leaves_on_still_works(runner):
    """With the force transform off, ``skew`` (called inside it) and ``transform`` work."""
    function = StudentFunction(FunctionSource("f", textwrap.dedent("""
        from robocourse.frames import skew, transform
        def f(P):
            return [skew(P).tolist(), transform(np.eye(3), P).tolist()]
        """), imports=[("np", "numpy", None)]), runner, forbidden=("the force transform",))
    S, T = function([1.0, 2.0, 3.0])
    assert S[0] == [0.0, -3.0, 2.0] and T[0][3] == 1.0
