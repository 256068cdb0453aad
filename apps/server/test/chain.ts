// A test devchain beside a test app, with the wallet's watcher and sender driven tick by
// tick so each test decides exactly when blocks arrive.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevchain, type Devchain } from '@olive/devchain';
import { auditRepository } from '../src/modules/ledger/audit.repository.ts';
import { auditService } from '../src/modules/ledger/audit.service.ts';
import { viemChainReader, type ChainReader } from '../src/modules/wallet/chain-reader.ts';
import { viemChainWriter, type ChainWriter } from '../src/modules/wallet/chain-writer.ts';
import { depositWatcher } from '../src/modules/wallet/deposit.watcher.ts';
import { devchainEnvironment, DEVCHAIN_SCOPE } from '../src/modules/wallet/devchain.ts';
import type { Network } from '../src/modules/wallet/networks.ts';
import { withdrawalSender } from '../src/modules/wallet/withdrawal.sender.ts';
import { depositSweeper } from '../src/modules/wallet/sweeper.ts';
import { parseTokenAmount } from '@olive/chain';
import { createTestApp, type TestApp } from './harness.ts';

export const quiet = { info: () => {}, warn: () => {}, error: () => {} };

export interface ChainTest {
  t: TestApp;
  chain: Devchain;
  watcher(network: Network, reader?: ChainReader): ReturnType<typeof depositWatcher>;
  writer(network: Network): ChainWriter;
  sender(
    network: Network,
    writer?: ChainWriter,
    afterRecord?: (id: string) => Promise<void>,
  ): ReturnType<typeof withdrawalSender>;
  sweeper(network: Network, threshold: string): ReturnType<typeof depositSweeper>;
  audit(): Promise<{ ok: boolean; checks: { name: string; ok: boolean; detail: string }[] }>;
  close(): Promise<void>;
}

export async function startChainTest(
  confirmations = 3,
  options: { env?: Record<string, string> } = {},
): Promise<ChainTest> {
  const chain = await startDevchain({
    port: 0,
    // <temp>/devchain, where a CLI with PG_DATA_DIR=<temp>/pg looks for the deployment.
    dataDir: join(await mkdtemp(join(tmpdir(), 'olive-devchain-')), 'devchain'),
  });
  const env = devchainEnvironment(chain);
  const t = await createTestApp({ chain: env, ...(options.env ? { env: options.env } : {}) });
  await t.db.updateTable('network_settings').set({ confirmations }).execute();
  const s = t.app.services;
  const writer = (network: Network) =>
    viemChainWriter({
      rpcUrl: chain.rpcUrl,
      contract: chain.contracts[network].address,
      hotKey: chain.hotWallet.privateKey,
      nonceScope: DEVCHAIN_SCOPE,
      toHex: (address) => env.toHex(network, address),
    });
  return {
    t,
    chain,
    watcher: (network, reader) =>
      depositWatcher(
        {
          repo: s.deposits,
          ledger: s.ledger,
          reader: reader ?? viemChainReader(chain.rpcUrl),
          log: quiet,
        },
        { network, startBlock: 0n },
      ),
    writer,
    sender: (network, w, afterRecord) =>
      withdrawalSender(
        {
          repo: s.withdrawalRepo,
          deposits: s.deposits,
          withdrawals: s.withdrawals,
          writer: w ?? writer(network),
          log: quiet,
          ...(afterRecord ? { afterRecord } : {}),
        },
        network,
      ),
    sweeper: (network, threshold) =>
      depositSweeper(
        { db: t.db, ledger: s.ledger, log: quiet },
        {
          network,
          rpcUrl: chain.rpcUrl,
          contract: chain.contracts[network].address,
          decimals: chain.contracts[network].decimals,
          xprv: network === 'trc20' ? env.sweep!.tronXprv : env.sweep!.evmXprv,
          hotAddress: chain.hotWallet.address,
          gasKey: env.sweep!.gasKey,
          threshold: parseTokenAmount(threshold, chain.contracts[network].decimals),
          toHex: (address) => env.toHex(network, address),
        },
      ),
    audit: () => auditService(auditRepository(t.db)).run(),
    async close() {
      await t.close();
      await chain.stop();
    },
  };
}
