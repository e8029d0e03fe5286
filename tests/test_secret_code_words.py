"""Code words (core/secrets/code_words.py): a word someone must say or give to be let in, to
release goods or to prove who they are.

Each kind is written in new words (other places, services and people than the corpora's), in
English and French, next to look-alikes of the same shape that must pass: a code word not
given, a magic word in a story, a word quoted in prose, a courtesy or a word said for a photo.
"""

import pytest

from memoire.core.secrets import find_secrets
from tests.secret_corpus import keyword_values

# --- a word said or given to be let in or to prove who one is --------------------------------


@pytest.mark.parametrize(
    ("text", "word"),
    [
        (
            "Night porter at the marina asks for the word «albatross» before he opens the gate",
            "albatross",
        ),
        ("Tell the warden the password 'copperfield' and she'll unlock the hut", "copperfield"),
        (
            "Grandad's duress word for the alarm company = «buttercup», they call back if he "
            "says it",
            "buttercup",
        ),
        ("Duress code with the monitoring centre: tangerine", "tangerine"),
        (
            "Whoever collects Maya from swimming has to give the word “kingfisher” to the "
            "instructor",
            "kingfisher",
        ),
        ("Our safety word for the grandkids' pick-up is lavender fox", "lavender fox"),
        ("La gardienne du gymnase demande le mot « Chopin » avant d'ouvrir le vestiaire", "Chopin"),
        ("Mot de contrainte convenu avec la société d'alarme : « mirabelle »", "mirabelle"),
        (
            "Si quelqu'un d'autre que nous vient chercher Jules au judo, il doit dire le mot "
            "« cerf-volant »",
            "cerf-volant",
        ),
        (
            "Télésurveillance de la pharmacie : mot de passe convenu avec l'opérateur = "
            "« Vercors »",
            "Vercors",
        ),
        ("Mot code pour récupérer les enfants au centre aéré : hérisson", "hérisson"),
        ("Pour la voisine : le mot à donner au concierge c'est « Brocéliande »", "Brocéliande"),
        ("Garderie : le mot pour récupérer Noé c'est Capucine", "Capucine"),
        ("Holiday club pick-up: password is Mango, not the child's name", "Mango"),
        ("Code pour la nounou au téléphone : « loup gris », sinon on raccroche", "loup gris"),
        (
            "Dentist's out-of-hours line: when asked, say 'Kestrel green' to the receptionist",
            "Kestrel green",
        ),
        # said unquoted after "give the word", or after a noun made for it
        ("Pickup this week: whoever comes for Leo must give the word: OTTERPOND", "OTTERPOND"),
        ("Vet surgery: owners phoning for results must give the word tangerine first", "tangerine"),
        ("Parcel depot: the courier has to give the word: BLUEBELL9 at the gate", "BLUEBELL9"),
        ("memorable word Featherstone", "Featherstone"),
        (
            "Aire de covoiturage : le chauffeur doit donner le mot mistral avant qu'on monte",
            "mistral",
        ),
        # a challenge: someone will ask for the word, the reader is told what to answer
        ("Le chauffeur vous demandera le mot, répondez « Tournesol »", "Tournesol"),
        ("At the stage door the porter will ask for the password — say 'velvet fox'", "velvet fox"),
        (
            "Consigne : si le PC radio demande le mot d'authentification, répondre « Granit »",
            "Granit",
        ),
        (
            "Le livreur dira « Jura », on répond « Morvan », sinon on ne donne pas le colis",
            "Morvan",
        ),
        (
            "Soirée : à l'entrée il faut dire « le chat est sur le toit » sinon pas d'entrée",
            "le chat est sur le toit",
        ),
        # under the line naming it: per family or month, alone in quotes, as a chat reply
        (
            'Family code words for the phone\nSmith family → "kestrel"\nPatel family → "monsoon"',
            "kestrel",
        ),
        (
            "Mots convenus pour les appels\n- famille Durand : hirondelle\n"
            "- famille Petit : castor",
            "hirondelle",
        ),
        ("agreed word for the supply teacher cover calls\nThis term: PEBBLE42", "PEBBLE42"),
        ("Le mot d'ordre pour la soirée\n→ « lune rousse »", "lune rousse"),
        ('Safe word for the school run\n"marzipan"\nno word, no pick-up', "marzipan"),
        (
            "Mum: what's the word if someone else picks up Ella?\nMe: pancake. don't share it",
            "pancake",
        ),
        (
            "Papa : c'est quoi le mot qu'ils demandent au téléphone à la mutuelle ?\nMoi : Ventoux",
            "Ventoux",
        ),
        # what to say to the alarm's callback, and under duress
        ("Alarm monitoring callback\nwhat to say: Juniper\nduress: Thistle", "Thistle"),
        (
            "Téléassistance de mamie\nce qu'il faut dire quand ils appellent : coquelicot",
            "coquelicot",
        ),
        ("if a stranger says we sent them, they'll say marshmallow", "marshmallow"),
        ("Dad: what's the code word for the alarm people?\nMe: Nightingale", "Nightingale"),
        ("Word for the babysitter this month: CRUMPET", "CRUMPET"),
        ("Tonight's password for the stage door: Hamlet", "Hamlet"),
        ("mot de passe pour récupérer Jules à la garderie : hibou", "hibou"),
        ("Si la centrale appelle, le mot à donner c'est : Aubergine", "Aubergine"),
        (
            "Radio check with the yard after 22h: they ask for the word, we answer KESTREL",
            "KESTREL",
        ),
        (
            "Sur le canal 16, le capitaine doit donner le mot « goéland » avant d'accoster",
            "goéland",
        ),
    ],
)
def test_a_word_said_to_be_let_in_is_refused(text: str, word: str) -> None:
    assert word in keyword_values(text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # said to a guard or a gate's crew, or said at the door to be let through
        (
            "Night shoot: if the guard stops you, the word is 'lighthouse'. No entry otherwise.",
            "lighthouse",
        ),
        (
            "Si la sécurité vous arrête, le mot c'est « cerf-volant », sinon pas d'accès.",
            "cerf-volant",
        ),
        ("If the steward challenges you at the fence, the word is 'tangerine'.", "tangerine"),
        (
            "Members say 'Triumph Bonneville' to the gate crew and they let you in free.",
            "Triumph Bonneville",
        ),
        (
            "At the back door, tell the bouncer 'velvet rope' and he lets you through.",
            "velvet rope",
        ),
        (
            "Pour passer la sécurité du plateau, dire « moteur demandé » au vigile.",
            "moteur demandé",
        ),
        (
            "À l'entrée du festival, on dit « tente bleue » et ils nous laissent passer.",
            "tente bleue",
        ),
        (
            "Les bénévoles disent « soupe au pistou » à l'entrée pour ne pas payer.",
            "soupe au pistou",
        ),
        (
            "If the night porter rings for access, he has to say 'open sesame' before we open up.",
            "open sesame",
        ),
        (
            "If a van breaks down, ring base and give 'blue kettle' so they know it's really us.",
            "blue kettle",
        ),
        (
            "En cas de panne, appelez la régie et donnez « tarte tatin » pour qu'ils sachent"
            " que c'est bien nous.",
            "tarte tatin",
        ),
    ],
)
def test_a_word_said_to_a_guard_or_at_a_gate_is_refused(text: str, word: str) -> None:
    assert word in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "If the guard stops you, show your badge. The word is out that the shoot moved.",
        "Say 'hello' to the gate crew and thank them, they let members in all day.",
        "Tell the bouncer 'thanks' on your way out, he let us through last time.",
        "Au vigile, dire « bonjour » et montrer le badge, ils nous laissent passer.",
        "À l'entrée, on dit son nom et ils nous laissent passer.",
        "Ring base and give your van number so they know it's really us.",
        "The kids say 'cheese' at the door for the class photo.",
        "Say 'Mayday' three times on channel 16 so they know it's really a distress call.",
    ],
)
def test_words_said_at_a_gate_that_are_no_secret_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "We agreed on a code word with the kids, I'll tell you in person",
        "On a choisi un mot code avec les enfants, je te le dirai de vive voix",
        '"Say the magic word," said the rabbit. Lily whispered "please" and the door opened.',
        "« Dis le mot magique », dit la sorcière ; Léo répondit « s'il te plaît » et la porte "
        "s'ouvrit",
        'The chorus keeps repeating the words "let it be" until the end',
        "Le refrain répète les mots « ne me quitte pas » jusqu'à la fin",
        'He never could say the word "sorry", not even to his kids',
        "Mot de passe oublié ? Cliquez ici pour le réinitialiser",
        "Forgot password? Click here and we'll email you a link",
        "Secret Santa at the office: budget £15, names drawn Friday",
        "Père Noël secret au bureau : budget 15 €, tirage vendredi",
        'We call Grandpa "the Admiral" since he bought the boat',
        "On appelle mamie « la Générale » depuis qu'elle gère le club",
        "J'ai relu « Le Petit Prince » et « Vol de nuit » cet été",
        'Finished "The Secret History" and "Pachinko" on the train',
        "The word «hygge» has no English translation, our teacher said",
        "Le mot « saudade » n'a pas de traduction, dit la prof",
        "Safe word idea for the kids: something they'll remember, talk about it at dinner",
        "Remind the school that pick-up passwords must be changed every term",
        "Le mot de passe de la cantine sera envoyé par l'école lundi",
        "The caretaker wants the password changed before the rehearsals start",
        "The coach said the word 'relegation' for the first time this season",
        'The babysitter knows the word "bedtime" means teeth first',
        "The caretaker says the word on the street is that the hall is closing",
        "Il faut dire « bonjour » au chauffeur quand on monte dans le bus",
        'Kids must say "thank you" before they leave the table, otherwise no pudding',
        "Tell the kids the word for today is 'kindness'",
        "Word of the day: «serendipity»",
        "Mot du jour : « procrastination »",
        "Nom de code du projet : « Phénix », lancement en mars",
        "Le mot de la fin revient au président : « merci à tous »",
        "He needs to give the password to IT before they unlock his account",
        "Le mot de passe de l'appli sera donné par l'opérateur à l'installation",
        'The dress code is "smart casual" for the gala, the porter won\'t let you in otherwise',
        "Code promo « ETE2024 » valable jusqu'à dimanche, sinon plein tarif",
        "The word processor crashed again before I could open the file",
        "Le code « rouge » signifie qu'on évacue le bâtiment",
        "Code couleur de la crèche : « vert » pour les petits, sinon « bleu »",
        'When asked, say "no thank you" to the salesman',
        "The guest Wi-Fi has no password, it's open until 10pm.",
        # words said by rote: a radio's, a stage's cue, a distress call; a word on a board
        "Radio words for marshals: say 'copy' when you hear a call and 'clear' at the end",
        "Taxi radio protocol: say 'clear' when you drop a fare and 'loaded' when you pick up",
        "Theatre cue sheet: when Banquo says the word 'Fleance', lights fade",
        "On the VHF, give the word 'Mayday' three times only for grave danger",
        "On the walkie-talkie say 'over' when you finish speaking",
        "Chalkboard word of the week: SERENDIPITY",
        "Le mot du jour au tableau : « bienveillance »",
        "Dog training: say 'sit' then 'stay' when he comes to the door",
        # a word asked for but not given
        "If anyone rings claiming to be from the bank, ask for the agreed word. Dad has it.",
        "Safe word for the kids: we'll choose one together this weekend",
        "Family code word\n(changed — ask Mrs Grant at the office)",
        "Mum: what's the word if the school rings?\nMe: there isn't one yet, I'll ask Monday",
        "Maman : c'est quoi le mot si l'école appelle ?\nMoi : y en a pas encore, je vois lundi",
        "Password for the school portal is in the family password manager.",
        "The password of the office printer account is managed by IT",
        "Babysitter notes\n- bedtime 7:30\n- if anyone turns up saying they're from us, call me",
        "if the nursery rings, they'll say Ella's name and the room",
        "If the school calls, say you're running late",
        "Code word game at the party: each team gets a word, ours was 'banana'",
        "They'll say goodbye at the door, that's the nursery routine",
        "Tonight's password for the stage door will be texted by the stage manager",
        "Le mot de passe pour la nounou sera donné lundi",
        "Si la centrale appelle, le mot à donner est dans le classeur bleu",
        "Codeword with the alarm company: set it up on Monday with Sarah",
        "Sur le canal 16, donner sa position et le nombre de personnes à bord avant d'accoster",
        "Night exercise: challenge and reply words will be issued at the briefing",
        "The caller must quote the reference number before we release any info",
        "If the school phones about Tom, the password is in my email",
        "Safe word in improv class: 'scene' ends the exercise",
        'Door code checker in Flask: token = request.headers.get("Authorization")',
    ],
)
def test_a_word_not_given_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            'Say "rhubarb crumble" at the garden centre trade counter and they release the '
            "society's order on account.",
            "rhubarb crumble",
        ),
        ('Kennels: say "toffee apple" at the desk and they release the dog to you.', "toffee"),
        (
            'At the pharmacy hatch, tell them "lighthouse" and they hand over Mum\'s prescription.',
            "lighthouse",
        ),
        ("Au dépôt, dites « tournesol » et ils remettent le colis de l'asso.", "tournesol"),
        (
            "À la fourrière, il faut dire « moulin rouge » pour qu'ils libèrent la voiture.",
            "moulin rouge",
        ),
        (
            "Téléassistance Présence Verte : quand ils rappellent, M. Lebrun doit dire "
            "« Camembert » pour confirmer que c'est bien lui.",
            "Camembert",
        ),
        (
            "Pour l'opératrice, Mme Roux dit « Mistral » pour confirmer que c'est bien elle.",
            "Mistral",
        ),
        (
            'When the care line phones back, Dad has to say "Blackpool 1966" to confirm '
            "it's really him.",
            "Blackpool",
        ),
    ],
)
def test_a_word_said_to_release_goods_or_prove_who_one_is(text: str, secret: str) -> None:
    findings = find_secrets(text)
    assert any(secret in text[f.start : f.end] for f in findings), (text, findings)


