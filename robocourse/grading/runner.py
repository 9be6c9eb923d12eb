"""Student code in a fresh process: call a handed-over function, re-run an answer cell.

The grader never executes student code itself. When an exercise asks for a
function ("implement one inward step of the statics recursion"), or asks for a
derivation by hand that one library call would answer, the grader starts this
module as a separate process — inside the sandbox when grading (``sandbox``), as
a plain subprocess while a student works — and talks to it over its standard
input and output, one JSON line per message:

``{"op": "start", "setup": …, "program": …, "function": name | null, "names": […],
"forbidden": ["module:attribute", …]}``
    A forked child of this process removes every forbidden library function (its
    name in every ``robocourse`` module is rebound to a function that refuses, and
    its code object is replaced, so a saved reference refuses too), runs the
    exercise's ``setup`` (its imports), then the student's ``program``; it answers
    ``{"started": …}`` with the requested ``names`` as data, or ``{"error": …}``.
``{"op": "call", "args": …, "kwargs": …}``
    Calls the started function; answers ``{"result": …}`` or ``{"error": …}``.
``{"op": "end"}``
    The child exits; the next ``start`` gets a fresh child with a clean state.
``{"op": "replay", "setup": …, "groups": [{"label": …, "before": […], "cells": […],
"names": […] | null, "forbidden": […]}, …]}``
    Re-runs a notebook's code to recompute the answers an exercise asks to derive by
    hand. For each distinct set of forbidden functions, a forked child switches that set
    off *before any student code runs*, runs the set-up and, group by group, the
    instructor's ``before`` cells and the student's answer ``cells`` (errors of other
    groups are ignored); right after the cells of a group that asks for ``names`` with
    that set, it answers ``{"group": i, "values": …}`` or ``{"group": i, "error": …}``.
    ``{"replayed": true}`` ends the replay.

Only data crosses (``handover`` encoding both ways). A student's prints are dropped.
"""

import ast
import builtins
import contextlib
import importlib
import io
import json
import os
import select
import subprocess
import sys
import time
import traceback

from robocourse.grading import handover, sandbox
from robocourse.grading.checks import Mistake, shorten

__all__ = ["Runner", "StudentCodeError", "StudentFunction", "REFUSAL"]

#: Why a switched-off library function refuses.
REFUSAL = "this exercise asks you to do this step yourself"


class StudentCodeError(Mistake):
    """The student's code raised, did not finish, or broke the runner (the message says
    which); ``raised`` names the exception type when it raised one."""

    def __init__(self, message, code, raised=None):
        super().__init__(message, code)
        self.raised = raised


def _refuse(*args, **kwargs):
    # Becomes the code of a switched-off function, whose globals are then its library
    # module's: so the message is a literal here, not REFUSAL.
    raise AssertionError("this library function is switched off for this exercise: this "
                         "exercise asks you to do this step yourself")


def _switch_off(spec):
    """Make ``module:attribute`` refuse everywhere in the robocourse modules of this process."""
    module_name, attribute = spec.split(":")
    module = importlib.import_module(module_name)
    owner, _, leaf = attribute.rpartition(".")
    holder = getattr(module, owner) if owner else module
    original = getattr(holder, leaf)

    def refuse(*args, **kwargs):
        raise AssertionError(f"{leaf} is switched off for this exercise: {REFUSAL}")

    refuse.__name__ = refuse.__qualname__ = leaf
    setattr(holder, leaf, refuse)
    for loaded in list(sys.modules.values()):
        if getattr(loaded, "__name__", "").startswith("robocourse"):
            names = vars(loaded)
            for key, value in list(names.items()):
                if value is original:
                    names[key] = refuse
    with contextlib.suppress(AttributeError, ValueError, TypeError):
        original.__code__ = _refuse.__code__        # saved references refuse too


def _error(error):
    """An exception of student code as data: type, message, and where in their code."""
    frames = [f for f in traceback.extract_tb(error.__traceback__)
              if f.filename.startswith("<student: ")]
    where = (f"line {frames[-1].lineno} of {frames[-1].filename[10:-1]}" if frames else None)
    return {"type": type(error).__name__, "message": str(error), "where": where}


