"""The one exception family the CLI and TUI print as a single line, never a traceback."""


class InterviewerError(Exception):
    """A problem the user can act on: `message` names the file or field at fault."""

    title = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class SkillError(InterviewerError):
    title = "skill pack"


class ResumeError(InterviewerError):
    title = "résumé"


class TranscriptError(InterviewerError):
    title = "transcript"


class ConfigError(InterviewerError):
    title = "configuration"


class ProviderError(InterviewerError):
    """A provider could not be used (missing key, unknown name); not a failed turn."""

    title = "provider"


class MissingKeyError(ProviderError):
    def __init__(self, provider: str, env_var: str) -> None:
        super().__init__(f"the {provider} provider needs an API key: set {env_var}")
        self.env_var = env_var
