import { useState } from 'react';
import { trackShare } from '../../api/articles.ts';
import { copyLink, SHARE_TARGETS, shareUrl } from './share.ts';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { useDismissableDetails } from '#web/shared/ui/useDismissableDetails.ts';

const COPIED_MS = 2000;

/** Share: a card's and a story page's menu of networks and Copy link, each counted as the server counts shares. */
export function ShareMenu({ article }: { article: { id: string; title: string } }) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  // The menu closes on Escape, on a click elsewhere and once a choice is made.
  const shareMenu = useDismissableDetails();

  const copyShareLink = async () => {
    shareMenu.close();
    if (!(await copyLink(() => shareUrl(article), toast))) return;
    trackShare(article.id, 'copy');
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_MS);
  };

  const openShare = async (target: (typeof SHARE_TARGETS)[number]) => {
    shareMenu.close();
    trackShare(article.id, target.platform);
    window.open(target.href(await shareUrl(article), article.title), '_blank', 'noopener,noreferrer');
  };

  return (
    // Opened near the screen's foot (a phone's first card), the list would run below it: bring it into view.
    <details ref={shareMenu.ref} className="share-menu" onToggle={(event) => event.currentTarget.open && event.currentTarget.querySelector('ul')?.scrollIntoView({ block: 'nearest' })}>
      <summary>Share</summary>
      <ul>
        {SHARE_TARGETS.map((target) => (
          <li key={target.platform}>
            <button type="button" onClick={() => void openShare(target)}>
              {target.label}
            </button>
          </li>
        ))}
        <li>
          <button type="button" onClick={() => void copyShareLink()}>
            {copied ? 'Copied!' : 'Copy link'}
          </button>
        </li>
      </ul>
    </details>
  );
}
