import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/**
 * The S3 stand-in: the object calls the product makes (PutObject, GetObject, HeadObject, DeleteObject),
 * path-style (the SDK uses path-style for an IP endpoint), answered as S3 answers them, objects kept as
 * files under the runtime's data folder. Buckets exist as soon as something is put in them. Signatures are
 * not checked (nothing here is secret); aws-chunked bodies (the SDK's streaming uploads) are decoded.
 *
 * Why not s3rver (the usual fake): its last release is from 2021 and brings koa, busboy 0.3 and
 * fast-xml-parser 3 for four calls this needs.
 */
export interface ObjectStore {
  url: string;
  close: () => Promise<void>;
}

const xmlError = (code: string, message: string, resource: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource.replace(/[<>&]/g, '')}</Resource></Error>`;

/** The body of an aws-chunked upload: `<hex size>[;ext]\r\n<bytes>\r\n` pieces up to a zero-size one (then trailers). */
export function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('Malformed aws-chunked body');
    const size = Number.parseInt(body.toString('latin1', at, lineEnd).split(';')[0] as string, 16);
    if (!Number.isFinite(size)) throw new Error('Malformed aws-chunked body');
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

export async function startObjectStore(port: number, dataDir: string): Promise<ObjectStore> {
  const root = path.join(dataDir, 's3');
  mkdirSync(root, { recursive: true });

  /** The file of bucket/key, or null for a name that would leave the store's folder. */
  const fileOf = (bucket: string, key: string): string | null => {
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || !key) return null;
    // One file per key, named by its encoding: no folders to climb out of, any key allowed.
    return path.join(root, bucket, encodeURIComponent(key));
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://s3.local');
      const [, bucket = '', ...keyParts] = url.pathname.split('/');
      let key: string;
      try {
        key = keyParts.map(decodeURIComponent).join('/');
      } catch {
        response.writeHead(400, { 'content-type': 'application/xml' }).end(xmlError('InvalidURI', 'Could not parse the specified URI.', url.pathname));
        return;
      }
      const file = fileOf(bucket, key);
      if (!file) {
        response.writeHead(400, { 'content-type': 'application/xml' }).end(xmlError('InvalidRequest', 'Only object calls on a valid bucket name are supported here.', url.pathname));
        return;
      }
      const resource = `/${bucket}/${key}`;
      try {
        switch (request.method) {
          case 'PUT': {
            const raw = Buffer.concat(chunks);
            const chunked = /aws-chunked/.test(request.headers['content-encoding'] ?? '') || String(request.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
            const body = chunked ? decodeAwsChunked(raw) : raw;
            mkdirSync(path.dirname(file), { recursive: true });
            // Written aside and renamed: a reader never sees half an object, as on S3.
            const partial = `${file}.${process.pid}.${Date.now()}.partial`;
            writeFileSync(partial, body);
            renameSync(partial, file);
            response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
            return;
          }
          case 'GET':
          case 'HEAD': {
            let size: number;
            let modified: Date;
            try {
              const stat = statSync(file);
              size = stat.size;
              modified = stat.mtime;
            } catch {
              response.writeHead(404, { 'content-type': 'application/xml' });
              response.end(request.method === 'HEAD' ? undefined : xmlError('NoSuchKey', 'The specified key does not exist.', resource));
              return;
            }
            const body = readFileSync(file);
            response.writeHead(200, {
              'content-type': 'application/octet-stream',
              'content-length': String(size),
              'last-modified': modified.toUTCString(),
              etag: `"${createHash('md5').update(body).digest('hex')}"`,
            });
            response.end(request.method === 'HEAD' ? undefined : body);
            return;
          }
          case 'DELETE':
            rmSync(file, { force: true });
            response.writeHead(204).end();
            return;
          default:
            response.writeHead(405, { 'content-type': 'application/xml' }).end(xmlError('MethodNotAllowed', 'The specified method is not allowed against this resource.', resource));
        }
      } catch (error) {
        response.writeHead(500, { 'content-type': 'application/xml' }).end(xmlError('InternalError', error instanceof Error ? error.message : 'failed', resource));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
