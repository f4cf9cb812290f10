// A failure the client should see: a message id (localized when the reply is written) and the
// envelope type ("error", or a code such as "999").
import type { MessageValues } from '../i18n/messages.ts';

export class ApiError extends Error {
  readonly id: string;
  readonly values: MessageValues;
  readonly type: string;

  constructor(id: string, values: MessageValues = {}, type = 'error') {
    super(id);
    this.id = id;
    this.values = values;
    this.type = type;
  }
}

export const sessionExpired = (): ApiError => new ApiError('auth.loginAgain', {}, '999');
