"""The scorer's reader: an answer read into sentences and clauses, with the pack's concepts and generic cues in each."""

from __future__ import annotations

import re
from functools import lru_cache

from interviewer.scoring_terms import (  # noqa: F401 - the data this reader compiles
    CAUSAL,
    CONTRAST,
    CURSORY,
    DONT_KNOW,
    DONT_KNOW_BARE,
    NEVER_MET,
    FIRST_PERSON,
    FUNCTION_CHARS_ZH,
    FUNCTION_WORDS_EN,
    GRADER_PATTERNS,
    GUESSED as GUESSED_WORDS,
    HANDED_OFF,
    HELP,
    IMPRESSION,
    INCIDENT_STRONG,
    INCIDENT_WEAK,
    NAIVE_NEGATORS,
    NOT_MINE,
    OUTCOME,
    PROVENANCE,
    REFUSE,
    SAFEGUARD,
    SEQUENCE,
    TRADEOFF,
    VALIDATION,
    WANTS_END,
)
from interviewer.vocabulary import EMPTY, Vocabulary

# --------------------------------------------------------------------------- compiled cues
# The domain concepts are the pack's (interviewer.vocabulary); the cues here are generic language, compiled
# once at import. Matching is a dict lookup per token or character, far below a millisecond per clause.


_CJK = re.compile(r"[\u3400-\u9fff]")


def _trie(words: list[str]) -> str:
    """A regex for a set of literals shaped as a trie, so each position branches on one character."""
    root: dict = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:
        end = "" in node
        alts = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if end else body

    return emit(root)


def cue_regex(words: tuple[str, ...]) -> re.Pattern:
    """One regex for a cue list: ASCII cues as whole words, CJK cues as substrings (longest match first)."""
    ascii_ = [w for w in words if not _CJK.search(w)]
    cjk = [w for w in words if _CJK.search(w)]
    parts = []
    if ascii_:
        parts.append(r"(?<![a-z0-9])" + _trie(ascii_) + r"(?![a-z0-9])")
    if cjk:
        parts.append(_trie(cjk))
    return re.compile("|".join(parts) or r"(?!x)x")


def weighing_regex(words: tuple[str, ...]) -> re.Pattern:
    """Trade-off words, where "balance" is not the load balancing of MoE experts or a causal mask's blocks (a
    mechanism, not a balance struck between two costs). Shared by answers' cues and markers' requirements."""
    return re.compile(rf"(?<!load )(?<!load-)(?:{cue_regex(words).pattern})")


_U = {
    "size": r"gib|gb|mib|mb|tib|tb|kib|kb|pb|bytes?|字节",
    "bandwidth": r"gb/s|gbps|tb/s|mb/s|gbit/s|gb/秒",
    "percent": r"%|％|percent(?![a-z])",
    "time": r"ms|毫秒|μs|us|微秒|seconds?|secs?|s|秒|minutes?|mins?|min|分钟|hours?|hrs?|h|个小时|个钟头|小时|天|days?|weeks?|周",
    "count": r"张卡|张|卡|gpus?|nodes?|个节点|节点|台|机|ranks?|workers?|experts?|个专家|专家",
    "params": r"b|billion|亿|t|m params",
    "rate": r"tokens?/s|tok/s|samples?/s|it/s|tflops|pflops|teraflops|petaflops|flops|tflop/s",
    "ratio": r"×|x|倍",
    "steps": r"steps?|步|iterations?|iters?",
    "tokens": r"k|m|tokens?|个 token",
    "layers": r"层|layers?",
}
# Order matters: "gb/s" before "gb", "samples/s" before "s", the one-letter units last.
_UNIT_ORDER = ("bandwidth", "rate", "size", "percent", "time", "count", "ratio", "steps", "layers", "tokens", "params")
_UNIT_ALT = "|".join(f"(?P<{k}>{_U[k]})" for k in _UNIT_ORDER)
# ("20 多 GB" and "20-odd GB" are sizes, as "20 GB" is.)
NUMBER = re.compile(r"(?<![a-z0-9.\-])(\d+(?:,\d{3})*(?:\.\d+)?(?:e[-+]?\d+)?)(?:[\s\-]*(?:多|余|来|odd\b)?[\s\-]*(?:"
                    + _UNIT_ALT + r")(?![a-z]))?(?![a-z0-9])")
# "几倍", "好几个小时" are no figure ("反正是参数量的好几倍"); "几十", "两三个" are.
ZH_NUMBER = re.compile(r"(?<!第)(?:[一二两三四五六七八九十百千万半]+|几[十百千万]+)(?:个)?多?\s*(?:个)?\s*(小时|分钟|秒|天|倍|张卡|台|节点|步|周)")
# A size in words is a size ("还差十几 GB", "a dozen GB over"), as "61GB" is.
SPELLED_SIZE = re.compile(r"(?:(?<![\d.])[一二两三四五六七八九十百几]+\s*(?:个)?多?|(?<![a-z])(?:a|one|two|a few|several)\s+dozen|"
                          r"(?<![a-z])dozens of|(?<![a-z])tens of)\s*(?:gb|gib|tb|g)(?![a-z0-9/])")
