"""The course in JupyterLab for one person: what `make lab` and `make lab-instructor` open.

    python deploy/lab.py student    [--work DIR] [--language LANG] [JupyterLab options ...]
    python deploy/lab.py instructor [--language LANG] [JupyterLab options ...]

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

``--language`` is a locale name such as LANG holds (default: the environment's, LC_ALL, else
LC_MESSAGES, else LANG; `make lab` passes LANG, or LAB_LANGUAGE when set). Any Chinese
locale (``zh_CN``, ``zh_CN.UTF-8``, ``zh``, ...: the course has Simplified Chinese only)
opens the course in Chinese: the student starts in the Chinese chapter 0
(chapters/zh_CN/00_kinematics.ipynb, generated from the English by
tools/translate_notebooks.py), and JupyterLab's interface is Chinese (its zh-CN language
pack; the default of its Language setting, deploy/jupyter/interface-zh_CN: a student's own
choice in Settings → Language still wins). Anything else (``C.UTF-8``, ``en_GB``, none)
opens it in English, with JupyterLab's interface in English (interface-en). Both languages'
chapters are in the student's folder either way.
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
#: The notebook a student starts in, in each language of the course.
FIRST_NOTEBOOK = {"en": "chapters/00_kinematics.ipynb",
                  "zh_CN": "chapters/zh_CN/00_kinematics.ipynb"}
SETTINGS = {"student": ("self-study", "student", "common"), "instructor": ("common",)}
LANGUAGES = tuple(FIRST_NOTEBOOK)


def course_language(locale_name):
    """The course's language for a locale name as LANG holds it: 'zh_CN' for any Chinese,
    else 'en'.

    >>> [course_language(n) for n in ("zh_CN.UTF-8", "zh", "zh_TW", "C.UTF-8", "en_US", "")]
    ['zh_CN', 'zh_CN', 'zh_CN', 'en', 'en', 'en']
    """
    language = (locale_name or "").split(".")[0].split("@")[0].replace("-", "_")
    return "zh_CN" if language.lower().split("_")[0] == "zh" else "en"


def environment_locale(environ=os.environ):
    """The locale the environment asks for messages in (POSIX order: LC_ALL, LC_MESSAGES,
    LANG), or ''."""
    return next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG")
                 if environ.get(name)), "")


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


def jupyter_settings(role, language="en"):
    """JUPYTER_CONFIG_PATH of ``role`` in ``language``: the folders of deploy/jupyter, first
    wins (the interface's language first)."""
    folders = (f"interface-{language}", *SETTINGS[role])
    return os.pathsep.join(str(classroom.CONFIG / folder) for folder in folders)


def command(role, work, options, language="en"):
    """(argv, environment, folder to run in) of JupyterLab for ``role`` in ``language``."""
    folder = working_folder(work) if role == "student" else classroom.CHECKOUT
    if role == "instructor":
        classroom.install_node_packages()
        classroom.serve_course_files(sys.prefix)
    argv = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}",
            *(["--ServerApp.allow_root=True"] if os.geteuid() == 0 else []), *options]
    if role == "student":
        argv.append(FIRST_NOTEBOOK[language])
    environment = {**os.environ, "JUPYTER_CONFIG_PATH": jupyter_settings(role, language),
                   "PATH": f"{pathlib.Path(sys.executable).parent}{os.pathsep}"
                           f"{os.environ.get('PATH', '')}"}
    return argv, environment, folder


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0], allow_abbrev=False)
    parser.add_argument("role", choices=sorted(SETTINGS))
    parser.add_argument("--work", type=pathlib.Path, default=DEFAULT_WORK,
                        help="the student's working folder (outside the checkout)")
    parser.add_argument("--language", default=environment_locale(),
                        help="a locale name (LANG's form): Chinese ones open the course in "
                             "Chinese, others in English (default: the environment's)")
    args, options = parser.parse_known_args(argv)
    language = course_language(args.language)
    try:
        argv, environment, folder = command(args.role, args.work, options, language)
    except classroom.ClassError as error:
        sys.exit(f"lab.py {args.role}: {error}")
    os.chdir(folder)
    os.execve(argv[0], argv, environment)


if __name__ == "__main__":
    main()
