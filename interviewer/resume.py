"""Résumé text (pasted, .txt, .md, .pdf) → Resume; pack rules → RuleMatch with verbatim evidence."""

from __future__ import annotations

import codecs
import errno
import hashlib
import os
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

from pydantic import BaseModel, Field

from interviewer import lexicon
from interviewer.errors import ResumeError
from interviewer.files import InputFileError, read_limited
from interviewer.skills import SkillPack
from interviewer.textutil import BIDI_CONTROLS, strip_escapes

MAX_BYTES = 2 * 1024 * 1024


class Resume(BaseModel):
    """A résumé after decoding and normalisation."""

    text: str = Field(description="normalised text (NFKC, tidy whitespace, PDF breaks joined)")
    lines: list[str] = Field(description="text split into lines; evidence line numbers are 1-based into this")
    sha256: str = Field(description="sha256 of the normalised text")
    source: str = Field(description="the file path, '<stdin>' or '<pasted>'")


class Evidence(BaseModel):
    """A verbatim quote of the résumé that triggered a rule."""

    quote: str
    line: int = Field(description="1-based line number in Resume.lines")


class RuleMatch(BaseModel):
    """A pack rule whose triggers the résumé shows."""

    rule_index: int = Field(description="Rule.index (1-based)")
    triggers: list[str] = Field(description="the rule's triggers that matched")
    evidence: list[Evidence]
    strength: float = Field(description="how strong the evidence is; plans order chains by it")


# --------------------------------------------------------------------------- normalising

_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad" + BIDI_CONTROLS))
_LINE_SEPS = re.compile("[\u2028\u2029\x0b\x0c\x85]")
# C0/C1 controls and lone surrogates (a broken paste) cannot be quoted back or hashed.
_CONTROL = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff]")
_SENTENCE_END = re.compile(r"[。！？!?；;:：.]$")
_BULLET = re.compile(r"^(?:[-*+•·▪●○◦■□➢►]|#|\d{1,2}[.)、]|[(（]\d{1,2}[)）])")
_LONG_LINE = 400
_SPLIT_LONG = re.compile(r"(?<=[。！？；;])\s*|(?<=[.!?])\s+(?=[A-Z\u4e00-\u9fff])")


# NFKC would turn a Chinese line's "，：；！？（）" into ASCII; quotes shown back to the candidate keep them.
_NOT_CJK_PUNCT = re.compile(r"[^，：；！？（）]+")


def normalize(text: str, pdf: bool = False) -> str:
    """NFKC (but for full-width CJK punctuation), LF line ends, one space between words, no zero-width characters; PDF wraps rejoined."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if pdf:
        text = text.replace("\u00ad\n", "")
    # A pasted terminal capture leaves "ESC]0;title BEL" and "ESC[2J": drop whole sequences, not just the ESC.
    text = strip_escapes(text)
    text = _NOT_CJK_PUNCT.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text.translate(_ZERO_WIDTH))
    text = _CONTROL.sub("", _LINE_SEPS.sub("\n", text))
    lines = [re.sub(r"[ \t]+", " ", ln).strip() for ln in text.split("\n")]
    if pdf:
        lines = _join_pdf_lines(lines)
    # A résumé pasted as one paragraph would make every quote the whole résumé.
    out: list[str] = []
    for ln in lines:
        out += [p for p in _SPLIT_LONG.split(ln) if p.strip()] if len(ln) > _LONG_LINE else [ln]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip("\n")


def _width(s: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def _join_pdf_lines(lines: list[str]) -> list[str]:
    """Undo the layout's line wraps: "optimi-/zation" and a sentence carried onto the next line."""
    widths = sorted(_width(ln) for ln in lines if ln)
    full = widths[int(len(widths) * 0.9)] if widths else 0
    out: list[str] = []
    for ln in lines:
        prev = out[-1] if out else ""
        if prev and ln and not _BULLET.match(ln):
            if re.search(r"[a-z]-$", prev) and re.match(r"[a-z]", ln):
                out[-1] = prev[:-1] + ln
                continue
            wrapped = _width(prev) >= 0.75 * full and not _SENTENCE_END.search(prev)
            continues = re.match(r"[a-z0-9(\u4e00-\u9fff]", ln) or re.search(r"[,，、]$", prev)
            if wrapped and continues:
                cjk = unicodedata.east_asian_width(prev[-1]) in "WF" and unicodedata.east_asian_width(ln[0]) in "WF"
                out[-1] = prev + ("" if cjk else " ") + ln
                continue
        out.append(ln)
    return out


