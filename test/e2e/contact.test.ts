import { describe, expect, it } from 'vitest';
import { local, useLocalAws } from '../support/aws.ts';
import { seriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import { LOCAL_CONTACT_EMAIL } from '../../lib/local/settings.ts';

const chromium = useChromium();

describe('the contact page', () => {
  it('shows the field errors of the spec and sends nothing while they stand', async () => {
    await chromium.page.goto(`${local().urls.site}/contact`);
    await chromium.page.getByRole('button', { name: 'Send Message' }).click();
    await chromium.page.getByText('Name is required').waitFor();
    await chromium.page.getByLabel('Name*').fill('R0bot <script>');
    await chromium.page.getByLabel('Email*').fill('not-an-email');
    await chromium.page.getByRole('button', { name: 'Send Message' }).click();
    await chromium.page.getByText('Name contains invalid characters').waitFor();
    await chromium.page.getByText('Please enter a valid email address').waitFor();
  });

  it('sends a valid message, clears the form and stores the message', async () => {
    const subject = `URGENT: interview request ${Date.now()}`;
    await chromium.page.goto(`${local().urls.site}/contact`);
    await chromium.page.getByLabel('Name*').fill("Asha D'Souza");
    await chromium.page.getByLabel('Email*').fill('asha@example.com');
    await chromium.page.getByLabel('Subject*').fill(subject);
    await chromium.page.getByLabel('Message*').fill('Could we talk about creator payouts in Pune?');
    await chromium.page.getByRole('button', { name: 'Send Message' }).click();
    await chromium.page.getByText('Message sent!').waitFor();
    expect(await chromium.page.getByLabel('Subject*').inputValue()).toBe('');
    useLocalAws();
    const { ContactMessage } = await import('#store/contact-messages.ts');
    const { data: items } = await ContactMessage.query.byReceived({}).go({ order: 'desc', limit: 5 });
    expect(items.find((message) => message.subject === subject)).toMatchObject({ name: "Asha D'Souza", email: 'asha@example.com' });
  });

  it('shows the deployment\'s contact address from /config.json: its cards, the footer and the legal pages (with the site\'s link)', async () => {
    const page = chromium.page;
    const mailLinks = () => page.locator('a[href^="mailto:"]').evaluateAll((links) => links.map((link) => `${link.textContent} -> ${link.getAttribute('href')}`));
    await page.goto(`${local().urls.site}/contact`);
    await page.getByRole('link', { name: `General: ${LOCAL_CONTACT_EMAIL}` }).waitFor();
    await page.locator('footer').getByRole('link', { name: LOCAL_CONTACT_EMAIL }).waitFor();
    expect(await mailLinks()).toEqual([
      `General: ${LOCAL_CONTACT_EMAIL} -> mailto:${LOCAL_CONTACT_EMAIL}`,
      `Editorial -> mailto:${LOCAL_CONTACT_EMAIL}?subject=Editorial`,
      `Partnerships -> mailto:${LOCAL_CONTACT_EMAIL}?subject=Partnerships`,
      `Connect with us -> mailto:${LOCAL_CONTACT_EMAIL}?subject=Creators`,
      `Let's collaborate -> mailto:${LOCAL_CONTACT_EMAIL}?subject=Brands`,
      `${LOCAL_CONTACT_EMAIL} -> mailto:${LOCAL_CONTACT_EMAIL}`,
    ]);
    const site = new URL(local().urls.site);
    for (const path of ['/privacy', '/terms']) {
      await page.goto(`${local().urls.site}${path}`);
      const questions = page.locator('main p', { hasText: 'Questions:' });
      await questions.getByRole('link', { name: site.host }).waitFor();
      expect(await questions.innerText(), path).toBe(`Questions: ${LOCAL_CONTACT_EMAIL} · ${site.host}`);
      expect(await questions.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))), path).toEqual([`mailto:${LOCAL_CONTACT_EMAIL}`, site.origin]);
    }
  });

  it('has no serious or critical accessibility violations, nor have about and mission', async () => {
    await chromium.page.goto(`${local().urls.site}/contact`);
    await chromium.page.getByRole('heading', { name: 'Contact', level: 1 }).waitFor();
    expect(await seriousViolations(chromium.page)).toEqual([]);
    for (const path of ['/about', '/mission', '/privacy', '/terms']) {
      await chromium.page.goto(`${local().urls.site}${path}`);
      await chromium.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousViolations(chromium.page), path).toEqual([]);
    }
  });
});
