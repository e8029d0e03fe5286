"""Text where a secret's value would sit that gives none, and the secrets written next to it.

Each class of false alarm the blind corpora showed (lists and ranges of numbers, where a secret
is kept, document references, numbers a noun names or a sentence explains, a shell's pipe, a
database log line, a button's quoted label, prices and hours in a table, a postcode after
"PIN", a connection string's template, a table of towns' codes, a product's model number) in
new wording, none copied from a corpus: no rule may find a secret there. The fitted secret
slots are left out (`rule_findings`): they are refitted on their own; the secrets beside each
look-alike must still be refused by the whole guard and found by a rule.
"""

import pytest

from memoire.core.secrets import find_secret, find_secrets
from memoire.core.secrets.lookalikes import is_range, says_where_it_is
from tests.secret_decisions import rule_findings

LOOKALIKES = {
    "locker ranges": "Bike lockers, east wing: 210-245 for staff, 246-260 for visitors",
    "door numbers": "Gate numbers at the depot: 4410, 4412, 4416",
    "numéros de portes": "Numéros des portes du couloir : 2104, 2106, 2108",
    "kept in a drawer": (
        "The disk asks for its passphrase - it is kept in the locked drawer of my desk"
    ),
    "kept in a box": (
        "Recovery phrase for the hardware wallet - it's in the fireproof box under the stairs"
    ),
    "masked in quotes": 'sauvegarde:\n  user: sauvegarde\n  password: "xxxxxxxx"  # to fill in',
    "masque entre guillemets": 'mot de passe : "XXXX-XXXX" (à remplir par le prestataire)',
    "invoice reference": "New padlock for the shed, invoice code: FAC-2024-0412",
    "quote reference": "Alarm service visit, quote code DEV-2025-118",
    "devis": "Code du devis pour le digicode : DEV-2025-118",
    "order number": "Order 55120: replacement keypad for the back door",
    "facture": "Facture 2291 : remplacement du cadenas du portail",
    "model number": (
        "The code stamped under the safe is 80417, which is the model number for the manual"
    ),
    "référence": "Le code sur la boîte du cadenas est 40213, c'est la référence du fabricant",
    "shell pipe": "oc get secret db-credentials -o jsonpath='{.data.pass}' | base64 --decode",
    "database log": (
        "Aug 3 02:11:09 db1 mysqld: Access denied for user 'backup'@'192.168.1.20'"
        " (using password: NO)"
    ),
    "quoted button": 'The "Show password" toggle is broken on the login page\n\nThanks',
    "price column": (
        "| Attraction | Pass | Price |\n|---|---|---|\n| Aquarium | City Pass | 24,90 |"
    ),
    "hours column": "| Pool | Pass | Opening |\n|---|---|---|\n| Lido | Summer pass | 10-19 |",
    "prices in a line": "Passes: museum pass | 17,50 and the zoo pass | 21.00",
    "postcode after pin": "Pin: 110001, Connaught Place, New Delhi",
    "postcode after an address": "Ship to: 14 Anna Salai, Chennai - PIN 600002",
    "jdbc template": "jdbc:mysql://localhost:3306/shop?user=root&password=",
    "town codes table": "| Commune | Code |\n|---|---|\n| Lyon | 69123 |\n| Brest | 29019 |",
    "a key safe's model": "Key safe model: Master Lock 5401, about 35 €",
    "room numbers with letters": "Room codes for the conference: A101, A102, A103, B201",
    "rooms after a code's noun": "Gate codes get changed every quarter, rooms 4012-4030 included",
}


@pytest.mark.parametrize("text", LOOKALIKES.values(), ids=LOOKALIKES.keys())
def test_no_rule_takes_a_lookalike_for_a_secret(text: str) -> None:
    assert rule_findings(text) == []


