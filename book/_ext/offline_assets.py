"""Serve every script, style sheet and font of the book from the site itself.

The pages need MathJax (equations), require.js and the Jupyter widget HTML manager (saved
widget state) and, for the animation players of matplotlib's ``to_jshtml``, the Font
Awesome 4 icon font. All of them come from npm packages pinned in ``book/package.json``
(installed into ``book/node_modules`` by ``make book``) and are copied into
``_static/vendor/`` of each built language. So does the front end of anywidget (the 3-D
arm viewer's widget class), from the Python package the notebooks were run with: its AMD
build, which the widget manager loads with require.js (``_static/widget-modules.js``
tells require.js where; unknown to it, the manager would fetch it from a CDN). The
viewer's own code travels in its saved widget state. Notebook outputs that load a style sheet or a
script from the internet are rewritten to the local copy where one exists (Font Awesome)
and are a build warning otherwise, so ``-W`` stops the build.
"""

import importlib.util
import re
import shutil
from pathlib import Path

from docutils import nodes
from sphinx.errors import ExtensionError
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

logger = logging.getLogger(__name__)

NODE_MODULES = Path(__file__).resolve().parent.parent / "node_modules"

# (path inside node_modules, path inside the site's _static/vendor[, only these file names])
VENDOR_FILES = [
    ("mathjax/tex-chtml.js", "mathjax/tex-chtml.js"),
    ("mathjax/input", "mathjax/input"),
    ("mathjax/output", "mathjax/output"),
    ("mathjax/a11y", "mathjax/a11y"),
    ("mathjax/sre", "mathjax/sre"),
    ("mathjax/ui", "mathjax/ui"),
    ("@mathjax/mathjax-newcm-font/chtml", "mathjax/fonts/mathjax-newcm-font/chtml"),
    ("requirejs/require.js", "requirejs/require.js"),
    # the AMD bundle and the icon fonts its style sheet asks for (not the other bundles)
    ("@jupyter-widgets/html-manager/dist", "html-manager", ("embed-amd.js", "*.woff", "*.woff2")),
    ("font-awesome/css/font-awesome.min.css", "font-awesome/css/font-awesome.min.css"),
    ("font-awesome/fonts", "font-awesome/fonts"),
]
SKIPPED_SUFFIXES = (".map", ".LICENSE.txt")
# (Python package, file inside it, path inside _static/vendor): widget front ends, the
# version the notebooks' kernels had
PACKAGE_FILES = [("anywidget", "nbextension/index.js", "anywidget/index.js")]

MATHJAX_PATH = "vendor/mathjax/tex-chtml.js"
MATHJAX_CONFIG = {
    # the fonts live next to MathJax in the site, not on a CDN
    "loader": {"paths": {"fonts": "[mathjax]/fonts"}},
}
WIDGETS_JS = {
    "vendor/requirejs/require.js": {},
    "widget-modules.js": {},
    "vendor/html-manager/embed-amd.js": {},
}
FONT_AWESOME_CSS = "vendor/font-awesome/css/font-awesome.min.css"

# a tag that loads something: <link href=...>, <script src=...>, <img src=...>
_LOADING_TAG = re.compile(
    r"<(link|script|img)\b[^>]*?\b(?:href|src)\s*=\s*[\"']((?:https?:)?//[^\"']+)[\"'][^>]*>",
    re.IGNORECASE,
)


def _copy_vendor_files(outdir):
    missing = [src for src, *_ in VENDOR_FILES if not (NODE_MODULES / src).exists()]
    if missing:
        raise ExtensionError(
            f"book assets missing in {NODE_MODULES}: {', '.join(missing)}; "
            "install them with `npm ci --prefix book` (make book does it)"
        )
    vendor = Path(outdir) / "_static" / "vendor"
    for src, dest, *only in VENDOR_FILES:
        source, target = NODE_MODULES / src, vendor / dest
        if only:
            files = [(f, target / f.name) for pattern in only[0] for f in source.glob(pattern)]
        elif source.is_dir():
            files = [
                (f, target / f.relative_to(source))
                for f in source.rglob("*")
                if f.is_file() and not f.name.endswith(SKIPPED_SUFFIXES)
            ]
        else:
            files = [(source, target)]
        for found, copy in files:
            _copy_if_changed(found, copy)
    for package, src, dest in PACKAGE_FILES:
        spec = importlib.util.find_spec(package)
        if spec is None or spec.origin is None:
            raise ExtensionError(f"the Python package {package} is missing: install the "
                                 "course's environment (make book does it)")
        _copy_if_changed(Path(spec.origin).parent / src, vendor / dest)


def _copy_if_changed(source, target):
    """Copy one file, keeping its time stamp; skip it when the copy is already current."""
    if target.exists():
        old, new = target.stat(), source.stat()
        if (old.st_size, old.st_mtime_ns) == (new.st_size, new.st_mtime_ns):
            return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


def copy_vendor_files(app, exception):
    """After an HTML build: copy the pinned npm assets into ``_static/vendor``."""
    if exception is None and app.builder.format == "html":
        _copy_vendor_files(app.outdir)


class LocalRemoteAssets(SphinxTransform):
    """Rewrite notebook HTML outputs that load assets from the internet.

    matplotlib's ``to_jshtml`` player links Font Awesome 4 from a CDN: the link is removed
    and the page gets the site's own copy. Any other remote script, style sheet or image
    in an output is a warning naming the page.
    """

    default_priority = 400

    def apply(self):
        for raw in self.document.findall(nodes.raw):
            if "html" not in raw.get("format", ""):
                continue
            html = raw.astext()
            rewritten = _LOADING_TAG.sub(self._replace, html)
            if rewritten != html:
                raw.children = [nodes.Text(rewritten)]

    def _replace(self, match):
        tag, url = match.group(1).lower(), match.group(2)
        if tag == "link" and "font-awesome" in url:
            self.env.metadata[self.env.docname]["book_font_awesome"] = True
            return "<!-- Font Awesome: served by the book from _static/vendor -->"
        logger.warning(
            "a notebook output loads %s from outside the book (%s): the page would not "
            "work offline; serve it from book/package.json instead",
            tag,
            url,
            location=(self.env.docname, None),
        )
        return match.group(0)


def add_font_awesome(app, pagename, templatename, context, doctree):
    """Give the pages whose animation players use Font Awesome the local copy of it."""
    if app.env.metadata.get(pagename, {}).get("book_font_awesome"):
        app.add_css_file(FONT_AWESOME_CSS)


def setup(app):
    # conf.py sets mathjax_path, mathjax4_config and nb_ipywidgets_js from the constants above
    app.add_transform(LocalRemoteAssets)
    app.connect("html-page-context", add_font_awesome)
    app.connect("build-finished", copy_vendor_files)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
