"""The input gate's first half (robocourse/_checks.py, from ``shown`` to ``_array``), word
for word: every message a student reads when one value, a vector, a matrix, a robot, a link
number, a count, a bounded quantity or an array is refused — values, shapes, indices and the
phrase each branch chooses included — and what the helpers return for what they accept
(its kind too: a float, not a numpy scalar; a sympy matrix, not an array)."""

import dataclasses
import functools
import math
import sys
import warnings

import numpy as np
import pytest
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.frames import rot_z
from robocourse.models import planar_2r
from robocourse.robot import Link, SerialChain
from tests.bad_input import raised

t = sp.Symbol("t")
ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
#: A revolute joint and a prismatic one: only the first one's value is an angle.
RP = SerialChain([Link(), Link(a=1.0, joint="P")], name="RP")
MASKED = "must not hide entries behind a mask (a numpy masked array): the computation would " \
         "use every entry, masked or not; pass the entries you mean, e.g. "
HERE = "(this computation is numeric), not an expression in symbols"
NUMERIC = "(e.g. planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81))"
DEGREES = ("looks like degrees: every angle is a whole number and {largest} is more than a turn "
           "(2π rad). The library takes radians: np.radians({given}) (for an angle of many "
           "turns, filter robocourse.frames.DegreesWarning)")
NESTED = [np.ones((1, 1)), np.ones((1, 2))]          # numpy cannot stack these, even as objects


def _masked(values, hidden):
    return np.ma.masked_array(values, mask=[k in hidden for k in range(len(values))])


def _half_massive():
    """A chain whose second link has a mass but no centre of mass and no inertia tensor."""
    return SerialChain([Link(mass=1.0, r_c=[0, 0, 0], I_c=np.eye(3)), Link(a=1.0, mass=2.0)],
                       name="half")


# --- every refusal, word for word -------------------------------------------------------------

