// The demo's chains: one local anvil devchain stands in for ERC20, BEP20 and TRC20 with
// a test USDT contract each (6, 18 and 6 decimals). Its state is kept on disk beside the
// database (.data/devchain/state.json), so a restart resumes the same chain. Only when the
// saved chain does not match what the database remembers (state lost, database replaced,
// a crash between two state saves) does a new chain start, and then what the database
// remembers of the previous one (cursors, nonces, unsent transactions) is reset here;
// money already credited stays credited in the ledger.
import {
  readDeployment,
  rpc,
  sendTestUsdt,
  startDevchain,
  type Devchain,
  type DevchainDeployment,
} from '@olive/devchain';
import { existsSync } from 'node:fs';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { LoopLogger } from '../../workers/loop.ts';
import { demoDepositKeys, evmHex, type ChainEnvironment } from './chain-environment.ts';
import { NETWORKS } from './networks.ts';
import { WITHDRAWAL_TRANSITIONS } from './withdrawal.states.ts';

const { signAgain } = WITHDRAWAL_TRANSITIONS;

export const DEVCHAIN_SCOPE = 'devchain';

/**
 * An API or worker process with no CHAIN_RPC_* and no devchain in its data folder: it
 * cannot guess a chain (decision 152). Says both ways out.
 */
export class NoChainError extends Error {
  constructor(role: string, file: string, reason: string) {
    super(
      `APP_ROLE=${role} has no chain: no CHAIN_RPC_* is set, and no devchain runs from this ` +
        `data folder (${reason}). On one machine, start the APP_ROLE=all process with the same ` +
        'PG_DATA_DIR first. Across machines or data folders, run the devchain in one process ' +
        '(APP_ROLE=chain) and give every other process the CHAIN_RPC_*, USDT_CONTRACT_* and ' +
        `HOT_WALLET_KEY_EVM it writes to chain.env beside ${file.replace(/deployment\.json$/, '')} ` +
        '(docs/operations.md, "Several processes").',
    );
  }
}

/**
 * What processes reaching this devchain by URL (APP_ROLE=chain's peers) are given: the same
 * variables as for a real node. TRC20 is left out: on a real deployment it is TRON, sent with
 * TronWeb, which the devchain's EVM stand-in is not.
 */
export function peerEnvironment(devchain: DevchainDeployment, host = '127.0.0.1'): string {
  const url = new URL(devchain.rpcUrl);
  url.hostname = host;
  const rpc = url.toString().replace(/\/$/, '');
  return [
    `CHAIN_RPC_ERC20=${rpc}`,
    `CHAIN_RPC_BEP20=${rpc}`,
    `USDT_CONTRACT_ERC20=${devchain.contracts.erc20.address}`,
    `USDT_CONTRACT_BEP20=${devchain.contracts.bep20.address}`,
    `HOT_WALLET_KEY_EVM=${devchain.hotWallet.privateKey}`,
    // The devchain starts at block 0: watch it from there.
    'CHAIN_START_BLOCK=0',
    '',
  ].join('\n');
}
export const FAUCET_AMOUNT = '100';
/** The well-known dev account #2: pays sweep gas (#0 is the faucet, #1 the hot wallet). */
const DEVCHAIN_GAS_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';

export function devchainEnvironment(devchain: DevchainDeployment): ChainEnvironment {
  const rpc: ChainEnvironment['rpc'] = {};
  const contracts: ChainEnvironment['contracts'] = {};
  for (const network of NETWORKS) {
    rpc[network] = devchain.rpcUrl;
    contracts[network] = devchain.contracts[network];
  }
  return {
    mode: 'devchain',
    rpc,
    contracts,
    hotKey: devchain.hotWallet.privateKey,
    tron: null,
    faucet: async (network, to) => ({
      txHash: await sendTestUsdt({ deployment: devchain, network, to, amount: FAUCET_AMOUNT }),
      amount: FAUCET_AMOUNT,
    }),
    sweep: {
      evmXprv: demoDepositKeys.evm.xprv,
      tronXprv: demoDepositKeys.tron.xprv,
      gasKey: DEVCHAIN_GAS_KEY,
      threshold: '50',
    },
    startBlock: 0n,
    toHex: evmHex,
  };
}

/** Forgets the previous devchain: its blocks, nonces and transactions are gone. */
export async function forgetPreviousDevchain(db: Db, log: LoopLogger) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('chain_cursors').execute();
    await trx.deleteFrom('chain_blocks').execute();
    await trx.deleteFrom('hot_wallet_nonces').where('scope', '=', DEVCHAIN_SCOPE).execute();
    const orphaned = await trx
      .updateTable('deposits')
      .set({ status: 'orphaned' })
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    // Transactions signed for the old chain paid nothing: sign them again on the new one.
    const resent = await trx
      .updateTable('withdrawals')
      .set({ status: signAgain.to, nonce: null, tx_hash: null, raw_tx: null, confirmations: 0 })
      .where('status', 'in', signAgain.from)
      .returning('id')
      .execute();
    if (orphaned.length || resent.length) {
      log.warn(
        { deposits: orphaned.length, withdrawals: resent.length },
        'devchain restarted: unconfirmed deposits orphaned, open withdrawals will be signed again',
      );
    }
  });
}

/**
 * Whether the chain holds every block the database's watchers stopped at (same number,
 * same hash). A database that never watched this chain does not match it.
 */
export async function chainMatchesDatabase(db: Db, devchain: DevchainDeployment) {
  const cursors = await db
    .selectFrom('chain_cursors')
    .select(['block_number', 'block_hash'])
    .execute();
  if (cursors.length === 0) return false;
  for (const cursor of cursors) {
    const block = await rpc<{ hash: string } | null>(devchain, 'eth_getBlockByNumber', [
      `0x${BigInt(cursor.block_number).toString(16)}`,
      false,
    ]);
    if (!block || block.hash.toLowerCase() !== cursor.block_hash.toLowerCase()) return false;
  }
  return true;
}

/**
 * The demo's chain for this process: started here when the process runs every role,
 * otherwise the one another Olive process on this machine started (its deployment file).
 * The chain is resumed from disk when it matches the database; otherwise a new chain
 * starts and the database forgets the old one (`forgetPreviousDevchain`).
 */
export async function demoChains(
  config: Config,
  dataDir: string,
  db: Db,
  log: LoopLogger,
): Promise<{ devchain: Devchain | null; environment: ChainEnvironment }> {
  if (config.APP_ROLE === 'api' || config.APP_ROLE === 'worker') {
    const file = `${dataDir}/deployment.json`;
    let deployment: DevchainDeployment;
    try {
      deployment = readDeployment(file);
    } catch (error) {
      const reason = existsSync(file) ? (error as Error).message : `no ${file}`;
      throw new NoChainError(config.APP_ROLE, file, reason);
    }
    return { devchain: null, environment: devchainEnvironment(deployment) };
  }
  const options = {
    port: config.DEVCHAIN_PORT,
    blockTimeMs: config.DEVCHAIN_BLOCK_MS,
    dataDir,
    persist: true,
  };
  let devchain = await startDevchain(options);
  if (devchain.resumed && !(await chainMatchesDatabase(db, devchain))) {
    log.warn(
      { stateFile: devchain.stateFile },
      'saved devchain does not match the database (blocks differ): starting a new chain',
    );
    await devchain.stop();
    devchain = await startDevchain({ ...options, fresh: true });
  }
  if (!devchain.resumed) await forgetPreviousDevchain(db, log);
  return { devchain, environment: devchainEnvironment(devchain) };
}
