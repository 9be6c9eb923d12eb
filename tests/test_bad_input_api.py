"""Every public function, class and method of every public module, swept: each argument in
turn is replaced by a bool, a string and a nan (or, for a text or a flag argument, by what
that kind must not be), and the call must raise TypeError or ValueError whose message names
that argument. A table of valid calls drives the sweep; a public callable missing from it
(and not exempted with a reason) fails ``test_every_public_callable_is_swept``, so a new
function cannot escape the gate (issue 17)."""

import inspect
import math
import pkgutil

import numpy as np
import pytest
import sympy as sp
from bad_input import names

import robocourse
from robocourse import (
    base_parameters,
    closed_form,
    codegen,
    constraints,
    control,
    frames,
    friction,
    identification,
    inertia,
    kinematics,
    lagrange,
    lagrange_euler,
    language,
    models,
    motors,
    newton_euler,
    notation,
    parameters,
    physical_identification,
    puma560,
    robot,
    simulate,
    spatial,
    statics,
    trajectories,
)
from robocourse.grading import checks

MODULES = (frames, robot, models, inertia, kinematics, statics, newton_euler, lagrange,
           lagrange_euler, closed_form, codegen, simulate, control, trajectories, puma560,
           notation, checks, friction, parameters, base_parameters, identification,
           physical_identification, language, spatial, constraints, motors)

ARM = models.planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
PUMA = models.puma560()
FAST = codegen.CompiledDynamics(ARM, backend="numpy")
FORM = closed_form.closed_form(ARM)
PATH = trajectories.synchronised([0.0, 0.0], [1.0, 1.0], 1.0)
STATICS = statics.static_forces_by_propagation(ARM, [0.3, 1.0], [1, 0, 0, 0, 0, 0])
NE = newton_euler.newton_euler(ARM, [0, 0], [0, 0], [0, 0])
MOTION = simulate.simulate(ARM, [0.0, 0.0], [0.0, 0.0], 0.01, model=FAST, samples=2)
x, y, t1, w1, a1 = sp.symbols("x y theta1 thetadot1 thetaddot1")
Q, Z = [0.3, 1.0], [0.0, 0.0]
W = [1.0, 0, 0, 0, 0, 0.5]
T = kinematics.forward_kinematics(PUMA, [0.3, -0.5, 0.4, 0.6, 0.7, -0.8])
LINK = ARM.links[1]
FRICTION = friction.Friction([0.1, 0.2], [0.3, 0.4], smoothing=0.01)
VIA = trajectories.via_point_cubics([0.0, 1.0, 2.0], [0.0, 1.0, 0.5])
LINK_PARAMETERS = parameters.standard_parameters(ARM)[10:]       # link 2's ten
BASE = base_parameters.base_parameters_by_regrouping(ARM)
MODEL = identification.BaseRegressor(ARM, BASE)
EXCITING = identification.exciting_trajectory(2, amplitude=[1.0, 1.0], seed=0)
TIMES = np.linspace(0.0, 10.0, 12).tolist()
W_SMALL = MODEL.stacked(EXCITING, TIMES)
TAU = identification.measured_torques(ARM, EXCITING, TIMES)
PI_B = BASE.values(parameters.standard_parameters(ARM))
NOISE = 0.01 * np.cos(np.arange(TAU.size))                    # torques as measured
SPATIAL = spatial.spatial_newton_euler(ARM, Q, Q, Z)


def _speak(language):
    with robocourse.language.using(language):
        pass


def _enter(label):
    with checks.case(label):
        pass


def _note(text, code=None):
    with checks.note(text, code):
        pass


