import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import { newPage, openBrowser, signIn } from './fixtures.js';

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const RUN = Date.now().toString(36).slice(-5);

describe('organisation settings', { timeout: 180_000 }, () => {
  it('a reseller changes and saves them, and sees them after a reload', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'reseller');
    await page.goto('/management/organisationsettings');
    await page.getByRole('heading', { level: 1, name: 'Organisation settings' }).waitFor();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Control room identifier').waitFor();

    // the contract's bounds before anything is sent
    await field('Maximum monitoring duration (minutes)').fill('481');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a whole number from 5 to 480').waitFor();
    await field('New webhook secret').fill('short');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter at least 16 characters').waitFor();
    await screenshot(page, 'organisation-settings-invalid');

    await field('Control room identifier').fill(`CR-${RUN}`);
    await field('Alarm webhook URL').fill(`https://hooks.example/alarm/${RUN}`);
    await field('New webhook secret').fill(`secret-of-${RUN}-0123456789`);
    await field('Media retention (days)').fill('30');
    await field('Raw data retention (days)').fill('400');
    await field('Maximum monitoring duration (minutes)').fill('120');
    await field('Default language').selectOption('nl');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The organisation settings were saved').waitFor();
    await page.getByText('A secret is set').waitFor();
    await screenshot(page, 'organisation-settings-saved');

    await page.reload();
    await field('Control room identifier').waitFor();
    expect(await field('Control room identifier').inputValue()).toBe(`CR-${RUN}`);
    expect(await field('Alarm webhook URL').inputValue()).toBe(
      `https://hooks.example/alarm/${RUN}`,
    );
    expect(await field('New webhook secret').inputValue()).toBe('');
    expect(await field('Media retention (days)').inputValue()).toBe('30');
    expect(await field('Raw data retention (days)').inputValue()).toBe('400');
    expect(await field('Maximum monitoring duration (minutes)').inputValue()).toBe('120');
    expect(await field('Default language').inputValue()).toBe('nl');
    await page.getByText('A secret is set').waitFor();

    // an address the pattern lets through and the server refuses: its message at the field
    await field('Alarm webhook URL').fill('https://hooks.example:99999/alarm');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('alarmWebhookUrl is not an address').waitFor();
    expect(await field('Alarm webhook URL').getAttribute('class')).toContain('is-invalid');
    await screenshot(page, 'organisation-settings-server-error');

    // the secret removed
    await field('Alarm webhook URL').fill(`https://hooks.example/alarm/${RUN}`);
    await page.getByLabel('Remove the secret').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('No secret is set').waitFor();
    await context.close();
  });

  it('a manager sees them read-only', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    await page.goto('/management/organisationsettings');
    await page.getByText('Only OEM and reseller users may change these settings').waitFor();
    expect(await page.getByLabel('Control room identifier', { exact: true }).isDisabled()).toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await screenshot(page, 'organisation-settings-read-only');
    await context.close();
  });
});
