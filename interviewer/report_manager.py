"""The manager's view of a co-pilot session: a recommendation with its basis, and what the interview did not cover.

The person who ran the interview decides; this says what the scored answers support and by which rule, so
the recommendation can be checked against the levels and quotes above it, not taken on trust.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from interviewer import i18n
from interviewer.plan_view import chain_titles

RECOMMENDATIONS = ("strong_hire", "lean_hire", "lean_no", "no_hire", "not_enough")
MIN_TOPICS = 2  # one topic is an anecdote, not evidence for a decision


class ManagerView(BaseModel):
    """What a co-pilot report adds for the interviewer."""

    recommendation: str = Field(description="strong_hire | lean_hire | lean_no | no_hire | not_enough")
    recommendation_label: str = Field(description="the recommendation in words, in the session's language")
    basis: str = Field(description="the figures the recommendation was derived from")
    rule: str = Field(description="the rule that turns those figures into the recommendation")
    not_covered: list[str] = Field(description="planned chains never asked, and topics with no answer to assess")


def recommend(levels: list[int], overall: float | None, red_flags: int) -> str:
    """The rule (said in words by the catalogue's report.rec_rule): levels of the assessed topics, the overall level
    (the mean of every scored answer, the report's one mean) and red flags."""
    if len(levels) < MIN_TOPICS or overall is None:
        return "not_enough"
    if min(levels) >= 3 and max(levels) == 4 and red_flags == 0:
        return "strong_hire"
    if overall >= 2.5 and min(levels) > 1 and red_flags <= 1:
        return "lean_hire"
    if overall < 2 or red_flags >= 3:
        return "no_hire"
    return "lean_no"


def manager_view(t, topics, dangers, overall: float | None) -> ManagerView:
    """`topics` are the report's TopicReports, `dangers` its DangerReports (only verified quotes count), `overall` its
    overall level."""
    L = i18n.section(t.lang, "report")
    levels = [x.level for x in topics if x.level is not None]
    flags = sum(1 for d in dangers if d.verified)
    code = recommend(levels, overall, flags)
    mean = f"{overall:.1f}" if overall is not None else "-"
    basis = L["rec_basis"].format(assessed=len(levels), total=len(topics), levels=", ".join(map(str, levels)) or "-",
                                  mean=mean, flags=flags, low=sum(1 for v in levels if v == 1))
    asked = {turn.chain for turn in t.turns if turn.role == "interviewer" and turn.action != "end"}
    titles = chain_titles(t.plan)  # two chains on one topic are told apart by their résumé line
    missing = [L["m_chain_never"].format(chain=c.id, topic=titles[c.id], opening=c.opening)
               for c in t.plan.chains if c.id not in asked]
    never_topics = {c.topic for c in t.plan.chains if c.id not in asked}
    missing += [L["m_topic_never"].format(topic=x.topic) for x in topics
                if x.level is None and x.topic not in never_topics]
    return ManagerView(recommendation=code, recommendation_label=L["rec"][code], basis=basis, rule=L["rec_rule"],
                       not_covered=missing)
