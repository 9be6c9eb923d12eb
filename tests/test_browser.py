"""The widgets as a student sees them: JupyterLab in headless Chromium.

nbval runs the notebooks without a front end; this test opens the chapters in a
real browser (Debian's Chromium driven by playwright), runs every cell, moves the
statics sliders and presses Play on the dynamics animations, and checks what is
drawn. The browser has no network: every host name but the loopback fails to resolve,
and a page that asks for anything outside fails the test; the static players' Play
buttons must still show their icons. Screenshots of each checked state go to
``test-artifacts/browser/``. The slider-to-redraw delay (median of 20 changes) is
written to ``test-artifacts/browser/redraw.json`` for the benchmark table: measured
in the page (from the key press reaching the slider to the first frame painted with
the new figure) and, for comparison, from the test's side of the browser connection.
"""

import io
import json
import os
import pathlib
import re
import secrets
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

import numpy as np
import PIL.Image
import pytest
import viewer_checks as V

ROOT = pathlib.Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--disable-quic",
                  # no network: no host name resolves but the loopback JupyterLab is on
                  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
LOCAL = ("http://127.0.0.1:", "data:", "blob:", "about:", "file:")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM),
                       reason="no Chromium: install Debian's `chromium` (make test does so "
                              "when it runs as root with apt-get) to test the widgets"),
]
sync_api = pytest.importorskip("playwright.sync_api")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab as ``make lab`` opens it (deploy/lab.py student: a student's own copy of
    the notebooks, the student's settings), on a free loopback port with a token, with
    JupyterLab's own settings (empty settings and workspaces folders): default windowing,
    where the browser skips the cells off screen."""
    yield from _jupyterlab(tmp_path_factory)


@pytest.fixture(scope="module")
def chinese_lab(tmp_path_factory):
    """The same JupyterLab as ``make lab LANG=zh_CN.UTF-8`` opens it: the Chinese chapters,
    JupyterLab's interface in Chinese."""
    yield from _jupyterlab(tmp_path_factory, language="zh_CN.UTF-8")


@pytest.fixture(scope="module")
def player_lab(tmp_path_factory):
    """The same JupyterLab with its equation typesetter (MathJax) switched off, for the
    tests of the players: they look at figures and frame numbers, and typesetting a whole
    chapter costs the browser 4 s of CPU. The slider test sees the equations typeset as a
    student does, and the book's tests check that they render."""
    yield from _jupyterlab(tmp_path_factory, disabled=["@jupyterlab/mathjax-extension"])


def _jupyterlab(tmp_path_factory, disabled=(), language="C.UTF-8"):
    """Serve JupyterLab (see ``lab``) with the extensions ``disabled`` switched off, in the
    course's language for the locale ``language`` (English unless Chinese, whatever LANG the
    tests run with). The address ``make lab`` would open in the browser is written to
    ``opened`` (a file)."""
    work = tmp_path_factory.mktemp("lab")
    if disabled:
        (work / "config" / "labconfig").mkdir(parents=True)
        (work / "config" / "labconfig" / "page_config.json").write_text(
            json.dumps({"disabledExtensions": dict.fromkeys(disabled, True)}))
    port, token = _free_port(), secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(work / "config")}
    log = open(work / "lab.log", "w")
    remember = f"import sys; open({str(work / 'opened')!r}, 'w').write(sys.argv[1])"
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "deploy" / "lab.py"), "student",
         "--work", str(work / "notebooks"), f"--language={language}",
         "--ServerApp.ip=127.0.0.1",
         f"--ServerApp.port={port}", f"--IdentityProvider.token={token}",
         f"--LabApp.user_settings_dir={work / 'settings'}",
         f"--LabApp.workspaces_dir={work / 'workspaces'}",
         # a new student: no notebook trusted from an earlier session
         "--NotebookNotary.db_file=:memory:",
         # the browser make lab would start: the address it would be given, written down
         f"--ServerApp.browser={shlex.quote(sys.executable)} -c {shlex.quote(remember)} %s"],
        stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("JupyterLab did not start: " +
                                       (work / "lab.log").read_text()[-2000:]) from None
                time.sleep(0.3)
        yield {"url": url, "token": token, "root": work / "notebooks",
               "opened": work / "opened", "log": work / "lab.log"}
    finally:
        _stop(process)
        log.close()


