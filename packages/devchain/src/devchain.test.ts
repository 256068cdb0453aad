// The devchain end to end: real anvil node, real contracts, real transfers. Two nodes
// (automine, interval mining) start once; afterAll stops them so no process outlives us.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hexToTron } from '@olive/chain';
import { parseAbiItem, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devchainArtifacts } from './contracts.ts';
import { readDeployment, type DevchainDeployment } from './deployment.ts';
import { blockNumber, rpc } from './rpc.ts';
import { startDevchain, type Devchain } from './start.ts';
import { devchainClients, devchainCommands, sendTestUsdt, usdtBalance } from './usdt.ts';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
// Fresh recipients (not the funded dev accounts).
const ALICE = '0x00000000000000000000000000000000000a11ce' as Hex;
const BOB = '0x0000000000000000000000000000000000000b0b' as Hex;
const CAROL = '0x00000000000000000000000000000000000ca401' as Hex;

let dataDir: string;
let before: Set<number>;

/** Pids of the anvil processes on this machine. */
function anvilPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return (
          cmdline.includes('anvil') &&
          readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[3] === String(process.pid)
        );
      } catch {
        return false;
      }
    });
}
let chain: Devchain;
let ticking: Devchain;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'olive-devchain-test-'));
  chain = await startDevchain({ port: 0, dataDir });
  // Asking for the first node's port proves the fallback to a free one.
  ticking = await startDevchain({
    port: new URL(chain.rpcUrl).port ? Number(new URL(chain.rpcUrl).port) : 0,
    blockTimeMs: 200,
    deploymentFile: join(dataDir, 'ticking.json'),
  });
  before = new Set(anvilPids());
}, 60_000);

