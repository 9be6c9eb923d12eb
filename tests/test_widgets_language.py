"""The widgets in the notebook's language: a widget made after ``language.use("zh_CN")``
shows Chinese controls, captions and readouts (English after ``use("en")``), the 3-D arm
viewer its Chinese words, a static player its Chinese controls; every sentence the library
passes to ``say(..., "widgets")`` (and every word of the viewer) has a current Chinese
translation with the English's {fields}."""

import re
from pathlib import Path

import pytest

import robocourse
from robocourse import language
from robocourse.widgets import animation, arm_viewer, dynamics_2r, dynamics_rp, kinematics, shapes

LIBRARY = Path(robocourse.__file__).resolve().parent


@pytest.fixture
def chinese():
    language.use("zh_CN")
    yield
    language.use("en")


def _words(box):
    """Everything a widget box says in words: its controls' descriptions and options, its
    titles, readouts and the line for a front end that cannot show it."""
    said, todo = [box.hint], [box]
    while todo:
        widget = todo.pop()
        todo += list(getattr(widget, "children", ()))
        said += [getattr(widget, "description", ""), getattr(widget, "value", "")
                 if isinstance(getattr(widget, "value", None), str) else ""]
        said += [label for label, _ in getattr(widget, "_options_full", ())]
    return "\n".join(text for text in said if text)


def test_every_widget_sentence_of_the_library_has_a_current_chinese_translation():
    sentences = language.sayings_in(LIBRARY, "widgets")
    assert len(sentences) > 50, sorted(sentences)
    gaps = language.gaps(sentences, "widgets", "zh_CN")
    assert not gaps, "\n".join(f"{sentences[s]}: {s!r}: {why}" for s, why in gaps)


def test_every_viewer_word_has_a_current_chinese_translation_in_the_library():
    gaps = language.gaps(arm_viewer.WORDS.values(), "viewer", "zh_CN")
    assert not gaps, gaps


def test_a_sentence_passed_as_anything_but_a_literal_or_a_constant_is_refused():
    with pytest.raises(ValueError, match="literal or a module constant at line 1"):
        language.sayings('say(f"{n} steps", "widgets")', "widgets")
    with pytest.raises(ValueError, match="domain must be a literal"):
        language.sayings('say("steps", DOMAIN)', "widgets")


def test_a_translation_that_drops_a_field_is_a_gap(tmp_path, monkeypatch):
    folder = tmp_path / "zh_CN" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "widgets.po").write_text('msgid "{n} steps"\nmsgstr "几步"\n', encoding="utf-8")
    monkeypatch.setattr(language, "LOCALE", tmp_path)
    language.catalogue.cache_clear()
    try:
        assert language.gaps(["{n} steps"], "widgets", "zh_CN") == [
            ("{n} steps", "fields [], not ['n']")]
    finally:
        language.catalogue.cache_clear()


def test_an_explorer_made_in_a_chinese_notebook_speaks_chinese_and_english_again_after(
        chinese):
    box = kinematics.kinematics_widget()
    said = _words(box)
    for chinese_words in ("关节角", "关节速度", "可操作度", "运行此单元即可拖动滑块"):
        assert chinese_words in said, said
    language.use("en")
    said = _words(kinematics.kinematics_widget())
    assert "joint angles" in said and "manipulability" in said
    assert not re.search(r"[\u4e00-\u9fff]", said), said


def test_a_player_made_in_a_chinese_notebook_speaks_chinese(chinese):
    box = dynamics_rp.rp_dynamics_widget()
    said = _words(box)
    for chinese_words in ("自由摆动", "受控运动", "初始位姿（静止）", "弹簧 k", "目标 θ1", "播放",
                          "帧", "运行此单元即可播放这段运动"):
        assert chinese_words in said, said
    assert box.sliders["mode"].value == "free"       # the options' values stay the code's
    english = [s for s in ("free swing", "controlled move", "spring", "goal", "Run this cell")
               if s in said]
    assert not english, said


def test_a_widget_keeps_the_language_it_was_made_in_as_its_controls_move(chinese):
    box, player = kinematics.kinematics_widget(), dynamics_2r.dynamics_2r_widget()
    language.use("en")
    box.sliders["theta2"].value = 2.0                       # near the singularity
    assert "接近奇异位形" in box.readout.value and box.state().warning.startswith("接近")
    player.frame.value = 3
    assert "惯性项" in player.readout.value
    player.sliders["m1"].value = 3.0
    assert "惯性项" in player.readout.value


def test_a_widget_readout_fills_its_numbers_into_the_chinese(chinese):
    state = kinematics.arm_velocity(kinematics.planar_2r(l1=0.5, l2=0.5), [0.5, 0.05],
                                    [1.0, 0.0])
    assert state.warning.startswith("接近奇异位形：|s2| = 0.050 < 0.1\n")


def test_the_arm_viewer_made_in_a_chinese_notebook_speaks_the_catalogue_s_chinese(chinese):
    from robocourse.kinematics import forward_kinematics
    from robocourse.models import puma560

    T = forward_kinematics(puma560(), [0.3, -0.5, 0.4, 0.6, 0.7, -0.8])
    viewer = arm_viewer.puma_viewer(target=T, words={"trace": "路径"})
    assert viewer.words == {**arm_viewer.words_in("zh_CN"), "trace": "路径"}
    assert viewer.words["joint"] == "关节 {number}"
    assert viewer.ghost_title == "目标位姿的 8 组逆运动学解（选一组）："
    assert viewer.singularities[0]["label"] == "腕部奇异位形 |s5|（轴 4、6 共线）"
    assert "运行此单元" in repr(viewer)
    language.use("en")
    english = arm_viewer.puma_viewer(target=T)
    assert english.words == arm_viewer.WORDS and english.ghost_title.startswith("the 8 ")


def test_a_static_player_made_in_a_chinese_notebook_has_chinese_controls(chinese):
    from matplotlib.figure import Figure

    page = animation.animation_html(Figure(figsize=(1, 1), dpi=20), lambda k: None, 3)
    controls = re.search(r'<div class="anim-controls".*?</form>', page, re.S).group(0)
    labels = re.findall(r'(?:title|aria-label)="([^"]*)"|<label [^>]*>([^<]*)</label>', controls)
    labels = {a or b for a, b in labels}
    assert labels == {"减速", "第一帧", "上一帧", "倒放", "暂停", "播放", "下一帧", "最后一帧",
                      "加速", "重复方式", "播放一次", "循环", "往返"}
    assert "▶ 运行此单元即可播放动画。" in page and 'alt="动画的第一帧"' in page


def test_every_control_of_matplotlib_s_player_is_known():
    """A matplotlib whose player says something new shows up here, not as English left on
    a Chinese page."""
    from matplotlib.figure import Figure

    page = animation.animation_html(Figure(figsize=(1, 1), dpi=20), lambda k: None, 2)
    assert animation.player_in_language(page) == (page, [])
    assert shapes.PLAY_THE_MOTION in language.sayings_in(LIBRARY, "widgets")
