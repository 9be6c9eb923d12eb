"""Statics: the joint torques that hold a load at the tool, computed two ways.

The arm is at rest and its joints are locked; the links are massless (no gravity on
the links). ``i_f_i`` and ``i_n_i`` are the force and the moment that link i-1 exerts
on link i, written in {i}. The tool exerts the force ``f`` and the moment ``n`` on its
environment, at the origin of the tool frame {N+1} (so ``N+1_f_N+1 = f``).

* ``static_forces_by_propagation``: balance the links one by one from the tool to the
  base (lecture "静力的迭代求解", Craig eqs. 5.80–5.82)::

      i_f_i = i_R_i+1 · i+1_f_i+1
      i_n_i = i_R_i+1 · i+1_n_i+1 + i_P_i+1 × i_f_i
      τ_i   = i_n_iᵀ Ẑ_i  (revolute)     or     i_f_iᵀ Ẑ_i  (prismatic)

* ``joint_torques_by_jacobian``: the force Jacobian, ``τ = Jᵀ F`` with ``F = [f; n]``
  (virtual work, ``τᵀ δΘ = Fᵀ δX``), in the tool frame or in the base frame.
"""

import numbers
from dataclasses import dataclass
from typing import Any

from robocourse import _backend as B
from robocourse.frames import rotation, skew, translation
from robocourse.kinematics import forward_kinematics, jacobian


@dataclass(frozen=True)
class StaticForces:
    """The result of the inward statics recursion.

    ``forces[k]`` and ``moments[k]`` are ``i_f_i`` and ``i_n_i`` for ``i = k + 1``, in {i}:
    links 1..N, then the tool frame {N+1} (the applied load). ``force(i)`` and
    ``moment(i)`` index them the lecture's way; ``torques`` holds ``τ_1..τ_N``.
    """

    forces: tuple
    moments: tuple
    torques: Any

    def force(self, i):
        """``i_f_i``, the force on link i from link i-1 in {i} (i = N+1: the tool's load)."""
        return self.forces[self._index(i)]

    def moment(self, i):
        """``i_n_i``, the moment on link i from link i-1 in {i} (i = N+1: the tool's load)."""
        return self.moments[self._index(i)]

    def _index(self, i):
        last = len(self.forces)
        if isinstance(i, bool) or not isinstance(i, numbers.Integral) or not 1 <= i <= last:
            raise ValueError(f"i must be a frame number from 1 to {last} (the tool frame); "
                             f"got {i!r}")
        return i - 1


def _load_in_tool_frame(robot, q, force, moment, frame, symbolic):
    """``[f, n]`` in the tool frame from a load given in the tool frame or in {0}."""
    f = B.as_vector(force, 3, "force", symbolic)
    n = B.as_vector(moment, 3, "moment", symbolic)
    if frame == "tool":
        return f, n
    if frame == "base":                 # tool_f = 0_R_toolᵀ 0_f (the same for the moment)
        R = rotation(forward_kinematics(robot, q))
        return R.T @ f, R.T @ n
    raise ValueError(f"frame must be 'tool' or 'base'; got {frame!r}")


def static_forces_by_propagation(robot, q, force, moment=(0, 0, 0), frame="tool"):
    """Every ``i_f_i``, ``i_n_i`` and the joint torques that balance a load at the tool.

    ``force`` and ``moment`` act at the tool-frame origin and are written in the tool
    frame (``frame="tool"``) or in {0} (``frame="base"``). The recursion runs from the
    tool frame {N+1} to link 1 (see the module docstring); each ``i_T_i+1`` supplies
    ``i_R_i+1`` and ``i_P_i+1`` (``N_T_N+1`` is the robot's tool transform).

    Lecture example 1.1, the 2R arm with ``3_F = [fx, fy, 0]``:

    >>> from robocourse.models import planar_2r
    >>> import sympy as sp
    >>> fx, fy, t1, t2 = sp.symbols('f_x f_y theta1 theta2')
    >>> statics = static_forces_by_propagation(planar_2r(), [t1, t2], [fx, fy, 0])
    >>> statics.force(1).T                    # 1_f_1 = 1_R_2 2_f_2
    Matrix([[f_x*cos(theta2) - f_y*sin(theta2), f_x*sin(theta2) + f_y*cos(theta2), 0]])
    >>> sp.expand(statics.torques.T)           # τ1 = l1 s2 fx + (l2 + l1 c2) fy,  τ2 = l2 fy
    Matrix([[f_x*l1*sin(theta2) + f_y*l1*cos(theta2) + f_y*l2, f_y*l2]])
    """
    symbolic = robot.uses_symbols(q, force, moment, dynamics=False)
    q = robot.joint_vector(q, "q", symbolic)
    f, n = _load_in_tool_frame(robot, q, force, moment, frame, symbolic)
    outward = [link.transform(q_i) for link, q_i in zip(robot.links[1:], q[1:], strict=True)]
    outward.append(B.convert(robot.tool, symbolic))     # i_T_i+1 for i = 1..N
    forces, moments = [f], [n]
    for T in reversed(outward):
        f = rotation(T) @ f
        n = rotation(T) @ n + skew(translation(T)) @ f
        forces.insert(0, f)
        moments.insert(0, n)
    torques = [moments[k][2] if link.is_revolute else forces[k][2]      # · Ẑ_i = z entry
               for k, link in enumerate(robot.links)]
    return StaticForces(tuple(forces), tuple(moments), B.vector(torques, symbolic))


def joint_torques_by_jacobian(robot, q, force, moment=(0, 0, 0), frame="tool"):
    """The joint torques ``τ = Jᵀ F`` that balance the load ``F = [f; n]`` at the tool.

    With ``frame="tool"`` the load and the Jacobian are written in the tool frame
    (``τ = N+1_Jᵀ N+1_F``); with ``frame="base"`` both are in {0} (``τ = 0_Jᵀ 0_F``).
    By virtual work, ``τᵀ δΘ = Fᵀ δX`` for every ``δΘ`` with ``δX = J δΘ``.

    >>> from robocourse.models import planar_2r
    >>> joint_torques_by_jacobian(planar_2r(l1=1.0, l2=1.0), [0.3, 0.0], [0.0, 1.0, 0.0])
    array([2., 1.])
    """
    symbolic = robot.uses_symbols(q, force, moment, dynamics=False)
    J = B.convert(jacobian(robot, q, frame), symbolic)
    f = B.as_vector(force, 3, "force", symbolic)
    n = B.as_vector(moment, 3, "moment", symbolic)
    return J.T @ B.vector([*f, *n], symbolic)
