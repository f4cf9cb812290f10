// A contract position or order row for tests (LeverPositionView), every field set; the test
// overrides what it is about.
import type { DecStr } from '../../shared/decimal.ts';
import type { LeverPositionView } from '../api/lever.ts';

export function leverRow(over: Partial<LeverPositionView> = {}): LeverPositionView {
  return {
    id: 1,
    side: 1,
    symbol: 'BTC/USDT',
    legalId: 1,
    currencyId: 2,
    status: 1,
    share: '1' as DecStr,
    number: '1' as DecStr,
    multiple: 10,
    originPrice: '1' as DecStr,
    price: '1' as DecStr,
    markPrice: '1' as DecStr,
    takeProfit: '0' as DecStr,
    stopLoss: '0' as DecStr,
    stopsBy: 'mark',
    trailRate: '0' as DecStr,
    trailActivation: '0' as DecStr,
    trailPeak: '0' as DecStr,
    reduceOnly: false,
    splitFrom: 0,
    trigger: null,
    margin: '1' as DecStr,
    originMargin: '1' as DecStr,
    fee: '0' as DecStr,
    overnightMoney: '0' as DecStr,
    profit: '0' as DecStr,
    openTime: '',
    closeTime: '',
    createTime: 1,
    ...over,
  };
}
