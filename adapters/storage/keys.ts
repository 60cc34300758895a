/** Storage keys are `{userId}/{timestamp}-{suffix}.{ext}` (D26): nothing else is ever read or written. */
const KEY = /^[A-Za-z0-9-]{1,64}\/[A-Za-z0-9-]{1,64}\.(webp|jpg|jpeg|png|gif|avif)$/;

export const isSafeKey = (key: string) => KEY.test(key);

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

export const contentTypeOf = (key: string) => TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
