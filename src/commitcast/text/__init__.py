"""Text helpers below the stages: what every stage says or cleans the same way.

Message text made fit to say or quote (:mod:`.clean`), small pieces of English (:mod:`.phrasing`),
code and paths said in words (:mod:`.plainwords`), a commit title retold as a deed
(:mod:`.retelling`), the prose of a message as sentences (:mod:`.sentences`), the one reader of
measured claims (:mod:`.measures`) and the one rule that tells a bot's display name from a
person's (:mod:`.names`), and who is who among a window's names and addresses (:mod:`.identities`). The stages import these names from this package, never from its modules.
"""

from __future__ import annotations

from .clean import CI_MARKER, CI_WORDS, clean_quote, clean_reason, clean_statement, clean_title
from .identities import People, count_people, is_login_of, name_key, speakable
from .measures import (
    Gain,
    a_rewrite,
    facts_from_text,
    format_factor,
    format_number,
    gains,
    measured_part,
    measured_subject,
    names_comparison,
    timed_phase,
)
from .names import is_assistant_name, is_bot_name
from .phrasing import a_an, capitalised, join, name_list, possessive, quoted, rounded_count
from .plainwords import (
    file_words,
    label_names,
    names_a_tool,
    plain_area,
    plain_words,
    said_alternatives,
    where_phrase,
    with_article,
)
from .retelling import (
    FIX_TYPE,
    IMPERATIVE_VERBS,
    PLAIN_OPENERS,
    SUBJECT_OF,
    Retold,
    deed_of,
    deed_of_title,
    dependency_deed,
    docs_deed,
    gerund_of,
    is_verb,
    labelled_deed,
    noun_phrase,
    past_tense,
    present_tense,
    retell_title,
    scoped_deed,
    statement_deed,
    states_failure,
    third_person,
    with_status,
)
from .sentences import prose_sentences

__all__ = [
    "FIX_TYPE",
    "CI_MARKER",
    "CI_WORDS",
    "Gain",
    "a_rewrite",
    "People",
    "IMPERATIVE_VERBS",
    "PLAIN_OPENERS",
    "SUBJECT_OF",
    "Retold",
    "a_an",
    "capitalised",
    "clean_quote",
    "clean_reason",
    "clean_statement",
    "clean_title",
    "count_people",
    "is_login_of",
    "deed_of",
    "dependency_deed",
    "docs_deed",
    "is_verb",
    "states_failure",
    "labelled_deed",
    "facts_from_text",
    "names_comparison",
    "file_words",
    "label_names",
    "where_phrase",
    "deed_of_title",
    "with_status",
    "format_factor",
    "measured_part",
    "measured_subject",
    "timed_phase",
    "format_number",
    "gains",
    "gerund_of",
    "is_bot_name",
    "is_assistant_name",
    "join",
    "name_key",
    "name_list",
    "noun_phrase",
    "scoped_deed",
    "statement_deed",
    "past_tense",
    "names_a_tool",
    "plain_area",
    "with_article",
    "plain_words",
    "said_alternatives",
    "speakable",
    "possessive",
    "quoted",
    "rounded_count",
    "present_tense",
    "prose_sentences",
    "retell_title",
    "third_person",
]
