// Where the app reads anchors from: the public JSON-RPC nodes and the anchoring address
// baked into the build (VITE_RESERVES_RPC_ERC20, VITE_RESERVES_RPC_BEP20,
// VITE_RESERVES_ANCHOR_ADDRESS), which Olive's server cannot change once the app is built.
// A build without them (the demo, the tests: the devchain's port varies) falls back to
// /dev/reserves-chain.json, which only a server running the local devchain answers: a
// demo-only convenience, since it comes from the server being checked.
import type { ChainConfig } from './check.ts';

const baked: ChainConfig = {
  rpc: {
    ...(import.meta.env.VITE_RESERVES_RPC_ERC20
      ? { erc20: import.meta.env.VITE_RESERVES_RPC_ERC20 }
      : {}),
    ...(import.meta.env.VITE_RESERVES_RPC_BEP20
      ? { bep20: import.meta.env.VITE_RESERVES_RPC_BEP20 }
      : {}),
  },
  anchorAddress: import.meta.env.VITE_RESERVES_ANCHOR_ADDRESS?.toLowerCase() || null,
};

export async function chainConfig(): Promise<ChainConfig | null> {
  if (baked.anchorAddress && Object.keys(baked.rpc).length > 0) return baked;
  try {
    const response = await fetch('/dev/reserves-chain.json', {
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return null;
    const demo = (await response.json()) as {
      rpc?: Record<string, string>;
      anchor_address?: string;
    };
    return { rpc: demo.rpc ?? {}, anchorAddress: demo.anchor_address?.toLowerCase() ?? null };
  } catch {
    return null;
  }
}
