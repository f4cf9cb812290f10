// scripts/check-types-once.ts: a type name declared on two sides (server, engine, shared) fails, unless
// it is still listed; a listed name declared once fails too, so the list only shrinks.
import { describe, expect, it } from 'vitest';
import { declaredTypes, typeProblems, typesDefinedTwice } from '../scripts/check-types-once.ts';

describe('check-types-once', () => {
  it('reads exported interfaces and aliases, not re-exports or local types', () => {
    const text = `
export interface A { x: number }
export type B = 'b';
type C = 1;
export type { D } from './d.ts';
export const E = 1;`;
    expect(declaredTypes(text)).toEqual(['A', 'B']);
  });

  it('finds a wire type put back on the server, and a listed one that is declared once', () => {
    const modules = new Map([
      ['src/shared/c2c.ts', "export type C2cType = 'buy' | 'sell';"],
      ['server/c2c/c2c-rules.ts', "export type C2cType = 'buy' | 'sell';"],
      ['src/engine/api/c2c.ts', "export type { C2cType } from '../../shared/c2c.ts';"],
      ['server/micro/micro-views.ts', 'export interface MicroOrderView { id: number }'],
      ['src/engine/api/micro.ts', 'export interface MicroOrderView { id: number }'],
      ['src/shared/wallet.ts', "export type AccountName = 'legal' | 'change';"],
      ['src/engine/api/wallet.ts', "export type AccountName = 'legal' | 'change';"],
      ['src/engine/api/market.ts', 'export interface MarketView { a: 1 }'],
      ['src/engine/projections/market.ts', 'export interface MarketView { a: 1 }'],
    ]);
    const twice = typesDefinedTwice(modules);
    // a copy in the engine of a shared type counts; two engine modules are one side
    expect([...twice.keys()].sort()).toEqual(['AccountName', 'C2cType', 'MicroOrderView']);
    expect(typeProblems(twice, ['MicroOrderView', 'LoanView'])).toEqual([
      'AccountName is declared twice: src/engine/api/wallet.ts, src/shared/wallet.ts',
      'C2cType is declared twice: server/c2c/c2c-rules.ts, src/shared/c2c.ts',
      'LoanView is declared once now: take it out of STILL_TWICE (scripts/check-types-once.ts)',
    ]);
  });
});
