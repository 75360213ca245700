"""The scorer's generic bilingual language, as data: cues, naive remedies and grader-addressed text.

Nothing here is about one field: the domain concepts (parallelism, ZeRO, NCCL, MFU…) are each pack's, in its
vocabulary.toml (interviewer.vocabulary). Cues are lower-case; ASCII cues match whole words or phrases, CJK
cues as substrings.
"""

from __future__ import annotations

# Markers and danger signals say "can compute", "has a number", "trade-off", "a failure's timeline":
# these words in rubric text become requirements on the answer's cues, not concepts.
MARKER_CUES: dict[str, tuple[str, ...]] = {
    # A share of the step is a figure too ("各占 step 的比例": "训练 20%").
    "number": ("数字", "算出", "能算", "估算", "多少", "估出", "比例", "占比", "can compute", "computes", "compute the",
               "computing", "calculate", "number", "how much", "estimate", "estimates", "work out", "share of",
               "shares of"),
    # "the main cost" / "成本大头" name a concept, not a trade-off: only "the cost of" asks for one.
    "tradeoff": ("取舍", "权衡", "代价", "tradeoff", "trade-off", "trade off", "the cost", "cost of", "balance"),
    # A story's timeline ("恢复的时间线", "the timeline of one recovery"), not a profiler's ("读时间线先看空隙").
    # "事后把排查固化成防线" follows a story; "改为事后校验" (checking after the fact) is a mechanism.
    "incident": ("的时间线", "一次故障", "有一次", "一次完整", "讲一次", "事后把", "事后补", "事后加", "案例", "经验", "经过", "timeline of",
                 "one failure", "follow-up", "a case", "experience", "been through", "one training", "story",
                 "walks through one"),
    # What was added after the incident ("事后把排查固化成防线", "a safeguard afterwards"): the story's last part.
    "after": ("事后把", "事后补", "事后加", "事后改", "afterwards", "afterward"),
    "causal": ("理由", "依据", "推演", "为什么", "reasoning", "rationale", "walk-through", "why"),
    "measure": ("怎么测", "测", "measure"),
    "mechanism": ("实现方式", "方案", "怎么实现", "implemented", "an approach", "approach", "how it is handled",
                  "处理"),
}
# A marker on something the candidate has done, not would do ("做过改并行度加载并验证 loss 连续"). (Not a cue of
# MARKER_CUES: those words are also dropped from a point's terms, and "run" or "used" is a term of many.)
DONE = ("做过", "has done", "has loaded")
# Told as what one would do, not what was done ("我会先看框架有没有现成的…", "if I had to, I'd first check…").
HYPOTHETICAL = ("我会", "假如", "如果让我", "要是让我", "要我来", "我打算", "i would", "i'd", "we would", "we'd",
                "if i had to", "if we had to")

# --- answer cues (all lower-case; CJK as substrings, ASCII as whole words/phrases)
CAUSAL = ("因为", "所以", "由于", "导致", "因此", "于是", "原因是", "为了", "否则", "不然", "意味着", "从而",
          "这样", "才能", "because", "since", "therefore", "which means", "thus", "hence", "due to",
          "as a result", "otherwise", "without it", "without that", "without this", "that's why", "which is why",
          "in order to", "so that", "leads to",
          "causes", "so it", "so we", "so the", "so each", "so per", "so with", "so for", "means", "that way",
          "this way", "多半是", "通常是", "一般是", "说明", "indicates", "points to", "suggests", "usually means",
          # a purpose is a reason: "整组都不调度，避免一半 Pod 占着卡互等"
          "避免", "以免", "免得", "防止", "to avoid", "to prevent", "so as not to", "avoids", "prevents")
# Judgement cues come in pairs: each way of saying it in one language has its counterpart in the other, so the
# same answer reaches the same level in Chinese and in English (tests/test_scoring_parity.py).
TRADEOFF = ("代价", "取舍", "权衡", "换来", "换取", "牺牲", "折中", "得不偿失", "但会", "但是会", "划不来", "付出",
            "多占", "多花", "以牺牲", "收益不抵",
            "trade-off", "tradeoff", "trade off", "trade-offs", "tradeoffs", "at the cost of", "the cost of", "at the expense of",
            "the cost is", "the cost was", "the costs were", "the real cost", "the real costs", "cost us", "cost about", "cost roughly", "it cost", "which cost", "costs us",
            "in exchange", "in return", "downside", "balancing", "balance", "the price", "worth it", "sacrifice",
            "that costs", "which costs", "it costs", "costs some", "costs about", "the catch", "the downside is",
            "we gave up", "gave up", "took up", "extra memory", "more memory", "not worth",
            # An alternative weighed and set aside ("raising the batch would fix it too, but…").
            "would fix it too", "would also fix", "would also work", "would work too", "didn't want to",
            "did not want to", "本来也可以", "也能解决", "也可以解决", "没有选", "没选", "不愿意改",
            "没往大调", "没往小调", "没再往下调", "没再往上调", "didn't go lower", "didn't go higher",
            "did not go lower", "did not go higher",
            # the road not taken, with what it would have cost ("ZeRO-2 would have been about 29 GB")
            "would have been", "would have meant", "would have cost", "would have taken", "would have had to",
            "那样就得", "那样会", "那样的话", "要是换成", "换成那个", "但那样", "可那样", "不过那样", "纠结过", "之间纠结",
            "torn between", "went back and forth",
            # the cost of going further than the value chosen ("再多的话 P2P 通信次数跟着翻倍", "any more would double…")
            "再多的话", "再多就", "更多的话", "any more would", "more than that would", "beyond that would",
            "going past that would",
            # a change that cost more than it gained ("the one that didn't pay was dropping recompute")
            "didn't pay", "did not pay", "didn't pay off", "more than we gained", "wasn't worth", "亏了", "赚不回来",
            "than compute gained", "than it gained", "than it saved", "比省下的还多", "not free", "isn't free",
            "wasn't free", "不是免费的", "不是白来的",
            "反而更慢",
            # the choice one would make and what one would not do ("那我宁可上 interleaved", "I'd rather…")
            "宁可", "宁愿", "i'd rather", "we'd rather", "would rather",
            # a change that stayed out for its cost ("so it didn't ship", "why we never tried TP16")
            "didn't ship", "did not ship", "never shipped", "没上线", "没有上线", "why we never", "所以一直没", "所以从来没",
            # a cost accepted for what it buys ("ate ~8% rollout throughput rather than…", "认了")
            "we ate", "and ate", "认了", "只好接受", "accepted the", "the cost showed",
            # a value chosen apart from what the formula gives ("算下来 11 分钟；我们实际取 15 分钟，因为…")
            "实际取", "实际用的是", "we actually use", "we actually set", "in practice we use", "in practice we set",
            # an option thought of and left for what it would buy ("We thought about overlapping it… so we left it")
            "we thought about", "we considered", "i considered", "also considered", "考虑过", "想过要", "so we left it", "所以就没动", "所以没做",
            # ...or tried and dropped for what it cost ("试过 TP16 跨机，step 慢了 25%，所以没用")
            "所以没用", "所以就没用", "就没用它", "所以没上", "所以就没上", "所以放弃", "就放弃了", "so we didn't use",
            # ...or the one kept after that ("CP=8 也试过…step 慢了 12%，所以定了 4")
            "所以定了", "所以最后定了", "所以定在", "所以就定在", "所以最后定在", "so we settled on", "so we stayed at",
            "so we kept",
            "so we dropped it", "so we dropped that", "so we backed it out", "so we reverted",
            "so we turned that back off", "so we turned it back off", "so we turned it off again", "所以又关掉了",
            "所以又关了", "就又关掉了")
