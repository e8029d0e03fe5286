"""A code given as a chat reply to someone asking about a door, a room, an alarm or a safe.

In a group chat the code comes back alone, and neither line says "code": "Tom 14:20: what's the
number for the extractor room⏎Meg 14:21: 7 2 0 8", "[05:48] Julien : l'alarme sonne⏎[05:49] Mme
Lecoq : 1 9 5 8 et tu appuies sur OFF", "Sam: stuck outside the bike store⏎Ana: 40917#". A
speaker's line that names a thing that locks (a door, a gate, a safe, an alarm, a shed, a
locker) or a room, and asks for something or says what is wrong (it rings, it won't open,
"I'm outside"), then the next speaker's reply (a dialogue's dashes stand for speakers: "— Et
pour le garage ?⏎— 8812"): digits typed one at a time (four to eight), or
spelt, or, for a thing that locks, a number of four to eight digits; then the end of the line,
a key to press or a remark.

What keeps the look-alikes out: a question about a time, a count, a price, a floor, a line or a
phone ("when does the alarm go off?", "how many rooms?", "which bus to the gate?") asks for no
code; a room's number or any number asked as a number ("what's the room number?") is a code only
typed one digit at a time; a year, a time, a price or a phone number in reply is what it looks
like.
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.layouts import lines_with
from memoire.core.secrets.place_codes import DIGIT_WORDS, LOCKING, PLACE_STEMS, ROOMS
from memoire.core.secrets.text import end_of_line

RULE = "chat-code"

# A speaker: a time or a date in brackets or before a dash, a name of up to three words, a time,
# then a colon; or a dialogue's dash, each line another speaker's: "— Et pour le garage ?⏎— 8812".
SPEAKER = re.compile(
    r"[ \t]*(?:>[ \t]*)?(?:[—–][ \t]+|(?:\[[^\]\n]{1,25}\][ \t]*"
    r"|(?:[0-9]{1,2}/[0-9]{1,2}/[0-9]{2,4},?[ ])?\(?[0-9]{1,2}[:h][0-9]{2}\)?[ \t]*-?[ \t]*)?"
    r"(?P<name>[^\W\d_][\w'’.-]{0,20}(?:[ ][^\W\d_][\w'’.-]{0,20}){0,2})"
    r"(?:[ \t]+\(?[0-9]{1,2}[:h.][0-9]{2}\)?)?[ \t]*(?::|[ ]-)[ \t]+)"
)
# Things that lock, and alarms and keypads; a room's number is no code, so rooms stand apart.
_THING = re.compile(
    rf"(?<![^\W_])(?:(?P<room>{ROOMS})|{LOCKING}|alarms?|alarmes?|keypads?|claviers?|bo[îi]tiers?"
    r"|lifts?|ascenseurs?|barri(?:er|ère)s?|(?:dé)?verrouill\w*|(?:un)?lock(?:s|ed|ing)?"
    r"|terminals?|tills?|caisses?)(?![^\W_])"
)
_THING_LITERALS = (
    *PLACE_STEMS,
    *("alarm", "keypad", "clavier", "boîtier", "boitier", "lift", "ascenseur", "barri"),
    *("verrouill", "unlock", "terminal", "till", "caisse"),
)
# Asking for something, or saying what is wrong at the door.
_ASKING = re.compile(
    r"\?|(?<![^\W_])(?:what|what['’]s|whats|which|quel|quelle|quoi|pls|plz|please|stp|svp"
    r"|remind|rappelle\w*|redonne\w*|envoie\w*|send|sonne|bipe|rings?|ringing|going[ ]off"
    r"|beeping|locked[ ]out|stuck|bloqué\w*|coincé\w*|outside|dehors|devant|won['’]t[ ]open"
    r"|can['’]t[ ](?:get[ ]in|open)|(?:ne[ ])?s['’]ouvre[ ]pas|peux[ ]pas[ ](?:entrer|ouvrir)"
    r"|i['’]?m[ ](?:at|outside|here)|here[ ]now|arriv\w*|je[ ]suis[ ](?:devant|à|au|là)"
    r"|on[ ]est[ ](?:devant|là)|again|déjà|encore|toujours[ ](?:pareil|le[ ]même)|the[ ]same"
    r"|did[ ]you|have[ ]you|(?:ne[ ])?rentre[ ]pas|n['’]arrive[ ]pas)"
    r"(?![^\W_])"
)
# Asking for a time, a count, a price, a place's number or a phone: not for a code.
_NOT_A_CODE = re.compile(
    r"(?<![^\W_])(?:when|quand|time|heure|heures|o['’]clock|how[ ](?:many|much|long|old|far)"
    r"|combien|price|prix|cost|coûte|floor|étage|bus|line|ligne|score|extension|ext|poste"
    r"|phone|tel|téléphone|mobile|portable|address|adresse|size|taille|year|année|date|jour|day"
    r"|built|construit|capacity|capacité|temp\w*|degr\w*|wifi|wi-fi|pay|paid|payé\w*|payer"
    r"|spen[dt]|dépens\w*|budget|devis|quote|facture|invoice|euros?|pounds?|dollars?|wide|width"
    r"|largeur|tall|height|hauteur|weigh\w*|poids|long|longueur|mm|cm|km|miles?|distance"
    r"|order|commande|ref|référence|model|modèle|serial|série|tonight|tomorrow|today|demain"
    r"|soir|matin|morning|evening|afternoon|aprem|meet|rdv|rendez-vous|retrouv\w*)(?![^\W_])"
    r"|[€$£]"
)
# Asking the way into a room asks for its code, not its number: "how do we get into the hall?".
_GETTING_IN = re.compile(
    r"(?<![^\W_])(?:get[ ]in(?:to)?|let[ ]us[ ]in|open|rentrer|entrer|ouvrir|ouvre)(?![^\W_])"
)
_AS_A_NUMBER = re.compile(r"(?<![^\W_])(?:numbers?|num[ée]ros?|n°|no\.?|nr)(?![^\W_])")
_OPENING = re.compile(
    r"(?:(?:yes|yeah|yep|sure|oui|ouais|ok|okay|no|nope|non|nan)[,. ]+)?"
    r"(?P<set>(?:[^\W\d_]+[ ]){0,2}?(?:l['’]a[ ]|has[ ]|just[ ])?(?:mis|remis|changé|changed|set"
    r"|reset|passé)[ ](?:it[ ]|ça[ ]|le[ ]code[ ])?(?:à|to|sur|en)[ ]+)?"
    r"(?:(?:it['’]?s|its|c['’]est|that['’]s)"
    r"[ ]+)?(?:(?:le|the)[ ]+)?"
)
_SINGLES = re.compile(r"[0-9](?:[ .-][0-9]){3,7}")
_LOCK_SINGLES = re.compile(r"[0-9](?:[ .-][0-9]){2,7}")  # a padlock's three wheels: "4 2 7"
_NUMBER = re.compile(r"[a-z]?[0-9]{4,8}[a-z]?[#*]?(?![\w:/°-]|[.,][0-9])", re.I)
_SPELT = re.compile(
    rf"(?:(?:{DIGIT_WORDS})(?:[ ,]+|$)){{4,8}}",
    re.I,
)
# Since when a code holds: said after a code changed ("c'est 7144 depuis lundi", "it's 2018 now").
_SINCE = (
    r"now|maintenant|désormais|depuis|since|as[ ]of|ce[ ]matin|this[ ]morning|hier|yesterday"
    r"|today|aujourd['’]hui"
)
# After a code: the end of the line, a key to press, a remark after punctuation or "and".
_AFTER = re.compile(
    r"[ \t]*(?:$|[,;.!?)(—–👍]|-[ \t]|(?:then|puis|et|and|enter|valider|ok|on|off|hash|dièse"
    rf"|star|étoile|as[ ](?:per|usual)|comme[ ]d['’]hab\w*|{_SINCE})(?![^\W_]))",
    re.MULTILINE | re.IGNORECASE,
)
_YEAR = re.compile(r"(?:19|20)[0-9]{2}")
_SINCE_AFTER = re.compile(rf"[ \t]*(?:{_SINCE})(?![^\W_])", re.IGNORECASE)
_MAX_ASKING_LINE = 160


def find_chat_codes(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    if "\n" not in text or (":" not in text and "—" not in text and "–" not in text):
        return  # no speaker's colon nor dialogue's dash: no chat
    for line_start, line_end in lines_with(lower, _THING_LITERALS):
        if line_end - line_start > _MAX_ASKING_LINE or line_end >= len(text):
            continue
        asker = SPEAKER.match(text, line_start, line_end)
        if asker is None:
            continue
        said = lower[asker.end() : line_end]
        thing = _THING.search(said)
        if thing is None or _ASKING.search(said) is None or _NOT_A_CODE.search(said):
            continue
        room = thing["room"] is not None
        into_a_room = room and _GETTING_IN.search(said) is None
        singles_only = into_a_room or _AS_A_NUMBER.search(said) is not None
        span = _reply(
            text, line_end + 1, asker["name"] or "", singles_only=singles_only, lock=not room
        )
        if span is not None:
            yield RULE, *span


def _reply(
    text: str, start: int, asker: str, *, singles_only: bool, lock: bool
) -> tuple[int, int] | None:
    """The code at the start of the next line, said by another speaker; a number said to be
    set or changed ("Fred l'a mis à 7730", "c'est 7144 depuis lundi") is one even for a room,
    and even shaped as a year."""
    speaker = SPEAKER.match(text, start, end_of_line(text, start))
    if speaker is None or (speaker["name"] or "").lower() == asker.lower() != "":
        return None
    line_end = end_of_line(text, start)
    opening = _OPENING.match(text.lower(), speaker.end(), line_end)
    value_start = opening.end() if opening is not None else speaker.end()
    changed = opening is not None and opening["set"] is not None
    singles = _LOCK_SINGLES if lock else _SINGLES
    for shape in (singles, _SPELT, _NUMBER):
        value = shape.match(text, value_start, line_end)
        if value is None:
            continue
        end = value.end()
        while end > value_start and text[end - 1] in " ,":
            end -= 1
        if _AFTER.match(text, end, line_end) is None:
            return None
        changed = changed or _SINCE_AFTER.match(text, end, line_end) is not None
        if shape is _NUMBER and (singles_only or _YEAR.fullmatch(value[0])) and not changed:
            return None  # "1998": a year; a room's number
        return value_start, end
    return None
