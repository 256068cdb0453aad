// Screens whose features ship in later releases: every route resolves and says honestly
// that the screen is coming.
import type { ReactNode } from 'react';
import {
  ClockCircleOutline,
  EnvironmentOutline,
  MessageOutline,
  SoundOutline,
  TeamOutline,
  UserAddOutline,
  UserOutline,
  DownlandOutline,
  HistogramOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

const kinds = {
  userPage: { title: 'pages.userPage', icon: <UserOutline /> },
  team: { title: 'pages.team', icon: <TeamOutline /> },
  invite: { title: 'pages.invite', icon: <UserAddOutline /> },
  download: { title: 'pages.download', icon: <DownlandOutline /> },
  notices: { title: 'pages.notices', icon: <SoundOutline /> },
  support: { title: 'pages.support', icon: <MessageOutline /> },
  robotDetail: { title: 'pages.robotDetail', icon: <HistogramOutline /> },
  location: { title: 'pages.location', icon: <EnvironmentOutline /> },
} satisfies Record<string, { title: string; icon: ReactNode }>;

export type PlaceholderKind = keyof typeof kinds;

export default function Placeholder({ kind }: { kind: PlaceholderKind }) {
  const { t } = useTranslation();
  const { title, icon } = kinds[kind] ?? {
    title: 'common.comingSoon',
    icon: <ClockCircleOutline />,
  };
  return <ComingSoon title={t(title)} icon={icon} />;
}