# Weaker judgement cues: a contrast or an overhead named, not yet a weighed choice.
CONTRAST = ("而不是", "instead of", "rather than", "versus", "vs", "相比", "比起", "开销", "overhead", "反而",
            "划算", "不划算", "更保守", "保守")
VALIDATION = ("对比", "验证", "回归测试", "a/b", "消融", "基线", "复现", "确认", "核对", "核过", "对得上", "对照", "比对",
              "复测", "核实", "抽查", "回放", "单测", "测试用例", "偏高", "偏低", "一致", "重合", "没有复现", "没再出现",
              "compared", "comparing", "compare", "verified", "verify", "validated", "validate", "confirmed",
              "confirm", "baseline", "ablation", "regression test", "reproduced", "matched", "diffing",
              "sanity check", "checked that", "which we checked", "we checked", "compares", "replayed", "checked against",
              "check it against", "against the actual", "asserts", "a test that", "unit test", "test case",
              "cross-checked", "double-checked", "retested", "reran the same", "reran it with", "reran with", "reran each",
              "re-ran the same", "re-ran it with", "reran gemm", "reran nccl", "reran the test", "reran the tests",
              "before putting it back", "before we put it back", "within noise", "consistent",
              "overlapped exactly", "on top of the old", "on top of each other", "lay on top of", "lies on top of",
              "sat on top of", "叠在一起", "never came back", "did not happen again", "didn't happen again",
              "never happened again", "has not recurred", "stayed flat", "checked", "to confirm", "to check", "检验",
              # a run with the suspect part taken out, to see what is left ("with DP communication stubbed out")
              "stubbed out", "stubbed it out", "to make sure i wasn't", "to make sure we weren't", "把通信去掉", "去掉通信跑",
              "把通信关掉跑", "为了确认",
              # a check designed to decide between explanations
              "排除掉", "排除了", "证伪", "rule it out", "ruled out", "rule out", "falsify", "falsified",
              # the cost checked, not only the gain ("step 时间没变长")
              "没变长", "没变慢", "没有变慢", "没有变长", "didn't get slower", "did not get slower", "no slower",
              "stayed the same",
              # a check kept on to catch it next time
              "校验", "用来发现", "及时发现", "we check", "to catch", "caught it",
              # a result held against run-to-run noise ("loss inside the seed band")
              "seed band", "seed 波动", "种子波动", "seed spread", "seed-to-seed", "seed 间的波动",
              # a change rehearsed small before it was trusted on the real run ("we rehearsed on 16 GPUs first")
              "rehearsed", "rehearsal", "didn't trust it", "did not trust it", "dry run", "dry-run", "演练过", "先演练",
              "of three seeds", "of 3 seeds", "across seeds", "across three seeds", "across 3 seeds", "on both seeds",
              "三个 seed", "3 个 seed", "几个 seed 都", "两个 seed 都",
              # the options run side by side ("在 256 卡上各跑了 200 步", "ran each for 200 steps")
              "各跑了", "分别跑了", "两个都跑了", "ran each", "ran both", "ran them side by side",
              # a change let in only once the check came out clean ("对了 2000 步 loss 没差别才上")
              "没差别才", "没有差别才", "没区别才", "才敢上", "才上线",
              # a second instrument agreeing with the estimate ("nsys agreed: ~22% of the step")
              "agreed", "吻合", "lined up", "对上了",
              # two loss curves laid over each other, and the gap between them ("按 token 数对齐看 loss 曲线，差在 0.01 以内")
              "对齐看", "对齐了看", "曲线对齐", "差在", "aligned loss", "aligned the loss", "loss curves aligned",
              "curves line up", "stayed within",
              # a measurement held against the estimate made before it ("实测 step 时间和估算差 3% 以内")
              "和估算", "与估算", "跟估算", "比估算", "of the estimate", "of that estimate", "of our estimate",
              "against the estimate", "against our estimate", "than estimated", "as estimated",
              # ...or against what the formula gives ("dropped 6%, not the ~8% the formula says", "比公式算的少")
              "the formula says", "the formula predicts", "than the formula", "公式算的", "比公式", "和公式",
              # the gain measured net of the cost it was weighed against ("专家 GEMM 慢了 5%，净收益是 step 快了 3%")
              "净收益", "净提升", "净赚", "净快", "net gain", "net win", "net speedup", "net of")
PROVENANCE = ("测出来", "测了", "实测", "测得", "测量", "量出来", "量下来", "测下来", "监控", "日志", "抓了", "抓 ", "profiler", "nsys",
              "nsight", "统计", "stats", "statistics", "打点", "埋点", "we time", "i time", "measured", "measure",
              "from the logs", "in the logs", "logs", "we saw", "dashboard",
              "dashboards", "nccl-tests", "benchmark", "计时", "timed", "profile", "traced", "排查到", "定位到",
              "pinned it down", "tracked it down", "instrumented", "we instrument",
              # what a trace of the run showed ("The first production traces still showed about 4% exposed")
              "traces showed", "trace showed", "traces still showed", "the traces", "in the trace", "trace 上", "trace 里")
INCIDENT_STRONG = ("那次", "那时候", "那会儿", "有一次", "有回", "有天", "凌晨", "半夜", "第二天", "事后", "复盘", "上次", "上回", "周末",
                   "那周", "值班", "被叫起来", "踩过", "踩了", "上线后", "上线前", "当时", "最开始", "去年", "前年",
                   "上个月", "那天", "那几天", "连着", "第一版", "最早", "一开始", "最近一次", "上一次",
                   "难的一次", "难查的一次", "最难的一次", "印象最深的一次", "the hardest time", "the toughest time",
                   "the last one", "last one was", "the most recent one",
                   "one time", "one day", "that night", "next morning", "the next day", "postmortem",
                   "post-mortem", "afterwards", "last year", "挂了一次", "挂过一次", "崩了一次", "崩过一次", "炸了一次",
                   "crashed once", "went down once", "oomed once", "last month", "last week", "last time", "last march",
                   "one night", "a weekend", "that week", "on call", "got paged", "we hit", "overnight",
                   "3am", "2am", "4am", "at first", "we first tried", "first version", "our first version",
                   "when we first", "the first time we",
                   "a few months ago", "early on", "we started with", "back then",
                   # a root cause and its fix are what make a story an incident
                   "根因", "原因是", "查下来", "查下去", "定位到", "修成", "修复了", "root cause", "traced it to", "the cause was",
                   "digging further", "dug further", "dug into it",
                   "the fix was", "fix:", "the fix:", "修法:", "修复:", "修法是",
                   "we fixed", "fixed that", "fixed it", "first it hung", "first it crashed",
                   "first it failed", "first it ooms", "first it oomed",
                   # what the candidate ran into themselves ("the four I've actually hit", "刚接手的时候")
                   "we've hit", "i've hit", "i've actually hit", "we had exactly", "we'd watched", "we watched",
                   "when i started", "刚接手", "接手的时候", "我接手时",
                   # ...or what the team tried on its own job ("we tried a bigger micro-batch and it OOM'd")
                   "we tried", "when we tried", "whenever we tried", "我们试过", "当时试过", "actually tried", "实际试过",
                   "真试过",
                   # a particular job or a particular time ("1024 卡那个作业", "Once, on a 256-GPU job")
                   "那个作业", "那个任务", "那个 job", "that job", "that run", "once,", "once on", "happened once",
                   "this was a", "this was on", "那是一个", "那是个",
                   # the culprit found in one's own system ("The killer was the tail", "最要命的是长尾")
                   "the killer was", "the culprit was", "what hurt was", "最要命的是", "罪魁祸首", "最疼的是",
                   "the surprise was", "the surprises", "what surprised us", "没想到的是", "意外的是",
                   # the time it took to notice ("took 40 minutes to notice", "40 分钟后才发现"), and the run it was
                   # on ("during our first big hang")
                   "to notice", "before we noticed", "before anyone noticed", "才发现", "才注意到",
                   "during our first", "during our last", "in our first big", "our first big",
                   # what it cost the team ("First time it cost us half a day", "这个坑了我们两天")
                   # (time lost, not a price weighed: "each layer recomputed cost us about 1.5% of throughput")
                   "cost us half a day", "cost us a day", "cost us two days", "cost us days", "cost us a week",
                   "cost us a weekend", "cost us hours", "bit us", "burned us", "坑了我们", "折腾了我们", "耽误了我们",
                   # how it was before the change the candidate made ("The original path was…", "原来的做法是…")
                   "originally", "the original path", "the original setup", "原来的做法", "原来的方案", "原先")
