// Accounts (docs/api-extensions.md "Accounts"): the user's profile row, shared by user/info and
// user/center.
import { z } from 'zod';
import { wireInt } from './primitives.ts';

/** The user's profile (`message` of /api/user/info; user/center adds to it). */
export const userInfoRow = z.object({
  id: wireInt,
  account: z.string().nullish(),
  account_number: z.string().nullish(),
  phone: z.string().nullish(),
  email: z.string().nullish(),
  extension_code: z.string().nullish(),
  is_seller: wireInt.optional(),
  /** 0 none, 1 under review, 2 approved, 3 rejected (the identity review). */
  review_status: wireInt.optional(),
  credit_score: wireInt.optional(),
  vip_code: z.string().optional(),
});
