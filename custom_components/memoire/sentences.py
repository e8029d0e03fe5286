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
        ],
        Question.PREFERENCE: [
            "(what is|what's) my (preferred|favorite|favourite) {topic}",
            "(what is|what's) my {topic}",
            "what are my (preferences|favorites|favourites) (for|about|on) {topic}",
            "how do I (like|take) [my] {topic}",
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
        ],
        Question.PREFERENCE: [
            "quelle est ma {topic} préférée",
            "quel est mon {topic} préféré",
            "quelles sont mes préférences (pour|de|sur|en) {topic}",
            "c'est quoi (mon|ma|mes) {topic}",
            "(quel|quelle) est (mon|ma) {topic}",
            "comment (j'aime|je prends) (mon|ma|mes|le|la|les) {topic}",
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
        ],
        Question.PREFERENCE: [
            "was ist (mein|meine) (bevorzugter|bevorzugte|bevorzugtes|liebster|liebste) {topic}",
            "was (ist|sind) (mein|meine) {topic}",
            "was sind meine vorlieben (für|bei|zu) {topic}",
            "wie mag ich (meinen|meine|mein|den|die|das) {topic}",
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
        ],
        Question.PREFERENCE: [
            "(cuál|cual) es mi {topic} (preferido|preferida|favorito|favorita)",
            "(cuál|cual) es mi {topic}",
            "(cuáles|cuales) son mis preferencias (de|para|sobre|en) {topic}",
            "(cómo|como) me gusta (el|la|los|las) {topic}",
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
            "(herinner je je|weet je nog) {topic}",
            "vertel (me|mij) (over|iets over) {topic}",
            "wat heb ik (gezegd|verteld) over {topic}",
        ],
        Question.PREFERENCE: [
            "wat is mijn (favoriete|lievelings) {topic}",
            "wat (is|zijn) mijn {topic}",
            "wat zijn mijn voorkeuren (voor|over|bij) {topic}",
            "hoe wil ik (mijn|de|het) {topic}",
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
        ],
        Question.PREFERENCE: [
            "qual è (il mio|la mia) {topic} (preferito|preferita)",
            "qual è (il mio|la mia) {topic}",
            "quali sono (i miei|le mie) (preferenze|gusti) (per|su|in) {topic}",
            "come mi piace (il|la|lo|i|le) {topic}",
        ],
        Question.OVERVIEW: [
            "(cosa|che cosa) ricordi",
            "(cosa|che cosa) c'è nella tua memoria",
            "(cosa|che cosa) sai",
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
            if stored == _FORMER_DEFAULTS.get((language, question)):
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
