"""The two widget shapes and what they share, without a browser: an explorer recomputes its
state from the controls and redraws the view; a player runs once per change of settings
and only moves artists between frames; every live figure shows what a full render draws;
every static fallback plays with no network."""

import base64
import io
import re
from html.parser import HTMLParser

import ipywidgets as widgets
import numpy as np
import PIL.Image
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from mpl_toolkits.mplot3d.art3d import Line3DCollection

from robocourse.widgets import (
    animation,
    dynamics_2r,
    dynamics_rp,
    inertia,
    kinematics,
    puma560,
    statics,
    trajectories,
)
from robocourse.widgets.animation import ICONS, animation_html, offline_player
from robocourse.widgets.shapes import controls_box, explorer, frame_player, labelled_slider, player


class Dot:
    """A view of one moving point: its state is x."""

    def __init__(self, x):
        self.fig = Figure(figsize=(1, 1))
        ax = self.fig.add_subplot()
        ax.set_xlim(-5, 5)
        (self.point,) = ax.plot([x], [0.0], "o")
        self.moving, self.updates = [self.point], []

    def update(self, x):
        self.updates.append(x)
        self.point.set_data([x], [0.0])


def test_an_explorer_hands_the_control_values_to_the_state_and_the_state_to_the_view():
    controls = {"a": widgets.FloatSlider(value=1.0, min=-5, max=5),
                "b": widgets.FloatSlider(value=2.0, min=-5, max=5)}
    calls, order = [], []
    box = explorer(controls, lambda a, b: calls.append((a, b)) or a - b, Dot,
                   lambda x: f"x={x}", groups=[("both", ["a", "b"])], dpi=20)
    assert calls == [(1.0, 2.0)] and box.state() == -1.0 and box.readout.value == "x=-1.0"
    png = bytes(box.live.image.value)
    box.live.image.observe(lambda change: order.append("figure"), names="value")
    box.readout.observe(lambda change: order.append("readout"), names="value")
    controls["a"].value = 4.0
    assert calls[-1] == (4.0, 2.0) and box.drawing.updates[-1] == 2.0
    assert box.readout.value == "x=2.0" and bytes(box.live.image.value) != png
    assert order == ["readout", "figure"]     # the readout first: the browser has it done
    #                                            by the time the figure arrives
    assert box.sliders is controls and box.drawing.point.get_xdata() == [2.0]


class Track:
    """A player's view of a point moving along a run (an array of positions)."""

    def __init__(self, run):
        self.fig = Figure(figsize=(1, 1))
        ax = self.fig.add_subplot()
        (self.curve,) = ax.plot([], [])
        (self.point,) = ax.plot([], [], "o")
        self.moving, self.frames = [self.point], []
        self.show_run(run)

    def show_run(self, run):
        self.run, self.times = run, np.arange(len(run), dtype=float)
        self.curve.set_data(self.times, run)
        self.curve.axes.set_xlim(0, len(run))

    def show_frame(self, k):
        self.frames.append(k)
        self.point.set_data([k], [self.run[k]])
        return self.moving


def test_a_player_runs_once_per_setting_and_only_moves_artists_between_frames():
    settings = {"n": widgets.IntSlider(value=10, min=2, max=20)}
    runs = []

    def run(n):
        runs.append(n)
        return np.linspace(0.0, 1.0, n) ** 2

    box = player(settings, run, Track, lambda r, k: f"{r[k]:.3f}", lambda r: f"{len(r)} samples",
                 groups=[("run", ["n"])], dpi=20)
    assert runs == [10] and box.play.max == box.frame.max == 9 and box.summary.value == "10 samples"
    png = bytes(box.live.image.value)
    box.play.value = 7
    assert box.frame.value == 7 and box.state() == (box.drawing.run, 7)
    assert box.drawing.frames[-1] == 7 and box.readout.value == f"{(7 / 9) ** 2:.3f}"
    assert bytes(box.live.image.value) != png and runs == [10]        # no new run for a frame
    box.frame.value = 8
    assert box.play.value == 8 and runs == [10]
    settings["n"].value = 5                                            # a shorter run
    run_now, k = box.state()
    assert runs == [10, 5] and len(run_now) == 5 and k == 4 == box.frame.value == box.play.max
    assert box.summary.value == "5 samples" and box.drawing.frames[-1] == 4
    settings["n"].value = 20                                           # a longer one keeps k
    assert box.state()[1] == 4 and box.play.max == 19


