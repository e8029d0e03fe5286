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


class OwnerExists(MemoireError):
    """`memoire owner init` found an owner already: replacing one must be asked for."""

    code = "owner_exists"


class AuthorizationRefused(MemoireError):
    """An OAuth sign-in refused before the app could be trusted with a redirect (it cannot
    be identified, its redirect URI is not allowed) or while too many requests wait: the
    person at the browser gets a page saying why (`status`), the app gets no redirect."""

    code = "authorization_refused"

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class RegistrationRefused(MemoireError):
    """A dynamic client registration the bridge will not accept (RFC 7591 error code)."""

    code = "registration_refused"

    def __init__(self, error: str, message: str) -> None:
        super().__init__(message)
        self.error = error


class NoteLocked(MemoireError):
    """A sensitive note stored encrypted that this bridge cannot open: no key, or damaged."""

    code = "note_locked"


class MemoryKeyUnusable(MemoireError):
    """The memory key file cannot be used safely: nothing was read or written with it."""

    code = "memory_key_unusable"


class DamagedIndex(MemoireError):
    """Git's index of the working tree cannot be read: nothing was written."""

    code = "damaged_index"


class UnusableStateFile(MemoireError):
    """One of memoire's own files (configuration, tokens, auth database, attributes) is a
    link, FIFO, folder or device, far too large or damaged: it was neither read nor written."""

    code = "unusable_state_file"
