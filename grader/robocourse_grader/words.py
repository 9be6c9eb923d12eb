"""The feedback page's own words in the student's language: the Jinja filter ``say`` of the
course's feedback template (``templates/feedback``, registered by ``nbgrader_config.py``).

The autograded notebook records the language its student's notebook speaks
(``preprocessors.notebook_language``, in the notebook's ``robocourse`` metadata); the
template passes it, so the page is in that language whatever the grader machine's is. The
template's sentences are in the catalogue ``feedback`` (``template_sayings``: `make
translations` finds them there, as ``language.sayings_in`` finds the code's).

>>> say_in("Your task", "zh_CN")
'你的任务'
>>> say_in("{score} of {points} points", "en", score=2, points=3)
'2 of 3 points'
"""

import re
from pathlib import Path

from robocourse import language
from robocourse.language import say

__all__ = ["say_in", "template_sayings", "TEMPLATES"]

#: The grader's templates (the feedback page).
TEMPLATES = Path(__file__).resolve().parent / "templates"
#: A sentence the template says: ``{{ 'English' | say(…) }}``.
_TEMPLATE_SAY = re.compile(r"\{\{\s*'((?:[^'\\]|\\.)*)'\s*\|\s*say\(")


def say_in(english, spoken="en", **fields):
    """``english`` (an entry of the catalogue ``feedback``) in the language ``spoken`` — one
    of ``language.LANGUAGES``; anything else (metadata a student changed) reads English."""
    with language.using(spoken if spoken in language.LANGUAGES else language.SOURCE):
        # the template's sentence, passed on (template_sayings finds it in the template)
        return say(english=english, domain="feedback", **fields)


def template_sayings():
    """{sentence: "file:line"} of every sentence the grader's templates pass to ``say``, the
    file relative to the grader's folder's parent.

    >>> template_sayings()["Your task"]
    'robocourse_grader/templates/feedback/index.html.j2:...'
    """
    found = {}
    for path in sorted(TEMPLATES.rglob("*.j2")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(TEMPLATES.parent.parent).as_posix()
        for match in _TEMPLATE_SAY.finditer(text):
            found.setdefault(match.group(1), f"{where}:{text.count(chr(10), 0, match.start()) + 1}")
    return found
