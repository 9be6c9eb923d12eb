"""What the grading machinery itself says to a student is in the student's language: the
refusal of a library function an exercise switches off (its process names the refusal as
data, the grader says it and gives it its mistake code, ``library-route``), where in the
student's code an error was raised, and the notes the grader writes into a notebook's cells
(the kernel stopped, the output cut), in the language the notebook records.
"""

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from robocourse.grading import concepts, runner
from robocourse.grading.runner import LIBRARY_ROUTE, Runner, StudentCodeError
from robocourse.language import using
from robocourse_grader import preprocessors
from robocourse_grader.preprocessors import SandboxedExecute

SETUP = ("from robocourse.models import planar_2r\n"
         "from robocourse.kinematics import forward_kinematics")
#: An answer that takes the library's route to forward kinematics.
LIBRARY_ANSWER = "T = forward_kinematics(planar_2r(), [0.1, 0.2])"
#: An answer that raises the words of a refusal itself: no refusal for that.
FORGED_ANSWER = "raise AssertionError('forward_kinematics is switched off for this exercise')"


def _replayed(cells, language):
    """The replay's result of one group of answer ``cells`` with forward kinematics off,
    said in ``language``."""
    with using(language), Runner() as run:
        return run.replay(setup=SETUP, groups=[{
            "label": "exercise 1", "before": [], "cells": cells, "names": ["T"],
            "forbidden": ["forward kinematics"]}])[0]


@pytest.mark.parametrize(("language", "words"), [
    ("en", "forward_kinematics is switched off for this exercise, which asks you to derive "
           "forward kinematics yourself"),
    ("zh_CN", "forward_kinematics 在本练习中已关闭：正运动学要由你自己推导")])
def test_a_refusal_is_said_in_the_students_language_with_its_code(language, words):
    result = _replayed([LIBRARY_ANSWER], language)
    assert result["code"] == LIBRARY_ROUTE and words in result["error"], result
    assert ("line 1 of exercise 1, cell 1" if language == "en" else
            "exercise 1 第 1 个单元格的第 1 行") in result["error"]


def test_the_refusal_is_known_by_the_process_not_by_its_words():
    """An answer that raises a refusal's English itself is an answer that raised."""
    result = _replayed([FORGED_ANSWER], "en")
    assert result["code"] == "raised" and "switched off" in result["error"]


def test_a_function_that_calls_a_switched_off_one_fails_as_a_library_route():
    with using("zh_CN"), Runner() as run:
        run.start(program=[("fk", f"def fk():\n    {LIBRARY_ANSWER}\n    return T")], setup=SETUP,
                  function="fk", forbidden=["forward kinematics"])
        with pytest.raises(StudentCodeError) as raised:
            run.call("fk()")
    assert raised.value.code == LIBRARY_ROUTE
    assert "fk 的第 2 行" in str(raised.value) and "已关闭" in str(raised.value)


def test_every_concept_has_its_chinese_name():
    with using("zh_CN"):
        unnamed = [name for name in concepts.CONCEPTS if concepts.named(name) == name]
    assert not unnamed


def test_a_forged_said_error_is_said_as_sent():
    """The student's process may send anything: a ``said`` that is not one the grader knows
    (another key, other fields) is ignored, the message read as it came."""
    for said in (["refused", {"function": "x"}], ["unknown", {}], "refused", ["refused", []]):
        error = {"type": "AssertionError", "message": "m", "where": None, "said": said}
        assert runner._code(error) == "raised" and runner._message(error) == "m"


def _executor(language, cells=1):
    executor = SandboxedExecute()
    executor.nb = new_notebook(cells=[new_code_cell("x = 1") for _ in range(cells)])
    executor.resources, executor.spoken = {}, language
    return executor


@pytest.mark.parametrize(("language", "here", "earlier"), [
    ("en", "the kernel stopped responding while running this cell",
     "the kernel stopped responding while running an earlier cell"),
    ("zh_CN", "内核在运行这个单元格时停止了响应", "内核在运行前面的一个单元格时停止了响应")])
def test_the_kernel_stopped_note_is_in_the_notebooks_language(language, here, earlier):
    executor = _executor(language)
    executor._record_end(0, "KernelDied", preprocessors._kernel_end(None))
    assert executor.nb.cells[0].outputs[0].evalue == here
    died = executor.resources["robocourse"]["kernel_died"]
    assert died["reason"] == here and died["earlier"] == earlier
    with using(language):
        said = preprocessors._no_answer(2, new_code_cell(), 1, died)
    assert earlier in said


def test_the_output_cut_note_is_in_the_notebooks_language():
    executor = _executor("zh_CN")
    executor._notebook_bytes, executor._notebook_cut = 0, False
    executor.notebook_output_bytes = 10
    outputs = []
    assert not executor._spend(outputs, 0, 11)
    assert outputs[0].text == "【输出已截断：本笔记本的输出超过了 10 字节，之后的输出全部丢弃】\n"
    assert nbformat.validate(executor.nb) is None


def test_the_guards_refusal_is_said_in_the_students_language():
    """Reading the library's code while checked is refused by the student's process; the
    grader says so in the student's language."""
    with using("zh_CN"), Runner() as run, pytest.raises(StudentCodeError) as raised:
        run.start(program=[("peek", "import robocourse\nopen(robocourse.__file__)")],
                  setup=SETUP, forbidden=["forward kinematics"])
    assert "open" in str(raised.value) and "检查你的代码期间不允许这样做" in str(raised.value)
