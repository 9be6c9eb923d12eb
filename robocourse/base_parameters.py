"""Base (minimal) parameters: what the joint torques can tell about the standard ones.

Not every standard parameter moves a joint, and some move the joints only together:
the columns of the regressor ``Y`` (``parameters.regressor``) are not independent. With
``r`` the rank of ``Y`` over all motions, there are ``r`` **base parameters**
``π_b = K π`` (``K`` is r x p) and ``τ = Y π = Y_b π_b``, where ``Y_b`` holds ``r``
independent columns of ``Y``: ``Y = Y_b K``. Each base parameter is one standard
parameter plus a combination of those whose columns depend on it; a standard
parameter whose column is zero has **no effect** and is in no base parameter.

Two ways to find them, which must agree:

* ``base_parameters_by_qr`` — numerically, as Gautier (1991) does: stack ``Y`` at many
  random states into ``W``; a QR decomposition with column pivoting,
  ``W P = Q [R1 R2; 0 0]``, gives the rank r (the non-zero diagonal of R) and an
  independent set of columns; the others are combinations of them, ``W_2 = W_1 β``
  (``β = R1⁻¹ R2``), so ``π_b = π_1 + β π_2``.
* ``base_parameters_by_regrouping`` — symbolically, by the rules of Khalil & Kleinfinger
  (1986) (Khalil & Dombre 2002, §9.3), applied from link n down to link 1:

  * **revolute joint j**: a body with the tensor ``diag(YY_j, YY_j, 0)``, the first moment
    ``[0, 0, MZ_j]`` and the mass ``M_j`` is symmetric about the joint axis, so turning the
    joint does not move it: it can ride on link j−1 instead. Moved there
    (``parameters.move_parameters`` with ``j-1_T_j``), it leaves ``XXR_j = XX_j − YY_j``
    and adds ``YY_j, MZ_j, M_j`` to the parameters of link j−1 (``XXR_{j−1}``, …, ``MR_{j−1}``);
  * **prismatic joint j**: the joint does not turn link j relative to link j−1, so its whole
    tensor ``J_j`` can ride on link j−1 (``J_{j−1} += R J_j Rᵀ``);
  * what reaches link 0 (the fixed base) moves nothing and disappears;
  * near the base, where every link turns about one fixed direction ``u`` (the links
    before the first revolute joint ``r2`` not parallel to the first one, ``r1``): of a
    tensor only ``uᵀ J u`` acts, and a first moment along ``u`` acts on no joint; links
    before ``r1`` do not turn at all; a prismatic joint along ``u`` carries its first
    moments across ``u`` like link j−1 does; and with a fixed first axis along gravity
    (or no gravity) the first moments of link 1 act on nothing.

  These particular rules need the directions involved to be along link axes (twists and
  offsets of prismatic joints multiples of 90°, as in every arm of the course).

Friction parameters, one ``FV_j`` and one ``FC_j`` per joint, are all base parameters.
The armature ``IA_j`` of a joint (``parameters``, ``motors``) acts at joint j alone, with
the column ``q̈_j`` in row j. For the first revolute joint r1 (every joint before it
prismatic) that is also the column of ``ZZ_r1``: the link turns about its own fixed Z axis,
so ``IA_r1`` regroups into ``ZZR_r1`` (Khalil & Dombre 2002, §9.3); so does ``IA_r2`` into
``ZZR_r2`` when axis r2 is perpendicular to axis r1 (the PUMA's joint 2: ``ω_r2`` has no
component along Z_r2 but ``q̇_r2``, and ``ZZ_r2``'s moment has none along axis r1). Every
other joint's armature is a base parameter of its own; for a prismatic joint before r2 the
rules are not written (its column can combine with the mass columns): use QR.
A base parameter is named after the standard parameter it keeps, with an ``R`` when
others are grouped into it (``ZZR1``, ``MXR2``).
"""

