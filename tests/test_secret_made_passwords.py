"""Passwords a person made, with no secret noun near them (core/secrets/made_passwords.py).

Hold-out 13 missed values such as "GrapeHarvest!2024" under an Instagram handle, "son mail +
Vieuxport!1946" and "le nom du chat + 2019, donc Moustache2019": no "password" beside them,
only an account and a value shaped like one a person built. The cases here are the same kinds
in other words, services and languages; each look-alike has the same shape in a place where
people write it as no secret: hashtags, handles, products and events with digits, brands with
"&", identifiers and file names, network names, e-mail addresses alone, versions, URLs.
"""

import pytest

from memoire.core.secrets import find_secret, find_secrets
from memoire.core.secrets.made_passwords import Shape, made_shape
from tests.secret_corpus import keyword_values


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # alone on a line under the account: a handle, an e-mail, a login, a network's name
        ("Bakery TikTok\n@fournil_du_coin\nCroissant!Dore88", "Croissant!Dore88"),
        ("TikTok de la boulangerie\n@fournil_du_coin\nBaguette!2023", "Baguette!2023"),
        ("Garden centre Pinterest\n@greenthumbs_uk\nSeedlings#Spring7", "Seedlings#Spring7"),
        ("Mastodon de l'asso\n@lesamis_du_quartier\nAffiche_Kermesse25", "Affiche_Kermesse25"),
        ("Threads for the barn shop\n@hayloft_crafts\nHayLoft2021", "HayLoft2021"),
        ("Wi-Fi atelier\nAtelierBois\nCopeaux2017", "Copeaux2017"),
        ("Hotspot for the van\nVanLife\nkettle-sardine4-orbit", "kettle-sardine4-orbit"),
        # after a login or an e-mail
        ("Portail des parents : lemaire.j / Cartable_Rouge", "Cartable_Rouge"),
        ("allotment society site: plot14 / Marrow&Leek", "Marrow&Leek"),
        ("Ameli de grand-père : son mail habituel + Tilleul!1938", "Tilleul!1938"),
        ("Strava for the running club: the club email + Hillrepeats!9", "Hillrepeats!9"),
        ("- Compte Leboncoin du grenier → vide.grenier@free.fr, Brocante#Juin", "Brocante#Juin"),
        # ending a hint's formula
        ("Till reminder: shop dog's name + the year we opened, so Pepper2008", "Pepper2008"),
        ("rappel tablette de caisse : le nom du perroquet + 1999, donc Coco1999", "Coco1999"),
        ("Netflix = cat's name twice and the house number\nTiggerTigger17", "TiggerTigger17"),
        ("wifi: the street name + our door number → Albion_42", "Albion_42"),
        ("Disney+ : prénom du chat + année du mariage, donc Minou2015", "Minou2015"),
        ("the router admin = our house number twice → 2727", "2727"),
        ("Deezer de Léo : surnom du lapin deux fois + 7\nPompomPompom7", "PompomPompom7"),
        ("laptop: your nickname at school then two !, i.e. Bean!!", "Bean!!"),
        ("coffre : le numéro de la rue puis l'année d'arrivée, 8 et 2004 → 82004", "82004"),
        ("alarm: Gran's birthday, 3rd March, so 0303", "0303"),
        # a chat reply a few lines after a question about a password
        (
            "Tom: what's the password for the printer portal?\nAnna: which one\n"
            "Tom: the brother one\nAnna: InkJet_Brother7",
            "InkJet_Brother7",
        ),
        (
            "Léa : c'est quoi le mdp du compte Canal ?\nHugo : lequel\nLéa : celui du salon\n"
            "Hugo : Canape!Rouge22",
            "Canape!Rouge22",
        ),
    ],
)
def test_made_passwords_caught_where_an_account_stands(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        # hashtags and handles, alone or under an account
        "Vineyard Instagram\n@domaine_marsac\n#GrapeHarvest2024",
        "Instagram du domaine\n@chateau_2024\n#Vendanges2024 #Bourgogne",
        "Suivez-nous sur Instagram : @chateau_2024",
        "TikTok\n@fournil_du_coin\n@baguette_2023",
        # products and models, events, after a login-like slash or alone under a heading
        "Consoles du salon : la Xbox / PlayStation5",
        "Phones in the office: Pixel / iPhone15",
        "Upgrade plan: laptops Windows10 / Windows11",
        "Graphics card: RTX4090, the new one",
        "Jeux olympiques\nParis2024\nbilletterie ouverte",
        "We watched Euro2024 and then COVID-19 news, then COP28 coverage",
        "Les JO, c'est Paris2024 ; l'Euro, c'est Euro2024",
        # brands with "&", after an address or alone
        "Contact presse : presse@pg.com, Procter&Gamble",
        "Fournisseurs : AT&T / H&M / Procter&Gamble",
        "Shopping list\nH&M\nMarks&Spencer",
        # identifiers and file names in code and prose
        "the column is user_id / account_id in the users table",
        "Pièce jointe : photo_2024.jpg / Rapport_Final_v2.docx",
        "def load(user_id, first_name):\n    return user_id",
        # network names alone, under a Wi-Fi heading
        "Wifi coloc\nFreebox-4D21A0\n\nImprimante\nHP Deskjet",
        "Wifi staff\nVetsStaff\n(ask Sandra)",
        "Réseau du gîte\nRéseau : Gite_LesChenes\nbonnes vacances",
        "Wifi\nLivebox-7F21\nSFR_A1B2",
        # an e-mail joined to other words, logins without a password
        "Pour l'inscription il faut mail + téléphone",
        "Send it by email, Thanks2024 is the campaign name",
        "Login : jean.dupont@free.fr\n(le mot de passe est dans le carnet)",
        "Compte Netflix : marie.l@gmail.com / voir avec Marie",
        "contact@paris2024.org",
        # versions, URLs, dates, formulas that make no password
        "Release v2.3.1-beta / v2.4.0-rc1 shipped",
        "Docs: https://example.com/Guide_2024 / https://example.com/Paris2024",
        "budget : loyer + charges, donc 1240 par mois",
        "the recipe: flour + sugar, so Victoria sponge",
        "Score du match : France + Espagne, donc Euro2024",
        "Maths homework: first number + second number = 1414",
        "Year we moved + 10 years, so 2031 for the mortgage end",
        "Bank app password hint: the dog's name + the year we moved (you know both)",
        "Steam\nfavourite band + my shirt number\nemail is the gmail one",
        # a bad password cited in advice against it
        "Security tip: don't use your pet's name + birth year in passwords, e.g. Rex1990",
        "Conseil : évitez les mots de passe du type Minou2015",
        "Password advice: never things like Fluffy2010 — use a manager",
        # a list of settings is no chat; a run's identifier under a Wi-Fi line is no key
        "Réglages du serveur\nmdp : dans le coffre\nalgo_hash: argon2id",
        "wifi password: same as last year (ask me)\nrun_id_20240612_T0930_MorningBackup_v2",
        # chat about names, not passwords
        "Tom: what's the wifi called?\nAnna: PuppyTraining22",
        "Sam: what's the password?\nPriya: no idea\nSam: and the hashtag?\nPriya: Vendanges2024",
        "Tom: what's the hashtag for the event?\nAnna: Paris2024",
    ],
)
def test_look_alikes_of_made_passwords_pass(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


@pytest.mark.parametrize(
    ("value", "shape"),
    [
        ("GrapeHarvest!2024", Shape.SYMBOL),
        ("Pinson1!", Shape.SYMBOL),
        ("Moustache2019", Shape.DIGITS),
        ("cricket4life", Shape.DIGITS),
        ("Spi_Asymetrique", Shape.JOINED),
        ("Gregorien&Co", Shape.JOINED),
        ("surprendre-sensibles7-aider", Shape.JOINED),
        ("user_id", None),
        ("state-of-the-art", None),
        ("Freebox-4D21A0", None),
        ("RTX4090", None),
        ("COVID-19", None),
        ("AT&T", None),
        ("#Vendanges2024", None),
        ("@chateau_2024", None),
        ("photo_2024.jpg", None),
        ("v2.3.1-beta", None),
        ("moonlight!", None),
        ("a1b2c3d4e5", None),
    ],
)
def test_the_shape_of_a_made_password(value: str, shape: Shape | None) -> None:
    assert made_shape(value) is shape


# Hold-out 14's misses of this kind, in wording of their own: a label that names a secret only
# in its note's context.
@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Garden cabin router\nSSID: OakLodgeNet\nkey: ThreeSleepyOwls_inJune", "ThreeSleepyOwls"),
        ("Banque Populaire de tante Rose\n- code confidentiel : Mimosa1958", "Mimosa1958"),
        ("Internet du gîte\nréseau : GiteDesHerons\nclé : Heron&Roseaux", "Heron&Roseaux"),
    ],
)
def test_a_made_password_after_a_label_its_context_makes_secret(text: str, secret: str) -> None:
    finding = find_secret(text)
    assert finding is not None
    assert secret in text[finding.start : finding.end]


@pytest.mark.parametrize(
    "text",
    [
        "config.yaml\nkey: Content_Type\nvalue: application/json",
        "Keyboard shortcuts\nkey: Ctrl_Alt\naction: lock screen",
        "Wi-Fi in the lounge is slow, the key: restart the router",
        "Carte grise\nclé : Renault_Clio (double au garage)",
        "Code confidentiel : à demander à l'agence",
        "code secret : voir l'enveloppe du coffre",
    ],
)
def test_labels_without_a_made_password_pass(text: str) -> None:
    assert find_secret(text) is None


