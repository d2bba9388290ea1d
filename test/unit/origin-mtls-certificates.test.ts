// First: @peculiar/x509 needs the Reflect metadata stand-in before it loads.
import '../../lib/constructs/origin-mtls/reflect-metadata.ts';
import { X509Certificate as NodeCertificate, createPrivateKey } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import * as x509 from '@peculiar/x509';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CA_VALIDITY_DAYS,
  CLIENT_VALIDITY_DAYS,
  createCertificateAuthority,
  issueClientCertificate,
  type CertificateAuthority,
  type ClientCertificate,
} from '../../lib/constructs/origin-mtls/certificates.ts';

/**
 * The origin mutual TLS material (docs/decisions/api-only-through-cloudfront.md): the authority API Gateway
 * trusts and the client certificate CloudFront presents, checked against what CloudFront, ACM and API Gateway
 * document, and in a real TLS handshake that demands a client certificate.
 */

const DAY_MS = 86_400_000;
const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const NOW = new Date();
const DNS_NAME = 'cloudfront.api-origin.news.example.in';

let authority: CertificateAuthority;
let client: ClientCertificate;

beforeAll(async () => {
  authority = await createCertificateAuthority({ commonName: 'Creator News Hub origin CA (test)', now: NOW });
  client = await issueClientCertificate(authority, { dnsName: DNS_NAME, now: NOW });
});

describe('the origin certificate authority', () => {
  it('is a self-signed CA for end-entity certificates only, ECDSA P-384 with SHA-384, valid ten years', () => {
    const ca = new NodeCertificate(authority.certificatePem);
    expect(ca.ca).toBe(true);
    expect(ca.verify(ca.publicKey)).toBe(true);
    expect(ca.publicKey.asymmetricKeyType).toBe('ec');
    expect(ca.publicKey.asymmetricKeyDetails?.namedCurve).toBe('secp384r1');
    const parsed = new x509.X509Certificate(authority.certificatePem);
    expect(parsed.signatureAlgorithm).toMatchObject({ name: 'ECDSA', hash: { name: 'SHA-384' } });
    const constraints = parsed.getExtension(x509.BasicConstraintsExtension);
    expect([constraints?.ca, constraints?.pathLength, constraints?.critical]).toEqual([true, 0, true]);
    expect(parsed.getExtension(x509.KeyUsagesExtension)?.usages).toBe(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign);
    expect(Date.parse(ca.validTo) - NOW.getTime()).toBeGreaterThan((CA_VALIDITY_DAYS - 1) * DAY_MS);
    expect(createPrivateKey(authority.privateKeyPem).asymmetricKeyType).toBe('ec');
  });
});

