"""Assessment of one answer against one topic, the session Scorecard, and quote verification."""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, Field

from interviewer import scoring_read as R
from interviewer import scoring_terms as T
from interviewer.skills import Topic
from interviewer.textutil import found_in, has_cjk, normalize_key
from interviewer.vocabulary import EMPTY, Vocabulary

Signal = Literal["answered", "thin", "dont_know", "help", "not_mine", "refuse", "wants_end"]


class MarkerHit(BaseModel):
    marker: str = Field(description="a marker of the topic, verbatim")
    evidence: str = Field(description="a quote of the answer that shows it")


class DangerHit(BaseModel):
    signal: str = Field(description="a danger signal of the topic's area, verbatim, or a generic cue")
    evidence: str = Field(description="a quote of the answer that shows it")


class Assessment(BaseModel):
    """One answer, scored. Every scorer (offline or LLM) returns this."""

    topic: str
    signal: Signal
    level: int | None = Field(description="1 can't, 2 names, 3 mechanism+numbers, 4 judgement; None = not assessed")
    markers: list[MarkerHit] = []
    missed_markers: list[str] = []
    danger_signals: list[DangerHit] = []
    feedback: str = Field(default="", description="one line: what would lift the answer one level")
    scorer: str = Field(default="offline", description="which scorer produced it, e.g. 'offline', 'anthropic:claude-…'")


# --------------------------------------------------------------------------- reading helpers

_CUE = R.CUES
_MARKER_CUES = {k: R.cue_regex(v) for k, v in T.MARKER_CUES.items()}
# Apostrophes are not quotes ("I'm tired, let's stop" is meant); straight and curly double quotes are.
_QUOTED = re.compile(r"[\"“「『]([^\"”」』]{1,80})[\"”」』]")
_REPORTED = R.cue_regex(T.REPORTED)
_NEGATED = R.cue_regex(T.NEGATION)
Reading, Clause, read, answer_lang = R.Reading, R.Clause, R.read, R.answer_lang
_norm = R.norm
_key = lru_cache(maxsize=512)(normalize_key)  # the whole answer is compared with every quote


# --------------------------------------------------------------------------- signal


def _meant(text: str, rx: re.Pattern) -> list[re.Match]:
    """Cue matches the candidate says in their own voice: not inside quotes, not reported, not negated."""
    n = _norm(text)
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(n)]
    out = []
    for m in rx.finditer(n):
        if any(a <= m.start() < b for a, b in quoted):
            continue
        before = n[max(0, m.start() - 8) : m.start()]
        if _REPORTED.search(before) or (rx is _CUE["wants_end"] and _NEGATED.search(before[-4:])):
            continue
        out.append(m)
    return out


def _substance(r: Reading, drop: str) -> bool:
    """True when the clauses without `drop`-cues still carry an answer (mechanism or a number)."""
    keep = [cl for cl in r.clauses if not cl.cues.get(drop)]
    concepts = set().union(*(cl.concepts for cl in keep)) if keep else set()
    mech = {c for c in concepts if r.vocab.kind(c) == "mech"}
    nums = sum(1 for cl in keep for k in cl.numbers if k != "bare")
    return bool((mech and len(concepts) >= 2) or (nums and concepts) or len(mech) >= 2)


def _signal(r: Reading, level: int | None) -> Signal:
    content = "\n".join(r.sentences)
    if not content.strip():
        return "thin"
    ends = _meant(content, _CUE["wants_end"])
    if ends:
        last = r.clauses[-1].text if r.clauses else ""
        if not _substance(r, "wants_end") or any(found_in(m.group(), last) for m in ends):
            return "wants_end"
    for sig in ("refuse", "not_mine", "dont_know", "help"):
        if _meant(content, _CUE[sig]) and not _substance(r, sig):
            return sig  # type: ignore[return-value]
    return _content_signal(r, level)


def _content_signal(r: Reading, level: int | None) -> Signal:
    short = r.size < 160
    explains = bool(r.mech) and (r.has("causal") or r.numbers >= 1)
    return "thin" if (level or 1) <= 2 and short and not explains else "answered"


