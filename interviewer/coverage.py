"""What an answer (or the résumé) already covered: which of a chain's follow-ups it answers, with the quote.

A follow-up is a pack phrase ("最近一次事故从发现到定位用了多久", "how many steps recovery lost"). It is
covered when one stretch of the answer (a sentence, or two neighbouring ones) talks about the phrase's
subject *and* gives what its question asks for: a duration for "how long", a share for "what fraction", a
reason for "why", a method for "how", a number for "how much". Subjects are compared as concept ids (the
scorer's vocabulary, so an English answer meets a Chinese phrase), Latin words and CJK bigrams, weighted by
how rare they are among the plan's follow-ups; a few interview words that are not domain concepts
("locate", "baseline", "afterwards") are folded into classes here.

The interviewer never asks a covered follow-up; an answer's coverage is recorded with its quote on the
candidate's turn, so a reviewer can see why a question was not asked.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass
from functools import lru_cache

from pydantic import BaseModel, Field

from interviewer import scoring_read as R
from interviewer.vocabulary import Vocabulary

# --------------------------------------------------------------------------- what a question asks for

_ASK_ZH = [
    ("duration", r"多久|多长时间|多少时间|用时|耗时多少|几分钟|几秒|几个?小时|几天|停多久|阻塞.{0,8}多少"),
    ("share", r"比例|占比|占.{0,12}(?:多少|几成)|百分之|扩展效率|效率有多少|利用率是多少|空转了多少"),
    ("count", r"多少步|几步|几次|多少次|多少个|几个|多少张|几张|多少台|几台|多少 ?token"),
    ("reason", r"为什么|为何|原因|依据|凭什么"),
    ("choice", r"怎么(?:定(?!位)|选|确定|决定|取)|如何(?:定(?!位)|选|确定)|定下来|选的是|选了|怎么挑|选哪|取多大"),
    ("compare", r"区别|差别|差异|不同|对比(?!的)|相比|还是"),  # "对比的基线是什么" asks which baseline, not a comparison
    ("quantity", r"多少|多大|多快|多高|多低|多长|数字|带宽|吞吐|大概是"),
    ("yesno", r"有没有|是否|是不是|还成立|能不能|会不会|吗$"),
    ("method", r"怎么|如何|怎样|口径|按什么|方法|手段|流程|过程|思路|做法|路径|机制|实现|步骤|顺序|防线|处理"),
    ("what", r"什么|哪些|哪|谁"),
    ("each", r"各自|分别|每种"),
]
_ASK_EN = [
    # ("how you took one hang from first alert to the exact rank" asks the way it went, not its time.)
    ("duration", r"\bhow long\b|\bhow much time\b|\btime to\b|(?<!you )\btook\b|\bdowntime\b|\bminutes?\b|\bblocks?\b"),
    ("share", r"\bhow well\b|\bshare\b|\bfraction\b|\bpercent(?:age)?\b|\bhow much of\b|\befficien|\bratio\b|\bidle\b"),
    ("count", r"\bhow many\b"),
    ("reason", r"\bwhy\b|\breason\b"),
    ("choice", r"\b(?:chosen|chose|choose|decided|picked|determined|selected|set)\b|\binstead\b"),
    ("compare", r"\bdiffer|\bversus\b|\bvs\b|\bcompar(?:e|es|ed|ing|ison)\b|\bor\b.*\?$"),
    ("quantity", r"\bhow much\b|\bhow big\b|\bhow fast\b|\bhow large\b|\bnumbers?\b|\bbandwidth\b|\bthroughput\b"),
    ("yesno", r"^(?:did|does|do|was|were|is|are|has|have|can|could|would)\b|\bwhether\b|\bstill hold"),
    ("method", r"\bhow\b(?!\s+(?:much|many|long|well|often|far|fast|big|large|much of)\b)|\bmethods?\b|\bprocess\b|\bapproach\b|\bways?\b|\bsteps\b|\border\b|\bsafeguard|\bhandled\b|\bpaths?\b|\bmechanisms?\b"),
    ("what", r"\bwhat\b|\bwhich\b|\bwho\b"),
    ("each", r"\beach\b|\brespective"),
]
_ASK = [(k, re.compile(p)) for k, p in _ASK_ZH] + [(k, re.compile(p, re.I)) for k, p in _ASK_EN]
FIGURE_ASKS = frozenset({"duration", "share", "count", "quantity"})  # what a question asks for when it asks a figure


# (Of "多少个 micro batch" the noun is what is counted, not 个: "第一个 stage" counts no micro batch.)
_COUNTED = re.compile(r"\bhow many\s+([a-z]+)|多少\s*个\s*([a-z]+|[\u4e00-\u9fff]{1,2})|多少\s*(步|个|张|台|次|层|卡|token)",
                      re.I)


@lru_cache(maxsize=4096)
def counted(phrase: str) -> re.Pattern | None:
    """For "how many steps…" / "丢了多少步": the count with its noun ("zero steps", "90 步") answers it outright."""
    m = _COUNTED.search(phrase)
    if not m:
        return None
    noun = _stem(m.group(1).lower()) if m.group(1) else m.group(2) or m.group(3)
    return re.compile(rf"(?:\d[\d,.]*|zero|no|a few|several|one|two|three|几|零|[一二两三四五六七八九十百千]+)\s*(?:多\s*)?"
                      rf"(?:个\s*)?{re.escape(noun)}", re.I)


# The frame a question is asked in is no yes or no: "Can you tell me how long…?" asks how long.
_REQUEST = re.compile(r"\b(?:can|could|would) you (?:tell me|walk me through|say|explain)\s*", re.I)


@lru_cache(maxsize=4096)
def ask_kinds(phrase: str) -> frozenset[str]:
    """What a follow-up asks for; a phrase may ask for two things ("which path, and how long")."""
    p = _REQUEST.sub("", phrase).strip().rstrip("?？。.")
    kinds = {k for k, rx in _ASK if rx.search(p)}
    if "quantity" in kinds and kinds & {"duration", "share", "count"}:
        kinds.discard("quantity")
    if "choice" in kinds or re.search(r"\bhow\b.*\bcompares?\b", p, re.I):
        kinds.discard("method")  # "怎么定的", "how X compares with Y": the decision or the comparison, not a way of doing
    return frozenset(kinds or {"what"})


# --------------------------------------------------------------------------- subjects

# Interview words that are not domain concepts but name the subject of many follow-ups.
_CLASSES = {
    # (Not one said not to have been done: "具体原因没查到", "we never found the root cause".)
    "@locate": r"(?<![没未])(?<!没有)(?:定位|找到|查到|锁定|揪出|排查到|抓到)|narrow|locat|pinpoint|"
               r"track(?:ed)? (?:it )?down|isolat|(?<!never )(?<!n't )found (?:the|that|it)|identif",
    "@detect": r"发现|告警|报警|监控|察觉|detect|alert|notic|spotted|paged|caught",
    # (Not "之后" or "后来" alone, which every story goes on with: "重启之后就好了" added nothing.)
    "@after": r"事后|复盘|从那以后|加了|补了|afterwards|since then|postmortem|follow-up|added|safeguard|防线|兜底",
    "@baseline": r"基线|对比的|相比|比起|原来|之前是|baseline|compared (?:to|with)|before the change|versus",
    "@lost": r"丢了|丢失|损失|白跑|回滚|重算|lost|lose|wasted|rolled back|redo|replay",
    "@steps": r"(?<![同异])步|step|iteration",  # (not 同步 / 异步, sync and async)
    "@node": r"节点|机器|服务器|主机|node|host|machine|server|box",
    # "训练卡住了" is stuck, not a GPU; "网卡" is a NIC ("RDMA 网卡是怎么进 Pod 的" was answered by "--nnodes…rank").
    "@gpu": r"(?<!网)卡(?![住死顿壳])|gpu|rank|device|显卡",
    "@scale": r"扩到|扩展|规模|更多卡|更大|scal|more gpus|larger|bigger",
    "@loss": r"loss|收敛|曲线|converge|curve",
    # Curves said to agree: "对过前 2000 步的 loss 曲线，和基线差在 0.01 以内" answers whether they are aligned.
    "@align": r"对齐|对得上|对上了|对过|吻合|重合|差在|以内|match|line[sd]? up|agree|within",
    "@cost": r"代价|开销|成本|多花|cost|overhead|price|expensive",
    # What was saved, said as what is left: "省下的显存" is answered by "每卡只剩几 GB".
    # Said as what was taken away: "SHARD_GRAD_OP would have removed the gradient copy".
    "@saved": r"省下|省了|节省|省掉|只剩|降到|去掉|砍[掉了的]|saved|saving|savings|only \d|down to|remov|shr[ai]nk|\bcut",
    # (A step said to be slower or faster is its time changed: "step 大概慢了 15%", "the step got 15% slower".)
    # A whole told by its parts: "一个 step 的时间分解" is answered by "3.36 秒里面…剩下的是…", not by a step time alone.
    "@parts": r"分解|拆成|拆开|拆下来|拆分|组成|里面|其中|剩下的|\bbreak(?:s|down)?\b|\bsplit\b|\bof which\b|\bthe rest\b",
    "@time": r"时间|耗时|时长|秒|分钟|小时|慢了|快了|time|seconds?|minutes?|hours?|slower|faster|\d\s*m?s\b",
    # An incident named or told: "最近一次事故" is answered by "有一次凌晨 NCCL 超时，训练卡住…".
    "@incident": r"事故|故障|有一次|那次|出过事|卡住|挂了|incident|outage|one time|one night|hung|crashed",
}
_CLASS_RX = {k: re.compile(v, re.I) for k, v in _CLASSES.items()}


def tells_incident(text: str) -> bool:
    """The text names or tells an incident ("最近一次是 NCCL timeout，训练卡住了", "one night the job hung")."""
    return bool(_CLASS_RX["@incident"].search(text))

# Question and function words are the ask, not the subject. Single characters only where they are almost
# never inside a term ("并" is in 并行, "用" in 利用率: both stay).
_FUNCTION_ZH = ("方法|手段|过程|流程|思路|做法|原因|依据|区别|差别|差异|顺序|时机|方式|比例|占比|有没有|是不是|为什么|一个|"
                "怎么样的?|是怎么|怎么|如何|怎样|什么|哪些|哪个|哪一块|哪道|哪|多少|多久|多大|是否|能不能|一次|最近|具体|"
                "讲讲|说说|可以|大概|时候|主要|来自|自己|负责|部分|当时|一下|方面|一块|一道|起来|下来|出来|进去|用了|"
                "还成立|各自|分别|"
                # the way a figure is taken, asked as "方法" is: "MFU 是按什么口径算的" asks how MFU was computed
                "计算口径|口径|"
                # what a list is asked to give, as "方式" is, and how long the asker knows it to be: "五种并行各自切分的维度"
                # asks what each parallelism splits (English drops "one", "two" too)
                "维度|[两三四五六七八九十][种个类]|"
                # the change a ladder step is framed by, not its subject: "优化后证明 loss 对齐的方法" asks about loss alignment
                "优化前|优化后|证明|"
                # what the change added, framing its subject: "多出的通信让 step 时间变了多少" asks about the communication
                "多出来的|多出的|多出来|多出|额外的|"
                "的|了|吗|呢|你|我|和|与|或|把|被|从|到|吧|啊|是")
_FUNCTION_ZH_RX = re.compile(_FUNCTION_ZH)
_STOP_EN = frozenset(
    "the a an and of to in on for how what which is are was were it its each with when where why whether can does do "
    "did not or from that this by be much many at as into up out more less you your we our i my they their there "
    "came come comes "
    "had has have been being so than then also about after before under over per one two any all some long use "
    "used using get got make made way ways kind still hold holds held well run runs ran put puts take "
    "took taken first last latest between while inside behind down show find appear appears exact "
    "common raise each every gain gained end ends whether either other another own part work worked chosen chose "
    "choose decided picked determined selected computed compute calculated calculate measured estimated extra additional change changed changes "
    "optimisation optimization three four five six seven eight nine ten compare compares compared".split())
_LATIN = re.compile(r"[a-z][a-z0-9_.+/-]*[a-z0-9]|[a-z]")
_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")


def _stem(w: str) -> str:
    """A crude stem that agrees across forms: scale, scales, scaled, scaling → scal."""
    for suf in ("ing", "ed", "es", "s"):
        if len(w) > len(suf) + 3 and w.endswith(suf):
            w = w[: -len(suf)]
            break
    return w[:-1] if len(w) > 4 and w.endswith("e") else w


def _piece_units(piece: str, vocab: Vocabulary) -> frozenset[str]:
    # A concept (#id) stands for its ancestors too (~id): an answer about DP talks about parallelism, loosely.
    # The setting (GPUs, nodes: kind "context") says nothing about the subject.
    direct = {c for c in vocab.find(piece)[0] if vocab.kind(c) != "context"}
    out = {f"#{c}" for c in direct} | {f"~{c}" for c in vocab.closed(direct) - direct if vocab.kind(c) != "context"}
    out |= {k for k, rx in _CLASS_RX.items() if rx.search(piece)}
    out |= {_stem(w) for w in _LATIN.findall(piece) if w not in _STOP_EN and len(w) > 1}
    setting = _setting_words(vocab)
    for run in _CJK_RUN.findall(setting.sub("|", piece) if setting else piece):
        out |= {run[i : i + 2] for i in range(len(run) - 1)}
    return frozenset(out)


@lru_cache(maxsize=16)
def _setting_words(vocab: Vocabulary) -> re.Pattern | None:
    """The setting's longer Chinese words ("预处理", "数据清洗"): none of their character pairs is a word of the subject
    ("在预处理时做完" does not say how anything is 处理'd, "打包后跨文档的注意力怎么处理")."""
    forms = sorted({f for c in vocab.concepts.values() if c.kind == "context" for f in c.forms
                    if len(f) >= 3 and _CJK_RUN.fullmatch(f)}, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, forms))) if forms else None