# --- Hold-out 14's made passwords without a secret noun, as kinds (shapes15) -----------------
# Its misses: a device's page, a login and a password one a line; "admin / …" under a NAS's
# address; app, login and password two spaces apart on a post-it; a login / password among a
# chat reply's words; a network's key typed as a lowercase phrase; a "passkey". The cases below
# are the same kinds in other words, services and languages; each look-alike has the same
# layout with what people write there as no secret.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a device's or a service's page, a login, the password: one a line
        ("Freezer alarm dashboard\nhttp://192.168.1.77\nadmin\nFrostFree0-4", "FrostFree0-4"),
        ("Onduleur du garage\nhttp://192.168.1.90\nadmin\nSoleilGarage3-5", "SoleilGarage3-5"),
        ("Printer admin page\nhttps://192.168.1.20\nadmin\nInkJet#2023", "InkJet#2023"),
        (
            "Home Assistant\nhttp://homeassistant.local:8123\nmarie\nJardin#Potager5",
            "Jardin#Potager5",
        ),
        ("Caméra du jardin\nhttps://10.0.0.31\nmamie.lucie\nHortensia#Bleu7", "Hortensia#Bleu7"),
        ("NAS du club\nhttp://club-nas.local:5000\nadmin / Archives_DuClub!", "Archives_DuClub!"),
        ("Backup box\nhttps://192.168.1.5:5001\nroot / Keep_Three_Copies!", "Keep_Three_Copies!"),
        ("Synology\nhttp://nas.local:5000\nlaura / Backup_Everything_Twice!", "Backup_Everything"),
        ("Plex\nhttp://192.168.1.10:32400\ngrandpa / Movie_Night2020", "Movie_Night2020"),
        # app, login and password side by side, two spaces or a tab apart
        ("sticky note on the till: Square  shop.front  Latte#Art42", "Latte#Art42"),
        ("post-it : Gmail  mamie.roux  Tricot&Laine59", "Tricot&Laine59"),
        ("mémo caisse : SumUp  boulangerie2  Fournil@Levain8", "Fournil@Levain8"),
        ("Netflix\tmaman@free.fr\tPopcorn2019!", "Popcorn2019!"),
        # a login / password among a chat line's words, the account named above
        (
            "[19:02] leo: can u log into my roblox\n"
            "[19:03] max: its leo_builds / Brick$Master9 thx",
            "Brick$Master9",
        ),
        (
            "[18:40] Inès : tu peux me prêter ton compte Deezer ?\n"
            "[18:41] Hugo : vas-y hugo.d / Rap_Francais44 change rien",
            "Rap_Francais44",
        ),
        # a Wi-Fi's name / its key; an e-mail named / the password
        ("Wifi du local : AteliersPartages / copeaux1987", "copeaux1987"),
        ("Guest wifi: BarnOwlGuests / hayloft2019", "hayloft2019"),
        ("Disney+ : le mail de maman / Mickey_Ears22", "Mickey_Ears22"),
        ("Duolingo: dad's email / Owl#Streak365", "Owl#Streak365"),
        # a reply starting with the password, asked for as the account's "one"
        (
            "Tom: what's the Spotify one?\nAnna: Playlist_Summer22 same as before",
            "Playlist_Summer22",
        ),
        (
            "Léa : c'est quoi celui du Wi-Fi du gîte ?\nMax : Gite_Bellevue12 tout attaché",
            "Gite_Bellevue12",
        ),
        # a network's key typed as a phrase, under or after the network's name
        ("Box de la caravane\nRéseau : Maison\nClé : les-trois-petits-cochons", "cochons"),
        ("Van router\nWi-Fi name: CampervanLife\nKey: twooldfolks_ontheroad", "twooldfolks"),
        ("WiFi : Chalet_Edelweiss / clé : fonduesavoyarde", "fonduesavoyarde"),
        ("Wi-Fi du gîte : LesPres\nMot de passe : vachesdanslepre_heureuses", "vachesdanslepre"),
        ("Campervan hotspot\nSSID: RoamingRobins\nPassword: twooldrobins_roaming", "twooldrobins"),
        ("hotspot du camping-car : OdileGerard / lesdeuxvieuxenbalade", "lesdeuxvieux"),
        # a passkey
        ("console passkey (so the kids can't buy games): 730418", "730418"),
    ],
)
def test_made_passwords_in_stacks_cells_and_chat_lines(text: str, secret: str) -> None:
    finding = find_secret(text)
    assert finding is not None, text
    assert secret in text[finding.start : finding.end]


@pytest.mark.parametrize(
    "text",
    [
        # a page, a word, a name with digits: documentation, dashboards, a default login
        "Links\nhttps://example.com/docs\nreadme\nChangeLog2024",
        "Monitoring\nhttp://grafana.local:3000\ndashboards\nCPU_Usage2",
        "Docs\nhttps://docs.python.org/3/\nasyncio\nTaskGroup3",
        "Liens utiles\nhttps://www.service-public.fr\nimpots\nDeclaration2024",
        "router: http://192.168.1.1\nadmin\n(password on the back)",
        "Box : http://192.168.1.1\nadmin\nadmin",
        "Imprimante\nhttp://192.168.1.20\nadmin\nmot de passe sur l'étiquette",
        # cells two spaces apart: tables, columns, products, events
        "Paris2024  Euro2024  COP28",
        "Name  Role  Team\nanna  dev  Backend_Core",
        "Models in stock  iPhone15  Galaxy_S24",
        "colonnes : id  user_id  created_at",
        "file  size  modified\nreport.pdf  2MB  2024-01-02",
        "Équipe  Poste  Maillot\nlucas  gardien  Numero_1",
        "    indented code  # Note_v2",
        # a slash among a chat line's words: products, seasons, formats, branches
        "Fortnite tonight? my acc is jaydenplays / Season5 starts tomorrow",
        "Inscription sur le site du club : prenom.nom / Licence2024 obligatoire",
        "git log: main / Release_2024 merged into the app",
        "sur l'appli on choisit clair / Sombre_v2 dans les réglages",
        "Contact by email / WhatsApp2",
        "Docs\nhttps://docs.python.org\nsee / Section_2",
        "Recettes\nhttps://www.marmiton.org\ndesserts / TarteTatin2",
        "par mail / Teams_2024 pour la réunion",
        # chat replies that give a name, a hashtag, a pick
        "[10:02] Tom: which one is the best?\n[10:03] Ana: PlayStation5 obviously",
        "Tom: what's the hashtag for the wedding?\nAna: #Sam_And_Jo2024 lol",
        "Tom: what's the team name?\nAna: Quiz_Masters7 haha",
        "Tom: which one is the Netflix one again\nAna: the one with the red icon",
        "Léa : c'est quoi le nom de celui du quiz ?\nMax : Quiz_Masters7 je crois",
        # a network's key named as a place, a word, a sentence
        "Réseau : Maison\nClé : identique",
        "SSID: CampervanLife\nKey: unchanged",
        "SSID: CampervanLife\nKey: confidential",
        "Réseau : Livebox-7F2A\nClé : sur l'étiquette sous la box",
        "Wifi: Maison / clé: dans le tiroir",
        "config\nname: settings\nkey: sort_by_date_desc",
        "Voiture\nNom : Clio\nClé : boite-a-gants",
        "Wifi: Maison\nPassword: same_as_before",
        "wifi: Maison\npassword: your-password-here",
        "Modèle Wi-Fi\nwifi_password: dans le coffre\nmot de passe : votre-mot-de-passe",
        "Réseau : Maison\nMot de passe : inchangé",
        "Wi-Fi : Livebox-7F2A / sur_la_box",
        "wifi: HomeNet / homenet_fibre_optique",
        "Network: Office\npassword: ask_reception",
        "Réglages\nNom : thème\nmot de passe : longueur_minimale",
        # passkeys named, none given
        "I set up a passkey for Google yesterday, no more password",
        "Passkeys are replacing passwords: iOS17 and Android14 support them",
    ],
)
def test_look_alikes_of_stacks_cells_and_chat_lines_pass(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


@pytest.mark.parametrize(
    "text",
    [
        # a Wi-Fi's value followed by where its password is: the network's name
        "Listing notes (Flat 3)\nWiFi: Skybox-9Q4M\nPassword: on the card by the kettle",
        "Infos location\nWiFi : Bbox-Maison-7H2K\nMot de passe : sur l'étiquette de la box",
        "- Wi-Fi: Orange-5G-3K7P\n- password: printed under the router",
        # names side by side: a version and a framework, two events
        "Versions: python3.12 / Django5",
        "Tickets: Paris2024 / Euro2024",
    ],
)
def test_look_alikes_the_start_code_flagged_pass(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


# --- Logins and network keys with no secret noun (training corpora H and I) -------------------
# Their misses: a password under a service's name and a login (one a line, or " / " between
# them), under a machine's line, after "login +"; a machine's line with a typed password; a
# network's key typed as lowercase words joined, its separator maybe left out. The cases are
# the same kinds in other words; the look-alikes keep the layout with no password in it.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # service, login, value: one a line, or on one line with " / "
        ("canva\nbakeryteam\nFlour-Power-Sunday-9", "Flour-Power-Sunday-9"),
        ("Intranet RH\nagent: mdupuis\nDossier-Classe-42", "Dossier-Classe-42"),
        ("Booking system\nvenue ID: VN5521\nfrontdesk\nHarbour$Lights7", "Harbour$Lights7"),
        ("Pronote\nfamille.morel2\nCartable#Bleu8", "Cartable#Bleu8"),
        ("Squarespace\nbloomandbranch\nPeonyPetal2021", "PeonyPetal2021"),
        ("post-it sur l'écran : Ypareo / cfa.bordeaux4 / Apprenti-Motive-12", "Apprenti-Motive"),
        ("sticky on the till: Shopify / threadsandco / Linen-Loom-Weave-5", "Linen-Loom-Weave"),
        # a login starting its line under a machine's line; a login "+" its password
        ("the PC in the back office\nstockroom / Pallet_Jack9", "Pallet_Jack9"),
        ("tablette de l'atelier :\natelier / Rabot_Copeau21", "Rabot_Copeau21"),
        ("Pronote pour Hugo : hugo.petit7 + Crayon#2015", "Crayon#2015"),
        ("Canteen app for Sam: sam.k22 + Lunchbox!19", "Lunchbox!19"),
        ("Deliveroo rider app — jo.rides@outlook.com  Pedal!Power7", "Pedal!Power7"),
        ("Account\tPassword\nsteam\tRocket-Gull-3", "Rocket-Gull-3"),
        # a machine's line with a typed password
        ("- reception PC: Gu3st!book_Mon\n- water the plants", "Gu3st!book_Mon"),
        ("ordi de la compta : je me connecte avec Facture!77 depuis lundi", "Facture!77"),
        ("Laptop for the trip — using Suitcase#58 until I'm back", "Suitcase#58"),
        # a network's key typed as words joined, or printed in groups
        ("Bakery wifi: CrumbAndCo\nkey: flourdustedcounter", "flourdustedcounter"),
        ("Choir network STMARY-HALL\nkey: singitfromthetop", "singitfromthetop"),
        ("Barn wifi key = hayinthelofttonight", "hayinthelofttonight"),
        ("van hotspot key: mileaftermileroad", "mileaftermileroad"),
        ("Allotment shed router\nnetwork PlotTwelve\nkey runnerbeanrows", "runnerbeanrows"),
        ("Wifi de la boulangerie\nClé : lepainauxnoix", "lepainauxnoix"),
        ("Wifi du camping-car (box 4G) : clé lesvacancesaubord", "lesvacancesaubord"),
        ("wifi atelier – clé : lascieetlerabot", "lascieetlerabot"),
        ("Partage de connexion de la tablette : clé lecheminduretour", "lecheminduretour"),
        ("the wifi at the lodge is PineCrest with woodpecker48", "woodpecker48"),
        ("the label on the router says WPA key 4RTY-Q8ZM-7LKP", "4RTY-Q8ZM-7LKP"),
        ("kiosk wifi key is saltandvinegar btw", "saltandvinegar"),
        ("clé du wifi : lesoleildusud", "lesoleildusud"),
        ("gallery wifi: brushstrokesandoil", "brushstrokesandoil"),
        ("guest wifi code: lemondrizzlecake", "lemondrizzlecake"),
        ("the wifi at gran's: network GranNet, password marigold55", "marigold55"),
        ("Wi-Fi du chalet : réseau Chalet-Alpes, mdp edelweiss74", "edelweiss74"),
    ],
)
def test_logins_and_network_keys_without_a_secret_noun(text: str, secret: str) -> None:
    finding = find_secret(text)
    assert finding is not None, text
    assert secret in text[finding.start : finding.end]


