import { describe, expect, it } from 'vitest';
import { presaleLinks } from './presale-links.ts';

describe('presaleLinks', () => {
  it('shows the website and the white paper the server answers by default', () => {
    expect(presaleLinks({ siteUrl: '/', whitepaperUrl: '/api/iepn/whitepaper?lang=de' })).toEqual([
      { key: 'site', href: '/', label: 'presale.link.site' },
      {
        key: 'whitepaper',
        href: '/api/iepn/whitepaper?lang=de',
        label: 'presale.link.whitepaper',
      },
    ]);
  });

  it('shows the operator’s http(s) links as they are', () => {
    const links = presaleLinks({
      siteUrl: 'https://token.example/brs',
      whitepaperUrl: 'http://token.example/brs.pdf',
    });
    expect(links.map((l) => l.href)).toEqual([
      'https://token.example/brs',
      'http://token.example/brs.pdf',
    ]);
  });

  it('shows no link for an empty or unsafe URL', () => {
    expect(presaleLinks({ siteUrl: '', whitepaperUrl: '' })).toEqual([]);
    expect(
      presaleLinks({ siteUrl: 'javascript:alert(1)', whitepaperUrl: '//evil.example/x' }),
    ).toEqual([]);
  });
});
