"""Write the Chinese chapter notebooks, ``chapters/zh_CN/NN_*.ipynb``, from the English
chapters and the book's catalogues (``book/locale/zh_CN/LC_MESSAGES/chapters/NN_*.po``).

    python tools/translate_notebooks.py           # write chapters/zh_CN (make notebooks-zh)
    python tools/translate_notebooks.py 07_parameters.ipynb   # ... only the chapters named
    python tools/translate_notebooks.py --check   # exit 1 if a committed one is out of date
    python tools/translate_notebooks.py --update-catalogues   # the code's catalogues

Every markdown cell is cut into the segments the book translates, exactly as the book
cuts it: MyST's parser with the book's extensions (``book/conf.py``) gives the paragraphs,
headings and table cells, and each one's English is Sphinx's message id of it (the
paragraph's source, its lines joined). A segment is replaced in place by its translation:
the cell keeps its Markdown structure (headings, lists, block quotes, tables; a translated
paragraph is one line), and display equations, code blocks and paragraphs made only of
formulas or code (which the book does not translate either) stay as they are. A prose
segment without a current translation (missing, empty or fuzzy) stops the generator,
naming the chapter, the cell and the English: run ``make translations``, translate, run
again. Links: a link to a chapter notebook opens the Chinese one (same folder); any other
relative link (``../book/references.md``) gets one ``../`` more, since the Chinese
chapters live one folder deeper.

Code cells keep their code, tags and metadata, with two changes: the prose of their string
literals (what a figure or a printed result says, ``code_strings``) is replaced by its
translation from the chapter's code catalogue
(``book/locale/zh_CN/LC_MESSAGES/code/NN_*.po``, made and kept in step by ``make
translations``: ``python tools/translate_notebooks.py --update-catalogues``), and the
chapter's first code cell chooses Chinese for the library's own figures, one line
(``USE_LINE``). A literal without a current translation stops the generator like a
paragraph does; a translation that loses a ``{field}`` or a ``$formula$`` of its English, or
that is no longer a string literal, stops it too. Then the generator **executes** each
Chinese notebook from a clean kernel (``tools/execute.py``), so its figures and printed
results are the Chinese ones; ``--check`` compares everything but the outputs (which nbval
compares, run again, in ``make test``). The figures the library draws take their words from
``robocourse/locale/zh_CN/LC_MESSAGES/widgets.po`` (``make translations`` keeps it in step
with the library's ``say(..., "widgets")``, book/build.py).

The notebook's metadata says its language (``"language": "zh_CN"``) and where it comes
from (``"robocourse": {"translated_from": "chapters/NN_….ipynb"}``).
"""

import argparse
import copy
import difflib
import json
import re
import runpy
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
CHAPTERS = ROOT / "chapters"
CHAPTER_GLOB = "[0-9][0-9]_*.ipynb"
LANGUAGE = "zh_CN"
CATALOGUES = BOOK / "locale" / LANGUAGE / "LC_MESSAGES" / "chapters"
CODE_CATALOGUES = BOOK / "locale" / LANGUAGE / "LC_MESSAGES" / "code"
#: The line a Chinese chapter's first code cell gains: the library draws in Chinese.
USE_LINE = f'from robocourse import language; language.use("{LANGUAGE}")'

sys.path.insert(0, str(BOOK))
sys.path.insert(0, str(BOOK / "_ext"))
sys.path.insert(0, str(ROOT / "tools"))
import code_strings  # noqa: E402
from build import po_header, po_string, read_catalogue  # noqa: E402  (the book's)

# the book's test of prose: letters, once formulas, code and link targets are gone
PROSE = re.compile(r"[^\W\d_]{2,}")
NOT_PROSE = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|`[^`]*`|\]\([^)]*\)", re.DOTALL)
# a Markdown link's relative target: not a web address, not an anchor, not an absolute path
RELATIVE_LINK = re.compile(r"\]\((?![a-z][a-z0-9+.-]*:|#|/)([^)\s]+)\)")
CHAPTER_LINK = re.compile(r"(?:\.\./chapters/)?(\d\d_\w+\.ipynb(?:#\S*)?)")
SEGMENT_OPENERS = ("paragraph_open", "heading_open", "th_open", "td_open")


class MissingTranslation(Exception):
    """Prose segments without a current translation: [(chapter, cell, English), ...]."""

    def __init__(self, missing):
        self.missing = missing
        lines = [f"{chapter} cell {cell}: {english[:100]!r}" for chapter, cell, english in missing]
        super().__init__(
            f"{len(missing)} segment(s) without a current {LANGUAGE} translation (run `make "
            "translations`, translate them in book/locale, see book/README.md):\n  "
            + "\n  ".join(lines))


