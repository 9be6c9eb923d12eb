"""The few sentences the book's extensions write themselves, in each language of the book.

Everything else on a page comes from the notebooks and pages (translated through the
gettext catalogues in ``book/locale``); these strings are generated at build time, so they
live here, one dictionary per language.
"""

LANGUAGES = ("en", "zh_CN")

TEXT = {
    "en": {
        "site_title": "Robot mechanics",
        "switch_to": "中文",
        "switch_title": "本页的中文版",
        "widget_still": (
            "A still of the interactive figure. Run this notebook to move the sliders "
            "(make lab, then open the chapter)."
        ),
        "widget_alt": "Still of the interactive figure",
        "widget_live": (
            "Live in this page: drag the sliders; your browser computes the arm itself "
            "(no Python needed)."
        ),
        "time": "Time",
        "time_value": "about {hours} of study (estimated from the chapter's length: "
        "{words} words of text, {cells} code cells)",
        "exercises": "Exercises",
        "exercises_none": "no graded exercises for this chapter yet",
        "exercise_download": "student notebook {name} (download)",
        "instructor_guide": "instructor guide",
        "glossary_english": "English",
        "glossary_chinese": "中文",
        "glossary_symbol": "Symbol",
        "glossary_chapter": "Defined in",
        "glossary_chapter_value": "Chapter {number}",
    },
    "zh_CN": {
        "site_title": "机器人力学",
        "switch_to": "English",
        "switch_title": "English version of this page",
        "widget_still": "交互图的静态截图。运行本笔记本即可拖动滑块（执行 make lab 后打开本章）。",
        "widget_alt": "交互图的静态截图",
        "widget_live": "本页可直接交互：拖动滑块即可，机械臂由浏览器自行计算（无需 Python）。",
        "time": "学习时间",
        "time_value": "约 {hours}（按本章篇幅估算：英文正文 {words} 词，代码单元 {cells} 个）",
        "exercises": "习题",
        "exercises_none": "本章暂无评分习题",
        "exercise_download": "学生版笔记本 {name}（下载）",
        "instructor_guide": "教师指南",
        "glossary_english": "English",
        "glossary_chinese": "中文",
        "glossary_symbol": "符号",
        "glossary_chapter": "定义所在章",
        "glossary_chapter_value": "第 {number} 章",
    },
}


def text(language, key, **values):
    """The sentence ``key`` in ``language`` (English for a language the book lacks)."""
    table = TEXT.get(language or "en", TEXT["en"])
    return table[key].format(**values)


def hours(minutes, language):
    """A study time such as '2¼ h' / '2¼ 小时', rounded to a quarter of an hour."""
    quarters = max(1, round(minutes / 15))
    whole, rest = divmod(quarters, 4)
    fraction = ["", "¼", "½", "¾"][rest]
    number = f"{whole or ''}{fraction}" if whole or fraction else "0"
    unit = "小时" if language == "zh_CN" else "h"
    return f"{number} {unit}"
