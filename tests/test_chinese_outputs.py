"""What a Chinese student reads in the outputs of the Chinese notebooks is Chinese.

Issue 37 asks that a Chinese student meets English only in code and code comments. The
notebooks are generated and executed (tools/translate_notebooks.py, tools/translate_exercises.py)
and committed executed, so their stored outputs are what the student sees when the cells run:
this reads them — the chapters (chapters/zh_CN), the released exercises (exercises/*_zh_CN)
and the instructor's solutions they are made from (solutions/*_zh_CN, whose outputs are the
ones a student's own run shows) — without running anything.

Read is what JupyterLab shows of each output: a stream (a print, a warning), an error's
message, and of a rich output the representation JupyterLab renders — HTML (its text, not its
tags and scripts), Markdown, LaTeX (the words of its ``\\text{…}`` groups: the rest is
mathematics) or plain text (only when nothing richer is there: the ``<Figure size …>`` of a
figure is never shown). The words drawn inside figures are pixels (PNG) and are not read here:
the library draws them through its catalogue ``widgets`` (tests/test_widgets_language.py) and
the chapters' labels are code strings translated in the code catalogues
(tests/test_translated_notebooks.py).

An English word is three letters or more that is not part of a name of code (``tau_f``,
``np.linalg``, ``lagrange.mass_matrix(``) or of a formula (``$…$``). Every English word found
fails the test, named with its notebook, its cell and the phrase around it, unless it is one
of :data:`NAMES` (words that are names, not English: symbols, units, exception types, people)
or inside one of :data:`PHRASES`, each allowed for the reason it gives.
"""

import html
import json
import pathlib
import re
import sys

import pytest
from test_book_chinese import typography

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import translate_exercises as X  # noqa: E402

NOTEBOOKS = sorted([*(ROOT / "chapters" / "zh_CN").glob("*.ipynb"),
                    *ROOT.glob("exercises/*_zh_CN/*.ipynb"),
                    *ROOT.glob("solutions/*_zh_CN/*.ipynb")])

#: Words that are names, not English, each with why a Chinese text keeps it.
NAMES = {
    # symbols written in ASCII where a print cannot typeset them: the names the code gives them
    **dict.fromkeys(("tau", "theta", "phi", "alpha", "beta", "omega", "qdd", "eps", "thetadot",
                     "thetaddot", "alphadot", "betadot", "Mdot", "dTheta", "Ixx", "Iyy",
                     "Izz", "det", "diag", "max", "cos", "vdot", "ddot", "lambda", "eta",
                     "Adot", "qdot", "yddot"),
                    "a symbol or function of the formulas, spelled as the code spells it"),
    **dict.fromkeys(("ZZR", "MXR"), "the name of a base parameter (regrouped, Khalil's R)"),
    **dict.fromkeys(("Matrix", "array"), "how Python shows a sympy Matrix or a numpy array"),
    **dict.fromkeys(("row", "meaning"), "the name of an answer the student assigns in code"),
    **dict.fromkeys(("deg", "rad"), "a unit"),
    # Python's own words, printed as Python prints them
    **dict.fromkeys(("True", "False"), "a Python truth value printed by the code"),
    **dict.fromkeys(("ValueError", "TypeError", "SingularConfigurationError"),
                    "the name of an exception class (code)"),
    # names of algorithms, machines, people and papers
    **dict.fromkeys(("rnea", "crba", "aba", "RNEA", "CRBA", "ABA"),
                    "pinocchio's names of the spatial algorithms, which chapter 8 teaches"),
    **dict.fromkeys(("PUMA", "AKB", "RMS", "Craig"),
                    "a name: the PUMA 560, Armstrong–Khatib–Burdick, root mean square, Craig"),
}

#: Phrases allowed as a whole, each with why.
PHRASES = {
    "Nbgrader → Assignment List → Submit":
        "nbgrader's menu and button as JupyterLab shows them: nbgrader's JupyterLab extension "
        "writes its labels in English only (no translator, no zh-CN catalogue) and the zh-CN "
        "language pack does not cover it",
}

#: A string value as Python shows it (``'gravity'``): what the student types in code.
QUOTED = re.compile(r"'[^'\n]*'")
# an English word: three letters or more, not part of a name of code (before or after: a
# letter, digit, underscore, dot, backslash, hyphen or slash; after: a call or a keyword)
WORD = r"(?<![\w.\\/-])[A-Za-z]{3,}(?![\w(=/]|[.-]\w)"
ENGLISH = re.compile(WORD)
PHRASE = re.compile(r"[A-Za-z][A-Za-z0-9_ \t,.;:'’()/=+-]*[A-Za-z]|[A-Za-z]")  # ASCII around a word
FORMULA = re.compile(r"\$[^$]*\$")
TEXT_GROUP = re.compile(r"\\text\{([^{}]*)\}")
#: The representations JupyterLab renders, richest first (a widget, then HTML, ...).
RICHEST = ("application/vnd.jupyter.widget-view+json", "text/html", "text/markdown",
           "image/svg+xml", "image/png", "image/jpeg", "text/latex", "text/plain")


