"""How the offline interviewer talks: pick-ups of the candidate's words and the stock turns, zh and en.

Variants are chosen by turn number, not at random, so a session replays identically.
"""

from __future__ import annotations

import re

from interviewer import questions as Q
from interviewer.questions_en import lower_start
from interviewer.textutil import has_cjk

# "," and "." end a clause, but not inside a number ("2,048 GPUs", "1.5 TB").
_CLAUSE = re.compile(r"(?:[。！？；，;!?\n]|(?<!\d)[,.]|[,.](?!\d))+")
_TECH = re.compile(r"\d|[A-Za-z]{2,}")
_PICKUP_CHARS = 60
_QUOTES = "\"'“”‘’「」『』?？"

LEADS = {
    "zh": ["你提到「{p}」。", "刚才你说「{p}」，", "「{p}」——顺着这个往下问。", "你说到「{p}」，"],
    "en": ["You mentioned “{p}”. ", "Picking up on “{p}”: ", "On “{p}” — ", "You said “{p}”. "],
}
GREETING = {
    "zh": "你好，我是今天的面试官。我们主要围绕你简历里的经历来聊，想到哪说到哪就行。",
    "en": "Hi, I'm your interviewer today. We'll mostly talk through the work on your résumé; think out loud as much as you like.",
}
GREETING_NO_RESUME = {
    "zh": "你好，我是今天的面试官。我们从几个常见的问题聊起。",
    "en": "Hi, I'm your interviewer today. Let's start with a few questions from this area.",
}
SWITCH = {
    "zh": ["好，这块先到这里。换个方向：", "行，我们换一块聊。", "这个先放一放，聊点别的。"],
    "en": ["OK, let's leave that there and switch topics. ", "Fine, let's move on to something else. ",
           "Let's park that and look at another area. "],
}
GOODBYE = {
    "zh": "好的，今天就到这里。谢谢你的时间，每个回答的反馈都在报告里。",
    "en": "Alright, that's all for today. Thanks for your time; the report has feedback on each answer.",
}
GOODBYE_DONE = {
    "zh": "我想问的都问完了，今天就到这里。谢谢你的时间，每个回答的反馈都在报告里。",
    "en": "That covers what I wanted to ask, so let's stop here. Thanks for your time; the report has feedback on each answer.",
}
NOT_MINE = {
    "zh": "明白，那部分不是你做的。那在这件事里，你自己具体负责的是哪一块？",
    "en": "Understood, that part wasn't yours. Which piece of that project did you own yourself?",
}
DONT_KNOW_STEP = {
    "zh": "没关系。",
    "en": "No problem. ",
}
REFUSE = {
    "zh": "没问题，不方便说的就不展开。",
    "en": "That's fine, we can leave the specifics out. ",
}

# What a thin answer lacks → one question asking for exactly that. It stands alone: after a pick-up of
# the candidate's words ("You mentioned “…”. ") it needs no other anchor, and a pack phrase that is
# itself a question cannot be slotted into "On X, …" without reading as two.
PRESS = {
    "numbers": {"zh": "能给一个你实际测到的数字吗？", "en": "What was the actual number you measured?"},
    "mechanism": {"zh": "能再往下讲一层，说说它底层具体是怎么工作的吗？",
                  "en": "Can you go one level deeper and say how it actually works underneath?"},
    "incident": {"zh": "能讲一次你亲身处理过的真实情况吗？",
                 "en": "Can you walk me through one real case you handled yourself?"},
    "tradeoff": {"zh": "这么做的代价是什么？", "en": "What did that choice cost you?"},
    "validation": {"zh": "你是怎么验证结果确实没问题的？", "en": "How did you verify the result actually held?"},
}
# Without a pick-up the press names the point in hand: a noun phrase as "on X", a question as "back to X".
_ANCHOR = {"zh": ("关于{b}，", "回到{b}这个问题，"), "en": ("On {b}, ", "Back to {b}: ")}
_CLARIFY = {
    "zh": ("换个更具体的问法：就{b}这一点，你当时实际是怎么做的？", "换个更具体的问法：就拿你亲手做过的那一次来说，"),
    "en": ("Let me make that more concrete: on {b} alone, what did you actually do?",
           "Let me make that more concrete: thinking of one time you did it yourself, "),
}
_EASIER = {"zh": "先退一步，从更基础的说起：", "en": "Let's step back to something more basic. "}


def lang_of(lang: str) -> str:
    return "zh" if lang == "zh" else "en"


def pickup(answer: str | None, limit_zh: int = 18, limit_en_words: int = 7) -> str | None:
    """A few words of the answer, verbatim, to start the next question with; None when nothing fits."""
    if not answer:
        return None
    clauses = [c.strip(" " + _QUOTES) for c in _CLAUSE.split(answer)]
    clauses = [c for c in clauses if len(c) >= 4]
    if not clauses:
        return None
    best = next((c for c in clauses if _TECH.search(c)), clauses[0])
    if has_cjk(best):
        cut = best[:limit_zh]
        if len(best) > limit_zh and best[limit_zh - 1].isascii() and best[limit_zh - 1].isalnum() \
                and best[limit_zh].isascii() and best[limit_zh].isalnum():
            cut = re.sub(r"[A-Za-z0-9_.,%-]+$", "", cut)  # never "H8" of "H800" or "2,0" of "2,048"
        return cut.strip() or None
    picked = []
    for word in best.split()[:limit_en_words]:
        if len(" ".join([*picked, word])) > _PICKUP_CHARS:
            break  # a pasted log line or a hash is not words to pick up
        picked.append(word)
    return " ".join(picked).strip(",;:") or None


def lead(p: str | None, lang: str, turn: int) -> str:
    if not p:
        return ""
    options = LEADS[lang_of(lang)]
    return options[turn % len(options)].format(p=p)


def basis_phrase(basis: str, lang: str) -> str:
    """A probe or rung, shortened to something that reads inside a sentence."""
    b = basis.strip().rstrip("。.?？")
    b = re.split(r"[；;]", b)[0]
    limit = 28 if lang_of(lang) == "zh" else 90
    if len(b) > limit:
        cut = b[:limit]
        b = cut if has_cjk(cut) else cut.rsplit(" ", 1)[0]
    return f"「{b}」" if lang_of(lang) == "zh" else f"“{b}”"


def press(kind: str, basis: str, lead_text: str, lang: str) -> str:
    """One question asking a thin answer for what it lacks (`kind`), about `basis` unless a pick-up leads."""
    L = lang_of(lang)
    ask = PRESS[kind][L]
    if lead_text:
        return lead_text + ask
    anchor = _ANCHOR[L][1 if Q.asks(basis) else 0].format(b=basis_phrase(basis, lang))
    return anchor + (ask if L == "zh" else lower_start(ask))


def clarify(basis: str, lang: str) -> str:
    """The point in hand asked again, more concretely."""
    L = lang_of(lang)
    noun, concrete = _CLARIFY[L]
    if not Q.asks(basis):
        return noun.format(b=basis_phrase(basis, lang))
    question = Q.probe_question(basis, lang)
    return concrete + (question if L == "zh" else lower_start(question))


def clarify_easier(rung: str, lang: str) -> str:
    """A step down to the ladder's first rung."""
    return _EASIER[lang_of(lang)] + Q.rung_question(rung, lang)
