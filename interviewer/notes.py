"""Co-pilot notes read as notes: the manager's lead-in ("候选人说：", "Candidate said:", "C:") is not the answer.

A note is stored, scored and quoted back without it, so a suggestion never reads "「候选人说：用 torchrun」".
"""

from __future__ import annotations

import re

# Who spoke, then a verb of saying, then a colon or comma (optional in Chinese: "他说用 torchrun…").
# "他说明了…" ("he explained") keeps its words: 说 followed by 明 is another verb.
_ZH = re.compile(r"^\s*(?:候选人|面试者|对方|他|她|ta|TA)\s*(?:说|讲|提到|回答|答|表示)(?!明)了?\s*[:：,，]?\s*")
_ZH_LABEL = re.compile(r"^\s*(?:候选人|面试者|回答|答)\s*[:：]\s*")
_EN = re.compile(r"^\s*(?:(?:the\s+)?candidate|he|she|they)\s+(?:said|says|mentioned|answered|replied)"
                 r"(?:\s+that)?\s*[:,]?\s*", re.I)
_EN_LABEL = re.compile(r"^\s*(?:candidate|answer|cand|c|a)\s*:\s*", re.I)


def strip_lead_in(line: str) -> str:
    """One line without its lead-in; a line that is nothing but a lead-in is kept as it was."""
    for pattern in (_ZH_LABEL, _ZH, _EN_LABEL, _EN):
        m = pattern.match(line)
        if m and line[m.end():].strip():
            return line[m.end():]
    return line


def clean_note(text: str) -> str:
    """The note with every line's lead-in removed ("C: used torchrun" → "used torchrun")."""
    return "\n".join(strip_lead_in(line) for line in text.split("\n")).strip()
