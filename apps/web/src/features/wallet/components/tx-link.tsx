// A transaction hash, shortened, linking to the network's public explorer. On the local
// devchain the explorer does not know the hash; it is still the real one of the chain.
import { explorerTxUrl, shortHash, type Network } from '../utils/networks.ts';
import '../wallet.css';

export function TxLink({ network, hash }: { network: Network; hash: string }) {
  if (!hash) return null;
  return (
    <a
      className="tx-link"
      href={explorerTxUrl(network, hash)}
      target="_blank"
      rel="noopener noreferrer"
      dir="ltr"
      title={hash}
      data-testid="tx-link"
    >
      {shortHash(hash)}
    </a>
  );
}
