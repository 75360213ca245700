"""The report of a session: a view model built from a Transcript, rendered to Markdown, HTML or JSON.

The report describes what the candidate showed, topic by topic, with quotes and with how every number
was computed. A practice report never gives a hire / no-hire verdict; the report of a co-pilot session is
the interviewer's decision view and adds a recommendation with its basis (report_manager).
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from interviewer import i18n, turns
from interviewer.report_manager import ManagerView, manager_view
from interviewer.scorecard import AnswerRef, overall_level
from interviewer.scoring import Assessment, MarkerHit, Scorecard, TopicScore
from interviewer.skills import SkillRef
from interviewer.textutil import normalize_key
from interviewer.transcript import ProviderRef, Transcript, plan_topics


_LIST_MARK = re.compile(r"^\s*(?:[-*•+]|\d+[.)、])\s+")


class Quote(BaseModel):
    text: str
    verified: bool = Field(description="found in one of the candidate's answers (whitespace/punctuation ignored)")


class DangerReport(BaseModel):
    topic: str
    signal: str
    evidence: str
    verified: bool = Field(description="the quote was found in the candidate's answers")


class TopicReport(BaseModel):
    """One planned topic: the level reached with its quotes, or "not assessed" with the reason."""

    topic: str
    chains: list[str] = Field(description="plan chain ids on this topic")
    level: int | None = Field(description="1-4; None = not assessed")
    level_label: str
    evidence: list[Quote]
    markers: list[MarkerHit] = Field(description="points covered, each with its quote")
    missed_markers: list[str]
    feedback: str = Field(description="what would lift the topic one level: the feedback of its latest answer at "
                                      "the topic's level")
    answers: int = Field(description="answers on this topic that got a level")
    how: str = Field(description="how the level was computed")
    resume_evidence: list[str] = Field(description="résumé quotes the topic's chains were built from")
    best: AnswerRef | None = Field(default=None, description="the strongest answer on the topic, with a quote")
    weakest: AnswerRef | None = Field(default=None, description="the weakest answer on the topic, with a quote")


class ReportView(BaseModel):
    """Everything a report shows; the `report --format json` contract."""

    id: str
    skill: SkillRef
    provider: ProviderRef
    lang: str
    mode: str
    status: str
    created_at: str
    updated_at: str
    candidate: str
    answers: int = Field(description="the candidate's answers (commands such as /skip or /hint are not answers)")
    scored_answers: int = Field(description="answers whose assessment has a level")
    assessed_topics: int
    total_topics: int
    overall: float | None = Field(default=None, description="the mean level of every scored answer, one decimal; "
                                                            "None = no answer scored")
    topics: list[TopicReport]
    danger_signals: list[DangerReport]
    strengths: list[str]
    improvements: list[str] = Field(description="each with one concrete practice item")
    summary: str
    method: list[str] = Field(description="how every number in the report was computed")
    scorecard_source: str = Field(description="'transcript' (saved by the session) or 'computed' (by this report)")
    conversation: list[dict] = Field(description="turns: role, text, chain, command (a /command, not an answer), "
                                                  "and for answers signal and level")
    commands: int = Field(default=0, description="candidate turns that were commands (/skip, /hint, /repeat, /end)")
    questions: int = Field(default=0, description="questions asked (the goodbye and /hint clarifications not counted)")
    manager: ManagerView | None = Field(default=None, description="co-pilot sessions: the interviewer's decision view")


def _found(quote: str, answers_key: str) -> bool:
    """textutil.found_in against the answers normalised once, not once per quote."""
    q = normalize_key(quote)
    return bool(q) and q in answers_key


def labels(lang: str) -> dict:
    """The report's words in `lang`, with the signal and level names the templates look up."""
    return {**i18n.section(lang, "report"), "signal": i18n.section(lang, "signals"),
            "names": i18n.section(lang, "level_names"), "commands": i18n.section(lang, "commands")}


def _scorecard(t: Transcript, assessed: list[Assessment]) -> tuple[Scorecard, str]:
    if t.scorecard.topics:
        return t.scorecard, "transcript"
    from interviewer import scoring

    return scoring.build_scorecard(plan_topics(t), assessed, t.lang), "computed"