import numbers
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import scipy.linalg
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.closed_form import exact_arm
from robocourse.frames import rotation_unchecked as rotation
from robocourse.frames import translation_unchecked as translation
from robocourse.language import phrase, say
from robocourse.parameters import (
    ARMATURE_NAME,
    PARAMETER_NAMES,
    PER_LINK,
    inverse_dynamics,
    move_parameters,
    parameter_symbols,
    regressor,
    standard_parameters,
)
from robocourse.robot import SerialChain, joint_symbols_unchecked

__all__ = ["BaseParameters", "base_parameters_by_qr", "base_parameters_by_regrouping",
           "base_regressor", "base_model", "base_parameter_table", "random_states"]

_XX, _XY, _XZ, _YY, _YZ, _ZZ, _MX, _MY, _MZ, _M = range(PER_LINK)
_TENSOR_ENTRY = {(0, 0): _XX, (1, 1): _YY, (2, 2): _ZZ}


def _symbol_values(value, name, call):
    """The rule of ``values`` of ``numeric_K``: None, or a dict from symbols to numbers."""
    if value is not None and not isinstance(value, dict):
        raise TypeError(say("values must be None or a dict from the robot's symbols to "
                            "numbers (such as {{l1: 0.5}}); got {values}", "errors",
                            values=check.shown(value)))
    return value


@dataclass(frozen=True)
class BaseParameters:
    """The base parameters of a robot: ``π_b = K π``, ``τ = Y_b π_b``.

    ``symbols``: the standard parameters (``parameters.parameter_symbols``);
    ``kept``: for each base parameter, the index in π of the standard parameter it keeps
    (``K[:, kept]`` is the identity); ``K``: the r x p matrix (floats for ``"qr"``, sympy
    for ``"regrouping"``, possibly with the robot's symbols); ``no_effect``: the indices
    of the standard parameters that move no joint; ``method``: how they were found.
    """

    symbols: Any
    kept: tuple
    K: Any
    no_effect: tuple
    method: str

    @property
    def count(self):
        """The number of base parameters, r."""
        return len(self.kept)

    @property
    def links(self):
        """The number of links of the robot."""
        return sum(1 for s in self.symbols if str(s).startswith(PARAMETER_NAMES[0]))

    @property
    def armature(self):
        """True when the armature parameters (``IA1`` …) are included."""
        return any(str(s).startswith(ARMATURE_NAME) for s in self.symbols)

    @property
    def friction(self):
        """True when the friction parameters are included."""
        return str(self.symbols[-1]).startswith("FC")

    @property
    def names(self):
        """The names of the base parameters: ``ZZR1`` for ZZ1 with others grouped in."""
        names = []
        for row, k in enumerate(self.kept):
            name = str(self.symbols[k])
            grouped = any(self.K[row, c] != 0 for c in range(self.K.shape[1]) if c != k)
            split = len(name.rstrip("0123456789"))
            names.append(name[:split] + "R" + name[split:] if grouped else name)
        return tuple(names)

    @property
    def expressions(self):
        """``π_b`` as combinations of the standard parameter symbols (a sympy column)."""
        K = sp.Matrix(self.K) if self.method == "regrouping" else sp.Matrix(
            np.round(self.K, 12).tolist()).applyfunc(sp.nsimplify)
        return K @ self.symbols

    @check.arguments(pi=check.Vector(lambda given: len(given["self"].symbols),
                                     phrase("one per standard parameter", "errors")))
    def values(self, pi):
        """``π_b = K π`` for a standard parameter vector ``pi``."""
        K = self.K if B.is_symbolic(pi) or self.method == "qr" else _float_matrix(self.K, "K")
        return (sp.Matrix(K) if B.is_symbolic(pi) else np.asarray(K, dtype=float)) @ pi

    @check.arguments(pi_b=check.Vector(lambda given: given["self"].count,
                                       phrase("one per base parameter", "errors")))
    def standard(self, pi_b):
        """The standard vector with ``pi_b`` at the kept places and zeros elsewhere: the
        parameters of a (virtual) robot whose torques are ``Y_b π_b``."""
        values = [0] * len(self.symbols)
        for k, value in zip(self.kept, pi_b, strict=True):
            values[k] = value
        return B.scalars_of(pi_b).vector(values)

    @check.arguments(values=check.Argument(_symbol_values, "None or a dict",
                                           decides_kind=False))
    def numeric_K(self, values=None):
        """``K`` as floats; ``values`` maps the robot's own symbols (``l1``, …) to numbers."""
        K = sp.Matrix(self.K).subs(values or {}) if self.method == "regrouping" else self.K
        return _float_matrix(K, say("K (give numbers for its symbols in values)", "errors"))