# name -> (callable, valid keyword arguments). Every argument not listed is left at its default
# and is swept too (with its default as the valid value).
CALLS = {
    # frames
    "frames.as_rotation": (frames.as_rotation, dict(R=np.eye(3))),
    "frames.rot_x": (frames.rot_x, dict(angle=0.3)),
    "frames.rot_y": (frames.rot_y, dict(angle=0.3)),
    "frames.rot_z": (frames.rot_z, dict(angle=0.3)),
    "frames.skew": (frames.skew, dict(v=[1, 2, 3])),
    "frames.vee": (frames.vee, dict(S=frames.skew([1, 2, 3]))),
    "frames.cross": (frames.cross, dict(a=[1, 0, 0], b=[0, 1, 0])),
    "frames.transform": (frames.transform, dict(R=np.eye(3), p=[1, 2, 3])),
    "frames.rotation": (frames.rotation, dict(T=np.eye(4))),
    "frames.translation": (frames.translation, dict(T=np.eye(4))),
    "frames.inverse_transform": (frames.inverse_transform, dict(T=np.eye(4))),
    "frames.dh_transform": (frames.dh_transform, dict(alpha=0, a=1.0, theta=0.3, d=0)),
    "frames.velocity_transform": (frames.velocity_transform, dict(A_R_B=np.eye(3),
                                                                  A_P_B=[1, 0, 0])),
    "frames.force_transform": (frames.force_transform, dict(A_R_B=np.eye(3), A_P_B=[1, 0, 0])),
    "frames.adjoint": (frames.adjoint, dict(T=np.eye(4))),
    # robot
    "robot.Link": (robot.Link, dict(a=1.0, mass=1.0, r_c=[0, 0, 0], I_c=np.eye(3))),
    "robot.Link.transform": (LINK.transform, dict(q=0.3)),
    "robot.Link.parameters": (LINK.parameters, dict()),
    "robot.SerialChain": (robot.SerialChain, dict(links=[robot.Link()])),
    "robot.SerialChain.uses_symbols": (ARM.uses_symbols, dict()),
    "robot.joint_symbols": (robot.joint_symbols, dict(robot=ARM)),
    "robot.joint_symbol_role": (robot.joint_symbol_role, dict(symbol=t1)),
    "robot.is_rate": (robot.is_rate, dict(symbol=w1)),
    "robot.is_acceleration": (robot.is_acceleration, dict(symbol=a1)),
    "robot.joint_of": (robot.joint_of, dict(symbol=t1)),
    "robot.derivative_name": (robot.derivative_name, dict(base="theta1", order=1)),
    # models
    "models.planar_arm": (models.planar_arm, dict(lengths=[1.0], masses=[1.0],
                                                  com_distances=[0.5], inertias=[0.1], g=9.81)),
    "models.planar_2r": (models.planar_2r, dict()),
    "models.planar_2r_distributed": (models.planar_2r_distributed, dict()),
    "models.planar_3r": (models.planar_3r, dict()),
    "models.rp_arm": (models.rp_arm, dict()),
    "models.puma560": (models.puma560, dict()),
    "models.puma560_d2": (models.puma560_d2, dict()),
    "models.spatial_3r": (models.spatial_3r, dict()),
    "models.with_payload": (models.with_payload, dict(robot=ARM, mass=1.0, r_c=[0.1, 0, 0],
                                                      I_c=np.eye(3) * 0.01)),
    # inertia
    "inertia.check_inertia": (inertia.check_inertia, dict(I=np.eye(3))),
    "inertia.broken_triangle_inequality": (inertia.broken_triangle_inequality, dict(I=np.eye(3))),
    "inertia.point_mass_inertia": (inertia.point_mass_inertia, dict(mass=1.0, p=[1, 0, 0])),
    "inertia.Box": (inertia.Box, dict(w=1, l=2, h=3)),
    "inertia.Box.integrate": (inertia.Box(1, 1, 1).integrate, dict(f=lambda r: r[0] ** 2,
                                                                  mass=1)),
    "inertia.Cylinder": (inertia.Cylinder, dict(radius=1, height=2)),
    "inertia.Cylinder.integrate": (inertia.Cylinder(1, 1).integrate,
                                   dict(f=lambda r: r[2] ** 2, mass=1)),
    "inertia.Rod": (inertia.Rod, dict(length=1)),
    "inertia.Rod.integrate": (inertia.Rod(1).integrate, dict(f=lambda r: r[0] ** 2, mass=1)),
    "inertia.inertia_by_integration": (inertia.inertia_by_integration,
                                       dict(body=inertia.Rod(2.0), mass=3.0)),
    "inertia.parallel_axis": (inertia.parallel_axis, dict(I_c=np.eye(3), mass=1.0,
                                                          p_c=[1, 0, 0])),
    "inertia.parallel_axis_to_centre": (inertia.parallel_axis_to_centre,
                                        dict(I_A=np.diag([1.0, 2.0, 2.0]), mass=1.0,
                                             p_c=[1, 0, 0])),
    "inertia.rotate_inertia": (inertia.rotate_inertia, dict(I=np.eye(3), R=np.eye(3))),
    "inertia.principal_axes": (inertia.principal_axes, dict(I=np.diag([1.0, 2.0, 2.5]))),
    "inertia.symbolic_inertia": (inertia.symbolic_inertia, dict(label="p")),
    "inertia.composite_body": (inertia.composite_body,
                               dict(parts=[(1.0, [0, 0, 0], np.eye(3)),
                                           (2.0, [1, 0, 0], np.eye(3))])),
    # kinematics
    "kinematics.link_frames": (kinematics.link_frames, dict(robot=ARM, q=Q)),
    "kinematics.forward_kinematics": (kinematics.forward_kinematics, dict(robot=ARM, q=Q)),
    "kinematics.jacobian_by_cross_products": (kinematics.jacobian_by_cross_products,
                                              dict(robot=ARM, q=Q)),
    "kinematics.jacobian_by_propagation": (kinematics.jacobian_by_propagation,
                                           dict(robot=ARM, q=Q)),
    "kinematics.rotate_jacobian": (kinematics.rotate_jacobian, dict(J=np.zeros((6, 2)),
                                                                    R=np.eye(3))),
    "kinematics.jacobian": (kinematics.jacobian, dict(robot=ARM, q=Q)),
    "kinematics.jacobian_rows": (kinematics.jacobian_rows, dict(robot=ARM, q=Q, rows=(0, 1))),
    "kinematics.jacobian_determinant": (kinematics.jacobian_determinant,
                                        dict(robot=ARM, q=Q, rows=(0, 1))),
    "kinematics.is_singular": (kinematics.is_singular, dict(robot=ARM, q=Q, rows=(0, 1))),
    "kinematics.manipulability": (kinematics.manipulability, dict(robot=ARM, q=Q, rows=(0, 1))),
    "kinematics.inverse_jacobian": (kinematics.inverse_jacobian,
                                    dict(robot=ARM, q=Q, rows=(0, 1))),
    "kinematics.joint_rates": (kinematics.joint_rates, dict(robot=ARM, q=Q, velocity=[1, 0],
                                                            rows=(0, 1))),
    "kinematics.inverse_kinematics_2r": (kinematics.inverse_kinematics_2r,
                                         dict(robot=ARM, x=1.0, y=1.0)),
    # statics
    "statics.tool_wrench": (statics.tool_wrench, dict(robot=ARM, q=Q, wrench=W)),
    "statics.static_forces_by_propagation": (statics.static_forces_by_propagation,
                                             dict(robot=ARM, q=Q, wrench=W)),
    "statics.joint_torques_by_jacobian": (statics.joint_torques_by_jacobian,
                                          dict(robot=ARM, q=Q, wrench=W)),
    "statics.StaticForces.force": (STATICS.force, dict(i=2)),
    "statics.StaticForces.moment": (STATICS.moment, dict(i=3)),
    # dynamics: the five verbs of three routes, and what only one route has
    "newton_euler.newton_euler": (newton_euler.newton_euler, dict(robot=ARM, q=Q, qd=Z, qdd=Z)),
    "newton_euler.NewtonEulerResult.link": (NE.link, dict(i=1)),
    "newton_euler.payload_trace": (newton_euler.payload_trace,
                                   dict(robot=ARM, q=Q, qd=Q, qdd=Q, mass=1.0, r_c=[0.1, 0, 0],
                                        I_c=np.eye(3) * 0.01)),
    "newton_euler.payload_wrench": (newton_euler.payload_wrench,
                                    dict(robot=ARM, q=Q, qd=Q, qdd=Q, mass=1.0, r_c=[0.1, 0, 0],
                                         I_c=np.eye(3) * 0.01)),
    "newton_euler.torque_parts": (newton_euler.torque_parts, dict(robot=ARM, q=Q, qd=Q, qdd=Q)),
    "lagrange.kinetic_energy": (lagrange.kinetic_energy, dict(robot=ARM, q=Q, qd=Q)),
    "lagrange.potential_energy": (lagrange.potential_energy, dict(robot=ARM, q=Q)),
    "lagrange.total_energy": (lagrange.total_energy, dict(robot=ARM, q=Q, qd=Q)),
    "lagrange.time_derivative": (lagrange.time_derivative, dict(expr=w1 * sp.sin(t1), q=[t1],
                                                                qd=[w1], qdd=[a1])),
    "lagrange.lagrange_equations": (lagrange.lagrange_equations, dict(robot=ARM)),
    "lagrange.equation_terms": (lagrange.equation_terms, dict(robot=ARM)),
    "lagrange.mass_matrix_derivatives": (lagrange.mass_matrix_derivatives, dict(robot=ARM, q=Q)),
    "lagrange.christoffel_symbols": (lagrange.christoffel_symbols, dict(robot=ARM, q=Q)),
    "lagrange_euler.joint_derivative_matrix": (lagrange_euler.joint_derivative_matrix,
                                               dict(link=LINK)),
    "lagrange_euler.pseudo_inertia": (lagrange_euler.pseudo_inertia, dict(link=LINK)),
    "lagrange_euler.transform_derivatives": (lagrange_euler.transform_derivatives,
                                             dict(robot=ARM, q=Q)),
    "closed_form.closed_form": (closed_form.closed_form, dict(robot=ARM)),
    "closed_form.exact_arm": (closed_form.exact_arm, dict(robot=ARM)),
    "closed_form.ClosedForm.inverse_dynamics": (FORM.inverse_dynamics, dict(q=Q, qd=Z, qdd=Z)),
    "closed_form.ClosedForm.mass_matrix": (FORM.mass_matrix, dict(q=Q)),
    "closed_form.ClosedForm.velocity_product": (FORM.velocity_product, dict(q=Q, qd=Q)),
    "closed_form.ClosedForm.coriolis_matrix": (FORM.coriolis_matrix, dict(q=Q, qd=Q)),
    "closed_form.ClosedForm.gravity_load": (FORM.gravity_load, dict(q=Q)),
    "closed_form.ClosedForm.numeric_functions": (FORM.numeric_functions,
                                                 dict(backend="numpy")),
    # codegen
    "codegen.NumericFunction": (codegen.NumericFunction, dict(expressions=sp.Matrix([x * y]),
                                                              arguments={"x": x, "y": y},
                                                              backend="numpy")),
    "codegen.CompiledDynamics": (codegen.CompiledDynamics, dict(robot=ARM, backend="numpy")),
    "codegen.straight_line_program": (codegen.straight_line_program,
                                      dict(expressions=[sp.sin(x) * y], inputs=[x, y])),
    "codegen.c_source": (codegen.c_source, dict(program=([], [x * y]), inputs=[x, y],
                                                name="f")),
    "codegen.compile_c": (codegen.compile_c, dict(source="int f(void) { return 0; }\n",
                                                  name="f")),
    # simulation and control
    "simulate.forward_dynamics": (simulate.forward_dynamics, dict(robot=ARM, q=Q, qd=Z, tau=Z)),
    "simulate.simulate": (simulate.simulate, dict(robot=ARM, q0=Z, qd0=Z, duration=0.01,
                                                  model=FAST, samples=2)),
    "simulate.energy": (simulate.energy, dict(robot=ARM, motion=MOTION)),
    "control.computed_torque": (control.computed_torque, dict(robot=ARM, trajectory=PATH,
                                                              Kp=100.0, Kv=20.0, model=FAST)),
    "control.track": (control.track, dict(plant=ARM, controller=ARM, trajectory=PATH, Kp=100.0,
                                          Kv=20.0, duration=0.01, samples=2, plant_model=FAST,
                                          controller_model=FAST)),
    # trajectories
    "trajectories.cubic_coefficients": (trajectories.cubic_coefficients,
                                        dict(theta0=0.0, thetaf=1.0, duration=2.0)),
    "trajectories.cubic": (trajectories.cubic, dict(theta0=0.0, thetaf=1.0, duration=2.0,
                                                    t=1.0)),
    "trajectories.cubic_duration": (trajectories.cubic_duration,
                                    dict(theta0=0.0, thetaf=1.0, max_velocity=0.75)),
    "trajectories.JointTrajectory": (trajectories.JointTrajectory, dict(q0=Z, qf=Q,
                                                                        durations=[1.0, 2.0])),
    "trajectories.JointTrajectory.at": (PATH.at, dict(t=0.5)),
    "trajectories.synchronised": (trajectories.synchronised, dict(q0=Z, qf=Q, duration=1.0)),
    "trajectories.unsynchronised": (trajectories.unsynchronised, dict(q0=Z, qf=Q,
                                                                      max_velocity=1.0)),
    "trajectories.straight_line_2r": (trajectories.straight_line_2r,
                                      dict(robot=ARM, start=[2.0, 0.0], end=[0.0, 2.0],
                                           points=2)),
    "trajectories.joint_space_path": (trajectories.joint_space_path,
                                      dict(via=[[0.0, 0.0], [1.0, 2.0]], steps=2)),
    "trajectories.distance_from_line": (trajectories.distance_from_line,
                                        dict(points=[[1.0, 1.0]], start=[0.0, 0.0],
                                             end=[1.0, 0.0])),
    # the PUMA's inverse kinematics
    "puma560.inverse_kinematics": (puma560.inverse_kinematics, dict(robot=PUMA, T=T)),
    "puma560.wrist_singular": (puma560.wrist_singular, dict(q=[0, 0, 0, 0, 0.7, 0])),
    # notation
    "language.use": (language.use, dict(language="en")),
    "language.using": (_speak, dict(language="en")),
    "language.current": (language.current, {}),
    "language.cached": (language.cached, dict(function=len)),
    "language.catalogue_path": (language.catalogue_path, dict(domain="feedback",
                                                              language="zh_CN")),
    # where the graders locate it (solutions/*/grader.py): the call changes nothing
    "language.locate": (language.locate, dict(domain="hidden", path=robocourse.language.LOCALE
                                              .parent.parent / "solutions"
                                              / "hidden.{language}.po")),
    "language.catalogue": (language.catalogue, dict(domain="feedback", language="zh_CN")),
    "language.fields": (language.fields, dict(sentence="{n} of {m}")),
    "language.sayings": (language.sayings, dict(source='say("go", "widgets")',
                                                domain="widgets")),
    "language.sayings_in": (language.sayings_in, dict(folder=robocourse.language.LOCALE.parent
                                                      / "widgets", domain="widgets")),
    "language.gaps": (language.gaps, dict(sentences=["go"], domain="widgets",
                                          language="zh_CN")),
    "language.say": (language.say, dict(english="slope {slope}", domain="widgets", slope=8)),
    "language.phrase": (language.phrase, dict(english="one per joint", domain="errors")),
    "language.installed_font": (language.installed_font, dict(language="zh_CN")),
    "notation.abbreviate": (notation.abbreviate, dict(value=sp.cos(t1))),
    "notation.lecture_form": (notation.lecture_form, dict(value=sp.cos(t1))),
    "notation.by_rates": (notation.by_rates, dict(value=a1 * w1 ** 2, qdd=[a1], qd=[w1])),
    "notation.latex": (notation.latex, dict(value=sp.cos(t1))),
    "notation.show": (lambda lhs: notation.show(lhs, x), dict(lhs="x")),
    "notation.rounded": (notation.rounded, dict(x=[1.23456789])),
    "notation.tidy": (notation.tidy, dict(value=sp.sin(t1) ** 2 + sp.cos(t1) ** 2)),
    # the grading checkers: the instructor's arguments (the answers are the student's)
    "checks.check_expression": (checks.check_expression, dict(answer=x + y, expected=y + x)),
    "checks.check_number": (checks.check_number, dict(answer=1.0, expected=1.0)),
    "checks.check_call": (checks.check_call, dict(function=lambda: 1)),
    "checks.case": (_enter, dict(label="with theta2 = 0")),
    "checks.Known": (checks.Known, dict(value=1.0, message="It matches …", code="payload")),
    "checks.Mistake": (checks.Mistake, dict(message="wrong")),
    "checks.term_kind": (checks.term_kind, dict(term=w1 * a1)),
    "checks.term_code": (checks.term_code, dict(term=w1 * a1)),
    "checks.sentence": (checks.sentence, dict(message="tau is not right")),
    "checks.joined": (checks.joined, dict(message="f is wrong", more="F is what the tool exerts.")),
    "checks.note": (_note, dict(text="F is what the tool exerts.", code="direction")),
    "checks.same": (checks.same, dict(answer=x + y, other=y + x)),
    "checks.equal": (checks.equal, dict(answer=x + y, expected=y + x)),
    "checks.read_answer": (checks.read_answer, dict(value=x + y, symbols=[x])),
    "checks.shorten": (checks.shorten, dict(value=[1.0, 2.0], limit=10)),
    "checks.settled": (checks.settled, dict(answer=x + y, allowed=[x, y])),
    "checks.numbers_at": (checks.numbers_at, dict(answer=x + y, values={x: 1, y: 2})),
    # the new kinematics, the code generator's counts and its cached models
    "kinematics.jacobian_derivative": (kinematics.jacobian_derivative,
                                       dict(robot=ARM, q=Q, qd=Q)),
    "kinematics.joint_accelerations": (kinematics.joint_accelerations,
                                       dict(robot=ARM, q=Q, qd=Q, acceleration=[1.0, 0.0],
                                            rows=(0, 1))),
    "codegen.compiled_dynamics": (codegen.compiled_dynamics, dict(robot=ARM)),
    # the PUMA 560 in Craig's frames and in Armstrong, Khatib and Burdick's
    "kinematics.jacobian_by_differential_transforms": (
        kinematics.jacobian_by_differential_transforms, dict(robot=PUMA, q=[0.1] * 6)),
    "models.akb_joint_angles": (models.akb_joint_angles, dict(q=[0.1] * 6)),
    "models.named_mass_properties": (models.named_mass_properties, dict(robot=ARM)),
    "puma560.inverse_transform_equation": (puma560.inverse_transform_equation,
                                           dict(robot=PUMA, k=1)),
    "codegen.operation_count": (codegen.operation_count, dict(robot=ARM)),
    "codegen.count_operations": (codegen.count_operations, dict(source=codegen.c_source(
        codegen.straight_line_program([x * y], [x, y]), [x, y], "f"))),
    # the widgets' additions: roll, pitch and yaw, many configurations at once, the energies
    # and the work along a motion, a joint spring, a family of arms compiled once
    "frames.roll_pitch_yaw": (frames.roll_pitch_yaw, dict(roll=0.1, pitch=0.2, yaw=0.3)),
    "kinematics.link_frames_many": (kinematics.link_frames_many, dict(robot=ARM, q=[Q, Z])),
    "kinematics.centres_of_mass_many": (kinematics.centres_of_mass_many,
                                        dict(robot=ARM, q=[Q, Z])),
    "simulate.energies": (simulate.energies, dict(robot=ARM, motion=MOTION)),
    "simulate.actuator_work": (simulate.actuator_work, dict(motion=MOTION)),
    "simulate.JointSpring": (simulate.JointSpring, dict(robot=ARM, joint=2, stiffness=10.0,
                                                        rest=0.1)),
    "simulate.JointSpring.energy": (simulate.JointSpring(ARM, 2, 10.0).energy, dict(q=Q)),
    "codegen.ParametricDynamics": (codegen.ParametricDynamics,
                                   dict(model=models.planar_2r, parameters=["m1", "m2"],
                                        backend="numpy", l1=1.0, l2=1.0, g=9.81)),
    # joint friction, via points, quintics, blends, any Lagrangian (chapters 4-5)
    "friction.Friction": (friction.Friction, dict(viscous=[0.1, 0.2], coulomb=[0.3, 0.4])),
    "friction.Friction.torque": (FRICTION.torque, dict(qd=Q)),
    "friction.Friction.power": (FRICTION.power, dict(qd=Q)),
    "friction.Friction.energy_taken": (FRICTION.energy_taken, dict(motion=MOTION)),
    "trajectories.quintic_coefficients": (trajectories.quintic_coefficients,
                                          dict(theta0=0.0, thetaf=1.0, duration=2.0)),
    "trajectories.quintic": (trajectories.quintic, dict(theta0=0.0, thetaf=1.0, duration=2.0,
                                                        t=1.0)),
    "trajectories.lspb_blend_time": (trajectories.lspb_blend_time,
                                     dict(theta0=0.0, thetaf=1.0, duration=2.0,
                                          acceleration=2.0)),
    "trajectories.lspb": (trajectories.lspb, dict(theta0=0.0, thetaf=1.0, duration=2.0,
                                                  acceleration=2.0, t=1.0)),
    "trajectories.via_point_cubics": (trajectories.via_point_cubics,
                                      dict(times=[0.0, 1.0, 2.0], positions=[0.0, 1.0, 0.5])),
    "trajectories.ViaPointPath.at": (VIA.at, dict(t=0.5)),
    "trajectories.ViaPointPath.acceleration_jumps": (VIA.acceleration_jumps, dict()),
    "lagrange.euler_lagrange": (lagrange.euler_lagrange, dict(lagrangian=w1**2 + sp.cos(t1),
                                                              q=[t1], qd=[w1], qdd=[a1])),
    "simulate.simulate_equations": (simulate.simulate_equations,
                                    dict(equations=sp.Matrix([a1 + sp.sin(t1)]), q=[t1],
                                         qd=[w1], qdd=[a1], q0=[0.1], qd0=[0.0],
                                         duration=0.01, samples=2)),
}
CALLS |= {
    "parameters.origin_parameters": (parameters.origin_parameters,
                                     dict(mass=1.0, r_c=[0.5, 0, 0], I_c=np.eye(3))),
    "parameters.centre_of_mass_parameters": (parameters.centre_of_mass_parameters,
                                             dict(link_parameters=LINK_PARAMETERS)),
    "parameters.inertia_tensor": (parameters.inertia_tensor,
                                  dict(link_parameters=LINK_PARAMETERS)),
    "parameters.move_parameters": (parameters.move_parameters,
                                   dict(link_parameters=LINK_PARAMETERS, R=np.eye(3),
                                        p=[0.1, 0, 0])),
    "parameters.parameter_count": (parameters.parameter_count, dict(robot=ARM)),
    "parameters.parameter_name": (parameters.parameter_name, dict(k=3, n=2)),
    "parameters.parameter_symbols": (parameters.parameter_symbols, dict(robot=ARM)),
    "parameters.standard_parameters": (parameters.standard_parameters, dict(robot=ARM)),
    "parameters.regressor": (parameters.regressor, dict(robot=ARM, q=Q, qd=Q, qdd=Z)),
    "parameters.inverse_dynamics": (parameters.inverse_dynamics,
                                    dict(robot=ARM, q=Q, qd=Q, qdd=Z)),
}
CALLS |= {
    "base_parameters.base_parameters_by_regrouping": (
        base_parameters.base_parameters_by_regrouping, dict(robot=ARM)),
    "base_parameters.base_parameters_by_qr": (base_parameters.base_parameters_by_qr,
                                              dict(robot=ARM)),
    "base_parameters.base_model": (base_parameters.base_model, dict(robot=ARM, base=BASE)),
    "base_parameters.base_parameter_table": (base_parameters.base_parameter_table,
                                             dict(robot=ARM, base=BASE)),
    "base_parameters.base_regressor": (base_parameters.base_regressor,
                                       dict(robot=ARM, base=BASE, q=Q, qd=Q, qdd=Z)),
    "base_parameters.random_states": (base_parameters.random_states, dict(robot=ARM, count=3)),
    "base_parameters.BaseParameters.values": (BASE.values,
                                              dict(pi=parameters.standard_parameters(ARM))),
    "base_parameters.BaseParameters.standard": (BASE.standard, dict(pi_b=PI_B)),
    "base_parameters.BaseParameters.numeric_K": (BASE.numeric_K, dict()),
    "identification.BaseRegressor": (identification.BaseRegressor, dict(robot=ARM, base=BASE)),
    "identification.BaseRegressor.at": (MODEL.at, dict(q=[Q], qd=[Q], qdd=[Z])),
    "identification.BaseRegressor.stacked": (MODEL.stacked, dict(trajectory=EXCITING,
                                                                 times=TIMES)),
    "identification.FourierTrajectory": (identification.FourierTrajectory,
                                         dict(a=[[1.0], [0.5]], b=[[0.0], [0.0]], q0=[0, 0],
                                              base_frequency=1.0)),
    "identification.FourierTrajectory.at": (EXCITING.at, dict(t=TIMES)),
    "identification.condition_number": (identification.condition_number, dict(W=W_SMALL)),
    "identification.exciting_trajectory": (identification.exciting_trajectory,
                                           dict(n=2, amplitude=[1.0, 1.0])),
    "identification.least_squares": (identification.least_squares,
                                     dict(W=W_SMALL, y=TAU.T.ravel(), joints=2)),
    "identification.measured_torques": (identification.measured_torques,
                                        dict(robot=ARM, trajectory=EXCITING, times=TIMES)),
    "identification.optimise_excitation": (identification.optimise_excitation,
                                           dict(model=MODEL, trajectory=EXCITING,
                                                times=TIMES, iterations=2)),
    "identification.physical_consistency": (identification.physical_consistency,
                                            dict(base=BASE, pi_b=PI_B,
                                                 reference=parameters.standard_parameters(ARM))),
    "identification.prediction_error": (identification.prediction_error,
                                        dict(predicted=TAU, measured=TAU + 0.1)),
    "identification.pseudo_inertia": (identification.pseudo_inertia,
                                      dict(link_parameters=LINK_PARAMETERS)),
    "physical_identification.physical_least_squares": (
        physical_identification.physical_least_squares,
        dict(base=BASE, W=W_SMALL, y=TAU.T.ravel() + NOISE, joints=2,
             prior=parameters.standard_parameters(ARM))),
    "physical_identification.smallest_eigenvalues": (
        physical_identification.smallest_eigenvalues,
        dict(pi=parameters.standard_parameters(ARM), links=2)),
}
CALLS |= {
    "motors.reflected_inertia": (motors.reflected_inertia,
                                 dict(motor_inertia=[2e-4, 3.3e-5], gear_ratio=[-62.6, 76.7])),
    "motors.rotor_kinetic_energy": (motors.rotor_kinetic_energy,
                                    dict(motor_inertia=[2e-4, 3.3e-5], gear_ratio=[-62.6, 76.7],
                                         qd=[1.0, -1.0])),
    "motors.mass_matrix_with_motors": (motors.mass_matrix_with_motors,
                                       dict(robot=ARM, q=Q, armature=[0.5, 0.25])),
    "motors.inverse_dynamics_with_motors": (motors.inverse_dynamics_with_motors,
                                            dict(robot=ARM, q=Q, qd=Z, qdd=Z,
                                                 armature=[0.5, 0.25])),
}
CALLS |= {
    "models.random_chain": (models.random_chain, dict(n=3, seed=1)),
    "spatial.crm": (spatial.crm, dict(v=[1, 2, 3, 0, 0, 1])),
    "spatial.crf": (spatial.crf, dict(v=[1, 2, 3, 0, 0, 1])),
    "spatial.spatial_inertia": (spatial.spatial_inertia, dict(mass=2.0, r_c=[1, 0, 0],
                                                              I_c=np.eye(3) * 0.1)),
    "spatial.spatial_transforms": (spatial.spatial_transforms, dict(robot=ARM, q=Q)),
    "spatial.spatial_newton_euler": (spatial.spatial_newton_euler,
                                     dict(robot=ARM, q=Q, qd=Q, qdd=Z, wrench=W)),
    "spatial.SpatialResult.link": (SPATIAL.link, dict(i=2)),
    "spatial.rnea": (spatial.rnea, dict(robot=ARM, q=Q, qd=Q, qdd=Z, wrench=W)),
    "spatial.crba": (spatial.crba, dict(robot=ARM, q=Q)),
    "spatial.aba": (spatial.aba, dict(robot=ARM, q=Q, qd=Q, tau=Q, friction=FRICTION)),
    "spatial.forward_dynamics_by_crba": (spatial.forward_dynamics_by_crba,
                                         dict(robot=ARM, q=Q, qd=Q, tau=Q, friction=FRICTION)),
    "spatial.operation_counts": (spatial.operation_counts, dict(robot=ARM)),
    "constraints.tool_point_constraint": (constraints.tool_point_constraint,
                                          dict(robot=ARM, q=Q, qd=Q, normals=[[1.0, 0, 0]])),
    "constraints.holonomic_constraint": (constraints.holonomic_constraint,
                                         dict(phi=x - 1, q=[x], qd=[y])),
    "constraints.constrained_dynamics": (constraints.constrained_dynamics,
                                         dict(robot=ARM, q=Q, qd=Z, tau=Z, A=[[1.0, 0.0]],
                                              A_dot_qd=[0.0])),
}
for _route in (newton_euler, lagrange, lagrange_euler):
    _name = _route.__name__.split(".")[-1]
    CALLS |= {
        f"{_name}.inverse_dynamics": (_route.inverse_dynamics, dict(robot=ARM, q=Q, qd=Z, qdd=Z)),
        f"{_name}.mass_matrix": (_route.mass_matrix, dict(robot=ARM, q=Q)),
        f"{_name}.velocity_product": (_route.velocity_product, dict(robot=ARM, q=Q, qd=Q)),
        f"{_name}.coriolis_matrix": (_route.coriolis_matrix, dict(robot=ARM, q=Q, qd=Q)),
        f"{_name}.gravity_load": (_route.gravity_load, dict(robot=ARM, q=Q)),
    }

