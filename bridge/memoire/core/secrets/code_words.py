"""Code words: a word someone must say or give to be let in or to prove who they are.

The scored slots learn these poorly, because a note holds several at once or the value is an
ordinary word.

A word someone must say or give to be let in, to collect a child, to prove who they are ("they
must say the word «pineapple» or the coach won't release him", "Le sacristain demande le mot «
Palestrina » avant d'ouvrir", "mot de contrainte = « girafe »", "our code word if anyone calls:
pineapple"). A noun made for it (code word, safe word, duress word, mot de contrainte, mot de
passe convenu, a door's or a gate's word or phrase…) needs only its value; a plain "word", "mot"
or "password" also needs a verb of saying or giving and something being opened, released or
collected, or someone vouched for before anything is said or handed over ("anyone calling on her
behalf must give the word «peppermint» before we discuss her file", "son fils donne le mot «
capucine » avant qu'on lui parle du dossier", "if the school calls"), so "say the magic word" in
a story, 'the word "literally"' and "say «agent» to reach a person" pass. A "phrase" is such a
noun ("wants the phrase "Swan Lake Saturday" before letting anyone backstage"), whose, to whom
or where it is said may stand between the verb and the word ("ask for the boat's word — it's
Fastnet", "dire à l'accueil du parc : « famille Bertrand »"), and a word given on the phone
counts ("when phoning, quote the school word ROUNDABOUT"). The word may follow "give the word"
unquoted ("give the word peonyfield"), a challenge ("il vous demandera le mot, répondez «
Bastille »"), or stand on the line under its noun (per family or month, alone in quotes, as the
next speaker's reply); words said by rote (a radio's protocol, a cue, "Mayday", a game) are
none, but a night game's password that gets a patrol past the sentries ("pour franchir la ligne
des sentinelles, le mot est « Renard Argenté »"; not a word the sentries must guess). With no
noun at all, a quoted word said is one where its saying lets someone in or through, picks a
child up or is the word of a while ("say "Wessex Tide" — it's this month's word", "allowed in if
he says …", "on dit ‹ … ›, c'est le mot de la semaine"); a period's word may follow its
challenge ("the doorman will ask you for the word. This run it's "Prospero"").

It reads only the lines holding one of its literals, found once per note (text.positions).
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.chat_codes import SPEAKER
from memoire.core.secrets.lookalikes import is_glossary_word, is_saying_who_one_is
from memoire.core.secrets.text import end_of_line, line_start_within, lines_with, worded_value

# "aller chercher les enfants" fetches someone; "à chercher dans PubMed" searches.
_FETCHING = r"chercher(?![ ](?:dans|sur|sous|en[ ]ligne)(?![^\W_]))"

# A value in quotes: "«pineapple»", "'copperfield'".
_QUOTED = re.compile(
    r"(?:[«‹\"“‘]|(?<![^\W_])')[ \t\u00a0\u202f]*("
    r"(?:[^\n«»‹›\"“”‘’']|(?<=[^\W_])['’](?=[^\W_])){1,40}?)"
    r"[ \t\u00a0\u202f]*(?:[»›\"”]|['’](?![^\W_]))"
)
# Nouns made for a word said to be let in or to prove who one is.
_CODE_WORD_NOUN = re.compile(
    r"(?<![^\W_])(?:code[ -]?words?|safety[ -]?words?|duress[ ](?:word|code)s?"
    r"|family[ ](?:word|password)|memorable[ ]word|secret[ ]word|password[ ]word|security[ ]word"
    r"|(?:verbal|spoken|voice)[ ]password"
    r"|mots?[ ](?:de[ ])?(?:code|contrainte|secret|convenu|s[ée]curit[ée])e?s?"
    r"|mot[ ]de[ ]passe[ ](?:convenu|de[ ]la[ ]famille|familial)|mots?[ ]de[ ]reconnaissance"
    r"|(?:agreed|shared)[ ](?:word|password)|mots?[ ]d['’]ordre|watchword"
    r"|mots?[ ]de[ ]ralliement"
    r"|pass[ ]?word[ ]of[ ]the[ ](?:day|week|month|night)|(?:authentication|challenge)[ ]word"
    r"|mots?[ ]d['’]authentification|countersign"
    r"|(?:family|agreed|secret)[ ]code|(?:code|agreed|secret)[ ]phrases?"
    r"|phrases?[ ]convenues?|(?:verification|identification|session|authentication)[ ]"
    r"(?:words?|phrases?|passphrases?)|mots?[ ]de[ ](?:vérification|session)"
    r"|phrases?[ ]de[ ](?:vérification|reconnaissance)|(?:word|phrase|passphrase)[ ]we[ ]agreed"
    r"|(?:word|phrase)[ ]agreed|(?:verification|callback|call-back)[ ]passwords?"
    r"|mots?[ ]de[ ]passe[ ]de[ ]vérification"
    # A word said at a door or a gate to get in ("tonight's member door phrase"), not what a
    # sign on it reads ("the door phrase painted above the entrance reads …").
    r"|(?:(?:door|gate)[ ](?:words?|phrases?|passwords?)|(?:mots?|phrases?)[ ]de[ ]la[ ]porte)"
    r"(?![^\n:«\"“‘]{0,40}(?:reads|says|dit|indique|painted|written|engraved|carved|gravée?"
    r"|écrite?|peinte?|signs?|panneaux?|plaques?)))(?![^\W_])"
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
    r"|give|hand|tell)\w*|before[ ](?:giving|discussing|sharing|releasing|disclosing)"
    r"|(?:won['’]t|will[ ]not|don['’]t|only)[ ](?:talk|speak|discuss|release"
    r"|disclose|deal)\w*"
    r"|avant[ ](?:qu['’](?:on|ils?|elles?)|que[ ](?:nous|je|vous))[ ](?:(?:lui|leur|vous|te)[ ])?"
    r"(?:parl|discut|donn|communiqu|remett|rend)\w*"
    r"|avant[ ]de[ ](?:(?:lui|leur|vous|te)[ ])?(?:parler|discuter|donner|communiquer|remettre)"
)
# A caller proving who they are before their account is touched: "if not, fail ID&V", "avant
# toute modif de contrat"; a word's noun must name it (a consent said aloud, "say 'I agree'
# before any change", is none).
_IDENTIFYING = (
    r"id&v|id[ ]?checks?|identity[ ]checks?|(?:pass|fail)\w*[ ](?:the[ ])?(?:id|security)\b"
    r"|vérification[ ]d['’]identité|(?:before|avant|pour)[ ](?:any|toute?|each|chaque)[ ]"
    r"(?:changes?|modif\w*|changements?)"
)
_VOUCHED = re.compile(rf"(?<![^\W_])(?:{_VOUCHING})(?![^\W_])")
# Someone guarding a way in, or being let through by a word: a guard, a gate's crew, "they let
# members in", "ils nous laissent passer", "before we open up", "so they know it's really us",
# or pays entry without it ("sinon ils paient l'entrée", "or they pay entry").
_GUARDED = (
    r"guards?|security[ ]guards?|stewards?|bouncers?|door[ ]staff|gate[ ]crew|vigiles?|videurs?"
    r"|door(?:man|men)|doorkeepers?|portiers?|sentr(?:y|ies)|sentinelles?"
    r"|lets?[ ](?:\w+[ ]){1,2}(?:in|through)|lets?[ ]\w+[ ](?:back[ ])?into"
    r"|(?:allowed|admitted)[ ](?:in|through|on[ ]site)|laiss\w*[ ](?:\w+[ ])?passer"
    r"|before[ ](?:we|i|they|anyone)[ ](?:open|let|unlock)\w*|pour[ ]ne[ ]pas[ ]payer|sans[ ]payer"
    r"|without[ ]paying|(?:sinon|otherwise|or[ ]else|or)[ ](?:\w+[ ]){0,2}(?:pay|pays|paie|paient"
    r"|payent|payer|paying)[ ](?:(?:the|full|le|plein)[ ]|l['’]){0,2}(?:entry|entrée|entrance"
    r"|door|admission)"
    r"|(?:know|knows|sache|sachent|savent)[ ](?:\w+[ ]){0,2}(?:it['’]s|c['’]est)"
    r"[ ](?:really[ ]|bien[ ]|vraiment[ ])?(?:us|me|nous|moi)"
)
# Something opened, released or collected, or someone proving who they are.
_LETTING = re.compile(
    r"(?<![^\W_])(?:pick(?:s|ing)?[ ]up|pick-up|pickup|collect\w*|releas\w*|let[ ]\w+[ ]in"
    r"|unlock\w*|open(?:s|ing)?|before[ ](?:he|she|they)|otherwise|or[ ]else"
    r"|don['’]t[ ]go|don['’]t[ ]let"
    r"|babysitter|baby-sitter|nanny|childminder|nursery|crèche|creche|caretaker"
    r"|porter|concierge|courier|parcel|operator|monitoring|stranger|sent[ ]them|from[ ]us"
    rf"|rehearsals?|récupérer|{_FETCHING}|sortie|nounou|ouvr\w*|avant[ ]d['’]ouvrir|sinon"
    r"|gardien\w*|sacristain|colis|livreur|opérateur|télésurveillance|téléassistance"
    r"|de[ ]notre[ ]part|on[ ]ne[ ](?:laisse|confie|part)|entrer|raccroch\w*|hang[ ]up"
    r"|barriers?|barrières?|gates?|gatehouse|portail|backstage|stage[ ]door|coulisses|accost\w*"
    r"|amarr\w*|berth\w*|dock(?:s|ing)?|moor\w*|capitainerie|harbou?r[ ]?master|embarquement"
    r"|entrée[ ]des[ ]artistes|laisse\w*[ ]passer|let[ ](?:you|us|them|him|her)[ ](?:in|through)"
    r"|change[ ]nothing|ne[ ]rien[ ](?:communiquer|modifier|changer|dire)|sans[ ]ce[ ]mot"
    r"|callbacks?|call-backs?|alarm[ ]company|société[ ]d['’]alarme|log[ ]us|after[ ]dark"
    r"|répondez|répondre|reply[ ]with|answer[ ]with|respond[ ]with|confirm\w*|authenticat\w*"
    r"|authentifi\w*|verify|vérifi\w*|prove|prouver|livraison|delivery|board(?:s|ing)?|get[ ]in"
    r"|monter|montent|embarqu\w*|avant[ ]qu['’]on[ ]monte|opened|put[ ]through|get[ ]through"
    r"|transf[eé]r\w*|hand[ ]over|won['’]t[ ](?:hand|give|release)"
    rf"|{_VOUCHING}|{_GUARDED}|{_IDENTIFYING})(?![^\W_])"
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
# A code word's own noun may say first when it is asked for, at length, then who must say it:
# "Mot d'ordre si un appel prétend venir de la préfecture pendant le direct : ils doivent dire «
# Hirondelle »". A slogan's quote after a colon has no say verb before it.
_STRONG_QUOTE_REACH = 110
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
    r"(?:[ ](?:(?:à|au|aux|to)[ ](?:the[ ]|l['’]|la[ ]|le[ ]|les[ ])?)?[^\W\d_]+(?!['’][^\W_])"
    r"(?:[ ](?:du|de|of)[ ][^\W\d_]+)?(?:[ ](?:the|le)[ ](?:word|mot|password|phrase))?)?"
    r"(?:[ ](?:you['’]re|you[ ]are|i['’]m|we['’]re|they['’]re|it['’]s|that[ ]you['’]re))?"
    r"[ \t]*:?[ \t]*(?=[«‹\"“‘'])"
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
# A word agreed for a while, as only a word given at a door is: "it's this month's word", "c'est
# le mot de la semaine", "the password of the night".
_PERIOD_WORD = (
    r"(?:this|last|next)[ ](?:week|month|run|quarter|term|season|night|tour)['’]s[ ]"
    r"(?:word|password|phrase)|(?:word|password|phrase)[ ]of[ ]the[ ](?:week|month|night|run)"
    r"|mot[ ](?:de[ ]passe[ ])?(?:de[ ]la[ ](?:semaine|nuit|soirée)|du[ ](?:mois|soir|trimestre))"
)
# What makes a quoted word said at a door a secret with no noun: children collected, "from us".
_PICK_UP = re.compile(
    r"(?<![^\W_])(?:pick(?:s|ing)?[ ](?:(?:you|him|her|them|me|us|the[ ]kids)[ ])?up|collect\w*"
    r"|sent[ ]them|from[ ]us|de[ ]notre[ ]part"
    r"|chercher[ ]les[ ]enfants|récupérer|on[ ]ne[ ](?:laisse|confie|part)|don['’]t[ ]go"
    r"|(?:when|if)[ ]asked|si[ ]on[ ](?:te|vous)[ ]demande|buzzer|intercom|interphone"
    r"|(?:vient|viendra|venir|viennent)[ ](?:(?:te|vous|le|la|les|me|nous)[ ])?chercher"
    r"|sortie[ ]d['’][ée]cole|school[ ]run"
    r"|to[ ]get[ ]in|pour[ ]entrer|pas[ ]d['’]entrée|no[ ]entry|(?:won['’]t|will[ ]not)[ ]let"
    r"|knocks?|frapp\w*|(?:don['’]t|won['’]t|will[ ]not|do[ ]not)[ ]open|on[ ]n['’]ouvre[ ]pas"
    r"|on[ ]ne[ ]donne[ ]pas|pour[ ]accéder|to[ ]access|signal|countersign|contre-signe"
    r"|(?:will|['’]ll)[ ](?:phone|call|ring)[ ]first|pas[ ]d['’]accès|no[ ]access|without[ ]it"
    r"|n['’]ouvr(?:e|es|ez|ent)[ ]pas|won['’]t[ ]open"
    r"|ne[ ](?:donnent?|laissent?)[ ](?:rien|personne)"
    r"|before[ ]letting|avant[ ]de[ ]laisser|lets?[ ](?:anyone|anybody|you|us|them)[ ]in"
    r"|phrase[ ]convenue|agreed[ ]phrase"
    rf"|{_RELEASED}|{_PROVING}|{_VOUCHING}|{_GUARDED}|{_PERIOD_WORD})(?![^\W_])"
)


def find_code_words(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """Code words given or said; a glossary's word ("« clé » → key") is said, not given."""
    for rule, start, end in _words_given_or_said(text, lower):
        if not is_glossary_word(lower, start, end):
            yield rule, start, end


