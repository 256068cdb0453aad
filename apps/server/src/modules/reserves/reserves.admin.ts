// The console's reserves calls (docs/admin-api.md), reserves/*: the console's proof-of-reserves page. The snapshots with their alarms, open
// to every role (the figures are public), and "take a snapshot now" for admin and finance,
// audited, through the reserves module's own service (the daily job's path).
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { listAction } from '../../console/list.ts';
import { action } from '../../console/action.ts';
import type { ReservesService } from './reserves.service.ts';

export function reservesAdminActions(deps: {
  reserves: Pick<ReservesService, 'history' | 'takeSnapshot'>;
}) {
  const { reserves } = deps;
  // A snapshot reads every balance and the chain: one at a time from this process, so a
  // second click gets a refusal instead of a second snapshot of the same instant.
  let taking = false;
  return [
    listAction('reserves', { sortable: ['id'] }, (query) =>
      reserves.history({ limit: query.limit, offset: (query.page - 1) * query.limit }),
    ),
    action({
      path: 'reserves/snapshot',
      permission: 'reserves.snapshot',
      writes: true,
      body: { id: Type.Optional(Type.String({ maxLength: 40 })) },
      async run() {
        if (taking) throw new AppError('admin.snapshot_running');
        taking = true;
        try {
          const { timings: _timings, ...result } = await reserves.takeSnapshot();
          return {
            data: result,
            audit: { target: `reserve-snapshot:${result.snapshot_id}`, after: result },
          };
        } finally {
          taking = false;
        }
      },
    }),
  ];
}
