"""A one-line text prompt as a modal that returns the text, or None when cancelled."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from interviewer.tui.localize import localize_bindings


class PromptModal(ModalScreen[str | None]):
    """Ask for a line (an export path, an edited question); Enter returns it, escape returns None."""

    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, value: str = "", hint: str | None = None) -> None:
        super().__init__()
        self.title_text, self.value, self.hint = title, value, hint

    def compose(self) -> ComposeResult:
        localize_bindings(self, self.app.T)
        with Vertical(classes="modal-box"):
            yield Static(Text(self.title_text, style="bold"), classes="modal-text")
            yield Input(value=self.value, id="prompt-input")
            yield Static(Text(self.hint or self.app.T("common.confirm_hint"), style="dim"), classes="modal-hint")

    def on_mount(self) -> None:
        box = self.query_one(Input)
        box.cursor_blink = getattr(self.app, "blink", True)
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        value = event.value.strip()
        self.dismiss(value or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
