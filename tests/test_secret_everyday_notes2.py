"""Hard negatives of ten trades nobody wrote before: the guard lets each pass.

Written blind to measure false alarms: a hairdresser's apprentice, a household moving abroad, a
hiking club's trip sheet, a thesis lab book, a cinema's projection booth, a kitchen garden, a
small-town council clerk, a piano tuner, a wedding caterer's logistics, a pet-sitting business.
In each trade half the notes are twins of a secret note (the chat reply, the post-it, the
"changed to" line, the handover, with the code withheld or with a number that is something
else: a room, an order, a grid reference, a pitch, a tracking number); the other half are
everyday notes dense in numbers, spaced digits, model names, hyphenated words and quoted words.
Five were flagged when first written (5 of 300); each kind is now a look-alike, and the same
layouts with a secret in them are still refused (TWINS).
"""

import pytest

from memoire.core.secrets import find_secret, find_secrets

NOTES_EN = (
    # a hairdresser's apprentice
    "Salon door code: ask Jade when you get in Saturday, she changes it monthly",
    "[08:52] Jade: what's the colour for Mrs Patel?\n[08:53] me: 6.34 with 20 vol, 35 min",
    "Post-it by the till: card machine PIN → ask Kerry (not written down)",
    "Changed to: Wella 7/1 instead of 7/0 for Tuesday's regular, she wants it cooler",
    "Handover for Sunday: keys with Dom, alarm code the usual, float £50 in the blue tin",
    "Booking system login: my email, password on the sticker under the reception screen",
    "Colour card: Majirel 5.3 = 'golden brown', Inoa 6.0 = 'dark blonde'",
    "Week 3 tally: 14 blow-dries, 6 cuts, 2 full heads, tips £23.50 — NVQ log p. 41-42",
    "Apprentice timetable: Mon/Tue salon 9-5:30, Wed college (room B-114), Thu-Sat salon",
    "Stock order #SAL-20931: 3x Olaplex No.3, 2x Wella Koleston 8/03, 1x developer 6% 1L",
    "Mannequin head 'Sophie' used for upstyles; next assessment 14/11 at 10:15, unit GH-12",
    "Mrs O'Neill — skin test 02/03, patch clear 04/03; tint 5-0 + 5-7, 1:1, 30 min",
    "Tips jar split: Kerry 40%, Jade 35%, me 25% — £62.40 → £24.96 / £21.84 / £15.60",
    "Clipper guards: #1 = 3 mm, #2 = 6 mm, #3 = 10 mm; fade from 0.5 to #2 for Tom's regulars",
    "BlowDry Bar price list 2025: short £28, long £36, add-on CurlWand £8, plait £12",
    # a household moving abroad
    "Movers' portal: booking ref MV-447120, login details in the blue folder",
    "[14:22] Sam: what's the crate number for the piano?\n[14:23] me: crate 17, it's on the "
    "inventory",
    "Storage unit 4B at Big Yellow — padlock code with Dad, key for the second lock in my bag",
    "Changed to: shipping container 20ft instead of 40ft, quote 8 450 €, date 12 July",
    "Handover to the new tenant: meter readings 04412 / 01873, keys ×3, alarm code given in person",
    "Customs form reference: ES-2025-0093811; the NIE appointment code comes by email",
    "New Lisbon flat: door buzzer 3ºEsq, intercom code the landlady will text on arrival",
    "Inventory p.3: boxes 41-58 kitchen, 59-66 books (heavy), 67 fragile — glasses, 68 LEGO",
    "Pet passport for Mochi: microchip 250 269 606 123 456, rabies jab 14/02/2025, vet Dr Kaur",
    "Flights: TP1351 LHR→LIS 09:40, seats 14A-14C, bags 3 × 23 kg, booking code Q7XK2P",
    "Utility closures: EDF account 6001 2345 67 final bill, Virgin Media ref 88213-04, council "
    "tax ends 31/07",
    "Shipping quote comparison: Crown £6,820 (cube 28 m³), Bishop's Move £7,140, AGS £6,390",
    "Address change list: DVLA, HMRC (UTR 98765 43210), NHS, GP, Amazon, PayPal, Monzo, eBay",
    "Plug adapters: UK→EU ×6, the SmartTV needs a type F cable; fridge-freezer model RB38T602DWW",
    "Portuguese NIF 254 887 210, social security NISS 1203 4455 667, bank Millennium BCP",
    # a hiking club's trip sheet
    "Minibus keys: in the key box at the leisure centre, box code from Pete on the day",
    "[07:31] Anna: grid ref for the car park?\n[07:32] Pete: NY 342 151, by the cattle grid",
    "Hut booking: Glen Licht bothy — no code, no booking; MBA rules apply",
    "Changed to: meeting point Ogwen Cottage at 08:30 (was Idwal car park), bus T10 from Bangor",
    "Emergency plan: if lost, phone 999 → Police → Mountain Rescue; club mobile 07700 900318",
    "Trip sheet Sat 14 June — leader: Pete (PIN for the club card: ask the treasurer)",
    "Group chat rule: answer 'OK' when you're down off the hill, 'HELP' if stuck",
    "Route: Pen y Fan circuit, 14.2 km, ascent 720 m, grade B+, est. 5 h 30; OS OL12",
    "Kit list: waterproofs, 2 L water, map OL7 + compass, headtorch, whistle, 1 spare layer",
    "Lift share: car 1 (Jo) — Anna, Tim, Raj; car 2 (Pete) — Mo, Liz; fuel £8 each",
    "Waypoints: WP1 SD 232 059, WP2 SD 245 067, WP3 SD 261 073 (summit 803 m)",
    "Membership 2025: 42 paid, £18 adult / £9 junior, BMC affiliation no. 4471-CLUB",
    "Timings: 08:00 depart Tesco car park, 09:15 start walking, 13:00 lunch at Llyn Cau, 16:30 "
    "back",
    "Weather MWIS 06:00: summit winds 35-45 mph, gusts 60, cloud base 700 m, wind chill -6 °C",
    "Walk leaders rota: Jan-Mar Pete, Apr-Jun Anna, Jul-Sep Raj; first-aid refresh 12/10",
    # a student's thesis lab book
    "Lab PC login: my uni ID, password the same as the portal (not writing it here)",
    "[16:40] Dr Shah: which sample went in the -80?\n[16:41] me: box 7, rack C, samples S-112 to "
    "S-140",
    "Cold room door: keypad code from the lab manager, Ruth; she resets it every term",
    "Changed to: primer pair F3/R3 instead of F1/R1, annealing 58 °C (was 62)",
    "Handover for the weekend: cells in incubator 2, shelf 3; feed Sunday 10:00; nitrogen tank "
    "key with Ruth",
    "Confocal booking: user 'cmartin', slot Tue 14:00-16:00, booking ref 44812",
    "Seminar quiz answer: 'ribosome' — nobody got it, not even Prof. Lee",
    "PCR mix per 25 µL: 12.5 µL MasterMix, 1 µL F3 (10 µM), 1 µL R3, 2 µL template, 8.5 µL H2O",
    "Gel 2025-03-14: lanes 1-10, ladder 1 kb, bands at ~750 bp in 3, 5, 8; lane 9 smeared",
    "Plasmid pUC19-GFP-Δ3 from Addgene #50432, glycerol stock G-0412 in box 3 (A4)",
    "Thesis chapters: Ch1 8 200 words, Ch2 11 450, Ch3 6 900 draft; deadline 30/09/2025",
    "qPCR run 17: Ct GAPDH 18.2 ± 0.3, target 26.7 ± 0.5, ΔΔCt → 2.4-fold up",
    "Reagents: Tris-HCl pH 7.4 (Sigma T2319), NaCl 150 mM, EDTA 1 mM, lot 0000291847",
    "Mouse line C57BL/6J-Tg(ABC)1Xyz, licence PP4471209, cage cards 12-19",
    "References to check: Smith et al. 2019 (doi:10.1038/s41586-019-1234-5), Li 2021 pp. 44-51",
    # a cinema's projection booth
    "Projector TMS login: it's on the laminated card in the booth drawer, ask Gary if missing",
    "[19:58] Gary: which KDM for Screen 2?\n[19:59] me: the one valid till 23:59 Sunday, it's "
    "loaded",
    "Booth door keypad — code changed Monday, duty managers have it",
    "Changed to: Screen 3 at 20:15 (was 20:30), 'Dune Part Two' DCP moved from Screen 1",
    "Handover Friday night: lamp hours 1 742 on Screen 1, spare lamp in cupboard B, safe code "
    "with the GM",
    "Ingest log: DCP 'OPPENHEIMER_FTR-3D_F_EN-XX_UK-12A_51_4K', ingested 14:22, checksum OK",
    "Quiz night before the screening: answer to Q7 is 'Rosebud'",
    "Screen 1: Christie CP4230, serial 4471-2209, lamp CDXL-30SD, 3 000 W",
    "Schedule Sat: 11:00 Wicked (PG), 14:10 Gladiator II (15), 17:45 Moana 2, 20:30 Nosferatu (15)",
    "Ad reel running time 12 min 40 s + trailers 8 min = lights down at +20:40",
    "Audio: Dolby CP950, fader 7.0 for features, 6.5 for the ad reel; Screen 2 sub fault ticket "
    "#30912",
    "Attendance week 46: 1 843 tickets, best Sat 20:30 (212/240), worst Tue 14:00 (6)",
    "DCP drive 'HDD-07' returned to Deluxe, tracking 1Z 999 AA1 01 2345 6784",
    "Fire drill: exits A-D, booth extinguisher CO2 2 kg, last check 04/11/2025 by Chubb",
    "Lens: 2.39 scope on port 1, 1.85 flat on port 2; masking presets M1/M2",
    # a kitchen garden
    "Allotment gate: combination is on the society newsletter, ask Brian if you lost it",
    "[08:10] Mum: what tomato was the good one last year?\n[08:12] me: 'Sungold', F1, seeds "
    "from packet 24",
    "Shed padlock: the usual one (Dad knows), spare key under the rhubarb forcer",
    "Changed to: bed 3 for potatoes (was bed 1), rotation year 2 of 4",
    "Water butt timer: set to 06:00 and 19:30, 10 min each — manual on the shed door",
    "Seed swap label: 'Cherokee Purple', saved 2024, from plot 14",
    "Handover while I'm away: water the greenhouse every 2 days, key in the usual place, pick "
    "the courgettes",
    "Sowing plan: Mar 15 tomatoes (x12), Mar 22 peppers (x6), Apr 5 squash (x4), May 10 beans",
    "Harvest log 2025: courgettes 14.2 kg, tomatoes 22.8 kg, beans 6.1 kg, potatoes 31 kg",
    "Feed: Tomorite 20 ml per 4.5 L can, every 7-10 days once the first truss sets",
    "Bed sizes: 1.2 × 3.6 m (beds 1-4), 1.2 × 2.4 m (beds 5-6); paths 45 cm",
    "Seed order from Real Seeds #RS-20931: Crimson Crush, Gardener's Delight, Kelvedon Wonder, "
    "£14.80",
    "Soil test: pH 6.4, N low, P 28 ppm, K 140 ppm — add 3 kg blood-fish-bone per bed",
    "Frost dates: last frost ~12 May, first frost ~18 Oct; fleece 17 g/m² on standby",
    "Companion plants: marigold + tomato, nasturtium by the beans, basil in pots 2-5",
    # a small-town council clerk
    "Council laptop: login is my clerk email, password reset by the IT contractor (ticket 4471)",
    "[11:04] Cllr Hughes: what's the planning ref for the barn?\n[11:05] me: 25/01187/FUL, "
    "decision due 14 Nov",
    "Parish office safe — combination held by the chair and me only; spare key at the bank",
    "Changed to: meeting moved to Thursday 7:30 pm, village hall room 2 (was the pavilion)",
    "Handover for the locum clerk: agendas in the blue box, the usual codes from the chair, bank "
    "mandate form in tray 3",
    "Minute 24/112: resolved to accept quote £4 850 + VAT from GreenScape for the play area",
    "Polling station key: collected from the returning officer, not the usual keyholder",
    "Precept 2025/26: £48 300 (band D £62.14, +3.9 %), approved 16/01/2025, min. 24/009",
    "Payments list Jan: DD Npower £142.18, BACS Ludlow Print £88.00, cheque 100417 £25.00",
    "Burial ground: plot C-14 reserved, fee £420, exclusive right of burial no. 2025-017",
    "Grants: Scouts £500, WI £250, Lunch Club £300 — total £1 050 from budget code 4470",
    "Street lights: column 12 (outside no. 44 High St) out, reported to SSE ref 88213-04",
    "Defibrillator at the phone box: pads expire 03/2027, battery 06/2028, The Circuit ID 20931",
    "Allotments: 36 plots, 4 vacant (7, 12, 19, 33), rent £32/yr, waiting list 5",
    "Annual Parish Meeting 14 May 19:00; AGAR section 1 & 2 by 30/06; internal audit by PKF",
    # a piano tuner
    "Mrs Ashby: key under the mat, alarm code she'll tell me on the phone the day before",
    "[09:12] Mr Dunn: what pitch did you tune to?\n[09:14] me: A440, it was 6 cents flat",
    "School music dept: piano room keypad — the caretaker lets me in, no code given",
    "Changed to: Steinway B at the church now tuned to A442 (was A440) for the orchestra",
    "Handover to Mike while I'm off: clients in the red book, keys for St Mary's in the safe, the "
    "usual for the hall",
    "Invoice 2025-118: tuning + pitch raise, £95, paid by BACS ref ASHBY-PIANO",
    "Tuning app 'Entropy' set to stretch curve 'Medium', temperament 'Equal'",
    "Yamaha U3, serial 3 912 447 (made 1982), hammers worn on C4-C5, string 42 replaced",
    "Bechstein model 8, no. 187 224; tuning pins loose in 2nd octave, pin block 3/5",
    "Day plan Tue: 09:00 Ashby (upright), 11:30 St Mary's (grand), 14:00 school x2, 16:30 Dunn",
    "String gauges: 13 for C7-C8, 14.5 for A5, 17 for bass start; bought 2 coils, £38",
    "Humidity at the Hall: 38 % RH, 21 °C — recommend Dampp-Chaser kit, quote £340",
    "Mileage Nov: 612 miles × 45p = £275.40; parking £12.60",
    "Kawai K-300, SN F123456, tuned 2× a year (Mar/Sep); key 61 sticks",
    "Price list: tuning £85, pitch raise +£30, regulation from £180, call-out within 10 mi free",
    # a wedding caterer's logistics
    "Venue kitchen at Hollins Barn: key safe by the back door, code from the venue manager on "
    "the day",
    "[15:20] Chloe: how many veggie mains?\n[15:21] me: 14 veg, 3 vegan, 1 GF — final numbers",
    "Van log: alarm on the van is the usual fob, spare with Rob",
    "Changed to: canapés at 15:30 instead of 15:00, ceremony running late",
    "Handover to the evening team: bar float £200 in the cash box (key with Chloe), hog roast off "
    "at 21:00",
    "Order confirmation #WED-4471 from Brakes: 12 kg salmon, 6 kg lamb rump, delivery 07:00 Fri",
    "Table names: 'Ivy', 'Fern', 'Willow', 'Moss' — seating chart v3 in the shared drive",
    "Guests 112: 98 adults, 14 kids; tables 1-12 of 8, top table 10; 3 high chairs",
    "Timings: 12:00 arrive, 14:00 ceremony, 15:30 drinks, 17:00 wedding breakfast, 20:30 evening "
    "food",
    "Allergens: table 4 seat 2 nut (severe, EpiPen), table 7 coeliac ×2, table 9 dairy-free",
    'Hire list: 120 × dinner plates, 120 × side plates, 240 × wine glasses, 15 × tablecloth 90"',
    "Fridge temps: walk-in 3.1 °C 06:40, 3.4 °C 12:10; van chiller 4.8 °C at 08:15",
    "Staff: 6 waiting (£12/h × 10 h), 2 chefs, 1 KP; total labour £1 140",
    "Quote Q-2025-031: 3-course £62 pp × 112 = £6 944 + VAT, deposit 25 % paid 12/02",
    'Cake: 3 tiers (10", 8", 6"), lemon + elderflower, delivered by SugarBloom 13:00',
    # a pet-sitting business
    "Client: Ellis family — house key in the lockbox by the garage; code texted by Mrs Ellis each "
    "booking",
    "[07:02] Mrs Ellis: did Biscuit eat?\n[07:10] me: yes, half a pouch + 40 g dry, walked 35 "
    "min 🐶",
    "Alarm at the Pryces': the usual code (on file in the app, not in notes)",
    "Changed to: Luna's insulin now 3 units (was 2) morning and evening, per vet 12/03",
    "Handover to Beth for the Easter bookings: keys in the safe at home, client codes in the Time "
    "To Pet app",
    "Wi-Fi at the Nguyens: not needed, use my hotspot; camera app login is theirs",
    "Cat's name on the tag: 'Pickles', 07700 900461 on the back",
    "Bookings week 14: 9 drop-ins (£15), 4 walks (£14), 2 overnights (£45) — £313",
    "Biscuit: microchip 826 098 100 123 456, Cockapoo, 11.2 kg, vaccinations due 04/2026",
    "Feeding: Luna (cat) 45 g Royal Canin Renal ×2/day; Oscar (dog) 250 g Lily's Kitchen + 1 "
    "Dentastix",
    "Insurance: Cover4Pets policy PS-2025-44712, public liability £2 m, renews 01/09",
    "Route Sat: 07:30 Ellis (walk), 08:30 Pryce (cat), 12:00 Ellis, 17:00 Nguyen (rabbits ×2), "
    "21:00 Pryce",
    "Vet: Medivet Kingston, tel 020 8549 0921, account 47718, emergency Vets Now 020 3848 1234",
    "Mileage March: 312 miles; invoices INV-0331 to INV-0352; DBS no. 001234567890",
    "Rabbits Thumper & Flopsy: hay unlimited, 1 tbsp pellets each, greens 2 cups, hutch clean Sun",
)

