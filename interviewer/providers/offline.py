"""The offline interviewer and scorer: deterministic, no network, driven by the plan, what the candidate has
already covered and the scorer's reading of the answer.

The policy, in the order it is applied to an answer:
- the candidate wants to end → end; /skip or a refusal → the next chain;
- /hint or "what do you mean?" → the same question made concrete (a hint, a smaller scope), never an earlier one;
- "不会" / "I don't know" / "not mine": a second miss on the chain → the next chain; else one step down (an
  easier rung, or a smaller scope), never "deeper" or "a real incident";
- a thin answer → press once on the piece it misses (what its question asked, or when given thinly the next
  piece: why that choice, where the time went, an example, a figure or its source);
- otherwise the chain's next follow-up that nobody asked and no answer (or the résumé) covered, picked up from
  the candidate's words only when a clause of them bears on it; when the chain's share of the questions is
  used or nothing is left on it, the next chain; when every chain had its turn, a second pass over chains with
  open follow-ups; then goodbye.
"""

from __future__ import annotations

import re

from interviewer import coverage as C
from interviewer import progress as P
from interviewer import scoring_read as R
from interviewer.plan import Chain
from interviewer.providers import offline_speech as speech
from interviewer.providers.base import Decision, TurnContext
from interviewer.scoring import Assessment, asked_topic, score_answer
from interviewer.skills import Topic
from interviewer.textutil import has_cjk, normalize_key, question_key, question_of
from interviewer.transcript import Usage
from interviewer.vocabulary import Vocabulary


class OfflineEngine:
    """Plans each turn from the plan's chains, the coverage of the answers so far and the scorer's reading."""

    name = "offline"
    model = ""

    def decide(self, ctx: TurnContext) -> tuple[Decision, list[Usage]]:
        return _Turn(ctx).decide(), []