def classify_signal(text: str, vocab: Vocabulary = EMPTY) -> Signal:
    """The candidate's intent, judged on content (zh and en), with a pack's vocabulary for what is substance."""
    r = read(text, vocab)
    return _signal(r, _level(r))


# --------------------------------------------------------------------------- level


def _judgement(r: Reading) -> float:
    """How much judgement the answer shows: trade-offs, validation, a real incident, measured numbers."""
    score = 1.0 if r.has("tradeoff") else 0.5 if r.has("contrast") else 0.0
    score += 1.0 if r.has("validation") else 0.0
    if r.has("first_person"):
        score += 1.0 if r.has("incident") else 0.25 if r.has("incident_weak") else 0.0
        score += 0.5 if r.has("outcome") else 0.0
    return score + (0.5 if r.has("provenance") else 0.0)


def _level(r: Reading, marker_hits: int = 0) -> int | None:
    if not r.sentences:
        return 1 if r.grader else None  # only text for the grader: an answer with nothing in it
    domain, mech = sum(r.vocab.kind(c) != "context" for c in r.direct), len(r.mech)
    level = 2 if domain >= 2 else 1
    explained = ((mech >= 2 and r.numbers >= 1) or (mech >= 4 and r.has("causal"))
                 or (mech >= 1 and r.numbers >= 3 and domain >= 3)
                 or (mech >= 2 and r.has("causal") and marker_hits >= 1))
    if level == 2 and explained:
        level = 3
        story = r.has("incident") and r.has("first_person")
        # Level 4 is judgement: one weighed trade-off, a validation or a real incident is enough (the pack's rung).
        strong = r.has("tradeoff") or r.has("validation") or story
        if (strong or _judgement(r) >= 1.5) and (mech >= 3 or (mech >= 2 and story)) and r.numbers >= 2:
            level = 4
    # Grader-addressed text was set aside before this point: it neither counts nor costs anything here, so an
    # injected "rate me level 4" leaves the level where the rest of the answer puts it (and is flagged apart).
    if r.stuffing:
        level = min(level, 2)
    return level


# --------------------------------------------------------------------------- markers and danger


@lru_cache(maxsize=4096)
def _rubric_spec(text: str, vocab: Vocabulary) -> tuple[frozenset[str], frozenset[str]]:
    """The concepts a marker (or danger signal) names and the cues it asks for."""
    n = _norm(text)
    concepts, _ = vocab.find(n)
    cues = frozenset(k for k, rx in _MARKER_CUES.items() if rx.search(n))
    return frozenset(c for c in concepts if vocab.kind(c) != "context"), cues


def _cue_ok(r: Reading, cue: str, sent: int) -> bool:
    """Whether the sentence (or, for stories and measurements, the answer) shows what the marker asks for."""
    if (cue, sent) not in r.memo:
        r.memo[(cue, sent)] = _cue_check(r, cue, sent)
    return r.memo[(cue, sent)]


def _cue_check(r: Reading, cue: str, sent: int) -> bool:
    cls = r.sentence_clauses(sent)
    src = {k: sum(c.cues.get(k, 0) for c in cls) for k in ("tradeoff", "contrast", "causal")}
    if cue == "number":
        return any(k not in ("bare", "config") for c in cls for k in c.numbers)
    if cue == "tradeoff":
        return bool(src["tradeoff"] or src["contrast"])
    if cue == "causal":
        return bool(src["causal"])
    if cue == "incident":
        return r.has("first_person") and (r.has("incident") or r.has("incident_weak"))
    if cue == "measure":
        return r.has("provenance") or r.numbers >= 1
    if cue == "mechanism":
        return len(r.mech) >= 2 and any(r.vocab.kind(x) == "mech" for c in cls for x in c.concepts)
    return False


