"""Spec tests of every kata, the grader (tests.harness) and the self-tests."""

import os
import sys

# Python's own modules first on the module path. `python -m tests.harness` puts the
# repository's top folder first, and PYTHONPATH's folders come before Python's own too:
# a random.py a learner leaves at the top, or on PYTHONPATH, would stand in for Python's
# random in the grader, and end every command with a traceback.
_STDLIB = os.path.dirname(os.__file__)
_OWN = {_STDLIB, os.path.join(_STDLIB, "lib-dynload")}
sys.path.sort(
    key=lambda entry: (
        not (
            entry in _OWN
            or (entry.endswith(".zip") and os.path.dirname(entry) == os.path.dirname(_STDLIB))
        )
    )
)
