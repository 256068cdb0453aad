// The Top Up screen's deposits, live: polled while one confirms or while test USDT just
// sent has not been seen yet (up to 90 s), and `onCredited` once a deposit is credited
// while the screen is open, so balances elsewhere refresh.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDepositInfo } from '../api/get-deposit-info.ts';
import type { Network } from '../utils/networks.ts';

export const EXPECT_MS = 90_000;

export function useLiveDeposits(network: Network, onCredited: () => void) {
  const queryClient = useQueryClient();
  const [expected, setExpected] = useState<{ network: Network; txHash: string } | null>(null);
  const expecting = expected?.network === network;
  const query = useDepositInfo(network, expecting);
  const data = query.data;

  // Stop expecting once the transfer is listed, or after EXPECT_MS.
  useEffect(() => {
    if (!expected) return;
    const seen = data?.deposits.some(
      (d) => d.tx_hash.toLowerCase() === expected.txHash.toLowerCase(),
    );
    if (seen) {
      setExpected(null);
      return;
    }
    const timer = setTimeout(() => setExpected(null), EXPECT_MS);
    return () => clearTimeout(timer);
  }, [data, expected]);

  // Statuses last seen per deposit id; a network's first answer only fills it in.
  const known = useRef(new Map<string, string>());
  const loaded = useRef(new Set<Network>());
  useEffect(() => {
    if (!data) return;
    const first = !loaded.current.has(data.network);
    loaded.current.add(data.network);
    let credited = false;
    for (const deposit of data.deposits) {
      const before = known.current.get(deposit.id);
      known.current.set(deposit.id, deposit.status);
      if (!first && deposit.status === 'credited' && before !== 'credited') credited = true;
    }
    if (credited) {
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'usdtlog'] });
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'drawinfo'] });
      onCredited();
    }
  }, [data, onCredited, queryClient]);

  return {
    query,
    expecting,
    expect: (txHash: string) => setExpected({ network, txHash }),
  };
}