MESSAGES = [
    # _unmasked: where the mask hides entries (none shown for one number; five at most)
    ("unmasked-0d", lambda: check._unmasked(np.ma.masked_array(1.0, mask=True), "x"),
     TypeError, f"x {MASKED}x.filled(...) or x.compressed()"),
    ("unmasked-one", lambda: check._unmasked(_masked([1.0, 2.0], {1}), "q"),
     TypeError, f"q {MASKED}q.filled(...) or q.compressed() (masked: flat entries [1])"),
    ("unmasked-five", lambda: check._unmasked(_masked([0.0] * 6, {0, 1, 2, 3, 5}), "q"),
     TypeError, f"q {MASKED}q.filled(...) or q.compressed() (masked: flat entries "
                "[0, 1, 2, 3, 5])"),
    ("unmasked-six", lambda: check._unmasked(_masked([0.0] * 7, {0, 1, 2, 3, 4, 6}), "q"),
     TypeError, f"q {MASKED}q.filled(...) or q.compressed() (masked: flat entries "
                "[0, 1, 2, 3, 4] …)"),
    ("unmasked-2d", lambda: check._unmasked(
        np.ma.masked_array(np.zeros((2, 2)), mask=[[0, 0], [1, 0]]), "R"),
     TypeError, f"R {MASKED}R.filled(...) or R.compressed() (masked: flat entries [2])"),
    # _scalar: one number
    ("scalar-bool", lambda: check._scalar(True, "x"),
     TypeError, "x must be a number or a sympy expression, not a bool; got True"),
    ("scalar-numpy-bool", lambda: check._scalar(np.False_, "x"),
     TypeError, "x must be a number or a sympy expression, not a bool; got False"),
    ("scalar-0d-bool", lambda: check._scalar(np.array(True), "x"),
     TypeError, "x must be a number or a sympy expression, not a bool; got True"),
    ("scalar-masked", lambda: check._scalar(np.ma.masked_array(1.0, mask=True), "mass"),
     TypeError, f"mass {MASKED}mass.filled(...) or mass.compressed()"),
    ("scalar-sympy-boolean", lambda: check._scalar(sp.Eq(t, 1), "x"),
     TypeError, "x must be a number or a sympy expression; got Eq(t, 1)"),
    ("scalar-oo", lambda: check._scalar(sp.oo, "x"), ValueError, "x must be finite; got oo"),
    ("scalar-minus-oo", lambda: check._scalar(-sp.oo, "x"),
     ValueError, "x must be finite; got -oo"),
    ("scalar-zoo", lambda: check._scalar(sp.zoo, "x"), ValueError, "x must be finite; got zoo"),
    ("scalar-sympy-nan", lambda: check._scalar(sp.nan, "x"),
     ValueError, "x must be finite; got nan"),
    ("scalar-I", lambda: check._scalar(sp.I, "x"),
     TypeError, "x must be real, not complex; got I"),
    ("scalar-2+I", lambda: check._scalar(2 + sp.I, "x"),
     TypeError, "x must be real, not complex; got 2 + I"),
    # deep in the expression too: a complex constant, the imaginary unit beside a symbol, a
    # symbol declared real=False inside a function
    ("scalar-2+3I", lambda: check._scalar(2 + 3 * sp.I, "x"),
     TypeError, "x must be real, not complex; got 2 + 3*I"),
    ("scalar-I-times-symbol", lambda: check._scalar(sp.I * t, "x"),
     TypeError, "x must be real, not complex; got I*t"),
    ("scalar-I-in-a-function", lambda: check._scalar(sp.cos(t + sp.I), "x"),
     TypeError, "x must be real, not complex; got cos(t + I)"),
    ("scalar-complex-symbol-deep", lambda: check._scalar(
        sp.sin(2 * t + sp.Symbol("z", real=False)), "x"),
     TypeError, "x must be real; got sin(2*t + z), whose symbol z is declared real=False (a "
                "complex number)"),
    ("scalar-noncommutative", lambda: check._scalar(sp.Symbol("A", commutative=False) + 1, "x"),
     TypeError, "x must be a real number or expression; got 1 + A, which holds a symbol declared "
                "commutative=False (a matrix or an operator, not a number)"),
    ("scalar-complex-symbol", lambda: check._scalar(sp.Symbol("z", real=False), "x"),
     TypeError, "x must be real; got z, whose symbol z is declared real=False (a complex "
                "number)"),
    ("scalar-complex-symbols", lambda: check._scalar(
        sp.Symbol("z", real=False) + sp.Symbol("w", real=False), "x"),
     TypeError, "x must be real; got w + z, whose symbol w is declared real=False (a complex "
                "number)"),
    ("scalar-numbers-symbol", lambda: check._scalar(sp.Symbol("t_f"), "duration", B.NUMBERS),
     TypeError, f"duration must be a number here {HERE}; got t_f"),
    ("scalar-numbers-expression", lambda: check._scalar(2 * t + 1, "T", B.NUMBERS),
     TypeError, f"T must be a number here {HERE}; got 2*t + 1"),
    ("scalar-string", lambda: check._scalar("1.0", "x"),
     TypeError, "x must be a number or a sympy expression; got '1.0'"),
    ("scalar-none", lambda: check._scalar(None, "x"),
     TypeError, "x must be a number or a sympy expression; got None"),
    ("scalar-list", lambda: check._scalar([1.0], "x"),
     TypeError, "x must be a number or a sympy expression; got [1.0]"),
    ("scalar-function", lambda: check._scalar(planar_2r, "x"),
     TypeError, "x must be a number or a sympy expression; got the function planar_2r (did you "
                "mean planar_2r()?)"),
    ("scalar-complex", lambda: check._scalar(1 + 2j, "x"),
     TypeError, "x must be a real number, not complex; got (1+2j)"),
    ("scalar-numpy-complex", lambda: check._scalar(np.complex128(1), "x"),
     TypeError, "x must be a real number, not complex; got (1+0j)"),
    ("scalar-huge-integer", lambda: check._scalar(10**400, "x"),
     ValueError, "x must be a number floating point can hold (|x| < 1.8e+308); got an integer "
                 "of 401 digits"),
    ("scalar-huge-negative-integer", lambda: check._scalar(-10**400, "x"),
     ValueError, "x must be a number floating point can hold (|x| < 1.8e+308); got an integer "
                 "of 401 digits"),
    ("scalar-just-too-large-integer", lambda: check._scalar(int(sys.float_info.max) + 1, "x"),
     ValueError, "x must be a number floating point can hold (|x| < 1.8e+308); got an integer "
                 "of 309 digits"),
    ("scalar-nan", lambda: check._scalar(float("nan"), "x"),
     ValueError, "x must be a finite real number; got nan"),
    ("scalar-minus-inf", lambda: check._scalar(-math.inf, "x"),
     ValueError, "x must be a finite real number; got -inf"),
    ("scalar-numpy-inf", lambda: check._scalar(np.float64("inf"), "x"),
     ValueError, "x must be a finite real number; got inf"),
    # _entries (through _vector, _sequence, or itself for symbols): a flat sequence
    ("entries-set", lambda: check._vector({1, 2}, 2, "q"),
     TypeError, "q must be a sequence of 2 numbers in order (a list, a tuple or an array): a set "
                "has no order; got {1, 2}"),
    ("entries-frozenset-any-length", lambda: check._vector(frozenset({1}), None, "q"),
     TypeError, "q must be a sequence of numbers in order (a list, a tuple or an array): a set "
                "has no order; got frozenset({1})"),
    ("entries-string", lambda: check._vector("abc", 3, "q"),
     TypeError, "q must be a sequence of 3 numbers; got 'abc'"),
    ("entries-bytes", lambda: check._vector(b"ab", 2, "q"),
     TypeError, "q must be a sequence of 2 numbers; got b'ab'"),
    ("entries-none", lambda: check._vector(None, None, "q"),
     TypeError, "q must be a sequence of numbers; got None"),
    ("entries-function", lambda: check._vector(planar_2r, 2, "q"),
     TypeError, "q must be a sequence of 2 numbers; got the function planar_2r (did you mean "
                "planar_2r()?)"),
    ("entries-symbols-string", lambda: check._entries("ab", 2, "s", "x", noun="symbol"),
     TypeError, "s must be a sequence of 2 symbols; got 'ab'"),
    ("entries-symbols-any-string", lambda: check._entries("ab", None, "s", "x", noun="symbol"),
     TypeError, "s must be a sequence of symbols; got 'ab'"),
    ("entries-sympy-matrix", lambda: check._vector(sp.zeros(2, 3), 3, "q"),
     ValueError, "q must be a vector of 3 entries; got a 2x3 matrix"),
    ("entries-sympy-matrix-any-length", lambda: check._vector(sp.zeros(3, 2), None, "q"),
     ValueError, "q must be a vector; got a 3x2 matrix"),
    ("entries-nested", lambda: check._vector(NESTED, 2, "q"),
     ValueError, "q must be a sequence of 2 numbers, flat (not nested); got "
                 "[array([[1.]]), array([[1., 1.]])]"),
    ("entries-nested-symbols", lambda: check._entries(NESTED, None, "s", "x", noun="symbol"),
     ValueError, "s must be a sequence of symbols, flat (not nested); got "
                 "[array([[1.]]), array([[1., 1.]])]"),
    ("entries-number", lambda: check._sequence(3, None, "lengths"),
     TypeError, "lengths must be a sequence of numbers; got 3"),
    ("entries-number-of-two", lambda: check._sequence(3.5, 2, "lengths"),
     TypeError, "lengths must be a sequence of 2 numbers; got 3.5"),
    ("entries-symbols-number", lambda: check._entries(3, 2, "s", "x", noun="symbol"),
     TypeError, "s must be a sequence of 2 symbols; got 3"),
    ("entries-2d-array", lambda: check._vector(np.zeros((2, 3)), 3, "q"),
     ValueError, "q must be a vector of 3 entries; got shape (2, 3)"),
    ("entries-2d-array-of-its-size", lambda: check._vector(np.zeros((2, 3)), 6, "q"),
     ValueError, "q must be a vector of 6 entries; got shape (2, 3)"),
    ("entries-3d-array-of-its-size", lambda: check._vector(np.zeros((1, 1, 3)), 3, "q"),
     ValueError, "q must be a vector of 3 entries; got shape (1, 1, 3)"),
    ("entries-3d-list", lambda: check._vector([[[1.0]], [[2.0]]], 2, "q"),
     ValueError, "q must be a vector of 2 entries; got shape (2, 1, 1)"),
    ("entries-2d-symbols", lambda: check._vector(np.zeros((2, 2)), 2, "q", B.SYMBOLS),
     ValueError, "q must be a vector of 2 entries; got shape (2, 2)"),
    ("entries-none-held", lambda: check._vector([], None, "q0"),
     ValueError, "q0 must hold at least one number; got none"),
    ("entries-no-symbol-held", lambda: check._entries([], None, "s", "x", noun="symbol"),
     ValueError, "s must hold at least one symbol; got none"),
    ("entries-length", lambda: check._vector([1.0, 2.0], 3, "q"),
     ValueError, "q must have 3 entries (one per joint or axis); got 2"),
    ("entries-length-fast", lambda: check._vector(np.zeros(4), 3, "q"),
     ValueError, "q must have 3 entries (one per joint or axis); got 4"),
    ("entries-length-sympy", lambda: check._vector(sp.Matrix([1, 2]), 3, "q"),
     ValueError, "q must have 3 entries (one per joint or axis); got 2"),
    ("entries-length-said", lambda: check._entries([1, 2], 3, "gravity", "x, y, z in {0}"),
     ValueError, "gravity must have 3 entries (x, y, z in {0}); got 2"),
    ("entries-masked", lambda: check._vector(_masked([1.0, 2.0], {0}), 2, "q"),
     TypeError, f"q {MASKED}q.filled(...) or q.compressed() (masked: flat entries [0])"),
    ("entries-masked-sequence", lambda: check._sequence(_masked([1.0, 2.0], {1}), 2, "lengths"),
     TypeError, f"lengths {MASKED}lengths.filled(...) or lengths.compressed() (masked: flat "
                "entries [1])"),
    # _sequence, _vector: each entry by its index
    ("sequence-entry", lambda: check._sequence([1, "2"], None, "lengths"),
     TypeError, "lengths[1] must be a number or a sympy expression; got '2'"),
    ("sequence-entry-checked", lambda: check._sequence([1, -2], 2, "l", check=functools.partial(
        check._nonnegative, unit="a length, m")),
     ValueError, "l[1] must be >= 0 (a length, m); got -2"),
    ("vector-entry", lambda: check._vector([0.0, 1.0, np.nan], 3, "q"),
     ValueError, "q[2] must be a finite real number; got nan"),
    ("vector-entry-numbers", lambda: check._vector([1.0, t], 2, "q", B.NUMBERS),
     TypeError, f"q[1] must be a number here {HERE}; got t"),
    ("vector-entry-per-joint", lambda: check._vector([1.0], 2, "qd", entries=check.ONE_PER_JOINT),
     ValueError, "qd must have 2 entries (one per joint); got 1"),
    # _per_joint: one number or one per joint
    ("per-joint-length", lambda: check._per_joint([1, 2, 3], 2, "Kp"),
     ValueError, "Kp must have 2 entries (one per joint); got 3"),
    ("per-joint-length-tuple", lambda: check._per_joint((1,), 2, "Kp"),
     ValueError, "Kp must have 2 entries (one per joint); got 1"),
    ("per-joint-length-array", lambda: check._per_joint(np.ones(3), 2, "Kp"),
     ValueError, "Kp must have 2 entries (one per joint); got 3"),
    ("per-joint-length-sympy", lambda: check._per_joint(sp.Matrix([1, 2, 3]), 2, "Kp"),
     ValueError, "Kp must have 2 entries (one per joint); got 3"),
    ("per-joint-symbol", lambda: check._per_joint(sp.Symbol("k"), 2, "Kp"),
     TypeError, f"Kp must be a number here {HERE}; got k"),
    ("per-joint-entry-symbol", lambda: check._per_joint([1, sp.Symbol("k")], 2, "Kp"),
     TypeError, f"Kp[1] must be a number here {HERE}; got k"),
    ("per-joint-nested", lambda: check._per_joint([[1, 2], [3]], 2, "Kp"),
     TypeError, "Kp[0] must be a number or a sympy expression; got [1, 2]"),
    # _matrix: the shape, what was got instead, each entry by its row and column
    ("matrix-string", lambda: check._matrix("I", (2, 2), "R"),
     TypeError, "R must be a 2x2 matrix; got 'I'"),
    ("matrix-bytes", lambda: check._matrix(b"I", (2, 2), "R"),
     TypeError, "R must be a 2x2 matrix; got b'I'"),
    ("matrix-none-what", lambda: check._matrix(None, (3, 3), "R", what="rotation matrix"),
     TypeError, "R must be a rotation matrix; got None"),
    ("matrix-function", lambda: check._matrix(np.eye, (None, 2), "points"),
     TypeError, "points must be a Nx2 matrix; got the function eye (did you mean eye()?)"),
    ("matrix-nested", lambda: check._matrix(NESTED, (2, 2), "R"),
     ValueError, "R must be a 2x2 matrix; got rows of different lengths"),
    ("matrix-nested-what", lambda: check._matrix(NESTED, (4, 4), "T", what="transform"),
     ValueError, "T must be a transform; got rows of different lengths"),
    ("matrix-shape", lambda: check._matrix(np.eye(2), (3, 3), "R"),
     ValueError, "R must be a 3x3 matrix; got 2x2"),
    ("matrix-shape-transposed", lambda: check._matrix([[1, 2, 3], [4, 5, 6]], (3, 2), "A"),
     ValueError, "A must be a 3x2 matrix; got 2x3"),
    ("matrix-shape-sympy", lambda: check._matrix(sp.zeros(2, 3), (3, 3), "R"),
     ValueError, "R must be a 3x3 matrix; got 2x3"),
    ("matrix-shape-rows", lambda: check._matrix(np.ones((2, 3)), (None, 2), "points"),
     ValueError, "points must be a Nx2 matrix; got 2x3"),
    ("matrix-shape-columns", lambda: check._matrix(np.ones((3, 2)), (2, None), "G"),
     ValueError, "G must be a 2xn matrix; got 3x2"),
    ("matrix-vector", lambda: check._matrix([1.0, 2.0], (None, 2), "points"),
     ValueError, "points must be a Nx2 matrix; got a vector of 2 entries"),
    ("matrix-ragged-rows", lambda: check._matrix([[1, 2], [3]], (2, 2), "R"),
     ValueError, "R must be a 2x2 matrix; got a vector of 2 entries"),
    ("matrix-scalar", lambda: check._matrix(5.0, (2, 2), "R", what="inertia tensor"),
     ValueError, "R must be a inertia tensor; got a scalar"),
    ("matrix-empty", lambda: check._matrix([], (2, 2), "R"),
     ValueError, "R must be a 2x2 matrix; got an empty sequence"),
    ("matrix-3d", lambda: check._matrix(np.zeros((2, 2, 2)), (2, 2), "R"),
     ValueError, "R must be a 2x2 matrix; got 2x2x2"),
    ("matrix-entry", lambda: check._matrix([[1, 2, 3], [4, 5, "6"]], (2, 3), "A"),
     TypeError, "A[1,2] must be a number or a sympy expression; got '6'"),
    ("matrix-entry-row", lambda: check._matrix([[1, 2, 3], [True, 5, 6]], (2, 3), "A"),
     TypeError, "A[1,0] must be a number or a sympy expression, not a bool; got True"),
    ("matrix-entry-sympy", lambda: check._matrix(sp.Matrix([[1, 2, 3], [4, sp.oo, 6]]), (2, 3),
                                                  "A"),
     ValueError, "A[1,1] must be finite; got oo"),
    ("matrix-entry-numbers", lambda: check._matrix([[1.0, 2, 3], [4, t, 6]], (2, 3), "A",
                                                    B.NUMBERS),
     TypeError, f"A[1,1] must be a number here {HERE}; got t"),
    ("matrix-masked", lambda: check._matrix(
        np.ma.masked_array(np.eye(2), mask=[[0, 1], [0, 0]]), (2, 2), "R"),
     TypeError, f"R {MASKED}R.filled(...) or R.compressed() (masked: flat entries [1])"),
    # _robot
    ("robot-function", lambda: check._robot(planar_2r),
     TypeError, "robot must be a SerialChain; got the function planar_2r (did you mean "
                "planar_2r()?)"),
    ("robot-function-named", lambda: check._robot(planar_2r, "plant"),
     TypeError, "plant must be a SerialChain; got the function planar_2r (did you mean "
                "planar_2r()?)"),
    ("robot-other", lambda: check._robot("2R"),
     TypeError, "robot must be a SerialChain (e.g. planar_2r()); got str"),
    ("robot-class", lambda: check._robot(SerialChain, "controller"),
     TypeError, "controller must be a SerialChain; got <class 'robocourse.robot.SerialChain'>"),
    ("robot-no-mass-properties", lambda: check._robot(_half_massive(), dynamics=True),
     ValueError, "link 2 of 'half' has no r_c, I_c: dynamics needs the mass properties of every "
                 "link"),
    ("robot-first-link", lambda: check._robot(SerialChain([Link()]), dynamics=True),
     ValueError, "link 1 of 'robot' has no mass, r_c, I_c: dynamics needs the mass properties "
                 "of every link"),
    ("robot-symbols", lambda: check._robot(planar_2r(), "controller", numeric=True),
     TypeError, f"controller must have numeric parameters {NUMERIC}; got the symbols l1, l2"),
    ("robot-symbols-dynamics", lambda: check._robot(planar_2r(l1=1.0, l2=1.0), "controller",
                                                     dynamics=True, numeric=True),
     TypeError, f"controller must have numeric parameters {NUMERIC}; got the symbols g, m1, m2"),
    ("robot-symbol-gravity", lambda: check._robot(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0),
                                                   dynamics=True, numeric=True),
     TypeError, f"robot must have numeric parameters {NUMERIC}; got the symbols g"),
    ("robot-symbol-tool", lambda: check._robot(SerialChain([Link(a=1.0)], tool=sp.Matrix(
        [[1, 0, 0, sp.Symbol("d_t")], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])), numeric=True),
     TypeError, f"robot must have numeric parameters {NUMERIC}; got the symbols d_t"),
    # _link_number, _count
    ("link-number", lambda: check._link_number(3, 2),
     ValueError, "link must be an integer from 1 to 2; got 3"),
    ("link-number-zero", lambda: check._link_number(0, 2, "frame"),
     ValueError, "frame must be an integer from 1 to 2; got 0"),
    ("link-number-bool", lambda: check._link_number(True, 2),
     ValueError, "link must be an integer from 1 to 2; got True"),
    ("link-number-float", lambda: check._link_number(1.0, 2),
     ValueError, "link must be an integer from 1 to 2; got 1.0"),
    ("link-number-none", lambda: check._link_number(None, 2),
     ValueError, "link must be an integer from 1 to 2; got None"),
    ("link-number-or-none", lambda: check._link_number(3, 2, none="the tool frame"),
     ValueError, "link must be an integer from 1 to 2 (or None for the tool frame); got 3"),
    ("link-number-or-none-string", lambda: check._link_number("all", 3, "i", none="all links"),
     ValueError, "i must be an integer from 1 to 3 (or None for all links); got 'all'"),
    ("count", lambda: check._count(2, "points", 3),
     ValueError, "points must be an integer >= 3; got 2"),
    ("count-bool", lambda: check._count(True, "points", 1),
     ValueError, "points must be an integer >= 1; got True"),
    ("count-float", lambda: check._count(4.0, "points", 1),
     ValueError, "points must be an integer >= 1; got 4.0"),
    ("count-above", lambda: check._count(10_001, "n", 1, 10_000),
     ValueError, "n must be an integer from 1 to 10,000; got 10001"),
    ("count-below", lambda: check._count(0, "n", 1, 10_000),
     ValueError, "n must be an integer from 1 to 10,000; got 0"),
    ("count-string", lambda: check._count("5", "n", 1, 9),
     ValueError, "n must be an integer from 1 to 9; got '5'"),
    # _nonnegative, _positive
    ("nonnegative-symbol", lambda: check._nonnegative(sp.Symbol("m", negative=True), "mass",
                                                       "kg"),
     ValueError, "mass must be >= 0 (kg); got m, a symbol declared negative"),
    ("nonnegative-expression", lambda: check._nonnegative(-sp.Symbol("p", positive=True), "mass",
                                                           "kg"),
     ValueError, "mass must be >= 0 (kg); got -p, which is negative"),
    ("nonnegative-sympy-number", lambda: check._nonnegative(sp.Rational(-1, 2), "l1", "m"),
     ValueError, "l1 must be >= 0 (m); got -1/2, which is negative"),
    ("nonnegative-float", lambda: check._nonnegative(-0.5, "l1", "a length, m"),
     ValueError, "l1 must be >= 0 (a length, m); got -0.5"),
    ("nonnegative-int", lambda: check._nonnegative(-1, "mass", "kg"),
     ValueError, "mass must be >= 0 (kg); got -1"),
    ("nonnegative-numpy", lambda: check._nonnegative(np.float64(-1e-300), "mass", "kg"),
     ValueError, "mass must be >= 0 (kg); got -1e-300"),
    ("nonnegative-not-a-number", lambda: check._nonnegative("1", "mass", "kg"),
     TypeError, "mass must be a number or a sympy expression; got '1'"),
    ("positive-none", lambda: check._positive(np.array([]), "Kv", "1/s"),
     ValueError, "Kv must be > 0 (1/s): one number, or one per joint; got none"),
    ("positive-entry", lambda: check._positive(np.array([[1.0, 2.0], [3.0, -1.0]]), "Kv", "1/s"),
     ValueError, "Kv[3] must be > 0 (1/s); got -1.0"),
    ("positive-entry-first", lambda: check._positive(np.array([0, 1]), "Kp", "1/s²"),
     ValueError, "Kp[0] must be > 0 (1/s²); got 0"),
    ("positive-entry-not-finite", lambda: check._positive(np.array([1.0, np.nan]), "Kv", "1/s"),
     ValueError, "Kv[1] must be a finite real number; got nan"),
    ("positive-0d", lambda: check._positive(np.array(0.0), "duration", "s"),
     ValueError, "duration must be > 0 (s); got 0.0"),
    ("positive-zero", lambda: check._positive(0, "duration", "s"),
     ValueError, "duration must be > 0 (s); got 0"),
    ("positive-negative", lambda: check._positive(-1.5, "duration", "s"),
     ValueError, "duration must be > 0 (s); got -1.5"),
    ("positive-symbol", lambda: check._positive(sp.Symbol("w", nonpositive=True), "w",
                                                 "a length, m"),
     ValueError, "w must be > 0 (a length, m); got w, which is declared not positive"),
    ("positive-sympy-zero", lambda: check._positive(sp.Integer(0), "T", "s"),
     ValueError, "T must be > 0 (s); got 0, which is declared not positive"),
    ("positive-bool", lambda: check._positive(True, "T", "s"),
     TypeError, "T must be a number or a sympy expression, not a bool; got True"),
    # _values: a number or an array of numbers, each entry by its index
    ("values-entry", lambda: check._values([0.0, np.inf], "t"),
     ValueError, "t[1] must be a finite real number; got inf"),
    ("values-entry-flat", lambda: check._values([[0.0, 1.0], [2.0, "3"]], "t"),
     TypeError, "t[3] must be a number or a sympy expression; got '3'"),
    ("values-array", lambda: check._values(np.array([1.0, np.nan]), "t"),
     ValueError, "t[1] must be a finite real number; got nan"),
    ("values-array-first", lambda: check._values(np.array([np.inf, np.nan]), "t"),
     ValueError, "t[0] must be a finite real number; got inf"),
    ("values-array-2d", lambda: check._values(np.array([[1.0, 2.0], [3.0, -np.inf]]), "v"),
     ValueError, "v[1, 1] must be a finite real number; got -inf"),
    ("values-array-3d", lambda: check._values(np.array([[[1.0], [2.0]], [[np.nan], [3.0]]]), "v"),
     ValueError, "v[1, 0, 0] must be a finite real number; got nan"),
    ("values-nested", lambda: check._values(NESTED, "v"),
     ValueError, "v must be a number or a regular array of numbers; got rows of different "
                 "lengths"),
    ("values-ragged", lambda: check._values([[1, 2], [3]], "v"),
     ValueError, "v must be a number or a regular array of numbers; got [[1, 2], [3]]"),
    ("values-ragged-tuple", lambda: check._values(((1, 2), (3,)), "v"),
     ValueError, "v must be a number or a regular array of numbers; got ((1, 2), (3,))"),
    ("values-number", lambda: check._values("1", "v"),
     TypeError, "v must be a number or a sympy expression; got '1'"),
    ("values-sympy-matrix", lambda: check._values(sp.Matrix([[1, 2], [sp.oo, 3]]), "v"),
     ValueError, "v[2] must be finite; got oo"),
    ("values-masked", lambda: check._values(_masked([1.0, 2.0, 3.0], {2}), "v"),
     TypeError, f"v {MASKED}v.filled(...) or v.compressed() (masked: flat entries [2])"),
    ("values-numbers-symbol", lambda: check._values(t, "t", B.NUMBERS),
     TypeError, f"t must be a number here {HERE}; got t"),
    ("values-numbers-entry", lambda: check._values([0.5, sp.Symbol("v")], "velocities",
                                                    B.NUMBERS),
     TypeError, f"velocities[1] must be a number here {HERE}; got v"),
    ("values-numbers-entry-2d", lambda: check._values([[1.0, 2.0], [t, 3.0]], "v", B.NUMBERS),
     TypeError, f"v[1,0] must be a number here {HERE}; got t"),
    ("values-numbers-entry-3d", lambda: check._values([[[1.0, 2.0]], [[3.0, t]]], "v",
                                                       B.NUMBERS),
     TypeError, f"v[1,0,1] must be a number here {HERE}; got t"),
    ("values-numbers-not-finite", lambda: check._values([1.0, np.nan], "v", B.NUMBERS),
     ValueError, "v[1] must be a finite real number; got nan"),
    # _array: identification's large arrays
    ("array-string", lambda: check._array("abc", "W", 2),
     TypeError, "W must be an array of numbers; got 'abc'"),
    ("array-bytes", lambda: check._array(b"abc", "W", 2),
     TypeError, "W must be an array of numbers; got b'abc'"),
    ("array-none", lambda: check._array(None, "tau", 1),
     TypeError, "tau must be an array of numbers; got None"),
    ("array-function", lambda: check._array(np.zeros, "W", 2),
     TypeError, "W must be an array of numbers; got the function zeros (did you mean zeros()?)"),
    ("array-ragged", lambda: check._array([[1, 2], [3]], "W", 2),
     TypeError, "W must be an array of numbers; got a ragged list"),
    ("array-ragged-tuple", lambda: check._array(((1, 2), (3,)), "W", 2),
     TypeError, "W must be an array of numbers; got a ragged tuple"),
    ("array-bool", lambda: check._array([1, True], "W", 1),
     TypeError, "W[1] must be a number or a sympy expression, not a bool; got True"),
    ("array-symbol", lambda: check._array([[1.0, 2.0], [3.0, t]], "W", 2),
     TypeError, f"W[3] must be a number here {HERE}; got t"),
    ("array-complex", lambda: check._array([1, 1j], "W", 1),
     TypeError, "W[1] must be a real number, not complex; got 1j"),
    ("array-ndim", lambda: check._array([[1.0, 2.0]], "W", 1),
     ValueError, "W must be a 1-D array; got shape (1, 2)"),
    ("array-ndim-2", lambda: check._array([1.0, 2.0, 3.0], "W", 2),
     ValueError, "W must be a 2-D array; got shape (3,)"),
    ("array-ndim-sympy", lambda: check._array([sp.Integer(1), sp.Integer(2)], "W", 2),
     ValueError, "W must be a 2-D array; got shape (2,)"),
    ("array-empty", lambda: check._array([], "tau", 1),
     ValueError, "tau must not be empty; got shape (0,)"),
    ("array-empty-columns", lambda: check._array(np.zeros((2, 0)), "W", 2),
     ValueError, "W must not be empty; got shape (2, 0)"),
    ("array-bool-float", lambda: check._array([[1.0, 2.0], [np.True_, 3.0]], "W", 2),
     TypeError, "W[2] must be a number or a sympy expression, not a bool; got True"),
    ("array-not-finite", lambda: check._array(np.array([1.0, np.inf]), "tau", 1),
     ValueError, "tau must hold finite numbers; got nan or inf"),
    ("array-not-finite-entry", lambda: check._array([1.0, np.inf], "tau", 1),
     ValueError, "tau[1] must be a finite real number; got inf"),
    ("array-not-finite-2d", lambda: check._array([[1.0, 2.0], [np.nan, 3.0]], "W", 2),
     ValueError, "W[2] must be a finite real number; got nan"),
    ("array-masked", lambda: check._array(_masked([1.0, 2.0], {1}), "tau", 1),
     TypeError, f"tau {MASKED}tau.filled(...) or tau.compressed() (masked: flat entries [1])"),
]


