"""Figures of the field an answer gets wrong, checked against the pack's facts (vocabulary.toml [[facts]]).

"精度上两个其实一样，都是 10 位尾数" and "7B 的话…总共三十来 GB" are stated with confidence and wrong. Such a clause is no
evidence of a point, and the answer around it is not sound: the scorer reads it as a misconception.
"""

from __future__ import annotations

import re
from functools import lru_cache

from interviewer import scoring_read as R
from interviewer.lexicon import parse_count
from interviewer.textutil import has_cjk
from interviewer.vocabulary import Fact

# A figure said of both things named just before ("两个其实一样，都是 10 位尾数", "both have 10").
_BOTH = re.compile(r"两个|两者|二者|都是|都有|\bboth\b|\bthe two\b")
# The model's size in billions of parameters ("7B", "70b", "13 B").
_MODEL = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*b(?![a-z])")
# A ratio said as "the same" ("优化器状态跟参数差不多大", "about the same as the weights") is one.
_SAME = re.compile(r"差不多|一样|相同|the same|as big|as large")
# A ratio said in English words ("about three times what DDP moves").
_WORDS = {"two": 2.0, "three": 3.0, "four": 4.0, "twice": 2.0, "double": 2.0}
# A figure set aside is not stated ("不能拿 1979 那个", "not the 1979 number").
_NOT = re.compile(r"不是|不能|不该|不对|而不是|别拿|\bnot\b|n't\b|\bnever\b|rather than|instead of")

# A claim denied before it in its clause ("ZeRO-3 不会让每张卡算得更少").
_DENIED = re.compile(r"不|没|\bnot\b|n't\b|\bnever\b|\bno\b")


def _at(forms: tuple[str, ...], text: str) -> tuple[int, int] | None:
    """Where `text` first and last names one of `forms` (a Latin form as a whole word), or None. What a comparison is
    made against ("wider than FP16 because it keeps 8 exponent bits", "比 FP16") is not what a figure after it is of."""
    spans = [m.span() for f in forms for m in re.finditer(
        re.escape(f) if has_cjk(f) else rf"(?<![a-z0-9]){re.escape(f)}(?![a-z0-9])", text)
        if not _THAN.search(text, 0, m.start())]
    return (min(spans)[0], max(s[1] for s in spans)) if spans else None


_THAN = re.compile(r"(?:\bthan|比|跟|\blike|\bunlike)\s*$")  # ("跟 FP32 一样是 8 位指数，只是尾数只有 7 位": BF16's)


def _ranges(fact: Fact, before: str, after: str, previous: str, both: bool) -> list[tuple[float, float]]:
    """The ranges the figure must fall in: of what it is said of, the subject named last before it in its sentence,
    else the first after it in its clause ("1979 TFLOPS for the H800"), else the one the sentence before is about
    (named first); of every subject named there when said of both."""
    anywhere = [(lo, hi) for forms, lo, hi in fact.subjects if not forms]
    named = [s for s in fact.subjects if s[0]]
    for text, last in ((before, True), (after, False), (previous, False)):
        at = [(span, lo, hi) for forms, lo, hi in named if (span := _at(forms, text)) is not None]
        if at:
            pick = max(at, key=lambda x: x[0][1]) if last else min(at, key=lambda x: x[0][0])
            return anywhere + ([(lo, hi) for _, lo, hi in at] if both else [pick[1:]])
    return anywhere


def _value(m: re.Match, context: str) -> float | None:
    """The figure ("the same" is 1); a size with its unit (g, t) is read per parameter of the model `context` names
    first. None: it cannot be told ("十几个字节" may be 16, a size with no model named)."""
    if "几" in m.group(1):
        return None
    word = _WORDS.get(m.group(1))
    n = 1.0 if _SAME.fullmatch(m.group(1)) else word if word is not None else parse_count(m.group(1))
    if m.re.groups < 2:
        return n
    model = _MODEL.search(context)
    if not model or not float(model.group(1)):
        return None
    return n * (1000 if m.group(2).startswith("t") else 1) / float(model.group(1))


# A clause that opens on a pronoun says its claim of what the clause before named.
# (After a connective too, "I would switch to FP16, because it has more mantissa bits and is therefore more stable";
# a consequence says its claim of what came before whatever it names: "我会换成 FP16，因为它尾数位更多，所以更稳".)
_REFERS_BACK = re.compile(r"(?:(?:because|since|so|and|因为|所以)\s*)?(?:它|它们|这个|那个|这玩意|(?:it|this|that|which|they)(?![\w-]))|"
                          r"(?:所以|因此|因而|therefore\b|hence\b)", re.I)


