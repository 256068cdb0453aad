// The wallet's long-running loops for the worker role: a deposit watcher per network with
// an RPC, and a withdrawal sender per network with a hot wallet. Each runs in exactly one
// worker process (advisory lock).
import type { ExclusiveLoop, LoopLogger } from '../../workers/loop.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { viemChainReader } from './chain-reader.ts';
import { viemChainWriter } from './chain-writer.ts';
import { parseTokenAmount } from '@olive/chain';
import { privateKeyToAccount } from 'viem/accounts';
import { custodyWatch } from './custody.ts';
import { depositSweeper } from './sweeper.ts';
import { tronChainWriter } from './tron-writer.ts';
import type { ChainEnvironment } from './chain-environment.ts';
import type { DepositRepository } from './deposit.repository.ts';
import { depositWatcher } from './deposit.watcher.ts';
import { DEVCHAIN_SCOPE } from './devchain.ts';
import { NETWORKS } from './networks.ts';
import type { WithdrawalRepository } from './withdrawal.repository.ts';
import { withdrawalSender } from './withdrawal.sender.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

export function walletLoops(
  env: ChainEnvironment,
  deps: {
    deposits: DepositRepository;
    withdrawalRepo: WithdrawalRepository;
    withdrawals: WithdrawalService;
    ledger: LedgerService;
    log: LoopLogger;
  },
): ExclusiveLoop[] {
  const loops: ExclusiveLoop[] = [];
  // Custody on chain against the ledger: an alarm per short network (wallet:alarms).
  const custody = custodyWatch(deps.deposits.db, env, deps.log);
  loops.push({
    name: 'custody-check',
    intervalMs: env.mode === 'devchain' ? 30_000 : 600_000,
    tick: async () => {
      await custody.tick();
    },
  });
  for (const network of NETWORKS) {
    const rpcUrl = env.rpc[network];
    if (!rpcUrl) continue;
    const watcher = depositWatcher(
      { repo: deps.deposits, ledger: deps.ledger, reader: viemChainReader(rpcUrl), log: deps.log },
      { network, startBlock: env.startBlock },
    );
    // Short interval: a confirming block is credited well within 2 seconds.
    loops.push({ name: `deposit-watcher:${network}`, intervalMs: 300, tick: () => watcher.tick() });

    const sweepContract = env.contracts[network];
    const hotAddress = env.hotKey ? privateKeyToAccount(env.hotKey).address : null;
    const xprv = network === 'trc20' ? env.sweep?.tronXprv : env.sweep?.evmXprv;
    if (env.sweep && sweepContract && hotAddress && xprv) {
      const sweeper = depositSweeper(
        { db: deps.deposits.db, ledger: deps.ledger, log: deps.log },
        {
          network,
          rpcUrl,
          contract: sweepContract.address,
          decimals: sweepContract.decimals,
          xprv,
          hotAddress,
          gasKey: env.sweep.gasKey,
          threshold: parseTokenAmount(env.sweep.threshold, sweepContract.decimals),
          toHex: (address) => env.toHex(network, address),
        },
      );
      loops.push({
        name: `deposit-sweeper:${network}`,
        intervalMs: env.mode === 'devchain' ? 10_000 : 300_000,
        tick: () => sweeper.tick(),
      });
    }

    const contract = env.contracts[network];
    // TRC20 in production is TRON itself: TronWeb signs; on the devchain it is EVM.
    const writer =
      network === 'trc20' && env.mode !== 'devchain'
        ? env.tron &&
          tronChainWriter({
            fullHost: env.tron.fullHost,
            apiKey: env.tron.apiKey,
            contract: env.tron.contract,
            hotKey: env.tron.hotKey,
            nonceScope: network,
          })
        : env.hotKey &&
          contract &&
          viemChainWriter({
            rpcUrl,
            contract: contract.address,
            hotKey: env.hotKey,
            nonceScope: env.mode === 'devchain' ? DEVCHAIN_SCOPE : network,
            toHex: (address) => env.toHex(network, address),
          });
    if (!writer) continue;
    const sender = withdrawalSender(
      {
        repo: deps.withdrawalRepo,
        deposits: deps.deposits,
        withdrawals: deps.withdrawals,
        writer,
        log: deps.log,
      },
      network,
    );
    loops.push({
      name: `withdrawal-sender:${network}`,
      intervalMs: 500,
      tick: () => sender.tick(),
    });
  }
  return loops;
}
