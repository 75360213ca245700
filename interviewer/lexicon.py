"""The bilingual alias lexicon: what a pack trigger looks like on a résumé line, in Chinese and English.

Each Concept lists the trigger texts (zh and en, as packs write them) that mean it, the patterns
that show it on a line, the near misses masked out first, and context the line must also have.
Patterns compile with re.ASCII so `\\b` treats CJK as a boundary ("用FSDP训练" still shows FSDP).
A trigger the lexicon does not know falls back to a literal, case-insensitive match.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache

from interviewer.textutil import normalize_key

FLAGS = re.IGNORECASE | re.ASCII


@dataclass(frozen=True)
class Concept:
    """One idea a résumé line can show, with every way the field writes it."""

    name: str
    triggers: tuple[str, ...]
    patterns: tuple[str, ...]
    negatives: tuple[str, ...] = ()
    context: tuple[str, ...] = ()
    min_count: int = 0


# Shared fragments. A GPU count is a number, an optional measure word, then a device noun; GPU-hours
# and card-days are compute spent, not the size of the run.
_DEVICE = (r"(?:张|块|台|颗|个)?\s*(?:GPU|显卡|加速卡|卡|NPU|TPU|accelerator|card|chip|device|"
           r"[HABL]\d{2,3}[A-Z]?|GB\d{3}|MI\d{3}X?|910[BC]?|昇腾|Ascend)s?(?![a-z0-9])"
           r"(?![\s-]*(?:hours?|hrs?|days?|小时|时|天|h\b))")
_ARABIC = r"(?<![\w.,])(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s*[k千万]?)"
_CN_NUM = r"(?P<n>[一二两三四五六七八九十几数上近过逾]*[千万][一二两三四五六七八九十百]*)"
_MORE = r"\s*(?:多|余|\+)?[\s-]*"
_PCT_OR_TIMES = r"\d+(?:\.\d+)?\s*(?:%|倍|×|x(?![a-z0-9])|个?百分点|percentage\s+points?)"
_TRAINING = (r"训练|训推|training|\btrain|吞吐|throughput|\bMFU\b|\bstep|迭代|iteration|tokens?\s*/\s*s|tok/s|"
             r"samples?\s*/\s*s|TFLOPS|收敛|convergence")
_SPEED = (r"加速|提速|加快|快|速度|吞吐|throughput|speed|faster|\bMFU\b|step[\s-]?time|耗时|时间|\btime\b|时长|"
          r"效率|efficien|tokens?\s*/\s*s|tok/s|samples?\s*/\s*s|TFLOPS|收敛|convergence|\bsped\b|accelerat")
# "从 38% 到 47%" is a gain; "从 8K 扩到 128K" is only a range, so from-to counts only with a percentage.
_IMPROVE = (r"提升|提高|加速|提速|加快|缩短|降低|减少|下降|快|增长|翻倍|优化|从\s*\d+(?:\.\d+)?\s*%[^,;。；\n]{0,4}(?:到|至)|"
            r"improv|increas|boost|\bspeed\s*-?up|speeds?\s+up|\bsped\b|faster|reduc|\bcut\b|rais|\bgains?\b|higher|"
            r"lower|\bup\b|\bfrom\s+\d+(?:\.\d+)?\s*%\s+to\b|->|→|accelerat|doubl")
# "8x A100" and "128x8" are hardware, not a speed-up.
_HARDWARE_TIMES = r"\d+\s*[x×*]\s*(?:\d+|[HABL]\d{2,3}\w*|GPUs?|nodes?|卡|机|台)"

CONCEPTS: tuple[Concept, ...] = (
    Concept(
        "thousand_gpu", ("千卡训练", "千卡", "万卡训练", "thousand-GPU training", "thousand-GPU", "thousands of GPUs",
                         "thousand-card training"),
        # One alternation takes the first branch that fits, so nodes × GPUs come before a plain count.
        (
            r"(?<![\w.])(?P<a>\d+)\s*(?:个|台)?\s*(?:nodes?|节点|台(?:机器|服务器)?|机器|hosts?|servers?|machines?)\s*"
            r"(?:[x×*]|with|of|each\s+with|,|、)?\s*(?P<b>\d+)\s*(?:张|块)?\s*(?:GPU|卡|[HABL]\d{2,3}|accelerator)s?",
            r"(?<![\w.])(?P<a>\d+)\s*[x×*]\s*(?P<b>\d+)\s*(?:张|块)?\s*(?:GPU|卡|[HABL]\d{2,3}|accelerator)s?",
            # "128 GPU nodes": eight GPUs a node, the usual size; a bare "200 nodes" may be a CPU cluster.
            r"(?<![\w.,])(?P<nodes>\d{1,3}(?:,\d{3})+|\d+)\s*(?:个|台)?\s*(?:GPU|[HABL]\d{2,3}|训练|DGX|HGX)\s*"
            r"(?:nodes?|节点|服务器|servers?|machines?|机器|hosts?)",
            _ARABIC + _MORE + _DEVICE,
            _CN_NUM + _MORE + _DEVICE,
            r"(?:GPU|卡数|显卡|[HABL]\d{2,3})s?\s*(?:数|数量|count)?\s*[x×*:=]\s*(?P<n>\d{1,3}(?:,\d{3})+|\d+\s*k?)",
            r"\bthousands?[\s-]+of[\s-]+(?:GPUs|accelerators|cards|chips|H100s|A100s)",
            r"\b(?:multi-?|several[\s-]|one[\s-]|two[\s-]|a[\s-])?thousand[\s-]+(?:GPU|card|accelerator|chip)",
        ),
        min_count=1000,
    ),
    Concept("megatron", ("Megatron", "Megatron-LM", "Megatron-Core"), (r"\bMegatron",)),
    Concept("deepspeed", ("DeepSpeed",), (r"\bDeep[\s-]?Speed",)),
    Concept("fsdp", ("FSDP", "FSDP2", "fully sharded data parallel"),
            (r"\bFSDP\d?\b", r"fully[\s-]sharded[\s-]data[\s-]parallel", r"完全分片数据并行")),
    Concept(
        "zero", ("ZeRO", "ZeRO-3", "零冗余优化器", "zero redundancy optimizer"),
        (r"\b(?-i:ZeRO|ZERO)(?:[-_]?[123]|\b)", r"\bzero[-_]?[123]\b", r"\bzero\s+stage\s*-?[123]\b",
         r"DeepSpeed[^\n。;；]{0,40}?\bstage[\s-]?[123]\b", r"\bstage[\s-]?[123]\b[^\n。;；]{0,40}?DeepSpeed",
         r"零冗余", r"zero[\s-]redundancy"),
        negatives=(r"\b(?-i:[Zz]ero|ZERO)[\s-]*(?:downtime|copy|shot|trust|bubble|day|touch|config\w*|loss|defects?|"
                   r"incidents?|"
                   r"outages?|errors?|bugs?|cost|waste|to[\s-]one|based)\b",),
    ),
    Concept(
        "incident", ("训练事故", "训练故障", "事故", "training incidents", "incidents",
                     "training failures", "incident response"),
        (
            r"loss\s*(?:spikes?|spiked|spiking|尖峰|突刺|毛刺|飙升|跳变|发散|divergence|diverged|blow-?ups?|exploded)",
            r"NCCL\s*(?:超时|timeouts?|timed[\s-]out|hangs?|hung|watchdog|报错|errors?)",
            r"(?:failed|failing|dropped|faulty|dead|bad|flaky|broken|lost|unhealthy)\s+"
            r"(?:nodes?|GPUs?|cards?|hosts?|machines?|ranks?)",
            r"\b(?:node|GPU|hardware|rank|host)\s+failures?", r"\bGPUs?\s+(?:dropp(?:ed|ing)|fell)\s+off",
            r"掉卡|坏卡|故障卡|坏节点|故障节点|节点故障|硬件故障|掉节点|慢节点|\bstragglers?\b|\bslow\s+nodes?",
            r"post-?mortems?|事故复盘|故障复盘|复盘报告|\bon-?call\b|值班",
            r"故障(?:排查|定位|恢复|处理|检测|自愈|分析|演练)|排障|事故|\bincidents?\b",
            r"(?:训练|任务|作业|\bjobs?|training)\s*(?:hang|卡死|卡住|挂起|中断|崩溃|crash|故障|异常|失败|failures?)",
            r"\bXid\b|ECC\s*(?:错误|errors?)|\bhangs\b|死锁|deadlocks?|(?:debug\w*|diagnos\w*|排查|定位)\s+(?:\w+\s+){0,3}hangs?\b",
            r"容错|fault[\s-]toleran\w*|自动恢复|自愈|auto(?:matic|mated)?\s+(?:recovery|restarts?|failover)|\bMTTR\b",
        ),
    ),
    Concept(
        "training_stability", ("训练稳定性", "训练稳定", "training stability", "numerical stability", "数值稳定"),
        (r"训练(?:不)?稳定|数值稳定|training\s+(?:in)?stability|unstable\s+training|stabili[sz]\w*\s+(?:the\s+)?training|"
         r"(?:numerical|numeric)\s+(?:in)?stability",
         r"loss\s*(?:spikes?|spiked|尖峰|突刺|发散|divergence|diverged|NaN)|梯度爆炸|gradient\s+explosion|"
         r"exploding\s+gradients?|\bNaN\b"),
    ),
    Concept(
        "nccl_timeout", ("NCCL 超时", "NCCL timeouts", "NCCL hangs"),
        (r"NCCL\s*(?:超时|timeouts?|timed[\s-]out|watchdog|hangs?|hung)|collective\s+(?:timeouts?|hangs?)|"
         r"通信\s*(?:超时|hang|卡死)",),
    ),
    Concept(
        "mixed_precision", ("混合精度", "混合精度训练", "mixed precision", "mixed-precision training", "AMP"),
        (r"混合精度|mixed[\s-]precision|\bAMP\b|\bBF16\b|bfloat16|\bFP16\b|float16|half[\s-]precision|半精度|\bFP8\b|float8|"
         r"loss[\s-]scal(?:e|ed|ing|er)|GradScaler",),
        negatives=(r"\bAMP\s*(?:pages?|页面)|Accelerated\s+Mobile\s+Pages",),
    ),
    Concept("bf16", ("BF16", "bfloat16"), (r"\bBF16\b|bfloat16",)),
    Concept("fp8", ("FP8", "FP8 training", "FP8 训练"), (r"\bFP8\b|float8|\bE4M3\b|\bE5M2\b",)),
    Concept(
        "rl_system", ("RL 训练系统", "RL training system", "RL 系统", "RL post-training", "RL 后训练",
                      "强化学习训练系统", "large-scale RL training", "大规模 RL 训练系统"),
        (r"\bRL\s*(?:训练|后训练|training|post-?training|系统|systems?|框架|frameworks?|pipelines?|infra\w*|基础设施|平台)|强化学习|"
         r"reinforcement\s+learning|\bRLHF\b|\bRLAIF\b|\bRLVR\b|\bPPO\b|\bGRPO\b|\bDAPO\b|\bREINFORCE\b|\brollouts?\b|"
         r"reward\s+models?|奖励模型|critic\s+model|actor[\s-]critic|\bverl\b|OpenRLHF|NeMo-Aligner|DeepSpeed-Chat",),
        negatives=(r"灰度\s*(?:发布|rollout)|(?:canary|gradual|staged|phased|progressive|production|feature)\s+rollouts?|"
                   r"rollouts?\s+(?:to|across)\s+(?:production|prod|all|users|the\s+fleet|\d+)",),
    ),
    Concept("verl", ("verl",), (r"\bverl\b",)),
    Concept("openrlhf", ("OpenRLHF",), (r"OpenRLHF",)),
    Concept(
        "speedup", ("训练加速 X%", "训练加速", "训练提速 X%", "training sped up X%", "training speedup", "training speed-up X%",
                    "sped up training by X%", "throughput improvement"),
        (_PCT_OR_TIMES,),
        negatives=(r"(?:首屏|页面|网页|page)\s*(?:加载|load(?:ing)?)?[^,;。；\n]*?\d+(?:\.\d+)?\s*(?:%|倍|×|x\b)",
                   r"(?:推理|inference|serving|在线服务|decode|prefill)[^,;。；\n]{0,16}?(?:吞吐|throughput|QPS|延迟|latency|速度|speed)"
                   r"[^,;。；\n]{0,16}?\d+(?:\.\d+)?\s*(?:%|倍|×|x\b)",
                   _HARDWARE_TIMES),
        context=(_TRAINING, _SPEED, _IMPROVE),
    ),
    Concept(
        "mfu_gain", ("MFU 提升", "MFU 提升 X%", "MFU 提高", "MFU gains", "MFU improvement", "MFU improved",
                     "MFU increase", "MFU increased", "raised MFU", "improved MFU", "MFU up X%", "MFU improved by X%"),
        (r"\bMFU\b",),
        negatives=(_HARDWARE_TIMES,),
        context=(_IMPROVE, _PCT_OR_TIMES),
    ),
    Concept(
        "memory_opt", ("显存优化", "memory optimization", "memory optimisation", "GPU memory optimization", "显存节省"),
        (r"显存优化|优化显存|显存(?:占用|峰值)?\s*(?:降低|减少|下降|节省|节约|降到|压缩|从)|(?:节省|降低|减少|压缩|节约)\s*(?:了)?\s*"
         r"(?:\d+(?:\.\d+)?\s*(?:%|GB)\s*(?:的)?)?\s*(?:峰值)?显存|memory\s+optimi[sz]ation|"
         r"optimi[sz](?:e|ed|ing)\s+(?:GPU\s+|peak\s+)?memory|"
         r"(?:reduc(?:e|ed|ing)|cut(?:ting)?|lower(?:ed|ing)?|sav(?:e|ed|ing))\s+(?:the\s+)?"
         r"(?:peak\s+|GPU\s+|activation\s+)*memory|"
         r"(?:peak|GPU|activation)\s+memory\s+(?:by|from|down|usage|footprint)|memory\s+footprint|\bOOMs?\b|显存不足|显存墙",),
    ),
    Concept(
        "recompute", ("激活重计算", "重计算", "activation recomputation", "activation checkpointing", "recomputation",
                      "gradient checkpointing", "selective recomputation"),
        (r"重计算|activation\s+(?:re-?computation|re-?compute|checkpointing)|gradient\s+checkpointing|"
         r"\bre-?comput(?:e|ed|ing|ation)",),
    ),
    Concept("offload", ("offload", "CPU offload", "CPU 卸载"),
            (r"offload(?:ing|ed|s)?|(?:CPU|NVMe)\s*卸载|卸载到\s*(?:CPU|NVMe|内存|主存)|ZeRO-Infinity",)),
    Concept(
        "long_context", ("长上下文", "长上下文训练", "长序列", "long context", "long-context training", "long sequences", "长序列训练"),
        (r"长上下文|长序列|超长序列|长文本训练|long[\s-]context|long[\s-]sequences?|context\s+window",
         r"(?<![\w.])(?P<n>\d+\s*[km])\s*(?:tokens?\s*)?(?:context|上下文|序列|长度|sequence|seq(?:uence)?[\s_-]?len(?:gth)?)",
         r"(?:context|sequence|seq|序列|上下文)[\s_-]*(?:length|长度|len)?\s*(?:of|to|为|达到|扩展到|扩到|:|=)?\s*"
         r"(?P<n>\d+\s*[km])\b"),
        min_count=32_000,  # 4K and 8K are ordinary sequence lengths
    ),
    Concept(
        "context_parallel", ("Context Parallel", "context parallelism", "上下文并行", "CP"),
        (r"context[\s-]parallel\w*|上下文并行|\bCP\s*(?:=|度|size)\s*\d+|"
         r"\b(?:TP|PP|DP|EP|SP)\s*/\s*CP\b|\bCP\s*/\s*(?:TP|PP|DP|EP|SP)\b",),
    ),
    Concept("ring_attention", ("Ring Attention", "环形注意力"),
            (r"ring[\s-]?(?:flash[\s-]?)?(?:attention|attn)|环形注意力",)),
    Concept("ulysses", ("Ulysses", "DeepSpeed-Ulysses"), (r"\bUlysses\b",)),
    Concept("moe", ("MoE", "MoE 训练", "MoE training", "mixture of experts", "混合专家"),
            (r"\bMoE\b|mixture[\s-]of[\s-]experts|混合专家|专家模型",)),
    Concept(
        "expert_parallel", ("专家并行", "expert parallelism", "expert parallel", "EP"),
        (r"专家并行|expert[\s-]parallel\w*|\bEP\s*(?:=|度|size)\s*\d+|"
         r"\b(?:TP|PP|DP|CP)\s*/\s*EP\b|\bEP\s*/\s*(?:TP|PP|DP|CP)\b",),
    ),
    Concept(
        "custom_kernel", ("自定义算子", "自研算子", "custom kernels", "custom operators", "custom CUDA kernels",
                          "CUDA kernels", "CUDA 算子"),
        (r"自定义算子|自研算子|定制算子|手写算子|(?:CUDA|Triton)\s*(?:算子|kernels?)|算子(?:开发|实现|编写)|"
         r"custom\s+(?:CUDA\s+|Triton\s+|GPU\s+|fused\s+)?(?:kernels?|operators?|ops)\b|"
         r"(?:wrote|write|writing|hand-?written|implemented)\s+(?:[\w+/-]+\s+){0,5}kernels?\b|\bCUTLASS\b|\bCuTe\b",),
    ),
    Concept(
        "fused_kernel", ("融合算子", "算子融合", "fused kernels", "fused operators", "kernel fusion", "operator fusion"),
        (r"融合算子|算子融合|(?:kernel|operator|op)\s+fusion|\bfused\s+(?:[\w+/-]+\s+){0,4}(?:kernels?|operators?|ops?)\b|"
         r"\bfus(?:e|ed|ing)\s+(?:[\w-]+\s+){0,3}(?:kernels?|operators?|into\s+one\s+kernel)|\bFused[A-Z]\w*",),
    ),
    Concept("triton", ("Triton", "OpenAI Triton", "Triton kernels"), (r"\bTriton\b",),
            negatives=(r"(?:NVIDIA\s+)?Triton\s+(?:Inference\s+)?Server|Triton\s*推理(?:服务器|服务)?|tritonserver",)),
    Concept(
        "dist_checkpoint", ("分布式 checkpoint", "distributed checkpoints", "distributed checkpointing",
                            "sharded checkpoints", "checkpoint 保存"),
        (r"分布式\s*(?:checkpoint|ckpt|检查点)|distributed\s+checkpoint\w*|shard(?:ed)?\s+checkpoints?|"
         r"分片\s*(?:checkpoint|ckpt|保存|存储)|torch\.distributed\.checkpoint|\bDCP\b|checkpoint\s*reshard\w*",
         r"(?:checkpoint|ckpt|检查点)s?\s*(?:的)?\s*(?:保存|加载|存储|恢复|写入|save|load|saving|loading|writes?|转换|conversion|时间|耗时)|"
         r"(?:保存|加载|save|load|saving|loading|writing|wrote)\s+(?:the\s+|model\s+)?(?:checkpoint|ckpt)s?|"
         r"异步\s*(?:checkpoint|ckpt)",
         r"(?:checkpoint|ckpt)[^\n。]{0,20}(?:分片|shard)|(?:分片|shard\w*)[^\n。]{0,20}(?:checkpoint|ckpt)"),
        negatives=(r"(?:gradient|activation)\s+checkpointing",),
    ),
    Concept(
        "async_checkpoint", ("异步 checkpoint", "异步保存", "async checkpoints", "async checkpointing",
                             "asynchronous checkpointing", "asynchronous checkpoints"),
        (r"异步[^\n。,;，；]{0,12}?(?:checkpoint|ckpt|保存|写|检查点|存储)|"
         r"async(?:hronous)?\s+(?:[\w-]+\s+){0,2}?(?:checkpoint\w*|sav(?:e|es|ing)|writes?|writing)|"
         r"(?:checkpoint|ckpt)[^\n。]{0,20}(?:异步|async)|non-?blocking\s+checkpoint\w*",),
    ),
    Concept(
        "training_platform", ("训练平台", "training platform", "训练平台建设"),
        (r"训练平台|训练作业平台|训练集群平台|(?:ML|AI|机器学习|大模型)\s*(?:训练)?\s*平台|training\s+(?:job\s+|cluster\s+)?platforms?|"
         r"(?:ML|AI)\s+platforms?|作业调度|job\s+schedul\w*",),
    ),
    Concept("kubernetes", ("Kubernetes", "k8s"),
            (r"Kubernetes|\bk8s\b|\bKubeflow\b|\bVolcano\b|\bKueue\b|\bKubeRay\b|\bkubectl\b",)),
    Concept("pytorchjob", ("PyTorchJob",), (r"PyTorchJobs?|training[\s-]operator|\bMPIJobs?\b",)),
    Concept(
        "nccl_tuning", ("NCCL 调优", "NCCL tuning", "NCCL 优化", "NCCL optimization"),
        (r"NCCL\s*(?:调优|优化|参数|环境变量|tuning|tuned|tune|optimi[sz]\w*|config\w*|algorithms?|protocols?|拓扑|topology)|"
         r"\bNCCL_[A-Z_]+|nccl-tests|(?:tuned|tuning|tune|optimi[sz]ed?)\s+(?:the\s+)?NCCL|\bbusbw\b|"
         r"all-?reduce\s*(?:带宽|bandwidth)|集合通信\s*(?:调优|优化)|collective\s+communication\s+(?:tuning|optimi[sz]ation)",),
    ),
    Concept("rdma", ("RDMA", "InfiniBand", "IB"), (r"\bRDMA\b|InfiniBand|\b(?-i:IB)\b|GPUDirect|\bGDR\b",)),
    Concept("roce", ("RoCE", "RoCEv2"), (r"\bRoCE(?:v2)?\b",)),
)


class Lines:
    """A résumé's lines, with an ASCII-lower-cased copy of the whole text for finding heads."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        # ASCII-only lower-casing keeps every offset in place (str.lower can lengthen "İ").
        self.lower = "\n".join(lines).translate(_ASCII_LOWER)
        self.starts = [0]
        for ln in lines[:-1]:
            self.starts.append(self.starts[-1] + len(ln) + 1)

    def with_heads(self, heads: tuple[str, ...]) -> list[int]:
        """Indexes of the lines where one of the heads occurs."""
        found: set[int] = set()
        for head in heads:
            at = self.lower.find(head)
            while at != -1:
                found.add(bisect.bisect_right(self.starts, at) - 1)
                at = self.lower.find(head, at + 1)
        return sorted(found)

    def lower_line(self, i: int) -> str:
        return self.lower[self.starts[i]:self.starts[i] + len(self.lines[i])]


