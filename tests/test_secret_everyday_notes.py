"""Everyday notes that name accounts, codes and secrets without giving one, by kind.

Hold-outs 16 and 17 and training corpus K were flagged on notes of five kinds, each of which a
person writes often: bank details shared to be paid (sort code, account number, IBAN, RIB), an
account's reference or user name given alone while the secret is withheld ("the bank will send
a new code"), a glossary or a translation of the words for secrets, a phone number labelled as
a recovery or a contact number, a product's make and model; sweeps of everyday notes added a
trade's numbers, a fault's code and statistics of everyone's passwords. The look-alikes below
are those kinds in wording of their own, English and French, in lines, lists, tables, blocks
and chats; each twin is the same note with a secret in it, which must still be found. The
everyday notes are hard negatives written for the sweeps (bank details, references, glossaries,
IT tickets, receipts, recipes, timetables, phone numbers, withheld codes, prose about
passwords): the whole guard lets each pass.
"""

import pytest

from memoire.core.secrets import find_secret, find_secrets
from memoire.core.secrets.lookalikes import is_phone_number

LOOKALIKES = {
    "sort code and account": "Sort code 20-45-77, account 30918264 — the client account for fees",
    "bank table": (
        "| Bank | Sort code | Account |\n|---|---|---|\n| Lloyds | 30-94-12 | 22817465 |"
    ),
    "bank block": (
        "Bank details\n"
        "Name: R & S Builders\n"
        "Sort code: 60-83-71\n"
        "Account no: 33019284\n"
        "Ref: job 118"
    ),
    "iban bic": "IBAN : FR76 3000 6000 0112 3456 7890 189\nBIC : AGRIFRPP882",
    "rib list": (
        "RIB du club :\n- banque 30004\n- guichet 00828\n- compte 00010123456\n- clé RIB 76"
    ),
    "numéro de compte": "Numéro de compte pour le virement des cotisations : 00012345678",
    "compte chat": (
        "[10:02] Léa : tu m'envoies ton numéro de compte ?\n"
        "[10:03] Marc : compte 04512345678, Banque Postale"
    ),
    "payee ref": "New payee: Oakfield Lettings, account 61928374, payee ref FLAT2B-RENT",
    "yaml bank": (
        "supplier:\n"
        "  name: Bureau Vallée\n"
        "  iban: FR14 2004 1010 0505 0001 3M02 606\n"
        "  bic: PSSTFRPPSCE"
    ),
    "a/c": "Refund to a/c 55667788 (sort 40-47-84) please, not the card",
    "identifiant withheld": (
        "Banque en ligne : identifiant 48821093, la banque enverra un nouveau code à la trésorière"
    ),
    "customer id withheld": (
        "Online banking: customer ID 4481920377, the passcode is chosen at first login"
    ),
    "account ref and keyholders": (
        "Monitoring: Secom, account ref SEC-774120. Code is with the keyholders only."
    ),
    "numéro client": "EDF : numéro client 6001234567, le code d'accès arrive par courrier",
    "username ask": "School portal username: jsmith47 — ask the office for the password",
    "user id list": (
        "- Pension portal\n  - user ID: JSMITH47\n  - password: set by you at activation"
    ),
    "membership": "Gym membership no. 004417, the PIN for the door is given at the desk",
    "policy": "Insurance policy number HM-5521984; online account password with Dad",
    "n° adhérent": "Mutuelle : n° adhérent 1120045, mot de passe à créer sur le site",
    "identifiant de connexion": (
        "Identifiant de connexion : 71234590\nMot de passe : reçu par SMS, pas noté ici"
    ),
    "contract ref": "Alarm contract ref 0042-7719, code held by the two keyholders",
    "login email": (
        "Login for the parish site: secretary@stmarys-parish.org — password in the safe"
    ),
    "glossaire": (
        "Glossaire client : « mot de passe » → password, « code PIN » → PIN, « identifiant » → "
        "username"
    ),
    "glossary en": (
        "Glossary for the FR team: password → mot de passe, PIN → code PIN, username → identifiant"
    ),
    "lexique table": (
        "| FR | EN |\n|---|---|\n| mot de passe | password |\n| clé | key |\n| code secret | PIN |"
    ),
    "mots à traduire": (
        "Mots à traduire : « identifiant » → login, « code secret » → secret code, « clé » → key"
    ),
    "style guide": (
        "Style guide: say 'passcode' for the phone and 'password' for the website, never 'pin "
        "number'"
    ),
    "translation note": (
        "Translation note: « code d'accès » should become 'access code', not 'password'"
    ),
    "ui strings": (
        "UI strings to translate: 'Enter your PIN' → « Saisissez votre code », 'Password' → « "
        "Mot de passe »"
    ),
    "vocab list": "Vocabulaire : key = clé ; lock = serrure ; password = mot de passe",
    "recovery phone": "Recovery phone = salon mobile 0113 496 0721",
    "numéro de secours": "Numéro de secours du compte Google de mamie : 06 12 34 56 78",
    "backup phone apple": "Backup phone on the Apple ID: the landline 020 7946 0321",
    "alarm line": "Alarm monitoring centre: 0345 600 3112, quote the site name",
    "télésurveillance": "Pour couper l'alarme, appeler la télésurveillance au 09 70 80 90 10",
    "chat call": (
        "[23:02] Clém : pour couper l'alarme ??\n[23:02] Yann : appelle Securitas au 0 800 44 21 10"
    ),
    "international": "2FA phone on the VPN account: +44 7700 900461 (the on-call mobile)",
    "door phone": "Gate intercom calls my mobile 07700 900 461 when someone buzzes",
    "key safe model": (
        "Key safe fitted on the hut wall (Supra C500, £42.99). Combination only with the committee."
    ),
    "receipt": "Receipt: padlock Abus 55/40 £8.99, key safe Supra C500 £42.99",
    "cadenas prix": (
        "Cadenas du local : acheté un Abus 6401 à 19,90 €, combinaison réglée par le gardien"
    ),
    "ticket": (
        "INC0012291 — printer on floor 3 asks for a PIN code, set to release-on-badge instead"
    ),
    "ticket fr": "Ticket REQ0045521 : réinitialisation du mot de passe de M. Leroy faite",
    "table login withheld": (
        "| Service | Login | Password |\n|---|---|---|\n| Bank | 48821093 | see Dad |"
    ),
    "crédit agricole withheld": (
        "Crédit Agricole — identifiant 48821093 — code perso reçu par courrier, à changer"
    ),
    "account in brackets": "Bank account (for the builder): 30918264, sort code 20-45-77",
    "provider before colon": "Numéro de client Free : 12345678, la box est à mon nom",
    "area code": "Dress code for Saturday: black tie. Area code for Leeds is 0113.",
    "chubb model": "Keys: front door (Yale), back door (Chubb 3G114), shed (padlock, ask Tom)",
    "digicode model": "Digicode Urmet 1131 acheté 59 € pour le portail, à installer",
    "terminal id": (
        "Salon: card machine PIN pad replaced by Dojo, terminal ID 40012277, support 0333 043 4944"
    ),
    "exam code": (
        "Music school: Grade 5 exam code 0412 is the board's syllabus code, not a door code"
    ),
    "one of a model": (
        "Chalet: key safe at the chalet is a Master Lock 5401, code sent by the agency the day "
        "before"
    ),
    "fault code": "Holiday house: the boiler code E119 means low pressure — top up to 1.5 bar",
    "commonest pins": "Article: the most common PINs are 1234, 1111 and 0000 — a third of cards",
    "le plus utilisé": "Le mot de passe le plus utilisé en France reste 123456, d'après l'ANSSI",
    "factory default": (
        "Factory default PIN on the keypad is 1234 per the manual; ours was changed on install"
    ),
    "set from the factory": (
        "Combination lock for the bike: reset instructions on the card (set to 000 from the "
        "factory)"
    ),
    "ref of a job": "Key safe: Supra S5, installed 12/05/2024 by Lifeline, ref job 77120",
}


