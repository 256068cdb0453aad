// Runs an inclusion check from the main thread: Olive's two answers (what it published,
// the investor's proof) through the one API client, the chain's through the worker, which
// does the hashing and reads the anchor itself. The result is kept per investor and
// snapshot (check-store.ts). Used by "Verify my inclusion" and by the automatic check.
import { ReplyCode } from '@olive/protocol/envelope';
import { ApiError, callApi } from '../../lib/api.ts';
import { getUserId } from '../../lib/session.ts';
import type { CheckResult, PublishedSnapshot } from './check.ts';
import { TRANSIENT_FAILURES } from './check.ts';
import { chainConfig } from './chain-config.ts';
import { latestCheck, saveCheck } from './check-store.ts';
import type { InclusionProof } from './verify.ts';

export async function publishedSnapshots(quiet: boolean) {
  const reply = await callApi<{ list: PublishedSnapshot[] }>('/api/main/reserves', {}, { quiet });
  if (reply.code !== ReplyCode.Ok) throw new ApiError(reply);
  return reply.data?.list ?? [];
}

function inWorker(input: unknown): Promise<CheckResult> {
  const worker = new Worker(new URL('./check.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<CheckResult>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ result?: CheckResult; error?: string }>) => {
      if (event.data.result) resolve(event.data.result);
      else reject(new Error(event.data.error ?? 'check failed'));
    };
    worker.onerror = (event) => reject(new Error(event.message || 'check worker failed'));
    worker.postMessage(input);
  }).finally(() => worker.terminate());
}

/**
 * Checks the signed-in investor's inclusion in `snapshotId`, comparing with what Olive
 * published for it in `published` (fetched when not given). Throws an ApiError when Olive
 * gave no proof (with `not_included` stored when it says the investor is not in it).
 */
export async function checkSnapshot(
  snapshotId: string,
  { quiet, published }: { quiet: boolean; published?: PublishedSnapshot[] },
): Promise<CheckResult> {
  const userId = getUserId();
  const list = published ?? (await publishedSnapshots(quiet));
  const snapshot = list.find((s) => s.snapshot_id === snapshotId) ?? null;
  const reply = await callApi<InclusionProof>(
    '/api/user/reservesproof',
    { snapshot_id: snapshotId },
    { quiet },
  );
  if (reply.code !== ReplyCode.Ok || !reply.data) {
    // A published snapshot Olive has no proof of for this investor: kept, and shown.
    if (reply.code === ReplyCode.Failure && snapshot && userId) {
      saveCheck(userId, {
        snapshot_id: snapshotId,
        taken_at: snapshot.taken_at,
        checked_at: new Date().toISOString(),
        ok: false,
        failure: 'not_included',
        block: null,
      });
    }
    throw new ApiError(reply);
  }
  const { leaves, paths } = reply.data;
  const result = await inWorker({
    proof: { leaves, paths },
    userId,
    snapshotId,
    published: snapshot,
    chain: await chainConfig(),
  });
  if (userId) {
    saveCheck(userId, {
      snapshot_id: snapshotId,
      taken_at: result.taken_at,
      checked_at: new Date().toISOString(),
      ok: result.ok,
      failure: result.failure,
      block: result.block,
    });
  }
  return result;
}

let running: Promise<void> | null = null;

/**
 * The automatic check: when a snapshot newer than the last one checked exists (or the last
 * check of it could not reach the chain), check it. Silent on the way; the badges show it.
 */
export function autoCheck(): Promise<void> {
  running ??= (async () => {
    const userId = getUserId();
    if (!userId) return;
    const list = await publishedSnapshots(true);
    const latest = list[0];
    if (!latest) return;
    const last = latestCheck(userId);
    const newer = !last || BigInt(latest.snapshot_id) > BigInt(last.snapshot_id);
    const retry =
      last?.snapshot_id === latest.snapshot_id &&
      last.failure !== null &&
      last.failure !== 'not_included' &&
      TRANSIENT_FAILURES.includes(last.failure);
    if (newer || retry) {
      await checkSnapshot(latest.snapshot_id, { quiet: true, published: list });
    }
  })()
    .catch(() => {
      // No answer from Olive (offline, signed out): tried again at the next opening.
    })
    .finally(() => {
      running = null;
    });
  return running;
}