def _stop(process):
    """End JupyterLab and everything it started (kernels): its whole process group."""
    for sig, wait in ((signal.SIGTERM, 20), (signal.SIGKILL, 5)):
        try:
            os.killpg(process.pid, sig)
            process.wait(timeout=wait)
            return
        except ProcessLookupError:
            return
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=CHROMIUM,
            headless=True, args=CHROMIUM_FLAGS, viewport={"width": 1400, "height": 1000})
        try:
            yield context
        finally:
            context.close()


class Pages(list):
    """The pages a test opened, and the JupyterLab they are on (``None`` for none)."""
    lab = None


@pytest.fixture
def page_on_failure(request):
    """Keep a full-page screenshot of the page a test leaves, then close it and shut its
    kernel down, so the next notebook has the machine to itself."""
    pages = Pages()
    yield pages
    for page in pages:
        if not page.is_closed():
            name = request.node.name.replace("/", "_")
            page.screenshot(path=str(ARTIFACTS / f"{name}-last-page.png"), full_page=True)
            page.close()
    if pages.lab is not None:
        _shut_down_kernels(pages.lab)


def _shut_down_kernels(lab):
    api = f"{lab['url']}/api/sessions?token={lab['token']}"
    for session in json.loads(urllib.request.urlopen(api, timeout=10).read()):
        request = urllib.request.Request(
            f"{lab['url']}/api/sessions/{session['id']}?token={lab['token']}", method="DELETE")
        urllib.request.urlopen(request, timeout=30)


def offline_page(browser, pages):
    """A new page that records every request for anything outside the loopback in
    ``page.outside`` (they fail: nothing resolves)."""
    page = browser.new_page()
    pages.append(page)
    page.outside = []
    page.on("request", lambda request: None if request.url.startswith(LOCAL)
            else page.outside.append(request.url))
    return page


def run_all(browser, lab, notebook, pages):
    """Open ``notebook`` in JupyterLab, run every cell, save; return the page.

    JupyterLab adds a long notebook's cells to the page in steps, and Run All runs the
    cells the page has: the test waits for all of them first, and afterwards checks that
    every code cell ran. Generous timeouts: on a busy 2-core machine the longest chapter
    takes minutes to run and render in the browser."""
    cells = notebook_cells(lab, notebook)
    code = sum(cell["cell_type"] == "code" for cell in cells)
    page = offline_page(browser, pages)
    pages.lab = lab
    page.set_default_timeout(300_000)
    # ?reset: a fresh workspace, so no notebook of an earlier test is restored beside it
    page.goto(f"{lab['url']}/lab/tree/{notebook}?reset&token={lab['token']}")
    idle = page.get_by_text("(ipykernel) | Idle")
    idle.wait_for()
    page.wait_for_function("n => document.querySelectorAll('.jp-Notebook .jp-Cell').length === n",
                           arg=len(cells))
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
    page.locator('li[data-command="runmenu:run-all"]').click()
    numbered = page.wait_for_function("""() => {
        const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
        const done = prompts.filter(p => /\\[\\d+\\]/.test(p.textContent)).length;
        return done > 0 && prompts.every(p => !p.textContent.includes('*')) && done;
    }""").json_value()
    idle.wait_for()
    assert numbered == code, f"{notebook}: Run All stopped after {numbered} of {code} code cells"
    page.keyboard.press("Control+s")
    # saved when JupyterLab clears the tab's unsaved-changes mark (after the server replied)
    page.wait_for_function("() => !document.querySelector('.lm-TabBar-tab.jp-mod-dirty')")
    return page


def notebook_cells(lab, notebook):
    """The cells of ``notebook`` as JupyterLab's folder holds it (saved by the last test)."""
    return json.loads((lab["root"] / notebook).read_text())["cells"]


def saved_outputs(lab, notebook):
    return [o for c in notebook_cells(lab, notebook) if c["cell_type"] == "code"
            for o in c["outputs"]]


