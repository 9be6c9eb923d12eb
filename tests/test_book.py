"""The course book: the static website built from the chapter notebooks (``make book``).

The site is built once per test session, both languages, warnings as errors
(``book/build.py``), into a temporary folder; its build times go to
``test-artifacts/book/build-times.json`` and are printed. The tests read the built HTML:
nothing is loaded from outside the site, internal links land, the landing page carries
each chapter's own objectives. The zh_CN catalogues must be complete, must match the
strings of the current notebooks and pages, keep every formula and code span, and use the
glossary's terms. A small project of its own checks how tagged cells, test markers and
widgets appear. The ``browser`` tests open the site in headless Chromium with every
request off the machine blocked: equations, animation, search, language switch
(screenshots in ``test-artifacts/book/``).
"""

import collections
import csv
import doctest
import fcntl
import functools
import html
import html.parser
import http.server
import importlib.util
import io
import json
import os
import re
import shutil
import socketserver
import sys
import threading
import time
import urllib.parse
from pathlib import Path

import numpy as np
import pytest
import viewer_checks as V
from babel.messages.pofile import read_po
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
LOCALE = BOOK / "locale" / "zh_CN" / "LC_MESSAGES"
ARTIFACTS = ROOT / "test-artifacts" / "book"
LANGUAGES = ("en", "zh_CN")
CHAPTERS = sorted((ROOT / "chapters").glob("[0-9][0-9]_*.ipynb"))
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: Seconds a page may take to load or a browser step to finish before a test fails.
PAGE_SECONDS = 120


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


book_build = _load("book_build", BOOK / "build.py")


