"""The input gate: the one set of argument checks that every public function uses.

A public function declares what each of its arguments must be, once, above it::

    @check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), qd=check.Joints())
    def coriolis_matrix(robot, q, qd):
        ...

(``arguments``: the rules ``Robot``, ``Joints``, ``Number``, ``Angle``, ``Vector``,
``Matrix``, ``Rotation``, ``Transform``, ``Wrench``, ``Gravity``, ``Frame``, ``Choice``,
``Flag``, ``Count``, ``Array``, ``Instance``, ``LinkNumber``, ``Armature``, ``Tolerance``,
``Values``, ``PerJoint``, ``Sequence``, ``Symbols``, ``Expression``, ``Text``, ``Model``,
``Friction``, ``FrictionPair``, ``States``, ``Optional``), so that its body is the
equation alone. It checks that ``robot`` is a ``SerialChain`` (a model function passed
without calling it gets "did you mean planar_2r()?"), that every link has its mass
properties when the computation is ``dynamics``, decides ONCE whether the computation runs on
numbers or on symbols (symbols when any joint value or any parameter it reads is a sympy
expression: ``scalars`` is ``_backend.SYMBOLS``, else ``NUMBERS``, the kind handed to the
kernels) and returns every joint vector checked and converted to that kind. Everything
after the gate can trust its inputs.

The rules for one value, the same everywhere:

* a number is a finite real ``int``/``float`` (numpy's too) or a sympy expression;
  never a bool, a string, a complex number, ``nan``/``inf`` (nor sympy's ``nan``,
  ``oo``, ``zoo`` given as such);
* a vector holds exactly the expected number of such entries (a flat sequence, a 1-D
  array or a sympy row or column);
* a link or joint number is an integer from 1 (as in Craig), never a bool;
* a mass (or a length, a moment of inertia) is ``>= 0``, and a symbol declared
  negative (``positive=False`` does not count, ``negative=True`` does) is refused;
  a duration, a gain, a speed limit is ``> 0``;
* a flag is ``True`` or ``False`` (not ``"no"``, not ``0``); a name is a string;
* gravity is ``None`` (the robot's own ``robot.gravity``), ``0`` (no gravity) or a
  3-vector written in {0};
* a wrench is ``[fx, fy, fz, nx, ny, nz]``, the force and moment the tool exerts on
  its surroundings at the tool-frame origin, written in the axes of ``frame``
  (``"base"``: {0}, the default; ``"tool"``: the tool frame).

Each error names the argument as the caller passed it, says what was expected and
what was got, in the language of the notebook (``language.say``, the catalogue
``"errors"``: the names, values and units stay as they are). Inputs that pass are finite,
so a numeric result that is not finite means that the arithmetic overflowed:
``finite_result`` turns that into an OverflowError that says so, instead of numpy's
RuntimeWarning and a ``nan`` or ``inf`` returned. The
numerical tolerances and limits of the library are named here, and only here (all but
``RIGHT_ANGLE``, named in ``_backend``, the one module below this one, and read here).

This module imports only ``_backend`` and ``language`` (the two modules below it): it knows
the robot and the friction it checks by their bases ``Chain`` and ``JointFriction``, never
by importing the modules above it.
"""

import dataclasses
import functools
import inspect
import math
import numbers
import os
import sys
import warnings

import numpy as np
import sympy as sp

from robocourse._backend import (  # RIGHT_ANGLE: check.RIGHT_ANGLE, as every tolerance
    NUMBERS,
    RIGHT_ANGLE,  # noqa: F401
    SYMBOLS,
    exact_if,
    is_symbolic,
)
from robocourse.language import phrase, say

#: Floating-point round-off: numbers that differ by less than this (relative to their
#: size, or absolute near zero) are equal — a target on the edge of the workspace is
#: reachable, a computed tensor is symmetric.
ROUND_OFF = 1e-9
#: ``RIGHT_ANGLE`` (imported above, 1e-13): how far in quarter turns a float angle may be
#: from a multiple of 90° and still be that multiple. Named in ``_backend``, the one module
#: below this one, whose ``exact_angle`` needs it.
#: How far a numeric rotation matrix may be from orthonormal (``|Rᵀ R − I|``, ``|det R − 1|``):
#: enough for one typed to seven decimals.
ROTATION = 1e-6
#: Two joint angles closer than this (rad) are the same solution.
SAME_ANGLE = 1e-6
#: The most evaluations of the equations of motion that one simulation may take (and the
#: most samples it may return): a duration that needs more is refused, with an estimate.
MAX_EVALUATIONS = 10**8
#: The seconds of computing after which a simulation stops by default (``time_limit``): an
#: estimate of the work from the start cannot see equations that turn stiff later on.
TIME_LIMIT = 120.0
#: The most points, states or coefficients one call may make (each a few numbers): more
#: would not fit in memory, and is refused by name rather than by numpy.
MAX_COUNT = 10**7
#: The most decimal digits a float has (``np.finfo(float).precision`` is 15; 17 round-trip).
MAX_DIGITS = 17

FRAMES = ("base", "tool")
#: What the entries of a vector are, for its messages (``phrase``: said in the language in
#: use): ``vector(q, 2, "q", entries=ONE_PER_JOINT)``.
ONE_PER_JOINT_OR_AXIS = phrase("one per joint or axis", "errors")
ONE_PER_JOINT = phrase("one per joint", "errors")
#: The rates (and accelerations) of generalised coordinates ``q``: ``coordinates``.
ONE_PER_ENTRY_OF_Q = phrase("one per entry of q", "errors")
_XYZ_IN_0 = phrase("x, y, z in {0}", "errors")
_VISCOUS = phrase("friction[0] (viscous)", "errors")      # the names of friction's parts
_COULOMB = phrase("friction[1] (Coulomb)", "errors")

_SYMPY_INFINITIES = (sp.nan, sp.oo, -sp.oo, sp.zoo)


class Chain:
    """What ``robot`` accepts as a robot: ``robot.SerialChain`` derives from this class.

    The checks come below the modules they serve (``robot.py`` itself checks its
    arguments here), so they know the robot class by this base, never by importing it.
    """


class JointFriction:
    """What ``friction`` accepts as joint friction: ``friction.Friction`` derives from this
    class (as ``Chain``: the checks know it by its base)."""


def shown(value):
    """How an error message shows what it got; a function gets "did you mean f()?".

    >>> shown("2R"), shown(len)
    ("'2R'", 'the function len (did you mean len()?)')
    """
    if callable(value) and hasattr(value, "__name__") and not isinstance(value, type):
        return say("the function {name} (did you mean {name}()?)", "errors",
                   name=value.__name__)
    return repr(value)


def _not_finite(message):
    """The ValueError for a value that is nan or infinite, marked as such: raised inside a
    ``finite_result`` function whose own arguments are finite, it means an overflow."""
    error = ValueError(message)
    error.not_finite = True
    return error


def _unmasked(value, name):
    """``value`` itself, or the data of a numpy masked array none of whose entries is masked;
    a masked array with a masked entry is refused: the library computes with every entry,
    and would silently use what the mask hides.

    >>> _unmasked(np.ma.array([1.0, 2.0], mask=[False, True]), "q")
    Traceback (most recent call last):
    ...
    TypeError: q must not hide entries behind a mask (a numpy masked array): the computation ...
    """
    if not isinstance(value, np.ma.MaskedArray):
        return value
    hidden = np.flatnonzero(np.ma.getmaskarray(value))
    if hidden.size:
        if value.ndim == 0:
            where = ""
        elif hidden.size > 5:
            where = say(" (masked: flat entries {entries} …)", "errors",
                        entries=hidden[:5].tolist())
        else:
            where = say(" (masked: flat entries {entries})", "errors", entries=hidden.tolist())
        raise TypeError(say("{name} must not hide entries behind a mask (a numpy masked "
                            "array): the computation would use every entry, masked or not; "
                            "pass the entries you mean, e.g. {name}.filled(...) or "
                            "{name}.compressed(){where}", "errors", name=name, where=where))
    return np.ma.getdata(value)


def _scalar(value, name, scalars=None):
    """``value`` checked to be one real number or sympy expression; with ``scalars=NUMBERS``
    a number only, not an expression in symbols: for what only numbers can do (a
    simulation's duration and tolerances, a planned motion), and a sympy number (``pi/2``)
    comes back as a float.

    >>> _scalar("3", "mass")
    Traceback (most recent call last):
    ...
    TypeError: mass must be a number or a sympy expression; got '3'
    >>> _scalar(True, "a")
    Traceback (most recent call last):
    ...
    TypeError: a must be a number or a sympy expression, not a bool; got True
    >>> _scalar(sp.pi / 2, "duration", NUMBERS)
    1.5707963267948966
    >>> _scalar(sp.Symbol('t_f'), "duration", NUMBERS)
    Traceback (most recent call last):
    ...
    TypeError: duration must be a number here (...), not an expression in symbols; got t_f
    """
    value = _unmasked(value, name)
    if isinstance(value, np.ndarray) and value.shape == ():
        value = value.item()
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool):
        raise TypeError(say("{name} must be a number or a sympy expression, not a bool; "
                            "got {got}", "errors", name=name, got=repr(value)))
    if isinstance(value, sp.Basic):
        if not isinstance(value, sp.Expr):
            raise TypeError(say("{name} must be a number or a sympy expression; got {got}",
                                "errors", name=name, got=repr(value)))
        if value.is_Atom and value in _SYMPY_INFINITIES:     # O(1): no tree walk
            raise _not_finite(say("{name} must be finite; got {got}", "errors", name=name,
                                  got=value))
        atoms = _complex_atoms(value)
        if sp.I in atoms and (not value.is_number or value.is_extended_real is False):
            raise TypeError(say("{name} must be real, not complex; got {got}", "errors",
                                name=name, got=value))        # I, 2 + 3*I, I*t; not I*I
        if value.is_commutative is False:        # known when built: no tree walk
            raise TypeError(say("{name} must be a real number or expression; got {got}, "
                                "which holds a symbol declared commutative=False (a matrix "
                                "or an operator, not a number)", "errors", name=name,
                                got=value))
        declared = sorted((atom for atom in atoms if atom.is_Symbol), key=sp.default_sort_key)
        if declared:
            raise TypeError(say("{name} must be real; got {got}, whose symbol {symbol} is "
                                "declared real=False (a complex number)", "errors", name=name,
                                got=value, symbol=declared[0]))
        if scalars is NUMBERS:
            if value.free_symbols:
                raise TypeError(say("{name} must be a number here (this computation is "
                                    "numeric), not an expression in symbols; got {got}",
                                    "errors", name=name, got=value))
            return float(value)
        return value
    if not isinstance(value, numbers.Number):
        raise TypeError(say("{name} must be a number or a sympy expression; got {got}",
                            "errors", name=name, got=shown(value)))
    if isinstance(value, numbers.Complex) and not isinstance(value, numbers.Real):
        raise TypeError(say("{name} must be a real number, not complex; got {got}",
                            "errors", name=name, got=repr(value)))
    if isinstance(value, numbers.Integral) and abs(value) > sys.float_info.max:
        raise ValueError(say("{name} must be a number floating point can hold (|{name}| < "
                             "{largest}); got an integer of {digits} digits", "errors",
                             name=name, largest=f"{sys.float_info.max:.3g}",
                             digits=len(str(abs(value)))))
    if not math.isfinite(value):
        raise _not_finite(say("{name} must be a finite real number; got {got}", "errors",
                              name=name, got=repr(value)))
    return value