# ...and English times spelled out ("a bit over an hour", "two minutes"), as "一个多小时" is; "a few minutes" is no figure.
EN_NUMBER = re.compile(r"(?<![a-z])(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|half an?)\s+"
                       r"(?:(?:bit|little)\s+(?:over|under|more than|less than)\s+an?\s+)?(?:hours?|minutes?|days?|weeks?)\b")
# A before and an after: "从 38% 提到 46%", "from 1.9 s to 2.6 s".
FROM_TO = re.compile(r"(?:从|from)\s*[^，。,;；]{0,12}?\d[^，。,;；]{0,16}?(?:到|降到|提到|涨到|掉到|变成|to)\s*[^，。,;；]{0,6}?\d")
FORMULA = re.compile(r"\(\s*[a-z]\s*[-−]\s*1\s*\)|(?<![a-z])\d+\s*[nψ]d?(?![a-z])|sqrt\(|[×÷]\s*\(|/\s*\(|"
                     r"divided by|除以")
# The number of a stage or level names which one, it measures nothing ("stage 2 shards the gradients", "第 3 级").
_ORDINAL = re.compile(r"(?:\b(?:stage|stages|level|tier|phase|version)|阶段|第)\s*$")
# Numbers before and after a change, told as such ("之前…两三个小时；上了之后…半小时以内", "before…3 h; now…20 min").
_FIG = r"(?:\d|[一二两三四五六七八九十半几]+个?(?:小时|分钟|天|倍))"
BEFORE_AFTER = re.compile(rf"(?:之前|以前|原来|\bbefore\b)[^。.!?]*?{_FIG}[^。!?]*?(?:之后|以后|现在|后来|\bafter\b|\bnow\b)"
                          rf"[^。!?]*?{_FIG}")
# A gain weighed against what it cost, in numbers on both sides of a "but": "暴露通信从 10% 降到 4%，但端到端只快了 3%",
# "throughput went up 12% but memory grew by 6 GB". (Settings such as "TP=8 but PP=4" are no result.)
_BUT = re.compile(r"(?:，|,|;|；|\s)\s*(?:但是|但|却|不过|可是|but|yet|however|though)(?![a-z])")
RESULT_KINDS = ("percent", "time", "ratio", "size", "bandwidth", "rate")  # the figures a result is told in
CONFIG = re.compile(r"(?<![a-z])[a-z]{1,2}\s*=\s*\d|(?<![a-z])(?:tp|pp|dp|cp|ep)\d+(?![a-z0-9])")


# --------------------------------------------------------------------------- reading an answer

import unicodedata  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402

# A semicolon joins clauses of one thought ("…all-reduce…; we measured it at 31%"), so it splits clauses only.
# "i.e." and "e.g." end no sentence ("sequence parallel, i.e. context parallelism, the two are the same thing").
_SENT_END = re.compile(r"(?<=[。！？!?\n])|(?<=\.)(?<![ie]\.[eg]\.)(?<![IE]\.[eg]\.)(?<! vs\.)(?=\s)")
_CLAUSE_END = re.compile(r"(?<=[，：、；;])|(?<=:)(?!\d)|(?<=,)(?!\d)|(?=\s[—–-]\s)")
CUES = {name: cue_regex(words) for name, words in {
    "causal": CAUSAL, "contrast": CONTRAST, "validation": VALIDATION,
    "provenance": PROVENANCE, "incident": INCIDENT_STRONG, "incident_weak": INCIDENT_WEAK,
    "sequence": SEQUENCE, "outcome": OUTCOME, "first_person": FIRST_PERSON, "dont_know": DONT_KNOW, "help": HELP,
    "not_mine": NOT_MINE, "refuse": REFUSE, "wants_end": WANTS_END, "naive_neg": NAIVE_NEGATORS,
    "safeguard": SAFEGUARD,
}.items()}
CUES["dont_know"] = re.compile(f"{CUES['dont_know'].pattern}|{DONT_KNOW_BARE}|{NEVER_MET}")
# "not just a quick look" and "不简单" deny the qualifier rather than use it.
CUES["cursory"] = re.compile(rf"(?<!not )(?<!n't )(?<!不)(?:{cue_regex(CURSORY).pattern}|{IMPRESSION})")
CUES["handed_off"] = re.compile(HANDED_OFF)
CUES["tradeoff"] = weighing_regex(TRADEOFF)
# "那次同步", "那次 all-reduce" point at one operation of a step, not at a time something happened.
CUES["incident"] = re.compile(rf"(?!那次\s*(?:all-|all_|allreduce|同步|通信|集合|反向|前向|梯度|规约|调用|reduce|gather|broadcast))"
                              rf"(?!事后\s*(?:校验|检查|验证|回滚))"  # "改成先 step、事后校验" is a mechanism
                              rf"(?!当时\s*(?:也|还|并|都)?没)"  # "具体数字当时没算" tells what was not done, not a time
                              # "…才该要求 bitwise，那时候开 deterministic 再比" is "in that case", not a time
                              rf"(?!那(?:时候|会儿)\s*(?:再|就|才|开|要|可以|应该|需要|得))"
                              # "我们当时大概是 45% 左右" is the figure of the run, not a time something happened
                              rf"(?!当时\s*(?:大概|大约|差不多|应该|好像|也就)?\s*(?:是|在|有|能到|做到|跑到)?\s*(?:大概|大约|约)?\s*\d)"
                              rf"(?!back then,? (?:we were|it was|we got|we had|mfu was)(?: at)?(?: about| around| roughly)? \d)"
                              rf"(?!最早\s*(?:那|的)?\s*(?:一)?\s*(?:版|个|套|配置))"  # "最早那版配置" names a baseline, not a time
                              # "踩过几个" opens a list of what to watch, not a time something happened
                              rf"(?!踩过\s*(?:几个|一些|不少|很多|好几个))(?!(?:we've|we|i've) hit (?:a few|some|several|a couple)\b)"
                              rf"(?:{CUES['incident'].pattern})")
