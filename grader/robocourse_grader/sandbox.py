"""A sandbox for student code: bubblewrap, a read-only view of the environment, limits.

Everything a submission runs — its kernel, and the fresh process that calls a
student's function — is started through :func:`command`, which wraps the command
line in Debian's ``bwrap``:

* the filesystem is a new, empty root with only the system (``/usr``, a few files
  of ``/etc``), the Python installation, the course's virtual environment and the
  installed ``robocourse`` package, all **read-only**. The course folder itself is
  not there: no ``solutions/``, no gradebook, no ``nbgrader_config.py``, no other
  student's files;
* the home folder and ``/tmp`` are small in-memory file systems that vanish with
  the sandbox; the submission's own input files are bound into the home folder
  read-only; at most one host folder (``writable``, the kernel's socket folder) is
  writable;
* no network (a network namespace of its own), its own PID namespace (nothing it
  starts outlives it, ``setsid`` children included, and it sees no other process),
  its own IPC and host-name namespaces;
* the process runs as an unprivileged user with limits on CPU time, memory, number
  of processes, file size and open files (``prlimit``);
* nothing can be written to the package, so a sandboxed Python would compile every
  ``robocourse`` module from its source at each start (about 0.1 s of CPU a process,
  several processes a submission): :func:`command` first brings the package's bytecode up to
  date, once per grading process, from outside.

Run as root (recommended), each worker slot uses its own user id
(``FIRST_UID + slot``), so the process limit of one submission cannot starve
another; run as an ordinary user, bubblewrap uses a user namespace instead and
the process limit counts that user's processes.
"""

import compileall
import dataclasses
import functools
import os
import pathlib
import shutil
import subprocess
import sys

import robocourse
from robocourse.grading.runner import Runner

__all__ = ["Limits", "SandboxUnavailable", "SandboxedRunner", "available", "command",
           "FIRST_UID"]

#: User id of worker slot 0 when the grader runs as root (slot k runs as FIRST_UID + k).
FIRST_UID = 61000
HOME = "/home/student"


class SandboxUnavailable(RuntimeError):
    """No sandbox can be made on this machine (the message says why and what to do)."""


@dataclasses.dataclass(frozen=True)
class Limits:
    """Resource limits of one sandboxed process tree."""

    cpu_seconds: int = 900            #: CPU time of the kernel process (all cells together)
    memory_bytes: int = 4 << 30       #: address space of each process
    processes: int = 256              #: processes and threads of the sandbox's user
    file_bytes: int = 64 << 20        #: the largest file it may write
    open_files: int = 512
    tmp_bytes: int = 128 << 20        #: size of /tmp and of the home folder (each)


def _run_quietly(argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as error:
        return subprocess.CompletedProcess(argv, 1, "", str(error))


@functools.lru_cache(maxsize=1)
def available():
    """``None`` if a sandbox can be made here, otherwise the reason (a sentence).

    A sandbox is tried for real: ``bwrap`` must exist and start ``true`` with every
    namespace and limit that :func:`command` uses.
    """
    for tool in ("bwrap", "prlimit"):
        if shutil.which(tool) is None:
            return (f"the program '{tool}' is not installed (Debian: apt-get install "
                    f"{'bubblewrap' if tool == 'bwrap' else 'util-linux'})")
    probe = _run_quietly(command(["true"], slot=0))
    if probe.returncode != 0:
        return ("bubblewrap could not create a sandbox here: "
                + (probe.stderr.strip() or f"exit status {probe.returncode}"))
    return None


def require():
    """Raise :class:`SandboxUnavailable` (saying why) unless a sandbox can be made."""
    reason = available()
    if reason is not None:
        raise SandboxUnavailable(
            f"student code cannot be sandboxed: {reason}. Autograding refuses to run it "
            "unsandboxed; install bubblewrap, or, only for code you trust, pass --unsafe")


@functools.lru_cache(maxsize=1)
def _package_bytecode():
    """Compile the installed ``robocourse`` package's bytecode (``__pycache__``) where it is
    missing or older than its source, so that sandboxed imports read it (they cannot write
    it). A package the grader cannot write (a read-only installation, which pip compiled
    when it installed it) is left as it is."""
    package = pathlib.Path(robocourse.__file__).resolve().parent
    compileall.compile_dir(package, quiet=2, workers=1)


def _read_only_paths():
    """The host paths the sandbox sees read-only: the Python installation, the virtual
    environment and the installed package (for an editable install, its source folder)."""
    package = pathlib.Path(robocourse.__file__).resolve().parent
    paths = {pathlib.Path(sys.base_prefix).resolve(), pathlib.Path(sys.prefix).resolve(),
             package}
    return sorted(p for p in paths if not str(p).startswith("/usr/"))


_ETC = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "passwd", "group",
        "nsswitch.conf", "fonts", "matplotlibrc")


