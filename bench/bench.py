"""Benchmark of the dynamics core against its peers: prints one table (``make bench``).

Each figure is measured for robocourse and, where one exists, for the best peer on
the same robot — pinocchio (``pin``) and roboticstoolbox-python, the extra ``bench`` of
``pyproject.toml``; a peer that is not installed is skipped and the table says so. The
robots are robocourse's, written for the peers by ``peers.py`` (each checked to give
the same torques). The two sides are timed in interleaved rounds (A B, B A, …) and the
ratio is the median of the per-round ratios, so a load that changes during the run
touches both alike; the times shown are the medians.

* One state: inverse and forward dynamics of the PUMA 560 and the 2R arm, generated C
  (``codegen.CompiledDynamics``, through its CPython extension) against pinocchio's
  ``rnea`` and ``aba``.
* Many states: PUMA inverse dynamics over 1,000 states, generated C (``.many``) and the
  generic numpy Newton–Euler (a batch of states), against roboticstoolbox's batched C.
* The size of the generated PUMA code (``codegen.operation_count``), against a
  customised symbolic Newton–Euler (Khalil & Kleinfinger 1987).
* Chapter 8's articulated-body algorithm (``spatial.aba``, numpy) on random arms of 5–30
  joints, against ``M⁻¹(τ − c − G)`` and pinocchio's ``aba``.
* Simulation of the 2R arm, ``simulate`` with its default (compiled) model, against
  pinocchio's ``aba`` in the same ``solve_ivp``.
* Symbolic equations: the 2R arm by Newton–Euler and by ``sympy.physics.mechanics``
  (``KanesMethod``, ``LagrangesMethod``); the PUMA 560 simplified (``closed_form``) and
  from its energies (``lagrange.lagrange_equations``), each checked against
  Newton–Euler; roboticstoolbox's symbolic ``rne`` of the PUMA only with ``--slow``
  (issue 16: more than 120 s for each torque).
* The PUMA 560 by chapter 6's three routes (Newton–Euler, Lagrange, the Lagrange–Euler
  trace form) per numeric state, the trace form with symbols (``G``, and the mass matrix
  with the proof that it is Newton–Euler's), the closed form in named link parameters.
* Answer checking (``equivalence.compare``) on the largest answers of the course.
* Autograding a class (``class_grading.py``): 200 submissions of the heaviest assignment,
  each sandboxed, with a worker per core, against one at a time (``--no-grading`` skips
  it: it takes minutes).

Run on as quiet a machine as you can: the load average is printed before and after.
"""

import argparse
import json
import multiprocessing
import os
import pathlib
import statistics
import sys
import tempfile
import time
import timeit

import numpy as np
import sympy as sp
import sympy.physics.mechanics as me
from peers import peer, pinocchio_model, roboticstoolbox_robot
from scipy.integrate import solve_ivp

from robocourse import lagrange, lagrange_euler, newton_euler, spatial
from robocourse.base_parameters import base_parameter_table
from robocourse.closed_form import closed_form, exact_arm
from robocourse.codegen import CompiledDynamics, c_compiler, operation_count
from robocourse.equivalence import compare, identical
from robocourse.models import (
    named_mass_properties,
    planar_2r,
    planar_2r_distributed,
    puma560,
    random_chain,
)
from robocourse.robot import Link, SerialChain, joint_symbols
from robocourse.simulate import forward_dynamics, simulate

ROWS = []
KHALIL_MULTIPLICATIONS = 250     # customised symbolic NE of a PUMA-like arm (issue 16)
PUMA = puma560()
ARM_2R = planar_2r(l1=1.0, l2=0.7, m1=2.0, m2=0.5, g=9.81)
ARM_2R_DISTRIBUTED = planar_2r_distributed(l1=1.0, l2=1.0, m1=1.0, m2=1.0, r1=0.5, r2=0.5,
                                           I1=1 / 12, I2=1 / 12, g=9.81)


def row(figure, ours, peer_name="—", theirs=None, ratio=None, note="", unit="s"):
    ROWS.append((figure, ours, peer_name, theirs, ratio, note, unit))


