"""Chapter 7 widget: identify the base parameters of the experiment arm, choosing how hard
the motion excites them and how noisy the torque sensors are.

The arm is ``identification.experiment_arm()`` (the vertical 2R arm with box links and
joint friction) with its ten base parameters (six inertial, four friction). The motion is
one finite Fourier series (``identification.exciting_trajectory``, fixed coefficients)
scaled to a fraction of the largest amplitudes ``MAX_AMPLITUDE``; the torques are the
standard model's plus Gaussian noise of the chosen standard deviation (fixed draws, so the
picture only changes when a control does); the estimate is ordinary least squares.

The figure shows, for every base parameter, the estimate divided by its true value with a
±2σ error bar (σ from the covariance ``σ² (WᵀW)⁻¹``), and the motion of both joints
within their limits; its title gives ``cond(W)``. A small amplitude leaves some
parameters hardly excited: the condition number grows and their error bars open up;
more noise widens every bar.

``identification_widget`` is the explorer (two sliders), ``identification_animation``
the static fallback: a sweep of the amplitude at a fixed noise, as an embedded player.
The numbers come from ``identification_state``, a pure function of the two settings.
"""

import functools
import html
from typing import Any, NamedTuple

import numpy as np
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure

from robocourse import identification as I
from robocourse.base_parameters import base_parameters_by_regrouping
from robocourse.language import say
from robocourse.parameters import standard_parameters
from robocourse.widgets.animation import sweep_animation
from robocourse.widgets.drawing import number_text
from robocourse.widgets.shapes import explorer, labelled_slider

MAX_AMPLITUDE = (2.0, 2.4)          # rad: the largest motion of joints 1 and 2 (fraction 1)
LIMITS = ((-2.6, -2.6), (2.6, 2.6))  # rad: the joint limits drawn
TIMES = np.arange(0.0, 10.0, 0.02)   # s: one period of the motion, sampled at 50 Hz
SEED = 3                             # the coefficients of the motion
RATIO_RANGE = (-0.5, 2.5)            # the estimate / true value shown


@functools.lru_cache(maxsize=1)
def experiment():
    """``(arm, base, model, true values, noise draws)`` of the experiment, built once."""
    arm = I.experiment_arm()
    base = base_parameters_by_regrouping(arm, friction=True)
    true = base.values(standard_parameters(arm, friction=I.EXPERIMENT_FRICTION))
    draws = np.random.default_rng(SEED).standard_normal((len(TIMES), arm.n))
    return arm, base, I.BaseRegressor(arm, base), true, draws


class IdentificationState(NamedTuple):
    """One identification: the ``names`` of the base parameters, the ``true`` values,
    the ``estimate`` (``identification.Estimate``), ``condition`` = cond(W), the joint
    angles ``q`` (N, 2) along the motion and the settings ``amplitude``, ``noise``."""

    names: tuple
    true: Any
    estimate: Any
    condition: float
    q: Any
    amplitude: float
    noise: float

    @property
    def ratios(self):
        """Estimate / true value of each base parameter."""
        return self.estimate.values / self.true

    @property
    def ratio_errors(self):
        """2σ of each ratio (the half-length of its error bar)."""
        return 2 * self.estimate.standard_deviations / np.abs(self.true)


def identification_state(amplitude=0.8, noise=0.5):
    """Identify the experiment arm's base parameters with the motion scaled to ``amplitude``
    (a fraction of ``MAX_AMPLITUDE``) and torque noise ``noise`` (N·m).

    >>> state = identification_state(amplitude=1.0, noise=0.0)
    >>> bool(np.allclose(state.ratios, 1.0)), state.names[:3]
    (True, ('ZZR1', 'MXR1', 'MY1'))
    """
    arm, base, model, true, draws = experiment()
    if not 0 < amplitude <= 1:
        raise ValueError(say("amplitude must be a fraction of the largest motion, 0 < "
                             "amplitude <= 1; got {amplitude}", "errors",
                             amplitude=repr(amplitude)))
    if noise < 0:
        raise ValueError(say("noise must be >= 0 (N·m); got {noise}", "errors", noise=repr(noise)))
    motion = I.exciting_trajectory(arm.n, amplitude=amplitude * np.array(MAX_AMPLITUDE),
                                   limits=LIMITS, seed=SEED)
    W = model.stacked(motion, TIMES)
    tau = I.measured_torques(arm, motion, TIMES, friction=I.EXPERIMENT_FRICTION) + noise * draws
    estimate = I.least_squares(W, tau.T.ravel(), joints=arm.n)
    return IdentificationState(base.names, true, estimate, I.condition_number(W),
                               motion.at(TIMES)[0], float(amplitude), float(noise))


