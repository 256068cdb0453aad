// Foundry's anvil, from the npm package @foundry-rs/anvil: the real binary ships in a
// platform package (@foundry-rs/anvil-linux-amd64 …) that npm installs as an optional
// dependency; the wrapper's install script downloads it when optional dependencies were
// left out. We run the binary directly (not the wrapper's bin.mjs, which is one more Node
// process between us and the node and re-raises signals).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
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

/**
 * Whether process `pid` holds the listening TCP socket on `port` (from /proc on Linux);
 * null where that cannot be told (no /proc). A port checked free a moment ago can be taken
 * by another process before anvil binds it: anvil then exits, and whatever answers on the
 * port is someone else's node (another Olive, another test), not ours.
 */
export function listensOn(pid: number, port: number): boolean | null {
  if (!existsSync('/proc/net/tcp')) return null;
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st ... inode: state 0A is LISTEN.
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '0A' && fields[1]?.endsWith(hex) && fields[9]) inodes.add(fields[9]);
    }
  }
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // gone
  }
  for (const fd of fds) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode && inodes.has(inode)) return true;
    } catch {
      // Closed meanwhile.
    }
  }
  return false;
}

/** Thrown when the port was taken before anvil could bind it: start again on another. */
export class PortTakenError extends Error {
  constructor(port: number) {
    super(`port ${port} was taken by another process before anvil could listen on it`);
    this.name = 'PortTakenError';
  }
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
  // A kept chain (state on disk) is the demo's stand-in for a public chain, which goes on
  // when Olive crashes: it runs in a process group of its own, so a SIGKILL of `npm start`'s
  // group leaves it mining, with nothing lost; the next start stops it (SIGTERM: it dumps
  // its state) and resumes from the file (decision 119). Its stderr then goes to a file
  // beside the state, not to a pipe that would break when this process dies.
  const logFile = options.stateFile ? join(dirname(options.stateFile), 'anvil.log') : null;
  const logFd = logFile ? openSync(logFile, 'a') : null;
  const child = spawn(anvilBinary(), args, {
    stdio: ['ignore', 'ignore', logFd ?? 'pipe'],
    detached: logFd !== null,
  });
  if (logFd !== null) closeSync(logFd);
  let piped = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    piped = (piped + chunk).slice(-4000);
  });
  const stderrTail = () => {
    if (!logFile) return piped;
    try {
      return readFileSync(logFile, 'utf8').slice(-4000);
    } catch {
      return '';
    }
  };
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

  const rpcUrl = `http://${HOST}:${options.port}`;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (options.stateFile && !isGone(child)) await stopMining(rpcUrl);
      signal(child, 'SIGTERM');
      // A state dump of a long demo takes a moment; SIGKILL only if it hangs.
      const killer = setTimeout(() => signal(child, 'SIGKILL'), 10_000);
      await exitedPromise();
      clearTimeout(killer);
      running.delete(child);
    })());

  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (spawnError || isGone(child)) {
      await stop();
      // Exited because another process holds the port (it answers there): try elsewhere.
      if (!spawnError && (await answers(rpcUrl))) throw new PortTakenError(options.port);
      const reason = spawnError
        ? String(spawnError)
        : `exited (${child.signalCode ?? child.exitCode})`;
      throw new Error(`anvil did not start: ${reason}\n${stderrTail().trim()}`);
    }
    // Something answers: ours only if our child holds the port. Another node on it means
    // ours lost the race for the port and is about to exit (or has): start elsewhere.
    if (await answers(rpcUrl)) {
      const ours = child.pid === undefined ? false : listensOn(child.pid, options.port);
      if (ours !== false) return { child, rpcUrl, stop };
      if (isGone(child) || Date.now() > deadline) {
        await stop();
        throw new PortTakenError(options.port);
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `anvil did not answer within ${options.timeoutMs} ms\n${stderrTail().trim()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Stops block production, before a SIGTERM that makes anvil save its state: a block mined
 * after the save but before the exit has already been answered to its sender (a receipt)
 * and would be lost with the exit; the crash test saw exactly that. Transactions sent
 * afterwards wait unmined (nobody got a receipt for them). Best effort: a node that does
 * not answer is stopped anyway.
 */
export async function stopMining(rpcUrl: string): Promise<void> {
  for (const [method, params] of [
    ['evm_setIntervalMining', [0]],
    ['evm_setAutomine', [false]],
  ] as const) {
    await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(2000),
    }).catch(() => undefined);
  }
}

/** The pid recorded beside a state file, if that process is still an anvil. */
export function staleAnvil(pidFile: string): number | null {
  try {
    // First line: the pid; second line: its RPC URL.
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]!.trim());
    if (!Number.isInteger(pid) || pid <= 0) return null;
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('anvil') ? pid : null;
  } catch {
    return null;
  }
}
