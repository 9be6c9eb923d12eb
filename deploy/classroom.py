"""Set up a class on one machine for JupyterHub (the guide is deploy/README.md).

Run as root from the course checkout (the standard library is all this needs):

    python3 deploy/classroom.py env    [--env DIR] [--python PY]
    python3 deploy/classroom.py setup  --instructor NAME --students CLASS.csv [--root DIR]
                                       [--env DIR] [--passwords]
    python3 deploy/classroom.py add    --students MORE.csv [--root DIR] [--passwords]
    python3 deploy/classroom.py start  [--root DIR] [--port N]
    python3 deploy/classroom.py remove [--root DIR]

``env`` builds the course environment: a virtual environment outside the checkout with
the course library and JupyterHub, JupyterLab and nbgrader at the pinned versions (and
whatever the course's commands need), made from a Python that every account can run, owned
by root and read-only for everyone else. Its Jupyter servers serve the course's MathJax (for
feedback and the formgrader) and run the course's JupyterLab extension (deploy/labextension:
the feedback page one click from the Assignment List). JupyterHub's proxy
(configurable-http-proxy) and MathJax come from npm, into deploy/node_modules.

``setup`` lays out the class folder (``--root``, default /srv/robocourse)::

    class.json         the class: course id, instructor, students, where things are
    etc/common/        Jupyter settings of every account (no news, no update checks)
    etc/class/         nbgrader settings of every account (the exchange, the course)
    etc/student/       ... of students: no formgrader, no course list, no assignment editor
    chapters/          the chapters, read-only; every student has ~/chapters pointing here
                       (the Chinese ones in chapters/zh_CN; JupyterLab's Settings → Language
                       offers 中文: the class's environment has the zh-CN language pack)
    exchange/          nbgrader's exchange: writable by all, as nbgrader requires (1777)
    exchange/<course>/ owned by the instructor, so that no student can claim the course
    hub/               root only: the hub's database and cookie secret

and creates real Unix accounts (home folders 0700): the instructor, with the course folder
``~/robocourse`` (``solutions/``, ``exercises/``, ``grading/`` with the gradebook, all
readable by the instructor alone), and one account per row of a class-list CSV with
columns id,first_name,last_name,email (nbgrader's format; the id is the user name). The
students are entered in the gradebook too. Every login shell of the class's accounts (a
terminal in JupyterLab is one) finds the course environment first on PATH, with the Jupyter
settings of the account's role (/etc/profile.d/robocourse-<class folder>.sh). ``setup`` and
``start`` make the checkout itself (solutions/, the hidden tests, their history) private to
its owner, whatever its permissions were. ``add`` adds the students of another class list;
the running hub lets them in at once. ``remove`` deletes the accounts, their home folders,
the class folder and the login settings (but not the course environment), saying what it
removed.
"""

import argparse
import csv
import fcntl
import hashlib
import json
import os
import pathlib
import pwd
import re
import secrets
import shutil
import subprocess
import sys

DEPLOY = pathlib.Path(__file__).resolve().parent
CHECKOUT = DEPLOY.parent
CONFIG = DEPLOY / "jupyter"
HUB_CONFIG = DEPLOY / "jupyterhub_config.py"
NODE_MODULES = DEPLOY / "node_modules"
PROXY = NODE_MODULES / ".bin" / "configurable-http-proxy"
LAB_EXTENSION = DEPLOY / "labextension" / "robocourse-class"
#: What of MathJax's npm packages its pages load (the SVG output: no web fonts to fetch).
MATHJAX = ("mathjax/tex-svg.js", "mathjax/input", "mathjax/output", "mathjax/ui",
           "mathjax/a11y", "mathjax/sre", "@mathjax/mathjax-newcm-font/svg")