def show(value, unit="s"):
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    if unit != "s":
        return f"{value:g}{unit}"
    for name, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if value >= scale:
            return f"{value / scale:.3g} {name}"
    return f"{value * 1e9:.3g} ns"


def per_call(function, number):
    return timeit.timeit(function, number=number) / number


def interleaved(ours, theirs, number, rounds=15):
    """``(our median, their median, median ratio)`` of ``rounds`` interleaved rounds of
    ``number`` calls each, the order switching every round."""
    mine, other, ratios = [], [], []
    for k in range(rounds):
        pair = (ours, theirs) if k % 2 == 0 else (theirs, ours)
        first, second = (per_call(f, number) for f in pair)
        a, b = (first, second) if k % 2 == 0 else (second, first)
        mine.append(a)
        other.append(b)
        ratios.append(a / b)
    return statistics.median(mine), statistics.median(other), statistics.median(ratios)


def compared(figure, ours, peer_name, theirs, number, rounds=15, note=""):
    """A row for ``ours`` against ``theirs`` (None: the peer is not installed)."""
    if theirs is None:
        row(figure, statistics.median(per_call(ours, number) for _ in range(rounds)),
            peer_name, "not installed", note=note)
        return
    mine, other, ratio = interleaved(ours, theirs, number, rounds)
    row(figure, mine, peer_name, other, ratio, note)


def states(robot, count, seed=0):
    return np.random.default_rng(seed).uniform(-np.pi, np.pi, size=(3, count, robot.n))


# --- one state -------------------------------------------------------------------------

def one_off():
    """Generating and compiling the PUMA's inverse dynamics with an empty cache."""
    with tempfile.TemporaryDirectory() as cache:
        os.environ["ROBOCOURSE_CACHE"] = cache
        start = time.perf_counter()
        CompiledDynamics(PUMA).inverse_dynamics(np.zeros(6), np.zeros(6), np.zeros(6))
        row("one-off: generate + compile the PUMA 560 inverse dynamics (empty cache)",
            time.perf_counter() - start, note="the extension and the program; later "
            "sessions find both in the cache")
        del os.environ["ROBOCOURSE_CACHE"]


def one_state():
    pin = peer("pinocchio")
    for label, robot in (("PUMA 560", PUMA), ("2R", ARM_2R)):
        _one_state(label, robot, pin)


def _one_state(label, robot, pin):
    model = CompiledDynamics(robot)
    Q, QD, QDD = states(robot, 200)
    q, qd, qdd = Q[0], QD[0], QDD[0]
    tau = newton_euler.inverse_dynamics(robot, Q, QD, QDD)
    inverse, forward = model.inverse_dynamics, model.forward_dynamics
    error = np.abs(inverse.many(Q, QD, QDD) - tau).max()
    rnea = aba = None
    if pin is not None:
        pm, pd = pinocchio_model(robot)

        def rnea():
            return pin.rnea(pm, pd, q, qd, qdd)

        def aba():
            return pin.aba(pm, pd, q, qd, tau[0])
        error = max(error, np.abs(rnea() - tau[0]).max())
    compared(f"{label} inverse dynamics, one state, generated C",
             lambda: inverse(q, qd, qdd), "pinocchio rnea", rnea, 20000,
             note=f"target ≤ 0.8; called by {inverse.calls}; max |Δτ| vs NE {error:.1e}")
    compared(f"{label} forward dynamics, one state, generated C",
             lambda: forward(q, qd, tau[0]), "pinocchio aba", aba, 20000,
             note=f"max |Δq̈| vs NE {np.abs(forward(q, qd, tau[0]) - qdd).max():.1e}")
    if robot is PUMA:
        out = np.empty(6)
        compared("PUMA 560 inverse dynamics, one state, with out=",
                 lambda: inverse(q, qd, qdd, out=out), "pinocchio rnea", rnea, 20000)
        inputs, outputs = np.concatenate([q, qd, qdd]), np.empty(6)
        bare, a, b = inverse._program._one, inputs.ctypes.data, outputs.ctypes.data
        compared("the same PUMA C code called bare through ctypes, inputs preloaded",
                 lambda: bare(a, b), "pinocchio rnea", rnea, 20000)


# --- many states ---------------------------------------------------------------------------

