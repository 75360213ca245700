"""A pack's rubric as terms: what each sign of a solid answer and each red flag is about, weighted by how specific.

Any pack can be read this way, with or without a vocabulary file: a marker's terms are the vocabulary's
concepts it names ("c:zero") plus the words it is written in — Latin words and identifiers ("w:rendezvous",
"w:master_addr", "w:/dev/shm"), Chinese character pairs ("z:列切"), numbers with their unit ("n:64mb"). A term
shared by many markers ("显存") says little; one in a single marker ("expandable_segments") says a lot: terms
are weighted by their inverse frequency over the pack's rubric.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from interviewer.scoring_read import norm
from interviewer.scoring_terms import (FLAG_APART, FLAG_IGNORANCE, FLAG_MISCONCEPTION, FLAG_NAIVE, MARKER_CUES,
                                      RUBRIC_FRAMING_EN, RUBRIC_FRAMING_ZH)
from interviewer.vocabulary import EMPTY, Vocabulary

_IDENT = re.compile(r"[a-z0-9]+(?:[_./][a-z0-9]+|-[a-z0-9]+)+|/[a-z]+(?:/[a-z0-9]+)+")
_WORD = re.compile(r"[a-z][a-z0-9']*")
_NUMERIC = re.compile(r"^[\d./]+[a-z%]{0,3}$")  # "1.5x", "7/39": numbers, not identifiers
_NUM = re.compile(r"(?<![a-z0-9.\-_])(\d+(?:\.\d+)?)\s*(gib|gb/s|gbps|gb|mib|mb|tb/s|tb|kb|bytes?|字节|%|％|倍|x|×|ms|毫秒|秒|s|k|m|b|"
                  r"分钟|min|minutes?|小时|hours?|层|layers?|卡|gpus?|节点|nodes?|tflops|pflops)?(?![a-z0-9])")
_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")


def _cjk(s: str) -> bool:
    return bool(_CJK_RUN.search(s))
_UNIT = {"gib": "gb", "gbps": "gb/s", "mib": "mb", "byte": "by", "bytes": "by", "字节": "by", "％": "%", "×": "x",
         "倍": "x", "毫秒": "ms", "秒": "s", "分钟": "min", "minute": "min", "minutes": "min", "小时": "h", "hour": "h",
         "hours": "h", "layer": "层", "layers": "层", "gpu": "卡", "gpus": "卡", "node": "节点", "nodes": "节点"}
STOP_EN = frozenset(
    "the and of to a an in on for how what which is are was were it its each with when where why whether can does do "
    "not or from that this by be much many at as into up out more less than then so per its their there such like "
    "e.g eg etc about over under between before after one two both all any some own also only just very add adds "
    "added go goes get gets got make makes made take takes keep keeps put puts need needs way ways thing things "
    "you your our we they them he she his her has have had will would should could may might must via followed once".split())
_SUFFIXES = ("ations", "ation", "ings", "ing", "ed", "es", "s", "ly")


def stem(word: str) -> str:
    """A crude English stem, the same on both sides: 'utilisation' and 'utilization' meet at 'utiliz'."""
    word = _ISE.sub(r"iz\1", word)
    if word.endswith(("ies", "ied")) and len(word) >= 6:  # "copies", "copied" and "copy" meet at "copy"
        return word[:-3] + "y"
    if word.endswith("ically") and len(word) >= 9:  # "automatically" and "automatic" meet at "automatic"
        return word[:-4]
    for suf in _SUFFIXES:
        if word.endswith(suf) and len(word) - len(suf) >= 4:
            return word[: -len(suf)]
    return word


_ISE = re.compile(r"(?<=[a-z]{3})is(e|ed|es|ing|ation|ations|er|ers)$")
# What rubric text frames its points with: dropped from a marker's or a red flag's terms.
# The words a marker asks for evidence with ("数字", "取舍", "a number") are requirements on the answer, checked
# as cues (scoring_marks), not terms of the point.
_ASKS = tuple(w for words in MARKER_CUES.values() for w in words)
_FLAGS = (*FLAG_IGNORANCE, *FLAG_NAIVE, *FLAG_MISCONCEPTION, *FLAG_APART, *_ASKS)
_FRAMING_ZH = tuple(sorted({*RUBRIC_FRAMING_ZH, *(w for w in _FLAGS if _cjk(w))}, key=len, reverse=True))
_FRAMING_EN = RUBRIC_FRAMING_EN | {w for p in _FLAGS if not _cjk(p) for w in p.split() if w not in ("the", "of", "a", "one")}


@lru_cache(maxsize=16384)
def literal_terms(text: str, framing: bool = True, vocab: Vocabulary = EMPTY) -> frozenset[str]:
    """Every literal term of a text: identifiers, Latin words (stemmed), numbers with units, Chinese pairs.

    Words the vocabulary reads as a concept are left to the concept (one word is one term). `framing=False`
    drops the words rubrics frame a point with ("knows", "能说出", "只会"), which say nothing of it.
    """
    n = norm(text)
    out: set[str] = set()
    inside: list[tuple[int, int]] = []
    for m in _IDENT.finditer(n):
        inside.append(m.span())
        ident = m.group()
        # An identifier is its own term unless a concept of the vocabulary is all of it ("all-reduce"); one that
        # only starts with a concept's word ("nccl_ib_hca") names something narrower.
        covered = vocab.find(ident.replace("_", " "))[1]
        if not _NUMERIC.match(ident) and ident not in STOP_EN and covered < sum(ch.isalnum() for ch in ident):
            out.add("w:" + _compound(ident.strip("./")))
    inside += vocab.phrases(n)  # "sequence" of "sequence parallelism" is the concept's word, not a term of its own
    for m in _WORD.finditer(n):
        w = m.group().strip("'")
        if len(w) < 3 or w in STOP_EN or (not framing and w in _FRAMING_EN):
            continue
        if any(a <= m.start() < b for a, b in inside) or vocab.find(w)[0]:
            continue
        out.add("w:" + stem(w))
    for m in _NUM.finditer(n):
        unit = (m.group(2) or "").strip()
        out.add("n:" + m.group(1))
        if unit:
            out.add("n:" + m.group(1) + _UNIT.get(unit, unit))
    for run in _CJK_RUN.findall(vocab.mask_mixed(n) if _CJK_RUN.search(n) else n):
        run = _ZH_ASKING.sub("|", run)
        if not framing:
            for f in _FRAMING_ZH:
                run = run.replace(f, "|")
        run = vocab.mask(run)
        for piece in _ZH_SPLIT.split(run):
            out.update("z:" + piece[i:i + 2] for i in range(len(piece) - 1))
    return frozenset(out)


def term_concepts(terms) -> set[str]:
    """The concepts among a rubric's terms ("c:tp" is the concept "tp"; words and numbers are not concepts)."""
    return {t[2:] for t in terms if t.startswith("c:")}


