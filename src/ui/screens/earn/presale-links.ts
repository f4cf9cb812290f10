// The pre-sale's links (wallet-account-earn.md "Pre-sale page": "links to an external site and
// a white paper"; ADR 0025): the project's website and white paper as the operator set them,
// each shown only when src/shared/links.ts allows it. The server already refuses anything
// else; the page checks again, so a bad answer never becomes a `javascript:` link.
import type { PresaleView } from '../../../engine/api.ts';
import { safeLink } from '../../../shared/links.ts';

export interface PresaleLink {
  key: 'site' | 'whitepaper';
  href: string;
  label: 'presale.link.site' | 'presale.link.whitepaper';
}

/** The links to show, website first; none for an empty or refused URL. */
export function presaleLinks(view: Pick<PresaleView, 'siteUrl' | 'whitepaperUrl'>): PresaleLink[] {
  const links: PresaleLink[] = [];
  const site = safeLink(view.siteUrl);
  if (site !== null) links.push({ key: 'site', href: site, label: 'presale.link.site' });
  const paper = safeLink(view.whitepaperUrl);
  if (paper !== null)
    links.push({ key: 'whitepaper', href: paper, label: 'presale.link.whitepaper' });
  return links;
}