# Each secret beside the look-alike it must not be confused with, and the value to find.
SECRETS_BESIDE = {
    "a locker's code": ("locker 212 code 4471", "4471"),
    "after a range": ("Lockers 101-140 are staff ones; my locker 212 code 4471", "4471"),
    "a list of codes": ("Codes : porte 4471, portail 5529, garage 7710", "4471"),
    "after postcodes": ("Codes postaux 69003 et 69007 ; code porte 1984A", "1984A"),
    "backup codes": ("backup codes 3391 8820 1045 7736", "3391"),
    "recovery ranges": ("recovery codes: 1200-1250 4410-4471", "1200-1250"),
    "a combination": ("gate code 12-34-56", "12-34-56"),
    "a place in words": ("passphrase: on the banks of the river Ouse", "river Ouse"),
    "a copy kept": (
        "Veracrypt passphrase: copper otter mango violin (a copy is in the drawer)",
        "copper otter mango violin",
    ),
    "after an invoice": ("Invoice FAC-2024-0412 paid; door code 4471", "4471"),
    "after a ticket": ("Ticket 4410: the new gate code is 6618", "6618"),
    "unexplained": ("The safe code is 31045", "31045"),
    "a padlock's": ("code du cadenas : 40213", "40213"),
    "a pass column": ("| Site | Pass |\n|---|---|\n| Router | Tr4in!Station |", "Tr4in!Station"),
    "after a pipe bar": ("wifi pass | Kx8#mq2Lw9", "Kx8#mq2Lw9"),
    "a six-digit pin": ("Card PIN 482913, place it in memory", "482913"),
    "a door per town": (
        "| Ville | Porte | Code |\n|---|---|---|\n| Lyon | Garage | 4471 |",
        "4471",
    ),
    "a key safe's code": ("key safe by the back door: 5401", "5401"),
    "a jdbc password": ("jdbc:mysql://localhost:3306/shop?user=root&password=Sh0p!2024x", "Sh0p"),
    "after lettered lockers": ("Casiers : B12, B14, B16 ; code du mien 3391", "3391"),
    "codes per building": ("Digicodes : bâtiment A 4471, bâtiment B 5529, bâtiment C 7710", "5529"),
    "codes with remarks": ("Codes alarme : 4471 (maison), 5529 (garage), 7710 (atelier)", "4471"),
    "codes in a sentence": (
        "Le code de l'immeuble est 4471, celui du parking 5529 et celui de la cave 7710",
        "4471",
    ),
    "a code shaped as a range": ("Alarm code 1100-1199 is the installer's", "1100-1199"),
    "a mask beside a real one": (
        'staging: password: "xxxxxxxx"\nprod: password: "Lamproie-Vitrail-Ocre"',
        "Lamproie-Vitrail-Ocre",
    ),
    "a place, then the value": (
        "Veracrypt passphrase - it's in the sealed envelope: tangerine octopus lamp violin",
        "tangerine",
    ),
}


@pytest.mark.parametrize(("text", "secret"), SECRETS_BESIDE.values(), ids=SECRETS_BESIDE.keys())
def test_the_secret_beside_a_lookalike_is_still_found(text: str, secret: str) -> None:
    assert find_secret(text) is not None
    position = text.index(secret)
    assert any(finding.start <= position < finding.end for finding in rule_findings(text)), (
        rule_findings(text)
    )


@pytest.mark.parametrize(
    ("value", "ranged"),
    [
        ("101-120", True),
        ("9-18", True),
        ("4012-4030", True),
        ("12-34", False),  # too far apart for a count: a code
        ("3391-8820", False),  # a backup code's two groups
        ("140-101", False),  # not in order
        ("12-34-56", False),  # a combination
    ],
)
def test_a_range_counts_things_between_two_close_numbers(value: str, ranged: bool) -> None:
    assert is_range(value) is ranged


@pytest.mark.parametrize(
    ("words", "where"),
    [
        ("it's in the sealed envelope in the bureau", True),
        ("elle est dans l'enveloppe du secrétaire", True),
        ("kept in 1Password", True),
        ("in the grey folder on the shelf", True),
        ("on the banks of the river Ouse", False),  # a passphrase that names a place
        ("it's copper otter mango violin", False),
        ("In Flanders fields the poppies blow", False),
    ],
)
def test_words_saying_where_a_secret_is_kept_are_told_from_a_passphrase(
    words: str, where: bool
) -> None:
    assert says_where_it_is(words) is where


