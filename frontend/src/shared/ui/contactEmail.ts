import { useEffect, useState } from 'react';
import { siteConfig } from '#web/shared/api/config.ts';

/**
 * Where readers write to, and the site's own address, as the deployment says in /config.json: the owner's
 * contact address (the deploy config's contactEmail, or the local runtime's) and the site's canonical
 * address. Reader spec: the footer's address "depends on the host domain with a default domain fallback";
 * the deployment's own configured address is the real version of that, so no domain is built into the
 * bundle. Every mail link of the site (general, privacy, editorial, partnerships, support) goes to it.
 */
export interface Contact {
  email: string;
  /** The site's address, e.g. https://news.example.in. */
  siteUrl: string;
  /** What the legal pages show for it: the host name, e.g. news.example.in. */
  siteName: string;
}

let known: Contact | undefined;

function contactOf(config: { contactEmail: string; siteUrl: string }): Contact {
  return { email: config.contactEmail, siteUrl: config.siteUrl, siteName: new URL(config.siteUrl).host };
}

/**
 * The deployment's contact, from the config the app already loads (index.html preloads it); undefined for
 * the moment before it has arrived, when the links are not shown.
 */
export function useContact(): Contact | undefined {
  const [contact, setContact] = useState(known);
  useEffect(() => {
    if (contact) return;
    let mounted = true;
    siteConfig().then(
      (config) => {
        known = contactOf(config);
        if (mounted) setContact(known);
      },
      // The pages that need the API say so themselves; a mail link just stays away.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [contact]);
  return contact;
}

export const mailto = (contact: Contact, subject?: string) => `mailto:${contact.email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
