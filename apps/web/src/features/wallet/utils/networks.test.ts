import { describe, expect, it } from 'vitest';
import { explorerTxUrl, groupAddress, looksLikeAddress, shortHash, shortMemo } from './networks.ts';

const hash = '0x' + 'ab'.repeat(32);

describe('explorerTxUrl', () => {
  it('links each network to its explorer', () => {
    expect(explorerTxUrl('erc20', hash)).toBe(`https://etherscan.io/tx/${hash}`);
    expect(explorerTxUrl('bep20', hash)).toBe(`https://bscscan.com/tx/${hash}`);
    expect(explorerTxUrl('trc20', hash)).toBe(
      `https://tronscan.org/#/transaction/${'ab'.repeat(32)}`,
    );
  });
});

describe('addresses and hashes', () => {
  it('recognises the address shapes', () => {
    expect(looksLikeAddress('bep20', '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc')).toBe(true);
    expect(looksLikeAddress('erc20', '0x9965')).toBe(false);
    expect(looksLikeAddress('trc20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(true);
    expect(looksLikeAddress('trc20', '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc')).toBe(false);
  });

  it('shortens hashes, also inside memos', () => {
    expect(shortHash(hash)).toBe('0xababab…ababab');
    expect(shortHash('short')).toBe('short');
    expect(shortMemo(`BEP20 ${hash}`)).toBe('BEP20 0xababab…ababab');
    expect(shortMemo('TRC20 TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe('TRC20 TLa2f6VP…5wYjU7');
    expect(shortMemo('')).toBe('');
  });
});

describe('groupAddress', () => {
  it('groups every character of an address by four, nothing left out', () => {
    const evm = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
    expect(groupAddress(evm)).toBe('0x 9965 507D 1a55 bcC2 695C 58ba 16FB 37d8 19B0 A4dc');
    expect(groupAddress(evm).replace(/ /g, '')).toBe(evm);
    const tron = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    expect(groupAddress(tron).replace(/ /g, '')).toBe(tron);
    expect(groupAddress(tron).split(' ').at(-1)).toBe('v8');
  });
});