@pytest.mark.parametrize(
    "text",
    [
        # a service and its login only; a shop's ID and a manager's name
        "mailchimp\nironyardgym",
        "Interflora relay\nshop ID: FL20931\nmanager: Sarah Jones",
        "Uber driver app — raj.k.cabs@gmail.com",
        # products and models, versions, hashtags, files, orders, plates, lists
        "Consoles du salon\nxbox\nPlayStation5",
        "Consoles du salon\nxbox / PlayStation5",
        "Consoles: xbox / switch / Nintendo",
        "Consoles: xbox / ps5 / PlayStation5",
        "Formats: mp3 / mp4 / Video_File2",
        "Versions: python3 / django5 / Flask_Api2",
        "Menu: home / blog / Summer_Sale",
        "Release notes\nstable\nv2.4.1-beta",
        "Summer tags\ninstagram\n#Summer_2024",
        "Files\nreport\nReport_Final_v2.docx",
        "Order\nref: abc12\nBlue-Widget-22",
        "Car\nplate\nAB12 CDE",
        "Nintendo\nswitch\nMarioKart8",
        "Shopping\nbananas\nOat-Milk-Barista-2",
        "Team\ncaptain\nJean-Luc-10",
        "Monitoring\nhttp://grafana.local:3000\ndashboards\nCPU_Usage2",
        "Monitoring\nserver room\ndashboards\nDisk_Usage_2",
        "work laptop at the front desk\nmodel / ThinkPad_X1",
        "Versions: python3 + Django5",
        "Recipe: flour + Sugar2",
        # a machine's line with a model, a price, an exclamation
        "staff PC: Windows11 Pro",
        "Laptop: wow!!",
        "PC: 16GB RAM, i7-12700K!",
        "work laptop: C#/.NET dev",
        "ordi : Windows 11 + Office 365!",
        "Laptop broke again, cost £450!",
        "PC gamer : Intel+Nvidia",
        "Laptop order #A1234 arrived",
        "PC portable : commande CMD-2024-118, livré mardi",
        # network names alone or with their other band, modes, versions, other keys
        "WiFi: BTHub6 / BTHub6-5G",
        "WiFi: Skybox-7H2K (password on the sticker)",
        "the wifi is BTHub6 with BTHub6-5G",
        "Hut wifi: network SurfHut_5G, the password is on the sticker on the fridge.",
        "Office wifi\nkey: WPA2_Personal",
        "network key = WPA2-PSK (AES)",
        "wifi code: see the card on the fridge",
        "The wifi code is on the back of the router",
        "network code review on Thursday",
        "Wifi map key: red = no signal",
        "Router manual\nkey: see page 12",
        "hotspot key is the same as last year",
        "Hotspot notes\nkey: automatically generated by the phone",
        "Internet: Sky Broadband with 500Mbps fibre",
        "the wifi at the hotel is Marriott_Guest with room number and surname",
        "Router firmware\nkey: v2.4.1-beta",
        "Wifi coverage map\nkey: blue = done",
        "Band practice, bring the wifi dongle\nkey: D minor",
        "Wifi chez mamie\nclé : boîte aux lettres",
        "Wifi rollout\nkey: see the router",
        "Wifi rollout\nkey: seetherouterlabel",
        "Network key: ask reception",
        "wifi at the cafe is free with purchase",
        "wifi key is somewhere in the drawer",
        "wifi password: changedrecently",
        "Wifi: HomeNet\npassword: unchangeable",
        "network password is confidential information",
        "le mot de passe wifi est automatiquement généré",
        "wifi: bouyguestelecom",
        "wifi: eduroam",
        "Network outage\nkey takeaway: communicationmatters",
        "Réglages du routeur wifi\npassword_min_length=12",
        "the wifi password is case-sensitive",
    ],
)
def test_look_alikes_of_logins_and_network_keys_pass(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


def test_a_key_under_a_line_giving_the_networks_password_is_another_key() -> None:
    text = "Le mot de passe du wifi, c'est Surf64Biarritz\nkey: sort-by-date-desc"
    assert keyword_values(text) == ["Surf64Biarritz"]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a network's key given by what one types or what its card says, no key's noun
        ("Cottage wifi is Moorside, the long thing you type is Heather#Bank#42", "Heather#Bank"),
        ("Studio wifi: InkWell — the thing you type: quill-and-inkpot-7", "quill-and-inkpot-7"),
        ("Barn wifi 'HayNet', the long bit is straw-bale-summer-fete", "straw-bale-summer"),
        ("Guest wifi GardenNet — what you type is Rosehip!Tea22", "Rosehip!Tea22"),
        ("Wifi du gîte : LesTilleuls\nà taper : tilleul-verveine-31", "tilleul-verveine-31"),
        ("Réseau du local : AssoVelo, à saisir : pignon-chaine-dérailleur", "pignon-chaine"),
        ("Boat wifi: SeaDog — the fridge magnet says anchor-rope-gull-8", "anchor-rope-gull-8"),
        ("Wifi de mamie : Orange-7F2A, l'aimant du frigo dit confiture-groseille-4", "groseille"),
        ("Van hotspot TheVan — the card reads Diesel&Dust_2019", "Diesel&Dust_2019"),
        # the key alone under the line naming the network
        ("Wifi du foyer :\nréseau FoyerRural\nBelote-Tarot-12", "Belote-Tarot-12"),
        ("Wifi for the band room :\nnetwork RehearsalRoom\nsnare-drum-roll-5", "snare-drum-roll-5"),
        ("Wifi du club : ClubEchecs_Loges\nroque-en-passant-3", "roque-en-passant-3"),
        ("Shed wifi: AllotmentNet\nmarrow-leek-onion-9", "marrow-leek-onion-9"),
        # a chat's reply to a Wi-Fi question, a short word among the key's
        ("Max: wifi at the cabin?\nJo: PineCabin / cat-in-a-hat-7", "cat-in-a-hat-7"),
        (
            "Léa : le wifi du gîte ?\nTom : GiteDesPins / chat-a-trois-pattes-12",
            "chat-a-trois-pattes-12",
        ),
        ("Ana: what is the wifi?\nBen: LW-Visitors / key-words-1977", "key-words-1977"),
        ("Wifi de la cabine : StudioLumiere / ampli-a-lampes-1977", "ampli-a-lampes-1977"),
        ("Sam: wifi in the van?\nAl: VanLife / Dusty_Roads88 🚐", "Dusty_Roads88"),
    ],
)
def test_a_networks_key_given_without_a_keys_noun(text: str, secret: str) -> None:
    finding = find_secret(text)
    assert finding is not None, text
    assert secret in text[finding.start : finding.end]


@pytest.mark.parametrize(
    "text",
    [
        "Cottage wifi is Moorside, the long thing you type is on the router's card",
        "Studio wifi: InkWell — the thing you type: ask Jo",
        "Barn wifi 'HayNet', the long bit is printed under the router",
        "Guest wifi GardenNet — what you type is on the sticker",
        "Wifi du gîte : LesTilleuls\nà taper : voir la-carte-du-salon",
        "Réseau du local : AssoVelo, à saisir : le code du cadenas",
        "Boat wifi: SeaDog — the fridge magnet says see-the-sticker",
        "Wifi de mamie : Orange-7F2A, l'aimant du frigo dit de rappeler",
        "Van hotspot TheVan — the card reads 4G only",
        "Wifi router model: the label reads Archer-C6",
        "Wifi du foyer :\nréseau FoyerRural\nFoyerRural_5GHz",
        "Wifi for the band room :\nnetwork RehearsalRoom\nroom 12, first floor",
        "Wifi du club : ClubEchecs_Loges\nsalle-des-fetes",
        "Shed wifi: AllotmentNet\nv2.4.1-beta",
        "Shed wifi: AllotmentNet\nMon-Wed-Fri",
        "Ana: wifi password for the studio?\nBen: it is on the fridge / see-the-fridge",
        "Ana: wifi?\nBen: Livebox-5G / mot-de-passe-sur-la-box",
        "Max: wifi at the cabin?\nJo: PineCabin / ask at the desk 😉",
        "Léa : le wifi ?\nJo : Freebox-A2B3 / voir-à-la-réception",
    ],
)
def test_look_alikes_of_a_networks_key_without_a_noun_pass(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # what one types to get in, named by its words instead of a password's noun
        (
            "The word you type to log into the lab iMac is beaker-flask-22, says Tom.",
            "beaker-flask",
        ),
        (
            "the phrase to unlock the backup drive is 'quiet fox at dawn', all lowercase",
            "quiet fox",
        ),
        ("The thing you type to get into the till is Scone#Jam7", "Scone#Jam7"),
        ("Le mot à taper pour ouvrir la session du poste 3 c'est « pissenlit »", "pissenlit"),
        ("la phrase pour déverrouiller le disque est « le train de midi »", "le train de midi"),
        (
            "Le truc à taper pour entrer sur l'ordi de l'accueil : Accueil-Mairie-58",
            "Accueil-Mairie",
        ),
        # what a session or an account opens with, or its arrow
        ("the studio Mac opens with Hammer-Drill-21, don't change it", "Hammer-Drill-21"),
        ('Mac of the back office: user "frontdesk" → Tide-Pool-Heron', "Tide-Pool-Heron"),
        ("Poste 3, compte « compta » → Grand-Livre-Bleu", "Grand-Livre-Bleu"),
        ("Portable de la régie : ça s'ouvre avec Console_Lumiere8", "Console_Lumiere8"),
        (
            "Back office laptop: it logs in with Harbour-Seal-44, ask before changing",
            "Harbour-Seal-44",
        ),
    ],
)
def test_what_one_types_to_get_in_is_a_password(text: str, secret: str) -> None:
    finding = find_secret(text)
    assert finding is not None, text
    assert secret in text[finding.start : finding.end]


