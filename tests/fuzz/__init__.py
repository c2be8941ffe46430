"""Compiler fuzzing: strategies shared by the quick profile (pytest) and the long run (run.py)."""
