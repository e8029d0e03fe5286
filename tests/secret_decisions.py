"""The guard's rule findings on every corpus row and on notes generated from them, frozen.

A speed change to the rules must not change what they find. `notes()` builds a fixed list of
texts (every row of every spent corpus, the rows recased and joined into notes, the bench's
pathological units, seeded noise); `python -m tests.secret_decisions` writes each one's rule
findings (family, rule, span) to tests/data/secret_decisions.txt.gz, keyed by a hash of the
text; tests/test_secret_decisions.py finds them again. The secret-slot scorer's findings are
left out: it is refitted on purpose, the rules are not.

Regenerate only for a change that means to change decisions, and say so in its commit.
"""

import gzip
import hashlib
import random
from collections.abc import Iterator

from memoire.core.secrets import SecretFinding, find_secrets
from memoire.core.secrets.slots import SLOT_RULE
from tests.secret_corpus import DATA, load_corpus

FROZEN = DATA / "secret_decisions.txt.gz"
# Named one by one, not SPENT_CORPORA: a corpus added later must not change this list.
CORPORA = tuple(
    DATA / name
    for name in (
        "secrets_corpus.jsonl",
        "secrets_dev.jsonl",
        "secrets_dev2.jsonl",
        "secrets_dev3.jsonl",
        "secrets_dev4.jsonl",
        *(f"secrets_holdout{number}.jsonl" for number in ("", 2, 3, 4, 5, 6, 7, 8, 9)),
    )
)
SEED = 9
ROWS_PER_NOTE = 8
PATHOLOGICAL_LENGTH = 3_000
NOISE_NOTES = 2_000
# bench/secrets_corpus.py's notes built to be slow when these were frozen, copied so that a unit
# added there later does not change this list: units repeated, then lines of secret nouns.
PATHOLOGICAL = (
    *("password 1 ", "a1b2 is the password ", "safe 12: ", "clé 1 ", "code 12 ", "key: x1 "),
    *("wifi 9 ", "PASS", "mdp ", "porte n°1 ", "4111 ", "mysql -p ", "x-", "passphrase: w-"),
    *("password? Ab1x ", "| pwd |\n|--|\n| Aa1 |\n", "(code 12) ", "Xy1-Zz -> key "),
    *("now it's A1b ", "pwd | ", "password\n", "code?\nMe: 1 2 3 4\n", "pin\tsite\n"),
)
NOUNS = (
    *("password", "mot de passe", "mdp", "code", "PIN", "clé", "key", "passphrase", "secret"),
    *("token", "identifiants", "digicode", "combo", "passcode", "account", "compte"),
)
SYLLABLES = ("ba", "ro", "ti", "len", "mar", "do", "vi", "sol", "pe", "ku", "ra", "tion", "er")
SOUP_SEED = 7
SOUP_LENGTH = 1_000_000
NOISE_PARTS = 60
# Pieces every rule family starts from, and the characters between them that rules read.
NOISE_PIECES = (
    *("password", "Password", "PASSWORD", "mot de passe", "mdp", "pwd", "pass", "passphrase"),
    *("code", "PIN", "pin", "clé", "clé d'API", "key", "api key", "token", "secret", "wifi"),
    *("wpa", "digicode", "alarm", "porte", "door", "gate", "safe", "cvv", "login", "user"),
    *("admin:", "root:", "pi:", "PGPASSWORD=", "DB_PASSWORD", "SECRET_KEY", "TOKEN", "ssh"),
    *("mysql -p", "curl -u", "Authorization: Bearer", "Basic", "https://", "postgres://"),
    *("user:pw@host", "-----BEGIN", "PRIVATE KEY-----", "AKIA", "ghp_", "sk-", "xoxb-", "eyJ"),
    *("AIza", "hooks.slack.com/services/", "4111 1111 1111 1111", "4970.1012.3456.7893"),
    *("378282246310005", "5555555555554444", "SIRET", "12345678901234", "06 12 34 56 78"),
    *(": ", " = ", " / ", " | ", " -> ", " → ", " — ", "\n", "\n\n", "\t", "  ", ", ", ". "),
    *("is", "est", "c'est", "was", "now", "the", "le", "de la", "du", "for", "pour", "?", "!"),
    *('"', "'", "`", "«", "»", "(", ")", "[", "]", "<", ">", "${", "*", "**", "_", "#", "@"),
    *("İ", "é", "ß", "ﬁ", "\u00a0", "\u202f", "Kx8#mq2L", "Hazelnut!Crunch5", "4821", "1984A"),
    *("7btf eevf x52f ovkr", "correct-horse-battery-staple", "Tigre42!Rouge", "2024-03-12"),
    *("v1.2.3", "4096", "token_count: 4096", "os.environ['X']", "example", "XXXXXXXX"),
)


