// Miscellany (api-contract §2; docs/api-extensions.md "News and misc"): the register form's area
// codes, the customer-service link, the socket's port (a bare JSON body) and the app QR code (a
// PNG image).
import { z } from 'zod';
import { call } from './call.ts';
import { wireInt, wireText } from './primitives.ts';

export const QR_TEXT_MAX = 1000;

export const areaCodes = call({
  method: 'GET',
  path: '/api/area_code',
  auth: 'visitor',
  // the legacy register form reads such a list, but the contract does not document the call
  origin: 'extension',
  summary: "The register form's countries with their calling codes.",
  request: z.object({}),
  reply: z.array(
    z.object({
      country_id: wireInt,
      /** "86". */
      area_code: z.union([z.string(), z.number()]).transform((v) => String(v)),
      name_cn: wireText,
      name_en: wireText,
    }),
  ),
  errors: [],
});

export const customerService = call({
  method: 'GET',
  path: '/api/custorm',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'The customer-service URL template with `{id}` and `{name}`, or "" when none is set.',
  request: z.object({}),
  reply: z.union([z.string(), z.number()]).transform((v) => String(v)),
  errors: [],
});

export const envJson = call({
  method: 'GET',
  path: '/api/env.json',
  auth: 'visitor',
  origin: 'legacy',
  summary: "The socket's port (socket.io shares the HTTP port) and whether login asks for a code.",
  request: z.object({}),
  reply: z.object({ socket_io_port: wireInt, login_need_smscode: wireInt }),
  form: 'bare',
  errors: [],
});

export const qrCode = call({
  method: 'GET',
  path: '/api/qrcode',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'A PNG of the QR code of `text` (an error envelope when `text` is refused).',
  request: z.object({ text: z.string().min(1).max(QR_TEXT_MAX) }),
  reply: z.unknown(),
  form: 'file',
  errors: ['qrcode.textInvalid'],
});