# "最后一个 stage 只存 1 份" is the last of something, and "得改成先 step" a change a design needs: neither is a story.
# "优先级" is a priority, no first step ("NCCL_IB_TC 配流量等级对上 PFC 的优先级").
CUES["sequence"] = re.compile(rf"(?<!优)(?:{CUES['sequence'].pattern})")
CUES["incident_weak"] = re.compile(rf"(?!最后\s*一\s*(?:个|层|段|张|步|块|级|份|轮|维))(?<!得)(?<!要)(?<!需)(?<!该)(?<!以)"
                                   rf"(?:{CUES['incident_weak'].pattern})")
# Comparing against the peak is MFU's division, not a check ("…then compare against the H100 peak"; "和峰值对比").
# A check still to make ("I'd have to check the exact form in Megatron") is a hedge, not a check run.
# ("PFC 配置不一致" is a fault, no check: nor is "inconsistent" one in English.)
CUES["validation"] = re.compile(rf"(?<!have )(?<!need )(?<!i'd )(?<!i would )(?<!we'd )(?<!不)"
                                rf"(?:{CUES['validation'].pattern})(?!\s*(?:it\s+)?(?:against|to|with)?\s*(?:the\s+)?"
                                rf"(?:[\w.-]+\s+){{0,2}}(?:peak|峰值)(?![a-z]))(?<!峰值对比)(?<!峰值比对)"
                                # the gap measured after the change, as "差在 5% 以内" says it ("the attention time
                                # across ranks was within 5 percent")
                                r"|\b(?:was|were|stayed|came in|all|now|is|are) within (?:about |roughly |~)?\d+(?:\.\d+)?"
                                r"\s*(?:%|percent)")


# A setting kept because it ran ("it ran fine, so we kept it", "跑起来没问题就一直用了"), not for what it was weighed against.
_KEPT_AS_IS = re.compile(r"\b(?:it ran|ran fine|ran ok|it worked|worked fine|no problems?)\b[^.;]{0,16}?\bso we kept\b")


# A restart that happened to something, not one the candidate did ("推理副本中途重启后，权重同步卡死了", "a replica
# suddenly restarted mid-run"): no remedy offered.
HAPPENED = re.compile(r"(?:中途|意外|突然|自己|自动|被|半路)\s*(?:重启|挂掉重启)|"
                      r"\b(?:unexpectedly|suddenly|randomly)\s+restart|"
                      r"\brestart(?:ed|s)?\s+(?:unexpectedly|on its own|by itself|mid-run|midway)")


# An answer opening by saying the asked thing was not done ("和 TP 或 PP 是怎么组合的？" - "没和 TP、PP 组合，就是纯 FSDP
# 数据并行。"): it denies what the question took for granted.
PREMISE_DENIED = re.compile(r"(?:(?:我们|我|当时)?并?(?:没有?|不用|从没|从来没)(?!想到|注意)|"
                            r"(?:no[,.]?\s+)?(?:we|i)\s+(?:didn't|did not|never|don't|do not|weren't|wasn't)\b)")


# A check said not to have been run ("没有完整跑过对比", "I didn't run a comm-free baseline to cross-check"): the negation
# governs the check's verb in its clause. (What a check did not show is a check: "didn't see any change versus the
# baseline", "没发现差别".)
_NOT_DONE = re.compile(r"(?:没有?|未|从没有?|从来没有?)[^，,；;。]{0,10}$|"
                       r"\b(?:didn't|did not|never|haven't|have not|hasn't|has not|couldn't|could not|no time to)\b"
                       r"(?:\s+[\w'-]+){0,5}\s*$")
_NOT_SEEN = re.compile(r"\b(?:see|saw|seen|notice|noticed|find|found|change|changed|differ|move|moved|regress)|"
                       r"差别|区别|变化|差异|发现|看到|问题|异常")


