"""What an answer shows, as counts, and the ladder level and signal they give.

1 can't (or answers another question), 2 knows the names, 3 explains the mechanism with numbers, 4 judgement: a
trade-off weighed, a validation, a real incident. A number lifts an answer only with something behind it: a
mechanism or a source in its sentence; "提升了 40%" and "state of the art" on their own are claims.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from interviewer import coverage as C
from interviewer import scoring_read as R
from interviewer import scoring_terms as T
from interviewer.scoring_marks import Credit, windows
from interviewer.scoring_rubric import Rubric, literal_terms, term_concepts

_CLAIM = R.cue_regex(T.CLAIM)
# ("秒级" is a boast of speed; "毫秒级" is a magnitude worked out: "32 MB，NVLink 上零点一毫秒级".)
_HYPE = re.compile(rf"(?<![毫微纳])(?:{R.cue_regex(T.HYPE).pattern})")
_RESULT_KINDS = ("percent", "ratio")
# The cues each kind of judgement is read from ("measured" is a source or a before/after).
_JUDGEMENT_CUES = {"tradeoff": ("tradeoff",), "validation": ("validation",), "incident": ("incident",),
                   "measured": ("provenance", "outcome"), "safeguard": ("safeguard",)}


@dataclass
class Features:
    """Counts the level is decided from; kept so tests and the bench can say why."""

    relevance: float = 0.0  # weight of the topic's and the question's terms in the answer
    domain: int = 0  # distinct rubric terms and concepts the answer uses
    breadth: float = 0.0  # the same, a concept counting whole and a plain word half
    credited: int = 0  # markers shown, each with its clause
    credited_numbers: int = 0  # of which the clause has a number or a formula
    grounded: int = 0  # numbers with a mechanism or a source in their sentence
    claims: int = 0  # result numbers with nothing behind them
    statements: int = 0  # sentences that explain: two terms and a mechanism, a reason or a formula
    naming: int = 0  # sentences that name anything of the field
    hype: bool = False
    judgement: list[str] = field(default_factory=list)
    # The kinds said in a sentence about the topic or the question, and not in one that hands the work to others.
    judged_here: set[str] = field(default_factory=set)
    off_question: bool = False
    numeric: bool = True  # the rubric asks for numbers (most of our pack's markers do; a behavioural one may not)
    solid: float = 0.0  # terms of the topic's signs of a solid answer (not of its red flags) the answer uses
    answered: float = 0.0  # the question's own words the answer takes up (concepts whole, words, pairs a third)
    # The candidate's own checks told as a cursory look ("a quick check", "if it looked ok"): more than one such
    # qualifier in 40 words (80 characters of Chinese).
    cursory: bool = False
    handed_off: bool = False  # part of the asked work left to someone else ("the PMs handled the go/no-go")
    picked: bool = False  # opens with one of the alternatives the question offered ("吞吐还是收敛时间？" - "吞吐。")
    own: bool = False  # the candidate speaks of their own work
    story: bool = False  # a marker asking for a story is shown (a hang investigation told: its ids are its figures)
    # A before and an after of the answer's own ("took it from ~9 s to 3.8"), not the question's said back.
    told_change: bool = False
    # A search the question asked for, told to what it found ("…再用 ib_write_bw 两两打流，…查配置发现 PFC 没开").
    searched: bool = False
    recalled: int = 0  # credited points whose figure is only remembered ("我记得是每参数 16 字节左右")
    # Where the credited points are said (sentence, clause start): a point shown beside "X 我不太清楚" is an answer.
    shown_at: frozenset[tuple[int, int]] = frozenset()


_UNIT_WEIGHT = {"c": 1.0, "w": 1.0, "n": 0.5, "z": 0.34}  # a Chinese pair is a third of a word


# For how much of the field an answer names: a concept counts whole, a plain word or a number half.
_BREADTH = {"c": 1.0, "w": 0.5, "n": 0.5, "z": 0.25}


def _count(terms, weights: dict[str, float] = _UNIT_WEIGHT) -> float:
    return sum(weights[t[0]] for t in terms)


def _literal_all(r: R.Reading) -> frozenset[str]:
    key = ("literal_all",)
    if key not in r.memo:
        r.memo[key] = literal_terms(" ".join(r.sentences), True, r.vocab)
    return r.memo[key]


def features(r: R.Reading, rubric: Rubric, topic_terms: frozenset[str], question_terms: frozenset[str],
             credits: list[Credit], numeric: bool = True, solid_terms: frozenset[str] = frozenset(),
             asked: frozenset[str] = frozenset(), own: frozenset[str] = frozenset(), question: str = "",
             own_work: bool = False, markers: tuple[frozenset[str], ...] = ()) -> Features:
    """`own` are the topic's concepts few other topics share (a concept every topic speaks of is no sign the
    answer is about this one); `markers` the concepts of each of its signs of a solid answer."""
    f = Features(numeric=numeric)
    wanted = topic_terms | question_terms
    asked_figures = frozenset(_FIGURE.findall(R.norm(question))) if question else frozenset()
    said: set[str] = set()
    units_all: set[str] = set()
    for i, sent in enumerate(r.sentences):
        cls = r.sentence_clauses(i)
        if not cls:
            continue
        terms = frozenset().union(*(w.terms for w in windows(r, rubric) if w.sent == i and len(w.clauses) == 1))
        said |= terms
        # What the sentence names outright (a concept once, not with its parents), for counting.
        units = {"c:" + c for cl in cls for c in cl.said if r.vocab.kind(c) != "context"}
        units |= {t for t in terms if not t.startswith("c:")}
        units_all |= units
        mine = terms & wanted
        if mine and not cls[0].cues.get("handed_off"):
            f.judged_here |= {k for k, cues in _JUDGEMENT_CUES.items() if any(cls[0].cues.get(c) for c in cues)}
        n = R.norm(sent)
        has_src = bool(R.CUES["provenance"].search(n))
        mechs = {c for cl in cls for c in cl.said if r.vocab.kind(c) == "mech"}
        # (A sentence that only says where the figures before it came from names no more: "是从 Nsight 时间线上量的。")
        f.naming += bool(units) and not (i and has_src and not mechs and not any(cl.numbers for cl in cls))
        # A reason, a formula, or the steps of a process ("生成 id，再通过 TCPStore 发给…") explain how.
        reason = (bool(cls[0].cues.get("causal") or cls[0].cues.get("sequence"))
                  or any("formula" in cl.numbers for cl in cls))
        claim_like = _claim_sentence(n) or any(claim_clause(r, cl) for cl in cls)
        # In a story its sizes are the figures of what happened ("two 256-GPU jobs sat half-scheduled for 9 hours").
        told = bool(R.FROM_TO.search(n)) or any(cl.cues.get("incident") for cl in cls)
        numbered = False
        # A check's bar is its figure ("the mean was around 1e-3…, and alert if the mean mismatch goes over 5e-3").
        checked = any(cl.cues.get("safeguard") or cl.cues.get("validation") for cl in cls)
        for cl in cls:
            claimed = claim_clause(r, cl)
            if _echoes_figures(cl, asked_figures):
                continue  # "最后就从 78 降到 52 了" to "从 78GB 降到 52GB…": the question's figures, said back
            for k in cl.numbers:
                if k == "bare" and not (mechs and reason and len(units) >= 2) and not (
                        checked or (mine and _STATISTIC.search(R.norm(cl.text)))):
                    continue  # a bare number counts only inside an explanation ("overflow above 65504"), a check or
                    # a statistic of the candidate's run ("the mean was around 1e-3")
                if k in _RESULT_KINDS and claimed:
                    f.claims += 1
                elif k == "config" and not (mechs or reason):
                    continue  # "TP=8、DP=8" is a setting; it counts once its reason is given
                elif k in ("params", "count") and not (mechs or reason or has_src or told):
                    continue  # "We fine-tuned a 13B model on 32 A100s" sets the scene; it works nothing out
                elif (mine or len(units) >= 2) and (mechs or reason or has_src or len(units) >= 2 or k == "formula"):
                    f.grounded += 1
                    numbered = True
        neg = any(cl.cues.get("dont_know") for cl in cls)
        # Explains: two terms and a reason, a number or two mechanisms; where the rubric asks for no numbers, a
        # sentence dense in the rubric's own terms is an explanation too ("kept towers separated with a buffer…").
        dense = not f.numeric and _count(units) >= 3
        if len(units) >= 2 and (reason or numbered or len(mechs) >= 2 or dense) and not neg and not (
                claim_like and not reason):
            f.statements += 1
        f.hype |= bool(_HYPE.search(n))
    rel = _count(said & wanted)
    f.relevance = rel
    f.solid = _count(said & solid_terms)
    f.answered = _count(asked & (said | _literal_all(r)))
    f.domain = len(units_all)
    f.breadth = _count(units_all, _BREADTH)
    f.credited = len(credits)
    f.shown_at = frozenset((cl.sent, cl.start) for c in credits for cl in c.window.clauses)
    # (Asked what was added afterwards, the safeguard shown is the story's last part, in either language: the zh marker
    # "事后把排查固化成防线…" reads as a story, its en twin "turns the investigation into a safeguard afterwards" does not.)
    after = bool(r.memo.get(("asked_after",)))
    f.story = any("incident" in (cues := rubric.item(c.item).cues) or after and "after" in cues for c in credits)
    # (A setting, "TP8", is no figure of the point: "turns it into the TP8 layout" works nothing out.)
    f.credited_numbers = sum(1 for c in credits
                             if any(k not in ("bare", "config") for cl in c.window.clauses for k in cl.numbers))
    f.recalled = sum(1 for c in credits if any(cl.numbers for cl in c.window.clauses)
                     and _RECALLED.search(R.norm(c.window.text)))
    # (A match may stop inside its last figure: "从 78 降到 5" of "从 78 降到 52".)
    f.told_change = any(not (len(x := _FIGURE.findall(r.text[m.start():m.end() + 8].split("，")[0])) >= 2
                             and all(y in asked_figures for y in x[:2]))
                        for m in R.FROM_TO.finditer(r.text))
    # A search asked for ("怎么定位到具体节点或卡？", "how was it narrowed to a node?") is answered by one told to what it
    # found, in whatever words: "…都指向同两台交换机下的节点，再用 ib_write_bw 两两打流，…查配置发现 PFC 没开".
    if question and _SEARCH_ASKED.search(R.norm(question)) and _FOUND.search(R.norm(r.text)):
        f.answered = max(f.answered, 1.0)
        f.searched = True
    # ...and a larger scale asked about by the number of GPUs tried ("换到更大规模还成立吗？" - "在 256 卡上也试过，…").
    if question and _SCALE_ASKED.search(R.norm(question)) and any("count" in cl.numbers for cl in r.clauses):
        f.answered = max(f.answered, 1.0)
    f.off_question = bool(r.sentences) and not credits and bool(units_all) and not _sets_asked(r, question) and (
        _off_question(r, f, {t for t in units_all if t.startswith("c:")}, rel, wanted, question_terms, asked, own,
                      markers, asked_figures))
    # A story and a source are the candidate's judgement only when the candidate speaks of their own work.
    # Asked about their own work ("你提到「…」，具体是多少？"), a Chinese answer need not say "我们" to be about it.
    own_work = f.own = own_work or _own(r) or bool(question and _ASKS_OWN.search(R.norm(question)))
    echoed = _echoed(r, question)
    # A story someone else worked while the candidate watched ("主要是我导师查的，我在旁边看") is not theirs to tell.
    seen = watched(r)
    f.story = f.story and not seen
    planned = _planned(r, question)
    f.judgement = [k for k, cues in _JUDGEMENT_CUES.items() if any(r.has(c) and c not in echoed for c in cues)
                   and (own_work and not seen or k not in ("incident", "measured"))
                   and not (k in ("validation", "measured") and planned >= _cue_sentences(r, cues))]
    f.judged_here &= set(f.judgement)
    # A check asked for ("要是让你去验证这一点…", "how did you verify it?") is answered by a check told, in whatever words:
    # "和 512 卡对比每卡 token/s" answers "验证" as "we compared…" answers "check".
    if "validation" in f.judged_here and question and R.CUES["validation"].search(R.norm(question)):
        f.answered = max(f.answered, 1.0)
    f.cursory = r.cues.get("cursory", 0) > max(1, r.size // 80)
    f.handed_off = r.has("handed_off")
    if question and r.clauses and _CHOICE.search(R.norm(question)):
        first = rubric.terms_of(r.clauses[0].text)
        f.picked = bool(first) and first <= rubric.terms_of(question)
    return f


_CHOICE = re.compile(r"还是|\bor\b")
_SEARCH_ASKED = re.compile(r"怎么定位|如何定位|怎么找到|怎么排查|如何排查|\bnarrow(?:ed)?\b|\bpin(?:ned)? (?:it )?down\b|"
                           r"\btrack(?:ed)? (?:it )?down\b|\bhow (?:was|did you|do you) (?:it )?(?:locat|diagnos|find|found)")
_SCALE_ASKED = re.compile(r"更大规模|更多卡|扩到更|\blarger scale\b|\bmore gpus\b|\bat scale\b|\bscal(?:e|ed|ing) (?:up|out)\b")
_FOUND = re.compile(r"指向|定位到|查到|查出|发现|锁定|\bpointed (?:at|to)\b|\btraced\b|\bshowed\b|\bturned out\b|"
                    r"\bfound (?:that|the|it)\b|\bnarrowed\b")
# What a story was traced to: its cause found ("定位到一批数据…", "traced it to a bad NIC").
_TRACED = re.compile(r"定位到|查到是|查出来是|原因是|根因|\btraced (?:it )?to\b|\bthe (?:root )?cause was\b|\bturned out (?:to be|it was)\b")
UNKNOWN_RX = R.cue_regex(T.UNKNOWN)
# A measurement the candidate took, not a source read ("from the Megatron logs" is where a figure came from).
_MEASURED_OWN = re.compile(r"实测|测出来|测下来|打点|中位数|不是估|\bwe measured\b|\bwe timed\b|\btimed each\b|"
                           r"\bmedian of\b|\bnot estimated\b|\bmeasured, not\b|\bour measured\b|"
                           r"\bwe instrumented\b|\binstrumented each\b")

# The candidate's own case told as worked out, not measured or tried ("这些都是估算，我没在这个配置上实测过", "I did not run
# PP4 with full recompute end to end — that's from the arithmetic", "we didn't try other layouts or measure scaling"):
# a level-4 answer is the candidate's own measured case, so this one is a 3 however much is worked out. ("不是估的"
# says the opposite; "on paper" sits beside a measurement as often as instead of one; "never tried TP16 across two
# nodes" is an option ruled out, not a result left unmeasured.)
_UNMEASURED = re.compile(r"(?<!不)(?<!不是)(?:没|没有)(?:在[^，。；]{0,12})?(?:实测|测过|实际跑过|跑过|试过|对比过|做更细的拆分|做拆分)|"
                         r"(?:都是|是我?按[^，。；]{0,8})估(?:算)?的|都是估算|(?<!不是)(?<!不)(?:看[^，。；]{0,12})?估的|"
                         r"\b(?:didn't|did not|never|haven't|have not)\s+(?:measure|run|benchmark)\w*\b|"
                         r"\b(?:didn't|did not|never|haven't|have not)\s+tr(?:y|ied)\s+(?:other|any other|alternative|different)|"
                         r"\bfrom the arithmetic\b|\bare (?:all |just )?(?:rough )?estimates\b|\bit's (?:just )?an estimate\b")

# The limits of a check, named as such ("Limits: 2K steps is short, and we didn't run downstream evals on it", "局限是…"),
# are what a senior adds to a measured case, not the case left unmeasured.
_LIMITS = re.compile(r"(?:limits?|limitations?|caveats?|the caveat is|one caveat|局限|不足(?:的是|之处)?)\s*(?:是|在于|[:：,，])")

# Known by hearsay, not used ("partial rollout 我听说过…但我们没用", "I haven't used it myself"): with no figure worked
# out ("没实际用过，但按原理推：70B…每卡约 17.5 GB" reasons it through), the point explained is not the candidate's own.
_HEARSAY = re.compile(r"听说过|没用过|没实际用过|没在生产上用过|\bheard (?:of|about)\b|\bhaven't used (?:it|that|this)\b|"
                      r"\bnever used (?:it|that|this)\b|"
                      # known from the papers, not from the candidate's runs ("这块我主要是看论文了解的。论文里说…")
                      r"看论文了解|从论文(?:里|上)?(?:了解|看)|论文里(?:说|讲|提)|"
                      r"\b(?:know|knew|learned|learnt) (?:it |this |that )?(?:mostly )?from (?:the |reading )?papers?\b|"
                      r"\bthe paper (?:says|said|claims)\b|\baccording to the paper\b|"
                      # ...or read about and never built ("For MoE I read about the auxiliary loss… I have not
                      # implemented it myself, only read the papers")
                      r"\bonly read (?:the |about )?(?:papers?|it|them|about it)\b|\bha(?:ve|d)(?: not|n't) implemented\b|"
                      r"只看过论文|没(?:亲手|自己)?实现过")


_WATCHED = re.compile(r"主要是(?:我)?(?:导师|师兄|组长|同事)|(?:导师|师兄)(?:查|做|定位)的|在旁边看|\bi was (?:just )?watching\b|"
                       r"\bi just watched\b|\bmostly my (?:mentor|lead)\b|\bmy (?:mentor|lead) (?:did|debugged|found)\b|"
                       # another team's investigation ("当时是 SRE 那边查的", "the SRE team tracked it down")
                       r"(?:sre|运维|平台组|网络组|同事|别人|其他团队|别的团队)\s*(?:那边|组|团队)?\s*(?:查|定位|排查)(?:出来)?的|"
                       r"\b(?:sre|ops|the (?:sre|ops|platform|infra|network) team|another team|someone else|a colleague)\s+"
                       r"(?:found it|debugged it|tracked it down|investigated it|did the (?:debugging|investigation))\b", re.I)


def watched(r: R.Reading) -> bool:
    """The candidate tells what they watched someone else do ("主要是我导师查的，我在旁边看", "I was just watching")."""
    return bool(_WATCHED.search(r.text))


_STATISTIC = re.compile(r"\b(?:mean|median|average|p50|p90|p95|p99)\b|平均|中位数|均值")


# A change the candidate made to their own system, as a story tells it.
_CHANGED = re.compile(r"改成|换成|改用|换用|切到|换到|后来用|后来换|后来改|上了|"
                      r"\b(?:switched|moved|changed|repacked|migrated) (?:to|over|into|back|the)\b|\breplaced\b|"
                      r"\bcut (?:[\w-]+ ){1,3}(?:down )?to\b")


def unknown(r: R.Reading) -> bool:
    """The candidate says they do not know part of their own answer: not of a part they say was someone else's ("那部分
    不是我做的，最后降到多少我不太清楚")."""
    # Read once per answer: the scorer asks it of the same reading from four places.
    key = ("unknown",)
    if key not in r.memo:
        r.memo[key] = any(UNKNOWN_RX.search(R.norm(s)) and not any(cl.cues.get("not_mine") or cl.cues.get("handed_off")
                                                                  for cl in r.sentence_clauses(i))
                          for i, s in enumerate(r.sentences))
    return r.memo[key]


