"""The Interview screen (practice): conversation, multi-line answer box, side panel; the session runs in workers."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from interviewer.i18n import Texts
from interviewer.tui.localize import localize_bindings
from interviewer.tui.messages import Failed, failure_text
from interviewer.tui.screens.confirm import ConfirmModal
from interviewer.tui.view_state import session_view
from interviewer.turns import active_seconds
from interviewer.tui.widgets.answer_input import AnswerInput
from interviewer.tui.widgets.conversation_log import ConversationLog
from interviewer.tui.widgets.side_panel import SidePanel


class Opened(Message):
    """The session exists; `turns` are every turn so far (the last one is the question waiting).

    `elapsed` is the interview time a resumed session had already run, so its clock goes on from there.
    """

    def __init__(self, session, turns, view, notices, elapsed: float = 0.0) -> None:
        super().__init__()
        self.session, self.turns, self.view, self.notices = session, turns, view, notices
        self.elapsed = elapsed


class Piece(Message):
    """A piece of the interviewer's reply, as it streams in."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class Answered(Message):
    """Session.answer returned: the TurnResult and a fresh SessionView."""

    def __init__(self, result, view) -> None:
        super().__init__()
        self.result, self.view = result, view


class Closed(Message):
    """The finished session is scored and saved."""

    def __init__(self, transcript, path) -> None:
        super().__init__()
        self.transcript, self.path = transcript, path


