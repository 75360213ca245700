"""SKILL.md → SkillPack: the parser, the linter and the pack library lookup.

A pack is YAML-ish frontmatter followed by four `##` sections whose headings may be Chinese or
English (see DESIGN.md). Parsing is tolerant (unknown sections are kept, odd bullets skipped);
`lint` is strict and reports `file:line: message` for everything the parser had to forgive.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, Field, PrivateAttr

from interviewer import vocabulary as vocab_file
from interviewer.errors import SkillError
from interviewer.files import InputFileError, read_limited
from interviewer.textutil import normalize_key, split_top
from interviewer.vocabulary import Vocabulary

SECTION_NAMES = {
    "focus": ("面试官在意什么", "what interviewers care about"),
    "probing": ("项目 / 实习怎么深挖", "probing projects and internships"),
    "failures": ("常见失守与危险信号", "common failures and red flags"),
    "topics": ("常考主题清单", "frequently tested topics"),
}
_SECTION_BY_KEY = {normalize_key(h): key for key, hs in SECTION_NAMES.items() for h in hs}

_ARROW = re.compile(r"\s*(?:→|->|=>)\s*")
_TRIGGER_PREFIX = re.compile(
    r"^(?:简历(?:上)?(?:出现|写了|写着|提到|有)|resume\s+(?:mentions|shows|says|lists|has|includes)|"
    r"the\s+resume\s+(?:mentions|shows|says))\s*",
    re.I,
)
_PROBE_PREFIX = re.compile(r"^(?:追问|追|press\s+on|probe|ask\s+about|dig\s+into)\s*", re.I)
_LADDER = re.compile(r"^(?:阶梯|ladder)\s*[:：]\s*", re.I)
_MARKERS = re.compile(r"^(?:答实的标志|signs\s+of\s+a\s+solid\s+answer)\s*[:：]\s*", re.I)
_QUOTED = re.compile(r"[\"“「『]([^\"”」』]+)[\"”」』]")
_RULE_SEPS = ("、", "，", ",", "；", ";")
_LIST_SEPS = ("；", ";")


class Rule(BaseModel):
    """One "résumé shows X → press on Y" rule."""

    index: int = Field(description="1-based position in file order")
    triggers: list[str] = Field(description="résumé phrases that fire the rule")
    probes: list[str] = Field(description="what to press on, in the pack's order")
    text: str = Field(description="the bullet as written, without its dash")
    line: int = Field(description="line number in the pack file")


class DangerArea(BaseModel):
    """A named area with the red flags an interviewer watches for in it."""

    area: str
    signals: list[str]
    topic: str | None = Field(default=None, description="title of the linked topic, or None")
    line: int


class _Owner:
    """A topic's link to its pack; copies of the topic share it (a copied topic is still that pack's)."""

    def __init__(self, pack: SkillPack) -> None:
        self.pack = pack

    def __copy__(self) -> _Owner:
        return self

    def __deepcopy__(self, memo) -> _Owner:
        return self


class Topic(BaseModel):
    """A frequently tested topic with its depth ladder and the signs of a solid answer."""

    index: int = Field(description="1-based position in file order")
    title: str
    ladder: list[str] = Field(description="rungs, shallow to deep")
    markers: list[str] = Field(description="signs of a solid answer")
    line: int
    _owner: _Owner | None = PrivateAttr(default=None)

    @property
    def pack(self) -> SkillPack | None:
        """The pack this topic belongs to (None for a topic built on its own)."""
        return self._owner.pack if self._owner else None

    @property
    def vocabulary(self) -> Vocabulary:
        """Its pack's vocabulary; a topic on its own has none."""
        return self._owner.pack.vocabulary if self._owner else vocab_file.EMPTY


