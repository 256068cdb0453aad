// Runs operator commands against a test database: `runCli` calls the CLI's own code in
// this process, with the environment `npm run cli` would have (DATABASE_URL and the
// variables given); `runCliProcess` starts `npm run cli`'s entry point as an operator
// does, for the tests of the process itself (exit codes, output streams).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runCommand } from '../src/cli-runner.ts';
import { entryArgs } from './server-entry.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

export interface CliOutcome {
  exitCode: number;
  json: Record<string, unknown>;
}

const lastLine = (stdout: string) =>
  JSON.parse(stdout.trim().split('\n').at(-1) || '{}') as Record<string, unknown>;

export async function runCli(
  databaseUrl: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CliOutcome> {
  const { exitCode, stdout } = await runCommand(args, {
    ...process.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    ...env,
  });
  return { exitCode, json: lastLine(stdout) };
}

export function runCliProcess(
  databaseUrl: string,
  args: string[],
  env: Record<string, string> = {},
) {
  return new Promise<CliOutcome>((resolve) => {
    execFile(
      process.execPath,
      [...entryArgs('cli'), ...args],
      {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env },
      },
      (error, stdout) => {
        resolve({ exitCode: error ? Number(error.code ?? 1) : 0, json: lastLine(stdout) });
      },
    );
  });
}
