"""Student code in a fresh process: call a handed-over function, re-run an answer cell.

The grader never executes student code itself. When an exercise asks for a
function ("implement one inward step of the statics recursion"), or asks for a
derivation by hand that one library call would answer, the grader starts this
module as a separate process — inside the sandbox when grading
(``robocourse_grader.sandbox``), as a plain subprocess while a student works — and talks
to it over its standard input and output, one JSON line per message:

``{"op": "start", "setup": …, "program": …, "function": name | null, "names": […],
"forbidden": [concept, …]}``
    A forked child of this process switches off every route to the forbidden concepts
    (``concepts``: the library functions that compute each, and the private helpers only
    they run — their names in every ``robocourse`` module are rebound to a function that
    refuses, and their code objects are replaced, so a saved reference refuses too;
    ``"module:attribute"`` stands for that function alone), runs the
    exercise's ``setup`` (its imports), then the student's ``program``; it answers
    ``{"started": …}`` with the requested ``names`` as data, or ``{"error": …}``.
``{"op": "call", "args": …, "kwargs": …}``
    Calls the started function; answers ``{"result": …}`` or ``{"error": …}``.
``{"op": "end"}``
    The child exits; the next ``start`` gets a fresh child with a clean state.
``{"op": "replay", "setup": …, "groups": [{"label": …, "before": […], "cells": […],
"names": […] | null, "forbidden": […]}, …]}``
    Re-runs a notebook's code to recompute the answers an exercise asks to derive by
    hand. For each distinct set of forbidden concepts, a forked child switches that set
    off *before any student code runs*, runs the set-up and, group by group, the
    instructor's ``before`` cells and the student's answer ``cells`` (errors of other
    groups are ignored); right after the cells of a group that asks for ``names`` with
    that set, it answers ``{"group": i, "values": …}`` or ``{"group": i, "error": …}``.
    ``{"replayed": true}`` ends the replay.

Only data crosses (``handover`` encoding both ways). A student's prints are dropped. An
error is data too (``{"type", "message", "where", "said"?}``): what the grader tells the
student of it — a switched-off function's refusal, where in their code it was raised, a
name their code does not assign — it says in the student's language from that data, and a
refusal gets its own mistake code, ``LIBRARY_ROUTE``, from the process that refused.

Student code never runs in the process that talks to the grader: the forked child of a
request forks again, and the student's process keeps only a private pipe back to it —
not this channel, not the grader's input. The child forwards what comes through that pipe
only when it is what was asked for (an answer to each request; a group of its own route,
in order, once), so a student cannot stall, forge or desynchronise the protocol; the
grader gives a replay one deadline for all of it. The student's process installs
:func:`_guard` once its set-up has run, so nothing can bring a switched-off function back.
"""

import _posixsubprocess
import ast
import builtins
import contextlib
import importlib
import io
import json
import linecache
import os
import re
import select
import signal
import stat
import subprocess
import sys
import time
import traceback
import types

from robocourse import language
from robocourse.grading import concepts, handover
from robocourse.grading.checks import Mistake, shorten
from robocourse.language import say

__all__ = ["Runner", "StudentCodeError", "StudentFunction", "GUARDED", "LIBRARY_ROUTE",
           "NOT_DEFINED"]

#: The mistake code of an answer that called a library function the exercise switches off
#: (the student's process says so: ``"said": ["refused", …]`` in its error, see :func:`_error`).
LIBRARY_ROUTE = "library-route"

#: Why the student's process refuses a way around the switch-off (see :func:`_guard`).
GUARDED = ("refused while your code is checked: it cannot read or reload the library's code, "
           "start programs, or reach other processes or every object of the process")

#: Why a student's process was stopped for what it sent back.
PROTOCOL = "your code wrote to the channel its results come back through"


class StudentCodeError(Mistake):
    """The student's code raised, did not finish, or broke the runner (the message says
    which); ``raised`` names the exception type when it raised one."""

    def __init__(self, message, code, raised=None):
        super().__init__(message, code)
        self.raised = raised


def _refuse(*args, **kwargs):
    # Becomes the code of a switched-off function (with its message in place of this one,
    # ``_refusing``), whose globals are then its library module's: so a literal here.
    raise AssertionError("this library function is switched off for this exercise")


_REFUSED = "this library function is switched off for this exercise"

#: The refusals of this process's switched-off functions: {their code: (the function's
#: name, its concept or None)} — how :func:`_error` knows a refusal from any other error.
_REFUSING = {}


