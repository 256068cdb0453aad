// Foundry's anvil, from the npm package @foundry-rs/anvil: the real binary ships in a
// platform package (@foundry-rs/anvil-linux-amd64 …) that npm installs as an optional
// dependency; the wrapper's install script downloads it when optional dependencies were
// left out. We run the binary directly (not the wrapper's bin.mjs, which is one more Node
// process between us and the node and re-raises signals).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const HOST = '127.0.0.1';

const PLATFORM_PACKAGES: Record<string, string | undefined> = {
  'linux x64': '@foundry-rs/anvil-linux-amd64',
  'linux arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32 x64': '@foundry-rs/anvil-win32-amd64',
};

/** Path of the anvil executable installed by npm; a clear error when it is missing. */
export function anvilBinary(): string {
  const name = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const platformPackage = PLATFORM_PACKAGES[`${process.platform} ${process.arch}`];
  if (!platformPackage) {
    throw new Error(`anvil has no binary for ${process.platform} ${process.arch}`);
  }
  try {
    const candidate = require.resolve(`${platformPackage}/bin/${name}`);
    if (existsSync(candidate)) return candidate;
  } catch {
    // Not installed as an optional dependency: the wrapper's install script puts it in dist/.
  }
  try {
    const wrapper = dirname(require.resolve('@foundry-rs/anvil/package.json'));
    const fallback = join(wrapper, '..', 'dist', name);
    if (existsSync(fallback)) return fallback;
  } catch {
    // Wrapper missing too.
  }
  throw new Error(
    `anvil is not installed (${platformPackage} missing); run npm ci (optional dependencies on), ` +
      'or npm install-scripts approve @foundry-rs/anvil so its install script can fetch it',
  );
}

/** Whether 127.0.0.1:port can be bound now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

/** A port the OS says is free now (bind to 0, read it, release it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface AnvilOptions {
  port: number;
  chainId: number;
  /** Interval mining (may be fractional seconds); omitted: automine. */
  blockTimeMs?: number;
  /** Load from and dump to this file (anvil's --state), every stateIntervalS and at exit. */
  stateFile?: string;
  stateIntervalS?: number;
  timeoutMs: number;
}

export interface AnvilProcess {
  child: ChildProcess;
  rpcUrl: string;
  /** Asks anvil to exit (SIGTERM: it dumps its state first); resolves once it has. Idempotent. */
  stop(): Promise<void>;
}

function isGone(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Sends a signal unless the process is already gone; never throws (ESRCH, EPIPE…). */
function signal(child: ChildProcess, name: NodeJS.Signals): void {
  if (isGone(child)) return;
  try {
    child.kill(name);
  } catch {
    // Exited between the check and the kill: nothing to stop.
  }
}

async function answers(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

// Nodes still running when this process exits (normally or by process.exit): ask them to
// stop, so none outlives us. (Only SIGKILL of this process can skip this; the next start
// then finds the old node's pid file and stops it.)
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) signal(child, 'SIGTERM');
  });
}

/** Starts anvil on 127.0.0.1 and resolves once it answers JSON-RPC. */
export async function spawnAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  const args = [
    '--host',
    HOST,
    '--port',
    String(options.port),
    '--chain-id',
    String(options.chainId),
    '--silent',
  ];
  if (options.blockTimeMs) args.push('--block-time', String(options.blockTimeMs / 1000));
  if (options.stateFile) {
    args.push('--state', options.stateFile);
    args.push('--state-interval', String(options.stateIntervalS ?? 5));
  }
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  // A child that cannot be spawned reports it here, not by throwing.
  let spawnError: Error | null = null;
  child.on('error', (error) => {
    spawnError = error;
  });
  running.add(child);
  installExitHook();
  let exited: Promise<void> | undefined;
  const exitedPromise = () =>
    (exited ??= isGone(child)
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve())));
  exitedPromise();
  child.once('exit', () => running.delete(child));

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      signal(child, 'SIGTERM');
      // A state dump of a long demo takes a moment; SIGKILL only if it hangs.
      const killer = setTimeout(() => signal(child, 'SIGKILL'), 10_000);
      await exitedPromise();
      clearTimeout(killer);
      running.delete(child);
    })());

  const rpcUrl = `http://${HOST}:${options.port}`;
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (spawnError || isGone(child)) {
      await stop();
      const reason = spawnError
        ? String(spawnError)
        : `exited (${child.signalCode ?? child.exitCode})`;
      throw new Error(`anvil did not start: ${reason}\n${stderr.trim()}`);
    }
    if (await answers(rpcUrl)) return { child, rpcUrl, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer within ${options.timeoutMs} ms\n${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The pid recorded beside a state file, if that process is still an anvil. */
export function staleAnvil(pidFile: string): number | null {
  try {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) return null;
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('anvil') ? pid : null;
  } catch {
    return null;
  }
}