@pytest.mark.parametrize("call, error, message", [case[1:] for case in MESSAGES],
                         ids=[case[0] for case in MESSAGES])
def test_each_refusal_says_what_was_expected_and_got_word_for_word(call, error, message):
    assert str(raised(call, error)) == message


@pytest.mark.parametrize("call", [lambda: check._scalar(float("nan"), "x"),
                                  lambda: check._scalar(sp.oo, "x"),
                                  lambda: check._values(np.array([0.0, np.inf]), "t")],
                         ids=["nan", "sympy-oo", "array-inf"])
def test_a_value_that_is_not_finite_is_marked_as_such(call):
    """``finite_result`` tells an overflow from a bad input by this mark."""
    assert raised(call, ValueError).not_finite is True


def test_the_not_finite_error_is_a_value_error_with_the_message_and_the_mark():
    error = check._not_finite("x must be finite")
    assert type(error) is ValueError and str(error) == "x must be finite"
    assert error.not_finite is True


def test_a_number_refused_by_a_bound_is_not_marked_not_finite():
    assert not hasattr(raised(lambda: check._positive(-1.0, "T", "s"), ValueError), "not_finite")


# --- how a value is shown, and the phrases of the messages -------------------------------------

class _Callable:
    """A callable object without a ``__name__``: shown as itself."""

    def __call__(self):
        return 0

    def __repr__(self):
        return "<a callable>"