class SkillPack(BaseModel):
    """A parsed skill pack."""

    name: str
    description: str = ""
    keywords: list[str] = []
    layer: str = ""
    domains: list[str] = []
    parent: str | None = None
    focus: str = ""
    probing_intro: str = ""
    rules: list[Rule] = []
    danger_areas: list[DangerArea] = []
    topics: list[Topic] = []
    extra_sections: dict[str, str] = Field(default_factory=dict, description="unknown sections, kept verbatim")
    path: str = ""
    sha256: str = ""
    lang: str = Field(default="zh", description="zh or en, judged from the section headings")
    _vocab: Vocabulary | None = PrivateAttr(default=None)

    def model_post_init(self, context) -> None:
        owner = _Owner(self)
        for t in self.topics:
            t._owner = owner

    @property
    def vocabulary(self) -> Vocabulary:
        """The pack's vocabulary (its vocabulary.toml); a pack without the file has none."""
        return self._vocab or vocab_file.EMPTY

    def with_vocabulary(self, vocab: Vocabulary | None) -> SkillPack:
        """This pack, reading answers and résumés with `vocab`; returns self."""
        self._vocab = vocab
        return self

    def topic(self, key: str | int) -> Topic:
        """A topic by 1-based index or by (fuzzy) title; SkillError names what was asked for."""
        if isinstance(key, int) or (isinstance(key, str) and key.strip().isdigit()):
            n = int(key)
            if 1 <= n <= len(self.topics):
                return self.topics[n - 1]
            raise SkillError(f"{self.name}: no topic {n} (the pack has {len(self.topics)})")
        found = best_match(str(key), [t.title for t in self.topics], cutoff=0.5)
        if found is None:
            raise SkillError(f"{self.name}: no topic named {key!r}")
        return next(t for t in self.topics if t.title == found)

    def danger_for(self, topic_title: str) -> list[str]:
        return [s for d in self.danger_areas if d.topic == topic_title for s in d.signals]

    def show_dict(self) -> dict:
        """The `skills show --json` contract."""
        return {
            "name": self.name,
            "description": self.description,
            "keywords": self.keywords,
            "layer": self.layer,
            "domains": self.domains,
            "focus": self.focus,
            "rules": [r.model_dump(include={"index", "triggers", "probes", "text"}) for r in self.rules],
            "danger_areas": [d.model_dump(include={"area", "signals", "topic"}) for d in self.danger_areas],
            "topics": [t.model_dump(include={"index", "title", "ladder", "markers"}) for t in self.topics],
        }


@dataclass
class LintProblem:
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


# --------------------------------------------------------------------------- parsing


def best_match(query: str, choices: list[str], cutoff: float = 0.0) -> str | None:
    """The choice most similar to `query` (containment wins, then difflib ratio)."""
    q = normalize_key(query)
    best, best_score = None, cutoff
    for c in choices:
        k = normalize_key(c)
        score = 1.0 if k == q else 0.9 if q and (q in k or k in q) else difflib.SequenceMatcher(None, q, k).ratio()
        if score > best_score:
            best, best_score = c, score
    return best


def _parse_frontmatter(lines: list[str], problems: list[LintProblem], path: str) -> tuple[dict, int]:
    """Returns (fields, index of the first body line)."""
    if not lines or lines[0].strip() != "---":
        problems.append(LintProblem(path, 1, "no frontmatter (the file must start with a '---' line)"))
        return {}, 0
    fields: dict[str, object] = {}
    for i in range(1, len(lines)):
        raw = lines[i]
        if raw.strip() == "---":
            return fields, i + 1
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        key, sep, value = raw.partition(":")
        if not sep:
            problems.append(LintProblem(path, i + 1, f"frontmatter line is not 'key: value': {raw.strip()!r}"))
            continue
        value = value.strip()
        if value.startswith("[") and value.endswith("]"):
            fields[key.strip()] = [v.strip().strip("'\"") for v in value[1:-1].split(",") if v.strip()]
        else:
            fields[key.strip()] = value.strip("'\"")
    problems.append(LintProblem(path, 1, "frontmatter is not closed by a '---' line"))
    return {}, 0


