"""robocourse.language: the sentence a student reads is looked up in the catalogue of the
language the notebook chose, and filled in after the lookup."""

import io
import logging
import re
import threading

import pytest

from robocourse import language

CATALOGUE = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "{n} solutions"
msgstr "{n} 组解"

#, fuzzy
msgid "a guess"
msgstr "猜的"

msgid "not yet"
msgstr ""
'''


@pytest.fixture
def chinese(tmp_path, monkeypatch):
    folder = tmp_path / "zh_CN" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "widgets.po").write_text(CATALOGUE, encoding="utf-8")
    monkeypatch.setattr(language, "LOCALE", tmp_path)
    language.catalogue.cache_clear()
    yield
    language.catalogue.cache_clear()


def test_a_sentence_is_looked_up_then_filled_in(chinese):
    with language.using("zh_CN"):
        assert language.say("{n} solutions", "widgets", n=8) == "8 组解"
    assert language.say("{n} solutions", "widgets", n=8) == "8 solutions"


@pytest.mark.uncatalogued
def test_fuzzy_empty_and_missing_entries_read_in_english(chinese):
    with language.using("zh_CN"):
        assert [language.say(s, "widgets") for s in ("a guess", "not yet", "unknown")] == \
            ["a guess", "not yet", "unknown"]


def test_another_catalogue_is_another_domain(chinese):
    with language.using("zh_CN"):
        assert language.say("{n} solutions", "feedback", n=2) == "2 solutions"


@pytest.mark.uncatalogued
def test_a_domain_located_elsewhere_is_read_from_there(tmp_path, monkeypatch):
    (tmp_path / "hidden.zh_CN.po").write_text(CATALOGUE, encoding="utf-8")
    monkeypatch.setattr(language, "_ELSEWHERE", {})
    language.locate("hidden", tmp_path / "hidden.{language}.po")
    try:
        with language.using("zh_CN"):
            assert language.say("{n} solutions", "hidden", n=3) == "3 组解"
            assert language.say("{n} solutions", "exercises", n=3) == "3 solutions"
    finally:
        language.catalogue.cache_clear()


def test_use_lasts_and_using_nests_and_restores(chinese):
    try:
        language.use("zh_CN")
        with language.using("en"):
            assert language.say("{n} solutions", "widgets", n=1) == "1 solutions"
        assert language.current() == "zh_CN"
    finally:
        language.use("en")
    assert language.current() == "en"


def test_using_speaks_only_in_its_own_thread(chinese):
    seen = []
    with language.using("zh_CN"):
        worker = threading.Thread(target=lambda: seen.append(language.current()))
        worker.start()
        worker.join()
    assert seen == ["en"]


def _enter(language_):
    with language.using(language_):
        pass


@pytest.mark.parametrize("call, argument", [(lambda: language.use("zh"), "language"),
                                            (lambda: _enter("fr"), "language"),
                                            (lambda: language.say(3, "widgets"), "english"),
                                            (lambda: language.catalogue_path("book", "zh_CN"),
                                             "domain")])
def test_an_unknown_language_or_catalogue_is_refused_by_name(call, argument):
    with pytest.raises((TypeError, ValueError), match=rf"^{argument} must be"):
        call()


# --- the fonts of a language's figures --------------------------------------------------

@pytest.fixture
def english_afterwards():
    yield
    language.use("en")


def test_chinese_draws_its_characters_from_a_chinese_font_without_warnings(english_afterwards,
                                                                          caplog):
    """use("zh_CN") puts a Chinese font first in matplotlib's font family, so every Chinese
    character is drawn, also beside a formula (mathtext: one font, no fallback), and what
    it lacks (ẍ) comes from matplotlib's own; no "Glyph missing" warning. English drops
    it again."""
    import warnings

    import matplotlib
    from matplotlib.figure import Figure

    language.use("zh_CN")
    font = language.installed_font("zh_CN")
    assert font in language.FONTS["zh_CN"][0]
    assert list(matplotlib.rcParams["font.family"]) == [font, "sans-serif"]
    fig = Figure()
    ax = fig.add_subplot()
    ax.set_title("关节角 θ2（°）与速度椭圆，ẍ = 0")
    ax.set_xlabel(r"位移的大小 $|\delta\Theta|$（rad），来自连杆 $i-1$")
    ax.text(0.1, 0.5, "工具位于 (0.452, 0.150) m\n接近腕部奇异位形", family="monospace")
    with warnings.catch_warnings(), caplog.at_level(logging.WARNING):
        warnings.simplefilter("error")
        fig.savefig(io.BytesIO(), format="png")
    assert not [r.getMessage() for r in caplog.records if "glyph" in r.getMessage()]
    assert matplotlib.rcParams["font.monospace"][0] in language.FONTS["zh_CN"][2]
    language.use("en")
    assert list(matplotlib.rcParams["font.family"]) == ["sans-serif"]
    assert matplotlib.rcParams["font.monospace"][0] == "DejaVu Sans Mono"


def test_without_a_chinese_font_chinese_warns_instead_of_drawing_boxes(monkeypatch,
                                                                        english_afterwards):
    monkeypatch.setitem(language.FONTS, "zh_CN",
                        (("No Such Font",), re.compile(r"no-such-font-file"), ()))
    with pytest.warns(language.MissingFontWarning, match="apt-get install fonts-wqy-microhei"):
        language.use("zh_CN")
    assert language.current() == "zh_CN"
