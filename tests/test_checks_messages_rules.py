"""The input gate's rules and its result guard, word for word (robocourse._checks, from
``together`` on): every error a rule raises, with the whole sentence a student reads and the
values in it; what each rule factory is (its repr, whether it decides numbers or symbols);
the documented defaults; and the OverflowError of a result that is not finite."""

import dataclasses
import math
import os
import sys
import warnings

import numpy as np
import pytest
import sympy as sp

from robocourse import _checks as check
from robocourse import codegen, parameters, simulate, trajectories
from robocourse.friction import Friction
from robocourse.inertia import Box, Cylinder
from robocourse.models import planar_2r, planar_3r
from tests.bad_input import raised

ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
x, y = sp.symbols("x y")
OTHER_MODEL = codegen.CompiledDynamics(planar_2r(l1=2.0, l2=1.0, m1=1.0, m2=1.0, g=9.81))

GRAVITY = "gravity must be a 3-vector in {0}, None (the robot's own) or 0 (none); got "
MODEL = "must be the CompiledDynamics of this robot (codegen.CompiledDynamics(robot))"
PAIR = ("friction must be None or a pair (viscous, coulomb) of sequences with one number per "
        "joint; got ")
STATES = "must be a batch of states, shape (N, 2) (one row per state, one entry per joint); got "
SMOOTHING = ("must have a smoothing width to simulate Coulomb friction (e.g. Friction(..., "
             "smoothing=0.01)): the exact sign jumps at q̇ = 0, where the integrator would stall")
TOGETHER = "must each be one number or have the same shape (one entry per joint); got "


def rotation(name, determinant, departure):
    return (f"{name} must be a rotation matrix ({name}ᵀ {name} = I3, det {name} = +1); got "
            f"det {name} = {determinant} and {name}ᵀ {name} − I3 up to {departure}")


def gate(rule, value, name, robot=None, scalars=None, **given):
    """The call of ``rule`` on ``value`` named ``name``, as a declared function makes it."""
    return lambda: rule.of(value, name, robot=robot, scalars=scalars, **given)


def _case(label, call, error, message):
    return pytest.param(call, error, message, id=label)


