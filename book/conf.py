"""Sphinx configuration of the course book: build with ``make book`` (see book/README.md).

The source folder is the repository itself, so that the book reads the committed chapter
notebooks (``chapters/*.ipynb``) where they are, and the pages in ``book/`` link to them
and to ``exercises/`` with the same relative paths a reader sees in the repository.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

from offline_assets import MATHJAX_CONFIG, MATHJAX_PATH, WIDGETS_JS  # noqa: E402

project = "Robot mechanics, chapter by chapter"
author = "the robocourse authors"
copyright = "the robocourse authors"

extensions = [
    "myst_nb",
    "offline_assets",
    "notebook_cells",
    "study_path",
    "glossary_table",
    "chinese_search",
    "search_page",
    "language_switch",
    "chinese_typography",
    "interface_text",
]

root_doc = "book/index"
include_patterns = ["book/*.md", "chapters/*.ipynb"]
exclude_patterns = [
    ".venv",
    "**/node_modules",
    "book/_build",
    "book/README.md",
    "**/.ipynb_checkpoints",
]

# The notebooks are committed executed (their outputs are checked by nbval): never re-run.
nb_execution_mode = "off"
nb_ipywidgets_js = WIDGETS_JS
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence"]
myst_heading_anchors = 3

# Maths, scripts and fonts from the site itself (see _ext/offline_assets.py).
mathjax_path = MATHJAX_PATH
mathjax4_config = MATHJAX_CONFIG

# Translation: sphinx-build -b gettext, sphinx-intl update (make translations).
language = "en"
locale_dirs = [str(Path(__file__).parent / "locale")]  # relative paths would be the srcdir's
gettext_compact = False  # one catalogue per page: chapters/00_kinematics.po, ...
gettext_location = False  # no line numbers: a catalogue changes only when its text does
gettext_uuid = False

html_theme = "sphinx_book_theme"
html_static_path = ["_static"]
html_css_files = ["book.css"]
templates_path = ["_templates"]
html_last_updated_fmt = None
html_theme_options = {
    "article_header_end": ["language-switch.html", "article-header-buttons.html"],
    "footer_content_items": ["book-footer.html"],
    "use_download_button": True,
    "use_fullscreen_button": False,
    "home_page_in_toc": True,
    "show_navbar_depth": 1,
}
html_copy_source = True  # the download button offers the chapter's notebook
