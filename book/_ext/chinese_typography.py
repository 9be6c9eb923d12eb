"""Chinese typography in the zh_CN edition: the rules a translation keeps, and the help a
browser needs to set it.

The rules follow GB/T 15834-2011 (标点符号用法) and the W3C *Requirements for Chinese
Text Layout* (clreq); book/README.md lists them for translators. ``problems(msgstr)``
checks one translated string (tests/test_book_chinese.py runs it on every catalogue;
``python book/_ext/chinese_typography.py`` lists what it finds). Formulas, code spans,
link targets and passages without Chinese (an English title in the references) are not
Chinese prose and keep their ASCII punctuation.

Two things cannot be fixed in a catalogue, so the Chinese pages are adjusted when they are
written (``setup``):

* A browser may break a line on either side of an inline formula, even next to
  punctuation (CSS Text 3: a soft wrap opportunity before and after every atomic inline,
  and MathJax's output is one), so "，" after a formula could begin a line (clreq:
  行首禁则). Each formula is bound to the punctuation that touches it.
* Markdown closes ``**思路。**`` only before a space, so the catalogues keep the space
  that the page must not show next to full-width punctuation; it is removed. Italic
  Chinese (``*唯独*``) is marked so that the style sheet sets it with emphasis dots
  (着重号) instead of slanted characters, which Chinese type does not have.
"""

import re
import unicodedata

from docutils import nodes

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
#: full-width punctuation that may not begin a line (closing) or end one (opening)
CLOSING = "，。、；：？！）】》」』”’…—"
OPENING = "（【《「『“‘"
FULL_WIDTH = CLOSING + OPENING
#: what is not Chinese prose: formulas, code spans, link targets, roles
_NOT_PROSE = re.compile(r"\$\$.*?\$\$|\$[^$]+\$|`[^`]+`|\]\([^)]*\)|\{[a-z-]+\}`[^`]*`", re.S)
SPAN = "\ufffc"  # what a formula or code span becomes in the checked text

RULES = {
    "dash": "破折号是两个 em dash“——”，前后不空格（not “ — ”）",
    "punctuation": "中文句子里、公式和代码旁边用全角标点 ，；：？！。（not ASCII , ; : ? ! .）",
    "parenthesis": "中文括号用全角（）：括号里有中文、公式或代码，或括号外紧贴中文或公式时",
    "quotes": "中文引号用“…”和‘…’（not ASCII quotes）",
    "ellipsis": "中文的省略号是“……”（一个“…”只在公式的 0, …, n 里）",
    "space": "全角标点前后不加空格（全角标点自带空白）",
    "latin": "中文与西文词、数字之间留一个空格（写 推导 DH 变换、应是 5 个数，not "
             "推导DH 变换、应是5 个数）",
    "emphasis": "强调符号 * 与 ** 紧贴标点时，标点另一侧须是空格或标点，否则 Markdown 不认："
                "写 *手工推导*：…（not *手工推导：*…）",
}

_MARKS = FULL_WIDTH.replace("—", "").replace("…", "")  # the marks that sit next to words
_CLOSE = CLOSING.replace("—", "").replace("…", "")
_CHINESE = f"{HAN}{_MARKS}{SPAN}"
_CHINESE_CHAR = re.compile(f"[{_CHINESE}]")

_RUNS = {
    "dash": re.compile(r"\s*(?<!—)—(?!—)\s*|\s+——|——\s+"),
    "ellipsis": re.compile(rf"(?<=[{HAN}{_MARKS}{SPAN}])…(?!…)|(?<!…)…(?=[{HAN}{_MARKS}])"),
    "space": re.compile(
        rf"[ \t]+[{_CLOSE}]|[{_MARKS}][ \t]+|(?<=[{HAN}])[ \t]+[{OPENING}]"  # around marks
        rf"|(?<=[{HAN}])\*+[ \t]+(?=[{HAN}])|(?<=[{HAN}])[ \t]+\*+(?=[{HAN}])"  # between Han
    ),
    "latin": re.compile(rf"(?<=[{HAN}])[A-Za-z0-9]|[A-Za-z0-9](?=[{HAN}])"),
}


def masked(text):
    """``text`` with every formula, code span and link target replaced by ``SPAN``.

    >>> masked("见 $x$，`f(x)` 与 [Craig](../book/references.md#craig-2017)")
    '见 \\ufffc，\\ufffc 与 [Craig\\ufffc'
    """
    return _NOT_PROSE.sub(SPAN, text)


def is_chinese(text):
    """Whether ``text`` has Chinese characters (then its prose follows these rules)."""
    return bool(re.search(f"[{HAN}]", text))


