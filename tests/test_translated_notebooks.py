"""The Chinese chapters (chapters/zh_CN, tools/translate_notebooks.py) are the English ones
with the book's translations: regenerated, they are what is committed up to their outputs (so
a changed English paragraph or code string without its Chinese fails here, as the book's
catalogue tests fail); their prose is Chinese, and so are the prose strings of their code
cells (tools/code_strings.py), which are otherwise the English ones plus one line choosing
Chinese. Their outputs are their own run's: nbval runs them again in `make test`.
"""

import io
import json
import pathlib
import re
import sys
import tokenize

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import code_strings as C  # noqa: E402
import translate_notebooks as T  # noqa: E402

ENGLISH = T.chapters()
CHINESE = [T.chinese_path(path) for path in ENGLISH]
CJK = re.compile(r"[\u3400-\u9fff]")
WRITTEN_IN_CHINESE = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")  # or its marks
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


def _tokens(source):
    lines = C.without_magics(source)
    return [(t.type, t.string) for t in tokenize.generate_tokens(io.StringIO(lines).readline)]


def _code_catalogue(english):
    return T.read_catalogue(T.CODE_CATALOGUES / f"{english.stem}.po")


@pytest.mark.parametrize("english, chinese", list(zip(ENGLISH, CHINESE, strict=True)), ids=IDS)
def test_code_cells_and_every_cells_place_are_the_english_ones(english, chinese):
    """Same cells in the same order (ids, types, metadata and tags); each code cell token for
    token the English one but for its prose strings, which are their catalogue's translation,
    and the first code cell's one line choosing Chinese; the kernel the English one's."""
    en, zh = json.loads(english.read_text()), json.loads(chinese.read_text())
    assert [(c["cell_type"], c.get("id"), c["metadata"]) for c in en["cells"]] == \
        [(c["cell_type"], c.get("id"), c["metadata"]) for c in zh["cells"]]
    catalogue, first = _code_catalogue(english), True
    for index, (en_cell, zh_cell) in enumerate(zip(en["cells"], zh["cells"], strict=True)):
        if en_cell["cell_type"] != "code":
            continue
        source, translated = "".join(en_cell["source"]), "".join(zh_cell["source"])
        if first:
            assert T.USE_LINE + "\n" in translated, f"{chinese.name}: no {T.USE_LINE!r}"
            translated, first = translated.replace(T.USE_LINE + "\n", "", 1), False
        # each string token's prose or not, in order (one text can be both: a labels
        # dictionary's key and its label, code_strings.LABELS)
        prose = iter([is_prose for *_, is_prose in C.literals(source)])
        for (kind, text), (zh_kind, zh_text) in zip(_tokens(source), _tokens(translated),
                                                    strict=True):
            assert kind == zh_kind, f"{chinese.name} cell {index}: {text!r} -> {zh_text!r}"
            is_prose = kind == tokenize.STRING and next(prose)
            expected = C.translated(text, catalogue[C.message_id(text)]) if is_prose else text
            assert zh_text == expected, f"{chinese.name} cell {index}: {text!r} -> {zh_text!r}"
    assert zh["metadata"].pop("language") == "zh_CN"
    assert zh["metadata"].pop("robocourse") == {"translated_from": f"chapters/{english.name}"}
    zh["metadata"].pop("widgets", None), en["metadata"].pop("widgets", None)
    assert zh["metadata"] == en["metadata"]


@pytest.mark.parametrize("english", ENGLISH, ids=IDS)
def test_every_prose_string_of_the_code_is_translated_keeping_its_fields(english):
    """Each prose literal of the English code has a current translation that holds Chinese
    and keeps its {fields} and $formulas$, or keeps its English on purpose, saying why."""
    catalogue = T.read_code_catalogue(T.CODE_CATALOGUES / f"{english.stem}.po")
    cells = json.loads(english.read_text())["cells"]
    untranslated = []
    for index, cell in enumerate(cells):
        for *_, text, prose in C.literals("".join(cell["source"])) \
                if cell["cell_type"] == "code" else ():
            string, fuzzy, comments = catalogue.get(C.message_id(text), ("", False, []))
            if not prose:
                continue
            if not string or fuzzy:
                untranslated.append((index, text))
            elif string == C.message_id(text):
                assert any(c.startswith("kept:") for c in comments), \
                    f"{english.name} cell {index}: {text!r} kept in English without a reason"
            else:
                assert WRITTEN_IN_CHINESE.search(string), f"{english.name} cell {index}: {string!r}"
                assert C.kept_parts(C.translated(text, string)) == C.kept_parts(text)
    assert not untranslated, f"{english.name}: {untranslated[:5]} (make translations)"


def test_a_translation_that_loses_a_field_stops_the_generator(tmp_path):
    english = ENGLISH[0]
    catalogue = dict(_code_catalogue(english))
    field = next(e for e in catalogue if "{" in e and re.search(r"\{\w", catalogue[e]))
    catalogue[field] = re.sub(r"\{[^}]*\}", "", catalogue[field], count=1)
    with pytest.raises(T.BadTranslation, match="must keep"):
        T.translate_notebook(english, code_catalogue=catalogue)


def test_a_code_string_without_its_chinese_stops_the_generator_naming_it():
    english = ENGLISH[5]
    catalogue = dict(_code_catalogue(english))
    del catalogue["joint torques"]
    with pytest.raises(T.MissingTranslation) as error:
        T.translate_notebook(english, code_catalogue=catalogue)
    assert [m[0] for m in error.value.missing] == [english.name]
    assert [m[2] for m in error.value.missing] == ["joint torques"]
    assert "joint torques" in str(error.value)


@pytest.mark.parametrize("english", ENGLISH, ids=IDS)
def test_code_catalogues_are_in_step_with_the_chapters(english):
    """`make translations` would write each code catalogue as it is committed."""
    path = T.CODE_CATALOGUES / f"{english.stem}.po"
    assert T.code_catalogue(english, T.read_code_catalogue(path)) == \
        path.read_text(encoding="utf-8"), f"{path.name}: run `make translations`"


@pytest.mark.parametrize("chinese", CHINESE, ids=IDS)
def test_figures_draw_chinese_without_missing_glyphs(chinese):
    """Executed with the Chinese font as matplotlib's fallback: no output warns of a glyph
    missing from a font, and no font is missing."""
    outputs = [o for c in _cells(chinese) if c["cell_type"] == "code" for o in c["outputs"]]
    text = "".join("".join(o.get("text", "")) for o in outputs)
    assert "glyph" not in text.lower() and "MissingFontWarning" not in text, chinese.name
    assert any("image/png" in o.get("data", {}) for o in outputs) or \
        chinese.name.startswith("06"), chinese.name


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
    assert doctest.testmod(C).failed == 0