def assert_no_errors(lab, notebook):
    errors = [f"{o['ename']}: {o['evalue']}" for o in saved_outputs(lab, notebook)
              if o["output_type"] == "error"]
    assert not errors, f"{notebook}: cells raised {errors}"


def assert_static_fallback(lab, notebook):
    players = [o for o in saved_outputs(lab, notebook)
               if "text/html" in o.get("data", {}) and "anim" in "".join(o["data"]["text/html"])]
    assert players, f"{notebook}: no embedded animation player (the static fallback)"


def assert_player_icons(page):
    """Every static player's Play button shows an icon: an inline SVG of some size and,
    in a screenshot of the button, dark pixels in its middle (not a blank grey box); and
    nothing on the page asked for anything outside."""
    players = page.locator(".animation >> visible=true")     # not those of a hidden tab
    assert players.count() > 0, "no static player on the page"
    for k in range(players.count()):
        button = players.nth(k).locator('button[title="Play"]')
        button.scroll_into_view_if_needed()
        box = button.locator("svg").bounding_box()
        assert box and box["width"] >= 8 and box["height"] >= 8, "the Play button has no icon"
        picture = PIL.Image.open(io.BytesIO(button.screenshot())).convert("L")
        w, h = picture.size
        middle = np.asarray(picture.crop((w // 4, h // 4, 3 * w // 4, 3 * h // 4)))
        assert (middle < 100).sum() >= 10, "the Play button's icon is not drawn"
    assert not page.outside, f"the page asked the network for {page.outside}"


def image_bytes(locator):
    return locator.screenshot()


def save(name, data):
    (ARTIFACTS / f"{name}.png").write_bytes(data)


#: Timestamps in the page: the key press at the slider, then the first animation frame
#: after the figure's image changed (the frame that paints it).
TIMING = """([img, handle]) => {
    window.redraws = [];
    let pressed = null;
    handle.addEventListener("keydown", () => { pressed = performance.now(); }, true);
    new MutationObserver(() => {
        if (pressed === null) return;
        const start = pressed;
        pressed = null;
        requestAnimationFrame(() => window.redraws.push(performance.now() - start));
    }).observe(img, {attributes: true, attributeFilter: ["src"]});
}"""


def test_statics_widget_redraws_when_theta2_moves(browser, lab, page_on_failure):
    """20 presses of → on the θ2 slider, each waited for until its figure is painted.

    Timed as a student meets it: the notebook as ``make lab`` renders it, and nothing
    from the test in the page while a change is on its way (the elements are looked up
    before the first press; the wait reads only the page's own count of redraws)."""
    page = run_all(browser, lab, "chapters/01_statics.ipynb", page_on_failure)
    skipped = page.evaluate("""() => [...document.querySelectorAll('.jp-Cell')]
        .filter(cell => getComputedStyle(cell).contentVisibility === 'auto').length""")
    assert skipped > 0, "every cell is rendered: not JupyterLab's default windowing"
    assert_no_errors(lab, "chapters/01_statics.ipynb")
    assert_static_fallback(lab, "chapters/01_statics.ipynb")
    slider = page.locator(".widget-slider", has=page.locator(".widget-label", has_text="θ2"))
    box = page.locator(".widget-hbox", has=slider).first
    figure, readout = box.locator(".widget-image").first, box.locator(".widget-html").last
    figure.scroll_into_view_if_needed()
    before, torques_before = image_bytes(figure), readout.inner_text()
    save("statics-before", before)
    handle = slider.locator(".noUi-handle")
    page.evaluate(TIMING, [figure.element_handle(), handle.element_handle()])
    handle.focus()
    delays = []
    for done in range(20):
        start = time.perf_counter()
        page.keyboard.press("ArrowRight")
        page.wait_for_function("done => window.redraws.length > done", arg=done,
                               polling="raf")
        delays.append(1000 * (time.perf_counter() - start))
    page.wait_for_timeout(300)
    after, torques_after = image_bytes(figure), readout.inner_text()
    save("statics-after", after)
    assert after != before, "the figure did not change when θ2 moved"
    assert torques_after != torques_before, "the displayed torques did not change"
    in_page = page.evaluate("window.redraws")
    assert len(in_page) == len(delays), f"the page timed {len(in_page)} of {len(delays)} redraws"
    median, outside = statistics.median(in_page), statistics.median(delays)
    (ARTIFACTS / "redraw.json").write_text(json.dumps(
        {"slider_to_redraw_ms_median": round(median, 1), "changes": len(in_page),
         "all_ms": [round(d, 1) for d in in_page],
         "from_the_test_ms_median": round(outside, 1)}, indent=1))
    print(f"statics slider → redrawn figure: median {median:.1f} ms in the page "
          f"({outside:.1f} ms from the test) over {len(in_page)} changes")
    assert_player_icons(page)


@pytest.mark.parametrize("notebook", ["chapters/03_newton_euler.ipynb",
                                      "chapters/04_lagrange.ipynb",
                                      "chapters/05_trajectories_control.ipynb"])
def test_play_moves_the_arm_and_stops_cleanly(browser, player_lab, notebook, page_on_failure):
    page = run_all(browser, player_lab, notebook, page_on_failure)
    assert_no_errors(player_lab, notebook)
    assert_static_fallback(player_lab, notebook)
    assert_player_icons(page)
    player = page.locator(".widget-play").first
    root = page.locator(".widget-vbox", has=player).first
    figure = root.locator(".widget-image >> visible=true").first
    figure.scroll_into_view_if_needed()
    shown = Shown(figure, page.locator(".widget-hbox", has=player).first.locator(".widget-readout"))
    start = shown.figure()
    play_pause, stop = player.locator("button").nth(0), player.locator("button").nth(1)
    play_pause.click()                                           # ▶
    figures, deadline = {start}, time.monotonic() + 20
    while len(figures) < 3 and time.monotonic() < deadline:      # two new poses drawn
        page.wait_for_timeout(250)
        figures.add(shown.figure())
    save(f"{pathlib.Path(notebook).stem}-playing", image_bytes(figure))
    assert len(figures) >= 3, "Play did not move the arm"
    play_pause.click()                                           # ❚❚ (the same button)
    paused, at = shown.settled(page)
    assert int(at) > 0, f"pausing went back to frame {at}"
    save(f"{pathlib.Path(notebook).stem}-paused", image_bytes(figure))
    stop.click()                                                 # ■: back to the first frame
    stopped, at = shown.settled(page)
    assert at == "0" and stopped != paused, f"Stop left frame {at} shown"


class Shown:
    """What a player shows: its figure (the image's source, a new blob URL for every
    figure the kernel sends) and its frame number, read without a screenshot."""

    def __init__(self, figure, readout):
        self.image, self.readout = figure.element_handle(), readout.element_handle()

    def figure(self):
        return self.image.get_attribute("src")

    def settled(self, page, quiet_ms=1000, within_s=20):
        """(figure, frame number) once neither has changed for ``quiet_ms``: the frames
        already on their way drawn, and nothing drawn after them."""
        last, since, deadline = None, time.monotonic(), time.monotonic() + within_s
        while time.monotonic() < deadline:
            now = (self.figure(), self.readout.inner_text())
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet_ms / 1000:
                return now
            page.wait_for_timeout(250)
        raise AssertionError(f"the animation did not come to rest within {within_s} s")


def test_a_static_player_plays_with_no_network_and_shows_its_icons(browser, page_on_failure):
    """The fallback alone, as a saved notebook or the book shows it: no JupyterLab styles,
    no kernel, no network."""
    from robocourse.widgets.statics import statics_animation
    page = offline_page(browser, page_on_failure)
    page.set_content(f"<html><body>{statics_animation(n_frames=6, dpi=40)}</body></html>")
    frame = page.locator(".animation img")
    frame.wait_for()
    assert_player_icons(page)
    save("static-player", page.locator(".animation").screenshot())
    page.locator('.animation button[title="Pause"]').click()
    page.locator('.animation button[title="First frame"]').click()
    first = frame.get_attribute("src")
    page.locator('.animation button[title="Play"]').click()
    page.wait_for_function("([img, old]) => img.src !== old",
                           arg=[frame.element_handle(), first])
    assert frame.get_attribute("src") != first, "the static player did not play"


# --- a student working alone: `make lab` ----------------------------------------------------

def opened_address(lab):
    """The address ``make lab`` gives the browser it starts."""
    deadline = time.monotonic() + 60
    while not lab["opened"].is_file() or not lab["opened"].read_text():
        assert time.monotonic() < deadline, "JupyterLab opened no browser: " + \
            lab["log"].read_text()[-2000:]
        time.sleep(0.2)
    return lab["opened"].read_text()


def git_status(*paths):
    """``git status --porcelain`` of ``paths`` in the checkout (None outside a git checkout)."""
    if not (ROOT / ".git").exists() or not shutil.which("git"):
        return None
    return subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", *paths],
                          capture_output=True, text=True, check=True).stdout


def test_make_lab_is_a_students_view_of_chapter_0_in_their_own_copy(browser, lab,
                                                                    page_on_failure):
    """What a student working alone meets after ``make lab``: chapter 0, opened before any
    cell runs (the notebook not trusted yet), shows its saved player's first frame and its
    widget's figure, each with what to do; no instructor tools and no news pop-up; the
    notebooks are the student's own copy, outside the checkout, which git sees unchanged.
    An exercise: the student types their id, runs the notebook, then the first exercise's
    test with its answer still the stub, and reads one short verdict."""
    before = git_status("chapters", "exercises", "book")
    page = offline_page(browser, page_on_failure)
    page_on_failure.lab = lab
    page.set_default_timeout(120_000)
    page.goto(opened_address(lab))           # a page that sends the browser to JupyterLab
    page.wait_for_url("**/lab/tree/chapters/00_kinematics.ipynb?**")
    page.get_by_text("(ipykernel) | Idle").wait_for()
    active = page.locator(".lm-TabBar-tab.jp-mod-current .lm-TabBar-tabLabel").first
    assert active.inner_text() == "00_kinematics.ipynb"
    shown = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    player = shown.locator(".jp-OutputArea-output", has=page.locator("img[alt*='first frame']"))
    player.scroll_into_view_if_needed()
    picture = player.locator("img").first
    page.wait_for_function("img => img.complete && img.naturalWidth > 100",
                           arg=picture.element_handle())
    # its caption, once the browser has laid the output out (a windowed notebook renders
    # an output that has just scrolled into view a little later: inner_text is '' before)
    player.filter(has_text="Run this cell to play the animation").wait_for()
    widget = shown.locator(".jp-OutputArea-output", has_text="Run this cell to move the sliders")
    assert widget.locator("img").evaluate("img => img.naturalWidth") > 100
    assert not shown.get_by_text("VBox(children=").count()
    save("make-lab-player-untrusted", player.screenshot())
    save("make-lab-chapter-0", page.screenshot())
    # a student's view
    assert not page.get_by_text("Would you like to get notified").count(), "news pop-up"
    assert not page.locator(".lm-MenuBar-itemLabel", has_text="Nbgrader").count()
    assert not page.get_by_text("Create Assignment").count()
    files = page.locator(".jp-DirListing-itemName")
    page.locator(".jp-BreadCrumbs-home").click()
    page.locator(".jp-DirListing-item[title^='Name: exercises']").wait_for()
    assert sorted(files.all_inner_texts()) == ["book", "chapters", "exercises"]
    # an exercise, as a student works it
    page.goto(f"{lab['url']}/lab/tree/exercises/ch0_kinematics/ch0_kinematics.ipynb"
              f"?token={lab['token']}")
    page.get_by_text("(ipykernel) | Idle").wait_for()
    identity = page.locator(".jp-CodeCell", has_text='STUDENT_ID = "your-id"').locator(
        ".cm-content")
    identity.click()
    page.keyboard.press("Control+a")
    page.keyboard.type('STUDENT_ID = "s1234567"')
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
    page.locator('li[data-command="runmenu:run-all"]').click()   # stops at the first stub
    test = page.locator(".jp-CodeCell", has_text="checks.exercise_1(")
    stub = page.locator(".jp-CodeCell", has_text="NotImplementedError").first
    stub.locator(".jp-OutputArea-output").wait_for()
    page.get_by_text("(ipykernel) | Idle").wait_for()
    test.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    verdict = test.locator(".jp-OutputArea-output")
    verdict.first.wait_for()
    page.get_by_text("(ipykernel) | Idle").wait_for()
    test.scroll_into_view_if_needed()
    save("make-lab-stub-verdict", test.screenshot())
    page.keyboard.press("Control+s")
    page.wait_for_function("() => !document.querySelector('.lm-TabBar-tab.jp-mod-dirty')")
    text = verdict.all_inner_texts()
    assert len(text) == 1, f"the test cell shows {len(text)} outputs: {text}"
    assert "Traceback" not in text[0] and "During handling" not in text[0], text[0]
    assert len(text[0].strip().splitlines()) <= 3 and len(text[0]) <= 400, text[0]
    saved = json.loads((lab["root"] / "exercises/ch0_kinematics/ch0_kinematics.ipynb")
                       .read_text())
    assert any('STUDENT_ID = "s1234567"' in "".join(c["source"]) for c in saved["cells"])
    assert git_status("chapters", "exercises", "book") == before


def test_make_lab_in_chinese_opens_chapter_0_in_chinese_in_a_chinese_jupyterlab(
        browser, chinese_lab, page_on_failure):
    """``make lab LANG=zh_CN``: the student's copy opens at the Chinese chapter 0
    (chapters/zh_CN), its headings and prose Chinese, in JupyterLab's Chinese interface (the
    zh-CN language pack: menus 文件, 编辑, ...), with nothing asked of the internet."""
    page = offline_page(browser, page_on_failure)
    page_on_failure.lab = chinese_lab
    page.set_default_timeout(120_000)
    page.goto(opened_address(chinese_lab))
    page.wait_for_url("**/lab/tree/chapters/zh_CN/00_kinematics.ipynb?**")
    menus = page.locator(".lm-MenuBar-itemLabel")
    menus.filter(has_text="文件").wait_for()
    labels = menus.all_inner_texts()
    assert {"文件", "编辑", "查看", "运行", "内核", "帮助"} <= set(labels), labels
    assert not {"File", "Edit", "Kernel", "Help"} & set(labels), labels
    active = page.locator(".lm-TabBar-tab.jp-mod-current .lm-TabBar-tabLabel").first
    assert active.inner_text() == "00_kinematics.ipynb"
    shown = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    title = shown.locator(".jp-RenderedMarkdown h1").first
    title.wait_for()
    assert title.inner_text().strip().rstrip("¶").startswith("第 0 章　运动学与雅可比矩阵")
    assert shown.locator(".jp-RenderedMarkdown strong", has_text="学习目标。").count() == 1
    # the markdown cells on screen (JupyterLab renders only those): all Chinese
    markdown = shown.locator(".jp-MarkdownCell .jp-RenderedMarkdown")
    markdown.filter(has_text="约定").first.wait_for()          # the second cell: conventions
    rendered = [text for text in markdown.all_inner_texts() if text.strip()]
    assert len(rendered) >= 2 and all(re.search(r"[\u4e00-\u9fff]", t) for t in rendered)
    assert "Conventions" not in rendered[1]
    # the kernel started with the notebook: its status in the Chinese status bar
    page.locator(".jp-StatusBar-Widget", has_text="空闲").first.wait_for()
    save("make-lab-chinese-chapter-0", page.screenshot())
    # a figure as the Chinese chapter stores it (drawn with Chinese labels when generated)
    figure = shown.locator(".jp-RenderedImage img").first
    figure.scroll_into_view_if_needed()
    figure.wait_for()
    save("make-lab-chinese-chapter-0-figure", page.screenshot())
    assert not page.outside, page.outside
    assert (chinese_lab["root"] / "chapters" / "zh_CN" / "00_kinematics.ipynb").is_file()


def _type_into(page, cell, text):
    """Replace what the code ``cell`` holds by ``text``, as a student types it (inserted
    whole: the editor's closing of brackets does not double them)."""
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(text)


def test_a_chinese_exercise_answers_a_wrong_answer_in_chinese(browser, chinese_lab,
                                                              page_on_failure):
    """A student of the Chinese class opens chapter 1's exercises in Chinese (exercises/
    ch1_statics_zh_CN, in the folder ``make lab LANG=zh_CN`` made), writes their id, runs
    the set-up, answers exercise 1 as a student might — the tip force's torques right, the
    tip moment forgotten — and runs the test cell: the verdict says, in Chinese, which case
    failed and what is missing (练习 1 … 缺少含 n_z 的项), with the interface Chinese too."""
    notebook = "exercises/ch1_statics_zh_CN/ch1_statics_zh_CN.ipynb"
    page = offline_page(browser, page_on_failure)
    page_on_failure.lab = chinese_lab
    page.set_default_timeout(180_000)
    page.goto(f"{chinese_lab['url']}/lab/tree/{notebook}?reset&token={chinese_lab['token']}")
    page.locator(".jp-StatusBar-Widget", has_text="空闲").first.wait_for()
    cells = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell")
    cells.nth(5).wait_for()
    _type_into(page, cells.nth(1), 'STUDENT_ID = "s1234567"')
    page.keyboard.press("Shift+Enter")                     # the id; then the set-up cell
    page.keyboard.press("Shift+Enter")                     # runs it, on to the task
    page.keyboard.press("Shift+Enter")                     # the task's text, on to the answer
    _type_into(page, cells.nth(4), "tau_tool = sp.Matrix([l1*sp.sin(theta2)*fx "
                                   "+ (l2 + l1*sp.cos(theta2))*fy, l2*fy])")
    page.keyboard.press("Shift+Enter")                     # the answer, then its test cell
    page.keyboard.press("Shift+Enter")
    outputs = cells.nth(5).locator(".jp-OutputArea-output")
    outputs.filter(has_text="缺少").first.wait_for()          # handed over, then the verdict
    text = "\n".join(outputs.all_inner_texts())
    assert text.startswith("练习 1：答案已提交。"), text
    assert "theta2 = 0" in text and "机械臂伸直" in text, text
    assert "缺少含 n_z 的项" in text, text
    assert not re.search(r"\b(should|missing|wrong|Exercise)\b", text), text
    assert cells.nth(2).locator(".jp-OutputArea-output").count() == 0   # the set-up said nothing
    cells.nth(5).scroll_into_view_if_needed()
    save("chinese-exercise-verdict", page.screenshot())
    assert not page.outside, page.outside


# --- the 3-D arm viewer ------------------------------------------------------------------

def _viewer_notebook(lab, chain_source):
    """A notebook in JupyterLab's folder that shows the PUMA (chapter 6's helper, with the
    ghosts of one target) and a random chain with prismatic joints in the viewer."""
    cells = [
        "import numpy as np\n"
        "from robocourse.kinematics import forward_kinematics\n"
        "from robocourse.models import puma560\n"
        "from robocourse.robot import Link, SerialChain\n"
        "from robocourse.widgets.arm_viewer import ArmViewer, puma_viewer\n"
        f"T = forward_kinematics(puma560(), {list(V.TARGET_Q)})\n"
        "puma_viewer(target=T)",
        chain_source,
    ]
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}}, "cells": [
        {"cell_type": "code", "id": f"viewer{k}", "execution_count": None, "metadata": {},
         "outputs": [], "source": source} for k, source in enumerate(cells)]}
    (lab["root"] / "arm_viewer.ipynb").write_text(json.dumps(notebook))
    return "arm_viewer.ipynb"


