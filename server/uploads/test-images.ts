// A complete 1×1 PNG for the upload tests (the server checks signature, IHDR and IEND).
export const PNG_1PX = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1a6b20000000049454e44ae426082',
  'hex',
);