def _require_assets():
    if not (BOOK / "node_modules" / ".installed").exists():
        pytest.fail("the book's npm assets are not installed: run `make book` (or "
                    "`npm ci --prefix book --ignore-scripts`)")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Both languages built from the committed notebooks: {'root': Path, 'seconds': {...}}.

    ``make test`` names a folder in ``ROBOCOURSE_TEST_SITE``, emptied when it starts: the
    first of its phases that needs the site builds it there, the later ones read it."""
    _require_assets()
    shared = os.environ.get("ROBOCOURSE_TEST_SITE")
    folder = Path(shared) if shared else tmp_path_factory.mktemp("book")
    folder.mkdir(parents=True, exist_ok=True)
    out, record = folder / "html", folder / "build-times.json"
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)           # one build, even for parallel workers
        if not record.exists():
            record.write_text(json.dumps(book_build.build(out), indent=1))
    seconds = json.loads(record.read_text())
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "build-times.json").write_text(json.dumps(seconds, indent=1))
    return {"root": out, "seconds": seconds}


def _pages(language_root):
    """The HTML pages of one language (not the theme's templates kept in _static)."""
    root = Path(language_root)
    return sorted(p for p in root.rglob("*.html") if "_static" not in p.relative_to(root).parts)


# --- reading HTML -------------------------------------------------------------------------

class _Page(html.parser.HTMLParser):
    """The loads (script/link/img/... URLs), links, ids and text of one HTML page."""

    LOADS = {"script": "src", "img": "src", "link": "href", "source": "src",
             "iframe": "src", "video": "src", "audio": "src", "embed": "src"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.loads, self.links, self.ids = [], [], set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        elif tag in self.LOADS and attrs.get(self.LOADS[tag]):
            self.loads.append((tag, attrs[self.LOADS[tag]]))


@functools.lru_cache(maxsize=None)
def _parse(path):
    page = _Page()
    page.feed(Path(path).read_text(encoding="utf-8"))
    return page


def _is_remote(url):
    return bool(re.match(r"^([a-z][a-z0-9+.-]*:)?//", url, re.I)) or url.startswith(
        ("http:", "https:"))


def _local_target(page, url):
    """The file a relative URL of ``page`` points to."""
    path = urllib.parse.urlsplit(url).path
    return (page.parent / urllib.parse.unquote(path)).resolve() if path else page


class _Text(html.parser.HTMLParser):
    """Text of an HTML fragment, maths kept as its TeX source."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []

    def handle_data(self, data):
        self.parts.append(data)


def _plain(fragment):
    parser = _Text()
    parser.feed(fragment)
    return _normalise("".join(parser.parts))


_SMART_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def _normalise(text):
    """Compare prose across markdown and HTML: no markup, maths delimiters or spacing."""
    text = text.translate(_SMART_QUOTES)
    text = re.sub(r"\\\(|\\\)|\$|\*\*|\*|`", "", text)
    return re.sub(r"\s+", " ", text).strip()


# --- the build ----------------------------------------------------------------------------

def test_site_builds_in_both_languages_with_every_page(site, capsys):
    for language in LANGUAGES:
        root = site["root"] / language
        for page in ["book/index", "book/glossary", "book/notation", "book/references",
                     "book/instructors", "search"]:
            assert (root / f"{page}.html").is_file(), f"{language}: {page}.html missing"
        for notebook in CHAPTERS:
            assert (root / "chapters" / f"{notebook.stem}.html").is_file(), (language, notebook)
    size = sum(f.stat().st_size for language in LANGUAGES
               for f in (site["root"] / language).rglob("*") if f.is_file())
    with capsys.disabled():
        times = ", ".join(f"{lang} {s:.1f} s" for lang, s in site["seconds"].items())
        print(f"\n[book] built ({times}); site {size / 2**20:.0f} MiB")


def test_no_page_loads_anything_from_outside_the_site(site):
    problems = []
    for language in LANGUAGES:
        root = (site["root"] / language).resolve()
        for page in _pages(root):
            for tag, url in _parse(page).loads:
                if url.startswith("data:"):
                    continue
                target = _local_target(page, url)
                if _is_remote(url) or not target.is_relative_to(root) or not target.is_file():
                    problems.append(f"{page.relative_to(root)}: <{tag}> {url}")
        for sheet in root.rglob("*.css"):
            css = sheet.read_text(encoding="utf-8", errors="replace")
            for url in re.findall(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)", css):
                if url.startswith(("data:", "#")):
                    continue
                target = _local_target(sheet, url)
                if _is_remote(url) or not target.is_relative_to(root) or not target.exists():
                    problems.append(f"{sheet.relative_to(root)}: url({url})")
    assert not problems, "loaded from outside the site or missing:\n" + "\n".join(
        sorted(set(problems))[:40])


#: What a page may name with a URL: XML namespaces (names, never fetched)
NAMESPACES = {"http://www.w3.org/1999/xhtml", "http://www.w3.org/2000/svg",
              "http://www.w3.org/1999/xlink", "http://www.w3.org/1998/Math/MathML",
              "http://www.w3.org/XML/1998/namespace"}
_URL = re.compile(r"https?://[^\s\"'<>()\\]+|(?<=[\"'(=])//[a-z0-9-]+(?:\.[a-z0-9-]+)+", re.I)


def test_no_page_names_a_network_host(site):
    """Not in a tag, a link, an inline script or a widget's saved state (the arm viewer's
    code, three.js with it, travels in it): every page of the book, both languages, names
    no host on the network, so nothing in it can reach for one."""
    named = collections.Counter()
    for language in LANGUAGES:
        for page in _pages(site["root"] / language):
            text = page.read_text(encoding="utf-8").replace("\\/", "/")   # JSON's "\/"
            for url in _URL.findall(text):
                if url.rstrip("/.,;") not in NAMESPACES:
                    named[f"{language}/{page.relative_to(site['root'] / language)}: {url}"] += 1
    assert not named, "pages name hosts on the network:\n" + "\n".join(sorted(named)[:40])


def test_internal_links_land_on_a_page_and_anchor(site):
    broken = []
    for language in LANGUAGES:
        root = site["root"] / language
        for page in _pages(root):
            for url in _parse(page).links:
                if _is_remote(url) or url.startswith(("mailto:", "javascript:", "data:")):
                    continue
                parts = urllib.parse.urlsplit(url)
                target = _local_target(page, url)
                if not target.exists():
                    broken.append(f"{page.relative_to(root)} -> {url}")
                elif parts.fragment and target.suffix == ".html":
                    if urllib.parse.unquote(parts.fragment) not in _parse(target).ids:
                        broken.append(f"{page.relative_to(root)} -> {url} (no such anchor)")
    assert not broken, "broken links:\n" + "\n".join(sorted(set(broken))[:40])


def test_language_switch_on_every_page_leads_to_the_same_page(site):
    for language, other in (("en", "zh_CN"), ("zh_CN", "en")):
        root = site["root"] / language
        for page in _pages(root):
            text = page.read_text(encoding="utf-8")
            if "<html" not in text or page.name == "genindex.html":
                continue
            match = re.search(r'class="[^"]*book-language-switch[^"]*" href="([^"]+)"', text)
            assert match, f"{language}: no language switch on {page.relative_to(root)}"
            target = _local_target(page, match.group(1))
            assert target == (site["root"] / other / page.relative_to(root)).resolve()
            assert target.is_file()


_MARKUP = {"bold": r"<strong>", "italic": r"<em[ >]", "code": r'<code class="docutils literal',
           "maths": r'<span class="math', "link": r'<a class="reference'}


def test_chinese_pages_keep_the_markup_of_the_english_ones(site):
    """A translation that breaks bold, italics, code, maths or links shows in the counts."""
    differences = []
    for page in _pages(site["root"] / "en"):
        name = page.relative_to(site["root"] / "en")
        if name.parts[0] not in ("book", "chapters"):
            continue
        english = page.read_text(encoding="utf-8")
        chinese = (site["root"] / "zh_CN" / name).read_text(encoding="utf-8")
        for kind, tag in _MARKUP.items():
            counts = len(re.findall(tag, english)), len(re.findall(tag, chinese))
            if counts[0] != counts[1]:
                differences.append(f"{name}: {kind} {counts[0]} in English, "
                                   f"{counts[1]} in Chinese")
    assert not differences, "\n".join(differences)


# --- the landing page ---------------------------------------------------------------------

def _chapter_header(notebook):
    """Title, objectives and prerequisites of a chapter, read from its first cell."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    first = "".join(next(c for c in cells if c["cell_type"] == "markdown")["source"])
    title = re.search(r"^# (.+)$", first, re.M).group(1)
    after = first.split("**Learning objectives.**", 1)[1]
    items = re.split(r"^\d+\.\s+", after.split("**Prerequisites.**")[0], flags=re.M)[1:]
    prerequisites = re.search(r"\*\*Prerequisites\.\*\*(.*?)(\n\n|$)", first, re.S).group(1)
    return _normalise(title), [_normalise(i) for i in items], _normalise(prerequisites)


def _entries(landing_html):
    return re.findall(r'<div class="study-path-chapter[^"]*">(.*?)</div>', landing_html, re.S)


def test_landing_page_shows_each_chapter_with_its_own_objectives(site):
    landing = (site["root"] / "en" / "book" / "index.html").read_text(encoding="utf-8")
    entries = _entries(landing)
    assert len(entries) == len(CHAPTERS), "one study-path entry per chapter notebook"
    for notebook, entry in zip(CHAPTERS, entries, strict=True):
        title, objectives, prerequisites = _chapter_header(notebook)
        assert len(objectives) >= 3, f"{notebook.name}: objectives not found in the notebook"
        heading = re.search(r'class="study-path-title">(.*?)</p>', entry, re.S).group(1)
        assert f'href="../chapters/{notebook.stem}.html"' in heading
        assert _plain(heading) == title
        shown = re.search(r'<ol class="[^"]*book-objectives[^"]*">(.*?)</ol>', entry, re.S)
        assert shown, f"{notebook.name}: no objectives on the landing page"
        items = [_plain(li) for li in re.findall(r"<li>(.*?)</li>", shown.group(1), re.S)]
        assert items == objectives, notebook.name
        prereq = re.search(r'class="book-prerequisites">(.*?)</p>', entry, re.S).group(1)
        assert _plain(prereq) == "Prerequisites. " + prerequisites
        assert re.search(r"Time:</strong> about [\d¼½¾]+ h", entry), notebook.name
        exercises = sorted((ROOT / "exercises").glob(f"ch{int(notebook.name[:2])}_*/*.ipynb"))
        for exercise in [e for e in exercises if not e.parent.name.endswith("_zh_CN")]:
            link = re.search(rf'href="([^"]*{re.escape(exercise.name)})"', entry)
            assert link, f"{notebook.name}: no link to {exercise.name}"
            served = _local_target(site["root"] / "en" / "book" / "index.html", link.group(1))
            assert served.read_bytes() == exercise.read_bytes()
        assert "instructors.html" in entry


def test_landing_page_in_chinese_shows_the_translated_objectives(site):
    landing = (site["root"] / "zh_CN" / "book" / "index.html").read_text(encoding="utf-8")
    for notebook, entry in zip(CHAPTERS, _entries(landing), strict=True):
        catalogue = {m.id: m.string for m in _catalogue(f"chapters/{notebook.stem}") if m.id}
        first_objective = next(i for i in catalogue if i.startswith(
            _chapter_source_objective(notebook)[:40]))
        assert catalogue[first_objective], f"{notebook.name}: objective not translated"
        assert _plain(catalogue[first_objective]) in _plain(entry), notebook.name


def test_landing_page_offers_each_chapters_notebook_in_the_pages_language(site):
    """The English landing page downloads the English chapter, the Chinese one the Chinese
    chapter (chapters/zh_CN, what `make lab LANG=zh_CN` opens)."""
    for language, folder in (("en", ROOT / "chapters"), ("zh_CN", ROOT / "chapters" / "zh_CN")):
        landing = site["root"] / language / "book" / "index.html"
        entries = _entries(landing.read_text(encoding="utf-8"))
        for notebook, entry in zip(CHAPTERS, entries, strict=True):
            link = re.search(rf'href="([^"]*/{re.escape(notebook.name)})"', entry)
            assert link, f"{language}: no link to the notebook of {notebook.name}"
            served = _local_target(landing, link.group(1))
            assert served.read_bytes() == (folder / notebook.name).read_bytes(), language


def test_a_chinese_pages_widget_stills_send_the_reader_to_the_chinese_notebook(site):
    notes = 0
    for notebook in CHAPTERS:
        page = (site["root"] / "zh_CN" / "chapters" / f"{notebook.stem}.html").read_text(
            encoding="utf-8")
        for note in re.findall(r'<p class="widget-still-note">(.*?)</p>', page, re.S):
            notes += 1
            assert f"chapters/zh_CN/{notebook.name}" in note and "make lab LANG=zh_CN" in note
            assert (ROOT / "chapters" / "zh_CN" / notebook.name).is_file()
    assert notes, "no widget still on the Chinese pages"


def _chapter_source_objective(notebook):
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    first = "".join(cells[0]["source"])
    item = re.search(r"^1\.\s+(.*)$", first.split("**Learning objectives.**", 1)[1], re.M)
    return item.group(1)


def test_study_path_follows_the_chapter_files_present(tmp_path):
    study_path = _load_ext("study_path")
    for name in ("00_a.ipynb", "07_parameters.ipynb", "01_b.ipynb", "notes.ipynb"):
        (tmp_path / "chapters").mkdir(exist_ok=True)
        (tmp_path / "chapters" / name).write_text("{}")
    (tmp_path / "exercises" / "ch7_parameters").mkdir(parents=True)
    (tmp_path / "exercises" / "ch7_parameters" / "ch7_parameters.ipynb").write_text("{}")
    found = [p.name for p in study_path.chapter_notebooks(tmp_path)]
    assert found == ["00_a.ipynb", "01_b.ipynb", "07_parameters.ipynb"]
    assert [p.name for p in study_path.exercise_notebooks(tmp_path, 7)] == [
        "ch7_parameters.ipynb"]
    assert study_path.exercise_notebooks(tmp_path, 1) == []
    assert [p.name for p in study_path.exercise_notebooks(tmp_path, 7, "zh_CN")] == [
        "ch7_parameters.ipynb"]                   # no Chinese version: the English one
    (tmp_path / "exercises" / "ch7_parameters_zh_CN").mkdir()
    (tmp_path / "exercises" / "ch7_parameters_zh_CN" / "ch7_parameters_zh_CN.ipynb").write_text(
        "{}")
    assert [p.name for p in study_path.exercise_notebooks(tmp_path, 7)] == [
        "ch7_parameters.ipynb"]
    assert [p.name for p in study_path.exercise_notebooks(tmp_path, 7, "zh_CN")] == [
        "ch7_parameters_zh_CN.ipynb"]


def test_study_time_grows_with_the_chapter(tmp_path):
    study_path = _load_ext("study_path")
    prose = {"cell_type": "markdown", "source": ["word " * 500 + "$x = y$ `code`"]}
    code = {"cell_type": "code", "source": ["x = 1"]}
    short, long = tmp_path / "short.ipynb", tmp_path / "long.ipynb"
    short.write_text(json.dumps({"cells": [prose, code]}))
    long.write_text(json.dumps({"cells": [prose, prose, code, code, code]}))
    minutes_short, words, cells = study_path.study_minutes(short)
    assert (words, cells) == (500, 1)
    assert minutes_short == pytest.approx(500 / study_path.READING_WORDS_PER_MINUTE
                                          + study_path.MINUTES_PER_CODE_CELL)
    assert study_path.study_minutes(long)[0] > minutes_short


def _load_ext(name):
    sys.path.insert(0, str(BOOK / "_ext"))
    try:
        return _load(f"book_ext_{name}", BOOK / "_ext" / f"{name}.py")
    finally:
        sys.path.remove(str(BOOK / "_ext"))


# --- glossary -----------------------------------------------------------------------------

def _glossary():
    with open(BOOK / "glossary.csv", newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


glossary_table = _load_ext("glossary_table")


def test_glossary_has_every_term_with_its_chapter(site):
    rows = _glossary()
    assert len(rows) >= 60
    english = [row["english"].lower() for row in rows]
    assert len(set(english)) == len(english), "a term appears twice"
    chinese = [row["chinese"] for row in rows]
    assert len(set(chinese)) == len(chinese), "two terms share one Chinese term"
    numbers = {int(n.name[:2]) for n in CHAPTERS}
    for row in rows:
        assert int(row["chapter"]) in numbers, row
        assert re.search(r"[\u4e00-\u9fff]", row["chinese"]), row
    for language in LANGUAGES:
        page = (site["root"] / language / "book" / "glossary.html").read_text(encoding="utf-8")
        table = re.search(r'<table class="[^"]*book-glossary.*?</table>', page, re.S).group(0)
        table = html.unescape(table).translate(_SMART_QUOTES)
        assert table.count("<tr") == len(rows) + 1
        for row in rows:
            assert row["chinese"] in table and row["english"] in table, (language, row)
            assert "、".join(glossary_table.aliases(row)) in table, (language, row)


# --- the Chinese edition: search, typesetting, interface ----------------------------------

def _search_index(site, language):
    text = (site["root"] / language / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1:text.rindex(")")])


def _docs(index, word):
    """The pages whose text or headings have ``word`` (an index stores one page as a number)."""
    found = [index[kind].get(word, []) for kind in ("terms", "titleterms")]
    return {index["docnames"][i] for docs in found
            for i in (docs if isinstance(docs, list) else [docs])}


def test_search_index_finds_every_term_by_each_of_its_names(site):
    """The Chinese index lists a term's aliases on every page that has the term, and the
    chapter that defines a term has an index entry for each name at its section (how it
    ranks first); the English index has the English terms where they are defined."""
    chinese, english = _search_index(site, "zh_CN"), _search_index(site, "en")
    chapters = {int(name[:2]): f"chapters/{name}" for name in (c.stem for c in CHAPTERS)}
    missing = []
    for row in _glossary():
        defining = chapters[int(row["chapter"])]
        for index, names in ((chinese, [row["chinese"], *glossary_table.aliases(row)]),
                             (english, [row["english"]])):
            for name in names:
                entries = index["indexentries"].get(name.lower(), [])
                if not any(index["docnames"][doc] == defining for doc, _, _ in entries):
                    missing.append(f"index entry {name!r} -> {defining}")
        pages = _docs(chinese, row["chinese"])
        for alias in glossary_table.aliases(row):
            if " " not in alias and not pages <= _docs(chinese, alias):
                missing.append(f"{alias!r} misses pages of {row['chinese']!r}: "
                               f"{sorted(pages - _docs(chinese, alias))}")
    assert not missing, "\n".join(missing[:30])
    assert "chapters/02_inertia" in _docs(chinese, "惯性张量")
    assert "chapters/03_newton_euler" in _docs(chinese, "哥氏力")


_CLOSING = "，。、；：？！）”’"
_MATH_SPAN = r'<span class="math notranslate nohighlight">[^<]*</span>'


def test_chinese_pages_keep_formulas_with_their_punctuation(site):
    """Every inline formula touched by closing punctuation is bound to it (the browser may
    otherwise start a line with the punctuation; see test_chapter_renders_...)."""
    loose = []
    for page in _pages(site["root"] / "zh_CN"):
        html_text = page.read_text(encoding="utf-8")
        for match in re.finditer(f"({_MATH_SPAN})[{_CLOSING}]", html_text):
            if not re.search(r'<span class="nobr">[（“‘]*$', html_text[:match.start()]):
                loose.append(f"{page.name}: {match.group(0)[-40:]}")
    assert not loose, f"{len(loose)} formulas not bound to their punctuation:\n" + \
        "\n".join(loose[:20])


def test_chinese_pages_set_punctuation_and_emphasis_as_chinese_type(site):
    """No space next to full-width punctuation in the text of a page (Markdown's space after
    ``**思路。**`` included), and no slanted Chinese: Chinese emphasis is marked for the
    emphasis dots of book.css."""
    spaced, slanted = [], []
    for page in _pages(site["root"] / "zh_CN"):
        if page.parent.name not in ("book", "chapters"):
            continue
        article = re.search(r"<article.*?</article>", page.read_text(encoding="utf-8"), re.S)
        body = re.sub(r"<(pre|script|style)\b.*?</\1>|<span class=\"math[^>]*>[^<]*</span>",
                      "X", article.group(0), flags=re.S)  # a formula: a word like any other
        for match in re.finditer(r"[，。、；：？！）”][ \t]+\S|\S[ \t]+[，。、；：？！）]",
                                 _plain_lines(body)):
            spaced.append(f"{page.name}: {match.group(0)!r}")
        for emphasis in re.findall(r"<em( class=\"[^\"]*\")?>(.*?)</em>", body, re.S):
            if re.search(r"[\u4e00-\u9fff]", emphasis[1]) and "zh-emphasis" not in emphasis[0]:
                slanted.append(f"{page.name}: {emphasis[1][:30]!r}")
    assert not spaced, "spaces next to full-width punctuation:\n" + "\n".join(spaced[:20])
    assert not slanted, "Chinese emphasis set in italics:\n" + "\n".join(slanted[:20])
    css = (BOOK / "_static" / "book.css").read_text(encoding="utf-8")
    assert re.search(r"em\.zh-emphasis\s*\{[^}]*font-style:\s*normal[^}]*text-emphasis:", css)


def _plain_lines(fragment):
    """The text of an HTML fragment, one line per block (a space only where the page has
    one: between inline elements)."""
    fragment = re.sub(r"</(p|li|h\d|td|th|dt|dd|div|summary)>", "\n", fragment)
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


# English a Chinese page may show outside its prose: the switch to the English edition,
# keyboard and file names, and two screen-reader labels sphinx-book-theme hardcodes
_INTERFACE_ENGLISH = {"English", "English version of this page", "Ctrl", ".ipynb", ".pdf",
                      "Main", "Page"}


def test_chinese_pages_have_a_chinese_interface(site):
    """Theme, footer, code toggles and the animation players' controls, the line under
    a player's first frame and its picture's text: no English left on a Chinese page except
    the names above."""
    english = collections.Counter()
    for page in _pages(site["root"] / "zh_CN"):
        html_text = page.read_text(encoding="utf-8")
        if "<html" not in html_text:
            continue
        interface = re.sub(r"<(script|style|nav)\b.*?</\1>", " ", html_text,  # nav: headings
                           flags=re.S)
        article = re.search(r"<article.*?</article>", interface, re.S)
        kept = [re.findall(r'<(?:summary|div class="anim-controls").*?</(?:summary|form)>'
                           r'|<p id="_anim_note\w+" class="anim-note">.*?</p>'
                           r'|<img id="_anim_img[^>]*>',
                           article.group(0), re.S) if article else []][0]
        interface = interface.replace(article.group(0), " ".join(kept)) if article else \
            interface
        values = re.findall(r'(?:title|aria-label|placeholder|alt)="([^"]*)"', interface)
        values += [t.strip() for t in re.findall(r">([^<>]+)<", interface) if t.strip()]
        for value in values:
            value = html.unescape(value)
            if re.search(r"[A-Za-z]{3,}", value) and not re.search(r"[\u4e00-\u9fff]", value) \
                    and value not in _INTERFACE_ENGLISH:
                english[value] += 1
    assert not english, f"English interface text on the Chinese pages: {dict(english)}"


_WIDGET_STATE = re.compile(
    r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', re.S)


def _arm_viewer_states(page_html):
    """The saved states of the arm viewers a built page hands its widget manager."""
    return [model["state"] for body in _WIDGET_STATE.findall(page_html)
            for model in json.loads(body)["state"].values()
            if model.get("state", {}).get("_anywidget_id") ==
            "robocourse.widgets.arm_viewer.ArmViewer"]


def test_arm_viewers_are_handed_the_words_of_their_page(site):
    """Each page's arm viewers get the library's viewer code and the page's words: on a
    Chinese page the Chinese of viewer.po, the ghosts' title and the singularities'
    labels in Chinese; on an English page arm_viewer.WORDS. The chapters themselves are
    not executed again for it."""
    from robocourse.widgets.arm_viewer import BUNDLE, WORDS

    chinese, missing = _load_ext("interface_text").viewer_words("zh_CN")
    assert not missing
    code = BUNDLE.read_text(encoding="utf-8")
    seen = collections.Counter()
    for language, words in (("en", WORDS), ("zh_CN", chinese)):
        for chapter in ("00_kinematics", "03_newton_euler", "06_puma560"):
            page = (site["root"] / language / "chapters" / f"{chapter}.html").read_text(
                encoding="utf-8")
            for state in _arm_viewer_states(page):
                seen[language] += 1
                assert state["words"] == words and state["_esm"] == code, chapter
                labels = [state["ghost_title"]] + [s["label"] for s in state["singularities"]]
                han = [bool(re.search(r"[\u4e00-\u9fff]", label)) for label in labels]
                assert all(han) if language == "zh_CN" else not any(han), (chapter, labels)
    assert seen["en"] == seen["zh_CN"] == 4, seen


def test_front_door_links_both_editions_and_chooses_one():
    door = book_build.FRONT_DOOR
    assert 'href="en/book/index.html"' in door and 'href="zh_CN/book/index.html"' in door
    assert "data-book-front-door" in door and 'src="en/_static/book-language.js"' in door
    assert (BOOK / "_static" / "book-language.js").is_file()


# --- translations -------------------------------------------------------------------------

def _catalogues():
    """The catalogues of the pages and chapters (not sphinx.po and booktheme.po, the
    interface's, which have no page to match, nor those of the exercise notebooks, which
    are no page of the book: tests/test_chinese_exercises.py)."""
    return sorted(p for p in LOCALE.glob("*/*.po") if p.parent.name != "exercises")


def _catalogue(name):
    with open(LOCALE / f"{name}.po", "rb") as handle:
        return read_po(handle)


def _messages():
    for path in _catalogues():
        with open(path, "rb") as handle:
            for message in read_po(handle):
                if message.id:
                    yield path.relative_to(LOCALE), message


def test_every_string_is_translated_and_none_is_fuzzy():
    untranslated = [f"{path}: {m.id[:70]!r}" for path, m in _messages()
                    if not m.string or m.fuzzy]
    assert _catalogues(), "no zh_CN catalogues"
    assert not untranslated, (f"{len(untranslated)} strings untranslated or fuzzy (see "
                              "book/README.md):\n" + "\n".join(untranslated[:30]))


def test_no_entry_carries_a_format_flag_that_would_reject_its_translation():
    # Babel reads "10 % of" as a %-directive; `make translations` drops such guesses
    flagged = [f"{path.relative_to(LOCALE)}:{number}: {line}" for path in _catalogues()
               for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if line.startswith("#,") and "format" in line]
    assert not flagged, "format flags in the catalogues (run `make translations`):\n" + \
        "\n".join(flagged[:20])


def test_dropping_the_format_flags_keeps_fuzzy_and_the_rest():
    failures, _ = doctest.testmod(book_build)
    assert failures == 0
    text = '#: a.md:1\n#, fuzzy, python-format\nmsgid "10 % of"\nmsgstr ""\n'
    assert book_build.without_format_flags(text) == \
        '#: a.md:1\n#, fuzzy\nmsgid "10 % of"\nmsgstr ""\n'


def test_catalogues_match_the_current_notebooks_and_pages(tmp_path):
    _require_assets()
    pot_dir = book_build.extract(tmp_path / "gettext")
    pots = {p.relative_to(pot_dir).with_suffix("") for p in pot_dir.rglob("*.pot")}
    pos = {p.relative_to(LOCALE).with_suffix("") for p in _catalogues()
           if p.parent.name != "code"}    # the code cells' prose: tools/translate_notebooks.py
    assert pots == pos, f"catalogues missing: {pots - pos}, left over: {pos - pots}; run " \
                        "`make translations`"
    stale = []
    for name in sorted(pots):
        with open(pot_dir / f"{name}.pot", "rb") as handle:
            current = {m.id for m in read_po(handle) if m.id}
        translated = {m.id for m in _catalogue(name) if m.id}
        for msgid in sorted(current - translated):
            stale.append(f"{name}: new or changed: {msgid[:80]!r}")
        for msgid in sorted(translated - current):
            stale.append(f"{name}: no longer in the text: {msgid[:80]!r}")
    assert not stale, "the Chinese edition is behind the notebooks; run `make " \
                      "translations` and translate (book/README.md):\n" + "\n".join(stale[:30])


_KEPT = re.compile(r"\$\$.*?\$\$|\$[^$]+\$|`[^`]+`|\]\([^)]+\)|\{[a-z-]+\}`[^`]*`", re.S)


# the words of a formula: \text{…} (one level of braces inside)
_TEXT_LABEL = re.compile(r"\\text\{(?:[^{}]|\{[^{}]*\})*\}")


def _kept(text):
    """The formulas, code spans and link targets of ``text``, counted; in a formula the
    words of each ``\\text{…}`` left out (a translation may put them into Chinese: the
    mathematics stays)."""
    return collections.Counter(_TEXT_LABEL.sub(r"\\text{…}", kept) if kept.startswith("$")
                               else kept for kept in _KEPT.findall(text))


def _formulas_changed(english, translation):
    """What a translation lost and added of the English's formulas, code and links
    (``_kept``): empty when only the words of the formulas' \\text{…} changed."""
    source, translated = _kept(english), _kept(translation)
    return dict(source - translated), dict(translated - source)


def test_translations_keep_formulas_code_and_links():
    """A translation keeps every formula, code span and link target of the English; in a
    formula only the words of a \\text{…} may change. The book translates the labels that
    are words ("distance to the axis", "any constant", the angles "roll", "pitch" and "yaw")
    and keeps those that name a symbol (the subscripts of $U_\\text{gravity}$,
    $\\tau_\\text{lecture}$) and units ($0.3\\text{ m}$): a subscript is part of the symbol's
    name, as in the code."""
    changed = []
    for path, message in _messages():
        if not message.string:
            continue
        lost, added = _formulas_changed(message.id, message.string)
        if lost or added:
            changed.append(f"{path}: {message.id[:60]!r}: lost {lost}, added {added}")
    assert not changed, "\n".join(changed[:20])


@pytest.mark.parametrize("translation, changed", [
    (r"能量 $E = K + U_\text{重力}$，常数 `c`", False),
    (r"能量 $E = K + U_\text{gravity}$，常数 `c`", False),
    (r"能量 $E = K + U_g$，常数 `c`", True),                    # the label dropped
    (r"能量 $E = K - U_\text{重力}$，常数 `c`", True),          # the mathematics changed
    (r"能量 $E = K + U_\text{重力}$，常数 `C`", True),          # the code changed
    (r"能量 $E = K + U_\text{重力} + 1$，常数 `c`", True)])
def test_the_formula_check_lets_only_the_words_of_a_text_label_change(translation, changed):
    english = r"the energy $E = K + U_\text{gravity}$, constant `c`"
    assert any(_formulas_changed(english, translation)) == changed


_TITLES = re.compile(r'"[^"]*"|(?<!\*)\*(?!\*)[^*]+(?<!\*)\*(?!\*)')


def _prose(text):
    """The running text of a message: no formulas, code, links, quoted or italic titles."""
    return _TITLES.sub(" ", _KEPT.sub(" ", text))


def test_translations_use_the_glossary_terms():
    """Where a msgid names a glossary term, its translation uses the glossary's Chinese."""
    terms = [(row["english"], row["chinese"]) for row in _glossary()]
    inconsistent = []
    for path, message in _messages():
        if not message.string or path.parts[-1] == "glossary.po":
            continue
        for english, chinese in terms:
            pattern = r"(?<![\w-])" + re.escape(english).replace(r"\ ", r"[\s-]") + r"(s|es)?\b"
            if re.search(pattern, _prose(message.id), re.I) and chinese not in message.string:
                inconsistent.append(f"{path}: {english!r} -> {chinese!r} missing in "
                                    f"{message.string[:60]!r}")
    assert not inconsistent, f"{len(inconsistent)} translations do not use the glossary's " \
                             "term:\n" + "\n".join(inconsistent[:40])


# --- how cells appear: a small project of its own ----------------------------------------

def _cell(source, tags=(), outputs=()):
    return {"cell_type": "code", "execution_count": 1, "metadata": {"tags": list(tags)},
            "source": source, "outputs": list(outputs)}


def _stream(text):
    return {"output_type": "stream", "name": "stdout", "text": text}


CITATION = ("Craig 2017, eq. (5.45)", "craig-2017")  # the convention of book/README.md
PIXEL = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAA"
         "AABJRU5ErkJggg==")


@pytest.fixture(scope="module")
def cells_site(tmp_path_factory):
    """A one-chapter book built with the book's configuration."""
    _require_assets()
    source = tmp_path_factory.mktemp("cells")
    (source / "book").mkdir()
    (source / "book" / "index.md").write_text(
        "# Cells\n\n```{toctree}\n../chapters/00_cells\nreferences\n```\n", encoding="utf-8")
    shutil.copy(BOOK / "references.md", source / "book" / "references.md")
    state = {"img": {"model_name": "ImageModel", "model_module": "@jupyter-widgets/controls",
                     "model_module_version": "2.0.0", "state": {"format": "png"},
                     "buffers": [{"path": ["value"], "encoding": "base64", "data": PIXEL}]},
             "box": {"model_name": "VBoxModel", "model_module": "@jupyter-widgets/controls",
                     "model_module_version": "2.0.0",
                     "state": {"children": ["IPY_MODEL_img"]}}}
    view = {"output_type": "display_data", "metadata": {}, "data": {
        "application/vnd.jupyter.widget-view+json": {"version_major": 2, "version_minor": 0,
                                                     "model_id": "box"},
        "text/plain": "VBox()"}}
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "widgets": {"application/vnd.jupyter.widget-state+json": {
            "version_major": 2, "version_minor": 0, "state": state}}}, "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "# Cells\n\nSome prose, after "
         f"[{CITATION[0]}](../book/references.md#{CITATION[1]})."},
        _cell("# NBVAL_CHECK_OUTPUT\nshown_code = 1   # SYLLABUS 9.9\n"
              "print('shown output')", outputs=[_stream("shown output\n")]),
        _cell("removed_cell_code = 1\nprint('removed cell output')", ["remove-cell"],
              [_stream("removed cell output\n")]),
        _cell("removed_input_code = 1\nprint('kept output')", ["remove-input"],
              [_stream("kept output\n")]),
        _cell("hidden_input_code = 1\nprint('output of hidden input')", ["hide-input"],
              [_stream("output of hidden input\n")]),
        _cell("# NBVAL_IGNORE_OUTPUT\nwidget()", outputs=[view]),
    ]}
    (source / "chapters").mkdir()
    (source / "chapters" / "00_cells.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    out = source / "_build"
    book_build.sphinx("html", "en", out, source / "_doctrees", srcdir=source)
    return {"page": (out / "chapters" / "00_cells.html").read_text(encoding="utf-8"),
            "references": (out / "book" / "references.html").read_text(encoding="utf-8")}


def test_tagged_cells_are_removed_or_folded(cells_site):
    page = cells_site["page"]
    assert "removed_cell_code" not in page and "removed cell output" not in page
    assert "removed_input_code" not in page and "kept output" in page
    hidden = re.search(r"<details[^>]*>.*?</details>", page, re.S)
    assert hidden and "hidden_input_code" in hidden.group(0), "hide-input folds the code"
    assert "output of hidden input" in page.split("</details>", 1)[1]


def test_test_markers_and_syllabus_notes_do_not_show(cells_site):
    page = cells_site["page"]
    assert "shown_code" in page and "shown output" in page
    assert "NBVAL" not in page and "SYLLABUS" not in page


def test_a_citation_links_to_its_entry_on_the_references_page(cells_site):
    text, anchor = CITATION
    link = re.search(r'<a class="reference internal" href="([^"]+)">(.*?)</a>',
                     cells_site["page"].split("Some prose", 1)[1])
    assert link and link.group(1) == f"../book/references.html#{anchor}"
    assert _plain(link.group(2)) == _normalise(text)
    assert f'id="{anchor}"' in cells_site["references"]


def test_a_widget_shows_its_still_and_says_how_to_move_it(cells_site):
    page = cells_site["page"]
    still = re.search(r'<img class="widget-still"[^>]*src="data:image/png;base64,([^"]+)"', page)
    assert still and still.group(1) == PIXEL
    assert "Run this notebook to move the sliders" in page
    assert "application/vnd.jupyter.widget-view+json" not in page
    assert "embed-amd.js" not in page, "no widget left to render: no widget manager"


@pytest.mark.parametrize("name", ["notebook_cells", "language_switch", "glossary_table",
                                  "chinese_typography"])
def test_extension_examples(name):
    """The docstring examples of the book's extensions (outside the doctest paths)."""
    import doctest

    result = doctest.testmod(_load_ext(name))
    assert result.attempted > 0 and result.failed == 0


# --- in the browser, offline --------------------------------------------------------------

class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def served(site):
    """The built site on a loopback port: {'url': ..., 'outside': [blocked requests]}."""
    handler = functools.partial(_QuietHandler, directory=str(site["root"]))
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield {"url": f"http://127.0.0.1:{server.server_address[1]}", "outside": []}
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def offline_browser(served):
    """Headless Chromium that can reach nothing but the local site."""
    if not os.path.exists(CHROMIUM):
        pytest.skip("no Chromium: install Debian's `chromium` to test the book in a browser")
    sync_api = pytest.importorskip("playwright.sync_api")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update"])
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        # a chapter's page is ready when MathJax has typeset it: ten seconds or more here,
        # and three times that with the hub test and another browser beside it
        context.set_default_timeout(PAGE_SECONDS * 1000)

        def route(request_route):
            url = request_route.request.url
            if url.startswith(served["url"] + "/") or url.startswith("data:"):
                request_route.continue_()
            else:
                served["outside"].append(url)
                request_route.abort()

        context.route("**/*", route)
        try:
            yield context
        finally:
            context.close()
            browser.close()


@pytest.fixture
def open_page(offline_browser, served):
    """Open a page of the site; fail on requests off the machine or local files missing.
    ``without``: a URL pattern of the site not to load (``page.route``)."""
    pages, missing = [], []

    def opener(path, without=None):
        page = offline_browser.new_page()
        page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
        if without:                    # a part of the site this test does not need
            page.route(without, lambda request_route: request_route.abort())
        page.goto(f"{served['url']}/{path}", wait_until="load")
        pages.append(page)
        return page

    yield opener
    for page in pages:
        page.close()
    assert not served["outside"], f"requests off the machine: {served['outside'][:5]}"
    assert not missing, f"missing in the site: {missing[:5]}"


def _wait_for_mathjax(page):
    """Until MathJax has put its typeset output in the page. (``MathJax.startup.promise``
    resolves later: MathJax 4 goes on to compute each expression's speech in a worker,
    which takes chapter 0 about 20 s here and 30 s or more beside the JupyterLab tests.)"""
    page.wait_for_function("""() => {
        const typeset = window.MathJax && MathJax.startup && MathJax.startup.document;
        return Boolean(typeset) && typeset.processed.isSet("updateDocument");
    }""", polling=250, timeout=PAGE_SECONDS * 1000)


def _shot(page, name, **kwargs):
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), **kwargs)


