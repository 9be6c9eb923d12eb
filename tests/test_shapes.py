"""The shape rule, the same on both paths: a matrix is a matrix of the same shape
(``sp.Matrix`` or a 2-D float array); a vector is a sympy column (n x 1) for symbols and a
1-D float array (n,) for numbers, never a sympy object on the numeric path. Both paths
index, iterate, add, multiply a matrix and take ``a.dot(b)`` alike."""

import numpy as np
import pytest
import sympy as sp

from robocourse import _backend as B
from robocourse import frames, kinematics, lagrange, lagrange_euler, newton_euler, statics
from robocourse.closed_form import closed_form
from robocourse.inertia import parallel_axis, point_mass_inertia, principal_axes, rotate_inertia
from robocourse.kinematics import inverse_kinematics_2r
from robocourse.models import planar_2r, planar_arm
from robocourse.robot import joint_symbols
from robocourse.simulate import forward_dynamics
from robocourse.trajectories import distance_from_line, straight_line_2r

NUMERIC = planar_2r(l1=1.0, l2=0.8, m1=1.5, m2=1.0, g=9.81)
SYMBOLIC = planar_2r()
q_s, qd_s, qdd_s = joint_symbols(SYMBOLIC)
STATES = {"numbers": (NUMERIC, [0.3, 1.1], [0.5, -0.4], [1.0, 0.2]),
          "symbols": (SYMBOLIC, q_s, qd_s, qdd_s)}
WRENCH = [1.0, 2.0, 0.0, 0.0, 0.0, 0.5]

#: (name, call(robot, q, qd, qdd), the shape of the result for the 2R arm)
CALLS = [
    ("forward_kinematics", lambda r, q, qd, qdd: kinematics.forward_kinematics(r, q), (4, 4)),
    ("link_frames[0]", lambda r, q, qd, qdd: kinematics.link_frames(r, q)[0], (4, 4)),
    ("jacobian", lambda r, q, qd, qdd: kinematics.jacobian(r, q), (6, 2)),
    ("jacobian tool", lambda r, q, qd, qdd: kinematics.jacobian(r, q, frame="tool"), (6, 2)),
    ("jacobian_by_cross_products",
     lambda r, q, qd, qdd: kinematics.jacobian_by_cross_products(r, q, link=1), (6, 2)),
    ("jacobian_by_propagation",
     lambda r, q, qd, qdd: kinematics.jacobian_by_propagation(r, q), (6, 2)),
    ("jacobian_rows", lambda r, q, qd, qdd: kinematics.jacobian_rows(r, q, rows=(0, 1)), (2, 2)),
    ("inverse_jacobian",
     lambda r, q, qd, qdd: kinematics.inverse_jacobian(r, q, rows=(0, 1)), (2, 2)),
    ("joint_rates",
     lambda r, q, qd, qdd: kinematics.joint_rates(r, q, [1, 0], rows=(0, 1)), (2,)),
    ("tool_wrench", lambda r, q, qd, qdd: statics.tool_wrench(r, q, WRENCH), (6,)),
    ("static torques",
     lambda r, q, qd, qdd: statics.static_forces_by_propagation(r, q, WRENCH).torques, (2,)),
    ("static force(1)",
     lambda r, q, qd, qdd: statics.static_forces_by_propagation(r, q, WRENCH).force(1), (3,)),
    ("joint_torques_by_jacobian",
     lambda r, q, qd, qdd: statics.joint_torques_by_jacobian(r, q, WRENCH), (2,)),
    ("newton_euler().link(1).omega",
     lambda r, q, qd, qdd: newton_euler.newton_euler(r, q, qd, qdd).link(1).omega, (3,)),
    ("lagrange.mass_matrix_derivatives[0]",
     lambda r, q, qd, qdd: lagrange.mass_matrix_derivatives(r, q)[0], (2, 2)),
    ("lagrange_euler.transform_derivatives[2][1]",
     lambda r, q, qd, qdd: lagrange_euler.transform_derivatives(r, q)[2][1], (4, 4)),
    ("forward_dynamics",
     lambda r, q, qd, qdd: forward_dynamics(r, q, qd, [1.0, 0.5]), (2,)),
]
for module in (newton_euler, lagrange, lagrange_euler):
    label = module.__name__.split(".")[-1]
    CALLS += [
        (f"{label}.inverse_dynamics",
         lambda r, q, qd, qdd, m=module: m.inverse_dynamics(r, q, qd, qdd, wrench=WRENCH), (2,)),
        (f"{label}.mass_matrix", lambda r, q, qd, qdd, m=module: m.mass_matrix(r, q), (2, 2)),
        (f"{label}.velocity_product",
         lambda r, q, qd, qdd, m=module: m.velocity_product(r, q, qd), (2,)),
        (f"{label}.coriolis_matrix",
         lambda r, q, qd, qdd, m=module: m.coriolis_matrix(r, q, qd), (2, 2)),
        (f"{label}.gravity_load", lambda r, q, qd, qdd, m=module: m.gravity_load(r, q), (2,)),
    ]