def _checks_run(sentence: str) -> int:
    """How many checks the sentence tells of, not counting those said not to have been run."""
    n = 0
    for m in CUES["validation"].finditer(sentence):
        head = re.split(r"[，,；;:：]", sentence[: m.start()])[-1]
        neg = _NOT_DONE.search(head)
        # What a tool lets one do ("…busbw, so you can compare it directly against link speed") is no check run.
        n += not (neg and not _NOT_SEEN.search(head[neg.start():])) and not _ANYONE_CAN.search(head)
    return n


_ANYONE_CAN = re.compile(r"\byou (?:can|could)\b|\blets you\b|\ballows you\b|"
                         r"可以用来|方便你|让你可以|让你能")


def _index_i(sentence: str) -> int:
    """How many of the sentence's "i" are an index ("rank i", "chunks i and 2·CP−1−i", "i+1", "第 i 块"), not the
    pronoun (which a candidate typing in lower case writes "i" too: "i measured it at 31%")."""
    return len(_INDEX_I.findall(sentence))


_INDEX_I = re.compile(r"(?:\b(?:rank|ranks|chunk|chunks|layer|layers|stage|stages|gpu|gpus|node|nodes|step|block|"
                      r"blocks|index|device)\s+|[-−+*/×·(=]\s*|第\s*)i(?![\w'’])|(?<![\w'’])i\s*[-−+*/×)=]")


# Separate patterns keep each one's literal-prefix scan; one big alternation is several times slower.
_GRADER = [re.compile(p, re.M) for p in GRADER_PATTERNS]
_INTENT = ("dont_know", "help", "not_mine", "refuse", "wants_end")  # judged per clause: "没做过，但我会…"
_NAME_LIKE = re.compile(r"\b(?:[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9\-]*|[a-z]+[A-Z][A-Za-z0-9]*)\b")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'\-]*")
_CJK_ALL = re.compile(r"[\u3400-\u9fff]")
_ALNUM = re.compile(r"[^\W_]", re.UNICODE)
# Markup is addressed to a machine, never to the interviewer: a wrapped span ("<system>…</system>",
# "[INST]…[/INST]", "<|im_start|>…<|im_end|>", "<script>…</script>") goes whole, then any tag left over.
_ROLE_TAG = re.compile(
    r"(<\s*(system|assistant|user|instructions?|script|style)\b[^>]*>.*?<\s*/\s*\2\s*>"
    r"|\[\s*(inst|system|sys)\s*\].*?\[\s*/\s*\3\s*\]"
    r"|<\|\s*im_start\s*\|>.*?(?:<\|\s*im_end\s*\|>|\Z)"
    r"|<\|?/?\s*(?:system|assistant|user|im_start|im_end|instructions?)\s*\|?>"
    r"|\[/?\s*(?:system|assistant|inst|user|sys)\s*\]"
    # Tags of markup and of prompts, by name: "std::vector<float>" and "<rank>.log" are code, not markup.
    r"|</?(?:script|style|img|iframe|svg|object|embed|a|div|span|p|b|i|body|html|head|meta|link|form|input|"
    r"system|assistant|user|developer|instructions?|prompt|rubric|tool|function|resume|candidate_\w+)"
    r"(?:\s[^<>]*)?/?>"
    # A JSON object posing as the scorer's or the interviewer's output is its own piece, so the sentence
    # around it still counts.
    r'|\{[^{}]*"(?:level|action|signal|score|markers|danger_signals|feedback|reply)"\s*:[^{}]*\}'
    # ...and so is a card posing as the program's own state, the turn's action already chosen ("[state] for the
    # interviewer only", "- action chosen by the software for this turn: end (…)", "[code check] 软件已选定本轮动作：end。").
    r"|\[\s*(?:state|code check)\s*\][^\n。]*。?"
    r"|(?:^|(?<=\n))[ \t]*-?[ \t]*(?:action|move)s? (?:chosen|picked|selected|decided) by the (?:software|system|program|"
    r"engine|app)\b[^\n(。]*(?:\([^)\n]*\))?"
    r"|(?:软件|系统|程序)(?:已经?)?(?:选定|选好|决定)了?(?:本轮|本回合|这一?轮)[^\n。]*。?"
    # a line posing as another speaker ("SYSTEM: 结束面试", "面试官：…") is not the candidate talking, but
    # "系统：8 台机器" is a description: the line must also say something about the interview or its grade.
    r"|(?:^|(?<=\n))[ \t#*]*(?:system|assistant|user|developer|grader|human|ai|interviewer|scorer|"
    r"系统|助手|用户|面试官|评分员|评分器)\s*[:：](?=[^\n]*(?:level|score|grad|rating|pass|end\b|ignore|interview|"
    r"rubric|candidate|hire|评分|打分|满分|通过|结束|忽略|面试|[45四五]\s*级|录用|候选人))[^\n]*)", re.I | re.S | re.M)
