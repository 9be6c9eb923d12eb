"""A link on every page to the same page in the book's other language, which remembers
the reader's choice.

Each language is built into its own folder next to the other
(``book/_build/html/en``, ``book/_build/html/zh_CN``), so the same page in the other
language is up to the languages' folder, then down the same path. ``book-language.js``
stores the language a reader switches to; the site's front door (``book/build.py``) opens
that edition, or the one of the browser's languages.
"""

from book_text import LANGUAGES, text

LANGUAGE_SCRIPT = "book-language.js"


def other_language(language):
    """The language the switch leads to."""
    return next(other for other in LANGUAGES if other != language)


def switch_url(pagename, language):
    """The relative URL of ``pagename`` in the other language.

    >>> switch_url("chapters/00_kinematics", "en")
    '../../zh_CN/chapters/00_kinematics.html'
    >>> switch_url("search", "zh_CN")
    '../en/search.html'
    """
    depth = pagename.count("/") + 1
    return "../" * depth + f"{other_language(language)}/{pagename}.html"


def add_switch(app, pagename, templatename, context, doctree):
    language = app.config.language
    context["book_language_switch"] = {
        "url": switch_url(pagename, language),
        "label": text(language, "switch_to"),
        "title": text(language, "switch_title"),
        "lang": other_language(language).replace("_", "-"),
        "edition": other_language(language),
    }


def set_title(app, config):
    """The site's title in the language being built."""
    config.html_title = text(config.language, "site_title")


def setup(app):
    app.add_js_file(LANGUAGE_SCRIPT)
    app.connect("config-inited", set_title)
    app.connect("html-page-context", add_switch)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
