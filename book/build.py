"""Build the course book, or update its translation catalogues.

    python book/build.py                      # both languages into book/_build/html/<lang>
    python book/build.py --out DIR            # ... into DIR/<lang> (the tests use this)
    python book/build.py --update-translations  # extract strings, update book/locale/*.po

Run from anywhere; ``make book`` and ``make translations`` call it. Warnings are errors.
"""

import argparse
import difflib
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

BOOK = Path(__file__).resolve().parent
ROOT = BOOK.parent
LANGUAGES = ("en", "zh_CN")
LOCALE = BOOK / "locale"

# The site's front door: opens the edition the reader chose before, else the one of the
# browser's languages (book/_static/book-language.js); both editions are linked for a
# browser without JavaScript, and shown while the script decides.
FRONT_DOOR = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Robot mechanics · 机器人力学</title>
<style>body { font-family: sans-serif; margin: 4rem auto; max-width: 36rem; text-align: center; }
a { margin: 0 1rem; font-size: 1.3rem; }</style>
</head>
<body data-book-front-door>
<h1>Robot mechanics · <span lang="zh-CN">机器人力学</span></h1>
<p><a href="en/book/index.html" hreflang="en" data-book-language="en">English</a>
<a href="zh_CN/book/index.html" hreflang="zh-CN" lang="zh-CN"
   data-book-language="zh_CN">中文</a></p>
<script src="en/_static/book-language.js"></script>
</body>
</html>
"""


def sphinx(builder, language, outdir, doctrees, srcdir=ROOT):
    """Run sphinx-build on ``srcdir`` (the repository) with the book's configuration.

    Warnings are errors; all of them are reported before the build stops.
    """
    command = [
        sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q",
        "-b", builder, "-c", str(BOOK), "-D", f"language={language}",
        "-d", str(doctrees), str(srcdir), str(outdir),
    ]  # fmt: skip
    subprocess.run(command, check=True, cwd=ROOT)


def build(out, languages=LANGUAGES):
    """Build each language into ``out/<language>``; return the seconds each took."""
    out = Path(out)
    seconds = {}
    for language in languages:
        start = time.perf_counter()
        sphinx("html", language, out / language, out.parent / "doctrees" / language)
        seconds[language] = time.perf_counter() - start
    (out / "index.html").write_text(FRONT_DOOR, encoding="utf-8")
    return seconds


def extract(pot_dir):
    """Extract the current translatable strings of every page into ``pot_dir`` (.pot files)."""
    pot_dir = Path(pot_dir)
    shutil.rmtree(pot_dir, ignore_errors=True)
    sphinx("gettext", "en", pot_dir, pot_dir.parent / "doctrees-gettext")
    return pot_dir


def update_translations(pot_dir=BOOK / "_build" / "gettext"):
    """Extract, then merge into the zh_CN catalogues (new strings empty, changed ones fuzzy)."""
    extract(pot_dir)
    subprocess.run(
        [sys.executable, "-m", "sphinx_intl", "update", "-p", str(pot_dir),
         "-d", str(LOCALE), "-l", "zh_CN", "-w", "0"],
        check=True, cwd=ROOT,
    )  # fmt: skip
    update_viewer_catalogue()
    for domain in LIBRARY_DOMAINS:
        update_library_catalogue(domain)
    for catalogue in LOCALE.rglob("*.po"):
        catalogue.write_text(without_format_flags(catalogue.read_text(encoding="utf-8")),
                             encoding="utf-8")


def po_header(project):
    """gettext's header entry, the first entry of every Chinese catalogue the course writes
    (after its comment lines), for ``project`` (kept as it is: a ``{domain}`` in it is filled
    in later).

    >>> po_header("robocourse widgets").splitlines()[2]
    '"Project-Id-Version: robocourse widgets\\\\n"'
    """
    return ('msgid ""\nmsgstr ""\n'
            f'"Project-Id-Version: {project}\\n"\n'
            '"Language: zh_CN\\n"\n'
            '"MIME-Version: 1.0\\n"\n'
            '"Content-Type: text/plain; charset=utf-8\\n"\n'
            '"Content-Transfer-Encoding: 8bit\\n"\n')


# The 3-D arm viewer's words (robocourse.widgets.arm_viewer.WORDS): not in any page, so not
# extracted by Sphinx; their catalogue is the library's (a viewer in a Chinese notebook speaks
# it too), made from the table, one entry per key (msgctxt)
VIEWER_CATALOGUE = ROOT / "robocourse" / "locale" / "zh_CN" / "LC_MESSAGES" / "viewer.po"
VIEWER_HEADER = """\
# The 3-D arm viewer's words (robocourse.widgets.arm_viewer.WORDS: its controls, readout and
# labels), which a viewer made in a Chinese notebook says, and which the book's Chinese pages
# hand to every arm viewer (book/_ext/interface_text.py).
# msgctxt is the word's key; {name} is filled in by the viewer: keep it as it is.
# `make translations` brings this catalogue up to date with the table.
""" + po_header("Robot mechanics, chapter by chapter")


def po_string(text):
    r"""``text`` as a PO string literal.

    >>> print(po_string('say "hi"\n'))
    "say \"hi\"\n"
    """
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped.replace(chr(9), chr(92) + "t")}"'


def viewer_catalogue(words, translated):
    """The text of the viewer's catalogue for ``words`` ({key: English}), given what is
    translated so far ({key: (English then, translation, fuzzy)}): a word whose English
    changed keeps its old translation, marked fuzzy; a new one is empty; a key gone is
    dropped.

    >>> words = {"a": "trace", "b": "clear"}
    >>> print(viewer_catalogue(words, {"a": ("path", "轨迹", False)}))  # doctest: +ELLIPSIS
    # The 3-D arm viewer's words ...
    <BLANKLINE>
    #, fuzzy
    msgctxt "a"
    msgid "trace"
    msgstr "轨迹"
    <BLANKLINE>
    msgctxt "b"
    msgid "clear"
    msgstr ""
    <BLANKLINE>
    """
    entries = [VIEWER_HEADER]
    for key, english in words.items():
        before, string, fuzzy = translated.get(key, (english, "", False))
        fuzzy = "#, fuzzy\n" if string and (fuzzy or before != english) else ""
        entries.append(f"{fuzzy}msgctxt {po_string(key)}\nmsgid {po_string(english)}\n"
                       f"msgstr {po_string(string)}\n")
    return "\n".join(entries)


def read_viewer_catalogue(path=VIEWER_CATALOGUE):
    """{key: (English, translation, fuzzy)} of the viewer's catalogue (empty if none)."""
    from babel.messages.pofile import read_po

    if not Path(path).exists():
        return {}
    with open(path, "rb") as handle:
        return {m.context: (m.id, m.string, m.fuzzy) for m in read_po(handle) if m.id}


