"""The book's interface in the language of the page: the theme's buttons and footer, the
code-cell toggles and the animation players' controls.

* **The theme.** Its translatable strings come from Sphinx's message catalogues; where the
  themes' own Chinese is missing or not mainland usage ("System Settings", "列印成 PDF"),
  ``book/locale/zh_CN/LC_MESSAGES/sphinx.po`` (Sphinx's and pydata-sphinx-theme's strings;
  Sphinx reads it before theirs) and ``booktheme.po`` (sphinx-book-theme's, compiled and
  registered here before the theme registers its own) say it. The two sidebar toggles,
  whose tooltips the theme writes in English, are drawn by ``_templates/`` copies that
  translate them; the footer is the book's own (``_templates/book-footer.html``).
* **Code toggles.** myst-nb labels a folded cell "Show code cell source" whatever the
  language; the label follows the page's language (``book_text.py``).
* **Players.** matplotlib's ``to_jshtml`` players carry English tooltips (Play, Pause, ...)
  and repeat modes (Once, Loop, Reflect), and a line under the first frame for a page that
  runs no script; on the Chinese pages they are translated as a Chinese notebook's players
  are (``robocourse.widgets.animation.player_in_language``, the library's catalogue
  ``widgets``), and a control that has no translation stops the build (a warning, and
  ``-W``).
* **Arm viewers.** The 3-D arm viewer (``robocourse.widgets.arm_viewer``) says every word
  from its state's ``words`` table. On every page, each viewer's saved state is handed the
  library's viewer code (``BUNDLE``: the notebooks need not be executed again when only the
  viewer changed) and the words of the page's language: ``WORDS`` in English, the
  translations of the library's catalogue ``robocourse/locale/zh_CN/LC_MESSAGES/viewer.po``
  in Chinese (the one a viewer made in a Chinese notebook speaks), which also put
  the ghosts' titles and the singularities' labels into Chinese (``in_other_words``). A
  word without a current translation stops the build.
"""

import functools
import html
import re
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from book_text import text
from docutils import nodes
from myst_nb.sphinx_ import HideCodeCellNode, depart_HideCellInput
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.osutil import ensuredir

from robocourse import language as library_language
from robocourse.widgets.animation import player_in_language
from robocourse.widgets.arm_viewer import BUNDLE, WORDS, in_other_words

logger = logging.getLogger(__name__)

LOCALE = Path(__file__).resolve().parent.parent / "locale"
THEME_CATALOGUE = "booktheme"  # sphinx-book-theme's message catalogue
#: the ``_anywidget_id`` of an arm viewer's model
ARM_VIEWER = "robocourse.widgets.arm_viewer.ArmViewer"

# myst-nb's label of a folded cell: "Show code cell source", "Hide code cell outputs", ...
_CODE_PROMPT = re.compile(r"^(Show|Hide) code cell (\w+)$")


def register_theme_catalogue(app):
    """Compile ``booktheme.po`` of the book's language and register it before the theme's."""
    source = LOCALE / app.config.language / "LC_MESSAGES" / f"{THEME_CATALOGUE}.po"
    if not source.exists():
        return
    compiled = Path(app.doctreedir) / "locale"
    target = compiled / app.config.language / "LC_MESSAGES" / f"{THEME_CATALOGUE}.mo"
    ensuredir(target.parent)
    with open(source, "rb") as po, open(target, "wb") as mo:
        write_mo(mo, read_po(po, locale=app.config.language))
    app.add_message_catalog(THEME_CATALOGUE, str(compiled))


def set_theme_texts(app, config):
    """The theme's texts that are configuration values, in the language being built."""
    language = config.language
    config.html_theme_options = {
        **config.html_theme_options,
        "search_bar_text": text(language, "search_bar"),
    }


def footer_context(app, pagename, templatename, context, doctree):
    context["book_footer"] = text(app.config.language, "footer")


class CodeToggleLabels(SphinxPostTransform):
    """The labels of folded code cells in the page's language."""

    default_priority = 250  # after myst-nb folds the cells (HideInputCells, 199)
    formats = ("html",)

    def run(self, **kwargs):
        for toggle in self.document.findall(HideCodeCellNode):
            for key in ("prompt_show", "prompt_hide"):
                match = _CODE_PROMPT.match(toggle[key])
                if match:
                    action, part = match.groups()
                    toggle[key] = text(self.config.language, f"code_{action.lower()}_{part}")
            toggle["toggle_label"] = text(self.config.language, "code_toggle")


def visit_code_toggle(self, node):
    """myst-nb's folded cell (``visit_HideCellInput``) with a translated aria-label."""
    classes = " ".join(node["classes"])
    self.body.append(f'<details class="admonition hide {classes}">\n')
    label = html.escape(node.get("toggle_label", ""), quote=True)
    self.body.append(f'<summary aria-label="{label}">\n')
    for state, key in (("collapsed", "prompt_show"), ("expanded", "prompt_hide")):
        self.body.append(f'<p class="{state} admonition-title">{html.escape(node[key])}</p>\n')
    self.body.append("</summary>\n")


class PlayerControls(SphinxTransform):
    """Translate the controls of the animation players in notebook outputs."""

    default_priority = 410  # after offline_assets rewrote the players' links (400)

    def apply(self):
        language = self.config.language
        if language == "en":
            return
        for raw in self.document.findall(nodes.raw):
            html = raw.astext()
            if 'class="anim-controls"' not in html:
                continue
            with library_language.using(language):
                translated, unknown = player_in_language(html)
            for label in unknown:
                logger.warning("an animation player's control %r has no translation: add it "
                               "to robocourse.widgets.animation.player_words and the catalogue "
                               "robocourse/locale/%s/LC_MESSAGES/widgets.po", label, language,
                               location=(self.env.docname, None))
            raw.children = [nodes.Text(translated)]


@functools.cache
def viewer_words(language):
    """The arm viewer's words in ``language``: ({key: sentence}, [keys without one]).

    English is ``WORDS``. Another language's sentences come from the library's catalogue
    ``viewer`` (``robocourse.language``): a word's translation counts when it is there, not
    fuzzy, and made from the current English; the other keys are listed (and left to the
    English)."""
    if language in (None, "en"):
        return dict(WORDS), []
    catalogue = library_language.catalogue("viewer", language)
    translated = {key: catalogue[english] for key, english in WORDS.items()
                  if english in catalogue}
    return translated, [key for key in WORDS if key not in translated]


def is_arm_viewer(model):
    """Whether a saved widget model is an arm viewer."""
    return model.get("state", {}).get("_anywidget_id") == ARM_VIEWER


def arm_viewers_in_language(models, language):
    """``models`` (a page's saved widget models) with every arm viewer's state given the
    library's viewer code and the words of ``language``; the other models as they are.
    Returns (models, keys of the words without a translation)."""
    words, missing = viewer_words(language)
    code = BUNDLE.read_text(encoding="utf-8")
    return {model_id: {**model, "state": {**in_other_words(model["state"], words),
                                          "_esm": code}}
            if is_arm_viewer(model) else model for model_id, model in models.items()}, missing


def setup(app):
    register_theme_catalogue(app)
    app.connect("config-inited", set_theme_texts)
    app.connect("html-page-context", footer_context)
    app.add_post_transform(CodeToggleLabels)
    app.add_node(HideCodeCellNode, override=True, html=(visit_code_toggle, depart_HideCellInput))
    app.add_transform(PlayerControls)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