_PARSER = None


def parser():
    """MyST's Markdown parser with the book's extensions (book/conf.py)."""
    global _PARSER
    if _PARSER is None:
        from markdown_it.renderer import RendererHTML
        from myst_parser.config.main import MdParserConfig
        from myst_parser.parsers.mdit import create_md_parser

        extensions = runpy.run_path(str(BOOK / "conf.py"))["myst_enable_extensions"]
        _PARSER = create_md_parser(MdParserConfig(enable_extensions=set(extensions)),
                                   RendererHTML)
    return _PARSER


def message_id(content):
    """Sphinx's message id of a segment whose source is ``content`` (its lines joined,
    hard-break backslashes dropped): the ``msgid`` of the book's catalogue."""
    from sphinx.util.nodes import _clean_extracted_message

    return _clean_extracted_message(content)


def is_prose(text):
    """True when ``text`` has words once formulas, code spans and link targets are taken
    out (what the book translates; ``notebook_cells.ProseOnlyTranslation``).

    >>> is_prose("$x = 1$, `q`"), is_prose("the angle $x$"), is_prose("[a](b.md)")
    (False, True, False)
    """
    return bool(PROSE.search(NOT_PROSE.sub(" ", text)))


def segments(markdown):
    """The segments of ``markdown`` the book translates: (kind, first line, end line,
    source) for paragraphs and headings, whose source starts on its first line;
    ("cell", line, line + 1, source) for a table cell on that line."""
    tokens = parser().parse(markdown)
    found, row = [], None
    for i, token in enumerate(tokens):
        if token.type == "tr_open":
            row = token.map
        if token.type != "inline" or i == 0 or tokens[i - 1].type not in SEGMENT_OPENERS:
            continue
        opener = tokens[i - 1]
        if opener.type in ("th_open", "td_open"):
            found.append(("cell", row[0], row[0] + 1, token.content))
        else:
            found.append((opener.type[:-5], opener.map[0], opener.map[1], token.content))
    return found


def translate_markdown(markdown, catalogue, where=("", 0), deeper=True):
    """``markdown`` with each prose segment replaced by its translation in ``catalogue``
    ({English: translation}), and (``deeper``) relative links one folder deeper; returns
    (text, number of segments translated, [English of each prose segment without a
    translation]).

    >>> text, n, missing = translate_markdown(
    ...     "## Statics\\n\\n* a long\\n  list item, [see](../book/r.md)\\n* $x$\\n",
    ...     {"Statics": "静力学",
    ...      "a long list item, [see](../book/r.md)": "长条目，[见](../book/r.md)"})
    >>> print(text)
    ## 静力学
    <BLANKLINE>
    * 长条目，[见](../../book/r.md)
    * $x$
    <BLANKLINE>
    >>> n, missing
    (2, [])
    """
    lines = markdown.split("\n")
    translated, missing, replacements = 0, [], []
    column = {}
    for kind, start, end, content in segments(markdown):
        english = message_id(content)
        chinese = catalogue.get(english)
        if chinese is None:
            if is_prose(english):
                missing.append(english)
            continue
        translated += 1
        if kind == "cell":   # a table cell: replaced within its row, left to right
            line = lines[start]
            at = line.index(content, column.get(start, 0))
            lines[start] = line[:at] + chinese + line[at + len(content):]
            column[start] = at + len(chinese)
        else:
            first = content.split("\n", 1)[0]
            prefix = lines[start][:lines[start].index(first)]
            replacements.append((start, end, prefix + chinese))
    for start, end, line in sorted(replacements, reverse=True):
        lines[start:end] = [line]
    text = "\n".join(lines)
    return RELATIVE_LINK.sub(_deeper, text) if deeper else text, translated, missing


def _deeper(match):
    """A relative link as seen from chapters/zh_CN: a chapter's notebook is its Chinese twin
    beside it, anything else one folder up."""
    target = match.group(1)
    chapter = CHAPTER_LINK.fullmatch(target)
    return f"]({chapter.group(1) if chapter else '../' + target})"


