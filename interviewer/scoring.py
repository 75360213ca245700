"""Assessment of one answer against one topic, quote verification, and the offline scorer that ties them together.

The offline scorer reads the answer with the topic's pack (its vocabulary and its whole rubric, `topic.pack`):
markers credited with the clause that shows them (scoring_marks), the level from what the answer shows
(scoring_level), red flags of every topic the answer touches, and a line of feedback naming this answer's most
important missing point (scoring_feedback). The session's Scorecard is in interviewer.scorecard.

The reader, for other parts of the program (the interviewer's coverage of what an answer already said), is a
small stable API: `read(answer, vocab)` (sentences and clauses with their concepts), `concepts_of(phrase, vocab)`,
`sentence_concepts(answer, vocab)`, and `Assessment.markers` as the markers an answer states, each with its quote.
A pack's vocabulary is `pack.vocabulary` (or `topic.vocabulary`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, Field

from interviewer import coverage as C
from interviewer import scoring_facts as FX
from interviewer import scoring_feedback as F
from interviewer import scoring_level as L
from interviewer import scoring_marks as M
from interviewer import scoring_read as R
from interviewer import scoring_terms as T
from interviewer.scoring_rubric import Rubric, literal_terms, rubric_for, story_subject, term_concepts
from interviewer.skills import Topic
from interviewer.textutil import asks_back, found_in, has_cjk, normalize_key
from interviewer.vocabulary import EMPTY, Vocabulary

Signal = Literal["answered", "thin", "dont_know", "help", "not_mine", "refuse", "wants_end"]


class MarkerHit(BaseModel):
    marker: str = Field(description="a marker of the topic, verbatim")
    evidence: str = Field(description="a quote of the answer that shows it")


class DangerHit(BaseModel):
    signal: str = Field(description="a danger signal of the pack, verbatim, or a generic cue")
    evidence: str = Field(description="a quote of the answer that shows it")


class Assessment(BaseModel):
    """One answer, scored. Every scorer (offline or LLM) returns this."""

    topic: str
    signal: Signal
    level: int | None = Field(description="1 can't, 2 names, 3 mechanism+numbers, 4 judgement; None = not assessed")
    markers: list[MarkerHit] = Field(default=[], description="markers the answer states, each with its quote")
    missed_markers: list[str] = []
    danger_signals: list[DangerHit] = []
    feedback: str = Field(default="", description="one line: this answer's most important missing point")
    excerpt: str = Field(default="", description="the answer's opening words, verbatim, to show which answer it is")
    scorer: str = Field(default="offline", description="which scorer produced it, e.g. 'offline', 'anthropic:claude-…'")


# --------------------------------------------------------------------------- reading helpers

_CUE = R.CUES
# Apostrophes are not quotes ("I'm tired, let's stop" is meant); straight and curly double quotes are.
_QUOTED = re.compile(r"[\"“「『]([^\"”」』]{1,80})[\"”」』]")
# "说实话我就把学习率调小" is the candidate's own voice: an aside to be frank, not a report of what someone said.
_REPORTED = re.compile(rf"(?<!老)(?:{R.cue_regex(T.REPORTED).pattern})(?!实话|真的|句实话|白了)")
_NEGATED = R.cue_regex(T.NEGATION)
Reading, Clause, read, answer_lang = R.Reading, R.Clause, R.read, R.answer_lang
_norm = R.norm


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


# --------------------------------------------------------------------------- signal


def _signal(r: Reading, level: int | None, f: L.Features | None = None, question: str = "") -> Signal:
    content = "\n".join(r.sentences)
    if not content.strip():
        return "thin"
    ends = _meant(content, _CUE["wants_end"])
    if ends:
        last = r.clauses[-1].text if r.clauses else ""
        if not L.substance(r, "wants_end", f) or any(found_in(m.group(), last) for m in ends):
            return "wants_end"
    if f is not None and not f.credited and L.watched(r):
        return "not_mine"  # "主要是我导师查的，我在旁边看": what it tells is what the candidate watched
    if f is not None and not f.credited and not f.grounded and _meant(content, _DISOWNED):
        return "not_mine"  # "…I think TP was 8. …so I wouldn't be the right person to explain why those numbers."
    if f is not None and not f.credited and _only_reported(r):
        return "not_mine"  # the result told (the question's "3 倍" said back) is the other team's
    # Not knowing what the asked thing does ("I don't actually know what gang scheduling does", "具体每一级切的是什么…记不
    # 清了"), with no point shown, is a miss whatever setting the answer tells around it ("the platform handled it").
    if f is not None and not f.credited and _meant(content, _CUE["dont_know"]) and any(
            _MECH_MISS.search(n) and _NOT_KNOWN.search(n) for n in map(_norm, r.sentences)):
        return "dont_know"
    # ...as is an answer that opens on not knowing and then only guesses, showing no point and working nothing out.
    if f is not None and not f.credited and not f.grounded and _guessed_after_not_knowing(r, question):
        return "dont_know"
    if any(_HINT.search(_norm(s)) for s in r.sentences[:2]) and not L.substance(r, "help", f):
        return "help"  # a hint asked for before any answer, and none given after it beyond guesses and names
    for sig in ("refuse", "not_mine", "dont_know", "help"):
        if _meant(content, _CUE[sig]) and not L.substance(r, sig, f) and not (sig == "dont_know" and _figure_miss(r)):
            return sig  # type: ignore[return-value]
    short = r.size < 160
    # A mechanism said with what it does when ("资源不够就整组都不调度", "if resources are short, none of the group is
    # scheduled") explains it, as a reason or a figure would: pressed "能举一个你实际碰到的例子吗？", it was the example.
    explains = (bool(r.mech) and (r.has("causal") or r.numbers >= 1 or (level or 1) >= 2 and _conditional(r))) or bool(
        f and (f.credited or f.statements))
    # One of the options the question offered, and what makes it so ("吞吐。计算没变，只是通信藏到反向里了。"), answers it:
    # pressed "具体是多少？", it was asked for the figures the chain's last answer gave.
    explains = explains or bool(f and f.picked and len(r.clauses) >= 2)
    return "thin" if (level or 1) <= 2 and short and not explains else "answered"


def _guessed_after_not_knowing(r: Reading, question: str) -> bool:
    """A bare "not sure" opens the answer and the next sentence opens on a guess ("I'm not really sure. I think gang
    scheduling is for grouping pods with the same labels…").

    (Not an opener that already reasons, "这个我没测过，我觉得应该很少了，因为开了 overlap"; nor a guess the pack's facts call
    wrong, which is answered with the fact: "I'm not sure. I think it's less communication…")
    """
    if len(r.sentences) < 2:
        return False
    first = _norm(r.sentences[0])
    return (len(first) <= 40 and bool(_meant(first, _CUE["dont_know"]) or L.UNKNOWN_RX.search(first))
            and not any(cl.concepts or cl.numbers or cl.cues.get("causal") for cl in r.sentence_clauses(0))
            and bool(_GUESS_OPEN.match(_norm(r.sentences[1]))) and not FX.wrong_figures(r, question))


_HINT = R.cue_regex(T.HINT)
_GUESS_OPEN = re.compile(r"i (?:think|guess|believe|assume)\b|maybe\b|probably\b|my guess\b|我(?:觉得|猜|估计|理解)|可能|大概|应该")


def _only_reported(r: Reading) -> bool:
    """The work was someone else's and the candidate's part was to report the problem ("是存储组负责的，…然后报给了他们",
    "the storage team owned it; I just reported it to them")."""
    return bool(_meant(r.text, _CUE["not_mine"]) and _REPORTED_TO.search(_norm(r.text)))


_THEIRS = re.compile(r"同事|他们|那边的人|别的组|\bcolleagues?\b|\bthey\b|\btheir\b|\bthe \w+ team\b")
_REPORTED_TO = re.compile(r"(?:报|反馈|提)给了?(?:他们|她们|对方|那边|平台|存储|运维)|提了(?:个)?(?:工单|ticket|issue)|"
                       r"\b(?:just|only|mainly|mostly) (?:reported|flagged|escalated|raised) (?:it|the issue|the problem)\b|"
                       r"\bmy (?:part|role) was (?:just |only |mainly )?(?:to )?(?:report|flag|escalat)")
_DISOWNED = R.cue_regex(T.DISOWNED)
_MECH_MISS = re.compile(r"\bwhat (?:[\w-]+ ){0,4}(?:does|do|gains?|buys?|adds?|solves?|is for|is about|shards?|splits?|"
                        r"partitions?)\b|\bwhy (?:[\w-]+ ){0,4}(?:is|are) (?:needed|required)\b|"
                        r"切的是什么|切了什么|是干什么的|分别切什么|各切什么|"
                        r"有什么用|干嘛的|起什么作用|是怎么工作的|是什么原理|解决(?:的是)?什么|为什么(?:要|需要|非得)")
_NOT_KNOWN = re.compile(r"n't|\bnot\b|\bnever\b|不|没")
_FIGURE_MISS = R.cue_regex(T.FIGURE_MISS)
_DETAIL_MISS = R.cue_regex(T.DETAIL_MISS)

# A point whose substance is a figure worked out ("能算出 128K 序列下每层激活", "computes per-layer TP bytes").
_WORKS_OUT = re.compile(r"算出|估出|当场算|\bcomputes\b|\bestimates\b|\bworks out\b|\bderives\b|\bcalculates\b", re.I)
# A figure worked out from another ("derives write and blocking time from aggregate storage bandwidth", "按存储聚合带宽算出").
_FROM_BASIS = re.compile(r"\bfrom\b|按|根据")
# A point that asks for a measured figure: the question's figure said back is no measurement, whatever it is a share of.
_MEASURED_POINT = re.compile(r"实测|\ba measured\b", re.I)


def _result_in(r: Reading, core: set[tuple[int, int]]) -> bool:
    """Whether the clauses hold a result's figure (a size, a time, a share, a bandwidth, a rate) or the formula that
    gives it ("ring 下每卡收发约 2(t-1)/t 倍"), not a setting said back ("at 128K")."""
    return any(k in R.RESULT_KINDS or k == "formula" for cl in r.clauses if (cl.sent, cl.start) in core
               for k in cl.numbers)


def _says_how(credit, question_terms: frozenset[str], rubric: Rubric) -> bool:
    """Whether a credit's quote names a way of taking its figure that the question does not: one the marker gives
    in its brackets ("测法（每 step 取 batch 的耗时，或 GPU 时间线上 step 开头的空隙）"). (Why the figure is low, "通信和计算是
    重叠的", is no way of measuring it.)"""
    ways = frozenset().union(*(rubric.terms_of(b) for b in M.BRACKETED.findall(credit.point.text)))
    # (A tool or a thing looked at, "profiler", "空隙": a mechanism it names, overlap, is what the figure is of.)
    return any(x.startswith("c:") and x in ways and x not in question_terms
               and rubric.vocab.kind(x[2:]) in ("name", "term") for x in credit.matched)


def _figures(text: str) -> set[str]:
    return set(re.findall(r"\d+(?:\.\d+)?", text))


# What is left of a clause once its identifiers (an environment variable, a flag) and its list numbering are gone.
_IDENTIFIERS = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:=\S+)?|--[\w-]+(?:=\S+)?|^\s*[（(]?\d{1,2}[)）.、]|"
                          r"\s[（(]?\d{1,2}[)）、]|[\s,，、;；。]+|\band\b|和")


