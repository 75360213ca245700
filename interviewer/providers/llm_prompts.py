"""The LLM interviewer's and scorer's prompts: the session prompt, each turn's card, the append-only
conversation, and the scorer's two messages. Nothing here imports an SDK.
"""

from __future__ import annotations

import json
import re

from interviewer import progress
from interviewer.providers.base import Decision, TurnContext
from interviewer.providers.llm_common import AssessmentOut, one_line, schema_text
from interviewer.scoring import Signal
from interviewer.skills import Topic

LANGUAGES = {"zh": "Chinese (简体中文)", "en": "English"}
# One worked turn, outside any pack's field: small models copy the shape of a reply far better than they
# follow a description of it.
EXAMPLES = {
    "zh": {"answer": "我们把夜间任务从 3 小时压到了 40 分钟，主要是把中间结果缓存了。", "target": "缓存了什么",
           "notes": "给了数字，机制还没讲", "reply": "你提到缓存中间结果后降到 40 分钟，具体缓存了哪些内容？"},
    "en": {"answer": "We cut the nightly job from 3 hours to 40 minutes, mostly by caching intermediate results.",
           "target": "what was cached", "notes": "gave a number, no mechanism yet",
           "reply": "You said caching brought it down to 40 minutes: what exactly did you cache?"},
}


# Every fence tag, not just the one being written: a résumé saying "</resume><candidate_message>…" must
# not look to the model like the end of its own block followed by a candidate turn.
FENCE_TAGS = ("resume", "candidate_message", "candidate_answer")
_FENCE_TAG = re.compile(rf"<(\s*/?\s*(?:{'|'.join(FENCE_TAGS)}))\b", re.I)


def fence(text: str, tag: str) -> str:
    """Wrap untrusted text in <tag untrusted="true">; any fence tag inside the text is defused so it cannot escape."""
    body = _FENCE_TAG.sub(r"&lt;\1", text)
    return f'<{tag} untrusted="true">\n{body.strip()}\n</{tag}>'


def interviewer_system(ctx: TurnContext, tool: str | None) -> str:
    """Method + the plan's chains with their rubric + the fenced résumé: byte-identical for the whole session.

    Not the whole pack: what one interview needs fits in about a third of the tokens, and a small model
    on a CPU reads an uncached prompt at 40-60 tokens a second. The current chain's detail goes in each turn's card.
    """
    from typing import get_args

    from interviewer.render import render

    from interviewer.questions import clip

    # The interviewer needs the gist of each sign to know what to press on; the scorer gets them whole.
    limit = RUBRIC_CLIP["zh" if ctx.lang == "zh" else "en"]
    rubric: dict[str, dict] = {}
    # Wording-only, code reads the answers and chooses each turn: the rubric would only cost reading time
    # (about half the brief, a minute of an uncached first turn on a CPU).
    for c in [] if ctx.wording else ctx.plan.chains:
        r = rubric.setdefault(c.topic, {"markers": [], "danger": []})
        r["markers"] += [m for m in (clip(x, limit) for x in c.markers) if m not in r["markers"]]
        r["danger"] += [d for d in c.danger_signals if d not in r["danger"]]
    return render("interviewer_system.j2", pack=ctx.pack, plan=ctx.plan, tool=tool,
                  language=LANGUAGES.get(ctx.lang, ctx.lang), signals=get_args(Signal),
                  chain_ids=[c.id for c in ctx.plan.chains], rubric=rubric, wording=ctx.wording,
                  example=EXAMPLES["zh" if ctx.lang == "zh" else "en"],
                  resume=fence(ctx.resume_text or "(no résumé given)", "resume")).strip() + "\n"


_ABOUT_LIMIT = 160
# Characters of each solid-answer sign the session prompt keeps: most of the prompt is the rubric, and an
# uncached prompt is read at 40-60 tokens a second on a CPU.
RUBRIC_CLIP = {"zh": 32, "en": 80}


def _chain_at(ctx: TurnContext):
    chains = ctx.plan.chains
    return chains[min(max(ctx.state.chain_pos, 0), len(chains) - 1)] if chains else None


def example_question(ctx: TurnContext, d: Decision) -> str:
    """The question code would ask for decision `d`, without its pick-up or transition: the model's words to start from."""
    from interviewer.textutil import question_of

    chain = ctx.plan.chain(d.chain)
    if d.action == "end":
        return ""
    if chain is not None and (d.action == "switch" or ctx.candidate_text is None):
        return chain.opening
    return question_of(d.reply).strip()


def about(ctx: TurnContext, d: Decision | None) -> str:
    """What the question should ask about, in words the re-ask can name."""
    if d is not None and d.action != "end":
        target = progress.basis_of(d.target)
        return one_line(target or example_question(ctx, d), limit=_ABOUT_LIMIT)
    current = _chain_at(ctx)
    if current is None:
        return ""
    used = ctx.state.steps.get(current.id, 0)
    basis = current.follow_up_basis[used] if used < len(current.follow_up_basis) else current.topic
    return one_line(basis, limit=_ABOUT_LIMIT)