def translate_notebook(english_path, catalogue=None, code_catalogue=None):
    """The Chinese notebook of the chapter ``english_path`` (a notebook dictionary, not yet
    executed: no outputs) and the numbers of segments and code strings translated; raises
    MissingTranslation naming what is untranslated."""
    english_path = Path(english_path)
    if catalogue is None:
        catalogue = read_catalogue(CATALOGUES / f"{english_path.stem}.po")
    if code_catalogue is None:
        path = CODE_CATALOGUES / f"{english_path.stem}.po"
        code_catalogue = read_catalogue(path) if path.exists() else {}
    notebook = json.loads(english_path.read_text(encoding="utf-8"))
    chinese = copy.deepcopy(notebook)
    missing, translated, strings = [], 0, 0
    for index, cell in enumerate(chinese["cells"]):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            text, count, untranslated = translate_markdown(source, catalogue)
            translated += count
        elif cell["cell_type"] == "code":
            text, count, untranslated = translate_code(source, code_catalogue,
                                                       (english_path.name, index))
            strings += count
            cell["outputs"], cell["execution_count"] = [], None
        else:
            continue
        missing += [(english_path.name, index, english) for english in untranslated]
        cell["source"] = text.splitlines(keepends=True)
    if missing:
        raise MissingTranslation(missing)
    first = next(cell for cell in chinese["cells"] if cell["cell_type"] == "code")
    first["source"] = with_use_line("".join(first["source"])).splitlines(keepends=True)
    chinese["metadata"]["language"] = LANGUAGE
    chinese["metadata"]["robocourse"] = {
        "translated_from": english_path.relative_to(ROOT).as_posix()
        if english_path.is_relative_to(ROOT) else english_path.name}
    chinese["metadata"].pop("widgets", None)     # the widgets' state is the run's
    return chinese, translated, strings


class BadTranslation(Exception):
    """A code string's translation that would change the code: it loses or adds a
    ``{field}`` or ``$formula$``, or is no longer one string literal."""


def translate_code(source, catalogue, where=("", 0)):
    """A code cell's ``source`` with its prose literals translated (``code_strings``);
    raises BadTranslation, naming ``where`` (chapter, cell), for a translation that would
    change the code.

    >>> translate_code('print(f"{n} points")', {"{n} points": "几个点"}, ("07_x.ipynb", 3))
    Traceback (most recent call last):
    ...
    translate_notebooks.BadTranslation: 07_x.ipynb cell 3: the translation must keep ['{n}'] \
of 'f"{n} points"'; got 'f"几个点"'
    """
    try:
        return code_strings.translate_code(source, catalogue)
    except ValueError as error:
        raise BadTranslation(f"{where[0]} cell {where[1]}: {error}") from None


def with_use_line(source):
    """A chapter's first code cell with ``USE_LINE``: after its ``%magic`` lines, if any.

    >>> print(with_use_line("%matplotlib inline\\nimport numpy as np"))
    %matplotlib inline
    from robocourse import language; language.use("zh_CN")
    import numpy as np
    """
    lines = source.split("\n")
    at = next((i for i, line in enumerate(lines) if not line.startswith("%")), len(lines))
    return "\n".join([*lines[:at], USE_LINE, *lines[at:]])


def notebook_text(notebook):
    """A notebook as Jupyter writes it (nbformat's layout: one-space indent, sorted keys)."""
    import nbformat

    return nbformat.writes(nbformat.from_dict(notebook)) + "\n"


def chapters():
    """The English chapters: chapters/NN_*.ipynb."""
    return sorted(CHAPTERS.glob(CHAPTER_GLOB))


def chinese_path(english_path):
    return CHAPTERS / LANGUAGE / Path(english_path).name


def unexecuted(notebook):
    """``notebook`` without what running it writes: outputs, execution counts, widget state."""
    notebook = copy.deepcopy(notebook)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    notebook["metadata"].pop("widgets", None)
    return notebook


def generate(check=False, execute=True, names=()):
    """Write and execute (or, with ``check``, compare without the outputs) every Chinese
    chapter, or those ``names`` names (``07_parameters.ipynb``); returns {chapter: (markdown
    cells, segments translated, code strings translated)} and the list of stale files."""
    from execute import execute as run

    counts, stale, missing, written = {}, [], [], []
    unknown = set(names) - {path.name for path in chapters()}
    if unknown:
        raise ValueError(f"chapters must be among {[p.name for p in chapters()]}; got "
                         f"{sorted(unknown)}")
    for english in chapters():
        if names and english.name not in names:
            continue
        try:
            chinese, translated, strings = translate_notebook(english)
        except MissingTranslation as error:
            missing += error.missing
            continue
        counts[english.name] = (sum(c["cell_type"] == "markdown" for c in chinese["cells"]),
                                translated, strings)
        text, target = notebook_text(chinese), chinese_path(english)
        if check:
            committed = json.loads(target.read_text(encoding="utf-8")) if target.exists() \
                else None
            if committed is None or notebook_text(unexecuted(committed)) != text:
                stale.append(target)
        else:
            target.parent.mkdir(exist_ok=True)
            target.write_text(text, encoding="utf-8")
            written.append(target)
    if missing:
        raise MissingTranslation(missing)
    if not check:   # a chapter removed in English goes in Chinese too
        for old in sorted((CHAPTERS / LANGUAGE).glob(CHAPTER_GLOB)):
            if not (CHAPTERS / old.name).exists():
                old.unlink()
    for target in written if execute else ():
        print(f"executing {target.relative_to(ROOT)}", flush=True)
        run(target)
    return counts, stale


