"""Question wording, zh and en: a rule probe, a ladder rung or an opening as one spoken question.

Pack phrases are terse notes for interviewers ("显存省了多少", "the baseline", "what a checkpoint
stores, how often to save, and why…"). Each is cut to its first question (a compound rung is
several questions; the DESIGN lesson is that multi-question turns are the commonest defect),
stripped of parenthesised hints (they often give the answer away), and framed as natural speech:
a noun phrase is asked by its head ("X 的区别" → "X 有什么区别？", "the cost of X" → "What is the cost of X?"),
and an indirect English question becomes a direct one when that is safe ("how X was chosen" → "How was X chosen?").
The offline interviewer engine reuses these functions, so they take plain strings and models only.
"""

from __future__ import annotations

import re

from interviewer import lexicon
from interviewer import questions_en as E
from interviewer.skills import Rule, Topic
from interviewer.textutil import QUESTION_MARKS, split_top, strip_hints

QUOTE_LIMIT = 60
PICKUP_LIMIT = 40

_CJK = re.compile(r"[\u3400-\u9fff]")

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
# "找出慢节点的方法": a noun phrase, whatever question word sits inside its modifier ("是否在等数据的方法").
_ZH_NOUN_HEAD = re.compile(r"^(.+?)的(方法|手段|思路|过程|流程|做法|方式|依据|原因|区别|差别|差异|取舍|代价|内容|组成|"
                           r"顺序|时机|估算|实现|配置|约束|问题|瓶颈)$")
_ZH_LEADING_Q = re.compile(r"^(?:为什么|为何|怎么|怎样|如何|哪|什么|是否|有没有|是不是)")
# "长尾带来的问题" → "长尾带来哪些问题": only after a verb does "哪些" read naturally.
_ZH_VERB_END = re.compile(r"(?:带来|解决|导致|引起|遇到|碰到|包含|保存|记录|考虑|关注|分片)$")


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


def clean_quote(quote: str, focus: list[str] | None = None, limit: int = QUOTE_LIMIT, vocab=None) -> str:
    """A résumé line made fit to read aloud: no bullet, no question mark, clipped around `focus` terms."""
    q = re.sub(r"^\s*(?:[-*•·▪●◦]|\d{1,2}[.)、]|#+)\s*", "", quote.strip())
    q = QUESTION_MARKS.sub("", q).replace("「", "『").replace("」", "』").replace("“", "‘").replace("”", "’")
    q = re.sub(r"\s+", " ", q).strip().rstrip("。.;；,，")
    # NFKC turned "，：；" into ASCII; read aloud in a Chinese sentence they should look Chinese again.
    for ascii_mark, wide in ((",", "，"), (":", "："), (";", "；")):
        q = re.sub(rf"(?<=[\u3400-\u9fff）])\s*{ascii_mark}\s*|\s*{ascii_mark}\s*(?=[\u3400-\u9fff（])", wide, q)
    if _CJK.search(q):
        # "(Transformer Engine,per-tensor…)" in a Chinese line was "，"; "2,048" keeps its comma.
        q = re.sub(r"(?<!\d),(?=\S)|(?<=\d),(?=[^\d\s])", "，", q)
    if len(q) > limit:
        hits = _focus_spans(q, focus or [], vocab)
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


def _focus_spans(q: str, focus: list[str], vocab=None) -> list[tuple[int, int]]:
    """(start, length) of each focus term in `q`, literal or by its alias ("MFU 提升" ↔ "MFU 从 38% 提升到 47%")."""
    low = q.casefold()
    spans = {(low.find(t.casefold()), len(t)) for t in focus if t and t.casefold() in low}
    for term in focus:
        if term and term.casefold() not in low:
            spans.update(lexicon.matcher_for(term, vocab).spans(q))
    return sorted(spans)


def _frame_quote(text: str, lang: str) -> str:
    return f"「{text}」" if lang == "zh" else f"“{text}”"


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
    s = strip_hints(text).rstrip("。.；;")
    s = QUESTION_MARKS.sub("", _ZH_DIRECTIVE_TAIL.sub("", s))
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
    asking = [n for n, i in enumerate(items) if _ZH_Q.search(i)]
    # "数据怎么迁移、A 与 B 的取舍": what follows the first question is a second ask, not the list it asks about.
    # A leading "为什么 / 什么时候" scopes over the whole list ("为什么风控、医疗、金融场景要求…").
    scoped = bool(asking) and bool(_ZH_LEADING_Q.match(items[asking[0]]) or items[asking[0]].startswith("什么时候"))
    if len(asking) >= 2 or (asking and asking[0] < len(items) - 1 and not scoped):
        last = "、".join(items[: asking[0] + 1])
    m = _ZH_SECOND_Q.search(last)
    if m and _ZH_Q.search(last[: m.start()]):
        last = last[: m.start()]
    keep[-1] = last
    return "，".join(keep).strip()