# Question words ask; they name nothing (English ones are in STOP_EN): "改了什么" and "按什么口径" share no term.
_ZH_ASKING = re.compile("为什么|什么|怎么样|怎么|怎样|如何|哪些|哪个|哪里|哪儿|多少|是否|有没有")
_HYPHENED = re.compile(r"[a-z]+(?:-[a-z]+)+")
_PAIR = re.compile(r"(?=(?<![a-z0-9_./-])([a-z]+)\s+([a-z]+)(?![a-z0-9_./-]))")


def _compound(ident: str) -> str:
    """A hyphened compound of words is stemmed on its last word, like any word ("time-shares" is "time-shar")."""
    if not _HYPHENED.fullmatch(ident):
        return ident
    head, _, last = ident.rpartition("-")
    return head + "-" + stem(last)


def _pairs(text: str) -> set[str]:
    """Two words written apart, as the hyphened compound a rubric may spell them as ("compute stream"); not a unit's
    "per" ("16 bytes per parameter" is no per-parameter sharding)."""
    return {"w:" + _compound(m.group(1) + "-" + m.group(2)) for m in _PAIR.finditer(text)
            if not (m.group(1) == "per" and _UNIT_BEFORE.search(text[:m.start()]))}


_UNIT_BEFORE = re.compile(r"(?:\d|\b(?:bytes?|bits?|[kmgt]b|flops|tokens?|samples?|steps?))\s*$")


