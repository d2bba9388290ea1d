import { siteConfig } from '../api/config.ts';

/** The share URL: the API's page with Open Graph tags, which sends people on to the article. */
export async function shareUrl(articleId: string): Promise<string> {
  const { apiUrl } = await siteConfig();
  return new URL(`share/${encodeURIComponent(articleId)}`, apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`).href;
}

export const SHARE_TARGETS = [
  { platform: 'twitter', label: 'Twitter', href: (url: string, title: string) => `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}` },
  { platform: 'linkedin', label: 'LinkedIn', href: (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}` },
  { platform: 'facebook', label: 'Facebook', href: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
  { platform: 'whatsapp', label: 'WhatsApp', href: (url: string, title: string) => `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  { platform: 'email', label: 'Email', href: (url: string, title: string) => `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}` },
] as const;
