"""Shared test settings: hypothesis runs derandomized (the same examples on every
run, so CI is reproducible) and without per-example deadlines (sympy is slow to warm up);
the slowest modules are handed to the workers first."""

import pathlib
import string

import pytest
from hypothesis import settings

from robocourse import language

settings.register_profile("course", derandomize=True, deadline=None, max_examples=60,
                          print_blob=True)
settings.load_profile("course")

#: The modules that take tens of seconds each (every library function called in every way
#: for each assignment, a class graded in one batch, the book built in both languages,
#: sandboxed kernels stopped at their limits), longest first. `make test` runs the suite
#: with ``--dist loadfile --no-loadscope-reorder``: a worker takes the next module in
#: collection order when it is nearly done, so these go first, the notebooks (ten seconds
#: or less each) next, and the short modules last fill in the end. (test_forbidden_routes.py,
#: some 150 s of processor time in one worker, taken in its alphabetical place, was the
#: last module to finish.)
LONGEST = ("test_forbidden_routes.py", "test_autograde.py", "test_exercises.py",
           "test_book.py", "test_sandbox.py", "test_autograde_escapes.py",
           "test_runner_escapes.py", "test_exercise_feedback.py")


def _rank(item):
    path = pathlib.Path(item.nodeid.split("::")[0])
    if path.name in LONGEST:
        return LONGEST.index(path.name)
    return len(LONGEST) + (path.suffix != ".ipynb")


def pytest_collection_modifyitems(items):
    items.sort(key=_rank)


def _word(name):
    """``name`` is a field's name rather than a frame's (``{0}``, ``{A}``): a word."""
    return name.isidentifier() and len(name) > 1


@pytest.fixture(autouse=True)
def _every_sentence_said_is_in_its_catalogue(request, monkeypatch):
    """A sentence the library says (``language.say``, ``phrase``) at run time is one of its
    catalogue's, word for word: a sentence the catalogue tests could not find in the source
    (built at run time) or one changed without its translation fails the test that makes it
    said, not only the Chinese student who would read it in English. Domains without a
    catalogue file here (the hidden tests', kept with the solutions) are not checked; a test
    of the fallback itself is marked ``uncatalogued``. Each of the sentence's ``{fields}``
    must be given: one left out would reach the reader as its name in braces. A sentence
    said with no fields at all is shown as written (``language._said`` fills in only when
    given some): its braces are notation, the name of a frame (``{0}``, ``{A}``, ``{i+1}``)
    or a set (``{J q̇ : |q̇| = 1}``), or a template the 3-D viewer fills in (``joint
    {number}``); only an error's word in braces (``{name}``) is a field left out."""
    if request.node.get_closest_marker("uncatalogued"):
        return
    said = language._said

    def catalogued(english, domain, fields):
        if (language.catalogue_path(domain, "zh_CN").exists()
                and english not in language.catalogue(domain, "zh_CN")):
            raise AssertionError(f"said a sentence that is not in the {domain} catalogue: "
                                 f"{english!r}")
        named = {name for _, name, _, _ in string.Formatter().parse(english)
                 if name is not None and (fields or domain == "errors" and _word(name))}
        missing = named - set(fields)
        if missing:
            raise AssertionError(f"said {english!r} without its fields {sorted(missing)}")
        return said(english, domain, fields)

    monkeypatch.setattr(language, "_said", catalogued)