def _float_matrix(K, name):
    try:
        return np.array(K.tolist() if isinstance(K, sp.MatrixBase) else K, dtype=float)
    except TypeError:
        raise ValueError(say("{name} has symbols: {symbols}", "errors", name=name,
                             symbols=sorted(map(str, sp.Matrix(K).free_symbols)))) from None


# --- numerically: QR with column pivoting ------------------------------------------------

@check.arguments(robot=check.Robot(), count=check.Count(1, check.MAX_COUNT), seed=check.Count(0))
def random_states(robot, count, seed=0):
    """``count`` random joint states ``(q, q̇, q̈)``, each an (count, n) array: revolute
    angles in [−π, π], prismatic positions in [−1, 1] m, rates and accelerations in [−2, 2].

    >>> from robocourse.models import planar_2r
    >>> q, qd, qdd = random_states(planar_2r(l1=0.5, l2=0.4), 3)
    >>> q.shape, bool(np.abs(qd).max() <= 2)
    ((3, 2), True)
    """
    rng = np.random.default_rng(seed)
    span = np.array([np.pi if link.is_revolute else 1.0 for link in robot.links])
    q = rng.uniform(-1, 1, (count, robot.n)) * span
    return q, rng.uniform(-2, 2, (count, robot.n)), rng.uniform(-2, 2, (count, robot.n))


_random_states = random_states.__wrapped__


def _stacked(robot, states, friction, armature):
    """``W``: the regressor at each state of ``states = (q, q̇, q̈)`` ((N, n) arrays), stacked
    state after state into an (N n) x p array."""
    q, qd, qdd = states
    return np.vstack([regressor(robot, q[k], qd[k], qdd[k], friction=friction,
                                armature=armature)
                      for k in range(len(q))])


def _states(value, name, call):
    """The rule of ``states``: None, or ``(q, q̇, q̈)``, three (N, n) batches of the same N."""
    if value is None:
        return None
    n = call.robot.n
    if not isinstance(value, (tuple, list)) or len(value) != 3:
        raise TypeError(say("states must be a triple (q, qd, qdd) of (N, {n}) arrays, as "
                            "random_states gives; got {states}", "errors", n=n,
                            states=check.shown(value)))
    checked = [_BATCH.of(part, f"{name}[{k}] ({part_name})", robot=call.robot)
               for k, (part, part_name) in enumerate(zip(value, ("q", "qd", "qdd"),
                                                          strict=True))]
    if len({len(part) for part in checked}) != 1:
        raise ValueError(say("states must have the same number of rows in q, qd and qdd; got "
                             "{rows}", "errors", rows=[len(part) for part in checked]))
    return checked


def _keep(value, name, call):
    """The rule of ``keep``: None, or a sequence of parameter indices or names."""
    if value is not None and (isinstance(value, (str, bool))
                              or not isinstance(value, (list, tuple, np.ndarray))):
        raise TypeError(say("keep must be None or a sequence of parameter indices or names "
                            "(such as ['ZZ1', 'MX2']); got {keep}", "errors",
                            keep=check.shown(value)))
    return value


