"""Per-student numbers: the student's id, and a random generator seeded from it.

While a student works on the class's JupyterHub, the id is the account they logged in
with (JupyterHub names it in ``JUPYTERHUB_USER``; nbgrader knows their submissions by
the same name), whatever ``STUDENT_ID`` says. Anywhere else (self-study, a notebook
handed out by e-mail) it is what they wrote in ``STUDENT_ID`` at the top of the
notebook (the release says ``"your-id"`` there, and nothing runs until it is
replaced). When a submission is graded, the grader knows whose submission it is
— the folder nbgrader collected it into — and hands that id to the sandboxed
kernel in the environment variable ``ROBOCOURSE_STUDENT``; the id the student
typed is then only compared with it (a note is printed if they differ). Nothing
the submission does (``os.chdir``, files) changes which numbers it is graded on:
the grader recomputes every number from the id it knows.
"""

import hashlib
import os

import numpy as np

from robocourse.language import say

__all__ = ["student_id", "student_rng", "PLACEHOLDER", "GRADED_STUDENT", "graded_student",
           "HUB_USER", "hub_student"]

#: What the released notebooks hold in STUDENT_ID until the student replaces it.
PLACEHOLDER = "your-id"
#: The environment variable through which the grader names the submission's student.
GRADED_STUDENT = "ROBOCOURSE_STUDENT"
#: The environment variable in which JupyterHub names the account a server runs for.
HUB_USER = "JUPYTERHUB_USER"

_current = {"id": None}


def graded_student():
    """The student whose submission is being graded, or ``None`` while a student works."""
    return os.environ.get(GRADED_STUDENT) or None


def hub_student():
    """The class account a student works in on JupyterHub, or ``None`` off the hub."""
    return os.environ.get(HUB_USER) or None


def student_id(entered=None):
    """The student's id: the graded submission's under autograding, else the hub account
    the student logged in with, else the one entered.

    >>> student_id(" s1234567 ")
    's1234567'
    >>> student_id("your-id")
    Traceback (most recent call last):
    ...
    AssertionError: STUDENT_ID is still "your-id": write your student id ...
    """
    graded, hub = graded_student(), hub_student()
    known = graded or hub
    if known is not None:
        if isinstance(entered, str) and entered.strip() not in ("", PLACEHOLDER, known):
            print(say("note: STUDENT_ID is {entered} but this submission belongs to "
                      "{known}; the numbers of {known} are used", "feedback",
                      entered=repr(entered.strip()), known=repr(known)) if graded else
                  say("note: STUDENT_ID is {entered} but you are logged in to the class as "
                      "{known}; the numbers of {known} are used", "feedback",
                      entered=repr(entered.strip()), known=repr(known)))
        _current["id"] = known
        return known
    if entered is None or not isinstance(entered, str) or not entered.strip():
        got = say("nothing", "feedback") if entered is None else f"{entered!r}"
        raise AssertionError(say("STUDENT_ID should be your student id, as a string such as "
                                 "\"s1234567\"; got {got}", "feedback", got=got))
    if entered.strip() == PLACEHOLDER:
        raise AssertionError(say("STUDENT_ID is still \"{placeholder}\": write your student id "
                                 "(as on the course list, e.g. \"s1234567\") in the first code "
                                 "cell, then run the notebook again from the top", "feedback",
                                 placeholder=PLACEHOLDER))
    _current["id"] = entered.strip()
    return _current["id"]


def current_student():
    """The id the notebook's setup cell established (``student_id`` was called), or None."""
    return graded_student() or _current["id"]


def student_rng(student):
    """A numpy random generator seeded from a student id (same id, same numbers).

    The grader calls it with the id it knows; a notebook calls it with
    ``student_id(STUDENT_ID)``.

    >>> int(student_rng("s1234567").integers(100)) == int(student_rng("s1234567").integers(100))
    True
    """
    if not isinstance(student, str) or not student.strip():
        raise ValueError(say("student should be a non-empty student id string; got "
                             "{student}", "feedback", student=repr(student)))
    digest = hashlib.sha256(student.strip().encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))
