"""Search in the Chinese edition: glossary terms as words, found by any of their names, and
a stemmer that exists.

Sphinx splits Chinese text into words with jieba. The glossary's Chinese terms, their
aliases (and a few names readers search for on their own) are given to jieba as a user
dictionary, so that 科氏加速度 is indexed as one word and as 科氏. Wherever a page has a
term, the index also lists the term's aliases for that page (the glossary's ``aliases``
column): the book writes 惯量张量 throughout, and a search for 惯性张量 finds the same pages.

Sphinx 9.0's Chinese search writes ``window.Stemmer = ChineseStemmer`` into
``language_data.js``, a class that is never defined (Chinese uses the English stemmer for
its Latin words), so every search on a Chinese page fails in the browser
(sphinx-doc/sphinx#14229, fixed upstream by #14416 after 9.0.4). The search language
registered here is Sphinx's own with the English stemmer named as such.
"""

import json
import logging
from pathlib import Path

from glossary_table import aliases, read_glossary
from sphinx.search import _MINIFIED_JS_PATH
from sphinx.search.zh import SearchChinese

# Names a reader searches for on their own, though the glossary only has them inside a
# longer term (科氏加速度, 雅可比矩阵, ...).
SEARCH_WORDS = ("科氏", "科里奥利", "雅可比", "拉格朗日", "欧拉", "牛顿", "克里斯托费尔")


def glossary_aliases():
    """{Chinese term: [its aliases]} for the glossary rows that have aliases."""
    return {row["chinese"]: aliases(row) for row in read_glossary() if aliases(row)}


class ChineseSearch(SearchChinese):
    """Sphinx's Chinese search whose JavaScript stemmer is the English one it really uses,
    and whose index lists a glossary term's aliases wherever the term appears."""

    js_stemmer_rawcode = None
    js_stemmer_code = "\n".join(
        [
            (_MINIFIED_JS_PATH / "base-stemmer.js").read_text(encoding="utf-8"),
            (_MINIFIED_JS_PATH / SearchChinese.js_stemmer_rawcode).read_text(encoding="utf-8"),
            "window.Stemmer = EnglishStemmer;",
        ]
    )

    def __init__(self, options):
        super().__init__(options)
        path = options.get("aliases")
        self.aliases = json.loads(Path(path).read_text(encoding="utf-8")) if path else {}

    def split(self, input):
        words = super().split(input)
        return words + [alias for word in words for alias in self.aliases.get(word, ())]


def search_dictionary(app):
    """Give jieba the glossary's Chinese terms and aliases as words (a user dictionary file),
    and the Chinese search the aliases of each term."""
    if app.config.language != "zh_CN":
        return
    import jieba  # Sphinx's Chinese word splitter (the book extra installs it)

    jieba.setLogLevel(logging.WARNING)  # no "Building prefix dict..." chatter
    folder = Path(app.doctreedir)
    folder.mkdir(parents=True, exist_ok=True)
    names = glossary_aliases()
    terms = {row["chinese"].strip() for row in read_glossary()} | set(SEARCH_WORDS)
    terms |= {alias for group in names.values() for alias in group}
    terms = {term for term in terms if not any(ch.isspace() for ch in term)}
    words = folder / "glossary-words.txt"
    words.write_text("".join(f"{term} 1000 n\n" for term in sorted(terms)), encoding="utf-8")
    synonyms = folder / "glossary-aliases.json"
    synonyms.write_text(json.dumps(names, ensure_ascii=False), encoding="utf-8")
    app.config.html_search_options = {
        **(app.config.html_search_options or {}),
        "dict": str(words),
        "aliases": str(synonyms),
    }


def setup(app):
    app.add_search_language(ChineseSearch)
    app.connect("builder-inited", search_dictionary)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
