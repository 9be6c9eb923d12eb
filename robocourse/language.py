"""The language of what the course says to a student: English (the source) or Chinese.

Everything the library writes for a student to read — a figure's title, labels and legend,
a printed result, a widget's controls, a grader's verdict and its feedback — is written in
English in the code and passed through ``say``, which looks the English up in the
catalogue of the language in use::

    robocourse/locale/<language>/LC_MESSAGES/<domain>.po

one gettext catalogue per audience (``domain``: ``"chapters"`` for what the chapters draw
and print, ``"feedback"`` for the grader's words, ``"exercises"`` for what the visible tests
of the exercises say of an answer, ``"hidden"`` for what the hidden tests say). A sentence
with ``{names}`` is looked up first and filled in after, so the translation places the
numbers itself. An entry that is missing, empty or fuzzy reads in English (the tests keep
the catalogues complete).

The hidden tests are the instructor's (``solutions/``, never released): their sentences
would give them away, so their catalogue is not the library's but lives beside them, and
the hidden tests ``locate`` it (``solutions/hidden.<language>.po``).

The language is chosen by the notebook, never by the machine it runs on: a Chinese
notebook's first code cell calls ``use("zh_CN")``; a grader renders a student's feedback
``with using(language)`` of that student's notebook. Python code that is not a notebook
reads English unless it says otherwise.

>>> say("{n} solutions", n=8)
'8 solutions'
>>> with using("zh_CN"):
...     current()
'zh_CN'
>>> current()
'en'
"""

import contextlib
import contextvars
import functools
from pathlib import Path

#: The languages a student can work in: English, the source, and Chinese.
LANGUAGES = ("en", "zh_CN")
SOURCE = "en"
#: The catalogues: what the chapters draw and print, what the grader says, what the
#: visible tests of the exercises (robocourse/exercises) and their hidden tests
#: (solutions/*/grader.py) say of an answer.
DOMAINS = ("chapters", "feedback", "exercises", "hidden")
LOCALE = Path(__file__).resolve().parent / "locale"
#: {domain: where its catalogues are, a path with a ``{language}`` field}: the domains whose
#: catalogues are not the library's (``locate``).
_ELSEWHERE = {}

_chosen = SOURCE                                    # use(): the notebook's choice
_override = contextvars.ContextVar("robocourse_language", default=None)   # using()


def _one_of(value, name, options):
    if not isinstance(value, str) or value not in options:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, options))}; "
                         f"got {value!r}")
    return value


def _checked(language):
    return _one_of(language, "language", LANGUAGES)


def use(language):
    """Speak ``language`` from now on in this process (a notebook's kernel).

    >>> use("zh_CN"); current()
    'zh_CN'
    >>> use("en")
    """
    global _chosen
    _chosen = _checked(language)


@contextlib.contextmanager
def using(language):
    """Speak ``language`` inside the ``with`` block only (this thread or task)."""
    token = _override.set(_checked(language))
    try:
        yield language
    finally:
        _override.reset(token)


def current():
    """The language in use: ``using``'s inside its block, otherwise ``use``'s (English)."""
    return _override.get() or _chosen


def locate(domain, path):
    """Read the catalogues of ``domain`` from ``path``, a file name with a ``{language}``
    field, rather than from the library's ``locale`` folder.

    >>> locate("hidden", "solutions/hidden.po")
    Traceback (most recent call last):
    ...
    ValueError: path must be a file name with a {language} field, ... got 'solutions/hidden.po'
    """
    domain = _one_of(domain, "domain", DOMAINS)
    if not isinstance(path, (str, Path)) or "{language}" not in str(path):
        raise ValueError("path must be a file name with a {language} field, such as "
                         f"'hidden.{{language}}.po'; got {path!r}")
    _ELSEWHERE[domain] = str(path)
    catalogue.cache_clear()


def catalogue_path(domain, language):
    """Where the catalogue of ``domain`` in ``language`` lives (none for English, the source)."""
    domain, language = _one_of(domain, "domain", DOMAINS), _checked(language)
    if domain in _ELSEWHERE:
        return Path(_ELSEWHERE[domain].format(language=language))
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def catalogue(domain, language):
    """{English: translation} of a catalogue: its current entries only (none if it has no
    file). Read with Babel, as the book reads its own catalogues."""
    from babel.messages.pofile import read_po

    path = catalogue_path(domain, language)
    if language == SOURCE or not path.exists():
        return {}
    with path.open("rb") as handle:
        return {m.id: m.string for m in read_po(handle)
                if m.id and m.string and not m.fuzzy}


def say(english, domain="chapters", **fields):
    """``english`` in the language in use, with ``fields`` filled into its ``{names}``.

    >>> with using("zh_CN"):
    ...     say("not in any catalogue")
    'not in any catalogue'
    """
    if not isinstance(english, str):
        raise TypeError(f"english must be a sentence (a str); got {type(english).__name__}")
    language = current()
    text = catalogue(domain, language).get(english, english)
    return text.format(**fields) if fields else text