def many_states():
    rtb = peer("roboticstoolbox")
    Q, QD, QDD = states(PUMA, 1000)
    model = CompiledDynamics(PUMA)
    expected = np.array([newton_euler.inverse_dynamics(PUMA, *state)
                         for state in zip(Q[:50], QD[:50], QDD[:50], strict=True)])
    batched = newton_euler.inverse_dynamics(PUMA, Q, QD, QDD)
    theirs = None
    if rtb is not None:
        robot = roboticstoolbox_robot(PUMA)
        theirs = lambda: robot.rne(Q, QD, QDD)                             # noqa: E731
    per_state = 1 / 1000
    for figure, ours, number, error in (
            ("PUMA 560 inverse dynamics per state of 1,000, generated C (.many)",
             lambda: model.inverse_dynamics.many(Q, QD, QDD), 50,
             np.abs(model.inverse_dynamics.many(Q, QD, QDD)[:50] - expected).max()),
            ("PUMA 560 inverse dynamics per state of 1,000, numpy Newton–Euler (batch)",
             lambda: newton_euler.inverse_dynamics(PUMA, Q, QD, QDD), 5,
             np.abs(batched[:50] - expected).max())):
        mine, other, ratio = (interleaved(ours, theirs, number, 9) if theirs else
                              (per_call(ours, number), "not installed", None))
        row(figure, mine * per_state, "roboticstoolbox rne (batched C)",
            other * per_state if theirs else other, ratio,
            f"max |Δτ| vs NE one state at a time {error:.1e}")
    single = per_call(lambda: newton_euler.inverse_dynamics(PUMA, Q[0], QD[0], QDD[0]), 20)
    row("PUMA 560 inverse dynamics, one state, numpy Newton–Euler (for reference)", single)


def operation_counts():
    count = operation_count(PUMA)
    row("PUMA 560 generated inverse dynamics: multiplications", count["multiplications"],
        "Khalil–Kleinfinger customised NE", KHALIL_MULTIPLICATIONS,
        count["multiplications"] / KHALIL_MULTIPLICATIONS,
        f"target ≤ 250 (standard parameters); {count['additions']} additions, "
        f"{count['functions']} sin/cos", unit="")
    table = base_parameter_table(PUMA)
    count = operation_count(PUMA, table)
    Q, QD, QDD = states(PUMA, 100)
    error = np.abs(CompiledDynamics(PUMA, parameters=table).inverse_dynamics.many(Q, QD, QDD)
                   - newton_euler.inverse_dynamics(PUMA, Q, QD, QDD)).max()
    row("the same with regrouped (base) parameters: multiplications", count["multiplications"],
        "target", 170, count["multiplications"] / 170,
        f"{count['additions']} additions; regrouping rules of robocourse.base_parameters; "
        f"max |Δτ| vs NE {error:.1e}", unit="")


# --- chapter 8: the spatial algorithms against n -----------------------------------------------

def spatial_algorithms(sizes=(5, 10, 20, 30)):
    """Wall-clock time of one forward-dynamics call on random all-revolute arms: chapter 8's
    ``aba`` (numpy, O(n)) against M⁻¹(τ − c − G) (``simulate.forward_dynamics``: n + 2
    Newton–Euler recursions and an LU solve) and against pinocchio's ``aba``. Chapter 8 counts
    operations instead (the same on every machine); these times are this machine's."""
    pin = peer("pinocchio")
    for n in sizes:
        _spatial_row(n, pin)


def _spatial_row(n, pin):
    robot = random_chain(n, seed=n, joints="R")
    q, qd, tau = states(robot, 1)[:, 0]
    qdd = spatial.aba(robot, q, qd, tau)
    error = np.abs(qdd - forward_dynamics(robot, q, qd, tau)).max()
    row(f"{n}-joint random arm, forward dynamics: M⁻¹(τ − c − G), numpy Newton–Euler",
        per_call(lambda: forward_dynamics(robot, q, qd, tau), 5),
        note="chapter 8's route through the mass matrix")
    theirs = None
    if pin is not None:
        pm, pd = pinocchio_model(robot)

        def theirs():
            return pin.aba(pm, pd, q, qd, tau)
    compared(f"{n}-joint random arm, forward dynamics: spatial.aba (numpy)",
             lambda: spatial.aba(robot, q, qd, tau), "pinocchio aba", theirs, 5, rounds=5,
             note=f"max |Δq̈| vs M⁻¹(τ − c − G) {error:.1e}")


