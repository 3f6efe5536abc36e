"""Primitives every layer uses: where things are, the time limits, what the child and the
grading say to each other, places in the learner's code, files, diffs, the alarm, the
terminal. They import nothing else of the grader."""
