// The console's team calls (docs/admin-api.md): an investor's team members and the
// commission rates by level. The admin module serves them.
import { Type } from 'typebox';
import { numberError } from '../../errors.ts';
import { action } from '../../console/action.ts';
import { markDemo, type DemoAmong } from '../../console/demo.ts';
import { listBody, listQuery } from '../../console/list.ts';
import { TEAM_RATE_REGEX, teamRateRefusal, type TeamService } from './team.service.ts';

export function teamAdminActions(deps: {
  team: Pick<TeamService, 'members' | 'rates' | 'setRates'>;
  /** The users module's demo mark. */
  users: DemoAmong;
}) {
  const { team, users } = deps;
  return [
    action({
      path: 'team-members/list',
      permission: 'team-members.list',
      writes: false,
      body: listBody,
      async run(body) {
        const query = listQuery(body, {
          sortable: ['joined_at'],
          filters: { user_id: 'id', level: ['1', '2', '3'] },
          required: ['user_id'],
        });
        const page = await team.members(String(query.filters.user_id), {
          page: query.page,
          limit: query.limit,
          ...(query.filters.level ? { level: Number(query.filters.level) } : {}),
        });
        return { data: { ...page, list: await markDemo(users, page.list) } };
      },
    }),
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
