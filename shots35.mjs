import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const site = 'http://localhost:6100';
const errors = [];
for (const [name, width, height] of [['desktop', 1366, 900], ['phone', 390, 844]]) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`${name} pageerror ${e.message}`));
  await page.goto(site + '/auth?redirect=/admin/system/operations');
  await page.getByLabel('Email').fill('admin@creatornewshub.local');
  await page.getByLabel('Password').fill('Admin-Local-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'), { timeout: 30000 });
  await page.getByRole('heading', { name: 'Dependency failures' }).first().waitFor({ timeout: 30000 });
  await page.waitForTimeout(1500);
  await page.getByRole('heading', { name: 'Dependency failures' }).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots35/operations-${name}.png` });
  await page.goto(site + '/admin/system/recovery');
  await page.waitForTimeout(3500);
  await page.screenshot({ path: `/tmp/shots35/recovery-${name}.png`, fullPage: name === 'desktop' });
  await context.close();
}
await browser.close();
console.log(errors.length ? errors.join('\n') : 'no page errors');
