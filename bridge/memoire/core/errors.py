"""Refusals. Each one says what happened and what the caller should do next.

Adapters turn these into tool errors (MCP), HTTP statuses or exit codes; the text is
written for the model or person who will read it, so it always ends with the next step.
"""

from __future__ import annotations


class MemoireError(Exception):
    """A refusal: nothing was written, and the message says what to do next."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidPath(MemoireError):
    code = "invalid_path"


class NoteNotFound(MemoireError):
    """Also the answer for a note the caller may not see: the two must be indistinguishable."""

    code = "not_found"

    def __init__(self, path: str, hint: str = "") -> None:
        message = f"No note at {path} (missing, or not readable here)."
        super().__init__(f"{message} {hint}".strip())
        self.path = path


class ProtectedNote(MemoireError):
    code = "protected"


class AccessDenied(MemoireError):
    code = "forbidden"


class VersionConflict(MemoireError):
    """The note changed since the caller read it; carries the version to re-read."""

    code = "version_conflict"

    def __init__(self, message: str, current_version: str | None) -> None:
        super().__init__(message)
        self.current_version = current_version


class TooLarge(MemoireError):
    code = "too_large"


class SecretRefused(MemoireError):
    code = "secret"


class PassageNotFound(MemoireError):
    code = "passage_not_found"


class PassageNotUnique(MemoireError):
    code = "passage_not_unique"


class InvalidNote(MemoireError):
    code = "invalid_note"


class UncommittedChanges(MemoireError):
    """A person edited the note in the working tree without committing: theirs comes first."""

    code = "uncommitted_changes"


class LowDiskSpace(MemoireError):
    code = "low_disk_space"


class Contention(MemoireError):
    """Other writers kept committing first; the caller may simply try again."""

    code = "busy"


class InvalidArgument(MemoireError):
    code = "invalid_argument"


class MemoryMissing(MemoireError):
    code = "no_memory"


class RemoteUnavailable(MemoireError):
    """The shared remote did not answer: nothing is written locally alone, to avoid a split."""

    code = "remote_unavailable"


class OutcomeUnknown(MemoireError):
    """A write whose commit may or may not have become the branch: the caller must look."""

    code = "outcome_unknown"


class NothingToImport(MemoireError):
    """Every note an import planned is in the memory already: nothing to commit."""

    code = "nothing_to_import"


class NotAdoptable(MemoireError):
    """`memoire init` found something at the memory's place that it must not build on."""

    code = "not_adoptable"


class AddressUnavailable(MemoireError):
    """The bridge cannot listen where it was asked to: nothing was served."""

    code = "address_unavailable"


class SigningKeyUnusable(MemoireError):
    """The bridge's signing key cannot be read safely: nothing was written."""

    code = "signing_key_unusable"


class DamagedIndex(MemoireError):
    """Git's index of the working tree cannot be read: nothing was written."""

    code = "damaged_index"
