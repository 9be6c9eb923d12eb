"""The feedback page's own words in the student's language: the Jinja filter ``say`` of the
course's feedback template (``templates/feedback``, registered by ``nbgrader_config.py``).

The autograded notebook records the language its student's notebook speaks
(``preprocessors.notebook_language``, in the notebook's ``robocourse`` metadata); the
template passes it, so the page is in that language whatever the grader machine's is.

>>> say_in("Your task", "zh_CN")
'你的任务'
>>> say_in("{score} of {points} points", "en", score=2, points=3)
'2 of 3 points'
"""

from robocourse import language
from robocourse.language import say

__all__ = ["say_in"]


def say_in(english, spoken="en", **fields):
    """``english`` (an entry of the catalogue ``feedback``) in the language ``spoken`` — one
    of ``language.LANGUAGES``; anything else (metadata a student changed) reads English."""
    with language.using(spoken if spoken in language.LANGUAGES else language.SOURCE):
        return say(english, "feedback", **fields)
