"""Checks on text a model wrote for the candidate: its language, whether it copies the candidate, what it asks.

Small models fail in a few plain ways (they echo the answer back, answer in English in a Chinese interview,
or ask about something else); each check here names the failure so the re-ask can say the exact fix.
"""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher

from interviewer.textutil import normalize_key, question_of

_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# Technical names stay in English in a Chinese interview ("MFU", "all-reduce", "Megatron-Core"); what marks
# English prose is its small words.
_EN_PROSE = re.compile(r"\b(?:the|and|you|your|what|how|why|which|did|was|were|is|are|of|to|in|for|with|that|this|"
                       r"can|could|would|tell|me|about|walk|through)\b", re.I)


def in_language(text: str, lang: str) -> bool:
    """True when `text` is written in the interview's language (zh or en); technical names do not count."""
    cjk = len(_CJK.findall(text))
    if lang == "zh":
        prose = len(_EN_PROSE.findall(text))
        # A Chinese sentence has Chinese characters, and more of them than English function words.
        return cjk >= 4 and prose * 3 <= cjk
    latin = sum(len(w) for w in _LATIN_WORD.findall(text))
    # A Chinese name or a quoted term may appear in an English sentence; a Chinese sentence may not.
    return latin > 0 and cjk * 2 <= latin // 3


# A pick-up of a few words is wanted ("You said “the baseline was 38%”: …"); whole clauses copied are an echo.
_COPY_SHARE = 0.6
_MIN_SPAN = {"zh": 6, "en": 12}
# A short quotation is a pick-up however much of the reply it is; a long one is a recitation.
_PICKUP_QUOTE = re.compile(r"“[^“”]{1,60}”|「[^「」]{1,60}」|『[^『』]{1,60}』|\"[^\"]{1,60}\"")


def copied_share(reply: str, answer: str, lang: str) -> float:
    """How much of the reply, short quotations aside, is verbatim spans of the answer at least a clause long."""
    r, a = normalize_key(_PICKUP_QUOTE.sub(" ", reply)), normalize_key(answer)
    if not r or not a:
        return 0.0
    least = _MIN_SPAN.get(lang, 12)
    blocks = SequenceMatcher(None, r, a, autojunk=False).get_matching_blocks()
    return sum(b.size for b in blocks if b.size >= least) / len(r)


def copies(reply: str, answer: str | None, lang: str) -> bool:
    """True when the reply mostly repeats the candidate's answer instead of asking about it."""
    return bool(answer) and copied_share(reply, answer or "", lang) >= _COPY_SHARE


_STOP = set("the and of to a an in on for how what which is are was were it its with when where why whether can "
            "does do did or from that this by be much many at as into you your me tell about walk through "
            "there any each one".split())


# Character pairs every Chinese question has ("什么", "怎么", "讲讲"): sharing them says nothing.
_ZH_STOP = set("什么 怎么 是什 为什 如何 多少 哪些 哪个 一下 讲讲 具体 能具 体讲 的是 你的 我们 你们 这个 那个 有没 没有 "
               "是怎 么样 可以 能不 不能 一个 自己 负责 部分 里面 时候".split())


def _terms(text: str) -> set[str]:
    out: set[str] = set()
    for m in re.finditer(r"[a-z0-9]+|[\u3400-\u9fff]+", unicodedata.normalize("NFKC", text).casefold()):
        w = m.group()
        if _CJK.match(w):
            out |= ({w[i:i + 2] for i in range(len(w) - 1)} or {w}) - _ZH_STOP
        elif w not in _STOP and len(w) > 1:
            out.add(w[:-1] if len(w) > 3 and w.endswith("s") else w)
    return out


def asks_about(reply: str, about: str) -> bool:
    """True when the reply's question shares a content word with what it should ask about.

    Loose on purpose: "What did you compare against?" for "what the baseline was" fails, so the caller
    gives the model the words to use (the question code would ask), and the re-ask names them.
    """
    want = _terms(about)
    return not want or bool(_terms(question_of(reply)) & want)


def language_name(lang: str) -> str:
    return {"zh": "Chinese (简体中文)", "en": "English"}.get(lang, lang)
