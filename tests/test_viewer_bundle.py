"""The arm viewer's browser code, robocourse/widgets/static/arm_viewer.js, is what the npm
packages pinned by viewer/package-lock.json build from viewer/src: rebuilt here (esbuild,
as ``make viewer`` builds it), byte for byte. ``npm ci`` (``make test`` runs it) installs
exactly the lock file's packages and checks each against the lock file's hash."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from robocourse.widgets.arm_viewer import BUNDLE

VIEWER = Path(__file__).resolve().parent.parent / "viewer"


@pytest.fixture(scope="module")
def installed():
    """The lock file's packages, installed; else the test fails saying how to install them."""
    if shutil.which("node") is None or not (VIEWER / "node_modules" / ".installed").exists():
        pytest.fail("the viewer's npm packages are not installed: run `make viewer` (or "
                    "`npm ci --prefix viewer --ignore-scripts`)")
    return json.loads((VIEWER / "package-lock.json").read_text())["packages"]


def test_the_packages_are_pinned_and_installed_from_the_lock_file(installed):
    wanted = json.loads((VIEWER / "package.json").read_text())["devDependencies"]
    assert set(wanted) == {"three", "esbuild"}
    for name, version in wanted.items():
        locked = installed[f"node_modules/{name}"]
        on_disk = json.loads((VIEWER / "node_modules" / name / "package.json").read_text())
        assert version == locked["version"] == on_disk["version"], name   # exact, no ranges
        assert locked["integrity"].startswith("sha512-")


def test_rebuilding_from_the_lock_file_reproduces_the_committed_bundle(installed, tmp_path):
    rebuilt = tmp_path / "arm_viewer.js"
    subprocess.run(["node", str(VIEWER / "build.mjs"), str(rebuilt)], check=True, timeout=120)
    assert rebuilt.read_bytes() == BUNDLE.read_bytes(), (
        "the committed bundle is not what viewer/src and the lock file build: run `make viewer` "
        "and commit robocourse/widgets/static/arm_viewer.js")
