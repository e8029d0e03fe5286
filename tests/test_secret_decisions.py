"""The rules decide today what they decided when their findings were frozen.

The frozen findings and the notes they were found on: tests/secret_decisions.py.

A change made for speed must leave every finding (family, rule, span) as it was on every corpus
row and generated note; one that means to change decisions regenerates the frozen file and says so.
"""

from memoire.core.secrets import SecretFamily
from tests.secret_decisions import encoded, frozen, key, notes, rule_findings


def test_rules_find_on_every_note_what_they_found_when_frozen() -> None:
    expected = frozen()
    changed = []
    for text in notes():
        found = encoded(rule_findings(text))
        if expected.get(key(text)) != found:
            changed.append(f"{text[:80]!r}: frozen {expected.get(key(text))!r}, now {found!r}")
    assert not changed, f"{len(changed)} notes changed, first ones:\n" + "\n".join(changed[:10])


def test_the_frozen_notes_cover_every_rule_family_and_secret_free_notes() -> None:
    """A frozen file that recorded nothing, or only findings, would prove nothing."""
    decisions = frozen().values()
    findings = [finding for value in decisions if value for finding in value.split(";")]
    assert {finding.split(",")[0] for finding in findings} == {
        family.value for family in SecretFamily
    }
    assert sum(1 for value in decisions if not value) > 5_000
