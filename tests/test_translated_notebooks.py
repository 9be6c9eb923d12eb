"""The Chinese chapters (chapters/zh_CN, tools/translate_notebooks.py) are the English ones
with the book's translations: regenerated, they are what is committed (so a changed English
paragraph without its Chinese fails here, as the book's catalogue tests fail); their prose is
Chinese; their code cells are the English ones. No kernel: nbval runs them in `make test`.
"""

import json
import pathlib
import re
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import translate_notebooks as T  # noqa: E402

ENGLISH = T.chapters()
CHINESE = [T.chinese_path(path) for path in ENGLISH]
CJK = re.compile(r"[\u3400-\u9fff]")
IDS = [path.name for path in ENGLISH]


def _cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_every_chapter_has_its_chinese_twin_and_no_other():
    assert len(ENGLISH) == 9
    assert sorted((T.CHAPTERS / T.LANGUAGE).glob("*.ipynb")) == CHINESE


def test_regenerating_gives_the_committed_chinese_chapters():
    """`make notebooks-zh` writes exactly what is committed: a change to an English chapter
    (markdown or code) or to a catalogue needs the Chinese chapters regenerated."""
    counts, stale = T.generate(check=True)
    assert not stale, (f"out of date: {[p.name for p in stale]} — run `make notebooks-zh` "
                       "(after `make translations` and translating, see book/README.md)")
    assert set(counts) == set(IDS)


def test_a_changed_english_paragraph_without_its_chinese_stops_the_generator(tmp_path):
    cells = json.loads(ENGLISH[1].read_text(encoding="utf-8"))
    cell = next(c for c in cells["cells"] if c["cell_type"] == "markdown")
    cell["source"] = [*cell["source"], "\n\nA sentence nobody has translated yet."]
    changed = tmp_path / ENGLISH[1].name
    changed.write_text(json.dumps(cells), encoding="utf-8")
    with pytest.raises(T.MissingTranslation) as error:
        T.translate_notebook(changed)
    assert error.value.missing == [(changed.name, cells["cells"].index(cell),
                                    "A sentence nobody has translated yet.")]
    assert "A sentence nobody has translated yet." in str(error.value)


def test_a_fuzzy_translation_is_no_translation(tmp_path):
    """A string marked fuzzy by `make translations` (its English changed) is not used."""
    catalogue = T.CATALOGUES / f"{ENGLISH[0].stem}.po"
    text = catalogue.read_text(encoding="utf-8")
    first = re.search(r'^msgid "(Chapter 0[^"]*)"$', text, re.M)
    fuzzy = tmp_path / catalogue.name
    fuzzy.write_text(text[:first.start()] + "#, fuzzy\n" + text[first.start():],
                     encoding="utf-8")
    with pytest.raises(T.MissingTranslation, match="Chapter 0"):
        T.translate_notebook(ENGLISH[0], T.read_catalogue(fuzzy))


@pytest.mark.parametrize("english, chinese", list(zip(ENGLISH, CHINESE, strict=True)), ids=IDS)
def test_code_cells_and_every_cells_place_are_the_english_ones(english, chinese):
    """Same cells in the same order (ids, types, metadata and tags); code cells identical,
    outputs included; the notebook's widget state and kernel the English one's."""
    en, zh = json.loads(english.read_text()), json.loads(chinese.read_text())
    assert [(c["cell_type"], c.get("id"), c["metadata"]) for c in en["cells"]] == \
        [(c["cell_type"], c.get("id"), c["metadata"]) for c in zh["cells"]]
    for en_cell, zh_cell in zip(en["cells"], zh["cells"], strict=True):
        if en_cell["cell_type"] == "code":
            assert en_cell == zh_cell
    assert zh["metadata"].pop("language") == "zh_CN"
    assert zh["metadata"].pop("robocourse") == {"translated_from": f"chapters/{english.name}"}
    assert zh["metadata"] == en["metadata"]


@pytest.mark.parametrize("chinese", CHINESE, ids=IDS)
def test_the_prose_is_chinese(chinese):
    """Every markdown cell with prose holds Chinese, and no paragraph, heading or table cell
    with words (formulas, code and link targets aside) is left in English."""
    english_left = []
    for index, cell in enumerate(_cells(chinese)):
        if cell["cell_type"] != "markdown":
            continue
        markdown = "".join(cell["source"])
        if T.is_prose(markdown):
            assert CJK.search(markdown), f"{chinese.name} cell {index}: no Chinese"
        english_left += [(index, content) for *_, content in T.segments(markdown)
                         if T.is_prose(content) and not CJK.search(content)]
    assert not english_left, f"{chinese.name}: English left: {english_left[:5]}"


@pytest.mark.parametrize("chinese", CHINESE, ids=IDS)
def test_links_lead_where_the_english_ones_do(chinese):
    """From chapters/zh_CN, the references page is two folders up (as in a student's own
    copy of the notebooks, which holds book/references.md) and a chapter is its Chinese twin."""
    targets = {target.split("#")[0] for cell in _cells(chinese) if cell["cell_type"] == "markdown"
               for target in T.RELATIVE_LINK.findall("".join(cell["source"]))}
    assert targets, chinese.name
    for target in targets:
        assert (chinese.parent / target).resolve().is_file(), f"{chinese.name}: {target}"
        assert (chinese.parent / target).resolve() not in ENGLISH, f"{chinese.name}: {target}"


def test_links_to_chapters_open_the_chinese_ones():
    text, _, _ = T.translate_markdown("See [chapter 1](01_statics.ipynb#the-idea) and "
                                      "[chapter 2](../chapters/02_inertia.ipynb).", {})
    assert text == "See [chapter 1](01_statics.ipynb#the-idea) and [chapter 2](02_inertia.ipynb)."


def test_the_generators_examples():
    import doctest

    assert doctest.testmod(T).failed == 0
