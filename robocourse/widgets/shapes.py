"""The two shapes of the chapter widgets, and their controls.

* An **explorer** (``explorer``): controls → a pure *state function* of their values →
  ``view.update(state)``. Every control change recomputes the state (the numbers of that
  setting, from the library) and moves the view's artists.
* A **player** (``player``): settings → a *run function* called once per change of the
  settings (a whole motion, from the library) → ``view.show_run(run)``; a Play button and
  a frame slider then step through its frames, ``view.show_frame(k)``, moving artists only.

A *view* owns a matplotlib ``Figure`` (``fig``) and the list of the artists it moves
(``moving``); the widget shows it as a ``live.LiveFigure`` and redraws only those. An
explorer's view has ``update(state)``; a player's view ``show_run(run)``,
``show_frame(k)`` and ``times`` (the sample times of the run shown, one per frame). The
same view makes the widget's static fallback (``animation.sweep_animation``,
``animation.run_animation``).

Units: controls show degrees for angles; state and run functions take the controls'
values as keyword arguments, in those units, and hand the library radians.

Every word a widget shows — its controls' names, its columns' titles, its readouts, the
line that says what to do — is in the language of the notebook when the widget is made
(``language.say(english, "widgets")``; a Chinese notebook calls ``language.use("zh_CN")``
first): a chapter's widget function passes its controls' names and titles through ``say``.
A widget keeps that language for its readouts as its controls move (``speaking``).

Where a widget cannot be shown — a notebook JupyterLab does not trust yet, opened before any
cell ran, shows stored widgets as their text — a chapter widget shows its figure as it was
saved and a line that says what to do (``Pictured``).

What a move costs the browser: the controls made here (``labelled_slider``,
``frame_player``) are not echoed (``without_echo``), and a change hands the readout over
before the figure, so the browser has handled the readout by the time the figure arrives and
paints the figure in the next frame.
"""

import base64
import copy
import functools

import ipywidgets as widgets

from robocourse import language
from robocourse.language import say
from robocourse.widgets.live import LiveFigure


def without_echo(control):
    """A subclass of the ipywidgets class ``control`` whose ``value``, moved in the browser,
    is not echoed back to it.

    ipywidgets 8 answers every change that comes from the browser with an ``echo_update``
    message, so that a second browser window showing the same kernel follows the move.
    In the one window a student works in, that is one more message the page handles
    before it can paint the figure of the move; a control made here leaves it out
    (ipywidgets' own ``echo_update=False`` trait metadata, as its ``Image.value`` has).
    Values set from Python still reach the browser.

    >>> Slider = without_echo(widgets.FloatSlider)
    >>> Slider.class_traits()["value"].metadata["echo_update"], Slider(value=2.0).value
    (False, 2.0)
    >>> Slider.__name__, Slider(value=9.0, max=5.0).value        # validated as before
    ('FloatSlider', 5.0)
    """
    value = copy.copy(control.class_traits()["value"])
    value.metadata = {**value.metadata, "echo_update": False}
    return type(control.__name__, (control,), {"value": value, "__module__": __name__,
                                               "__doc__": control.__doc__})


FloatSlider, IntSlider, Play = (without_echo(control) for control in
                                (widgets.FloatSlider, widgets.IntSlider, widgets.Play))


def labelled_slider(name, value, low, high, step, unit="", digits=2, continuous=True,
                    width="300px", label_width="70px"):
    """A FloatSlider labelled ``name (unit)``, not echoed (``without_echo``); angles in
    degrees read out without decimals.

    >>> labelled_slider("θ2", 60.0, -180, 180, 1, "°").description
    'θ2 (°)'
    """
    return FloatSlider(value=value, min=low, max=high, step=step,
                       description=f"{name} ({unit})" if unit else name,
                       continuous_update=continuous,
                       readout_format=".0f" if unit == "°" else f".{digits}f",
                       style={"description_width": label_width},
                       layout=widgets.Layout(width=width))


def frame_player(n_frames, interval_ms=60, step=1):
    """A Play button and a frame slider, linked in the browser: ``(play, frame)``, neither
    echoed (``without_echo``).

    Linking in the browser (``jslink``) keeps the slider moving with Play even while the
    kernel is busy.

    >>> play, frame = frame_player(10)
    >>> frame.max, play.interval
    (9, 60)
    """
    play = Play(value=0, min=0, max=n_frames - 1, step=step, interval=interval_ms,
                description=say("play", "widgets"))
    frame = IntSlider(value=0, min=0, max=n_frames - 1, description=say("frame", "widgets"),
                      continuous_update=True, style={"description_width": "70px"},
                      layout=widgets.Layout(width="420px"))
    widgets.jslink((play, "value"), (frame, "value"))
    return play, frame