MESSAGES = [
    # together: the shapes that do not go together, a number left out of the list
    _case("together, vectors", lambda: check.together(theta0=[0.0, 0.0], thetaf=np.ones(3)),
          ValueError, "theta0 and thetaf " + TOGETHER + "theta0 of 2 entries, thetaf of 3 entries"),
    _case("together, a matrix and a number",
          lambda: check.together(a=1.0, b=np.zeros((2, 2)), c=[1, 2, 3]),
          ValueError, "a, b and c " + TOGETHER + "b of shape (2, 2), c of 3 entries"),
    _case("together, cubic_duration",
          lambda: trajectories.cubic_duration([0.0, 0.0], [1.0, 1.0, 1.0], 0.75), ValueError,
          "theta0, thetaf and max_velocity " + TOGETHER
          + "theta0 of 2 entries, thetaf of 3 entries"),
    # _within (Number(interval=...)): above, below with a hint, a bound per joint, symbols
    _case("within, above", lambda: check._within(5.0, "t", 0, 2.0, "s"), ValueError,
          "t must lie in [0, 2.0] (s); got 5.0"),
    _case("within, below with a hint", lambda: check._within([1.0, -0.5], "t", 0, 2.0, "s",
                                                             " (hint)"),
          ValueError, "t must lie in [0, 2.0] (s); got -0.5 (hint)"),
    _case("within, a bound per joint",
          lambda: check._within([1.0, 3.5], "v", 0, np.array([2.0, 3.0]), "m/s"), ValueError,
          "v must lie in [0, [2.0, 3.0]] (m/s); got 3.5"),
    _case("within, one value against bounds per joint",
          lambda: check._within(2.5, "v", 0, np.array([2.0, 3.0]), "m/s"), ValueError,
          "v must lie in [0, [2.0, 3.0]] (m/s); got 2.5"),
    _case("within, a symbolic value", lambda: check._within(-sp.pi, "t", 0, 2.0, "s"), ValueError,
          "t must lie in [0, 2.0] (s); got -pi"),
    _case("within, a symbolic bound", lambda: check._within(3, "t", 0, sp.Integer(2), "s"),
          ValueError, "t must lie in [0, 2] (s); got 3"),
    _case("within, just above round-off", lambda: check._within(2.0 + 5e-9, "t", 0, 2.0, "s"),
          ValueError, "t must lie in [0, 2.0] (s); got 2.000000005"),
    _case("within, just below round-off", lambda: check._within(-3e-9, "t", 0, 2.0, "s"),
          ValueError, "t must lie in [0, 2.0] (s); got -3e-09"),
    _case("within, round-off of a small bound",
          lambda: check._within(0.5 + 1.5e-9, "t", 0, 0.5, "s"), ValueError,
          "t must lie in [0, 0.5] (s); got 0.5000000015"),
    _case("within, round-off of a large bound",
          lambda: check._within(1000.0 + 2e-6, "t", 0, 1000.0, "s"), ValueError,
          "t must lie in [0, 1000.0] (s); got 1000.000002"),
    _case("Number interval", gate(check.Number("s", interval=(0, "tf"), hint=" (hint)"), 3.0,
                                  "t", tf=2.0),
          ValueError, "t must lie in [0, 2.0] (s); got 3.0 (hint)"),
    # _flag, _text
    _case("flag", lambda: check._flag("no", "symbolic_lengths"), TypeError,
          "symbolic_lengths must be True or False; got 'no'"),
    _case("flag, 0", lambda: check._flag(0, "triangle"), TypeError,
          "triangle must be True or False; got 0"),
    _case("flag, None not allowed", gate(check.Flag(), None, "factor"), TypeError,
          "factor must be True or False; got None"),
    _case("flag, None allowed", gate(check.Flag("the robot's own"), "yes", "v"), TypeError,
          "v must be True or False (or None for the robot's own); got 'yes'"),
    _case("text", lambda: check._text(3, "name"), TypeError, "name must be a string; got 3"),
    _case("Text", gate(check.Text(), b"x", "label"), TypeError, "label must be a string; got b'x'"),
    _case("Optional(Text())", gate(check.Optional(check.Text()), 3, "code"), TypeError,
          "code must be a string; got 3"),
    # _instance: each way of getting it wrong, each way of naming what was wanted
    _case("instance, the class", lambda: check._instance(Box, Box, "body"), TypeError,
          "body must be a Box; got the class Box (did you mean Box(...)?)"),
    _case("instance, another class", lambda: check._instance(Cylinder, Box, "body"), TypeError,
          "body must be a Box; got the class Cylinder"),
    _case("instance, None", lambda: check._instance(None, Box, "body"), TypeError,
          "body must be a Box; got None"),
    _case("instance, a function", lambda: check._instance(planar_2r, Box, "body"), TypeError,
          "body must be a Box; got the function planar_2r (did you mean planar_2r()?)"),
    _case("instance, a value", lambda: check._instance([1, 2], Box, "body"), TypeError,
          "body must be a Box; got list [1, 2]"),
    _case("instance, a long value", lambda: check._instance(list(range(40)), Box, "body"),
          TypeError, "body must be a Box; got list [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, "
                     "14, 15, 16, …"),
    _case("instance, two classes", lambda: check._instance(3, (Box, Cylinder), "body"),
          TypeError, "body must be a Box or Cylinder; got int 3"),
    _case("instance, three classes",
          lambda: check._instance("a\n  b", (Box, Cylinder, dict), "body"), TypeError,
          "body must be a Box, Cylinder or dict; got str 'a\\n b'"),
    _case("Instance, wanted", gate(check.Instance(sp.Basic, "sympy Symbol"), 3, "symbol"),
          TypeError, "symbol must be a sympy Symbol; got int 3"),
    # _symbols, distinct
    _case("symbols, a string", lambda: check._symbols("theta1", None, "q"), TypeError,
          "q must be a sequence of symbols; got 'theta1'"),
    _case("symbols, an entry", lambda: check._symbols([x, 2], None, "q"), TypeError,
          "q[1] must be a sympy Symbol; got 2"),
    _case("symbols, a length", lambda: check._symbols([x], 2, "q"), ValueError,
          "q must have 2 entries (one per joint); got 1"),
    _case("Symbols, as many as q", gate(check.Symbols("q", check.ONE_PER_ENTRY_OF_Q), [x], "qd",
                                        q=[x, y]),
          ValueError, "qd must have 2 entries (one per entry of q); got 1"),
    _case("Symbols, a number", gate(check.Symbols(2), [x], "q"), ValueError,
          "q must have 2 entries (one per joint); got 1"),
    _case("distinct, twice in one", lambda: check.distinct(q=[x, x], qd=[y]), ValueError,
          "q and qd must be different symbols; got x twice in q"),
    _case("distinct, in two", lambda: check.distinct(q=[x], qd=[y], qdd=[x]), ValueError,
          "q, qd and qdd must be different symbols; got x in q and in qdd"),
    # _expression
    _case("expression, a string", lambda: check._expression("x + 1", "value"), TypeError,
          "value must be a sympy expression or Matrix; got 'x + 1'"),
    _case("expression, an equation", lambda: check._expression(sp.Eq(x, 1), "value"), TypeError,
          "value must be a sympy expression or Matrix (an equation: give one side of it); got "
          "Eq(x, 1)"),
    _case("expression, a bool", lambda: check._expression(True, "value"), TypeError,
          "value must be a sympy expression or Matrix; got True"),
    _case("expression, nan", lambda: check._expression(float("nan"), "value"), ValueError,
          "value must be a finite real number; got nan"),
    _case("Expression(finite=True)", gate(check.Expression(finite=True), x + sp.oo, "phi"),
          ValueError, "phi must be finite; it contains nan or an infinity: x + oo"),
    _case("Expression(finite=True), a matrix",
          gate(check.Expression(finite=True), sp.Matrix([x, sp.zoo]), "phi"),
          ValueError, "phi must be finite; it contains nan or an infinity: Matrix([[x], [zoo]])"),
    # _rotation_matrix, _transform
    _case("rotation", lambda: check._rotation_matrix(2 * np.eye(3)), ValueError,
          rotation("R", 8, 3)),
    _case("rotation, a reflection",
          lambda: check._rotation_matrix(np.diag([1.0, 1.0, -1.0]), "A_R_B"), ValueError,
          rotation("A_R_B", -1, 0)),
    _case("rotation, just off", lambda: check._rotation_matrix(np.eye(3) + 2e-6), ValueError,
          rotation("R", "1.00001", "4e-06")),
    _case("rotation, a shape", lambda: check._rotation_matrix(np.eye(2)), ValueError,
          "R must be a 3x3 matrix; got 2x2"),
    _case("Rotation", gate(check.Rotation(), np.zeros((3, 3)), "C_R_A"), ValueError,
          rotation("C_R_A", 0, 1)),
    _case("transform, its rotation", lambda: check._transform(np.ones((4, 4)), "T"), ValueError,
          rotation("T[:3, :3]", 0, 3)),
    _case("transform, a shape", lambda: check._transform(np.eye(3)), ValueError,
          "T must be a 4x4 matrix; got 3x3"),
    _case("transform, its last row", lambda: check._transform(np.diag([1.0, 1.0, 1.0, 2.0])),
          ValueError, "T must be a homogeneous transform with last row [0, 0, 0, 1]; got "
                      "[0.0, 0.0, 0.0, 2.0]"),
    _case("transform, a symbol in its last row",
          lambda: check._transform(sp.Matrix(4, 4, lambda i, j: x if (i, j) == (3, 0)
                                             else int(i == j)), "A_T_B"),
          ValueError, "A_T_B must be a homogeneous transform with last row [0, 0, 0, 1]; got "
                      "[x, 0, 0, 1]"),
    _case("Transform", gate(check.Transform(), 2 * np.eye(4), "T_tool"), ValueError,
          rotation("T_tool[:3, :3]", 8, 3)),
    # _model
    _case("model, a string", lambda: check._model("fast", ARM), TypeError,
          "model " + MODEL + ", None; got 'fast'"),
    _case("model, False not allowed", lambda: check._model(False, ARM), TypeError,
          "model " + MODEL + ", None; got False"),
    _case("Model(may_be_false=True)", gate(check.Model(may_be_false=True), 3, "model", robot=ARM),
          TypeError, "model " + MODEL + ", None or False; got 3"),
    _case("Model", gate(check.Model(), 3, "m", robot=ARM), TypeError,
          "m " + MODEL + ", None; got 3"),
    _case("model, of another robot",
          lambda: check._model(OTHER_MODEL, ARM, "m"), ValueError,
          "m " + MODEL + "; got the model of another robot, SerialChain(name='planar 2R', "
                         "joints='RR')"),
    _case("simulate, a model of another robot",
          lambda: simulate.simulate(ARM, [0.0, 0.0], [0.0, 0.0], 0.1,
                                    model=OTHER_MODEL), ValueError,
          "model " + MODEL + "; got the model of another robot, SerialChain(name='planar 2R', "
                             "joints='RR')"),
    # _friction, _friction_pair, _armature
    _case("friction, a tuple", lambda: check._friction((0.1, 0.2), 2), TypeError,
          "friction must be a Friction; got tuple (0.1, 0.2)"),
    _case("friction, joints", lambda: check._friction(Friction([0.1], [0.2]), 2), ValueError,
          "friction must be the friction of 2 joints (one coefficient per joint); got one of 1 "
          "joints"),
    _case("Friction, joints", gate(check.Friction(), Friction([0.1, 0.2, 0.3], [0, 0, 0]), "f",
                                   robot=ARM),
          ValueError, "f must be the friction of 2 joints (one coefficient per joint); got one of "
                      "3 joints"),
    _case("friction, symbols to simulate",
          lambda: check._friction(Friction([x, 0.5], [0.25, 0.75]), 2, simulation=True),
          TypeError, "friction must have numeric coefficients to simulate; got viscous = "
                     "[x, 0.500000000000000], coulomb = [0.25, 0.75]"),
    _case("friction, no smoothing to simulate",
          lambda: check._friction(Friction([0.1, 0.1], [0.0, 0.3]), 2, "f", simulation=True),
          ValueError, "f " + SMOOTHING),
    _case("simulate, friction without smoothing",
          lambda: simulate.simulate(ARM, [0.0, 0.0], [0.0, 0.0], 0.1,
                                    friction=Friction([0.1, 0.1], [0.2, 0.3])),
          ValueError, "friction " + SMOOTHING),
    _case("pair, a list of two numbers", lambda: check._friction_pair([0.1, 0.2], 2), ValueError,
          PAIR + "[0.1, 0.2]"),
    _case("pair, three parts",
          lambda: check._friction_pair(([0.1, 0.2], [0.1, 0.2], [0.0, 0.0]), 2), ValueError,
          PAIR + "([0.1, 0.2], [0.1, 0.2], [0.0, 0.0])"),
    _case("pair, a string", lambda: check._friction_pair("ab", 2), ValueError, PAIR + "'ab'"),
    _case("pair, viscous", lambda: check._friction_pair(([0.1], [0.3, 0.4]), 2), ValueError,
          "friction[0] (viscous) must have 2 entries (one per joint); got 1"),
    _case("pair, Coulomb", lambda: check._friction_pair(([0.1, 0.2], [0.3]), 2), ValueError,
          "friction[1] (Coulomb) must have 2 entries (one per joint); got 1"),
    _case("standard_parameters, a number for Coulomb",
          lambda: parameters.standard_parameters(ARM, friction=([0.1, 0.2], 0.3)), ValueError,
          PAIR + "([0.1, 0.2], 0.3)"),
    _case("armature, negative", lambda: check._armature([0.5, -0.1], 2), ValueError,
          "armature[1] must be >= 0 (kg·m², or kg for a prismatic joint); got -0.1"),
    _case("Armature, length", gate(check.Armature(), [0.5, 0.1, 0.2], "eta2_Im", robot=ARM),
          ValueError, "eta2_Im must have 2 entries (one per joint, the reflected inertia η² I_m); "
                      "got 3"),
    # _choice, _tolerance
    _case("choice", lambda: check._choice("world", "frame", check.FRAMES), ValueError,
          "frame must be 'base' or 'tool'; got 'world'"),
    _case("choice, three", lambda: check._choice(3, "method", ("RK45", "Radau", "LSODA")),
          ValueError, "method must be 'RK45', 'Radau' or 'LSODA'; got 3"),
    _case("Choice, one", gate(check.Choice("numpy"), "c", "backend"), ValueError,
          "backend must be 'numpy'; got 'c'"),
    _case("Frame", gate(check.Frame(), "Base", "frame"), ValueError,
          "frame must be 'base' or 'tool'; got 'Base'"),
    _case("tolerance, 1", lambda: check._tolerance(1.0), ValueError,
          "tol must be a relative tolerance, 0 <= tol < 1; got 1.0"),
    _case("tolerance, negative", lambda: check._tolerance(-0.1, "rtol"), ValueError,
          "rtol must be a relative tolerance, 0 <= rtol < 1; got -0.1"),
    _case("tolerance, a symbol", lambda: check._tolerance(x), TypeError,
          "tol must be a number here (this computation is numeric), not an expression in "
          "symbols; got x"),
    _case("tolerance, a sympy number", lambda: check._tolerance(sp.Rational(3, 2)), ValueError,
          "tol must be a relative tolerance, 0 <= tol < 1; got 1.5"),
    _case("Tolerance, > 0 first", gate(check.Tolerance(at_least=">0", numeric=True), 0.0, "rtol"),
          ValueError, "rtol must be > 0 (relative); got 0.0"),
    _case("Tolerance, a number first", gate(check.Tolerance(at_least=">0", numeric=True), x,
                                            "rtol"),
          TypeError, "rtol must be a number here (this computation is numeric), not an "
                     "expression in symbols; got x"),
    # _gravity, _wrench
    _case("gravity, a bool", lambda: check._gravity(False, ARM, check.SYMBOLS), TypeError,
          GRAVITY + "False"),
    _case("gravity, a string", lambda: check._gravity("down", ARM, check.NUMBERS), TypeError,
          GRAVITY + "'down'"),
    _case("gravity, a function", lambda: check._gravity(len, ARM, check.NUMBERS), TypeError,
          GRAVITY + "the function len (did you mean len()?)"),
    _case("gravity, a number", lambda: check._gravity(9.81, ARM, check.NUMBERS), ValueError,
          GRAVITY + "the number 9.81"),
    _case("Gravity, a sympy number", gate(check.Gravity(), sp.Integer(1), "gravity", robot=ARM,
                                          scalars=check.SYMBOLS),
          ValueError, GRAVITY + "the number 1"),
    _case("gravity, a vector", lambda: check._gravity([0, 0], ARM, check.NUMBERS), ValueError,
          "gravity must have 3 entries (x, y, z in {0}); got 2"),
    _case("wrench", lambda: check._wrench([1, 2, 3], check.NUMBERS), ValueError,
          "wrench must have 6 entries (fx, fy, fz, nx, ny, nz); got 3"),
    _case("Wrench", gate(check.Wrench(), [0] * 5, "w", scalars=check.NUMBERS), ValueError,
          "w must have 6 entries (fx, fy, fz, nx, ny, nz); got 5"),
    # _states, States, Vector(batch=True)
    _case("states, a shape", lambda: check._states(np.zeros((4, 3)), 2, "q"), ValueError,
          "q " + STATES + "shape (4, 3)"),
    _case("states, one state", lambda: check._states(np.zeros(2), 2, "q"), ValueError,
          "q " + STATES + "shape (2,)"),
    _case("states, a string", lambda: check._states("ab", 2, "q"), TypeError,
          "q must be a batch of states (an array of real numbers, shape (N, 2)); got 'ab'"),
    _case("states, complex", lambda: check._states([[1j, 0], [0, 0]], 2, "q"), TypeError,
          "q must be a batch of states (an array of real numbers, shape (N, 2)); got "
          "[[1j, 0], [0, 0]]"),
    _case("states, inf", lambda: check._states([[0, 0], [0, 0], [1, np.inf]], 2, "qd"),
          ValueError, "qd must be finite; got nan or inf in row 2"),
    _case("States, of the robot", gate(check.States(), np.zeros((2, 3)), "q", robot=ARM),
          ValueError, "q " + STATES + "shape (2, 3)"),
    _case("States, as many as q", gate(check.States("q"), np.zeros((2, 3)), "qd", q=[1, 2]),
          ValueError, "qd " + STATES + "shape (2, 3)"),
    _case("Vector(batch=True)", gate(check.Vector(2, batch=True), np.zeros((2, 3)), "p",
                                     scalars=check.NUMBERS),
          ValueError, "p " + STATES + "shape (2, 3)"),
    # the other factories: each hands its own arguments to its check
    _case("Vector", gate(check.Vector(2), [1, 2, 3], "p", scalars=check.NUMBERS), ValueError,
          "p must have 2 entries (one per joint or axis); got 3"),
    _case("Vector, entries", gate(check.Vector(2, check.ONE_PER_JOINT), [1, 2, 3], "p",
                                  scalars=check.NUMBERS),
          ValueError, "p must have 2 entries (one per joint); got 3"),
    _case("Vector(numeric=True)", gate(check.Vector(1, numeric=True), [x], "p",
                                       scalars=check.SYMBOLS),
          TypeError, "p[0] must be a number here (this computation is numeric), not an "
                     "expression in symbols; got x"),
    _case("Matrix", gate(check.Matrix(2, "q"), np.zeros((3, 2)), "M", scalars=check.NUMBERS,
                         q=[1, 2, 3]),
          ValueError, "M must be a 2x3 matrix; got 3x2"),
    _case("Joints", gate(check.Joints(), [1.0], "q", robot=ARM, scalars=check.NUMBERS),
          ValueError, "q must have 2 entries (one per joint); got 1"),
    _case("Count", gate(check.Count(1, 5), 6, "n"), ValueError,
          "n must be an integer from 1 to 5; got 6"),
    _case("Array", gate(check.Array(2), [1, 2], "W"), ValueError, "W must be a 2-D array; got "
                                                                  "shape (2,)"),
    _case("LinkNumber", gate(check.LinkNumber(), 3, "i", robot=ARM), ValueError,
          "i must be an integer from 1 to 2; got 3"),
    _case("LinkNumber, last", gate(check.LinkNumber(last="k"), 2, "i", robot=ARM, k=1),
          ValueError, "i must be an integer from 1 to 1; got 2"),
    _case("LinkNumber, none", gate(check.LinkNumber(none="the tool"), 0, "i", robot=ARM),
          ValueError, "i must be an integer from 1 to 2 (or None for the tool); got 0"),
    _case("Number, >= 0", gate(check.Number("kg", at_least=0), -1.0, "m"), ValueError,
          "m must be >= 0 (kg); got -1.0"),
    _case("Number, > 0", gate(check.Number("s", at_least=">0"), 0, "tf"), ValueError,
          "tf must be > 0 (s); got 0"),
    _case("Number, numeric > 0", gate(check.Number("s", at_least=">0", numeric=True), x, "tf"),
          TypeError, "tf must be a number here (this computation is numeric), not an expression "
                     "in symbols; got x"),
    _case("Number, numeric", gate(check.Number(numeric=True), x, "k"), TypeError,
          "k must be a number here (this computation is numeric), not an expression in symbols; "
          "got x"),
    _case("Number", gate(check.Number(), "1", "k"), TypeError,
          "k must be a number or a sympy expression; got '1'"),
    _case("Angle", gate(check.Angle(), "90", "theta"), TypeError,
          "theta must be a number or a sympy expression; got '90'"),
    _case("Values, > 0", gate(check.Values(unit="s", at_least=">0"), [1.0, -1.0], "T"),
          ValueError, "T[1] must be > 0 (s); got -1.0"),
    _case("Values, numeric > 0", gate(check.Values(numeric=True, unit="s", at_least=">0"),
                                      [1.0, x], "T"),
          TypeError, "T[1] must be a number here (this computation is numeric), not an "
                     "expression in symbols; got x"),
    _case("Values, numeric", gate(check.Values(numeric=True), [1.0, x], "t"), TypeError,
          "t[1] must be a number here (this computation is numeric), not an expression in "
          "symbols; got x"),
    _case("Values", gate(check.Values(), "a", "t"), TypeError,
          "t must be a number or a sympy expression; got 'a'"),
    _case("PerJoint", gate(check.PerJoint(), [1.0, 2.0, 3.0], "k", robot=ARM), ValueError,
          "k must have 2 entries (one per joint); got 3"),
    _case("PerJoint, > 0", gate(check.PerJoint("N·m", ">0"), [1.0, -2.0], "k", robot=ARM),
          ValueError, "k[1] must be > 0 (N·m); got -2.0"),
    _case("PerJoint, > 0 as many as q", gate(check.PerJoint("N·m", ">0", length="q"),
                                             [1.0, -2.0, 1.0], "k", q=[1, 2, 3]),
          ValueError, "k[1] must be > 0 (N·m); got -2.0"),
    _case("PerJoint, a length", gate(check.PerJoint(length=3), [1.0, 2.0], "k"), ValueError,
          "k must have 3 entries (one per joint); got 2"),
    _case("PerJoint, as many as q", gate(check.PerJoint(length="q"), [1.0, 2.0], "k",
                                         q=[1, 2, 3]),
          ValueError, "k must have 3 entries (one per joint); got 2"),
    _case("Sequence", gate(check.Sequence(3), [1, 2], "lengths"), ValueError,
          "lengths must have 3 entries (one per joint or axis); got 2"),
    _case("Sequence, entries", gate(check.Sequence("q", check.ONE_PER_JOINT), [1, 2, 3],
                                    "lengths", q=[1, 2]),
          ValueError, "lengths must have 2 entries (one per joint); got 3"),
    # each check names the argument in the errors of the checks it calls
    _case("within, not a number", gate(check.Number("s", interval=(0, 2.0)), "a", "t"),
          TypeError, "t must be a number or a sympy expression; got 'a'"),
    _case("within, a symbolic value below a bound not 0",
          lambda: check._within(sp.Rational(1, 2), "t", 1, 2, "s"), ValueError,
          "t must lie in [1, 2] (s); got 1/2"),
    _case("tolerance, not a number", gate(check.Tolerance(), "a", "rtol"), TypeError,
          "rtol must be a number or a sympy expression; got 'a'"),
    _case("tolerance, named", lambda: check._tolerance(x, "rtol"), TypeError,
          "rtol must be a number here (this computation is numeric), not an expression in "
          "symbols; got x"),
    _case("Tolerance, named", gate(check.Tolerance(), 2, "rtol"), ValueError,
          "rtol must be a relative tolerance, 0 <= rtol < 1; got 2"),
    _case("transform, a last row off by round-off",
          lambda: check._transform(np.diag([1.0, 1.0, 1.0, 1.0 + 1e-8])), ValueError,
          "T must be a homogeneous transform with last row [0, 0, 0, 1]; got "
          "[0.0, 0.0, 0.0, 1.00000001]"),
    _case("Friction(simulation=True)", gate(check.Friction(simulation=True),
                                            Friction([0.1, 0.1], [1.0, 1.0]), "f", robot=ARM),
          ValueError, "f " + SMOOTHING),
    _case("FrictionPair", gate(check.FrictionPair(), ([0.1, 0.2, 0.3], [0.1, 0.2]), "friction",
                               robot=ARM),
          ValueError, "friction[0] (viscous) must have 2 entries (one per joint); got 3"),
    _case("FrictionPair, not a pair", gate(check.FrictionPair(), [0.1, 0.2], "friction",
                                           robot=ARM),
          ValueError, PAIR + "[0.1, 0.2]"),
    _case("states, a complex array", lambda: check._states(np.array([[1j, 0]]), 2, "q"),
          TypeError, "q must be a batch of states (an array of real numbers, shape (N, 2)); got "
                     "array([[0.+1.j, 0.+0.j]])"),
    _case("PerJoint, > 0 of the robot's joints", gate(check.PerJoint("N·m", ">0"),
                                                      [1.0, 2.0, 3.0], "k", robot=ARM),
          ValueError, "k must have 2 entries (one per joint); got 3"),
    _case("Optional(Vector)", gate(check.Optional(check.Vector("q")), [1, 2, 3], "p",
                                   scalars=check.NUMBERS, q=[1, 2]),
          ValueError, "p must have 2 entries (one per joint or axis); got 3"),
    _case("Matrix, what", gate(check.Matrix(3, 3, what="3 x 3 inertia tensor"), np.eye(2), "I_c",
                               scalars=check.NUMBERS),
          ValueError, "I_c must be a 3 x 3 inertia tensor; got 2x2"),
]


