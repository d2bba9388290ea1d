import { CfnOutput, type StackProps } from 'aws-cdk-lib';
import type * as route53 from 'aws-cdk-lib/aws-route53';
import { TxtRecord } from 'aws-cdk-lib/aws-route53';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { DeployChecks } from './constructs/deploy-checks.ts';
import type { SiteDomain } from './deploy-config.ts';
import { ProjectStack } from './constructs/lambda-logs.ts';

export interface MailStackProps extends StackProps {
  /** The domain every mail is sent from. */
  mailDomain: string;
  /** The site's Route 53 zone: when the mail domain is that zone or under it, the stack writes the mail records there. */
  domain?: SiteDomain;
}

/** The outputs that name the DNS records of the mail domain, for DNS the stack does not write. */
export const MAIL_OUTPUTS = {
  mailDomain: 'MailDomain',
  /** MailDkimRecord1..3: SES's Easy DKIM CNAMEs. */
  dkimRecord: 'MailDkimRecord',
  mailFromMx: 'MailFromMxRecord',
  mailFromSpf: 'MailFromSpfRecord',
  dmarc: 'MailDmarcRecord',
} as const;

/** The custom MAIL FROM subdomain: bounces come back there, and SPF aligns with the sender for DMARC. */
export const MAIL_FROM_LABEL = 'bounce';
/** DMARC in monitoring mode: Gmail and Yahoo require a DMARC record from bulk senders; p=none starts it without risk. */
export const DMARC_POLICY = 'v=DMARC1; p=none; adkim=r; aspf=r';

/** Whether the mail domain's records can go in the site's zone: the zone itself or a name under it. */
export function mailDomainInZone(mailDomain: string, domain?: SiteDomain): boolean {
  return Boolean(domain && (mailDomain === domain.hostedZoneName || mailDomain.endsWith(`.${domain.hostedZoneName}`)));
}

/** An identity of the mail domain whose records go in a zone of another (parent) name. */
class DomainInZone extends ses.Identity {
  constructor(readonly value: string, readonly hostedZone: route53.IPublicHostedZone) {
    super();
  }
}

/**
 * The SES domain identity, deployed before the app stack: SES verifies a domain only once its DKIM records
 * resolve, and Cognito refuses a user pool that sends as an unverified identity (aws-cdk issues 18964,
 * 19787, 28531). With the mail domain in the site's Route 53 zone the stack writes the DKIM, MAIL FROM (MX,
 * SPF) and DMARC records; elsewhere it prints them. Nothing here is kept on rollback, so a failed first
 * deploy leaves nothing behind; the app stack waits for verification in between (MailReadyStack).
 */
export class MailStack extends ProjectStack {
  readonly mailDomain: string;
  readonly dnsManagedByStack: boolean;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    this.mailDomain = props.mailDomain;
    this.dnsManagedByStack = mailDomainInZone(props.mailDomain, props.domain);
    const zone = this.dnsManagedByStack && props.domain ? DeployChecks.of(this).hostedZone(this, 'MailZone', props.domain.hostedZoneName) : undefined;
    const mailFromDomain = `${MAIL_FROM_LABEL}.${props.mailDomain}`;
    const identity = new ses.EmailIdentity(this, 'Identity', {
      identity: zone ? new DomainInZone(props.mailDomain, zone) : ses.Identity.domain(props.mailDomain),
      mailFromDomain,
    });
    const dmarcName = `_dmarc.${props.mailDomain}`;
    if (zone) new TxtRecord(this, 'Dmarc', { zone, recordName: dmarcName, values: [DMARC_POLICY] });

    const where = zone ? `already written in the zone ${props.domain?.hostedZoneName} by this stack` : `add it to the DNS of ${props.mailDomain}, then deploy again`;
    new CfnOutput(this, MAIL_OUTPUTS.mailDomain, { value: props.mailDomain, description: 'Domain the mail is sent from (SES identity)' });
    const dkim = [
      [identity.dkimDnsTokenName1, identity.dkimDnsTokenValue1],
      [identity.dkimDnsTokenName2, identity.dkimDnsTokenValue2],
      [identity.dkimDnsTokenName3, identity.dkimDnsTokenValue3],
    ] as const;
    dkim.forEach(([name, value], index) => {
      new CfnOutput(this, `${MAIL_OUTPUTS.dkimRecord}${index + 1}`, { value: `${name} CNAME ${value}`, description: `SES DKIM record: ${where}` });
    });
    new CfnOutput(this, MAIL_OUTPUTS.mailFromMx, { value: `${mailFromDomain} MX 10 feedback-smtp.${this.region}.amazonses.com`, description: `Custom MAIL FROM: ${where}` });
    new CfnOutput(this, MAIL_OUTPUTS.mailFromSpf, { value: `${mailFromDomain} TXT "v=spf1 include:amazonses.com ~all"`, description: `SPF of the MAIL FROM domain: ${where}` });
    new CfnOutput(this, MAIL_OUTPUTS.dmarc, { value: `${dmarcName} TXT "${DMARC_POLICY}"`, description: `DMARC: ${where}` });
  }
}

export interface MailReadyStackProps extends StackProps {
  mail: MailStack;
  adminEmail?: string;
}

/**
 * Waits (up to an hour) until SES can send as the mail domain, failing at once with what to fix when
 * waiting cannot help (records not in DNS, SES gave up). The app stack depends on this stack, so the user
 * pool, the table and everything kept on rollback are created only after the identity is verified.
 */
export class MailReadyStack extends ProjectStack {
  constructor(scope: Construct, id: string, props: MailReadyStackProps) {
    super(scope, id, props);
    this.addStackDependency(props.mail);
    DeployChecks.of(this).mailReady(this, 'MailReady', {
      mailDomain: props.mail.mailDomain,
      dnsManagedByStack: props.mail.dnsManagedByStack,
      mailStackName: props.mail.stackName,
      ...(props.adminEmail ? { adminEmail: props.adminEmail } : {}),
    });
  }
}
