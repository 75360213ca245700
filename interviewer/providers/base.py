"""The provider protocol: an interviewer engine decides a turn, a scorer assesses an answer."""

from __future__ import annotations

from typing import Callable, Literal, Protocol

from pydantic import BaseModel, Field

from interviewer.plan import InterviewPlan
from interviewer.scoring import Assessment, Signal
from interviewer.skills import SkillPack, Topic
from interviewer.transcript import SessionState, Turn, Usage

Action = Literal["probe", "switch", "clarify", "end"]


class Decision(BaseModel):
    """One interviewer turn, decided before anything is shown."""

    signal: Signal
    action: Action
    chain: str = Field(description="id of the chain the reply belongs to (the target for a switch)")
    target: str = Field(default="", description="what this question is after: a probe or a rung")
    notes: str = Field(default="", description="working notes, never shown to the candidate")
    reply: str = Field(description="what the interviewer says: one question (or a goodbye for end)")
    step: int | None = Field(default=None, description="offline: the follow-up index this reply uses")
    worded: bool = Field(default=False, description="code chose signal, action and chain; a model only worded the reply")


class TurnContext(BaseModel):
    """Everything an engine may read to decide a turn. Read-only for engines."""

    model_config = {"arbitrary_types_allowed": True}

    pack: SkillPack
    plan: InterviewPlan
    resume_text: str
    lang: str
    history: list[Turn]
    state: SessionState
    candidate_text: str | None = Field(description="None for the opening turn")
    reading: Assessment | None = Field(default=None, description="the offline scorer's reading of the answer")
    forced_action: Action | None = Field(default=None, description="set by code after a second violation")
    violation: str | None = Field(default=None, description="why the previous decision was refused")
    questions_left: int | None = Field(default=None, description="questions left before --max-turns ends the session")
    max_turns: int | None = Field(default=None, description="the session's question budget")
    mode: str = Field(default="practice", description="practice (the candidate answers) or copilot (a manager's notes)")
    covered: dict[str, str] = Field(default={}, description="pack phrase → the quote that already answers it "
                                                           "(answers so far and the résumé): never ask these")
    wording: bool = Field(default=False, description="the session's interviewer role is word: code decides every "
                                                     "turn, so the model's brief leaves out what deciding needs")
    word: Decision | None = Field(default=None, description="wording-only: code's decision for this turn; the "
                                                           "model only words its question")


class Engine(Protocol):
    """An interviewer. `decide` may stream the reply through `on_text` only after validation."""

    name: str
    model: str

    def decide(self, ctx: TurnContext) -> tuple[Decision, list[Usage]]: ...


class Scorer(Protocol):
    name: str

    def score(self, topic: Topic, question: str, answer: str, danger_signals: list[str],
              lang: str) -> tuple[Assessment, list[Usage]]: ...


TextSink = Callable[[str], None]


class TurnFailed(Exception):
    """An engine or scorer could not produce a usable result this turn (the session falls back to offline).

    The message is one line, safe to show: it never contains a key or a request body. `usage` holds what
    the failed call(s) cost, as far as the server said, so the transcript records every call.
    """

    def __init__(self, message: str, usage: list[Usage] | None = None) -> None:
        super().__init__(message)
        self.usage: list[Usage] = list(usage or [])
