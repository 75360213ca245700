"""Line wrapping that breaks between Chinese characters, not only at spaces.

Textual wraps at whitespace, so a run of Chinese after an English word ("py-spy dump 抓了所有…")
is one "word": it jumps to the next line and leaves the line before half empty. Here every CJK
character is a break opportunity, closing punctuation stays with the character before it and
opening punctuation with the one after.
"""

from __future__ import annotations

import re

from rich.cells import cell_len, get_character_cell_size
from rich.text import Text
from textual.widgets import Static

_CJK = re.compile(r"[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3400-\u4dbf\u4e00-\u9fff"
                  r"\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]")
_CLOSING = set("，。、；：？！」』）》〉】〕”’…—·,.;:?!)]}%")
_OPENING = set("「『（《〈【〔“‘([{")


def _tokens(line: str) -> list[tuple[int, int]]:
    """(start, end) of the units a line may break between: a CJK character, a word, or a run of spaces."""
    out: list[tuple[int, int]] = []
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if ch.isspace():
            j = i + 1
            while j < n and line[j].isspace():
                j += 1
        elif _CJK.match(ch) and ch not in _CLOSING:
            j = i + 1
        else:
            j = i + 1
            while j < n and not line[j].isspace() and not (_CJK.match(line[j]) and line[j] not in _CLOSING):
                j += 1
        # Closing punctuation never starts a line; opening punctuation never ends one.
        while j < n and line[j] in _CLOSING:
            j += 1
        if out and line[out[-1][1] - 1] in _OPENING and not ch.isspace():
            out[-1] = (out[-1][0], j)
        else:
            out.append((i, j))
        i = j
    return out


def break_offsets(line: str, width: int) -> list[int]:
    """Where to break one line (no newlines) so that every piece fits `width` cells."""
    offsets: list[int] = []
    used = 0
    for start, end in _tokens(line):
        piece = line[start:end]
        w = cell_len(piece)
        if used + w <= width:
            used += w
        elif piece.isspace():
            offsets.append(end)
            used = 0
        elif w <= width:
            if start:
                offsets.append(start)
            used = w
        else:
            for k, ch in enumerate(piece):
                cw = get_character_cell_size(ch)
                if used + cw > width and start + k:
                    offsets.append(start + k)
                    used = 0
                used += cw
    return [o for o in offsets if 0 < o < len(line)]


def wrap(text: Text, width: int) -> Text:
    """`text` with explicit line breaks so that no line is wider than `width`; styles are kept."""
    if width <= 0:
        return text
    lines = []
    for line in text.split("\n", allow_blank=True):
        for piece in line.divide(break_offsets(line.plain, width)):
            piece.rstrip()
            lines.append(piece)
    return Text("\n", end="").join(lines)


class WrapText(Static):
    """A Static whose rich Text wraps between CJK characters as well as at spaces."""

    def render(self):
        content = self.content
        if isinstance(content, Text):
            return wrap(content, self.content_size.width)
        return super().render()

    def get_content_height(self, container, viewport, width: int) -> int:
        content = self.content
        if isinstance(content, Text):
            return max(1, len(wrap(content, width).plain.split("\n")))
        return super().get_content_height(container, viewport, width)
