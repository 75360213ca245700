"""A level 1–4 drawn as a bar, with "not assessed" for None (never a zero)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

LEVEL_STYLES = {1: "bold red", 2: "bold yellow", 3: "bold green", 4: "bold cyan"}


def level_text(level: int | None, cells: int = 2, label: str = "") -> Text:
    """`████░░░░ label` (`2/4` without a label), or dots and "not assessed"; `cells` is one level's width."""
    if level is None:
        return Text.assemble(("·" * (4 * cells), "dim"), " ", (label or "not assessed", "dim italic"))
    level = max(1, min(4, level))
    return Text.assemble(("█" * (level * cells), LEVEL_STYLES[level]), ("░" * ((4 - level) * cells), "dim"),
                         " ", (label, "bold") if label else (f"{level}/4", "bold"))


class LevelBar(Static):
    """A topic's level as a bar (used by the report and the co-pilot grid)."""

    DEFAULT_CSS = "LevelBar { height: auto; }"

    def __init__(self, level: int | None, label: str = "", **kwargs) -> None:
        super().__init__(level_text(level, label=label), **kwargs)
        self.level = level