def _own_figures(text: str) -> set[str]:
    """The figures of a text that are not parallel settings ("TP8", "cp=4")."""
    return _figures(R.CONFIG.sub(" ", R.norm(text)))


@lru_cache(maxsize=64)
def _figure_concepts(vocab: Vocabulary) -> frozenset[str]:
    return frozenset(vocab.find(_norm(" ".join(T.FIGURE_MISS)))[0])


def _figure_miss(r: Reading) -> bool:
    """The candidate answers, then misses only a figure or the details: every clause that says "不知道" asks after
    a number (or the details) and names nothing of the field not said before it, and a clause before the first of
    them names something of it (a mechanism, before missing the details). ("I don't know the exact number" up front
    is a miss of the question, whatever follows.)"""
    missing = [i for i, cl in enumerate(r.clauses) if _meant(cl.text, _CUE["dont_know"])]
    if not missing:
        return False
    figures = _figure_concepts(r.vocab)  # "比例" may be a concept of its own: a share is a figure
    # ...or names only what the answer already said ("I don't remember the exact numbers per parameter").
    before = set().union(*(cl.concepts for cl in r.clauses[: missing[0]]))
    details = False
    for i in missing:
        cl = r.clauses[i]
        if cl.concepts - figures - before:
            return False
        n = _norm(cl.text)
        if not _FIGURE_MISS.search(n):
            if not _DETAIL_MISS.search(n):
                return False
            details = True
    return bool(before) and not (details and not any(r.vocab.kind(c) == "mech" for c in before))


def classify_signal(text: str, vocab: Vocabulary = EMPTY) -> Signal:
    """The candidate's intent, judged on content (zh and en), with a pack's vocabulary for what is substance."""
    r = read(text, vocab)
    rubric = rubric_for((), vocab)
    f = L.features(r, rubric, frozenset(), frozenset(), [])
    f.off_question = False
    return _signal(r, L.level(r, f), f)


def concepts_of(phrase: str, vocab: Vocabulary) -> frozenset[str]:
    """The concept ids a phrase names, with the broader ideas they imply ("ZeRO-3" → zero_stage, zero, sharding)."""
    return frozenset(vocab.named(_norm(phrase)))


def sentence_concepts(answer: str, vocab: Vocabulary) -> list[tuple[str, frozenset[str]]]:
    """Each sentence of the answer (grader-addressed text left out) with the concepts it names, closed."""
    r = read(answer, vocab)
    return [(s, frozenset(vocab.closed(set().union(*(cl.concepts for cl in r.sentence_clauses(i))))))
            for i, s in enumerate(r.sentences)]


# --------------------------------------------------------------------------- the rubric of a topic


def _docs(topic: Topic, own: list[str]) -> tuple[str, ...]:
    pack = topic.pack
    topics = pack.topics if pack is not None and topic in pack.topics else [topic]
    docs = [x for t in topics for x in (t.title, *t.ladder, *t.markers)]
    areas = [s for a in pack.danger_areas for s in a.signals] if pack is not None else []
    return tuple(dict.fromkeys([*docs, *areas, *own]))


def _other_flags(topic: Topic, own: list[str]) -> list[str]:
    """Red flags of the pack's other topics: an answer that strays into one is checked against them too."""
    pack = topic.pack
    if pack is None:
        return []
    mine = {normalize_key(s) for s in own}
    return [s for a in pack.danger_areas for s in a.signals if normalize_key(s) not in mine]


@lru_cache(maxsize=256)
def _topic_terms(rubric: Rubric, text: str) -> frozenset[str]:
    return rubric.terms_of(text)


_OWN_PART = re.compile(r"负责的是哪|自己负责的|负责哪一?块|哪一块是你|which (?:piece|part)\b.*\byou|did you own|your own part|"
                       r"what did you (?:own|do) yourself")


def off_question(a: Assessment) -> bool:
    """The answer was read as answering another question (its flag says so)."""
    return any(d.signal in T.GENERIC_DANGER["off_question"] for d in a.danger_signals)


def asked_topic(topic: Topic, question: str, answer: str = "") -> Topic:
    """The topic a question is about: its chain's, unless the question plainly belongs to another topic of the pack
    ("MFU 是按什么口径算的？" asked in a chain on parallel layouts is judged by MFU's markers).

    A question after the candidate's own part that names nothing of the field ("Which piece of that project did you
    own yourself?") leaves the subject to the answer: one more about another topic's own subject than the chain's is
    judged by it. (A follow-up such as "能举一个例子吗？" stays with its chain, whatever the example mentions.)"""
    pack = topic.pack
    if pack is None or not question or topic not in pack.topics:
        return topic
    rubric = rubric_for(_docs(topic, []), topic.vocabulary)
    # What the question itself names, not the résumé line or the answer it quotes.
    asked = frozenset(x for x in _topic_terms(rubric, _ANY_QUOTE.sub(" ", question)) if x.startswith("c:"))
    if not asked and answer and _OWN_PART.search(_norm(question)):
        # The résumé line it quotes is the subject when it names the chain's own ("你简历里写到「…MFU 从 32% 提到 43%」。在你自己
        # 负责的那部分里，对比的基线是什么？" stays with MFU whatever the baseline's settings name: EP8, all-to-all).
        quoted = frozenset(x for q in _ANY_QUOTE.findall(question) for x in _topic_terms(rubric, q) if x.startswith("c:"))
        if quoted & _own_concepts(topic):
            return topic
        said = frozenset(x for x in _topic_terms(rubric, answer) if x.startswith("c:"))
        mine = sorted(((sum(rubric.weight(x) for x in said & _own_concepts(t)), t is topic, t.index, t)
                       for t in pack.topics), key=lambda x: x[:3], reverse=True)
        home = next(w for w, *_, t in mine if t is topic)
        # The answer's subject most, and clearly more than the chain's own (a tie stays where it is, and so does an
        # answer on the chain's headline that names a neighbour's word too: "MFU 38%…后来开了通信重叠和融合算子…MFU 47%"
        # asked for the baseline of an MFU gain is about MFU).
        return mine[0][3] if mine[0][0] > 0 and mine[0][0] > mine[1][0] and mine[0][0] > 1.5 * home else topic

    def fit(t: Topic, text: str) -> float:
        return sum(rubric.weight(x) for x in asked & _topic_terms(rubric, text))

    def text(t: Topic) -> str:
        return " ".join([t.title, *t.ladder, *t.markers])

    fits = sorted(((fit(t, t.title), t.index, t) for t in pack.topics), key=lambda x: x[:2], reverse=True)
    # A question about another topic's headline (what its title names) that nothing of its own topic's rubric
    # speaks of moves; a tie stays where it is.
    if fits[0][0] > 0 and fits[0][0] > fits[1][0] and not fit(topic, text(topic)):
        return fits[0][2]
    # So does one asking after a mechanism or a name its own topic never names that is another topic's own (few
    # topics share it), the one naming most of the question ("暴露通信占 step 的比例？" in a chain on parallel
    # layouts: hiding communication); two naming it alike: the one whose title the question speaks of.
    novel = {x for x in asked if topic.vocabulary.kind(x[2:]) in ("mech", "name")} - _topic_terms(rubric, text(topic))
    named = sorted(((fit(t, text(t)), fit(t, t.title), t.index, t) for t in pack.topics
                    if t is not topic and novel & _own_concepts(t)), key=lambda x: x[:3], reverse=True)
    if named and (len(named) == 1 or named[0][:2] > named[1][:2]):
        return named[0][3]
    return topic


def _own_concepts(topic: Topic) -> frozenset[str]:
    """The topic's concepts (closed) that at most a quarter of the pack's topics also speak of."""
    pack = topic.pack
    if pack is None or topic not in pack.topics:
        return frozenset()
    texts = tuple(" ".join([t.title, *t.ladder, *t.markers]) for t in pack.topics)
    return _own_of(texts, pack.topics.index(topic), topic.vocabulary)