# Words that make a named scheme another one, of which a red flag's claim may be true: "interleaved 1F1B" and
# "zero-bubble" do cut the bubble that plain 1F1B keeps.
VARIANT = ("interleaved", "interleave", "interleaving", "virtual stage", "virtual stages", "zero-bubble", "zero bubble",
           "交错", "虚拟 stage", "虚拟流水", "零气泡")
# A sentence opening the part of a story told after the fix ("之后把 NCCL 超时调到 10 分钟", "After that we…").
AFTER_STORY = (r"^(?:然后|再|我们|我|and|so)?\s*(?:之后|事后|后来|此后|从那以后|从那之后|那次之后|那次以后|从此|复盘后|复盘时"
               r"|修完之后|修完以后|修完后|修好之后|修好以后|改完之后|改完以后"
               r"|afterwards|afterward|after that|since then|from then on|later|as a follow-up|in the postmortem"
               r"|after the fix|after fixing it|once it was fixed)"
               r"(?![a-z])")
INCIDENT_WEAK = ("后来", "发现", "结果", "之后", "最后", "之前", "turned out", "we found", "found that", "in one", "on our",
                 "in our", "when we",
                 "eventually", "then we", "later", "after that", "we moved", "改成", "we switched",
                 # a try alone is part of a story, not one ("I tried turning parts of the model off")
                 "i tried", "试过", "上了",
                 # the steps of an investigation told in the past ("then I ran py-spy dump…, we cordoned the node")
                 "i ran", "we ran", "i saw", "we saw", "i noticed", "we noticed", "we cordoned", "i cordoned",
                 "we drained", "we restarted", "i restarted", "we rolled back", "i rolled back", "i traced", "we traced",
                 "i bisected", "we bisected", "we replaced", "we swapped",
                 "摘掉", "摘了", "踢掉", "踢出", "隔离了", "定位到", "查到", "查出", "抓了")
OUTCOME = ("降到", "降低到", "提升到", "提到了", "回到", "缩短到", "缩到", "降至", "减到", "压到", "从原来", "涨到",
           "掉到", "变成", "恢复到", "调完", "改完",
           "went from", "dropped to", "went up", "went down", "down to", "fell to", "improved", "reduced to",
           "cut it to", "got it to", "back to", "came back", "went to", "rose to", "fell from", "brought it to",
           "after the change", "after the fix", "took back", "after we went", "after we switched", "after we moved",
           "before we set", "until we set",
           "once we went", "once we switched", "once we moved", "going from", "won back", "省下", "省回",
           "ended at", "ended up at", "landed at", "最后到了", "最终到了", "最后做到",
           "dropped under", "dropped below", "fell under", "fell below", "after fixing", "修完", "修好以后",
           # the setting that went to production after the alternatives were tried
           "what shipped", "what we shipped", "最后上线的", "最终上线的", "最后上的是",
           # a jump seen and the way back ("jumped to 11%… went back under 1%", "跳到 11%…又回到 1% 以内")
           "jumped to", "went back", "came up", "跳到", "又回到")

# A safeguard designed in: a way back or a limit when the change misbehaves ("rolled back to the last known-good",
# "灰度", "兜底"). With a trade-off, a validation or an incident it is one of the kinds of judgement.
SAFEGUARD = ("回滚", "回退", "降级", "兜底", "熔断", "灰度", "金丝雀", "影子流量", "开关关掉", "护栏", "止损",
             "rollback", "roll back", "rolled back", "rolls back", "fall back", "fallback", "fallbacks", "fell back",
             "falls back", "degrade gracefully", "graceful degradation", "kill switch", "feature flag", "canary",
             "shadow traffic", "shadow mode", "guardrail", "guardrails", "known-good", "last known good", "revert",
             "reverted", "stop-loss",
             # a fix made automatic afterwards ("Xid 类坏卡现在是自动摘除", "bad GPUs are now cordoned automatically")
             "自动摘除", "自动剔除", "自动隔离", "现在是自动", "现在自动", "now automatically", "now automatic",
             "做成自动", "改成自动", "made it automatic", "automated it", "automated that",
             "cordoned automatically", "removed automatically", "auto-cordon", "auto-remediation", "cordons",
             # ...or an alert kept on the figure ("alert if the mean mismatch goes over 5e-3", "超过 5e-3 就告警")
             "and alert if", "we alert if", "alert when", "alerts if", "alert on", "alerts on", "alerting on",
             "就告警", "则告警", "触发告警",
             "超阈值告警", "超过阈值告警", "超过阈值就告警", "阈值告警", "离群检测", "做离群", "outlier detection",
             "alert over a threshold", "alerts over a threshold", "threshold alert",
             "pages someone", "pages the on-call", "pages us", "就报警", "会报警", "to the straggler dashboard",
             "so the alert says", "加到了慢节点看板", "告警里直接",
             # ...or a check added to admitting a node ("we added the module check to node admission", "加进了节点准入检查")
             "to node admission", "node admission check", "admission checks", "节点准入", "准入检查",
             "now it alerts", "it now alerts", "now alerts", "现在会告警", "现在会报警", "现在自动告警",
             # ...or a check every job or upgrade now has to pass ("link rate is part of the pre-launch check",
             # "a missing GDRDMA string fails the job at start", "引擎升级前必须过这套对比")
             "pre-launch check", "prelaunch check", "pre-launch", "admission check", "fails the job at start",
             "fails the job", "启动前体检", "启动前的健康检查", "启动前先做健康检查", "启动前做健康检查",
             "做成告警", "加了告警", "必须过", "准入检查", "启动前检查", "上线前检查")
