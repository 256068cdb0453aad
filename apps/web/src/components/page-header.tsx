// The top bar of a pushed screen: back arrow (mirrored in right-to-left), title, extras.
import type { ReactNode } from 'react';
import { NavBar } from 'antd-mobile';
import { useRouter } from '@tanstack/react-router';
import { paths } from '../config/paths.ts';

export function PageHeader({
  title,
  right,
  back = true,
}: {
  title: ReactNode;
  right?: ReactNode;
  back?: boolean;
}) {
  const router = useRouter();
  const goBack = () => {
    if (window.history.length > 1) router.history.back();
    else void router.navigate({ to: paths.home, replace: true });
  };
  return (
    <header className="page-header">
      <NavBar back={back ? '' : null} backIcon={back} onBack={goBack} right={right}>
        {title}
      </NavBar>
    </header>
  );
}
