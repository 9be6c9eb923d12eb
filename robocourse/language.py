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

A language whose letters matplotlib's own font lacks (DejaVu Sans has no Chinese) names the
fonts that have them (``FONTS``): ``use`` puts the first one installed before matplotlib's
own in every figure's font family. It comes first because the words of a label that also
holds a formula (``"关节角 $\\theta_2$（°）"``) are drawn by matplotlib's mathtext with one
font and no fallback; a character that font lacks (``ẍ``) still comes from DejaVu Sans in a
label without a formula. With no such font installed ``use`` warns
(``MissingFontWarning``) instead of letting figures show boxes. The fonts follow ``use``
(a notebook's choice), not ``using``.

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
import re
import warnings
from pathlib import Path

#: The languages a student can work in: English, the source, and Chinese.
LANGUAGES = ("en", "zh_CN")
SOURCE = "en"
#: The catalogues: what the chapters draw and print, what the grader says, and what the
#: library's figures (robocourse.widgets) write.
DOMAINS = ("chapters", "feedback", "widgets")
LOCALE = Path(__file__).resolve().parent / "locale"
#: Fonts with a language's letters, best first, and how their files are named (to find one
#: installed after matplotlib made its list of fonts), then its monospaced fonts (for the
#: readouts of the widgets, ``family="monospace"``). Debian: fonts-wqy-microhei.
FONTS = {"zh_CN": (("WenQuanYi Micro Hei", "Noto Sans CJK SC", "Source Han Sans SC",
                    "Droid Sans Fallback"),
                   re.compile(r"wqy-microhei|NotoSansCJK|SourceHanSans|DroidSansFallback"),
                   ("WenQuanYi Micro Hei Mono", "Noto Sans Mono CJK SC"))}

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
    _choose_fonts(_chosen)


def _installed(names):
    """Those of the fonts ``names`` that matplotlib knows."""
    from matplotlib import font_manager

    known = {entry.name for entry in font_manager.fontManager.ttflist}
    return [name for name in names if name in known]


class MissingFontWarning(UserWarning):
    """No installed font has the letters of the language in use: figures would show boxes."""


def _choose_fonts(language):
    """matplotlib's font family for ``language``: a font with the language's letters
    (``FONTS``), then matplotlib's own; warns if no such font is installed."""
    import matplotlib

    family = matplotlib.rcParamsDefault["font.family"]
    monospace = matplotlib.rcParamsDefault["font.monospace"]
    if language in FONTS:
        font = installed_font(language)
        if font is None:
            warnings.warn(f"no font with the letters of {language} is installed (one of "
                          f"{', '.join(FONTS[language][0])}): figures would show boxes. On "
                          "Debian: apt-get install fonts-wqy-microhei (make system does)",
                          MissingFontWarning, stacklevel=3)
        else:
            family = [font, *family]
            monospace = [*_installed(FONTS[language][2]), *monospace]
    matplotlib.rcParams["font.family"] = family
    matplotlib.rcParams["font.monospace"] = monospace


def installed_font(language):
    """The name of the first font of ``FONTS[language]`` that matplotlib can use, or None
    (also for a language matplotlib's own font writes).

    A font installed after matplotlib listed the machine's fonts is added to its list."""
    from matplotlib import font_manager

    if _checked(language) not in FONTS:
        return None
    names, files, _ = FONTS[language]
    for attempt in range(2):
        found = next(iter(_installed(names)), None)
        if found or attempt:
            return found
        for path in font_manager.findSystemFonts():
            if files.search(Path(path).name):
                font_manager.fontManager.addfont(path)
    return None


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


def marked(english, domain):
    """``english`` as it is, marked as a sentence of ``domain``'s catalogue: for a sentence
    kept in a table and looked up with ``say`` where it is drawn (gettext's ``N_``).

    >>> marked("kinetic K", "widgets")
    'kinetic K'
    """
    _one_of(domain, "domain", DOMAINS)
    return _sentence(english)


def _sentence(english):
    if not isinstance(english, str):
        raise TypeError(f"english must be a sentence (a str); got {type(english).__name__}")
    return english


def say(english, domain="chapters", **fields):
    """``english`` in the language in use, with ``fields`` filled into its ``{names}``.

    >>> with using("zh_CN"):
    ...     say("not in any catalogue")
    'not in any catalogue'
    """
    _sentence(english)
    language = current()
    text = catalogue(domain, language).get(english, english)
    return text.format(**fields) if fields else text
