"""The contract of tests/bad_input.py checked on itself: it keeps a message reworded, and it
refuses a message that names another argument (an internal parameter of a helper), names the
argument only inside another name or as a word of the prose, or leaves out what was expected
or what was got."""

import pytest
from bad_input import Case, assert_keeps_the_contract, contract_broken, named_in_the_error, names


@pytest.mark.parametrize("message", [
    "q[1] must be a finite real number; got nan",
    "q[1] must be a real finite number; got nan",            # reworded
    "Expected a FINITE number for q[1], but got nan",        # reworded, case aside
    "q[1] = nan is not finite",
])
def test_a_reworded_message_keeps_the_contract(message):
    assert_keeps_the_contract(message, "q[1]", "finite", "nan")


@pytest.mark.parametrize("message, reason", [
    ("b must be a finite real number; got nan", "does not name the argument 'q'"),   # a helper's
    ("b[0] must be a finite real number; got nan", "does not name the argument 'q'"),
    ("qd must be a finite real number; got nan", "does not name the argument 'q'"),  # inside
    ("dq must be a finite real number; got nan", "does not name the argument 'q'"),
    ("p.q must be a finite real number; got nan", "does not name the argument 'q'"),
    ("q must be given; got nan", "does not say what was expected ('finite')"),
    ("q must be a finite real number", "does not say what was got ('nan')"),
])
def test_a_message_that_breaks_the_contract_is_refused(message, reason):
    assert reason in "; ".join(contract_broken(message, "q", "finite", "nan"))
    with pytest.raises(AssertionError, match="^it does not"):
        assert_keeps_the_contract(message, "q", "finite", "nan")


@pytest.mark.parametrize("message, argument, named", [
    ("links[2].mass must be >= 0 (kg); got -1.0", "links[2].mass", True),
    ("links[2].mass must be >= 0 (kg); got -1.0", "mass", False),      # links[2]'s, not mass
    ("links[2].mass must be >= 0 (kg); got -1.0", "links[2]", True),
    ("links[12].mass must be >= 0 (kg); got -1.0", "links[2].mass", False),
    ("A_R_B must be a 3x3 matrix; got 4x4", "R", False),
    ("R must be a 3x3 matrix; got 4x4", "R", True),
    ("q must be a number or a sympy expression; got None", "a", False),  # the article
    ("q must be a number; got a", "a", True),
    ("a must be a finite real number; got nan", "a", True),
    ("torque(t, q, qd)[0] must be a finite real number; got inf", "torque(t, q, qd)[0]", True),
    ("torque(t, q, qd)[1] must be a finite real number; got inf", "torque(t, q, qd)[0]", False),
    ("the numbers given range up to 1e+200 (in qd).", "qd", True),
    ("theta0, thetaf and duration must each be one number", "thetaf", True),
])
def test_the_argument_is_found_as_a_whole_name(message, argument, named):
    assert names(message, argument) is named


def test_a_kind_of_several_words_needs_them_all():
    message = "frame must be 'base' or 'tool'; got 'world'"
    assert_keeps_the_contract(message, "frame", ("'base'", "'tool'"), "'world'")
    assert contract_broken(message, "frame", ("'base'", "'tool'", "'world frame'")) == [
        "it does not say what was expected (\"'world frame'\")"]


def _raise(error):
    raise error


# The parametrized test of a table refuses a call whose message names a helper's parameter.
_test_of_a_helper = named_in_the_error([
    ("named by a helper", lambda: _raise(ValueError("b must have 3 entries; got 2")),
     ValueError, "p", "3 entries", "2")])


def test_the_table_s_test_refuses_a_message_that_names_a_helper_s_parameter():
    case = Case("named by a helper", lambda: _raise(ValueError("b must have 3 entries; got 2")),
                ValueError, "p", "3 entries", "2")
    with pytest.raises(AssertionError, match="does not name the argument 'p'"):
        _test_of_a_helper(case)


def test_the_table_s_test_refuses_another_exception_type():
    case = Case("a TypeError for a ValueError", lambda: _raise(TypeError("p must have 3 entries")),
                ValueError, "p", "3 entries")
    with pytest.raises(TypeError):
        _test_of_a_helper(case)


def test_a_table_with_two_cases_of_one_label_is_refused():
    case = ("same", lambda: None, ValueError, "p", "3 entries")
    with pytest.raises(AssertionError, match="cases with the same label"):
        named_in_the_error([case, case])