# Public callables that take no argument to check, with the reason.
EXEMPT = {
    "codegen.cache_folder": "no arguments", "codegen.c_compiler": "no arguments",
    "models.puma560_akb": "no arguments", "models.akb_joint_signs": "no arguments",
    "models.puma560_motors": "no arguments",
    "puma560.target_symbols": "no arguments",
    "kinematics.SingularConfigurationError": "an exception",
    "inertia.UnphysicalInertiaWarning": "a warning",
    "language.MissingFontWarning": "a warning",
    "robot.JointRole": "a named tuple that joint_symbol_role returns",
    "newton_euler.LinkTrace": "a result", "newton_euler.NewtonEulerResult": "a result",
    "newton_euler.TorqueParts": "a result (torque_parts returns it)",
    "inertia.MassProperties": "a result (composite_body returns it)",
    "statics.StaticForces": "a result", "lagrange.EquationTerms": "a result",
    "closed_form.ClosedForm": "a result (closed_form builds it)", "simulate.Motion": "a result",
    "control.Tracking": "a result",
    "spatial.SpatialLink": "a result", "spatial.SpatialResult": "a result",
    "constraints.Constraint": "a result (tool_point_constraint, holonomic_constraint build it)",
    "constraints.ConstrainedMotion": "a result (constrained_dynamics returns it)",
    "spatial.Cost": "a result (operation_counts returns it)",
    "trajectories.ViaPointPath": "a result (via_point_cubics builds it)",
    "notation.latex_sum": "terms only (*terms, each checked by latex: tested on its own)",
    "codegen.NumericFunction.many": "values only (*values: test_bad_input_codegen)",
    "codegen.ParametricDynamics.at": "values only (**values: test_parametric_dynamics)",
    "codegen.BoundDynamics": "a result (ParametricDynamics.at builds it)",
    "base_parameters.BaseParameters": "a result (base_parameters_by_* build it)",
    "identification.Estimate": "a result (least_squares returns it)",
    "identification.experiment_arm": "no arguments",
    "physical_identification.PhysicalEstimate": "a result (physical_least_squares returns it)",
    # kernels: public names of a lower layer for the modules above, called after the gate
    "newton_euler.link_transforms_unchecked":
        "a kernel (newton_euler, parameters: after the gate)",
    "newton_euler.outward_recursion_unchecked":
        "a kernel (newton_euler, parameters: after the gate)",
    "newton_euler.inward_recursion_unchecked":
        "a kernel (newton_euler, parameters: after the gate)",
    "newton_euler.christoffel_columns_unchecked":
        "a kernel (coriolis_matrix, codegen: after the gate)",
    "inertia.parallel_axis_unchecked": "a kernel (a Link's tensor, checked when it was made)",
    "frames.velocity_transform_unchecked": "a kernel (velocity_transform's; spatial)",
    "frames.cross_unchecked": "a kernel (cross's; newton_euler, kinematics: after the gate)",
    "frames.skew_unchecked": "a kernel (skew's; the recursions: after the gate)",
    "frames.rotation_unchecked": "a kernel (rotation's; of transforms the library made)",
    "frames.translation_unchecked": "a kernel (translation's; of transforms the library made)",
    "robot.Link.transform_unchecked": "a kernel (Link.transform's; every recursion, per link)",
    "frames.transform_unchecked": "a kernel (transform's; inverse_transform: after the gate)",
    "frames.dh_transform_unchecked": "a kernel (dh_transform's; Link.transform: checked links)",
    "statics.tool_wrench_unchecked": "a kernel (tool_wrench's; newton_euler: after the gate)",
    "statics.joint_torques_by_jacobian_unchecked":
        "a kernel (joint_torques_by_jacobian's; the dynamics routes: after the gate)",
    "kinematics.link_frames_unchecked": "a kernel (link_frames'; lagrange, newton_euler, statics)",
    "kinematics.jacobian_unchecked": "a kernel (jacobian's; lagrange, newton_euler: after gate)",
    "closed_form.joint_polynomials_unchecked": "a kernel (closed_form, lagrange: after the gate)",
    "lagrange_euler.pseudo_inertia_unchecked": "a kernel (both pseudo_inertia: after their checks)",
    "newton_euler.gravity_load_unchecked": "a kernel (closed_form, simulate: after their gates)",
    "robot.joint_symbols_unchecked": "a kernel (the symbolic routes: of a robot after the gate)",
    "notation.tidy_unchecked": "a kernel (kinematics, puma560: of matrices they built)",
    "inertia.check_inertia_unchecked": "a kernel (robot, models, parameters: checks the tensor)",
    "inertia.broken_triangle_inequality_unchecked": "a kernel (robot, inertia: checked tensors)",
}
# Modules of the library the sweep does not take, with the reason.
NOT_SWEPT_MODULES = {
    "equivalence": "the answer checker's engine: only checks.check_expression (swept) hands it "
                   "a student's answer; tests/test_equivalence.py tests its own inputs",
    "component_recursion": "the code generator's engine: unchecked kernels, called by "
                           "codegen, newton_euler and parameters after their gates",
    "exercises": "the exercise sets' data and hidden checks, run by the grader only",
    "grading": "the autograder (its checks module is swept; tests/test_autograde.py, "
               "test_sandbox.py and test_exercise_checks.py for the rest)",
    "widgets": "the chapters' widgets: the state functions they call are swept "
               "(tests/test_widgets_*.py for their controls)",
}
# Arguments the sweep leaves alone, with the reason.
NOT_SWEPT = {
    ("checks.check_expression", "answer"): "the student's answer: judged by a Mistake",
    ("checks.check_number", "answer"): "the student's answer: judged by a Mistake",
    ("checks.check_call", "function"): "the student's function: judged by a Mistake",
    ("checks.Known", "value"): "any known wrong answer",
    ("inertia.check_inertia", "I"): "named by the argument name (default I_c, a link's tensor)",
    ("checks.same", "answer"): "the student's answer: a yes or no",
    ("checks.equal", "answer"): "what the student's answer gives: a yes or no (or a Mistake)",
    ("checks.shorten", "value"): "any value, shown",
    ("checks.settled", "answer"): "the student's answer: judged by a Mistake",
    ("checks.numbers_at", "answer"): "the student's answer: judged by a Mistake",
}