@pytest.mark.parametrize(
    "text",
    [
        "The word you type to unlock the next level is 'abracadabra'",
        "the word you type to search the catalogue is 'invoice'",
        "The word you type to log into the lab iMac is on the sticker, ask Tom.",
        "the phrase to unlock the drive is in the safe",
        "Le mot à taper pour ouvrir la session : votre identifiant",
        "In the crossword, the word to unlock row 3 is 'anagram'",
        "The thing you type to get into settings is the room number, 214",
        "the door opens with a push, then left",
        "La porte s'ouvre avec la clé du bas",
        "Session « invité » → pas de mot de passe",
        'account "jdupont" → Jean-Pierre',
        "The exhibition opens with Saint-Jean-de-Luz paintings",
        "The show opens with Swan-Lake-Act-1 tonight",
        "Le festival s'ouvre avec Jean-Michel Jarre",
    ],
)
def test_what_one_types_without_its_value_passes(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # after an account's address and a dash, a colon or a comma, on a line naming the service
        (
            "Netflix (shared w/ Priya and Dan): ourflat4netflix@gmail.com — Popcorn_Tuesdays",
            "Popcorn_Tuesdays",
        ),
        ("Disney+ (famille) : mamie.jo@orange.fr — Cendrillon_Pantoufle", "Cendrillon_Pantoufle"),
        ("Compte Doctolib de papa : jp.roux@free.fr – Docteur&Vaccin22", "Docteur&Vaccin22"),
        ("Amazon Prime: we.share@gmail.com : Prime_Delivery4us", "Prime_Delivery4us"),
        ("Deezer : lucie.b@gmail.com, Chanson&Soleil7", "Chanson&Soleil7"),
        ("Ring doorbell app: house@ourfamily.net — Ding_Dong!", "Ding_Dong!"),
        # a login said in a sentence or a chat reply, then the value
        ("the tablet: username grandma.joy, it's Knitting_4ever", "Knitting_4ever"),
        ("login for the till: user 'office', then Ledger#2024", "Ledger#2024"),
        ("ENT lycée : identifiant lea.martin3, c'est Licorne*2012", "Licorne*2012"),
        ("utilisateur « compta » puis Facture#2024", "Facture#2024"),
        # a value an account was changed to, or is now after a change
        ("Sky Go — I reset it to Snowdrop2025", "Snowdrop2025"),
        ("I reset my Tesco password to Clubcard_2024 yesterday", "Clubcard_2024"),
        ("Changed the Zoom password to Meeting&Tea5, tell the others", "Meeting&Tea5"),
        ("Box : j'ai réinitialisé le mot de passe en Tournesol_88", "Tournesol_88"),
        ("mon compte Free : c'est maintenant Pelican!Rose3, je l'ai changé hier", "Pelican!Rose3"),
        ("Facebook: c'est Mimosa_2024 désormais, j'ai modifié ce matin", "Mimosa_2024"),
        ("the Hulu login changed, it's now Sunday_Roast9", "Sunday_Roast9"),
        ("it's Garden&Gnome8 now, Pete reset it", "Garden&Gnome8"),
    ],
)
def test_a_made_password_beside_an_account_or_a_change(text: str, secret: str) -> None:
    finding = find_secret(text)
    assert finding is not None, text
    assert secret in text[finding.start : finding.end]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "[08:52] Mel: what's the card machine's wifi again??\n"
            "[08:53] Tasha: ShearMagic_2024!  capital S and M",
            "ShearMagic_2024!",
        ),
        (
            "[Sun 16:02] Me: the router rebooted and mum's tablet wants the wifi again\n"
            "[Sun 16:20] Graham: It's BT-7KQ2 and the thing on the back is Fg4d-Xt9P-Lm2R",
            "Fg4d-Xt9P-Lm2R",
        ),
        (
            "[14:03] Helen: can you log in to My Music Staff for me?\n"
            "[14:05] Dev: username riverside_admin, it's Crotchet!Rest77 — don't change it",
            "Crotchet!Rest77",
        ),
        (
            "Priya: what's the hotspot on the van? my phone won't find it\n"
            "Dan: VanLife-5G, then kettle_on_the_stove",
            "kettle_on_the_stove",
        ),
        (
            "Janet (office): the Synology is asking me to log in, what do I type?\n"
            "Me: user 'office', then Oakfield_Files9",
            "Oakfield_Files9",
        ),
        (
            "[19:02] Client ch. 8 : bonsoir, le wifi svp ?\n"
            "[19:04] Réception : Bonsoir ! Réseau « Hotel-des-Tilleuls », c'est tilleuls-bleus-29.",
            "tilleuls-bleus-29",
        ),
        (
            "Léa : c'est quoi le wifi du bureau ?\n"
            "Moi : réseau SQ-Bureau, la phrase c'est « soupe-populaire-du-jeudi » sans majuscules",
            "soupe-populaire-du-jeudi",
        ),
        (
            "Théo : le wifi de la régie c'est quoi ?\nManon : Regie-FDL → decibel_en_plein_air",
            "decibel_en_plein_air",
        ),
        (
            "[09:10] Papa : je n'arrive plus à me connecter au site des impôts, tu te souviens ?\n"
            "[09:12] Julie : c'est Marronnier_1962, avec ton numéro fiscal",
            "Marronnier_1962",
        ),
        (
            "Tom: can't log into the Xero account, has it changed?\nSue: yes, it's Ledger$2025 now",
            "Ledger",
        ),
        (
            "Inès : tu peux me redonner le wifi de la salle ?\n"
            "Karim : SalleDesFetes → lampions-et-guirlandes",
            "lampions",
        ),
        (
            "Me: hi! what's the wifi here?\nBarista: network is BeanThere, password Latte4Life!",
            "Latte4Life",
        ),
    ],
)
def test_a_key_given_in_reply_to_asking_for_the_wifi_or_a_login(text: str, secret: str) -> None:
    finding = find_secret(text)
    assert finding is not None, text
    assert secret in text[finding.start : finding.end]


@pytest.mark.parametrize(
    "text",
    [
        # an address then a product, a campaign, an order, a hashtag, a file, a version
        "orders@shop.com — iPhone15 Pro",
        "orders@shop.com — iPhone15",
        "contact: anna@x.fr, Marketing2024 campaign",
        "contact: anna@x.fr — Marketing2024",
        "Support: help@shop.com — Order #4471-2231",
        "Invoices: billing@acme.com — ORD-2024-1187",
        "Newsletter: news@club.org — #SummerFete2024",
        "Bug reports: dev@app.io — release_notes_v2.md",
        "Team lead: anna@x.fr — v2.3.1",
        # a username then a display name, a campaign, a file, a hashtag
        "username jdoe — Jane Doe",
        "username jdoe, it's Jane_Doe on the profile",
        "username anna_b, it's Marketing2024 campaign",
        "user 'office', then click Settings2",
        "login jdoe, then #general on Slack",
        "username bob_s, it's report_final.pdf",
        # a change to a setting, a plan, a name, a room
        "reset it to Factory Defaults",
        "we're now on Plan2024",
        "c'est maintenant le Plan2024, j'ai changé d'offre",
        "changed the theme to Dracula2",
        "changed it to Windows11 last night",
        "I reset the router to Factory2024 settings",
        "it's Python3 now, we changed the runtime",
        "c'est maintenant Paris2024, on a changé le nom du groupe",
        "changed the team name to Red_Dragons",
        "changed my username to Pixel_Fan",
        "reset the counter to Zero_Day",
        "it's room B204 now, they changed it",
    ],
)
def test_look_alikes_beside_an_account_or_a_change_pass(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


@pytest.mark.parametrize(
    "text",
    [
        "Mel: what's the wifi again?\nTasha: it's BT-7KQ2, password on the router",
        "Client : le wifi svp ?\nRéception : demandez à l'accueil, ils vous donneront la carte",
        "Mel: what's the wifi again?\nTasha: ask reception, they print a card",
        "Sam: can you log in for the meeting?\nAna: room 214 at 10:30, I'll send the link",
        "Théo : le wifi marche ?\nManon : oui, c'est la Freebox-Pop, au rez-de-chaussée",
        "Jo: what's the wifi ad song again?\nKim: it's Dancing_Queen by Abba",
        "Inès : le wifi de la salle svp\n"
        "Karim : réseau SalleDesFetes, mot de passe dans le placard",
        "Ben: what's the wifi?\nAmy: BT-Hub-7, it's on the sticker under the router",
        "Ben: what's the wifi again?\nAmy: the network is Hollis_5G, ask Sam at the bar",
        "Léa : c'est quoi le wifi ?\nMoi : le réseau c'est Gite_LesChenes, la clé est sur la box",
        "Ben: which router for the wifi?\nAmy: it's the Netgear_R7000, top shelf",
        "Léa : c'est quoi le hashtag du wifi gratuit ?\nMoi : #WifiGratuit, sur l'affiche",
        "Jo: what's the hashtag for the free wifi launch?\nKim: #FreeWifi_Leeds",
        "Ben: what's the wifi speaker called?\nAmy: it's a Sonos_Era100, in the kitchen",
        "Photographe : on fait comment pour le wifi ?\nMoi : on dit « cheese » et on attend",
    ],
)
def test_replies_to_a_wifi_or_login_question_without_a_key_pass(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


# --- A made value after a name on a sticky note: built as few names are, or mixed-case with
# digits on a note stuck to a screen, a keyboard or a till (training corpus M's kind).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('sticky note on the till: "Sage = Ledger2021"', "Ledger2021"),
        ("post-it sous le clavier : banque -> Tulipe1987", "Tulipe1987"),
        ("Post-it on Dave's monitor: Xero = Accounts2019", "Accounts2019"),
        ('sticky note on the fridge: "Netflix = Raclette_44!"', "Raclette_44!"),
        (
            "Post-it sur l'écran de la caisse : « fournisseur = Olivier1962 », ne pas jeter",
            "Olivier1962",
        ),
    ],
)
def test_made_passwords_on_sticky_notes_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        'Post-it on the monitor: "Paris2024 = tickets"',
        "Post-it sur l'écran : « réunion = 14h30 »",
        'sticky note on the till: "float = 150"',
        "Post-it on Dave's monitor: Windows11 = update Friday",
        "Post-it sur le frigo : « courses = Lait2L »",
        "Post-it on the screen: RDV dentiste = Mardi14",
        "Post-it sur l'écran : Tél Marc = 0612345678",
        "Post-it on the monitor: order ref = PO-20931",
        'sticky note on the till: "Sage = ask Dave"',
        "Post-it on my laptop: wifi = Sky-4D21A0",
    ],
)
def test_sticky_notes_without_a_password_pass(text: str) -> None:
    assert find_secrets(text) == []