def _refusing(leaf, concept):
    """The code of :func:`_refuse`, raising what ``leaf`` of ``concept`` says (English: the
    student's process speaks no language; the grader says it again in the student's)."""
    text = concepts.message(leaf, concept)
    code = _refuse.__code__
    code = code.replace(co_consts=tuple(text if c == _REFUSED else c for c in code.co_consts))
    _REFUSING[code] = (leaf, concept)
    return code


def _switch_off(forbidden):
    """Switch off the concepts ``forbidden`` in this process (``concepts.switched_off``: the
    functions of each, and the private helpers only they run): each refuses, saying which
    concept the exercise asks the student to derive. Their names in every ``robocourse``
    module are rebound to a function that refuses, and their code is replaced (so a
    saved reference refuses too); a class stays a class (``isinstance`` still works), its
    methods refuse. A ``"module:attribute"`` spec stands for itself. The library's
    caches are emptied: a result cached before would be a route."""
    refusals = {}
    for node, concept in concepts.switched_off(forbidden):
        leaf = node.__name__
        code = _refusing(leaf, concept)
        if isinstance(node, type):
            for method in concepts.members(node):
                if not isinstance(method, type):
                    _disable(method, code)
        else:
            _disable(node, code)
            refusals[node] = _refusal(leaf, code)
    for loaded in list(sys.modules.values()):
        if getattr(loaded, "__name__", "").startswith("robocourse"):
            names = vars(loaded)
            for key, value in list(names.items()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
                if callable(value) and not isinstance(value, type) and \
                        (refuse := refusals.get(concepts.unwrapped(value))) is not None:
                    names[key] = refuse


def _refusal(leaf, code):
    """A function named ``leaf`` that runs the refusal ``code`` (for the library's names)."""
    refuse = types.FunctionType(code, {"__builtins__": builtins}, leaf)
    refuse.__qualname__ = leaf
    return refuse


def _disable(function, code):
    """Give ``function`` the ``code`` of a refusal, so that a saved reference refuses too,
    and the function it wraps (``__wrapped__``, a decorator's): a wrapper's code cannot be
    swapped (it has free variables), so it calls the wrapped one, which refuses. The
    original code is kept nowhere."""
    while function is not None:
        with contextlib.suppress(AttributeError, ValueError, TypeError):
            function.__code__ = code
        function = getattr(function, "__wrapped__", None)


def _error(error):
    """An exception of student code as data: type, message, where in their code (``[line,
    piece, its cell or None]``), and, raised by a switched-off function, ``"said":
    ["refused", {"function": …, "concept": … or None}]`` (the grader says why in the
    student's language: ``_describe``; the channel carries no sentence of any language)."""
    frames = [f for f in traceback.extract_tb(error.__traceback__)
              if f.filename.startswith("<student: ")]
    where = None
    if frames:
        piece, numbered, cell = frames[-1].filename[10:-1].rpartition("#")
        where = [frames[-1].lineno, piece, int(cell)] if numbered else \
            [frames[-1].lineno, cell, None]
    found = {"type": type(error).__name__, "message": str(error), "where": where}
    innermost = error.__traceback__
    while innermost is not None and innermost.tb_next is not None:
        innermost = innermost.tb_next
    refused = innermost and _REFUSING.get(innermost.tb_frame.f_code)
    if refused and isinstance(error, AssertionError):
        function, concept = refused
        found["said"] = ["refused", {"function": function, "concept": concept}]
    guarded = getattr(error, "guarded", None)              # refused by the guard (``_guard``)
    if isinstance(error, PermissionError) and isinstance(guarded, str):
        found["said"] = ["guarded", {"attempt": guarded}] if guarded else ["no-program", {}]
    return found


def _told(error_type, key, **fields):
    """An error of the student's process that the grader says (``_SAID[key]`` with
    ``fields``, in the student's language); its message is the same in English (this
    process's language), for a reader of the channel."""
    return {"type": error_type, "where": None, "message": _SAID[key][1](**fields),
            "said": [key, fields]}


class _Child:
    """One exercise in the student's process: forbidden concepts off, setup, the guard, the
    student program."""

    def __init__(self, request, reply):
        self.reply, self.failed = reply, True
        _switch_off(request.get("forbidden", []))
        self.namespace = {"__name__": "__main__", "__builtins__": builtins}
        exec(compile(request.get("setup", ""), "<exercise setup>", "exec"), self.namespace)
        self.namespace.update(handover.decode(request.get("values", {"dict": []})))
        self.function = None
        _guard()
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
                self.reply({"error": _told("NameError", "no-function", name=name)})
                return
        missing = [n for n in request.get("names", []) if n not in self.namespace]
        if missing:
            self.reply({"error": _told("NameError", "not-assigned", names=", ".join(missing))})
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


def _serve_child(request, reply, read):
    """The student's process of a ``start``: start, then answer each call ``read`` gives."""
    child = _Child(request, reply)
    while not child.failed:
        line = read()
        if not line:
            return
        reply(child.call(json.loads(line)))


# --- the student's process ----------------------------------------------------------------

def _fork_student(run, keep=()):
    """Fork the process that runs student code: it keeps only standard output and error
    (both empty), ``keep`` and the write end of a pipe back to this process, and returns
    ``run(reply)``'s value as its exit status. Return ``(pid, read)``: ``read()`` gives
    the next message from it (None when it has closed the pipe)."""
    results, results_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            _isolate({results_w, *keep})
            status = run(_replier(os.fdopen(results_w, "w"))) or 0
        finally:
            os._exit(status)
    os.close(results_w)
    return pid, _Messages(results)


def _isolate(keep):
    """Close every file descriptor but standard output and error and ``keep`` — the grader's
    channel among them — and make standard input read nothing."""
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)
    low = 3
    for fd in sorted(keep):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, os.sysconf("SC_OPEN_MAX"))