@pytest.mark.parametrize(("call", "error", "message"), MESSAGES)
def test_every_error_of_the_rules_reads_as_written(call, error, message):
    assert str(raised(call, error)) == message


# --- what each rule is: its repr (how a declaration shows it) and whether it decides the kind --

RULES = [
    (check.Robot(), "Robot(dynamics=False, numeric=False)", False),
    (check.Robot(dynamics=True, numeric=True), "Robot(dynamics=True, numeric=True)", False),
    (check.Angle(), "Angle()", True),
    (check.Number(), "Number()", True),
    (check.Number(numeric=True), "Number(numeric=True)", True),
    (check.Number("kg", at_least=0), "Number('kg', at_least=0, numeric=False)", True),
    (check.Number("s", at_least=">0", numeric=True), "Number('s', at_least='>0', numeric=True)",
     True),
    (check.Number("s", interval=(0, "tf")), "Number('s', interval=(0, 'tf'))", True),
    (check.Tolerance(), "Tolerance(at_least=None, numeric=False)", True),
    (check.Tolerance(at_least=">0", numeric=True), "Tolerance(at_least='>0', numeric=True)", True),
    (check.Values(), "Values(numeric=False, kept=False)", True),
    (check.Values(numeric=True, kept=True), "Values(numeric=True, kept=True)", True),
    (check.Values(numeric=True, unit="s", at_least=">0"),
     "Values(numeric=True, unit='s', at_least='>0')", True),
    (check.PerJoint(), "PerJoint(length=None)", True),
    (check.PerJoint(length=3), "PerJoint(length=3)", True),
    (check.PerJoint("N·m", ">0"), "PerJoint('N·m', '>0')", True),
    (check.Sequence(), "Sequence(None)", True),
    (check.Sequence(3), "Sequence(3)", True),
    (check.Symbols(), "Symbols(None)", True),
    (check.Symbols("q"), "Symbols('q')", True),
    (check.Expression(), "Expression(finite=False, display=False)", True),
    (check.Expression(finite=True, display=True), "Expression(finite=True, display=True)", True),
    (check.Text(), "Text()", False),
    (check.Model(), "Model(may_be_false=False)", False),
    (check.Model(may_be_false=True), "Model(may_be_false=True)", False),
    (check.Friction(), "Friction(simulation=False)", True),
    (check.Friction(simulation=True), "Friction(simulation=True)", True),
    (check.FrictionPair(), "FrictionPair()", True),
    (check.States(), "States(None, angles=False)", False),
    (check.States("q", angles=True), "States('q', angles=True)", False),
    (check.Optional(check.Text()), "Optional(Text())", False),
    (check.Optional(check.Vector(3)), "Optional(Vector(3, batch=False))", True),
    (check.Vector(3), "Vector(3, batch=False)", True),
    (check.Vector("q", batch=True), "Vector('q', batch=True)", True),
    (check.Matrix(3, 3), "Matrix(3, 3)", True),
    (check.Matrix(None, "q"), "Matrix(None, 'q')", True),
    (check.Rotation(), "Rotation()", True),
    (check.Transform(), "Transform()", True),
    (check.Joints(), "Joints(angles=None)", True),
    (check.Joints(angles=True), "Joints(angles=True)", True),
    (check.Wrench(), "Wrench()", True),
    (check.Gravity(), "Gravity()", True),
    (check.Choice("a", "b"), "Choice('a', 'b')", False),
    (check.Frame(), "Choice('base', 'tool')", False),
    (check.Count(1), "Count(1, None)", False),
    (check.Count(2, 10), "Count(2, 10)", False),
    (check.Flag(), "Flag()", False),
    (check.Array(2), "Array(2)", False),
    (check.Instance(int), "Instance(<class 'int'>)", False),
    (check.Instance((int, str), "w"), "Instance((<class 'int'>, <class 'str'>))", False),
    (check.LinkNumber(), "LinkNumber(none=None)", False),
    (check.LinkNumber(none="the tool"), "LinkNumber(none='the tool')", False),
    (check.Armature(), "Armature()", True),
    (check.Argument(lambda value, name, call: value, "C_P_A"), "C_P_A", True),
]