class _Turn:
    """One decision: the session's progress, read once, and the moves that can be made from it."""

    def __init__(self, ctx: TurnContext) -> None:
        self.ctx = ctx
        self.L = speech.lang_of(ctx.lang)
        self.turn = len(ctx.history)
        self.chains = ctx.plan.chains
        self.prog = P.build(ctx.pack, ctx.plan, ctx.history, ctx.lang, ctx.max_turns or 30, ctx.resume_text)
        self.weight = P.plan_weights(ctx.pack, ctx.plan)
        self.vocab = ctx.pack.vocabulary
        self.asked_keys = {question_key(q) for q in ctx.state.asked}
        last = next((t for t in reversed(ctx.history) if t.role == "interviewer"), None)
        self.last_q = last
        self.previous_frame = speech.frame_of(last.text, ctx.lang) if last else None

    # ------------------------------------------------------------------ the decision

    def decide(self) -> Decision:
        ctx, st = self.ctx, self.ctx.state
        if not self.chains:
            return self._end("answered", done=True)
        chain = self.chains[min(st.chain_pos, len(self.chains) - 1)]
        if ctx.candidate_text is None:
            return self._open(chain)
        reading = ctx.reading
        signal = reading.signal if reading else "answered"
        forced = ctx.forced_action
        if signal == "wants_end" or forced == "end":
            return self._end(signal, time_up=signal != "wants_end" and self._left() <= 0)
        if forced == "switch" or (signal == "refuse" and forced is None):
            prefix = speech.REFUSE[self.L] if signal == "refuse" and forced is None else ""
            return self._switch(chain, signal, prefix)
        item = self._current_item(chain)
        if forced == "clarify" or signal == "help":
            return self._hint(chain, signal, item)
        prog = self.prog[chain.id]
        if signal in P.MISSES:
            if prog.misses >= P.MISSES_TO_SWITCH:
                return self._switch(chain, signal, "", after_misses=True)
            if signal == "not_mine" and question_key(speech.NOT_MINE[self.L]) not in self.asked_keys:
                return Decision(signal=signal, action="probe", chain=chain.id, target=item.basis if item else "",
                                reply=speech.NOT_MINE[self.L], notes="not the candidate's part: ask for their own part")
            return self._step_down(chain, signal, item)
        # A thin answer that says it does not know the rest ("BF16 下基本没碰到过溢出，具体怎么处理我不太清楚") has no more
        # to give: pressed, it was asked for "an example you actually met" right after saying it never met one. It
        # steps down, as a miss does.
        text = R.norm(self.ctx.candidate_text or "")
        theirs = bool(R.CUES["not_mine"].search(text))
        if signal == "thin" and item is not None and R.CUES["dont_know"].search(text) and not theirs:
            return self._step_down(chain, signal, item)
        # A thin answer (names, no mechanism or figure) is pressed once, while the chain has time for it; not one
        # that says the part was someone else's ("这个不是我负责的，好像是…具体我不太清楚"): asked for "an example you
        # actually met", it was just told there is none.
        # Nor one that says the asked thing was not done ("和 TP 或 PP 是怎么组合的？" - "没和 TP、PP 组合，就是纯 ZeRO-3 数据
        # 并行。"): asked for "an example you actually met", it was just told what was done instead.
        # (Of the question's subject, by a concept or a word of it: "We didn't isolate documents; they are concatenated
        # under one causal mask" denies how attention across packed documents was handled.)
        first = next(iter(R.read(self.ctx.candidate_text or "", self.vocab).sentences), "")
        denied = bool(R.PREMISE_DENIED.match(text)) and bool(
            _subject(first, self.vocab) & _subject(item.basis if item else "", self.vocab))
        if signal == "thin" and item is not None and _k(item.basis) not in prog.pressed and not denied and \
                prog.questions < prog.share and (reading is None or (reading.level or 1) <= 2) and not theirs:
            pressed = self._press(chain, signal, item)
            if pressed is not None:
                return pressed
        return self._next(chain, signal)

    # ------------------------------------------------------------------ moves

    def _open(self, chain: Chain) -> Decision:
        greeting = "" if self.ctx.mode == "copilot" else \
            (speech.GREETING if chain.on_resume else speech.GREETING_NO_RESUME)[self.L]
        sep = "" if self.L == "zh" or not greeting else " "
        basis = chain.follow_up_basis[0] if chain.follow_up_basis else chain.topic
        return Decision(signal="answered", action="probe", chain=chain.id, target=basis, step=0,
                        reply=greeting + sep + chain.opening, notes="opening")

    def _left(self) -> int:
        """Questions left: the plan's time budget and --max-turns, whichever is spent first."""
        if self.ctx.questions_left is not None:
            return self.ctx.questions_left
        return P.question_budget(self.ctx.plan, self.ctx.max_turns or 30) - self.ctx.state.questions

    def _allowance(self, prog: P.ChainProgress) -> int:
        """A chain's share of the questions; once every chain had its turn, twice that for what is still open."""
        first_pass = any(not p.opened for p in self.prog.values() if p.chain.id not in self.ctx.state.skipped)
        return prog.share if first_pass else 2 * prog.share

    def _next(self, chain: Chain, signal: str) -> Decision:
        """The chain's next open follow-up while its share lasts, else the next chain."""
        prog = self.prog[chain.id]
        if prog.questions < self._allowance(prog) and self._left() > 0:
            for it in prog.open_items():
                clause = speech.pickup(self.ctx.candidate_text, it.cover, self.weight, self.ctx.lang, telling=True)
                if clause and C.covered_items(clause, [it.cover], self.weight, near=frozenset({0})):
                    continue  # the very words a pick-up would quote already answer it
                reply = speech.led(speech.opener(clause, self.ctx.lang, self.turn, self.previous_frame), it.question,
                                   self.ctx.lang)
                if question_key(reply) in self.asked_keys or question_key(it.question) in self.asked_keys:
                    continue
                return Decision(signal=signal, action="probe", chain=chain.id, target=it.basis, step=it.follow_up,
                                reply=reply, notes="next open follow-up on this chain")
        return self._switch(chain, signal, "")

    def _switch(self, chain: Chain, signal: str, prefix: str, after_misses: bool = False) -> Decision:
        nxt = self._next_chain(chain)
        if nxt is None:
            return self._end(signal, done=True)
        target, step, question = self._entry(nxt)
        if self.prog[nxt.id].opened:
            # Back to a chain already opened: say which one, the question alone would hang in the air.
            return Decision(signal=signal, action="switch", chain=nxt.id, target=target, step=step,
                            reply=prefix + speech.back_to(self._evidence_phrase(nxt) or nxt.topic, question,
                                                          self.ctx.lang),
                            notes=f"moved on from {chain.id}: back to {nxt.id}")
        if after_misses:
            joiner = speech.SWITCH_AFTER_MISSES[self.L][self.turn % len(speech.SWITCH_AFTER_MISSES[self.L])]
        else:
            joiner = speech.SWITCH[self.L][self.turn % len(speech.SWITCH[self.L])]
        if self.L == "en" and joiner and not joiner.endswith(" "):
            joiner += " "
        return Decision(signal=signal, action="switch", chain=nxt.id, target=target, step=step,
                        reply=prefix + joiner + question, notes=f"moved on from {chain.id}")

    def _entry(self, chain: Chain) -> tuple[str, int | None, str]:
        """How to enter a chain: its opening the first time, its next open follow-up on a second pass."""
        prog = self.prog[chain.id]
        open_items = prog.open_items()
        if not prog.opened:
            basis = chain.follow_up_basis[0] if chain.follow_up_basis else chain.topic
            if not open_items or open_items[0].basis == basis:
                return basis, 0, chain.opening
            # The opening's own question was already answered: keep its résumé line, ask the first open one.
            it = open_items[0]
            return it.basis, it.follow_up, speech.opening_with(chain.opening, it.question, self.ctx.lang)
        it = open_items[0]
        return it.basis, it.follow_up, it.question

    def _next_chain(self, chain: Chain) -> Chain | None:
        """First pass: the next unopened chain; second pass: chains with open follow-ups and few misses."""
        st = self.ctx.state
        if self._left() <= 0:
            return None
        pos = self.chains.index(chain)
        order = self.chains[pos + 1:] + self.chains[:pos]
        usable = [c for c in order if c.id not in st.skipped and c.id != chain.id]
        fresh = [c for c in usable if not self.prog[c.id].opened and not self.prog[c.id].exhausted]
        if fresh:
            return fresh[0]
        second = [c for c in usable if not self.prog[c.id].exhausted and self.prog[c.id].misses < P.MISSES_TO_SWITCH]
        return second[0] if second else None

    def _current_item(self, chain: Chain) -> P.ChainItem | None:
        """The item the pending question was after."""
        if self.last_q is None:
            return None
        basis = P.basis_of(self.last_q.target)
        prog = self.prog.get(self.last_q.chain or "", self.prog[chain.id])
        return next((it for it in prog.items if _k(it.basis) == _k(basis)), None)

    def _step_down(self, chain: Chain, signal: str, item: P.ChainItem | None) -> Decision:
        """After a miss: an easier rung not yet asked or covered, else the same point in a smaller scope."""
        prog = self.prog[chain.id]
        depth = item.depth if item else 3
        # Not below what the candidate already showed on this chain: after a hang story told to level 4, "what are
        # the common causes of a hang?" is no easier question but one they answered.
        easier = [it for it in prog.items if it.depth < depth and not prog.done(it)] if prog.shown < 3 else []
        # A topic of two subjects steps down on the résumé line's: "负载均衡用了什么手段？" on an MoE line is about the
        # rung on MoE's load balance, so the rungs on long sequences (ring attention's balance too) are no easier
        # question of it.
        # (Not by what the title names, which every rung is about: the vocabulary's "moe" covers long context too.)
        line = self._concepts(chain.evidence[0].quote) - self._concepts(chain.topic) if chain.evidence else frozenset()
        asked = self._concepts(item.basis) if item else frozenset()
        # (By two of what the line and the question name where they name two: "ring attention 在因果掩码下的负载均衡" shares
        # only the balance with "专家数和 EP 度是怎么定的" on "…观察到专家负载不均衡".)
        # (Only a line on one of the topic's subjects: a chain on parallel layouts opened on a RoCE/NCCL line, which
        # names nothing of the topic's title, steps down to the topic's basics, "DP、TP、PP 各自的通信时机".)
        on_topic = bool(chain.evidence) and bool(self._concepts(chain.evidence[0].quote) & self._concepts(chain.topic))
        if on_topic and any(self._concepts(it.basis) & line for it in prog.items if it.rung):
            need = min(2, len(line | asked))
            easier = [it for it in easier if not it.rung or len(self._concepts(it.basis) & (line | asked)) >= need]
        # From a rung, one rung down; from a question about the candidate's own project, back to the basics.
        easier.sort(key=lambda it: -it.depth if item is not None and item.rung else it.depth)
        # A figure missed whose easier rung asks for the whole it is a part of ("rollout 占一个 step 的多少时间？" - "没量
        # 过" - "RL 一个 step 的耗时分布？") is asked how one would measure it: that rung asks the same again, wider,
        # and the rungs past it are no easier.
        if item is not None and item.cover.kinds & C.FIGURE_ASKS and any(
                "what" in it.cover.kinds and self._same_measure(it, item) for it in easier):
            easier = []
        for it in easier:
            if self._asked_in_other_words(it):
                continue
            lead = speech.STEP_DOWN[self.L][self.turn % len(speech.STEP_DOWN[self.L])]
            reply = speech.led(lead, it.question, self.ctx.lang)
            if question_key(reply) not in self.asked_keys:
                return Decision(signal=signal, action="probe", chain=chain.id, target=it.basis, step=it.follow_up,
                                reply=reply, notes="step-down: an easier rung after a miss")
        # The same point in a smaller scope, unless it was already answered (a press the candidate missed); a figure
        # has no smaller scope ("just the case you know best, how much of the step was exposed?" after "never
        # measured it" asks it again): how one would measure it is the step below. Nor has a yes or no ("还成立吗？"
        # after "没在更大规模上试过"): how one would check it is.
        if item is not None and prog.questions < prog.share and _k(item.basis) not in prog.covered \
                and _k(item.basis) not in prog.pressed:
            # A way of doing something the candidate never did has no case they know best ("就说你最熟悉的一种情况，换并行度后
            # 怎么加载旧 checkpoint？" after "这个我们没做过"): how they would go about it is the step below.
            never = bool(P.NEVER.search((self.ctx.candidate_text or "").casefold()))
            reply = (speech.HOW_TO_MEASURE[self.L] if item.cover.kinds & C.FIGURE_ASKS else
                     speech.HOW_TO_CHECK[self.L] if item.cover.kinds == {"yesno"} else
                     speech.HOW_WOULD_YOU[self.L].format(b=item.basis) if never else
                     # (Chinese runs the question on after a comma; English starts a sentence with it.)
                     speech.SMALLER[self.L].format(q=speech.lowered(item.question, self.ctx.lang)
                                                   if self.L == "zh" else item.question))
            if question_key(reply) not in self.asked_keys:
                return Decision(signal=signal, action="probe", chain=chain.id, target=item.basis, step=item.follow_up,
                                reply=reply, notes="step-down: a smaller scope after a miss")
        return self._next(chain, signal)

    def _same_measure(self, it: P.ChainItem, item: P.ChainItem) -> bool:
        """`it` asks about what `item` measures: every interview word of it (a step, a time) is one of `item`'s. (A
        share of a step, or a duration, is a time: "how much of a step rollout takes".)"""
        classes = {u for g in it.cover.groups for u in g if u.startswith("@")}
        timed = {"@time"} if item.cover.kinds & {"share", "duration"} else set()
        return bool(classes) and classes <= item.cover.units | timed

    def _concepts(self, text: str) -> frozenset[str]:
        return frozenset(u for u in C.units(text, self.vocab) if u.startswith("#"))

    def _asked_in_other_words(self, it: P.ChainItem) -> bool:
        """A question of the session already asks this one: the same kind of answer about the same subjects, every
        subject of it named there ("MFU 是按什么口径算的？" asked in another chain is "MFU 的计算口径")."""
        for text in self.ctx.state.asked:
            asked = C.item(0, text, self.vocab)
            if it.cover.groups and asked.kinds & it.cover.kinds and all(g & asked.units for g in it.cover.groups):
                return True
        return False

    def _press(self, chain: Chain, signal: str, item: P.ChainItem) -> Decision | None:
        """Once per follow-up: ask a thin answer for the piece it misses.

        What the question asked (a figure, a how, a why) when the answer did not give it; when it did, thinly,
        the next piece: why that choice, where a figure came from, how a "yes" was checked. The candidate's
        own claim names the subject when a clause of it bears on the question ("你提到「tokens/s 上去了」，
        具体是多少？"); otherwise the point in hand is named.
        """
        answer = self.ctx.candidate_text or ""
        kind = _press_kind(item.cover.kinds, answer, C.gives(answer, item.cover, self.vocab), item.basis)
        clause = speech.pickup(answer, item.cover, self.weight, self.ctx.lang, least=0.1)
        lead = speech.opener(clause, self.ctx.lang, self.turn, self.previous_frame) if clause else \
            speech.back_to_point(item.basis, self.ctx.lang)
        reply = speech.press_after(kind, lead, self.ctx.lang)
        if question_key(reply) in self.asked_keys:
            return None
        return Decision(signal=signal, action="probe", chain=chain.id, target=item.basis, step=item.follow_up,
                        reply=reply, notes=f"press: thin answer, asked for {kind}")

    def _hint(self, chain: Chain, signal: str, item: P.ChainItem | None) -> Decision:
        """The pending question made concrete; never an earlier question; never counted as a new one."""
        if item is None:
            basis = chain.follow_up_basis[0] if chain.follow_up_basis else chain.topic
            item = next((it for it in self.prog[chain.id].items if it.basis == basis), None)
        if item is None:
            return self._next(chain, signal)
        said = {normalize_key(t) for t in self.ctx.state.asked}
        own = self.last_q is not None and question_key(self.last_q.text) == question_key(speech.NOT_MINE[self.L])
        q = question_of(speech.NOT_MINE[self.L]) if own else \
            speech.lowered(item.question, self.ctx.lang) if self.L == "zh" else item.question
        # Every way of putting it given, help asked for again in words is a miss: the interviewer moves on rather
        # than repeat itself (a repeated hint is refused, and the candidate was shown that a rule had been broken).
        # (/hint itself keeps the pending question: it asks for a hint, not for another question.)
        if self.ctx.forced_action != "clarify" and normalize_key(speech.HINT_LAST[self.L].format(q=q)) in said:
            return self._step_down(chain, signal, item)
        # The pending question is "which part was yours?": the hint is about that, not the question it followed.
        if own:
            given = normalize_key(speech.NOT_MINE_HINT[self.L]) in said
            return Decision(signal=signal, action="clarify", chain=chain.id, target=item.basis, step=item.follow_up,
                            reply=speech.HINT_LAST[self.L].format(q=q) if given else speech.NOT_MINE_HINT[self.L],
                            notes="hint: what counts as the candidate's own part")
        terms = self._hint_terms(chain, item)
        evidence = self._evidence_phrase(chain)
        for k, template in enumerate(speech.HINTS[self.L]):
            if ("{t}" in template and not terms) or ("{e}" in template and not evidence):
                continue
            if "{t}" in template and len(terms) == 1:
                template = speech.HINT_ONE_TERM[self.L]
            reply = template.format(q=q, t=speech.subject_of(terms, self.ctx.lang) if terms else "", e=evidence or "")
            if self.L == "zh":
                reply = speech.spaced_zh(reply)
            # Whole wordings, not question keys: every hint asks the pending question again by design (its key
            # is the same); what it may not do is repeat a hint already given, nor the step down it may follow ("没关系，
            # 换个小一点的范围：…" is that hint behind a "没关系").
            if not any(normalize_key(reply) in x for x in said):
                return Decision(signal=signal, action="clarify", chain=chain.id, target=item.basis,
                                step=item.follow_up, reply=reply, notes=f"hint {k + 1}: the same question, concrete")
        return Decision(signal=signal, action="clarify", chain=chain.id, target=item.basis, step=item.follow_up,
                        reply=speech.HINT_LAST[self.L].format(q=q), notes="hint: no more ways to put it")

    def _hint_terms(self, chain: Chain, item: P.ChainItem) -> list[str]:
        # A question on another topic's subject ("MFU 是按什么口径算的？" in a chain on parallel layouts) is helped with
        # that topic's points, as its answer is judged by them.
        own = P.topic_of(self.ctx.pack, chain)
        asked = asked_topic(own, item.question) if own is not None else None
        markers = asked.markers if asked is not None and asked is not own else chain.markers
        # Points the question asks for alike are told apart by the résumé line the chain opened on ("负载均衡用了什么手段？"
        # on an MoE line is the experts' balance, not ring attention's under the causal mask).
        line = C.units(chain.evidence[0].quote, self.vocab) if chain.evidence else frozenset()
        best = max(markers, key=lambda m: (C.share(m, item.cover, self.weight), len(C.units(m, self.vocab) & line)),
                   default=None)
        if best is None or C.share(best, item.cover, self.weight) <= 0:
            return []
        # The marker's clause on the question, not its first words: asked for the scaling efficiency, "能把各并行度对应到
        # Megatron 或 DeepSpeed 的配置项…，并给出扩到千卡时的扩展效率与损失在哪" names no term of the efficiency, so the hint
        # is another way of putting it, not "Megatron 和 DeepSpeed".
        # (English joins its clauses with "and": "maps each degree to its Megatron or DeepSpeed setting… and gives the
        # scaling efficiency at thousand-GPU scale".)
        clause = max(re.split(r"[，；;]|,\s|\s(?:and|while)\s", best), key=lambda c: C.share(c, item.cover, self.weight))
        # (Nor the question's own words: "Was storage bandwidth the bottleneck?" is not helped by "storage and bandwidth".)
        said = R.norm(self.ctx.candidate_text or "") + " " + R.norm(item.question)
        # (...in another form neither: "How was the sharding level chosen?" is not helped by "shards".)
        stems = {C._stem(w) for w in re.findall(r"[a-z]+", said)}
        return [t for t in C.terms(clause, self.vocab) if R.norm(t) not in said and not self._setting(t)
                and not (re.fullmatch(r"[a-z]+", R.norm(t)) and C._stem(R.norm(t)) in stems)][:3]

    def _setting(self, term: str) -> bool:
        """A term that only names the setting ("thousand-GPU"): where, not what to talk about."""
        found = self.vocab.find(R.norm(term))[0]
        return bool(found) and all(self.vocab.kind(c) == "context" for c in found)

    @staticmethod
    def _evidence_phrase(chain: Chain) -> str | None:
        if not chain.evidence:
            return None
        from interviewer import questions as Q

        return Q.clean_quote(chain.evidence[0].quote, limit=24 if has_cjk(chain.evidence[0].quote) else 48)

    def _end(self, signal: str, done: bool = False, time_up: bool = False) -> Decision:
        st = self.ctx.state
        chain = self.chains[min(st.chain_pos, len(self.chains) - 1)].id if self.chains else ""
        if time_up or (done and self._left() <= 0):
            text, notes = speech.GOODBYE_TIME[self.L], "the plan's time is used"
        elif done:
            text, notes = speech.GOODBYE_DONE[self.L], "chains exhausted"
        else:
            text, notes = speech.GOODBYE[self.L], "candidate ended"
        return Decision(signal=signal, action="end", chain=chain, target="", reply=text, notes=notes)