class _Regex:
    """A compiled pattern tried only where one of its heads occurs, which skips almost every position."""

    def __init__(self, source: str) -> None:
        self.regex = re.compile(source, FLAGS)
        self.heads = _heads(source)

    def matches(self, line: str, lower: str):
        if self.heads is None:
            yield from self.regex.finditer(line)
            return
        tried: set[int] = set()
        for head in self.heads:
            at = lower.find(head)
            while at != -1:
                # Heads can overlap ("los", "oss"): a match may begin anywhere inside one.
                for start in range(at, at + len(head)):
                    if start not in tried:
                        tried.add(start)
                        m = self.regex.match(line, start)
                        if m:
                            yield m
                at = lower.find(head, at + 1)


class Matcher:
    """A concept compiled once: tells which résumé lines show it."""

    def __init__(self, concept: Concept) -> None:
        self.name = concept.name
        self.min_count = concept.min_count
        self.negative = _Regex("|".join(f"(?:{p})" for p in concept.negatives)) if concept.negatives else None
        # Count patterns reuse group names; numbering them lets one alternation hold them all.
        self.pattern = _Regex("|".join(f"(?:{_number_groups(p, i)})" for i, p in enumerate(concept.patterns)))
        # The line must also show every context, wherever the pattern matched.
        self.gates = [_Regex(c) for c in concept.context]

    def hits(self, line: str) -> bool:
        """Whether one line shows the concept, every regex searched everywhere (the reference for find)."""
        if self.negative is not None:
            line = self.negative.regex.sub(lambda m: " " * len(m.group()), line)
        if not all(g.regex.search(line) for g in self.gates):
            return False
        return any(self._counts(m) for m in self.pattern.regex.finditer(line))

    def spans(self, line: str) -> list[tuple[int, int]]:
        """(start, length) of each place in `line` the concept's pattern matches and counts ("2048 张", not "64 张")."""
        return [(m.start(), len(m.group())) for m in self.pattern.regex.finditer(line)
                if m.group().strip() and self._counts(m)]

    def find(self, doc: Lines) -> list[int]:
        """0-based indexes of the lines that show the concept (the same lines hits() accepts, found faster)."""
        candidates = doc.with_heads(self.pattern.heads) if self.pattern.heads else range(len(doc.lines))
        return [i for i in candidates if self._shows(doc.lines[i], doc.lower_line(i))]

    def _shows(self, line: str, lower: str) -> bool:
        if self.negative is not None and next(self.negative.matches(line, lower), None):
            line = self.negative.regex.sub(lambda m: " " * len(m.group()), line)
            lower = line.translate(_ASCII_LOWER)
        if not all(next(g.matches(line, lower), None) for g in self.gates):
            return False
        return any(self._counts(m) for m in self.pattern.matches(line, lower))

    def _counts(self, m: re.Match) -> bool:
        return not self.min_count or _count(m) >= self.min_count


