"""The instructor guide of deploy/README.md as data: its steps and the commands each gives.

The hub test types these commands, as written, into a terminal of the instructor's
JupyterLab; the guide and the test cannot drift apart.
"""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
GUIDE = ROOT / "deploy" / "README.md"
#: The placeholder the guide writes for an assignment's name.
ASSIGNMENT = "<a>"

_STEP = re.compile(r"^(\d+)\. \*\*([^*]+?)\*\*(.*?)(?=^\d+\. \*\*|\Z)", re.M | re.S)
_BLOCK = re.compile(r"^ *```bash\n(.*?)^ *```", re.M | re.S)


def instructor_steps(text=None):
    """``[(title, [command, ...]), ...]``: each numbered step of the guide's "Instructor
    guide" section, its bold title without the final full stop, and the commands of its
    ``bash`` blocks (comments and blank lines left out), in order.

    >>> instructor_steps('''## Instructor guide
    ... 1. **Release.** Then:
    ...
    ...    ```bash
    ...    # hand it out
    ...    nbgrader release_assignment <a>
    ...    ```
    ...
    ... 2. **Review** in the formgrader.
    ... ## Next''')
    [('Release', ['nbgrader release_assignment <a>']), ('Review', [])]
    """
    text = GUIDE.read_text() if text is None else text
    section = text.split("## Instructor guide", 1)[1].split("\n## ", 1)[0]
    steps = []
    for _number, title, body in _STEP.findall(section):
        commands = [line.strip() for block in _BLOCK.findall(body)
                    for line in block.splitlines()
                    if line.strip() and not line.strip().startswith("#")]
        steps.append((title.strip().rstrip("."), commands))
    return steps


def commands_for(assignment, text=None):
    """``{title: [command, ...]}`` of the guide with ``<a>`` replaced by ``assignment``."""
    return {title: [command.replace(ASSIGNMENT, assignment) for command in commands]
            for title, commands in instructor_steps(text)}