@lru_cache(maxsize=8192)
def units(text: str, vocab: Vocabulary) -> frozenset[str]:
    """A text's subject units: concept ids (#id), interview word classes (@name), Latin stems, CJK bigrams."""
    n = R.norm(text)
    return _piece_units(n, vocab) | _piece_units(_FUNCTION_ZH_RX.sub(" ", n), vocab)


def rule_subject(triggers: list[str], vocab: Vocabulary) -> frozenset[str]:
    """The concept ids a rule's triggers name (the setting, GPUs and nodes, left out): what a chain on it is about."""
    return frozenset(c for t in triggers for c in vocab.find(R.norm(t))[0] if vocab.kind(c) != "context")


@lru_cache(maxsize=8192)
def _known(piece: str, vocab: Vocabulary) -> bool:
    """A Chinese word the vocabulary or an interview word class knows whole (显存, 带宽, 定位)."""
    ids, covered = vocab.find(piece)
    return (len(ids) == 1 and covered == len(piece)) or any(rx.fullmatch(piece) for rx in _CLASS_RX.values())


def _segments(run: str, vocab: Vocabulary) -> list[str]:
    """A Chinese run cut into known words, longest first, and the stretches between them ("存储带宽" → 存储, 带宽)."""
    out, buf, i = [], "", 0
    while i < len(run):
        n = next((n for n in range(min(8, len(run) - i), 1, -1) if _known(run[i : i + n], vocab)), 0)
        if n:
            if buf:
                out.append(buf)
                buf = ""
            out.append(run[i : i + n])
            i += n
        else:
            buf += run[i]
            i += 1
    if buf:
        out.append(buf)
    return [x for x in out if len(x) > 1]


