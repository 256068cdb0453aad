// `npm run cli -- <command> [--flag value ...]`: operator commands on the same database
// as `npm start` (the embedded one unless DATABASE_URL is set, whether or not the server
// runs). Each prints one JSON object on one line; failures exit non-zero.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type OpenDatabase } from './db/open.ts';
import { settingsRepository } from './modules/support/settings.repository.ts';

export interface CliContext {
  database: OpenDatabase;
  flags: Record<string, string | undefined>;
}

type Command = {
  summary: string;
  flags: string[];
  run(context: CliContext): Promise<{ result: unknown; exitCode?: number }>;
};

export class UsageError extends Error {}

function required(flags: CliContext['flags'], name: string): string {
  const value = flags[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

const commands: Record<string, Command> = {
  'db:migrate': {
    summary: 'Apply pending migrations and the demo seed (npm start does this too)',
    flags: [],
    run: async () => ({ result: { migrated: true } }),
  },
  'settings:get': {
    summary: 'Print an operator setting, e.g. --key app_update',
    flags: ['key'],
    run: async ({ database, flags }) => ({
      result: {
        [required(flags, 'key')]: await settingsRepository(database.db).get(required(flags, 'key')),
      },
    }),
  },
  'settings:set': {
    summary: "Replace an operator setting with a JSON value, e.g. --key app_update --value '{...}'",
    flags: ['key', 'value'],
    run: async ({ database, flags }) => {
      const key = required(flags, 'key');
      let value: unknown;
      try {
        value = JSON.parse(required(flags, 'value'));
      } catch {
        throw new UsageError('--value must be JSON');
      }
      await settingsRepository(database.db).put(key, value);
      return { result: { [key]: value } };
    },
  },
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

main().catch((error: unknown) => {
  const message =
    error instanceof UsageError || error instanceof ConfigError || error instanceof TypeError
      ? (error as Error).message
      : String((error as Error)?.stack ?? error);
  process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  process.exit(error instanceof UsageError || error instanceof TypeError ? 2 : 1);
});
