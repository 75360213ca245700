"""Small text helpers shared by the parser, the résumé matcher and the scorer."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_OPEN = "(（[【\"“「『"
_CLOSE = ")）]】\"”」』"
_STRIP = re.compile(r"[\W_]+", re.UNICODE)


@lru_cache(maxsize=8192)  # the loop compares every new question with all asked so far, every turn
def normalize_key(s: str) -> str:
    """Lower-case NFKC with whitespace and punctuation removed: for comparing names and quotes."""
    return _STRIP.sub("", unicodedata.normalize("NFKC", s).casefold())


def split_top(text: str, seps: tuple[str, ...]) -> list[str]:
    """Split on any of `seps` outside brackets and quotes; parts stripped, empty parts dropped.

    ", and " and ", or " count as one separator so "a, b, and c" gives three parts.
    """
    parts: list[str] = []
    depth = 0
    buf: list[str] = []
    i = 0
    in_ascii_quote = False
    while i < len(text):
        ch = text[i]
        if ch == '"':
            in_ascii_quote = not in_ascii_quote
        elif ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth = max(0, depth - 1)
        if depth == 0 and not in_ascii_quote and ch in seps:
            parts.append("".join(buf))
            buf = []
            i += 1
            continue
        buf.append(ch)
        i += 1
    parts.append("".join(buf))
    out = []
    for p in parts:
        p = re.sub(r"^\s*(?:and|or)\s+", "", p.strip()).strip()
        if p:
            out.append(p)
    return out


def found_in(quote: str, text: str) -> bool:
    """True when `quote` occurs in `text` once whitespace and punctuation are ignored (DESIGN.md)."""
    q = normalize_key(quote)
    return bool(q) and q in normalize_key(text)


def has_cjk(s: str) -> bool:
    return bool(re.search(r"[\u3400-\u9fff]", s))


def language_hint(text: str) -> str | None:
    """The language a résumé's text asks the interview in when none is given: English for one with no Chinese in it
    (a hiring manager's English résumé is not planned in Chinese), else the pack's own; nothing for a blank one.
    (Here, not in resume.py, so the Start screen can ask it on every keystroke without importing the résumé reader.)"""
    return None if not text.strip() or has_cjk(text) else "en"


QUESTION_MARKS = re.compile(r"[?？]")
_PAREN = re.compile(r"[（(][^（）()]*[）)]")
# A formula's brackets stay: numbers or single-letter variables around an operator ("2(t-1)/t", "s·b·h"),
# but not names such as "BF16 / FP16".
_OPERAND = r"(?:(?<![A-Za-z\d])\d+(?:\.\d+)?(?![A-Za-z])|(?<![A-Za-z\d])[a-zA-Z](?![A-Za-z\d]))"
_MATH = re.compile(rf"{_OPERAND}\s*[-+*/=·^×÷]\s*{_OPERAND}|√")


def strip_hints(s: str) -> str:
    """Drop parenthesised hints (they often hold the answer), but not the brackets of a formula."""
    def drop(m: re.Match) -> str:
        return m.group() if _MATH.search(m.group()[1:-1]) else " "

    s = _PAREN.sub(drop, s)
    s = re.sub(r"(?<=[\u3400-\u9fff，、。：；])\s+(?=[\u3400-\u9fff，、。：；？])", "", s)
    s = re.sub(r"\s+(?=[，、。：；？])", "", s)
    s = re.sub(r"\s+(?=[,.;:?])", "", s)
    return re.sub(r"\s{2,}", " ", s).strip()


# Terminal escape sequences (CSI such as cursor-up and clear-screen, OSC such as set-title and the OSC 52
# clipboard write) and other controls: candidate text printed to a terminal must not drive it.
_ESCAPE_SEQ = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])|\x9b[0-?]*[ -/]*[@-~]?")
# Bidirectional controls: U+202E makes "evil.exe\u202etxt.md" read "evil.dmt.exe" and reorders a quoted answer
# or a report line so it shows something other than what is stored; no answer or résumé needs them.
BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_CONTROL_CHARS = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{BIDI_CONTROLS}]")
_MD_SPECIAL = re.compile(r"([\\`*\[\]<>|])")


def strip_escapes(text: str) -> str:
    """`text` without terminal escape sequences (the whole sequence, not just its ESC byte)."""
    return _ESCAPE_SEQ.sub("", text)


def strip_controls(text: str) -> str:
    """`text` without terminal escape sequences, control characters or bidi controls; newlines and tabs stay."""
    # A bare CR would let "…\rlevel 4" overwrite the line it is printed on.
    return _CONTROL_CHARS.sub("", strip_escapes(text.replace("\r\n", "\n").replace("\r", "\n")))


def md_escape(text: str) -> str:
    """Untrusted text inside Markdown: no raw HTML, links, code or emphasis comes through, nor any control."""
    return _MD_SPECIAL.sub(r"\\\1", strip_controls(text))


_SENTENCE = re.compile(r"(?<=[。！!.])\s*")


def asks_back(text: str) -> bool:
    """The text ends as a question: in an answer, one put back to the interviewer ("Do you mean the utilization number
    from nvidia-smi?")."""
    return bool(QUESTION_MARKS.fullmatch(text.rstrip()[-1:]))


def question_of(text: str) -> str:
    """The sentence of an utterance that holds its question (the whole text when none does)."""
    parts = [p for p in _SENTENCE.split(text) if QUESTION_MARKS.search(p)]
    return parts[-1] if parts else text


@lru_cache(maxsize=8192)  # every turn compares the new question with each one asked before
def question_key(text: str) -> str:
    """What makes two utterances the same question: their question sentences, normalised."""
    return normalize_key(question_of(text))
