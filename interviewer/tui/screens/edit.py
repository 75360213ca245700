"""A multi-line text box as a modal that returns the edited text, or None when cancelled."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static, TextArea

from interviewer.tui.localize import localize_bindings


class EditModal(ModalScreen[str | None]):
    """Edit a longer text (a suggested question): it wraps instead of scrolling sideways; Enter adds a line,
    ctrl+s saves, escape cancels."""

    BINDINGS = [
        Binding("ctrl+s", "save", "save", priority=True),
        Binding("escape", "cancel", "cancel"),
    ]

    def __init__(self, title: str, value: str = "") -> None:
        super().__init__()
        self.title_text, self.value = title, value

    def compose(self) -> ComposeResult:
        localize_bindings(self, self.app.T)
        with Vertical(classes="modal-box", id="edit-box"):
            yield Static(Text(self.title_text, style="bold"), classes="modal-text")
            area = TextArea(self.value, soft_wrap=True, tab_behavior="focus", show_line_numbers=False,
                            id="edit-text")
            area.cursor_blink = getattr(self.app, "blink", True)
            yield area
            yield Static(Text(self.app.T("common.edit_hint"), style="dim"), classes="modal-hint")

    def on_mount(self) -> None:
        area = self.query_one(TextArea)
        area.focus()
        area.move_cursor(area.document.end)

    def action_save(self) -> None:
        value = self.query_one(TextArea).text.strip()
        self.dismiss(value or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