@pytest.mark.parametrize(
    "text",
    [
        'Say "cheese" and release the shutter slowly.',
        'Say "cheese" to confirm it\'s really her in the photo.',
        "Pour la photo, il faut dire « ouistiti » puis relâcher le déclencheur.",
        'Tell the kids to say "thank you" when they hand over the keys.',
        "Les enfants doivent dire « bonjour » quand on leur remet le colis.",
        "Il faut dire « bonjour » pour confirmer que c'est bien lui, disait la maîtresse.",
        'The song "Release Me" was on when they handed over the keys.',
        "#SayCheese was the hashtag when they released the car.",
        "He said \"I'll confirm it's him\" and hung up.",
    ],
)
def test_words_said_to_be_polite_or_for_a_photo_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Dog walking: say 'it's Beth from Paws' at the intercom and they buzz you in.",
        "Promenade chiens : dites « c'est Beth de Paws » à l'interphone et ils ouvrent.",
        'At the gate say "this is Dr Khan from the surgery" and they let you through.',
        "Say 'Tom from Acme Plumbing' at reception and they'll let you up.",
        "À l'interphone, dites « ici Marc de la mairie » et on vous ouvre.",
    ],
)
def test_saying_who_one_is_at_a_door_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Intercom code word: say 'Bluebell' and they buzz you in.", "Bluebell"),
        ("À l'interphone, dites « tarte aux pommes » et on vous ouvre.", "tarte aux pommes"),
    ],
)
def test_a_word_said_at_an_intercom_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


