"""Question wording, zh and en: a rule probe, a ladder rung or an opening as one spoken question.

Pack phrases are terse notes for interviewers ("显存省了多少", "the baseline", "what a checkpoint
stores, how often to save, and why…"). Each is cut to its first question (a compound rung is
several questions; the DESIGN lesson is that multi-question turns are the commonest defect),
stripped of parenthesised hints (they often give the answer away), and framed as natural speech.
The offline interviewer engine reuses these functions, so they take plain strings and models only.
"""

from __future__ import annotations

import re

from interviewer.skills import Rule, Topic
from interviewer.textutil import split_top

QUOTE_LIMIT = 60
PICKUP_LIMIT = 40

_CJK = re.compile(r"[\u3400-\u9fff]")
_PAREN = re.compile(r"[（(][^（）()]*[）)]")
_QMARKS = re.compile(r"[?？]")
# A formula's brackets stay: digits with an operator, or single-letter variables ("2(t-1)/t", "s·b·h").
_MATH = re.compile(r"\d\s*[-+*/=·^×÷]|[-+*/=·^×÷√]\s*\d|\b[a-zA-Z]\s*[-+*/·^]\s*[a-zA-Z]\b")

# --- Chinese ------------------------------------------------------------------------------
_ZH_Q = re.compile(r"怎么|怎样|如何|为什么|为何|什么|哪|多少|多久|多大|多长|多快|几[个次种层级张台天块]|是否|有没有|"
                   r"还是|吗|谁|没有$|([^\s])[不没]\1")
_ZH_NUMERIC = re.compile(r"(?:率|占比|比例|数|量|时间|间隔|延迟|吞吐|耗时|带宽|开销|规模|数字|MFU|QPS|P\d\d|TTFT|TPOT)$",
                         re.I)
# "怎么定与怎么守": the second interrogative is a second question.
_ZH_SECOND_Q = re.compile(r"(?:与|和|及|并且|并|以及|还有|同时)(?=怎么|怎样|如何|为什么|多少|哪|是否)")
_ZH_DIRECTIVE_TAIL = re.compile(r"并(?:交叉)?(?:验证|核对|确认).*$")
_ZH_DIRECTIVE = re.compile(r"^(?:验证|交叉验证|核实|确认是否)|要标记$|标记出来$")
_ZH_ASK_PREFIX = re.compile(r"^(?:逐项问|逐个问|追问|再问|追|问)\s*")

# --- English ------------------------------------------------------------------------------
_WH = r"(?:how|what|which|where|whether|why|when|who|whom|whose|if)"
_EN_WH = re.compile(rf"^(?:(?:at|in|on|for|from|to|by|under|with|of)\s+)?{_WH}\b", re.I)
_EN_SHORT_DIRECT = re.compile(r"^how (?:many|much|long|often)\b", re.I)
_EN_VERB = re.compile(r"\b(?:is|are|was|were|do|does|did|has|have|had)\b", re.I)
_EN_SECOND_Q = re.compile(rf",?\s+(?:and|or|but)\s+(?={_WH}\b)", re.I)
_EN_SO_WH = re.compile(rf"^(.+?),\s+(?:so|namely|i\.e\.)\s+({_WH}\b.*)$", re.I)
_EN_NAMELY = re.compile(r",?\s+(?:namely|i\.e\.|e\.g\.)\s+.*$", re.I)
_EN_CHOICE = re.compile(r"^(\S+(?:\s\S+)?)\s+(?:versus|vs\.?|or)\s+(\S+(?:\s\S+)?)$", re.I)
_EN_NUMERIC = re.compile(r"\b(?:share|rate|ratio|mfu|qps|p\d\d|count|latency|throughput|interval|volume|size|"
                         r"overhead|bandwidth|utili[sz]ation|usage|time|percentage|budget)$", re.I)
_EN_NUMBERS = re.compile(r"^(?:the\s+|any\s+)?(?:[\w-]+\s+)?numbers?\b", re.I)
_EN_DIRECTIVE_TAIL = re.compile(r",?\s+and\s+(?:cross-check|verify|check|confirm)\b.*$", re.I)
_EN_DIRECTIVE = re.compile(r"^(?:flag|verify|cross-check|check that|mark|to verify|to check|one by one$)", re.I)
_EN_PASSIVE_END = re.compile(r"\b(?:were|was|are|is)\s+\w+(?:ed|en|ne|wn)\b", re.I)
_THIRD_PERSON = [(re.compile(r"\bthemselves\b", re.I), "yourself"), (re.compile(r"\btheir\b", re.I), "your"),
                 (re.compile(r"\bthey\b", re.I), "you"), (re.compile(r"\bthem\b", re.I), "you"),
                 (re.compile(r"\bthe candidate'?s?\b", re.I), "you")]


