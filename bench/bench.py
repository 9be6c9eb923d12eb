"""Benchmark of the dynamics core: prints one table (run with ``make bench``).

* Deriving the equations of motion of the 2R arm (point masses, SYLLABUS 3.2) and the
  R-P arm (SYLLABUS 4.3) symbolically: Newton–Euler, Lagrange from energies, and
  ``sympy.physics.mechanics.LagrangesMethod`` on the same arms (written below); each
  result is checked against Newton–Euler.
* Numeric PUMA 560 inverse dynamics: generated code (C, and its numpy fallback) for
  one state and per state over 1,000 states; the generic numpy Newton–Euler for
  reference; roboticstoolbox and pinocchio when they are installed (they are not
  dependencies: they are only imported if present).
* The PUMA 560 by the three dynamics routes of chapter 6, 6.4 (Newton–Euler, Lagrange,
  the Lagrange–Euler trace form) per numeric state, the trace form with symbols (``G``,
  and the whole mass matrix with its proof of identity to Newton–Euler's), and the closed
  form with named link parameters (6.5).
* Forward simulation of the 2R arm (distributed links) for 10 s, RK45, rtol 1e-8.
* Checking an answer (``equivalence.compare``) on the largest answers of the course:
  the PUMA 560 closed-form ``M``, ``c``, ``G`` entries against a rewritten form and
  against a small exact change, and the raw Newton–Euler torque of joint 2.

Times are medians over repeated runs (``timeit.repeat``); the "runs" column reads
"repeats x calls per repeat" (a per-state time divides by the 1,000 states as well).
"""

import importlib
import json
import os
import pathlib
import statistics
import tempfile
import time
import timeit

import numpy as np
import sympy as sp
import sympy.physics.mechanics as me

from robocourse import lagrange, lagrange_euler, newton_euler
from robocourse.closed_form import closed_form, exact_arm
from robocourse.codegen import CompiledDynamics, NumericFunction, c_compiler
from robocourse.equivalence import compare, identical
from robocourse.models import (
    named_mass_properties,
    planar_2r,
    planar_2r_distributed,
    puma560,
    rp_arm,
)
from robocourse.robot import joint_symbols
from robocourse.simulate import simulate

ROWS = []


def median_time(function, number=1, repeat=5):
    """The time of one call: median over ``repeat`` runs of ``number`` calls each."""
    return statistics.median(timeit.repeat(function, number=number, repeat=repeat)) / number


def row(task, method, seconds, runs="", note=""):
    ROWS.append((task, method, seconds, runs, note))


def show(seconds):
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds * 1e9:.3g} ns"


# --- the peers: the same two arms written for sympy.physics.mechanics ----------------

def mechanics_2r():
    """The 2R arm with point masses at the link ends, gravity along −Y0."""
    theta1, theta2 = me.dynamicsymbols("theta1 theta2")
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
    bodies = [me.Particle("p1", P1, m1), me.Particle("p2", P2, m2)]
    for body, point in zip(bodies, (P1, P2), strict=True):
        body.potential_energy = body.mass * g * point.pos_from(O).dot(N.y)
    return me.Lagrangian(N, *bodies), [theta1, theta2]


def mechanics_rp():
    """Craig's R-P arm: link 1 (COM l1 out) turns about Z0; the slider (COM at d2)
    runs along it. The body x axis points along the arm; only Izz enters planar motion."""
    theta1, d2 = me.dynamicsymbols("theta1 d2")
    l1, m1, m2, g = sp.symbols("l1 m1 m2 g")
    Ixx1, Iyy1, Izz1, Ixx2, Iyy2, Izz2 = sp.symbols("Ixx1 Iyy1 Izz1 Ixx2 Iyy2 Izz2")
    N = me.ReferenceFrame("N")
    A = N.orientnew("A", "Axis", [theta1, N.z])
    O = me.Point("O")
    O.set_vel(N, 0)
    C1 = O.locatenew("C1", l1 * A.x)
    C2 = O.locatenew("C2", d2 * A.x)
    C1.v2pt_theory(O, N, A)
    C2.set_vel(N, C2.pos_from(O).dt(N))
    link1 = me.RigidBody("link1", C1, A, m1, (me.inertia(A, Iyy1, Ixx1, Izz1), C1))
    link2 = me.RigidBody("link2", C2, A, m2, (me.inertia(A, Iyy2, Ixx2, Izz2), C2))
    for body, point in ((link1, C1), (link2, C2)):
        body.potential_energy = body.mass * g * point.pos_from(O).dot(N.y)
    return me.Lagrangian(N, link1, link2), [theta1, d2]