@pytest.mark.browser
@pytest.mark.parametrize("language", LANGUAGES)
def test_chapter_renders_its_equations_offline(open_page, language):
    page = open_page(f"{language}/chapters/{CHAPTERS[0].stem}.html")
    _wait_for_mathjax(page)
    assert page.locator("mjx-container").count() > 100
    assert page.locator("mjx-merror").count() == 0, "MathJax reported an error"
    assert page.locator("text=\\(").count() == 0, "unrendered inline maths"
    _shot(page, f"chapter-{language}")
    still = page.locator("img.widget-still").first
    still.scroll_into_view_if_needed()
    assert still.evaluate("img => img.naturalWidth") > 100, "the widget's still is empty"
    if language == "zh_CN":
        _assert_no_line_starts_with_punctuation(page)


# The closing punctuation in the article that the browser drew at the start of a line: its
# box is below the box of what comes before it (the previous character or formula).
_LINE_STARTS = """() => {
  const closing = /[，。、；：？！）】》”’]/;
  const article = document.querySelector("article");
  const lastBox = (node) => {
    let boxes;
    if (node.nodeType === Node.TEXT_NODE) {
      if (!node.length) return null;
      const range = document.createRange();
      range.setStart(node, node.length - 1);
      range.setEnd(node, node.length);
      boxes = range.getClientRects();
    } else {
      boxes = node.getClientRects();
    }
    return boxes[boxes.length - 1] || null;
  };
  const drawnBefore = (text) => {
    for (let node = text; node && node !== article; node = node.parentNode) {
      if (node.previousSibling) {
        let last = node.previousSibling;
        while (last.lastChild && !(last instanceof Element && last.matches("mjx-container")))
          last = last.lastChild;
        return last;
      }
    }
    return null;
  };
  const found = [];
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text.parentElement.closest("pre, mjx-container, script, style, .cell_output")) continue;
    for (let i = 0; i < text.length; i++) {
      if (!closing.test(text.data[i])) continue;
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const box = range.getClientRects()[0];
      let previous = null;
      if (i > 0) {
        const before = document.createRange();
        before.setStart(text, i - 1);
        before.setEnd(text, i);
        const boxes = before.getClientRects();
        previous = boxes[boxes.length - 1];
      } else {
        const node = drawnBefore(text);
        previous = node && lastBox(node);
      }
      if (box && previous && box.width && box.top >= previous.bottom - 2)
        found.push(text.data.slice(Math.max(0, i - 6), i + 6));
    }
  }
  return found;
}"""


