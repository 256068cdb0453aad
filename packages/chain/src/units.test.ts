// Exact unit conversion: 6-decimal tokens scale up by 100, 18-decimal BEP20 scales down
// by 10^10 with the remainder kept as dust; round trips hold for every amount.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTokenAmount, oliveToToken, parseTokenAmount, tokenToOlive } from './units.ts';
import { NETWORK_FACTS, explorerTxUrl } from './networks.ts';

describe('tokenToOlive', () => {
  it('multiplies 6-decimal amounts by 100', () => {
    expect(tokenToOlive(1_000_000n, 6)).toEqual({ amount: 100_000_000n, dust: 0n });
    expect(tokenToOlive(1n, 6)).toEqual({ amount: 100n, dust: 0n });
  });

  it('divides 18-decimal amounts by 10^10 and returns the dust', () => {
    expect(tokenToOlive(10n ** 18n, 18)).toEqual({ amount: 100_000_000n, dust: 0n });
    // 1.234567891234567891 USDT → 1.23456789 credited, 0.000000001234567891 dust.
    expect(tokenToOlive(1_234_567_891_234_567_891n, 18)).toEqual({
      amount: 123_456_789n,
      dust: 1_234_567_891n,
    });
    expect(tokenToOlive(9_999_999_999n, 18)).toEqual({ amount: 0n, dust: 9_999_999_999n });
  });

  it('refuses negative amounts and odd decimals', () => {
    expect(() => tokenToOlive(-1n, 6)).toThrow(RangeError);
    expect(() => tokenToOlive(1n, 6.5)).toThrow(RangeError);
  });
});

describe('oliveToToken', () => {
  it('converts exactly for sending', () => {
    expect(oliveToToken(100_000_000n, 6)).toBe(1_000_000n);
    expect(oliveToToken(123_456_789n, 18)).toBe(1_234_567_890_000_000_000n);
  });

  it('refuses precision a 6-decimal token cannot carry', () => {
    expect(() => oliveToToken(1n, 6)).toThrow(RangeError);
    expect(() => oliveToToken(-100n, 6)).toThrow(RangeError);
  });
});

describe('round trips', () => {
  const tokenAmount = fc.bigInt({ min: 0n, max: 10n ** 30n });
  const oliveAmount = fc.bigInt({ min: 0n, max: 10n ** 20n });

  it('18 decimals: credited amount and dust reassemble the on-chain value', () => {
    fc.assert(
      fc.property(tokenAmount, (value) => {
        const { amount, dust } = tokenToOlive(value, 18);
        expect(dust >= 0n && dust < 10n ** 10n).toBe(true);
        expect(oliveToToken(amount, 18) + dust).toBe(value);
      }),
    );
  });

  it('6 decimals: token → Olive → token is the identity', () => {
    fc.assert(
      fc.property(tokenAmount, (value) => {
        const { amount, dust } = tokenToOlive(value, 6);
        expect(dust).toBe(0n);
        expect(oliveToToken(amount, 6)).toBe(value);
      }),
    );
  });

  it('Olive → token → Olive is the identity wherever sending is possible', () => {
    fc.assert(
      fc.property(oliveAmount, fc.constantFrom(6, 18), (amount, decimals) => {
        const sendable = decimals === 6 ? amount - (amount % 100n) : amount;
        expect(tokenToOlive(oliveToToken(sendable, decimals), decimals)).toEqual({
          amount: sendable,
          dust: 0n,
        });
      }),
    );
  });

  it('decimal strings parse and format back', () => {
    fc.assert(
      fc.property(tokenAmount, fc.constantFrom(6, 18), (value, decimals) => {
        expect(parseTokenAmount(formatTokenAmount(value, decimals), decimals)).toBe(value);
      }),
    );
    expect(parseTokenAmount('12.5', 18)).toBe(12_500_000_000_000_000_000n);
    expect(formatTokenAmount(12_500_000n, 6)).toBe('12.5');
    expect(formatTokenAmount(0n, 18)).toBe('0');
    expect(() => parseTokenAmount('0.0000001', 6)).toThrow(RangeError);
    expect(() => parseTokenAmount('1e6', 6)).toThrow(RangeError);
  });
});

describe('network facts', () => {
  it('has the real USDT decimals and explorer links', () => {
    expect(NETWORK_FACTS.erc20.tokenDecimals).toBe(6);
    expect(NETWORK_FACTS.bep20.tokenDecimals).toBe(18);
    expect(NETWORK_FACTS.trc20.tokenDecimals).toBe(6);
    expect(explorerTxUrl('erc20', '0xab')).toBe('https://etherscan.io/tx/0xab');
    expect(explorerTxUrl('bep20', '0xab')).toBe('https://bscscan.com/tx/0xab');
    expect(explorerTxUrl('trc20', '0xab')).toBe('https://tronscan.org/#/transaction/ab');
  });
});
