"""Chapter 4 widget: the R-P arm of Craig's Example 6.5 (SYLLABUS 4.3) in motion, with
its kinetic, potential and total energy.

The arm turns about joint 1 (``θ1``, from the horizontal X0) and slides along
itself at joint 2 (``d2``, the distance of the slide's centre of mass from axis 1).
Two motions are simulated with the library (``simulate.simulate`` on the
generated code of ``codegen.CompiledDynamics``, equations by Newton–Euler):

* **free swing** — no motor acts. Joint 1 is free. A prismatic joint with
  ``f2 = 0`` has nothing at all to hold it, so the slide would fall out of the
  sleeve in well under a second; here it hangs on a spring (stiffness ``k``,
  rest length ``d_rest``), a passive element whose force ``f2 = −k (d2 − d_rest)``
  does work but stores it: ``E = K + U_gravity + U_spring`` stays constant. With
  ``k = 0`` the slide is truly free (``τ = 0``) and the motion is cut where the
  slide leaves its travel (``TRAVEL``).
* **controlled move** — computed-torque control (``control.computed_torque``) moves
  the arm from the start pose to a goal pose along a rest-to-rest cubic and back.
  The energy of the arm ``E = K + U`` now changes, by exactly the work of the
  motors ``W(t) = ∫ τᵀ q̇ dt``: the plot shows ``E(0) + W(t)`` on top of ``E(t)``.

The energies come from ``lagrange.kinetic_energy`` and ``lagrange.potential_energy``
(zero potential with the centres of mass at the height of axis 1; Craig's
reference at ``θ1 = −90°``, ``d2 = d2max`` only adds a constant).

The motion is computed once per change of settings (``free_swing``,
``controlled_move``: a ``RunResult``); playing it only moves artists
(``RPAnimationFigure.show_frame``). ``rp_dynamics_widget`` is the interactive
version, ``free_swing_animation`` the static fallback (an embedded player).
"""

from dataclasses import dataclass
from functools import lru_cache

import ipywidgets as widgets
import numpy as np
from matplotlib import rc_context
from matplotlib.figure import Figure
from scipy.integrate import cumulative_simpson

from robocourse.codegen import CompiledDynamics
from robocourse.control import computed_torque
from robocourse.kinematics import link_frames
from robocourse.lagrange import kinetic_energy, potential_energy
from robocourse.models import rp_arm
from robocourse.simulate import Motion, simulate
from robocourse.trajectories import synchronised
from robocourse.widgets.drawing import LiveFigure, animation_html, frame_player

#: The numeric R-P arm of the widget (SI units): link 1 a uniform 1 m sleeve of 2 kg
#: (centre of mass ``l1 = 0.5`` m from axis 1), link 2 a uniform 1 m rod of 1 kg.
#: Inertias about the centres of mass in Craig's axes (Z along axis 1, Y along the arm).
PARAMETERS = {"l1": 0.5, "m1": 2.0, "m2": 1.0, "Ixx1": 0.17, "Iyy1": 0.01, "Izz1": 0.17,
              "Ixx2": 0.08, "Iyy2": 0.001, "Izz2": 0.08, "g": 9.81}
SLEEVE = (-0.15, 1.0)     # the drawn sleeve (link 1), metres along the arm from axis 1
ROD = 1.0                 # the drawn rod (link 2), centred on its centre of mass at d2
TRAVEL = (-0.5, 2.0)      # where a free slide (k = 0) is considered to have left the arm
D_REST = 0.6              # rest length of the spring of the free swing (m)
FPS = 20                  # samples per second of simulated time (one per animation frame)


@lru_cache(maxsize=4)
def rp_robot(**parameters):
    """The numeric R-P arm (``models.rp_arm``) with ``PARAMETERS`` updated by ``parameters``.

    >>> rp_robot().joint_types
    ('revolute', 'prismatic')
    """
    return rp_arm(**{**PARAMETERS, **parameters})


@lru_cache(maxsize=4)
def _compiled(robot):
    return CompiledDynamics(robot)