# Training corpora F and H's false alarms, as kinds in wording of their own: a trade's
# registration number, a quiz's answer, a trade's standard spoken words, a product's model
# number on a line about buying or servicing it, a password given as an example, a command's
# output assigned to a password variable. The whole guard (slots too) lets each pass.
FALSE_ALARMS = {
    "gas safe": "Boiler man's Gas Safe reg no. 604417, it's on his card and his van",
    "registration": "Our plumber's Gas Safe registration no. 771204, printed on his van",
    "rge": "Electricien : n° RGE 8841, qualification à jour",
    "orias": "N° ORIAS 19004521 (courtier en assurances)",
    "urn": "Ofsted URN 2736481 is on all the nursery's letters",
    "company number": "Company no. 08123456 (registered in England)",
    "qualibat": "RGE Qualibat n° 88412 pour la prime",
    "quiz rounds": "Quiz answers: round 1 — Paris, round 2 — 1789",
    "blind test": "Blind test de la soirée : réponse « Bohemian Rhapsody »",
    "quiz answer": "Pub quiz round 3: the answer is 'Kilimanjaro', printed on the host's card",
    "quiz réponse": "Quiz du club\nQuestion : capitale de l'Australie ?\nRéponse : Canberra",
    "trivia": "Trivia night — Q: year of the first moon landing? A: 1969",
    "quiz de noël": "Quiz de Noël : la réponse à la question 4 est « Strasbourg »",
    "standard words": (
        "Walkie-talkie etiquette for pick up runs: say 'over' when you finish and 'out' when"
        " you sign off. Standard words, everyone uses them."
    ),
    "padlock to buy": "Cadenas à acheter : Abus Titalium 6401, 19,90 €",
    "smoke alarm model": "Smoke alarm Kidde Firex 4470, battery changed in March",
    "alarm panel model": "Alarm panel Yale Sync 3410, manual in the kitchen drawer",
    "e.g.": "Training slide: never use pet names in passwords, e.g. Buster2019",
    "genre": "Conseil sécurité : évitez les mots de passe genre Soleil2024",
    "comic": "the password is Tr0ub4dor&3 in the famous comic, a bad example",
    "command output": 'export DB_PASSWORD="$(pass show db/prod)"',
    "command output in a note": 'Notes\nPGPASSWORD="$(cat ~/.pgpass_prod)" psql -h db',
    # a service visit's job number on an alarm's line
    "alarm job": "Alarm system: engineer booked Tuesday, job 77120, bring the ladder",
    "alarme intervention": "Alarme de l'immeuble : passage du technicien jeudi, intervention 40912",
    "bon d'intervention": "Alarme : le technicien passe lundi, bon d'intervention 55120",
    "alarm callout": "Security alarm fault logged, callout 88231, engineer coming Monday",
    # a locker's kit list: sizes and a helmet's model
    "kit list": "Locker 22: jacket 52, boots 11, helmet MSA 2210",
    "tenue au casier": "casier 9 (le mien) — veste 52, pantalon 44, casque Gallet 3100",
    "tailles au vestiaire": "vestiaire casier 31 : taille 40, pointure 43, gants 9",
    "uniform sizes": "Staff locker 12 — uniform size M, shoes 42, helmet Petzl 1900",
    # a shared folder's path given instead of a login
    "share path": (
        "Sam: the login for the share?\nJo: your usual account, the folder is \\\\FILESRV\\Compta$"
    ),
    "chemin du partage": (
        "Léa : le mot de passe du serveur ?\nMax : ton compte habituel, dossier"
        " \\\\SRV-02\\Partage\\RH"
    ),
    "drive path": (
        "Mei: password for the NAS?\nTom: same as your AD one, path is S:\\Projects\\2024"
    ),
    "lecteur réseau": "Mot de passe du NAS ? ton compte Windows, lecteur P:\\Projets",
}


@pytest.mark.parametrize("text", FALSE_ALARMS.values(), ids=FALSE_ALARMS.keys())
def test_the_guard_lets_a_false_alarm_kind_pass(text: str) -> None:
    assert find_secret(text) is None


