"""A code someone set, changed, typed or unlocks with: the value after the verb or before a key.

People write down the moment a code changes or how to use it, not a label and a value:
"Copieur Canon – mode admin : 7654321 remplacé par 1998NOT", "maman a mis le code contrôle
parental de la switch à 2206", "the keypad pin was changed to 4C81 on Monday", "code douches
8C13 à taper sur le boîtier", "Type 4471 on the keypad". On a line that names a code, a role
that has one (admin, supervisor, gérant) or, for a verb of typing or setting, a lock:

- a change: "changed to", "set to", "replaced by", "remplacé par", "passé à", "now it's",
  "désormais", "new one is", "0000 → 7391", then the new value;
- a setting: "set the code … to", "a mis le code … à", "on a mis le portail à", then the value;
- a value to type: the code's noun, a few words, the value, then "à taper", "to enter", "on the
  keypad", "sur le boîtier"; or "tapez", "enter", "à composer :" then the value.

A lock's line ("Lockbox at 3B Canal Wharf was changed to 8124", "cadenas du vestiaire changé en
082": three digits for a padlock's) reads as a code's; so does any line where the new value is
typed digit by digit ("Container at the lower landing changed to 8 2 8 2"). A Wi-Fi changed to a
made value gives its key ("Café wifi changed to PourOver_Please"), unless its name is changed.

And on any line: a value and the key pressed after it ("7712 + ON", "6041 then OFF", "star 0410
hash", "6 2 4 9, puis bouton vert"; not a phone number's last digits), a value something unlocks,
opens or releases with, or someone gets in with ("se déverrouille avec 1937", "elle entre par le
portillon avec le 2207", "she uses 1937 to get in"), a device's given for getting in ("my phone's
193847 if you need to get in"), a device's lock named without "code" ("parental controls 6620",
"autoradio : 1174"), a value typed on a keypad ("5A72 à taper sur le boîtier"), a value put
everywhere ("j'ai remis 4417 partout"), a value said to be the one now on a code's line or the line
after it ("c'est 38A12 maintenant", "code … changé⏎désormais 1874", "Uncle Rob changed it — 4093");
a password given after a reset ("new one is Hedgehog_2024"), after a change's clause and its colon
("Ticketsource changed by Owen after the concert: now Messiah-Hallelujah-41"), or kept until the
next forced change ("I'm using Meadowlark!42 until IT forces the next change"); an account's
password changed, in prose, on a line naming the account ("the club Instagram now uses
HartleyTillIDie2024 after the hack", "Spotify family — Dad changed it to BeatlesRevolver66
because…"): built as few names are, or two names or more and two digits, not after the account's
name, handle or plan; a new code read out in groups of two digits on a code's line ("passcode reset
— new one is 61 88 20"); a role's mode and its number ("till — manager mode 5150", "mode gérant
7731"); a system, an account or a box changed to a value, no code's noun said, a reason or a person
to tell after it ("Changed the CCTV NVR admin to granite-dust-kills-laptops, tell Sandra", "Changed
the arena floodlight box to 4512 because the kids had figured out the old one"): built as few names
are, words joined in one piece, or digits on what locks or after the old one was found out; never
what names its own values (a meeting, an order, a theme, a font, a plan, a host).

A value is four to twelve letters and digits with three digits or more, or two and a letter.
What keeps the look-alikes out: a version ("changed to 2.4") has dots, a time ("moved to 14:30")
a colon, a date ("changé en 2019") "en"; a number's noun on the line (room, bus, ticket, order,
extension, version, price, alarm clock, thermostat) names what the number is; a unit after it
("à 1200 euros", "3000 rpm") makes it a quantity; ten digits are a phone number; a public
code's noun (postcode, tax code, sort code, code de la route, code du travail) names no secret;
a year is a code only on a line that names one or after a verb of unlocking; a password kept
"until the change" needs a symbol ("using Windows11 until …" names a system); a setting's
number is set everywhere ("set 4096 everywhere").
"""

import re
from collections.abc import Iterator
from itertools import chain

from memoire.core.secrets.lookalikes import (
    LOCKED_ROOM,
    is_a_dated_event,
    is_a_things_number,
    is_factory_default,
    is_phone_number,
)
from memoire.core.secrets.made_passwords import (
    NETWORK_NAME_INSIDE,
    Shape,
    ends_its_clause,
    is_built_mixed,
    made_shape,
)
from memoire.core.secrets.passphrases import NEVER_FIRST_WORDS
from memoire.core.secrets.place_codes import LOCKING
from memoire.core.secrets.text import (
    YEAR,
    end_of_line,
    grouped_literals,
    line_start_within,
    lines_with,
    lines_with_groups,
    start_of_line,
)
from memoire.core.secrets.window import password_shaped

RULE = "set-code"

