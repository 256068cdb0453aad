// Sweeping on a real devchain: deposit addresses above the threshold are emptied into
// the hot wallet (gas funded first), recorded as a custody movement, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTestUsdt, usdtBalance } from '@olive/devchain';
import { register } from '../../../test/accounts.ts';
import { startChainTest, type ChainTest } from '../../../test/chain.ts';
import type { Network } from './networks.ts';

let c: ChainTest;
beforeAll(async () => {
  c = await startChainTest(1);
});
afterAll(() => c.close());

async function creditedAddress(network: Network, amount: string) {
  const user = await register(c.t);
  const { address } = (
    await c.t.call<{ address: string }>('/api/user/invest', { network }, user.headers)
  ).data!;
  await sendTestUsdt({ deployment: c.chain, network, to: address, amount, wait: true });
  await c.watcher(network).tick();
  return address;
}

const custody = async (subkey: string) => {
  const row = await c.t.db
    .selectFrom('accounts')
    .select((eb) => eb.fn.sum<string>('balance').as('total'))
    .where('kind', '=', 'custody')
    .where('subkey', '=', subkey)
    .executeTakeFirst();
  return BigInt(row?.total ?? 0);
};

describe('deposit sweeper', () => {
  it.each(['bep20', 'trc20'] as const)(
    'moves %s deposits above the threshold into the hot wallet once',
    async (network) => {
      const big = await creditedAddress(network, '120');
      const small = await creditedAddress(network, '20');
      const hotBefore = await usdtBalance({
        deployment: c.chain,
        network,
        address: c.chain.hotWallet.address,
      });
      const sweeper = c.sweeper(network, '50');
      await sweeper.tick();
      await sweeper.tick();
      expect(await usdtBalance({ deployment: c.chain, network, address: big })).toBe('0');
      expect(await usdtBalance({ deployment: c.chain, network, address: small })).toBe('20');
      const hotAfter = await usdtBalance({
        deployment: c.chain,
        network,
        address: c.chain.hotWallet.address,
      });
      expect(Number(hotAfter) - Number(hotBefore)).toBe(120);
      // Custody moved from the addresses to the hot wallet; the per-network total is unchanged.
      expect(await custody(`${network}:hot`)).toBe(-120_00000000n);
      expect(await custody(network)).toBe(-20_00000000n);
      const sweeps = await c.t.db
        .selectFrom('sweeps')
        .select(['status'])
        .where('network', '=', network)
        .execute();
      expect(sweeps).toEqual([{ status: 'done' }]);
      expect((await c.audit()).ok).toBe(true);
    },
  );
});
