import { describe, expect, it } from 'vitest';
import { mailReadiness, publicZoneId, type MailReadinessInput } from '../../lib/deploy-checks/rules.ts';

describe('the hosted zone a name means', () => {
  const zone = (name: string, id: string, privateZone = false) => ({ Id: `/hostedzone/${id}`, Name: name, Config: { PrivateZone: privateZone } });

  it('is the public zone of exactly that name, not the first one listed', () => {
    // ListHostedZonesByName lists from the given name on: a missing zone shows the next name first.
    expect(publicZoneId([zone('example.in.', 'ZPRIVATE', true), zone('example.in.', 'ZPUBLIC')], 'example.in')).toBe('ZPUBLIC');
    expect(publicZoneId([zone('Example.IN.', 'ZPUBLIC')], 'example.in.')).toBe('ZPUBLIC');
  });

  it('refuses a missing, a private-only or an ambiguous zone, saying what to fix', () => {
    expect(() => publicZoneId([zone('example.io.', 'ZOTHER')], 'example.in')).toThrow('No public hosted zone named example.in in this account: create it in Route 53');
    expect(() => publicZoneId([], 'example.in')).toThrow(/No public hosted zone named example.in/);
    expect(() => publicZoneId([zone('example.in.', 'ZPRIVATE', true)], 'example.in')).toThrow('The hosted zone example.in in this account is private');
    expect(() => publicZoneId([zone('example.in.', 'Z1'), zone('example.in.', 'Z2')], 'example.in')).toThrow('This account has 2 public hosted zones named example.in');
  });
});

describe('whether mail can go out as the mail domain', () => {
  const base: MailReadinessInput = {
    mailDomain: 'example.in',
    domain: { exists: true, verifiedForSending: true, dkimStatus: 'SUCCESS' },
    productionAccess: true,
    dnsManagedByStack: true,
    mailStackName: 'CreatorNewsHubMail',
  };

  it('is ready once SES has verified the domain', () => {
    expect(mailReadiness(base)).toEqual({ state: 'ready' });
  });

  it('waits while SES verifies a domain whose records exist', () => {
    const pending = { ...base, domain: { exists: true, verifiedForSending: false, dkimStatus: 'PENDING' } };
    expect(mailReadiness(pending)).toEqual({ state: 'waiting', reason: 'SES is verifying example.in (DKIM status PENDING)' });
    expect(mailReadiness({ ...pending, dnsManagedByStack: false, dkimRecordsResolve: true }).state).toBe('waiting');
  });

  it('fails at once, naming the records to add, when DNS the stack does not write has none of them', () => {
    const result = mailReadiness({ ...base, domain: { exists: true, verifiedForSending: false, dkimStatus: 'PENDING' }, dnsManagedByStack: false, dkimRecordsResolve: false });
    expect(result.state).toBe('failed');
    expect(result.state === 'failed' && result.reason).toMatch(/The DKIM records of example\.in are not in its DNS yet\. Add the MailDkimRecord1\.\.3 outputs of the stack CreatorNewsHubMail/);
  });

  it('fails when SES gave up, or has no identity at all', () => {
    expect(mailReadiness({ ...base, domain: { exists: true, verifiedForSending: false, dkimStatus: 'FAILED' } }).state).toBe('failed');
    const missing = mailReadiness({ ...base, domain: { exists: false, verifiedForSending: false } });
    expect(missing).toEqual({ state: 'failed', reason: 'SES has no identity for example.in in this region: deploy the stack CreatorNewsHubMail first (cdk deploy --all does, in order)' });
  });

  it('in the SES sandbox, waits for the first admin\'s address to be verified unless it is in the mail domain', () => {
    const sandbox = { ...base, productionAccess: false, adminEmail: 'owner@example.net', adminAddress: { exists: true, verifiedForSending: false } };
    expect(mailReadiness(sandbox)).toEqual({ state: 'waiting', reason: expect.stringMatching(/^SES is in the sandbox: open the verification link SES mailed to owner@example\.net/) });
    // An address SES has no identity for yet: the waiter asks SES to verify it (SES mails the link).
    expect(mailReadiness({ ...sandbox, adminAddress: { exists: false, verifiedForSending: false } })).toMatchObject({ state: 'waiting', verifyAddress: 'owner@example.net' });
    expect(mailReadiness({ ...sandbox, adminAddress: { exists: true, verifiedForSending: true } })).toEqual({ state: 'ready' });
    expect(mailReadiness({ ...sandbox, adminEmail: 'owner@example.in', adminAddress: undefined })).toEqual({ state: 'ready' });
    expect(mailReadiness({ ...sandbox, productionAccess: true })).toEqual({ state: 'ready' });
  });
});
