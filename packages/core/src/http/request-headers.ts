/** Request headers as Node and Koa expose them: lower-case names, repeated fields as arrays. */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** One field value; repeated fields are joined with commas as RFC 9110 §5.3 allows. */
export function headerValue(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.join(', ');
}