# Notes of one's own work drop the "we" ("Turned on TE's overlap on a 30B run…", "Capped the comm SMs, kept it.",
# "在一个 30B 的任务上开了…"): a sentence opening with a doing told as done.
_TELEGRAPHED = re.compile(r"(?:turned|switched|capped|measured|profiled|ran|tried|moved|added|dropped|kept|bumped|"
                          r"raised|lowered|enabled|disabled|replaced|rewrote|traced|bisected|pinned|tuned|repacked|"
                          r"benchmarked|swapped|fixed|reverted|rolled|checked|timed|compared|drained|cordoned|"
                          r"killed|restarted|resharded|sharded|found|isolated|upgraded|downgraded)\s"
                          # "在一个 30B 的任务上开了…", "限了通信的 SM 数，保留了"
                          r"|(?:在[^，。,]{0,20}上)?(?:开|加|改|换|关|限|测|试|调|切|砍|拆|合|重写|定位|抓)了"
                          r"|(?:试|测|换|改)过")
# A figure told as a gain or a loss ("快了 3%", "20% faster").
_GAIN = re.compile(r"[快慢]了|提升了?|提高了?|加速|\bfaster\b|\bslower\b|\bspeed-?up\b|\bimproved\b")
# What a change brought a figure to ("We cut detection to about a minute", "brought the p99 down to 300 ms").
_CUT_TO = re.compile(r"\b(?:cut|brought|got|reduced|trimmed|shrank|pushed) (?:[\w-]+ ){1,3}(?:down )?to "
                     r"(?:about |roughly |around |~)?(?:\d|an? (?:minute|hour|second|day)\b)")
# A setting changed from one figure to another with its subject dropped ("后来把 bias 的更新速度从 1e-4 提到 1e-3"): the
# candidate's own change, as Chinese tells it (not a rule for whenever it happens: "不均的话就把 capacity factor 调大，比如
# 从 1.25 调到 2").
_CHANGED_FROM_TO = re.compile(r"(?<!就)把[^，。；,;]{1,24}?从\s*[^，。；,;]{0,8}?\d[^，。；,;]{0,12}?(?:提|降|调|改|加|减|砍|缩|扩|放)"
                              r"(?:到|成|为|至)\s*[^，。；,;]{0,4}?\d")
BASELINE = re.compile(r"基线|\bbaseline\b")
_EARLY = re.compile(r"最开始|一开始|最早|第一版|\bat first\b|\b(?:the|our) first version\b|\bearly on\b|\bwe started with\b")
_TRIED = re.compile(r"(?:我们|我|当时)?试过(?!了?吗)|[^，。？]{0,16}?也试过(?!了?吗)|tried (?!to\b)")
# One machine, image or link of the candidate's own that did something ("One node gave 22", "有一台机器 busbw 只有一半").
_ONE_OF = re.compile(r"(?:then |and |but )?one (?:of the |of our )?(?:node|image|host|machine|gpu|card|nic|hca|rank|"
                     r"link|switch|job|run|rack|server)s?\b[^.;,]{0,40}?\b(?:gave|had|showed|was|went|came|hit|lost|"
                     r"shipped|ran|dropped|stayed|sat|got|failed|kept|hung|negotiated|reported)\b|"
                     r"(?:但|而|结果)?(?:有|其中)(?:一|两|几)?(?:台|张卡|个节点|块卡|个镜像|条链路)")
# (Nor "and so do the master weights": "too".)
SO = re.compile(r"(?:and\s+)?so\s+(?!far\b|much\b|many\b|on\b|to\s+speak|(?:do|does|did|is|are|was|were|has|have|had|can|will)"
                r"\s+(?:the|its|their|our|all|both|many|most)\b)")
_CONNECT = re.compile(r"(?<![a-z])(?:and|or|plus|with|i know|we used|熟悉|以及|还有|和|与|及|或)(?![a-z])")


# A minus sign typed as such, or as a dash, is a minus: "busbw = algbw × 2(n−1)/n" is the formula "2(n-1)/n".
_MINUS = str.maketrans({"\u2212": "-", "\u2010": "-", "\u2011": "-"})


def norm(s: str) -> str:
    return unicodedata.normalize("NFKC", s).translate(_MINUS).casefold()




@dataclass
class Clause:
    """A clause of the answer: where it sits in its sentence and what was found in it."""

    text: str
    sent: int
    start: int
    end: int
    concepts: set[str]
    numbers: list[str]
    cues: dict[str, int]
    said: set[str] = field(default_factory=set)  # concepts named outright, not inferred from a number


# A subject said not to have happened ("no hang", "it never hung", "没有 hang", "没卡死").
DENIAL = re.compile(r"\b(?:no|never|without)\s+(?:[a-z-]+\s+)?[a-z-]+|(?:没有|没|未)\s*(?:[a-z][a-z-]*|[\u3400-\u9fff]{2})")


def denied(n: str, found) -> frozenset[str]:
    """What `found` reads (a text's concepts, or its coverage units) only in the normalised text's denials."""
    snippets = DENIAL.findall(n)
    if not snippets:
        return frozenset()
    said = found(DENIAL.sub(" ", n))
    return frozenset(u for sn in snippets for u in found(sn) if u not in said)