def controls_box(controls, groups, stacked=False):
    """The controls laid out: a row of titled columns, one per ``(title, names)`` in
    ``groups`` (one above the other when ``stacked``); a plain name in ``groups`` puts
    that control on a row of its own above. Every control must be placed once.

    >>> box = controls_box({"a": widgets.FloatSlider(), "b": widgets.FloatSlider()},
    ...                    [("first", ["a"]), ("second", ["b"])])
    >>> [column.children[0].value for column in box.children[0].children]
    ['<b>first</b>', '<b>second</b>']
    """
    rows, columns, placed = [], [], []
    for entry in groups:
        if isinstance(entry, str):
            rows.append(controls[entry])
            placed.append(entry)
        else:
            title, names = entry
            columns.append(widgets.VBox([widgets.HTML(f"<b>{title}</b>"),
                                         *(controls[name] for name in names)]))
            placed += names
    if sorted(placed) != sorted(controls):
        raise ValueError(f"groups must place every control once: {sorted(controls)}; "
                         f"got {placed}")
    return widgets.VBox([*rows, (widgets.VBox if stacked else widgets.HBox)(columns)])


class Pictured:
    """A chapter widget's box that also offers, beside the widget itself, what a front end
    that cannot show the widget should show instead: its figure as a PNG (``live``, the
    ``LiveFigure``) and ``hint``, the sentence that says what to do — as HTML, which an
    untrusted notebook in JupyterLab shows (without scripts), and as plain text. Where the
    widget can be shown (the cell was run, the book's saved widget state), it is.

    >>> from matplotlib.figure import Figure
    >>> from robocourse.widgets.live import LiveFigure
    >>> box = PicturedVBox([], live=LiveFigure(Figure(figsize=(1, 1)), [], dpi=10), hint="Run it.")
    >>> bundle = box._repr_mimebundle_()
    >>> sorted(bundle), bundle["text/plain"]
    (['application/vnd.jupyter.widget-view+json', 'text/html', 'text/plain'], 'Run it.')
    >>> bundle["text/html"].startswith('<img src="data:image/png;base64,')
    True
    """

    def __init__(self, children=(), *, live, hint, **kwargs):
        super().__init__(children, **kwargs)
        self.live, self.hint = live, hint
        self.alt = say("the figure of this widget", "widgets")

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        picture = base64.b64encode(bytes(self.live.image.value)).decode("ascii")
        bundle["text/html"] = (f'<img src="data:image/png;base64,{picture}" '
                               f'alt="{self.alt}"><p>{self.hint}</p>')
        bundle["text/plain"] = self.hint
        return bundle


class PicturedVBox(Pictured, widgets.VBox):
    """A ``VBox`` that is ``Pictured``."""


class PicturedHBox(Pictured, widgets.HBox):
    """An ``HBox`` that is ``Pictured``."""


#: What an explorer and a player say where they cannot be shown.
MOVE_THE_SLIDERS = "▶ Run this cell to move the sliders (the figure above is as it was saved)."
PLAY_THE_MOTION = "▶ Run this cell to play the motion and change its settings."


def speaking(callback):
    """``callback`` that runs in the language in use now (when a widget is made), whatever
    the language when it is called (a control moved later).

    >>> from robocourse.language import using
    >>> with using("zh_CN"):
    ...     hint = speaking(lambda: say(PLAY_THE_MOTION, "widgets"))
    >>> hint()[:7]
    '▶ 运行此单元'
    """
    spoken = language.current()

    @functools.wraps(callback)
    def in_language(*args, **kwargs):
        with language.using(spoken):
            return callback(*args, **kwargs)

    return in_language


def _check_view(view, needs):
    """``view``, after checking that it has the attributes a shape uses."""
    missing = [name for name in ("fig", "moving", *needs) if not hasattr(view, name)]
    if missing:
        raise TypeError(f"view must build an object with fig, moving and {', '.join(needs)}; "
                        f"got a {type(view).__name__} without {', '.join(missing)}")
    return view


def _values(controls):
    return {name: control.value for name, control in controls.items()}