@functools.lru_cache(maxsize=256)
def _complex_atoms(value):
    """The imaginary unit and the symbols declared ``real=False`` in the expression
    ``value``: one walk of its tree, remembered for the expressions met last (a large one,
    such as the PUMA's closed form, is passed on from call to call).

    >>> t, z = sp.Symbol('t'), sp.Symbol('z', real=False)
    >>> sorted(_complex_atoms(sp.cos(2 * t + 3 * sp.I * z)), key=str)
    [I, z]
    """
    return frozenset(atom for atom in value.atoms(sp.Symbol, type(sp.I))
                     if atom is sp.I or atom.is_real is False)


def _floats(values, name, shape=None):
    """``values`` (checked one by one) as a float array of ``shape``; an entry that is an
    expression in symbols is refused by name, for a caller that asked for numbers."""
    try:
        array = np.array(values, dtype=float)
    except TypeError:
        for k, entry in enumerate(values):
            where = k if shape is None else ",".join(map(str, np.unravel_index(k, shape)))
            _scalar(entry, f"{name}[{where}]", NUMBERS)
        raise
    return array if shape is None else array.reshape(shape)


def _sequence_of(length, noun):
    """"a sequence of 2 numbers" (of symbols, for ``noun="symbol"``; any number of them for
    ``length=None``), in the language in use, for a message."""
    if noun == "symbol":
        return (say("a sequence of {length} symbols", "errors", length=length) if length
                else say("a sequence of symbols", "errors"))
    return (say("a sequence of {length} numbers", "errors", length=length) if length
            else say("a sequence of numbers", "errors"))


def _a_vector(length):
    """"a vector of 2 entries" (``length=None``: of any number), for a message."""
    return (say("a vector of {length} entries", "errors", length=length) if length
            else say("a vector", "errors"))


def _entries(value, length, name, entries, noun="number", at_least=1):
    """The entries of ``value``, a flat sequence, a 1-D array or a sympy row or column of
    ``length`` entries (any number >= ``at_least`` for None), not yet checked one by one;
    ``noun``: ``"number"`` or ``"symbol"``, what the entries are to be."""
    value = _unmasked(value, name)
    if isinstance(value, (set, frozenset)):
        if noun != "symbol":                  # symbols to collect or allow: order is theirs
            raise TypeError(say("{name} must be {wanted} in order (a list, a tuple or an "
                                "array): a set has no order; got {got}", "errors", name=name,
                                wanted=_sequence_of(length, noun), got=shown(value)))
        value = sorted(value, key=sp.default_sort_key)
    if isinstance(value, (str, bytes)) or value is None or callable(value):
        raise TypeError(say("{name} must be {wanted}; got {got}", "errors", name=name,
                            wanted=_sequence_of(length, noun), got=shown(value)))
    if isinstance(value, sp.MatrixBase):
        if 1 not in value.shape:
            raise ValueError(say("{name} must be {wanted}; got a {rows}x{columns} matrix",
                                 "errors", name=name, wanted=_a_vector(length),
                                 rows=value.shape[0], columns=value.shape[1]))
        values = list(value)
    else:
        try:
            array = np.asarray(value, dtype=object)
        except Exception as exc:  # ragged input
            raise ValueError(say("{name} must be {wanted}, flat (not nested); got {got}",
                                 "errors", name=name, wanted=_sequence_of(length, noun),
                                 got=_short(value))) from exc
        if array.ndim == 0:
            raise TypeError(say("{name} must be {wanted}; got {got}", "errors", name=name,
                                wanted=_sequence_of(length, noun), got=shown(value)))
        if array.ndim == 2 and 1 in array.shape:
            array = array.reshape(-1)
        if array.ndim != 1:
            raise ValueError(say("{name} must be {wanted}; got shape {shape}", "errors",
                                 name=name, wanted=_a_vector(length), shape=array.shape))
        values = list(array)
    if length is None and len(values) < at_least:
        raise ValueError(say("{name} must hold at least one symbol; got none", "errors",
                             name=name) if noun == "symbol" else
                         say("{name} must hold at least one number; got none", "errors",
                             name=name))
    if length is not None and len(values) != length:
        raise ValueError(say("{name} must have {length} entries ({entries}); got {got}",
                             "errors", name=name, length=length, entries=entries,
                             got=len(values)))
    return values



def _real_array(value):
    """``value`` as a new float array when it is a numpy array of real numbers (floats or
    integers, not bools), every one finite; otherwise None, for the checks one by one.

    One vectorised test instead of ``scalar`` on every entry: the library hands its own
    arrays to its own functions (a transform per link per step), where the entry-by-entry
    gate cost more than the arithmetic. It accepts exactly what the gate accepts, so
    anything else (and every error message) goes the checked way.

    >>> _real_array(np.arange(3)), _real_array(np.array([1.0, np.nan]))
    (array([0., 1., 2.]), None)
    >>> _real_array(np.array([True])), _real_array([1.0, 2.0])
    (None, None)
    """
    if isinstance(value, np.ndarray) and value.dtype.kind in "fiu":
        array = value.astype(float)
        if np.isfinite(array).all():
            return array
    return None


def _real_list(value):
    """``value`` as a float array when it is a list or a tuple of Python floats and integers
    (not bools), every one finite and within the range of floating point; otherwise None,
    for the checks one by one (``_real_array`` for the lists a user types, ``[1.0, 2, 3]``).

    >>> _real_list([1.0, 2]), _real_list([1.0, float("inf")]), _real_list([10**400])
    (array([1., 2.]), None, None)
    """
    if type(value) in (list, tuple) and all(type(x) is float or type(x) is int for x in value):
        try:
            array = np.array(value, dtype=float)
        except OverflowError:                               # an integer beyond floating point
            return None
        if np.isfinite(array).all():
            return array
    return None


def _sequence(value, length, name, entries=ONE_PER_JOINT_OR_AXIS, check=None):
    """The entries of ``value`` as a list, each checked by ``check(entry, "name[k]")``
    (default ``scalar``) and left as it is: no conversion to floats or to sympy, for
    parameters that keep the kind they were given (a model's lengths, one by one).

    >>> _sequence([1, 2.5], None, "lengths")
    [1, 2.5]
    >>> _sequence(3, None, "lengths")
    Traceback (most recent call last):
    ...
    TypeError: lengths must be a sequence of numbers; got 3
    """
    check = _scalar if check is None else check
    return [check(entry, f"{name}[{k}]")
            for k, entry in enumerate(_entries(value, length, name, entries))]


def _vector(value, length, name, scalars=None, entries=ONE_PER_JOINT_OR_AXIS):
    """``value`` checked to hold ``length`` numbers or expressions (any length >= 1 for
    ``length=None``); returned as a sympy column or a 1-D float array.

    ``scalars`` (``_backend.NUMBERS`` or ``SYMBOLS``) forces the kind of the result (None:
    symbols when ``value`` holds any);
    ``entries`` says what the entries are, for the message.

    >>> _vector([1, 2], 3, "q")
    Traceback (most recent call last):
    ...
    ValueError: q must have 3 entries (one per joint or axis); got 2
    """
    value = _unmasked(value, name)
    array = None if scalars is SYMBOLS else (
        _real_array(value) if isinstance(value, np.ndarray) else _real_list(value))
    if array is not None and (array.ndim == 1 or (array.ndim == 2 and 1 in array.shape)):
        flat = array.reshape(-1)
        if len(flat) == length or (length is None and len(flat) >= 1):
            return flat
    values = _sequence(value, length, name, entries)
    if scalars is None:
        scalars = exact_if(any(isinstance(entry, sp.Basic) for entry in values))
    if scalars.exact:
        return sp.Matrix([sp.sympify(entry) for entry in values])
    return _floats(values, name)


def _per_joint(value, n, name):
    """``value`` checked to be one number for all ``n`` joints (returned as a float) or one
    number per joint (a float array of n): a gain, an amplitude, a noise level.

    >>> _per_joint(2, 3, "Kp"), _per_joint([1, 2], 2, "Kp")
    (2.0, array([1., 2.]))
    >>> _per_joint([[1, 2], [3]], 2, "Kp")
    Traceback (most recent call last):
    ...
    TypeError: Kp[0] must be a number or a sympy expression; got [1, 2]
    """
    if isinstance(value, (list, tuple, sp.MatrixBase)) or (isinstance(value, np.ndarray)
                                                            and value.ndim):
        return _vector(value, n, name, NUMBERS, ONE_PER_JOINT)
    return float(_scalar(value, name, NUMBERS))


def _shape_text(shape):
    """What a value of ``shape`` is, for a message: "a scalar", "a vector of 2 entries",
    "an empty sequence" or "2x3"."""
    if not shape:
        return say("a scalar", "errors")
    if len(shape) == 1:
        return _a_vector(shape[0]) if shape[0] else say("an empty sequence", "errors")
    return "x".join(str(s) for s in shape)


