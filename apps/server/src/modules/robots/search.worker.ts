// Worker thread of the walk-forward search (search-runner.ts): one search per message.
import { parentPort } from 'node:worker_threads';
import { walkForward, type WalkForwardInput } from '@olive/market';

parentPort!.on('message', ({ id, input }: { id: number; input: WalkForwardInput }) => {
  try {
    parentPort!.postMessage({ id, result: walkForward(input) });
  } catch (error) {
    parentPort!.postMessage({ id, error: String((error as Error)?.stack ?? error) });
  }
});