def explorer(controls, state, view, readout=None, *, groups, dpi=72, beside=False):
    """An explorer widget: ``controls`` → ``state(**values)`` → ``view.update(state)``.

    ``controls``: the value widgets by name; ``state``: a pure function of their values
    (keyword arguments by name), returning the numbers of one setting; ``view(state)``
    builds the view for the first state; ``readout(state)``: HTML shown beside the figure.
    ``groups`` lays the controls out (``controls_box``) above the figure, or stacked
    ``beside`` it.

    Returns an ``ipywidgets.Box`` that carries, for tests and curious students, ``sliders``
    (the controls), ``state()`` (the current state), ``drawing`` (the view), ``live``
    (``LiveFigure``), ``readout`` (the HTML widget) and ``update()`` (redraw by hand).
    A change hands the readout over first, then renders and hands over the figure.
    """
    def current():
        return state(**_values(controls))

    first = current()
    drawing = _check_view(view(first), ["update"])
    live = LiveFigure(drawing.fig, drawing.moving, dpi=dpi)
    html = widgets.HTML(readout(first) if readout else "")

    @speaking
    def update(_change=None):
        now = current()
        if readout:
            html.value = readout(now)
        drawing.update(now)
        live.refresh()

    for control in controls.values():
        control.observe(update, names="value")
    panel = controls_box(controls, groups, stacked=beside)
    hint = say(MOVE_THE_SLIDERS, "widgets")
    box = (PicturedHBox([live.image, widgets.VBox([panel, html])], live=live, hint=hint)
           if beside else
           PicturedVBox([panel, widgets.HBox([live.image, html])], live=live, hint=hint))
    box.sliders, box.drawing, box.readout = controls, drawing, html
    box.state, box.update = speaking(current), update
    return box


def player(settings, run, view, readout=None, summary=None, *, groups, dpi=72,
           interval_ms=60, step=1):
    """A player widget: ``settings`` → ``run(**values)`` once → frames ``view.show_frame(k)``.

    ``settings``: the value widgets by name; ``run``: the function of their values that
    computes a whole motion; ``view(first run)`` builds the view; ``readout(run, k)``:
    HTML of frame k under the figure; ``summary(run)``: HTML of the run under that.
    A Play button (``step`` frames every ``interval_ms``) and a frame slider, linked,
    step through the frames; a settings change runs once and keeps the frame shown
    (the last one of a shorter run).

    Returns an ``ipywidgets.VBox`` carrying ``sliders`` (the settings), ``play``,
    ``frame``, ``drawing`` (the view), ``live`` (``LiveFigure``), ``readout`` and
    ``summary`` (HTML widgets) and ``state()`` → ``(run, k)``.
    """
    shown = {"run": run(**_values(settings)), "k": 0}
    drawing = _check_view(view(shown["run"]), ["show_run", "show_frame", "times"])
    live = LiveFigure(drawing.fig, drawing.moving, dpi=dpi)
    play, frame = frame_player(len(drawing.times), interval_ms, step)
    frame_html, run_html = widgets.HTML(), widgets.HTML()

    def show(k, full=False):
        shown["k"] = k
        if readout:
            frame_html.value = readout(shown["run"], k)
        drawing.show_frame(k)
        live.refresh(full)

    @speaking
    def on_frame(change):
        k = int(change["new"])
        for other in (play, frame):    # both in step here too, as jslink keeps them in the
            if other.value != k:       # browser: set as if from there, never sent back
                other.set_state({"value": k})
        if shown["k"] != k:
            show(k)

    def refresh_run():
        last = len(drawing.times) - 1
        shown["k"] = k = min(shown["k"], last)   # clamping below must not redraw the old run
        for control in (play, frame):
            control.max = last
        show(k, full=True)
        if summary:
            run_html.value = summary(shown["run"])

    @speaking
    def on_settings(_change=None):
        shown["run"] = run(**_values(settings))
        drawing.show_run(shown["run"])
        refresh_run()

    play.observe(on_frame, names="value")
    frame.observe(on_frame, names="value")
    for control in settings.values():
        control.observe(on_settings, names="value")
    refresh_run()
    box = PicturedVBox([controls_box(settings, groups), widgets.HBox([play, frame]),
                        live.image, frame_html, run_html], live=live,
                       hint=say(PLAY_THE_MOTION, "widgets"))
    box.sliders, box.play, box.frame, box.drawing = settings, play, frame, drawing
    box.readout, box.summary = frame_html, run_html
    box.state = lambda: (shown["run"], shown["k"])
    return box