class _Child:
    """One exercise in a forked child: forbidden functions off, setup, student program."""

    def __init__(self, request, reply):
        self.reply, self.failed = reply, True
        for spec in request.get("forbidden", []):
            _switch_off(spec)
        self.namespace = {"__name__": "__main__", "__builtins__": builtins}
        exec(compile(request.get("setup", ""), "<exercise setup>", "exec"), self.namespace)
        self.namespace.update(handover.decode(request.get("values", {"dict": []})))
        self.function = None
        try:
            for label, text in request["program"]:
                exec(compile(text, f"<student: {label}>", "exec"), self.namespace)
        except BaseException as error:        # noqa: BLE001 - reported to the student
            self.reply({"error": _error(error)})
            return
        name = request.get("function")
        if name is not None:
            self.function = self.namespace.get(name)
            if not callable(self.function):
                self.reply({"error": {"type": "NameError", "where": None,
                                      "message": f"your code does not define a function {name}"}})
                return
        missing = [n for n in request.get("names", []) if n not in self.namespace]
        if missing:
            self.reply({"error": {"type": "NameError", "where": None, "message":
                                  f"{', '.join(missing)} is not assigned in this cell"}})
            return
        values = {n: self.namespace[n] for n in request.get("names", [])}
        self.failed = False
        self.reply({"started": self._encoded(values)})

    def _encoded(self, value):
        try:
            return handover.encode(value)
        except handover.HandoverError as error:
            return {"str": f"<not handed over: {error}>"}

    def call(self, request):
        args = handover.decode(request["args"])
        kwargs = handover.decode(request["kwargs"])
        try:
            result = self.function(*args, **kwargs)
        except BaseException as error:        # noqa: BLE001 - reported to the student
            return {"error": _error(error)}
        try:
            return {"result": handover.encode(result)}
        except handover.HandoverError as error:
            return {"error": {"type": "TypeError", "message": str(error), "where": None}}


def _replier(channel):
    def reply(message):
        channel.write(json.dumps(message, separators=(",", ":")) + "\n")
        channel.flush()
    return reply


def _serve_child(request, channel, read):
    reply = _replier(channel)
    child = _Child(request, reply)
    while not child.failed:
        line = read()
        if not line:
            return
        message = json.loads(line)
        if message["op"] != "call":
            return
        reply(child.call(message))


def _replay(request, reply):
    """Re-run a notebook's answer cells once per set of forbidden functions, with that
    set switched off before any student code runs; report the requested answers of each
    group right after its cells (see the module docstring).

    The modules the instructor's set-up cells import are already imported (by
    :func:`serve`, once for every child). Each child runs only the answer cells its
    answers depend on (by the names they assign and use); if one of its answers then
    misses a name, a second child runs every cell for that set."""
    routes = sorted({tuple(g["forbidden"]) for g in request["groups"] if g.get("names")})
    for forbidden in routes:
        for pruned in (True, False):
            pid = os.fork()
            if pid == 0:
                code = 0
                try:
                    code = _replay_with(request, forbidden, reply, pruned)
                finally:
                    os._exit(code)
            _, status = os.waitpid(pid, 0)
            if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == _MISSED_A_NAME):
                break
    reply({"replayed": True})


#: A pruned replay's exit status when an answer missed a name a pruned cell would define.
_MISSED_A_NAME = 3


def _setup_sources(request):
    """The instructor's code of a request (never the student's): the exercise's set-up
    and, for a replay, the set-up cells of the notebook."""
    return [request.get("setup", ""), *(cell for group in request.get("groups", [])
                                        for cell in group.get("before", []))]


def _import_setup(sources):
    """Import what the instructor's code imports (its top-level import statements only),
    in this process: every child forked from it then shares those modules."""
    for source in sources:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)) and not \
                    (isinstance(node, ast.ImportFrom) and node.level):
                with contextlib.suppress(Exception):
                    exec(compile(ast.Module([node], []), "<set-up imports>", "exec"), {})


def _names(cells):
    """``(assigned, used)``: the global names some cells assign (``=``, ``def``, ``import``,
    ``for`` …, and ``x.a = …``, ``x[k] = …``, which change ``x``) and read; None when a cell
    cannot be read or reaches names dynamically."""
    assigned, used = set(), set()
    for cell in cells:
        try:
            tree = ast.parse(cell)
        except SyntaxError:
            return None
        for node in ast.walk(tree):
            if isinstance(node, (ast.Attribute, ast.Subscript)) and \
                    isinstance(node.ctx, (ast.Store, ast.Del)):
                base = node.value
                while isinstance(base, (ast.Attribute, ast.Subscript)):
                    base = base.value
                if isinstance(base, ast.Name):
                    assigned.add(base.id)
            if isinstance(node, ast.Name):
                (used if isinstance(node.ctx, ast.Load) else assigned).add(node.id)
                if node.id in _DYNAMIC:
                    return None
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                assigned.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                assigned |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return assigned, used


_DYNAMIC = {"exec", "eval", "globals", "locals", "vars", "__import__", "getattr", "setattr"}


def _needed(groups, targets):
    """The indices of the groups whose answer cells the ``targets`` need, transitively
    (every group when a cell cannot be analysed)."""
    names = [_names(g["cells"]) for g in groups]
    if any(n is None for n in names[:max(targets) + 1]):
        return set(range(max(targets) + 1))
    needed, wanted = set(targets), set()
    for index in range(max(targets), -1, -1):
        assigned, used = names[index]
        if index in needed or assigned & wanted:
            needed.add(index)
            wanted |= used
    return needed


