"""Small formatting helpers shared by screens."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path


def when(stamp: str) -> str:
    """An ISO timestamp as local 'YYYY-MM-DD HH:MM' (the stamp itself when it does not parse)."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp[:16] or "-"


def short_path(path: str | Path) -> str:
    """A path relative to the working folder when it is inside it, else with ~ for the home folder."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        pass
    try:
        return "~/" + str(p.resolve().relative_to(Path.home().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(p)


def unbullet(quote: str) -> str:
    """A résumé line without its list marker ("- ", "1. ")."""
    return re.sub(r"^\s*(?:[-*•+]|\d+[.)、])\s+", "", quote)


def session_line(s, T) -> str:
    """A saved session (a TranscriptSummary) in one line: when, who, pack, mode and answers so far."""
    return T("history.summary", when=when(s.updated_at), candidate=s.candidate or T("common.unknown_candidate"),
             pack=s.skill, mode=T.mode(s.mode), answers=s.answers)
