// The deposit watcher of one network: reads the USDT contract's Transfer logs block range
// by block range, records transfers to deposit addresses, and credits each through the
// ledger once it has the network's confirmations. Restart-safe (cursor in the database,
// deposits unique per transfer, credit idempotent per transfer) and reorganisation-aware
// (block hashes compared before moving on and before crediting).
import type { LedgerService } from '../ledger/ledger.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import type { LoopLogger } from '../../workers/loop.ts';
import type { ChainReader } from './chain-reader.ts';
import type { DepositRepository } from './deposit.repository.ts';
import { tokenToOlive, type Network } from './networks.ts';

export interface WatcherOptions {
  network: Network;
  /** Where to start on a network never scanned: a block number, or 'head'. */
  startBlock: bigint | 'head';
  initialRange?: number;
  maxRange?: number;
  /** How long one tick may keep catching up before yielding. */
  tickBudgetMs?: number;
}

export function depositWatcher(
  deps: { repo: DepositRepository; ledger: LedgerService; reader: ChainReader; log: LoopLogger },
  options: WatcherOptions,
) {
  const { repo, ledger, reader, log } = deps;
  const { network } = options;
  const maxRange = BigInt(options.maxRange ?? 5000);
  let range = BigInt(options.initialRange ?? 1000);

  /** Walks back through stored block hashes to the newest one the chain still has. */
  async function findFork(below: bigint): Promise<{ number: bigint; hash: string }> {
    for (const known of await repo.knownBlocks(network, below)) {
      const number = BigInt(known.block_number);
      if ((await reader.blockHash(number)) === known.block_hash)
        return { number, hash: known.block_hash };
    }
    // Nothing we know survives (a new chain, e.g. a restarted devchain): start over.
    return { number: -1n, hash: '' };
  }

  async function scanOnce(head: bigint): Promise<boolean> {
    const settings = await repo.settings(network);
    if (!settings.contract_address || !settings.deposit_enabled) return false;
    let cursor = await repo.cursor(network);
    if (!cursor) {
      const start = options.startBlock === 'head' ? head : options.startBlock - 1n;
      const hash = start >= 0n ? ((await reader.blockHash(start)) ?? '') : '';
      await repo.saveCursor(network, start, hash);
      cursor = await repo.cursor(network);
    }
    let from = BigInt(cursor!.block_number) + 1n;
    if (from - 1n >= 0n && cursor!.block_hash) {
      const current = await reader.blockHash(from - 1n);
      if (current !== cursor!.block_hash) {
        const fork = await findFork(from - 2n);
        const result = await repo.rewind(network, fork.number, fork.hash);
        log.warn(
          { network, from: String(from - 1n), fork: String(fork.number), ...result },
          'reorganisation: rewound',
        );
        for (const d of result.deepCredited) {
          log.error(
            { network, deposit: d.id, tx: d.tx_hash },
            'a credited deposit was reorganised away; operator review needed',
          );
        }
        from = fork.number + 1n;
      }
    }
    if (from > head) return false;
    const to = from + range - 1n < head ? from + range - 1n : head;

    let logs;
    try {
      logs = await reader.transferLogs(settings.contract_address, from, to);
      if (range < maxRange) range = range * 2n > maxRange ? maxRange : range * 2n;
    } catch (error) {
      // Too many results or a slow node: smaller ranges next time.
      range = range / 2n > 0n ? range / 2n : 1n;
      throw error;
    }
    const candidates = logs.filter((l) => l.value > 0n);
    const owners = await repo.owners(network, [...new Set(candidates.map((l) => l.to))]);
    const minimum = BigInt(settings.min_deposit);
    for (const transfer of candidates) {
      const owner = owners.get(transfer.to);
      if (!owner) continue;
      const { amount, dust } = tokenToOlive(transfer.value, settings.token_decimals);
      await repo.insertDeposit({
        network,
        txHash: transfer.txHash,
        logIndex: transfer.logIndex,
        blockNumber: transfer.blockNumber,
        blockHash: transfer.blockHash,
        from: transfer.from,
        to: owner.address,
        userId: owner.userId,
        tokenAmount: transfer.value,
        amount,
        dust,
        status: amount >= minimum && amount > 0n ? 'pending' : 'below_minimum',
      });
    }
    // The newest block is read again next tick, once a block is on top of it: a node can
    // report its newest block before that block's logs can be read (anvil does on a loaded
    // machine), and a transfer missed there would be passed by the cursor for good. Seen
    // twice, a transfer is still one deposit (unique per transfer).
    const kept = to === head ? to - 1n : to;
    if (kept < from) return false;
    const keptHash = await reader.blockHash(kept);
    if (!keptHash) return false; // the node moved under us; the next tick sees it
    await repo.saveCursor(network, kept, keptHash);
    return to < head;
  }

  async function confirm(head: bigint) {
    const settings = await repo.settings(network);
    const pending = await repo.unsettled(network);
    const byConfirmations = new Map<number, string[]>();
    for (const deposit of pending) {
      const confirmations = Number(head - BigInt(deposit.block_number) + 1n);
      if (confirmations < settings.confirmations) {
        const ids = byConfirmations.get(confirmations) ?? [];
        ids.push(deposit.id);
        byConfirmations.set(confirmations, ids);
        continue;
      }
      // Credit only what is still on the canonical chain.
      if ((await reader.blockHash(BigInt(deposit.block_number))) !== deposit.block_hash) {
        await repo.markOrphaned(deposit.id);
        log.warn({ network, deposit: deposit.id }, 'deposit orphaned before crediting');
        continue;
      }
      await repo.db.transaction().execute(async (trx) => {
        const entry = await ledger.post(
          {
            kind: 'deposit',
            idempotencyKey: `deposit:${network}:${deposit.tx_hash}:${deposit.log_index}`,
            reference: `deposit:${deposit.id}`,
            memo: `${network.toUpperCase()} ${deposit.tx_hash}`,
            postings: [
              { account: platformAccount('custody', network), amount: -BigInt(deposit.amount) },
              {
                account: userAccount(deposit.user_id, 'available'),
                amount: BigInt(deposit.amount),
              },
            ],
          },
          trx,
        );
        await trx
          .updateTable('deposits')
          .set({
            status: 'credited',
            confirmations: Math.min(confirmations, 1_000_000),
            ledger_entry_id: entry.id,
            credited_at: new Date(),
          })
          .where('id', '=', deposit.id)
          .where('status', '=', 'pending')
          .execute();
      });
      log.info({ network, deposit: deposit.id, amount: deposit.amount }, 'deposit credited');
    }
    for (const [confirmations, ids] of byConfirmations)
      await repo.setConfirmations(ids, confirmations);
  }

  return {
    network,
    /** One pass: catch up (within the time budget), then confirm and credit. */
    async tick() {
      const started = Date.now();
      const head = await reader.headNumber();
      while ((await scanOnce(head)) && Date.now() - started < (options.tickBudgetMs ?? 2000)) {
        // keep catching up
      }
      await confirm(head);
    },
  };
}