_BATCH = check.States()


@check.arguments(robot=check.Robot(), friction=check.Flag(), armature=check.Flag(),
                 states=check.Argument(_states, "states (q, qd, qdd)", decides_kind=False),
                 seed=check.Count(0), keep=check.Argument(_keep, "keep", decides_kind=False))
def base_parameters_by_qr(robot, *, friction=False, armature=False, states=None, seed=0,
                          keep=None):
    """The base parameters of a numeric ``robot`` from the rank of its stacked regressor.

    ``W`` stacks ``Y`` at ``states`` (default: ``random_states(robot, 4 p / n + 10, seed)``).
    Columns of zero norm have no effect. On the others, a QR decomposition with column
    pivoting (``scipy.linalg.qr``) picks an independent set (Gautier's method); with
    ``keep`` (indices in π, or names such as ``"ZZ1"``) the columns are taken in that order
    first, then in their own order, and QR without pivoting keeps every column that is
    independent of those before it. The other columns are then written as combinations
    of the kept ones, ``W_2 = W_1 β`` (least squares, exact to round-off), and
    ``π_b = π_1 + β π_2``. Decisions are relative to round-off (``_checks.ROUND_OFF``).
    ``friction``, ``armature``: with the drive parameters (``parameters.parameter_symbols``).

    >>> from robocourse.models import planar_2r
    >>> base = base_parameters_by_qr(planar_2r(l1=0.5, l2=0.4, g=9.81))
    >>> base.count, len(base.no_effect)
    (6, 13)
    """
    if robot.uses_symbols(dynamics=False) or B.is_symbolic(robot.gravity):
        raise ValueError(say("robot must have numeric lengths, angles and gravity for "
                             "base_parameters_by_qr; {robot} has symbols (use "
                             "base_parameters_by_regrouping, or give numbers)", "errors",
                             robot=repr(robot.name)))
    symbols = parameter_symbols.__wrapped__(robot, friction, armature)
    p = len(symbols)
    if states is None:
        states = _random_states(robot, 4 * p // robot.n + 10, seed)
    W = _stacked(robot, states, friction, armature)
    if len(W) < p:
        raise ValueError(say("states must give at least {p} rows (one per parameter); got "
                             "{rows}", "errors", p=p, rows=len(W)))
    norms = np.linalg.norm(W, axis=0)
    no_effect = [k for k in range(p) if norms[k] <= check.ROUND_OFF * norms.max()]
    acting = [k for k in range(p) if k not in no_effect]
    if keep is None:
        _, R, pivots = scipy.linalg.qr(W[:, acting], mode="economic", pivoting=True)
        rank = int(np.sum(np.abs(np.diag(R)) > check.ROUND_OFF * abs(R[0, 0])))
        kept = sorted(acting[k] for k in pivots[:rank])
    else:
        order = [_index(k, symbols) for k in keep]
        order += [k for k in acting if k not in order]
        order = [k for k in order if k in acting]
        R = np.linalg.qr(W[:, order], mode="r")
        scale = np.abs(np.diag(R)).max()
        kept = sorted(k for k, r in zip(order, np.diag(R), strict=True)
                      if abs(r) > check.ROUND_OFF * scale)
    dependent = [k for k in acting if k not in kept]
    K = np.zeros((len(kept), p))
    K[:, kept] = np.eye(len(kept))
    if dependent:
        beta = np.linalg.lstsq(W[:, kept], W[:, dependent], rcond=None)[0]
        beta[np.abs(beta) < check.ROUND_OFF * max(1.0, np.abs(beta).max())] = 0.0
        K[:, dependent] = beta
    return BaseParameters(symbols, tuple(kept), K, tuple(no_effect), "qr")


def _index(k, symbols):
    """An entry of ``keep``: a parameter's name, or its index in π (from 0)."""
    names = [str(s) for s in symbols]
    if isinstance(k, str):
        if k not in names:
            raise ValueError(say("keep names a parameter that the robot does not have: {k}",
                                 "errors", k=repr(k)))
        return names.index(k)
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, numbers.Integral) or \
            not 0 <= k < len(names):
        raise ValueError(say("keep entries must be parameter names (such as {name}) or "
                             "indices in π from 0 to {last}; got {k}", "errors",
                             name=repr(names[-1]),
                             last=len(names) - 1, k=check.shown(k)))
    return int(k)


