// What the Top Up screen shows: the user's deposit address per network (derived from the
// operator's extended public key; the API never holds a deposit private key), the
// network's minimum and confirmations, and the user's deposits with their progress.
import { evmDepositAddress, tronDepositAddress, tronToHex } from '@olive/chain';
import { formatAmount } from '@olive/protocol';
import { AppError } from '../../errors.ts';
import type { DepositRepository } from './deposit.repository.ts';
import type { Network } from './networks.ts';

export interface DepositKeys {
  /** Account-level extended public key m/44'/60'/0' (ERC20 and BEP20). */
  evmXpub: string;
  /** Account-level extended public key m/44'/195'/0' (TRC20). */
  tronXpub: string;
}

/** Sends test USDT on the local chain; present only when the devchain runs. */
export type Faucet = (network: Network, to: string) => Promise<{ txHash: string; amount: string }>;

export function depositService(deps: {
  repo: DepositRepository;
  keys: DepositKeys;
  faucet: Faucet | null;
}) {
  const { repo, keys, faucet } = deps;

  async function address(userId: string, network: Network): Promise<string> {
    const existing = await repo.findAddress(userId, network);
    if (existing) return existing.address;
    // The per-user number is the user id: stable, unique, never reused.
    const index = BigInt(userId);
    const derived =
      network === 'trc20'
        ? tronDepositAddress(keys.tronXpub, Number(index))
        : evmDepositAddress(keys.evmXpub, Number(index));
    const hex = (network === 'trc20' ? tronToHex(derived) : derived).toLowerCase();
    await repo.insertAddress({ userId, network, address: derived, addressHex: hex, index });
    return (await repo.findAddress(userId, network))!.address;
  }

  return {
    address,
    faucetAvailable: faucet !== null,

    async invest(userId: string, network: Network) {
      const settings = await repo.settings(network);
      const deposits = await repo.listForUser(userId, network);
      return {
        network,
        address: await address(userId, network),
        enabled: settings.deposit_enabled,
        min_deposit: formatAmount(BigInt(settings.min_deposit)),
        confirmations: settings.confirmations,
        contract: settings.contract_address,
        faucet: faucet !== null,
        deposits: deposits.map((d) => ({
          id: d.id,
          tx_hash: d.tx_hash,
          amount: formatAmount(BigInt(d.amount)),
          confirmations: Math.min(d.confirmations, settings.confirmations),
          required_confirmations: settings.confirmations,
          status: d.status,
          created_at: new Date(d.created_at).toISOString(),
          credited_at: d.credited_at ? new Date(d.credited_at).toISOString() : null,
        })),
      };
    },

    async sendTestUsdt(userId: string, network: Network) {
      if (!faucet) throw new AppError('wallet.faucet_unavailable');
      return faucet(network, await address(userId, network));
    },
  };
}

export type DepositService = ReturnType<typeof depositService>;
