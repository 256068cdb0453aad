// The demo content in Italian; screen names as in locales/it.json.
import type { DemoTexts } from './types.ts';

export const it: DemoTexts = {
  'notice-welcome': {
    title: 'Benvenuto su Olive: ogni cifra è guadagnata',
    body: 'I guadagni dei robot sono i profitti e le perdite di una vera strategia a griglia, e ogni saldo è la somma di movimenti contabili che puoi aprire in **Dettagli fondi**.\n\nQuesta installazione usa **dati di mercato dimostrativi**: i prezzi arrivano da un simulatore finché il gestore non collega un exchange.',
  },
  'notice-maintenance': {
    title: 'Manutenzione programmata domenica dalle 02:00 alle 02:30 UTC',
    body: 'Durante la manutenzione i depositi continuano ad arrivare e vengono accreditati appena termina. I prelievi richiesti in quella fascia oraria vengono inviati subito dopo.',
  },
  'notice-trc20': {
    title: 'I depositi TRC20 vengono accreditati dopo 19 conferme',
    body: 'Per proteggerti dalle riorganizzazioni della catena, i depositi TRC20 vengono accreditati dopo 19 conferme (circa un minuto).',
  },
  'news-grid': {
    title: 'Come si comportano i robot a griglia in un mercato laterale',
    body: "Un robot a griglia piazza ordini di acquisto e di vendita a livelli di prezzo fissi. Quando il prezzo oscilla all'interno del suo intervallo, ogni coppia completata di acquisto e vendita guadagna un passo della griglia, al netto delle commissioni.\n\n- In un mercato **laterale** opera spesso.\n- In un **trend** accumula posizioni e mostra una perdita o un profitto non realizzato.\n\nApri i Dettagli del robot per distinguere le due cose.",
  },
  'news-mining': {
    title: 'Perché pubblichiamo i dati di ogni pagamento del mining',
    body: "Ogni pagamento giornaliero registra la difficoltà della rete, la ricompensa del blocco, il prezzo di BTC e l'hash rate usati, così chiunque può ricalcolarlo con la formula pubblica.",
  },
  'news-fund-password': {
    title: 'Consiglio di sicurezza: la password dei fondi non è la password di accesso',
    body: 'Il personale di Olive non te le chiederà mai. Scegli una password dei fondi che non usi altrove; dopo cinque tentativi errati i prelievi restano bloccati per 24 ore.',
  },
  'help-top-up': {
    title: 'Come ricarico USDT?',
    body: "Apri **Ricarica**, scegli la rete (ERC20, BEP20 o TRC20) e invia USDT all'indirizzo mostrato. Invia solo USDT su quella rete. Il deposito viene accreditato quando raggiunge le conferme indicate sullo schermo.",
  },
  'help-withdraw': {
    title: 'Come funzionano i prelievi?',
    body: "Salva una volta per ciascuna rete un indirizzo di prelievo in **Wallet di prelievo**, poi inserisci l'importo e la password dei fondi. La commissione viene detratta dall'importo. I prelievi di importo elevato attendono la verifica di un operatore.",
  },
  'help-robots': {
    title: 'Da dove vengono i guadagni dei robot?',
    body: 'Dalle operazioni di una strategia a griglia al prezzo di mercato: una perdita viene mostrata come perdita. Il rendimento giornaliero atteso è la mediana di un backtest: una stima, non una promessa.',
  },
  'help-fees': {
    title: 'Quali commissioni si applicano?',
    body: 'Una commissione di prelievo per ciascuna rete, commissioni di trading sugli ordini eseguiti dai robot e una commissione di performance sul profitto positivo dei robot al momento della liquidazione. Ogni commissione compare in **Dettagli fondi**.',
  },
  'partner-tether': { detail: 'Stablecoin USDT' },
  'partner-ethereum': { detail: 'Rete ERC20' },
  'partner-bnb': { detail: 'Rete BEP20' },
  'partner-tron': { detail: 'Rete TRC20' },
};
