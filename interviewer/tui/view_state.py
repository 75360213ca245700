"""Plain snapshots of a live session, taken in the worker thread and handed to the screen in a message.

Widgets never read the Session itself: the scorer thread may still be writing to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from interviewer import turns as T
from interviewer.scorecard import topic_level


@dataclass
class AnswerView:
    """One scored answer for the feedback panel."""

    number: int
    excerpt: str
    assessment: object | None


@dataclass
class TopicView:
    """One planned topic in the co-pilot scoring grid."""

    topic: str
    level: int | None
    markers: int
    dangers: int


@dataclass
class SessionView:
    """What the side panel shows after a turn."""

    chain_id: str = ""
    chain_topic: str = ""
    on_resume: bool = True
    evidence: str = ""
    steps: int = 0
    follow_ups: int = 0
    chain_questions: int = 0
    questions: int = 0
    max_turns: int = 0
    finished: bool = False
    path: str = ""
    lang: str = "zh"
    answers: list[AnswerView] = field(default_factory=list)
    grid: list[TopicView] = field(default_factory=list)
    chains: list[tuple[str, str, str]] = field(default_factory=list)


def excerpt(text: str, width: int = 60) -> str:
    one = " ".join(text.split())
    return one if len(one) <= width else one[: width - 1] + "…"


def session_view(session) -> SessionView:
    """A copy of everything the side panel needs from `session` (call it in the worker)."""
    t = session.transcript
    chain = session.current_chain
    answers: list[AnswerView] = []
    # The planned topics, then any other one a question was judged by ("MFU 是按什么口径算的？" in a chain on
    # parallel layouts); each at the level the report gives it (the median of its answers), not its best answer.
    cells: dict[str, TopicView] = {c.topic: TopicView(c.topic, None, 0, 0) for c in t.plan.chains}
    scored: dict[str, list] = {}
    n = 0
    for turn in T.answers(t.turns):  # commands are not answers: no "A3 not assessed" for a /hint
        n += 1
        a = turn.assessment.model_copy(deep=True) if turn.assessment else None
        answers.append(AnswerView(n, excerpt(turn.text), a))
        if a is None or not a.topic:
            continue
        cell = cells.setdefault(a.topic, TopicView(a.topic, None, 0, 0))
        if a.level is not None:
            scored.setdefault(a.topic, []).append(a)
        cell.markers += len(a.markers)
        cell.dangers += len(a.danger_signals)
    for topic, assessed in scored.items():
        cells[topic].level = topic_level(assessed)
    return SessionView(
        chain_id=chain.id if chain else "", chain_topic=chain.topic if chain else "",
        on_resume=chain.on_resume if chain else True,
        evidence=chain.evidence[0].quote if chain and chain.evidence else "",
        steps=t.state.steps.get(chain.id, 0) if chain else 0,
        follow_ups=len(chain.follow_ups) if chain else 0,
        chain_questions=sum(1 for x in T.question_turns(t.turns) if chain and x.chain == chain.id),
        questions=T.questions(t.turns), max_turns=t.max_turns, finished=t.status == "finished",
        path=str(session.store.path) if session.store else "", lang=t.lang,
        answers=answers, grid=list(cells.values()),
        chains=[(c.id, c.topic, c.opening) for c in t.plan.chains if c.id not in t.state.skipped])
