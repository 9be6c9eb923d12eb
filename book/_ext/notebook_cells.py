"""How the chapter notebooks' cells appear in the book.

* Test scaffolding stays in the notebook: ``# NBVAL_...`` marker lines and ``# SYLLABUS ...``
  comments are dropped from the code shown in the book (nbval and the maintainers still
  read them in the notebook).
* A live widget cannot move in a static page: its output becomes a still of its figure
  (the PNG of the ``Image`` widget in the saved widget state) with a line telling the
  reader to run the notebook. A widget whose state holds no image keeps its saved static
  state (rendered by the local widget HTML manager) and gets the same line. A widget that
  runs in the page (an anywidget whose module is in its saved state, such as the 3-D arm
  viewer: it computes what it shows itself) stays live, with a line saying so; an arm
  viewer speaks the page's language (``interface_text.arm_viewers_in_language``).
* Only prose is translated: display equations (the chapters' and sympy's printed results)
  and paragraphs made only of mathematics or code are kept out of the gettext catalogues.
"""

import base64
import json
import re
from pathlib import Path

from book_text import text
from docutils import nodes
from interface_text import arm_viewers_in_language, is_arm_viewer
from myst_nb.core.render import sanitize_script_content
from myst_nb.sphinx_ import NbMetadataCollector
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

SCAFFOLD_LINE = re.compile(r"^\s*#\s*NBVAL_\w+.*$")
SCAFFOLD_COMMENT = re.compile(r"\s*#\s*SYLLABUS\b.*$")
WIDGET_VIEW = re.compile(
    r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', re.DOTALL
)
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
MODEL_REFERENCE = re.compile(r"^IPY_MODEL_(\w+)$")
# a paragraph is prose when something other than maths, code and punctuation is left
PROSE = re.compile(r"[^\W\d_]{2,}")

logger = logging.getLogger(__name__)


def without_scaffolding(source):
    """The code of a cell as students should read it: no test markers, no syllabus notes.

    >>> without_scaffolding("# NBVAL_CHECK_OUTPUT\\nx = 1   # SYLLABUS 0.1\\n# SYLLABUS 1.5: a\\ny")
    'x = 1\\ny'
    """
    kept = []
    for line in source.splitlines():
        if SCAFFOLD_LINE.match(line):
            continue
        stripped = SCAFFOLD_COMMENT.sub("", line)
        if stripped.strip() or not line.strip():
            kept.append(stripped)
    return "\n".join(kept)


def runs_in_page(state, model_id):
    """True when the widget ``model_id`` works from its saved state alone: an anywidget
    whose ES module (``_esm``) is in that state.

    >>> runs_in_page({"v": {"model_name": "AnyModel", "state": {"_esm": "export default {}"}}},
    ...              "v"), runs_in_page({"v": {"model_name": "VBoxModel", "state": {}}}, "v")
    (True, False)
    """
    model = state.get(model_id, {})
    return model.get("model_name") == "AnyModel" and bool(model.get("state", {}).get("_esm"))


def needed_models(state, model_ids):
    """The models of ``state`` that the views of ``model_ids`` need: those and every model
    they refer to (``IPY_MODEL_<id>``), at any depth.

    >>> state = {"a": {"state": {"layout": "IPY_MODEL_l"}}, "l": {"state": {}},
    ...          "b": {"state": {"children": ["IPY_MODEL_a"]}}}
    >>> sorted(needed_models(state, ["a"]))
    ['a', 'l']
    """
    needed, waiting = {}, list(model_ids)
    while waiting:
        model_id = waiting.pop()
        if model_id in needed or model_id not in state:
            continue
        needed[model_id] = state[model_id]
        for value in state[model_id].get("state", {}).values():
            for item in value if isinstance(value, list) else [value]:
                reference = MODEL_REFERENCE.match(item) if isinstance(item, str) else None
                if reference:
                    waiting.append(reference.group(1))
    return needed


def widget_image(state, model_id, seen=None):
    """The PNG bytes of the first ``Image`` widget in the tree under ``model_id``, or None."""
    seen = set() if seen is None else seen
    model = state.get(model_id)
    if model is None or model_id in seen:
        return None
    seen.add(model_id)
    if model.get("model_name") == "ImageModel":
        for buffer in model.get("buffers", []):
            if buffer.get("path") == ["value"]:
                return base64.b64decode(buffer["data"])
    for value in model.get("state", {}).values():
        for item in value if isinstance(value, list) else [value]:
            reference = MODEL_REFERENCE.match(item) if isinstance(item, str) else None
            if reference:
                found = widget_image(state, reference.group(1), seen)
                if found is not None:
                    return found
    return None