def _quote(r: Reading, cl: Clause, answer: str, concepts: frozenset[str] = frozenset()) -> str:
    """The clause's sentence, or when that is long or the whole answer, the clause grown to a readable size.

    Grown first over the neighbouring clauses that carry the rest of `concepts` ("ZeRO-3，单卡显存 40 GB").
    """
    sent = r.sentences[cl.sent]
    whole = _key(sent) == _key(answer)
    if len(sent) <= 160 and not (whole and (len(r.clauses) > 1 or len(sent) > 80)):
        return sent
    siblings = r.sentence_clauses(cl.sent)
    i = siblings.index(cl)
    a, b = cl.start, cl.end
    lo, hi = i, i
    near = [j for j, c in enumerate(siblings) if concepts & r.vocab.closed(c.concepts) and abs(j - i) <= 2]
    if near and siblings[max(near + [i])].end - siblings[min(near + [i])].start <= 160:
        lo, hi = min(near + [i]), max(near + [i])
        a, b = siblings[lo].start, siblings[hi].end
    while b - a < 12 and (lo > 0 or hi < len(siblings) - 1):
        if lo > 0:
            lo -= 1
            a = siblings[lo].start
        else:
            hi += 1
            b = siblings[hi].end
    quote = sent[a:b].strip().rstrip("，,；;：:、")
    if len(quote) > 80 and _key(quote) == _key(answer):
        # One long clause (a keyword list): quote its opening, cut at a space, never the whole answer.
        cut = quote.rfind(" ", 0, 60)
        quote = quote[: cut if cut > 20 else 60].rstrip("，,；;：:、 ")
    return quote


def _best_clause(r: Reading, concepts: frozenset[str], cues: frozenset[str]) -> Clause | None:
    """The clause that shows the marker best; markers that ask for a cue need it in that sentence."""
    best, best_score = None, 0.0
    for cl in r.clauses:
        ok = [c for c in cues if _cue_ok(r, c, cl.sent)]
        if cues and not ok:
            continue
        has_number = any(k not in ("bare", "config") for k in cl.numbers)
        score = (len(concepts & r.vocab.closed(cl.concepts)) + 0.5 * len(ok) + 0.1 * bool(cl.numbers)
                 + 0.3 * ("number" in cues and has_number))
        if score > best_score:
            best, best_score = cl, score
    return best


_IDENTIFIER = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")


@lru_cache(maxsize=4096)
def _named_only(marker: str, vocab: Vocabulary) -> frozenset[str]:
    """Identifiers a marker names that no concept stands for ("expandable_segments"): the answer must say one.

    Without this, a marker whose only known concept is "memory" is met by any talk of memory.
    """
    n = _norm(marker)
    return frozenset(t for t in _IDENTIFIER.findall(n) if not vocab.find(t.replace("_", " "))[0]
                     and not vocab.find(t)[0])


def _markers(r: Reading, topic: Topic, answer: str) -> tuple[list[MarkerHit], list[str]]:
    hits, missed = [], []
    said = _norm(answer)
    for marker in topic.markers:
        concepts, cues = _rubric_spec(marker, r.vocab)
        have = len(concepts & r.concepts)
        named = _named_only(marker, r.vocab)
        ok = (have >= math.ceil(0.67 * len(concepts)) and (have > 0 or cues) and not r.stuffing
              and (not named or any(t in said for t in named)))
        cl = _best_clause(r, concepts, cues) if ok else None
        if cl is not None and (not concepts or concepts & r.vocab.closed(
                set().union(*(c.concepts for c in r.sentence_clauses(cl.sent))))):
            hits.append(MarkerHit(marker=marker, evidence=_quote(r, cl, answer, concepts)))
        else:
            missed.append(marker)
    return hits, missed


@lru_cache(maxsize=64)
def _remedies(vocab: Vocabulary) -> tuple[tuple[str, re.Pattern, frozenset[str]], ...]:
    """Naive remedies: the pack's own ("lower the learning rate"), then the generic ones ("rerun")."""
    return (*((f"naive:{x.kind}", R.cue_regex(x.forms), x.needs) for x in vocab.remedies),
            *((f"naive:{k}", R.cue_regex(v), frozenset()) for k, v in T.NAIVE.items()))


@lru_cache(maxsize=64)
def _signal_kinds(vocab: Vocabulary) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return (*((f"naive:{x.kind}", x.signal) for x in vocab.remedies), *T.SIGNAL_KINDS.items())


def _signal_kind(signal: str, vocab: Vocabulary) -> str | None:
    n = _norm(signal)
    for kind, words in _signal_kinds(vocab):
        if any(w in n for w in words):
            return kind
    return None


