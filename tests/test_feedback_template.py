"""The feedback page a student reads, as the course's nbgrader configuration renders it
(grader/robocourse_grader/templates): each exercise named with its points, once in the contents,
no "Test cell" or "Comment" entry, long verdicts wrapped, MathJax from the course's own
server and nothing from a CDN; the formgrader gets the same MathJax. Each verdict labelled by
its kind (wrong, not answered, over a limit, to review, the grader's error) without its
mistake code, and an untouched answer cell said as such, in the student's language."""

import pathlib
import re

import nbformat
import pytest
from nbconvert.exporters import HTMLExporter
from nbgrader.converters import GenerateFeedback
from traitlets.config.loader import PyFileConfigLoader

from robocourse.grading.exercises import ExerciseVerdict, headed
from robocourse.language import using
from robocourse_grader import preprocessors

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def course_config():
    """The settings of the course's nbgrader_config.py as ``nbgrader generate_feedback``
    completes them (its template and nbgrader's style sheets)."""
    config = PyFileConfigLoader(str(ROOT / "nbgrader_config.py")).load_config()
    return GenerateFeedback(config=config).config


def _cell(kind, source, **grading):
    cell = (nbformat.v4.new_code_cell if kind == "code" else nbformat.v4.new_markdown_cell)(
        source)
    if grading:
        cell.metadata["nbgrader"] = {"grade": False, "solution": False, "task": False,
                                     "locked": False, "schema_version": 3, **grading}
    return cell


def graded_notebook():
    """Two exercises, the second with two test cells; one answer with a comment, one
    verdict much longer than a line of the page."""
    verdict = "Wrong answer — Exercise 2: " + "the gravity term has the wrong sign; " * 12
    notebook = nbformat.v4.new_notebook(cells=[
        _cell("markdown", "## Exercise 1 — the torque $\\tau = J^T F$ (3 points)"),
        _cell("code", "tau = J.T @ F", grade_id="ex1_tau", solution=True, grade=False,
              comment="No response."),
        _cell("code", "checks.exercise_1(tau)", grade_id="ex1_tau_test", grade=True,
              points=3, score=2.0),
        _cell("code", "g = -9.81", grade_id="ex2_g", solution=True),
        _cell("code", "checks.exercise_2a(g)", grade_id="ex2_g_test", grade=True, points=2,
              score=2.0),
        _cell("code", "checks.exercise_2b(g)", grade_id="ex2_sign_test", grade=True,
              points=3, score=0.0)])
    notebook.cells[-1].outputs = [nbformat.v4.new_output("stream", name="stdout",
                                                         text=verdict)]
    return notebook


def render(config, template):
    exporter = HTMLExporter(config=config, template_name=template)
    resources = {"nbgrader": {"notebook": "ch9_test", "score": 4.0, "max_score": 8.0,
                              "late_penalty": 0}}
    html, _ = exporter.from_notebook_node(graded_notebook(), resources=resources)
    return html


def test_each_exercise_is_named_with_its_points_once_and_nothing_else(course_config):
    html = render(course_config, "feedback")
    contents = re.findall(r"<li><a href=\"#(\w+)\">([^<]+)</a> — ([^<]+)</li>", html)
    assert contents == [("ex1_tau_test", "Exercise 1", "2 of 3 points"),
                        ("ex2_g_test", "Exercise 2", "2 of 5 points")]
    assert "ch9_test: 4 of 8 points" in html
    labels = re.findall(r'<span class="nbgrader-label">([^<]+)</span>', html)
    assert labels == ["Your answer — Exercise 1", "Exercise 1", "Your answer — Exercise 2",
                      "Exercise 2", "Exercise 2"]
    assert "Test cell" not in html and ">Comment<" not in html
    assert "<b>Not answered:</b> this cell is as it was handed out." in html   # under its answer


def test_long_verdicts_wrap_and_equations_use_the_courses_mathjax(course_config):
    html = render(course_config, "feedback")
    assert re.search(r"div\.output_area pre[^{]*\{[^}]*white-space: pre-wrap", html)
    assert '"/static/mathjax/tex-svg.js"' in html
    loads = re.findall(r"""(?:src|href)\s*=\s*["'](?:https?:)?//[^"']*|url\(["']?https?:[^)]*""",
                       html)
    assert loads == [] and "cdnjs" not in html, loads