class IdentificationView:
    """The estimates with their error bars (left) and the motion (right).

    ``update(state)`` moves the points, the bars, the joint curves and the title;
    ``moving`` lists those artists.
    """

    def __init__(self, fig, state):
        self.fig = fig
        left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": (1.6, 1.0),
                                                       "left": 0.08, "right": 0.98,
                                                       "bottom": 0.2, "top": 0.84,
                                                       "wspace": 0.28})
        k = np.arange(len(state.names))
        left.axhline(1.0, color="0.5", lw=1)
        left.set_xticks(k, [_label(name) for name in state.names], fontsize=8)
        left.set_xlim(-0.6, len(k) - 0.4)
        left.set_ylim(*RATIO_RANGE)
        left.set_ylabel(say("identified / true", "widgets"))
        left.grid(True, axis="y", lw=0.3)
        self.bars = LineCollection([], colors="tab:blue", lw=2)
        left.add_collection(self.bars)
        (self.points,) = left.plot([], [], "o", color="tab:blue", ms=5)
        for j, colour in enumerate(("tab:red", "tab:green")):
            right.axhline(LIMITS[0][j], color=colour, lw=0.8, ls=":")
            right.axhline(LIMITS[1][j], color=colour, lw=0.8, ls=":")
        self.curves = [right.plot(TIMES, np.zeros_like(TIMES), color=colour, lw=1.4,
                                  label=f"$\\theta_{j + 1}$")[0]
                       for j, colour in enumerate(("tab:red", "tab:green"))]
        right.set_ylim(-2.9, 2.9)
        right.set_xlim(TIMES[0], TIMES[-1])
        right.set_xlabel("t (s)")
        right.set_ylabel("rad")
        right.legend(loc="lower right", fontsize=8, ncol=2)
        right.set_title(say("the exciting motion (dotted: limits)", "widgets"), fontsize=9)
        self.title = fig.text(0.08, 0.93, "", fontsize=10)
        self.moving = [self.bars, self.points, *self.curves, self.title]
        self.update(state)

    def update(self, state):
        """Show ``state``: points, ±2σ bars (clipped to the axes), curves and the title."""
        k = np.arange(len(state.names))
        ratios, errors = state.ratios, state.ratio_errors
        low, high = RATIO_RANGE
        self.points.set_data(k, np.clip(ratios, low, high))
        self.bars.set_segments([[(x, max(r - e, low)), (x, min(r + e, high))]
                                for x, r, e in zip(k, ratios, errors, strict=True)])
        for curve, q in zip(self.curves, state.q.T, strict=True):
            curve.set_ydata(q)
        self.title.set_text(say("amplitude {amplitude} × max,  noise {noise} N·m:  "
                                "cond(W) = {condition}", "widgets",
                                amplitude=f"{state.amplitude:.2f}", noise=f"{state.noise:.2f}",
                                condition=f"{state.condition:.0f}"))


def _label(name):
    """``ZZR1`` → ``$ZZR_1$`` for the axis."""
    split = len(name.rstrip("0123456789"))
    return f"${name[:split]}_{{{name[split:]}}}$"


def readout_html(state):
    """An HTML table of the estimates ± σ against the true values.

    >>> 'ZZR1' in readout_html(identification_state(1.0, 0.0))
    True
    """
    rows = "".join(
        f"<tr><td style='padding:1px 8px'>{html.escape(name)}</td>"
        f"<td style='padding:1px 8px;text-align:right'><code>{number_text(true, 4)}</code></td>"
        f"<td style='padding:1px 8px;text-align:right'><code>{number_text(value, 4)} ± "
        f"{number_text(sigma, 4)}</code></td></tr>"
        for name, true, value, sigma in zip(state.names, state.true, state.estimate.values,
                                            state.estimate.standard_deviations, strict=True))
    return ("<div style='font-family:sans-serif;font-size:85%'>"
            f"cond(W) = <code>{number_text(state.condition, 1)}</code>"
            "<table style='border:1px solid #ccc;margin-top:4px'>"
            f"<tr><th>{say('parameter', 'widgets')}</th><th>{say('true', 'widgets')}</th>"
            f"<th>{say('identified ± σ', 'widgets')}</th></tr>"
            f"{rows}</table></div>")


def identification_view(state, dpi=None):
    """The ``IdentificationView`` of ``state`` on a new figure (at ``dpi``)."""
    return IdentificationView(Figure(figsize=(9.0, 3.4), dpi=dpi), state)


def identification_widget(amplitude=0.8, noise=0.5, dpi=72):
    """Two sliders — the amplitude of the motion (fraction of the largest) and the torque
    noise (N·m) — and, on every change, a new identification drawn and tabulated.

    An explorer (``shapes.explorer``): ``sliders`` (``amplitude``, ``noise``), ``state()``
    (the current ``IdentificationState``), ``drawing``, ``live`` and ``readout``.
    """
    sliders = {"amplitude": labelled_slider(say("amplitude", "widgets"), amplitude, 0.05, 1.0,
                                            0.05, digits=2, continuous=False),
               "noise": labelled_slider(say("noise", "widgets"), noise, 0.0, 3.0, 0.1, "N·m",
                                        digits=1, continuous=False)}
    return explorer(sliders, identification_state, identification_view, readout_html,
                    dpi=dpi, groups=[(say("the experiment", "widgets"), ["amplitude", "noise"])])


def identification_animation(noise=1.0, n_frames=20, dpi=60, colors=64):
    """The static fallback: the amplitude swept from 0.05 to 1 at ``noise`` (N·m), one
    identification per frame, as an embedded JavaScript player (HTML)."""
    amplitudes = np.linspace(0.05, 1.0, n_frames)
    states = [identification_state(a, noise) for a in amplitudes]
    view = identification_view(states[0], dpi)
    return sweep_animation(view, states, interval_ms=400, colors=colors)