# A line that names a code or a role that has one; a line with a verb of typing (that must also
# name a code or a lock).
_CODE_LITERALS = (
    *("code", "pin", "passcode", "mdp", "mot de passe", "password", "passw", "combin"),
    *("digicode", "admin", "superviseur", "supervisor", "gérant", "manager", "master"),
)
_PRESS_LITERALS = ("tape", "compos", "saisi", "entre", "enter", "punch", "key in", "type")
_NOUN = (
    r"(?:codes?|pins?|passcodes?|mdp|mot[ ]de[ ]passe|passwords?|combinaisons?|combinations?"
    r"|digicodes?)"
)
# What a code, a role or a lock is called on the line: only there is a value set or typed.
_CODE_LINE = re.compile(
    r"(?<![^\W_])(?:code|codes|pin|pins|passcode|mdp|mot[ ]de[ ]passe|passwords?|combinaisons?"
    r"|combinations?|digicode|admin|superviseur|supervisor|g[ée]rant|manager|master)(?![^\W_])"
)
_LOCK_LINE = re.compile(
    r"(?<![^\W_])(?:doors?|portes?|gates?|portails?|garages?|sheds?|lockers?|casiers?|alarms?"
    r"|alarmes?|keypads?|claviers?|bo[îi]tiers?|cadenas|padlocks?|coffres?|safes?|locks?"
    r"|lock[ ]?box(?:es)?|key[ ]?safes?|bo[îi]tes?[ ]à[ ]clés?)(?![^\W_])"
)
# Locks whose code is set with a verb ("on a mis le portail à 3344"); not an alarm, which a clock
# also has.
_SET_LOCK = (
    r"(?:portails?|gates?|doors?|portes?|cadenas|padlocks?|coffres?|safes?|casiers?|lockers?"
    r"|keypads?|claviers?|digicodes?"
    r"|bo[îi]tes?[ ]à[ ]clés?|key[ ]?safes?|lock[ ]?box(?:es)?)"
)
_SET_LOCK_LITERALS = (
    *("portail", "gate", "door", "porte", "cadenas", "padlock", "coffre", "safe", "casier"),
    *("locker", "keypad", "clavier", "digicode", "boîte", "key safe", "keysafe", "lockbox"),
)
_VALUE = r"(?P<value>(?<![\w.,:/#-])[a-z0-9]*[0-9][a-z0-9]*[#*]?)(?![\w:°%€$£/-]|[.,][0-9])"
_CHANGE = re.compile(
    r"(?<![^\W_])(?:(?:chang\w*|modifi\w*|remplac\w*|replac\w*|updat\w*|pass[ée]e?|r[ée]gl[ée]e?"
    r"|reset|set|(?:re)?mis|(?:re)?mise|r[ée]initialis[ée]e?)(?:[ ](?:it|them|le|la|les|ça))?"
    r"[ ](?:to|into|à|en|par|pour|by|with|sur|as)|(?:is|est)[ ]now"
    r"|now(?:[ ](?:it['’]?s|is|c['’]est))?|désormais(?:[ ]c['’]est)?"
    r"|maintenant(?:[ ]c['’]est)?|devenu|(?<![\w.,:/#-])[a-z0-9]*[0-9][a-z0-9]*[ \t]*(?:->|→|=>)"
    r"|new[ ]one(?:[ ]is|:)|(?:le|la)[ ]nouvelle?(?:[ ]c['’]est|[ ]:)"
    r"|(?:from|de)[ ](?P<old>[a-z0-9]*[0-9][a-z0-9]*)[ ](?:to|à))"
    r"[ \t]+" + _VALUE
)
_SETTING = re.compile(
    r"(?<![^\W_])(?:mis|mettre|met|chang[ée]|changed|pass[ée]|r[ée]gl[ée]|set|reset|programm\w*)"
    r"[ ](?:(?:le|la|les|the|my|our|his|her|their|son|sa|mon|ma|notre|leur|its)[ ])?"
    + rf"(?:{_NOUN}|{_SET_LOCK})"
    + r"(?P<gap>[^\n.;!?:0-9]{0,50}?)[ ](?:à|to|sur|as)[ \t]+"
    + _VALUE
)
_TO_TYPE = re.compile(
    r"(?<![^\W_])"
    + _NOUN
    + r"(?P<gap>[^\n.;!?:0-9]{0,40}?)[ \t]+"
    + _VALUE
    + r"[ \t,(]*(?:à[ ](?:taper|composer|saisir|entrer|rentrer)|to[ ](?:enter|type|key[ ]in"
    r"|punch[ ]in|tap[ ]in)|on[ ]the[ ](?:keypad|pad|panel|box)|sur[ ]le[ ](?:bo[îi]tier"
    r"|clavier|pav[ée]|digicode)|au[ ]clavier)(?![^\W_])"
)
# A value after a verb of typing it, or after "à composer :", "to enter:".
_PRESS = re.compile(
    r"(?<![^\W_])(?:tap(?:e|es|ez|er)|compos(?:e|es|ez|er)|saisi(?:s|ssez|r)|entr(?:e|ez|er)"
    r"|punch(?:[ ]in)?|key[ ]in|enter|type|à[ ](?:taper|composer|saisir|entrer)|to[ ](?:enter"
    r"|type|key[ ]in|punch[ ]in))(?:[ \t]*:)?(?:[ ](?:le|la|the|in|code))?[ \t]+"
    + _VALUE
    + r"(?=[ \t]*(?:$|[,;.!)#*]|-[ ]|(?:puis|then|et|and|sur|on|at|au|à)(?![^\W_])))"
)
# A value and the key pressed after it, or between a star and a hash: "7712 + ON", "6041 then
# OFF", "star 0410 hash".
_KEYED = re.compile(
    r"(?:(?:star|étoile|\*)[ ]?)?" + _VALUE + r"[ \t]*(?:\+[ \t]*(?:on|off|ok|arm)|,?[ \t]*(?:then"
    r"|puis|et|and)[ ](?:press[ ]|appuie[ ]sur[ ]|appuyer[ ]sur[ ])?(?:off|ok|enter|valider"
    r"|entrée|hash|dièse|disarm|star|étoile|[#*](?!\w)"
    # "6 2 4 9, puis bouton vert", "4471 then the green button": a keypad's key to confirm
    r"|(?:the[ ]|le[ ]|la[ ])?(?:green[ ](?:button|key)|(?:bouton|touche)[ ]verte?))"
    r"|hash|dièse)(?![^\W_])"
)
_KEYED_LITERALS = (
    *("+ on", "+on", "+ off", "+off", " off", "hash", "dièse", " ok", "valider", "then #"),
    *("then *", "puis #", "puis *", "and #", "et #", "green button", "green key", "bouton vert"),
    *("touche vert",),
)
# A value something unlocks, opens or is released with: "se déverrouille avec 1937",
# "release jobs with 50917", "the gate opens with 4471".
_UNLOCKED_WITH = re.compile(
    r"(?<![^\W_])(?P<verb>unlock\w*|(?:dé)?verrouill\w*|releas\w*|libér\w*|disarm\w*"
    r"|désactiv\w*|opens?|opened|s['’]ouvre|ouvr\w*|gets?[ ]in(?:to)?|(?:r?entr(?:e|es|ent|er|ez))"
    r"|lets?[ ](?:herself|himself|themselves|myself|me|us|them)[ ]in)"
    r"(?:[^.\n;!?0-9]{0,30}?)[ ](?:with|avec|using|en[ ]tapant|by[ ](?:typing|entering))[ ]"
    r"(?:(?:the|le)[ ](?:code[ ])?)?"
    r"(?:(?:sa|son|ses|her|his|my|mon|ma|their|leur|our|notre)[ ][^\n,.;0-9]{1,30},[ ])?" + _VALUE
)
_UNLOCKED_LITERALS = ("unlock", "verrouill", "releas", "libér", "disarm", "désactiv", "open")
_UNLOCKED_LITERALS_FR = (
    *("ouvr", "ouvre", "get in", "gets in", "rentr", "entrer", "entre par", "entre dans"),
    *("entre avec", "entrent", "entrez", "self in", "selves in", "let me in", "let us in"),
)
# A value used to get in, or a device's given with what it is for: "she uses 1937 to get in",
# "elle tape 2468 pour déverrouiller", "my phone's 193847 if you need to get in", "mon tél
# c'est 193847 si tu dois y accéder".
_USED_TO_GET_IN = re.compile(
    r"(?<![^\W_])(?P<verb>uses?|using|used|utilis\w*|tap(?:e|es|ent)|types?|typed|puts?[ ]in"
    r"|enters?|entered)[ ]" + _VALUE + r"[ ](?:to[ ](?:get[ ]in|unlock|open[ ]it)|pour[ ]"
    r"(?:(?:l['’]|le[ ]|la[ ]|y[ ])?(?:entrer|ouvrir|d[ée]verrouiller|acc[ée]der|rentrer)))"
)
_USED_LITERALS = (
    "to get in",
    "to unlock",
    "to open it",
    "entrer",
    "ouvrir",
    "verrouiller",
    "accéder",
)
_DEVICE_GIVEN = re.compile(
    r"(?<![^\W_])(?:my|his|her|our|their|mon|ma|son|sa|notre|leur|[^\W\d_]+['’]s)[ ]"
    r"(?:phone|iphone|mobile|ipad|tablet|laptop|t[ée]l|portable|tablette|ordi|pc)"
    r"(?:['’]s|[ ]is|[ ]c['’]est|[ ]?:)[ ]"
    + _VALUE
    + r"(?=[ ,]*(?:if|si|in[ ]case|au[ ]cas)(?![^\W_])|[ \t]*(?:$|[(,.;]))"
)
_DEVICE_GIVEN_LITERALS = ("phone", "ipad", "tablet", "laptop", "tél", "portable", "ordi", " pc")
# A value on the line after a code's, said to be the one from now on: "code … changé⏎désormais
# 1874"; or after the verb of changing and a dash: "Uncle Rob changed it — 4093".
_NOW_BEFORE = re.compile(
    r"(?<![^\W_])(?:désormais|dorénavant|maintenant|now|from[ ]now[ ]on)[ \t]*[:,]?[ \t]*"
    r"(?:(?:c['’]est|it['’]?s|is)[ ])?" + _VALUE
)
_CHANGED_DASH = re.compile(
    r"(?<![^\W_])(?:chang\w*|reset|modifi\w*|remis|r[ée]initialis\w*)"
    r"(?:[ ](?:it|them|le|la|ça))?[ \t]*(?:—|–|-|:)[ \t]*" + _VALUE
)
_CHANGED_LITERALS = ("chang", "reset", "modifi", "remis", "réinitialis")
# A new code given in groups of two digits, as it is read out: "passcode reset — new one is 61 88
# 20", "le nouveau c'est 52 19 08"; a time ("new one is 14 30") has two groups an hour's and a
# minute's.
_NEW_GROUPS = re.compile(
    r"(?<![^\W_])(?:new[ ]one(?:[ ]is|:)|(?:le|la)[ ]nouvel(?:le)?(?:[ ]c['’]est|[ ]est|[ ]?:)"
    r"|nouveau(?:[ ]c['’]est|[ ]est|[ ]?:))[ \t]+"
    r"(?P<value>[0-9]{2}[ ][0-9]{2}(?:[ ](?P<third>[0-9]{2}))?)(?![ ]?[0-9])"
)
_NEW_LITERALS = ("new one", "nouveau", "nouvelle", "nouvel")
# A role's mode on a till, a copier or an alarm and its number: "till — manager mode 5150",
# "mode gérant 7731 pour les annulations", "supervisor mode: 4480".
_ROLE_MODE = re.compile(
    r"(?<![^\W_])(?:(?:manager|supervisor|admin|administrator|engineer|superviseur|g[ée]rant"
    r"|responsable|patron)[ ]mode|mode[ ](?:manager|supervisor|admin|administrateur|superviseur"
    r"|g[ée]rant|responsable|patron))[ \t]*[:=]?[ \t]*" + _VALUE
)
_MODE_LITERALS = (" mode", "mode ")
# A value to type, then the keypad it is typed on: "5A72 à taper sur le boîtier".
_TYPED_ON = re.compile(
    _VALUE + r"[ \t,]*(?:à[ ](?:taper|composer|saisir|entrer)|to[ ](?:enter|type|key[ ]in"
    r"|punch[ ]in|tap[ ]in))[ ](?:on[ ]the[ ](?:keypad|pad|panel|box|door|gate)"
    r"|sur[ ]le[ ](?:bo[îi]tier|clavier|pav[ée]|digicode)|au[ ](?:clavier|digicode))(?![^\W_])"
)
_TYPED_ON_LITERALS = ("à taper", "à composer", "à saisir", "à entrer", "to enter", "to type")
# A value put everywhere: "j'ai remis 4417 partout", "Mamie utilise Rossignol1946 partout".
_EVERYWHERE = re.compile(
    r"(?<![^\W_])(?P<verb>uses?|using|used|utilis\w*|(?:re)?mis|mets|put|set)[ ](?:the[ ]|le[ ])?"
    r"(?P<value>(?<![\w.,:/#-])(?=[^\s,;]*[0-9])[^\s,;()«»\"']{4,40})[ ](?:partout|everywhere"
    r"|for[ ]everything|pour[ ]tout|on[ ]everything|sur[ ]tout)(?![^\W_])"
)
# A made value as typed, from a space, a bracket or a quote up to the next one or a comma: its
# "!" kept ("changed it to Tigerlily2!!"), a full stop that ends the sentence left out.
_MADE_VALUE = r"(?P<value>(?<![^\s(«\"'])[^\s,;()«»\"']{5,40}?)(?=\.?(?:[\s,;)»\"']|$))"
# A password given after it was reset, or one used until the next forced change: "uni portal
# got reset, new one is Hedgehog_2024", "I'm using Meadowlark!42 until IT forces the next
# change", "je suis sur Alouette!42 jusqu'au prochain changement forcé".
_NEW_ONE = re.compile(
    r"(?<![^\W_])(?:reset|chang\w*|r[ée]initialis\w*|expir\w*|renouvel\w*)(?![^\W_])"
    r"[^\n]{0,40}?(?<![^\W_])(?:(?:the[ ])?new[ ]one(?:[ ]is|:)|(?:le|la)[ ]nouvel(?:le)?"
    r"(?:[ ]c['’]est|[ ]est|[ ]:|:)|nouveau(?:[ ]c['’]est|[ ]est|[ ]:|:))[ \t]+" + _MADE_VALUE
)
_USED_UNTIL_CHANGED = re.compile(
    r"(?<![^\W_])(?:using|use|i['’]m[ ]on|j['’]utilise|utilise|je[ ]suis[ ]sur|on[ ]est[ ]sur"
    r"|i['’]m[ ]using|we['’]re[ ]using)[ ]"
    + _MADE_VALUE
    + r"[.,;]?[ ](?:until|till|jusqu['’](?:au|à))"
    r"[^\n]{0,50}?(?<![^\W_])(?:next|prochain\w*|forc\w*|impos\w*|expir\w*|oblig\w*"
    r"|mandatory|required)(?![^\W_])"
)
# A made value an account was changed to, or said to be the one now on a line that changes it:
# "reset it to Washday2024", "j'ai changé le mdp en Fraise2Tagada", "c'est maintenant
# Fraise2Tagada", "it's Rosemary&Thyme2 now, I reset it".
_CHANGED_TO = re.compile(
    r"(?<![^\W_])(?P<verb>reset|chang\w*|r[ée]initialis\w*|modifi\w*)(?:[ ](?:it|this|that|mine"
    r"|(?:the|my|our|his|her)[ ](?:password|pw|login)|(?:le|la|son|mon)[ ](?:mdp|mot[ ]de[ ]passe))"
    r")?[ ](?:to|en|par)[ ]" + _MADE_VALUE
)
# Or the value after a change's clause and its colon or arrow: "Ticketsource changed by Owen
# after the concert: now Messiah-Hallelujah-41", "Loyalty scheme admin changed (Priya left):
# GreenFingers-Loyal-8".
_CHANGED_THEN = re.compile(
    r"(?<![^\W_])(?<!to[ ])(?<!pour[ ])(?:reset|changed|chang[ée]e?s?|r[ée]initialis[ée]e?s?"
    r"|modifi[ée]e?s?)(?![^\W_])[^\n:→]{0,50}?"
    r"[ \t]*(?::|→|->|—|–|[,;](?=[ \t]*(?:now|maintenant|désormais)))[ \t]*"
    r"(?:(?:now|maintenant|désormais)[ \t]+)?(?:(?:it['’]?s|c['’]est)[ \t]+)?" + _MADE_VALUE
)
# What else is changed to a made name: a plan, a theme, a team, a file ("Plan changed:
# Pro-Plus-2024", "Theme changed → Dracula-Pro-2").
_NAMED_THING = re.compile(
    r"(?<![^\W_])(?:plans?|tiers?|th[èe]mes?|names?|noms?|titles?|titres?|versions?|models?"
    r"|mod[èe]les?|suppliers?|fournisseurs?|providers?|status|statuts?|teams?|[ée]quipes?"
    r"|projects?|projets?|colou?rs?|couleurs?|fonts?|polices?|layouts?|templates?|files?"
    r"|fichiers?|folders?|dossiers?|hashtags?|campaigns?|campagnes?|products?|produits?"
    r"|address(?:es)?|adresses?|forfaits?|offres?|abonnements?|subscriptions?|ringtones?"
    r"|wallpapers?|ssid|channels?|cha[îi]nes?|logos?|slogans?|branch(?:es)?|branches?|tags?"
    r"|labels?|sku|refs?|r[ée]f[ée]rences?|menus?|rotas?|schedules?|usernames?|handles?)"
    r"(?![^\W_])"
)
_NOW_ONE = re.compile(
    r"(?<![^\W_])(?:(?:c['’]est|it['’]?s)[ ](?:maintenant[ ]|now[ ]|désormais[ ])?"
    + _MADE_VALUE
    + r"(?:[ ](?:maintenant|now|désormais))?)"
)
# An account said to use a made value now: "the club Instagram now uses HartleyTillIDie2024
# after the hack", "le Deezer utilise désormais Mistral2Sud", "switched the Steam to …".
_NOW_USES = re.compile(
    r"(?<![^\W_])(?:now[ ]uses|uses[ ]now|is[ ]now[ ]using|switched(?:[ ](?:it|them))?[ ]to"
    r"|utilise[ ](?:maintenant|désormais)|est[ ]pass[ée]e?[ ]à)[ ]" + _MADE_VALUE
)
# A Wi-Fi changed to a made value: its key, a network's name being renamed rather than changed
# ("Café wifi changed to PourOver_Please", "j'ai changé le wifi des chambres en Olivier2024_bis",
# "guest wifi is now Lavande_88").
_WIFI = r"(?:wi-?fi|wlan|hotspot)"
_WORDS = r"(?:[ ][^\W\d_]+(?:['’][^\W\d_]+)?){0,3}?"  # "des chambres", "de l'atelier"
_WIFI_CHANGED = re.compile(
    r"(?<![^\W_])(?:"
    + _WIFI
    + _WORDS
    + r"[ ](?:(?:was|has[ ]been|a[ ]été|a|est)[ ])?(?:changed|chang[ée]e?"
    r"|reset|modifi[ée]e?|pass[ée]e?)[ ](?:to|en|à|par|as)|"
    + _WIFI
    + _WORDS
    + r"[ ](?:is|est)[ ](?:now|maintenant|désormais)|(?:chang\w*|reset"
    r"|modifi\w*)[ ](?:the|le|la|our|notre|my|mon)[ ](?:[^\W\d_]+[ ]){0,2}?"
    + _WIFI
    + _WORDS
    + r"(?:[ ](?:to|en|par|as)|[.,;:]?[ ](?:now|maintenant|désormais)(?:[ ](?:it['’]?s|c['’]est"
    r"|is))?))[ \t]+[«\"“'‘]?[ \t\u202f]*" + _MADE_VALUE
)
_WIFI_LITERALS = ("wifi", "wi-fi", "wlan", "hotspot")
# A system, an account or a box changed to a value, no code's noun said: "Changed the CCTV NVR
# admin to granite-dust-kills-laptops, tell Sandra", "Changed my NHSmail to Apheresis_Kestrel27
# after the reset", "j'ai changé le boîtier du portail en 4512 parce que les gamins le
# connaissaient". What is changed is named by a determiner and up to five words.
_THING_WORD = r"[^\W\d_][\w&+'’-]*"
_THING_CHANGED = re.compile(
    r"(?<![^\W_])(?:changed|reset|switched|updated|chang[ée]e?|modifi[ée]e?"
    r"|r[ée]initialis[ée]e?)[ ]"
    r"(?P<thing>(?:(?:the|my|our|his|her|their|le|la|les|mon|ma|mes|notre|son|sa)[ ]"
    + _THING_WORD
    + r"|l['’]"
    + _THING_WORD
    + r")(?:[ ]"
    + _THING_WORD
    + r"){0,4}?)[ ](?:to|en)[ ]+(?P<quote>[«\"“'‘][ ]?)?(?P<value>[^\s,;()«»\"“”'‘’]{4,40})"
)
_THING_LITERALS = ("chang", "reset", "switched", "updated", "modifi", "initialis")
# What a network's own name holds: "Cottage_Guest", "Livebox_Pro", "Orange_5G".
_NETWORK_NAME = (*NETWORK_NAME_INSIDE, "box", "hub", "5g", "ext")
_PASSWORD_PATTERNS = (
    (("new one", "nouveau", "nouvelle", "nouvel"), _NEW_ONE),
    (("until", "till", "jusqu"), _USED_UNTIL_CHANGED),
    (("reset", "chang", "initialis", "modifi"), _CHANGED_TO),
    (("reset", "chang", "initialis", "modifi"), _CHANGED_THEN),
    (("maintenant", "now", "désormais"), _NOW_ONE),
    (("now", "switched", "désormais", "passé à", "passée à"), _NOW_USES),
    (_WIFI_LITERALS, _WIFI_CHANGED),
    (_THING_LITERALS, _THING_CHANGED),
)
_SYMBOL = re.compile(r"[^\w\s]|_")
_EVERYWHERE_LITERALS = ("partout", "everywhere", "for everything", "pour tout", "on everything")
# A device's lock named without "code": "parental controls 6620", "contrôle parental : 2206",
# "kids profile lock 3377", "autoradio : 1174", "car stereo anti-theft 1174".
_DEVICE_LOCK = re.compile(
    r"(?<![^\W_])(?:parental[ ]controls?|contr[ôo]les?[ ]parentale?s?|profile[ ]lock|screen[ ]lock"
    r"|lock[ ]screen|child[ ]lock|verrouillage(?:[ ](?:parental|enfant|écran))?|autoradio"
    r"|car[ ](?:stereo|radio)|anti-?theft|antivol[ ]radio)(?:[ ][^\W\d_]+){0,3}?"
    r"[ \t]*(?::|=|-|–|—|[ ]is|[ ]est|[ ]c['’]est)?[ \t]+" + _VALUE
)
_DEVICE_LITERALS = (
    *("parental", "contrôle", "controle", "profile lock", "screen lock", "lock screen"),
    *("child lock", "verrouillage", "autoradio", "car stereo", "car radio", "theft"),
)
# A value said to be the one now, on a code's line or the line after it: "le code de l'immeuble
# a changé⏎c'est 38A12 maintenant".
_NOW_AFTER = re.compile(
    r"(?<![^\W_])(?:c['’]est|it['’]?s|is|est)[ ]" + _VALUE + r"[ ](?:maintenant|now|désormais)"
)
_NOW_LITERALS = ("maintenant", "now", "désormais")
# What may follow a value: the end, a remark, a key, a reason.
_AFTER_A_VALUE = re.compile(
    r"[ \t]*(?:$|[,;.!?)(—–#*]|-[ \t]|(?:then|puis|et|and|so|donc|pour|for|to|because|bc|car|if|si"
    r"|but|mais|only|seulement|on|off|ok)(?![^\W_]))",
    re.MULTILINE,
)
# A public code's noun, a number's noun or a time on the line: its number is no secret ("this
# time", "next time" are no time of day).
_PUBLIC = re.compile(
    r"(?<![^\W_])(?:(?:zip|postal|post|area|country|dress|promo|discount|error|morse|bar|qr"
    r"|source|sort|tax|tracking|booking|product|status|http|exit|plu|sku|ean|upc|isbn|gtin"
    r"|voucher|gift|coupon|referral|invite|invitation)[ -]?codes?"
    r"|codes?[ ](?:de[ ]la[ ]route|du[ ]travail|civil|p[ée]nal|postal|source|promo|erreur"
    r"|couleur|barres?|article|produit|client|ape|naf|insee|iso|ean|rome|cpt|nhs|plu|sku|upc"
    r"|isbn|gtin|cip|cadeau|parrainage|réduction|remise|invitation))(?![^\W_])"
)
_NUMBERS_NOUN = re.compile(
    r"(?<![^\W_])(?:numbers?|num[ée]ros?|n°|room|salle|chambre(?![ ]froide)|bus|line|ligne"
    r"|ticket|order|commande|fees?|frais|costs?|co[ûu]ts?|rent|loyer|extension|ext|poste|version|price|prix|tarif|floor|étage"
    r"|time(?<!this[ ]time)(?<!next[ ]time)(?<!last[ ]time)(?<!every[ ]time)(?<!each[ ]time)"
    r"|heure|horaires?|hours?|opening|ouverture|schedule|flight|vol|invoice|facture"
    r"|score|page|kms?|miles?|budget|r[ée]veil|wake|timer|minuteur|thermostat|heating"
    r"|chauffage|clock|horloge|snooze)(?![^\W_])"
)
_UNIT_AFTER = re.compile(
    r"[ \t]*(?:[€$£%°]|(?:euros?|dollars?|pounds?|balles|ms|s|secs?|min|minutes?|h|heures?"
    r"|hours?|km|m|cm|mm|kg|g|degr\w*|pi[èe]ces?|pieces?|units?|unités?|exemplaires?|copies"
    r"|visitors|visiteurs|personnes|people|runners|coureurs|tours|rpm|watts?|w|volts?|v|mb|gb"
    r"|go|mo|points?|pts|ans|years?|jours|days)(?![^\W_]))"
)
# Three digits, or two with a letter after the first: what every value holds from its first
# digit on (a search that skips to the next digit).
_ANY_VALUE = re.compile(r"[0-9][a-z]*[0-9](?:[a-z]*[0-9]|[a-z])")
_TWO_GROUPS = re.compile(r"[0-9]{2}[ ][0-9]{2}")
_MAX_LINE = 300
_MIN_VALUE, _MAX_VALUE = 4, 12
_MAX_PIN = 8
_MIN_DIGITS = 3