def rule_findings(text: str) -> list[SecretFinding]:
    """The guard's findings without the scored slots, which add one only where no rule found."""
    return [finding for finding in find_secrets(text) if finding.rule != SLOT_RULE]


def notes() -> Iterator[str]:
    """Each text once: the rows, recased and on one line, joined, then built to be slow."""
    seen: set[str] = set()
    for text in _all_notes():
        if text not in seen:
            seen.add(text)
            yield text


def _all_notes() -> Iterator[str]:
    rng = random.Random(SEED)
    rows = [entry.text for path in CORPORA for entry in load_corpus(path)]
    yield from rows
    yield from (row.upper() for row in rows)
    yield from (row.replace("\n", " ") for row in rows)
    shuffled = rows[:]
    rng.shuffle(shuffled)
    for start in range(0, len(shuffled), ROWS_PER_NOTE):
        group = shuffled[start : start + ROWS_PER_NOTE]
        yield "\n".join(group)
        yield " ".join(group)
    yield from _pathological_notes()
    for _ in range(NOISE_NOTES):
        yield "".join(_noise_piece(rng) for _ in range(rng.randrange(1, NOISE_PARTS)))


def _pathological_notes() -> Iterator[str]:
    for unit in PATHOLOGICAL:
        yield (unit * PATHOLOGICAL_LENGTH)[:PATHOLOGICAL_LENGTH]
    rng = random.Random(SOUP_SEED)

    def word() -> str:
        return "".join(rng.choices(SYLLABLES, k=rng.randrange(1, 4)))

    for other in (
        word,
        lambda: word().capitalize() + word().capitalize(),
        lambda: str(rng.randrange(100_000)),
    ):
        parts: list[str] = []
        size = 0
        while size < SOUP_LENGTH:
            pick = rng.random()
            parts.append(rng.choice(NOUNS) if pick < 0.3 else other() if pick < 0.4 else word())
            size += len(parts[-1]) + 1
        yield " ".join(parts)[:PATHOLOGICAL_LENGTH]


def _noise_piece(rng: random.Random) -> str:
    pick = rng.random()
    if pick < 0.6:
        return rng.choice(NOISE_PIECES)
    if pick < 0.75:
        return str(rng.randrange(10 ** rng.randrange(1, 20)))
    if pick < 0.9:
        alphabet = "abcdefghijkXYZ0123456789-_!#"
        return "".join(rng.choices(alphabet, k=rng.randrange(3, 30)))
    return " "


def key(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def encoded(findings: list[SecretFinding]) -> str:
    return ";".join(f"{f.family.value},{f.rule},{f.start},{f.end}" for f in findings)


def frozen() -> dict[str, str]:
    with gzip.open(FROZEN, "rt", encoding="utf-8") as lines:
        return dict(line.rstrip("\n").split("\t", 1) for line in lines)


def freeze() -> None:
    decisions = {key(text): encoded(rule_findings(text)) for text in notes()}
    with gzip.GzipFile(FROZEN, "wb", mtime=0) as raw:
        raw.write("".join(f"{k}\t{v}\n" for k, v in decisions.items()).encode("utf-8"))
    print(f"{len(decisions)} notes, {sum(1 for v in decisions.values() if v)} with findings")


if __name__ == "__main__":
    freeze()
