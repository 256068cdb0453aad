// The build-time variables the app reads (docs/proof-of-reserves.md, .env.example).
interface ImportMetaEnv {
  readonly VITE_RESERVES_RPC_ERC20?: string;
  readonly VITE_RESERVES_RPC_BEP20?: string;
  readonly VITE_RESERVES_ANCHOR_ADDRESS?: string;
}
