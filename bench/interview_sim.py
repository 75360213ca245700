"""Simulated candidates of known level answering a real offline session, and what the interviewer did with them.

A candidate answers from a bank keyed by what is asked (bench/interview_bank/<lang>.jsonl): each bank answer
is written to a level and tagged with the follow-ups it already answers (`covers`). The session never sees the
tags; they are only how this bench tells a re-ask (a question about something already covered) from a fair
press. The checks here are written apart from the interviewer's own code (their own filler list, their own
"deeper" cues), so the interviewer cannot pass by agreeing with itself.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from interviewer import questions as Q
from interviewer import skills
from interviewer.plan import build_plan
from interviewer.progress import basis_of
from interviewer.resume import load_resume
from interviewer.session import Session
from interviewer.textutil import normalize_key

ROOT = Path(__file__).resolve().parent.parent
BANK = Path(__file__).resolve().parent / "interview_bank"
PACK = ROOT / "skills" / "distributed-training"

# A miss as candidates say it, by level-1 answers that the bank lacks for an item.
GENERIC_MISS = {
    "zh": ["不会。", "这个我没接触过，不太清楚。", "不知道，之前没做过这块。", "嗯，不会。", "这个真不了解。"],
    "en": ["I don't know.", "Not sure, never did that.", "No idea, honestly.", "I haven't worked on that.",
           "I don't know that part."],
}
OWN_PART = {
    "zh": "我自己主要负责的是并行配置和性能调优这一块，平台那边是同事在做。",
    "en": "My own part was the parallel layout and the performance tuning; the platform side was a colleague's.",
}

# The bench's own idea of filler (kept apart from the interviewer's list on purpose).
FILLER = re.compile(r"^(?:嗯|呃|额|对|好的?|是的|刚才(?:也)?说(?:了|过)|刚说了|我刚才说过|前面说过|好问题|这个问题好|问得好|说实话|其实|"
                    r"你好|谢谢|候选人说|不会|不知道|不清楚|"
                    r"as i said|as i mentioned|like i said|great question|good question|honestly|so|well|"
                    r"i don't know|no idea|not sure|hi|hello|thanks)\b", re.I)
DEEPER = re.compile(r"深入|往下讲一层|再深一层|更深|底层|真实情况|真实的|亲身处理|亲手|一次.{0,6}经历|"
                    r"deeper|underneath|real case|real incident|walk me through one|one real", re.I)
QUOTED = re.compile(r"[「“]([^」”]+)[」”]")


def _h(*parts: object) -> int:
    return int(hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:8], 16)


def load_bank(lang: str) -> dict[tuple[str, int], list[dict]]:
    bank: dict[tuple[str, int], list[dict]] = {}
    for path in sorted(BANK.glob(f"{lang}*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                bank.setdefault((row["key"], row["level"]), []).append(row)
    return bank


def item_keys(pack) -> dict[str, tuple[str, int]]:
    """normalised pack phrase → (item key, depth): rule probes rN.pK (depth 2), topic rungs tN.rK (depth K)."""
    out: dict[str, tuple[str, int]] = {}
    for t in pack.topics:
        for k, rung in enumerate(t.ladder):
            out.setdefault(normalize_key(rung), (f"t{t.index}.r{k}", k))
    for r in pack.rules:
        for k, p in enumerate(Q.askable_probes(r)):
            out.setdefault(normalize_key(p), (f"r{r.index}.p{k}", 2))
    return out


@dataclass
class Candidate:
    name: str
    lang: str
    level: int
    resume: Path

    def level_for(self, key: str, depth: int) -> int:
        """How well this candidate knows one item: deeper rungs are harder, with some spread."""
        jitter = _h(self.name, key) % 4  # 0-3
        lvl = self.level
        if self.level == 4:
            return 4 if jitter else 3
        if self.level == 3:
            return 2 if depth >= 3 and jitter < 2 else (4 if jitter == 3 and depth <= 1 else 3)
        if self.level == 2:
            return 1 if depth >= 3 or jitter == 0 else 2
        return 2 if depth == 0 and jitter == 3 else 1 if lvl == 1 else lvl


@dataclass
class Exchange:
    question: str
    action: str
    notes: str
    chain: str
    key: str | None
    answer: str
    level: int | None
    covers: list[str]
    signal: str | None = None
    found: list[str] = field(default_factory=list)  # item keys the session recorded as covered by this answer


@dataclass
class Run:
    candidate: Candidate
    exchanges: list[Exchange] = field(default_factory=list)
    scorecard: dict[str, int | None] = field(default_factory=dict)
    chains_planned: int = 0


def simulate(cand: Candidate, max_answers: int = 24, minutes: int = 45, max_turns: int = 30) -> Run:
    pack = skills.load_pack(PACK / ("SKILL.md" if cand.lang == "zh" else "SKILL.en.md"))
    resume = load_resume(cand.resume)
    plan = build_plan(pack, resume, minutes, cand.lang)
    session = Session.create(pack, resume, plan, max_turns=max_turns)
    bank, keys = load_bank(cand.lang), item_keys(pack)
    run = Run(cand, chains_planned=len(plan.chains))
    q = session.start().interviewer
    misses = 0
    for n in range(max_answers):
        if q is None or session.finished:
            break
        basis = normalize_key(basis_of(q.target))
        key, depth = keys.get(basis, (None, 2))
        answer, level, covers = _answer(cand, q, key, depth, bank, n)
        misses += level == 1
        res = session.answer(answer)
        cturn = res.candidate
        found = [keys[normalize_key(c.basis)][0] for c in (cturn.covers if cturn else [])
                 if normalize_key(c.basis) in keys]
        run.exchanges.append(Exchange(q.text, q.action or "", q.notes or "", q.chain or "", key, answer, level, covers,
                                      cturn.assessment.signal if cturn and cturn.assessment else None, found))
        q = res.interviewer
        if q is not None and q.action == "end":
            run.exchanges.append(Exchange(q.text, "end", q.notes or "", q.chain or "", None, "", None, []))
            q = None
    t = session.close()
    run.scorecard = {ts.topic: ts.level for ts in t.scorecard.topics}
    return run


def _answer(cand: Candidate, q, key: str | None, depth: int, bank, n: int) -> tuple[str, int, list[str]]:
    if "负责的是哪一块" in q.text or "did you own yourself" in q.text:
        return OWN_PART[cand.lang], 2, []
    if key is None:
        return GENERIC_MISS[cand.lang][_h(cand.name, n) % len(GENERIC_MISS[cand.lang])], 1, []
    level = cand.level_for(key, depth)
    if (q.notes or "").startswith("press"):
        # Pressed: a thin candidate has nothing more; a solid one gives the fuller answer it has.
        level = 1 if level <= 2 else 4
    for lv in range(level, 0, -1):
        rows = bank.get((key, lv))
        if rows:
            row = rows[_h(cand.name, key, n) % len(rows)]
            return row["answer"], lv, list(row["covers"])
    return GENERIC_MISS[cand.lang][_h(cand.name, key, n) % len(GENERIC_MISS[cand.lang])], 1, []


# --------------------------------------------------------------------------- measuring


@dataclass
class Figures:
    follow_ups: int = 0
    reasks: int = 0
    pickups: int = 0
    bad_pickups: int = 0
    after_miss: int = 0
    deeper_after_miss: int = 0
    second_miss: int = 0
    switched_after_second_miss: int = 0
    misses_read_as_dont_know: int = 0
    misses_total: int = 0
    covers_found: int = 0  # covered items the session recorded
    covers_right: int = 0  # …of which the bank's tags agree
    covers_tagged: int = 0  # covered items by the bank's tags
    examples: dict[str, list[str]] = field(default_factory=dict)

    def note(self, kind: str, text: str) -> None:
        self.examples.setdefault(kind, [])
        if len(self.examples[kind]) < 6:
            self.examples[kind].append(text)


def _whole(quote: str, answer: str) -> bool:
    """The quote is verbatim in the answer and starts and ends on word boundaries."""
    i = answer.find(quote)
    if i < 0:
        return False
    before = answer[i - 1] if i > 0 else " "
    after = answer[i + len(quote)] if i + len(quote) < len(answer) else " "
    cut = lambda a, b: a.isascii() and a.isalnum() and b.isascii() and b.isalnum()  # noqa: E731
    return not cut(before, quote[0]) and not cut(quote[-1], after)


def measure(run: Run, fig: Figures) -> None:
    pack = skills.load_pack(PACK / ("SKILL.md" if run.candidate.lang == "zh" else "SKILL.en.md"))
    phrases = set(item_keys(pack))
    covered: set[str] = set()
    chain_misses: dict[str, int] = {}
    prev_answer, prev_level, prev_chain = None, None, None
    for i, ex in enumerate(run.exchanges):
        if i > 0 and ex.action not in ("end", "hint", "clarify"):
            fig.follow_ups += 1
            if ex.key in covered and not ex.notes.startswith("press"):
                fig.reasks += 1
                fig.note("re-ask", f"{ex.key}: {ex.question}")
            own = ex.action == "switch" or "简历" in ex.question or "résumé" in ex.question
            # A quote of the pack's own point ("回到「恢复时丢了多少步」这个问题") is not a pick-up of the candidate.
            quotes = [] if own else [qt for qt in QUOTED.findall(ex.question) if normalize_key(qt) not in phrases]
            if quotes:
                fig.pickups += 1
                for qt in quotes:
                    if not prev_answer or not _whole(qt, prev_answer) or FILLER.match(qt.strip()):
                        fig.bad_pickups += 1
                        fig.note("bad pick-up", f"{qt!r} ← {(prev_answer or '')[:60]!r}")
            if prev_level == 1:
                fig.after_miss += 1
                if DEEPER.search(ex.question):
                    fig.deeper_after_miss += 1
                    fig.note("deeper after a miss", ex.question)
                if chain_misses.get(prev_chain, 0) >= 2:
                    fig.second_miss += 1
                    if ex.chain != prev_chain or ex.action == "end":
                        fig.switched_after_second_miss += 1
                    else:
                        fig.note("no switch after two misses", ex.question)
        if ex.action == "end":
            if prev_level == 1 and chain_misses.get(prev_chain, 0) >= 2:
                fig.second_miss += 1
                fig.switched_after_second_miss += 1
            break
        covered |= set(ex.covers)
        fig.covers_found += len(set(ex.found))
        fig.covers_right += len(set(ex.found) & set(ex.covers))
        fig.covers_tagged += len(set(ex.covers))
        for k in sorted(set(ex.found) - set(ex.covers)):
            fig.note("covered without a tag", f"{k} ← {ex.answer[:70]!r}")
        if ex.level == 1:
            fig.misses_total += 1
            fig.misses_read_as_dont_know += ex.signal in ("dont_know", "not_mine")
            if ex.signal not in ("dont_know", "not_mine"):
                fig.note("miss not read as dont_know", f"{ex.signal}: {ex.answer[:60]}")
        if ex.level == 1 and ex.action not in ("hint", "clarify"):
            chain_misses[ex.chain] = chain_misses.get(ex.chain, 0) + 1
        prev_answer, prev_level, prev_chain = ex.answer, ex.level, ex.chain


def chains_in(run: Run, answers: int = 10) -> int:
    """Distinct chains asked about before the candidate's `answers`-th answer."""
    return len({ex.chain for ex in run.exchanges[:answers + 1] if ex.action != "end"})


def candidates() -> list[Candidate]:
    """Two candidates of each level in each language on the pack's sample résumé (they differ in which rungs
    they know), and levels 2 and 3 on each résumé of bench/interview_bank/resumes."""
    out = []
    for lang, resume in (("zh", PACK / "sample-resume.md"), ("en", PACK / "sample-resume.en.md")):
        for level in (1, 2, 3, 4):
            for who in ("a", "b"):
                out.append(Candidate(f"{lang}-L{level}{who}", lang, level, resume))
    for path in sorted((BANK / "resumes").glob("*.md")):
        lang = "en" if path.name.endswith(".en.md") else "zh"
        for level in (2, 3):
            out.append(Candidate(f"{lang}-L{level}-{path.name.split('.')[0]}", lang, level, path))
    return out
