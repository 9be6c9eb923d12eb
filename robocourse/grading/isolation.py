"""One step of grading in a forked child, under a wall-clock deadline and a memory budget.

The grader rebuilds each answer a student handed over and runs the checks on it. Within
the hand-over's limits, an answer can still make sympy compute for minutes or fill memory
as it is rebuilt (the modulus of a complex sum of n symbols grows as n²). So each such
step runs in a child forked from the grader: the child's address space may grow by
``memory_bytes`` beyond what the grader had (``RLIMIT_AS``), and the parent waits at
most ``seconds`` for its result, then kills it. Whatever the step does — compute without
end, allocate without end, crash — the grader goes on with the next step.

The result comes back pickled through a pipe; the child's exception comes back as its
type, message and the place in the grader's code where it was raised.

>>> run(lambda: sum(range(10)), seconds=10, memory_bytes=1 << 28).value
45
>>> run(lambda: bytearray(1 << 34), seconds=10, memory_bytes=1 << 28).failure
'memory'
>>> run(lambda: 1 / 0, seconds=10, memory_bytes=1 << 28).detail
'ZeroDivisionError: division by zero (at <doctest ...>, line 1)'
"""

import contextlib
import ctypes
import dataclasses
import os
import pickle
import resource
import select
import signal
import time
import traceback

__all__ = ["Outcome", "run"]

#: Linux's prctl option: the signal a child gets when its parent dies.
_PR_SET_PDEATHSIG = 1


@dataclasses.dataclass
class Outcome:
    """What a step in a child came to. ``failure``: ``""`` (it returned ``value``),
    ``"timeout"`` (killed at its deadline), ``"memory"`` (it ran out of its memory
    budget), ``"error"`` (it raised; ``detail`` says what and where) or ``"crashed"``
    (it died without a result: ``detail`` says how). ``seconds``: its wall-clock time;
    ``peak_bytes``: its largest resident memory."""

    value: object = None
    failure: str = ""
    detail: str = ""
    seconds: float = 0.0
    peak_bytes: int = 0


def run(step, *, seconds, memory_bytes):
    """``step()`` in a forked child with a deadline of ``seconds`` and a memory budget of
    ``memory_bytes`` beyond what this process holds; its :class:`Outcome`."""
    started = time.monotonic()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:                                     # pragma: no cover - the child
        os.close(read)
        _child(step, write, memory_bytes)
    os.close(write)
    try:
        data, in_time = _collect(read, started + seconds)
    finally:
        os.close(read)
        if not in_time:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        _, status, usage = os.wait4(pid, 0)
    outcome = _outcome(data, in_time, status, seconds)
    outcome.seconds = time.monotonic() - started
    outcome.peak_bytes = usage.ru_maxrss * 1024
    return outcome


def _child(step, write, memory_bytes):
    """The child: die with the parent, limit memory, run ``step``, send its result."""
    status = 0
    try:
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        _limit_memory(memory_bytes)
        try:
            result = ("", step())
        except MemoryError:
            result = ("memory", "")
        except BaseException as error:               # noqa: BLE001 - reported to the parent
            result = ("error", _described(error))
        try:
            data = pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
        except MemoryError:
            data = pickle.dumps(("memory", ""))
        except Exception as error:                   # noqa: BLE001 - an unpicklable result
            data = pickle.dumps(("error", _described(error)))
        with os.fdopen(write, "wb") as channel:
            channel.write(data)
    except BaseException:                            # noqa: BLE001 - nothing may escape
        status = 1
    finally:
        os._exit(status)


def _limit_memory(budget):
    """Limit this process's address space to what it maps now plus ``budget`` bytes."""
    with open("/proc/self/statm") as file:
        mapped = int(file.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = mapped + budget
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _described(error):
    """An exception as one line: type, message, and where it was raised."""
    frames = traceback.extract_tb(error.__traceback__)
    where = f" (at {frames[-1].filename}, line {frames[-1].lineno})" if frames else ""
    message = " ".join(str(error).split())
    message = message if len(message) <= 300 else message[:299] + "…"
    return (f"{type(error).__name__}: {message}" if message else type(error).__name__) + where


def _collect(read, deadline):
    """Everything the child writes, until it closes the pipe or ``deadline`` passes:
    ``(bytes, True)``, or ``(bytes so far, False)`` at the deadline."""
    chunks = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return b"".join(chunks), False
        ready, _, _ = select.select([read], [], [], left)
        if not ready:
            continue
        chunk = os.read(read, 1 << 20)
        if not chunk:
            return b"".join(chunks), True
        chunks.append(chunk)


def _outcome(data, in_time, status, seconds):
    if not in_time:
        return Outcome(failure="timeout", detail=f"it did not finish within {seconds} s")
    if not data:
        if os.WIFSIGNALED(status):
            how = f"it was ended by signal {os.WTERMSIG(status)}"
        else:
            how = f"it exited with status {os.WEXITSTATUS(status)}"
        return Outcome(failure="crashed", detail=how + " without a result")
    failure, value = pickle.loads(data)
    if failure:
        return Outcome(failure=failure, detail=value)
    return Outcome(value=value)
