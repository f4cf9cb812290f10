// /new_account/legalAccount?currency_id=: one currency of the legal account and its log.
import { AccountDetail } from './account-detail.tsx';

export default function LegalDetailScreen() {
  return <AccountDetail type="legal" />;
}
