// The spec's named routes and their paths (trading-c2c-market.md §2, wallet-account-earn.md §2).
// Kept apart from routes.tsx so screens can link by name without importing the route table
// (which lazily imports the screens: that would be a cycle).
export const ROUTE_PATH = {
  login: '/components/login',
  register: '/components/register',
  accountSet: '/account/accountSet',
  transferLog: '/account/transferLog',
  authentication: '/account/authentication',
  transferLegal: '/new_account/transferLegal',
  noticeDetail: '/components/noticeDetail',
  userSetting: '/userSetting',
  allTransaction: '/allTransaction',
  leverList: '/leverList',
  leverTransactions: '/leverTransactions',
} as const;

export type RouteName = keyof typeof ROUTE_PATH;

/** Paths of screens that have no route name in the spec but that screens link to. */
export const PATH = {
  home: '/',
  forgetPwd: '/forgetPwd',
  bindEmail: '/bindEmail',
  noticeList: '/noticeList',
  leverDealCenter: '/leverdealCenter',
  dealCenter: '/dealCenter',
  quotation: '/quotation',
} as const;
