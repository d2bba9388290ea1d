/**
 * Decoding, resizing and WebP encoding with Squoosh's codecs compiled to WebAssembly (their builds as the
 * @jsquash packages ship them): no native binary, so the same files run on the arm64 Lambda, on this machine and
 * in CI, and synth needs no install step (docs/decisions/resized-images.md). The codecs' JavaScript and .wasm are
 * the function's runtime files (IMAGE_CODEC_FILES), loaded and compiled on the first picture an instance makes:
 * the reader API's bundle carries none of them, and an instance that serves no picture never loads them.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { copyGeometry, type ImageFormat, type ResizedImageShape } from '#domain/content/resized-images.ts';
import { IMAGE_CODEC_FILES } from '#stack/stack-description.ts';
import { runtimeBytes, runtimeFilePath } from './runtime-files.ts';

/** What the codecs make and read: pixels (RGBA), width, height. Node has no ImageData; the codecs build one through the global. */
interface Pixels {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}
class NodeImageData implements Pixels {
  readonly colorSpace = 'srgb';
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}
(globalThis as { ImageData?: unknown }).ImageData ??= NodeImageData;

/** The formats this adapter decodes. */
export const DECODABLE_FORMATS: readonly ImageFormat[] = ['jpeg', 'png', 'webp'];

/** libwebp's encoder settings (struct WebPConfig, every field, as the codec's binding requires): its defaults, quality 75 and method 4, a fair size for photographs at card size. */
const WEBP_OPTIONS = {
  quality: 75, target_size: 0, target_PSNR: 0, method: 4, sns_strength: 50, filter_strength: 60, filter_sharpness: 0, filter_type: 1,
  partitions: 0, segments: 4, pass: 1, show_compressed: 0, preprocessing: 0, autofilter: 0, partition_limit: 0, alpha_compression: 1,
  alpha_filtering: 1, alpha_quality: 100, lossless: 0, exact: 0, image_hint: 0, emulate_jpeg_size: 0, thread_level: 0, low_memory: 0,
  near_lossless: 100, use_delta_palette: 0, use_sharp_yuv: 0,
};
/** Lanczos3, premultiplied alpha, in linear light: Squoosh's defaults. */
const LANCZOS3 = 3;

interface Codecs {
  decodeJpeg(bytes: Uint8Array): Pixels | null;
  decodePng(bytes: Uint8Array): Pixels | null;
  decodeWebp(bytes: Uint8Array): Pixels | null;
  encodeWebp(pixels: Pixels): Uint8Array | null;
  resize(pixels: Pixels, width: number, height: number): Pixels;
}

type EmscriptenFactory = (options: Record<string, unknown>) => Promise<Record<string, (...args: unknown[]) => unknown>>;

/** A shipped codec's JavaScript, imported from where it sits (the asset on Lambda, node_modules here). */
const importCodec = async <T>(file: string): Promise<T> => (await import(pathToFileURL(path.resolve(runtimeFilePath(file))).href)) as T;
const compile = (file: string) => WebAssembly.compile(new Uint8Array(runtimeBytes(file)));

/** An Emscripten build, instantiated on its compiled module (so it never looks for its .wasm by URL). */
async function emscripten(glue: string, wasm: string) {
  const [factory, compiled] = await Promise.all([importCodec<{ default: EmscriptenFactory }>(glue), compile(wasm)]);
  return factory.default({
    noInitialRun: true,
    instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => {
      const instance = new WebAssembly.Instance(compiled, imports);
      done(instance);
      return instance.exports;
    },
  });
}

/** A wasm-bindgen build, initialised on its compiled module. */
async function wasmBindgen<T>(glue: string, wasm: string): Promise<T> {
  const [module, compiled] = await Promise.all([importCodec<T & { default: (input: WebAssembly.Module) => Promise<unknown> }>(glue), compile(wasm)]);
  await module.default(compiled);
  return module;
}

let ready: Promise<Codecs> | undefined;

/** Loads and instantiates every codec, once per instance (a failed start is tried again on the next call). */
function codecs(): Promise<Codecs> {
  ready ??= (async (): Promise<Codecs> => {
    const files = IMAGE_CODEC_FILES;
    const [jpeg, webpDecoder, webpEncoder, png, resizer] = await Promise.all([
      emscripten(files.jpegDecoderJs, files.jpegDecoder),
      emscripten(files.webpDecoderJs, files.webpDecoder),
      emscripten(files.webpEncoderJs, files.webpEncoder),
      wasmBindgen<{ decode(bytes: Uint8Array): Pixels }>(files.pngDecoderJs, files.pngDecoder),
      wasmBindgen<{ resize(...args: [Uint8Array, number, number, number, number, number, boolean, boolean]): Uint8Array }>(files.resizeJs, files.resize),
    ]);
    return {
      decodeJpeg: (bytes) => jpeg.decode!(bytes, false) as Pixels | null,
      decodeWebp: (bytes) => webpDecoder.decode!(bytes) as Pixels | null,
      decodePng: (bytes) => png.decode(bytes),
      encodeWebp: (pixels) => webpEncoder.encode!(pixels.data, pixels.width, pixels.height, WEBP_OPTIONS) as Uint8Array | null,
      resize: (pixels, width, height) => {
        const data = resizer.resize(new Uint8Array(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength), pixels.width, pixels.height, width, height, LANCZOS3, true, true);
        return new NodeImageData(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width, height);
      },
    };
  })().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/**
 * A picture `width` pixels wide (never wider than it is: a small picture is re-encoded at its own size), cut to the
 * shape (copyGeometry: rows off its top and bottom when it is taller), as WebP. Throws on bytes the decoder cannot read.
 */
export async function resizeToWebp(bytes: Uint8Array, format: ImageFormat, width: number, shape: ResizedImageShape): Promise<{ body: Uint8Array; width: number; height: number }> {
  const codec = await codecs();
  const decoded = format === 'jpeg' ? codec.decodeJpeg(bytes) : format === 'png' ? codec.decodePng(bytes) : format === 'webp' ? codec.decodeWebp(bytes) : null;
  if (!decoded) throw new Error(`Cannot decode ${format}`);
  // The decoded size, not the header's: the decoder may have turned the picture upright (EXIF orientation).
  const geometry = copyGeometry(decoded, width, shape);
  // Whole rows are one run of the RGBA buffer: the cut is a view, no copy.
  const rowBytes = decoded.width * 4;
  const cut = geometry.crop.rows === decoded.height
    ? decoded
    : new NodeImageData(decoded.data.subarray(geometry.crop.top * rowBytes, (geometry.crop.top + geometry.crop.rows) * rowBytes), decoded.width, geometry.crop.rows);
  const sized = geometry.width < cut.width ? codec.resize(cut, geometry.width, geometry.height) : cut;
  const body = codec.encodeWebp(sized);
  if (!body) throw new Error('Cannot encode WebP');
  // A copy: the encoder's answer is a view of its own memory, reused by the next call.
  return { body: new Uint8Array(body), width: sized.width, height: sized.height };
}
