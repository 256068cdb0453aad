// The console's robot calls (docs/admin-api.md): the markets robots trade, the robots
// (disable, enable) and the robot fees. The admin module serves them.
import { AmountField } from '@olive/protocol';
import { Type } from 'typebox';
import { action } from '../../console/action.ts';
import { showDemo, withDemo, type DemoAmong } from '../../console/demo.ts';
import { ID, listAction, showAction, Singleton } from '../../console/list.ts';
import type { RobotOperations } from './operations.service.ts';

const MARKETS = ['BTC/USDT', 'ETH/USDT', 'BNB/USDT', 'SOL/USDT', 'TRX/USDT'] as const;

export function robotsAdminActions(deps: {
  robots: RobotOperations;
  /** The users module's demo mark. */
  users: DemoAmong;
}) {
  const { robots, users } = deps;
  return [
    listAction('markets', { sortable: ['id'] }, () => robots.markets()),
    action({
      path: 'markets/update',
      permission: 'markets.update',
      writes: true,
      body: { id: Type.Union(MARKETS.map((m) => Type.Literal(m))), enabled: Type.Boolean() },
      async run(body) {
        const { before, after } = await robots.setMarketEnabled(body.id, body.enabled);
        const data = (await robots.markets()).list.find((m) => m.id === body.id);
        return { data, audit: { target: `market:${body.id}`, before, after } };
      },
    }),
    listAction(
      'robots',
      {
        sortable: ['id', 'principal'],
        filters: {
          user_id: 'id',
          market: MARKETS,
          status: ['not_started', 'waiting', 'running', 'ended'],
          disabled: 'bool',
        },
      },
      withDemo(users, (query) => robots.list(query)),
    ),
    showAction('robots', async (id) => showDemo(users, await robots.show(id))),
    ...([true, false] as const).map((disabled) =>
      action({
        path: disabled ? 'robots/disable' : 'robots/enable',
        permission: disabled ? 'robots.disable' : 'robots.enable',
        writes: true,
        body: { id: ID },
        async run(body) {
          const { before, after } = await robots.setDisabled(body.id, disabled);
          return { data: after, audit: { target: `robot:${body.id}`, before, after } };
        },
      }),
    ),
    action({
      path: 'robot-settings/show',
      permission: 'robot-settings.show',
      writes: false,
      body: Singleton,
      run: async () => ({ data: { id: 'robot-settings', ...(await robots.fees()) } }),
    }),
    action({
      path: 'robot-settings/update',
      permission: 'robot-settings.update',
      writes: true,
      body: {
        ...Singleton,
        performance_fee: Type.Optional(AmountField({ description: 'a rate from 0 to 1' })),
        maker_fee: Type.Optional(AmountField({ description: 'a rate from 0 to 0.01' })),
      },
      async run(body) {
        const { before, after } = await robots.setFees(body);
        return {
          data: { id: 'robot-settings', ...after },
          audit: { target: 'settings:robot-settings', before, after },
        };
      },
    }),
  ];
}