def _number_groups(pattern: str, i: int) -> str:
    return re.sub(r"\(\?P<(\w+)>", lambda m: f"(?P<{m[1]}_{i}>", pattern)


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


# --------------------------------------------------------------------------- heads
# Python's regex engine tries every branch at every position unless all branches start with a
# case-sensitive literal, so a case-insensitive scan of a résumé costs about a millisecond per
# concept. The strings a pattern's matches can begin with ("heads"), found with str.find in
# lower-cased text, leave only a few places to try it. Anything this walk does not understand
# makes the heads unknown, and the pattern is then searched everywhere.

_MAX_HEADS = 200


def _class_chars(items) -> set[str] | None:
    from re import _constants as C

    out: set[str] = set()
    for op, av in items:
        if op is C.LITERAL:
            out.add(chr(av))
        elif op is C.RANGE and av[1] - av[0] <= 40:
            out.update(map(chr, range(av[0], av[1] + 1)))
        elif op is C.CATEGORY and av is C.CATEGORY_DIGIT:
            out.update("0123456789")
        else:
            return None
    return {c.translate(_ASCII_LOWER) for c in out}


def _starts(items: list, depth: int = 3) -> set[str] | None:
    """Every string (up to `depth` characters) a match of the parsed `items` can begin with, or None."""
    from re import _constants as C

    found = {""}
    for i, (op, av) in enumerate(items):
        partial = None if found == {""} else found  # what a stop here returns: the heads so far, if any
        if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
            continue  # zero-width: \b, lookarounds
        if op is C.LITERAL:
            found = {f + chr(av).translate(_ASCII_LOWER) for f in found}
        elif op is C.IN:
            chars = _class_chars(av)
            if chars is None:
                return partial
            found = {f + c for f in found for c in chars}
        else:
            if op is C.BRANCH:
                subs = [_starts(b, depth) for b in av[1]]
            elif op is C.SUBPATTERN:
                subs = [_starts(list(av[3]), depth)]
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT):
                # An optional item may be skipped: then the match begins with what follows it.
                subs = [_starts(list(av[2]), depth)] + ([_starts(items[i + 1:], depth)] if av[0] == 0 else [])
            else:
                return partial
            if any(sub is None or "" in sub for sub in subs):
                return partial
            return {f + h for f in found for sub in subs for h in sub}
        if len(found) > _MAX_HEADS:
            return None
        if min(map(len, found)) >= depth:
            return found
    return found


