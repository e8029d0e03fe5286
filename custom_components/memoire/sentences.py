"""The sentence lists, per language and question, as the options flow stores them.

The defaults cover the ways people ask in each language ("tell me about …", "do you
remember …", "what's my …", "parle-moi de …", "c'est quoi mon …"); the options may
replace any list. `{topic}` stands for what the question is about.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from hassil.parse_expression import parse_sentence
from hassil.parser import ParseError

from .const import CONF_LOCAL_ANSWERS, TOPIC_QUESTIONS, TOPIC_SLOT
from .languages import Language, Question

type SentenceLists = dict[Language, dict[Question, list[str]]]

DEFAULT_SENTENCES: Final[SentenceLists] = {
    Language.EN: {
        Question.RECALL: [
            "what do you (remember|know) about {topic}",
            "do you remember {topic}",
            "tell me about {topic}",
            "what did I (say|tell you|write) about {topic}",
            "what have I (said|told you) about {topic}",
            "what do you have (on|about) {topic}",
            "(what is|what's|whats) (the latest|new) (on|about|with) {topic}",
            "any news (on|about) {topic}",
            "what happened (to|with) {topic}",
            "when (is|are|was|were|does|do|did|will|should) {topic}",
            "(when's|whens) {topic}",
            "how (does|did) {topic}",
            "what did {topic} (say|write)",
            "remind me [(what|about|of)] {topic}",
            "what (do|did|should) (we|I) need for {topic}",
            "what (am|are|was|were) (I|we) {topic}",
            "what (day|time) (are|does|do|did|will) {topic}",
            "what (day|time) is {topic}",
            "where (are|were|do|did|will|should) (we|I) {topic}",
            "how much (do|does|did) (we|I) {topic}",
            "(what is|what's|whats) the name of {topic}",
            "(what is|what's|whats) {topic} called",
        ],
        Question.PREFERENCE: [
            "(what is|what's|whats) my (preferred|favorite|favourite) {topic}",
            "(what is|what's|whats) my {topic}",
            "what are my (preferences|favorites|favourites) (for|about|on) {topic}",
            "how do I (like|take|drink) [my] {topic}",
            "(what|which) {topic} do (I|we) (prefer|like)",
            "(what|which) {topic} do (I|we) (prefer|like|want|keep) (in|for|at|on) {detail}",
        ],
        Question.OVERVIEW: [
            "what do you (remember|know)",
            "(what is|what's) in your memory",
        ],
    },
    Language.FR: {
        Question.RECALL: [
            "que sais-tu (sur|de|du|des|à propos de) {topic}",
            "qu'est-ce que tu sais (sur|de|du|des|à propos de) {topic}",
            "que te rappelles-tu (de|du|des|sur) {topic}",
            "parle-moi (de|du|des) {topic}",
            "(tu te souviens|te souviens-tu) (de|du|des) {topic}",
            "qu'est-ce que j'ai dit (sur|de|du|des|à propos de) {topic}",
            "qu'ai-je dit (sur|de|du|des|à propos de) {topic}",
            "qu'est-ce que j'ai (noté|écrit) (sur|de|du|des|à propos de|le|la|les) {topic}",
            "où en (est|sont) {topic}",
            "quoi de neuf (sur|pour|avec|côté) {topic}",
            "quand (est|sont|passe|passent|vient|viennent|arrive|arrivent|part|partent) {topic}",
            "quand est-ce que {topic}",
            "c'est quand {topic}",
            "à quelle heure {topic}",
            "c'est quel jour {topic}",
            "{topic} (c'est pour quand|c'est quand|quand|quel jour)",
            "comment {detail} (prend|prennent|aime|aiment|boit|boivent) {topic}",
            "comment (s'appelle|s'appellent) {topic}",
            "qu'est-ce qu'a dit {topic}",
            "(tu te rappelles|te rappelles-tu|rappelle-moi) "
            "(ce qu'a dit|ce que dit|de|du|des) {topic}",
        ],
        Question.PREFERENCE: [
            "quelle est ma {topic} préférée",
            "quel est mon {topic} préféré",
            "quelles sont mes préférences (pour|de|sur|en) {topic}",
            "c'est quoi (mon|ma|mes) {topic}",
            "(quel|quelle) est (mon|ma) {topic}",
            "comment (j'aime|je prends|je bois) (mon|ma|mes|le|la|les) {topic}",
            "(quel|quelle|quels|quelles) {topic} (j'aime|je préfère|est-ce que j'aime)",
            "(quel|quelle|quels|quelles) {topic} pour {detail}",
        ],
        Question.OVERVIEW: [
            "de quoi te souviens-tu",
            "qu'y a-t-il dans ta mémoire",
            "que contient ta mémoire",
            "(que sais-tu|qu'est-ce que tu sais)",
        ],
    },
    Language.DE: {
        Question.RECALL: [
            "was weißt du (über|von) {topic}",
            "erinnerst du dich an {topic}",
            "weißt du noch [etwas über] {topic}",
            "erzähl mir (von|über|etwas über) {topic}",
            "was habe ich (über|zu) {topic} gesagt",
            "woran erinnerst du dich (bei|zu) {topic}",
            "was gibt es neues (über|zu|bei|von) {topic}",
            "wie ist der stand (bei|von|der|des) {topic}",
            "wann (wird|werden|kommt|kommen|war|fährt|fahren|beginnt|hat|haben) {topic}",
            "was (hat|haben) {topic} (gesagt|geschrieben)",
            "wie (trinkt|nimmt|mag) {topic}",
            "wohin (fahren|gehen|fliegen) wir {topic}",
        ],
        Question.PREFERENCE: [
            "was ist (mein|meine) (bevorzugter|bevorzugte|bevorzugtes|liebster|liebste) {topic}",
            "was (ist|sind) (mein|meine) {topic}",
            "was sind meine vorlieben (für|bei|zu) {topic}",
            "wie (mag|trinke|nehme) ich (meinen|meine|mein|den|die|das) {topic}",
        ],
        Question.OVERVIEW: [
            "woran erinnerst du dich",
            "was ist in deinem gedächtnis",
            "was weißt du",
        ],
    },
    Language.ES: {
        Question.RECALL: [
            "(qué|que) sabes (de|del|sobre|acerca de) {topic}",
            "(te acuerdas|recuerdas) (de|del) {topic}",
            "(háblame|hablame) (de|del|sobre) {topic}",
            "(qué|que) (dije|he dicho) (de|del|sobre) {topic}",
            "(qué|que) recuerdas (de|del|sobre) {topic}",
            "(qué|que) hay de nuevo (sobre|con|de|del) {topic}",
            "(cuándo|cuando) (es|son|viene|vienen|llega|llegan|pasa|pasan|recogen|vamos) {topic}",
            "(qué|que) día (recogen|pasan|viene|vienen|llega|llegan|es el|es la) {topic}",
            "(cuándo|cuando) hay que {topic}",
            "(qué|que) (dijo|ha dicho) {topic}",
            "(cómo|como) le gusta {topic}",
        ],
        Question.PREFERENCE: [
            "(cuál|cual) es mi {topic} (preferido|preferida|favorito|favorita)",
            "(cuál|cual) es mi {topic}",
            "(cuáles|cuales) son mis preferencias (de|para|sobre|en) {topic}",
            "(cómo|como) me gusta (el|la|los|las) {topic}",
            "(qué|que) {topic} (me gusta|me gustan|prefiero)",
        ],
        Question.OVERVIEW: [
            "(qué|que) recuerdas",
            "(qué|que) hay en tu memoria",
            "(qué|que) sabes",
        ],
    },
    Language.NL: {
        Question.RECALL: [
            "wat weet je (over|van) {topic}",
            "(herinner je je|weet je nog) [iets over] {topic}",
            "vertel (me|mij) (over|iets over) {topic}",
            "wat heb ik (gezegd|verteld) over {topic}",
            "hoe staat het (met|ervoor met) {topic}",
            "wat is er nieuw (over|met) {topic}",
            "wanneer (is|zijn|komt|komen|wordt|worden|gaat|gaan|was) {topic}",
            "hoe laat (gaat|gaan|komt|komen|begint|beginnen|vertrekt|vertrekken) {topic}",
            "wat (heeft|hebben) {topic} [(gezegd|verteld)]",
        ],
        Question.PREFERENCE: [
            "wat is mijn (favoriete|lievelings) {topic}",
            "wat (is|zijn) mijn {topic}",
            "wat zijn mijn voorkeuren (voor|over|bij) {topic}",
            "hoe (wil|drink|neem) ik (mijn|de|het) {topic}",
            "van wat voor {topic} hou ik",
        ],
        Question.OVERVIEW: [
            "wat herinner je je",
            "wat weet je",
            "wat zit er in je geheugen",
        ],
    },
    Language.IT: {
        Question.RECALL: [
            "(cosa|che cosa) sai (di|del|della|dei|delle|su|sul|sulla) {topic}",
            "ti ricordi (di|del|della|dei|delle) {topic}",
            "parlami (di|del|della|dei|delle) {topic}",
            "(cosa|che cosa) ho detto (di|su|sul|sulla) {topic}",
            "(cosa|che cosa) ricordi (di|del|della|su) {topic}",
            "a che punto (è|sono) {topic}",
            "(cosa|che cosa) c'è di nuovo (su|con|per) {topic}",
            "quando (è|sono|viene|vengono|arriva|arrivano|passa|passano|andiamo|parte) {topic}",
            "dove (andiamo|andremo|va|vanno) {topic}",
            "(cosa|che cosa) ha detto {topic}",
            "come (prende|beve) {topic}",
            "a che ora (è|parte|arriva|passa) {topic}",
        ],
        Question.PREFERENCE: [
            "qual è (il mio|la mia) {topic} (preferito|preferita)",
            "qual è (il mio|la mia) {topic}",
            "quali sono (i miei|le mie) (preferenze|gusti) (per|su|in) {topic}",
            "come mi piace (il|la|lo|i|le) {topic}",
            "come (prendo|bevo) (il|la|lo|i|le) {topic}",
            "(che|quale) {topic} (preferisco|mi piace)",
        ],
        Question.OVERVIEW: [
            "(cosa|che cosa) ricordi",
            "(cosa|che cosa) c'è nella tua memoria",
            "(cosa|che cosa) sai",
        ],
    },
}


# "Who is …" is also how Home Assistant asks who is home or in a zone, so these sentences
# match only the names of the memory's notes (a list written with them), never any words.
NAMED_SENTENCES: Final[dict[Language, list[str]]] = {
    Language.EN: ["(who is|who's) {topic}"],
    Language.FR: ["(qui est|c'est qui) {topic}"],
    Language.DE: ["wer ist {topic}"],
    Language.ES: ["(quién|quien) es {topic}"],
    Language.NL: ["wie is {topic}"],
    Language.IT: ["chi è {topic}"],
}

# The questions of Home Assistant's own that a memoire sentence above would also match
# ("what day is it"): written for Home Assistant's intent, with no wildcard, they rank
# before memoire's, so Home Assistant still answers them.
HOME_ASSISTANT_SENTENCES: Final[dict[Language, dict[str, list[str]]]] = {
    Language.EN: {
        "HassGetCurrentDate": ["what day is (it|today) [today]", "what date is it [today]"],
        "HassGetCurrentTime": ["what time is it [[right] now]"],
    },
    Language.FR: {
        "HassGetCurrentDate": [
            "on est quel jour [aujourd'hui]",
            "(quel jour|c'est quel jour) (sommes-nous|est-il|est il|on est) [aujourd'hui]",
        ],
    },
}


# The lists 0.1.0 wrote into every entry's options: an entry that still holds one was never
# edited, so it gets today's defaults (the new phrasings) instead.
_FORMER_DEFAULTS: Final[dict[tuple[Language, Question], list[str]]] = {
    (Language.EN, Question.RECALL): [
        "what do you remember about {topic}",
        "what do you know about {topic}",
        "do you remember {topic}",
    ],
    (Language.EN, Question.PREFERENCE): [
        "what is my preferred {topic}",
        "what's my preferred {topic}",
        "what are my preferences for {topic}",
    ],
    (Language.EN, Question.OVERVIEW): [
        "what do you remember",
        "what is in your memory",
        "what's in your memory",
    ],
    (Language.FR, Question.RECALL): [
        "que sais-tu (sur|de|du|des|à propos de) {topic}",
        "qu'est-ce que tu sais (sur|de|du|des|à propos de) {topic}",
        "que te rappelles-tu (de|du|des|sur) {topic}",
    ],
    (Language.FR, Question.PREFERENCE): [
        "quelle est ma {topic} préférée",
        "quel est mon {topic} préféré",
        "quelles sont mes préférences (pour|de|sur) {topic}",
    ],
    (Language.FR, Question.OVERVIEW): [
        "de quoi te souviens-tu",
        "qu'y a-t-il dans ta mémoire",
        "que contient ta mémoire",
    ],
}


# The lists before the question-shaped sentences ("when is …", "où en est …") were added:
# an entry that still holds one was never edited either.
_DEFAULTS_BEFORE_QUESTIONS: Final[dict[tuple[Language, Question], list[str]]] = {
    (Language.EN, Question.RECALL): [
        "what do you (remember|know) about {topic}",
        "do you remember {topic}",
        "tell me about {topic}",
        "what did I (say|tell you|write) about {topic}",
        "what have I (said|told you) about {topic}",
        "what do you have (on|about) {topic}",
    ],
    (Language.EN, Question.PREFERENCE): [
        "(what is|what's) my (preferred|favorite|favourite) {topic}",
        "(what is|what's) my {topic}",
        "what are my (preferences|favorites|favourites) (for|about|on) {topic}",
        "how do I (like|take) [my] {topic}",
    ],
    (Language.FR, Question.RECALL): [
        "que sais-tu (sur|de|du|des|à propos de) {topic}",
        "qu'est-ce que tu sais (sur|de|du|des|à propos de) {topic}",
        "que te rappelles-tu (de|du|des|sur) {topic}",
        "parle-moi (de|du|des) {topic}",
        "(tu te souviens|te souviens-tu) (de|du|des) {topic}",
        "qu'est-ce que j'ai dit (sur|de|du|des|à propos de) {topic}",
        "qu'ai-je dit (sur|de|du|des|à propos de) {topic}",
    ],
    (Language.FR, Question.PREFERENCE): [
        "quelle est ma {topic} préférée",
        "quel est mon {topic} préféré",
        "quelles sont mes préférences (pour|de|sur|en) {topic}",
        "c'est quoi (mon|ma|mes) {topic}",
        "(quel|quelle) est (mon|ma) {topic}",
        "comment (j'aime|je prends) (mon|ma|mes|le|la|les) {topic}",
    ],
    (Language.DE, Question.RECALL): [
        "was weißt du (über|von) {topic}",
        "erinnerst du dich an {topic}",
        "weißt du noch [etwas über] {topic}",
        "erzähl mir (von|über|etwas über) {topic}",
        "was habe ich (über|zu) {topic} gesagt",
        "woran erinnerst du dich (bei|zu) {topic}",
    ],
    (Language.DE, Question.PREFERENCE): [
        "was ist (mein|meine) (bevorzugter|bevorzugte|bevorzugtes|liebster|liebste) {topic}",
        "was (ist|sind) (mein|meine) {topic}",
        "was sind meine vorlieben (für|bei|zu) {topic}",
        "wie mag ich (meinen|meine|mein|den|die|das) {topic}",
    ],
    (Language.ES, Question.RECALL): [
        "(qué|que) sabes (de|del|sobre|acerca de) {topic}",
        "(te acuerdas|recuerdas) (de|del) {topic}",
        "(háblame|hablame) (de|del|sobre) {topic}",
        "(qué|que) (dije|he dicho) (de|del|sobre) {topic}",
        "(qué|que) recuerdas (de|del|sobre) {topic}",
    ],
    (Language.ES, Question.PREFERENCE): [
        "(cuál|cual) es mi {topic} (preferido|preferida|favorito|favorita)",
        "(cuál|cual) es mi {topic}",
        "(cuáles|cuales) son mis preferencias (de|para|sobre|en) {topic}",
        "(cómo|como) me gusta (el|la|los|las) {topic}",
    ],
    (Language.NL, Question.RECALL): [
        "wat weet je (over|van) {topic}",
        "(herinner je je|weet je nog) {topic}",
        "vertel (me|mij) (over|iets over) {topic}",
        "wat heb ik (gezegd|verteld) over {topic}",
    ],
    (Language.NL, Question.PREFERENCE): [
        "wat is mijn (favoriete|lievelings) {topic}",
        "wat (is|zijn) mijn {topic}",
        "wat zijn mijn voorkeuren (voor|over|bij) {topic}",
        "hoe wil ik (mijn|de|het) {topic}",
    ],
    (Language.IT, Question.RECALL): [
        "(cosa|che cosa) sai (di|del|della|dei|delle|su|sul|sulla) {topic}",
        "ti ricordi (di|del|della|dei|delle) {topic}",
        "parlami (di|del|della|dei|delle) {topic}",
        "(cosa|che cosa) ho detto (di|su|sul|sulla) {topic}",
        "(cosa|che cosa) ricordi (di|del|della|su) {topic}",
    ],
    (Language.IT, Question.PREFERENCE): [
        "qual è (il mio|la mia) {topic} (preferito|preferita)",
        "qual è (il mio|la mia) {topic}",
        "quali sono (i miei|le mie) (preferenze|gusti) (per|su|in) {topic}",
        "come mi piace (il|la|lo|i|le) {topic}",
    ],
}


# The lists before the shapes "how does …", "remind me …", "comment s'appelle …" were
# added: an entry that still holds one was never edited either.
_DEFAULTS_BEFORE_SHAPES: Final[SentenceLists] = {
    Language.EN: {
        Question.RECALL: [
            "what do you (remember|know) about {topic}",
            "do you remember {topic}",
            "tell me about {topic}",
            "what did I (say|tell you|write) about {topic}",
            "what have I (said|told you) about {topic}",
            "what do you have (on|about) {topic}",
            "(what is|what's) (the latest|new) (on|about|with) {topic}",
            "any news (on|about) {topic}",
            "what happened (to|with) {topic}",
            "when (is|are|was|were|does|do|did|will|should) {topic}",
            "what (day|time) (are|does|do|did|will) {topic}",
            "what (day|time) is {topic}",
            "where (are|were|do|did|will|should) (we|I) {topic}",
            "how much (do|does|did) (we|I) {topic}",
            "(what is|what's) the name of {topic}",
            "(what is|what's) {topic} called",
        ],
        Question.PREFERENCE: [
            "(what is|what's) my (preferred|favorite|favourite) {topic}",
            "(what is|what's) my {topic}",
            "what are my (preferences|favorites|favourites) (for|about|on) {topic}",
            "how do I (like|take|drink) [my] {topic}",
            "(what|which) {topic} do I (prefer|like)",
        ],
        Question.OVERVIEW: [
            "what do you (remember|know)",
            "(what is|what's) in your memory",
        ],
    },
    Language.FR: {
        Question.RECALL: [
            "que sais-tu (sur|de|du|des|à propos de) {topic}",
            "qu'est-ce que tu sais (sur|de|du|des|à propos de) {topic}",
            "que te rappelles-tu (de|du|des|sur) {topic}",
            "parle-moi (de|du|des) {topic}",
            "(tu te souviens|te souviens-tu) (de|du|des) {topic}",
            "qu'est-ce que j'ai dit (sur|de|du|des|à propos de) {topic}",
            "qu'ai-je dit (sur|de|du|des|à propos de) {topic}",
            "qu'est-ce que j'ai (noté|écrit) (sur|de|du|des|à propos de|le|la|les) {topic}",
            "où en (est|sont) {topic}",
            "quoi de neuf (sur|pour|avec|côté) {topic}",
            "quand (est|sont|passe|passent|vient|viennent|arrive|arrivent|part|partent) {topic}",
            "quand est-ce que {topic}",
            "c'est quand {topic}",
            "à quelle heure {topic}",
        ],
        Question.PREFERENCE: [
            "quelle est ma {topic} préférée",
            "quel est mon {topic} préféré",
            "quelles sont mes préférences (pour|de|sur|en) {topic}",
            "c'est quoi (mon|ma|mes) {topic}",
            "(quel|quelle) est (mon|ma) {topic}",
            "comment (j'aime|je prends|je bois) (mon|ma|mes|le|la|les) {topic}",
            "(quel|quelle|quels|quelles) {topic} (j'aime|je préfère|est-ce que j'aime)",
        ],
        Question.OVERVIEW: [
            "de quoi te souviens-tu",
            "qu'y a-t-il dans ta mémoire",
            "que contient ta mémoire",
            "(que sais-tu|qu'est-ce que tu sais)",
        ],
    },
    Language.DE: {
        Question.RECALL: [
            "was weißt du (über|von) {topic}",
            "erinnerst du dich an {topic}",
            "weißt du noch [etwas über] {topic}",
            "erzähl mir (von|über|etwas über) {topic}",
            "was habe ich (über|zu) {topic} gesagt",
            "woran erinnerst du dich (bei|zu) {topic}",
            "was gibt es neues (über|zu|bei|von) {topic}",
            "wie ist der stand (bei|von|der|des) {topic}",
            "wann (wird|werden|kommt|kommen|war|fährt|fahren|beginnt) {topic}",
            "wohin (fahren|gehen|fliegen) wir {topic}",
        ],
        Question.PREFERENCE: [
            "was ist (mein|meine) (bevorzugter|bevorzugte|bevorzugtes|liebster|liebste) {topic}",
            "was (ist|sind) (mein|meine) {topic}",
            "was sind meine vorlieben (für|bei|zu) {topic}",
            "wie (mag|trinke|nehme) ich (meinen|meine|mein|den|die|das) {topic}",
        ],
        Question.OVERVIEW: [
            "woran erinnerst du dich",
            "was ist in deinem gedächtnis",
            "was weißt du",
        ],
    },
    Language.ES: {
        Question.RECALL: [
            "(qué|que) sabes (de|del|sobre|acerca de) {topic}",
            "(te acuerdas|recuerdas) (de|del) {topic}",
            "(háblame|hablame) (de|del|sobre) {topic}",
            "(qué|que) (dije|he dicho) (de|del|sobre) {topic}",
            "(qué|que) recuerdas (de|del|sobre) {topic}",
            "(qué|que) hay de nuevo (sobre|con|de|del) {topic}",
            "(cuándo|cuando) (es|son|viene|vienen|llega|llegan|pasa|pasan|recogen|vamos) {topic}",
            "(qué|que) día (recogen|pasan|viene|vienen|llega|llegan|es el|es la) {topic}",
        ],
        Question.PREFERENCE: [
            "(cuál|cual) es mi {topic} (preferido|preferida|favorito|favorita)",
            "(cuál|cual) es mi {topic}",
            "(cuáles|cuales) son mis preferencias (de|para|sobre|en) {topic}",
            "(cómo|como) me gusta (el|la|los|las) {topic}",
            "(qué|que) {topic} (me gusta|me gustan|prefiero)",
        ],
        Question.OVERVIEW: [
            "(qué|que) recuerdas",
            "(qué|que) hay en tu memoria",
            "(qué|que) sabes",
        ],
    },
    Language.NL: {
        Question.RECALL: [
            "wat weet je (over|van) {topic}",
            "(herinner je je|weet je nog) [iets over] {topic}",
            "vertel (me|mij) (over|iets over) {topic}",
            "wat heb ik (gezegd|verteld) over {topic}",
            "hoe staat het (met|ervoor met) {topic}",
            "wat is er nieuw (over|met) {topic}",
            "wanneer (is|zijn|komt|komen|wordt|worden|gaat|gaan|was) {topic}",
        ],
        Question.PREFERENCE: [
            "wat is mijn (favoriete|lievelings) {topic}",
            "wat (is|zijn) mijn {topic}",
            "wat zijn mijn voorkeuren (voor|over|bij) {topic}",
            "hoe (wil|drink|neem) ik (mijn|de|het) {topic}",
            "van wat voor {topic} hou ik",
        ],
        Question.OVERVIEW: [
            "wat herinner je je",
            "wat weet je",
            "wat zit er in je geheugen",
        ],
    },
    Language.IT: {
        Question.RECALL: [
            "(cosa|che cosa) sai (di|del|della|dei|delle|su|sul|sulla) {topic}",
            "ti ricordi (di|del|della|dei|delle) {topic}",
            "parlami (di|del|della|dei|delle) {topic}",
            "(cosa|che cosa) ho detto (di|su|sul|sulla) {topic}",
            "(cosa|che cosa) ricordi (di|del|della|su) {topic}",
            "a che punto (è|sono) {topic}",
            "(cosa|che cosa) c'è di nuovo (su|con|per) {topic}",
            "quando (è|sono|viene|vengono|arriva|arrivano|passa|passano|andiamo|parte) {topic}",
            "dove (andiamo|andremo|va|vanno) {topic}",
        ],
        Question.PREFERENCE: [
            "qual è (il mio|la mia) {topic} (preferito|preferita)",
            "qual è (il mio|la mia) {topic}",
            "quali sono (i miei|le mie) (preferenze|gusti) (per|su|in) {topic}",
            "come mi piace (il|la|lo|i|le) {topic}",
            "come (prendo|bevo) (il|la|lo|i|le) {topic}",
            "(che|quale) {topic} (preferisco|mi piace)",
        ],
        Question.OVERVIEW: [
            "(cosa|che cosa) ricordi",
            "(cosa|che cosa) c'è nella tua memoria",
            "(cosa|che cosa) sai",
        ],
    },
}


def _former_default(language: Language, question: Question, stored: list[str]) -> bool:
    return stored in (
        _FORMER_DEFAULTS.get((language, question)),
        _DEFAULTS_BEFORE_QUESTIONS.get((language, question)),
        _DEFAULTS_BEFORE_SHAPES.get(language, {}).get(question),
    )


def default_options() -> dict[str, Any]:
    return {
        CONF_LOCAL_ANSWERS: True,
        **{
            language.value: {question.value: list(texts) for question, texts in lists.items()}
            for language, lists in DEFAULT_SENTENCES.items()
        },
    }


def configured_sentences(options: Mapping[str, Any]) -> SentenceLists:
    """The sentences the options hold, the defaults for any list they do not (or that is
    still an earlier version's default)."""
    found: SentenceLists = {}
    for language, defaults in DEFAULT_SENTENCES.items():
        section = options.get(language.value) or {}
        found[language] = {}
        for question, default in defaults.items():
            stored = section.get(question.value, default)
            if _former_default(language, question, stored):
                stored = default
            found[language][question] = [text for text in stored if text.strip()]
    return found


def sentence_problem(question: Question, sentence: str) -> str | None:
    """Why a sentence cannot be used (an error key of the options flow), or None."""
    try:
        parse_sentence(sentence)
    except ParseError:
        return "invalid_sentence"
    if question in TOPIC_QUESTIONS and f"{{{TOPIC_SLOT}}}" not in sentence:
        return "missing_topic"
    return None
