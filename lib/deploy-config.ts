/**
 * What an owner sets per deployment, as CDK context: `cdk.json` holds the defaults, `-c key=value`
 * overrides them (docs/deploy.md has the table). Read and checked once, before any stack is built, so a
 * wrong or missing value fails synth with a message that says what to add, instead of failing a deploy
 * half-way. Nothing of the project's own (its domain, its addresses) is a default: every owner value is
 * given or derived from one that is.
 */

/** The Route 53 zone the site's name lives in, and that name. */
export interface SiteDomain {
  /** The site's own name, e.g. news.example.in (the zone's apex is allowed too). */
  domainName: string;
  /** A public hosted zone in this account that holds domainName, e.g. example.in. */
  hostedZoneName: string;
}

export interface DeployConfig {
  /**
   * Names the deployment: its stacks are `CreatorNewsHub-<stage>`, `-Mail`, `-MailReady`, `-Edge`, so staging runs beside
   * production in one account. Absent: the production names, `CreatorNewsHub`, `CreatorNewsHubMail`, `CreatorNewsHubMailReady`, `CreatorNewsHubEdge`.
   */
  stage?: string;
  /** Region of the app and mail stacks (the edge stack is always in us-east-1, where CloudFront takes certificates and web ACLs). */
  region: string;
  /** Absent: the site answers on CloudFront's own *.cloudfront.net name. */
  domain?: SiteDomain;
  /** Domain the mail is sent from; its SES identity is made by the mail stack and verified before anything sends as it. */
  mailDomain: string;
  /** Where the contact form's messages go. */
  contactEmail: string;
  /** Where alarms and the budget alert are mailed (an SNS e-mail subscription: confirm its first mail). */
  alarmEmail: string;
  /** The monthly spend, in US dollars, of the AWS Budgets budget that mails alarmEmail (at 80 % and 100 % actual, 100 % forecast). */
  monthlyBudgetUsd: number;
  /** Made an admin by the deploy itself (Cognito mails a temporary password). Absent: no account is created. */
  adminEmail?: string;
}

export const DEFAULT_REGION = 'ap-south-1';

/** The stacks' names as CloudFormation knows them; bin/admin.ts and the CI workflow name them the same way. */
export function stackNames(stage?: string): { main: string; mail: string; mailReady: string; edge: string } {
  const main = stage ? `CreatorNewsHub-${stage}` : 'CreatorNewsHub';
  const part = (name: string) => `${main}${stage ? '-' : ''}${name}`;
  return { main, mail: part('Mail'), mailReady: part('MailReady'), edge: part('Edge') };
}

const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;
/** Short enough that the longest stack name stays well inside CloudFormation's 128 characters and resource names inside theirs. */
const STAGE = /^[a-z][a-z0-9-]{0,19}$/;

/** A context value as given: unset and empty (cdk.json's placeholders) both mean "not given". */
function text(read: (key: string) => unknown, key: string): string | undefined {
  const value = read(key);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`Context ${key} must be a string, got ${JSON.stringify(value)}`);
  const trimmed = String(value).trim().toLowerCase().replace(/\.$/, '');
  return trimmed === '' ? undefined : trimmed;
}

function email(read: (key: string) => unknown, key: string): string | undefined {
  const value = text(read, key);
  if (value !== undefined && !EMAIL.test(value)) throw new Error(`Context ${key} must be an e-mail address, got "${value}"`);
  return value;
}

/** Reads and checks the deployment's context (`app.node.tryGetContext`). */
export function readDeployConfig(read: (key: string) => unknown): DeployConfig {
  const stage = text(read, 'stage');
  if (stage !== undefined && !STAGE.test(stage)) throw new Error(`Context stage must be a short name of lower-case letters, digits and hyphens such as staging, got "${stage}"`);

  const region = text(read, 'region') ?? DEFAULT_REGION;
  if (!REGION.test(region)) throw new Error(`Context region must be an AWS region name such as ap-south-1, got "${region}"`);

  const domainName = text(read, 'domainName');
  const hostedZoneName = text(read, 'hostedZoneName');
  if (Boolean(domainName) !== Boolean(hostedZoneName)) {
    throw new Error('Context domainName and hostedZoneName go together: give both (the site\'s name and the Route 53 zone that holds it) or neither');
  }
  let domain: SiteDomain | undefined;
  if (domainName && hostedZoneName) {
    for (const [key, value] of [['domainName', domainName], ['hostedZoneName', hostedZoneName]] as const) {
      if (!DOMAIN_NAME.test(value)) throw new Error(`Context ${key} must be a DNS name such as news.example.in, got "${value}"`);
    }
    if (domainName !== hostedZoneName && !domainName.endsWith(`.${hostedZoneName}`)) {
      throw new Error(`Context domainName "${domainName}" is not inside hostedZoneName "${hostedZoneName}"`);
    }
    domain = { domainName, hostedZoneName };
  }

  const mailDomain = text(read, 'mailDomain') ?? hostedZoneName;
  if (!mailDomain) {
    throw new Error('Context mailDomain is missing: the domain the site\'s mail is sent from, one whose DNS you can edit (add -c mailDomain=example.in, or give hostedZoneName and mail goes from that zone)');
  }
  if (!DOMAIN_NAME.test(mailDomain)) throw new Error(`Context mailDomain must be a DNS name such as example.in, got "${mailDomain}"`);

  const alarmEmail = email(read, 'alarmEmail');
  if (!alarmEmail) throw new Error('Context alarmEmail is missing: the address alarms and the budget alert are mailed to (add -c alarmEmail=ops@example.in)');

  const budget = text(read, 'monthlyBudgetUsd');
  if (budget === undefined) throw new Error('Context monthlyBudgetUsd is missing: the monthly AWS spend in US dollars past which alarmEmail is told (add -c monthlyBudgetUsd=50)');
  const monthlyBudgetUsd = Number(budget);
  if (!Number.isFinite(monthlyBudgetUsd) || monthlyBudgetUsd < 1 || monthlyBudgetUsd > 1_000_000) {
    throw new Error(`Context monthlyBudgetUsd must be a number of US dollars from 1 to 1000000, got "${budget}"`);
  }

  const adminEmail = email(read, 'adminEmail');
  // The contact form needs a mailbox someone reads: the one given, else the first admin's, else the alarms'.
  const contactEmail = email(read, 'contactEmail') ?? adminEmail ?? alarmEmail;

  return {
    ...(stage ? { stage } : {}),
    region,
    mailDomain,
    contactEmail,
    alarmEmail,
    monthlyBudgetUsd,
    ...(domain ? { domain } : {}),
    ...(adminEmail ? { adminEmail } : {}),
  };
}

/**
 * The name the API answers on behind CloudFront when the site has its own domain: the execute-api
 * endpoint is switched off then, and an API Gateway custom domain needs a name of its own.
 */
export function apiOriginName(domain: SiteDomain): string {
  return `api-origin.${domain.domainName}`;
}
