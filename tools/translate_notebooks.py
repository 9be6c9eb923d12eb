"""Write the Chinese chapter notebooks, ``chapters/zh_CN/NN_*.ipynb``, from the English
chapters and the book's catalogues (``book/locale/zh_CN/LC_MESSAGES/chapters/NN_*.po``).

    python tools/translate_notebooks.py           # write chapters/zh_CN (make notebooks-zh)
    python tools/translate_notebooks.py --check   # exit 1 if a committed one is out of date

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

Code cells are copied unchanged: source, tags and metadata, and also their outputs and
execution counts, as is the notebook's saved widget state. The code is the same and the
chapters are deterministic (nbval checks that both run), so the outputs are the English
notebook's, cell by cell: no output shows text taken from the markdown. So **figures and
printed results stay English** (axis labels, legends, widget captions, the 3-D viewer's
saved words) until the figures' labels are translated (issue 37, item 3); then this
generator must execute the Chinese notebooks instead of copying the outputs.

The notebook's metadata says its language (``"language": "zh_CN"``) and where it comes
from (``"robocourse": {"translated_from": "chapters/NN_….ipynb"}``).
"""

import argparse
import copy
import json
import re
import runpy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
CHAPTERS = ROOT / "chapters"
CHAPTER_GLOB = "[0-9][0-9]_*.ipynb"
LANGUAGE = "zh_CN"
CATALOGUES = BOOK / "locale" / LANGUAGE / "LC_MESSAGES" / "chapters"

sys.path.insert(0, str(BOOK))
sys.path.insert(0, str(BOOK / "_ext"))
from build import read_catalogue  # noqa: E402  (the book's catalogue reader)

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


def translate_notebook(english_path, catalogue=None):
    """The Chinese notebook of the chapter ``english_path`` (a notebook dictionary) and the
    number of segments translated; raises MissingTranslation naming what is untranslated."""
    english_path = Path(english_path)
    if catalogue is None:
        catalogue = read_catalogue(CATALOGUES / f"{english_path.stem}.po")
    notebook = json.loads(english_path.read_text(encoding="utf-8"))
    chinese = copy.deepcopy(notebook)
    missing, translated = [], 0
    for index, cell in enumerate(chinese["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        text, count, untranslated = translate_markdown("".join(cell["source"]), catalogue)
        translated += count
        missing += [(english_path.name, index, english) for english in untranslated]
        cell["source"] = text.splitlines(keepends=True)
    if missing:
        raise MissingTranslation(missing)
    chinese["metadata"]["language"] = LANGUAGE
    chinese["metadata"]["robocourse"] = {
        "translated_from": english_path.relative_to(ROOT).as_posix()
        if english_path.is_relative_to(ROOT) else english_path.name}
    return chinese, translated


def notebook_text(notebook):
    """A notebook as Jupyter writes it (nbformat's layout: one-space indent, sorted keys)."""
    import nbformat

    return nbformat.writes(nbformat.from_dict(notebook)) + "\n"


def chapters():
    """The English chapters: chapters/NN_*.ipynb."""
    return sorted(CHAPTERS.glob(CHAPTER_GLOB))


def chinese_path(english_path):
    return CHAPTERS / LANGUAGE / Path(english_path).name


def generate(check=False):
    """Write (or, with ``check``, compare) every Chinese chapter; returns
    {chapter: (markdown cells, segments translated)} and the list of stale files."""
    counts, stale, missing = {}, [], []
    for english in chapters():
        try:
            chinese, translated = translate_notebook(english)
        except MissingTranslation as error:
            missing += error.missing
            continue
        counts[english.name] = (sum(c["cell_type"] == "markdown" for c in chinese["cells"]),
                                translated)
        text, target = notebook_text(chinese), chinese_path(english)
        if check:
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                stale.append(target)
        else:
            target.parent.mkdir(exist_ok=True)
            target.write_text(text, encoding="utf-8")
    if missing:
        raise MissingTranslation(missing)
    if not check:   # a chapter removed in English goes in Chinese too
        for old in sorted((CHAPTERS / LANGUAGE).glob(CHAPTER_GLOB)):
            if not (CHAPTERS / old.name).exists():
                old.unlink()
    return counts, stale


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--check", action="store_true",
                           help="write nothing; exit 1 if a Chinese chapter is out of date")
    args = arguments.parse_args()
    try:
        counts, stale = generate(check=args.check)
    except MissingTranslation as error:
        sys.exit(f"translate_notebooks.py: {error}")
    for name, (cells, translated) in counts.items():
        print(f"{LANGUAGE}/{name}: {cells} markdown cells, {translated} segments translated")
    if stale:
        sys.exit("out of date (run `make notebooks-zh`): "
                 + ", ".join(str(p.relative_to(ROOT)) for p in stale))


if __name__ == "__main__":
    main()