class _Messages:
    """The messages of a student's process, one JSON line each (at most handover's size)."""

    def __init__(self, fd):
        self.fd, self.buffer = fd, b""

    def __call__(self):
        while b"\n" not in self.buffer:
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return None
            self.buffer += chunk
            if len(self.buffer) > handover.LIMITS["bytes"]:
                raise ValueError("a message larger than allowed")
        line, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(line)

    def close(self):
        os.close(self.fd)


def _stop(pid, read):
    """End a student's process (whatever it is doing) and its pipe."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    read.close()
    return os.waitpid(pid, 0)[1]


def _valid(message, key):
    """True when ``message`` is an answer with ``key`` or a well-formed ``error``."""
    if not isinstance(message, dict) or (key in message) == ("error" in message):
        return False
    return "error" not in message or _well_formed(message["error"])


def _well_formed(error):
    """True when ``error`` is an error as data (``_error``): a type and a message."""
    return isinstance(error, dict) and isinstance(error.get("type"), str) and \
        isinstance(error.get("message"), str)


def _guard():
    """From here on, refuse (PermissionError, in the student's code) every way around the
    switch-off: open a file of the library — but the source or bytecode of a module not
    loaded yet, which has nothing switched off (the switch-off imports what it switches
    off) — or a folder (a path relative to an open folder could reach it), a file of
    ``/proc`` (another process's channel or memory), a pipe or a socket; import a module
    again, start a program
    (a new interpreter would load the library afresh), use ctypes or a sub-interpreter,
    make a symbolic link, or list the objects of the process. An audit hook (PEP 578)
    cannot be removed, and this one keeps all it uses in its own variables: none of it can
    be changed from student code. The library's code generation makes numpy code (no
    compiler runs)."""
    folder = os.path.dirname(os.path.realpath(importlib.import_module("robocourse").__file__))
    library, modules = _inodes(folder), _module_files(folder, "robocourse")
    proc, loaded, status = os.stat("/proc").st_dev, frozenset(sys.modules), os.stat
    loaded_name = "robocourse"          # what any other file of the library counts as
    refused, special = _REFUSED_EVENTS, frozenset({stat.S_IFDIR, stat.S_IFIFO, stat.S_IFSOCK})
    file_type = stat.S_IFMT
    kind, number, texts, refusal = type, int, (str, bytes), PermissionError  # builtins change
    for domain in language.DOMAINS:         # read now: the library's files close to the student
        language.catalogue(domain, language.current())

    def path_refused(path):
        if kind(path) is number:
            return False
        if kind(path) not in texts:
            return True
        try:
            found = status(path)
        except (OSError, ValueError):
            return False
        key = (found.st_dev, found.st_ino)
        if key in library:              # a module loaded before the guard: its code again;
            return modules.get(key, loaded_name) in loaded    # one not loaded: nothing off
        return found.st_dev == proc or file_type(found.st_mode) in special

    def hook(event, args):
        if event == "open":
            refuse = path_refused(args[0])
        elif event == "import":
            refuse = kind(args[0]) is not texts[0] or args[0] in loaded
        else:
            refuse = event in refused or event.startswith("ctypes.")
        if refuse:
            attempt = f"{event} {args[0] if args else ''!s:.80}"
            raised = refusal(f"{attempt}: {GUARDED}")
            raised.guarded = attempt            # what the grader names (``_error``)
            raise raised

    linecache.clearcache()
    os.environ["CC"] = ""
    _posixsubprocess.fork_exec = _no_program
    sys.addaudithook(hook)


_REFUSED_EVENTS = frozenset({
    "subprocess.Popen", "os.exec", "os.posix_spawn", "os.spawn", "os.system",
    "cpython.PyInterpreterState_New", "os.symlink",
    "gc.get_objects", "gc.get_referrers", "gc.get_referents"})


def _no_program(*args, **kwargs):
    raised = PermissionError(f"starting a program: {GUARDED}")
    raised.guarded = ""                         # a program (``_error``)
    raise raised


def _module_files(folder, package):
    """``(device, inode)`` -> module name, of the source and the bytecode of every module of
    ``package``, whose folder is ``folder``."""
    modules = {}
    for root, _, files in os.walk(folder):
        parts = [part for part in os.path.relpath(root, folder).split(os.sep)
                 if part not in (".", "__pycache__")]
        for name in files:
            stem = name.split(".")[0]
            if name.endswith((".py", ".pyc")):
                found = os.stat(os.path.join(root, name))
                modules[(found.st_dev, found.st_ino)] = ".".join(
                    [package, *parts, *([] if stem == "__init__" else [stem])])
    return modules


def _inodes(folder):
    """``(device, inode)`` of ``folder`` and of every folder and file in it."""
    paths = {folder}
    for root, folders, files in os.walk(folder):
        paths |= {os.path.join(root, name) for name in folders + files}
    return frozenset((s.st_dev, s.st_ino) for s in map(os.stat, paths))


# --- the child of a request: relays between the grader and the student's process -------------

def _relay_start(request, reply, read_request):
    """Start the student's process of a ``start``; pass on its answer and, call by call,
    the grader's calls and its answers. Anything else it sends stops it."""
    calls, calls_w = os.pipe()
    pid, read = _fork_student(
        lambda send: _serve_child(request, send, os.fdopen(calls).readline), keep={calls})
    os.close(calls)
    try:
        with os.fdopen(calls_w, "w") as forward:
            if not _pass_on(read, "started", reply):
                return
            while (line := read_request()) and json.loads(line).get("op") == "call":
                forward.write(line.decode())
                forward.flush()
                if not _pass_on(read, "result", reply):
                    return
    finally:
        _stop(pid, read)


def _pass_on(read, key, reply):
    """Pass on the next answer of a student's process; False when no more will come: it
    has ended (the grader hears that it did), failed to start, or sent something else
    than an answer with ``key`` (the grader gets a protocol error)."""
    try:
        message = read()
    except (ValueError, RecursionError):
        message = {}
    if message is None:
        return False
    if not _valid(message, key):
        reply({"error": _told("ProtocolError", "protocol")})
        return False
    reply(message)
    return key != "started" or "started" in message


def _pass_on_groups(read, targets, reply, answered):
    """Pass on the answers of a replay's student process until it closes its pipe; False at
    the first message that is not an answer of one of the ``targets`` after the last."""
    last = -1
    try:
        while (message := read()) is not None:
            group = message.get("group") if isinstance(message, dict) else None
            if type(group) is not int or group not in targets or group <= last or \
                    not _valid(message, "values"):
                return False
            last = group
            if group not in answered:
                answered.add(group)
                reply(message)
    except (ValueError, RecursionError):
        return False
    return True


def _replay(request, reply):
    """Re-run a notebook's answer cells once per set of forbidden concepts, with that
    set switched off before any student code runs; report the requested answers of each
    group right after its cells (see the module docstring).

    The modules the instructor's set-up cells import are already imported (by
    :func:`serve`, once for every child). Each child runs only the answer cells its
    answers depend on (by the names they assign and use); if one of its answers then
    misses a name, a second child runs every cell for that set."""
    routes = sorted({tuple(g["forbidden"]) for g in request["groups"] if g.get("names")})
    for forbidden in routes:
        answered = set()
        for pruned in (True, False):
            status = _relay_replay(request, forbidden, pruned, reply, answered)
            if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == _MISSED_A_NAME):
                break
    reply({"replayed": True})