def test_the_formgrader_typesets_with_the_same_mathjax(course_config):
    """The formgrader's own template (nbgrader's 'formgrade') finds the course's MathJax
    macro first in the search path the configuration gives."""
    config = course_config.copy()
    html = HTMLExporter(config=config, template_name="formgrade").from_notebook_node(
        graded_notebook(), resources={"base_url": "/user/t", "notebook_id": "ch9_test",
                                      "index": 0, "total": 1})[0]
    assert '"/static/mathjax/tex-svg.js"' in html and "cdnjs" not in html


# --- what each verdict says, in the student's language --------------------------------------

#: A failure of each kind, by its mistake code, with the label the page gives it.
KINDS = {"term:h:sign": ("Wrong answer", "答案错误"),
         "follows:ex4": ("Wrong answer", "答案错误"),
         "no-answer": ("Not answered", "未作答"),
         "not-handed-over": ("Not answered", "未作答"),
         "too-slow": ("Over the time limit", "超出时间限制"),
         "timeout": ("Over the time limit", "超出时间限制"),
         "too-large": ("Over the memory limit", "超出内存限制"),
         "undecidable": ("For the instructor to review", "待教师复核"),
         "grader-error": ("Grader error", "评分程序出错")}


def verdicts_notebook(spoken):
    """An untouched answer cell (nbgrader's comment "No response.") and one test cell per
    kind of failure, its output the grader's verdict in the language ``spoken``."""
    cells = [_cell("code", "# tau = ...\nraise NotImplementedError()", grade_id="ex1_tau",
                   solution=True, comment="No response."),
             _cell("code", "g = 9.81", grade_id="ex1_g", solution=True,
                   comment="Mind the sign of gravity.")]
    with using(spoken):
        for number, code in enumerate(KINDS, start=1):
            cell = _cell("code", f"checks.exercise_{number}(tau)",
                         grade_id=f"ex{number}_test", grade=True, points=1, score=0.0)
            cell.outputs = [preprocessors._verdict_output(ExerciseVerdict.failed(
                headed(number, "x"), code))]
            cells.append(cell)
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata["robocourse"] = {"language": spoken}
    return notebook


@pytest.mark.parametrize("spoken", ["en", "zh_CN"])
def test_each_verdict_is_labelled_by_its_kind_in_the_students_language(course_config, spoken):
    exporter = HTMLExporter(config=course_config, template_name="feedback")
    html, _ = exporter.from_notebook_node(verdicts_notebook(spoken), resources={
        "nbgrader": {"notebook": "ch9_test", "score": 0.0, "max_score": 9.0,
                     "late_penalty": 0}})
    shown = re.findall(r'output_error">\s*<pre>\s*([^<]*)</pre>', html)
    english = spoken == "en"
    assert shown == [(f"{labels[0]} — Exercise {n}: x" if english else
                      f"{labels[1]}——练习 {n}：x")
                     for n, labels in enumerate(KINDS.values(), start=1)]
    assert not any(code in html for code in ("term:h", "follows:", "no-answer", "grader-error"))
    untouched = ("<b>Not answered:</b> this cell is as it was handed out." if english else
                 "<b>未作答：</b> 这个单元格与发下时相同。")
    assert untouched in html and "No response." not in html
    assert "Mind the sign of gravity." in html        # the instructor's own comment, as written


@pytest.mark.parametrize("spoken, said", [
    ("en", "Exercise 7: no answer was handed in (det_J0_3r is not defined: its answer cell "
           "raised an error or was not run)"),
    ("zh_CN", "练习 7：没有提交答案（det_J0_3r 未定义：它的答案单元格运行时出错了，"
              "或者没有运行）")])
def test_a_test_cell_whose_answer_is_not_defined_says_so_once(spoken, said):
    cell = nbformat.v4.new_code_cell("checks.exercise_7(det_J0_3r)", outputs=[
        nbformat.v4.new_output("error", ename="NameError",
                               evalue="name 'det_J0_3r' is not defined", traceback=[])])
    with using(spoken):
        assert preprocessors._no_answer(7, cell, 5, None) == said
