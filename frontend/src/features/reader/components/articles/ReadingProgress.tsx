import { useEffect, useRef, useState, type RefObject } from 'react';
import { READING_COMPLETE_PERCENT, READING_START_PERCENT, readingMessage, scrollPercent } from '#domain/reader/reading.ts';
import { reportReading } from '../../api/reading.ts';

type Phase = 'idle' | 'reading' | 'complete';

/**
 * Reading tracking in the article dialog (reader spec section 4): scrolling past 10 % starts reading (the
 * timer then ticks each second while the tab is visible), past 90 % completes it; closing reports the
 * progress. A text too short to scroll counts as read in full once it has been open for a few seconds.
 */
function useReadingTracker(articleId: string, scroller: RefObject<HTMLElement | null>) {
  const [percent, setPercent] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const state = useRef({ phase: 'idle' as Phase, percent: 0, unreported: 0, position: 0 });

  useEffect(() => {
    state.current = { phase: 'idle', percent: 0, unreported: 0, position: 0 };
    setPercent(0);
    setSeconds(0);
    setPhase('idle');
    const element = scroller.current;
    if (!element) return;
    const report = (event: 'start' | 'progress' | 'complete') => {
      const current = state.current;
      reportReading(articleId, { event, progressPercentage: current.percent, secondsRead: current.unreported, lastPosition: Math.round(current.position) });
      current.unreported = 0;
    };
    const advance = (reached: number) => {
      const current = state.current;
      current.percent = Math.max(current.percent, reached);
      setPercent(current.percent);
      if (current.phase === 'idle' && current.percent >= READING_START_PERCENT) {
        current.phase = 'reading';
        setPhase('reading');
        report('start');
      }
      if (current.phase === 'reading' && current.percent >= READING_COMPLETE_PERCENT) {
        current.phase = 'complete';
        setPhase('complete');
        report('complete');
      }
    };
    const onScroll = () => {
      state.current.position = element.scrollTop;
      advance(scrollPercent(element.scrollTop, element.scrollHeight, element.clientHeight));
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const shortText = setTimeout(() => {
      if (element.scrollHeight <= element.clientHeight + 4) advance(100);
    }, 5000);
    const tick = setInterval(() => {
      if (state.current.phase === 'idle' || document.visibilityState !== 'visible') return;
      state.current.unreported += 1;
      setSeconds((value) => value + 1);
    }, 1000);
    return () => {
      element.removeEventListener('scroll', onScroll);
      clearTimeout(shortText);
      clearInterval(tick);
      if (state.current.phase !== 'idle' && state.current.unreported > 0) report('progress');
    };
  }, [articleId, scroller]);

  return { percent, seconds, phase };
}

export function ReadingProgressCard({ articleId, scroller }: { articleId: string; scroller: RefObject<HTMLElement | null> }) {
  const { percent, seconds, phase } = useReadingTracker(articleId, scroller);
  const minutes = Math.floor(seconds / 60);
  return (
    <aside className="reading-progress" aria-label="Reading progress" data-testid="reading-progress">
      <div className="reading-progress-head">
        <strong>{percent}% read</strong>
        {phase === 'complete' && <span className="badge quality">Complete</span>}
      </div>
      <progress max={100} value={percent} aria-label="Reading progress" />
      <span>
        {readingMessage(percent)} · {minutes}:{String(seconds % 60).padStart(2, '0')}
      </span>
    </aside>
  );
}