@pytest.mark.parametrize(("rule", "text", "decides_kind"), RULES, ids=[r[1] for r in RULES])
def test_each_rule_shows_its_declaration_and_whether_it_decides_numbers_or_symbols(
        rule, text, decides_kind):
    assert repr(rule) == text
    assert rule.decides_kind is decides_kind


def test_a_rule_that_does_not_decide_leaves_a_call_on_numbers():
    """A sympy object checked by ``Instance`` (or shown by ``Text``) does not turn the other
    arguments into symbols; one checked by ``Number`` does."""
    @check.arguments(symbol=check.Instance(sp.Basic), p=check.Vector(2))
    def instance(symbol, p):
        return p

    @check.arguments(k=check.Number(), p=check.Vector(2))
    def number(k, p):
        return p

    assert isinstance(instance(x, [1, 2]), np.ndarray)
    assert number(x, [1, 2]) == sp.Matrix([1, 2])


def test_a_rule_hands_over_what_its_check_returns():
    assert check.Angle().of(np.float64(0.5), "theta") == 0.5
    assert type(check.Angle().of(np.float64(0.5), "theta")) is float
    assert check.Angle().when is None
    when = lambda given: True  # noqa: E731
    assert check.Angle(when).when is when
    assert check.Text().of("a", "name") == "a"
    assert check.Flag().of(np.True_, "f") is True and check.Flag("x").of(None, "f") is None
    assert check.Optional(check.Text()).of(None, "code") is None
    assert check.FrictionPair().of(None, "friction", robot=ARM) is None
    assert check.Model().of(None, "model", robot=ARM) is None
    assert check.Model(may_be_false=True).of(False, "model", robot=ARM) is False
    model = codegen.CompiledDynamics(ARM)
    assert check.Model().of(model, "model", robot=ARM) is model
    friction = Friction([0.1, 0.2], [0.3, 0.4], smoothing=0.01)
    assert check.Friction(simulation=True).of(friction, "friction", robot=ARM) is friction
    assert check.Friction().of(None, "friction", robot=ARM) is None
    assert check.Armature().of(None, "armature", robot=ARM) is None
    exact = check.Armature().of([x, 1], "armature", robot=ARM, scalars=check.SYMBOLS)
    assert exact == sp.Matrix([x, 1])
    assert check.Tolerance().of(0, "tol") == 0
    assert check.Values(kept=True).of([1, 2], "t") == [1, 2]
    assert np.array_equal(check.Values().of([1, 2], "t"), [1.0, 2.0])
    assert check.Choice("a", "b").of("b", "kind") == "b"
    assert check.Count(1).of(10**6, "n") == 10**6
    assert np.array_equal(check.PerJoint().of([1, 2, 3], "k", robot=planar_3r()), [1.0, 2.0, 3.0])
    assert check.Sequence().of([x, 1.0], "lengths") == [x, 1.0]
    assert check.Symbols().of((x, y), "q") == [x, y]


