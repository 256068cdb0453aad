// TRC20 `transfer(address,uint256)` on TRON, built and signed offline. A TRON transaction
// is a protobuf `Transaction.raw` holding one TriggerSmartContract; its txID is the
// sha256 of those bytes and the signature is secp256k1 over the txID (r ‖ s ‖ v). The
// only chain input is the reference block (TAPOS: ref_block_bytes = bytes 6..8 of its
// height, ref_block_hash = bytes 8..16 of its ID), which the sender fetches beforehand.
// TronWeb's own protobuf encoder builds the bytes; the decoder below is written from
// Tron.proto independently, and every build is read back and compared before it returns.
import { hex } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { utils as tronUtils } from 'tronweb';
import { hexToTron, isValidTronAddress, tronToHex } from './addresses.ts';

/** keccak-256("transfer(address,uint256)")[0..4]. */
export const TRC20_TRANSFER_SELECTOR = 'a9059cbb';
const TRIGGER_SMART_CONTRACT = 31n;
const TRIGGER_TYPE_URL = 'type.googleapis.com/protocol.TriggerSmartContract';
const TRON_PREFIX = 0x41;
const MAX_UINT256 = 2n ** 256n - 1n;
/** java-tron refuses an expiration more than 24 hours after its head block. */
const MAX_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface TronRefBlock {
  /** Block height. */
  number: bigint | number;
  /** The block ID (`blockID`, 32 bytes hex): TRON puts the height in its first 8 bytes. */
  hash: string;
}

export interface Trc20TransferInput {
  /** The sender (hot wallet), 'T…'. */
  from: string;
  /** The TRC20 contract, 'T…'. */
  contract: string;
  /** The recipient, 'T…'. */
  to: string;
  /** Token units (USDT on TRON has 6 decimals). */
  amount: bigint;
  /** Most TRX (in sun) the call may burn for energy. */
  feeLimit: bigint;
  refBlock: TronRefBlock;
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** Milliseconds since the epoch; the network drops the transaction after it. */
  expiration: number;
}

/** The node's JSON form of a transaction with `visible: false` (addresses and bytes in hex). */
export interface TronTransaction {
  visible: false;
  txID: string;
  raw_data: {
    contract: {
      parameter: {
        value: { owner_address: string; contract_address: string; data: string };
        type_url: string;
      };
      type: 'TriggerSmartContract';
    }[];
    ref_block_bytes: string;
    ref_block_hash: string;
    expiration: number;
    timestamp: number;
    fee_limit: number;
  };
  raw_data_hex: string;
  signature?: string[];
}

export interface SignedTronTransaction extends TronTransaction {
  signature: string[];
}

export interface DecodedTrc20Transfer {
  owner: string;
  contract: string;
  to: string;
  amount: bigint;
  feeLimit: bigint;
  /** 2 bytes, hex. */
  refBlockBytes: string;
  /** 8 bytes, hex. */
  refBlockHash: string;
  expiration: number;
  timestamp: number;
}

/** The TAPOS fields for a reference block. */
export function tronRefBlockFields(block: TronRefBlock): {
  refBlockBytes: string;
  refBlockHash: string;
} {
  const height = BigInt(block.number);
  if (height < 0n || height >= 2n ** 63n) throw new RangeError(`bad block height: ${height}`);
  const id = block.hash.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(id)) throw new Error(`not a 32-byte block ID: ${block.hash}`);
  const heightHex = height.toString(16).padStart(16, '0');
  if (id.slice(0, 16) !== heightHex) {
    throw new Error(`block ID ${id} does not start with height ${height}: not that block's ID`);
  }
  return { refBlockBytes: heightHex.slice(12, 16), refBlockHash: id.slice(16, 32) };
}

const tronHex = (address: string) => `41${tronToHex(address).slice(2)}`;

function checkTime(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`bad ${name}: ${value}`);
}

