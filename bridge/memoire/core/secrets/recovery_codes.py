"""Recovery and backup codes, kept for when a second factor is lost, in two layouts:

- recovery and backup codes listed under a heading that names them ("Google backup codes for
  the clinic gmail⏎4819 2271⏎6604 9938", "Code de récupération Microsoft⏎Q7RX-2MPK-…"): each
  code a group of digits and letters with at least one digit; codes of six or seven characters
  ("K8M2Q1") count three or more together, not sharing one prefix (a model's numbers); a
  heading without a recovery word (a bus timetable, prices, order numbers) gives none, and
  "XXXX-XXXX" is an example. A bare "backup:" or "recovery:" ("Microsoft account (Xbox)
  recovery: KX4R7-…", "2FA backup: 19284-55017 / 66310-09822") gives a grouped key or codes set
  apart; a sheet kept offline ("emergency sheet", "feuille d'urgence", "à garder hors ligne")
  names them too; one-time codes may be two groups of three digits ("661 204");
- recovery codes under a service's name alone ("GitHub (jdoe-dev)⏎4f2a1-9c7e0⏎b81d3-06fa2⏎…",
  in a code fence or bulleted): three or more of one shape, their groups mixing letters and
  digits as a generator does, under a heading that names no list of numbers; a list of parts,
  orders, rooms, batches, postcodes, flights or a chess game's moves gives none.

Each reads only the lines holding one of its literals, found once per note (text.positions).
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.text import end_of_line, lines_with, start_of_line

_RECOVERY_HEADING = re.compile(
    r"(?<![^\W_])(?:(?:backup|recovery|emergency|rescue|one[- ]time)[ ](?:\w+[ ])?(?:codes?|keys?)"
    r"|codes?[ ](?:de[ ])?(?:secours|récupération|recuperation|r[ée]cup)"
    r"|cl[ée]f?s?[ ]de[ ](?:récupération|recuperation|secours)"
    r"|(?:2fa|mfa|2sv|two-factor|two[ ]factor)[ ](?:backups?|recovery|emergency|secours|codes?)"
    r"|(?:two|2)[- ]step[ ](?:\w+[ ])?recovery|récupération[ ](?:\w+[ ])?(?:en[ ])?deux[ ]étapes"
    r"|codes?[ ]à[ ]usage[ ]unique|codes?[ ]de[ ](?:sauvegarde|connexion[ ]de[ ]secours)"
    r"|codes?[ ](?:2fa|mfa|a2f|2sv)|(?:a2f|double[ ]authentification)[ ](?:\w+[ ])?codes?"
    r"|(?:two|2)[- ](?:step|factor)[ ](?:\w+[ ])?codes?"
    r"|(?:backup|recovery)[ ](?:for|pour)[ ]\w+"
    r"|emergency[ ](?:sheet|kit|list)|keep[ ](?:it[ ]|them[ ])?offline|print(?:ed)?[ ]and[ ]keep"
    r"|feuille[ ]d['’]urgence|(?:à[ ]garder[ ])?hors[ ]ligne|à[ ]imprimer"
    r"|(?P<bare>(?:backups?|recovery|secours|récupération|recuperation)"
    r"(?=(?:[ ]\([^()\n]{1,30}\))?[ \t]*(?::|$))))(?![^\W_])"
)
_RECOVERY_LITERALS = ("backup", "recovery", "emergency", "rescue", "one-time", "one time")
_RECOVERY_LITERALS_FR = ("secours", "récup", "recup", "usage unique", "d'urgence", "d’urgence")
_RECOVERY_LITERALS_2FA = ("sauvegarde", "2fa", "mfa", "a2f", "2sv", "step", "factor", "double auth")
_RECOVERY_LITERALS_KEPT = ("offline", "hors ligne", "imprimer", "and keep")
# A code: groups of digits and letters, 8 characters or more, most groups with a digit.
_CODE = re.compile(
    r"(?=[\w -]*[0-9])(?:[0-9a-z]{4,8}(?:[ -][0-9a-z]{4,8}){1,7}|[0-9a-z]{8,16}"
    r"|[0-9]{6}(?:-[0-9]{6}){7})",
    re.I,
)
# A short code, listed with others only: six or seven letters and digits mixed, or digits
# ("661 204": a driver app's one-time codes in two groups of three).
_SHORT_CODE = re.compile(
    r"(?=[a-z]*[0-9])(?=[0-9]*[a-z])[0-9a-z]{6,7}|[0-9]{6,7}|[0-9]{3}[ ][0-9]{3}", re.I
)
_MIN_SHORT_LISTED = 3
# A list's item mark: a bullet, "1.", "A1 –", "#2 -", "a1:".
_ITEM = re.compile(
    r"[ \t]*(?:[-*•][ \t]*|[0-9]{1,2}[.)][ \t]+|#?[a-z]{0,2}[0-9]{1,2}[ \t]+[–—-][ \t]+"
    r"|[a-z]{1,2}[0-9]{1,2}[ \t]*[:.)][ \t]*)?",
    re.I,
)
_MIN_LISTED = 2  # one code alone under a heading may be an order number; a key needs no list
_KEY_GROUPS = 4  # "Q7RX-2MPK-8VWL-4HTN-6JCB": one grouped key is a recovery key
_MAX_HEADING = 100


def find_recovery_codes(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    literals = (
        *_RECOVERY_LITERALS,
        *_RECOVERY_LITERALS_FR,
        *_RECOVERY_LITERALS_KEPT,
        *_RECOVERY_LITERALS_2FA,
    )
    for line_start, line_end in lines_with(lower, literals):
        heading = _RECOVERY_HEADING.search(lower, line_start, line_end)
        if heading is None or line_end - line_start > _MAX_HEADING:
            continue
        same_line = list(_codes_on_the_heading_line(text, heading, line_end))
        if same_line:
            yield from same_line
            continue
        yield from _codes_listed_under(text, line_end)
    yield from _unnamed_code_lists(text)


def _codes_on_the_heading_line(
    text: str, heading: re.Match[str], line_end: int
) -> Iterator[tuple[str, int, int]]:
    """ "Steam recovery codes: K8M2-Q1X9", "2FA backup: 19284-55017 / 66310-09822": a code, or
    codes apart; after a bare "backup:" or "recovery:" ("Microsoft account (Xbox) recovery:"),
    one grouped key or several codes only (a drive's model or a date is one value)."""
    spans = _codes_at(text, heading.end(), line_end)
    if spans and (
        heading["bare"] is None
        or len(spans) > 1
        or _is_grouped_key(text[spans[0][0] : spans[0][1]])
    ):
        for start, end in spans:
            yield ("recovery-code", start, end)


_APART = re.compile(r"[ \t]*(?:/|,|;|\||·|•|—|–)[ \t]*")
# Short codes set apart, three or more: "54-18 / 77-02 / 90-36", "118 402 · 957 213".
_SHORT_APART = re.compile(r"[0-9]{2,3}-[0-9]{2,3}|[0-9]{3}[ ][0-9]{3}")
_MIN_SHORT_APART = 3
_SPACES = re.compile(r"[ \t]+")


def _codes_at(text: str, start: int, line_end: int) -> list[tuple[int, int]]:
    """The code filling the rest of the heading's line after a colon, or codes set apart."""
    whole = _code_at(text, start, line_end, after_heading=True)
    if whole is not None:
        return [whole]
    colon = re.match(r"[^:\n]{0,40}?:[ \t]*", text[start:line_end])
    return [] if colon is None else _codes_apart(text, start + colon.end(), line_end)


def _codes_apart(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Codes set apart by "/", ",", ";", "|", "·" or a dash, or by spaces when each is a
    dashed pair ("84-22 19-07 63-51"): each a code, or each a short code, three or more."""
    end = start + len(text[start:end].rstrip())
    pieces = [*_APART.finditer(text, start, end), None]
    if len(pieces) == 1:
        pieces = [*_SPACES.finditer(text, start, end), None]
    spans: list[tuple[int, int]] = []
    position = start
    for separator in pieces:
        stop = end if separator is None else separator.start()
        value = text[position:stop].strip()
        first = position + len(text[position:stop]) - len(text[position:stop].lstrip())
        spans.append((first, first + len(value)))
        if separator is not None:
            position = separator.end()
    values = [text[a:b] for a, b in spans]
    if len(values) < _MIN_LISTED or any(_is_example(value) for value in values):
        return []
    if all(_CODE.fullmatch(value) for value in values):
        return spans
    short = all(_SHORT_APART.fullmatch(value) for value in values)
    return spans if short and len(values) >= _MIN_SHORT_APART else []


def _codes_listed_under(text: str, heading_end: int) -> Iterator[tuple[str, int, int]]:
    codes: list[tuple[int, int]] = []
    position = heading_end + 1
    while position < len(text):
        line_end = end_of_line(text, position)
        if text[position:line_end].strip() == "":
            if codes:
                break
            position = line_end + 1
            continue
        item = _ITEM.match(text, position)
        span = _code_at(text, item.end() if item else position, line_end, after_heading=False)
        if span is None and not codes:
            codes = _codes_apart(text, position, line_end)  # "402 118 — 937 560 — 615 004"
            break
        if span is None:
            break
        codes.append(span)
        position = line_end + 1
    values = [text[start:end] for start, end in codes]
    if any(_SHORT_CODE.fullmatch(value) for value in values) and not _is_short_code_list(values):
        return
    if len(codes) >= _MIN_LISTED or (codes and _is_grouped_key(values[0])):
        for start, end in codes:
            yield ("recovery-code", start, end)


def _is_short_code_list(values: list[str]) -> bool:
    """Codes of six or seven characters ("K8M2Q1", "482913") are codes only three or more
    together, not one model's numbers ("HP4015", "HP4250": one prefix)."""
    return len(values) >= _MIN_SHORT_LISTED and len({value[:2].lower() for value in values}) > 1


def _code_at(
    text: str, start: int, line_end: int, *, after_heading: bool
) -> tuple[int, int] | None:
    """A code filling the rest of its line; after a heading on its line, after a colon."""
    rest = text[start:line_end]
    if after_heading:
        colon = re.match(r"[^:\n]{0,40}?:[ \t]*", rest)
        if colon is None:
            return None
        start += colon.end()
        rest = text[start:line_end]
    value = rest.strip()
    shaped = _CODE.fullmatch(value) or (not after_heading and _SHORT_CODE.fullmatch(value))
    if not value or not shaped or _is_example(value):
        return None
    first = start + len(rest) - len(rest.lstrip())
    return first, first + len(value)


def _is_grouped_key(value: str) -> bool:
    return len(re.split(r"[ -]", value)) >= _KEY_GROUPS or len(value) >= 16


def _is_example(value: str) -> bool:
    """ "XXXX-XXXX", "1234 5678", "0000-0000": documentation, not a code; a code mixes."""
    letters = {char for char in value.lower() if char.isalnum()}
    digits = "".join(char for char in value if char.isdigit())
    groups = re.split(r"[ -]", value)
    worded = sum(not any(map(str.isdigit, group)) for group in groups)
    return (
        letters <= {"x", "0"}
        or (all(map(str.isdigit, groups)) and len(set(digits)) < 3)
        or "12345" in digits
        or 2 * worded > len(groups)
        or any(group[:1].isupper() and group[1:].islower() for group in groups)
    )


# --- codes listed under a service's name alone ---------------------------------------------------

# "GitHub (jdoe-dev)⏎4f2a1-9c7e0⏎b81d3-06fa2⏎7e5c9-d340b", "Discord⏎```⏎3j8q-7kzp⏎…": a line
# of two or three groups of four or five letters and digits, alone, bulleted at most.
_LISTED_CODE = re.compile(
    r"[ \t]*(?:[-*•][ \t]*)?(?P<code>[0-9a-z]{4,5}(?:(?P<sep>[ -])[0-9a-z]{4,5}){1,2})[ \t]*",
    re.I,
)
_LONGEST_CODE_LINE = 40  # a longer line is no code's: prose's lines are skipped unread
_MIN_UNNAMED = 3
_FENCE = re.compile(r"[ \t]*(?:```|~~~)[\w-]*[ \t]*")
_HEADING_MOST_WORDS = 6
_HEADING_MOST_CHARACTERS = 60
# Headings of lists of numbers that are no secret: orders, parts, parcels, rooms, batches.
_NUMBERS_HEADING = re.compile(
    r"(?<![^\W_])(?:orders?|commandes?|parts?|pi[èe]ces?|refs?|r[ée]f[ée]rences?|skus?|articles?"
    r"|items?|products?|produits?|tracking|suivi|colis|parcels?|shipments?|batch\w*|lots?"
    r"|serials?|s[ée]ries?|models?|mod[èe]les?|invoices?|factures?|tickets?|bookings?"
    r"|r[ée]servations?|stock|inventory|inventaire|rooms?|salles?|chambres?|seats?|places?"
    r"|bus|lines?|lignes?|flights?|vols?|plates?|immatriculations?|registrations?|postcodes?"
    r"|postal|coupons?|promo|discount|vouchers?|bons?|numbers?|num[ée]ros?|n°|ids?|shelf"
    r"|[ée]tag[èe]res?|bins?|pallets?|palettes?|containers?|conteneurs?|cases?|caisses?"
    r"|commits?|hash(?:es)?|sha|checksums?|colou?rs?|couleurs?|hex|versions?|builds?|releases?"
    r"|tags?)"
    r"(?![^\W_])"
)
# A group made as an identifier is: letters then digits, digits then letters, or one kind only.
_STRUCTURED_GROUP = re.compile(r"[a-z]{1,3}[0-9]+|[0-9]+[a-z]{1,3}|[a-z]+|[0-9]+", re.I)
_CHESS_MOVE = re.compile(r"[a-h][1-8][a-h][1-8]")  # "e2e4 e7e5": a game's moves


def _unnamed_code_lists(text: str) -> Iterator[tuple[str, int, int]]:
    """Three codes or more, one per line, of one shape, their groups mixing letters and digits
    as a generator does (not "B104", "24A1-7781", nor one prefix for all), under a short
    heading that names no list of numbers (orders, parts, parcels, rooms, batches)."""
    runs: list[list[re.Match[str]]] = []
    previous_end = -1
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end == -1 else end
        found = (
            _LISTED_CODE.fullmatch(text, start, end) if end - start <= _LONGEST_CODE_LINE else None
        )
        if found is not None:
            if runs and previous_end == start - 1:
                runs[-1].append(found)
            else:
                runs.append([found])
            previous_end = end
        start = end + 1
    for run in runs:
        if len(run) >= _MIN_UNNAMED and _is_generated(run) and _under_a_name(text, run[0].start()):
            for found in run:
                yield ("recovery-code", *found.span("code"))


def _is_generated(run: list[re.Match[str]]) -> bool:
    codes = [found["code"] for found in run]
    shapes = {(found["sep"], tuple(map(len, re.split(r"[ -]", found["code"])))) for found in run}
    groups = [group for code in codes for group in re.split(r"[ -]", code)]
    mixed = sum(any(map(str.isdigit, group)) and any(map(str.isalpha, group)) for group in groups)
    structured = sum(
        all(_STRUCTURED_GROUP.fullmatch(group) for group in re.split(r"[ -]", code))
        for code in codes
    )
    prefixes = {code[:2].lower() for code in codes}
    return (
        not all(_CHESS_MOVE.fullmatch(group) for group in groups)
        and len(shapes) == 1
        and len(set(codes)) == len(codes)
        and len(prefixes) > 1
        and 2 * mixed > len(groups)
        and 2 * structured < len(codes)
    )


def _under_a_name(text: str, first: int) -> bool:
    """The line above the list (past a code fence) is short and names no list of numbers."""
    if first == 0:
        return False
    end = first - 1
    for _ in range(2):
        start = start_of_line(text, end - 1) if end > 0 else 0
        line = text[start:end].strip()
        if _FENCE.fullmatch(line) is None:
            words = line.split()
            return (
                1 <= len(words) <= _HEADING_MOST_WORDS
                and len(line) <= _HEADING_MOST_CHARACTERS
                and _NUMBERS_HEADING.search(line.lower()) is None
            )
        if start == 0:
            return False
        end = start - 1
    return False
