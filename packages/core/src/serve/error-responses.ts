import type { HttpResponse } from '../http/served-resource';

function plainText(
  method: string,
  status: number,
  text: string,
  headers: Record<string, string>,
): HttpResponse {
  const body = Buffer.from(`${text}\n`);
  return {
    status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(body.length),
      ...headers,
    },
    ...(method.toUpperCase() === 'HEAD' ? {} : { body }),
  };
}

/**
 * The store cannot answer (database down, the writer's tables not there yet): 503, retry soon,
 * never cached. Every adapter answers this, whatever endpoint was asked.
 */
export function serviceUnavailableResponse(method: string): HttpResponse {
  return plainText(method, 503, 'Service Unavailable', {
    'retry-after': '5',
    'cache-control': 'no-store',
  });
}

/**
 * A protected document with no access check to run (an adapter without `authorize`): answered
 * exactly as an absent one, so its existence does not leak.
 */
export function notFoundResponse(method: string): HttpResponse {
  return plainText(method, 404, 'Not Found', { 'cache-control': 'no-cache' });
}