# --- simulation ---------------------------------------------------------------------------

def simulation():
    pin = peer("pinocchio")
    arm, q0, qd0 = ARM_2R_DISTRIBUTED, [0.5, 0.3], [0.0, 0.0]
    simulate(arm, q0, qd0, 0.1)                  # generate and compile before timing
    theirs = {}
    if pin is not None:
        pm, pd = pinocchio_model(arm)
        zero = np.zeros(2)

        def pinocchio_simulation(duration):
            def rate(t, y):
                return np.concatenate([y[2:], pin.aba(pm, pd, y[:2], y[2:], zero)])
            return solve_ivp(rate, (0.0, duration), np.concatenate([q0, qd0]), method="RK45",
                             rtol=1e-8, atol=1e-8)
        ours, other = simulate(arm, q0, qd0, 10.0).q[-1], pinocchio_simulation(10.0).y[:2, -1]
        theirs = {d: (lambda d=d: pinocchio_simulation(d)) for d in (10.0, 1.0)}
        note = f"final |Δq| vs pinocchio {np.abs(ours - other).max():.1e}; "
    else:
        note = ""
    steps = len(simulate(arm, q0, qd0, 10.0).t) - 1
    compared("2R simulation 10 s, RK45, rtol = atol = 1e-8, simulate (compiled by itself)",
             lambda: simulate(arm, q0, qd0, 10.0), "pinocchio aba in solve_ivp",
             theirs.get(10.0), 1, rounds=7, note=note + f"{steps} steps")
    compared("2R simulation 1 s, the obvious call simulate(arm, q0, qd0, 1.0)",
             lambda: simulate(arm, q0, qd0, 1.0), "pinocchio aba in solve_ivp",
             theirs.get(1.0), 3, rounds=7, note="target ≤ 2")
    start = time.perf_counter()
    simulate(arm, q0, qd0, 1.0, model=False)
    row("2R simulation 1 s, Newton–Euler at every step (model=False)",
        time.perf_counter() - start, note="for reference")


# --- symbolic equations ---------------------------------------------------------------------

def mechanics_2r():
    """The 2R arm with point masses at the link ends, gravity along −Y0: the generalised
    coordinates, speeds, particles and forces for sympy.physics.mechanics."""
    theta1, theta2 = me.dynamicsymbols("theta1 theta2")
    omega1, omega2 = me.dynamicsymbols("omega1 omega2")
    l1, l2, m1, m2, g = sp.symbols("l1 l2 m1 m2 g")
    N = me.ReferenceFrame("N")
    A = N.orientnew("A", "Axis", [theta1, N.z])
    B = A.orientnew("B", "Axis", [theta2, A.z])
    O = me.Point("O")
    O.set_vel(N, 0)
    P1 = O.locatenew("P1", l1 * A.x)
    P2 = P1.locatenew("P2", l2 * B.x)
    P1.v2pt_theory(O, N, A)
    P2.v2pt_theory(P1, N, B)
    particles = [me.Particle("p1", P1, m1), me.Particle("p2", P2, m2)]
    forces = [(P1, -m1 * g * N.y), (P2, -m2 * g * N.y)]
    return dict(frame=N, coordinates=[theta1, theta2], speeds=[omega1, omega2],
                points=(P1, P2), particles=particles, forces=forces, g=g, origin=O)


def lagranges_method():
    model = mechanics_2r()
    for particle, point in zip(model["particles"], model["points"], strict=True):
        particle.potential_energy = (particle.mass * model["g"]
                                     * point.pos_from(model["origin"]).dot(model["frame"].y))
    lagrangian = me.Lagrangian(model["frame"], *model["particles"])
    method = me.LagrangesMethod(lagrangian, model["coordinates"])
    return method.form_lagranges_equations().applyfunc(sp.simplify), model["coordinates"]


