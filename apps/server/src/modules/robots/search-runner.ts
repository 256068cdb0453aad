// The walk-forward search (0.1-0.9 s of CPU, docs/benchmarks.md) runs in a worker thread,
// not on the API's event loop. On the loop, every call of every investor waited behind
// each search: the soak measured a p99 of 270-400 ms at 100 calls a second, from a single
// robot creation whose search was not cached (decision 120). One worker per process,
// started on the first search; it does not keep the process alive. If it cannot start,
// searches run inline (logged once), as before.
import { Worker } from 'node:worker_threads';
import { walkForward, type WalkForwardInput, type WalkForwardResult } from '@olive/market';

type Pending = { resolve(r: WalkForwardResult | null): void; reject(e: Error): void };

let worker: Worker | null = null;
let inline = false;
let seq = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function start(): Worker {
  // The worker runs TypeScript like its parent, through tsx, whatever started the parent
  // (`npm start`, the CLI, a test runner): its entry is a plain .mjs that registers tsx's
  // loader, then imports the worker module. (`execArgv: ['--import', 'tsx']` does not
  // reach a worker's entry module on Node 20.)
  // Built JavaScript (dist, decision 153) starts the built worker module itself.
  const entry = import.meta.url.endsWith('.js') ? './search.worker.js' : './search.worker.mjs';
  const w = new Worker(new URL(entry, import.meta.url));
  w.unref();
  w.on('message', (m: { id: number; result?: WalkForwardResult | null; error?: string }) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (!p) return;
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(m.result ?? null);
  });
  w.on('error', (error) => {
    worker = null;
    failAll(error);
  });
  w.on('exit', () => {
    worker = null;
    failAll(new Error('search worker exited'));
  });
  return w;
}

/** walkForward(input), computed off the event loop. */
export async function searchOffLoop(
  input: WalkForwardInput,
  log?: { warn(obj: object, msg: string): void },
): Promise<WalkForwardResult | null> {
  if (!inline) {
    try {
      worker ??= start();
      const id = ++seq;
      const w = worker;
      return await new Promise<WalkForwardResult | null>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, input });
      });
    } catch (error) {
      // A search that throws in the worker throws inline too: only a worker that could
      // not run at all sends every later search inline.
      if (!/search worker exited|Cannot find|ERR_|loader/i.test(String(error))) throw error;
      inline = true;
      log?.warn({ err: String(error) }, 'search worker unavailable: searching on the event loop');
    }
  }
  return walkForward(input);
}

/** Stops the worker (tests and shutdown); the next search starts a new one. */
export async function stopSearchWorker() {
  const w = worker;
  worker = null;
  await w?.terminate();
}
