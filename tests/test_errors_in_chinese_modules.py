"""The errors of the library's modules in Chinese (issue 37): under ``language.using("zh_CN")``
a bad call raises a message that has Chinese, names the argument the user passed, and has no
English prose (two English words in a row outside names, values and code).

The input gate (robocourse/_checks.py) has its own cases (tests/test_errors_language.py);
here are the modules' own raise sites: one bad call per message (``CASES``), and the bad
calls of the English bad-input tables whose error the modules raise themselves (not the
gate, not a message wrapping another). Every sentence the modules pass to
``say(..., "errors")`` or ``phrase(..., "errors")`` is said by one of them, or is in
``UNREACHED`` with the reason (a compiler or solver that fails, a machine without one).
"""

import functools
import importlib
import re
import traceback
from pathlib import Path

import numpy as np
import pytest
import sympy as sp
from bad_input import Case

from robocourse import base_parameters as bp
from robocourse import closed_form as cf
from robocourse import (
    codegen,
    constraints,
    control,
    equivalence,
    frames,
    friction,
    identification,
    inertia,
    kinematics,
    lagrange,
    lagrange_euler,
    language,
    models,
    motors,
    newton_euler,
    notation,
    parameters,
    physical_identification,
    puma560,
    robot,
    simulate,
    spatial,
    trajectories,
)
from robocourse.exercises import ch1_statics
from robocourse.grading import checks, students
from robocourse.grading.handover import FunctionSource
from robocourse.grading.runner import Runner, StudentCodeError, StudentFunction
from robocourse.widgets import acceleration, arm_viewer, drawing, dynamics_rp
from robocourse.widgets import identification as identification_widget

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ROOT / "robocourse"
#: The files whose sentences are not the modules' (the gate's, the language's own).
NOT_THE_MODULES = {"robocourse/_checks.py", "robocourse/language.py"}
CJK = re.compile("[\u4e00-\u9fff]")
#: Two English words in a row (lower-case words of two letters or more, one space apart).
PROSE = re.compile(r"(?<![\w.'\"=(\[])([a-z]{2,}) ([a-z]{2,})(?![\w(\[=])")
#: What a message may show in English: a value (quoted, or a repr in <> or a call).
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|<[^<>]*>")

ARM = models.planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
SYMBOLIC = models.planar_2r()
RP = models.rp_arm()
ARM3 = models.planar_3r(lengths=[1.0] * 3, masses=[1.0] * 3, com_distances=[0.5] * 3,
                        inertias=[0.1] * 3, g=9.81)
PUMA = models.puma560()
Q = [0.3, 1.0]
x, y = sp.symbols("x y")
F = sp.Function("F")
ZERO = sp.Symbol("z", zero=True)         # no random rational value is zero
HUGE = sp.exp(10**4)                    # beyond the 8192 bits of the random-point test


def _numeric_function():
    return codegen.NumericFunction(sp.Matrix([x * y, x + y]), {"x": x, "y": y}, "f",
                                   backend="numpy")


def _singular_dynamics():
    return codegen.CompiledDynamics(models.planar_2r(l1=1.0, l2=1.0, m1=0.0, m2=0.0, g=9.81))


def _stopped_simulation():
    return simulate.simulate(ARM, [0.0, 0.0], [0.0, 0.0], 10.0, lambda t, q, qd: [1e3, -1e3],
                             time_limit=1e-6)


def _fourier(**changes):
    options = dict(a=np.zeros((2, 3)), b=np.zeros((2, 3)), q0=[0.0, 0.0],
                   base_frequency=1.0)
    return identification.FourierTrajectory(**{**options, **changes})


def _experiment():
    arm, base, model, true, draws = identification_widget.experiment()
    return arm, base, model


class _Desired:
    """A desired motion without a duration: at rest at q = 0."""

    def at(self, t):
        return np.zeros(2), np.zeros(2), np.zeros(2)


@functools.cache
def _base():
    return bp.base_parameters_by_regrouping(ARM)


