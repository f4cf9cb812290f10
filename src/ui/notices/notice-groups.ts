// The names of the notification groups (the centre's filter and the preferences).
import type { NotificationGroup } from '../../shared/notifications.ts';
import type { MessageId } from '../i18n/i18n.ts';

export const GROUP_LABEL: Record<NotificationGroup, MessageId> = {
  spot: 'notice.group.spot',
  lever: 'notice.group.lever',
  micro: 'notice.group.micro',
  c2c: 'notice.group.c2c',
  wallet: 'notice.group.wallet',
  identity: 'notice.group.identity',
  loan: 'notice.group.loan',
  earn: 'notice.group.earn',
  alert: 'notice.group.alert',
};
