"""Messages the workers post back to the screens, and the one-line wording of a failure."""

from __future__ import annotations

from textual.message import Message

from interviewer.errors import InterviewerError


def failure_text(exc: BaseException, lang: str = "en") -> str:
    """A failure as one line the user can act on (never a traceback).

    The program's own errors name a file or a field and stay as the core words them.
    """
    from interviewer.i18n import text

    if isinstance(exc, InterviewerError):
        return exc.message
    if isinstance(exc, NotImplementedError):
        return text(lang, "app.not_available")
    return text(lang, "app.unexpected", kind=type(exc).__name__, detail=" ".join(str(exc).split())[:200])


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
