// The three USDT networks as the wallet screens name and link them: labels, the chain
// behind each, address shapes (the server checks again and has the last word) and the
// public explorer of a transaction.
export const NETWORKS = ['erc20', 'bep20', 'trc20'] as const;
export type Network = (typeof NETWORKS)[number];

export const isNetwork = (value: unknown): value is Network =>
  typeof value === 'string' && (NETWORKS as readonly string[]).includes(value);

export const networkLabel: Record<Network, string> = {
  erc20: 'ERC20',
  bep20: 'BEP20',
  trc20: 'TRC20',
};

export const chainName: Record<Network, string> = {
  erc20: 'Ethereum',
  bep20: 'BNB Smart Chain',
  trc20: 'TRON',
};

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

export function looksLikeAddress(network: Network, address: string): boolean {
  return (network === 'trc20' ? TRON_ADDRESS : EVM_ADDRESS).test(address.trim());
}

/** The explorer page of a transaction; TRONSCAN wants the hash without 0x. */
export function explorerTxUrl(network: Network, hash: string): string {
  const bare = hash.replace(/^0x/i, '');
  if (network === 'trc20') return `https://tronscan.org/#/transaction/${bare}`;
  const host = network === 'bep20' ? 'bscscan.com' : 'etherscan.io';
  return `https://${host}/tx/0x${bare}`;
}

/** "0x1234ab…cdef": enough of a hash or address to recognise it. */
export function shortHash(hash: string, head = 8, tail = 6): string {
  return hash.length > head + tail + 1 ? `${hash.slice(0, head)}…${hash.slice(-tail)}` : hash;
}

/** A ledger memo ("BEP20 0x…") with every long hash or address in it shortened. */
export function shortMemo(memo: string): string {
  return memo.replace(/\b(?:0x)?[0-9a-fA-F]{24,}\b|\bT[1-9A-HJ-NP-Za-km-z]{33}\b/g, (token) =>
    shortHash(token),
  );
}

/**
 * An address in groups of four ("0x 9965 507D 1a55 …"), to be read and compared in full
 * where a mistake is irreversible (saving the withdrawal address). Nothing is left out.
 */
export function groupAddress(address: string): string {
  const [prefix, body] = address.startsWith('0x') ? ['0x', address.slice(2)] : ['', address];
  const groups = body.match(/.{1,4}/g) ?? [];
  return [prefix, ...groups].filter(Boolean).join(' ');
}