def lagranges_method(model):
    lagrangian, coordinates = model()
    return me.LagrangesMethod(lagrangian, coordinates).form_lagranges_equations()


def in_joint_symbols(equations, coordinates, robot):
    """Replace the dynamicsymbols q(t), q̇(t), q̈(t) by the plain symbols of joint_symbols."""
    t = me.dynamicsymbols._t
    values = {}
    for c, *symbols in zip(coordinates, *joint_symbols(robot), strict=True):
        values.update(zip((c, c.diff(t), c.diff(t, 2)), symbols, strict=True))
    return me.msubs(equations, values)


def agrees(a, b):
    return all(sp.simplify(x - y) == 0 for x, y in zip(a, b, strict=True))


def tidy(tau):
    return tau.applyfunc(lambda e: sp.expand(sp.trigsimp(sp.expand(e))))


def derivations():
    for label, robot, peer in (("2R point masses", planar_2r(), mechanics_2r),
                               ("R-P arm", rp_arm(), mechanics_rp)):
        task = f"EoM {label}: derive τ"
        q, qd, qdd = joint_symbols(robot)
        tau = newton_euler.inverse_dynamics(robot, q, qd, qdd)
        row(task, "Newton–Euler recursion (as derived)",
            median_time(lambda r=robot, s=(q, qd, qdd): newton_euler.inverse_dynamics(r, *s)),
            "5x1")
        row(task, "Newton–Euler + trigsimp/expand",
            median_time(lambda r=robot, s=(q, qd, qdd): tidy(newton_euler.inverse_dynamics(
                r, *s)), repeat=3), "3x1")
        from_energies = lagrange.lagrange_equations(robot)
        row(task, "Lagrange from energies (tidy)",
            median_time(lambda r=robot: lagrange.lagrange_equations(r), repeat=3), "3x1",
            f"= NE: {'yes' if agrees(from_energies, tau) else 'NO'}")
        _, coordinates = peer()
        equations = in_joint_symbols(lagranges_method(peer), coordinates, robot)
        row(task, "sympy.physics.mechanics LagrangesMethod",
            median_time(lambda p=peer: lagranges_method(p), repeat=3), "3x1",
            f"= NE: {'yes' if agrees(equations, tau) else 'NO'}")


# --- numeric PUMA 560 inverse dynamics ------------------------------------------------