TEXT = {"name", "unit", "label", "message", "code", "failure", "lhs", "source", "text",
        "english", "sentence", "more"}
FLAGS = {"dynamics", "symbolic", "factor", "physical", "triangle", "symbolic_lengths",
         "friction", "weighted", "armature"}
DISPLAY = {"notation.abbreviate", "notation.lecture_form", "notation.latex",
           "notation.tidy"}        # a display shows nan, and latex takes a string as LaTeX


def _bad_values(key, parameter):
    if key.startswith("codegen.") and parameter == "name":         # a C identifier
        return {"a bool": True, "a C keyword": "float", "nan": math.nan}
    if parameter in TEXT:
        return {"a bool": True, "a number": 3, "nan": math.nan}
    if parameter in FLAGS:
        return {"text": "yes", "the number 1": 1, "nan": math.nan}
    if key in DISPLAY:
        return {"a bool": True, "None": None, "a list": [x]}
    return {"a bool": True, "text": "1", "nan": math.nan}


def _public_callables():
    found = set()
    for module in MODULES:
        short = module.__name__.split(".")[-1]
        exported = getattr(module, "__all__", ())            # exported: public wherever defined
        for name in set(exported) | {n for n in vars(module) if not n.startswith("_")}:
            value = getattr(module, name)
            own = getattr(value, "__module__", None) == module.__name__
            if not callable(value) or not (own or name in exported):
                continue
            found.add(f"{short}.{name}")
            if inspect.isclass(value) and not issubclass(value, BaseException):
                for method, member in vars(value).items():
                    if not method.startswith("_") and inspect.isfunction(member):
                        found.add(f"{short}.{name}.{method}")
    return found


