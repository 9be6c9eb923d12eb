"""What the graded exercises say of an answer reads in the student's language: every
sentence the exercise modules pass through ``say(…, "exercises")`` and the hidden tests
through ``say(…, "hidden")`` is a literal English template with a current Chinese entry that
fills in the same ``{fields}``; each catalogue holds nothing else — the library's only what
the visible tests say, the hidden tests' sentences stay beside them in solutions/ — and a
known wrong answer to an exercise of each chapter gets its Chinese message with the mistake
code it gets in English."""

import ast
import functools
import pathlib
import re
import string

import numpy as np
import pytest
import sympy as sp
from babel.messages.pofile import read_po

from robocourse import language
from robocourse.exercises import ch0_kinematics as ch0
from robocourse.exercises import ch1_statics as ch1
from robocourse.exercises import ch2_inertia as ch2
from robocourse.exercises import ch3_newton_euler as ch3
from robocourse.exercises import ch4_lagrange as ch4
from robocourse.exercises import ch5_trajectories_control as ch5
from robocourse.exercises import ch6_puma560 as ch6
from robocourse.exercises import ch7_parameters as ch7
from robocourse.exercises import hidden_catalogue
from robocourse.grading.checks import Mistake
from robocourse_grader.preprocessors import load_exercise_set

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = sorted((ROOT / "robocourse" / "exercises").glob("ch*.py"))
GRADERS = sorted((ROOT / "solutions").glob("*/grader.py"))
#: {domain: (the files that speak it, its Chinese catalogue)}
SPOKEN = {"exercises": (MODULES, language.catalogue_path("exercises", "zh_CN")),
          "hidden": (GRADERS, pathlib.Path(str(hidden_catalogue(GRADERS[0])).format(
              language="zh_CN")))}
CHINESE = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]")


def _say_domain(node):
    """The domain of a call ``say(english, domain, …)`` (``language.say`` too), else None."""
    if not isinstance(node, ast.Call):
        return None
    name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
    domain = node.args[1] if len(node.args) > 1 else next(
        (k.value for k in node.keywords if k.arg == "domain"), None)
    return domain.value if name == "say" and isinstance(domain, ast.Constant) else None


def say_calls(paths):
    """``[(file, line, domain, call node)]``: every ``say`` call in ``paths``."""
    return [(path.relative_to(ROOT), node.lineno, _say_domain(node), node)
            for path in paths for node in ast.walk(ast.parse(path.read_text()))
            if _say_domain(node)]


def fields(template):
    """The ``{fields}`` of a template: ``{(name, format spec, conversion)}``."""
    return {(name, spec, conversion)
            for _, name, spec, conversion in string.Formatter().parse(template)
            if name is not None}


def english(domain):
    """Every English template the files of ``domain`` say."""
    return {node.args[0].value for _, _, _, node in say_calls(SPOKEN[domain][0])
            if node.args and isinstance(node.args[0], ast.Constant)}


def entries(domain):
    with SPOKEN[domain][1].open("rb") as handle:
        catalogue = read_po(handle)
    return catalogue, {m.id: m for m in catalogue if m.id}


@pytest.mark.parametrize("domain", SPOKEN)
def test_each_file_speaks_through_its_own_catalogue_only(domain):
    paths, _ = SPOKEN[domain]
    calls = say_calls(paths)
    assert {str(path) for path, *_ in calls} == {str(p.relative_to(ROOT)) for p in paths}
    assert {spoken for _, _, spoken, _ in calls} == {domain}
    assert len(english(domain)) > 150


def test_each_sentence_is_a_literal_template_filled_with_its_own_fields():
    wrong = []
    for path, line, _, node in say_calls([*MODULES, *GRADERS]):
        template = node.args[0] if node.args else None
        if not (isinstance(template, ast.Constant) and isinstance(template.value, str)):
            wrong.append(f"{path}:{line}: not a literal string")
            continue
        given = {k.arg for k in node.keywords if k.arg != "domain"}
        named = {name for name, _, _ in fields(template.value)}
        if given and given != named:
            wrong.append(f"{path}:{line}: fills {sorted(given)}, names {sorted(named)}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("domain", SPOKEN)
def test_every_sentence_has_a_current_chinese_entry_with_the_same_fields(domain):
    catalogue, found = entries(domain)
    said = english(domain)
    missing = sorted(e for e in said if e not in found or not found[e].string or found[e].fuzzy)
    assert not missing, "\n".join(missing)
    unlike = sorted(e for e in said if fields(found[e].string) != fields(e))
    assert not unlike, "\n".join(unlike)
    assert not catalogue.obsolete
    assert sorted(set(found) - said) == []          # the library's: nothing of the hidden tests


@pytest.mark.parametrize("domain", SPOKEN)
def test_the_chinese_is_chinese_with_full_width_punctuation(domain):
    _, found = entries(domain)
    untranslated = [m.id for m in found.values()
                    if not CHINESE.search(m.string) and m.string == m.id]
    half_width = [m.string for m in found.values()
                  if re.search(r"[\u4e00-\u9fff][,;:?!]|[,;:?!] ?[\u4e00-\u9fff]| — ", m.string)]
    assert (untranslated, half_width) == ([], [])


# --- a known wrong answer of each chapter, in English and in Chinese ---------------------------

@functools.cache
def hidden_tests(assignment):
    """The exercise set of an assignment with its hidden tests (``solutions/…/grader.py``)."""
    return load_exercise_set(ROOT / "solutions" / assignment / "grader.py")[0]


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
}


@pytest.mark.parametrize("wrong", WRONG_ANSWERS)
def test_a_known_wrong_answer_gets_its_chinese_message_and_the_same_code(wrong):
    check, english_words, chinese_words = WRONG_ANSWERS[wrong]
    (english, code), (chinese, chinese_code) = _in_both(check)
    assert english_words in english and not CHINESE.search(english), english
    assert chinese_words in chinese, chinese
    assert chinese_code == code


def test_fields_are_filled_after_the_lookup():
    """The number goes into the Chinese sentence: ``theta2 = 1 rad (57.3°)``."""
    _, (chinese, _) = _in_both(ch0.check_singular_angles, np.array([1.0]))
    assert chinese.startswith("theta2 = 1 rad (57.3°) 不是奇异位形"), chinese


def test_known_slips_are_said_in_the_language_in_use_not_the_first_one_asked():
    """The slips of an exercise are worked out once, their words every time."""
    english = [slip.message for slip in ch3.com_slips()]
    with language.using("zh_CN"):
        chinese = [slip.message for slip in ch3.com_slips()]
    assert english[0].startswith("It matches the acceleration of the origin of {2}")
    assert chinese[0].startswith("它与 {2} 原点的加速度相符")
