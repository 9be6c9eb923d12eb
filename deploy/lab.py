"""The course in JupyterLab for one person: what `make lab` and `make lab-instructor` open.

    python deploy/lab.py student    [--work DIR] [JupyterLab options ...]
    python deploy/lab.py instructor [JupyterLab options ...]

Run it with the course environment's Python (the Makefile uses .venv's).

``student`` is a student working alone: chapter 0 opens, with no instructor tools (nbgrader's
assignment editor, formgrader and course list), no assignment list (there is no class to
fetch from), no news pop-up. The student works in their own copy of the notebooks, ``--work``
(default ~/robocourse-notebooks), made on the first run from the checkout's chapters/,
exercises/ and the references the chapters link to; a later run copies in what the course
has added since and never overwrites a file of the student's. The checkout stays as git has
it, and a class is never made from a student's edits.

``instructor`` opens the checkout itself, with nbgrader's instructor tools (the formgrader,
the assignment editor) and the course's MathJax served for feedback and the formgrader.

Both take the same Jupyter settings as a class on JupyterHub (deploy/jupyter: common/, and
student/ for a student, with self-study/ on top).
"""

import argparse
import os
import pathlib
import shutil
import sys

import classroom

DEFAULT_WORK = pathlib.Path.home() / "robocourse-notebooks"
#: What a student's working folder holds: the notebooks, and what the chapters link to.
STUDENT_FILES = ("chapters", "exercises", "book/references.md")
FIRST_NOTEBOOK = "chapters/00_kinematics.ipynb"
SETTINGS = {"student": ("self-study", "student", "common"), "instructor": ("common",)}


def copy_missing(source, target):
    """Copy ``source`` (a file or a folder) to ``target``, file by file, skipping every file
    that is there already and Jupyter's checkpoints; returns the files copied."""
    source, target = pathlib.Path(source), pathlib.Path(target)
    files = [source] if source.is_file() else sorted(
        p for p in source.rglob("*") if p.is_file() and ".ipynb_checkpoints" not in p.parts)
    copied = []
    for file in files:
        copy = target / file.relative_to(source) if source.is_dir() else target
        if not copy.exists():
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(file, copy)
            copied.append(copy)
    return copied


def working_folder(work):
    """Make or bring up to date the student's working folder ``work``; says what it did."""
    work = pathlib.Path(work).expanduser().resolve()
    if work == classroom.CHECKOUT or classroom.CHECKOUT in work.parents:
        sys.exit(f"lab.py: --work must be a folder outside the course checkout "
                 f"{classroom.CHECKOUT} (it holds the student's own copies); got {work}")
    first = not work.exists()
    copied = [file for name in STUDENT_FILES
              for file in copy_missing(classroom.CHECKOUT / name, work / name)]
    if first:
        print(f"your own copy of the notebooks, to work in: {work}")
    elif copied:
        print(f"copied into {work} what the course added: "
              f"{', '.join(str(p.relative_to(work)) for p in copied)}")
    return work


def jupyter_settings(role):
    """JUPYTER_CONFIG_PATH of ``role``: the folders of deploy/jupyter, first wins."""
    return os.pathsep.join(str(classroom.CONFIG / folder) for folder in SETTINGS[role])


def command(role, work, options):
    """(argv, environment, folder to run in) of JupyterLab for ``role``."""
    folder = working_folder(work) if role == "student" else classroom.CHECKOUT
    if role == "instructor":
        classroom.install_node_packages()
        classroom.serve_course_files(sys.prefix)
    argv = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}",
            *(["--ServerApp.allow_root=True"] if os.geteuid() == 0 else []), *options]
    if role == "student":
        argv.append(FIRST_NOTEBOOK)
    environment = {**os.environ, "JUPYTER_CONFIG_PATH": jupyter_settings(role),
                   "PATH": f"{pathlib.Path(sys.executable).parent}{os.pathsep}"
                           f"{os.environ.get('PATH', '')}"}
    return argv, environment, folder


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0], allow_abbrev=False)
    parser.add_argument("role", choices=sorted(SETTINGS))
    parser.add_argument("--work", type=pathlib.Path, default=DEFAULT_WORK,
                        help="the student's working folder (outside the checkout)")
    args, options = parser.parse_known_args(argv)
    try:
        argv, environment, folder = command(args.role, args.work, options)
    except classroom.ClassError as error:
        sys.exit(f"lab.py {args.role}: {error}")
    os.chdir(folder)
    os.execve(argv[0], argv, environment)


if __name__ == "__main__":
    main()