NOTES_FR = (
    # une apprentie coiffeuse
    "Code de la porte du salon : demander à Nadia, elle le change le 1er du mois",
    "[09:10] Nadia : quelle coloration pour Mme Leroy ?\n[09:11] moi : 7.43 + oxydant 20 vol, "
    "pose 35 min",
    "Post-it caisse : code TPE → voir avec la patronne (pas noté ici)",
    "Changé pour : nuance 8.1 au lieu de 8.0, la cliente trouve trop chaud",
    "Passation samedi : clés chez Karim, alarme = comme d'hab, fond de caisse 80 € dans la boîte "
    "rouge",
    "Planity : identifiant = mail du salon, mot de passe dans le classeur du bureau",
    "Nuancier L'Oréal : « 6.0 » = blond foncé, « 7.3 » = blond doré",
    "Semaine 12 : 18 brushings, 9 coupes, 3 mèches — pourboires 31,50 € — carnet CAP p. 22-23",
    "Emploi du temps alternance : lun-mar CFA (salle 2-07), mer-sam salon 9 h-18 h 30",
    "Commande n° 88-4417 : 4 × shampoing Kérastase 250 ml, 2 × Inoa 5.35, 1 × oxydant 9 %",
    "Examen CAP coiffure le 12/06 à 8 h 15, lycée Jean-Moulin, convocation n° 2025-0331",
    "Mme Dupuis : test d'allergie le 03/04, OK le 05/04 ; coloration 4-0 + 4-6, 1:1,5",
    "Sabots tondeuse : n° 1 = 3 mm, n° 2 = 6 mm, dégradé 0,5 → 2 pour M. Garnier",
    "Tarifs 2025 : shampoing-coupe-brushing 42 €, balayage 65 €, soin Olaplex 15 €",
    "Formation « Balayage Express » chez L'Oréal Académie, 2 jours, 7-8 octobre, 13 rue Royale",
    # un déménagement à l'étranger
    "Garde-meuble box 12 : le code du portail est chez Papa, cadenas perso (clé dans ma trousse)",
    "[18:05] Julie : c'est quoi le numéro de dossier du déménageur ?\n[18:06] moi : dossier "
    "DM-2025-4471",
    "Changé pour : départ le 14 août au lieu du 7, le camion (plaque GH-551-KZ) arrive à 8 h",
    "Remise des clés à l'agence : 3 clés + 2 badges, relevé compteur 04412, digicode donné de "
    "vive voix",
    "Montréal : appartement 304, code de l'immeuble envoyé par le concierge la veille",
    "Post-it frigo : résiliation box → appeler le 3900, réf client dans le mail de Free",
    "Douane : formulaire Cerfa n° 10070*01, numéro de dossier en attente",
    "Cartons 1-24 cuisine, 25-40 livres (lourds !), 41 fragile — verres, 42-45 chambre des enfants",
    "Devis déménageurs : Demeco 4 860 € (32 m³), Les Gentlemen du Déménagement 5 120 €, Bailly "
    "4 590 €",
    "Vol AF 346 CDG → YUL le 14/08 à 13 h 35, sièges 32A-32C, 4 valises de 23 kg",
    "Passeport du chat : puce 250 268 500 112 233, vaccin rage 02/05/2025, véto Dr Morel",
    "Changements d'adresse : CAF, CPAM (n° 1 85 07 75 112 045 67), impôts, La Poste "
    "réexpédition 12 mois",
    "Adaptateurs : FR → CA ×5, le lave-linge Bosch WAN28209FF reste, le congélo part chez Tata",
    "Nouvelle adresse : 4521, rue Saint-Denis, app. 3, Montréal (QC) H2J 2L1",
    "Permis de conduire à échanger : SAAQ, rendez-vous le 03/09 à 10 h 20, guichet 7",
    # la fiche sortie d'un club de randonnée
    "Clés du minibus : dans la boîte à clés du gymnase, code donné par Gilles le jour même",
    "[07:45] Claire : on se retrouve où ?\n[07:46] Gilles : parking du col, borne 14, départ "
    "8 h 30",
    "Refuge de la Pra : réservation n° 48817 au nom du club, demi-pension 52 € / pers.",
    "Changé pour : boucle du lac Blanc (au lieu du Grand Colon), 12 km, D+ 850 m",
    "Consigne radio : dire « reçu » à chaque appel, « retour » quand on est au parking",
    "Post-it du local : cadenas du placard matériel → demander au président",
    "Numéro d'urgence montagne : 112, PGHM Isère 04 76 22 22 22 — pas de code à retenir",
    "Fiche sortie du 21/09 : Chamrousse, 14,5 km, D+ 900 m, niveau 3/5, durée 5 h 30, carte "
    "IGN 3335 OT",
    "Covoiturage : voiture 1 (Marc) Claire, Paul, Inès ; voiture 2 (Gilles) Léa, Hugo ; 7 € / "
    "passager",
    "Points GPS : WP1 45.1234 N 5.8765 E, WP2 45.1302 N 5.8891 E, sommet 2 253 m",
    "Adhésions 2025 : 37 licences FFRandonnée, 29 € adulte, 15 € jeune, assurance IRA incluse",
    "Horaires : RDV 7 h 15 au parking Décathlon, départ 7 h 30, pique-nique 12 h 30, retour 17 h",
    "Matériel : 2 L d'eau, frontale, couverture de survie, bâtons, sifflet, trousse de secours "
    "n° 2",
    "Météo-France 6 h : vent 40-50 km/h sur les crêtes, iso 0 °C à 2 800 m, risque d'orage 40 %",
    "Animateurs : oct. Gilles, nov. Claire, déc. Paul ; recyclage PSC1 le 15/11 à la MJC",
    # le cahier de labo d'un doctorant
    "Session du PC du labo : identifiant étudiant, mot de passe = celui de l'ENT (pas noté ici)",
    "[17:02] Dr Martin : t'as mis les échantillons où ?\n[17:03] moi : congélateur -80, tiroir 4, "
    "boîte E-12",
    "Salle de culture : badge à activer au secrétariat, code de la porte demandé à Sylvie",
    "Changé pour : température d'hybridation 56 °C au lieu de 60, 35 cycles au lieu de 30",
    "Passation week-end : cellules dans l'incubateur 1, étage 2 ; repiquage dimanche 11 h",
    "Réservation du microscope : créneau jeudi 9 h-12 h, réf. 20251044, compte équipe « BIOCELL »",
    "Mot clé à chercher dans PubMed : « autophagie » AND « neurone », filtre 2018-2025",
    "Mix PCR pour 25 µL : 12,5 µL MasterMix, 1 µL amorce F, 1 µL amorce R, 2 µL ADN, 8,5 µL eau",
    "Gel du 14/03 : puits 1-10, marqueur 100 pb, bandes à ~ 450 pb dans 2, 4, 7",
    "Souche E. coli DH5α-pGEX-4T-1, stock glycérol n° 0318, boîte 2 position B6",
    "Thèse : chap. 1 = 45 p., chap. 2 = 62 p., chap. 3 en cours ; soutenance prévue le 12/12/2025",
    "Tampon PBS 10× : NaCl 80 g, KCl 2 g, Na2HPO4 14,4 g, KH2PO4 2,4 g pour 1 L, pH 7,4",
    "Commande Sigma n° 3004471209 : anticorps anti-GFP (réf. G1544), 2 × 100 µL, 389 €",
    "Comité de suivi le 05/06 à 14 h, salle B-204 ; rapporteurs : Pr Durand, Dr N'Diaye",
    "Résultats ELISA : DO 0,412 ; 0,398 ; 0,455 — moyenne 0,422, CV 7 %",
    # la cabine de projection d'un cinéma
    "Cabine : le code du coffre à KDM est chez le directeur, pas dans le classeur",
    "[20:05] Yann : la séance de 20 h 30 c'est quelle salle ?\n[20:06] moi : salle 4, VOST, "
    "312 places",
    "Post-it sur le serveur : mot de passe TMS → voir fiche plastifiée dans le tiroir",
    "Changé pour : « Le Comte de Monte-Cristo » en salle 2 à 21 h (au lieu de salle 1 à 20 h 45)",
    "Passation dimanche : lampe salle 1 à 1 742 h, lampe de rechange placard B, clés à l'accueil",
    "Ciné-quiz : la réponse à la question 4 est « Rosebud », la 5 « Bérénice »",
    "DCP « LE_COMTE_DE_MONTE-CRISTO_FTR_F_FR-XX_FR-12_51_2K » ingéré à 14 h 22, contrôle OK",
    "Salle 1 : projecteur NEC NC1201L, n° de série 4471-2209, laser 12 000 lm",
    "Programme samedi : 11 h Wicked (VF), 14 h 10 Gladiator II, 17 h 45 Vaiana 2, 20 h 30 "
    "Nosferatu",
    "Entrées semaine 46 : 1 843, meilleure séance sam. 20 h 30 (212/240), pire mar. 14 h (6)",
    "Retour disque DCP HDD-07 chez Cinego, suivi Chronopost XR 1234 5678 9FR",
    "Son : Dolby CP950, niveau 7,0 pour les films, 6,5 pour la pub ; ticket panne n° 30912",
    "Sécurité incendie : extincteur CO2 2 kg cabine, vérifié le 04/11/2025, registre p. 17",
    "Objectifs : scope 2,39 sur port 1, flat 1,85 sur port 2 ; préréglages caches M1/M2",
    "Film d'art et essai : « Les Graines du figuier sauvage », 2 h 47, copie n° 3/12",
    # un potager
    "Jardins familiaux : code du portail affiché au local, sinon demander à M. Roux",
    "[07:58] Maman : c'était quelle tomate la meilleure l'an dernier ?\n[08:00] moi : « Cœur de "
    "bœuf », sachet n° 12",
    "Cabanon : cadenas comme d'habitude (Papa sait), clé de secours sous le pot de rhubarbe",
    "Changé pour : carré 2 en poireaux (avant : carré 4), rotation année 3 sur 4",
    "Programmateur d'arrosage : 6 h et 20 h, 12 min ; notice scotchée dans l'abri",
    "Étiquette troc de graines : « Noire de Crimée », récolte 2024, parcelle 7",
    "Pendant mes vacances : arroser la serre tous les 2 jours, clé au même endroit, cueillir les "
    "haricots",
    "Semis : 15/03 tomates (×12), 22/03 poivrons (×6), 05/04 courges (×4), 10/05 haricots",
    "Récoltes 2025 : courgettes 14,2 kg, tomates 22,8 kg, haricots 6,1 kg, pommes de terre 31 kg",
    "Purin d'ortie : 1 kg pour 10 L, 10 jours de macération, dilué à 10 % pour l'arrosage",
    "Carrés : 1,2 × 3,6 m (n° 1-4), 1,2 × 2,4 m (n° 5-6), allées de 45 cm",
    "Commande Kokopelli n° K-20931 : « Rose de Berne », « Green Zebra », « Noire de Crimée », "
    "18,60 €",
    "Analyse de sol : pH 6,4, azote faible, P 28 ppm, K 140 ppm ; 3 kg de corne broyée par carré",
    "Lune descendante du 12 au 25 : repiquer les salades ; Saints de glace 11-13 mai",
    "Association : œillets d'Inde + tomates, capucines près des haricots, basilic en pots n° 2 à 5",
    # la secrétaire de mairie d'une petite commune
    "Mairie : le code de l'alarme est connu du maire et de moi, pas d'affichage",
    "[10:30] M. le Maire : c'est quoi le numéro de la délibération sur le city-stade ?\n[10:31] "
    "moi : délib. n° 2025-041 du 12/03",
    "Coffre de la mairie : combinaison chez la secrétaire générale, clé de secours à la trésorerie",
    "Changé pour : conseil municipal le jeudi 20 h (au lieu du mardi), salle des fêtes",
    "Passation remplaçante : registres dans l'armoire grise, codes d'accès donnés par le maire, "
    "tampon dans le tiroir 2",
    "Post-it sur l'écran : mot de passe Berger-Levrault → demander au SIVU",
    "Réponse à l'administré : « le permis est tacite » — dossier PC 038 185 25 00012",
    "Budget primitif 2025 : fonctionnement 412 300 €, investissement 188 900 €, vote le 08/04",
    "Mandats janvier : EDF 1 142,18 €, Berger-Levrault 880,00 €, SDIS 2 450 €",
    "Cimetière : concession C-14, 30 ans, 420 €, acte n° 2025-017",
    "Subventions : comité des fêtes 500 €, club de foot 800 €, ADMR 300 € — art. 6574",
    "Éclairage public : candélabre n° 12 (devant le 44 Grande Rue) HS, signalé au SDE réf. "
    "88213-04",
    "État civil 2025 : 4 naissances, 2 mariages, 1 PACS, 6 décès — registres cotés et paraphés",
    "Élections : bureau n° 1 salle des fêtes, 8 h-18 h, 612 inscrits, assesseurs : Mme Roux, "
    "M. Blanc",
    "SIRET mairie 213 801 850 00017, code INSEE 38185, code postal 38220",
    # un accordeur de pianos
    "Mme Vasseur : clé chez la voisine du 2e, digicode elle me l'envoie par SMS le matin même",
    "[09:30] M. Petit : vous l'avez accordé à quel diapason ?\n[09:32] moi : La 440, il était "
    "8 cents trop bas",
    "Conservatoire : salle 12, le gardien ouvre, pas de code à retenir",
    "Changé pour : Pleyel de la salle des fêtes accordé à 442 Hz (avant 440) pour l'harmonie",
    "Pendant mon absence : Julien prend les clients du carnet rouge, clés de l'église au coffre, "
    "le code habituel pour la salle",
    "Facture n° 2025-118 : accord + remontée de diapason, 120 €, payée par virement, réf. VASSEUR",
    "Appli d'accordage « Entropy », courbe d'étirement « Moyen », tempérament « Égal »",
    "Pleyel P 131, n° de série 187 224 (1978), marteaux usés do4-do5, corde n° 42 remplacée",
    "Tournée mardi : 9 h Vasseur, 11 h 30 église (queue), 14 h conservatoire ×2, 16 h 30 Petit",
    "Hygrométrie salle des fêtes : 38 %, 21 °C — proposer humidificateur, devis 340 €",
    "Kilométrage novembre : 980 km × 0,636 € = 623,28 € ; péage 14,60 €",
    "Yamaha C3, n° 5 512 300, accordé 2 × par an (mars/sept.), touche 61 qui colle",
    "Tarifs : accord 90 €, remontée +30 €, réglage à partir de 180 €, déplacement offert < 15 km",
    "Cordes à commander : calibres 13, 14,5, 17 ; 2 bobines chez Bösendorfer-Vienne, 38 €",
    "Agenda : 03/12 Mme Roussel (droit), 05/12 école Jules-Ferry, 09/12 auditorium 20 h",
    # la logistique d'un traiteur de mariages
    "Domaine des Tilleuls : cuisine ouverte par le régisseur, code du portail envoyé la veille",
    "[15:20] Chloé : combien de plats végé ?\n[15:21] moi : 14 végé, 3 vegan, 1 sans gluten — "
    "chiffres définitifs",
    "Camion frigo : clé chez Rodolphe, alarme comme d'habitude",
    "Changé pour : vin d'honneur à 17 h 30 au lieu de 17 h, cérémonie en retard",
    "Passation équipe du soir : fond de caisse bar 200 € (clé du coffret chez Chloé), pièce montée "
    "à 23 h",
    "Confirmation de commande n° MAR-4471 chez Metro : 12 kg de saumon, 6 kg de gigot, livraison "
    "ven. 7 h",
    "Noms des tables : « Lavande », « Olivier », « Romarin », « Thym » — plan de table v3 dans le "
    "Drive",
    "Invités 112 : 98 adultes, 14 enfants ; tables 1 à 12 de 8, table d'honneur 10",
    "Déroulé : 12 h arrivée, 14 h cérémonie, 17 h vin d'honneur, 20 h dîner, 23 h pièce montée",
    "Allergies : table 4 place 2 arachide (sévère), table 7 cœliaque ×2, table 9 sans lactose",
    "Location : 120 assiettes plates, 120 à dessert, 240 verres à vin, 15 nappes 2,40 × 1,40 m",
    "Relevés froid : chambre 3,1 °C à 6 h 40, 3,4 °C à 12 h 10 ; camion 4,8 °C à 8 h 15",
    "Personnel : 6 serveurs (14 €/h × 10 h), 2 cuisiniers, 1 plongeur ; total 1 320 €",
    "Devis D-2025-031 : menu 3 plats 62 € × 112 = 6 944 € HT, acompte 30 % reçu le 12/02",
    "Pièce montée : 80 choux, caramel, nougatine ; livrée par la pâtisserie à 13 h",
    # une petite entreprise de garde d'animaux
    "Client : famille Morel — clé dans la boîte à clés près du garage, code envoyé par SMS à "
    "chaque garde",
    "[07:02] Mme Morel : Filou a mangé ?\n[07:10] moi : oui, demi-sachet + 40 g de croquettes, "
    "balade 35 min 🐶",
    "Alarme chez les Petit : le code habituel (dans l'appli, pas dans les notes)",
    "Changé pour : insuline de Mimi 3 unités (avant 2) matin et soir, selon la véto le 12/03",
    "Passation à Inès pour Pâques : clés dans le coffre à la maison, codes clients dans l'appli",
    "Médaille du chat : « Caramel », 06 12 34 56 78 au dos",
    "Réponse au quiz de la véto : « 38,5 °C » est la température normale d'un chien",
    "Gardes semaine 14 : 9 visites (15 €), 4 promenades (14 €), 2 nuits (45 €) — 296 €",
    "Filou : puce 250 268 712 345 678, bichon, 6,2 kg, rappel vaccins 04/2026",
    "Repas : Mimi 45 g Royal Canin Renal ×2/j ; Rex 250 g de pâtée + 1 os à mâcher",
    "Assurance RC pro AXA n° 7712-44-2025, plafond 2 M€, échéance 01/09",
    "Tournée sam. : 7 h 30 Morel (promenade), 8 h 30 Petit (chat), 12 h Morel, 17 h Nguyen "
    "(lapins ×2)",
    "Véto : clinique des Acacias, 04 76 21 44 10, dossier n° 47718 ; urgences 3115",
    "SIRET 912 345 678 00014, micro-entreprise, facture F-2025-031 à F-2025-052",
    "Lapins Pompon et Noisette : foin à volonté, 1 c. à soupe de granulés chacun, verdure 2 tasses",
)