def _echoed(r: R.Reading, question: str) -> set[str]:
    """Judgement cues the answer has only in the question's own words: "The baseline was…" answering "what was the
    baseline?" names it and compares nothing."""
    if not question:
        return set()
    q, text = R.norm(question), r.text
    out = set()
    for c in {c for cues in _JUDGEMENT_CUES.values() for c in cues}:
        said = set(R.CUES[c].findall(text))
        # A cue read from the answer's shape (a gain set against its cost) is no word of the question's.
        if said and said <= set(R.CUES[c].findall(q)) and r.cues.get(c, 0) <= len(R.CUES[c].findall(text)):
            out.add(c)
    return out


def _off_question(r: R.Reading, f: Features, concepts: set[str], rel: float, wanted: frozenset[str],
                  question_terms: frozenset[str], asked: frozenset[str], own: frozenset[str],
                  markers: tuple[frozenset[str], ...] = (), figures: frozenset[str] = frozenset()) -> bool:
    """The answer is about something else (`concepts` are those it names, as "c:" terms; `figures` the question's)."""
    closed = r.vocab.closed([t[2:] for t in concepts])
    # Nothing of the topic or the question. (An answer naming nothing of the field is vague, not off the question.)
    if rel < 1 and (concepts or not r.vocab.concepts):
        return True
    # Or a word of it in an answer about something else, with no sentence on the question: an answer on it that
    # goes on to a neighbouring point is not about something else.
    wanted_c, asked_c = term_concepts(wanted), term_concepts(question_terms)
    rel_c = len(closed & wanted_c)
    # (Three names of the field and none of the topic's or the question's, in an answer that explains or counts and
    # takes up nothing of the question but its setting said back, "So for a 70B model, …the most important thing is
    # the data", is about something else too.)
    if (r.vocab.concepts and rel_c < 2 and (len(concepts) >= 4 and rel_c / len(concepts) < 0.3
                                            or not rel_c and len(concepts) >= 3 and bool(f.statements or f.grounded)
                                            and not _takes_up(r, asked, figures))
            and not any(_on_question(r, i, wanted_c, asked_c) for i in range(len(r.sentences)))):
        return True
    # Or it explains something, takes up nothing the question asked and shares only the field's broad ideas with
    # the topic ("topology", "communication"): a story of a flapping NIC does not say how the causal mask was
    # balanced. (A list of names off the question stays a names answer.)
    # (A question that names nothing of the field, "Any real case you can walk me through?", asks for no subject an
    # answer could miss.)
    # (One concept the topic shares with another, "slow node", does not make a straggler story an answer on how the
    # causal mask's load was balanced.)
    mine = closed & term_concepts(own)
    asked_here = term_concepts(asked)
    # Or it shares with the question only the parent of an idea it asks, none of its words and no idea of the topic's
    # own: "communication", the parent of the asked all-reduce, is all an answer on NCCL's ring and tree algorithms
    # has of how DDP hides the all-reduce behind backward.
    words = {t for t in asked if not t.startswith(("c:", "n:"))}
    shared = closed & asked_here
    if (len(shared) == 1 and not mine and len(words) >= 2 and not words & _literal_all(r)
            and any(c != d and c in r.vocab.closed({d}) for c in shared for d in asked_here)
            and len(concepts) >= 3 and bool(f.statements)):
        return True
    if (bool(asked_here) and bool(own) and not f.answered and not closed & asked_here
            and (len(mine) < 2 or not (closed & _said_of(asked_here, markers) - asked_c
                                       or _TAKES_UP.match(R.norm(r.sentences[0]))))
            and len(concepts) >= 3 + min(len(mine), 2) and bool(f.statements or f.grounded)):
        return True
    # Or it names only the broad idea of what was asked ("data" for "is the job waiting on data loading?") and tells,
    # with its own figures, of something else the field has no word for here (dedup, filtering, the data mix).
    specific = {c for c in asked_c if not any(c != d and c in r.vocab.closed({d}) for d in asked_c)}
    broader = set().union(*(r.vocab.closed({c}) for c in specific)) - specific
    if bool(closed) and closed <= broader and len(r.sentences) >= 2 and (r.numbers >= 2 or len(r.sentences) >= 4):
        return True
    # Or it tells of a sibling of what was asked and never names it: load balanced across DP ranks, asked how the
    # causal mask's load is balanced across CP ranks.
    return len(r.sentences) >= 2 and bool(f.statements) and _sibling(r, closed, specific)


