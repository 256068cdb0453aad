// Operator commands for the team: a user's upline and downline, and the commission rates.
import { required, UsageError, type Command, type CliContext } from '../../commands/command.ts';
import type { Db } from '../../db/database.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { teamRepository } from './team.repository.ts';
import { MAX_LEVELS, teamRateRefusal, teamService } from './team.service.ts';

/** Other modules' services on the command's database, wired by the CLI runner. */
export interface TeamCommandNeeds {
  ledger(db: Db): LedgerService;
}

function service(on: TeamCommandNeeds, context: CliContext) {
  const db = context.database.db;
  return teamService({ repo: teamRepository(db), ledger: on.ledger(db) });
}

export function teamCommands(on: TeamCommandNeeds): Record<string, Command> {
  return {
    'team:show': {
      summary:
        "Show a user's upline chain (3 levels), team totals and newest members: --account <a>",
      flags: ['account'],
      run: async (context) => {
        const team = service(on, context);
        const user = await team.userByAccount(required(context.flags, 'account'));
        if (!user) throw new UsageError('no such account');
        await team.sync();
        const [upline, totals, members] = await Promise.all([
          team.upline(user.id),
          team.team(user.id),
          team.members(user.id, { page: 1, limit: 100 }),
        ]);
        return {
          result: {
            user_id: user.id,
            account: user.account,
            invite_code: user.invite_code,
            upline: upline.map((u) => ({ level: u.depth, user_id: u.user_id, account: u.account })),
            team: totals,
            members: members.list,
            members_total: members.total,
          },
        };
      },
    },
    'team:rates': {
      summary: `Set commission rates per level in percent, at most ${MAX_LEVELS}: --levels 20,10,0 (no flag: show)`,
      flags: ['levels'],
      run: async (context) => {
        const team = service(on, context);
        const text = context.flags.levels;
        if (text === undefined) return { result: { levels: await team.rates() } };
        // Each rate plainly written, as the console's: "20,10,0", not "20, 10" or "020".
        const parts = text.split(',');
        if (parts.length > MAX_LEVELS || parts.some((p) => teamRateRefusal(p) !== null)) {
          throw new UsageError(`--levels: up to ${MAX_LEVELS} percentages 0-100, e.g. 20,10,0`);
        }
        return { result: { levels: await team.setRates(parts.map(Number)) } };
      },
    },
    'team:sync': {
      summary:
        'Bring team figures and commissions up to date now (the worker does it every second)',
      flags: [],
      run: async (context) => ({ result: { entries: await service(on, context).sync() } }),
    },
  };
}
