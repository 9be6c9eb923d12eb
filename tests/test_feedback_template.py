"""The feedback page a student reads, as the course's nbgrader configuration renders it
(grader/robocourse_grader/templates): each exercise named with its points, once in the contents,
no "Test cell" or "Comment" entry, long verdicts wrapped, MathJax from the course's own
server and nothing from a CDN; the formgrader gets the same MathJax."""

import pathlib
import re

import nbformat
import pytest
from nbconvert.exporters import HTMLExporter
from nbgrader.converters import GenerateFeedback
from traitlets.config.loader import PyFileConfigLoader

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
    verdict = "Wrong answer [sign]: Exercise 2: " + "the gravity term has the wrong sign; " * 12
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
    assert "No response." in html                    # the comment, under its answer


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
