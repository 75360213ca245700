"""English question wording: an interviewer's note ("how the sharding level was chosen") as one direct question."""

from __future__ import annotations

import re

from interviewer.skills import Topic
from interviewer.textutil import QUESTION_MARKS, split_top, strip_hints

WH = r"(?:how|what|which|where|whether|why|when|who|whom|whose|if)"
EN_WH = re.compile(rf"^(?:(?:at|in|on|for|from|to|by|under|with|of)\s+)?{WH}\b", re.I)
_EN_SHORT_DIRECT = re.compile(r"^how (?:many|much|long|often)\b", re.I)
_EN_VERB = re.compile(r"\b(?:is|are|was|were|do|does|did|has|have|had)\b", re.I)
_EN_SECOND_Q = re.compile(rf",?\s+(?:and|or|but)\s+(?={WH}\b)", re.I)
_EN_SO_WH = re.compile(rf"^(.+?),\s+(?:so|namely|i\.e\.)\s+({WH}\b.*)$", re.I)
_EN_NAMELY = re.compile(r",?\s+(?:namely|i\.e\.|e\.g\.)\s+.*$", re.I)
_EN_CHOICE = re.compile(r"^(\S+(?:\s\S+)?)\s+(?:versus|vs\.?|or)\s+(\S+(?:\s\S+)?)$", re.I)
_EN_NUMERIC = re.compile(r"\b(?:share|rate|ratio|mfu|qps|p\d\d|count|latency|throughput|interval|volume|size|"
                         r"overhead|bandwidth|utili[sz]ation|usage|time|percentage|budget)$", re.I)
_EN_NUMBERS = re.compile(r"^(?:the\s+|any\s+)?(?:[\w-]+\s+)?numbers?\b", re.I)
_EN_DIRECTIVE_TAIL = re.compile(r",?\s+and\s+(?:cross-check|verify|check|confirm)\b.*$", re.I)
DIRECTIVE = re.compile(r"^(?:flag|verify|cross-check|check that|mark|to verify|to check|one by one$)", re.I)
PASSIVE_END = re.compile(r"\b(?:were|was|are|is)\s+\w+(?:ed|en|ne|wn)\b", re.I)
# Names that open topic titles and keep their capital inside a sentence ("Let's talk about Megatron sharding").
_NAMES = {"Megatron", "DeepSpeed", "Kubernetes", "PyTorch", "Triton", "Transformer", "Python", "Java", "Linux",
          "Redis", "Kafka", "Spark", "Flink", "Elasticsearch", "MySQL", "Postgres", "PostgreSQL", "Go", "Rust"}
_THIRD_PERSON = [(re.compile(r"\bthemselves\b", re.I), "yourself"), (re.compile(r"\bthey\b", re.I), "you"),
                 (re.compile(r"\bthem\b", re.I), "you"), (re.compile(r"\bthe candidate'?s?\b", re.I), "you")]
# "their" is the candidate's only when the phrase is about a person ("where their numbers came from", "their
# own part"); in "how TP and MoE overlap their communication" it belongs to the things named before it.
_THEIR_PERSON = re.compile(rf"^(?:{WH}\s+)?their\b|\btheir own\b|\b(?:they|them|themselves|candidate)\b", re.I)
_EN_AUX = r"(?:was|were|is|are|should|would|could|can|will|must|did|does|do)"
_EN_DET = r"(?:the|a|an|this|that|these|those|it|each|every|one|your|its|their|our|we|you)"
# "how the sharding level was chosen" → "How was the sharding level chosen?"
_EN_INVERT = re.compile(rf"^(how|why|where|when)\s+(?!to\b|much\b|many\b|long\b|well\b|often\b|far\b|fast\b)"
                        rf"((?:[\w./+-]+\s+){{0,5}}?[\w./+-]+)\s+({_EN_AUX})\b\s*(.*)$", re.I)
