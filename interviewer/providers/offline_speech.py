"""How the offline interviewer talks, zh and en: pick-ups of the candidate's words, transitions, presses,
steps down, hints and the stock turns.

Variants are chosen by turn number, not at random, so a session replays identically; the frame that opened
the previous turn is never used again right away.
"""

from __future__ import annotations

import re

from interviewer import coverage as C
from interviewer import scoring_read as R
from interviewer.questions_en import lower_start
from interviewer.textutil import has_cjk

GREETING = {
    "zh": "你好，我是今天的面试官。我们主要围绕你简历里的经历来聊，想到哪说到哪就行。",
    "en": "Hi, I'm your interviewer today. We'll mostly talk through the work on your résumé; think out loud as much as you like.",
}
GREETING_NO_RESUME = {
    "zh": "你好，我是今天的面试官。我们从几个常见的问题聊起。",
    "en": "Hi, I'm your interviewer today. Let's start with a few questions from this area.",
}
# Said after a chain that went well as often as after one that did not: nothing here may sound like a dismissal
# ("这个先放一放" after a solid answer read as one).
SWITCH = {
    "zh": ["好，这块先到这里。换个方向：", "行，我们换一块聊。", "这部分就先聊到这儿，聊点别的。"],
    "en": ["OK, let's leave that there and switch topics. ", "Fine, let's move on to something else. ",
           "That's enough on that one; let's look at another area. "],
}
SWITCH_AFTER_MISSES = {
    "zh": ["没关系，这块我们先放一放，换个方向。", "不要紧，这部分先不深挖了，我们聊点别的。"],
    "en": ["No problem, let's leave that area and switch topics. ", "That's fine, let's not dig further there and move on. "],
}
GOODBYE = {
    "zh": "好的，今天就到这里。谢谢你的时间，每个回答的反馈都在报告里。",
    "en": "Alright, that's all for today. Thanks for your time; the report has feedback on each answer.",
}
GOODBYE_TIME = {
    "zh": "时间差不多了，今天就到这里。谢谢你的时间，每个回答的反馈都在报告里。",
    "en": "We're about out of time, so let's stop here. Thanks for your time; the report has feedback on each answer.",
}
GOODBYE_DONE = {
    "zh": "我想问的都问完了，今天就到这里。谢谢你的时间，每个回答的反馈都在报告里。",
    "en": "That covers what I wanted to ask, so let's stop here. Thanks for your time; the report has feedback on each answer.",
}
NOT_MINE = {
    "zh": "明白，那部分不是你做的。那在这件事里，你自己具体负责的是哪一块？",
    "en": "Understood, that part wasn't yours. Which piece of that project did you own yourself?",
}
# After "that wasn't mine", help asked for is help with that question: what counts as one's own part.
NOT_MINE_HINT = {
    "zh": "给个提示：你写过的代码、跑过的实验、排查过的问题都算，挑一件说。那在这件事里，你自己具体负责的是哪一块？",
    "en": "A hint: code you wrote, experiments you ran, a problem you chased down all count; pick one. Which piece of "
          "that project did you own yourself?",
}
REFUSE = {
    "zh": "没问题，不方便说的就不展开。",
    "en": "That's fine, we can leave the specifics out. ",
}