def test_english_notes_of_ten_trades_pass_the_guard() -> None:
    assert [text for text in NOTES_EN if find_secret(text) is not None] == []


def test_french_notes_of_ten_trades_pass_the_guard() -> None:
    assert [text for text in NOTES_FR if find_secret(text) is not None] == []


# The kinds those five taught, in other words: a meter's readings, a floor with its ordinal mark,
# a budget's or a project's code, whose password it is then whom to ask, a keyword to search.
KINDS_IN_OTHER_WORDS = (
    "Moving out: gas reading 3321, electricity reading 04412, water 0187 — keys and alarm fob "
    "to the agent",
    "État des lieux : compteur eau 01873, compteur électricité 44120 ; badge et clés rendus",
    "Van returned: odometer 41220, fuel 3/4, key in the key safe (code from the depot)",
    "Kilométrage au départ : 88412, au retour 88930 ; code du badge carburant chez le chef",
    "Address: Rua das Flores 12, 2º Dto, 1200-195 Lisboa — buzzer code sent by the owner",
    "Piso 4ª B, portero: the landlord texts the code",
    "Cost code 7710 for the van hire, nominal code 4470 for stationery",
    "Code projet 2291 et code analytique 6574 pour la facture du traiteur",
    "Imputation : code budgétaire 60632, fournitures",
    "Wi-Fi password Livebox-7A2C → see the sticker under the box",
    "password Netflix -> ask Tom",
    "Code Canal+ → demander à Papa",
    "Mots-clés à chercher sur Google : « digicode », « boîte à clés »",
    'Keyword to search on Leboncoin: "armoire normande"',
)


