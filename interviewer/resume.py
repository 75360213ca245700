"""Résumé text (pasted, .txt, .md, .pdf) → Resume; pack rules → RuleMatch with verbatim evidence."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field

from interviewer.skills import SkillPack

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


def resume_from_text(text: str, source: str = "<pasted>") -> Resume:
    """Normalise pasted text; ResumeError when it is empty or too large."""
    raise NotImplementedError


def load_resume(path: str | Path) -> Resume:
    """Read a file ('-' = stdin): detect encoding, extract PDF text; ResumeError names the file."""
    raise NotImplementedError


def match_rules(pack: SkillPack, resume: Resume) -> list[RuleMatch]:
    """Every rule of the pack the résumé triggers, strongest first."""
    raise NotImplementedError
