"""The Textual terminal UI; imported only by `interviewer tui`, never by the headless core."""
