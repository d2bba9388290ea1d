/**
 * Deploy-time function of the API's origin mutual TLS (lib/constructs/origin-mtls.ts): a CloudFormation custom
 * resource that keeps the certificate authority in Secrets Manager, writes its certificate as API Gateway's
 * truststore and imports the client certificate CloudFront presents into ACM in us-east-1; and, on a schedule,
 * the rotation that issues a new client certificate and re-imports it under the same ARN, so CloudFront needs
 * no change. Everything it needs comes in the event (the custom resource's properties, the rule's input).
 */
import { ACMClient, DeleteCertificateCommand, ImportCertificateCommand } from '@aws-sdk/client-acm';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createCertificateAuthority, issueClientCertificate, type CertificateAuthority } from './certificates.ts';

/** The custom resource's properties and the rotation's input (CloudFormation hands every value over as a string). */
export interface OriginMtlsSettings {
  /** The secret that holds the authority: {"certificatePem","privateKeyPem"}. */
  AuthoritySecretArn: string;
  AuthorityName: string;
  TruststoreBucket: string;
  TruststoreKey: string;
  /** Where CloudFront takes certificates from: us-east-1. */
  CertificateRegion: string;
  /** The client certificate's subject and DNS name. */
  ClientName: string;
}

export interface CustomResourceEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  ResponseURL: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  PhysicalResourceId?: string;
  ResourceProperties: OriginMtlsSettings & { ServiceToken: string };
}

export interface RotationEvent {
  action: 'rotate';
  certificateArn: string;
  settings: OriginMtlsSettings;
}

interface LambdaContext {
  logStreamName: string;
  getRemainingTimeInMillis(): number;
}

const log = (message: string, fields: Record<string, unknown> = {}) => console.log(JSON.stringify({ message, ...fields }));

const utf8 = (text: string) => new TextEncoder().encode(text);

function isAuthority(value: unknown): value is CertificateAuthority {
  const candidate = value as Partial<CertificateAuthority> | null;
  return typeof candidate?.certificatePem === 'string' && typeof candidate.privateKeyPem === 'string' && candidate.certificatePem.includes('BEGIN CERTIFICATE');
}

/**
 * The authority in the secret, made and stored on first use. The secret starts with a random value of
 * Secrets Manager's; anything that is not an authority is replaced once, and from then on the same one is read.
 */
async function authorityOf(settings: OriginMtlsSettings, create: boolean): Promise<CertificateAuthority> {
  const secrets = new SecretsManagerClient({});
  const stored = await secrets.send(new GetSecretValueCommand({ SecretId: settings.AuthoritySecretArn }));
  try {
    const parsed: unknown = JSON.parse(stored.SecretString ?? '');
    if (isAuthority(parsed)) return parsed;
  } catch {
    // Not yet an authority: Secrets Manager's generated placeholder.
  }
  if (!create) throw new Error(`Secret ${settings.AuthoritySecretArn} holds no certificate authority`);
  const authority = await createCertificateAuthority({ commonName: settings.AuthorityName });
  await secrets.send(new PutSecretValueCommand({ SecretId: settings.AuthoritySecretArn, SecretString: JSON.stringify(authority) }));
  log('created the origin certificate authority', { secret: settings.AuthoritySecretArn });
  return authority;
}

/** The authority's certificate as API Gateway's truststore; the new object version names it to the domain. */
async function writeTruststore(settings: OriginMtlsSettings, authority: CertificateAuthority): Promise<string> {
  const answer = await new S3Client({}).send(
    new PutObjectCommand({ Bucket: settings.TruststoreBucket, Key: settings.TruststoreKey, Body: authority.certificatePem, ContentType: 'application/x-pem-file' }),
  );
  if (!answer.VersionId) throw new Error(`Bucket ${settings.TruststoreBucket} returned no object version: is versioning on?`);
  return answer.VersionId;
}

/** A new client certificate into ACM: a new ARN, or a reimport under `certificateArn` (its associations stay). */
async function importClientCertificate(settings: OriginMtlsSettings, authority: CertificateAuthority, certificateArn?: string): Promise<string> {
  const client = await issueClientCertificate(authority, { dnsName: settings.ClientName });
  const answer = await new ACMClient({ region: settings.CertificateRegion }).send(
    new ImportCertificateCommand({
      Certificate: utf8(client.certificatePem),
      PrivateKey: utf8(client.privateKeyPem),
      CertificateChain: utf8(client.chainPem),
      ...(certificateArn ? { CertificateArn: certificateArn } : {}),
    }),
  );
  if (!answer.CertificateArn) throw new Error('ACM returned no certificate ARN');
  log(certificateArn ? 're-imported the origin client certificate' : 'imported the origin client certificate', { certificateArn: answer.CertificateArn });
  return answer.CertificateArn;
}

