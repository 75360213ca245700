"""Hardening tests: bad input, fuzzing, kills, hostile text, secrets and load, each with a count for the bench."""