def _assert_no_line_starts_with_punctuation(page, widths=(1400, 900, 640)):
    """At several widths, no line of the article starts with closing punctuation (clreq
    行首禁则): a browser breaks on both sides of an inline formula unless the book binds it
    to its punctuation."""
    try:
        for width in widths:
            page.set_viewport_size({"width": width, "height": 1000})
            found = page.evaluate(_LINE_STARTS)
            assert not found, f"lines starting with punctuation at {width} px: {found[:10]}"
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})


@pytest.mark.browser
@pytest.mark.parametrize("language", LANGUAGES)
def test_landing_page_and_glossary_render(open_page, language):
    page = open_page(f"{language}/book/index.html")
    _wait_for_mathjax(page)
    assert page.locator(".study-path-chapter").count() == len(CHAPTERS)
    _shot(page, f"landing-{language}", full_page=True)
    page = open_page(f"{language}/book/glossary.html")
    assert page.locator("table.book-glossary tbody tr").count() == len(_glossary())
    _shot(page, f"glossary-{language}", full_page=True)


def _non_background_pixels(png_bytes):
    """Pixels of a screenshot that differ clearly from its most common colour."""
    pixels = np.asarray(Image.open(io.BytesIO(png_bytes)).convert("RGB")).reshape(-1, 3)
    colours, counts = np.unique(pixels, axis=0, return_counts=True)
    background = colours[counts.argmax()].astype(int)
    return int((np.abs(pixels.astype(int) - background).sum(axis=1) > 120).sum())


