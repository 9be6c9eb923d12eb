"""models.puma560_d2: the PUMA 560 in the table that writes the shoulder offset as d2 (the
form Chinese textbooks print), against Craig's puma560(): the same columns but d, the same
frames but {2} (slid by d2 along axis 2, exactly, symbolically), the same centres of mass
and the same torques at random states; the inverse-kinematics equations in its names."""

import numpy as np
import sympy as sp
from hypothesis import given, settings
from strategies import joint_vectors

from robocourse import newton_euler
from robocourse.equivalence import assert_identical
from robocourse.frames import rotation, translation
from robocourse.kinematics import forward_kinematics, link_frames
from robocourse.models import puma560, puma560_d2
from robocourse.puma560 import inverse_transform_equation
from robocourse.robot import joint_symbols

CRAIG, OTHER = puma560(), puma560_d2()


def test_the_tables_differ_in_rows_2_and_3_of_the_d_column_only():
    for k, (craig, other) in enumerate(zip(CRAIG.links, OTHER.links, strict=True)):
        assert (craig.alpha, craig.a, craig.theta) == (other.alpha, other.a, other.theta)
        assert craig.d == other.d or k in (1, 2)
    assert [link.d for link in OTHER.links] == [0.0, 0.1501, 0.0, 0.4331, 0.0, 0.0]
    assert np.allclose(OTHER.links[1].r_c, CRAIG.links[1].r_c - [0, 0, 0.1501], atol=1e-15)
    assert np.array_equal(OTHER.links[1].I_c, CRAIG.links[1].I_c)


def test_frame_2_alone_moves_by_trans_z_d2_symbolically():
    q = joint_symbols(puma560(symbolic_lengths=True))[0]
    craig = link_frames(puma560(symbolic_lengths=True), q)
    other = link_frames(puma560_d2(symbolic_lengths=True), q)
    names = {sp.Symbol("d2"): sp.Symbol("d3")}
    for i in (0, 2, 3, 4, 5, 6):
        assert_identical(other[i].subs(names), craig[i], f"frame {i + 1}")
    slide = (craig[1].inv() @ other[1]).subs(names).applyfunc(sp.simplify)
    assert slide == sp.Matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, sp.Symbol("d3")],
                               [0, 0, 0, 1]])


@settings(max_examples=30, deadline=None, derandomize=True)
@given(q=joint_vectors(6, np.pi), qd=joint_vectors(6), qdd=joint_vectors(6))
def test_the_same_machine(q, qd, qdd):
    assert np.allclose(forward_kinematics(CRAIG, q), forward_kinematics(OTHER, q), atol=1e-12)
    ours, theirs = link_frames(CRAIG, q), link_frames(OTHER, q)
    for i in range(6):
        centres = [rotation(frames[i]) @ robot.links[i].r_c + translation(frames[i])
                   for frames, robot in ((ours, CRAIG), (theirs, OTHER))]
        assert np.allclose(*centres, atol=1e-12)
    assert np.allclose(newton_euler.inverse_dynamics(CRAIG, q, qd, qdd),
                       newton_euler.inverse_dynamics(OTHER, q, qd, qdd), atol=1e-10)


def test_the_theta1_equation_in_its_own_names():
    left, right = inverse_transform_equation(puma560_d2(symbolic_lengths=True), 1)
    t1 = sp.Symbol("theta1")
    px, py = sp.symbols("p_x p_y")
    assert_identical(left[1, 3] - right[1, 3], -sp.sin(t1) * px + sp.cos(t1) * py
                     - sp.Symbol("d2"), "theta1 equation")



def test_k_in_its_own_names():
    """The syllabus: the lecture writes the shoulder offset as d2. Squaring and adding the
    position entries of (0_T_1)⁻¹ 0_T_6 = 1_T_6 gives a3 c3 − d4 s3 = K with
    K = (px² + py² + pz² − a2² − a3² − d2² − d4²)/(2 a2)."""
    left, right = inverse_transform_equation(puma560_d2(symbolic_lengths=True), 1)
    a2, a3, d2, d4, t3 = sp.symbols("a2 a3 d2 d4 theta3")
    px, py, pz = sp.symbols("p_x p_y p_z")
    assert_identical(sum(left[i, 3] ** 2 for i in range(3)), px**2 + py**2 + pz**2, "left")
    assert_identical(sum(right[i, 3] ** 2 for i in range(3)),
                     a2**2 + a3**2 + d2**2 + d4**2
                     + 2 * a2 * (a3 * sp.cos(t3) - d4 * sp.sin(t3)), "right")
