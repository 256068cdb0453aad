// What the wallet's two lists share: the networks to filter by, and the columns a deposit
// and a withdrawal both open with.
import type { Column } from '../../components/resource-table.tsx';

export const NETWORKS = ['erc20', 'bep20', 'trc20'] as const;

/** id, investor account, network, amount and state, as both lists show them. */
export const MOVEMENT_COLUMNS: Column[] = [
  { key: 'id', sortable: true },
  { key: 'account' },
  { key: 'network', kind: 'enum' },
  { key: 'amount', kind: 'money', sortable: true },
  { key: 'status', kind: 'state' },
];