def kanes_method():
    """Kane's equations, rewritten as the joint torques τ = M q̈ − forcing, simplified."""
    model = mechanics_2r()
    q, u = model["coordinates"], model["speeds"]
    t = me.dynamicsymbols._t
    kane = me.KanesMethod(model["frame"], q_ind=q, u_ind=u,
                          kd_eqs=[qi.diff(t) - ui for qi, ui in zip(q, u, strict=True)])
    kane.kanes_equations(model["particles"], model["forces"])
    accelerations = sp.Matrix([ui.diff(t) for ui in u])
    tau = (kane.mass_matrix * accelerations - kane.forcing).applyfunc(sp.simplify)
    rates = {ui: qi.diff(t) for qi, ui in zip(q, u, strict=True)}
    rates.update({ui.diff(t): qi.diff(t, 2) for qi, ui in zip(q, u, strict=True)})
    return tau.subs(rates), q


def in_joint_symbols(equations, coordinates, robot):
    """Replace the dynamicsymbols q(t), q̇(t), q̈(t) by the plain symbols of joint_symbols."""
    t = me.dynamicsymbols._t
    values = {}
    for c, *symbols in zip(coordinates, *joint_symbols(robot), strict=True):
        values.update(zip((c.diff(t, 2), c.diff(t), c), symbols[::-1], strict=True))
    return me.msubs(equations, values)


def newton_euler_simplified(robot):
    """Newton–Euler, simplified by the exact reduction of ``closed_form``."""
    return closed_form(robot).tau


def agrees(a, b):
    return compare(sp.Matrix(a), sp.Matrix(b)).equal


def symbolic_equations():
    arm = planar_2r()
    tau = newton_euler.inverse_dynamics(arm, *joint_symbols(arm))
    for figure, method in (("sympy KanesMethod", kanes_method),
                           ("sympy LagrangesMethod", lagranges_method)):
        equations, coordinates = method()
        same = agrees(in_joint_symbols(equations, coordinates, arm), tau)
        compared(f"symbolic 2R equations, derived + simplified, Newton–Euler vs {figure}",
                 lambda: newton_euler_simplified(arm), figure, method, 1, rounds=3,
                 note=f"= NE: {'yes' if same else 'NO'}")
    for figure, derive, robot in (
            ("symbolic PUMA 560, all six joints, simplified (closed_form)",
             lambda r: closed_form(r).tau, PUMA),
            ("symbolic PUMA 560 from its energies (lagrange.lagrange_equations)",
             lagrange.lagrange_equations, PUMA),
            ("closed_form of a 3-joint arm with twists of 30° and 0.3 rad", lambda r:
             closed_form(r).tau, twisted_arm())):
        start = time.perf_counter()
        tau = derive(robot)
        seconds = time.perf_counter() - start
        error = _numeric_gap(robot, tau)
        peer_name = "roboticstoolbox symbolic rne" if robot is PUMA else "—"
        theirs = ("> 120 s per torque (issue 16; --slow runs it)" if robot is PUMA else None)
        row(figure, seconds, peer_name, theirs, note=f"max |Δτ| vs numeric NE {error:.1e}, "
            f"{sum(sp.count_ops(e) for e in tau)} operations")


def three_routes():
    """Chapter 6, 6.4 and 6.5: the PUMA 560 by Newton–Euler, Lagrange and the trace form."""
    (q,), (qd,), (qdd,) = states(PUMA, 1, seed=6)
    for module, label in ((newton_euler, "Newton–Euler"), (lagrange, "Lagrange (M, C, G)"),
                          (lagrange_euler, "trace form (D, h, c)")):
        row(f"PUMA 560, one numeric state, {label} (chapter 6, 6.4)",
            statistics.median(per_call(lambda m=module: m.inverse_dynamics(PUMA, q, qd, qdd),
                                       20) for _ in range(5)))
    arm = exact_arm(PUMA)
    symbols = joint_symbols(arm)[0]
    for verb in ("gravity_load", "mass_matrix"):
        start = time.perf_counter()
        trace = getattr(lagrange_euler, verb)(arm, symbols)
        derived = time.perf_counter() - start
        start = time.perf_counter()
        same = identical(trace, getattr(newton_euler, verb)(arm, symbols))
        row(f"symbolic PUMA 560 {verb} by the trace form (chapter 6, 6.4)", derived,
            note=f"= NE: {'yes' if same else 'NO'}, proved in {show(time.perf_counter() - start)}")
    start = time.perf_counter()
    closed_form(named_mass_properties(puma560(symbolic_lengths=True)))
    row("symbolic PUMA 560 closed form in named link parameters (chapter 6, 6.5)",
        time.perf_counter() - start, note="M, c, G in m_i, x_ci, I_xxi, a2, a3, d3, d4, g")


