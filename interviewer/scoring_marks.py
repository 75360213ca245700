"""Which signs of a solid answer an answer shows, and which red flags it raises, each with the clause that shows it.

A marker is credited only with a quote that carries its subject (its heaviest terms) and shows it: a number, a
formula, a mechanism word or a reason in the same few clauses, said in the candidate's own voice (not "没在生产
上用过", not inside a "我不知道"). Long markers hold several points ("…注入 MASTER_ADDR 与 rank 变量"): stating one
of them is stating the marker. A red flag is raised on the clause that says it, for the topic asked about and
for any other topic of the pack the answer strays into.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache, wraps

from interviewer import coverage as C
from interviewer import scoring_read as R
from interviewer import scoring_terms as T
from interviewer.scoring_rubric import (FORMULA_BRACKETS, Item, Point, Rubric, in_example, literal_terms, story_subject,
                                        term_concepts)
from interviewer.textutil import asks_back
from interviewer.vocabulary import Vocabulary

_NEG_EXPERIENCE = re.compile(T.NEGATED_EXPERIENCE)
_NAIVE_NEG = R.CUES["naive_neg"]
# "还不行就降到 1" is the next step if this one fails, not the remedy found wanting.
IF_NOT = re.compile(r"不行(?:就|的话|再)")


def naive_negated(sentence: str) -> bool:
    """The sentence (normalised) sets a naive remedy aside ("不能只调小学习率"), not escalates it."""
    return any(not IF_NOT.match(sentence, m.start()) for m in _NAIVE_NEG.finditer(sentence))


_NEGATION = R.cue_regex(("不能", "不是", "不等于", "不代表", "不可靠", "并不", "不会", "不需要", "不用", "无需", "而非",
                         "不可能", "isn't", "is not", "doesn't", "does not", "not the same", "misleading", "can't",
                         "cannot", "never", "rather than", "instead of", "neither", "nor", "no longer", "not",
                         "而不是", "不然", "否则", "只要", "即使", "even", "without it", "without that", "without this",
                         # what a mechanism keeps from happening ("so two jobs never each hold half": "to avoid half
                         # the pods holding GPUs"); Chinese markers say "避免" of what they describe, not as a denial
                         "avoid", "avoids", "prevent", "prevents"))
_ORDERED = re.compile(r"先[^，,。.；;]*[，,、；;]\s*再|\bfirst\b.*\bthen\b")
_CONFLATES = R.cue_regex(T.FLAG_CONFLATION)
APART = R.cue_regex(T.FLAG_APART)
_FORMULA = re.compile(r"[=≈][^，,；;]*[×÷*/]|[×÷*/][^，,；;]*[=≈]")
# (A unit's slash is no division: "每卡 1900 token/s", "400 GB/s".)
_OPERATION = re.compile(r"[=≈×÷*]|/(?!\s*(?:s|sec|second|step|gpu|卡|秒|步)\b)|乘|除|\b(?:divided|times|multiplied|over)\b")
_HAND = ("人工", "手动", "手工", "by hand", "manually")
BY_HAND = R.cue_regex(_HAND)
BY_HAND_SAID = R.cue_regex((*_HAND, "ssh", "登机器", "登上去", "登到", "找运维", "找平台", "看到了就", "ask the infra", "ask ops",
                             "ask the ops", "get a page", "got paged", "i ssh", "log in", "log into", "we resubmit",
                             "resubmit", "重新提交", "重提", "上机器", "值班", "on call", "on-call", "in the morning",
                             "第二天早上", "早上来了", "早上上班", "有人看一眼", "the next morning", "someone on the team would",
                             "someone would check"))
_SET_APART = re.compile(r"但|不过|可是|区别在于|不同在于|差别在于|不像|没有[^，。]{0,12}系数|"
                        r"\bno [^,.;]{0,24}\bfactor\b|\b(?:but|whereas|however|except|the difference|unlike)\b")
EQUATES = R.cue_regex(T.EQUATES)
# The two things named before, referred to as such ("两个其实是一个东西", "the two are the same thing").
_THE_TWO = re.compile(r"(?:这)?两(?:个|者)(?=\s*(?:其实|本来|就|都|是|没|一样|差不多))|二者|这俩|\bboth (?:are|is)\b|"
                      r"\bthe two (?:are|is)\b|\bthey(?:'re| are) (?:the same|basically|really|just)\b")
# Two things each defined in turn ("algbw is the algorithm bandwidth and busbw is the bus bandwidth", "A 是…，B 是…")
# are told apart, not equated.
_EACH_DEFINED = re.compile(r"\b(?:is|are|means)\b[^,，;；]*?(?:,|，|;|；|\band\b)\s*(?:the\s+)?(?!both\b|they\b|it\b)[\w-]+\s+"
                           r"(?:is|are|means)\b"
                           r"|是[^,，;；]*?[,，;；]\s*[\w-]+\s*(?:则|就)?是")


_RENAMED = re.compile(r"\bthe same (?:idea|thing|concept|technique) as\b|\bjust a different name\b|\bsame thing,? (?:just )?"
                      r"(?:a )?different names?\b|名字不一样而已|只是叫法不同|叫法不一样而已|换了个名字|只是名字不同|是一个东西|是一回事")


_FIGURES = re.compile(r"\s*(?:of|is|=|为|是)?\s*(\d+(?:\.\d+)?)")


def _across(said: str, named: frozenset[str]) -> bool:
    """A name the equation is said of comes before it ("algbw 就是 busbw", "busbw is just a theoretical number"); not
    "the 130B was BF16 from day one, after we'd watched a customer's FP16 13B job…", where "was" is of neither."""
    n = R.norm(said)
    first = [min((m.start() for m in re.finditer(re.escape(t[2:]), n)), default=len(n)) for t in named]
    # (Each with a figure of its own, and the two differ: a conversion, "an algbw of 200 on 8 GPUs is a busbw of 350".)
    own = [_FIGURES.match(n, at + len(t[2:])) for t, at in zip(named, first)]
    if all(own) and len({float(m.group(1)) for m in own}) == 2:
        return False
    # ("A 和 B 一样" has both before it: "BF16 和 FP32 一样是 8 位指数，FP16 只有 5 位" sets BF16 with FP32.)
    return any((max(first) if _BOTH_SAME.fullmatch(m.group()) else min(first)) < m.start() for m in EQUATES.finditer(n))


_BOTH_SAME = R.cue_regex(T.EQUATES_BOTH)


def _renamed(r: R.Reading, rubric: Rubric, item: Item) -> Credit | None:
    """One of two things called the other under another name, the other named just before ("sequence parallelism is
    exactly the thing for long sequences. It splits the sequence…, and that's the same idea as context parallelism,
    just a different name in different frameworks."): the clauses that say so."""
    two = frozenset(t for t in item.whole.terms if t.startswith("c:"))
    for i, cl in enumerate(r.clauses):
        n = R.norm(cl.text)
        if not _RENAMED.search(n) or _SET_APART.search(R.norm(r.sentences[cl.sent])):
            continue
        before = [x for x in r.clauses[:i + 1] if x.sent in (cl.sent, cl.sent - 1)]
        named = frozenset().union(*(clause_terms(r, rubric, x) for x in before)) & two
        if len(two) == 2 and named == two and clause_terms(r, rubric, cl) & two:
            part = [cl] + [x for x in r.clauses[i + 1:i + 2] if x.sent == cl.sent and _RENAMED.search(R.norm(x.text))]
            return Credit(item.text, window(r, rubric, part), item.whole, two, 1.0)
    return None


def conflation(signal: str) -> bool:
    """The red flag is of taking two things for one ("把上下文并行与序列并行混为一谈")."""
    return bool(_CONFLATES.search(R.norm(signal)))


_TWO_NAMES = R.cue_regex(T.TWO_NAMES)


def calls_them_one(sentence: str) -> bool:
    """The sentence says of two things named in it that they are one: "这两个其实是一回事", "名字不一样而已"."""
    n = R.norm(sentence)
    return bool((_THE_TWO.search(n) and equates(sentence)) or _TWO_NAMES.search(n)) and not _SET_APART.search(n)


_WORKED = re.compile(r"\btimes (?:about |roughly )?\d|[×*]\s*\d|乘以?\s*\d|除以\s*\d|\bdivided by \d|\bmultiplied by \d")


def equates(text: str) -> bool:
    """The text says two things are one ("BF16 和 FP16 其实差不多", "MFU is basically the GPU utilization")."""
    n = R.norm(text)
    # ("不一样：…" and "not the same" say the opposite.)
    return any(not _NOT_BEFORE.search(n, 0, m.start()) for m in EQUATES.finditer(n)) and not _EACH_DEFINED.search(n)


_NOT_BEFORE = re.compile(r"(?:不|没|并非|\bnot(?: quite| really| exactly)?|n't(?: quite| really| exactly)?)\s*$")


_FLAG_KINDS = {kind: R.cue_regex(words) for kind, words in (
    ("ignorance", T.FLAG_IGNORANCE), ("naive", T.FLAG_NAIVE), ("misconception", T.FLAG_MISCONCEPTION))}


@dataclass
class Window:
    """A few consecutive clauses of one sentence (or two short sentences): where a point can be shown."""

    sent: int
    clauses: list[R.Clause]
    text: str
    terms: frozenset[str]
    _said: frozenset[str] | None = None

    @property
    def named(self) -> frozenset[str]:
        """The concepts the window names itself (not their broader ideas)."""
        return frozenset("c:" + c for cl in self.clauses for c in cl.concepts)

    def said(self, vocab) -> frozenset[str]:
        """Its terms without the concepts only inferred from a number ("MFU 42%" does not say the FLOPs formula)."""
        if self._said is None:
            inferred = {t for cl in self.clauses for t in ("c:" + c for c in cl.concepts - cl.said)}
            named = frozenset("c:" + c for c in vocab.closed([c for cl in self.clauses for c in cl.said]))
            self._said = frozenset(t for t in self.terms if not t.startswith("c:") or t in named or t not in inferred)
        return self._said


@dataclass
class Credit:
    item: str
    window: Window
    point: Point
    matched: frozenset[str]
    coverage: float


def clause_terms(r: R.Reading, rubric: Rubric, cl: R.Clause) -> frozenset[str]:
    key = ("terms", id(rubric), cl.sent, cl.start)
    if key not in r.memo:
        concepts = r.vocab.closed([c for c in cl.concepts if r.vocab.kind(c) != "context"])
        r.memo[key] = frozenset({"c:" + c for c in concepts}) | rubric.literal(cl.text)
    return r.memo[key]


_WHOLE = 220  # a sentence longer than this is quoted by its clauses, never whole


def windows(r: R.Reading, rubric: Rubric) -> list[Window]:
    key = ("windows", id(rubric))
    if key in r.memo:
        return r.memo[key]
    out: list[Window] = []
    for i, sent in enumerate(r.sentences):
        cls = r.sentence_clauses(i)
        for lo in range(len(cls)):
            for hi in range(lo, min(lo + 3, len(cls))):
                out.append(window(r, rubric, cls[lo : hi + 1]))
        if len(cls) > 3 and len(sent) <= _WHOLE:
            out.append(window(r, rubric, cls, sent))
        if i + 1 < len(r.sentences) and len(sent) <= 120 and len(r.sentences[i + 1]) <= 120 and cls:
            nxt = r.sentence_clauses(i + 1)
            if nxt:
                out.append(window(r, rubric, cls + nxt, sent + " " + r.sentences[i + 1]))
    r.memo[key] = out
    return out


def said_terms(r: R.Reading, rubric: Rubric) -> frozenset[str]:
    """Every term the answer says, in any of its windows (read once per answer and rubric)."""
    key = ("said_terms", id(rubric))
    if key not in r.memo:
        r.memo[key] = frozenset().union(*(w.terms for w in windows(r, rubric)))
    return r.memo[key]


def window(r: R.Reading, rubric: Rubric, part: list[R.Clause], text: str | None = None) -> Window:
    """The window of these consecutive clauses (of one sentence unless `text` spans two)."""
    if text is None:
        text = r.sentences[part[0].sent][part[0].start : part[-1].end].strip()
    return Window(part[0].sent, part, text, frozenset().union(*(clause_terms(r, rubric, c) for c in part)))


def shows(r: R.Reading, w: Window, matched: frozenset[str], point_terms: frozenset[str] = frozenset()) -> bool:
    """A number, a formula, a mechanism word or a reason beside the point; never a sentence that only claims a result.

    Without a vocabulary (no word is known to be a mechanism) a statement rich in the point's own terms counts too.
    """
    from interviewer.scoring_level import claim_clause

    if all(claim_clause(r, cl) for cl in w.clauses):
        return False  # "MFU 做到了 60%，属于业界领先" shows no point, whatever words it shares with one
    if _evidence(r, w.clauses, point_terms):
        return True
    return _rich(r, matched)


def _rich(r: R.Reading, matched: frozenset[str]) -> bool:
    """Three of the point's own terms with a mechanism among them is a statement of it ("ZeRO-1 切优化器状态，
    ZeRO-2 再切梯度"); without a vocabulary no word is known to be a mechanism, so three terms are enough."""
    mech = any(r.vocab.kind(t[2:]) == "mech" for t in matched if t.startswith("c:"))
    return (len(matched) >= 3 and (mech or not r.vocab.concepts)) or len(matched) >= 5


_REASONS = tuple(R.CUES[k] for k in ("causal", "tradeoff", "contrast", "sequence"))


def _evidence(r: R.Reading, clauses: list[R.Clause], point_terms: frozenset[str]) -> bool:
    """A number, a mechanism word besides the point's own subject ("Weight sync is done through the framework"
    only names it), or a reason, a weighing or the steps of a procedure ("…, then replay that batch") in these
    clauses themselves: a reason elsewhere in the sentence is not in the quote."""
    for cl in clauses:
        # Settings are not a point's evidence ("TP=8、PP=8，剩下的给 DP" shows no failure condition of either).
        if any(k not in ("bare", "config") for k in cl.numbers):
            return True
        if any(r.vocab.kind(c) == "mech" and "c:" + c not in point_terms for c in cl.said):
            return True
        n = R.norm(cl.text)
        if any(rx.search(n) for rx in _REASONS) or (cl is not r.sentence_clauses(cl.sent)[0] and R.SO.match(n)):
            return True
        # What a name means, said after it ("DCGM_FI_PROF_SM_ACTIVE, which is how many SMs have something running").
        if cl is not r.sentence_clauses(cl.sent)[0] and _DEFINES.match(n):
            return True
    return False


_DEFINES = re.compile(r"(?:which|that) (?:is|shows|means|measures|counts|tells)\b|i\.e\.|也就是|表示|代表|意思是|看的是")


def negated(w: Window) -> bool:
    """Said as not the candidate's own: "我不知道…", "没在生产上用过", "never used it"."""
    return any(cl.cues.get("dont_know") for cl in w.clauses) or bool(_NEG_EXPERIENCE.search(R.norm(w.text)))


_UNIT_OF = re.compile(r"^n:[\d.]+(\D.*)$")


def _distinct(terms) -> int:
    """How many terms, a number counted once with or without its unit ("64 卡" is n:64 and n:64卡)."""
    return len({_value(t) for t in terms})


@lru_cache(maxsize=8192)
def _value(term: str) -> str:
    m = _NUMBER_VALUE.match(term)
    return m.group(1) if m else term


_NUMBER_VALUE = re.compile(r"^(n:[\d.]+)\D")


def _match(rubric: Rubric, point: Point, terms: frozenset[str]) -> tuple[frozenset[str], float]:
    """The point's terms found, with their weight. A marker's figure is an example ("p=8、m=32 时约 18%"): the
    answer's own figure in the same unit stands for one of them, at half weight."""
    hit = point.terms & terms
    weight = sum(rubric.weight(t) for t in hit)
    units = {m.group(1) for t in terms if (m := _UNIT_OF.match(t))}
    for t in sorted(point.terms - hit):
        m = _UNIT_OF.match(t)
        if m and m.group(1) in units:
            hit |= {t}
            weight += 0.5 * rubric.weight(t)
            units.discard(m.group(1))
    return hit, weight


def _fits(rubric: Rubric, point: Point, hit: frozenset[str], weight: float, whole: bool, strict: bool) -> bool:
    if len(hit) < min(2, len(point.terms)) or point.weight <= 0:
        return False
    if len(point.terms) == 1:
        return next(iter(point.terms)).startswith("c:") and point.terms <= hit  # "有通信占比数字": the concept
    if not whole and len(point.terms) >= 4 and len(hit) < 3:
        return False  # a clause of a marker ("并用 NVLink 带宽换算成时间") is not met by two common words of it
    if not whole and not any(rubric.specific(t) for t in hit if t in point.terms):
        return False  # nor a short one ("逐参数分片") by the field's commonest words ("参数", "分片")
    cov = weight / point.weight
    need = (0.6 if len(point.terms) <= 3 else 0.4) if whole else 0.55
    if not whole and len(hit) >= 3 and point.key in hit:
        need = 0.42  # its subject and two more of its words: a paraphrase ("桶太小，启动延迟占比高")
    if strict:
        need += 0.1
    # The point's subject must be there: its heaviest term, or most of the point in three terms or more.
    heavy = point.key in hit or weight >= 0.7 * point.weight or (len(hit) >= 3 and cov >= 0.5)
    return heavy and cov >= need and weight >= rubric.min_weight


def best(r: R.Reading, rubric: Rubric, item: Item, strict: bool = False, short: bool = False,
         accept=None, given: frozenset[str] = frozenset(), offered: bool = False) -> Credit | None:
    """The window that shows the item best (highest coverage, then the shortest) and that `accept` takes.

    `given` are the question's terms: a question that names the subject ("为什么要 gang 调度？") lets the answer
    leave it out, but the answer itself must still say two of the point's terms.
    """
    found: Credit | None = None
    # Two of the point's words in the answer itself: not the question's, and not a number, which only supports a
    # point ("64 卡" alone is no statement about per-GPU memory); where the marker asks for a figure ("能算出 …
    # 约 1.1 TB") the figure is the point. Character pairs support a match but do not make one when the point
    # names things.
    points = []
    # A procedure ("先看 GPU 空隙，再看通信是否暴露…") is shown by two of its steps at least, not by one alone.
    parts = item.parts
    if parts and _ORDERED.search(R.norm(item.text)):
        said = said_terms(r, rubric)
        parts = parts if sum(1 for p in parts if p.key in said) >= 2 else ()
    # A figure in brackets is the marker's premise ("在 H100（稠密 BF16 约 989 TFLOPS）上…约为每卡 9.4K token/s"):
    # repeating it computes nothing.
    parts = tuple(p for p in parts if not (_aside(item, p) and any(t.startswith("n:") for t in p.terms)))
    # A clause of the marker's example ("如 70B、…、1024 卡取 TP8 PP4 DP32") stands for the candidate's own case, told
    # with its figures; its names and one number ("单机 8 卡上跑过 DDP，TP、PP") are no case.
    examples = frozenset(p for p in parts if in_example(item.text, p.text))
    # An example, or a thing a marker lists in brackets, stands for the marker only where the answer speaks of what it
    # is an example of: "so a synchronous save took 3 to 4 minutes…blocking only for the 25-second copy" gives no
    # save interval "such as every 15 minutes with 30 seconds of blocking" without a word of Young-Daly, the MTBF or
    # failures; "写成 tar 分片" knows nothing of small files "改用大分片格式（tar 分片、…）" without a word of them.
    # (Not a formula's brackets: "tokens/s × 6N ÷ (GPU count × per-GPU dense peak)" is one formula.)
    leaves = examples | frozenset(p for p in parts if _aside(item, p) and not _OPERATOR.search(p.text))
    if leaves:
        # (What it is an example of, where the marker names it by a concept few of its texts use: "explains how a real
        # configuration was chosen, e.g. …" is met by the case told.)
        head = frozenset(t for t in item.whole.terms - frozenset().union(*(p.terms for p in leaves))
                         if t.startswith("c:") and rubric.specific(t))
        if head and not head & (said_terms(r, rubric) | given):
            parts = tuple(p for p in parts if p not in leaves)
    for point in (item.whole, *parts):
        words = point.terms if "number" in item.cues else frozenset(t for t in point.terms if not t.startswith("n:"))
        # A remedy offered for what the question named need not name it again ("Have you seen a job hang?" -
        # "we kill the job and restart it"): its own words are what the answer must say.
        need = min(2, _distinct(words - given) if offered else _distinct(words))
        points.append((point, words, need, any(not t.startswith("z:") for t in words)))
    figures = "number" in item.cues  # "能算三级各省的显存": "每卡 29 GB" says the memory it computes
    # The figures of its premise ("（稠密 BF16 约 989 TFLOPS）") repeated compute nothing of the point.
    premise = _premise(item.text)
    # A clause of the marker with a formula is not shown by a window that names what another clause is about instead
    # of its own subject: "GPipe…气泡大概是 (p-1)/m" is no "1F1B…气泡仍是 (p-1)/(m+p-1)".
    subjects = _formula_subjects(item)
    for w in windows(r, rubric):
        if short and len(w.clauses) > 4:
            continue
        operated = bool(_OPERATION.search(R.norm(w.text)))
        taken_over = bool(_TAKEN_OVER.search(R.norm(w.text)))
        figures_here = (len({t for t in w.terms if t.startswith("n:") and t[2:].replace(".", "").isdigit()})
                        if examples else 0)
        own_terms = w.terms - premise if premise else w.terms
        for point, words, need, named in points:
            if point in subjects and _about_another(*subjects[point], w.terms):
                continue
            if not operated and _FORMULA.search(point.text):
                continue  # "能写出 MFU = 每秒 token 数 × 6N ÷ …" is shown by a computation, not by "MFU 38%"
            if point in examples and figures_here < 2:
                continue
            if words <= given and not (item.whole.terms - given) & own_terms:
                continue  # the question's own subject said back, nothing of the marker beside it ("gang 调度是跟优先级那种一回事吗？")
            other = _other_unit(point.terms, w.terms) if point in examples else frozenset()
            if other:
                words = words - other  # "1024 卡" is no "全局 batch 1024 条": that figure is not said
            said = words & (w.terms if len(words) == 1 or figures else w.said(r.vocab))
            said -= _model_sizes(point.terms, said, w)
            if taken_over and any(t.startswith("n:") for t in w.terms & point.terms):
                continue  # "I remember it's like 16 bytes per parameter…, that's the number everybody uses"
            if len(said) < need or _distinct(said) < need:
                continue
            if named and all(t.startswith("z:") for t in said):
                continue
            # A point naming several things is not met by one of them and a character pair ("权重同步" and "训练"
            # for "权重同步要从训练侧 FSDP 或 TP 布局重排为推理引擎的 TP 布局").
            if sum(not t.startswith("z:") for t in said) < min(2, sum(t.startswith("c:") for t in words) - 2):
                continue
            hit, weight = _match(rubric, point, (own_terms - other) | given)
            if not _fits(rubric, point, hit, weight, point is item.whole, strict) or not point.exact <= w.named:
                continue
            c = Credit(item.text, w, point, hit, weight / point.weight)
            if found is not None and _rank(rubric, item, c) <= _rank(rubric, item, found):
                continue
            if accept is None or accept(c):
                found = c
    return found


_OPERATOR = re.compile(r"[×÷*/=+·]")
# A figure said to be the one everybody uses is taken over, not worked out: it shows no point of its own.
_TAKEN_OVER = R.cue_regex(T.EVERYONE_USES)
_MODEL_SIZE = re.compile(r"n:(\d+(?:\.\d+)?)b")


def _model_sizes(point: frozenset[str], said: frozenset[str], w: Window) -> frozenset[str]:
    """A model's size is the setting of a point that works out other figures, not one of them: "the same 7B config…;
    MFU was 6N times tokens per second divided by peak FLOPs" computes nothing of "a 7B model at 40% MFU on H100 is
    about 9.4K tokens/s per GPU". (Worked on in its clause it is: "70B 乘 16 就是 1.12 TB".)"""
    sizes = {m.group(1) for t in said if (m := _MODEL_SIZE.fullmatch(t))}
    sizes = {x for x in sizes if not any(x in cl.text and _OPERATION.search(R.norm(cl.text)) for cl in w.clauses)}
    if not sizes:
        return frozenset()
    setting = frozenset(t for t in said if t.startswith("n:") and t[2:].rstrip("b") in sizes)
    others = {t for t in point if t.startswith("n:") and t[2:].rstrip("b") not in sizes}
    return setting if others and not others & said else frozenset()


def _names_of(point: Point) -> frozenset[str]:
    """The names a clause of a marker gives its subject: words of a name ("GPipe", "1F1B"), not figures or formulas."""
    return frozenset(t for t in point.terms if t.startswith("w:") and len(t) > 4 and not re.search(r"[-+*/=]", t))


@lru_cache(maxsize=1024)
def _formula_subjects(item: Item) -> dict[Point, tuple[frozenset[str], frozenset[str]]]:
    """For each clause of a marker that holds a formula: its own names, and the names of the marker's other clauses."""
    formulas = [p for p in item.parts if FORMULA_BRACKETS.search(p.text)]
    if not formulas:
        return {}
    names = {p: _names_of(p) for p in item.parts}
    return {p: (names[p], frozenset().union(*(n for q, n in names.items() if q is not p)) - p.terms) for p in formulas}


def _about_another(own: frozenset[str], others: frozenset[str], said: frozenset[str]) -> bool:
    """The window names another clause's subject and none of this clause's own names."""
    return bool(own) and bool(others & said) and not own & said


def _other_unit(point: frozenset[str], window: frozenset[str]) -> frozenset[str]:
    """The figures of a marker's example the window says only in a unit the example does not give them: the same
    digits, another quantity ("从 512 卡扩到 1024 卡" says no "全局 batch 1024 条"). (Outside an example a bare figure
    may be the one the answer gives a unit: "4+12/N" is "12 bytes".)"""
    out = set()
    for t in point:
        if t.startswith("n:") and t in window and t[2:].replace(".", "").isdigit():
            units = {u for u in window if u.startswith(t) and len(u) > len(t) and not u[len(t)].isdigit()
                     and u[len(t)] != "."}
            if units and not units & point:
                out.add(t)
    return frozenset(out)


def _rank(rubric: Rubric, item: Item, c: Credit) -> tuple:
    """Most of the whole marker shown, then the best-covered clause of it, then a number, then the shortest."""
    whole = sum(rubric.weight(t) for t in item.whole.terms & c.window.terms)
    # A longer window must earn its length: each clause beyond the first costs a little of what it shows.
    whole *= 1 - 0.08 * (len(c.window.clauses) - 1)
    number = _numbered(c.window.clauses)
    return (round(whole, 6), round(_weight(rubric, c), 6), round(c.coverage, 6), number, -len(c.window.text))


def _weight(rubric: Rubric, c: Credit) -> float:
    return sum(rubric.weight(t) for t in c.matched)


def _numbered(clauses: list[R.Clause]) -> bool:
    return any(k != "bare" for cl in clauses for k in cl.numbers)


def _figured(r: R.Reading, clauses: list[R.Clause]) -> bool:
    """A figure in a clause that claims no result."""
    from interviewer.scoring_level import claim_clause

    return any(k != "bare" for cl in clauses if cl.numbers and not claim_clause(r, cl) for k in cl.numbers)


def _figure_before(r: R.Reading, w: Window) -> bool:
    """The figure stated just before, in a short sentence of its own, that this one says how it was got ("About 11%
    of the step. I summed the gaps on the compute stream…")."""
    if w.sent == 0 or w.clauses[0] is not r.sentence_clauses(w.sent)[0]:
        return False
    prev = r.sentence_clauses(w.sent - 1)
    return len(r.sentences[w.sent - 1]) <= 40 and _numbered(prev)


def _figure_after(r: R.Reading, w: Window) -> bool:
    """The figure of what was just told, in a short sentence right after that points back to it ("We log how long the
    dataloader takes… That was 8% of the step before.", "…原来这部分占 step 的 8%。")."""
    last = w.clauses[-1].sent
    if last + 1 >= len(r.sentences) or w.clauses[-1] is not r.sentence_clauses(last)[-1]:
        return False
    nxt = r.sentences[last + 1]
    return len(nxt) <= 40 and bool(_THAT_WAS.match(R.norm(nxt).lstrip())) and _numbered(r.sentence_clauses(last + 1))


_THAT_WAS = re.compile(r"(?:原来|之前|以前)?(?:这|那)(?:部分|块|个|些)?|(?:that|this|it)\b", re.I)
_AFTER_STORY = re.compile(T.AFTER_STORY)
_HYPOTHETICAL = R.cue_regex(T.HYPOTHETICAL)
_DONE = R.cue_regex(T.DONE)


_STANDING = re.compile(r"自动|\bautomatic")


def _after_start(r: R.Reading) -> int | None:
    """The sentence that opens the part of a story told after the fix ("之后把 NCCL 超时调到 10 分钟…")."""
    key = ("after",)
    if key not in r.memo:
        r.memo[key] = next((i for i, s in enumerate(r.sentences) if _AFTER_STORY.match(R.norm(s).lstrip())), None)
    return r.memo[key]


_ASKS_AFTER = re.compile(r"事后|之后加|后来加|afterwards?\b|since then|after (?:that|the fix|the incident)", re.I)


def asked(r: R.Reading, question: str) -> None:
    """What the question asks, as the markers read the answer. One that asks what came after ("What safeguard was
    added afterwards?", "事后加了哪道防线？") is answered by what came after from the first sentence on. One that asks
    only a figure ("最近一次事故从发现到定位用了多久？") is answered by it: one sentence giving it, the incident named
    ("上个月一次 hang，从告警到定位到具体 rank 大概 40 分钟。"), walks through no investigation."""
    if _ASKS_AFTER.search(question):
        r.memo[("after",)] = 0
        r.memo[("asked_after",)] = True
    if question and len(r.sentences) < 2 and C.ask_kinds(question) <= C.FIGURE_ASKS:
        r.memo[("figure_in_a_sentence",)] = True


def _cues_met(r: R.Reading, item: Item, w: Window) -> bool:
    """What the marker's wording asks for beyond its subject: a story, a number, a trade-off, what came after."""
    sentence = R.norm(r.sentences[w.sent])
    # The candidate's own story: said with "we", or told as one ("上次那次是 rank 517…": Chinese drops the subject).
    # (Asked what was added afterwards, the story is the question's: "事后加了哪道防线？" - "给数据读取加了超时和校验…" tells
    # the safeguard of "事后把排查固化成防线" in no first person, as "Data reads got a timeout…" does in English.)
    asked_after = r.memo.get(("asked_after",)) and "after" in item.cues
    if "incident" in item.cues and not asked_after and not ((r.has("first_person") or r.has("incident"))
                                                            and (r.has("incident") or r.has("incident_weak"))):
        return False
    if "incident" in item.cues and r.memo.get(("figure_in_a_sentence",)):
        return False  # (the figure asked for, said of the incident, is no story of it)
    # A figure the marker asks for is not a result claimed ("整体训练快了 30% 左右" is no measured data-wait share).
    if "number" in item.cues and not (_figured(r, w.clauses) or _figure_before(r, w) or _figure_after(r, w)):
        return False
    if "tradeoff" in item.cues and not (R.CUES["tradeoff"].search(sentence) or R.CUES["contrast"].search(sentence)):
        return False
    if _DONE.search(R.norm(item.text)) and _HYPOTHETICAL.search(sentence):
        return False  # what one would do shows nothing one has done
    return _after_ok(r, item, w)


def _after_ok(r: R.Reading, item: Item, w: Window) -> bool:
    """What was added afterwards is told after the story says so: the alert that opened it is not its safeguard."""
    if "after" not in item.cues:
        return True
    after = _after_start(r)
    if after is None:
        # No part told after the fix: the window must name a safeguard standing ("超时会触发自动 dump…"), not a time
        # of the incident itself ("从发现到定位大概 25 分钟" is no "下次…缩短到多久").
        text = R.norm(w.text)
        return bool(R.CUES["safeguard"].search(text) or _STANDING.search(text))
    return w.sent >= after


def credit_markers(r: R.Reading, rubric: Rubric, markers: list[str],
                   given: frozenset[str] = frozenset()) -> tuple[list[Credit], dict[str, float]]:
    """Markers the answer shows, each with its window; and for every marker the best coverage seen at all.

    One clause shows one point: when the same clause would be quoted for several markers, the marker it shows
    best keeps it and the others need a clause of their own (unless the clause states them almost word for word).
    """
    # The question's figures are not the candidate's: "Your résumé says “raised MFU from 38% to 47%”" names the
    # subject, but its numbers stand for no figure a marker asks for.
    # Nor do they, said back with nothing worked from them ("70B 的模型的话，…"), show a part of a marker that is only
    # figures ("如 70B"); worked with ("you need 7/(m+7) < 0.05" to "how would you get it under 5%?") they may.
    said_back = frozenset(t for t in given if t.startswith("n:"))
    given = given - said_back
    seen: dict[str, float] = {}
    first: dict[str, Credit] = {}

    def ok(item: Item, c: Credit) -> bool:
        return _ok(r, rubric, item, c) and not (said_back and c.matched <= said_back
                                                 and not _OPERATION.search(R.norm(c.window.text)))

    for m in markers:
        item = rubric.item(m)
        c = best(r, rubric, item, accept=lambda c, item=item: ok(item, c), given=given)
        seen[m] = c.coverage if c else _loose(r, rubric, item)
        if c is None and "after" in item.cues and (r.has("incident") or r.has("incident_weak")) and _after_start(r) is None:
            seen[m] = 0.0  # what was added afterwards, in a story that tells nothing after the fix, is still to tell
        if c is not None:
            first[m] = c
    credited: dict[str, Credit] = {}
    used: set[tuple[int, int]] = set()
    strength = {m: _rank(rubric, rubric.item(m), c) for m, c in first.items()}
    for m in sorted(first, key=lambda m: (strength[m], -markers.index(m)), reverse=True):
        item = rubric.item(m)
        c = first[m]
        if core(r, rubric, c) & used and not _verbatim(c):
            c = best(r, rubric, item, given=given, accept=lambda c, item=item: ok(item, c) and (
                _verbatim(c) or not core(r, rubric, c) & used))
        if c is not None:
            credited[m] = c
            used |= core(r, rubric, c)
    for m in markers:
        if m not in credited and "incident" in rubric.item(m).cues:
            c = _story(r, rubric, rubric.item(m))
            if c is not None:
                credited[m] = c
                seen[m] = max(seen.get(m, 0.0), c.coverage)
    return [credited[m] for m in markers if m in credited], seen


def _story(r: R.Reading, rubric: Rubric, item: Item) -> Credit | None:
    """A marker that asks for a story ("有一次…的时间线", "walks through one hang") is met by the candidate's own
    story about it: told in the first person or as "有一次/last month…", with its numbers, and on the marker's
    subject (a term of it in the story). The quote is the sentence that opens the story."""
    # Asked only what came after, the answer tells no walk through the incident itself.
    if r.memo.get(("asked_after",)) and "after" not in item.cues:
        return None
    if r.memo.get(("figure_in_a_sentence",)):
        return None
    # A story: told as one ("有一次", "last month") or in the first person with what changed ("went to 42%").
    changed = r.has("outcome") or any(R.FROM_TO.search(R.norm(s)) for s in r.sentences)
    if not (r.has("incident") or (r.has("first_person") and (changed or r.has("incident_weak")))):
        return None
    # What the marker's story is of, named before its details ("能讲一次完整的 hang 排查（怎么发现…）", "有一次完整剖析：
    # 现象…"): a story of a slow NIC is no hang story, a baseline's MFU no profiling story; nor is one told as "with no
    # error and no hang".
    if not story_subject(item.text, r.vocab) <= r.concepts - r.denied:
        return None
    everything = said_terms(r, rubric)
    hit = item.whole.terms & everything
    # On the marker's subject: two of its words, not only character pairs ("逐位一致" is no hang's "不一致"), and a
    # word of it few of the rubric's texts use or enough of its words together ("rank" is in a dozen markers: a
    # story about checkpoint files per rank is no hang story).
    about = any(rubric.specific(t) and not t.startswith(("z:", "n:")) for t in hit) or sum(
        rubric.weight(t) for t in hit) >= rubric.min_weight
    # Or a concept of it nearly that rare on its own ("慢节点" for a slow-node story; "rank" is a word, not one).
    named = any(t.startswith("c:") and rubric.weight(t) >= 0.9 * rubric.min_weight for t in hit)
    if not named and (len(hit) < 2 or all(t.startswith("z:") for t in hit) or not about) or r.numbers < 1:
        return None
    # The sentence of the story that says most of the marker (its steps, its numbers), else the one opening it.
    # A sentence told with the marker's own story word ("事后把排查固化成防线": "事后加了每天跑 nccl-tests 的巡检") is the
    # part of the story the marker asks for.
    told = set(R.CUES["incident"].findall(R.norm(item.text)))
    found: Credit | None = None
    best_key: tuple = ()
    # (The practice said before the story opens is no part of it: "主要就看哪台机器的 GPU 利用率掉下来了…" before "之前有一
    # 次就是…", "基础是按 rank 的 step 内计时…" before "难的一次不是 GPU：…".)
    opening = min((i for i, s in enumerate(r.sentences) if R.CUES["incident"].search(R.norm(s))), default=0)
    for w in windows(r, rubric):
        if w.sent < opening and _HABIT.search(R.norm(r.sentences[w.sent])):
            continue
        cls = r.sentence_clauses(w.sent)
        # A whole sentence; one too long to be quoted whole ("The job stopped logging, our hang detector fired…, then
        # I ran py-spy dump on every rank and saw rank 37…; its node had an NVLink error") by three of its clauses.
        whole = w.clauses == cls or (len(r.sentences[w.sent]) > _WHOLE and len(w.clauses) == 3)
        if not whole or negated(w) or not _after_ok(r, item, w):
            continue
        said = item.whole.terms & w.terms
        number = _numbered(w.clauses)
        words = set(R.CUES["incident"].findall(R.norm(w.text)))
        opens = bool(words or R.CUES["outcome"].search(R.norm(w.text)))
        if not (said or opens):
            continue
        key = (bool(said and told & words), sum(rubric.weight(t) for t in said), number, opens)
        if key > best_key:
            found, best_key = Credit(item.text, w, item.whole, frozenset(said or hit),
                                     len(hit) / max(1, len(item.whole.terms))), key
    return found


_HABIT = re.compile(r"一般|平时|通常|主要就?看|基础是|\b(?:usually|normally|generally|typically|mainly|mostly)\b|\bin general\b|"
                    r"\bthe basis\b|\bwe always\b")


def _verbatim(c: Credit) -> bool:
    """A clause that states a point of three terms or more almost word for word may show it beside another."""
    return c.coverage >= 0.85 and len(c.point.terms) >= 3


# Brackets set off an aside, not those of a formula ("s·b·h·(34 + 5·a·s/h)", "(p-1)/(m+p-1)").
BRACKETED = re.compile(r"(?<![·×*/])[（(]([^（）()]*)[）)](?!\s*[·×*/])")


@lru_cache(maxsize=1024)
def _premise(marker: str) -> frozenset[str]:
    """Figures a marker gives in brackets as what it starts from ("a 7B model at 40% MFU on H100（稠密 BF16 约 989
    TFLOPS）is about 9.4K tokens/s"): its point is the figures outside. Not those of an example ("(such as about 450
    GB/s…)", "（如 70B…）"), which the candidate's own figures stand for, nor the only figures a marker has ("约多一次前向
    （计算量从约 3 倍前向到约 4 倍）")."""
    inside = [b for b in BRACKETED.findall(marker) if not _EXAMPLE_LEAD.match(b.strip())]
    outside = BRACKETED.sub(" ", marker)
    if not any(t.startswith("n:") for t in literal_terms(outside, False)):
        return frozenset()
    return frozenset(t for b in inside for t in literal_terms(b, False) if t.startswith("n:"))


_EXAMPLE_LEAD = re.compile(r"如|例如|比如|譬如|e\.g\.|eg\b|such as|for example|for instance|like\b", re.I)


def _aside(item: Item, point: Point) -> bool:
    """The point is a part of the marker written in brackets inside it ("在 H100（稠密 BF16 约 989 TFLOPS）上…"). Brackets
    that end the marker spell its point out ("knows full recomputation adds about one forward (compute goes from about
    3 forwards to about 4)"): English says "one extra forward" in fewer words of the whole than Chinese does."""
    part = point.text.strip()
    end = len(item.text.rstrip(" 。.;；"))
    return point is not item.whole and bool(part) and any(
        part in m.group() and m.end() < end for m in BRACKETED.finditer(item.text))


def _ok(r: R.Reading, rubric: Rubric, item: Item, c: Credit) -> bool:
    # What shows the point is in the answer: the question's words ("given") count towards the point, not its evidence.
    # A point guessed at is not shown ("Maybe also check temperatures, since a hot GPU might throttle").
    # (A figure softened by "吧" or "I think" and given its source is no guess: "大概占 step 的 10% 吧，这个是从 nsys 时间线
    # 上看的".)
    text = R.norm(c.window.text)
    guessed = bool(R.GUESSED.search(text)) and not R.CUES["provenance"].search(text)
    # A story told as "没有报错，也没有 hang" is no hang investigation.
    if "incident" in item.cues and r.denied & {t[2:] for t in c.matched if t.startswith("c:")}:
        return False
    if _DIFFERENCE.search(R.norm(c.point.text)) and not _DIFFERS.search(text):
        return False  # "引擎与训练框架的 logprob 存在差异" is not shown by "old logprob 和 ref logprob 加起来 25 秒"
    if ("incident" in item.cues or _RECORD.search(R.norm(item.text))) and _planned_only(r):
        return False  # a plan ("I'd first check whether grad norm went abnormal…") is no record of one
    return (not negated(c.window) and not guessed and _cues_met(r, item, c.window)
            and shows(r, c.window, c.matched & c.window.terms, c.point.terms)
            and _same_polarity(c.point.text, c.window.text) and not _denies(c) and not _listed_only(r, rubric, c)
            and (_NEGATION.search(R.norm(c.point.text)) or not dismissed(r, rubric, c)))


def _planned_only(r: R.Reading) -> bool:
    """Every sentence of the answer tells what one would do."""
    key = ("planned_only",)
    if key not in r.memo:
        r.memo[key] = all(_HYPOTHETICAL.search(R.norm(s)) for s in r.sentences)
    return r.memo[key]


# A point that two things differ is shown by a window that says they do, not by one naming both.
_DIFFERENCE = re.compile(r"差异|区别|\b(?:differ|differs|difference|mismatch|discrepanc\w*)\b")
# (Or says how the difference is corrected, which takes it as given: "a truncated importance ratio between the vLLM
# and trainer logprobs".)
_DIFFERS = re.compile(r"差异|不一致|不一样|差别|不同|区别|对不上|偏差|差距|有差|的差|差了|差值|错开|重要性|比值|\b(?:differ\w*|"
                      r"mismatch\w*|discrepanc\w*|gap|diverg\w*|drift\w*|(?:do|does|did)(?: not|n't) match|importance)\b")
# A marker asking for a record of the candidate's own ("has a record of one loss spike"), in English words the story
# cues do not list.
_RECORD = re.compile(r"\ba record of one\b")


# Said to be unneeded, with nothing after it that would be what is unneeded ("gang 调度的话，我觉得其实不太需要";
# not "BF16 一般不需要 loss scaling", which needs no scaling, not no BF16).
_DISMISS = re.compile(r"不太需要|不需要|没必要|没什么必要|用不着|用不上|\b(?:don't|doesn't|do not|does not) (?:really )?need\b(?! to)"
                      r"|\b(?:not|isn't|aren't) (?:really )?(?:needed|necessary)\b|\bunnecessary\b|\boverkill\b"
                      r"|\b(?:don't|do not) think (?:it|that|they)(?:'s| is|'re| are) (?:really )?(?:needed|necessary)\b")


WHY_NEEDED = re.compile(r"为什么要|为什么需要|\bwhy\b.*\b(?:is|are) needed\b|\bwhy\b.*\bneeds?\b")


def dismissed(r: R.Reading, rubric: Rubric, c: Credit) -> list[R.Clause]:
    """The point's subject named and then called unneeded, in its clause or the next (those clauses, or none): what a
    point says is needed is not shown by saying it is not."""
    first = next((cl for cl in c.window.clauses if c.matched & clause_terms(r, rubric, cl)), None)
    if first is None:
        return []
    sentence = r.sentence_clauses(first.sent)
    at = next(i for i, cl in enumerate(sentence) if cl.start == first.start)
    for j, cl in enumerate(sentence[at:at + 2]):
        m = _DISMISS.search(R.norm(cl.text))
        if m and not rubric.vocab.find(R.norm(cl.text)[m.end():])[0]:
            return sentence[at:at + j + 1]
    return []


# A marker that asks what each of several things does ("能说出融合、CUDA graph…各压缩哪段时间", "what each stage shards").
_EACH_ASKS = re.compile(r"各|分别|\beach\b|\brespectively\b")


def _listed_only(r: R.Reading, rubric: Rubric, c: Credit) -> bool:
    """Names listed ("FlashAttention、fused kernel、CUDA graph、通信 overlap…这些都上了") for a marker that asks what
    each of them does: every clause that carries the point is a short list item, with no number or reason, and says
    nothing of any of them."""
    cls = [cl for cl in c.window.clauses if c.matched & clause_terms(r, rubric, cl)]

    def item_(cl: R.Clause) -> bool:  # "、" enumerates; a comma does in a run of three short pieces or more
        short = [x for x in r.sentence_clauses(cl.sent) if len(x.text) <= 24 and x.text.rstrip().endswith(",")]
        return bool(cl.cues.get("bare") or cl.text.rstrip().endswith("、") or (cl in short and len(short) >= 3))

    return bool(_EACH_ASKS.search(R.norm(c.item))) and sum(map(item_, cls)) >= min(2, len(cls)) and all(
        len(cl.text) <= 24 and not cl.cues.get("causal") and not cl.numbers for cl in cls)


_TELLS_APART = re.compile(r"区分|分清|还是|\btells?\b.*\bfrom\b|\bdistinguish|\bapart\b")


def _denies(c: Credit) -> bool:
    """The window says the point's own word is not so ("NCCL runs on the network card, not on the SMs" for "knows
    communication kernels take SMs"), of a point that says it is."""
    marker = R.norm(c.item)
    if _NEGATION.search(R.norm(c.point.text)) or _TELLS_APART.search(marker):
        return False  # "区分是 all-gather 暴露还是 CPU 发射跟不上" is shown by "…，不是 CPU 发射跟不上"
    words = [t[2:] for t in c.matched if t.startswith("w:") and len(t) > 4]
    # Denied where the point is said: in a sentence with another of its terms. "Recomputation is not counted" after a
    # sentence on the GPU count denies nothing of it.
    sentences: dict[int, list[R.Clause]] = {}
    for cl in c.window.clauses:
        sentences.setdefault(cl.sent, []).append(cl)
    for cls in sentences.values():
        text = R.norm(" ".join(cl.text for cl in cls))
        named = {"c:" + x for cl in cls for x in cl.concepts}
        for w in words:
            if re.search(rf"(?:\bnot\b|\bno\b|不是|不在|不占|不用)\s*(?:(?:on|in|at|the|a|an|any|using)\s+){{0,2}}"
                         rf"{re.escape(w)}", text) and any(
                    t != "w:" + w and (t in named or t.startswith("w:") and t[2:] in text) for t in c.matched):
                return True
    return False


def _same_polarity(marker: str, text: str) -> bool:
    """A marker that says what is NOT so ("GPU 利用率不能代替 MFU") is shown only by words that deny it too: the
    same terms asserted ("utilisation 95% so MFU is 95%") say the opposite."""
    return not _NEGATION.search(R.norm(marker)) or bool(_NEGATION.search(R.norm(text)))


def core(r: R.Reading, rubric: Rubric, c: Credit) -> set[tuple[int, int]]:
    """The clauses of the window that carry the point's terms."""
    return {(cl.sent, cl.start) for cl in c.window.clauses if c.matched & clause_terms(r, rubric, cl)}


def _loose(r: R.Reading, rubric: Rubric, item: Item) -> float:
    """How much of the marker the answer touches anywhere it speaks for itself (for feedback: never name a point
    half said; "三级分别切什么我不清楚" touches nothing)."""
    own = [w for w in windows(r, rubric) if not negated(w)]
    terms = frozenset().union(*(w.terms for w in own)) if own else frozenset()
    best_cov = 0.0
    for point in (item.whole, *item.parts):
        _, weight = _match(rubric, point, terms)
        best_cov = max(best_cov, weight / point.weight if point.weight else 0.0)
    return best_cov


def open_parts(r: R.Reading, rubric: Rubric, markers: list[str], touched: float) -> dict[str, tuple[Point, ...]]:
    """For each marker, its clauses the answer does not touch where it speaks for itself (for feedback: the rest of a
    point half said, "并说出各自缓解的是显存还是算力" after the five parallelisms each with what it splits)."""
    own = [w for w in windows(r, rubric) if not negated(w)]
    terms = frozenset().union(*(w.terms for w in own)) if own else frozenset()
    def cover(p: Point) -> float:
        return _match(rubric, p, terms)[1] / p.weight

    # (The least touched first, the weightiest of those: "whether each relieves memory or compute" before "the weights
    # within a layer" after "…splits the weight matrices inside a layer", and before "context".)
    return {m: tuple(sorted((p for p in rubric.item(m).parts if p.weight and cover(p) < touched and _clause(m, p.text)),
                            key=lambda p: (cover(p), -p.weight)))
            for m in markers}


_LIST_SEP = re.compile(r"[、,，]")


def _clause(marker: str, part: str) -> bool:
    """A part that is a clause of the marker as written, not two items of a list in it ("tensor, pipeline") nor words
    cut out of one ("diagnosis became next time" of "how much faster detection and diagnosis became next time")."""
    at = marker.find(part)
    if at < 0 or _LIST_SEP.search(part):
        return False
    before = marker[:at].rstrip()
    return not before or before.endswith((",", "，", "；", ";", "：", ":", "（", "(", "并", "并且", "同时")) or (
        part.startswith(("并", "and ")))


def one_short_sentence(r: R.Reading) -> bool:
    """An answer of one sentence short enough to read as one point ("We added a per-rank heartbeat and an Xid watcher
    that cordons the node on its own; detection dropped from about 10 minutes to under 1."): quoted whole, its halves
    are the safeguard and what it did, and either alone shows half of it."""
    return len(r.sentences) == 1 and len(r.text) <= 200


_QUOTE_MAX = 260  # characters: a spoken sentence or two, still read at a glance


def quote(r: R.Reading, rubric: Rubric, c: Credit) -> str:
    """The window's clauses that carry the point, with the nearest one beside them that shows it (a number, a
    mechanism, a reason) when they do not show it themselves; never a long answer whole."""
    w = c.window

    def shown(cls: list[R.Clause]) -> bool:
        terms = c.matched & frozenset().union(*(clause_terms(r, rubric, cl) for cl in cls))
        return _evidence(r, cls, c.point.terms) or _rich(r, terms)

    # The window was chosen for what it shows of the whole marker: the clauses that carry the point or another
    # word of the marker ("…22% of a 1.9 s step: I summed the gaps on the compute stream…").
    marker = c.matched | frozenset(t for t in rubric.item(c.item).whole.terms if not t.startswith(("n:", "z:")))
    carry = [i for i, cl in enumerate(w.clauses) if marker & clause_terms(r, rubric, cl)]
    # A story is shown by its sentence, not by the clause that names its subject ("38% MFU," of "The baseline was the
    # config I inherited, 38% MFU, computed as…"): a story marker credited with a whole sentence is quoted whole.
    story = "incident" in rubric.item(c.item).cues and w.clauses == r.sentence_clauses(w.sent) and len(w.text) <= 240
    if not carry or story:
        return w.text
    lo, hi = carry[0], carry[-1]
    if not shown(w.clauses[lo : hi + 1]):
        beside = [i for i, cl in enumerate(w.clauses) if shown([cl])]
        if beside:
            i = min(beside, key=lambda i: (lo - i if i < lo else i - hi, i))
            lo, hi = min(lo, i), max(hi, i)
    part = w.clauses[lo : hi + 1]
    if len(part) == len(r.clauses) > 1 and sum(len(cl.text) for cl in part) > 80 and not one_short_sentence(r):
        # The whole answer shows nothing in particular: the clauses that carry the point if they show it, else
        # the clause that shows most of it.
        point = [i for i, cl in enumerate(w.clauses) if c.matched & clause_terms(r, rubric, cl)] or carry
        pointed = w.clauses[point[0] : point[-1] + 1]
        if len(pointed) < len(part) and shown(pointed):
            part = pointed
        else:
            def weight(cl: R.Clause, terms: frozenset[str]) -> float:
                return sum(rubric.weight(t) for t in terms & clause_terms(r, rubric, cl))

            part = [max([cl for cl in part if shown([cl])] or part,
                        key=lambda cl: (weight(cl, c.matched), weight(cl, marker)))]
    # A lead-in ("先看显存：", "Memory first:") opens what shows it: the clause after the colon goes with it.
    if part[-1].text.rstrip().endswith((":", "：")):
        after = [cl for cl in r.sentence_clauses(part[-1].sent) if cl.start >= part[-1].end]
        part = part + after[:1]
    # The point's own words the window left out, said further on in its sentence ("…versus 50 GB/s per GPU on IB,
    # four times slower" of "on NICs an order of magnitude slower"): the quote reaches them while it stays short.
    missing = {t for t in c.point.terms - c.matched if t.startswith(("w:", "c:"))}
    rest = [cl for cl in r.sentence_clauses(part[-1].sent) if cl.start >= part[-1].end]
    reach = next((i for i, cl in enumerate(rest) if missing & clause_terms(r, rubric, cl)), None)
    if reach is not None and rest[reach].end - part[0].start <= _QUOTE_MAX and part[0].sent == part[-1].sent:
        part = part + rest[: reach + 1]
    pieces = []
    for sent in dict.fromkeys(cl.sent for cl in part):
        mine = [cl for cl in part if cl.sent == sent]
        pieces.append(r.sentences[sent][mine[0].start : mine[-1].end].strip())
    text = " ".join(pieces)
    if len(text) > _QUOTE_MAX:  # a long sentence: its clauses that carry the point
        keep = [cl for cl in part if c.matched & clause_terms(r, rubric, cl)] or part[:1]
        text = r.sentences[keep[0].sent][keep[0].start : keep[0].end].strip() if len(keep) == 1 else " ".join(
            cl.text for cl in keep)
    return text


# --------------------------------------------------------------------------- red flags


def _naming(r: R.Reading, rubric: Rubric, c: Credit, reach: int = 1) -> list[R.Clause]:
    """The one or two clauses of the window that name what the credit matched; none when they lie further apart
    ("the CP decision: … is about 55 GB per layer, TP8 with SP…" relates nothing it names)."""
    carry = [i for i, cl in enumerate(c.window.clauses) if c.matched & clause_terms(r, rubric, cl)]
    if not carry or carry[-1] - carry[0] > reach:
        return []
    return c.window.clauses[carry[0] : carry[-1] + 1]


_CONDITION = re.compile(r"前提|只要|只有|取决于|除非|如果|要是|provided|as long as|only if|only when|unless|depends|\bif\b")


# The belief turned round in the same sentence ("慢卡是…等待最短的那个——等得最久的反而是正常卡").
_CONTRARY = R.cue_regex(("反而", "恰恰", "反倒", "相反", "the opposite", "on the contrary", "counterintuitively"))
_MOST = re.compile(r"最久|最长|最多|最慢|最大|\b(?:longest|most|slowest|largest|biggest)\b")
_LEAST = re.compile(r"最短|最少|最快|最小|\b(?:shortest|least|fastest|smallest|fewest)\b")
_THEREFORE = re.compile(r"[,，;；]\s*so\b|就")  # "…are async, so basically all of it overlaps"
_RELATION = re.compile(r"就是|就|即|等于|\bmeans?\b|\bis\b|=")


def _lead_in(r: R.Reading, naming: list[R.Clause]) -> str:
    """The clauses that name a belief and the one before them: where a condition that makes it true would be ("只要有独立
    的 stream，异步就能重叠"), not one two steps back that leads to another check ("如果利用率都是 100%，那就去看 NCCL 的
    通信时间，通信时间最长的那张卡肯定就是慢卡")."""
    sentence = r.sentence_clauses(naming[0].sent)
    first = next(i for i, cl in enumerate(sentence) if cl.start == naming[0].start)
    lead = max(0, first - 1)
    # (A condition goes on over the clauses that continue it: "只要通信放在独立的 stream 上、并且 bucket 在反向中途就发出去，".)
    while lead and _GOES_ON.match(R.norm(sentence[lead].text)):
        lead -= 1
    return R.norm(" ".join(cl.text for cl in sentence[lead:first] + naming))


_GOES_ON = re.compile(r"并且|而且|且|(?:and|or)\b")


def _conditional(r: R.Reading, naming: list[R.Clause], a: set[str]) -> bool:
    """A condition leads in to the belief that would make it true: one on anything but A itself ("只要有独立的 stream，
    异步就能重叠"). Conditioned on A alone, "只要开了 async，通信就都和计算 overlap 上了" is the belief in its own words."""
    lead = _lead_in(r, naming)
    conditions = list(_CONDITION.finditer(lead))
    if not conditions:
        return False
    closed = r.vocab.closed(a)
    for m in conditions:
        clause = re.split(r"[，,；;]", lead[m.end():], maxsplit=1)[0]
        named = set(r.vocab.find(clause)[0])
        if not named or not named <= closed:
            return True
    return False


def _argued(r: R.Reading, rubric: Rubric, signal: str, c: Credit) -> bool:
    """A misconception of the form "以为 A 就 B" / "assumes A means B" argued outright: A named, then a reason or an
    equation, then B, in one or two clauses, with no condition that would make it true ("NCCL 是异步的，所以和计算
    重叠了"; not "只要有独立的 stream，异步就能重叠", nor "所以一个 rank 在等慢卡时…", which names both after it)."""
    n = R.norm(signal)
    rel = _RELATION.search(n)
    if rel is None:
        return False
    a = set(rubric.vocab.find(n[: rel.start()])[0])
    b = set(rubric.vocab.find(n[rel.end():])[0]) - a
    if not a or not b:
        return False
    # An aside may sit between the two ("…is async — it runs on a separate stream, so it's all overlapped").
    naming = _naming(r, rubric, c, reach=2)
    sentence = R.norm(r.sentences[c.window.sent])
    if not naming or _CONTRARY.search(sentence) or _conditional(r, naming, a):
        return False
    # A belief about the most of something is not argued by saying the least of it ("以为通信最久的卡就是慢卡" -
    # "慢的那张卡通常等待最短").
    if any(rx.search(n) and other.search(sentence) and not rx.search(sentence)
           for rx, other in ((_MOST, _LEAST), (_LEAST, _MOST))):
        return False
    said = R.norm(" ".join(cl.text for cl in naming))
    # Any reason or equation with A before it and B after ("because X is async — …, so it's all overlapped": the
    # "because" opens the clause, the "so" relates the two).
    cues = sorted((*R.CUES["causal"].finditer(said), *_THEREFORE.finditer(said), *EQUATES.finditer(said)),
                  key=lambda m: m.start())
    # (A narrower concept names it too: "async_op=True" is an asynchronous collective.)
    closed = lambda text: rubric.vocab.closed(set(rubric.vocab.find(text)[0]))  # noqa: E731
    # The flag's own word for B may come in the next sentence ("…so the communication runs in parallel with compute.
    # GPU utilisation sits at 99%, which confirms it's all overlapped").
    after = R.norm(r.sentences[c.window.sent + 1]) if c.window.sent + 1 < len(r.sentences) else ""
    return any(bool(a & closed(said[: cue.start()])) and bool(b & closed(said[cue.end():]))
               and _echoes(n[: rel.start()], said[: cue.start()]) and _echoes(n[rel.end():], said[cue.end():] + after)
               for cue in cues)


def others_belief(r: R.Reading, sent: int) -> bool:
    """The sentence tells what others believe ("The thing people get wrong is…"), or the next one opens by turning it
    round ("It's the opposite: …", "其实正相反：…"): set right, not held."""
    n = R.norm(r.sentences[sent])
    return bool(_BELIEF.search(n) and _CALLED_WRONG.search(n)) or (
        sent + 1 < len(r.sentences) and bool(_CONTRARY.search(R.norm(r.sentence_clauses(sent + 1)[0].text))))


_CALLED_WRONG = R.cue_regex(("误", "错", "wrong", "mistake", "myth", "misconception"))


def _once(reader):
    """A flag reader depends on the answer, the rubric and the flag alone: the credit filter and every judging of
    the flags ask it again, so it reads each flag once per answer."""
    @wraps(reader)
    def read_once(r: R.Reading, rubric: Rubric, signal: str) -> Credit | None:
        key = (reader.__name__, id(rubric), signal)
        if key not in r.memo:
            r.memo[key] = reader(r, rubric, signal)
        return r.memo[key]
    return read_once


# A red flag about which way something goes: "以为序列并行增加通信量" (A adds B), "不知道 1F1B 省的是激活而非气泡" (A
# saves X, not Y). The answer shows it by saying so of A: B grows, or Y shrinks with no word of X.
_FLAG_MORE = re.compile(r"增加|\badds?\b|\bincreases?\b")
FLAG_RATHER = re.compile(r"而非|而不是|\brather than\b")
_FLAG_SAVES = re.compile(r"省的是|节省的是|\bsaves?\b")
# A flag of how many times A is B's ("约为 DP 的 1.5 倍", "moves about 1.5 times DP's traffic").
_FLAG_TIMES = re.compile(r"([\d.]+)\s*(?:倍|x\b|×|times\b)")
_FLAG_ABOUT = re.compile(r"约为|约是|大约是|\bmoves about\b|\bis about\b")
_MORE = R.cue_regex(("增加", "变大", "翻倍", "翻一倍", "多了", "更多", "加倍", "多一倍", "多出一倍", "会多", "adds", "increases",
                     "doubles", "grows",
                     "more communication", "extra communication", "another round", "one more round", "an extra round",
                     "多一轮", "多一次", "又一轮"))
# Said as gone, not only smaller: what makes the answer the misconception rather than a loose comparison.
_GONE = ("消除", "去掉", "没什么空闲", "几乎没有", "省掉", "接近 0", "接近零", "gets rid of", "get rid of", "removes", "eliminates",
         "close to zero", "near zero", "goes away", "no bubble", "nobody is idle", "disappears", "disappear", "is gone",
         "消失", "没有气泡", "没气泡", "气泡没了", "气泡就没了", "气泡基本没了", "气泡基本就没了", "basically no bubble")
GONE = R.cue_regex(_GONE)
_LESS = R.cue_regex((*_GONE, "小很多", "小了很多", "更小", "变小", "减少", "降低", "少很多", "少了很多", "气泡小", "reduces",
                      "smaller", "much less idle", "less bubble", "fewer bubbles", "气泡少", "气泡更少"))
# (1F1B itself "interleaves forwards and backwards": that is no variant of it.)
_VARIANT = re.compile(rf"(?<!前向反向)(?<!前向和反向)(?<!前后向)(?:{R.cue_regex(T.VARIANT).pattern})"
                      rf"(?!\s*(?:the\s+|做|着做)?(?:forwards?|backwards?|fwd|bwd|前向|反向|前后向))")
# Told as what others believe ("People sometimes assume SP adds communication"), it is set right, not held.
_BELIEF = R.cue_regex(("以为", "有人", "很多人", "误以为", "常见误解", "误区", "people", "assume", "assumes", "misconception",
                       "myth", "some think"))
_SAME = R.cue_regex(("不变", "一样", "相同", "不增加", "没有增加", "没增加", "unchanged", "the same", "no extra",
                     "doesn't add", "does not add", "no more"))
# A ratio above one said to be none or below ("通信量比 DP 还小", "the same as normal DP").
# ("at the same 2K config" holds a setting equal for a comparison; it says nothing of the volume.)
_NOT_MORE = re.compile(f"(?<!at )(?<!under )(?<!with )(?<!on )(?<!for )(?:{_SAME.pattern})|还小|更小|更少|最小|smaller than|"
                       f"less than|lower than")


def _other_stage(flag: str, said: str) -> bool:
    """The window names another numbered variant of what the flag names: "ZeRO-1 and 2 cost the same as DDP" is
    not said of ZeRO-3."""
    named = set(re.findall(r"([a-z]+)-(\d)", flag))
    return any(name == base and num != n for base, n in named for name, num in re.findall(r"([a-z]+)-(\d)", said))


@_once
def directed(r: R.Reading, rubric: Rubric, signal: str) -> Credit | None:
    """The sentence that says the way the flag warns of, unhedged by a condition and not set right in it ("通信总量不变",
    "省的是激活"), with no number or formula that would compute it instead; None if the flag is of another shape."""
    return _directed(r, rubric, signal, frozenset())


def directed_asked(r: R.Reading, rubric: Rubric, signal: str, given: frozenset[str]) -> Credit | None:
    """The same, where the question names what the answer says it of ("What does ZeRO-3 do to communication?" - "It's
    the same volume as DP")."""
    key = ("directed_asked", id(rubric), signal, given)
    if key not in r.memo:
        r.memo[key] = directed(r, rubric, signal) or (_directed(r, rubric, signal, given) if given else None)
    return r.memo[key]


def _directed(r: R.Reading, rubric: Rubric, signal: str, given: frozenset[str]) -> Credit | None:
    n = R.norm(signal)
    find = lambda text: set(rubric.vocab.find(text)[0])  # noqa: E731
    if (m := FLAG_RATHER.search(n)) and (k := _FLAG_SAVES.search(n[: m.start()])):
        a, x, y, verb = find(n[: k.start()]), find(n[k.end() : m.start()]), find(n[m.end():]), _LESS
    elif (m := _FLAG_MORE.search(n)) and flag_kind(signal) == "misconception":
        a, x, y, verb = find(n[: m.start()]), set(), find(n[m.end():]), _MORE
    elif (t := _FLAG_TIMES.search(n)) and (m := _FLAG_ABOUT.search(n)) and flag_kind(signal) == "ignorance":
        # "不知道 ZeRO-3 通信约为 DP 的 1.5 倍" shown by saying it is the same ("I believe it's the same as normal DP"),
        # by an answer that never gives the figure.
        if re.search(rf"(?<![\d.]){re.escape(t.group(1))}(?!\d)", r.text):
            return None
        a, x, y, verb = find(n[: m.start()]), set(), find(n[m.end():]), _NOT_MORE
        a = {c for c in a if r.vocab.kind(c) == "name"} or a  # of ZeRO-3, not of communication at large
    else:
        return None
    a, y = a - y, y - a
    if not a or not y:
        return None
    item = rubric.item(signal)
    # The window that says it most plainly: gone rather than smaller ("没什么空闲了，气泡比 GPipe 小很多"), then the shortest.
    grows = r.vocab.closed(y) if verb is _MORE else y  # "多了两次通信": the volume's communication grows
    asked = term_concepts(given)  # what the question names the answer may say it of
    for w in sorted(windows(r, rubric), key=lambda w: (not GONE.search(R.norm(w.text)), len(w.text))):
        # Every sentence the window reaches into: "有人以为…其实总量不变" in the second one sets it right too.
        sentence = R.norm(" ".join(r.sentences[i] for i in sorted({cl.sent for cl in w.clauses})))
        named = {c for cl in r.sentence_clauses(w.sent) for c in cl.said}
        # A itself, here or in a sentence beside ("…通信量差不多翻一倍。我们当时就是因为这个没开 SP"), not a variant
        # of it that does do so ("interleaved 1F1B", "zero-bubble").
        near = {c for i in (w.sent - 1, w.sent + 1) if 0 <= i < len(r.sentences)
                for cl in r.sentence_clauses(i) for c in cl.said}
        if not a & (named | near | asked) or _VARIANT.search(sentence) or _other_stage(n, sentence):
            continue
        if not grows & {c for cl in w.clauses for c in r.vocab.closed(cl.said)}:
            continue
        if x & r.vocab.closed(named) or not verb.search(R.norm(w.text)):
            continue
        # A condition ahead of it hedges it ("如果…就会多一次通信"); one after it is about something else ("…another round
        # of communication, so you only turn it on if memory is tight").
        sents = sorted({cl.sent for cl in w.clauses})
        upto = R.norm(r.sentences[sents[0]][: w.clauses[-1].end]) if len(sents) == 1 and verb is _MORE else sentence
        if (verb is not _NOT_MORE and _SAME.search(sentence)) or _hedged(upto, a, find) or _BELIEF.search(sentence):
            continue
        if negated(w) or _NEGATION.search(R.norm(w.text)) or any("formula" in cl.numbers for cl in w.clauses):
            continue
        # A named in the clause just before, in the same sentence, is what the window says it of ("If you turn on
        # sequence parallel, you add all-gathers…, so it's more communication overall"): the window reaches back to it.
        cls = r.sentence_clauses(w.sent)
        at = next((i for i, cl in enumerate(cls) if cl is w.clauses[0]), 0)
        if len(sents) == 1 and at and not a & {c for cl in w.clauses for c in cl.said} and a & set(cls[at - 1].said):
            w = window(r, rubric, cls[at - 1 : at + len(w.clauses)])
        matched = w.terms & item.whole.terms
        return Credit(item.text, w, item.whole, matched, len(matched) / max(1, len(item.whole.terms)))
    return None


def _hedged(text: str, a: set[str], find) -> bool:
    """A condition ahead of the claim hedges it ("如果不用 reduce-scatter 而是直接 all-gather…就会多一轮通信"), unless
    the condition is A itself being used: "if you turn on sequence parallel you add all-gathers…" is the claim."""
    m = _CONDITION.search(text)
    if m is None:
        return False
    premise = re.split(r"[,，;；]", text[m.end():], maxsplit=1)[0]
    return not (a & find(premise))


# A red flag of doing X without Y ("packing 不加文档掩码", "packs without document masks") is shown by saying X is
# fine as it is ("拼好直接训就行，反正本来就是 causal mask，不会有什么问题"), not by saying what Y it needs.
FLAG_WITHOUT = re.compile(r"不加|不带|\bwithout\b")
_LACKING = R.cue_regex(("不加", "没加", "不带", "没带", "没有", "没用", "不用", "不做", "没做", "without", "no ", "not ",
                        "n't", "never", "skip", "skipped"))
FINE = R.cue_regex(("就行", "就够", "就可以了", "没问题", "不会有什么问题", "不会有问题", "没什么问题", "不用管", "直接训",
                    "也没关系", "没什么关系", "无所谓", "影响不大", "影响应该不大", "影响也不大", "问题不大", "no need",
                    "is fine", "it's fine", "that's fine", "is enough", "no problem", "doesn't matter", "just train",
                    "train on it directly", "train directly", "works fine", "nothing special", "not a problem",
                    "no big deal", "doesn't hurt", "不用额外处理", "不需要额外处理", "不用特殊处理", "不需要特殊处理",
                    "no extra handling", "no special handling", "nothing extra", "没什么影响", "没啥影响", "没有什么影响",
                    "不会有什么影响", "应该没什么影响", "shouldn't matter", "shouldn't matter much", "not much impact",
                    "barely matters",
                    # all it takes, the rest left to the model ("That's really all packing needs, the model learns the
                    # boundaries", "模型自己会学")
                    "all it needs", "all packing needs", "all that's needed", "learns the boundaries", "模型自己会学",
                    "模型会自己学", "模型自己能学"))
# "all packing needs" says nothing more is needed.
_ALL_NEEDS = re.compile(r"\ball (?:\w+ )?needs\b|all that's needed")
_FLAG_COST = re.compile(r"的代价|\bthe cost of\b")
_NEEDED = R.cue_regex(("要加", "需要", "必须", "得加", "不然", "否则", "要用", "must", "need to", "needs", "otherwise",
                       "have to"))


# A flag of not knowing how X grows with Y ("不知道激活随序列长度怎么涨", "how activations grow with sequence
# length") is shown by saying X has little to do with Y ("激活主要是看 batch size 吧，跟序列长度关系应该不大").
_FLAG_GROWS = re.compile(r"随(.+?)怎么(?:涨|变|增长|变化)|\bhow (.+?) grows? with (.+)")
_UNRELATED = R.cue_regex(("关系不大", "关系应该不大", "关系也不大", "没关系", "没什么关系", "没多大关系", "无关", "不相关",
                          "影响不大", "影响应该不大", "doesn't depend", "does not depend", "don't depend", "do not depend",
                          "don't really depend", "doesn't really depend", "not much to do with", "nothing to do with",
                          "independent of", "isn't affected by", "is not affected by", "doesn't change much with",
                          "barely changes with"))


@_once
def without(r: R.Reading, rubric: Rubric, signal: str) -> Credit | None:
    """The window (a sentence or two short ones) that names X and calls it fine as it is; None for other flags.

    Also for a flag of not knowing what X costs ("不知道 TP 跨机的代价"): X called fine ("跨机其实也没关系") shows it,
    with every one of X's concepts named; and for one of not knowing how X grows with Y: X said to have little to do
    with Y."""
    n = R.norm(signal)
    if (g := _FLAG_GROWS.search(n)) is not None and flag_kind(signal) == "ignorance":
        return _unrelated(r, rubric, signal, g)
    if (g := _FLAG_MOST.search(n)) is not None:
        return _minor(r, rubric, signal, g)
    if FLAG_UNMEASURED.search(n):
        return _unmeasured(r, rubric, signal)
    if (m := FLAG_WITHOUT.search(n)) is not None and flag_kind(signal) == "other":
        x, whole = set(rubric.vocab.find(n[: m.start()])[0]), False
    elif (m := _FLAG_COST.search(n)) is not None and flag_kind(signal) == "ignorance":
        x, whole = set(rubric.vocab.find(n[: m.start()] if m.group() == "的代价" else n[m.end():])[0]), True
    else:
        return None
    if not x:
        return None

    def fine(w: Window) -> bool:
        text = R.norm(w.text)
        # X named here or in the sentence just before ("packing 就是把几条短样本拼成一条…。拼好直接训就行").
        before = r.sentence_clauses(w.sent - 1) if w.sent and w.clauses[0] is r.sentence_clauses(w.sent)[0] else []
        named = {c for cl in [*before, *w.clauses] for c in r.vocab.closed(cl.said)}
        ok = FINE.search(text)
        # A cost named and then waved away ("通信会多一点，不过 IB 挺快的，影响应该不大") is called fine all the same;
        # a "but" after the fine sets it apart ("拼好就行，但要加文档掩码").
        apart = _SET_APART.search(text)
        if not x & named or (whole and not x <= named) or not ok or _NEEDED.search(_ALL_NEEDS.sub("", text)) or (
                apart and apart.start() > ok.start()) or (whole and _said_of_another(r, w, x)):
            return False
        return not (_CONDITION.search(text) or negated(w))
    return _shortest(r, rubric, signal, fine)


def _shortest(r: R.Reading, rubric: Rubric, signal: str, says) -> Credit | None:
    """The shortest window that `says` the flag, credited with the flag whole: its subject and the words that say it
    of the subject are the flag together."""
    item = rubric.item(signal)
    for w in sorted(windows(r, rubric), key=lambda w: len(w.text)):
        if says(w):
            coverage = len(w.terms & item.whole.terms) / max(1, len(item.whole.terms))
            return Credit(item.text, w, item.whole, w.terms, coverage)
    return None


def _unrelated(r: R.Reading, rubric: Rubric, signal: str, g: re.Match) -> Credit | None:
    n = R.norm(signal)
    find = lambda text: set(rubric.vocab.find(text)[0])  # noqa: E731
    if g.group(1) is not None:  # "不知道激活随序列长度怎么涨": X before 随, Y inside it
        head = n[: g.start()]
        x, y_text = find(head[head.rfind("不知道") + 3 :] if "不知道" in head else head), g.group(1).strip()
    else:
        x, y_text = find(g.group(2)), g.group(3).strip()
    y = find(y_text) - x  # Y may be a plain phrase the vocabulary has no concept for ("序列长度")
    if not x or not y_text:
        return None

    def unrelated(w: Window) -> bool:
        text = R.norm(w.text)
        named = {c for i in {cl.sent for cl in w.clauses} for cl in r.sentence_clauses(i) for c in r.vocab.closed(cl.said)}
        has_y = y & {c for cl in w.clauses for c in r.vocab.closed(cl.said)} if y else y_text in text
        if not (x & named and has_y) or not _UNRELATED.search(text):
            return False
        return not (_CONDITION.search(text) or _BELIEF.search(text) or negated(w) or _SET_APART.search(text))
    return _shortest(r, rubric, signal, unrelated)


# A flag of judging by one figure looking about the same ("最终 loss 差不多就说已对齐", "calls it aligned because the
# final loss looks about the same") is shown by the answer holding that figure the same and checking nothing else.
_FLAG_LOOKS_SAME = re.compile(r"(\S+\s*\S+)\s*差不多就说|because (?:the )?(.+?) looks? about the same")
_LOOKS_SAME = R.cue_regex(("一样", "差不多", "基本一样", "基本相同", "没差别", "没什么差别", "几乎一样", "the same",
                           "about the same", "basically the same", "pretty much the same", "identical", "matched",
                           "very close", "close enough", "basically aligned", "pretty much aligned", "基本对齐", "基本上对齐",
                           "差不多对齐", "认为对齐", "算对齐", "算是对齐", "就算对上", "counted it as aligned",
                           "called it aligned", "considered it aligned", "treat it as aligned"))
# The flag's figure in the words an answer says it with ("最后 loss" for "最终 loss", "the last loss" for "the final loss").
_ALSO = {"最终": ("最终", "最后"), "final": ("final", "last", "end")}
# "差不多" of an amount ("差不多 20%", "差不多这么多", "差不多一半") is "about", not "the same".
_ABOUT = re.compile(r"差不多\s*(?:这么|那么|一半|\d|[一两二三四五六七八九十几百千万])")
# ...a check against the run-to-run noise, which is the one the flag says was never made.
_SEED_BAND = R.cue_regex(("seed 波动", "种子波动", "seed band", "seed noise", "seed-to-seed", "波动以内", "波动之内",
                          "within the noise", "噪声以内", "噪声之内"))
# ...what a real check of it holds the figure against: its curve over the run, the seed noise, a band; not said of a
# look ("the curves looked the same by eye too"), of a rerun ("restarted from scratch with a different seed") or of the
# one seed both runs were given ("我们是把 seed 固定住，新旧两个版本各跑一遍…差 0.007，小于 0.01，就认为对齐了").
_ONE_SEED = R.cue_regex(("different seed", "another seed", "new seed", "换个 seed", "换了个 seed", "换个种子", "换了种子", "换 seed",
                         "换了 seed", "seed 固定", "固定 seed", "固定了 seed", "固定种子", "种子固定", "fixed the seed",
                         "fix the seed", "same seed", "fixed seed", "seed fixed", "相同的 seed", "同一个 seed"))
_BEYOND = R.cue_regex(("曲线", "seed", "种子", "噪声", "波动", "逐步", "每一步", "每步", "带内", "容差", "curve", "curves",
                       "noise", "band", "per-step", "every step", "step by step", "tolerance", "spread"))


@_once
def looks_same(r: R.Reading, rubric: Rubric, signal: str) -> Credit | None:
    """The window that holds the flag's figure the same ("the final loss was 2.31 versus 2.32, so basically the same")
    in an answer that holds it against nothing else; None for other flags."""
    if (g := _FLAG_LOOKS_SAME.search(R.norm(signal))) is None:
        return None
    figure = R.norm(g.group(1) or g.group(2)).split()
    if not figure or any(_BEYOND.search(s) and not R.CUES["cursory"].search(s) and not _ONE_SEED.search(s)
                         for s in map(R.norm, r.sentences)):
        return None

    def same(w: Window) -> bool:
        text = R.norm(w.text)
        # (Not set aside: "只看最终 loss 差不多是不行的", "而不是看最终 loss 差不多".)
        return all(any(x in text for x in _ALSO.get(word, (word,))) for word in figure) and bool(
            _LOOKS_SAME.search(text)) and not naive_negated(text) and not (
            negated(w) or _CONDITION.search(text) or _BELIEF.search(text))
    return _shortest(r, rubric, signal, same)


# A flag of not seeing that X takes most of Y ("没意识到 rollout 吃掉了大部分 step 时间", "is unaware that rollout eats
# most of the step time") is shown by calling X a small part of it ("rollout is a small part of the step anyway").
_FLAG_MOST = re.compile(r"没意识到(.+?)吃掉了大部分|unaware that (.+?) (?:eats|takes) most of")
_MINOR = R.cue_regex(("小头", "不是大头", "占得不多", "占比不大", "占比很小", "占不了多少", "不是瓶颈", "a small part", "a small share",
                      "a small fraction", "small part of", "not the bottleneck", "isn't the bottleneck", "the cheap part",
                      "not the expensive part", "doesn't take much", "barely matters"))
# ...or another part said to be the bulk ("我们那个应该是训练占大头吧", "the training update is the bulk of it").
_MAJOR = R.cue_regex(("占大头", "是大头", "占了大头", "占了大部分", "占大部分", "最耗时", "最花时间", "the bulk of", "is the bulk",
                      "the biggest part", "the biggest chunk", "the expensive part", "dominates"))


def _minor(r: R.Reading, rubric: Rubric, signal: str, g: re.Match) -> Credit | None:
    x = set(rubric.vocab.find(g.group(1) or g.group(2))[0])
    if not x:
        return None

    def minor(w: Window) -> bool:
        # Said of X: X in the clause that calls something minor, or in the one before when that names nothing else
        # ("训练 20% 多，权重同步几秒钟，占比很小" says it of the weight sync, not of rollout).
        text = R.norm(w.text)
        if negated(w) or _CONDITION.search(text) or _BELIEF.search(text):
            return False
        said = next((i for i, cl in enumerate(w.clauses) if _MINOR.search(R.norm(cl.text))), None)
        if said is None:
            big, m = next(((cl, m) for cl in w.clauses if (m := _MAJOR.search(R.norm(cl.text)))), (None, None))
            # ...of a part named before the words, X weighed after it ("训练占大头吧，rollout 可能 30% 左右"; "做 rollout，
            # 应该是占大头吧" says it of rollout, and "优化器状态是大头" is about memory, not the step).
            if big is None or not m.start():
                return False
            sentence = r.sentence_clauses(big.sent)
            upto = {c for cl in sentence if cl.start <= big.start for c in cl.said}
            after = {c for cl in sentence if cl.start > big.start for c in cl.said}
            return not x & r.vocab.closed(upto) and bool(x & r.vocab.closed(after))
        cl = w.clauses[said]
        of = r.vocab.closed(cl.said) if cl.said or not said else r.vocab.closed(w.clauses[said - 1].said)
        return bool(x & of)
    return _shortest(r, rubric, signal, minor)


# A flag of a tolerance set without measuring the noise ("没量过 seed 噪声就定容差", "sets a tolerance without
# measuring seed noise") is shown by a bar set for the comparison ("我们定的标准是 1% 以内就算对齐") in an answer that
# measures no noise.
FLAG_UNMEASURED = re.compile(r"没量过.{0,12}噪声就定|without measuring (?:the )?(?:seed )?noise")
_BAR = R.cue_regex(("以内就算", "以内算", "就算对齐", "就算过", "标准是", "阈值是", "容差是", "容差设", "定的标准",
                    "counts as aligned", "we call it aligned", "our bar", "the bar was", "threshold was", "tolerance was",
                    "tolerance of", "we set the tolerance", "we set a tolerance", "pass if", "passes if"))
_CALLED = R.cue_regex(("called it aligned", "call it aligned", "就当对齐了", "算对齐了", "就算对齐了"))
_WITHIN = re.compile(r"\b(?:under|within|below|less than)\b[^.;]{0,12}?\d+(?:\.\d+)?\s*%|\d+(?:\.\d+)?\s*%\s*(?:以内|之内)")
_NOISE = R.cue_regex(("噪声", "波动", "方差", "几个 seed", "多个 seed", "不同 seed", "seed 之间", "seed 带", "noise", "variance",
                      "spread", "band", "across seeds", "several seeds", "different seeds", "seed-to-seed"))


def _unmeasured(r: R.Reading, rubric: Rubric, signal: str) -> Credit | None:
    if _NOISE.search(r.text):
        return None
    def bar(w: Window) -> bool:
        text = R.norm(w.text)
        # (Called aligned within a figure is a bar too: "the difference stayed under, like, 1%, so we called it
        # aligned"; "the final loss differed in the third decimal, so we called it aligned" is a look at the curves.)
        said = _BAR.search(text) or (_CALLED.search(text) and _WITHIN.search(text))
        return bool(said) and not (negated(w) or _BELIEF.search(text))
    # Quoted with the bar's figure where one is said ("the difference stayed under, like, 1%, so we called it aligned").
    return _shortest(r, rubric, signal, lambda w: bar(w) and any(cl.numbers for cl in w.clauses)) or \
        _shortest(r, rubric, signal, bar)


def _said_of_another(r: R.Reading, w: Window, x: set[str]) -> bool:
    """What is called fine is a sibling of X's: the nearest of X's kind named before the words calling it fine is
    another ("PP 只在 stage 边界做 p2p，跨机无所谓" is said of PP, not TP; "PP wants the fast NVLink and TP is fine
    across nodes" of TP)."""
    parents = r.vocab.closed(x) - x
    fine = next(cl for cl in w.clauses if FINE.search(R.norm(cl.text)))
    before = [cl for cl in r.sentence_clauses(fine.sent) if cl.start < fine.start]  # the window may open mid-sentence
    head = R.norm(fine.text)
    parts = [*(R.norm(cl.text) for cl in before), head[: FINE.search(head).start()]]
    for part in reversed([p for text in parts for p in _PARTS.split(text)]):
        # What the part is about opens it ("PP 只在 stage 边界…"); "每个 TP rank 25 MB" only measures by it.
        m = _SUBJECT.match(part)
        kin = {c for c in r.vocab.find(m.group(1))[0] if r.vocab.closed({c}) & parents} if m else set()
        if kin:
            return not kin & x
    return False


_PARTS = re.compile(r"[,，;；、]|\band\b|\bwhile\b|\bbut\b")
_SUBJECT = re.compile(r"\s*(?:so|then|所以|而|但|但是|不过|可是|那)?\s*(\S+)")


# A red flag of reciting names ("只会背环境变量名", "can only recite environment variable names") is shown by a
# sentence listing three of them or more with no word of what any of them does or why it was set.
RECITE_FLAG = re.compile(r"环境变量|environment variable")
_IDENTIFIER = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
_WHAT_FOR = R.cue_regex(("用来", "指定", "控制", "决定", "让", "选", "关掉", "打开", "为了", "注入", "selects", "controls",
                         "tells", "picks", "forces", "to use", "to pick", "so that", "turns off", "turns on", "disables",
                         "enables", "injects", "inject"))


@_once
def recited(r: R.Reading, rubric: Rubric, signal: str) -> Credit | None:
    if not RECITE_FLAG.search(R.norm(signal)):
        return None
    item = rubric.item(signal)
    for w in windows(r, rubric):
        cls = r.sentence_clauses(w.sent)
        if w.clauses != cls or len(set(_IDENTIFIER.findall(r.sentences[w.sent]))) < 3:
            continue
        text = R.norm(w.text)
        if R.CUES["causal"].search(text) or _WHAT_FOR.search(text):
            continue
        return Credit(item.text, w, item.whole, w.terms & item.whole.terms, 1.0)
    return None


def _echoes(flag_side: str, said: str) -> bool:
    """The answer says it in the flag's own words (a word or a pair of characters of that side), not only in words
    of the same concept: "NCCL kernel 空等对端" is no "通信最久的卡"."""
    def words(text: str) -> set[str]:
        return {t[2:7] if t.startswith("w:") else t for t in literal_terms(text, False) if t.startswith(("w:", "z:"))}

    # In Chinese one character of the flag's own wording will do: "耗时最长" is "最久", "慢的那张卡" is "慢卡".
    def chars(text: str) -> set[str]:
        return set(_CJK_CHAR.findall(text)) - _PLAIN_CHARS
    return bool(words(flag_side) & words(said)) or bool(chars(flag_side) & chars(said))


_CJK_CHAR = re.compile(r"[\u4e00-\u9fff]")
_PLAIN_CHARS = set("的了是就在和也都为以这那个一不有我们他它会要能把被对卡到说看用")


def flag_kind(signal: str) -> str:
    n = R.norm(signal)
    for kind, rx in _FLAG_KINDS.items():
        if rx.search(n):
            return kind
    return "other"


# An opening that says what the asked thing is, its subject left to the question: "it's basically…", "就是…".
_IT_IS = re.compile(r"^(?:(?:i think|i guess|i believe|well|so|um|hmm|honestly),? )*"
                    r"(?:it's|it is|that's|that is|it was|it's just|(?:其实|应该|基本上?|大概)?就是)")


_SET_ASIDE = re.compile(r"不能用|不能算|不能拿|不算数|不对|不可以|can't be used|cannot be used|doesn't count|does not count|"
                        r"not valid|is wrong|isn't right")
_READ_FROM = re.compile(r"我们看|我会看|就看|看了?一下|盯着|根据|按照?|从[^，。]{0,12}看|\bwatched\b|\bwatching\b|\bbased on\b|"
                        r"\bjudging by\b|\blook(?:ing|ed)? at\b|"
                        r"\bshowed\b|\bshows\b|\bfrom what\b|\btook it from\b|\btaken from\b|\bread it off\b|"
                        r"从[^，。]{0,16}拿的")


def _equated_asked(r: R.Reading, rubric: Rubric, item: Item, given: frozenset[str]) -> Credit | None:
    """A conflation shown across the question and the answer: "How do you compute MFU?" - "I think it's basically the
    GPU utilization, what nvidia-smi shows", or "What MFU did you reach?" - "About 95%. nvidia-smi showed the GPUs
    fully utilized the whole time". The question names one of the two things; the answer never names it, nor the
    flag's other alternative ("the sparse peak", FLOPs), and offers the other thing in its place: in an opening that
    says what the asked thing is ("it's…", "就是…"), or anywhere, as what it went by, not denied."""
    if not given or not r.clauses:
        return None
    # The two the question names, equated by an answer that opens on it with its subject dropped ("序列并行和上下文并行有
    # 什么区别？" - "其实是一个东西，不同框架叫法不一样…"; "They're basically the same thing…").
    first = r.clauses[0]
    both = {t for t in item.whole.terms if t.startswith("c:")}
    if len(both) >= 2 and both <= given and not first.said and equates(first.text) and not _SET_APART.search(
            R.norm(r.sentences[0])) and not _NEGATION.search(R.norm(first.text)):
        # (Quoted with the sentence that goes on to name them, where a window holds it.)
        w = max((w for w in windows(r, rubric) if w.clauses[0] is first and all(cl.sent == 0 for cl in w.clauses)),
                default=None, key=lambda w: len(w.clauses))
        if w is not None:
            return Credit(item.text, w, item.whole, frozenset(both), 1.0)
    # Not a division that computes the asked thing ("…除以稠密峰值 989 是 39.6%"), nor one set aside in its sentence
    # ("按 1979 的稀疏峰值算就只剩一半，那个不能用").
    every = windows(r, rubric)
    own = [w for w in every if not negated(w) and not _NEGATION.search(R.norm(w.text))
           and not any("formula" in cl.numbers for cl in w.clauses)
           and not _SET_ASIDE.search(R.norm(" ".join(r.sentences[i] for i in {cl.sent for cl in w.clauses})))]
    said = frozenset().union(*(w.terms for w in every))
    named = frozenset().union(*(w.said(r.vocab) for w in every))  # not FLOPs inferred from "MFU 90%"
    opening = next((w for w in own if w.clauses == [r.clauses[0]]), None) if _IT_IS.match(
        R.norm(r.clauses[0].text)) else None
    for point in item.parts:
        asked, other = point.terms & given, point.terms - given
        if not asked or not other:
            continue
        if opening is not None and other <= opening.terms and not opening.terms & asked:
            return Credit(item.text, opening, point, frozenset(other | asked), 1.0)
        if named & asked and not (item.whole.terms - point.terms) & named:
            # Named, given a figure, and the other thing offered as what it was read from ("MFU 大概 90% 多吧，我们看
            # nvidia-smi 里 GPU 利用率基本一直在 95% 以上").
            # (or in the sentence next to it: "MFU was above 90%, I think. Looking at nvidia-smi, GPU utilization…",
            # "We took it from the GPU utilization in nvidia-smi… It sat around 95%…, so MFU was about 95%.")
            before = {i + d for w in own if w.terms & asked for i in {cl.sent for cl in w.clauses} for d in (1, -1)}
            # Its figure in the window, or in the sentence next to it that gives the asked thing ("I'd look at GPU
            # utilization in nvidia-smi. It was around 98%, so MFU was very high.").
            rated = {cl.sent for w in own if w.terms & asked for cl in w.clauses
                     if any(k in ("percent", "ratio") for k in cl.numbers)}
            w = next((w for w in own if other <= w.terms and (w.terms & asked or w.sent in before)
                      and _READ_FROM.search(R.norm(w.text))
                      and (any(k in ("percent", "ratio") for cl in w.clauses for k in cl.numbers)
                           or {w.sent - 1, w.sent + 1} & rated)), None)
            if w is not None:
                return Credit(item.text, w, point, frozenset(other | asked), 1.0)
        # The question's figure of the asked thing said to be the other thing ("简历写 'MFU 从 35% 提到 52%'" - "那个 52% 是
        # 我们 dashboard 上的 GPU 利用率平均值"): what was called the one was the other, whatever the answer says after.
        figures = {t for t in given if t.startswith("n:")}
        w = next((w for w in own if len(w.clauses) == 1 and other <= w.terms and w.terms & figures
                  and not w.terms & asked), None)
        if w is not None:
            return Credit(item.text, w, point, frozenset(other | asked), 1.0)
        if said & asked or (item.whole.terms - point.terms) & said:
            continue
        w = next((w for w in own if other <= w.terms), None)
        if w is not None:
            return Credit(item.text, w, point, frozenset(other | asked), 1.0)
    return None


# A Latin name in a flag ("algbw", "nvidia-smi", "1f1b"), read against the vocabulary's forms.
_LATIN_NAME = re.compile(r"(?<![a-z0-9])[a-z0-9][a-z0-9_.-]*[a-z][a-z0-9_-]*")


def _names_all(c: Credit) -> bool:
    """The window names every concept of the flag's point (another topic's flag must: see flag_clause)."""
    return {t for t in c.point.terms if t.startswith("c:")} <= c.matched


def other_forms(flag: str, said: str, vocab: Vocabulary) -> bool:
    """The flag names only other forms of a concept the answer names by its own forms: "FP8 没用过" is about FP8, not
    "说不出 BF16 与 FP16 的差别" or "不知道哪些计算要留在 FP32" (one concept, precision; four things)."""
    # (Only names with a figure in them are things apart: "column-split" and "column-parallel" are one word.)
    theirs, ours = vocab.forms_in(flag), vocab.forms_in(said)
    return any(c in ours and not theirs[c] & ours[c] for c in theirs)


def flag_clause(r: R.Reading, rubric: Rubric, signal: str, level: int | None, own: bool,
                given: frozenset[str] = frozenset()) -> Credit | None:
    """The clause that shows a red flag of the pack, or None.

    Not knowing is shown by a don't-know clause about the flag's subject; a naive remedy by the candidate offering
    it as their own (not "很多人会先调小学习率"); a misconception by asserting it in an answer that shows no better.
    Another topic's flag needs a closer match than the topic's own.
    """
    item = rubric.item(signal)
    kind = flag_kind(signal)
    conflates = conflation(signal)

    def equated(c: Credit) -> bool:
        # Taking X for Y is shown by saying X is Y in the one or two clauses that name them, not by naming both
        # ("CP、Ulysses、ring attention"; "the CP decision: … is about 55 GB per layer, TP8 with SP…"), and whole:
        # "MFU = … ÷ dense peak" is not "the sparse peak passed off as MFU". Either alternative may be the one
        # equated ("MFU is basically the GPU utilization").
        if not any(c.matched >= p.terms for p in (item.whole, *item.parts)):
            return False
        naming = _naming(r, rubric, c)
        if not naming:
            # "…就开 sequence parallel…也就是 context parallel，两个其实是一个东西": the two named before, equated in so
            # many words.
            sentence = r.sentence_clauses(c.window.sent)
            after = [cl for cl in sentence if cl.start >= c.window.clauses[-1].end][:1]
            return any(_THE_TWO.search(R.norm(cl.text)) and equates(cl.text) and not _SET_APART.search(R.norm(cl.text))
                       for cl in c.window.clauses[1:] + after)
        if any("formula" in cl.numbers or _WORKED.search(R.norm(cl.text)) for cl in naming):
            # "busbw = algbw × 2(n-1)/n" relates the two, as "an algbw of about 267 GB/s, times 1.75 is about 467 GB/s
            # busbw" works one out from the other; neither takes one for the other.
            return False
        # A clause naming nothing around them says what they are to each other ("这两个其实是一回事吧，…Megatron 里叫
        # sequence parallel，别的框架叫 context parallel，名字不一样而已").
        sentence = r.sentence_clauses(naming[0].sent)
        bare = [cl for cl in sentence if not cl.said and not _SET_APART.search(R.norm(cl.text))]
        said = " ".join(cl.text for cl in [*(cl for cl in bare if cl.end <= naming[0].start and _THE_TWO.search(
            R.norm(cl.text))), *naming, *[cl for cl in bare if cl.start >= naming[-1].end][:1]])
        # Two things one concept covers ("BF16", "FP16": precision) are each named in the flag's own words.
        return equates(said) and named <= literal_terms(said) and (not named or _across(said, named))

    # Not telling two things apart ("说不出 BF16 与 FP16 的差别") is shown by saying they are the same, as a
    # conflation is ("BF16 和 FP16 其实差不多"), with no "but" that sets them apart after all ("both are 16 bits
    # and the same size, but BF16 keeps FP32's exponent"); or by saying one does not know.
    apart = kind == "ignorance" and bool(APART.search(R.norm(signal)))
    named = frozenset(t for t in literal_terms(signal, False) if t.startswith("w:")) if apart else frozenset()
    named = named if len(named) >= 2 else frozenset()
    if apart and (c := best(r, rubric, item, strict=not own, short=True, accept=equated)) is not None:
        if not (negated(c.window) or _NEGATION.search(R.norm(c.window.text))
                or _SET_APART.search(R.norm(r.sentences[c.window.sent]))):
            return c
    if (c := directed_asked(r, rubric, signal, given if own else frozenset()) or without(r, rubric, signal)
            or (own and (recited(r, rubric, signal) or looks_same(r, rubric, signal)))):
        # (Another topic's flag names all its subjects: "不知道 ZeRO-3 通信约为 DP 的 1.5 倍" is not said by "开了 overlap
        # 把 DP 的梯度通信藏到反向里…收敛按 token 算是一样的", which names no ZeRO stage.)
        if own or _names_all(c):
            return c  # said which way it goes, fine without it, or names recited: it stands whatever else is shown
    if not own and RECITE_FLAG.search(R.norm(signal)):
        # Another topic's names recited are shown only as recited() reads them, a sentence of names and nothing of what
        # they do: "注入 MASTER_ADDR…RANK 这些环境变量，…init_process_group 用 env:// 就能连到 master" is not that.
        c = recited(r, rubric, signal)
        return c if c is not None and RECITE_FLAG.search(R.norm(c.window.text)) and (level or 1) <= 2 else None
    if (g := _FLAG_LOOKS_SAME.search(R.norm(signal))) and (
            R.norm(g.group(1) or g.group(2)).split()[-1] not in r.text or _SEED_BAND.search(r.text)
            or ((same := list(_LOOKS_SAME.finditer(r.text))) and all(_ABOUT.match(r.text, m.start()) for m in same))):
        # The figure it holds the same is never named ("整个 run 就短了差不多这么多" is of the run), it is held against
        # the seed noise ("loss 曲线按 token 对齐在 seed 波动以内"), or nothing is called the same: "每天能多跑差不多 20% 的
        # token" is "about", of an amount.
        return None
    if kind == "misconception" and not conflates:
        # Argued outright ("NCCL 都是异步调用的，所以基本上都和计算重叠掉了"), it stands whatever else the answer shows.
        c = best(r, rubric, item, strict=not own, short=True, accept=lambda c: _argued(r, rubric, signal, c))
        # (A "not" in a clause between them is part of the argument: "是异步发出去的，不会阻塞计算，所以基本上都藏住了";
        # so is the condition on A alone that _argued let through: "只要开了 async，通信就都…overlap 上了".)
        if c is not None and not (negated(c.window) or any(
                _NEGATION.search(_CONDITION.sub(" ", R.norm(cl.text))) for cl in c.window.clauses
                if clause_terms(r, rubric, cl) & c.matched)):
            return c
    c = best(r, rubric, item, strict=not own, short=True, accept=equated if conflates else None,
             given=given if own and kind == "naive" else frozenset(), offered=own and kind == "naive")
    if c is None and conflates:
        c = _renamed(r, rubric, item)
    if c is None and conflates and own:
        return _equated_asked(r, rubric, item, given)  # its windows are the answer's own, none negated
    if c is None:
        return None
    # Another topic's flag names all its subjects ("换并行度后加载不了旧 checkpoint" is not shown by "存 checkpoint…让它加载").
    if not own and not _names_all(c):
        return None
    w = c.window
    sentence = R.norm(r.sentences[w.sent])
    if kind == "ignorance":
        # At level 1 the answer does not know its own topic's point; another topic's it must say it does not know,
        # of the things that flag names: "通信量……这个我不知道" is not "分不清 algbw 与 busbw", whose names are
        # forms of one concept of communication volume.
        names = [x for x in _LATIN_NAME.findall(R.norm(signal)) if r.vocab.find(x)[0]] if not own else []
        if names and not R.cue_regex(tuple(names)).search(R.norm(w.text)):
            return None
        if other_forms(signal, w.text, r.vocab):
            return None  # "FP8 没用过" is no "说不出 BF16 与 FP16 的差别"
        # Not knowing why something is needed is shown by calling it unneeded ("gang 调度的话，我觉得其实不太需要"),
        # quoted with the words that call it so.
        if WHY_NEEDED.search(R.norm(signal)) and (said := dismissed(r, rubric, c)):
            return Credit(c.item, window(r, rubric, said), c.point, c.matched, c.coverage)
        return c if negated(w) or (own and (level or 1) <= 1) else None
    if negated(w) or _NEGATION.search(R.norm(w.text)) or (kind == "misconception" and (
            _CONTRARY.search(sentence) or _BELIEF.search(sentence) or others_belief(r, w.sent))):
        return None
    if kind == "naive":
        # Shown by the remedy, not by its subject alone: "掉卡后只会手动从头重跑" has nothing left but "掉卡" once its
        # framing is read, and "先看日志发现 NCCL 超时" is no rerun from scratch.
        if len(c.point.terms) < 2:
            return None
        # Done by hand ("坏节点只会人工重启作业") is the point of the flag: a restart policy the system runs
        # ("max_restarts 控制最多重启几次", "作业级的重启策略") is not it.
        if BY_HAND.search(R.norm(signal)) and not BY_HAND_SAID.search(sentence):
            return None
        # A question back ("Do you mean the utilization number from nvidia-smi?") offers nothing, and neither does a
        # restart that happened to something ("an inference replica suddenly restarted mid-run").
        if R.HAPPENED.search(R.norm(w.text)):
            return None
        return c if (level or 1) <= 2 and not naive_negated(sentence) and not asks_back(w.text) else None
    if conflates and sum(1 for t in c.matched if t.startswith("c:")) >= 2:
        return c  # said, with both things named, it stands whatever else the answer shows
    if FLAG_WITHOUT.search(R.norm(signal)) and not _LACKING.search(R.norm(w.text)):
        return None  # "built the packing with document masks" names the flag's words and does the opposite
    return c if (level or 1) <= 2 else None