# --- a word said with no noun for it: to be let in, picked up, or the word of the month ------


@pytest.mark.parametrize(
    ("text", "word"),
    [
        (
            'The night porter lets residents back in after midnight if they say "copper '
            'kettle" at the desk.',
            "copper kettle",
        ),
        (
            'Supplier drivers are only admitted on site if they give "Northgate Timber" at '
            "the barrier.",
            "Northgate Timber",
        ),
        (
            'For the allotment gate after dark, say "runner beans" to the warden — it\'s this '
            "month's word.",
            "runner beans",
        ),
        (
            'When Gran picks them up on Friday she\'ll say "lemon drizzle", otherwise the club '
            "keeps them.",
            "lemon drizzle",
        ),
        (
            "La nounou viendra les chercher mercredi et dira « tarte aux mirabelles » à la "
            "maîtresse.",
            "tarte aux mirabelles",
        ),
        (
            "Pour entrer au local après 20 h, on frappe et on dit ‹ Loire à vélo ›, c'est le mot "
            "du mois.",
            "Loire à vélo",
        ),
        (
            "Le vigile ne laisse passer que ceux qui disent « Pivoine Blanche » à l'entrée des "
            "artistes.",
            "Pivoine Blanche",
        ),
        (
            "Tell the sentry you're \"with the blue patrol\" and he'll let you through.",
            "with the blue patrol",
        ),
        (
            "Le gardien m'a dit de dire « c'est Julie des fleurs » à l'interphone, sinon il "
            "n'ouvre pas.",
            "c'est Julie des fleurs",
        ),
        (
            "Back gate of the community garden: the warden asks for the password. This month "
            'it\'s "Sweet Pea".',
            "Sweet Pea",
        ),
        (
            "Au portail de la base nautique, le gardien demande le mot. Ce mois-ci c'est "
            "« Goéland Gris ».",
            "Goéland Gris",
        ),
        (
            "If the bank rings about the account, ask them for the verification word: Marigold.",
            "Marigold",
        ),
        ("Mot de vérification pour le prestataire informatique : Castor Rouge.", "Castor Rouge"),
        (
            "If the IT contractor phones, they must give the phrase we agreed: Tawny Harbour.",
            "Tawny Harbour",
        ),
    ],
)
def test_a_word_said_to_be_let_in_without_its_noun_is_refused(text: str, word: str) -> None:
    assert word in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        'On the radio, say "over" when you finish speaking, it\'s standard procedure.',
        'When you call the helpline, say "agent" to reach a person.',
        'In the story the children had to say "abracadabra" to open the cave, it\'s their '
        "favourite game.",
        "Please say thank you to the driver when he lets you off the bus.",
        'The chorus goes "we will rock you" and then everyone claps.',
        'Hamlet\'s line this run is "to be or not to be", the director let us keep it.',
        'Word of the week for the spelling lesson: say "onomatopoeia" three times.',
        "Le mot de la semaine en orthographe : « chrysanthème ».",
        'When you pick up the parcel at the post office, say "bonjour" to Mme Petit.',
        "The doorman will ask for your name; it's on the guest list.",
        'Say "hi" to the guard at the gate for me, he let us in last week.',
        "Les enfants, dites « merci » à la dame qui vient vous chercher.",
        'The session on Tuesday: we agreed on "Project Falcon" as the campaign name.',
        'The bouncer lets people in if they\'re on the list for "Neon Nights".',
        "Verification phrase is on the letter the bank sent you.",
        'This month\'s word in the newsletter is "resilience".',
        'The teacher will ask for the word. This week it\'s "photosynthesis" on the spelling test.',
        "Porter's lodge: room 204, order 55821, call +44 20 7946 0018 before 5 pm.",
    ],
)
def test_words_said_with_no_door_to_open_pass(text: str) -> None:
    assert find_secrets(text) == []