def assert_kind(value, shape, symbolic):
    if symbolic:
        assert isinstance(value, sp.MatrixBase), type(value)
        assert value.shape == (shape if len(shape) == 2 else (shape[0], 1))
    else:
        assert isinstance(value, np.ndarray) and value.dtype == float, type(value)
        assert value.shape == shape


@pytest.mark.parametrize("path", STATES)
@pytest.mark.parametrize("name, call, shape", CALLS, ids=[c[0] for c in CALLS])
def test_the_library_follows_the_shape_rule(name, call, shape, path):
    assert_kind(call(*STATES[path]), shape, path == "symbols")


@pytest.mark.parametrize("path", STATES)
def test_the_closed_form_follows_the_shape_rule(path):
    robot, q, qd, qdd = STATES[path]
    form = closed_form(robot)
    for value, shape in ((form.inverse_dynamics(q, qd, qdd), (2,)), (form.mass_matrix(q), (2, 2)),
                         (form.velocity_product(q, qd), (2,)),
                         (form.coriolis_matrix(q, qd), (2, 2)), (form.gravity_load(q), (2,))):
        assert_kind(value, shape, path == "symbols")


def test_one_joint_keeps_its_mass_matrix_square_and_its_vectors_flat():
    pendulum = planar_arm([1.0], [1.0], [1.0], [0.0], 9.81)
    form = closed_form(pendulum)
    for module in (newton_euler, lagrange, lagrange_euler, form):
        arguments = () if module is form else (pendulum,)
        assert module.mass_matrix(*arguments, [0.2]).shape == (1, 1)
        assert module.coriolis_matrix(*arguments, [0.2], [1.0]).shape == (1, 1)
        assert module.gravity_load(*arguments, [0.2]).shape == (1,)


@pytest.mark.parametrize("path", ["numbers", "symbols"])
def test_other_modules_follow_the_shape_rule(path):
    symbolic = path == "symbols"
    x = sp.Symbol("x") if symbolic else 0.7
    m = sp.Symbol("m") if symbolic else 2.0
    assert_kind(frames.rot_z(x), (3, 3), symbolic)
    assert_kind(frames.cross([x, 0, 0], [0, 1, 0]), (3,), symbolic)
    assert_kind(frames.vee(frames.skew([x, 1, 2])), (3,), symbolic)
    assert_kind(frames.translation(frames.transform(frames.rot_x(x), [1, 2, 3])), (3,), symbolic)
    assert_kind(frames.force_transform(frames.rot_z(x), [1, 0, 0]), (6, 6), symbolic)
    assert_kind(point_mass_inertia(m, [1, 0, 0]), (3, 3), symbolic)
    assert_kind(parallel_axis(np.eye(3), m, [1, 0, 0]), (3, 3), symbolic)
    assert_kind(rotate_inertia(np.diag([1.0, 2.0, 2.5]), frames.rot_z(x)), (3, 3), symbolic)
    moments, axes = principal_axes(parallel_axis(np.eye(3), m, [1, 0, 0]))
    assert_kind(moments, (3,), symbolic)
    assert_kind(axes, (3, 3), symbolic)
    arm = SYMBOLIC if symbolic else NUMERIC
    assert_kind(inverse_kinematics_2r(arm, 1.0, 0.5), (2,), symbolic)
    assert_kind(straight_line_2r(arm, [1.0, 0.5], [0.5, 1.0], 3), (3, 2), symbolic)
    assert_kind(distance_from_line([[x, 1.0], [0.0, 0.0]], [0, 0], [1, 0]), (2,), symbolic)


