/**
 * Reader spec: the contact address follows the host domain, with a default domain as fallback. Only
 * the product's own domains count: on a CloudFront or local host the default applies.
 */
export const DEFAULT_DOMAIN = 'creatornewshub.in';
const OWN_DOMAINS = ['creatornewshub.in', 'creatornewshub.com'];

export function contactDomain(hostname = window.location.hostname): string {
  return OWN_DOMAINS.find((domain) => hostname === domain || hostname.endsWith(`.${domain}`)) ?? DEFAULT_DOMAIN;
}

export const mailAddress = (mailbox: string) => `${mailbox}@${contactDomain()}`;