# How a candidate qualifies their own checks and criteria ("a quick check", "a basic split", "if it looked
# better"): a cursory look, not a decision rule. Read only where the rubric asks for no numbers (scoring_level):
# there no figure can show the rigour instead, and "大概 12 字节" is an estimate, not a shrug.
CURSORY = ("简单", "简单地", "大概", "大致", "粗略", "随便", "随手", "草草", "差不多", "基本上", "凑合", "常规的",
           "照常", "平时那套", "偶尔", "必要时", "需要的话", "就行", "快速过", "扫一眼", "瞄了",
           "just", "simple", "simply", "basic", "basically", "quick", "quickly", "rough", "roughly", "usual",
           "the usual", "mostly", "good enough", "glanced", "eyeballed", "a couple of", "brief", "briefly",
           "occasional", "occasionally", "reasonable", "reasonably", "at a high level", "if needed", "as needed",
           "somewhat", "kind of", "sort of", "more or less", "ad hoc", "informally", "quick look", "for a while",
           "by eye", "eyeballing", "肉眼", "目测")
# An impression offered as the criterion ("if it looked better", "看起来没问题"); "looked at the logs" and "looked
# into it" are an investigation, not an impression.
IMPRESSION = (r"\b(?:looked|looks|look|seemed|seems|seem|felt|feels)\b(?!\s+(?:at|into|for|through|over|up|after)\b)"
              r"|看起来|看上去|感觉上|感觉|好像|似乎")
# Part of the asked work left to someone else ("the PMs handled the go/no-go", "handled by the platform team",
# "由运维负责", "产品那边定的"): that part is not the candidate's to be judged on.
HANDED_OFF = (r"\b(?:handled|owned|managed|decided|set up|tracked|taken care of|covered)\s+(?:separately\s+|"
              r"elsewhere\s+)?by\b(?!\s+(?:me|us|myself|ourselves|my|our)\b)|\b(?:team|teams|pms?|ops|others|someone else|colleagues?|process|tool|vendor)"
              r"\s+(?:handled|owned|managed|decided|set up|took care of)\b|\bleft (?:that|it|this) to\b"
              r"|由(?:他们|别人|其他|产品|运维|平台|业务|同事)[^，。；,;]{0,8}(?:负责|处理|决定|来定|定)"
              r"|(?:他们|别人|其他团队|别的团队|产品经理|产品|运维|平台组|同事)(?:那边)?(?:负责(?!人)|处理的|决定|定的|来定|搞定的|管的)"
              r"|交给(?:他们|别人|其他团队|产品|运维|平台)")

# A number offered as a result with nothing behind it ("提升了 40%", "a 25% speedup", "state of the art") does
# not make an answer concrete: without a source or a mechanism beside it, it is a claim.
CLAIM = ("提升", "提高", "加速", "提速", "快了", "能省", "省了", "节省", "能到", "做到", "达到", "降低了", "减少了",
         "翻倍", "效率", "高了", "涨了", "speedup", "speed-up", "sped up", "faster", "improved by", "improvement", "boost", "gave us",
         "got us", "got around", "we got", "cut", "reduced", "saves", "save", "up to", "achieved", "reached",
         "doubled", "more efficient", "efficiency", "higher", "went up")
HYPE = ("业界领先", "领先水平", "效果很好", "效果挺好", "很完善", "非常高效", "完美", "基本没问题", "效果不错", "很稳定", "秒级",
        "非常好", "效果显著", "state of the art", "state-of-the-art", "industry-leading", "best-in-class",
        "very efficient", "really well", "works fine", "basically free", "fully overlapped", "much more efficient",
        "huge speedup", "huge improvement", "huge gains", "huge win", "perfectly", "scaled really well", "very good", "worked well", "works well")
# "没在生产上用过", "never used it": the words after are not the candidate's experience.
NEGATED_EXPERIENCE = (r"(?:没|没有|不曾|从没|从来没|未)(?:在|怎么|真正|实际|亲自)?[^，。；,;]{0,8}?"
                      r"(?:用过|做过|接触过|试过|碰过|搞过|研究过|遇到过|上过|查过|验证过|核实过|定位过|排查过|测过|量过|"
                      r"算过|跑过|看过|分析过|实现过|部署过|调过)"
                      r"|\b(?:never|haven't|have not|didn't|did not)\s+(?:really\s+|actually\s+)?"
                      r"(?:used|use|tried|try|done|do|worked|work|touched|seen|run|ran|checked|verified|located|"
                      r"traced|measured|profiled|implemented|debugged|set|built|build|configured|deployed|read|look|"
                      r"looked|dig|dug)\b"
                      r"|\bnot familiar\b")

# Words a rubric frames its points with ("knows", "能说出"): they say nothing of the point itself.
RUBRIC_FRAMING_ZH = ("能说出", "能说清", "能算出", "能写出", "能给出", "能解释", "能拆出", "能列出", "能估出", "能当场",
                     "能画出", "能讲", "知道", "说出", "说清", "算出", "写出", "给出", "解释", "拆出", "列出", "估出",
                     "当场", "画出", "并能", "能把", "能用", "会用", "有一次", "一次完整", "完整")
RUBRIC_FRAMING_EN = frozenset("knows know can gives give explains explain uses use able has have states describes "
                              "writes write says say tells walks through one story names".split())
# A red flag's own framing says what kind it is: not knowing, a naive remedy, or a misconception.
# A clause that guesses ("maybe…might throttle", "还有 lr scheduler 和当前 step 吧"): what it says is not shown. ("I think"
# and "可能" are how sure speakers talk too: "可能是网络问题" lists a hypothesis to check.)
GUESSED = ("maybe", "might", "i guess", "i'd guess", "i would guess", "my guess", "i suppose", "probably", "perhaps",
           "not sure", "好像", "我猜", "也许", "或许",
           "应该是", "吧")
FLAG_IGNORANCE = ("不知道", "说不出", "讲不清", "不会算", "不会读", "不会抓", "算不出", "分不清", "不懂", "没算过",
                  "没量过", "没意识到", "忽视", "不清楚", "does not know", "doesn't know", "cannot", "can't", "unaware",
                  "never measured", "ignores", "has never", "unclear", "does not notice", "doesn't notice",
                  # lacking it ("没有按 rank 的 step 时间", "has no per-rank step time")
                  "没有", "has no", "lacks")
FLAG_NAIVE = ("只会", "只答", "只看", "只知道", "只有", "靠", "凭感觉", "照抄", "默认配置", "从头重跑", "手动", "人工",
              "就从头", "only", "just", "by restarting", "copies", "gut feeling", "manually", "guess")
FLAG_MISCONCEPTION = ("以为", "混为一谈", "充当", "当成", "当作", "拿", "thinks", "treats", "assumes", "mistakes",
                      "confuses", "as if", "believes", "passes off", "counts as", "conflates")
# A red flag that takes one thing for another ("拿 GPU 利用率充当 MFU", "conflates CP with SP")...
FLAG_CONFLATION = ("充当", "当成", "当作", "混为一谈", "等同", "passes off", "treats", "conflates", "confuses",
                   "mistakes", "counts as", "as if")
# Not telling two things apart ("说不出 BF16 与 FP16 的差别", "cannot tell algbw from busbw") is shown the same way.
FLAG_APART = ("差别", "区别", "分不清", "differs", "difference", "tell")
# ...is shown by a sentence that equates them, not by one that names both. A plural "are" says what both do
# ("TP with SP plus CP are what divide activations"); that they are one thing takes "the same".
# One thing under two names ("Megatron 里叫 sequence parallel，别的框架叫 context parallel，名字不一样而已").
TWO_NAMES = ("名字不一样而已", "名字不同而已", "只是名字不一样", "只是名字不同", "叫法不一样", "叫法不同", "换了个名字",
             "just different names", "just a different name", "only the name differs", "different names for")