@pytest.mark.browser
def test_animation_plays_and_its_play_button_shows_an_icon(open_page):
    """Any player: a button labelled Play (title or aria-label) and the frame image of its
    output cell; the icon must be drawn (an icon font that did not load draws nothing).
    MathJax is left out: the player needs none, and it would typeset the whole chapter."""
    page = open_page(f"en/chapters/{CHAPTERS[0].stem}.html", without="**/vendor/mathjax/**")
    play = page.locator("button[title='Play' i], button[aria-label='Play' i]").first
    play.scroll_into_view_if_needed()
    page.evaluate("() => document.fonts.ready.then(() => true)")   # an icon font, if any
    box = play.bounding_box()
    assert box and box["width"] > 10 and box["height"] > 10
    inside = {"x": box["x"] + 4, "y": box["y"] + 4,
              "width": box["width"] - 8, "height": box["height"] - 8}
    assert _non_background_pixels(page.screenshot(clip=inside)) >= 15, \
        "the Play button is blank (no icon drawn)"
    output = play.locator("xpath=ancestor::div[contains(@class, 'cell_output')][1]")
    image = output.locator("img").first
    before = image.screenshot()
    play.click()
    after, deadline = before, time.monotonic() + 20     # a busy machine: frames come late
    while after == before and time.monotonic() < deadline:
        page.wait_for_timeout(250)
        after = image.screenshot()
    _shot(page, "animation-playing", clip=output.bounding_box())
    assert before != after, "pressing Play did not change the frame"


