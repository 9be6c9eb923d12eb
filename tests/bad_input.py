"""The shape of every bad-input test: a table of cases, each asserting the contract of a
clear error and not its wording (issue 39) — the exception type, and a message that names
the argument the user passed, what kind of value was expected and, where useful, what was
got. A reworded message passes; a message that names another argument (a helper's internal
parameter), or that leaves out what was expected, fails.

A case is a tuple ``(label, call, error, argument, kind)`` or ``(label, call, error,
argument, kind, got)``:

- ``argument``: the argument as the user named it (``"q"``, ``"robot"``, ``"q[1]"``,
  ``"links[2].mass"``, ``"torque(t, q, qd)[0]"``), found as a whole name: not inside another
  identifier (``q`` is not in ``qd``, ``R`` not in ``A_R_B``, ``mass`` not in
  ``links[2].mass``) and not a word of the prose (the article ``a`` of "must be a number" is
  not the argument ``a``: the name must be followed by a verb of the message — must, is,
  has… —, by punctuation or by the end of the message).
- ``kind``: a word or short phrase of what was expected ("finite", "number", "6 entries",
  "3x3", "rotation matrix", ">= 0"), or a tuple of them that must all appear (the options of
  "one of": ``("'base'", "'tool'")``); case-insensitive.
- ``got``: optional, the text of the value that was got (``"3"``, ``"'world'"``, ``"nan"``).
"""

import re
from typing import Any, Callable, NamedTuple

import pytest

#: The words that may follow an argument named in a message: what the message says of it.
VERBS = ("must", "should", "is", "are", "has", "have", "contains", "contain", "takes",
         "breaks", "does", "repeats", "uses", "raised", "needs", "cannot", "evaluates", "names",
         "belongs", "reaches", "and", "or", "of", "in", "as")


class Case(NamedTuple):
    label: str
    call: Callable[[], Any]
    error: type[BaseException] | tuple[type[BaseException], ...]
    argument: str
    kind: str | tuple[str, ...]
    got: str | None = None


def _whole_name(argument):
    """A regex that finds ``argument`` as a whole name, said of (followed by a verb of
    ``VERBS``, punctuation or the end), not a word of the prose."""
    before = r"(?<![\w.])" if re.match(r"\w", argument) else ""
    after = r"(?!\w)" if re.search(r"\w$", argument) else ""
    said = rf"(?=\s*(?:$|[^\w\s]|(?:{'|'.join(VERBS)})\b))"
    return re.compile(before + re.escape(argument) + after + said)


def names(message, argument):
    """Whether ``message`` names ``argument`` as a whole name (see ``_whole_name``)."""
    return _whole_name(argument).search(message) is not None


def contract_broken(message, argument, kind, got=None):
    """What ``message`` lacks of the contract (a list of reasons; empty if it keeps it)."""
    reasons = []
    if not names(message, argument):
        reasons.append(f"it does not name the argument {argument!r}")
    for word in (kind,) if isinstance(kind, str) else kind:
        if word.casefold() not in message.casefold():
            reasons.append(f"it does not say what was expected ({word!r})")
    if got is not None and got not in message:
        reasons.append(f"it does not say what was got ({got!r})")
    return reasons


def assert_keeps_the_contract(message, argument, kind, got=None):
    reasons = contract_broken(message, argument, kind, got)
    assert not reasons, f"{'; '.join(reasons)}: {message}"


def named_in_the_error(cases):
    """A parametrized test over ``cases`` (tuples of ``Case``'s fields): ``call()`` raises
    ``error`` whose message keeps the contract."""
    cases = [Case(*case) for case in cases]
    labels = [case.label for case in cases]
    duplicates = sorted({label for label in labels if labels.count(label) > 1})
    assert not duplicates, f"cases with the same label: {duplicates}"

    @pytest.mark.parametrize("case", cases, ids=labels)
    def test_bad_input_is_named_in_the_error(case):
        with pytest.raises(case.error) as caught:
            case.call()
        assert_keeps_the_contract(str(caught.value), case.argument, case.kind, case.got)
    return test_bad_input_is_named_in_the_error


def raised(call, error):
    """The ``error`` that ``call()`` raises: for the tables that pin a module's messages word
    for word, values included (what the student reads; a value changed in it fails)."""
    with pytest.raises(error) as caught:
        call()
    return caught.value
