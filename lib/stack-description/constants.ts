/** Names the stack and the handlers share: object keys, shipped data files, headers between CloudFront and the API. */

/** The search index snapshot's object key in its bucket: the grants name it, the functions read and write it. */
export const SEARCH_SNAPSHOT_KEY = 'search/public-articles.snapshot';

/** The archive's shards, one object per publication month under this prefix (the grants cover the prefix). */
export const SEARCH_ARCHIVE_PREFIX = 'search/archive/';
export const searchArchiveKey = (month: string) => `${SEARCH_ARCHIVE_PREFIX}${month}.snapshot`;

/**
 * The share of a function's memory its search archive shards may hold (the recent tier, the runtime and
 * the requests take the rest): set as SEARCH_ARCHIVE_CACHE_MB for each function that reads the snapshots.
 */
export const SEARCH_ARCHIVE_MEMORY_SHARE = 0.4;
export const searchArchiveCacheMb = (memoryMb: number | undefined) => Math.floor((memoryMb ?? 128) * SEARCH_ARCHIVE_MEMORY_SHARE);

/**
 * Where the ingest's list-due step writes a run's due hosts in the ingest work bucket (one object per run, read
 * by the Distributed Map's ItemReader); the grants name the prefix and the bucket expires it after a day.
 */
export const INGEST_WORK_PREFIX = 'due-hosts/';

/**
 * Data the classifier reads at run time rather than carrying in its bundle (the model and the training rows
 * were 620 KB of JavaScript in the bundle): repository paths, shipped in a function's asset at the same
 * path when the function lists them in `files` (lambdas/adapters/runtime-files.ts reads them).
 */
export const CLASSIFIER_FILES = {
  model: 'data/classifier/model.json',
  training: 'data/classifier/training.json',
  heldout: 'data/classifier/heldout.json',
  corpus: 'data/classifier/corpus/train-validation.json',
} as const;

/**
 * The topics catalogue (docs/topics.md) the reader API reads to name a topic and refuse an unknown one: shipped
 * beside the bundle as the classifier's files are (as JavaScript it was 30 to 60 KB of every reader function's
 * bundle). The ingest, which tags stories with the whole catalogue, still bundles it.
 */
export const TOPIC_FILES = { catalogue: 'data/topics/seed-entities.json' } as const;

/**
 * Squoosh's codecs the articles function resizes pictures with (lambdas/adapters/image-codecs.ts), as the @jsquash
 * packages ship them: each build's JavaScript and .wasm, shipped beside the bundle as runtime files and loaded on
 * the first picture (the bundle carries none of them). The packages' package.json files go too: they mark the
 * JavaScript as ES modules. The WebP encoder is the SIMD build: Node has had WebAssembly SIMD on by default since
 * 16.4, on x64 and arm64 alike.
 */
export const IMAGE_CODEC_FILES = {
  jpegDecoderJs: 'node_modules/@jsquash/jpeg/codec/dec/mozjpeg_dec.js',
  jpegDecoder: 'node_modules/@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm',
  jpegPackage: 'node_modules/@jsquash/jpeg/package.json',
  pngDecoderJs: 'node_modules/@jsquash/png/codec/pkg/squoosh_png.js',
  pngDecoder: 'node_modules/@jsquash/png/codec/pkg/squoosh_png_bg.wasm',
  pngPackage: 'node_modules/@jsquash/png/package.json',
  webpDecoderJs: 'node_modules/@jsquash/webp/codec/dec/webp_dec.js',
  webpDecoder: 'node_modules/@jsquash/webp/codec/dec/webp_dec.wasm',
  webpEncoderJs: 'node_modules/@jsquash/webp/codec/enc/webp_enc_simd.js',
  webpEncoder: 'node_modules/@jsquash/webp/codec/enc/webp_enc_simd.wasm',
  webpPackage: 'node_modules/@jsquash/webp/package.json',
  resizeJs: 'node_modules/@jsquash/resize/lib/resize/pkg/squoosh_resize.js',
  resize: 'node_modules/@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm',
  resizePackage: 'node_modules/@jsquash/resize/package.json',
} as const;

/** The header CloudFront adds to every API request, so the API can tell an edge request from a direct one. */
export const EDGE_ORIGIN_HEADER = 'x-origin-verify';
/** The header that carries the reader's address from CloudFront's /api viewer function to the API. */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/**
 * The variable that hands a function with `deadLetters: 'redrive'` access the dead-letter queues: a JSON object of
 * queue name -> { url, source, functionName? } (the CDK stack on AWS, the local runtime here).
 */
export const DEAD_LETTERS_ENVIRONMENT = 'DEAD_LETTER_QUEUES';
