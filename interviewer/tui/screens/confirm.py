"""A yes/no question as a modal that returns a bool."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button

from interviewer.tui.localize import localize_bindings
from interviewer.tui.widgets.wrap_text import WrapText


class ConfirmModal(ModalScreen[bool]):
    """Ask `question`; dismiss(True) on yes, dismiss(False) on no or escape."""

    BINDINGS = [
        Binding("y", "answer(True)", "yes"),
        Binding("n,escape", "answer(False)", "no"),
    ]

    def __init__(self, question: str, yes: str | None = None, no: str | None = None, danger: bool = False) -> None:
        super().__init__()
        self.question = question
        self.yes, self.no, self.danger = yes, no, danger

    def compose(self) -> ComposeResult:
        T = self.app.T
        localize_bindings(self, T)
        with Vertical(classes="modal-box"):
            yield WrapText(Text(self.question), classes="modal-text")
            with Horizontal(classes="modal-buttons"):
                yield Button(T("common.key", label=self.yes or T("common.yes"), key="y"), id="yes",
                             variant="error" if self.danger else "primary")
                yield Button(T("common.key", label=self.no or T("common.no"), key="n"), id="no")

    def on_mount(self) -> None:
        self.query_one("#no" if self.danger else "#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)