# Of those, the ones said of both at once ("A 和 B 一样", "the two are the same"), not of one with the other after it.
EQUATES_BOTH = ("是一回事", "一回事", "一样", "等同", "相同", "差不多", "没区别", "没什么区别", "没啥区别", "一个东西", "一码事",
                "一个意思", "差别不大", "区别不大", "没多大区别", "没多大差别", "not much different", "same as", "the same",
                "same thing", "no difference", "no real difference", "interchangeable")
EQUATES = ("就是", "即", "也就是", "等于", "指的就是", "就看", "看的是", "is", "was", "means", "equals", "=", *EQUATES_BOTH,
           *TWO_NAMES)
SEQUENCE = ("先", "再", "然后", "接着", "first", "then", "next", "finally", "第一步", "第二步")
FIRST_PERSON = ("我们", "我", "咱们", "we", "our", "i", "my", "us", "i'd", "i've", "we've", "we'd")

# Intent cues for classify_signal. Small on purpose (DESIGN.md "Lessons"), each tested.
DONT_KNOW = ("不知道", "不清楚", "不太清楚", "不了解", "不太了解", "没接触过", "没做过", "没听说过", "只听说过",
             "忘了", "记不清", "不太懂", "不懂", "答不上来", "没研究过", "没细看", "没测过", "没了解过",
             "不太知道", "不大知道", "记不太清", "记不大清", "说不太清", "说不清", "不大清楚", "没查过",
             "i don't know", "i do not know", "don't know", "no idea", "not sure", "i'm not familiar",
             "not familiar with", "never worked on", "never worked with", "never done", "haven't done",
             "have not done", "never looked at", "i forgot", "can't remember", "don't remember", "no clue",
             "haven't worked", "never used", "haven't used", "haven't combined", "never touched", "不太熟", "不熟悉",
             "没经验", "没有经验", "没用过", "没实际做过", "说不上来", "说不出来", "no experience", "don't have experience",
             "never had to", "从来不用", "从来没需要", "从没需要", "not something i've", "i can't say", "haven't touched",
             "not my strong", "没怎么研究",
             "没怎么接触", "没怎么做过", "没怎么了解", "没怎么用过", "不太会", "not really familiar",
             "这个我不会", "这块我不会",
             "never did", "never done that", "i've never done", "never did that", "never dealt with",
             "没怎么处理过", "没处理过", "没怎么考虑过", "没考虑过", "never handled", "never thought about",
             "haven't thought about",
             "不太记得", "不记得", "记不太清", "没试过", "不好说", "说不好", "没算过", "没量过", "没统计过", "没关注过",
             "don't remember", "do not remember", "can't recall", "cannot recall", "hard to say", "never tried",
             "didn't measure", "never measured", "didn't track", "没仔细看过", "没仔细看", "没仔细研究", "没细究",
             "没仔细量过", "没仔细测过", "haven't measured", "have not measured", "没细算过", "没仔细算过", "没细算",
             "没仔细拆过", "没细拆过", "没拆过", "没怎么看明白", "没看明白", "没细推过", "没推过", "没推导过", "没仔细推过",
             "never derived", "never worked it out", "never worked that out", "haven't profiled", "never profiled",
             "didn't profile", "没 profile 过", "没 profile过",
             "没看过", "没深究", "never looked into", "didn't look into", "haven't looked into",
             "don't really know", "do not really know", "don't quite know", "not really sure", "not quite sure",
             "couldn't tell you", "could not tell you", "can't tell you", "cannot tell you", "never run", "never ran",
             "haven't run", "have not run", "没细测", "没仔细测", "没认真测", "没细量",
             "never asked why", "never really asked", "didn't ask why", "没问过", "没细问",
             "never came across",
             "没具体测过", "没具体测", "没具体量过", "没具体量", "没具体算过", "没具体统计过", "never measured it exactly",
             # what the answer was asked to list, not listed ("so I couldn't list specific fields")
             "couldn't list", "could not list", "can't list", "cannot list", "couldn't name", "can't name", "列不出", "列不全")
# A hint asked for: on a part, that part is not known ("…您能提示一下 rdzv-id 是干什么用的吗？"); at the start of an
# answer, with a few more ways of saying it (HINT), help is asked for ("Could you give me a hint?", "能给点提示吗？").
ASKS_HINT = ("give me a hint", "提示一下", "提示我一下", "给点提示", "给个提示")
# Of those, the ones that say the candidate does not know (not that they never did it themselves).
UNKNOWN = ("不知道", "不清楚", "不太清楚", "不大清楚", "不了解", "不太了解", "忘了", "记不清", "记不太清", "记不大清",
           "不记得", "不太记得", "不懂", "不太懂", "答不上来", "说不上来", "说不出来", "说不清", "说不太清", "没看明白", "没怎么看明白",
           "看不懂", "don't know", "do not know", "not sure", "no idea", "don't remember", "do not remember",
           "can't remember", "can't recall", "cannot recall", "forgot", "no clue", "not really sure", "not quite sure",
           "don't really know", "没查清楚", "没搞清楚", "没弄清楚", "没查明白", "没搞明白", "原因没查到", "没查到原因", "原因没找到",
           "没找到原因", "never found out", "never found the cause", "never found the root cause",
           "never figured out", "not sure why", "不太确定", "我不确定", "不敢确定", "拿不准", "没细查", "没有细查", "想不起来",
           # what the candidate mixes up or never looked at ("我老搞混", "I didn't really look at the overlap part")
           "老搞混", "总搞混", "容易搞混", "记混", "i always mix up", "i mix up", "i mix them up", "didn't really look at",
           "didn't look at the", "never looked at", "没仔细看", "没细看", "never computed it", "没自己算过", "想不太起来", "想不大起来", "一时想不起", "can't think of",
           "blanking on", "drawing a blank", "not a hundred percent sure", "not 100% sure", "不是百分百确定", "不敢百分百",
           "never fully got", "never really got", "never really understood",
           "没太搞懂", "一直没搞懂", "一直没太懂", "对不太上", "拆不太清", "拆不清", "can't quite break", "can't break it down",
           "couldn't break it down",
           # a hint asked for on a part ("Could you remind me how f and g work?", "您能提示一下一般看什么吗？")
           *ASKS_HINT, "a hint on", "a hint about", "remind me how", "remind me what",
           # the figure the answer names, never taken ("所以会慢一些，具体慢多少没测")
           "多少没测", "多少没有测", "多少没测过", "didn't measure how much", "never measured how much",
           "haven't measured how much", "没细测", "没仔细测", "没认真测", "没仔细量", "没细量", "没量过",
           "didn't really measure", "didn't measure it carefully", "never really measured", "never measured it", "didn't measure each", "never measured each")
