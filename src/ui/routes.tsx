// Every route of both specs (trading-c2c-market.md §2, wallet-account-earn.md §2), with the
// spec's route names. Screens are lazy: `/` loads only the home screen's code. A route the
// spec names without a screen of its own redirects to the screen that serves its purpose
// (docs/adr/0018-remaining-routes.md); tests/spec-routes.test.ts checks the table against the
// spec's route lists.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTE_PATH, type RouteName } from './route-paths.ts';

type Screen = LazyExoticComponent<ComponentType>;

export interface RouteEntry {
  path: string;
  name?: RouteName;
  /** The screen, or null when the route redirects. */
  screen: Screen | null;
  /** Where the route leads instead (replace), for routes served by another screen. */
  redirect?: string;
  /** Visitors are redirected to the login page. */
  auth: boolean;
}

const Home = lazy(() => import('./screens/home/home-screen.tsx'));
const Login = lazy(() => import('./screens/auth/login-screen.tsx'));
const Register = lazy(() => import('./screens/auth/register-screen.tsx'));
const ForgetPwd = lazy(() => import('./screens/auth/forget-screen.tsx'));
const BindEmail = lazy(() => import('./screens/auth/bind-email-screen.tsx'));
const NewsList = lazy(() => import('./screens/news/news-list-screen.tsx'));
const NewsDetail = lazy(() => import('./screens/news/news-detail-screen.tsx'));
const Spot = lazy(() => import('./screens/spot/spot-screen.tsx'));
const Quotation = lazy(() => import('./screens/quotation/quotation-screen.tsx'));
const Replay = lazy(() => import('./screens/replay/replay-screen.tsx'));
// Contracts (issue 7)
const Lever = lazy(() => import('./screens/lever/lever-screen.tsx'));
const LeverPositions = lazy(() => import('./screens/lever/lever-positions-screen.tsx'));
const Micro = lazy(() => import('./screens/micro/micro-screen.tsx'));
const C2cMarket = lazy(() => import('./screens/c2c/market-screen.tsx'));
const C2cPublish = lazy(() => import('./screens/c2c/publish-screen.tsx'));
const C2cRelease = lazy(() => import('./screens/c2c/release-screen.tsx'));
const C2cOrders = lazy(() => import('./screens/c2c/orders-screen.tsx'));
// Assets and account area (issue 6)
const Finance = lazy(() => import('./screens/wallet/finance-screen.tsx'));
const LegalAssets = lazy(() => import('./screens/wallet/legal-screen.tsx'));
const ChangeAssets = lazy(() => import('./screens/wallet/change-screen.tsx'));
const LeverAssets = lazy(() => import('./screens/wallet/lever-screen.tsx'));
const LegalDetail = lazy(() => import('./screens/wallet/legal-detail-screen.tsx'));
const ChangeDetail = lazy(() => import('./screens/wallet/change-detail-screen.tsx'));
const TransferLegal = lazy(() => import('./screens/wallet/transfer-screen.tsx'));
const LeverTransfer = lazy(() => import('./screens/wallet/lever-transfer-screen.tsx'));
const LeverRecords = lazy(() => import('./screens/wallet/lever-records-screen.tsx'));
const Ledger = lazy(() => import('./screens/wallet/ledger-screen.tsx'));
const LeverManager = lazy(() => import('./screens/wallet/lever-manager-screen.tsx'));
const WithdrawAddress = lazy(() => import('./screens/wallet/withdraw-address-screen.tsx'));
const SetCash = lazy(() => import('./screens/wallet/set-cash-screen.tsx'));
const AccountCenter = lazy(() => import('./screens/account/account-center-screen.tsx'));
const AccountSet = lazy(() => import('./screens/account/account-set-screen.tsx'));
const UserSetting = lazy(() => import('./screens/account/user-setting-screen.tsx'));
const Authentication = lazy(() => import('./screens/account/authentication-screen.tsx'));
const Recharge = lazy(() => import('./screens/wallet/deposit-screen.tsx'));
const CoinRecord = lazy(() => import('./screens/account/coin-record-screen.tsx'));
const AcceptorDeal = lazy(() => import('./screens/account/acceptor-deal-screen.tsx'));
const AcceptorList = lazy(() => import('./screens/account/acceptor-list-screen.tsx'));
const AcceptorDeals = lazy(() => import('./screens/account/acceptor-deals-screen.tsx'));
const TransferLog = lazy(() => import('./screens/account/transfer-log-screen.tsx'));
const AllOrders = lazy(() => import('./screens/account/all-orders-screen.tsx'));
const Message = lazy(() => import('./screens/account/message-screen.tsx'));
const Region = lazy(() => import('./screens/account/region-screen.tsx'));
const Payment = lazy(() => import('./screens/account/payment-screen.tsx'));
const Lock = lazy(() => import('./screens/earn/lock-screen.tsx'));
const Loan = lazy(() => import('./screens/earn/loan-screen.tsx'));
const Success = lazy(() => import('./screens/common/success-screen.tsx'));
const TradePassword = lazy(() => import('./screens/account/trade-password-screen.tsx'));
const Presale = lazy(() => import('./screens/earn/presale-screen.tsx'));
export const NotFound = lazy(() => import('./screens/common/not-found-screen.tsx'));

