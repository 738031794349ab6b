import type { Language } from "../i18n/languages";
import type { CountryCode } from "../sites/countries";

/**
 * Word lists for the demo members (demo-members.ts): common first names per content language,
 * and short "about me" texts assembled from an opening, a middle and a closing sentence. Every
 * sentence is written so it fits a member of either gender (no gendered adjectives or participles
 * in fr, es, it, pl) and any niche (nobody says whom they are looking for).
 */

type Names = { female: readonly string[]; male: readonly string[] };

export const FIRST_NAMES: Record<Language, Names> = {
  nl: {
    female: ["Sanne", "Lisa", "Anouk", "Femke", "Eva", "Iris", "Laura", "Marieke", "Esther", "Linda", "Monique", "Ingrid", "Petra", "Annemieke", "Sandra", "Kim", "Lotte", "Fleur", "Roos", "Sophie", "Julia", "Manon", "Nicole", "Wendy", "Marloes", "Ilse", "Karin", "Mirjam", "Judith", "Naomi", "Els", "Hanneke"],
    male: ["Jeroen", "Bas", "Thijs", "Sander", "Daan", "Ruben", "Joost", "Martijn", "Niels", "Pieter", "Wouter", "Erik", "Mark", "Tim", "Lars", "Stijn", "Koen", "Rick", "Bram", "Jasper", "Maarten", "Dennis", "Vincent", "Gert", "Hans", "Kees", "Frank", "Rob", "Arjen", "Sjoerd"],
  },
  de: {
    female: ["Anna", "Julia", "Katharina", "Sabine", "Petra", "Claudia", "Andrea", "Stefanie", "Nicole", "Melanie", "Susanne", "Birgit", "Monika", "Sandra", "Christina", "Laura", "Lena", "Lea", "Sarah", "Jana", "Franziska", "Heike", "Ute", "Karin", "Anja", "Tanja", "Nadine", "Miriam", "Ines", "Doris"],
    male: ["Thomas", "Michael", "Andreas", "Stefan", "Markus", "Christian", "Daniel", "Tobias", "Florian", "Jan", "Lukas", "Felix", "Jonas", "Sebastian", "Matthias", "Alexander", "Uwe", "Jürgen", "Frank", "Klaus", "Wolfgang", "Dirk", "Sven", "Patrick", "Philipp", "Martin", "Ralf", "Holger", "Timo", "Moritz"],
  },
  en: {
    female: ["Emma", "Olivia", "Sophie", "Charlotte", "Emily", "Jessica", "Hannah", "Lucy", "Amy", "Rachel", "Sarah", "Laura", "Rebecca", "Claire", "Helen", "Karen", "Susan", "Julie", "Nicola", "Kate", "Megan", "Chloe", "Grace", "Ashley", "Jennifer", "Amanda", "Michelle", "Stephanie", "Heather", "Linda"],
    male: ["James", "Oliver", "Jack", "Harry", "Thomas", "George", "William", "Daniel", "Matthew", "Michael", "David", "Chris", "Ryan", "Liam", "Connor", "Sean", "Mark", "Paul", "Steven", "Andrew", "Robert", "Richard", "Ben", "Sam", "Josh", "Tyler", "Brandon", "Kevin", "Jason", "Patrick"],
  },
  es: {
    female: ["María", "Lucía", "Carmen", "Laura", "Marta", "Ana", "Isabel", "Elena", "Paula", "Sara", "Cristina", "Raquel", "Beatriz", "Pilar", "Rocío", "Alba", "Nuria", "Silvia", "Patricia", "Sofía", "Valeria", "Daniela", "Gabriela", "Andrea", "Claudia", "Irene", "Inés", "Lorena", "Marisol", "Teresa"],
    male: ["Javier", "Carlos", "Alejandro", "David", "Daniel", "Pablo", "Sergio", "Jorge", "Alberto", "Miguel", "Antonio", "Manuel", "José", "Luis", "Francisco", "Diego", "Álvaro", "Adrián", "Rubén", "Iván", "Raúl", "Fernando", "Mario", "Andrés", "Óscar", "Víctor", "Marcos", "Hugo", "Enrique", "Gonzalo"],
  },
  fr: {
    female: ["Camille", "Léa", "Manon", "Chloé", "Sarah", "Julie", "Marie", "Laura", "Pauline", "Émilie", "Céline", "Isabelle", "Nathalie", "Sandrine", "Sophie", "Aurélie", "Caroline", "Élodie", "Mathilde", "Clara", "Inès", "Juliette", "Charlotte", "Valérie", "Christine", "Sylvie", "Anne", "Claire", "Margaux", "Lucie"],
    male: ["Thomas", "Nicolas", "Julien", "Maxime", "Antoine", "Alexandre", "Pierre", "Guillaume", "Hugo", "Lucas", "Louis", "Mathieu", "Romain", "Sébastien", "Olivier", "Laurent", "Philippe", "François", "Jean", "Christophe", "Vincent", "Benoît", "Damien", "Florian", "Arnaud", "Théo", "Quentin", "Cédric", "Jérôme", "Yann"],
  },
  it: {
    female: ["Giulia", "Francesca", "Chiara", "Sara", "Martina", "Valentina", "Alessia", "Federica", "Elena", "Silvia", "Laura", "Paola", "Roberta", "Simona", "Monica", "Elisa", "Anna", "Giorgia", "Sofia", "Alice", "Beatrice", "Claudia", "Cristina", "Daniela", "Barbara", "Manuela", "Serena", "Ilaria", "Marta", "Lucia"],
    male: ["Marco", "Luca", "Andrea", "Alessandro", "Francesco", "Matteo", "Lorenzo", "Davide", "Simone", "Federico", "Giuseppe", "Giovanni", "Antonio", "Roberto", "Stefano", "Paolo", "Fabio", "Massimo", "Riccardo", "Daniele", "Gabriele", "Emanuele", "Nicola", "Claudio", "Alberto", "Mauro", "Pietro", "Tommaso", "Enrico", "Salvatore"],
  },
  da: {
    female: ["Anne", "Mette", "Kirsten", "Hanne", "Susanne", "Camilla", "Louise", "Sofie", "Ida", "Emma", "Freja", "Maria", "Line", "Julie", "Cecilie", "Signe", "Mathilde", "Laura", "Karina", "Pernille", "Lene", "Tina", "Helle", "Birgitte", "Charlotte", "Maja", "Nanna", "Trine", "Rikke", "Malene"],
    male: ["Jens", "Lars", "Søren", "Niels", "Peter", "Henrik", "Anders", "Morten", "Thomas", "Rasmus", "Mads", "Jesper", "Martin", "Christian", "Kasper", "Mikkel", "Frederik", "Mathias", "Jonas", "Emil", "Oliver", "Magnus", "Jakob", "Torben", "Ole", "Poul", "Bo", "Kim", "Steen", "Allan"],
  },
  fi: {
    female: ["Anna", "Maria", "Johanna", "Laura", "Emilia", "Aino", "Sara", "Elina", "Henna", "Jenni", "Katja", "Minna", "Riikka", "Tiina", "Sanna", "Satu", "Päivi", "Marja", "Eeva", "Anu", "Noora", "Veera", "Iida", "Venla", "Suvi", "Hanna", "Kaisa", "Pirjo", "Heidi", "Outi"],
    male: ["Mikko", "Juha", "Jari", "Timo", "Matti", "Antti", "Jukka", "Markku", "Janne", "Petri", "Ville", "Tuomas", "Lauri", "Eero", "Aleksi", "Joonas", "Jussi", "Olli", "Sami", "Teemu", "Kari", "Pekka", "Heikki", "Marko", "Toni", "Niko", "Henri", "Risto", "Onni", "Veikko"],
  },
  nb: {
    female: ["Ingrid", "Kari", "Marit", "Anne", "Hilde", "Silje", "Ida", "Nora", "Emma", "Ingeborg", "Kristin", "Camilla", "Marte", "Maria", "Sofie", "Thea", "Hanne", "Tone", "Randi", "Liv", "Solveig", "Astrid", "Guro", "Kjersti", "Mari", "Linn", "Tonje", "Heidi", "Vilde", "Synnøve"],
    male: ["Ole", "Lars", "Per", "Jon", "Kjetil", "Anders", "Magnus", "Henrik", "Jonas", "Martin", "Eirik", "Håkon", "Espen", "Thomas", "Sindre", "Bjørn", "Knut", "Arne", "Geir", "Trond", "Øyvind", "Sigurd", "Sondre", "Even", "Mathias", "Kristian", "Stian", "Rune", "Terje", "Tor"],
  },
  pl: {
    female: ["Anna", "Katarzyna", "Magdalena", "Agnieszka", "Joanna", "Monika", "Ewa", "Małgorzata", "Aleksandra", "Natalia", "Karolina", "Paulina", "Marta", "Justyna", "Dorota", "Beata", "Barbara", "Agata", "Zuzanna", "Julia", "Maja", "Weronika", "Kinga", "Iwona", "Edyta", "Renata", "Sylwia", "Patrycja", "Izabela", "Hanna"],
    male: ["Piotr", "Krzysztof", "Tomasz", "Paweł", "Michał", "Marcin", "Jakub", "Kamil", "Łukasz", "Mateusz", "Adam", "Marek", "Andrzej", "Grzegorz", "Wojciech", "Rafał", "Dariusz", "Jan", "Bartosz", "Szymon", "Filip", "Maciej", "Robert", "Sebastian", "Artur", "Dawid", "Damian", "Przemysław", "Jacek", "Krystian"],
  },
  sv: {
    female: ["Anna", "Eva", "Maria", "Karin", "Sara", "Emma", "Elin", "Johanna", "Linnea", "Ida", "Frida", "Malin", "Sofia", "Hanna", "Jenny", "Lina", "Camilla", "Ebba", "Maja", "Moa", "Lena", "Annika", "Helena", "Ulla", "Birgitta", "Kristina", "Therese", "Matilda", "Julia", "Amanda"],
    male: ["Erik", "Lars", "Karl", "Johan", "Anders", "Per", "Mikael", "Andreas", "Fredrik", "Magnus", "Oskar", "Gustav", "Viktor", "Axel", "Filip", "Emil", "Niklas", "Henrik", "Daniel", "Jonas", "Mattias", "Stefan", "Peter", "Björn", "Ola", "Linus", "Simon", "Patrik", "Joakim", "Hugo"],
  },
};