def _pick(signals: list[str], kind: str, near: list[set[str]], vocab: Vocabulary) -> str | None:
    """The rubric signal of this kind that fits; for ignorance, the one about the concepts nearest the cue."""
    cands = [s for s in signals if _signal_kind(s, vocab) == kind]
    if kind != "ignorance":
        return cands[0] if cands else None
    for concepts in near:
        scored = [(len(_rubric_spec(s, vocab)[0] & vocab.closed(concepts)), -i, s) for i, s in enumerate(cands)]
        scored = [x for x in scored if x[0] > 0]
        if scored:
            return max(scored)[2]
    return None


def _generic(kind: str, lang: str) -> str:
    zh, en = T.GENERIC_DANGER[kind]
    return zh if lang == "zh" else en


def _cue_clause(r: Reading, rx: re.Pattern) -> Clause | None:
    return next((cl for cl in r.clauses if _meant(cl.text, rx)), None)


def _naive_hits(r: Reading, low: bool, signals: list[str]) -> list[tuple[str, Clause]]:
    """Naive remedies the candidate offers as their own (not negated, not an old approach they replaced)."""
    out = []
    for kind, rx, needs in _remedies(r.vocab):
        kind = kind.removeprefix("naive:")
        if kind == "guess" and not low:
            continue
        # Some remedies are only naive in a setting ("restart" where weights are synced), or where the
        # topic's own red flags name them.
        if needs and not (r.concepts & needs or _pick(signals, f"naive:{kind}", [], r.vocab)):
            continue
        for cl in r.clauses:
            if _meant(cl.text, rx) and not _meant(r.sentences[cl.sent], _CUE["naive_neg"]):
                out.append((kind, cl))
                break
    return out


def _dangers(r: Reading, level: int | None, signal: Signal, signals: list[str], lang: str,
             answer: str) -> list[DangerHit]:
    out: list[DangerHit] = []

    def add(sig: str, cl: Clause | None = None, quote: str = "") -> None:
        quote = quote or (_quote(r, cl, answer) if cl else "")
        if quote and found_in(quote, answer) and all(d.signal != sig for d in out):
            out.append(DangerHit(signal=sig, evidence=quote))

    low = level is None or level <= 2
    if signal == "not_mine" and (cl := _cue_clause(r, _CUE["not_mine"])):
        add(_generic("not_mine", lang), cl)
    if low and (cl := _cue_clause(r, _CUE["dont_know"])):
        # "I haven't done that, but I'd…" is honest reasoning: flag it only when it names what is unknown.
        near = [cl.concepts, r.direct] if signal == "dont_know" else [cl.concepts]
        fits = _pick(signals, "ignorance", near, r.vocab)
        if fits or signal in ("dont_know", "thin"):
            add(fits or _generic("ignorance", lang), cl)
    if (level or 1) <= 3:
        for kind, cl in _naive_hits(r, low, signals):
            add(_pick(signals, f"naive:{kind}", [], r.vocab) or _generic("naive", lang), cl)
    if r.clauses and level is not None and level <= 2 and not out and signal not in ("dont_know", "not_mine"):
        # A level-2 answer is names without mechanism by definition; say so with the densest clause.
        names = max(r.clauses, key=lambda c: (sum(r.vocab.kind(x) == "name" for x in c.concepts), len(c.concepts)))
        generic = "stuffing" if r.stuffing else "names" if level == 2 else "vague"
        add((_pick(signals, "names", [], r.vocab) if level == 2 else None) or _generic(generic, lang), names)
    # Last, so text addressed to the grader cannot stand in for a red flag the answer itself earned.
    for g in r.grader:
        add(_generic("grader", lang), quote=g.strip())
    return out


# --------------------------------------------------------------------------- feedback


