"""Spades Scorekeeper: the scoring core is pure; storage and UI sit around it."""

__version__ = "0.1.0"
