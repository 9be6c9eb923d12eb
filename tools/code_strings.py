"""The prose of a chapter's code cells: the string literals a student reads in a figure or a
printed result, found, extracted for the translators and replaced by their translation.

A code cell is read with Python's ``tokenize`` (IPython's ``%magic`` and ``!shell`` lines
are skipped; Python 3.11, where an f-string is one token); every string literal (plain,
raw, f-string) is one token. Its *words* are what is left once its ``$…$`` formulas,
f-string ``{fields}`` (but the text a field writes as it is, ``{'peak speed':>12s}``),
escapes, LaTeX commands, units (``rad/s``, ``kg·m²``) and names of code (``tau_f``) are
taken out: a word is two letters or more. A literal is **prose** when

* it is drawn as text and has a word: an argument of ``print`` or of a matplotlib call that
  writes text (``set_title``, ``annotate``, ...: ``TEXT_CALLS``), or the value of a
  ``label=``/``title=`` keyword — ``label="synchronised"``; or
* anywhere else, it has a word and a space between two of its parts (words, formulas,
  fields) — ``"the elbow angle (°)"``, ``f"link {i}"``, ``"weight G"`` — unless it is the
  value of a keyword that names a setting (``loc="upper right"``: ``SETTING_KEYWORDS``) or
  an argument of a call that makes symbols (``sp.symbols("theta_0 theta_f")``:
  ``SYMBOL_CALLS``);
* a LaTeX formula (an argument of ``show``/``Math``, or a literal with a LaTeX command
  outside ``$…$``) is prose only for the words of its ``\\text{…}`` groups, when a group
  has a word and a space: ``r"\\text{real blends need}\\quad"``;
* a value of a dictionary written where it is assigned to a name that ends in ``labels``
  (``term_labels = {"coriolis": "Coriolis"}``) is a label, drawn as text: prose with one
  word. Its keys are names the code reads (``term_labels[name]``): this is how a chapter
  keeps a key and shows its label in the reader's language.

A docstring (a literal that is a statement of its own) is never prose: like comments, code
explains itself in English. One word outside a text call is an identifier (``"tool"``,
``"heuristic"``, ``"tab:blue"``) and never prose.

Some literals are prose by this rule but are names the library reads (``via_point_cubics``'s
rule ``"continuous acceleration"``): their catalogue entry keeps the English as its
translation, with a translator's comment saying why (``# kept: …``); the generator leaves
them as they are.

The English of a literal, its message id in the chapter's code catalogue, is the literal's
text between its quotes exactly as written (escapes and ``{fields}`` included); its
translation replaces that text, between the same quotes with the same prefix. A translation
keeps the literal's ``{fields}`` and ``$…$`` formulas (``kept_parts``), in any order.
"""

import io
import re
import tokenize

#: Calls whose arguments are drawn or printed as text.
TEXT_CALLS = frozenset({"print", "set_title", "set_xlabel", "set_ylabel", "set_zlabel",
                        "suptitle", "title", "xlabel", "ylabel", "text", "annotate", "legend"})
#: Keywords whose value is a text label.
TEXT_KEYWORDS = frozenset({"label", "title", "xlabel", "ylabel", "zlabel"})
#: Keywords whose value names a setting, not text (matplotlib's and scipy's).
SETTING_KEYWORDS = frozenset({"loc", "textcoords", "xycoords", "ha", "va", "family",
                              "fontfamily", "bc_type", "color", "ls", "linestyle", "marker",
                              "method", "cmap", "dtype", "connectionstyle"})
#: Calls whose string arguments are LaTeX formulas (robocourse.notation.show, IPython's Math).
FORMULA_CALLS = frozenset({"show", "Math", "Latex"})
#: A name whose dictionary's values are labels (``term_labels = {"key": "label"}``).
LABELS = re.compile(r"(?i)labels$")
#: Calls whose string arguments are names of symbols.
SYMBOL_CALLS = frozenset({"symbols", "Symbol", "dynamicsymbols", "Function", "var"})

