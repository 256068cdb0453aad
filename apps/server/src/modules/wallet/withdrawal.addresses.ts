// The investor's withdrawal address book: one address per network, saved once (with the
// fund password and, once enabled, the second factor) and changed only by an operator's
// reset. Addresses money could never come back from are refused before anything is saved.
import { privateKeyToAccount } from 'viem/accounts';
import { isValidEvmAddress, isValidTronAddress, tronToHex } from '@olive/chain';
import { fieldError } from '../../errors.ts';
import type { ChainEnvironment } from './chain-environment.ts';
import type { DepositRepository } from './deposit.repository.ts';
import type { Network } from './networks.ts';
import type { WithdrawalRepository } from './withdrawal.repository.ts';

export function isValidAddress(network: Network, address: string) {
  return network === 'trc20' ? isValidTronAddress(address) : isValidEvmAddress(address);
}

/**
 * Addresses nobody can spend from (20-byte hex, lower case; TRON's are the same bytes
 * behind its 0x41 prefix): money sent there is gone. Sources: the zero address, the
 * "dead" addresses burns conventionally use, and the precompiles' range.
 */
export const BURN_ADDRESSES: ReadonlySet<string> = new Set([
  `0x${'0'.repeat(40)}`,
  `0x${'0'.repeat(36)}dead`,
  `0xdead${'0'.repeat(36)}`,
  `0x${'0'.repeat(39)}1`,
  `0x${'f'.repeat(40)}`,
]);

/** The hot wallet's and the sweep gas payer's addresses, as 20-byte hex. */
export function platformWalletAddresses(chain: ChainEnvironment | null): string[] {
  const keys = [chain?.hotKey, chain?.tron?.hotKey, chain?.sweep?.gasKey].filter((k): k is string =>
    Boolean(k),
  );
  return keys.map((k) => privateKeyToAccount(`0x${k.replace(/^0x/, '')}`).address.toLowerCase());
}

/** The 20 bytes of an address as lower-case 0x hex, whatever its network's spelling. */
export function addressBytes(network: Network, address: string) {
  const hex = network === 'trc20' && address.startsWith('T') ? tronToHex(address) : address;
  return `0x${hex.toLowerCase().replace(/^0x/, '').slice(-40)}`;
}

export function withdrawalAddressBook(deps: {
  repo: WithdrawalRepository;
  deposits: DepositRepository;
  /** The fund password's check (security module). */
  checkFundPassword: (userId: string, fundPassword: string) => Promise<unknown>;
  /** The hot wallet and sweep addresses (20-byte hex): never a withdrawal destination. */
  platformWallets: () => readonly string[];
  /** Two-factor: asked for address saving once enabled (security module). */
  secondFactor?: { check(userId: string, otp: string | undefined): Promise<void> } | undefined;
}) {
  const { repo, deposits, platformWallets } = deps;
  return {
    async setAddress(
      userId: string,
      network: Network,
      address: string,
      fundPassword: string,
      otp?: string,
    ) {
      const trimmed = address.trim();
      if (!isValidAddress(network, trimmed))
        throw fieldError('address', `withdraw.address_invalid_${network}`);
      const hex = (network === 'trc20' ? tronToHex(trimmed) : trimmed).toLowerCase();
      // Money sent to these can never be spent again: refuse them before anything is saved.
      const bytes = addressBytes(network, trimmed);
      const leading = bytes.slice(2, 38);
      if (BURN_ADDRESSES.has(bytes) || /^0+$/.test(leading)) {
        throw fieldError('address', 'withdraw.address_unspendable');
      }
      const contracts = await Promise.all(
        (['erc20', 'bep20', 'trc20'] as const).map(async (n) =>
          addressBytes(n, (await deposits.settings(n)).contract_address || '0x'),
        ),
      );
      if (contracts.includes(bytes)) throw fieldError('address', 'withdraw.address_is_contract');
      if (platformWallets().some((w) => w.toLowerCase() === bytes)) {
        throw fieldError('address', 'withdraw.address_is_platform');
      }
      // Olive's own deposit addresses are not withdrawal destinations (on any network).
      for (const n of ['erc20', 'bep20', 'trc20'] as const) {
        if (await deposits.isDepositAddress(n, hex))
          throw fieldError('address', 'withdraw.address_is_platform');
      }
      if (await repo.savedAddress(userId, network))
        throw fieldError('address', 'withdraw.address_locked');
      await deps.checkFundPassword(userId, fundPassword);
      await deps.secondFactor?.check(userId, otp);
      if (!(await repo.saveAddress(userId, network, trimmed))) {
        throw fieldError('address', 'withdraw.address_locked');
      }
      return { network, address: trimmed };
    },

    async addresses(userId: string) {
      const result: Record<Network, string> = { erc20: '', bep20: '', trc20: '' };
      for (const row of await repo.savedAddresses(userId)) {
        result[row.network as Network] = row.address;
      }
      return result;
    },

    resetAddress: (userId: string, network: Network, operatorId: string, reason: string) =>
      repo.resetAddress(userId, network, operatorId, reason),
  };
}
