// Copy to the clipboard with the spec's "copy success / copy failure" toasts.
import { t } from '../i18n/i18n.ts';
import { toast } from '../toast/toast.ts';

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(t('wallet.copy.done'));
  } catch {
    toast.error(t('wallet.copy.failed'));
  }
}