@dataclass(frozen=True)
class RunResult:
    """One simulated motion and its energy account, sampled at ``motion.t``.

    ``kinetic``, ``potential`` (gravity, plus the spring's in a free swing) and
    ``total = kinetic + potential``; ``reference``: what ``total`` must equal —
    ``E(0)`` for a free swing, ``E(0) + W(t)`` (the work of the motors) for a
    controlled move. ``mode`` is ``"free"`` or ``"controlled"``; ``note`` one line
    of text about the run; ``path`` the goal poses of a controlled move (or None).
    """

    mode: str
    motion: Motion
    kinetic: np.ndarray
    potential: np.ndarray
    total: np.ndarray
    reference: np.ndarray
    note: str
    spring: float = 0.0
    path: tuple = None

    @property
    def drift(self):
        """The relative error of the energy balance: ``max |total − reference|`` over the
        energy that changes hands, ``max(max K, range of U)``."""
        scale = max(float(np.max(self.kinetic)), float(np.ptp(self.potential)), 1e-12)
        return float(np.max(np.abs(self.total - self.reference))) / scale


def energies(robot, motion):
    """``(K, U)`` of the arm at every sample of ``motion`` (``lagrange`` with numbers).

    >>> K, U = energies(rp_robot(), Motion(np.zeros(1), np.array([[0.0, 0.6]]),
    ...                                      np.array([[1.0, 0.0]]), np.zeros((1, 2))))
    >>> round(float(K[0]), 6), round(float(U[0]), 6)     # ½ (m1 l1² + Izz1 + Izz2 + m2 d2²)
    (0.555, 0.0)
    """
    K = np.array([kinetic_energy(robot, q, qd) for q, qd in zip(motion.q, motion.qd, strict=True)])
    U = np.array([potential_energy(robot, q) for q in motion.q])
    return K, U


def motor_work(motion):
    """The work done by the joint torques/forces so far: ``W(t) = ∫₀ᵗ τᵀ q̇ dt`` (Simpson's rule).

    >>> t = np.linspace(0.0, 1.0, 11)
    >>> m = Motion(t, np.zeros((11, 1)), np.ones((11, 1)), 2 * np.ones((11, 1)))
    >>> round(float(motor_work(m)[-1]), 12)      # 2 N·m at 1 rad/s for 1 s
    2.0
    """
    power = np.sum(motion.tau * motion.qd, axis=1)
    return cumulative_simpson(power, x=motion.t, initial=0.0)


def free_swing(theta1_deg=30.0, d2=0.6, k=60.0, duration=4.0, robot=None, d_rest=D_REST,
               fps=FPS):
    """The free swing from rest at ``(θ1, d2)``: no motor; the slide hangs on a spring ``k``.

    ``f2 = −k (d2 − d_rest)``, ``τ1 = 0``; with ``k = 0`` both are zero and the run is
    cut where the slide leaves ``TRAVEL``. Returns a ``RunResult`` whose ``potential``
    includes the spring energy ``½ k (d2 − d_rest)²``, so ``total`` stays constant.

    >>> run = free_swing(30.0, 0.6, k=60.0, duration=1.0)
    >>> run.drift < 1e-6, len(run.motion.t)
    (True, 21)
    """
    robot = rp_robot() if robot is None else robot
    if k < 0:
        raise ValueError(f"k must be >= 0 (N/m); got {k}")

    def spring(t, q, qd):
        return np.array([0.0, -k * (q[1] - d_rest)])

    samples = int(round(duration * fps)) + 1
    motion = simulate(robot, [np.radians(theta1_deg), d2], [0.0, 0.0], duration, spring,
                      model=_compiled(robot), samples=samples, rtol=1e-10, atol=1e-10)
    note = f"free swing, spring k = {k:g} N/m"
    if k == 0:
        outside = np.nonzero((motion.q[:, 1] < TRAVEL[0]) | (motion.q[:, 1] > TRAVEL[1]))[0]
        if len(outside):
            end = max(int(outside[0]), 2)
            note = (f"free swing, no spring: nothing holds the slide, it leaves the arm "
                    f"at t = {motion.t[end]:.2f} s")
            motion = Motion(motion.t[:end], motion.q[:end], motion.qd[:end], motion.tau[:end])
    K, U = energies(robot, motion)
    U = U + 0.5 * k * (motion.q[:, 1] - d_rest) ** 2
    total = K + U
    return RunResult("free", motion, K, U, total, np.full_like(total, total[0]), note,
                     spring=float(k))


