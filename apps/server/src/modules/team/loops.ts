// The team sync as a worker loop: one worker runs it (advisory lock), once a second.
import type { ExclusiveLoop } from '../../workers/loop.ts';
import type { TeamService } from './team.service.ts';

export function teamLoops(team: TeamService): ExclusiveLoop[] {
  return [{ name: 'team-sync', intervalMs: 1000, tick: async () => void (await team.sync()) }];
}
