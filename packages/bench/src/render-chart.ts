import { withinLimit, type BenchFigure, type ScenarioResult } from './measurement';

const WIDTH = 760;
const LABEL_WIDTH = 330;
const BAR_AREA = WIDTH - LABEL_WIDTH - 90;
const ROW_HEIGHT = 34;

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function short(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (Math.abs(value) >= 1e6) return `${(value / 1e6).toPrecision(3)}M`;
  if (Math.abs(value) >= 1e4) return `${(value / 1e3).toPrecision(3)}k`;
  return value.toPrecision(3);
}

/**
 * A scenario's figures as paired horizontal bars (the figure, and its same-run baseline in grey),
 * each pair scaled to its own larger value so ratios read at a glance whatever the units.
 * Plain SVG text, deterministic for the same results.
 */
export function renderScenarioChart(result: ScenarioResult): string | undefined {
  const figures = result.figures.filter(
    (f): f is BenchFigure & { baseline: NonNullable<BenchFigure['baseline']> } =>
      f.baseline !== undefined && Number.isFinite(f.value) && Number.isFinite(f.baseline.value),
  );
  if (figures.length === 0) return undefined;
  const height = 40 + figures.length * ROW_HEIGHT + 24;
  const rows = figures.map((f, i) => {
    const y = 40 + i * ROW_HEIGHT;
    const max = Math.max(f.value, f.baseline.value) || 1;
    const width = (v: number) => Math.max(1, Math.round((v / max) * BAR_AREA));
    const ratio =
      f.baseline.value === 0 ? 'n/a' : `${(f.value / f.baseline.value).toPrecision(3)}×`;
    const missesGoal =
      (f.goalRatio !== undefined && !withinLimit(f, f.value / f.baseline.value, f.goalRatio)) ||
      (f.budget !== undefined && !withinLimit(f, f.value, f.budget));
    const colour = missesGoal ? '#c0392b' : '#2c7be5';
    return [
      `<text x="${LABEL_WIDTH - 8}" y="${y + 12}" text-anchor="end" font-size="12">${escapeXml(f.title.length > 52 ? `${f.title.slice(0, 51)}…` : f.title)}</text>`,
      `<rect x="${LABEL_WIDTH}" y="${y}" width="${width(f.value)}" height="12" fill="${colour}"/>`,
      `<text x="${LABEL_WIDTH + width(f.value) + 4}" y="${y + 10}" font-size="10">${escapeXml(`${short(f.value)} ${f.unit}`)}</text>`,
      `<rect x="${LABEL_WIDTH}" y="${y + 14}" width="${width(f.baseline.value)}" height="10" fill="#b0b7c3"/>`,
      `<text x="${LABEL_WIDTH + width(f.baseline.value) + 4}" y="${y + 23}" font-size="10" fill="#555">${escapeXml(`${short(f.baseline.value)} baseline`)}</text>`,
      `<text x="${WIDTH - 4}" y="${y + 12}" text-anchor="end" font-size="12" font-weight="bold" fill="${colour}">${ratio}</text>`,
    ].join('');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="8" y="20" font-size="14" font-weight="bold">${escapeXml(result.title)}</text>`,
    `<text x="${WIDTH - 4}" y="20" text-anchor="end" font-size="11" fill="#555">figure (blue; red = below goal) vs same-run baseline (grey)</text>`,
    ...rows,
    `</svg>`,
    '',
  ].join('\n');
}
