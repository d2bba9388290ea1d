import { afterFirstPaint } from '#web/app/first-paint.ts';
import '#web/styles.css';

// The app's chunk is asked for, and evaluated, once the written page and its first picture are on screen: on a
// phone's network its download (about 100 KB) would share the line with that picture (frontend/vite.config.ts
// keeps it out of the entry).
void afterFirstPaint(document)
  .then(() => import('#web/app/start.tsx'))
  .then(({ startApp }) => startApp());