def lang_of(lang: str | None) -> str:
    return "en" if (lang or "").lower().startswith("en") else "zh"


# ------------------------------------------------------------------------------ text helpers


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """`text` cut to at most `limit` characters at a word or character boundary, with … when cut."""
    text = re.sub(r"\s+", " ", text).strip()
    if len(text) <= limit:
        return text
    head = text[:limit]
    # Latin words must not be split; a CJK character is its own boundary.
    if text[limit].isascii() and text[limit].isalnum() and head[-1].isascii() and head[-1].isalnum():
        space = head.rfind(" ")
        if space >= limit // 2:
            head = head[:space]
    return head.rstrip(" ,，、;；:：-—") + "…"


def clean_quote(quote: str, focus: list[str] | None = None, limit: int = QUOTE_LIMIT) -> str:
    """A résumé line made fit to read aloud: no bullet, no question mark, clipped around `focus` terms."""
    q = re.sub(r"^\s*(?:[-*•·▪●◦]|\d{1,2}[.)、]|#+)\s*", "", quote.strip())
    q = _QMARKS.sub("", q).replace("「", "『").replace("」", "』").replace("“", "‘").replace("”", "’")
    q = re.sub(r"\s+", " ", q).strip().rstrip("。.;；,，")
    if len(q) > limit:
        low = q.casefold()
        hits = sorted((low.find(t.casefold()), len(t)) for t in (focus or []) if t and t.casefold() in low)
        if hits and hits[0][0] + hits[0][1] > limit - 1:
            # The résumé's own words for the rule lie past the cut: start a little before them.
            h = hits[0][0]
            clause = max(q.rfind(c, max(0, h - 30), h) for c in "，,；;。")
            if clause >= 0:
                start = clause + 1
            else:
                start = max(0, h - 12)
                while start > 0 and q[start - 1].isascii() and not q[start - 1].isspace():
                    start -= 1
            return "…" + clip(q[start:].lstrip(" ,，、;；"), limit - 1)
    return clip(q, limit)


def _frame_quote(text: str, lang: str) -> str:
    return f"「{text}」" if lang == "zh" else f"“{text}”"


