"""The language of what the course says to a student: English (the source) or Chinese.

Everything the library writes for a student to read — a figure's title, labels and legend,
a printed result, a widget's controls, a grader's verdict and its feedback — is written in
English in the code and passed through ``say``, which looks the English up in the
catalogue of the language in use::

    robocourse/locale/<language>/LC_MESSAGES/<domain>.po

one gettext catalogue per audience (``domain``: ``"widgets"`` for what the library's figures
and interactive figures draw, say and offer as controls, ``"viewer"``
for the 3-D arm viewer's words, ``"feedback"`` for the grader's words, ``"exercises"`` for
what the visible tests of the exercises say of an answer, ``"hidden"`` for what the hidden
tests say, ``"errors"`` for the messages of the errors raised for bad input). A sentence
with ``{names}`` is looked up first and filled in after, so the translation places the
numbers itself (in a sentence with fields a literal brace is written twice, ``{{0}}``, as
``str.format`` reads it; without fields, once). A part of a sentence that is chosen
elsewhere (what the entries of a vector are, ``"one per joint"``) is a ``phrase``: English
until it is filled into a sentence, said then in the language in use. An entry that is
missing, empty or fuzzy reads in English (the tests keep the catalogues complete:
``sayings_in`` finds the sentences a package passes to ``say`` or ``phrase``, ``gaps``
those a catalogue does not translate).

The hidden tests are the instructor's (``solutions/``, never released): their sentences
would give them away, so their catalogue is not the library's but lives beside them, and
the hidden tests ``locate`` it (``solutions/hidden.<language>.po``).

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

>>> say("{n} solutions", "widgets", n=8)
'8 solutions'
>>> with using("zh_CN"):
...     current()
'zh_CN'
>>> current()
'en'
"""

import ast
import contextlib
import contextvars
import functools
import re
import string
import warnings
from pathlib import Path

#: The languages a student can work in: English, the source, and Chinese.
LANGUAGES = ("en", "zh_CN")
SOURCE = "en"
#: The catalogues: what the library's figures and widgets draw and say (their controls and
#: readouts; a chapter's own code strings are translated in the Chinese notebook itself,
#: tools/translate_notebooks.py), the
#: 3-D arm viewer's words (``widgets.arm_viewer.WORDS``, one entry per key), what the grader
#: says, and what the visible tests of the exercises (robocourse/exercises) and their hidden
#: tests (solutions/*/grader.py) say of an answer, and the messages of the errors the library
#: raises for bad input ("q must have 2 entries (one per joint); got 3").
DOMAINS = ("widgets", "viewer", "feedback", "exercises", "hidden", "errors")
LOCALE = Path(__file__).resolve().parent / "locale"
#: Fonts with a language's letters, best first, and how their files are named (to find one
#: installed after matplotlib made its list of fonts), then its monospaced fonts (for the
#: readouts of the widgets, ``family="monospace"``). Debian: fonts-wqy-microhei.
FONTS = {"zh_CN": (("WenQuanYi Micro Hei", "Noto Sans CJK SC", "Source Han Sans SC",
                    "Droid Sans Fallback"),
                   re.compile(r"wqy-microhei|NotoSansCJK|SourceHanSans|DroidSansFallback"),
                   ("WenQuanYi Micro Hei Mono", "Noto Sans Mono CJK SC"))}
#: The languages written without spaces between words: a sentence leaves a space beside a
#: field for a number or a name ("实际为 {got}"), which is dropped when the field holds
#: words of the language ("实际为函数 planar_2r…", not "实际为 函数 planar_2r…").
_CHINESE = "\u4e00-\u9fff\u3000-\u303f\uff00-\uffef"
UNSPACED = {"zh_CN": re.compile(f"(?<=[{_CHINESE}]) (?=[{_CHINESE}])")}
#: {domain: where its catalogues are, a path with a ``{language}`` field}: the domains whose
#: catalogues are not the library's (``locate``).
_ELSEWHERE = {}

