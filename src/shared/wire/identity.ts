// Identity (real name) verification and the images it is made of (spec "wallet, account";
// docs/api-extensions.md "Wallets and the account area"): the user uploads three images
// (multipart, jpg or png by content, ≤ 4 MB), submits the form naming them, and reads the
// review's state; an operator approves or rejects (operator.ts). Review status: 0 none or
// rejected, 1 under review, 2 approved (the money calls' `998` stops at 2).
import { z } from 'zod';
import { call } from './call.ts';
import { text, wireInt, wireText } from './primitives.ts';

export const realName = call({
  method: 'POST',
  path: '/api/user/real_name',
  auth: 'user',
  origin: 'legacy',
  summary: 'Submits the real name, card and three own uploaded images for review (a text reply).',
  request: z.object({
    name: text(60).default(''),
    card_id: text(40).default(''),
    front_pic: text(200).default(''),
    reverse_pic: text(200).default(''),
    hand_pic: text(200).default(''),
    cardType: z.coerce
      .number()
      .int()
      .default(1)
      .describe('int: 1 id card, 2 household book, 3 licence (default 1)'),
  }),
  reply: z.string(),
  errors: [
    'validation.identity.nameRequired',
    'validation.identity.nameDigits',
    'validation.identity.cardRequired',
    'validation.identity.cardChinese',
    'validation.identity.cardType',
    'validation.identity.imagesRequired',
    'upload.notYours',
    'identity.underReview',
    'identity.alreadyApproved',
  ],
});

export const identity = call({
  method: 'GET',
  path: '/api/user/identity',
  auth: 'user',
  origin: 'extension',
  summary: "The user's review status and their latest submission (a rejection's reason).",
  request: z.object({}),
  reply: z.object({
    review_status: wireInt,
    name: wireText,
    /** Null before the first submission. */
    card_type: wireInt.nullable(),
    /** The reason of a rejection, else empty. */
    reason: wireText,
    /** `Y-m-d H:i:s`, empty before the first submission. */
    submitted_time: wireText,
  }),
  errors: [],
});

/** The URL of an uploaded image, as /api/upload answers it. */
export const uploadUrl = z
  .string()
  .max(500)
  .regex(/^(\/|https?:\/\/)[^\s"'<>]*$/)
  .describe('image URL');

export const upload = call({
  method: 'POST',
  path: '/api/upload',
  auth: 'user',
  origin: 'legacy',
  summary: 'Stores an image (multipart field `file`; jpg or png by content, ≤ 4 MB): its URL.',
  request: z.object({ file: z.unknown().describe('file (multipart)') }),
  reply: uploadUrl,
  errors: ['validation.image.size', 'validation.image.type'],
});

export const uploadFile = call({
  method: 'GET',
  path: '/api/upload/:name',
  auth: 'user',
  origin: 'extension',
  summary: 'An uploaded image, to its owner (or the operator token), `nosniff`.',
  request: z.object({}),
  reply: z.unknown(),
  form: 'file',
  errors: ['upload.notFound'],
});
