// Send a verification code: validate the account format first (shared rule), then ask the
// engine; toast the outcome. Returns whether a code was sent (starts the countdown).
import type { SendCodeInput } from '../../../engine/api.ts';
import { validateSendCode, type ValidationId } from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { t } from '../../i18n/i18n.ts';
import { toast } from '../../toast/toast.ts';

export async function sendCode(
  input: SendCodeInput,
  onAccountError: (id: ValidationId) => void,
): Promise<boolean> {
  const invalid = validateSendCode(input);
  if (invalid !== null) {
    onAccountError(invalid);
    return false;
  }
  const result = await engine.sendCode(input);
  if (!result.ok) {
    if (result.code === 'invalid' && result.fields['account'])
      onAccountError(result.fields['account']);
    else toast.error(failureMessage(result));
    return false;
  }
  toast.success(result.message !== '' ? result.message : t('auth.code.sent'));
  return true;
}