# A second sweep of the same trades, twins of secret notes only: 8 of 48 were flagged (a bus
# stop's code, a reply naming an extension or a budget line, an extension, a network's name, a
# password's hint), each kind now a look-alike.
SECOND_SWEEP = (
    "[10:02] Kerry: which locker is yours?\n[10:03] me: 14, the one by the sink",
    "[10:02] Kerry : c'est quoi ton casier ?\n[10:03] moi : le 14, à côté du bac",
    "Salon wifi name: Studio_Guest — password on the card at reception",
    "Changed to: bus 42 instead of the 17 for college (stop code 50412 on the app)",
    "Changé pour : ligne 7 au lieu de la 3, arrêt « Mairie », code arrêt 4412",
    "[21:10] Gary: what's the ext for the booth?\n[21:11] me: 2207",
    "[21:10] Gary : c'est quel poste la cabine ?\n[21:11] moi : 2207",
    "Booth PC: user projection, password changes quarterly (IT has it)",
    "Post-it sur la porte : « Silence — projection en cours »",
    "Changed to: score 4-2 after extra time (the quiz team's answer was '4-2')",
    "[18:40] Anna: what's the hut's phone?\n[18:41] Pete: 01766 890 127",
    "Hut door: key from the warden, combination lock on the woodstore is broken",
    "Mot de passe de la réunion Zoom : envoyé par mail à tous les membres du club",
    "Lab freezer -80 nº 3, alarm set point -70 °C, contact Ruth ext. 4471",
    "Changé pour : anticorps lot 4471209 au lieu de 3390021 (Sigma)",
    "Plot 14 water tap key: the usual place, ask Brian",
    "[08:15] Brian: what's your plot?\n[08:16] me: 14B, next to the compost bays",
    "Council safe — code in the sealed envelope at the bank, not here",
    "Changed to: agenda item 7 now 'Play area quote £4,850 (GreenScape)'",
    "[11:20] Cllr Rees: what's the budget line for grants?\n[11:21] me: 4470, about £1 050 left",
    "[11:20] M. Blanc : c'est quel article pour les subventions ?\n[11:21] moi : 6574",
    "Mme Vasseur's piano: Pleyel, key 61 sticks, digicode sent by SMS on the morning",
    "[09:02] Mrs Ashby: which model is it?\n[09:03] me: a Yamaha U3, serial 3912447",
    "Caterer handover: van key on the hook, walk-in fridge padlock code with Chloe",
    "[16:02] Chloe: how many tables?\n[16:03] me: 14 of 8, plus the top table",
    "Changé pour : 118 couverts au lieu de 112 (6 enfants en plus)",
    "Ellis: lockbox by the garage — code texted each booking (last one was changed)",
    "[07:30] Mrs Ellis: did you get the key?\n[07:31] me: yes, box opened fine 👍",
    "[07:30] Mme Morel : vous avez eu la clé ?\n[07:31] moi : oui, la boîte s'est ouverte 👍",
    "Pryce alarm: 4 beeps = unset fail, call ADT 0344 800 1999, account 4471920",
    "Wi-Fi chez les Nguyen : réseau « Livebox-7A2C », clé au dos de la box",
    "Dog's name on the tag: 'Biscuit' — if found call 07700 900461",
    "Code de la porte du salon : celui de l'an dernier + le mois, Nadia l'a",
    "Passation : le code est le même que le mois dernier",
    "Handover: the code is the same as last month",
    "Door code: same as the old flat's (Dad knows it)",
    "Password hint: 'first hamster' — password itself not written here",
    "Quiz answer Q3: 'Ouagadougou'; Q4: 1066; Q5: 'H2O'",
    "Réponses du quiz : Q3 « Ouagadougou » ; Q4 1515 ; Q5 « H2O »",
    "Registration of the van: YD21 XKP, MOT due 03/2026, tracker ID 44712",
    "Immatriculation du camion : GH-551-KZ, contrôle technique 03/2026, badge télépéage 4471",
    "Version changed to 4.2.1 on the TMS, build 20931",
    "Projector firmware now 2.14.0, TMS password unchanged",
    "Mot de passe Wi-Fi : voir l'étiquette sous la box",
    "PIN: ask Kerry",
    "Code : demander à Nadia",
    "Alarm code → the usual",
    "Code alarme → comme d'hab",
)