@pytest.mark.parametrize("value, text", [
    ("2R", "'2R'"),
    (len, "the function len (did you mean len()?)"),
    (planar_2r, "the function planar_2r (did you mean planar_2r()?)"),
    (int, "<class 'int'>"),
    (_Callable(), "<a callable>"),
    (3, "3"),
], ids=["string", "builtin", "function", "class", "callable-object", "number"])
def test_shown_names_a_function_and_asks_did_you_mean(value, text):
    assert check.shown(value) == text


@pytest.mark.parametrize("call, text", [
    (lambda: check._sequence_of(2, "number"), "a sequence of 2 numbers"),
    (lambda: check._sequence_of(None, "number"), "a sequence of numbers"),
    (lambda: check._sequence_of(3, "symbol"), "a sequence of 3 symbols"),
    (lambda: check._sequence_of(None, "symbol"), "a sequence of symbols"),
    (lambda: check._a_vector(2), "a vector of 2 entries"),
    (lambda: check._a_vector(None), "a vector"),
    (lambda: check._shape_text(()), "a scalar"),
    (lambda: check._shape_text((2,)), "a vector of 2 entries"),
    (lambda: check._shape_text((1,)), "a vector of 1 entries"),
    (lambda: check._shape_text((0,)), "an empty sequence"),
    (lambda: check._shape_text((2, 3)), "2x3"),
    (lambda: check._shape_text((4, 1, 2)), "4x1x2"),
    (lambda: check._a_matrix((3, 3)), "3x3 matrix"),
    (lambda: check._a_matrix((2, 3)), "2x3 matrix"),
    (lambda: check._a_matrix((None, 2)), "Nx2 matrix"),
    (lambda: check._a_matrix((6, None)), "6xn matrix"),
    (lambda: check._a_matrix((None, None)), "Nxn matrix"),
    (lambda: check._a_matrix((3, 3), "rotation matrix"), "rotation matrix"),
], ids=["numbers", "numbers-any", "symbols", "symbols-any", "vector", "vector-any",
        "shape-scalar", "shape-vector", "shape-vector-1", "shape-empty", "shape-matrix",
        "shape-3d", "matrix", "matrix-2x3", "matrix-rows", "matrix-columns", "matrix-any",
        "matrix-what"])
