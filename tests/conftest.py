"""Shared test settings: hypothesis runs derandomized (the same examples on every
run, so CI is reproducible) and without per-example deadlines (sympy is slow to warm up)."""

from hypothesis import settings

settings.register_profile("course", derandomize=True, deadline=None, max_examples=60,
                          print_blob=True)
settings.load_profile("course")
