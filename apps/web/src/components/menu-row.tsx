// One row of a card menu (Me, the security centre): an icon, a label, an optional value at
// the end, and antd-mobile's arrow when the row leads somewhere (unless `arrow` says
// otherwise). The menu's styles (.menu__icon, .menu__value) live with the account feature.
import { List } from 'antd-mobile';
import type { ReactNode } from 'react';

export interface MenuRowProps {
  icon: ReactNode;
  label: ReactNode;
  /** Shown at the row's end (a nickname, a count, a state). */
  value?: ReactNode;
  onClick?: () => void;
  /** Overrides the arrow a clickable row shows. */
  arrow?: boolean;
  testId?: string;
}

export function MenuRow({ icon, label, value, onClick, arrow, testId }: MenuRowProps) {
  return (
    <List.Item
      prefix={<span className="menu__icon">{icon}</span>}
      extra={value}
      {...(arrow !== undefined ? { arrowIcon: arrow } : {})}
      {...(onClick ? { onClick } : {})}
      data-testid={testId}
    >
      {label}
    </List.Item>
  );
}
