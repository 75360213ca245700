"""The multi-line answer box: Enter adds a line; the screen's send key (ctrl+s) posts Submitted."""

from __future__ import annotations

from textual.message import Message
from textual.widgets import TextArea


class AnswerInput(TextArea):
    """A TextArea that hands its text to the screen and is cleared only when the screen accepts it."""

    class Submitted(Message):
        """The user sent `text` (already stripped, never empty)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, placeholder: str = "", blink: bool = True, **kwargs) -> None:
        super().__init__(soft_wrap=True, tab_behavior="focus", show_line_numbers=False,
                         highlight_cursor_line=False, placeholder=placeholder, **kwargs)
        self.cursor_blink = blink

    def submit(self) -> bool:
        """Post Submitted with the text; False when the box is empty."""
        text = self.text.strip()
        if not text:
            return False
        self.post_message(self.Submitted(text))
        return True
