"""What students did that the grader must judge soundly: a right answer never crashes it,
and what the visible test accepts the grade accepts (persona runs of the Chinese class)."""

import collections
import pathlib
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from test_exercise_checks import STUDENT, assert_code
from test_exercise_feedback import shared_runner
from test_handover_whitelist import Kernel

from robocourse.exercises.ch2_inertia import l, m, w
from robocourse.exercises.ch7_parameters import Names
from robocourse.grading import handover
from robocourse.grading.checks import Mistake, numbers_at
from robocourse.grading.exercises import (
    Choice,
    Context,
    Expression,
    Matrix,
    NotPassed,
    Numbers,
    Text,
)
from robocourse.grading.handover import FunctionSource, encode
from robocourse_grader.preprocessors import load_exercise_set

ROOT = pathlib.Path(__file__).resolve().parent.parent
x, y = sp.symbols("x y")


@pytest.fixture(scope="module")
def chapter2():
    exercise_set = load_exercise_set(ROOT / "solutions" / "ch2_inertia" / "grader.py")[0]
    yield exercise_set
    shared_runner().end()


def hand_in(exercise_set, number, **answers):
    """The verdict on exercise ``number``, visible and hidden tests, as the grader gives it."""
    context = Context(exercise_set, STUDENT, runner_factory=shared_runner)
    handed = {name: {"value": encode(value)} for name, value in answers.items()}
    return exercise_set.decide(exercise_set.exercises[number].cell, handed, context)


def plate_by_integration():
    """The student's integral of exercise 1, in the integration variables x and y."""
    sigma = m / (w * l)
    position = sp.Matrix([x, y, 0])
    integrand = (position.dot(position) * sp.eye(3) - position * position.T) * sigma
    return integrand.integrate((x, 0, w), (y, 0, l))


ZEROS = {"sin-x": m * (sp.sin(x)**2 + sp.cos(x)**2 - 1),
         "cosh-x": m * (sp.cosh(x)**2 - sp.sinh(x)**2 - 1),
         "cosh-w": m * w * l * (sp.cosh(w)**2 - sp.sinh(w)**2 - 1),
         "sin-own-symbol": m * (sp.sin(sp.Symbol("q"))**2 + sp.cos(sp.Symbol("q"))**2 - 1)}


@pytest.mark.parametrize("zero", ZEROS.values(), ids=ZEROS.keys())
def test_a_right_tensor_with_a_zero_in_disguise_scores_full_marks(chapter2, zero):
    I_plate = plate_by_integration()
    I_plate[2, 2] = I_plate[2, 2] + zero
    assert_code(hand_in(chapter2, 1, I_plate=I_plate), "passed")


@pytest.mark.parametrize("zero", ZEROS.values(), ids=ZEROS.keys())
def test_a_wrong_tensor_with_a_zero_in_disguise_still_fails(chapter2, zero):
    I_plate = plate_by_integration()
    I_plate[0, 1] = -I_plate[0, 1]
    I_plate[1, 0] = -I_plate[1, 0]
    I_plate[2, 2] = I_plate[2, 2] + zero
    verdict = hand_in(chapter2, 1, I_plate=I_plate)
    assert not verdict.passed and verdict.code != "grader-error", verdict.message


def test_numbers_of_a_symbol_the_answer_depends_on_are_refused_not_crashed():
    with pytest.raises(Mistake, match="do not belong in this answer: x") as refused:
        numbers_at(sp.Matrix([m * w, m * x]), {m: 1, w: 2, l: 3}, "I_plate")
    assert refused.value.code == "foreign-symbols"
    assert numbers_at(m * (sp.sin(x)**2 + sp.cos(x)**2), {m: 2}).tolist() == 2.0


# --- A3: what the visible test accepts hands over (ch7 exercise 3: a set of names) -----------

@pytest.fixture(scope="module")
def chapter7():
    return load_exercise_set(ROOT / "solutions" / "ch7_parameters" / "grader.py")[0]