# "what the baseline was", "what a checkpoint must contain": the wh-word is the object, so invert.
_EN_INVERT_OBJ = re.compile(rf"^(what|which)\s+({_EN_DET}\b(?:\s+[\w./+-]+){{0,5}}?)\s+({_EN_AUX})\b\s*(.*)$", re.I)
# "which operator was replaced", "what was changed afterward": the wh-phrase is the subject, already direct.
_EN_SUBJECT_Q = re.compile(rf"^(?:what|which)\b(?:\s+(?!{_EN_DET}\b)[\w./+-]+){{0,4}}?\s+"
                           rf"(?:was|were|is|are)\s+(?:\w+ed|\w+en|\w+wn|\w+ne|made|set|cut|put|kept|lost|left|"
                           rf"spent|built|held|run)\b", re.I)
# "how deep did you get", "how do you know…": already a direct question.
_EN_ALREADY_DIRECT = re.compile(r"^(?:how|why|where|when|what|which)(?:\s+\w+)?\s+(?:did|do|does|is|are|was|were|can|"
                                r"could|should|would|will)\s+(?:you|we|they|i|it|he|she)\b", re.I)
_EN_WHETHER = re.compile(rf"^whether\s+((?:[\w./+-]+\s+){{0,5}}?[\w./+-]+)\s+(was|were|is|are)\b\s+(.+)$", re.I)


