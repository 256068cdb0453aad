// The devchain end to end: real anvil node, real contracts, real transfers. Two nodes
// (automine, interval mining) start once; afterAll stops them so no process outlives us.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hexToTron } from '@olive/chain';
import { parseAbiItem, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devchainArtifacts } from './contracts.ts';
import { readDeployment, type DevchainDeployment } from './deployment.ts';
import { blockNumber, rpc } from './rpc.ts';
import { createServer } from 'node:http';
import { spawn } from 'node:child_process';
import { listensOn, PortTakenError, spawnAnvil } from './anvil.ts';
import { DEVCHAIN_CHAIN_ID, startDevchain, type Devchain } from './start.ts';
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

  // CI's restart test lost a faucet deposit this way: the gas was estimated while the
  // deposit address still held USDT, the sweeper emptied it first in the same block, and a
  // transfer to an empty balance (a new storage slot) ran out of gas and reverted, silently.
  it('still lands when the recipient is emptied between the estimate and the block', async () => {
    const holderKey = generatePrivateKey();
    const holder = privateKeyToAccount(holderKey);
    await rpc(chain.rpcUrl, 'anvil_setBalance', [holder.address, `0x${(10n ** 20n).toString(16)}`]);
    await sendTestUsdt({ deployment: chain, network: 'erc20', to: holder.address, amount: '10' });
    const { publicClient, walletClient } = devchainClients(chain.rpcUrl, holderKey);
    await rpc(chain.rpcUrl, 'evm_setAutomine', [false]);
    try {
      const faucetTx = await sendTestUsdt({
        deployment: chain,
        network: 'erc20',
        to: holder.address,
        amount: '100',
        wait: false,
      });
      // The holder sends everything away with a higher tip: first in the block.
      await walletClient!.writeContract({
        chain: anvil,
        account: holder,
        address: chain.contracts.erc20.address,
        abi: devchainArtifacts().TestUSDT.abi,
        functionName: 'transfer',
        args: [ALICE, 10_000_000n],
        gas: 100_000n,
        maxPriorityFeePerGas: 50_000_000_000n,
        maxFeePerGas: 100_000_000_000n,
      });
      await rpc(chain.rpcUrl, 'evm_mine');
      const receipt = await publicClient.getTransactionReceipt({ hash: faucetTx });
      expect(receipt.status).toBe('success');
      expect(
        await usdtBalance({ deployment: chain, network: 'erc20', address: holder.address }),
      ).toBe('100');
    } finally {
      await rpc(chain.rpcUrl, 'evm_setAutomine', [true]);
    }
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

describe('a port taken by another process', () => {
  it('tells which process listens on a port', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    const other = spawn('sleep', ['5']);
    try {
      expect(listensOn(process.pid, port)).toBe(true);
      expect(listensOn(other.pid!, port)).toBe(false);
    } finally {
      other.kill();
      server.close();
    }
  });

  it("refuses to take someone else's node for its own", async () => {
    // Another process's JSON-RPC node on the port anvil was told to use: it answers, but
    // the anvil we started cannot listen there and must not be reported as started.
    const impostor = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x7a69' }));
    }).listen(0, '127.0.0.1');
    await new Promise((r) => impostor.once('listening', r));
    const port = (impostor.address() as { port: number }).port;
    try {
      await expect(
        spawnAnvil({ port, chainId: DEVCHAIN_CHAIN_ID, timeoutMs: 20_000 }),
      ).rejects.toBeInstanceOf(PortTakenError);
    } finally {
      impostor.close();
    }
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
