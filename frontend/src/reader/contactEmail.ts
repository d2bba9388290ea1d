/** Reader spec: the contact address follows the host domain, with the product's domain as the fallback. */
export const DEFAULT_DOMAIN = 'creatornewshub.in';

export function contactDomain(hostname = window.location.hostname): string {
  const parts = hostname.split('.');
  return parts.length >= 2 && !/^(localhost|\d+)$/.test(parts.at(-1) ?? '') ? parts.slice(-2).join('.') : DEFAULT_DOMAIN;
}

export const mailAddress = (mailbox: string) => `${mailbox}@${contactDomain()}`;