def _heads(pattern: str) -> tuple[str, ...] | None:
    """Lower-case strings one of which begins every match of the pattern; None when that is unknown."""
    try:
        from re import _parser

        heads = _starts(list(_parser.parse(pattern, FLAGS)))
    except Exception:  # a Python whose regex internals differ: search every line in full instead
        return None
    if not heads or "" in heads:
        return None
    # A head that starts with another head adds no new places to look.
    return tuple(sorted(h for h in heads if not any(h != o and h.startswith(o) for o in heads)))


# --------------------------------------------------------------------------- counts and lookup

_CN_DIGIT = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
             "几": 1, "数": 1, "上": 1, "近": 1, "过": 1, "逾": 1}
_CN_UNIT = {"十": 10, "百": 100, "千": 1000, "万": 10000}


def parse_count(s: str) -> float:
    """'1,024' → 1024, '2k' → 2000, '1M' → 10⁶, '两千' → 2000, '上千' → 1000, '万' → 10000."""
    s = s.replace(",", "").replace(" ", "").lower()
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([km千万]?)", s)
    if m:
        return float(m[1]) * {"": 1, "k": 1000, "m": 1_000_000, "千": 1000, "万": 10000}[m[2]]
    total, digit = 0, 0
    for ch in s:
        if ch in _CN_DIGIT:
            digit = _CN_DIGIT[ch]
        elif ch in _CN_UNIT:
            total += (digit or 1) * _CN_UNIT[ch]
            digit = 0
    return total + digit


