"""The shape of every bad-input test: a table of cases ``(label, call, error, pattern)``, each
asserting the exception type and that its message (``re.search``) names the argument the
user passed, what was expected and, where useful, what was got."""

import pytest


def named_in_the_error(cases):
    """A parametrized test over ``cases``: ``call()`` raises ``error`` matching ``pattern``."""
    labels = [case[0] for case in cases]
    duplicates = sorted({label for label in labels if labels.count(label) > 1})
    assert not duplicates, f"cases with the same label: {duplicates}"

    @pytest.mark.parametrize("call, error, pattern", [case[1:] for case in cases], ids=labels)
    def test_bad_input_is_named_in_the_error(call, error, pattern):
        with pytest.raises(error, match=pattern):
            call()
    return test_bad_input_is_named_in_the_error
