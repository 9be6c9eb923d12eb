"""Craig's Newton–Euler recursion in component form: the engine of code generation.

The form of Khalil & Kleinfinger (1987), for code generation and for many states at
once. Each link carries its ten standard inertial parameters about its own frame
origin: the tensor ``J = C_I + m (r_cᵀ r_c 1 − r_c r_cᵀ)`` (parallel axis), the first
moments ``MS = m r_c`` and the mass ``m``; with ``U = [ω̇×] + [ω×][ω×]``,

  v̇_{i+1} = R (v̇_i + U_i P),   F = m v̇ + U MS,   N = J ω̇ + ω × (J ω) + MS × v̇,
  f_i = F_i + R f_{i+1},        n_i = N_i + R n_{i+1} + P × (R f_{i+1}),

which is Craig's recursion with the moments taken about the origin O_i instead of the
centre of mass (``n`` and ``f`` are the same). Every quantity is a 3-tuple of scalars —
sympy expressions, numbers, or numpy arrays of one value per state — and a product
with an exact 0 or ±1 (a zero parameter, a twist of 90°) is never formed. ``name`` is
called on each new vector: the identity for numbers; ``codegen`` gives every compound
entry a name, so the result is a straight-line program link by link.

This is the same recursion as ``newton_euler`` (the module to read: vectors and matrices,
Craig's equations one for one), written here for a machine: ``codegen`` runs it on
symbols to print a straight-line program (with a link's ten parameters, ``link_parameters``,
or any regrouped set in the same slots: the base parameters of chapter 7), and
``newton_euler.inverse_dynamics`` runs it on arrays, for a batch of states at once.
Nothing here checks its inputs: its callers have, at their gates (``_checks``).
"""

import math
import numbers
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse.inertia import parallel_axis_unchecked


def _is_number(x):
    return isinstance(x, numbers.Number)


def _zero(x):
    """Whether ``x`` is an exact zero (a number; an expression never is)."""
    return _is_number(x) and x == 0


def mul(a, b):
    """``a b``, skipping exact zeros and ±1."""
    for x, y in ((a, b), (b, a)):
        if _is_number(x):
            if x == 0:
                return 0
            if x == 1:
                return y
            if x == -1:
                return -y
    return a * b


def add(*terms):
    """``Σ terms``, skipping exact zeros."""
    kept = [t for t in terms if not _zero(t)]
    return sum(kept[1:], kept[0]) if kept else 0


def sub(a, b):
    return add(a, mul(-1, b))


def _plus(*vectors):
    return tuple(add(*entries) for entries in zip(*vectors, strict=True))


def _scaled(k, v):
    return tuple(mul(k, x) for x in v)


def _cross(a, b):
    return (sub(mul(a[1], b[2]), mul(a[2], b[1])),
            sub(mul(a[2], b[0]), mul(a[0], b[2])),
            sub(mul(a[0], b[1]), mul(a[1], b[0])))


def _symmetric_times(S, v):
    """``S v`` for a symmetric 3x3 ``S`` given by its entries ``(xx, xy, xz, yy, yz, zz)``."""
    xx, xy, xz, yy, yz, zz = S
    return (add(mul(xx, v[0]), mul(xy, v[1]), mul(xz, v[2])),
            add(mul(xy, v[0]), mul(yy, v[1]), mul(yz, v[2])),
            add(mul(xz, v[0]), mul(yz, v[1]), mul(zz, v[2])))


def constant_cos_sin(angle):
    """``(cos, sin)`` of a constant angle: exact 0 and ±1 for multiples of 90°."""
    angle = B.exact_angle(angle)
    if isinstance(angle, sp.Basic):
        cos, sin = sp.cos(angle), sp.sin(angle)
        if cos.is_Integer and sin.is_Integer:
            return int(cos), int(sin)
        if not (cos.free_symbols or sin.free_symbols):
            return float(cos), float(sin)
        return cos, sin
    return math.cos(angle), math.sin(angle)