def find_set_codes(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """The codes set, changed or typed, but a factory's default ("set to 000 from the
    factory"), a thing's new number ("firmware is now 4 2 1 0") or a visit's new date
    ("delivery date changed to 21-02-26 for the safe"; lookalikes.py)."""
    for rule, start, end in chain(_set_codes(text, lower), _dials_now(lower)):
        if (
            not is_factory_default(lower, start, end)
            and not is_a_things_number(lower, start, end)
            and not is_a_dated_event(lower, start, end)
        ):
            yield rule, start, end


# A safe's or a padlock's dial changed, its numbers now, dashed as a dial's are read out: "Le
# coffre a changé. C'est maintenant 24 – 07 – 11", "padlock changed to 36-12-48". Said right
# after "it's now" or a change (a date takes "le", "the", "on"; "the model is now …" names
# another thing), on the lock's line or the line under it.
_DIAL_NOW = re.compile(
    r"(?<![^\W_])(?:(?:it['’]?s|it[ ]is|c['’]est|ce[ ]sera)[ ](?:now|maintenant|désormais)"
    r"|(?:now|maintenant|désormais)[ ](?:it['’]?s|c['’]est)"
    r"|(?<=[:,;—–-][ ])(?:now|maintenant|désormais)"
    r"|chang\w*(?:[ ](?:it|le|la|ça))?[ ](?:to|en|à|into))[ \t]*:?[ \t]+"
    r"(?P<value>[0-9]{1,2}(?:[ ]?[-–—][ ]?[0-9]{1,2}){2,3})"
    r"(?![0-9]|[ ]?[-–—/.,:h][ ]?[0-9])"
)
_DIAL_LOCK = re.compile(
    r"(?<![^\W_])(?:coffres?|coffre-forts?|coffres-forts|cadenas|padlocks?|combination[ ]locks?"
    # a safe, not "safe" said of anything: "stay safe"
    r"|(?:the|a|our|my|your|their|his|her|office|shop|wall|floor)[ ]safes?"
    r"|safe(?:['’]s|[ ]combination|[ ]dial))(?![^\W_])"
)
_DIAL_LITERALS = ("coffre", "safe", "cadenas", "padlock", "combination lock")
_NOW_WORDS = ("now", "maintenant", "désormais", "chang")


def _dials_now(lower: str) -> Iterator[tuple[str, int, int]]:
    for line_start, line_end in lines_with(lower, _DIAL_LITERALS):
        end = end_of_line(lower, line_end + 1) if line_end < len(lower) else line_end
        if end - line_start > _MAX_LINE or _DIAL_LOCK.search(lower, line_start, line_end) is None:
            continue
        if not any(word in lower[line_start:end] for word in _NOW_WORDS):
            continue
        line = lower[line_start:end]
        if _PUBLIC.search(line) is not None or _NUMBERS_NOUN.search(line) is not None:
            continue  # "the safe's inspection time is now 10-12-14"
        for found in _DIAL_NOW.finditer(lower, line_start, end):
            numbers = [int(number) for number in re.findall(r"[0-9]+", found["value"])]
            if max(numbers) < _DIAL_NUMBER or _UNIT_AFTER.match(lower, found.end()) is not None:
                continue  # "the match is now 3 – 1 – 2": a score; a dial turns to two digits
            yield RULE, *found.span("value")


_DIAL_NUMBER = 10


def _set_codes(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """Only the lines that name a code, a lock, a typing verb or hold a cue's literal (found in
    one pass over every reading's literals), each read by the readings whose literal it holds."""
    for line_start, (line_end, readings) in lines_with_groups(lower, _READINGS_LITERALS):
        if line_end - line_start > _MAX_LINE:
            continue
        for reading in sorted(readings):
            if reading == _SET_OR_TYPED:
                yield from _set_or_typed(lower, line_start, line_end)
            elif reading < _PASSWORDS:
                yield from _after_cue(lower, _CUES[reading - 1][1], line_start, line_end)
            else:
                pattern = _PASSWORD_PATTERNS[reading - _PASSWORDS][1]
                yield from _password_changed(text, lower, pattern, line_start, line_end)


def find_leaked_changes(lower: str) -> Iterator[tuple[str, int, int]]:
    """A number said to be the one now on a line that says why it changed, the old one out or
    the new one to keep quiet: "the tank room is now 73 19, the old one was up on the
    noticeboard", "on est passés à 9 0 3 1, merci de pas le crier". Only a code is changed for
    that: "Room changed to 2 1 4 0" gives no reason and stays a room's number."""
    for line_start, line_end in lines_with(lower, _LEAK_LITERALS):
        if line_end - line_start > _MAX_LINE or _LEAKED.search(lower, line_start, line_end) is None:
            continue
        line = lower[line_start:line_end]
        if _PUBLIC.search(line) is not None or any(
            noun[0] not in _LOCKED_ROOMS for noun in _NUMBERS_NOUN.finditer(line)
        ):
            continue  # "rent is now 1 200, don't tell the neighbours"
        for found in _NOW_NUMBER.finditer(lower, line_start, line_end):
            value = found["value"]
            digits = sum(char.isdigit() for char in value)
            if not _MIN_LEAKED_DIGITS <= digits <= _MAX_PIN or YEAR.fullmatch(value):
                continue
            if value.count(" ") == 1 and _is_a_time(value):
                continue  # "the meeting is now 14 30"
            if _UNIT_AFTER.match(lower, found.end()) is None:
                yield RULE, *found.span("value")
                break


# Why a code was changed, or how the new one is to be kept: the old one out ("the old one
# leaked", "was up on the noticeboard", "l'ancien était affiché", "a fuité"), the new one not to
# be spread ("don't shout it", "keep it to yourselves", "merci de pas le crier").
_LEAKED = re.compile(
    r"(?<![^\W_])(?:leak\w*|fuit[ée]e?s?|a[ ]fuité|got[ ]out|(?:old[ ]one|old[ ]code|it)[ ]"
    r"(?:was|had[ ]been|got)[ ](?:up|posted|written|stuck|pinned|shared|put[ ]up|on[ ](?:the[ ])?"
    r"(?:notice|board|door|wall|fridge|group|chat|website|facebook|whatsapp|internet))"
    r"|l['’]ancien(?:ne)?[ ](?:était|a[ ]été|est)[ ](?:affich|écrit|not|placard|diffus|donn"
    r"|sur[ ](?:le|la)[ ](?:tableau|panneau|porte|mur|groupe|site|frigo))"
    r"|(?:don['’]?t|do[ ]not|never)[ ](?:shout|share|post|give|spread)[ ](?:it|this|that)"
    r"|keep[ ]it[ ](?:quiet|to[ ]yoursel|secret|between)|(?:pas|ne)[ ]le[ ](?:crier|criez"
    r"|dire|dites|donner|donnez|diffuser|diffusez|partager|partagez|afficher|affichez|répéter)"
    r"|garde[zr]?[- ]le[ ]pour)"
)
_LEAK_LITERALS = (
    *("leak", "fuit", "fuité", "got out", "old one", "old code", "ancien", "shout", "share"),
    *("post", "spread", "keep it", "crier", "criez", "dire", "dites", "donner", "donnez"),
    *("diffus", "partag", "affich", "répéter", "garde", " up "),
)
# A value said to be the one now, in groups as it is read out or in one: "is now 73 19",
# "c'est 64 28 maintenant", "on est passés à 9 0 3 1", "changed it to 2 4 6 8 0".
_NOW_NUMBER = re.compile(
    r"(?<![^\W_])(?:(?:is|are|it['’]?s|est)[ ]now|now(?:[ ](?:it['’]?s|is))?|c['’]est"
    r"|désormais(?:[ ]c['’]est)?|maintenant(?:[ ]c['’]est)?|pass[ée]e?s?[ ](?:à|en)"
    r"|chang\w*(?:[ ](?:it|le|la|ça))?[ ](?:to|en|à|into)|new[ ]one(?:[ ]is|:)"
    r"|(?:le|la)[ ]nouvel(?:le)?(?:[ ]c['’]est|[ ]est|[ ]?:))[ \t]+"
    r"(?P<value>[0-9]{1,2}(?:[ ][0-9]{1,2}){1,7}|[0-9]{4,8})(?![^\W_]|[ ]?[.,:h/][0-9]|[ ][0-9])"
)
_MIN_LEAKED_DIGITS = 4
# A room's name is the place whose door's code leaked: "the tank room is now 73 19".
_LOCKED_ROOMS = frozenset(("room", "salle", "chambre"))


def find_changed_runs(
    joined: str, lower: str, runs: tuple[tuple[int, int], ...]
) -> Iterator[tuple[str, int, int]]:
    """A code typed digit by digit, said to be the one now: "Container at the lower landing changed
    to 8 2 8 2", "le local a été changé en 2 7 1 8", "Bike store is now 3 8 1 7", "changed the fuel
    pump release to 7 7 2 1", a locked room's ("the plant room is changed to 2 0 1 9"). Keys
    pressed one at a time name a keypad's code on any line, a year's spelling among them ("changé
    en 2 0 2 4"); `joined` is the stretch with its runs joined, `runs` their spans in it. A
    number's noun before the run ("the bus is now 4 0 1 7"; "après le vol" after it is a theft), a
    unit after it, or the digits of a ranking (1 to n, each once: "the running order is now 3 1 2
    4") keep it a number."""
    for run_start, run_end in runs:
        clause_start = line_start_within(lower, run_start, _CLAUSE)
        before = lower[clause_start:run_start]
        if _PUBLIC.search(before) is not None or not _names_no_number(before):
            continue
        found = _CHANGE.search(lower, clause_start, run_end)
        while found is not None and found.start("value") < run_start:
            found = _CHANGE.search(lower, found.end(), run_end)
        if found is not None and found.start("value") != run_start:
            found = None
        if found is None and _CHANGED_THE_THING.search(lower, clause_start, run_start) is None:
            continue
        value = lower[run_start:run_end] if found is None else found["value"]
        if (
            _UNIT_AFTER.match(lower, run_end) is None
            and not _is_a_ranking(value)
            and not is_a_things_number(lower, run_start, run_end)
        ):
            yield RULE, run_start, run_end


_CLAUSE = 80  # characters before a run read for its change and its noun
# The thing named between the verb and the run: "changed the fuel pump release to 7 7 2 1",
# "on a mis le local vélos à 2 7 1 8".
_CHANGED_THE_THING = re.compile(
    r"(?<![^\W_])(?:chang\w*|reset|set|(?:re)?mis|mettre|r[ée]gl[ée]e?|pass[ée]e?)[ ]"
    r"(?:the|our|my|le|la|les|l['’]|notre|mon|ma)[ ]?(?:[^\W\d_][\w'’-]*[ ]){1,4}?"
    r"(?:to|à|en|sur)[ ]\Z"
)


def _names_no_number(before: str) -> bool:
    """No number's noun before the run, or only a room's that locks: "the plant room is changed
    to 2 0 1 9" is its door's code, "the room changed to 2 1 4 0" the room's number."""
    noun = _NUMBERS_NOUN.search(before)
    return noun is None or (
        noun[0] in _LOCKED_ROOMS
        and _NUMBERS_NOUN.search(before, noun.end()) is None
        and LOCKED_ROOM.search(before) is not None
    )


def _is_a_ranking(digits: str) -> bool:
    return sorted(digits) == [str(rank) for rank in range(1, len(digits) + 1)]


def _set_or_typed(lower: str, line_start: int, line_end: int) -> Iterator[tuple[str, int, int]]:
    """A code's or a lock's line: a value changed, set or typed."""
    if not _may_hold_a_value(lower, line_start, line_end):
        return
    line = lower[line_start:line_end]
    coded = _CODE_LINE.search(line) is not None
    if not coded and _LOCK_LINE.search(line) is None:
        yield from _place_changed(lower, line_start, line_end)
        return
    for pattern in (_CHANGE, _SETTING, _TO_TYPE, _PRESS) if coded else _LOCK_PATTERNS:
        found = pattern.search(lower, line_start, line_end)
        if found is not None and _is_code(lower, found):
            yield RULE, *found.span("value")
            return
    if not coded:
        yield from _place_changed(lower, line_start, line_end)  # "shed: plus 1234, c'est 9740 …"


def _place_changed(lower: str, line_start: int, line_end: int) -> Iterator[tuple[str, int, int]]:
    """A place that locks, changed to a value that ends its clause: "the tool cage was reset to
    3940 after the audit", "le local produits chimiques a été changé en 2718 par l'ACMO"; not
    "the cellar changed to 1200 bottles"."""
    if _PLACE.search(lower, line_start, line_end) is None:
        return
    found = _CHANGE.search(lower, line_start, line_end)
    if found is None and _OLD_ONE_GONE.search(lower, line_start, line_end) is not None:
        found = _NOW_AFTER.search(lower, line_start, line_end)  # "plus 1234, c'est 9740 maintenant"
    if found is None or not _is_code(lower, found) or _RANGE_AFTER.match(lower, found.end()):
        return  # "showers are now 0700 to 2200": opening hours
    if sum(char.isdigit() for char in found["value"]) < _MIN_DIGITS:
        return  # "the container is now 40ft": a size
    if _AFTER_A_VALUE.match(lower, found.end()) or _WHEN.match(lower, found.end()):
        yield RULE, *found.span("value")


# The old value said gone ("no longer 1234", "plus 1 2 3") or a change on a place's line, so the
# value "it's … now" is its new code: "the cash box is no longer 1234, it's 9740 now", "Coffre de
# la caisse : plus 1234, c'est 9740 maintenant".
_OLD_ONE_GONE = re.compile(
    r"(?<![^\W_])(?:chang\w*|reset|remis|modifi\w*|(?:no[ ]longer|not|plus)[ ](?:the[ ]|le[ ])?"
    r"[0-9](?:[ -]?[0-9]){2,7}(?=[ \t]*(?:[,;!—–-]|\.(?![0-9])|$|any[ ]?more|but|mais"
    r"|c['’]est|it['’]s)))(?![^\W_])",
    re.MULTILINE,
)
_RANGE_AFTER = re.compile(r"[ \t]*(?:-|–|to|à|till|until|jusqu['’]?(?:à|au)?)[ \t]*[0-9]")
_PLACE = re.compile(rf"(?<![^\W_])(?:{LOCKING}|containers?|conteneurs?)(?![^\W_])")
# A line is read for a place's change by its verb, not by the place: the places' stems are many.
_PLACE_LITERALS = ("now", "désormais", "maintenant", "passé", "passée")


# A lock whose code is changed on its line ("Lockbox … was changed to 8124", "cadenas du
# vestiaire changé en 082"): the lock names what the value opens, as "code" would.
# Any other lock's line is read when it holds a verb of changing ("Gate reset to 1188"): a
# lock's name alone ("garage", "door") is in too many lines of prose.
_CHANGED_LOCK_LITERALS = (
    *("lockbox", "lock box", "key safe", "keysafe", "boîte à clé", "boite à clé", "cadenas"),
    *("padlock", "digicode", "keypad"),
)
_LOCK_PATTERNS = (_CHANGE, _SETTING, _PRESS)
# Locks whose code may have three digits: "cadenas changé en 082".
_THREE_DIGIT_LOCK = re.compile(
    r"(?<![^\W_])(?:cadenas|padlocks?|combinations?|combinaisons?|casiers?|lockers?|valises?"
    r"|suitcases?|antivols?|bike[ ]locks?)(?![^\W_])"
)


def _password_changed(
    text: str, lower: str, pattern: re.Pattern[str], line_start: int, line_end: int
) -> Iterator[tuple[str, int, int]]:
    """A password given after a reset needs its shape; one kept until the next forced change
    also a symbol: "using Windows11 until the change" names a system."""
    found = pattern.search(lower, line_start, line_end)
    if found is None:
        return
    if pattern is _THING_CHANGED:
        span = _thing_changed(text, lower, found)
        if span is not None:
            yield RULE, *span
        return
    value = text[found.start("value") : found.end("value")]
    if pattern is _WIFI_CHANGED:
        if _is_a_network_key(lower, found, value):
            yield RULE, *found.span("value")
        return
    if pattern in (_CHANGED_TO, _CHANGED_THEN, _NOW_ONE, _NOW_USES):
        if _is_made_and_changed(lower, found, value, line_start, line_end):
            yield RULE, *found.span("value")
        return
    symbol = pattern is _NEW_ONE or _SYMBOL.search(value) is not None
    if symbol and password_shaped(value) and not YEAR.fullmatch(value):
        yield RULE, *found.span("value")


def _is_made_and_changed(
    lower: str, found: re.Match[str], value: str, line_start: int, line_end: int
) -> bool:
    """Built as few names are ("Fraise2Tagada", "Rosemary&Thyme2"), or a capitalised word and
    digits after a reset ("reset it to Washday2024"; "changed the theme to Dracula2" names one);
    "now" needs a change on its line, and neither takes a value with words after it."""
    shape = made_shape(value)
    if shape is None or _AFTER_A_PASSWORD.match(lower, found.end()) is None:
        return False
    if found.re is _NOW_ONE and _CHANGED_ON_LINE.search(lower, line_start, line_end) is None:
        return False
    if found.re is _CHANGED_THEN:
        if not ends_its_clause(lower, found.end("value")):
            return False
        named = _NAMED_THING.search(lower, line_start, line_end) or _NUMBERS_NOUN.search(
            lower, line_start, line_end
        )
        return named is None and is_built_mixed(value, shape)
    account = (
        _ACCOUNT.search(lower, line_start, line_end) is not None
        or _BROKEN_INTO.search(lower, line_start, line_end) is not None
    )
    renamed = _ITS_NAME.search(lower, line_start, found.start("value")) is not None
    if found.re is _NOW_USES and (not account or renamed):
        return False  # "the club now uses Canva2024", "the Insta handle now uses HartleyFC24"
    if is_built_mixed(value, shape):
        return True
    if account and not renamed and _NAMES_AND_DIGITS.fullmatch(value):
        return True  # "Spotify family — Dad changed it to BeatlesRevolver66"
    reset = found.re is _CHANGED_TO and not found["verb"].startswith(("chang", "modifi"))
    return reset and shape is not Shape.JOINED and value[0].isupper() and not value.isupper()


# After a password: what may follow any value, or the event that made someone change it ("after
# the phishing scare", "suite au piratage", "since the leak").
_AFTER_A_PASSWORD = re.compile(
    _AFTER_A_VALUE.pattern + r"|[ \t]+(?:after|après|since|depuis|following|suite[ ]à"
    r"|suite[ ]au|when|parce|last[ ]night|yesterday|hier|today|aujourd['’]hui|this[ ]morning"
    r"|ce[ ]matin|tonight|ce[ ]soir)(?![^\W_])",
    re.MULTILINE,
)
# An account a password is changed on, named by its service or as an account.
_ACCOUNT = re.compile(
    r"(?<![^\W_])(?:accounts?|comptes?|logins?|portal|portail|profil|profile|instagram|insta"
    r"|facebook|fb|tiktok|snapchat|twitter|linkedin|spotify|deezer|netflix|disney\+?|prime"
    r"|canal\+|steam|xbox|playstation|psn|switch|nintendo|gmail|outlook|hotmail|icloud|apple[ ]id"
    r"|amazon|ebay|paypal|vinted|leboncoin|dropbox|drive|canva|slack|zoom|teams|mailchimp)"
    r"(?![^\W_])"
)
# An account broken into names itself: "the shop's Etsy got hacked so Priya changed it to …".
_BROKEN_INTO = re.compile(
    r"(?<![^\W_])(?:hack(?:ed|s)?|piraté\w*|piratage|phishing|hameçonnage|compromis\w*"
    r"|compromised|breach(?:ed)?|leak(?:ed)?|fuite)(?![^\W_])"
)
# Before the value, a name, a handle or a look changed, not a password: "changed the Insta handle
# to HartleyFC2024".
_ITS_NAME = re.compile(
    r"(?<![^\W_])(?:names?|nom|noms|called|appel\w*|handles?|usernames?|user[ ]?names?|pseudos?"
    r"|gamertags?|bio|themes?|thèmes?|avatars?|plans?|formules?|offres?|emails?|e-mails?|mails?"
    r"|hashtags?|tags?|url|link|lien)(?![^\W_])"
)
# Two capitalised words or more, then two digits or more: "BeatlesRevolver66"; not
# "PlayStation5" nor "Windows11".
_NAMES_AND_DIGITS = re.compile(r"(?:[A-ZÀ-Þ][a-zà-ÿ]+){2,}[A-Za-z]*[0-9]{2,}")


def _is_a_network_key(lower: str, found: re.Match[str], value: str) -> bool:
    """Made as a person makes a key, with no network's name inside nor words after it, and
    not said to be the name ("changed the Wi-Fi network name to Maison-Ludo-2024")."""
    if made_shape(value) is None:
        return False
    end = found.end() + (lower[found.end() : found.end() + 1] in _CLOSING_QUOTES)
    if _AFTER_A_VALUE.match(lower, end) is None and not _WHEN.match(lower, end):
        return False
    said = found[0][: found.start("value") - found.start()]
    if any(word in said for word in _NAME_NOUNS):
        return False
    return not any(word in found["value"] for word in _NETWORK_NAME)


def _thing_changed(text: str, lower: str, found: re.Match[str]) -> tuple[int, int] | None:
    """A value a thing was changed to, whose shape is a password's or a lock's code: built as
    few names are, words joined in three parts or more ("offshore-wind-sucks",
    "glamping-yurt-7"), or digits on a lock or a box. Unquoted, a reason must follow ("after
    the reset", "because …", ", tell Sandra"); in quotes, the clause may end. What names its
    own values is no secret: a meeting, an order, a theme, a font, a plan, a host's name."""
    thing = found["thing"]
    head = _head_noun(thing)
    if _CODE_NOUN.search(thing) is not None or any(
        pattern.fullmatch(head) is not None
        for pattern in (_OWN_VALUES, _NAMED_THING, _ITS_NAME, _NUMBERS_NOUN)
    ):
        return None  # a code's noun is the other readings'; the rest name no secret
    start = found.start("value")
    value = text[start : found.end("value")].rstrip(".!?")
    end = start + len(value)
    quoted = found["quote"] is not None
    after = end
    if quoted:
        closing = _CLOSING_QUOTE.match(lower, end)
        if closing is None:
            return None
        after = closing.end()
    if _REASON.match(lower, after) is None and not (quoted and ends_its_clause(lower, after)):
        return None
    if value.isdigit():
        digits_kept = _MIN_VALUE <= len(value) <= _MAX_PIN and not YEAR.fullmatch(value)
        locked = _LOCKED_THING.search(thing) is not None
        compromised = _COMPROMISED.search(lower, after, end_of_line(lower, after)) is not None
        return (start, end) if digits_kept and (locked or compromised) else None
    shape = made_shape(value)
    if (shape is not None and is_built_mixed(value, shape)) or _is_joined_phrase(value, quoted):
        return start, end
    return None


_CLOSING_QUOTE = re.compile(r"[ \u00a0\u202f]?[»\"”'’]")


def _head_noun(thing: str) -> str:
    """What is changed: the last word in English ("the rental booking system"), the first
    after its determiner in French ("le boîtier du portail", "l'admin du Grafana")."""
    words = thing.split()
    if words[0] in _FRENCH_DETERMINERS:
        return words[1]
    if words[0].startswith(("l'", "l’")):
        return words[0][2:]
    return words[-1]


_FRENCH_DETERMINERS = frozenset(("le", "la", "les", "mon", "ma", "mes", "notre", "son", "sa"))
# A code's own noun: its change is the other readings'.
_CODE_NOUN = re.compile(rf"(?<![^\W_]){_NOUN}(?![^\W_])")
# What locks with a code whose digits are changed: "the arena floodlight box", "le boîtier du
# portail"; not an alarm clock ("changed the alarm to 0630").
_LOCKED_THING = re.compile(
    rf"(?<![^\W_])(?:{LOCKING}|{_SET_LOCK}|bo[îi]tiers?|keypads?|tills?|caisses?|alarm[ ]panels?"
    r"|centrales?[ ]d['’]alarme)(?![^\W_])"
)


# What is set to a value of its own kind, never a secret: "changed the meeting to 4pm", "the
# printer to tray 2", "the booking to 14 July", "the hostname to nas-living-room".
_OWN_VALUES = re.compile(
    r"(?<![^\W_])(?:meetings?|r[ée]unions?|rdv|rendez-vous|appointments?|bookings?"
    r"|r[ée]servations?|orders?|commandes?|printers?|imprimantes?|trays?|bacs?|fonts?|polices?"
    r"|host(?:name)?s?|slugs?|domains?|domaines?|paths?|chemins?|routes?|branch(?:es)?|repos?"
    r"|repositor(?:y|ies)|d[ée]p[ôo]ts?|aliases|alias|buckets?|images?|containers?|volumes?"
    r"|namespaces?|clusters?|regions?|r[ée]gions?|zones?|locales?|languages?|langues?"
    r"|time[ ]?zones?|fuseaux?|defaults?|settings?|r[ée]glages?|param[èe]tres?|modes?|formats?"
    r"|outputs?|sorties?|inputs?|entr[ée]es?|sources?|targets?|cibles?|dns|ip|gateways?"
    r"|playlists?|backgrounds?|fonds?|sounds?|sons?|voices?|voix|currenc(?:y|ies)|devises?"
    r"|units?|unit[ée]s?|dates?|deadlines?|[ée]ch[ée]ances?|wi-?fi|wlan|hotspot|networks?"
    r"|r[ée]seaux?|ssid|subjects?|sujets?|recipes?|recettes?|colou?rs?|sizes?|tailles?"
    r"|quantit(?:y|ies|[ée]s?)|amounts?|montants?|limits?|limites?|quotas?|caps?|speeds?"
    r"|vitesses?|resolutions?|r[ée]solutions?|temperatures?|temp[ée]ratures?|levels?|niveaux?"
    r"|seats?|places?|tables?|dinners?|d[îi]ners?|lunch(?:es)?|d[ée]jeuners?|venues?|lieux?"
    r"|times?|days?|jours?|weeks?|semaines?|months?|mois|years?|ann[ée]es?|rotas?|shifts?"
    r"|flights?|vols?|trains?|seating|code[ ]?names?|nicknames?|surnoms?|builds?|releases?"
    r"|sprints?|milestones?|environments?|envs?|stages?|configs?|signs?|panneaux?|messages?"
    r"|greetings?|signatures?|captions?|l[ée]gendes?|mottos?|headers?|footers?|voicemails?"
    r"|r[ée]pondeurs?|notices?|banners?|banni[èe]res?|lines?|lignes?)(?![^\W_])"
)
# A reason after the value: why it changed, who to tell, when.
_REASON = re.compile(
    r"[ \t]*(?:[,;.—–-][ \t]*)?(?:after|because|bc|since|when|as|so|tell|told|let|don['’]?t"
    r"|do[ ]not|please|pls|après|parce|car|depuis|suite|quand|dis|dites|pr[ée]vien\w*"
    r"|pr[ée]venir|merci|ne[ ]|n['’])(?![^\W_])"
)
# Why a code was changed: the old one known ("the kids had figured out the old one", "saw it
# over my shoulder", "les gamins le connaissaient").
_COMPROMISED = re.compile(
    r"(?<![^\W_])(?:(?:figured|found|worked)[ ]out|guess\w*|saw[ ]it|seen[ ]it|knew|known"
    r"|over[ ](?:my|his|her|your|our)[ ]shoulder|leak\w*|devin[ée]\w*|connaiss\w*|fuit\w*"
    r"|a[ ]fuité|vu[ ]par)(?![^\W_])"
)
# Words joined by "-" or "_": a passphrase typed in one piece, in three parts or more in quotes
# ("'glamping-yurt-7'"), four unquoted ("granite-dust-kills-laptops"); not "dark-mode",
# "Open-Sans", "pro-annual", "warm-white-mode".
_JOINED_PHRASE = re.compile(r"[^\W\d_]{2,}(?:[-_](?:[^\W\d_]+|[0-9]{1,4})){2,}")
_MIN_PHRASE_WORDS = 2  # of three letters or more: "hedgehog-in-a-hat"
_MIN_WORD_LETTERS = 3
_MIN_UNQUOTED_PARTS = 4


def _is_joined_phrase(value: str, quoted: bool) -> bool:
    if _JOINED_PHRASE.fullmatch(value) is None:
        return False
    parts = re.split(r"[-_]", value.lower())
    if not quoted and len(parts) < _MIN_UNQUOTED_PARTS:
        return False
    if parts[0] in NEVER_FIRST_WORDS or parts[0] in _STATUS_FIRST_WORDS:
        return False  # "out-of-office", "back-in-ten": a status
    words = sum(part.isalpha() and len(part) >= _MIN_WORD_LETTERS for part in parts)
    return words >= _MIN_PHRASE_WORDS and not any(part in _NOT_GIVEN_PARTS for part in parts)


_STATUS_FIRST_WORDS = frozenset(("out", "back", "away", "busy", "off", "do", "not", "work"))
# Parts that say the value is not given: "same-as-before", "see-the-sticker".
_NOT_GIVEN_PARTS = frozenset(("same", "see", "ask", "default", "example", "voir", "demander"))


_NAME_NOUNS = ("name", "nom", "ssid", "network", "réseau")
_CLOSING_QUOTES = ("'", '"', "»", "”", "’")
# When it was changed, after the key: "reset to Biscuit_Tin_42 over the weekend".
_WHEN = re.compile(
    r"[ \t]+(?:over|yesterday|hier|today|aujourd['’]hui|tonight|this|ce|cette|last|after|après"
    r"|since|depuis|dès|when|quand|lors|by|par)(?![^\W_])"
)


_CHANGED_ON_LINE = re.compile(
    r"(?<![^\W_])(?:reset|chang\w*|r[ée]initialis\w*|modifi\w*|new[ ]password|nouveau[ ]mdp)"
)


# A value pressed with a key, one something unlocks with, a device lock's, a value now, …: each
# cue's literals, one of which a line it reads holds, and its pattern.
_CUES = (
    (_KEYED_LITERALS, _KEYED),
    (_UNLOCKED_LITERALS + _UNLOCKED_LITERALS_FR, _UNLOCKED_WITH),
    (_DEVICE_LITERALS, _DEVICE_LOCK),
    (_NOW_LITERALS, _NOW_AFTER),
    (_NOW_LITERALS, _NOW_BEFORE),
    (_CHANGED_LITERALS, _CHANGED_DASH),
    (_SET_LOCK_LITERALS, _SETTING),
    (_TYPED_ON_LITERALS, _TYPED_ON),
    (_USED_LITERALS, _USED_TO_GET_IN),
    (_DEVICE_GIVEN_LITERALS, _DEVICE_GIVEN),
    (_EVERYWHERE_LITERALS, _EVERYWHERE),
    (_NEW_LITERALS, _NEW_GROUPS),
    (_MODE_LITERALS, _ROLE_MODE),
)
# The readings' literals, in the order `find_set_codes` numbers them.
_SET_OR_TYPED = 0
_PASSWORDS = 1 + len(_CUES)
_READINGS_LITERALS = grouped_literals(
    (
        _CODE_LITERALS
        + _PRESS_LITERALS
        + _CHANGED_LOCK_LITERALS
        + _CHANGED_LITERALS
        + _PLACE_LITERALS,
        *(literals for literals, _ in _CUES),
        *(literals for literals, _ in _PASSWORD_PATTERNS),
    )
)


def _after_cue(
    lower: str, pattern: re.Pattern[str], line_start: int, line_end: int
) -> Iterator[tuple[str, int, int]]:
    if not _may_hold_a_value(lower, line_start, line_end, grouped=pattern is _NEW_GROUPS):
        return
    found = pattern.search(lower, line_start, line_end)
    if found is None:
        return
    if pattern not in _ENDED and _AFTER_A_VALUE.match(lower, found.end()) is None:
        return
    if pattern in _ABOUT_A_CODE and not _names_a_code_here_or_above(lower, line_start):
        return
    if pattern is _KEYED and is_phone_number(lower, *found.span("value")):
        return  # "ring 0113 496 0721 then press the green button": a number to call
    if pattern is _EVERYWHERE and not found["value"].isdigit():
        if password_shaped(found["value"]) and not YEAR.fullmatch(found["value"]):
            yield RULE, *found.span("value")  # "utilise Rossignol1946 partout": a password
        return
    if pattern is _EVERYWHERE and found["verb"] == "set":
        return  # "set 4096 everywhere in the configs": a setting's number
    if pattern is _NEW_GROUPS and found["third"] is None and _is_a_time(found["value"]):
        return  # "meeting moved, new one is 14 30"
    unlocking = pattern in _UNLOCKING and (
        found["verb"].startswith(_UNLOCK_VERBS) if "verb" in found.re.groupindex else True
    )
    if _is_code(lower, found, years=unlocking):
        yield RULE, *found.span("value")


# Verbs after which a year is a code: it unlocks, or someone uses it to get in ("enter 2024 to
# unlock the archive year" gives a year to a form).
_UNLOCK_VERBS = (
    *("unlock", "verrouill", "déverrouill", "disarm", "désactiv", "entr", "rentr", "use"),
    *("using", "utilis", "get", "let"),
)
# Patterns whose match goes on past the value, which is checked on their own terms.
_ENDED = (_SETTING, _TYPED_ON, _USED_TO_GET_IN, _EVERYWHERE, _DEVICE_GIVEN)
# Patterns that say no code's noun: a code's line above or here says what the value is.
_ABOUT_A_CODE = (_NOW_AFTER, _NOW_BEFORE, _CHANGED_DASH, _NEW_GROUPS)
# Patterns after which a year is a code: it unlocks something.
_UNLOCKING = (_UNLOCKED_WITH, _USED_TO_GET_IN)


_HOURS, _MINUTES = 24, 60


def _is_a_time(groups: str) -> bool:
    hours, minutes = (int(group) for group in groups.split())
    return hours < _HOURS and minutes < _MINUTES


def _may_hold_a_value(lower: str, line_start: int, line_end: int, *, grouped: bool = False) -> bool:
    """The cheapest tests first: a line of a few words, with a value's digits (or digits in
    groups of two, when `grouped`), about no public code nor a number of something."""
    if line_end - line_start > _MAX_LINE:
        return False
    digits = _TWO_GROUPS if grouped else _ANY_VALUE
    if digits.search(lower, line_start, line_end) is None:
        return False
    line = lower[line_start:line_end]
    return _PUBLIC.search(line) is None and _NUMBERS_NOUN.search(line) is None


def _names_a_code_here_or_above(lower: str, line_start: int) -> bool:
    above = start_of_line(lower, line_start - 1) if line_start else line_start
    return _CODE_LINE.search(lower, above, end_of_line(lower, line_start)) is not None


def _is_code(lower: str, found: re.Match[str], *, years: bool = False) -> bool:
    """Four to twelve characters, three digits or two with a letter; a year only on a line
    that names a code, or after a verb of unlocking, never after "en" ("changé en 2019")."""
    value = found["value"].rstrip("#*")
    digits = sum(char.isdigit() for char in value)
    if len(value) == _MIN_DIGITS and value.isdigit():
        line = lower[start_of_line(lower, found.start()) : end_of_line(lower, found.start())]
        return _THREE_DIGIT_LOCK.search(line) is not None and not YEAR.match(value)
    if not _MIN_VALUE <= len(value) <= _MAX_VALUE or (value.isdigit() and len(value) > _MAX_PIN):
        return False  # ten digits: a phone number
    if _UNIT_AFTER.match(lower, found.end("value")) is not None:
        return False  # "mis la porte à 1200 euros", "changed to 3000 rpm": a quantity
    if digits < _MIN_DIGITS and (digits < _MIN_DIGITS - 1 or digits == len(value)):
        return False
    if "old" in found.re.groupindex and found["old"] is not None and YEAR.fullmatch(found["old"]):
        return False  # "from 2019 to 2024": years
    if YEAR.fullmatch(value):
        before = lower[max(0, found.start("value") - 3) : found.start("value")]
        line = lower[start_of_line(lower, found.start()) : found.start("value")]
        return before not in ("en ", "in ") and (years or _CODE_LINE.search(line) is not None)
    return True
