// Pravne strani v slovenščini, razdelek za razdelkom kot angleška predloga.
import type { LegalTexts } from './fields.ts';

export const sl: LegalTexts = {
  fields: {
    company_name: 'ime družbe',
    registered_address: 'sedež družbe',
    company_number: 'matična številka',
    support_email: 'e-pošta podpore',
    governing_law: 'veljavno pravo',
    effective_date: 'datum začetka veljavnosti',
  },
  about: {
    title: 'O nas',
    body: `## Kdo smo

To platformo upravlja {{company_name}}, vpisana pod matično številko {{company_number}}, s sedežem na naslovu {{registered_address}}. Na teh straneh »mi« pomeni {{company_name}}, »vi« pa osebo, ki ima račun.

## Kaj ponujamo

- **Mrežni trgovalni roboti** na BTC, ETH, BNB, SOL in TRX proti USDT. Robot postavi nakupna in prodajna naročila na stalnih cenovnih ravneh ter zasluži ali izgubi s posli, ki jih dejansko sklene.
- **Kopiranje trgovanja**: robota, ki ga je drug vlagatelj objavil, lahko kopirate z lastno glavnico in njegovemu lastniku plačate delež dobička, ki je prikazan pred kopiranjem.
- **Najem rudarjenja**: računsko moč najamete za določeno število dni in prejmete, kar da javna formula rudarjenja ob težavnosti omrežja in ceni BTC posameznega dne, zmanjšano za elektriko.
- **Denarnica USDT** v omrežjih ERC20, BEP20 in TRC20 za vplačila in izplačila.

## Kako prikazujemo rezultate

Vsaka številka, ki jo vidite, izhaja iz resničnega mehanizma: poslov strategije po tržnih cenah, javne formule računske moči ali dejansko pobranih provizij. Vsako stanje je vsota postavk v Pregledu sredstev. Izguba je prikazana kot izguba. Pričakovane vrednosti, povratni testi in napovedi so ocene in so tako označeni.

## Dokaz rezerv

Vsak dan objavimo dokaz rezerv: kriptografski povzetek tega, kar dolgujemo vsem vlagateljem, s katerim lahko preverite, da je vključeno tudi vaše stanje, v primerjavi z USDT, ki jih hranimo.

## Kontakt

Pišite na {{support_email}} ali uporabite Kontakt v aplikaciji. Pošto lahko pošljete na {{company_name}}, {{registered_address}}.
`,
  },
  disclaimer: {
    title: 'Izjava o omejitvi odgovornosti',
    body: `*Začetek veljavnosti: {{effective_date}}*

## Ni naložbeni nasvet

Nič na tej platformi ni naložbeni, finančni, pravni ali davčni nasvet niti ponudba za nakup ali prodajo kakršnega koli sredstva. Odločite se sami in se posvetujte z neodvisnim svetovalcem, če niste prepričani.

## Tveganja trgovalnih robotov

Cene digitalnih sredstev so nestanovitne. Mrežni robot zasluži, ko se cena giblje gor in dol znotraj njegovega razpona; v močnem trendu drži sredstva, ki izgubljajo vrednost, ali zamudi dobiček, in izgubite lahko del ali vso glavnico, ki mu jo zaupate. Izhodi stop-loss in take-profit se zaprejo po tržni ceni, ki je lahko slabša od nastavljene ravni. Povratni testi in pričakovani donosi so izračunani iz preteklih podatkov in niso obljube. Vsaka izvršitev plača trgovalno provizijo, ob poravnavi pa se od realiziranega dobička odšteje provizija za uspešnost. Kopirani robot lahko izgublja kot vsak drug, delež, ki ga plačate lastniku, pa se odšteje od vašega realiziranega dobička.

## Tveganja najema rudarjenja

Zaslužek od rudarjenja sledi javni formuli ob težavnosti omrežja, nagradi za blok in ceni BTC posameznega dne. Težavnost običajno raste, cena BTC pa lahko pade, zato lahko najem prinese manj, kot je stal, in obdobje, krajše od točke preloma, bo verjetno izgubljalo. Najem traja za vnaprej plačano določeno obdobje; ni ga mogoče preklicati ali vrniti med trajanjem.

## Tveganja stabilnega kovanca in omrežij

Stanja se vodijo v USDT, stabilnem kovancu tretje osebe, ki lahko izgubi vezavo ali ga izdajatelj zamrzne. Omrežja veriženja blokov so lahko preobremenjena, razcepljena ali ustavljena, prenosa na napačen naslov ali v napačnem omrežju pa ni mogoče razveljaviti.

## Pretekli rezultati

Pretekli rezultati, zgodovina, uvrstitve in lestvice ne zagotavljajo prihodnjih rezultatov. Predstavitveni vlagatelji in roboti so tako označeni in niso pravi računi.

## Razpoložljivost

Vplačila, izplačila, robote ali najeme lahko začasno ustavimo zaradi vzdrževanja, varnosti ali pravnih razlogov. Trudimo se, da storitev deluje, vendar ne obljubljamo, da bo vedno na voljo in brez napak.

## Vaša odgovornost

Sami presodite, ali so ti izdelki primerni za vas, odgovarjate za svoje davke in platformo uporabljate le tam, kjer to dovoljuje zakon.
`,
  },
  privacy: {
    title: 'Politika zasebnosti',
    body: `*Začetek veljavnosti: {{effective_date}}*

## Upravljavec

{{company_name}} ({{registered_address}}, matična številka {{company_number}}) je upravljavec tukaj opisanih osebnih podatkov. Vprašanja in zahteve pošljite na {{support_email}}.

## Kaj zbiramo

- **Račun**: e-poštni naslov ali telefonska številka, uporabniško ime, vzdevek, avatar, koda priporočila in priporočitelj, geslo in geslo za sredstva (shranjena le kot enosmerni zgoščeni vrednosti) ter nastavitve dvostopenjske prijave.
- **Prijave in varnost**: čas, naslov IP in naprava prijav ter varnostnih sprememb, neuspešni poskusi in zaklepi.
- **Denar**: naslovi za vplačila in izplačila, transakcije v verigi blokov in vsaka postavka vaših stanj, robotov, najemov, provizij in nagrad.
- **Podpora**: sporočila, ki nam jih pošljete.

## Zakaj jih uporabljamo

Da odpremo in zavarujemo vaš račun, poganjamo vaše robote in najeme, knjižimo vplačila in pošiljamo izplačila, izplačujemo ekipne nagrade, preprečujemo goljufije in pranje denarja, vam odgovarjamo in izpolnjujemo zakonske obveznosti. Vaših podatkov ne prodajamo in jih ne uporabljamo za oglaševanje.

## Kdo jih prejme

Omrežja veriženja blokov (naslovi in transakcije v verigi so po naravi javni), ponudniki, ki gostijo naše strežnike ali pošiljajo naša e-sporočila in SMS-e, ter organi, kadar to zahteva zakon. Vsak ponudnik prejme le to, kar potrebuje za svojo nalogo. Vaš priporočitelj vidi vaš zakriti račun in številke ekipe, nikoli vaše celotne identitete.

## Dokaz rezerv

Objavljeni dokaz rezerv ne vsebuje imen, e-poštnih naslovov ali natančnih stanj: vsako stanje je razdeljeno na več skritih delov, zato iz njega nihče ne more razbrati vašega premoženja.

## Kako dolgo jih hranimo

- Podatke računa: dokler je račun odprt in nato toliko časa, kot zahteva zakon.
- Zapise prijav in varnosti: toliko časa, kot je potrebno za zaščito računov in preiskavo incidentov.
- Postavke knjige, vplačila, izplačila in provizije: toliko časa, kot zahteva zakon o finančni in računovodski dokumentaciji, tudi po zaprtju računa. Postavka se nikoli ne spremeni ali izbriše; popravek je nova postavka.

## Vaše pravice

Zahtevate lahko dostop do podatkov, ki jih hranimo o vas, popravek napačnih podatkov, izbris, kadar zakon to dovoljuje, kopijo svojih podatkov ter ugovor proti uporabi ali njeno omejitev. Zapisov, ki jih moramo hraniti po zakonu, ni mogoče izbrisati pred iztekom roka. Pišite na {{support_email}}; odgovorimo v zakonskem roku. Pritožbo lahko vložite tudi pri organu za varstvo podatkov v svoji državi.

## Varnost

Gesla so shranjena kot enosmerne zgoščene vrednosti, povezave so šifrirane, izplačila nad določenimi zneski pregleda naše osebje, dejanja osebja v konzoli pa se beležijo v revizijsko sled.

## Spremembe

Vsako spremembo te politike bomo objavili tukaj z novim datumom začetka veljavnosti, o pomembnih spremembah pa vas bomo obvestili v aplikaciji.
`,
  },
  terms: {
    title: 'Pogoji uporabe',
    body: `*Začetek veljavnosti: {{effective_date}}*

## Dogovor

Ti pogoji so dogovor med vami in {{company_name}}, matična številka {{company_number}}, {{registered_address}}. Z odprtjem računa ali uporabo platforme jih sprejmete skupaj z Izjavo o omejitvi odgovornosti in Politiko zasebnosti.

## Upravičenost

Biti morate polnoletni in popolnoma poslovno sposobni; platforme ne smete uporabljati tam, kjer jo prepoveduje zakon vaše države ali kjer je ne ponujamo. Odprete le en račun, zase, z resničnimi podatki.

## Vaš račun in njegova varnost

Geslo, geslo za sredstva in napravo za dvostopenjsko prijavo hranite v tajnosti ter uporabite geslo za sredstva, ki ga ne uporabljate nikjer drugje. Vse, kar je storjeno z vašimi poverilnicami, velja za storjeno z vaše strani. Takoj nam pišite na {{support_email}}, če menite, da je vaš račun ogrožen. Petkrat napačno geslo za sredstva zaklene izplačila za 24 ur.

## Vplačila in hramba

USDT vlagateljev hranimo v omrežjih ERC20, BEP20 in TRC20, v denarnicah pod našim nadzorom, delež vsakega vlagatelja pa vodimo v svoji glavni knjigi. Pošiljajte le USDT v omrežju svojega naslova za vplačila; vplačilo je knjiženo po potrditvah, navedenih v aplikaciji, vplačilo pod najnižjim zneskom pa je prikazano, a ne knjiženo. Vaše stanje je vaša terjatev do nas za ta znesek USDT.

## Izplačila

Izplačilo je nakazano na naslov, ki ste ga shranili za njegovo omrežje, zmanjšano za provizijo za izplačilo, prikazano pred potrditvijo, znotraj dnevne omejitve. Znesek se ob zahtevi zamrzne. Izplačila nad določenim zneskom pregleda naše osebje, večja pa potrebujejo dve odobritvi. Izplačilo lahko zadržimo ali zavrnemo, medtem ko preverjamo goljufijo, pranje denarja ali odredbo organa; zavrnjeno izplačilo vrne znesek in provizijo na vaše stanje.

## Roboti in kopiranje trgovanja

Robot trguje z glavnico, ki mu jo zaupate, po nastavitvah, ki jih izberete. Vsaka izvršitev plača trgovalno provizijo. Ob poravnavi se realizirani dobiček prišteje vašemu stanju, zmanjšan za provizijo za uspešnost, prikazano v aplikaciji; ko robota ustavite, se njegove pozicije zaprejo po tržni ceni in vrne se vam glavnica, povečana ali zmanjšana za njegov rezultat. Če robota kopirate, njegovemu lastniku plačate še prikazani delež od realiziranega dobička nad vašim prejšnjim vrhom. Robota lahko onemogočimo ali trg zapremo zaradi varnosti.

## Najem rudarjenja

Najem se plača vnaprej za določeno število dni in vsak dan prinese, kar da objavljena formula, zmanjšano za elektriko, nikoli manj kot nič. Konča se ob izteku obdobja, razen če ga podaljšate.

## Provizije

Veljavne provizije so prikazane v aplikaciji, preden ukrepate, vsaka plačana provizija pa je vidna v Pregledu sredstev. Provizije lahko spremenimo za naprej in to vnaprej objavimo; sprememba nikoli ne velja za že zaračunano provizijo.

## Prepovedana uporaba

Platforme ne smete uporabljati za pranje denarja, financiranje terorizma, goljufije ali izogibanje sankcijam, s sredstvi, ki niso vaša, prek samodejnega dostopa, ki ga nismo dovolili, za napade na naše sisteme ali njihovo preizkušanje, niti za prirejanje lestvic, priporočil ali nagrad.

## Začasna ustavitev in zaprtje

Račun, ki krši te pogoje, lahko zamrznemo, omejimo ali zapremo, kadar to zahteva zakon ali da zaščitimo vas ali druge vlagatelje, in vam povemo razlog, razen če zakon to prepoveduje. Svoj račun lahko kadar koli zaprete, potem ko izplačate stanje.

## Omejitve naše odgovornosti

Za škodo, ki jo povzročimo po svoji krivdi, odgovarjamo, kot določa zakon. Ne odgovarjamo za tržne izgube, za rezultat robota ali najema, za delovanje omrežij veriženja blokov ali izdajateljev stabilnih kovancev niti za dogodke zunaj našega razumnega nadzora. Nič v teh pogojih ne omejuje odgovornosti, ki je zakon ne dovoli omejiti.

## Spremembe pogojev

Te pogoje lahko spremenimo. Novo različico bomo objavili tukaj z datumom začetka veljavnosti in vas o pomembni spremembi obvestili v aplikaciji, preden začne veljati. Če se ne strinjate, lahko svoj račun zaprete.

## Veljavno pravo

Za te pogoje velja {{governing_law}}. Za spore so pristojna sodišča, ki jih določa to pravo, kar ne posega v vašo pravico potrošnika, da se obrnete na sodišče v kraju svojega prebivališča.

## Kontakt

{{company_name}}, {{registered_address}}. E-pošta: {{support_email}}.
`,
  },
};
