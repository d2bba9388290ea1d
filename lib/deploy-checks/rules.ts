/**
 * The decisions of the deploy-time checks (lib/deploy-checks/handler.ts), as pure functions so that each
 * rule is unit-tested without AWS: which hosted zone a name means, and whether mail can go out yet.
 */

export interface HostedZoneSummary {
  Id?: string | undefined;
  Name?: string | undefined;
  Config?: { PrivateZone?: boolean | undefined } | undefined;
}

/**
 * The public zone of exactly this name among what ListHostedZonesByName returned (it lists zones from the
 * given name on, in order, so the first answer may be another name, or a private zone of the same name).
 * Returns the bare id (`Z0123...`) or throws a message that says what to fix.
 */
export function publicZoneId(zones: readonly HostedZoneSummary[], zoneName: string): string {
  const wanted = `${zoneName.replace(/\.$/, '').toLowerCase()}.`;
  const named = zones.filter((zone) => zone.Name?.toLowerCase() === wanted);
  const publicZones = named.filter((zone) => !zone.Config?.PrivateZone);
  if (publicZones.length === 1) return (publicZones[0]?.Id ?? '').replace(/^\/hostedzone\//, '');
  if (publicZones.length > 1) {
    throw new Error(`This account has ${publicZones.length} public hosted zones named ${zoneName}: delete the ones the domain's registrar does not point at, then deploy again`);
  }
  if (named.length) {
    throw new Error(`The hosted zone ${zoneName} in this account is private: certificates and SES need a public zone. Create a public hosted zone for ${zoneName}, point the registrar at its name servers, then deploy again`);
  }
  throw new Error(`No public hosted zone named ${zoneName} in this account: create it in Route 53 (and point the registrar at its name servers), or correct the context hostedZoneName, then deploy again`);
}

/** What SES says of an identity (GetEmailIdentity), reduced to what the rule needs. */
export interface IdentityState {
  /** Absent: SES has no such identity in this account and region. */
  exists: boolean;
  verifiedForSending: boolean;
  dkimStatus?: string | undefined;
}

export interface MailReadinessInput {
  mailDomain: string;
  domain: IdentityState;
  /** Whether the account may send to any address (out of the SES sandbox). */
  productionAccess: boolean;
  /** The first admin's address, when the deploy creates that account (Cognito mails it an invitation). */
  adminEmail?: string | undefined;
  adminAddress?: IdentityState | undefined;
  /** The stack writes the DKIM records itself (the mail domain is in the site's Route 53 zone). */
  dnsManagedByStack: boolean;
  /** For DNS the stack does not write: whether any of the three DKIM CNAMEs resolves yet. */
  dkimRecordsResolve?: boolean | undefined;
  /** The stack that prints the records to add, for the message. */
  mailStackName: string;
}

export type MailReadiness =
  | { state: 'ready' }
  /** `verifyAddress`: an address SES has no identity for yet, to ask SES to verify (it mails a link). */
  | { state: 'waiting'; reason: string; verifyAddress?: string }
  | { state: 'failed'; reason: string };

const recordsHint = (input: MailReadinessInput) =>
  `the MailDkimRecord1..3 outputs of the stack ${input.mailStackName} (aws cloudformation describe-stacks --stack-name ${input.mailStackName} --query 'Stacks[0].Outputs')`;

/**
 * Whether Cognito and the functions can send as the mail domain now. Cognito refuses a user pool whose
 * SES identity is not verified (CreateUserPool: "Email address is not verified"), and in the SES sandbox an
 * invitation to an unverified address fails too; so the app stack is deployed only once this says ready.
 * A state that waiting cannot mend fails at once, before anything that is kept on rollback exists.
 */
export function mailReadiness(input: MailReadinessInput): MailReadiness {
  const { domain } = input;
  if (!domain.exists) {
    return { state: 'failed', reason: `SES has no identity for ${input.mailDomain} in this region: deploy the stack ${input.mailStackName} first (cdk deploy --all does, in order)` };
  }
  if (domain.dkimStatus === 'FAILED') {
    return { state: 'failed', reason: `SES gave up verifying ${input.mailDomain} (DKIM status FAILED: the records were not found for 72 hours). Add ${recordsHint(input)} to the domain's DNS, then deploy again` };
  }
  if (!domain.verifiedForSending) {
    if (!input.dnsManagedByStack && input.dkimRecordsResolve === false) {
      return { state: 'failed', reason: `The DKIM records of ${input.mailDomain} are not in its DNS yet. Add ${recordsHint(input)} as CNAME records where ${input.mailDomain}'s DNS is hosted, wait until they resolve, then run cdk deploy --all again` };
    }
    return { state: 'waiting', reason: `SES is verifying ${input.mailDomain} (DKIM status ${domain.dkimStatus ?? 'unknown'})` };
  }
  const adminInMailDomain = input.adminEmail?.toLowerCase().endsWith(`@${input.mailDomain.toLowerCase()}`);
  if (input.adminEmail && !input.productionAccess && !adminInMailDomain && !input.adminAddress?.verifiedForSending) {
    return {
      state: 'waiting',
      reason: `SES is in the sandbox: open the verification link SES mailed to ${input.adminEmail} (or request production access), so that Cognito's invitation can reach it`,
      // Asked for here, not declared in a stack: an address identity is one per account and region, and two
      // stages with the same admin would each declare it.
      ...(input.adminAddress?.exists ? {} : { verifyAddress: input.adminEmail }),
    };
  }
  return { state: 'ready' };
}
