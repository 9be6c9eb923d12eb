"""The Chinese versions of the graded exercises (tools/translate_exercises.py): every
assignment has one, generated from the English notebook and its catalogue (the committed one
is what the generator writes; nbgrader's release of it is checked with every assignment's in
tests/test_exercises.py); the prose a student reads is Chinese, the code and the cells the
English ones, the grader the English one's; the library's feedback catalogue is complete.

And the person's path: one student hands in chapter 1 in English and in Chinese, the same
answers with the same mistake; ``robocourse-autograde`` grades both in one batch, sandboxed —
the same points, the mistake under the same code, the Chinese feedback in Chinese (the
verdicts and the feedback page), and one class report in the instructor's language that
counts the mistake twice.
"""

import collections
import csv
import io
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tokenize

import nbformat
import pytest
from nbgrader.api import Gradebook

from robocourse_grader import report, sandbox

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import translate_exercises as X  # noqa: E402
from build import library_catalogue, library_sentences, read_library_catalogue  # noqa: E402

ENGLISH = X.assignments()
IDS = ENGLISH
CJK = re.compile(r"[\u3400-\u9fff]")
#: What a translation must keep exactly: formulas and code spans.
KEPT = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|`[^`]*`", re.DOTALL)
ENVIRONMENT = {**os.environ,
               "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}


def _notebook(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_assignment_has_its_chinese_version_and_no_other():
    assert len(ENGLISH) == 9
    for folder in ("solutions", "exercises"):
        chinese = sorted(p.name for p in (ROOT / folder).iterdir()
                         if p.is_dir() and p.name.endswith("_zh_CN"))
        assert chinese == [X.chinese_assignment(a) for a in ENGLISH], folder


@pytest.mark.parametrize("assignment", ENGLISH)
def test_the_chinese_version_is_what_the_generator_writes(assignment):
    """A changed English notebook or catalogue needs the Chinese version regenerated
    (`make exercises-zh`), as a stale student version fails tests/test_exercises.py."""
    assert X.is_current(assignment), (f"{X.chinese_assignment(assignment)} is out of date: "
                                      "run `make exercises-zh` (after `make translations` and "
                                      "translating book/locale/zh_CN/LC_MESSAGES/exercises)")


@pytest.mark.parametrize("assignment", ENGLISH)
def test_the_catalogue_is_the_english_notebooks_and_complete(assignment):
    from babel.messages.pofile import read_po

    with X.catalogue_path(assignment).open("rb") as handle:
        catalogue = [m for m in read_po(handle) if m.id]
    english = X.english_segments(_notebook(X.english_notebook(assignment)))
    assert [m.id for m in catalogue] == english, "run `make translations`"
    assert not [m.id for m in catalogue if not m.string or m.fuzzy]


@pytest.mark.parametrize("assignment", ENGLISH)
def test_a_translation_keeps_the_formulas_and_the_code_of_its_english(assignment):
    from babel.messages.pofile import read_po

    with X.catalogue_path(assignment).open("rb") as handle:
        changed = [m.id for m in read_po(handle) if m.id and
                   collections.Counter(KEPT.findall(m.id)) !=
                   collections.Counter(KEPT.findall(m.string))]
    assert not changed, changed[:3]


def _code(source, catalogue=None):
    """The code of a cell without its comments (the tokens); with ``catalogue``, each prose
    string a student reads (outside the solution regions: what the cell prints) as its
    translation."""
    hidden = X.hidden_rows(source)
    read = {start for start, _, _, prose in X.T.code_strings.literals(source)
            if prose and start[0] not in hidden} if catalogue is not None else set()
    C = X.T.code_strings
    return [(t.type, C.translated(t.string, catalogue[C.message_id(t.string)])
             if t.start in read else t.string)
            for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type not in (tokenize.COMMENT, tokenize.NL)]


@pytest.mark.parametrize("assignment", ENGLISH)
def test_the_cells_and_the_code_are_the_english_ones(assignment):
    """Same cells in the same order (ids, types, nbgrader metadata: the gradebook's cells);
    each code cell the English code, comments and the prose of the strings a student reads
    aside (their translations), the set-up cell speaking Chinese first."""
    catalogue = X.T.read_catalogue(X.catalogue_path(assignment))
    en = _notebook(X.english_notebook(assignment))
    zh = _notebook(X.chinese_notebook(assignment))
    assert [(c["cell_type"], c.get("id"), c["metadata"].get("nbgrader")) for c in en["cells"]] \
        == [(c["cell_type"], c.get("id"), c["metadata"].get("nbgrader")) for c in zh["cells"]]
    for en_cell, zh_cell in zip(en["cells"], zh["cells"], strict=True):
        if en_cell["cell_type"] != "code":
            continue
        source = "".join(zh_cell["source"])
        if zh_cell["metadata"].get("nbgrader", {}).get("grade_id") == X.SETUP:
            assert source.startswith(X.SPEAKS)
            source = source[len(X.SPEAKS):]
        assert _code(source) == _code("".join(en_cell["source"]), catalogue)
    assert zh["metadata"]["language"] == "zh_CN"
    grader = X.chinese_notebook(assignment).parent / "grader.py"
    assert grader.is_symlink() and grader.resolve() == \
        (ROOT / "solutions" / assignment / "grader.py").resolve()


def _words(segment):
    """A segment without its formulas and code; none in a piece of a formula that Markdown
    cut at a line break (a ``$`` left unpaired: ch3's line F)."""
    words = KEPT.sub("", segment)
    return "" if "$" in words else words


@pytest.mark.parametrize("assignment", ENGLISH)
def test_what_a_student_reads_is_chinese(assignment):
    """Every prose segment of the Markdown holds Chinese, and so does every visible-test
    verdict the executed Chinese notebook stores (all of them passed: a check that reads
    feedback text, not codes, would fail in Chinese)."""
    cells = _notebook(X.chinese_notebook(assignment))["cells"]
    english_left = [content for cell in cells if cell["cell_type"] == "markdown"
                    for *_, content in X.T.segments("".join(cell["source"]))
                    if X.T.is_prose(_words(content)) and not CJK.search(content)]
    assert not english_left, english_left[:3]
    verdicts = ["".join(o.get("text", "")) for cell in cells
                if cell["metadata"].get("nbgrader", {}).get("grade")
                for o in cell.get("outputs", []) if o.get("output_type") == "stream"]
    assert verdicts and all(CJK.search(v) for v in verdicts), verdicts[:2]
    failed = [o.get("evalue") for cell in cells for o in cell.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not failed, f"the solution fails its visible tests in Chinese: {failed[:2]}"
    released = (ROOT / "exercises" / X.chinese_assignment(assignment) /
                X.chinese_notebook(assignment).name).read_text(encoding="utf-8")
    assert "在这里写你的代码" in released and "YOUR CODE HERE" not in released


def test_every_sentence_of_the_grader_has_a_current_chinese_translation():
    """Every sentence the grading core, the grader and the feedback page say is in
    robocourse/locale/zh_CN/LC_MESSAGES/feedback.po, translated, with the same {fields}
    (that it is in `make translations` form: tests/test_book_chinese.py)."""
    from robocourse import language

    sentences = library_sentences("feedback")
    assert len(sentences) > 100
    assert language.gaps(sentences, "feedback", "zh_CN") == []


# --- the person's path: one student, the same answers in both languages ------------------

ASSIGNMENT = "ch1_statics"
CHINESE = X.chinese_assignment(ASSIGNMENT)
STUDENT = "s7654321"
#: Exercise 1's answer with its tip moment left out: the same mistake in both languages.
WRONG = ("ex1_tau_tool", "tau_tool = sp.Matrix([l1 * (fx * sp.sin(theta2) + fy * sp.cos(theta2))"
                         " + l2 * fy, l2 * fy])")


def _submission(course, assignment):
    """The release of ``assignment`` filled in as the student would: the solution's answers,
    exercise 1's wrong (``WRONG``), the student's id."""
    release = nbformat.read(course / "exercises" / assignment / f"{assignment}.ipynb", 4)
    solution = nbformat.read(course / "solutions" / assignment / f"{assignment}.ipynb", 4)
    answers = {c.metadata["nbgrader"]["grade_id"]: c.source for c in solution.cells
               if c.metadata.get("nbgrader", {}).get("solution")}
    answers[WRONG[0]] = WRONG[1]
    for cell in release.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in answers:
            cell.source = "\n".join(line for line in answers[grade_id].split("\n")
                                    if "### " not in line)
        elif cell.cell_type == "code" and cell.source.startswith("STUDENT_ID"):
            cell.source = f'STUDENT_ID = "{STUDENT}"'
    path = course / "grading" / "submitted" / STUDENT / assignment / f"{assignment}.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(release, path)


def _run(course, *args):
    result = subprocess.run([sys.executable, "-m", *args], cwd=course, capture_output=True,
                            text=True, timeout=1200, env=ENVIRONMENT)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    return result


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """Chapter 1 in English and in Chinese, released; the student's two submissions graded
    in one batch (the class report in Chinese); the Chinese feedback page generated."""
    if sandbox.available() is not None:
        pytest.skip(f"no sandbox here: {sandbox.available()}")
    course = tmp_path_factory.mktemp("bilingual-course")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    (course / "solutions").mkdir()
    shutil.copy(ROOT / "solutions" / "hidden.zh_CN.po", course / "solutions")  # as a checkout has
    for assignment in (ASSIGNMENT, CHINESE):
        shutil.copytree(ROOT / "solutions" / assignment, course / "solutions" / assignment,
                        ignore=shutil.ignore_patterns("__pycache__"))
    _run(course, "nbgrader", "generate_assignment", "*", "--force")
    for assignment in (ASSIGNMENT, CHINESE):
        _submission(course, assignment)
    _run(course, "robocourse_grader.autograde", "*", "--create", "--no-progress",
         "--language=zh_CN", "--ParallelAutograde.canary=False")
    _run(course, "nbgrader", "generate_feedback", CHINESE)
    return course


def _graded(course, assignment):
    """``{exercise: (score, code, verdict)}`` of the student's autograded notebook."""
    with Gradebook(f"sqlite:///{course / 'grading' / 'gradebook.db'}") as gradebook:
        scores = {g.name: g.auto_score for g in
                  gradebook.find_submission_notebook(assignment, assignment, STUDENT).grades}
    path = course / "grading" / "autograded" / STUDENT / assignment / f"{assignment}.ipynb"
    return {cell.metadata["robocourse"]["exercise"]: (
                scores[cell.metadata["nbgrader"]["grade_id"]],
                cell.metadata["robocourse"]["code"],
                " ".join(o.get("evalue", "") + o.get("text", "") for o in cell.outputs))
            for cell in nbformat.read(path, as_version=4).cells
            if "robocourse" in cell.metadata}


def test_the_chinese_submission_scores_what_its_english_twin_scores(course):
    english, chinese = _graded(course, ASSIGNMENT), _graded(course, CHINESE)
    assert {n: (score, code) for n, (score, code, _) in chinese.items()} == \
        {n: (score, code) for n, (score, code, _) in english.items()}
    assert english[1][0] == 0 and english[1][1] != "passed"
    assert all(english[n][1] == "passed" for n in english if n != 1)


def test_the_chinese_feedback_is_chinese_and_the_english_english(course):
    english, chinese = _graded(course, ASSIGNMENT), _graded(course, CHINESE)
    assert chinese[1][2].startswith("练习 1：") and "不对" in chinese[1][2], chinese[1][2]
    assert chinese[2][2].startswith("练习 2：全部测试通过。")
    assert not any(CJK.search(verdict) for _, _, verdict in english.values())
    assert english[1][2].startswith("Exercise 1: ")


def test_the_feedback_page_speaks_the_students_language(course):
    page = (course / "grading" / "feedback" / STUDENT / CHINESE /
            f"{CHINESE}.html").read_text(encoding="utf-8")
    assert "你的答案——练习 1" in page and re.search(r"\d+ / \d+ 分", page)
    assert "Your answer" not in page and " points" not in page


def test_one_class_report_counts_the_mistake_in_both_languages(course):
    """The report of chapter 1 counts both submissions, by code, in the instructor's
    language (here Chinese): the same mistake twice, under its one code."""
    code = _graded(course, ASSIGNMENT)[1][1]
    with open(course / "grading" / "reports" / f"{ASSIGNMENT}.csv", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    assert rows[0] == ["练习", "结果", "学生人数"]
    assert ["1", code, "2"] in rows and ["2", "passed", "2"] in rows
    assert not (course / "grading" / "reports" / f"{CHINESE}.csv").exists()


def test_the_report_names_an_assignment_and_its_versions():
    assert report.versions(CHINESE) == [ASSIGNMENT, CHINESE]
    assert report.english_assignment(CHINESE) == report.english_assignment(ASSIGNMENT) == \
        ASSIGNMENT


# --- the grading core in both languages ---------------------------------------------------

def _mistake(check):
    from robocourse.grading.checks import Mistake

    with pytest.raises(Mistake) as raised:
        check()
    return raised.value.code, str(raised.value)


@pytest.mark.parametrize("wrong", ["missing Coriolis, wrong gravity", "no tip moment", "None",
                                   "numbers off", "wrong shape"])
def test_a_mistake_has_one_code_in_both_languages_and_the_students_words(wrong):
    """The same wrong answer: the same code (the first of several kinds of wrong terms too,
    which are named in the order of their English names), the feedback in the language in
    use."""
    import sympy as sp

    from robocourse import language
    from robocourse.grading.checks import case, check_expression, check_number

    t1, t2, t1d, t2d, g, m, l, nz = sp.symbols("theta1 theta2 thetadot1 thetadot2 g m l nz")
    tau = m * l**2 * t1d * t2d + m * g * l * sp.cos(t1) + nz
    checks = {
        "missing Coriolis, wrong gravity": lambda: check_expression(
            -m * g * l * sp.cos(t1) + nz, tau, "tau"),
        "no tip moment": lambda: check_expression(tau - nz, tau, "tau", markers=[nz]),
        "None": lambda: check_expression(None, tau, "tau"),
        "numbers off": lambda: check_number([1.0, 2.0, 3.0], [1.0, 2.5, 3.0], "q", unit="rad"),
        "wrong shape": lambda: check_number([1.0, 2.0], [1.0, 2.0, 3.0], "q"),
    }
    def in_case():
        with case("θ₂ = 0 时"):
            checks[wrong]()

    english = _mistake(checks[wrong])
    with language.using("zh_CN"):
        chinese = _mistake(in_case)
    assert chinese[0] == english[0]
    assert not CJK.search(english[1]) and chinese[1].startswith("θ₂ = 0 时：")
    assert CJK.search(chinese[1][len("θ₂ = 0 时："):]), chinese[1]


def test_the_notebooks_language_is_its_hand_overs_never_the_machines(monkeypatch):
    """The grader writes a notebook's feedback in the language its hand-overs record (a
    language outside language.LANGUAGES is no valid hand-over), else the notebook's own
    metadata's, else English — whatever LANG the grader machine has."""
    from robocourse.grading import handover
    from robocourse_grader.preprocessors import notebook_language

    monkeypatch.setenv("LANG", "zh_CN.UTF-8")

    def notebook(language=None, metadata=None):
        cell = nbformat.v4.new_code_cell("checks.exercise_1(x)", metadata={
            "nbgrader": {"grade": True, "grade_id": "ex1_test", "points": 1}})
        payload = {"assignment": "ch1_statics", "exercise": 1, "answers": {}}
        if language is not None:
            payload["language"] = language
        cell.outputs = [nbformat.v4.new_output("display_data",
                                               data={handover.MIME_TYPE: payload})]
        return nbformat.v4.new_notebook(cells=[cell], metadata=metadata or {})

    assert notebook_language(notebook("zh_CN")) == "zh_CN"
    assert notebook_language(notebook()) == "en"
    assert notebook_language(notebook("fr")) == "en"
    assert notebook_language(notebook("fr", {"language": "zh_CN"})) == "zh_CN"
    assert notebook_language(notebook("en", {"language": "zh_CN"})) == "en"
    with pytest.raises(handover.HandoverError, match="language: expected one of 'en', "):
        handover.check_payload({"assignment": "a", "exercise": 1, "language": "zh",
                                "answers": {}})


def test_the_tools_examples():
    import doctest

    assert doctest.testmod(X).failed == 0


def test_no_shared_cache_keeps_feedback_in_one_language():
    """A check's known mistakes and messages are said in the student's language when they
    are made: a function that makes them is cached per language (``language.cached``),
    never by ``functools`` alone, which would give every later student the first one's."""
    import ast

    sources = sorted((ROOT / "robocourse" / "exercises").glob("ch*.py")) + sorted(
        p for p in (ROOT / "solutions").glob("*/grader.py") if not p.is_symlink())
    shared = []
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and any(
                    "functools" in ast.unparse(d) for d in node.decorator_list):
                said = {n.func.id for n in ast.walk(node) if isinstance(n, ast.Call)
                        and isinstance(n.func, ast.Name)} & {"Known", "Mistake", "say"}
                if said:
                    shared.append(f"{path.relative_to(ROOT)}: {node.name} ({sorted(said)})")
    assert not shared, shared


def test_a_changed_english_segment_keeps_its_old_translation_as_fuzzy(tmp_path):
    """`make translations` on a changed segment: fuzzy, the old translation as a start (as
    the library's catalogues); a new one empty; one gone dropped. A fuzzy entry is no
    translation: the generator then stops, naming the English."""
    path = tmp_path / "exercise.po"
    path.write_text('msgid "The arm holds still."\nmsgstr "机械臂保持静止。"\n\n'
                    'msgid "Gone."\nmsgstr "没了。"\n', encoding="utf-8")
    new = "A sentence nobody has translated yet, about the gripper."
    path.write_text(library_catalogue("exercise", {"The arm holds still!": "a.ipynb",
                                                   new: "a.ipynb"},
                                      read_library_catalogue(path), X.CATALOGUE_HEADER),
                    encoding="utf-8")
    assert read_library_catalogue(path) == {"The arm holds still!": ("机械臂保持静止。", True),
                                            new: ("", False)}
    _, _, missing = X.T.translate_markdown("The arm holds still!\n", X.T.read_catalogue(path),
                                           deeper=False)
    assert missing == ["The arm holds still!"]