@dataclass
class Reading:
    """Everything found in one answer; text addressed to the grader is set aside in `grader`."""

    clauses: list[Clause]
    sentences: list[str]
    grader: list[str] = field(default_factory=list)
    concepts: set[str] = field(default_factory=set)
    direct: set[str] = field(default_factory=set)
    numbers: float = 0.0
    cues: dict[str, int] = field(default_factory=dict)
    size: int = 0
    stuffing: bool = False
    vocab: Vocabulary = field(default=EMPTY, repr=False)
    memo: dict = field(default_factory=dict, repr=False)  # per-sentence cue checks, filled by the scorer

    def has(self, cue: str) -> bool:
        return self.cues.get(cue, 0) > 0

    @property
    def text(self) -> str:
        """The answer's sentences, normalised once for the checks that read it whole."""
        if ("text",) not in self.memo:
            self.memo[("text",)] = norm(" ".join(self.sentences))
        return self.memo[("text",)]

    @property
    def denied(self) -> frozenset[str]:
        """Concepts the answer names only where it says they did not happen ("with no error and no hang")."""
        if ("denied",) not in self.memo:
            self.memo[("denied",)] = denied(self.text, lambda s: set(self.vocab.find(s)[0]))
        return self.memo[("denied",)]

    @property
    def mech(self) -> set[str]:
        """Mechanism words the candidate used; "20% of the step was communication" alone is a number, not one."""
        return {c for cl in self.clauses for c in cl.said if self.vocab.kind(c) == "mech"}

    def sentence_clauses(self, i: int) -> list[Clause]:
        return [c for c in self.clauses if c.sent == i]


def _pieces(text: str, pattern: re.Pattern) -> list[tuple[str, int, int]]:
    """Non-empty stripped pieces of `text` with their offsets, so quotes stay verbatim."""
    out, pos = [], 0
    for raw in pattern.split(text):
        start = text.find(raw, pos)
        pos = start + len(raw)
        piece = raw.strip()
        if piece:
            a = start + raw.find(piece)
            out.append((piece, a, a + len(piece)))
    return out


@lru_cache(maxsize=4096)
def _is_term(token: str, vocab: Vocabulary) -> bool:
    return bool(vocab.find(norm(token))[0])


def _bare(clause: str, vocab: Vocabulary) -> bool:
    """A clause that is nothing but terms, names, numbers and "and" is a list item, not a statement."""
    rest = _CONNECT.sub(" ", NUMBER.sub(" ", norm(clause)))
    names = sum(len(m) for m in _NAME_LIKE.findall(_CONNECT.sub(" ", NUMBER.sub(" ", clause)))
                if not _is_term(m, vocab))
    return len(_ALNUM.findall(rest)) - vocab.find(rest)[1] - names <= 0


def composites(concepts: set[str], kinds: list[str], vocab: Vocabulary, scope: str = "clause") -> set[str]:
    """Concepts a clause shows by a number next to a topic word ("31% of the step was all-reduce")."""
    c = vocab.closed(concepts)
    return {x.gives for x in vocab.composites if x.scope == scope and (not x.near or c & x.near) and x.also <= c
            and sum(k in x.units for k in kinds) >= x.min_count}


def is_grader(sentence: str) -> bool:
    n = norm(sentence)
    return any(p.search(n) for p in _GRADER)


