import he from 'he';

/** Markup that is already safe: interpolated into `markup` templates as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export const raw = (value: string): SafeHtml => new SafeHtml(value);

type Interpolation = SafeHtml | string | number | null | undefined | false | Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (value instanceof SafeHtml) return value.value;
  return he.escape(String(value));
}

/**
 * A template literal tag for HTML: every interpolated value is escaped unless it is SafeHtml.
 * (Not named `html`, so Prettier leaves the templates' whitespace as written.)
 */
export function markup(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}