@lru_cache(maxsize=4096)
def subject_groups(phrase: str, vocab: Vocabulary) -> tuple[frozenset[str], ...]:
    """A phrase's subject as groups of units, one group per word of it: "定位" is one group whether the
    answer says 定位, 找到 or "narrowed it down", so synonyms of one word never count as several."""
    n = _FUNCTION_ZH_RX.sub(" ", R.norm(phrase))
    groups = []
    for piece in re.findall(r"[\u3400-\u9fff]+|[a-z0-9][a-z0-9_.+/-]*", n):
        if piece in _STOP_EN or (piece.isascii() and len(piece) < 2):
            continue
        for word in (_segments(piece, vocab) if _CJK_RUN.fullmatch(piece) else [piece]):
            g = _piece_units(word, vocab)
            if g and g not in groups:
                groups.append(g)
    return tuple(groups)


_UNITS = frozenset("kb mb gb tb pb kib mib gib tib gb/s tb/s mb/s gbps ms us ns sec min tflops pflops flops "
                   "tokens/s tok/s".split())
_TECH = re.compile(r"[A-Za-z0-9][A-Za-z0-9_./+-]*[A-Za-z0-9]|[A-Za-z]{2,}")


@lru_cache(maxsize=4096)
def terms(text: str, vocab: Vocabulary) -> tuple[str, ...]:
    """The technical terms of a text, verbatim and in order: what a question may name without reading a claim out.

    Latin words count when they look like a name (MFU, TP8, reshard_after_forward) or the vocabulary knows them
    (busbw, all-reduce); CJK words when a vocabulary form spans them whole (显存, 优化器状态).
    """
    out: list[str] = []
    for m in _TECH.finditer(text):
        w = m.group()
        looks_named = bool(re.search(r"[A-Z].*[A-Z]|\d|_|^[A-Z]{2,}", w)) or (len(w) > 1 and w[1:] != w[1:].lower())
        letters = sum(ch.isalpha() for ch in w)
        if letters < 2 or w.lower() in _UNITS or w.lower() in _STOP_EN:
            continue  # a number, a unit or a formula's variable is a claim's detail, not its subject
        if looks_named or vocab.find(R.norm(w))[0]:
            out.append(w)
    for run in _CJK_RUN.findall(text):
        i = 0
        while i < len(run):
            for n in range(min(8, len(run) - i), 1, -1):
                piece = run[i : i + n]
                ids, covered = vocab.find(piece)
                if ids and covered == n:
                    out.append(piece)
                    i += n - 1
                    break
            i += 1
    return tuple(dict.fromkeys(out))


# --------------------------------------------------------------------------- what an answer gives