# A pick-up quotes one clause of the answer that bears on the next question; each frame is a regex too, so the
# frame that opened the previous turn can be recognised and not used twice in a row.
PICKUPS = {
    "zh": ["你提到「{p}」，", "刚才说到「{p}」——", "接着「{p}」往下问：", "关于你说的「{p}」，"],
    "en": ["You mentioned “{p}”. ", "On “{p}”: ", "Following up on “{p}”: ", "You said “{p}”. "],
}
# Without a clause that fits, a plain transition; "" means the question stands alone.
TRANSITIONS = {
    "zh": ["好。", "明白。", "", "了解。", "嗯，"],
    "en": ["OK. ", "Got it. ", "", "Right. ", "I see. "],
}
STEP_DOWN = {
    "zh": ["没关系，换个简单点的：", "不要紧，先退一步：", "没事，我们从基础的说起："],
    "en": ["No problem, a simpler one: ", "That's fine, let's step back: ", "No worries, let's start from the basics: "],
}
SMALLER = {
    "zh": "没关系，换个小一点的范围：不用讲全部，就说你最熟悉的一种情况，{q}",
    "en": "No problem, let's make it smaller: just the one case you know best. {q}",
}
# A figure cannot be made smaller; the step below it is how one would get it.
# A yes-or-no question has no smaller scope either ("就说你最熟悉的一种情况，换到更大规模还成立吗？" after "没试过"): how one
# would check it is the step below.
HOW_TO_CHECK = {
    "zh": "没关系，不用下结论：要是让你去验证这一点，你会看什么？",
    "en": "No problem, no verdict needed: if you had to check it, what would you look at?",
}
HOW_TO_MEASURE = {
    "zh": "没关系，不用给具体数字：这个数要是让你去量，你会怎么量？",
    "en": "No problem, no exact number needed: if you had to measure it, how would you go about it?",
}
HOW_WOULD_YOU = {
    "zh": "没关系，没做过也不要紧：假如现在要你来弄清「{b}」，你会先从哪里入手？",
    "en": "That's fine if you haven't done it. If you had to work out {b} now, where would you start?",
}
HINTS = {
    "zh": ["给个提示：可以从{t}这几个方面说。{q}", "换个小一点的范围：不用讲全部，就说你最熟悉的一种情况，{q}",
           "具体到你简历里「{e}」这件事，{q}", "换个说法：{q}"],
    "en": ["A hint: you could start from {t}. {q}", "Let's make it smaller: just the one case you know best. {q}",
           "Take the “{e}” work on your résumé. {q}", "Put another way: {q}"],
}
# Where to start, when there is one term to start from: no list of aspects ("可以从峰值说起").
HINT_ONE_TERM = {"zh": "给个提示：可以从{t}说起。{q}", "en": "A hint: you could start from {t}. {q}"}
BACK_TO = {"zh": "回到「{e}」这件事：{q}", "en": "Back to “{e}”: {q}"}
BACK_TO_POINT = {"zh": "回到{b}这个问题，", "en": "Back to {b}: "}
HINT_LAST = {
    "zh": "我就不再换说法了，想不起来可以直接说不会，或者输入 /skip 跳过。{q}",
    "en": "I'll leave the wording there; if nothing comes to mind, say so or type /skip. {q}",
}

# What a thin answer lacks → one question asking for exactly that, behind a lead that names the subject: a pick-up
# of the candidate's own claim ("你提到「tokens/s 上去了」，具体是多少？") or the point in hand.
PRESS_AFTER = {
    "numbers": {"zh": "这个数是怎么得出来的？", "en": "where did that number come from?"},
    "amount": {"zh": "具体是多少？", "en": "how much was it, in numbers?"},
    "mechanism": {"zh": "具体是怎么做到的？", "en": "how does that actually work?"},
    "basis": {"zh": "当时是按什么考虑的？", "en": "what was it based on?"},
    "which": {"zh": "具体是哪一个，当时的数字是多少？", "en": "which one exactly, with its numbers?"},
    "reason": {"zh": "为什么这么做？", "en": "why that way?"},
    "choice": {"zh": "为什么这么选，而不是别的方案？", "en": "what made you choose that over the alternatives?"},
    "compare": {"zh": "两者具体差在哪里？", "en": "where exactly do they differ?"},
    "validation": {"zh": "你是怎么确认的？", "en": "how did you confirm it?"},
    "breakdown": {"zh": "这段时间主要花在哪个环节上？", "en": "where did most of that time go?"},
    "example": {"zh": "能举一个你实际碰到的例子吗？", "en": "can you give me one example from your own work?"},
    "figure": {"zh": "能给个具体的数吗？", "en": "can you put a number on that?"},
    "effect": {"zh": "改了之后有什么变化，有数字吗？", "en": "what did that change, in numbers?"},
}

