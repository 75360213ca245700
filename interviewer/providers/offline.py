"""The offline interviewer and scorer: deterministic, no network, driven by the plan and the scorer's reading."""

from __future__ import annotations

import re

from interviewer.plan import Chain
from interviewer.providers import offline_speech as speech
from interviewer.providers.base import Decision, TurnContext
from interviewer.scoring import Assessment, score_answer
from interviewer.skills import Topic
from interviewer.textutil import normalize_key, question_key
from interviewer.transcript import Usage

# Which kind of missing content a marker asks for, judged from its wording (zh and en).
_KIND_CUES = [
    ("numbers", re.compile(r"算|数字|多少|占比|数|比例|compute|number|how much|share|percent|%|rate|figure", re.I)),
    ("incident", re.compile(r"故障|事故|时间线|一次|案例|经历|incident|timeline|case|failure|outage|experience", re.I)),
    ("tradeoff", re.compile(r"取舍|代价|权衡|成本|trade-?off|cost|balance|versus", re.I)),
    ("validation", re.compile(r"验证|对比|回归|对齐|verif|validat|compar|regress|align", re.I)),
    ("mechanism", re.compile(r".", re.S)),
]
_HAS = {
    "numbers": re.compile(r"\d"),
    "incident": re.compile(r"那次|有一次|当时|凌晨|后来|第二天|once|one time|at \d|that night|the next day|we found", re.I),
    "tradeoff": re.compile(r"代价|取舍|权衡|但是|trade-?off|at the cost|downside|but ", re.I),
    "validation": re.compile(r"验证|对比|回归|对齐|verif|validat|compared|regression|a/b", re.I),
    "mechanism": re.compile(r"因为|所以|原理|机制|because|so that|which means|works by", re.I),
}


def missing_kind(reading: Assessment | None, answer: str) -> str:
    """The first kind of content a missed marker needs that the answer does not show."""
    missed = reading.missed_markers if reading else []
    for marker in missed:
        kind = next(k for k, cue in _KIND_CUES if cue.search(marker))
        if not _HAS[kind].search(answer):
            return kind
    for kind in ("numbers", "mechanism", "incident", "tradeoff"):
        if not _HAS[kind].search(answer):
            return kind
    return "tradeoff"