class Comm:
    """A widget's connection to the browser that keeps what the kernel sends."""

    kernel, comm_id = "a kernel", "a comm"

    def __init__(self):
        self.sent = []

    def send(self, data, buffers=None):
        self.sent.append(data)

    def on_msg(self, callback):
        pass


@pytest.fixture
def browser():
    """``browser.move(control, value)``: the browser moves ``control``; returns what the
    kernel sends back. Each control touched keeps a ``Comm`` until the test ends."""
    class Browser:
        connected = []

        def connect(self, control):
            if not isinstance(control.comm, Comm):
                control.comm = Comm()
                self.connected.append(control)
            return control.comm

        def move(self, control, value):
            comm = self.connect(control)
            control._handle_msg({"content": {"data": {"method": "update",
                                                      "state": {"value": value},
                                                      "buffer_paths": []}}, "buffers": []})
            return comm.sent

    yield Browser()
    for control in Browser.connected:
        control.comm = None


@pytest.mark.parametrize("control", [labelled_slider("θ2", 60.0, -180, 180, 1, "°"),
                                     *frame_player(10)], ids=["slider", "play", "frame"])
def test_a_move_in_the_browser_is_not_echoed_and_a_change_in_python_still_reaches_it(
        control, browser):
    assert browser.move(widgets.IntSlider(max=10), 3) == [
        {"method": "echo_update", "state": {"value": 3}, "buffer_paths": []}]   # ipywidgets'
    assert browser.move(control, 3) == [] and control.value == 3
    control.value = 4
    assert control.comm.sent == [{"method": "update", "state": {"value": 4},
                                  "buffer_paths": []}]


def test_a_frame_played_in_the_browser_is_drawn_and_nothing_is_sent_back(browser):
    """In the browser, jslink has moved the frame slider with Play already: the kernel
    keeps its copy in step but sends neither back. (Sending the other control's value
    raced Play on a loaded machine: a stale frame pulled Play back, which sent it again.)"""
    box = player({"n": widgets.IntSlider(value=10, min=2, max=20)},
                 lambda n: np.linspace(0.0, 1.0, n), Track, groups=[("run", ["n"])], dpi=20)
    png = bytes(box.live.image.value)
    frame_sent = browser.connect(box.frame).sent
    assert browser.move(box.play, 7) == [] and frame_sent == []
    assert box.frame.value == 7 and box.state()[1] == 7 and bytes(box.live.image.value) != png
    box.play.value = 3                                      # from Python: Play is sent, and
    assert box.play.comm.sent[-1]["state"] == {"value": 3}  # the browser's jslink moves
    assert box.frame.value == 3 and frame_sent == []        # its frame slider


def test_controls_box_puts_plain_names_on_rows_above_the_titled_columns():
    controls = {name: widgets.FloatSlider(description=name) for name in "abc"}
    box = controls_box(controls, ["a", ("second", ["b", "c"])])
    assert box.children[0] is controls["a"]
    column = box.children[1].children[0]
    assert column.children[0].value == "<b>second</b>" and column.children[1:] == (
        controls["b"], controls["c"])
    stacked = controls_box(controls, [("x", ["a"]), ("y", ["b", "c"])], stacked=True)
    assert isinstance(stacked.children[0], widgets.VBox) and len(stacked.children[0].children) == 2