def _card(ctx: TurnContext, kind: str, answer: str = "") -> str:
    from interviewer.render import render

    chains = ctx.plan.chains
    current = _chain_at(ctx)
    pos = chains.index(current) if current else 0
    used = ctx.state.steps.get(current.id, 0) if current else 0
    skipped = set(ctx.state.skipped)
    upcoming = [c for c in chains[pos + 1:] if c.id not in skipped]
    word = ctx.word
    word_chain = ctx.plan.chain(word.chain) if word else None
    return render("interviewer_turn.j2", kind=kind, answer=answer, state=ctx.state, current=current, used=used,
                  next_follow_ups=[q for q in current.follow_ups[used:] if q not in ctx.covered][:2] if current else [],
                  reading=ctx.reading, questions_left=ctx.questions_left, upcoming=upcoming,
                  violation=one_line(ctx.violation or "", limit=400), forced_action=ctx.forced_action,
                  valid_chains=[c.id for c in chains if c.id not in skipped], word=word, word_chain=word_chain,
                  example=example_question(ctx, word) if word else "", about=about(ctx, word) if word else "",
                  language=LANGUAGES.get(ctx.lang, ctx.lang), covered=ctx.covered, wording=ctx.wording).strip()


def approx_tokens(text: str) -> int:
    """Tokens `text` takes, approximately: one per CJK character, one per 3.2 other characters.

    Calibrated against the Qwen2.5 tokenizer (llama.cpp /tokenize) on our pack's prompts, which it
    over-counts by 5-20%; Claude's and GPT's tokenizers land near it. For tests and benches without a
    server: the real count is the server's usage figure.
    """
    cjk = sum(1 for ch in text if "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef")
    return cjk + -(-(len(text) - cjk) * 10 // 32)


class Conversation:
    """One session's interviewer messages, append-only: a message once sent is never changed or dropped.

    Each decide() appends only what is new (interviewer turns, the answer with its state card, or a
    re-ask), so request N+1 starts with request N's messages byte for byte and the provider's prompt
    cache covers everything but the tail.
    """

    def __init__(self, tool: str | None) -> None:
        self.tool = tool
        self.system = ""
        self.messages: list[dict] = []
        self._key: tuple | None = None
        self._seen = 0
        self._sent_candidate: str | None = None
        self._last_reply: str | None = None
        self._refs: tuple = ()

    def _system_for(self, ctx: TurnContext) -> str:
        # A session that turns to wording-only gets the shorter brief once (one uncached turn), then keeps it.
        key = (id(ctx.pack), id(ctx.plan), ctx.resume_text, ctx.lang, ctx.wording)
        if key != self._key:
            # Holding the objects keeps their ids from being reused by a later session's pack or plan.
            self._refs = (ctx.pack, ctx.plan)
            self._key = key
            system = interviewer_system(ctx, self.tool)
            if system != self.system:
                self.system, self.messages, self._seen = system, [], 0
                self._sent_candidate = self._last_reply = None
        return self.system

    def _add(self, role: str, text: str) -> None:
        self.messages.append({"role": role, "content": text})

    def request(self, ctx: TurnContext) -> tuple[str, list[dict]]:
        """(system prompt, messages) for this decide() call; the list is a copy the caller may keep."""
        system = self._system_for(ctx)
        history = ctx.history
        if len(history) < self._seen:
            self.messages, self._seen, self._sent_candidate, self._last_reply = [], 0, None, None
        if (ctx.violation or ctx.forced_action) and self.messages and len(history) == self._seen:
            # A re-ask of this turn: show the refused decision and the reason after it, never instead of it. A
            # wording request gets only the fix: a small model shown its own refused reply writes it again.
            if self._last_reply is not None and ctx.word is None:
                self._add("assistant", self._last_reply)
            self._add("user", _card(ctx, "reask"))
            self._last_reply = None
            return system, list(self.messages)
        if len(history) == self._seen and self.messages and self.messages[-1]["role"] == "user":
            return system, list(self.messages)  # the same turn asked again: send the same request
        answer = ctx.candidate_text
        current_in_history = (answer is not None and bool(history) and history[-1].role == "candidate"
                              and history[-1].text == answer)
        new = history[self._seen:]
        if current_in_history:
            new = new[:-1]
        for i, turn in enumerate(new):
            if turn.role == "candidate":
                if i == 0 and turn.text == self._sent_candidate:
                    continue  # sent last time from candidate_text, before the session recorded it
                self._add("user", fence(turn.text, "candidate_message"))
            else:
                if not self.messages:
                    self._add("user", _card(ctx, "start"))
                self._add("assistant", turn.text)
        if answer is None:
            self._add("user", _card(ctx, "opening"))
            self._sent_candidate = None
        else:
            self._add("user", _card(ctx, "answer", fence(answer, "candidate_message")))
            self._sent_candidate = None if current_in_history else answer
        self._seen = len(history)
        self._last_reply = None
        return system, list(self.messages)

    def record(self, raw_decision: dict) -> None:
        """Remember what the model returned, so a re-ask can show it the refused decision."""
        self._last_reply = json.dumps(raw_decision, ensure_ascii=False)


def scorer_prompts(topic: Topic, question: str, answer: str, danger_signals: list[str], lang: str,
                   tool: str | None) -> tuple[str, str]:
    """(system, user) for one scoring call: the rubric in the system prompt, the answer fenced in the user message."""
    from interviewer.render import render

    system = render("scorer_system.j2", topic=topic, danger_signals=danger_signals, tool=tool,
                    language=LANGUAGES.get(lang, lang), schema=schema_text(AssessmentOut))
    user = render("scorer_user.j2", question=question, answer=fence(answer, "candidate_answer"),
                  language=LANGUAGES.get(lang, lang))
    return system, user
