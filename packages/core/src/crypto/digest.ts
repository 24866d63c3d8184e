import { createHash } from 'node:crypto';

export function sha256(data: string | Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function sha256Base64(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('base64');
}
