"""A class on JupyterHub, end to end, as deploy/README.md tells people to run it, in a browser.

Real Unix accounts created for this test (unique names, removed at the end, pass or fail)
by ``deploy/classroom.py setup`` from a class list, the hub on free ports of 127.0.0.1, and
headless Chromium with no network (every host name but the loopback fails to resolve):

* the instructor logs in, opens a terminal in JupyterLab (File → New → Terminal) and types
  the guide's commands as written — read from deploy/README.md (``tests/guide.py``) —, and
  releases the assignment;
* two students log in, fetch it from the Assignment List, answer in the notebook (one
  right, one with a mistake) and submit; a third, nosy, leaves the stubs and snoops from a
  notebook instead (the instructor's solutions, hidden tests, gradebook and checkout,
  another student's submission, home and submission secrets, the shared environment);
* the instructor collects and autogrades with ``robocourse-autograde``, opens the
  formgrader in its own tab and the class report, and returns feedback;
* a student fetches it and opens the feedback page with one click ("(view feedback)"):
  each exercise named with its points, formulas typeset offline, verdicts wrapped; then,
  in a terminal of their own, tries to read the hidden tests and the gradebook, and is
  refused; the instructor exports the grades.

Then the hub is stopped: it, and every process it started, must be gone and every port
closed. Each step is timed and has a screenshot in ``test-artifacts/hub/``; the step
table is printed at the end. The terminals are read through their screen-reader rows
(JupyterLab's terminal setting ``screenReaderMode``, set in each account's settings).
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
import textwrap
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import nbformat
import psutil
import pytest
from guide import commands_for
from test_browser import CHROMIUM, CHROMIUM_FLAGS, LOCAL  # the browser, without network

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))
import classroom  # noqa: E402 - the set-up script under test

ASSIGNMENT = "ch1_statics"
ENV = pathlib.Path(os.environ.get("ROBOCOURSE_HUB_ENV", classroom.DEFAULT_ROOT / "env"))
STEP_TIMEOUT = 120          # seconds for any one step: a server start, an nbgrader command
ARTIFACTS = ROOT / "test-artifacts" / "hub"

pytestmark = [
    pytest.mark.hub,
    pytest.mark.skipif(os.geteuid() != 0, reason="needs root: it creates Unix accounts"),
    pytest.mark.skipif(not (shutil.which("useradd") and shutil.which("runuser")),
                       reason="needs useradd and runuser to create and act as the accounts"),
    pytest.mark.skipif(not shutil.which("npm"),
                       reason="needs npm: JupyterHub's proxy is an npm package"),
]


# --- the assignment: chapter 1's, from the course itself -------------------------------

def _answers():
    """The answer cells of the solution, in order (grade id: source without the markers)."""
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
WRONG = ("ex1_tau_tool", "tau_tool = sp.Matrix([0, 0])")
ANSWERS = {"right": _answers(),
           "wrong": {**_answers(), WRONG[0]: WRONG[1]},
           "nosy": {"ex1_tau_tool": SNOOP_IN_SUBMISSION}}
SCORES = {"right": 29, "wrong": 25, "nosy": 0}
MAX_SCORE = 29


def _points():
    """{exercise number: its points} of the assignment (its test cells added up)."""
    solution = nbformat.read(ROOT / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    points = {}
    for cell in solution.cells:
        grading = cell.metadata.get("nbgrader", {})
        if grading.get("grade") and not grading.get("solution"):
            number = int(re.match(r"ex(\d+)_", grading["grade_id"]).group(1))
            points[number] = points.get(number, 0) + grading["points"]
    return points
IN_THE_BROWSER = ("right", "wrong")      # the students who work in JupyterLab
READER = "wrong"        # the student who reads their feedback and tries what they should not


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


# --- people in the browser ------------------------------------------------------------------

#: What ``echo "[$?]"`` prints after a command: its exit status.
STATUS = re.compile(r"^\[(\d+)\]$", re.M)


class Person:
    """One account in a browser of its own (its own cookies): the hub's log-in form, its
    JupyterLab, its terminal, the pages it opens. Every page it opens records each request
    for anything outside the loopback (they fail: nothing resolves)."""

    def __init__(self, browser, hub, name, password):
        self.context = browser.new_context(viewport={"width": 1400, "height": 900})
        self.context.set_default_timeout(STEP_TIMEOUT * 1000)
        self.hub, self.name, self.password = hub, name, password
        self.outside, self.terminal = [], None
        self.context.on("request", lambda r: None if r.url.startswith(LOCAL)
                        else self.outside.append(r.url))
        self.page = self.context.new_page()

    def log_in(self):
        """The hub's log-in page; JupyterLab opens (the server was started)."""
        self.page.goto(f"{self.hub.url}/hub/login")
        self.page.fill("input[name=username]", self.name)
        self.page.fill("input[name=password]", self.password)
        self.page.click("input[type=submit], button[type=submit]")
        self.page.wait_for_url(f"**/user/{self.name}/lab**")
        self.page.locator(".jp-LauncherBody, .jp-Launcher").first.wait_for()

    def menu(self, *labels):
        """Click through JupyterLab's menu bar: ``menu("File", "New", "Terminal")``."""
        self.page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{labels[0]}$")).click()
        for label in labels[1:]:
            self.page.locator(".lm-Menu:visible .lm-Menu-itemLabel",
                              has_text=re.compile(f"^{re.escape(label)}$")).first.click()

    def open_terminal(self):
        self.menu("File", "New", "Terminal")
        self.terminal = self.page.locator(".jp-Terminal").last
        # its tab, to come back to it: the tab names the widget holding the terminal
        self.terminal_tab = self.page.locator(".jp-MainAreaWidget", has=self.terminal).last \
            .get_attribute("id")
        self.terminal.locator(".xterm-accessibility-tree").wait_for(state="attached")
        self.wait_for_prompt()

    def screen(self):
        """The terminal's screen, as its screen-reader rows show it."""
        rows = self.terminal.locator(".xterm-accessibility-tree > div").all_inner_texts()
        return "\n".join(row.replace("\xa0", " ").rstrip() for row in rows).rstrip()

    def wait_for_prompt(self, after="", timeout=STEP_TIMEOUT * 3):
        """Until the screen's last line is the shell's prompt (after ``after``)."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if screen.endswith("$") and after in screen:
                return screen
            assert time.monotonic() < deadline, f"no prompt in the terminal: {screen[-800:]}"
            self.page.wait_for_timeout(250)

    def type_in_terminal(self, command, clear=True):
        """Type ``command`` as a person does, then ``echo [$?]``; returns (exit status, what
        the terminal showed). With ``clear``, the screen is cleared before (Ctrl+L), so it
        shows this command alone."""
        self.page.locator(f".lm-TabBar-tab[data-id='{self.terminal_tab}']").click()
        self.terminal.locator(".xterm-screen").click()
        if clear:
            self.page.keyboard.press("Control+l")
            self.page.wait_for_function(
                "tree => !/^\\[\\d+\\]$/m.test(tree.innerText)",
                arg=self.terminal.locator(".xterm-accessibility-tree").element_handle())
        ended = len(STATUS.findall(self.screen()))
        self.page.keyboard.type(command + "\n")
        self.page.keyboard.type('echo "[$?]"\n')
        deadline = time.monotonic() + STEP_TIMEOUT * 3
        while len(status := STATUS.findall(self.screen())) <= ended:
            assert time.monotonic() < deadline, f"{command}: no end: {self.screen()[-800:]}"
            self.page.wait_for_timeout(250)
        return int(status[-1]), self.screen()

    def assignment_list(self):
        """Nbgrader → Assignment List, with the course's assignments listed."""
        self.menu("Nbgrader", "Assignment List")
        self.page.locator("#released_assignments_list, #fetched_assignments_list").first \
            .wait_for()
        return self.page.locator(".jp-MainAreaWidget:visible").last

    def shot(self, term, step_name, page=None, full_page=False):
        path = ARTIFACTS / f"{len(term.steps) + 1:02d}-{step_name}.png"
        (page or self.page).screenshot(path=str(path), full_page=full_page)
        return path.name


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
        self.steps, self.started, self.listening, self.typed = [], [], {}, {}
        self.guide = commands_for(ASSIGNMENT)

    @contextlib.contextmanager
    def step(self, who, what):
        """One step, timed, for the report; the step may name its screenshot."""
        started, shot = time.monotonic(), {}
        yield shot
        self.steps.append((f"{who}: {what}", time.monotonic() - started, shot.get("file", "")))

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
        self.setup_output = result.stdout
        self.passwords = dict(re.findall(r"^  (\S+) +password (\S+)$", result.stdout, re.M))
        classroom.create_account(self.outsider, "Not In The Class")
        self.outsider_password = classroom.set_passwords([self.outsider])[self.outsider]
        self.klass = classroom.load_class(self.root)
        self.course = pathlib.Path(self.klass["course_folder"])
        for name in [self.instructor, *self.students.values()]:
            self.read_terminals_aloud(name)

    def read_terminals_aloud(self, name):
        """JupyterLab's terminal setting screenReaderMode for ``name``: the terminal's rows
        as text in the page, which the test reads (the screen itself is a canvas)."""
        folder = (pathlib.Path(classroom.pwd_entry(name).pw_dir) / ".jupyter" / "lab" /
                  "user-settings" / "@jupyterlab" / "terminal-extension")
        folder.mkdir(parents=True)
        (folder / "plugin.jupyterlab-settings").write_text('{"screenReaderMode": true}')
        classroom.chown_tree(folder.parents[3], name)

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

    # the instructor: the guide's commands, typed into a terminal of their JupyterLab -------

    def follow_the_guide(self, title):
        """Type every command of the guide's step ``title`` into the instructor's terminal."""
        for command in self.guide[title]:
            with self.step("instructor", f"types `{command}`") as shot:
                status, screen = self.teacher.type_in_terminal(command)
                shot["file"] = self.teacher.shot(self, re.sub(r"\W+", "-", command)[:40])
            self.typed[command] = (status, screen)
            assert status == 0, f"`{command}` failed in the instructor's terminal:\n{screen}"

    # the students: in the browser, or (the nosy one) through their server ---------------

    def fetch_answer_submit(self, kind):
        """The Assignment List's Fetch, the answers typed into the notebook, Submit."""
        student = self.people[kind]
        with self.step(f"{kind} student", "Assignment List: Fetch") as shot:
            listing = student.assignment_list()
            listing.locator("#released_assignments_list button", has_text="Fetch").click()
            fetched = listing.locator("#fetched_assignments_list a", has_text=ASSIGNMENT)
            fetched.first.wait_for()
            shot["file"] = student.shot(self, f"{kind}-fetched")
        with self.step(f"{kind} student", "opens the notebook, answers, saves") as shot:
            listing.locator("#fetched_assignments_list a.assignment-notebooks-link",
                            has_text=ASSIGNMENT).click()            # shows its notebooks
            listing.locator("#fetched_assignments_list .nested_list_item a",
                            has_text=ASSIGNMENT).click()
            notebook = student.page.locator(".jp-NotebookPanel:visible")
            student.page.get_by_text("(ipykernel) | Idle").wait_for()
            answers = list(ANSWERS[kind].values())
            notebook.locator(".jp-CodeCell", has_text="YOUR CODE HERE").nth(
                len(answers) - 1).wait_for()
            cells = notebook.locator(".jp-CodeCell")
            stubs = [k for k, text in enumerate(cells.all_text_contents())   # off screen too
                     if "YOUR CODE HERE" in text]
            assert len(stubs) == len(answers)
            for k, answer in zip(stubs, answers, strict=True):
                cells.nth(k).locator(".cm-content").click()
                student.page.keyboard.press("Control+a")
                student.page.keyboard.insert_text(answer)   # as pasted: no auto-indent
            student.page.keyboard.press("Escape")
            student.page.keyboard.press("Control+s")
            student.page.wait_for_function(
                "() => !document.querySelector('.lm-TabBar-tab.jp-mod-dirty')")
            shot["file"] = student.shot(self, f"{kind}-answered")
        with self.step(f"{kind} student", "Assignment List: Submit") as shot:
            listing = student.assignment_list()
            listing.locator("#fetched_assignments_list button", has_text="Submit").click()
            listing.locator("#submitted_assignments_list .list_item",
                            has_text=ASSIGNMENT).first.wait_for()
            shot["file"] = student.shot(self, f"{kind}-submitted")

    def nosy_works_through_the_server(self):
        name, path = self.students["nosy"], f"{ASSIGNMENT}/{ASSIGNMENT}.ipynb"
        self.hub.assignments(name, "fetch")
        notebook = self.hub.contents(name, path)["content"]
        for item in notebook["cells"]:
            grade_id = item["metadata"].get("nbgrader", {}).get("grade_id")
            if grade_id in ANSWERS["nosy"]:
                item["source"] = ANSWERS["nosy"][grade_id]
        self.hub.contents(name, path, {"type": "notebook", "format": "json",
                                       "content": notebook})
        self.hub.assignments(name, "submit")

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
                   "hidden tests": self.course / "solutions" / ASSIGNMENT / "grader.py",
                   "gradebook": self.course / "grading" / "gradebook.db",
                   "course folder": self.course,
                   "checkout's hidden tests": ROOT / "solutions" / ASSIGNMENT / "grader.py",
                   "checkout's history": ROOT / ".git",
                   "inbound": inbound,
                   "other's home copy": other / ASSIGNMENT / f"{ASSIGNMENT}.ipynb",
                   "other's submission secrets": other / ".local/share/jupyter/nbgrader_cache"}
        writes = {"course library": library,
                  "shared chapters": pathlib.Path(self.klass["chapters"]) / "00_kinematics.ipynb"}
        return {**{k: (str(v), False) for k, v in targets.items()},
                **{k: (str(v), True) for k, v in writes.items()}}

    # the instructor reviews ------------------------------------------------------------------

    def review(self):
        teacher = self.teacher
        with self.step("instructor", "opens the formgrader in its own tab") as shot:
            page = teacher.context.new_page()
            page.goto(f"{self.hub.url}/user/{self.instructor}/formgrader/gradebook/"
                      f"{ASSIGNMENT}/{ASSIGNMENT}")
            # the row of the student with the mistake (names hidden: its visible link)
            link = page.locator("a.name-shown", has_text=re.compile("Wrong", re.I)).first
            page.locator(f"a[href='{link.get_attribute('href')}']:visible").first.click()
            page.wait_for_url("**/formgrader/submissions/**")
            page.locator("mjx-container").first.wait_for()
            self.formgrader_equations = page.locator("mjx-container").count()
            shot["file"] = teacher.shot(self, "formgrader-submission", page=page)
            page.close()
        with self.step("instructor", "opens the class report from the file browser") as shot:
            if not teacher.page.locator(".jp-FileBrowser").is_visible():
                teacher.page.locator(".jp-SideBar [data-id='filebrowser']").click()
            teacher.page.locator(".jp-FileBrowser .jp-BreadCrumbs-home").click()
            for folder in (classroom.COURSE_FOLDER, "grading", "reports"):
                teacher.page.locator(f".jp-DirListing-item[title^='Name: {folder}']"
                                     ).dblclick()
            teacher.page.locator(f".jp-DirListing-item[title^='Name: {ASSIGNMENT}.png']"
                                 ).dblclick()
            report = teacher.page.locator(".jp-ImageViewer img")
            teacher.page.wait_for_function("img => img.complete && img.naturalWidth > 200",
                                           arg=report.element_handle())
            shot["file"] = teacher.shot(self, "class-report")

    # the student reads their feedback, and tries what they should not -----------------------

    def read_feedback(self, kind):
        student = self.people[kind]
        with self.step(f"{kind} student", "Assignment List: Fetch Feedback") as shot:
            listing = student.assignment_list()
            listing.locator("#submitted_assignments_list button",
                            has_text="Fetch Feedback").first.click()
            view = listing.locator("#submitted_assignments_list a", has_text="view feedback")
            view.first.wait_for()
            shot["file"] = student.shot(self, f"{kind}-feedback-fetched")
        with self.step(f"{kind} student", "clicks (view feedback): the page opens") as shot:
            with student.context.expect_page() as opened:
                view.first.click()
            page = opened.value
            page.wait_for_url(f"**/files/{ASSIGNMENT}/feedback/**/{ASSIGNMENT}.html")
            page.locator("mjx-container").first.wait_for()
            page.wait_for_timeout(500)          # the rest of the page typeset
            self.feedback_page = {
                "contents": page.locator("#toc li").all_inner_texts(),
                "equations": page.locator("mjx-container").count(),
                "raw latex": page.evaluate(
                    "() => document.body.innerText.includes('\\\\frac') || "
                    "/\\$[^$\\s][^$]*\\$/.test(document.body.innerText)"),
                "too wide": page.evaluate("""() => [...document.querySelectorAll(
                    '.output_area pre')].filter(p => p.scrollWidth > p.clientWidth + 1)
                    .map(p => p.innerText.slice(0, 80))"""),
                "headings": page.locator(".nbgrader-label").all_inner_texts()}
            shot["file"] = student.shot(self, f"{kind}-feedback-page", page=page)
            page.locator(f"a[name='{WRONG[0]}_test']").scroll_into_view_if_needed()
            student.shot(self, f"{kind}-feedback-mistake", page=page)
            page.close()

    def student_tries_to_read(self, kind):
        student = self.people[kind]
        targets = [self.course / "solutions" / ASSIGNMENT / "grader.py",
                   self.course / "grading" / "gradebook.db",
                   ROOT / "solutions" / ASSIGNMENT / "grader.py"]
        with self.step(f"{kind} student", "in a terminal: cat the hidden tests, the "
                                          "gradebook, the checkout's tests") as shot:
            student.open_terminal()
            self.refused = {}
            for k, target in enumerate(targets):
                self.refused[str(target)] = student.type_in_terminal(f"cat {target}",
                                                                     clear=k == 0)
            shot["file"] = student.shot(self, f"{kind}-refused")

    # the whole term --------------------------------------------------------------------------

    def play(self, browser):
        """The guide, step by step."""
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
        self.people = {kind: Person(browser, self.hub, self.students[kind],
                                    self.passwords[self.students[kind]])
                       for kind in IN_THE_BROWSER}
        self.teacher = Person(browser, self.hub, self.instructor,
                              self.passwords[self.instructor])
        with self.step("instructor", "logs in (JupyterLab), File → New → Terminal") as shot:
            self.teacher.log_in()
            self.teacher.open_terminal()
            shot["file"] = self.teacher.shot(self, "instructor-terminal")
        self.follow_the_guide("Prepare")
        self.follow_the_guide("Release")
        self.formgrader = {name: self.hub.send("GET", f"/user/{name}/formgrader/api/assignments")
                           for name in self.accounts()}
        self.lab_plugins_off = {name: self.hub.lab_plugins_off(name) for name in self.accounts()}
        for kind in IN_THE_BROWSER:
            with self.step(f"{kind} student", "logs in (JupyterLab)") as shot:
                self.people[kind].log_in()
                shot["file"] = self.people[kind].shot(self, f"{kind}-lab")
            self.fetch_answer_submit(kind)
        with self.step("nosy student", "fetches, submits stubs, runs a notebook that snoops"):
            self.nosy_works_through_the_server()
            self.targets = self.snoop_targets()
            self.snooped = self.snoop(self.targets)
            self.other_submissions = self.hub.run_in_kernel(nosy, (
                f"import glob\nprint(glob.glob('{self.klass['exchange']}/*/inbound/"
                f"{self.students['right']}+*'))")).strip()
        self.follow_the_guide("Collect")
        self.follow_the_guide("Autograde")
        self.review()
        self.follow_the_guide("Return feedback")
        self.read_feedback(READER)
        with self.step("the other students", "Fetch Feedback (through their servers)"):
            self.feedback = {}
            for kind, name in self.students.items():
                if kind != READER:
                    self.hub.assignments(name, "fetch_feedback")
                self.feedback[kind] = self.fetched_feedback(name)
            self.feedback_listing = self.snoop({
                "feedback folder": (str(pathlib.Path(self.klass["exchange"]) /
                                        self.klass["course_id"] / "feedback"), False)})
        self.student_tries_to_read(READER)
        self.follow_the_guide("Export grades")
        with open(self.course / "grades.csv", newline="") as handle:
            self.grades = {row["student_id"]: row for row in csv.DictReader(handle)}
        self.outside = {p.name: p.outside for p in [self.teacher, *self.people.values()]}
        graded = nbformat.read(self.course / "grading" / "autograded" / nosy / ASSIGNMENT /
                               f"{ASSIGNMENT}.ipynb", as_version=4)
        self.nosy_printed = "".join(o.get("text", "") for c in graded.cells
                                    for o in c.get("outputs", []))
        self.generated_feedback = {
            kind: (self.course / "grading" / "feedback" / name / ASSIGNMENT /
                   f"{ASSIGNMENT}.html").read_text() for kind, name in self.students.items()}

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
            self.removed = subprocess.run(
                [sys.executable, str(ROOT / "deploy" / "classroom.py"), "remove",
                 "--root", str(self.root)], capture_output=True, text=True)
        for name in [*self.accounts(), self.outsider]:   # if the set-up stopped half-way
            if classroom.account_exists(name):
                subprocess.run(["userdel", "--remove", name], capture_output=True)
        shutil.rmtree(self.root, ignore_errors=True)

    def report(self):
        table = [f"  {'step':<92} {'time':>7}  screenshot"]
        table += [f"  {what[:92]:<92} {seconds:6.1f}s  {shot}" for what, seconds, shot
                  in self.steps]
        return "\n".join(table)


