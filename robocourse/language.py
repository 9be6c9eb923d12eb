"""The language of what the course says to a student: English (the source) or Chinese.

Everything the library writes for a student to read — a figure's title, labels and legend,
a printed result, a widget's controls, a grader's verdict and its feedback — is written in
English in the code and passed through ``say``, which looks the English up in the
catalogue of the language in use::

    robocourse/locale/<language>/LC_MESSAGES/<domain>.po

one gettext catalogue per audience (``domain``: ``"chapters"`` for what the chapters draw
and print, ``"feedback"`` for the grader's words). A sentence with ``{names}`` is looked
up first and filled in after, so the translation places the numbers itself. An entry that
is missing, empty or fuzzy reads in English (the tests keep the catalogues complete).

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
#: The catalogues: what the chapters draw and print, and what the grader says.
DOMAINS = ("chapters", "feedback")
LOCALE = Path(__file__).resolve().parent / "locale"

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


def catalogue_path(domain, language):
    """Where the catalogue of ``domain`` in ``language`` lives (none for English, the source)."""
    domain = _one_of(domain, "domain", DOMAINS)
    return LOCALE / _checked(language) / "LC_MESSAGES" / f"{domain}.po"


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


def cached(function):
    """``functools.cache`` with one cache per language: for a function whose result holds
    sentences said in the language in use (a check's known mistakes and their feedback),
    which a cache shared by the languages would give a student in the first one asked.

    >>> @cached
    ... def greeting():
    ...     return say("{n} solutions", n=2)
    >>> with using("zh_CN"):
    ...     _ = greeting()
    >>> greeting()
    '2 solutions'
    """
    if not callable(function):
        raise TypeError(f"function must be a function to cache; got {type(function).__name__}")

    @functools.cache
    def in_language(language, *args, **kwargs):
        return function(*args, **kwargs)

    @functools.wraps(function)
    def call(*args, **kwargs):
        return in_language(current(), *args, **kwargs)

    call.cache_clear = in_language.cache_clear
    return call


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