def test_a_rule_reads_the_length_or_bound_its_arguments_give():
    def width(given):
        return len(given["q"])

    rule = check.Vector(width)
    assert np.array_equal(rule.of([1, 2, 3], "p", scalars=check.NUMBERS, q=[0, 0, 0]),
                          [1.0, 2.0, 3.0])
    assert check.Number("s", interval=(0, lambda given: given["tf"])).of(1.5, "t", tf=2.0) == 1.5
    assert str(raised(gate(check.Number("s", interval=(0, lambda given: given["tf"])), 2.5, "t",
                           tf=2.0), ValueError)) == "t must lie in [0, 2.0] (s); got 2.5"
    rows = check.States(lambda given: 3).of(np.zeros((2, 3)), "q")
    assert rows.shape == (2, 3) and rows.dtype == float
    assert check.States().of([[0, 1]], "q", robot=ARM).tolist() == [[0.0, 1.0]]


def test_vector_batch_takes_the_rows_of_a_call_on_numbers_only():
    batch = check.Vector(2, batch=True)
    rows = batch.of(np.ones((3, 2)), "p", scalars=check.NUMBERS)
    assert rows.shape == (3, 2)
    assert str(raised(gate(batch, np.ones((3, 2)), "p", scalars=check.SYMBOLS), ValueError)) \
        == "p must be a vector of 2 entries; got shape (3, 2)"
    assert str(raised(gate(check.Vector(2), np.ones((3, 2)), "p", scalars=check.NUMBERS),
                      ValueError)) == "p must be a vector of 2 entries; got shape (3, 2)"


def test_numeric_rules_give_numbers_in_a_call_on_symbols():
    matrix = check.Matrix(2, 2, numeric=True).of([[1, 0], [0, 1]], "M", scalars=check.SYMBOLS)
    assert isinstance(matrix, np.ndarray)
    assert isinstance(check.Matrix(2, 2).of([[1, 0], [0, 1]], "M", scalars=check.SYMBOLS),
                      sp.MatrixBase)
    assert isinstance(check.Vector(2, numeric=True).of([1, 0], "p", scalars=check.SYMBOLS),
                      np.ndarray)
    assert isinstance(check.Rotation().of(np.eye(3), "R", scalars=check.SYMBOLS), sp.MatrixBase)
    assert isinstance(check.Wrench().of(None, "w", scalars=check.SYMBOLS), sp.MatrixBase)
    assert check.Wrench().of(None, "w", scalars=check.NUMBERS).tolist() == [0.0] * 6
    assert check.Gravity().of(0, "gravity", robot=ARM, scalars=check.NUMBERS).tolist() == [0.0] * 3
    assert check.Gravity().of(None, "gravity", robot=ARM, scalars=check.NUMBERS).tolist() == \
        [0.0, -9.81, 0.0]
    assert check.Gravity().of([0, 0, x], "gravity", robot=ARM, scalars=check.SYMBOLS) == \
        sp.Matrix([0, 0, x])
    two = sp.Integer(2)                                   # a sympy number: a float if numeric
    assert type(check.Number("kg", at_least=0, numeric=True).of(two, "m")) is float
    assert type(check.Number("s", at_least=">0", numeric=True).of(two, "m")) is float
    assert type(check.Number(numeric=True).of(two, "m")) is float
    assert check.Number("kg", at_least=0).of(two, "m") is two
    assert check.Number("kg", at_least=0).of(x, "m") == x
    assert check.Values(numeric=True).of([two, 1], "t").dtype == float
    assert check.Values().of([two, 1], "t").tolist() == [two, 1]
    assert check.Joints().of([x, 1], "q", robot=ARM, scalars=check.SYMBOLS) == sp.Matrix([x, 1])


# --- what passes, and as what ---------------------------------------------------------------

def test_together_hands_the_values_back_as_given():
    theta0, thetaf = [0.0, 0.0], np.ones(2)
    checked = check.together(theta0=theta0, thetaf=thetaf, tf=2.0)
    assert checked == (theta0, thetaf, 2.0) and checked[0] is theta0 and checked[1] is thetaf
    assert check.together(a=np.zeros((2, 1)), b=np.zeros(3))[0].shape == (2, 1)


def test_within_allows_round_off_relative_to_the_bound():
    assert check._within(2.0 + 1.5e-9, "t", 0, 2.0, "s") == 2.0 + 1.5e-9
    assert check._within(-1.5e-9, "t", 0, 2.0, "s") == -1.5e-9
    assert check._within(0.5 + 0.5e-9, "t", 0, 0.5, "s") == 0.5 + 0.5e-9
    assert check._within(1000.0 + 5e-7, "t", 0, 1000.0, "s") == 1000.0 + 5e-7
    assert check._within([1.0, 2.5], "v", 0, np.array([2.0, 3.0]), "m/s").tolist() == [1.0, 2.5]
    assert check._within(x, "t", 0, 2.0, "s") == x                     # not known outside
    assert check._within(sp.Rational(3, 2), "t", 0, sp.Integer(2), "s") == sp.Rational(3, 2)
    assert check._within(2, "t", 0, 2, "s") == 2 and check._within(0, "t", 0, 2, "s") == 0
    assert check._within(-2e-9, "t", 0, 2.0, "s") == -2e-9                 # on the edge: in
    assert check._within(2.0 + 2e-9, "t", 0, 2.0, "s") == 2.0 + 2e-9
    assert check._within(sp.Rational(3, 2), "t", 1, 2, "s") == sp.Rational(3, 2)


