// The console's team calls (docs/admin-api.md): the commission rates by level. The admin
// module serves them.
import { Type } from 'typebox';
import { numberError } from '../../errors.ts';
import { action } from '../../console/action.ts';
import { listBody } from '../../console/list.ts';
import { TEAM_RATE_REGEX, teamRateRefusal, type TeamService } from './team.service.ts';

export function teamAdminActions(deps: { team: Pick<TeamService, 'rates' | 'setRates'> }) {
  const { team } = deps;
  return [
    action({
      path: 'team-rates/list',
      permission: 'team-rates.list',
      writes: false,
      body: listBody,
      async run() {
        const rates = await team.rates();
        const list = rates.map((rate, i) => ({
          id: String(i + 1),
          level: i + 1,
          rate: String(rate),
        }));
        return { data: { list, total: list.length, page: 1, limit: 100 } };
      },
    }),
    action({
      path: 'team-rates/set',
      permission: 'team-rates.set',
      writes: true,
      body: {
        levels: Type.Array(Type.String({ pattern: TEAM_RATE_REGEX }), {
          minItems: 1,
          maxItems: 3,
        }),
      },
      async run(body) {
        const before = await team.rates();
        for (const level of body.levels) {
          const refusal = teamRateRefusal(level);
          if (refusal) throw numberError('levels', 'amount', refusal);
        }
        const after = await team.setRates(body.levels.map(Number));
        const list = after.map((rate, i) => ({
          id: String(i + 1),
          level: i + 1,
          rate: String(rate),
        }));
        return {
          data: { list, total: list.length },
          audit: { target: 'settings:team-rates', before, after },
        };
      },
    }),
  ];
}