# Hold-out 17 missed passwords given beside the account they open with no secret noun:
# "orders@… then Varroa!Bee7", "identifiant nadia.perrin, et DSN_avril!26", "Gateway ID 4410
# 2287 9931, and the other bit is Ledger&Quill2023", "MANAGER → Rivington_77". The same kinds in
# other words: an e-mail, a login typed as one, a login's or an ID's noun and its login or
# number, a role's account or a login typed, then any joiner people use, then the value.
@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # after an e-mail
        ("Dentist booking portal — j.okafor@outlook.com then Molar!Crown5", "Molar!Crown5"),
        ("Compte Ameli de maman : francoise.lefevre@laposte.net puis Tisane_Verveine58", "Tisane"),
        ("Xero for the shop: accounts@brightbakes.co.uk, and it's Sourdough#Rise9", "Sourdough"),
        ("Google Ads: ads.team@harbourcafe.com → Espresso_Tide22", "Espresso_Tide22"),
        ("School gateway: sam.ortiz@gmail.com, then Lunchbox!Blue3 (Mia's account)", "Lunchbox"),
        ("Zoom de l'asso : contact@asso-lespapillons.fr, et Chrysalide_2021", "Chrysalide_2021"),
        ("Vinted : claire.moreau92@gmail.com ensuite Robe&Fleurie7", "Robe&Fleurie7"),
        ("Canva — design@brightbakes.co.uk then Icing-Sugar-Swirl-5", "Icing-Sugar-Swirl-5"),
        ("Mon compte Fnac : gilles.roux@free.fr, et Liseuse!Kobo3", "Liseuse!Kobo3"),
        ("Apple ID grandad.evans@icloud.com, the rest is Bluebell!Wood31", "Bluebell!Wood31"),
        (
            "Spotify family on mum's account — mum.shaw@yahoo.co.uk, Blackbird7. Don't change "
            "the playlists.",
            "Blackbird7",
        ),
        # after a login typed as one
        ("the till laptop — shop.manager then Counter#Float17", "Counter#Float17"),
        ("Pronote pour Hugo : hugo.bernard7 puis Trousse!Verte12", "Trousse!Verte12"),
        ("Vet practice system: nurse.kelly then Stitches#Clean9 after the monthly reset", "Stit"),
        ("Deliveroo tablet: orders.kitchen then Fryer!Basket8", "Fryer!Basket8"),
        ("Teams (cover teacher): supply.teacher2 then Register!Blue14", "Register!Blue14"),
        # after a login's noun and the login, or an ID's noun and its number
        ("Pharmacy system: login j.patel.locum, then Pestle&Mortar9", "Pestle&Mortar9"),
        ("identifiant marie.dupuis, c'est Cerisier_Rose88 pour l'instant", "Cerisier_Rose88"),
        ("username lib_front_desk and it's Dewey#Decimal42", "Dewey#Decimal42"),
        ("Login is warehouse2, then Pallet!Jack44", "Pallet!Jack44"),
        ("compte invite puis Bienvenue_Hall2023", "Bienvenue_Hall2023"),
        ("session prof, et Craie&Tableau21", "Craie&Tableau21"),
        ("account rmills and Tide&Harbour7", "Tide&Harbour7"),
        ("HMRC — user ID 7729 4410 2231, the other bit is Receipts#2024", "Receipts#2024"),
        ("Government Gateway ID 552 918 330 271 then Hedgerow_Lane6", "Hedgerow_Lane6"),
        ("numéro fiscal 3104 227 918 puis Impots!Maison73", "Impots!Maison73"),
        ("Portail client — identifiant 88214403, et le reste c'est Livraison#Bleue5", "Livraison"),
        ("Site de vente — identifiant : hugo.luthier\nEpicea&Erable_1988", "Epicea&Erable_1988"),
        ("Banque en ligne : identifiant 0012345678 et Banque!Rose7", "Banque!Rose7"),
        ("Crédit Agricole — numéro client 44120987, puis Tracteur_Vert1966", "Tracteur_Vert"),
        ("user ID 4410 2287 9931; the other half: Ledger&Quill2023", "Ledger&Quill2023"),
        ("identifiant nadia.perrin — DSN_avril!26", "DSN_avril!26"),
        ("the account is grandad.evans@icloud.com and then Bluebell!Wood31", "Bluebell!Wood31"),
        ("log in as reception, then Front!Desk22", "Front!Desk22"),
        ("Amazon business: orders@goldenhive.co.uk (Varroa!Bee7)", "Varroa!Bee7"),
        ("Tesco groceries: use mum.shop@gmail.com and Cabbage!Patch9 to log in", "Cabbage"),
        ("Pour la CAF : numéro allocataire 2231456, puis Allocs_Mars24", "Allocs_Mars24"),
        ("Instagram business → @knotandloom then Yarn&Needles6", "Yarn&Needles6"),
        ("Bank (Nationwide): customer number 1234 5678 90, then Piggy!Bank42", "Piggy!Bank42"),
        ("Playstation account: ps.kids2015, then Minecraft!Creeper7, for emergencies only", "Mine"),
        ("Connecte-toi en tant que compta puis Bilan#Annuel5", "Bilan#Annuel5"),
        ("signed in as ops.team and then Kraken#88", "Kraken#88"),
        # after a role's account, or a login one types
        ("Router page: admin, then Fibre!Cable88", "Fibre!Cable88"),
        ("QuickBooks admin reset (Jo's leaving): ADMIN → Ledger_Lines42", "Ledger_Lines42"),
        ("Caisse enregistreuse : manager → Baguette#Four61", "Baguette#Four61"),
        ("root then Kernel_Panic77 (the old NAS)", "Kernel_Panic77"),
        ("Kiosk at the library: enter staff2 then Dewey!Card5", "Dewey!Card5"),
        ("Screen in room 2: meet2 then Whiteboard!Blue", "Whiteboard!Blue"),
        ("Tomasz: the queue screen is counter4 → Stamp#Queue88", "Stamp#Queue88"),
        # a network's name, a dash, its key in a chat reply
        (
            "[10:02] Ana : c'est quoi le wifi de l'atelier ?\n"
            "[10:03] Luc : Atelier_Bois — copeaux+rabot2022",
            "copeaux+rabot2022",
        ),
        ("Kim: what's the wifi at the studio again?\nLee: StudioNet — Reverb&Delay55", "Reverb"),
    ],
)
def test_a_made_password_joined_to_its_accounts_handle(text: str, secret: str) -> None:
    assert any(secret in value for value in keyword_values(text)), find_secrets(text)