def test_a_flag_is_a_python_bool():
    assert check._flag(np.True_, "f") is True and check._flag(False, "f") is False
    assert check._flag(None, "f", none="the default") is None


def test_an_instance_passes_as_itself():
    box = Box(1.0, 2.0, 3.0)
    assert check._instance(box, (Cylinder, Box), "body") is box
    assert check._instance(x, sp.Basic, "symbol", "sympy Symbol") is x


def test_a_long_value_is_cut_to_sixty_characters_on_one_line():
    assert check._short(np.eye(2)) == "array([[1., 0.], [0., 1.]])"
    assert check._short("x" * 58) == "'" + "x" * 58 + "'"                       # 60: whole
    assert check._short("x" * 59) == "'" + "x" * 58 + "…"                       # 61: cut
    assert check._short(list(range(5)), limit=10) == "[0, 1, 2,…"


def test_names_and_phrases_are_listed_for_a_message():
    assert check._listed(["q", "qd", "qdd"]) == "q, qd and qdd"
    assert check._listed(iter(["q", "qd"])) == "q and qd" and check._listed(["q"]) == "q"
    assert check._joined(["a of 2", "b of 3", "c of 4"]) == "a of 2, b of 3, c of 4"
    assert check._joined(iter(["a"])) == "a"


def test_different_symbols_pass():
    assert check.distinct(q=[x], qd=[y], qdd=[]) is None
    assert check._symbols([], None, "markers") == [] and check.Symbols().of(set(), "s") == []


def test_an_expression_is_sympified_and_display_takes_any_sympy_object():
    assert check._expression(2, "value") == sp.Integer(2)
    assert isinstance(check._expression(np.float64(0.5), "value"), sp.Float)
    assert check._expression(x + sp.oo, "value") == x + sp.oo                 # not finite=True
    assert check._expression(sp.Matrix([x]), "value") == sp.Matrix([x])
    equation = sp.Eq(x, 1)
    assert check.Expression(display=True).of(equation, "value") is equation
    assert check.Expression(finite=True, display=True).of(sp.FiniteSet(x), "s") == \
        sp.FiniteSet(x)
    assert str(raised(gate(check.Expression(display=True), "x", "value"), TypeError)) == \
        "value must be a sympy expression or Matrix; got 'x'"


def test_a_rotation_is_checked_to_round_off_and_not_when_it_holds_symbols():
    R = np.eye(3) + 2e-7
    assert check._rotation_matrix(R) is not None
    sheared = np.eye(3)
    sheared[1, 0] = 1e-6                                      # Rᵀ R − I3 up to 1e-6: on the edge
    assert np.array_equal(check._rotation_matrix(sheared), sheared)
    theta = sp.Symbol("theta")
    exact = sp.Matrix([[sp.cos(theta), -sp.sin(theta), 0], [sp.sin(theta), sp.cos(theta), 0],
                       [0, 0, 1]])
    assert check._rotation_matrix(exact) == exact
    assert check._rotation_matrix(2 * exact / 2) == exact
    assert isinstance(check._rotation_matrix(np.eye(3), scalars=check.SYMBOLS), sp.MatrixBase)
    assert isinstance(check._rotation_matrix(np.eye(3).tolist()), np.ndarray)


def test_a_transform_allows_round_off_in_its_last_row():
    T = np.eye(4)
    T[3, 3] += 5e-10
    assert np.array_equal(check._transform(T), T)
    T[3, 3], T[3, 0] = 1.0, 1e-9                                      # on the edge: in
    assert np.array_equal(check._transform(T), T)
    T[3, 3], T[3, 0] = 1.0 + 5e-10, 2e-9
    assert str(raised(lambda: check._transform(T), ValueError)) == (
        "T must be a homogeneous transform with last row [0, 0, 0, 1]; got "
        "[2e-09, 0.0, 0.0, 1.0000000005]")
    exact = sp.eye(4)
    exact[0, 3] = x
    assert check._transform(exact) == exact


def test_a_friction_pair_reaches_the_parameters_viscous_then_coulomb():
    """(viscous, coulomb) per joint: the parameters are FV_1, FC_1, FV_2, FC_2."""
    values = parameters.standard_parameters(ARM, friction=([0.1, 0.2], [0.3, 0.4]))
    assert values[-4:].tolist() == [0.1, 0.3, 0.2, 0.4]
    viscous, coulomb = check.FrictionPair().of(([0.1, 0.2], [0.3, 0.4]), "friction", robot=ARM)
    assert viscous.tolist() == [0.1, 0.2] and coulomb.tolist() == [0.3, 0.4]
    viscous, coulomb = check._friction_pair([np.array([1.0, 2.0]), sp.Matrix([x, 3])], 2)
    assert viscous.tolist() == [1.0, 2.0] and coulomb == sp.Matrix([x, 3])


def test_a_tolerance_is_in_zero_to_one():
    assert check._tolerance(0) == 0 and check._tolerance(0.999) == 0.999
    assert check._tolerance(sp.Rational(1, 2)) == 0.5             # an exact half is a half
    assert type(check._tolerance(sp.Rational(1, 2))) is float


def test_gravity_and_wrench_defaults():
    assert check._gravity(None, ARM, check.NUMBERS).tolist() == [0.0, -9.81, 0.0]
    assert check._gravity(sp.Integer(0), ARM, check.SYMBOLS) == sp.zeros(3, 1)
    assert check._gravity(0.0, ARM, check.NUMBERS).tolist() == [0.0, 0.0, 0.0]
    assert check._wrench(None, check.NUMBERS).tolist() == [0.0] * 6
    assert check._wrench([0] * 6, check.SYMBOLS) == sp.zeros(6, 1)
    assert check._gravity([0, 0, -9.81], ARM, check.SYMBOLS) == sp.Matrix([0, 0, -9.81])
    assert check._armature([0.5, 1], 2, scalars=check.SYMBOLS) == sp.Matrix([0.5, 1])
    assert check.Armature().of([0.5, 1], "armature", robot=ARM, scalars=check.SYMBOLS) == \
        sp.Matrix([0.5, 1])
    assert isinstance(check._armature([0.5, 1], 2, scalars=check.NUMBERS), np.ndarray)
    assert check._wrench(range(6), check.NUMBERS).tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]


def test_states_come_back_as_a_float_array():
    rows = check._states([[0, 1], [2, 3]], 2, "q")
    assert rows.dtype == float and rows.tolist() == [[0.0, 1.0], [2.0, 3.0]]
    assert str(raised(lambda: check._states(np.ma.array([[0.0, 1.0]], mask=[[0, 1]]), 2, "q"),
                      TypeError)).startswith("q must not hide entries behind a mask")


# --- the decorator ----------------------------------------------------------------------------

def test_a_declaration_names_what_it_cannot_check():
    def star(*args):
        return args

    def positional(a, /):
        return a

    def plain_two(a, b):
        return a

    with pytest.raises(TypeError) as caught:
        check.arguments(a=check.Number())(star)
    assert str(caught.value) == ("arguments: star takes *args, **kwargs or positional-only "
                                 "arguments, which it cannot name")
    with pytest.raises(TypeError) as caught:
        check.arguments(a=check.Number())(positional)
    assert "positional" in str(caught.value)
    with pytest.raises(TypeError) as caught:
        check.arguments(c=check.Number(), d=check.Number(), a=check.Number())(plain_two)
    assert str(caught.value) == "arguments: plain_two has no argument c and d"