def _sibling(r: R.Reading, closed: set[str], asked: set[str]) -> bool:
    """A name of the field the answer speaks of, in two sentences or more, that shares a broader idea with a name the
    question asked and the answer never says (DP for CP, both parallelisms); neither within the other."""
    vocab = r.vocab
    if any(vocab.kind(c) == "name" for c in asked & closed):
        return False  # it names one of the asked names ("Which ZeRO stage…?" - "…FSDP shards the rest"): on the question
    for x in asked - closed:
        if vocab.kind(x) != "name":
            continue
        ups = vocab.closed({x}) - {x}
        for y in closed - asked:
            if vocab.kind(y) == "name" and (vocab.closed({y}) - {y}) & ups and x not in vocab.closed({y}) \
                    and y not in vocab.closed({x}) and len({cl.sent for cl in r.clauses if y in cl.concepts}) >= 2:
                return True
    return False


# An answer that opens on the asked thing by a pronoun ("It dropped from 43% to 38%." to "What happened to MFU…?").
_TAKES_UP = re.compile(r"(?:it|that|this|they)\b|它")


def _said_of(asked: set[str], markers: tuple[frozenset[str], ...]) -> set[str]:
    """What the topic's signs of a solid answer say only of the asked thing: the concepts of its markers found in
    one marker alone. An answer on the topic that names two of its concepts is still off the question when it names
    none of these ("So the weights are updated with PPO, the clipped objective…" for how weights reach the inference
    engines; the NCCL group, TP slicing and the precision of the weights answer it without saying "weight sync")."""
    once = {c for ms in markers for c in ms if sum(c in x for x in markers) == 1}
    return {c for ms in markers if ms & asked for c in ms} & once


