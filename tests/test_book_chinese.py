"""The Chinese edition's catalogues read as Chinese typesetting and terminology require:
the typography rules of book/README.md (GB/T 15834, W3C clreq) in every translated string,
and one term per concept (a glossary term's aliases are for the search, not the text). The
library's catalogues (robocourse/locale: the widgets' and the arm viewer's words, which the
book's pages use too, and what the exercises' checks say) and the hidden tests' catalogue
(solutions/hidden.zh_CN.po) follow the same rules.

These read the catalogues only (no build); tests/test_book.py checks the built pages.
"""

import functools
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
EXT = ROOT / "book" / "_ext"
LOCALE = ROOT / "book" / "locale" / "zh_CN" / "LC_MESSAGES"
LIBRARY_LOCALE = ROOT / "robocourse" / "locale" / "zh_CN" / "LC_MESSAGES"
#: The hidden tests' sentences, translated beside them (never released)
HIDDEN = ROOT / "solutions" / "hidden.zh_CN.po"
sys.path.insert(0, str(ROOT / "tools"))
import code_strings  # noqa: E402  (what a code cell's string shows as prose)
import translate_exercises  # noqa: E402  (the strings an exercise prints)


def _load(name):
    sys.path.insert(0, str(EXT))
    try:
        spec = importlib.util.spec_from_file_location(f"book_ext_{name}", EXT / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(EXT))


typography = _load("chinese_typography")
glossary = _load("glossary_table")


def _translations():
    """(catalogue, msgid, msgstr) of every translated string, interface catalogues, the
    library's and the hidden tests' too."""
    for path in sorted(LOCALE.rglob("*.po")) + sorted(LIBRARY_LOCALE.glob("*.po")) + [HIDDEN]:
        with open(path, "rb") as handle:
            for message in read_po(handle):
                if message.id and message.string:
                    yield path.relative_to(ROOT), message.id, message.string


def _prose(path, english, string):
    """What a reader sees as prose: for a code cell's string (catalogues code/, and the
    strings an exercise prints in exercises/), without its f-string fields and LaTeX
    (tools/code_strings.py)."""
    code = path.parent.name == "code" or (
        path.parent.name == "exercises" and english in _exercise_strings())
    return code_strings.prose_of(string) if code else string


@functools.cache
def _exercise_strings():
    """The English of every string literal the exercises print or draw for a student."""
    return {english for assignment in translate_exercises.assignments()
            for cell in json.loads(translate_exercises.english_notebook(assignment)
                                   .read_text(encoding="utf-8"))["cells"]
            if cell["cell_type"] == "code"
            for english in translate_exercises.student_strings("".join(cell["source"]))}


def test_catalogues_follow_chinese_typography():
    found = [f"{path}: {rule}: {excerpt!r}  ({typography.RULES[rule]})"
             for path, english, string in _translations()
             for rule, excerpt in typography.problems(_prose(path, english, string))]
    assert not found, f"{len(found)} typography problems (book/README.md, Chinese " \
                      "typography):\n" + "\n".join(found[:40])


