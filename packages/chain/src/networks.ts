// The three USDT networks as facts that never change per deployment (decimals, address
// format, explorer links); operator-editable settings live in the server's database.
export const NETWORKS = ['erc20', 'bep20', 'trc20'] as const;
export type Network = (typeof NETWORKS)[number];

export const isNetwork = (value: unknown): value is Network =>
  typeof value === 'string' && (NETWORKS as readonly string[]).includes(value);

export interface NetworkFacts {
  /** Label shown to users, e.g. "ERC20". */
  label: string;
  chain: string;
  /** Decimals of the real USDT contract on this chain. */
  tokenDecimals: number;
  addressFormat: 'evm' | 'tron';
  /** BIP-44 coin type of the deposit addresses. */
  coinType: 60 | 195;
  /** Explorer link with `{tx}` standing for the transaction hash. */
  explorerTxUrl: string;
  explorerAddressUrl: string;
}

export const NETWORK_FACTS: Record<Network, NetworkFacts> = {
  erc20: {
    label: 'ERC20',
    chain: 'Ethereum',
    tokenDecimals: 6,
    addressFormat: 'evm',
    coinType: 60,
    explorerTxUrl: 'https://etherscan.io/tx/{tx}',
    explorerAddressUrl: 'https://etherscan.io/address/{address}',
  },
  bep20: {
    label: 'BEP20',
    chain: 'BNB Smart Chain',
    tokenDecimals: 18,
    addressFormat: 'evm',
    coinType: 60,
    explorerTxUrl: 'https://bscscan.com/tx/{tx}',
    explorerAddressUrl: 'https://bscscan.com/address/{address}',
  },
  trc20: {
    label: 'TRC20',
    chain: 'TRON',
    tokenDecimals: 6,
    addressFormat: 'tron',
    coinType: 195,
    // Tronscan is a single-page app: its routes live after the hash, and tx ids carry no 0x.
    explorerTxUrl: 'https://tronscan.org/#/transaction/{tx}',
    explorerAddressUrl: 'https://tronscan.org/#/address/{address}',
  },
};

/** The explorer page of a transaction; TRON ids are shown without the 0x. */
export function explorerTxUrl(network: Network, txHash: string): string {
  const tx = network === 'trc20' ? txHash.replace(/^0x/i, '') : txHash;
  return NETWORK_FACTS[network].explorerTxUrl.replace('{tx}', tx);
}

export function explorerAddressUrl(network: Network, address: string): string {
  return NETWORK_FACTS[network].explorerAddressUrl.replace('{address}', address);
}
