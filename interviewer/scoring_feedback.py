"""One line of feedback per answer: this answer's most important missing point, in the pack's language.

The point is a sign of a solid answer the answer did not state (never one it covered, even in part), chosen by
how much of it the question asked for; the advice fits what the answer showed: after "I don't know" the point
itself, never a step deeper; after names, its mechanism and a number; after a mechanism, a trade-off, a check
or a real incident around it.
"""

from __future__ import annotations

import re
import weakref
from typing import TYPE_CHECKING

from interviewer.coverage import rule_subject
from interviewer.scoring_read import RATHER, norm
from interviewer.scoring_rubric import Point, Rubric, example_start, in_example
from interviewer.skills import Topic
from interviewer.textutil import has_cjk, split_top
from interviewer.vocabulary import FORM

if TYPE_CHECKING:  # pragma: no cover
    from interviewer.scoring import DangerHit
    from interviewer.scoring_level import Features
    from interviewer.vocabulary import Fact, Vocabulary

# A marker the answer touched this much is partly covered: naming it as "missing" would be wrong.
TOUCHED = 0.3
# Longest point named, in characters: English spends about half again as many on the same point as Chinese.
_CLIP = {"zh": 70, "en": 120}
# An aside follows a word and a space, or a Chinese character; a bracket inside a formula is part of it
# ("s·b·h·(34 + 5·a·s/h) bytes").
_ASIDE = re.compile(r"\s+[（(][^（）()]*[）)]|(?<=[\u4e00-\u9fff])[（(][^（）()]*[）)]")


# "知道 X" / "knows X": the point is X; the feedback names the point, not the rubric's framing of it.
_LEAD = re.compile(r"^(?:以及|还有|并且)?\s*(?:知道|能说出|能说清|能算出|能写出|能给出|能解释|能拆出|能列出|能估出|能当场算出|能当场|能画出|能讲|能把|"
                   r"能用|会用|能|会|有)?\s*|^(?:and\s+)?(?:knows?|can|names|gives|explains|writes|computes|estimates|uses|has|says)\s+",
                   re.I)


# A question that asks for a story of the candidate's ("最近一次事故…", "有没有遇到过…", "Tell me about a time…"), or
# for what came after one ("事后加了哪道防线？").
ASKS_STORY = re.compile(r"一次|遇到过|碰到过|那次|经历|案例|事后|\b(?:latest|last time|a time|one time|tell me about|walk me "
                        r"through (?:one|a real|the last)|you (?:handled|hit|saw|debugged|had)|real (?:case|incident)|"
                        r"incident|outage|afterwards)\b", re.I)


# A point that is a story of the candidate's, in the words the rubric's cues do not list ("has a record of one loss spike").
_STORY_POINT = re.compile(r"\ba record of one\b", re.I)


def _clip(text: str) -> str:
    """The point, cut to a length a line of feedback carries: its asides in brackets go first, then its end, at a word
    (never "…the method (c…" or "…and sets t…")."""
    text = _LEAD.sub("", " ".join(text.split())).rstrip("。.;；，,")
    limit = _CLIP["zh" if has_cjk(text) else "en"]
    if len(text) <= limit:
        return text
    text = _ASIDE.sub("", text)
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if not has_cjk(cut) and " " in cut:
        cut = cut[: cut.rfind(" ")]
    opened = max(cut.rfind("("), cut.rfind("（"))
    if opened > max(cut.rfind(")"), cut.rfind("）")):
        cut = cut[:opened]
    return cut.rstrip(" ，,、;；") + "…"


def _named(vocab: Vocabulary, text: str) -> frozenset[str]:
    """The concepts a text names itself, not the broader ones they imply unless in their own words ("exposed
    communication" names communication; "EP 度" does not name parallelism)."""
    said = norm(text)
    found = set(vocab.find(said)[0])
    broader = {b for c in found for b in vocab.closure(c)} - found
    found |= {b for b in broader if any(_says(said, f) for f in vocab.concepts[b].forms)}
    return frozenset("c:" + c for c in found)