# "不会" alone also means "will not" ("这样不会 OOM"), so on its own it is a miss only as a whole clause:
# "不会。", "嗯，不会", "这个真不会啊" (not "不会重复也不会漏", "这个不会影响精度").
DONT_KNOW_BARE = r"(?:^|(?<=[，。,.!！?？;；\s]))(?:嗯|呃|额|啊|这个|那个|这块|我|也|真|确实|实在|完全)*不会(?:的|啊|了|吧|呢|诶)*(?=$|[，。,.!！?？;；\s])"
# Never met it ("没遇到过 hang"; English "never run into" is "never run" above), but not met it rarely: "BF16 下我们基本
# 没碰到过溢出" says how often.
NEVER_MET = r"(?<!基本)(?<!几乎)(?<!很少)(?<!基本上)没(?:遇到|碰到|遇见)过"
HELP = ("能具体一点吗", "具体一点", "什么意思", "再说一遍", "换个说法", "你是问", "你是说", "你是指", "是指什么", "指的是", "没听懂",
        "没明白", "举个例子", "能解释一下", "哪个方面", "what do you mean", "can you rephrase",
        "could you rephrase", "could you clarify", "can you clarify", "be more specific", "can you repeat",
        "could you repeat", "which one do you mean", "do you mean", "you mean", "are you asking", "what are you asking",
        "not sure what you", "give an example", "say that again", "didn't understand the question",
        "more context", "哪一方面", "换个问法", "什么场景", "哪种情况",
        "could you explain", "can you explain", "explain a bit", "解释一下吗", "先解释一下")
HINT = (*ASKS_HINT, "get a hint", "a small hint", "a hint where", "could you remind me", "can you remind me", "提醒我一下")
NOT_MINE = ("不是我做的", "不是我负责", "另一个同事", "别的同事", "其他同事", "别的团队", "另一个团队", "其他团队",
            "其他组", "别的组", "我没参与", "没参与", "不是我这边", "同事负责", "another team", "other team",
            "wasn't my part", "not my part", "was not my part", "wasn't me", "someone else", "a colleague", "my mentor", "mentor did", "导师做的", "师兄做的", "mentor's",
            "not mine", "wasn't involved", "was not involved", "didn't work on that", "team owned",
            "owned by the", "handled by the", "another team's", "other team's", "my teammate", "另一个人", "别人做的",
            "别人负责", "组里别人", "不是我的活", "平台组", "组搞的", "组负责", "团队负责", "团队搞的", "别人搞的", "另一个同学", "其他同学", "别的同学",
            "同学写的", "同事写的", "别人写的", "同事做的", "同事搞的", "同事弄的",
            # watched while someone else did it ("主要是我导师查的，我在旁边看")
            "导师查的", "师兄查的", "主要是我导师", "主要是导师", "我在旁边看", "在旁边看着", "没太参与", "i was just watching",
            "师兄定位的", "师姐定位的", "同事定位的", "导师定位的", "别人定位的", "located by a colleague", "a colleague found it",
            "i just watched", "mostly my mentor", "my lead did", "my lead debugged",
            "not my area", "wasn't my area", "someone else's", "platform team", "infra team",
            # the choice was someone else's ("这个不是我定的，是隔壁 infra 组给的脚本")
            "不是我定的", "不是我选的", "不是我决定的", "隔壁组", "隔壁团队", "wasn't my call", "not my call",
            "wasn't my decision", "not my decision", "didn't choose it", "didn't pick it",
            # ...or the lead's ("already set by our team lead before I joined"; not "before I joined" alone, which a
            # story of what the candidate changed since may open with)
            "set by our team lead", "set by the team lead", "set by my lead", "set by our lead", "组长定的", "组长就定好",
            "组长定好", "leader 定的",
            # ...or a teammate's ("具体 CP 度是另一位同学定的", "the CP degree was another engineer's choice")
            "另一位同学", "另一位同事", "同学定的", "同事定的", "师兄定的", "师姐定的", "导师定的", "别人定的",
            "a teammate chose", "a teammate picked", "a colleague chose", "a colleague picked", "another engineer's",
            "老大定的",
            # ...or left to them ("That's more their side… How tight the tolerance should be I'd leave to them")
            "more their side", "their side, honestly", "i'd leave to them", "leave that to them", "leave it to them",
            "他们那边的事", "交给他们定", "让他们定")
# The candidate says they are not the one to explain it ("so I wouldn't be the right person to explain why those
# numbers"): with nothing shown, the answer is someone else's work whatever setting it recalls of it.
DISOWNED = ("wouldn't be the right person", "would not be the right person", "not the right person to",
            "not really the right person", "不是合适的人", "不是最合适的人", "不是那个能讲清楚的人")
REFUSE = ("不方便", "不方便说", "不方便透露", "不方便讲", "保密", "涉密", "不能说", "不便透露", "不想说", "保密协议",
          "rather not", "nda", "confidential", "can't share", "cannot share", "can't disclose",
          "cannot disclose", "not allowed to", "prefer not to", "proprietary", "can't go into", "商业机密",
          "不能透露", "can't talk about", "not at liberty")
WANTS_END = ("我们结束吧", "结束吧", "结束面试", "不面了", "就到这里吧", "就到这吧", "到此为止", "先这样吧",
             "不想继续", "今天就到这", "let's stop here", "let's stop", "end the interview",
             "stop the interview", "i want to stop", "i'd like to stop", "i'd like to end", "let's end",
             "let's wrap up", "that's enough for today", "i'm done", "i quit", "can we stop", "let us stop",
             "我想结束", "可以结束了", "今天先到这", "先到这里吧", "let's end here", "can we end", "we can stop")
# A miss of a figure, not of the point: "具体比例没看过", "can't recall the exact number". After a qualitative
# answer it leaves the answer thin (level 2: the names without the numbers), not unanswered.
FIGURE_MISS = ("比例", "字节数", "具体数", "数字", "数值", "多少", "百分比", "占比", "具体值", "具体是几", "the exact",
               "exact number", "exact figure", "the numbers", "the number", "the figure", "the ratio", "percentage",
               "the breakdown", "how many bytes", "how much exactly", "几位", "how many bits", "the bit counts",
               # "具体一个参数占几个字节我记不太清了" / "how many bytes each one takes"
               "几个字节", "几字节", "占几", "how many", "how big",
               # the formula for it ("For the bubble size, I don't remember the formula")
               "the formula", "公式")
# The details of how, missed after the how itself was said ("拆成两部分分开调度，具体怎么拆的我没细看"); after a
# name alone ("MFU 是一个指标吧，具体怎么算我忘了") the how was the question.
DETAIL_MISS = ("具体怎么", "细节", "the details", "exactly how")
# Reported speech or negation just before a cue means the candidate is not saying it themselves.
REPORTED = ("说", "说过", "跟我说", "写着", "问", "said", "says", "told me", "told us", "asked", "like", "printed")
NEGATION = ("不", "别", "没", "不想", "don't", "do not", "not", "never", "didn't", "wasn't")

# A figure or setting everybody uses: taken over, not worked out ("16 bytes per parameter…, that's the number everybody
# uses"; "大家都这么算").
EVERYONE_USES = ("everyone uses", "what everyone uses", "everybody uses", "the number everyone", "the number everybody",
                 "大家都用的数", "大家都用这个数", "大家都这么算")

