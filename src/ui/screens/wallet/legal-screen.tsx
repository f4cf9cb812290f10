// /new_account/legal: the legal account's assets (spec §2).
import { AccountAssets } from './account-assets.tsx';

export default function LegalAssetsScreen() {
  return <AccountAssets account="legal" />;
}
