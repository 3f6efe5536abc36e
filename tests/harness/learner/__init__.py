"""The learner's commands around a check: progress, hints, watch, the interview and its
debrief, and the learner's own regression tests scored."""