_CLAUSE = re.compile(r"(?:[。！？；，;!?\n：:]|(?<!\d)[,.]|[,.](?!\d)|\s[—–-]\s)+")
_QUOTES = "\"'“”‘’「」『』《》?？()（）"
# Words that carry nothing of the answer: quoting them back is filler.
_FILLER = re.compile(
    r"^(?:嗯+|呃+|额+|啊+|哦+|对+|好+的?|是的?|行|ok(?:ay)?|yes|yeah|right|so|well|um+|uh+|hmm+|"
    r"刚才(?:也)?说(?:过|了)?.*|刚说了.*|我刚才说过.*|前面(?:也)?说(?:过|了).*|如前所述|"
    r"as i (?:said|mentioned)(?: before| earlier)?|like i said|as mentioned|"
    r"(?:great|good|interesting|nice) question|好问题|这个问题(?:好|很好|不错)|问得好|"
    r"说实话|老实说|其实|honestly|to be honest|frankly|"
    r"你好|您好|hello|hi|thanks?(?: you)?|谢谢|"
    r"(?:候选人|他|她|candidate)\s*(?:说|said|says)?|c)$", re.I)
_GENERIC_UNITS = frozenset({"#parallelism", "@time", "@gpu", "@node", "@steps", "#hardware", "#data", "#throughput"})


def lang_of(lang: str) -> str:
    return "zh" if lang == "zh" else "en"


def _is_filler(clause: str) -> bool:
    c = clause.strip(" " + _QUOTES).strip()
    return not c or bool(_FILLER.match(c)) or bool(R.CUES["dont_know"].search(R.norm(c)))


_LEADING = re.compile(r"^(?:(?:so|and|but|well|um|uh|oh|yeah|right|also|then|anyway|basically|actually)\b[\s,]*|"
                      r"(?:嗯|呃|额|哦|那|就是|然后|其实|所以|但是|而且|另外)[，,\s]*)+", re.I)


def _balanced(c: str, raw: str) -> str:
    """A closing bracket stripped from the end of a formula is put back: "(p-1)/(m+p-1)", not "(p-1)/(m+p-1"."""
    for o, e in ("()", "（）"):
        while c.count(o) > c.count(e) and raw.rstrip().endswith(c + e):
            c += e
    return c


def clauses(answer: str) -> list[str]:
    """The answer's clauses, whole, without quotes, question marks or a leading "so"/"嗯": what a pick-up may quote."""
    out = []
    text, start = answer or "", 0
    for m in [*_CLAUSE.finditer(text), None]:
        raw, end = text[start : m.start() if m else len(text)], m.group() if m else ""
        start = m.end() if m else len(text)
        if "?" in end or "？" in end:
            continue  # a question put back ("你是说 ZeRO 的 stage 怎么选吗？") is no claim to follow up
        c = _balanced(raw.strip().strip(_QUOTES).strip(), raw)
        c = _LEADING.sub("", re.sub(r"[「」“”\"『』?？]", "", c)).strip()
        if c and not _is_filler(c):
            out.append(c)
    return out


# A clause that says what was not done: nothing to build the next question on ("You mentioned “we did not rerun
# to convergence”. How did you confirm it?" reads as asking how they confirmed not doing it).
_DENIAL = re.compile(r"\b(?:not|never|no)\b|n't\b|没有?|并非|不是|从没|未曾", re.I)


def _fits_length(c: str, lang: str) -> bool:
    if has_cjk(c):
        return 4 <= len(c) <= 26
    words = c.split()
    return 2 <= len(words) <= 9 and len(c) <= 64


def pickup(answer: str | None, item: C.Item | None, weight: C.Weights, lang: str, least: float = 0.2,
           telling: bool = False) -> str | None:
    """The clause of the answer that bears most on `item` (a question's subject), verbatim; None when none does.
    `telling` (a new question led by the last answer): the clause names what the question is about (a most telling
    word, or one of the two it opens on) or most of its subject, not only a word it shares ("接着「删掉整个作业的 Pod
    重建」往下问：RDMA 网卡是怎么进 Pod 的？" shared the Pod alone; "under TP8 each GPU passes one KV head" still leads
    "what to do when Ulysses runs out of heads")."""
    if not answer or item is None:
        return None
    best, best_share = None, 0.0
    for c in clauses(answer):
        if not _fits_length(c, lang) or _DENIAL.search(c):
            continue
        s = C.share(c, item, weight)
        if telling and s < 0.6 and not C.names_telling(c, item, weight):
            continue
        shared = C.units(c, weight.vocab) & item.units
        if not shared - _GENERIC_UNITS:
            continue
        if s > best_share + 1e-9:
            best, best_share = c, s
    return best if best_share >= least else None