def _parents(path):
    """Directories bwrap must create (world-readable) before binding ``path``."""
    return [str(p) for p in reversed(pathlib.PurePosixPath(path).parents) if str(p) != "/"]


def _user_arguments(slot):
    if os.geteuid() != 0:
        return ["--unshare-user"], []
    uid = str(FIRST_UID + slot)
    return (["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"],
            ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
             "--inh-caps=-all", "--bounding-set=-all", "--"])


def sandbox_uid(slot):
    """The user id the sandbox of worker ``slot`` runs as (the caller's own when not root)."""
    return FIRST_UID + slot if os.geteuid() == 0 else os.geteuid()


def command(argv, *, slot=0, limits=Limits(), home_files=(), writable=None, env=None,
            cwd=HOME):
    """The command line that runs ``argv`` in a fresh sandbox.

    ``home_files``: host files bound read-only into the home folder (the submission's
    input files). ``writable``: one host folder bound read-write at the same path (the
    kernel's socket folder). ``env``: the complete environment inside (nothing else is
    inherited). ``slot`` selects the unprivileged user id when run as root.
    """
    _package_bytecode()
    outside, drop_privileges = _user_arguments(slot)
    bwrap = ["bwrap", "--die-with-parent", "--new-session", "--unshare-pid", "--unshare-net",
             "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try", *outside,
             "--ro-bind", "/usr", "/usr"]
    for link in ("bin", "lib", "lib64", "sbin"):
        if os.path.islink(f"/{link}"):
            bwrap += ["--symlink", os.readlink(f"/{link}"), f"/{link}"]
        elif os.path.isdir(f"/{link}"):
            bwrap += ["--ro-bind", f"/{link}", f"/{link}"]
    for name in _ETC:
        bwrap += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    bwrap += ["--dev", "/dev", "--proc", "/proc",
              "--perms", "1777", "--size", str(limits.tmp_bytes), "--tmpfs", "/tmp",
              "--perms", "0755", "--dir", "/home",
              "--size", str(limits.tmp_bytes), "--tmpfs", HOME, "--chmod", "0777", HOME]
    created = set()      # after the file systems in memory, which would hide a bind below them
    for path in [*_read_only_paths(), *([writable] if writable else [])]:
        for parent in _parents(path):
            if parent not in created and not parent.startswith("/usr") and parent != "/tmp":
                bwrap += ["--perms", "0755", "--dir", parent]
                created.add(parent)
        kind = "--bind" if path == writable else "--ro-bind"
        bwrap += [kind, str(path), str(path)]
    for file in home_files:
        bwrap += ["--ro-bind", str(file), f"{HOME}/{pathlib.Path(file).name}"]
    bwrap += ["--chdir", cwd, "--clearenv"]
    for key, value in _environment(env).items():
        bwrap += ["--setenv", key, value]
    rlimits = ["prlimit", f"--cpu={limits.cpu_seconds}", f"--as={limits.memory_bytes}",
               f"--nproc={limits.processes}", f"--fsize={limits.file_bytes}",
               f"--nofile={limits.open_files}", "--core=0", "--"]
    return [*bwrap, "--", *rlimits, *drop_privileges, *argv]


def _environment(extra):
    """The sandbox's whole environment: a neutral base plus ``extra``."""
    base = {"HOME": HOME, "PATH": f"{pathlib.Path(sys.executable).parent}:/usr/bin:/bin",
            "LANG": "C.UTF-8", "TMPDIR": "/tmp", "MPLCONFIGDIR": "/tmp/matplotlib",
            "IPYTHONDIR": "/tmp/ipython", "JUPYTER_RUNTIME_DIR": "/tmp/jupyter",
            "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
            "MALLOC_ARENA_MAX": "2", "PYTHONDONTWRITEBYTECODE": "1",
            "PYDEVD_DISABLE_FILE_VALIDATION": "1",
            # the kernel's parent is the sandbox's init, process 1: ipykernel then knows a
            # front end started it, and prints no "Ctrl-C will not work" banner
            "JPY_PARENT_PID": "1"}
    return {**base, **(extra or {})}


class SandboxedRunner(Runner):
    """A runner process (``robocourse.grading.runner``) started in a fresh sandbox: how the
    grader calls a student's function. ``slot``: the worker's slot (its user id when run
    as root); ``limits`` and ``env``: as for :func:`command`."""

    def __init__(self, *, slot=0, timeout=20, limits=None, env=None):
        super().__init__(timeout=timeout)
        self.slot, self.env = slot, env
        self.limits = limits or Limits(cpu_seconds=300)

    def command(self, argv):
        return command(argv, slot=self.slot, limits=self.limits, env=self.env)