def _relay_replay(request, forbidden, pruned, reply, answered):
    """Run one set of forbidden concepts in a student's process; pass on its answers —
    each must be one of the groups asking for names with that set, in order, once (a
    second run's repeats are dropped) — and stop it at the first other message, the
    groups left then failing. Return its exit status."""
    groups = request["groups"]
    targets = [i for i, g in enumerate(groups)
               if g.get("names") and tuple(g["forbidden"]) == forbidden]
    pid, read = _fork_student(lambda send: _replay_with(request, forbidden, send, pruned))
    if _pass_on_groups(read, targets, reply, answered):
        read.close()
        return os.waitpid(pid, 0)[1]
    for group in targets:
        if group not in answered:
            answered.add(group)
            reply({"group": group, "error": _told("ProtocolError", "protocol")})
    _stop(pid, read)
    return 0


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
    _switch_off(forbidden)
    groups = request["groups"]
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    exec(compile(request.get("setup", ""), "<exercise setup>", "exec"), namespace)
    _guard()
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
                failed.append([group["label"], error])
            continue
        missing = [n for n in group["names"] if n not in namespace]
        if pruned and not failed and ((error and error["type"] == "NameError") or missing):
            return _MISSED_A_NAME              # a cell left out defined it: run them all
        if error is not None:
            if error["type"] == "NameError" and failed:
                error = {**error, "earlier": failed}      # the grader says they raised
            reply({"group": index, "error": error})
        elif missing:
            reply({"group": index, "error": _told("NameError", "not-assigned-cells",
                                                  names=", ".join(missing))})
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
            exec(compile(cell, f"<student: {label}#{k + 1}>", "exec"), namespace)
        except BaseException as error:                     # noqa: BLE001
            first = first or _error(error)
    return first


