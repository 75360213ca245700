"""Assessment of one answer against one topic, the session Scorecard, and quote verification."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from interviewer.skills import Topic

Signal = Literal["answered", "thin", "dont_know", "help", "not_mine", "refuse", "wants_end"]


class MarkerHit(BaseModel):
    marker: str = Field(description="a marker of the topic, verbatim")
    evidence: str = Field(description="a quote of the answer that shows it")


class DangerHit(BaseModel):
    signal: str = Field(description="a danger signal of the topic's area, verbatim, or a generic cue")
    evidence: str = Field(description="a quote of the answer that shows it")


class Assessment(BaseModel):
    """One answer, scored. Every scorer (offline or LLM) returns this."""

    topic: str
    signal: Signal
    level: int | None = Field(description="1 can't, 2 names, 3 mechanism+numbers, 4 judgement; None = not assessed")
    markers: list[MarkerHit] = []
    missed_markers: list[str] = []
    danger_signals: list[DangerHit] = []
    feedback: str = Field(default="", description="one line: what would lift the answer one level")
    scorer: str = Field(default="offline", description="which scorer produced it, e.g. 'offline', 'anthropic:claude-…'")


def classify_signal(text: str) -> Signal:
    """The candidate's intent, judged on content (zh and en)."""
    raise NotImplementedError


def score_answer(topic: Topic, answer: str, question: str = "", danger_signals: list[str] | None = None,
                 lang: str | None = None) -> Assessment:
    """The offline scorer: deterministic, no network."""
    raise NotImplementedError


def verify(assessment: Assessment, answer: str, topic: Topic, danger_signals: list[str]) -> Assessment:
    """Drop quotes not found in the answer, markers/signals not in the rubric; clamp the level to 1-4."""
    raise NotImplementedError


class TopicScore(BaseModel):
    topic: str
    level: int | None = Field(description="the level reached; None = not assessed (never asked, skipped, unanswered)")
    evidence: list[str] = Field(default=[], description="quotes that support the level")
    how: str = Field(default="", description="how the level was computed, in words")


class ScoredDanger(BaseModel):
    topic: str
    signal: str
    evidence: str


class Scorecard(BaseModel):
    """The session's result: per-topic levels with quotes, red flags, strengths and improvements."""

    topics: list[TopicScore] = []
    danger_signals: list[ScoredDanger] = []
    summary: str = ""
    strengths: list[str] = []
    improvements: list[str] = Field(default=[], description="each with one concrete practice item")


def build_scorecard(topics: list[str], assessed: list[Assessment], lang: str = "zh") -> Scorecard:
    """Scorecard over the plan's topics (in plan order) from every assessment of the session."""
    raise NotImplementedError