def twisted_arm():
    inertia = np.diag([0.1, 0.2, 0.25])
    return SerialChain([Link(theta=0.3, mass=1.0, r_c=[0.5, 0, 0.1], I_c=inertia),
                        Link(alpha=np.pi / 6, a=1.0, mass=2.0, r_c=[0.2, 0.1, 0], I_c=inertia),
                        Link(alpha=0.3, a=0.7, d=0.2, joint="P", mass=0.5, r_c=[0, 0, 0.3],
                             I_c=inertia)], gravity=[0, -9.81, 0], name="twisted arm")


def _numeric_gap(robot, tau):
    q, qd, qdd = joint_symbols(robot)
    function = sp.lambdify([q, qd, qdd], tau, "numpy")
    Q, QD, QDD = states(robot, 5, seed=3)
    return max(np.abs(np.ravel(function(*state)) - newton_euler.inverse_dynamics(robot, *state))
               .max() for state in zip(Q, QD, QDD, strict=True))


def _rtb_symbolic_torque(joint, queue):
    """Put the size of roboticstoolbox's symbolic τ_joint, simplified, on ``queue`` (or
    the error it raised)."""
    try:
        robot = roboticstoolbox_robot(PUMA)
        q, qd, qdd = (list(sp.symbols(f"{stem}1:7")) for stem in ("q", "qd", "qdd"))
        tau = robot.rne(q, qd, qdd)                   # symbolic joints: its rne_python
        queue.put(("done", sp.count_ops(sp.simplify(tau[joint]))))
    except Exception as error:  # noqa: BLE001 - reported in the table
        queue.put(("failed", f"{type(error).__name__}: {error}"))


def rtb_symbolic(seconds=120):
    """roboticstoolbox's symbolic rne of the PUMA, torque 1 simplified, within ``seconds``."""
    figure = "roboticstoolbox symbolic PUMA rne, τ1 simplified"
    if peer("roboticstoolbox") is None:
        return row(figure, "not installed")
    queue = multiprocessing.Queue()
    process = multiprocessing.Process(target=_rtb_symbolic_torque, args=(0, queue))
    start = time.perf_counter()
    process.start()
    process.join(seconds)
    if process.is_alive():
        process.terminate()
        process.join()
        return row(figure, f"> {seconds} s", note="did not finish")
    outcome, value = queue.get()
    if outcome == "failed":
        return row(figure, "failed", note=value[:80])
    row(figure, time.perf_counter() - start, note=f"{value} operations")


# --- answer checking ------------------------------------------------------------------------

def answer_checking():
    """``compare`` on the PUMA 560: every verdict is checked, times are per comparison."""
    form = closed_form(PUMA)
    q, qd, qdd = form.q, form.qd, form.qdd
    change = sp.Rational(1, 10**6) * sp.sin(q[1]) * qd[0]**2
    entries = [e for part in (form.M, form.c, form.G) for e in part if e != 0]
    rewritten = [sp.expand(sp.expand_trig(e)) for e in entries]     # θ2+θ3 expanded
    for label, pairs, want in (
            ("closed-form M, c, G entries vs expanded form",
             zip(entries, rewritten, strict=True), True),
            ("closed-form M, c, G entries vs entry + 1e-6 s2 θ̇1²",
             ((e, e + change) for e in entries), False)):
        times = []
        for answer, expected in pairs:
            start = time.perf_counter()
            verdict = compare(answer, expected)
            times.append(time.perf_counter() - start)
            assert verdict.equal is want, (label, verdict)
        row(f"answer check, PUMA 560: {label} (slowest)", max(times),
            note=f"{len(times)} entries, total {show(sum(times))}, floats")
    raw = newton_euler.inverse_dynamics(PUMA, q, qd, qdd)[1]
    exact = newton_euler.inverse_dynamics(exact_arm(PUMA), q, qd, qdd)[1]
    for label, answer, expected, want in (
            ("raw NE τ2 (floats) vs closed-form τ2", raw, form.tau[1], True),
            ("raw NE τ2 (floats) vs exact-arm NE τ2", raw, exact, True),
            ("exact-arm NE τ2 vs itself x (1 + 1e-12)", exact,
             exact * (1 + sp.Rational(1, 10**12)), False)):
        verdict = compare(answer, expected)
        assert verdict.equal is want, (label, verdict)
        seconds = statistics.median(timeit.repeat(lambda a=answer, e=expected: compare(a, e),
                                                  number=1, repeat=3))
        row(f"answer check, PUMA 560: {label}", seconds,
            note=f"{sp.count_ops(answer)} operations, {verdict.method}")