@pytest.mark.parametrize(("rule", "wrong", "right"), [
    ("dash", "答案是一段递推 — 方向相反 — 由此得到", "答案是一段递推——方向相反——由此得到"),
    ("dash", "得到 $x$ —— 即速度", "得到 $x$——即速度"),
    ("punctuation", "坐标系：Craig 的**改进 DH**(`dh`);`P` 是质心", "其中 $a$，$b$；`P` 是质心"),
    ("punctuation", "每根关节轴都沿 Z;**重力指向 −Y0**", "每根关节轴都沿 Z；**重力指向 −Y0**"),
    ("punctuation", "其中 $G_1 = 0$,$G_2 = 1$", "其中 $G_1 = 0$，$G_2 = 1$"),
    ("punctuation", "记 $\\Delta = \\theta_f$:", "记 $\\Delta = \\theta_f$："),
    ("punctuation", "求 C,G = ∂U/∂q", "求 C，用 G = ∂U/∂q 求重力项"),
    ("parenthesis", "关节力矩 $\\tau_i$(N·m)", "关节力矩 $\\tau_i$（N·m）"),
    ("parenthesis", "关节力（N)", "关节力（N）"),
    ("quotes", '讲义的"质量矩阵"不对称', "讲义的“质量矩阵”不对称"),
    ("quotes", '写成 "$T - V = Q$"', "写成“$T - V = Q$”"),
    ("ellipsis", "惯量矩 $I_{xx}$、… 位于对角线上", "惯量矩 $I_{xx}$ 等位于对角线上"),
    ("space", "能承受任何力矩， *唯独* 不能承受", "能承受任何力矩，*唯独*不能承受"),
    ("space", "它是 *线性* 的", "它是*线性*的"),
    ("space", "**学习目标。** 学完本章后 ，你能够", "**学习目标。** 学完本章后，你能够"),
    ("latin", "本练习要求你自己推导DH 变换", "DH 变换要由你自己推导"),
    ("latin", "pi_hat 应是5 个数，却得到形状 (4,)", "pi_hat 应是一组 5 个数，却得到形状 (4,)"),
    ("latin", "你的J0_3r是由你在练习 1 中的 pose_3r 正确推出的", "你的 J0_3r 是由你推出的"),
])
def test_each_typography_rule_finds_its_fault(rule, wrong, right):
    """Each rule flags the fault it names, and not the corrected sentence."""
    assert rule in [found for found, _ in typography.problems(wrong)]
    assert typography.problems(right) == []


def test_prose_without_chinese_keeps_its_ascii_punctuation():
    english = 'Patrick M. Wensing, "Linear matrix inequalities", *IEEE RA-L* 3(1), pp. 60–67.'
    assert typography.problems(english) == []
    assert typography.problems("矩阵元素 (2, 4)：解关于 $s_{23}$ 的方程，i = 0, …, n−1") == []


#: Menu paths the Chinese text names that are not in JupyterLab's language pack, with why
MENU_PATHS_NOT_IN_THE_PACK = {
    # nbgrader's Lab extension has no Chinese translation: its menu shows in English
    # in the Chinese interface too, so the Chinese text names it as the student sees it
    "Nbgrader → Assignment List → Submit",
}
_MENU_PATH = re.compile(r"[^\s→*（）()：:。，,；;“”`]+(?:\s*→\s*[^→*（）()：:。，,；;“”`]+)+")


@functools.cache
def _interface_labels():
    """(menu titles, every label) of the Chinese interface `make lab` opens: JupyterLab's
    zh-CN language pack, menu titles by their English too (a path the text names in
    English is found as well)."""
    import jupyterlab_language_pack_zh_CN

    pack = json.loads((Path(jupyterlab_language_pack_zh_CN.__file__).parent / "locale" /
                       "zh_CN" / "LC_MESSAGES" / "jupyterlab.json").read_text(encoding="utf-8"))
    menus = {key.split("\x04")[1]: value[0] for key, value in pack.items()
             if key.startswith("menu\x04")}
    return set(menus) | set(menus.values()), {value[0] for value in pack.values()
                                              if isinstance(value, list)}


def _menu_paths(string):
    """The "menu → item" paths in a translated string: "A → B" chains whose first part
    ends with a JupyterLab menu's title, or that are listed in MENU_PATHS_NOT_IN_THE_PACK."""
    menus, _ = _interface_labels()
    for chain in _MENU_PATH.findall(string):
        parts = [part.strip() for part in chain.split("→")]
        if chain.strip() in MENU_PATHS_NOT_IN_THE_PACK or any(
                parts[0].endswith(menu) for menu in menus):
            yield parts