_FRACTION = re.compile(r"(?<![\d/])\d+\s*/\s*\d+(?![\d/])(?!\s*=)")  # "1024/64=16" is a division, not a share
_ZH_TIME = re.compile(r"[一二两三四五六七八九十半几\d]+多?\s*(?:个)?多?\s*(?:小时|分钟|秒|天|周)")
_EN_TIME = re.compile(r"\b(?:half an|an|a|one|two|three|a few|a couple of|several|few)\s+(?:hours?|minutes?|seconds?|days?)\b|"
                      r"\bhalf an hour\b|\bovernight\b", re.I)
_SPOKEN_GB = re.compile(r"(?<![a-z0-9.])\d+(?:\.\d+)?\s*g(?![a-z0-9/])")  # "每卡 71G" is a size said aloud
_VAGUE_AMOUNT = re.compile(r"几乎没有|基本没有|可以忽略|忽略不计|几乎为零|没丢|零|negligible|almost none|nothing|zero|none")
_METHOD_WORDS = re.compile(
    r"用|通过|靠|借助|先|再|然后|抓|看|查|比对|对比|对过|比过|dump|采|打|加|改|设|开|关|拆|(?<!交)换|"
    r"\b(?:by|using|used|use|with|via|through|first|then|check|checked|look|looked|ran|run|dump|dumped|"
    r"grep|compare|compared|added|set|switched|moved|split|wrote|built)\b", re.I)


# A time told by its two ends: "从告警到定位到具体 rank 大概 40 分钟", "from the alert to the exact rank took about 40
# minutes".
_ENDS_OF_TIME = re.compile(
    r"从[^，。；,;]{0,30}?到[^，。；,;]{0,30}?(?:用了|花了|大概|大约|约|共|一共|总共|差不多)*\s*"
    r"[\d一二两三四五六七八九十半几]+\s*多?\s*个?多?\s*(?:小时|分钟|秒|天|周)|"
    r"\bfrom [^,.;]{0,60}? to [^,.;]{0,60}?(?:\s(?:took|takes|was|in)\b|:)?\s*"
    r"(?:about|around|roughly|nearly|under|over|just)?\s*(?:\d+|an?|one|two|half an)\s*(?:hours?|minutes?|seconds?|days?)\b",
    re.I)


@dataclass(frozen=True)
class _Span:
    text: str
    pair: bool
    halves: tuple[frozenset[str], ...]  # each sentence's own units: a pair must speak of the item in both
    units: frozenset[str]
    numbers: frozenset[str]  # unit kinds of the numbers in it: time, percent, size, steps, count, bare, ...
    causal: bool
    mechs: frozenset[str]  # mechanisms it names (concept ids)
    tool: bool  # a tool or a setting by name (py-spy, NCCL_IB_HCA)
    method: bool
    compare: int
    weighs: bool  # sets one thing against another ("而", "比", "but", "than", a trade-off)
    pairs: int  # clauses that pair one thing with another ("张量并行切层内的权重矩阵")


def _number_kinds(n: str) -> set[str]:
    """The kinds of the numbers a normalised text gives: time, steps, size, percent, formula, bare, vague…"""
    kinds = {m.lastgroup or "bare" for m in R.NUMBER.finditer(n)}
    if _SPOKEN_GB.search(n):
        kinds.add("size")
    if _ZH_TIME.search(n) or _EN_TIME.search(n):
        kinds.add("time")
    if _FRACTION.search(n):
        kinds.add("percent")
    if R.FORMULA.search(n):
        kinds.add("formula")  # (as the scorer reads it: "tokens/s 乘 6N" is MFU worked out, see the composites)
    if _VAGUE_AMOUNT.search(n):
        kinds.add("vague")
    return kinds


def _span(text: str, vocab: Vocabulary, pair: bool = False) -> _Span:
    n = R.norm(text)
    kinds = _number_kinds(n)
    concepts = vocab.find(n)[0]
    weighs = bool(R.CUES["contrast"].search(n) or R.CUES["tradeoff"].search(n)
                  or re.search(r"比|而|但|不过|不像|一样|相同|不同于|区别|差别|than|\bbut\b|whereas|\bwhile\b|unlike|"
                               r"\bsame\b|\bdiffers?\b|difference|different from", n))
    # The ends of a time told ("从告警到定位到具体 rank 大概 40 分钟") are no way of doing anything.
    how = _ENDS_OF_TIME.sub(" ", n)
    mechs = frozenset(c for c in (vocab.find(how)[0] if how != n else concepts) if vocab.kind(c) == "mech")
    tool = bool(re.search(r"[a-z]+_[a-z_]+|py-spy|nsys|dcgm", how))
    halves = tuple(units(h, vocab) for h in text.split("\n")) if pair else (units(text, vocab),)
    # A figure beside a subject says one more (the vocabulary's composites): "26 GB of BF16 weights" is memory.
    shown = {f"#{c}" for scope in ("clause", "sentence")
             for c in R.composites(vocab.closed(concepts), sorted(kinds), vocab, scope)} - units(text, vocab)
    # A multiple beside collectives answers how much traffic there is against another's ("ZeRO-3 前向和反向各要 all-gather
    # 一次…大概是普通 DP 的 1.5 倍"). (Not the scorer's composite: a marker's quote needs its mechanism, not the multiple.)
    if "ratio" in kinds and "communication" in vocab.closed(concepts) and "comm_volume" in vocab.concepts:
        shown.add("#comm_volume")
    return _Span(text=text, pair=pair, halves=halves, units=units(text, vocab) | shown, numbers=frozenset(kinds),
                 causal=bool(R.CUES["causal"].search(n)), mechs=mechs, tool=tool,
                 method=bool(_METHOD_WORDS.search(how)) and len(how.strip()) >= 8,
                 compare=max(len(set(concepts)), len(terms(text, vocab))) + (2 if weighs else 0), weighs=weighs,
                 pairs=sum(len(set(vocab.find(c)[0])) >= 2 and not _NEGATED.search(c) for c in re.split(r"[，,；;]", n)))


_NEGATED = re.compile(r"没|不|未|\bnot\b|n't|\bnever\b|\bno\b")