# Naive remedies (DESIGN: the pack lists them). Each kind links to rubric signals by SIGNAL_KINDS.
NAIVE: dict[str, tuple[str, ...]] = {
    "rerun": ("重跑", "重新跑", "从头跑", "从头再跑", "重新再跑", "再跑一次", "再跑一遍", "从头训", "重新训练", "rerun",
              "re-run", "run it again", "run it once more",
              "start over", "from scratch", "restart the job", "restart training", "restart the run",
              "kill the job and restart", "kill it and restart", "restart it", "a restart", "restarted it",
              "restarted the run", "resubmit", "重新提交", "再提交一次", "just restarted the job", "just restarted training",
              "just restarted it"),
    "default_config": ("默认配置", "默认参数", "框架推荐", "官方推荐", "照抄", "抄的", "用默认", "照着论文",
                       "default config", "default configuration", "default settings", "the defaults",
                       "copied the config", "copied from", "out of the box", "recommended config", "默认的",
                       "按默认", "保持默认", "默认值没改", "默认配好", "默认设好", "set by default in the script", "left it at the default", "kept the default",
                       "the default in the script", "that's the default", "it's the default", "was the default",
                       "that's in our job template", "it's in our job template", "what the template had",
                       "was there when i joined", "我来之前就定好", "我来的时候就", "came from the previous project",
                       "from our previous project", "之前的项目就是这么", "上个项目就是这么", "沿用上个项目",
                       "stayed at the default", "left the default",
                       # A setting taken over from others is no choice of the candidate's either.
                       "之前定的", "之前大家定的", "大家定的", "团队定的", "组里定的", "别人定的", "前人定的", "已经定好",
                       "沿用下来", "继承下来", "之前定好的", "之前就定好", "我们沿用了", "就沿用了", "we kept what",
                       "we just kept what", "we inherited it", "就定好的", "组长定的", "set by our team lead",
                       "set by the team lead", "之前的人定的", "以前的人定的", "前面的人定的", "上一任定的",
                       "set by whoever was here before", "the person before me set", "my predecessor set",
                       "example 改的", "example 改", "照着 example", "官方 example", "示例脚本", "示例配置", "官方示例",
                       "官方的脚本", "官方脚本", "的脚本改的", "脚本改的", "参考官方", "照着官方", "example 里拿的",
                       "example 里抄的", "从 example", "took it from the example", "the official script",
                       "the official scripts", "adapted from the official", "adapted the official",
                       "the example config", "example script", "from the examples", "based on the example",
                       # ...and so is the setting everyone uses ("大家都这么设，凭经验").
                       "大家都这么设", "都这么设", "凭经验", *EVERYONE_USES,
                       "inherited the", "was already set", "were already set", "set before i joined",
                       "someone else chose", "someone else picked",
                       # ...or the one always used ("That's what the team has always used and it's worked")
                       "the team has always used", "what we've always used", "what we have always used",
                       "we've always used that", "组里一直用", "团队一直用", "一直都这么设", "一直是这么设", "一直都是这个数",
                       # ...or found in the config or recipe one started from ("config 里原来就是这么写的").
                       # ...or reused as it was ("启动脚本里就这么配的，我们直接拿来用了")
                       "就这么配的", "直接拿来用", "拿来就用", "直接拿过来用", "照搬", "just reused", "reused it as is",
                       "used it as is", "took it as is", "kept it as is",
                       "原来就是这么写", "原来就这么写", "原来就是这么配", "原来就这么配", "本来就是这么设", "本来就这么配",
                       "照着模板", "模板里就是", "recipe we started from", "from the recipe", "came with the recipe",
                       "the recipe's settings", "settings from the", "kept the defaults",
                       # ...or set once and never revisited ("项目一开始就这么定的")
                       "一开始就这么定", "一开始就定了", "一开始就这么设", "一直就是这么设", "一直这么设", "一直是这么设",
                       "set at the start of the project", "was set on day one", "set it on day one",
                       "has always been set", "it's always been", "we've always used",
                       # ...or looked up ("参考了网上的配置", "a config I found online")
                       "网上的配置", "参考了网上", "照着网上", "网上抄", "博客上的", "found online", "from a blog",
                       "off github", "from github", "a config i found", "what i found online",
                       "reference scripts", "reference script", "the reference config", "参考脚本", "官方脚本",
                       # ...or the repository's example, kept ("参考 Megatron 仓库里 70B 的示例脚本…就没改")
                       "示例脚本", "example 脚本", "example 的脚本", "官方 example", "官方的 example", "example script",
                       "example scripts", "the example config", "from the examples", "大家都在用", "就没改",
                       "没怎么动过", "没怎么改过", "from the megatron examples", "from the deepspeed examples",
                       "megatron example", "so we didn't change it", "so we never changed it", "and we kept it"),
    "guess": ("拍脑袋", "凭感觉", "随便定", "差不多定", "大概定", "定了个", "gut feeling", "arbitrary",
              "arbitrarily", "just picked", "a guess", "rule of thumb", "every few",
              # a value kept because it felt right ("感觉差不多")
              "感觉差不多", "感觉够了", "感觉还行", "感觉够用", "felt about right", "seemed about right", "felt right",
              "seemed fine", "seemed good enough", "就是觉得", "只是觉得", "步差不多", "步比较合适", "just felt",
              # ...or never settled ("间隔大概几个小时吧，没有固定，看情况")
              "没有固定", "没固定", "不固定", "no fixed", "not fixed", "never fixed", "nothing fixed"),
}
# A naive remedy said in passing ("重跑不是办法", "not just lower the lr") is not the candidate's remedy.
# A remedy told as the earlier way ("之前用默认的", "originally"): set aside only where a change follows it.
EARLIER = ("之前", "以前", "原来", "最开始", "一开始", "起初", "最早", "上线前", "used to", "before we", "previously", "originally",
           "at first", "initially")
NAIVE_NEGATORS = ("不是办法", "不能只", "不只", "不仅", "而不是", "并不", "没用", "不够", "不行", "不靠",
                  "别只", "不是只", "not just", "not only", "rather than", "instead of",
                  "didn't", "don't just", "wasn't enough", "won't help", "doesn't fix", "not the fix",
                  "never just", *EARLIER, "很多人", "有人",
                  # everyone's way, not every card ("如果大家都是 100%，说明 GPU 没问题" is of the GPUs)
                  "大家都这么", "大家一般", "大家通常", "大家都会", "大家会先", "大家习惯",
                  "第一反应", "people often", "most people", "a common mistake", "naive", "the usual answer",
                  "textbook")

# How to read a rubric danger signal: which answer cue it describes.
SIGNAL_KINDS: dict[str, tuple[str, ...]] = {
    "naive:rerun": ("重跑", "rerun"),
    "naive:default_config": ("照抄", "copies configurations", "copies config", "默认配置", "default config"),
    "naive:guess": ("拍脑袋", "凭感觉", "is a guess", "guess", "gut feeling"),
    "names": ("只会背名字", "背名字", "recite names", "only names", "只有框架名"),
    "ignorance": ("不知道", "说不出", "不会", "没做过", "不清楚", "does not know", "cannot", "can't", "has never",
                  "unclear", "never done"),
}

# Generic cue labels, used when none of the topic's own danger signals fits.
GENERIC_DANGER: dict[str, tuple[str, str]] = {
    "ignorance": ("承认不知道", "admits not knowing"),
    "names": ("只报名词没有机制", "names without mechanism"),
    "stuffing": ("堆砌术语没有推理", "keyword list without reasoning"),
    "naive": ("只给了朴素的补救办法", "naive remedy only"),
    "default_config": ("配置照搬现成的，说不出自己的依据", "a setting taken over as it was, with no reason of one's own"),
    "guess": ("凭感觉定的设置", "a setting picked by feel"),
    "grader": ("对评分者喊话", "text addressed to the grader"),
    "not_mine": ("说不出自己负责的部分", "cannot describe own part"),
    "vague": ("回答空泛，没有机制", "vague, no mechanism"),
    "unsourced": ("数字没有出处或依据", "a number without its source or basis"),
    "wrong_figure": ("数字说错了", "a figure stated wrong"),
    "wrong_claim": ("说法不对", "a claim stated wrong"),
    "off_question": ("答非所问", "answers another question"),
}

