// The header's links, in the order the spec's header lists them (trading-c2c-market.md §2):
// the desktop navigation bar and the phone's drawer show the same list.
import type { MessageId } from '../i18n/i18n.ts';

export const NAV: readonly { to: string; label: MessageId }[] = [
  { to: '/home', label: 'header.nav.home' },
  { to: '/dealCenter', label: 'header.nav.spot' },
  { to: '/legalTrade', label: 'header.nav.c2c' },
  { to: '/leverdealCenter', label: 'header.nav.contracts' },
  { to: '/secondDealCenter', label: 'header.nav.second' },
  { to: '/lock', label: 'header.nav.lock' },
  { to: '/loan', label: 'header.nav.loan' },
  { to: '/finance', label: 'header.nav.assets' },
  { to: '/upstart', label: 'header.nav.upstart' },
];