/** The unsigned transaction, its raw_data hex and txID; no node is called. */
export function buildTrc20Transfer(input: Trc20TransferInput): TronTransaction {
  for (const [name, address] of [
    ['from', input.from],
    ['contract', input.contract],
    ['to', input.to],
  ] as const) {
    if (!isValidTronAddress(address)) throw new Error(`${name} is not a TRON address: ${address}`);
  }
  if (input.amount <= 0n || input.amount > MAX_UINT256) {
    throw new RangeError(`amount out of range: ${input.amount}`);
  }
  if (input.feeLimit <= 0n || input.feeLimit > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`fee limit out of range: ${input.feeLimit}`);
  }
  checkTime('timestamp', input.timestamp);
  checkTime('expiration', input.expiration);
  if (input.expiration <= input.timestamp || input.expiration - input.timestamp > MAX_LIFETIME_MS) {
    throw new RangeError('expiration must fall within 24 hours after the timestamp');
  }
  const { refBlockBytes, refBlockHash } = tronRefBlockFields(input.refBlock);
  const data =
    TRC20_TRANSFER_SELECTOR +
    tronToHex(input.to).slice(2).padStart(64, '0') +
    input.amount.toString(16).padStart(64, '0');
  const rawData: TronTransaction['raw_data'] = {
    contract: [
      {
        parameter: {
          value: {
            owner_address: tronHex(input.from),
            contract_address: tronHex(input.contract),
            data,
          },
          type_url: TRIGGER_TYPE_URL,
        },
        type: 'TriggerSmartContract',
      },
    ],
    ref_block_bytes: refBlockBytes,
    ref_block_hash: refBlockHash,
    expiration: input.expiration,
    timestamp: input.timestamp,
    fee_limit: Number(input.feeLimit),
  };
  // The same JSON → protobuf path TronWeb uses to check node-built transactions.
  const pb: unknown = tronUtils.transaction.txJsonToPb({ visible: false, raw_data: rawData });
  const rawDataHex = tronUtils.transaction.txPbToRawDataHex(pb).toLowerCase();
  const tx: TronTransaction = {
    visible: false,
    txID: hex.encode(sha256(hex.decode(rawDataHex))),
    raw_data: rawData,
    raw_data_hex: rawDataHex,
  };

  const back = decodeTrc20Transfer(rawDataHex);
  const expected: DecodedTrc20Transfer = {
    owner: input.from,
    contract: input.contract,
    to: input.to,
    amount: input.amount,
    feeLimit: input.feeLimit,
    refBlockBytes,
    refBlockHash,
    expiration: input.expiration,
    timestamp: input.timestamp,
  };
  for (const key of Object.keys(expected) as (keyof DecodedTrc20Transfer)[]) {
    if (back[key] !== expected[key]) throw new Error(`encoded ${key} does not read back`);
  }
  return tx;
}

function parsePrivateKey(privateKeyHex: string): Uint8Array {
  const body = privateKeyHex.replace(/^0x/i, '');
  // TronWeb's hex parser skips bad characters silently, so check the form here.
  if (!/^[0-9a-fA-F]{64}$/.test(body)) throw new Error('private key must be 32 bytes of hex');
  return hex.decode(body.toLowerCase());
}

/** The 'T…' address of a private key (hex, with or without 0x). */
export function tronAddressFromPrivateKey(privateKeyHex: string): string {
  const key = parsePrivateKey(privateKeyHex);
  return hexToTron(hex.encode(Uint8Array.from(tronUtils.crypto.getAddressFromPriKey(key))));
}

/** The txID must be sha256(raw_data) and the JSON must encode to raw_data_hex. */
function checkIntegrity(tx: TronTransaction): void {
  if (!/^([0-9a-f]{2})+$/i.test(tx.raw_data_hex)) throw new Error('raw_data_hex is not hex');
  const txID = hex.encode(sha256(hex.decode(tx.raw_data_hex.toLowerCase())));
  if (txID !== tx.txID.toLowerCase()) throw new Error('txID is not the sha256 of raw_data');
  // broadcasttransaction re-encodes the JSON, so it must give the very same bytes.
  if (!tronUtils.transaction.txCheck(tx)) throw new Error('raw_data does not match raw_data_hex');
}

