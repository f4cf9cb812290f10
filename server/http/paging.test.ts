// The paged answers' arithmetic and the page parameters (server/http/paging.ts).
import { describe, expect, it } from 'vitest';
import {
  laravelPage,
  lastPage,
  offsetOf,
  pageData,
  paged,
  pageLimit,
  pageNumber,
} from './paging.ts';

describe('paging', () => {
  it('counts pages: an empty list is one empty page', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(10, 10)).toBe(1);
    expect(lastPage(11, 10)).toBe(2);
    expect(offsetOf(3, 20)).toBe(40);
    expect(paged(['a'], 2, 11, 10)).toEqual({ list: ['a'], page: 2, pages: 2, total: 11 });
    expect(pageData([], 1, 0, 10)).toEqual({ data: [], page: 1, pages: 1, total: 0 });
  });

  it('numbers a Laravel page from 1, and a page past the end has no from/to', () => {
    expect(laravelPage(['x', 'y'], 2, 12, 10)).toEqual({
      current_page: 2,
      data: ['x', 'y'],
      from: 11,
      to: 12,
      last_page: 2,
      per_page: 10,
      total: 12,
    });
    expect(laravelPage([], 5, 12, 10)).toMatchObject({ from: null, to: null, last_page: 2 });
  });

  it('clamps the page size instead of refusing it; a non-number is refused', () => {
    const limit = pageLimit(50, 20);
    expect(limit.parse(undefined)).toBe(20);
    expect(limit.parse('')).toBe(20);
    expect(limit.parse('99999')).toBe(50);
    expect(limit.parse(99999)).toBe(50);
    expect(limit.parse('0')).toBe(1);
    expect(limit.parse('-5')).toBe(1);
    expect(limit.parse('10')).toBe(10);
    expect(limit.safeParse('all').success).toBe(false);
    expect(limit.safeParse('1.5').success).toBe(false);
    expect(pageNumber.parse(undefined)).toBe(1);
    expect(pageNumber.safeParse('0').success).toBe(false);
  });
});