def _a_matrix(shape, what=None):
    """"3x3 matrix" ("Nx2 matrix" for ``(None, 2)``), or ``what`` the matrix is, for a
    message."""
    return what or say("{shape} matrix", "errors", shape="x".join(
        str(s) if s is not None else "Nn"[k] for k, s in enumerate(shape)))


def _matrix(value, shape, name, scalars=None, what=None):

    """``value`` checked to be a matrix of ``shape``; returned as sp.Matrix or float array.
    A dimension given as None may be any size (``(None, 2)``: N rows of two); ``what`` says
    what the matrix is, for the message (default: its shape, ``"Nx2 matrix"``).

    >>> _matrix(np.eye(2), (3, 3), "R")
    Traceback (most recent call last):
    ...
    ValueError: R must be a 3x3 matrix; got 2x2
    >>> _matrix([1.0, 2.0], (None, 2), "points")
    Traceback (most recent call last):
    ...
    ValueError: points must be a Nx2 matrix; got a vector of 2 entries
    """
    value = _unmasked(value, name)
    array = None if scalars is SYMBOLS else _real_array(value)
    if array is not None and array.ndim == len(shape) and all(
            s is None or s == g for s, g in zip(shape, array.shape, strict=True)):
        return array
    if isinstance(value, (str, bytes)) or value is None or callable(value):
        raise TypeError(say("{name} must be a {wanted}; got {got}", "errors", name=name,
                            wanted=_a_matrix(shape, what), got=shown(value)))
    if isinstance(value, sp.MatrixBase):
        got, values = value.shape, list(value)
    else:
        try:
            array = np.asarray(value, dtype=object)
        except Exception as exc:
            raise ValueError(say("{name} must be a {wanted}; got rows of different lengths",
                                 "errors", name=name, wanted=_a_matrix(shape, what))) from exc
        got, values = array.shape, list(array.flat)
    if len(got) != len(shape) or any(s is not None and s != g
                                     for s, g in zip(shape, got, strict=True)):
        raise ValueError(say("{name} must be a {wanted}; got {got}", "errors", name=name,
                             wanted=_a_matrix(shape, what), got=_shape_text(got)))
    columns = got[1]
    values = [_scalar(entry, f"{name}[{k // columns},{k % columns}]")
              for k, entry in enumerate(values)]
    if scalars is None:
        scalars = exact_if(any(isinstance(entry, sp.Basic) for entry in values))
    if scalars.exact:
        return sp.Matrix(got[0], columns, [sp.sympify(entry) for entry in values])
    return _floats(values, name, got)


def _robot(value, name="robot", dynamics=False, numeric=False):
    """``value`` if it is a SerialChain (with every link's mass properties, for
    ``dynamics``; with numbers for all its parameters, for ``numeric`` — its mass
    properties and gravity too when ``dynamics``: for what only numbers can do, a
    simulation, a controller, a widget's figure); otherwise an error that says what it
    got (the symbols it holds, for ``numeric``).

    >>> from robocourse.models import planar_2r
    >>> _robot(planar_2r)
    Traceback (most recent call last):
    ...
    TypeError: robot must be a SerialChain; got the function planar_2r (did you mean planar_2r()?)
    >>> _robot(planar_2r(l1=1.0, l2=1.0), "controller", dynamics=True, numeric=True)
    Traceback (most recent call last):
    ...
    TypeError: controller must have numeric parameters (e.g. ...); got the symbols g, m1, m2
    """
    if not isinstance(value, Chain):
        if callable(value):
            raise TypeError(say("{name} must be a SerialChain; got {got}", "errors", name=name,
                                got=shown(value)))
        raise TypeError(say("{name} must be a SerialChain (e.g. planar_2r()); got {got}",
                            "errors", name=name, got=type(value).__name__))
    if dynamics:
        for i, link in enumerate(value.links, start=1):
            missing = [part for part in ("mass", "r_c", "I_c") if getattr(link, part) is None]
            if missing:
                raise ValueError(say("link {i} of {robot} has no {missing}: dynamics needs "
                                     "the mass properties of every link", "errors", i=i,
                                     robot=repr(value.name), missing=", ".join(missing)))
    if numeric and value.uses_symbols(dynamics=dynamics):
        found = set()
        for part in (value.tool, value.gravity if dynamics else None, *(
                entry for link in value.links for entry in link.parameters(dynamics))):
            for entry in np.ravel(np.asarray(part, dtype=object)):
                found |= getattr(entry, "free_symbols", set())
        raise TypeError(say("{name} must have numeric parameters (e.g. planar_2r(l1=1.0, "
                            "l2=1.0, m1=1.0, m2=1.0, g=9.81)); got the symbols {symbols}",
                            "errors", name=name, symbols=", ".join(sorted(map(str, found)))))

    return value


def _joint_angles(chain, q, name):
    """``radians`` on the entries of the numeric joint vector (or rows of vectors) ``q`` that
    are angles: those of the revolute joints of ``chain``."""
    revolute = [k for k, link in enumerate(chain.links) if link.is_revolute]
    _radians(np.asarray(q, dtype=float)[..., revolute].ravel().tolist(), name)


class DegreesWarning(UserWarning):
    """Angles that look like degrees were passed where the library takes radians."""


_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def _outside(frame):
    """True when ``frame`` runs code outside the robocourse package (the user's), not the
    ``__init__`` that ``dataclasses`` writes for a class of the package."""
    code = frame.f_code
    if code.co_filename == "<string>" and code.co_name == "__init__":
        return not type(frame.f_locals.get("self")).__module__.startswith("robocourse.")
    return not os.path.abspath(code.co_filename).startswith(_PACKAGE + os.sep)


def _radians(angles, name):
    """Warn (``DegreesWarning``) when the numeric ``angles`` of one call look like degrees:
    every one a whole number, none beyond a turn in degrees (360) and one beyond a turn in
    radians, ``|θ| > 2π`` — 90 for a right angle, or 180, 45 and 0 for a pose. Angles in
    radians are rarely all whole beyond a turn; a whole number of degrees is the common
    slip. The warning points at the user's line.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     _radians([90, 0], "q")
    >>> str(caught[0].message)
    'q = [90, 0] looks like degrees: every angle is a whole number and 90 is more than a ...'
    """
    values = [float(a) for a in angles if not isinstance(a, sp.Basic) or a.is_number]
    if not values or len(values) < len(angles) or not all(v.is_integer() for v in values) or \
            not 2 * math.pi < max(map(abs, values)) <= 360:
        return
    given = [int(v) for v in values]
    given = given[0] if len(given) == 1 else given
    frame, level = sys._getframe(), 1
    while frame is not None and not _outside(frame):
        frame, level = frame.f_back, level + 1
    warnings.warn(say("{name} = {given} looks like degrees: every angle is a whole number and "
                      "{largest} is more than a turn (2π rad). The library takes radians: "
                      "np.radians({given}) (for an angle of many turns, filter "
                      "robocourse.frames.DegreesWarning)", "errors", name=name, given=given,
                      largest=int(max(values, key=abs))), DegreesWarning, stacklevel=level)


class NumberedFromOne(dict):
    """A dict keyed by joint or link numbers, which start at 1 as in Craig: a key it does not
    hold (``c[0, 0, 0]``, ``U[0]``) raises a KeyError that says how it is numbered.

    >>> c = NumberedFromOne({(1, 1, 1): 0}, what="c[i, j, k]", n=1, example="c[1, 1, 2] is c_112")
    >>> c[0, 0, 0]
    Traceback (most recent call last):
    ...
    KeyError: 'c[i, j, k] is numbered by joints from 1 to 1, as in Craig (...); got (0, 0, 0)'
    """

    def __init__(self, entries, *, what, n, example=""):
        super().__init__(entries)
        self.what, self.n, self.example = what, n, example

    def __missing__(self, key):
        if self.example:
            raise KeyError(say("{what} is numbered by joints from 1 to {n}, as in Craig "
                               "({example}); got {key}", "errors", what=self.what, n=self.n,
                               example=self.example, key=repr(key)))
        raise KeyError(say("{what} is numbered by joints from 1 to {n}, as in Craig; got "
                           "{key}", "errors", what=self.what, n=self.n, key=repr(key)))


def _link_number(value, last, name="link", none=None):
    """``value`` checked to be a link (or frame) number from 1 to ``last``; ``none``
    says what None means when None is allowed (e.g. ``"the tool frame"``).

    >>> _link_number(3, 2, none="the tool frame")
    Traceback (most recent call last):
    ...
    ValueError: link must be an integer from 1 to 2 (or None for the tool frame); got 3
    """
    if value is None and none is not None:
        return None
    if (isinstance(value, bool) or not isinstance(value, numbers.Integral)
            or not 1 <= value <= last):
        if none is not None:
            raise ValueError(say("{name} must be an integer from 1 to {last} (or None for "
                                 "{none}); got {got}", "errors", name=name, last=last,
                                 none=none, got=shown(value)))
        raise ValueError(say("{name} must be an integer from 1 to {last}; got {got}", "errors",
                             name=name, last=last, got=shown(value)))
    return int(value)


def _count(value, name, minimum, maximum=None):
    """``value`` checked to be an integer ``>= minimum`` (and ``<= maximum`` if given): a
    number of points, steps, samples.

    >>> _count(1, "points", 2)
    Traceback (most recent call last):
    ...
    ValueError: points must be an integer >= 2; got 1
    """
    if (isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum
            or (maximum is not None and value > maximum)):
        if maximum is None:
            raise ValueError(say("{name} must be an integer >= {minimum}; got {got}", "errors",
                                 name=name, minimum=minimum, got=shown(value)))
        raise ValueError(say("{name} must be an integer from {minimum} to {maximum}; got "
                             "{got}", "errors", name=name, minimum=minimum,
                             maximum=f"{maximum:,}", got=shown(value)))
    return int(value)


