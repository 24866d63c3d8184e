const SEGMENT = /\.?([A-Za-z_$][\w$-]*)|\[("(?:[^"\\]|\\.)*")\]|\[(\d+)\]/y;

/**
 * Splits a problem's key as the config spells it (`contentTypes["api::a.a"].body[0]`,
 * `policy.urls.contact`) into path segments (`['contentTypes', 'api::a.a', 'body', '0']`), the
 * form Strapi's admin uses for field errors. A key that does not parse stays one segment.
 */
export function fieldPath(field: string): string[] {
  if (field === '') return [];
  const path: string[] = [];
  SEGMENT.lastIndex = 0;
  while (SEGMENT.lastIndex < field.length) {
    const at = SEGMENT.lastIndex;
    const match = SEGMENT.exec(field);
    if (!match || (at === 0 && match[0].startsWith('.'))) return [field];
    if (match[1] !== undefined) path.push(match[1]);
    else if (match[2] !== undefined) path.push(JSON.parse(match[2]) as string);
    else path.push(match[3]!);
  }
  return path;
}