/**
 * Signs the txID with the owner's key (RFC 6979, low s, v = 27/28 as TronWeb does).
 * Refuses a transaction that is not internally consistent or not owned by this key.
 */
export function signTronTransaction(
  tx: TronTransaction,
  privateKeyHex: string,
): SignedTronTransaction {
  checkIntegrity(tx);
  const key = parsePrivateKey(privateKeyHex);
  const { owner } = decodeTrc20Transfer(tx.raw_data_hex);
  if (tronAddressFromPrivateKey(privateKeyHex) !== owner) {
    throw new Error(`the key does not belong to the owner ${owner}`);
  }
  const signature = tronUtils.crypto.ECKeySign(hex.decode(tx.txID.toLowerCase()), key);
  return { ...tx, signature: [signature.toLowerCase()] };
}

/**
 * The 'T…' address that signed the transaction. Throws when the txID, the JSON or the
 * signature is malformed; compare the result with the expected owner.
 */
export function verifyTronSignature(tx: TronTransaction): string {
  checkIntegrity(tx);
  const signatures = tx.signature ?? [];
  if (signatures.length !== 1) throw new Error('expected exactly one signature');
  const signature = (signatures[0] as string).replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{130}$/.test(signature)) throw new Error('signature must be 65 bytes of hex');
  const v = parseInt(signature.slice(128), 16);
  if (![0, 1, 27, 28].includes(v)) throw new Error(`bad signature recovery byte: ${v}`);
  return hexToTron(tronUtils.crypto.ecRecover(tx.txID, signature));
}

// A minimal protobuf reader: varint (0) and length-delimited (2) are all Tron.proto's
// transfer fields use; anything else is refused.
type Field = { number: number; value: bigint | Uint8Array };

function readFields(bytes: Uint8Array): Field[] {
  const fields: Field[] = [];
  let pos = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (pos >= bytes.length) throw new Error('truncated protobuf');
      const byte = bytes[pos++] as number;
      result |= BigInt(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return result;
    }
    throw new Error('protobuf varint too long');
  };
  while (pos < bytes.length) {
    const key = varint();
    const number = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (number === 0) throw new Error('protobuf field number 0');
    if (wire === 0) fields.push({ number, value: varint() });
    else if (wire === 2) {
      const length = Number(varint());
      if (pos + length > bytes.length) throw new Error('truncated protobuf');
      fields.push({ number, value: bytes.subarray(pos, pos + length) });
      pos += length;
    } else throw new Error(`unexpected protobuf wire type ${wire} (field ${number})`);
  }
  return fields;
}

/** Reads a message allowing only the listed fields, each at most once. */
function readMessage(
  bytes: Uint8Array,
  what: string,
  schema: Record<number, 'varint' | 'bytes'>,
): Map<number, bigint | Uint8Array> {
  const out = new Map<number, bigint | Uint8Array>();
  for (const field of readFields(bytes)) {
    const kind = schema[field.number];
    if (!kind) throw new Error(`${what}: unexpected field ${field.number}`);
    if ((kind === 'varint') !== (typeof field.value === 'bigint')) {
      throw new Error(`${what}: field ${field.number} has the wrong wire type`);
    }
    if (out.has(field.number)) throw new Error(`${what}: field ${field.number} repeated`);
    out.set(field.number, field.value);
  }
  return out;
}

const bytesField = (message: Map<number, bigint | Uint8Array>, n: number) =>
  (message.get(n) as Uint8Array | undefined) ?? new Uint8Array(0);
const intField = (message: Map<number, bigint | Uint8Array>, n: number) =>
  (message.get(n) as bigint | undefined) ?? 0n;

function int64(value: bigint, what: string): bigint {
  // Negative int64 values arrive as 10-byte varints ≥ 2^63; none is valid here.
  if (value >= 2n ** 63n) throw new Error(`${what} is negative`);
  return value;
}

function timeField(message: Map<number, bigint | Uint8Array>, n: number, what: string): number {
  const value = int64(intField(message, n), what);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`${what} out of range`);
  return Number(value);
}

