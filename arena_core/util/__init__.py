"""Helpers every package uses: files, hashing, per-object guard, tolerances, input size
limits, text keys."""