# --- symbolically: the regrouping rules --------------------------------------------------

@check.arguments(robot=check.Robot(), friction=check.Flag(), armature=check.Flag())
def base_parameters_by_regrouping(robot, *, friction=False, armature=False):
    """The base parameters of ``robot`` by the regrouping rules (module docstring), with
    the drive parameters (armature, friction) when asked for.

    Floats in the robot's geometry are used exactly (``closed_form.exact_arm``), so the
    combinations come out as fractions (or in the robot's symbols).

    The 2R arm: six base parameters, two of them regrouped:

    >>> from robocourse.models import planar_2r
    >>> base = base_parameters_by_regrouping(planar_2r())
    >>> base.names
    ('ZZR1', 'MXR1', 'MY1', 'ZZ2', 'MX2', 'MY2')
    >>> base.expressions.T
    Matrix([[M2*l1**2 + ZZ1, M2*l1 + MX1, MY1, ZZ2, MX2, MY2]])

    With the motors' armature, joint 1's regroups into ZZR1, joint 2's stays apart:

    >>> base_parameters_by_regrouping(planar_2r(), armature=True).expressions.T
    Matrix([[IA1 + M2*l1**2 + ZZ1, M2*l1 + MX1, MY1, ZZ2, MX2, MY2, IA2]])
    """
    robot = _exact_geometry(robot)
    symbols = parameter_symbols.__wrapped__(robot, friction, armature)
    grouped = [list(symbols[PER_LINK * j:PER_LINK * (j + 1)]) for j in range(robot.n)]
    for j in reversed(range(robot.n)):
        moved = _general_rule(robot.links[j], grouped[j])
        if j > 0:
            grouped[j - 1] = [a + b for a, b in zip(grouped[j - 1], moved, strict=True)]
    _particular_rules(robot, grouped)
    entries = [sp.expand(value) for link in grouped for value in link]
    entries += list(symbols[PER_LINK * robot.n:])                  # drive parameters
    if armature:
        _armature_rule(robot, entries)
    kept = tuple(k for k, value in enumerate(entries) if value != 0)
    K = sp.Matrix([[sp.diff(entries[k], s) for s in symbols] for k in kept])
    acting = {c for c in range(len(symbols)) if any(K[r, c] != 0 for r in range(K.rows))}
    no_effect = tuple(c for c in range(len(symbols)) if c not in acting)
    return BaseParameters(symbols, kept, K, no_effect, "regrouping")


_by_regrouping = base_parameters_by_regrouping.__wrapped__


def _armature_rule(robot, entries):
    """Regroup into ``ZZR_j`` the armature ``IA_j`` of the joints whose column is ZZ_j's,
    ``q̈_j`` in row j alone: the first revolute joint r1, and the first one not parallel to
    it, r2, when it is perpendicular to it. ``entries``: the regrouped parameters, then the
    drive parameters (changed in place)."""
    n = robot.n
    revolute = [j for j, link in enumerate(robot.links) if link.is_revolute]
    first = revolute[0] if revolute else n
    near_base = set(range(first)) | set(_axes_before_r2(robot, first) if revolute else ())
    sliding = [j + 1 for j in sorted(near_base) if not robot.links[j].is_revolute]
    if sliding:
        raise ValueError(say("armature cannot be regrouped by rules for {robot}: its prismatic "
                             "joints {sliding} lie before the first revolute joint not parallel "
                             "to the first, where a prismatic joint's armature column can "
                             "combine with the mass columns; use "
                             "base_parameters_by_qr(robot, armature=True)", "errors",
                             robot=repr(robot.name), sliding=str(sliding)))
    joints = [first]
    second = next((j for j in revolute if j not in _axes_before_r2(robot, first)), None)
    if second is not None and sp.simplify(_first_axis_in(robot, first, second)[2]) == 0:
        joints.append(second)
    for j in joints:
        entries[PER_LINK * j + _ZZ] += entries[PER_LINK * n + j]
        entries[PER_LINK * n + j] = 0


