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

The energies come from ``simulate.energies`` (``lagrange.kinetic_energy`` and
``lagrange.potential_energy``: zero potential with the centres of mass at the height of
axis 1; Craig's reference at ``θ1 = −90°``, ``d2 = d2max`` only adds a constant), the work
from ``simulate.actuator_work`` and the spring from ``simulate.JointSpring``.

A player (``shapes.player``): the motion is computed once per change of settings
(``free_swing``, ``controlled_move``: a ``RunResult``); playing it only moves artists
(``RPAnimationFigure.show_frame``). ``rp_dynamics_widget`` is the interactive version,
``free_swing_animation`` the static fallback (an embedded player). The settings show
θ1 in degrees; ``free_swing`` and ``controlled_move`` take poses ``(θ1, d2)`` in radians
and metres.
"""

from dataclasses import dataclass
from functools import lru_cache, partial

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from robocourse.codegen import CompiledDynamics
from robocourse.control import computed_torque
from robocourse.kinematics import centres_of_mass_many, link_frames_many
from robocourse.language import say
from robocourse.models import rp_arm
from robocourse.simulate import JointSpring, Motion, actuator_work, energies, simulate
from robocourse.trajectories import synchronised
from robocourse.widgets.animation import run_animation
from robocourse.widgets.drawing import TimeSeriesPanel, spring_points
from robocourse.widgets.shapes import labelled_slider, player

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
START = (np.pi / 6, 0.6)  # the start pose (θ1, d2) of both motions: 30°, 0.6 m
GOAL = (-np.pi / 6, 1.2)  # the goal pose of the controlled move: −30°, 1.2 m


def energy_styles():
    """The energy curves, ``(label, colour, width, style)``, labelled in the language in use."""
    return ((say("kinetic K", "widgets"), "tab:orange", 1.5, "-"),
            (say("potential U", "widgets"), "tab:green", 1.5, "-"),
            (say("total E = K + U", "widgets"), "black", 2.0, "-"),
            (say("E(0) + work of the motors", "widgets"), "tab:red", 1.2, "--"))


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
    of text about the run; ``spring`` the stiffness of the free swing's spring.
    """

    mode: str
    motion: Motion
    kinetic: np.ndarray
    potential: np.ndarray
    total: np.ndarray
    reference: np.ndarray
    note: str
    spring: float = 0.0

    @property
    def drift(self):
        """The relative error of the energy balance: ``max |total − reference|`` over the
        energy that changes hands, ``max(max K, range of U)``."""
        scale = max(float(np.max(self.kinetic)), float(np.ptp(self.potential)), 1e-12)
        return float(np.max(np.abs(self.total - self.reference))) / scale


def free_swing(q0=START, k=60.0, duration=4.0, robot=None, d_rest=D_REST,
               fps=FPS):
    """The free swing from rest at ``q0 = (θ1, d2)`` (rad, m): no motor; the slide hangs on
    a spring ``k`` (N/m, a ``JointSpring`` at joint 2 relaxed at ``d_rest``).

    ``f2 = −k (d2 − d_rest)``, ``τ1 = 0``; with ``k = 0`` both are zero and the run is
    cut where the slide leaves ``TRAVEL``. Returns a ``RunResult`` whose ``potential``
    includes the spring energy ``½ k (d2 − d_rest)²``, so ``total`` stays constant.

    >>> run = free_swing((0.5, 0.6), k=60.0, duration=1.0)
    >>> run.drift < 1e-6, len(run.motion.t)
    (True, 21)
    """
    robot = rp_robot() if robot is None else robot
    if k < 0:
        raise ValueError(say("k must be >= 0 (N/m); got {k}", "errors", k=k))
    spring = JointSpring(robot, joint=2, stiffness=k, rest=d_rest)
    samples = int(round(duration * fps)) + 1
    motion = simulate(robot, q0, [0.0, 0.0], duration, spring, model=_compiled(robot),
                      samples=samples, rtol=1e-10, atol=1e-10)
    note = say("free swing, spring k = {k} N/m", "widgets", k=f"{k:g}")
    if k == 0:
        outside = np.nonzero((motion.q[:, 1] < TRAVEL[0]) | (motion.q[:, 1] > TRAVEL[1]))[0]
        if len(outside):
            end = max(int(outside[0]), 2)
            note = say("free swing, no spring: nothing holds the slide, it leaves the arm at "
                       "t = {t} s", "widgets", t=f"{motion.t[end]:.2f}")
            motion = Motion(motion.t[:end], motion.q[:end], motion.qd[:end], motion.tau[:end])
    K, U = energies(robot, motion)
    U = U + spring.energy(motion.q)
    total = K + U
    return RunResult("free", motion, K, U, total, np.full_like(total, total[0]), note,
                     spring=float(k))


def controlled_move(start=START, goal=GOAL,
                    move_time=1.5, pause=0.25, Kp=100.0, Kv=20.0, robot=None, fps=FPS):
    """Computed-torque control from ``start`` to ``goal`` and back, poses ``(θ1, d2)`` (rad, m).

    Each leg is a synchronised rest-to-rest cubic of ``move_time`` seconds followed
    by ``pause`` seconds at rest; the controller's model is the arm itself, so it
    tracks exactly. Returns a ``RunResult`` whose ``reference`` is ``E(0) + W(t)``,
    ``W`` the work of the motors (``simulate.actuator_work``, on ten times finer samples).

    >>> run = controlled_move(move_time=0.5, pause=0.1)
    >>> run.drift < 1e-4, bool(np.ptp(run.motion.q[:, 1]) > 0.5)
    (True, True)
    """
    robot = rp_robot() if robot is None else robot
    fast = _compiled(robot)
    a, b = np.asarray(start, dtype=float), np.asarray(goal, dtype=float)
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
    work = actuator_work(fine)[::dense]
    motion = Motion(fine.t[::dense], fine.q[::dense], fine.qd[::dense], fine.tau[::dense])
    K, U = energies(robot, motion)
    total = K + U
    note = say("computed torque, Kp = {Kp}, Kv = {Kv}: out to the goal and back", "widgets",
               Kp=f"{Kp:g}", Kv=f"{Kv:g}")
    return RunResult("controlled", motion, K, U, total, total[0] + work, note)


class RPArmDrawing:
    """The R-P arm in the X0–Y0 plane: pivot, sleeve (link 1) with its centre of mass,
    the sliding rod (link 2) with its centre of mass at ``d2``, and the spring.

    Positions come from the library (``kinematics.link_frames_many``,
    ``centres_of_mass_many``): the arm points along ``Z2``, from the origin of {1}.
    ``update(q)`` moves the artists only.

    >>> drawing = RPArmDrawing(Figure().add_subplot(), rp_robot(), [0.0, 0.8])
    >>> drawing.slide_position().round(12).tolist()
    [0.8, 0.0]
    """

    def __init__(self, ax, robot, q, spring_offset=0.09):
        self.ax, self.robot, self.spring_offset = ax, robot, spring_offset
        self.spring_visible = False
        (self.sleeve,) = ax.plot([], [], "-", lw=11, color="0.75", solid_capstyle="butt",
                                 zorder=1, label=say("link 1 (sleeve)", "widgets"))
        (self.rod,) = ax.plot([], [], "-", lw=4, color="tab:blue", solid_capstyle="round",
                              zorder=2, label=say("link 2 (slide)", "widgets"))
        (self.spring,) = ax.plot([], [], "-", lw=1.2, color="tab:green", zorder=3)
        (self.com1,) = ax.plot([], [], "o", ms=6, color="0.35", zorder=4)
        (self.com2,) = ax.plot([], [], "s", ms=11, color="tab:blue", mec="black", zorder=5)
        (self.pivot,) = ax.plot([0.0], [0.0], "o", ms=9, mfc="white", mec="black", zorder=6)
        (self.path,) = ax.plot([], [], ":", lw=1, color="tab:blue", alpha=0.6, zorder=0)
        self.moving = [self.sleeve, self.rod, self.com1, self.com2, self.spring]
        self.update(q)

    def geometry(self, q):
        """``(axis point, arm direction, link-1 COM, slide COM)`` in the plane."""
        frames = link_frames_many(self.robot, [q])[0]
        com1, com2 = centres_of_mass_many(self.robot, [q])[0, :, :2]
        return frames[0, :2, 3], frames[1, :2, 2], com1, com2

    def update(self, q):
        """Move the drawing to ``q = (θ1, d2)``; returns the changed artists."""
        axis, u, com1, com2 = self.geometry(q)
        self.sleeve.set_data(*np.array([axis + SLEEVE[0] * u, axis + SLEEVE[1] * u]).T)
        self.rod.set_data(*np.array([com2 - ROD / 2 * u, com2 + ROD / 2 * u]).T)
        self.com1.set_data([com1[0]], [com1[1]])
        self.com2.set_data([com2[0]], [com2[1]])
        normal = np.array([-u[1], u[0]]) * self.spring_offset
        self.spring.set_data(*(spring_points(axis + normal, com2 + normal)
                               if self.spring_visible else ([], [])))
        return self.moving

    def slide_position(self):
        """The drawn centre of mass of the slide (a 2-vector)."""
        x, y = self.com2.get_data()
        return np.array([x[0], y[0]], dtype=float)


class RPAnimationFigure:
    """The view: the arm (left) and the energies against time (right, a ``TimeSeriesPanel``)
    in one ``Figure``.

    ``show_run(run)`` installs a new ``RunResult`` (energy curves, limits, the path of the
    slide); ``show_frame(k)`` moves the arm, the time cursor and the dots to sample k.
    Neither creates artists.
    """

    def __init__(self, run, figsize=(8.4, 3.6), robot=None):
        self.robot = rp_robot() if robot is None else robot
        self.fig = Figure(figsize=figsize)
        self.ax_arm = self.fig.add_axes((0.07, 0.15, 0.34, 0.8))
        ax = self.ax_arm
        ax.set_aspect("equal")
        ax.grid(True, lw=0.3)
        ax.set_xlabel("$X_0$ (m)")
        ax.set_ylabel("$Y_0$ (m)", labelpad=0)
        self.drawing = RPArmDrawing(ax, self.robot, run.motion.q[0])
        self.label = ax.text(0.02, 0.98, "", transform=ax.transAxes, va="top", fontsize=8,
                             family="monospace")
        self.energy = TimeSeriesPanel(self.fig.add_axes((0.52, 0.15, 0.46, 0.6)),
                                      energy_styles(), say("energy (J)", "widgets"), dots=(0, 1, 2),
                                      zero_line=False)
        self.energy.ax.set_xlabel("t (s)")
        self.title = self.fig.text(0.52, 0.99, "", va="top", fontsize=8)
        self.moving = [*self.drawing.moving, *self.energy.moving, self.label]
        self.show_run(run)

    def show_run(self, run):
        """Install ``run``: curves, axis limits, the slide's path; then show frame 0."""
        self.run, self.times = run, run.motion.t
        controlled = run.mode == "controlled"
        self.energy.show_series(run.motion.t, [run.kinetic, run.potential, run.total,
                                               run.reference if controlled else None])
        K, U, E, reference = self.energy.curves
        U.set_label(say("potential U (gravity + spring)", "widgets")
                    if run.spring and not controlled else say("potential U (gravity)", "widgets"))
        self.energy.ax.legend(handles=[K, U, E, *([reference] if controlled else [])],
                              loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=2, fontsize=7,
                              frameon=False, borderaxespad=0.2)
        self.title.set_text(run.note + "\n" + say("max |E − {reference}| / energy exchanged = "
                                                   "{drift}", "widgets",
                                                   reference=reference_name(run),
                                                   drift=f"{run.drift:.1e}"))
        self.drawing.spring_visible = run.mode == "free" and run.spring > 0
        slides = centres_of_mass_many(self.robot, run.motion.q)[:, 1, :2]
        self.drawing.path.set_data(slides[:, 0], slides[:, 1])
        reach = max(1.3, float(np.max(np.abs(run.motion.q[:, 1]))) + ROD / 2 + 0.15)
        self.ax_arm.set_xlim(-reach, reach)
        self.ax_arm.set_ylim(-reach, reach)
        self.show_frame(0)

    def show_frame(self, k):
        """Move everything to sample ``k`` of the installed run; returns the changed artists."""
        run = self.run
        k = int(np.clip(k, 0, len(self.times) - 1))
        q, t = run.motion.q[k], float(run.motion.t[k])
        self.drawing.update(q)
        self.energy.show(k)
        self.label.set_text(f"t  = {t:5.2f} s\nθ1 = {np.degrees(q[0]) + 0.0:6.1f}°\n"
                            f"d2 = {q[1] + 0.0:6.3f} m\nE  = {run.total[k] + 0.0:7.3f} J")
        return self.moving


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
    """The R-P arm in motion: a player whose settings are the mode, the start pose (θ1 in
    degrees, d2 in m), the spring k of the free swing and the goal pose of the controlled
    move; its run is ``free_swing`` or ``controlled_move`` (see ``shapes.player`` for what
    the box carries). Play advances ``step`` samples every ``interval_ms`` (default: every
    other sample of ``FPS`` = 20 per second every 0.1 s, i.e. real time, leaving the
    kernel time to render).
    """
    slider = partial(labelled_slider, continuous=False, label_width="90px")
    settings = {
        "mode": widgets.ToggleButtons(options=[(say("free swing", "widgets"), "free"),
                                               (say("controlled move", "widgets"), "controlled")],
                                      value="free", style={"button_width": "130px"}),
        "theta0": slider("θ1(0)", 30.0, -90.0, 90.0, 5.0, "°"),
        "d0": slider("d2(0)", 0.6, 0.3, 1.2, 0.05, "m"),
        "k": slider(say("spring k", "widgets"), 60.0, 0.0, 120.0, 10.0, "N/m", digits=0),
        "theta_goal": slider(say("goal θ1", "widgets"), -30.0, -90.0, 90.0, 5.0, "°"),
        "d_goal": slider(say("goal d2", "widgets"), 1.2, 0.3, 1.2, 0.05, "m"),
    }

    def run(mode, theta0, d0, k, theta_goal, d_goal):
        start = (np.radians(theta0), d0)
        if mode == "free":
            return free_swing(start, k)
        return controlled_move(start, (np.radians(theta_goal), d_goal))

    def enable(change):
        free = change["new"] == "free"
        settings["k"].disabled = not free
        settings["theta_goal"].disabled = settings["d_goal"].disabled = free

    settings["mode"].observe(enable, names="value")
    enable({"new": settings["mode"].value})
    return player(settings, run, RPAnimationFigure, frame_text, dpi=dpi,
                  interval_ms=interval_ms, step=step,
                  groups=["mode", (say("start pose (at rest)", "widgets"), ["theta0", "d0"]),
                          (say("free swing", "widgets"), ["k"]),
                          (say("controlled move", "widgets"), ["theta_goal", "d_goal"])])


def free_swing_animation(theta1_deg=30.0, d2=0.6, k=60.0, duration=4.0, n_frames=30,
                         dpi=64, frame_format="png"):
    """The static fallback: the free swing from ``θ1 = theta1_deg`` (degrees) and ``d2`` (m)
    as an embedded player of ``n_frames`` frames, evenly spread over the simulated
    samples; the energy plot shows the flat total. PNG frames (palette, on a frozen
    background) are about 40 % smaller than JPEG ones (``frame_format="jpeg"``) here.
    """
    view = RPAnimationFigure(free_swing((np.radians(theta1_deg), d2), k, duration),
                             figsize=(7.5, 3.3))
    view.fig.set_dpi(dpi)
    return run_animation(view, n_frames, frame_format=frame_format)
