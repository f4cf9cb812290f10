// scripts/check-types-once.ts: a type name declared under server/ and under src/ fails, unless
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
    ]);
    const twice = typesDefinedTwice(modules);
    expect([...twice.keys()].sort()).toEqual(['C2cType', 'MicroOrderView']);
    expect(typeProblems(twice, ['MicroOrderView', 'LoanView'])).toEqual([
      'C2cType is declared twice: server/c2c/c2c-rules.ts, src/shared/c2c.ts',
      'LoanView is declared once now: take it out of STILL_TWICE (scripts/check-types-once.ts)',
    ]);
  });
});
