"""What the browser tests check on a 3-D arm viewer (robocourse.widgets.arm_viewer), in
JupyterLab (test_browser.py) and in the book (test_book.py): the page's own numbers, read
from the attributes the viewer writes for the frame on screen, against the library's.

A slider is moved as a reader moves it: a value set on the range input and its ``input``
event (random poses), or the arrow key on the focused slider (the timed moves)."""

import io
import json
import statistics

import numpy as np
import PIL.Image

from robocourse.kinematics import (
    forward_kinematics,
    jacobian,
    jacobian_determinant,
    manipulability,
)
from robocourse.robot import Link, SerialChain

VIEWER = ".rc-arm-viewer"
AGREE = 1e-9
#: The pose whose inverse-kinematics solutions are the PUMA's ghosts: chapter 6's q_num
#: (T_goal = forward_kinematics(puma, q_num))
TARGET_Q = (0.3, -0.5, 0.4, 0.6, 0.7, -0.8)

#: In the page: the key press at a slider, then the first animation frame after the viewer
#: rendered (its data-frame count moved): the frame that paints the new pose.
TIMING = """([root, slider]) => {
    window.viewerDelays = [];
    let pressed = null;
    slider.addEventListener("keydown", () => { pressed = performance.now(); }, true);
    new MutationObserver(() => {
        if (pressed === null) return;
        const start = pressed;
        pressed = null;
        requestAnimationFrame(() => window.viewerDelays.push(performance.now() - start));
    }).observe(root, {attributes: true, attributeFilter: ["data-frame"]});
}"""


def shown(viewer):
    """What the viewer computed for the frame on screen: q, the tool pose (4 x 4), J, det J,
    w, the singularity measures and the names highlighted, the ghosts' tool poses."""
    data = viewer.evaluate("root => ({...root.dataset})")
    parsed = {key: json.loads(data[key]) for key in ("q", "toolPose", "jacobian", "det",
                                                     "manipulability", "singularities")}
    return {"q": np.array(parsed["q"]), "T": np.array(parsed["toolPose"]).reshape(4, 4),
            "J": np.array(parsed["jacobian"]), "det": parsed["det"],
            "w": parsed["manipulability"], "measures": parsed["singularities"],
            "singular": [name for name in data["singular"].split(",") if name],
            "ghosts": [np.array(T).reshape(4, 4) for T in json.loads(data.get("ghostPoses",
                                                                            "[]"))],
            "frame": int(data["frame"])}


def set_joint(viewer, j, value):
    """Move slider j (0-based) to ``value`` in its own units (degrees or metres) as a drag
    does: the input's value, then its input event; returns what the viewer then shows."""
    before = shown(viewer)["frame"]
    viewer.evaluate("""(root, [j, value]) => {
        const input = root.querySelectorAll('input[type=range]')[j];
        input.value = value;
        input.dispatchEvent(new Event('input', {bubbles: true}));
    }""", [j, value])
    now = shown(viewer)
    assert now["frame"] > before, "the viewer did not draw a new frame"
    return now


def slider_ranges(viewer):
    """(min, max) of every joint slider, in its units."""
    return viewer.evaluate("""root => [...root.querySelectorAll('input[type=range]')]
        .map(input => [Number(input.min), Number(input.max)])""")


def agrees_with_the_library(robot, viewer, rng, poses=6, rows=None):
    """At ``poses`` random slider settings: the browser's tool pose, Jacobian, det J and
    manipulability equal the library's at the q the browser used, to 1e-9; returns the
    largest difference of the tool pose."""
    ranges = slider_ranges(viewer)
    worst = 0.0
    for _ in range(poses):
        for j, (low, high) in enumerate(ranges):
            now = set_joint(viewer, j, rng.uniform(low, high))
        q = now["q"]
        T = np.asarray(forward_kinematics(robot, q), dtype=float)
        worst = max(worst, float(np.abs(now["T"] - T).max()))
        assert np.abs(now["T"] - T).max() < AGREE, f"tool pose at q = {q.tolist()}"
        assert np.abs(now["J"] - jacobian(robot, q)).max() < AGREE, f"J at q = {q.tolist()}"
        assert abs(now["w"] - manipulability(robot, q, rows)) < AGREE
        if now["det"] is not None:
            assert abs(now["det"] - jacobian_determinant(robot, q, rows)) < AGREE
    return worst


def chain_of(state):
    """The SerialChain that a viewer's saved state (its ``chain``) describes."""
    return SerialChain([Link(alpha=alpha, a=a, d=d, theta=theta, joint=joint)
                        for alpha, a, d, theta, joint in zip(
                            state["alpha"], state["a"], state["d"], state["theta"],
                            state["joints"], strict=True)],
                       tool=np.array(state["tool"]), name=state["name"])


def red_pixels(png):
    """Pixels of a screenshot in the viewer's singularity red."""
    pixels = np.asarray(PIL.Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    return int(((pixels[..., 0] > 190) & (pixels[..., 1] < 30) & (pixels[..., 2] < 30)).sum())


def puma_checks(robot, viewer, T, rng):
    """On a PUMA viewer with the ghosts of target T: the ghosts reproduce T and picking one
    puts the tool there; at s5 = 0 the wrist is measured zero and highlighted in red, and
    the three measures equal the factors of det J (chapter 6, §6.3). Returns the largest
    difference of a ghost's tool pose from T."""
    now = shown(viewer)
    assert len(now["ghosts"]) == 8
    worst = max(float(np.abs(G - T).max()) for G in now["ghosts"])
    assert worst < AGREE, "a ghost's tool pose is not T"
    viewer.locator(".rc-ghosts button", has_text="3").click()
    assert np.abs(shown(viewer)["T"] - T).max() < AGREE, "picking a ghost did not reach T"
    canvas = viewer.locator("canvas")
    set_joint(viewer, 4, 30.0)
    away = red_pixels(canvas.screenshot())
    now = set_joint(viewer, 4, 0.0)                                  # θ5 = 0
    assert now["singular"] == ["wrist"] and now["measures"]["wrist"] < AGREE
    assert abs(now["det"]) < AGREE
    assert red_pixels(canvas.screenshot()) > away + 100, "the wrist is not drawn in red"
    a2, a3, d4 = float(robot.links[2].a), float(robot.links[3].a), float(robot.links[3].d)
    t1, t2, t3, _, t5, _ = now["q"]
    factors = {"wrist": abs(np.sin(t5)), "elbow": abs(d4 * np.cos(t3) + a3 * np.sin(t3)),
               "shoulder": abs(a2 * np.cos(t2) + a3 * np.cos(t2 + t3) - d4 * np.sin(t2 + t3))}
    for name, factor in factors.items():
        assert abs(now["measures"][name] - factor) < AGREE, name
    return worst


def timed_moves(page, viewer, joint=1, moves=30):
    """``moves`` presses of → on slider ``joint``, each waited for until its frame is
    painted; the delays measured in the page (ms): {median, p95, all}."""
    slider = viewer.locator("input[type=range]").nth(joint)
    page.evaluate(TIMING, [viewer.element_handle(), slider.element_handle()])
    slider.focus()
    for done in range(moves):
        page.keyboard.press("ArrowRight")
        page.wait_for_function("done => window.viewerDelays.length > done", arg=done,
                               polling="raf")
    delays = page.evaluate("window.viewerDelays")
    assert len(delays) == moves
    return {"median_ms": round(statistics.median(delays), 1),
            "p95_ms": round(float(np.percentile(delays, 95)), 1),
            "all_ms": [round(d, 1) for d in delays]}
