/** A key written bare (`scp.deltaPeriod`); any other is quoted (`contentTypes["api::a.a"]`). */
const BARE_KEY = /^[A-Za-z_$][\w$-]*$/;

/**
 * A field's path as a user finds it in their config: `scp.deltaPeriod`,
 * `contentTypes["api::article.article"].url`, `locales[0]`; the root is `''`.
 */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let field = '';
  for (const segment of path) {
    if (typeof segment === 'number') field += `[${segment}]`;
    else if (typeof segment === 'string' && BARE_KEY.test(segment))
      field += field === '' ? segment : `.${segment}`;
    else field += `[${JSON.stringify(String(segment))}]`;
  }
  return field;
}