def _nonnegative(value, name, unit):
    """``value`` checked to be ``>= 0`` (in ``unit``): a mass (``unit="kg"``), a length, a
    moment of inertia, a tolerance; a symbol declared negative is refused, a symbol of
    unknown sign passes.

    >>> _nonnegative(-0.5, "l1", "a length, m")
    Traceback (most recent call last):
    ...
    ValueError: l1 must be >= 0 (a length, m); got -0.5
    >>> _nonnegative(sp.Symbol('m', negative=True), "mass", "kg")
    Traceback (most recent call last):
    ...
    ValueError: mass must be >= 0 (kg); got m, a symbol declared negative
    """
    value = _scalar(value, name)
    if isinstance(value, sp.Basic):
        if value.is_negative and value.is_Symbol:
            raise ValueError(say("{name} must be >= 0 ({unit}); got {got}, a symbol declared "
                                 "negative", "errors", name=name, unit=unit, got=value))
        if value.is_negative:
            raise ValueError(say("{name} must be >= 0 ({unit}); got {got}, which is negative",
                                 "errors", name=name, unit=unit, got=value))
    elif value < 0:
        raise ValueError(say("{name} must be >= 0 ({unit}); got {got}", "errors", name=name,
                             unit=unit, got=repr(value)))
    return value


def _positive(value, name, unit):
    """``value`` checked to be ``> 0`` (in ``unit``); a symbol declared non-positive is refused.
    An array is checked entry by entry (``name[k]``).

    >>> _positive(0.0, "duration", "s")
    Traceback (most recent call last):
    ...
    ValueError: duration must be > 0 (s); got 0.0
    """
    if isinstance(value, np.ndarray) and value.ndim:
        if not value.size:
            raise ValueError(say("{name} must be > 0 ({unit}): one number, or one per joint; "
                                 "got none", "errors", name=name, unit=unit))
        for k, entry in enumerate(value.flat):
            _positive(entry, f"{name}[{k}]", unit)
        return value
    value = _scalar(value, name)
    if isinstance(value, sp.Basic):
        if value.is_positive is False:
            raise ValueError(say("{name} must be > 0 ({unit}); got {got}, which is declared "
                                 "not positive", "errors", name=name, unit=unit, got=value))
    elif value <= 0:
        raise ValueError(say("{name} must be > 0 ({unit}); got {got}", "errors", name=name,
                             unit=unit, got=repr(value)))
    return value



def _values(value, name, scalars=None):
    """``value`` checked to be a number, a sympy expression or an array of numbers of any
    shape (a list or a sympy matrix is made an array): each entry real and finite, never a
    bool or a string.
    Arrays of numbers come back as float arrays, one number as itself (``_scalar``); an
    array that holds expressions comes back as an object array. With ``scalars=NUMBERS``
    numbers only, not expressions in symbols: a float array (0-D for one number).

    >>> _values([0.0, 1.5], "t")
    array([0. , 1.5])
    >>> _values([0.0, np.inf], "t")
    Traceback (most recent call last):
    ...
    ValueError: t[1] must be a finite real number; got inf
    >>> _values([0.5, sp.Symbol('v')], "velocities", NUMBERS)
    Traceback (most recent call last):
    ...
    TypeError: velocities[1] must be a number here (...), not an expression in symbols; got v
    """
    if scalars is NUMBERS:
        checked = np.asarray(_values(value, name))
        if not checked.ndim:
            return np.asarray(float(_scalar(checked.item(), name, NUMBERS)))
        return _floats(list(checked.flat), name, checked.shape)
    value = _unmasked(value, name)
    if isinstance(value, sp.MatrixBase):                 # a sympy matrix: its entries
        value = np.array(value.tolist(), dtype=object)
    if not isinstance(value, (np.ndarray, list, tuple)):
        return _scalar(value, name)
    if isinstance(value, np.ndarray) and value.dtype.kind in "fiu":      # fast: no loop
        bad = np.flatnonzero(~np.isfinite(value))
        if bad.size:
            where = np.unravel_index(bad[0], value.shape)
            raise _not_finite(say("{name} must be a finite real number; got {got}", "errors",
                                  name=f"{name}[{', '.join(map(str, where))}]",
                                  got=repr(value[where].item())))
        return value.astype(float)
    try:
        array = np.asarray(value, dtype=object)
    except ValueError as exc:                            # ragged
        raise ValueError(say("{name} must be a number or a regular array of numbers; got rows "
                             "of different lengths", "errors", name=name)) from exc
    if array.ndim and any(isinstance(entry, (list, tuple)) for entry in array.flat):
        raise ValueError(say("{name} must be a number or a regular array of numbers; got "
                             "{got}", "errors", name=name, got=shown(value)))
    entries = [_scalar(entry, f"{name}[{k}]") for k, entry in enumerate(array.flat)]
    if any(isinstance(entry, sp.Basic) for entry in entries):
        return np.array(entries, dtype=object).reshape(array.shape)
    return np.array(entries, dtype=float).reshape(array.shape)


def _array(value, name, ndim):
    """``value`` checked to be an array of numbers of ``ndim`` dimensions, not empty, all
    finite; returned as a float array (one vectorised test for the large arrays of
    identification: measured torques, stacked regressors, sample times).

    >>> _array([[1.0, 2.0]], "W", 1)
    Traceback (most recent call last):
    ...
    ValueError: W must be a 1-D array; got shape (1, 2)
    """
    value = _unmasked(value, name)
    if isinstance(value, (str, bytes)) or value is None or callable(value):
        raise TypeError(say("{name} must be an array of numbers; got {got}", "errors",
                            name=name, got=shown(value)))
    try:
        found = np.asarray(value)
    except ValueError:
        raise TypeError(say("{name} must be an array of numbers; got a ragged {kind}", "errors",
                            name=name, kind=type(value).__name__)) from None
    if found.dtype.kind not in "fiu" or (not isinstance(value, np.ndarray)
                                         and _real_list(value) is None):
        # bools, complex, symbols: named entry by entry; so is a list numpy reads as numbers
        # but that is not one of plain numbers (``[1.0, True]``: numpy makes the bool a 1)
        found = _values(value, name)
        for k, entry in enumerate(np.ravel(found)):
            _scalar(entry, f"{name}[{k}]", NUMBERS)
    found = np.asarray(found, dtype=float)
    if found.ndim != ndim:
        raise ValueError(say("{name} must be a {ndim}-D array; got shape {shape}", "errors",
                             name=name, ndim=ndim, shape=found.shape))
    if 0 in found.shape:
        raise ValueError(say("{name} must not be empty; got shape {shape}", "errors", name=name,
                             shape=found.shape))
    if not np.all(np.isfinite(found)):
        raise ValueError(say("{name} must hold finite numbers; got nan or inf", "errors",
                             name=name))
    return found


def together(**arrays):
    """The values of ``arrays`` (name -> value) as given, checked to go together entry by
    entry: each one number, or the same number of entries (one per joint), as numpy
    broadcasts them.

    >>> together(theta0=[0.0, 0.0], thetaf=np.ones(3))
    Traceback (most recent call last):
    ...
    ValueError: theta0 and thetaf must each be one number or have the same shape (...); got
    theta0 of 2 entries, thetaf of 3 entries
    """
    shapes = {name: np.shape(value) for name, value in arrays.items()}
    try:
        np.broadcast_shapes(*shapes.values())
    except ValueError:
        got = _joined(say("{name} of {length} entries", "errors", name=name, length=shape[0])
                      if len(shape) == 1 else
                      say("{name} of shape {shape}", "errors", name=name, shape=shape)
                      for name, shape in shapes.items() if shape)
        raise ValueError(say("{names} must each be one number or have the same shape (one "
                             "entry per joint); got {got}", "errors", names=_listed(shapes),
                             got=got)) from None
    return tuple(arrays.values())




def _within(value, name, low, high, unit, hint=""):
    """``value`` (``_values``) checked to lie in ``[low, high]`` (in ``unit``) up to
    round-off; ``high`` may be an array (a bound per joint, broadcast against ``value``).
    Where symbols are involved, only a value that sympy knows to be outside is refused.
    ``hint`` is added to the message.

    >>> _within(5.0, "t", 0, 2.0, "s")
    Traceback (most recent call last):
    ...
    ValueError: t must lie in [0, 2.0] (s); got 5.0
    """
    value = _values(value, name)
    entries = np.asarray(value, dtype=object)
    bounds = np.asarray(high, dtype=object)
    interval = f"[{low}, {high if bounds.ndim == 0 else list(bounds.ravel())}]"
    if any(isinstance(x, sp.Basic) for x in (*entries.ravel(), *bounds.ravel())):
        pairs = np.broadcast(entries, bounds)
        outside = [x for x, top in pairs
                   if sp.sympify(x - low).is_negative or sp.sympify(x - top).is_positive]
    else:
        t, top = entries.astype(float), bounds.astype(float)
        slack = ROUND_OFF * max(1.0, float(np.abs(top).max()))
        mask = (t < low - slack) | (t > top + slack)
        outside = np.broadcast_to(t, mask.shape)[mask].tolist()
    if outside:
        raise ValueError(say("{name} must lie in {interval} ({unit}); got {got}{hint}",
                             "errors", name=name, interval=interval, unit=unit,
                             got=repr(outside[0]), hint=hint))
    return value


def _flag(value, name, none=None):
    """``value`` checked to be True or False; ``none`` says what None means when it is allowed.

    >>> _flag("no", "symbolic_lengths")
    Traceback (most recent call last):
    ...
    TypeError: symbolic_lengths must be True or False; got 'no'
    """
    if value is None and none is not None:
        return None
    if not isinstance(value, (bool, np.bool_)):
        if none is not None:
            raise TypeError(say("{name} must be True or False (or None for {none}); got {got}",
                                "errors", name=name, none=none, got=shown(value)))
        raise TypeError(say("{name} must be True or False; got {got}", "errors", name=name,
                            got=shown(value)))
    return bool(value)


def _text(value, name):
    """``value`` checked to be a string (a name, a label, a unit).

    >>> _text(3, "name")
    Traceback (most recent call last):
    ...
    TypeError: name must be a string; got 3
    """
    if not isinstance(value, str):
        raise TypeError(say("{name} must be a string; got {got}", "errors", name=name,
                            got=shown(value)))
    return value