def _count(m: re.Match) -> float:
    groups = {k.rsplit("_", 1)[0]: v for k, v in m.groupdict().items() if v}
    if groups.get("nodes"):
        return parse_count(groups["nodes"]) * 8
    if groups.get("a") and groups.get("b"):
        return int(groups["a"]) * int(groups["b"])
    if groups.get("n"):
        return parse_count(groups["n"])
    return float("inf")  # "thousands of GPUs" and the like say the scale in words


def literal_pattern(trigger: str) -> str:
    """A trigger as written: spaces and hyphens loose, word boundaries at Latin ends, X% as any percentage."""
    out = []
    for part in re.split(r"([\s_-]+|\b[XN]\s*[%×倍])", trigger.strip()):
        if not part:
            continue
        if re.fullmatch(r"[\s_-]+", part):
            out.append(r"[\s_-]*")
        elif re.fullmatch(r"[XN]\s*[%×倍]", part):
            out.append(r"\d+(?:\.\d+)?\s*" + re.escape(part[-1]))
        else:
            out.append(re.escape(part))
    body = "".join(out)
    if re.match(r"[A-Za-z0-9]", trigger.strip()):
        body = r"\b" + body
    if re.search(r"[A-Za-z0-9]$", trigger.strip()):
        body += r"\b"
    return body


def trigger_key(text: str) -> str:
    """The lookup key of a trigger: no article, no punctuation or case, English plural folded."""
    t = re.sub(r"^\s*(?:an?|the)\s+", "", text, flags=re.I)
    k = normalize_key(t)
    return k[:-1] if len(k) > 3 and k.endswith("s") and k.isascii() else k


_BY_KEY: dict[str, Concept] = {trigger_key(t): c for c in CONCEPTS for t in c.triggers}


def concept_for(trigger: str) -> Concept:
    """The lexicon concept for a trigger, or a literal one built from its text."""
    found = _BY_KEY.get(trigger_key(trigger))
    if found is not None:
        return found
    return Concept("literal:" + trigger_key(trigger), (trigger,), (literal_pattern(trigger),))


@lru_cache(maxsize=1024)
def matcher_for(trigger: str) -> Matcher:
    """The compiled matcher for a trigger; cached, so a pack compiles once per process."""
    return _compiled(concept_for(trigger))


@lru_cache(maxsize=256)
def _compiled(concept: Concept) -> Matcher:
    return Matcher(concept)