def _gives(span: _Span, kinds: frozenset[str], subject: frozenset[str] = frozenset()) -> bool:
    """Whether the span gives what the follow-up asks for (any one of its kinds). A mechanism is one beside the
    follow-up's `subject`: "对齐过" names the alignment asked about, it tells no method of checking it."""
    nums = span.numbers - {"bare", "config"}
    mech = span.tool or any(f"#{c}" not in subject for c in span.mechs)
    for k in kinds:
        if k == "duration" and ({"time", "steps"} & span.numbers or "vague" in span.numbers):
            return True
        if k == "share" and ({"percent", "ratio"} & span.numbers or "vague" in span.numbers) and not _changes_only(span):
            return True
        if k in ("count", "quantity") and (nums or span.numbers & {"bare", "config"} or "vague" in span.numbers):
            return True
        if k == "reason" and span.causal:
            return True
        # (Things named are no choice: "专家并行把不同专家放到不同卡上" says nothing of how the expert count was set.)
        if k == "choice" and (span.causal or span.numbers or span.weighs and span.compare >= 3):
            return True
        # Two things named are not compared: "it was plain ZeRO-3 data parallelism" tells nothing of how ZeRO-3's
        # traffic compares with DP's; "大概是普通 DP 的 1.5 倍" does.
        if k == "compare" and span.compare >= 2 and (span.weighs or "ratio" in span.numbers):
            return True
        if k == "method" and (mech or span.method):
            return True
        if k == "yesno" and len(R.norm(span.text)) >= 6:
            return True
        # "五种并行各自切分的维度": each thing paired with its own, clause by clause; a list of names pairs nothing.
        if k == "each" and span.pairs >= 2:
            return True
        # "What does X solve?" is not answered by naming X: it takes a reason, a mechanism or a figure.
        if k == "what" and (mech or span.causal or nums) and len(R.norm(span.text)) >= 12:
            return True
    return False


# A percentage told as a change ("step 时间缩短 15%", "cutting step time by 15%") is no share of anything: "all-to-all
# 占 step 的比例" is still open after it. "从 12% 降到 1%" gives shares.
_CHANGE = re.compile(r"(?:缩短|降低|减少|减小|提升|提高|加快|快了|慢了|增加|增长|下降|上升|节省|省了|省下|\bby|\bup|\bdown)"
                     r"\s*(?:了)?\s*(?:约|大约|大概|近|about|around|roughly|nearly|almost)?\s*$")


def _changes_only(span: _Span) -> bool:
    """Every percentage of the span is a change told, none a share; a ratio or a vague share aside."""
    if {"ratio", "vague"} & span.numbers:
        return False
    text = R.norm(span.text)
    found = [m for m in R.NUMBER.finditer(text) if m.lastgroup == "percent"]
    return bool(found) and all(_CHANGE.search(text[max(0, m.start() - 16):m.start()]) for m in found)


# --------------------------------------------------------------------------- covering


class Covered(BaseModel):
    """One follow-up of a chain that an answer (or the résumé) already answers."""

    chain: str = Field(description="the chain id")
    item: int | None = Field(default=None, description="index into the chain's follow_ups; None for a ladder rung")
    basis: str = Field(description="the follow-up's pack phrase")
    quote: str = Field(description="the words that answer it, verbatim")
    source: str = Field(default="answer", description="answer | resume")


@dataclass(frozen=True)
class Item:
    index: int
    basis: str
    kinds: frozenset[str]
    groups: tuple[frozenset[str], ...]

    alts: tuple[tuple[frozenset[str], ...], ...] = ()  # an either/or question's alternatives, as subject groups

    @property
    def units(self) -> frozenset[str]:
        return frozenset().union(*self.groups) if self.groups else frozenset()


class Weights:
    """How telling each subject unit is among a plan's follow-ups (rare units say more)."""

    def __init__(self, phrases: list[str], vocab: Vocabulary) -> None:
        self.vocab = vocab
        df: dict[str, int] = {}
        for p in phrases:
            for u in units(p, vocab):
                df[u] = df.get(u, 0) + 1
        n = max(1, len(phrases))
        self._w = {u: math.log((n + 1) / c) + 0.5 for u, c in df.items()}

    def __call__(self, u: str) -> float:
        base = self._w.get(u, 1.0)
        # A concept id is worth more than a word (it is several words); an interview word class is generic.
        return base * (1.5 if u[0] == "#" else 0.6 if u[0] in "@~" else 1.0)


# "whether the gain was in throughput or time to convergence", "提升的是吞吐还是收敛时间": a choice between two.
# The words before the first side are the question's frame ("the gain was in", "提升的是"), not a side's subject.
_EITHER = re.compile(r"^\s*whether\s+(?:.*\b(?:in|was|is|be|by|on)\s+)?(.+?)\s+or\s+(.+?)\s*$|"
                     r"^(?:.*?(?:是|在))?(.+?)还是(.+?)$", re.I)


def item(index: int, basis: str, vocab: Vocabulary) -> Item:
    m = _EITHER.match(basis.strip().rstrip("?？。."))
    sides = [subject_groups(a, vocab) for a in (m.groups() if m else ()) if a]
    alts: tuple = ()
    if len(sides) == 2:
        # What tells the sides apart: a concept both share ("compute-bound", "memory-bound": #bottleneck) picks neither.
        common = frozenset().union(*sides[0]) & frozenset().union(*sides[1])
        alts = tuple(g for g in (tuple(x - common for x in side if x - common) for side in sides) if g)
    return Item(index, basis, ask_kinds(basis), subject_groups(basis, vocab), alts if len(alts) == 2 else ())


# A rate said with its figure is a throughput ("2,900 tokens per second", "每秒 3600 个 token").
_RATE = re.compile(r"\d[\d,.]*\s*k?\s*(?:tokens?|tok|samples?)\s*(?:/|per)\s*(?:s\b|sec|second)|"
                   r"每秒\s*(?:大概|约|差不多)?\s*\d[\d,.]*\s*(?:k|万)?\s*个?\s*(?:token|样本)", re.I)


