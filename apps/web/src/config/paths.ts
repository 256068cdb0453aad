// Every route path of the investor app, in one place (spec section 2). Screens link with
// these constants; the router builds its tree from them.
export const paths = {
  root: '/',
  // tabs
  home: '/pages/index/index',
  trade: '/pages/quantification/quantification',
  news: '/pages/public/news',
  me: '/pages/personal/personal',
  // pages/public
  login: '/pages/public/login',
  welcome: '/pages/public/welcome',
  register: '/pages/public/regiest',
  setPassword: '/pages/public/setpwd',
  registered: '/pages/public/success',
  emailCheck: '/pages/public/email',
  article: '/pages/public/article',
  about: '/pages/public/about',
  userPage: '/pages/public/userpage',
  update: '/pages/public/update',
  // pages/personal
  withdraw: '/pages/personal/draw',
  topUp: '/pages/personal/invest',
  team: '/pages/personal/teamUser',
  invite: '/pages/personal/share',
  download: '/pages/personal/download',
  records: '/pages/personal/consumeList',
  /** Withdraw Wallet: not a route of the spec, which names the menu entry only. */
  wallet: '/pages/personal/wallet',
  notices: '/pages/personal/notice',
  /** Not a route of the spec: proof of reserves (issue 16). */
  reserves: '/pages/personal/reserves',
  support: '/pages/personal/kefu',
  // pages/setting
  loginPassword: '/pages/setting/loginPassword',
  language: '/pages/setting/language',
  security: '/pages/setting/information',
  nickname: '/pages/setting/userName',
  fundPassword: '/pages/setting/secondPassword',
  /** Not routes of the spec: the security centre's two-factor, binding and wallet screens. */
  twoFactor: '/pages/setting/twofactor',
  bind: '/pages/setting/bind',
  wallets: '/pages/setting/wallets',
  // pages/quantification
  robotDetail: '/pages/quantification/detail',
  /** Not in the spec: a demo investor's robot, read-only and public (decision 111d). */
  demoRobot: '/pages/quantification/demo',
  /** Not in the spec: copy a public robot (issue 32). */
  copyRobot: '/pages/quantification/copy',
  // pages/mining (not in the spec's list: decision 112b)
  mining: '/pages/mining/mining',
  miningDetail: '/pages/mining/detail',
  // system pages
  chooseLocation: '/choose-location',
  openLocation: '/open-location',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The four tab screens, in tab-bar order (spec section 2). */
export const tabPaths = [paths.home, paths.trade, paths.news, paths.me] as const;