def _rival(topic: Topic, vocab: Vocabulary, text: str, named_q: frozenset[str]) -> bool:
    """On a topic of two subjects, each a résumé rule's ("长上下文与 MoE 并行"), the point is about the other one than the
    question: "Ulysses 用 all-to-all 把序列切分换成头切分" for "专家数和 EP 度是怎么定的" (the all-to-all both use is no
    subject of the question). A point that names the question's side too is about it."""
    sides = _sides(topic)
    if len(sides) < 2:
        return False
    asked = {c[2:] for c in named_q}
    own = set(vocab.find(norm(text))[0])
    on = [i for i, side in enumerate(sides) if vocab.closed(asked) & side]
    return len(on) == 1 and not vocab.closed(own) & sides[on[0]] and any(
        vocab.closed(own) & side for i, side in enumerate(sides) if i != on[0])


def _sides(topic: Topic) -> list[frozenset[str]]:
    """The subjects of the topic's résumé rules, by their triggers' concepts (those they share left out)."""
    pack = topic.pack
    if pack is None or not pack.rules:
        return []
    key = (id(pack), topic.title)
    held = _SIDES.get(key)
    if held is None or held[0]() is not pack:  # (an id is reused once its pack is gone)
        from interviewer.plan import rule_topics  # (the plan links rules to topics; scoring runs without one)

        linked = rule_topics(pack)
        sides = [rule_subject(r.triggers, pack.vocabulary) for r in pack.rules if linked[r.index].title == topic.title]
        common = frozenset.intersection(*sides) if sides else frozenset()
        held = _SIDES[key] = (weakref.ref(pack), [side - common for side in sides if side - common])
    return held[1]


_SIDES: dict[tuple[int, str], tuple[weakref.ref, list[frozenset[str]]]] = {}


def _says(text: str, form: str) -> bool:
    if not form.isascii():
        return form in text
    return re.search(rf"(?<![a-z0-9]){re.escape(form)}(?![a-z0-9])", text) is not None


def _by_form(vocab: Vocabulary, text: str) -> dict[str, frozenset[str]]:
    """The concepts a question names only by a form of them: "FP8 的缩放粒度是怎么选的？" asks about FP8, not about
    precision, which BF16 and FP16 are forms of too."""
    named = vocab.forms_in(text)
    general = _named(vocab, FORM.sub(" ", text)) if named else frozenset()
    return {c: words for c, words in named.items() if "c:" + c not in general}


