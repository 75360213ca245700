"""Hardening fixtures; when HARDENING_COUNTS names a file, the run's counts are written there for the bench."""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from hardening import support

_OUTCOMES: Counter = Counter()


def pytest_runtest_logreport(report):
    if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
        module = report.nodeid.split("::")[0].rsplit("/", 1)[-1].removesuffix(".py")
        _OUTCOMES[f"{module}.{report.outcome}"] += 1


def pytest_sessionfinish(session, exitstatus):
    target = os.environ.get("HARDENING_COUNTS")
    if not target:
        return
    data = {"counts": dict(support.COUNTS), "figures": support.FIGURES, "outcomes": dict(_OUTCOMES)}
    with open(target, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1, default=str)


@pytest.fixture
def work(tmp_path):
    """A scratch folder the CLI runs in (its default ./transcripts lands here)."""
    d = tmp_path / "work"
    d.mkdir()
    return d
