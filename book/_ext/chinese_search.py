"""Search in the Chinese edition: glossary terms as words, and a stemmer that exists.

Sphinx splits Chinese text into words with jieba. The glossary's Chinese terms (and a few
names readers search for on their own) are given to jieba as a user dictionary, so that
科氏加速度 is indexed as one word and as 科氏.

Sphinx 9.0's Chinese search writes ``window.Stemmer = ChineseStemmer`` into
``language_data.js``, a class that is never defined (Chinese uses the English stemmer for
its Latin words), so every search on a Chinese page fails in the browser
(sphinx-doc/sphinx#14229, fixed upstream by #14416 after 9.0.4). The search language
registered here is Sphinx's own with the English stemmer named as such.
"""

import logging
from pathlib import Path

from glossary_table import read_glossary
from sphinx.search import _MINIFIED_JS_PATH
from sphinx.search.zh import SearchChinese

# Names a reader searches for on their own, though the glossary only has them inside a
# longer term (科氏加速度, 雅可比矩阵, ...).
SEARCH_WORDS = ("科氏", "科里奥利", "雅可比", "拉格朗日", "欧拉", "牛顿", "克里斯托费尔")


class ChineseSearch(SearchChinese):
    """Sphinx's Chinese search whose JavaScript stemmer is the English one it really uses."""

    js_stemmer_rawcode = None
    js_stemmer_code = "\n".join(
        [
            (_MINIFIED_JS_PATH / "base-stemmer.js").read_text(encoding="utf-8"),
            (_MINIFIED_JS_PATH / SearchChinese.js_stemmer_rawcode).read_text(encoding="utf-8"),
            "window.Stemmer = EnglishStemmer;",
        ]
    )


def search_dictionary(app):
    """Give jieba the glossary's Chinese terms as words (a user dictionary file)."""
    if app.config.language != "zh_CN":
        return
    import jieba  # Sphinx's Chinese word splitter (the book extra installs it)

    jieba.setLogLevel(logging.WARNING)  # no "Building prefix dict..." chatter
    words = Path(app.doctreedir) / "glossary-words.txt"
    words.parent.mkdir(parents=True, exist_ok=True)
    terms = {row["chinese"].strip() for row in read_glossary()} | set(SEARCH_WORDS)
    terms = {term for term in terms if not any(ch.isspace() for ch in term)}
    words.write_text("".join(f"{term} 1000 n\n" for term in sorted(terms)), encoding="utf-8")
    app.config.html_search_options = {**(app.config.html_search_options or {}), "dict": str(words)}


def setup(app):
    app.add_search_language(ChineseSearch)
    app.connect("builder-inited", search_dictionary)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
