"""robocourse.language: the sentence a student reads is looked up in the catalogue of the
language the notebook chose, and filled in after the lookup."""

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
    (folder / "chapters.po").write_text(CATALOGUE, encoding="utf-8")
    monkeypatch.setattr(language, "LOCALE", tmp_path)
    language.catalogue.cache_clear()
    yield
    language.catalogue.cache_clear()


def test_a_sentence_is_looked_up_then_filled_in(chinese):
    with language.using("zh_CN"):
        assert language.say("{n} solutions", n=8) == "8 组解"
    assert language.say("{n} solutions", n=8) == "8 solutions"


def test_fuzzy_empty_and_missing_entries_read_in_english(chinese):
    with language.using("zh_CN"):
        assert [language.say(s) for s in ("a guess", "not yet", "unknown")] == \
            ["a guess", "not yet", "unknown"]


def test_another_catalogue_is_another_domain(chinese):
    with language.using("zh_CN"):
        assert language.say("{n} solutions", "feedback", n=2) == "2 solutions"


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
            assert language.say("{n} solutions", n=1) == "1 solutions"
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
                                            (lambda: language.say(3), "english"),
                                            (lambda: language.catalogue_path("book", "zh_CN"),
                                             "domain")])
def test_an_unknown_language_or_catalogue_is_refused_by_name(call, argument):
    with pytest.raises((TypeError, ValueError), match=rf"^{argument} must be"):
        call()
