"""The grading engine: one supervised child process that runs pytest with the grading
plugin on the learner's folder, its watchdog, its reaper and its tamper evidence."""
