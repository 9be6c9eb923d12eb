"""`make lab` in Chinese (deploy/lab.py --language): a Chinese locale opens the Chinese
chapters with JupyterLab's interface in Chinese, anything else English. No server started
here: tests/test_browser.py opens the Chinese lab in Chromium."""

import doctest
import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))
import lab  # noqa: E402 - what `make lab` runs

TRANSLATION = "@jupyterlab/translation-extension:plugin"


def test_the_locale_names_examples():
    assert doctest.testmod(lab).failed == 0


@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "zh_CN.UTF-8"}, "zh_CN.UTF-8"),
    ({"LANG": "zh_CN.UTF-8", "LC_ALL": "C.UTF-8"}, "C.UTF-8"),
    ({"LANG": "C.UTF-8", "LC_MESSAGES": "zh_CN"}, "zh_CN"),
    ({}, ""),
])
def test_the_environments_locale_is_posixs(environ, expected):
    assert lab.environment_locale(environ) == expected


@pytest.mark.parametrize("language", lab.LANGUAGES)
def test_the_interfaces_language_is_a_default_setting_of_the_session(language):
    """JupyterLab's Language setting comes from the session's settings path (a default
    override, deploy/jupyter/interface-<language>): not from the student's own settings,
    which keep a choice made in Settings → Language."""
    paths = lab.jupyter_settings("student", language).split(":")
    assert paths[0] == str(ROOT / "deploy" / "jupyter" / f"interface-{language}")
    assert paths[1:] == lab.jupyter_settings("student").split(":")[1:]
    overrides = json.loads((pathlib.Path(paths[0]) / "labconfig" /
                            "default_setting_overrides.json").read_text())
    assert overrides == {TRANSLATION: {"locale": language}}


def test_jupyterlab_reads_the_chinese_default_and_has_its_language_pack(monkeypatch):
    from jupyterlab_server.settings_utils import _get_overrides
    from jupyterlab_server.translation_utils import get_language_packs

    monkeypatch.setenv("JUPYTER_CONFIG_PATH", lab.jupyter_settings("student", "zh_CN"))
    overrides, error = _get_overrides(str(ROOT / "no-app-settings"))
    assert not error and overrides[TRANSLATION] == {"locale": "zh_CN"}
    packs, _ = get_language_packs()
    assert "zh_CN" in packs, f"no zh-CN language pack installed: {sorted(packs)}"


@pytest.mark.parametrize("language, first", [("zh_CN", "chapters/zh_CN/00_kinematics.ipynb"),
                                             ("en", "chapters/00_kinematics.ipynb")])
def test_the_student_starts_in_chapter_0_of_the_language(tmp_path, language, first):
    argv, environment, folder = lab.command("student", tmp_path / "work", [], language)
    assert argv[-1] == first and (folder / first).is_file()
    assert environment["JUPYTER_CONFIG_PATH"] == lab.jupyter_settings("student", language)
    chinese = sorted(p.name for p in (folder / "chapters" / "zh_CN").glob("*.ipynb"))
    assert chinese == sorted(p.name for p in (ROOT / "chapters").glob("*.ipynb"))


def test_make_lab_follows_lang_and_lab_language_overrides_it():
    makefile = (ROOT / "Makefile").read_text()
    assert "LAB_LANGUAGE ?= $(LANG)" in makefile
    assert '--language "$(LAB_LANGUAGE)"' in makefile