@dataclass(frozen=True)
class Geometry:
    """Link i for the component recursion: joint type, ``cos, sin`` of the twist
    ``alpha_{i-1}``, the length ``a_{i-1}`` and the offsets ``d_i``, ``theta_i``."""

    revolute: bool
    ca: Any
    sa: Any
    a: Any
    d: Any
    theta: Any

    @classmethod
    def of(cls, link):
        ca, sa = constant_cos_sin(link.alpha)
        return cls(link.is_revolute, ca, sa, link.a, link.d, link.theta)

    def cos_sin(self, q, trig):
        """``(cos θ, sin θ)`` of the joint angle ``θ = theta + q`` (revolute) or ``theta``."""
        if not self.revolute:
            return constant_cos_sin(self.theta)
        return trig(q, self.theta)

    def position(self, q):
        """``i-1_P_i = [a, −sα d, cα d]`` with ``d = d_i (+ q)``: O_i in {i−1}."""
        d = self.d if self.revolute else add(self.d, q)
        return (self.a, mul(-self.sa, d), mul(self.ca, d))

    def down(self, v, c, s, name, label):
        """``i_R_{i-1} v = RotZ(θ)ᵀ RotX(α)ᵀ v``: a vector of {i−1} in the axes of {i}."""
        u = name((v[0], add(mul(self.ca, v[1]), mul(self.sa, v[2])),
                  sub(mul(self.ca, v[2]), mul(self.sa, v[1]))), label + "u")
        return name((add(mul(c, u[0]), mul(s, u[1])), sub(mul(c, u[1]), mul(s, u[0])),
                     u[2]), label)

    def up(self, v, c, s, name, label):
        """``i-1_R_i v = RotX(α) RotZ(θ) v``: a vector of {i} in the axes of {i−1}."""
        u = name((sub(mul(c, v[0]), mul(s, v[1])), add(mul(s, v[0]), mul(c, v[1])), v[2]),
                 label + "u")
        return name((u[0], sub(mul(self.ca, u[1]), mul(self.sa, u[2])),
                     add(mul(self.sa, u[1]), mul(self.ca, u[2]))), label)


def link_parameters(link):
    """The ten standard inertial parameters of ``link`` (of a chain the gate has checked for
    dynamics) about its frame origin, in {i}:
    ``(Jxx, Jxy, Jxz, Jyy, Jyz, Jzz, MSx, MSy, MSz, m)``, the entries of
    ``J = C_I + m (r_cᵀ r_c 1 − r_c r_cᵀ)`` (so a product of inertia enters with
    Craig's minus sign), the first moments ``MS = m r_c`` and the mass.

    >>> from robocourse.models import planar_2r
    >>> link_parameters(planar_2r().links[1])
    (0, 0, 0, l2**2*m2, 0, l2**2*m2, l2*m2, 0, 0, m2)
    """
    scalars = B.scalars_of(*link.parameters())
    J = parallel_axis_unchecked(link.I_c, link.mass, link.r_c)       # physical=False: as published
    first = scalars.convert(link.r_c) * link.mass
    entries = [J[0, 0], J[0, 1], J[0, 2], J[1, 1], J[1, 2], J[2, 2], *first, link.mass]
    return tuple(sp.expand(e) if scalars.exact else float(e) for e in entries)