def _replay_with(request, forbidden, reply, pruned):
    for spec in forbidden:
        _switch_off(spec)
    groups = request["groups"]
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    exec(compile(request.get("setup", ""), "<exercise setup>", "exec"), namespace)
    targets = [i for i, g in enumerate(groups)
               if g.get("names") and tuple(g["forbidden"]) == forbidden]
    run = _needed(groups, targets) if pruned else set(range(targets[-1] + 1))
    failed = []                                   # earlier answer cells that raised
    for index, group in enumerate(groups[:targets[-1] + 1]):
        _run_cells("a set-up cell", group.get("before", []), namespace)
        if index not in run:
            continue
        error = _run_cells(group["label"], group["cells"], namespace)
        if index not in targets:
            if error is not None:
                failed.append(f"{group['label']} ({error['type']}: {error['message']})")
            continue
        missing = [n for n in group["names"] if n not in namespace]
        if pruned and not failed and ((error and error["type"] == "NameError") or missing):
            return _MISSED_A_NAME              # a cell left out defined it: run them all
        if error is not None:
            if error["type"] == "NameError" and failed:
                error = {**error, "message": f"{error['message']} — your answer cells of "
                         f"{'; '.join(failed)} raised with the library's shortcuts off"}
            reply({"group": index, "error": error})
        elif missing:
            reply({"group": index, "error": {"type": "NameError", "where": None,
                                             "message": f"{', '.join(missing)} is not assigned"}})
        else:
            values = {n: namespace[n] for n in group["names"]}
            try:
                reply({"group": index, "values": handover.encode(values)})
            except handover.HandoverError as failure:
                reply({"group": index, "error": {"type": "TypeError", "where": None,
                                                 "message": str(failure)}})
    return 0


def _run_cells(label, cells, namespace):
    """Run cells in order; return the first error (as data) or None."""
    first = None
    for k, cell in enumerate(cells):
        try:
            exec(compile(cell, f"<student: {label}, cell {k + 1}>", "exec"), namespace)
        except BaseException as error:                     # noqa: BLE001
            first = first or _error(error)
    return first