_SYMBOL = re.compile(r"(?<![\w.])([a-z])(?![\w.])")


def _sets_asked(r: R.Reading, question: str) -> bool:
    """The answer gives values to the question's own symbols ("What were your p and m…?" - "p=4 and m=16, so 3/19"):
    it answers in the question's terms, whatever else it names."""
    symbols = set(_SYMBOL.findall(R.norm(question))) - {"a", "i"}
    if symbols and all(re.search(rf"(?<![\w.]){x}\s*[=＝]\s*\d", r.text) for x in symbols):
        return True
    # ...or counts what the question counts ("恢复时丢了多少步？" - "…丢了大概 400 步").
    counted = C.counted(question)
    return counted is not None and bool(counted.search(r.text))


def _on_question(r: R.Reading, i: int, wanted: set[str], asked: set[str]) -> bool:
    """Sentence i is about the topic or the question (`wanted`, `asked`: their concepts): two of its concepts, a
    third of them, or the question's own subject with a number ("checkpoints … 64 files of 1.7 GB": the rest of the
    sentence is how it is done)."""
    cls = r.sentence_clauses(i)
    said = {c for cl in cls for c in cl.said if r.vocab.kind(c) != "context"}
    closed = r.vocab.closed(said)
    rel = len(closed & wanted)
    return rel >= 2 or (rel >= 1 and (rel / len(said) >= 0.3 or bool(closed & asked and any(cl.numbers for cl in cls))))


