"""One grading, from the request to the report: the children it runs, the verdicts it
draws from their events, and the report in words or JSON."""
