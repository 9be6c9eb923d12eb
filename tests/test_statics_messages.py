"""Chapter 1's statics, word for word and frame by frame: the errors of the result's look-ups
with the whole sentence a student reads, the load's frame and its default, and every
force and moment of the inward recursion on arms of three and more links."""

import numpy as np
import pytest
import sympy as sp

from robocourse import statics as S
from robocourse.frames import roll_pitch_yaw, transform
from robocourse.kinematics import jacobian, link_frames
from robocourse.models import planar_2r, puma560, random_chain
from robocourse.robot import SerialChain
from tests.bad_input import raised

ARM = planar_2r(l1=1.0, l2=1.0)
PUMA = puma560()
#: The PUMA with a tool turned and offset from its last link frame.
TOOLED = SerialChain(PUMA.links, tool=transform(roll_pitch_yaw(0.4, -0.3, 1.2), [0.1, -0.2, 0.3]))
Q6 = np.array([0.1, -0.4, 0.3, 0.5, -0.6, 0.7])
WRENCH = np.array([1.0, -2.0, 3.0, 0.5, -0.4, 0.3])


MESSAGES = [
    (lambda: S.static_forces_by_propagation(ARM, [0.0, 0.0], WRENCH).force(4), ValueError,
     "i must be an integer from 1 to 3; got 4"),
    (lambda: S.static_forces_by_propagation(ARM, [0.0, 0.0], WRENCH).moment(0), ValueError,
     "i must be an integer from 1 to 3; got 0"),
    (lambda: S.tool_wrench(ARM, [0.0, 0.0], WRENCH, frame="world"), ValueError,
     "frame must be 'base' or 'tool'; got 'world'"),
]


@pytest.mark.parametrize(("call", "error", "message"), MESSAGES)
def test_every_error_of_statics_reads_as_written(call, error, message):
    assert str(raised(call, error)) == message


def test_a_load_is_written_in_the_base_frame_by_default():
    R = link_frames(TOOLED, Q6)[-1][:3, :3]                           # 0_R_tool
    in_tool = S.tool_wrench(TOOLED, Q6, WRENCH)
    assert np.array_equal(in_tool, S.tool_wrench(TOOLED, Q6, WRENCH, frame="base"))
    assert np.allclose(in_tool, [*(R.T @ WRENCH[:3]), *(R.T @ WRENCH[3:])])
    assert np.array_equal(S.tool_wrench(TOOLED, Q6, WRENCH, frame="tool"), WRENCH)
    assert np.array_equal(S.tool_wrench(TOOLED, Q6, np.zeros(6)), np.zeros(6))
    ones = np.ones(6)
    assert np.allclose(S.tool_wrench(TOOLED, Q6, ones), [*(R.T @ ones[:3]), *(R.T @ ones[3:])])
    only_moment = [0, 0, 0, 0, 0, 1.0]
    assert np.allclose(S.tool_wrench(TOOLED, Q6, only_moment), [0, 0, 0, *R.T[:, 2]])
    for function in (S.static_forces_by_propagation, S.joint_torques_by_jacobian):
        default = function(TOOLED, Q6, WRENCH)
        base = function(TOOLED, Q6, WRENCH, frame="base")
        tool = function(TOOLED, Q6, WRENCH, frame="tool")
        torques = (default.torques, base.torques, tool.torques) if hasattr(default, "torques") \
            else (default, base, tool)
        assert np.array_equal(torques[0], torques[1])
        assert not np.allclose(torques[1], torques[2])


@pytest.mark.parametrize("frame", ["base", "tool"])
@pytest.mark.parametrize("robot", [TOOLED, random_chain(4, seed=6)], ids=["puma", "random"])
def test_the_recursion_and_the_jacobian_give_the_same_torques(robot, frame):
    q = Q6[:robot.n]
    by_propagation = S.static_forces_by_propagation(robot, q, WRENCH, frame=frame).torques
    assert np.allclose(by_propagation, S.joint_torques_by_jacobian(robot, q, WRENCH,
                                                                   frame=frame))
    assert np.allclose(by_propagation, jacobian(robot, q, frame=frame).T @ WRENCH)


def test_every_force_and_moment_of_the_recursion_is_the_load_moved_to_its_frame():
    """With no weights, link i carries the whole tool load: ``i_f_i = i_R_tool f`` and
    ``i_n_i = i_R_tool n + i_P_tool × i_f_i``, for every frame i = 1..N+1."""
    robot = SerialChain(random_chain(4, seed=6).links,
                        tool=transform(roll_pitch_yaw(0.2, 0.5, -0.7), [0.3, 0.0, -0.1]))
    q = Q6[:4]
    statics = S.static_forces_by_propagation(robot, q, WRENCH, frame="tool")
    frames = link_frames(robot, q)
    tool = frames[-1]
    for i in range(1, robot.n + 2):
        T = np.linalg.inv(frames[i - 1]) @ tool if i <= robot.n else np.eye(4)   # i_T_tool
        f = T[:3, :3] @ WRENCH[:3]
        assert np.allclose(statics.force(i), f)
        assert np.allclose(statics.moment(i), T[:3, :3] @ WRENCH[3:] + np.cross(T[:3, 3], f))
        if i <= robot.n:
            along_z = statics.moment(i)[2] if robot.links[i - 1].is_revolute \
                else statics.force(i)[2]
            assert statics.torques[i - 1] == pytest.approx(along_z)
    assert {link.joint for link in robot.links} == {"revolute", "prismatic"}


def test_the_statics_of_symbols_are_exact():
    f = sp.symbols("f_x f_y")
    statics = S.static_forces_by_propagation(planar_2r(), sp.symbols("theta1 theta2"),
                                             [f[0], f[1], 0, 0, 0, 0], frame="tool")
    assert isinstance(statics.torques, sp.MatrixBase)
    torques = S.joint_torques_by_jacobian(planar_2r(), sp.symbols("theta1 theta2"),
                                          [f[0], f[1], 0, 0, 0, 0], frame="tool")
    at = {sp.Symbol("theta1"): 0.3, sp.Symbol("theta2"): -0.7, sp.Symbol("l1"): 1.0,
          sp.Symbol("l2"): 0.5, f[0]: 2.0, f[1]: -1.0}
    assert np.allclose(np.array(statics.torques.subs(at), dtype=float),
                       np.array(torques.subs(at), dtype=float))
    assert np.allclose(np.array(torques.subs(at), dtype=float).ravel(),
                       S.joint_torques_by_jacobian(planar_2r(l1=1.0, l2=0.5), [0.3, -0.7],
                                                   [2.0, -1.0, 0, 0, 0, 0], frame="tool"))


def test_a_symbolic_load_in_the_base_frame_is_turned_into_the_tool_frame_exactly():
    t1, t2, fx = sp.symbols("theta1 theta2 f_x")
    load = S.tool_wrench(planar_2r(), [t1, t2], [fx, 0, 0, 0, 0, 1])
    assert isinstance(load, sp.MatrixBase)
    at = {t1: 0.3, t2: 0.4, fx: 2.0, sp.Symbol("l1"): 1.0, sp.Symbol("l2"): 1.0}
    assert np.allclose(np.array(load.subs(at), dtype=float).ravel(),
                       [2.0 * np.cos(0.7), -2.0 * np.sin(0.7), 0, 0, 0, 1])