type AboutParts = { opening: readonly string[]; middle: readonly string[]; closing: readonly string[] };

export const ABOUT_ME_PARTS: Record<Language, AboutParts> = {
  nl: {
    opening: ["Hoi! Leuk dat je mijn profiel bekijkt.", "Hallo daar, ik ben hier om nieuwe mensen te leren kennen.", "Spontaan, vrolijk en altijd in voor een goed gesprek.", "Nieuw hier en benieuwd wie ik tegenkom.", "Ik geniet van de kleine dingen in het leven."],
    middle: ["In het weekend ben ik graag buiten, op de fiets of aan het strand.", "Ik kook graag voor vrienden en een goed glas wijn hoort erbij.", "Muziek, films en af en toe een concert maken me blij.", "Na het werk ga ik graag sporten of een flink stuk wandelen.", "Reizen is mijn grote passie, het liefst naar de zon."],
    closing: ["Ben jij ook op zoek naar een leuke klik? Stuur me een berichtje!", "Humor en eerlijkheid vind ik het belangrijkst.", "Wie weet drinken we binnenkort samen een kop koffie.", "Zeg gerust hoi, ik bijt niet.", "Ik hoop hier iemand te vinden om mooie momenten mee te delen."],
  },
  de: {
    opening: ["Hallo! Schön, dass du auf mein Profil schaust.", "Hi, ich bin hier, um neue Leute kennenzulernen.", "Spontan, fröhlich und immer für ein gutes Gespräch zu haben.", "Neu hier und gespannt, wen ich treffe.", "Ich genieße die kleinen Dinge im Leben."],
    middle: ["Am Wochenende bin ich gern draußen, mit dem Rad oder am See.", "Ich koche gern für Freunde, und ein gutes Glas Wein gehört dazu.", "Musik, Filme und ab und zu ein Konzert machen mich glücklich.", "Nach der Arbeit gehe ich gern zum Sport oder spazieren.", "Reisen ist meine große Leidenschaft, am liebsten in den Süden."],
    closing: ["Suchst du auch jemanden, mit dem es einfach passt? Schreib mir!", "Humor und Ehrlichkeit sind mir am wichtigsten.", "Vielleicht trinken wir ja bald zusammen einen Kaffee.", "Sag ruhig Hallo, ich beiße nicht.", "Ich hoffe, hier jemanden für schöne Momente zu finden."],
  },
  en: {
    opening: ["Hi there! Thanks for stopping by my profile.", "Hello, I'm here to meet new people and see what happens.", "Easy-going, cheerful and always up for a good chat.", "New here and curious who I'll meet.", "I love the little things in life."],
    middle: ["On my days off you'll find me outdoors, on my bike or by the sea.", "I love cooking for friends, preferably with a nice glass of wine.", "Music, movies and the odd concert make me happy.", "After work I like to hit the gym or go for a long walk.", "Travelling is my big passion, the sunnier the better."],
    closing: ["Looking for a real connection too? Send me a message!", "Honesty and a good laugh matter most to me.", "Who knows, maybe we'll grab a coffee soon.", "Feel free to say hi, I don't bite.", "Hoping to find someone to share good moments with."],
  },
  es: {
    opening: ["¡Hola! Gracias por pasarte por mi perfil.", "Hola, estoy aquí para conocer gente nueva.", "Me encanta reír y charlar sin prisas.", "Llevo poco tiempo aquí y tengo curiosidad por ver a quién conozco.", "Disfruto de las pequeñas cosas de la vida."],
    middle: ["Los fines de semana me gusta estar al aire libre, en bici o en la playa.", "Me encanta cocinar para mis amigos, con una buena copa de vino.", "La música, el cine y algún concierto de vez en cuando me hacen feliz.", "Después del trabajo me gusta ir al gimnasio o dar un buen paseo.", "Viajar es mi gran pasión, cuanto más sol mejor."],
    closing: ["¿Tú también buscas una buena conexión? ¡Escríbeme!", "Para mí lo más importante son el humor y la sinceridad.", "Quién sabe, quizás pronto nos tomemos un café.", "Salúdame sin miedo, no muerdo.", "Espero encontrar aquí a alguien con quien compartir buenos momentos."],
  },
  fr: {
    opening: ["Salut ! Merci de passer sur mon profil.", "Bonjour, je suis ici pour faire de nouvelles rencontres.", "J'aime rire et discuter autour d'un bon café.", "Je viens d'arriver ici et j'ai hâte de voir qui je vais rencontrer.", "J'apprécie les petits plaisirs de la vie."],
    middle: ["Le week-end, j'aime être dehors, à vélo ou au bord de la mer.", "J'adore cuisiner pour mes amis, avec un bon verre de vin.", "La musique, le cinéma et les concerts font partie de ma vie.", "Après le travail, je vais volontiers à la salle de sport ou me promener.", "Voyager est ma grande passion, de préférence au soleil."],
    closing: ["Toi aussi tu cherches une vraie connexion ? Écris-moi !", "L'humour et l'honnêteté comptent beaucoup pour moi.", "Qui sait, on prendra peut-être bientôt un café ensemble.", "N'hésite pas à me dire bonjour, je ne mords pas.", "J'espère trouver ici quelqu'un avec qui partager de beaux moments."],
  },
  it: {
    opening: ["Ciao! Che bello vederti sul mio profilo.", "Salve, sono qui per conoscere persone nuove.", "Amo ridere e chiacchierare davanti a un buon caffè.", "Sono qui da poco e ho voglia di fare nuove conoscenze.", "Mi godo le piccole cose della vita."],
    middle: ["Nel fine settimana mi piace stare all'aria aperta, in bici o al mare.", "Adoro cucinare per gli amici, con un buon bicchiere di vino.", "Musica, cinema e qualche concerto ogni tanto fanno parte della mia vita.", "Dopo il lavoro vado volentieri in palestra o a fare una bella passeggiata.", "Viaggiare è la mia grande passione, meglio se al sole."],
    closing: ["Anche tu cerchi una bella intesa? Scrivimi!", "Per me contano soprattutto l'ironia e la sincerità.", "Chissà, magari presto prendiamo un caffè insieme.", "Salutami pure, non mordo.", "Spero di trovare qui qualcuno con cui condividere bei momenti."],
  },
  da: {
    opening: ["Hej! Dejligt, at du kigger forbi min profil.", "Hej, jeg er her for at møde nye mennesker.", "Jeg elsker at grine og få en god snak over en kop kaffe.", "Ny herinde og spændt på, hvem jeg møder.", "Jeg nyder de små ting i livet."],
    middle: ["I weekenden er jeg gerne ude i naturen, på cyklen eller ved stranden.", "Jeg elsker at lave mad til venner, gerne med et godt glas vin.", "Musik, film og en koncert i ny og næ gør mig glad.", "Efter arbejde går jeg gerne i fitness eller en lang tur.", "At rejse er min store passion, helst mod solen."],
    closing: ["Søger du også en god forbindelse? Skriv til mig!", "Humor og ærlighed betyder mest for mig.", "Hvem ved, måske drikker vi snart en kop kaffe sammen.", "Sig endelig hej, jeg bider ikke.", "Jeg håber at finde en at dele gode stunder med."],
  },
  fi: {
    opening: ["Moi! Kiva, että kurkkaat profiiliani.", "Hei, olen täällä tutustumassa uusiin ihmisiin.", "Rakastan nauramista ja hyviä juttuja kahvikupin ääressä.", "Uusi täällä ja utelias näkemään, keihin tutustun.", "Nautin elämän pienistä asioista."],
    middle: ["Viikonloppuisin olen mielelläni ulkona, pyörän selässä tai mökillä.", "Kokkaan mielelläni ystäville, hyvän viinilasillisen kera.", "Musiikki, elokuvat ja silloin tällöin keikka tekevät minut iloiseksi.", "Töiden jälkeen käyn mielelläni salilla tai pitkällä kävelyllä.", "Matkustaminen on suuri intohimoni, mieluiten aurinkoon."],
    closing: ["Etsitkö sinäkin hyvää yhteyttä? Laita viestiä!", "Huumori ja rehellisyys ovat minulle tärkeimpiä.", "Kuka tietää, ehkä juomme pian kahvit yhdessä.", "Sano ihmeessä hei, en pure.", "Toivon löytäväni täältä jonkun, jonka kanssa jakaa hyviä hetkiä."],
  },
  nb: {
    opening: ["Hei! Så hyggelig at du titter innom profilen min.", "Hei, jeg er her for å bli kjent med nye folk.", "Jeg elsker å le og ta en god prat over en kopp kaffe.", "Ny her og spent på hvem jeg møter.", "Jeg setter pris på de små tingene i livet."],
    middle: ["I helgene er jeg gjerne ute i naturen, på sykkel eller på fjellet.", "Jeg elsker å lage mat til venner, gjerne med et godt glass vin.", "Musikk, film og en konsert nå og da gjør meg glad.", "Etter jobb trener jeg gjerne eller går en lang tur.", "Å reise er min store lidenskap, helst mot sola."],
    closing: ["Ser du også etter god kjemi? Send meg en melding!", "Humor og ærlighet betyr mest for meg.", "Hvem vet, kanskje tar vi en kaffe sammen snart.", "Bare si hei, jeg biter ikke.", "Jeg håper å finne noen å dele fine øyeblikk med."],
  },
  pl: {
    opening: ["Cześć! Miło, że zaglądasz na mój profil.", "Hej, jestem tu, żeby poznać nowych ludzi.", "Uwielbiam się śmiać i rozmawiać przy dobrej kawie.", "Jestem tu od niedawna i ciekawi mnie, kogo poznam.", "Cieszą mnie małe rzeczy w życiu."],
    middle: ["W weekendy lubię spędzać czas na świeżym powietrzu, na rowerze albo nad morzem.", "Uwielbiam gotować dla przyjaciół, najlepiej przy lampce dobrego wina.", "Muzyka, filmy i od czasu do czasu koncert poprawiają mi humor.", "Po pracy chętnie chodzę na siłownię albo na długi spacer.", "Podróże to moja wielka pasja, najlepiej tam, gdzie świeci słońce."],
    closing: ["Też szukasz fajnej relacji? Napisz do mnie!", "Najważniejsze są dla mnie poczucie humoru i szczerość.", "Kto wie, może niedługo pójdziemy razem na kawę.", "Śmiało napisz, nie gryzę.", "Mam nadzieję, że znajdę tu kogoś, z kim będę dzielić piękne chwile."],
  },
  sv: {
    opening: ["Hej! Kul att du tittar in på min profil.", "Hej, jag är här för att lära känna nya människor.", "Jag älskar att skratta och ta en god fika.", "Ny här och nyfiken på vem jag träffar.", "Jag njuter av de små sakerna i livet."],
    middle: ["På helgerna är jag gärna ute i naturen, på cykeln eller vid havet.", "Jag älskar att laga mat till vänner, gärna med ett gott glas vin.", "Musik, film och en konsert då och då gör mig glad.", "Efter jobbet tränar jag gärna eller tar en lång promenad.", "Att resa är min stora passion, helst mot solen."],
    closing: ["Letar du också efter bra kemi? Skicka ett meddelande!", "Humor och ärlighet betyder mest för mig.", "Vem vet, vi kanske tar en fika ihop snart.", "Säg gärna hej, jag bits inte.", "Jag hoppas hitta någon att dela fina stunder med."],
  },
};

