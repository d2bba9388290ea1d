/**
 * The deploy-time checks' Lambda (a CloudFormation custom resource behind CDK's provider framework):
 * `Custom::HostedZone` finds the public zone of exactly a name; `Custom::MailReady` waits until SES can
 * send as the mail domain (onEvent starts, isComplete polls). Deploy-time code: it lives under lib/, never
 * in the product's functions. The rules are in ./rules.ts.
 */
import { Resolver } from 'node:dns/promises';
import { ListHostedZonesByNameCommand, Route53Client } from '@aws-sdk/client-route-53';
import { CreateEmailIdentityCommand, GetAccountCommand, GetEmailIdentityCommand, NotFoundException, SESv2Client } from '@aws-sdk/client-sesv2';
import { mailReadiness, publicZoneId, type IdentityState } from './rules.ts';

interface CustomResourceEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  ResourceType: string;
  PhysicalResourceId?: string;
  ResourceProperties: Record<string, string | undefined>;
}

export const HOSTED_ZONE_TYPE = 'Custom::HostedZone';
export const MAIL_READY_TYPE = 'Custom::MailReady';

async function hostedZoneId(zoneName: string): Promise<string> {
  const route53 = new Route53Client({});
  const { HostedZones = [] } = await route53.send(new ListHostedZonesByNameCommand({ DNSName: zoneName, MaxItems: 10 }));
  return publicZoneId(HostedZones, zoneName);
}

async function identityState(ses: SESv2Client, identity: string): Promise<IdentityState & { tokens: string[] }> {
  try {
    const answer = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
    return { exists: true, verifiedForSending: answer.VerifiedForSendingStatus === true, dkimStatus: answer.DkimAttributes?.Status, tokens: answer.DkimAttributes?.Tokens ?? [] };
  } catch (error) {
    if (error instanceof NotFoundException) return { exists: false, verifiedForSending: false, tokens: [] };
    throw error;
  }
}

/** Whether any of the identity's DKIM CNAMEs resolves in public DNS (what SES itself looks for). */
async function anyDkimRecordResolves(domain: string, tokens: readonly string[]): Promise<boolean> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  const answers = await Promise.allSettled(tokens.map((token) => resolver.resolveCname(`${token}._domainkey.${domain}`)));
  return answers.some((answer) => answer.status === 'fulfilled' && answer.value.length > 0);
}

export async function onEvent(event: CustomResourceEvent): Promise<{ PhysicalResourceId: string; Data?: Record<string, string> }> {
  const props = event.ResourceProperties;
  if (event.ResourceType === HOSTED_ZONE_TYPE) {
    const zoneName = props.ZoneName ?? '';
    if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId ?? zoneName };
    return { PhysicalResourceId: zoneName, Data: { HostedZoneId: await hostedZoneId(zoneName) } };
  }
  if (event.ResourceType === MAIL_READY_TYPE) return { PhysicalResourceId: event.PhysicalResourceId ?? `mail-ready-${props.MailDomain}` };
  throw new Error(`Unknown deploy check ${event.ResourceType}`);
}

export async function isComplete(event: CustomResourceEvent): Promise<{ IsComplete: boolean }> {
  if (event.RequestType === 'Delete' || event.ResourceType !== MAIL_READY_TYPE) return { IsComplete: true };
  const props = event.ResourceProperties;
  const mailDomain = props.MailDomain ?? '';
  const ses = new SESv2Client({});
  const domain = await identityState(ses, mailDomain);
  const dnsManagedByStack = props.DnsManagedByStack === 'true';
  const account = await ses.send(new GetAccountCommand({}));
  const adminEmail = props.AdminEmail || undefined;
  const readiness = mailReadiness({
    mailDomain,
    domain,
    productionAccess: account.ProductionAccessEnabled === true,
    adminEmail,
    adminAddress: adminEmail ? await identityState(ses, adminEmail) : undefined,
    dnsManagedByStack,
    dkimRecordsResolve: !dnsManagedByStack && !domain.verifiedForSending && domain.tokens.length ? await anyDkimRecordResolves(mailDomain, domain.tokens) : undefined,
    mailStackName: props.MailStackName ?? 'the mail stack',
  });
  if (readiness.state === 'failed') throw new Error(readiness.reason);
  // The provider framework logs each poll; the reason is what an owner reads in the function's log.
  if (readiness.state === 'waiting') {
    if (readiness.verifyAddress) await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: readiness.verifyAddress }));
    console.log(JSON.stringify({ waiting: readiness.reason }));
  }
  return { IsComplete: readiness.state === 'ready' };
}