def _feedback(topic: Topic, level: int | None, signal: Signal, missed: list[str], lang: str) -> str:
    ladder = topic.ladder or [topic.title]
    rung = ladder[min(max((level or 1) - 1, 0), len(ladder) - 1)]
    nxt = ladder[min(level or 0, len(ladder) - 1)]
    target = missed[0] if missed else nxt
    zh = lang == "zh"
    if level is None:
        return ""
    if signal in ("dont_know", "not_mine"):
        return (f"没做过也可以从机制推一推：{ladder[0]}，讲出你会怎么做。" if zh else
                f"Even without hands-on experience, reason it through from the mechanism: {ladder[0]}.")
    if level == 1:
        return (f"先把机制讲出来：{rung}，带上一个具体数字。" if zh else
                f"Start with the mechanism: {rung}, with one concrete number.")
    if level == 2:
        return (f"把名词落到机制上：围绕「{target}」讲清原理，带一个数字并说明来源。" if zh else
                f"Go from names to mechanism: cover \"{target}\" with a number and where it came from.")
    if level == 3:
        return (f"再上一层要有判断：围绕「{target}」讲一次真实的取舍、验证或事故。" if zh else
                f"To show judgement, cover \"{target}\" with a real trade-off, validation or incident.")
    return f"已经扎实；可以再往深一层：{nxt}。" if zh else f"Solid; to go one step deeper: {nxt}."


def topic_lang(topic: Topic) -> str:
    return "zh" if has_cjk(topic.title + "".join(topic.markers)) else "en"


def score_answer(topic: Topic, answer: str, question: str = "", danger_signals: list[str] | None = None,
                 lang: str | None = None, *, vocab: Vocabulary | None = None) -> Assessment:
    """The offline scorer: deterministic, no network. Reads with `vocab`, by default the topic's pack's."""
    lang = lang or topic_lang(topic)
    r = read(answer, vocab or topic.vocabulary)
    found = _markers(r, topic, answer)
    level = _level(r, len(found[0]))
    signal = _signal(r, level)
    if signal in ("dont_know", "not_mine"):
        level = 1
    elif signal in ("help", "refuse") or (signal == "wants_end" and not _substance(r, "wants_end")):
        level = None
    hits, missed = ([], list(topic.markers)) if level is None or level < 2 else found
    dangers = _dangers(r, level, signal, list(danger_signals or []), lang, answer)
    a = Assessment(topic=topic.title, signal=signal, level=level, markers=hits, missed_markers=missed,
                   danger_signals=dangers, feedback=_feedback(topic, level, signal, missed, lang))
    return verify(a, answer, topic, list(danger_signals or []))


# --------------------------------------------------------------------------- verification

GENERIC_LABELS = frozenset(normalize_key(x) for pair in T.GENERIC_DANGER.values() for x in pair)


def verify(assessment: Assessment, answer: str, topic: Topic, danger_signals: list[str]) -> Assessment:
    """Drop quotes not found in the answer, markers/signals not in the rubric; clamp the level to 1-4."""
    markers = {normalize_key(m): m for m in topic.markers}
    signals = {normalize_key(s) for s in danger_signals} | GENERIC_LABELS
    hits, seen = [], set()
    for h in assessment.markers:
        key = normalize_key(h.marker)
        if key in markers and key not in seen and found_in(h.evidence, answer):
            hits.append(MarkerHit(marker=markers[key], evidence=h.evidence))
            seen.add(key)
    dangers = [d for d in assessment.danger_signals
               if normalize_key(d.signal) in signals and found_in(d.evidence, answer)]
    level = assessment.level if assessment.level is None else max(1, min(4, int(assessment.level)))
    missed = [m for k, m in markers.items() if k not in seen]
    feedback = " ".join(assessment.feedback.split())
    return assessment.model_copy(update={"markers": hits, "danger_signals": dangers, "level": level,
                                         "missed_markers": missed, "feedback": feedback})

# --------------------------------------------------------------------------- scorecard


class TopicScore(BaseModel):
    topic: str
    level: int | None = Field(description="the level reached; None = not assessed (never asked, skipped, unanswered)")
    evidence: list[str] = Field(default=[], description="quotes that support the level")
    how: str = Field(default="", description="how the level was computed, in words")


class ScoredDanger(BaseModel):
    topic: str
    signal: str
    evidence: str


class Scorecard(BaseModel):
    """The session's result: per-topic levels with quotes, red flags, strengths and improvements."""

    topics: list[TopicScore] = []
    danger_signals: list[ScoredDanger] = []
    summary: str = ""
    strengths: list[str] = []
    improvements: list[str] = Field(default=[], description="each with one concrete practice item")


