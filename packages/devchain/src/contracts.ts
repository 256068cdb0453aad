// The devchain's Solidity: a test USDT (ERC20, configurable decimals, owner mint) and a
// look-alike "USDT" from a different contract, so tests prove the watcher reads only the
// configured contract. Compiled with the npm solc (no compiler download), cached on disk.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

const TEST_USDT = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Tether-like test token: name/symbol as on mainnet, decimals chosen per network.
contract TestUSDT {
    string public name = "Tether USD";
    string public symbol = "USDT";
    uint8 public immutable decimals;
    address public owner;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint8 decimals_) {
        decimals = decimals_;
        owner = msg.sender;
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == owner, "only owner");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(to != address(0), "zero address");
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
`;

// Deliberately a different contract: anyone may mint, and its Transfer event has the same
// signature, so only the contract address tells it apart from the real token.
const FAKE_USDT = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A scam token that copies USDT's name, symbol and events.
contract FakeUSDT {
    string public constant name = "Tether USD";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    function mint(address to, uint256 value) external {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}
`;

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

export interface DevchainArtifacts {
  TestUSDT: CompiledContract;
  FakeUSDT: CompiledContract;
}

interface Solc {
  version(): string;
  compile(input: string): string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

// solc-js ships no types and is CommonJS; load it only when the cache misses (~1 s).
const require = createRequire(import.meta.url);

/** Repository root, found from this file (packages/devchain/src). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CACHE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'olive-devchain');

function compile(solc: Solc): DevchainArtifacts {
  const input = {
    language: 'Solidity',
    sources: { 'TestUSDT.sol': { content: TEST_USDT }, 'FakeUSDT.sol': { content: FAKE_USDT } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Paris: no PUSH0 or blob opcodes, so the bytecode runs on any hardfork anvil runs.
      evmVersion: 'paris',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const pick = (file: string, name: string): CompiledContract => {
    const contract = output.contracts?.[file]?.[name];
    if (!contract) throw new Error(`solc produced no ${name}`);
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  };
  return { TestUSDT: pick('TestUSDT.sol', 'TestUSDT'), FakeUSDT: pick('FakeUSDT.sol', 'FakeUSDT') };
}

let memo: DevchainArtifacts | undefined;

/**
 * The compiled contracts, from the on-disk cache when the sources and the solc version
 * are unchanged. The key includes the version read from solc's package.json, so loading
 * the compiler itself is skipped on a hit.
 */
export function devchainArtifacts(): DevchainArtifacts {
  if (memo) return memo;
  const solcVersion = (require('solc/package.json') as { version: string }).version;
  const key = createHash('sha256')
    .update(`${solcVersion}\n${TEST_USDT}\n${FAKE_USDT}\nparis-200`)
    .digest('hex')
    .slice(0, 16);
  const file = join(CACHE_DIR, `artifacts-${key}.json`);
  try {
    memo = JSON.parse(readFileSync(file, 'utf8')) as DevchainArtifacts;
    return memo;
  } catch {
    // Not cached yet (or unreadable): compile below.
  }
  const artifacts = compile(require('solc') as Solc);
  mkdirSync(dirname(file), { recursive: true });
  // Write then rename, so a concurrent reader never sees half a file.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(artifacts));
  renameSync(partial, file);
  memo = artifacts;
  return artifacts;
}
