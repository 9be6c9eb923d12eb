"""The sweep of tests/test_bad_input_api.py again, with values at the edges (issue 41): every
numeric argument of every public callable replaced by a number near the top of floating point
(1e300), and by a numpy masked array with a masked entry. A huge number is computed, or
refused by name, or said to overflow (``OverflowError``: "overflows floating point", never
Python's raw ``(34, 'Numerical result out of range')``), or diagnosed for what it is ("out of
reach", "too long to simulate") — and numpy's RuntimeWarnings never leak. A masked entry is
refused by name (the library would compute with what the mask hides); a masked array with
nothing masked is its data."""

import re
import warnings

import numpy as np
import pytest
from bad_input import names
from test_bad_input_api import CALLS, numeric_arguments

HUGE = 1e300
#: What a huge number may be diagnosed as, besides an error that names the argument.
DIAGNOSES = ("overflows floating point", "out of reach", "too long to simulate")


def _numeric_arguments():
    """The numeric arguments of the sweep, but the answer checker's (tests/test_checks.py)."""
    return [case for case in numeric_arguments() if not case[0].startswith("checks.")]


def _names(error, name):
    """Whether ``error`` names ``name`` as a whole name (a huge number may be named in a
    diagnosis, "the tensor of mass 1e+300", not only as the argument the contract wants)."""
    return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", str(error))


def _huge_cases():
    for key, name, value, kind in _numeric_arguments():
        if kind == "number":
            yield pytest.param(key, name, HUGE, id=f"{key}({name}=1e300)")
        elif kind == "vector":
            entries = np.asarray(value, dtype=float).tolist()
            yield pytest.param(key, name, [HUGE, *entries[1:]], id=f"{key}({name}[0]=1e300)")


@pytest.mark.parametrize("key, parameter, value", list(_huge_cases()))
def test_a_huge_number_is_computed_refused_by_name_or_diagnosed(key, parameter, value):
    function, valid = CALLS[key]
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)        # numpy's overflow warnings
        try:
            function(**{**valid, parameter: value})
        except (TypeError, ValueError, OverflowError, RuntimeError) as error:
            text = str(error)
            assert "(34, " not in text, f"{key}: Python's raw overflow error: {text}"
            assert _names(error, parameter) or any(d in text for d in DIAGNOSES), \
                f"{key}: {parameter}={value!r} neither named nor diagnosed: {error}"


def _masked(value, kind, hide):
    array = np.asarray(value, dtype=float)
    mask = np.zeros(array.shape, dtype=bool)
    if hide:
        mask.flat[0] = True
    return np.ma.array(array, mask=mask)


def _masked_cases():
    for key, name, value, kind in _numeric_arguments():
        yield pytest.param(key, name, _masked(value, kind, True), id=f"{key}({name} masked)")
    yield pytest.param("statics.joint_torques_by_jacobian", "wrench",
                       np.ma.array(CALLS["statics.joint_torques_by_jacobian"][1]["wrench"],
                                   mask=[0, 0, 1, 0, 0, 0]), id="the issue's masked wrench")
    yield pytest.param("frames.rot_x", "angle", np.ma.masked, id="numpy's masked constant")


@pytest.mark.parametrize("key, parameter, value", list(_masked_cases()))
def test_a_masked_entry_is_refused_by_name(key, parameter, value):
    """Refused as what hides behind the mask — or, a count, a number of a link or of a row,
    as what it is not (an integer)."""
    function, valid = CALLS[key]
    with pytest.raises((TypeError, ValueError)) as caught:
        function(**{**valid, parameter: value})
    message = str(caught.value)
    assert names(message, parameter), message          # q, or an entry: q[0]
    assert any(kind in message for kind in ("mask", "integer", "distinct row numbers",
                                            "0, 1 or 2")), message


@pytest.mark.parametrize("key, parameter", [
    ("newton_euler.inverse_dynamics", "q"), ("statics.joint_torques_by_jacobian", "wrench"),
    ("trajectories.cubic", "t"), ("identification.condition_number", "W"),
    ("kinematics.forward_kinematics", "q")])
def test_a_masked_array_with_nothing_masked_is_its_data(key, parameter):
    function, valid = CALLS[key]
    plain = function(**valid)
    masked = function(**{**valid, parameter: _masked(valid[parameter], None, False)})
    for got, expected in zip(np.atleast_1d(masked), np.atleast_1d(plain), strict=True):
        np.testing.assert_array_equal(np.asarray(got, dtype=float),
                                      np.asarray(expected, dtype=float))
    assert not isinstance(masked, np.ma.MaskedArray)
