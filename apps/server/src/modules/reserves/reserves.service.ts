// Proof of reserves: cut the liabilities from the ledger, build and publish the Merkle-sum
// tree, read the reserves on chain at the cut's block heights, anchor the root on chain, and
// answer the investor's "verify my inclusion" with their leaves, nonce and sibling paths.
import { formatAmount } from '@olive/protocol';
import { AppError } from '../../errors.ts';
import type { Network } from '../wallet/networks.ts';
import type { ReservesChain } from './chain.ts';
import { publishedName, readPaths, writePublished, writeTree, FILE_FORMAT } from './files.ts';
import { buildLeaves, buildTree } from './merkle.ts';
import type { ReservesRepository } from './reserves.repository.ts';
import { join } from 'node:path';

export interface NetworkReserves {
  block: string;
  /** What the ledger says is held on this network for users (custody accounts). */
  custody: string;
  reserves: string;
  ratio: string | null;
  addresses: { address: string; kind: 'hot' | 'deposit'; amount: string }[];
  hot_wallet: { address: string; message: string; signature: string } | null;
  error?: string;
}

export interface ReservesDeps {
  repo: ReservesRepository;
  dir: string;
  chain: ReservesChain | null;
  maxParts?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** What an operator must look at in a snapshot (the console's reserves page). */
export type SnapshotAlarm =
  'reserves_below_liabilities' | 'chain_unreadable' | 'network_below_custody' | 'not_anchored';

/** reserves / liabilities as a percentage with two decimals, or null without liabilities. */
export function ratioOf(reserves: bigint, liabilities: bigint): string | null {
  if (liabilities === 0n) return null;
  const bp = (reserves * 10000n) / liabilities;
  return `${bp / 100n}.${(bp % 100n).toString().padStart(2, '0')}`;
}

export function reservesService(deps: ReservesDeps) {
  const { repo, dir, chain } = deps;
  const log = deps.log ?? { warn: () => {}, error: () => {} };

  async function readReserves(
    id: string,
    root: string,
    heads: Partial<Record<Network, bigint>>,
    custody: Record<string, bigint>,
  ) {
    const networks: Record<string, NetworkReserves> = {};
    let total: bigint | null = chain && chain.networks.length ? 0n : null;
    for (const network of chain?.networks ?? []) {
      const block = heads[network];
      const custodyUnits = custody[network] ?? 0n;
      try {
        if (block === undefined) throw new Error('no block height');
        const hot = chain!.hotWallet(network);
        const deposit = await repo.depositAddresses(network);
        const list = [
          ...(hot ? [{ address: hot, kind: 'hot' as const }] : []),
          ...deposit
            .filter((a) => a !== hot)
            .map((address) => ({ address, kind: 'deposit' as const })),
        ];
        const amounts = await chain!.balances(
          network,
          block,
          list.map((a) => a.address),
        );
        const sum = amounts.reduce((a, b) => a + b, 0n);
        const message = `Olive proof of reserves\nsnapshot: ${id}\nnetwork: ${network}\nblock: ${block}\naddress: ${hot}\nroot: ${root}`;
        const signature = hot ? await chain!.sign(network, message) : null;
        networks[network] = {
          block: block.toString(),
          custody: formatAmount(custodyUnits),
          reserves: formatAmount(sum),
          ratio: ratioOf(sum, custodyUnits),
          // Only addresses holding something are listed; the rest add nothing.
          addresses: list
            .map((a, i) => ({ ...a, amount: formatAmount(amounts[i]!) }))
            .filter((a) => a.amount !== '0'),
          hot_wallet: hot && signature ? { address: hot, message, signature } : null,
        };
        if (total !== null) total += sum;
      } catch (error) {
        total = null;
        networks[network] = {
          block: String(block ?? ''),
          custody: formatAmount(custodyUnits),
          reserves: '0',
          ratio: null,
          addresses: [],
          hot_wallet: null,
          error: String((error as Error).message ?? error).slice(0, 200),
        };
      }
    }
    return { total, networks };
  }

  async function take() {
    // Milliseconds per step, for the CLI's answer and the benchmark.
    const timings: Record<string, number> = {};
    let mark = performance.now();
    const lap = (step: string) => {
      const now = performance.now();
      timings[step] = Math.round(now - mark);
      mark = now;
    };
    const cut = await repo.cutLiabilities();
    lap('cut_ms');
    // The block heights that go with the cut: read right after it.
    const heads: Partial<Record<Network, bigint>> = {};
    for (const network of chain?.networks ?? []) {
      heads[network] = await chain!.head(network).catch(() => undefined as never);
    }
    const liabilities = cut.users.reduce((a, u) => a + u.amount, 0n);
    const id = await repo.nextId();
    const { leaves, owners } = buildLeaves(
      cut.users.length ? cut.users : [],
      deps.maxParts ? { maxParts: deps.maxParts } : {},
    );
    lap('leaves_ms');
    // An empty platform still publishes a tree: one zero leaf nobody owns.
    const tree = buildTree(
      leaves.sums.length ? leaves : { hashes: Buffer.alloc(32), sums: new BigUint64Array(1) },
    );
    lap('tree_ms');
    const header = {
      format: FILE_FORMAT,
      snapshot_id: id,
      taken_at: cut.takenAt.toISOString(),
      unit: '1e-8 USDT' as const,
      total: liabilities.toString(),
      root: { hash: tree.root.hash, sum: tree.root.sum.toString() },
      leaf_count: tree.levels[0]!.sums.length,
    };
    const file = await writePublished(dir, header, tree.levels[0]!);
    await writeTree(dir, id, tree);
    lap('files_ms');
    await repo.insertSnapshot(
      {
        id,
        taken_at: cut.takenAt,
        pg_snapshot: cut.pgSnapshot,
        liabilities,
        networks: {},
        root: tree.root.hash,
        leaf_count: header.leaf_count,
        user_count: owners.length,
        file: publishedName(id),
        demo: cut.demo,
      },
      owners,
    );
    lap('store_ms');
    const reserves = await readReserves(id, tree.root.hash, heads, cut.custody);
    await repo.setReserves(id, reserves.total, reserves.networks);
    const ratio = reserves.total === null ? null : ratioOf(reserves.total, liabilities);
    const alarm = reserves.total === null || (ratio !== null && Number(ratio) < 100);
    if (alarm) {
      log.error(
        {
          snapshot_id: id,
          ratio,
          reserves: reserves.total?.toString() ?? null,
          liabilities: liabilities.toString(),
        },
        'proof of reserves: reserves below liabilities (or unreadable)',
      );
    }
    let anchor: { network: string; txHash: string } | null = null;
    try {
      anchor = chain
        ? await chain.anchor(`olive-por:${id}:${tree.root.hash}:${liabilities}`)
        : null;
      if (anchor) await repo.setAnchor(id, anchor.network, anchor.txHash);
    } catch (error) {
      log.warn({ snapshot_id: id, err: String(error) }, 'proof of reserves: anchoring failed');
    }
    lap('reserves_and_anchor_ms');
    return {
      snapshot_id: id,
      root: tree.root.hash,
      liabilities: formatAmount(liabilities),
      // Left out of the liabilities: the demo investors' play money (decision 111d).
      demo_excluded: { users: cut.demo.users, amount: formatAmount(cut.demo.amount) },
      reserves: reserves.total === null ? null : formatAmount(reserves.total),
      ratio,
      alarm,
      networks: Object.fromEntries(
        Object.entries(reserves.networks).map(([n, r]) => [
          n,
          { reserves: r.reserves, custody: r.custody, ratio: r.ratio, block: r.block },
        ]),
      ),
      anchor_tx: anchor?.txHash ?? null,
      file,
      pg_snapshot: cut.pgSnapshot,
      timings,
    };
  }

  return {
    /** Takes a snapshot now; prints what the CLI shows. Writers are never stopped. */
    takeSnapshot: () => repo.exclusively(take),

    /**
     * The first snapshot of a new installation, taken when a worker starts rather than at
     * the next 00:05 UTC; null when one exists. Under the snapshot lock, so workers starting
     * together take one between them.
     */
    takeFirstSnapshot: () =>
      repo.exclusively(async () => ((await repo.hasSnapshot()) ? null : take())),

    async latest(limit = 7) {
      const rows = await repo.latest(limit);
      return rows.map((r) => {
        const liabilities = BigInt(r.liabilities);
        const reserves = r.reserves === null ? null : BigInt(r.reserves);
        const networks = (r.networks ?? {}) as Record<string, NetworkReserves>;
        return {
          snapshot_id: r.id,
          taken_at: new Date(r.taken_at).toISOString(),
          liabilities: formatAmount(liabilities),
          reserves: reserves === null ? null : formatAmount(reserves),
          ratio: reserves === null ? null : ratioOf(reserves, liabilities),
          root: r.root,
          anchor_tx: r.anchor_tx,
          anchor_network: r.anchor_network,
          leaf_count: r.leaf_count,
          file: `/api/main/reservesfile?snapshot_id=${r.id}`,
          networks: Object.entries(networks).map(([network, n]) => ({
            network,
            block: n.block,
            reserves: n.reserves,
            custody: n.custody,
            ratio: n.ratio,
            hot_wallet: n.hot_wallet,
          })),
        };
      });
    },

    /**
     * The operator's view of the snapshots, newest first: everything `latest` shows, plus
     * what was left out for demo investors, each network's read error and the alarms an
     * operator must act on.
     */
    async history(page: { limit: number; offset: number }) {
      const { rows, total } = await repo.history(page.limit, page.offset);
      const list = rows.map((r) => {
        const liabilities = BigInt(r.liabilities);
        const reserves = r.reserves === null ? null : BigInt(r.reserves);
        const networks = Object.entries((r.networks ?? {}) as Record<string, NetworkReserves>).map(
          ([network, n]) => ({
            network,
            block: n.block,
            custody: n.custody,
            reserves: n.reserves,
            ratio: n.ratio,
            hot_wallet: n.hot_wallet?.address ?? null,
            error: n.error ?? null,
          }),
        );
        const alarms: SnapshotAlarm[] = [];
        if (reserves !== null && reserves < liabilities) alarms.push('reserves_below_liabilities');
        if (reserves === null || networks.some((n) => n.error !== null)) {
          alarms.push('chain_unreadable');
        }
        if (networks.some((n) => n.error === null && Number(n.ratio ?? 100) < 100)) {
          alarms.push('network_below_custody');
        }
        if (!r.anchor_tx) alarms.push('not_anchored');
        return {
          id: r.id,
          taken_at: new Date(r.taken_at).toISOString(),
          liabilities: formatAmount(liabilities),
          reserves: reserves === null ? null : formatAmount(reserves),
          ratio: reserves === null ? null : ratioOf(reserves, liabilities),
          root: r.root,
          leaf_count: r.leaf_count,
          user_count: r.user_count,
          anchor_tx: r.anchor_tx,
          anchor_network: r.anchor_network,
          demo_excluded: {
            users: r.demo_users ?? 0,
            amount: formatAmount(BigInt(r.demo_amount ?? 0)),
          },
          file: `/api/main/reservesfile?snapshot_id=${r.id}`,
          networks,
          alarms,
        };
      });
      return { list, total };
    },

    /** The published file of a snapshot (its path), for download. */
    async publishedFile(id: string) {
      const row = await repo.snapshot(id);
      if (!row) throw new AppError('reserves.not_found', {}, { field: 'snapshot_id' });
      return join(dir, row.file);
    },

    /** The anchoring transaction of a snapshot, read back from the chain. */
    async anchor(id: string) {
      const row = await repo.snapshot(id);
      if (!row?.anchor_tx || !row.anchor_network) {
        throw new AppError('reserves.not_found', {}, { field: 'snapshot_id' });
      }
      const tx = chain ? await chain.anchored(row.anchor_network as Network, row.anchor_tx) : null;
      return {
        snapshot_id: id,
        network: row.anchor_network,
        tx_hash: row.anchor_tx,
        found_on_chain: Boolean(tx),
        block_number: tx?.blockNumber?.toString() ?? null,
        from: tx?.from ?? null,
        data_text: tx?.text ?? null,
        root: row.root,
        carries_root: Boolean(tx?.text.includes(row.root)),
      };
    },

    /** The caller's leaves, nonce and sibling paths in one snapshot. */
    async proof(userId: string, snapshotId: string) {
      const row = await repo.snapshot(snapshotId);
      if (!row) throw new AppError('reserves.not_found', {}, { field: 'snapshot_id' });
      const mine = await repo.userLeaves(snapshotId, userId);
      if (!mine) throw new AppError('reserves.not_included', {}, { field: 'snapshot_id' });
      const paths = await readPaths(dir, snapshotId, mine.leaf_indexes);
      const usdt = (units: string) => formatAmount(BigInt(units));
      return {
        snapshot_id: snapshotId,
        user_id: userId,
        leaves: mine.leaf_indexes.map((index, part) => ({
          amount: usdt(String(mine.amounts[part])),
          nonce: mine.nonce,
          index,
          part,
        })),
        paths: paths.map((steps) =>
          steps.map((s) => ({ hash: s.hash, sum: usdt(s.sum), side: s.side })),
        ),
        root: row.root,
        total: usdt(row.liabilities),
        taken_at: new Date(row.taken_at).toISOString(),
      };
    },
  };
}

export type ReservesService = ReturnType<typeof reservesService>;