# A third sweep of the same trades, twins and dense notes: 1 of 50 was flagged (a lock's make
# and model with its code said to be sent each time), now a look-alike.
THIRD_SWEEP = (
    "Salon iPad: Fresha app, account = salon email; PIN for refunds is the manager's",
    "Colour formula card #27: 7N + 7G (1:1), 9 % developer, 35 min — Mrs Khan",
    "Code couleur cliente n° 27 : 7.0 + 7.3, oxydant 30 vol., pose 35 min",
    "Apprentice ID badge 44712 — swipe at the college gate, lanyard colour 'green'",
    "Badge CFA n° 44712, bip à l'entrée, cordon « vert »",
    "Removal day: truck reg LK21 MVX, driver Tomasz 07700 900412, crew of 3",
    "Jour J : camion immatriculé GH-551-KZ, chauffeur Tomasz 06 12 34 56 78",
    "Portugal bank: Millennium, client number 4471 2290 18, card arrives by post, PIN separately",
    "Banque au Portugal : numéro client 4471 2290 18, la carte arrive par la poste, le code à part",
    "Storage: Big Yellow unit 4B, access hours 06:00-22:00, gate PIN set at the desk on day 1",
    "Trip sheet: leader Pete (07700 900318), back-marker Anna, radio channel 3, sub-tone 12",
    "Fiche sortie : canal radio 3, sous-tonalité 12, animateur Gilles 06 98 76 54 32",
    "Club minibus: reg YK19 ABC, fuel card with Pete, card PIN not in the trip pack",
    "Bothy log: arrived 17:40, 6 people, wood 2 bags, left 09:10; logbook p. 88",
    "Lab notebook p. 112: run #17 (plate P-0412), wells A1-H12, reader program 'ELISA_450'",
    "Cahier de labo p. 112 : manip n° 17 (plaque P-0412), puits A1-H12, programme « ELISA_450 »",
    "HPC account: user cmartin, project code PRJ-2291, SSH key on my laptop (not the password)",
    "Cluster : identifiant cmartin, projet PRJ-2291, clé SSH sur le portable",
    "Confocal: Zeiss LSM 880, objective 63x/1.4 Oil, laser 488 at 2 %, gain 650",
    "Projection: Christie IMB-S3, cert expiry 2027-04-12, KDM window 14/11 00:00 → 20/11 23:59",
    "KDM « WICKED_FTR_S_EN-FR » valable du 14/11 0 h au 20/11 23 h 59, salle 2",
    "Booth rota: Mon Gary, Tue-Wed me, Thu Jo, Fri-Sun Gary + me; lamp change due at 2 000 h",
    "Allotment: plot 14B, society no. 0412, rent paid 12/03 (£32), water tap key with Brian",
    "Jardin : parcelle 14B, adhérent n° 0412, cotisation 32 € payée le 12/03",
    "Greenhouse min/max: 4 °C / 31 °C; vent opener set to 18 °C; heater thermostat 'frost'",
    "Council: HMRC PAYE ref 120/AB12345, accounts office ref 120PA00123456; gateway login with "
    "chair",
    "Mairie : n° SIRET 213 801 850 00017, identifiant Chorus Pro 21380185000017",
    "Clerk's diary: 7 pm Parish Council, 7:30 pm Planning, agenda items 24/112-24/119",
    "Piano: Steinway D no. 512 447, pitch A442, last tuned 14/11, next 14/02",
    "Piano du conservatoire : Steinway D n° 512 447, diapason 442, accordé le 14/11",
    "Tuning hammer 'Hale 3/8' ordered, £64; mutes x 6; felt strip 2 m",
    "Catering: van reg AB12 CDE, fridge temp logger ID TL-4471, download app password with Rob",
    "Traiteur : camion AB-123-CD, enregistreur de température TL-4471, appli gérée par Rodolphe",
    "Menu v3: starter 'Beetroot & Goat', main 'Lamb Rump', dessert 'Eton Mess' — 112 covers",
    "Menu v3 : entrée « Betterave & chèvre », plat « Agneau », dessert « Pavlova » — 112 couverts",
    "Pet sitter: Ellis lockbox Master Lock 5401 (code changes each booking, texted)",
    "Pet sitting: Biscuit's food 'Lily's Kitchen Chicken & Duck', 2 × 150 g trays, meds at 08:00",
    "Garde : Filou, croquettes « Royal Canin Mini Adult » 2 × 40 g, médicament à 8 h",
    "Time To Pet app: my login is my work email; client portal codes are theirs, not stored here",
    "Camera at the Nguyens': Ring, app shared with me as 'guest', no password needed",
    "Caméra chez les Nguyen : Ring, partagée avec moi comme « invité », pas de mot de passe",
    "Salon: Wi-Fi Studio_Guest, no password (open network), staff network separate",
    "Handover: code is unchanged since last week",
    "Passation : code inchangé depuis la semaine dernière",
    "Code: as before",
    "PIN : idem",
    "Password — same as the booking system",
    "Mot de passe — le même que Planity",
    "Order 4471: Olaplex No.3 ×3 — code promo SALON10 applied",
    "Commande 4471 : code promo SALON10 appliqué, livraison 48 h",
)