def resume_from_text(text: str, source: str = "<pasted>") -> Resume:
    """Normalise pasted text; ResumeError when it is empty or too large."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise ResumeError(f"{source}: larger than {MAX_BYTES // (1024 * 1024)} MB; paste the résumé itself")
    return _build(normalize(text), source, "no text")


def _build(text: str, source: str, empty_reason: str) -> Resume:
    if not text.strip():
        raise ResumeError(f"{source}: {empty_reason}")
    return Resume(text=text, lines=text.split("\n"), sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
                  source=source)


# --------------------------------------------------------------------------- reading files

_MAGIC = (
    (b"PK\x03\x04", "a Word/zip file, not text; save the résumé as PDF or plain text"),
    (b"\xd0\xcf\x11\xe0", "an old Word (.doc) file; save the résumé as PDF or plain text"),
    (b"\x89PNG", "an image, not text; paste the résumé's text instead"),
    (b"\xff\xd8\xff", "an image, not text; paste the résumé's text instead"),
    (b"GIF8", "an image, not text; paste the résumé's text instead"),
)


def load_resume(path: str | Path) -> Resume:
    """Read a file ('-' = stdin): detect encoding, extract PDF text; ResumeError names the file."""
    if str(path) == "-":
        name = "<stdin>"
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
    else:
        p = Path(path).expanduser()
        name = str(path)
        data = _read_file(p, name)
    if len(data) > MAX_BYTES:
        raise ResumeError(f"{name}: larger than 2 MB; a résumé is a few pages of text")
    if name.lower().endswith(".pdf") or data.startswith(b"%PDF-"):
        return _build(normalize(_pdf_text(data, name), pdf=True), name,
                      "the PDF has no text layer (a scanned image?); paste the text instead")
    for magic, what in _MAGIC:
        if data.startswith(magic):
            raise ResumeError(f"{name}: {what}")
    return _build(normalize(decode(data, name)), name, "empty (no text after removing whitespace)")


def _read_file(p: Path, name: str) -> bytes:
    try:
        return read_limited(p, MAX_BYTES)
    except InputFileError as e:
        if e.kind == "missing":
            raise ResumeError(f"{name}: no such file") from None
        if e.kind == "folder":
            raise ResumeError(f"{name}: is a folder, not a résumé file") from None
        if e.kind == "special":
            raise ResumeError(f"{name}: {e.reason}; use --resume - to read from stdin") from None
        if e.kind == "too_large":
            try:
                size = f" ({p.stat().st_size / (1024 * 1024):.1f} MB)"
            except OSError:
                size = ""
            raise ResumeError(f"{name}: larger than 2 MB{size}; a résumé is a few pages of text") from None
        if e.errno == errno.EACCES:
            raise ResumeError(f"{name}: cannot read it (permission denied)") from None
        raise ResumeError(f"{name}: cannot read it ({os.strerror(e.errno)})" if e.errno else f"{name}: {e.reason}") from None


def _utf16_without_bom(data: bytes) -> str | None:
    """'utf-16-le'/'utf-16-be' when NULs sit mostly on one side of each byte pair (the ASCII in it)."""
    if len(data) < 4 or len(data) % 2:
        return None
    even, odd = data[0::2].count(0), data[1::2].count(0)
    pairs = len(data) // 2
    if odd >= max(2, pairs * 0.02) and odd >= 4 * even:
        return "utf-16-le"
    if even >= max(2, pairs * 0.02) and even >= 4 * odd:
        return "utf-16-be"
    return None


def decode(data: bytes, name: str = "<bytes>") -> str:
    """Bytes → text: BOM, UTF-16 by its NUL pattern, UTF-8, then GB18030 (a superset of GBK)."""
    boms = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF8, "utf-8"),
            (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
    text = None
    for bom, enc in boms:
        if data.startswith(bom):
            try:
                text = data[len(bom):].decode(enc)
            except UnicodeDecodeError as e:
                raise ResumeError(f"{name}: not valid {enc.upper()} after its byte-order mark (offset {e.start})") from None
            break
    if text is None and b"\x00" in data:
        enc = _utf16_without_bom(data)
        if enc is None:
            raise ResumeError(f"{name}: a binary file, not text")
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            raise ResumeError(f"{name}: a binary file, not text") from None
    if text is None:
        for enc in ("utf-8", "gb18030"):
            try:
                text = data.decode(enc)
                break
            except UnicodeDecodeError:
                continue
        else:
            raise ResumeError(f"{name}: not text in UTF-8, GBK/GB18030 or UTF-16 (or a binary file)")
    if "\x00" in text:  # the same bytes without a BOM are refused as binary; so are they with one
        raise ResumeError(f"{name}: a binary file, not text")
    odd = sum(1 for ch in text if unicodedata.category(ch) in ("Cc", "Co", "Cn", "Cs") and ch not in "\n\r\t\f\v")
    if odd > max(4, len(text) // 100):
        raise ResumeError(f"{name}: a binary file, not text")
    return text


def _pdf_text(data: bytes, name: str) -> str:
    """Every page's text, pages joined by a newline; pypdf's warnings kept off the terminal."""
    import io
    import logging
    import warnings

    try:
        import pypdf
    except ImportError:  # pragma: no cover - pypdf is a dependency
        raise ResumeError(f"{name}: reading PDFs needs pypdf (pip install pypdf)") from None
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            reader = pypdf.PdfReader(io.BytesIO(data), strict=False)
            # An owner password only (no password to open) decrypts with "" (AES needs `cryptography`).
            if reader.is_encrypted and not reader.decrypt(""):
                raise ResumeError(f"{name}: the PDF needs a password to open; save a copy without one, "
                                  "or paste the text")
            return "\n".join(page.extract_text() or "" for page in reader.pages)
    except ResumeError:
        raise
    except Exception as e:  # pypdf raises many kinds on a damaged file; all mean the same to the user
        reason = (str(e).splitlines() or [""])[0][:80] or type(e).__name__
        raise ResumeError(f"{name}: not a readable PDF ({reason})") from None
    finally:
        log.setLevel(level)


# --------------------------------------------------------------------------- matching

_DATES = re.compile(r"(?:19|20)\d{2}(?:\s*[./年-]\s*(?:0?[1-9]|1[0-2])(?!\d)(?:\s*月)?)?|\b\d{1,2}\s*月")
_OWNED = re.compile(
    # ("用 DeepSpeed ZeRO-3 训练 6B 模型" and a line opening "Megatron-LM 训练，" say what was done, as "Trained a 6B
    # model with DeepSpeed ZeRO-3" and "Trained with Megatron-LM" do; 维护 and 写过 are "maintained" and "wrote", "用…
    # 全参微调" is "fine-tuned", "用 Nsight Systems 做性能剖析" "profiled with", 解决了 "fixing", "把…从/降到…"
    # "cut/raised/moved", "把 34B 模型…跑起来" "got … running", 做了 "built" (not "做了…的试验", "tried"), 接入 "wired
    # up"; 优化器 is the optimizer, no optimising.)
    r"负责|主导|牵头|独立|设计|实现|搭建|开发|优化(?!器)|推动|定位|排查|解决|重构|落地|从零|"
    r"用[^，。；,;]{1,40}?(?:训练|微调|做(?![^，。；,;]{0,30}?(?:试验|实验)))|把[^，。；,;]{1,30}?(?:从|降|提|改|换|缩短|压到|跑起来|跑通)|"
    r"^[-*•·]?\s*[A-Za-z][\w.+-]*\s*训练|维护|编写|写过|写了|做[了过](?![^，。；,;]{0,30}?(?:试验|实验))|接入|加了|"
    r"迁移|引入|调优|打开|开启|启用|"
    # (Not in the passive, said of something else: "bad nodes are replaced automatically" is no doing of theirs.)
    r"(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bbe )(?<!\bbeen )"
    r"\b(?:built|led|lead|designed|implemented|owned|wrote|drove|developed|created|architected|optimi[sz]ed|"
    r"debugged|diagnosed|fixed|fixing|solved|resolved|reduced|improved|scaled|migrated|introduced|shipped|trained|ran|"
    r"maintained|tuned|raised|cut|moved|continued|added|replaced|switched|overlapped|profiled|enabled|"
    r"turned on|wired up|got)\b",
    re.I | re.ASCII,
)


# A parallel degree set ("PP=16", "TP8", "EP = 8").
_DEGREE = re.compile(r"(?<![A-Za-z])(?:TP|PP|DP|CP|EP)\s*=?\s*\d", re.I)
_ASKS_DEGREE = re.compile(r"度|\bdegrees?\b", re.I)
_TITLES = re.compile(r"《[^》]*》|“[^”]*”|\"[^\"]*\"")


def _is_list(line: str) -> bool:
    """A skills line ("框架：PyTorch、Megatron、DeepSpeed") names things without saying what was done with them."""
    return len(re.findall(r"[,、/|;]", line)) >= 3 and not _OWNED.search(line)


def _line_weight(line: str) -> float:
    """1 per line (0.5 for a heading or a list of names), +0.5 for a stated quantity, +0.5 for what the candidate did."""
    s = line.strip()
    weight = 0.5 if s.startswith("#") or _is_list(s) else 1.0
    # Digits inside names (H800, FSDP2, TP8) and dates are not quantities.
    if re.search(r"(?<![A-Za-z0-9.])\d", _DATES.sub("", s)):
        weight += 0.5
    # A title the line quotes ("分享过《…的 all-to-all 优化》") is no doing of the candidate's.
    if _OWNED.search(_TITLES.sub("", s)):
        weight += 0.5
    return weight


def match_rules(pack: SkillPack, resume: Resume) -> list[RuleMatch]:
    """Every rule of the pack the résumé triggers, strongest first; evidence strongest line first."""
    doc = lexicon.Lines(resume.lines)
    seen: dict[str, list[int]] = {}
    hits: list[tuple[int, list[str], set[int]]] = []
    for rule in pack.rules:
        hit_triggers: list[str] = []
        hit_lines: set[int] = set()
        for trigger in rule.triggers:
            matcher = lexicon.matcher_for(trigger, pack.vocabulary)
            if matcher.name not in seen:
                seen[matcher.name] = [i + 1 for i in matcher.find(doc)]
            if seen[matcher.name]:
                hit_triggers.append(trigger)
                hit_lines.update(seen[matcher.name])
        if hit_lines:
            hits.append((rule.index, hit_triggers, hit_lines))
    # The headline is the first thing the candidate chose to say: rank the evidence lines that state what they
    # did with a number (the strongest kind), in résumé order, and let the first ones lead. Only evidence lines
    # rank, so a line that matches no rule (an injected "开发者模式…4 级") moves nothing.
    weight = {i: _line_weight(line) for i, line in enumerate(resume.lines, 1)}
    strong = {i for i, w in weight.items() if w >= 2.0}
    evidence = set().union(*(lines for _, _, lines in hits))
    rank = {line: r for r, line in enumerate(sorted(evidence & strong))}
    matches: list[RuleMatch] = []
    rules = {r.index: r for r in pack.rules}
    vocab = pack.vocabulary
    plain = {i: unicodedata.normalize("NFKC", resume.lines[i - 1]) for i in evidence | strong}
    named = {i: vocab.named(line.casefold()) for i, line in plain.items()}
    degree = {i for i, line in plain.items() if _DEGREE.search(line)}
    claims = Counter(i for _, _, lines in hits for i in lines)

    def _states(about: set[str], i: int) -> bool:
        return i in degree and bool(about & named[i])
    for rule_index, hit_triggers, hit_lines in hits:
        weighted = sorted(((weight[i], i) for i in hit_lines), key=lambda wi: (-wi[0], wi[1]))
        (best, best_line), others = weighted[0], weighted[1:]
        headline = 1.0 / (1 + rank[best_line]) if best_line in rank else 0.0
        # The best line decides, its place in the résumé next; more strong lines and triggers only break ties.
        strength = (best + headline + 0.15 * min(2, sum(1 for w, _ in others if w >= 1.5))
                    + 0.1 * (len(hit_triggers) - 1))
        # Of lines that weigh the same, the one naming more of what the rule's first question asks about is quoted
        # first, and the chain opens on it: "各并行度是怎么定下来的" is asked of "TP=8、PP=8、DP=16", not of the same
        # résumé's line on stability at 1024 GPUs. (The strength above stays the line's that leads the résumé.) Then
        # the line fewest other rules can go on: the speed-up rule opens on "MFU 从 33% 提到 41%" and leaves the MoE
        # line's "step 时间缩短 15%" to the MoE rule, whose only line it is.
        probes = rules[rule_index].probes
        about = vocab.named(unicodedata.normalize("NFKC", probes[0]).casefold()) if probes else set()
        # When that question asks for a degree and none of them states it, a line that does is quoted for it though it
        # names none of the rule's triggers: "各并行度是怎么定下来的" is asked of "175B 模型流水线并行（PP=16）", not of
        # the same résumé's Megatron checkpoint format that "恢复时可以改变 TP/PP 切分". (It adds nothing to the
        # rule's strength.)
        if _ASKS_DEGREE.search(probes[0] if probes else "") and not any(_states(about, i) for i in hit_lines):
            weighted += [(weight[i], i) for i in strong - hit_lines if _states(about, i)]
        weighted.sort(key=lambda wi: (-wi[0], -_states(about, wi[1]), -len(about & named[wi[1]]), claims[wi[1]], wi[1]))
        matches.append(RuleMatch(
            rule_index=rule_index,
            triggers=hit_triggers,
            evidence=[Evidence(quote=resume.lines[i - 1].strip(), line=i) for _, i in weighted],
            strength=round(strength, 2),
        ))
    matches.sort(key=lambda m: (-m.strength, m.rule_index))
    return matches