def missing_point(topic: Topic, rubric: Rubric, question_terms: frozenset[str], missed: list[str],
                  seen: dict[str, float], level: int | None, miss: bool = False,
                  offered: frozenset[str] = frozenset(), gap: frozenset[str] = frozenset(),
                  context: frozenset[str] = frozenset(), story: bool = True,
                  open_parts: dict[str, tuple[Point, ...]] | None = None, asking: str = "") -> tuple[str, bool, bool]:
    """The missed marker (or the clause of it) the question asked for most; the earliest one when it asked none;
    whether it is one that sets the answer's remedy aside; and whether the question asked for it at all.
    A point that sets aside the naive remedy the answer offered (`offered`: the terms of its flags) comes first:
    "先调小学习率" answered, the order of checks "而不是先调小学习率" is what to learn.

    After a miss ("没仔细量过，感觉不多吧") words of the point in passing do not cover it: the point is what to learn.
    `open_parts`: for markers the answer covered or touched, their clauses it did not touch (given below 3 only); one of
    those is offered where the question asked for its marker ("事后加了哪道防线？" answered with an alert: "并说出下次发现与
    定位各缩短到多久").
    `asking`: the words of what the question asks: a concept it names only as the broader concept of one of its own
    ("专家数和 EP 度" is of parallelism, as "Ulysses 用 all-to-all" is) is not asked by it."""
    best, best_score, best_instead, best_near, best_asked = "", -1.0, False, 0.0, False
    open_parts = open_parts or {}
    vocab = rubric.vocab
    by_form = _by_form(vocab, asking)
    named_q = _named(vocab, asking)
    # (Not by what the topic's title names, which every point of it shares: "MoE" covers long context in our pack.)
    own_line = frozenset(t for t in context - rubric.terms_of(topic.title) if t.startswith("c:"))
    # The question's concepts a point shares only in part, where a marker the answer covered shares them all and more:
    # "How was load balanced under the causal mask?", answered with the zigzag, asks nothing of the experts' balance.
    answered = _shared(rubric, question_terms, [m for m in topic.markers if m not in missed])
    for m in [*missed, *(m for m in open_parts if m not in missed)]:
        rather = RATHER.search(m)
        instead = bool(offered) and rather is not None and bool(rubric.terms_of(m[rather.end():]) & offered)
        # (The remedy's words are no cover of it.)
        touched = m not in missed or (seen.get(m, 0.0) >= TOUCHED and not miss and not instead)
        if touched and not open_parts.get(m):
            continue
        item = rubric.item(m)
        whole = _with_broader(rubric, item.whole.terms)
        for rank, point in enumerate(open_parts[m] if touched else (item.whole,) if instead else (item.whole, *item.parts)):
            if in_example(m, point.text):
                continue  # "1024 卡取 TP8 PP4 DP32" is the marker's example, not a point to learn
            terms = _with_broader(rubric, point.terms)
            # The rest of a point half said is what the question asked only when it asked for the point.
            asked_by = whole if touched else terms
            named = vocab.forms_in(point.text) if by_form else {}
            # A concept the question names by one form is asked by a point of that form; one of another form is near
            # it ("BF16 与 FP32 同为 8 位指数" for an FP8 question), one of the concept at large not even that.
            formed = {"c:" + c for c, words in by_form.items() if not named.get(c, frozenset()) & words}
            shared = (asked_by & question_terms) - formed
            # (Nor is a point on the topic's other subject asked by it, nor near it.)
            rival = bool(asking) and _rival(topic, vocab, point.text, named_q)
            if asking:  # (the question's own concepts, not the broader ones they imply)
                shared = frozenset() if rival else frozenset(t for t in shared
                                                             if not t.startswith("c:") or t in named_q)
            asked = sum(rubric.weight(t) for t in shared) + sum(rubric.weight(t) for t in terms & gap)
            if touched and not asked:
                continue
            if not story and ("incident" in item.cues or _STORY_POINT.search(m)):
                asked = 0.0  # a question on how it is done ("the order of checks when loss spikes") asks for no story
            # The résumé line the question quotes decides between points it asks for alike ("…65B MoE…专家并行…」。负载均衡
            # 用了什么手段？" is the experts' balance, not ring attention's under the causal mask).
            around = sum(rubric.weight(t) for t in asked_by & context) + sum(
                rubric.weight("c:" + c) for c in by_form if c in named)
            # Earlier markers are the basics; a weak answer needs those first, a strong one the later ones.
            order = (len(topic.markers) - topic.markers.index(m)) if (level or 1) <= 2 else topic.markers.index(m)
            # Between points asked alike, the one that says the question's own words ("定并行度的思路" asks "定并行度时先
            # 让显存装下", not "TP 跨机后…"; the ladder's rungs are written from the points).
            # (A point not said at all comes before the rest of one half said; of that rest, its least touched clause.)
            score = (asked * 10 + around + order * 0.1 + (0.05 if point is not item.whole else 0.0)
                     + (0.3 * _echo(asking, point.text) if asked else 0.0)
                     + (1000 if instead else 0) - (0.5 + rank * 0.01 if touched else 0.0))
            if score > best_score:
                shown = _rest(m, point.text) if touched else _shown(m, point.text)
                best, best_score, best_instead, best_asked = shown, score, instead, asked > 0
                # Near what the answer was asked: the question's terms (its concepts only, for a story it did not ask
                # for; not those a covered marker shares with it and more), the gap the answer left, or the résumé
                # line's own subject (a concept, not a word of it: "tokens"); not what the answer brushed in passing.
                # (The marker's subject is its parts' too: "有一次完整剖析：现象" is of the MFU the question asks about.)
                asked_here = shared if asked else frozenset() if rival else _concepts(whole & question_terms)
                if any(_concepts(asked_here) < other for other in answered):
                    asked_here -= _concepts(asked_here)
                best_near = sum(rubric.weight(t) for t in asked_here | (terms & gap) | (whole & own_line))
    # An answer at 3 or 4 is offered only a point of what was asked or of the résumé line: after the MoE line's load
    # balance, "Ulysses 用 all-to-all 把序列切分换成头切分" is another subject of the topic. (What the answer brushed in
    # passing is no sign: "tokens" and "all-to-all" said of CP put forward the experts' dispatch.)
    # So is one at 2 that named what was asked: the rest of the topic is no gap in it ("which computations stayed in
    # FP32?" answered with them is not taught the order of checks after a loss spike).
    if ((level or 0) >= 3 or (level == 2 and not miss)) and not best_near:
        return "", False, False
    return _clip(best), best_instead, best_asked