def _picks(item: Item, spans: list[_Span], weight: Weights) -> _Span | None:
    """A stretch that answers an either/or follow-up by one side, with a figure of it: "2,900 tokens per second"
    answers "throughput or time to convergence?" though it names half the question's words. Every word of the side
    is said, "time to convergence" whole: a step time is no time to convergence. Only for a follow-up of the
    question's own chain (the gain it is about): a step time in an incident story says nothing of it. A formula
    that names the rate ("按 6N 乘每秒 token 数除以峰值算") defines a measure; it reports no gain in it."""
    for groups in item.alts:
        for sp in spans:
            said = sp.units | ({"#throughput"} if _RATE.search(sp.text) else set())
            if not sp.pair and sp.numbers - {"config"} and all(_matched(g, said) for g in groups) and not \
                    R.FORMULA.search(R.norm(sp.text)):
                return sp
    return None


def _stretches(text: str, vocab: Vocabulary) -> list[tuple[str, bool]]:
    """Sentences of the answer and each pair of neighbours (a story spreads one point over two sentences)."""
    sents = [s for s in R.read(text, vocab).sentences if s.strip()]
    return [(s, False) for s in sents] + [(f"{a}\n{b}", True) for a, b in zip(sents, sents[1:])]


def _group_weight(group: frozenset[str], weight: Weights) -> float:
    return max(weight(u) for u in group)


def _matched(group: frozenset[str], span_units: frozenset[str]) -> float:
    """How well the span says one word of the subject: its Latin word 1; its Chinese run by the share of the run's
    character pairs it says ("暴露的通信" says half of "暴露通信占"); the same concept in other words (阻塞 for
    阻塞训练) 0.85; only a broader concept or an interview word class, half."""
    def has(u: str) -> bool:
        return u in span_units or (u[0] == "~" and f"#{u[1:]}" in span_units)

    def narrower(u: str) -> bool:  # a kind of what the group names ("优化器状态" for "显存")
        return u[0] == "#" and f"~{u[1:]}" in span_units

    hit = {u for u in group if has(u)}
    if not hit:
        return LOOSE if any(narrower(u) for u in group) else 0.0
    pairs = [u for u in group if len(u) == 2 and _CJK_RUN.fullmatch(u)]
    literal = 1.0 if any(u[0] not in "#@~" and u not in pairs for u in hit) else \
        (sum(1 for u in pairs if u in hit) / len(pairs) if pairs else 0.0)
    same = SAME if any(u[0] == "#" for u in hit) else 0.0
    loose = LOOSE if any(u[0] in "@~" for u in hit) else 0.0
    return max(literal, same, loose, 1.0 if all(u[0] in "#@~" for u in group) else 0.0)


SAME = 0.7
LOOSE = 0.5


def _subject_share(item: Item, span_units: frozenset[str], weight: Weights) -> float:
    """The weighted share of the item's subject words the span names (a word counts once, by any of its forms;
    by its concept alone, half: "NVLink" is about topology, not about "机内和机间")."""
    if not item.groups:
        return 0.0
    total = sum(_group_weight(g, weight) for g in item.groups)
    return sum(_group_weight(g, weight) * _matched(g, span_units) for g in item.groups) / total


COVER_SHARE = 0.6
RELATED = 0.5


def _distinct(item: Item, weight: Weights) -> tuple[frozenset[str], ...]:
    """The item's most telling words (its rarest groups): a stretch that misses one is about something else. Two
    equally rare words are both telling: "专家数和 EP 度是怎么定的" is not answered by a sentence on the experts alone."""
    if not item.groups:
        return ()
    most = max(_group_weight(g, weight) for g in item.groups)
    return tuple(g for g in item.groups if _group_weight(g, weight) >= most - 1e-9)


# Words of a follow-up that are what it asks for, not its subject: a stretch that lacks them answers something else.
_ESSENTIAL = frozenset({"@parts", "@cost"})


def _names(group: frozenset[str], span_units: frozenset[str]) -> bool:
    """The span names the group's word itself, its concept or a narrower one. A concept beside it under the same
    broader one is not it: "负载均衡那块贡献了 5 个点" names MoE's load balancing, not how the EP degree was chosen."""
    return any(u in span_units or (u[0] == "#" and f"~{u[1:]}" in span_units) for u in group if u[0] != "~")


def _names_itself(top: tuple[frozenset[str], ...], seen: frozenset[str], text: str, vocab: Vocabulary) -> bool:
    """Every telling group is named by its own word or concept: not by a narrower concept, nor by one form of a thing
    that has several (BF16 for the precision format, ZeRO-3 for ZeRO) unless the group holds that form itself."""
    by_form = _by_form(text, vocab)
    return all(any(u in seen and u not in by_form for u in g if u[0] != "~") for g in top)


@lru_cache(maxsize=4096)
def _by_form(text: str, vocab: Vocabulary) -> frozenset[str]:
    return frozenset(f"#{c}" for c in vocab.forms_in(text))


NEAR_SHARE = 0.4
# Concepts a follow-up asks for rather than is about: "Pod 里 RDMA 网络与运行环境的配置" is about the RDMA network.
_ASKED_FOR = frozenset({"#config"})
COUNT_BONUS = 0.3