# Characters that only glue a Chinese phrase together; a pair across one of them is not a term.
_ZH_GLUE = "的了是在就把和与及或这那个到从对时后也都能可以为而但所因让被着过约等其中之各该将已于以"
_ZH_SPLIT = re.compile("[|" + _ZH_GLUE + "]+")


@dataclass(frozen=True)
class Point:
    """A sign of a solid answer or a red flag (or one clause of it) as weighted terms."""

    text: str
    terms: frozenset[str]
    weight: float
    key: str  # the heaviest term: the point's subject
    exact: frozenset[str] = frozenset()  # concepts the point names by an identifier: the answer must name them


@dataclass(frozen=True)
class Item:
    """One marker or red flag of the rubric: the whole of it and its clauses, and the cues it asks for."""

    text: str
    whole: Point
    parts: tuple[Point, ...]
    cues: frozenset[str]


_PARTS = re.compile(r"[，、；;（）()]|,\s|\s(?:and|while|but)\s|并且|并(?![行发])|同时|而(?=[\u3400-\u9fff])")
# A formula's brackets are part of it: "气泡仍是 (p-1)/(m+p-1)" is one clause of a marker, not three.
FORMULA_BRACKETS = re.compile(r"\(\s*(?:\d+(?:\.\d+)?|[a-zA-Z])(?:\s*[-+*/·×^]\s*(?:\d+(?:\.\d+)?|[a-zA-Z]))+\s*\)")


def _clauses(text: str) -> list[str]:
    return [p.strip() for p in _PARTS.split(text) if p and p.strip()]


def _split_parts(text: str) -> list[str]:
    """A marker's clauses, a formula kept whole."""
    kept: list[str] = []

    def hide(m: re.Match) -> str:
        kept.append(m.group())
        return f"\x00{len(kept) - 1}\x00"

    masked = FORMULA_BRACKETS.sub(hide, text)
    return [re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], p) for p in _clauses(masked)]


_EXAMPLE = re.compile(r"(?:^|[，,（(\s])(?:如|例如|比如|e\.g\.|for example|such as)\s*")


def example_start(marker: str) -> int | None:
    """Where a marker's example begins ("如…", "e.g.…"), if it has one."""
    example = _EXAMPLE.search(marker)
    return example.start() if example else None


def in_example(marker: str, part: str) -> bool:
    """The part of a marker written after its "如…" / "e.g.…": the example's case, not a point of its own."""
    start = example_start(marker)
    return start is not None and marker.find(part.strip()) > start


_LIST_WORD = re.compile(r"(?:(?:and|or|the|a|an)\s+)*[A-Za-z][a-z-]+")
_OR = re.compile(r"\s+or\s+|或者(?!说)|或(?![许是])")
_EN_WORD = re.compile(r"[A-Za-z0-9][\w.\-/']*")
_CJK_TAIL = re.compile(r"[\u3400-\u9fff]+$")
_CJK_HEAD = re.compile(r"^[\u3400-\u9fff]+")


def alternatives(text: str) -> list[str]:
    """A text naming two alternatives, once with each: "passes off GPU utilisation or the sparse peak as MFU" is
    met by an answer that passes off utilisation alone. An alternative runs to the nearest function word (at most
    three words) in English, to the end of its run of characters in Chinese."""
    m = _OR.search(text)
    if not m:
        return []
    before, after = text[: m.start()], text[m.end():]
    if m.group().strip() == "or":
        words = list(_EN_WORD.finditer(before))
        start = len(before)
        for w in reversed(words[-3:]):
            if w.group().lower() in STOP_EN:
                break
            start = w.start()
        ahead = list(_EN_WORD.finditer(after))
        end, taken = 0, 0
        for w in ahead:
            low = w.group().lower()
            if low in STOP_EN and not taken:
                end = w.end()  # "or the sparse peak": the article goes with it
                continue
            if low in STOP_EN or taken == 3:
                break
            end, taken = w.end(), taken + 1
    else:
        tail, head = _CJK_TAIL.search(before), _CJK_HEAD.search(after)
        start = tail.start() if tail else len(before)
        end = head.end() if head else 0
    if start == len(before) or end == 0:
        return []
    return [f"{before} {after[end:]}".strip(), f"{before[:start]} {after}".strip()]