def test_the_phrases_say_what_was_wanted_and_got(call, text):
    assert call() == text


# --- what the helpers return for what they accept ------------------------------------------------

def _same(got, expected):
    """``got`` equals ``expected`` and is of its kind (a float array of the same shape, a sympy
    matrix, a float, an int, a list)."""
    assert type(got) is type(expected), (type(got), type(expected))
    if isinstance(expected, np.ndarray):
        assert got.dtype == expected.dtype and got.shape == expected.shape
        np.testing.assert_array_equal(got, expected)
    elif isinstance(expected, sp.MatrixBase):
        assert got.shape == expected.shape and got == expected
        assert [type(a) for a in got] == [type(b) for b in expected]
    elif isinstance(expected, list):
        assert len(got) == len(expected)
        for a, b in zip(got, expected, strict=True):
            _same(a, b)
    else:
        assert got == expected


HALF_PI = sp.pi / 2
M1 = sp.Symbol("m1")

VALUES = [
    # _unmasked: a masked array with nothing hidden is its data
    ("unmasked-plain", lambda: check._unmasked([1, 2], "q"), [1, 2]),
    ("unmasked-nothing-hidden", lambda: check._unmasked(_masked([1.0, 2.0], set()), "q"),
     np.array([1.0, 2.0])),
    # _scalar: as given, numpy's as Python's, sympy numbers as floats where numbers are asked
    ("scalar-int", lambda: check._scalar(2, "x"), 2),
    ("scalar-float", lambda: check._scalar(-0.5, "x"), -0.5),
    ("scalar-numpy-float", lambda: check._scalar(np.float64(0.5), "x"), 0.5),
    ("scalar-numpy-int", lambda: check._scalar(np.int64(3), "x"), 3),
    ("scalar-0d", lambda: check._scalar(np.array(3.0), "x"), 3.0),
    ("scalar-masked-0d", lambda: check._scalar(np.ma.masked_array(2.5, mask=False), "x"), 2.5),
    ("scalar-largest-integer", lambda: check._scalar(int(sys.float_info.max), "x"),
     int(sys.float_info.max)),
    ("scalar-symbol", lambda: check._scalar(t, "x"), t),
    ("scalar-expression", lambda: check._scalar(t + 1, "x"), t + 1),
    ("scalar-real-symbol-sum", lambda: check._scalar(sp.Symbol("z", real=True) + t, "x"),
     sp.Symbol("z", real=True) + t),
    ("scalar-sympy-number", lambda: check._scalar(HALF_PI, "x"), HALF_PI),
    ("scalar-sympy-number-numbers", lambda: check._scalar(HALF_PI, "x", B.NUMBERS),
     1.5707963267948966),
    ("scalar-sympy-integer-numbers", lambda: check._scalar(sp.Integer(2), "x", B.NUMBERS), 2.0),
    ("scalar-float-numbers", lambda: check._scalar(0.25, "x", B.NUMBERS), 0.25),
    # _entries
    ("entries-symbols-set", lambda: check._entries({sp.Symbol("b"), sp.Symbol("a")}, None, "s",
                                                   "x", noun="symbol"),
     [sp.Symbol("a"), sp.Symbol("b")]),
    ("entries-symbols-none", lambda: check._entries([], None, "s", "x", noun="symbol",
                                                    at_least=0), []),
    ("entries-one", lambda: check._entries([5], None, "q", "x"), [5]),
    ("entries-column", lambda: check._entries([[1], [2]], 2, "q", "x"), [1, 2]),
    ("entries-row", lambda: check._entries(np.array([[1, 2, 3]], dtype=object), 3, "q", "x"),
     [1, 2, 3]),
    ("entries-sympy-row", lambda: check._entries(sp.Matrix([[1, t]]), 2, "q", "x"),
     [sp.Integer(1), t]),
    # _real_array, _real_list: the fast path, exactly what the checks one by one accept
    ("real-array-int", lambda: check._real_array(np.arange(3)), np.array([0.0, 1.0, 2.0])),
    ("real-array-unsigned", lambda: check._real_array(np.array([1, 2], dtype=np.uint8)),
     np.array([1.0, 2.0])),
    ("real-array-float", lambda: check._real_array(np.array([[0.5], [1.5]])),
     np.array([[0.5], [1.5]])),
    ("real-array-nan", lambda: check._real_array(np.array([1.0, np.nan])), None),
    ("real-array-bool", lambda: check._real_array(np.array([True])), None),
    ("real-array-object", lambda: check._real_array(np.array([1.0], dtype=object)), None),
    ("real-array-list", lambda: check._real_array([1.0, 2.0]), None),
    ("real-list", lambda: check._real_list([1.0, 2]), np.array([1.0, 2.0])),
    ("real-list-tuple", lambda: check._real_list((3, 4.5)), np.array([3.0, 4.5])),
    ("real-list-inf", lambda: check._real_list([1.0, float("inf")]), None),
    ("real-list-huge", lambda: check._real_list([10**400]), None),
    ("real-list-bool", lambda: check._real_list([1.0, True]), None),
    ("real-list-numpy", lambda: check._real_list([np.float64(1.0)]), None),
    ("real-list-array", lambda: check._real_list(np.array([1.0])), None),
    # _sequence: each entry as given
    ("sequence", lambda: check._sequence([1, 2.5, M1], None, "lengths"), [1, 2.5, M1]),
    ("sequence-checked", lambda: check._sequence((1, 2), 2, "l", check=lambda v, n: n),
     ["l[0]", "l[1]"]),
    # _vector: a float array, or a sympy column when it holds symbols or symbols are asked
    ("vector-list", lambda: check._vector([1, 2.5, 3], 3, "v"), np.array([1.0, 2.5, 3.0])),
    ("vector-any-length", lambda: check._vector((1, 2, 3, 4), None, "v"),
     np.array([1.0, 2.0, 3.0, 4.0])),
    ("vector-column", lambda: check._vector(np.array([[1], [2]]), 2, "v"), np.array([1.0, 2.0])),
    ("vector-row-any-length", lambda: check._vector(np.array([[1, 2, 3]]), None, "v"),
     np.array([1.0, 2.0, 3.0])),
    ("vector-masked", lambda: check._vector(_masked([1.0, 2.0], set()), 2, "v"),
     np.array([1.0, 2.0])),
    ("vector-numpy-entries", lambda: check._vector([np.float64(1.5), np.int64(2)], 2, "v"),
     np.array([1.5, 2.0])),
    ("vector-sympy-numbers", lambda: check._vector([HALF_PI, 1], 2, "v", B.NUMBERS),
     np.array([math.pi / 2, 1.0])),
    ("vector-symbol", lambda: check._vector([t, 1], 2, "v"), sp.Matrix([t, 1])),
    ("vector-symbols-asked", lambda: check._vector([1, 2], 2, "v", B.SYMBOLS),
     sp.Matrix([1, 2])),
    ("vector-symbols-asked-array", lambda: check._vector(np.array([1, 2]), 2, "v", B.SYMBOLS),
     sp.Matrix([1, 2])),
    ("vector-sympy-row", lambda: check._vector(sp.Matrix([[1, 2]]), 2, "v"), sp.Matrix([1, 2])),
    # _per_joint: one float, or a float array of one per joint
    ("per-joint-one", lambda: check._per_joint(2, 3, "Kp"), 2.0),
    ("per-joint-one-0d", lambda: check._per_joint(np.array(2), 3, "Kp"), 2.0),
    ("per-joint-one-sympy", lambda: check._per_joint(HALF_PI, 3, "Kp"), math.pi / 2),
    ("per-joint-list", lambda: check._per_joint([1, 2], 2, "Kp"), np.array([1.0, 2.0])),
    ("per-joint-tuple", lambda: check._per_joint((1, 2), 2, "Kp"), np.array([1.0, 2.0])),
    ("per-joint-array", lambda: check._per_joint(np.array([3, 4]), 2, "Kp"),
     np.array([3.0, 4.0])),
    ("per-joint-sympy", lambda: check._per_joint(sp.Matrix([1, HALF_PI]), 2, "Kp"),
     np.array([1.0, math.pi / 2])),
    # _matrix: a float array of the shape, or a sympy matrix when it holds symbols
    ("matrix-array", lambda: check._matrix(np.eye(2, dtype=int), (2, 2), "R"), np.eye(2)),
    ("matrix-list", lambda: check._matrix([[1, 2, 3], [4, 5, 6]], (2, 3), "A"),
     np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])),
    ("matrix-any-rows", lambda: check._matrix([[1, 2]] * 3, (None, 2), "points"),
     np.array([[1.0, 2.0]] * 3)),
    ("matrix-sympy-numbers", lambda: check._matrix(sp.Matrix([[1, 2, 3], [4, 5, HALF_PI]]),
                                                   (2, 3), "A", B.NUMBERS),
     np.array([[1.0, 2.0, 3.0], [4.0, 5.0, math.pi / 2]])),
    ("matrix-symbol", lambda: check._matrix([[1, 2, 3], [4, 5, t]], (2, 3), "A"),
     sp.Matrix([[1, 2, 3], [4, 5, t]])),
    ("matrix-symbols-asked", lambda: check._matrix(np.array([[1, 2, 3], [4, 5, 6]]), (2, 3),
                                                   "A", B.SYMBOLS),
     sp.Matrix([[1, 2, 3], [4, 5, 6]])),
    ("matrix-masked", lambda: check._matrix(np.ma.masked_array(np.eye(2), mask=False), (2, 2),
                                            "R"), np.eye(2)),
    # _link_number, _count: Python ints, the ends included
    ("link-number-first", lambda: check._link_number(1, 2), 1),
    ("link-number-last", lambda: check._link_number(np.int64(2), 2), 2),
    ("link-number-none", lambda: check._link_number(None, 2, none="the tool frame"), None),
    ("count-minimum", lambda: check._count(np.int64(3), "points", 3), 3),
    ("count-maximum", lambda: check._count(10, "n", 1, 10), 10),
    ("count-zero", lambda: check._count(0, "n", 0, 10), 0),
    # _nonnegative, _positive: the value as given, zero allowed where it is >= 0
    ("nonnegative-zero", lambda: check._nonnegative(0, "mass", "kg"), 0),
    ("nonnegative-sympy-zero", lambda: check._nonnegative(sp.Integer(0), "mass", "kg"),
     sp.Integer(0)),
    ("nonnegative-float", lambda: check._nonnegative(np.float64(1.5), "mass", "kg"), 1.5),
    ("nonnegative-unknown-sign", lambda: check._nonnegative(M1, "m1", "kg"), M1),
    ("nonnegative-nonpositive-symbol", lambda: check._nonnegative(
        sp.Symbol("m", nonpositive=True), "m", "kg"), sp.Symbol("m", nonpositive=True)),
    ("positive-tiny", lambda: check._positive(5e-324, "T", "s"), 5e-324),
    ("positive-numpy", lambda: check._positive(np.float64(2.0), "T", "s"), 2.0),
    ("positive-unknown-sign", lambda: check._positive(sp.Symbol("L"), "L", "m"), sp.Symbol("L")),
    ("positive-array", lambda: check._positive(np.array([1.0, 2.0]), "Kp", "1/s²"),
     np.array([1.0, 2.0])),
    # _values: float arrays of the shape given, one number as itself
    ("values-list", lambda: check._values([0.0, 1.5], "t"), np.array([0.0, 1.5])),
    ("values-nested-list", lambda: check._values([[1, 2], [3, 4]], "t"),
     np.array([[1.0, 2.0], [3.0, 4.0]])),
    ("values-int-array", lambda: check._values(np.array([[1, 2]]), "t"), np.array([[1.0, 2.0]])),
    ("values-number", lambda: check._values(2, "t"), 2),
    ("values-symbol", lambda: check._values(t, "t"), t),
    ("values-sympy-matrix", lambda: check._values(sp.Matrix([[1.5, 2]]), "t"),
     np.array([[sp.Float(1.5), sp.Integer(2)]], dtype=object)),
    ("values-numbers-one", lambda: check._values(HALF_PI, "t", B.NUMBERS),
     np.array(math.pi / 2)),
    ("values-numbers-array", lambda: check._values([[HALF_PI], [1]], "t", B.NUMBERS),
     np.array([[math.pi / 2], [1.0]])),
    ("values-masked", lambda: check._values(_masked([1.0, 2.0], set()), "t"),
     np.array([1.0, 2.0])),
    # _array: a float array
    ("array-list", lambda: check._array([[1, 2]], "W", 2), np.array([[1.0, 2.0]])),
    ("array-sympy-numbers", lambda: check._array([sp.Integer(1), HALF_PI], "W", 1),
     np.array([1.0, math.pi / 2])),
    ("array-masked", lambda: check._array(_masked([1.0, 2.0], set()), "tau", 1),
     np.array([1.0, 2.0])),
]