def problems(text):
    """The typography problems of one translated string: a list of (rule, excerpt).

    >>> problems("由 $x$ 得到 $y$ — 即速度;")
    [('dash', '由 ￼ 得到 ￼ — 即速度;'), ('punctuation', '得到 ￼ — 即速度;')]
    >>> problems('改进 DH(`dh`)，讲义的"质量矩阵"')
    [('parenthesis', '改进 DH(￼)，讲义的"质量'), ('quotes', 'DH(￼)，讲义的"质量矩阵"')]
    >>> problems("*手工推导：*笔记本评分时")
    [('emphasis', '*手工推导：*笔记本评分时')]
    >>> problems("*手工推导*：笔记本评分时；**思路。** 设想")
    []
    >>> problems('English only: "A title", pp. 1-2.')
    []
    """
    if not is_chinese(text):
        return []
    prose = masked(text)
    found = []
    for rule, pattern in _RUNS.items():
        found += [(rule, match.start()) for match in pattern.finditer(prose)]
    found += [("punctuation", at) for at in _ascii_punctuation(prose)]
    found += [("parenthesis", at) for at in _ascii_parentheses(prose)]
    found += [("quotes", at) for at in _ascii_quotes(prose)]
    found += [("emphasis", at) for at in _unmatched_emphasis(prose)]
    return [(rule, _excerpt(prose, at)) for rule, at in sorted(found, key=lambda f: f[1])]


def _excerpt(prose, at):
    return prose[max(0, at - 10) : at + 10].strip()


def _ascii_punctuation(prose):
    """ASCII , ; : ? ! touching Chinese, full-width punctuation or a formula, or glued to
    the words on both sides (``Z;重力``, ``C,G``); an ASCII full stop after Chinese or a
    formula that ends the sentence."""
    for match in re.finditer(r"[,;:?!]|\.(?=\s|$)", prose):
        before = prose[match.start() - 1 : match.start()]
        after = prose[match.end() : match.end() + 1]
        chinese = [bool(_CHINESE_CHAR.match(c)) for c in (before, after)]
        if match.group() == "." and chinese[0]:
            yield match.start()
        elif match.group() != "." and (any(chinese) or _glued(before) and _glued(after)):
            yield match.start()


def _glued(char):
    """A character that English would not put right next to , ; : (it puts a space after)."""
    return bool(char) and not (char.isspace() or char.isdigit())


def _ascii_parentheses(prose):
    """ASCII parentheses around Chinese, a formula or code, touching Chinese or a formula
    outside, or paired with a full-width one (a matrix index ``(2, 4)`` may stay)."""
    stack = []
    for index, char in enumerate(prose):
        if char in "(（":
            stack.append(index)
        elif char in ")）" and stack:
            start = stack.pop()
            opening, closing = prose[start], char
            if opening + closing == "（）":
                continue
            inside = prose[start + 1 : index]
            outside = prose[start - 1 : start] + prose[index + 1 : index + 2]
            if (opening + closing != "()" or re.search(f"[{HAN}{SPAN}]", inside)
                    or re.search(f"[{HAN}{SPAN}]", outside)):
                yield start


def _ascii_quotes(prose):
    """ASCII double quotes around Chinese or touching it; single ones touching it."""
    for match in re.finditer(r'"([^"]*)"', prose):
        outside = prose[match.start() - 1 : match.start()] + prose[match.end() : match.end() + 1]
        if re.search(f"[{_CHINESE}]", match.group(1) + outside):
            yield match.start()
    for match in re.finditer(rf"(?<=[{_CHINESE}])'|'(?=[{_CHINESE}])", prose):
        yield match.start()


def _flanking(prose, match):
    """Whether a run of ``*`` can open (left-flanking) and close (right-flanking) emphasis,
    by CommonMark's rule: a run next to punctuation must have a space or punctuation on its
    other side (``*手工推导：*笔记本`` never closes: "：" before it, "笔" after)."""
    def punctuation(char):
        return not char or char.isspace() or unicodedata.category(char)[0] in "PS"

    before = prose[match.start() - 1 : match.start()]
    after = prose[match.end() : match.end() + 1]
    spaced = (not before or before.isspace(), not after or after.isspace())
    opens = not spaced[1] and (not punctuation(after) or punctuation(before))
    closes = not spaced[0] and (not punctuation(before) or punctuation(after))
    return opens, closes


def _unmatched_emphasis(prose):
    """The runs of ``*`` that open or close emphasis where Markdown would not: the text then
    shows its asterisks (``*手工推导：*笔记本``)."""
    open_runs = []
    for match in re.finditer(r"\*+", prose):
        opens, closes = _flanking(prose, match)
        if open_runs and open_runs[-1] == match.group():
            open_runs.pop()
            if not closes:
                yield match.start()
        else:
            open_runs.append(match.group())
            if not opens:
                yield match.start()


