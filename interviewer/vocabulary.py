"""A skill pack's bilingual vocabulary: the domain concepts its scorer, résumé matcher and plan look for.

The data lives beside the pack (`skills/<name>/vocabulary.toml`, shared by SKILL.md and SKILL.en.md), so
a pack about another field brings its own words. Generic language (because/因为, trade-off/取舍, "I don't
know"/不会, grader-addressed text, numbers and units) stays in code, in `scoring_terms`.

A pack without a vocabulary file gets one derived from its own rubric (`derive`): the terms its markers and
red flags are written in. The file format is documented in its own header and in README ("Skill packs").
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from interviewer.errors import SkillError

if TYPE_CHECKING:  # pragma: no cover
    from interviewer.lexicon import Concept as ResumeConcept, Matcher

FILE_NAME = "vocabulary.toml"
MAX_BYTES = 1024 * 1024
KINDS = ("mech", "name", "term", "context")
UNIT_KINDS = ("size", "bandwidth", "percent", "time", "count", "params", "rate", "ratio", "steps", "tokens",
              "layers", "formula", "config", "bare")

_TOKEN = re.compile(r"[a-z0-9\u0370-\u03ff]+")
_CJK = re.compile(r"[\u3400-\u9fff]")
_SPACE = re.compile(r"\s+")
_BREAK = re.compile(r"[,;:]")
_BREAK_BEFORE_NUMBER = re.compile(r"[\u3400-\u9fff,;:]")


def _joined(norm: str, toks: list[tuple[str, int, int]], k: int) -> bool:
    """Token k and the next are one run of words: a clause break ends a run, and so does Chinese before a number,
    which counts what the Chinese says ("每个虚拟 stage 只剩 3 层" says no "stage 3"). (Chinese between two words may still
    join them: "溢出的 token 就直接 drop 掉" drops tokens.)"""
    gap = _BREAK_BEFORE_NUMBER if toks[k + 1][0].isdigit() else _BREAK
    return not gap.search(norm, toks[k][2], toks[k + 1][1])
_DEGREE = re.compile(r"([a-z]{2,})\d{1,4}")
_FRAGMENT = re.compile(r"\$\{(\w+)\}")


@dataclass(frozen=True)
class ConceptDef:
    """One idea the scorer recognises in an answer, with every way it is written (zh and en)."""

    id: str
    kind: str  # mech: how it works (counts towards level 3); name: a framework or metric; term; context
    parents: tuple[str, ...]
    forms: tuple[str, ...]


@dataclass(frozen=True)
class Composite:
    """A number of one of `units` next to one of `near` shows the concept `gives` ("31% … all-reduce")."""

    gives: str
    near: frozenset[str]
    units: frozenset[str]
    min_count: int = 1
    scope: str = "clause"  # or "sentence": the number may sit one clause away from its subject
    also: frozenset[str] = frozenset()  # concepts that must all be there too (each, or one of its children)


@dataclass(frozen=True)
class Fact:
    """A figure of the field an answer can get wrong ("BF16 has 7 mantissa bits"): how answers say it (`figure`,
    each pattern's first group the number, an optional second its size unit, g or t, read per billion parameters
    of the model the answer names), the values right for each subject, and the fact as the field states it."""

    figure: tuple[re.Pattern, ...]
    subjects: tuple[tuple[tuple[str, ...], float, float], ...]  # (forms, low, high); no forms: whatever it is of
    zh: str
    en: str
    context: tuple[str, ...] = ()  # the sentence or the question says one of these
    unless: tuple[str, ...] = ()  # a sentence saying one of these sets the figure aside ("1979 那个是稀疏的")
    # Claims wrong whatever figure comes with them ("ZeRO-3 shards everything, so each GPU has less to compute").
    claim: tuple[re.Pattern, ...] = ()


@dataclass(frozen=True)
class Remedy:
    """A naive remedy of this field ("lower the learning rate"): how answers say it, how red flags name it."""

    kind: str
    forms: tuple[str, ...]
    signal: tuple[str, ...]
    needs: frozenset[str] = frozenset()  # naive only where one of these concepts is in play


@lru_cache(maxsize=8192)
def variants(tok: str) -> tuple[str, ...]:
    """The token and its likely stems (plural, -ing, -ed, -ism), tried in order."""
    out = [tok]
    if len(tok) > 3:
        for suf in ("ing", "ed", "es", "s", "ism", "d"):
            if tok.endswith(suf) and len(tok) - len(suf) >= 3:
                stem = tok[: -len(suf)]
                out.append(stem)
                if suf in ("ing", "ed") and len(stem) > 3 and stem[-1] == stem[-2]:
                    out.append(stem[:-1])
        if tok.endswith("ies"):
            out.append(tok[:-3] + "y")
    # A degree written onto its name ("TP8", "DP32", "EP16") is the name.
    if (deg := _DEGREE.fullmatch(tok)):
        out.append(deg.group(1))
    return tuple(out)


# A name with a figure in it: FP8, ZeRO-3, FSDP2.
FORM = re.compile(r"[A-Za-z][\w.-]*\d[\w-]*")


class Vocabulary:
    """A pack's concepts compiled for matching; immutable once built, shared by every reader of the pack."""

    def __init__(self, concepts: dict[str, ConceptDef], composites: tuple[Composite, ...] = (),
                 remedies: tuple[Remedy, ...] = (), resume: tuple[ResumeConcept, ...] = (),
                 link: dict[str, str] | None = None, source: str = "", derived: bool = False,
                 facts: tuple[Fact, ...] = ()) -> None:
        self.concepts = concepts
        self.facts = facts
        self.composites = composites
        self.remedies = remedies
        self.resume = resume
        self.link = {k: re.compile(v, re.I) for k, v in (link or {}).items()}
        self.source = source
        self.derived = derived
        self._forms: dict[str, frozenset[str]] = {}
        self._ascii: dict[tuple[str, ...], str] = {}
        self._cjk: dict[str, list[tuple[str, str]]] = {}
        for cid, c in concepts.items():
            for f in c.forms:
                if _CJK.search(f):
                    compact = _SPACE.sub("", f)
                    self._cjk.setdefault(compact[0], []).append((compact, cid))
                else:
                    key = tuple(_TOKEN.findall(f))
                    if key:
                        self._ascii.setdefault(key, cid)
        for lst in self._cjk.values():
            lst.sort(key=lambda x: -len(x[0]))
        # Forms that open in Latin letters and go on in Chinese ("gpu 利用率") are filed under their Latin letter.
        self._mixed = any(not _CJK.match(first) for first in self._cjk)
        # `_longest[first token]` bounds the n-grams worth trying at a position: most tokens cost one lookup.
        self._longest: dict[str, int] = {}
        for key in self._ascii:
            self._longest[key[0]] = max(self._longest.get(key[0], 0), len(key))
        self._single_cache: dict[str, str | None] = {}
        self._closure: dict[str, frozenset[str]] = {}
        self._by_key: dict[str, ResumeConcept] | None = None
        self._matchers: dict[str, Matcher] = {}

    def __repr__(self) -> str:
        return f"Vocabulary({self.source or 'empty'}, {len(self.concepts)} concepts)"

    def __deepcopy__(self, memo) -> Vocabulary:  # immutable: a deep copy of a pack shares it
        return self

    # ----------------------------------------------------------------- concepts in text

    def _single(self, tok: str) -> str | None:
        if tok not in self._single_cache:
            self._single_cache[tok] = next((c for v in variants(tok) if (c := self._ascii.get((v,)))), None)
        return self._single_cache[tok]

    def _ascii_hits(self, norm: str) -> list[tuple[str, int, int, int, bool]]:
        """Concepts written in Latin script: (id, start, end, characters covered, written as a phrase), longest form
        first."""
        out: list[tuple[str, int, int, int, bool]] = []
        toks = [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(norm)]
        i = 0
        while i < len(toks):
            hit = None
            # (Only as many words as run on from here: most tokens start no form of two words or more.)
            limit, span = min(self._longest.get(toks[i][0], 1), len(toks) - i), 1
            while span < limit and _joined(norm, toks, i + span - 1):
                span += 1
            for n in range(span, 1, -1):
                head = tuple(t for t, _, _ in toks[i : i + n - 1])
                for last in variants(toks[i + n - 1][0]):
                    cid = self._ascii.get(head + (last,))
                    if cid:
                        hit = (cid, n)
                        break
                if hit:
                    break
            if hit is None and (cid := self._elided(norm, toks, i)):
                hit = (cid, 0)  # one word, read as a phrase
            if hit is None and (cid := self._single(toks[i][0])):
                hit = (cid, 1)
            if hit:
                span = toks[i : i + max(1, hit[1])]
                out.append((hit[0], span[0][1], span[-1][2], sum(len(t) for t, _, _ in span), hit[1] != 1))
                i += len(span)
            else:
                i += 1
        return out

    def _elided(self, norm: str, toks: list[tuple[str, int, int]], i: int) -> str | None:
        """"context and sequence parallelism": the first word is a concept with the head the second one shares."""
        if i + 3 >= len(toks) or toks[i + 1][0] not in ("and", "or") or not all(
                _joined(norm, toks, k) for k in range(i, i + 3)):
            return None
        tail = toks[i + 3][0]
        return next((cid for last in variants(tail) if (cid := self._ascii.get((toks[i][0], last)))), None)

    def phrases(self, norm: str) -> list[tuple[int, int]]:
        """Where a concept is written in two words or more ("sequence parallelism"): its words are the concept's."""
        return [(a, b) for _, a, b, _, phrase in self._ascii_hits(norm) if phrase] if self.concepts else []

    def find(self, norm: str) -> tuple[list[str], int]:
        """Concept ids in a normalised (NFKC, casefolded) text, and how many characters they cover."""
        found: list[str] = []
        covered = 0
        if not self.concepts:
            return found, covered
        for cid, _, _, n, _ in self._ascii_hits(norm):
            found.append(cid)
            covered += n
        if self._cjk:
            compact = _SPACE.sub("", norm)
            j = 0
            while j < len(compact):
                for form, cid in self._cjk.get(compact[j], ()):
                    if compact.startswith(form, j):
                        found.append(cid)
                        covered += sum(1 for ch in form if _CJK.match(ch))
                        j += len(form)
                        break
                else:
                    j += 1
        return found, covered

    def mask(self, cjk: str) -> str:
        """A run of Chinese text with every concept form in it replaced by "|" (what is left is not a concept)."""
        if not self._cjk:
            return cjk
        out, j = [], 0
        while j < len(cjk):
            for form, _ in self._cjk.get(cjk[j], ()):
                if cjk.startswith(form, j):
                    out.append("|")
                    j += len(form)
                    break
            else:
                out.append(cjk[j])
                j += 1
        return "".join(out)

    def mask_mixed(self, norm: str) -> str:
        """A normalised text, spaces dropped, with every form that opens in Latin letters and goes on in Chinese
        replaced by "|": its Chinese half ("利用率" of "gpu 利用率") is the concept's, not words of its own."""
        if not self._mixed:
            return norm
        compact, out, j = _SPACE.sub("", norm), [], 0
        while j < len(compact):
            form = None if _CJK.match(compact[j]) else next(
                (f for f, _ in self._cjk.get(compact[j], ()) if compact.startswith(f, j)), None)
            out.append("|" if form else compact[j])
            j += len(form) if form else 1
        return "".join(out)

    def closure(self, cid: str) -> frozenset[str]:
        """The concept and all its ancestors."""
        if cid not in self._closure:
            out = {cid}
            c = self.concepts.get(cid)
            for p in c.parents if c else ():
                out |= self.closure(p)
            self._closure[cid] = frozenset(out)
        return self._closure[cid]

    def closed(self, concepts) -> set[str]:
        return set().union(*(self.closure(c) for c in concepts)) if concepts else set()

    def named(self, norm: str) -> set[str]:
        """The concepts a normalised text names, with the broader ideas they imply; the setting (GPUs, nodes) left out."""
        return self.closed(c for c in self.find(norm)[0] if self.kind(c) != "context")

    def form_of(self, word: str) -> frozenset[str]:
        """The concepts a name with a figure in it is a form of: FP8, BF16 and FP32 are each precision, and three
        different things (ZeRO-3, FSDP2 likewise); a GPU model (A100, H100) is the setting and a form of nothing."""
        if word not in self._forms:
            self._forms[word] = frozenset(
                c for c in self.find(word)[0] if self.kind(c) != "context"
            ) if word.isascii() and any(ch.isdigit() for ch in word) else frozenset()
        return self._forms[word]

    def forms_in(self, text: str) -> dict[str, frozenset[str]]:
        """The concepts a text names by a form (`form_of`), each with the forms it names: "FP8 没用过" names precision
        by "fp8"."""
        named: dict[str, set[str]] = {}
        for word in {w.casefold() for w in FORM.findall(text)}:
            for c in self.form_of(word):
                named.setdefault(c, set()).add(word)
        return {c: frozenset(words) for c, words in named.items()}

    def kind(self, cid: str) -> str:
        c = self.concepts.get(cid)
        return c.kind if c else "term"

    # ----------------------------------------------------------------- résumé triggers

    def resume_concept(self, key: str) -> ResumeConcept | None:
        """The résumé concept whose trigger texts include `key` (a `lexicon.trigger_key`)."""
        if self._by_key is None:
            from interviewer.lexicon import trigger_key

            self._by_key = {trigger_key(t): c for c in self.resume for t in c.triggers}
        return self._by_key.get(key)

    def matcher(self, concept: ResumeConcept) -> Matcher:
        """A résumé concept compiled once per vocabulary."""
        if concept.name not in self._matchers:
            from interviewer.lexicon import Matcher

            self._matchers[concept.name] = Matcher(concept)
        return self._matchers[concept.name]


