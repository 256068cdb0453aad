// The demo content of a fresh installation: a few notices and news, the help centre, the
// four pages (about, disclaimer, privacy, terms) in every language marked as sample text,
// partners with logos, and customer-service contacts. It runs only while the tables are
// empty, so it never overwrites what an operator wrote. Logos are drawn here and go
// through the same pipeline as uploaded avatars.
import sharp from 'sharp';
import type { Db } from '../../db/database.ts';
import { systemClock } from '../../ports/clock.ts';
import { settingsRepository } from '../../db/settings.repository.ts';
import { contentRepository } from './content.repository.ts';
import { APP_DOWNLOAD_KEY, contentService } from './content.service.ts';
import { legalSamples } from './legal-samples.ts';

const HOUR = 3_600_000;

const notices = [
  {
    title: 'Welcome to Olive: every figure is earned',
    pinned: true,
    body: 'Robot earnings are the profit and loss of a real grid strategy, and every balance is the sum of ledger entries you can open in **Fund Details**.\n\nThis installation runs on **demo market data**: prices come from a simulator until the operator connects an exchange.',
  },
  {
    title: 'Scheduled maintenance window on Sunday 02:00–02:30 UTC',
    pinned: true,
    body: 'Deposits keep arriving during maintenance and are credited as soon as it ends. Withdrawals requested in the window are sent afterwards.',
  },
  {
    title: 'TRC20 deposits are credited after 19 confirmations',
    pinned: false,
    body: 'To protect against chain reorganisations, TRC20 deposits are credited after 19 confirmations (about one minute).',
  },
];

const news = [
  {
    title: 'How grid robots behave in a sideways market',
    body: 'A grid robot rests buy and sell orders at fixed price levels. When the price oscillates inside its range, each completed buy-then-sell pair earns one grid step minus fees.\n\n- In a **sideways** market it trades often.\n- In a **trend** it holds inventory and shows a floating loss or profit.\n\nRead the robot detail to see both apart.',
  },
  {
    title: 'Why we publish the inputs of every mining payout',
    body: 'Each daily payout stores the network difficulty, block reward, BTC price and hash rate it used, so anyone can recompute it with the public formula.',
  },
  {
    title: 'Security tip: your fund password is not your login password',
    body: 'Olive staff will never ask for either. Set a fund password you use nowhere else; five wrong tries lock withdrawals for 24 hours.',
  },
];

const help = [
  {
    key: 'help-top-up',
    category: 'wallet',
    title: 'How do I top up USDT?',
    body: 'Open **Top Up**, choose the network (ERC20, BEP20 or TRC20) and send USDT to the address shown. Send only USDT on that network. The deposit is credited once it has the confirmations listed on the screen.',
  },
  {
    key: 'help-withdraw',
    category: 'wallet',
    title: 'How do withdrawals work?',
    body: 'Save a withdrawal address once per network in **Withdraw Wallet**, then enter the amount and your fund password. The fee is taken from the amount. Large withdrawals wait for a review by an operator.',
  },
  {
    key: 'help-robots',
    category: 'robots',
    title: 'Where do robot earnings come from?',
    body: 'From the trades of a grid strategy against the market price: a loss is shown as a loss. The expected daily yield is the median of a backtest, an estimate and not a promise.',
  },
  {
    key: 'help-fees',
    category: 'fees',
    title: 'Which fees apply?',
    body: 'A withdrawal fee per network, trading fees on robot fills, and a performance fee on positive robot profit when you settle. Every fee appears in **Fund Details**.',
  },
];

const partners = [
  { name: 'Tether', detail: 'USDT', url: 'https://tether.to', mark: '₮', colour: '#26a17b' },
  { name: 'Ethereum', detail: 'ERC20', url: 'https://ethereum.org', mark: 'Ξ', colour: '#627eea' },
  {
    name: 'BNB Chain',
    detail: 'BEP20',
    url: 'https://www.bnbchain.org',
    mark: 'B',
    colour: '#f0b90b',
  },
  { name: 'TRON', detail: 'TRC20', url: 'https://tron.network', mark: 'T', colour: '#eb0029' },
];

function logo(mark: string, colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <circle cx="128" cy="128" r="120" fill="${colour}"/>
    <text x="128" y="168" font-size="120" font-family="sans-serif" font-weight="bold"
      text-anchor="middle" fill="#ffffff">${mark}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedContent(db: Db): Promise<void> {
  const repo = contentRepository(db);
  const settings = settingsRepository(db);
  await settings.putDefault(APP_DOWNLOAD_KEY, { android_url: '', ios_url: '' });
  const content = contentService({
    repo,
    settings,
    clock: systemClock,
    totals: () => Promise.reject(new Error('not used by the seed')),
  });

  if ((await repo.countContacts()) === 0) {
    await content.addContact({
      kind: 'group',
      channel: 'telegram',
      label: 'Olive community (Telegram)',
      url: 'https://t.me/olive_demo_support',
      hours: 'Every day 08:00–22:00 UTC',
      sort: 1,
    });
    await content.addContact({
      kind: 'person',
      channel: 'whatsapp',
      label: 'Support agent (WhatsApp)',
      url: 'https://wa.me/10000000000',
      hours: 'Mon–Fri 09:00–18:00 UTC',
      sort: 2,
    });
    await content.addContact({
      kind: 'person',
      channel: 'email',
      label: 'support@olive.example',
      url: 'mailto:support@olive.example',
      hours: 'Answered within one working day',
      sort: 3,
    });
  }

  if ((await repo.countItems()) > 0) return;
  const now = Date.now();
  const publish = (id: string, hoursAgo: number) =>
    content.publish(id, new Date(now - hoursAgo * HOUR));

  for (const [index, item] of notices.entries()) {
    const id = await content.add({ kind: 'notice', lang: 'en', ...item });
    await publish(id, 2 + index * 30);
  }
  for (const [index, item] of news.entries()) {
    const id = await content.add({ kind: 'news', lang: 'en', ...item });
    await publish(id, 5 + index * 40);
  }
  for (const [index, item] of help.entries()) {
    const id = await content.add({ kind: 'help', lang: 'en', sort: index, ...item });
    await publish(id, 24);
  }
  for (const [index, partner] of partners.entries()) {
    const image = await content.addImage(await logo(partner.mark, partner.colour), {
      width: 256,
      height: 256,
    });
    const id = await content.add({
      kind: 'partner',
      lang: 'en',
      title: partner.name,
      body: partner.detail,
      link_url: partner.url,
      cover_image_id: image,
      sort: index,
    });
    await publish(id, 24);
  }
  for (const key of ['about', 'disclaimer', 'privacy', 'terms'] as const) {
    const id = await content.add({
      kind: 'page',
      key,
      lang: 'en',
      title: legalSamples.en![key][0],
      body: pageBody('en', key),
    });
    for (const lang of Object.keys(legalSamples)) {
      if (lang === 'en') continue;
      await content.set(id, {
        lang,
        title: legalSamples[lang]![key][0],
        body: pageBody(lang, key),
      });
    }
    await publish(id, 48);
  }
}

function pageBody(lang: string, key: 'about' | 'disclaimer' | 'privacy' | 'terms') {
  const sample = legalSamples[lang]!;
  return `> *${sample.sample}*\n\n${sample[key][1]}`;
}
