import { describe, expect, it } from 'vitest';
import { MAX_LINK_LENGTH, safeLink } from './links.ts';

describe('safeLink', () => {
  it.each([
    'https://token.example/brs',
    'http://token.example:8080/paper.pdf?v=2#intro',
    'HTTPS://TOKEN.EXAMPLE/',
    '/',
    '/api/iepn/whitepaper',
  ])('accepts %s', (link) => {
    expect(safeLink(link)).toBe(link);
  });

  it.each([
    '',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'ftp://token.example/',
    '//evil.example/',
    '/\\evil.example/',
    'https:\\\\evil.example',
    'https://user:pass@token.example/',
    'https://token.example/a b',
    ' https://token.example/',
    'https://token.example/\u0000',
    'java\tscript:alert(1)',
    'token.example',
    'https://',
    `https://token.example/${'a'.repeat(MAX_LINK_LENGTH)}`,
  ])('refuses %j', (link) => {
    expect(safeLink(link)).toBeNull();
  });
});