def _words_given_or_said(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
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
        if _PICK_UP.search(context) is not None and not _is_said_by_rote(context):
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
        span = worded_value(text, said.end(), end.start() if end is not None else reach, most=2)
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
    r"|d['’]usage)|tout[ ]le[ ]monde[ ](?:les[ ])?(?:dit|utilise|conna[îi]t)\w*"
    r"|spelling|orthographe|dictée|lessons?|leçons?)(?![^\W_])"
)


# A game's word is said in play ("party game", "jeu de mots"), but for the password that takes a
# patrol past a line of sentries in a night game: only who says it gets through. A word to
# guess, a riddle's or a game's answer, a story's, stays play.
_GAME = re.compile(r"(?<![^\W_])(?:game|jeu)(?![^\W_])")
_PAST_SENTRIES = re.compile(
    r"(?<![^\W_])(?:sentr(?:y|ies)|sentinelles?|sentinels?|guards?|gardes|vigies?|lookouts?"
    r"|checkpoints?|postes?[ ]de[ ](?:garde|contrôle))(?![^\W_])"
)
_PASSING = re.compile(
    r"(?<![^\W_])(?:pass\w*|franchi\w*|past|through|cross\w*|travers\w*|laiss\w*)(?![^\W_])"
)
# A word to guess, or a story's: "the sentries must guess the word", "in the film the word is".
_TO_GUESS = re.compile(
    r"(?<![^\W_])(?:guess\w*|devin\w*|answers?|réponses?|solutions?|riddles?|énigmes?"
    r"|mystery|mystère|charades?|crosswords?|mots[ ]croisés|scrabble|pendu|hangman|films?"
    r"|movies?|novels?|romans?|books?|livres?|stor(?:y|ies)|episodes?|épisodes?|scenes?"
    r"|scènes?)(?![^\W_])"
)


