// Consolidates deposit addresses into the hot wallet: for each address holding at least
// the threshold, the gas wallet first sends it enough native coin for one transfer, then
// the address sends its whole USDT balance to the hot wallet (key derived from the sweep
// xprv, held by the worker only). Each sweep is recorded with its signed hash before it
// is broadcast and posted to the ledger (custody: addresses -> hot wallet) once mined.
import { deriveEvmPrivateKey, deriveTronPrivateKey } from '@olive/chain';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  keccak256,
  parseAbi,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Db } from '../../db/database.ts';
import type { LoopLogger } from '../../workers/loop.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { platformAccount } from '../ledger/ledger.service.ts';
import { tokenToOlive, type Network } from './networks.ts';

const ERC20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);
const TRANSFER_GAS = 90_000n;

export interface SweepOptions {
  network: Network;
  rpcUrl: string;
  contract: string;
  decimals: number;
  /** Account-level xprv of the deposit keys (m/44'/60'/0' or m/44'/195'/0'). */
  xprv: string;
  hotAddress: string;
  /** Pays the gas of sweeps; not the hot wallet, whose nonces withdrawals allocate. */
  gasKey: Hex;
  /** Token units: addresses holding less are left alone. */
  threshold: bigint;
  /** 0x form of a deposit address (TRON -> hex on the devchain). */
  toHex: (address: string) => string;
}

export function depositSweeper(
  deps: { db: Db; ledger: LedgerService; log: LoopLogger },
  o: SweepOptions,
) {
  const { db, ledger, log } = deps;
  const client = createPublicClient({
    transport: http(o.rpcUrl, { timeout: 10_000, retryCount: 0 }),
  });
  const gas = createWalletClient({
    transport: http(o.rpcUrl),
    account: privateKeyToAccount(o.gasKey),
  });

  /** Posts mined sweeps to the ledger; marks reverted ones failed. */
  async function reconcile() {
    const sent = await db
      .selectFrom('sweeps')
      .selectAll()
      .where('network', '=', o.network)
      .where('status', '=', 'sent')
      .execute();
    for (const sweep of sent) {
      const receipt = await client
        .getTransactionReceipt({ hash: sweep.tx_hash as Hex })
        .catch(() => null);
      if (!receipt) {
        // Not mined (or dropped): the same signed bytes go out again.
        await client
          .sendRawTransaction({ serializedTransaction: sweep.raw_tx as Hex })
          .catch(() => undefined);
        continue;
      }
      await db.transaction().execute(async (trx) => {
        if (receipt.status === 'success') {
          const amount = BigInt(sweep.amount);
          if (amount > 0n) {
            await ledger.post(
              {
                kind: 'sweep',
                idempotencyKey: `sweep:${o.network}:${sweep.tx_hash}`,
                reference: `sweep:${sweep.id}`,
                memo: `${o.network.toUpperCase()} ${sweep.address} -> hot wallet`,
                postings: [
                  { account: platformAccount('custody', o.network), amount },
                  { account: platformAccount('custody', `${o.network}:hot`), amount: -amount },
                ],
              },
              trx,
            );
          }
        }
        await trx
          .updateTable('sweeps')
          .set({ status: receipt.status === 'success' ? 'done' : 'failed' })
          .where('id', '=', sweep.id)
          .execute();
      });
      log.info({ network: o.network, sweep: sweep.id, status: receipt.status }, 'sweep settled');
    }
  }

  async function sweepAddress(address: string, index: bigint) {
    const hex = o.toHex(address) as Hex;
    const balance = await client.readContract({
      address: o.contract as Hex,
      abi: ERC20,
      functionName: 'balanceOf',
      args: [hex],
    });
    if (balance < o.threshold) return;
    const gasPrice = ((await client.getGasPrice()) * 12n) / 10n;
    const needed = gasPrice * TRANSFER_GAS;
    const native = await client.getBalance({ address: hex });
    if (native < needed) {
      const funding = await gas.sendTransaction({ to: hex, value: needed - native, chain: null });
      await client.waitForTransactionReceipt({ hash: funding, pollingInterval: 100 });
    }
    const key =
      o.network === 'trc20'
        ? (`0x${deriveTronPrivateKey(o.xprv, Number(index))}` as Hex)
        : deriveEvmPrivateKey(o.xprv, Number(index));
    const account = privateKeyToAccount(key);
    const rawTx = await account.signTransaction({
      chainId: await client.getChainId(),
      type: 'legacy',
      nonce: await client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
      to: o.contract as Hex,
      data: encodeFunctionData({
        abi: ERC20,
        functionName: 'transfer',
        args: [o.hotAddress as Hex, balance],
      }),
      gas: TRANSFER_GAS,
      gasPrice,
    });
    const { amount } = tokenToOlive(balance, o.decimals);
    await db
      .insertInto('sweeps')
      .values({
        network: o.network,
        address,
        token_amount: balance,
        amount,
        tx_hash: keccak256(rawTx),
        raw_tx: rawTx,
        status: 'sent',
      })
      .execute();
    await client.sendRawTransaction({ serializedTransaction: rawTx });
  }

  return {
    network: o.network,
    async tick() {
      await reconcile();
      // Addresses with a sweep in flight wait for it to settle.
      const addresses = await db
        .selectFrom('deposit_addresses')
        .select(['address', 'derivation_index'])
        .where('network', '=', o.network)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('deposits')
              .select('deposits.id')
              .whereRef('deposits.to_address', '=', 'deposit_addresses.address')
              .where('deposits.network', '=', o.network)
              .where('deposits.status', '=', 'credited'),
          ),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('sweeps')
                .select('sweeps.id')
                .whereRef('sweeps.address', '=', 'deposit_addresses.address')
                .where('sweeps.status', '=', 'sent'),
            ),
          ),
        )
        .execute();
      for (const a of addresses) await sweepAddress(a.address, BigInt(a.derivation_index));
      await reconcile();
    },
  };
}
