"""The errors raised for bad input speak the notebook's language (issue 37): every message
of the library's input gate (robocourse/_checks.py) is a literal English sentence passed to
``say(…, "errors")``, with exactly its own ``{fields}``, translated in
robocourse/locale/zh_CN/LC_MESSAGES/errors.po (complete, current; tests/test_book_chinese.py
keeps it in `make translations` form and checks its typography and terms). Under Chinese a
bad input gets a Chinese message that still names the argument the user passed and shows
what was got, with no English prose left in it (names, values, units and code stay as they
are); English stays the default, its messages unchanged (tests/test_bad_input*.py)."""

import ast
import importlib
import pathlib
import re
import string
import sys
import warnings

import numpy as np
import pytest
import sympy as sp

from robocourse import _checks as check
from robocourse import language
from robocourse.frames import inverse_transform, rot_x, transform
from robocourse.inertia import Box
from robocourse.kinematics import (
    forward_kinematics,
    is_singular,
    jacobian,
    manipulability,
)
from robocourse.models import planar_2r
from robocourse.robot import Link, SerialChain

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIBRARY = ROOT / "robocourse"
GATE = LIBRARY / "_checks.py"
TESTS = ROOT / "tests"
CHINESE = re.compile(r"[\u4e00-\u9fff]")
#: English words that are code, not prose, when two of them stand together ("sympy Symbol").
CODE_WORDS = {"sympy", "Symbol", "Matrix", "None", "True", "False", "nan", "inf", "numpy",
              "bool", "det", "SerialChain", "Box", "Friction", "CompiledDynamics"}
#: Arguments and values got of the English tables that are words, as a Chinese message
#: says them.
SAID = {"link 2": "连杆 2", "none": "一个也没有", "row 0": "第 0 行", "2 entries": "2 个元素"}
#: The gate's own messages that stay English: raised when the library's code declares its
#: checks wrongly (at import), never for a student's input.
FOR_THE_LIBRARY = ("arguments: ", "complex")

ARM = planar_2r(l1=1.0, l2=1.0)
HUGE = planar_2r(l1=1e200, l2=1e200)
Q = [0.3, 1.0]
LAST_ROW = np.eye(4)
LAST_ROW[3, 0] = 1.0
x, y = sp.symbols("x y")


# --- the catalogue and the sentences -------------------------------------------------------

def test_every_error_sentence_has_a_current_chinese_translation():
    sentences = language.sayings_in(LIBRARY, "errors")
    assert len(sentences) > 100, sorted(sentences)
    gaps = language.gaps(sentences, "errors", "zh_CN")
    assert not gaps, "\n".join(f"{sentences[s]}: {s!r}: {why}" for s, why in gaps)