def _is_protocol(lower: str, line_start: int, line_end: int) -> bool:
    return _is_said_by_rote(lower[max(0, line_start - 200) : line_end + 120])


def _is_said_by_rote(context: str) -> bool:
    """Words of a protocol, or of a game but a sentries' password (`_GAME`)."""
    if _PROTOCOL.search(context) is not None:
        return True
    if _GAME.search(context) is None:
        return False
    past = _PAST_SENTRIES.search(context) is not None and _PASSING.search(context) is not None
    return not past or _TO_GUESS.search(context) is not None


def _said_value(text: str, start: int, end: int) -> tuple[int, int] | None:
    """A quoted phrase said at a door, articles and all ("«les carottes sont cuites»"), but
    no greeting, thanks, refusal, nor who one is."""
    value = text[start:end].strip()
    words = value.split()
    if not words or {words[0].lower().strip(",.!"), words[-1].lower().strip(",.!")} & _COURTESIES:
        return None  # "ID please", "merci beaucoup": a request or thanks
    if is_saying_who_one_is(value) and not _is_demanded(text, start):
        return None  # "it's Beth from Paws": who one is, which anyone may say
    if len(words) > 1:
        return worded_value(text, start, end, most=_MAX_SAID, said=True)
    return worded_value(text, start, end)


