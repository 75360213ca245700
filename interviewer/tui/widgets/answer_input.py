"""The multi-line answer box: Enter adds a line; the screen's send key (ctrl+s) posts Submitted."""

from __future__ import annotations

from textual.message import Message
from textual.strip import Strip
from textual.widgets import TextArea


class RoomyTextArea(TextArea):
    """A TextArea that draws nothing when it has no room instead of raising.

    Textual 8.2.8 wraps an empty box's placeholder at the content width, and a width of 0 (a terminal
    shrunk until the box is all border) raises ValueError from rich's chop_cells, which ends the app.
    """

    def render_line(self, y: int) -> Strip:
        if self.content_size.width <= 0:
            return Strip.blank(max(self.content_size.width, 0), self.rich_style)
        return super().render_line(y)


class AnswerInput(RoomyTextArea):
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