def full_render(live):
    """The figure of ``live`` rendered whole, moving artists included (a render leaves out
    animated artists, so they are made ordinary for it)."""
    for artist in live.moving:
        artist.set_animated(False)
    buffer = io.BytesIO()
    live.fig.savefig(buffer, format="png", dpi=live.dpi)
    for artist in live.moving:
        artist.set_animated(True)
    return buffer.getvalue()


def test_a_misplaced_control_or_a_view_without_its_methods_is_named():
    controls = {"a": widgets.FloatSlider(), "b": widgets.FloatSlider()}
    with pytest.raises(ValueError, match=r"groups must place every control once: \['a', 'b'\]"):
        controls_box(controls, [("only a", ["a"])])
    with pytest.raises(TypeError, match=r"view must build an object with fig, moving and "
                                        r"update; got a Track without update"):
        explorer(controls, lambda a, b: np.zeros(3), Track, groups=[("both", ["a", "b"])])
    with pytest.raises(TypeError, match=r"got a Dot without show_run, show_frame, times"):
        player(controls, lambda a, b: 0.0, Dot, groups=[("both", ["a", "b"])])


def _rgb(data):
    return np.asarray(PIL.Image.open(io.BytesIO(data)).convert("RGB"), dtype=float)


WIDGETS = {
    "kinematics": (lambda: kinematics.kinematics_widget(dpi=30), "theta2", 100.0),
    "statics": (lambda: statics.statics_widget(dpi=30), "fx", -6.0),
    "inertia": (lambda: inertia.inertia_widget(dpi=30), "yaw", 45.0),
    "puma560": (lambda: puma560.puma560_widget(dpi=30), "theta2", 10.0),
    "dynamics_2r": (lambda: dynamics_2r.dynamics_2r_widget(samples=20, dpi=30), "m2", 3.0),
    "dynamics_rp": (lambda: dynamics_rp.rp_dynamics_widget(dpi=30), "theta0", 50.0),
    "trajectories": (lambda: trajectories.trajectories_widget(samples=15, dpi=30), "x", 0.2),
}


@pytest.mark.parametrize("name", WIDGETS)
def test_the_live_figure_shows_what_a_full_render_draws(name):
    make, control, value = WIDGETS[name]
    box = make()
    box.sliders[control].value = value
    if hasattr(box, "frame"):
        box.frame.value = box.frame.max // 2
    live = box.live
    blitted, rendered = _rgb(bytes(live.image.value)), _rgb(full_render(live))
    assert blitted.shape == rendered.shape
    assert np.abs(blitted - rendered).mean() < 1.0, "the blitted frame is not the figure"
    assert [int(live.image.width), int(live.image.height)] == list(blitted.shape[1::-1])


FALLBACKS = {
    "kinematics": lambda: kinematics.singularity_animation(n_frames=3, dpi=20),
    "statics": lambda: statics.statics_animation(n_frames=3, dpi=20),
    "inertia": lambda: inertia.inertia_animation(n_frames=3, dpi=20),
    "puma560": lambda: puma560.puma560_animation(n_frames=3, dpi=20),
    "dynamics_2r": lambda: dynamics_2r.dynamics_2r_animation(n_frames=3, dpi=20, samples=9),
    "dynamics_rp": lambda: dynamics_rp.free_swing_animation(duration=0.5, n_frames=3, dpi=20),
    "trajectories": lambda: trajectories.trajectories_animation(n_frames=3, dpi=20,
                                                                samples=11),
}