# Words demanding the exact phrase, or else no one opens: "dire « c'est Julie des fleurs » à
# l'interphone, sinon il n'ouvre pas" is a phrase agreed, not who one is.
_DEMANDED = re.compile(
    r"(?<![^\W_])(?:sinon|otherwise|or[ ]else|unless|only[ ]if|exactly|exactement|word[ ]for"
    r"[ ]word|mot[ ]pour[ ]mot|agreed|convenu\w*|won['’]t[ ]open|n['’]ouvre[ ](?:pas|à[ ]personne)"
    r"|(?:or|else)[ ](?:they|he|she)[ ](?:won['’]t|will[ ]not))(?![^\W_])",
    re.IGNORECASE,
)


def _is_demanded(text: str, position: int) -> bool:
    """The clause around `position`, on its line, demands the phrase said there."""
    start = line_start_within(text, position, _DEMANDED_REACH)
    end = min(end_of_line(text, position), position + _DEMANDED_REACH)
    return _DEMANDED.search(text, start, end) is not None


_DEMANDED_REACH = 120  # characters either side: a line of many phrases is read in linear time


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
    if quoted is None and strong is not None:
        quoted = _quoted_after_a_say_verb(text, lower, after, line_end)
    if (
        quoted is not None
        and _opens(text, quoted.start())
        and (
            _no_sentence_between(text, after, quoted.start())
            or _PERIOD_GIVES.search(lower, after, quoted.start()) is not None
        )
        and _DEFINED.match(lower, quoted.end()) is None
    ):
        if "phrase" in noun[0]:  # a phrase is said whole: "Swan Lake Saturday at six"
            span = _said_value(text, quoted.start(1), quoted.end(1))
        else:
            span = worded_value(text, quoted.start(1), quoted.end(1))
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