const CERTIFICATE_ARN = /^arn:aws[\w-]*:acm:([\w-]+):\d{12}:certificate\/[\w-]+$/;

async function deleteClientCertificate(certificateArn: string): Promise<void> {
  const region = CERTIFICATE_ARN.exec(certificateArn)?.[1];
  if (!region) return;
  try {
    await new ACMClient({ region }).send(new DeleteCertificateCommand({ CertificateArn: certificateArn }));
    log('deleted the origin client certificate', { certificateArn });
  } catch (error) {
    const name = (error as { name?: string }).name;
    // Gone already; or still held by CloudFront while a replacement deploys: left in place (no charge), never
    // a stack stuck in its clean-up.
    if (name !== 'ResourceNotFoundException' && name !== 'ResourceInUseException') throw error;
    log('left the origin client certificate in place', { certificateArn, reason: name });
  }
}

async function onEvent(event: CustomResourceEvent): Promise<{ physicalId: string; data?: Record<string, string> }> {
  const settings = event.ResourceProperties;
  const previous = event.PhysicalResourceId;
  if (event.RequestType === 'Delete') {
    if (previous && CERTIFICATE_ARN.test(previous)) await deleteClientCertificate(previous);
    return { physicalId: previous ?? event.LogicalResourceId };
  }
  const authority = await authorityOf(settings, true);
  const truststoreVersion = await writeTruststore(settings, authority);
  // An update keeps the certificate's ARN (a reimport) unless it has to move region; a new ARN makes
  // CloudFormation delete the old certificate once the distribution has the new one.
  const keep = event.RequestType === 'Update' && previous && CERTIFICATE_ARN.exec(previous)?.[1] === settings.CertificateRegion ? previous : undefined;
  const certificateArn = await importClientCertificate(settings, authority, keep);
  return { physicalId: certificateArn, data: { CertificateArn: certificateArn, TruststoreVersion: truststoreVersion } };
}

async function respond(event: CustomResourceEvent, body: Record<string, unknown>): Promise<void> {
  const payload = JSON.stringify({ StackId: event.StackId, RequestId: event.RequestId, LogicalResourceId: event.LogicalResourceId, ...body });
  const answer = await fetch(event.ResponseURL, { method: 'PUT', headers: { 'content-type': '' }, body: payload });
  if (!answer.ok) throw new Error(`CloudFormation's response URL answered ${answer.status}`);
}

async function customResource(event: CustomResourceEvent, context: LambdaContext): Promise<void> {
  // Answer before Lambda's own time-out would: a custom resource that never answers holds the stack for an hour.
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('Ran out of time')), Math.max(1_000, context.getRemainingTimeInMillis() - 10_000));
  });
  try {
    const { physicalId, data } = await Promise.race([onEvent(event), outOfTime]);
    await respond(event, { Status: 'SUCCESS', PhysicalResourceId: physicalId, ...(data ? { Data: data } : {}) });
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log('origin mTLS custom resource failed', { requestType: event.RequestType, reason });
    await respond(event, {
      Status: 'FAILED',
      Reason: `${reason.slice(0, 300)} (log stream ${context.logStreamName})`,
      // A failed create has no certificate: its delete (on rollback) then finds nothing to remove.
      PhysicalResourceId: event.PhysicalResourceId ?? `${event.LogicalResourceId}-not-created`,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** Every ROTATION_DAYS: a new key and certificate under the same ARN; the authority and truststore stay. */
async function rotate(event: RotationEvent): Promise<void> {
  const authority = await authorityOf(event.settings, false);
  await importClientCertificate(event.settings, authority, event.certificateArn);
}

export async function handler(event: CustomResourceEvent | RotationEvent, context: LambdaContext): Promise<void> {
  if ('RequestType' in event) return customResource(event, context);
  if (event.action === 'rotate') return rotate(event);
  throw new Error(`Unknown event: ${JSON.stringify(event).slice(0, 200)}`);
}
