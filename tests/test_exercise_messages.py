"""What the graded exercises say of an answer reads in the student's language: the exercise
modules pass every sentence through ``say(…, "exercises")`` and the hidden tests through
``say(…, "hidden")``, each a literal English template filled with exactly its own
``{fields}``; every sentence has a current Chinese entry; the hidden tests' sentences stay
beside them (solutions/hidden.zh_CN.po), out of the library a student can read; and a known
wrong answer to an exercise of each chapter gets its Chinese message with the mistake code it
gets in English. (tests/test_book_chinese.py keeps both catalogues in `make translations`
form, one entry per sentence, and checks their typography and terms.)"""

import ast
import pathlib
import re

import numpy as np
import pytest
import sympy as sp
from babel.messages.pofile import read_po
from test_book_chinese import typography

from robocourse import language
from robocourse.exercises import ch0_kinematics as ch0
from robocourse.exercises import ch1_statics as ch1
from robocourse.exercises import ch2_inertia as ch2
from robocourse.exercises import ch3_newton_euler as ch3
from robocourse.exercises import ch4_lagrange as ch4
from robocourse.exercises import ch5_trajectories_control as ch5
from robocourse.exercises import ch6_puma560 as ch6
from robocourse.exercises import ch7_parameters as ch7
from robocourse.exercises import ch8_spatial_vectors as ch8
from robocourse.grading import concepts
from robocourse.grading.checks import Known, Mistake, check_expression
from robocourse.grading.exercises import Context, Numbers
from robocourse_grader.preprocessors import load_exercise_set

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = sorted((ROOT / "robocourse" / "exercises").glob("ch*.py"))
GRADERS = sorted((ROOT / "solutions").glob("*/grader.py"))
#: {domain: (the files that speak it, the folder they are in)}
SPOKEN = {"exercises": (MODULES, ROOT / "robocourse"), "hidden": (GRADERS, ROOT / "solutions")}
HIDDEN = ROOT / "solutions" / "hidden.zh_CN.po"
STUDENT = "s1234567"
CHINESE = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]")


def hidden_tests(assignment):
    """The exercise set of an assignment with its hidden tests (``solutions/…/grader.py``),
    loaded now: its grader module locates the hidden tests' catalogue (a grader loaded from
    elsewhere, as tests/test_add_an_exercise.py's copy, locates its own)."""
    return load_exercise_set(ROOT / "solutions" / assignment / "grader.py")[0]


@pytest.mark.parametrize("domain", SPOKEN)
def test_each_file_speaks_through_its_own_catalogue_only(domain):
    """The visible tests say nothing in the hidden tests' words, nor these in the library's;
    every sentence is a literal (``sayings`` refuses an f-string)."""
    files, _ = SPOKEN[domain]
    other = next(name for name in SPOKEN if name != domain)
    for path in files:
        source = path.read_text(encoding="utf-8")
        assert language.sayings(source, domain), f"{path.name} says nothing through {domain}"
        assert not language.sayings(source, other), f"{path.name} says something as {other}"


def _says(node):
    return isinstance(node, ast.Call) and getattr(node.func, "id", None) == "say"


def test_each_sentence_is_filled_with_exactly_its_own_fields():
    """A call gives a value to every ``{field}`` of its sentence, and to nothing else (a
    sentence without fields is said as it is: its braces, ``{4}``, name a frame)."""
    wrong = []
    for path in [*MODULES, *GRADERS]:
        for node in filter(_says, ast.walk(ast.parse(path.read_text(encoding="utf-8")))):
            given = {k.arg for k in node.keywords if k.arg != "domain"}
            if given and given != language.fields(node.args[0].value):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}: fills {sorted(given)}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("domain", SPOKEN)
def test_every_sentence_has_a_current_chinese_entry_with_its_fields(domain):
    hidden_tests("ch0_kinematics")                 # a grader locates the hidden catalogue
    sentences = language.sayings_in(SPOKEN[domain][1], domain)
    assert len(sentences) > 150
    assert language.gaps(sentences, domain, "zh_CN") == []