# A fourth sweep in blocks, tables, labels and chat replies: 2 of 50 were flagged (a till's
# Z-report's number, a member's number under its noun alone), each now a look-alike.
FOURTH_SWEEP = (
    "Handover — Saturday\n- Keys: with Dom\n- Float: £50\n- Alarm: Kerry sets it\n"
    "- Till Z-report: 4471",
    "Passation — samedi\n- Clés : chez Karim\n- Fond de caisse : 80 €\n- Alarme : Nadia\n"
    "- Ticket Z : 4471",
    "| Client | Colour | Time |\n|---|---|---|\n| Patel | 6.34 | 35 |\n| Leroy | 7.43 | 40 |",
    "| Cliente | Nuance | Pose |\n|---|---|---|\n| Leroy | 7.43 | 35 |\n| Dupuis | 4-6 | 30 |",
    "Move checklist\nBooking: MV-447120\nCrate: 17\nContainer: TGHU 884120 3\nSeal: 004471",
    "Déménagement\nDossier : DM-2025-4471\nConteneur : TGHU 884120 3\nScellé : 004471",
    "Trip: Pen y Fan\nGrid: SO 012 216\nLeader: Pete\nRadio: ch 3\nReturn: 16:30",
    "Sortie : Chamrousse\nCarte : IGN 3335 OT\nAnimateur : Gilles\nRadio : canal 3\nRetour : 17 h",
    "Sample: S-112\nBox: 7\nRack: C\nFreezer: -80 #2\nDate: 14/03/2025",
    "Échantillon : E-12\nBoîte : 4\nPortoir : C\nCongélateur : -80 n° 2",
    "Screen 2\nKDM: loaded\nLamp: 1 742 h\nAudio: 7.0\nCert: 2027-04-12",
    "Salle 2\nKDM : chargé\nLampe : 1 742 h\nSon : 7,0",
    "Plot: 14B\nSociety: 0412\nRent: £32\nKey: with Brian",
    "Parcelle : 14B\nAdhérent : 0412\nCotisation : 32 €\nClé : chez M. Roux",
    "Planning: 25/01187/FUL\nParish: Ashby\nDecision: 14 Nov\nCase officer: J. Rees",
    "Urbanisme : PC 038 185 25 00012\nDécision : 14/11\nInstructeur : Mme Roux",
    "Piano: Yamaha U3\nSerial: 3912447\nPitch: A440\nNext: 14/02",
    "Piano : Pleyel P 131\nN° : 187224\nDiapason : 440\nProchain : 14/02",
    "Event: Hollins Barn\nCovers: 112\nKitchen: from 12:00\nKey safe: venue manager opens",
    "Mariage : Domaine des Tilleuls\nCouverts : 112\nCuisine : dès 12 h\n"
    "Boîte à clés : le régisseur ouvre",
    "Client: Ellis\nDog: Biscuit\nChip: 826098100123456\nVet: 020 8549 0921\nKey: lockbox",
    "Client : Morel\nChien : Filou\nPuce : 250268712345678\nVéto : 04 76 21 44 10\n"
    "Clé : boîte à clés",
    "Wi-Fi: see the card\nAlarm: the usual\nBins: Tuesday",
    "Wi-Fi : voir la carte\nAlarme : comme d'hab\nPoubelles : mardi",
    "Post-it: 'back at 3' on the door, 'Gone to the bank — Kerry'",
    "Post-it sur la porte : « de retour à 15 h »",
    "code: 27 (coach number)",
    "code : 27 (numéro du car)",
    "PIN: 4-pin XLR for the booth intercom",
    "Password: see Ruth",
    "Mot de passe : voir Sylvie",
    "Login: cmartin / password: university SSO",
    "Identifiant : cmartin / mot de passe : celui de l'ENT",
    "Combination: lock on the shed is 3-dial, number with Dad",
    "Combinaison : cadenas 3 molettes, chiffres chez Papa",
    "Safe: Chubb, code with the GM, key in the booth drawer",
    "Coffre : Fichet, code chez le directeur",
    "Access: gate 3, then bay 14 (the loading bay)",
    "Accès : portail 3, puis quai 14",
    "Door: buzzer 3ºEsq, then lift to floor 3",
    "[09:01] Jade: what's the code for the colour?\n[09:02] me: 6.34",
    "[09:01] Nadia : c'est quoi le code couleur ?\n[09:02] moi : 7.43",
    "[14:00] Sam: tracking number?\n[14:01] me: 1Z 999 AA1 01 2345 6784",
    "[14:00] Julie : le numéro de suivi ?\n[14:01] moi : XR 1234 5678 9FR",
    "[17:00] Chloe: what time do we serve?\n[17:01] me: 19:45",
    "[17:00] Chloé : on sert à quelle heure ?\n[17:01] moi : 19 h 45",
    "[08:00] Pete: what's the bus number?\n[08:01] me: T10, the 08:15",
    "[08:00] Gilles : c'est quel bus ?\n[08:01] moi : la ligne 6020, celle de 8 h 15",
    "[19:00] Gary: quiz answer for round 2?\n[19:01] me: 'Casablanca'",
    "[19:00] Yann : la réponse du quiz manche 2 ?\n[19:01] moi : « Casablanca »",
)

