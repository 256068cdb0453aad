// The registration form kept across a visit to the terms or the privacy policy and back
// (issue 18): a module variable, so it lives as long as the page and no longer. Nothing
// of it, passwords least of all, goes to localStorage or sessionStorage.
import type { AccountKind } from '../utils/rules.ts';

export interface RegisterDraft {
  kind: AccountKind;
  values: Record<string, unknown>;
  /** The proof of the picture solved for `proofAccount` when the code was sent. */
  proof?: { value: string; account: string };
  /** When the code was sent (ms), so the resend countdown carries on. */
  sentAt?: number;
}

let draft: RegisterDraft | null = null;

export const registerDraft = {
  read: (): RegisterDraft | null => draft,
  save: (next: RegisterDraft) => {
    draft = next;
  },
  clear: () => {
    draft = null;
  },
};