def _sentence_start(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _lower_start(s: str) -> str:
    # Keep acronyms and names ("MFU and…", "ZeRO and FSDP") as they are.
    word = re.match(r"[A-Za-z]*", s).group()
    if len(word) > 1 and word[0].isupper() and word[1:].islower():
        return s[0].lower() + s[1:]
    return s


def _zh_cat(*parts: str) -> str:
    """Concatenate Chinese text, with the customary space between a Latin word and a hanzi."""
    out = ""
    for p in parts:
        a, b = (out[-1], p[0]) if out and p else ("", "")
        if a and ((_CJK.match(a) and b.isascii() and b.isalnum()) or (_CJK.match(b) and a.isascii() and a.isalnum())):
            out += " "
        out += p
    return out


# ------------------------------------------------------------------------------ cores


def _zh_core(text: str) -> str:
    s = _strip_parens(text).rstrip("。.；;")
    s = _QMARKS.sub("", _ZH_DIRECTIVE_TAIL.sub("", s))
    s = re.sub(r"(?<!你)自己", "你自己", _ZH_ASK_PREFIX.sub("", s)).replace("候选人", "你")
    s = re.split(r"[：:]", s, maxsplit=1)[0].strip() or s
    segments = [p for p in re.split(r"[；;]", s) if p.strip()] or [s]
    seg = next((p for p in segments if _ZH_Q.search(p)), segments[0]).strip()
    clauses = split_top(seg, ("，", ","))
    keep: list[str] = []
    for c in clauses:
        keep.append(c)
        if _ZH_Q.search(c):
            break
    last = keep[-1]
    items = split_top(last, ("、",))
    if sum(1 for i in items if _ZH_Q.search(i)) >= 2:
        first = next(n for n, i in enumerate(items) if _ZH_Q.search(i))
        last = "、".join(items[: first + 1])
    m = _ZH_SECOND_Q.search(last)
    if m and _ZH_Q.search(last[: m.start()]):
        last = last[: m.start()]
    keep[-1] = last
    return "，".join(keep).strip()


def _en_core(text: str) -> str:
    s = _strip_parens(text).rstrip(".;")
    s = _QMARKS.sub("", _EN_DIRECTIVE_TAIL.sub("", s))
    for pat, repl in _THIRD_PERSON:
        s = pat.sub(repl, s)
    s = s.split(":", 1)[0].strip() or s
    segments = [p.strip() for p in s.split(";") if p.strip()] or [s]
    seg = next((p for p in segments if _EN_WH.search(p)), segments[0])
    m = _EN_SECOND_Q.search(seg)
    if m and m.start() > 0:
        seg = seg[: m.start()]
    # "what A, B, and C look like, how to tell them apart": keep up to the second interrogative;
    # "a noun phrase, how to explain it": keep the noun phrase.
    commas = [m.start() for m in re.finditer(",", seg)]
    bounds = [0, *[c + 1 for c in commas]]
    wh_at = [n for n, start in enumerate(bounds)
             if _EN_WH.search(re.sub(r"^(?:and|or)\s+", "", seg[start:].lstrip()))]
    if wh_at and (wh_at[0] > 0 or len(wh_at) >= 2):
        cut = wh_at[0] if wh_at[0] > 0 else wh_at[1]
        seg = seg[: commas[cut - 1]]
    return _EN_NAMELY.sub("", seg).strip().rstrip(",")


def _strip_parens(s: str) -> str:
    """Drop parenthesised hints (they often hold the answer), but not the brackets of a formula."""
    def drop(m: re.Match) -> str:
        return m.group() if _MATH.search(m.group()[1:-1]) else " "

    s = _PAREN.sub(drop, s)
    s = re.sub(r"(?<=[\u3400-\u9fff，、。：；])\s+(?=[\u3400-\u9fff，、。：；？])", "", s)
    s = re.sub(r"\s+(?=[，、。：；？])", "", s)
    s = re.sub(r"\s+(?=[,.;:?])", "", s)
    return re.sub(r"\s{2,}", " ", s).strip()


def _first_clause(core: str, limit: int = 36) -> str:
    """A long Chinese statement without a question word is cut to its first clause: a question, not a lecture."""
    if len(core) <= limit:
        return core
    for i, ch in enumerate(core):
        if ch in "，,；;" and i >= 4:
            return core[:i].strip()
    return core


def _zh_question(core: str, own: bool = False) -> str:
    """One Chinese question from a core phrase; `own` frames it as the candidate's own part."""
    lead = "在你自己负责的那部分里，" if own else ""
    if not _ZH_Q.search(core):
        core = _first_clause(core)
    if _ZH_Q.search(core):
        if re.match(r"^[A-Za-z0-9][A-Za-z0-9 .+/-]*还是", core):
            core = "用的是 " + core
        return f"{lead}{core}？"
    if _ZH_NUMERIC.search(core) and not re.search(r"[、，,]", core):
        return _zh_cat(lead, re.sub(r"^具体\s+(?=[A-Za-z0-9])", "", core), "大概是多少？")
    if re.match(r"^(?:讲|说|谈|聊)", core):
        return _zh_cat(lead, "能", core, "吗？")
    return _zh_cat(lead, "能具体讲讲", core, "吗？")


def _en_question(core: str, own: bool = False) -> str:
    """One English question from a core phrase; `own` frames it as the candidate's own part."""
    lead = "In your own part of that work, " if own else ""
    so = _EN_SO_WH.match(core)
    if so:
        # "X happens, so how Y": keep the context as a statement, ask only Y.
        return f"{_sentence_start(so.group(1))}, so {lead.lower()}can you tell me {so.group(2)}?"
    choice = _EN_CHOICE.match(core)
    if _EN_WH.search(core):
        if _EN_SHORT_DIRECT.match(core) and len(core.split()) <= 3 and not _EN_VERB.search(core):
            q = _lower_start(core) if own else _sentence_start(core)
        else:
            q = f"can you tell me {_lower_start(core)}"
    elif choice and not _EN_VERB.search(core):
        q = f"was it {choice.group(1)} or {choice.group(2)}"
    elif _EN_NUMBERS.search(core) and "," not in core:
        q = "what were the " + re.sub(r"^(?:the|any)\s+", "", _lower_start(core))
    elif _EN_NUMERIC.search(core) and "," not in core and len(core.split()) <= 5:
        q = f"what were the numbers for {_lower_start(core)}"
    else:
        q = f"can you walk me through {_lower_start(core)}"
    return (lead + q if own else _sentence_start(q)) + "?"


def _pickup_lead(pickup: str | None, lang: str) -> str:
    if not pickup:
        return ""
    p = clip(_QMARKS.sub("", pickup).strip(), PICKUP_LIMIT)
    if not p:
        return ""
    return f"你刚才提到「{p}」。" if lang == "zh" else f"You mentioned “{p}”. "


# ------------------------------------------------------------------------------ public API


def is_askable(phrase: str) -> bool:
    """False for a probe that is an instruction to the interviewer ("flag candidates who…")."""
    core = phrase.strip()
    if not core:
        return False
    return not (_ZH_DIRECTIVE.search(_PAREN.sub("", core)) or _EN_DIRECTIVE.search(core))


def askable_probes(rule: Rule) -> list[str]:
    """The rule's probes to ask, in order: fragments of one en probe rejoined, interviewer notes dropped.

    The parser splits "how loss spikes, dropped GPUs, and NCCL timeouts were detected" on its
    commas; a wh-fragment followed by bare nouns and a passive clause is one probe again.
    """
    probes = list(rule.probes)
    out: list[str] = []
    i = 0
    while i < len(probes):
        p = probes[i]
        if re.match(rf"^{_WH}\b", p, re.I) and not _EN_PASSIVE_END.search(p):
            j = i + 1
            while j < len(probes) and not _EN_WH.search(probes[j]):
                if _EN_PASSIVE_END.search(probes[j]):
                    parts = probes[i : j + 1]
                    p = ", ".join(parts[:-1]) + (", and " if len(parts) > 2 else " and ") + parts[-1]
                    i = j
                    break
                if len(probes[j].split()) > 3:
                    break
                j += 1
        if is_askable(p):
            out.append(p)
        i += 1
    return out


def probe_question(probe: str, lang: str, pickup: str | None = None) -> str:
    """A rule probe ("显存省了多少", "the baseline") as one spoken question."""
    lang = lang_of(lang)
    q = _zh_question(_zh_core(probe)) if lang == "zh" else _en_question(_en_core(probe))
    return _pickup_lead(pickup, lang) + q


def rung_question(rung: str, lang: str, pickup: str | None = None) -> str:
    """A ladder rung as one spoken question (its first question when the rung holds several)."""
    return probe_question(rung, lang, pickup)


def opening_question(rule: Rule | None, topic: Topic, quote: str | None, lang: str,
                     focus: list[str] | None = None) -> str:
    """The first question of a chain: the résumé quote, then one question about the candidate's own part.

    Without a rule or a quote it is a topic-only opening from the ladder's first rung.
    """
    lang = lang_of(lang)
    basis = opening_basis(rule, topic)
    if rule is None or not quote:
        return topic_opening(topic, lang)
    shown = _frame_quote(clean_quote(quote, focus), lang)
    if lang == "zh":
        return f"你简历里写到{shown}。" + _zh_question(_zh_core(basis), own=True)
    return f"Your résumé says {shown}. " + _en_question(_en_core(basis), own=True)


def opening_basis(rule: Rule | None, topic: Topic) -> str:
    """What the opening asks about: the rule's first askable probe, else the topic's first rung."""
    probes = askable_probes(rule) if rule is not None else []
    if probes:
        return probes[0]
    return topic.ladder[0] if topic.ladder else topic.title


def topic_opening(topic: Topic, lang: str) -> str:
    """An opening for a topic the résumé does not show: name the area, ask its first rung."""
    lang = lang_of(lang)
    rung = topic.ladder[0] if topic.ladder else topic.title
    # A title like "The hardest problem and how it was solved" would read as a second question.
    title = _QMARKS.sub("", topic.title).strip()
    title = re.split(rf"\s+(?:and|or)\s+(?={_WH}\b)|(?:以及|还有|并且|同时)(?=为什么|怎么|如何|哪些|多少)", title)[0].strip()
    if lang == "zh":
        return _zh_cat("我们聊聊", title, "。") + rung_question(rung, lang)
    return f"Let's talk about {_lower_start(title)}. " + rung_question(rung, lang)