_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{3,}")
_WORD = re.compile(r"[a-z][a-z0-9-]+")
_STOP = frozenset("the a an of to in on at for and or is are be how what when why which with from by its it this that "
                  "your you can tell me walk through".split())


def _echo(asking: str, point: str) -> int:
    """How long a run of the question's own words the point says: Chinese characters past two, English content words
    past one (0 when none)."""
    q, p = norm(asking), norm(point)
    best = 0
    for run in _CJK_RUN.findall(q):
        for n in range(len(run), 2, -1):
            if n - 2 <= best:
                break
            if any(run[i:i + n] in p for i in range(len(run) - n + 1)):
                best = n - 2
                break
    qw = [w for w in _WORD.findall(q) if w not in _STOP]
    pw = " ".join(w for w in _WORD.findall(p) if w not in _STOP)
    for n in range(len(qw), 1, -1):
        if n - 1 <= best:
            break
        if any(" ".join(qw[i:i + n]) in pw for i in range(len(qw) - n + 1)):
            best = n - 1
            break
    return min(best, 3)


def _rest(marker: str, part: str) -> str:
    """The rest of a point half said: its clause, or the part alone where the clause is too long to show it
    ("…split the batch, the weights within a layer, the layers, the sequence, and the experts, and whether each
    relieves memory or compute" would be cut before the part left open)."""
    shown = _shown(marker, part)
    if len(_LEAD.sub("", shown)) <= _CLIP["zh" if has_cjk(shown) else "en"] or shown.find(part) <= 0:
        return shown
    return "…" + shown[shown.index(part):]


def _concepts(terms: frozenset[str]) -> frozenset[str]:
    return frozenset(t for t in terms if t.startswith("c:"))


def _with_broader(rubric: Rubric, terms: frozenset[str]) -> frozenset[str]:
    """Terms with the broader concepts their own imply: the question's "ZeRO" asks about a marker's "ZeRO-1"."""
    return terms | {"c:" + c for t in terms if t.startswith("c:") for c in rubric.vocab.closure(t[2:])}


def _shared(rubric: Rubric, terms: frozenset[str], markers: list[str]) -> list[frozenset[str]]:
    """The concepts of `terms` each of `markers` has."""
    return [_concepts(_with_broader(rubric, rubric.item(m).whole.terms) & terms) for m in markers]


_EN_CLAUSE = re.compile(r",\s+(?=(?:knows|knowing|uses|names|gives|explains|writes|computes|estimates|"
                        r"records|checks|compares|watches|merges|sends|reads|tells|splits|fits|bisects|times|fixes|"
                        r"keeps|sets|picks|measures|adds|cuts|avoids|retests|says|has|can)\b)")
# ...and items that share one predicate after them ("融合、CUDA graph、更大 micro batch…各压缩哪段时间", "一步由 rollout 生成、
# 奖励计算…、训练更新组成").
_LISTED = re.compile(r"(?:[：:]|拆成|分成|分为|包括|包含)[^，；;]*|[^，；;：:]*、[^，；;]*?(?:各(?!\s*(?:rank|卡|节点|机|worker))|分别|的顺序)[^，；;]*"
                     r"|由[^，；;：:]*?、[^，；;]*?组成")
_GOES_ON = re.compile(r"(?:并且|并|再|然后|而且|而|同时|and then|then|and|so|with|including|plus)(?![a-z])", re.I)


