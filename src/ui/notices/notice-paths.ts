// Where the notification centre lives: the account area's Messages page (spec "accountMessage"),
// and where each kind of notification leads.
import type { NotificationKind } from '../../shared/notifications.ts';

export const NOTICE_CENTRE_PATH = '/account/accountMessage';

/**
 * The screen that holds what a notification is about (issue 41: a notification leads to its
 * order, position or deal): the orders page for spot, the contracts screen (its positions) for a
 * position, the second-contract screen, the c2c deals, the deposit and withdrawal records, the
 * identity page, the loans, the lock-ups, and the spot screen for a price alert.
 */
const TARGETS: Readonly<Record<NotificationKind, string>> = {
  'spot.filled': '/allTransaction',
  'spot.partial': '/allTransaction',
  'spot.cancelled': '/allTransaction',
  'spot.triggered': '/allTransaction',
  'spot.triggerRefused': '/dealCenter',
  'spot.ocoCancelled': '/dealCenter',
  'lever.opened': '/leverdealCenter',
  'lever.closed': '/leverList',
  'lever.stop': '/leverList',
  'lever.liquidated': '/leverList',
  'lever.trimmed': '/leverList',
  'lever.triggered': '/leverdealCenter',
  'lever.triggerRefused': '/leverdealCenter',
  'micro.settled': '/secondDealCenter',
  'c2c.taken': '/c2cOrder',
  'c2c.paid': '/c2cOrder',
  'c2c.released': '/c2cOrder',
  'c2c.cancelled': '/c2cOrder',
  'c2c.expired': '/c2cOrder',
  'wallet.deposit': '/finanrec',
  'wallet.withdrawal': '/finanrec',
  'identity.review': '/account/authentication',
  'loan.decision': '/loan',
  'loan.repayment': '/loan',
  'earn.matured': '/lock',
  'alert.price': '/dealCenter',
};

export const noticeTarget = (kind: NotificationKind): string => TARGETS[kind];