def serve():
    """The runner's main loop (``python -m robocourse.grading.runner``)."""
    import numpy  # noqa: F401 - imported once here, shared by every forked child
    import sympy  # noqa: F401

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
                # the language of the grader that asked: the library's errors and the
                # refusals in the student's code speak the feedback's language
                with language.using(request.get("language", language.SOURCE)):
                    if request["op"] == "replay":
                        _replay(request, _replier(protocol))
                    else:
                        _relay_start(request, _replier(protocol), stdin.readline)
            finally:
                protocol.flush()
                os._exit(0)
        os.waitpid(pid, 0)
        protocol.write('{"ended":true}\n')     # the next request may come now


class Runner:
    """The grader's end of a runner process (started on first use, one per submission).

    A plain subprocess (a student's visible tests); the instructor's grader runs it in a
    sandbox (``robocourse_grader.sandbox.SandboxedRunner`` overrides :meth:`command`).
    ``timeout``: seconds a start or a call may take.
    """

    def __init__(self, *, timeout=20):
        self.timeout = timeout
        self.process = None
        self._owner = None
        self.started = False
        self.buffer = b""

    def command(self, argv):
        """The command line that starts the runner process ``argv`` (as it is, here)."""
        return argv

    def _launch(self):
        self.buffer = b""
        argv = self.command([sys.executable, "-m", "robocourse.grading.runner"])
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        self._owner = os.getpid()

    def running(self):
        """Whether the runner process runs — asked also in a child forked from the process
        that started it (the grader decides each exercise in one), which cannot wait for
        it: ``Popen.poll`` would say it has ended."""
        if self.process is None:
            return False
        if self._owner == os.getpid():
            return self.process.poll() is None
        try:
            with open(f"/proc/{self.process.pid}/stat", "rb") as file:
                state = file.read().rpartition(b")")[2].split()[0]
        except (OSError, IndexError):
            return False
        return state not in (b"Z", b"X")

    def launch(self):
        """Start the runner process now unless it runs (before forking a child that will
        talk to it); return its process id."""
        if not self.running():
            self._launch()
        return self.process.pid

    def _send(self, message):
        if not self.running():
            self._launch()
        self.process.stdin.write((json.dumps(message, separators=(",", ":")) + "\n").encode())
        self.process.stdin.flush()

    def _receive(self, what, deadline=None):
        """The next message, read without ever blocking past ``deadline`` (a time of
        ``time.monotonic``; by default ``timeout`` s from now)."""
        deadline = deadline or time.monotonic() + self.timeout
        fd = self.process.stdout.fileno()
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            ready, _, _ = select.select([fd], [], [], max(remaining, 0))
            if not ready:
                self.close()
                raise StudentCodeError(say("{what} did not finish within {seconds} s (an "
                                           "endless loop?)", "feedback", what=what,
                                           seconds=self.timeout), "timeout")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                self.close()
                raise StudentCodeError(say("{what} stopped the process that ran it (it "
                                           "exited or used more memory or time than allowed)",
                                           "feedback", what=what), "crashed")
            self.buffer += chunk
            if len(self.buffer) > handover.LIMITS["bytes"]:
                self.close()
                raise StudentCodeError(say("{what} returned more data than allowed",
                                           "feedback", what=what), "too-large")
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
                    "values": handover.encode(dict(values or {})),
                    "language": language.current()})
        yours = say("your code", "feedback")
        answer = self._receive(yours)
        if "error" in answer:
            self._receive(say("ending your code", "feedback"))   # the child has exited by itself
            raise StudentCodeError(_describe(answer["error"], yours), _code(answer["error"]),
                                   answer["error"]["type"])
        if "started" not in answer:
            self.close()
            raise StudentCodeError(_stopped(yours), "crashed")
        self.started = True
        return _decoded(answer["started"], yours)

    def replay(self, *, setup, groups, timeout=60):
        """Re-run a notebook (``groups`` of answer cells, see the module docstring); return
        ``{group index: {"values": {…}} (decoded) or {"error": message}}`` for every group
        that asks for names.

        ``timeout``: seconds for the whole replay; past them the runner is stopped and the
        answers not yet recomputed fail. A message that is not an answer asked for (another
        group, one twice) stops it too: they fail as breaking the protocol."""
        if self.started:
            self.end()
        self._send({"op": "replay", "setup": setup, "groups": groups,
                    "language": language.current()})
        wanted = {i for i, g in enumerate(groups) if g.get("names")}
        results, saved = {}, self.timeout
        self.timeout, deadline = timeout, time.monotonic() + timeout
        try:
            while True:
                answer = self._receive(say("your answer cells", "feedback"), deadline)
                if "replayed" in answer or "ended" in answer:
                    break
                index = self._group(answer, wanted, results)
                results[index] = _recomputed(answer)
            if "replayed" in answer:
                self._receive(say("ending the replay", "feedback"), deadline)
        except StudentCodeError as error:
            reason = str(error)
        else:
            reason = say("your notebook ended the process before this answer (os._exit?)",
                         "feedback")
        finally:
            self.timeout = saved
        for index in wanted - set(results):
            results[index] = {"error": say("not recomputed: {why}", "feedback", why=reason)}
        return results

    def _group(self, answer, wanted, results):
        """The group a replay's message answers: one asked for and not answered yet."""
        index = answer.get("group") if isinstance(answer, dict) else None
        if type(index) is not int or index not in wanted or index in results or \
                not _valid(answer, "values"):
            self.close()
            raise StudentCodeError(say("the replay broke its protocol ({why}: {answer})",
                                       "feedback", why=say(PROTOCOL, "feedback"),
                                       answer=shorten(answer)), "protocol")
        return index

    def call(self, label, *args, **kwargs):
        """Call the started function; return its result (decoded) or raise."""
        self._send({"op": "call", "args": handover.encode(list(args)),
                    "kwargs": handover.encode(kwargs)})
        answer = self._receive(label)
        if "error" in answer:
            raise StudentCodeError(_describe(answer["error"], label), _code(answer["error"]),
                                   answer["error"]["type"])
        if "result" not in answer:
            self.close()
            raise StudentCodeError(_stopped(label), "crashed")
        return _decoded(answer["result"], label)

    def _end_child(self):
        """End the child; wait until the runner is ready (the child must not read ahead)."""
        if not self.started:
            return
        self.started = False
        if self.running():
            try:
                self.process.stdin.write(b'{"op":"end"}\n')
                self.process.stdin.flush()
            except BrokenPipeError:
                self.close()
                return
            self._receive(say("ending your code", "feedback"))

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