def read_catalogue(path):
    """{English: translation} of the catalogue ``path``: its current translations only (an
    empty or fuzzy entry is left out, as Sphinx leaves it untranslated)."""
    from babel.messages.pofile import read_po

    with open(path, "rb") as handle:
        return {m.id: m.string for m in read_po(handle) if m.id and m.string and not m.fuzzy}


def update_viewer_catalogue(path=VIEWER_CATALOGUE):
    """Bring the viewer's catalogue up to date with ``arm_viewer.WORDS``."""
    from robocourse.widgets.arm_viewer import WORDS

    Path(path).write_text(viewer_catalogue(WORDS, read_viewer_catalogue(path)),
                          encoding="utf-8")


# The library's catalogues made from the sentences its code passes to
# robocourse.language.say(english, domain): one entry per sentence, where it is said
LIBRARY_DOMAINS = ("widgets", "feedback", "exercises", "hidden", "errors")
#: The domains whose sentences the library's code does not say: the folder whose code says
#: them, and where their catalogue is. The hidden tests' (solutions/*/grader.py) are
#: translated beside them, never released with the library (they would give them away).
ELSEWHERE = {"hidden": (ROOT / "solutions", ROOT / "solutions" / "hidden.{language}.po")}
LIBRARY_HEADER = """\
# The library's sentences of the domain "{domain}" (robocourse.language.say(english,
# "{domain}")) in Chinese: what a notebook that chose Chinese (language.use("zh_CN")) shows.
# {{name}} is filled in by the library: keep it as it is. `make translations` brings this
# catalogue up to date with the code; the tests keep it complete.
""" + po_header("robocourse {domain}")


HEADERS = {"hidden": """\
# The hidden tests' sentences (robocourse.language.say(english, "hidden") in
# solutions/*/grader.py) in Chinese: what the grader tells a student who chose Chinese.
# Never released, like the hidden tests. {{name}} is filled in by the grader: keep it as it
# is. `make translations` brings this catalogue up to date with the code; the tests keep it
# complete.
""" + po_header("robocourse {domain}")}


def library_sentences(domain):
    """{English: the file that says it} of the sentences passed to ``say`` for ``domain``:
    by the library's code (for ``"feedback"`` also the instructor's grader's and its feedback
    page's, ``robocourse_grader.words.template_sayings``, and the names of the concepts an
    exercise switches off, ``robocourse.grading.concepts.CONCEPTS``), or by the folder
    ``ELSEWHERE`` names."""
    from robocourse import language as library_language

    folder = ELSEWHERE.get(domain, (ROOT / "robocourse",))[0]
    found = library_language.sayings_in(folder, domain)
    if domain == "feedback":                # and the instructor's grader and feedback page
        from robocourse.grading import concepts
        from robocourse_grader import words

        grader = ROOT / "grader" / "robocourse_grader"
        for sentence, where in [*library_language.sayings_in(grader, domain).items(),
                                *words.template_sayings().items()]:
            found.setdefault(sentence, f"grader/{where}")
        for name in concepts.CONCEPTS:      # what a switched-off function names (concepts.named)
            found.setdefault(name, "robocourse/grading/concepts.py:0")
    return {english: where.rsplit(":", 1)[0] for english, where in found.items()}