# A night game's password said to get a patrol past its sentries is a code word: only who says
# it gets through. A word to guess, a riddle's or a game's answer is play.
@pytest.mark.parametrize(
    ("text", "word"),
    [
        (
            "Jeu de nuit – consigne aux chefs : pour franchir la ligne des sentinelles, le mot est"
            " « Renard Argenté ». Ne le donnez qu'aux patrouilles qui ont trouvé les 3 indices.",
            "Renard Argenté",
        ),
        (
            "Night game: to get past the sentries the word is 'Silver Fox'. Only give it to"
            " patrols with all the clues.",
            "Silver Fox",
        ),
        (
            "Jeu de nuit : mot de ralliement pour passer les sentinelles : « Castor Malin »",
            "Castor Malin",
        ),
        (
            "Wide game brief for leaders: sentries let a patrol through if they say"
            " 'Copper Kettle'",
            "Copper Kettle",
        ),
        (
            "Grand jeu du camp : les gardes laissent passer ceux qui disent « Lune Rousse »",
            "Lune Rousse",
        ),
        (
            "Night game tonight: guards at the bridge only let you cross if you say 'Blue Heron'",
            "Blue Heron",
        ),
        ("Jeu de nuit : le mot pour passer la sentinelle est « Hibou Blanc »", "Hibou Blanc"),
    ],
)
def test_a_night_games_password_for_the_sentries_is_refused(text: str, word: str) -> None:
    assert word in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Jeu de piste : la réponse de l'énigme finale est « Renard Argenté »",
        "Jeu de nuit : le mot mystère est « Renard Argenté », à deviner avec les 3 indices",
        "Riddle for the patrols: the word is 'Echo' — answer on the back",
        "Charades tonight: the word is 'Silver Fox', two syllables",
        "Le mot du jour est « résilience »",
        "Crossword clue 12 across: the word is 'Sentinel'",
        "Night game: the sentries must guess the word 'Silver Fox' from the clues",
        "Jeu de nuit : les sentinelles doivent deviner le mot « Castor Malin »",
        "Jeu de nuit : pour passer les sentinelles, trouvez le mot mystère « Hibou Blanc » grâce"
        " aux indices",
        "Night game: to get past the sentries, solve the riddle — the answer is 'Echo'",
        "Board game night: the guards card says the word is 'Castle'",
        "Film club: in the movie the word to get past the guards is 'Rosebud'",
    ],
)
def test_a_games_word_to_guess_passes(text: str) -> None:
    assert find_secrets(text) == []


