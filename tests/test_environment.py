"""The installed course environment: what ``excluded.txt`` removes stays removed."""

import importlib.metadata
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def excluded():
    lines = (ROOT / "excluded.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_the_exclusion_list_names_packages():
    assert excluded() == ["rfc3987-syntax"]


@pytest.mark.parametrize("name", excluded())
def test_excluded_packages_are_not_installed(name):
    with pytest.raises(importlib.metadata.PackageNotFoundError):
        importlib.metadata.distribution(name)


def test_notebooks_still_validate_without_the_iri_checker():
    """nbformat and Jupyter's event schemas load without building the IRI parsers, and a
    notebook is still validated against its schema (a bad one is refused)."""
    code = """
import sys, nbformat, jupyter_events.validators
nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
nbformat.validate(nb)
nb.cells[0]["cell_type"] = "no such type"
try:
    nbformat.validate(nb)
except nbformat.ValidationError:
    print("refused")
print(sorted(m for m in sys.modules if m.startswith(("rfc3987", "lark"))))
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.split("\n")[:2] == ["refused", "[]"], result.stdout
