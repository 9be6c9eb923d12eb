"""A class on JupyterHub, end to end, as deploy/README.md tells the instructor to run it.

One instructor and three students, real Unix accounts created for this test (unique
names, removed at the end, pass or fail) by ``deploy/classroom.py setup`` from a class
list; the hub on free ports of 127.0.0.1. The instructor writes a small assignment
through their own server and runs the guide's nbgrader commands in their course folder;
each student works through their own server, as the Assignments tab does: fetch, answer
(one right, one wrong, one who leaves the stubs and snoops from a notebook instead:
the instructor's solutions and gradebook, another student's submission, home and
submission secrets, the shared course environment), submit; the instructor collects,
autogrades, returns feedback and exports the grades; each student fetches their feedback.
Then the hub is stopped: it, and every process it started, must be gone and every port
closed.
"""

import concurrent.futures
import contextlib
import csv
import http.cookiejar
import json
import os
import pathlib
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import nbformat
import psutil
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))
import classroom  # noqa: E402 - the set-up script under test

ASSIGNMENT = "ch1_statics"
ENV = pathlib.Path(os.environ.get("ROBOCOURSE_HUB_ENV", classroom.DEFAULT_ROOT / "env"))
STEP_TIMEOUT = 120          # seconds for any one step: a server start, an nbgrader command

pytestmark = [
    pytest.mark.hub,
    pytest.mark.skipif(os.geteuid() != 0, reason="needs root: it creates Unix accounts"),
    pytest.mark.skipif(not (shutil.which("useradd") and shutil.which("runuser")),
                       reason="needs useradd and runuser to create and act as the accounts"),
    pytest.mark.skipif(not shutil.which("npm"),
                       reason="needs npm: JupyterHub's proxy is an npm package"),
]


def autograde(assignment):
    """The guide's autograde step, run by the instructor in the course folder: every
    submission in its own sandbox, the verdicts made outside it."""
    return ["robocourse-autograde", assignment, "--no-progress"]


# --- the assignment: chapter 1's, from the course itself -------------------------------

def _answers():
    """The answer cells of the solution (grade id: source without the markers)."""
    solution = nbformat.read(ROOT / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    return {c.metadata["nbgrader"]["grade_id"]: "\n".join(
                line for line in c.source.split("\n")
                if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))
            for c in solution.cells if c.metadata.get("nbgrader", {}).get("solution")}


# What the nosy student's submission tries when it is graded (its answers are the stubs).
SNOOP_IN_SUBMISSION = """\
import glob
print("FOUND", glob.glob("/home/*/robocourse/*") + glob.glob("/tmp/robocourse-hub-*/*")
      + glob.glob("/srv/robocourse/exchange/*") + glob.glob("/home/*/ch1_statics/*"))
raise NotImplementedError()"""
ANSWERS = {"right": _answers(),
           "wrong": {**_answers(), "ex1_tau_tool": "tau_tool = sp.Matrix([0, 0])"},
           "nosy": {"ex1_tau_tool": SNOOP_IN_SUBMISSION}}
SCORES = {"right": 29, "wrong": 25, "nosy": 0}
MAX_SCORE = 29


# --- the hub and the users' servers, over HTTP on 127.0.0.1 -------------------------------