const open = (path: string, screen: Screen, name?: RouteName): RouteEntry =>
  name === undefined ? { path, screen, auth: false } : { path, screen, auth: false, name };
const guarded = (path: string, screen: Screen, name?: RouteName): RouteEntry =>
  name === undefined ? { path, screen, auth: true } : { path, screen, auth: true, name };
const redirect = (path: string, to: string): RouteEntry => ({
  path,
  screen: null,
  redirect: to,
  auth: false,
});

const ACCOUNT_SCREENS: readonly (readonly [string, Screen])[] = [
  ['accountCenter', AccountCenter],
  ['accountEntrust', AllOrders],
  ['accountMessage', Message],
  ['recharge', Recharge],
  ['coinRecord', CoinRecord],
  ['rechargeMoney', AcceptorDeal],
  ['aceite', AcceptorList],
  ['region', Region],
  ['chargeRecord', AcceptorDeals],
  ['userSetting', UserSetting],
  ['payment', Payment],
];
const ASSET_SCREENS: readonly (readonly [string, Screen])[] = [
  ['finance', Finance],
  ['letransactions', LeverRecords],
  ['transfer', LeverTransfer],
  ['lever', LeverAssets],
  ['change', ChangeAssets],
  ['legal', LegalAssets],
  ['legalAccount', LegalDetail],
  ['changeAccount', ChangeDetail],
];

export const ROUTES: readonly RouteEntry[] = [
  open('/', Home),
  open('/home', Home),
  open(ROUTE_PATH.login, Login, 'login'),
  open(ROUTE_PATH.register, Register, 'register'),
  open('/forgetPwd', ForgetPwd),
  // the set-password page: the code-and-new-password flow, the account filled in when logged in
  open('/resetPwd', ForgetPwd),
  open('/noticeList', NewsList),
  open(ROUTE_PATH.noticeDetail, NewsDetail, 'noticeDetail'),
  open('/quotation', Quotation),
  open('/upstart', Presale),
  // the replay desk (issue 5): not a spec route; open to all (a support engineer may have no account)
  open('/replay', Replay),
  // Trading screens show login/register prompts to visitors (spec §2, §6) instead of redirecting.
  open('/dealCenter', Spot),
  open('/leverdealCenter', Lever),
  open('/secondDealCenter', Micro),
  guarded('/bindEmail', BindEmail),
  // trading spec §2: /userSetting is the payout details page (c2c sends 997 there)
  guarded(ROUTE_PATH.userSetting, SetCash, 'userSetting'),
  // every spot order of the user, all pairs (current, history and fills)
  guarded(ROUTE_PATH.allTransaction, AllOrders, 'allTransaction'),
  guarded(ROUTE_PATH.leverList, LeverPositions, 'leverList'),
  guarded(ROUTE_PATH.leverTransactions, LeverPositions, 'leverTransactions'),
  guarded('/leverTransaction', LeverPositions),
  guarded('/leverRecord', LeverPositions),
  // the lever transfer history (wallet-account-earn.md §2 "transfer history pages")
  guarded('/transferRecord', LeverRecords),
  // savings and loans (issue 9)
  guarded('/lock', Lock),
  guarded('/loan', Loan),
  open('/success', Success),
  guarded('/account/tradePassword', TradePassword),
  // routes the spec names without a screen: the screen that serves the purpose
  redirect('/match', '/account/aceite'),
  redirect('/fiatradCenter', '/legalTrade'),
  redirect('/account', '/account/accountCenter'),
  redirect('/new_account', '/new_account/finance'),
  // trading spec §2: /finance (assets) and /authentication are the same screens
  guarded('/finance', Finance),
  guarded('/authentication', Authentication),
  // c2c (issue 8)
  guarded('/legalTrade', C2cMarket),
  guarded('/c2c', C2cPublish),
  guarded('/c2cRelease', C2cRelease),
  guarded('/c2cDetail', C2cOrders),
  guarded('/c2cOrder', C2cOrders),
  guarded('/c2cTrade', C2cOrders),
  guarded('/lever_manger', LeverManager),
  guarded('/finanrec', Ledger),
  guarded('/withdraw_address', WithdrawAddress),
  guarded('/setCash', SetCash),
  guarded(ROUTE_PATH.accountSet, AccountSet, 'accountSet'),
  guarded(ROUTE_PATH.transferLog, TransferLog, 'transferLog'),
  guarded(ROUTE_PATH.authentication, Authentication, 'authentication'),
  ...ACCOUNT_SCREENS.map(([s, screen]) => guarded(`/account/${s}`, screen)),
  guarded(ROUTE_PATH.transferLegal, TransferLegal, 'transferLegal'),
  ...ASSET_SCREENS.map(([s, screen]) => guarded(`/new_account/${s}`, screen)),
];