def _claim_sentence(n: str) -> bool:
    return bool(_HYPE.search(n)) and not R.FROM_TO.search(n) and not R.CUES["provenance"].search(n)


def claim_clause(r: R.Reading, cl: R.Clause) -> bool:
    """A result offered with nothing behind it: "提升了 40%" in one clause, or hype ("业界领先") in the sentence,
    with no source and no before/after in the sentence ("what it saves is activations" is a mechanism)."""
    n = R.norm(r.sentences[cl.sent])
    # (A before and an after told in the sentence are where the figure comes from: "before the overlap the all-to-all
    # was about 25% of the step; after it about 10%, which is the 15% step-time cut".)
    if R.FROM_TO.search(n) or R.BEFORE_AFTER.search(n) or R.CUES["provenance"].search(n) or _after_before(r, cl):
        return False
    return bool(_HYPE.search(n)) or (bool(_CLAIM.search(R.norm(cl.text))) and any(k in _RESULT_KINDS for k in cl.numbers))


_AFTER_CHANGE = re.compile(r"(?:after|once|then|later|后来|之后|改完|做完)\b|(?:[^，。]{0,20}(?:以后|之后))")


def _after_before(r: R.Reading, cl: R.Clause) -> bool:
    """The after of a before told in an earlier sentence: "…38% MFU. After comm overlap and interleaving it reached
    47%" is a before and an after, as "MFU 从 38% 到 47%" is."""
    kinds = set(cl.numbers) & set(_RESULT_KINDS)
    return bool(kinds) and bool(_AFTER_CHANGE.match(R.norm(cl.text))) and any(
        set(c.numbers) & kinds for c in r.clauses if c.sent < cl.sent)