def library_catalogue_path(domain, language="zh_CN"):
    """Where the catalogue of ``domain`` in ``language`` is kept.

    >>> library_catalogue_path("hidden").relative_to(ROOT).as_posix()
    'solutions/hidden.zh_CN.po'
    """
    from robocourse import language as library_language

    if domain in ELSEWHERE:
        return Path(str(ELSEWHERE[domain][1]).format(language=language))
    return library_language.catalogue_path(domain, language)


def library_catalogue(domain, sentences, translated, header=None):
    """The text of the library's catalogue ``domain`` for ``sentences`` ({English: the file
    that says it}), given what is translated so far ({English: (translation, fuzzy)}): a
    sentence keeps its translation; a new one is empty, or takes the translation of the
    closest sentence gone (a changed sentence), marked fuzzy; a sentence gone is dropped.
    ``header``: the catalogue's first lines (``{domain}`` filled in).

    >>> before = {"goal x": ("目标 x", False), "goal of the tip": ("末端目标", False)}
    >>> text = library_catalogue("widgets", {"goal x": "a.py", "goal of the arm": "a.py"}, before)
    >>> print(text[text.index("#: a.py"):])
    #: a.py
    msgid "goal x"
    msgstr "目标 x"
    <BLANKLINE>
    #: a.py
    #, fuzzy
    msgid "goal of the arm"
    msgstr "末端目标"
    <BLANKLINE>
    """
    gone = [english for english in translated if english not in sentences]
    entries = [(header or HEADERS.get(domain, LIBRARY_HEADER)).format(domain=domain)]
    for english, where in sentences.items():
        string, fuzzy = translated.get(english, ("", False))
        close = [] if english in translated else difflib.get_close_matches(english, gone, n=1)
        if close:
            string, fuzzy = translated[close[0]][0], True
        flag = "#, fuzzy\n" if string and fuzzy else ""
        entries.append(f"#: {where}\n{flag}msgid {po_string(english)}\n"
                       f"msgstr {po_string(string)}\n")
    return "\n".join(entries)


def read_library_catalogue(path):
    """{English: (translation, fuzzy)} of a library catalogue (empty if none)."""
    from babel.messages.pofile import read_po

    if not Path(path).exists():
        return {}
    with open(path, "rb") as handle:
        return {m.id: (m.string, m.fuzzy) for m in read_po(handle) if m.id}


def update_library_catalogue(domain, language="zh_CN"):
    """Bring the catalogue ``domain`` up to date with the sentences the code passes to
    ``say`` for it (``library_sentences``)."""
    path = library_catalogue_path(domain, language)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(library_catalogue(domain, library_sentences(domain),
                                      read_library_catalogue(path)), encoding="utf-8")


_FLAGS = re.compile(r"^#,(.*)\n", re.M)
_FORMAT_FLAGS = {"python-format", "no-python-format", "python-brace-format",
                 "no-python-brace-format"}


def without_format_flags(po_text):
    r"""``po_text`` without the format flags Babel guesses from the English.

    Babel flags a string ``python-format`` when it sees a ``%`` directive in it ("10 % of"
    reads as ``% o``) and ``python-brace-format`` for ``{…}``; ``msgfmt -c`` then rejects
    every translation that words the percentage differently. The book's strings are prose,
    never format strings, so the flags go; ``fuzzy`` stays.

    >>> without_format_flags('#, fuzzy, python-format\nmsgid "10 % of"\n')
    '#, fuzzy\nmsgid "10 % of"\n'
    >>> without_format_flags('#, python-brace-format\nmsgid "{x}"\n')
    'msgid "{x}"\n'
    """
    def keep(match):
        flags = [flag.strip() for flag in match.group(1).split(",")]
        kept = [flag for flag in flags if flag and flag not in _FORMAT_FLAGS]
        return f"#, {', '.join(kept)}\n" if kept else ""

    return _FLAGS.sub(keep, po_text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=BOOK / "_build" / "html", type=Path)
    parser.add_argument("--update-translations", action="store_true")
    args = parser.parse_args()
    if args.update_translations:
        update_translations()
        print(f"catalogues updated in {LOCALE.relative_to(ROOT)}: translate the empty and "
              "fuzzy entries (see book/README.md)")
        return
    seconds = build(args.out)
    for language, took in seconds.items():
        print(f"book ({language}) built in {took:.1f} s: {args.out / language / 'book/index.html'}")


if __name__ == "__main__":
    main()