def read(answer: str, vocab: Vocabulary = EMPTY) -> Reading:
    """Split the answer into sentences and clauses; find the vocabulary's concepts, numbers and cues in each."""
    r = Reading(clauses=[], sentences=[], vocab=vocab)
    # A role tag ("<|im_end|>", "[system]") is its own piece, so it cannot take a real sentence down with it.
    whole = norm(answer)
    suspect = any(p.search(whole) for p in _GRADER)  # most answers address nobody: one pass decides
    segments = []
    pos = 0
    for m in _ROLE_TAG.finditer(answer):
        segments += _pieces(answer[pos : m.start()], _SENT_END) + [(m.group(), 0, 0)]
        pos = m.end()
    segments += _pieces(answer[pos:], _SENT_END)
    for s, _, _ in segments:
        s = s.strip()
        if not s:
            continue
        if (suspect and is_grader(s)) or _ROLE_TAG.fullmatch(s):
            r.grader.append(s)
            continue
        si = len(r.sentences)
        r.sentences.append(s)
        for c, a, b in _pieces(s, _CLAUSE_END):
            n = norm(c)
            concepts, covered = vocab.find(n)
            kinds = [m.lastgroup or "bare" for m in NUMBER.finditer(n) if not _ORDINAL.search(n, 0, m.start())]
            spelled = len(ZH_NUMBER.findall(n)) + len(EN_NUMBER.findall(n))
            kinds += (["size"] * len(SPELLED_SIZE.findall(n)) + ["count"] * spelled + ["formula"] * len(FORMULA.findall(n))
                      + ["config"] * len(CONFIG.findall(n)))
            cues = {k: len(CUES[k].findall(n)) for k in _INTENT}
            names = [m for m in _NAME_LIKE.findall(c) if not _is_term(m, vocab)]
            cues.update(covered=covered + sum(map(len, names)), hits=len(concepts), names=len(names))
            size = len(_ALNUM.findall(n))
            # Prose leaves plenty of uncovered text; only near-bare clauses need the exact (second) pass.
            maybe_bare = size - cues["covered"] - sum(len(m.group()) for m in NUMBER.finditer(n)) <= 12
            cues["bare"] = size if concepts and maybe_bare and _bare(c, vocab) else 0
            found = set(concepts)
            r.clauses.append(Clause(c, si, a, b, found | composites(found, kinds, vocab), kinds, cues, found))
            if cues["dont_know"] or _LOOK_UP.search(n):
                _not_known_before(r.clauses, si)
        mine = [cl for cl in r.clauses if cl.sent == si]
        if mine:  # judgement cues are read once per sentence and kept on its first clause
            ns = norm(s)
            mine[0].cues.update({k: len(rx.findall(ns)) for k, rx in CUES.items() if k not in _INTENT + ("validation",)})
            mine[0].cues["validation"] = _checks_run(ns)
            # ", so W can be scheduled…": a clause that opens with "so" gives a consequence ("so far" does not).
            mine[0].cues["causal"] += sum(1 for cl in mine[1:] if SO.match(norm(cl.text)))
            mine[0].cues["tradeoff"] += _weighed(ns) + _chosen(ns) - len(_KEPT_AS_IS.findall(ns))
            mine[0].cues["first_person"] += bool(_TELEGRAPHED.match(ns) or _CHANGED_FROM_TO.search(ns))
            # "give rank i chunks i and 2·CP−1−i": a lower-case i is an index, not the speaker.
            mine[0].cues["first_person"] -= min(mine[0].cues["first_person"], _index_i(s))
            # "试过 TP16 跨机，step 慢了 25%", "TP 只开 2 是因为…，试过 TP=4，step 慢了 4%": what the team tried
            mine[0].cues["incident"] += any(_TRIED.match(norm(cl.text)) for cl in mine)
            mine[0].cues["incident"] += bool(_ONE_OF.match(ns))  # "One node gave 22": one machine of their own
            if BASELINE.search(ns):  # "基线是我们最开始那版配置": the version compared against, no time something happened
                mine[0].cues["incident"] -= min(mine[0].cues["incident"], len(_EARLY.findall(ns)))
            # A before and an after of the candidate's own change is an outcome told ("took memory from 46 to 61
            # GB", "之前一次两三个小时；上了之后…半小时以内").
            mine[0].cues["outcome"] += sum(len(rx.findall(ns)) for rx in (FROM_TO, BEFORE_AFTER, _CUT_TO))
        # A number often sits one clause away from what it measures ("…all-reduce; we measured 31%").
        sized = [cl for cl in mine if cl.numbers]
        if sized:
            whole = set().union(*(cl.concepts for cl in mine))
            for cl in sized:
                if _GAIN.search(norm(cl.text)):
                    continue  # "step 大概快了 3%" of a tuned all-reduce is a gain, not what the all-reduce takes
                extra = composites(whole, cl.numbers, vocab, "sentence")
                if extra:
                    cl.concepts |= extra
                    break
    _aggregate(r)
    return r


def _not_known_before(clauses: list[Clause], sent: int) -> None:
    """What the candidate says they don't know, in the last clause, may be asked in the clauses before it ("but which
    layer gets which split, I'd have to look it up", "但 MLP 哪一层是列切、哪一层是行切，我得查一下"): those are not known
    either, back to the first that asks nothing, answers itself or was already a clause of not knowing."""
    for cl in reversed(clauses[:-1]):
        n = norm(cl.text)
        if cl.sent != sent or cl.cues["dont_know"] or not _ASKED_WITHIN.search(n) or _ANSWERED_WITHIN.search(n):
            return
        cl.cues["dont_know"] = 1


# A question inside a clause ("which layer gets which split", "具体哪层按行切"), not asked of the interviewer.
_ASKED_WITHIN = re.compile(r"^(?:but |and |though |just )?(?:which|what|how|whether|why|where)\b|哪|怎么|为什么|是否|是不是|还是")
# (Answered in the same clause, it is known, or guessed: "为什么 PP 跨机没问题我理解是它通信量小".)
_ANSWERED_WITHIN = re.compile(r"理解|觉得|认为|因为|应该|就是|\bbecause\b|\bi think\b|\bi guess\b|\bprobably\b")
# ...left to a search ("I'd have to look it up", "得查一下"). (Alone, "I'd have to look it up, but it scales with…" hedges
# what follows, as "not sure, but…" does.)
_LOOK_UP = re.compile(r"\b(?:have|need) to look (?:it|that) up\b|\bi'd (?:have to )?look (?:it|that) up\b|"
                      r"\b(?:have|need) to check the docs\b|得查一下|要查一下|得去查|得翻一下文档|要翻一下文档")

