"""Where an interview stands, chain by chain: what was asked, what is covered, the misses and the time used.

Derived from the transcript (the plan, the résumé and the turns), never stored apart from it, so a resumed
session and every engine see the same picture. The offline interviewer decides from it; the session
checks an LLM's reply against it; the LLM's turn card lists it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

from interviewer import coverage as C
from interviewer.plan import Chain, InterviewPlan
from interviewer.skills import SkillPack
from interviewer.textutil import normalize_key

# A spoken question and its answer take about two and a half minutes, so a 45-minute plan holds about 18
# questions: the plan's minutes per chain become each chain's share of them.
MINUTES_PER_QUESTION = 2.5
MIN_SHARE = 2
MISSES_TO_SWITCH = 2
# Readings that are a miss on their chain (two of them switch chains) …
MISSES = ("dont_know", "not_mine")
# … and every reading that leaves the question unanswered: nothing in it covers an item, and a model scorer may
# not pin one of these on an answer the offline reading found substance in.
UNANSWERED = (*MISSES, "help", "refuse", "wants_end")
_PREFIX = re.compile(r"^(?:press:[a-z]+:|clarify:|rung:|hint:|step-down:)")


def basis_of(target: str | None) -> str:
    """The pack phrase a question is after, from a turn's target (older transcripts prefix a move to it)."""
    t = (target or "").strip()
    while _PREFIX.match(t):
        t = _PREFIX.sub("", t, count=1)
    return t


@dataclass
class ChainItem:
    """One thing a chain can ask: a follow-up (index into follow_ups) or a ladder rung kept for stepping down."""

    basis: str
    question: str
    depth: int  # 0 = the topic's easiest rung … 3 = its deepest; rule probes sit at 2
    follow_up: int | None
    cover: C.Item
    rung: bool = False  # a rung of the topic's ladder, not a rule's probe


@dataclass
class ChainProgress:
    chain: Chain
    items: list[ChainItem]
    share: int
    asked: set[str] = field(default_factory=set)  # normalised bases asked on this chain (any chain's question)
    covered: dict[str, str] = field(default_factory=dict)  # normalised basis → the quote that covers it
    questions: int = 0
    misses: int = 0
    opened: bool = False
    pressed: set[str] = field(default_factory=set)
    # Figures of what the candidate said they never did on another chain ("没在更大规模上试过" rules out "扩到更多卡时的
    # 扩展效率有多少？"): there is nothing of theirs to give.
    ruled_out: set[str] = field(default_factory=set)
    shown: int = 0  # the highest level an answer on this chain reached

    def open_items(self) -> list[ChainItem]:
        """Follow-ups neither asked nor covered, in plan order."""
        return [i for i in self.items if i.follow_up is not None and not self.done(i)]

    def done(self, item: ChainItem) -> bool:
        k = normalize_key(item.basis)
        return k in self.asked or k in self.covered or k in self.ruled_out

    @property
    def exhausted(self) -> bool:
        return not self.open_items()


def question_shares(plan: InterviewPlan, max_turns: int) -> dict[str, int]:
    """Each chain's share of the questions: the plan's minutes spread evenly, strongest chains first."""
    if not plan.chains:
        return {}
    total = min(max_turns, max(1, math.floor(plan.minutes / MINUTES_PER_QUESTION)))
    n = len(plan.chains)
    base, extra = divmod(total, n)
    return {c.id: max(MIN_SHARE, base + (1 if i < extra else 0)) for i, c in enumerate(plan.chains)}


def question_budget(plan: InterviewPlan, max_turns: int) -> int:
    """How many questions the interview holds: the plan's time in questions, never past --max-turns."""
    return min(max_turns, sum(question_shares(plan, max_turns).values()) or max_turns)


def topic_of(pack: SkillPack, chain: Chain):
    """The pack's topic a chain is on, or None (a chain of a plan made with another pack)."""
    return next((t for t in pack.topics if t.title == chain.topic), None)


def chain_items(pack: SkillPack, chain: Chain, lang: str) -> list[ChainItem]:
    """The chain's follow-ups, then the topic's rungs it does not already ask (for stepping down)."""
    from interviewer import questions as Q

    topic = topic_of(pack, chain)
    ladder = list(topic.ladder) if topic else []
    out: list[ChainItem] = []
    seen: set[str] = set()
    for i, (q, b) in enumerate(zip(chain.follow_ups, chain.follow_up_basis)):
        depth = ladder.index(b) if b in ladder else 2
        out.append(ChainItem(b, q, depth, i, C.item(i, b, pack.vocabulary), rung=b in ladder))
        seen.add(normalize_key(b))
    for k, rung in enumerate(ladder):
        if normalize_key(rung) not in seen:
            out.append(ChainItem(rung, Q.rung_question(rung, lang), k, None, C.item(len(out), rung, pack.vocabulary),
                                 rung=True))
    return out


@lru_cache(maxsize=64)
def _weights(phrases: tuple[str, ...], vocab) -> C.Weights:
    return C.Weights(list(phrases), vocab)


def plan_weights(pack: SkillPack, plan: InterviewPlan) -> C.Weights:
    phrases = [b for c in plan.chains for b in c.follow_up_basis]
    phrases += [r for t in pack.topics for r in t.ladder]
    return _weights(tuple(phrases), pack.vocabulary)


_RESUME_COVERS: dict[tuple, dict[str, dict[str, str]]] = {}