function addressField(bytes: Uint8Array, what: string): string {
  if (bytes.length !== 21 || bytes[0] !== TRON_PREFIX)
    throw new Error(`${what} is not 41 + 20 bytes`);
  return hexToTron(hex.encode(bytes));
}

/**
 * The fields of a plain TRC20 transfer's raw_data (one TriggerSmartContract calling
 * transfer(address,uint256) with no TRX, TRC10, memo, permission or extra fields).
 */
export function decodeTrc20Transfer(rawDataHex: string): DecodedTrc20Transfer {
  const body = rawDataHex.replace(/^0x/i, '').toLowerCase();
  if (!/^([0-9a-f]{2})+$/.test(body)) throw new Error('raw_data is not hex');
  // Transaction.raw: 1 ref_block_bytes, 4 ref_block_hash, 8 expiration, 11 contract,
  // 14 timestamp, 18 fee_limit.
  const raw = readMessage(hex.decode(body), 'raw_data', {
    1: 'bytes',
    4: 'bytes',
    8: 'varint',
    11: 'bytes',
    14: 'varint',
    18: 'varint',
  });
  const refBlockBytes = bytesField(raw, 1);
  const refBlockHash = bytesField(raw, 4);
  if (refBlockBytes.length !== 2 || refBlockHash.length !== 8) {
    throw new Error('raw_data: reference block fields must be 2 and 8 bytes');
  }
  if (!raw.has(11)) throw new Error('raw_data: no contract');
  // Transaction.Contract: 1 type, 2 parameter (google.protobuf.Any).
  const contract = readMessage(bytesField(raw, 11), 'contract', { 1: 'varint', 2: 'bytes' });
  if (intField(contract, 1) !== TRIGGER_SMART_CONTRACT) {
    throw new Error('contract: not a TriggerSmartContract');
  }
  const any = readMessage(bytesField(contract, 2), 'parameter', { 1: 'bytes', 2: 'bytes' });
  if (new TextDecoder().decode(bytesField(any, 1)) !== TRIGGER_TYPE_URL) {
    throw new Error('parameter: unexpected type_url');
  }
  // TriggerSmartContract: 1 owner_address, 2 contract_address, 3 call_value, 4 data,
  // 5 call_token_value, 6 token_id.
  const trigger = readMessage(bytesField(any, 2), 'TriggerSmartContract', {
    1: 'bytes',
    2: 'bytes',
    3: 'varint',
    4: 'bytes',
    5: 'varint',
    6: 'varint',
  });
  if (intField(trigger, 3) !== 0n || intField(trigger, 5) !== 0n || intField(trigger, 6) !== 0n) {
    throw new Error('TriggerSmartContract: carries TRX or a TRC10 token');
  }
  const data = bytesField(trigger, 4);
  if (data.length !== 68 || hex.encode(data.subarray(0, 4)) !== TRC20_TRANSFER_SELECTOR) {
    throw new Error('TriggerSmartContract: data is not transfer(address,uint256)');
  }
  // The address word: 12 zero bytes + 20, or 11 zero bytes + 0x41 + 20 (the TRON form some
  // wallets send, which the ABI decoder of TRC20 contracts masks away).
  const word = data.subarray(4, 36);
  const padding = word.subarray(0, 12);
  const tronPadded = padding.subarray(0, 11).every((b) => b === 0) && padding[11] === TRON_PREFIX;
  if (!padding.every((b) => b === 0) && !tronPadded) {
    throw new Error('TriggerSmartContract: recipient word has dirty upper bytes');
  }
  return {
    owner: addressField(bytesField(trigger, 1), 'owner_address'),
    contract: addressField(bytesField(trigger, 2), 'contract_address'),
    to: hexToTron(hex.encode(word.subarray(12))),
    amount: BigInt(`0x${hex.encode(data.subarray(36))}`),
    feeLimit: int64(intField(raw, 18), 'fee_limit'),
    refBlockBytes: hex.encode(refBlockBytes),
    refBlockHash: hex.encode(refBlockHash),
    expiration: timeField(raw, 8, 'expiration'),
    timestamp: timeField(raw, 14, 'timestamp'),
  };
}
