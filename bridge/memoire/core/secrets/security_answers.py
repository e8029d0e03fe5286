"""Answers to security questions: the answer is the secret, however plain a word.

Answers to security questions ("nom de jeune fille de sa mère : Le Goff", "first pet —
Biscuit", "q: street you grew up on⏎a: Linthorpe Road") on a line, or under a heading, that
says they are security questions or answers or names the account they guard, or under the
heading of their table or list ("| question | answer |", "securite:" and its YAML keys), or
two asked questions side by side ("Box office PayPal⏎- What street did you grow up on?
Alder Close⏎- Childhood best friend? Tamsin"); answers without a mark ("maiden name
Pritchard, born in Swansea") or of one word ("maiden - ferreira / pet - noodle") only under
a line saying they are answers; a line naming a security question needs no known topic
when the question is set apart ("security q: first gym I ever climbed at? → The Foundry",
"question secrète « premier logiciel » : PageMaker"). A question without its answer, a list
of questions, a policy, a quiz's, a form's, a lesson's or an interview's questions have no
value.

A second reading takes the answer after a label that says it is one, whatever the question
asks about ("security question: first gym -> The Foundry", "Réponse secrète pour … : Garance"),
or under a "Q: …?" line asking about a name or a first thing ("Q: name of your first
school?⏎A: Ridgeway"): one to three words ending the line, the first saying nothing of where
the answer is ("ask Mum", "dans Bitwarden"). The two readings are kept apart, not folded into
one: they end an answer differently (the first at the next item or comma, up to six words of a
name; the second at the line's end, up to three words, with its own words that are no value,
shared with layouts.py's chat replies). On the spent corpora each finds notes the other
misses (158 rows by the first alone, 34 by the second alone), and 11 of the 63 rows both read
get different spans from each: folding them would change what the guard reports.

Each reads only the lines holding one of its literals, found once per note (text.positions).
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.chat_codes import SPEAKER
from memoire.core.secrets.layouts import starts_with_no_value
from memoire.core.secrets.lookalikes import GAMES, is_game_answer, is_given_as_an_example
from memoire.core.secrets.text import (
    MAX_VALUE_WORDS,
    end_of_line,
    lines_with,
    start_of_line,
    worded_value,
)

# --- an answer after its question's topic ---------------------------------------------------

# What a security question asks about: phrases, not single words ("school" alone is a school).
_TOPIC = re.compile(
    r"(?<![^\W_])(?:(?:mother['’]?s[ ]|mothers[ ]|mum['’]?s[ ]|mom['’]?s[ ])?maiden[ ]name"
    r"|(?:name[ ]of[ ](?:your[ ]|my[ ])?)?first[ ](?:pet|dog|cat|school|teacher|car|job|employer"
    r"|concert|boss|love|crush|house|bike|holiday|album|manager|girlfriend|boyfriend|kiss"
    r"|record|phone|flat|street|book|film|movie|toy|computer|console|trip|club|instrument|guitar"
    r"|piano|horse|pony|motorbike|game|team|gig|festival|idol)(?:['’]s[ ]name)?"
    r"|name[ ]of[ ](?:your|my)[ ]first[ ]\w+"
    r"|pet['’]s[ ]name|childhood[ ]\w+"
    r"|(?:city|town|place|village)[ ](?:of[ ]birth|(?:you[ ]were[ ])?born(?:[ ]in)?)"
    r"|birth[ ](?:city|town|place)|born[ ]in|(?:primary|secondary|high|junior)[ ]school"
    r"|favou?rite[ ](?:teacher|film|movie|book|food|colou?r|band|team|sport|holiday|place"
    r"|car|author|animal|singer|song|dish|meal|flower|fruit|season|game|toy|drink|dessert"
    r"|hobby|actor|actress|poem|hymn|subject|city|country|cartoon|character|artist|player"
    r"|album|drummer|composer|painter)"
    r"|street[ ](?:did[ ])?(?:you[ ])?gr[eo]w[ ]up[ ]on|where[ ]did[ ]you[ ]grow[ ]up"
    r"|(?:father|dad|mother|mum|mom)['’]?s[ ](?:middle|first)[ ]name|where[ ]you[ ]met\w*"
    r"|best[ ]friend|honeymoon|dream[ ]job"
    r"|nom[ ](?:de[ ])?jeune[ ]fille|premier[ ](?:animal|chien|chat|instituteur|employeur|amour"
    r"|patron|concert|professeur|prof|bateau|ma[îi]tre|travail|emploi|appartement|vélo|disque"
    r"|album|voisin|livre|film|jouet|ordinateur|téléphone|voyage|poste|club|baiser|instrument"
    r"|cheval|poney|piano|jeu|festival|spectacle|match)"
    r"|premi[eè]re[ ](?:voiture|[ée]cole|institutrice|ma[îi]tresse|moto|maison"
    r"|chanson|prof|professeure|guitare|console|équipe|idole)"
    r"|nom[ ]d[eu][ ](?:votre|ton|mon|son)[ ]premi[eè]re?[ ]\w+"
    r"|(?:ville|lieu)[ ](?:de[ ])?(?:naissance|natale?)|n[ée]e?[ ]à"
    r"|rue[ ]de[ ](?:votre|ton|son|mon)[ ]enfance|ami[ ]d['’]enfance|meilleure?[ ]amie?"
    r"|(?:instituteur|institutrice|professeur|prof|ma[îi]tresse|film|livre|plat|couleur"
    r"|chanteur|chanteuse|sport|équipe|fleur|cantique|chanson|dessert|boisson|jouet|auteur"
    r"|acteur|actrice|mati[èe]re|fruit|saison|jeu|h[ée]ros|personnage|po[èe]me|groupe)"
    r"[ ]pr[ée]f[ée]r[ée]e?|(?:profession|m[ée]tier)[ ]d[ue][ ]p[èe]re"
    r"|deuxi[èe]me[ ]pr[ée]nom|[ée]cole[ ]primaire|lieu[ ]de[ ]rencontre|rue[ ]d['’]enfance"
    r"|m[ée]tier[ ]r[êe]v[ée]|lune[ ]de[ ]miel|voyage[ ]de[ ]noces"
    r"|(?:where|in[ ]which[ ]\w+)[ ]did[ ]you[ ](?:first[ ])?meet|rencontr[ée]e?[ ](?:votre|ton|ta"
    r"|son|sa)[ ](?:conjoint|mari|femme|[ée]pou\w*|compagn\w*|partenaire)"
    r"|(?:childhood|school)[ ]nickname|surnom(?:[ ]d['’]enfance)?|nickname[ ]as[ ]a[ ]child"
    r"|(?:street|road|town|city)[ ]you[ ](?:lived|grew[ ]up)|rue[ ]où[ ](?:vous|tu)"
    r"|ville[ ]où[ ](?:vous[ ][êe]tes|tu[ ]es)[ ]n[ée]e?"
    r"|(?:hospital|h[ôo]pital)(?:[ ]\w+){1,3}[ ]born"
    r"|(?:mod[èe]le|marque)[ ]de[ ](?:votre|ta|ton)[ ]premi\w+|(?:make|model)[ ]of[ ]your[ ]first"
    r"|oldest[ ](?:sibling|cousin|brother|sister)|aîn[ée]e?[ ]de[ ]vos[ ]cousins)(?![^\W_])"
)
_TOPIC_LITERALS = (
    *("maiden", "first ", "pet's", "pet’s", "childhood", "born", "birth", "school", "favo"),
    *("grew up", "middle name", "first name", "where you met", "best friend", "honeymoon"),
    *("dream job", "jeune fille", "premier ", "première ", "premiere ", "naissance", "natal"),
    *("enfance", "meilleur", "préf", "pref", "métier", "metier", "profession", "deuxième"),
    *("deuxieme", "primaire", "rencontr", "you meet", "you first meet", "nickname", "surnom"),
    *("you lived", "rue où", "ville où", "of your first", "de votre premi", "de ta premi"),
    *("de ton premi", "oldest", "aînée de vos", "aîné de vos", "grow up", "lune de miel"),
    *("jeune_fille", "first_", "premier_", "première_", "née à", "né à", "voyage de noces"),
)
# What says a note's questions are security questions, or its values their answers.
_SECURITY_CONTEXT = re.compile(
    r"(?<![^\W_])(?:security|secret|secrète?s?|sécurité|securite|memorable|answers?"
    r"|réponses?|reponses?|questions?|(?:q|qs|a|r)(?=[ \t]*[:.)])|mdp|password|mot[ ]de[ ]passe"
    r"|login|bank(?![ ]holiday)|banque|building[ ]society|pension|portal|account|compte"
    r"|espace[ ]client"
    r"|online|en[ ]ligne|mutuelle|insurance|assurance|recovery|récupération)(?![^\W_])"
)
# What says the answers are a game's, a form's or a page's: no account is behind them.
_NO_ACCOUNT = re.compile(
    rf"(?<![^\W_])(?:{GAMES}|faq|icebreaker"
    r"|brise-glace|form|formulaire|fiche|inscription|questionnaire|survey|sondage|enquête"
    r"|interview|entretien|roman|novel|character|personnage|exercise|exercice|lesson|leçon"
    r"|students|élèves|homework|devoirs|q&a|newsletter|all[ ]about[ ]me|get[ ]to[ ]know"
    r"|faire[ ]connaissance|about[ ]me|fun[ ]facts|portrait|bio)(?![^\W_])"
)
# A line that says its values are answers: what lets them follow their question without a mark.
_ANSWERS_SAID = re.compile(
    r"(?<![^\W_])(?:security|sécurité|securite|secret|secrète?s?|memorable|answers?|réponses?"
    r"|reponses?|qs|questions?)(?![^\W_])"
)
_ANSWER_SEPARATOR = re.compile(
    r"[ \t]*['\"’”»)]?[ \t]*(?:\?[ \t]*)?['\"’”»)]?"
    r"(?:[ \t]*[-–—:,]?[ \t]*(?:answer|r[ée]ponse)[ \t]*(?:is|est|:|=)"
    r"|->|→|=>|⇒|=|:|—|–|\||[ ]-[ ]|,[ ]?c['’]est|[ ]is|[ ]est"
    r"|[ \t]+(?:a|r|answer|r[ée]ponse)[ \t]*[:.)]"
    r"|(?<=['\"’”»?])[ \t]*(?:i[ ](?:say|put|said|answered)|je[ ](?:dis|réponds|mets)"
    r"|j['’]ai[ ](?:mis|dit|répondu))[ \t]*:?"
    r"|(?<=\?)(?=[ \t])(?![ \t]+(?:a|r|answer|r[ée]ponse)[ \t]*[:.)-]))[ \t]*"
)
# The next line's answer: "-> Biscuit", "a: Linthorpe Road", "R : rue des Tanneurs".
_ANSWER_LINE = re.compile(
    r"[ \t]*(?:->|→|=>|⇒|(?:a|r|answer|réponse|reponse)[ \t]*[:.)-])[ \t]*", re.I
)
# An answer ends at the next item; a title's full stop ("M. Garnier", "St. Mary's") does not.
_ANSWER_END = re.compile(
    r"[;|\n]|[ \t]/[ \t]|[ \t]\(|,[ \t]|[ \t][^\w\s'’«»\"“”.,-]"
    r"|(?<![ \t(]m)(?<![ \t]mr)(?<![ \t]dr)(?<![ \t]st)"
    r"(?<![ \t]mrs)(?<![ \t]mme)\.[ \t]|[.,]?$|[ \t](?:et|and)[ \t]+\Z",
    re.M,
)
_MAX_ANSWER = 80  # an answer is a few words: a flood of questions on one line is read once
_MAX_ANSWER_WORDS = 6  # after a "?", quotes or an arrow: "bal du 14 juillet à Sète"
# A capitalised word between a question and its separator starts another label.
_LABEL_IN_TAIL = re.compile(r"(?<![^\W_])[A-ZÀ-Ý][a-zà-ÿ]+")
_MAX_QUESTION_TAIL = 40  # "nom de jeune fille de sa mère : …", "favourite car?' I put: …"
_REPORTED = re.compile(
    r"[ \t]*['\"’”]?\??['\"’”]?[ \t]*(?:(?:i[ ])?(?:put|say)|j['’]ai[ ]mis|dire|répondre|answer)?"
    r"[ \t]*"
)
_REPORTING = re.compile(
    r"(?<![^\W_])(?:i[ ](?:put|said|answered|gave)|j['’]ai[ ](?:mis|dit|répondu|donné))(?![^\W_])"
)
# A question answered without a mark: "maiden name Pritchard, born in Swansea, first dog Rusty".
_BARE = re.compile(r"[ \t]+(?=[A-ZÀ-Ý])")
_MIN_BARE = 2
_ASKED_NEAR = 2  # lines: two questions each answered after its "?" or its quotes vouch for each
_CONTEXT_LINES = 3
_TABLE_LINES = 8  # a table's or a list's rows under the heading that says what they are


def find_security_answers(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """Both readings, each finding what the other misses (see the module's docstring)."""
    yield from find_question_answers(text, lower)
    yield from find_labelled_answers(text, lower)


def find_question_answers(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    answers: list[tuple[int, int, int, bool]] = []  # line start, answer span, asked
    for line_start, line_end in lines_with(lower, _TOPIC_LITERALS):
        answers.extend(_answers_on_line(text, lower, line_start, line_end))
    asked = [line_start for line_start, _, _, was_asked in answers if was_asked]
    secure: dict[int, bool] = {}  # per line: a flood of answers on one line reads it once
    for line_start, start, end, was_asked in answers:
        if line_start not in secure:
            secure[line_start] = (
                _says_security(lower, line_start)
                or (was_asked and _asked_beside(lower, line_start, asked))
                or _OWN_QUESTION.match(lower, line_start) is not None
            )
        # "ils demandent « votre plat préféré » : j'ai mis tartiflette": asked and answered
        reported = was_asked and _REPORTING.search(lower, line_start, start) is not None
        if secure[line_start] or reported:
            yield ("security-answer", start, end)
    for line_start, line_end in lines_with(lower, _ITEM_LITERALS):
        yield from _listed_answers(text, lower, line_start, line_end)
    for line_start, line_end in lines_with(lower, _NAMED_QUESTION_LITERALS):
        yield from _answers_to_named_questions(text, lower, line_start, line_end)


# A line naming a security question needs no known topic: the question set apart (after "q:"
# up to its "?", in quotes or brackets), then an arrow, a colon or a dash, then the answer:
# "security q: first gym I ever climbed at? → The Foundry", "Question secrète Sacem (« votre
# premier groupe ») → Les Chaussettes Orphelines", "question secrète « premier logiciel » : X".
_NAMED_QUESTION_LITERALS = (
    "security q",
    "secret q",
    "memorable q",
    "question secr",
    "question de s",
    "question de r",
    "recovery q",
    "backup q",
)
_NAMED_QUESTION = re.compile(
    r"(?<![^\W_])(?:(?:security|secret|memorable|recovery|backup)[ ](?:q|qs|questions?)"
    r"|questions?[ ]secr[èe]tes?|questions?[ ]de[ ](?:s[ée]curit[ée]|secours|r[ée]cup[ée]ration))"
    r"(?![^\W_])"
    r"(?P<lead>[^\n«\"“(\[?]{0,40}?)"
    r"(?:«[^»\n]{1,80}»|\"[^\"\n]{1,80}\"|“[^”\n]{1,80}”|\([^)\n]{1,80}\)|\[[^\]\n]{1,80}\]"
    r"|[^\n?]{1,80}\?)[ \t]*[)»\"”]?[ \t]*(?:->|→|=>|⇒|:|=|—|–|[ ]-[ ])[ \t]*"
)
# "security question (e.g. «first pet»)": an example of one, not the note's own.
_EXAMPLE = re.compile(
    r"(?<![^\W_])(?:e\.g|eg|ex|exemple|example|such[ ]as|like|comme|type)(?![^\W_])"
)


def _answers_to_named_questions(
    text: str, lower: str, line_start: int, line_end: int
) -> Iterator[tuple[str, int, int]]:
    """The answer names something, so it starts with a capital or a digit, or is one word
    ("pick a fake one" is advice, not an answer)."""
    if _NO_ACCOUNT.search(lower, line_start, line_end) is not None:
        return  # a quiz's or a form's line: read once, not once a question (a flood's line)
    for found in _NAMED_QUESTION.finditer(lower, line_start, line_end):
        if _EXAMPLE.search(lower, found.start(), found.end()):
            continue
        start = found.end()
        end = _ANSWER_END.search(lower, start, min(line_end, start + _MAX_ANSWER) + 1)
        span = worded_value(
            text,
            start,
            end.start() if end is not None else line_end,
            name=True,
            most=_MAX_ANSWER_WORDS,
        )
        if span is None or "?" in text[span[0] : span[1]]:
            continue
        value = text[span[0] : span[1]]
        if len(value.split()) == 1 or value[0].isupper() or value[0].isdigit():
            yield ("security-answer", *span)


# Questions asked of nobody but an account's owner: a line giving one needs no heading.
_OWN_QUESTION = re.compile(
    r"[ \t>*-]*(?:(?:name[ ]of[ ](?:your|my)[ ])?first[ ]pet(?:['’]s[ ]name)?|pet['’]s[ ]name"
    r"|(?:nom[ ]d[eu][ ](?:votre|mon|ton)[ ])?premier[ ]animal(?:[ ]de[ ]compagnie)?)"
    r"[ \t]*(?::|=|->|→|—|–)"
)
# Answers listed by one word each under a line saying they are answers: "maiden - ferreira /
# pet - noodle / town - dundee", "mère - dubois / animal - pistache / ville - nancy".
_ITEM_LITERALS = (" / ", " ; ", " | ")
_ITEM_SPLIT = re.compile(r"[ \t][/;|][ \t]")
_ANSWER_ITEM = re.compile(
    r"[ \t>*|-]*(?P<key>[^\W\d_]+(?:[ ][^\W\d_]+)?)[ \t]*(?:-|–|—|:|=|->|→)[ \t]*(?P<value>.+)"
)
_ITEM_TOPICS = frozenset(
    (
        *("maiden", "pet", "dog", "cat", "town", "city", "school", "car", "teacher", "friend"),
        *("street", "born", "birthplace", "nickname", "boss", "job", "mother", "mum", "mom"),
        *("father", "dad", "colour", "color", "film", "book", "food", "band", "team", "mère"),
        *("père", "animal", "chien", "chat", "ville", "école", "voiture", "ami", "amie", "rue"),
        *("naissance", "surnom", "patron", "métier", "plat", "couleur", "instituteur", "prof"),
        *("institutrice", "maîtresse", "honeymoon", "jeune fille", "maiden name", "first pet"),
    )
)


def _listed_answers(
    text: str, lower: str, line_start: int, line_end: int
) -> Iterator[tuple[str, int, int]]:
    spans: list[tuple[int, int]] = []
    position = line_start
    for part in (*_ITEM_SPLIT.split(lower[line_start:line_end]), ""):
        item = _ANSWER_ITEM.fullmatch(part)
        if item is not None and item["key"] in _ITEM_TOPICS:
            start = position + item.start("value")
            span = worded_value(text, start, position + len(part), name=True)
            if span is not None:
                spans.append(span)
        position += len(part) + 3
    if len(spans) < _MIN_BARE or not _says_answers(lower, line_start):
        return
    for span in spans:
        yield ("security-answer", *span)


def _says_answers(lower: str, line_start: int) -> bool:
    """The line or one of the three above says it holds answers, and no quiz's or form's."""
    above = line_start
    for _ in range(_CONTEXT_LINES):
        if above > 0:
            above = start_of_line(lower, above - 1)
    window = lower[above : end_of_line(lower, line_start)]
    return _ANSWERS_SAID.search(window) is not None and _NO_ACCOUNT.search(window) is None


def _answers_on_line(
    text: str, lower: str, line_start: int, line_end: int
) -> Iterator[tuple[int, int, int, bool]]:
    line = lower[line_start:line_end].replace("_", " ")  # "premier_animal: Oscar"
    topics = list(_TOPIC.finditer(line))
    if not topics:
        return
    ends = [line_start + topic.start() for topic in topics[1:]] + [line_end]
    found = [
        _answer_after(text, lower, line_start + topic.end(), line_end, before=next_topic)
        for topic, next_topic in zip(topics, ends, strict=True)
    ]
    if None in found[:-1]:
        if any(found) or _ANSWERS_SAID.search(line) is None:
            return  # "options: first pet, first school, favourite teacher — pick one": a list
        found = [  # "gran's bank qs: maiden name Pritchard, born in Swansea, first dog Rusty"
            _bare_answer(text, lower, line_start + topic.end(), next_topic)
            for topic, next_topic in zip(topics, ends, strict=True)
        ]
        if sum(answer is not None for answer in found) < _MIN_BARE:
            return
    for topic, answer in zip(topics, found, strict=True):
        shown = is_given_as_an_example(lower, line_start + topic.start(), line_start + topic.end())
        if answer is not None and not shown:  # "avoid answers like first pet → 'Rex'": advice
            yield (line_start, *answer)


def _answer_after(
    text: str, lower: str, after: int, line_end: int, *, before: int
) -> tuple[int, int, bool] | None:
    """The answer after the question's separator on its line, before the next question, or on
    the next line after an arrow or "a:"; a question without one (a list of questions, a
    policy) has none. Whether the question was asked (a "?" or quotes before the answer)."""
    reach = min(before, after + _MAX_QUESTION_TAIL)
    separator = _ANSWER_SEPARATOR.search(lower, after, reach)
    if separator is not None:
        if _LABEL_IN_TAIL.search(text, after, separator.start()) is not None:
            return None  # "maiden name Plaque d'immatriculation : GH-482-KL": another label's
        reported = _REPORTED.match(lower, separator.end())
        start = reported.end() if reported is not None else separator.end()
        bound = min(line_end, start + _MAX_ANSWER)
        # "surnom d'enfance = Pitchoun et plat préféré = …": the next question ends the answer
        limit = bound + 1 if bound < before else before
        end = _ANSWER_END.search(lower, start, limit)
        asked = any(mark in lower[after:start] for mark in "?'’»\"")
        pointed = asked or any(mark in lower[after:start] for mark in ("→", "->", "=>", "put"))
        most = _MAX_ANSWER_WORDS if pointed else MAX_VALUE_WORDS
        span = worded_value(
            text, start, end.start() if end is not None else bound, name=True, most=most
        )
        if span is None or "?" in lower[span[0] : span[1]]:
            return None
        return (*span, asked)
    rest = lower[after:line_end].strip(" ?'\"’”»")
    if line_end < len(lower) and (rest == "" or lower[after:line_end].rstrip().endswith("?")):
        if len(rest) > _MAX_QUESTION_TAIL:
            return None
        answer = _ANSWER_LINE.match(text, line_end + 1)
        if answer is not None:
            below_end = end_of_line(text, answer.end())
            span = worded_value(text, answer.end(), below_end, name=True, most=_MAX_ANSWER_WORDS)
            return None if span is None else (*span, True)
        line_start = start_of_line(lower, after)
        if _ANSWERS_SAID.search(lower, line_start, after) is not None:
            return _bare_line(text, line_end + 1)  # "réponse à la question : … ?⏎Simca"
        asked = lower[after:line_end].rstrip().endswith("?")
        if asked and SPEAKER.match(text, line_start, line_end) is not None:
            return _reply_line(text, lower, line_end + 1)  # "Dad: what did we put for …?⏎Me: …"
    return None


def _reply_line(text: str, lower: str, start: int) -> tuple[int, int, bool] | None:
    """The next speaker's answer, alone on the reply's line up to a comma or a full stop."""
    end = end_of_line(text, start)
    speaker = SPEAKER.match(text, start, end)
    if speaker is None:
        return None
    value_end = _ANSWER_END.search(lower, speaker.end(), end)
    span = worded_value(
        text, speaker.end(), value_end.start() if value_end is not None else end, name=True
    )
    return None if span is None else (*span, True)


def _bare_answer(text: str, lower: str, after: int, before: int) -> tuple[int, int, bool] | None:
    """A capitalised name right after its question, up to the next comma."""
    bare = _BARE.match(text, after)
    if bare is None:
        return None
    end = _ANSWER_END.search(lower, bare.end(), before)
    span = worded_value(text, bare.end(), end.start() if end is not None else before, name=True)
    return None if span is None else (*span, False)


def _bare_line(text: str, start: int) -> tuple[int, int, bool] | None:
    """The next line alone, one or two words: the answer under its question."""
    end = end_of_line(text, start)
    if "?" in text[start:end]:
        return None
    span = worded_value(text, start, end, name=True, most=2)
    return None if span is None else (*span, True)


def _asked_beside(lower: str, line_start: int, asked: list[int]) -> bool:
    """Two personal questions, each answered after its "?" or its quotes, side by side: a
    list of security answers whatever its heading ("Box office PayPal⏎- What street did you
    grow up on? Alder Close⏎- Childhood best friend? Tamsin")."""
    for other in asked:
        low, high = min(other, line_start), max(other, line_start)
        if (other == line_start and asked.count(other) > 1) or (
            other != line_start and lower.count("\n", low, high) <= _ASKED_NEAR
        ):
            window = lower[_heading_above(lower, low) : end_of_line(lower, high)]
            return _NO_ACCOUNT.search(window) is None
    return False


def _says_security(lower: str, line_start: int) -> bool:
    """The answer's line or one of the three above says security questions or answers, or
    the heading of its table or list does; a quiz, a form or a story says no account."""
    window = lower[_heading_above(lower, line_start) : end_of_line(lower, line_start)]
    return _SECURITY_CONTEXT.search(window) is not None and _NO_ACCOUNT.search(window) is None


def _heading_above(lower: str, line_start: int) -> int:
    """The start of the third line above, or of the paragraph's first line (a table's or a
    list's heading) up to eight lines above."""
    above = line_start
    for count in range(_TABLE_LINES):
        if above == 0 or (count >= _CONTEXT_LINES and lower[above - 2 : above] == "\n\n"):
            break
        above = start_of_line(lower, above - 1)
    return above


# --- an answer after a security label, or under a "Q:" line ------------------------------

_SECURITY_LABEL = re.compile(
    r"(?<![^\W_])(?:(?:security|secret|memorable|s[ée]curit[ée])[ ](?:q(?:uestion)?|answer|word)"
    r"|(?:question|r[ée]ponse)s?[ ](?:secr[èe]te|de[ ]s[ée]curit[ée]|[àa][ ]la[ ]question)"
    r"|secret[ ]answer|memorable[ ](?:word|info(?:rmation)?|answer|data)|r[ée]ponse[ ]question"
    r"|(?:s[ée]curit[ée]|security)[^\n]{0,80}?(?<![^\W_])(?:answer|r[ée]ponse)"
    r")(?![^\W_])"
)
_ANSWER_NOUN = re.compile(r"answer|r[ée]ponse|memorable")
# What separates the answer from its question or label.
_ARROW = re.compile(r"[ \t]*(?:->|→|=>|⇒|=)[ \t]*")
_LABEL_SEPARATOR = re.compile(r"[ \t]*(?:->|→|=>|⇒|=|:|,?[ ]c['’]est)[ \t]+")
# A question asked, then its answer named: "prénom du premier imam ? réponse : Si Mohand".
_ANSWER_AFTER_ASKED = re.compile(
    r"\?[ \t]*(?:(?<![^\W_])(?:r[ée]ponse|rép\.?|answer|ans\.?|a|r)[ \t]*[:=]|->|→|=>|⇒)[ \t]*"
)
# What was put as the answer, after the question: "security question 'name of first rink' — we
# put Moose Jaw Civic (not the real one)", "question secrète « premier chien » : on a mis Filou".
_WE_PUT = re.compile(
    r"(?<![^\W_])(?:(?:i|we)[ ](?:put|used|said|answered|went[ ]with)|(?:j['’]ai|on[ ]a"
    r"|nous[ ]avons)[ ](?:mis|dit|répondu)|on[ ]met)[ \t]*:?[ \t]+"
)
# The question asked before it, quoted or ending with its "?" ("on a mis Maman au courant" is
# no answer).
_ASKED_MARKS = "?'’\"”»"
# It ends where a remark starts: "(not the real one)", ", don't tell", " — Dad's idea".
_REPORTED_ANSWER_END = re.compile(r"[ \t]*(?:[(;,]|[ \t][—–-][ \t]|\.(?:[ \t]|$))", re.M)
# A name or a title may start with its article: "? → Les Zinzins de Vénus", "The Foundry".
_ARTICLES = frozenset(("the", "le", "la", "les"))
_MAX_LABELLED_ANSWER_WORDS = 3
_MAX_ASKED_ANSWER_WORDS = 4  # "nom du premier groupe ? → Les Zinzins de Vénus"
_ANSWER_WORD = re.compile(r"[^\W\d_][\w'’.-]*")
_LABEL_TO_LINE_END = 160
_QUESTION_LINE = re.compile(r"[ \t]*(?:q|question)[ \t]*[:.)-][^\n]*\?[ \t]*\n")
_A_LINE = re.compile(r"[ \t]*(?:a|r|answer|r[ée]ponse)[ \t]*[:.)-][ \t]*", re.IGNORECASE)
# What a security question asks about: a question without one of these is any question.
_ASKS_ABOUT = re.compile(
    r"(?<![^\W_])(?:name|nom|first|premi[eè]re?|favou?rite|pr[ée]f[ée]r[ée]e?|maiden|jeune"
    r"|born|naissance|street|rue|city|ville|pet|animal|chien|chat|dog|cat|school|[ée]cole"
    r"|teacher|ma[îi]tresse|institut\w*|childhood|enfance|car|voiture|grand\w*|mother|m[èe]re"
    r"|father|p[èe]re|friend|ami)(?![^\W_])"
)


# An answer in quotes, then the line's end, its punctuation or an aside: the quotes bound it.
_QUOTED_ANSWER = re.compile(
    r"[ \t]*(?:«[ \t]*(?P<french>[^«»\n]{1,60}?)[ \t]*»|[\"“](?P<double>[^\"“”\n]{1,60})[\"”]"
    r"|['‘](?P<single>[^'‘’\n]{1,60})['’])(?=[ \t]*(?:[.!;,)(—–]|-[ \t]|\Z))"
)


_LABEL_LITERALS = ("secur", "sécur", "secret", "memorable", "réponse", "reponse", "question")


def find_labelled_answers(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    for line_start, line_end in lines_with(lower, _LABEL_LITERALS):
        for label in _SECURITY_LABEL.finditer(lower, line_start, line_end):
            span = _answer_after_label(text, lower, label, line_end)
            if span is not None and not is_game_answer(lower, span[0]):  # "question du quiz"
                yield ("security-answer", *span)
        yield from _answers_to_quoted_questions(text, lower, line_start, line_end)
    yield from _answers_under_q_lines(text, lower)


# An account's question, quoted, then its answer after an arrow: "Compte fournisseur :
# question « prénom de votre grand-mère » → Ginette", "PayPal: question 'first pet' -> Biscuit".
_QUOTED_QUESTION = re.compile(
    r"(?<![^\W_])question[ \t]*:?[ \t]*(?:«[^»\n]{3,80}»|[\"“][^\"”\n]{3,80}[\"”]"
    r"|['‘][^'’\n]{3,80}['’])[ \t]*(?:->|→|=>|⇒|=)[ \t]*"
)
_ACCOUNT = re.compile(
    r"(?<![^\W_])(?:comptes?|accounts?|logins?|sites?|apps?|applis?|espaces?|portails?"
    r"|portals?|banks?|banques?|abonnements?|subscriptions?)(?![^\W_])"
)
_ACCOUNT_REACH = 120


def _answers_to_quoted_questions(
    text: str, lower: str, line_start: int, line_end: int
) -> Iterator[tuple[str, int, int]]:
    """The quoted question asks about a name or a first thing, and the line names an account
    before it; not a quiz's, not an example. The answer names something: one word, or words
    starting with a capital ("champ obligatoire" says what the form wants)."""
    for asked in _QUOTED_QUESTION.finditer(lower, line_start, line_end):
        before = max(line_start, asked.start() - _ACCOUNT_REACH)
        if (
            _ASKS_ABOUT.search(lower, asked.start(), asked.end()) is None
            or _ACCOUNT.search(lower, before, asked.start()) is None
            or _EXAMPLE.search(lower, before, asked.end()) is not None
        ):
            continue
        span = _answer_ending_line(text, asked.end(), line_end, titled=True)
        if span is None or is_game_answer(lower, span[0]):
            continue
        value = text[span[0] : span[1]]
        if len(value.split()) == 1 or value[0].isupper():
            yield ("security-answer", *span)


def _answer_after_label(
    text: str, lower: str, label: re.Match[str], line_end: int
) -> tuple[int, int] | None:
    """A question's answer follows an arrow, "=", or its "?" and "réponse :"; an answer's
    label, any separator. The answer ends the line, a question's words away from its label
    at most."""
    if line_end - label.end() > _LABEL_TO_LINE_END:
        return None
    rest = lower[label.end() : line_end]
    is_answer = _ANSWER_NOUN.search(label[0]) is not None
    if not is_answer and (asked := list(_ANSWER_AFTER_ASKED.finditer(rest))):
        start = label.end() + asked[-1].end()
        return _answer_ending_line(text, start, line_end, most=_MAX_ASKED_ANSWER_WORDS, titled=True)
    reported = None if is_answer else _WE_PUT.search(rest)
    if reported is not None and any(mark in rest[: reported.start()] for mark in _ASKED_MARKS):
        start = label.end() + reported.end()
        end = _REPORTED_ANSWER_END.search(lower, start, line_end)
        span = worded_value(
            text,
            start,
            end.start() if end is not None else line_end,
            name=True,
            most=_MAX_ASKED_ANSWER_WORDS,
        )
        return None if span is None or starts_with_no_value(text[span[0] : span[1]]) else span
    separators = list((_LABEL_SEPARATOR if is_answer else _ARROW).finditer(rest))
    if not separators and not is_answer:
        separators = [m for m in _LABEL_SEPARATOR.finditer(rest) if ")" in rest[: m.start()]]
    if not separators:
        return None
    start = label.end() + separators[-1].end()
    return _answer_ending_line(text, start, line_end)


def _answers_under_q_lines(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    for line_start, _ in lines_with(lower, ("?\n",)):
        question = _QUESTION_LINE.match(lower, line_start)
        if question is None or _ASKS_ABOUT.search(lower, question.start(), question.end()) is None:
            continue
        answer = _A_LINE.match(text, question.end())
        if answer is not None:
            span = _answer_ending_line(text, answer.end(), end_of_line(text, answer.end()))
            if span is not None:
                yield ("security-answer", *span)


def _answer_ending_line(
    text: str, start: int, end: int, *, most: int = _MAX_LABELLED_ANSWER_WORDS, titled: bool = False
) -> tuple[int, int] | None:
    """A few words ending the line, the first saying nothing of where the answer is; or a few
    words in quotes, the sentence maybe going on after them ("→ 'Little Creatures'. Needed it
    twice", "= « Mme Bertin »"); when `titled`, maybe an article before a capitalised name
    ("Les Zinzins de Vénus")."""
    quoted = _QUOTED_ANSWER.match(text, start, end)
    if quoted is not None and quoted.lastgroup is not None:
        start, end = quoted.span(quoted.lastgroup)
    value = text[start:end].strip().rstrip(".")
    words = value.split()
    if not 1 <= len(words) <= most:
        return None
    if starts_with_no_value(value) and not (titled and _is_a_title(words)):
        return None
    if any(_ANSWER_WORD.fullmatch(word.strip("\"'«»“”‘’")) is None for word in words):
        return None
    first = start + len(text[start:end]) - len(text[start:end].lstrip())
    return first, first + len(value)


def _is_a_title(words: list[str]) -> bool:
    """An article, then a capitalised word: a name's or a title's start, not a sentence's."""
    return len(words) > 1 and words[0].lower() in _ARTICLES and words[1][:1].isupper()
