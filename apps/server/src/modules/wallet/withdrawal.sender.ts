// Sends approved withdrawals from the hot wallet, one network per exclusive loop. The
// signed transaction and its hash are recorded (with a nonce allocated in the database)
// before anything is broadcast; after a restart the chain is asked first and only those
// same bytes are ever sent again, so a withdrawal is never paid twice.
import type { LoopLogger } from '../../workers/loop.ts';
import type { ChainWriter } from './chain-writer.ts';
import { oliveToToken, type Network } from './networks.ts';
import type { DepositRepository } from './deposit.repository.ts';
import type { WithdrawalRepository } from './withdrawal.repository.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

export function withdrawalSender(
  deps: {
    repo: WithdrawalRepository;
    deposits: DepositRepository;
    withdrawals: WithdrawalService;
    writer: ChainWriter;
    log: LoopLogger;
    /** Test hook: runs after signing and recording, before broadcasting. */
    afterRecord?: (withdrawalId: string) => Promise<void>;
  },
  network: Network,
) {
  const { repo, deposits, withdrawals, writer, log } = deps;

  async function signAndRecord(id: string, decimals: number) {
    return repo.db.transaction().execute(async (trx) => {
      const w = await trx
        .selectFrom('withdrawals')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'approved')
        .where('tx_hash', 'is', null)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!w) return null;
      const nonce = await repo.allocateNonce(
        trx,
        writer.nonceScope,
        writer.hotAddress,
        writer.chainNonce,
      );
      const signed = await writer.signTransfer({
        to: w.address,
        tokenAmount: oliveToToken(BigInt(w.receive_amount), decimals),
        nonce,
      });
      await trx
        .updateTable('withdrawals')
        .set({ nonce, tx_hash: signed.txHash, raw_tx: signed.rawTx, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      return signed;
    });
  }

  return {
    network,
    async tick() {
      const settings = await deposits.settings(network);
      const open = await repo.openForSending(network);
      if (open.length === 0) return;
      const head = await writer.headNumber();
      for (const w of open) {
        if (w.status === 'approved') {
          let raw = w.raw_tx;
          if (!raw) {
            const signed = await signAndRecord(w.id, settings.token_decimals);
            if (!signed) continue;
            raw = signed.rawTx;
            await deps.afterRecord?.(w.id);
          } else {
            // Recorded before a restart: maybe it went out already.
            const seen = await writer.status(w.tx_hash!);
            if (seen.state !== 'unknown') {
              await repo.transition(w.id, ['approved'], 'broadcast', { broadcast_at: new Date() });
              continue;
            }
          }
          await writer.broadcast(raw);
          await repo.transition(w.id, ['approved'], 'broadcast', { broadcast_at: new Date() });
          log.info({ network, withdrawal: w.id }, 'withdrawal broadcast');
          continue;
        }
        // broadcast: follow it to its confirmations.
        const seen = await writer.status(w.tx_hash!);
        if (seen.state === 'mined') {
          const confirmations = Number(head - seen.blockNumber + 1n);
          if (confirmations >= settings.confirmations) {
            if (await withdrawals.confirm(w.id, confirmations)) {
              log.info({ network, withdrawal: w.id }, 'withdrawal confirmed');
            }
          } else {
            await repo.db
              .updateTable('withdrawals')
              .set({ confirmations })
              .where('id', '=', w.id)
              .execute();
          }
        } else if (seen.state === 'failed') {
          await withdrawals.fail(w.id, 'transaction reverted on chain');
          log.warn({ network, withdrawal: w.id }, 'withdrawal failed on chain; funds released');
        } else if (seen.state === 'unknown') {
          // Dropped from the node's pool: the same signed bytes go out again.
          await writer.broadcast(w.raw_tx!);
        }
      }
    },
  };
}
