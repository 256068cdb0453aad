// The legal pages in English: the template every other language follows heading by heading.
import type { LegalTexts } from './fields.ts';

export const en: LegalTexts = {
  fields: {
    company_name: 'company name',
    registered_address: 'registered address',
    company_number: 'company registration number',
    support_email: 'support e-mail',
    governing_law: 'governing law',
    effective_date: 'effective date',
  },
  about: {
    title: 'About Us',
    body: `## Who we are

This platform is operated by {{company_name}}, registered under number {{company_number}}, with its registered address at {{registered_address}}. In these pages "we" means {{company_name}} and "you" means the person who holds an account.

## What we offer

- **Grid trading robots** on BTC, ETH, BNB, SOL and TRX against USDT. A robot places buy and sell orders at fixed price levels and earns, or loses, from the trades it actually makes.
- **Copy trading**: you may copy a robot another investor has made public, with your own principal, and pay its owner the profit share shown before you copy.
- **Mining rental**: you rent hash power for a fixed number of days and earn what the public mining formula gives at each day's network difficulty and BTC price, less electricity.
- **A USDT wallet** on the ERC20, BEP20 and TRC20 networks, for top-ups and withdrawals.

## How we report results

Every figure you see is earned by a real mechanism: a strategy's trades at market prices, the public hash-power formula, or fees actually collected. Every balance is the sum of the entries listed in Fund Details. A loss is shown as a loss. Expected figures, backtests and forecasts are estimates and are labelled as such.

## Proof of reserves

Every day we publish a proof of reserves: a cryptographic summary of what we owe all investors, which you can use to check that your own balance is included, compared with the USDT we hold in custody.

## Contact

Write to {{support_email}} or use Contact Us in the app. Letters may be sent to {{company_name}}, {{registered_address}}.
`,
  },
  disclaimer: {
    title: 'Disclaimer',
    body: `*Effective date: {{effective_date}}*

## No investment advice

Nothing on this platform is investment, financial, legal or tax advice, or an offer to buy or sell any asset. Decide for yourself, and seek independent advice if you are unsure.

## Risks of trading robots

Digital asset prices are volatile. A grid robot earns when the price moves back and forth inside its range; in a strong trend it holds assets that lose value, or misses gains, and you can lose part or all of the principal you give it. Stop-loss and take-profit exits close at the market price, which may be worse than the level you set. Backtests and expected yields are computed from past data and are not promises. Trading fees are charged on every fill, and a performance fee is taken from realised profit when you settle. A robot you copy can lose money like any other, and the profit share you pay its owner is taken from your realised profit.

## Risks of mining rental

Mining earnings follow the public formula at each day's network difficulty, block reward and BTC price. Difficulty usually rises and the BTC price can fall, so a rental can earn less than it cost, and a term shorter than its break-even period is likely to lose money. A rental runs for the fixed term you paid for up front; it cannot be cancelled or refunded part-way.

## Stablecoin and network risks

Balances are kept in USDT, a stablecoin issued by a third party, which may lose its peg or be frozen by its issuer. Blockchain networks can be congested, forked or halted, and a transfer sent to a wrong address or on a wrong network cannot be reversed.

## Past results

Past results, track records, rankings and leaderboards do not guarantee future results. Demo investors and demo robots are marked as such and are not real accounts.

## Availability

We may pause deposits, withdrawals, robots or rentals for maintenance, security or legal reasons. We do our best to keep the service running but do not promise that it will always be available or free of errors.

## Your responsibility

You are responsible for deciding whether these products suit you, for the taxes that apply to you, and for using the platform only where the law allows it.
`,
  },
  privacy: {
    title: 'Privacy Policy',
    body: `*Effective date: {{effective_date}}*

## Who is responsible

{{company_name}} ({{registered_address}}, registration number {{company_number}}) is responsible for the personal data described here. Questions and requests go to {{support_email}}.

## What we collect

- **Account**: your e-mail address or phone number, login name, nickname, avatar, referral code and upline, password and fund password (stored only as one-way hashes), and your two-factor settings.
- **Sign-ins and security**: the time, IP address and device of sign-ins and of security changes, failed attempts and locks.
- **Money**: deposit and withdrawal addresses, transactions on chain, and every ledger entry of your balances, robots, rentals, fees and commissions.
- **Support**: the messages you send us.

## Why we use it

To open and secure your account, run your robots and rentals, credit deposits and send withdrawals, pay team commissions, prevent fraud and money laundering, answer you, and meet our legal duties. We do not sell your data and do not use it for advertising.

## Who receives it

Blockchain networks (addresses and transactions on chain are public by nature), the providers who host our servers or send our e-mails and text messages, and authorities where the law requires it. Each provider receives only what its task needs. Your team upline sees your masked account and your team figures, never your identity in full.

## Proof of reserves

The published proof of reserves contains no names, e-mail addresses or exact balances: each balance is split into several hidden parts, so no one can read your holdings from it.

## How long we keep it

- Your account data: while your account is open, and then as long as the law requires.
- Sign-in and security records: for the period needed to protect accounts and investigate incidents.
- Ledger entries, deposits, withdrawals and fees: for the period the law on financial and accounting records requires, even after your account is closed. A ledger entry is never edited or deleted; a correction is a new entry.

## Your rights

You may ask to see the data we hold about you, to have wrong data corrected, to have data deleted where the law allows it, to receive a copy of your data, and to object to or restrict a use of it. Records we must keep by law cannot be deleted before their period ends. Write to {{support_email}}; we answer within the period the law sets. You may also complain to the data protection authority where you live.

## Security

Passwords are stored as one-way hashes, connections are encrypted, withdrawals above set amounts are reviewed by staff, and staff actions in the console are recorded in an audit log.

## Changes

We will publish any change to this policy here with a new effective date, and tell you in the app when the change is significant.
`,
  },
  terms: {
    title: 'Terms of Service',
    body: `*Effective date: {{effective_date}}*

## Agreement

These terms are an agreement between you and {{company_name}}, registration number {{company_number}}, {{registered_address}}. By opening an account or using the platform you accept them, together with the Disclaimer and the Privacy Policy.

## Eligibility

You must be an adult with full legal capacity and may not use the platform where the law of your country forbids it or where we do not offer it. You open one account for yourself only, with true details.

## Your account and its security

Keep your password, fund password and two-factor device secret and use a fund password you use nowhere else. Everything done with your credentials is treated as done by you. Tell us at once at {{support_email}} if you think your account is at risk. Five wrong fund passwords lock withdrawals for 24 hours.

## Deposits and custody

We hold investors' USDT in custody on the ERC20, BEP20 and TRC20 networks, in wallets we control, and record each investor's share in our ledger. Send only USDT on the network shown for your deposit address; a deposit is credited after the confirmations shown in the app, and a deposit below the minimum is shown but not credited. Your balance is a claim on us for that amount of USDT.

## Withdrawals

A withdrawal pays to the address you saved for its network, less the network's withdrawal fee shown before you confirm, within the daily limit. The amount is frozen when you ask. Withdrawals above a set amount are reviewed by our staff, and larger ones need two approvals. We may hold or refuse a withdrawal while we check it for fraud, money laundering or a legal order; a refused withdrawal returns the amount and the fee to your balance.

## Robots and copy trading

A robot trades the principal you give it under the settings you choose. Trading fees are charged on each fill. When you settle, realised profit is added to your balance less the performance fee shown in the app; when you stop a robot, its positions are closed at the market price and the principal plus or minus its result is returned. If you copy a robot, you also pay its owner the profit share shown, on your realised profit above your previous best. We may disable a robot or close a market for safety.

## Mining rental

A rental is paid up front for a fixed number of days and earns each day what the published formula gives, less electricity, never below zero. It ends at the end of its term unless you renew it.

## Fees

The fees that apply are shown in the app before you act, and every fee you pay appears in Fund Details. We may change fees for the future and will announce it; a change never applies to a fee already charged.

## Prohibited use

You may not use the platform for money laundering, terrorist financing, fraud or sanctions evasion, with funds that are not yours, through automated access we have not allowed, to attack or probe our systems, or to manipulate rankings, referrals or commissions.

## Suspension and closing

We may freeze, limit or close an account that breaks these terms, when the law requires it, or to protect you or other investors, and we will tell you why unless the law forbids it. You may close your account at any time after withdrawing your balance.

## Limits of our liability

We are liable for losses caused by our own fault as the law provides. We are not liable for market losses, for the performance of a robot or rental, for the actions of blockchain networks or stablecoin issuers, or for events beyond our reasonable control. Nothing in these terms limits a liability that the law does not allow to be limited.

## Changes to these terms

We may change these terms. We will publish the new version here with its effective date and tell you in the app before a significant change applies. If you do not agree, you may close your account.

## Governing law

These terms are governed by {{governing_law}}. Disputes go to the courts that law designates, without limiting any right you have as a consumer to go to the courts where you live.

## Contact

{{company_name}}, {{registered_address}}. E-mail: {{support_email}}.
`,
  },
};