SECRETS_BESIDE_FALSE_ALARMS = {
    "a safe in a quiz note": ("Pub quiz kitty stays in the safe, code 4471", "4471"),
    "a key safe beside gas safe": ("Gas Safe engineer coming Tuesday, key safe code 4471", "4471"),
    "a padlock's combination": ("Cadenas du local : combinaison 6401", "6401"),
    "an alarm's code beside a job": ("ADT engineer came, job 55891, alarm code 7741", "7741"),
    "a locker's code beside sizes": ("locker 14 — coat 44, pants 36/30, code 1044", "1044"),
    "a NAS password beside a share": (
        "\\\\NAS01\\Projects — NAS password: Grenouille-47",
        "Grenouille-47",
    ),
    "a door's code and a battery": ("Front gate: Garage Door 4471, battery changed", "4471"),
    "one's own after advice": (
        "Training slide: never use pet names in passwords. Mine is Buster2019!x though",
        "Buster2019!x",
    ),
    "a password assigned": ('export DB_PASSWORD="Pr0d!Secret_22"', "Pr0d!Secret_22"),
    "a documentation domain after it": (
        "Home Wi-Fi password: BlueHeron-2291 reset link: https://example.com/reset",
        "BlueHeron-2291",
    ),
    "an example of another value": (
        "clé WPA : 7c9Ea2F14bd3e\nMDP=changeme  # valeur d'exemple de la doc",
        "7c9Ea2F14bd3e",
    ),
}


@pytest.mark.parametrize(
    ("text", "secret"), SECRETS_BESIDE_FALSE_ALARMS.values(), ids=SECRETS_BESIDE_FALSE_ALARMS.keys()
)
def test_the_secret_beside_a_false_alarm_kind_is_refused(text: str, secret: str) -> None:
    finding = find_secret(text)
    assert finding is not None
    assert secret in text[finding.start : finding.end]


# --- An exam centre's number, printed on every candidate's timetable and convocation: no code
# when an exam is named near it (training corpus O's false alarm); a centre's door code is one.


@pytest.mark.parametrize(
    "text",
    [
        "Grade exam timetable (ABRSM session 2): Tom piano Gr 3, Tues 10:20; Amira violin Gr 5, "
        "11:05. Centre code 1420.",
        "Exam centre code: 1420",
        "Convocation DELF B1, épreuves le 12 mai. Numéro de centre : 0751",
        "Mock exams next week. Centre number 52341, candidates arrive 8:30",
        "ABRSM grade 5 on Tuesday. Centre code: 1420",
        "Trinity exams: centre code 61512, candidate numbers on the sheet",
        "Brevet blanc : code centre 0754, les candidats arrivent à 8 h",
    ],
)
def test_an_exam_centres_number_passes(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Sports centre code: 4471", "4471"),
        ("Exam week: the centre's side door code is 4471", "4471"),
        ("Music centre door code: 1420", "1420"),
    ],
)
def test_a_centres_door_code_is_refused(text: str, secret: str) -> None:
    finding = find_secret(text)
    assert finding is not None
    assert secret in text[finding.start : finding.end]