def test_a_declared_function_takes_its_arguments_as_python_does():
    @check.arguments(a=check.Number(), b=check.Vector(2))
    def f(a, b=(1, 2), c=None):
        return a, b, c

    a, b, c = f(1.0)
    assert a == 1.0 and b.tolist() == [1.0, 2.0] and c is None
    assert f(b=[3, 4], a=2.0, c=5)[1].tolist() == [3.0, 4.0]
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'a'"):
        f()
    with pytest.raises(TypeError, match="unexpected keyword argument 'd'"):
        f(1.0, d=2)
    with pytest.raises(TypeError, match="multiple values for argument 'a'"):
        f(1.0, a=2.0)
    with pytest.raises(TypeError, match="takes from 1 to 3 positional arguments but 4"):
        f(1.0, [1, 2], 3, 4)
    assert f.finite_result is True
    assert check.arguments(_finite=False, a=check.Number())(lambda a: a).finite_result is False


def test_an_unguarded_function_may_return_what_is_not_finite():
    @check.arguments(_finite=False, a=check.Number())
    def condition(a):
        return math.inf

    assert condition(1.0) == math.inf


def test_a_method_decides_its_kind_from_its_object_friction_from_its_coefficients():
    @check.arguments(friction=check.Friction(), robot=check.Robot(), q=check.Joints())
    def joints(robot, q, friction=None):
        return q

    exact = Friction([x, 0], [0, 0])
    assert isinstance(joints(ARM, [0.0, 0.0], friction=exact), sp.MatrixBase)
    assert isinstance(joints(ARM, [0.0, 0.0], friction=Friction([1, 0], [0, 0])), np.ndarray)
    assert check._deciding(exact, "friction") == (exact.viscous, exact.coulomb, None)
    assert check._deciding(ARM, "self") == () and check._deciding([x], "q") == [x]


# --- the result guard -----------------------------------------------------------------------

@check.finite_result
def square(x):
    return np.array([x]) ** 2


@check.finite_result
def power(x):
    return x ** 2


@check.finite_result
def inverse(x):
    return 1.0 / (x * x)


@check.finite_result
def scaled(x):
    return check._scalar(x * 1e300, "y")


@check.finite_result
def outer(a, b=1.0):
    return power(a) + b


@check.finite_result
def refused(x):
    return check._scalar("s", "x")


def overflow(function, detail, span):
    return (f"{function}(...) overflows floating point: {detail}; {span}. Use smaller values or "
            "other units (or symbols).")


BEYOND = "a number computed on the way is beyond the range of floating point (1.8e+308)"

OVERFLOWS = [
    _case("the result", lambda: square(1e200), OverflowError,
          overflow("square", "the result [inf] is not finite",
                   "the numbers given range up to 1e+200 (in x)")),
    _case("a numpy number", lambda: check.finite_result(np.exp)(1000.0), OverflowError,
          overflow("exp", "the result inf is not finite",
                   "the numbers given range up to 1e+03 (in x)")),
    _case("Python's overflow", lambda: power(1e200), OverflowError,
          overflow("power", BEYOND, "the numbers given range up to 1e+200 (in x)")),
    _case("math's overflow", lambda: check.finite_result(math.exp)(1000.0), OverflowError,
          overflow("exp", BEYOND, "the numbers given range up to 1e+03 (in x)")),
    _case("a division by zero", lambda: inverse(1e-200), OverflowError,
          overflow("inverse", "a division by zero on the way (a number too small for floating "
                              "point became 0)",
                   "the numbers given range from 1e-200 (in x) up to 1e-200 (in x)")),
    _case("a value on the way", lambda: scaled(1e10), OverflowError,
          overflow("scaled", "a value computed on the way is not finite",
                   "the numbers given range up to 1e+10 (in x)")),
    _case("in a callee, named by the caller", lambda: outer(1e200, b=1e-120), OverflowError,
          overflow("outer", BEYOND, "the numbers given range from 1e-120 (in b) up to 1e+200 "
                                    "(in a)")),
    _case("not an overflow: the input", lambda: scaled(math.inf), ValueError,
          "y must be a finite real number; got inf"),
    _case("not an overflow: another error", lambda: refused(1.0), TypeError,
          "x must be a number or a sympy expression; got 's'"),
]


@pytest.mark.parametrize(("call", "error", "message"), OVERFLOWS)
def test_a_result_that_is_not_finite_is_an_overflow_said_in_words(call, error, message):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert str(raised(call, error)) == message


def test_an_overflow_keeps_its_detail_for_the_function_that_called():
    error = raised(lambda: outer(1e200), OverflowError)
    assert error.detail == BEYOND
    assert isinstance(error.__cause__, OverflowError)


def test_in_words():
    assert check._in_words(OverflowError(34, "Numerical result out of range")) == BEYOND
    assert check._in_words(ZeroDivisionError("float division by zero")) == (
        "a division by zero on the way (a number too small for floating point became 0)")


@dataclasses.dataclass
class Result:
    value: object
    _trace: object = None


def test_the_range_of_the_numbers_given_names_where_they_are():
    assert str(check.overflow_error("f", {}, "d")) == overflow("f", "d",
                                                             "the numbers given are not large")
    assert str(check.overflow_error("f", {"a": [0, x, True]}, "d")) == overflow(
        "f", "d", "the numbers given are not large")
    assert str(check.overflow_error("f", {"self": 1e300, "a": 2.0, "b": [0, 1e-101]}, "d")) == \
        overflow("f", "d", "the numbers given range from 1e-101 (in b) up to 2 (in a)")
    assert str(check.overflow_error("f", {"a": 1e-100, "b": 3.0}, "d")) == \
        overflow("f", "d", "the numbers given range up to 3 (in b)")
    arm = planar_2r(l1=1.0, l2=2.5, m1=1e-150, m2=4.0, g=9.81)
    assert str(check.overflow_error(square, {"robot": arm}, "d")) == overflow(
        "square", "d", "the numbers given range from 1e-150 (in robot) up to 9.81 (in robot)")
    error = check.overflow_error("f", {"n": 10**400}, "d")
    assert str(error) == overflow("f", "d", "the numbers given range up to inf (in n)")
    assert error.detail == "d"


def test_magnitudes():
    assert check._magnitudes([1, -2.5, 0, True, np.True_, x, "s", None]) == [1.0, 2.5]
    assert check._magnitudes(np.array([[0, -3], [4, 0]])) == [3.0, 4.0]
    assert check._magnitudes(np.array([np.inf, -1e-3, np.nan])) == [1e-3]
    assert check._magnitudes(np.array([x, 2.0], dtype=object)) == [2.0]
    assert check._magnitudes(Result(value=(-7.0, [0.5]), _trace=3.0)) == [7.0, 0.5, 3.0]
    assert check._magnitudes(-(10**400)) == [math.inf] and check._magnitudes(math.inf) == []
    assert check._magnitudes(int(sys.float_info.max)) == [sys.float_info.max]
    assert check._magnitudes(Result) == [] and check._magnitudes({"a": 1.0}) == []
    assert sorted(check._magnitudes(ARM)) == [1.0] * 10 + [9.81]     # tool, gravity, links


def test_finite():
    assert check._finite(np.array([1.0, 2.0])) and not check._finite(np.array([1.0, np.nan]))
    assert check._finite(np.array([10**30], dtype=object)) and check._finite(np.array([1, 2]))
    assert not check._finite(np.array([complex(np.inf, 0)]))
    assert check._finite(1.0) and not check._finite(math.inf) and not check._finite(-math.inf)
    assert not check._finite(complex(0, math.nan)) and check._finite(1j)
    assert not check._finite([1.0, (2.0, math.nan)]) and check._finite([1.0, (2.0,)])
    assert not check._finite({"a": 1.0, "b": math.inf}) and check._finite({"a": 1.0})
    assert not check._finite(Result(math.inf)) and check._finite(Result(1.0, _trace=math.inf))
    assert check._finite(Result)
    assert not check._finite(sp.oo) and not check._finite(sp.nan) and not check._finite(sp.zoo)
    assert not check._finite(-sp.oo)
    assert check._finite(x + sp.oo) and check._finite(sp.Integer(3)) and check._finite(10**400)


def test_plain():
    assert check.plain(np.array([[0.5, 1.0]])) == [[0.5, 1.0]]
    assert check.plain(sp.Matrix([[1, x]])) == [1, x]
    assert check.plain((np.array([1.0]), [sp.Matrix([2])], 3)) == [[1.0], [[2]], 3]
    assert check.plain(np.float64(2.5)) == 2.5 and type(check.plain(np.float64(2.5))) is float
    assert check.plain("s") == "s" and check.plain(x) == x