def _random_chain(rng):
    """Five joints, two of them prismatic (strokes 0.1 to 0.5 m), random twists, lengths,
    offsets and tool; and the source of a cell that shows it in the viewer."""
    from robocourse.frames import rot_x, rot_z, transform
    from robocourse.robot import Link, SerialChain

    links = [dict(alpha=rng.uniform(-np.pi, np.pi), a=rng.uniform(-0.3, 0.3),
                  d=rng.uniform(-0.2, 0.2), theta=rng.uniform(-np.pi, np.pi), joint=joint)
             for joint in "RPRPR"]
    tool = np.asarray(transform(rot_z(rng.uniform(-3, 3)) @ rot_x(rng.uniform(-3, 3)),
                                rng.uniform(-0.1, 0.1, 3)), dtype=float)
    limits = [(-np.pi, np.pi) if link["joint"] == "R" else (0.1, 0.5) for link in links]
    chain = SerialChain([Link(**link) for link in links], tool=tool, name="random RPRPR")
    source = ("chain = SerialChain([" + ", ".join(
        "Link(" + ", ".join(f"{key}={value!r}" for key, value in link.items()) + ")"
        for link in links) + f"], tool=np.array({tool.tolist()!r}), name='random RPRPR')\n"
        f"ArmViewer(chain, limits={limits!r})")
    return chain, source


