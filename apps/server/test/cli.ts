// Runs the operator CLI as an operator does, against a test database.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

export function runCli(databaseUrl: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ exitCode: number; json: Record<string, unknown> }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', ...args],
      {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env },
      },
      (error, stdout) => {
        const last = stdout.trim().split('\n').at(-1) ?? '{}';
        resolve({
          exitCode: error ? Number(error.code ?? 1) : 0,
          json: JSON.parse(last) as Record<string, unknown>,
        });
      },
    );
  });
}
