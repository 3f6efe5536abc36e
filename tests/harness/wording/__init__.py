"""Every sentence the grader says to the learner, written once, one module per kind.

The learner reads these instead of tracebacks, so each names the call that
misbehaved and where in the learner's own file it happened. The report lays
them out; the child and the grading choose which to say.

The rule: these modules hold str constants and functions that return words,
nothing else. They do no I/O and decide nothing; a sentence two commands say
lives in `common` (or in the module of the command that says it first, which the
other imports), never twice.
"""