def shown(output):
    """``[(kind, text)]``: what JupyterLab shows of ``output`` as text (see the module)."""
    if output["output_type"] == "stream":
        return [("stream", _joined(output["text"]))]
    if output["output_type"] == "error":
        return [("error", output["evalue"])]
    data = output.get("data", {})
    kind = next((k for k in RICHEST if k in data), None)
    if kind == "text/html":               # its text, and the tooltips of its controls
        text = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", _joined(data[kind]))
        tips = re.findall(r'(?:title|aria-label|alt|placeholder)="([^"]*)"', text)
        return [(kind, html.unescape(" | ".join([re.sub(r"(?s)<[^>]*>", " ", text), *tips])))]
    if kind == "text/latex":           # a label of more than one word (one is a name)
        return [(kind, " | ".join(group for group in TEXT_GROUP.findall(_joined(data[kind]))
                                  if len(ENGLISH.findall(group)) > 1))]
    if kind in ("text/markdown", "text/plain"):
        return [(kind, _joined(data[kind]))]
    return []


def _joined(text):
    return "".join(text) if isinstance(text, list) else text


def english(text):
    """The English phrases of ``text`` that are neither :data:`NAMES` nor inside an allowed
    phrase.

    >>> english("内核 was stopped：tau = 3 N·m，Nbgrader → Assignment List → Submit")
    ['was stopped']
    >>> english("质量矩阵 M(q) 正定：True；np.linalg.eigvalsh 与 mass_matrix(q) 一致")
    []
    """
    for phrase in PHRASES:
        text = text.replace(phrase, " ")
    text = QUOTED.sub(" ", FORMULA.sub(" ", text))
    found = []
    for match in PHRASE.finditer(text):
        if any(word not in NAMES for word in ENGLISH.findall(match.group())):
            found.append(match.group())
    return found


def english_outputs(path):
    """``[(cell index, kind, phrase)]`` of the English phrases in the outputs of ``path``
    (but those of an answer cell that are the instructor's answer's: ``students_own``)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [(index, kind, phrase) for index, cell in enumerate(cells)
            if not students_own(cell)
            for output in cell.get("outputs", []) for kind, text in shown(output)
            for phrase in english(text)]


def students_own(cell):
    """Whether what ``cell`` shows is the student's own: an answer cell (nbgrader's
    ``solution``) whose code outside its solution region prints nothing a student reads
    (``translate_exercises``: such prose is translated) shows what the answer written in it
    prints — in the solutions, the instructor's answer, which a student never sees."""
    return cell["cell_type"] == "code" and cell["metadata"].get("nbgrader", {}).get("solution") \
        and not X.student_strings("".join(cell["source"]))



@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_outputs_of_the_chinese_notebooks_have_no_english(path):
    found = english_outputs(path)
    assert not found, f"{path.relative_to(ROOT)}: English in outputs (cell, kind, phrase):\n" + \
        "\n".join(f"  cell {cell} ({kind}): {phrase!r}" for cell, kind, phrase in found)



@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_outputs_space_chinese_from_latin_words_and_numbers(path):
    """A sentence filled in at run time keeps the catalogues' spacing: a Latin word or
    number is never glued to a Chinese character ("应是5 个数", "你的J0_3r是")."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [(index, excerpt) for index, cell in enumerate(cells) if not students_own(cell)
             for output in cell.get("outputs", []) for _, text in shown(output)
             for rule, excerpt in typography.problems(text) if rule == "latin"]
    assert not found, f"{path.relative_to(ROOT)}: Latin glued to Chinese (cell, excerpt):\n" \
        + "\n".join(f"  cell {cell}: {excerpt!r}" for cell, excerpt in found)


def test_the_scan_reads_every_chinese_notebook_and_finds_english():
    """There are the Chinese notebooks of nine chapters and nine assignments (each released
    and solved), and the scan would see an English print, error and LaTeX label."""
    assert len(NOTEBOOKS) == 9 * 3
    assert english("\n".join(t for o in (
        {"output_type": "stream", "text": ["扭矩 tau = 3 N·m\n", "the elbow is up\n"]},
        {"output_type": "error", "evalue": "out of reach"},
        {"output_type": "display_data", "data": {"text/latex": r"$q_\text{elbow down}$",
                                                  "text/plain": "<Math>"}},
        {"output_type": "display_data", "data": {"image/png": "", "text/plain": "<Figure size"}},
    ) for _, t in shown(o))) == ["the elbow is up", "out of reach", "elbow down"]