def serve():
    """The runner's main loop (``python -m robocourse.grading.runner``)."""
    import numpy  # noqa: F401 - imported once here, shared by every forked child
    import sympy  # noqa: F401

    import robocourse.frames  # noqa: F401

    stdin = sys.stdin.buffer
    protocol = os.fdopen(os.dup(1), "w", buffering=1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    while True:
        line = stdin.readline()
        if not line:
            return
        request = json.loads(line)
        if request.get("op") not in ("start", "replay"):
            continue
        _import_setup(_setup_sources(request))
        pid = os.fork()
        if pid == 0:
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            sys.stdout = sys.stderr = io.StringIO()
            try:
                if request["op"] == "replay":
                    _replay(request, _replier(protocol))
                else:
                    _serve_child(request, protocol, stdin.readline)
            finally:
                protocol.flush()
                os._exit(0)
        os.waitpid(pid, 0)
        protocol.write('{"ended":true}\n')     # the next request may come now


class Runner:
    """The grader's end of a runner process (started on first use, one per submission).

    ``sandboxed``: run it under :mod:`sandbox` (grading) or as a plain subprocess
    (a student's visible tests). ``timeout``: seconds a start or a call may take.
    """

    def __init__(self, *, sandboxed, slot=0, timeout=20, limits=None, env=None):
        self.sandboxed, self.slot, self.timeout = sandboxed, slot, timeout
        self.limits = limits or sandbox.Limits(cpu_seconds=300)
        self.env = env
        self.process = None
        self.started = False
        self.buffer = b""

    def _launch(self):
        self.buffer = b""
        argv = [sys.executable, "-m", "robocourse.grading.runner"]
        if self.sandboxed:
            argv = sandbox.command(argv, slot=self.slot, limits=self.limits, env=self.env)
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, start_new_session=True)

    def _send(self, message):
        if self.process is None or self.process.poll() is not None:
            self._launch()
        self.process.stdin.write((json.dumps(message, separators=(",", ":")) + "\n").encode())
        self.process.stdin.flush()

    def _receive(self, what):
        """The next message, read without ever blocking past the deadline."""
        deadline = time.monotonic() + self.timeout
        fd = self.process.stdout.fileno()
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            ready, _, _ = select.select([fd], [], [], max(remaining, 0))
            if not ready:
                self.close()
                raise StudentCodeError(f"{what} did not finish within {self.timeout} s "
                                       "(an endless loop?)", "timeout")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                self.close()
                raise StudentCodeError(f"{what} stopped the process that ran it (it exited "
                                       "or used more memory or time than allowed)", "crashed")
            self.buffer += chunk
            if len(self.buffer) > handover.LIMITS["bytes"]:
                self.close()
                raise StudentCodeError(f"{what} returned more data than allowed", "too-large")
        line, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(line)

    def start(self, *, program, setup="", function=None, names=(), forbidden=(), values=None):
        """Run ``setup`` and the student's ``program`` — a list of ``(label, source)``
        pieces, run in order, each named by its label in error messages — in a fresh
        child; return the values of ``names`` (decoded) or raise :class:`StudentCodeError`."""
        if self.started:
            self.end()
        self._send({"op": "start", "setup": setup, "program": program, "function": function,
                    "names": list(names), "forbidden": list(forbidden),
                    "values": handover.encode(dict(values or {}))})
        answer = self._receive("your code")
        if "error" in answer:
            self._receive("ending your code")      # the child has exited by itself
            raise StudentCodeError(_describe(answer["error"], "your code"), "raised",
                                   answer["error"]["type"])
        if "started" not in answer:
            self.close()
            raise StudentCodeError("your code stopped the process that ran it", "crashed")
        self.started = True
        return handover.decode(answer["started"])

    def replay(self, *, setup, groups, timeout=60):
        """Re-run a notebook (``groups`` of answer cells, see the module docstring); return
        ``{group index: {"values": {…}} (decoded) or {"error": message}}`` for every group
        that asks for names."""
        if self.started:
            self.end()
        self._send({"op": "replay", "setup": setup, "groups": groups})
        wanted = {i for i, g in enumerate(groups) if g.get("names")}
        results, saved = {}, self.timeout
        self.timeout = timeout
        try:
            while True:
                answer = self._receive("your answer cells")
                if "replayed" in answer or "ended" in answer:
                    break
                index = answer.get("group")
                if index in wanted and index not in results:
                    results[index] = ({"error": _describe(answer["error"], "your answer cell")}
                                      if "error" in answer else
                                      {"values": handover.decode(answer["values"])})
            if "replayed" in answer:
                self._receive("ending the replay")
        except StudentCodeError as error:
            reason = str(error)
        else:
            reason = "your notebook ended the process before this answer (os._exit?)"
        finally:
            self.timeout = saved
        for index in wanted - set(results):
            results[index] = {"error": f"not recomputed: {reason}"}
        return results

    def call(self, label, *args, **kwargs):
        """Call the started function; return its result (decoded) or raise."""
        self._send({"op": "call", "args": handover.encode(list(args)),
                    "kwargs": handover.encode(kwargs)})
        answer = self._receive(label)
        if "error" in answer:
            raise StudentCodeError(_describe(answer["error"], label), "raised",
                                   answer["error"]["type"])
        if "result" not in answer:
            self.close()
            raise StudentCodeError(f"{label} stopped the process that ran it", "crashed")
        return handover.decode(answer["result"])

    def _end_child(self):
        """End the child; wait until the runner is ready (the child must not read ahead)."""
        if not self.started:
            return
        self.started = False
        if self.process is not None and self.process.poll() is None:
            try:
                self.process.stdin.write(b'{"op":"end"}\n')
                self.process.stdin.flush()
            except BrokenPipeError:
                self.close()
                return
            self._receive("ending your code")

    def end(self):
        """End the current child (the runner process stays for the next exercise)."""
        self._end_child()

    def close(self):
        """Stop the runner process (and, sandboxed, everything it started)."""
        self.started = False
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, 9)
            self.process.wait()
            for stream in (self.process.stdin, self.process.stdout):
                with contextlib.suppress(OSError):
                    stream.close()
            self.process = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _describe(error, label):
    line = f" at {error['where']}" if error.get("where") else ""
    message = error["message"] or ("is the answer cell still the stub?"
                                   if error["type"] == "NotImplementedError" else "")
    return f"{label} raised {error['type']}{line}: {message}".rstrip(": ")


class StudentFunction:
    """A handed-over function, callable from the checks: each call runs in the runner.

    Exceptions of the student's code come back as :class:`StudentCodeError` with
    a message that names the function, the exception and the line.
    """

    def __init__(self, source, runner, *, setup="", forbidden=(), arguments=None):
        self.source, self.runner = source, runner
        self.__name__ = source.name
        self.arguments = arguments       # turns the checks' arguments into data, if needed
        runner.start(program=source.program(), setup=setup, function=source.name,
                     forbidden=forbidden, values=source.values)

    def __call__(self, *args, **kwargs):
        shown = ", ".join([shorten(a) for a in args] + [f"{k}={shorten(v)}"
                                                         for k, v in kwargs.items()])
        sent = self.arguments(args) if self.arguments else args
        return self.runner.call(f"{self.__name__}({shown})", *sent, **kwargs)


if __name__ == "__main__":
    serve()