def controlled_move(start=(30.0, 0.6), goal=(-30.0, 1.2), move_time=1.5, pause=0.25,
                    Kp=100.0, Kv=20.0, robot=None, fps=FPS):
    """Computed-torque control from ``start`` to ``goal`` and back, poses ``(θ1 in °, d2 in m)``.

    Each leg is a synchronised rest-to-rest cubic of ``move_time`` seconds followed
    by ``pause`` seconds at rest; the controller's model is the arm itself, so it
    tracks exactly. Returns a ``RunResult`` whose ``reference`` is ``E(0) + W(t)``.

    >>> run = controlled_move(move_time=0.5, pause=0.1)
    >>> run.drift < 1e-4, bool(np.ptp(run.motion.q[:, 1]) > 0.5)
    (True, True)
    """
    robot = rp_robot() if robot is None else robot
    fast = _compiled(robot)
    a = np.array([np.radians(start[0]), start[1]])
    b = np.array([np.radians(goal[0]), goal[1]])
    leg = move_time + pause
    out = computed_torque(robot, synchronised(a, b, move_time), Kp, Kv, model=fast)
    back = computed_torque(robot, synchronised(b, a, move_time), Kp, Kv, model=fast)

    def law(t, q, qd):
        return out(t, q, qd) if t < leg else back(t - leg, q, qd)

    duration = 2 * leg
    dense = 10                  # the work integral is taken on 10 samples per frame
    samples = int(round(duration * fps)) * dense + 1
    fine = simulate(robot, a, [0.0, 0.0], duration, law, model=fast, samples=samples,
                    rtol=1e-10, atol=1e-10)
    work = motor_work(fine)[::dense]
    motion = Motion(fine.t[::dense], fine.q[::dense], fine.qd[::dense], fine.tau[::dense])
    K, U = energies(robot, motion)
    total = K + U
    reference = total[0] + work
    note = f"computed torque, Kp = {Kp:g}, Kv = {Kv:g}: out to the goal and back"
    return RunResult("controlled", motion, K, U, total, reference, note, path=(a, b))


def _zigzag(start, end, width=0.05, turns=8):
    """The points of a zigzag spring from ``start`` to ``end`` (2-vectors), as 2 x N."""
    start, end = np.asarray(start, float), np.asarray(end, float)
    axis = end - start
    length = float(np.hypot(*axis))
    if length < 1e-9:
        return np.array([[start[0]], [start[1]]])
    normal = np.array([-axis[1], axis[0]]) / length
    s = np.linspace(0.0, 1.0, 2 * turns + 3)
    side = np.zeros_like(s)
    side[1:-1] = width * np.where(np.arange(1, len(s) - 1) % 2, 1.0, -1.0)
    side[1] = side[-2] = 0.0
    points = start[None, :] + s[:, None] * axis[None, :] + side[:, None] * normal[None, :]
    return points.T


class RPArmDrawing:
    """The R-P arm in the X0–Y0 plane: pivot, sleeve (link 1) with its centre of mass,
    the sliding rod (link 2) with its centre of mass at ``d2``, and the spring.

    Positions come from the library's frames (``kinematics.link_frames``): the arm
    points along ``Z2``, the slide's centre of mass is the origin of {2}, link 1's
    centre of mass is ``0_T_1 · 1_P_C1``. ``update(q)`` moves the artists only.

    >>> from matplotlib.figure import Figure
    >>> drawing = RPArmDrawing(Figure().add_subplot(), rp_robot(), [0.0, 0.8])
    >>> drawing.slide_position().round(12).tolist()
    [0.8, 0.0]
    """

    def __init__(self, ax, robot, q, spring_offset=0.09):
        self.ax, self.robot, self.spring_offset = ax, robot, spring_offset
        self.spring_visible = False
        (self.sleeve,) = ax.plot([], [], "-", lw=11, color="0.75", solid_capstyle="butt",
                                 zorder=1, label="link 1 (sleeve)")
        (self.rod,) = ax.plot([], [], "-", lw=4, color="tab:blue", solid_capstyle="round",
                              zorder=2, label="link 2 (slide)")
        (self.spring,) = ax.plot([], [], "-", lw=1.2, color="tab:green", zorder=3)
        (self.com1,) = ax.plot([], [], "o", ms=6, color="0.35", zorder=4)
        (self.com2,) = ax.plot([], [], "s", ms=11, color="tab:blue", mec="black", zorder=5)
        (self.pivot,) = ax.plot([0.0], [0.0], "o", ms=9, mfc="white", mec="black", zorder=6)
        (self.path,) = ax.plot([], [], ":", lw=1, color="tab:blue", alpha=0.6, zorder=0)
        self.update(q)

    def geometry(self, q):
        """``(axis point, arm direction, link-1 COM, slide COM)`` in the plane, from the frames."""
        frames = link_frames(self.robot, np.asarray(q, dtype=float))
        T1, T2 = frames[0], frames[1]
        r_c1 = np.asarray(self.robot.links[0].r_c, dtype=float)
        com1 = (T1[:3, :3] @ r_c1 + T1[:3, 3])[:2]
        return T1[:2, 3], T2[:2, 2], com1, T2[:2, 3]

    def update(self, q):
        """Move the drawing to ``q = (θ1, d2)``; returns the changed artists."""
        axis, u, com1, com2 = self.geometry(q)
        sleeve = np.array([axis + SLEEVE[0] * u, axis + SLEEVE[1] * u]).T
        rod = np.array([com2 - ROD / 2 * u, com2 + ROD / 2 * u]).T
        self.sleeve.set_data(*sleeve)
        self.rod.set_data(*rod)
        self.com1.set_data([com1[0]], [com1[1]])
        self.com2.set_data([com2[0]], [com2[1]])
        if self.spring_visible:
            normal = np.array([-u[1], u[0]]) * self.spring_offset
            self.spring.set_data(*_zigzag(axis + normal, com2 + normal))
        else:
            self.spring.set_data([], [])
        return [self.sleeve, self.rod, self.com1, self.com2, self.spring]

    def slide_position(self):
        """The drawn centre of mass of the slide (a 2-vector)."""
        x, y = self.com2.get_data()
        return np.array([x[0], y[0]], dtype=float)