@pytest.mark.parametrize(
    "text",
    [
        "Group chat, Friday\nMia: which film tonight?\nTom: StarWars2025 (the new one)",
        "Mia : on regarde quel film ce soir ?\nTom : StarWars2025 (le nouveau)",
        "Léo: on joue à quel jeu ?\nSam: MarioKart8 comme d'hab",
        "Jo: what game are we playing Saturday?\nBen: Catan2024 edition, bring snacks",
        "Ana: which show did you start?\nRaj: Severance2 — so good",
        "Lucie : tu lis quel livre en ce moment ?\nMarc : Dune2021, la réédition",
    ],
)
def test_a_title_replying_to_which_film_or_game_passes(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Delivery for Gran: it's usually flat 2 2 4 C, buzz twice.",
        "Livraison pour mamie : c'est d'habitude l'appartement 2 2 4 C, sonner deux fois.",
        "Intercom: it's usually flat 2 2 4 C, buzz twice.",
        "Interphone : c'est d'habitude l'appartement 2 2 4 C.",
        "Buzzer: flat 2 2 4 C",
        "Intercom: press apartment 3 1 2 then wait.",
        "Interphone : appart 1 4 B, au 3e étage.",
    ],
)
def test_a_flats_number_passes(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Door code for flat 12: 4471", "4471"),
        ("Le digicode de l'appartement : 4471", "4471"),
        ("Digicode appartement 2 2 4 : 4 4 7 1", "4 4 7 1"),
    ],
)
def test_a_flats_door_code_is_refused(text: str, secret: str) -> None:
    assert any(secret in text[f.start : f.end] for f in find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Laptop returned: asset 4 1 1 9, charger included.",
        "Numéro d'inventaire : 4 1 1 9",
        "Numéro d'inventaire : 4119",
        "Asset tag: 4119 (grey monitor, room 3)",
        "Portable rendu : étiquette d'inventaire 4 1 1 9, chargeur compris.",
        "Projector returned — service tag 7 7 2 0, cable missing.",
        "Inventaire n° 5 5 1 2 : imprimante du 2e.",
    ],
)
def test_an_inventory_tag_passes(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Shop handover\nla caisse : 4471\nFond de caisse : 1500",
        "Shop handover\nFloat: 150\nTakings: 2340",
        "Clôture du soir : recette du jour : 2340, fond de caisse 150 dans le tiroir.",
        "Petty cash: 8800 in the tin.",
        "Cash up at close — float 1500, keep it in the safe bag.",
        "Espèces : 4471 à déposer lundi.",
    ],
)
def test_money_counted_in_a_till_passes(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Till code: 4471", "4471"),
        ("Code caisse : 4471", "4471"),
        ("Safe: 4471", "4471"),
        ("Coffre espèces : 4471", "4471"),
        ("Safe (petty cash): 4471", "4471"),
        ("Coffre du fond de caisse : 4471", "4471"),
        ("Asset room door: 4471", "4471"),
        ("Which film password?\nStarWars2025", "StarWars2025"),
    ],
)
def test_a_code_beside_these_look_alikes_words_is_refused(text: str, secret: str) -> None:
    assert any(secret in text[f.start : f.end] for f in find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "IT onboarding: Sign in with Office365 credentials on day one.",
        "Intégration : connectez-vous avec vos identifiants Office365 le premier jour.",
        "Log in using your Google2 account, not the old one.",
        "Use your Microsoft365 login for the timesheets.",
        "Connexion avec votre compte Orange2024 pour la facture.",
        "Sign in via Okta-SSO credentials from the intranet.",
    ],
)
def test_the_service_whose_credentials_one_signs_in_with_passes(text: str) -> None:
    assert find_secret(text) is None


# --- A classification's codes, each printed in a public list (waste, customs, trade, activity):
# the codes a register or an invoice asks for are no secret (hold-out 24's two false alarms); a
# door's or a padlock's code on the same line, or the waste room's own code, is one.