PREFIX = re.compile(r"^([A-Za-z]*)('''|\"\"\"|'|\")", re.S)
MATH = re.compile(r"\$[^$]*\$")
LATEX_COMMAND = re.compile(r"\\+[A-Za-z]+")
ESCAPE = re.compile(r"(?<!\\)\\[nt]")
#: Not words: units ("rad/s", "deg", "kg·m²"), superscripts and names of code ("tau_f").
NOT_WORDS = re.compile(r"(?<![^\W\d_])(?:rad|deg|kg|mm|µJ)(?![^\W\d_])|[⁰¹²³⁴-⁹₀-₉]|\w*_\w*")
WORD = r"[^\W\d_]{2,}"
SPACED = re.compile(r"\S\s+\S")
FIELD_TEXT = re.compile(r"""(?:(?<=\{)|(?<=else ))('[^'{}]*'|"[^"{}]*")""")
TEXT_GROUP = re.compile(r"\\text\{+([^{}]*)")
ONE_WORD = re.compile(WORD)
KEPT_COMMENT = "kept:"


def parts(token_text):
    """(prefix, quote, body) of a string literal token.

    >>> parts('rf"$x$ in {n} s"')
    ('rf', '"', '$x$ in {n} s')
    """
    prefix, quote = PREFIX.match(token_text).groups()
    return prefix, quote, token_text[len(prefix) + len(quote):-len(quote)]


def fields(body):
    """The ``{fields}`` of an f-string's body, in order (``{{`` and ``}}`` are not fields).

    >>> fields("{x:{width}.3f} and {{literal}} {d['k']}")
    ['{x:{width}.3f}', "{d['k']}"]
    """
    found, depth, start, i = [], 0, 0, 0
    while i < len(body):
        pair = body[i:i + 2]
        if depth == 0 and pair in ("{{", "}}"):
            i += 2
            continue
        if body[i] == "{":
            depth, start = depth + 1, (i if depth == 0 else start)
        elif body[i] == "}" and depth:
            depth -= 1
            if depth == 0:
                found.append(body[start:i + 1])
        i += 1
    return found


def field_texts(field):
    """The text an f-string's field writes as it is: a string that is the whole expression
    or a branch of a conditional (``{'peak speed':>12s}``), not a key (``{d['k']}``).

    >>> field_texts("{'arm':10s}"), field_texts("{'yes' if ok else 'no'}"), field_texts("{d['k']}")
    (['arm'], ['yes', 'no'], [])
    """
    return [text[1:-1] for text in FIELD_TEXT.findall(field)]


def kept_parts(token_text):
    r"""What a translation of the literal must keep: its f-string fields (but the text they
    write as it is, ``field_texts``, which is prose too) and its ``$…$`` formulas, sorted (a
    translation may reorder them).

    >>> kept_parts('f"{n} points at ${x}$"'), kept_parts("f'{\"arm\":10s} {name}'")
    (['${x}$', '{n}', '{x}'], ["{'':10s}", '{name}'])
    """
    prefix, _, body = parts(token_text)
    found = MATH.findall(body)
    if "f" in prefix.lower():
        found += [FIELD_TEXT.sub("''", field) for field in fields(body)]
    return sorted(found)


def words_of(token_text, hole=" "):
    """The literal's text with its formulas and f-string fields made ``hole``, and without
    its escapes (``\\n``), LaTeX commands, units, superscripts and names of code.

    >>> words_of(r'f"{n} $x$ points\\quad in rad/s, tau_f"', "#")
    '#  # points  in  /s,  '
    """
    prefix, _, body = parts(token_text)
    if "f" in prefix.lower():
        for field in fields(body):
            body = body.replace(field, " ".join([hole, *field_texts(field), ""]), 1)
    if "r" not in prefix.lower():
        body = ESCAPE.sub(" ", body)
    return NOT_WORDS.sub(" ", LATEX_COMMAND.sub(" ", MATH.sub(hole, body)))