def _calls(path):
    """The ``say(…, "errors")`` and ``phrase(…, "errors")`` calls of the file ``path``."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and node.args and getattr(
                node.func, "id", getattr(node.func, "attr", None)) in language.SAYERS:
            domain = node.args[1:2] or [k.value for k in node.keywords if k.arg == "domain"]
            if domain and getattr(domain[0], "value", None) == "errors":
                yield node


def test_each_error_sentence_is_filled_with_exactly_its_own_fields_and_no_formats():
    """The keywords a call passes are the sentence's fields (a phrase's, if it is given
    any); a field holds no conversion or format (``{got!r}``, ``{x:.3g}``: the value is
    passed formatted), which a translator would have to copy and the typography lint reads
    as ASCII punctuation in Chinese."""
    wrong = []
    for path in sorted(LIBRARY.rglob("*.py")):
        for call in _calls(path):
            sentence = call.args[0].value if isinstance(call.args[0], ast.Constant) else None
            where = f"{path.relative_to(ROOT)}:{call.lineno}"
            if sentence is None:
                continue                                # a module constant: sayings checks it
            given = {k.arg for k in call.keywords if k.arg != "domain"}
            said = getattr(call.func, "id", None) == "say"
            if (said or given) and given != language.fields(sentence):    # a phrase with fields
                wrong.append(f"{where}: fills {sorted(given)}, says "
                             f"{sorted(language.fields(sentence))}")
            if any(conversion or spec for _, name, spec, conversion
                   in string.Formatter().parse(sentence) if name):
                wrong.append(f"{where}: a field with a conversion or a format: {sentence!r}")
    assert not wrong, "\n".join(wrong)


def _message(node):
    """The message of ``raise E(message)`` or ``warnings.warn(message, …)``, or None."""
    if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
        return node.exc.args[0]
    if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "warn" and node.args:
        return node.args[0]
    return None


def test_every_message_of_the_gate_is_said():
    """No message of robocourse/_checks.py is an English literal or an f-string: each goes
    through ``say`` (or is made by a function that does: ``_not_finite(say(…))``,
    ``overflow_error``)."""
    english = []
    for node in ast.walk(ast.parse(GATE.read_text(encoding="utf-8"))):
        message = _message(node)
        if isinstance(message, ast.Call) and getattr(message.func, "id", None) == "_not_finite":
            message = message.args[0]
        if isinstance(message, (ast.JoinedStr, ast.Constant)):
            text = ast.unparse(message)
            if not any(text.lstrip("f'\"").startswith(kept) for kept in FOR_THE_LIBRARY):
                english.append(f"_checks.py:{node.lineno}: {text[:80]}")
    assert not english, "\n".join(english)


def test_a_phrase_is_english_until_a_sentence_says_it():
    joints = check.ONE_PER_JOINT
    assert joints == "one per joint" and str(joints) == "one per joint"
    with language.using("zh_CN"):
        assert f"{joints}" == "每个关节一个"
        assert language.say("{name} must have {length} entries ({entries}); got {got}",
                            "errors", name="q", length=2, entries=joints, got=3) == \
            "q 应有 2 个元素（每个关节一个）；实际为 3 个"
    assert f"{joints}" == "one per joint"
    with pytest.raises(ValueError, match="^domain must be one of"):
        language.phrase("one per joint", "error")


def test_a_phrase_with_fields_is_english_and_said_in_the_language_of_each_sentence():
    """A phrase with fields (a reason kept to be said later) holds the English whatever the
    language it was made in, phrases in its fields too, and says them all when formatted."""
    with language.using("zh_CN"):
        inner = language.phrase("{construct} is not handled exactly", "errors", construct="Abs")
        outer = language.phrase("entry {cell}: {reason}", "errors", cell="[0, 1]", reason=inner)
        assert f"{outer}" == "元素 [0, 1]：Abs 无法精确处理"
    assert outer == str(outer) == f"{outer}" == "entry [0, 1]: Abs is not handled exactly"


# --- the contract in Chinese ----------------------------------------------------------------

def names(message, argument):
    """Whether ``message`` names ``argument`` as a whole name (not inside another: ``q`` is
    not in ``qd``), whatever the letters around it (Chinese ones are word characters)."""
    return re.search(r"(?<![A-Za-z0-9_.\[])" + re.escape(argument) + r"(?![A-Za-z0-9_\[])",
                     message) is not None


def english_prose(message, kept=()):
    """The runs of two or more English words in a row in ``message`` (its quoted strings,
    the texts ``kept`` and ``CODE_WORDS`` aside): prose a Chinese message should not hold."""
    text = message
    for part in kept:
        text = re.sub(r"(?<![A-Za-z])" + re.escape(part) + r"(?![A-Za-z])", " ", text)
    text = re.sub(r"'[^']*'|\"[^\"]*\"", " ", text)
    return [run.group() for run in re.finditer(r"[A-Za-z]{2,}(?: +[A-Za-z]{2,})+", text)
            if not set(run.group().split()) <= CODE_WORDS]


def chinese_contract_broken(message, argument, got=None):
    """What a Chinese ``message`` lacks of the contract (a list of reasons; empty if kept)."""
    reasons = []
    if not CHINESE.search(message):
        reasons.append("it is not Chinese")
    argument, got = SAID.get(argument, argument), SAID.get(got, got)
    if argument is not None and not names(message, argument):
        reasons.append(f"it does not name the argument {argument!r}")
    if got is not None and got not in message:
        reasons.append(f"it does not say what was got ({got!r})")
    prose = english_prose(message, [part for part in (argument, got) if part])
    if prose:
        reasons.append(f"it holds English prose {prose}")
    return reasons


def _raised(call, error=Exception):
    """The message of the error (or DegreesWarning) that ``call()`` raises under Chinese."""
    with language.using("zh_CN"), warnings.catch_warnings():
        warnings.simplefilter("error", check.DegreesWarning)
        try:
            call()
        except check.DegreesWarning as warning:
            return str(warning)
        except error as raised:
            return raised.args[0] if isinstance(raised, KeyError) else str(raised)
    raise AssertionError("no error raised")


#: (label, call, argument as the user passed it, the value shown as got)
GATE_CASES = [
    ("a number as text", lambda: rot_x("30deg"), "angle", "'30deg'"),
    ("a bool for a number", lambda: forward_kinematics(ARM, [0.0, True]), "q[1]", "True"),
    ("a complex number", lambda: check._scalar(1 + 2j, "m"), "m", "(1+2j)"),
    ("a sympy complex number", lambda: check._scalar(sp.I, "x"), "x", "I"),
    ("nan", lambda: forward_kinematics(ARM, [0.0, np.nan]), "q[1]", "nan"),
    ("sympy's infinity", lambda: check._scalar(sp.oo, "a"), "a", "oo"),
    ("an integer beyond floating point", lambda: check._scalar(10**400, "a"), "a", "401"),
    ("symbols where numbers are needed",
     lambda: check._scalar(sp.Symbol("t_f"), "duration", check.NUMBERS), "duration", "t_f"),
    ("a non-commutative symbol",
     lambda: check._scalar(sp.Symbol("A", commutative=False), "x"), "x", "A"),
    ("a symbol declared not real", lambda: check._scalar(sp.Symbol("z", real=False), "x"),
     "x", "z"),
    ("a vector of the wrong length", lambda: forward_kinematics(ARM, [0, 0, 0]), "q", "3"),
    ("None for a vector", lambda: forward_kinematics(ARM, None), "q", "None"),
    ("a set for a vector", lambda: check._vector({1.0, 2.0}, 2, "q"), "q", "{1.0, 2.0}"),
    ("a matrix for a vector", lambda: forward_kinematics(ARM, np.zeros((2, 2))), "q", "(2, 2)"),
    ("a sympy matrix for a vector", lambda: check._vector(sp.zeros(2, 2), 2, "q"), "q", "2x2"),
    ("an empty vector", lambda: check._vector([], None, "v"), "v", None),
    ("a matrix of the wrong shape", lambda: transform(np.eye(2), [0, 0, 0]), "R", "2x2"),
    ("None for a matrix", lambda: inverse_transform(None), "T", "None"),
    ("a scalar for a matrix", lambda: check._matrix(1.0, (3, 3), "R"), "R", None),
    ("a matrix that is not a rotation", lambda: check._rotation_matrix(2 * np.eye(3)), "R", "8"),
    ("a transform with a wrong last row", lambda: inverse_transform(LAST_ROW), "T",
     "[1.0, 0.0, 0.0, 1.0]"),
    ("a negative mass", lambda: Link(mass=-2.0), "mass", "-2.0"),
    ("a symbol declared negative",
     lambda: check._nonnegative(sp.Symbol("m", negative=True), "mass", "kg"), "mass", "m"),
    ("a duration of zero", lambda: check._positive(0.0, "duration", "s"), "duration", "0.0"),
    ("an empty array of gains", lambda: check._positive(np.array([]), "Kp", "N·m/rad"), "Kp",
     None),
    ("a link number out of range", lambda: check._link_number(3, 2), "link", "3"),
    ("a count too small", lambda: check._count(1, "points", 2), "points", "1"),
    ("a count too large", lambda: check._count(10**9, "samples", 1, 10**7), "samples",
     "1000000000"),
    ("an unknown choice", lambda: jacobian(ARM, Q, frame="world"), "frame", "'world'"),
    ("text for a flag", lambda: check._flag("no", "symbolic_lengths"), "symbolic_lengths",
     "'no'"),
    ("a number for a name", lambda: check._text(3, "name"), "name", "3"),
    ("a model function for a robot", lambda: forward_kinematics(planar_2r, Q), "robot",
     "planar_2r()"),
    ("text for a robot", lambda: forward_kinematics("2R", Q), "robot", "str"),
    ("a robot without masses", lambda: check._robot(SerialChain([Link()]), dynamics=True),
     "mass", None),
    ("a robot of symbols for numbers",
     lambda: check._robot(ARM, "controller", dynamics=True, numeric=True), "controller",
     "g, m1, m2"),
    ("a masked entry", lambda: forward_kinematics(ARM, np.ma.array(Q, mask=[False, True])),
     "q", "[1]"),
    ("angles in degrees", lambda: forward_kinematics(ARM, [90, 0]), "q", "[90, 0]"),
    ("an overflow", lambda: manipulability(HUGE, Q, rows=(0, 1)), "manipulability", "1e+200"),
    ("a joint numbered from 0",
     lambda: check.NumberedFromOne({(1, 1, 1): 0}, what="c[i, j, k]", n=1)[0, 0, 0],
     "c[i, j, k]", "(0, 0, 0)"),
    ("an array of the wrong dimension", lambda: check._array([[1.0, 2.0]], "W", 1), "W",
     "(1, 2)"),
    ("an empty array", lambda: check._array(np.zeros((0,)), "W", 1), "W", "(0,)"),
    ("an array with inf", lambda: check._values(np.array([0.0, np.inf]), "t"), "t[1]", "inf"),
    ("ragged values", lambda: check._values([[1.0], 2.0], "t"), "t", None),
    ("arrays that do not go together",
     lambda: check.together(theta0=[0.0, 0.0], thetaf=np.ones(3)), "thetaf", None),
    ("a time outside its interval", lambda: check._within(5.0, "t", 0, 2.0, "s"), "t", "5.0"),
    ("a class for an instance", lambda: check._instance(Box, Box, "body"), "body", "Box"),
    ("text for symbols", lambda: check._symbols("theta1", None, "q"), "q", "'theta1'"),
    ("a number for a symbol", lambda: check._symbols([x, 2], None, "q"), "q[1]", "2"),
    ("one symbol twice", lambda: check.distinct(q=[x], qd=[x], qdd=[y]), "qd", "x"),
    ("text for an expression", lambda: check._expression("x + 1", "value"), "value",
     "'x + 1'"),
    ("an equation for an expression", lambda: check._expression(sp.Eq(x, 1), "value"), "value",
     None),
    ("an infinite expression", lambda: check._expression(x + sp.oo, "value", finite=True),
     "value", None),
    ("text for a model", lambda: check._model("fast", ARM), "model", "'fast'"),
    ("a tuple for a friction", lambda: check._friction((0.1, 0.2), 2), "friction", "(0.1, 0.2)"),
    ("a friction pair that is not", lambda: check._friction_pair("x", 2), "friction", "'x'"),
    ("a negative tolerance", lambda: is_singular(ARM, Q, rows=(0, 1), tol=-1.0), "tol", "-1.0"),
    ("a bool for gravity", lambda: check._gravity(False, ARM, check.NUMBERS), "gravity",
     "False"),
    ("a number for gravity", lambda: check._gravity(9.81, ARM, check.NUMBERS), "gravity",
     "9.81"),
    ("gravity of 2 entries", lambda: check._gravity([0, -9.81], ARM, check.NUMBERS), "gravity",
     "2"),
    ("states of the wrong width", lambda: check._states(np.zeros((4, 3)), 2, "q"), "q",
     "(4, 3)"),
    ("states with nan", lambda: check._states(np.array([[0.0, np.nan]]), 2, "q"), "q", None),
    ("a wrench of 2 entries", lambda: check._wrench([1, 2], check.NUMBERS), "wrench", "2"),
    ("an unknown language", lambda: language.use("zh"), "language", "'zh'"),
    ("a number for a sentence", lambda: language.say(3, "widgets"), "english", "int"),
    ("viscous friction of the wrong length", lambda: check._friction_pair(([1.0], [1.0]), 2),
     "friction[0]", "1"),
]


@pytest.mark.parametrize("label, call, argument, got", GATE_CASES,
                         ids=[case[0] for case in GATE_CASES])
def test_under_chinese_the_gate_says_in_chinese_what_was_wrong(label, call, argument, got):
    message = _raised(call)
    assert not chinese_contract_broken(message, argument, got), \
        f"{'; '.join(chinese_contract_broken(message, argument, got))}: {message}"


def test_the_gate_speaks_english_again_outside_chinese():
    message = _raised(lambda: forward_kinematics(ARM, [0, 0, 0]))
    assert message == "q 应有 2 个元素（每个关节一个）；实际为 3 个"
    with pytest.raises(ValueError, match=r"^q must have 2 entries \(one per joint\); got 3$"):
        forward_kinematics(ARM, [0, 0, 0])


def test_the_chinese_contract_refuses_what_it_should():
    assert chinese_contract_broken("q must have 2 entries; got 3", "q", "3") == [
        "it is not Chinese", "it holds English prose ['must have']"]
    assert chinese_contract_broken("qd 应有 2 个元素；实际为 3 个", "q", "3") == [
        "it does not name the argument 'q'"]
    assert chinese_contract_broken("q 应有 2 个元素（one per joint）；实际为 3 个", "q") == [
        "it holds English prose ['one per joint']"]
    assert chinese_contract_broken("q 应为 sympy Symbol；实际为 'the joint'", "q",
                                   "'the joint'") == []


# --- the English tables of bad input, said again in Chinese -----------------------------------

def _english_cases():
    """{label: (call, argument, got)} of the cases of tests/test_bad_input*.py."""
    sys.path.insert(0, str(TESTS))
    try:
        found = {}
        for path in sorted(TESTS.glob("test_bad_input*.py")):
            module = importlib.import_module(path.stem)
            for table in vars(module).values():
                if isinstance(table, list) and table and all(
                        isinstance(case, tuple) and len(case) in (5, 6) and callable(case[1])
                        for case in table):
                    for case in table:
                        found[f"{path.stem}: {case[0]}"] = (case[1], case[3],
                                                            case[5] if len(case) == 6 else None)
        return found
    finally:
        sys.path.remove(str(TESTS))


def _raised_by_the_gate(call):
    """The message and whether the gate raised it (the innermost frame is _checks.py's)."""
    with language.using("zh_CN"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            call()
        except Exception as error:              # noqa: BLE001 - each table asserts its type
            frame = error.__traceback__
            while frame.tb_next is not None:
                frame = frame.tb_next
            message = error.args[0] if isinstance(error, KeyError) and error.args else error
            code = frame.tb_frame.f_code                  # not Python's own TypeError, which
            return str(message), (code.co_filename == str(GATE)     # the gate leaves to it
                                  and code.co_name != "checked")
    return None, False


def test_every_bad_input_of_the_english_tables_that_the_gate_refuses_is_refused_in_chinese():
    """The cases of tests/test_bad_input*.py again, under Chinese: each error the gate raises
    (the raise is in robocourse/_checks.py) is Chinese, names the argument and shows what was
    got, with no English prose (a part another module passes the gate is a ``phrase``)."""
    broken, gate = {}, 0
    for label, (call, argument, got) in _english_cases().items():
        message, by_the_gate = _raised_by_the_gate(call)
        if by_the_gate:
            gate += 1
            reasons = chinese_contract_broken(message, argument, got)
            if reasons:
                broken[label] = f"{'; '.join(reasons)}: {message}"
    assert gate > 200, gate
    assert not broken, "\n".join(f"{label}: {why}" for label, why in broken.items())
