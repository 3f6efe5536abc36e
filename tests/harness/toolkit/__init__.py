"""The spec tests' toolkit: calling the learner's code and saying what it did, generated
call sequences against a model, threads on a schedule, and the models two katas share.
The kata test files import it; it imports only the primitives and the wording."""