def resume_covers(pack: SkillPack, plan: InterviewPlan, resume_text: str) -> dict[str, dict[str, str]]:
    """Per chain, follow-ups whose number the résumé line already states ("保存阻塞从 210 s 降到 11 s").

    Only questions that ask for a figure count: a résumé line never explains how or why. Computed once per
    plan (every turn asks for it).
    """
    key = (resume_text, tuple((c.id, tuple(c.follow_up_basis), tuple(e.quote for e in c.evidence)) for c in plan.chains))
    if key not in _RESUME_COVERS:
        if len(_RESUME_COVERS) > 64:
            _RESUME_COVERS.clear()
        _RESUME_COVERS[key] = _resume_covers(pack, plan)
    return _RESUME_COVERS[key]


# A miss told as never done ("没在更大规模上试过", "we never tried it at that scale").
NEVER = re.compile(r"没(?:在[^，。,]{0,12})?(?:试过|做过|跑过|测过|量过|上过|用过)|从来没|资源[^，。]{0,6}没拿到|"
                    r"\bnever (?:tried|did|ran|run|measured|got|had|used)\b|\bhaven't (?:tried|done|run|measured|used)\b|"
                    # (as "没试过", "没量过": "we didn't try it at that scale")
                    r"\b(?:didn't|did not) (?:try|measure|run|test)\b|"
                    r"\bdidn't (?:get|have) (?:the )?\d+")


def _resume_covers(pack: SkillPack, plan: InterviewPlan) -> dict[str, dict[str, str]]:
    weight = plan_weights(pack, plan)
    out: dict[str, dict[str, str]] = {}
    for chain in plan.chains:
        if not chain.evidence:
            continue
        items = [C.item(i, b, pack.vocabulary) for i, b in enumerate(chain.follow_up_basis)]
        # Each line on its own: one line's figure and another's words state nothing ("…发现坏节点…平均恢复时间从 50
        # 分钟降到 12 分钟" beside "排查过多次训练 hang" tells no time from detection to diagnosis).
        found = [f for e in chain.evidence
                 for f in C.covered_items(e.quote, items, weight, threshold=0.6, kinds_only=C.FIGURE_ASKS)]
        out[chain.id] = {normalize_key(chain.follow_up_basis[i]): q for i, q in found if not items[i].kinds - C.FIGURE_ASKS}
    return out


_ITEMS: dict[tuple, list[ChainItem]] = {}


def all_items(pack: SkillPack, plan: InterviewPlan, lang: str) -> list[tuple[str, ChainItem]]:
    """(chain id, item) for every chain of the plan, built once per plan."""
    out = []
    for chain in plan.chains:
        key = (pack.path if hasattr(pack, "path") else pack.name, lang, chain.id, tuple(chain.follow_up_basis), chain.topic)
        if key not in _ITEMS:
            if len(_ITEMS) > 512:
                _ITEMS.clear()
            _ITEMS[key] = chain_items(pack, chain, lang)
        out += [(chain.id, it) for it in _ITEMS[key]]
    return out


def build(pack: SkillPack, plan: InterviewPlan, turns, lang: str, max_turns: int,
          resume_text: str = "") -> dict[str, ChainProgress]:
    """Every chain's progress from the turns so far (candidate turns carry their coverage)."""
    shares = question_shares(plan, max_turns)
    items: dict[str, list[ChainItem]] = {}
    for cid, it in all_items(pack, plan, lang):
        items.setdefault(cid, []).append(it)
    prog = {c.id: ChainProgress(c, items.get(c.id, []), shares.get(c.id, MIN_SHARE)) for c in plan.chains}
    asked_all: set[str] = set()
    covered_all: dict[str, str] = {}
    for cid, found in resume_covers(pack, plan, resume_text).items() if resume_text else ():
        prog[cid].covered.update(found)
    last_q = None
    never: list[tuple[str, set[str]]] = []
    for t in turns:
        p = prog.get(t.chain or "")
        if t.role == "interviewer":
            if t.action == "end":
                continue
            last_q = t
            if p is None:
                continue
            p.opened = True
            basis = basis_of(t.target)
            if basis:
                asked_all.add(normalize_key(basis))
            if t.action not in ("hint", "clarify"):
                p.questions += 1
            if t.notes and t.notes.startswith("press"):
                p.pressed.add(normalize_key(basis))
        else:
            for cov in t.covers:
                covered_all[normalize_key(cov.basis)] = cov.quote
            sig = t.assessment.signal if t.assessment else None
            if p is not None and sig in MISSES and last_q is not None and last_q.chain == p.chain.id:
                p.misses += 1
                if NEVER.search(t.text.casefold()):
                    key = normalize_key(basis_of(last_q.target) or "")
                    item = next((i for i in p.items if normalize_key(i.basis) == key), None)
                    if item is not None and (about := {u for u in item.cover.units if u.startswith("@")}):
                        never.append((p.chain.id, about))
            if p is not None and t.assessment and t.assessment.level:
                p.shown = max(p.shown, t.assessment.level)
    for cid, about in never:
        for p in prog.values():
            if p.chain.id != cid:
                p.ruled_out |= {normalize_key(i.basis) for i in p.items if i.cover.kinds & (C.FIGURE_ASKS | {"yesno"})
                                and about <= i.cover.units}
    for p in prog.values():
        p.asked |= {normalize_key(i.basis) for i in p.items if normalize_key(i.basis) in asked_all}
        p.covered.update({k: v for k, v in covered_all.items() if any(normalize_key(i.basis) == k for i in p.items)})
    return prog