def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Hub:
    """JupyterHub's REST API and each user's server behind it, with the class-admin token."""

    def __init__(self, port, token):
        self.url, self.token = f"http://127.0.0.1:{port}", token

    def send(self, method, path, body=None):
        """(HTTP status, body as text)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method, headers={
            "Authorization": f"token {self.token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=STEP_TIMEOUT) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def request(self, method, path, body=None, parse=True):
        status, text = self.send(method, path, body)
        assert 200 <= status < 300, f"{method} {path}: {status} {text[:500]}"
        return text if not parse else json.loads(text) if text.strip() else None

    def start_servers(self, names):
        """Everyone logs in at once: the hub starts their servers side by side."""
        def start(name):
            created = self.send("POST", f"/hub/api/users/{name}")
            assert created[0] in (201, 409), created        # 409: has logged in before
            self.request("POST", f"/hub/api/users/{name}/server")

        with concurrent.futures.ThreadPoolExecutor(len(names)) as pool:
            list(pool.map(start, names))
        deadline = time.monotonic() + STEP_TIMEOUT
        while not all(self.request("GET", f"/hub/api/users/{n}")["servers"].get("", {})
                      .get("ready") for n in names):
            assert time.monotonic() < deadline, f"servers of {names} not ready"
            time.sleep(0.5)

    def log_in(self, name, password):
        """The hub's log-in form, as a browser fills it in: True if the hub let them in."""
        class Stay(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args):
                return None                       # a redirect after the form is the answer

        jar = http.cookiejar.CookieJar()
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), Stay)
        with browser.open(self.url + "/hub/login", timeout=STEP_TIMEOUT) as page:
            xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.read().decode()).group(1)
        form = urllib.parse.urlencode({"username": name, "password": password, "_xsrf": xsrf})
        try:
            browser.open(self.url + "/hub/login", form.encode(), timeout=STEP_TIMEOUT)
        except urllib.error.HTTPError as error:
            return error.code == 302 and any(c.name == "jupyterhub-hub-login" for c in jar)
        return False

    def lab_plugins_off(self, user):
        """The JupyterLab plugins switched off in the user's JupyterLab page."""
        page = self.request("GET", f"/user/{user}/lab", parse=False)
        settings = re.search(r'<script id="jupyter-config-data"[^>]*>(.*?)</script>', page, re.S)
        return set(json.loads(settings.group(1))["disabledExtensions"])

    def contents(self, user, path, model=None):
        """Read (or with ``model``, write) a file through the user's server."""
        url = f"/user/{user}/api/contents/{urllib.parse.quote(path)}"
        return self.request("PUT", url, model) if model else self.request("GET", url)

    def assignments(self, user, action):
        """What the Assignments tab's Fetch / Submit / Fetch Feedback buttons do."""
        reply = self.request("POST", f"/user/{user}/assignments/{action}", {
            "course_id": "robocourse", "assignment_id": ASSIGNMENT})
        assert isinstance(reply, dict) and reply.get("success"), f"{user} {action}: {reply}"
        return reply

    def run_in_kernel(self, user, code):
        """Run ``code`` in a new kernel of the user's server; returns what it printed."""
        import websocket

        kernel = self.request("POST", f"/user/{user}/api/kernels", {"name": "python3"})["id"]
        channel = websocket.create_connection(
            f"ws://{self.url[7:]}/user/{user}/api/kernels/{kernel}/channels",
            header=[f"Authorization: token {self.token}"], timeout=STEP_TIMEOUT)
        msg_id = uuid.uuid4().hex
        channel.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": user,
                       "session": uuid.uuid4().hex, "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": False,
                        "user_expressions": {}, "allow_stdin": False}}))
        printed = []
        while True:
            message = json.loads(channel.recv())
            if message.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = message["msg_type"], message["content"]
            if kind == "stream":
                printed.append(content["text"])
            elif kind == "error":
                printed.append("\n".join(content["traceback"]))
            elif kind == "status" and content["execution_state"] == "idle":
                break
        channel.close()
        self.request("DELETE", f"/user/{user}/api/kernels/{kernel}")
        return "".join(printed)


# --- one term of the class ----------------------------------------------------------------

SNOOP = """\
import os
def attempt(path, write=False):
    try:
        if write:
            open(path, "a").close()
            return "wrote"
        try:
            return f"listed {os.listdir(path)}"
        except NotADirectoryError:
            return f"read {len(open(path, 'rb').read())} bytes"
    except OSError as error:
        return type(error).__name__
"""