def _first_axis_in(robot, first, j):
    """The axis of joint ``first`` written in {j} (it keeps its direction in the frames of
    the links before r2, which turn about it or slide)."""
    u = sp.Matrix([0, 0, 1])
    for link in robot.links[first + 1:j + 1]:
        u = rotation(link.transform_unchecked(sp.Integer(0))).T @ u
    return u


def _exact_geometry(robot):
    """``robot`` without mass properties (the rules need none), its floats made exact."""
    bare = [replace(link, mass=None, r_c=None, I_c=None) for link in robot.links]
    return exact_arm.__wrapped__(SerialChain(bare, tool=robot.tool, gravity=robot.gravity,
                                             name=robot.name))


def _general_rule(link, values):
    """Strip from ``values`` (link j's current parameters, changed in place) what can ride
    on link j−1; return it as parameters of link j−1 (in {j−1})."""
    T = link.transform_unchecked(sp.Integer(0))
    R, p = rotation(T), translation(T)
    if link.is_revolute:
        YY, MZ, M = values[_YY], values[_MZ], values[_M]
        part = [YY, 0, 0, YY, 0, 0, 0, 0, MZ, M]
        values[_XX] = values[_XX] - YY
        values[_YY] = values[_MZ] = values[_M] = 0
    else:
        part = values[:6] + [0, 0, 0, 0]
        values[:6] = [0] * 6
    return list(move_parameters.__wrapped__(B.SYMBOLS.vector(part), R, p))


def _particular_rules(robot, grouped):
    """Set to zero, or move, what acts on no joint near the base (module docstring)."""
    revolute = [j for j, link in enumerate(robot.links) if link.is_revolute]
    first = revolute[0] if revolute else robot.n
    for j in range(first):                            # before the first revolute joint
        grouped[j][_MX] = grouped[j][_MY] = grouped[j][_MZ] = 0
    if not revolute:
        return
    axes = _axes_before_r2(robot, first)              # {j: the axis of {j} along u}
    for j in sorted(axes, reverse=True):              # sliding along u: MX, MY ride on j−1
        link = robot.links[j]
        if not link.is_revolute and axes[j] == 2 and j > 0:
            _carry_first_moments(link, grouped, j)
        if not link.is_revolute and j < max(axes):    # and a tensor they bring rides on too
            moved = _general_rule(link, grouped[j])
            if j > 0:
                grouped[j - 1] = [a + b for a, b in zip(grouped[j - 1], moved, strict=True)]
    for j, axis in axes.items():
        if robot.links[j].is_revolute:
            for k in (_XX, _XY, _XZ, _YY, _YZ):       # only ZZ acts
                grouped[j][k] = 0
        grouped[j][_MX + axis] = 0                    # a first moment along u acts on no joint
    if first == 0 and _along_axis_1(robot):          # origins on a fixed vertical axis,
        along, fixed = _still_origins(robot, axes)    # or fixed points without gravity:
        weightless = all(sp.simplify(g) == 0 for g in robot.gravity)
        for j in sorted(set(along) | (set(fixed) if weightless else set())):
            grouped[j][_MX] = grouped[j][_MY] = grouped[j][_MZ] = 0   # first moments act not


