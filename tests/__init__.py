"""Spec tests of every kata, the grader (tests.harness) and the self-tests."""