@pytest.mark.parametrize("call, expected", [case[1:] for case in VALUES],
                         ids=[case[0] for case in VALUES])
def test_what_passes_comes_back_as_the_kind_the_computation_takes(call, expected):
    if expected is None:
        assert call() is None
    else:
        _same(call(), expected)


def test_values_of_symbols_keep_their_shape_as_an_object_array():
    got = check._values([[t, 1], [2, 3]], "t")
    assert got.dtype == object and got.shape == (2, 2) and got[0, 0] == t and got[1, 1] == 3


def test_a_value_accepted_as_it_is_is_the_same_object():
    robot, plain = ARM, [1, 2]
    assert check._robot(robot) is robot
    assert check._robot(robot, dynamics=True, numeric=True) is robot
    symbolic = planar_2r()                    # symbols are fine unless numbers are asked for
    assert check._robot(symbolic) is symbolic and check._robot(symbolic, "arm", True) is symbolic
    assert check._unmasked(plain, "q") is plain
    gains = np.array([1.0, 2.0])
    assert check._positive(gains, "Kp", "1/s") is gains


def test_the_fast_path_returns_a_new_array_not_the_caller_s():
    given = np.array([1.0, 2.0])
    check._real_array(given)[0] = 5.0
    assert given[0] == 1.0


