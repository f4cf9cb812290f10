import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The English catalogue, so tests assert the exact messages a user reads. */
export const en = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'locales', 'en.json'), 'utf8'),
) as Record<string, string>;

export function msg(id: string): string {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
}

/** A fresh e-mail address per test, so tests never collide with earlier data. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Read the newest verification code the development sender "delivered" to `to`. */
export async function readCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { type: string; message: { code: string }[] };
        code = body.message[0]?.code ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export function submit(page: Page) {
  return page.locator('form button[type="submit"]');
}

/** Register through the real form, reading the code from the outbox. */
export async function registerByEmail(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/components/register');
  await page.locator('input[name="account"]').fill(email);
  await page.getByTestId('send-code').click();
  const code = await readCode(page.request, email);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="confirm"]').fill(password);
  await page.locator('input[name="agreement"]').check();
  await submit(page).click();
  await expect(page).toHaveURL(/\/components\/login/);
}

export async function login(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/components/login');
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await submit(page).click();
  await expect(page).toHaveURL(/\/$/);
}
