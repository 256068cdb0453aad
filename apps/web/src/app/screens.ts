// Which screen each path shows: the file under app/routes/ and whether it needs a signed-in
// investor. The router builds its lazy routes from this table, and the build reads it to
// write the first-screen preload (first-screen-plugin.ts, decision 130), so a screen is
// declared once. Data only: the build imports this file.
import { paths, type AppPath } from '../config/paths.ts';

export interface Screen {
  path: AppPath;
  /** `app/routes/<file>.tsx`. */
  file: string;
  signedIn?: boolean;
}

export const screens: readonly Screen[] = [
  // `/` is Home, the update check behind it (decision 202).
  { path: paths.root, file: 'home' },
  { path: paths.update, file: 'update' },
  // tabs
  { path: paths.home, file: 'home' },
  { path: paths.trade, file: 'trade' },
  { path: paths.news, file: 'news' },
  { path: paths.me, file: 'me' },
  // pages/public
  { path: paths.login, file: 'login' },
  { path: paths.welcome, file: 'login' },
  { path: paths.register, file: 'register' },
  { path: paths.setPassword, file: 'set-password' },
  { path: paths.registered, file: 'registered', signedIn: true },
  { path: paths.article, file: 'article' },
  { path: paths.about, file: 'about' },
  { path: paths.userPage, file: 'user-page' },
  // pages/personal
  { path: paths.withdraw, file: 'withdraw', signedIn: true },
  { path: paths.topUp, file: 'top-up', signedIn: true },
  { path: paths.wallet, file: 'wallet', signedIn: true },
  { path: paths.team, file: 'team', signedIn: true },
  { path: paths.invite, file: 'share', signedIn: true },
  { path: paths.download, file: 'download' },
  { path: paths.records, file: 'fund-details', signedIn: true },
  { path: paths.notices, file: 'notices', signedIn: true },
  { path: paths.support, file: 'support' },
  // pages/setting
  { path: paths.loginPassword, file: 'login-password', signedIn: true },
  { path: paths.language, file: 'language' },
  { path: paths.reserves, file: 'reserves' },
  { path: paths.security, file: 'security', signedIn: true },
  { path: paths.twoFactor, file: 'two-factor', signedIn: true },
  { path: paths.bind, file: 'bind', signedIn: true },
  { path: paths.wallets, file: 'wallets', signedIn: true },
  { path: paths.nickname, file: 'nickname', signedIn: true },
  { path: paths.fundPassword, file: 'fund-password', signedIn: true },
  // pages/quantification and pages/mining
  { path: paths.robotDetail, file: 'robot-detail', signedIn: true },
  { path: paths.demoRobot, file: 'demo-robot' },
  { path: paths.copyRobot, file: 'copy-robot' },
  { path: paths.mining, file: 'mining' },
  { path: paths.miningDetail, file: 'mining-detail', signedIn: true },
];
