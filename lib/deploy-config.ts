/**
 * What an owner sets per deployment, as CDK context: `cdk.json` holds the defaults, `-c key=value`
 * overrides them (docs/deploy.md has the table). Read and checked once, before any stack is built, so a
 * wrong value fails synth with a message instead of failing a deploy half-way.
 */

/** The Route 53 zone the site's name lives in, and that name. */
export interface SiteDomain {
  /** The site's own name, e.g. news.example.in (the zone's apex is allowed too). */
  domainName: string;
  /** A public hosted zone in this account that holds domainName, e.g. example.in. */
  hostedZoneName: string;
}

export interface DeployConfig {
  /** Region of the app stack (the edge stack is always in us-east-1, where CloudFront takes certificates and web ACLs). */
  region: string;
  /** Absent: the site answers on CloudFront's own *.cloudfront.net name. */
  domain?: SiteDomain;
  /** Domain the mail is sent from; its SES identity is made by the stack. */
  mailDomain: string;
  /** Made an admin by the deploy itself (Cognito mails a temporary password). Absent: no account is created. */
  adminEmail?: string;
}

/** Where mail comes from when nothing says otherwise and no zone is given (as before this setting existed). */
export const DEFAULT_MAIL_DOMAIN = 'creatornewshub.in';
export const DEFAULT_REGION = 'ap-south-1';

const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;

/** A context value as given: unset and empty (cdk.json's placeholders) both mean "not given". */
function text(read: (key: string) => unknown, key: string): string | undefined {
  const value = read(key);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string, got ${JSON.stringify(value)}`);
  const trimmed = value.trim().toLowerCase().replace(/\.$/, '');
  return trimmed === '' ? undefined : trimmed;
}

/** Reads and checks the deployment's context (`app.node.tryGetContext`). */
export function readDeployConfig(read: (key: string) => unknown): DeployConfig {
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

  const mailDomain = text(read, 'mailDomain') ?? hostedZoneName ?? DEFAULT_MAIL_DOMAIN;
  if (!DOMAIN_NAME.test(mailDomain)) throw new Error(`Context mailDomain must be a DNS name such as example.in, got "${mailDomain}"`);

  const adminEmail = text(read, 'adminEmail');
  if (adminEmail !== undefined && !EMAIL.test(adminEmail)) throw new Error(`Context adminEmail must be an e-mail address, got "${adminEmail}"`);

  return { region, mailDomain, ...(domain ? { domain } : {}), ...(adminEmail ? { adminEmail } : {}) };
}

/**
 * The name the API answers on behind CloudFront when the site has its own domain: the execute-api
 * endpoint is switched off then, and an API Gateway custom domain needs a name of its own.
 */
export function apiOriginName(domain: SiteDomain): string {
  return `api-origin.${domain.domainName}`;
}