LOGIN_SETTINGS = pathlib.Path("/etc/profile.d")
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"
DEFAULT_ROOT = pathlib.Path("/srv/robocourse")
COURSE_FOLDER = "robocourse"          # the instructor's course folder, in their home
CLASS_LIST_COLUMNS = ("id", "first_name", "last_name", "email")
# A portable Unix user name (useradd's own rule, without the trailing $ of machine accounts).
USER_NAME = re.compile(r"^[a-z_][a-z0-9_-]{0,31}$")
# What the environment is built from: a change to any of these rebuilds it (the library and
# the instructor's grader are installed as copies, their package data with them: the arm
# viewer's browser code, a .js; the feedback templates); and what its servers serve (MathJax,
# the course's JupyterLab extension).
ENVIRONMENT_INPUTS = ("pyproject.toml", "constraints.txt", "excluded.txt", "robocourse/**/*.py",
                      "robocourse/**/*.js", "robocourse/**/*.c", "robocourse/**/*.po",
                      "grader/pyproject.toml",
                      "grader/robocourse_grader/**/*.py",
                      "grader/robocourse_grader/templates/**/*", "deploy/package-lock.json",
                      "deploy/labextension/**/*")
#: The instructor's grader (robocourse-autograde, nbgrader's sandboxed pipeline), its own
#: distribution: the class's environment has it beside the library.
GRADER = CHECKOUT / "grader"
PYTHON_CANDIDATES = ("python3.11", "/usr/bin/python3.11", "/usr/local/bin/python3.11",
                     "python3", "/usr/bin/python3")


class ClassError(Exception):
    """A set-up step that cannot be done, with what to do about it."""


# --- the class as recorded in class.json ---------------------------------------------

def load_class(root):
    """The class recorded by ``setup`` in ``<root>/class.json``."""
    path = pathlib.Path(root) / "class.json"
    if not path.is_file():
        raise ClassError(f"no class is set up in {root}: run `classroom.py setup` first")
    return json.loads(path.read_text())


def role(klass, name):
    """'instructor' or 'student' for an account of the class; None for anyone else."""
    if name == klass["instructor"]:
        return "instructor"
    return "student" if name in klass["students"] else None


def role_settings(klass, role_name):
    """The Jupyter settings of a role ('instructor' or 'student'): JUPYTER_CONFIG_PATH."""
    config = pathlib.Path(klass["root"]) / "etc"
    folders = ["student"] if role_name == "student" else []
    return {"JUPYTER_CONFIG_PATH": os.pathsep.join(
        str(config / folder) for folder in [*folders, "class", "common"])}


def user_environment(klass, name):
    """The environment of a user's server and of the commands they run: the course
    environment first on PATH, and the Jupyter settings of their role."""
    return {"PATH": f"{klass['env']}/bin:{SYSTEM_PATH}", **role_settings(klass, role(klass, name))}


def as_user(klass, name, command, cwd=None, **run):
    """Run ``command`` as the class account ``name`` (from root), in their environment."""
    home = pwd_entry(name).pw_dir
    variables = {"HOME": home, "USER": name, "LOGNAME": name, "LANG": "C.UTF-8",
                 **user_environment(klass, name)}
    return subprocess.run(["runuser", "-u", name, "--", "env", "-i",
                           *(f"{key}={value}" for key, value in variables.items()), *command],
                          cwd=cwd or home, **run)


def pwd_entry(name):
    return pwd.getpwnam(name)


# --- the class list ----------------------------------------------------------------------

def read_class_list(path):
    """The rows of a class-list CSV (id,first_name,last_name,email: nbgrader's format for
    `nbgrader db student import`), each id checked to be a valid Unix user name."""
    with open(path, newline="") as handle:
        reader = csv.DictReader(handle)
        missing = [column for column in CLASS_LIST_COLUMNS
                   if column not in (reader.fieldnames or ())]
        if missing:
            raise ClassError(f"class list {path}: expected the columns "
                             f"{','.join(CLASS_LIST_COLUMNS)}; got {reader.fieldnames} "
                             f"(missing {', '.join(missing)})")
        rows = list(reader)
    seen = set()
    for line, row in enumerate(rows, start=2):
        name = row["id"]
        if not USER_NAME.match(name or ""):
            raise ClassError(f"class list {path}, line {line}: the id must be a Unix user "
                             f"name (lower-case letters, digits, - and _, at most 32, not "
                             f"starting with a digit or -); got {name!r}")
        if name in seen:
            raise ClassError(f"class list {path}, line {line}: the id {name!r} is listed twice")
        seen.add(name)
    return rows


