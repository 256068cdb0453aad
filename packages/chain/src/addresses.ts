// Address formats: EVM hex with the EIP-55 checksum, and TRON base58check (0x41 + the
// same 20 bytes). TRC20 is read over TRON's Ethereum-compatible RPC, hence the converters.
import { base58check, hex } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

const tronBase58 = base58check(sha256);
const TRON_PREFIX = 0x41;
const encoder = new TextEncoder();

/** EIP-55 mixed-case form of a 20-byte hex address (any case in, checksummed out). */
export function toChecksumAddress(address: string): `0x${string}` {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`not an EVM address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = hex.encode(keccak_256(encoder.encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const char = lower[i] as string;
    out += parseInt(hash[i] as string, 16) >= 8 ? char.toUpperCase() : char;
  }
  return out as `0x${string}`;
}

/**
 * 0x + 40 hex digits. All-lower or all-upper carries no checksum (EIP-55 allows it);
 * mixed case must match the checksum exactly, which catches a mistyped character.
 */
export function isValidEvmAddress(address: string): boolean {
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

function decodeTron(address: string): Uint8Array {
  const bytes = tronBase58.decode(address);
  if (bytes.length !== 21 || bytes[0] !== TRON_PREFIX) {
    throw new Error(`not a TRON address: ${address}`);
  }
  return bytes;
}

/** Base58check, 21 bytes, first byte 0x41 (mainnet 'T…'). */
export function isValidTronAddress(address: string): boolean {
  if (typeof address !== 'string' || !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  try {
    decodeTron(address);
    return true;
  } catch {
    return false;
  }
}

/** TRON 'T…' address as the 0x EVM hex (lower case, without the 41) its JSON-RPC uses. */
export function tronToHex(address: string): `0x${string}` {
  return `0x${hex.encode(decodeTron(address).subarray(1))}`;
}

/** 0x + 40 hex (EVM form) or (0x)41 + 40 hex (TRON hex form) to the 'T…' address. */
export function hexToTron(address: string): string {
  const body = address.replace(/^0x/i, '');
  let evm: string;
  if (/^[0-9a-fA-F]{40}$/.test(body)) evm = body;
  else if (/^41[0-9a-fA-F]{40}$/.test(body)) evm = body.slice(2);
  else throw new Error(`not a 20-byte hex address: ${address}`);
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_PREFIX;
  bytes.set(hex.decode(evm.toLowerCase()), 1);
  return tronBase58.encode(bytes);
}

// secp256k1 field prime; p ≡ 3 (mod 4), so a square root is a single exponentiation.
const P = 2n ** 256n - 2n ** 32n - 977n;

function modPow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = base % P;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
    e >>= 1n;
  }
  return result;
}

/**
 * The 64-byte (x, y) form of a secp256k1 public key. BIP-32 keys are compressed (33 bytes)
 * but both address formats hash the uncompressed point, so y is recovered from x here.
 */
export function uncompressPublicKey(publicKey: Uint8Array): Uint8Array {
  if (publicKey.length === 65 && publicKey[0] === 0x04) return publicKey.slice(1);
  if (publicKey.length === 64) return publicKey.slice();
  const prefix = publicKey[0];
  if (publicKey.length !== 33 || (prefix !== 0x02 && prefix !== 0x03)) {
    throw new Error('not a secp256k1 public key');
  }
  const x = BigInt(`0x${hex.encode(publicKey.subarray(1))}`);
  if (x >= P) throw new Error('not a secp256k1 public key');
  const ySquared = (modPow(x, 3n) + 7n) % P;
  let y = modPow(ySquared, (P + 1n) / 4n);
  if ((y * y) % P !== ySquared) throw new Error('not a point on secp256k1');
  if ((y & 1n) !== BigInt(prefix & 1)) y = P - y;
  const out = new Uint8Array(64);
  out.set(publicKey.subarray(1), 0);
  out.set(hex.decode(y.toString(16).padStart(64, '0')), 32);
  return out;
}

/** The 20 bytes both formats share: the last 20 of keccak-256 over the uncompressed key. */
export function publicKeyToAddressBytes(publicKey: Uint8Array): Uint8Array {
  return keccak_256(uncompressPublicKey(publicKey)).subarray(12);
}

export function publicKeyToEvmAddress(publicKey: Uint8Array): `0x${string}` {
  return toChecksumAddress(`0x${hex.encode(publicKeyToAddressBytes(publicKey))}`);
}

export function publicKeyToTronAddress(publicKey: Uint8Array): string {
  return hexToTron(hex.encode(publicKeyToAddressBytes(publicKey)));
}