class OfflineEngine:
    """Plans each turn from the plan's chains and the offline scorer's reading of the answer."""

    name = "offline"
    model = ""

    def decide(self, ctx: TurnContext) -> tuple[Decision, list[Usage]]:
        return self._decide(ctx), []

    # ---------------------------------------------------------------- helpers

    def _decide(self, ctx: TurnContext) -> Decision:
        lang, st, chains = ctx.lang, ctx.state, ctx.plan.chains
        turn = len(ctx.history)
        # The question sentence is what counts as asked ("You mentioned X. <question>"), as the session checks it.
        asked = {question_key(q) for q in st.asked}
        if not chains:
            return self._end(ctx, "answered", done=True)
        chain = chains[min(st.chain_pos, len(chains) - 1)]

        if ctx.candidate_text is None:
            greeting = (speech.GREETING if chain.on_resume else speech.GREETING_NO_RESUME)[speech.lang_of(lang)]
            sep = "" if speech.lang_of(lang) == "zh" else " "
            return Decision(signal="answered", action="probe", chain=chain.id, target=self._opening_basis(chain),
                            reply=greeting + sep + chain.opening)

        reading = ctx.reading
        signal = reading.signal if reading else "answered"
        forced = ctx.forced_action
        if signal == "wants_end" or forced == "end":
            return self._end(ctx, signal)
        last_target = self._last_target(ctx)
        lead = speech.lead(speech.pickup(ctx.candidate_text), lang, turn)
        L = speech.lang_of(lang)

        if forced == "switch" or signal == "refuse" or (signal in ("dont_know", "not_mine") and st.misses + 1 >= 2):
            prefix = speech.REFUSE[L] if signal == "refuse" and forced is None else ""
            return self._switch(ctx, chain, signal, prefix)

        if signal == "not_mine" and question_key(speech.NOT_MINE[L]) not in asked:
            return Decision(signal=signal, action="probe", chain=chain.id, target=last_target,
                            reply=speech.NOT_MINE[L], notes="not the candidate's part: ask for their own part")

        if signal in ("help", "dont_know") or forced == "clarify":
            basis = last_target.split(":", 2)[-1] if last_target else self._opening_basis(chain)
            easier = signal == "dont_know"
            easiest = self._easiest(ctx, chain)
            options = ([(speech.clarify_easier, easiest)] if easier else
                       [(speech.clarify, basis), (speech.clarify_easier, easiest)])
            for word, b in options:
                reply = word(b, lang)
                if easier:
                    reply = speech.DONT_KNOW_STEP[L] + reply
                if question_key(reply) not in asked:
                    return Decision(signal=signal, action="clarify", chain=chain.id, target=f"clarify:{b}",
                                    reply=reply, notes="asked more concretely" if not easier else "one rung easier")
            return self._next_step(ctx, chain, signal, lead)

        level = reading.level if reading and reading.level else 1
        if level >= 3 or last_target.startswith("press:") or forced == "probe":
            return self._next_step(ctx, chain, signal, lead)
        kind = missing_kind(reading, ctx.candidate_text or "")
        basis = last_target.split(":", 2)[-1] if last_target else self._opening_basis(chain)
        # After a pick-up the press stands alone; once that question was asked, it names the point instead.
        reply = next((r for r in (speech.press(kind, basis, lead, lang), speech.press(kind, basis, "", lang))
                      if question_key(r) not in asked), None)
        if reply is None:
            return self._next_step(ctx, chain, signal, lead)
        return Decision(signal=signal, action="probe", chain=chain.id, target=f"press:{kind}:{basis}",
                        reply=reply, notes=f"thin answer: asked for the {kind}")

    def _next_step(self, ctx: TurnContext, chain: Chain, signal: str, lead: str) -> Decision:
        """The chain's next unused follow-up; when it has none, switch."""
        asked = {normalize_key(q) for q in ctx.state.asked}
        step = ctx.state.steps.get(chain.id, 0)
        for i in range(step, len(chain.follow_ups)):
            question = chain.follow_ups[i]
            if normalize_key(question) in asked or any(normalize_key(question) in a for a in asked):
                continue
            return Decision(signal=signal, action="probe", chain=chain.id, target=chain.follow_up_basis[i],
                            reply=lead + question, step=i, notes="next follow-up on this chain")
        return self._switch(ctx, chain, signal, "")

    def _switch(self, ctx: TurnContext, chain: Chain, signal: str, prefix: str) -> Decision:
        L = speech.lang_of(ctx.lang)
        chains = ctx.plan.chains
        pos = chains.index(chain)
        for nxt in chains[pos + 1:]:
            if nxt.id in ctx.state.skipped:
                continue
            joiner = speech.SWITCH[L][len(ctx.history) % len(speech.SWITCH[L])]
            return Decision(signal=signal, action="switch", chain=nxt.id, target=self._opening_basis(nxt),
                            reply=prefix + joiner + nxt.opening, notes=f"moved on from {chain.id}")
        return self._end(ctx, signal, done=True)

    def _end(self, ctx: TurnContext, signal: str, done: bool = False) -> Decision:
        L = speech.lang_of(ctx.lang)
        chain = ctx.plan.chains[min(ctx.state.chain_pos, len(ctx.plan.chains) - 1)].id if ctx.plan.chains else ""
        text = (speech.GOODBYE_DONE if done else speech.GOODBYE)[L]
        return Decision(signal=signal, action="end", chain=chain, target="", reply=text,
                        notes="chains exhausted" if done else "candidate ended")

    @staticmethod
    def _opening_basis(chain: Chain) -> str:
        return chain.follow_up_basis[0] if chain.follow_up_basis else chain.topic

    @staticmethod
    def _easiest(ctx: TurnContext, chain: Chain) -> str:
        topic = next((t for t in ctx.pack.topics if t.title == chain.topic), None)
        return topic.ladder[0] if topic and topic.ladder else chain.topic

    @staticmethod
    def _last_target(ctx: TurnContext) -> str:
        """What the last question was after; an LLM's free-text target is not a basis we can word."""
        for t in reversed(ctx.history):
            if t.role == "interviewer":
                return (t.target or "") if (t.engine or "offline").startswith("offline") else ""
        return ""


class OfflineScorer:
    """The offline scorer behind the scorer protocol."""

    name = "offline"

    def score(self, topic: Topic, question: str, answer: str, danger_signals: list[str],
              lang: str) -> tuple[Assessment, list[Usage]]:
        a = score_answer(topic, answer, question=question, danger_signals=danger_signals, lang=lang)
        return a.model_copy(update={"scorer": "offline"}), []
