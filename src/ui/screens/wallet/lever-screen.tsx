// /new_account/lever: the lever account's assets (spec §2).
import { AccountAssets } from './account-assets.tsx';

export default function LeverAssetsScreen() {
  return <AccountAssets account="lever" />;
}