# --- on the Chinese pages ---------------------------------------------------------------

_BIND_AFTER = re.compile(f"^[{CLOSING}]+")
_BIND_BEFORE = re.compile(f"[{OPENING}]+$")
_SPACE_AFTER = re.compile(f"(?<=[{FULL_WIDTH}])[ \\t\\n]+")
_SPACE_BEFORE = re.compile(f"[ \\t\\n]+(?=[{CLOSING}])")


def bind_formulas(doctree):
    """Wrap each inline formula with the punctuation touching it in ``<span class="nobr">``.

    The span (``white-space: nowrap`` in book.css) keeps "，" after a formula on the
    formula's line and "（" before it on the next.
    """
    for formula in list(doctree.findall(nodes.math)):
        parent = formula.parent
        if "nobr" in parent.get("classes", []):
            continue  # bound already
        index = parent.index(formula)
        before = parent[index - 1] if index > 0 else None
        after = parent[index + 1] if index + 1 < len(parent) else None
        head = _split_text(before, _BIND_BEFORE, at_end=True)
        tail = _split_text(after, _BIND_AFTER, at_end=False)
        if not (head or tail):
            continue
        bound = nodes.inline("", "", classes=["nobr"])
        parent.replace(formula, bound)
        bound += [*([nodes.Text(head)] if head else []), formula,
                  *([nodes.Text(tail)] if tail else [])]


def _split_text(node, pattern, at_end):
    """Cut the punctuation ``pattern`` off a Text node's end (or start); return it."""
    if not isinstance(node, nodes.Text):
        return ""
    match = pattern.search(str(node))
    if not match:
        return ""
    text = str(node)
    rest = text[: match.start()] if at_end else text[match.end() :]
    node.parent.replace(node, nodes.Text(rest)) if rest else node.parent.remove(node)
    return match.group()


def tighten_spaces(doctree):
    """No space next to full-width punctuation, within a text or across inline markup."""
    previous = None  # the text before, in reading order (a formula's or code's included)
    for text in list(doctree.findall(nodes.Text)):
        if isinstance(text.parent, _NOT_TEXT):
            previous = text
            continue
        value = _SPACE_BEFORE.sub("", _SPACE_AFTER.sub("", str(text)))
        joined = previous is not None and _block(previous) is _block(text)
        if joined and str(previous)[-1:] in FULL_WIDTH:
            value = value.lstrip(" \t\n")
        if joined and value.startswith(tuple(CLOSING)) and not isinstance(previous.parent,
                                                                            _NOT_TEXT):
            _replace(previous, str(previous).rstrip(" \t\n"))
        text = _replace(text, value)
        previous = text if str(text) else previous


_NOT_TEXT = (nodes.literal, nodes.math, nodes.literal_block, nodes.raw, nodes.math_block)


def _replace(text, value):
    """Put ``value`` in place of a Text node (Text is immutable); return the node there."""
    if value == str(text):
        return text
    replacement = nodes.Text(value)
    text.parent.replace(text, replacement)
    return replacement


def _block(node):
    """The paragraph (or other block) an inline node belongs to."""
    while node is not None and isinstance(node, (nodes.Text, nodes.Inline)):
        node = node.parent
    return node


def mark_chinese_emphasis(doctree):
    """Tag emphasis that holds Chinese: the style sheet sets it with emphasis dots."""
    for emphasis in doctree.findall(nodes.emphasis):
        if is_chinese(emphasis.astext()):
            emphasis["classes"].append("zh-emphasis")


def chinese_pages(app, doctree, docname):
    """On the Chinese pages: formulas bound to their punctuation, spaces tightened, Chinese
    emphasis marked (after the landing page has copied the chapters' objectives in); and
    the formulas of the headings in the page's table of contents bound as well."""
    if app.config.language != "zh_CN" or app.builder.format != "html":
        return
    tighten_spaces(doctree)
    bind_formulas(doctree)
    mark_chinese_emphasis(doctree)
    if docname in app.env.tocs:
        bind_formulas(app.env.tocs[docname])


def setup(app):
    app.connect("doctree-resolved", chinese_pages, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":  # list the problems of every catalogue
    from pathlib import Path

    from babel.messages.pofile import read_po

    locale = Path(__file__).resolve().parent.parent / "locale" / "zh_CN" / "LC_MESSAGES"
    for catalogue in sorted(locale.rglob("*.po")):
        with open(catalogue, "rb") as handle:
            for message in read_po(handle):
                for rule, excerpt in problems(message.string or ""):
                    print(f"{catalogue.relative_to(locale)}: {rule}: {excerpt}")