def test_arguments_that_do_not_bind_are_numbered():
    assert check._arguments(power, (1.0,), {}) == {"x": 1.0}
    assert check._arguments(power, (1.0, 2.0), {"k": 3}) == {"argument 1": 1.0,
                                                              "argument 2": 2.0, "k": 3}


def test_friction_needs_a_smoothing_width_only_to_simulate_coulomb_friction():
    exact_sign = Friction([0.1, 0.1], [0.0, 0.3])
    assert check._friction(exact_sign, 2) is exact_sign                  # not to simulate
    assert check.Friction().of(exact_sign, "friction", robot=ARM) is exact_sign
    viscous_only = Friction([0.1, 0.1], [0.0, 0.0])
    assert check._friction(viscous_only, 2, simulation=True) is viscous_only
    assert check._friction(None, 2, simulation=True) is None


# --- degrees: one warning per call, for the angles a call declares -----------------------------

DEGREES = ("{name} = {given} looks like degrees: every angle is a whole number and {largest} is "
           "more than a turn (2π rad). The library takes radians: np.radians({given}) (for an "
           "angle of many turns, filter robocourse.frames.DegreesWarning)")


def degrees_said(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    return [str(w.message) for w in caught if w.category is check.DegreesWarning]


@check.arguments(a=check.Angle(), b=check.Angle(when=lambda given: given["c"]), c=check.Flag())
def angles(a, b=0.0, c=False):
    return a


@check.arguments(robot=check.Robot(), q=check.Joints(), qd=check.Joints(),
                 q0=check.Joints(angles=True), q1=check.Joints(angles=False))
def joints(robot, q=(0.0, 0.0), qd=(0.0, 0.0), q0=(0.0, 0.0), q1=(0.0, 0.0)):
    return q


def test_angles_that_look_like_degrees_are_named_in_one_warning():
    assert degrees_said(lambda: angles(90.0)) == [DEGREES.format(name="a", given=90, largest=90)]
    assert degrees_said(lambda: angles(90.0, 45.0, True)) == [
        DEGREES.format(name="(a, b)", given=[90, 45], largest=90)]
    assert degrees_said(lambda: angles(3.0, 90.0, False)) == []          # b is no angle here
    assert degrees_said(lambda: angles(1.5)) == []


def test_the_joint_values_named_q_are_angles_and_so_are_those_declared_so():
    assert degrees_said(lambda: joints(ARM, q=[90.0, 0.0])) == [
        DEGREES.format(name="q", given=[90, 0], largest=90)]
    assert degrees_said(lambda: joints(ARM, qd=[90.0, 0.0])) == []
    assert degrees_said(lambda: joints(ARM, q0=[90.0, 45.0])) == [
        DEGREES.format(name="q0", given=[90, 45], largest=90)]
    assert degrees_said(lambda: joints(ARM, q1=[90.0, 0.0])) == []
    assert degrees_said(lambda: check.Joints().of([90.0, 0.0], "q", robot=ARM,
                                                  scalars=check.NUMBERS)) == [
        DEGREES.format(name="q", given=[90, 0], largest=90)]
    assert degrees_said(lambda: check.Joints().of([x, 90], "q", robot=ARM,
                                                  scalars=check.SYMBOLS)) == []   # exact


def test_a_batch_of_joint_angles_that_look_like_degrees_is_named():
    rows = np.array([[90.0, 0.0], [45.0, 30.0]])
    assert degrees_said(lambda: check.States(angles=True).of(rows, "Q", robot=ARM)) == [
        DEGREES.format(name="Q", given=[90, 0, 45, 30], largest=90)]
    assert degrees_said(lambda: check.States().of(rows, "Q", robot=ARM)) == []


def test_the_librarys_own_calls_are_not_warned_about():
    import robocourse
    inside = os.path.join(os.path.dirname(robocourse.__file__), "inside.py")
    code = compile("angles(90.0)", inside, "exec")
    assert degrees_said(lambda: exec(code, {"angles": angles})) == []


# --- the call: what decides numbers or symbols, names, lengths --------------------------------

def test_a_method_of_a_symbolic_friction_computes_with_symbols():
    assert Friction([x, 0], [0, 0]).torque([1.0, 2.0]) == sp.Matrix([1.0 * x, 0])
    assert isinstance(Friction([1.0, 0], [0, 0]).torque([1.0, 2.0]), np.ndarray)


def test_an_argument_without_a_rule_does_not_decide():
    class Shown:
        @check.arguments(p=check.Vector(2))
        def at(self, label, p):
            return p

    assert isinstance(Shown().at(x, [1, 2]), np.ndarray)


def test_the_robots_own_gravity_decides_when_gravity_is_none():
    own_g = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0)                  # g a symbol

    @check.arguments(robot=check.Robot(), q=check.Joints(), gravity=check.Gravity())
    def kinematic(robot, q, gravity=None):
        return q

    assert isinstance(kinematic(own_g, [0.0, 0.0]), sp.MatrixBase)
    assert isinstance(kinematic(own_g, [0.0, 0.0], gravity=0), np.ndarray)


def test_the_mass_properties_decide_only_when_the_call_reads_them():
    masses = planar_2r(l1=1.0, l2=1.0)                                # m1, m2, g symbols

    @check.arguments(robot=check.Robot(dynamics=lambda given: given["p"] is None),
                     q=check.Joints(), p=check.Optional(check.Vector(2)))
    def regressor(robot, q, p=None):
        return q

    assert isinstance(regressor(masses, [0.0, 0.0]), sp.MatrixBase)
    assert isinstance(regressor(masses, [0.0, 0.0], p=[1, 2]), np.ndarray)


def test_a_numeric_robot_rule_refuses_symbols_by_name():
    @check.arguments(robot=check.Robot(dynamics=True, numeric=True), q=check.Joints())
    def simulated(robot, q):
        return q

    assert str(raised(lambda: simulated(ARM, [x, 0.0]), TypeError)) == (
        "q[0] must be a number here (this computation is numeric), not an expression in "
        "symbols; got x")
    assert str(raised(lambda: simulated("2R", [0.0, 0.0]), TypeError)) == (
        "robot must be a SerialChain (e.g. planar_2r()); got str")
    assert str(raised(lambda: simulated(planar_2r(l1=1.0, l2=1.0), [0.0, 0.0]), TypeError)) == (
        "robot must have numeric parameters (e.g. planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, "
        "g=9.81)); got the symbols g, m1, m2")


def test_a_declared_function_names_its_argument_and_reads_lengths_from_the_others():
    @check.arguments(q=check.Vector(None), p=check.Vector("q"), k=check.Number("kg", at_least=0))
    def f(q, p, k=1.0):
        return p

    assert f([1, 2, 3], [4, 5, 6]).tolist() == [4.0, 5.0, 6.0]
    error = raised(lambda: f([1, 2, 3], [4, 5]), ValueError)
    assert str(error) == "p must have 3 entries (one per joint or axis); got 2"
    assert str(raised(lambda: f([1], [2], k=-1.0), ValueError)) == "k must be >= 0 (kg); got -1.0"


def test_numpy_is_silent_inside_the_guard():
    @check.finite_result
    def ratio(x):
        return np.array([x]) / 0.0

    @check.finite_result
    def undefined(x):
        return np.array([x]) / np.array([x])

    @check.finite_result
    def outer_of_square(x):
        return square(x) + 1.0

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert str(raised(lambda: ratio(1.0), OverflowError)) == overflow(
            "test_numpy_is_silent_inside_the_guard.<locals>.ratio",
            "the result [inf] is not finite", "the numbers given range up to 1 (in x)")
        assert str(raised(lambda: undefined(0.0), OverflowError)) == overflow(
            "test_numpy_is_silent_inside_the_guard.<locals>.undefined",
            "the result [nan] is not finite", "the numbers given are not large")
        assert str(raised(lambda: outer_of_square(1e200), OverflowError)) == overflow(
            "test_numpy_is_silent_inside_the_guard.<locals>.outer_of_square",
            "the result [inf] is not finite", "the numbers given range up to 1e+200 (in x)")
    assert square.finite_result is True
