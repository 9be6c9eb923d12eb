"""kinematics.link_frames_many and centres_of_mass_many: the vectorised forward kinematics
equals link_frames configuration by configuration, the centres of mass give the potential
energy of lagrange, and bad input names the argument."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import chains

from robocourse.kinematics import centres_of_mass_many, link_frames, link_frames_many
from robocourse.lagrange import potential_energy
from robocourse.models import planar_2r, puma560, rp_arm
from robocourse.robot import Link, SerialChain

ARM = planar_2r(l1=0.7, l2=0.4, m1=1.0, m2=2.0, g=9.81)


@given(chains(with_mass=False), st.integers(1, 5), st.integers(0, 2**31 - 1))
def test_every_row_is_link_frames_of_that_configuration(robot, count, seed):
    q = np.random.default_rng(seed).uniform(-2, 2, size=(count, robot.n))
    frames = link_frames_many(robot, q)
    assert frames.shape == (count, robot.n + 1, 4, 4)
    for row, expected in zip(frames, q, strict=True):
        assert np.allclose(row, np.array(link_frames(robot, expected), dtype=float))


def test_2r_tips_are_the_closed_form():
    q = np.random.default_rng(1).uniform(-3, 3, size=(50, 2))
    tips = link_frames_many(ARM, q)[:, -1, :2, 3]
    assert np.allclose(tips, np.column_stack([
        0.7 * np.cos(q[:, 0]) + 0.4 * np.cos(q.sum(axis=1)),
        0.7 * np.sin(q[:, 0]) + 0.4 * np.sin(q.sum(axis=1))]))


@given(chains(), st.integers(0, 2**31 - 1))
def test_centres_of_mass_give_the_potential_energy(robot, seed):
    q = np.random.default_rng(seed).uniform(-2, 2, size=(3, robot.n))
    centres = centres_of_mass_many(robot, q)                    # (3, n, 3)
    masses = np.array([float(link.mass) for link in robot.links])
    g = np.asarray(robot.gravity, dtype=float)
    for row, configuration in zip(centres, q, strict=True):     # U = −Σ m_i gᵀ 0_P_Ci
        assert np.isclose(-masses @ (row @ g), potential_energy(robot, configuration))


def test_the_slide_of_the_rp_arm_is_d2_along_the_arm():
    rp = rp_arm(l1=0.5, m1=2.0, m2=1.0, Ixx1=0.1, Iyy1=0.1, Izz1=0.1, Ixx2=0.1, Iyy2=0.1,
                Izz2=0.1, g=9.81)
    centres = centres_of_mass_many(rp, [[0.0, 0.8], [np.pi / 2, 0.3]])
    assert np.allclose(centres[:, 1], [[0.8, 0.0, 0.0], [0.0, 0.3, 0.0]])
    assert np.allclose(centres[:, 0], [[0.5, 0.0, 0.0], [0.0, 0.5, 0.0]])


@pytest.mark.parametrize("call, error, message", [
    (lambda: link_frames_many(ARM, [0.1, 0.2]), ValueError,
     r"q must be a batch of states, shape \(N, 2\) .*got shape \(2,\)"),
    (lambda: link_frames_many(ARM, np.zeros((4, 3))), ValueError,
     r"q must be a batch of states, shape \(N, 2\) .*got shape \(4, 3\)"),
    (lambda: link_frames_many(ARM, [["a", "b"]]), TypeError,
     r"q must be a batch of states \(an array of real numbers, shape \(N, 2\)\)"),
    (lambda: link_frames_many(ARM, [[0.1, np.nan]]), ValueError, r"q must be finite"),
    (lambda: link_frames_many(planar_2r, np.zeros((1, 2))), TypeError,
     r"robot must be a SerialChain; got the function planar_2r"),
    (lambda: link_frames_many(planar_2r(), np.zeros((1, 2))), TypeError, r"needs numbers"),
    (lambda: centres_of_mass_many(planar_2r(l1=1.0, l2=1.0), np.zeros((1, 2))), TypeError,
     r"needs numbers"),                                          # the masses are symbols
    (lambda: centres_of_mass_many(SerialChain([Link(), Link(a=1.0)]), np.zeros((1, 2))),
     ValueError, r"link 1 .* has no mass, r_c, I_c"),
    (lambda: centres_of_mass_many(puma560(), np.zeros((2, 5))), ValueError,
     r"q must be a batch of states, shape \(N, 6\)"),
])
def test_bad_input_names_the_argument(call, error, message):
    with pytest.raises(error, match=message):
        call()