_CAUSAL = re.compile(r"因为|所以|由于|为了|否则|because|since|so that|otherwise|in order to|due to", re.I)


_MEASURED = re.compile(r"分解|估算|计算|占|比例|开销|时间|耗时|带宽|显存|通信量|breakdown|estimat|cost|share|time|memory|"
                       r"bandwidth|volume|overhead", re.I)


# Settings by name ("NCCL_IB_HCA", "NCCL_IB_GID_INDEX=3"): what the candidate set, no example to ask for.
_SETTING = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+(?:\s*=\s*\w+)?")
# A question after one thing ("对比的基线是什么", "what was the baseline"), not a list ("有哪些", "which ones").
_ONE_THING = re.compile(r"是什么|是哪个|是哪一|\bwhat (?:was|is) the\b|\bwhat the \w+ (?:was|is)\b|\bwhich one\b", re.I)


def _subject(text: str, vocab: Vocabulary) -> frozenset[str]:
    """A text's concepts and words, without the interview's word classes and broader ideas."""
    return frozenset(u for u in C.units(text, vocab) if u[0] not in "@~")


def _press_kind(kinds: frozenset[str], answer: str, gave: bool, basis: str = "") -> str:
    """What a thin answer to a question of these kinds still owes: first what the question asked; when that was
    given, thinly, the next piece (why that choice, where the time went, how a "yes" was checked, an example, a
    figure or its source)."""
    has_figure = bool(re.search(r"\d|几分钟|几小时", answer) or R.ZH_NUMBER.search(answer) or R.EN_NUMBER.search(answer))
    if not gave:
        if kinds & C.FIGURE_ASKS:
            return "numbers" if has_figure else "amount"
        if "reason" in kinds:
            return "reason"
        if "choice" in kinds:
            return "basis"  # "各并行度是怎么定下来的": what decided it, not "how does that work"
        if "method" in kinds:
            return "mechanism"
        if "compare" in kinds:
            return "compare"
    if "choice" in kinds and not _CAUSAL.search(answer):
        return "choice"
    if "duration" in kinds and has_figure:
        return "breakdown"
    if "yesno" in kinds:
        return "validation"
    if kinds == {"what"} and _ONE_THING.search(basis):
        return "which"  # "对比的基线是什么" - "就是之前的版本吧": which one, with its figures
    # A list or a how ("常见成因", "负载均衡的做法"): one case of their own, unless the answer told one already ("最近
    # 一次是 NCCL timeout，训练卡住了…" is owed its figures, not asked for an example).
    if ("method" in kinds or not _MEASURED.search(basis)) and not C.tells_incident(answer):
        # ...nor settings the candidate names ("Mainly NCCL_IB_HCA to pick the NICs, NCCL_IB_GID_INDEX=3…"): what
        # they set is their own work told; what it changed, in a figure, is still owed.
        return "effect" if _SETTING.search(answer) else "example"
    return "numbers" if has_figure else "figure"


def _k(basis: str) -> str:
    from interviewer.textutil import normalize_key

    return normalize_key(basis)


class OfflineScorer:
    """The offline scorer behind the scorer protocol."""

    name = "offline"

    def score(self, topic: Topic, question: str, answer: str, danger_signals: list[str],
              lang: str, shown_before: frozenset[str] = frozenset(), own_work: bool = False
              ) -> tuple[Assessment, list[Usage]]:
        a = score_answer(topic, answer, question=question, danger_signals=danger_signals, lang=lang,
                         shown_before=shown_before, own_work=own_work)
        return a.model_copy(update={"scorer": "offline"}), []
