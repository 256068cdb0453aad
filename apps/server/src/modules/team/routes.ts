// Team and referral calls: share, team, teamuser, getteamuser, teamupdate, rank
// (fields: /work/shared/design/API.md and docs/api.md). Every call is the caller's own.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callBody, CountField, LimitField, PageField } from '@olive/protocol';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { envelopeOf } from '../../plugins/app/schemas.ts';
import type { TeamService } from './team.service.ts';

const security = [{ bearer: [] }];
/** The app's registration screen, the spec's route (its spelling is the spec's). */
const REGISTER_ROUTE = '/pages/public/regiest';
/** What an invite code can be: letters and digits (users are given 6 to 16). */
const INVITE_CODE = /^[A-Za-z0-9]{4,32}$/;
const LevelField = Type.Optional(
  CountField({ min: 1, max: 3, description: '1, 2 or 3; all when absent' }),
);
const KeywordField = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'part of a member account or nickname',
});

const Levels = Type.Array(
  Type.Object({
    level: Type.Integer(),
    count: Type.Integer(),
    performance: Type.String(),
    earnings: Type.String(),
  }),
);
const Team = Type.Object({
  team_count: Type.Integer(),
  performance: Type.String({ description: "sum of members' credited top-ups" }),
  team_earnings: Type.String({
    description: "commissions credited to the caller's balance (final fees only)",
  }),
  pending_earnings: Type.String({
    description:
      'commissions on fees that can still be refunded (withdrawals not yet confirmed): not spendable until the fee is final, cancelled if it is refunded',
  }),
  total_topup: Type.String({ description: "the caller's own credited top-ups" }),
  total_withdrawal: Type.String({ description: "the caller's own completed withdrawals" }),
  levels: Levels,
});
const Member = Type.Object({
  user_id: Type.String(),
  account: Type.String({ description: 'partly masked' }),
  nickname: Type.String(),
  level: Type.Integer(),
  total_topup: Type.String(),
  total_withdrawal: Type.String(),
  team_count: Type.Integer(),
  joined_at: Type.String(),
});
const Members = Type.Object({
  list: Type.Array(Member),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});
const Rank = Type.Object({
  list: Type.Array(
    Type.Object({
      rank: Type.Integer(),
      nickname: Type.String(),
      team_count: Type.Integer(),
      performance: Type.String(),
      me: Type.Boolean(),
    }),
  ),
  my_rank: Type.Integer({
    description: 'place among the first 10,000; 0 beyond, or without team performance yet',
  }),
});

export const teamRoutes: FastifyPluginAsyncTypebox<{
  team: TeamService;
  inviteCodeOf: (userId: string) => Promise<string | null>;
}> = async (app, { team, inviteCodeOf }) => {
  const me = (request: { caller?: { userId: string } | null }) => request.caller!.userId;

  // The link an investor shares: a clean address that opens registration with the code
  // filled in (the spec's own route, `regiest`, stays what the app uses inside). A code
  // that is not one is left out rather than passed on; nothing else in the query travels.
  app.get(
    '/register',
    {
      config: { rateLimit: false },
      schema: {
        hide: true,
        querystring: Type.Object({ code: Type.Optional(Type.String()) }),
      },
    },
    async (request, reply) => {
      const { code } = request.query;
      const invite = code && INVITE_CODE.test(code) ? `?invite=${code.toUpperCase()}` : '';
      return reply.redirect(`/#${REGISTER_ROUTE}${invite}`, 302);
    },
  );

  app.post(
    '/api/user/share',
    {
      config: { auth: true },
      schema: {
        tags: ['team'],
        summary: 'My invite code and the link that opens registration with it filled in',
        security,
        body: callBody({}),
        response: {
          200: envelopeOf(Type.Object({ invite_code: Type.String(), invite_url: Type.String() })),
        },
      },
    },
    async (request) => {
      const code = await inviteCodeOf(me(request));
      if (!code) throw new AppError('auth.session_invalid');
      return request.ok(team.share(code, `${request.protocol}://${request.host}`));
    },
  );

  app.post(
    '/api/user/team',
    {
      config: { auth: true },
      schema: {
        tags: ['team'],
        summary: 'My team totals: count, performance, earnings, by level (1-3)',
        security,
        body: callBody({}),
        response: { 200: envelopeOf(Team) },
      },
    },
    async (request) => request.ok(await team.team(me(request))),
  );

  app.post(
    '/api/user/teamupdate',
    {
      // A refresh runs the sync job: a person needs a few a minute, never a flood.
      config: { auth: true, rateLimit: { max: 12, timeWindow: '1 minute' } },
      schema: {
        tags: ['team'],
        summary:
          'Brings team figures up to date with every finished ledger entry (fees, top-ups, ' +
          'withdrawals, commissions) and answers as `team` with `updated_at`',
        security,
        body: callBody({}),
        response: {
          200: envelopeOf(Type.Intersect([Team, Type.Object({ updated_at: Type.String() })])),
        },
      },
    },
    async (request) => {
      await team.sync();
      return request.ok({
        ...(await team.team(me(request))),
        updated_at: new Date().toISOString(),
      });
    },
  );

  app.post(
    '/api/user/teamuser',
    {
      config: { auth: true },
      schema: {
        tags: ['team'],
        summary: 'My members by level (all three when no level), newest first, paged',
        security,
        body: callBody({ level: LevelField, page: PageField, limit: LimitField }),
        response: { 200: envelopeOf(Members) },
      },
    },
    async (request) =>
      request.ok(
        await team.members(me(request), {
          page: request.body.page ?? 1,
          limit: request.body.limit ?? 20,
          ...(request.body.level ? { level: request.body.level } : {}),
        }),
      ),
  );

  app.post(
    '/api/user/getteamuser',
    {
      config: { auth: true },
      schema: {
        tags: ['team'],
        summary: 'Search my members (levels 1-3 only) by account or nickname',
        security,
        body: callBody({ keyword: KeywordField, page: PageField, limit: LimitField }),
        response: { 200: envelopeOf(Members) },
      },
    },
    async (request) =>
      request.ok(
        await team.members(me(request), {
          page: request.body.page ?? 1,
          limit: request.body.limit ?? 20,
          keyword: request.body.keyword.trim(),
        }),
      ),
  );

  app.post(
    '/api/user/rank',
    {
      config: { auth: true },
      schema: {
        tags: ['team'],
        summary: 'Team ranking: the 50 users with the highest team performance, and mine',
        security,
        body: callBody({}),
        response: { 200: envelopeOf(Rank) },
      },
    },
    async (request) => request.ok(await team.rank(me(request), 50)),
  );
};
