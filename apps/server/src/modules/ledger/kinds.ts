// What accounts exist and which movements of money are allowed between them. Every entry
// kind names the account kinds it may touch, so a module cannot invent a money flow.
// Sign convention and account model: docs/decisions/006-ledger-model.md.

/** Accounts an investor owns. Never negative (the database refuses it). */
export const USER_ACCOUNT_KINDS = [
  'available', // the balance: what can be withdrawn, invested or rented with
  'frozen', // held for a withdrawal in progress
  'robot_principal', // principal inside a robot (subkey: robot id)
  'robot_pnl', // a robot's realised profit not yet settled to the balance (subkey: robot id)
  'mining', // mining earnings held on a rental until moved to the balance (subkey: rental id)
  // Referral commissions on a fee that can still be refunded (a withdrawal not yet
  // confirmed): no spending or withdrawal kind touches it (decision 138).
  'commission_pending',
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/**
 * The platform's side. `mayGoNegative` accounts are contra accounts: their balance is
 * minus what flowed out of them (custody: minus the USDT held on that network for users).
 * `shards`: a hot account is split into that many rows, summed on read (decision 005);
 * about four times the writers that may touch it at once. Changing it is safe: reads sum
 * every row of the account, whatever the count.
 */
export const PLATFORM_ACCOUNTS = {
  // `<network>` is what deposit addresses hold, `<network>:hot` what the hot wallet holds
  // for users; sweeps move between them, so their sum per network is the custody.
  custody: {
    mayGoNegative: true,
    shards: 64,
    subkeys: ['erc20', 'bep20', 'trc20', 'erc20:hot', 'bep20:hot', 'trc20:hot'],
  },
  fee_revenue: { mayGoNegative: false, shards: 128, subkeys: [''] },
  robot_pnl_clearing: { mayGoNegative: true, shards: 64, subkeys: [''] },
  mining_payout: { mayGoNegative: true, shards: 64, subkeys: [''] },
  mining_revenue: { mayGoNegative: false, shards: 64, subkeys: [''] },
  // The platform's margin on mining rents (issue 12): the fee referral commissions come from.
  mining_margin: { mayGoNegative: false, shards: 64, subkeys: [''] },
  commission_expense: { mayGoNegative: true, shards: 64, subkeys: [''] },
  // Fees given back (a rejected or failed withdrawal's fee): a contra account of
  // fee_revenue, which is sharded and credit-only (decision 005).
  fee_refunds: { mayGoNegative: true, shards: 64, subkeys: [''] },
  adjustment: { mayGoNegative: true, shards: 1, subkeys: [''] },
  // Play money given to the seeded demo investors (issue 11): minus what they were given.
  // Not custody: no USDT stands behind it, and proof of reserves leaves demo investors out.
  demo_grant: { mayGoNegative: true, shards: 1, subkeys: [''] },
} as const satisfies Record<
  string,
  { mayGoNegative: boolean; shards: number; subkeys: readonly string[] }
>;
export type PlatformAccountKind = keyof typeof PLATFORM_ACCOUNTS;
export const PLATFORM_ACCOUNT_KINDS = Object.keys(PLATFORM_ACCOUNTS) as PlatformAccountKind[];

export type AccountKind = UserAccountKind | PlatformAccountKind;

export const NETWORKS = ['erc20', 'bep20', 'trc20'] as const;
export type Network = (typeof NETWORKS)[number];

export const isUserAccountKind = (kind: string): kind is UserAccountKind =>
  (USER_ACCOUNT_KINDS as readonly string[]).includes(kind);
export const isPlatformAccountKind = (kind: string): kind is PlatformAccountKind =>
  Object.hasOwn(PLATFORM_ACCOUNTS, kind);

interface EntryKindRule {
  /** The account kinds an entry of this kind may touch (each at most once per account). */
  accounts: readonly AccountKind[];
  /** Counts towards the investor's total earnings (net of losses and fees). */
  earning: boolean;
  /** Made by an operator: needs a reason and the operator's id. */
  operator: boolean;
}

/**
 * The documented money movements. Descriptions for Fund Details are `ledger.kind.<kind>`
 * in the server catalogues. Later modules use these as they are; a new flow is a new kind
 * here, reviewed with the decision record.
 */
export const ENTRY_KINDS = {
  // Wallet (issues 5 and 6). Withdrawal: the freeze takes the amount from the balance,
  // holds amount - fee and collects the fee (fee_revenue); sent pays the address what was
  // held; a rejection or failure releases what was held and refunds the fee (fee_refunds).
  // Withdrawals from before migration 0052 held the whole amount and pay the fee when sent.
  deposit: { accounts: ['custody', 'available'], earning: false, operator: false },
  withdrawal_freeze: {
    accounts: ['available', 'frozen', 'fee_revenue'],
    earning: false,
    operator: false,
  },
  withdrawal_release: {
    accounts: ['frozen', 'fee_refunds', 'available'],
    earning: false,
    operator: false,
  },
  withdrawal_sent: {
    accounts: ['frozen', 'custody', 'fee_revenue'],
    earning: false,
    operator: false,
  },
  withdrawal_fee: { accounts: ['frozen', 'fee_revenue'], earning: false, operator: false },
  // Deposit addresses consolidated into the hot wallet: custody moves, nobody's balance.
  sweep: { accounts: ['custody'], earning: false, operator: false },
  // Robots (issue 6/7): principal in and out, PnL against the clearing account, settlement
  // of realised profit to the balance less the performance fee.
  robot_fund: { accounts: ['available', 'robot_principal'], earning: false, operator: false },
  robot_return: {
    accounts: ['robot_principal', 'robot_pnl', 'available'],
    earning: false,
    operator: false,
  },
  robot_profit: { accounts: ['robot_pnl_clearing', 'robot_pnl'], earning: true, operator: false },
  robot_loss: {
    accounts: ['robot_pnl', 'robot_principal', 'robot_pnl_clearing'],
    earning: true,
    operator: false,
  },
  robot_settle: {
    accounts: ['robot_pnl', 'available', 'fee_revenue'],
    earning: true,
    operator: false,
  },
  performance_fee: { accounts: ['robot_pnl', 'fee_revenue'], earning: true, operator: false },
  // Copy trading (issue 32, decision 150): a copier pays the leader the agreed share of
  // profit above the copier's high-water mark, from the balance the settlement just paid.
  robot_profit_share: { accounts: ['available'], earning: true, operator: false },
  // Mining (issue 7): rent paid up front, daily payouts from the payout account.
  mining_rent: { accounts: ['available', 'mining_revenue'], earning: false, operator: false },
  mining_payout: {
    accounts: ['mining_payout', 'mining', 'available'],
    earning: true,
    operator: false,
  },
  // The platform's share of a rent (the model's margin_bps), apart from the rest of the rent
  // so that it is an identifiable fee: referral commissions are computed from these.
  mining_margin: { accounts: ['available', 'mining_margin'], earning: false, operator: false },
  // Team: a share of fees the platform collected, never of principal.
  commission: { accounts: ['commission_expense', 'available'], earning: true, operator: false },
  // A commission on a fee that can still be refunded: held apart until the fee is final.
  commission_pending: {
    accounts: ['commission_expense', 'commission_pending'],
    earning: true,
    operator: false,
  },
  // The fee became final (the withdrawal confirmed): the pending commission is the upline's.
  commission_release: {
    accounts: ['commission_pending', 'available'],
    earning: true,
    operator: false,
  },
  // The fee was refunded (rejected or failed withdrawal): the pending commission goes back.
  commission_cancel: {
    accounts: ['commission_pending', 'commission_expense'],
    earning: true,
    operator: false,
  },
  // Before decision 138: a commission paid at once taken back because its fee was refunded
  // (at most the upline's balance). Only commissions paid before migration 0130 still use it.
  commission_reversal: {
    accounts: ['available', 'commission_expense'],
    earning: true,
    operator: false,
  },
  // The demo's starting balance of a seeded demo investor (decision 111d), never a customer's.
  demo_grant: { accounts: ['demo_grant', 'available'], earning: false, operator: false },
  // Operators, with a reason and their id on the entry.
  adjustment_credit: { accounts: ['adjustment', 'available'], earning: false, operator: true },
  adjustment_debit: { accounts: ['available', 'adjustment'], earning: false, operator: true },
} as const satisfies Record<string, EntryKindRule>;

export type EntryKind = keyof typeof ENTRY_KINDS;
export const ENTRY_KIND_NAMES = Object.keys(ENTRY_KINDS) as EntryKind[];
export const isEntryKind = (kind: string): kind is EntryKind => Object.hasOwn(ENTRY_KINDS, kind);

export const EARNING_KINDS = ENTRY_KIND_NAMES.filter((k) => ENTRY_KINDS[k].earning);
/** Money that is not earned yet: earnings count it when it reaches the balance. */
export const UNEARNED_ACCOUNT_KINDS: readonly UserAccountKind[] = ['commission_pending'];

/** The translation key of an entry kind's description in Fund Details. */
export const entryDescriptionKey = (kind: string) => `ledger.kind.${kind}`;
