"""Grading a class: `make grade` over a folder of submissions, and GitHub Classroom's
result format."""
