// The unread-notices count on the notice icon (maininfo, signed in).
import type { ReactNode } from 'react';
import { Badge } from 'antd-mobile';
import { useMainInfo } from '../api/get-main-info.ts';

export function UnreadBadge({ children }: { children: ReactNode }) {
  const { data } = useMainInfo();
  const unread = data?.unread_notices ?? 0;
  if (unread === 0) return <>{children}</>;
  return (
    <Badge content={unread > 99 ? '99+' : String(unread)} data-testid="unread-badge">
      {children}
    </Badge>
  );
}
