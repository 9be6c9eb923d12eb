"""The import graph is a ladder (issue 39): the contracts of ``[tool.importlinter]`` in
pyproject.toml hold (``lint-imports``), and no private name crosses a module boundary.

A private name (``_x``) belongs to the module that defines it: another module of the
library never imports it (``from robocourse.m import _x``, ``from .m import _x``) nor
reads it (``m._x``). What two modules need is a public name of the lower one. A private
MODULE (``robocourse._checks``) is private to its package: any module inside that package
(subpackages too) may import it, as import-linter's ``private_modules`` contracts say.
Dunder names (``__version__``) are not private.
"""

import ast
import os
import subprocess
import sys
from pathlib import Path

import robocourse

REPOSITORY = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def _private(name):
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _modules(package_dir):
    """``{dotted name: path}`` of every module of the package in ``package_dir``."""
    root = package_dir.parent
    found = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _resolved(module, is_package, node):
    """The dotted module an ``ImportFrom`` in ``module`` imports from."""
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _may_import_module(importer, target):
    """Whether ``importer`` may import the module ``target``: a private module only from
    inside the package that holds it."""
    parent, _, last = target.rpartition(".")
    if not _private(last):
        return True
    return importer == parent or importer.startswith(parent + ".")


def private_names_across_modules(package_dir):
    """Every use of another module's private name in the package at ``package_dir``, as
    ``"module:line: what"`` (imports at any depth, function-local ones too, and attribute
    reads ``m._x`` through a name bound to a module of the package)."""
    modules = _modules(package_dir)
    top = package_dir.name
    problems = []
    for module, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        is_package = path.name == "__init__.py"
        bound = {}                                   # local name -> module of the package
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] != top:
                        continue
                    for k in range(2, alias.name.count(".") + 2):
                        prefix = ".".join(alias.name.split(".")[:k])
                        if not _may_import_module(module, prefix):
                            problems.append(f"{module}:{node.lineno}: import {alias.name}")
                    bound[alias.asname or top] = alias.name if alias.asname else top
            elif isinstance(node, ast.ImportFrom):
                source = _resolved(module, is_package, node)
                if source.split(".")[0] != top:
                    continue
                for alias in node.names:
                    full = f"{source}.{alias.name}"
                    if full in modules:                      # a module of the package
                        if not _may_import_module(module, full):
                            problems.append(f"{module}:{node.lineno}: from {source} import "
                                            f"{alias.name}")
                        bound[alias.asname or alias.name] = full
                    elif _private(alias.name) and source != module:
                        problems.append(f"{module}:{node.lineno}: from {source} import "
                                        f"{alias.name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                    node.value.id in bound and _private(node.attr):
                owner = bound[node.value.id]
                if owner == module or (f"{owner}.{node.attr}" in modules and
                                       _may_import_module(module, f"{owner}.{node.attr}")):
                    continue
                problems.append(f"{module}:{node.lineno}: {node.value.id}.{node.attr} "
                                f"({owner})")
    return problems


def test_no_private_name_crosses_a_module_boundary():
    problems = private_names_across_modules(Path(robocourse.__file__).parent)
    assert problems == [], "make these public names of the lower module:\n" + "\n".join(
        problems)


def test_the_check_finds_private_names(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "_low.py").write_text("def _kernel(): pass\nVALUE = 1\n")
    (package / "high.py").write_text(
        "from pkg import _low\nfrom pkg._low import VALUE, _kernel\n"
        "def f():\n    from ._low import _kernel\n    return _low._kernel(), _low.VALUE\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "_inner.py").write_text("")
    (package / "sub" / "user.py").write_text("from pkg.sub import _inner\nfrom . import _inner\n")
    (package / "outside.py").write_text("from pkg.sub import _inner\n")
    assert sorted(private_names_across_modules(package)) == [
        "pkg.high:2: from pkg._low import _kernel",
        "pkg.high:4: from pkg._low import _kernel",
        "pkg.high:5: _low._kernel (pkg._low)",
        "pkg.outside:1: from pkg.sub import _inner",
    ]


def _lint_imports(config):
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPOSITORY), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", "--config", str(config)],
                          cwd=REPOSITORY, env=environment, capture_output=True, text=True,
                          timeout=120)


def test_the_import_contracts_are_kept():
    result = _lint_imports(REPOSITORY / "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_broken_contract_fails(tmp_path):
    config = tmp_path / "broken.toml"
    config.write_text('[tool.importlinter]\nroot_package = "robocourse"\n\n'
                      '[[tool.importlinter.contracts]]\nname = "frames below _checks"\n'
                      'type = "layers"\ncontainers = ["robocourse"]\n'
                      'layers = ["_checks", "frames"]\n')
    result = _lint_imports(config)
    assert result.returncode == 1 and "BROKEN" in result.stdout, result.stdout + result.stderr