def _stopped(what):
    return say("{what} stopped the process that ran it", "feedback", what=what)


def _recomputed(answer):
    """A replay's answer of a group as the checks take it."""
    yours = say("your answer cell", "feedback")
    if "error" in answer:
        return {"error": _describe(answer["error"], yours), "code": _code(answer["error"])}
    try:
        return {"values": _decoded(answer["values"], yours)}
    except StudentCodeError as error:
        return {"error": str(error)}


def _decoded(data, what):
    """Data sent by student code, decoded; StudentCodeError when it cannot be (whatever the
    reason: the student's process may have changed the encoder)."""
    try:
        return handover.decode(data)
    except Exception as error:                      # noqa: BLE001 - reported to the student
        raise StudentCodeError(say("{what} returned data that cannot be read: {error}",
                                   "feedback", what=what, error=error),
                               "not-handed-over") from None


def _code(error):
    """The mistake code of an error of the student's process: ``LIBRARY_ROUTE`` when a
    switched-off function refused (the process says so), ``"raised"`` otherwise."""
    return LIBRARY_ROUTE if _said_key(error) == "refused" else "raised"


def _said_key(error):
    said = error.get("said")
    return said[0] if isinstance(said, list) and len(said) == 2 and said[0] in _SAID and \
        isinstance(said[1], dict) and set(said[1]) == _SAID[said[0]][0] else None