class HideScaffolding(SphinxTransform):
    """Drop NBVAL markers and syllabus comments from the code cells shown in the book."""

    default_priority = 400

    def apply(self):
        for container in self.document.findall(nodes.container):
            if "cell_input" not in container.get("classes", []):
                continue
            for block in container.findall(nodes.literal_block):
                shown = without_scaffolding(block.astext())
                if shown != block.astext():
                    block.rawsource = shown
                    block.children = [nodes.Text(shown)]


class WidgetStills(SphinxTransform):
    """Replace each live widget output by a still of its figure and a 'run me' line."""

    default_priority = 400

    def apply(self):
        views = [
            raw
            for raw in self.document.findall(nodes.raw)
            if WIDGET_VIEW.search(raw.astext())
        ]
        if not views:
            return
        state = self._saved_widgets().get("state", {})
        live = []
        for raw in views:
            model_id = json.loads(WIDGET_VIEW.search(raw.astext()).group(1))["model_id"]
            png = widget_image(state, model_id)
            in_page = png is None and runs_in_page(state, model_id)
            note = nodes.paragraph(
                "",
                text(self.config.language, "widget_live" if in_page else "widget_still",
                     notebook=self._notebook()),
                classes=["widget-live-note" if in_page else "widget-still-note"],
            )
            note["translatable"] = False
            replacement = [note]
            if png is not None:
                alt = text(self.config.language, "widget_alt")
                data = base64.b64encode(png).decode("ascii")
                still = nodes.raw(
                    "",
                    f'<img class="widget-still" alt="{alt}" src="data:image/png;base64,{data}">',
                    format="html",
                )
                replacement.insert(0, still)
            else:
                replacement.insert(0, raw.deepcopy())
                live.append(model_id)
            raw.replace_self(replacement)
        if live:
            self._keep_widget_state(needed_models(state, live))
        else:
            self._drop_widget_scripts()

    def _notebook(self):
        """The notebook a reader of the page's language runs: chapters/zh_CN/NN_….ipynb
        for the Chinese pages (tools/translate_notebooks.py), the page's own otherwise."""
        name = f"{Path(self.env.docname).name}.ipynb"
        if self.config.language == "zh_CN":
            return f"chapters/zh_CN/{name}"
        return f"chapters/{name}"

    def _js_files(self):
        """myst-nb's scripts of the page (its environment data, ``js_files``: keys
        ``ipywidgets_state`` and ``ipywidgets_<i>``)."""
        return NbMetadataCollector.get_doc_data(self.env)[self.env.docname].get("js_files", {})

    def _keep_widget_state(self, models):
        """The page's saved widget state, with only the ``models`` its live views need:
        the widget manager then creates those alone (not the sliders and figures of the
        widgets shown as stills), and the page is smaller. Arm viewers get the library's
        viewer code and the page's language."""
        models, missing = arm_viewers_in_language(models, self.config.language)
        if missing and any(is_arm_viewer(model) for model in models.values()):
            logger.warning("the arm viewer's words %s have no current %s translation: run "
                           "`make translations` and translate them in "
                           "robocourse/locale/%s/LC_MESSAGES/viewer.po", ", ".join(missing),
                           self.config.language, self.config.language,
                           location=(self.env.docname, None))
        js_files = self._js_files()
        uri, attributes = js_files["ipywidgets_state"]
        saved = {**self._saved_widgets(), "state": models}
        body = sanitize_script_content(json.dumps(saved))
        js_files["ipywidgets_state"] = (uri, {**attributes, "body": body})

    def _drop_widget_scripts(self):
        """No widget left to render: the page needs neither the state nor the manager."""
        js_files = self._js_files()
        for key in [key for key in js_files if key.startswith("ipywidgets")]:
            del js_files[key]

    def _saved_widgets(self):
        """The notebook's saved widget state (its version and its models, ``state``)."""
        notebook = json.loads(Path(self.document["source"]).read_text(encoding="utf-8"))
        return notebook.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {})


class ProseOnlyTranslation(SphinxTransform):
    """Keep display maths and prose-free paragraphs out of the translation catalogues."""

    default_priority = 10  # before sphinx.transforms.i18n.Locale (20)

    def apply(self):
        for block in self.document.findall(nodes.math_block):
            block["translatable"] = False
        for element in self.document.findall(nodes.TextElement):
            if isinstance(element, nodes.Inline) or "translatable" in element:
                continue
            if not PROSE.search(_prose_of(element)):
                element["translatable"] = False


def _prose_of(element):
    """The text of an element without its inline maths and code."""
    return "".join(
        node.astext()
        for node in element.findall(nodes.Text)
        if not isinstance(node.parent, (nodes.math, nodes.literal))
    )


def setup(app):
    app.add_transform(HideScaffolding)
    app.add_transform(WidgetStills)
    app.add_transform(ProseOnlyTranslation)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
