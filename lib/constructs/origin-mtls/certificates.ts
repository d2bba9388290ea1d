/**
 * The certificates of the API's origin mutual TLS (docs/decisions/api-only-through-cloudfront.md): a private
 * certificate authority that API Gateway trusts (its truststore) and the client certificate it signs, which
 * CloudFront presents to API Gateway from ACM. Made with WebCrypto and @peculiar/x509 in the deploy-time
 * function (handler.ts), never on a developer's machine; the unit tests run the same code.
 *
 * What AWS requires of them, and where it says so:
 * - the client certificate: X.509 v3, RSA 2048 or ECDSA P-256 key, Extended Key Usage TLS client
 *   authentication, certificate, key and chain in PEM, chain depth at most 3 (CloudFront, "Certificate
 *   management with AWS Certificate Manager" for origin mTLS);
 * - ACM import: an unencrypted PEM key under 5 KB, the current time between Not Before and Not After, a
 *   non-empty issuer (ACM ImportCertificate); a reimport may not change the key type or size nor remove the
 *   domain names, key usages or extended key usages the first import had (ACM, "Reimport a certificate");
 * - the truststore: PEM certificates, SHA-256 or stronger, RSA-2048 or ECDSA-256 or stronger, chains of at most
 *   four (API Gateway, "Configuring mutual TLS authentication for an HTTP API").
 */
import './reflect-metadata.ts';
import * as x509 from '@peculiar/x509';
import { CA_VALIDITY_DAYS, CLIENT_VALIDITY_DAYS } from './validity.ts';

export { CA_VALIDITY_DAYS, CLIENT_VALIDITY_DAYS };

x509.cryptoProvider.set(globalThis.crypto);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The authority's key: ECDSA P-384, signing with SHA-384 (stronger than the truststore's floor, for ten years). */
const CA_KEY = { name: 'ECDSA', namedCurve: 'P-384' } as const;
const CA_SIGNING = { name: 'ECDSA', hash: 'SHA-384' } as const;
/** The client's key: RSA 2048, one of the two CloudFront takes (and the one ACM has imported longest). */
const CLIENT_KEY = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) } as const;

/** Not Before is set this far back, so clock skew between this function, ACM and API Gateway never makes a new certificate "not yet valid". */
const BACKDATE_MS = 60 * 60 * 1000;

export interface CertificateAuthority {
  certificatePem: string;
  /** PKCS #8, unencrypted: kept in Secrets Manager only. */
  privateKeyPem: string;
}

export interface ClientCertificate {
  certificatePem: string;
  /** PKCS #8, unencrypted, as ACM imports it; it leaves the function only into ACM. */
  privateKeyPem: string;
  /** The issuing authority's certificate, ACM's CertificateChain. */
  chainPem: string;
}

/** A positive serial of 16 random bytes, as RFC 5280 asks (at most 20 octets, non-negative). */
function serialNumber(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] as number) & 0x7f;
  return Buffer.from(bytes).toString('hex');
}

function privateKeyPem(pkcs8: ArrayBuffer): string {
  return x509.PemConverter.encode(pkcs8, 'PRIVATE KEY');
}

/** A self-signed authority that may sign end-entity certificates only (path length 0). */
export async function createCertificateAuthority(options: { commonName: string; now?: Date }): Promise<CertificateAuthority> {
  const now = options.now ?? new Date();
  const keys = await globalThis.crypto.subtle.generateKey(CA_KEY, true, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialNumber(),
    name: [{ CN: [options.commonName] }],
    notBefore: new Date(now.getTime() - BACKDATE_MS),
    notAfter: new Date(now.getTime() + CA_VALIDITY_DAYS * DAY_MS),
    keys,
    signingAlgorithm: CA_SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificatePem: certificate.toString('pem'), privateKeyPem: privateKeyPem(await globalThis.crypto.subtle.exportKey('pkcs8', keys.privateKey)) };
}

/**
 * A client certificate for TLS client authentication, signed by the authority, named `dnsName` in its subject
 * and its subject alternative names (ACM keeps a certificate's names across reimports, so every issue has the
 * same names, key type, key usages and extended key usages).
 */
export async function issueClientCertificate(authority: CertificateAuthority, options: { dnsName: string; now?: Date }): Promise<ClientCertificate> {
  const now = options.now ?? new Date();
  const issuer = new x509.X509Certificate(authority.certificatePem);
  const signingKey = await globalThis.crypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(authority.privateKeyPem), CA_KEY, false, ['sign']);
  const keys = await globalThis.crypto.subtle.generateKey(CLIENT_KEY, true, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: [{ CN: [options.dnsName] }],
    issuer: issuer.subject,
    notBefore: new Date(now.getTime() - BACKDATE_MS),
    notAfter: new Date(now.getTime() + CLIENT_VALIDITY_DAYS * DAY_MS),
    publicKey: keys.publicKey,
    signingKey,
    signingAlgorithm: CA_SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth], false),
      new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: options.dnsName }], false),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(issuer.publicKey, false),
    ],
  });
  return {
    certificatePem: certificate.toString('pem'),
    privateKeyPem: privateKeyPem(await globalThis.crypto.subtle.exportKey('pkcs8', keys.privateKey)),
    chainPem: authority.certificatePem,
  };
}