def _parse_rule(text: str, index: int, line: int) -> Rule | None:
    parts = _ARROW.split(text, maxsplit=1)
    if len(parts) != 2:
        return None
    left, right = parts
    left = _TRIGGER_PREFIX.sub("", left.strip())
    quoted = _QUOTED.findall(left)
    if quoted and not _QUOTED.sub("", left).strip(" /、"):
        pieces = quoted
    else:
        pieces = [p for p in re.split(r"\s+/\s+", left)]
    triggers: list[str] = []
    for p in pieces:
        p = p.strip().strip("\"“”「」'")
        # "Kafka/RocketMQ/RabbitMQ": a tight slash between names lists alternatives too.
        sub = p.split("/")
        if len(sub) > 1 and all(len(s.strip()) >= 2 and " " not in s.strip() for s in sub):
            triggers += [s.strip() for s in sub]
        elif p:
            triggers.append(p)
    right = _PROBE_PREFIX.sub("", right.strip()).rstrip("。.")
    probes = [re.sub(r"^and\s+", "", p).strip() for p in split_top(right, _RULE_SEPS)]
    return Rule(index=index, triggers=triggers, probes=[p for p in probes if p], text=text, line=line)


def _detect_lang(headings: list[str]) -> str:
    return "zh" if any(re.search(r"[\u4e00-\u9fff]", h) for h in headings) else "en"


def parse_text(text: str, path: str = "<text>") -> tuple[SkillPack | None, list[LintProblem]]:
    """Parse a pack's text; returns the pack (None when unusable) and every problem found."""
    problems: list[LintProblem] = []
    if not text.strip():
        return None, [LintProblem(path, 1, "empty file")]
    lines = text.splitlines()
    fm, start = _parse_frontmatter(lines, problems, path)
    name = str(fm.get("name") or "").strip()
    if fm and not name:
        problems.append(LintProblem(path, 1, "frontmatter has no 'name'"))

    # Split the body into sections: key → (heading line number, [(line_no, text)]).
    sections: dict[str, tuple[int, list[tuple[int, str]]]] = {}
    order: list[str] = []
    current: str | None = None
    headings: list[str] = []
    for i in range(start, len(lines)):
        raw = lines[i]
        if raw.startswith("## "):
            heading = raw[3:].strip()
            headings.append(heading)
            current = _SECTION_BY_KEY.get(normalize_key(heading), heading)
            if current in sections:
                problems.append(LintProblem(path, i + 1, f"section '{heading}' appears twice"))
            sections[current] = (i + 1, [])
            order.append(current)
        elif current is not None:
            sections[current][1].append((i + 1, raw))

    for key, hs in SECTION_NAMES.items():
        if key not in sections:
            problems.append(LintProblem(path, max(start, 1), f"missing section '## {hs[0]}' / '## {hs[1].capitalize()}'"))

    def prose(key: str) -> str:
        body = sections.get(key, (0, []))[1]
        return "\n".join(t for _, t in body).strip()

    rules: list[Rule] = []
    intro: list[str] = []
    for ln, raw in sections.get("probing", (0, []))[1]:
        s = raw.strip()
        if s.startswith(("- ", "* ")):
            rule = _parse_rule(s[2:].strip(), len(rules) + 1, ln)
            if rule is None:
                problems.append(LintProblem(path, ln, "rule bullet has no '→' between the résumé phrase and the probes"))
            elif not rule.triggers or not rule.probes:
                problems.append(LintProblem(path, ln, "rule bullet needs a résumé phrase before '→' and probes after it"))
            else:
                rules.append(rule)
        elif s and not rules:
            intro.append(s)

    areas: list[DangerArea] = []
    for ln, raw in sections.get("failures", (0, []))[1]:
        s = raw.strip()
        if not s.startswith(("- ", "* ")):
            continue
        m = re.match(r"^(.+?)(?:：|:\s)(.+)$", s[2:].strip())
        if not m:
            problems.append(LintProblem(path, ln, "danger bullet is not 'area: signal; signal'"))
            continue
        signals = [x.rstrip("。.") for x in split_top(m.group(2), _LIST_SEPS)]
        areas.append(DangerArea(area=m.group(1).strip(), signals=[x for x in signals if x], line=ln))

    topics: list[Topic] = []
    pending: dict | None = None

    def close_topic() -> None:
        if pending is None:
            return
        if not pending["ladder"]:
            problems.append(LintProblem(path, pending["line"], f"topic '{pending['title']}' has no ladder"))
        if not pending["markers"]:
            problems.append(LintProblem(path, pending["line"], f"topic '{pending['title']}' has no signs of a solid answer"))
        topics.append(Topic(index=len(topics) + 1, **pending))

    for ln, raw in sections.get("topics", (0, []))[1]:
        s = raw.strip()
        if raw.startswith("### "):
            close_topic()
            pending = {"title": raw[4:].strip(), "ladder": [], "markers": [], "line": ln}
        elif pending is not None and s.startswith(("- ", "* ")):
            body = s[2:].strip()
            if _LADDER.match(body):
                pending["ladder"] = [r.strip().rstrip("。.") for r in _ARROW.split(_LADDER.sub("", body)) if r.strip()]
            elif _MARKERS.match(body):
                pending["markers"] = [m.rstrip("。.") for m in split_top(_MARKERS.sub("", body), _LIST_SEPS) if m]
    close_topic()
    if "topics" in sections and not topics:
        problems.append(LintProblem(path, sections["topics"][0], "the topics section has no '### topic'"))

    _link_areas(areas, topics)
    if not name:
        return None, problems
    pack = SkillPack(
        name=name,
        description=str(fm.get("description", "")),
        keywords=list(fm.get("keywords") or []) if isinstance(fm.get("keywords"), list) else [],
        layer=str(fm.get("layer", "")),
        domains=list(fm.get("domains") or []) if isinstance(fm.get("domains"), list) else [],
        parent=(str(fm["parent"]) if fm.get("parent") else None),
        focus=prose("focus"),
        probing_intro="\n".join(intro),
        rules=rules,
        danger_areas=areas,
        topics=topics,
        extra_sections={k: prose(k) for k in order if k not in SECTION_NAMES},
        path=path,
        sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        lang=_detect_lang(headings),
    )
    return pack, problems


