"""Messages the workers post back to the screens, and the one-line wording of a failure."""

from __future__ import annotations

from textual.message import Message

from interviewer.errors import InterviewerError


def failure_text(exc: BaseException) -> str:
    """A failure as one line the user can act on (never a traceback)."""
    if isinstance(exc, InterviewerError):
        return exc.message
    if isinstance(exc, NotImplementedError):
        return "this part of interviewer is not available in this build yet"
    return f"unexpected {type(exc).__name__}: {' '.join(str(exc).split())[:200]}"


class Failed(Message):
    """A worker could not finish; `text` is shown as an error notification."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class Done(Message):
    """A worker finished; `value` is its result, `what` says which job it was."""

    def __init__(self, what: str, value=None) -> None:
        super().__init__()
        self.what = what
        self.value = value
