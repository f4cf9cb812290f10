// Every route of both specs (trading-c2c-market.md §2, wallet-account-earn.md §2), with the
// spec's route names. Screens are lazy: `/` loads only the home screen's code. Screens not
// built yet render the shared NotOpenScreen inside the normal layout.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTE_PATH, type RouteName } from './route-paths.ts';

type Screen = LazyExoticComponent<ComponentType>;

export interface RouteEntry {
  path: string;
  name?: RouteName;
  screen: Screen;
  /** Visitors are redirected to the login page. */
  auth: boolean;
}

const Home = lazy(() => import('./screens/home/home-screen.tsx'));
const Login = lazy(() => import('./screens/auth/login-screen.tsx'));
const Register = lazy(() => import('./screens/auth/register-screen.tsx'));
const ForgetPwd = lazy(() => import('./screens/auth/forget-screen.tsx'));
const BindEmail = lazy(() => import('./screens/auth/bind-email-screen.tsx'));
const NoticeList = lazy(() => import('./screens/notice/notice-list-screen.tsx'));
const NoticeDetail = lazy(() => import('./screens/notice/notice-detail-screen.tsx'));
const Spot = lazy(() => import('./screens/spot/spot-screen.tsx'));
const Quotation = lazy(() => import('./screens/quotation/quotation-screen.tsx'));
const Replay = lazy(() => import('./screens/replay/replay-screen.tsx'));
export const NotOpen = lazy(() => import('./screens/common/not-open-screen.tsx'));
export const NotFound = lazy(() => import('./screens/common/not-found-screen.tsx'));

const open = (path: string, screen: Screen = NotOpen, name?: RouteName): RouteEntry =>
  name === undefined ? { path, screen, auth: false } : { path, screen, auth: false, name };
const guarded = (path: string, screen: Screen = NotOpen, name?: RouteName): RouteEntry =>
  name === undefined ? { path, screen, auth: true } : { path, screen, auth: true, name };

const ACCOUNT_SCREENS = [
  'accountCenter',
  'accountEntrust',
  'accountMessage',
  'recharge',
  'coinRecord',
  'rechargeMoney',
  'aceite',
  'region',
  'chargeRecord',
  'userSetting',
  'payment',
] as const;
const ASSET_SCREENS = [
  'finance',
  'letransactions',
  'transfer',
  'lever',
  'change',
  'legal',
  'legalAccount',
  'changeAccount',
] as const;
const LOGIN_SCREENS = [
  '/legalTrade',
  '/lock',
  '/loan',
  '/finance',
  '/authentication',
  '/c2c',
  '/c2cRelease',
  '/c2cDetail',
  '/c2cOrder',
  '/c2cTrade',
  '/leverTransaction',
  '/leverRecord',
  '/transferRecord',
  '/success',
  '/match',
  '/fiatradCenter',
  '/lever_manger',
  '/finanrec',
  '/withdraw_address',
  '/setCash',
  '/account',
  '/new_account',
] as const;

export const ROUTES: readonly RouteEntry[] = [
  open('/', Home),
  open('/home', Home),
  open(ROUTE_PATH.login, Login, 'login'),
  open(ROUTE_PATH.register, Register, 'register'),
  open('/forgetPwd', ForgetPwd),
  open('/resetPwd'),
  open('/noticeList', NoticeList),
  open(ROUTE_PATH.noticeDetail, NoticeDetail, 'noticeDetail'),
  open('/quotation', Quotation),
  open('/upstart'),
  // the replay desk (issue 5): not a spec route; open to all (a support engineer may have no account)
  open('/replay', Replay),
  // Trading screens show login/register prompts to visitors (spec §2, §6) instead of redirecting.
  open('/dealCenter', Spot),
  open('/leverdealCenter'),
  open('/secondDealCenter'),
  guarded('/bindEmail', BindEmail),
  guarded(ROUTE_PATH.userSetting, NotOpen, 'userSetting'),
  guarded(ROUTE_PATH.allTransaction, NotOpen, 'allTransaction'),
  guarded(ROUTE_PATH.leverList, NotOpen, 'leverList'),
  guarded(ROUTE_PATH.leverTransactions, NotOpen, 'leverTransactions'),
  ...LOGIN_SCREENS.map((path) => guarded(path)),
  guarded(ROUTE_PATH.accountSet, NotOpen, 'accountSet'),
  guarded(ROUTE_PATH.transferLog, NotOpen, 'transferLog'),
  guarded(ROUTE_PATH.authentication, NotOpen, 'authentication'),
  ...ACCOUNT_SCREENS.map((s) => guarded(`/account/${s}`)),
  guarded(ROUTE_PATH.transferLegal, NotOpen, 'transferLegal'),
  ...ASSET_SCREENS.map((s) => guarded(`/new_account/${s}`)),
];
