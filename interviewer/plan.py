"""SkillPack + résumé matches → InterviewPlan: chains of questions, each with its basis and rubric."""

from __future__ import annotations

from pydantic import BaseModel, Field

from interviewer.resume import Evidence, Resume
from interviewer.skills import SkillPack, SkillRef


class Chain(BaseModel):
    """One line of questioning: a résumé rule (or a topic alone) followed down its ladder."""

    id: str = Field(description="'c1', 'c2', … in plan order")
    rule_index: int | None = Field(description="the rule that produced it; None for a topic-only chain")
    topic: str = Field(description="title of the linked topic")
    evidence: list[Evidence] = Field(description="résumé quotes; empty for a topic-only chain")
    opening: str = Field(description="the first question, anchored in the quote, one question")
    follow_ups: list[str] = Field(description="questions: the rule's probes, then down the topic's ladder")
    follow_up_basis: list[str] = Field(description="for each follow-up, the probe or rung it asks about")
    markers: list[str] = Field(description="signs of a solid answer (from the topic)")
    danger_signals: list[str] = Field(description="red flags to watch (from the linked danger area)")
    on_resume: bool = Field(description="False for a chain filled from topics, 'not on the résumé'")


class ResumeRef(BaseModel):
    sha256: str
    lines: int


class InterviewPlan(BaseModel):
    """What to ask one candidate, in order, and what a solid answer shows."""

    skill: SkillRef
    resume: ResumeRef
    lang: str = Field(description="zh or en")
    minutes: int
    candidate: str = Field(default="", description="who the candidate is, a line or two from the résumé")
    chains: list[Chain]

    def chain(self, chain_id: str) -> Chain | None:
        return next((c for c in self.chains if c.id == chain_id), None)

    def contract_dict(self) -> dict:
        """The `plan --format json` contract."""
        return {
            "skill": self.skill.model_dump(),
            "resume": self.resume.model_dump(),
            "chains": [
                c.model_dump(include={"rule_index", "topic", "evidence", "opening", "follow_ups",
                                      "markers", "danger_signals"})
                for c in self.chains
            ],
        }


def build_plan(pack: SkillPack, resume: Resume, minutes: int = 45, lang: str | None = None) -> InterviewPlan:
    raise NotImplementedError