def _cases():
    for key, (function, _) in CALLS.items():
        for parameter in inspect.signature(function).parameters.values():
            if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD) or \
                    (key, parameter.name) in NOT_SWEPT:
                continue
            for label, value in _bad_values(key, parameter.name).items():
                yield pytest.param(key, parameter.name, value,
                                   id=f"{key}({parameter.name}={label})")


def test_every_module_of_the_library_is_swept():
    library = {name for _, name, _ in pkgutil.iter_modules(robocourse.__path__)
               if not name.startswith("_")}
    swept = {module.__name__.split(".")[-1] for module in MODULES if
             module.__name__.count(".") == 1}
    assert library - swept - set(NOT_SWEPT_MODULES) == set(), "add these to MODULES"
    assert set(NOT_SWEPT_MODULES) <= library - swept, "NOT_SWEPT_MODULES names a swept module"


def test_every_public_callable_is_swept():
    public = _public_callables()
    assert public - set(CALLS) - set(EXEMPT) == set(), "add these to CALLS or EXEMPT"
    assert set(CALLS) | set(EXEMPT) <= public, "CALLS or EXEMPT name what is not public"


@pytest.mark.parametrize("key", sorted(CALLS))
def test_the_valid_call_of_the_sweep_passes(key):
    function, valid = CALLS[key]
    if key == "codegen.compile_c" and codegen.c_compiler() is None:
        pytest.skip("no C compiler on this machine")
    function(**valid)