def test_the_hidden_tests_read_their_catalogue_beside_them_and_the_library_has_none_of_it():
    hidden_tests("ch0_kinematics")
    assert language.catalogue_path("hidden", "zh_CN") == HIDDEN
    visible = set(language.sayings_in(ROOT / "robocourse", "exercises"))
    only_hidden = set(language.sayings_in(ROOT / "solutions", "hidden")) - visible
    in_library = set()
    for path in (ROOT / "robocourse" / "locale").rglob("*.po"):
        with path.open("rb") as handle:
            in_library |= {m.id for m in read_po(handle) if m.id}
    assert only_hidden and not only_hidden & in_library


# --- a known wrong answer of each chapter, in English and in Chinese ---------------------------

def _ch8_hidden(number, answer):
    """The hidden tests of chapter 8's exercise ``number`` on ``answer`` for ``STUDENT``."""
    exercise_set = hidden_tests("ch8_spatial_vectors")
    exercise_set.exercises[number].hidden(answer, Context(exercise_set, STUDENT))


def _mistake(check, *args):
    """``(message, code)`` of the Mistake that ``check(*args)`` raises."""
    with pytest.raises(Mistake) as raised:
        check(*args)
    return str(raised.value), raised.value.code


def _in_both(check, *args):
    english = _mistake(check, *args)
    with language.using("zh_CN"):
        chinese = _mistake(check, *args)
    return english, chinese