_chosen = SOURCE                                    # use(): the notebook's choice
_override = contextvars.ContextVar("robocourse_language", default=None)   # using()


def _one_of(value, name, options):
    if not isinstance(value, str) or value not in options:
        raise ValueError(say("{name} must be one of {options}; got {got}", "errors", name=name,
                             options=", ".join(map(repr, options)), got=repr(value)))
    return value


def _text(value, name):
    if not isinstance(value, str):
        raise TypeError(say("{name} must be a str; got {got}", "errors", name=name,
                            got=type(value).__name__))
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
            warnings.warn(say("no font with the letters of {language} is installed (one of "
                              "{fonts}): figures would show boxes. On Debian: apt-get install "
                              "fonts-wqy-microhei (make system does)", "errors",
                              language=language, fonts=", ".join(FONTS[language][0])),
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


def cached(function):
    """``functools.cache`` with one cache per language: for a function whose result holds
    sentences said in the language in use (a check's known mistakes and their feedback),
    which a cache shared by the languages would give a student in the first one asked.

    >>> @cached
    ... def greeting():
    ...     return say("{n} solutions", "widgets", n=2)
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


def say(english, domain, **fields):
    """``english`` in the language in use, with ``fields`` filled into its ``{names}`` (in
    Chinese without the space a field left for a number, ``UNSPACED``, when it holds words).

    >>> with using("zh_CN"):
    ...     say("not in any catalogue", "widgets")
    'not in any catalogue'
    >>> with using("zh_CN"):
    ...     [say("{name} must be a string; got {got}", "errors", name="label", got=got)
    ...      for got in ("3", say("a scalar", "errors"))]
    ['label 应为字符串；实际为 3', 'label 应为字符串；实际为标量']
    """
    return _said(_text(english, "english"), domain, fields)


def _said(english, domain, fields):
    language = current()
    text = catalogue(domain, language).get(english, english)
    if not fields:
        return text
    text = text.format(**fields)
    return UNSPACED[language].sub("", text) if language in UNSPACED else text


class _Phrase(str):
    """A part of a sentence in English (``phrase``), said in the language in use when a
    sentence holds it: ``say`` fills it in with ``format``, which asks the phrase."""

    def __format__(self, spec):
        return format(_said(self.english, self.domain, self.fields), spec)


def phrase(english, domain, **fields):
    """``english``, a part of a sentence chosen apart from the sentence (what the entries
    of a vector are, a unit in words), as a ``_Phrase``: English as a string, said in the
    language in use when ``say`` fills it into a sentence, so a phrase made once (when a
    module is imported) speaks the language of each sentence that holds it. Its catalogue
    is ``domain``'s; the catalogue tests find it as they find ``say``'s sentences.

    With ``fields``, the phrase is a sentence kept to be said later (a reason made once and
    cached, shown in messages built afterwards): English filled in as a string, said with
    its fields (phrases themselves, perhaps) in the language of each message that holds it.

    >>> joints = phrase("one per joint", "errors")
    >>> joints == "one per joint", say("q must have {n} entries ({entries})", "errors",
    ...                                n=2, entries=joints)
    (True, 'q must have 2 entries (one per joint)')
    >>> why = phrase("the angle {argument} is not a polynomial in the symbols", "errors",
    ...              argument="x**2 + y")
    >>> with using("zh_CN"):
    ...     f"{why}"
    '角 x**2 + y 不是各符号的多项式'
    >>> str(why)
    'the angle x**2 + y is not a polynomial in the symbols'
    """
    english = _text(english, "english")
    filled = {name: str(value) if isinstance(value, _Phrase) else value      # in English
              for name, value in fields.items()}
    made = _Phrase(english.format(**filled) if fields else english)
    made.english, made.domain, made.fields = english, _one_of(domain, "domain", DOMAINS), fields
    return made


def fields(sentence):
    """The names of the ``{fields}`` of ``sentence``, as a set (a translation keeps them).

    >>> sorted(fields("{count} solutions of {{A}} in {frame}"))
    ['count', 'frame']
    """
    sentence = _text(sentence, "sentence")
    return {name for _, name, _, _ in string.Formatter().parse(sentence) if name}


def _constants(tree):
    """{name: text} of the module-level ``NAME = "text"`` assignments of ``tree``."""
    return {target.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
            for target in node.targets if isinstance(target, ast.Name)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}


def _domain_of(call):
    """The domain a ``say(...)`` call names (a literal)."""
    given = call.args[1:2] or [k.value for k in call.keywords if k.arg == "domain"]
    if not given or not (isinstance(given[0], ast.Constant) and isinstance(given[0].value, str)):
        raise ValueError(f"say's domain must be a literal at line {call.lineno}; got "
                         f"{ast.unparse(given[0]) if given else 'none'}")
    return given[0].value


#: The functions whose first argument is a sentence (or a part of one) to translate.
SAYERS = ("say", "phrase")


def sayings(source, domain):
    """The English sentences that the Python ``source`` (its text) passes to ``say`` (or to
    ``phrase``) for ``domain``: {sentence: line of its first call}. A sentence is a string
    literal or a module-level constant holding one; anything else passed to ``say`` is a
    ValueError (a sentence no catalogue test could see).

    >>> code = 'GO = "go"\\nsay("{n} steps", "widgets", n=2); say(GO, domain="widgets")'
    >>> sayings(code, "widgets"), sayings(code, "feedback")
    ({'{n} steps': 2, 'go': 2}, {})
    >>> sayings('ONE = phrase("one per joint", "errors")', "errors")
    {'one per joint': 1}
    """
    domain = _one_of(domain, "domain", DOMAINS)
    tree = ast.parse(_text(source, "source"))
    constants, found = _constants(tree), {}
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and call.args and getattr(
                call.func, "id", getattr(call.func, "attr", None)) in SAYERS):
            continue
        if _domain_of(call) != domain:
            continue
        english = call.args[0]
        if isinstance(english, ast.Constant) and isinstance(english.value, str):
            text = english.value
        elif isinstance(english, ast.Name) and english.id in constants:
            text = constants[english.id]
        else:
            raise ValueError(f"say's sentence must be a literal or a module constant at line "
                             f"{call.lineno}; got {ast.unparse(english)}")
        found.setdefault(text, call.lineno)
    return found


def sayings_in(folder, domain):
    """{sentence: "file:line"} of every sentence the Python files under ``folder`` pass to
    ``say`` for ``domain`` (``sayings``), file paths relative to ``folder``'s parent."""
    if not isinstance(folder, (str, Path)) or not Path(folder).is_dir():
        raise ValueError(f"folder must be a folder of Python files; got {folder!r}")
    folder, found = Path(folder), {}
    for path in sorted(folder.rglob("*.py")):
        where = path.relative_to(folder.parent).as_posix()
        for sentence, line in sayings(path.read_text(encoding="utf-8"), domain).items():
            found.setdefault(sentence, f"{where}:{line}")
    return found


def gaps(sentences, domain, language):
    """The sentences of ``sentences`` that the catalogue of ``domain`` in ``language`` does
    not say as it should, with why: no current translation (missing, empty or fuzzy), or
    one whose ``{fields}`` are not the English's. Empty when the catalogue is complete.

    >>> gaps(["not in any catalogue"], "widgets", "zh_CN")
    [('not in any catalogue', 'no current translation')]
    """
    translated = catalogue(domain, _checked(language))
    if isinstance(sentences, str) or not hasattr(sentences, "__iter__"):
        raise TypeError(f"sentences must be a collection of str; got {sentences!r:.60}")
    sentences = list(sentences)
    if not all(isinstance(s, str) for s in sentences):
        raise TypeError(f"sentences must be a collection of str; got {sentences!r:.60}")
    found = []
    for english in sentences:
        if english not in translated:
            found.append((english, "no current translation"))
        elif fields(translated[english]) != fields(english):
            found.append((english, f"fields {sorted(fields(translated[english]))}, not "
                                   f"{sorted(fields(english))}"))
    return found