def _claimed(rx: re.Pattern, head: str, text: str, named: bool = True) -> bool:
    """The claim in this clause, not denied before it ("ZeRO-3 不会让…"); or, in a clause that refers back ("我们一直用的
    BF16，它比 FP16 精度更高") or drops its subject, naming none of the field's names after a clause that says "both"
    ("BF16 和 FP16 都是 16 位半精度，数值范围差不多") or opening on a negated verb ("NCCL 走的是网卡和 NVLink，不占 GPU 的
    计算资源"), one that names its subject in the clause before. A negation outside the claim sets it aside; one the
    claim is worded with ("it doesn't use any GPU compute") is the claim."""
    def stands(m: re.Match, at: int, whole: str) -> bool:
        own = _worded_negative(rx.pattern)
        return all(own and m.start() <= x.start() + at and x.end() + at <= m.end() for x in _NOT.finditer(text)) \
            and not _DENIED.search(re.split(r"[，,；;：:]", whole[:m.start()])[-1])
    if (m := rx.search(text)) is not None:
        return stands(m, 0, text)
    clipped = head.rstrip("，, ")
    before = re.split(r"[，,；;：:]", clipped)[-1]  # the clause before
    refers = bool(_REFERS_BACK.match(text.lstrip()))
    if not refers and (named or not (_BOTH.search(before) or _DROPPED.match(text.lstrip()))):
        return False
    m = next((m for m in rx.finditer(head + text)
              if m.end() > len(head) and (refers or m.start() >= len(clipped) - len(before))), None)
    return m is not None and stands(m, len(head), head + text)


@lru_cache(maxsize=256)
def _worded_negative(pattern: str) -> bool:
    """A claim worded with a negation of its own ("…doesn't use any GPU compute")."""
    said = pattern.replace("\\x27", "'")
    return "n't" in said or "not" in said or "never" in said


# A Chinese clause that opens on a negated verb has dropped its subject: it is the one of the clause before.
_DROPPED = re.compile(r"(?:也|并|都)?(?:不|没)")


def wrong_figures(r: R.Reading, question: str = "") -> list[tuple[Fact, R.Clause]]:
    """The clauses stating a figure outside the range the pack's facts give for what it is said of, or a claim the
    pack's facts call wrong."""
    key = ("wrong_figures", question)
    if key not in r.memo:
        r.memo[key] = _wrong_figures(r, R.norm(question))
    return r.memo[key]


def _wrong_figures(r: R.Reading, asked: str) -> list[tuple[Fact, R.Clause]]:
    out = []
    # Each clause, its sentence, what precedes it there and the sentence before, normalised once for every fact.
    # (A question right after it that doubts the figure, "Hmm, or is that the one with sparsity?", is of its sentence.)
    doubt = [R.norm(s) if s.rstrip().endswith(("?", "？")) else "" for s in r.sentences[1:]] + [""]
    # Whether it names a name of the field (a clause that does not may have dropped its subject) is read once too.
    read = [(cl, R.norm(cl.text), R.norm(r.sentences[cl.sent]) + " " + doubt[cl.sent],
             R.norm(r.sentences[cl.sent][:cl.start]), R.norm(r.sentences[cl.sent - 1]) if cl.sent else "",
             any(r.vocab.kind(c) == "name" for c in cl.said))
            for cl in r.clauses]
    for fact in r.vocab.facts:
        # Said again later, the last word counts: "加起来大概 8 字节？…哦对，还有 FP32 的 master weight…总共十几个字节吧"
        # corrects itself.
        said: list[tuple[R.Clause, bool]] = []
        for cl, text, sentence, head, previous, named in read:
            # "每卡只剩 0.76 GB，模型状态一共 13 GB 左右": the sentence's sum is another one.
            if any(w in sentence for w in fact.unless):
                continue
            # Out of its context a figure may be of something else ("so ~14 GB total" of activations): it can only
            # correct one said before.
            near = not fact.context or any(w in sentence or w in asked for w in fact.context)
            # (A figure in a clause that denies it is not stated; a claim may be worded with its own negation.)
            for m in (m for rx in (() if _NOT.search(text) else fact.figure) for m in rx.finditer(text)):
                value = _value(m, " ".join((sentence, r.text, asked)))
                # Said of both when nothing is named between "both" and the figure ("Both BF16 and FP16 are 16 bits,
                # but BF16 keeps FP32's 8 exponent bits" is of FP32).
                both = [b.end() for b in _BOTH.finditer(text[:m.start()])]
                both = bool(both) and all(_at(forms, text[both[-1]:m.start()]) is None for forms, _, _ in fact.subjects)
                # (What the figure is said of may sit inside the match: "峰值用的是 H100 规格表上的 1979 TFLOPS".)
                spans = _ranges(fact, head + text[:m.start(1)], text[m.end():], previous, both)
                bad = value is not None and any(not lo <= value <= hi for lo, hi in spans)
                if near or not bad:
                    said.append((cl, bad))
            # A claim may name its subject a clause before ("我们一直用的 BF16，它比 FP16 精度更高"): it ends in this one.
            if near and any(_claimed(rx, head, text, named) for rx in fact.claim):
                said.append((cl, True))
        if said and said[-1][1]:
            out.append((fact, next(cl for cl, bad in said if bad)))
    return out
