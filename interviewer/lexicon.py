"""The résumé matcher: what a pack trigger looks like on a résumé line, in Chinese and English.

The concepts are the pack's data (`[[resume.concepts]]` in its vocabulary.toml, see interviewer.vocabulary):
each lists the trigger texts (zh and en, as packs write them) that mean it, the patterns that show it on a
line, the near misses masked out first, and context the line must also have. Patterns compile with re.ASCII
so `\\b` treats CJK as a boundary ("用FSDP训练" still shows FSDP). A trigger the vocabulary does not know
falls back to a literal, case-insensitive match.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from interviewer.textutil import normalize_key

if TYPE_CHECKING:  # pragma: no cover
    from interviewer.vocabulary import Vocabulary

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


def concept_for(trigger: str, vocab: Vocabulary | None = None) -> Concept:
    """The vocabulary's résumé concept for a trigger, or a literal one built from its text."""
    found = vocab.resume_concept(trigger_key(trigger)) if vocab is not None else None
    if found is not None:
        return found
    return Concept("literal:" + trigger_key(trigger), (trigger,), (literal_pattern(trigger),))


def matcher_for(trigger: str, vocab: Vocabulary | None = None) -> Matcher:
    """The compiled matcher for a trigger through a pack's vocabulary; compiled once per process."""
    concept = concept_for(trigger, vocab)
    if vocab is not None and not concept.name.startswith("literal:"):
        return vocab.matcher(concept)
    return _literal(concept)


@lru_cache(maxsize=1024)
def _literal(concept: Concept) -> Matcher:
    return Matcher(concept)