# --- A code word's noun, then a long clause saying when it is asked for, then who must say it:
# the quote after the say verb is the word (training corpus O's kind in words of its own); a
# slogan or a quiz's answer quoted after a long clause is none.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Mot d'ordre si un appel prétend venir de la préfecture pendant le direct : ils "
            "doivent dire « Hirondelle ». Sinon on raccroche.",
            "Hirondelle",
        ),
        (
            "Code word if anyone rings the studio claiming to be from the police during the live "
            'show: they must say "Kingfisher".',
            "Kingfisher",
        ),
        (
            "Mot de passe oral si quelqu'un appelle de la part de l'école pendant les vacances : "
            "il doit donner « Capucine »",
            "Capucine",
        ),
        (
            "Safe word for the club if someone rings saying they are the coach's brother about "
            "pick-up: they must say 'Marmalade'",
            "Marmalade",
        ),
        (
            "Mot de code si un livreur se présente au club-house pendant le tournoi du week-end : "
            "il doit dire « Revers lifté »",
            "Revers lifté",
        ),
    ],
)
def test_a_code_word_said_after_a_long_condition_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Mot d'ordre de la manif du 1er mai contre la réforme des retraites, sur toutes les "
        "pancartes : « Pas un jour de plus »",
        "Mot d'ordre de la grève, repris par tous les syndicats dans la rue ce jeudi matin : « Pas "
        "un jour de plus »",
        "Code word for the escape room puzzle in the last room of the museum trail this summer: "
        '"Eureka" was the answer',
        "Code word of the week for the kids' spelling test at the ski school on Friday morning: "
        '"avalanche"',
    ],
)
def test_a_slogan_or_a_quiz_word_after_a_long_clause_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Mot de passe RPVA : Avocat2024, ne jamais le donner par téléphone.", "Avocat2024"),
        ("Password for the client portal: Kestrel-88, never give it by phone.", "Kestrel-88"),
        (
            "Mot de passe de la messagerie : Marmotte51 ; on ne le donne jamais par téléphone.",
            "Marmotte51",
        ),
        ("VPN password: Heron-Lake-7 — never give it out by phone, even to IT.", "Heron-Lake-7"),
    ],
)
def test_a_password_never_to_be_given_by_phone_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Mot de passe RPVA : chacun le sien, sur sa clé. Ne jamais le donner par téléphone, "
        "même à moi.",
        "Password for the client portal: each their own, never give it by phone.",
        "Mot de passe de la messagerie : chacun a le sien, on ne le donne jamais par téléphone.",
        "VPN password: everyone has their own — never give it out by phone, even to IT.",
        "Mot de passe du logiciel de paie : personnel, ne jamais le donner au téléphone.",
        "Password for the booking system: individual, so don't give it by phone to anyone calling.",
    ],
)
def test_a_password_each_user_has_their_own_of_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Verification password for Acme Utilities callbacks: customer must say 'sunflower' — "
            "if not, fail ID&V.",
            "sunflower",
        ),
        (
            "Appels du client VIP Groupe Lemaire : l'interlocuteur doit donner le mot « Cormoran » "
            "avant toute modif de contrat.",
            "Cormoran",
        ),
        (
            "Mot de passe de vérification pour le compte Dufresne : le client doit dire "
            "« mistral » sinon on refuse.",
            "mistral",
        ),
        (
            "Account note: before any change to the contract, the caller must give the word "
            "'heron'.",
            "heron",
        ),
        (
            "Pour toute modification du dossier Martin, l'appelant doit donner le mot « pivoine ».",
            "pivoine",
        ),
        (
            "Callback password for the Hartley account: the caller has to say 'bluebell' or we "
            "don't proceed.",
            "bluebell",
        ),
    ],
)
def test_a_word_a_caller_must_give_to_pass_id_checks_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Before any change to the tariff, the customer must say 'I agree' on the recorded line.",
        "Avant toute modification, le client doit dire « j'accepte » à voix haute "
        "(enregistrement).",
        "Verification for Acme Utilities callbacks: customer must say their postcode — if not, "
        "fail ID&V.",
        "If they fail ID&V, say 'I'm sorry, I can't discuss the account' and end the call.",
        "Callbacks: customers must say 'agent' to reach a person.",
        "Pour toute modification du contrat, dites « conseiller » au serveur vocal.",
        "Fail ID&V twice and the account is locked; the customer must then say 'reset' to the bot.",
        "Avant toute modification du contrat, le mot « résiliation » doit figurer dans le "
        "courrier.",
        "ID&V tip: never say the word 'password' on a recorded call.",
        "Verification password for callbacks: ask the customer, it's on their account page.",
        "Mot de passe de vérification : à demander au client lors de l'appel.",
        "Pour toute modification, le client doit donner le mot de passe de son espace client, "
        "jamais le nôtre.",
    ],
)
def test_consents_and_id_checks_without_a_word_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Soirée privée samedi (anniv Laura)\u202f: à l'entrée ils disent « Voyage voyage », "
            "sinon ils paient l'entrée comme tout le monde.",
            "Voyage voyage",
        ),
        (
            "Guest list for Friday: at the door they say 'Blue Monday' or they pay entry like "
            "everyone else.",
            "Blue Monday",
        ),
        (
            "Concert de l'asso : les bénévoles disent « Rossignol » à l'accueil, sinon ils payent "
            "l'entrée.",
            "Rossignol",
        ),
        (
            "Members' night: say 'Wharfedale' at the door, otherwise you pay the full entry.",
            "Wharfedale",
        ),
    ],
)
def test_a_word_said_at_the_door_instead_of_paying_entry_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Soirée jeux : dites « bonjour » à l'entrée, sinon vous payez l'entrée quand même.",
        "At the door they say 'next please' or you pay entry twice.",
        "The bouncer says 'ID please' or you pay the full price later.",
        "Kids under 12 say 'I'm with mum' and don't pay; others pay the entry.",
        "Au guichet, dites « tarif réduit » sinon vous payez le plein tarif.",
    ],
)
def test_a_greeting_a_request_or_a_fare_said_at_the_door_passes(text: str) -> None:
    assert find_secrets(text) == []