# A fifth sweep of prose with quoted words, handles and CamelCase names: 2 of 50 were flagged;
# an account's handle before "password in the notebook" is now a look-alike (the other, a
# self-introduction said at an intercom, is left to the code words' rule).
FIFTH_SWEEP = (
    "Remember: the Wi-Fi at college is 'eduroam', log in with the student account",
    "Au CFA le Wi-Fi s'appelle « eduroam », connexion avec le compte étudiant",
    "Jade says the magic word with clients is 'gloss' — upsell the treatment",
    "Nadia dit que le mot magique avec les clientes c'est « soin » 😅",
    "The movers' app is called MoveHub, my account is under Mum's email",
    "L'appli du déménageur s'appelle MoveHub, le compte est au nom de maman",
    "Pete's rule: if the password for the club Strava is asked, it's on the committee drive",
    "Hiking club Strava group 'PeakBaggers2025' — join via the link, no password",
    "Groupe Strava du club « RandoCrêtes38 » — rejoindre par le lien, pas de mot de passe",
    "Lab Slack channel #qpcr-runs, pinned message has the instrument booking link",
    "Canal Slack du labo #manips-qpcr, le lien de réservation est épinglé",
    "Supervisor said the key word for the thesis is 'mechanism', not 'correlation'",
    "Ma directrice dit que le mot clé de la thèse c'est « mécanisme », pas « corrélation »",
    "The TMS shows 'Password expired' on Screen 3 — IT ticket raised, using Screen 2's show",
    "Le TMS affiche « Mot de passe expiré » en salle 3 — ticket ouvert chez le prestataire",
    "Projectionist tip: the word 'FOCUS' on the test pattern should be sharp corner to corner",
    "Variety name 'Sungold' F1 — sow 2 per cell, germination 7-10 days at 21 °C",
    "Variété « Cœur de bœuf » — semer 2 graines par godet, levée 7-10 jours à 21 °C",
    "Allotment society AGM: new password policy for the website — 12 characters minimum",
    "AG des jardins : nouvelle règle de mot de passe pour le site, 12 caractères minimum",
    "Clerk note: the councillors' iPads use PIN login; PINs are set by each councillor",
    "Note secrétaire : les tablettes des élus s'ouvrent par code, chaque élu choisit le sien",
    "Piano tuner's app 'TuneLab Pro' licence bought £45, registered to my email",
    "Appli « TuneLab Pro », licence achetée 45 €, enregistrée à mon adresse mail",
    "Caterer's Wi-Fi at the barn: network 'HollinsBarn-Events', key on the fridge",
    "Wi-Fi du domaine : réseau « Tilleuls-Events », clé sur le frigo de la cuisine",
    "Dog whistle command 'Biscuit, HEEL' works; 'Leave it' still needs practice",
    "Commandes pour Filou : « Au pied » OK, « Lâche » à travailler",
    "Pet sitting Instagram @PawsAndClaws_Kingston, password in the business notebook",
    "Instagram @PattesEtMoustaches38, mot de passe dans le carnet de l'entreprise",
    "La cliente m'a dit de dire « c'est Inès de Pattes & Moustaches » à l'interphone",
    "Booking ref for the van hire: ENT-4471-KX; pick-up at 08:00 with licence and DVLA code",
    "Réservation camion : LOC-4471-KX ; retrait 8 h avec permis et justificatif",
    "DVLA check code: generated online, valid 21 days — driver to send it to the hire company",
    "Council grant application ID GA-2025-0412, portal login with the clerk's email",
    "Demande de subvention n° DS-2025-0412, dossier déposé sur le portail de la région",
    "Thesis template LaTeX class 'uclthesis', version 2.3; bib style 'apalike'",
    "Modèle de thèse : classe LaTeX « these-ugA », version 2.3, style biblio « plainnat »",
    "Screen 1 code of conduct: no phones in the booth, 'ALL CLEAR' on the radio after checks",
    "Garden gate padlock changed — new one is a 4-dial, code on the committee WhatsApp",
    "Cadenas du portail changé — nouveau 4 molettes, code sur le WhatsApp du bureau",
    "Passwords for the salon's social accounts moved to the manager's phone, not on the iPad "
    "anymore",
    "Les mots de passe des réseaux du salon sont sur le téléphone de la patronne",
    "Moving: new EU phone number +351 912 345 678, old UK one kept on Giffgaff 07700 900412",
    "Déménagement : nouveau numéro +1 514 555 0199, l'ancien 06 12 34 56 78 gardé chez Free",
    "Hut key code? None — the bothy is open, just leave it tidy",
    "Piano tuning fork A440 'John Walker, Sheffield', in the blue case",
    "Wedding hashtag #EmmaAndTom2025, photo booth word 'cheese' on the sign",
    "Hashtag du mariage #LéaEtHugo2025, le photographe dit « ouistiti »",
)