def _link_areas(areas: list[DangerArea], topics: list[Topic]) -> None:
    """Link each danger area to the topic it is about, one to one, most similar pairs first.

    Names differ slightly between the two sections ("并行策略选择" / "并行策略的选择"), and one
    area may be named after a rung rather than the title, so the score adds the overlap of the
    area's signals with the topic's ladder and markers.
    """

    def grams(s: str) -> set[str]:
        k = normalize_key(s)
        return {k[i : i + 2] for i in range(len(k) - 1)} or {k}

    def jaccard(a: set[str], b: set[str]) -> float:
        return len(a & b) / len(a | b) if a and b else 0.0

    # Grams and the matcher's index of each side once, not once per pair (a 20 × 20 pack has 400 pairs).
    area_keys = [(normalize_key(a.area), grams(a.area), grams(a.area + " ".join(a.signals))) for a in areas]
    scores = []
    for ti, t in enumerate(topics):
        title_grams, content_grams = grams(t.title), grams(t.title + " ".join(t.ladder + t.markers))
        match = difflib.SequenceMatcher(None, "", normalize_key(t.title))
        for ai, (key, ag, body) in enumerate(area_keys):
            match.set_seq1(key)
            scores.append((match.ratio() + jaccard(ag, title_grams) + jaccard(body, content_grams), ai, ti))
    used_a: set[int] = set()
    used_t: set[int] = set()
    for score, ai, ti in sorted(scores, reverse=True):
        if ai in used_a or ti in used_t or score < 0.25:
            continue
        areas[ai].topic = topics[ti].title
        used_a.add(ai)
        used_t.add(ti)


# The largest real packs (ours and the public ones) are under 30 KB, and a 1 MB pack of ~850 topics still
# plans in about 2 s; a file past that is not a pack, and reading it whole would take minutes and gigabytes.
MAX_PACK_BYTES = 1024 * 1024