def is_formula(token_text):
    """Whether the literal is LaTeX: a command (``\\frac``) outside its ``$…$`` formulas.

    >>> is_formula(r'r"\\dot q_{\\text{null}}"'), is_formula(r'"$\\dot q$ (rad/s)\\n"')
    (True, False)
    """
    prefix, _, body = parts(token_text)
    if "r" not in prefix.lower():
        body = ESCAPE.sub(" ", body)
    return bool(LATEX_COMMAND.search(MATH.sub(" ", body)))


def prose_of(message):
    """The prose a reader sees of a catalogue's message (a literal's text): the words of its
    ``\\text{…}`` groups if it is LaTeX, else the text with its ``{fields}`` written as
    formulas (``$f$``), which typography checks leave alone.

    >>> prose_of(r"\\dot q\\;\\text{（静止）}"), prose_of("{n} 个点，{x:.2f} m")
    ('（静止）', '$f$ 个点，$f$ m')
    """
    if is_formula(f'r"{message}"'):
        return " ".join(TEXT_GROUP.findall(message))
    for field in fields(message):
        message = message.replace(field, "$f$", 1)
    return message


def without_magics(source):
    """``source`` with IPython's magic and shell lines blanked (same length: places kept)."""
    return "\n".join(" " * len(line) if line.lstrip().startswith(("%", "!")) else line
                     for line in source.split("\n"))


def literals(source):
    """The string literals of a code cell with their place and whether they are prose:
    [(start, end, token text, prose)], start and end as (line, column), lines from 1.

    >>> [(text, prose) for _, _, text, prose in literals(
    ...     'ax.legend(loc="upper left")\\nprint("done", "a b")\\nx = "the arm moves"')]
    [('"upper left"', False), ('"done"', True), ('"a b"', False), ('"the arm moves"', True)]
    >>> [(text, prose) for _, _, text, prose in literals('labels = {"up": "up", "w": "wrist"}')]
    [('"up"', False), ('"up"', True), ('"w"', False), ('"wrist"', True)]
    """
    tokens = list(tokenize.generate_tokens(io.StringIO(without_magics(source)).readline))
    found = []
    frames = [_Frame(None, None, None)]      # the open brackets, innermost last
    statement_start = True                   # no token of the current statement seen yet
    for i, token in enumerate(tokens):
        kind, text = token.type, token.string
        before = tokens[i - 1] if i else None
        if kind == tokenize.OP and text in "([{":
            callee = before.string if text == "(" and before and before.type == tokenize.NAME \
                else None
            inherited = frames[-1].keyword if text in "([" and callee is None else None
            labels = text == "{" and len(frames) == 1 and i > 1 and before.string == "=" and \
                tokens[i - 2].type == tokenize.NAME and bool(LABELS.search(tokens[i - 2].string))
            frames.append(_Frame(text, callee, inherited, labels))
        elif kind == tokenize.OP and text == ":" and frames[-1].labels:
            frames[-1].keyword = "label"             # a value of a dictionary of labels
        elif kind == tokenize.OP and text in ")]}" and len(frames) > 1:
            frames.pop()
        elif kind == tokenize.OP and text == ",":
            frames[-1].keyword = None if frames[-1].opener != "(" or frames[-1].callee \
                else frames[-1].keyword
        elif kind == tokenize.OP and text == "=" and before.type == tokenize.NAME \
                and len(frames) > 1:
            frames[-1].keyword = before.string
        elif kind == tokenize.STRING:
            following = tokens[i + 1].type if i + 1 < len(tokens) else tokenize.ENDMARKER
            docstring = statement_start and following in (tokenize.NEWLINE, tokenize.ENDMARKER)
            prose = not docstring and _is_prose(text, frames)
            found.append((token.start, token.end, text, prose))
        if kind not in (tokenize.NL, tokenize.COMMENT):
            statement_start = kind in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
    return found


