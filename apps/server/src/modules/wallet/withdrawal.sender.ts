// Sends approved withdrawals from the hot wallet, one network per exclusive loop. The
// signed transaction and its hash are recorded (with a nonce allocated in the database)
// before anything is broadcast; after a restart the chain is asked first and only those
// same bytes are ever sent again, so a withdrawal is never paid twice. On a chain whose
// transactions expire (TRON), bytes that expired unmined can never be paid: only then is
// the withdrawal signed again (a new reference block, a new hash), the old attempt kept.
import type { LoopLogger } from '../../workers/loop.ts';
import { walletAlarms } from './alarms.ts';
import { ExpiredTransactionError, type ChainWriter } from './chain-writer.ts';
import { NETWORKS, oliveToToken, type Network } from './networks.ts';
import type { DepositRepository } from './deposit.repository.ts';
import type { WithdrawalRepository } from './withdrawal.repository.ts';
import type { WithdrawalService } from './withdrawal.service.ts';
import { SENDER_STATES, WITHDRAWAL_TRANSITIONS, canMove } from './withdrawal.states.ts';

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
  const alarms = walletAlarms(repo.db);
  // Networks sharing this hot wallet's nonce sequence (all three on the devchain).
  const scopeNetworks: readonly string[] = (NETWORKS as readonly string[]).includes(
    writer.nonceScope,
  )
    ? [writer.nonceScope]
    : NETWORKS;
  let alarmed: string | null = null;

  /**
   * Whether the chain and the database agree on the hot wallet's nonces: every nonce
   * between the chain's next (pending included) and the database's next must belong to a
   * withdrawal still on its way. Otherwise a description of the mismatch. The chain is
   * read first: it can only lag behind what the database recorded, never run ahead of it.
   */
  async function nonceMismatch(): Promise<string | null> {
    if (writer.nonces === false) return null;
    const chainNext = await writer.chainNonce();
    const row = await repo.db
      .selectFrom('hot_wallet_nonces')
      .select('next_nonce')
      .where('scope', '=', writer.nonceScope)
      .where('address', '=', writer.hotAddress)
      .executeTakeFirst();
    if (!row) return null; // first transfer: the counter starts from the chain
    const dbNext = BigInt(row.next_nonce);
    const where = `hot wallet ${writer.hotAddress} (${writer.nonceScope})`;
    if (chainNext > dbNext) {
      return (
        `nonce mismatch on ${where}: the chain's next nonce is ${chainNext}, the database's ` +
        `${dbNext}; ${chainNext - dbNext} transaction(s) were sent from the hot wallet outside ` +
        'Olive, or the database is older than the chain. New withdrawals wait.'
      );
    }
    const open = await repo.db
      .selectFrom('withdrawals')
      .select(({ fn }) => fn.count<string>('nonce').distinct().as('n'))
      .where('network', 'in', scopeNetworks)
      .where('status', 'in', SENDER_STATES)
      .where('nonce', '>=', chainNext.toString())
      .where('nonce', '<', dbNext.toString())
      .executeTakeFirstOrThrow();
    const missing = dbNext - chainNext - BigInt(open.n);
    if (missing > 0n) {
      return (
        `nonce mismatch on ${where}: the chain's next nonce is ${chainNext}, the database's ` +
        `${dbNext}, and ${missing} nonce(s) in between belong to no withdrawal on its way: ` +
        'the chain does not hold transactions the database recorded (a node restored from ' +
        'an older snapshot, or another chain). New withdrawals wait.'
      );
    }
    return null;
  }

  /** Raises (logging once per change) or clears the nonce alarm; true when sending may go on. */
  async function noncesAgree(): Promise<boolean> {
    const mismatch = await nonceMismatch();
    if (mismatch) {
      await alarms.raise(network, 'nonce', mismatch);
      if (mismatch !== alarmed) {
        log.error({ network, alarm: 'nonce' }, `${mismatch} See: npm run cli -- wallet:alarms`);
        alarmed = mismatch;
      }
      return false;
    }
    if (await alarms.clear(network, 'nonce')) {
      log.info({ network, alarm: 'nonce' }, 'nonce alarm cleared: chain and database agree');
    }
    alarmed = null;
    return true;
  }

  async function signAndRecord(id: string, decimals: number) {
    return repo.db.transaction().execute(async (trx) => {
      const w = await trx
        .selectFrom('withdrawals')
        .selectAll()
        .where('id', '=', id)
        .where('status', 'in', WITHDRAWAL_TRANSITIONS.broadcast.from)
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

  /**
   * The recorded bytes can never land: the chain expires transactions, the node's head
   * block is past their expiration, and the chain (asked after the head, so a block that
   * held them would already be known) has no trace of them.
   */
  async function expiredUnmined(rawTx: string, txHash: string): Promise<boolean> {
    if (!writer.expiresAt || !writer.headTime) return false;
    const headTime = await writer.headTime();
    if (headTime <= writer.expiresAt(rawTx)) return false;
    return (await writer.status(txHash)).state === 'unknown';
  }

  /**
   * Signs an expired withdrawal again, once: the row is claimed by its old hash, the old
   * attempt is kept in withdrawal_attempts (a hash is never reused), and the withdrawal
   * goes back to approved with the new bytes, which are then broadcast like any others.
   */
  async function signAgain(id: string, oldHash: string, decimals: number) {
    const signed = await repo.db.transaction().execute(async (trx) => {
      const w = await trx
        .selectFrom('withdrawals')
        .selectAll()
        .where('id', '=', id)
        .where('tx_hash', '=', oldHash)
        .where('status', 'in', WITHDRAWAL_TRANSITIONS.signAgain.from)
        .forUpdate()
        .executeTakeFirst();
      if (!w?.raw_tx || w.nonce === null) return null;
      await trx
        .insertInto('withdrawal_attempts')
        .values({
          withdrawal_id: id,
          network: w.network,
          tx_hash: oldHash,
          raw_tx: w.raw_tx,
          reason: 'expired',
        })
        .execute();
      const fresh = await writer.signTransfer({
        to: w.address,
        tokenAmount: oliveToToken(BigInt(w.receive_amount), decimals),
        nonce: BigInt(w.nonce),
      });
      await trx
        .updateTable('withdrawals')
        .set({
          tx_hash: fresh.txHash,
          raw_tx: fresh.rawTx,
          status: WITHDRAWAL_TRANSITIONS.signAgain.to,
          broadcast_at: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      return fresh;
    });
    if (!signed) return;
    log.warn(
      { network, withdrawal: id, expired: oldHash, tx: signed.txHash },
      'withdrawal transfer expired unmined; signed again on a new reference block',
    );
    await send(id, signed.rawTx);
  }

  /** Broadcasts and marks broadcast; bytes the node calls expired wait for signAgain. */
  async function send(id: string, rawTx: string) {
    try {
      await writer.broadcast(rawTx);
    } catch (error) {
      if (error instanceof ExpiredTransactionError) {
        log.warn({ network, withdrawal: id }, error.message);
        return;
      }
      throw error;
    }
    await repo.transition(id, 'broadcast', { broadcast_at: new Date() });
    log.info({ network, withdrawal: id }, 'withdrawal broadcast');
  }

  return {
    network,
    async tick() {
      const settings = await deposits.settings(network);
      const open = await repo.openForSending(network);
      if (open.length === 0) return;
      const head = await writer.headNumber();
      // Checked once per tick, before the first new signature.
      let agree: boolean | undefined;
      for (const w of open) {
        if (canMove(w.status, 'broadcast')) {
          let raw = w.raw_tx;
          if (!raw) {
            agree ??= await noncesAgree();
            if (!agree) continue;
            const signed = await signAndRecord(w.id, settings.token_decimals);
            if (!signed) continue;
            raw = signed.rawTx;
            await deps.afterRecord?.(w.id);
          } else {
            // Recorded before a restart (or refused as expired): maybe it went out already.
            if (await expiredUnmined(raw, w.tx_hash!)) {
              await signAgain(w.id, w.tx_hash!, settings.token_decimals);
              continue;
            }
            const seen = await writer.status(w.tx_hash!);
            if (seen.state !== 'unknown') {
              await repo.transition(w.id, 'broadcast', { broadcast_at: new Date() });
              continue;
            }
          }
          await send(w.id, raw);
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
          if (await expiredUnmined(w.raw_tx!, w.tx_hash!)) {
            await signAgain(w.id, w.tx_hash!, settings.token_decimals);
          } else {
            // Dropped from the node's pool: the same signed bytes go out again.
            await writer.broadcast(w.raw_tx!).catch((error: unknown) => {
              // Expired on the node's clock first: signed again once the head passes it.
              if (!(error instanceof ExpiredTransactionError)) throw error;
            });
          }
        }
      }
    },
  };
}
