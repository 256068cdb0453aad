// SQL for network settings, deposit addresses, the watcher's cursor and deposits.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { NETWORK_DEFAULTS, NETWORKS, type Network } from './networks.ts';

export function depositRepository(db: Db) {
  return {
    db,

    /** Inserts the default settings of any network that has none (never overwrites). */
    async seedNetworkSettings(contracts: Partial<Record<Network, string>> = {}) {
      for (const network of NETWORKS) {
        const d = NETWORK_DEFAULTS[network];
        await db
          .insertInto('network_settings')
          .values({
            network,
            confirmations: d.confirmations,
            min_deposit: d.min_deposit,
            min_withdrawal: d.min_withdrawal,
            withdrawal_fee: d.withdrawal_fee,
            daily_withdrawal_limit: d.daily_withdrawal_limit,
            token_decimals: d.token_decimals,
            contract_address: contracts[network] ?? '',
          })
          .onConflict((oc) => oc.column('network').doNothing())
          .execute();
      }
    },

    async setContract(network: Network, address: string, decimals: number) {
      await db
        .updateTable('network_settings')
        .set({ contract_address: address, token_decimals: decimals, updated_at: new Date() })
        .where('network', '=', network)
        .execute();
    },

    settings(network: Network) {
      return db
        .selectFrom('network_settings')
        .selectAll()
        .where('network', '=', network)
        .executeTakeFirstOrThrow();
    },

    findAddress(userId: string, network: Network) {
      return db
        .selectFrom('deposit_addresses')
        .select(['address', 'address_hex'])
        .where('user_id', '=', userId)
        .where('network', '=', network)
        .executeTakeFirst();
    },

    async insertAddress(row: {
      userId: string;
      network: Network;
      address: string;
      addressHex: string;
      index: bigint;
    }) {
      await db
        .insertInto('deposit_addresses')
        .values({
          user_id: row.userId,
          network: row.network,
          address: row.address,
          address_hex: row.addressHex,
          derivation_index: row.index,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Which of these hex addresses are deposit addresses on the network, and whose. */
    async owners(network: Network, hexAddresses: string[]) {
      if (hexAddresses.length === 0) return new Map<string, { userId: string; address: string }>();
      const rows = await db
        .selectFrom('deposit_addresses')
        .select(['address_hex', 'user_id', 'address'])
        .where('network', '=', network)
        .where('address_hex', 'in', hexAddresses)
        .execute();
      return new Map(rows.map((r) => [r.address_hex, { userId: r.user_id, address: r.address }]));
    },

    isDepositAddress(network: Network, hex: string) {
      return db
        .selectFrom('deposit_addresses')
        .select('user_id')
        .where('network', '=', network)
        .where('address_hex', '=', hex.toLowerCase())
        .executeTakeFirst();
    },

    cursor(network: Network) {
      return db
        .selectFrom('chain_cursors')
        .selectAll()
        .where('network', '=', network)
        .executeTakeFirst();
    },

    async saveCursor(network: Network, blockNumber: bigint, blockHash: string) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('chain_cursors')
          .values({ network, block_number: blockNumber, block_hash: blockHash })
          .onConflict((oc) =>
            oc.column('network').doUpdateSet({
              block_number: blockNumber,
              block_hash: blockHash,
              updated_at: new Date(),
            }),
          )
          .execute();
        await trx
          .insertInto('chain_blocks')
          .values({ network, block_number: blockNumber, block_hash: blockHash })
          .onConflict((oc) =>
            oc.columns(['network', 'block_number']).doUpdateSet({ block_hash: blockHash }),
          )
          .execute();
        // Keep enough history to find a common ancestor after any realistic reorganisation.
        await trx
          .deleteFrom('chain_blocks')
          .where('network', '=', network)
          .where('block_number', '<', String(blockNumber - 1000n))
          .execute();
      });
    },

    /** Stored block hashes from the newest down, for finding where a fork began. */
    knownBlocks(network: Network, below: bigint) {
      return db
        .selectFrom('chain_blocks')
        .select(['block_number', 'block_hash'])
        .where('network', '=', network)
        .where('block_number', '<=', String(below))
        .orderBy('block_number', 'desc')
        .limit(200)
        .execute();
    },

    /** After a reorganisation: forget blocks above the fork and orphan deposits seen there. */
    async rewind(network: Network, forkNumber: bigint, forkHash: string) {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('chain_blocks')
          .where('network', '=', network)
          .where('block_number', '>', String(forkNumber))
          .execute();
        const orphaned = await trx
          .updateTable('deposits')
          .set({ status: 'orphaned' })
          .where('network', '=', network)
          .where('status', 'in', ['pending', 'below_minimum'])
          .where('block_number', '>', String(forkNumber))
          .returning('id')
          .execute();
        const deepCredited = await trx
          .selectFrom('deposits')
          .select(['id', 'tx_hash'])
          .where('network', '=', network)
          .where('status', '=', 'credited')
          .where('block_number', '>', String(forkNumber))
          .execute();
        await trx
          .updateTable('chain_cursors')
          .set({ block_number: forkNumber, block_hash: forkHash, updated_at: new Date() })
          .where('network', '=', network)
          .execute();
        return { orphaned: orphaned.length, deepCredited };
      });
    },

    async insertDeposit(row: {
      network: Network;
      txHash: string;
      logIndex: number;
      blockNumber: bigint;
      blockHash: string;
      from: string;
      to: string;
      userId: string;
      tokenAmount: bigint;
      amount: bigint;
      dust: bigint;
      status: 'pending' | 'below_minimum';
    }) {
      await db
        .insertInto('deposits')
        .values({
          network: row.network,
          tx_hash: row.txHash,
          log_index: row.logIndex,
          block_number: row.blockNumber,
          block_hash: row.blockHash,
          from_address: row.from,
          to_address: row.to,
          user_id: row.userId,
          token_amount: row.tokenAmount,
          amount: row.amount,
          dust: row.dust,
          status: row.status,
        })
        // A transfer seen again (rescan after restart or rewind) is the same deposit.
        .onConflict((oc) =>
          oc.columns(['network', 'tx_hash', 'log_index']).doUpdateSet({
            status: sql`case when deposits.status = 'orphaned' then excluded.status else deposits.status end`,
            block_number: sql`case when deposits.status = 'orphaned' then excluded.block_number else deposits.block_number end`,
            block_hash: sql`case when deposits.status = 'orphaned' then excluded.block_hash else deposits.block_hash end`,
          }),
        )
        .execute();
    },

    /** Deposits still waiting for confirmations, and below-minimum ones (to show progress). */
    unsettled(network: Network) {
      return db
        .selectFrom('deposits')
        .selectAll()
        .where('network', '=', network)
        .where('status', '=', 'pending')
        .orderBy('block_number')
        .execute();
    },

    async setConfirmations(ids: string[], confirmations: number) {
      if (ids.length === 0) return;
      await db.updateTable('deposits').set({ confirmations }).where('id', 'in', ids).execute();
    },

    async markOrphaned(id: string) {
      await db
        .updateTable('deposits')
        .set({ status: 'orphaned' })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    listForUser(userId: string, network: Network, limit = 20) {
      return db
        .selectFrom('deposits')
        .select([
          'id',
          'tx_hash',
          'amount',
          'confirmations',
          'status',
          'created_at',
          'credited_at',
          'block_number',
        ])
        .where('user_id', '=', userId)
        .where('network', '=', network)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type DepositRepository = ReturnType<typeof depositRepository>;
