"""Statics: the joint torques that hold a load at the tool, computed two ways.

The arm is at rest and its joints are locked; the links are massless (no gravity on
the links). ``i_f_i`` and ``i_n_i`` are the force and the moment that link i-1 exerts
on link i, written in {i}.

The load is one argument, ``wrench = [fx, fy, fz, nx, ny, nz]``: the force ``f`` and
the moment ``n`` that the tool EXERTS ON ITS ENVIRONMENT, acting at the origin of the
tool frame {N+1} (Craig's ``N+1_f_N+1``, ``N+1_n_N+1``), written in the axes that
``frame`` names: ``"base"`` ({0}, the default) or ``"tool"`` (the tool frame). The same
``wrench`` and ``frame`` enter ``newton_euler.inverse_dynamics``, and ``frame`` means
the same in ``kinematics.jacobian``.

* ``static_forces_by_propagation``: balance the links one by one from the tool to the
  base (chapter 1, §1.1; Craig eqs. 5.80–5.82)::

      i_f_i = i_R_i+1 · i+1_f_i+1
      i_n_i = i_R_i+1 · i+1_n_i+1 + i_P_i+1 × i_f_i
      τ_i   = i_n_iᵀ Ẑ_i  (revolute)     or     i_f_iᵀ Ẑ_i  (prismatic)

* ``joint_torques_by_jacobian``: the force Jacobian, ``τ = Jᵀ F`` with ``F = [f; n]``
  (virtual work, ``τᵀ δΘ = Fᵀ δX``), with J and F written in the same frame.
"""

from dataclasses import dataclass
from typing import Any

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.frames import rotation_unchecked as rotation
from robocourse.frames import skew_unchecked as skew
from robocourse.frames import translation_unchecked as translation
from robocourse.kinematics import jacobian_unchecked, link_frames_unchecked


@dataclass(frozen=True)
class StaticForces:
    """The result of the inward statics recursion, looked up by frame number (from 1).

    ``force(i)`` and ``moment(i)`` are ``i_f_i`` and ``i_n_i`` in {i} for the links
    i = 1..N and the tool frame i = N+1 (the applied load); ``torques`` holds ``τ_1..τ_N``.
    """

    _forces: tuple
    _moments: tuple
    torques: Any

    @check.arguments(i=check.LinkNumber(last=lambda given: len(given["self"]._forces)))
    def force(self, i):
        """``i_f_i``, the force on link i from link i-1 in {i} (i = N+1: the tool's load)."""
        return self._forces[i - 1]

    @check.arguments(i=check.LinkNumber(last=lambda given: len(given["self"]._moments)))
    def moment(self, i):
        """``i_n_i``, the moment on link i from link i-1 in {i} (i = N+1: the tool's load)."""
        return self._moments[i - 1]


@check.arguments(robot=check.Robot(), q=check.Joints(), wrench=check.Wrench(), frame=check.Frame())
def tool_wrench(robot, q, wrench, frame="base"):
    """The load ``[f; n]`` written in the tool frame, from ``wrench`` written in ``frame``.

    ``tool_F = [[R, 0], [0, R]] F`` with ``R = 0_R_toolᵀ`` for ``frame="base"`` (the load
    acts at the tool-frame origin either way: only its axes change), ``R = I`` for
    ``frame="tool"``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0)                         # pointing up, along +Y0
    >>> tool_wrench(arm, [1.5707963267948966, 0.0], [1.0, 0, 0, 0, 0, 0.5]).round(12) + 0.0
    array([ 0. , -1. ,  0. ,  0. ,  0. ,  0.5])
    """
    if frame == "tool" or not any(entry != 0 for entry in wrench):    # 0 in any axes
        return wrench
    scalars = B.scalars_of(q)
    R = rotation(link_frames_unchecked(robot, q, scalars)[-1]).T      # tool_R_0
    f, n = scalars.halves(wrench)
    return scalars.vector([*(R @ f), *(R @ n)])