@pytest.mark.parametrize(
    "text",
    [
        # a product, a model, a licence, a file, a hashtag, an order after an address
        "Phones for the sales team: sales@acme.co.uk then Galaxy-S24 for everyone",
        "Headphones order — it@acme.co.uk then WH-1000XM4 x3",
        "Licences: it@acme.co.uk, then Office365 for the new starters",
        "Campaign files: marketing@shop.com then Summer_Sale2024.pdf",
        "Bake-off hashtag: events@village.org then #Bake2024",
        "Invoice from supplier — accounts@thornes.co.uk then INV-2024-0032",
        "Alarm company account ref SEC-774120, then call the keyholder",
        "Sent to jo@x.com and Summer_Sale2024 brief attached",
        "Follow us: news@club.org and #SummerFete2024",
        "Contact: sales@acme.co.uk\nGalaxy-S24 and Pixel-8 in stock",
        # a login alone, then a phone number, a name, or the password withheld
        "username rcarter.nurse",
        "contact: bookings@northstarhostel.com, 0161 496 0732",
        "contact: bookings@northstarhostel.com then Jane Porter (manager)",
        "reception@northstarhostel.com then the usual one",
        "login dad.wheeler@btinternet.com, ask Ben for the rest",
        "identifiant nadia.perrin, le mot de passe est dans le coffre",
        "user admin, then the password in the safe",
        "user ID 8821 4477 1023, the other bit is in the safe",
        "admin, then the postcode of the office",
        "username: jdoe\nSummer_Sale2024.pdf",
        "login: jdoe\nJane Doe",
        # a name, a team, a project, a deployment after a login-like word
        "manager → Paul_Smith",
        "admin: Jean_Dupont",
        "Our manager, then Team_Leader2 after the restructure",
        "the team: jo.smith then Red_Dragons2024 squad",
        "project lead: anna.b then Team_Alpha review",
        "session 12, then Team_Building2024 workshop",
        "guest, then Summer_Camp2024 kids",
        "Déploiement : marie.dupuis puis Windows11 sur les postes",
        "user jdoe then click Settings2",
        "Models in stock: galaxy.s24 then Pixel-8-Pro",
        "config.yaml then Docker_Compose2 file",
        "notes.txt then Summer_Notes2024",
        "In the terminal type cd then Project_Files2/ and run make",
        "type cmd then Enter",
        "Phones: iphone15 then Galaxy_S24 next year",
        "iphone15 then Galaxy_S24",
        "Steps: step1 then Step_Two2",
        "Laptops: windows10 → Windows11 in March",
        "log in as reception, then check the bookings",
        "Connecte-toi en tant que compta puis va dans Paramètres",
        "Banque : identifiant 0012345678, le mot de passe est chez Paul",
        "numéro client 44120987, puis Livraison prévue mardi",
        "membership number 20931, then Swim_Club2024 newsletter",
        "account 30918264, sort code 20-45-77",
        "The other half: Team_Alpha7 won",
        "user jdoe — Jane Doe",
        "Contact: jo@x.com (Marketing2024)",
        "support@x.com (Mon-Fri 9-5)",
        "jo@x.com (Team_Lead)",
        "use sales@acme.com and Office365 to log in",
        "Follow @knotandloom then #Yarn2024",
        "Tag @knotandloom and Summer_Sale2024 promo",
        "DM @knotandloom, then Jane_Doe replies",
        "@knotandloom → Galaxy-S24 giveaway",
        "Pour la CAF : numéro allocataire 2231456, puis attendre le courrier",
        # folders, playlists, campaigns, templates, orders listed under an address or a name
        "Shared drive folders: marketing.assets then Summer_Campaign2024",
        "Spotify playlist for the party: dad.wheeler then Summer_Hits2024",
        "Templates: newsletter@shop.com then Spring_Template2024",
        "Campagne mailing : contact@asso.fr puis Noel_Solidaire2024",
        "Order from orders@shop.com then Galaxy_S24!",
        "Dossier partagé : compta.asso puis Bilan_Annuel2024",
        "Reviewer: anna.b → Sprint_42",
        "Slack workspace: team@startup.io then Hello_World2024 channel",
        "Contact the office manager, then Jane_Smith2 will call back",
        # an ID that numbers an order or a ticket
        "order ID 44102287 then Summer_Sale2024",
        "ticket ID 7741, then Galaxy-S24 replacement",
        # a network's name, a dash, no key
        "Ben: what's the wifi?\nAmy: Guest_Net — ask at the bar",
        "Ben: what's the wifi?\nAmy: BT-Hub6 — it's on the sticker",
    ],
)
def test_look_alikes_of_a_handle_then_a_value_pass(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


# "Ticketsource changed by Owen after the concert: now Messiah-Hallelujah-41", "le zip des
# contrats est protégé : Tournesol_Bruxelles!": a value after a change's clause or what
# protects a file, built as few names are.
@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Mailchimp changed by Ruth after the breach: now Newsletter!Spring7", "Newsletter"),
        ("Eventbrite reset (after Tom left): Box_Office!22", "Box_Office!22"),
        ("le compte Doctolib du cabinet a été changé : Stethoscope_Vert9", "Stethoscope_Vert9"),
        ("Shopify staff login changed → now Candle&Wick2024", "Candle&Wick2024"),
        ("Dropbox des devis modifié par Paul : désormais Devis_Signe!44", "Devis_Signe!44"),
        ("Loyalty app admin changed (Sue left): HappyPaws-Points-3", "HappyPaws-Points-3"),
        ("Owen changed it after the concert — now Messiah-Hallelujah-41", "Messiah"),
        ("Ticketsource: Owen changed it, now Messiah-Hallelujah-41", "Messiah"),
        ("Shopify reset after the breach; now Candle&Wick2024", "Candle&Wick2024"),
        ("the payroll spreadsheet is locked with Overtime#Friday3", "Overtime#Friday3"),
        ("the board minutes PDF is protected: Gavel&Chair2024", "Gavel&Chair2024"),
        ("l'archive des bulletins est chiffrée → Bulletin_Paie!09", "Bulletin_Paie!09"),
        ("Le classeur des notes est verrouillé : Moyenne_Trimestre3!", "Moyenne_Trimestre3!"),
    ],
)
def test_a_made_password_after_a_change_or_a_protection(text: str, secret: str) -> None:
    assert any(secret in value for value in keyword_values(text)), find_secrets(text)


@pytest.mark.parametrize(
    "text",
    [
        "Supplier changed to the new supplier: Thornes Ltd",
        "Router reset to factory defaults, then admin / the sticker one",
        "Theme changed → Dracula-Pro-2",
        "Team name changed: Red-Dragons-2",
        "Project renamed and changed: Phoenix-Rising-3",
        "Changed the Wi-Fi name: CottageNet_5G",
        "changed the hashtag: #Bake2024",
        "Model changed: WH-1000XM5",
        "Version changed: Release_2024_Q3",
        "Name changed (married in June): Smith-Jones",
        "To change it yourself: Ctrl+Alt+Del then choose Change a password",
        "Plan changed — Pro-Plus-2024 from May",
        "The theme changed, now Dracula-Pro-2",
        "Owen changed it after the concert — now it's on the sticker",
        "Changed the meeting, now Team_Sync2024 on Fridays",
        "To reset it: Ctrl+Alt+Del, then Task_Manager2",
        "the file is protected: see Marie",
        "the sheet is locked: Q3_Forecast_v2",
        "Le document est protégé : Rapport-V3",
        "locked: Summer_Sale2024.pdf",
        "account locked: SEC-774120",
        "the zip is protected: ask Priya",
        "the bike is locked with Kryptonite_Evolution4 at the station",
        "He locked it with a Master_Lock2 padlock",
    ],
)
def test_look_alikes_of_a_change_or_a_protection_pass(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


@pytest.mark.parametrize(
    ("value", "shape"),
    [("GreenFingers-Loyal-8", Shape.JOINED), ("Galaxy-S24", None), ("WH-1000XM4", None)],
)
def test_camel_case_words_hyphened_then_a_number_are_made(value: str, shape: Shape | None) -> None:
    assert made_shape(value) is shape


# "admin, then the postcode of the office with no space, lowercase — bl14aq": after a handle and
# its joiner, how the password is derived from a thing known, then the value it makes.
@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("NAS: admin, then the car's reg in lowercase without the space — kx09tvr", "kx09tvr"),
        ("Alarm app: login mum.jones, then the house number twice → 1414", "1414"),
        ("Caméra : identifiant admin, puis le code postal du gîte sans espace → 29870", "29870"),
        ("Box: user admin, the rest is the shop's phone number, last 6 digits — 553 102", "553"),
        ("Routeur : admin, et les 4 derniers chiffres du SIRET → 0042", "0042"),
    ],
)
def test_a_value_derived_after_its_handle(text: str, secret: str) -> None:
    assert any(secret in value for value in keyword_values(text)), find_secrets(text)


@pytest.mark.parametrize(
    "text",
    [
        "Router: admin, then call the phone number — 0161 496 0732",
        "login jdoe, then the last order number — INV-2024-0032",
        "user admin, then the model number without spaces — WH1000XM4",
        "admin, then the first room number — 214",
        "admin, then the phone number on the sticker",
        "Ask the admin, then the postcode without the space — BL14AQ",
        "user admin, then the year we opened",
    ],
)
def test_look_alikes_of_a_value_derived_after_its_handle_pass(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


# --- a network named, then its key, no password's noun ---------------------------------------


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Barn wifi for the volunteers:\nnetwork OakbarnVolunteers\ntype: hay-bales-and-cider",
            "hay-bales-and-cider",
        ),
        (
            "Wifi du gîte → réseau Gite_LesTilleuls, on tape tilleul-en-fleur-22",
            "tilleul-en-fleur-22",
        ),
        ("Shop hotspot\nFernAndFoxglove\nmossy-stones-42", "mossy-stones-42"),
        (
            "Réseau invités (tableau de la salle de pause) :\nCabinet_Dupuis_Invites\n"
            "clé : cafe-croissant-2025",
            "cafe-croissant-2025",
        ),
        (
            "wifi at the boathouse is Rowing_Club_Guest and then type oars-up-at-dawn",
            "oars-up-at-dawn",
        ),
        (
            "Wifi de la médiathèque (réseau MEDIATHEQUE_PRO) depuis mars → Polar-Nordique-12",
            "Polar-Nordique-12",
        ),
        (
            "Wifi clientes : le réseau c'est Salon_Iris et derrière tu tapes vernis-corail-2026",
            "vernis-corail-2026",
        ),
    ],
)
def test_a_key_after_its_network_name_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Wifi: Cafe_Guest / WPA2-Personal",
        "Wifi du club : Club_Tarot\nsalle-des-associations",
        "Wifi SalleStAubin / key on the router's sticker",
        "Guest wifi → network Bakery_Guest, open network, no password",
        "Wifi ParkerHome / rules in kids-homework-rules.pdf",
        "Wifi: Cafe_Guest / #free-wifi-friday",
        "wifi → network ParkerHome, plan: fibre-max-500",
        "Wifi: Home_Net / user: jdupont",
        "Wifi networks in the building:\nCafe_Main\nCafe_Guest",
        "Réseau Wifi : Maison_Dupont\nmot de passe : voir étiquette de la box",
        "Network upgrade: Netgear_Orbi / model RBK-852 ordered",
        "Wifi for the studio\nLotusRoom_Staff\nkey: on the back of the router",
        "The wifi is called ParkerHome, ask Dad for the key.",
        "Wifi campaign: FreeWifiFriday / campaign: summer-of-fibre",
    ],
)
def test_a_network_name_without_its_key_passes(text: str) -> None:
    assert find_secrets(text) == []


