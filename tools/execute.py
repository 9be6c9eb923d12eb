"""Execute notebooks as the committed ones are executed, and save them in place.

    .venv/bin/python tools/execute.py chapters/06_puma560.ipynb solutions/ch6_puma560/*.ipynb

Each notebook runs from a clean kernel (the environment's ``python3``) in its own folder,
with the widget state saved (the book shows it); consecutive pieces of one stream are
stored as one output, since how many pieces a print arrives in depends on timing, and no
cell keeps the times it ran at (nbclient's ``execution`` metadata), so that running a
chapter again changes nothing but the random ids of its widgets and players. nbval then
compares the stored outputs (``make test``).
"""

import argparse
import pathlib

import nbformat
from nbclient import NotebookClient

#: Seconds one cell may run (the slowest chapter cell takes about a minute).
CELL_SECONDS = 1200


def merged_streams(outputs):
    """``outputs`` with consecutive pieces of the same stream joined into one."""
    merged = []
    for output in outputs:
        previous = merged[-1] if merged else None
        if (output.get("output_type") == "stream" and previous is not None
                and previous.get("output_type") == "stream"
                and previous.get("name") == output.get("name")):
            previous["text"] = previous["text"] + output["text"]
        else:
            merged.append(output)
    return merged


def execute(path):
    """Run the notebook at ``path`` from a clean kernel in its folder; save it in place."""
    path = pathlib.Path(path).resolve()
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=CELL_SECONDS, kernel_name="python3",
                            record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = merged_streams(cell.outputs)
            cell.metadata.pop("execution", None)
    nbformat.write(notebook, path)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", help="the notebooks to execute and save")
    for path in parser.parse_args(argv).notebooks:
        print(f"executing {path}", flush=True)
        execute(path)


if __name__ == "__main__":
    main()