@lru_cache(maxsize=256)
def _own_of(texts: tuple[str, ...], i: int, vocab: Vocabulary) -> frozenset[str]:
    each = [concepts_of(text, vocab) for text in texts]
    spread: dict[str, int] = {}
    for cs in each:
        for c in cs:
            spread[c] = spread.get(c, 0) + 1
    return frozenset("c:" + c for c in each[i] if spread[c] <= max(1, len(texts) // 4))


def _numeric(topic: Topic) -> bool:
    pack = topic.pack
    markers = [m for t in pack.topics for m in t.markers] if pack is not None else list(topic.markers)
    return _asks_numbers(tuple(markers))


@lru_cache(maxsize=64)
def _asks_numbers(markers: tuple[str, ...]) -> bool:
    return L.asks_numbers(list(markers))


_ANY_QUOTE = re.compile(r"[「“\"][^」”\"]*[」”\"]")  # the candidate's or the résumé's words a question quotes
# A question that opens by quoting the candidate ("你提到「…」，", "Following up on “…”: ", "你简历里写到「…」。").
_QUOTED_LEAD = re.compile(r"^[^「“\"]{0,20}[「“\"][^」”\"]*[」”\"][^，。：:—,.?？]{0,12}[，。：:—,.]+\s*")


# ...or quotes the résumé after a transition ("换个方向。你简历里写到「…」。", "Your résumé says “…”. How…"): a quote
# that ends its clause is what the question starts from, not what it asks ("「ZeRO-3」和 FSDP 有什么区别" asks it).
_QUOTED_CLAUSE = re.compile(r"[「“\"][^」”\"]*[」”\"][^，。：:—,.?？]{0,12}[，。：:—,.]")


def _unquoted(question: str) -> str:
    rest = _QUOTED_CLAUSE.sub(" ", _QUOTED_LEAD.sub("", question, count=1))
    return rest if rest.strip() else question


@lru_cache(maxsize=256)
def _asking_text(rubric: Rubric, question: str) -> str:
    """What a question asks, past the candidate's words it quotes first and the topic it announces ("我们聊聊数值稳定与并
    行全景。能具体讲讲 loss 尖峰…的排查顺序吗？" asks nothing of parallelism); where nothing of the field is named
    after them ("刚才说到「TP8」——为什么？", "你简历里写到「…MFU…」。对比的基线是什么？") the quote is the subject."""
    rest = _unquoted(question)
    asks = _LEAD_IN.sub("", rest, count=1)
    if asks != rest and any(t.startswith("c:") for t in _topic_terms(rubric, asks)):
        return asks
    if rest != question and _BACK_TO.match(question):
        return rest  # "回到「用 Nsight Systems 读…」这件事：换到更大规模还成立吗？" asks nothing of the profiler
    return rest if rest != question and any(t.startswith("c:") for t in _topic_terms(rubric, rest)) else question


# The interviewer's way back to a chain, naming its résumé line ("回到「…」这件事：", "Back to “…”: ").
_BACK_TO = re.compile(r"^(?:回到「|back to “)", re.I)
# The interviewer's move to a topic and its announcement ("行，我们换一块聊。我们聊聊…。", "…Let's talk about ….");
# not the setting a question recalls ("You changed PP from 8 to 4 mid-run."), which is its subject.
_LEAD_IN = re.compile(r"^[^?？]*?(?:我们聊聊[^。？?]*。\s*|let's talk about [^.?]*\.\s+)(?=[^?？]*[?？])", re.I)


def _asking_terms(rubric: Rubric, question: str) -> frozenset[str]:
    return _topic_terms(rubric, _asking_text(rubric, question)) if question else frozenset()


def _around_asking(rubric: Rubric, question: str) -> frozenset[str]:
    """The terms of the question outside what it asks: the résumé line or the candidate's words it quotes, which tell
    apart points and flags the question asks for alike ("…65B MoE…」。负载均衡用了什么手段？")."""
    return _topic_terms(rubric, question) - _asking_terms(rubric, question)


@lru_cache(maxsize=256)
def _asked(rubric: Rubric, question: str) -> frozenset[str]:
    """What the question is about: its concepts and its own content words, whether or not the rubric uses them; not
    the résumé line or the candidate's words it quotes ("你简历里写到「…MoE…」。CP 度是怎么选的？" asks about CP)."""
    if not question:
        return frozenset()
    own = _ANY_QUOTE.sub(" ", question)
    question = own if own.strip(" ，。,.?？") else question
    return rubric.terms_of(question) | literal_terms(question, False, rubric.vocab)


@lru_cache(maxsize=256)
def _solid_terms(rubric: Rubric, markers: tuple[str, ...], flags: tuple[str, ...]) -> frozenset[str]:
    """Terms of the signs of a solid answer that the red flags do not also use."""
    solid = frozenset().union(*(rubric.item(m).whole.terms for m in markers)) if markers else frozenset()
    bad = frozenset().union(*(rubric.item(s).whole.terms for s in flags)) if flags else frozenset()
    return solid - bad


# --------------------------------------------------------------------------- red flags


def _generic(kind: str, lang: str) -> str:
    zh, en = T.GENERIC_DANGER[kind]
    return zh if lang == "zh" else en


def _cue_clause(r: Reading, rx: re.Pattern) -> Clause | None:
    return next((cl for cl in r.clauses if _meant(cl.text, rx)), None)


def _forms_regex(forms: tuple[str, ...]) -> re.Pattern:
    """A remedy's forms; "…" in one is a few words of the same clause ("学习率…降到": "把峰值学习率从 3e-4 降到 1.5e-4")."""
    gaps = [r"(?<![a-z0-9])" + _GAP.join(map(re.escape, f.split("…"))) + r"(?![a-z0-9])" for f in forms if "…" in f]
    return re.compile("|".join([R.cue_regex(tuple(f for f in forms if "…" not in f)).pattern, *gaps]))


_GAP = r"[^，。,.;；!?！？]{0,20}?"


@lru_cache(maxsize=64)
def _remedies(vocab: Vocabulary) -> tuple[tuple[str, re.Pattern, frozenset[str]], ...]:
    """Naive remedies: the pack's own ("lower the learning rate"), then the generic ones ("rerun")."""
    return (*((f"naive:{x.kind}", _forms_regex(x.forms), x.needs) for x in vocab.remedies),
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


_MISTAKEN = R.cue_regex(T.FLAG_MISCONCEPTION)


def _about(flag: str, marker: str, rubric: Rubric) -> bool:
    """The marker is about what the flag names: its own words ("algbw", "busbw" of "cannot tell algbw from busbw",
    which one concept of communication volume covers) where it names two things apart, else its concepts."""
    if M.APART.search(_norm(flag)):
        words = frozenset(t for t in literal_terms(flag, False) if t.startswith("w:"))
        return len(words) >= 2 and words <= literal_terms(marker, False)
    named = frozenset(t for t in rubric.item(flag).whole.terms if t.startswith("c:"))
    return bool(named) and named <= rubric.item(marker).whole.terms


def _wrong(flag: DangerHit, vocab: Vocabulary) -> bool:
    """A pack's red flag that names a misconception ("拿 GPU 利用率充当 MFU"), or one of not telling two things
    apart shown by saying they are the same ("BF16 和 FP16 其实差不多")."""
    n = _norm(flag.signal)
    if M.APART.search(n):
        return M.equates(flag.evidence)
    if M.FLAG_RATHER.search(n):  # "不知道 1F1B 省的是激活而非气泡" shown by "1F1B 把气泡消除了"
        said = _norm(flag.evidence)
        return bool(M.GONE.search(said)) and not _CUE["dont_know"].search(said)  # not "没细看…论文里说接近零气泡"
    return _signal_kind(flag.signal, vocab) is None and bool(_MISTAKEN.search(n))


def _pick(signals: list[str], kind: str, near: list[frozenset[str]], rubric: Rubric,
          context: frozenset[str] = frozenset()) -> str | None:
    """The rubric signal of this kind that fits; for ignorance, the one about the terms nearest the cue."""
    cands = [s for s in signals if _signal_kind(s, rubric.vocab) == kind]
    if kind != "ignorance":
        # The flag about what the answer and the question speak of: "reruns from scratch whenever NaN appears" is no
        # flag of a hang answered by a restart (the generic one says it).
        if not near:
            return cands[0] if cands else None
        fit = [(len((rubric.item(s).whole.terms | literal_terms(s, False)) & near[0]), -i, s)
               for i, s in enumerate(cands)]
        return max(fit)[2] if fit and max(fit)[0] > 0 else None
    # Not knowing X is about X: "…65B MoE…」。负载均衡用了什么手段？" - "这个不会" is no "不知道因果掩码造成的负载不均", whose
    # subject neither the answer nor the question names while the résumé line it quotes names another.
    def elsewhere(s: str, terms: frozenset[str]) -> bool:
        whole = rubric.item(s).whole
        return whole.key not in terms and any(t.startswith("c:") and t not in whole.terms for t in context)
    for terms in near:
        scored = [(sum(rubric.weight(t) for t in rubric.item(s).whole.terms & terms), -i, s)
                  for i, s in enumerate(cands) if not elsewhere(s, terms)]
        scored = [x for x in scored if x[0] >= 0.5 * rubric.min_weight]
        if scored:
            return max(scored)[2]
    return None


def _naive_hits(r: Reading, low: bool, signals: list[str], rubric: Rubric) -> list[tuple[str, Clause]]:
    """Naive remedies the candidate offers as their own (not negated, not an old approach they replaced). Read once
    per answer: the credit filter, the level and each judging of the flags ask again."""
    key = ("naive_hits", low, id(rubric), tuple(signals))
    if key not in r.memo:
        r.memo[key] = _read_naive_hits(r, low, signals, rubric)
    return r.memo[key]


def _read_naive_hits(r: Reading, low: bool, signals: list[str], rubric: Rubric) -> list[tuple[str, Clause]]:
    out = []
    for kind, rx, needs in _remedies(r.vocab):
        kind = kind.removeprefix("naive:")
        if kind == "guess" and not low:
            continue
        if kind == "default_config" and R.BASELINE.search(r.text):
            continue  # the baseline one improved on may well be the group's config ("基线是…组里之前定的")
        # Some remedies are only naive in a setting ("restart" where weights are synced), or where the
        # topic's own red flags name them.
        if needs and not (r.concepts & needs or _pick(signals, f"naive:{kind}", [], rubric)):
            continue
        for cl in r.clauses:
            # A rerun to see where it breaks ("turn on anomaly detection and rerun from the checkpoint before 18k")
            # replays the failure; it is not the rerun that hopes it goes away.
            if kind == "rerun" and _REPLAY.search(_norm(r.sentences[cl.sent])):
                continue
            # A default given as the cause ("gang 调度是因为默认的 scheduler 一个 pod 一个 pod 地调") explains the system; it
            # is no setting the candidate took over.
            meant = _meant(cl.text, rx)
            if kind == "default_config" and any(_WHY_SO.search(_norm(cl.text)[:m.start()]) for m in meant):
                continue
            if meant and not R.HAPPENED.search(_norm(cl.text)) and not _replaced(
                    r.sentences[cl.sent], rx, " ".join(r.sentences[cl.sent:])):
                out.append((kind, cl))
                break
    return out


# What restarts a job when nobody does: the launcher, the operator, the scheduler.
_TOOL = re.compile(r"torchrun|elastic|operator|kubelet|\bk8s\b|kubernetes|slurm|\bthe (?:framework|platform|scheduler)\b|"
                   r"框架|调度器|它会|会自动|自动")
# (Or one told with what it showed: "回退到上一个 checkpoint 重跑，发现同一个位置又 NaN".)
_REPLAY = re.compile(r"anomaly detection|detect_anomaly|isfinite|\bhooks?\b|to see where|to find where|to reproduce|"
                     r"复现|回放|看是哪|看看是哪|定位到哪|打开 hook|加 hook|同一个?(?:位置|地方|step|步)[^，。；]{0,4}又|"
                     r"\b(?:at|in) the same (?:place|spot|step) again\b|\bagain at the same (?:place|spot|step)\b")
_NAMES_FLAG = re.compile(r"名字|名词|\bnames?\b|recite")
# A remedy told as what others do ("很多人会先调小学习率", "people often just restart"), not the candidate's.
_OTHERS = R.cue_regex(("有人", "很多人", "不少人", "别人", "新手", "大家", "some people", "many people", "people often",
                       "people usually", "a lot of people", "others", "newcomers", "juniors"))


_FROM_IT = re.compile(r"所以|因此|因为这样|that's why|that is why|so |which is why|this is why")


def _flagged_clauses(r: Reading, rubric: Rubric, own: list[str], hits: list[tuple[str, Clause]]
                     ) -> tuple[set[tuple[int, int]], set[tuple[int, int]], set[str]]:
    """Clauses that show one of the topic's red flags whatever the level: a naive remedy of the pack's own the
    candidate offers ("we just raised the capacity factor to 2.0"), and the sentences of a misconception said
    outright ("CP and SP are basically the same thing"). They show the flag, not a marker sharing their words.
    Also the flags of doing X without Y that the answer calls fine ("拼好直接训就行"): the answer holds them."""
    offered: set[tuple[int, int]] = set()
    wrong: set[tuple[int, int]] = set()
    fine_without: set[str] = set()
    told = {cl.sent for _, cl in hits}  # sentences saying a remedy of the vocabulary in so many words
    for sig in own:
        kind = M.flag_kind(sig)
        # "拼好直接训就行": fine without the mask; "设了 NCCL_IB_HCA、NCCL_SOCKET_IFNAME…": names recited. No point.
        if (c := M.without(r, rubric, sig)) is not None:
            fine_without.add(sig)
        if c is not None or (c := M.recited(r, rubric, sig)) is not None:
            wrong |= {(cl.sent, cl.start) for i in {cl.sent for cl in c.window.clauses} for cl in r.sentence_clauses(i)}
            continue
        if (c := M.directed(r, rubric, sig)) is not None:
            # Said which way it goes ("气泡基本就消失了"), with what the answer goes on to argue from it ("所以现在大家都用
            # 1F1B，有了它气泡就不是问题了，显存不够就随便加 stage"): neither shows a point.
            said = {cl.sent for cl in c.window.clauses}
            said |= {i + 1 for i in said if i + 1 < len(r.sentences) and _FROM_IT.match(_norm(r.sentences[i + 1]))}
            wrong |= {(cl.sent, cl.start) for i in said for cl in r.sentence_clauses(i)}
            continue
        # A flag the vocabulary spells as a remedy is one whatever its wording ("meets a loss spike with nothing but
        # 'lower the learning rate'").
        spelled = (_signal_kind(sig, r.vocab) or "").removeprefix("naive:") if kind != "misconception" else ""
        spelled = spelled if spelled in {x.kind for x in r.vocab.remedies} else ""
        if kind not in ("naive", "misconception") and not spelled or _NAMES_FLAG.search(_norm(sig)):
            continue  # "只知道 1F1B 的名字" is a level, not a remedy offered
        # At level 1 every naive remedy found counts; at level 4 only a misconception said outright does.
        c = M.flag_clause(r, rubric, sig, 1 if kind == "naive" else 4, True) if kind != "other" else None
        if c is None and kind != "misconception":
            # The vocabulary's spelling of the flag's remedy ("cut the batch size from 8 to 2" for "only shrinks the
            # batch on OOM"), offered as the candidate's own and not weighed: its sentence shows the remedy.
            # (In a story a rerun is often a step of it; "max_restarts 控制最多重启几次" is no restart done by hand.)
            by_hand = bool(M.BY_HAND.search(_norm(sig)))
            story = r.has("incident") or r.has("incident_weak") or r.has("safeguard")
            for i in {cl.sent for k, cl in hits if k == spelled} if not story else ():
                sentence = r.sentence_clauses(i)
                if not (_OTHERS.search(_norm(r.sentences[i])) or (by_hand and not M.BY_HAND_SAID.search(
                        _norm(r.sentences[i]))) or any(  # weighed, or a run that checks ("重跑 500 步…带重合")
                        cl.cues.get("contrast") or cl.cues.get("tradeoff") or cl.cues.get("validation")
                        for cl in sentence)):
                    offered |= {(cl.sent, cl.start) for cl in sentence}
            continue
        if c is None:
            continue
        if kind == "naive":
            # Offered whole ("just raised the capacity factor"), as the candidate's own, and not weighed ("raising it
            # cut drops but cost 9 GB" is a trade-off; "capacity factor 1.25" in a list of settings is no remedy).
            # Chinese drops the subject and English advice is imperative ("Bump the capacity factor, like from 1.25
            # to 2"): a remedy nobody else is said to use is the candidate's own too, and its sentence shows no point.
            sentence = r.sentence_clauses(c.window.sent)
            mine = any(cl.cues.get("first_person") for cl in sentence)
            unowned = not _OTHERS.search(_norm(r.sentences[c.window.sent]))
            if any(cl.cues.get("contrast") or cl.cues.get("tradeoff") for cl in sentence):
                continue
            # Whole, or all but one word of three or more ("keep nvidia-smi open, check utilization stays near 100%"
            # for "looks only at nvidia-smi utilisation").
            # (Not where the vocabulary spells the remedy and the sentence says none of it: "路由很不均匀，丢 token 能到
            # 8%" has the imbalance and the dropped tokens of "MoE 不均只会调大容量因子", and raises nothing.)
            whole = c.matched >= c.point.terms or (len(c.point.terms - c.matched) == 1 <= len(c.matched) - 1
                                                   and c.coverage >= 0.6 and not (spelled and not any(
                                                       k == spelled and cl.sent == c.window.sent for k, cl in hits)))
            if mine and whole:
                offered |= M.core(r, rubric, c)
            elif unowned and c.point.key in c.matched and c.coverage >= 0.5 and c.window.sent in told:
                offered |= {(cl.sent, cl.start) for cl in sentence}
        else:
            # A misconception's sentence argues from it ("…the same thing — SP already splits the sequence, so 8x
            # is enough for 128K"): none of it shows a point.
            # (What came before it in the sentence is not argued from it: "它有 bucket 机制，反向算完一个 bucket 的梯度就发
            # all-reduce，是异步发出去的，…所以基本上都藏住了" explains the buckets.)
            first = c.window.clauses[0].start
            wrong |= {(cl.sent, cl.start) for cl in r.sentence_clauses(c.window.sent) if cl.start >= first}
    return offered, wrong, fine_without


_REPLY = re.compile(r"(?:yes|yeah|yep|no|nope|mostly|basically|partly|not really|sort of|是的|是|对|没有|基本|大部分|不完全)"
                    r"[^a-z\u4e00-\u9fff]*(?:mostly|largely|basically|yes|no|藏住了|是的|吧)?[\s,，.。!！]*$")
_SUMMED = re.compile(r"总共|加起来|一共|合计|所以|因此|\bso\b|in total|altogether|that's why")
_SUM_OPENS = re.compile(r"总共|加起来|一共|合计|(?:so )?(?:that's|that is|which is|that comes to|that adds up to)\b")


def _mostly_in(core: set[tuple[int, int]], sentences: set[int]) -> bool:
    """Most of a credit's clauses lie in these sentences."""
    return 2 * sum(i in sentences for i, _ in core) > len(core)


def _gap_terms(r: Reading, rubric: Rubric) -> frozenset[str]:
    """The terms of the sentences that say part of the answer is not known ("具体是 DP 的几倍我一时想不起来")."""
    return frozenset().union(*(rubric.terms_of(s) for s in r.sentences if L.UNKNOWN_RX.search(_norm(s))))


_PRACTICE = 0.5  # of a bad practice's words, the share that makes a clause tell it rather than touch on it
# A flag of something missing ("…are not designed in from the start", "没有按 rank 的 step 时间"): naming its words
# is no sign of the practice.
_LACKS = re.compile(r"\b(?:not|no|never|without|cannot)\b|n't|没|不|未|无")


def _bare_story(rubric: Rubric, vocab: Vocabulary, c: M.Credit) -> bool:
    """A story marker credited with nothing of it but its subject and plain words."""
    if "incident" not in rubric.item(c.item).cues:
        return False
    subject = {"c:" + x for x in story_subject(c.item, vocab)}
    return all(t in subject or t.startswith(("w:", "z:", "n:")) for t in c.matched)


def _opening(r: Reading) -> str:
    """The answer's opening words, to show which answer it is: its first sentence, and the next one when the first is
    a word or two ("Throughput." says nothing of the answer a report quotes as its best)."""
    if not r.sentences:
        return ""
    text = r.sentences[0]
    if len(text) < 20 and len(r.sentences) > 1:
        text += ("" if has_cjk(text) else " ") + r.sentences[1]
    return text[:80].strip()


def _naive_alone(r: Reading, dangers: list[DangerHit], vocab: Vocabulary, lang: str, offered: set[int],
                 chose: set[int], asked: frozenset[str] = frozenset()) -> bool:
    """The answer offers a naive remedy, a bad practice or a misconception of the pack's, and the rest of it only
    escalates or excuses it ("cut the micro batch in half … if batch 1 still OOMs, more GPUs"), naming nothing of the
    field the flagged sentences did not. The pack's "只会答「调小学习率」「从头重跑」" is that answer.

    `offered` are the sentences where the candidate offers a remedy in so many words, `chose` those telling how a
    setting was chosen ("it was already set before I joined"): beside the setting itself that is judged apart, the
    setting being the answer; with no setting stated ("we used the default config from the Megatron examples") it is
    the naive answer.

    Not knowing, names and recited variables are a names answer, and a practice told as improved on ("阻塞从 3 分钟降到
    10 秒") is not the candidate's."""
    def where(d: DangerHit) -> set[int]:
        return {i for i, s in enumerate(r.sentences) if d.evidence in s or s in d.evidence}

    def practised(d: DangerHit, at: set[int]) -> bool:
        if _wrong(d, vocab):
            return True
        stated = [cl for cl in r.clauses if cl.sent in at]
        spelled = _signal_kind(d.signal, vocab) or ""
        # (Of how it was chosen only: "every 1000 steps, the default in the script, and it took a few minutes to write,
        # training waits during that" shows the stall whatever the setting.)
        of_choice = spelled in ("naive:default_config", "naive:guess") or d.signal in (
            _generic("default_config", lang), _generic("guess", lang))
        if of_choice and at & chose and any(cl.numbers for cl in stated) and any(
                _reasoned(cl) or any(vocab.kind(c) == "mech" for c in cl.said) for cl in stated):
            return False  # the setting stated is the answer ("TP=8 inside the node and DP=8; it was already set")
        # (Its values alone, as the example had them, are not: "We used the config from the Megatron example scripts
        # for 13B, I think TP was 2 and PP was 4, and DP is whatever is left.")
        if at & chose and spelled == "naive:default_config":
            return True  # the pack's "used the default config", told as how the setting came ("我来之前组长就定好的")
        n, kind = _norm(d.signal), M.flag_kind(d.signal)
        # (A flag the vocabulary spells as a remedy is one whatever its wording: "除了「调小学习率」给不出别的" is shown
        # by "从 3e-4 降到 1.5e-4", a change the remedy is made of, not a practice improved on.)
        remedy = spelled.removeprefix("naive:") in {x.kind for x in vocab.remedies}
        if d.signal == _generic("naive", lang) or (kind == "naive" or remedy) and not (
                d.signal in GENERIC_LABELS_RAW or _NAMES_FLAG.search(n) or M.RECITE_FLAG.search(n)):
            return bool(at & offered)
        return kind == "other" and d.signal not in GENERIC_LABELS_RAW and not R.FROM_TO.search(_norm(d.evidence))

    held = [d for d in dangers if d.evidence and practised(d, where(d))]
    shown = {i for d in held for i in where(d)}
    if not shown:
        return False
    # "If it still OOMs, go down to batch size 1": the next step of the same remedy is the remedy too.
    shown |= {i for i in range(min(shown) + 1, len(r.sentences)) if _STILL.match(_norm(r.sentences[i]))}
    # ...and so is the same remedy said again as a rule ("NCCL 的问题一般都是偶发的，重启基本能解决").
    said = [rx for _, rx, _ in _remedies(vocab) if any(_meant(r.sentences[i], rx) for i in shown)]
    shown |= {cl.sent for cl in r.clauses if cl.sent > min(shown) and any(_meant(cl.text, rx) for rx in said)}
    # ...and so is the excuse after it ("It takes a few minutes, but… so it doesn't really matter", "反正能跑就行"), or the
    # belief that the trouble passes by itself ("Most of the time it's some transient network thing and it goes away").
    shown |= {i for i in range(min(shown) + 1, len(r.sentences))
              if _EXCUSE.search(n := _norm(r.sentences[i])) or _PASSES.search(n)}
    # ...and so is the reason given for it right after ("因为出现 NaN 说明这个 run 已经坏了嘛，optimizer state 里面可能也被污染了").
    shown |= {i + 1 for i in set(shown) if i + 1 < len(r.sentences) and _WHY_SO.match(_norm(r.sentences[i + 1]))}
    # ...and so are the values of a setting taken over, recalled after it with nothing of why ("…already set by our team
    # lead before I joined… I think it was TP8 and some PP"): the question's own names, set to what they were.
    if shown & chose:
        shown |= {i for i in range(min(shown & chose) + 1, len(r.sentences))
                  if all(not _reasoned(cl) and all(k == "config" for k in cl.numbers)
                         and (cl.said <= asked or all(vocab.kind(c) == "name" for c in cl.said))
                         for cl in r.sentence_clauses(i))}
    # A list of names with nothing said of them ("ZeRO、offload、gradient checkpointing、FlashAttention 这些我们都上了")
    # names the field, not an answer beside the remedy.
    listed = {i for i in range(len(r.sentences)) if (cls := r.sentence_clauses(i))
              and sum(1 for cl in cls if cl.cues.get("bare")) >= 2 and sum(1 for cl in cls if cl.said) >= 4
              and not any(cl.numbers or cl.cues.get("causal") for cl in cls)}
    # "Yes, a few times NCCL timeout." to "Did the job ever hang?": the question's event confirmed and named, no more.
    yes = {0} if r.sentences and _YES.match(_norm(r.sentences[0])) and not any(
        cl.numbers or any(vocab.kind(c) == "mech" for c in cl.said) for cl in r.sentence_clauses(0)) else set()
    remedy = {c for cl in r.clauses if cl.sent in shown for c in cl.said}
    # "…so we cut it in half and restarted from the last checkpoint": resuming where it stopped is the remedy's own
    # last step, not more of the field beside it.
    # ("…，实在不行就换个 seed 重跑一遍": a clause of a later sentence is the next step too.)
    rest = [cl for cl in r.clauses if cl.sent not in shown | listed | yes
            and not (cl.sent > min(shown) and _STILL.match(_norm(cl.text)))
            and not (_RESUMED.search(_norm(cl.text)) and cl.said <= {"checkpoint", "recovery"} | remedy | asked)]
    # The question's own subject said back ("那次是凌晨卡住的" to "训练卡住是怎么处理的") names nothing new either
    # (its plain words only: the question's mechanism answered, "grad norm 和 loss 差不多同时", is an answer).
    # ...nor what the flag shown names itself ("一般 loss 尖峰都是学习率太大导致的" beside "除了调小学习率给不出别的" for a loss
    # spike): the belief behind the remedy, not more of the field.
    flagged = {c for d in held for c in vocab.find(_norm(d.signal))[0]}
    named = vocab.closed(remedy | flagged | {c for c in asked if vocab.kind(c) == "term"})
    return not any(vocab.kind(c) != "context" and c not in named for cl in rest for c in cl.said)


_PASSES = re.compile(r"\btransient\b|\b(?:goes|went|go) away\b|\bflaky\b|\bfluke\b|\bone-off\b|偶发|偶然的|自己就(?:好|恢复)|"
                     r"自己好了|自己恢复|(?:重跑|重启|重新跑)[^，。；]{0,6}?就(?:好|没)了|就消失了")
_AUTOMATIC = re.compile(r"自动|\bautomatic")
_RESUMED = re.compile(r"\b(?:restart(?:ed|ing)?|resum(?:e|ed|ing)|relaunch(?:ed)?|rerun|reran)\b|重启|重跑|重新跑|接着跑|续跑|重新拉起")
_YES = re.compile(r"(?:yes|yeah|yep|sure|有过|有的|遇到过|碰到过|出现过|有)(?:\b|[，,。])")
# A purpose the causal cues ("为了", "so that", "in order to", "才能") leave out.
_PURPOSE = re.compile(r"\bto fit\b|放得下")


def _reasoned(cl: Clause) -> bool:
    """The clause gives a why: a cause or a purpose ("TP=8 inside the node so the all-reduce stays on NVLink", "to fit")."""
    return bool(cl.cues.get("causal") or _PURPOSE.search(_norm(cl.text)))
_STILL = re.compile(r"(?:and |but )?if (?:(?:it|that|this)(?: is|'s)? )?(?:still|keeps)|(?:要是|如果|要)(?:还|老是|总是|一直)|还不行|"
                    r"再不行|实在不行|"
                    # the same trouble again ("If it happens again we raise the NCCL timeout", "要是再卡住就…")
                    r"(?:and |but )?if (?:it|that|this) (?:happens|hangs|fails|comes back|shows up) again\b|"
                    r"(?:要是|如果)?(?:再|又)(?:出现|发生|卡住|挂)")
_TRIAL = re.compile(r"只(?:在|是)[^。，]{0,12}试(?:过|了)|没(?:有)?上到|没(?:有)?(?:用到|用在)(?:主|生产|正式)|"
                    r"\b(?:only|just) tried\b|\bnever (?:took|made|put|moved) it\b|\bnot (?:taken|moved) to\b")
_WHY_SO = re.compile(r"因为|由于|because\b|since\b")
_SO_THAT = re.compile(r"这样(?:就|一来|的话)?|比如|例如|so that\b|so (?:we|it|there)\b|that way\b|(?:like|say|e\.g\.),? from\b")
_EXCUSE = re.compile(r"\b(?:doesn't|does not|didn't|did not) (?:really )?matter\b|\bno big deal\b|\bnot a big deal\b|"
                     r"能跑就行|无所谓|问题不大|"
                     # what more it would take, said not to be worth it ("It's not worth spending days debugging these",
                     # "别的方法…比如重计算会让训练慢很多，不太划算")
                     r"\b(?:is not|isn't|it's not|not) worth (?:it|the|spending|doing|debugging)\b|不太?划算|划不来|"
                     # ...or its cost said small beside something slow anyway ("反正 rollout 本来就慢，这个时间占比不算大")
                     r"反正|占比不(?:算)?大|\ba small (?:share|fraction)\b|"
                     # its cost waved away for its simplicity ("It takes a few minutes, but it is clean and…")
                     r"\bbut it(?:'s| is) (?:\w+ )?(?:clean|simple|safe|easy|reliable)\b|"
                     r"但(?:是)?(?:胜在)?(?:很|比较|足够)?(?:干净|简单|稳妥|省事|可靠)")


def _replaced(sentence: str, remedy: re.Pattern, rest: str) -> bool:
    """The remedy is an approach the candidate left ("之前用默认的，后来…"), by a word outside the remedy's own
    wording ("组里之前定的" is one remedy, not a replaced one). `rest` is the answer from this sentence on: a remedy
    told as earlier ("之前", "originally") was left only if a change follows ("后来改成…", "now we…"); "组里之前启动脚本
    里就这么配的，我们直接拿来用了" is still in use."""
    n = _norm(sentence)
    own = [(m.start(), m.end()) for m in remedy.finditer(n)]
    # (A version named as the first one, "最早那一版是存盘再重启 vLLM", was changed since, whatever follows.)
    changed = bool(_CHANGED.search(_norm(rest)) or _A_VERSION.search(n))
    # A clause after the remedy tells how it went ("…and reran from scratch, and this time it didn't blow up").
    outcome = max((b for _, b in own), default=len(n))
    outcome = next((m.end() for m in re.finditer(r"[，,;；]", n) if m.start() >= outcome), len(n))
    # "实在不行就从头重跑" is the next step if this one fails, not a remedy found wanting.
    # "第一反应是…" sets the reflex aside only when something else follows it ("第一反应是调小学习率，但其实…"); "我们第一
    # 反应肯定是学习率太大了嘛…就把它调到 1e-4" is the reflex followed.
    return any(not any(a <= m.start() < b for a, b in own) and not M.IF_NOT.match(n, m.start())
               and (changed or not _EARLIER.fullmatch(m.group())) and m.start() < outcome
               and not (m.group() in _REFLEX and not _SET_ASIDE.search(n, m.end()))
               for m in _meant(sentence, _CUE["naive_neg"]))


_REFLEX = ("第一反应",)
_SET_ASIDE = re.compile(r"但|不过|可是|然而|\b(?:but|however)\b")


_EARLIER = R.cue_regex(T.EARLIER)
_CHANGED = re.compile(r"后来|现在|改成|换成|改为|改了|换了|上线后|上线之后|\b(?:later|now|then we|switched|moved to|replaced|changed)\b")


_A_VERSION = re.compile(r"(?:最早|最开始|一开始|第一|早期|最初)(?:的)?(?:那)?(?:一)?个?版(?:本)?|"
                        r"\b(?:the|our) (?:very )?(?:first|original|earliest|initial) (?:version|implementation|cut)\b")
_POINTS_BACK = re.compile(r"(?:which is|which was|that is|that's)\b|也就是")


def _clause_quote(r: Reading, cl: Clause) -> str:
    """A clause grown to a readable size within its sentence (a bare "所以" says nothing); never a long whole answer."""
    sent = r.sentences[cl.sent]
    if len(sent) <= 120 and not (len(r.sentences) == 1 and len(sent) > 80):
        return sent
    siblings = r.sentence_clauses(cl.sent)
    i = siblings.index(cl)
    lo, hi = i, i
    while sent[siblings[lo].start : siblings[hi].end].__len__() < 16 and (lo > 0 or hi < len(siblings) - 1):
        if hi < len(siblings) - 1:
            hi += 1
        else:
            lo -= 1
    quote = sent[siblings[lo].start : siblings[hi].end].strip().rstrip("，,；;：:、")
    if len(quote) > 80 and len(r.sentences) == 1 and len(siblings) == 1:
        # One long clause (a keyword list): quote its opening, cut at a space, never the whole answer.
        cut = quote.rfind(" ", 0, 60)
        quote = quote[: cut if cut > 20 else 60].rstrip("，,；;：:、 ")
    return quote


def _not_whole(r: Reading, quote: str, answer: str) -> str:
    """A quote is a part of the answer: a long answer quoted whole shows nothing in particular."""
    if len(answer) <= 80 or normalize_key(quote) != normalize_key(answer):
        return quote
    parts = [cl.text for cl in r.clauses if normalize_key(cl.text) != normalize_key(answer)]
    if parts:
        return max(parts, key=len).rstrip("，,；;：:、")
    cut = quote.rfind(" ", 0, 60)
    return quote[: cut if cut > 20 else 60].rstrip("，,；;：:、 ")


_NOT_LOOKED = re.compile(r"没(?:有)?(?:去)?(?:看|查|测|量|算)过|\b(?:didn't|did not|never) (?:look|check|measure)")


def _rest_of(r: Reading, rubric: Rubric, credits: list) -> frozenset[tuple[int, int]]:
    """Clauses beyond a credit's quote that say another part of its point: "DP 切的是 batch…EP 切的是专家。显存主要靠 TP、PP
    和 ZeRO 省，DP 主要是扩算力" goes on to "并说出各自缓解的是显存还是算力" in its second sentence, which names nothing bare."""
    if not credits:
        return frozenset()
    # Each sentence read once ("具体丢了多少 token…我没有去看过" says the part was not looked at: not one of them).
    sentences = [(cls, frozenset().union(*(M.clause_terms(r, rubric, cl) for cl in cls)))
                 for i, s in enumerate(r.sentences)
                 if not (_NOT_LOOKED.search(_norm(s)) or L.UNKNOWN_RX.search(_norm(s)))
                 for cls in [r.sentence_clauses(i)]]
    out = set()
    for c in credits:
        parts = [p for p in rubric.item(c.item).parts if p is not c.point]
        for cls, terms in sentences:
            if any(len(p.terms & terms) >= 2 and any(t.startswith("c:") for t in p.terms & terms) for p in parts):
                out |= {(cl.sent, cl.start) for cl in cls}
    return frozenset(out)


def _plain_clause(r: Reading, cl: Clause) -> bool:
    """A clause that names without explaining: no number, no formula, no mechanism word, no reason; not a question
    back to the interviewer ("Do you mean the utilization number from nvidia-smi?")."""
    if any(k != "bare" for k in cl.numbers) or any(r.vocab.kind(c) == "mech" for c in cl.said):
        return False
    if cl.numbers and _WORDED.search(_norm(cl.text)):
        return False  # a formula said in words ("6 times the parameter count times tokens per second")
    if asks_back(cl.text):
        return False
    return (not r.sentence_clauses(cl.sent)[0].cues.get("causal") and not _consequence(r, cl.sent)
            and not _procedure(r, cl))


def _procedure(r: Reading, cl: Clause) -> bool:
    """A step of a procedure told in one sentence of three clauses or more, after what sets it off or in order ("DCGM
    报 Xid 79 或者 NCCL watchdog 超时，我们的控制器给节点打 taint 并 cordon，然后删掉整个作业的 Pod 重建，从最近的
    checkpoint 拉起。", "When DCGM reports Xid 79…, our controller taints…, and the job starts from the latest
    checkpoint."): the steps are the mechanism, none of them a name dropped."""
    clauses = r.sentence_clauses(cl.sent)
    if len(clauses) < 3 or cl is clauses[0]:
        return False
    return bool(_TRIGGER.match(_norm(clauses[0].text)) or _STEPS.search(_norm(r.sentences[cl.sent])))


# What sets a procedure off, opening its sentence: "When DCGM reports Xid 79…", "一旦 watchdog 超时，".
_TRIGGER = re.compile(r"(?:when|whenever|once|if|as soon as)\b|一旦|每当|只要|当(?![时前然天初年])")
# Steps in order. (Not 再 alone: "ZeRO-1 切优化器状态，ZeRO-2 再切梯度，ZeRO-3 再切参数" lists, it tells no procedure.)
_STEPS = re.compile(r"然后|接着|随后|\b(?:then|next|finally|after that)\b")


def _conditional(r: Reading) -> bool:
    """A mechanism said as what it does when: a clause naming it as the consequence, with 就 or after a clause opening
    "if"/"when"/"一旦" ("资源不够就整组都不调度", "if resources are short, none of the group is scheduled"); not "FSDP 就相当于
    ZeRO-3", nor a remedy ("跑起来没问题就没动")."""
    for i in range(len(r.sentences)):
        clauses = r.sentence_clauses(i)
        if any(c.cues.get("dont_know") or c.cues.get("not_mine") for c in clauses):
            continue  # "这个没怎么考虑过，…是算法同学定的，我们这边就按显存能放下多少来调 micro batch" tells no mechanism
        for k, c in enumerate(clauses):
            n = _norm(c.text)
            then = k > 0 and ((_JIU.match(n) and not _LIKE.search(n)) or _TRIGGER.match(_norm(clauses[k - 1].text)))
            if then and any(r.vocab.kind(x) == "mech" for x in c.said):
                return True
    return False


_LIKE = re.compile(r"就(?:相当于|等于|跟|和|像)")


def _consequence(r: Reading, sent: int) -> bool:
    """A clause after the first of the sentence gives a consequence with 就."""
    return any(_JIU.match(_norm(c.text)) for c in r.sentence_clauses(sent)[1:])


# Chinese gives a consequence with 就 after its subject, where English says "so" ("模型小，单机 8 卡，EP 就设成 8",
# "…又 NaN，就怀疑是数值问题"); not 就是 ("就是纯 ZeRO-3 数据并行" says what it was). (Not a reason that lifts a level:
# "…16 个 worker，训练就不会等数据了" is a claim.)
_JIU = re.compile(r"[^，,。；;]{0,8}?(?<![也只])就(?!是|行|好|够|算|像|这么|那么|只|一个)")
_WORDED = re.compile(r"\b(?:times|divided by|multiplied by)\b|乘以|除以")


def _dangers(r: Reading, rubric: Rubric, f: L.Features, level: int | None, signal: Signal, own: list[str],
             others: list[str], lang: str, answer: str, question: str,
             credited: frozenset[tuple[int, int]] = frozenset()) -> list[DangerHit]:
    """The red flags of the answer, each on the clause that shows it. `credited` are the clauses that show a point:
    none of them is quoted as naming without a mechanism."""
    out: list[DangerHit] = []

    def add(sig: str, quote: str) -> None:
        quote = _not_whole(r, quote, answer)
        if quote and found_in(quote, answer) and all(normalize_key(d.signal) != normalize_key(sig) for d in out):
            out.append(DangerHit(signal=sig, evidence=quote))

    low = level is None or level <= 2
    if signal == "not_mine" and (cl := _cue_clause(r, _CUE["not_mine"])):
        add(_generic("not_mine", lang), _clause_quote(r, cl))
    if low and f.handed_off and (cl := _cue_clause(r, _CUE["handed_off"])):
        add(_generic("not_mine", lang), _clause_quote(r, cl))  # "the PMs handled the go/no-go": not the candidate's
    # (A part left open in other words, "I didn't really measure it carefully", is not knowing it too.)
    if low and (cl := _cue_clause(r, _CUE["dont_know"]) or _cue_clause(r, L.UNKNOWN_RX)):
        # "I haven't done that, but I'd…" is honest reasoning: flag it only when it names what is unknown.
        # Missing only a figure or the details, the candidate is ignorant of what that clause names, not of all
        # its sentence says ("拆成两部分分开调度，具体怎么拆的我没细看" knows the split).
        sentence = rubric.terms_of(cl.text if _figure_miss(r) else r.sentences[cl.sent])
        # Not knowing is of what the question asks, not of the candidate's own words it opened with (a pick-up):
        # after "接着「因为 TP 每层两次 all-reduce」往下问：暴露通信占比？" a miss is no "不知道 TP 跨机的代价".
        near = [sentence, sentence | _asking_terms(rubric, question)] if signal == "dont_know" else [sentence]
        # Nor is it another form of what was named: "FP8 没用过" is no "说不出 BF16 与 FP16 的差别".
        fits = _pick([s for s in own if not M.other_forms(s, r.sentences[cl.sent], r.vocab)], "ignorance", near, rubric,
                     _around_asking(rubric, question))
        if fits or signal in ("dont_know", "thin") or (level == 2 and L.unknown(r)):
            add(fits or _generic("ignorance", lang), _clause_quote(r, cl))
    if low:  # "只会重启": only an answer with nothing better in it offers the naive remedy as its answer
        hits = _naive_hits(r, low, own, rubric)
        text = " ".join([*r.sentences, question]) if hits else ""
        near = [rubric.terms_of(text) | literal_terms(text, False)] if hits else []
        for kind, cl in hits:
            picked = _pick(own, f"naive:{kind}", near, rubric)
            # A flag of doing it by hand is not shown by what a tool named does ("torchrun 只会重启挂掉的那个进程").
            if picked and M.BY_HAND.search(_norm(picked)) and _TOOL.search(_norm(cl.text)) \
                    and not M.BY_HAND_SAID.search(_norm(r.text)):
                continue
            # A setting taken over or picked by feel is named as such: it is no remedy ("参考 Megatron 的 example 改的").
            add(picked or _generic(kind if kind in T.GENERIC_DANGER else "naive", lang), _clause_quote(r, cl))
    # An answer to another question is at 1 for what it does not answer, not for ignorance of what it does say
    # (a ring-attention answer to a rendezvous question knows the causal mask's imbalance it explains).
    judged = 2 if f.off_question and level == 1 else level
    asked = _topic_terms(rubric, question) if question else frozenset()
    # A remedy the vocabulary spells out is shown only where it is said: "OOM 的话可以开 gradient checkpointing" after a
    # sentence on batch size names the flag's subjects, not "减 batch".
    # (So is a generic one: "Originally we used the default config…; later we switched to…" left it behind.)
    spelled = {x.kind for x in r.vocab.remedies} | set(T.NAIVE)
    said = {kind for kind, _ in _naive_hits(r, True, own, rubric)}
    for sig, is_own in [*((s, True) for s in own), *((s, False) for s in others)]:
        kind = (_signal_kind(sig, r.vocab) or "").removeprefix("naive:")
        if kind in spelled and kind not in said:
            continue
        c = M.flag_clause(r, rubric, sig, judged, is_own, asked)
        if c is not None:
            quote = M.quote(r, rubric, c)
            # Two things equated by a clause around their names ("…别的框架叫 context parallel，名字不一样而已"): the
            # quote is the sentence that says it.
            if M.conflation(sig) and not M.equates(quote) and M.calls_them_one(r.sentences[c.window.sent]):
                quote = r.sentences[c.window.sent]
            # ...and X called fine is quoted with the words that call it so ("…带宽也挺高的，应该没什么影响"), which way
            # it goes with its subject ("序列并行是在这个基础上再按序列切一刀，所以通信会多一倍").
            elif (c is M.without(r, rubric, sig) and not M.FINE.search(_norm(quote))) or (
                    c is M.directed_asked(r, rubric, sig, asked) and len(c.window.text) <= 160) or (
                    M.WHY_NEEDED.search(_norm(sig)) and M.dismissed(r, rubric, c)):
                quote = c.window.text  # (and what is called unneeded with the words that call it so)
            add(sig, quote)
    if low and f.claims and not f.credited:
        claim = next((cl for cl in r.clauses if any(k in ("percent", "ratio") for k in cl.numbers)
                      and L.claim_clause(r, cl)), None)
        if claim is not None:
            add(_generic("unsourced", lang), _clause_quote(r, claim))
    for fact, cl in FX.wrong_figures(r, question)[:1]:
        # The clause with the figure, not its sentence: "…除以卡数乘峰值算，" beside it may be credited as a point.
        # (One that only points back, "which is 624", is quoted with the clause it points to.)
        said = cl.text.strip().rstrip("，,；;")
        if _POINTS_BACK.match(_norm(said)) and (i := r.clauses.index(cl)) and r.clauses[i - 1].sent == cl.sent:
            said = r.sentences[cl.sent][r.clauses[i - 1].start : cl.end].strip().rstrip("，,；;")
        add(_generic("wrong_figure" if fact.figure else "wrong_claim", lang),
            said if len(said) >= 8 else _clause_quote(r, cl))
    if f.off_question and r.clauses and signal not in ("dont_know", "not_mine"):
        # What it says may be sound; it is about something else, and "vague" would misdescribe it.
        add(_generic("off_question", lang), _clause_quote(r, r.clauses[0]))
    elif r.clauses and level is not None and level <= 2 and not out and signal not in ("dont_know", "not_mine"):
        # A level-2 answer is names without mechanism by definition: say so on a clause that only names.
        plain = [cl for cl in r.clauses
                 if r.stuffing or (_plain_clause(r, cl) and (cl.sent, cl.start) not in credited)]
        # The option the question offered ("吞吐还是收敛时间？" - "吞吐。") is a choice, not a name dropped, and what
        # follows it is the reason for it ("token 预算一样，step 短了整个 run 就短了…").
        if f.picked:
            plain = []
        # Nor is a reply to a yes-or-no question ("Yes, mostly.", "基本藏住了。") that names nothing.
        plain = [cl for cl in plain if cl.concepts or not _REPLY.match(_norm(cl.text))]
        # Nor is an answer opening by saying the asked thing was not done ("和 TP 或 PP 是怎么组合的？" - "没和 TP、PP 组合，
        # 就是纯 FSDP 数据并行。"): it denies what the question took for granted and says what was done instead.
        if R.PREMISE_DENIED.match(_norm(r.sentences[0])) and rubric.terms_of(r.sentences[0]) & {
                t for t in _asking_terms(rubric, question) if t.startswith("c:")}:
            plain = []
        # Nor is a belief told as others' and set right ("The mistake people make is to look for…").
        plain = [cl for cl in plain if not M.others_belief(r, cl.sent)]
        # Nor is the figure a question asking only for one was given ("恢复时丢了多少步？" - "按 checkpoint 回退，丢了大概
        # 400 步，半个小时。"): the answer is thin for want of the rest, it drops no name. Nor is a check asked for, told
        # with its figure ("We checked: 1,000 steps, the two loss curves lie on top of each other.").
        kinds = C.ask_kinds(question) if question else frozenset()
        if not r.stuffing and (kinds <= C.FIGURE_ASKS and bool(C.figures(r.text))
                               or "validation" in f.judged_here and f.answered >= 1 and f.grounded):
            plain = []
        names = max(plain, key=lambda c: (sum(r.vocab.kind(x) == "name" for x in c.concepts), len(c.concepts)),
                    default=None)
        # A clause that names nothing of the field ("I haven't had to do it on a big job though.", "没在更大规模上试过。"
        # beside a reasoning of its own) is no name dropped.
        if names is not None and (names.concepts or r.stuffing or level < 2):
            generic = "stuffing" if r.stuffing else "names" if level == 2 else "vague"
            add((_pick(own, "names", [], rubric) if level == 2 else None) or _generic(generic, lang),
                _clause_quote(r, names))
    # The generic "naive remedy only" beside the pack's own flag on the same words says nothing more.
    naive = {_generic("naive", lang), _generic("default_config", lang), _generic("guess", lang)}
    out = [d for d in out if not (d.signal in naive and any(
        o.evidence == d.evidence and o.signal not in GENERIC_LABELS_RAW for o in out))]
    # Last, so text addressed to the grader cannot stand in for a red flag the answer itself earned.
    for g in r.grader:
        add(_generic("grader", lang), g.strip())
    return out


# --------------------------------------------------------------------------- the offline scorer


def topic_lang(topic: Topic) -> str:
    return "zh" if has_cjk(topic.title + "".join(topic.markers)) else "en"


def score_answer(topic: Topic, answer: str, question: str = "", danger_signals: list[str] | None = None,
                 lang: str | None = None, *, vocab: Vocabulary | None = None,
                 shown_before: frozenset[str] = frozenset(), own_work: bool = False) -> Assessment:
    """The offline scorer: deterministic, no network.

    Reads with `vocab`, by default the topic's pack's; the pack (`topic.pack`) also supplies the other topics'
    red flags, checked when the answer strays into them. `danger_signals` are the asked topic's own.
    `shown_before` are the topic's markers earlier answers of the interview showed: the feedback never sends the
    candidate back to one of them. `own_work`: the question follows up the candidate's own project (a chain
    opened on a résumé line), so the answer speaks of their work whether or not it says "我们" (Chinese drops it).
    """
    lang = lang or topic_lang(topic)
    own = list(danger_signals or [])
    others = _other_flags(topic, own)
    vocab = vocab or topic.vocabulary
    rubric = rubric_for(_docs(topic, own), vocab)
    r = read(answer, vocab)
    topic_terms = _topic_terms(rubric, " ".join([topic.title, *topic.ladder, *topic.markers, *own]))
    question_terms = _topic_terms(rubric, question) if question else frozenset()
    M.asked(r, question)
    credits, seen = M.credit_markers(r, rubric, list(topic.markers), question_terms) if not r.stuffing else ([], {})
    # The question's own number repeated with nothing of the point beside it ("序列拉到 128K 了…" - "128K 也这么跑")
    # is no figure of the candidate's.
    # (Nor with only a setting or a name of the candidate's beside it, "On our 128K run with CP4…", where the point
    # works something out at that figure: the setting is not the working.)
    credits = [c for c in credits if not (
        all(x in question_terms or x == "c:config" or x.startswith("c:") and vocab.kind(x[2:]) == "name" for x in c.matched)
        and any(x.startswith("n:") for x in c.matched)
        and any(x.startswith("c:") for x in c.point.terms - c.matched))]
    # ...nor the question's share said back ("You said exposed communication was 'around 10%'" - "…around 10%."): a
    # percentage reads as a share, but it is the question's.
    credits = [c for c in credits if not (
        (figures_said := {x for x in c.window.terms if x.startswith("n:")}) and figures_said <= question_terms
        and all(x in question_terms or x in ("c:share", "c:config") for x in c.matched))]
    # A point that works a figure out ("能算出 128K 序列下每层激活") is not shown by the question's setting said back with
    # no result ("128K 下 TP8 开 SP 以后，每层激活还是太大", the résumé line asked about being on 128K): the quote needs a
    # figure of its own beyond the question's (its settings too: "CP=4" asked about is no degree worked out) and its
    # own parallel settings.
    # A measured figure of the question's own is the candidate's measurement when the quote says how it was taken,
    # a way of the point the question does not name ("…每个 step 开头 GPU 等 dataloader 的空白，…占 step 的比例就是
    # 12%" for "数据等待占比从 12% 降到 1%").
    credits = [c for c in credits if not ((_WORKS_OUT.search(c.point.text) or _MEASURED_POINT.search(c.point.text))
                                          and (said := _own_figures(M.quote(r, rubric, c)))
                                          and said <= _figures(question + " " + c.point.text)
                                          and (_MEASURED_POINT.search(c.point.text)
                                               and not _says_how(c, question_terms, rubric)
                                               or not _result_in(r, M.core(r, rubric, c))))]
    # GPU utilisation's percentage is no share of anything else ("GPU utilisation was around 98%, so there was no idle
    # time spent waiting on communication" measures no exposed communication).
    credits = [c for c in credits if not (
        "c:gpu_util" not in c.point.terms
        and (numbered := [cl for cl in c.window.clauses if cl.numbers])
        and all(cl.numbers == ["percent"] and "gpu_util" in cl.said for cl in numbered))]
    # Identifiers listed with nothing said of them ("1）NCCL_SOCKET_IFNAME 2）NCCL_IB_HCA") show no point they name.
    credits = [c for c in credits if _IDENTIFIERS.sub("", c.window.text)]
    # ...nor by a quote with no figure or formula at all ("先把状态拷到 CPU 内存里，然后起一个后台线程写到存储上" computes no
    # blocking time).
    credits = [c for c in credits if not (
        _WORKS_OUT.search(c.point.text) and not _own_figures(M.quote(r, rubric, c))
        and not any("formula" in cl.numbers for cl in c.window.clauses))]
    # ...nor a time worked out from a basis by the time alone ("the synchronous save to shared storage blocked for 9
    # minutes" is how long it took, derived from no bandwidth).
    credits = [c for c in credits if not (
        (_WORKS_OUT.search(c.point.text) or _WORKS_OUT.search(c.item)) and _FROM_BASIS.search(c.point.text)
        and (kinds := {k for cl in c.window.clauses for k in cl.numbers} - {"bare", "config"}) and kinds <= {"time"})]
    # A point asked back of the interviewer ("could you remind me what column-split versus row-split means here?") is
    # the candidate's question, not what they know.
    asked_back = {(cl.sent, cl.start) for cl in r.clauses if cl.text.rstrip().endswith(("?", "？"))}
    credits = [c for c in credits if not (asked_back and M.core(r, rubric, c) <= asked_back)]
    # Recovery done by hand ("第二天早上组里有人看一眼，把那台机器从 hostfile 里删掉，从最近的 checkpoint 重新拉起来") shows no
    # point of doing it automatically, whatever steps the two share. (Told as how it was before, "之前 hang 了靠人一台台登机器
    # py-spy…；上了之后…", it is the practice improved on; beside automatic recovery, "自动恢复中位数 8 分钟，人工介入从每周十几
    # 次降到两三次", what is left to hands.)
    credits = [c for c in credits if not (_AUTOMATIC.search(_norm(c.item)) and any(
        M.BY_HAND_SAID.search(n) and not _EARLIER.search(n) and not _AUTOMATIC.search(n)
        for n in {_norm(r.sentences[cl.sent]) for cl in c.window.clauses}))]
    # A story the candidate watched someone else work ("主要是我导师查的，我在旁边看") shows no story point of theirs.
    # (...nor one another team did while the candidate reported the problem: "the storage team owned it; I just reported
    # it to them".)
    if L.watched(r):
        credits = [c for c in credits if "incident" not in rubric.item(c.item).cues]
    if _only_reported(r):
        credits = [c for c in credits if not any(_THEIRS.search(_norm(r.sentences[i]))
                                                 for i in {cl.sent for cl in c.window.clauses})]
    # ...nor what the candidate would do, with nothing told as it happened ("so I'd check in the profiler whether the
    # gradient all-reduce still hides in backward" is no profiling story).
    if not (r.has("incident") or r.has("incident_weak")):
        credits = [c for c in credits
                   if not ("incident" in rubric.item(c.item).cues and R.WOULD.search(_norm(c.window.text)))]
    # A clause where the candidate offers the naive remedy ("I would lower the learning rate and restart") shows
    # that remedy, not a marker sharing its words ("checks data and grad norm first, then the learning rate"); a
    # clause describing a mechanism ("max_restarts 控制最多重启几次") offers nothing.
    hits = _naive_hits(r, True, own, rubric)
    offered = {(cl.sent, cl.start) for _, cl in hits
               if any(c.cues.get("first_person") for c in r.sentence_clauses(cl.sent))}
    remedy, wrong, fine_without = _flagged_clauses(r, rubric, own, hits)
    # A figure stated wrong ("精度上两个其实一样，都是 10 位尾数", "峰值用的 1979 TFLOPS") shows no point; one summed up from
    # the clauses before it ("权重 14 GB，梯度 14 GB，优化器状态再加一点，总共二十来 GB") takes them down with it.
    figures = FX.wrong_figures(r, question)
    wrong |= {(cl.sent, cl.start) for _, fc in figures
              for cl in (r.sentence_clauses(fc.sent) if _SUMMED.search(_norm(fc.text)) else [fc]) if cl.start <= fc.start}
    # (A sum that opens its sentence, "…so 4 more. That's 8 bytes per parameter", sums up the sentence before.)
    wrong |= {(cl.sent, cl.start) for _, fc in figures if fc.sent and fc.start == 0 and _SUM_OPENS.match(_norm(fc.text))
              for cl in r.sentence_clauses(fc.sent - 1)}
    # "If it still spikes, drop it another notch and stretch the warmup": the next step of the same remedy is the remedy.
    if remedy:
        remedy |= {(cl.sent, cl.start) for i in range(min(i for i, _ in remedy) + 1, len(r.sentences))
                   if _STILL.match(_norm(r.sentences[i])) for cl in r.sentence_clauses(i)}
        # ...and, in the clauses right after it, its example and what it is said to bring ("把 capacity factor 调大，比如从
        # 1.25 调到 2，这样就不丢 token 了"): the remedy's promise, not a point of the answer.
        for cl, nxt in zip(r.clauses, r.clauses[1:]):
            if (cl.sent, cl.start) in remedy and nxt.sent == cl.sent and _SO_THAT.match(_norm(nxt.text)):
                remedy.add((nxt.sent, nxt.start))
    told = {i for i, _ in remedy}
    offered |= remedy
    # A marker that sets the naive way aside ("…，而不是先调小学习率") is never shown by a window offering it.
    credits = [c for c in credits if not (offered and M.core(r, rubric, c) <= offered or M.core(r, rubric, c) & wrong
                                          or M.core(r, rubric, c) & offered and R.RATHER.search(_norm(c.item)))]
    # A figure taken over or picked by feel ("Every 2,000 steps…; that number came from the previous project") shows
    # no point its sentence names: the number was not worked out.
    taken = {cl.sent for kind, cl in hits if kind in ("default_config", "guess")}
    credits = [c for c in credits if not (taken and _mostly_in(M.core(r, rubric, c), taken))]
    # A story fixed by a naive remedy ("lr 是 3e-4，我们就把它调到 1e-4，然后就从头重新跑了一遍") is no record of the kind
    # a story marker asks for when it shows nothing of the marker but its subject ("loss spike"). One that shows a step
    # of the investigation ("ran py-spy dump on every rank… cordoned the node and restarted") ends in a restart, not
    # in the remedy alone (a restart is a step of many a real story; another remedy is not).
    if hits and any(c.cues.get("first_person") for _, cl in hits for c in r.sentence_clauses(cl.sent)) and not (
            all(kind == "restart" for kind, _ in hits) and any("incident" not in rubric.item(c.item).cues for c in credits)):
        credits = [c for c in credits if not _bare_story(rubric, vocab, c)]
    # ...nor is one whose fix was the naive remedy and whose cause is said not to be known ("训练卡住了，一个多小时才发现…
    # 当时就是重启了…具体原因没查到"): whatever it names, it investigated nothing.
    if hits and L.unknown(r):
        credits = [c for c in credits if "incident" not in rubric.item(c.item).cues]
    remedy_only = bool(remedy) and not credits  # the pack's naive remedy offered, and no point beside it
    cores = frozenset().union(*(M.core(r, rubric, c) for c in credits)) | _rest_of(r, rubric, credits)
    f = L.features(r, rubric, topic_terms, question_terms, credits, _numeric(topic),
                   _solid_terms(rubric, tuple(topic.markers), tuple(own)), _asked(rubric, question),
                   own=_own_concepts(topic), question=question, own_work=own_work,
                   markers=tuple(term_concepts(rubric.item(m).whole.terms) for m in topic.markers))
    level = L.level(r, f)
    if level == 3 and remedy and len(credits) < 2:
        # "watch nvidia-smi and check utilization stays near 100%": numbers and reasons, of the naive way; or one half
        # of the question answered and the naive remedy for the other ("For the spike, I'd just drop the LR").
        level = 2
    if level == 3 and not credits and taken and r.has("dont_know"):
        # No point shown, part of the question not known and the asked setting taken over ("异步 checkpoint 我没做过。…每
        # 1000 步同步存一次，…停住五六分钟。间隔也没特别算过，…是之前的人定的"): the setup told back, nothing worked out.
        level = 2
    if level == 3 and f.numeric and not (f.grounded or f.credited_numbers) and _figure_miss(r):
        level = 2  # the mechanism named, its numbers missed in so many words ("具体字节数记不太清")
    signal = _signal(r, level, f, question)
    if signal in ("dont_know", "not_mine"):
        level = 1
    elif signal in ("help", "refuse") or (signal == "wants_end" and not L.substance(r, "wants_end", f)):
        level = None
    judged = level
    dangers = _dangers(r, rubric, f, level, signal, own, others, lang, answer, question, cores)
    # Doing X without what a flag names, said to be fine ("拼好直接训就行，反正本来就是 causal mask"), is one too, beside
    # fewer than two points (that flag is read on sound text more often: "on NVLink that's fine, across nodes…").
    if level is not None and level >= 2 and any(
            _wrong(d, vocab) or len(credits) < 2 and d.signal in fine_without for d in dangers):
        # It asserts what the pack calls a misconception ("MFU 就是 GPU 的利用率"): with no point shown that is
        # the answer (1); with points, the answer is not sound (at most 2) however fluent the rest ("the GPU with the
        # longest all-reduce time is the slow one", beside the right DCGM fields).
        level = 1 if not credits else min(level, 2)
    elif level is not None and level >= 2 and figures:
        level = 1 if not credits else min(level, 2)  # the same for a figure stated wrong ("总共三十来 GB" for 7B)
    elif level is not None and level >= 3 and any(M.directed_asked(r, rubric, d.signal, question_terms)
                                                  for d in dangers if d.signal in own):
        level = 2  # said the other way round ("ZeRO-3 的通信和普通 DP 一样"): what else it explains is not sound
    elif level is not None and level >= 3 and any(M.looks_same(r, rubric, sig) for sig in own):
        level = 2  # its check is the one the pack calls no check ("final loss 2.31 versus 2.32, so basically the same")
    elif level is not None and level >= 3 and not credits and any(
            (c := M.flag_clause(r, rubric, sig, 2, True, question_terms)) is not None and c.coverage >= _PRACTICE
            and c.point.key in c.matched for sig in own if M.flag_kind(sig) == "other" and not _LACKS.search(_norm(sig))):
        level = 2  # the pack's bad practice told nearly word for word as theirs ("一次保存大概要卡住几分钟，因为是同步写到 NAS 上的")
    elif level is not None and level >= 3 and len(credits) < 2 and any(
            d.signal not in GENERIC_LABELS_RAW and M.flag_kind(d.signal) == "ignorance" and M.FINE.search(_norm(d.evidence))
            for d in dangers):
        level = 2  # what the pack says they don't know, waved away ("…the same ballpark as NVLink, so TP across two nodes is fine")
    # A point whose subject the answer goes on to get wrong, by the pack's own flag of it ("explains busbw = algbw ×
    # 2(n-1)/n" beside "busbw is the raw bandwidth of the bus… algbw is the one I'd optimize"), is not shown; with
    # fewer than two points left the answer is not sound.
    contradicted = [c for c in credits if any(_about(d.signal, c.item, rubric) for d in dangers if d.signal in own and (
        _wrong(d, vocab) or M.APART.search(_norm(d.signal))))]
    credits = [c for c in credits if c not in contradicted]
    if contradicted and level is not None and level >= 3 and len(credits) < 2:
        level = 2
    offers = {cl.sent for _, cl in hits} - taken | told
    if level == 2 and not credits and _naive_alone(r, dangers, vocab, lang, offers, taken,
                                                   term_concepts(question_terms)):
        level = 1  # "I'd halve the batch until it fits": the pack's naive answer is all there is (what it calls 没在一线)
        # A setting someone else chose, taken over as it was ("already set by our team lead before I joined… I think
        # it was TP8"), is not the candidate's part: the interviewer asks for their own part, not why it was chosen.
        if signal in ("answered", "thin") and any(cl.cues.get("not_mine") for i in taken for cl in r.sentence_clauses(i)):
            signal = "not_mine"
    # How a setting was chosen ("按默认的来", "拍脑袋") is the candidate's judgement: a level-3 answer that
    # chose that way shows none. (Restarting or rerunning is often just a step of a real story.)
    # (Not the recipe of a trial never adopted: "主训练用的 BF16，因为…8 位指数…。FP8 只在 7B 上试过，用的 Transformer
    # Engine 默认的 delayed scaling，没有上到主训练" chose BF16 for its reason.)
    naive = {_clause_quote(r, cl) for kind, cl in _naive_hits(r, (level or 1) <= 2, own, rubric)
             if kind in ("default_config", "guess") and not _TRIAL.search(_norm(r.sentences[cl.sent]))}
    # At 4 on one kind of judgement alone ("项目一开始就这么定的" read as a story) it is the same; a default told as the
    # baseline of a weighed, checked change ("基线是…Megatron 默认配置") is not the candidate's choice.
    if (level == 3 or (level == 4 and len(f.judgement) <= 1)) and len(credits) < 2 and naive:
        level = 2  # the candidate's own remedy is the naive one ("按默认的来", "restart it"): no judgement of it
    # A story whose fix was the pack's naive remedy, its cause said not to be known ("回滚…把学习率调低了一点重新跑，就过去
    # 了。具体是什么原因最后也没查清楚"), shows the remedy, not the judgement a story at 3 or 4 would.
    if (level or 0) >= 3 and L.unknown(r) and any(kind not in ("default_config", "guess") for kind, _ in hits):
        level = 2
    # ...as does one whose fix was the pack's own naive remedy with no point shown ("当时判断就是学习率太大了，把峰值学习率从
    # 3e-4 降到 1.5e-4，从头重新跑了一遍"): the cause assumed, the remedy the pack calls the sign of no first-hand work.
    elif (level or 0) >= 3 and not credits and any(kind in {x.kind for x in vocab.remedies} for kind, _ in hits):
        level = 2
    if level != judged:  # what the answer offers beside it is judged at the level it came to ("we just raised…")
        dangers = _dangers(r, rubric, f, level, signal, own, others, lang, answer, question, cores)
    # (A point of one short sentence may be quoted with the whole of it: see M.one_short_sentence.)
    shown = ({c.item: M.quote(r, rubric, c) if M.one_short_sentence(r) else _not_whole(r, M.quote(r, rubric, c), answer)
              for c in credits}
             if level is not None and level >= 2 else {})
    hits = [MarkerHit(marker=m, evidence=shown[m]) for m in topic.markers if m in shown]
    missed = [m for m in topic.markers if m not in shown]
    remedies = frozenset().union(*(rubric.terms_of(d.evidence) & rubric.terms_of(d.signal) for d in dangers
                                   if not _NAMES_FLAG.search(_norm(d.signal)) and (
                                       M.flag_kind(d.signal) == "naive"
                                       or (_signal_kind(d.signal, vocab) or "").startswith("naive:"))))
    # The pack's flags of doing a thing badly the answer showed (a tolerance set with no seed noise measured): below 3
    # the point they are about is the one to learn.
    flagged = frozenset().union(*(rubric.terms_of(d.signal) for d in dangers if d.signal in own
                                  and (M.flag_kind(d.signal) == "other" or M.FLAG_UNMEASURED.search(_norm(d.signal)))
                                  and not _NAMES_FLAG.search(_norm(d.signal))))
    # (The rest of a point half said is offered below 3 only: an answer that shows judgement is told what to judge.)
    touched = [m for m in topic.markers if m not in shown_before and (m in shown or seen.get(m, 0.0) >= F.TOUCHED)
               ] if (level or 1) <= 2 else []
    feedback = F.feedback(topic, rubric, _asking_terms(rubric, question), level, signal, f,
                          [m for m in missed if m not in shown_before], seen, dangers, lang, remedies,
                          _gap_terms(r, rubric) if f.numeric and L.unknown(r) else None,
                          figures[0][0] if figures else None, _around_asking(rubric, question),
                          not question or bool(F.ASKS_STORY.search(_norm(question))), flagged,
                          M.open_parts(r, rubric, touched, F.TOUCHED), _asking_text(rubric, question))
    a = Assessment(topic=topic.title, signal=signal, level=level, markers=hits, missed_markers=missed,
                   danger_signals=dangers, feedback=feedback, excerpt=_opening(r))
    return verify(a, answer, topic, own + others)


# --------------------------------------------------------------------------- verification

GENERIC_LABELS_RAW = frozenset(x for pair in T.GENERIC_DANGER.values() for x in pair)
GENERIC_LABELS = frozenset(normalize_key(x) for x in GENERIC_LABELS_RAW)


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
    excerpt = assessment.excerpt if found_in(assessment.excerpt, answer) else ""
    return assessment.model_copy(update={"markers": hits, "danger_signals": dangers, "level": level,
                                         "missed_markers": missed, "feedback": feedback, "excerpt": excerpt})


# The Scorecard lives in interviewer.scorecard; these names stay importable from here.
from interviewer.scorecard import Scorecard, ScoredDanger, TopicScore, build_scorecard  # noqa: E402,F401