def test_the_kinds_these_notes_taught_pass_in_other_words() -> None:
    notes = KINDS_IN_OTHER_WORDS + SECOND_SWEEP + THIRD_SWEEP + FOURTH_SWEEP + FIFTH_SWEEP
    assert [text for text in notes if find_secret(text) is not None] == []


# The same layouts as the look-alikes these notes taught, with a secret in them.
TWINS = {
    # a meter's readings are not the code named after them
    "readings then a code": (
        "Handover to the new tenant: meter readings 04412 / 01873, keys ×3, alarm code 5581",
        "5581",
    ),
    "relevé puis digicode": ("Remise des clés : relevé compteur 04412, digicode 4471B", "4471B"),
    "reading then a key safe": ("Meter reading 04412. Key safe code: 7730", "7730"),
    "relevés puis alarme": ("Relevés : eau 0187, gaz 3321 — alarme 5581", "5581"),
    # a floor said with an ordinal mark
    "floor then intercom code": ("New Lisbon flat: door buzzer 3ºEsq, intercom code 4417", "4417"),
    "étage puis digicode": ("Appartement à Lisbonne : 3º Esq, digicode 5820A", "5820A"),
    # a budget's or a ledger's code
    "budget code then safe code": (
        "Grants total £1 050 from budget code 4470; office safe code 9137",
        "9137",
    ),
    "code analytique puis alarme": (
        "Subvention imputée sur le code analytique 6574, code de l'alarme 2580",
        "2580",
    ),
    # whose password it is, then whom to ask
    "named then given": (
        "Post-it sur l'écran : mot de passe Berger-Levrault : Lavande1987",
        "Lavande1987",
    ),
    "given then whom to ask": (
        "Netflix password: Tulip-Garden7 → ask Tom before changing it",
        "Tulip-Garden7",
    ),
    "given then an arrow": (
        "Post-it on the screen: password Tulip-Garden7 → never share it",
        "Tulip-Garden7",
    ),
    # a word to fetch a child, not a word to search
    "mot pour aller chercher": (
        "Le mot pour aller chercher Léo à la crèche : « girafe »",
        "girafe",
    ),
    "mot pour chercher dans la cour": (
        "Mot à donner à la nounou pour chercher Inès dans la cour : « capucine »",
        "capucine",
    ),
    # a bus stop's code, a ledger's
    "stop code then door code": ("Bus stop code 50412 for the 42, door code 7731", "7731"),
    "code arrêt puis digicode": ("Code arrêt 4412 (ligne 7) ; digicode 58B12", "58B12"),
    # a chat reply to a question naming a code, not an extension
    "reply to a code question": (
        "[21:10] Gary: what's the code for the booth?\n[21:11] me: 2207",
        "2207",
    ),
    "réponse sur le code du casier": (
        "[21:10] Gary : c'est quoi le code du casier ?\n[21:11] moi : 2207",
        "2207",
    ),
    # an extension or a network's name, then the secret
    "network then key": ("Wi-Fi réseau Livebox-7A2C, clé : Tulipe-Rouge-88", "Tulipe-Rouge-88"),
    "ssid then key": ("SSID: Studio_Guest / key: hairday2025", "hairday2025"),
    "extension then password": ("Booth PC ext. 2207, password Rosebud-1941", "Rosebud-1941"),
    # a hint, then the password
    "hint then password": (
        "Password hint: 'first hamster'. Password: 'velvet hamster canyon'",
        "velvet hamster canyon",
    ),
    "indice puis mot de passe": (
        "Indice du mot de passe : « premier chat » — mot de passe : « velours hamster canyon »",
        "velours hamster canyon",
    ),
    "hint then a password": ("Hint: dog's name. Password: Biscuit-2019", "Biscuit-2019"),
    # a till's report or a member's number, then a secret
    "z-report then pin": ("Handover\n- Till Z-report: 4471\n- Till PIN: 5580", "5580"),
    "ticket z puis code": ("Caisse : ticket Z 4471, code manager 9921", "9921"),
    "adhérent puis cadenas": ("Parcelle : 14B\nAdhérent : 0412\nCadenas : 7731", "7731"),
    "member then password": ("Club\nMember: 0412\nPassword: Hiking-Boots-77", "Hiking-Boots-77"),
    # an account's handle, then its password
    "handle then password": (
        "Instagram @PattesEtMoustaches38, mot de passe Chaton-Roux-22",
        "Chaton-Roux-22",
    ),
    "value then its noun": ("Chaton-Roux-22, mot de passe d'Instagram", "Chaton-Roux-22"),
    # a lock's make and model, then its code
    "model then code": ("Lockbox Master Lock 5401 — code 2288, it changes each booking", "2288"),
    "code after the make": ("Ellis lockbox Master Lock, code 5401 (changes each booking)", "5401"),
    "modèle puis code": (
        "Boîte à clés Master Lock 5401, code 7788 (il change à chaque garde)",
        "7788",
    ),
}


@pytest.mark.parametrize(("text", "secret"), TWINS.values(), ids=TWINS.keys())
def test_the_secret_in_the_same_layout_is_still_found(text: str, secret: str) -> None:
    assert secret in [text[finding.start : finding.end] for finding in find_secrets(text)]