class _Frame:
    """An open bracket: ``(``, ``[`` or ``{``, the name called (``print(``), and the keyword
    whose value is being written (``label=``), inherited by a bare bracket in that value;
    ``labels``: a dictionary of labels (``LABELS``), whose values are written as
    ``label=`` ones."""

    def __init__(self, opener, callee, keyword, labels=False):
        self.opener, self.callee, self.keyword = opener, callee, keyword
        self.labels = labels


def _callee(frames):
    """The call a literal is an argument of: through lists and tuples, not dictionaries."""
    for frame in reversed(frames):
        if frame.callee or frame.opener in ("{", None):
            return frame.callee
    return None


def _is_prose(text, frames):
    words = words_of(text)
    keyword, callee = frames[-1].keyword, _callee(frames)
    if keyword in SETTING_KEYWORDS or callee in SYMBOL_CALLS:
        return False
    if callee in FORMULA_CALLS or is_formula(text):
        groups = [NOT_WORDS.sub(" ", group) for group in TEXT_GROUP.findall(parts(text)[2])]
        return any(ONE_WORD.search(group) and SPACED.search(group.strip()) for group in groups)
    if not ONE_WORD.search(words):
        return False
    drawn = keyword in TEXT_KEYWORDS or (keyword is None and callee in TEXT_CALLS)
    return drawn or bool(SPACED.search(words_of(text, "#")))


def message_id(token_text):
    """The English of a literal as its catalogue's message id: its text between the quotes."""
    return parts(token_text)[2]


def translated(token_text, translation):
    """The literal ``token_text`` with its text replaced by ``translation``."""
    prefix, quote, _ = parts(token_text)
    return f"{prefix}{quote}{translation}{quote}"


def checked(token_text, translation):
    """The literal ``token_text`` translated; ValueError if the translation loses or adds a
    ``{field}`` or ``$formula$``, or makes it something else than one string literal.

    >>> checked('f"{n} points"', "{n} 个点")
    'f"{n} 个点"'
    >>> checked('"a b"', 'say "a"')
    Traceback (most recent call last):
    ...
    ValueError: the translation of '"a b"' is not a string literal: 'say "a"'
    """
    new = translated(token_text, translation)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(new).readline))
        compile(new, "<translation>", "eval")
    except (SyntaxError, tokenize.TokenError):
        tokens = []
    if [t.string for t in tokens if t.type == tokenize.STRING] != [new]:
        raise ValueError(f"the translation of {token_text!r} is not a string literal: "
                         f"{translation!r}")
    if kept_parts(new) != kept_parts(token_text):
        raise ValueError(f"the translation must keep {kept_parts(token_text)} of "
                         f"{token_text!r}; got {new!r}")
    return new


def translate_code(source, catalogue, skipped=frozenset()):
    """``source`` with each prose literal replaced by its translation in ``catalogue``
    ({English: translation}), but those that start on a line of ``skipped`` (numbers from
    1); returns (text, number translated, [English without one]).

    >>> translate_code('print(f"{n} points", end="")', {"{n} points": "{n} 个点"})
    ('print(f"{n} 个点", end="")', 1, [])
    """
    lines = source.split("\n")
    count, missing = 0, []
    for (row, column), (end_row, end_column), text, prose in reversed(literals(source)):
        if not prose or row in skipped:
            continue
        english = message_id(text)
        chinese = catalogue.get(english)
        if chinese is None:
            missing.append(english)
            continue
        if chinese == english:            # a name the code reads, kept on purpose
            continue
        count += 1
        head, tail = lines[row - 1][:column], lines[end_row - 1][end_column:]
        lines[row - 1:end_row] = (head + checked(text, chinese) + tail).split("\n")
    return "\n".join(lines), count, missing[::-1]