def covered_items(text: str, items: list[Item], weight: Weights, threshold: float = COVER_SHARE,
                  kinds_only: frozenset[str] | None = None, asked: Item | None = None,
                  answered: bool = True, near: frozenset[int] = frozenset(),
                  named: frozenset[int] = frozenset(),
                  anchors: dict[int, frozenset[str]] | None = None,
                  shared: dict[int, frozenset[str]] | None = None) -> list[tuple[int, str]]:
    """(position in `items`, quote) for every item the text answers.

    The question the text answers (`asked`) is covered by any real answer to it (`answered`: not a miss) that
    gives what it asks, however thinly: asking it again would be a re-ask, pressing for more is not. Any other
    item needs a stretch (a sentence, or two neighbours; one sentence is quoted first) that names its most
    telling word, most of its subject, and gives what it asks. An answer speaks of its question's subject
    without naming it ("用 Volcano，PodGroup 整组调度" answers a question about gang scheduling), so for items on
    the same subject as the question its words count in every stretch. Items `near` the question (the other
    follow-ups of its chain: one incident, one project) need less of their subject, and not their rarest word:
    a story told for one of them answers the others in its own words. Items `named` (near, but on another topic)
    still need their rarest word. An item with `anchors` (a chain's résumé line, by its concepts) is answered only
    by a text that names one of them: "step time was 4.1 s, then 3.36 s" on the MoE line says nothing of how much
    the ZeRO line's extra communication cost. An item's `shared` concepts (what its whole chain is about) are
    named by every answer on its line: an item whose telling word is one of them needs one of its own concepts too.
    """
    if not text.strip():
        return []
    stretches = _stretches(text, weight.vocab)
    spans = [_span(s, weight.vocab, pair) for s, pair in stretches]
    story = any(pair for _, pair in stretches)
    # (Only an answer to the question speaks of its subject unnamed: "没测过 all-to-all 的占比" says nothing of the EP degree.)
    carry = asked.units if asked is not None and answered else frozenset()
    said = frozenset().union(*(sp.units for sp in spans)) | carry
    # What the answer names only as not having happened answers a yes or no, nothing else.
    denied = R.denied(R.norm(text), lambda s: {u for u in units(s, weight.vocab) if u[0] != "@"})
    out = []
    for pos, item in enumerate(items):
        if kinds_only is not None and not item.kinds & kinds_only:
            continue
        if asked is not None and item.basis == asked.basis:
            if answered and (hit := next((sp for sp in spans if _gives(sp, item.kinds)), None)):
                out.append((pos, _verbatim(hit.text)))
            continue
        anchor = anchors.get(pos) if anchors else None
        if anchor and not anchor & said:
            continue
        related = bool(carry) and _subject_share(item, carry, weight) >= RELATED
        is_near = pos in near
        # (A story spreads over sentences: one sentence on something else, "每 500 步存一次 checkpoint，最多丢 500 步", tells
        # no story that answers the others.)
        loose = is_near and pos not in named and not related and story
        top = () if loose or related else _distinct(item, weight)
        # On the question's subject, an item still needs its own words: the stages told for "stage 是怎么切分的" are no
        # answer to "交错式的虚拟 stage 数是怎么选的", whose own subject is the interleaving.
        own = _own_subject(item, carry, weight) if related else None
        yesno = "yesno" in item.kinds
        # (A difference between two things named by their forms, BF16 and FP16, needs both.)
        forms = ({u for u in item.units if u[0] not in "#@~" and weight.vocab.form_of(u)}
                 if "compare" in item.kinds else set())
        subjects: list[frozenset[str]] = []
        if loose and not yesno:
            # What a near follow-up is about: its concepts nearly as telling as its rarest word (a hang, a NaN; not
            # the alert or the "定位" a story says in its own words). (A yes or no is about all of its words but what
            # it predicates: "存储带宽是不是瓶颈" is answered by the storage bandwidth told, "基本就是带宽除出来的时间",
            # without the word 瓶颈. Two of its words do.)
            most = max((_group_weight(g, weight) for g in item.groups), default=0.0)
            subjects = [g for g in item.groups if any(u[0] == "#" and u not in _ASKED_FOR for u in g)
                        and _group_weight(g, weight) >= 0.85 * most]
        # When what the item needs is what its whole chain is about, one of its own concepts is needed too: every
        # answer on the line names the chain's subject. ("…checkpoint 大约 2.4TB，光读就要 1 分钟" names the checkpoint
        # of "换并行度后怎么加载旧 checkpoint", and tells nothing of a changed layout.)
        common = shared.get(pos, frozenset()) if shared else frozenset()
        mine = [g for g in item.groups if not g & common and any(u[0] == "#" and u not in _ASKED_FOR for u in g)] \
            if any(g & common for g in top or subjects) else []
        two = loose and yesno and len(item.groups) >= 2
        rx = counted(item.basis)
        least = min(threshold, NEAR_SHARE) if is_near else threshold
        about = top or tuple(subjects) or _distinct(item, weight)  # what `_of_subject` reads a sentence for
        best, best_key = None, None
        for sp in spans:
            seen = sp.units | carry if related else sp.units
            if denied and not yesno:
                seen = seen - denied  # "it never hung" tells nothing of how a hang was found
                if any(g & denied and not _names(g, seen) for g in item.groups):
                    continue  # nor does a story told as "no hang" answer a near follow-up on one
            if _other_forms(item, seen, weight.vocab):
                continue  # "We trained in BF16…FP32" says nothing of how FP8's scaling was chosen
            if own is not None and not _names(own, sp.units):
                continue
            numbered = rx is not None and bool(rx.search(sp.text))
            if top and not all(_names(g, seen) for g in top) and not numbered:
                continue
            if (top and not (is_near or related) and not numbered
                    and not _names_itself(top, seen, sp.text, weight.vocab)):
                continue  # far off, one format is no telling word: "BF16 下再跑 1000 步" tells no choice of format
            if not numbered and (not all(_names(g, seen) for g in subjects)
                                 or mine and not any(_names(g, seen) for g in mine)
                                 or two and sum(1 for g in item.groups if _matched(g, seen)) < 2):
                continue  # a near follow-up's own subjects: "定位之后把那台机器摘掉" is no NaN hunt
            if sp.pair and not all(any(_matched(g, h) for g in item.groups) for h in sp.halves):
                continue  # two sentences, one of them about something else
            if any(g & _ESSENTIAL and not _matched(g, seen) for g in item.groups):
                continue  # "一个 step 的时间分解" asks for the parts: a step time alone is none
            if not (is_near or related) and _one_idea(item, seen):
                continue  # "用 nccl-tests…看 busbw" names a profiler, and tells nothing of reading its timeline
            if len(forms) >= 2 and len(forms & sp.units) < 2:
                continue  # "…stock Megatron with flash-attention and BF16" compares BF16 with no FP16
            share = _subject_share(item, seen, weight) + (COUNT_BONUS if numbered else 0.0)
            sub = _of_subject(sp, item, about, weight.vocab)
            if anchor and sub is not sp and not anchor & sub.units:
                continue  # "…ring…不受头数限制，但因果掩码下要做负载均衡" says nothing of the MoE line's balancing
            if share >= least and _gives(sub, item.kinds, item.units):
                key = (not sp.pair, round(share, 2), -len(sp.text))
                if best_key is None or key > best_key:
                    best, best_key = sp, key
        if best is None and item.alts and (is_near or related):
            best = _picks(item, spans, weight)
        if best is not None:
            out.append((pos, _verbatim(best.text)))
    return out