/** Every text the parts make: opening + middle + closing, and the shorter two-sentence ones. */
export function aboutMeTexts(language: Language): string[] {
  const { opening, middle, closing } = ABOUT_ME_PARTS[language];
  const texts: string[] = [];
  for (const o of opening) for (const m of middle) for (const c of closing) texts.push(`${o} ${m} ${c}`);
  for (const o of opening) for (const c of closing) texts.push(`${o} ${c}`);
  for (const m of middle) for (const c of closing) texts.push(`${m} ${c}`);
  return texts;
}

/**
 * Towns for the demo members, per region (the ISO 3166-2 suffixes of places.ts): the main town
 * first, a few more where many people live. `*n` weighs a town n times, so big towns and populous
 * regions get more members.
 */
const TOWNS: Record<CountryCode, string> = {
  US:
    "AL Birmingham, Montgomery|AK Anchorage|AZ Phoenix*2, Tucson|AR Little Rock|CA Los Angeles*3, San Diego*2, San Francisco, San Jose, Sacramento|" +
    "CO Denver|CT Hartford|DE Wilmington|DC Washington|FL Miami*2, Orlando, Tampa, Jacksonville|GA Atlanta*2|HI Honolulu|ID Boise|" +
    "IL Chicago*3, Naperville|IN Indianapolis|IA Des Moines|KS Wichita|KY Louisville|LA New Orleans|ME Portland|MD Baltimore|" +
    "MA Boston*2|MI Detroit, Grand Rapids|MN Minneapolis|MS Jackson|MO Kansas City, St. Louis|MT Billings|NE Omaha|NV Las Vegas|" +
    "NH Manchester|NJ Newark, Jersey City|NM Albuquerque|NY New York*4, Buffalo, Rochester|NC Charlotte, Raleigh|ND Fargo|" +
    "OH Columbus, Cleveland, Cincinnati|OK Oklahoma City|OR Portland|PA Philadelphia*2, Pittsburgh|RI Providence|SC Charleston|" +
    "SD Sioux Falls|TN Nashville, Memphis|TX Houston*2, Dallas*2, Austin, San Antonio|UT Salt Lake City|VT Burlington|" +
    "VA Virginia Beach, Richmond|WA Seattle*2|WV Charleston|WI Milwaukee|WY Cheyenne",
  NL:
    "DR Assen, Emmen|FL Almere, Lelystad|FR Leeuwarden, Sneek|GE Arnhem, Nijmegen, Apeldoorn, Ede|GR Groningen*2|" +
    "LI Maastricht, Venlo, Heerlen|NB Eindhoven*2, Tilburg, Breda, 's-Hertogenbosch|NH Amsterdam*4, Haarlem, Zaandam, Alkmaar|" +
    "OV Zwolle, Enschede, Deventer|UT Utrecht*3, Amersfoort|ZE Middelburg, Vlissingen|ZH Rotterdam*3, Den Haag*3, Leiden, Dordrecht, Delft",
  BE:
    "VAN Antwerpen*3, Mechelen|VBR Leuven*2|VLI Hasselt, Genk|VOV Gent*3, Aalst|VWV Brugge*2, Kortrijk, Oostende|WBR Wavre|" +
    "WHT Charleroi*2, Mons|WLG Liège*2|WLX Arlon|WNA Namur|BRU Brussel / Bruxelles*4",
  FR:
    "ARA Lyon*3, Grenoble, Saint-Étienne, Clermont-Ferrand|BFC Dijon, Besançon|BRE Rennes*2, Brest|CVL Tours, Orléans|" +
    "20R Ajaccio, Bastia|GES Strasbourg*2, Reims, Metz, Nancy|HDF Lille*3, Amiens|IDF Paris*6, Boulogne-Billancourt, Versailles, Saint-Denis|" +
    "NOR Rouen, Caen, Le Havre|NAQ Bordeaux*3, Limoges, Poitiers|OCC Toulouse*3, Montpellier*2, Nîmes|PDL Nantes*2, Angers, Le Mans|" +
    "PAC Marseille*3, Nice*2, Toulon, Aix-en-Provence",
  IT:
    "65 Pescara, L'Aquila|77 Potenza|78 Reggio Calabria, Cosenza|72 Napoli*3, Salerno|45 Bologna*2, Modena, Parma|36 Trieste, Udine|" +
    "62 Roma*5, Latina|42 Genova*2|25 Milano*5, Bergamo, Brescia|57 Ancona|67 Campobasso|21 Torino*3, Novara|75 Bari*2, Lecce, Taranto|" +
    "88 Cagliari, Sassari|82 Palermo*2, Catania*2, Messina|52 Firenze*2, Pisa, Livorno|32 Trento, Bolzano|55 Perugia|23 Aosta|" +
    "34 Venezia*2, Verona, Padova",
  ES:
    "AN Sevilla*3, Málaga*2, Córdoba, Granada|AR Zaragoza*2|AS Oviedo, Gijón|IB Palma*2|CN Las Palmas de Gran Canaria, Santa Cruz de Tenerife|" +
    "CB Santander|CL Valladolid, Burgos, León, Salamanca|CM Toledo, Albacete|CT Barcelona*5, Girona, Tarragona|CE Ceuta|" +
    "VC Valencia*3, Alicante, Castellón de la Plana|EX Badajoz, Cáceres|GA Vigo, A Coruña, Santiago de Compostela|RI Logroño|" +
    "MD Madrid*6, Alcalá de Henares, Móstoles|ML Melilla|MC Murcia*2, Cartagena|NC Pamplona|PV Bilbao*2, San Sebastián, Vitoria-Gasteiz",
  DE:
    "BW Stuttgart*3, Karlsruhe, Mannheim, Freiburg im Breisgau|BY München*4, Nürnberg*2, Augsburg, Regensburg|BE Berlin*5|" +
    "BB Potsdam, Cottbus|HB Bremen|HH Hamburg*3|HE Frankfurt am Main*3, Wiesbaden, Kassel|MV Rostock, Schwerin|" +
    "NI Hannover*2, Braunschweig, Osnabrück, Oldenburg|NW Köln*3, Düsseldorf*2, Dortmund*2, Essen*2, Münster, Bonn|" +
    "RP Mainz, Ludwigshafen am Rhein, Koblenz|SL Saarbrücken|SN Leipzig*2, Dresden*2, Chemnitz|ST Magdeburg, Halle (Saale)|" +
    "SH Kiel, Lübeck|TH Erfurt, Jena",
  AT:
    "1 Eisenstadt|2 Klagenfurt, Villach|3 St. Pölten, Wiener Neustadt|4 Linz*2, Wels|5 Salzburg*2|6 Graz*3|7 Innsbruck*2|" +
    "8 Bregenz, Dornbirn|9 Wien*8",
  IE: "C Galway*2, Sligo|L Dublin*6, Kilkenny, Dundalk|M Cork*3, Limerick*2, Waterford|U Letterkenny, Cavan",
  GB:
    "ENG London*8, Manchester*2, Birmingham*2, Leeds, Liverpool, Bristol, Sheffield, Newcastle upon Tyne, Nottingham, Brighton|" +
    "NIR Belfast|SCT Glasgow*2, Edinburgh*2, Aberdeen|WLS Cardiff*2, Swansea",
  CA:
    "AB Calgary*2, Edmonton*2|BC Vancouver*3, Victoria|MB Winnipeg|NB Moncton|NL St. John's|NT Yellowknife|NS Halifax|NU Iqaluit|" +
    "ON Toronto*5, Ottawa*2, Hamilton, Mississauga|PE Charlottetown|QC Montréal*4, Québec*2|SK Saskatoon, Regina|YT Whitehorse",
  PL:
    "02 Wrocław*2|04 Bydgoszcz, Toruń|06 Lublin|08 Zielona Góra, Gorzów Wielkopolski|10 Łódź*2|12 Kraków*3|14 Warszawa*5, Radom|" +
    "16 Opole|18 Rzeszów|20 Białystok|22 Gdańsk*2, Gdynia|24 Katowice*2, Gliwice, Częstochowa|26 Kielce|28 Olsztyn|30 Poznań*2|32 Szczecin",
  AU:
    "ACT Canberra|NSW Sydney*6, Newcastle, Wollongong|NT Darwin|QLD Brisbane*3, Gold Coast, Cairns|SA Adelaide*2|TAS Hobart|" +
    "VIC Melbourne*6, Geelong|WA Perth*3",
  NZ:
    "AUK Auckland*6|BOP Tauranga, Rotorua|CAN Christchurch*3|CIT Waitangi|GIS Gisborne|HKB Napier, Hastings|MWT Palmerston North, Whanganui|" +
    "MBH Blenheim|NSN Nelson|NTL Whangārei|OTA Dunedin, Queenstown|STL Invercargill|TKI New Plymouth|TAS Richmond|WKO Hamilton*2|" +
    "WGN Wellington*3, Lower Hutt|WTC Greymouth",
  CH:
    "AG Aarau, Baden|AI Appenzell|AR Herisau|BE Bern*2, Biel/Bienne, Thun|BL Liestal, Allschwil|BS Basel*2|FR Fribourg|GE Genève*3|" +
    "GL Glarus|GR Chur|JU Delémont|LU Luzern*2|NE Neuchâtel, La Chaux-de-Fonds|NW Stans|OW Sarnen|SG St. Gallen*2|SH Schaffhausen|" +
    "SO Solothurn, Olten|SZ Schwyz|TG Frauenfeld|TI Lugano*2, Bellinzona|UR Altdorf|VD Lausanne*3|VS Sion, Brig|ZG Zug|ZH Zürich*5, Winterthur*2",
  DK: "81 Aalborg*2|82 Aarhus*3, Herning|83 Odense*2, Esbjerg|84 København*6|85 Roskilde, Næstved",
  FI:
    "01 Mariehamn|02 Lappeenranta|03 Seinäjoki|04 Mikkeli|05 Kajaani|06 Hämeenlinna|07 Kokkola|08 Jyväskylä|09 Kotka|10 Rovaniemi|" +
    "11 Tampere*3|12 Vaasa|13 Joensuu|14 Oulu*2|15 Kuopio|16 Lahti|17 Pori|18 Helsinki*5, Espoo*2, Vantaa*2|19 Turku*2",
  NO:
    "03 Oslo*6|11 Stavanger*2, Sandnes|15 Ålesund|18 Bodø|31 Fredrikstad, Sarpsborg|32 Lillestrøm, Sandvika|33 Drammen|" +
    "34 Hamar, Lillehammer|39 Tønsberg, Sandefjord|40 Skien|42 Kristiansand*2|46 Bergen*4|50 Trondheim*3|55 Tromsø|56 Alta",
  SE:
    "AB Stockholm*6|AC Umeå|BD Luleå|C Uppsala*2|D Eskilstuna|E Linköping, Norrköping|F Jönköping|G Växjö|H Kalmar|I Visby|" +
    "K Karlskrona|M Malmö*3, Helsingborg, Lund|N Halmstad|O Göteborg*4, Borås|S Karlstad|T Örebro|U Västerås|W Falun|X Gävle|" +
    "Y Sundsvall|Z Östersund",
};