@pytest.fixture(scope="module")
def term():
    if not os.path.exists(CHROMIUM):
        pytest.skip("no Chromium: install Debian's `chromium` (make test does so as root)")
    sync_api = pytest.importorskip("playwright.sync_api")
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True)
    started = time.monotonic()
    term = Term()
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=CHROMIUM_FLAGS)
            try:
                term.play(browser)
            except BaseException:
                if term.log.is_file():                  # for the failure report
                    print("the hub's log, last lines:",
                          *term.log.read_text().splitlines()[-60:], sep="\n")
                print("the steps so far:", term.report(), sep="\n")
                for person in [getattr(term, "teacher", None),
                               *getattr(term, "people", {}).values()]:
                    if person is not None:
                        person.page.screenshot(path=str(ARTIFACTS / f"failed-{person.name}.png"))
                raise
            finally:
                term.stop()
                browser.close()
    finally:
        term.remove()
    term.wall_time = time.monotonic() - started
    summary = f"hub test: {term.wall_time:.0f} s in all; the steps:\n{term.report()}\n"
    (ARTIFACTS / "steps.txt").write_text(summary)
    print("\n" + summary)
    print("processes:", *(f"{pid} {user}: {cmd}" for pid, (user, cmd)
                          in term.commands.items()), sep="\n  ")
    print("listening:", *(f"{ip}:{port} (pid {pid})" for (ip, port), pid
                          in sorted(term.listening.items())), sep="\n  ")
    return term