@pytest.mark.browser
@pytest.mark.parametrize(("language", "query", "expected_page"), [
    ("en", "Coriolis", "03_newton_euler"),
    ("zh_CN", "科氏", "03_newton_euler"),
])
def test_search_finds_a_term_offline(open_page, language, query, expected_page):
    page = open_page(f"{language}/search.html?q={urllib.parse.quote(query)}")
    results = page.locator("#search-results ul.search li")
    results.first.wait_for(timeout=PAGE_SECONDS * 1000)
    links = [results.nth(i).locator("a").first.get_attribute("href")
             for i in range(results.count())]
    assert any(expected_page in (link or "") for link in links), links
    _shot(page, f"search-{language}")


def _search(open_page, language, query):
    """Search the site; return the result list's links in order, and the page."""
    page = open_page(f"{language}/search.html?q={urllib.parse.quote(query)}")
    page.wait_for_function("() => document.querySelector('#search-results p.search-summary')"
                           "?.innerText.length > 0",     # the search finished
                           timeout=PAGE_SECONDS * 1000)
    results = page.locator("#search-results ul.search li")
    return [results.nth(i).locator("a").first.get_attribute("href") or ""
            for i in range(results.count())], page


# not prose: interface text of the theme, raw LaTeX, code
_EXCERPT_NOISE = re.compile(r"System Settings|亮色|暗色|浅色|深色|\\[()\[\]]|\\[A-Za-z]+|"
                            r"\bimport\b")


