"""Secrets people give in words: a code word said to be let in, security answers, recovery codes.

Four layouts the scored slots learn poorly, because a note holds several of them at once or
the value is an ordinary word:

- a word someone must say or give to be let in, to collect a child, to prove who they are
  ("they must say the word «pineapple» or the coach won't release him", "Le sacristain demande
  le mot « Palestrina » avant d'ouvrir", "mot de contrainte = « girafe »", "our code word if
  anyone calls: pineapple"). A noun made for it (code word, safe word, duress word, mot de
  contrainte, mot de passe convenu…) needs only its value; a plain "word", "mot" or
  "password" also needs a verb of saying or giving and something being opened, released or
  collected, or someone vouched for before anything is said or handed over ("anyone calling on
  her behalf must give the word «peppermint» before we discuss her file", "son fils donne le
  mot « capucine » avant qu'on lui parle du dossier", "if the school calls"), so "say the magic
  word" in a story, 'the word "literally"' and "say «agent» to reach a person" pass. A
  "phrase" is such a noun ("wants the phrase "Swan Lake Saturday" before letting anyone
  backstage"), whose, to whom or where it is said may stand between the verb and the word ("ask
  for the boat's word — it's Fastnet", "dire à l'accueil du parc : « famille Bertrand »"), and
  a word given on the phone counts ("when phoning, quote the school word ROUNDABOUT"). The word
  may follow "give the word" unquoted ("give the word peonyfield"), a challenge ("il vous
  demandera le mot, répondez « Bastille »"), or stand on the line under its noun (per family
  or month, alone in quotes, as the next speaker's reply); words said by rote (a radio's
  protocol, a cue, "Mayday", a game) are none;
- answers to security questions ("nom de jeune fille de sa mère : Le Goff", "first pet —
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
  value;
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

from memoire.core.secrets.chat_codes import SPEAKER
from memoire.core.secrets.layouts import lines_with
from memoire.core.secrets.lookalikes import GAMES, is_glossary_word
from memoire.core.secrets.text import end_of_line, start_of_line

# --- what a spoken value may be -------------------------------------------------------------

_QUOTED = re.compile(r"[«\"“‘'][ \t\u00a0\u202f]*([^\n«»\"“”‘’']{1,40}?)[ \t\u00a0\u202f]*[»\"”’']")
_MAX_VALUE_WORDS = 3
_OPENING_QUOTES = frozenset("«\"“‘'")
_CLOSING_QUOTES = frozenset("»\"”’'")
_VALUE_WORD = re.compile(r"[^\W_][\w'’&!#.-]*")
# Words that say the value is elsewhere, not given, or that a sentence goes on.
_NOT_VALUES = frozenset(
    (
        *("a", "an", "the", "on", "in", "at", "it", "its", "it's", "is", "see", "ask", "check"),
        *("same", "none", "no", "not", "yes", "set", "changed", "i", "i'll", "we", "you", "he"),
        *("she", "they", "my", "your", "our", "his", "her", "their", "this", "that", "what"),
        *("which", "who", "secret", "tbd", "tbc", "xxx", "unknown", "private", "written", "kept"),
        *("le", "la", "les", "l", "un", "une", "sur", "dans", "à", "voir", "demander", "aucun"),
        *("pas", "je", "j", "tu", "il", "elle", "on", "nous", "vous", "ils", "mon", "ma", "ton"),
        *("ta", "son", "sa", "ses", "notre", "votre", "ce", "cet", "cette", "celui", "quel"),
        *("quelle", "qui", "que", "quoi", "même", "changé", "oui", "non", "ok", "to", "for"),
        *("pour", "de", "du", "des", "password", "code", "word", "mot", "answer", "réponse"),
        *("question", "later", "plus", "inconnu", "secret", "confidentiel", "écrit", "noté"),
        *("and", "or", "et", "ou", "if", "si", "when", "quand", "with", "avec", "by", "par"),
        *("please", "please!", "stp", "svp", "thanks", "merci", "sorry", "pardon", "hello"),
        *("something", "anything", "nothing", "whatever", "rien", "quelque", "been", "use"),
        *("utiliser", "pick", "choose", "choisir", "annoying", "pénible", "fine", "easy"),
        *("don't", "do", "never", "jamais", "ne", "mettre", "put", "store", "enter", "choose"),
        *("there", "todo", "you're", "we're", "i'm", "they're", "hi", "bonjour", "thank", "so"),
        *("y", "idk", "dunno", "aucune", "nobody", "personne", "demande", "demandé", "demandée"),
        *("asked", "requested", "required", "requis", "requise", "needed", "nécessaire"),
        *("goodbye", "bye", "cheers", "salut", "hey"),
    )
)


def _value(
    text: str,
    start: int,
    end: int,
    *,
    name: bool = False,
    most: int = _MAX_VALUE_WORDS,
    said: bool = False,
) -> tuple[int, int] | None:
    """One to three words (`most`), none saying the value is elsewhere: the span without its
    edges and quotes. A `name` may start with a capitalised article ("Le Goff", "De Souza"),
    a phrase `said` in quotes with any word and commas ("«les carottes sont cuites»",
    "« famille Bertrand, galettes »")."""
    raw = text[start:end]
    value = raw.strip().rstrip(".,;:!?)")
    if value[:1] in _OPENING_QUOTES and value[-1:] in _CLOSING_QUOTES and len(value) > 2:
        start += raw.index(value[0]) + 1
        raw = text[start : start + len(value) - 2]
        value = raw.strip()
    words = value.split()
    if not 1 <= len(words) <= most:
        return None
    named = name and len(words) > 1 and all(_is_title(word) for word in words)
    if (words[0].strip("'’").lower() in _NOT_VALUES and not named and not said) or len(value) < 3:
        return None
    if any(_VALUE_WORD.fullmatch(word.rstrip(",;") if said else word) is None for word in words):
        return None
    if set(value.lower()) <= set("x.-* "):
        return None  # a placeholder: "xxxx", "…"
    first = start + len(raw) - len(raw.lstrip())
    return first, first + len(value)


def _is_title(word: str) -> bool:
    return word[:1].isupper() and not word.isupper()


# --- a code word said or given --------------------------------------------------------------

# Nouns made for a word said to be let in or to prove who one is.
_CODE_WORD_NOUN = re.compile(
    r"(?<![^\W_])(?:code[ -]?words?|safety[ -]?words?|duress[ ](?:word|code)s?"
    r"|family[ ](?:word|password)|memorable[ ]word|secret[ ]word|password[ ]word|security[ ]word"
    r"|(?:verbal|spoken|voice)[ ]password"
    r"|mots?[ ](?:de[ ])?(?:code|contrainte|secret|convenu|s[ée]curit[ée])e?s?"
    r"|mot[ ]de[ ]passe[ ](?:convenu|de[ ]la[ ]famille|familial)|mots?[ ]de[ ]reconnaissance"
    r"|(?:agreed|shared)[ ](?:word|password)|mots?[ ]d['’]ordre|watchword"
    r"|pass[ ]?word[ ]of[ ]the[ ](?:day|week|month|night)|(?:authentication|challenge)[ ]word"
    r"|mots?[ ]d['’]authentification|countersign"
    r"|(?:family|agreed|secret)[ ]code|(?:code|agreed|secret)[ ]phrases?"
    r"|phrases?[ ]convenues?)(?![^\W_])"
)
# Nouns that name such a word only when something is being opened, released or collected.
_PLAIN_NOUN = re.compile(
    r"(?<![^\W_])(?<!magic[ ])(?<!dress[ ])(?<!promo[ ])(?<!discount[ ])(?<!zip[ ])"
    r"(?:(?P<safe>safe[ -]?words?|duress|(?:si|sous)[ ](?:la[ ])?contrainte)|word"
    r"|mot[ ]de[ ]passe|mot|password|what[ ]to[ ](?:say|answer)"
    r"|ce[ ]qu['’]il[ ]faut[ ](?:dire|répondre)|passphrase|phrases?|(?P<code>code))"
    r"(?![^\W_])(?![ ](?:magique|promo|postal|vestimentaire|de[ ]la[ ]route|civil|pénal))"
    r"(?![ ](?:manager|policy|reset|hint|rules?|requirements?|strength|change|expir\w*"
    r"|gestionnaire|oubli\w*|perdu))"
)
_SAYING = re.compile(
    r"(?<![^\W_])(?:say|says|saying|tell|tells|give|gives|giving|ask|asks|asking"
    r"|demand|demands|wants?|know|knows|knowing|reply|répond\w*|what['’]?s[ ]the"
    r"|c['’]est[ ]quoi[ ]le|quel[ ]est[ ]le"
    r"|dire|dit|disent|donner|donne|donnez|demand\w*|exige|réclame"
    r"|conna[îi]tre|conna[îi]t|conna[îi]ssent|utiliser|quote|quotes|quoting|mention\w*"
    r"|provide|provides|citer|cite|citez|(?:stops?|challenges?)[ ](?:you|us|them)"
    r"|(?:vous|nous|t['’])[ ]?arrête\w*)(?![^\W_])"
)
# Someone vouched for by a word before anything is said or handed over to them: a caller on
# another's behalf, a visitor, "before we discuss her file", "avant qu'on lui parle du dossier".
_VOUCHING = (
    r"on[ ](?:her|his|their|my|our|your|\w+['’]s)[ ]behalf|de[ ](?:sa|ma|leur|notre|votre)[ ]part"
    r"|(?:by|on|over)[ ]the[ ]phone|by[ ]phone|par[ ]téléphone|au[ ]téléphone|claiming[ ]to[ ]be"
    r"|(?:if|when|si|quand)[ ](?:an?|un|une|the|le|la)[ ]\w+[ ](?:phones?|calls?|rings?|appelle)"
    r"(?![ ](?:your|my|his|her|their|the|out|ton|votre|son|mon)[ ](?:name|nom))"
    r"|(?:anyone|someone|anybody)[ ]else[ ](?:call|phon|ring)\w*"
    r"|(?:\w+s|anyone|someone|people)[ ](?:phoning|calling|ringing)"
    r"(?![ ](?:your|my|his|her|their|the|out)[ ]name)"
    r"|en[ ](?:son|mon|leur|notre)[ ]nom|(?:anyone|whoever|someone|somebody|anybody)[ ]"
    r"(?:call|phon|ring)\w*|(?:call|ring|phone)s?[ ](?:us|me|you|him|her|them)"
    r"|(?:nous|vous|me|m['’]|t['’]|l['’]|lui)[ ]?(?:appelle|téléphone)\w*|appels?[ ]de"
    r"|(?:when|if|quand|si)[ ](?:they|someone|anyone|ils?|elles?|on|quelqu['’]un"
    r"|(?:the[ ]|l['’]|la[ ]|le[ ])?(?:school|école|bank|banque|crèche|creche|nursery|hospital"
    r"|hôpital|clinic|clinique|agency|agence|care[ ]home|ehpad|police|nounou|nanny|mairie))"
    r"[ ](?:phones?|calls?|rings?|appelle|téléphone)(?![ ](?:your|my|his|her|their|the|out|ton"
    r"|votre|son|mon)[ ](?:name|nom))"
    r"|(?:quiconque|personne[ ]qui|celui[ ]qui|celle[ ]qui)[ ](?:appelle|téléphone)"
    r"|visit(?:s|ing|ors?)|visiteurs?|rendre[ ]visite"
    r"|before[ ](?:we|i|they|you|staff|anyone)[ ](?:discuss|talk|speak|release|share|disclose"
    r"|give|hand|tell)\w*|(?:won['’]t|will[ ]not|don['’]t|only)[ ](?:talk|speak|discuss|release"
    r"|disclose|deal)\w*"
    r"|avant[ ](?:qu['’](?:on|ils?|elles?)|que[ ](?:nous|je|vous))[ ](?:(?:lui|leur|vous|te)[ ])?"
    r"(?:parl|discut|donn|communiqu|remett|rend)\w*"
    r"|avant[ ]de[ ](?:(?:lui|leur|vous|te)[ ])?(?:parler|discuter|donner|communiquer|remettre)"
)
_VOUCHED = re.compile(rf"(?<![^\W_])(?:{_VOUCHING})(?![^\W_])")
# Someone guarding a way in, or being let through by a word: a guard, a gate's crew, "they let
# members in", "ils nous laissent passer", "before we open up", "so they know it's really us".
_GUARDED = (
    r"guards?|security[ ]guards?|stewards?|bouncers?|door[ ]staff|gate[ ]crew|vigiles?|videurs?"
    r"|lets?[ ](?:\w+[ ]){1,2}(?:in|through)|laiss\w*[ ](?:\w+[ ])?passer"
    r"|before[ ](?:we|i|they|anyone)[ ](?:open|let|unlock)\w*|pour[ ]ne[ ]pas[ ]payer|sans[ ]payer"
    r"|without[ ]paying|(?:know|knows|sache|sachent|savent)[ ](?:\w+[ ]){0,2}(?:it['’]s|c['’]est)"
    r"[ ](?:really[ ]|bien[ ]|vraiment[ ])?(?:us|me|nous|moi)"
)
# Something opened, released or collected, or someone proving who they are.
_LETTING = re.compile(
    r"(?<![^\W_])(?:pick(?:s|ing)?[ ]up|pick-up|pickup|collect\w*|releas\w*|let[ ]\w+[ ]in"
    r"|unlock\w*|open(?:s|ing)?|before[ ](?:he|she|they)|otherwise|or[ ]else"
    r"|don['’]t[ ]go|don['’]t[ ]let"
    r"|babysitter|baby-sitter|nanny|childminder|nursery|crèche|creche|caretaker"
    r"|porter|concierge|courier|parcel|operator|monitoring|stranger|sent[ ]them|from[ ]us"
    r"|rehearsals?|récupérer|chercher|sortie|nounou|ouvr\w*|avant[ ]d['’]ouvrir|sinon"
    r"|gardien\w*|sacristain|colis|livreur|opérateur|télésurveillance|téléassistance"
    r"|de[ ]notre[ ]part|on[ ]ne[ ](?:laisse|confie|part)|entrer|raccroch\w*|hang[ ]up"
    r"|barriers?|barrières?|gates?|gatehouse|portail|backstage|stage[ ]door|coulisses|accost\w*"
    r"|amarr\w*|berth\w*|dock(?:s|ing)?|moor\w*|capitainerie|harbou?r[ ]?master|embarquement"
    r"|entrée[ ]des[ ]artistes|laisse\w*[ ]passer|let[ ](?:you|us|them|him|her)[ ](?:in|through)"
    r"|change[ ]nothing|ne[ ]rien[ ](?:communiquer|modifier|changer|dire)|sans[ ]ce[ ]mot"
    r"|callback|call-back|alarm[ ]company|société[ ]d['’]alarme|log[ ]us|after[ ]dark"
    r"|répondez|répondre|reply[ ]with|answer[ ]with|respond[ ]with|confirm\w*|authenticat\w*"
    r"|authentifi\w*|verify|vérifi\w*|prove|prouver|livraison|delivery|board(?:s|ing)?|get[ ]in"
    r"|monter|montent|embarqu\w*|avant[ ]qu['’]on[ ]monte|opened|put[ ]through|get[ ]through"
    r"|transf[eé]r\w*|hand[ ]over|won['’]t[ ](?:hand|give|release)"
    rf"|{_VOUCHING}|{_GUARDED})(?![^\W_])"
)
# "is", "c'est", ":", "=", "—", "it's": what gives an unquoted value after the noun.
_GIVES = re.compile(
    r"(?:[ \t]*[:—–][ \t]*(?:it['’]?s|c['’]est)[ \t]+|[ \t]+(?:is|was|est|will[ ]be)[ \t]+"
    r"|[ \t]*(?:[:=]|—|–|->|→)[ \t]*|[ \t]+-[ \t]+"
    r"|[ \t,]+(?:it['’]?s|c['’]est|that['’]s)(?:[ \t]*:)?[ \t]+)"
)
# An unquoted value ends before these.
_VALUE_END = re.compile(
    r"[.,;!?()\n—–]|[ \t]-[ \t]|[ \t](?:if|si|sinon|otherwise|or|ou|so|donc|and|et|not|pas"
    r"|when|quand|but|mais|for|pour|this|ce|cette)[ \t]"
)
_MAX_CLAUSE = 70  # "our code word if anyone calls saying there's an emergency with the kids: X"
_MAX_PLAIN_CLAUSE = 45  # "the word for the babysitter is …", "le mot pour récupérer c'est …"
_QUOTE_REACH = 60  # "Safety word for the kids: … they must say «periwinkle»" reads the line
_CODE_WORD_LITERALS = (
    *("word", "mot", "password", "duress", "code", "what to say", "what to answer"),
    *("faut dire", "faut répondre", "contrainte", "phrase"),
)
# A say verb right before a quoted word: "must say «pineapple»", "sans connaître « cornichon »".
_SAID_QUOTE = re.compile(
    r"(?<![^\W_])(?:say|says|saying|tell|give|gives|giving|know|knows|ask(?:s|ed)?[ ]for"
    r"|provide|provides|quote|quotes|mention|mentions|dire|dit|disent|dites|donner|donne|donnent"
    r"|donnez|demande|demandent|prononce\w*|conna[îi]tre|conna[îi]t|dira|diront|will[ ]say"
    r"|['’]ll[ ]say|whisper|whispers|chuchote\w*|answer|answers|reply|replies|répond\w*)"
    r"(?:[ ](?:the|le|a|un))?(?:[ ](?:word|mot|password|mot de passe|phrase))?"
    r"(?:[ ](?:(?:à|au|aux|to)[ ](?:the[ ]|l['’]|la[ ]|le[ ]|les[ ])?)?[^\W\d_]+"
    r"(?:[ ](?:du|de|of)[ ][^\W\d_]+)?(?:[ ](?:the|le)[ ](?:word|mot|password|phrase))?)?"
    r"[ \t]*:?[ \t]*(?=[«\"“‘'])"
)
_SAID_LITERALS = (
    *("say", "tell", "give", "giving", "know", "ask", "provide", "quote", "mention", "dire"),
    *("dit", "dites", "disent", "donne", "demande", "prononc", "conna", "dira", "whisper"),
    *("chuchot",),
    *("answer", "repl", "répond"),
)
# Goods a counter hands over only on the word: "say "rhubarb crumble" at the trade counter and
# they release the society's order", "dites « tournesol » et ils remettent le colis".
_RELEASED = (
    r"(?:releas\w*|hand(?:s|ed)?[ ]over|remet\w*|libèr\w*)[ ](?:[\w'’]+[ ]){0,3}?"
    r"(?:orders?|parcels?|packages?|keys|prescriptions?|goods|car|van|dog|commandes?|colis|clés"
    r"|clefs|ordonnances?|voiture|chien)"
)
# A word said to prove who one is: "pour confirmer que c'est bien lui", "to confirm it's her".
_PROVING = (
    r"confirm\w*[ ](?:que[ ]|that[ ])?(?:c['’]est|it['’]s)[ ](?:bien[ ]|really[ ]|vraiment[ ])?"
    r"(?:lui|elle|eux|moi|nous|him|her|them|me|us)"
)
# What makes a quoted word said at a door a secret with no noun: children collected, "from us".
_PICK_UP = re.compile(
    r"(?<![^\W_])(?:pick(?:s|ing)?[ ]up|collect\w*|sent[ ]them|from[ ]us|de[ ]notre[ ]part"
    r"|chercher[ ]les[ ]enfants|récupérer|on[ ]ne[ ](?:laisse|confie|part)|don['’]t[ ]go"
    r"|(?:when|if)[ ]asked|si[ ]on[ ](?:te|vous)[ ]demande|buzzer|intercom|interphone"
    r"|(?:vient|viendra|venir|viennent)[ ]chercher|sortie[ ]d['’][ée]cole|school[ ]run"
    r"|to[ ]get[ ]in|pour[ ]entrer|pas[ ]d['’]entrée|no[ ]entry|(?:won['’]t|will[ ]not)[ ]let"
    r"|knocks?|frapp\w*|(?:don['’]t|won['’]t|will[ ]not|do[ ]not)[ ]open|on[ ]n['’]ouvre[ ]pas"
    r"|on[ ]ne[ ]donne[ ]pas|pour[ ]accéder|to[ ]access|signal|countersign|contre-signe"
    r"|(?:will|['’]ll)[ ](?:phone|call|ring)[ ]first|pas[ ]d['’]accès|no[ ]access|without[ ]it"
    r"|n['’]ouvre[ ]pas|won['’]t[ ]open|ne[ ](?:donnent?|laissent?)[ ](?:rien|personne)"
    r"|before[ ]letting|avant[ ]de[ ]laisser|lets?[ ](?:anyone|anybody|you|us|them)[ ]in"
    r"|phrase[ ]convenue|agreed[ ]phrase"
    rf"|{_RELEASED}|{_PROVING}|{_VOUCHING}|{_GUARDED})(?![^\W_])"
)


def find_code_words(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    for line_start, line_end in lines_with(lower, _CODE_WORD_LITERALS):
        span = _code_word_on_line(text, lower, line_start, line_end)
        if span is not None and not _is_protocol(lower, line_start, line_end):
            yield ("code-word", *span)
    for line_start, line_end in lines_with(lower, _SAID_LITERALS):
        spans = [*_said_quoted(text, lower, line_start, line_end)]
        spans += _said_bare(text, lower, line_start, line_end)
        if not spans:
            continue
        context = lower[max(0, line_start - 200) : min(len(lower), line_end + 120)]
        if _PICK_UP.search(context) is not None and _PROTOCOL.search(context) is None:
            for span in spans:
                yield ("code-word", *span)


def _said_quoted(
    text: str, lower: str, line_start: int, line_end: int
) -> Iterator[tuple[int, int]]:
    for said in _SAID_QUOTE.finditer(lower, line_start, line_end):
        quoted = _QUOTED.match(text, said.end())
        if quoted is not None:
            span = _said_value(text, quoted.start(1), quoted.end(1))
            if span is not None:
                yield span


def _said_bare(text: str, lower: str, line_start: int, line_end: int) -> list[tuple[int, int]]:
    """Words said unquoted, none of them naming what is said ("they'll say Ella's name")."""
    spans = []
    for said in _SAID_BARE.finditer(lower, line_start, line_end):
        reach = min(line_end, said.end() + _SAID_REACH)
        end = _VALUE_END.search(lower, said.end(), reach)
        span = _value(text, said.end(), end.start() if end is not None else reach, most=2)
        if span is not None and _NAMING.isdisjoint(lower[span[0] : span[1]].split()):
            spans.append(span)
    return spans


_NAMING = frozenset(("name", "names", "nom", "noms", "number", "numéro", "prénom", "surname"))


# "they'll say juniper", "say yellow umbrella when they call": a word said unquoted, where a
# child is collected, someone comes from us or an alarm is disarmed under duress (`_PICK_UP`).
_SAID_BARE = re.compile(
    r"(?<![^\W_])(?:(?:they|he|she|you)['’]ll[ ]say|(?:they|he|she)[ ]will[ ]say|diront|dira"
    r"|say|dites)[ ]+(?![«\"“‘'])"
)
# Words said by rote, not to be let in: a radio's or a stage's, a distress call, a standard.
_PROTOCOL = re.compile(
    r"(?<![^\W_])(?:protocol|protocole|standard|procedure|procédure|mayday|pan-pan|distress"
    r"|détresse|cue|réplique|phraseology|jargon|lingo|pro-?words?|vocabulary|vocabulaire"
    r"|call[ ]?signs?|indicatif|helplines?|hotlines?|serveur[ ]vocal|(?:automated|phone|voice)"
    r"[ ](?:line|menu)|everyone[ ](?:uses|says|knows)|mots?[ ](?:standards?|habituels?"
    r"|d['’]usage)|tout[ ]le[ ]monde[ ](?:les[ ])?(?:dit|utilise|conna[îi]t)\w*|game|jeu"
    r"|party[ ]game)(?![^\W_])"
)


def _is_protocol(lower: str, line_start: int, line_end: int) -> bool:
    return _PROTOCOL.search(lower, max(0, line_start - 200), line_end + 120) is not None


def _said_value(text: str, start: int, end: int) -> tuple[int, int] | None:
    """A quoted phrase said at a door, articles and all ("«les carottes sont cuites»"), but
    no greeting, thanks or refusal."""
    value = text[start:end].strip()
    words = value.split()
    if not words or words[0].lower().strip(",.!") in _COURTESIES:
        return None
    if len(words) > 1:
        return _value(text, start, end, most=_MAX_SAID, said=True)
    return _value(text, start, end)


_MAX_SAID = 6
_SAID_REACH = 60  # a word said is a few words: a line of prose is not read to its end each time
_COURTESIES = frozenset(
    (
        *("no", "yes", "please", "thanks", "thank", "merci", "hello", "hi", "bonjour", "sorry"),
        *("pardon", "oui", "non", "ok", "goodbye", "au", "s'il", "bye", "cheers", "salut"),
        *("cheese", "ouistiti"),  # said for a photo
    )
)


def _code_word_on_line(
    text: str, lower: str, line_start: int, line_end: int
) -> tuple[int, int] | None:
    strong = _CODE_WORD_NOUN.search(lower, line_start, line_end)
    noun = strong or _PLAIN_NOUN.search(lower, line_start, line_end)
    if noun is None:
        return None
    if strong is None and not _is_given(lower, noun, line_start, line_end):
        return None
    after = noun.end()
    quoted = _QUOTED.search(text, after, min(line_end, after + _QUOTE_REACH))
    if (
        quoted is not None
        and _opens(text, quoted.start())
        and _no_sentence_between(text, after, quoted.start())
        and _DEFINED.match(lower, quoted.end()) is None
    ):
        if "phrase" in noun[0]:  # a phrase is said whole: "Swan Lake Saturday at six"
            span = _said_value(text, quoted.start(1), quoted.end(1))
        else:
            span = _value(text, quoted.start(1), quoted.end(1))
        if span is not None:
            return span
    if strong is None and noun["code"] is not None:
        return None  # a code's unquoted value is the household codes' (codes.py)
    vouched = _VOUCHED.search(lower, line_start, line_end) is not None
    reach = _MAX_CLAUSE if strong is not None or vouched else _MAX_PLAIN_CLAUSE
    if _says_what_it_is_for(lower, after, min(line_end, after + _MAX_CLAUSE)):
        reach = _MAX_CLAUSE  # "le mot à donner au gardien pour récupérer le colis : Amandine"
    return (
        _value_given(text, lower, after, min(line_end, after + reach))
        or _value_said(text, lower, noun, line_start, line_end, strong=strong is not None)
        or _word_under(text, lower, after, line_end)
    )


def _says_what_it_is_for(lower: str, start: int, end: int) -> bool:
    """The clause after a plain noun says who it is given to and what it opens or releases."""
    return (
        _SAYING.search(lower, start, end) is not None
        and _LETTING.search(lower, start, end) is not None
    )


# "give the word peonyfield", "elle doit donner le mot hortensia": the word right after it.
_SAY_BEFORE = re.compile(
    r"(?:say|give|tell|know|provide|quote|dire|donner|donne|donnez|dites|donnent|citer|citez"
    r"|ask[ ]for|demande[rz]?)[ ]"
    r"(?:(?:the|our|your|their|a|le|notre|votre|leur|un)[ ])?(?:[^\W\d_]+(?:['’]s)?[ ])?\Z"
)
_SAID_WORD_END = re.compile(
    r"[.,;!?()\n—–]|[ \t]-[ \t]|[ \t](?:if|si|sinon|otherwise|or|ou|so|donc|and|et|not|pas|when"
    r"|quand|but|mais|for|pour|on|at|to|in|with|à|au|sur|dans|avec|then|puis|before|avant|after"
    r"|après|first|d['’]abord)(?![^\W_])"
)
_MAX_SAID_WORDS = 2
_BEFORE_NOUN = 25


def _value_said(
    text: str, lower: str, noun: re.Match[str], line_start: int, line_end: int, *, strong: bool
) -> tuple[int, int] | None:
    """The word right after "give the word …" or after the answer a challenge asks for ("they
    ask for the word, we answer KESTREL"), or a strong noun's single word ending the line
    ("memorable word Harrington")."""
    after = noun.end()
    if after >= line_end or lower[after] not in " \t:,":
        return None
    before = lower[max(line_start, noun.start() - _BEFORE_NOUN) : noun.start()]
    challenge = None
    if "ask" in before or "demand" in before:
        challenge = _CHALLENGED.search(
            lower, max(line_start, noun.start() - _BEFORE_NOUN), line_end
        )
    if _SAY_BEFORE.search(before) is not None or challenge is not None:
        if challenge is not None:
            after = challenge.end()
        after += len(lower[after:line_end]) - len(lower[after:line_end].lstrip(" \t:-–—"))
        reach = min(line_end, after + _SAID_REACH)
        end = _SAID_WORD_END.search(lower, after, reach)
        return _value(text, after, end.start() if end is not None else reach, most=_MAX_SAID_WORDS)
    rest = text[after:line_end].strip()
    if (
        strong
        and len(rest.split()) == 1
        and (rest[0].isupper() or any(map(str.isdigit, rest)))
        and rest.lower().strip(".,;!") not in _NOUN_TAILS
    ):
        return _value(text, after, line_end)
    return None


_NOUN_TAILS = frozenset(
    (
        *("manager", "managers", "policy", "reset", "hint", "rules", "requirements", "change"),
        *("gestionnaire", "oublié", "perdu", "expired", "expiré", "vault", "list", "liste"),
    )
)
# A word given under the line naming it: alone in quotes, after a label per family or month
# ("Dubois family → "pistachio"", "This month: ARDENNES7"), or as the next speaker's reply.
_UNDER_LABEL = re.compile(
    r"[ \t]*(?:[-*•>][ \t]*)?(?:(?P<label>[^\n:=→—–(]{0,30}?)[ \t]*(?::|=|->|→|—|–)[ \t]*)?"
)
_REPLY_OPENING = re.compile(
    r"(?:(?:yes|yeah|yep|sure|oui|ouais|ok|okay)[, ]+)?(?:(?:it['’]?s|its|c['’]est|that['’]s)"
    r"[ ]+)?",
    re.I,
)


def _word_under(text: str, lower: str, after: int, noun_line_end: int) -> tuple[int, int] | None:
    """The word given on the line under the noun's, when the noun's line gives nothing."""
    gives = _GIVES.search(lower, after, noun_line_end)
    if gives is not None and lower[gives.end() : noun_line_end].strip():
        return None  # "mot de passe du coffre : le chat dort …": its value, not the next line's
    position = noun_line_end + 1
    if position >= len(text):
        return None
    return _word_on_line_under(text, position, end_of_line(text, position))


def _word_on_line_under(text: str, start: int, end: int) -> tuple[int, int] | None:
    speaker = SPEAKER.match(text, start, end)
    if speaker is not None:
        opening = _REPLY_OPENING.match(text, speaker.end(), end)
        value_start = opening.end() if opening is not None else speaker.end()
        value_end = _VALUE_END.search(text.lower(), value_start, end)
        return _value(text, value_start, value_end.start() if value_end is not None else end)
    label = _UNDER_LABEL.match(text, start, end)
    value_start = label.end() if label is not None else start
    quoted = _QUOTED.match(text, value_start, end)
    if quoted is not None and text[quoted.end() : end].strip() == "":
        return _said_value(text, quoted.start(1), quoted.end(1))
    if label is None or label["label"] is None:
        return None  # an unquoted word alone is any line
    if not label["label"].strip() or any(map(str.isdigit, label["label"])):
        return None
    return _value(text, value_start, end)


def _is_given(lower: str, noun: re.Match[str], line_start: int, line_end: int) -> bool:
    """A plain noun names a word given at a door when something is opened, released or
    collected around it, and it is said or given, or that is what it is for: "the word for the
    babysitter", "le mot pour récupérer", "crèche pick-up: password is …"; or when someone
    will ask for it and the reader is told what to answer. The line is read before the wider
    context around it."""
    if _is_challenged(lower, line_start, line_end):
        return True
    near = lower[max(line_start, noun.start() - _NEAR) : min(line_end, noun.end() + _NEAR)]
    said = (
        noun["safe"] is not None
        or _VOUCHED.search(lower, line_start, line_end) is not None
        or _SAYING.search(lower, line_start, line_end) is not None
        or _COLLECTING.search(near) is not None
        or (noun["code"] is None and _AT_A_DOOR.match(lower, noun.end()) is not None)
    )
    context = lower[max(0, line_start - 200) : min(len(lower), line_end + 120)]
    return said and _LETTING.search(context) is not None


_NEAR = 20  # "crèche pick-up: password is …", "le mot pour récupérer c'est …"


def _is_challenged(lower: str, line_start: int, line_end: int) -> bool:
    line = lower[line_start:line_end]
    return ("ask" in line or "demand" in line) and _CHALLENGED.search(line) is not None


# Someone will ask for the word and the reader is told what to answer: a challenge, wherever
# it is met ("the driver will ask for the word — say 'confetti'", "il vous demandera le mot,
# répondez « Bastille »").
_CHALLENGED = re.compile(
    r"(?<![^\W_])(?:asks?|asking|will[ ]ask|['’]ll[ ]ask|demand\w*)[ ](?:for[ ])?(?:the|a|le|un)[ ]"
    r"(?:\w+[ ])?(?:word|mot|password|mot[ ]de[ ]passe|passphrase)(?![^\W_])[^\n]{0,40}?"
    r"(?<![^\W_])(?:say|answer|reply|répondez|répondre|répondez|dites|dire)(?![^\W_])"
)
# What a word is for when it names what it is for: a child collected, a babysitter's word.
_COLLECTING = re.compile(
    r"(?<![^\W_])(?:pick(?:s|ing)?[ ]up|pick-up|pickup|collect\w*|babysitter|baby-sitter|nanny"
    r"|childminder|récupérer|chercher|sortie|nounou|crèche|creche)(?![^\W_])"
)
# A word said at a door: "tonight's password for the stage door", "le mot de passe à la porte".
_AT_A_DOOR = re.compile(
    r"[ ](?:for|at|to|of|de|à|pour)[ ](?:the[ ]|la[ ]|le[ ]|l['’])?(?:\w+[ ])?(?:doors?|porte"
    r"|gates?|portail|entrance|entrée)(?![^\W_])"
)


def _opens(text: str, quote: int) -> bool:
    """A quote that opens a value follows a space, a colon or "=", not the end of a quotation
    ('"Say the magic word," said the troll, "or …"')."""
    return quote == 0 or text[quote - 1] in _BEFORE_A_QUOTE


# A word quoted to say what it means is no word given: '"bedtime" means teeth first'.
_DEFINED = re.compile(
    r"[ \t]*(?:means|meant|stands[ ]for|is[ ]used|veut[ ]dire|signifie|désigne|est[ ]utilisé)"
)
_BEFORE_A_QUOTE = frozenset(" \t\u00a0\u202f:=(\n")


def _no_sentence_between(text: str, start: int, end: int) -> bool:
    return not any(mark in text[start:end] for mark in (". ", "? ", "! "))


def _value_given(text: str, lower: str, after: int, reach: int) -> tuple[int, int] | None:
    """An unquoted value after "is", ":", "c'est"…, a short clause after the noun at most (one
    without digits: "a new password every 90 days, it's annoying" gives none)."""
    line_end = end_of_line(lower, after)
    gives = _GIVES.search(lower, after, reach)
    if gives is None:
        return None
    clause = text[after : gives.start()]
    if not _no_sentence_between(text, after, gives.start()) or any(map(str.isdigit, clause)):
        return None
    if clause.count("(") > clause.count(")"):
        return None  # "(to confirm someone is sent by us) is …": an aside's verb
    value_end = _VALUE_END.search(lower, gives.end(), line_end)
    return _value(text, gives.end(), value_end.start() if value_end is not None else line_end)


# --- security answers -----------------------------------------------------------------------

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
)
_NAMED_QUESTION = re.compile(
    r"(?<![^\W_])(?:(?:security|secret|memorable)[ ](?:q|qs|questions?)|questions?[ ]secr[èe]tes?"
    r"|questions?[ ]de[ ]s[ée]curit[ée])(?![^\W_])"
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
    for found in _NAMED_QUESTION.finditer(lower, line_start, line_end):
        if _EXAMPLE.search(lower, found.start(), found.end()) or _NO_ACCOUNT.search(
            lower, line_start, line_end
        ):
            continue
        start = found.end()
        end = _ANSWER_END.search(lower, start, min(line_end, start + _MAX_ANSWER) + 1)
        span = _value(
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
            span = _value(text, start, position + len(part), name=True)
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
    for answer in found:
        if answer is not None:
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
        most = _MAX_ANSWER_WORDS if pointed else _MAX_VALUE_WORDS
        span = _value(text, start, end.start() if end is not None else bound, name=True, most=most)
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
            span = _value(text, answer.end(), below_end, name=True, most=_MAX_ANSWER_WORDS)
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
    span = _value(
        text, speaker.end(), value_end.start() if value_end is not None else end, name=True
    )
    return None if span is None else (*span, True)


def _bare_answer(text: str, lower: str, after: int, before: int) -> tuple[int, int, bool] | None:
    """A capitalised name right after its question, up to the next comma."""
    bare = _BARE.match(text, after)
    if bare is None:
        return None
    end = _ANSWER_END.search(lower, bare.end(), before)
    span = _value(text, bare.end(), end.start() if end is not None else before, name=True)
    return None if span is None else (*span, False)


def _bare_line(text: str, start: int) -> tuple[int, int, bool] | None:
    """The next line alone, one or two words: the answer under its question."""
    end = end_of_line(text, start)
    if "?" in text[start:end]:
        return None
    span = _value(text, start, end, name=True, most=2)
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


# --- recovery and backup codes ----------------------------------------------------------------

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


def find_words_given(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """The four layouts above, in turn; a glossary's word ("« clé » → key") is said, not
    given."""
    for rule, start, end in find_code_words(text, lower):
        if not is_glossary_word(lower, start, end):
            yield rule, start, end
    yield from find_question_answers(text, lower)
    yield from find_recovery_codes(text, lower)