def test_each_student_gets_the_score_of_their_answers(term):
    scores = {kind: float(term.grades[name]["raw_score"])
              for kind, name in term.students.items()}
    assert scores == SCORES
    assert {float(term.grades[n]["max_score"]) for n in term.students.values()} == {MAX_SCORE}


def test_the_guides_commands_work_as_typed_in_the_instructors_terminal(term):
    """Every command of every step of deploy/README.md's guide, typed into a terminal of
    the instructor's JupyterLab: found on PATH, exit status 0, no library warning."""
    typed = [command for commands in term.guide.values() for command in commands]
    assert typed and list(term.typed) == typed
    for status, screen in term.typed.values():
        assert status == 0 and "command not found" not in screen, screen
        assert "Warning" not in screen and "Ctrl-C will not work" not in screen, screen
    autograde = term.typed[f"robocourse-autograde {ASSIGNMENT}"][1]
    assert re.search(r"^graded: 3$", autograde, re.M), autograde


def test_the_class_and_no_one_else_logs_in_with_unix_passwords(term):
    assert set(term.passwords) == set(term.accounts())
    assert term.logged_in == {"own": True, "another's": False, "outsider": False}


def test_the_formgrader_is_the_instructors_alone_and_typesets_offline(term):
    status, listing = term.formgrader[term.instructor]
    assert status == 200
    assert {a["name"]: a["status"] for a in json.loads(listing)}[ASSIGNMENT] == "released"
    assert {term.formgrader[name][0] for name in term.students.values()} == {404}
    instructors_only = {"@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:create-assignment",
                        "@jupyter/nbgrader:course-list"}
    assert not term.lab_plugins_off[term.instructor] & instructors_only
    for name in term.students.values():
        assert instructors_only <= term.lab_plugins_off[name]
    assert term.formgrader_equations > 0
    assert term.outside == {name: [] for name in term.outside}, "a page asked the network"


