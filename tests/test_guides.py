"""The documents agree with each other and with what runs: the README, the class guide
(deploy/README.md) and the book's instructor guide name the same assignments as solutions/
holds, say how grading works as the code does, and the guide's commands exist."""

import importlib.metadata
import pathlib
import re
import shutil

import pytest
from guide import instructor_steps

from robocourse_grader.report import english_assignment

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCUMENTS = {name: ROOT / name for name in ("README.md", "deploy/README.md",
                                           "book/instructors.md")}
#: The English assignments (each with a Chinese version, <assignment>_zh_CN, graded by the same
#: grader module: tests/test_chinese_exercises.py).
ASSIGNMENTS = sorted(p.name for p in (ROOT / "solutions").iterdir()
                     if p.is_dir() and english_assignment(p.name) == p.name)


def test_there_are_nine_assignments_one_per_chapter():
    chapters = sorted(p.stem for p in (ROOT / "chapters").glob("*.ipynb"))
    assert len(ASSIGNMENTS) == len(chapters) == 9
    assert [a.split("_")[0] for a in ASSIGNMENTS] == [f"ch{c[:2].lstrip('0') or '0'}"
                                                     for c in chapters]


@pytest.mark.parametrize("name", DOCUMENTS)
def test_each_document_names_every_assignment_and_no_other(name):
    # a Chinese version (ch0_kinematics_zh_CN) names its English assignment
    named = set(re.findall(r"\bch\d+_[a-z0-9_]*[a-z0-9]",
                           DOCUMENTS[name].read_text().replace("_zh_CN", "")))
    assert named == set(ASSIGNMENTS), (f"{name} names {sorted(named - set(ASSIGNMENTS))} "
                                       f"that are not assignments and leaves out "
                                       f"{sorted(set(ASSIGNMENTS) - named)}")


@pytest.mark.parametrize("name", DOCUMENTS)
def test_each_document_grades_with_robocourse_autograde_and_sandboxes_plain_nbgrader(name):
    text = " ".join(DOCUMENTS[name].read_text().split())
    assert "robocourse-autograde" in text
    for stale in ("runs student code as", "will replace", "stays blank",
                  "until the sandboxed grader"):
        assert stale not in text, f"{name} still says {stale!r}"
    plain = re.search(r"[Pp]lain `nbgrader autograde[^`]*`([^.]*)\.", text)
    assert plain and "same way" in plain.group(1), f"{name}: {plain and plain.group(0)}"


def test_every_command_of_the_guide_is_one_the_course_environment_has():
    """The guide's commands start with ``cd`` or a program of the environment: nbgrader's
    and the course's own console scripts (the class's terminal has them on PATH)."""
    steps = dict(instructor_steps())
    assert list(steps) == ["Prepare", "Release", "Collect", "Autograde", "Review",
                           "Return feedback", "Export grades"]
    scripts = {entry.name for entry in importlib.metadata.entry_points(group="console_scripts")}
    programs = {command.split()[0] for commands in steps.values() for command in commands}
    assert programs <= {"cd"} | scripts, programs - scripts
    assert "robocourse-autograde" in programs and shutil.which("robocourse-autograde")