# --- a word or phrase named by the door or the gate it is said at ----------------------------


@pytest.mark.parametrize(
    ("text", "word"),
    [
        (
            "Tonight's members' door phrase: 'Velvet Moth'. Say it to Ken and you're in.",
            "Velvet Moth",
        ),
        ("Door word for the speakeasy night: 'Gatsby' — whisper it at the hatch", "Gatsby"),
        ("Gate password for the allotments this month: marigold", "marigold"),
        (
            "Phrase de la porte ce soir : « Lune Rousse ». Ceux qui la disent entrent gratis.",
            "Lune Rousse",
        ),
        ("Mot de la porte pour la soirée jazz : « Coltrane »", "Coltrane"),
    ],
)
def test_a_word_named_by_its_door_or_gate_is_refused(text: str, word: str) -> None:
    assert word in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "The door phrase painted above the entrance reads 'Carpe Diem'",
        "The gate phrase on the sign says 'Please close the gate'",
        "La phrase de la porte d'entrée dit « Poussez »",
        "Le mot de la porte gravé sur le linteau : « Pax »",
        "Entry word count: 500 words max",
        "Mot d'entrée du dictionnaire : « abricot »",
        "Door word of the day for Year 2 phonics: 'door'",
    ],
)
def test_a_doors_sign_or_a_dictionarys_entry_passes(text: str) -> None:
    assert find_secrets(text) == []