# --- the course environment ------------------------------------------------------------------

def runnable_by_everyone(python):
    """True if an unprivileged account can run ``python`` and it is Python 3.11 or newer."""
    check = "import sys; sys.exit(sys.version_info < (3, 11))"
    return subprocess.run(["runuser", "-u", "nobody", "--", python, "-c", check],
                          capture_output=True).returncode == 0


def shared_python():
    """The first Python 3.11+ on this machine that every account can run."""
    for candidate in PYTHON_CANDIDATES:
        path = shutil.which(candidate)
        if path and runnable_by_everyone(path):
            return path
    raise ClassError(f"no Python 3.11 or newer that every account can run (tried "
                     f"{', '.join(PYTHON_CANDIDATES)}): install one system-wide, for "
                     f"example `apt-get install python3`, or pass --python")


def environment_digest():
    digest = hashlib.sha256()
    for pattern in ENVIRONMENT_INPUTS:
        for path in sorted(p for p in CHECKOUT.glob(pattern) if p.is_file()):
            digest.update(str(path.relative_to(CHECKOUT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def build_environment(env, python=None):
    """Build (or bring up to date) the course environment at ``env``; a no-op when it
    was built from the same files. Several builds at once wait for each other."""
    env = pathlib.Path(env)
    stamp = env / ".robocourse-environment"
    built = stamp.read_text() if stamp.is_file() else ""
    python = os.path.realpath(python or built.split("\n")[0] or shared_python())
    if not runnable_by_everyone(python):
        raise ClassError(f"--python {python}: the students' servers run it, but an "
                         f"unprivileged account cannot (or it is older than 3.11)")
    env.parent.mkdir(parents=True, exist_ok=True)
    wanted = f"{python}\n{environment_digest()}\n"
    with open(env.parent / f".{env.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = stamp.read_text() if stamp.is_file() else ""
        if built != wanted:
            if not built.startswith(f"{python}\n"):       # another interpreter: start afresh
                shutil.rmtree(env, ignore_errors=True)
                subprocess.run([python, "-m", "venv", str(env)], check=True)
            constraints = ["--constraint", str(CHECKOUT / "constraints.txt")]
            pip = [str(env / "bin" / "python"), "-m", "pip", "install", "--quiet", *constraints]
            in_env = ["--quiet", "--python", str(env / "bin" / "python")]    # uv's options
            uv = [str(env / "bin" / "uv"), "pip"]
            subprocess.run([*pip, "uv"], check=True)     # uv: the pinned packages, fast
            # with its bytecode, as pip does: the students cannot write __pycache__ here
            subprocess.run([*uv, "install", "--compile-bytecode", *in_env, *constraints,
                            f"{CHECKOUT}[hub]", str(GRADER)], check=True)
            # the library and the grader themselves, again (pip builds them afresh): the same
            # version numbers, new code
            subprocess.run([*pip, "--no-deps", "--force-reinstall", str(CHECKOUT), str(GRADER)],
                           check=True)
            subprocess.run([*uv, "uninstall", *in_env, "-r", str(CHECKOUT / "excluded.txt")],
                           check=True)
            stamp.write_text(wanted)
        serve_course_files(env)                 # a copy: cheap, and always up to date
    if not runnable_by_everyone(env / "bin" / "python"):
        raise ClassError(f"--env {env}: other accounts cannot reach it; build it in a folder "
                         f"that every account can enter (for example under /srv or /opt)")
    return built != wanted


def serve_course_files(env):
    """What the Jupyter servers of the environment ``env`` serve besides the notebooks: the
    course's MathJax at <server>/static/mathjax/ (``MATHJAX``, from deploy/node_modules: the
    feedback and the formgrader typeset with it, grader/robocourse_grader/templates) and the
    course's JupyterLab extension (deploy/labextension). Used for the class's environment
    and for ``make lab-instructor``'s."""
    env = pathlib.Path(env)
    static = env / "share" / "robocourse" / "static"
    for part in MATHJAX:
        source, copy = NODE_MODULES / part, static / part
        if source.is_dir():
            shutil.copytree(source, copy, dirs_exist_ok=True)
        else:
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy)
    shutil.copytree(LAB_EXTENSION, env / "share" / "jupyter" / "labextensions" /
                    LAB_EXTENSION.name, dirs_exist_ok=True)
    # the environment's own server settings (a jupyter_server_config.d file would only be
    # read for the list of server extensions)
    settings = env / "etc" / "jupyter" / "jupyter_server_config.json"
    config = json.loads(settings.read_text()) if settings.is_file() else {}
    config.setdefault("ServerApp", {})["extra_static_paths"] = [str(static)]
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps(config, indent=2) + "\n")


def install_node_packages():
    """JupyterHub's proxy (configurable-http-proxy) and MathJax, from npm into
    deploy/node_modules at the versions of deploy/package-lock.json; a no-op when they are
    there already."""
    lock = (DEPLOY / "package-lock.json").read_bytes()
    stamp = NODE_MODULES / ".robocourse-installed"
    wanted = hashlib.sha256(lock).hexdigest()
    if PROXY.exists() and stamp.is_file() and stamp.read_text() == wanted:
        return False
    if not shutil.which("npm"):
        raise ClassError("npm is needed for JupyterHub's proxy (configurable-http-proxy) and "
                         "the course's MathJax: install Node.js and npm, for example "
                         "`apt-get install npm`")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                   cwd=DEPLOY, check=True)
    stamp.write_text(wanted)
    return True


# --- accounts ---------------------------------------------------------------------------------

def account_exists(name):
    try:
        pwd_entry(name)
    except KeyError:
        return False
    return True


def create_account(name, full_name):
    """A Unix account with a private home folder (0700) and a locked password."""
    comment = re.sub(r"[:,\n]", " ", full_name)         # the separators of /etc/passwd
    subprocess.run(["useradd", "--create-home", "--user-group", "--shell", "/bin/bash",
                    "--comment", comment, name], check=True)
    os.chmod(pwd_entry(name).pw_dir, 0o700)


def set_passwords(names):
    """Give each account a new random password; returns {name: password}."""
    passwords = {name: secrets.token_urlsafe(9) for name in names}
    subprocess.run(["chpasswd"], input="".join(f"{n}:{p}\n" for n, p in passwords.items()),
                   text=True, check=True)
    return passwords


def chown_tree(path, name, private=False):
    """Give ``path`` (a file, or a folder and everything in it) to the account ``name``;
    ``private``: and take every permission of anyone else away (chmod go=)."""
    entry = pwd_entry(name)
    for item in [pathlib.Path(path), *pathlib.Path(path).rglob("*")]:
        os.lchown(item, entry.pw_uid, entry.pw_gid)
        if private and not item.is_symlink():
            os.chmod(item, item.stat().st_mode & 0o7700)


def claim_accounts(klass, rows):
    """Create the accounts of ``rows``; refuse an existing account that is not in the class
    (a class list must never hand the hub, or a shared folder, someone else's account)."""
    known = {klass["instructor"], *klass["students"]}
    for row in rows:
        name = row["id"]
        if name in known:
            continue
        if account_exists(name):
            raise ClassError(f"class list: the id {name!r} is an existing account of this "
                             f"machine that is not in the class: choose another id")
        create_account(name, " ".join(filter(None, (row["first_name"], row["last_name"]))))


# --- the class folder -------------------------------------------------------------------------

def course_id(env):
    """The course id of the course's nbgrader_config.py (the exchange's course folder)."""
    read = ("import sys; from traitlets.config.loader import PyFileConfigLoader as L; "
            "print(L(sys.argv[1]).load_config().CourseDirectory.course_id)")
    return subprocess.run([f"{env}/bin/python", "-c", read, str(CHECKOUT / "nbgrader_config.py")],
                          capture_output=True, text=True, check=True).stdout.strip()


def lay_out(root, env, instructor):
    """The class folder, class.json and the instructor's course folder; returns the class."""
    root = pathlib.Path(root)
    for folder, mode in (("", 0o755), ("etc", 0o755), ("chapters", 0o755),
                         ("exchange", 0o1777), ("hub", 0o700)):
        (root / folder).mkdir(parents=True, exist_ok=True)
        os.chmod(root / folder, mode)
    shutil.copytree(CONFIG, root / "etc", dirs_exist_ok=True,
                    # make lab's alone: working alone, and the interface's language it
                    # picks from LANG (a student of the class picks it in Settings → Language)
                    ignore=shutil.ignore_patterns("self-study", "interface-*"))
    shutil.copytree(CHECKOUT / "chapters", root / "chapters", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    home = pathlib.Path(pwd_entry(instructor).pw_dir)
    before = load_class(root) if (root / "class.json").is_file() else {"students": []}
    klass = {"root": str(root), "env": str(env), "course_id": course_id(env),
             "instructor": instructor, "course_folder": str(home / COURSE_FOLDER),
             "exchange": str(root / "exchange"), "chapters": str(root / "chapters"),
             "students": before["students"]}
    course_exchange = root / "exchange" / klass["course_id"]
    course_exchange.mkdir(exist_ok=True)
    os.chmod(course_exchange, 0o755)
    chown_tree(course_exchange, instructor)
    course = pathlib.Path(klass["course_folder"])
    if not course.exists():            # never overwrite the instructor's own work
        course.mkdir(mode=0o700)
        shutil.copy(CHECKOUT / "nbgrader_config.py", course)
        for folder in ("solutions", "exercises"):
            shutil.copytree(CHECKOUT / folder, course / folder,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        (course / "grading").mkdir(mode=0o700)
        chown_tree(course, instructor, private=True)
    save_class(klass)
    return klass


def save_class(klass):
    """Write class.json, and the login settings of the class's accounts that go with it."""
    path = pathlib.Path(klass["root"]) / "class.json"
    path.write_text(json.dumps(klass, indent=2) + "\n")
    os.chmod(path, 0o644)
    login = login_settings_file(klass["root"])
    login.write_text(login_settings(klass))
    os.chmod(login, 0o644)


def login_settings_file(root):
    """The login settings of the class in ``root``: one file in /etc/profile.d per class."""
    name = re.sub(r"[^A-Za-z0-9]+", "-", str(pathlib.Path(root).resolve())).strip("-")
    return LOGIN_SETTINGS / f"robocourse-{name}.sh"


def login_settings(klass):
    """A shell script for /etc/profile.d: in a login shell of an account of the class — a
    terminal in JupyterLab is one, and its PATH is the system's, not the server's — the
    course environment first on PATH and the Jupyter settings of the account's role.

    >>> print(login_settings({"root": "/srv/c", "env": "/srv/c/env", "instructor": "t",
    ...                       "students": ["ada", "alan"]}))     # doctest: +ELLIPSIS
    # The class in /srv/c (deploy/classroom.py writes this file; `remove` deletes it): ...
    case "$(id -un 2>/dev/null)" in
      t)
        PATH="/srv/c/env/bin:$PATH"
        JUPYTER_CONFIG_PATH="/srv/c/etc/class:/srv/c/etc/common"
        export PATH JUPYTER_CONFIG_PATH ;;
      ada|alan)
        PATH="/srv/c/env/bin:$PATH"
        JUPYTER_CONFIG_PATH="/srv/c/etc/student:/srv/c/etc/class:/srv/c/etc/common"
        export PATH JUPYTER_CONFIG_PATH ;;
    esac
    <BLANKLINE>
    """
    lines = [f"# The class in {klass['root']} (deploy/classroom.py writes this file; `remove` "
             f"deletes it): its accounts' login shells find the course environment.",
             'case "$(id -un 2>/dev/null)" in']
    for role_name, names in (("instructor", [klass["instructor"]]),
                             ("student", klass["students"])):
        if not names:
            continue
        settings = {"PATH": f"{klass['env']}/bin:$PATH", **role_settings(klass, role_name)}
        lines += [f"  {'|'.join(names)})",
                  *(f'    {key}="{value}"' for key, value in settings.items()),
                  f"    export {' '.join(settings)} ;;"]
    return "\n".join([*lines, "esac", ""])


def enrol(klass, rows, class_list):
    """Students of ``rows`` into the class: ~/chapters, class.json, the gradebook."""
    for row in rows:
        name = row["id"]
        link = pathlib.Path(pwd_entry(name).pw_dir) / "chapters"
        if not link.is_symlink():
            link.symlink_to(klass["chapters"])
            os.lchown(link, pwd_entry(name).pw_uid, pwd_entry(name).pw_gid)
        if name not in klass["students"]:
            klass["students"].append(name)
    save_class(klass)
    course = pathlib.Path(klass["course_folder"])
    copy = course / "grading" / "class-list.csv"
    shutil.copy(class_list, copy)
    chown_tree(copy, klass["instructor"])
    as_user(klass, klass["instructor"], ["nbgrader", "db", "student", "import", str(copy)],
            cwd=course, check=True, capture_output=True)


def exposed(path):
    """True if an unprivileged account can read ``path``."""
    check = ["runuser", "-u", "nobody", "--", "test", "-r", str(path)]
    return subprocess.run(check).returncode == 0


def make_checkout_private():
    """The checkout holds solutions/ with the hidden tests, and their history: whatever its
    permissions (a clone is readable by everyone), no other account may enter it. Its own
    folder loses every permission of group and others (chmod go=), which closes everything
    below it; says so when it changes anything. Nothing a user's server runs comes from the
    checkout: the course environment, the chapters and the settings are copies."""
    mode = CHECKOUT.stat().st_mode
    if mode & 0o077:
        os.chmod(CHECKOUT, mode & ~0o077)
        print(f"made the course checkout {CHECKOUT} private to its owner (chmod go=): it holds "
              f"the solutions and the hidden tests")
    leaks = [p for p in (CHECKOUT / "solutions", CHECKOUT / ".git") if exposed(p)]
    if leaks:
        raise ClassError(f"other accounts can still read {', '.join(map(str, leaks))}")


# --- the commands -------------------------------------------------------------------------------

def require_root():
    if os.geteuid() != 0:
        raise ClassError("run this as root: it creates accounts and shared folders")


def command_env(args):
    installed = install_node_packages()
    print(f"JupyterHub's proxy and MathJax {'installed' if installed else 'up to date'}: "
          f"{NODE_MODULES}")
    built = build_environment(args.env, args.python)
    print(f"course environment {'built' if built else 'up to date'}: {args.env}")


def command_setup(args):
    rows = read_class_list(args.students)
    if not USER_NAME.match(args.instructor):
        raise ClassError(f"--instructor must be a Unix user name; got {args.instructor!r}")
    if args.instructor in {row["id"] for row in rows}:
        raise ClassError(f"--instructor {args.instructor!r} is also in the class list "
                         f"{args.students}")
    make_checkout_private()
    install_node_packages()
    build_environment(args.env)
    root = pathlib.Path(args.root)
    klass = load_class(root) if (root / "class.json").is_file() else None
    if klass and klass["instructor"] != args.instructor:
        raise ClassError(f"{root} is the class of {klass['instructor']!r}; got --instructor "
                         f"{args.instructor!r}")
    if klass is None:
        if account_exists(args.instructor):
            raise ClassError(f"--instructor {args.instructor!r} is an existing account of "
                             f"this machine: choose a new name")
        create_account(args.instructor, "Instructor")
    klass = lay_out(root, args.env, args.instructor)
    add_students(klass, rows, args, also=[args.instructor])


def command_add(args):
    add_students(load_class(args.root), read_class_list(args.students), args)


def add_students(klass, rows, args, also=()):
    claim_accounts(klass, rows)
    enrol(klass, rows, args.students)
    print(f"class {klass['course_id']} in {klass['root']}: instructor {klass['instructor']}, "
          f"{len(klass['students'])} students")
    if args.passwords:
        for name, password in set_passwords([*also, *(row["id"] for row in rows)]).items():
            print(f"  {name:24} password {password}")


def command_start(args):
    klass = load_class(args.root)
    make_checkout_private()
    url = f"http://127.0.0.1:{args.port}/"
    print(f"JupyterHub for {klass['course_id']} at {url} (Ctrl-C stops it and every server)\n"
          f"  instructor {klass['instructor']}: formgrader at {url}user/{klass['instructor']}"
          f"/formgrader (open it in its own tab)\n"
          f"  students   {', '.join(klass['students'])}", flush=True)
    os.chdir(pathlib.Path(args.root) / "hub")
    os.environ["ROBOCOURSE_CLASS_ROOT"] = str(args.root)
    hub = f"{klass['env']}/bin/jupyterhub"
    os.execv(hub, [hub, "-f", str(HUB_CONFIG), f"--JupyterHub.bind_url={url}"])


def command_remove(args):
    klass = load_class(args.root)
    accounts = [name for name in [klass["instructor"], *klass["students"]]
                if account_exists(name)]
    for name in accounts:
        subprocess.run(["userdel", "--remove", name], check=True, capture_output=True)
    print(f"removed the accounts and their home folders: {', '.join(accounts) or 'none'}")
    login = login_settings_file(args.root)
    if login.exists():
        login.unlink()
        print(f"removed their login settings: {login}")
    env = pathlib.Path(klass["env"])
    removed = []
    for item in sorted(pathlib.Path(args.root).iterdir()):     # the course environment stays
        if item == env or item.name == f".{env.name}.lock":
            continue
        if item.is_dir() and not item.is_symlink():
            shutil.rmtree(item)
        else:
            item.unlink()
        removed.append(item.name)
    print(f"removed from the class folder {args.root}: {', '.join(removed) or 'nothing'}")
    if env.is_relative_to(args.root) and env.exists():
        print(f"kept the course environment {env} (delete it with rm -r when no class uses it)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    env = commands.add_parser("env", help="build the course environment")
    env.add_argument("--python", help="a Python 3.11+ that every account can run")
    for name, help_text in (("setup", "lay out the class and create its accounts"),
                            ("add", "add the students of another class list"),
                            ("start", "start JupyterHub on 127.0.0.1"),
                            ("remove", "delete the accounts and the class folder")):
        sub = commands.add_parser(name, help=help_text)
        sub.add_argument("--root", type=pathlib.Path, default=DEFAULT_ROOT)
    for sub in (env, commands.choices["setup"]):
        sub.add_argument("--env", type=pathlib.Path, default=DEFAULT_ROOT / "env")
    commands.choices["setup"].add_argument("--instructor", required=True)
    for name in ("setup", "add"):
        commands.choices[name].add_argument("--students", required=True, type=pathlib.Path,
                                            help="class list CSV: id,first_name,last_name,email")
        commands.choices[name].add_argument("--passwords", action="store_true",
                                            help="set and print new random passwords")
    commands.choices["start"].add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    try:
        require_root()
        os.umask(0o022)                # what is shared must be readable by every account
        {"env": command_env, "setup": command_setup, "add": command_add,
         "start": command_start, "remove": command_remove}[args.command](args)
    except ClassError as error:
        sys.exit(f"classroom.py {args.command}: {error}")


if __name__ == "__main__":
    main()
