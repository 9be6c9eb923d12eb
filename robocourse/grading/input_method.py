"""Code typed with a Chinese input method: a full-width mark where Python needs its
half-width (ASCII) one.

A Chinese input method types ``（``, ``，``, ``：``, ``＝`` or ``“`` where code needs ``(``,
``,``, ``:``, ``=`` or ``"``; Python then refuses the whole cell ("SyntaxError: invalid
character '（' (U+FF08)"). :func:`explained` turns that error into a few lines in the
notebook's language: the line, a mark under the character, which character it is and
which one to type instead. (Full-width letters and digits are not errors: Python reads
``ｌ1`` as ``l1``.)

>>> try:
...     compile("x = max（1, 2)", "<cell>", "exec")
... except SyntaxError as error:
...     print(explained(error))       # doctest: +NORMALIZE_WHITESPACE
line 1: x = max（1, 2)
               ^^
'（' (U+FF08) is a full-width mark, typed by a Chinese input method: code needs the
half-width '(' there. Type it with the input method in English mode, then run this cell
again.
"""

import re
import unicodedata

from robocourse.language import say

__all__ = ["HALF_WIDTH", "half_width", "explained"]

#: The marks a Chinese input method types, each with the half-width one code needs. The
#: full-width forms of ASCII (U+FF01 to U+FF5E) are ASCII shifted by 0xFEE0.
HALF_WIDTH = {**{chr(code + 0xFEE0): chr(code) for code in range(0x21, 0x7F)},
              "\u3000": " ", "“": '"', "”": '"', "‘": "'", "’": "'", "、": ",", "。": ".",
              "【": "[", "】": "]", "《": "<", "》": ">", "…": "...", "—": "-", "·": "*"}

#: Python's message for a character it cannot read in code.
_INVALID = re.compile(r"invalid character '(.)' \(U\+[0-9A-F]+\)")


def half_width(character):
    """The half-width mark code needs for the full-width ``character``, or None.

    >>> half_width("（"), half_width("＝"), half_width("“"), half_width("a")
    ('(', '=', '"', None)
    """
    return HALF_WIDTH.get(character)


def _columns(text):
    """How many columns ``text`` takes in a monospaced font (a wide character takes two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def explained(error):
    """The SyntaxError ``error`` in the language in use when it is a full-width mark typed
    for a half-width one: the line, a mark under the character, and what to type instead;
    None for any other error."""
    found = _INVALID.search(getattr(error, "msg", "") or "") if isinstance(error, SyntaxError) \
        else None
    wanted = half_width(found.group(1)) if found else None
    if wanted is None:
        return None
    character = found.group(1)
    line = (error.text or "").rstrip("\n")
    sentence = say("'{character}' (U+{code}) is a full-width mark, typed by a Chinese input "
                   "method: code needs the half-width '{wanted}' there. Type it with the input "
                   "method in English mode, then run this cell again.", "feedback",
                   character=character, code=f"{ord(character):04X}", wanted=wanted)
    if line.count(character) > 1:
        sentence += say(" This line has {count} of them: each one outside a string must be "
                        "'{wanted}'.", "feedback", count=line.count(character), wanted=wanted)
    if character not in line:
        return sentence
    where = say("line {number}: ", "feedback", number=error.lineno)
    start = line.index(character)
    if error.offset and 0 < error.offset <= len(line) and line[error.offset - 1] == character:
        start = error.offset - 1
    mark = " " * (_columns(where) + _columns(line[:start])) + "^" * _columns(character)
    return f"{where}{line}\n{mark}\n{sentence}"
