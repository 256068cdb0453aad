// The demo content in English (also served as en_au and en_in: the texts use no spelling
// that differs between them). Screen names are the app's own (locales/en.json).
import type { DemoTexts } from './types.ts';

export const en: DemoTexts = {
  'notice-welcome': {
    title: 'Welcome to Olive: every figure is earned',
    body: 'Robot earnings are the profit and loss of a real grid strategy, and every balance is the sum of ledger entries you can open in **Fund Details**.\n\nThis installation runs on **demo market data**: prices come from a simulator until the operator connects an exchange.',
  },
  'notice-maintenance': {
    title: 'Scheduled maintenance window on Sunday 02:00–02:30 UTC',
    body: 'Deposits keep arriving during maintenance and are credited as soon as it ends. Withdrawals requested in the window are sent afterwards.',
  },
  'notice-trc20': {
    title: 'TRC20 deposits are credited after 19 confirmations',
    body: 'To protect against chain reorganisations, TRC20 deposits are credited after 19 confirmations (about one minute).',
  },
  'news-grid': {
    title: 'How grid robots behave in a sideways market',
    body: 'A grid robot rests buy and sell orders at fixed price levels. When the price oscillates inside its range, each completed buy-then-sell pair earns one grid step minus fees.\n\n- In a **sideways** market it trades often.\n- In a **trend** it holds inventory and shows a floating loss or profit.\n\nRead the robot detail to see both apart.',
  },
  'news-mining': {
    title: 'Why we publish the inputs of every mining payout',
    body: 'Each daily payout stores the network difficulty, block reward, BTC price and hash rate it used, so anyone can recompute it with the public formula.',
  },
  'news-fund-password': {
    title: 'Security tip: your fund password is not your login password',
    body: 'Olive staff will never ask for either. Set a fund password you use nowhere else; five wrong tries lock withdrawals for 24 hours.',
  },
  'help-top-up': {
    title: 'How do I top up USDT?',
    body: 'Open **Top Up**, choose the network (ERC20, BEP20 or TRC20) and send USDT to the address shown. Send only USDT on that network. The deposit is credited once it has the confirmations listed on the screen.',
  },
  'help-withdraw': {
    title: 'How do withdrawals work?',
    body: 'Save a withdrawal address once per network in **Withdraw Wallet**, then enter the amount and your fund password. The fee is taken from the amount. Large withdrawals wait for a review by an operator.',
  },
  'help-robots': {
    title: 'Where do robot earnings come from?',
    body: 'From the trades of a grid strategy against the market price: a loss is shown as a loss. The expected daily yield is the median of a backtest, an estimate and not a promise.',
  },
  'help-fees': {
    title: 'Which fees apply?',
    body: 'A withdrawal fee per network, trading fees on robot fills, and a performance fee on positive robot profit when you settle. Every fee appears in **Fund Details**.',
  },
  'partner-tether': { detail: 'USDT stablecoin' },
  'partner-ethereum': { detail: 'ERC20 network' },
  'partner-bnb': { detail: 'BEP20 network' },
  'partner-tron': { detail: 'TRC20 network' },
};
