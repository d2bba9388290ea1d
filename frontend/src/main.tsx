import { afterFirstPaint } from '#web/app/first-paint.ts';
import { loadWholeStylesheet } from '#web/app/full-stylesheet.ts';
import '#web/styles.css';

// The app's chunk is asked for, and evaluated, once the written page and its first picture are on screen: on a
// phone's network its download (about 100 KB) would share the line with that picture (frontend/vite.config.ts
// keeps it out of the entry). The whole stylesheet, which a written page trims to its own rules, comes with it.
void afterFirstPaint(document)
  .then(() => Promise.all([import('#web/app/start.tsx'), loadWholeStylesheet(document)]))
  .then(([{ startApp }]) => startApp());
