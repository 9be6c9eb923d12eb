"""What a student sees when their own code goes wrong before any check runs, in the
notebook's language: an answer name the test cell cannot find (its answer cell raised,
was left as the stub, was not run), and a full-width mark typed with a Chinese input method.

Chapter 7's released notebook, English and Chinese, its cells run as the student ran them
— once in IPython's own shell (in-process, both languages), once in a kernel as Run All
runs it (nbclient, the Chinese notebook) — with an answer cell typed with ``（`` and one
left as the stub.
"""

import pathlib
import re
import sys

import nbformat
import numpy as np
import pytest
from IPython.core.interactiveshell import InteractiveShell
from nbclient import NotebookClient

import robocourse.exercises
from robocourse import language
from robocourse.grading import input_method

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: What a student typed for exercise 4 with the input method in Chinese mode.
FULL_WIDTH = "ZZR1 = ZZ1 + l1**2 *（M2 + M3）"


def _released(assignment):
    return nbformat.read(ROOT / "exercises" / assignment / f"{assignment}.ipynb", 4)


def _cell(notebook, grade_id):
    cell, = (c for c in notebook.cells if c.metadata.get("nbgrader", {}).get("grade_id")
             == grade_id)
    return cell


@pytest.fixture
def shell():
    """A fresh IPython shell, taken away afterwards (with the notebook's language) so that
    no later test runs as if in a notebook."""
    InteractiveShell.clear_instance()
    shell = InteractiveShell.instance()
    try:
        yield shell
    finally:
        InteractiveShell.clear_instance()
        language.use("en")


def _student(shell, capsys, assignment, edits):
    """Run the released notebook's set-up as the student does (the exercise module imported
    afresh, as in a new kernel), then the cells ``edits`` names with the student's sources
    (None: the released one): ``{grade id: what the cell printed}``."""
    notebook = _released(assignment)
    with pytest.MonkeyPatch.context() as patch:
        patch.delitem(sys.modules, "robocourse.exercises.ch7_parameters", raising=False)
        patch.delattr(robocourse.exercises, "ch7_parameters", raising=False)
        return _cells(shell, capsys, notebook, edits)


def _cells(shell, capsys, notebook, edits):
    shell.run_cell('STUDENT_ID = "s1234567"')
    shell.run_cell(_cell(notebook, "setup").source)
    capsys.readouterr()
    said = {}
    for grade_id, source in edits.items():
        shell.run_cell(_cell(notebook, grade_id).source if source is None else source)
        said[grade_id] = re.sub(r"\x1b\[[0-9;]*m", "", capsys.readouterr().out)
    return said


@pytest.mark.parametrize("assignment, expected", [
    ("ch7_parameters", {
        "ex4_ZZR1": "line 1: " + FULL_WIDTH + "\n" + " " * 28 + "^^\n'（' (U+FF08) is a "
                    "full-width mark, typed by a Chinese input method: code needs the "
                    "half-width '(' there. Type it with the input method in English mode, "
                    "then run this cell again.\n",
        "ex4_ZZR1_test": "Exercise 4: ZZR1 is not defined: its answer cell above raised an "
                         "error (is it still the stub?), was not run, or assigns another "
                         "name. Make that cell assign ZZR1 and run without an error, then run "
                         "this one again.\n"}),
    ("ch7_parameters_zh_CN", {
        "ex4_ZZR1": "第 1 行：" + FULL_WIDTH + "\n" + " " * 29 + "^^\n“（”（U+FF08）是中文输入法"
                    "打出的全角符号，代码在这里要用半角的“(”。请切换到英文输入法重新输入它，再运行"
                    "本单元格。\n",
        "ex4_ZZR1_test": "练习 4：ZZR1 未定义：上方它的答案单元格运行时出错了（是否还是原来的占位"
                         "代码？）、还没有运行，或者赋值给了别的名字。请让那个单元格给 ZZR1 赋值、"
                         "运行不再出错，再重新运行本单元格。\n"}),
])
def test_a_full_width_mark_and_the_missing_answer_it_leaves_are_said_in_the_notebooks_language(
        shell, capsys, assignment, expected):
    said = _student(shell, capsys, assignment, {"ex4_ZZR1": FULL_WIDTH, "ex4_ZZR1_test": None})
    assert said == expected


@pytest.mark.parametrize("assignment, stub, typo, test", [
    ("ch7_parameters", "Exercise 6: meaning is not defined: its answer cell above raised",
     "Exercise 5: pi_hat is not defined", "ex5_pi_hat_test"),
    ("ch7_parameters_zh_CN", "练习 6：meaning 未定义：上方它的答案单元格运行时出错了",
     "练习 5：pi_hat 未定义", "ex5_pi_hat_test"),
])
def test_an_answer_left_as_the_stub_or_raising_is_not_defined_in_its_test_cell(
        shell, capsys, assignment, stub, typo, test):
    typed = ("W = np.column_stack([qdd, 9.81 * np.cos(q), -9.81 * np.sin(q), qd, "
             "np.sign(qd)])\npi_hat = np.linalg.lstsq(W, tua, rcond=None)[0]")
    said = _student(shell, capsys, assignment, {
        "ex5_numbers": None, "ex5_pi_hat": typed, test: None,
        "ex6_condition": None, "ex6_condition_test": None})
    assert "NameError: name 'tua' is not defined" in said["ex5_pi_hat"]   # their own code
    assert said[test].startswith(typo) and "Traceback" not in said[test]
    assert said["ex6_condition_test"].startswith(stub), said["ex6_condition_test"]
    assert said["ex6_condition_test"].count("\n") == 1