def _shown(marker: str, part: str) -> str:
    """The clause of the marker a part belongs to, as written (a part cut at a bracket reads as a fragment); the
    whole marker without its example ("…逐项解释它是怎么定下来的，如 70B、…1024 卡取 TP8 PP4 DP32" is no point to learn)."""
    # An English clause is set off by a comma before its verb ("…merges with online softmax, uses 2×CP chunks in a
    # zigzag assignment…"), as a Chinese one by "，"; a comma inside a list ("which slice of time fusion, CUDA graphs,
    # larger micro-batches…") sets off no clause.
    # The items a colon or "拆成" introduces are one point with it ("一次完整剖析：现象、定位到哪段、改了什么", "一次恢复拆成
    # 检测、重调度、拉镜像…各多久"), not "…：现象" or "一次恢复拆成检测"; so are items that share a predicate after them
    # ("融合、CUDA graph、更大 micro batch、少做重计算、调并行度各压缩哪段时间", not "更大 micro batch").
    listed = _LISTED.sub(lambda m: m.group().replace("、", "\x1e"), marker)
    pieces = [p.replace("\x1e", "、") for p in split_top(_EN_CLAUSE.sub("\x1f", listed), ("，", "；", ";", "、", "\x1f"))]
    for i, piece in enumerate(pieces):
        if part.strip() and part.strip() in piece and part.strip() != marker.strip():
            # "并说出下次发现与定位各缩短到多久", "再压通信与气泡" go on from the clause before: named with it.
            if i and _GOES_ON.match(piece.strip()):
                return pieces[i - 1].rstrip() + ("，" if has_cjk(piece) else ", ") + piece.strip()
            return piece
    example = example_start(marker)
    if example is None:
        return marker
    # An example in brackets mid-sentence is left out and the sentence kept ("规约顺序改变（如换 TP 度或通信算法）后不可能
    # 逐位一致" is not "规约顺序改变"); one that runs to the end is cut off.
    head = marker[:example]
    close = {"（": "）", "(": ")"}.get(marker[example])  # the example's match opens at its bracket, if any
    end = marker.find(close, example) if close else -1
    if end >= 0 and marker[end + 1:].strip(" ，,。."):
        return head.rstrip() + marker[end + 1:]
    return head.rstrip(" ，,（(")


