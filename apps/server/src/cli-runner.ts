// The operator commands and what running one means: the command table, its flags, the
// database it opens and the JSON line it answers. `src/cli.ts` runs it as `npm run cli`;
// most tests call it inside the test's process (test/cli.ts): a process per command cost
// 5-10 s apiece on CI, most of it loading the server's modules through tsx.
import { parseArgs } from 'node:util';
import { UsageError, type Command } from './commands/command.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import { seed } from './seed.ts';
import { platformAudit } from './audit.ts';
import { supportCommands } from './modules/support/cli.ts';
import { ledgerCommands } from './modules/ledger/cli.ts';
import { ledgerRepository } from './modules/ledger/ledger.repository.ts';
import { ledgerService } from './modules/ledger/ledger.service.ts';
import { userCommands } from './modules/users/cli.ts';
import { userRepository } from './modules/users/user.repository.ts';
import { usersService } from './modules/users/users.service.ts';
import { walletCommands } from './modules/wallet/cli.ts';
import { robotCommands } from './modules/robots/cli.ts';
import { miningCommands } from './modules/mining/cli.ts';
import { contentCommands } from './modules/content/cli.ts';
import { teamCommands } from './modules/team/cli.ts';
import { reservesCommands } from './modules/reserves/cli.ts';
import { adminCommands } from './modules/admin/cli.ts';

/** What a module's commands are given of other modules, built on the command's database. */
const services = {
  ledger: (db: Db) => ledgerService(ledgerRepository(db)),
  users: (db: Db) => usersService(userRepository(db)),
};

const commands: Record<string, Command> = {
  'db:migrate': {
    summary: 'Apply pending migrations and the demo seed (npm start does this too)',
    flags: [],
    run: async () => ({ result: { migrated: true } }),
  },
  'ledger:audit': {
    summary: 'Recompute every balance from postings and check every ledger invariant',
    flags: [],
    run: async ({ database, config }) => {
      const report = await platformAudit(database.db, config)();
      return { result: report, exitCode: report.ok ? 0 : 1 };
    },
  },
  ...supportCommands,
  ...ledgerCommands,
  ...userCommands,
  ...walletCommands(services),
  ...robotCommands,
  ...miningCommands(services),
  ...contentCommands,
  ...teamCommands(services),
  ...reservesCommands,
  ...adminCommands,
};

function usage() {
  return Object.entries(commands)
    .map(
      ([name, c]) =>
        `  ${name} ${c.flags.map((f) => `--${f} <${f}>`).join(' ')}\n      ${c.summary}`,
    )
    .join('\n');
}

export interface CommandOutcome {
  exitCode: number;
  /** What goes to standard output: one JSON line (nothing when the usage is shown). */
  stdout: string;
  /** What goes to standard error: the usage, when no known command was named. */
  stderr: string;
}

/** Runs `argv` (`<command> [--flag value ...]`) with the configuration `env` gives. */
export async function runCommand(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<CommandOutcome> {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    return {
      exitCode: name ? 2 : 0,
      stdout: '',
      stderr: `usage: npm run cli -- <command>\n\n${usage()}\n`,
    };
  }
  const line = (result: unknown) => `${JSON.stringify(result)}\n`;
  try {
    const { values } = parseArgs({
      args: rest,
      options: Object.fromEntries(command.flags.map((f) => [f, { type: 'string' as const }])),
      strict: true,
    });
    const config = loadConfig(env);
    const database = await openDatabase(config, { attach: true, seed });
    try {
      const { result, exitCode = 0 } = await command.run({
        database,
        config,
        flags: values as Record<string, string | undefined>,
      });
      return { exitCode, stdout: line(result), stderr: '' };
    } finally {
      await database.close();
    }
  } catch (error) {
    // parseArgs reports an unknown flag as a TypeError: a usage mistake, exit 2.
    const usageMistake = error instanceof UsageError || error instanceof TypeError;
    const message =
      usageMistake || error instanceof ConfigError
        ? (error as Error).message
        : String((error as Error)?.stack ?? error);
    return { exitCode: usageMistake ? 2 : 1, stdout: line({ error: message }), stderr: '' };
  }
}