@pytest.mark.parametrize("path", STATES)
def test_both_paths_read_alike(path):
    """Indexing, length, iteration, ``M @ v`` and ``a.dot(b)`` mean the same on both paths."""
    robot, q, qd, qdd = STATES[path]
    tau = newton_euler.inverse_dynamics(robot, q, qd, qdd)
    M = newton_euler.mass_matrix(robot, q)
    assert len(tau) == 2 and len(list(tau)) == 2
    product = M @ tau
    assert len(product) == 2 and product[0] == sum(M[0, k] * tau[k] for k in range(2))
    difference = tau.dot(tau) - (tau[0] ** 2 + tau[1] ** 2)           # a scalar on both paths
    assert sp.expand(difference) == 0 if path == "symbols" else abs(difference) < 1e-9


def test_convert_does_what_it_says():
    np.testing.assert_array_equal(B.NUMBERS.convert(sp.Matrix([1, 2])), [1.0, 2.0])
    assert B.NUMBERS.convert(sp.Matrix([1, 2])).shape == (2,)
    assert B.NUMBERS.convert(sp.Matrix([[1, 2], [3, 4]])).shape == (2, 2)
    assert isinstance(B.NUMBERS.convert(sp.eye(2)), np.ndarray)
    assert B.SYMBOLS.convert(np.array([1.0, 2.5])) == sp.Matrix([1, sp.Float(2.5)])
    with pytest.raises(TypeError):
        B.NUMBERS.convert(sp.Matrix([sp.Symbol("x")]))


@pytest.mark.parametrize("scalars", [B.NUMBERS, B.SYMBOLS], ids=repr)
def test_each_kind_of_scalars_builds_by_the_shape_rule(scalars):
    """The two kinds answer the same calls; a vector is a column of symbols or a 1-D array."""
    kind = sp.MatrixBase if scalars.exact else np.ndarray
    column = (3, 1) if scalars.exact else (3,)
    for built, shape in ((scalars.zeros(3), column), (scalars.vector([1, 2, 3]), column),
                         (scalars.identity(3), (3, 3)), (scalars.zero_matrix(3, 2), (3, 2)),
                         (scalars.matrix([[1, 2], [3, 4]]), (2, 2)),
                         (scalars.stack(scalars.identity(2), scalars.identity(2)), (4, 2)),
                         (scalars.beside(scalars.identity(2), scalars.identity(2)), (2, 4))):
        assert isinstance(built, kind) and built.shape == shape
    f, n = scalars.halves([1, 2, 3, 4, 5, 6])
    assert list(f) == [1, 2, 3] and list(n) == [4, 5, 6]
    x = scalars.solve(scalars.matrix([[2, 0], [0, 4]]), scalars.vector([2, 2]))
    assert [float(x_i) for x_i in x] == [1.0, 0.5]


def test_the_kind_is_chosen_from_the_inputs_and_is_not_a_flag():
    assert B.scalars_of(1.0, [2, sp.Symbol("x")]) is B.SYMBOLS
    assert B.scalars_of(np.eye(3), 4) is B.NUMBERS
    assert B.exact_if(True) is B.SYMBOLS and B.exact_if(False) is B.NUMBERS
    with pytest.raises(TypeError, match="not a flag"):
        bool(B.NUMBERS)