def _axes_before_r2(robot, first):
    """For the links from the first revolute joint up to (not including) the first revolute
    joint not parallel to it: the axis (0, 1, 2) of each link frame along that first axis."""
    u = sp.Matrix([0, 0, 1])                          # the first revolute axis, in {j}
    axes = {}
    for j in range(first, robot.n):
        link = robot.links[j]
        if j > first:
            u = rotation(link.transform_unchecked(sp.Integer(0))).T @ u
            if link.is_revolute and (sp.simplify(u[0]) != 0 or sp.simplify(u[1]) != 0):
                break                                 # r2: the first axis not parallel to u
        axes[j] = _axis(u, robot, j)
    return axes


def _axis(u, robot, j):
    """The axis (0, 1, 2) of {j} along which ``u`` lies; ValueError if none."""
    for k in range(3):
        if all(sp.simplify(u[m]) == 0 for m in range(3) if m != k):
            return k
    raise ValueError(say("base_parameters_by_regrouping needs the first joint axis to lie "
                         "along an axis of every link frame before the first non-parallel "
                         "revolute joint; link {link} of {robot} is turned to it by {u}",
                         "errors", link=j + 1, robot=repr(robot.name), u=check.plain(u)))


def _carry_first_moments(link, grouped, j):
    """Move the first moments MX_j, MY_j of a link that slides along ``u`` onto link j−1."""
    part = [0] * 6 + [grouped[j][_MX], grouped[j][_MY], 0, 0]
    T = link.transform_unchecked(sp.Integer(0))
    moved = move_parameters.__wrapped__(B.SYMBOLS.vector(part), rotation(T), translation(T))
    grouped[j - 1] = [a + b for a, b in zip(grouped[j - 1], moved, strict=True)]
    grouped[j][_MX] = grouped[j][_MY] = 0


def _still_origins(robot, axes):
    """``(along, fixed)``: the links (from 0) whose frame origin stays on the axis of joint 1
    while they turn about it or slide along it, and those whose origin never moves at all
    (link 1's; a link turning about a fixed point: its origin on the axis before it, or on
    the origin before it)."""
    along, fixed = [0], [0]
    for j in range(1, robot.n):
        link = robot.links[j]
        p = translation(link.transform_unchecked(sp.Integer(0)))          # O_j in {j−1}
        u = sp.Matrix([1 if k == axes.get(j - 1) else 0 for k in range(3)])
        on_axis = j - 1 in axes and all(sp.simplify(e) == 0 for e in p.cross(u))
        if not (j - 1 in along or j - 1 in fixed):
            break
        if j in axes and j - 1 in along and on_axis and (link.is_revolute or axes[j] == 2):
            along.append(j)
        if link.is_revolute and j - 1 in fixed and (
                on_axis or all(sp.simplify(e) == 0 for e in p)):
            fixed.append(j)
    return along, fixed


def _along_axis_1(robot):
    """True when gravity is zero or along the first joint axis (Z1 in {0})."""
    z1 = rotation(robot.links[0].transform_unchecked(sp.Integer(0)))[:, 2]
    g = sp.Matrix(robot.gravity)
    return all(sp.simplify(entry) == 0 for entry in g.cross(z1))


# --- the base model ------------------------------------------------------------------------

_BASE = check.Instance(BaseParameters)


@check.arguments(robot=check.Robot(), base=_BASE)
def base_regressor(robot, base, q, qd, qdd):
    """``Y_b``: the columns of the regressor kept by ``base`` (n x r); ``τ = Y_b π_b``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=0.5, l2=0.4, g=9.81)
    >>> base_regressor(arm, base_parameters_by_qr(arm), [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]).shape
    (2, 6)
    """
    Y = regressor(robot, q, qd, qdd, friction=base.friction, armature=base.armature)
    if Y.shape[1] != len(base.symbols):
        raise ValueError(say("base belongs to a robot with {count} standard parameters; "
                             "robot has {got}", "errors", count=len(base.symbols),
                             got=Y.shape[1]))
    return Y[:, list(base.kept)]


