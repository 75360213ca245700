"""Saved sessions at a glance: one TranscriptSummary per file, cached in the folder's .index.json."""

from __future__ import annotations

import contextlib
import json
import os
import unicodedata
from datetime import datetime, timezone
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from interviewer import turns
from interviewer.errors import TranscriptError
from interviewer.files import InputFileError, read_limited
from interviewer.transcript import MAX_BYTES, SCHEMA_VERSION, Transcript, atomic_write, load, plan_topics


class TranscriptSummary(BaseModel):
    """One saved session at a glance (`transcripts list`); `error` set means the file could not be read."""

    id: str
    path: str
    created_at: str = ""
    updated_at: str = ""
    skill: str = Field(default="", description="the pack's name")
    mode: str = ""
    status: str = Field(default="", description="in_progress | finished | unreadable")
    lang: str = ""
    answers: int = Field(default=0, description="the candidate's answers (commands such as /hint are not answers)")
    levels: dict[str, int | None] = Field(default={}, description="planned topic → level (None = not assessed)")
    error: str | None = Field(default=None, description="why the file could not be read")
    candidate: str = Field(default="", description="the candidate's name: the first line of the plan's candidate")
    questions: int = Field(default=0, description="questions asked (the goodbye and /hint clarifications not counted)")
    commands: int = Field(default=0, description="candidate turns that were commands (/skip, /hint, /repeat, /end)")


def cells(text: str) -> int:
    """Terminal cells `text` takes: a Chinese character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def clipped(text: str, width: int) -> str:
    """`text` on one line in at most `width` cells, with … when cut (names in History and `transcripts list`)."""
    text = " ".join(text.split())
    if cells(text) <= width:
        return text
    while cells(text) > width - 1:
        text = text[:-1]
    return text + "…"


def candidate_name(candidate: str) -> str:
    """The name line of a plan's candidate summary ("Alex Chen" of "Alex Chen\nML Infrastructure Engineer")."""
    return next((line.strip() for line in candidate.splitlines() if line.strip()), "")


def summarize(transcript: Transcript, path: Path) -> TranscriptSummary:
    """The summary of a loaded transcript; levels come from the scorecard, else the best level scored so far."""
    if transcript.scorecard.topics:
        levels = {t.topic: t.level for t in transcript.scorecard.topics}
    else:
        levels = dict.fromkeys(plan_topics(transcript))
        for turn in transcript.turns:
            a = turn.assessment
            if a and a.level is not None and a.topic in levels:
                levels[a.topic] = max(levels[a.topic] or 0, a.level)
    return TranscriptSummary(
        id=transcript.id, path=str(path), created_at=transcript.created_at, updated_at=transcript.updated_at,
        skill=transcript.skill.name, mode=transcript.mode, status=transcript.status, lang=transcript.lang,
        answers=len(turns.answers(transcript.turns)), levels=levels,
        candidate=candidate_name(transcript.plan.candidate), questions=turns.questions(transcript.turns),
        commands=len(turns.commands(transcript.turns)))


def _summarize_file(path: Path) -> TranscriptSummary:
    try:
        return summarize(load(path), path)
    except TranscriptError as e:
        return TranscriptSummary(id=path.stem, path=str(path), status="unreadable", error=e.message)


# Summaries cached by (size, mtime, inode): every atomic save makes a new inode, so a changed file is
# always re-read, and listing 1,000 sessions costs 1,000 stat calls instead of 1,000 parses.
INDEX_NAME = ".index.json"
_INDEX_VERSION = 2  # 2: candidate, questions and commands; answers without commands


def _read_index(folder: Path) -> dict:
    try:
        # read_limited: a FIFO or device planted under the index's name must not hang every listing.
        data = json.loads(read_limited(folder / INDEX_NAME, MAX_BYTES))
    except (InputFileError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict) or data.get("version") != [_INDEX_VERSION, SCHEMA_VERSION]:
        return {}
    entries = data.get("files")
    return entries if isinstance(entries, dict) else {}


def _sort_key(summary: TranscriptSummary, mtime: float) -> tuple[float, str]:
    try:
        when = datetime.fromisoformat(summary.updated_at)
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        return (when.timestamp(), summary.id)
    except ValueError:
        return (mtime, summary.id)


def list_transcripts(folder: Path) -> list[TranscriptSummary]:
    """Every `*.json` session in `folder`, newest first; unreadable files are listed with their error."""
    return list_sessions([folder])


def list_sessions(folders: list[Path]) -> list[TranscriptSummary]:
    """The sessions of several folders (the default one and a legacy ./transcripts), newest first."""
    found = [pair for folder in folders for pair in _scan(Path(folder))]
    found.sort(key=lambda pair: pair[0], reverse=True)
    return [s for _, s in found]


def _scan(folder: Path) -> list[tuple[tuple[float, str], TranscriptSummary]]:
    if not folder.is_dir():
        if folder.exists():
            raise TranscriptError(f"{folder} is a file, not a transcripts folder")
        return []
    index = _read_index(folder)
    fresh: dict[str, dict] = {}
    found: list[tuple[tuple[float, str], TranscriptSummary]] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.name.startswith(".") or not entry.name.endswith(".json"):
                continue
            try:
                if not entry.is_file():
                    continue
                st = entry.stat()
            except OSError:
                continue
            key = [st.st_size, st.st_mtime_ns, st.st_ino]
            path = folder / entry.name
            summary = None
            cached = index.get(entry.name)
            if isinstance(cached, dict) and cached.get("key") == key:
                with contextlib.suppress(ValidationError, TypeError):
                    summary = TranscriptSummary.model_validate({**cached.get("summary"), "path": str(path)})
            if summary is None:
                summary = _summarize_file(path)
            fresh[entry.name] = {"key": key, "summary": summary.model_dump(exclude={"path"})}
            found.append((_sort_key(summary, st.st_mtime), summary))
    if fresh != index:
        # A cache that cannot be written (read-only folder) only costs speed next time.
        with contextlib.suppress(OSError):
            data = {"version": [_INDEX_VERSION, SCHEMA_VERSION], "files": fresh}
            atomic_write(folder / INDEX_NAME, json.dumps(data, ensure_ascii=False).encode("utf-8"))
    return found
