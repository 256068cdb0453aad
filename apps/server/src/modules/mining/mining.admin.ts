// The console's mining calls (docs/admin-api.md): machine models and rentals. The admin
// module serves them.
import { AmountField, CountField } from '@olive/protocol';
import { Type } from 'typebox';
import { action } from '../../console/action.ts';
import { withDemo, type DemoAmong } from '../../console/demo.ts';
import { ID, listAction, showAction } from '../../console/list.ts';
import { MAX_RENTAL_DAYS } from './mining.service.ts';
import type { MiningOperations } from './operations.service.ts';

const Amount = AmountField();

const modelFields = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  algorithm: Type.Optional(Type.String({ maxLength: 40 })),
  hash_rate_ths: Type.Optional(Amount),
  power_w: Type.Optional(CountField({ min: 0, max: 1_000_000 })),
  price_per_day: Type.Optional(Amount),
  electricity_per_day: Type.Optional(Amount),
  margin_rate: Type.Optional(AmountField({ description: 'a rate from 0 to 1, e.g. "0.2"' })),
  min_days: Type.Optional(CountField({ min: 1, max: MAX_RENTAL_DAYS })),
  stock: Type.Optional(CountField({ min: 0, max: 100_000_000 })),
  enabled: Type.Optional(Type.Boolean()),
};

export function miningAdminActions(deps: {
  mining: MiningOperations;
  /** The users module's demo mark. */
  users: DemoAmong;
}) {
  const { mining, users } = deps;
  return [
    listAction('mining-models', { sortable: ['id'] }, () => mining.models()),
    showAction('mining-models', (id) => mining.show(id)),
    action({
      path: 'mining-models/create',
      permission: 'mining-models.create',
      writes: true,
      body: modelFields,
      async run(body) {
        const after = await mining.create(body);
        return { data: after, audit: { target: `mining-model:${after.id}`, after } };
      },
    }),
    action({
      path: 'mining-models/update',
      permission: 'mining-models.update',
      writes: true,
      body: { id: ID, ...modelFields },
      async run(body) {
        const { id, ...change } = body;
        const { before, after } = await mining.update(id, change);
        return { data: after, audit: { target: `mining-model:${id}`, before, after } };
      },
    }),
    listAction(
      'rentals',
      {
        sortable: ['id'],
        filters: { user_id: 'id', status: ['active', 'expired'], model_id: 'id' },
      },
      withDemo(users, (query) => mining.rentals(query)),
    ),
  ];
}