@pytest.mark.browser
@pytest.mark.parametrize(("query", "expected_page", "rank"), [
    ("惯性张量", "02_inertia", 1),        # an alias: the book writes 惯量张量
    ("雅可比", "01_statics", 2),          # after the chapter that defines the Jacobian
])
def test_chinese_search_finds_a_term_by_any_name_and_ranks_its_chapter(
        open_page, query, expected_page, rank):
    """The glossary's aliases are searchable, the chapter that defines a term ranks at the
    top, and the excerpts are prose: no interface text, no raw LaTeX, no code."""
    links, page = _search(open_page, "zh_CN", query)
    first = next((i for i, link in enumerate(links, 1) if expected_page in link), None)
    assert first is not None and first <= rank, f"{expected_page} ranks {first}: {links}"
    excerpts = page.locator("#search-results ul.search li p.context")
    excerpts.nth(2).wait_for(timeout=PAGE_SECONDS * 1000)
    shown = [excerpts.nth(i).inner_text() for i in range(excerpts.count())]
    noisy = [text[:120] for text in shown if _EXCERPT_NOISE.search(text)]
    assert not noisy, f"excerpts with interface text, LaTeX or code: {noisy}"
    _shot(page, f"search-zh_CN-{query}")


def _offline_context(browser, served, **options):
    """A browser context that reaches the local site only and loads no MathJax (the pages
    that a test opens only to follow links need none)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, **options)

    def route(request_route):
        url = request_route.request.url
        if url.startswith(served["url"] + "/") and "/vendor/mathjax/" not in url:
            request_route.continue_()
        else:
            request_route.abort()

    context.route("**/*", route)
    return context


@pytest.mark.browser
@pytest.mark.parametrize(("locale", "edition"), [("zh-TW", "zh_CN"), ("de-DE", "en")])
def test_front_door_opens_the_edition_of_the_browsers_language(offline_browser, served,
                                                               locale, edition):
    context = _offline_context(offline_browser.browser, served, locale=locale)
    try:
        page = context.new_page()
        page.goto(f"{served['url']}/index.html")
        page.wait_for_url(f"{served['url']}/{edition}/book/index.html")
        assert page.evaluate("navigator.language") == locale
    finally:
        context.close()


@pytest.mark.browser
def test_front_door_remembers_the_language_the_reader_switched_to(offline_browser, served):
    """A Chinese browser lands in the Chinese edition; the reader switches to English, and
    the front door opens the English one from then on (and back)."""
    context = _offline_context(offline_browser.browser, served, locale="zh-CN")
    try:
        page = context.new_page()
        page.goto(f"{served['url']}/index.html")
        page.wait_for_url(f"{served['url']}/zh_CN/book/index.html")     # the browser's
        for switch_to in ("en", "zh_CN"):
            page.locator("a.book-language-switch").click()
            page.wait_for_url(f"{served['url']}/{switch_to}/book/index.html")
            page.goto(f"{served['url']}/index.html")
            page.wait_for_url(f"{served['url']}/{switch_to}/book/index.html")  # remembered
    finally:
        context.close()


@pytest.mark.browser
def test_language_switch_leads_to_the_same_chapter(open_page, served):
    """The switch in a chapter's header, clicked, and clicked again. MathJax is left out:
    the switch needs no maths, and typesetting the chapter at every click only kept the
    browser busy (MathJax is tested on its own above)."""
    chapter = CHAPTERS[-1].stem
    page = open_page(f"en/chapters/{chapter}.html", without="**/vendor/mathjax/**")
    page.locator("a.book-language-switch").click()
    page.wait_for_url(f"{served['url']}/zh_CN/chapters/{chapter}.html")
    assert page.locator("html").get_attribute("lang") == "zh-CN"
    page.locator("a.book-language-switch").click()
    page.wait_for_url(f"{served['url']}/en/chapters/{chapter}.html")
    assert page.locator("html").get_attribute("lang") == "en"


# --- the 3-D arm viewer, offline ----------------------------------------------------------

VIEWER_CHAPTER = "06_puma560"


def _viewers(page):
    viewers = page.locator(V.VIEWER)
    viewers.first.wait_for(timeout=60000)
    page.wait_for_function("s => [...document.querySelectorAll(s)].every(v => v.dataset.frame)",
                           arg=V.VIEWER)
    return viewers


@pytest.mark.browser
def test_arm_viewer_poses_the_puma_in_the_book_offline(open_page):
    """Chapter 6's viewer in the built book, from its saved widget state alone: the arm
    redrawn as a slider moves, the page's pose, J, det J and w equal to the library's at
    random poses, the eight ghosts reproducing T, the wrist singularity highlighted at
    s5 = 0. Latency of 30 slider moves to test-artifacts/book/viewer-latency.json;
    screenshots viewer-book-*.png. MathJax is left out: the viewer needs none."""
    from robocourse.kinematics import forward_kinematics
    from robocourse.models import puma560

    page = open_page(f"en/chapters/{VIEWER_CHAPTER}.html", without="**/vendor/mathjax/**")
    viewer = _viewers(page).first
    viewer.scroll_into_view_if_needed()
    canvas = viewer.locator("canvas")
    before = canvas.screenshot()
    _shot(page, "viewer-book-before", clip=viewer.bounding_box())
    latency = V.timed_moves(page, viewer)
    assert canvas.screenshot() != before, "the arm did not move on screen when θ2 moved"
    _shot(page, "viewer-book-moved", clip=viewer.bounding_box())
    robot, rng = puma560(), np.random.default_rng(6)
    worst = {"puma": V.agrees_with_the_library(robot, viewer, rng)}
    T = np.asarray(forward_kinematics(robot, V.TARGET_Q), dtype=float)
    worst["ghosts"] = V.puma_checks(robot, viewer, T, rng)
    _shot(page, "viewer-book-wrist-singular", clip=viewer.bounding_box())
    assert page.locator(".widget-live-note").count() == 1
    (ARTIFACTS / "viewer-latency.json").write_text(json.dumps(
        {**latency, "largest_pose_difference": worst}, indent=1))
    print(f"\n[viewer, book] slider → painted frame: median {latency['median_ms']} ms, "
          f"p95 {latency['p95_ms']} ms; pose vs library up to {max(worst.values()):.1e}")


def _viewer_states(notebook):
    """The saved states of a notebook's arm viewers in the order the page shows them: the
    order of the cells' widget outputs, a container's children in turn (the notebook's
    widget metadata holds the models in no particular order)."""
    models = notebook["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"][
        "state"]

    def viewers(model_id):
        model = models[model_id]
        if model["model_name"] == "AnyModel":
            return [model["state"]]
        return [state for child in model["state"].get("children", [])
                for state in viewers(child.removeprefix("IPY_MODEL_"))]

    return [state for cell in notebook["cells"] for output in cell.get("outputs", [])
            for view in [output.get("data", {}).get("application/vnd.jupyter.widget-view+json")]
            if view and view["model_id"] in models for state in viewers(view["model_id"])]


@pytest.mark.browser
@pytest.mark.parametrize("chapter", ["00_kinematics", "03_newton_euler"])
def test_every_arm_viewer_of_a_chapter_agrees_with_the_library(open_page, chapter):
    """The other chapters' viewers (the 3R arm and the PUMA wrist; the spatial arm with its
    payload): each draws, and its tool pose, J, det J and w are the library's for the arm
    its saved state describes."""
    states = _viewer_states(json.loads((ROOT / "chapters" / f"{chapter}.ipynb").read_text()))
    page = open_page(f"en/chapters/{chapter}.html", without="**/vendor/mathjax/**")
    viewers = _viewers(page)
    assert viewers.count() == len(states) > 0
    rng = np.random.default_rng(3)
    for k, state in enumerate(states):
        viewer = viewers.nth(k)
        viewer.scroll_into_view_if_needed()
        rows = state["rows"] if len(state["rows"]) < 6 else None
        V.agrees_with_the_library(V.chain_of(state["chain"]), viewer, rng, poses=2, rows=rows)
        _shot(page, f"viewer-book-{chapter}-{k}", clip=viewer.bounding_box())


def _viewer_text(viewer):
    """Everything a viewer says: its text, its options and its tooltips and labels."""
    return viewer.evaluate("""root => [root.innerText,
        ...[...root.querySelectorAll("option")].map(o => o.textContent),
        ...[...root.querySelectorAll("[title], [aria-label]")].flatMap(
            e => [e.getAttribute("title"), e.getAttribute("aria-label")])]
        .filter(Boolean).join("\\n")""")


@pytest.mark.browser
def test_arm_viewer_on_a_chinese_page_speaks_chinese(open_page):
    """Chapter 6's PUMA viewer on the Chinese page: its sliders (关节), options (坐标系,
    轨迹, the ellipsoids), readout (工具位姿, 可操作度, 速度椭球 and, switched, 力椭球), ghosts
    (逆运动学解, 选用第 … 组解) and singularities (奇异位形) in Chinese, and none of the
    English of arm_viewer.WORDS (screenshot viewer-book-zh.png)."""
    from robocourse.widgets.arm_viewer import WORDS

    page = open_page(f"zh_CN/chapters/{VIEWER_CHAPTER}.html", without="**/vendor/mathjax/**")
    viewer = _viewers(page).first
    viewer.scroll_into_view_if_needed()
    said = _viewer_text(viewer)
    viewer.locator("select").select_option("force")
    said += "\n" + _viewer_text(viewer)
    _shot(page, "viewer-book-zh", clip=viewer.bounding_box())
    for chinese in ("关节 1", "关节 6", "坐标系 {i}", "轨迹", "清除", "不显示椭球", "速度椭球",
                    "力椭球", "显示", "工具位姿", "可操作度 w", "目标位姿的 8 组逆运动学解",
                    "选用第 3 组解", "腕部奇异位形", "肘部奇异位形", "肩部奇异位形"):
        assert chinese in said, f"{chinese!r} not in the viewer: {said!r}"
    english = {word for sentence in WORDS.values()
               for word in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", "", sentence))}
    english -= {"det", "tool", "rad", "WebGL"}            # symbols, units and names
    left = sorted({word for word in re.findall(r"[A-Za-z]{3,}", said) if word in english})
    assert not left, f"English on the Chinese page's viewer: {left}\n{said}"


@pytest.mark.browser
def test_arm_viewer_page_load_from_disk_is_measured(offline_browser, site, served):
    """Chapter 6 opened from disk (file://) as a reader opens it, but for MathJax (it takes
    the page 30 s and more to typeset on a busy machine, and the viewer needs none): the
    times to the load event and to the viewer's first frame go to
    test-artifacts/book/viewer-load.json (reported, not asserted)."""
    page = offline_browser.new_page()
    page.route("file://**", lambda request_route: request_route.continue_())
    page.route("**/vendor/mathjax/**", lambda request_route: request_route.abort())
    page.add_init_script("""new MutationObserver((_, observer) => {
        if (document.querySelector('.rc-arm-viewer[data-frame]')) {
            window.viewerDrawnAt = performance.now();
            observer.disconnect();
        }
    }).observe(document, {subtree: true, childList: true, attributes: true});""")
    try:
        page.goto((site["root"] / "en" / "chapters" / f"{VIEWER_CHAPTER}.html").as_uri(),
                  wait_until="commit")
        page.wait_for_function("""() => window.viewerDrawnAt
            && performance.getEntriesByType('navigation')[0].loadEventEnd > 0""",
                               polling=250, timeout=180000)
        times = page.evaluate("""() => {
            const navigation = performance.getEntriesByType('navigation')[0];
            return {dom_content_loaded_ms: navigation.domContentLoadedEventEnd,
                    load_event_ms: navigation.loadEventEnd, viewer_drawn_ms: window.viewerDrawnAt,
                    page_bytes: navigation.decodedBodySize};
        }""")
    finally:
        page.close()
    assert not served["outside"], f"requests off the machine: {served['outside'][:5]}"
    times = {key: round(value) for key, value in times.items()}
    (ARTIFACTS / "viewer-load.json").write_text(json.dumps(times, indent=1))
    print(f"\n[viewer, book from disk] load event {times['load_event_ms']} ms, viewer drawn "
          f"{times['viewer_drawn_ms']} ms, page {times['page_bytes'] / 1e6:.1f} MB")
