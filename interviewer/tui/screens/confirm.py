"""A yes/no question as a modal that returns a bool."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button

from interviewer.tui.widgets.wrap_text import WrapText



class ConfirmModal(ModalScreen[bool]):
    """Ask `question`; dismiss(True) on yes, dismiss(False) on no or escape."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No", danger: bool = False) -> None:
        super().__init__()
        self.question = question
        self.yes, self.no, self.danger = yes, no, danger

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield WrapText(Text(self.question), classes="modal-text")
            with Horizontal(classes="modal-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error" if self.danger else "primary")
                yield Button(f"{self.no} (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#no" if self.danger else "#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)
