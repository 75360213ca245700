"""Fixtures for the terminal UI tests: an app on the offline engine with a frozen clock and no cursor blink."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parents[2]
OUR_PACK = ROOT / "skills" / "distributed-training"
SAMPLE_RESUME = OUR_PACK / "sample-resume.md"
SAMPLE_RESUME_EN = OUR_PACK / "sample-resume.en.md"


def transcripts_folder() -> Path:
    """The folder tests/conftest.py's autouse fixture points INTERVIEWER_TRANSCRIPTS at."""
    return Path(os.environ["INTERVIEWER_TRANSCRIPTS"])


@pytest.fixture
def make_test_app():
    """Build the app the way the CLI does, with the clock frozen so the elapsed time never changes."""
    from interviewer.tui.app import make_app

    def build(**kwargs):
        kwargs.setdefault("clock", lambda: 1000.0)
        kwargs.setdefault("blink", False)
        return make_app(**kwargs)

    return build


async def settle(pilot, rounds: int = 40) -> None:
    """Wait until no worker is running and the screen has caught up (workers start one another)."""
    app = pilot.app
    for _ in range(rounds):
        await pilot.pause()
        busy = [w for w in app.workers if not w.is_finished and w.group != "warm-up"]
        if not busy:
            await pilot.pause()
            return
        await app.workers.wait_for_complete(busy)
    raise AssertionError(f"workers still running: {[w.name for w in app.workers if not w.is_finished]}")


def screen_text(app) -> str:
    """Every Static and Label on the current screen, as plain text (what the user reads)."""
    from textual.widgets import Static

    parts = []
    for w in app.screen.query(Static):
        if not w.display:
            continue
        c = w.content
        parts.append(c.plain if hasattr(c, "plain") else str(c))
    return "\n".join(parts)