class _U:
    """``U = [ω̇×] + [ω×][ω×]`` of one link, entry by entry on demand (named once)."""

    def __init__(self, w, wd, name, label):
        self.w, self.wd, self.name, self.label = w, wd, name, label
        self._products, self._entries = {}, {}

    def _product(self, i, j):
        if (i, j) not in self._products:
            value = mul(self.w[i], self.w[j])
            self._products[i, j] = self.name((value,), f"{self.label}w{'xyz'[i]}{'xyz'[j]}")[0]
        return self._products[i, j]

    def entry(self, i, j):
        if (i, j) not in self._entries:
            if i == j:
                a, b = (k for k in range(3) if k != i)
                value = mul(-1, add(self._product(a, a), self._product(b, b)))
            else:
                k = 3 - i - j                              # the third axis
                sign = 1 if (i, j) in ((1, 0), (0, 2), (2, 1)) else -1     # [ω̇×]_ij = ±ω̇_k
                value = add(self._product(min(i, j), max(i, j)), mul(sign, self.wd[k]))
            self._entries[i, j] = self.name((value,), f"{self.label}{'xyz'[i]}{'xyz'[j]}")[0]
        return self._entries[i, j]

    def _squares_apart(self, i, j):
        """``ω_i² − ω_j²``."""
        key = ("difference", i, j)
        if key not in self._entries:
            value = sub(self._product(i, i), self._product(j, j))
            self._entries[key] = self.name((value,), f"{self.label}w{'xyz'[i]}{'xyz'[j]}d")[0]
        return self._entries[key]

    def gyroscopic(self, J):
        """``ω × (J ω)`` for the symmetric ``J = (xx, xy, xz, yy, yz, zz)``, written in the
        products ``ω_i ω_j`` of U: ``x = J_xz ω_xω_y − J_xy ω_xω_z + (J_zz − J_yy) ω_yω_z
        + J_yz (ω_y² − ω_z²)`` and its cyclic shifts (a diagonal J costs one product per
        entry, none where two moments are equal). A round J (``_round``) gives
        ``(J_zz − J_xx) ω_z (ω_y, −ω_x, 0)``: three products where U has not yet formed
        ``ω_xω_z`` and ``ω_yω_z``."""
        xx, xy, xz, yy, yz, zz = J
        if _round(J) and not {(0, 2), (1, 2)} <= self._products.keys():
            k = self.name((mul(sub(zz, xx), self.w[2]),), f"{self.label}k")[0]
            return mul(k, self.w[1]), mul(-1, mul(k, self.w[0])), 0
        S = {(0, 0): xx, (0, 1): xy, (0, 2): xz, (1, 1): yy, (1, 2): yz, (2, 2): zz}

        def J_(i, j):
            return S[min(i, j), max(i, j)]

        result = []
        for i in range(3):
            j, k = (i + 1) % 3, (i + 2) % 3
            terms = [mul(J_(i, k), self._product(min(i, j), max(i, j))),
                     mul(-1, mul(J_(i, j), self._product(min(i, k), max(i, k)))),
                     mul(sub(J_(k, k), J_(j, j)), self._product(min(j, k), max(j, k)))]
            if not _zero(J_(j, k)):
                terms.append(mul(J_(j, k), self._squares_apart(j, k)))
            result.append(add(*terms))
        return tuple(result)

    def times(self, v):
        """``U v`` (only the columns of the nonzero entries of ``v`` are formed)."""
        return tuple(add(*(mul(self.entry(i, j), v[j]) for j in range(3)
                            if not _zero(v[j]))) for i in range(3))


def _round(J):
    """Whether ``J = (xx, xy, xz, yy, yz, zz)`` is diagonal with ``Jxx = Jyy`` (the same
    number or the same expression)."""
    xx, xy, xz, yy, yz, _ = J
    return _zero(xy) and _zero(xz) and _zero(yz) and xx == yy


def _round_about_its_axis(p):
    """Whether the parameters ``p`` of a link do not change when it turns about its z
    axis: ``J`` round (``_round``) and ``MS`` along z (a link of revolution, or one whose
    other parameters regroup into its neighbours' as a base set does)."""
    return _round(p[:6]) and _zero(p[6]) and _zero(p[7])


def _unnamed(value, label):
    return value


def _numeric_trig(q, offset):
    angle = q + offset
    return np.cos(angle), np.sin(angle)


