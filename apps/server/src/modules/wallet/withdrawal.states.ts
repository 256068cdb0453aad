// A withdrawal's one state machine (decision 180, after Peatio's Withdraw model): the
// states, where the investor's money is in each, and the moves between them. The service,
// the sender, the repository and the chain helpers read these tables; no other file spells
// a state. A request takes the whole amount from available in one ledger entry: amount -
// fee is frozen and the fee is collected (fee revenue). Each later state either sends what
// was frozen (out of custody) or releases it and refunds the fee (-> available).
//   pending_review -> approved -> broadcast -> confirmed
//   pending_review -> rejected;  approved | broadcast -> failed
import type { WithdrawalStatus } from '../../db/schema.ts';

export type WithdrawalState = WithdrawalStatus;

/**
 * Where a withdrawal's money is:
 * - `frozen`: amount - fee in the investor's frozen account, the fee in fee revenue;
 * - `sent`: what was frozen paid out of custody (the hot wallet) for good;
 * - `released`: the whole amount back in available, a collected fee refunded.
 */
export type FundsHeld = 'frozen' | 'sent' | 'released';

export const WITHDRAWAL_STATES = {
  /** Above the auto-approval amount: waits for an operator (two above four-eyes). */
  pending_review: { funds: 'frozen', sender: false },
  /** The sender signs it (the bytes recorded before anything is broadcast). */
  approved: { funds: 'frozen', sender: true },
  /** On chain; followed by the sender to its confirmations. */
  broadcast: { funds: 'frozen', sender: true },
  confirmed: { funds: 'sent', sender: false },
  rejected: { funds: 'released', sender: false },
  failed: { funds: 'released', sender: false },
} as const satisfies Record<WithdrawalState, { funds: FundsHeld; sender: boolean }>;

/** The state of a withdrawal waiting for an operator's review. */
export const AWAITING_REVIEW = 'pending_review' satisfies WithdrawalState;

/** The state a request starts in: approved up to the auto-approval amount, else reviewed. */
export const requestedState = (autoApproved: boolean): WithdrawalState =>
  autoApproved ? 'approved' : AWAITING_REVIEW;

/** Every allowed move: the states it leaves from and the state it reaches. */
export const WITHDRAWAL_TRANSITIONS = {
  /** An operator's approval (the second one above the four-eyes amount). */
  approve: { from: ['pending_review'], to: 'approved' },
  /** An operator's refusal: funds released. */
  reject: { from: ['pending_review'], to: 'rejected' },
  /** The sender broadcast the recorded bytes, or found them already on chain. */
  broadcast: { from: ['approved'], to: 'broadcast' },
  /** Bytes that can never land (expired unmined, a devchain reset) signed again. */
  signAgain: { from: ['approved', 'broadcast'], to: 'approved' },
  /** The transfer reached its confirmations: the money left custody. */
  confirm: { from: ['broadcast'], to: 'confirmed' },
  /** Reverted on chain: funds released. */
  fail: { from: ['approved', 'broadcast'], to: 'failed' },
} as const satisfies Record<string, { from: readonly WithdrawalState[]; to: WithdrawalState }>;

export type WithdrawalMove = keyof typeof WITHDRAWAL_TRANSITIONS;

/** Whether a withdrawal in `state` may make `move`. */
export const canMove = (state: WithdrawalState, move: WithdrawalMove) =>
  (WITHDRAWAL_TRANSITIONS[move].from as readonly WithdrawalState[]).includes(state);

const statesWhere = (test: (rule: { funds: FundsHeld; sender: boolean }) => boolean) =>
  (Object.keys(WITHDRAWAL_STATES) as WithdrawalState[]).filter((s) => test(WITHDRAWAL_STATES[s]));

/** The states the sender works on: signed or to be signed, not yet confirmed. */
export const SENDER_STATES = statesWhere((s) => s.sender);
/** The states whose funds went back to the investor: they no longer count (daily limit). */
export const RELEASED_STATES = statesWhere((s) => s.funds === 'released');
