// The console's resources (docs/admin-api.md) in menu order, grouped. Refine's sider shows
// each one the operator's permissions allow (access-control.ts); the paths are routes.tsx's.
// The groups are the operator's words; the screens' folders (features/<module>) are named
// after the server's modules instead: "Trading" is robots, mining, team and market.
import type { ResourceProps } from '@refinedev/core';
import {
  AuditOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  RobotOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';

type Translate = (key: string) => string;

export const GROUPS = ['money', 'trading', 'publishing', 'system'] as const;

export function resources(t: Translate): ResourceProps[] {
  const item = (
    name: string,
    paths: Omit<ResourceProps, 'name' | 'meta'>,
    parent?: string,
  ): ResourceProps => ({
    name,
    ...paths,
    meta: { label: t(`resources.${name}`), ...(parent ? { parent } : {}) },
  });
  const group = (name: string, icon: React.ReactNode): ResourceProps => ({
    name,
    meta: { label: t(`groups.${name}`), icon },
  });
  return [
    {
      ...item('dashboard', { list: '/' }),
      meta: { label: t('resources.dashboard'), icon: <DashboardOutlined /> },
    },
    {
      ...item('users', { list: '/users', show: '/users/show/:id' }),
      meta: { label: t('resources.users'), icon: <TeamOutlined /> },
    },
    group('money', <DollarOutlined />),
    // The queue first: what waits for an operator; then the history and the rules.
    item('withdrawal-review', { list: '/withdrawal-review' }, 'money'),
    item('withdrawals', { list: '/withdrawals' }, 'money'),
    item('deposits', { list: '/deposits' }, 'money'),
    item('networks', { list: '/networks', edit: '/networks/edit/:id' }, 'money'),
    item('withdrawal-policy', { list: '/withdrawal-policy' }, 'money'),
    item('ledger-audit', { list: '/ledger-audit' }, 'money'),
    item('reserves', { list: '/reserves' }, 'money'),
    group('trading', <RobotOutlined />),
    item('markets', { list: '/markets' }, 'trading'),
    item('robots', { list: '/robots' }, 'trading'),
    item('robot-settings', { list: '/robot-settings' }, 'trading'),
    item(
      'mining-models',
      { list: '/mining-models', create: '/mining-models/create', edit: '/mining-models/edit/:id' },
      'trading',
    ),
    item('rentals', { list: '/rentals' }, 'trading'),
    item('team-rates', { list: '/team-rates' }, 'trading'),
    group('publishing', <FileTextOutlined />),
    item(
      'content',
      { list: '/content', create: '/content/create', edit: '/content/edit/:id' },
      'publishing',
    ),
    item(
      'contacts',
      { list: '/contacts', create: '/contacts/create', edit: '/contacts/edit/:id' },
      'publishing',
    ),
    item('app-update', { list: '/app-update' }, 'publishing'),
    item('legal-details', { list: '/legal-details' }, 'publishing'),
    group('system', <SettingOutlined />),
    item(
      'operators',
      { list: '/operators', create: '/operators/create', edit: '/operators/edit/:id' },
      'system',
    ),
    {
      ...item('audit', { list: '/audit' }, 'system'),
      meta: { label: t('resources.audit'), parent: 'system', icon: <AuditOutlined /> },
    },
    item('account', { list: '/account' }, 'system'),
  ];
}
