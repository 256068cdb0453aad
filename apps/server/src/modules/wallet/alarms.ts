// Wallet alarms: conditions that stop money moving on a network until an operator looks.
// Raised by the withdrawal sender (nonce) and the custody check; shown by
// `npm run cli -- wallet:alarms` and logged once when raised or changed, never every tick.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type AlarmKind = 'nonce' | 'custody';

export interface WalletAlarm {
  network: string;
  kind: AlarmKind;
  detail: string;
  raised_at: Date;
  updated_at: Date;
  cleared_at: Date | null;
}

export function walletAlarms(db: Db) {
  return {
    /** Raises an alarm, or updates the detail of the one already raised. */
    async raise(network: string, kind: AlarmKind, detail: string): Promise<void> {
      await db
        .insertInto('wallet_alarms')
        .values({ network, kind, detail })
        .onConflict((oc) =>
          oc.columns(['network', 'kind']).doUpdateSet({
            detail,
            updated_at: sql`now()`,
            // A cleared alarm that comes back is raised anew.
            raised_at: sql`case when wallet_alarms.cleared_at is null then wallet_alarms.raised_at else now() end`,
            cleared_at: null,
          }),
        )
        .execute();
    },
    /** Clears an alarm; true when one was active. */
    async clear(network: string, kind: AlarmKind): Promise<boolean> {
      const result = await db
        .updateTable('wallet_alarms')
        .set({ cleared_at: sql`now()`, updated_at: sql`now()` })
        .where('network', '=', network)
        .where('kind', '=', kind)
        .where('cleared_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    /** Active alarms (or all, with history). */
    list(options: { all?: boolean } = {}): Promise<WalletAlarm[]> {
      let query = db.selectFrom('wallet_alarms').selectAll().orderBy('raised_at');
      if (!options.all) query = query.where('cleared_at', 'is', null);
      return query.execute() as Promise<WalletAlarm[]>;
    },
  };
}