# --- degrees where radians are taken -----------------------------------------------------------

def _warned(call):
    """The ``DegreesWarning`` that ``call()`` gives (None for none), every one recorded."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    degrees = [w for w in caught if issubclass(w.category, check.DegreesWarning)]
    assert len(degrees) <= 1
    return degrees[0] if degrees else None


@pytest.mark.parametrize("angles, given, largest", [
    ([90, 0], "[90, 0]", 90),
    ([7], "7", 7),
    ([360.0], "360", 360),
    ([-180, 90], "[-180, 90]", -180),
    ([45, -270, 10], "[45, -270, 10]", -270),
    ([sp.Integer(90), 0.0], "[90, 0]", 90),
    (np.array([0.0, 120.0]), "[0, 120]", 120),
], ids=["pose", "just-beyond-a-turn", "a-turn-of-degrees", "negative", "largest-in-size",
        "sympy-integer", "array"])
def test_whole_angles_beyond_a_turn_warn_of_degrees(angles, given, largest):
    warning = _warned(lambda: check._radians(list(angles), "q"))
    assert str(warning.message) == f"q = {given} " + DEGREES.format(largest=largest, given=given)


@pytest.mark.parametrize("angles", [[], [6], [-6.0], [361], [90, 0.5], [90, t], [sp.pi, 90],
                                    [90.5], [0, 0]],
                         ids=["none", "within-a-turn", "negative-within", "beyond-degrees",
                              "a-fraction", "a-symbol", "pi", "half-degree", "zeros"])
def test_angles_that_do_not_look_like_degrees_do_not_warn(angles):
    assert _warned(lambda: check._radians(angles, "q")) is None


def test_the_degrees_warning_points_at_the_user_s_line():
    line = sys._getframe().f_lineno + 1
    warning = _warned(lambda: check._radians([90], "theta"))
    assert issubclass(warning.category, UserWarning)
    assert (warning.filename, warning.lineno) == (__file__, line)


def test_the_degrees_warning_of_a_public_function_points_at_the_call():
    line = sys._getframe().f_lineno + 1
    warning = _warned(lambda: rot_z(90))
    assert (warning.filename, warning.lineno) == (__file__, line)
    assert str(warning.message) == "angle = 90 " + DEGREES.format(largest=90, given=90)


def test_only_the_revolute_joints_values_are_angles():
    """Joint 2 of ``RP`` is prismatic: 300 there is a length, the 90 of joint 1 an angle."""
    warning = _warned(lambda: check._joint_angles(RP, [90, 300.0], "q"))
    assert str(warning.message) == "q = 90 " + DEGREES.format(largest=90, given=90)
    warning = _warned(lambda: check._joint_angles(RP, [[90, 0.5], [45, 400]], "q"))
    assert str(warning.message) == "q = [90, 45] " + DEGREES.format(largest=90, given="[90, 45]")
    warning = _warned(lambda: check._joint_angles(ARM, np.array([[0.0, 1.0], [2.0, 180.0]]), "q"))
    assert str(warning.message) == ("q = [0, 1, 2, 180] "
                                    + DEGREES.format(largest=180, given="[0, 1, 2, 180]"))
    assert _warned(lambda: check._joint_angles(RP, [1, 300], "q")) is None


@dataclasses.dataclass
class _Users:
    """A class of the user's, its ``__init__`` written by ``dataclasses``."""
    frame: object = None

    def __post_init__(self):
        self.frame = sys._getframe(1)