def test_the_feedback_page_is_one_click_away_named_by_exercise_typeset_and_wrapped(term):
    page = term.feedback_page
    wrong = int(WRONG[0][2:].split("_")[0])
    assert page["contents"] == [
        f"Exercise {n} — {0 if n == wrong else points:g} of {points:g} points"
        for n, points in _points().items()], page["contents"]
    assert "Test cell" not in page["headings"] and "Comment" not in " ".join(page["contents"])
    assert page["equations"] > 20 and not page["raw latex"]
    assert page["too wide"] == [], "verdicts run off the page"


def test_students_cannot_read_the_hidden_tests_or_the_gradebook(term):
    for target, (status, screen) in term.refused.items():
        assert status == 1 and f"cat: {target}: Permission denied" in screen, screen
    assert "made the course checkout" in term.setup_output or not ROOT.stat().st_mode & 0o077


def test_the_nosy_student_read_and_changed_nothing(term):
    assert term.snooped == {name: "PermissionError" for name in term.targets}
    assert term.other_submissions == "[]"


def test_the_nosy_submission_saw_nothing_when_graded(term):
    assert "FOUND []" in term.nosy_printed


def test_each_student_fetches_their_own_feedback_and_no_one_elses(term):
    for kind in term.students:
        generated = term.generated_feedback[kind]
        assert list(term.feedback[kind].values()) == [generated]
        assert f"{ASSIGNMENT}: {SCORES[kind]} of {MAX_SCORE} points" in generated
    assert term.feedback_listing == {"feedback folder": "PermissionError"}