def test_every_menu_path_the_chinese_text_names_is_the_chinese_interface_s():
    """A Chinese student following "内核 → 重启并运行所有单元格" finds those words in the
    menus: every part of a menu path is a label of JupyterLab's zh-CN language pack (the
    text may leave out the "…" of an item that opens a dialog: Chinese typography keeps
    "…" for formulas)."""
    menus, labels = _interface_labels()
    found = [(path, parts) for path, _, string in _translations()
             for parts in _menu_paths(string)]
    assert any(parts[0] == "内核" for _, parts in found)
    wrong = [f"{path}: {' → '.join(parts)}" for path, parts in found
             if " → ".join(parts) not in MENU_PATHS_NOT_IN_THE_PACK
             and (parts[0] not in menus or parts[0] not in labels
                  or any(part not in labels and f"{part}…" not in labels
                         for part in parts[1:]))]
    assert not wrong, "menu paths not in the Chinese interface:\n" + "\n".join(wrong)


def test_a_menu_path_in_english_is_found():
    assert list(_menu_paths("重启（*Kernel → Restart & Run All*）")) == [
        ["Kernel", "Restart & Run All"]]
    assert list(_menu_paths("单位（度 → 弧度），{B} → {A}")) == []


def _glossary_names():
    rows = glossary.read_glossary()
    terms = sorted({row["chinese"] for row in rows}, key=len, reverse=True)
    aliases = [(alias, row["chinese"]) for row in rows for alias in glossary.aliases(row)]
    return terms, aliases


def test_glossary_aliases_name_one_term_each():
    terms, aliases = _glossary_names()
    names = [alias for alias, _ in aliases]
    assert len(aliases) >= 60, "the glossary should give the textbooks' synonyms"
    assert len(set(names)) == len(names), "an alias names two terms"
    assert not set(names) & set(terms), "an alias is another row's term"
    assert all(re.search(f"[{typography.HAN}]", name) for name in names)


_TERM = "\ue000"  # a glossary term, in the text checked for aliases
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")


def _variants(string, terms, aliases):
    """The aliases a translation uses instead of the glossary's term. Not counted: an alias
    inside a quotation (the notes' own words), inside a longer term (主轴 in 惯性主轴), or
    introduced in parentheses next to its term (矢量积（叉积）)."""
    text = _QUOTED.sub(" ", typography.masked(string))
    for term in terms:
        text = text.replace(term, _TERM)
    found = []
    for alias, term in aliases:
        rest = text.replace(f"{alias}（{_TERM}）", _TERM).replace(f"{_TERM}（{alias}）", _TERM)
        if alias in rest:
            found.append((alias, term))
    return found


def test_one_term_per_concept():
    """The book writes the glossary's term, never one of its aliases (惯量张量, not 惯性张量;
    改进 DH, not 改进 D-H; 重力项, not 重力矢量/重力向量; 递推, not 迭代)."""
    terms, aliases = _glossary_names()
    used = [f"{path}: {alias!r} for {term!r} in {string[:70]!r}"
            for path, _, string in _translations() if path.name != "glossary.po"
            for alias, term in _variants(string, terms, aliases)]
    assert not used, f"{len(used)} translations use an alias instead of the glossary's " \
                     "term (book/README.md):\n" + "\n".join(used[:30])


def test_the_term_check_finds_an_alias_and_allows_quotes_and_synonyms():
    terms, aliases = _glossary_names()
    assert _variants("连杆的惯性张量", terms, aliases) == [("惯性张量", "惯量张量")]
    assert ("改进 D-H", "改进 DH 参数") in _variants("Craig 的改进 D-H 参数", terms, aliases)
    assert _variants("牛顿-欧拉迭代算法", terms, aliases) == [("迭代", "递推")]
    assert _variants("笔记说“连杆 1 和 2 的转动惯量”", terms, aliases) == []
    assert _variants("矢量积（叉积）与惯性主轴", terms, aliases) == []


# --- the arm viewer's words (viewer.po) ---------------------------------------------------

#: English a Chinese viewer may keep: symbols (det J, ⁰T_tool), units, names
_VIEWER_ENGLISH = {"det", "tool", "rad", "WebGL"}


