"""The help screen: the key bindings of every screen, read from help.zh.md or help.en.md beside this file."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from interviewer.tui.localize import localize_bindings

def help_file(lang: str) -> Path:
    """The key reference in the interface language: help.zh.md or help.en.md beside this file."""
    return Path(__file__).with_name(f"help.{lang}.md")


class HelpScreen(ModalScreen[None]):
    """Key bindings and what each screen does; escape, q, ? or F1 closes it."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "close")]

    def compose(self) -> ComposeResult:
        localize_bindings(self, self.app.T)
        with VerticalScroll(id="help-body", classes="modal-box"):
            yield Markdown(help_file(self.app.lang).read_text(encoding="utf-8"), id="help-text")

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
