// The risk figures follow the positions (issue 20): with none open, no rate, no P&L and no
// margin are shown, whatever figures the engine last had.
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../../shared/decimal.ts';
import type { LeverListView, LeverRiskView, LeverView } from '../../../engine/api.ts';
import { riskLevel, riskOf } from './lever-risk.ts';

const empty: LeverListView = { rows: [], hasMore: false, loaded: true, held: false, at: 1 };
const initialLeverView: LeverView = {
  symbol: 'BTC/USDT',
  deal: null,
  holding: empty,
  entrusts: empty,
  closed: empty,
  revoked: empty,
  risk: null,
  error: null,
};

const risk = (patch: Partial<LeverRiskView>): LeverView => ({
  ...initialLeverView,
  risk: {
    legalId: 1,
    hazardRate: '153.20' as DecStr,
    profitsAll: '-0.4045' as DecStr,
    marginAll: '140.59682' as DecStr,
    balance: null,
    at: 1,
    ...patch,
  },
});

describe('riskOf', () => {
  it('shows the rate, the P&L and the margins while positions are open', () => {
    expect(riskOf(risk({}))).toEqual({
      rate: '153.20',
      line: '10',
      level: 'safe',
      profits: '-0.4045',
      margin: '140.59682',
    });
  });

  it('shows none of them without open positions (after "Close all")', () => {
    expect(riskOf(risk({ hazardRate: null }))).toEqual({
      rate: null,
      line: '10',
      level: 'none',
      profits: null,
      margin: null,
    });
    expect(riskOf(initialLeverView)).toMatchObject({ rate: null, profits: null, margin: null });
  });
});

describe('riskLevel', () => {
  it('warns within 50 points of the line and alarms within 20', () => {
    expect(riskLevel(null, '10')).toBe('none');
    expect(riskLevel('30', '10')).toBe('danger');
    expect(riskLevel('60', '10')).toBe('warn');
    expect(riskLevel('60.01', '10')).toBe('safe');
  });
});