class RPAnimationFigure:
    """The arm (left) and the energies against time (right) in one ``Figure``.

    ``show_run(run)`` installs a new ``RunResult`` (energy curves, limits, the path
    of the slide); ``show_frame(k)`` moves the arm, the time cursor and the dots
    to sample k. Neither creates artists.
    """

    def __init__(self, run, figsize=(8.4, 3.6), robot=None):
        self.robot = rp_robot() if robot is None else robot
        self.fig = Figure(figsize=figsize)
        self.ax_arm = self.fig.add_axes((0.07, 0.15, 0.34, 0.8))
        self.ax_energy = self.fig.add_axes((0.52, 0.15, 0.46, 0.6))
        ax = self.ax_arm
        ax.set_aspect("equal")
        ax.grid(True, lw=0.3)
        ax.set_xlabel("$X_0$ (m)")
        ax.set_ylabel("$Y_0$ (m)", labelpad=0)
        self.drawing = RPArmDrawing(ax, self.robot, run.motion.q[0])
        self.label = ax.text(0.02, 0.98, "", transform=ax.transAxes, va="top", fontsize=8,
                             family="monospace")
        ax = self.ax_energy
        ax.grid(True, lw=0.3)
        ax.set_xlabel("t (s)")
        ax.set_ylabel("energy (J)")
        (self.line_K,) = ax.plot([], [], color="tab:orange", label="kinetic K")
        (self.line_U,) = ax.plot([], [], color="tab:green", label="potential U")
        (self.line_E,) = ax.plot([], [], color="black", lw=2, label="total E = K + U")
        (self.line_ref,) = ax.plot([], [], "--", color="tab:red", lw=1.2,
                                   label="E(0) + work of the motors")
        (self.dots,) = ax.plot([], [], "o", color="black", ms=4)
        self.cursor = ax.axvline(0.0, color="0.4", lw=1)
        self.title = self.fig.text(0.52, 0.99, "", va="top", fontsize=8)
        self.show_run(run)

    def show_run(self, run):
        """Install ``run``: curves, axis limits, the slide's path; then show frame 0."""
        self.run = run
        t = run.motion.t
        self.line_K.set_data(t, run.kinetic)
        self.line_U.set_data(t, run.potential)
        self.line_E.set_data(t, run.total)
        if run.mode == "controlled":
            self.line_ref.set_data(t, run.reference)
            self.line_U.set_label("potential U (gravity)")
        else:
            self.line_ref.set_data([], [])
            self.line_U.set_label("potential U (gravity + spring)" if run.spring
                                  else "potential U (gravity)")
        handles = [self.line_K, self.line_U, self.line_E]
        if run.mode == "controlled":
            handles.append(self.line_ref)
        self.ax_energy.legend(handles=handles, loc="lower left", bbox_to_anchor=(0.0, 1.0),
                              ncol=2, fontsize=7, frameon=False, borderaxespad=0.2)
        values = np.concatenate([run.kinetic, run.potential, run.total, run.reference])
        low, high = float(values.min()), float(values.max())
        pad = 0.08 * max(high - low, 1.0)
        self.ax_energy.set_xlim(0.0, max(float(t[-1]), 1e-3))
        self.ax_energy.set_ylim(low - pad, high + pad)
        self.title.set_text(f"{run.note}\nmax |E − {reference_name(run)}| / energy exchanged"
                            f" = {run.drift:.1e}")
        self.drawing.spring_visible = run.mode == "free" and run.spring > 0
        slides = np.array([self.drawing.geometry(q)[3] for q in run.motion.q])
        self.drawing.path.set_data(slides[:, 0], slides[:, 1])
        reach = max(1.3, float(np.max(np.abs(run.motion.q[:, 1]))) + ROD / 2 + 0.15)
        self.ax_arm.set_xlim(-reach, reach)
        self.ax_arm.set_ylim(-reach, reach)
        self.show_frame(0)

    @property
    def n_frames(self):
        """The number of samples of the installed run."""
        return len(self.run.motion.t)

    def show_frame(self, k):
        """Move everything to sample ``k`` of the installed run; returns the changed artists."""
        run = self.run
        k = int(np.clip(k, 0, self.n_frames - 1))
        q, t = run.motion.q[k], float(run.motion.t[k])
        artists = self.drawing.update(q)
        self.cursor.set_xdata([t, t])
        self.dots.set_data([t, t, t], [run.kinetic[k], run.potential[k], run.total[k]])
        self.label.set_text(f"t  = {t:5.2f} s\nθ1 = {np.degrees(q[0]) + 0.0:6.1f}°\n"
                            f"d2 = {q[1] + 0.0:6.3f} m\nE  = {run.total[k] + 0.0:7.3f} J")
        return [*artists, self.cursor, self.dots, self.label]