def _instance(value, types, name, wanted=None):
    """``value`` checked to be an instance of ``types`` (a class or a tuple of them); a
    class passed instead of an instance gets "did you mean Box(...)?". ``wanted``: what
    the error calls the expected type (default: the names of ``types``).

    >>> from robocourse.inertia import Box
    >>> _instance(Box, Box, "body")
    Traceback (most recent call last):
    ...
    TypeError: body must be a Box; got the class Box (did you mean Box(...)?)
    """
    types = types if isinstance(types, tuple) else (types,)
    if isinstance(value, types):
        return value
    names = [t.__name__ for t in types]
    if wanted is None:
        wanted = names[0] if len(names) == 1 else say(
            "{names} or {last}", "errors", names=", ".join(names[:-1]), last=names[-1])
    if isinstance(value, type) and issubclass(value, types):
        got = say("the class {name} (did you mean {name}(...)?)", "errors",
                  name=value.__name__)
    elif isinstance(value, type):
        got = say("the class {name}", "errors", name=value.__name__)
    elif value is None or callable(value):
        got = shown(value)
    else:
        got = f"{type(value).__name__} {_short(value)}"
    raise TypeError(say("{name} must be a {wanted}; got {got}", "errors", name=name,
                        wanted=wanted, got=got))


def _short(value, limit=60):
    text_ = " ".join(repr(value).split())
    return text_ if len(text_) <= limit else text_[:limit - 1] + "…"


def _symbols(value, length, name, entries=ONE_PER_JOINT):
    """``value`` checked to be a sequence (or a set) of ``length`` sympy Symbols (any number
    for None): joint variables to differentiate by, rates to collect, symbols allowed.

    >>> _symbols("theta1", None, "q")
    Traceback (most recent call last):
    ...
    TypeError: q must be a sequence of symbols; got 'theta1'
    """
    entries = _entries(value, length, name, entries, noun="symbol", at_least=0)
    for k, entry in enumerate(entries):
        if not isinstance(entry, sp.Symbol):
            raise TypeError(say("{name} must be a sympy Symbol; got {got}", "errors",
                                name=f"{name}[{k}]", got=shown(entry)))
    return entries


def _listed(names):
    """``"a, b and c"``: the ``names`` for a message, in the language in use.

    >>> _listed(["q", "qd", "qdd"]), _listed(["q"])
    ('q, qd and qdd', 'q')
    """
    names = list(names)
    if len(names) == 1:
        return names[0]
    return say("{names} and {last}", "errors", names=", ".join(names[:-1]), last=names[-1])


def _joined(parts):
    """``"a, b, c"``: the phrases ``parts`` one after the other, for a message, in the
    language in use (a Chinese comma between Chinese phrases)."""
    return functools.reduce(lambda before, after: say("{before}, {after}", "errors",
                                                      before=before, after=after), parts)



def distinct(**groups):
    """The ``groups`` (name -> symbols) checked to hold different symbols, across groups and
    within each: a coordinate, its rate and its acceleration are different variables.

    >>> x, y = sp.symbols('x y')
    >>> distinct(q=[x], qd=[x], qdd=[y])
    Traceback (most recent call last):
    ...
    ValueError: q, qd and qdd must be different symbols; got x in q and in qd
    """
    seen = {}
    for name, entries in groups.items():
        for entry in entries:
            if entry in seen and seen[entry] == name:
                raise ValueError(say("{names} must be different symbols; got {entry} twice in "
                                     "{name}", "errors", names=_listed(groups), entry=entry,
                                     name=name))
            if entry in seen:
                raise ValueError(say("{names} must be different symbols; got {entry} in {first} "
                                     "and in {name}", "errors", names=_listed(groups),
                                     entry=entry, first=seen[entry], name=name))
            seen[entry] = name



def _expression(value, name, finite=False, display=False):
    """``value`` checked to be a sympy expression, a sympy matrix or a number (sympified);
    never a string (sympy would parse it), a bool, an equation ``Eq(...)`` or None.
    ``finite``: also refuse ``nan`` and infinities anywhere in it; ``display``: accept
    every sympy object (an equation, a set), for functions that only show it.

    >>> _expression("x + 1", "value")
    Traceback (most recent call last):
    ...
    TypeError: value must be a sympy expression or Matrix; got 'x + 1'
    """
    kinds = (sp.MatrixBase, sp.Basic) if display else (sp.MatrixBase, sp.Expr)
    if isinstance(value, kinds):
        checked = value
    elif isinstance(value, numbers.Number) and not isinstance(value, (bool, np.bool_)):
        checked = sp.sympify(_scalar(value, name))
    elif isinstance(value, sp.Equality):
        raise TypeError(say("{name} must be a sympy expression or Matrix (an equation: give "
                            "one side of it); got {got}", "errors", name=name,
                            got=shown(value)))
    else:
        raise TypeError(say("{name} must be a sympy expression or Matrix; got {got}", "errors",
                            name=name, got=shown(value)))
    if finite and checked.has(*_SYMPY_INFINITIES):
        raise ValueError(say("{name} must be finite; it contains nan or an infinity: {got}",
                             "errors", name=name, got=checked))
    return checked


def _rotation_matrix(value, name="R", scalars=None):
    """``value`` as a 3x3 matrix (``_matrix``), checked to be a rotation: ``Rᵀ R = I3`` and
    ``det R = +1``, each to ``ROTATION``; a matrix with free symbols is not checked (its
    entries are unknown). ``frames.as_rotation`` is this check for the student.

    >>> _rotation_matrix(2 * np.eye(3))
    Traceback (most recent call last):
    ...
    ValueError: R must be a rotation matrix (Rᵀ R = I3, det R = +1); got det R = 8 and ...
    """
    R = _matrix(value, (3, 3), name, scalars)
    if not (isinstance(R, sp.MatrixBase) and R.free_symbols):
        values = np.array(R, dtype=float)
        departure = np.abs(values.T @ values - np.eye(3)).max()
        determinant = np.linalg.det(values)
        if departure > ROTATION or abs(determinant - 1) > ROTATION:
            raise ValueError(say("{name} must be a rotation matrix ({name}ᵀ {name} = I3, "
                                 "det {name} = +1); got det {name} = {determinant} and "
                                 "{name}ᵀ {name} − I3 up to {departure}", "errors",
                                 name=name, determinant=f"{determinant:.6g}",
                                 departure=f"{departure:.3g}"))

    return R


def _transform(value, name="T"):
    """``value`` checked to be a 4x4 homogeneous transform: a rotation block and the last row
    ``[0, 0, 0, 1]``; returned as ``matrix`` returns it.

    >>> _transform(np.ones((4, 4)), "T")
    Traceback (most recent call last):
    ...
    ValueError: T[:3, :3] must be a rotation matrix ...
    """
    T = _matrix(value, (4, 4), name)
    _rotation_matrix(T[:3, :3], f"{name}[:3, :3]")
    last_row = [T[3, k] for k in range(4)]
    if any(is_symbolic(entry) and entry.free_symbols for entry in last_row) or (
            np.abs(np.array(last_row, dtype=float) - [0, 0, 0, 1]).max() > ROUND_OFF):
        got = [entry if is_symbolic(entry) else float(entry) for entry in last_row]
        raise ValueError(say("{name} must be a homogeneous transform with last row "
                             "[0, 0, 0, 1]; got {got}", "errors", name=name, got=got))
    return T


def _model(value, chain, name="model", *, may_be_false=False):
    """``value`` checked to be None or the compiled dynamics of ``chain``
    (``codegen.CompiledDynamics(chain)``: an object whose ``robot`` is ``chain``).

    >>> from robocourse.models import planar_2r
    >>> _model("fast", planar_2r())
    Traceback (most recent call last):
    ...
    TypeError: model must be the CompiledDynamics of this robot ..., None; got 'fast'

    ``may_be_false``: ``False`` is a choice too (``simulate``: Newton–Euler at every step).
    """
    if value is None or (may_be_false and value is False):
        return value
    if not hasattr(value, "robot") and may_be_false:
        raise TypeError(say("{name} must be the CompiledDynamics of this robot "
                            "(codegen.CompiledDynamics(robot)), None or False; got {got}",
                            "errors", name=name, got=shown(value)))
    if not hasattr(value, "robot"):
        raise TypeError(say("{name} must be the CompiledDynamics of this robot "
                            "(codegen.CompiledDynamics(robot)), None; got {got}", "errors",
                            name=name, got=shown(value)))
    if value.robot is not chain:
        raise ValueError(say("{name} must be the CompiledDynamics of this robot "
                             "(codegen.CompiledDynamics(robot)); got the model of another "
                             "robot, {got}", "errors", name=name, got=repr(value.robot)))
    return value


def _friction(value, n, name="friction", *, simulation=False):
    """``value`` checked to be None (no friction) or a ``friction.Friction`` of ``n`` joints;
    for a ``simulation``, with numbers and a smooth sign where there is Coulomb friction.

    >>> _friction((0.1, 0.2), 2)
    Traceback (most recent call last):
    ...
    TypeError: friction must be a Friction; got tuple (0.1, 0.2)
    """
    if value is None:
        return None
    _instance(value, JointFriction, name, wanted="Friction")
    if value.n != n:
        raise ValueError(say("{name} must be the friction of {n} joints (one coefficient per "
                             "joint); got one of {got} joints", "errors", name=name, n=n,
                             got=value.n))
    if simulation:
        if value.uses_symbols:
            raise TypeError(say("{name} must have numeric coefficients to simulate; got "
                                "viscous = {viscous}, coulomb = {coulomb}", "errors",
                                name=name, viscous=plain(value.viscous),
                                coulomb=plain(value.coulomb)))
        if value.smoothing is None and np.any(np.asarray(value.coulomb) != 0):
            raise ValueError(say("{name} must have a smoothing width to simulate Coulomb "
                                 "friction (e.g. Friction(..., smoothing=0.01)): the exact sign "
                                 "jumps at q̇ = 0, where the integrator would stall", "errors",
                                 name=name))
    return value


ARMATURE_UNIT = phrase("kg·m², or kg for a prismatic joint", "errors")


def _armature(value, n, name="armature", scalars=None):
    """``value`` checked to be None (no motors modelled) or the armature of ``n`` joints: one
    reflected inertia ``η² I_m >= 0`` per joint (``motors.reflected_inertia``), returned as a
    vector of the kind ``scalars`` (None: symbols when ``value`` holds any).

    >>> _armature([0.5, -0.1], 2)
    Traceback (most recent call last):
    ...
    ValueError: armature[1] must be >= 0 (kg·m², or kg for a prismatic joint); got -0.1
    """
    if value is None:
        return None
    values = _vector(value, n, name, scalars,
                    phrase("one per joint, the reflected inertia η² I_m", "errors"))
    for k, entry in enumerate(values):
        _nonnegative(entry, f"{name}[{k}]", ARMATURE_UNIT)
    return values


