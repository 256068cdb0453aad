// What an operator command is. Modules export their commands (modules/<x>/cli.ts) and
// src/cli.ts lists them.
import type { Config } from '../config.ts';
import type { OpenDatabase } from '../db/open.ts';

export interface CliContext {
  database: OpenDatabase;
  /** The configuration the command runs with (the environment of `npm run cli`). */
  config: Config;
  flags: Record<string, string | undefined>;
}

export type Command = {
  summary: string;
  flags: string[];
  run(context: CliContext): Promise<{ result: unknown; exitCode?: number }>;
};

/** A mistake in how the command was called: exit code 2 and the message. */
export class UsageError extends Error {}

export function required(flags: CliContext['flags'], name: string): string {
  const value = flags[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}