def puma_inverse_dynamics():
    task = "PUMA 560 inverse dynamics"
    rng = np.random.default_rng(0)
    Q, QD, QDD = rng.uniform(-np.pi, np.pi, size=(3, 1000, 6))
    q, qd, qdd = Q[0], QD[0], QDD[0]
    robot = puma560()

    with tempfile.TemporaryDirectory() as cache:     # one-off cost, with an empty cache
        os.environ["ROBOCOURSE_CACHE"] = cache
        start = time.perf_counter()
        compiled = CompiledDynamics(robot).inverse_dynamics
        row(task, "one-off: NE with symbols + sp.cse + compile", time.perf_counter() - start,
            "1x1", f"backend {compiled.backend}, compiler {c_compiler() or 'none'}")
        del os.environ["ROBOCOURSE_CACHE"]
    model = CompiledDynamics(robot)
    expected = np.array([newton_euler.inverse_dynamics(robot, *state)
                         for state in zip(Q, QD, QDD, strict=True)])
    tau = newton_euler.inverse_dynamics(robot, model.q, model.qd, model.qdd)
    targets = {"c": ("target ≤ 8 µs (rtb's C: 8.4 µs)", "target ≤ 0.85 µs (rtb's C: 0.85 µs); "),
               "numpy": ("", "")}
    for backend, calls in (("c", 2000), ("numpy", 20)) if c_compiler() else (("numpy", 20),):
        f = NumericFunction(tau, {"q": model.q, "qd": model.qd, "qdd": model.qdd},
                            "puma_inverse_dynamics", backend)
        error = np.abs(f.many(Q, QD, QDD) - expected).max()
        single = median_time(lambda f=f: f(q, qd, qdd), number=calls, repeat=7)
        per_state = median_time(lambda f=f: f.many(Q, QD, QDD), number=20, repeat=7) / 1000
        row(task, f"generated code ({backend}), one state", single, f"7x{calls}",
            targets[backend][0])
        row(task, f"generated code ({backend}), per state of 1,000", per_state, "7x20",
            targets[backend][1] + f"max |Δτ| vs numpy NE {error:.1e}")
    row(task, "generic numpy Newton–Euler, one state",
        median_time(lambda: newton_euler.inverse_dynamics(robot, q, qd, qdd), number=20),
        "5x20")
    peers(task, q, qd, qdd, Q, QD, QDD)


def peers(task, q, qd, qdd, Q, QD, QDD):
    try:
        rtb = importlib.import_module("roboticstoolbox")
    except ImportError:
        row(task, "roboticstoolbox rne", float("nan"), note="not installed")
    else:
        puma = rtb.models.DH.Puma560()
        row(task, "roboticstoolbox rne, one state",
            median_time(lambda: puma.rne(q, qd, qdd), number=2000, repeat=7), "7x2000",
            "its own PUMA parameters")
        row(task, "roboticstoolbox rne, per state of 1,000",
            median_time(lambda: puma.rne(Q, QD, QDD), number=20, repeat=7) / 1000, "7x20")
    try:
        pin = importlib.import_module("pinocchio")
    except ImportError:
        row(task, "pinocchio rnea", float("nan"), note="not installed")
    else:
        model = pin.buildSampleModelManipulator()
        data = model.createData()
        row(task, "pinocchio rnea, one state",
            median_time(lambda: pin.rnea(model, data, q, qd, qdd), number=2000, repeat=7),
            "7x2000", "its sample 6-DOF manipulator, not the PUMA")


def closed_form_puma():
    start = time.perf_counter()
    form = closed_form(puma560())
    seconds = time.perf_counter() - start
    size = sum(sp.count_ops(part) for part in (form.M, form.c, form.G))
    row("PUMA 560 simplified symbolic M, c, G", "closed_form: NE + reduction mod s²+c²−1",
        seconds, "1x1", f"{size} operations in all; roboticstoolbox symbolic rne: > 300 s")


def puma_dynamics_routes():
    """Chapter 6, 6.4 and 6.5: the three routes on the PUMA, numeric and symbolic."""
    task = "PUMA 560 by three routes (chapter 6)"
    robot = puma560()
    q, qd, qdd = np.random.default_rng(6).uniform(-2, 2, size=(3, 6))
    for module, label in ((newton_euler, "Newton–Euler"), (lagrange, "Lagrange (M, C, G)"),
                          (lagrange_euler, "trace form (D, h, c)")):
        row(task, f"{label}, one numeric state",
            median_time(lambda m=module: m.inverse_dynamics(robot, q, qd, qdd), number=20,
                        repeat=5), "5x20")
    arm = exact_arm(robot)
    symbols = joint_symbols(arm)[0]
    for verb in ("gravity_load", "mass_matrix"):
        start = time.perf_counter()
        trace = getattr(lagrange_euler, verb)(arm, symbols)
        derived = time.perf_counter() - start
        start = time.perf_counter()
        assert identical(trace, getattr(newton_euler, verb)(arm, symbols))
        row(task, f"trace form, symbolic {verb}", derived, "1x1",
            f"identical to Newton–Euler's: {show(time.perf_counter() - start)} more")
    start = time.perf_counter()
    closed_form(named_mass_properties(puma560(symbolic_lengths=True)))
    row(task, "closed_form, named link parameters", time.perf_counter() - start, "1x1",
        "M, c, G in m_i, x_ci, I_xxi, a2, a3, d3, d4, g")