@pytest.mark.parametrize("key, parameter, value", list(_cases()))
def test_a_bad_argument_is_refused_by_name(key, parameter, value):
    function, valid = CALLS[key]
    with pytest.raises((TypeError, ValueError)) as caught:
        function(**{**valid, parameter: value})
    assert names(str(caught.value), parameter), \
        f"{key}: the error for {parameter}={value!r} does not name it: {caught.value}"


# The second sweep: every numeric argument (a number, or a vector of numbers) replaced by a
# complex number, by a sympy symbol and (a vector) by one with an entry more. A complex
# number is never a joint angle, a length or a time: it must be refused by name (not taken
# for an overflow, not its imaginary part dropped). A symbol and an entry more may be
# right (symbolic paths, vectors of any length); if they are not, the error names the
# argument — never a message from deep inside numpy, sympy or scipy.
SYMBOL = sp.Symbol("s")


def _numeric(value):
    """"number", "vector" or None: what kind of numeric argument ``value`` is."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "number"
    if not isinstance(value, (list, tuple, np.ndarray)):
        return None
    try:
        entries = np.asarray(value, dtype=object)
    except ValueError:                                  # ragged: a list of parts
        return None
    if entries.ndim == 1 and entries.size and all(
            isinstance(e, (int, float, np.floating)) and not isinstance(e, bool)
            for e in entries):
        return "vector"
    return None


def numeric_arguments():
    """``(key, name, value, kind)`` for each numeric argument of the valid calls (``kind``:
    ``_numeric``'s, or None for an array of numbers of another shape); also the edge sweeps'
    (tests/test_bad_input_extremes.py)."""
    for key, (function, valid) in CALLS.items():
        for parameter in inspect.signature(function).parameters.values():
            name = parameter.name
            if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD) or \
                    (key, name) in NOT_SWEPT or name in TEXT | FLAGS or key in DISPLAY:
                continue
            value = valid.get(name, parameter.default)
            kind = _numeric(value)
            if kind or (isinstance(value, np.ndarray) and value.dtype.kind in "fiu"):
                yield key, name, value, kind


def _second_cases():
    for key, name, value, kind in numeric_arguments():
        if kind == "number":
            changed = {"a complex number": complex(value, 1), "a symbol": SYMBOL}
        elif kind == "vector":
            entries = np.asarray(value, dtype=float).tolist()
            changed = {"a complex entry": [complex(entries[0], 1), *entries[1:]],
                       "a symbol entry": [SYMBOL, *entries[1:]],
                       "an entry more": [*entries, entries[-1]]}
        else:
            continue
        for label, bad in changed.items():
            yield pytest.param(key, name, bad, id=f"{key}({name}={label})")


@pytest.mark.parametrize("key, parameter, value", list(_second_cases()))
def test_a_complex_number_is_refused_and_a_symbol_or_an_entry_more_works_or_is_refused_by_name(
        key, parameter, value):
    function, valid = CALLS[key]
    complex_ = any(isinstance(entry, complex) for entry in np.ravel(
        np.asarray(value, dtype=object)))
    try:
        function(**{**valid, parameter: value})
    except (TypeError, ValueError) as error:
        assert names(str(error), parameter), \
            f"{key}: the error for {parameter}={value!r} does not name it: {error}"
    else:
        assert not complex_, f"{key}: {parameter}={value!r} (complex) was accepted"
