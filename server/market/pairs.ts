// Loads the listed pairs (currency_matches joined with currency names) for the simulator.
import type { Queryable } from '../db/database.ts';
import type { PairSpec } from './simulator.ts';

interface PairRow {
  id: number;
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  price_precision: number;
  amount_precision: number;
  ref_price: string;
  daily_volatility: string;
  minute_volume: string;
}

export async function loadPairs(db: Queryable): Promise<PairSpec[]> {
  const rows = await db.query<PairRow & Record<string, unknown>>(
    `SELECT m.id, m.legal_id, m.currency_id, l.name AS legal_name, c.name AS currency_name,
            m.price_precision, m.amount_precision, m.ref_price, m.daily_volatility, m.minute_volume
     FROM currency_matches m
     JOIN currencies l ON l.id = m.legal_id
     JOIN currencies c ON c.id = m.currency_id
     ORDER BY m.sort, m.id`,
  );
  return rows.map((r) => ({
    matchId: r.id,
    legalId: r.legal_id,
    currencyId: r.currency_id,
    legalName: r.legal_name,
    currencyName: r.currency_name,
    pricePrecision: r.price_precision,
    amountPrecision: r.amount_precision,
    // Simulation parameters only (never money): plain numbers are fine here.
    refPrice: Number(r.ref_price),
    dailyVolatility: Number(r.daily_volatility),
    minuteVolume: Number(r.minute_volume),
  }));
}
