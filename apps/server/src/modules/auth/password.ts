// Password hashing with argon2id (OWASP's 19 MiB, t=2, p=1) on libuv's thread pool, off
// the event loop, and the strength rule: at least 8 characters, not a common password.
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

export const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const common = new Set(
  (dictionary['passwords-common'] as string[]).map((p: string) => p.toLowerCase()),
);

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A real hash of nothing, verified when an account does not exist so timing reveals nothing. */
let decoy: Promise<string> | null = null;
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy password that no one has');
  await verifyPassword(await decoy, password);
  return false;
}

export type PasswordProblem = 'too_short' | 'too_long' | 'common' | null;

export function passwordProblem(password: string): PasswordProblem {
  if (password.length < 8) return 'too_short';
  if (password.length > 128) return 'too_long';
  if (common.has(password.toLowerCase())) return 'common';
  return null;
}
