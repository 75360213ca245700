"""Engines and scorers: the offline one and the LLM ones, found through a lazy registry."""