def reference_name(run):
    """What the total energy of ``run`` must equal, in words."""
    return "(E(0) + W)" if run.mode == "controlled" else "E(0)"


def frame_text(run, k):
    """The numbers of sample ``k`` as one HTML line (shown under the figure).

    >>> 'K =' in frame_text(free_swing(duration=0.5), 0)
    True
    """
    m = run.motion
    tau = ", ".join(f"{x + 0.0:.2f}" for x in m.tau[k])
    return (f"<code>t = {m.t[k]:.2f} s &nbsp; θ1 = {np.degrees(m.q[k, 0]) + 0.0:.1f}° &nbsp; "
            f"d2 = {m.q[k, 1] + 0.0:.3f} m &nbsp; K = {run.kinetic[k] + 0.0:.3f} J &nbsp; "
            f"U = {run.potential[k] + 0.0:.3f} J &nbsp; E = {run.total[k] + 0.0:.3f} J &nbsp; "
            f"(τ1, f2) = ({tau})</code>")


def rp_dynamics_widget(dpi=72, interval_ms=100, step=2):
    """The R-P arm in motion: settings, a Play control and the live arm + energy figure.

    Settings (mode, start pose θ1(0), d2(0), spring k for the free swing, goal pose
    for the controlled move) recompute the motion once (``free_swing`` or
    ``controlled_move``); the Play control and the frame slider then only move
    artists (``RPAnimationFigure.show_frame``) and re-render the PNG. Play advances
    ``step`` samples every ``interval_ms`` (default: every other sample of ``FPS`` = 20
    per second every 0.1 s, i.e. real time, leaving the kernel time to render).

    The returned ``VBox`` carries, for tests and curious students, ``controls`` (a
    dict of the setting widgets by name), ``play``, ``frame`` (the frame slider),
    ``numbers`` (the HTML line of values), ``figure`` (``RPAnimationFigure``),
    ``live`` (``LiveFigure``) and ``state()`` (the current ``RunResult``).
    """
    def slider(description, value, low, high, step, fmt):
        return widgets.FloatSlider(value=value, min=low, max=high, step=step,
                                   description=description, continuous_update=False,
                                   readout_format=fmt, style={"description_width": "90px"},
                                   layout=widgets.Layout(width="300px"))

    controls = {
        "mode": widgets.ToggleButtons(options=[("free swing", "free"),
                                               ("controlled move", "controlled")],
                                      value="free", style={"button_width": "130px"}),
        "theta0": slider("θ1(0) (°)", 30.0, -90.0, 90.0, 5.0, ".0f"),
        "d0": slider("d2(0) (m)", 0.6, 0.3, 1.2, 0.05, ".2f"),
        "k": slider("spring k (N/m)", 60.0, 0.0, 120.0, 10.0, ".0f"),
        "theta_goal": slider("goal θ1 (°)", -30.0, -90.0, 90.0, 5.0, ".0f"),
        "d_goal": slider("goal d2 (m)", 1.2, 0.3, 1.2, 0.05, ".2f"),
    }

    def compute():
        c = {name: w.value for name, w in controls.items()}
        if c["mode"] == "free":
            return free_swing(c["theta0"], c["d0"], c["k"])
        return controlled_move((c["theta0"], c["d0"]), (c["theta_goal"], c["d_goal"]))

    state = {"run": compute()}
    figure = RPAnimationFigure(state["run"])
    live = LiveFigure(figure.fig, dpi=dpi)
    n = figure.n_frames
    play, frame = frame_player(n, interval_ms, step)
    numbers = widgets.HTML(frame_text(state["run"], 0))

    def show(k):
        k = min(int(k), figure.n_frames - 1)
        state["shown"] = k
        figure.show_frame(k)
        numbers.value = frame_text(state["run"], k)
        live.refresh()

    def on_frame(change):
        k = int(change["new"])
        for other in (play, frame):          # keep both in step, also without a frontend
            if other.value != k:
                other.value = k
        if state.get("shown") != k:
            show(k)

    def on_settings(_change=None):
        free = controls["mode"].value == "free"
        controls["k"].disabled = not free
        controls["theta_goal"].disabled = controls["d_goal"].disabled = free
        state["run"] = compute()
        figure.show_run(state["run"])
        last = figure.n_frames - 1
        state["shown"] = 0                   # rewinding must not render the old run
        for w in (play, frame):
            w.value = 0
            w.max = last
        show(0)

    play.observe(on_frame, names="value")
    frame.observe(on_frame, names="value")
    for w in controls.values():
        w.observe(on_settings, names="value")
    on_settings()

    settings = widgets.VBox([
        controls["mode"],
        widgets.HBox([widgets.VBox([widgets.HTML("<b>start pose</b> (at rest)"),
                                    controls["theta0"], controls["d0"]]),
                      widgets.VBox([widgets.HTML("<b>free swing</b>"), controls["k"]]),
                      widgets.VBox([widgets.HTML("<b>controlled move</b>"),
                                    controls["theta_goal"], controls["d_goal"]])]),
    ])
    box = widgets.VBox([settings, widgets.HBox([play, frame]), live.image, numbers])
    box.controls, box.play, box.frame, box.numbers = controls, play, frame, numbers
    box.figure, box.live = figure, live
    box.state = lambda: state["run"]
    return box


