"""robocourse.notation: results written as in the lecture (display only)."""

import subprocess
import sys

import IPython.display
import numpy as np
import sympy as sp

from robocourse.equivalence import identical
from robocourse.models import planar_2r, rp_arm
from robocourse.newton_euler import inverse_dynamics
from robocourse.notation import abbreviate, by_rates, latex, lecture_form, rounded, show, tidy
from robocourse.robot import joint_symbols

t1, t2, t3, d2, phi = sp.symbols("theta1 theta2 theta3 d2 phi")
l1, l2, m1, m2, g = sp.symbols("l1 l2 m1 m2 g")
s1, c1, s2, c2, s12, c12 = sp.symbols("s1 c1 s2 c2 s12 c12")


def test_abbreviate_names_sums_of_joint_angles_by_their_joint_numbers():
    expr = abbreviate(l1 * sp.cos(t2 + t1) + sp.sin(t1 + t2 + t3) + sp.cos(d2))
    assert expr == l1 * c12 + sp.Symbol("s123") + sp.Symbol("c2")
    assert sp.latex(expr).count("c_{12}") == 1


def test_abbreviate_knows_joint_variables_from_other_symbols_ending_in_digits():
    alpha1, l1_, I_zz1 = sp.symbols("alpha1 l1 I_zz1")
    s1_ = sp.Symbol("s1")
    assert abbreviate(sp.sin(alpha1) + sp.sin(t1)) == sp.sin(alpha1) + s1_     # not 2*s1
    assert abbreviate(sp.cos(l1_ + t2) + sp.sin(I_zz1)) == sp.cos(l1_ + t2) + sp.sin(I_zz1)
    w1 = sp.Symbol("thetadot1")
    assert abbreviate(sp.sin(w1)) == sp.sin(w1)                               # a rate, not an angle
    assert abbreviate(sp.cos(d2 + t1)) == sp.Symbol("c12")                    # prismatic d2 too


def test_abbreviate_leaves_other_angles_and_the_arrangement_alone():
    kept = [sp.sin(phi), sp.cos(2 * t1), sp.sin(t1 - t2), sp.cos(t1 + phi)]
    assert abbreviate(sp.Matrix(kept)) == sp.Matrix(kept)
    product = sp.cos(t1) * sp.cos(t2) - sp.sin(t1) * sp.sin(t2)
    assert abbreviate(product) == c1 * c2 - s1 * s2                      # not recombined


def test_the_abbreviations_are_display_only_symbols():
    shown = lecture_form(sp.sin(t1) ** 2 * l1 + sp.cos(t1))
    assert shown.free_symbols == {l1, s1, c1}
    assert t1 not in shown.free_symbols                                 # θ1 is gone ...
    assert sp.expand(s1**2 + c1**2 - 1) != 0                            # ... and so is s² + c² = 1


def test_lecture_form_of_the_2r_torque_is_the_lecture_s():
    arm = planar_2r()
    q, qd, qdd = joint_symbols(arm)
    (w1, w2), (a1, a2) = qd, qdd
    tau = lecture_form(inverse_dynamics(arm, q, qd, qdd))
    lecture = sp.Matrix([                                               # SYLLABUS 3.2
        m2 * l2**2 * (a1 + a2) + m2 * l1 * l2 * c2 * (2 * a1 + a2) + (m1 + m2) * l1**2 * a1
        - m2 * l1 * l2 * s2 * w2**2 - 2 * m2 * l1 * l2 * s2 * w1 * w2
        + m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1,
        m2 * l1 * l2 * c2 * a1 + m2 * l1 * l2 * s2 * w1**2 + m2 * l2 * g * c12
        + m2 * l2**2 * (a1 + a2)])
    assert not tau.has(sp.sin, sp.cos)
    assert (tau - lecture).applyfunc(sp.expand) == sp.zeros(2, 1)


def test_lecture_form_names_prismatic_joints_too():
    rp = rp_arm()
    q, qd, qdd = joint_symbols(rp)
    tau = lecture_form(inverse_dynamics(rp, q, qd, qdd))
    assert tau.free_symbols >= {c1, s1, d2}
    assert not tau.has(sp.sin, sp.cos)


def test_tidy_keeps_the_value_and_lecture_form_keeps_what_has_no_trig():
    messy = sp.Matrix([m1 * sp.sin(t2) ** 2 + m1 * sp.cos(t2) ** 2,
                       sp.sin(t1) * sp.cos(t2) + sp.cos(t1) * sp.sin(t2)])
    assert tidy(messy) == sp.Matrix([m1, sp.sin(t1 + t2)])
    assert identical(tidy(messy), messy)
    factored = (l1 + l2) ** 2
    assert lecture_form(factored) == factored                           # not expanded
    arranged = abbreviate(sp.collect(sp.expand((l1 + sp.cos(t1)) * (sp.sin(2 * t1) + g)), g))
    assert lecture_form(arranged) == arranged                           # sin 2θ1 stays too
    assert lecture_form(abbreviate(sp.cos(t1) * sp.cos(t2))) == c1 * c2


def test_by_rates_collects_by_accelerations_products_of_rates_and_g():
    arm = planar_2r()
    q, qd, qdd = joint_symbols(arm)
    tau1 = abbreviate(by_rates(tidy(inverse_dynamics(arm, q, qd, qdd)[1]), qdd, qd, [g],
                               factor=True))
    assert sp.collect(tau1, qdd[0], evaluate=False)[qdd[0]] == l2 * m2 * (l1 * c2 + l2)
    assert sp.collect(tau1, g, evaluate=False)[g] == l2 * m2 * c12


def test_show_writes_one_line_in_lecture_form(monkeypatch):
    shown = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    show(r"\tau", r"J^T F", l1 * sp.cos(t1) + l2 * sp.cos(t1 + t2))
    assert shown[0].data == r"\tau = J^T F = c_{1} l_{1} + c_{12} l_{2}"
    assert latex(r"\dot\theta_1") == r"\dot\theta_1"


def test_rounded_never_prints_minus_zero():
    values = rounded([-1e-9, -0.0, 2.0 / 3.0, -1.23456789], 4)
    assert values.tolist() == [0.0, 0.0, 0.6667, -1.2346]
    assert "-0" not in str(values) and "-0" not in str(rounded(-1e-12))
    assert np.signbit(rounded(-0.0)) == np.False_


def test_the_mathematics_never_imports_ipython():
    """Only ``notation.show`` (when called) and the widgets use IPython: importing any
    other module of the library — ``robocourse.simulate`` first — or notation itself
    must not load it (checked in a fresh interpreter)."""
    code = """
import importlib, pkgutil, sys
import robocourse
names = ["robocourse.simulate"] + sorted(
    f"robocourse.{m.name}" for m in pkgutil.iter_modules(robocourse.__path__)
    if m.name != "widgets")
for name in names:
    importlib.import_module(name)
    assert "IPython" not in sys.modules, f"importing {name} loaded IPython"
print(len(names))
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) > 15                      # every module was imported