def _book_build():
    spec = importlib.util.spec_from_file_location("book_build", ROOT / "book" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_viewer_word_has_a_current_chinese_translation():
    """viewer.po has one entry per key of arm_viewer.WORDS, made from the current English,
    translated, not fuzzy, with the English's {names}, and no English but symbols and
    units; the book finds none missing."""
    from robocourse.widgets.arm_viewer import WORDS, placeholders

    catalogue = _book_build().read_viewer_catalogue()
    assert set(catalogue) == set(WORDS), (f"missing: {set(WORDS) - set(catalogue)}, left "
                                          f"over: {set(catalogue) - set(WORDS)}: run `make "
                                          "translations`")
    stale = [key for key, (english, string, fuzzy) in catalogue.items()
             if english != WORDS[key] or not string or fuzzy]
    assert not stale, f"viewer words untranslated, fuzzy or stale: {stale}"
    for key, (english, string, _) in catalogue.items():
        assert placeholders(string) == placeholders(english), key
        assert set(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", "", string))) <= \
            _VIEWER_ENGLISH, f"English left in the Chinese of {key!r}: {string!r}"
    words, missing = _load("interface_text").viewer_words("zh_CN")
    assert missing == [] and words["joint"] == "关节 {number}"


def test_the_viewer_catalogue_is_what_make_translations_writes():
    from robocourse.widgets.arm_viewer import WORDS

    build = _book_build()
    committed = build.VIEWER_CATALOGUE.read_text(encoding="utf-8")
    assert build.viewer_catalogue(WORDS, build.read_viewer_catalogue()) == committed, \
        "robocourse/locale/zh_CN/LC_MESSAGES/viewer.po is not in `make translations` form"


@pytest.mark.parametrize("domain", ["widgets", "feedback", "exercises", "hidden", "errors"])
def test_the_library_s_catalogue_is_what_make_translations_writes(domain):
    """robocourse/locale/zh_CN/LC_MESSAGES/<domain>.po holds one entry per sentence the
    course passes to say(..., domain) (the grader's and its feedback page's too, for
    "feedback"), in `make translations` form (the hidden tests' catalogue,
    solutions/hidden.zh_CN.po, one per sentence they pass to say(..., "hidden"))."""
    build = _book_build()
    assert domain in build.LIBRARY_DOMAINS
    path = build.library_catalogue_path(domain, "zh_CN")
    assert build.library_catalogue(domain, build.library_sentences(domain),
                                   build.read_library_catalogue(path)) == \
        path.read_text(encoding="utf-8"), f"{path.relative_to(ROOT)} is not in `make " \
        "translations` form"


def test_a_changed_viewer_word_turns_fuzzy_a_new_one_empty_and_a_gone_one_goes(tmp_path):
    build = _book_build()
    path = tmp_path / "viewer.po"
    path.write_text(build.viewer_catalogue({"trace": "trace", "clear": "clear"}, {
        "trace": ("trace", "轨迹", False), "clear": ("clear", "清除", False)}), encoding="utf-8")
    path.write_text(build.viewer_catalogue({"trace": "path", "show": "show"},
                                           build.read_viewer_catalogue(path)), encoding="utf-8")
    assert build.read_viewer_catalogue(path) == {"trace": ("path", "轨迹", True),
                                                 "show": ("show", "", False)}


def test_the_library_s_words_use_the_glossary_terms():
    """Where a word of the arm viewer or of a widget names a glossary term (inverse
    kinematics, manipulability, joint, tracking error), its Chinese uses the glossary's."""
    library = [(path, english, string) for path, english, string in _translations()
               if not path.is_relative_to("book")]
    assert {path.name for path, _, _ in library} >= {"viewer.po", "widgets.po"}
    inconsistent = []
    for row in glossary.read_glossary():
        pattern = r"(?<![\w-])" + re.escape(row["english"]).replace(r"\ ", r"[\s-]") + \
            r"(s|es)?\b"
        inconsistent += [(path.name, english, row["chinese"]) for path, english, string in library
                         if re.search(pattern, english, re.I) and row["chinese"] not in string]
    assert not inconsistent, inconsistent
