"""Pick one of a few options as a modal that returns the option's id, or None."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from interviewer.tui.localize import localize_bindings


class ChoiceModal(ModalScreen[str | None]):
    """Options as (id, title, detail); Enter or a click picks one, escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, options: list[tuple[str, str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.options = options

    def compose(self) -> ComposeResult:
        localize_bindings(self, self.app.T)
        with Vertical(classes="modal-box"):
            yield Static(Text(self.title_text, style="bold"), classes="modal-text")
            yield OptionList(*[Option(Text.assemble((title, "bold"), ("\n" + detail, "dim") if detail else ""), id=oid)
                               for oid, title, detail in self.options], id="choices")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
