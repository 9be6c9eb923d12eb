"""The catalogues of what the library says (``robocourse.language``): the English sentences
a domain's code passes to ``say``, and the Chinese catalogue brought up to date with them.

    python tools/messages.py feedback          # update robocourse/locale/zh_CN/.../feedback.po
    python tools/messages.py feedback --check  # exit 1 if it is out of date or incomplete

A sentence is found where the code says it: ``say("…", "feedback", …)`` in the Python files
of ``robocourse/`` and ``grader/`` (the English a literal, or a module-level constant
assigned one; a function that passes on its own parameter ``english`` says nothing itself),
and ``'…' | say(…)`` in the grader's templates (the feedback page). Updating keeps every
translation of a sentence still said, adds the new ones empty and drops the ones no longer
said (`make translations` runs it for every domain).
"""

import argparse
import ast
import pathlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from robocourse import language  # noqa: E402

SOURCES = (ROOT / "robocourse", ROOT / "grader" / "robocourse_grader")
TEMPLATE_SAY = re.compile(r"\{\{\s*'((?:[^'\\]|\\.)*)'\s*\|\s*say\(")
FIELD = re.compile(r"\{(\w*)\}")


def _constants(tree):
    """{name: text} of a module's top-level assignments of a string."""
    return {target.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
            for target in node.targets if isinstance(target, ast.Name)}


def _said(call, domain, constants):
    """The English of ``call`` when it is ``say(english, domain, …)``, else None."""
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
    if name != "say" or not call.args:
        return None
    where = call.args[1] if len(call.args) > 1 else next(
        (k.value for k in call.keywords if k.arg == "domain"), None)
    if not (isinstance(where, ast.Constant) and where.value == domain):
        return None
    english = call.args[0]
    if isinstance(english, ast.Constant) and isinstance(english.value, str):
        return english.value
    if isinstance(english, ast.Name) and english.id in constants:
        return constants[english.id]
    if isinstance(english, ast.Name) and english.id == "english":
        return None                 # a function that passes its own ``english`` on
    raise ValueError(f"say(…, {domain!r}) at line {call.lineno} is passed {ast.unparse(english)}:"
                     " pass the English itself (a literal), so that it can be translated")


def extract(domain):
    """The sentences said in ``domain``, in the order first found: {English: [places]}."""
    language._one_of(domain, "domain", language.DOMAINS)
    found = {}
    for folder in SOURCES:
        for path in sorted(folder.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            constants = _constants(tree)
            calls = sorted((node for node in ast.walk(tree) if isinstance(node, ast.Call)),
                           key=lambda node: (node.lineno, node.col_offset))
            for node in calls:
                try:
                    english = _said(node, domain, constants)
                except ValueError as error:
                    raise ValueError(f"{path.relative_to(ROOT)}: {error}") from None
                if english is not None:
                    found.setdefault(english, []).append(
                        f"{path.relative_to(ROOT)}:{node.lineno}")
        if domain == "feedback":
            for path in sorted(folder.rglob("*.j2")):
                text = path.read_text(encoding="utf-8")
                for match in TEMPLATE_SAY.finditer(text):
                    line = text.count("\n", 0, match.start()) + 1
                    found.setdefault(match.group(1), []).append(
                        f"{path.relative_to(ROOT)}:{line}")
    return found


def fields(text):
    """The ``{names}`` a sentence is filled in with.

    >>> sorted(fields("{name} has the wrong shape: {shape}, expected {expected}"))
    ['expected', 'name', 'shape']
    """
    return set(FIELD.findall(text))


def merged(path, entries, domain, spoken="zh_CN"):
    """The catalogue at ``path`` (if any) brought up to date with ``entries`` ({English:
    [files that say it]}), as the book's catalogues are (Babel's update): each translation
    of a sentence still there kept, a changed sentence marked fuzzy with its old translation
    as a start, a new one empty, one no longer there dropped; in the order of ``entries``."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    template = Catalog(locale=spoken, project="robocourse", domain=domain)
    for english, places in entries.items():
        template.add(english, locations=[(place.rsplit(":", 1)[0], 0) for place in places])
    catalogue = Catalog(locale=spoken, project="robocourse", domain=domain)
    if pathlib.Path(path).exists():
        with open(path, "rb") as handle:
            catalogue = read_po(handle, locale=spoken, domain=domain)
    catalogue.update(template, update_header_comment=False)
    catalogue.obsolete.clear()
    return catalogue


def updated(domain, spoken="zh_CN"):
    """The catalogue of ``domain`` in ``spoken`` brought up to date with :func:`extract`
    (:func:`merged`)."""
    return merged(language.catalogue_path(domain, spoken), extract(domain), domain, spoken)


def catalogue_text(catalogue):
    """A catalogue as ``.po`` text, stable from one run to the next (no dates, the files that
    say each sentence without their line numbers, no format flags: as ``make translations``
    leaves the book's catalogues)."""
    import io

    from babel.messages.pofile import write_po

    for message in catalogue:
        message.flags -= {"python-format", "python-brace-format"}
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=100, omit_header=True, sort_output=False,
             include_lineno=False)
    return buffer.getvalue().decode("utf-8")


def problems(domain, spoken="zh_CN"):
    """What is wrong with the committed catalogue: out of date, untranslated, fuzzy, or a
    translation whose ``{names}`` differ from the English's (``[]`` when nothing)."""
    path = language.catalogue_path(domain, spoken)
    catalogue = updated(domain, spoken)
    found = []
    if not path.exists() or path.read_text(encoding="utf-8") != catalogue_text(catalogue):
        found.append(f"{path.relative_to(ROOT)} is out of date: run `make translations`")
    for message in catalogue:
        if not message.id:
            continue
        if not message.string or message.fuzzy:
            found.append(f"untranslated: {message.id!r}")
        elif fields(message.string) != fields(message.id):
            found.append(f"{message.id!r}: the translation's fields "
                         f"{sorted(fields(message.string))} are not the English's "
                         f"{sorted(fields(message.id))}")
    return found


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("domain", choices=language.DOMAINS)
    arguments.add_argument("--check", action="store_true",
                           help="write nothing; exit 1 if the catalogue is out of date or "
                                "incomplete")
    args = arguments.parse_args()
    if args.check:
        found = problems(args.domain)
        if found:
            sys.exit("\n".join(found))
        return
    path = language.catalogue_path(args.domain, "zh_CN")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(catalogue_text(updated(args.domain)), encoding="utf-8")
    print(f"{path.relative_to(ROOT)}: {len(extract(args.domain))} sentences")


if __name__ == "__main__":
    main()
