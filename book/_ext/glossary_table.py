"""The English–Chinese glossary, kept as data in ``book/glossary.csv``.

One row per term: ``english, chinese, symbol, chapter, aliases`` (symbol in LaTeX without
dollars, may be empty; chapter = the number of the chapter where the course defines the
term; aliases = the other Chinese names of the concept, separated by ``;``: the older or
regional forms students know from the lecture notes and the mainland textbooks, e.g.
惯性张量 for 惯量张量 or 哥氏力 for the Coriolis terms). ``{glossary-table}`` renders it as a
table (the same in both editions). The search of the Chinese edition finds a term by any
of its names (chinese_search.py, search_page.py); tests/test_book.py checks that the
translation uses the term and tests/test_book_chinese.py that it uses none of the aliases:
the book says 惯量张量 everywhere, a search for 惯性张量 finds it.
"""

import csv
from pathlib import Path

from book_text import text
from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

GLOSSARY = Path(__file__).resolve().parent.parent / "glossary.csv"
COLUMNS = ("english", "chinese", "symbol", "chapter", "aliases")
SHOWN = ("english", "chinese", "aliases", "symbol", "chapter")  # the table's column order


def read_glossary(path=GLOSSARY):
    """The glossary rows as dictionaries, in the file's order (sorted by English term)."""
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    for number, row in enumerate(rows, start=2):
        if tuple(row) != COLUMNS or not all(row[k].strip() for k in ("english", "chinese")):
            raise ValueError(f"{path}:{number}: expected columns {COLUMNS}, got {row}")
    return rows


def aliases(row):
    """The other Chinese names of a glossary row's term, as a list.

    >>> aliases({"aliases": "惯性张量; 惯量矩阵"})
    ['惯性张量', '惯量矩阵']
    >>> aliases({"aliases": ""})
    []
    """
    return [name.strip() for name in row["aliases"].split(";") if name.strip()]


def chapter_docname(srcdir, number):
    """The docname of chapter ``number`` (``chapters/NN_name``), or None if it is absent."""
    found = sorted(Path(srcdir).glob(f"chapters/{int(number):02d}_*.ipynb"))
    return f"chapters/{found[0].stem}" if found else None


class GlossaryTableDirective(SphinxDirective):
    """``{glossary-table}``: the glossary as a table, one row per term."""

    def run(self):
        self.env.note_dependency(str(GLOSSARY))
        language = self.config.language
        headers = [text(language, f"glossary_{key}") for key in SHOWN]
        table = nodes.table(classes=["book-glossary"])
        group = nodes.tgroup(cols=len(SHOWN))
        table += group
        group += [nodes.colspec(colwidth=width) for width in (22, 18, 24, 22, 14)]
        head = nodes.thead()
        head += _row([nodes.paragraph("", header) for header in headers])
        body = nodes.tbody()
        for row in read_glossary():
            body += _row(self._cells(row, language))
        group += [head, body]
        for paragraph in table.findall(nodes.paragraph):
            paragraph["translatable"] = False
        return [table]

    def _cells(self, row, language):
        english = nodes.paragraph("", row["english"])
        english["ids"] = [nodes.make_id("term-" + row["english"])]
        chinese = nodes.paragraph("", "", nodes.Text(row["chinese"]))
        other_names = nodes.paragraph("", "", nodes.Text("、".join(aliases(row))))
        symbol = nodes.paragraph()
        if row["symbol"].strip():
            symbol += nodes.math("", row["symbol"].strip())
        chapter = nodes.paragraph()
        docname = chapter_docname(self.env.srcdir, row["chapter"])
        label = text(language, "glossary_chapter_value", number=int(row["chapter"]))
        if docname is None:
            chapter += nodes.Text(label)
        else:
            chapter += addnodes.pending_xref(
                "",
                nodes.inline("", label),
                refdomain="std",
                reftype="doc",
                reftarget=f"/{docname}",
                refdoc=self.env.docname,
                refexplicit=True,
            )
        return [english, chinese, other_names, symbol, chapter]


def _row(cells):
    row = nodes.row()
    for content in cells:
        entry = nodes.entry()
        entry += content
        row += entry
    return row


def setup(app):
    app.add_directive("glossary-table", GlossaryTableDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