def _friction_pair(friction, n):
    """``friction`` checked to be a pair ``(viscous, coulomb)`` of n coefficients each (the
    friction of the regressor of ``parameters``); returned as two vectors."""
    if not isinstance(friction, (tuple, list)) or len(friction) != 2 or \
            any(np.ndim(part) == 0 and not isinstance(part, sp.MatrixBase) for part in friction):
        raise ValueError(say("friction must be None or a pair (viscous, coulomb) of sequences "
                             "with one number per joint; got {got}", "errors", got=repr(friction)))
    return (_vector(friction[0], n, _VISCOUS, entries=ONE_PER_JOINT),
            _vector(friction[1], n, _COULOMB, entries=ONE_PER_JOINT))



def _choice(value, name, options):
    """``value`` checked to be one of the strings ``options``.

    >>> _choice("world", "frame", FRAMES)
    Traceback (most recent call last):
    ...
    ValueError: frame must be 'base' or 'tool'; got 'world'
    """
    if not isinstance(value, str) or value not in options:
        listed = repr(options[0]) if len(options) == 1 else say(
            "{names} or {last}", "errors", names=", ".join(map(repr, options[:-1])),
            last=repr(options[-1]))
        raise ValueError(say("{name} must be {listed}; got {got}", "errors", name=name,
                             listed=listed, got=shown(value)))
    return value


def _tolerance(value, name="tol"):
    """``value`` checked to be a relative tolerance, a number ``0 <= tol < 1`` (a sympy
    number comes back as a float; an expression in symbols is refused as such).

    >>> _tolerance(sp.Rational(1, 2)), _tolerance(0)
    (0.5, 0)
    """
    value = _scalar(value, name, NUMBERS)
    if not 0 <= value < 1:
        raise ValueError(say("{name} must be a relative tolerance, 0 <= {name} < 1; got {got}",
                             "errors", name=name, got=repr(value)))
    return value


def _gravity(value, chain, scalars):
    """The gravity vector of a dynamics call, in {0}: ``robot.gravity`` for None, zero
    for ``0``, else ``value`` checked to be a 3-vector.

    >>> from robocourse.models import planar_2r
    >>> _gravity(False, planar_2r(), SYMBOLS)
    Traceback (most recent call last):
    ...
    TypeError: gravity must be a 3-vector in {0}, None (the robot's own) or 0 (none); got False
    """
    if value is None:
        return scalars.convert(chain.gravity)
    if isinstance(value, (bool, np.bool_, str, bytes)) or callable(value):
        raise TypeError(say("gravity must be a 3-vector in {{0}}, None (the robot's own) or 0 "
                            "(none); got {got}", "errors", got=shown(value)))
    if isinstance(value, (numbers.Number, sp.Number)):
        if value != 0:
            raise ValueError(say("gravity must be a 3-vector in {{0}}, None (the robot's own) "
                                 "or 0 (none); got the number {got}", "errors", got=repr(value)))
        return scalars.zeros(3)
    return _vector(value, 3, "gravity", scalars, _XYZ_IN_0)



def _wrench(value, scalars, name="wrench"):
    """``value`` checked to be a wrench ``[fx, fy, fz, nx, ny, nz]`` (None: no load)."""
    if value is None:
        return scalars.zeros(6)
    return _vector(value, 6, name, scalars, "fx, fy, fz, nx, ny, nz")


def _states(value, length, name):
    """``value`` checked to be a batch of states: a 2-D array of finite numbers
    (N, ``length``), one state per row; returned as a float array.

    >>> _states(np.zeros((4, 3)), 2, "q")
    Traceback (most recent call last):
    ...
    ValueError: q must be a batch of states, shape (N, 2) (one row per state, ...); got shape (4, 3)
    """
    value = _unmasked(value, name)
    try:
        if np.iscomplexobj(value):
            raise TypeError("complex")
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError, OverflowError) as error:
        raise TypeError(say("{name} must be a batch of states (an array of real numbers, shape "
                            "(N, {length})); got {got}", "errors", name=name, length=length,
                            got=shown(value))) from error
    if array.ndim != 2 or array.shape[1] != length:
        raise ValueError(say("{name} must be a batch of states, shape (N, {length}) (one row "
                             "per state, one entry per joint); got shape {shape}", "errors",
                             name=name, length=length, shape=array.shape))
    if not np.isfinite(array).all():
        row = int(np.flatnonzero(~np.isfinite(array).all(axis=1))[0])
        raise ValueError(say("{name} must be finite; got nan or inf in row {row}", "errors",
                             name=name, row=row))
    return array



# --- the edge: what each argument must be, declared once per public function -------------------

class _Call:
    """What the checks of one call share: the robot (when an argument is one), the kind
    of scalars (``NUMBERS`` or ``SYMBOLS``) the call runs on, decided once from its inputs,
    and the arguments by name (``given``: those before the one being checked are checked
    already, so a rule may take its length from one of them)."""

    __slots__ = ("robot", "scalars", "given")

    def length(self, length):
        """``length`` itself, the number of entries of the argument it names, or its value
        for the arguments (a function of ``given``)."""
        if isinstance(length, str):
            return len(self.given[length])
        return length(self.given) if callable(length) else length

    def bound(self, bound):
        """``bound`` itself, the argument it names, or its value for the arguments (a
        function of ``given``)."""
        if isinstance(bound, str):
            return self.given[bound]
        return bound(self.given) if callable(bound) else bound


class Argument:
    """What one argument of a public function must be. ``arguments`` calls
    ``rule(value, name, call)`` with the value passed, the argument's name (so the message
    names what the user wrote) and the ``_Call``, and hands the function what it returns,
    checked and converted. ``decides_kind``: whether the value takes part in choosing
    numbers or symbols for the call (an array, a number: yes; a choice of frame: no)."""

    decides_kind = True

    def __init__(self, rule, text, decides_kind=True):
        self.rule, self.text, self.decides_kind = rule, text, decides_kind

    def __call__(self, value, name, call):
        return self.rule(value, name, call)

    def of(self, value, name, /, robot=None, scalars=None, **given):
        """The rule applied to one ``value`` named ``name`` outside a declared call: a
        field of a class, a value computed from the arguments. ``robot``: the robot the
        rule reads (its n, its gravity); ``scalars``: the kind to convert to (None: the
        value's own); ``given``: the arguments a length or a bound names.

        >>> Vector(2).of([1, 2], "p")
        array([1., 2.])
        >>> Number("kg", at_least=0).of(-1.0, "mass")
        Traceback (most recent call last):
        ...
        ValueError: mass must be >= 0 (kg); got -1.0
        """
        call = _Call()
        call.robot, call.scalars, call.given = robot, scalars, given
        return self.rule(value, name, call)

    def __repr__(self):
        return self.text


class Robot(Argument):
    """A ``SerialChain`` (``_robot``), with the mass properties of every link for
    ``dynamics``; it is checked first, and the kind of the call is decided from its
    parameters and the other inputs (``SerialChain.uses_symbols``). ``numeric``: for what
    only numbers can do (a simulation, a controller, a figure): the robot's parameters must
    be numbers, and so must every other input of the call. ``dynamics`` may be a function
    of the arguments (``lambda given: given["parameters"] is None``: the mass properties are
    read only when no parameters are given)."""

    def __init__(self, dynamics=False, numeric=False):
        super().__init__(lambda value, name, call: _robot(
            value, name, self.reads_dynamics(call.given), numeric),
            f"Robot(dynamics={dynamics}, numeric={numeric})", decides_kind=False)
        self.dynamics, self.numeric = dynamics, numeric

    def reads_dynamics(self, given):
        """Whether the call reads the mass properties: ``dynamics``, for the arguments."""
        return self.dynamics(given) if callable(self.dynamics) else self.dynamics


class Angle(Argument):
    """A number or a sympy expression in radians: the angles of one call that all look
    like degrees (whole numbers, one beyond a turn) give one ``DegreesWarning``. ``when``:
    a function of the arguments that says whether the value is an angle at all (a joint
    value is one for a revolute joint, a length for a prismatic one)."""

    def __init__(self, when=None):
        super().__init__(lambda value, name, call: _scalar(value, name), "Angle()")
        self.when = when


def Number(unit=None, at_least=None, numeric=False, interval=None, hint=""):
    """A real number or a sympy expression; ``at_least=0`` (``_nonnegative``) or ``">0"``
    (``_positive``: an array of them too) bound it, in ``unit``; ``numeric``: a number, not
    an expression in symbols (a float comes back); ``interval=(low, high)``: a number or an
    array of them in that interval, ``high`` maybe the name of an argument before it or a
    function of the arguments (``_within``, with ``hint`` added to its message). ``numeric``
    with ``at_least``: one number (not an array, not an expression in symbols), bounded."""
    if interval is not None:
        low, high = interval
        return Argument(lambda value, name, call: _within(
            value, name, low, call.bound(high), unit, hint),
            f"Number({unit!r}, interval={interval!r})")
    if at_least in (0, ">0"):
        bounded = _nonnegative if at_least == 0 else _positive
        return Argument(lambda value, name, call: bounded(
            _scalar(value, name, NUMBERS) if numeric else value, name, unit),
            f"Number({unit!r}, at_least={at_least!r}, numeric={numeric})")
    if numeric:
        return Argument(lambda value, name, call: _scalar(value, name, NUMBERS),
                        "Number(numeric=True)")
    return Argument(lambda value, name, call: _scalar(value, name), "Number()")


def Tolerance(at_least=None, numeric=False):
    """A relative tolerance, ``0 <= tol < 1`` (``_tolerance``); ``at_least`` and ``numeric`` as
    for ``Number``, checked first (``at_least=">0", numeric=True``: a solver's ``rtol``)."""
    first = Number("relative", at_least=at_least, numeric=numeric)
    return Argument(lambda value, name, call: _tolerance(first(value, name, call), name),
                    f"Tolerance(at_least={at_least!r}, numeric={numeric})")