# --- an account's number, then where its password is typed: "online:", "en ligne :" -----------


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Gas (Octopus) — account 4410 9921 / online: Marmalade_Cat7", "Marmalade_Cat7"),
        ("Mutuelle : n° adhérent 558 201 774, espace en ligne : Coquelicot#61", "Coquelicot#61"),
        ("Tennis club member no 20931, online: Backhand_Ace22", "Backhand_Ace22"),
        ("Impôts : n° fiscal 1288 4410 553 et derrière c'est Tulipe_Rouge_88", "Tulipe_Rouge_88"),
        ("Box internet — réf. client 0123 4567\nen ligne : Lavande*2024", "Lavande*2024"),
        ("Impôts : numéro fiscal sur l'avis, puis Grenouille#1962", "Grenouille#1962"),
        ("Water: customer number on the bill, then Otter_Creek_77", "Otter_Creek_77"),
    ],
)
def test_a_password_typed_online_after_its_account_number_is_refused(
    text: str, secret: str
) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Water (Severn Trent) - acct 7781 2290\nonline: paid by direct debit",
        "EDF : réf. client 6 012 345 678, espace en ligne : voir le courrier",
        "acct 7781 2290 / online: www.stwater.co.uk",
        "Gas account 4410 9921 / online since March 2024",
        "Mutuelle : n° adhérent 558 201 774 / Harmonie_Mutuelle (organisme)",
        "Tennis club member no 20931, online: see the club's website",
        "Order 55821 / online: Summer_Sale2024 campaign",
        "compte 4410 9921 / hashtag: #Summer_Vibes2024",
        "Impôts : numéro fiscal sur l'avis, puis payer avant le 15 mai",
        "Water: customer number on the bill, then call Severn_Trent",
        "n° fiscal sur l'avis, et derrière le montant 2024",
        "Account number on your statement, then Summer_Sale2024 campaign",
    ],
)
def test_an_account_number_without_its_password_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Post-it collé sur l'écran :\nsession compta\ngomme-crayon-rouge-31",
            "gomme-crayon-rouge-31",
        ),
        (
            "Sticky note on the reception PC:\nlogin frontdesk\npaper-clips-and-tea-7",
            "paper-clips-and-tea-7",
        ),
        ("Poste de l'accueil\nsession accueil\ntampon-encreur-bleu-12", "tampon-encreur-bleu-12"),
    ],
)
def test_a_phrase_under_a_session_line_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Numéro client 4410 9921\nfacture-mars-2024.pdf",
        "session assistante\nlundi-mardi-jeudi",
        "login frontdesk\nsee-the-binder",
        "Session 4\nwarm-up-drills-3x",
    ],
)
def test_a_session_line_with_no_phrase_under_it_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "BILLS FOLDER\nWater (Severn Trent) - acct 7781 2290 / online: Goldfish_Nemo\n"
            "Council tax - paid by DD",
            "Goldfish_Nemo",
        ),
        ("Phone bill, BT: paid by DD, online: Parrot_Green9", "Parrot_Green9"),
        ("EDF - contrat 4471 2290 / en ligne : Tournesol_88", "Tournesol_88"),
        (
            "Public PCs: to end a stuck session, Ctrl+Alt+F12 and type Overdue_Fines_2026 at the"
            " prompt",
            "Overdue_Fines_2026",
        ),
        ("Boiler panel: hold the reset and type Warm_Feet_2025 when it asks", "Warm_Feet_2025"),
        ("Kiosk mode: at login type Marmotte_2025 to get the admin menu", "Marmotte_2025"),
        (
            "Borne d'accueil : tapez Lavande_42 à l'invite pour sortir du mode kiosque",
            "Lavande_42",
        ),
        ("Caisse : saisir Renard_Bleu9 quand il le demande", "Renard_Bleu9"),
    ],
)
def test_a_made_password_typed_online_or_where_a_screen_asks_is_refused(
    text: str, secret: str
) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Water (Severn Trent) - acct 7781 2290 / online: paperless billing",
        "Council tax - online: yes, through the app",
        "Gas - online: www.octopus.energy, paid by DD",
        "At the terminal, type exit at the prompt to close it",
        "type ipconfig /all at the prompt and read the address",
        "Tapez OUI à l'invite pour confirmer",
        "type your email address at login, then the code from the text",
        "Type Get-Help at the prompt to see the commands",
        "online: Mon-Fri 9-17, phone otherwise",
        "Enter Guest_WiFi when it asks for the network name",
        "Saisir Dupont_Jean quand il demande l'identifiant",
    ],
)
def test_a_command_a_name_or_an_answer_typed_at_a_prompt_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "[17:46] Élodie : le wifi patients c'est quoi déjà ?\n"
            "[17:46] Dr Roche : SourireSansCarie2025 (tout attaché)\n[17:47] Élodie : merci !",
            "SourireSansCarie2025",
        ),
        (
            "[09:10] Tom: what's the wifi again?\n[09:11] Marc: BlueOceanView2024 (all one word)",
            "BlueOceanView2024",
        ),
        (
            "[20:01] Mamie : c'est quoi le wifi de la maison ?\n"
            "[20:03] Lucas : MaisonDesPins2022 tout collé",
            "MaisonDesPins2022",
        ),
        ("Ben: what's the guest wifi?\nAmy: SunnyGarden2026 - capital S and G", "SunnyGarden2026"),
        ("Inès : le wifi du gîte c'est quoi ?\nPaul : LesVieuxChenes1987", "LesVieuxChenes1987"),
        ("Jo: wifi at the hall?\nKate: OldOakHall2019", "OldOakHall2019"),
    ],
)
def test_joined_names_and_a_year_in_reply_to_a_wifi_question_are_refused(
    text: str, secret: str
) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "[18:02] Élodie : le wifi c'est quoi le nom déjà ?\n[18:02] Dr Roche : CabinetRoche2025",
        "[09:10] Tom: what's the wifi again?\n[09:11] Marc: ask Sophie, it changed in 2024",
        "Léa : c'est quoi le code wifi ?\nHugo : sur le frigo, depuis 2023",
        "[20:01] Mamie : c'est quoi le wifi de la maison ?\n"
        "[20:03] Lucas : la box Orange, regarde dessous",
        "Ben: what's the guest network called?\nAmy: SunnyGarden2026",
        "Jo: which wifi do I pick at the hall?\nKate: OldOakHall2019",
    ],
)
def test_a_networks_name_or_no_key_in_reply_to_a_wifi_question_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "[19:30] Karim : Josiane l'ordi de l'accueil demande un truc\n[19:31] Josiane : "
            "Solidarite2024 avec S majuscule\n[19:31] Karim : ok ça marche",
            "Solidarite2024",
        ),
        (
            "Tom: the laptop at the front desk wants something\nAnn: Harbour2023 with a capital "
            "H\nTom: in, thanks",
            "Harbour2023",
        ),
        (
            "[08:02] Lou : le PC de la salle réclame quelque chose 😩\n[08:03] Marc : "
            "Tournesol_88\n[08:03] Lou : merci",
            "Tournesol_88",
        ),
        (
            "Sam: reception computer needs something before it starts\nJo: Bluebell!77\nSam: "
            "cheers",
            "Bluebell!77",
        ),
        (
            "[10:14] Nina : la tablette de la caisse veut un truc\n[10:15] Paul : Caramel2019 avec "
            "C majuscule",
            "Caramel2019",
        ),
    ],
)
def test_a_password_in_reply_to_a_machine_asking_for_something_is_refused(
    text: str, secret: str
) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Tom: the laptop at the front desk wants something\nAnn: an update, just click later\n"
        "Tom: ok",
        "[19:30] Karim : l'ordi de l'accueil demande un truc\n[19:31] Josiane : Windows11 veut "
        "une mise à jour, clique plus tard",
        "Sam: the computer needs something\nJo: iPhone15 charger, it's in the drawer",
        "[08:02] Lou : le PC de la salle réclame quelque chose\n[08:03] Marc : Office2021 à "
        "réactiver, appelle l'info",
        "Kev: the tablet wants something\nDee: Paris2024 app update, ignore it",
        "Sam: reception computer needs something\nJo: Ctrl+Alt+Del then your own login",
        "Kev: the laptop wants something\nDee: Cmd-Shift-4 then drag, it's a screenshot",
        "[08:02] Lou : l'ordi demande un truc\n[08:03] Marc : Ctrl+Alt+Suppr puis ton login perso",
    ],
)
def test_an_update_a_product_or_keys_in_reply_to_a_machine_asking_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Note for the weekend sitter: Instagram is mudlark.pottery — sign in with "
            "RakuFiring2025! Post the kiln opening pics please",
            "RakuFiring2025!",
        ),
        ("Connecte-toi avec Marmotte_51 puis change-le.", "Marmotte_51"),
        ("Shop laptop: log on with Harbour!Lights then open the till app.", "Harbour!Lights"),
        (
            "Pour le compte Canva, connectez-vous avec Pinceau-Rouge-7 (pas l'adresse perso).",
            "Pinceau-Rouge-7",
        ),
    ],
)
def test_a_password_one_signs_in_with_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Sign in with Google, it's quicker.",
        "Connecte-toi avec FranceConnect, c'est plus simple.",
        "Log in with your_email@work and the usual one.",
        "Sign in with Apple ID or iCloud.",
        "Connectez-vous avec votre compte Microsoft_365.",
        "Log in with PlayStation5 account then download the game.",
        "Connexion avec Windows11 Pro uniquement.",
        "Sign in with Face-ID, not the PIN.",
    ],
)
def test_a_provider_or_a_product_one_signs_in_with_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "From: Bob (IT)\nSubject: your reset\n\nKasia — done. It's now Winter-Calls-19 until "
            "you change it. Don't reply with it pls.",
            "Winter-Calls-19",
        ),
        (
            "De : Odile Vachon\nÀ : Théo\nObjet : ordi de la caisse\n\nThéo, pour la caisse à "
            "partir de demain ce sera Mimolette18 (M majuscule). Bisous à ta mère.",
            "Mimolette18",
        ),
        ("Reset done, it's now Harbour-Lights-7 until you pick your own.", "Harbour-Lights-7"),
        ("Ta session est débloquée, ce sera Hibou2025 avec un H majuscule.", "Hibou2025"),
        # "maintenant" is longer than the other words of "now": read whole
        (
            "De : Paul (informatique)\nObjet : réinitialisation\n\nNadia, c'est fait. C'est "
            "maintenant Tilleul-Vert-24 jusqu'à ce que tu le changes.",
            "Tilleul-Vert-24",
        ),
        (
            "Théo, j'ai réinitialisé ta session. C'est maintenant Cerisier-Rose-8 jusqu'à ce que "
            "tu le changes.",
            "Cerisier-Rose-8",
        ),
        ("Réinitialisation faite, c'est maintenant Goeland!Port3 jusqu'à lundi.", "Goeland!Port3"),
    ],
)
def test_a_password_a_reset_gives_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Reset done, it's now Windows11 on all the PCs.",
        "The laptop is changed, it's now MacBook-Air-M2 for everyone.",
        "À partir de lundi ce sera Paris2024 qui sponsorise la caisse.",
        "New password policy: it'll be Azure-AD only from Monday.",
        "The meeting room changed, it's now Room_B2 upstairs.",
        "The till app was updated, it's now SumUp-Air-2.",
        "À partir de demain ce sera Bus_Line_42 pour aller au PC.",
        "Wifi changed: it's now Freebox-4D21A0 on the label.",
        "La réunion a changé, c'est maintenant 14h en salle B.",
        "Le PC de la réunion a changé de place, c'est maintenant la salle 12.",
        "J'ai réinitialisé la caisse, c'est maintenant fermé le dimanche.",
        "Les ordis ont été réinitialisés, c'est maintenant fermé le week-end.",
        "Session de formation : c'est maintenant 14h30 au lieu de 10h.",
        "Le PC portable : c'est maintenant Windows11 partout.",
        "Les sessions : c'est maintenant Salle_B2 à l'étage.",
        "Ordi portable réinitialisé, c'est maintenant MacBook-Air-M2 pour tout le monde.",
    ],
)
def test_a_product_a_room_or_a_line_after_a_change_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Clients: compte « Martin » → Saint-Jean-de-Luz",
        'Customers: account "Martin" → Saint-Jean-de-Luz',
        "Livraisons : compte « Dupuis » → Aix-en-Provence",
        "Account 'Hughes' → Stratford-upon-Avon",
        "Session « Bernard » → Boulogne-sur-Mer (dépôt)",
        "Compte « Petit » → Sainte-Foy-lès-Lyon",
    ],
)
def test_an_accounts_town_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a value spelt with its capitals, on a line naming what it opens
        ("Le wifi du cabinet : Rose-des-Vents, R majuscule", "Rose-des-Vents"),
        ("Office wifi is HarbourLights, capital H and capital L", "HarbourLights"),
        ("Front desk PC: Marmalade-Toast, with a capital M", "Marmalade-Toast"),
        ("Mot de passe de la session : Grenier-Lumineux, G majuscule", "Grenier-Lumineux"),
        ("the laptop password is Otter-Slide (capital O)", "Otter-Slide"),
    ],
)
def test_a_value_spelt_with_its_capitals_is_a_password(text: str, secret: str) -> None:
    finding = find_secret(text)
    assert finding is not None, text
    assert secret in text[finding.start : finding.end]