def test_arm_viewer_poses_the_arm_in_the_page_as_the_library_does(browser, player_lab,
                                                                   page_on_failure):
    """The viewer in JupyterLab: the arm drawn and redrawn as a slider moves, without the
    kernel; the browser's tool pose, J, det J and w equal the library's at random poses of
    the PUMA and of a random chain with prismatic joints; the eight ghosts reproduce T;
    the wrist singularity at s5 = 0 highlighted. The slider → painted frame delay (30
    moves) goes to test-artifacts/browser/viewer-latency.json."""
    from robocourse.kinematics import forward_kinematics
    from robocourse.models import puma560

    rng = np.random.default_rng(38)
    chain, source = _random_chain(rng)
    notebook = _viewer_notebook(player_lab, source)
    page = run_all(browser, player_lab, notebook, page_on_failure)
    assert_no_errors(player_lab, notebook)
    viewers = page.locator(V.VIEWER)
    assert viewers.count() == 2
    puma, random_chain = viewers.nth(0), viewers.nth(1)
    puma.scroll_into_view_if_needed()
    canvas = puma.locator("canvas")
    before = canvas.screenshot()
    save("viewer-lab-before", before)
    latency = V.timed_moves(page, puma)
    after = canvas.screenshot()
    save("viewer-lab-after", after)
    assert after != before, "the arm did not move on screen when θ2 moved"
    robot = puma560()
    worst = {"puma": V.agrees_with_the_library(robot, puma, rng)}
    T = np.asarray(forward_kinematics(robot, V.TARGET_Q), dtype=float)
    worst["ghosts"] = V.puma_checks(robot, puma, T, rng)
    save("viewer-lab-wrist-singular", canvas.screenshot())
    random_chain.scroll_into_view_if_needed()
    worst["random chain"] = V.agrees_with_the_library(chain, random_chain, rng)
    save("viewer-lab-random-chain", random_chain.screenshot())
    assert not page.outside, f"the page asked the network for {page.outside}"
    (ARTIFACTS / "viewer-latency.json").write_text(json.dumps(
        {**latency, "largest_pose_difference": worst}, indent=1))
    print(f"\n[viewer, JupyterLab] slider → painted frame: median {latency['median_ms']} ms, "
          f"p95 {latency['p95_ms']} ms; pose vs library up to {max(worst.values()):.1e}")


def test_arm_viewer_in_an_untrusted_notebook_shows_a_still_that_says_to_run_it(
        browser, player_lab, page_on_failure):
    """Chapter 6 opened as a student opens it the first time (untrusted, not run):
    JupyterLab renders no widget there; the viewer's output shows its PNG still."""
    page = offline_page(browser, page_on_failure)
    page_on_failure.lab = player_lab
    page.goto(f"{player_lab['url']}/lab/tree/chapters/06_puma560.ipynb?reset"
              f"&token={player_lab['token']}")
    page.get_by_text("(ipykernel) | Idle").wait_for(timeout=120_000)
    cell = page.locator(".jp-CodeCell", has_text="puma_viewer(target=T_goal")
    cell.scroll_into_view_if_needed()
    still = cell.locator(".jp-OutputArea-output img")
    still.wait_for()
    assert still.evaluate("img => img.naturalWidth") >= 300
    assert page.locator(".rc-arm-viewer").count() == 0, "a widget rendered untrusted"
    save("viewer-lab-untrusted", cell.screenshot())
    assert not page.outside, f"the page asked the network for {page.outside}"