# --- answer checking ------------------------------------------------------------------

def answer_checking():
    """``compare`` on the PUMA 560: every verdict is checked, times are per comparison."""
    task = "PUMA 560 answer check: equivalence.compare"
    form = closed_form(puma560())
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
        row(task, label + " (slowest)", max(times), f"{len(times)} entries",
            f"total {show(sum(times))}, floats")
    robot = puma560()
    raw = newton_euler.inverse_dynamics(robot, q, qd, qdd)[1]
    exact = newton_euler.inverse_dynamics(exact_arm(robot), q, qd, qdd)[1]
    for label, answer, expected, want in (
            ("raw NE τ2 (floats) vs closed-form τ2", raw, form.tau[1], True),
            ("raw NE τ2 (floats) vs exact-arm NE τ2", raw, exact, True),
            ("exact-arm NE τ2 vs itself x (1 + 1e-12)", exact,
             exact * (1 + sp.Rational(1, 10**12)), False)):
        seconds = median_time(lambda a=answer, e=expected: compare(a, e), repeat=3)
        verdict = compare(answer, expected)
        assert verdict.equal is want, (label, verdict)
        row(task, label, seconds, "3x1", f"{sp.count_ops(answer)} operations, "
            f"{verdict.method}")


# --- simulation ------------------------------------------------------------------------

def simulation():
    task = "2R forward simulation, 10 s, RK45, rtol 1e-8"
    arm = planar_2r_distributed(l1=1.0, l2=1.0, m1=1.0, m2=1.0, r1=0.5, r2=0.5, I1=1 / 12,
                                I2=1 / 12, g=9.81)
    model = CompiledDynamics(arm)
    q0, qd0 = [0.5, 0.3], [0.0, 0.0]
    simulate(arm, q0, qd0, 0.1, model=model)        # derive and compile before timing
    for atol, note in ((1e-6, "scipy's default atol"), (1e-8, "simulate's default atol")):
        steps = len(simulate(arm, q0, qd0, 10.0, model=model, atol=atol).t) - 1
        seconds = median_time(lambda a=atol: simulate(arm, q0, qd0, 10.0, model=model, atol=a),
                              repeat=7)
        row(task, f"generated code, atol {atol:g}", seconds, "7x1",
            f"{steps} steps; target ≤ 40 ms; {note}")
    start = time.perf_counter()
    simulate(arm, q0, qd0, 1.0, atol=1e-8)
    row(task.replace("10 s", "1 s"), "Newton–Euler at every step (numpy)",
        time.perf_counter() - start, "1x1", "for comparison: 1 s simulated, not 10")


def browser_redraw():
    """The slider → redrawn figure delay measured by the browser test, when it has run."""
    results = pathlib.Path(__file__).resolve().parent.parent / "test-artifacts" / "browser"
    task = "statics widget in JupyterLab + Chromium: slider → redrawn figure"
    if not (results / "redraw.json").exists():
        row(task, "tests/test_browser.py", float("nan"), "", "run make test first (needs Chromium)")
        return
    measured = json.loads((results / "redraw.json").read_text())
    row(task, "tests/test_browser.py", measured["slider_to_redraw_ms_median"] / 1000,
        f"{measured['changes']} changes", "median, from the last browser test run; goal ≤ 50 ms")


def main():
    derivations()
    puma_inverse_dynamics()
    closed_form_puma()
    puma_dynamics_routes()
    answer_checking()
    simulation()
    browser_redraw()
    headers = ("task", "method", "median time", "runs", "note")
    lines = [(task, method, "—" if np.isnan(seconds) else show(seconds), runs, note)
             for task, method, seconds, runs, note in ROWS]
    widths = [max(len(h), *(len(line[k]) for line in lines)) for k, h in enumerate(headers)]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for line in lines:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) + " |")


if __name__ == "__main__":
    main()