def read_pack_text(path: Path) -> str:
    """One pack file's text; SkillError names the file when it is missing, special, too large or not UTF-8."""
    try:
        data = read_limited(path, MAX_PACK_BYTES)
    except InputFileError as e:
        what = {"missing": "no such skill pack file", "folder": "is a folder, not a SKILL.md file",
                "too_large": f"larger than {MAX_PACK_BYTES // 2**20} MB; a skill pack is a few pages of Markdown"}
        raise SkillError(f"{path}: {what.get(e.kind, e.reason)}") from None
    if b"\x00" in data:
        raise SkillError(f"{path}: not UTF-8 text (binary file)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise SkillError(f"{path}: not UTF-8 text (bad byte at offset {e.start})") from None


def lint(path: Path) -> list[LintProblem]:
    """Every problem in one pack file, as `file:line: message`."""
    try:
        text = read_pack_text(path)
    except SkillError as e:
        return [LintProblem(str(path), 1, e.message.split(": ", 1)[-1])]
    problems = parse_text(text, str(path))[1]
    try:
        vocab_file.beside(path, check=True)
    except SkillError as e:
        where = re.search(r"at line (\d+)", e.message)
        problems.append(LintProblem(str(path.with_name(vocab_file.FILE_NAME)), int(where[1]) if where else 1,
                                    e.message.split(": ", 1)[-1]))
    return problems


def load_pack(path: Path, vocabulary: bool = True) -> SkillPack:
    """Parse one file, with the vocabulary file beside it; a pack that has no name or none of the sections is refused.

    `vocabulary=False` leaves the vocabulary out (listing packs needs only their names and descriptions).
    """
    text = read_pack_text(path)
    pack, problems = parse_text(text, str(path))
    if pack is None:
        raise SkillError(str(problems[0]) if problems else f"{path}: not a skill pack")
    if not pack.topics and not pack.rules:
        raise SkillError(f"{path}: not a skill pack (no rules and no topics found)")
    return pack.with_vocabulary(vocab_file.beside(path)) if vocabulary else pack


# --------------------------------------------------------------------------- library


def library_dirs(extra: list[str] | None = None) -> list[Path]:
    from interviewer import paths

    return [*paths.user_skills_dirs(extra), paths.bundled_skills_dir()]


def list_packs(extra: list[str] | None = None, broken: list[tuple[Path, str]] | None = None
               ) -> list[tuple[SkillPack, Path]]:
    """Packs found in the user folders then the bundled ones; the first folder of a name wins, as in resolve().

    A pack that does not load still takes its name (resolve would pick it and fail), so a bundled pack it
    shadows is not listed; `broken` collects (file, message) for each such pack.
    """
    seen: set[str] = set()
    found: list[tuple[SkillPack, Path]] = []
    for d in library_dirs(extra):
        if not d.is_dir():
            continue
        for f in sorted(d.glob("*/SKILL.md")):
            if f.parent.name in seen:
                continue
            seen.add(f.parent.name)
            try:
                found.append((load_pack(f, vocabulary=False), f))
            except SkillError as e:
                if broken is not None:
                    broken.append((f, e.message))
    return found


DEFAULT_PACK = "distributed-training"


def resolve(name_or_path: str | None, lang: str | None = None, extra: list[str] | None = None) -> SkillPack:
    """A pack by name (user folders, then bundled) or by path (file or folder); picks SKILL.en.md for lang='en'."""
    key = name_or_path or DEFAULT_PACK
    p = Path(key).expanduser()
    if p.exists() or "/" in key or key.endswith(".md"):
        if p.is_dir():
            if not (p / "SKILL.md").exists() and not (p / "SKILL.en.md").exists():
                raise SkillError(f"{p}: folder has no SKILL.md")
            return _pick_lang(p / "SKILL.md", lang)
        if not p.exists():
            raise SkillError(f"{p}: no such skill pack file")
        if lang == "en" and p.name == "SKILL.md":
            return _pick_lang(p, lang)
        return load_pack(p)
    for d in library_dirs(extra):
        f = d / key / "SKILL.md"
        if f.exists() or (d / key / "SKILL.en.md").exists():
            return _pick_lang(f, lang)
    names = ", ".join(sorted(p.name for p, _ in list_packs(extra))) or "none"
    raise SkillError(f"unknown skill pack {key!r} (available: {names})")


def _pick_lang(zh_file: Path, lang: str | None) -> SkillPack:
    en_file = zh_file.with_name("SKILL.en.md")
    if lang == "en" and en_file.exists():
        return load_pack(en_file)
    if not zh_file.exists():
        return load_pack(en_file)
    return load_pack(zh_file)


class SkillRef(BaseModel):
    """Which pack a plan or transcript was made with."""

    name: str
    path: str
    sha256: str


def ref(pack: SkillPack) -> SkillRef:
    return SkillRef(name=pack.name, path=pack.path, sha256=pack.sha256)