describe('the client certificate CloudFront presents', () => {
  it('is signed by the authority and chains to it', async () => {
    const certificate = new NodeCertificate(client.certificatePem);
    const ca = new NodeCertificate(authority.certificatePem);
    expect(certificate.checkIssued(ca)).toBe(true);
    expect(certificate.verify(ca.publicKey)).toBe(true);
    expect(client.chainPem).toBe(authority.certificatePem);
    const chain = await new x509.X509ChainBuilder({ certificates: [new x509.X509Certificate(authority.certificatePem)] }).build(new x509.X509Certificate(client.certificatePem));
    expect(chain).toHaveLength(2);
  });

  it('is for TLS client authentication, not a CA, with an RSA 2048 key (CloudFront takes RSA 2048 or ECDSA P-256)', () => {
    const certificate = new NodeCertificate(client.certificatePem);
    expect(certificate.keyUsage).toEqual([CLIENT_AUTH]);
    expect(certificate.ca).toBe(false);
    expect(certificate.publicKey.asymmetricKeyType).toBe('rsa');
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const parsed = new x509.X509Certificate(client.certificatePem);
    expect(parsed.getExtension(x509.KeyUsagesExtension)?.usages).toBe(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment);
    expect(parsed.signatureAlgorithm).toMatchObject({ name: 'ECDSA', hash: { name: 'SHA-384' } });
  });

  it('is valid now (ACM imports only such), from an hour back for clock skew, for 90 days', () => {
    const certificate = new NodeCertificate(client.certificatePem);
    const from = Date.parse(certificate.validFrom);
    const to = Date.parse(certificate.validTo);
    expect(from).toBeLessThan(Date.now());
    expect(NOW.getTime() - from).toBeGreaterThanOrEqual(59 * 60_000);
    expect(Math.round((to - NOW.getTime()) / DAY_MS)).toBe(CLIENT_VALIDITY_DAYS);
  });

  it('names itself in its subject and a DNS subject alternative name (ACM keeps at least one name across reimports)', () => {
    const certificate = new NodeCertificate(client.certificatePem);
    expect(certificate.subject).toBe(`CN=${DNS_NAME}`);
    expect(certificate.subjectAltName).toBe(`DNS:${DNS_NAME}`);
    expect(certificate.issuer).toBe('CN=Creator News Hub origin CA (test)');
  });

  it('comes with its key as unencrypted PKCS #8 PEM under ACM\'s 5 KB, matching the certificate', () => {
    expect(client.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----\n?$/);
    expect(Buffer.byteLength(client.privateKeyPem)).toBeLessThan(5 * 1024);
    expect(new NodeCertificate(client.certificatePem).checkPrivateKey(createPrivateKey(client.privateKeyPem))).toBe(true);
  });

  it('is re-issued with a new key and serial but the same names, key type and usages, as an ACM reimport requires', async () => {
    const next = await issueClientCertificate(authority, { dnsName: DNS_NAME, now: new Date(NOW.getTime() + 30 * DAY_MS) });
    const [first, second] = [client, next].map((issued) => new NodeCertificate(issued.certificatePem));
    expect(second!.serialNumber).not.toBe(first!.serialNumber);
    expect(next.privateKeyPem).not.toBe(client.privateKeyPem);
    for (const property of ['subject', 'subjectAltName', 'issuer', 'keyUsage'] as const) expect(second![property]).toEqual(first![property]);
    expect(second!.publicKey.asymmetricKeyDetails).toEqual(first!.publicKey.asymmetricKeyDetails);
  });
});

/** A TLS server that demands a client certificate from the authority, as API Gateway's truststore does. */
async function handshake(presented?: ClientCertificate): Promise<{ authorized: boolean; peer?: string }> {
  const serverKeys = await globalThis.crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const serverCertificate = await x509.X509CertificateGenerator.createSelfSigned({
    name: 'CN=localhost',
    keys: serverKeys,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: 'localhost' }])],
  });
  const serverPem = serverCertificate.toString('pem');
  const serverKeyPem = x509.PemConverter.encode(await globalThis.crypto.subtle.exportKey('pkcs8', serverKeys.privateKey), 'PRIVATE KEY');
  const server = tls.createServer({ key: serverKeyPem, cert: serverPem, ca: authority.certificatePem, requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2' });
  const accepted = new Promise<{ authorized: boolean; peer?: string }>((resolve) => {
    server.on('secureConnection', (socket) => {
      resolve({ authorized: socket.authorized, peer: socket.getPeerCertificate().subject?.CN as string | undefined });
      socket.end();
    });
    server.on('tlsClientError', () => resolve({ authorized: false }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', ca: serverPem, ...(presented ? { key: presented.privateKeyPem, cert: presented.certificatePem } : {}) });
  socket.on('error', () => undefined);
  try {
    return await accepted;
  } finally {
    socket.destroy();
    server.close();
  }
}

describe('a TLS handshake with a server that trusts the authority', () => {
  it('succeeds with the client certificate, and the server sees who it is', async () => {
    expect(await handshake(client)).toEqual({ authorized: true, peer: DNS_NAME });
  });

  it('fails without a certificate and with one from another authority', async () => {
    expect((await handshake()).authorized).toBe(false);
    const stranger = await issueClientCertificate(await createCertificateAuthority({ commonName: 'Someone else' }), { dnsName: DNS_NAME });
    expect((await handshake(stranger)).authorized).toBe(false);
  });
});
