// Deposit addresses from the operator's account-level extended public key (BIP-44
// m/44'/coin'/0', so we derive 0/index). The API holds only the xpub; private-key
// derivation exists for the sweep job and the devchain demo.
import { HDKey } from '@scure/bip32';
import { hex } from '@scure/base';
import { publicKeyToEvmAddress, publicKeyToTronAddress } from './addresses.ts';

/** BIP-44 coin types: 60 for Ethereum and BNB Smart Chain, 195 for TRON. */
export const COIN_TYPE = { evm: 60, tron: 195 } as const;
const HARDENED = 0x80000000;
const ACCOUNT_DEPTH = 3;

function checkIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED) {
    throw new RangeError(`deposit index must be an integer in [0, 2^31): ${index}`);
  }
}

// Parsing an xpub and deriving its external chain (…/0) costs a point multiplication;
// the watcher derives many addresses from the same one or two keys, so keep them.
const externalChains = new Map<string, HDKey>();

function externalChain(xpub: string): HDKey {
  let chain = externalChains.get(xpub);
  if (!chain) {
    const account = HDKey.fromExtendedKey(xpub);
    if (account.privateKey) {
      throw new Error('expected an extended public key; the API never holds deposit private keys');
    }
    if (account.depth !== ACCOUNT_DEPTH || account.index < HARDENED) {
      throw new Error(
        `expected an account-level xpub (m/44'/coin'/account', depth 3), got depth ${account.depth}`,
      );
    }
    chain = account.deriveChild(0);
    if (externalChains.size >= 16) externalChains.clear();
    externalChains.set(xpub, chain);
  }
  return chain;
}

function depositPublicKey(xpub: string, index: number): Uint8Array {
  checkIndex(index);
  const key = externalChain(xpub).deriveChild(index).publicKey;
  if (!key) throw new Error('derivation produced no public key');
  return key;
}

/** EIP-55 address at m/44'/60'/0'/0/index, given the xpub of m/44'/60'/0'. */
export function evmDepositAddress(xpub60: string, index: number): `0x${string}` {
  return publicKeyToEvmAddress(depositPublicKey(xpub60, index));
}

/** TRON 'T…' address at m/44'/195'/0'/0/index, given the xpub of m/44'/195'/0'. */
export function tronDepositAddress(xpub195: string, index: number): string {
  return publicKeyToTronAddress(depositPublicKey(xpub195, index));
}

/**
 * The key at m/44'/coin'/0'/0/index from an extended private key that is either the root
 * (depth 0) or the account key m/44'/coin'/0' (depth 3, the xprv matching the xpub).
 */
function depositPrivateKey(xprv: string, coinType: number, index: number): Uint8Array {
  checkIndex(index);
  const key = HDKey.fromExtendedKey(xprv);
  if (!key.privateKey) throw new Error('expected an extended private key');
  let account: HDKey;
  if (key.depth === 0) account = key.derive(`m/44'/${coinType}'/0'`);
  else if (key.depth === ACCOUNT_DEPTH) account = key;
  else throw new Error(`expected a root or account-level xprv, got depth ${key.depth}`);
  const child = account.deriveChild(0).deriveChild(index).privateKey;
  if (!child) throw new Error('derivation produced no private key');
  return child;
}

/** 0x-prefixed hex, as viem's privateKeyToAccount takes it. */
export function deriveEvmPrivateKey(xprv: string, index: number): `0x${string}` {
  return `0x${hex.encode(depositPrivateKey(xprv, COIN_TYPE.evm, index))}`;
}

/** Bare hex (no 0x), as TronWeb takes it. */
export function deriveTronPrivateKey(xprv: string, index: number): string {
  return hex.encode(depositPrivateKey(xprv, COIN_TYPE.tron, index));
}

/**
 * The account-level key pair (m/44'/coin'/0') for a BIP-39 seed: what an operator exports
 * to configure Olive. Used by the demo and tests to make a self-consistent key set.
 */
export function accountKeysFromSeed(
  seed: Uint8Array,
  coinType: number,
): { xpub: string; xprv: string } {
  const account = HDKey.fromMasterSeed(seed).derive(`m/44'/${coinType}'/0'`);
  return { xpub: account.publicExtendedKey, xprv: account.privateExtendedKey };
}