_CLAUSE_END = re.compile(r"(?<=[，,；;。：:])")
_A_STORY = re.compile(r"一次|那次|经历|案例|\b(?:one|a time|last time|latest)\b", re.I)
# The things a clause lists side by side ("权重同步和 vLLM 的 sleep/wake-up" names two). (Not English "and", which joins
# clauses as often: "we compared the loss curve with the baseline and they were within 0.01".)
_SIDE_BY_SIDE = re.compile(r"、|(?=和|与|以及)")


def _own_subject(item: Item, carry: frozenset[str], weight: Weights) -> frozenset[str] | None:
    """The heaviest of an item's concepts that the question it is related to does not name, if any; else its most
    telling word, if the question did not name that: "NCCL 建立通信的过程" beside "改了哪些 NCCL 环境变量" is about the
    setting up, which a list of variables does not tell."""
    fresh = [g for g in item.groups if not {u for u in g if u[0] != "~"} & carry]
    named = [g for g in fresh if any(u[0] == "#" and u not in _ASKED_FOR for u in g)]
    if not named:
        named = [g for g in _distinct(item, weight) if g in fresh]
    if not named and len(item.groups) == 1:
        # (One run of words, part of it the question's: "精度格式" beside "混合精度 Adam 下…" is about the format.)
        rest = frozenset(u for u in item.groups[0] if u[0] not in "#@~" and u not in carry)
        named = [rest] if rest and len(rest) < len([u for u in item.groups[0] if u[0] not in "#@~"]) else []
    return max(named, key=lambda g: _group_weight(g, weight)) if named else None


def _of_subject(sp: _Span, item: Item, top: tuple[frozenset[str], ...], vocab: Vocabulary) -> _Span:
    """What a sentence says of the item's subject: of each clause naming it, the things listed beside it left out, and
    the clause after it. A mechanism said of something else is no way of doing the thing asked ("…训练更新 45 秒，剩下是
    权重同步和 vLLM 的 sleep/wake-up" names weight sync as a share of the step, and tells no path it takes)."""
    if sp.pair or not top or not item.kinds & {"method", "what", "choice"} or _A_STORY.search(item.basis):
        return sp  # (a story told answers in its own words: "一次 hang 从发现到定位的过程" need not name the hang)
    # A choice is told where its subject is, or in a reason given after it: "…64 张卡…的 Megatron 默认实现，开了
    # flash-attention 和 BF16；MFU 按 6N…算" tells a baseline, nothing of how the precision format was chosen.
    only_reason = not item.kinds & {"method", "what"}

    def of(piece: str) -> bool:
        return any(_names(g, units(piece, vocab)) for g in top)

    clauses = [c for c in _CLAUSE_END.split(sp.text) if c.strip()]
    kept: list[str] = []
    for i, c in enumerate(clauses):
        if of(c):
            kept += [p for p in _SIDE_BY_SIDE.split(c) if of(p)] or [c]
            if i + 1 < len(clauses) and not of(clauses[i + 1]) and (
                    not only_reason or R.CUES["causal"].search(R.norm(clauses[i + 1]))):
                kept.append(clauses[i + 1])
    text = "".join(kept)
    return sp if not kept or text == sp.text else _span(text, vocab)


def _one_idea(item: Item, span_units: frozenset[str]) -> bool:
    """The span says none of the item's own words and speaks to all its subject through one idea ("读 profiler 时间线的
    顺序" has profiler and 时间线, both a profiler; nccl-tests is one too)."""
    hit = {u for g in item.groups for u in g if u in span_units}
    hit = {u for u in hit if u[0] != "~"} or hit  # (a concept's broader one is the same idea)
    return len(item.groups) >= 2 and len(hit) == 1 and next(iter(hit))[0] in "#@~"


def _other_forms(item: Item, span_units: frozenset[str], vocab: Vocabulary) -> bool:
    """The item names a thing by its form and the span names none of its forms, only others of the same concept:
    BF16 and FP32 are the vocabulary's precision as FP8 is, and another thing."""
    forms = {u for u in item.units if u[0] not in "#@~" and vocab.form_of(u)}
    if not forms or forms & span_units:
        return False
    of = frozenset().union(*(vocab.form_of(u) for u in forms))
    return any(vocab.form_of(u) & of for u in span_units if u[0] not in "#@~")


def _verbatim(stretch: str) -> str:
    """A stretch as the answer wrote it: two sentences joined as they were ("…卡住不动了。我先用…", "…hung. I took…")."""
    return re.sub(r"(?<=[。！？；])\n", "", stretch).replace("\n", " ")


def figures(text: str) -> frozenset[str]:
    """The kinds of figure the text gives (a time, steps, a size, a share…): no bare number, setting or "几乎没有"."""
    return frozenset(_number_kinds(R.norm(text)) - {"bare", "config", "vague"})


def gives(text: str, item: Item, vocab: Vocabulary) -> bool:
    """Whether some stretch of the text gives what the item asks for (a figure, a reason, a method…)."""
    return any(_gives(_span(s, vocab, pair), item.kinds) for s, pair in _stretches(text, vocab))


def names_telling(text: str, item: Item, weight: Weights) -> bool:
    """The text names what the item is about: one of its most telling words, or of the two it opens on, its subject
    ("纯 ZeRO-3 数据并行" for "ZeRO-3 相对 DP 的通信量大概是多少", "70B 不全切显存放不下" for "省下的显存主要来自哪一块"; not
    only a word it shares with many questions, as "删掉整个作业的 Pod 重建" shares the Pod of "RDMA 网卡是怎么进 Pod 的")."""
    said = units(text, weight.vocab)
    return any(_names(g, said) for g in (*_distinct(item, weight), *item.groups[:2]))


def share(text: str, item: Item, weight: Weights) -> float:
    """How much of the item's subject the text names (0-1): how well a pick-up bears on a question."""
    return _subject_share(item, units(text, weight.vocab), weight)
