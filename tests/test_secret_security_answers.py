"""Answers to security questions (core/secrets/security_answers.py).

Each kind is written in new words (other places, services and people than the corpora's), in
English and French, next to look-alikes of the same shape that must pass: questions without
answers, a quiz's or a form's questions, first things that are no answers.
"""

import pytest

from memoire.core.secrets import find_secret, find_secrets
from tests.secret_corpus import keyword_values


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        (
            "Questions de sécurité mutuelle de maman\nnom de jeune fille de sa mère : Le Bihan\n"
            "premier animal : Filou",
            "Le Bihan",
        ),
        ("Uncle Ray's building society\nfirst pet: Smudge\ncity of birth: Dundee", "Smudge"),
        ("Security answers for the energy account: favourite teacher — Miss Hobbs", "Miss Hobbs"),
        ("question secrète Ameli : nom de votre premier animal ?\n→ Caramel", "Caramel"),
        ("Q: favourite teacher\nA: Mrs Delaney", "Mrs Delaney"),
        ("q: first school\na: Holy Cross Juniors", "Holy Cross Juniors"),
        (
            "Réponses pour le compte de papi : meilleur ami — Gérard ; première voiture — R5",
            "Gérard",
        ),
        # a table under "question | answer", YAML keys, answers after "=" or "→"
        (
            "Halifax security Qs\n| question | my answer |\n|---|---|\n"
            "| mother's maiden name | Okonkwo |\n| first school | St Anne's |",
            "St Anne's",
        ),
        (
            "Compte EDF — questions de sécurité\n| question | réponse |\n|---|---|\n"
            "| premier animal | Caramel |\n| ville de naissance | Lorient |",
            "Lorient",
        ),
        ("security:\n  first_pet: Nugget\n  birth_city: Swindon", "Swindon"),
        ("sécurité:\n  premier_animal: Gribouille\n  meilleur_ami: Karim", "Gribouille"),
        ("Trainline security answer — favourite teacher = Mrs Abbott", "Mrs Abbott"),
        (
            "question secrète Leboncoin : prénom de votre meilleur ami d'enfance → Mathieu",
            "Mathieu",
        ),
        ("Compte Ionos, question secrète : premier livre lu → Le Petit Prince", "Le Petit Prince"),
        ("Assurance du camping-car – question « nom de votre premier chien » → Ulysse", "Ulysse"),
        # answers without a mark, or one word each under a line saying they are answers
        (
            "dad's building society qs: maiden name Hughes, born in Cardiff, first car Escort",
            "Cardiff",
        ),
        (
            "questions de la banque de papi : nom de jeune fille Perrin, né à Tulle, "
            "premier chien Rocky",
            "Perrin",
        ),
        (
            "answers for the council tax login (lowercase)\n"
            "school - ashfield / pet - pippin / city - york",
            "pippin",
        ),
        ("réponses pour le compte CAF\nmère - lefort / ville - brest / chien - filou", "lefort"),
        # questions asked with their "?", two side by side, or on the line above the answer
        (
            "Bank of Scotland\nWhat was the name of your first pet? Pickle\n"
            "What street did you grow up on? Oak Lane",
            "Oak Lane",
        ),
        (
            "Compte Orange\n- Rue de votre enfance ? rue des Lilas\n- Plat préféré ? pot-au-feu",
            "rue des Lilas",
        ),
        ("Question: What was your first car?\nAnswer: Vauxhall Nova", "Vauxhall Nova"),
        (
            "Compte de la mutuelle\nQuestion : où avez-vous rencontré votre mari ?\n"
            "Réponse : au bal de Tulle",
            "au bal de Tulle",
        ),
        (
            "When Santander ask 'first school' I say Holy Trinity, and 'favourite food' — lasagne",
            "Holy Trinity",
        ),
        ("premier animal : Noisette", "Noisette"),
        ("Apple ID (Mum)\nQ: first job? A: paper round\nQ: dream job? A: vet", "paper round"),
        ("Q. Mother's maiden name  A. Hughes", "Hughes"),
        (
            "Pour le SAV Darty ils demandent « votre plat préféré » : j'ai mis tartiflette",
            "tartiflette",
        ),
        (
            "Dad: what did we put for 'mother's maiden name' on the Sky account?\nMe: Donnelly",
            "Donnelly",
        ),
        ("Monzo security\nfirst concert → Oasis at Knebworth\nchildhood nickname → Bunny", "Bunny"),
    ],
)
def test_security_answers_are_refused(text: str, answer: str) -> None:
    assert answer in keyword_values(text)


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        # a first thing of any hobby asked, its answer after an arrow or a colon
        ("Compte mutuelle : question « premier instrument joué » → piano Pleyel", "piano Pleyel"),
        ("Music shop account: security question 'first guitar' → Squier Strat", "Squier Strat"),
        ("Banque en ligne, question secrète : première guitare → Yamaha C40", "Yamaha C40"),
        ("Riding club login — security q: name of your first pony? Toffee", "Toffee"),
    ],
)
def test_answers_about_a_first_thing_are_refused(text: str, answer: str) -> None:
    assert answer in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Security questions must not use your mother's maiden name or your first pet's name",
        "Les questions secrètes ne doivent pas porter sur le nom de jeune fille de votre mère",
        "Security questions offered:\n- mother's maiden name\n- first pet\n- city of birth",
        "Questions proposées par la banque :\n- ville de naissance\n- premier animal\n"
        "- nom de jeune fille de votre mère",
        "Security question options: first pet, first school, favourite teacher — pick one later",
        "security questions\nfirst pet: ?\nmaiden name: (ask Mum)",
        "Our first pet was a hamster called Biscuit, my favourite teacher was Mr Hale",
        "Fiche patient\nDate de naissance : 12/03/1948\nLieu de naissance : Brest",
        "Ask Dad which first school he went to, for the family tree",
        "Favourite film: Paddington 2, favourite book: Matilda (book club icebreaker)",
        "Grand-père Louis\nNé le 3 mai 1920\nLieu de naissance : Quimper\nPremière école : "
        "Saint-Joseph",
        "Personnage du roman : ville natale : Brest ; meilleur ami : Paul",
        "If you forget your password, the bank will ask your mother's maiden name",
        "Questions secrètes : choisir parmi nom de jeune fille de la mère, premier animal, ville "
        "de naissance",
        "Mother's maiden name is needed to reset: call the bank",
        "Bank security: first pet is a bad question, anyone can find it on Facebook",
        "Compte Ameli : ville de naissance obligatoire pour l'inscription",
        "Security tip: your first school should not be your answer",
        # a quiz's, a FAQ's, a form's or a lesson's questions and answers
        "Pub quiz answers\n| question | answer |\n|---|---|\n| first man on the moon | Armstrong |",
        "Quiz de Noël\nQuestion : premier président de la Ve République ?\nRéponse : de Gaulle",
        "Quiz night Q: city where the first motorway opened? A: Preston (1958)",
        "Quiz de la kermesse\nQuestion : en quelle année a été construite la mairie ?\n"
        "Réponse : 1867",
        "Pub quiz round 2: the answer was 'hedgehog', we got it wrong",
        "FAQ: what's our favourite cake? Lemon drizzle, always!",
        "Registration form\n- Mother's maiden name: ______\n- City of birth: ______",
        "Audition form\n- What street did you grow up on? (optional)\n- Previous roles?",
        "Fiche d'inscription\n- Rue de votre enfance ? (facultatif)\n- Rôles déjà joués ?",
        "Icebreaker at the team day: first car? favourite film? best holiday? everyone answered",
        "English lesson: What was the name of your first pet? — students answer in full sentences",
        "Recipe Q: can I freeze it? A: yes, up to 3 months",
        # a life told in prose, answers told about without a value
        "Grandad was born in Swansea, his first dog was called Rusty, and he banked with Lloyds",
        "Mamie est née à Annecy, son premier chien s'appelait Tango, elle a un compte à la Poste",
        "The form asks 'name of first pet' and 'favourite colour' — I left them blank",
        "Security questions\nMother's maiden name: don't use the real one, store a fake answer",
        "Interview notes for the parish newsletter\nFirst job? Milk round\n"
        "Favourite hymn? Jerusalem",
        "Q&A with the newlyweds\nWhere did you first meet? At a bus stop\nFavourite film? Up",
        "Bank holiday plans\nfavourite film: Paddington\nbest friend: coming over",
        "Crossword 5 down: maiden name of Queen Victoria's mother? Saxe-Coburg",
        "Pour le SAV Darty ils demandent « votre plat préféré », je ne sais plus ce que j'ai mis",
        "Dad: what did we put for 'mother's maiden name' on the Sky account?\nMe: no idea",
        "Password hint: first pet\nToken type: Bearer",
        "Family quiz: Q: Grandad's first car? A: Morris Minor",
    ],
)
def test_questions_without_answers_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Music school form: first instrument → piano, second → violin",
        "Quiz night: first guitar Hendrix played → a Danelectro",
        "Premier instrument acheté : piano droit, 1 200 €",
        "Security question ideas: first guitar, first pony, first festival",
    ],
)
def test_first_things_that_are_no_answers_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- A recovery question ("question de secours", "question de récupération", "recovery
# question", "backup question") with its question quoted or in brackets, then its answer
# (training corpus O's kind in words of its own).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Question de secours du compte FFE : « ville de votre premier tournoi » = "
            "Cappelle-la-Grande",
            "Cappelle-la-Grande",
        ),
        ("Question de secours (« nom de votre premier prof de piano ») : Mme Roux", "Mme Roux"),
        ('question de récupération "marque de ta première voiture" → Simca', "Simca"),
        ('Recovery question "city of your first tournament" = Hastings', "Hastings"),
        ("Backup question (first chess club?) -> Hastings Chess Club", "Hastings Chess Club"),
    ],
)
def test_a_recovery_questions_answer_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Question de secours : « ville de votre premier tournoi » = à choisir à la création",
        'Recovery question "first pet" = see the notebook',
        "Question de secours : « ville de votre premier tournoi » ? = je ne sais plus",
        "Questions de secours possibles : « premier animal », « ville natale »",
        "Recovery questions: pick one you'll remember, not your pet's name",
        "Question de récupération oubliée, il faut appeler le support FFE au 01 39 44 65 80",
    ],
)
def test_a_recovery_question_without_its_answer_passes(text: str) -> None:
    assert find_secrets(text) == []