@pytest.mark.parametrize("kind", [set, frozenset, list, tuple])
def test_the_parameters_without_effect_as_a_set_score_as_a_list_does(chapter7, kind):
    from robocourse.exercises.ch7_parameters import no_effect_2r

    no_effect = kind(no_effect_2r())
    assert_code(hand_in(chapter7, 3, no_effect=no_effect), "passed")
    assert_code(hand_in(chapter7, 3, no_effect=kind(no_effect_2r()[1:])), "no-effect-missing")


# --- A2: a helper class in a handed-over function's cell (ch2 exercise 4, ch7 exercise 7) ------

HELPER_CLASS_CELLS = {
    ("ch2_inertia", 4, "my_parallel_axis"): '''import numpy as np
from collections import namedtuple
质点 = namedtuple("质点", "m p")

def my_parallel_axis(I_c, mass, p_c):
    q = 质点(mass, np.asarray(p_c, dtype=float).reshape(3))
    return np.asarray(I_c, dtype=float) + q.m * (q.p @ q.p * np.eye(3) - np.outer(q.p, q.p))
''',
    ("ch7_parameters", 7, "is_rigid_body"): '''import numpy as np
容差 = 1e-9

class 连杆:
    def __init__(self, p):
        self.p = np.asarray(p, dtype=float)
    def 质量(self):
        return self.p[9]

def 质心处的张量(p):
    m = p[9]
    J = np.array([[p[0], p[1], p[2]], [p[1], p[3], p[4]], [p[2], p[4], p[5]]])
    r = p[6:9] / m
    return J - m * (r @ r * np.eye(3) - np.outer(r, r))

def is_rigid_body(link_parameters):
    link = 连杆(link_parameters)
    if not link.质量() > 0:
        return False
    moments = np.linalg.eigvalsh(质心处的张量(link.p))
    tol = 容差 * max(1.0, np.abs(moments).max())
    return bool(moments[0] >= -tol and moments[0] + moments[1] >= moments[2] - tol)
''',
}


@pytest.mark.parametrize("where, cell", HELPER_CLASS_CELLS.items(),
                         ids=[f"{a}-{n}" for a, n, _ in HELPER_CLASS_CELLS])
def test_a_function_with_a_helper_class_in_its_cell_scores_full_marks(tmp_path, where, cell):
    assignment, number, function = where
    kernel = Kernel(str(tmp_path / "ipykernel_1"))
    kernel.run(cell)
    exercise_set = load_exercise_set(ROOT / "solutions" / assignment / "grader.py")[0]
    answer = FunctionSource.of(kernel.namespace[function])
    assert_code(hand_in(exercise_set, number, **{function: answer}), "passed")


# --- what the kind of an answer accepts in the kernel, the hand-over carries to the grader ----

class Label(str):
    """A string of a class of the student's own."""


POINT = collections.namedtuple("POINT", "a b")
ANSWERS = {"set": {1.0, 2.0}, "frozenset": frozenset({"M1"}), "range": range(3),
           "Fraction": Fraction(1, 3), "Decimal": Decimal("0.5"), "namedtuple": POINT(1.0, 2.0),
           "OrderedDict": collections.OrderedDict(a=1.0), "float32": np.float32(1.5),
           "np.matrix": np.asarray([[1.0, 2.0]]).view(np.matrix),
           "ImmutableMatrix": sp.ImmutableMatrix([[x, 1]]),
           "str subclass": Label("ZZ1"), "np.str_": np.str_("M1"),
           "array of str": np.array(["ZZ1", "M1"]), "asinh": sp.asinh(x), "acosh": sp.acosh(x),
           "coth": sp.coth(x), "asec": sp.asec(x), "Rational list": [sp.Rational(1, 2), 2],
           "Fraction list": [Fraction(1, 2), Fraction(3, 4)]}
KINDS = {"Expression": Expression(), "Matrix": Matrix(1, 2), "Numbers": Numbers(None),
         "Choice": Choice((1, "M1", 3)), "Text": Text(), "Names": Names(("M1", "ZZ1", "XX1"))}


def _same(a, b):
    if isinstance(a, (sp.Basic, sp.MatrixBase)):
        return sp.simplify(sp.Matrix([a]) - sp.Matrix([b])) == sp.zeros(*sp.Matrix([a]).shape)
    return np.array_equal(np.asarray(a, dtype=object), np.asarray(b, dtype=object))


