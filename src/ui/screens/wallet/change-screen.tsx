// /new_account/change: the change account's assets (spec §2).
import { AccountAssets } from './account-assets.tsx';

export default function ChangeAssetsScreen() {
  return <AccountAssets account="change" />;
}
