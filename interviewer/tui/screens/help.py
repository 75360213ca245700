"""The help screen: the key bindings of every screen, read from help.md beside this file."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

HELP_FILE = Path(__file__).with_name("help.md")


class HelpScreen(ModalScreen[None]):
    """Key bindings and what each screen does; escape, q, ? or F1 closes it."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body", classes="modal-box"):
            yield Markdown(HELP_FILE.read_text(encoding="utf-8"), id="help-text")

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