def _first_clause(core: str, limit: int = 36) -> str:
    """A long Chinese statement without a question word is cut to its first clause: a question, not a lecture."""
    if len(core) <= limit:
        return core
    for i, ch in enumerate(core):
        if ch in "，,；;" and i >= 4:
            return core[:i].strip()
    return core


def _zh_noun_question(core: str) -> str | None:
    """A question for a noun phrase whose head says what kind of answer it wants ("X的区别" → "X有什么区别")."""
    m = _ZH_NOUN_HEAD.match(core)
    if not m or re.search(r"[，,；;]", core) or _ZH_LEADING_Q.match(core):
        return None
    if any(_ZH_Q.search(item) for item in split_top(m.group(1), ("、",))[:-1]):
        return None  # "数据怎么迁移、A 与 B 的取舍": the list already holds a question
    head_of, head = m.group(1).strip(), m.group(2)
    paired = re.search(r"[与和、]|以及", head_of)
    if head in ("区别", "差别", "差异"):
        return _zh_cat(head_of, f"有什么{head}？")
    if head == "取舍" and paired:
        return _zh_cat(head_of, "之间怎么取舍？")
    if head in ("代价", "原因", "依据") and not paired:
        return f"{core}是什么？"
    if head in ("方法", "手段") and not paired:
        return _zh_cat(head_of, f"有什么{head}？")
    if head == "估算":
        return _zh_cat(head_of, "怎么估算？")
    if head in ("实现", "配置"):
        return _zh_cat(head_of, f"是怎么{head}的？")
    if head == "组成":
        return _zh_cat(head_of, "由哪些部分组成？")
    if head in ("内容", "问题") and _ZH_VERB_END.search(head_of):
        return _zh_cat(head_of, f"哪些{head}？")
    return None


def _zh_question(core: str, own: bool = False) -> str:
    """One Chinese question from a core phrase; `own` frames it as the candidate's own part."""
    lead = "在你自己负责的那部分里，" if own else ""
    framed = _zh_noun_question(core)
    if framed:
        return _zh_cat(lead, framed)
    if _ZH_NOUN_HEAD.match(core) and not _ZH_LEADING_Q.match(core) and not re.search(r"[，,；;、]", core):
        return _zh_cat(lead, "能具体讲讲", core, "吗？")
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


def _pickup_lead(pickup: str | None, lang: str) -> str:
    if not pickup:
        return ""
    p = clip(QUESTION_MARKS.sub("", pickup).strip(), PICKUP_LIMIT)
    if not p:
        return ""
    return f"你刚才提到「{p}」。" if lang == "zh" else f"You mentioned “{p}”. "


# ------------------------------------------------------------------------------ public API


def is_askable(phrase: str) -> bool:
    """False for a probe that is an instruction to the interviewer ("flag candidates who…")."""
    core = phrase.strip()
    if not core:
        return False
    return not (_ZH_DIRECTIVE.search(strip_hints(core)) or E.DIRECTIVE.search(core))


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
        if re.match(rf"^{E.WH}\b", p, re.I) and not E.PASSIVE_END.search(p):
            j = i + 1
            while j < len(probes) and not E.EN_WH.search(probes[j]):
                if E.PASSIVE_END.search(probes[j]):
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


def asks(phrase: str) -> bool:
    """Whether a pack phrase is itself a question ("用了多久", "how it was chosen"), not a noun phrase."""
    return bool(_ZH_Q.search(phrase) or E.EN_WH.search(phrase.strip()))


def probe_question(probe: str, lang: str, pickup: str | None = None) -> str:
    """A rule probe ("显存省了多少", "the baseline") as one spoken question."""
    lang = lang_of(lang)
    q = _zh_question(_zh_core(probe)) if lang == "zh" else E.question(E.core(probe))
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
    shown = _frame_quote(clean_quote(quote, focus, vocab=topic.vocabulary), lang)
    return (f"你简历里写到{shown}。" if lang == "zh" else f"Your résumé says {shown}. ") + own_question(basis, lang)


def own_question(basis: str, lang: str) -> str:
    """The question an opening asks after its quote, about the candidate's own part."""
    return _zh_question(_zh_core(basis), own=True) if lang_of(lang) == "zh" else E.question(E.core(basis), own=True)


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
    title = QUESTION_MARKS.sub("", topic.title).strip()
    title = re.split(rf"\s+(?:and|or)\s+(?={E.WH}\b)|(?:以及|还有|并且|同时)(?=为什么|怎么|如何|哪些|多少)", title)[0].strip()
    if lang == "zh":
        return _zh_cat("我们聊聊", title, "。") + rung_question(rung, lang)
    return f"Let's talk about {E.title_in_sentence(title, topic)}. " + rung_question(rung, lang)
