import { storyPath } from '#domain/reader/site-pages.ts';
import { siteConfig } from '#web/shared/api/config.ts';

/** The share URL: the story's own page on the site (its written page carries the link-preview tags). */
export async function shareUrl(article: { id: string; title: string }): Promise<string> {
  const { siteUrl } = await siteConfig();
  return `${siteUrl.replace(/\/+$/, '')}${storyPath(article)}`;
}

/**
 * Copies a link and tells the reader how it went (reader spec section 8 texts: an article's link is the
 * Article link; a page's is the Page link); true when copied.
 */
export async function copyLink(link: () => Promise<string> | string, toast: (title: string, description: string) => void, what: 'Article' | 'Page' = 'Article'): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(await link());
    toast('Link copied!', `${what} link copied to clipboard`);
    return true;
  } catch {
    toast('Failed to copy', 'Could not copy link to clipboard');
    return false;
  }
}

export const SHARE_TARGETS = [
  { platform: 'twitter', label: 'Twitter', href: (url: string, title: string) => `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}` },
  { platform: 'linkedin', label: 'LinkedIn', href: (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}` },
  { platform: 'facebook', label: 'Facebook', href: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
  { platform: 'whatsapp', label: 'WhatsApp', href: (url: string, title: string) => `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  { platform: 'email', label: 'Email', href: (url: string, title: string) => `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}` },
] as const;
