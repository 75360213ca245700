"""Which turns are answers and which are questions: the commands (/skip, /hint, /repeat, /end) are neither.

Every count a person reads ("questions 3/30", "20/23 answers scored", ANSWERS in `transcripts list`)
comes from here, so all of them agree.
"""

from __future__ import annotations

from datetime import datetime

COMMANDS = ("/skip", "/hint", "/repeat", "/end")
# A pause longer than this (lunch, a night, a closed laptop) is not interview time.
MAX_GAP_SECONDS = 600


def is_command(text: str) -> bool:
    """True for a message that is only a command (the session records nothing else as one)."""
    return text.strip().lower() in COMMANDS


def answers(turns) -> list:
    """The candidate's turns that are answers, not commands."""
    return [t for t in turns if t.role == "candidate" and not is_command(t.text)]


def commands(turns) -> list:
    return [t for t in turns if t.role == "candidate" and is_command(t.text)]


def question_turns(turns) -> list:
    """The interviewer turns that are questions: not the goodbye, not a hint or a clarification of the pending
    question (the session counts them the same way, and older transcripts mark a hint only by the /hint before it)."""
    out = []
    previous = None
    for t in turns:
        hinted = previous is not None and previous.role == "candidate" and previous.text.strip().lower() == "/hint"
        if t.role == "interviewer" and t.action not in ("end", "hint", "clarify") and not hinted:
            out.append(t)
        previous = t
    return out


def questions(turns) -> int:
    return len(question_turns(turns))


def active_seconds(started: str, turns, cap: float = MAX_GAP_SECONDS) -> float:
    """Interview time so far: the gaps between the start and each saved turn, each gap capped at `cap`.

    A resumed session's clock goes on from here, and a session left open overnight does not count the night.
    """
    stamps = []
    for s in [started, *(t.at for t in turns)]:
        try:
            stamps.append(datetime.fromisoformat(s).timestamp())
        except (TypeError, ValueError):
            continue
    return sum(min(max(b - a, 0.0), cap) for a, b in zip(stamps, stamps[1:]))
