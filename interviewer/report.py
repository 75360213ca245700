"""The report of a session: a view model built from a Transcript, rendered to Markdown, HTML or JSON.

The report describes what the candidate showed, topic by topic, with quotes and with how every number
was computed. It never gives a hire / no-hire verdict.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from interviewer.scoring import Assessment, MarkerHit, Scorecard, TopicScore
from interviewer.skills import SkillRef
from interviewer.textutil import normalize_key
from interviewer.transcript import ProviderRef, Transcript, plan_topics

LABELS = {
    "zh": {
        "title": "面试报告", "id": "编号", "skill": "技能包", "provider": "引擎", "lang": "语言", "status": "状态",
        "in_progress": "进行中", "finished": "已结束", "created": "开始", "updated": "更新", "candidate": "候选人",
        "mode": "模式", "practice": "练习", "copilot": "面试官辅助",
        "summary": "总结", "topics": "各主题的表现", "level": "等级", "not_assessed": "未评估",
        "never_asked": "没有问到", "unanswered": "问了，但没有可以评估的回答",
        "level_fmt": "{level} 级 · {name}", "evidence": "原话", "unverified": "（未在回答中找到）",
        "markers": "答到的要点", "missed": "还没答到的要点", "feedback": "再上一级需要", "how": "怎么算的",
        "basis": "简历依据", "not_on_resume": "简历上没有，按主题提问",
        "dangers": "危险信号", "no_dangers": "没有发现危险信号。", "strengths": "做得好的地方",
        "improvements": "需要加强的地方（每条附一个练习）", "none": "暂无。", "method": "这些数字是怎么算出来的",
        "conversation": "对话记录", "interviewer": "面试官", "candidate_role": "候选人",
        "unfinished": "这场面试还没有结束：最后一个还没回答的问题不计入。",
        "signal": {"answered": "作答", "thin": "偏单薄", "dont_know": "不知道", "help": "求提示", "not_mine": "不是我做的",
                   "refuse": "拒答", "wants_end": "想结束"},
        "names": {1: "答不上来", 2: "知道名词", 3: "讲清机制和数字", 4: "有判断：权衡、验证、真实事故"},
        "m_scale": "等级 1–4：1 答不上来，2 知道名词，3 讲清机制和数字，4 有判断（权衡、验证、真实事故）。"
                   "每次回答都由评分器（{scorers}）在单独的上下文里打分，和提问的引擎分开。",
        "m_topic": "每个主题的等级：由该主题所有已评分回答得出，算法写在该主题的“怎么算的”里。",
        "m_assessed": "已评估主题 {assessed} / {total}：至少有一次回答得到等级的主题算作已评估；"
                      "没问到、跳过或没回答的主题记为“未评估”，不算低分，也不计入任何统计。",
        "m_answers": "回答 {answers} 条，其中 {scored} 条得到了等级。",
        "m_dangers": "危险信号 {dangers} 条：评分器在回答里找到、并逐字引用了原话的信号。",
        "m_quotes": "每条原话都和候选人的回答逐字核对过（忽略空白和标点）；对不上的会标出来。",
        "m_computed": "转录里没有保存评分表，本报告根据每条回答的评分重新汇总。",
        "scorers_none": "无", "how_fallback": "{n} 次已评分回答的等级：{levels}", "lq": "“", "rq": "”", "sep": "：", "list_sep": "；",
    },
    "en": {
        "title": "Interview report", "id": "ID", "skill": "Skill pack", "provider": "Engine", "lang": "Language",
        "status": "Status", "in_progress": "in progress", "finished": "finished", "created": "Started",
        "updated": "Updated", "candidate": "Candidate", "mode": "Mode", "practice": "practice", "copilot": "co-pilot",
        "summary": "Summary", "topics": "Topics", "level": "Level", "not_assessed": "not assessed",
        "never_asked": "never asked", "unanswered": "asked, but no answer that could be assessed",
        "level_fmt": "Level {level} · {name}", "evidence": "Quotes", "unverified": " (not found in the answers)",
        "markers": "Points covered", "missed": "Points not covered yet", "feedback": "To reach the next level",
        "how": "How this was computed", "basis": "From the résumé", "not_on_resume": "not on the résumé; asked from the topic",
        "dangers": "Red flags", "no_dangers": "No red flags found.", "strengths": "Strengths",
        "improvements": "To improve (each with one practice item)", "none": "None yet.",
        "method": "How the numbers were computed", "conversation": "Conversation", "interviewer": "Interviewer",
        "candidate_role": "Candidate",
        "unfinished": "This session is not finished: the last, unanswered question is not counted.",
        "signal": {"answered": "answered", "thin": "thin", "dont_know": "don't know", "help": "asked for help",
                   "not_mine": "not my part", "refuse": "declined", "wants_end": "wants to end"},
        "names": {1: "can't answer yet", 2: "knows the names", 3: "explains the mechanism with numbers",
                  4: "judgement: trade-offs, validation, a real incident"},
        "m_scale": "Levels 1–4: 1 can't answer yet, 2 knows the names, 3 explains the mechanism with numbers, "
                   "4 judgement (trade-offs, validation, a real incident). Each answer is scored by the scorer "
                   "({scorers}) in a fresh context, apart from the engine that asks the questions.",
        "m_topic": "Each topic's level comes from every scored answer on it; the rule is under the topic's "
                   "\"How this was computed\".",
        "m_assessed": "Topics assessed: {assessed} of {total}. A topic counts as assessed when at least one answer on it "
                      "got a level; unasked, skipped or unanswered topics are \"not assessed\", never a low score, "
                      "and are left out of every count.",
        "m_answers": "{answers} answers; {scored} of them got a level.",
        "m_dangers": "Red flags: {dangers}, each a signal the scorer found in the answers, with its verbatim quote.",
        "m_quotes": "Every quote was checked against the candidate's answers (ignoring whitespace and punctuation); "
                    "a quote that does not match is marked.",
        "m_computed": "The transcript holds no scorecard; this report totals the per-answer scores itself.",
        "scorers_none": "none", "how_fallback": "levels of the {n} scored answers: {levels}", "lq": "\"", "rq": "\"",
        "sep": ": ", "list_sep": "; ",
    },
}


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
    feedback: str = Field(description="what would lift the best answer one level")
    answers: int = Field(description="answers on this topic that got a level")
    how: str = Field(description="how the level was computed")
    resume_evidence: list[str] = Field(description="résumé quotes the topic's chains were built from")


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
    answers: int = Field(description="candidate turns")
    scored_answers: int = Field(description="candidate turns whose assessment has a level")
    assessed_topics: int
    total_topics: int
    topics: list[TopicReport]
    danger_signals: list[DangerReport]
    strengths: list[str]
    improvements: list[str] = Field(description="each with one concrete practice item")
    summary: str
    method: list[str] = Field(description="how every number in the report was computed")
    scorecard_source: str = Field(description="'transcript' (saved by the session) or 'computed' (by this report)")
    conversation: list[dict] = Field(description="turns: role, text, chain, and for answers signal and level")


def _found(quote: str, answers_key: str) -> bool:
    """textutil.found_in against the answers normalised once, not once per quote."""
    q = normalize_key(quote)
    return bool(q) and q in answers_key


def labels(lang: str) -> dict:
    return LABELS.get(lang, LABELS["en"])


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
    reason = L["unanswered"] if asked or mine else L["never_asked"]
    hits: dict[str, MarkerHit] = {}
    for a in mine:
        for m in a.markers:
            hits.setdefault(normalize_key(m.marker), m)
    missed = list(dict.fromkeys(m for a in mine for m in a.missed_markers if normalize_key(m) not in hits))
    scored = [a for a in mine if a.level is not None]
    best = max(reversed(scored), key=lambda a: a.level, default=None)
    how = score.how if score and score.how else (reason if level is None else L["how_fallback"].format(
        n=len(scored), levels=", ".join(str(a.level) for a in scored)))
    return TopicReport(
        topic=topic, chains=[c.id for c in chains], level=level,
        level_label=(L["level_fmt"].format(level=level, name=L["names"].get(level, "?")) if level is not None
                     else f"{L['not_assessed']} — {reason}"),
        evidence=[Quote(text=q, verified=_found(q, answers_key)) for q in (score.evidence if score else [])],
        markers=list(hits.values()), missed_markers=missed if level is not None else [],
        feedback=best.feedback if best else "", answers=len(scored), how=how,
        resume_evidence=[e.quote for c in chains for e in c.evidence])


def build_report(t: Transcript) -> ReportView:
    """The report view model of one transcript (the scorecard is computed when the session saved none)."""
    L = labels(t.lang)
    answers = [turn for turn in t.turns if turn.role == "candidate"]
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
    method = [L["m_scale"].format(scorers=scorers), L["m_topic"],
              L["m_assessed"].format(assessed=assessed_n, total=len(reports)),
              L["m_answers"].format(answers=len(answers), scored=scored),
              L["m_dangers"].format(dangers=len(card.danger_signals)), L["m_quotes"]]
    if source == "computed":
        method.append(L["m_computed"])
    conversation = [{"role": turn.role, "text": turn.text, "chain": turn.chain,
                     "signal": turn.assessment.signal if turn.assessment else None,
                     "level": turn.assessment.level if turn.assessment else None} for turn in t.turns]
    return ReportView(
        id=t.id, skill=t.skill, provider=t.provider, lang=t.lang, mode=t.mode, status=t.status,
        created_at=t.created_at, updated_at=t.updated_at, candidate=t.plan.candidate, answers=len(answers),
        scored_answers=scored, assessed_topics=assessed_n, total_topics=len(reports), topics=reports,
        danger_signals=[DangerReport(**d.model_dump(), verified=_found(d.evidence, answers_key))
                        for d in card.danger_signals], strengths=card.strengths, improvements=card.improvements,
        summary=card.summary, method=method, scorecard_source=source, conversation=conversation)


def render_report(t: Transcript, fmt: str = "md") -> str:
    """The report as Markdown, self-contained HTML, or the JSON view model."""
    view = build_report(t)
    if fmt == "json":
        return view.model_dump_json(indent=2)
    from interviewer.render import render

    name = "report.html.j2" if fmt == "html" else "report.md.j2"
    return render(name, r=view, L=labels(t.lang))
