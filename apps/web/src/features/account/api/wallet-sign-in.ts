// Sign-in with a wallet (getnonce, walletverify, walletlogin, walletremove): the wallet of
// this browser (an EIP-1193 provider: MetaMask, a wallet app's own browser; or TronLink)
// signs the server's single-use message. Signing costs nothing and moves no funds. A
// nonce is spent by its first use, right or wrong, so every try signs a fresh message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData, callOk } from '../../../lib/api.ts';
import { i18n } from '../../../lib/i18n.ts';
import { saveSession } from '../../../lib/session.ts';
import { withSecondFactor } from '../../../lib/second-factor.tsx';
import { USER_INFO_KEY } from './get-user-info.ts';
import type { SessionData } from './register.ts';
import { SECURITY_INFO_KEY } from './security.ts';

interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}
interface TronLinkWeb {
  defaultAddress?: { base58?: string | false };
  trx: { signMessageV2(message: string): Promise<string> };
}
declare global {
  interface Window {
    ethereum?: Eip1193Provider;
    tronWeb?: TronLinkWeb;
    tronLink?: { request(args: { method: string }): Promise<unknown> };
  }
}

/** No wallet in this browser, or it gave no account. */
export class NoWalletError extends Error {
  constructor() {
    super('no wallet');
    this.name = 'NoWalletError';
  }
}

/** The person declined in their wallet (EIP-1193 code 4001), or the wallet failed. */
export class WalletDeclinedError extends Error {
  constructor() {
    super('declined');
    this.name = 'WalletDeclinedError';
  }
}

export const hasWallet = () =>
  typeof window !== 'undefined' && Boolean(window.ethereum ?? window.tronLink ?? window.tronWeb);

const utf8Hex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;

async function wallet(): Promise<{ address: string; sign(message: string): Promise<string> }> {
  const { ethereum, tronLink } = window;
  try {
    if (ethereum) {
      const accounts = (await ethereum.request({ method: 'eth_requestAccounts' })) as string[];
      const address = accounts?.[0];
      if (!address) throw new NoWalletError();
      return {
        address,
        sign: async (message) =>
          (await ethereum.request({
            method: 'personal_sign',
            params: [utf8Hex(message), address],
          })) as string,
      };
    }
    if (tronLink || window.tronWeb) {
      await tronLink?.request({ method: 'tron_requestAccounts' });
      const tron = window.tronWeb;
      const address = tron?.defaultAddress?.base58;
      if (!tron || !address) throw new NoWalletError();
      return { address, sign: (message) => tron.trx.signMessageV2(message) };
    }
  } catch (error) {
    throw error instanceof NoWalletError ? error : new WalletDeclinedError();
  }
  throw new NoWalletError();
}

/** A fresh proof: the wallet's address, a nonce for `purpose` and its signed message. */
async function proof(purpose: 'login' | 'verify') {
  const w = await wallet();
  const { nonce, message } = await callData<{ nonce: string; message: string }>(
    '/api/user/getnonce',
    { address: w.address, purpose },
  );
  const signature = await w.sign(message).catch(() => {
    throw new WalletDeclinedError();
  });
  return { address: w.address, nonce, signature };
}

/** With two-factor on, the code is asked and the wallet signs a new message with it. */
const walletLogin = withSecondFactor(
  async (input: { otp?: string }) =>
    callOk<SessionData>('/api/user/walletlogin', { ...(await proof('login')), otp: input.otp }),
  () => i18n.t('accountSecurity.otp'),
);

export function useWalletLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => walletLogin({}),
    onSuccess: (reply) => {
      if (!reply.data) return;
      queryClient.removeQueries({ queryKey: USER_INFO_KEY });
      saveSession(reply.data.token, reply.data.user_id);
    },
  });
}

function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SECURITY_INFO_KEY, refetchType: 'all' });
}

export function useVerifyWallet() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: async () =>
      callOk<{ address: string }>('/api/user/walletverify', await proof('verify')),
    onSuccess: refresh,
  });
}

export function useRemoveWallet() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (address: string) => callOk('/api/user/walletremove', { address }),
    onSuccess: refresh,
  });
}

/** The message for a failure that happened in the wallet, not on the server. */
export function walletFailureText(error: unknown): string | null {
  if (error instanceof NoWalletError) return i18n.t('accountSecurity.walletMissing');
  if (error instanceof WalletDeclinedError) return i18n.t('accountSecurity.walletDeclined');
  return null;
}