# Text addressed to the grader rather than the interviewer (regex, lower-case text). A sentence
# that matches is removed before scoring and caps the level (it is not content).
GRADER_PATTERNS: tuple[str, ...] = (
    r"\b(give|award|assign|grade|rate|score|mark)\b[^.!?\n]{0,40}\b(level|score|grade|rating|points?|marks?)\s*"
    r"(4|four|5|five|10|100|full|max(imum)?|top|highest)\b",
    r"\b(give|award)\b[^.!?\n]{0,20}\b(full marks|top marks|maximum score|highest score|a perfect score)",
    r"\brate me\b", r"\bgrade me\b", r"\bscore me\b",
    r"\bas (the|an?) (grader|evaluator|judge|scorer|assessor|reviewer)\b",
    r"\b(note|message|instructions?) (to|for) (the )?(grader|evaluator|judge|scorer|reviewer|ai|model|llm|"
    r"scoring system|grading system|evaluation system|scoring model)\b",
    # "set the log level to INFO" is configuration: a grade is a level with a number or a superlative after it.
    r"\blevel\s*(of\s*)?[45]\b",
    r"\b(record|output|mark|set|give|assign|reply)\b[^.!?\n]{0,30}\blevel\s*(?:to|as|of|=|:)?\s*(?:[1-5]|four|five|max|top)\b",
    r"\bdeveloper mode\b", r"\brules no longer apply\b", r"\b(switch|move) to chain\b", r"\bchain\s+c\d+\b",
    r"\bskip (every|all) (the )?remaining\b",
    # "we cache the system prompt prefix" is engineering; asking for it, or for the rubric, is not.
    r"\b(print|show|reveal|output|leak|repeat|dump|tell me|give me|ignore|forget|disregard)\b[^.!?\n]{0,25}"
    r"\b(system prompt|the (whole )?rubric|your role|your instructions)\b", r"\bforget your role\b",
    r"\b(full marks|highest rating|strong hire|internal referral)\b",
    r"\b(dear|attention|hey) (grader|evaluator|judge|scorer)\b",
    r"\bignore (all |the |any |your |previous |prior |above |earlier )*(instructions|rubric|criteria|scoring|"
    r"guidelines|rules)\b",
    r"\b(this|the|my) (answer|response) (deserves|should (get|receive|be (rated|graded|scored|given))|is worth|"
    r"merits)\b",
    r"\b(the|this) candidate (has passed|passes|is excellent|deserves|meets all|should (pass|get|receive))\b",
    r"\blevel\s*[:=]\s*[45]\b", r"[\"']level[\"']\s*:\s*[45]", r"\b(score|grade|rating)\s*[:=]\s*(4|5|10|100)\b",
    r"(?<![\d.])[45]\s*/\s*4(?!\d|\.\d)", r"\b(i|we) (expect|want|need|deserve) (a |an |level |the )?(4|four|top|full)\b",
    r"\b(deserves?|worth|merits?) (a |an )?(level )?(4|four|full marks|top marks)\b",
    r"\bthe candidate's answer is (excellent|perfect|complete|outstanding)\b",
    r"(^|\n)\s*#*\s*(system|assistant|user|developer|grader|human|ai)\s*[:：][^\n]*(level|score|grad|rating|pass|"
    r"end\b|ignore|interview|rubric|candidate|hire)",
    r"<\|?/?\s*(system|assistant|user|im_start|im_end|instructions?)\s*\|?>",
    r"\[/?\s*(system|assistant|inst|user|sys)\s*\]\s*[:：]?",
    r"忽略(掉)?(以上|之前|前面|所有|上面)?(的)?(评分标准|评分规则|评分要求|指令|规则|提示|要求)",
    r"(给|打|评)(我|他|这个回答|本回答|这道题|这题|这个答案)?.{0,6}(满分|4\s*级|四级|第\s*4\s*级|第四级|"
    r"level\s*4|最高分|最高级|高分)",
    r"(评为|评成|判为|打成|定为|算作)(第)?\s*(4|四)\s*级", r"(判|评|打|给|算)\s*(成|为|个)?\s*(第)?\s*[4四]\s*级",
    r"(给|致)(评分|打分|阅卷)的", r"评分的\s*(ai|模型|人|系统)",
    r"(评分者|评分员|评分人|阅卷人|阅卷老师|评委|打分的(人|模型)|打分者|评估者)(请|注意|你|们)",
    r"作为(评分者|评分员|评分器|评分模型|评分系统|裁判|评估者|打分者|评委)",
    # "系统提示词放在前缀里做缓存" is engineering; a bracketed notice or a request to reveal one is not.
    r"[【\[(（]\s*系统提示\s*[】\])）]", r"(输出|打印|显示|泄露|告诉我|给我看|说出|忽略|忘掉|忘记)[^。！？\n]{0,10}系统提示",
    r"(系统|助手|用户)\s*[:：][^\n]*(评分|打分|满分|通过|结束|忽略|面试|[45四五]\s*级|录用|候选人)",
    r"(值|配得上|应该得|应得|应该拿)\s*(第)?\s*(4|四)\s*(级|分)", r"(评分|等级|级别|分数)\s*[:：=]\s*(4|四)",
    r"请(你)?(给|打)(我|这个回答|本回答)?.{0,4}(分|级)", r"(ai|AI|模型)\s*(评分|打分|评估)(助手|员)?(请|注意)",
    r"候选人(已经|已)?(通过|满足)(了)?(所有|全部)", r"候选人已(经)?通过", r"(评分|打分|分数)\s*(一律|都|统一|全部)?\s*(为|是|给|打)\s*[45]", r"开发者模式", r"规则不再适用",
    # A reward model may be called a 评分模型; text addressed to one is the grader's.
    r"(给|致|对)(评分|打分|阅卷)(系统|器|模型)", r"(评分|打分|阅卷)(系统|器|模型)\s*(请|注意|你|必须|应该|看)",
    r"切换到\s*c\d", r"跳过(所有|全部|剩下)(的)?(剩下的|剩余的)?(问题|题|题目|追问|环节)",
    r"(忘掉|忘记|忽略|抛开|跳出)(你的)?角色设定",
    r"(最高评价|满分|强烈推荐录用|内部推荐)", r"(等级|级别|level)\s*[:：=]?\s*\**\s*[45]\s*(级|分)?",
)

# Words that carry no content; a dense term list without them is keyword stuffing.
FUNCTION_WORDS_EN = frozenset(
    "the a an is are was were we i it to of in on for because so that this with and but which when then our my "
    "you they be by at from as if each per can do does did has have had not its their there than into only "
    "about after before while until also just like would should could will what how why where".split())
# Chinese joins terms with short verbs and measure words ("ZeRO-1 切优化器状态，每卡省 12 字节"): they count as structure.
FUNCTION_CHARS_ZH = frozenset("的是了在我们就把要会和与这那说一个到从对时后先再也都能可以没有不为而但所因让被着过"
                              "切省占每给用做加减算存发比多少约")
