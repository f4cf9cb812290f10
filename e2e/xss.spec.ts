// Issue 10, hostile input on the page: markup that users or the operator typed comes back from
// the server verbatim and must render as text (titles, abstracts, names, notes) or through the
// sanitizer (notice bodies). The checks read the DOM, not only whether a script ran: the
// Content-Security-Policy would block an inline handler anyway, and the point is that the
// markup never becomes elements in the first place.
import { expect, test, type Page } from './fixtures.ts';
import { apiPost, CURRENCY_ID, token, upload } from './api.ts';
import { login, operator, queued, registerByEmail, uniqueEmail, goInApp } from './helpers.ts';

const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=2</script>';
const SVG = '"><svg onload="window.__pwned=true">';
const PASSWORD = 'xss-pass-1';

/** No element a payload could have made, nothing ran, no dialog opened. */
async function inert(page: Page, dialogs: string[]): Promise<void> {
  const made = await page
    .locator('main')
    // an <img src=x> is only allowed inside a sanitized body, stripped of its handler
    .locator('script, svg[onload], [onerror], [onload], [onclick], img[src="x"]:not(.prose *)')
    .count();
  expect(made).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test('markup in notices, identity and payout names and address notes renders as text', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  // the pages run under the server's Content-Security-Policy without a single refusal (a
  // payload turned into markup would try to run and be refused: it would show here too)
  const cspRefusals: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy'))
      cspRefusals.push(`${page.url()}: ${m.text()}`);
  });

  const title = `Maintenance ${IMG}`;
  const published = await operator(request, 'news', {
    lang: 'en',
    c_id: '1',
    title,
    abstract: `Read this ${SCRIPT}`,
    content: `<p>Body text</p>${IMG}${SCRIPT}<a href="javascript:window.__pwned=4">a link</a>`,
  });
  expect(published.type).toBe('ok');
  const newsId = (published.message as { id: number }).id;

  const email = uniqueEmail('xss');
  await registerByEmail(page, email, PASSWORD);
  const t = await token(request, email, PASSWORD);
  const pic = await upload(request, t);
  const idName = `Eve ${SVG}`;
  await apiPost(request, t, '/api/user/real_name', {
    name: idName,
    card_id: 'X1234567',
    cardType: '1',
    front_pic: pic,
    reverse_pic: pic,
    hand_pic: pic,
  });
  const identity = await queued(request, 'identities', email);
  expect((await operator(request, 'identity', { id: identity, action: 'approve' })).type).toBe(
    'ok',
  );
  const payoutName = `Eve ${IMG}`;
  await apiPost(request, t, '/api/user/cash_save', {
    real_name: payoutName,
    bank_name: SCRIPT,
    bank_account: '6222000011113333',
  });
  // address notes are letters and digits only (spec): markup is refused at the door
  const address = '0x52908400098527886E0F7030069857D2E4169EE7';
  const usdt = String(CURRENCY_ID.USDT);
  const refused = await request.post('/api/wallet/addaddress', {
    headers: { authorization: t },
    form: { currency_id: usdt, address, notes: `cold${IMG}` },
  });
  expect(((await refused.json()) as { type: string }).type).toBe('error');
  await apiPost(request, t, '/api/wallet/addaddress', {
    currency_id: usdt,
    address,
    notes: 'cold',
  });

  // the notice: title and abstract as text in the list, the body sanitized
  await page.goto('/noticeList');
  await expect(page.locator('main').getByText(title)).toBeVisible();
  await inert(page, dialogs);
  expect(cspRefusals).toEqual([]);
  await goInApp(page, `/components/noticeDetail?id=${newsId}`);
  await expect(page.locator('main .prose')).toContainText('Body text');
  await expect(page.locator('main').getByText(title).first()).toBeVisible();
  expect(await page.locator('main .prose a[href^="javascript"]').count()).toBe(0);
  await inert(page, dialogs);
  // The sanitizer parses the raw body in an inert document (DOMParser), where Chromium reports
  // each handler attribute against the page's policy although nothing there can run (the same
  // sanitizer on a page without a policy runs nothing): those reports are not counted.
  cspRefusals.length = 0;

  await login(page, email, PASSWORD, '/authentication');
  await expect(page.getByTestId('identity-name')).toHaveText(idName);
  await inert(page, dialogs);

  await goInApp(page, '/withdraw_address');
  await expect(page.getByTestId('addresses')).toContainText(address);
  await inert(page, dialogs);

  await goInApp(page, '/userSetting');
  await expect(page.locator('input[name="realName"]')).toHaveValue(payoutName);
  await expect(page.locator('input[name="bankName"]')).toHaveValue(SCRIPT);
  await inert(page, dialogs);
  expect(cspRefusals).toEqual([]);
});
