"""Recovery and backup code lists (core/secrets/recovery_codes.py).

Each kind is written in new words (other services than the corpora's), in English and French,
next to look-alikes of the same shape that must pass: lists of numbers that are no codes,
documentation's example keys.
"""

import pytest

from memoire.core.secrets import find_secrets
from tests.secret_corpus import keyword_values


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        (
            "Dropbox backup codes for the surgery account\n3306 8175\n9042 6613\n2718 4590",
            ("3306 8175", "9042 6613", "2718 4590"),
        ),
        (
            "codes de récupération Apple de tonton\n- 58h2-k9vd\n- q7m3-x4tn\n- 2wpc-8rjf",
            ("58h2-k9vd", "q7m3-x4tn", "2wpc-8rjf"),
        ),
        (
            "Recovery codes for the studio's Adobe account\n7T4K 9QZ2\nR8MX 3VW6\nP2HD 5NL9",
            ("7T4K 9QZ2", "R8MX 3VW6", "P2HD 5NL9"),
        ),
        (
            "Codes de secours de la messagerie de l'asso\n61390-27714\n88042-15596",
            ("61390-27714", "88042-15596"),
        ),
        (
            "Code de récupération Microsoft (compta Martin)\nT8QW-3MZK-7RXD-2PLV-9HNC",
            ("T8QW-3MZK-7RXD-2PLV-9HNC",),
        ),
    ],
)
def test_recovery_code_lists_are_refused(text: str, codes: tuple[str, ...]) -> None:
    assert set(codes) <= set(keyword_values(text))


@pytest.mark.parametrize(
    "text",
    [
        "Backup schedule\n0200 nightly\n0300 weekly",
        "Bus 42 to the station\n0715 0745\n0815 0845\n0915 0945",
        "Prix des sauvegardes\n1490 2990\n4990 7990",
        "Timeline\n1914 1918\n1939 1945\n1989 1991",
        "Scores this season\n2104 1987\n2230 2015",
        "Recovery codes look like XXXX-XXXX-XXXX; print them and keep them offline",
        "Product key format: XXXXX-XXXXX-XXXXX-XXXXX-XXXXX (see the licence sheet)",
        "Codes de récupération : imprimés, dans la boîte rouge du bureau",
        "Backup codes: stored in Bitwarden, ask Sam",
        "Recovery order numbers\nCMD-44120\nCMD-44121",
        "Backup drive orders\nISBN 978-2-07-036822-8\nISBN 978-0-14-103614-4",
        "Parcel recovery\nTracking 1Z999AA10123456784\nTracking 1Z999AA10123456785",
        "Example backup codes in the docs\n1234 5678\n0000 0000",
        "Emergency codes for the building\nFire 999\nPolice 999",
        "Codes de secours (numéros d'urgence)\n15 SAMU\n18 Pompiers\n112 Europe",
        "Order history\n4021 8866\n9930 1157\n6684 0023",
        "Backup of the photos\n2019 2020\n2021 2022",
        "Microsoft recovery key FAQ: the key is 48 digits in 8 groups, like 000000-000000-...",
    ],
)
def test_numbers_that_are_no_codes_pass(text: str) -> None:
    assert find_secrets(text) == []
