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
        "notebook": "Notebook",
        "notebook_download": "the chapter's notebook {name} (download)",
        "exercises": "Exercises",
        "exercises_none": "no graded exercises for this chapter yet",
        "exercise_download": "student notebook {name} (download)",
        "instructor_guide": "instructor guide",
        "glossary_english": "English",
        "glossary_chinese": "中文",
        "glossary_aliases": "Also called (Chinese)",
        "glossary_symbol": "Symbol",
        "glossary_chapter": "Defined in",
        "glossary_chapter_value": "Chapter {number}",
        "search_bar": "Search...",
        "footer": "By the robocourse authors · © the robocourse authors",
        "code_show_source": "Show code cell source",
        "code_hide_source": "Hide code cell source",
        "code_show_output": "Show code cell output",
        "code_hide_output": "Hide code cell output",
        "code_show_outputs": "Show code cell outputs",
        "code_hide_outputs": "Hide code cell outputs",
        "code_show_content": "Show code cell content",
        "code_hide_content": "Hide code cell content",
        "code_toggle": "Toggle hidden content",
    },
    "zh_CN": {
        "site_title": "机器人力学",
        "switch_to": "English",
        "switch_title": "English version of this page",
        "widget_still": "交互图的静态截图。运行本章的中文笔记本即可拖动滑块（执行 make lab "
        "LANG=zh_CN，打开 {notebook}）。",
        "widget_alt": "交互图的静态截图",
        "widget_live": "本页可直接交互：拖动滑块即可，机械臂由浏览器自行计算（无需 Python）。",
        "time": "学习时间",
        "time_value": "约 {hours}（按本章篇幅估算：英文正文 {words} 词，代码单元 {cells} 个）",
        "notebook": "笔记本",
        "notebook_download": "本章的中文笔记本 {name}（下载）",
        "exercises": "习题",
        "exercises_none": "本章暂无评分习题",
        "exercise_download": "学生版习题笔记本 {name}（英文，下载）",
        "instructor_guide": "教师指南",
        "glossary_english": "English",
        "glossary_chinese": "中文",
        "glossary_aliases": "又称",
        "glossary_symbol": "符号",
        "glossary_chapter": "首次定义",
        "glossary_chapter_value": "第 {number} 章",
        "search_bar": "搜索……",
        "footer": "robocourse 课程组编写 · 版权所有 © robocourse 课程组",
        "code_show_source": "显示代码",
        "code_hide_source": "隐藏代码",
        "code_show_output": "显示输出",
        "code_hide_output": "隐藏输出",
        "code_show_outputs": "显示输出",
        "code_hide_outputs": "隐藏输出",
        "code_show_content": "显示代码单元",
        "code_hide_content": "隐藏代码单元",
        "code_toggle": "展开或收起",
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
