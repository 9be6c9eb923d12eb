"""Write the Chinese versions of the graded exercises, ``solutions/<assignment>_zh_CN/``, from
the English instructor notebooks and one catalogue per assignment
(``book/locale/zh_CN/LC_MESSAGES/exercises/<assignment>.po``).

    python tools/translate_exercises.py --update-catalogues   # make translations
    python tools/translate_exercises.py                       # make exercises-zh
    python tools/translate_exercises.py --check               # exit 1 if one is out of date

A Chinese version is an nbgrader assignment of its own, ``<assignment>_zh_CN``, so that
nbgrader releases, collects and records it as it does the English one; it is the same
exercise set, graded alike:

* its notebook, ``solutions/<assignment>_zh_CN/<assignment>_zh_CN.ipynb``, is the English
  one with its Markdown translated (each paragraph, heading and table cell, cut as the
  book cuts a chapter: ``translate_notebooks.translate_markdown``) and what a student reads
  in its code cells translated — comments, and the prose of its string literals, what the
  cell prints (``code_strings``: the student's own numbers, "your target (x, y) = …") —
  outside ``### BEGIN SOLUTION`` … ``### END SOLUTION``; the code is otherwise the English
  code, every cell keeps its id and its nbgrader metadata (grade ids, points, locks), so
  the gradebook holds the same cells;
* its set-up cell (grade id ``setup``) first says ``language.use("zh_CN")``: the visible
  tests speak Chinese in the student's kernel, every hand-over records the language, and
  the grader writes that student's feedback in Chinese (``robocourse.language``);
* its ``grader.py`` is a symbolic link to the English one: the same hidden tests, seeded
  with the same secret (the module's text), on the same per-student numbers (drawn from
  the student's id alone), so a Chinese submission scores what its English twin scores.

Writing a version executes it (``tools/execute.py``: its stored outputs are the Chinese
visible-test verdicts nbval compares) and releases it with the README's command,
``nbgrader generate_assignment <assignment>_zh_CN --force``. A prose segment without a
current translation stops the generator, naming the assignment, the cell and the English.
"""

import argparse
import copy
import io
import json
import os
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import translate_notebooks as T
from build import library_catalogue, po_header, read_library_catalogue  # noqa: E402 (via T)

ROOT = T.ROOT
SOLUTIONS = ROOT / "solutions"
LANGUAGE = T.LANGUAGE
CATALOGUES = T.BOOK / "locale" / LANGUAGE / "LC_MESSAGES" / "exercises"
#: The first lines of a Chinese version's set-up cell.
SPEAKS = (f'from robocourse import language\n\nlanguage.use("{LANGUAGE}")   '
          "# 本笔记本说中文：检查结果与反馈都用中文\n\n")
SETUP = "setup"
#: The lines that open and close what nbgrader removes from a student version.
SOLUTION_REGION = re.compile(r"### (BEGIN|END) (SOLUTION|HIDDEN TESTS)")
COMMENT = re.compile(r"(#+\s*)(.*)", re.DOTALL)
#: The first lines of an assignment's catalogue (``{domain}``: the assignment).
CATALOGUE_HEADER = """\
# The exercises {domain} in Chinese: each paragraph, heading and table cell of the English
# notebook's Markdown (cut as the book cuts a chapter), and each comment and printed or drawn
# string a student reads in its code (keep every {{field}} and $formula$ of a string; one whose
# translation is its English stays as it is). `make translations` brings this catalogue up to
# date with the English notebook; `make exercises-zh` writes the Chinese version from it
# (tools/translate_exercises.py).
""" + po_header("robocourse exercises {domain}")


def assignments():
    """The English assignments: the folders of solutions/ that are not a translation."""
    return sorted(p.name for p in SOLUTIONS.iterdir()
                  if p.is_dir() and not p.name.endswith(f"_{LANGUAGE}"))