def frame_of(text: str, lang: str) -> str | None:
    """Which pick-up frame or transition opens `text` (so the next turn can use another)."""
    L = lang_of(lang)
    for f in PICKUPS[L]:
        head = f.split("{p}")[0]
        if head and text.startswith(head):
            return f
    for t in TRANSITIONS[L]:
        if t and text.startswith(t):
            return t
    return None


def opener(p: str | None, lang: str, turn: int, previous: str | None) -> str:
    """A pick-up of `p` or a plain transition, never the frame that opened the previous turn."""
    L = lang_of(lang)
    options = PICKUPS[L] if p else TRANSITIONS[L]
    for k in range(len(options)):
        f = options[(turn + k) % len(options)]
        if f != previous or not f:
            return f.format(p=p) if p else f
    return ""


def basis_phrase(basis: str, lang: str) -> str:
    """A probe or rung, shortened to something that reads inside a sentence."""
    b = basis.strip().rstrip("。.?？")
    b = re.split(r"[；;]", b)[0]
    limit = 28 if lang_of(lang) == "zh" else 90
    if len(b) > limit:
        cut = b[:limit]
        b = cut if has_cjk(cut) else cut.rsplit(" ", 1)[0]
    return f"「{b}」" if lang_of(lang) == "zh" else f"“{b}”"


def press_after(kind: str, lead: str, lang: str) -> str:
    """The same question after a pick-up of the candidate's thin claim (the lead names the subject)."""
    return led(lead, PRESS_AFTER[kind][lang_of(lang)], lang)


def led(lead: str, question: str, lang: str) -> str:
    """A question behind a lead: lower-case after "On “X”: ", a capital after "You said “X”. " or alone."""
    if lang_of(lang) == "zh":
        return lead + question
    if lead.endswith((": ", "— ")):
        return lead + lower_start(question)
    return lead + question[:1].upper() + question[1:]


def subject_of(terms: list[str], lang: str) -> str:
    """"A、B 和 C" / "A, B and C"."""
    if len(terms) < 2:
        return "".join(terms)
    if lang_of(lang) == "zh":
        head, last = "、".join(terms[:-1]), terms[-1]
        return f"{head}和{last}" if has_cjk(head[-1]) and has_cjk(last[0]) else f"{head} 和 {last}"
    return f"{', '.join(terms[:-1])} and {terms[-1]}"


def spaced_zh(text: str) -> str:
    """The customary space between a Latin word and a hanzi ("MFU具体" → "MFU 具体")."""
    text = re.sub(r"(?<=[A-Za-z0-9%])(?=[\u3400-\u9fff])", " ", text)
    return re.sub(r"(?<=[\u3400-\u9fff])(?=[A-Za-z0-9])", " ", text)


def opening_with(opening: str, question: str, lang: str) -> str:
    """A chain's opening with another question behind its résumé line (or its topic line)."""
    head = re.match(r"^.*?(?:」。|”\. )", opening) or re.match(r"^.*?(?:。|\. )", opening)
    return (head.group() if head else "") + question


def back_to_point(basis: str, lang: str) -> str:
    """A lead that names the point in hand when no words of the candidate's fit ("回到「…」这个问题，")."""
    return BACK_TO_POINT[lang_of(lang)].format(b=basis_phrase(basis, lang))


def back_to(evidence: str, question: str, lang: str) -> str:
    L = lang_of(lang)
    return BACK_TO[L].format(e=evidence, q=question if L == "zh" else lower_start(question))


def lowered(question: str, lang: str) -> str:
    return question if lang_of(lang) == "zh" else lower_start(question)
