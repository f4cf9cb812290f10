// /new_account/changeAccount?currency_id=: one currency of the change account and its log.
import { AccountDetail } from './account-detail.tsx';

export default function ChangeDetailScreen() {
  return <AccountDetail type="change" />;
}