def chinese_assignment(assignment):
    return f"{assignment}_{LANGUAGE}"


def english_notebook(assignment):
    return SOLUTIONS / assignment / f"{assignment}.ipynb"


def chinese_notebook(assignment):
    name = chinese_assignment(assignment)
    return SOLUTIONS / name / f"{name}.ipynb"


def catalogue_path(assignment):
    return CATALOGUES / f"{assignment}.po"


def _comments(source):
    """``[(start, end, prefix, text)]``: the comments of ``source`` a student reads (outside
    the solution regions), as offsets into it; none when it is not Python."""
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    found, hidden = [], False
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return []
    for token in tokens:
        if token.type != tokenize.COMMENT:
            continue
        region = SOLUTION_REGION.search(token.string)
        if region:
            hidden = region.group(1) == "BEGIN"
            continue
        prefix, text = COMMENT.match(token.string).groups()
        if hidden or not T.is_prose(text):
            continue
        start = offsets[token.start[0] - 1] + token.start[1] + len(prefix)
        found.append((start, start + len(text), prefix, text))
    return found


def hidden_rows(source):
    """The line numbers (from 1) of ``source`` that a student never reads: the solution and
    hidden-test regions, with their opening and closing lines."""
    rows, hidden = set(), False
    for row, line in enumerate(source.split("\n"), start=1):
        region = SOLUTION_REGION.search(line)
        if region:
            hidden = region.group(1) == "BEGIN"
        if region or hidden:
            rows.add(row)
    return frozenset(rows)


def student_strings(source):
    """The English of the prose literals of ``source`` a student reads (``code_strings``,
    outside the solution regions), in order."""
    hidden = hidden_rows(source)
    try:
        found = T.code_strings.literals(source)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return []
    return [T.code_strings.message_id(text) for (row, _), _, text, prose in found
            if prose and row not in hidden]


def english_segments(notebook):
    """The English a translator translates, in order: each prose segment of the Markdown
    (its message id, as the book's), and each comment and prose string literal a student
    reads in the code."""
    found = []
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            found += [T.message_id(content) for *_, content in T.segments(source)
                      if T.is_prose(T.message_id(content))]
        elif cell["cell_type"] == "code":
            found += [text for *_, text in _comments(source)] + student_strings(source)
    return list(dict.fromkeys(found))


def translate_code(source, catalogue):
    """``source`` with each comment and prose string a student reads replaced by its
    translation; returns (text, number translated, [English of each without one])."""
    missing, comments = [], _comments(source)
    for start, end, _, text in reversed(comments):
        chinese = catalogue.get(text)
        if chinese is None:
            missing.append(text)
        else:
            source = source[:start] + chinese + source[end:]
    try:
        source, strings, unsaid = T.code_strings.translate_code(source, catalogue,
                                                                hidden_rows(source))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        strings, unsaid = 0, []
    return source, len(comments) - len(missing) + strings, missing[::-1] + unsaid


def translate_exercise(assignment, catalogue=None):
    """The Chinese instructor notebook of ``assignment`` (a notebook dictionary, without
    outputs) and the number of segments translated; raises ``MissingTranslation``."""
    english = english_notebook(assignment)
    if catalogue is None:
        catalogue = T.read_catalogue(catalogue_path(assignment))
    notebook = json.loads(english.read_text(encoding="utf-8"))
    chinese = copy.deepcopy(notebook)
    missing, translated = [], 0
    for index, cell in enumerate(chinese["cells"]):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            text, count, untranslated = T.translate_markdown(source, catalogue, deeper=False)
            translated += count
        elif cell["cell_type"] == "code":
            text, count, untranslated = translate_code(source, catalogue)
            translated += count
            if cell["metadata"].get("nbgrader", {}).get("grade_id") == SETUP:
                text = SPEAKS + text
            cell["outputs"], cell["execution_count"] = [], None
            cell["metadata"].pop("execution", None)
        else:
            continue
        missing += [(english.name, index, text_) for text_ in untranslated]
        cell["source"] = text.splitlines(keepends=True)
    if missing:
        raise T.MissingTranslation(missing)
    chinese["metadata"]["language"] = LANGUAGE
    chinese["metadata"]["robocourse"] = {"translated_from": english.relative_to(ROOT).as_posix()}
    return chinese, translated