def sentence_start(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def lower_start(s: str) -> str:
    # Keep acronyms and names ("MFU and…", "ZeRO and FSDP") as they are.
    word = re.match(r"[A-Za-z]*", s).group()
    if len(word) > 1 and word[0].isupper() and word[1:].islower():
        return s[0].lower() + s[1:]
    return s


def core(text: str) -> str:
    s = strip_hints(text).rstrip(".;")
    s = QUESTION_MARKS.sub("", _EN_DIRECTIVE_TAIL.sub("", s))
    for pat, repl in _THIRD_PERSON:
        s = pat.sub(repl, s)
    if _THEIR_PERSON.search(text):
        s = re.sub(r"\btheir\b", "your", s, flags=re.I)
    s = s.split(":", 1)[0].strip() or s
    segments = [p.strip() for p in s.split(";") if p.strip()] or [s]
    seg = next((p for p in segments if EN_WH.search(p)), segments[0])
    m = _EN_SECOND_Q.search(seg)
    if m and m.start() > 0:
        seg = seg[: m.start()]
    # "what A, B, and C look like, how to tell them apart": keep up to the second interrogative;
    # "a noun phrase, how to explain it": keep the noun phrase.
    commas = [m.start() for m in re.finditer(",", seg)]
    bounds = [0, *[c + 1 for c in commas]]
    wh_at = [n for n, start in enumerate(bounds)
             if EN_WH.search(re.sub(r"^(?:and|or)\s+", "", seg[start:].lstrip()))]
    if wh_at and (wh_at[0] > 0 or len(wh_at) >= 2):
        cut = wh_at[0] if wh_at[0] > 0 else wh_at[1]
        seg = seg[: commas[cut - 1]]
    parts = [p.strip() for p in seg.split(",")]
    if (len(parts) >= 3 and EN_WH.match(parts[0]) and re.search(r"\b(?:goes|go|went|lies|comes|happens)$", parts[0])
            and all(len(re.sub(r"^(?:and|or)\s+", "", p).split()) <= 2 for p in parts[1:])):
        # "where the time in a step goes, computation, communication, or data": the list is a hint, not the ask.
        seg = parts[0]
    return _EN_NAMELY.sub("", seg).strip().rstrip(",")


def question(core: str, own: bool = False) -> str:
    """One English question from a core phrase; `own` frames it as the candidate's own part."""
    lead = "In your own part of that work, " if own else ""
    so = _EN_SO_WH.match(core)
    if so:
        # "X happens, so how Y": keep the context as a statement, ask only Y.
        return f"{sentence_start(so.group(1))}, so {lead.lower()}can you tell me {so.group(2)}?"
    choice = _EN_CHOICE.match(core)
    direct = _en_direct(core)
    if direct:
        q = direct
    elif EN_WH.search(core):
        if _EN_SHORT_DIRECT.match(core) and len(core.split()) <= 3 and not _EN_VERB.search(core):
            q = lower_start(core) if own else sentence_start(core)
        else:
            q = f"can you tell me {lower_start(core)}"
    elif choice and not _EN_VERB.search(core):
        q = f"was it {choice.group(1)} or {choice.group(2)}"
    elif _EN_NUMBERS.search(core) and "," not in core:
        q = "what were the " + re.sub(r"^(?:the|any)\s+", "", lower_start(core))
    elif (_EN_NUMERIC.search(core) and "," not in core and len(core.split()) <= 5
          and not re.search(r"\bto\b|^ways\b", core, re.I)):
        noun = re.sub(r"^(?:the|any)\s+", "", lower_start(core))
        q = f"what {'were' if re.search(r' and ', noun) else 'was'} the {noun}"
    else:
        q = f"can you walk me through {lower_start(_join_list(core))}"
    return (lead + q if own else sentence_start(q)) + "?"


def _en_direct(core: str) -> str | None:
    """An indirect question or a "the difference between…" phrase as a direct question, when that is safe."""
    frame = re.match(r"^the (difference|trade-?offs?|cost|costs) (between|of) (.+)$", core, re.I)
    if frame:
        verb = "are" if frame.group(1).lower().endswith("s") else "is"
        return f"what {verb} the {frame.group(1).lower()} {frame.group(2).lower()} {frame.group(3)}"
    if _EN_ALREADY_DIRECT.match(core):
        return lower_start(core)
    if "," in core or re.search(r"\b(?:that|which|who|whom|if|because)\b", core.split(" ", 1)[-1], re.I):
        return None  # a second clause or a relative clause: inverting would garble it
    if _EN_SUBJECT_Q.match(core):
        return lower_start(core)
    m = _EN_WHETHER.match(core)
    if m and _plain_subject(m.group(1)) and not _EN_FINITE.search(m.group(3)):
        return f"{m.group(2).lower()} {m.group(1)} {m.group(3)}"
    m = _EN_INVERT.match(core) or _EN_INVERT_OBJ.match(core)
    if m and _plain_subject(m.group(2)) and not _EN_FINITE.search(m.group(4)):
        wh, subject, aux, rest = m.group(1).lower(), m.group(2), m.group(3).lower(), m.group(4)
        if rest.startswith("not ") and aux in _NEGATED:
            # "why you did not use X" → "why didn't you use X", as people say it.
            aux, rest = _NEGATED[aux], rest[4:]
        return " ".join(x for x in (wh, aux, subject, rest) if x)
    return None


_NEGATED = {"did": "didn't", "does": "doesn't", "do": "don't", "is": "isn't", "are": "aren't", "was": "wasn't",
            "were": "weren't", "can": "can't", "could": "couldn't", "should": "shouldn't", "would": "wouldn't",
            "will": "won't", "must": "mustn't"}
# "…and completes rendezvous", "…and decode is memory-bound": a second finite verb would be left dangling.
_EN_FINITE = re.compile(r"\band\s+(?!across\b|afterwards\b)[a-z]+[^s\W]s\b|\b(?:is|are|was|were)\b")


def _plain_subject(np: str) -> bool:
    """Whether `np` can be the subject moved behind the verb: no trailing conjunction, no clause of its own."""
    words = np.split()
    if words[-1].lower() in ("and", "or", "but"):
        return False  # "uneven expert load shows up and | is handled"
    return not (len(words) > 1 and words[0].lower() in ("you", "we", "they", "i", "he", "she"))


def _join_list(core: str) -> str:
    """"A, B, C" read aloud as "A, B, and C"."""
    parts = [p.strip() for p in split_top(core, (",",))]
    last = core.rsplit(",", 1)[-1].strip()
    # "prefetch and collate_fn" already joins its own items; "between A and B" does not.
    own_and = re.search(r"\b(?:and|or)\b", re.sub(r"\bbetween\b.*", "", last))
    if len(parts) >= 3 and not own_and:
        return ", ".join(parts[:-1]) + ", and " + parts[-1]
    return core


def title_in_sentence(title: str, topic: Topic) -> str:
    """The title inside a sentence: "Memory accounting" → "memory accounting", but a name stays ("Megatron …")."""
    word = re.match(r"[A-Za-z]*", title).group()
    body = " ".join([*topic.ladder, *topic.markers])
    capital_inside = re.search(rf"(?<=[a-z,;] ){re.escape(word)}\b", body)
    if word in _NAMES or (capital_inside and not re.search(rf"\b{re.escape(word.lower())}\b", body)):
        return title
    return lower_start(title)