@pytest.mark.parametrize("text", LOOKALIKES.values(), ids=LOOKALIKES.keys())
def test_an_account_number_a_phone_a_glossary_or_a_model_is_no_secret(text: str) -> None:
    assert find_secret(text) is None


# The look-alike's twin with a secret in it, and the secret's value.
TWINS = {
    "identifiant and password": (
        "identifiant 48821093, mot de passe Chorale!2024",
        "Chorale!2024",
    ),
    "account and pin": (
        "account 30918264, online banking PIN 4471",
        "4471",
    ),
    "sort code and passcode": (
        "Sort code 20-45-77, account 30918264, passcode 661204",
        "661204",
    ),
    "customer id and passcode": (
        "Online banking: customer ID 4481920377, passcode 7712",
        "7712",
    ),
    "numéro client et code": (
        "EDF : numéro client 6001234567, code d'accès 482915",
        "482915",
    ),
    "username and password": (
        "School portal username: jsmith47 / password: Maple!Leaf22",
        "Maple!Leaf22",
    ),
    "identifiant de connexion et mdp": (
        "Identifiant de connexion : 71234590\nMot de passe : Tr3sorier#",
        "Tr3sorier#",
    ),
    "alarm code beside a phone": (
        "Alarm centre 0345 600 3112; alarm code 4471 to unset",
        "4471",
    ),
    "recovery phone and pin": (
        "Recovery phone 0113 496 0721, SIM PIN 2290",
        "2290",
    ),
    "key safe code beside model": (
        "Key safe (Supra C500, £42.99) code 5829",
        "5829",
    ),
    "glossary with a real one": (
        "Glossaire : « mot de passe » → password. Mot de passe du wifi : Glycine-77",
        "Glycine-77",
    ),
    "ticket with a temp password": (
        "INC0012291: temp password set to Welcome#4471",
        "Welcome#4471",
    ),
    "account ref and code": (
        "Monitoring: Secom, account ref SEC-774120, alarm code 3108",
        "3108",
    ),
    "iban and card pin": (
        "IBAN FR76 3000 6000 0112 3456 7890 189 ; code de la carte 7731",
        "7731",
    ),
    "membership and door": (
        "Gym membership no. 004417, door PIN 2580",
        "2580",
    ),
    "table login and password": (
        "| Service | Login | Password |\n|---|---|---|\n| Bank | 48821093 | 7712 |",
        "7712",
    ),
    "table identifiant et mdp": (
        (
            "| Site | Identifiant | Mot de passe |\n"
            "|---|---|---|\n"
            "| Impots | 1234567890123 | Fisc#Lyon42 |"
        ),
        "Fisc#Lyon42",
    ),
    "account brackets pin": (
        "Bank account (for the builder): 30918264, card PIN 9052",
        "9052",
    ),
    "provider name and mdp": (
        "Numéro client Free : 12345678, mot de passe de la box : Freebox!77",
        "Freebox!77",
    ),
    "area code and door": (
        "Area code for Leeds is 0113; door code 4471",
        "4471",
    ),
    "chubb and a code": (
        "Back door (Chubb lock) code 7730",
        "7730",
    ),
    "crédit agricole code": (
        "Crédit Agricole — identifiant 48821093 — code perso 773104",
        "773104",
    ),
    "login line password": (
        "Login: jdupont — password: Lavande_88",
        "Lavande_88",
    ),
    "phone and voicemail pin": (
        "Work mobile 07700 900461, voicemail PIN 3390",
        "3390",
    ),
    "rib et code carte": (
        "RIB : compte 00010123456, clé RIB 76 ; code carte bleue 5512",
        "5512",
    ),
    "username in prose and password": (
        "School portal username jsmith47, password Maple!Leaf22",
        "Maple!Leaf22",
    ),
    "ref and safe": (
        "Ref SEC-774120 for the alarm; the safe opens with 190477",
        "190477",
    ),
    "a code of the account": ("code d'accès au compte Orange : 58203194", "58203194"),
    "recovery codes of an account": (
        "Recovery codes for my Google account: 7626 1341, 0396 1264, 6558 6156",
        "7626 1341",
    ),
    "mot de passe du compte": ("Mot de passe du compte Ameli : 48821093", "48821093"),
    "a pin in brackets": ("Call the bank about the card (PIN 8305) before Friday", "8305"),
    "a code after a bracketed brand": ("Front gate (Came keypad): 2580", "2580"),
    "terminal id and manager pin": (
        "Card machine terminal ID 40012277, manager PIN 7731",
        "7731",
    ),
    "exam room door": (
        "Music school: exam room door code 0412",
        "0412",
    ),
    "a model named, then its code": (
        "The key safe is a Master Lock, code 5401",
        "5401",
    ),
    "a code explained by a birthday": (
        "Alarm code 1406, meaning Mum's birthday",
        "1406",
    ),
    "one's own most used": (
        "My most used password is Hunter22!",
        "Hunter22!",
    ),
    "the most used at home": ("The most used door code at the house: 4471", "4471"),
    "mine beside the commonest": (
        "The most common PIN is 1234, mine is 7731",
        "7731",
    ),
    "a statistic, then one's own": (
        "Le mot de passe le plus utilisé en France reste 123456 ; celui du wifi ici : Ortie#2291",
        "Ortie#2291",
    ),
    "changed from the default": (
        "Keypad PIN changed from the factory 1234 to 8051",
        "8051",
    ),
    "still the default": (
        "Garage keypad still on the default 0000",
        "0000",
    ),
    "a device's own default": (
        "Router default password: Xk4-99Lp (on the sticker)",
        "Xk4-99Lp",
    ),
    "a job's ref, then a code": (
        "Ref job 4471 for the locksmith; new door code 6618",
        "6618",
    ),
}