def link_recursion(geometry, parameters, q, qd, qdd, gravity, *, load=None, tool=None,
                    load_in_base=False, name=_unnamed, trig=_numeric_trig):
    """The joint torques/forces, by the recursion about the link origins (above).

    ``geometry``: ``Geometry`` of links 1..n; ``parameters``: ten standard inertial
    parameters per link (``link_parameters``, or any regrouped set in the same
    slots); ``q, qd, qdd``: n scalars each (numbers, expressions, or arrays of one
    value per state); ``gravity``: 3 numbers in {0}. ``load``: ``(f, n)`` exerted by the
    tool on its environment, in the axes of {n} (of {0} with ``load_in_base``), with
    the tool origin at ``tool`` (3 numbers in {n}; None: no load). ``name(vector,
    label)`` returns the vector to use in its place; ``trig(q, offset)`` returns
    ``(cos, sin)`` of ``q + offset``.

    When the last link is round about its axis (``_round_about_its_axis``) and carries
    no load, its quantities are taken in the axes of {n} at θ_n = 0: its F and N do not
    change as it turns about z_n, nor does the joint's component along z_n, so the turn
    by θ_n (down for ω, ω̇, v̇; up for f and n) is never formed.
    """
    n = len(geometry)
    w = wd = (0, 0, 0)
    vd = tuple(mul(-1, g) for g in gravity)
    U = _U(w, wd, name, "U0")
    turns, forces = [], []
    for i, (link, p) in enumerate(zip(geometry, parameters, strict=True)):
        k = i + 1
        if k == n and load is None and _round_about_its_axis(p):
            c, s = 1, 0
        else:
            c, s = link.cos_sin(q[i], trig)
        turns.append((c, s))
        if load is not None and load_in_base:        # the load's axes follow the links
            load = tuple(link.down(v, c, s, name, f"{label}{k}")
                         for v, label in zip(load, ("fl", "nl"), strict=True))
        vd = link.down(name(_plus(vd, U.times(link.position(q[i]))), f"a{k}"), c, s, name,
                       f"vd{k}")
        w_turned = link.down(w, c, s, name, f"w{k}r")
        wd = link.down(wd, c, s, name, f"wd{k}r")
        if link.revolute:
            w = name((w_turned[0], w_turned[1], add(w_turned[2], qd[i])), f"w{k}")
            # (R ω) × q̇ z named: its products are U's ω_yω_z, ω_xω_z wherever R ω has no z
            spin = name(_cross(w_turned, (0, 0, qd[i])), f"wd{k}q")
            wd = name(_plus(wd, spin, (0, 0, qdd[i])), f"wd{k}")
        else:
            w = w_turned
            twice = name((mul(2, qd[i]),), f"qd{k}2")[0]
            vd = name(_plus(vd, (mul(w[1], twice), mul(-1, mul(w[0], twice)), qdd[i])),
                      f"vd{k}")
        U = _U(w, wd, name, f"U{k}")
        J, MS, m = p[:6], p[6:9], p[9]
        F = name(_plus(_scaled(m, vd), U.times(MS)), f"F{k}")
        N = name(_plus(_symmetric_times(J, wd), U.gyroscopic(J), _cross(MS, vd)), f"N{k}")
        forces.append((F, N))
    f, moment = (0, 0, 0), (0, 0, 0)
    if load is not None:
        f, moment = load[0], _plus(load[1], _cross(tool, load[0]))
    tau = [None] * n
    for i in reversed(range(n)):
        k = i + 1
        F, N = forces[i]
        if i + 1 < n:
            outer, (c, s) = geometry[i + 1], turns[i + 1]
            f_turned = outer.up(f, c, s, name, f"f{k + 1}r")
            n_turned = outer.up(moment, c, s, name, f"n{k + 1}r")
            P = outer.position(q[i + 1])
            moment = name(_plus(N, n_turned, _cross(P, f_turned)), f"n{k}")
            f = name(_plus(F, f_turned), f"f{k}")
        else:
            moment, f = name(_plus(N, moment), f"n{k}"), name(_plus(F, f), f"f{k}")
        tau[i] = moment[2] if geometry[i].revolute else f[2]
    return tau