def test_another_syntax_error_or_name_error_is_shown_as_ipython_shows_it(shell, capsys):
    said = _student(shell, capsys, "ch7_parameters_zh_CN", {"ex4_ZZR1": "ZZR1 = (ZZ1 +",
                                                            "ex4_ZZR1_test": "ZZR2"})
    assert "SyntaxError" in said["ex4_ZZR1"] and "全角" not in said["ex4_ZZR1"]
    assert "NameError: name 'ZZR2' is not defined" in said["ex4_ZZR1_test"]


@pytest.mark.parametrize("typed, mark, wanted", [
    ("a ＝ 1", "＝", "="), ("x = [1，2]", "，", ","), ("def f(x)：\n    return x", "：", ":"),
    ('print(“hi”)', "“", '"'), ("s = 'a'；", "；", ";")])
def test_each_mark_an_input_method_types_is_named_with_its_half_width_one(typed, mark, wanted):
    with pytest.raises(SyntaxError) as raised:
        compile(typed, "<cell>", "exec")
    said = input_method.explained(raised.value)
    assert f"'{mark}' (U+{ord(mark):04X})" in said and f"half-width '{wanted}'" in said
    with language.using("zh_CN"):
        said = input_method.explained(raised.value)
    assert f"“{mark}”（U+{ord(mark):04X}）" in said and f"半角的“{wanted}”" in said


def test_a_full_width_letter_is_no_error_and_an_ascii_mistake_is_not_explained():
    compile("ｌ1 = 2", "<cell>", "exec")                # Python reads it as l1
    with pytest.raises(SyntaxError) as raised:
        compile("x = (1", "<cell>", "exec")
    assert input_method.explained(raised.value) is None


def test_in_a_kernel_run_all_shows_the_chinese_verdicts(tmp_path):
    notebook = _released("ch7_parameters_zh_CN")
    for cell in notebook.cells:
        if cell.cell_type == "code" and cell.source.startswith("STUDENT_ID"):
            cell.source = 'STUDENT_ID = "s1234567"'
    _cell(notebook, "ex4_ZZR1").source = FULL_WIDTH
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()

    def shown(grade_id):
        error, = [o for o in _cell(notebook, grade_id).outputs if o.output_type == "error"]
        return error.traceback

    assert shown("ex4_ZZR1")[0].startswith("第 1 行：")
    assert "“（”（U+FF08）是中文输入法打出的全角符号" in shown("ex4_ZZR1")[0]
    assert shown("ex4_ZZR1_test") == ["练习 4：ZZR1 未定义：上方它的答案单元格运行时出错了（是否"
                                      "还是原来的占位代码？）、还没有运行，或者赋值给了别的名字。请让"
                                      "那个单元格给 ZZR1 赋值、运行不再出错，再重新运行本单元格。"]
    assert shown("ex6_condition_test")[0].startswith("练习 6：meaning 未定义")


def test_a_line_full_of_full_width_commas_says_how_many_and_what_each_must_be():
    """The student who typed a list with the input method in Chinese mode (ex3_no_effect)."""
    typed = 'no_effect = ["XX1"，"XY1"，"XZ1"，"M1"]'
    with pytest.raises(SyntaxError) as raised:
        compile(typed, "<cell>", "exec")
    assert input_method.explained(raised.value).endswith(
        "then run this cell again. This line has 3 of them: each one outside a string must "
        "be ','.")
    with language.using("zh_CN"):
        said = input_method.explained(raised.value)
    assert said.endswith("再运行本单元格。这一行共有 3 个：字符串之外的每一个都要改成“,”。")


@pytest.mark.parametrize("assignment, said", [
    ("ch7_parameters", "Exercise 4: ZZR1 is not defined: its answer cell above raised an error "
                       "(is it still the stub?), was not run, or assigns another name."),
    ("ch7_parameters_zh_CN", "练习 4：ZZR1 未定义：上方它的答案单元格运行时出错了（是否还是原来的"
                             "占位代码？）、还没有运行，或者赋值给了别的名字。")])
def test_an_answer_assigned_under_another_name_is_not_defined_either(shell, capsys, assignment,
                                                                      said):
    shown = _student(shell, capsys, assignment, {"ex4_ZZR1": "ZZR_1 = ZZ1 + l1**2 * (M2 + M3)",
                                                 "ex4_ZZR1_test": None})
    assert shown["ex4_ZZR1"] == "" and shown["ex4_ZZR1_test"].startswith(said)



# Exercise 2 of chapter 1 as a student typed it: ``n_Next`` for ``n_next`` on one line.
def inward_step(R, P, f_next, n_next):
    f = R @ f_next
    n = R @ n_Next + np.cross(P, f)  # noqa: F821 - the student's typo
    return f, n


@pytest.mark.parametrize("spoken, said", [
    ("en", "raised NameError at line 3 of inward_step: n_Next is not defined (misspelt, or "
           "defined nowhere the function can see it)"),
    ("zh_CN", "在 inward_step 的第 3 行处抛出了 NameError：n_Next 未定义（名字拼错了，或者在函数能"
              "看到的地方没有定义它）")])
def test_a_misspelt_name_in_a_students_function_is_said_in_the_notebooks_language(spoken, said):
    from robocourse.exercises import ch1_statics
    from robocourse.grading.exercises import NotPassed

    with language.using(spoken), pytest.raises(NotPassed) as raised:
        ch1_statics.exercise_2(inward_step)
    assert said in str(raised.value), str(raised.value)