class Term:
    """The class of this test: accounts, the hub, and what happened."""

    def __init__(self):
        tag = "rct" + secrets.token_hex(3)
        self.instructor = f"{tag}i"
        self.students = {kind: f"{tag}{kind}" for kind in ANSWERS}
        self.outsider = f"{tag}x"             # an account of the machine, not of the class
        self.root = pathlib.Path(tempfile.mkdtemp(prefix="robocourse-hub-", dir="/tmp"))
        self.ports = {"hub": free_port(), "hub API": free_port(), "proxy API": free_port()}
        self.hub = Hub(self.ports["hub"], secrets.token_hex(32))
        self.process = None
        self.log = self.root / "hub" / "jupyterhub.log"
        self.steps, self.started, self.listening = [], [], {}

    @contextlib.contextmanager
    def step(self, who, what):
        """One step of the guide, timed, for the report."""
        started = time.monotonic()
        yield
        self.steps.append(f"{time.monotonic() - started:5.1f} s  {who}: {what}")

    # the set-up, as root --------------------------------------------------------------------

    def set_up(self):
        class_list = self.root / "class.csv"
        with open(class_list, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(classroom.CLASS_LIST_COLUMNS)
            for kind, name in self.students.items():
                writer.writerow([name, kind.title(), "Student", f"{name}@example.org"])
        args = ["setup", "--root", self.root, "--env", ENV, "--instructor", self.instructor,
                "--students", class_list, "--passwords"]
        with self.step("root", "classroom.py " + " ".join(map(str, args))):
            result = subprocess.run([sys.executable, str(ROOT / "deploy" / "classroom.py"),
                                     *map(str, args)], capture_output=True, text=True,
                                    timeout=900)
        assert result.returncode == 0, result.stdout + result.stderr
        self.passwords = dict(re.findall(r"^  (\S+) +password (\S+)$", result.stdout, re.M))
        classroom.create_account(self.outsider, "Not In The Class")
        self.outsider_password = classroom.set_passwords([self.outsider])[self.outsider]
        self.klass = classroom.load_class(self.root)
        self.course = pathlib.Path(self.klass["course_folder"])

    def start_hub(self):
        environment = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
                       "ROBOCOURSE_CLASS_ROOT": str(self.root),
                       "ROBOCOURSE_HUB_API_TOKEN": self.hub.token}
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(
                [str(ENV / "bin" / "jupyterhub"), "-f", str(classroom.HUB_CONFIG),
                 f"--JupyterHub.bind_url=http://127.0.0.1:{self.ports['hub']}/",
                 f"--JupyterHub.hub_bind_url=http://127.0.0.1:{self.ports['hub API']}",
                 f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{self.ports['proxy API']}"],
                cwd=self.root / "hub", env=environment, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True)
        deadline = time.monotonic() + STEP_TIMEOUT
        while True:
            try:
                self.hub.request("GET", "/hub/api/")
                return
            except (OSError, AssertionError):
                assert self.process.poll() is None, self.log.read_text()[-3000:]
                assert time.monotonic() < deadline, self.log.read_text()[-3000:]
                time.sleep(0.3)

    # the instructor: their server, and the guide's commands in their course folder ----------

    def instructor_runs(self, *command):
        with self.step("instructor", f"~/{classroom.COURSE_FOLDER}$ " + " ".join(command)):
            result = classroom.as_user(self.klass, self.instructor, command, cwd=self.course,
                                       capture_output=True, text=True,
                                       timeout=STEP_TIMEOUT * 3)
        assert result.returncode == 0, result.stdout + result.stderr

    # the students: their servers ------------------------------------------------------------

    def answer(self, kind):
        name, path = self.students[kind], f"{ASSIGNMENT}/{ASSIGNMENT}.ipynb"
        notebook = self.hub.contents(name, path)["content"]
        for item in notebook["cells"]:
            grade_id = item["metadata"].get("nbgrader", {}).get("grade_id")
            if grade_id in ANSWERS[kind]:
                item["source"] = ANSWERS[kind][grade_id]
        self.hub.contents(name, path, {"type": "notebook", "format": "json",
                                       "content": notebook})

    def snoop(self, targets):
        """The nosy student, from a notebook in their own server: returns {target: outcome}."""
        code = SNOOP + (f"import json\nprint(json.dumps({{name: attempt(*target) for name, "
                        f"target in {targets!r}.items()}}))")
        printed = self.hub.run_in_kernel(self.students["nosy"], code)
        return json.loads(printed.strip().splitlines()[-1])

    def snoop_targets(self):
        inbound = pathlib.Path(self.klass["exchange"]) / self.klass["course_id"] / "inbound"
        other = pathlib.Path(classroom.pwd_entry(self.students["right"]).pw_dir)
        library = ENV / "lib" / "python3.11" / "site-packages" / "robocourse" / "grading" / \
            "checks.py"
        targets = {"solutions": self.course / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb",
                   "gradebook": self.course / "grading" / "gradebook.db",
                   "course folder": self.course,
                   "inbound": inbound,
                   "other's home copy": other / ASSIGNMENT / f"{ASSIGNMENT}.ipynb",
                   "other's submission secrets": other / ".local/share/jupyter/nbgrader_cache"}
        writes = {"course library": library,
                  "shared chapters": pathlib.Path(self.klass["chapters"]) / "00_kinematics.ipynb"}
        return {**{k: (str(v), False) for k, v in targets.items()},
                **{k: (str(v), True) for k, v in writes.items()}}

    def play(self):
        """The instructor guide, step by step."""
        self.set_up()
        with self.step("root", "starts the hub (classroom.py start)"):
            self.start_hub()
        right, nosy = self.students["right"], self.students["nosy"]
        with self.step("a student", "logs in; another's password, an outsider are refused"):
            self.logged_in = {
                "own": self.hub.log_in(right, self.passwords[right]),
                "another's": self.hub.log_in(nosy, self.passwords[right]),
                "outsider": self.hub.log_in(self.outsider, self.outsider_password)}
        with self.step("everyone", "logs in: the hub starts their server"):
            self.hub.start_servers(self.accounts())
        self.instructor_runs("nbgrader", "generate_assignment", ASSIGNMENT, "--force")
        self.instructor_runs("nbgrader", "release_assignment", ASSIGNMENT)
        self.formgrader = {name: self.hub.send("GET", f"/user/{name}/formgrader/api/assignments")
                           for name in self.accounts()}
        self.lab_plugins_off = {name: self.hub.lab_plugins_off(name) for name in self.accounts()}
        with self.step("each student", "Assignments tab: Fetch; answers; Submit"):
            for kind, name in self.students.items():
                self.hub.assignments(name, "fetch")
                self.answer(kind)
                self.hub.assignments(name, "submit")
        with self.step("nosy student", "runs a notebook that snoops"):
            self.snooped = self.snoop(self.snoop_targets())
            self.other_submissions = self.hub.run_in_kernel(self.students["nosy"], (
                f"import glob\nprint(glob.glob('{self.klass['exchange']}/*/inbound/"
                f"{self.students['right']}+*'))")).strip()
        self.instructor_runs("nbgrader", "collect", ASSIGNMENT)
        self.instructor_runs(*autograde(ASSIGNMENT))
        self.instructor_runs("nbgrader", "generate_feedback", ASSIGNMENT)
        self.instructor_runs("nbgrader", "release_feedback", ASSIGNMENT)
        with self.step("each student", "Assignments tab: Fetch Feedback; opens it"):
            self.feedback = {}
            for kind, name in self.students.items():
                self.hub.assignments(name, "fetch_feedback")
                self.feedback[kind] = self.fetched_feedback(name)
            self.feedback_listing = self.snoop({
                "feedback folder": (str(pathlib.Path(self.klass["exchange"]) /
                                        self.klass["course_id"] / "feedback"), False)})
        self.instructor_runs("nbgrader", "export", "--to", "grades.csv")
        with open(self.course / "grades.csv", newline="") as handle:
            self.grades = {row["student_id"]: row for row in csv.DictReader(handle)}

    def fetched_feedback(self, name):
        """{file name: html} of every feedback file in the student's assignment folder."""
        found = {}
        for stamp in self.hub.contents(name, f"{ASSIGNMENT}/feedback")["content"]:
            for item in self.hub.contents(name, stamp["path"])["content"]:
                found[item["path"]] = self.hub.contents(name, item["path"])["content"]
        return found

    # the end: everything the hub started must go -------------------------------------------

    def accounts(self):
        """The class's accounts."""
        return [self.instructor, *self.students.values()]

    def user_processes(self):
        uids = {classroom.pwd_entry(n).pw_uid for n in [*self.accounts(), self.outsider]
                if classroom.account_exists(n)}
        return [p for p in psutil.process_iter(["uids"]) if p.info["uids"].real in uids]

    def record_processes(self):
        """Before the hub stops: its processes (the proxy, the servers, their kernels),
        every process of the class's accounts, and the ports they listen on."""
        hub = psutil.Process(self.process.pid)
        processes = {hub, *hub.children(recursive=True), *self.user_processes()}
        self.started = sorted(processes, key=lambda p: p.pid)
        self.commands = {p.pid: (p.username(), " ".join(p.cmdline())[:100])
                         for p in self.started}
        pids = {p.pid for p in self.started}
        self.listening = {(c.laddr.ip, c.laddr.port): c.pid
                          for c in psutil.net_connections("inet")
                          if c.status == psutil.CONN_LISTEN and c.pid in pids}

    def stop(self):
        """Stop the hub as an administrator does (SIGTERM); it stops every server."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.record_processes()
        with self.step("root", "stops the hub (SIGTERM, as Ctrl-C or systemctl stop do)"):
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=STEP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
            deadline = time.monotonic() + 15
            while (self.alive() or self.open_ports()) and time.monotonic() < deadline:
                time.sleep(0.2)
        self.left_alive, self.left_open = self.alive(), self.open_ports()

    def alive(self):
        started = [p for p in self.started if p.is_running()
                   and p.status() != psutil.STATUS_ZOMBIE]
        return started + [p for p in self.user_processes() if p not in started]

    def open_ports(self):
        still = []
        for ip, port in self.listening:
            with socket.socket() as probe:
                probe.settimeout(1)
                if probe.connect_ex((ip, port)) == 0:
                    still.append(port)
        return still

    def remove(self):
        """Pass or fail: no process, account or folder of this test is left behind."""
        for process in self.alive():
            process.kill()
        if (self.root / "class.json").is_file():
            subprocess.run([sys.executable, str(ROOT / "deploy" / "classroom.py"), "remove",
                            "--root", str(self.root)], capture_output=True)
        for name in [*self.accounts(), self.outsider]:   # if the set-up stopped half-way
            if classroom.account_exists(name):
                subprocess.run(["userdel", "--remove", name], capture_output=True)
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="module")
def term():
    started = time.monotonic()
    term = Term()
    try:
        try:
            term.play()
        except BaseException:
            if term.log.is_file():                  # for the failure report
                print("the hub's log, last lines:", *term.log.read_text().splitlines()[-60:],
                      sep="\n")
            raise
        finally:
            term.stop()
        term.wall_time = time.monotonic() - started
        print(f"\nhub test: {term.wall_time:.0f} s in all; the steps:", *term.steps,
              sep="\n  ")
        print("processes:", *(f"{pid} {user}: {cmd}" for pid, (user, cmd)
                              in term.commands.items()), sep="\n  ")
        print("listening:", *(f"{ip}:{port} (pid {pid})" for (ip, port), pid
                              in sorted(term.listening.items())), sep="\n  ")
        yield term
    finally:
        term.remove()


def test_each_student_gets_the_score_of_their_answers(term):
    scores = {kind: float(term.grades[name]["raw_score"])
              for kind, name in term.students.items()}
    assert scores == SCORES
    assert {float(term.grades[n]["max_score"]) for n in term.students.values()} == {MAX_SCORE}


def test_the_class_and_no_one_else_logs_in_with_unix_passwords(term):
    assert set(term.passwords) == set(term.accounts())
    assert term.logged_in == {"own": True, "another's": False, "outsider": False}


def test_the_formgrader_is_the_instructors_alone(term):
    status, listing = term.formgrader[term.instructor]
    assert status == 200
    assert {a["name"]: a["status"] for a in json.loads(listing)}[ASSIGNMENT] == "released"
    assert {term.formgrader[name][0] for name in term.students.values()} == {404}
    instructors_only = {"@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:create-assignment",
                        "@jupyter/nbgrader:course-list"}
    assert not term.lab_plugins_off[term.instructor] & instructors_only
    for name in term.students.values():
        assert instructors_only <= term.lab_plugins_off[name]


def test_the_nosy_student_read_and_changed_nothing(term):
    assert term.snooped == {name: "PermissionError" for name in term.snoop_targets()}
    assert term.other_submissions == "[]"


def test_the_nosy_submission_saw_nothing_when_graded(term):
    path = (term.course / "grading" / "autograded" / term.students["nosy"] / ASSIGNMENT /
            f"{ASSIGNMENT}.ipynb")
    printed = "".join(o.get("text", "") for c in nbformat.read(path, as_version=4).cells
                      for o in c.get("outputs", []))
    assert "FOUND []" in printed


def test_each_student_fetches_their_own_feedback_and_no_one_elses(term):
    for kind, name in term.students.items():
        generated = term.course / "grading" / "feedback" / name / ASSIGNMENT / f"{ASSIGNMENT}.html"
        assert list(term.feedback[kind].values()) == [generated.read_text()]
        assert f"Score: {float(SCORES[kind])} / {float(MAX_SCORE)}" in generated.read_text()
    assert term.feedback_listing == {"feedback folder": "PermissionError"}


def test_the_hub_and_everything_it_started_are_gone(term):
    assert term.process.returncode is not None
    assert len(term.started) >= 1 + 1 + 4 and term.listening
    assert all(ip == "127.0.0.1" for ip, _ in term.listening), term.listening
    assert term.left_alive == [] and term.left_open == []