class Rubric:
    """The terms of every marker, ladder rung and red flag of a pack (or of one topic), with their weights."""

    def __init__(self, docs: tuple[str, ...], vocab: Vocabulary) -> None:
        self.vocab = vocab
        df: dict[str, int] = {}
        for d in docs:
            for t in self._raw(d):
                df[t] = df.get(t, 0) + 1
        n = max(len(docs), 2)
        self.idf = {t: math.log((n + 1) / (c + 0.5)) for t, c in df.items()}
        self.floor = math.log((n + 1) / (n + 0.5))
        self.lexicon = frozenset(t for t in self.idf if not t.startswith("c:"))
        self.compounds = frozenset(t for t in self.lexicon if t.startswith("w:") and _HYPHENED.fullmatch(t[2:]))
        # An identifier said without the prefix its family shares ("PIPE_TENSOR_ACTIVE" for
        # DCGM_FI_PROF_PIPE_TENSOR_ACTIVE): the tail of two words or more names it when it names no other.
        tails: dict[str, set[str]] = {}
        for t in self.lexicon:
            words = t[2:].split("_") if t.startswith("w:") else []
            for i in range(1, len(words) - 1):
                tails.setdefault("w:" + "_".join(words[i:]), set()).add(t)
        self.tails = {tail: next(iter(full)) for tail, full in tails.items() if len(full) == 1}
        weights = sorted(self.weight(t) for t in self.idf) or [1.0]
        # Two ordinary terms, or one rare one and a little more: below this a match is a coincidence of words.
        self.min_weight = 1.5 * weights[len(weights) // 2]
        # A term in a handful of the rubric's texts at most says something specific; "TP", "通信", "参数" do not.
        self.df = df
        self.rare = max(2, round(0.02 * n))
        self._items: dict[str, Item] = {}

    def _raw(self, text: str, framing: bool = False) -> set[str]:
        literal = literal_terms(text, framing, self.vocab)
        # A word inside an identifier kept as its own term ("nccl" in "nccl_ib_hca") is not a second term.
        idents = [t[2:] for t in literal if t.startswith("w:") and "_" in t]
        n = norm(text)
        for ident in idents:
            n = n.replace(ident, " ")
        concepts = self.vocab.find(n)[0]
        found = {"c:" + c for c in concepts if self.vocab.kind(c) != "context"}
        return found | literal

    def weight(self, term: str) -> float:
        w = self.idf.get(term, self.floor)
        if term.startswith("c:"):
            w *= 1.3  # a concept is the same idea whatever the wording
        elif term.startswith("w:") and any(ch in term for ch in "_./-"):
            w *= 1.5  # an identifier names one thing only
        elif term.startswith("n:") and not term[2:].replace(".", "").isdigit():
            w *= 1.3  # a number with its unit
        elif term.startswith("z:"):
            w *= 0.6  # a pair of characters is often half of two words ("数少" in "头数少于")
        return w

    def specific(self, term: str) -> bool:
        """A term few texts of the rubric use (numbers and identifiers always are)."""
        return self.df.get(term, 0) <= self.rare or term.startswith("n:") or (
            term.startswith("w:") and any(ch in term for ch in "_./-"))

    def point(self, text: str) -> Point:
        terms = frozenset(self._raw(text))
        ws = {t: self.weight(t) for t in terms}
        # The subject is a concept, a word or a number when the point has one; character pairs only say it in part.
        named = [t for t in ws if not t.startswith("z:")] or list(ws)
        key = max(named, key=lambda t: (ws[t], t)) if ws else ""
        # "reshard_after_forward" is one setting, though the vocabulary files it under a broader idea ("regather"):
        # an answer meets it by naming it, not by any word of that idea.
        exact = frozenset("c:" + c for m in _IDENT.finditer(norm(text)) if "_" in m.group()
                          for c in self.vocab.find(m.group())[0])
        return Point(text, terms, sum(ws.values()), key, exact & terms)

    def item(self, text: str) -> Item:
        if text not in self._items:
            # (Split at every bracket too: "每卡收发约 2(n-1)/n 倍" is still met in part by "ring 下每卡收发 2(t-1)/t 倍".)
            parts = list(dict.fromkeys(_split_parts(text) + _clauses(text)))
            # A one-word item of a list ("…detected via NCCL timeouts, the watchdog, Xid") is also read with the
            # point it lists under: alone it is no point, and the answer may name that item for the first one.
            listed = [f"{a}, {b}" for a, b in zip(parts, parts[1:]) if _LIST_WORD.fullmatch(b)]
            parts += listed + [alt for p in [text, *parts] for alt in alternatives(p)]
            # The settings or fields a marker names by identifier ("DCGM_FI_PROF_SM_ACTIVE, …_PIPE_TENSOR_ACTIVE") are a
            # point of their own: an answer naming two of them names what the marker asks for.
            idents = list(dict.fromkeys(m.group() for m in _IDENT.finditer(norm(text)) if "_" in m.group()))
            if len(idents) >= 2:
                parts.append(" ".join(idents))
            pts = tuple(pt for pt in (self.point(p) for p in dict.fromkeys(parts)) if len(pt.terms) >= 2)
            n = norm(text)
            cues = frozenset(k for k, rx in _marker_cue_rx().items() if rx.search(n))
            self._items[text] = Item(text, self.point(text), pts if len(pts) > 1 else (), cues)
        return self._items[text]

    def literal(self, text: str) -> frozenset[str]:
        """The rubric's literal terms in a piece of an answer."""
        terms = literal_terms(text, True, self.vocab) | self._compounds(text)
        terms |= {self.tails[t] for t in terms if t in self.tails}
        # Numbers pass whatever their value: a marker's figure is an example the answer's own may stand for.
        return frozenset(t for t in terms if t in self.lexicon or t.startswith("n:"))

    def _compounds(self, text: str) -> frozenset[str]:
        """The rubric's hyphened compounds ("w:compute-stream") an answer writes as two words."""
        if not self.compounds:
            return frozenset()
        return frozenset(_pairs(norm(text)) & self.compounds)

    def terms_of(self, text: str) -> frozenset[str]:
        """The rubric's terms in a piece of text: its concepts (closed over their parents) and literal terms."""
        concepts = self.vocab.find(norm(text))[0]
        closed = self.vocab.closed([c for c in concepts if self.vocab.kind(c) != "context"])
        return frozenset({"c:" + c for c in closed}) | self.literal(text)


@lru_cache(maxsize=1)
def _marker_cue_rx() -> dict[str, re.Pattern]:
    from interviewer.scoring_read import cue_regex, weighing_regex

    return {k: (weighing_regex if k == "tradeoff" else cue_regex)(v) for k, v in MARKER_CUES.items()}


_HEAD = re.compile(r"[（(：:，,；;]")


@lru_cache(maxsize=512)
def story_subject(marker: str, vocab: Vocabulary) -> frozenset[str]:
    """What a story marker's story is of: the concepts it names before its details, past the words it asks for the
    story with ("能讲一次完整的 hang 排查（怎么发现…）": a hang; "has the timeline of one automatic recovery…": a
    recovery, not a profiler's timeline). Things, not the actions done to them: "定位" and "排查" are how a story is
    told in Chinese, and English markers rarely spell them."""
    head = _marker_cue_rx()["incident"].sub(" ", norm(_HEAD.split(marker, maxsplit=1)[0]))
    return vocab.closed(c for c in vocab.find(head)[0] if vocab.kind(c) not in ("context", "mech"))


@lru_cache(maxsize=64)
def rubric_for(docs: tuple[str, ...], vocab: Vocabulary) -> Rubric:
    return Rubric(docs, vocab)