# --- the code catalogues (make translations) ---------------------------------------------

CODE_HEADER = """\
# The prose of the code cells of {chapter}: what its figures and printed results say
# (tools/code_strings.py). Keep every {{field}} and $formula$ of the English; the generator
# (make notebooks-zh) refuses a translation that does not. An entry whose translation is its
# English is a name the code reads (not prose): say why in a comment "# kept: ...". The
# number after a location is the index of the code cell.
# `make translations` brings this catalogue up to date with the chapter.
""" + po_header("Robot mechanics, chapter by chapter")


def code_messages(english_path):
    """{English: [cell indices]} of the prose literals of a chapter's code cells, in order."""
    notebook = json.loads(Path(english_path).read_text(encoding="utf-8"))
    found = {}
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "code":
            for *_, text, prose in code_strings.literals("".join(cell["source"])):
                if prose:
                    found.setdefault(code_strings.message_id(text), []).append(index)
    return found


def read_code_catalogue(path):
    """{English: (translation, fuzzy, comments)} of a code catalogue (empty if none)."""
    from babel.messages.pofile import read_po

    if not Path(path).exists():
        return {}
    with open(path, "rb") as handle:
        return {m.id: (m.string, m.fuzzy, list(m.user_comments)) for m in read_po(handle)
                if m.id}


def code_catalogue(english_path, before):
    """The text of the code catalogue of a chapter, given its entries so far (``before``,
    as ``read_code_catalogue`` gives them): a string kept keeps its translation; a new one
    gets the translation of the closest string gone, marked fuzzy, or none; a string gone is
    dropped."""
    messages = code_messages(english_path)
    gone = [english for english in before if english not in messages]
    name = Path(english_path).name
    entries = [CODE_HEADER.format(chapter=f"chapters/{name}")]
    for english, cells in messages.items():
        string, fuzzy, comments = before.get(english, ("", False, []))
        if english not in before:
            close = difflib.get_close_matches(english, gone, n=1, cutoff=0.8)
            if close:
                string, _, comments = before[close[0]]
                fuzzy = bool(string)
        entries.append(po_entry(english, string, fuzzy, comments,
                                [f"chapters/{name}:{cell}" for cell in cells]))
    return "\n".join(entries)


def po_entry(english, string, fuzzy, comments, places):
    """One catalogue entry: the translator's comments, where the English is, fuzzy or not."""
    lines = [f"# {comment}" for comment in comments] + ["#: " + " ".join(places)]
    lines += ["#, fuzzy"] if fuzzy and string else []
    lines += [f"msgid {po_string(english)}", f"msgstr {po_string(string)}"]
    return "\n".join(lines) + "\n"


def update_code_catalogues():
    """Bring every chapter's code catalogue up to date with its code (make translations)."""
    CODE_CATALOGUES.mkdir(parents=True, exist_ok=True)
    for english in chapters():
        path = CODE_CATALOGUES / f"{english.stem}.po"
        path.write_text(code_catalogue(english, read_code_catalogue(path)), encoding="utf-8")
    for old in sorted(CODE_CATALOGUES.glob("*.po")):
        if not (CHAPTERS / f"{old.stem}.ipynb").exists():
            old.unlink()


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("chapters", nargs="*", metavar="chapter",
                           help="only these chapters (e.g. 07_parameters.ipynb)")
    arguments.add_argument("--check", action="store_true",
                           help="write nothing; exit 1 if a Chinese chapter is out of date")
    arguments.add_argument("--update-catalogues", action="store_true",
                           help="bring the code catalogues (book/locale/zh_CN/LC_MESSAGES/"
                                "code) up to date with the chapters' code, then stop")
    args = arguments.parse_args()
    if args.update_catalogues:
        update_code_catalogues()
        print(f"code catalogues updated in {CODE_CATALOGUES.relative_to(ROOT)}")
        return
    start = time.perf_counter()
    try:
        counts, stale = generate(check=args.check,
                                 names=[Path(name).name for name in args.chapters])
    except (MissingTranslation, BadTranslation, ValueError) as error:
        sys.exit(f"translate_notebooks.py: {error}")
    for name, (cells, translated, strings) in counts.items():
        print(f"{LANGUAGE}/{name}: {cells} markdown cells, {translated} segments and "
              f"{strings} code strings translated")
    if stale:
        sys.exit("out of date (run `make notebooks-zh`): "
                 + ", ".join(str(p.relative_to(ROOT)) for p in stale))
    print(f"{len(counts)} chapters in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