afterAll(async () => {
  await Promise.all([chain?.stop(), ticking?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('startDevchain', () => {
  it('deploys three test USDT contracts and a look-alike, and publishes them', async () => {
    const file = JSON.parse(readFileSync(chain.deploymentFile, 'utf8')) as DevchainDeployment;
    expect(file.rpcUrl).toBe(chain.rpcUrl);
    expect(readDeployment(chain.deploymentFile).contracts).toEqual(chain.contracts);
    expect(await rpc(chain, 'eth_chainId')).toBe('0x7a69');

    const { publicClient } = devchainClients(chain.rpcUrl);
    const { abi } = devchainArtifacts().TestUSDT;
    const read = (address: Hex, functionName: 'decimals' | 'symbol' | 'name') =>
      publicClient.readContract({ address, abi, functionName });
    for (const [network, decimals] of [
      ['erc20', 6],
      ['bep20', 18],
      ['trc20', 6],
    ] as const) {
      const token = chain.contracts[network];
      expect(token.decimals).toBe(decimals);
      expect(await read(token.address, 'decimals')).toBe(decimals);
      expect(await read(token.address, 'symbol')).toBe('USDT');
      expect(await read(token.address, 'name')).toBe('Tether USD');
    }
    expect(chain.contracts.trc20.tronAddress).toBe(hexToTron(chain.contracts.trc20.address));
    expect(await read(chain.fakeUsdt.address, 'symbol')).toBe('USDT');
    expect(new Set(Object.values(chain.contracts).map((c) => c.address)).size).toBe(3);
    expect(ticking.rpcUrl).not.toBe(chain.rpcUrl);
  });

  it('funds the hot wallet with test USDT and gas on every network', async () => {
    for (const network of ['erc20', 'bep20', 'trc20'] as const) {
      expect(
        await usdtBalance({ deployment: chain, network, address: chain.hotWallet.address }),
      ).toBe('1000000');
    }
    const { publicClient } = devchainClients(chain.rpcUrl);
    expect(await publicClient.getBalance({ address: chain.hotWallet.address })).toBeGreaterThan(
      10n ** 18n,
    );
  });
});

describe('sending test USDT', () => {
  it('transfers on each network, exactly, with a Transfer event', async () => {
    const erc20 = await sendTestUsdt({
      deployment: chain,
      network: 'erc20',
      to: ALICE,
      amount: '25.5',
    });
    const bep20 = await sendTestUsdt({
      deployment: chain,
      network: 'bep20',
      to: ALICE,
      amount: '1.000000000000000001',
    });
    const tronAlice = hexToTron(ALICE);
    await sendTestUsdt({ deployment: chain, network: 'trc20', to: tronAlice, amount: '7' });

    expect(await usdtBalance({ deployment: chain, network: 'erc20', address: ALICE })).toBe('25.5');
    expect(await usdtBalance({ deployment: chain, network: 'bep20', address: ALICE })).toBe(
      '1.000000000000000001',
    );
    expect(await usdtBalance({ deployment: chain, network: 'trc20', address: tronAlice })).toBe(
      '7',
    );

    const { publicClient } = devchainClients(chain.rpcUrl);
    const receipt = await publicClient.getTransactionReceipt({ hash: bep20 });
    const logs = await publicClient.getLogs({
      address: chain.contracts.bep20.address,
      event: TRANSFER,
      blockHash: receipt.blockHash,
    });
    expect(logs.map((l) => [l.args.to?.toLowerCase(), l.args.value])).toEqual([
      [ALICE, 1_000_000_000_000_000_001n],
    ]);
    expect(erc20).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('rejects bad input before sending', async () => {
    const send = (network: string, to: string, amount: string) =>
      sendTestUsdt({ deployment: chain, network, to, amount });
    await expect(send('erc20', hexToTron(ALICE), '1')).rejects.toThrow(/not a valid erc20/);
    await expect(send('erc20', ALICE, '0.0000001')).rejects.toThrow(/decimals/);
    await expect(send('erc20', ALICE, '0')).rejects.toThrow(/positive/);
    await expect(send('omni', ALICE, '1')).rejects.toThrow(/unknown network/);
  });

  it('keeps the look-alike token apart from the configured contract', async () => {
    await sendTestUsdt({ deployment: chain, network: 'erc20', to: BOB, amount: '50', fake: true });
    expect(
      await usdtBalance({ deployment: chain, network: 'erc20', address: BOB, fake: true }),
    ).toBe('50');
    expect(await usdtBalance({ deployment: chain, network: 'erc20', address: BOB })).toBe('0');
    const { publicClient } = devchainClients(chain.rpcUrl);
    const logs = await publicClient.getLogs({
      address: chain.contracts.erc20.address,
      event: TRANSFER,
      args: { to: BOB },
      fromBlock: 0n,
    });
    expect(logs).toHaveLength(0);
  });

  it('serves the CLI through the deployment file', async () => {
    const sent = await devchainCommands.send(
      { network: 'trc20', to: hexToTron(CAROL), amount: '3.25' },
      chain.deploymentFile,
    );
    expect(sent.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(
      await devchainCommands.balance(
        { network: 'trc20', address: hexToTron(CAROL) },
        chain.deploymentFile,
      ),
    ).toEqual({ network: 'trc20', address: hexToTron(CAROL), balance: '3.25' });
  });
});

describe('blocks', () => {
  it('snapshot and revert remove a transfer, as a reorg would', async () => {
    const before = await blockNumber(chain);
    const id = await chain.snapshot();
    await sendTestUsdt({ deployment: chain, network: 'erc20', to: CAROL, amount: '10' });
    expect(await usdtBalance({ deployment: chain, network: 'erc20', address: CAROL })).toBe('10');
    await chain.revert(id);
    expect(await usdtBalance({ deployment: chain, network: 'erc20', address: CAROL })).toBe('0');
    expect(await blockNumber(chain)).toBe(before);
    await expect(chain.revert(id)).rejects.toThrow(/no snapshot/);
  });

  it('mines blocks on demand for confirmation counts', async () => {
    const before = await blockNumber(chain);
    await chain.mine(19);
    expect(await blockNumber(chain)).toBe(before + 19n);
  });

  it('interval mining produces blocks on its own and includes transfers', async () => {
    const start = await blockNumber(ticking);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await blockNumber(ticking)).toBeGreaterThanOrEqual(start + 2n);
    const hash = await sendTestUsdt({
      deployment: ticking.deploymentFile,
      network: 'bep20',
      to: BOB,
      amount: '2',
      wait: true,
    });
    const { publicClient } = devchainClients(ticking.rpcUrl);
    expect((await publicClient.getTransactionReceipt({ hash })).status).toBe('success');
    expect(await usdtBalance({ deployment: ticking, network: 'bep20', address: BOB })).toBe('2');
  });
});

describe('stop', () => {
  it('stops the node and withdraws its deployment file', async () => {
    const extra = await startDevchain({ port: 0, deploymentFile: join(dataDir, 'extra.json') });
    expect(existsSync(extra.deploymentFile)).toBe(true);
    await extra.stop();
    expect(existsSync(extra.deploymentFile)).toBe(false);
    await expect(blockNumber(extra)).rejects.toThrow(/not answering/);
    expect(() => readDeployment(join(dataDir, 'missing.json'))).toThrow(/no devchain is running/);
  });

  it('tolerates a node the process group signal already stopped, and stops twice', async () => {
    const extra = await startDevchain({ port: 0, deploymentFile: join(dataDir, 'gone.json') });
    // What Ctrl-C or SIGTERM to the group does: the node gets the signal before we ask.
    const pid = JSON.parse(readFileSync(extra.deploymentFile, 'utf8')).pid as number;
    expect(pid).toBe(process.pid);
    const anvil = anvilPids().find((p) => !before.has(p));
    expect(anvil).toBeDefined();
    process.kill(anvil!, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await Promise.all([extra.stop(), extra.stop()]);
    await extra.stop();
    expect(existsSync(extra.deploymentFile)).toBe(false);
  });
});

describe('persist', () => {
  it('a restarted chain is the same chain: blocks, transactions, balances, nonces', async () => {
    const dir = join(dataDir, 'kept');
    const first = await startDevchain({ port: 0, dataDir: dir, persist: true, blockTimeMs: 250 });
    expect(first.resumed).toBe(false);
    const hash = await sendTestUsdt({
      deployment: first,
      network: 'erc20',
      to: ALICE,
      amount: '12.5',
      wait: true,
    });
    const { publicClient } = devchainClients(first.rpcUrl);
    const head = await publicClient.getBlockNumber({ cacheTime: 0 });
    const nonce = await publicClient.getTransactionCount({
      address: first.faucet.address,
      blockTag: 'pending',
    });
    const block = await publicClient.getBlock({ blockNumber: head });
    await first.stop();
    expect(existsSync(join(dir, 'state.json'))).toBe(true);

    const second = await startDevchain({ port: 0, dataDir: dir, persist: true, blockTimeMs: 250 });
    try {
      expect(second.resumed).toBe(true);
      expect(second.contracts).toEqual(first.contracts);
      expect(second.fakeUsdt).toEqual(first.fakeUsdt);
      const client = devchainClients(second.rpcUrl).publicClient;
      expect(await client.getBlockNumber({ cacheTime: 0 })).toBeGreaterThanOrEqual(head);
      expect((await client.getBlock({ blockNumber: head })).hash).toBe(block.hash);
      expect((await client.getTransactionReceipt({ hash })).status).toBe('success');
      expect(
        await client.getTransactionCount({ address: first.faucet.address, blockTag: 'pending' }),
      ).toBe(nonce);
      expect(await usdtBalance({ deployment: second, network: 'erc20', address: ALICE })).toBe(
        '12.5',
      );
      // The hot wallet was not funded a second time.
      expect(
        await usdtBalance({
          deployment: second,
          network: 'erc20',
          address: second.hotWallet.address,
        }),
      ).toBe('1000000');
      // The chain goes on: the next transfer gets the next nonce and lands.
      await sendTestUsdt({
        deployment: second,
        network: 'erc20',
        to: ALICE,
        amount: '1',
        wait: true,
      });
      expect(await usdtBalance({ deployment: second, network: 'erc20', address: ALICE })).toBe(
        '13.5',
      );
    } finally {
      await second.stop();
    }

    const third = await startDevchain({ port: 0, dataDir: dir, persist: true, fresh: true });
    try {
      expect(third.resumed).toBe(false);
      expect(await usdtBalance({ deployment: third, network: 'erc20', address: ALICE })).toBe('0');
    } finally {
      await third.stop();
    }
  });

  it('a chain that is not kept leaves no state behind', async () => {
    const dir = join(dataDir, 'not-kept');
    const extra = await startDevchain({ port: 0, dataDir: dir });
    expect(extra.stateFile).toBeNull();
    await extra.stop();
    expect(existsSync(join(dir, 'state.json'))).toBe(false);
  });
});