@pytest.mark.parametrize(
    "text",
    [
        "Waste codes: 15 01 01 cardboard, 15 01 02 plastic packaging.",
        "Codes déchets du registre\u202f: 15 01 01 cartons, 15 01 02 emballages plastiques.",
        "Code nomenclature déchets : 17 09 04, gravats mélangés.",
        "Code douanier pour la facture : 8471 30 00 (ordinateurs portables).",
        "HS code for the invoice: 6109 10 (cotton T-shirts).",
        "Tariff code 8517 62 00 for the router, duty 0 %.",
        "Code NACE de l'asso : 9499",
        "Codes NAF des deux sociétés : 4321A, 7112B",
        "Customs code on the parcel form: 4202 92, handbags.",
    ],
)
def test_a_classifications_codes_pass(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Shop till login for Saturdays\nuser: volunteer2\npw: on the card in the drawer",
        "Library PC\nusername: desk3\npassword: ask the office",
        "Compte de la caisse\nutilisateur : accueil2\nmot de passe : demander à Nadia",
        "Portail du CE : identifiant : martin.l — le mot de passe est dans l'enveloppe",
        "Booking site login: user name: frontdesk1, password on the sticker under the keyboard",
        "Wi-Fi admin page\nuser: admin\npw: printed on the back of the box",
    ],
)
def test_a_user_name_beside_a_withheld_password_passes(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Apiary at Hendry's farm: grid ref SK 4521 8830, gate is just a latch, no lock.",
        "Meet at the car park gate, grid reference TQ 305 805.",
        "Ruchers : coordonnées GPS 48.8566, 2.3522, portail toujours ouvert.",
        "Field gate at NGR SU 1234 5678, no padlock.",
        "Parcelle cadastrale AB 112, le portail du champ reste ouvert.",
        "Camp gate: lat/long 51.5072, -0.1276 — bring wellies.",
    ],
)
def test_a_places_grid_reference_or_coordinates_pass(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Mail de Camille : j'ai fait changer le code d'alarme après le cambriolage. Je vous le"
        " donne à chacun en main propre lundi. Technicien : SécuriVal, intervention n° 40417.",
        "New alarm code set this morning, I'll tell you in person. Installer: SafeHome Ltd.",
        "Le code du portail a été changé, demandez-le à l'accueil. Installateur : Somfy Pro.",
        "Keypad on the back door replaced, code unchanged. Fitted by Banham Security.",
        "Serrure du coffre changée, combinaison à demander au gérant. Serrurier : Martin & Fils.",
        "Door code reset after the break-in, ask Tom. Engineer: Dave Wilkins from ADT.",
    ],
)
def test_who_did_the_work_on_a_lock_passes(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "[23:12] Léa : la caisse du bar me demande un code pour l'annulation ?\n[23:15] Yanis :"
        " laisse, je la fais demain matin, note le ticket n° 1239\n[23:15] Léa : ok",
        "[10:02] Sam: the card machine wants a code for the refund?\n[10:04] Jo: leave it,"
        " I'll do it later, just note order no. 88213",
        "Code for the returns? Leave it, write down the invoice #5521 and I'll sort it.",
        "Le terminal demande un code ? Laisse tomber, note la commande n° 4471 pour demain.",
        "Safe code question: not today. Booking 7731 is the one to refund.",
        "Alarm code? Ask Tom. Receipt no. 66120 is the one to refund.",
    ],
)
def test_a_tickets_or_an_orders_number_after_a_code_asked_passes(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "sticky on the van key cabinet: 'van 2 MOT due 14/09, reg KX19 BFA, 84,210 miles'",
        "Post-it sur l'armoire à clés : « Kangoo 2, CT le 12/03, vidange à 120 000 km »",
        "Key box tag: 'Transit 3 service due March, 62,000 miles'",
        "Étiquette de la boîte à clés : « Clio immat AB-123-CD, contrôle technique juin, pneus"
        " neufs »",
        "Label on the key safe: 'Fiesta reg LD21 XKP, MOT 03/25, tyres done'",
        "Armoire à clés du camion : « camion 4 — révision 15/10, 98 000 km »",
    ],
)
def test_a_vehicles_record_by_its_keys_passes(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Waste codes: 20 01 01 paper; bin store code 4471", "4471"),
        ("Codes déchets : 20 01 01 papier, et le cadenas de la benne c'est 4471", "4471"),
        ("Gate code for the waste yard: 2580", "2580"),
        ("Code du local déchets : 4417", "4417"),
        ("Waste room code: 1934", "1934"),
        ("Local à déchets, digicode 2580", "2580"),
        ("Code de la déchetterie : 5521", "5521"),
    ],
)
def test_a_code_beside_a_classifications_codes_is_refused(text: str, secret: str) -> None:
    assert any(secret in text[f.start : f.end] for f in find_secrets(text))


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Shop till\nuser: volunteer2\npw: Tulip-Drawer-77", "Tulip-Drawer-77"),
        ("Compte caisse\nutilisateur : accueil2\nmot de passe : Caisse!Nadia4", "Caisse!Nadia4"),
        ("Field gate at grid ref SK 4521 8830: padlock code 2719", "2719"),
        ("Ruchers (GPS 48.8566, 2.3522) : cadenas du portail 3814", "3814"),
        ("Installer: SafeHome Ltd. New alarm code: 6620", "6620"),
        ("Technicien : SécuriVal. Nouveau code d'alarme : 4093", "4093"),
        ("Ticket n° 1239 closed. Till code is now 8842", "8842"),
        ("Van key cabinet code: 4471", "4471"),
        (
            "[15:03] moi : le code ?\n[15:03] client : dans la boîte à colis, c'est le 4-1-8",
            "4-1-8",
        ),
        ("Armoire à clés des camions : code 5530", "5530"),
        (
            "Van key box code: 'Transit-Blue-62' (service due March, 62,000 miles)",
            "Transit-Blue-62",
        ),
    ],
)
def test_a_secret_beside_a_user_name_a_place_a_firm_or_a_record_is_refused(
    text: str, secret: str
) -> None:
    assert any(secret in text[f.start : f.end] for f in find_secrets(text))