def test_the_hub_and_everything_it_started_are_gone(term):
    assert term.process.returncode is not None
    assert len(term.started) >= 1 + 1 + 4 and term.listening
    assert all(ip == "127.0.0.1" for ip, _ in term.listening), term.listening
    assert term.left_alive == [] and term.left_open == []


def test_every_module_and_command_of_the_package_imports_in_the_class_environment():
    """The class environment holds everything the course's code and commands need: every
    module of the installed packages (the library and the instructor's grader) imports,
    and every console script's entry point loads, in the environment's own Python (a
    missing dependency fails here)."""
    check = textwrap.dedent("""\
        import importlib, importlib.metadata, pkgutil, robocourse, robocourse_grader
        modules = [m.name for package in (robocourse, robocourse_grader)
                   for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
        for name in modules:
            importlib.import_module(name)
        scripts = [e for name in ("robocourse", "robocourse-grader")
                   for e in importlib.metadata.distribution(name).entry_points
                   if e.group == "console_scripts"]
        for entry in scripts:
            entry.load()
        print(len(modules), "modules;", ", ".join(e.name for e in scripts))
    """)
    result = subprocess.run([str(ENV / "bin" / "python"), "-c", check], capture_output=True,
                            text=True, cwd="/", env={"PATH": "/usr/bin:/bin", "HOME": "/tmp"},
                            timeout=STEP_TIMEOUT)
    assert result.returncode == 0, result.stderr[-3000:]
    modules, scripts = result.stdout.strip().split(";")
    assert int(modules.split()[0]) > 30 and "robocourse-autograde" in scripts


def test_removing_the_class_says_what_it_removed(term):
    said = term.removed.stdout
    assert term.removed.returncode == 0, term.removed.stderr
    assert all(name in said for name in term.accounts()), said
    assert "login settings" in said and "class folder" in said
    assert not classroom.login_settings_file(term.root).exists()
