// Custody reconciliation: what the ledger says is held for investors on each network
// (the custody accounts: deposit addresses and hot wallet) against the USDT actually held
// on chain by the hot wallet and every deposit address that ever received a deposit.
// The chain must hold at least the ledger's custody, less the payouts already on their way
// (broadcast, not yet confirmed in the ledger); more is fine (the operator's float, fees,
// deposits not yet confirmed). Used by `npm run audit` and by the worker's custody check.
import { formatAmount } from '@olive/protocol';
import { createPublicClient, http, parseAbi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { resolve } from 'node:path';
import { readDeployment } from '@olive/devchain';
import type { Config } from '../../config.ts';
import { usesDevchain } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { LoopLogger } from '../../workers/loop.ts';
import { walletAlarms } from './alarms.ts';
import { configuredChains, type ChainEnvironment } from './chain-environment.ts';
import { devchainEnvironment } from './devchain.ts';
import { NETWORKS, tokenToOlive, type Network } from './networks.ts';
import { SENDER_STATES } from './withdrawal.states.ts';

const ERC20 = parseAbi(['function balanceOf(address owner) view returns (uint256)']);

export interface CustodyFigures {
  network: Network;
  ok: boolean;
  /** Ledger custody (deposit addresses + hot wallet accounts), USDT units of 10^-8. */
  ledger: bigint;
  onChain: bigint;
  hotWallet: bigint;
  depositAddresses: bigint;
  addresses: number;
  inFlight: bigint;
}

export interface CustodyCheck {
  name: 'custody_on_chain';
  ok: boolean;
  detail: string;
  networks: CustodyFigures[];
}

const usdt = (units: bigint) => `${formatAmount(units)} USDT`;

function hotAddressFor(env: ChainEnvironment, network: Network): string | null {
  const key = network === 'trc20' && env.tron ? env.tron.hotKey : env.hotKey;
  if (!key) return null;
  // A TRON key's address is the EVM address of the same key, shown in base58.
  return privateKeyToAccount((key.startsWith('0x') ? key : `0x${key}`) as Hex).address;
}

/** Reads the figures of every network with an RPC and a contract. */
export async function reconcileCustody(db: Db, env: ChainEnvironment): Promise<CustodyCheck> {
  const figures: CustodyFigures[] = [];
  const problems: string[] = [];
  for (const network of NETWORKS) {
    const rpcUrl = env.rpc[network];
    const contract = env.contracts[network];
    const hot = hotAddressFor(env, network);
    if (!rpcUrl || !contract || !hot) continue;
    const client = createPublicClient({
      transport: http(rpcUrl, { batch: { batchSize: 100 }, timeout: 20_000, retryCount: 1 }),
    });
    const token = env.toHex(network, contract.address) as Hex;
    const balanceOf = async (address: string) =>
      (await client.readContract({
        address: token,
        abi: ERC20,
        functionName: 'balanceOf',
        args: [env.toHex(network, address) as Hex],
      })) as bigint;

    // Ledger first, then the chain: a deposit credited in between only adds on chain.
    const ledgerRow = await db
      .selectFrom('accounts')
      .select(({ fn }) => fn.sum<string>('balance').as('total'))
      .where('user_id', 'is', null)
      .where('kind', '=', 'custody')
      .where('subkey', 'in', [network, `${network}:hot`])
      .executeTakeFirst();
    const ledger = -BigInt(ledgerRow?.total ?? 0);
    const flight = await db
      .selectFrom('withdrawals')
      .select(({ fn }) => fn.sum<string>('receive_amount').as('total'))
      .where('network', '=', network)
      .where('status', 'in', SENDER_STATES)
      .where('tx_hash', 'is not', null)
      .executeTakeFirst();
    const inFlight = BigInt(flight?.total ?? 0);
    const addresses = (
      await db
        .selectFrom('deposits')
        .select('to_address')
        .distinct()
        .where('network', '=', network)
        .execute()
    ).map((r) => r.to_address);

    const decimals = contract.decimals;
    const hotWallet = tokenToOlive(await balanceOf(hot), decimals).amount;
    let depositAddresses = 0n;
    for (let i = 0; i < addresses.length; i += 100) {
      const chunk = await Promise.all(addresses.slice(i, i + 100).map(balanceOf));
      for (const units of chunk) depositAddresses += tokenToOlive(units, decimals).amount;
    }
    const onChain = hotWallet + depositAddresses;
    const ok = onChain + inFlight >= ledger;
    figures.push({
      network,
      ok,
      ledger,
      onChain,
      hotWallet,
      depositAddresses,
      addresses: addresses.length,
      inFlight,
    });
    const line =
      `${network}: ledger custody ${usdt(ledger)}, on chain ${usdt(onChain)} ` +
      `(hot wallet ${usdt(hotWallet)}, ${addresses.length} deposit addresses ${usdt(depositAddresses)})` +
      (inFlight > 0n ? `, payouts on their way ${usdt(inFlight)}` : '');
    problems.push(
      ok
        ? `${line}: covered, ${usdt(onChain + inFlight - ledger)} more on chain (float, fees, unconfirmed deposits)`
        : `${line}: SHORT by ${usdt(ledger - onChain - inFlight)}`,
    );
  }
  const ok = figures.every((f) => f.ok);
  return {
    name: 'custody_on_chain',
    ok,
    detail: figures.length === 0 ? 'no network with an RPC and a contract' : problems.join('; '),
    networks: figures,
  };
}

/** One reading of custody on chain, as the console's dashboard shows it. */
export interface CustodyReading {
  at: Date;
  /** USDT on chain in custody addresses over every network read; null when unreadable. */
  total: bigint | null;
  error: string | null;
  networks: CustodyFigures[];
}

/**
 * The dashboard's custody on chain, read live from this installation's chains (the
 * devchain too): the last reading while it is younger than `maxAgeMs`, else a new one. One
 * reading runs at a time, however many operators look, and a view waits for it at most
 * `waitMs` (then it gets the last reading, or an error saying the chain has not answered):
 * an installation with many deposit addresses must not hold the dashboard up.
 */
export function custodyReader(
  read: () => Promise<CustodyCheck>,
  options: { maxAgeMs?: number; waitMs?: number } = {},
) {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const waitMs = options.waitMs ?? 8_000;
  let last: CustodyReading | null = null;
  let running: Promise<CustodyReading> | null = null;
  const start = () =>
    (running ??= read()
      .then(
        (check): CustodyReading =>
          check.networks.length === 0
            ? { at: new Date(), total: null, error: check.detail, networks: [] }
            : {
                at: new Date(),
                total: check.networks.reduce((sum, f) => sum + f.onChain, 0n),
                error: null,
                networks: check.networks,
              },
        (error: unknown): CustodyReading => ({
          at: new Date(),
          total: null,
          error: String((error as Error).message ?? error)
            .split('\n')[0]!
            .slice(0, 200),
          networks: [],
        }),
      )
      .then((reading) => {
        last = reading;
        running = null;
        return reading;
      }));
  return {
    async latest(): Promise<CustodyReading> {
      if (last && Date.now() - last.at.getTime() < maxAgeMs) return last;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      const fresh = await Promise.race([start(), late]);
      clearTimeout(timer);
      return (
        fresh ??
        last ?? {
          at: new Date(),
          total: null,
          error: `the chain has not answered within ${waitMs / 1000} s`,
          networks: [],
        }
      );
    },
  };
}

/**
 * For `npm run audit`: the chains of this installation (the running devchain, or the
 * configured nodes). A chain that cannot be reached is reported, and fails the check:
 * custody that cannot be seen is not reconciled.
 */
export async function custodyCheckFor(db: Db, config: Config): Promise<CustodyCheck> {
  let env: ChainEnvironment;
  try {
    env = usesDevchain(config)
      ? devchainEnvironment(
          readDeployment(resolve(config.PG_DATA_DIR, '..', 'devchain', 'deployment.json')),
        )
      : configuredChains(config);
  } catch (error) {
    return {
      name: 'custody_on_chain',
      ok: true,
      detail: `not checked: ${(error as Error).message}`,
      networks: [],
    };
  }
  try {
    return await reconcileCustody(db, env);
  } catch (error) {
    return {
      name: 'custody_on_chain',
      ok: false,
      detail: `could not read the chain: ${(error as Error).message.split('\n')[0]}`,
      networks: [],
    };
  }
}

/** The worker's custody check: raises a 'custody' alarm per short network, logged once per change. */
export function custodyWatch(db: Db, env: ChainEnvironment, log: LoopLogger) {
  const alarms = walletAlarms(db);
  const last = new Map<string, string>();
  return {
    async tick() {
      const check = await reconcileCustody(db, env);
      for (const f of check.networks) {
        const detail = check.detail.split('; ').find((d) => d.startsWith(`${f.network}:`)) ?? '';
        if (!f.ok) {
          await alarms.raise(f.network, 'custody', detail);
          if (last.get(f.network) !== detail) {
            log.error(
              { network: f.network, alarm: 'custody' },
              `custody mismatch: ${detail}. See: npm run audit`,
            );
            last.set(f.network, detail);
          }
        } else {
          if (await alarms.clear(f.network, 'custody')) {
            log.info({ network: f.network, alarm: 'custody' }, 'custody alarm cleared');
          }
          last.delete(f.network);
        }
      }
      return check;
    },
  };
}