#: ``tool_wrench`` without its checks (the same function, switched off with it): the kernel
#: the dynamics routes call on checked inputs. A zero load is zero in any axes.
tool_wrench_unchecked = tool_wrench.__wrapped__


@check.arguments(robot=check.Robot(), q=check.Joints(), wrench=check.Wrench(), frame=check.Frame())
def static_forces_by_propagation(robot, q, wrench, *, frame="base"):
    """Every ``i_f_i``, ``i_n_i`` and the joint torques that balance ``wrench`` at the tool.

    ``wrench = [f; n]`` acts at the tool-frame origin, written in ``frame`` (see the module
    docstring). The recursion runs from the tool frame {N+1} to link 1; each ``i_T_i+1``
    supplies ``i_R_i+1`` and ``i_P_i+1`` (``N_T_N+1`` is the robot's tool transform).

    Chapter 1, §1.1, the 2R arm with ``3_F = [fx, fy, 0]``:

    >>> from robocourse.models import planar_2r
    >>> import sympy as sp
    >>> fx, fy, t1, t2 = sp.symbols('f_x f_y theta1 theta2')
    >>> statics = static_forces_by_propagation(planar_2r(), [t1, t2], [fx, fy, 0, 0, 0, 0],
    ...                                        frame="tool")
    >>> statics.force(1).T                    # 1_f_1 = 1_R_2 2_f_2
    Matrix([[f_x*cos(theta2) - f_y*sin(theta2), f_x*sin(theta2) + f_y*cos(theta2), 0]])
    >>> sp.expand(statics.torques.T)           # τ1 = l1 s2 fx + (l2 + l1 c2) fy,  τ2 = l2 fy
    Matrix([[f_x*l1*sin(theta2) + f_y*l1*cos(theta2) + f_y*l2, f_y*l2]])
    """
    scalars = B.scalars_of(q)
    f, n = scalars.halves(tool_wrench_unchecked(robot, q, wrench, frame))
    outward = [link.transform_unchecked(q_i)
               for link, q_i in zip(robot.links[1:], q[1:], strict=True)]
    outward.append(scalars.convert(robot.tool))         # i_T_i+1 for i = 1..N
    forces, moments = [f], [n]
    for T in reversed(outward):
        f = rotation(T) @ f
        n = rotation(T) @ n + skew(translation(T)) @ f
        forces.insert(0, f)
        moments.insert(0, n)
    torques = [moments[k][2] if link.is_revolute else forces[k][2]      # · Ẑ_i = z entry
               for k, link in enumerate(robot.links)]
    return StaticForces(tuple(forces), tuple(moments), scalars.vector(torques))


@check.arguments(robot=check.Robot(), q=check.Joints(), wrench=check.Wrench(), frame=check.Frame())
def joint_torques_by_jacobian(robot, q, wrench, *, frame="base"):
    """The joint torques ``τ = Jᵀ F`` that balance the load ``F = wrench = [f; n]`` at the tool.

    J (``kinematics.jacobian``) and F are written in the same ``frame``: ``τ = 0_Jᵀ 0_F``
    for ``"base"``, ``τ = N+1_Jᵀ N+1_F`` for ``"tool"``. By virtual work,
    ``τᵀ δΘ = Fᵀ δX`` for every ``δΘ`` with ``δX = J δΘ``.

    >>> from robocourse.models import planar_2r
    >>> arm = planar_2r(l1=1.0, l2=1.0)
    >>> joint_torques_by_jacobian(arm, [0.3, 0.0], [0.0, 1.0, 0, 0, 0, 0], frame="tool")
    array([2., 1.])
    """
    scalars = B.scalars_of(q)
    return jacobian_unchecked(robot, q, None, scalars.zeros(3), frame, scalars).T @ wrench


#: ``joint_torques_by_jacobian`` without its checks (the same function, switched off with
#: it): the kernel the dynamics routes call on checked inputs.
joint_torques_by_jacobian_unchecked = joint_torques_by_jacobian.__wrapped__
