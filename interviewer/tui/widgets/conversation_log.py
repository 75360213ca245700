"""The conversation: one entry per turn, the interviewer's text growing as it streams in."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll

from interviewer.tui.widgets.wrap_text import WrapText

class Entry(WrapText):
    """One turn: a role line and the text (plain text, never markup: answers are untrusted)."""

    def __init__(self, role: str, label: str, text: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.role = role
        self.label = label
        self.text = text
        self.add_class(f"-{role}")
        self._paint()

    def _paint(self) -> None:
        body = Text(self.text or "…")
        if self.text.startswith("/") and self.role == "candidate":
            body.stylize("italic dim")
        self.update(Text.assemble((self.label, "bold"), "\n", body))

    def append(self, piece: str) -> None:
        self.text += piece
        self._paint()

    def set(self, text: str, label: str | None = None) -> None:
        self.text = text
        if label is not None:
            self.label = label
        self._paint()


class ConversationLog(VerticalScroll):
    """Entries in order; keeps the newest one in view, also when the terminal is resized."""

    can_focus = False

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._stream: Entry | None = None

    def on_mount(self) -> None:
        # Anchored, Textual keeps the view at the bottom whenever the entries re-wrap (a resize made the scroll
        # position point into older turns, or clamp to the top); scrolling up by hand releases the anchor and
        # the view stays where the reader put it until the next turn arrives.
        self.anchor()

    def add(self, role: str, label: str, text: str) -> Entry:
        entry = Entry(role, label, text)
        self.mount(entry)
        self.call_after_refresh(self.scroll_end, animate=False)
        return entry

    def stream_piece(self, label: str, piece: str) -> None:
        """Append a streamed piece, starting a new interviewer entry on the first one."""
        if self._stream is None:
            self._stream = self.add("interviewer", label, "")
        self._stream.append(piece)
        self.call_after_refresh(self.scroll_end, animate=False)

    def finish_stream(self, label: str, text: str) -> Entry:
        """Settle the streamed entry on the turn's final text (the same words), or add it if nothing streamed."""
        entry, self._stream = self._stream, None
        if entry is None:
            return self.add("interviewer", label, text)
        entry.set(text, label)
        return entry

    def entries(self) -> list[Entry]:
        return list(self.query(Entry))

    def plain(self) -> str:
        """Every entry as text, for tests and for copying."""
        return "\n\n".join(f"{e.label}\n{e.text}" for e in self.entries())