WRONG_ANSWERS = {
    "ch0: a θ2 that is not singular": (
        lambda: ch0.check_singular_angles(np.array([1.0])), "is not a singular configuration",
        "不是奇异位形"),
    "ch0: ik_2r without a reach check": (
        lambda: ch0.check_out_of_reach(lambda *_: (np.zeros(2), np.zeros(2)), 1.0, 0.5, 0.5,
                                       0.4), "returned a result", "返回了结果"),
    "ch1: a zero F_free": (
        lambda: ch1.check_free_force(sp.zeros(2, 1), 0, "theta1 = 0"), "is zero",
        "在 theta1 = 0 处为零"),
    "ch2: an asymmetric tensor": (
        lambda: ch2.check_symmetric(np.array([[1.0, 2.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),
                                    "I_B5"), "is not symmetric", "I_B5 不对称"),
    "ch3: torques that do not supply the energy": (
        lambda: ch3.check_power(1.0, 2.0), "is not the rate", "不等于机械臂及其负载能量的增长率"),
    "ch4: an asymmetric mass matrix": (
        lambda: ch4.exercise_3.visible(sp.Matrix([[ch4.m1, ch4.m2], [0, ch4.m1]])),
        "is not symmetric", "M_payload 不对称"),
    "ch5: coefficients with the time in them": (
        lambda: ch5.check_symbols(sp.Matrix([ch5.t]), "coeffs", ch5.CUBIC_SYMBOLS),
        "contains the time t", "coeffs 中含有时间 t"),
    "ch6: one of two angles right": (
        lambda: ch6.check_angle_pair(np.array([0.1, 0.2]), [0.1, 0.5], "theta1_both"),
        "one of your two angles is right", "你的两个角中一个对、一个不对"),
    "ch7, hidden: a wrong reading of the condition number": (
        lambda: hidden_tests("ch7_parameters").exercises[6].hidden("a"), "LESS excitation",
        "激励越弱"),
    "ch7: a name that is no parameter": (
        lambda: ch7.Names(ch7.STANDARD_2R).prepare(["ZZ9"], "no_effect"),
        "not standard parameters of this arm", "不属于这条机械臂标准参数"),
    "ch8: accelerations far too large": (
        lambda: ch8.exercise_5.visible(np.array([1e6, 0.0]), Context(ch8.exercises, STUDENT)),
        "far larger than these torques", "远大于这些力矩和重力"),
    "ch8, hidden: link 1 alone in M11 (a slip the exercise module names)": (
        lambda: _ch8_hidden(4, ch8.mass_matrix_mistakes(STUDENT)[0].value),
        "joint 1 carries links 1 AND 2", "即复合刚体"),
    "ch8, hidden: Craig's acceleration for the spatial one": (
        lambda: _ch8_hidden(3, np.concatenate(ch8.motion_numbers(STUDENT)[1:])),
        "Craig's acceleration of the origin", "它与 Craig 的原点加速度相符"),
}


@pytest.mark.parametrize("wrong", WRONG_ANSWERS)
def test_a_known_wrong_answer_gets_its_chinese_message_and_the_same_code(wrong):
    check, english_words, chinese_words = WRONG_ANSWERS[wrong]
    (english, code), (chinese, chinese_code) = _in_both(check)
    assert english_words in english and not CHINESE.search(english), english
    assert chinese_words in chinese, chinese
    assert chinese_code == code



def _wrong_coriolis(M, q, qd):
    """The lift arm's Coriolis matrix with the wrong sign."""
    return -ch4.coriolis_case(ch4.lift_arm)[3]


#: Sentences whose fields hold a translated name or a name of code, as a student meets them
COMPOSED = {
    "an entry of a named matrix (ch4 exercise 4)": lambda: _mistake(
        ch4.check_coriolis, _wrong_coriolis, language.say("lift arm", "exercises"),
        ch4.lift_arm, True)[0],
    "a count of numbers (ch7 exercise 5)": lambda: _mistake(
        Numbers((5,)).prepare, np.zeros(4), "pi_hat")[0],
    "a switched-off concept": lambda: concepts.message("dh_transform", "the DH transform"),
    "an entry of an unnamed answer": lambda: _mistake(
        check_expression, sp.Matrix([ch4.m1, 1]), sp.Matrix([ch4.m1, 2]))[0],
    "an entry of a step's answer (ch3)": lambda: _mistake(
        check_expression, sp.Matrix([ch4.m1, 1]), sp.Matrix([ch4.m1, 2]),
        language.say("{name} ({label})", "exercises", name="omega",
                     label=language.say("2R arm, link 1 -> 2", "exercises")))[0],
}


@pytest.mark.parametrize("wrong", [*WRONG_ANSWERS, *COMPOSED])
def test_the_chinese_messages_follow_chinese_typography(wrong):
    """Filled in, a sentence still spaces Chinese from Latin words and numbers (not
    "推导DH 变换", "应是5 个数"), and an index follows the matrix it indexes (not
    "…，M 为升降臂的质量矩阵[1, 0] 不对")."""
    with language.using("zh_CN"):
        chinese = COMPOSED[wrong]() if wrong in COMPOSED else _mistake(WRONG_ANSWERS[wrong][0])[0]
    assert typography.problems(chinese) == [], chinese
    assert not re.search(r"[\u4e00-\u9fff]\[", chinese), chinese


def test_fields_are_filled_after_the_lookup():
    """The number goes into the Chinese sentence: ``theta2 = 1 rad (57.3°)``."""
    _, (chinese, _) = _in_both(ch0.check_singular_angles, np.array([1.0]))
    assert chinese.startswith("theta2 = 1 rad (57.3°) 不是奇异位形"), chinese


def test_a_known_slip_follows_the_mistake_as_the_language_joins_two_sentences():
    """Chinese joins two sentences without a space (``checks.joined``)."""
    x = sp.Symbol("x")
    with language.using("zh_CN"):
        slip = Known(2 * x, "你把它算了两遍。", "twice")
        message, code = _mistake(ch3.check_special_cases, 2 * x, x, "tau", [("x = 1", {x: 1})],
                                 [x], [slip])
    assert code == "twice" and message.endswith("。你把它算了两遍。"), message


def test_an_answer_the_replay_did_not_recompute_is_said_in_chinese():
    context = Context(ch4.exercises, STUDENT)
    context.recomputed = {}
    with language.using("zh_CN"):
        message, code = _mistake(ch4.exercises.exercises[2]._recomputed, "tau_lift", context)
    assert code == "recompute-failed" and message.endswith("：没有重新计算"), message


def test_known_slips_are_said_in_the_language_in_use_not_the_first_one_asked():
    """The slips of an exercise are worked out once, their words every time."""
    english = [slip.message for slip in ch3.com_slips()]
    with language.using("zh_CN"):
        chinese = [slip.message for slip in ch3.com_slips()]
    assert english[0].startswith("It matches the acceleration of the origin of {2}")
    assert chinese[0].startswith("它与 {2} 原点的加速度相符")