def Values(numeric=False, unit=None, at_least=None, kept=False):
    """A number, or an array of numbers of any shape (``_values``): sample times, a grid;
    ``numeric``: numbers, not expressions in symbols (a float array comes back);
    ``at_least=">0"``: each entry ``> 0`` in ``unit`` (``_positive``: a duration per joint);
    ``kept``: checked, but handed over as given (its kind, sympy or not, decides what the
    function does)."""
    kind = NUMBERS if numeric else None
    if at_least == ">0":
        return Argument(lambda value, name, call: _positive(_values(value, name, kind), name, unit),
                        f"Values(numeric={numeric}, unit={unit!r}, at_least='>0')")

    def rule(value, name, call):
        checked = _values(value, name, kind)
        return value if kept else checked
    return Argument(rule, f"Values(numeric={numeric}, kept={kept})")


def PerJoint(unit=None, at_least=None, length=None):
    """One number for every joint of the robot, or one per joint (``_per_joint``): a gain,
    an amplitude; ``at_least=">0"``: each ``> 0`` (``_positive``, in ``unit``); ``length``: as
    many joints as that (a number, or a function of the arguments), for a call without a
    robot."""
    def joints(call):
        return call.robot.n if length is None else call.length(length)
    if at_least == ">0":
        return Argument(lambda value, name, call: _positive(
            _per_joint(value, joints(call), name), name, unit), f"PerJoint({unit!r}, '>0')")
    return Argument(lambda value, name, call: _per_joint(value, joints(call), name),
                    f"PerJoint(length={length!r})")


def Sequence(length=None, entries=ONE_PER_JOINT_OR_AXIS):
    """``length`` numbers or expressions, each kept as given (``_sequence``): parameters that
    keep the kind they were given, a model's lengths."""
    return Argument(lambda value, name, call: _sequence(value, call.length(length), name,
                                                       entries), f"Sequence({length!r})")


def Symbols(length=None, entries=ONE_PER_JOINT):
    """A sequence (or a set) of sympy Symbols (``_symbols``): ``length`` of them, or as many
    as the argument ``length`` names has; any number for None."""
    return Argument(lambda value, name, call: _symbols(value, call.length(length), name,
                                                      entries), f"Symbols({length!r})")


def Expression(finite=False, display=False):
    """A sympy expression, matrix or number (``_expression``); ``finite``: no nan or infinity
    in it; ``display``: any sympy object, for what only shows it."""
    return Argument(lambda value, name, call: _expression(value, name, finite, display),
                    f"Expression(finite={finite}, display={display})")


def Text():
    """A string: a name, a label, a unit (``_text``)."""
    return Argument(lambda value, name, call: _text(value, name), "Text()", decides_kind=False)


def Model(may_be_false=False):
    """None, or the compiled dynamics of the call's robot (``_model``); ``may_be_false``:
    False is a choice too."""
    return Argument(lambda value, name, call: _model(value, call.robot, name,
                                                    may_be_false=may_be_false),
                    f"Model(may_be_false={may_be_false})", decides_kind=False)


def Friction(simulation=False):
    """None, or the ``Friction`` of the robot's joints (``_friction``); ``simulation``: with
    numbers, and a smooth sign where there is Coulomb friction."""
    return Argument(lambda value, name, call: _friction(value, call.robot.n, name,
                                                       simulation=simulation),
                    f"Friction(simulation={simulation})")


def FrictionPair():
    """None, or a pair ``(viscous, coulomb)`` of one coefficient per joint each
    (``_friction_pair``)."""
    return Argument(lambda value, name, call: None if value is None else _friction_pair(
        value, call.robot.n), "FrictionPair()")


def States(length=None, angles=False):
    """A batch of states, one per row (``_states``): ``length`` entries a row (a number, the
    name of an argument or a function of the arguments), or one per joint of the robot for
    None; ``angles``: the rows are joint values of the robot, whose revolute entries are
    angles (``_joint_angles``: a warning for degrees)."""
    def rule(value, name, call):
        rows = _states(value, call.robot.n if length is None else call.length(length), name)
        if angles:
            _joint_angles(call.robot, rows, name)
        return rows
    return Argument(rule, f"States({length!r}, angles={angles})", decides_kind=False)


def Optional(rule):
    """None, or what ``rule`` accepts: an argument that may be left out."""
    return Argument(lambda value, name, call: None if value is None else rule(value, name, call),
                    f"Optional({rule!r})", rule.decides_kind)


def Vector(length, entries=ONE_PER_JOINT_OR_AXIS, numeric=False, batch=False):
    """A vector of ``length`` numbers (``_vector``; None: any length, a string: as many as the
    argument it names, a function: of the arguments), in the kind of the call (``numeric``:
    numbers always); ``batch``: in a call on numbers, a 2-D array is N such vectors, one
    per row (``_states``)."""
    def rule(value, name, call):
        if batch and isinstance(value, np.ndarray) and value.ndim == 2 and \
                call.scalars is not SYMBOLS:
            return _states(value, call.length(length), name)
        return _vector(value, call.length(length), name, NUMBERS if numeric else call.scalars,
                      entries)
    return Argument(rule, f"Vector({length!r}, batch={batch})")


def Matrix(*shape, what=None, numeric=False):
    """A matrix of ``shape`` (``_matrix``; None: any size; a size may be a length as
    ``Vector``'s), in the kind of the call (``numeric``: numbers always)."""
    return Argument(lambda value, name, call: _matrix(
        value, tuple(map(call.length, shape)), name, NUMBERS if numeric else call.scalars,
        what), f"Matrix{shape}")


def Rotation():
    """A rotation matrix (``_rotation_matrix``), in the kind of the call."""
    return Argument(lambda value, name, call: _rotation_matrix(value, name, call.scalars),
                    "Rotation()")


def Transform():
    """A 4x4 homogeneous transform (``_transform``)."""
    return Argument(lambda value, name, call: _transform(value, name), "Transform()")


def Joints(angles=None):
    """One value per joint of the robot (``_vector`` of ``robot.n``), in the kind of the
    call; the argument named ``q`` (any, for ``angles=True``) holds the angles of the
    revolute joints (``_joint_angles``: a warning for degrees)."""
    return Argument(lambda value, name, call: _joint_values(value, name, call, angles),
                    f"Joints(angles={angles!r})")


def Wrench():
    """``[fx, fy, fz, nx, ny, nz]`` (as ``wrench``), in the kind of the call; None is no
    load, a zero wrench."""
    return Argument(lambda value, name, call: _wrench(value, call.scalars, name), "Wrench()")


def Gravity():
    """Gravity in {0} (``_gravity``): None, the robot's own; 0, none; else a 3-vector."""
    return Argument(lambda value, name, call: _gravity(value, call.robot, call.scalars),
                    "Gravity()")


def Choice(*options):
    """One of the strings ``options`` (``_choice``)."""
    return Argument(lambda value, name, call: _choice(value, name, options),
                    f"Choice{options}", decides_kind=False)


def Frame():
    """``"base"`` or ``"tool"``: the axes a wrench or a Jacobian is written in."""
    return Choice(*FRAMES)


def Count(minimum, maximum=None):
    """An integer ``>= minimum`` (and ``<= maximum``): a number of points, samples, a seed
    (``_count``)."""
    return Argument(lambda value, name, call: _count(value, name, minimum, maximum),
                    f"Count({minimum}, {maximum})", decides_kind=False)


def Flag(none=None):
    """True or False (``_flag``); ``none``: what None means, when it is allowed."""
    return Argument(lambda value, name, call: _flag(value, name, none), "Flag()",
                    decides_kind=False)


def Array(ndim):
    """An array of numbers of ``ndim`` dimensions, not empty, finite (``_array``): a float
    array, whatever the kind of the call (measured data, times)."""
    return Argument(lambda value, name, call: _array(value, name, ndim), f"Array({ndim})",
                    decides_kind=False)


def Instance(types, wanted=None):
    """An instance of ``types`` (``_instance``): an object of the library's own classes."""
    return Argument(lambda value, name, call: _instance(value, types, name, wanted),
                    f"Instance({types!r})", decides_kind=False)


def LinkNumber(none=None, last=None):
    """A link number from 1 to the robot's n (``_link_number``), or to ``last`` (a function
    of the arguments: the links a result holds); ``none``: what None means."""
    return Argument(lambda value, name, call: _link_number(
        value, call.robot.n if last is None else call.bound(last), name, none),
        f"LinkNumber(none={none!r})", decides_kind=False)


def Armature():
    """None (no motors modelled), or one reflected inertia ``η² I_m >= 0`` per joint of the
    robot (``_armature``), in the kind of the call."""
    return Argument(lambda value, name, call: _armature(value, call.robot.n, name, call.scalars),
                    "Armature()")


def _joint_values(value, name, call, angles=None):
    values = _vector(value, call.robot.n, name, call.scalars, ONE_PER_JOINT)
    if (name == "q" if angles is None else angles) and not call.scalars.exact:
        _joint_angles(call.robot, values, name)
    return values


def _deciding(value, name):
    """What of the argument ``value`` named ``name`` takes part in choosing numbers or
    symbols: a joint friction's coefficients (as a robot's parameters); of a method's
    ``self``, nothing else; of any other argument, its value."""
    if isinstance(value, JointFriction):
        return value.viscous, value.coulomb, value.smoothing
    return () if name == "self" else value