EMPTY = Vocabulary({}, source="empty")


# --------------------------------------------------------------------------- the file


def _strs(value, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise ValueError(f"{where} must be a list of strings")
    return tuple(value)


def _fold(pattern: str) -> str:
    """A pattern matched against lower-cased text, folded to lower case but for its escapes: "\\W" stays "not a word
    character" rather than turning into "\\w"."""
    return _ESCAPE_OR_TEXT.sub(lambda m: m.group() if m.group().startswith("\\") else m.group().casefold(), pattern)


_ESCAPE_OR_TEXT = re.compile(r"\\.|[^\\]+", re.S)


def _regex(pattern: str, fragments: dict[str, str], where: str, check: bool) -> str:
    def sub(m: re.Match) -> str:
        if m.group(1) not in fragments:
            raise ValueError(f"{where}: unknown fragment ${{{m.group(1)}}} (define it under [resume.fragments])")
        return fragments[m.group(1)]

    out = _FRAGMENT.sub(sub, pattern)
    if check:
        try:
            re.compile(out)
        except re.error as e:
            raise ValueError(f"{where}: not a valid regular expression ({e})") from None
    return out


def parse(data: dict, source: str = "<vocabulary>", check: bool = False) -> Vocabulary:
    """A Vocabulary from the parsed TOML; ValueError names the table and field at fault.

    `check` also compiles every regular expression (lint does; loading leaves it to first use, since
    compiling them all costs a tenth of a second at start-up).
    """
    from interviewer.lexicon import Concept as ResumeConcept

    concepts: dict[str, ConceptDef] = {}
    for cid, spec in (data.get("concepts") or {}).items():
        where = f"[concepts.{cid}]"
        if not isinstance(spec, dict):
            raise ValueError(f"{where} must be a table")
        kind = spec.get("kind", "term")
        if kind not in KINDS:
            raise ValueError(f"{where} kind must be one of {', '.join(KINDS)} (got {kind!r})")
        forms = tuple(f.casefold() for f in _strs(spec.get("forms", []), f"{where} forms"))
        if not forms:
            raise ValueError(f"{where} has no forms")
        concepts[cid] = ConceptDef(cid, kind, _strs(spec.get("parents", []), f"{where} parents"), forms)
    for c in concepts.values():
        for p in c.parents:
            if p not in concepts:
                raise ValueError(f"[concepts.{c.id}] parents: unknown concept {p!r}")
    composites = []
    for i, spec in enumerate(data.get("composites") or [], 1):
        where = f"[[composites]] #{i}"
        gives = spec.get("gives")
        if gives not in concepts:
            raise ValueError(f"{where} gives: unknown concept {gives!r}")
        near = frozenset(_strs(spec.get("near", []), f"{where} near"))
        also = frozenset(_strs(spec.get("also", []), f"{where} also"))
        units = frozenset(_strs(spec.get("units", []), f"{where} units"))
        bad = [x for x in near | also if x not in concepts] + [u for u in units if u not in UNIT_KINDS]
        if bad:
            raise ValueError(f"{where}: unknown concept or unit {bad[0]!r}")
        scope = spec.get("scope", "clause")
        if scope not in ("clause", "sentence"):
            raise ValueError(f"{where} scope must be 'clause' or 'sentence'")
        composites.append(Composite(gives, near, units, int(spec.get("min_count", 1)), scope, also))
    remedies = []
    for kind, spec in (data.get("naive") or {}).items():
        where = f"[naive.{kind}]"
        needs = frozenset(_strs(spec.get("needs", []), f"{where} needs"))
        if any(x not in concepts for x in needs):
            raise ValueError(f"{where} needs: unknown concept")
        remedies.append(Remedy(kind, tuple(f.casefold() for f in _strs(spec.get("forms", []), f"{where} forms")),
                               tuple(f.casefold() for f in _strs(spec.get("signal", []), f"{where} signal")), needs))
    res = data.get("resume") or {}
    fragments = {k: str(v) for k, v in (res.get("fragments") or {}).items()}
    resume = []
    for i, spec in enumerate(res.get("concepts") or [], 1):
        where = f"[[resume.concepts]] #{i}"
        name = spec.get("name")
        if not isinstance(name, str) or not name:
            raise ValueError(f"{where} has no name")
        where = f"[[resume.concepts]] {name}"
        triggers = _strs(spec.get("triggers", []), f"{where} triggers")
        patterns = tuple(_regex(p, fragments, f"{where} patterns", check)
                         for p in _strs(spec.get("patterns", []), f"{where} patterns"))
        if not triggers or not patterns:
            raise ValueError(f"{where} needs triggers and patterns")
        resume.append(ResumeConcept(
            name, triggers, patterns,
            tuple(_regex(p, fragments, f"{where} negatives", check) for p in _strs(spec.get("negatives", []), where)),
            tuple(_regex(p, fragments, f"{where} context", check) for p in _strs(spec.get("context", []), where)),
            int(spec.get("min_count", 0))))
    link = {}
    for k, v in (data.get("link") or {}).items():
        link[k] = _regex(str(v), fragments, f"[link] {k}", True)  # compiled at once anyway
    return Vocabulary(concepts, tuple(composites), tuple(remedies), tuple(resume), link, source,
                      facts=tuple(_fact(spec, f"[[facts]] #{i}") for i, spec in enumerate(data.get("facts") or [], 1)))


def _fact(spec: dict, where: str) -> Fact:
    figure = []
    for p in _strs(spec.get("figure", []), f"{where} figure"):
        rx = re.compile(_regex(_fold(p), {}, f"{where} figure", True))
        if not 1 <= rx.groups <= 2:
            raise ValueError(f"{where} figure {p!r}: needs a group for the number (and at most one for its unit)")
        figure.append(rx)
    subjects = []
    for j, sub in enumerate(spec.get("subjects") or [], 1):
        span = sub.get("range") if isinstance(sub, dict) else None
        if not (isinstance(span, list) and len(span) == 2 and all(isinstance(x, (int, float)) for x in span)):
            raise ValueError(f"{where} subjects #{j}: range must be [low, high]")
        forms = tuple(f.casefold() for f in _strs(sub.get("forms", []), f"{where} subjects #{j} forms"))
        subjects.append((forms, float(span[0]), float(span[1])))
    claim = tuple(re.compile(_regex(_fold(p), {}, f"{where} claim", True))
                  for p in _strs(spec.get("claim", []), f"{where} claim"))
    zh, en = spec.get("zh"), spec.get("en")
    if not (figure and subjects or claim) or bool(figure) != bool(subjects) or not (
            isinstance(zh, str) and isinstance(en, str) and zh and en):
        raise ValueError(f"{where} needs zh, en and figure with subjects, or claim")
    return Fact(tuple(figure), tuple(subjects), zh, en,
                tuple(w.casefold() for w in _strs(spec.get("context", []), f"{where} context")),
                tuple(w.casefold() for w in _strs(spec.get("unless", []), f"{where} unless")), claim)


def read(path: Path, check: bool = False) -> Vocabulary:
    """The vocabulary file at `path`; SkillError names the file (and the line or field) when it is unusable."""
    from interviewer.files import InputFileError, read_limited

    try:
        data = read_limited(path, MAX_BYTES)
    except InputFileError as e:
        raise SkillError(f"{path}: {e.reason}") from None
    return _parse_cached(str(path), hashlib.sha256(data).hexdigest(), data, check)


@lru_cache(maxsize=32)
def _parse_cached(path: str, digest: str, data: bytes, check: bool) -> Vocabulary:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise SkillError(f"{path}: not UTF-8 text (bad byte at offset {e.start})") from None
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SkillError(f"{path}: not valid TOML ({e})") from None
    try:
        return parse(parsed, path, check)
    except (ValueError, TypeError, AttributeError) as e:
        raise SkillError(f"{path}: {e}") from None


def beside(pack_file: Path, check: bool = False) -> Vocabulary | None:
    """The vocabulary file next to a SKILL.md, or None when the pack has none."""
    f = pack_file.with_name(FILE_NAME)
    return read(f, check) if f.exists() else None