# A question that asks what the candidate would do ("if you had to check it, what would you look at?", "要是让你去验证
# 这一点，你会看什么？"), and a sentence that answers it as a plan ("I'd look at…", "会看…").
_ASKS_PLAN = re.compile(r"\bif you (?:had to|were to|needed to)\b|\bwhat would you\b|要是让你|如果让你|假如让你|让你去")
_PLAN = re.compile(r"^(?:(?:and|then|first|so)\s+)?(?:i'd|i would|we'd|we would|i'll|i will)\b|\bso i'd\b|"
                   r"^(?:我)?(?:会|就会|先会|会先|应该会)(?:看|比|查|测|跑|对比)|^(?:再|然后|先)看(?![了过])")


def _planned(r: R.Reading, question: str) -> set[int]:
    """The sentences that propose a check in answer to a question asking what the candidate would do: a check
    proposed is no check run ("I'd compare tokens per second per GPU" is the plan, not the comparison)."""
    if not question or not _ASKS_PLAN.search(R.norm(question)):
        return set()
    return {i for i, sent in enumerate(r.sentences) if _PLAN.search(R.norm(sent))}


def _cue_sentences(r: R.Reading, cues: tuple[str, ...]) -> set[int]:
    return {cl.sent for cl in r.clauses if any(cl.cues.get(c) for c in cues)}


def asks_numbers(markers: list[str]) -> bool:
    """Whether a rubric expects numbers: one in ten of its markers (the whole pack's) holds a digit or asks for one.

    Our field's pack does throughout ("3 = the mechanism with numbers"); a behavioural rubric may never.
    """
    rx = R.cue_regex(T.MARKER_CUES["number"])
    asking = sum(1 for m in markers if any(ch.isdigit() for ch in m) or rx.search(R.norm(m)))
    return bool(markers) and asking >= 0.1 * len(markers)


_RECALLED = re.compile(r"我记得|记得是|好像是|\bi remember\b|\bi recall\b|\bif i remember\b|\biirc\b|\bfrom memory\b")
_ASKS_OWN = re.compile(r"你们|你提到|你刚才|你说|你简历|你写了|你写的|简历上写|简历里写|你负责|你自己|讲一次你|讲讲你|当时|后来|那次|那\s?\d|"
                       r"有没有哪次|有没有遇到|有没有碰到|遇到过|碰到过|\ba time you\b|"
                       r"\bhave you ever\b|\bever had\b|\bever hit\b|\bever seen\b|"
                       r"\byour (?:team|run|job|cluster|own|résumé|resume|setup|config|configuration|layout)\b|"
                       r"\b(?:that|this) (?:run|job|setup|config|configuration|layout|fine-tune)\b|"
                       r"\byou (?:mentioned|said|ran|did|measured|built|used|chose|picked|tried|had|wrote|set up)\b|"
                       # what happened on their run ("Did anything hang?", "did you see a logprob mismatch?")
                       r"\bdid (?:you|anything|it|that)\b|\bhow long did\b|\bdid\b[^?]{0,40}\bever\b|"
                       # what was added after it ("事后做了什么防线？", "what did you change afterwards?")
                       r"事后|\bafterwards?\b|"
                       r"你[^，。？?、]{0,8}?(?:了|过)(?:多少|几|吗|没有|什么)|有没有[^，。？?]{1,8}过|"
                       # their own result quoted back ("从 38% 到 45%，具体是哪段时间被压下去了？")
                       r"从\s*\d[\d.]*\s*%?\s*(?:提升|提高|降低|降|提|涨|掉)?到\s*\d|"
                       # (not a range of scale: "From 8 to 64 GPUs, how does the all-reduce time grow?")
                       r"\bfrom \d[\d.]*\s*%? to \d+(?:\.\d+)?(?![\d.])(?!\s*(?:gpus?|nodes?|ranks?|cards?|machines?)\b)|"
                       # ...also without the "从" ("MFU 28% 到 37% 这个数怎么算的？")
                       r"\d[\d.]*\s*%\s*(?:提升|提高|降低|降|提|涨|掉)?到\s*\d[\d.]*\s*%|\b\d[\d.]*\s*% to \d[\d.]*\s*%")


_FIGURE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\d.])")


def _takes_up(r: R.Reading, asked: frozenset[str], figures: frozenset[str]) -> bool:
    """The answer takes up a word of the question (`asked`) beyond its setting: a clause holding one of the
    question's figures (`figures`) says the setting back ("So for a 70B model,"), whatever words come with it."""
    words = {t for t in asked if not t.startswith("n:")}
    for cl in r.clauses:
        n = R.norm(cl.text)
        if figures and figures & set(_FIGURE.findall(n)):
            continue
        if words & (literal_terms(cl.text, True, r.vocab) | {"c:" + c for c in r.vocab.closed(cl.said)}):
            return True
    return False


def _echoes_figures(cl: R.Clause, asked: frozenset[str]) -> bool:
    """The clause's figures, two or more, are all ones the question gave ("从 78 降到 52" after "从 78GB 降到 52GB"). (One
    figure of the question arrived at is an answer: "so 6 in total" to "where does the 6 come from?")"""
    said = _FIGURE.findall(R.norm(cl.text))
    return len(said) >= 2 and all(x in asked for x in said)


def _own(r: R.Reading) -> bool:
    """The candidate speaks of their own work: "we"/"我们", or a story ("有一次…", Chinese often drops the "我们")."""
    return r.has("first_person") or r.has("incident") or r.cues.get("incident_weak", 0) >= 2