#: (label, call, error, argument): one bad call per message of the modules.
CASES = [
    # simulate
    ("singular M", lambda: simulate.forward_dynamics(
        models.planar_2r(l1=1.0, l2=1.0, m1=0.0, m2=0.0, g=9.81), Q, [0, 0], [0, 0]),
     ValueError, "q"),
    ("samples that go back", lambda: simulate.Motion(np.array([0.0, 0.0]), np.zeros((2, 2)),
                                                   np.zeros((2, 2)), np.zeros((2, 2))),
     ValueError, "t"),
    ("rows not per time", lambda: simulate.Motion(np.array([0.0, 1.0]), np.zeros((3, 2)),
                                                  np.zeros((3, 2)), np.zeros((3, 2))),
     ValueError, "q"),
    ("torque not callable", lambda: simulate.simulate(ARM, Q, [0, 0], 1.0, 3.0),
     TypeError, "torque"),
    ("torque of two arguments", lambda: simulate.simulate(ARM, Q, [0, 0], 1.0,
                                                          lambda t, q: [0, 0]),
     TypeError, "torque"),
    ("torque that raises", lambda: simulate.simulate(ARM, Q, [0, 0], 1.0,
                                                     lambda t, q, qd: {}["tau"]),
     RuntimeError, "torque(t, q, qd)"),
    ("too long to simulate", lambda: simulate.simulate(ARM, Q, [0, 0], 1e9, samples=2),
     ValueError, "duration"),
    ("time limit", _stopped_simulation, RuntimeError, "time_limit"),
    ("equations with parameters", lambda: simulate.simulate_equations(
        sp.Matrix([sp.Symbol("a") + sp.Symbol("k") * x]), [x], [y], [sp.Symbol("a")], [0.1],
        [0.0], 1.0), ValueError, "equations"),
    ("equations not linear", lambda: simulate.simulate_equations(
        sp.Matrix([sp.Symbol("a") ** 2 + x]), [x], [y], [sp.Symbol("a")], [0.1], [0.0], 1.0),
     ValueError, "equations"),
    ("equations singular", lambda: simulate.simulate_equations(
        sp.Matrix([x * sp.Symbol("a")]), [x], [y], [sp.Symbol("a")], [0.0], [0.0], 1.0),
     ValueError, "qdd"),
    ("equations divide by zero", lambda: simulate.simulate_equations(
        sp.Matrix([sp.Symbol("a") + 1 / x]), [x], [y], [sp.Symbol("a")], [0.0], [0.0], 1.0),
     ValueError, "equations"),
    ("motion of other joints", lambda: simulate.energies(
        ARM, simulate.Motion(np.array([0.0]), np.zeros((1, 3)), np.zeros((1, 3)),
                             np.zeros((1, 3)))), ValueError, "motion"),
    ("one sample", lambda: simulate.actuator_work(
        simulate.Motion(np.array([0.0]), np.zeros((1, 2)), np.zeros((1, 2)),
                        np.zeros((1, 2)))), ValueError, "motion"),
    ("symbolic rest", lambda: simulate.JointSpring(RP, 2, 60.0, sp.Symbol("r")),
     TypeError, "rest"),
    ("spring of symbols", lambda: simulate.JointSpring(RP, 2, 60.0, 0.6).energy(
        [x, y]), TypeError, "q"),
    ("spring of 3 joints", lambda: simulate.JointSpring(RP, 2, 60.0, 0.6).energy(
        [0.0, 0.1, 0.2]), ValueError, "q"),
    # trajectories
    ("too short a duration", lambda: trajectories.cubic_coefficients(0.0, 1.0, 1e-110),
     ValueError, "duration"),
    ("too short for lspb", lambda: trajectories.lspb_blend_time(0.0, 1.0, 1e-160, 1e300),
     ValueError, "duration"),
    ("too short for a quintic", lambda: trajectories.quintic_coefficients(0.0, 1.0, 1e-70),
     ValueError, "duration"),
    ("symbolic t of a cubic path", lambda: trajectories.synchronised([0.0], [1.0], 1.0).at(x),
     TypeError, "t"),
    ("nothing moves", lambda: trajectories.unsynchronised([0.0], [0.0], 1.0),
     ValueError, "qf"),
    ("too fast", lambda: trajectories.unsynchronised([0.0], [1.0], 1e300),
     ValueError, "max_velocity"),
    ("one via point", lambda: trajectories.joint_space_path([[0.0, 0.0]], 3),
     ValueError, "via"),
    ("a line through one point", lambda: trajectories.distance_from_line(
        [[1.0, 1.0]], [0.0, 0.0], [0.0, 0.0]), ValueError, "end"),
    ("blends that do not meet", lambda: trajectories.lspb_blend_time(0.0, 10.0, 1.0, 1.0),
     ValueError, "acceleration"),
    ("lspb of symbols", lambda: trajectories.lspb(0.0, 1.0, 2.0, x, 0.5),
     TypeError, "lspb"),
    ("before a moving start", lambda: trajectories.via_point_cubics(
        [0.0, 1.0], [0.0, 1.0], [1.0, 1.0]).at(-1.0), ValueError, "t"),
    ("after a moving end", lambda: trajectories.via_point_cubics(
        [0.0, 1.0], [0.0, 1.0], [1.0, 1.0]).at(2.0), ValueError, "t"),
    ("symbolic t of a via path", lambda: trajectories.via_point_cubics(
        [0.0, 1.0], [0.0, 1.0]).at(x), TypeError, "t"),
    ("one time", lambda: trajectories.via_point_cubics([0.0], [0.0]), ValueError, "times"),
    ("times that go back", lambda: trajectories.via_point_cubics([0.0, 2.0, 1.0],
                                                                  [0.0, 1.0, 2.0]),
     ValueError, "times"),
    ("symbolic positions", lambda: trajectories.via_point_cubics([0.0, 1.0], [x, 1.0]),
     TypeError, "positions"),
    ("positions not per time", lambda: trajectories.via_point_cubics([0.0, 1.0],
                                                                      [0.0, 1.0, 2.0]),
     ValueError, "positions"),
    ("velocities of another shape", lambda: trajectories.via_point_cubics(
        [0.0, 1.0], [0.0, 1.0], [0.0]), ValueError, "velocities"),
    # codegen
    ("arguments not a dict", lambda: codegen.NumericFunction(x, [x]), TypeError,
     "arguments"),
    ("arguments of numbers", lambda: codegen.NumericFunction(x, {"x": 1}), TypeError,
     "arguments['x']"),
    ("a symbol twice", lambda: codegen.NumericFunction(x, {"x": x, "y": x}), ValueError,
     "arguments['y']"),
    ("a name that is not C", lambda: codegen.NumericFunction(x, {"x": x}, "f-1"),
     ValueError, "name"),
    ("a word of C", lambda: codegen.NumericFunction(x, {"x": x}, "double"),
     ValueError, "name"),
    ("definitions of a string", lambda: codegen.straight_line_program([x], [x], "s"),
     TypeError, "definitions"),
    ("a definition of one part", lambda: codegen.straight_line_program([x], [x], [(x,)]),
     TypeError, "definitions[0]"),
    ("expressions of a string", lambda: codegen.straight_line_program("x", [x]),
     TypeError, "expressions"),
    ("a program of one part", lambda: codegen.c_source(([],), [x], "f"), TypeError,
     "program"),
    ("an assignment of one part", lambda: codegen.c_source(([(x,)], [x]), [x], "f"),
     TypeError, "assignments[0]"),
    ("an output of an unknown", lambda: codegen.c_source(([], [y]), [x], "f"),
     ValueError, "outputs[0]"),
    ("source not C", lambda: codegen.count_operations("int main"), TypeError, "source"),
    ("a complex expression", lambda: codegen.NumericFunction([x + sp.I], {"x": x}),
     ValueError, "expressions[0]"),
    ("expressions of a string too", lambda: codegen.NumericFunction("x", {"x": x}),
     TypeError, "expressions"),
    ("shape of floats", lambda: codegen.NumericFunction([x, x], {"x": x}, shape=[2.0]),
     TypeError, "shape"),
    ("a shape too small", lambda: codegen.NumericFunction([x, x], {"x": x}, shape=(3,)),
     ValueError, "shape"),
    ("a parameter left", lambda: codegen.NumericFunction([x * y], {"x": x}), ValueError,
     "expressions"),
    ("a definition's parameter", lambda: codegen.NumericFunction(
        [x], {"x": x}, definitions=[(sp.Symbol("s"), y)]), ValueError, "definitions"),
    ("too few arguments", lambda: _numeric_function()(1.0), TypeError, "f"),
    ("out of ints", lambda: _numeric_function()(1.0, 2.0, out=np.zeros(2, dtype=int)),
     ValueError, "out"),
    ("out of a list", lambda: _numeric_function()(1.0, 2.0, out=[0.0, 0.0]),
     ValueError, "out"),
    ("a symbol for a number", lambda: _numeric_function()(x, 2.0), TypeError, "x"),
    ("a vector for a number", lambda: _numeric_function()([1.0, 2.0], 2.0), ValueError, "x"),
    ("many of one row", lambda: _numeric_function().many([[1.0]], [2.0]), ValueError, "x"),
    ("many of unequal rows", lambda: _numeric_function().many([1.0, 2.0], [2.0]),
     ValueError, "f.many"),
    ("a result that is not finite", lambda: codegen.NumericFunction(
        [1 / x], {"x": x}, "g", backend="numpy")(0.0), ValueError, "g"),
    ("many results that are not finite", lambda: codegen.NumericFunction(
        [1 / x], {"x": x}, "g", backend="numpy").many([1.0, 0.0]), ValueError, "g"),
    ("a singular mass matrix", lambda: _singular_dynamics().forward_dynamics(
        [0.0, 0.0], [0.0, 0.0], [1.0, 1.0]), ValueError, "q"),
    ("a singular state rate", lambda: _singular_dynamics().state_rate(
        [0.0, 0.0, 0.0, 0.0], [1.0, 1.0]), ValueError, "y"),
    ("symbols to compile", lambda: codegen.compiled_dynamics(SYMBOLIC), ValueError, "robot"),
    ("a model that is a class", lambda: codegen.ParametricDynamics(dict, ["m1"]),
     TypeError, "model"),
    ("parameters of a string", lambda: codegen.ParametricDynamics(models.planar_2r, "m1"),
     TypeError, "parameters"),
    ("an argument the model lacks", lambda: codegen.ParametricDynamics(
        models.planar_2r, ["mass"]), ValueError, "mass"),
    ("a parameter also fixed", lambda: codegen.ParametricDynamics(
        models.planar_2r, ["m1"], m1=1.0), ValueError, "parameters"),
    ("symbols left by fixed", lambda: codegen.ParametricDynamics(
        models.planar_2r, ["m1"], l1=1.0, m2=1.0, g=9.81), ValueError, "planar_2r(**fixed)"),
    ("at without a parameter", lambda: codegen.ParametricDynamics(
        models.planar_2r, ["m1", "m2"], l1=1.0, l2=1.0, g=9.81).at(m1=1.0), TypeError, "at()"),
    ("at a symbol", lambda: codegen.ParametricDynamics(
        models.planar_2r, ["m1"], l1=1.0, l2=1.0, m2=1.0, g=9.81).at(m1=x), TypeError, "m1"),
    ("not a dynamics function", lambda: codegen.ParametricDynamics(
        models.planar_2r, ["m1"], l1=1.0, l2=1.0, m2=1.0, g=9.81).at(m1=1.0).parameter_names,
     AttributeError, "parameter_names"),
    # control
    ("a trajectory without at", lambda: control.computed_torque(ARM, 3, 1.0, 1.0),
     TypeError, "trajectory"),
    ("a trajectory of 1 joint", lambda: control.computed_torque(
        ARM, trajectories.synchronised([0.0], [1.0], 1.0), 1.0, 1.0), ValueError,
     "trajectory"),
    ("a controller of 3 joints", lambda: control.track(
        ARM, ARM3, trajectories.synchronised([0.0, 0.0], [1.0, 1.0], 1.0),
        1.0, 1.0), ValueError, "controller"),
    ("no duration", lambda: control.track(ARM, ARM, _Desired(), 1.0, 1.0), TypeError,
     "duration"),
    # equivalence
    ("compare a string", lambda: equivalence.compare("x", x), TypeError, "a"),
    ("a 3-d array", lambda: equivalence.compare(np.zeros((1, 1, 1)), x), ValueError, "a"),
    ("shapes that differ", lambda: equivalence.compare(sp.Matrix([x, y]), x), ValueError,
     "b"),
    ("results that differ", lambda: equivalence.assert_identical(x, x + 1, "tau"),
     AssertionError, "tau"),
    ("trials of zero", lambda: equivalence.random_points_agree(x, x, seed=1, trials=0),
     ValueError, "trials"),
    ("a seed of float", lambda: equivalence.random_points_agree(x, x, seed=1.5), TypeError,
     "seed"),
    ("an angle not a monomial over a whole number", lambda: equivalence.TrigonometricRing(
        [2 * x / 3]), ValueError, "angles[0]"),
    ("results that differ at random points", lambda: equivalence.assert_identical(
        sp.sqrt(x**2), x, "√x² and x"), AssertionError, "√x² and x"),
    ("results not proven equal", lambda: equivalence.assert_identical(
        sp.sqrt(x**2), sp.Abs(x), "c"), AssertionError, "c"),
    # equivalence: why the canonical form or the random points cannot decide
    ("an angle not a polynomial", lambda: equivalence.assert_identical(
        sp.sin(sp.sqrt(x)), 0, "sin √x"), AssertionError, "sin √x"),
    ("a constant angle not a multiple of π", lambda: equivalence.assert_identical(
        sp.sin(x + 1), 0, "sin(x + 1)"), AssertionError, "sin(x + 1)"),
    ("an angle of too many multiples", lambda: equivalence.assert_identical(
        sp.sin(65 * x), 0, "sin 65x"), AssertionError, "sin 65x"),
    ("a function of an expression", lambda: equivalence.assert_identical(
        F(x + 1), 0, "F"), AssertionError, "F(x + 1)"),
    ("one function of two expressions", lambda: equivalence.assert_identical(
        F(x + 1), F(2 * x), "F twice"), AssertionError, "F twice"),
    ("a fractional power", lambda: equivalence.assert_identical(
        x ** sp.Rational(1, 3), 0, "∛x"), AssertionError, "x**(1/3)"),
    ("a symbol no value satisfies", lambda: equivalence.assert_identical(
        sp.sqrt(ZERO), 1, "√z"), AssertionError, "√z"),
    ("undefined at every point", lambda: equivalence.assert_identical(
        sp.Piecewise((x, x > 10)), x, "pieces"), AssertionError, "pieces"),
    ("a condition not evaluated", lambda: equivalence.assert_identical(
        sp.Piecewise((x, sp.Contains(x, sp.Interval(0, 1))), (0, True)), x, "pieces"),
     AssertionError, "Contains(x, Interval(0, 1))"),
    ("a real function of a complex value", lambda: equivalence.assert_identical(
        sp.floor(sp.I * x), x, "⌊ix⌋"), AssertionError, "⌊ix⌋"),
    ("an exponential too large", lambda: equivalence.assert_identical(
        sp.exp(10**10 * x), 0, "e^(10¹⁰x)"), AssertionError, "e^(10¹⁰x)"),
    ("a sine too large", lambda: equivalence.assert_identical(
        sp.sin(sp.exp(sp.exp(10)) * x), 0, "sin(x e^e¹⁰)"), AssertionError, "sin(x e^e¹⁰)"),
    ("a function not evaluated", lambda: equivalence.assert_identical(
        sp.gamma(x), 0, "Γ(x)"), AssertionError, "gamma"),
    ("an arcsine beyond 1", lambda: equivalence.assert_identical(
        sp.asin(x + 10), 0, "asin"), AssertionError, "asin"),
    ("sides too close at random points", lambda: equivalence.assert_identical(
        ((1 + 1 / HUGE)**x - 1) * HUGE, x, "close"), AssertionError, "close"),
    ("floats beside algebraic numbers", lambda: equivalence.assert_identical(
        0.7071 * sp.sin(x), sp.sqrt(2) / 2 * sp.sin(x), "f"), AssertionError, "sqrt(2)"),
    ("an undefined entry beside an undecidable one", lambda: equivalence.assert_identical(
        sp.Matrix([1 / (sp.sin(x)**2 + sp.cos(x)**2 - 1), sp.sqrt(x)]), sp.Matrix([1, x]),
        "m"), AssertionError, "[0, 0]"),
    ("a float entry that differs", lambda: equivalence.assert_identical(
        sp.Matrix([x / 2.0, sp.sqrt(x)]), sp.Matrix([x, x]), "v"), AssertionError, "v"),
    ("nan in canonical", lambda: equivalence.canonical(sp.nan), equivalence.Undefined,
     "exprs[0]"),
    ("nan in a ring", lambda: equivalence.TrigonometricRing([]).polynomial(sp.nan),
     equivalence.Undefined, "nan"),
    ("a number outside the rationals", lambda: equivalence.TrigonometricRing([]).polynomial(
        sp.sqrt(2)), equivalence.Undecidable, "sqrt(2)"),
    ("a polynomial with a denominator", lambda: equivalence.TrigonometricRing(
        [], [x]).polynomial(1 / x), equivalence.Undecidable, "1/x"),
    ("an angle not of the ring", lambda: equivalence.TrigonometricRing([x]).polynomial(
        sp.sin(y)), equivalence.Undecidable, "y"),
    ("an angle in a ring without angles", lambda: equivalence.TrigonometricRing(
        []).polynomial(sp.sin(x)), equivalence.Undecidable, "x"),
    ("an angle not a whole multiple", lambda: equivalence.TrigonometricRing([x]).polynomial(
        sp.sin(x / 2)), equivalence.Undecidable, "x/2"),
    ("too many multiples in a ring", lambda: equivalence.TrigonometricRing([x]).polynomial(
        sp.sin(65 * x)), equivalence.Undecidable, "65"),
    # frames, friction
    ("S not skew", lambda: frames.vee(sp.eye(3)), ValueError, "S"),
    ("friction's motion of 3 joints", lambda: friction.Friction(
        [1.0, 1.0], [0.0, 0.0]).energy_taken(simulate.Motion(
            np.array([0.0, 1.0]), np.zeros((2, 3)), np.zeros((2, 3)), np.zeros((2, 3)))),
     ValueError, "motion"),
    ("friction's motion of 2 joints", lambda: friction.Friction([1.0], [0.0]).energy_taken(
        simulate.Motion(np.array([0.0, 1.0]), np.zeros((2, 2)), np.zeros((2, 2)),
                        np.zeros((2, 2)))), ValueError, "motion"),
    # identification
    ("a and b of two shapes", lambda: _fourier(b=np.zeros((2, 2))), ValueError, "a"),
    ("an amplitude of zero", lambda: identification.exciting_trajectory(2, amplitude=0.0),
     ValueError, "amplitude"),
    ("limits of one bound", lambda: identification.exciting_trajectory(
        2, amplitude=0.1, limits=[0.0]), TypeError, "limits"),
    ("amplitude beyond the limits", lambda: identification.exciting_trajectory(
        2, amplitude=1.0, limits=([-0.5, -0.5], [0.5, 0.5])), ValueError, "amplitude"),
    ("a regressor of symbols", lambda: identification.BaseRegressor(SYMBOLIC, _base()),
     ValueError, "robot"),
    ("a base of another robot", lambda: identification.BaseRegressor(
        ARM3, _base()), ValueError, "base"),
    ("negative noise", lambda: identification.measured_torques(ARM, _fourier(), [0.5],
                                                                 noise=-1.0),
     ValueError, "noise"),
    ("W of zeros", lambda: identification.condition_number(np.zeros((4, 2))), ValueError,
     "W"),
    ("W of rank 1", lambda: identification.condition_number(np.ones((1, 2))), ValueError,
     "W"),
    ("y not per row", lambda: identification.least_squares(np.eye(4), np.ones(3), 1),
     ValueError, "y"),
    ("W not in blocks", lambda: identification.least_squares(np.ones((5, 1)), np.ones(5), 2),
     ValueError, "W"),
    ("W too short", lambda: identification.least_squares(np.ones((4, 2)), np.ones(4), 2),
     ValueError, "W"),
    ("W not of full rank", lambda: identification.least_squares(np.ones((6, 2)), np.ones(6),
                                                                 1), ValueError, "W"),
    ("measured of another shape", lambda: identification.prediction_error(
        np.ones((3, 2)), np.ones((3, 1))), ValueError, "measured"),
    ("measured of zeros", lambda: identification.prediction_error(
        np.ones((3, 2)), np.zeros((3, 2))), ValueError, "measured"),
    # physical identification
    ("pi of 7 entries", lambda: physical_identification.smallest_eigenvalues(np.ones(7), 1),
     ValueError, "pi"),
    ("W of another width", lambda: physical_identification.physical_least_squares(
        _base(), np.ones((8, 2)), np.ones(8), 2, np.ones(20)), ValueError, "W"),
    ("a prior too large", lambda: physical_identification.physical_least_squares(
        _base(), np.eye(8)[:, :_base().count], np.ones(8), 2, np.full(20, 1e12)),
     ValueError, "prior"),
    # base parameters
    ("values of a list", lambda: _base().numeric_K([1.0]), TypeError, "values"),
    ("K of symbols", lambda: bp.base_parameters_by_regrouping(SYMBOLIC).numeric_K(),
     ValueError, "K"),
    ("qr of symbols", lambda: bp.base_parameters_by_qr(SYMBOLIC), ValueError, "robot"),
    ("too few states", lambda: bp.base_parameters_by_qr(
        ARM, states=tuple(np.zeros((1, 2)) for _ in range(3))), ValueError, "states"),
    ("keep of a string", lambda: bp.base_parameters_by_qr(ARM, keep="ZZ1"), TypeError,
     "keep"),
    ("states of two", lambda: bp.base_parameters_by_qr(ARM, states=(1, 2)), TypeError,
     "states"),
    ("states of unequal rows", lambda: bp.base_parameters_by_qr(
        ARM, states=(np.zeros((20, 2)), np.zeros((20, 2)), np.zeros((21, 2)))), ValueError,
     "states"),
    ("keep an unknown name", lambda: bp.base_parameters_by_qr(ARM, keep=["ZZ9"]),
     ValueError, "keep"),
    ("keep an index too large", lambda: bp.base_parameters_by_qr(ARM, keep=[99]),
     ValueError, "keep"),
    ("regrouping a twisted arm", lambda: bp.base_parameters_by_regrouping(
        robot.SerialChain([robot.Link(0, 0, 0, 0, joint="R", mass=1, r_c=[0, 0, 0],
                                      I_c=np.eye(3)),
                           robot.Link(0.5, 1, 0, 0, joint="P", mass=1, r_c=[0, 0, 0],
                                      I_c=np.eye(3)),
                           robot.Link(0, 1, 0, 0, joint="R", mass=1, r_c=[0, 0, 0],
                                      I_c=np.eye(3))])), ValueError,
     "base_parameters_by_regrouping"),
    ("a base of another robot's regressor", lambda: bp.base_regressor(
        ARM3, _base(), [0, 0, 0], [0, 0, 0], [0, 0, 0]), ValueError, "base"),
    ("a base model of symbols", lambda: bp.base_model(SYMBOLIC), ValueError, "robot"),
    ("a base with friction", lambda: bp.base_model(
        ARM, bp.base_parameters_by_regrouping(ARM, friction=True)), ValueError, "base"),
    ("a table of symbols", lambda: bp.base_parameter_table(SYMBOLIC), ValueError, "robot"),
    ("a table with friction", lambda: bp.base_parameter_table(
        ARM, bp.base_parameters_by_regrouping(ARM, friction=True)), ValueError, "base"),
    # closed form
    ("a length not polynomial", lambda: cf.closed_form(models.planar_2r(
        l1=sp.sqrt(x), l2=1.0, m1=1.0, m2=1.0, g=9.81)), ValueError, "closed_form"),
    # inertia
    ("I not symmetric", lambda: inertia.check_inertia([[1, 2, 0], [0, 1, 0], [0, 0, 1]]),
     ValueError, "I_c"),
    ("I negative", lambda: inertia.check_inertia(np.diag([-1.0, 1.0, 1.0])), ValueError,
     "I_c"),
    ("I breaks the triangle", lambda: inertia.check_inertia(np.diag([1.0, 1.0, 3.0])),
     ValueError, "I_c"),
    ("a symbol known negative", lambda: inertia.check_inertia(
        sp.diag(-sp.Symbol("a", positive=True), 1, 1)), ValueError, "I_c"),
    ("f not a function", lambda: inertia.Box(1.0, 1.0, 1.0).integrate(3, 1.0), TypeError,
     "f"),
    ("f that raises", lambda: inertia.Box(1.0, 1.0, 1.0).integrate(lambda r: {}["r"], 1.0),
     TypeError, "f"),
    ("I_A not physical", lambda: inertia.parallel_axis_to_centre(np.zeros((3, 3)), 1.0,
                                                                 [1.0, 0.0, 0.0]),
     ValueError, "I_A"),
    ("parts of a dict", lambda: inertia.composite_body({}), TypeError, "parts"),
    ("no parts", lambda: inertia.composite_body([]), ValueError, "parts"),
    ("a part of two", lambda: inertia.composite_body([(1.0, [0, 0, 0])]), TypeError,
     "parts[0]"),
    ("massless parts", lambda: inertia.composite_body([(0.0, [0, 0, 0], np.eye(3))]),
     ValueError, "parts"),
    # kinematics
    ("rows of a string", lambda: kinematics.jacobian_rows(ARM, Q, "xy"), TypeError, "rows"),
    ("rows out of range", lambda: kinematics.jacobian_rows(ARM, Q, [0, 9]), ValueError,
     "rows"),
    ("rows not square", lambda: kinematics.jacobian_determinant(ARM, Q, [0, 1, 5]),
     ValueError, "rows"),
    ("all six rows", lambda: kinematics.jacobian_determinant(ARM, Q), ValueError, "rows"),
    ("a singular configuration", lambda: kinematics.inverse_jacobian(ARM, [0.3, 0.0],
                                                                      [0, 1]),
     kinematics.SingularConfigurationError, "q"),
    ("a symbolic singular configuration", lambda: kinematics.inverse_jacobian(
        SYMBOLIC, [x, 0], [0, 1]), kinematics.SingularConfigurationError, "q"),
    ("out of reach", lambda: kinematics.inverse_kinematics_2r(ARM, 5.0, 0.0), ValueError,
     "(x, y)"),
    ("not a planar 2R arm", lambda: kinematics.inverse_kinematics_2r(RP, 0.5, 0.0),
     ValueError, "robot"),
    ("frames of symbols", lambda: kinematics.link_frames_many(SYMBOLIC, [Q]), TypeError,
     "planar_2r"),
    # lagrange, lagrange_euler, newton_euler, models, notation, parameters, robot
    ("a matrix lagrangian", lambda: lagrange.euler_lagrange(sp.Matrix([x, y]), [x], [y],
                                                            [sp.Symbol("a")]),
     TypeError, "lagrangian"),
    ("a link without mass", lambda: lagrange_euler.pseudo_inertia(robot.Link(0, 0, 0, 0)),
     ValueError, "pseudo_inertia"),
    ("states unlike q", lambda: newton_euler.inverse_dynamics(ARM, np.zeros((3, 2)),
                                                              [0.0, 0.0], np.zeros((3, 2))),
     ValueError, "qd"),
    ("batches of unequal rows", lambda: newton_euler.inverse_dynamics(
        ARM, np.zeros((3, 2)), np.zeros((2, 2)), np.zeros((3, 2))), ValueError, "q, qd, qdd"),
    ("no diagonal tensor", lambda: models.named_mass_properties(models.with_payload(
        models.puma560(), 1.0, [0, 0, 0], [[1, 0.1, 0], [0.1, 1, 0], [0, 0, 1]])),
     ValueError, "named_mass_properties"),
    ("inertias of two", lambda: models.spatial_3r(inertias=[np.eye(3)] * 2), TypeError,
     "inertias"),
    ("rounded symbols", lambda: notation.rounded([x, 1.0]), TypeError, "x"),
    ("a parameter index too large", lambda: parameters.parameter_name(99, 2), ValueError,
     "k"),
    ("a massless body", lambda: parameters.centre_of_mass_parameters(np.zeros(10)),
     ValueError, "link_parameters"),
    ("an unphysical body", lambda: parameters.centre_of_mass_parameters(
        [-1.0, 0, 0, 1.0, 0, 1.0, 0, 0, 0, 1.0]), ValueError, "link_parameters"),
    ("parameters of 3", lambda: parameters.inverse_dynamics(ARM, Q, [0, 0], [0, 0],
                                                            parameters=[1.0, 2.0, 3.0]),
     ValueError, "parameters"),
    ("a symbol that is not", lambda: robot.joint_symbol_role("theta1"), TypeError, "symbol"),
    ("not a joint variable", lambda: robot.derivative_name("phi1", 1), ValueError, "base"),
    ("an order of 3", lambda: robot.derivative_name("theta1", 3), ValueError, "order"),
    ("a joint of X", lambda: robot.Link(0, 0, 0, 0, joint="X"), ValueError, "joint"),
    ("I_c not physical", lambda: robot.Link(0, 0, 0, 0, mass=1.0, r_c=[0, 0, 0],
                                            I_c=np.diag([1.0, 1.0, 3.0])),
     ValueError, "I_c"),
    ("a Link for links", lambda: robot.SerialChain(robot.Link(0, 0, 0, 0)), TypeError,
     "links"),
    ("a set of links", lambda: robot.SerialChain({robot.Link(0, 0, 0, 0)}), TypeError,
     "links"),
    ("links of a number", lambda: robot.SerialChain(3), TypeError, "links"),
    ("no links", lambda: robot.SerialChain([]), ValueError, "links"),
    # puma560
    ("not a PUMA", lambda: puma560.inverse_kinematics(ARM, np.eye(4)), ValueError, "robot"),
    ("inside the shoulder's cylinder", lambda: puma560.inverse_kinematics(PUMA, np.eye(4)),
     ValueError, "T"),
    ("beyond the elbow", lambda: puma560.inverse_kinematics(
        PUMA, np.array([[1, 0, 0, 5.0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])),
     ValueError, "T"),
    # widgets
    ("slope of one point", lambda: acceleration.loglog_slope([1.0], [1.0]), ValueError,
     "s2"),
    ("words of other keys", lambda: arm_viewer.viewer_state(ARM, words={"joints": "x"}),
     ValueError, "words"),
    ("words without a placeholder", lambda: arm_viewer.viewer_state(
        ARM, words={"joint": "关节"}), ValueError, "words['joint']"),
    ("limits upside down", lambda: arm_viewer.viewer_state(
        ARM, limits=[(1.0, -1.0), (-1.0, 1.0)]), ValueError, "limits[0]"),
    ("q beyond the limits", lambda: arm_viewer.viewer_state(
        ARM, [3.0, 0.0], limits=[(-1.0, 1.0), (-1.0, 1.0)]), ValueError, "q[0]"),
    ("a singularity of a list", lambda: arm_viewer.viewer_state(ARM, singularities=[[1]]),
     TypeError, "singularities[0]"),
    ("a singularity without near", lambda: arm_viewer.viewer_state(
        ARM, singularities=[{"name": "a", "label": "b", "kind": "axes", "joints": [1, 2]}]),
     ValueError, "singularities[0]"),
    ("a payload without size", lambda: arm_viewer.viewer_state(ARM, payload={}), TypeError,
     "payload"),
    ("not a 2R arm to draw", lambda: drawing.planar_2r_arm(PUMA), ValueError, "robot"),
    ("a spring below zero", lambda: dynamics_rp.free_swing(k=-1.0), ValueError, "k"),
    ("an amplitude above 1", lambda: identification_widget.identification_state(
        amplitude=2.0), ValueError, "amplitude"),
    ("noise below zero", lambda: identification_widget.identification_state(noise=-1.0),
     ValueError, "noise"),
    # constraints
    ("a constraint Jacobian of other columns", lambda: constraints.constrained_dynamics(
        ARM, Q, [0, 0], [0, 0], [[1, 0, 0]], [0]), ValueError, "A"),
    ("a constraint Jacobian that is text", lambda: constraints.constrained_dynamics(
        ARM, Q, [0, 0], [0, 0], "abc", [0]), TypeError, "A"),
    ("one Adot qdot too many", lambda: constraints.constrained_dynamics(
        ARM, Q, [0, 0], [0, 0], [[1, 0]], [0, 0]), ValueError, "A_dot_qd"),
    ("dependent constraints", lambda: constraints.constrained_dynamics(
        ARM, Q, [0, 0], [0, 0], [[1, 0], [2, 0]], [0, 0]), ValueError, "q"),
    ("plane normals of two entries", lambda: constraints.tool_point_constraint(
        ARM, Q, [0, 0], [[1, 0]]), ValueError, "normals"),
    # motors
    ("a negative rotor inertia", lambda: motors.reflected_inertia([-1e-4], [10]),
     ValueError, "motor_inertia[0]"),
    ("a gear ratio too many", lambda: motors.reflected_inertia([1e-4], [10, 20]),
     ValueError, "gear_ratio"),
    ("a gear ratio of zero", lambda: motors.reflected_inertia([1e-4], [0]),
     ValueError, "gear_ratio[0]"),
    ("the armature of a prismatic joint near the base", lambda: bp.base_parameters_by_regrouping(
        robot.SerialChain([robot.Link(joint="P"), robot.Link(a=0.5)], name="P-R"),
        armature=True), ValueError, "armature"),
]

#: (label, call, error, argument, part): a part of a message that a module passes to the gate
#: (``phrase``, a hint, the detail of an overflow), said in Chinese inside the gate's message.
GATE = [
    ("negative stiffness", lambda: simulate.JointSpring(RP, 2, -1.0, 0.6), ValueError,
     "stiffness", "N/m or N·m/rad"),
    ("atol of zero", lambda: simulate.simulate(ARM, Q, [0, 0], 1.0, atol=0.0), ValueError,
     "atol", "in the units of q and qd"),
    ("time_limit of zero", lambda: simulate.simulate(ARM, Q, [0, 0], 1.0, time_limit=0.0),
     ValueError, "time_limit", "s of computing"),
    ("q0 of the equations", lambda: simulate.simulate_equations(
        sp.Matrix([sp.Symbol("a") + x]), [x], [y], [sp.Symbol("a")], [0.1, 0.2], [0.0], 1.0),
     ValueError, "q0", "one per coordinate"),
    ("lspb after the end", lambda: trajectories.lspb(0.0, 1.0, 2.0, 10.0, 3.0), ValueError,
     "t", ": the motion runs from t = 0 to t = duration"),
    ("cubic after the end", lambda: trajectories.cubic(0.0, 1.0, 2.0, 3.0), ValueError, "t",
     ": the cubic is the motion only from t = 0 to t = duration (JointTrajectory.at holds "
     "the arm at rest outside)"),
    ("quintic after the end", lambda: trajectories.quintic(0.0, 1.0, 2.0, 3.0), ValueError,
     "t", ": the quintic is the motion only from t = 0 to t = duration"),
    ("blends without acceleration", lambda: trajectories.lspb_blend_time(0.0, 1.0, 2.0, 0.0),
     ValueError, "acceleration", "rad/s², the size of the blends' acceleration"),
    ("qf not per q0", lambda: trajectories.synchronised([0.0], [1.0, 2.0], 1.0), ValueError,
     "qf", "one per entry of q0"),
    ("the Coriolis torques overflow", lambda: codegen.compiled_dynamics(ARM).forward_dynamics(
        [0.0, 0.0], [1e200, 1e200], [0.0, 0.0]), OverflowError, "qd",
     "the Coriolis and centripetal torques c(q, qd) are not finite"),
    ("inverse dynamics overflow", lambda: codegen.compiled_dynamics(ARM).inverse_dynamics(
        [0.0, 0.0], [1e200, 1e200], [0.0, 0.0]), OverflowError, "qd",
     "the result is not finite"),
    ("gains that overflow", lambda: control.computed_torque(
        ARM, trajectories.synchronised([0.0, 0.0], [1.0, 1.0], 1.0), 1e308, 1e308)(
        0.5, [10.5, 10.5], [0.0, 0.0]), OverflowError, "Kp",
     "the torques of the control law at t = {t} are not finite"),
    ("parameters of 3 columns", lambda: codegen.CompiledDynamics(
        ARM, parameters=np.ones((2, 3))), ValueError, "parameters",
     "({n}, 10) matrix of numbers, one row per link ({names})"),
    ("a negative viscous coefficient", lambda: friction.Friction([-1.0], [1.0]), ValueError,
     "viscous[0]", "N·m·s/rad, or N·s/m for a prismatic joint"),
    ("a negative Coulomb coefficient", lambda: friction.Friction([1.0], [-1.0]), ValueError,
     "coulomb[0]", "N·m, or N for a prismatic joint"),
    ("coulomb not per viscous", lambda: friction.Friction([1.0], [1.0, 1.0]), ValueError,
     "coulomb", "one per entry of viscous"),
    ("a motion vector of 5", lambda: spatial.crm([0, 0, 0, 0, 0]), ValueError, "v",
     "vx, vy, vz, wx, wy, wz (linear part first)"),
    ("a smoothing of zero", lambda: friction.Friction([1.0], [1.0], smoothing=0.0),
     ValueError, "smoothing", "rad/s or m/s, the width of the smooth sign"),
    ("a margin below zero", lambda: physical_identification.physical_least_squares(
        _base(), np.eye(8)[:, :_base().count], np.ones(8), 2, np.ones(20), margin=-1.0),
     ValueError, "margin", "the smallest eigenvalue allowed in a pseudo-inertia"),
    ("a prior_weight of zero", lambda: physical_identification.physical_least_squares(
        _base(), np.eye(8)[:, :_base().count], np.ones(8), 2, np.ones(20), prior_weight=0.0),
     ValueError, "prior_weight", "per unit² of a parameter"),
    ("a prior of 3", lambda: physical_identification.physical_least_squares(
        _base(), np.eye(8)[:, :_base().count], np.ones(8), 2, np.ones(3)), ValueError,
     "prior", "one per standard parameter of base"),
    ("pi of 3 for values", lambda: _base().values([1.0, 2.0, 3.0]), ValueError, "pi",
     "one per standard parameter"),
    ("pi_b of 1 for standard", lambda: _base().standard([1.0]), ValueError, "pi_b",
     "one per base parameter"),
    ("a part's centre", lambda: inertia.composite_body([(1.0, [0, 0], np.eye(3))]),
     ValueError, "parts[0] p_c", "x, y, z in {A}"),
    ("a box of no width", lambda: inertia.Box(0.0, 1.0, 1.0), ValueError, "w",
     "a length, m"),
    ("a box's origin", lambda: inertia.inertia_by_integration(
        inertia.Box(1.0, 1.0, 1.0), 1.0, origin=[0, 0]), ValueError, "origin",
     "x, y, z in {C}"),
    ("a link length of zero", lambda: kinematics.inverse_kinematics_2r(
        models.planar_2r(l1=0.0, l2=1.0), 0.5, 0.0), ValueError, "l1", "link length {name}"),
    ("velocity not per row", lambda: kinematics.joint_rates(ARM, Q, [1.0, 2.0, 3.0], [0, 1]),
     ValueError, "velocity", "one per row of J"),
    ("the tool frame", lambda: kinematics.jacobian_by_cross_products(ARM, Q, link=5),
     ValueError, "link", "the tool frame"),
    ("a Jacobian of 5 rows", lambda: kinematics.rotate_jacobian(np.zeros((5, 2)), np.eye(3)),
     ValueError, "J", "6 x n Jacobian (rows [v; ω])"),
    ("energy of link 5", lambda: lagrange.kinetic_energy(ARM, Q, [0, 0], link=5),
     ValueError, "link", "all links"),
    ("christoffel's index", lambda: lagrange.christoffel_symbols(SYMBOLIC, [x, y])[0, 1, 1],
     KeyError, "christoffel_symbols(...)[i, j, k]", "[1, 1, 2] is c_112"),
    ("U of index 0", lambda: lagrange_euler.transform_derivatives(SYMBOLIC, [x, y])[0],
     KeyError, "transform_derivatives", "[2][1] is U_21 = ∂(0_T_2)/∂q_1"),
    ("a payload's centre", lambda: newton_euler.payload_wrench(
        ARM, Q, [0, 0], [0, 0], 1.0, [0, 0], np.eye(3)), ValueError, "r_c",
     "x, y, z in the tool frame"),
    ("a negative length", lambda: models.planar_2r(l1=-1.0), ValueError, "l1",
     "a length, m"),
    ("a negative moment", lambda: models.rp_arm(Ixx1=-1.0), ValueError, "Ixx1",
     "a moment of inertia, kg m²"),
    ("lengths of one", lambda: models.planar_3r(lengths=[1.0]), ValueError, "lengths",
     "one per link of the 3R arm"),
    ("masses of one", lambda: models.spatial_3r(masses=[1.0]), ValueError, "masses",
     "one per link"),
    ("masses of a planar arm", lambda: models.planar_arm([1.0, 1.0], [1.0], [0.5, 0.5],
                                                         [0.1, 0.1], 9.81),
     ValueError, "masses", "one per link, like lengths"),
    ("r_c of 2", lambda: parameters.origin_parameters(1.0, [0, 0], np.eye(3)), ValueError,
     "r_c", "x, y, z in {j}"),
    ("p of 2", lambda: parameters.move_parameters(np.ones(10), np.eye(3), [0, 0]),
     ValueError, "p", "x, y, z in {A}"),
    ("gravity of two", lambda: robot.SerialChain([robot.Link(0, 0, 0, 0)], gravity=[0, 0]),
     ValueError, "gravity", "x, y, z in {0}"),
    ("values not per s2", lambda: acceleration.loglog_slope([1.0, 2.0], [1.0]), ValueError,
     "values", "one per entry of s2"),
    ("a payload's centre of 2", lambda: arm_viewer.viewer_state(
        ARM, payload={"size": [0.1, 0.1, 0.1], "centre": [0, 0]}), ValueError,
     "payload['centre']", "x, y, z in the tool frame"),
    ("a singularity of one joint", lambda: arm_viewer.viewer_state(
        ARM, singularities=[{"name": "a", "label": "b", "kind": "axes", "joints": [1],
                             "near": 0.1}]), ValueError, "singularities[0]['joints']",
     "two joint numbers"),
    ("a singularity near zero", lambda: arm_viewer.viewer_state(
        ARM, singularities=[{"name": "a", "label": "b", "kind": "axes", "joints": [1, 2],
                             "near": 0.0}]), ValueError, "singularities[0]['near']",
     "m or a sine"),
]

#: The grader's words of a student's setup cell (robocourse/grading: feedback.po).
FEEDBACK = [
    ("no student id", lambda: students.student_id(None), AssertionError, "STUDENT_ID"),
    ("the placeholder id", lambda: students.student_id(students.PLACEHOLDER),
     AssertionError, "STUDENT_ID"),
    ("an empty student", lambda: students.student_rng(" "), ValueError, "student"),
    ("an answer too many", lambda: ch1_statics.exercise_1(1, 2), TypeError, "tau_tool"),
    ("an answer missing", lambda: ch1_statics.exercise_1(), TypeError, "tau_tool"),
    ("an answer the grader cannot decide", lambda: checks.equal(
        sp.sqrt(x**2 + 2 * x + 1), sp.Abs(x + 1)), checks.Mistake, "Abs"),
]

#: The sentences no bad call here says, and why.
UNREACHED = {
    "compiling {name} failed:\n{errors}": "the C compiler failing on generated code",
    "no C compiler found (set $CC or install cc)": "a machine without a C compiler",
    "no C compiler": "a machine without a C compiler",
    "no Python.h in {include}": "a Python without its headers",
    "robocourse.codegen: generated code is called through ctypes ({why}), about 1 µs slower "
    "per call": "a machine without a C compiler or Python's headers",
    "robocourse.codegen: the extension _fastcall did not build, generated code is called "
    "through ctypes: {error}": "the C compiler failing on the extension",
    "simulate: no C compiler found (install cc or set $CC): the equations of motion run as "
    "numpy code, many times slower": "a machine without a C compiler",
    "the semidefinite program was not solved: Clarabel failed ({error})":
        "the solver Clarabel raising an error",
    "the semidefinite program was not solved: Clarabel says {status} (numbers too far apart "
    "for it?); a smaller margin, another prior_weight or prior, or parameters of similar "
    "sizes may help": "the solver Clarabel giving up",
    "no branch reproduces T within {tolerance}": "a target the closed form reaches only "
                                                  "beyond round-off (a guard)",
    "the motion overflows floating point at t = {t} s, where {reached}: {detail}. The torques "
    "or the starting state are too large, or the motion runs away (check the torques, and the "
    "signs of damping and friction)": "the gate's overflow error wrapped (its own sentence is "
                                      "the gate's)",
    "the equations overflow": "numpy's overflow inside lambdified equations",
    "the simulation stopped at {reached}: {message}": "solve_ivp failing without an error",
    "the start (t = 0)": "solve_ivp failing at its first step",
    "the angle {argument} has the coefficient {coefficient}, which is not a rational number":
        "a guard (sympy's as_coeff_Mul gives an angle a rational or a float coefficient)",
    "it contains {value}": "a guard (canonical and compare refuse nan and ∞ before the scan)",
    "the numbers {numbers} are not handled exactly": "sympy's algebraic_field failing on the "
                                                      "numbers of an expression",
    "{earlier}; entry {cell}: {reason}": "the reasons of a compare whose entries all agree (no "
                                         "error holds them: test_a_cached_reason_is_said_in_"
                                         "the_language_of_each_message)",
    "cannot write {expr} as a polynomial in the sines and cosines of the joint angles: {reason}":
        "closed_form handing itself an expression it cannot write (a guard)",
    "{error} (returned at t = {t})": "wraps the gate's message about what torque returned",
    "max_velocity = {max_velocity} rad/s is too large: {error}": "wraps the duration's "
                                                                 "message (said above)",
    "the integral is not finite in floating point": "a body too large for floating point, "
                                                    "in the gate's overflow error",
    "the torques of the control law at t = {t} are not finite": "in the gate's overflow error",
    "the mass matrix M(q) is not finite": "in the gate's overflow error",
    "the Coriolis and centripetal torques c(q, qd) are not finite": "in the gate's overflow "
                                                                    "error",
    "the gravity load G(q) is not finite": "in the gate's overflow error",
    "the accelerations M(q)⁻¹ (τ − c − G) are not finite": "in the gate's overflow error",
    "the result is not finite": "in the gate's overflow error",
    "{name} is not finite": "generated code whose result is not finite with no explanation",
    "the parameters of link {link}": "a problem physical_consistency returns, not an error "
                                     "(test_the_problems_of_an_unphysical_estimate_are_chinese)",
    "link {i} of {name}: its inertia tensor I_c breaks the triangle inequality {broken}; loaded "
    "as asked (physical=False), but no rigid body has it": "a warning, not an error "
                                                            "(test_warning_is_chinese)",
}


def _module_sentences():
    """{sentence: file} of what the modules (not the gate) say in the domain "errors"."""
    found = language.sayings_in(LIBRARY, "errors")
    return {sentence: where.rsplit(":", 1)[0] for sentence, where in found.items()
            if where.rsplit(":", 1)[0] not in NOT_THE_MODULES}


class _Heard(dict):
    """A catalogue that notes every sentence looked up in it."""

    def __init__(self, entries, heard):
        super().__init__(entries)
        self.heard = heard

    def get(self, english, default=None):
        self.heard.add(english)
        return super().get(english, default)


def _raised(call, domain="errors"):
    """``(exception, sentences said)`` of ``call()`` under Chinese (None if it returns)."""
    heard, real = set(), language.catalogue

    def listening(name, spoken):
        entries = real(name, spoken)
        return _Heard(entries, heard) if name == domain else entries

    language.catalogue = listening
    try:
        with language.using("zh_CN"):
            try:
                call()
            except Exception as error:        # noqa: BLE001 - the error is what is checked
                _read(error)          # a reason said when the message is read is heard too
                return error, heard
    finally:
        language.catalogue = real
    return None, heard


def _read(error):
    """The message of ``error`` read under Chinese (an equivalence reason is said when it
    is read, in the language of that moment)."""
    with language.using("zh_CN"):
        return str(error)


@functools.cache
def _outcome(label):
    """``_raised`` of the case ``label`` (each case is called once)."""
    call = {c[0]: c[1] for c in CASES + GATE + FEEDBACK}[label]
    return _raised(call, "feedback" if label in {c[0] for c in FEEDBACK} else "errors")


def english_prose(message, names=()):
    """The runs of two English words in ``message`` outside quoted values and ``names``.

    >>> english_prose("q 应有 2 个元素；实际为 'two words'")
    []
    >>> english_prose("q must have 2 entries")
    ['must have']
    """
    text = QUOTED.sub(" ", message)
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    return [" ".join(match.groups()) for match in PROSE.finditer(text)]


def assert_chinese(message, argument, prose=True):
    assert CJK.search(message), f"no Chinese: {message}"
    assert argument in message, f"does not name {argument!r}: {message}"
    english = english_prose(message, [argument]) if prose else []
    assert not english, f"English prose {english}: {message}"


@pytest.mark.parametrize("case", [Case(*c, kind="") for c in CASES + FEEDBACK],
                         ids=[c[0] for c in CASES + FEEDBACK])
def test_a_bad_call_raises_a_chinese_message(case):
    error, _ = _outcome(case.label)
    assert isinstance(error, case.error), f"{case.label}: raised {error!r}"
    assert_chinese(_read(error), case.argument)


def _words(part):
    """The longest run of a part's Chinese between its ``{fields}``."""
    said = language.catalogue("errors", "zh_CN")[part]
    return max(re.split(r"\{[^{}]*\}", said), key=len)


@pytest.mark.parametrize(("label", "call", "error", "argument", "part"), GATE,
                         ids=[c[0] for c in GATE])
def test_a_part_passed_to_the_gate_is_said_in_chinese(label, call, error, argument, part):
    """The part is in the gate's message in Chinese; the whole message is Chinese once the
    gate's own sentence is translated (tests/test_errors_language.py)."""
    raised, heard = _outcome(label)
    assert isinstance(raised, error), f"{label}: raised {raised!r}"
    message = raised.args[0] if isinstance(raised, KeyError) else str(raised)
    assert part in heard and _words(part) in message, f"{part!r} not said: {message}"
    if heard & _gate_sentences() and heard <= set(language.catalogue("errors", "zh_CN")):
        assert_chinese(message, argument)


@functools.cache
def _gate_sentences():
    """The sentences of the gate (robocourse/_checks.py)."""
    return {sentence for sentence, where in language.sayings_in(LIBRARY, "errors").items()
            if where.startswith("robocourse/_checks.py:")}


def test_every_sentence_of_the_modules_is_said_by_a_bad_call():
    heard = set().union(*(_outcome(label)[1] for label, *_ in CASES + GATE))
    sentences = _module_sentences()
    unsaid = sorted(set(sentences) - heard - set(UNREACHED))
    assert not unsaid, f"{len(unsaid)} sentences said by no case: " + "\n".join(
        f"{sentences[s]}: {s!r}" for s in unsaid)
    assert not set(UNREACHED) - set(sentences), "UNREACHED names sentences no module says"


def test_the_unreached_sentences_are_chinese_too():
    catalogue = language.catalogue("errors", "zh_CN")
    for sentence in UNREACHED:
        fields = {name: "x" for name in language.fields(sentence)}
        with language.using("zh_CN"):
            said = language.say(sentence, "errors", **fields) if fields else \
                language.say(sentence, "errors")
        assert sentence in catalogue and CJK.search(said), sentence
        assert not english_prose(said), said


def test_a_cached_reason_is_said_in_the_language_of_each_message():
    """The ring of some expressions is cached with what it cannot decide
    (``equivalence._ring_for``): the reason is kept in no language and said in the
    language of each message that holds it, English, then Chinese, then English again."""
    reasons, said = [], []
    for spoken in ("en", "zh_CN", "en"):
        with language.using(spoken):
            with pytest.raises(equivalence.Undecidable) as raised:
                equivalence.canonical(sp.cosh(x))
            compared = equivalence.compare(sp.Matrix([sp.cosh(x)] * 2),
                                           sp.Matrix([(sp.exp(x) + sp.exp(-x)) / 2] * 2),
                                           seed=1)
            reasons.append(raised.value.reason)
            said.append((str(raised.value), f"{compared.reason}"))
    assert reasons[0] is reasons[1] is reasons[2], "the reason is not the cached one"
    assert compared.equal is True and compared.reason == (
        "entry [0, 0]: cosh is not handled exactly; entry [1, 0]: cosh is not handled exactly")
    assert said[0] == said[2] == ("cosh is not handled exactly", compared.reason)
    assert said[1] == ("cosh 无法精确处理",
                       "元素 [0, 0]：cosh 无法精确处理；元素 [1, 0]：cosh 无法精确处理")


def test_the_problems_of_an_unphysical_estimate_are_chinese():
    arm, base, _ = _experiment()
    reference = parameters.standard_parameters(arm, friction=identification.EXPERIMENT_FRICTION)
    wrong = np.array(base.values(reference), dtype=float)
    wrong[base.names.index("ZZ2")] *= 0.2                                 # below m r²
    with language.using("zh_CN"):
        _, problems = identification.physical_consistency(base, wrong, reference)
    assert [link for link, _ in problems] == [2]
    assert_chinese(problems[0][1], "连杆 2 的参数")
    assert problems[0][1].startswith(language.catalogue("errors", "zh_CN")[
        "the parameters of link {link}"].format(link=2))


def test_an_unphysical_chain_warns_in_chinese():
    link = robot.Link(0, 1.0, 0, 0, mass=1.0, r_c=[0, 0, 0], I_c=np.diag([1.0, 1.0, 3.0]),
                      physical=False)
    with language.using("zh_CN"), pytest.warns(inertia.UnphysicalInertiaWarning) as caught:
        robot.SerialChain([link], name="arm")
    assert_chinese(str(caught[0].message), "I_c")


#: The English bad-input tables, and their test functions (``bad_input.named_in_the_error``).
TABLES = ["test_bad_input", "test_bad_input_codegen", "test_bad_input_dynamics",
          "test_bad_input_inertia", "test_bad_input_kinematics", "test_bad_input_models",
          "test_bad_input_simulate", "test_bad_input_spatial", "test_bad_input_trajectories",
          "test_bad_input_widgets", "test_base_parameters", "test_frames", "test_friction",
          "test_generalised_coordinates", "test_identification", "test_kinematics",
          "test_parameters", "test_physical_identification", "test_widgets_arm_viewer"]


def _english_cases():
    for name in TABLES:
        module = importlib.import_module(name)
        for test in vars(module).values():
            for mark in getattr(test, "pytestmark", []):
                if mark.name == "parametrize" and mark.args[0] == "case":
                    yield from ((f"{name}: {case.label}", case) for case in mark.args[1])


def _raised_by_a_module(error):
    """Whether ``error`` was raised by a module (not the gate, not wrapping another; an
    OverflowError is the gate's ``check.overflow_error``, raised where the result is)."""
    where = traceback.extract_tb(error.__traceback__)[-1].filename
    module = Path(where).resolve()
    return (module.is_relative_to(LIBRARY) and not isinstance(error, OverflowError)
            and module.relative_to(ROOT).as_posix() not in NOT_THE_MODULES
            and error.__cause__ is None and error.__context__ is None)


def test_the_english_tables_bad_calls_raise_chinese_messages_in_the_modules():
    """The bad calls of the English tables whose error a module raises, every sentence of
    it translated (a message of the gate held in it counts once the gate's is)."""
    translated = language.catalogue("errors", "zh_CN")
    checked, wrong = 0, []
    for label, case in _english_cases():
        error, heard = _raised(case.call)
        if error is None or not _raised_by_a_module(error) or not heard <= set(translated):
            continue
        checked += 1
        try:        # the argument's name (a table may say "keep entries" of keep)
            assert_chinese(str(error), case.argument.split()[0])
        except AssertionError as broken:
            wrong.append(f"{label}: {broken}")
    assert checked >= 60, f"only {checked} cases of the English tables checked"
    assert not wrong, "\n".join(wrong)


# --- the student's code, run by the grader's runner (robocourse/grading/runner.py) --------

#: A student's function that calls the library wrongly, and one that calls a switched-off
#: library function.
WRONG_CALL = FunctionSource("wrong", "from robocourse.models import planar_2r\n"
                            "from robocourse.simulate import simulate\n"
                            "def wrong():\n"
                            "    arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)\n"
                            "    return simulate(arm, [0.0, 0.0], [0.0, 0.0], 1.0, 3.0)\n")
SWITCHED_OFF = FunctionSource("uses", "from robocourse.frames import dh_transform\n"
                              "def uses():\n    return dh_transform(0, 0, 0.3, 0)\n")


@pytest.fixture(scope="module")
def runner():
    with Runner() as job:
        yield job


def test_the_runner_speaks_the_language_of_the_grader(runner):
    """The student's code runs in another process: it raises the library's errors, and a
    switched-off function refuses, in the language the grader speaks."""
    with language.using("zh_CN"), pytest.raises(StudentCodeError) as raised:
        StudentFunction(WRONG_CALL, runner)()
    assert_chinese(str(raised.value), "torque")
    with language.using("zh_CN"), pytest.raises(StudentCodeError) as raised:
        StudentFunction(SWITCHED_OFF, runner, forbidden=["the DH transform"])()
    assert "dh_transform" in str(raised.value) and "DH 变换" in str(raised.value), raised.value
    with pytest.raises(StudentCodeError, match="torque must be a function"):
        StudentFunction(WRONG_CALL, runner)()           # and English for an English grader


def test_ending_the_students_code_is_said_in_the_language_of_the_grader(runner, monkeypatch):
    """What the runner waits for when it ends the student's process is said (it is the
    subject of the feedback if that process does not end in time)."""
    waited, receive = [], runner._receive
    monkeypatch.setattr(runner, "_receive", lambda what, deadline=None: (
        waited.append(what), receive(what, deadline))[1])
    with language.using("zh_CN"):
        assert StudentFunction(FunctionSource("one", "def one():\n    return 1\n"),
                               runner)() == 1
        runner.end()
    assert waited[-1] == "结束你的代码", waited             # the last: the end


def test_a_replay_speaks_the_language_of_the_grader(runner):
    groups = [{"label": "exercise 1", "before": [],
               "cells": ["from robocourse.frames import rot_z\nR = rot_z(0.3)"],
               "names": ["R"], "forbidden": ["robocourse.frames:rot_z"]}]
    with language.using("zh_CN"):
        results = runner.replay(setup="", groups=groups)
    assert "rot_z" in results[0]["error"] and "已关闭" in results[0]["error"], results
    assert results[0]["code"] == "library-route", results