# One option set against another ("而不是", "rather than"): read in a choice here, and in a point that sets a way aside.
RATHER = cue_regex(("而不是", "而非", "rather than", "instead of"))
# A clause that guesses ("maybe…might throttle", "我猜"): what it says is not shown.
# What a thing normally is, as a yardstick, is no guess ("有一张网卡协商到了 100G，正常应该是 200G"; the English "it
# should normally be 200G" is none either).
GUESSED = re.compile(rf"(?<!正常)(?<!本来)(?<!按理)(?<!按说)(?<!理论上)(?<!标称)(?:{cue_regex(GUESSED_WORDS).pattern})")
# A limit kept for what it prevents ("had to cap it at one save in flight, otherwise host memory blew up").
_OR_ELSE = re.compile(r"(?:otherwise|否则|不然)[^。.;；]{0,30}?(?:blew up|blow up|blows up|\boom|ooms?\b|爆|挂|崩|crash|hang)")
# An option left out for a reason given ("没用 Ulysses 是因为 8 个 KV 头被 TP4 切完…", "we didn't use CP because…").
_NOT_TAKEN = re.compile(r"(?:没用|没选|没上|没开|没有用|没有选)\s*[\w\-.]{1,20}\s*(?:是)?因为|"
                        r"\b(?:didn't|did not|don't|never) (?:use|pick|go with|turn on|enable) [\w\-. ]{1,24}?\bbecause\b")


def _chosen(sentence: str) -> int:
    """One option chosen over another for a reason given in the sentence ("最后选的是 TP4 加 CP2 而不是复制 KV 头，因为复制后
    显存翻倍", "we went with X rather than Y because…"), or a limit kept for the failure it prevents: a choice
    weighed, not a contrast named."""
    return int(bool(RATHER.search(sentence)) and bool(CUES["causal"].search(sentence))
               or bool(_OR_ELSE.search(sentence)) or bool(_NOT_TAKEN.search(sentence)))


# An option priced, gain against cost ("EP64 would halve expert memory but push 7/8 of dispatch cross-node").
# What the candidate would do, not what was done ("I'd look at scaling efficiency", "要是让我验证…").
WOULD = re.compile(r"\b(?:i|we)'d\b|\b(?:i|we) would\b|要是让我|如果让我|换我来|假如让我|要是我来")
_WOULD_BUT = re.compile(r"\bwould (?:halve|double|cut|save|free|buy|give|reduce|help|fix|fit)\b[^.;]{0,60}?\bbut\b|"
                        r"(?:能|可以|会)(?:把[^，。]{0,12}?)?(?:省|减半|砍半|降|少)[^。；]{0,30}?(?:但|但是|不过)|"
                        # the alternative and what it would come to ("换成 PP8 的话 DP 只有 16…")
                        r"(?:换成|改成|改用|换用)[^，。；]{1,16}的话|"
                        r"\bwith [a-z]*\d+\b[^.;]{0,100}\bso (?:i'd|we'd|i would|we would|i|we) (?:take|pick|go with|"
                        r"choose|chose|picked|took|went with|keep|kept)\b")


def _weighed(sentence: str) -> int:
    if _WOULD_BUT.search(sentence):
        return 1
    m = _BUT.search(sentence)
    if not m:
        return 0
    sides = (sentence[: m.start()], sentence[m.end():])
    return int(all(any(n.lastgroup in RESULT_KINDS for n in NUMBER.finditer(x)) for x in sides))


def _aggregate(r: Reading) -> None:
    text = " ".join(r.sentences)
    for cl in r.clauses:
        r.direct |= cl.concepts
        for k, v in cl.cues.items():
            r.cues[k] = r.cues.get(k, 0) + v
        r.numbers += sum(0.5 if k in ("bare", "config") else 1.0 for k in cl.numbers)
    r.concepts = r.vocab.closed(r.direct)
    cjk = len(_CJK_ALL.findall(text))
    words = LATIN_WORD.findall(text)
    r.size = cjk + 2 * len(words)
    # Keyword stuffing: a dense run of terms with almost no function words and no reasoning.
    alnum = len(_ALNUM.findall(text)) or 1
    func = sum(1 for w in words if w.lower() in FUNCTION_WORDS_EN) + sum(1 for ch in text if ch in FUNCTION_CHARS_ZH)
    tokens = len(words) + cjk / 2 or 1
    hits = sum(c.cues.get("hits", 0) for c in r.clauses)
    listed = r.cues.get("bare", 0) / alnum >= 0.6
    dense = r.cues.get("covered", 0) / alnum >= 0.55 and func / tokens < 0.12
    # (Terms each given a figure of their own are an account, not a list: "16 字节：BF16 权重 2、梯度 2，FP32 主权重 4、一阶
    # 二阶矩各 4。")
    counted = sum(1 for cl in r.clauses if cl.concepts and set(cl.numbers) - {"config"})
    r.stuffing = (len(r.direct) >= 5 and hits >= 5 and (listed or dense) and not r.has("causal")
                  and counted < max(3, 0.75 * len(r.clauses)))


def answer_lang(text: str) -> str:
    cjk = len(_CJK_ALL.findall(text))
    return "zh" if cjk and cjk >= len(LATIN_WORD.findall(text)) else "en"
