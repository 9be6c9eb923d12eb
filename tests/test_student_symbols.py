"""A student's own symbols are the exercise's symbols.

Every solution of every assignment is handed in again with its symbols written the ways
students write them (each symbol one way, two hand-ins per answer) — declared
``real=True`` or ``positive=True``, spelled as the statement prints them (``px`` for
``p_x``, ``theta_1`` or ``θ1`` for ``theta1``, ``theta1dot``), as functions of time
(``dynamicsymbols``) — and must still get full marks, with no feedback at all. The
hand-overs are the ones the committed solution notebooks hold (what their test cells
handed over when they were executed).
"""

import functools
import pathlib
import re

import nbformat
import pytest
import sympy as sp
from sympy.physics.mechanics import dynamicsymbols

from robocourse.grading import handover
from robocourse.grading.exercises import Context
from robocourse.grading.vocabulary import Vocabulary, module_symbols, read_answer, spelling
from robocourse.robot import joint_symbol_role
from robocourse_grader.preprocessors import load_exercise_set
from robocourse_grader.report import english_assignment

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: The English assignments (each with a Chinese version, <assignment>_zh_CN, graded by the same
#: grader module: tests/test_chinese_exercises.py).
ASSIGNMENTS = sorted(p.name for p in (ROOT / "solutions").iterdir()
                     if p.is_dir() and english_assignment(p.name) == p.name)
t = dynamicsymbols._t
GREEK = {"theta": "θ", "omega": "ω", "alpha": "α"}


# --- the rewritings: each symbol written one way a student writes it -------------------

def _statement_spelling(symbol):
    """``p_x`` → ``px``; ``theta1`` → ``theta_1``: the other way of writing a subscript."""
    name = symbol.name
    if "_" in name:
        return sp.Symbol(name.replace("_", ""))
    return sp.Symbol(re.sub(r"^(.*[A-Za-z])([0-9]+)$", r"\1_\2", name))


def _greek(symbol):
    name = symbol.name
    for word, letter in GREEK.items():
        name = name.replace(word, letter)
    return sp.Symbol(name)


def _dot_after_number(symbol):
    return sp.Symbol(re.sub(r"^(theta|d)(dot|ddot)([0-9]+)$", r"\1\3\2", symbol.name))


def _function_of_time(symbol):
    """A joint symbol as ``dynamicsymbols``: ``theta1(t)``, its first or second derivative."""
    role = joint_symbol_role(symbol)
    if role is None:
        return symbol
    q = dynamicsymbols(role.base)
    order = ("position", "rate", "acceleration").index(role.kind)
    return q.diff(t, order) if order else q


WAYS = {"declared real": lambda s: sp.Symbol(s.name, real=True),
        "declared positive": lambda s: sp.Symbol(s.name, positive=True),
        "spelled as the statement prints it": _statement_spelling,
        "in Greek letters": _greek,
        "a rate written theta1dot": _dot_after_number,
        "a function of time": _function_of_time}
#: Two hand-ins per answer: the symbols, in name order, take these ways in turn.
MIXES = {"declared real, spelled, functions of time":
         ("declared real", "spelled as the statement prints it", "a function of time"),
         "declared positive, Greek, theta1dot":
         ("declared positive", "in Greek letters", "a rate written theta1dot")}


def _mixed(ways):
    def rewrite(expr):
        symbols = sorted(expr.free_symbols, key=lambda s: s.name)
        return expr.xreplace({s: WAYS[ways[k % len(ways)]](s) for k, s in enumerate(symbols)})
    return rewrite


def _rewritten(value, rewrite):
    if isinstance(value, (sp.Basic, sp.MatrixBase)):
        return rewrite(value)
    if isinstance(value, dict):
        return {key: _rewritten(entry, rewrite) for key, entry in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_rewritten(entry, rewrite) for entry in value)
    return value


def _has_symbols(value):
    if isinstance(value, (sp.Basic, sp.MatrixBase)):
        return bool(value.free_symbols)
    if isinstance(value, (dict, list, tuple)):
        entries = value.values() if isinstance(value, dict) else value
        return any(_has_symbols(entry) for entry in entries)
    return False


# --- the solutions' hand-overs ------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _exercise_set(assignment):
    return load_exercise_set(ROOT / "solutions" / assignment / "grader.py")[0]


def _handovers(assignment):
    """``(test cell id, answers)`` of each test cell of the executed solution notebook."""
    found = []
    for path in sorted((ROOT / "solutions" / assignment).glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            handed = [o["data"][handover.MIME_TYPE] for o in cell.get("outputs", [])
                      if handover.MIME_TYPE in o.get("data", {})]
            if cell.metadata.get("nbgrader", {}).get("grade") and handed:
                found.append((grade_id, handed[-1]["answers"]))
    return found


def _symbolic(assignment):
    """The test cells of ``assignment`` whose answers hold symbols, decoded."""
    cells = []
    for grade_id, answers in _handovers(assignment):
        decoded = {name: handover.decode(entry["value"]) for name, entry in answers.items()}
        if any(_has_symbols(value) for value in decoded.values()):
            cells.append((grade_id, decoded))
    return cells


def test_every_solution_notebook_hands_over_in_every_test_cell():
    for assignment in ASSIGNMENTS:
        exercise_set = _exercise_set(assignment)
        handed = {grade_id for grade_id, _ in _handovers(assignment)}
        assert handed == {e.cell for e in exercise_set.exercises.values()}, (
            f"solutions/{assignment}: execute the notebook again and commit it")


@pytest.mark.parametrize("mix", sorted(MIXES))
@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_a_solution_in_the_students_own_symbols_gets_full_marks(assignment, mix):
    exercise_set, rewrite = _exercise_set(assignment), _mixed(MIXES[mix])
    failed = []
    for grade_id, answers in _symbolic(assignment):
        handed = {name: {"value": handover.encode(_rewritten(value, rewrite))}
                  for name, value in answers.items()}
        context = Context(exercise_set, "instructor")
        try:
            verdict = exercise_set.decide(grade_id, handed, context)
        finally:
            context.close()
        if not verdict.passed:
            failed.append(f"{grade_id}: {verdict.message}")
    assert not failed, "\n".join(failed)


#: The assignments whose answers are all numbers or functions (no expression to rewrite).
NUMERIC_ONLY = ("ch5_trajectories_control", "ch8_spatial_vectors")


def test_the_assignments_have_symbolic_answers_to_rewrite():
    counted = {assignment: len(_symbolic(assignment)) for assignment in ASSIGNMENTS}
    assert sum(counted.values()) >= 25 and all(
        counted[a] for a in ASSIGNMENTS if a not in NUMERIC_ONLY), counted


# --- the rules ----------------------------------------------------------------------------

def test_spelling_leaves_out_the_ways_of_writing_a_name():
    assert [spelling(name) for name in ("p_x", "p_{x}", r"\theta_1", "θ₁", "θ1", "theta1_dot",
                                        "d2ddot", "K_p", "omega_x")] == \
        ["px", "px", "theta1", "theta1", "theta1", "thetadot1", "dddot2", "Kp", "omegax"]
    assert spelling("F_x") != spelling("f_x")          # capitals are kept


def test_a_symbol_is_read_by_name_then_by_spelling_then_as_plain():
    m = sp.Symbol("m", positive=True)
    words = Vocabulary([m, sp.Symbol("p_x"), sp.Symbol("F_x"), sp.Symbol("f_x")])
    assert words.symbol(sp.Symbol("m", real=True)) is m            # by name, its assumptions
    assert words.symbol(sp.Symbol("px")) == sp.Symbol("p_x")       # by spelling
    assert words.symbol(sp.Symbol("Fx")) == sp.Symbol("F_x")
    assert words.symbol(sp.Symbol("theta_1", real=True)) == sp.Symbol("theta1")  # a joint
    assert words.symbol(sp.Symbol("k", positive=True)) == sp.Symbol("k")  # plain, no facts


def test_an_ambiguous_spelling_is_read_by_name_only():
    words = Vocabulary(sp.symbols("a_1 a1"))
    assert words.symbol(sp.Symbol("a_1")) == sp.Symbol("a_1")
    assert words.symbol(sp.Symbol("a1")) == sp.Symbol("a1")
    assert words.symbol(sp.Symbol("a__1")) == sp.Symbol("a__1")   # neither: its own name


def test_time_functions_are_the_joint_symbols_and_other_derivatives_are_kept():
    d2, x = dynamicsymbols("d2 x")
    read = read_answer(sp.Matrix([d2.diff(t, 2) + d2.diff(t) * d2, x.diff(t) + x]))
    assert read == sp.Matrix([sp.Symbol("dddot2") + sp.Symbol("ddot2") * sp.Symbol("d2"),
                              x.diff(t) + x])


def test_a_dummy_symbol_is_left_alone():
    dummy = sp.Dummy("theta1")
    assert Vocabulary().symbol(dummy) is dummy


def test_module_symbols_finds_symbols_alone_and_in_collections():
    a, b, c, d = sp.symbols("a b c d")
    namespace = {"a": a, "pair": (b, 1), "M": sp.Matrix([c, d]), "n": 3, "e": sp.Dummy()}
    assert module_symbols(namespace) == [a, b, c, d]


def test_the_vocabulary_of_an_exercise_set_holds_its_modules_symbols():
    words = _exercise_set("ch6_puma560").vocabulary()
    assert {"p_x", "theta1", "theta6", "a3", "d4"} <= set(words.by_name)
    assert words.symbol(sp.Symbol("pz")) == sp.Symbol("p_z")
    assert _exercise_set("ch2_inertia").vocabulary().by_name["m"].is_positive


def test_deciding_a_solution_warns_nothing(recwarn):
    """The checks compute the known mistakes (angles in degrees taken as radians) on
    purpose: no DegreesWarning, or any other, reaches the student or the instructor."""
    exercise_set = _exercise_set("ch4_lagrange")
    for grade_id, answers in _handovers("ch4_lagrange"):
        context = Context(exercise_set, "instructor")
        try:
            assert exercise_set.decide(grade_id, answers, context).passed
        finally:
            context.close()
    assert not [str(w.message) for w in recwarn.list], [str(w.message) for w in recwarn.list]