@pytest.mark.parametrize("kind", KINDS, ids=KINDS)
def test_every_answer_a_kind_accepts_in_the_kernel_reaches_the_grader_as_the_same_answer(kind):
    for label, value in ANSWERS.items():
        try:
            expected = KINDS[kind].prepare(value, "answer")
        except (Mistake, ValueError):
            continue                          # refused in the visible test already
        back = handover.loads(handover.dumps(value))
        assert _same(KINDS[kind].prepare(back, "answer"), expected), label


# --- A1 as a class: the visible checks that name foreign symbols let a zero in disguise pass --

def disguised_zero(symbol):
    return sp.sin(symbol)**2 + sp.cos(symbol)**2 - 1


@pytest.mark.parametrize("symbol", [x, sp.Symbol("t"), sp.Symbol("w")], ids=["x", "t", "w"])
def test_right_answers_with_a_zero_in_a_symbol_of_their_own_pass_in_chapters_4_and_5(symbol):
    from test_exercise_checks import Submission, right_corrections

    from robocourse.exercises import ch4_lagrange as ch4
    from robocourse.exercises import ch5_trajectories_control as ch5

    chapter4 = Submission(load_exercise_set(ROOT / "solutions" / "ch4_lagrange" / "grader.py")[0])
    chapter5 = Submission(
        load_exercise_set(ROOT / "solutions" / "ch5_trajectories_control" / "grader.py")[0])
    zero = disguised_zero(symbol)
    assert_code(chapter4.hand_in(1, K_lift=ch4.lift_energy() + ch4.g * zero), "passed")
    corrections = {key: entry + zero for key, entry in right_corrections().items()}
    assert_code(chapter4.hand_in(8, corrections=corrections), "passed")
    coeffs = ch5.rest_to_rest() + sp.Matrix([zero, 0, 0, 0])
    assert_code(chapter5.hand_in("1", coeffs=coeffs), "passed")
    wrong = {key: entry + symbol for key, entry in right_corrections().items()}
    assert_code(chapter4.hand_in(8, corrections=wrong), "foreign-symbols", symbol.name)


def test_a_class_that_cannot_go_over_is_refused_by_the_visible_test_before_hand_in(tmp_path):
    from robocourse.grading.exercises import Function

    kernel = Kernel(str(tmp_path / "ipykernel_1"))
    kernel.run('Made = type("Made", (), {"k": 2})\n\n\ndef uses(v):\n    return Made.k * v\n')
    with pytest.raises(Mistake, match="inside the function") as refused:
        Function().prepare(kernel.namespace["uses"], "uses")
    assert refused.value.code == "not-handed-over" and "'Made'" in str(refused.value)


def test_a_step_result_with_a_zero_in_a_symbol_of_its_own_is_read_as_its_numbers():
    from robocourse.exercises.ch3_newton_euler import floats

    assert np.allclose(floats(sp.Matrix([1, disguised_zero(x), 2]), "f"), [1, 0, 2],
                       rtol=0, atol=1e-15)
    with pytest.raises(Mistake) as refused:
        floats(sp.Matrix([1, x, 2]), "f")
    assert refused.value.code == "symbols-in-numbers"


# --- the visible test sees what the grader will read --------------------------------------

@pytest.mark.parametrize("extra", [sp.Integral(x, (x, 0, 1)) - sp.Rational(1, 2), sp.erf(m)],
                         ids=["integral", "erf"])
def test_an_answer_the_hand_over_refuses_fails_the_visible_test_too(chapter2, extra):
    """A tensor written with a function the grader does not take (an unevaluated Integral,
    erf): the visible test says so instead of passing, as the grade would."""
    right = plate_by_integration()
    chapter2.exercises[1](right)                                 # passes, as it should
    with pytest.raises(NotPassed) as failed:                     # outside IPython: raised
        chapter2.exercises[1](right.applyfunc(lambda entry: entry + extra))
    assert failed.value.code == "not-handed-over"
    assert "I_plate" in str(failed.value)