def without_outputs(notebook):
    """A notebook dictionary as the generator writes it: no outputs, no execution counts."""
    notebook = copy.deepcopy(notebook)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
            cell["metadata"].pop("execution", None)
    notebook["metadata"].pop("widgets", None)
    return notebook


def is_current(assignment):
    """Whether the committed Chinese version of ``assignment`` is what the generator writes
    (its outputs aside: they come from executing it) and its grader the English one's."""
    path = chinese_notebook(assignment)
    grader = path.parent / "grader.py"
    if not path.exists() or not grader.is_symlink() or \
            grader.resolve() != (SOLUTIONS / assignment / "grader.py").resolve():
        return False
    committed = json.loads(path.read_text(encoding="utf-8"))
    fresh, _ = translate_exercise(assignment)
    return T.notebook_text(without_outputs(committed)) == T.notebook_text(fresh)


def write(assignment, release=True):
    """Write, execute and (``release``) release the Chinese version of ``assignment``."""
    sys.path.insert(0, str(ROOT / "tools"))
    from execute import execute

    chinese, translated = translate_exercise(assignment)
    path = chinese_notebook(assignment)
    path.parent.mkdir(exist_ok=True)
    grader = path.parent / "grader.py"
    if not grader.is_symlink():
        grader.symlink_to(Path("..") / assignment / "grader.py")
    path.write_text(T.notebook_text(chinese), encoding="utf-8")
    execute(path)
    if release:
        subprocess.run(["nbgrader", "generate_assignment", chinese_assignment(assignment),
                        "--force"], cwd=ROOT, check=True, env={
                            **os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                                  f"{os.environ['PATH']}"})
    return translated


def update_catalogues():
    """Bring each assignment's catalogue up to date with its English notebook, as the
    library's are (``build.library_catalogue``: a changed segment fuzzy with its old
    translation, a new one empty, one no longer there dropped)."""
    CATALOGUES.mkdir(parents=True, exist_ok=True)
    counts = {}
    for assignment in assignments():
        path, english = catalogue_path(assignment), english_notebook(assignment)
        segments = english_segments(json.loads(english.read_text(encoding="utf-8")))
        where = english.relative_to(ROOT).as_posix()
        path.write_text(library_catalogue(assignment, dict.fromkeys(segments, where),
                                          read_library_catalogue(path), CATALOGUE_HEADER),
                        encoding="utf-8")
        counts[assignment] = len(segments)
    return counts


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = arguments.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true",
                       help="write nothing; exit 1 if a Chinese version is out of date")
    group.add_argument("--update-catalogues", action="store_true",
                       help="bring the catalogues up to date with the English notebooks")
    arguments.add_argument("assignment", nargs="*", help="only these (default: all)")
    args = arguments.parse_args()
    chosen = args.assignment or assignments()
    try:
        if args.update_catalogues:
            for assignment, count in update_catalogues().items():
                print(f"{catalogue_path(assignment).relative_to(ROOT)}: {count} segments")
        elif args.check:
            stale = [a for a in chosen if not is_current(a)]
            if stale:
                sys.exit("out of date (run `make exercises-zh`): "
                         + ", ".join(chinese_assignment(a) for a in stale))
        else:
            for assignment in chosen:
                print(f"{chinese_assignment(assignment)}: {write(assignment)} segments "
                      "translated", flush=True)
    except T.MissingTranslation as error:
        sys.exit(f"translate_exercises.py: {error}")


if __name__ == "__main__":
    main()