def test_the_user_s_code_is_outside_the_package_and_the_package_s_inside():
    assert check._outside(sys._getframe())
    assert not check._outside(_package_frame())
    users = _Users().frame
    assert users.f_code.co_filename == "<string>" and users.f_code.co_name == "__init__"
    assert check._outside(users)


def _package_frame():
    """A frame running the package's code: ``shown`` asked for the name of a callable that
    records its caller."""
    class Recorder:
        @property
        def __name__(self):
            self.frame = sys._getframe(1)
            return "recorder"

        def __call__(self):
            return None

    recorder = Recorder()
    check.shown(recorder)
    return recorder.frame


def test_a_dataclass_init_of_the_package_is_inside_it(monkeypatch):
    """``Link.__init__`` is written by ``dataclasses`` (its file is ``<string>``): it is the
    package's, and a warning goes past it to the user's line."""
    frames = []
    original = Link.__post_init__

    def recording(self):
        frames.append(sys._getframe(1))
        original(self)

    monkeypatch.setattr(Link, "__post_init__", recording)
    Link(a=1.0)
    assert frames[0].f_code.co_filename == "<string>" and frames[0].f_code.co_name == "__init__"
    assert not check._outside(frames[0])


def test_other_code_run_from_a_string_is_the_user_s():
    """Code a user runs with ``exec`` (file ``<string>``) that is not a generated ``__init__``
    is theirs, even when it holds an object of the package as ``self``."""
    namespace = {"sys": sys}
    exec("def step(self):\n    return sys._getframe()", namespace)
    assert check._outside(namespace["step"](ARM))
    assert check._outside(namespace["step"](None))


# --- numbered from one ----------------------------------------------------------------------------

def test_a_table_numbered_from_one_says_so_for_a_key_it_does_not_hold():
    c = check.NumberedFromOne({(1, 1, 1): 0.5}, what="c[i, j, k]", n=2,
                              example="c[1, 1, 2] is c_112")
    assert c[1, 1, 1] == 0.5
    assert (c.what, c.n, c.example) == ("c[i, j, k]", 2, "c[1, 1, 2] is c_112")
    assert raised(lambda: c[0, 0, 0], KeyError).args[0] == (
        "c[i, j, k] is numbered by joints from 1 to 2, as in Craig (c[1, 1, 2] is c_112); got "
        "(0, 0, 0)")
    U = check.NumberedFromOne({1: "U1"}, what="U[i]", n=3)
    assert U[1] == "U1" and U.example == "" and dict(U) == {1: "U1"}
    assert raised(lambda: U[0], KeyError).args[0] == (
        "U[i] is numbered by joints from 1 to 3, as in Craig; got 0")
    assert raised(lambda: U["1"], KeyError).args[0] == (
        "U[i] is numbered by joints from 1 to 3, as in Craig; got '1'")


@pytest.mark.parametrize("value", [sp.Mul(1 + sp.I, 1 - sp.I, evaluate=False),
                                   sp.exp(sp.I * sp.pi), sp.I**2 * t,
                                   sp.Symbol("r", real=True) + t])
def test_an_expression_whose_imaginary_parts_cancel_is_accepted(value):
    """Only what is complex is refused: ``(1 + I)(1 − I)`` is 2, ``I²t`` is ``−t``."""
    assert check._scalar(value, "x") == value