def arguments(_finite=True, **rules):
    """Decorator: the public function's arguments, each checked by its rule (an ``Argument``:
    ``Vector(3)``, ``Rotation()``, ``Joints()``, ``Frame()``…) and converted, before the body
    runs; the result under the ``finite_result`` guard. The rules are declared once, above
    the function, so its body is the equation alone::

        @check.arguments(a=check.Vector(3), b=check.Vector(3))
        def cross(a, b):
            return skew_unchecked(a) @ b

    ``_finite=False`` leaves the result unguarded, for a function whose answer may be
    infinite (a condition number) or is no number at all, and that says so in its docstring.

    Numbers or symbols is decided once for the call, from the values of every argument
    that ``decides_kind`` (and the robot's parameters, when an argument is a ``Robot``;
    its own gravity, when ``gravity`` is None; a joint friction's coefficients, when it is
    an argument or the ``self`` of a method): symbols when any is a sympy object. The
    robot is checked first; messages name each argument as the function's signature does,
    which is what the user wrote. Angles
    (``Angle()``) that look like degrees give one ``DegreesWarning``, when the caller is
    the user's code (the library's own calls were checked at their door).

    >>> @arguments(a=Vector(2), frame=Frame())
    ... def show(a, frame="base"):
    ...     return a, frame
    >>> show([1, 2])
    (array([1., 2.]), 'base')
    >>> show([1, 2], "world")
    Traceback (most recent call last):
    ...
    ValueError: frame must be 'base' or 'tool'; got 'world'
    """
    def decorate(function):
        parameters = inspect.signature(function).parameters.values()
        if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.POSITIONAL_ONLY)
               for p in parameters):
            raise TypeError(f"arguments: {function.__name__} takes *args, **kwargs or "
                            "positional-only arguments, which it cannot name")
        names = [p.name for p in parameters]
        if set(rules) - set(names):
            raise TypeError(f"arguments: {function.__name__} has no argument "
                            f"{_listed(sorted(set(rules) - set(names)))}")
        positional = [p.name for p in parameters if p.kind == p.POSITIONAL_OR_KEYWORD]
        defaults = {p.name: p.default for p in parameters if p.default is not p.empty}
        chain = next((name for name, rule in rules.items() if isinstance(rule, Robot)), None)
        checked_names = [name for name in names if name in rules and name != chain]
        checks = [(name, rules[name].rule) for name in checked_names]
        deciding = names[:1] if names[:1] == ["self"] else []       # a method: its object
        deciding += [name for name in checked_names if rules[name].decides_kind]
        angles = [name for name in names if isinstance(rules.get(name), Angle)]

        def run(given, users_call):
            __tracebackhide__ = True
            try:
                _check_all(given)
            except (TypeError, ValueError) as error:    # the user's input, named: without
                error.__traceback__ = None              # the gate's inner frames, which a
                raise                                   # student would read for the cause
            if angles and users_call:
                named = [name for name in angles
                         if rules[name].when is None or rules[name].when(given)]
                if named:
                    _radians([given[name] for name in named],
                            named[0] if len(named) == 1 else f"({', '.join(named)})")
            return function(**given)

        def _check_all(given):
            call = _Call()
            call.given = given
            if chain is not None:
                call.robot = given[chain] = rules[chain](given[chain], chain, call)
                values = [_deciding(given[name], name) for name in deciding]
                if "gravity" in deciding and given["gravity"] is None:
                    values.append(call.robot.gravity)
                call.scalars = NUMBERS if rules[chain].numeric else exact_if(
                    call.robot.uses_symbols(*values,
                                            dynamics=rules[chain].reads_dynamics(given)))
            else:
                call.scalars = exact_if(is_symbolic(*(_deciding(given[name], name)
                                                      for name in deciding)))
            for name, rule in checks:
                given[name] = rule(given[name], name, call)

        known = frozenset(names)

        @functools.wraps(function)
        def checked(*args, **kwargs):
            __tracebackhide__ = True
            given = dict(zip(positional, args, strict=False))
            if len(args) > len(positional) or kwargs and (
                    not known.issuperset(kwargs) or not given.keys().isdisjoint(kwargs)):
                return function(*args, **kwargs)          # Python's own TypeError
            given.update(kwargs)
            if len(given) < len(names):
                for name in names:
                    if name not in given:
                        if name not in defaults:
                            return function(*args, **kwargs)  # missing: Python's TypeError
                        given[name] = defaults[name]
            users_call = bool(angles) and _outside(sys._getframe(1))
            if not _finite:
                return run(given, users_call)
            return _guarded(function, args, kwargs, run, given, users_call)
        checked.finite_result = _finite
        return checked
    return decorate


# --- results: nothing that is not finite leaves a public function ----------------------------

def finite_result(function):
    """Decorator for a public function that computes with numbers: a result that is not
    finite raises OverflowError.

    Every input has passed the checks above, so it is finite; a ``nan`` or ``inf`` in the
    result (or Python's OverflowError, or a division by a number that underflowed to zero)
    means that the numbers are too large or too small for floating point. The error says
    so, names the function and the range of the numbers it was given (``overflow_error``),
    instead of numpy's RuntimeWarning and a ``nan`` returned (numpy's warnings are
    silenced inside). When decorated functions call each other, the error names the one
    the user called. Symbolic results are exact and pass unchecked. ``arguments`` applies
    the same guard.

    >>> @finite_result
    ... def square(x):
    ...     return np.array([x]) ** 2
    >>> square(1e200)
    Traceback (most recent call last):
    ...
    OverflowError: square(...) overflows floating point: the result [inf] is not finite; ...
    """
    @functools.wraps(function)
    def checked(*args, **kwargs):
        __tracebackhide__ = True           # IPython and pytest show the function, not this frame
        return _guarded(function, args, kwargs, lambda: function(*args, **kwargs))
    checked.finite_result = True
    return checked


def _guarded(function, args, kwargs, run, *run_args):
    """``run(*run_args)`` under the finite-result guard of ``function`` called with
    ``args, kwargs``."""
    __tracebackhide__ = True
    try:
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            result = run(*run_args)
    except (OverflowError, ZeroDivisionError) as error:
        detail = getattr(error, "detail", None) or _in_words(error)   # a decorated callee's
        raise overflow_error(function, _arguments(function, args, kwargs),
                             detail) from error
    except ValueError as error:           # a value computed on the way is not finite?
        arguments = _arguments(function, args, kwargs)
        if not getattr(error, "not_finite", False) or not _finite(arguments):
            raise                                     # no: the caller's own bad input
        raise overflow_error(function, arguments, say(
            "a value computed on the way is not finite", "errors")) from None
    if not _finite(result):
        raise overflow_error(function, _arguments(function, args, kwargs), say(
            "the result {got} is not finite", "errors", got=_short(plain(result))))
    return result


def _in_words(error):
    """What Python's OverflowError or ZeroDivisionError ``error`` means, in words (Python
    says ``(34, 'Numerical result out of range')`` for ``1e200 ** 2``, ``float division by
    zero`` for a division by a number that underflowed to zero).

    >>> _in_words(OverflowError(34, 'Numerical result out of range'))
    'a number computed on the way is beyond the range of floating point (1.8e+308)'
    """
    if isinstance(error, OverflowError):
        return say("a number computed on the way is beyond the range of floating point "
                   "({largest})", "errors", largest=f"{sys.float_info.max:.2g}")
    return say("a division by zero on the way (a number too small for floating point became "
               "0)", "errors")


def _arguments(function, args, kwargs):
    try:
        return dict(inspect.signature(function).bind(*args, **kwargs).arguments)
    except (TypeError, ValueError):
        return {f"argument {k + 1}": value for k, value in enumerate(args)} | kwargs


def plain(value):
    """``value`` with its arrays (numpy's or sympy's) as lists and numpy's numbers as
    Python's, to show in a message.

    >>> plain(np.array([0.3, 1.0])), plain(sp.Matrix([1, 2])), plain(np.float64("inf"))
    ([0.3, 1.0], [1, 2], inf)
    """
    if isinstance(value, (np.ndarray, np.generic)):
        return value.tolist()
    if isinstance(value, sp.MatrixBase):
        return list(value)
    if isinstance(value, (list, tuple)):
        return [plain(entry) for entry in value]
    return value


def _finite(value):
    """False when a number in ``value`` is not finite: arrays, floats, sympy's nan and
    infinities, sequences, dicts and the public fields of a dataclass (its private ones,
    such as a recursion's trace, are intermediates of the public ones)."""
    if isinstance(value, np.ndarray):
        return value.dtype.kind not in "fc" or bool(np.isfinite(value).all())
    if isinstance(value, (float, complex)):
        return math.isfinite(abs(value))
    if isinstance(value, (list, tuple)):
        return all(_finite(entry) for entry in value)
    if isinstance(value, dict):
        return all(_finite(entry) for entry in value.values())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return all(_finite(getattr(value, f.name)) for f in dataclasses.fields(value)
                   if not f.name.startswith("_"))
    if isinstance(value, sp.Basic):
        return not (value.is_Atom and value in _SYMPY_INFINITIES)
    return True                                   # exact (int, sympy) or not a result of ours


def _magnitudes(value):
    """The sizes ``|x| > 0`` of the numbers in ``value`` (a robot: its parameters)."""
    if isinstance(value, Chain):
        value = [value.tool, value.gravity, *value.links]
    if isinstance(value, (bool, np.bool_, sp.Basic)):
        return []
    if isinstance(value, numbers.Integral) and abs(value) > sys.float_info.max:
        return [math.inf]
    if isinstance(value, numbers.Real):
        return [abs(float(value))] if value and math.isfinite(value) else []
    if isinstance(value, np.ndarray) and value.dtype.kind in "fiu":
        sizes = np.abs(value[np.isfinite(value)].astype(float))
        return sizes[sizes > 0].tolist()
    if isinstance(value, (list, tuple, np.ndarray)):
        return [size for entry in value for size in _magnitudes(entry)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [size for f in dataclasses.fields(value)
                for size in _magnitudes(getattr(value, f.name))]
    return []


def overflow_error(function, arguments, detail):
    """The OverflowError of a ``function`` (or its name) whose numeric result is not finite:
    ``detail`` says what went wrong, ``arguments`` (name -> value) give the range of the
    numbers it was given, named by argument (a robot: its parameters)."""
    sizes = {name: _magnitudes(value) for name, value in arguments.items() if name != "self"}
    sizes = {name: found for name, found in sizes.items() if found}
    if sizes:
        largest = max(sizes, key=lambda name: max(sizes[name]))
        smallest = min(sizes, key=lambda name: min(sizes[name]))
        if min(sizes[smallest]) < 1e-100:
            span = say("the numbers given range from {low} (in {smallest}) up to "
                       "{high} (in {largest})", "errors", low=f"{min(sizes[smallest]):.3g}",
                       smallest=smallest, high=f"{max(sizes[largest]):.3g}", largest=largest)
        else:
            span = say("the numbers given range up to {high} (in {largest})", "errors",
                       high=f"{max(sizes[largest]):.3g}", largest=largest)
    else:
        span = say("the numbers given are not large", "errors")
    name = function if isinstance(function, str) else function.__qualname__
    error = OverflowError(say("{function}(...) overflows floating point: {detail}; {span}. Use "
                              "smaller values or other units (or symbols).", "errors",
                              function=name, detail=detail, span=span))

    error.detail = detail
    return error
