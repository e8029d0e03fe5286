"""The sentence lists, per language and question, as the options flow stores them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hassil.parse_expression import parse_sentence
from hassil.parser import ParseError

from .const import (
    CONF_LOCAL_ANSWERS,
    DEFAULT_SENTENCES,
    TOPIC_QUESTIONS,
    TOPIC_SLOT,
    Language,
    Question,
)

type SentenceLists = dict[Language, dict[Question, list[str]]]


def default_options() -> dict[str, Any]:
    return {
        CONF_LOCAL_ANSWERS: True,
        **{
            language.value: {question.value: list(texts) for question, texts in lists.items()}
            for language, lists in DEFAULT_SENTENCES.items()
        },
    }


def configured_sentences(options: Mapping[str, Any]) -> SentenceLists:
    """The sentences the options hold, the defaults for any list they do not."""
    found: SentenceLists = {}
    for language, defaults in DEFAULT_SENTENCES.items():
        section = options.get(language.value) or {}
        found[language] = {
            question: [text for text in section.get(question.value, default) if text.strip()]
            for question, default in defaults.items()
        }
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
