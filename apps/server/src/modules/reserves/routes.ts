// Proof of reserves calls: the latest snapshots (public), the caller's inclusion proof
// (signed in), and the published tree of a snapshot as a file anyone can download.
import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callBody } from '@olive/protocol';
import { Type } from 'typebox';
import { envelopeOf, RowId } from '../../plugins/app/schemas.ts';
import type { ReservesService } from './reserves.service.ts';

const SnapshotId = RowId;
const Amount = Type.String({ description: 'USDT, decimal string' });
const Snapshot = Type.Object({
  snapshot_id: Type.String(),
  taken_at: Type.String(),
  liabilities: Amount,
  reserves: Type.Union([Amount, Type.Null()], {
    description: 'null when the chain was unreadable',
  }),
  ratio: Type.Union([Type.String(), Type.Null()], { description: 'reserves / liabilities in %' }),
  root: Type.String(),
  anchor_tx: Type.Union([Type.String(), Type.Null()]),
  anchor_network: Type.Union([Type.String(), Type.Null()]),
  leaf_count: Type.Integer(),
  file: Type.String({ description: 'where the published tree downloads from' }),
  networks: Type.Array(
    Type.Object({
      network: Type.String(),
      block: Type.String(),
      reserves: Amount,
      custody: Amount,
      ratio: Type.Union([Type.String(), Type.Null()]),
      hot_wallet: Type.Union([
        Type.Null(),
        Type.Object({ address: Type.String(), message: Type.String(), signature: Type.String() }),
      ]),
    }),
  ),
});
const Step = Type.Object({
  hash: Type.String(),
  sum: Amount,
  side: Type.String({ description: 'left or right: where the sibling sits' }),
});
const Proof = Type.Object({
  snapshot_id: Type.String(),
  user_id: Type.String(),
  leaves: Type.Array(
    Type.Object({
      amount: Amount,
      nonce: Type.String(),
      index: Type.Integer(),
      part: Type.Integer(),
    }),
  ),
  paths: Type.Array(Type.Array(Step), { description: 'one sibling path per leaf, leaf to root' }),
  root: Type.String(),
  total: Amount,
  taken_at: Type.String(),
});

export interface DemoChain {
  rpc: Record<string, string>;
  anchor_address: string | null;
}

export const reservesRoutes: FastifyPluginAsyncTypebox<{
  reserves: ReservesService;
  demoChain: DemoChain | null;
}> = async (app, { reserves, demoChain }) => {
  // Demo only (the local devchain): where a build without VITE_RESERVES_* reads anchors.
  // A production build names its own public nodes and never asks the server it checks.
  if (demoChain) {
    app.get('/dev/reserves-chain.json', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(demoChain),
    );
  }
  app.post(
    '/api/main/reserves',
    {
      schema: {
        tags: ['reserves'],
        summary:
          'Proof of reserves: the latest snapshots (liabilities, reserves, ratio, root, anchor)',
        body: callBody({}),
        response: { 200: envelopeOf(Type.Object({ list: Type.Array(Snapshot) })) },
      },
    },
    async (request) => request.ok({ list: await reserves.latest(7) }),
  );
  app.post(
    '/api/user/reservesproof',
    {
      config: { auth: true },
      schema: {
        tags: ['reserves'],
        summary: "The caller's leaves, nonce and sibling paths in a snapshot",
        security: [{ bearer: [] }],
        body: callBody({ snapshot_id: SnapshotId }),
        response: { 200: envelopeOf(Proof) },
      },
    },
    async (request) =>
      request.ok(await reserves.proof(request.caller!.userId, request.body.snapshot_id)),
  );
  app.get<{ Querystring: { snapshot_id?: string } }>(
    '/api/main/reservesfile',
    { schema: { hide: true } },
    async (request, reply) => {
      const id = request.query.snapshot_id ?? '';
      if (!/^[1-9]\d{0,17}$/.test(id)) {
        return reply.status(404).send({ code: 0, msg: request.t('reserves.not_found') });
      }
      const path = await reserves.publishedFile(id).catch(() => null);
      if (!path) return reply.status(404).send({ code: 0, msg: request.t('reserves.not_found') });
      return reply
        .header('content-type', 'application/json')
        .header('content-disposition', `attachment; filename="olive-reserves-${id}.json"`)
        .send(createReadStream(path));
    },
  );
  app.get<{ Querystring: { snapshot_id?: string } }>(
    '/api/main/reservesanchor',
    { schema: { hide: true } },
    async (request, reply) => {
      const id = request.query.snapshot_id ?? '';
      const anchor = /^[1-9]\d{0,17}$/.test(id)
        ? await reserves.anchor(id).catch(() => null)
        : null;
      if (!anchor) return reply.status(404).send({ code: 0, msg: request.t('reserves.not_found') });
      return reply.header('content-type', 'application/json').send(JSON.stringify(anchor, null, 2));
    },
  );
};