def feedback(topic: Topic, rubric: Rubric, question_terms: frozenset[str], level: int | None, signal: str,
             f: Features, missed: list[str], seen: dict[str, float], dangers: list[DangerHit], lang: str,
             offered: frozenset[str] = frozenset(), gap: frozenset[str] | None = None, fact: Fact | None = None,
             context: frozenset[str] = frozenset(), story: bool = True, flagged: frozenset[str] = frozenset(),
             open_parts: dict[str, tuple[Point, ...]] | None = None, asking: str = "") -> str:
    """`offered`: the terms of the naive remedies the answer offered (the clauses its naive flags quote); `gap`: the
    terms of the sentences where the answer says it does not know part of it ("具体是 DP 的几倍我一时想不起来"), or
    None: a point it touched is still open, and the one the gap is about comes first. `fact`: the pack's fact a
    figure or a claim of the answer contradicts, said first. `flagged`: the terms of the pack's red flags the answer
    showed; below 3 the point they are about is the one to learn, touched or not ("sets a tolerance without measuring
    seed noise" is learnt from the seeds' spread, not from the causes of a hang)."""
    if level is None:
        return ""
    if fact is not None and level <= 2 and signal not in ("dont_know", "not_mine"):
        # The point to learn next is the one the fact is about ("通信 kernel 会占 SM…" after "NCCL 不占 GPU 的计算资源"),
        # as a gap in the answer would be.
        said = rubric.terms_of(fact.zh if lang == "zh" else fact.en)
        rest = feedback(topic, rubric, question_terms, level, signal, f, missed, seen, dangers, lang, offered,
                        (gap or frozenset()) | said, context=context, story=story, flagged=flagged,
                        open_parts=open_parts, asking=asking)
        if not fact.figure:  # a claim wrong whatever its figure
            return f"先把事实弄准：{fact.zh}。{rest}" if lang == "zh" else f"Get the facts right: {fact.en}. {rest}"
        return f"先把数字核对准：{fact.zh}。{rest}" if lang == "zh" else f"Check your figures: {fact.en}. {rest}"
    zh = lang == "zh"
    # At 1 nothing was shown: a point the answer brushed ("packing…反正本来就是 causal mask") is still the one to learn;
    # at 2 with no point shown and a red flag raised, the same ("compared the final loss, 2.31 against 2.30, so
    # basically identical" brushes the alignment point in the way the pack warns against).
    brushed = level == 1 or (level == 2 and not f.credited and bool(dangers))
    flagged = flagged if level <= 2 else frozenset()
    point, instead, asked = missing_point(topic, rubric, question_terms, missed, seen, level,
                                   signal in ("dont_know", "not_mine") or brushed or gap is not None or bool(flagged),
                                   offered, gap or frozenset(), context | flagged, story, open_parts, asking)
    rung = _clip(topic.ladder[0] if topic.ladder else topic.title)
    # A point the question did not ask for is the topic's to learn, not "the point of this question" ("Does it still
    # hold at larger scale?" names no point of the pack).
    if signal in ("dont_know", "not_mine"):
        if point and asked:
            return (f"这一题的要点是「{point}」：先弄懂它是怎么回事，再试着给出一个数字。" if zh else
                    f"The point of this question is \"{point}\": learn how it works, then try to put a number on it.")
        return (f"这个话题可以先弄懂「{point or rung}」，再试着给出一个数字。" if zh else
                f"A point of this topic to learn first: \"{point or rung}\", then try to put a number on it.")
    if f.off_question:
        if point and asked:
            return (f"回答没有扣住问题；这里要讲的是「{point}」。" if zh else
                    f"The answer did not address the question; it asked about \"{point}\".")
        return (f"回答没有扣住问题；这个话题可以先弄懂「{point or rung}」。" if zh else
                f"The answer did not address the question; a point of this topic to learn: \"{point or rung}\".")
    if level == 1:
        target = point or rung
        # The point may itself be a "how…" ("how a real configuration was chosen"): "explain how how…" reads badly.
        return (f"先把「{target}」讲清楚，带一个具体数字。" if zh else
                f"Work through \"{target}\", with one concrete number.")
    if level == 2:
        if instead:  # the naive remedy offered: the way the pack sets it aside
            return (f"别停在朴素的补救上：讲清「{point}」，并说出每一步看什么。" if zh else
                    f"Don't stop at the naive fix: explain \"{point}\", and what you look at in each step.")
        if gap is not None:
            lead = "把没说上来的那块补上：" if zh else "Fill in the part you left open: "
        elif f.claims and not f.credited:
            lead = "数字要有出处：" if zh else "Give the source of your numbers: "
        elif f.picked:  # the option the question offered, taken: no name was dropped, its numbers are missing
            return ("选择说清了，再用数字撑住：前后各是多少、在哪量的。" if zh else
                    "The choice is clear; now back it with numbers: what it was before and after, and where you "
                    "measured it.")
        else:
            lead = "把名词落到机制上：" if zh else "Go from names to mechanism: "
        if not point:
            return (f"{lead}讲清它是怎么起作用的、为什么这样做，带一个数字并说明它从哪来。" if zh else
                    f"{lead}explain how it works and why it was done that way, with a number and where it came from.")
        return (f"{lead}讲清「{point}」，带一个数字并说明它从哪来。" if zh else
                f"{lead}explain \"{point}\", with a number and where it came from.")
    if level == 3:
        if not f.numeric and f.cursory:  # the checks are there, told as a glance: what made the call?
            return ("把标准说具体：比了什么、哪个阈值决定去留、什么情况下回滚，而不是「简单看了一下」。" if zh else
                    "Make the criteria concrete: what you compared, which threshold decided, and when you would "
                    "roll back, rather than \"a quick check\".")
        if point:
            return (f"要到下一级需要判断：围绕「{point}」讲一次你做过的取舍、验证或真实事故。" if zh else
                    f"To show judgement, tell a trade-off you made, a check you ran or a real incident around "
                    f"\"{point}\".")
        return ("要到下一级需要判断：讲一次你做过的取舍、怎么验证的，或一次真实事故的经过。" if zh else
                "To show judgement, tell a trade-off you made, how you verified it, or how a real incident unfolded.")
    naive = next((d.signal for d in dangers), "")
    if naive:
        return (f"已经扎实；但要避免「{_clip(naive)}」。" if zh else f"Solid; but avoid \"{_clip(naive)}\".")
    if point:
        return (f"已经扎实；还可以补上「{point}」。" if zh else f"Solid; one point still open: \"{point}\".")
    if missed:  # every point left was touched in passing: none to name, but not all of them covered either
        return "已经扎实。" if zh else "Solid."
    return "已经扎实，要点都讲到了。" if zh else "Solid: every point of this topic was covered."