def level(r: R.Reading, f: Features) -> int | None:
    if not r.sentences:
        return 1 if r.grader else None  # only text for the grader: an answer with nothing in it
    if f.off_question:
        return 1  # knowledge of something else is not an answer to this question
    # Without a vocabulary no word is known to be a name of the field: any two of the rubric's words will do.
    named = not r.vocab.concepts or any(r.vocab.kind(c) in ("name", "mech") for cl in r.clauses for c in cl.said)
    text = r.text
    # (The option a question offered, picked in a word or two, is an answer: "吞吐还是收敛时间？" - "吞吐。")
    chose = f.picked and len(r.clauses[0].text.strip()) <= 16
    # (A check the question asked for, told with its figure, is an answer in plain words: "loss 曲线有没有对齐？" - "对过，
    # 跑了 1000 步两条 loss 基本重合。")
    checked = "validation" in f.judged_here and f.answered >= 1 and f.grounded >= 1
    if not f.credited and not chose and not checked and (f.breadth < 1 or (f.breadth < 2 and not named)
                                                         or (r.vocab.concepts and not r.concepts)):
        return 1  # not a name of the field beyond a plain word ("it saves memory"): nothing to build on
    lv = 2
    # A story marker shown is an incident told, even when the question asked for it in the same words ("讲讲最近一次").
    # (Not a claim with nothing behind it: "we applied a bunch of optimizations and MFU went up 30%" is no story.)
    j = set(f.judgement) | ({"incident"} if f.story and f.own and f.grounded else set())
    decided = f.judged_here - {"measured"}  # a check, a trade-off, a safeguard or an incident: more than a source
    # Where the rubric asks for numbers, a mechanism needs one beside it; where it does not, explaining is enough.
    numbers = f.grounded + f.credited_numbers
    # One point explained without a figure, the rest said to be unknown or someone else's ("这块主要是平台组做的…gang
    # 调度这些我就不太清楚了"), is a part of the answer named: where the rubric asks for numbers, that is a 2.
    partial_not_mine = r.has("not_mine") or f.handed_off or (not f.grounded and bool(_HEARSAY.search(text)))
    partial = f.numeric and (r.has("dont_know") or partial_not_mine)
    explained = (f.credited >= 2 or (f.credited and (
                     (f.credited_numbers or f.grounded) and not (partial and f.grounded < 2)
                     or (f.statements and not partial)))
                 # (Not with the rest someone else's or a guess beside what was never measured: "that analysis was
                 # mostly done by my mentor…", "I'd guess 60 to 70 percent, though I never measured the breakdown";
                 # a figure from a source is known: "about 1.5x… That's from the paper though, I didn't measure it".)
                 or (f.statements >= 2 and (f.grounded >= (1 if f.credited else 2) or not f.numeric)
                     and not (partial and f.grounded < 2 and (partial_not_mine or bool(R.GUESSED.search(text)))))
                 # A rubric of judgements, not numbers (a behavioural one): the answer works with two of the
                 # points of a solid answer, in its own words, and the rest of the answer is about them.
                 or (not f.numeric and f.solid + f.answered >= 3)
                 # ...or tells what the candidate decided about it: two kinds of judgement, one of them more than a
                 # source, in sentences about the topic or the question (judgement of something else answers
                 # nothing here).
                 or (not f.numeric and f.own and len(f.judged_here) >= 2 and bool(decided))
                 # ...or answers what was asked with its numbers and a check of them ("主要是吞吐，从 1.9K 到 2.35K；
                 # loss 曲线按 token 数对得上，差在 0.01 以内"), a follow-up no sign of a solid answer spells out.
                 or (f.numeric and f.answered >= 1 and f.grounded >= 2 and "validation" in f.judged_here)
                 # ...or tells how the candidate's own search went, by what it measured or read, to what it found
                 # ("NCCL_DEBUG 日志里所有超时都指向同两台交换机下的节点，再用 ib_write_bw 两两打流，…带宽只有正常的一半，
                 # 查配置发现 PFC 没开"), asked how it was narrowed down.
                 or (f.numeric and f.own and f.searched and "measured" in f.judged_here and f.statements >= 1
                     and len(r.clauses) >= 3 and not partial)
                 # ...or tells the candidate's own incident the question asked for, in its figures and with what it
                 # was traced to ("报警大概 5 分钟就响了…grad norm 先炸的，定位到一批数据里有很长的重复文本，前后大概一个小时").
                 or (f.numeric and f.own and f.answered >= 1 and f.grounded >= 3 and f.statements >= 1
                     and "incident" in f.judged_here and bool(_TRACED.search(text)) and not partial)
                 # ...or, in one sentence, works the asked figure out on the candidate's own case ("(p-1)/(m+p-1)，
                 # 3/67，4.5% 左右" answering "你们这个配置气泡大概多少？"); a result told as before and after is a claim
                 # of the work, not the working ("P99 从 800ms 降到 500ms").
                 # Settings are not a figure worked out ("TP8 放在机内走 NVLink，PP8 跨机" says where, not how chosen;
                 # "runs 8 workers with prefetch_factor 4" how many, not what came of it).
                 or (f.numeric and f.own and f.statements == 1 and f.grounded >= 2 and f.answered >= 1
                     and f.naming == 1 and not partial and not R.FROM_TO.search(text)
                     and any(k not in ("config", "bare", "count") for cl in r.clauses for k in cl.numbers)
                     and not R.GUESSED.search(R.norm(r.sentences[0]))))

    # Explained in part, the rest said not to be known ("the exact formula I don't remember"), is a point shown
    # with its figure or two points, not explanations around the gap. (Not done oneself is another matter: "that's
    # from the paper, I didn't measure it myself" knows it.)
    # (A figure only remembered, its make-up not known, is no point shown: "Adam 的话我记得是每参数 16 字节左右……具体 16
    # 是怎么凑出来的我一下子拆不太清楚".)
    shown = f.credited - f.recalled
    if explained and f.numeric and unknown(r) and not (shown >= 2 or (shown and f.credited_numbers > f.recalled)):
        explained = False
    if explained:
        lv = 3
        # Judgement is the candidate's own: a weighed choice, a check of it, a real incident, with numbers.
        # (An incident's before and after are its figures: "sync went from ~9 s to the 3.8".)
        told = "incident" in j and f.told_change
        # An incident with nothing else of judgement beside one point is told in its figures ("a weekend where two
        # 256-GPU jobs sat half-scheduled for 9 hours"), not with a setting in another sentence ("有一次半夜掉卡…第二天
        # 早上才发现…。checkpoint 我们一般是 1000 步存一次").
        story = {cl.sent for cl in r.clauses if cl.cues.get("incident")}
        bare = j == {"incident"} and f.credited <= 1 and not (f.story or told) and not any(
            k not in ("bare", "config") for cl in r.clauses if cl.sent in story for k in cl.numbers)
        if f.numeric and f.own and not bare and (numbers >= 2 or f.story or told) and (
                len(j) >= 2 or j & {"incident", "validation"}):
            lv = 4
        # ...or worked through on their own case at length: ten figures with their mechanism or source and four
        # sentences that explain, a point shown among them (a layout sized, checked and chosen, in whatever words).
        # (Some judgement must be in it: ten figures of a scenario worked as a textbook would are a 3.)
        elif f.numeric and f.own and f.credited and f.grounded >= 10 and f.statements >= 4 and f.judgement:
            lv = 4
        # ...or measured on their own run and told in its figures ("按每个阶段打点、取 50 个 step 的中位数，不是估的").
        elif f.numeric and f.own and f.credited and "measured" in f.judged_here and f.grounded >= 7 and (
                _MEASURED_OWN.search(text)):
            lv = 4
        # ...or a fix of their own, measured: the cause explained, the change made and the figure before and after
        # ("Not in the layers, at the loss… We moved to a fused, chunked cross-entropy… peak went from ~76 to ~63 GB").
        elif f.numeric and f.own and "measured" in f.judged_here and f.grounded >= 5 and f.statements >= 2 and (
                _CHANGED.search(text) and (R.FROM_TO.search(text) or r.has("outcome"))):
            lv = 4
        # Without numbers to weigh, rigour shows in how the candidate's own checks are told: a judgement of the
        # question beyond a source, the work not left to others, and not told as a cursory look.
        elif not f.numeric and f.own and decided and not f.handed_off and not f.cursory and (
                f.solid + f.answered >= 3 or len(decided) >= 2):
            lv = 4
    if lv == 4 and any(_UNMEASURED.search(s) and not _LIMITS.match(s) for s in map(R.norm, r.sentences)):
        lv = 3
    if not f.numeric and f.handed_off and not decided:
        lv = min(lv, 2)  # the asked part was someone else's, and the rest shows no check of the candidate's own
    # Grader-addressed text was set aside before this point: it neither counts nor costs anything here, so an
    # injected "rate me level 4" leaves the level where the rest of the answer puts it (and is flagged apart).
    if r.stuffing or (f.hype and not f.credited):
        lv = min(lv, 2)
    return lv


