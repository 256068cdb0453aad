// The demo content in Slovenian; screen names as in locales/sl.json.
import type { DemoTexts } from './types.ts';

export const sl: DemoTexts = {
  'notice-welcome': {
    title: 'Dobrodošli v Olive: vsaka številka je zaslužena',
    body: 'Zaslužek robotov je dobiček in izguba resnične mrežne strategije, vsako stanje pa je vsota knjižb, ki jih lahko odprete v razdelku **Pregled sredstev**.\n\nTa namestitev deluje na **demonstracijskih tržnih podatkih**: cene prihajajo iz simulatorja, dokler upravljavec ne poveže borze.',
  },
  'notice-maintenance': {
    title: 'Načrtovano vzdrževanje v nedeljo od 02:00 do 02:30 UTC',
    body: 'Pologi med vzdrževanjem še naprej prihajajo in so knjiženi takoj, ko se konča. Dvigi, zahtevani v tem času, bodo poslani po koncu vzdrževanja.',
  },
  'notice-trc20': {
    title: 'Pologi TRC20 so knjiženi po 19 potrditvah',
    body: 'Za zaščito pred reorganizacijami verige so pologi TRC20 knjiženi po 19 potrditvah (približno v eni minuti).',
  },
  'news-grid': {
    title: 'Kako se mrežni roboti obnašajo na trgu brez trenda',
    body: 'Mrežni robot postavi nakupna in prodajna naročila na fiksnih cenovnih ravneh. Ko cena niha znotraj njegovega razpona, vsak zaključen par nakupa in prodaje prinese en korak mreže, zmanjšan za provizije.\n\n- Na trgu **brez trenda** trguje pogosto.\n- V **trendu** drži zalogo in prikazuje nerealizirano izgubo ali dobiček.\n\nOboje ločeno vidite v Podrobnostih robota.',
  },
  'news-mining': {
    title: 'Zakaj objavljamo vhodne podatke vsakega izplačila rudarjenja',
    body: 'Vsako dnevno izplačilo shrani težavnost omrežja, nagrado za blok, ceno BTC in zgoščevalno moč, ki jih je uporabilo, zato ga lahko vsakdo znova izračuna z javno formulo.',
  },
  'news-fund-password': {
    title: 'Varnostni nasvet: geslo za sredstva ni geslo za prijavo',
    body: 'Osebje Olive vas nikoli ne bo vprašalo za nobeno od njiju. Nastavite geslo za sredstva, ki ga ne uporabljate nikjer drugje; po petih napačnih poskusih so dvigi zaklenjeni za 24 ur.',
  },
  'help-top-up': {
    title: 'Kako položim USDT?',
    body: 'Odprite **Polog**, izberite omrežje (ERC20, BEP20 ali TRC20) in pošljite USDT na prikazani naslov. Pošiljajte samo USDT v tem omrežju. Polog je knjižen, ko doseže število potrditev, navedeno na zaslonu.',
  },
  'help-withdraw': {
    title: 'Kako delujejo dvigi?',
    body: 'V razdelku **Denarnica za dvige** enkrat za vsako omrežje shranite naslov za dvig, nato vnesite znesek in geslo za sredstva. Provizija se odšteje od zneska. Večji dvigi počakajo na pregled upravljavca.',
  },
  'help-robots': {
    title: 'Od kod prihaja zaslužek robotov?',
    body: 'Iz poslov mrežne strategije po tržni ceni: izguba je prikazana kot izguba. Pričakovani dnevni donos je mediana testa na preteklih podatkih, torej ocena in ne obljuba.',
  },
  'help-fees': {
    title: 'Katere provizije veljajo?',
    body: 'Provizija za dvig za vsako omrežje, trgovalne provizije za izvršena naročila robotov in provizija za uspešnost od pozitivnega dobička robota ob poravnavi. Vsaka provizija je prikazana v razdelku **Pregled sredstev**.',
  },
  'partner-tether': { detail: 'Stabilni kovanec USDT' },
  'partner-ethereum': { detail: 'Omrežje ERC20' },
  'partner-bnb': { detail: 'Omrežje BEP20' },
  'partner-tron': { detail: 'Omrežje TRC20' },
};