# A security question asked, then its answer named after the "?" ("réponse :", "answer:", an
# arrow), whatever stands between the label and the question (the service's name).
@pytest.mark.parametrize(
    ("text", "answer"),
    [
        (
            "Question secrète HelloAsso de l'asso : prénom du premier imam ? réponse : Si Mohand",
            "Si Mohand",
        ),
        (
            "Security question for the council portal: first street you lived on?"
            " answer: Mill Lane",
            "Mill Lane",
        ),
        (
            "Compte Ameli, question secrète : nom de votre premier instituteur ? rép. : M. Garnier",
            "M. Garnier",
        ),
        (
            "Secret question (Post Office app): favourite band? → The Beautiful South",
            "The Beautiful South",
        ),
        (
            "Question de sécurité Free : ville de naissance du père ? réponse = Saint-Brieuc",
            "Saint-Brieuc",
        ),
    ],
)
def test_an_answer_named_after_the_asked_question_is_refused(text: str, answer: str) -> None:
    assert answer in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Question secrète HelloAsso : prénom du premier imam ? réponse : voir le classeur bleu",
        "Question secrète SACEM : nom du premier groupe ? → demander à Paul",
        "Security question: first street? answer: ask Dad, he set it up",
        "Question secrète : ville de naissance ? réponse : à définir",
        "Question secrète : premier animal ? réponse : pas encore choisie",
        "Security question: favourite band? → not set yet",
        "Quiz du club : capitale de l'Australie ? réponse : Canberra",
    ],
)
def test_an_asked_question_whose_answer_is_elsewhere_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        (
            "rink bank acct security question 'name of first rink' — we put Moose Jaw Civic (not "
            "the real one)",
            "Moose Jaw Civic",
        ),
        (
            "Question secrète de la banque « nom de la première patinoire » : on a mis Patinoire "
            "Mériadeck (pas la vraie)",
            "Patinoire Mériadeck",
        ),
        (
            'Security question for the pension portal: "first concert venue" — I put Brixton '
            "Academy, don't tell Dad",
            "Brixton Academy",
        ),
        # an answer after the asked question may start with its article
        ("Question secrète SACEM : nom du premier groupe ? → Les Zinzins de Vénus", "Les Zinzins"),
        ("Security question: first band you saw? → The Wombats", "The Wombats"),
        ("Question secrète Ameli : premier quartier ? → La Croix-Rousse", "La Croix-Rousse"),
    ],
)
def test_an_answer_put_or_starting_with_its_article_is_refused(text: str, answer: str) -> None:
    assert any(answer in value for value in keyword_values(text))


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        (
            "Security q for the vet practice portal: first band I saw live → 'Pulp Fiction'."
            " Took me three tries.",
            "Pulp Fiction",
        ),
        (
            "Réponse à la question secrète de la CAF : mon premier instituteur = « M. Caradec »",
            "M. Caradec",
        ),
        (
            "Réponse à la question de sécurité (banque en ligne) : premier tracteur = « Renault »",
            "Renault",
        ),
        ('Security question for the gas account: first car = "Fiat Panda" (Dad\'s)', "Fiat Panda"),
        (
            "Question secrète du compte Ameli : ville de naissance de mon père → « Quimper »,"
            " à ne pas oublier",
            "Quimper",
        ),
        ('Security answer for Monzo: "Hollyhock" — don\'t change it', "Hollyhock"),
    ],
)
def test_a_quoted_answer_after_an_arrow_or_equals_is_refused_whatever_follows(
    text: str, answer: str
) -> None:
    assert answer in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Security question 'first rink' — we put it in the family notes",
        "Security question 'name of first rink' — we put the answer in 1Password",
        "Question secrète : on a mis la même que pour la banque",
        "Security question: first band you saw? → the one at the fair, I forget",
        "Question secrète : premier groupe ? → les mêmes que ton frère",
        "Security question 'first school' — we put something random, see the notes",
        "Question secrète : premier chien ? → Le même que la banque",
        "Question secrète de la banque oubliée, on a mis Maman au courant.",
        "Security question locked us out, so we put Dad on the phone to the bank.",
    ],
)
def test_where_the_answer_is_or_a_sentence_after_the_question_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Security q for the supplier portal: first car → 'ask Dad'. Needed it twice.",
        "Réponse à la question secrète : premier chat = « voir le carnet »",
        "Réponse à la question secrète : premier chat = « je ne sais plus »",
        "Quiz night: first man on the moon → 'Neil Armstrong'. Everyone got it.",
        "Réponse à la question du quiz : capitale de l'Australie = « Canberra »",
        "Security question for the portal: first pet → 'n/a', I skipped it",
        'Security q: first school → "the one in Leeds", can\'t recall the name',
    ],
)
def test_a_quoted_answer_that_is_elsewhere_or_a_quizs_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        (
            "Compte fournisseur de boissons : question « prénom de votre grand-mère » → Ginette",
            "Ginette",
        ),
        (
            "Compte du zoo sur le site EAZA : question « nom de votre animal d'enfance » →"
            " Caramel-le-lapin",
            "Caramel-le-lapin",
        ),
        ("PayPal account: question 'first pet' -> Biscuit", "Biscuit"),
        ('Bank login, question "mother\'s maiden name" = Pritchard', "Pritchard"),
        ("Espace client EDF : question « ville de naissance de votre père » → Quimper", "Quimper"),
        ("Netflix account — question “name of your first school” → Ridgeway", "Ridgeway"),
    ],
)
def test_an_accounts_quoted_question_and_its_answer_are_refused(text: str, answer: str) -> None:
    assert any(answer in text[f.start : f.end] for f in find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Quiz du club : question « nom du premier roi de France » → Clovis",
        "Cours d'anglais, compte rendu : question « nom de votre animal » → réponse libre",
        "Account setup tips: question 'first pet' -> pick something fake, e.g. a fruit",
        "Entretien d'embauche, compte rendu : question « vos points forts » → rester concret",
        "Formulaire du site : question « nom de votre ville » → champ obligatoire",
        "Pub quiz account of the night: question 'first man on the moon' -> Armstrong",
        "Compte rendu de la réunion : question « nom du nouveau local » → à voter lundi",
        "Site de la mairie : question « prénom de votre enfant » → voir le livret de famille",
    ],
)
def test_a_quoted_question_that_is_no_accounts_passes(text: str) -> None:
    assert find_secret(text) is None
