"""SkillPack + résumé matches → InterviewPlan: chains of questions, each with its basis and rubric."""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter

from pydantic import BaseModel, Field

from interviewer import questions as Q
from interviewer.errors import InterviewerError
from interviewer.resume import Evidence, Resume, RuleMatch, match_rules
from interviewer.skills import Rule, SkillPack, SkillRef, Topic, ref
from interviewer.textutil import normalize_key
from interviewer.vocabulary import EMPTY, Vocabulary

MINUTES_PER_CHAIN = 8


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
    opening_basis: str = Field(default="", description="the probe or rung the opening asks about")
    strength: float = Field(default=0.0, description="the evidence strength that ordered it (0 for topic-only)")


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


def chain_budget(minutes: int) -> int:
    """How many chains fit the time budget: about 8 minutes each, at least one."""
    return max(1, int(minutes) // MINUTES_PER_CHAIN)


def build_plan(pack: SkillPack, resume: Resume, minutes: int = 45, lang: str | None = None,
               matches: list[RuleMatch] | None = None) -> InterviewPlan:
    """Résumé-backed chains strongest first, then topics the résumé does not show, within the time budget.

    `matches` defaults to `resume.match_rules(pack, resume)`; tests pass their own.
    """
    if minutes < 1:
        raise InterviewerError(f"--minutes must be at least 1 (got {minutes})")
    lang = Q.lang_of(lang or pack.lang)
    if matches is None:
        matches = match_rules(pack, resume)
    budget = chain_budget(minutes)
    rules = {r.index: r for r in pack.rules}
    ordered = sorted((m for m in matches if m.rule_index in rules), key=lambda m: (-m.strength, m.rule_index))

    chains: list[Chain] = []
    topics = rule_topics(pack)
    seen_rules: set[int] = set()
    opened: Counter[int] = Counter()
    while ordered and len(chains) < budget:
        # A line already opened by an earlier chain is worth less each time: spread the plan over the résumé. (A rich
        # headline line may hold two chains, "各并行度是怎么定下来的" beside "对比的基线是什么"; a third goes to another line.)
        m = max(ordered, key=lambda x: (x.strength - 0.5 * (opened[x.evidence[0].line] if x.evidence else 0),
                                        -x.rule_index))
        ordered.remove(m)
        if m.rule_index in seen_rules:
            continue
        seen_rules.add(m.rule_index)
        opened.update(e.line for e in m.evidence[:1])
        rule = rules[m.rule_index]
        chains.append(_rule_chain(pack, rule, topics, m, lang, len(chains) + 1))
    covered = {c.topic for c in chains}
    for topic in pack.topics:
        if len(chains) >= budget:
            break
        if topic.title not in covered:
            covered.add(topic.title)
            chains.append(_topic_chain(pack, topic, lang, len(chains) + 1))
    plan = InterviewPlan(skill=ref(pack), resume=ResumeRef(sha256=resume.sha256, lines=len(resume.lines)),
                         lang=lang, minutes=int(minutes), candidate=candidate_summary(resume), chains=chains)
    return _open_on_what_the_line_leaves(pack, plan)


def _open_on_what_the_line_leaves(pack: SkillPack, plan: InterviewPlan) -> InterviewPlan:
    """A chain whose first question the résumé line already answers opens on the next one it leaves open:
    "…单次保存阻塞时间从 6 分钟降到 20 秒」。一次保存要阻塞训练多久？" asks the candidate to read their line back."""
    from interviewer.progress import resume_covers  # (progress reads plans)

    stated = resume_covers(pack, plan, "")
    for chain in plan.chains:
        said = stated.get(chain.id) or {}
        if chain.rule_index is None or normalize_key(chain.follow_up_basis[0]) not in said:
            continue
        at = next((i for i, b in enumerate(chain.follow_up_basis) if normalize_key(b) not in said), None)
        if at is None:
            continue
        asked = Q.own_question(chain.opening_basis, plan.lang)
        if not chain.opening.endswith(asked):
            continue
        basis, question = chain.follow_up_basis.pop(at), chain.follow_ups.pop(at)
        chain.follow_up_basis.insert(0, basis)
        chain.follow_ups.insert(0, question)
        chain.opening = chain.opening[: -len(asked)] + Q.own_question(basis, plan.lang)
        chain.opening_basis = basis
    return plan


# ------------------------------------------------------------------------------ chains


def _rule_chain(pack: SkillPack, rule: Rule, topics: dict[int, Topic], match: RuleMatch, lang: str, n: int) -> Chain:
    """The rule's chain; `topics` is every rule's topic, by rule index."""
    topic = topics[rule.index]
    probes = Q.askable_probes(rule)
    basis = Q.opening_basis(rule, topic)
    quote = match.evidence[0].quote if match.evidence else ""
    opening = Q.opening_question(rule, topic, quote, lang, focus=match.triggers + rule.triggers)
    qs = [(p, Q.probe_question(p, lang)) for p in probes] or [(basis, Q.rung_question(basis, lang))]
    # A topic may hold two subjects, each a rule's ("长上下文与 MoE 并行"): a rung on the other rule's subject is not
    # asked of this line. A résumé line on MoE does not go on to ring attention under the causal mask.
    own = {t.casefold() for t in rule.triggers if len(t) >= 2}
    others = {t.casefold() for r in pack.rules if r is not rule and topics[r.index].title == topic.title
              for t in r.triggers if len(t) >= 2} - own

    def elsewhere(rung: str) -> bool:
        r = rung.casefold()
        return any(t in r for t in others) and not any(t in r for t in own)

    for rung in (r for r in topic.ladder[1:4] if not elsewhere(r)):
        if not any(_same_ask(rung, b, pack.vocabulary) for b, _ in qs):
            qs.append((rung, Q.rung_question(rung, lang)))
    return _chain(pack, n, rule.index, topic, list(match.evidence), opening, basis, qs, True, match.strength)


def _topic_chain(pack: SkillPack, topic: Topic, lang: str, n: int) -> Chain:
    rungs = topic.ladder[:4] or [topic.title]
    qs = [(rung, Q.rung_question(rung, lang)) for rung in rungs]
    return _chain(pack, n, None, topic, [], Q.topic_opening(topic, lang), rungs[0], qs, False, 0.0)


def _chain(pack: SkillPack, n: int, rule_index: int | None, topic: Topic, evidence: list[Evidence], opening: str,
           basis: str, qs: list[tuple[str, str]], on_resume: bool, strength: float) -> Chain:
    """follow_ups[0] is always what the opening asks (an engine that re-asks it finds it already asked)."""
    seen: set[str] = set()
    kept = []
    for b, q in qs:
        if q not in seen:
            seen.add(q)
            kept.append((b, q))
    return Chain(id=f"c{n}", rule_index=rule_index, topic=topic.title, evidence=evidence, opening=opening,
                 follow_ups=[q for _, q in kept], follow_up_basis=[b for b, _ in kept], markers=list(topic.markers),
                 danger_signals=pack.danger_for(topic.title), on_resume=on_resume, opening_basis=basis,
                 strength=strength)


# ------------------------------------------------------------------------------ topic linking

_STOP = set("the and of to a an in on for how what which is are was were it its each with when where why whether "
            "can does do not or from that this by be much many at as into up out more less".split())


def _tokens(text: str, vocab: Vocabulary = EMPTY) -> set[str]:
    """Latin words (crudely singular), CJK character bigrams and the pack's field concepts, for fuzzy overlap.

    The same idea is named differently across a pack's sections and languages ("训练加速 X%" vs "MFU 与训练
    性能分析"); the concepts of the pack's vocabulary ([link]) count as shared words so such rules still find
    their topic.
    """
    out: set[str] = {f"#{name}" for name, pat in vocab.link.items() if pat.search(text)}
    for m in re.finditer(r"[a-z0-9]+|[\u3400-\u9fff]+", unicodedata.normalize("NFKC", text).casefold()):
        w = m.group()
        if "\u3400" <= w[0] <= "\u9fff":
            out |= {w[i:i + 2] for i in range(len(w) - 1)} or {w}
        elif w not in _STOP and len(w) > 1:
            out.add(w[:-1] if len(w) > 3 and w.endswith("s") else w)
    return out


def _query(rule: Rule, vocab: Vocabulary) -> dict[str, float]:
    """The rule's words weighted: probes say what is asked, the first most (the opening asks it); triggers half."""
    weights: dict[str, float] = {}
    probes = Q.askable_probes(rule) or rule.probes
    parts = [(t, 0.5) for t in rule.triggers] + [(p, 1.0 / (k + 1)) for k, p in enumerate(probes)]
    for text, w in parts:
        for tok in _tokens(text, vocab):
            # A concept stands for several words at once ("throughput", "speed-up", "MFU").
            weights[tok] = max(weights.get(tok, 0.0), w * (2 if tok.startswith("#") else 1))
    return weights


def _overlap(query: dict[str, float], doc: set[str], idf: dict[str, float]) -> float:
    total = sum(w * idf.get(t, 1.0) for t, w in query.items())
    return sum(w * idf.get(t, 1.0) for t, w in query.items() if t in doc) / total if total else 0.0


def link_topic(pack: SkillPack, rule: Rule) -> Topic:
    """The topic a rule is about: overlap of its triggers and probes with each topic, plus the matching danger area.

    Words shared by every topic ("training", "训练") say nothing, so overlaps are idf-weighted;
    ties go to the earlier topic, so the link is deterministic.
    """
    return rule_topics(pack, [rule])[rule.index]


def rule_topics(pack: SkillPack, rules: list[Rule] | None = None) -> dict[int, Topic]:
    """Each rule's topic (link_topic), by rule index, the topics read once for all of them."""
    rules = pack.rules if rules is None else rules
    if not pack.topics:
        return {r.index: Topic(index=0, title=r.triggers[0] if r.triggers else f"rule {r.index}", ladder=[],
                               markers=[], line=r.line) for r in rules}
    vocab = pack.vocabulary
    docs = [_tokens(" ".join([t.title, *t.ladder, *t.markers]), vocab) for t in pack.topics]
    df: dict[str, int] = {}
    for d in docs:
        for tok in d:
            df[tok] = df.get(tok, 0) + 1
    idf = {tok: math.log((len(docs) + 0.5) / c) for tok, c in df.items()}
    areas = [(a.topic, _tokens(" ".join([a.area, *a.signals]), vocab)) for a in pack.danger_areas if a.topic]
    out = {}
    for rule in rules:
        query = _query(rule, vocab)
        area_bonus: dict[str, float] = {}
        for topic, tokens in areas:
            area_bonus[topic] = max(area_bonus.get(topic, 0.0), _overlap(query, tokens, idf))
        scores = {t.title: _overlap(query, docs[t.index - 1], idf) + area_bonus.get(t.title, 0.0)
                  for t in pack.topics}
        out[rule.index] = max(pack.topics, key=lambda t: (round(scores[t.title], 9), -t.index))
    return out


def _same_ask(rung: str, probe: str, vocab: Vocabulary = EMPTY) -> bool:
    """True when a rung asks what a probe already asks (most of the shorter one's words in the other)."""
    a, b = _tokens(rung, vocab), _tokens(probe, vocab)
    if not a or not b:
        return False
    return len(a & b) / min(len(a), len(b)) >= 0.6


# ------------------------------------------------------------------------------ candidate

_ROLE = re.compile(r"工程师|研究员|科学家|架构师|开发|负责人|专家|实习|求职意向|应聘|技术经理|总监|"
                   r"engineer|developer|researcher|scientist|architect|\blead\b|manager|intern|\bsre\b|"
                   r"objective|headline|\btitle\b", re.I)


def _plain(line: str) -> str:
    s = re.sub(r"^\s*(?:#+|[-*•·]|>)\s*", "", line)
    return re.sub(r"\*\*|__|`", "", s).strip()


def candidate_summary(resume: Resume) -> str:
    """The name line (the first line) and, when the top of the résumé has one, the headline role line."""
    lines = [p for p in (_plain(x) for x in resume.lines) if p]
    if not lines:
        return ""
    first = Q.clip(lines[0], 80)
    if _ROLE.search(lines[0]):
        return first
    # A headline is short; a long sentence that happens to say "manager" is not one.
    role = next((x for x in lines[1:6] if _ROLE.search(x) and len(x) <= 60 and len(x.split()) <= 10), None)
    return first + ("\n" + Q.clip(role, 100) if role else "")