@check.arguments(_finite=False, robot=check.Robot(dynamics=True), base=check.Optional(_BASE))
def base_model(robot, base=None):
    """The inverse dynamics of a numeric ``robot`` written with its base parameters:
    ``τ = Y_b(q, q̇, q̈) π_b`` as sympy expressions of ``joint_symbols(robot)``, with the
    numbers ``π_b = K π`` folded in.

    Computed as Newton–Euler in the link-origin parameters of a virtual robot whose
    parameters are ``π_b`` at the kept places and zero elsewhere
    (``BaseParameters.standard``): every zero drops terms, so the model costs fewer
    operations than the standard one. ``base``: default
    ``base_parameters_by_regrouping(robot)``. Compile it with ``codegen.NumericFunction``;
    ``codegen.CompiledDynamics(robot, parameters=base_parameter_table(robot, base))``
    generates the same model by codegen's own recursion (fewer operations still).

    >>> from robocourse.models import planar_2r
    >>> from robocourse.robot import joint_symbols
    >>> arm = planar_2r(l1=0.5, l2=0.4, m1=1.0, m2=1.0, g=9.81)
    >>> q, qd, qdd = joint_symbols(arm)
    >>> tau = base_model(arm)
    >>> values = {**dict(zip(q, [0.0, 0.0])), **dict(zip(qd, [0, 0])), **dict(zip(qdd, [0, 0]))}
    >>> [round(float(t.subs(values)), 6) for t in tau]          # hold the arm level
    [13.734, 3.924]
    """
    if robot.uses_symbols(dynamics=True):
        raise ValueError(say("robot must have numeric parameters for {function}; {robot} "
                             "has symbols", "errors", function="base_model",
                             robot=repr(robot.name)))
    base = _by_regrouping(robot) if base is None else base
    if base.friction or base.armature:
        raise ValueError(say("base must be without friction and armature for base_model (the "
                             "robot has no drive parameters)", "errors"))
    pi_b = base.values(standard_parameters(robot))
    q, qd, qdd = joint_symbols_unchecked(robot)
    return inverse_dynamics(robot, q, qd, qdd, parameters=base.standard(list(pi_b)))


@check.arguments(robot=check.Robot(dynamics=True), base=check.Optional(_BASE))
def base_parameter_table(robot, base=None):
    """The (n, 10) table of a virtual robot with the base parameters of the numeric
    ``robot``: ``π_b = K π`` at the kept places, zero elsewhere (``BaseParameters.standard``),
    one row per link in the order of ``parameters.PARAMETER_NAMES``.

    It is what ``codegen.CompiledDynamics(robot, parameters=table)`` compiles and
    ``codegen.operation_count(robot, table)`` counts: the base model as generated code.
    ``base``: default ``base_parameters_by_regrouping(robot)`` (without friction).

    >>> from robocourse.models import planar_2r
    >>> base_parameter_table(planar_2r(l1=0.5, l2=0.4, m1=2.0, m2=1.0, g=9.81))[0]
    array([0.  , 0.  , 0.  , 0.  , 0.  , 0.75, 1.5 , 0.  , 0.  , 0.  ])
    """
    if robot.uses_symbols(dynamics=True):
        raise ValueError(say("robot must have numeric parameters for {function}; {robot} "
                             "has symbols", "errors", function="base_parameter_table",
                             robot=repr(robot.name)))
    base = _by_regrouping(robot) if base is None else base
    if base.friction or len(base.symbols) != PER_LINK * robot.n:
        raise ValueError(say("base must hold the {count} inertial parameters of {robot} "
                             "without friction; got {got}", "errors", count=PER_LINK * robot.n,
                             robot=repr(robot.name), got=len(base.symbols)))
    pi_b = base.values(standard_parameters.__wrapped__(robot))
    return np.asarray(base.standard(list(pi_b)), dtype=float).reshape(robot.n, PER_LINK)