class Page(HTMLParser):
    """The tags of a page: every address it would load, every button and its icons."""

    def __init__(self, html):
        super().__init__()
        self.addresses, self.buttons, self.classes = [], [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.addresses += [attrs[key] for key in ("src", "href")
                           if attrs.get(key) and not attrs[key].startswith("data:")]
        self.classes += (attrs.get("class") or "").split()
        if tag == "button":
            self.buttons.append([])
        elif tag == "svg" and self.buttons:
            self.buttons[-1].append(attrs)


@pytest.mark.parametrize("name", FALLBACKS)
def test_every_fallback_is_a_player_that_needs_no_network(name):
    html = FALLBACKS[name]()
    page = Page(html)
    assert len(_frames(html)) == 3
    assert not page.addresses, f"the player loads {page.addresses}"
    assert not re.search(r"https?://|//cdn|font-awesome", html)
    assert not [c for c in page.classes if c.startswith("fa")], "a font-awesome icon is left"
    assert len(page.buttons) == len(ICONS) and all(len(icons) == 1 for icons in page.buttons)
    assert "anim" in html and "<script" in html


def _frames(html):
    """The frames of a player page, decoded: the first in its picture, the others in its
    script."""
    return [PIL.Image.open(io.BytesIO(base64.b64decode(data.replace("\\\n", ""))))
            for data in re.findall(r'(?:<img id="_anim_img\w+" src=|frames\[\d+\] = )'
                                   r'"data:image/\w+;base64,([^"]+)"', html)]


@pytest.mark.parametrize("name", ["statics", "dynamics_rp"])
def test_without_scripts_a_fallback_shows_its_first_frame_and_says_to_run_the_cell(name):
    """What JupyterLab shows of a stored player in a notebook it does not trust: the HTML
    without scripts, styles or SVG. The picture is the first frame, a line says to run the
    cell, and the controls (which could do nothing) are hidden."""
    html = FALLBACKS[name]()
    still = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    picture = re.search(r'<img [^>]*src="data:image/\w+;base64,([^"]+)"', still)
    assert picture and PIL.Image.open(io.BytesIO(base64.b64decode(picture.group(1))))
    assert animation.RUN_TO_PLAY in still
    assert re.search(r'<div class="anim-controls" style="display:none">', still)


def _save(fig, **savefig):
    """``fig.savefig`` as PNG bytes, at the figure's dpi unless told."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", **{"dpi": fig.dpi, **savefig})
    return buffer.getvalue()


def _full_render(fig, **savefig):
    """``fig`` rendered whole by a plain Agg canvas, full colour (RGB, float)."""
    FigureCanvasAgg(fig)
    return _rgb(_save(fig, **savefig))


@pytest.mark.parametrize("name", FALLBACKS)
def test_a_fallback_frozen_on_its_background_draws_what_the_plain_figure_draws(name,
                                                                              monkeypatch):
    """At the start and after the last update, a frozen figure shows what it shows drawn
    whole. The last frame, with its palette of 64 colours, is compared with the figure
    drawn whole in full colour: a mean error under 1 (of 255) per channel. These frames
    measure 0.2-0.6, as a median cut of the whole frame (the old frames) does; PIL's
    fast octree quantizer measures 1.5-4.5 on them and fails."""
    renders, figures, freeze = [], [], animation.freeze_background

    def checked(fig, moving):
        plain = _rgb(_save(fig))
        freeze(fig, moving)
        renders.append((plain, _rgb(_save(fig))))
        figures.append(fig)

    monkeypatch.setattr(animation, "freeze_background", checked)
    html = FALLBACKS[name]()
    ((plain, frozen),) = renders
    assert np.abs(plain - frozen).mean() < 1.0, "freezing the background changed the figure"
    last, expected = _frames(html)[-1], _full_render(figures[0])      # the last frame's state
    assert last.format == "PNG" and last.mode == "P"
    last = np.asarray(last.convert("RGB"), dtype=float)
    assert last.shape == expected.shape
    assert np.abs(last - expected).mean() < 1.0, "a frame is not the figure drawn whole"


@pytest.mark.parametrize("name", FALLBACKS)
def test_a_fallback_is_the_same_page_every_time(name):
    """Deterministic, for notebooks saved with their outputs: the same call gives the same
    page, but for the random id matplotlib's player gives its elements."""
    def page():
        html = FALLBACKS[name]()
        player_id = re.search(r'id="_anim_img([0-9a-f]{32})"', html).group(1)
        return html.replace(player_id, "ID")

    assert page() == page()


def test_a_frozen_figure_saved_otherwise_is_drawn_whole():
    """Another dpi or face colour than the frames' is a correct full render (the figure
    keeps every artist); back at the frames' dpi, a frame is again the figure."""
    views = [Dot(1.0), Dot(1.0)]
    for view in views:
        view.fig.set_dpi(30)
    frozen = views[1].fig
    animation.freeze_background(frozen, views[1].moving)
    for options in ({"dpi": 75}, {"facecolor": "0.8"}, {}):
        assert np.array_equal(_full_render(views[0].fig, **options),
                              _rgb(_save(frozen, **options))), options
    for view in views:
        view.update(-2.0)
    assert np.array_equal(_full_render(views[0].fig), _rgb(_save(frozen)))


def _crossing(fig):
    """Moving artists that cross: a dot under a bar (zorder) and a figure text, which a
    figure draws after its axes; listed out of that order."""
    ax = fig.add_subplot()
    ax.set(xlim=(0, 1), ylim=(0, 1))
    (dot,) = ax.plot([0.5], [0.5], "o", ms=14, color="tab:red", zorder=2.2)
    (bar,) = ax.plot([0.2, 0.8], [0.5, 0.5], lw=8, color="tab:blue", zorder=2.1)
    text = fig.text(0.45, 0.4, "A", fontsize=16, color="tab:green")
    return [text, dot, bar]


def _segments(fig):
    """A 3D collection moved by ``set_segments``: drawn right only once projected."""
    ax = fig.add_subplot(projection="3d")
    lines = Line3DCollection([[(0, 0, 0), (1, 1, 1)]], colors="tab:red", linewidths=3)
    ax.add_collection3d(lines)
    return [lines]


@pytest.mark.parametrize("make", [_crossing, _segments], ids=["crossing", "3d collection"])
def test_a_frame_draws_the_moving_artists_as_the_whole_figure_does(make):
    """Full colour, a frame over the kept picture has the very pixels of the figure drawn
    whole: the moving artists in its drawing order, 3D ones projected."""
    (plain, frozen) = figures = [Figure(figsize=(2, 1.5), dpi=40) for _ in range(2)]
    moving = [make(fig) for fig in figures]
    animation.freeze_background(frozen, moving[1])
    for artists in moving:
        for artist in artists:
            if hasattr(artist, "set_segments"):
                artist.set_segments([[(0, 1, 0), (1, 0, 0.5)]])
            elif hasattr(artist, "set_data"):
                artist.set_data([0.6], [0.45])
            else:
                artist.set_position((0.5, 0.3))
    assert np.array_equal(_full_render(plain), _rgb(_save(frozen)))
    assert np.array_equal(_full_render(plain), _rgb(_save(frozen)))     # and the next one


def test_a_frame_canvas_takes_what_savefig_hands_a_png_printer():
    view = Dot(1.0)
    animation.freeze_background(view.fig, view.moving)
    view.fig.canvas.colors = 8
    image = PIL.Image.open(io.BytesIO(_save(view.fig, metadata={"Title": "a dot"},
                                            pil_kwargs={"compress_level": 1},
                                            orientation="portrait", edgecolor="white")))
    assert image.mode == "P" and image.text == {"Title": "a dot"}
    assert len(image.getpalette()) <= 3 * 8


def test_png_frames_are_palette_images():
    fig = Figure(figsize=(1, 1), dpi=20)
    canvas = fig.canvas
    html = animation_html(fig, lambda k: None, 2)
    assert [frame.mode for frame in _frames(html)] == ["P", "P"]
    assert fig.canvas is canvas              # an unfrozen figure gets its canvas back


def test_a_changed_player_markup_is_refused_rather_than_left_online():
    with pytest.raises(ValueError, match="markup has changed"):
        offline_player('<button><i class="fa fa-rocket"></i></button>')
    with pytest.raises(ValueError, match="external address"):
        offline_player('<script src="https://cdn.example/x.js"></script>')
