"""What the search page finds first and what it shows of each page, in both editions.

* **Where a term is defined ranks first.** Sphinx scores a page 5 when its text has the
  word and 15 when a heading has it, and sorts pages with equal scores by title: a term
  used once on the references page ranks with the chapter that is about it, and in the
  Chinese edition the book pages' titles (参考文献, 术语表, ...) sort before 第 N 章, so the
  statics chapter came eighth for 雅可比. The glossary says where the course defines each
  term (its ``chapter`` column): that chapter gets an index entry for the term (and, in the
  Chinese edition, for each of its aliases) at the section whose heading has it, else at
  the first section that uses it. Sphinx
  scores an index entry by how much of it the query covers (100 for the whole entry), so
  the defining section comes first, and the result links to it.
* **Excerpts of prose, not of the interface.** Sphinx shows the text of the page's main
  element around the query: the theme's buttons (System Settings, 亮色, 暗色), the print
  copy of the table of contents, code cells and raw LaTeX. ``book-search.js`` reads only
  the article, without code and display equations, writes inline formulas as plain text
  (τ = Jᵀ F), and starts an excerpt at the term a searched alias stands for (惯性张量 →
  惯量张量, highlighted as well).
"""

import json
import re

from chinese_search import glossary_aliases
from docutils import nodes
from glossary_table import aliases, read_glossary
from sphinx import addnodes
from sphinx.transforms import SphinxTransform

SEARCH_SCRIPT = "book-search.js"


def chapter_number(docname):
    """The number of a chapter page (``chapters/02_inertia`` → 2), else None."""
    match = re.fullmatch(r"chapters/(\d\d)_\w+", docname)
    return int(match.group(1)) if match else None


def defined_terms(chapter, language):
    """The glossary rows a chapter defines: [(the term as the page writes it, all its
    names)] in the language of the edition."""
    rows = [row for row in read_glossary() if int(row["chapter"]) == chapter]
    if language == "zh_CN":
        return [(row["chinese"], [row["chinese"], *aliases(row)]) for row in rows]
    return [(row["english"], [row["english"]]) for row in rows]


class GlossaryIndexEntries(SphinxTransform):
    """Index entries for the terms a chapter defines, at the section about each."""

    default_priority = 800  # after translation, before the domains collect index entries

    def apply(self):
        chapter = chapter_number(self.env.docname)
        if chapter is None:
            return
        sections = list(self.document.findall(nodes.section))
        for term, names in defined_terms(chapter, self.config.language):
            section = next((s for s in sections if _titled(s, term)), None) or next(
                (s for s in sections if _uses(s, term)), sections[0])
            # the chapter's own heading: no anchor, so that the result is the chapter's
            anchor = section["ids"][0] if section is not sections[0] else ""
            entries = [("single", name, anchor, "main", None) for name in names]
            index = addnodes.index(entries=entries, inline=False)
            section.insert(1, index)  # after the title


def _titled(section, term):
    """Whether the section's heading has the term."""
    return term.lower() in section[0].astext().lower()


def _uses(section, term):
    """Whether the section's own text (not its subsections') has the term."""
    found = term.lower()
    for child in section.children:
        if isinstance(child, nodes.section):
            continue
        text = "".join(
            t.astext() for t in child.findall(nodes.Text)
            if not isinstance(t.parent, (nodes.math, nodes.literal, nodes.raw))
        )
        if found in text.lower():
            return True
    return False


def add_search_script(app, pagename, templatename, context, doctree):
    """The search page's script, with the glossary's aliases (term by alias) before it."""
    if pagename != "search":
        return
    by_alias = {alias: term for term, group in glossary_aliases().items() for alias in group}
    app.add_js_file(None, body=f"window.BOOK_SEARCH_ALIASES = {json.dumps(by_alias)};")
    app.add_js_file(SEARCH_SCRIPT, loading_method="defer")  # after searchtools.js


def note_written(app, pagename, templatename, context, doctree):
    if doctree is not None:
        app.env.book_pages_written.add(pagename)


def keep_index_entries(app):
    """Feed the search index again with the pages this build did not rewrite.

    An incremental build keeps the words of those pages (Sphinx reloads them from the last
    searchindex.js) but not their index entries, which the environment saved before it
    collected them: without this, a second ``make book`` would lose the entries above.
    """
    if getattr(app.builder, "indexer", None) is None:
        return []
    for docname in sorted(app.env.found_docs - app.env.book_pages_written):
        title = app.env.longtitles.get(docname)
        if title is not None:
            app.builder.index_page(docname, app.env.get_doctree(docname), title.astext())
    return []


def start_build(app):
    app.env.book_pages_written = set()


def setup(app):
    app.add_transform(GlossaryIndexEntries)
    app.connect("builder-inited", start_build)
    app.connect("html-page-context", note_written)
    app.connect("html-collect-pages", keep_index_entries)
    app.connect("html-page-context", add_search_script)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
