"""What counts as interface text in the wrong language, for the catalogue walk, the screen captures and tmux.

A Chinese session may show Latin letters only where people wrote them (résumé, pack, answers, file paths) or
in the handful of technical words below; an English session may show no Chinese at all except what people
wrote.
"""

from __future__ import annotations

import html
import re

# Words a Chinese interface keeps in Latin letters: keys, file formats, environment variables, flags, commands.
TECHNICAL = {
    "ctrl", "shift", "tab", "enter", "escape", "esc", "md", "html", "json", "markdown", "svg", "pdf", "txt", "api",
    "key", "sha", "zh", "en", "dir", "skip", "hint", "repeat", "end", "interviewer", "report", "resume",
}
_KEYS = re.compile(r"(?:ctrl|shift)\+\w+|\^\w|\bf\d+\b|--[a-z][a-z-]*|/[a-z]+\b|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b",
                   re.I)
_LATIN = re.compile(r"[A-Za-z][A-Za-z]+")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")
# The language picker names each language in itself ("中文 (zh)", "English (en)").
ENDONYMS = ("中文 (zh)", "English (en)")


def latin_words(text: str) -> set[str]:
    return {w.lower() for w in _LATIN.findall(_KEYS.sub(" ", text))}


def foreign(text: str, lang: str, wrote: str = "") -> set[str]:
    """Interface words of the other language in `text`: for zh, Latin words nobody wrote; for en, Chinese characters.

    `wrote` is what people wrote that may be on screen (résumé, pack, answers, questions quoting them, paths).
    """
    for name in ENDONYMS:
        text = text.replace(name, " ")
    if lang == "zh":
        written = {w.lower() for w in _LATIN.findall(wrote)}
        # A quote clipped on screen ("NC…"), or cut by a dialog drawn over it ("py-sp █"), leaves a piece of a
        # word somebody wrote.
        text = re.sub(r"([A-Za-z]+)(?=…|[ ]?[█▌▐│╮╯]|$)",
                      lambda m: " " if any(w.startswith(m[1].lower()) for w in written) else m[0], text, flags=re.M)
        text = re.sub(r"(?:…|[█▌▐│╭╰][ ]?)([A-Za-z]+)",
                      lambda m: " " if any(w.endswith(m[1].lower()) for w in written) else m[0], text)
        return latin_words(text) - written - TECHNICAL
    return set(_CJK.findall(text)) - set(_CJK.findall(wrote))


def svg_text(svg: str) -> str:
    """The characters of a Textual screenshot, a line per terminal row (spans on a row joined by a space)."""
    rows: dict[float, list[tuple[float, str]]] = {}
    for m in re.finditer(r'<text class="[^"]*-r\d+" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', svg):
        rows.setdefault(float(m.group(2)), []).append((float(m.group(1)), html.unescape(m.group(3)).replace("\xa0", " ")))
    return "\n".join(" ".join(t for _, t in sorted(spans)) for _, spans in sorted(rows.items()))
