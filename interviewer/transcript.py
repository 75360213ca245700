"""The Transcript model, atomic autosave (temp file, fsync, rename, 0600), load, resume and list."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from interviewer.plan import InterviewPlan
from interviewer.scoring import Assessment, Scorecard
from interviewer.skills import SkillRef

SCHEMA_VERSION = 1


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class ProviderRef(BaseModel):
    name: str = "offline"
    model: str = ""


class Usage(BaseModel):
    """Tokens one LLM call used."""

    purpose: Literal["interviewer", "scorer"]
    input: int = 0
    output: int = 0
    cached: int = 0


class Turn(BaseModel):
    index: int = Field(description="0-based position in the session")
    role: Literal["interviewer", "candidate"]
    text: str
    at: str = Field(default_factory=now)
    chain: str | None = Field(default=None, description="chain id the turn belongs to")
    action: str | None = Field(default=None, description="interviewer: probe | switch | clarify | end | open | repeat | hint")
    engine: str | None = Field(default=None, description="interviewer: which engine spoke (offline, anthropic, openai, offline-fallback)")
    target: str | None = Field(default=None, description="interviewer: what this question is after (a probe or a rung)")
    notes: str | None = Field(default=None, description="interviewer: working notes (not shown to the candidate)")
    assessment: Assessment | None = Field(default=None, description="candidate: the scorer's output")
    usage: list[Usage] = Field(default=[], description="LLM calls made for this turn")


class SessionState(BaseModel):
    """What the loop needs to continue; rebuilt from the transcript on resume."""

    chain_pos: int = Field(default=0, description="index into plan.chains of the current chain")
    steps: dict[str, int] = Field(default={}, description="chain id → follow-ups used so far")
    misses: int = Field(default=0, description="consecutive dont_know / not_mine on the current chain")
    skipped: list[str] = Field(default=[], description="chain ids the candidate skipped")
    asked: list[str] = Field(default=[], description="every question asked, to never repeat one")
    questions: int = Field(default=0, description="questions asked so far (for --max-turns)")


class Transcript(BaseModel):
    schema_version: int = SCHEMA_VERSION
    id: str
    status: Literal["in_progress", "finished"] = "in_progress"
    created_at: str = Field(default_factory=now)
    updated_at: str = Field(default_factory=now)
    mode: Literal["practice", "copilot"] = "practice"
    skill: SkillRef
    provider: ProviderRef = ProviderRef()
    lang: str
    resume_text: str = Field(default="", description="the normalised résumé, so a session can resume anywhere")
    plan: InterviewPlan
    turns: list[Turn] = []
    state: SessionState = SessionState()
    max_turns: int = 30
    scorecard: Scorecard = Scorecard()


def new_id() -> str:
    """Sortable and unique: UTC time plus random hex."""
    import secrets

    return datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


def save(transcript: Transcript, path: Path) -> None:
    """Atomic write: temp file in the same folder, fsync, rename; mode 0600. Raises OSError."""
    raise NotImplementedError


def load(path: Path) -> Transcript:
    """Parse a transcript; TranscriptError for a missing, corrupt or future-version file."""
    raise NotImplementedError


class TranscriptStore:
    """Saves one session's file after every turn; a failed save warns, keeps going and retries next turn."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.last_error: str | None = None

    def save(self, transcript: Transcript) -> bool:
        raise NotImplementedError