def browser_redraw():
    """The slider → redrawn figure delay measured by the browser test, when it has run."""
    results = pathlib.Path(__file__).resolve().parent.parent / "test-artifacts" / "browser"
    figure = "statics widget in JupyterLab + Chromium: slider → redrawn figure"
    if not (results / "redraw.json").exists():
        return row(figure, "not measured", note="run make test first (needs Chromium)")
    measured = json.loads((results / "redraw.json").read_text())
    outside = measured.get("from_the_test_ms_median")
    row(figure, measured["slider_to_redraw_ms_median"] / 1000,
        note=f"median of {measured['changes']} changes, key press to the painted frame, "
             f"timed in the page (from the test's side of the connection: {outside} ms); "
             "last browser test run")


def class_grading(assignment="ch3_newton_euler", submissions=200, one_at_a_time=10):
    """Autograding ``submissions`` copies (right and wrong) of ``assignment`` in parallel,
    against grading ``one_at_a_time`` of them with one worker (per submission)."""
    from class_grading import benchmark

    (what, wall, per, memory, note), (_, _, alone, _, _) = benchmark(
        assignment, submissions, one_at_a_time)
    row(f"autograde {submissions} submissions of {assignment}, sandboxed: wall time",
        wall, "one at a time (× 200)", alone * submissions, wall / (alone * submissions),
        note=f"{note}; peak memory {memory:.0f} MB")
    row("  the same, per submission", per, "one at a time", alone, per / alone)


def table():
    headers = ("figure", "robocourse", "best peer", "peer", "ratio", "note")
    lines = [tuple(cell.replace("|", r"\|") for cell in (       # |Δτ| inside a markdown cell
        figure, show(ours, unit), peer_name, show(theirs, unit),
        "—" if ratio is None else f"{ratio:.2f}", note))
        for figure, ours, peer_name, theirs, ratio, note, unit in ROWS]
    widths = [max(len(h), *(len(line[k]) for line in lines)) for k, h in enumerate(headers)]
    out = ["| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |",
           "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out += ["| " + " | ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) + " |"
            for line in lines]
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--slow", action="store_true",
                        help="also run roboticstoolbox's symbolic rne of the PUMA (120 s)")
    parser.add_argument("--no-grading", action="store_true",
                        help="skip autograding a class of 200 submissions (minutes)")
    arguments = parser.parse_args()
    load = os.getloadavg()
    missing = [name for name in ("pinocchio", "roboticstoolbox") if peer(name) is None]
    print(f"load average before: {load[0]:.2f} (1 min), {load[1]:.2f} (5 min); "
          f"{os.cpu_count()} cores; C compiler: {c_compiler() or 'none'}; peers not "
          f"installed (skipped): {', '.join(missing) or 'none'}", file=sys.stderr)
    one_off()
    one_state()
    many_states()
    operation_counts()
    spatial_algorithms()
    simulation()
    symbolic_equations()
    three_routes()
    if arguments.slow:
        rtb_symbolic()
    answer_checking()
    browser_redraw()
    if not arguments.no_grading:
        class_grading()
    print(table())
    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f} (1 min), {load[1]:.2f} (5 min)")


if __name__ == "__main__":
    main()
