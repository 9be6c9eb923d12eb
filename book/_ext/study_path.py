"""The study path of the landing page, generated from the chapter notebooks present.

``{study-path}`` lists every ``chapters/NN_*.ipynb`` in order. For each chapter it shows
the chapter's own title, its learning objectives and its prerequisites, copied at build
time from the chapter's page (so the Chinese edition shows the translated chapter text and
the landing page can never disagree with the chapter), the time it takes (estimated from
the notebook's length), a link to the chapter's notebook in the page's language (the
Chinese pages: ``chapters/zh_CN/NN_*.ipynb``, downloadable), and links to the student
version of its exercises in the page's language (``exercises/chN_*/*.ipynb``; the Chinese
pages: ``exercises/chN_*_zh_CN/*.ipynb``, tools/translate_exercises.py; downloadable) and to
the instructor guide. A new chapter appears by adding its notebook.

In a chapter, the objectives are the list that follows the paragraph starting with
"**Learning objectives.**", the prerequisites the paragraph starting with
"**Prerequisites.**" (as in every chapter's first cell).
"""

import json
import re
from pathlib import Path

from book_text import hours, text
from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.util.docutils import SphinxDirective

CHAPTER_GLOB = "[0-9][0-9]_*.ipynb"
CHAPTERS_DIR = "chapters"
OBJECTIVES_LEAD = "Learning objectives"
PREREQUISITES_LEAD = "Prerequisites"
READING_WORDS_PER_MINUTE = 50  # careful reading of a derivation, not of a novel
MINUTES_PER_CODE_CELL = 1.5  # run it, read its result
_MATH_OR_CODE = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|`[^`]*`", re.DOTALL)


class study_path_chapter(nodes.General, nodes.Element):
    """Placeholder filled with a chapter's title, objectives and prerequisites."""


def chapter_notebooks(srcdir):
    """The chapter notebooks in their order: ``chapters/00_...``, ``chapters/01_...``, ..."""
    return sorted((Path(srcdir) / CHAPTERS_DIR).glob(CHAPTER_GLOB))


def study_minutes(notebook):
    """Estimated study time of a chapter notebook in minutes, with its word and cell counts.

    Prose is read at READING_WORDS_PER_MINUTE (equations and code spans do not count as
    words); each code cell adds MINUTES_PER_CODE_CELL.
    """
    cells = json.loads(Path(notebook).read_text(encoding="utf-8"))["cells"]
    prose = " ".join(
        _MATH_OR_CODE.sub(" ", "".join(cell["source"]))
        for cell in cells
        if cell["cell_type"] == "markdown"
    )
    words = len(re.findall(r"[^\W\d_]+", prose))
    code_cells = sum(cell["cell_type"] == "code" for cell in cells)
    minutes = words / READING_WORDS_PER_MINUTE + code_cells * MINUTES_PER_CODE_CELL
    return minutes, words, code_cells


def notebook_in_language(srcdir, notebook, language):
    """The chapter ``notebook`` a reader of ``language`` works in: its Chinese twin
    (``chapters/zh_CN/``, tools/translate_notebooks.py) on the Chinese pages, if there is one."""
    twin = Path(srcdir) / CHAPTERS_DIR / language / Path(notebook).name
    return twin if language != "en" and twin.is_file() else Path(notebook)


def exercise_notebooks(srcdir, number, language="en"):
    """Student versions of chapter ``number``'s graded exercises in ``language``: the English
    ones, ``exercises/chN_*/*.ipynb``, or another language's, ``exercises/chN_*_<language>/``
    (the English ones where there are none)."""
    found = sorted(Path(srcdir).glob(f"exercises/ch{number}_*/*.ipynb"))
    translated = [p for p in found if p.parent.name.endswith(f"_{language}")]
    return translated if language != "en" and translated else \
        [p for p in found if not p.parent.name.endswith("_zh_CN")]


class StudyPathDirective(SphinxDirective):
    """``{study-path}``: one entry per chapter notebook present."""

    has_content = False

    def run(self):
        language = self.config.language
        srcdir = Path(self.env.srcdir)
        entries = []
        for notebook in chapter_notebooks(srcdir):
            number = int(notebook.name[:2])
            docname = f"{CHAPTERS_DIR}/{notebook.stem}"
            self.env.note_dependency(str(notebook))
            entry = nodes.container(classes=["study-path-chapter"])
            entry += study_path_chapter(docname=docname)
            minutes, words, code_cells = study_minutes(notebook)
            entry += _labelled(
                text(language, "time"),
                [
                    nodes.Text(
                        text(
                            language,
                            "time_value",
                            hours=hours(minutes, language),
                            words=words,
                            cells=code_cells,
                        )
                    )
                ],
            )
            entry += _labelled(text(language, "notebook"), self._notebook_link(notebook))
            entry += _labelled(text(language, "exercises"), self._exercise_links(number))
            entries.append(entry)
        return entries

    def _notebook_link(self, notebook):
        language = self.config.language
        srcdir = Path(self.env.srcdir)
        shown = notebook_in_language(srcdir, notebook, language)
        self.env.note_dependency(str(shown))
        return [_download(self.env.docname, shown.relative_to(srcdir).as_posix(),
                          text(language, "notebook_download", name=shown.name))]

    def _exercise_links(self, number):
        language = self.config.language
        srcdir = Path(self.env.srcdir)
        links = []
        for exercise in exercise_notebooks(srcdir, number, language):
            self.env.note_dependency(str(exercise))
            relative = exercise.relative_to(srcdir).as_posix()
            label = text(language, "exercise_download", name=exercise.name)
            links += [_download(self.env.docname, relative, label), nodes.Text(" · ")]
        if not links:
            links = [nodes.Text(text(language, "exercises_none") + " · ")]
        guide = addnodes.pending_xref(
            "",
            nodes.inline("", text(language, "instructor_guide")),
            refdomain="std",
            reftype="doc",
            reftarget="instructors",
            refdoc=self.env.docname,
            refexplicit=True,
        )
        return [*links, guide]


def _download(docname, relative, label):
    """A link that downloads the file ``relative`` (to the source folder)."""
    return addnodes.download_reference("", "", nodes.inline("", label), reftarget=f"/{relative}",
                                       refdoc=docname, refexplicit=True)


def _labelled(label, content):
    paragraph = nodes.paragraph(classes=["study-path-field"])
    paragraph += nodes.strong("", label + (":" if label.isascii() else "\uff1a"))
    paragraph += nodes.Text(" ")
    paragraph += content
    paragraph["translatable"] = False
    return paragraph


class MarkChapterHeader(SphinxTransform):
    """Tag a chapter's objectives and prerequisites (before translation changes the text)."""

    default_priority = 10  # before sphinx.transforms.i18n.Locale (20)

    def apply(self):
        if not self.env.docname.startswith(f"{CHAPTERS_DIR}/"):
            return
        for paragraph in list(self.document.findall(nodes.paragraph)):
            lead = paragraph.astext()
            if lead.startswith(OBJECTIVES_LEAD):
                paragraph["classes"].append("book-objectives-lead")
                following = paragraph.next_node(descend=False, siblings=True)
                if isinstance(following, (nodes.enumerated_list, nodes.bullet_list)):
                    following["classes"].append("book-objectives")
            elif lead.startswith(PREREQUISITES_LEAD):
                paragraph["classes"].append("book-prerequisites")


def _tagged(doctree, cls):
    return [node for node in doctree.findall(nodes.Element) if cls in node.get("classes", [])]


def fill_study_path(app, doctree, docname):
    """Copy each chapter's title, objectives and prerequisites into the landing page."""
    if app.builder.name == "gettext":  # the chapter's strings belong to its own catalogue
        for placeholder in list(doctree.findall(study_path_chapter)):
            placeholder.parent.remove(placeholder)
        return
    for placeholder in list(doctree.findall(study_path_chapter)):
        chapter = placeholder["docname"]
        chapter_tree = app.env.get_doctree(chapter)
        title = next(iter(chapter_tree.findall(nodes.title)))
        heading = nodes.paragraph(classes=["study-path-title"])
        link = nodes.reference("", "", internal=True)
        link["refuri"] = app.builder.get_relative_uri(docname, chapter)
        link += [child.deepcopy() for child in title.children]
        heading += nodes.strong("", "", link)
        parts = [heading]
        for cls in ("book-objectives-lead", "book-objectives", "book-prerequisites"):
            parts += [node.deepcopy() for node in _tagged(chapter_tree, cls)[:1]]
        placeholder.replace_self(parts)


def landing_page_outdated(app, env, added, changed, removed):
    """Re-read the landing page when a chapter appears or disappears."""
    chapters = {doc for doc in added | removed if doc.startswith(f"{CHAPTERS_DIR}/")}
    if not chapters:
        return []
    return [env.config.root_doc]


def setup(app):
    app.add_node(study_path_chapter)
    app.add_directive("study-path", StudyPathDirective)
    app.add_transform(MarkChapterHeader)
    app.connect("doctree-resolved", fill_study_path)
    app.connect("env-get-outdated", landing_page_outdated)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