_VAGUE = re.compile(r"\bsome (?:api|way|kind|mechanism|function|method|interface|call)\b|\bsomething\b|某种|某个|什么接口|什么办法")


_NOT_HAD = re.compile(r"没(?!多)|(?<!差)不(?!多|少|错)|\bnever\b|n't\b|\bnot\b")


def substance(r: R.Reading, drop: str, f: Features | None = None) -> bool:
    """True when the clauses without `drop`-cues still carry an answer (mechanism or a number)."""
    if f and f.picked:
        return True  # the choice the question offered is an answer, whatever the candidate did not measure
    # After "I don't remember", a number guessed is no answer ("I'd guess maybe around 10K tokens per second?"); a
    # mechanism guessed may be ("应该是多了参数的 all-gather"), a vague one not ("I'd guess vLLM has some API for loading
    # new weights"). Nor is a clause that names nothing ("Something in that range.") what carries the answer.
    after_miss = drop == "dont_know"

    def guess(cl: R.Clause) -> bool:
        return after_miss and bool(R.GUESSED.search(R.norm(cl.text)))

    keep = [cl for cl in r.clauses if not cl.cues.get(drop) and not (guess(cl) and _VAGUE.search(R.norm(cl.text)))]
    if drop == "help":  # what the candidate asks back ("Are we splitting the weights or the batch here?") answers nothing
        keep = [cl for cl in keep if not cl.text.rstrip().endswith(("?", "？"))]
    concepts = set().union(*(cl.concepts for cl in keep)) if keep else set()
    mech = {c for c in concepts if r.vocab.kind(c) == "mech"}
    # (A setting said back is no figure of an answer either: "我来的时候就是 TP8 PP8，具体为什么我不太清楚".)
    # (Nor is a count of GPUs or nodes never had: "没在更大规模上试过，4096 卡的资源一直没拿到" works nothing out.)
    nums = sum(1 for cl in keep if not guess(cl) for k in cl.numbers
               if k not in ("bare", "config") and not (k == "count" and _NOT_HAD.search(R.norm(cl.text))))
    if (mech and len(concepts) >= 2) or (nums and concepts) or len(mech) >= 2:
        return True
    # A point of the pack shown where nothing is said unknown ("operator 给每个 Pod 注入 MASTER_ADDR…，init_process_group
    # 用 env:// 连到 master。调度我不太清楚。"), in words the vocabulary may not hold.
    if f and any((cl.sent, cl.start) in f.shown_at for cl in keep if not guess(cl)) and not any(
            cl.cues.get(drop) for cl in r.clauses if (cl.sent, cl.start) in f.shown_at):
        return True
    # Without a vocabulary, the rubric's own words: an explained statement or a credited point after the cue.
    # (After a request for help, what is asked back or names nothing is no answer: "If you could give me a hint on the
    # MLP part I can try to go from there.")
    return bool(f and (f.credited or f.statements) and any(
        not cl.cues.get(drop) and not guess(cl) and not ((after_miss or drop == "help") and not cl.concepts)
        and not (drop == "help" and cl.text.rstrip().endswith(("?", "？"))) for cl in r.clauses[1:]))