def free_swing_animation(theta1_deg=30.0, d2=0.6, k=60.0, duration=4.0, n_frames=30,
                         dpi=64, frame_format="jpeg"):
    """The static fallback: the free swing as an embedded player of ``n_frames`` frames.

    The motion is simulated at ``FPS`` samples per second and shown at ``n_frames``
    of them, evenly spread; the energy plot shows the flat total. Frames are JPEG
    by default: half the size of PNG for this figure, which keeps the notebook small.
    """
    run = free_swing(theta1_deg, d2, k, duration)
    figure = RPAnimationFigure(run, figsize=(7.5, 3.3))
    figure.fig.set_dpi(dpi)
    picks = np.linspace(0, figure.n_frames - 1, n_frames).round().astype(int)
    step = float(run.motion.t[picks[1]] - run.motion.t[picks[0]]) if n_frames > 1 else 0.1
    with rc_context({"animation.frame_format": frame_format}):
        return animation_html(figure.fig, lambda j: figure.show_frame(picks[j]), n_frames,
                              interval_ms=int(round(1000 * step)))


__all__ = ["PARAMETERS", "rp_robot", "RunResult", "energies", "motor_work", "free_swing",
           "controlled_move", "RPArmDrawing", "RPAnimationFigure", "frame_text",
           "rp_dynamics_widget", "free_swing_animation"]