@pytest.mark.parametrize(("text", "secret"), TWINS.values(), ids=TWINS.keys())
def test_the_secret_beside_an_account_or_a_phone_is_still_found(text: str, secret: str) -> None:
    position = text.index(secret)
    findings = find_secrets(text)
    assert any(finding.start <= position < finding.end for finding in findings), findings


EVERYDAY_NOTES = (
    # bank details shared on purpose
    "Rent goes to: Mrs J Patel, sort code 40-11-62, account 71233409, reference FLAT2B",
    "Pay the plumber by transfer — sort code 30-96-26, acct no 58213390, ref INV 2231",
    "Bank details for the club subs: Lloyds, 30-94-12 / 22817465, use your surname as reference",
    "IBAN FR76 3000 6000 0112 3456 7890 189, BIC AGRIFRPP882 — pour le remboursement du séjour",
    "RIB de l'asso : banque 30004, guichet 00828, compte 00010123456, clé RIB 76",
    "Virement loyer : IBAN FR14 2004 1010 0505 0001 3M02 606, libellé « loyer mars »",
    "Numéro de compte pour les cotisations : 00012345678, à la Banque Postale",
    "Payee: Greenfield Nursery, account number 44120987, sort code 20-32-06, ref: MAYA-P",
    "Standing order set up: £45 a month to account 61928374 (sort 09-01-28), ref GYM0412",
    "Coordonnées bancaires du traiteur : IBAN FR76 1027 8060 3100 0202 3450 147 / BIC CMCIFR2A",
    "For the wedding gift list, their account: 12-34-56 87654321 (Barclays), ref GIFT",
    "BACS details for expenses: sort code 60-83-71, a/c 33019284",
    "Le numéro de compte de maman pour le virement : 30002 00550 0000157845Z 02",
    "Supplier bank change notice: new account 90817263, sort code 23-14-70, from 1 June",
    "Account details on the invoice: Acct 55667788, Sort 40-47-84. Payment within 30 days.",
    "Mon IBAN pour Lydia si besoin : FR76 1820 6000 4512 3456 7890 123",
    "Transfer the deposit to account 19283746 at Nationwide, reference the house number",
    "Compte joint : n° 04512 345678 (Crédit Agricole), carte à renouveler en juin",
    # references, customer numbers, identifiers given alone
    "EDF: numéro client 6001234567, contrat 3000987654 — relevé du compteur le 15",
    "British Gas customer number 850012345678, meter reading due on the 3rd",
    "Mutuelle : n° adhérent 1120045, la carte tiers payant arrive par courrier",
    "Water bill: account ref 40019-228, pay by direct debit from next month",
    "Netflix account is on Sam's email, profile 'Kids' is the one with the limits",
    "Impots.gouv : numéro fiscal dans le dossier bleu, mot de passe chez papa",
    "Council tax reference 7004512399, band C, ten instalments",
    "Pharmacy login: username dr.okafor — password from IT, they'll call you",
    "Library card number 2190004417723, renew online before the 12th",
    "CAF : numéro allocataire 2245871, ils enverront le code provisoire par courrier",
    "Ameli : identifiant = numéro de sécu, le mot de passe a été réinitialisé par courrier",
    "Insurance policy number HM-5521984, renewal 14 March, call 0800 051 3350 to change cover",
    "Vodafone account number 7712004563, the PIN for the account is in the welcome letter",
    "Gym membership no. 004417, the front desk sets up the app login",
    "Banque en ligne : identifiant client 71234590, code envoyé par SMS à la première connexion",
    "Online banking: customer ID 4481920377, passcode to be chosen when you first log in",
    "Pension portal: user ID JSMITH47, the provider posts an activation code",
    (
        "Username for the school portal is the child's surname plus year of birth, ask the "
        "office for the password"
    ),
    "Nouvelle trésorière : identifiant 48821093 pour la banque, le code arrive par courrier",
    "Account ref RX-55012 at the vet's, pay at reception",
    "Contract number 0042-7719-3 for the lease, keys collected Monday",
    "Login for the tenants' portal: flat number as username; password set by each tenant",
    "Alarm company: Verisure, customer no. 4471920, code held by the two keyholders only",
    "Amazon order 204-5567812-4410023 arrives Thursday",
    "Compte Ameli de Léo : identifiant 1 12 05 75 115 042 33, mot de passe avec sa mère",
    "Le compte de la boulangerie chez le grossiste : n° client 55120, livraison mardi",
    # glossaries / translation / vocab / prose about security
    "Glossary for the FR team: password → mot de passe, PIN → code PIN, username → identifiant",
    (
        "Vocabulaire anglais de la semaine : key = clé, lock = serrure, code = code, safe = "
        "coffre-fort"
    ),
    "Translation note: « code d'accès » should become 'access code', not 'password'",
    "Lexique : OTP = code à usage unique ; 2FA = double authentification ; token = jeton",
    "Style guide: write 'sign in', not 'login'; 'passcode' only for the phone's lock screen",
    "Terms: PIN (personal identification number), PUK (unblocking key), CVV (card security code)",
    "Spanish homework: contraseña = password, llave = key, cerradura = lock",
    "Don't translate 'token' or 'API key' in the docs, keep them in English",
    "Rappel RGPD : ne jamais envoyer un mot de passe par mail, utiliser le gestionnaire",
    "Reminder for the team: PINs are never asked by the bank over the phone",
    "Quiz vocab: 'cipher', 'key', 'lock', 'code' — match each to its definition",
    "UI strings: 'Enter your PIN', 'Forgot password?', 'Show code' — send to the translator",
    "Mots à traduire : « identifiant » → login, « code secret » → secret code, « clé » → key",
    "Word of the day: passcode (n.) — a string of characters used to gain access",
    "Crossword clue 14 across: 'secret word to enter' (8) — PASSWORD",
    "IT newsletter: from 1 May the password policy needs 12 characters and a symbol",
    "Phishing training: the fake email asked for 'your PIN and password', never reply",
    # IT tickets
    "Ticket 44120: user locked out after three wrong passwords, account unlocked, told to reset",
    "INC0012291 — printer on floor 3 asks for a PIN code, set to release-on-badge instead",
    (
        "Helpdesk: Mme Durand n'arrive plus à se connecter, identifiant jdurand, "
        "réinitialisation envoyée"
    ),
    "Ticket #5531: VPN error 809 on Windows 11, fixed by enabling port 1723",
    "Change request CR-2024-118: rotate the service account passwords next Tuesday",
    "Laptop DELL-0412 reimaged, BitLocker recovery key stored in Intune",
    "Wi-Fi guest network now WPA3, the code changes monthly and is on the reception screen",
    "Server room door: badge access only since March, the keypad was removed",
    "New starter checklist: laptop, badge, email account; password given in person on day one",
    "Error code 0x80070005 when installing the update, access denied",
    "Ticket 7781: the door keypad beeps three times, battery low",
    "MFA reset for user kpatel, phone number updated to +44 7700 900123",
    # shop receipts, prices, models
    "Receipt: 2x padlock Abus 55/40 at £8.99, key safe Supra C500 £42.99, total £60.97",
    "Bought a Yale keypad lock YD-01 for 129 €, installation on Saturday",
    "Coffre-fort Fichet 320 litres, devis 1 240 €, livraison sous 3 semaines",
    "Masterlock 1500iD combination padlock, £12.49 on Amazon",
    "Samsung Galaxy A54, 128 GB, £349, order no. 20611827",
    "Alarme Verisure : abonnement 39,90 €/mois, installation 599 €",
    "Router replaced: BT Smart Hub 2, serial +089123, old one returned",
    "Interphone Legrand 369220 acheté 89 € chez Leroy Merlin",
    "Cash register receipt No 0045 — 3 croissants 3,60 €, café 1,80 €",
    "Door phone model Aiphone JO-1MD, £189 inc VAT",
    "Code promo BIENVENUE10 pour 10 % sur la première commande",
    "Gift card balance £25, card number on the back, expires 2026",
    # recipes, timetables, everyday numbers
    "Gâteau au yaourt : 1 pot de yaourt, 2 pots de sucre, 3 pots de farine, 3 œufs, 180 °C 35 min",
    "Bread: 500 g flour, 350 ml water, 10 g salt, 7 g yeast; 220 °C for 30 min",
    "Bus 42 leaves at 07:12, 07:27, 07:42; the 07:27 is the one that connects",
    "Train to Lyon: TGV 6603 at 08:04, coach 12, seats 45 and 46",
    "Swimming lessons Tues 17:30–18:15, lane 4, bring the 2 € coin for the locker",
    "Vol AF1234 départ 10h25, terminal 2E, porte K34",
    "Dentist on 14/03 at 09:40, Dr Martin, room 12",
    "Kids' shoe sizes: Léa 31, Tom 35; coat sizes 8 and 10",
    "Fridge thermostat on 4, freezer -18 °C",
    "Marathon training week 6: 5 km easy, 8 km tempo, 16 km long run",
    "Paint colour for the hall: Farrow & Ball No. 2005 All White",
    "Tyre pressures 2.3 bar front, 2.1 rear; tyres 205/55 R16",
    "Boiler pressure should sit at 1.5 bar, reset button on the left",
    "Medication: 1 tablet 500 mg morning and evening for 7 days",
    "Car reg AB12 CDE, MOT due 03/2026, service at 60,000 miles",
    "Allotment plot 14B, water tap code-free since the new trough",
    "Meter readings: gas 04412, electricity 18823 (1 April)",
    "Cinema Friday, screen 7, row F seats 12-13, booking ref QX7TP",
    "Parking at the hospital: level 2, bay 118, pay at the machine",
    # phone numbers labelled
    "Recovery phone for Dad's Gmail is my mobile, 07700 900461",
    "Numéro de secours du compte Google de mamie : 06 12 34 56 78 (le portable de tata)",
    "Emergency contact: Sarah (neighbour) 07911 123456, has a spare key",
    "Backup phone on the Apple ID: the landline 020 7946 0321",
    "Alarm monitoring centre: 0345 600 3112, quote the site name",
    "Pour couper l'alarme, appeler la télésurveillance au 09 70 80 90 10",
    "Locksmith if the code fails: 24h line 0800 012 3456",
    "Contact du gardien : 01 45 67 89 12, il a le double des clés",
    "Téléphone de la banque pour faire opposition : 09 69 39 99 98",
    "Phone: 0161 496 0000 (reception), ext 2231 for accounts",
    # withheld secrets
    "The safe's combination is with the manager only; ask Claire if you need it",
    "Le code de l'alarme est chez les voisins, pas dans ce carnet",
    "Wi-Fi password is on the sticker under the router",
    "Shed padlock code: ask Dad, he changed it last week",
    "Mot de passe de la box : au dos de la box, comme d'habitude",
    "The PIN for the new card came by post, it's in the kitchen drawer",
    "Door code changes Monday, the landlord will text it",
    "Key safe at the back: code sent to the cleaner by SMS",
    "Le digicode sera communiqué la veille de l'arrivée par l'hôte",
    "Bank said a new PIN will be posted within 5 working days",
    "Login details for the portal will be emailed by the school",
    "Code du portail : demander au syndic, il a changé",
    # misc everyday
    "Book club: 'The Secret History', chapters 1-4 for the 12th",
    "Film night: 'The Da Vinci Code' or 'Sneakers'?",
    "Song for the wedding: 'Lock and Key' by the band, track 4",
    "Kids' game: the secret password for the treehouse is a joke, they change it every day",
    "Escape room booked Sat 15:00, room 'The Vault', 6 players, £120",
    "Birthday party: 14 kids, 3 pizzas per 5 kids, 2 cakes",
    "Piano grades: Emma grade 3 on 12 June, piece no. 2",
    "Football: U10s kick off 10:00 at pitch 3, kit number 7 for Leo",
    "Garden: plant 24 tulip bulbs, 12 per bed, 10 cm deep",
    "Moving boxes: 1-20 kitchen, 21-35 books, 36-40 bathroom",
    "Passport renewal: form ref 55120-A, photo code printed on the receipt",
    "Photo code for the passport application: 8D4K 2MPQ 7RTW (from the booth receipt)",
    "Recipe for the code club: 2 Raspberry Pi, 4 LEDs, 1 breadboard",
    "Phone case for the new iPhone 15, 19,99 €",
    "Lock screen on the tablet: turned off for the kids, Screen Time limit 1 h",
    "Hotel: room 412, breakfast 7-10, checkout 11:00",
    "Casier de la piscine : numéro 118, la clé est au bracelet",
    "Armoire à pharmacie : clé chez la voisine du 3e",
    "Cadenas du vélo perdu, on en rachète un à code chez Decathlon (14,99 €)",
    "Tablet for Gran: Samsung Tab A9, 64 GB, 169 €, set up on Sunday",
    "Bike lock Kryptonite Evolution 4, key number 0123 (for replacement keys)",
    "Spare key number for the car is K-4417, on the tag",
    "Remember: the code word for pick-up changed, school will tell parents at the meeting",
    "Zoom meeting ID 845 2231 9904, link in the calendar invite",
    "Numéro de la réunion Teams : 312 456 789 012, lien dans l'invitation",
    "Conference call dial-in 0800 368 0638, then meeting number 4471",
    # bank details and references, more layouts
    "Login : 48821093, mot de passe envoyé par courrier",
    "Login: jdupont — password to be set on first connection",
    (
        "| Site | Identifiant | Mot de passe |\n"
        "|---|---|---|\n"
        "| Impots | 1234567890123 | (chez papa) |"
    ),
    "| Service | Login | Password |\n|---|---|---|\n| Bank | 48821093 | see Dad |",
    "Utilisateur : marie.leroy ; le mot de passe est dans le coffre",
    "Banque :\n  identifiant : 48821093\n  code : envoyé par courrier",
    "Crédit Agricole — identifiant 48821093 — code perso reçu par courrier, à changer",
    "Compte Ameli : n° de sécu 1 85 05 75 115 042 33 ; mot de passe réinitialisé",
    "Online banking\nCustomer number: 4481920377\nPasscode: not written down",
    "Bank account (for the builder): 30918264, sort code 20-45-77",
    "Account: 30918264\nSort code: 20-45-77\nName: Mr T Okafor",
    "Netflix login: sam@example.co.uk; password — ask Sam",
    "Identifiants de la banque en ligne : identifiant 48821093 ; le code secret est à la banque",
    "Accès fournisseur : identifiant client 55120, code à demander à la compta",
    "Account ref for the window cleaner: WC-4471; pay by bank transfer",
    "Référence de paiement : 4471-2209, à indiquer sur le virement",
    "Customer reference 4471 2209 on the water bill",
    "Mon numéro de téléphone de récupération pour Gmail : 07 81 23 45 67",
    "Code pays +33, indicatif Lyon 04",
    "Recovery phone number updated to 0113 496 0000 on all the salon accounts",
    "Alarm: call ADT on 0344 800 1999 if it goes off; code known to Jo and Pete only",
    "Le code de l'alarme ? Appelle le 09 70 80 90 10, ils la désactivent à distance",
    # everyday numbers beside secret nouns
    "Sewing box: pins 26 mm, needles size 9, thread no. 40",
    "Garage: clé de 13 et clé de 17 pour les roues, couple 110 Nm",
    "Arcade tokens: 20 for £5, the kids used 14",
    "Bus pass number 6330 0412 7781 on the back of the card, renew in May",
    "Dress code for Saturday: black tie. Area code for Leeds is 0113.",
    "Highway code question 42: stopping distance at 30 mph is 23 m",
    "Safe temperature for chicken: 74 °C in the thickest part",
    "Homework answers for Tom: 1) 144 2) 3.5 3) 1066",
    "Lock-in at the pub on the 21st, £15 a head",
    "Locker 12 at the gym, padlock of my own",
    "Password reset emails were going to spam — whitelisted noreply@bank.co.uk",
    "Keys: front door (Yale), back door (Chubb 3G114), shed (padlock, ask Tom)",
    "Key cutting receipt: 2 copies of key 4471X, £9",
    "Code of conduct signed by all volunteers on 12/03",
    "Course code MATH2040 starts week 3, room 1.12",
    "QR code for the menu is on every table",
    "Discount code SUMMER15 expired on 30 June",
    "Postcode for the venue: LS6 2QP, parking on Cardigan Road",
    "Error 404 on the booking page, told the web team",
    "Git: branch fix-login-4471 merged, version 2.3.1 tagged",
    "Recipe scale: 4 persons → 6 persons, multiply by 1.5",
    "Train times Paris–Lyon : 7h04, 8h04, 9h04 ; voiture 12 places 45-46",
    "Cuisson du rôti : 20 min par 500 g à 200 °C",
    "Réunion parents-profs le 14/11 à 18h30, salle 204",
    "Inventory: 12 chairs, 4 tables, 2 key safes (spare), 1 alarm panel",
    "Electricity meter serial 18P0412339, reading 18823",
    "Wi-Fi at the cottage: no password, open network, just click connect",
    "Answer to Gran's question: yes, the bus pass works before 9:30 now",
    "Ticket price: £4.50 adult, £2.20 child; code for the school rate at the door",
    "Passport number is on the scan in the folder, expiry 2031",
    "Combination boiler serviced, part no. 87161-0412 replaced",
    "Safe deposit box at the bank, box 112, opening hours 9-16",
    "The treehouse password game: the kids pick a new silly word each day, today it was 'banana'",
    "PIN badges for the fair: 200 printed, 2 designs",
    "Code rouge canicule : réunion de crise à 14h, salle 3",
    "Token ring network in the museum exhibit, 1985, 4 Mbit/s",
    "Clé USB 32 Go perdue, contenait seulement les photos de la fête",
    "Keyboard shortcut: Ctrl+Shift+T reopens the tab",
    "Mot de passe oublié pour Doctolib → cliquer « mot de passe oublié », lien envoyé par mail",
    "Ask the bank to change the card PIN at the machine, it takes two minutes",
    "Account closed: Halifax 12345678 closed on 3 April, final statement received",
    "Sort code checker says 20-45-77 is Barclays Leeds",
    "Nouveau RIB envoyé à l'employeur pour le salaire (compte 00012345678 à la BP)",
    "Direct debit: £32.50 from account ending 9264 on the 1st",
    "Card ending 4471 expires 09/27, new one in the post",
    "Carte bancaire qui finit par 7731 : opposition faite le 12",
    "Apple ID is my work email; the recovery key is printed in the safe",
    "Customer service PIN (telephone banking) to be set at the branch, bring ID",
    "Numéro de client Free : 12345678, la box est à mon nom",
    "Mobile contract: O2, account 7712004563, upgrade due in March",
    "Amazon: account under Mum's email, two-step via her phone 07700 900123",
    "Secret Santa: draw on Friday, budget £10, names in the hat",
    "Secret garden tour: tickets £8, booking code GARDEN24",
    "Le code de la route : examen le 3 mars à 10h, centre de Villeurbanne",
    "Escape game « Le Coffre » : réservé samedi 15h, 6 joueurs, 120 €",
    "The answer to the riddle is a shadow, the kids got it",
    "Questionnaire santé : réponse « non » à toutes les questions",
    "Token for the tram: single €1.70, day ticket €5.60",
    "Hotel safe: use your own 4-digit code, instructions on the door",
    # more bank details, references, glossaries, receipts
    (
        "| Payee | Sort code | Account no | Reference |\n"
        "|---|---|---|---|\n"
        "| Plumber | 30-96-26 | 58213390 | INV2231 |"
    ),
    (
        "Virement à faire :\n"
        "  Bénéficiaire : SCI Les Tilleuls\n"
        "  IBAN : FR76 1027 8060 3100 0202 3450 147\n"
        "  Référence : LOYER-03"
    ),
    "Bank: Monzo\nAccount: 30918264\nSort code: 04-00-04\n(this is the joint account for bills)",
    "Code banque 30004 — code guichet 00828 — n° de compte 00010123456 — clé 76",
    "Clé RIB : 76 (c'est juste le contrôle du RIB, pas un code)",
    "Customer number: 850012345678\nMeter: E12Z 34567\nTariff: Fixed 12M",
    "Référence client : C-449120 — à rappeler pour toute réclamation",
    "Code client chez Metro : 4400128, carte à présenter en caisse",
    "Numéro de contrat : 3000987654 (assurance habitation), échéance au 1er avril",
    "Account number for the council: 7004512399 — the online PIN will come by letter",
    "Your reference: 5521-9987-01. Please quote it when you call.",
    "Réf. dossier : 2024/118/BM — ne pas oublier de la mettre sur le chèque",
    "Patient number 4412 9981 230 on every NHS letter",
    "Student ID 2210458 for the library and the canteen",
    "Identifiant : jean.dupont@laposte.net — le mot de passe a été changé par Léa hier",
    "Username: k.patel | Password: (reset link sent) | MFA: phone",
    "Login ID 7781203 for the energy app; the password is in Mum's phone",
    (
        "Pour la CAF : numéro allocataire 2245871, code confidentiel reçu par courrier, pas "
        "encore ouvert"
    ),
    "The new online banking login is my customer number, 4481920377; they'll post the PIN",
    "Compte PayPal : julie.m@gmail.com, l'identification est sur son téléphone",
    (
        "Glossary\n"
        "PIN: personal identification number\n"
        "PUK: personal unblocking key\n"
        "OTP: one-time password"
    ),
    "Traduction pour la notice : « mot de passe oublié ? » = « forgot password? »",
    "Lexique du jeu de rôle : « clé » = objet qui ouvre une porte, « code » = énigme à résoudre",
    (
        "Tip for the presentation: call it a 'passphrase', not a 'password', people remember "
        "it better"
    ),
    "French words for the trip: la clé (key), le code (code), le mot de passe (password)",
    "Definitions: a token is a one-time value; a key is long-lived. Both are secrets.",
    "Ne pas traduire « token », « API key », « webhook » dans l'interface",
    "Things my students confuse: code, password, PIN, passphrase — lesson on Thursday",
    "Recovery phone: 07700 900461 (mine); recovery email: dad.backup@gmail.com",
    "Téléphone de récupération du compte Apple : 06 98 76 54 32",
    "Alarm company emergency line 0800 783 2110; they call the keyholders, not us",
    "Keyholder contacts\n- Ann 07911 123456\n- Raj 07700 900123",
    "Call the bank on 0345 300 0000 to unlock the card, they ask security questions",
    "Société de télésurveillance : Verisure, tél 01 84 88 70 00, contrat n° 4471920",
    "Phone unlock for Gran's mobile: she uses her fingerprint, the phone number is 07123 456789",
    "Model: Yale Conexis L1, £199 — the code is set in the app",
    "Coffre Fichet Bauche 2000, 340 € d'occasion, la combinaison est à changer à la livraison",
    "Padlock Master 175, £14.50, resettable dial",
    "Digicode Urmet 1131 acheté 59 € pour le portail, à installer",
    "Receipt 0412: Kryptonite 1455 £39.99, lights £12",
    "CHG-20931: rotate the Wi-Fi PSK on all APs on Sunday",
    "Ticket RITM0045521 closed: user can log in again after the reset",
    "SR 4471920 opened with the bank about the card PIN not arriving",
    "Order 204-5567812-4410023: keypad lock, delivery Thursday",
    "Le code de la porte ? Demande au gardien, il change chaque mois",
    "PIN for the work phone: same as the old one, Sam knows it",
    "Code wifi pour les invités : voir l'ardoise dans l'entrée",
    "Tube times: 08:12, 08:19, 08:27 from platform 2",
    "Pâte à crêpes : 250 g farine, 4 œufs, 50 cl lait, 50 g beurre",
    "Flight BA 2490 seat 14C, booking ref Q7XK2P",
    "Meeting ID 845 2231 9904 — link in the invite",
    "Book on page 4471 of the catalogue, item 2210",
    "Parcel tracking 1Z 999 AA1 01 2345 6784, signed for by the neighbour",
    "Serial number of the laptop: PF3X9K2A, warranty till 2026",
    "My NI number is on the payslip; don't write it here",
    "Reminder: never write the bank PIN in this notebook",
    "Checklist before the audit: passwords rotated? keys revoked? tokens expired?",
    "Password manager migration: 214 items moved, 3 duplicates deleted",
    "The router's admin page is 192.168.1.1; the default login is printed on the label",
    # bank details, references, phones, glossaries and receipts in blocks and tables
    "Bank: Nationwide\nSort code: 07-04-36\nAccount: 30918264\nPayee: Hill Farm Eggs",
    "IBAN: GB29 NWBK 6016 1331 9268 19 (for the German supplier)",
    "Payment reference: 7XK2-PQ — put it on every transfer",
    "Your customer number is 4481920377. Keep it for when you call us.",
    "Membership ID: M-44120, renew by 31 March",
    "Client ID: 71234590 (Ameli pro), the password is reset every 90 days by the portal",
    "Code client Darty : 0071234, garantie jusqu'en 2026",
    "Numéro d'abonné Navigo : 8812 4455 1190",
    "Emergency contact number: 07911 123456 (Jo)",
    "Recovery email: dad.backup@gmail.com, recovery phone: 07911 123456",
    "Backup phone number 06 12 34 56 78, c'est celui de Paul",
    "Two-factor codes go to the office mobile, 07700 900123",
    "Les codes de validation arrivent sur le portable de Mme Roux, 06 98 76 54 32",
    "Verisure: customer number 4471920. Alarm code is only with Sandra and Karim.",
    "Nouveau compte de la coopérative : IBAN FR76 3000 4008 2800 0101 2345 676, BIC BNPAFRPPXXX",
    (
        "Accounts payable: please use account 44120987 / 20-32-06 from now on, the old account "
        "is closed"
    ),
    "For refunds: account name J. Martin, number 71233409, sort code 40-11-62",
    "Please pay the deposit (£250) to: Lloyds 30-94-12 22817465, reference your surname",
    "N° de compte client chez Leroy Merlin : 550120, carte maison",
    "Référence mandat SEPA : ++R7XK2PQ4471++, prélèvement le 5",
    "Pour l'URSSAF : identifiant 117000012345, le code confidentiel arrive par lettre",
    "Login for the dentist's booking site: the practice email; password reset link sent",
    "Username = first initial + surname (e.g. jmartin), password set on first login",
    (
        "| Name | Phone | Role |\n"
        "|---|---|---|\n"
        "| Ann | 07911 123456 | keyholder |\n"
        "| Raj | 07700 900123 | alarm contact |"
    ),
    (
        "- Alarm company: ADT\n"
        "- Account no.: 4471920\n"
        "- Phone: 0344 800 1999\n"
        "- Code: with the keyholders"
    ),
    (
        "Glossary\n"
        "- PIN: a short number code\n"
        "- Passphrase: several words\n"
        "- Token: a code a device shows"
    ),
    "Vocabulaire\nle code = the code\nla clé = the key\nle mot de passe = the password",
    "Words that need a capital in the style guide: Wi-Fi, PIN, Face ID, Touch ID",
    "Receipt from Timpson: 2 keys cut (Yale 1K, ERA 5), £11.50",
    "Bought a Sentry safe (model X055) for 89 € at Castorama",
    "Padlock Abus 165/40 (£9.99) for the shed, combination set by Dad",
    "Order #4471: Ring Video Doorbell 4, £179, delivery Tuesday",
    # the hold-outs' trades: a salon, a hostel, a chalet, a nurse's rounds, an allotment
    "Salon: card machine PIN pad replaced by Dojo, terminal ID 40012277, support 0333 043 4944",
    "Hotel reception: room 214 key card reprogrammed, guest ref 88213, checkout 11:00",
    (
        "Halls: my student number is 2210458, the library PIN is the one from induction (not "
        "written here)"
    ),
    (
        "Allotment society: plot 14B rent £32, pay to sort code 30-96-26 account 58213390, ref "
        "plot number"
    ),
    "Music school: Grade 5 exam code 0412 is the board's syllabus code, not a door code",
    "IT freelancer invoice INV-2024-118 for the charity: 6 h at £45, password manager setup",
    "Chalet: key safe at the chalet is a Master Lock 5401, code sent by the agency the day before",
    "Festival volunteers: wristband numbers 1201-1250 for the bar team, 1251-1300 for stewards",
    "Bee-keeping order: 2 national brood boxes (ref NBB-12) at £38, delivery code on the email",
    "Science dept: CLEAPSS code of practice 2023, risk assessment RA-118 for the titration",
    "Accountancy: UTR 12345 67890 for Mrs Bell, HMRC agent code on the portal",
    "Holiday house: the boiler code E119 means low pressure — top up to 1.5 bar",
    "Youth hostel: locker 23 has a broken lock, key number 0423 to be replaced",
    "Choir committee: new treasurer takes over the bank mandate, account 61928374 at HSBC",
    "Car-sharing club: car reg AB12 CDE, fuel card PIN with the coordinator, odometer 41,220",
    "Garden centre: plant codes on the labels (PLU 4471 for tomatoes), till reset by manager",
    "Translator: rate 0.09 € per word, project code PRJ-2291, glossary attached",
    "Home nurse: Mrs Evans' key safe code is held by the office; NHS number 485 777 3456",
    "Home nurse rounds: Mr Hale, door entry via the carer's fob; pharmacy tel 0161 496 0000",
    "Wifi for guests at the salon is on the card at reception (changes monthly)",
    "The alarm panel shows error 04 after a power cut; engineer booked, job ref 77213",
    "Key safe installed by Age UK, installer's ref KS-2231, code given to the family only",
    "Access code for the shared drive is managed by IT, raise ticket INC0044120",
    "Door code changed on 3 March (old one retired) — new one given in person to staff",
    "PIN for the card reader: the manager's; the device serial is SN 4471-2209-88",
    "Pharmacy: controlled drugs cabinet key with the pharmacist, CD register page 44",
    "School trip: coach code 27 on the booking, depart 08:15, return 17:30",
    "Bee inspector visit: apiary ref 441207 on the BeeBase record",
    "Password hint on the laptop: 'first dog' — the password itself is not written anywhere",
    "Safe in the office: Chubb Duo 3, opened with the manager's key and the code (not here)",
    "Camp site: pitch 42, electric hook-up 16 A, gate closes 22:00",
    "Bike club: membership 2024 £25, British Cycling number 441207",
    "Reset the router to factory settings: hold the reset pin for 10 seconds",
    "Voicemail: dial 121 from the mobile, then follow the menu",
    "Lock-out procedure: after 5 wrong codes the keypad locks for 15 minutes",
    "New hire: laptop asset tag LT-0412, email set up, password handed over by IT in person",
    "Translator glossary: « mot de passe » (password), « identifiant » (user ID), « code » (code)",
    (
        "Nurse handover: Mrs Khan's Lifeline pendant, alarm centre 0800 180 2001, key safe "
        "with her son"
    ),
    # prose about passwords: advice, statistics, rules, quizzes, stories
    "Article: the most common PINs are 1234, 1111 and 0000 — a third of cards",
    "Reminder for Gran: never use 0000 or her birth year as a PIN",
    "Podcast notes: 123456 and qwerty still top the list of leaked passwords in 2024",
    "Training: 'Summer2024!' passes most password rules but is the first one attackers try",
    "NCSC advice: three random words, e.g. 'coffee train fish', rather than a complex password",
    "Blog idea: why P@ssw0rd1 is worse than correct horse battery staple",
    "Le mot de passe le plus utilisé en France reste 123456, d'après l'ANSSI",
    "Phishing test results: 14 of 60 staff entered a password on the fake page",
    "Password audit: 23 accounts still had the default password, all reset on Monday",
    "Kids' lesson: a PIN is like a secret number; never tell it, even to a friend",
    (
        "Cyber awareness quiz: Which is stronger: 'Tr0ub4dor&3' or 'correct horse battery "
        "staple'? Answer: the second"
    ),
    "Book club: in 'The Da Vinci Code' the cryptex password is 'apple'",
    "Escape room clue: the padlock code is the year on the painting",
    "Password rules at work: 14 characters, no reuse of the last 24, changed yearly",
    "The bank's letter says: 'We will never ask for your full PIN or password'",
    "Default router login is admin/admin on most models — change it on install",
    "Wi-Fi naming idea for the café: 'NoPasswordHere' as the network name, key on the menu",
    "Mot de passe trop faible refusé par le site : il faut 12 caractères dont un symbole",
    # devices, tickets and collections: defaults, references, codes sent later
    "Wi-Fi: BT Hub, router serial +0912345, WPS pin button on the back — don't press it",
    "PIN reset letter from Barclays arrived, reference 5521 8876, activate at any cash machine",
    "Mot de passe Wi-Fi du camping : affiché à l'accueil, change chaque semaine (semaine 32)",
    "Locker code instructions: choose your own 4 digits, turn the knob, press C to clear",
    "Key safe: Supra S5, installed 12/05/2024 by Lifeline, ref job 77120",
    "Boîte à clés Master Lock 5401EURD achetée 39,90 € — code à régler soi-même",
    "Train ticket collection code sent to Mum's email — ref TRL 4471 22",
    "Collection reference for the click & collect: 7781 2209, bring ID",
    "Parcel locker: the collection code comes by SMS when it's delivered",
    "Combination lock for the bike: reset instructions on the card (set to 000 from the factory)",
    "Factory default PIN on the keypad is 1234 per the manual; ours was changed on install",
    "Code wifi invité : affiché sur l'écran de l'accueil, pas ici",
    "IT: reset Sophie's password, ticket #44120, temporary one sent by SMS to 07700 900461",
    "Helpdesk call 14:02 — user ID 55120, issue: locked account, resolved 14:10",
    "Door entry panel ref BPT XA/200, engineer Tuesday, access via the caretaker",
    "Phone contract ends 03/2026; account PIN with Vodafone is set by the account holder",
    "Pharmacy fridge temp log: 4.2, 4.5, 5.1 °C; alarm code reset by the pharmacist",
    "Conference: badge number 0412, session codes WS-12 and WS-14",
    "School: class code 7B for Google Classroom, joined by all pupils",
)


def test_everyday_notes_pass_the_guard() -> None:
    flagged = [text for text in EVERYDAY_NOTES if find_secret(text) is not None]
    assert flagged == []


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("call 0113 496 0721", True),  # a UK landline, 4-3-4
        ("mobile 07700 900461", True),
        ("au 0 800 44 21 10", True),  # a French free number, 1-3-2-2-2
        ("tél 06 12 34 56 78", True),
        ("on +44 7700 900461", True),
        ("codes 3391 8820 1045", False),  # backup codes: no 0 or + before
        ("codes 0413 7720", False),  # eight digits
        ("code 04137 72091", False),  # groups of one size: a recovery code's
        ("PIN 0721", False),
    ],
)
def test_a_phone_number_is_told_from_a_code_in_groups(text: str, phone: bool) -> None:
    start = next(i for i, char in enumerate(text) if char.isdigit() or char == "+")
    assert is_phone_number(text, start, len(text)) is phone
