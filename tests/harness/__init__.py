"""The kata grader: catalogue, supervisor, pytest plugin and reports."""