class InterviewBase(Screen):
    """What practice and co-pilot share: opening the session, sending answers, streaming, finishing."""

    AUTO_FOCUS = "#answer"
    mode = "practice"
    # Catalogue keys of the conversation's labels and the answer box's placeholder.
    interviewer_key = "interview.interviewer"
    candidate_key = "interview.you"
    placeholder_key = "interview.placeholder"
    feedback_default = False
    grid = False

    def __init__(self, new: tuple | None = None, restore: str | None = None, lang: str | None = None) -> None:
        super().__init__()
        self.new, self.restore = new, restore
        self.T = Texts(lang or (new[2].lang if new else self.app.lang))
        localize_bindings(self, self.T)
        self.session = None  # only workers call its methods
        self.busy = True
        self.finished = False
        self.started_at = 0.0
        self.pending_entry = None
        self.end_asked = False  # "end" confirmed while a reply was on its way: sent once it lands

    @property
    def interviewer_label(self) -> str:
        return self.T(self.interviewer_key)

    @property
    def candidate_label(self) -> str:
        return self.T(self.candidate_key)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="interview-main"):
            with Vertical(id="conversation-col"):
                yield ConversationLog(id="log")
                yield Static(Text(self.T("interview.thinking"), style="italic"), id="thinking")
                yield AnswerInput(self.T(self.placeholder_key), blink=self.app.blink, id="answer")
            yield SidePanel(feedback=self.feedback_default, grid=self.grid, lang=self.T.lang, id="side")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.T.mode(self.mode)
        self.started_at = self.app.clock()
        self._tick()
        self.set_interval(1.0, self._tick)
        self._set_busy(True)
        self.open_session()

    def _tick(self) -> None:
        self.query_one(SidePanel).set_elapsed(self.app.clock() - self.started_at)

    def _set_busy(self, busy: bool) -> None:
        self.busy = busy
        self.query_one("#thinking").display = busy
        self.query_one(SidePanel).border_subtitle = self.T("interview.thinking_short") if busy else ""

    # ------------------------------------------------------------------ workers

    @work(thread=True, exclusive=True, group="session")
    def open_session(self) -> None:
        services = self.app.services
        try:
            if self.restore:
                session = services.restore(self.restore)
            else:
                pack, resume, plan = self.new
                session = services.new_session(pack, resume, plan, self.mode)
            first = session.start()
            turns = [t.model_copy() for t in session.transcript.turns]
            # A new session's clock starts at the first paint of this screen; a resumed one goes on from its turns.
            elapsed = active_seconds(session.transcript.created_at, turns) if self.restore else 0.0
            self.post_message(Opened(session, turns, session_view(session), first.notices, elapsed))
        except Exception as e:  # noqa: BLE001 - shown, never raised into the app
            self.post_message(Failed(failure_text(e, self.T.lang)))

    @work(thread=True, exclusive=True, group="session")
    def run_answer(self, session, text: str) -> None:
        try:
            result = session.answer(text, on_text=lambda piece: self.post_message(Piece(piece)))
            self.post_message(Answered(result, session_view(session)))
            if result.finished:
                self._close(session)
        except Exception as e:  # noqa: BLE001
            self.post_message(Failed(failure_text(e, self.T.lang)))

    @work(thread=True, exclusive=True, group="session")
    def run_close(self, session) -> None:
        try:
            self._close(session)
        except Exception as e:  # noqa: BLE001
            self.post_message(Failed(failure_text(e, self.T.lang)))

    def _close(self, session) -> None:
        """Score, save and post Closed; a session its file could not take goes to a rescue copy, said loudly."""
        transcript = session.close()
        store = session.store
        if store is not None and store.unsaved:
            store.rescue(transcript)
            # Still asked about at ctrl+q (and saved again if the disk came back) once this screen is gone.
            self.app.ended_unsaved.append(session)
            self.post_message(Failed(store.failure_message()))
        self.post_message(Closed(transcript, store.path if store else None))

    def on_unmount(self) -> None:
        # The session's lock goes with its screen: another interviewer (or a resume) may open it now.
        if self.session is not None and self.session.store is not None:
            self.session.store.release()

    # ------------------------------------------------------------------ handlers

    def on_opened(self, message: Opened) -> None:
        self.session = message.session
        self.started_at = self.app.clock() - message.elapsed
        self._tick()
        log = self.query_one(ConversationLog)
        for turn in message.turns:
            self._add_turn(log, turn, pending=turn is message.turns[-1] and not message.view.finished)
        self._after_turn(message.view, message.notices)
        if message.view.finished:
            self.run_close(self.session)

    def on_piece(self, message: Piece) -> None:
        self.query_one(ConversationLog).stream_piece(self.interviewer_label, message.text)

    def on_answered(self, message: Answered) -> None:
        result = message.result
        log = self.query_one(ConversationLog)
        if result.candidate is None:
            if result.interviewer is not None and not result.notices:
                log.add("interviewer", self.T("interview.again", label=self.interviewer_label), result.interviewer.text)
        elif result.interviewer is not None:
            entry = log.finish_stream(self.label_for(result.interviewer, pending=not result.finished),
                                      result.interviewer.text)
            self.pending_entry = entry
        self._after_turn(message.view, result.notices)
        if result.finished:
            self._set_busy(True)
            self.query_one("#thinking", Static).update(Text(self.T("interview.saving"), style="italic"))

    def on_closed(self, message: Closed) -> None:
        self._set_busy(False)
        self.app.show_report(message.transcript, message.path, replace=True)

    def on_failed(self, message: Failed) -> None:
        self._set_busy(False)
        self.notify(message.text, severity="error", markup=False, timeout=10)
        if self.session is None:
            self.app.pop_screen()
        else:
            self._end_if_asked()

    def on_answer_input_submitted(self, message: AnswerInput.Submitted) -> None:
        self.send(message.text)

    def _after_turn(self, view, notices) -> None:
        self.finished = view.finished
        self.query_one(SidePanel).show(view)
        for note in notices:
            self.notify(note, severity="warning", markup=False, timeout=8)
        self._set_busy(False)
        self._end_if_asked()

    def _end_if_asked(self) -> None:
        if self.end_asked and not self.finished:
            self.end_asked = False
            self.send("/end")

    def _add_turn(self, log: ConversationLog, turn, pending: bool = False):
        if turn.role == "candidate":
            return log.add("candidate", self.candidate_label, turn.text)
        entry = log.add("interviewer", self.label_for(turn, pending), turn.text)
        if pending:
            self.pending_entry = entry
        return entry

    def label_for(self, turn, pending: bool) -> str:
        return self.interviewer_label

    def note_text(self, text: str) -> str:
        """What is sent for the typed `text` (practice: the text itself)."""
        return text

    # ------------------------------------------------------------------ sending

    def send(self, text: str) -> bool:
        """Hand `text` (an answer or a /command) to the session; False when it cannot be sent now."""
        if self.session is None or self.busy:
            self.notify(self.T("interview.busy"), markup=False)
            return False
        if self.finished:
            self.notify(self.T("interview.ended"), markup=False)
            return False
        from interviewer.session import MAX_ANSWER_CHARS
        from interviewer.textutil import strip_controls

        size = len(strip_controls(text).strip())
        if size > MAX_ANSWER_CHARS:
            # Refused here, before the box is cleared: the session would refuse it and the paste would be gone.
            self.notify(self.T("interview.too_long", size=f"{size:,}", limit=f"{MAX_ANSWER_CHARS:,}"),
                        severity="warning", markup=False, timeout=10)
            return False
        answer = self.query_one(AnswerInput)
        if answer.text.strip() == text:
            answer.clear()
        text = self.note_text(text)
        if text.split()[0].lower() != "/repeat":
            self.query_one(ConversationLog).add("candidate", self.candidate_label, text)
        self._set_busy(True)
        self.run_answer(self.session, text)
        return True

    def action_send(self) -> None:
        if not self.query_one(AnswerInput).submit():
            self.notify(self.T("interview.type_first"), markup=False)

    def action_command(self, command: str) -> None:
        self.send(command)

    def action_end(self) -> None:
        if self.session is None or self.finished:
            return

        def confirmed(yes: bool | None) -> None:
            # While a reply is on its way the session cannot take "/end"; refusing it would leave the interview
            # going on after the candidate said to end it, so it is sent as soon as the reply lands.
            if yes and self.busy and not self.finished:
                self.end_asked = True
            elif yes:
                self.send("/end")

        self.app.push_screen(ConfirmModal(self.T("interview.end_confirm"), yes=self.T("interview.end")), confirmed)

    feedback_words = ("interview.feedback_on", "interview.feedback_off")

    def action_toggle_feedback(self) -> None:
        side = self.query_one(SidePanel)
        side.set_feedback(not side.feedback)
        on, off = self.feedback_words
        self.notify(self.T(on if side.feedback else off), timeout=2, markup=False)


class InterviewScreen(InterviewBase):
    """Practice: the candidate answers; feedback is off until ctrl+f."""

    BINDINGS = [
        Binding("ctrl+s", "send", "send"),
        Binding("ctrl+n", "command('/skip')", "skip"),
        Binding("ctrl+t", "command('/hint')", "hint"),
        Binding("ctrl+r", "command('/repeat')", "repeat"),
        Binding("ctrl+g", "end", "end"),
        Binding("ctrl+f", "toggle_feedback", "feedback"),
    ]