def _topic_report(topic: str, score: TopicScore | None, t: Transcript, mine: list[Assessment],
                  answers_key: str, L: dict) -> TopicReport:
    chains = [c for c in t.plan.chains if c.topic == topic]
    level = score.level if score else None
    asked = any(turn.role == "interviewer" and turn.action != "end" and turn.chain in {c.id for c in chains}
                for turn in t.turns)
    # One wording for an unassessed topic, said by the label and by "how": the scorecard's own "how" is
    # computed from answers alone and cannot tell "never asked" from "asked, nothing to assess".
    reason = L["unanswered"] if asked or mine else L["never_asked"]
    hits: dict[str, MarkerHit] = {}
    for a in mine:
        for m in a.markers:
            hits.setdefault(normalize_key(m.marker), m)
    missed = list(dict.fromkeys(m for a in mine for m in a.missed_markers if normalize_key(m) not in hits))
    scored = [a for a in mine if a.level is not None]
    # What lifts the topic is what lifts an answer at its level: after "1, 2, 1" the best answer's "back the choice
    # with numbers" is not the step the topic needs.
    guide = next((a for a in reversed(scored) if a.level == level), None) or max(
        reversed(scored), key=lambda a: a.level, default=None)
    if level is None:
        how = reason
    else:
        how = score.how if score and score.how else L["how_fallback"].format(
            n=len(scored), levels=", ".join(str(a.level) for a in scored))
    return TopicReport(
        topic=topic, chains=[c.id for c in chains], level=level,
        level_label=(L["level_fmt"].format(level=level, name=L["names"].get(level, "?")) if level is not None
                     else f"{L['not_assessed']} — {reason}"),
        evidence=[Quote(text=q, verified=_found(q, answers_key)) for q in (score.evidence if score else [])],
        markers=list(hits.values()), missed_markers=missed if level is not None else [],
        feedback=guide.feedback if guide else "", answers=len(scored), how=how,
        # Two chains on one topic may quote the same line; a list marker ("- ") is layout, not the quote.
        resume_evidence=list(dict.fromkeys(_LIST_MARK.sub("", e.quote) for c in chains for e in c.evidence)),
        best=score.best if score else None, weakest=score.weakest if score else None)


def build_report(t: Transcript) -> ReportView:
    """The report view model of one transcript (the scorecard is computed when the session saved none)."""
    L = labels(t.lang)
    answers = turns.answers(t.turns)
    assessed = [turn.assessment for turn in answers if turn.assessment]
    answers_key = normalize_key("\n".join(turn.text for turn in answers))
    card, source = _scorecard(t, assessed)
    topics = plan_topics(t)
    topics += [s.topic for s in card.topics if s.topic not in topics]
    by_topic = {s.topic: s for s in card.topics}
    keys = {normalize_key(x): x for x in topics}
    chain_topic = {c.id: c.topic for c in t.plan.chains}
    mine: dict[str, list[Assessment]] = {x: [] for x in topics}
    for turn in answers:
        if turn.assessment:
            x = keys.get(normalize_key(turn.assessment.topic)) or chain_topic.get(turn.chain or "")
            if x in mine:
                mine[x].append(turn.assessment)
    reports = [_topic_report(x, by_topic.get(x), t, mine[x], answers_key, L) for x in topics]
    assessed_n = sum(r.level is not None for r in reports)
    scored = sum(a.level is not None for a in assessed)
    scorers = ", ".join(dict.fromkeys(a.scorer for a in assessed)) or L["scorers_none"]
    overall = card.overall if card.overall is not None else overall_level(assessed)
    method = [L["m_scale"].format(scorers=scorers), L["m_topic"], L["m_overall"],
              L["m_assessed"].format(assessed=assessed_n, total=len(reports)),
              L["m_answers"].format(answers=len(answers), scored=scored),
              L["m_dangers"].format(dangers=len(card.danger_signals)), L["m_quotes"]]
    if source == "computed":
        method.append(L["m_computed"])
    dangers = [DangerReport(**d.model_dump(), verified=_found(d.evidence, answers_key)) for d in card.danger_signals]
    conversation = [{"role": turn.role, "text": turn.text, "chain": turn.chain,
                     "command": turn.role == "candidate" and turns.is_command(turn.text),
                     "signal": turn.assessment.signal if turn.assessment else None,
                     "level": turn.assessment.level if turn.assessment else None} for turn in t.turns]
    return ReportView(
        id=t.id, skill=t.skill, provider=t.provider, lang=t.lang, mode=t.mode, status=t.status,
        created_at=t.created_at, updated_at=t.updated_at, candidate=t.plan.candidate, answers=len(answers),
        scored_answers=scored, assessed_topics=assessed_n, total_topics=len(reports), overall=overall, topics=reports,
        danger_signals=dangers, strengths=card.strengths, improvements=card.improvements,
        summary=card.summary, method=method, scorecard_source=source, conversation=conversation,
        commands=len(turns.commands(t.turns)), questions=turns.questions(t.turns),
        manager=manager_view(t, reports, dangers, overall) if t.mode == "copilot" else None)


def render_report(t: Transcript, fmt: str = "md") -> str:
    """The report as Markdown, self-contained HTML, or the JSON view model."""
    view = build_report(t)
    if fmt == "json":
        return view.model_dump_json(indent=2)
    from interviewer.render import render

    name = "report.html.j2" if fmt == "html" else "report.md.j2"
    return render(name, r=view, L=labels(t.lang))