#: What the grader says for an error its student's process names (``"said": [key,
#: fields]``): {key: (the fields, the sentence in the language in use)}.
_SAID = {
    "refused": ({"function", "concept"}, lambda function, concept: concepts.message(
        str(function), concept if isinstance(concept, str) else None)),
    "no-function": ({"name"}, lambda name: say(
        "your code does not define a function {name}", "feedback", name=name)),
    "not-assigned": ({"names"}, lambda names: say(
        "{names} is not assigned in this cell", "feedback", names=names)),
    "not-assigned-cells": ({"names"}, lambda names: say(
        "{names} is not assigned in your answer cells", "feedback", names=names)),
    "guarded": ({"attempt"}, lambda attempt: say("{attempt}: {why}", "feedback", attempt=attempt,
                                                 why=say(GUARDED, "feedback"))),
    "no-program": (set(), lambda: say("starting a program: {why}", "feedback",
                                      why=say(GUARDED, "feedback"))),
    "protocol": (set(), lambda: say(PROTOCOL, "feedback")),
}


#: Python's message for a name that is not defined.
NOT_DEFINED = re.compile(r"name '(\w+)' is not defined")


def _plain(error):
    """The message of an error the student's process did not name, in the language in use
    for the two a student's code raises most: a stub, a name not defined (a typo)."""
    missing = NOT_DEFINED.fullmatch(error["message"]) if error["type"] == "NameError" else None
    if missing:
        return say("{name} is not defined (misspelt, or defined nowhere the function can see "
                   "it)", "feedback", name=missing.group(1))
    return error["message"] or (say("is the answer cell still the stub?", "feedback")
                                if error["type"] == "NotImplementedError" else "")


def _message(error, earlier=True):
    """The message of an error of the student's process, in the language in use where the
    process named it (``_said_key``), and (``earlier``) what earlier answer cells raised."""
    key = _said_key(error)
    message = _SAID[key][1](**error["said"][1]) if key else _plain(error)
    cells = error.get("earlier") if earlier else None
    if isinstance(cells, list) and cells and all(
            isinstance(e, list) and len(e) == 2 and _well_formed(e[1]) for e in cells):
        cells = "; ".join(f"{label} ({e['type']}: {_message(e, False)})" for label, e in cells)
        message = say("{message} — your answer cells of {cells} raised with the library's "
                      "shortcuts off", "feedback", message=message, cells=cells)
    return message


def _where(where):
    """Where in the student's code an error was raised (``[line, piece, cell or None]``),
    in the language in use."""
    if not (isinstance(where, list) and len(where) == 3):
        return None
    line, piece, cell = where
    if cell is None:
        return say("line {line} of {piece}", "feedback", line=line, piece=piece)
    return say("line {line} of {piece}, cell {cell}", "feedback", line=line, piece=piece,
               cell=cell)


def _describe(error, label):
    message, where = _message(error), _where(error.get("where"))
    if where:
        raised = say("{what} raised {error} at {where}", "feedback", what=label,
                     error=error["type"], where=where)
    else:
        raised = say("{what} raised {error}", "feedback", what=label, error=error["type"])
    return say("{raised}: {message}", "feedback", raised=raised, message=message) \
        if message else raised


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