@pytest.mark.parametrize(
    "text",
    [
        "Write Paris, P majuscule, en haut de la page",
        "Named the file Budget-Final, capital B",
        "Le nom s'écrit Dupont-Martin, D majuscule et M majuscule",
        "Start the sentence with Therefore, capital T",
        "Wifi network name: CafeDuPort, C majuscule",
        "Le compte est au nom de Dupont-Martin, D majuscule",
        "Laptop login: JDupont, J majuscule",
        "Wifi : Livebox-Salon, L majuscule, c'est le nom du réseau",
    ],
)
def test_a_name_spelt_with_its_capitals_passes(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


# A Wi-Fi given as its network's name then its key: after " / ", a comma and the key's label,
# the key in quotes maybe holding words, or a phrase ending in "!"; in a note or a chat reply.
@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Wifi du gîte : Gite_LesTilleuls / trotte-menu-souris!", "trotte-menu-souris!"),
        ("Wifi de la médiathèque : Media_Libre, clé « la-page-blanche »", "la-page-blanche"),
        ("Wifi de la médiathèque : Media_Libre, clé : la-page-blanche", "la-page-blanche"),
        (
            "Wifi du cabinet : Kine_Dupuis, mot de passe « massage-a-la-lavande »",
            "massage-a-la-lavande",
        ),
        (
            "[18:02] Tom: what's the wifi at the allotment shed?\n"
            "[18:03] Bev: Shed_Of_Dreams, key is 'parsnips&potatoes'",
            "parsnips&potatoes",
        ),
        (
            "[19:10] Léa : c'est quoi le wifi de la salle ?\n"
            "[19:11] Marc : SalleDesFetes / « vin chaud et marrons »",
            "vin chaud et marrons",
        ),
        (
            "[08:40] Guest: wifi?\n[08:41] Reception: HarbourView / « salty-breeze-morning »",
            "salty-breeze-morning",
        ),
        ('Hotspot in the van: VanLife_Wales, password is "sheep-on-the-road"', "sheep-on-the-road"),
        ("Wifi : Maison_Dupont — clé « les-tournesols-du-jardin »", "les-tournesols-du-jardin"),
        ("Guest wifi: Harbour_Guest (key: 'salty-dog-days')", "salty-dog-days"),
    ],
)
def test_a_wifi_given_as_its_name_then_its_key_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Wifi: SDF_Public, clé « sur l'étiquette »",
        "Wifi : SDF_Public, clé « voir-l-etiquette »",
        "Wifi : SDF_Public, clé « demandez au bar »",
        "Wifi: CafeDuPort / 'see the sticker'",
        "Wifi: CafeDuPort / 'ask at the bar'",
        "network HomeNet, key is 'printed on the box'",
        "Wifi : SDF_Public, clé « la même qu'avant »",
        "Wifi : CafeDuPort, clé « fournie à l'accueil »",
        "Wifi : CafeDuPort / « Bienvenue au café »",
        "Wifi : CafeDuPort / « Le Petit Prince »",
        'Wifi: CafeDuPort / "Open 24 hours"',
        "Wifi: CafeDuPort / 'n/a'",
        "[20:45] Client : c'est quoi le wifi ?\n[20:46] Accueil : CampingLesPins / « à l'accueil »",
        "[20:45] Client : le wifi ?\n[20:46] Accueil : CampingLesPins, clé « sur la borne »",
        "Wifi: MairieLibre / « gratuit et sans mot de passe »",
        "Wifi: Hotel_Lobby, password 'room-number'",
        "Wifi : CafeDuPort, clé : « aucune »",
        "Wifi : Freebox_Salon, clé « WPA2 »",
        "Wifi : Maison_Dupont — clé « sur la box »",
        "Guest wifi: Harbour_Guest (key: 'ask at reception')",
        "Wifi: Harbour_Guest (key: printed-on-the-router)",
    ],
)
def test_a_wifi_whose_key_is_elsewhere_or_no_key_passes(text: str) -> None:
    assert find_secrets(text) == []


# A login and a value on a note stuck to a machine, in its quotes or ending the line.
@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Post-it sur l'écran de la boulangerie : « vendeuse / croissant42 »", "croissant42"),
        ("Sticky note by the register: 'Square → counter / harbourfog31'", "harbourfog31"),
        ("Post-it on the reception PC: 'frontdesk / seaside!inn'", "seaside!inn"),
        ("Post-it collé sur le clavier de la caisse : vendeur / tulipe2019", "tulipe2019"),
    ],
)
def test_a_login_and_a_value_on_a_note_stuck_to_a_machine_are_refused(
    text: str, secret: str
) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Post-it sur l'écran : lait / pain / oeufs12",
        "Sticky note on the monitor: call Dave / ext 4412",
        "Sticky note on the till: float / 150",
        "Post-it sur la caisse : rendu / 20euros",
        "Sticky note on the screen: printer / hp4050",
        "Post-it sur l'écran : salle / b12",
        "Sticky note on the monitor: 'lunch / 12.30'",
        "Sticky note on the screen: wifi / guest",
        "Sticky note on the till: order / ab1234",
    ],
)
def test_a_note_stuck_to_a_machine_with_no_login_pair_passes(text: str) -> None:
    assert find_secrets(text) == []


# --- A guest network named after a Wi-Fi's colon, then a dash and its key ending the line
# ("This month: SeaviewGuest — gulls&chips"): hold-outs 24 and 25. A dash after a network's
# name that says where, when, which band or that there is none gives no key.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Wifi du gîte : LesTilleuls – tilleul&miel", "tilleul&miel"),
        ("Réseau invités : Cabinet_Invites — patience2024", "patience2024"),
        ("Guest wifi this month: HarbourCafe — crab&lobster", "crab&lobster"),
        ("Wi-Fi des parents, ce mois-ci : Ecole_Parents — crêpes&cidre", "crêpes&cidre"),
        ("Salon wifi: PawsAndSuds — Wet_Dog_7", "Wet_Dog_7"),
    ],
)
def test_a_networks_key_after_a_dash_is_refused(text: str, secret: str) -> None:
    assert any(text[f.start : f.end] == secret for f in find_secrets(text))


@pytest.mark.parametrize(
    ("text", "password"),
    [
        (
            "SMS 03:47 Kevin : « l'appli des tournées me demande le login du dépôt ? »\n"
            "03:48 Sandrine : « depot35 / Gazette&Matin-12 »",
            "Gazette&Matin-12",
        ),
        ('NAS admin login: "ludo / Falaise_Etretat_76"', "Falaise_Etretat_76"),
        ("Compte de la caisse : « caisse2 / Tiroir-Bleu-44 »", "Tiroir-Bleu-44"),
        (
            "[10:01] Sam: what's the login for the rota site?\n"
            "[10:02] Jo: “admin1 / Pelican-Shore-31”",
            "Pelican-Shore-31",
        ),
        ("Portail fournisseur, connexion : ‘achats.lyon / Poivre&Sel-2025’", "Poivre&Sel-2025"),
    ],
)
def test_a_quoted_login_and_password_for_an_account_are_refused(text: str, password: str) -> None:
    assert any(password in text[f.start : f.end] for f in find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Wifi: SeaviewGuest — ask at the bar",
        "Wifi: SeaviewGuest — free",
        "Wi-Fi: SeaviewGuest — SeaviewGuest_5G",
        "Wifi : LesTilleuls — 5 GHz",
        "Wifi: SeaviewGuest — WPA2",
        "Wifi : LesTilleuls — code sur la box",
        "Guest wifi: SeaviewGuest — no password",
        "Wifi: SeaviewGuest — 12/05",
        "Guest Wi-Fi: SeaviewGuest — room 12 to 20",
        "Wifi : Gite — rez-de-chaussée",
        "Wi-Fi : LesTilleuls — salle-à-manger",
        "Wifi : LesTilleuls — voir-affiche-accueil",
        "Menu: Margherita — tomato&basil",
        "Shop: Marlowe_Books — first-editions",
    ],
)
def test_a_dash_after_a_networks_name_giving_no_key_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Score : « 3 / 4 »",
        "Trajet : « Paris / Lyon-Part-Dieu-2 »",
        "Horaires : « 9h / 18h »",
        "Rangement : « Tome1 / Les-Annees-Folles-2 »",
        'Ref: "AB12 / Batch-2024-03"',
        'Route: "A14 / Junction-21-North"',
        "Sandrine : « on verra demain / pas ce soir »",
    ],
)
def test_two_quoted_values_apart_that_open_nothing_pass(text: str) -> None:
    assert find_secret(text) is None