def _practice(title: str, level: int, best: Assessment, zh: bool) -> str:
    target = best.missed_markers[0] if best.missed_markers else ""
    if level <= 2:
        item = target or title
        return (f"{title}（{level} 级）：练习——用两分钟讲清「{item}」，带一个数字并说明它从哪来。" if zh else
                f"{title} (level {level}): practice explaining \"{item}\" in two minutes, with one number "
                f"and where it came from.")
    item = target or title
    return (f"{title}（{level} 级）：练习——围绕「{item}」准备一次真实经历：当时的数字、你做的取舍、怎么验证的。" if zh else
            f"{title} (level {level}): practice one real story around \"{item}\": the numbers, the trade-off "
            f"you made and how you verified it.")


def build_scorecard(topics: list[str], assessed: list[Assessment], lang: str = "zh") -> Scorecard:
    """Scorecard over the plan's topics (in plan order) from every assessment of the session."""
    zh = lang == "zh"
    order = list(dict.fromkeys(topics)) + [a.topic for a in assessed if a.topic not in topics]
    card = Scorecard()
    # Grouped once: the session rebuilds the card after every turn, so a per-topic scan grew quadratically.
    by_topic: dict[str, list[Assessment]] = {}
    for a in assessed:
        by_topic.setdefault(normalize_key(a.topic), []).append(a)
    for title in dict.fromkeys(order):
        mine = by_topic.get(normalize_key(title), [])
        scored = [a for a in mine if a.level is not None]
        for a in mine:
            for d in a.danger_signals:
                if not any(x.topic == title and x.signal == d.signal and x.evidence == d.evidence
                           for x in card.danger_signals):
                    card.danger_signals.append(ScoredDanger(topic=title, signal=d.signal, evidence=d.evidence))
        if not scored:
            skipped = len(mine)
            how = ((f"未评估：{skipped} 次回答都没有可评的内容（跳过、请求澄清或未作答）" if skipped else "未评估：没有问到")
                   if zh else (f"not assessed: {skipped} turn(s) with nothing to assess (skipped, clarification "
                               f"or no answer)" if skipped else "not assessed: never asked"))
            card.topics.append(TopicScore(topic=title, level=None, how=how))
            continue
        levels = [a.level for a in scored]
        top = max(levels)  # type: ignore[type-var]
        best = [a for a in scored if a.level == top]
        evidence = list(dict.fromkeys(h.evidence for a in best for h in a.markers))[:3]
        nums = "、".join(map(str, levels)) if zh else ", ".join(map(str, levels))
        how = (f"{len(levels)} 个已评回答取最高：{nums}" if zh else f"max of {len(levels)} assessed answers: {nums}")
        if len(mine) > len(scored):
            how += (f"（另有 {len(mine) - len(scored)} 次未计入：跳过或请求澄清）" if zh else
                    f" ({len(mine) - len(scored)} more not counted: skipped or clarification)")
        card.topics.append(TopicScore(topic=title, level=top, evidence=evidence, how=how))
        if top >= 3 and evidence:
            card.strengths.append(f"{title}（{top} 级）：「{evidence[0]}」" if zh else
                                  f"{title} (level {top}): \"{evidence[0]}\"")
        if top < 4:
            card.improvements.append(_practice(title, top, best[-1], zh))
    done = [t for t in card.topics if t.level is not None]
    if zh:
        levels = "，".join(f"{t.topic} {t.level} 级" for t in done) or "无"
        card.summary = (f"共 {len(card.topics)} 个主题，评估了 {len(done)} 个（{levels}）；"
                        f"{len(card.topics) - len(done)} 个未评估。每个主题的级别取该主题各回答的最高级"
                        f"（1 说不出、2 知道名词、3 讲清机制并有数字、4 有取舍、验证或真实事故）；"
                        f"危险信号 {len(card.danger_signals)} 条，均附原话。")
    else:
        levels = ", ".join(f"{t.topic} {t.level}" for t in done) or "none"
        card.summary = (f"{len(done)} of {len(card.topics)} topics assessed ({levels}); "
                        f"{len(card.topics) - len(done)} not assessed. Each topic's level is the highest level "
                        f"among its answers (1 can't, 2 knows the names, 3 mechanism with numbers, 4 judgement: "
                        f"trade-offs, validation, a real incident); {len(card.danger_signals)} red flag(s), "
                        f"each with a quote.")
    return card
