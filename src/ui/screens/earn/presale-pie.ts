// The pre-sale pie (wallet-account-earn.md "Pre-sale page"): issued versus remaining as SVG paths
// from d3-shape. Exact decimals are turned into shares only here, for drawing.
import { arc, pie } from 'd3-shape';
import { Decimal, parseDecimal } from '../../../shared/decimal.ts';

export interface Slice {
  key: 'issued' | 'remaining';
  path: string;
  /** The slice's share of the whole, 0–1 (exact division, rounded for display only). */
  share: number;
}

/** Spec §9: the pie's values until the server's load (1,802,560 issued, 40,000,000 remaining). */
export const PRESALE_DEFAULTS = { issued: '1802560', remaining: '40000000' } as const;

export function presaleSlices(issued: string, remaining: string, radius: number): Slice[] {
  const i = parseDecimal(issued) ?? new Decimal(0);
  const r = parseDecimal(remaining) ?? new Decimal(0);
  const total = i.plus(r);
  if (total.isZero()) return [];
  const shares = [
    { key: 'issued' as const, share: i.div(total).toNumber() },
    { key: 'remaining' as const, share: r.div(total).toNumber() },
  ];
  const layout = pie<{ key: Slice['key']; share: number }>()
    .value((d) => d.share)
    .sort(null)
    .padAngle(shares.every((s) => s.share > 0) ? 0.02 : 0);
  const draw = arc<{ startAngle: number; endAngle: number; padAngle: number }>()
    .innerRadius(radius * 0.62)
    .outerRadius(radius)
    .cornerRadius(3);
  return layout(shares).map((a) => ({
    key: a.data.key,
    share: a.data.share,
    path: draw(a) ?? '',
  }));
}