export type Town = { region: string; city: string; weight: number };

/** The towns of a country, each with its region code and weight. */
export function townsOf(country: CountryCode): Town[] {
  return TOWNS[country].split("|").flatMap((entry) => {
    const space = entry.indexOf(" ");
    const region = entry.slice(0, space);
    return entry
      .slice(space + 1)
      .split(", ")
      .map((town) => {
        const [city = town, weight = "1"] = town.split("*");
        return { region, city, weight: Number(weight) };
      });
  });
}

/** Where a country's second languages are spoken: a demo member writing French in Switzerland lives in Romandy. */
export const LANGUAGE_REGIONS: Partial<Record<`${CountryCode}-${Language}`, readonly string[]>> = {
  "BE-nl": ["VAN", "VBR", "VLI", "VOV", "VWV", "BRU"],
  "BE-fr": ["WBR", "WHT", "WLG", "WLX", "WNA", "BRU"],
  "BE-de": ["WLG"],
  "CH-de": ["AG", "AI", "AR", "BE", "BL", "BS", "FR", "GL", "GR", "LU", "NW", "OW", "SG", "SH", "SO", "SZ", "TG", "UR", "VS", "ZG", "ZH"],
  "CH-fr": ["BE", "FR", "GE", "JU", "NE", "VD", "VS"],
  "CH-it": ["GR", "TI"],
  "CA-fr": ["NB", "QC"],
  "FI-sv": ["01", "12", "18", "19"],
};
