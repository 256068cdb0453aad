// Le pagine legali in italiano, sezione per sezione come il modello inglese.
import type { LegalTexts } from './fields.ts';

export const it: LegalTexts = {
  fields: {
    company_name: 'ragione sociale',
    registered_address: 'sede legale',
    company_number: 'numero di registrazione',
    support_email: 'e-mail di assistenza',
    governing_law: 'legge applicabile',
    effective_date: 'data di entrata in vigore',
  },
  about: {
    title: 'Chi siamo',
    body: `## Chi siamo

Questa piattaforma è gestita da {{company_name}}, registrata con il numero {{company_number}}, con sede legale in {{registered_address}}. In queste pagine «noi» indica {{company_name}} e «tu» la persona titolare di un account.

## Cosa offriamo

- **Robot di trading a griglia** su BTC, ETH, BNB, SOL e TRX contro USDT. Un robot piazza ordini di acquisto e vendita a livelli di prezzo fissi e guadagna, o perde, con le operazioni che esegue davvero.
- **Copy trading**: puoi copiare un robot che un altro investitore ha reso pubblico, con il tuo capitale, e pagare al suo proprietario la quota di profitto mostrata prima di copiare.
- **Noleggio di mining**: noleggi potenza di calcolo per un numero fisso di giorni e ricevi ciò che dà la formula pubblica del mining con la difficoltà di rete e il prezzo di BTC di ogni giorno, meno l'elettricità.
- **Un wallet USDT** sulle reti ERC20, BEP20 e TRC20, per depositi e prelievi.

## Come presentiamo i risultati

Ogni cifra che vedi nasce da un meccanismo reale: le operazioni di una strategia ai prezzi di mercato, la formula pubblica della potenza di calcolo o commissioni effettivamente incassate. Ogni saldo è la somma delle voci elencate in Dettagli fondi. Una perdita è mostrata come perdita. Cifre attese, backtest e previsioni sono stime e sono indicati come tali.

## Prova delle riserve

Ogni giorno pubblichiamo una prova delle riserve: un riepilogo crittografico di quanto dobbiamo a tutti gli investitori, con cui puoi verificare che il tuo saldo sia incluso, confrontato con gli USDT che custodiamo.

## Contatti

Scrivi a {{support_email}} o usa Contattaci nell'app. La posta può essere inviata a {{company_name}}, {{registered_address}}.
`,
  },
  disclaimer: {
    title: 'Esclusione di responsabilità',
    body: `*Data di entrata in vigore: {{effective_date}}*

## Nessuna consulenza finanziaria

Nulla su questa piattaforma è consulenza d'investimento, finanziaria, legale o fiscale, né un'offerta di acquisto o vendita di alcun bene. Decidi da solo e chiedi un parere indipendente se hai dubbi.

## Rischi dei robot di trading

I prezzi degli asset digitali sono volatili. Un robot a griglia guadagna quando il prezzo oscilla dentro il suo intervallo; in un trend forte detiene asset che perdono valore, o perde guadagni, e puoi perdere in parte o del tutto il capitale che gli affidi. Le uscite stop-loss e take-profit chiudono al prezzo di mercato, che può essere peggiore del livello impostato. Backtest e rendimenti attesi sono calcolati su dati passati e non sono promesse. Ogni esecuzione paga commissioni di trading, e alla liquidazione una commissione di performance è trattenuta dal profitto realizzato. Un robot che copi può perdere denaro come ogni altro, e la quota pagata al suo proprietario è trattenuta dal tuo profitto realizzato.

## Rischi del noleggio di mining

I guadagni del mining seguono la formula pubblica con la difficoltà di rete, la ricompensa di blocco e il prezzo di BTC di ogni giorno. La difficoltà di solito sale e il prezzo di BTC può scendere, quindi un noleggio può rendere meno di quanto è costato, e una durata inferiore al pareggio probabilmente perde denaro. Un noleggio dura il periodo fisso pagato in anticipo; non può essere annullato né rimborsato a metà.

## Rischi della stablecoin e delle reti

I saldi sono tenuti in USDT, una stablecoin emessa da terzi, che può perdere l'ancoraggio o essere congelata dall'emittente. Le reti blockchain possono essere congestionate, divise o ferme, e un trasferimento inviato a un indirizzo o su una rete sbagliati non può essere annullato.

## Risultati passati

Risultati passati, storici, classifiche e graduatorie non garantiscono risultati futuri. Investitori e robot dimostrativi sono contrassegnati come tali e non sono account reali.

## Disponibilità

Possiamo sospendere depositi, prelievi, robot o noleggi per manutenzione, sicurezza o motivi legali. Facciamo del nostro meglio per mantenere il servizio, ma non promettiamo che sia sempre disponibile o privo di errori.

## La tua responsabilità

Sta a te decidere se questi prodotti fanno per te, pagare le imposte che ti riguardano e usare la piattaforma solo dove la legge lo consente.
`,
  },
  privacy: {
    title: 'Informativa sulla privacy',
    body: `*Data di entrata in vigore: {{effective_date}}*

## Titolare del trattamento

{{company_name}} ({{registered_address}}, numero di registrazione {{company_number}}) è titolare dei dati personali qui descritti. Domande e richieste a {{support_email}}.

## Cosa raccogliamo

- **Account**: indirizzo e-mail o numero di telefono, nome utente, soprannome, avatar, codice invito e referente, password e password dei fondi (conservate solo come hash irreversibili) e le impostazioni dell'autenticazione a due fattori.
- **Accessi e sicurezza**: ora, indirizzo IP e dispositivo degli accessi e delle modifiche di sicurezza, tentativi falliti e blocchi.
- **Denaro**: indirizzi di deposito e prelievo, transazioni sulla blockchain e ogni voce di saldi, robot, noleggi, commissioni e provvigioni.
- **Assistenza**: i messaggi che ci invii.

## Perché li usiamo

Per aprire e proteggere il tuo account, far funzionare robot e noleggi, accreditare depositi e inviare prelievi, pagare le provvigioni di squadra, prevenire frodi e riciclaggio, risponderti e rispettare i nostri obblighi di legge. Non vendiamo i tuoi dati e non li usiamo per pubblicità.

## Chi li riceve

Le reti blockchain (indirizzi e transazioni sulla blockchain sono pubblici per natura), i fornitori che ospitano i nostri server o inviano le nostre e-mail e SMS, e le autorità quando la legge lo richiede. Ogni fornitore riceve solo ciò che serve al suo compito. Il tuo referente vede il tuo account mascherato e i numeri della tua squadra, mai la tua identità completa.

## Prova delle riserve

La prova delle riserve pubblicata non contiene nomi, indirizzi e-mail né saldi esatti: ogni saldo è diviso in più parti nascoste, così nessuno può leggervi quanto possiedi.

## Per quanto li conserviamo

- Dati dell'account: finché l'account è aperto e poi per il tempo richiesto dalla legge.
- Registri di accesso e sicurezza: per il tempo necessario a proteggere gli account e indagare sugli incidenti.
- Voci contabili, depositi, prelievi e commissioni: per il periodo richiesto dalla legge sui documenti finanziari e contabili, anche dopo la chiusura dell'account. Una voce non viene mai modificata né cancellata; una correzione è una nuova voce.

## I tuoi diritti

Puoi chiedere di accedere ai dati che abbiamo su di te, di correggere quelli errati, di cancellarli dove la legge lo consente, di riceverne una copia e di opporti a un uso o limitarlo. I documenti che la legge ci obbliga a conservare non possono essere cancellati prima della scadenza. Scrivi a {{support_email}}; rispondiamo entro il termine di legge. Puoi anche presentare reclamo all'autorità per la protezione dei dati del tuo paese.

## Sicurezza

Le password sono conservate come hash irreversibili, le connessioni sono cifrate, il nostro personale esamina i prelievi oltre certi importi e le azioni del personale nella console sono registrate in un registro di controllo.

## Modifiche

Pubblicheremo qui ogni modifica di questa informativa con una nuova data di entrata in vigore e ti avviseremo nell'app delle modifiche importanti.
`,
  },
  terms: {
    title: 'Termini di servizio',
    body: `*Data di entrata in vigore: {{effective_date}}*

## Accordo

Questi termini sono un accordo tra te e {{company_name}}, numero di registrazione {{company_number}}, {{registered_address}}. Aprendo un account o usando la piattaforma li accetti, insieme all'Esclusione di responsabilità e all'Informativa sulla privacy.

## Requisiti

Devi essere maggiorenne e pienamente capace di agire, e non puoi usare la piattaforma dove la legge del tuo paese lo vieta o dove non la offriamo. Apri un solo account, per te stesso, con dati veri.

## Il tuo account e la sua sicurezza

Tieni segreti la password, la password dei fondi e il dispositivo a due fattori, e usa una password dei fondi che non usi altrove. Tutto ciò che viene fatto con le tue credenziali si considera fatto da te. Avvisaci subito a {{support_email}} se pensi che il tuo account sia a rischio. Cinque password dei fondi errate bloccano i prelievi per 24 ore.

## Depositi e custodia

Custodiamo gli USDT degli investitori sulle reti ERC20, BEP20 e TRC20, in wallet che controlliamo, e registriamo la quota di ogni investitore nel nostro libro contabile. Invia solo USDT sulla rete del tuo indirizzo di deposito; un deposito è accreditato dopo le conferme indicate nell'app, e un deposito sotto il minimo è mostrato ma non accreditato. Il tuo saldo è un credito verso di noi per quell'importo in USDT.

## Prelievi

Un prelievo è pagato all'indirizzo salvato per la sua rete, meno la commissione di prelievo mostrata prima della conferma, entro il limite giornaliero. L'importo è congelato alla richiesta. Il nostro personale esamina i prelievi oltre un certo importo, e quelli maggiori richiedono due approvazioni. Possiamo trattenere o rifiutare un prelievo mentre lo verifichiamo per frode, riciclaggio o un ordine dell'autorità; un prelievo rifiutato restituisce importo e commissione al tuo saldo.

## Robot e copy trading

Un robot opera con il capitale che gli affidi secondo le impostazioni che scegli. Ogni esecuzione paga commissioni di trading. Alla liquidazione il profitto realizzato è aggiunto al tuo saldo meno la commissione di performance mostrata nell'app; quando fermi un robot, le sue posizioni sono chiuse al prezzo di mercato e ti è restituito il capitale più o meno il suo risultato. Se copi un robot, paghi anche al suo proprietario la quota mostrata sul tuo profitto realizzato oltre il tuo massimo precedente. Possiamo disattivare un robot o chiudere un mercato per sicurezza.

## Noleggio di mining

Un noleggio è pagato in anticipo per un numero fisso di giorni e ogni giorno rende ciò che dà la formula pubblicata, meno l'elettricità, mai sotto zero. Termina alla fine del periodo, salvo rinnovo.

## Commissioni

Le commissioni applicabili sono mostrate nell'app prima che tu agisca, e ogni commissione pagata compare in Dettagli fondi. Possiamo modificare le commissioni per il futuro e lo annunceremo; una modifica non si applica mai a una commissione già addebitata.

## Usi vietati

Non puoi usare la piattaforma per riciclaggio, finanziamento del terrorismo, frode o elusione di sanzioni, con fondi non tuoi, con accessi automatizzati non autorizzati, per attaccare o sondare i nostri sistemi, né per manipolare classifiche, inviti o provvigioni.

## Sospensione e chiusura

Possiamo congelare, limitare o chiudere un account che viola questi termini, quando la legge lo richiede o per proteggere te o altri investitori, e ti diremo il motivo salvo che la legge lo vieti. Puoi chiudere il tuo account in qualsiasi momento dopo aver prelevato il saldo.

## Limiti della nostra responsabilità

Rispondiamo delle perdite causate da nostra colpa secondo quanto prevede la legge. Non rispondiamo delle perdite di mercato, del risultato di un robot o di un noleggio, del comportamento delle reti blockchain o degli emittenti di stablecoin, né di eventi fuori dal nostro ragionevole controllo. Nulla in questi termini limita una responsabilità che la legge non consente di limitare.

## Modifiche ai termini

Possiamo modificare questi termini. Pubblicheremo qui la nuova versione con la sua data di entrata in vigore e ti avviseremo nell'app prima che una modifica importante si applichi. Se non sei d'accordo, puoi chiudere il tuo account.

## Legge applicabile

Questi termini sono regolati da {{governing_law}}. Le controversie spettano ai tribunali indicati da tale legge, fermo restando il tuo diritto di consumatore di rivolgerti ai tribunali del luogo in cui vivi.

## Contatti

{{company_name}}, {{registered_address}}. E-mail: {{support_email}}.
`,
  },
};