def _quoted_after_a_say_verb(
    text: str, lower: str, after: int, line_end: int
) -> re.Match[str] | None:
    """The first quote up to a long reach after a code word's noun, when a say verb stands
    right before it ("they must say "Kingfisher"")."""
    end = min(line_end, after + _STRONG_QUOTE_REACH)
    quoted = _QUOTED.search(text, after, end)
    if quoted is None:
        return None
    said = _SAID_QUOTE.search(lower, max(after, quoted.start() - _SAY_REACH), quoted.start() + 1)
    return quoted if said is not None and said.end() == quoted.start() else None


_SAY_REACH = 40


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
        return worded_value(
            text, after, end.start() if end is not None else reach, most=_MAX_SAID_WORDS
        )
    rest = text[after:line_end].strip()
    if (
        strong
        and len(rest.split()) == 1
        and (rest[0].isupper() or any(map(str.isdigit, rest)))
        and rest.lower().strip(".,;!") not in _NOUN_TAILS
    ):
        return worded_value(text, after, line_end)
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
        return worded_value(text, value_start, value_end.start() if value_end is not None else end)
    label = _UNDER_LABEL.match(text, start, end)
    value_start = label.end() if label is not None else start
    quoted = _QUOTED.match(text, value_start, end)
    if quoted is not None and text[quoted.end() : end].strip() == "":
        return _said_value(text, quoted.start(1), quoted.end(1))
    if label is None or label["label"] is None:
        return None  # an unquoted word alone is any line
    if not label["label"].strip() or any(map(str.isdigit, label["label"])):
        return None
    return worded_value(text, value_start, end)


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
        or (
            _PAST_THE_SENTRIES.search(lower, line_start, line_end) is not None
            and _TO_GUESS.search(lower, line_start, line_end) is None
        )
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
    rf"|childminder|récupérer|{_FETCHING}|sortie|nounou|crèche|creche)(?![^\W_])"
)
# A word to get past a line of sentries: "le mot pour passer la sentinelle", "to get past the
# guards".
_PAST_THE_SENTRIES = re.compile(
    r"(?<![^\W_])(?:pass(?:er|e|ez|ent)?|franchi\w*|get[ ](?:past|through)|cross(?:ing)?"
    r"|travers\w*)[ ](?:[^\W\d_]+[ ]){0,3}?(?:sentr(?:y|ies)|sentinelles?|sentinels?|guards?"
    r"|gardes)(?![^\W_])"
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


# The next sentence gives the word for a while: "the doorman will ask you for the word. This run
# it's "Prospero"", "… le mot. Ce mois-ci c'est « Pivoine »".
_PERIOD_GIVES = re.compile(
    r"[.!?][ \t]+(?:for[ ])?(?:this|ce|cette)[ ](?:run|week|month|quarter|term|season|night|year"
    r"|semaine|mois|trimestre|saison|soir|nuit|année)(?:-ci)?[ \t,]*(?:it['’]s|it[ ]is"
    r"|the[ ]word[ ]is|c['’]est|le[ ]mot[ ]est|:)[ \t]*\Z"
)


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
    return worded_value(text, gives.end(), value_end.start() if value_end is not None else line_end)
