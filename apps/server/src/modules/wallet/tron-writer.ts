// The production TRC20 sender: TronWeb talks to the node, @olive/chain builds and signs the
// transfer offline (the key never leaves this process). TRON has no account nonces: a
// transaction is unique by its txID, the sha256 of its raw data (reference block,
// timestamp, expiration, call), which the sender records before the first broadcast and
// which stays valid only until the expiration. The nonce the sender allocates is kept in
// the database for ordering but does not enter the transaction.
import { TronWeb } from 'tronweb';
import {
  buildTrc20Transfer,
  decodeTrc20Transfer,
  signTronTransaction,
  tronAddressFromPrivateKey,
  verifyTronSignature,
  type SignedTronTransaction,
} from '@olive/chain/tron-transfer';
import {
  ExpiredTransactionError,
  type ChainWriter,
  type TransactionState,
} from './chain-writer.ts';

/** `wallet/getblock` with `detail: false`: the head block without its transactions. */
export interface TronBlockHeader {
  blockID: string;
  block_header: { raw_data: { number: number; timestamp: number } };
}

/** `wallet/gettransactioninfobyid`: `{}` until the transaction is in a block. */
export interface TronTransactionInfo {
  blockNumber?: number;
  /** 'FAILED' when the call did not succeed; absent otherwise. */
  result?: string;
  /** The contract result: 'SUCCESS', 'REVERT', 'OUT_OF_ENERGY', … */
  receipt?: { result?: string };
}

export interface TronBroadcastResult {
  result?: boolean;
  code?: string;
  message?: string;
}

/** The part of TronWeb this writer uses; tests pass a fake. */
export interface TronWebLike {
  fullNode: {
    request<T>(url: string, payload?: Record<string, unknown>, method?: 'get' | 'post'): Promise<T>;
  };
  trx: {
    sendRawTransaction(tx: SignedTronTransaction): Promise<TronBroadcastResult>;
    getUnconfirmedTransactionInfo(txID: string): Promise<TronTransactionInfo>;
  };
}

/** Most TRX a transfer may burn for energy: a USDT transfer to a new holder takes ~130k energy. */
export const TRON_FEE_LIMIT_SUN = 100_000_000n;
/** How long a signed transfer stays valid (TRON allows up to 24 hours). */
export const TRON_TX_LIFETIME_MS = 10 * 60_000;

/** TronWeb against a full node (TronGrid wants its API key in a header). */
export function tronWebClient(fullHost: string, apiKey?: string): TronWebLike {
  const tronWeb = new TronWeb({
    fullHost,
    ...(apiKey ? { headers: { 'TRON-PRO-API-KEY': apiKey } } : {}),
  });
  return {
    fullNode: tronWeb.fullNode,
    trx: {
      // Our JSON is the node's own visible:false form; TronWeb's type is wider-keyed.
      sendRawTransaction: (tx) => tronWeb.trx.sendRawTransaction(tx as never),
      getUnconfirmedTransactionInfo: (txID) => tronWeb.trx.getUnconfirmedTransactionInfo(txID),
    },
  };
}

/** The node sends error messages as hex-encoded UTF-8. */
function nodeMessage(message: string | undefined): string {
  if (!message) return '';
  return /^([0-9a-fA-F]{2})+$/.test(message)
    ? Buffer.from(message, 'hex').toString('utf8')
    : message;
}

export function tronChainWriter(options: {
  /** e.g. https://api.trongrid.io */
  fullHost?: string;
  apiKey?: string;
  /** The TRC20 contract, 'T…'. */
  contract: string;
  /** The hot wallet's private key, hex (0x optional). */
  hotKey: string;
  nonceScope: string;
  feeLimitSun?: bigint;
  lifetimeMs?: number;
  client?: TronWebLike;
  now?: () => number;
}): ChainWriter {
  if (!options.client && !options.fullHost) throw new Error('tronChainWriter needs fullHost');
  const client = options.client ?? tronWebClient(options.fullHost as string, options.apiKey);
  const hotAddress = tronAddressFromPrivateKey(options.hotKey);
  const now = options.now ?? Date.now;
  let lastTimestamp = 0;

  const headBlock = async (): Promise<TronBlockHeader> => {
    const block = await client.fullNode.request<TronBlockHeader>(
      'wallet/getblock',
      { detail: false },
      'post',
    );
    const header = block?.block_header?.raw_data;
    if (typeof block?.blockID !== 'string' || !Number.isSafeInteger(header?.number)) {
      throw new Error('TRON node returned no head block');
    }
    return block;
  };

  return {
    hotAddress,
    nonceScope: options.nonceScope,
    // No nonces on TRON; the allocated counter starts at 0 and only orders our sends.
    chainNonce: async () => 0n,
    nonces: false,
    async signTransfer({ to, tokenAmount }) {
      const block = await headBlock();
      // Strictly increasing, so two transfers of the same amount to the same address
      // never share a txID even when signed in the same millisecond.
      const timestamp = Math.max(now(), lastTimestamp + 1);
      lastTimestamp = timestamp;
      const tx = buildTrc20Transfer({
        from: hotAddress,
        contract: options.contract,
        to,
        amount: tokenAmount,
        feeLimit: options.feeLimitSun ?? TRON_FEE_LIMIT_SUN,
        refBlock: { number: block.block_header.raw_data.number, hash: block.blockID },
        timestamp,
        // From the head block's time, as the node itself does, so clock skew cannot
        // produce a transaction that is already expired.
        expiration:
          Math.max(block.block_header.raw_data.timestamp, timestamp) +
          (options.lifetimeMs ?? TRON_TX_LIFETIME_MS),
      });
      const signed = signTronTransaction(tx, options.hotKey);
      return { rawTx: JSON.stringify(signed), txHash: signed.txID };
    },
    async broadcast(rawTx) {
      const tx = JSON.parse(rawTx) as SignedTronTransaction;
      if (verifyTronSignature(tx) !== hotAddress) {
        throw new Error('recorded TRON transaction is not signed by the hot wallet');
      }
      const result = await client.trx.sendRawTransaction(tx);
      // Already in the pool or in a recent block: the same bytes were sent before.
      if (result.result === true || result.code === 'DUP_TRANSACTION_ERROR') return;
      const refusal =
        `TRON broadcast refused: ${result.code ?? 'no code'} ${nodeMessage(result.message)}`.trim();
      // Too late for these bytes: they can never be mined (the sender signs again).
      if (result.code === 'TRANSACTION_EXPIRATION_ERROR')
        throw new ExpiredTransactionError(refusal);
      throw new Error(refusal);
    },
    async status(txHash): Promise<TransactionState> {
      const info = await client.trx.getUnconfirmedTransactionInfo(txHash);
      if (info?.blockNumber === undefined) return { state: 'unknown' };
      const blockNumber = BigInt(info.blockNumber);
      const outcome = info.receipt?.result;
      if (info.result === 'FAILED' || (outcome !== undefined && outcome !== 'SUCCESS')) {
        return { state: 'failed', blockNumber };
      }
      // In a block without a contract result: not decided yet, asked again next tick.
      return outcome === 'SUCCESS' ? { state: 'mined', blockNumber } : { state: 'pending' };
    },
    headNumber: async () => BigInt((await headBlock()).block_header.raw_data.number),
    // From the signed bytes, not the JSON beside them.
    expiresAt: (rawTx) =>
      decodeTrc20Transfer((JSON.parse(rawTx) as SignedTronTransaction).raw_data_hex).expiration,
    headTime: async () => (await headBlock()).block_header.raw_data.timestamp,
  };
}
