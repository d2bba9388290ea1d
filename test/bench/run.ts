/** `npm run bench`: runs every benchmark and prints its figures. Not part of npm test. */
import { runIngestBench } from './ingest.ts';

await runIngestBench();
