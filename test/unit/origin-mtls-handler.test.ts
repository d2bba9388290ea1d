// First: @peculiar/x509 needs the Reflect metadata stand-in before it loads.
import '../../lib/constructs/origin-mtls/reflect-metadata.ts';
import { X509Certificate as NodeCertificate } from 'node:crypto';
import { ACMClient, ImportCertificateCommand } from '@aws-sdk/client-acm';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler, type CustomResourceEvent, type OriginMtlsSettings } from '../../lib/constructs/origin-mtls/handler.ts';

/**
 * The deploy-time function of origin mutual TLS, with the AWS SDK clients' send() stubbed: what it asks
 * Secrets Manager, S3 and ACM, and what it answers CloudFormation, for each kind of event.
 */

const SETTINGS: OriginMtlsSettings = {
  AuthoritySecretArn: 'arn:aws:secretsmanager:ap-south-1:111122223333:secret:OriginMtlsAuthority-abc',
  AuthorityName: 'Creator News Hub origin CA (Test)',
  TruststoreBucket: 'truststore-bucket',
  TruststoreKey: 'origin-truststore.pem',
  CertificateRegion: 'us-east-1',
  ClientName: 'cloudfront.api-origin.news.example.in',
};
const ARN = 'arn:aws:acm:us-east-1:111122223333:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
const CONTEXT = { logStreamName: '2026/11/28/[$LATEST]abc', getRemainingTimeInMillis: () => 120_000 };

type Sent = { client: string; command: string; input: Record<string, unknown>; region?: string };

let sent: Sent[];
let secret: string;
let responses: Array<Record<string, unknown>>;
let acmFailure: Error | undefined;

function event(RequestType: CustomResourceEvent['RequestType'], PhysicalResourceId?: string): CustomResourceEvent {
  return {
    RequestType,
    ResponseURL: 'https://cloudformation-custom-resource-response.example/response',
    StackId: 'arn:aws:cloudformation:ap-south-1:111122223333:stack/CreatorNewsHub/1',
    RequestId: 'request-1',
    LogicalResourceId: 'HttpOriginMtlsMaterial',
    ...(PhysicalResourceId ? { PhysicalResourceId } : {}),
    ResourceProperties: { ...SETTINGS, ServiceToken: 'arn:aws:lambda:ap-south-1:111122223333:function:origin-mtls' },
  };
}

const decode = (bytes: unknown) => new TextDecoder().decode(bytes as Uint8Array);
const ofCommand = (name: string) => sent.filter((call) => call.command === name);

beforeEach(() => {
  sent = [];
  responses = [];
  acmFailure = undefined;
  secret = 'GeneratedPlaceholderValueOfSecretsManager';
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(SecretsManagerClient.prototype, 'send').mockImplementation(async function (command: unknown) {
    const input = (command as { input: Record<string, unknown> }).input;
    sent.push({ client: 'secrets', command: (command as object).constructor.name, input });
    if (command instanceof PutSecretValueCommand) secret = String(input.SecretString);
    if (command instanceof GetSecretValueCommand) return { SecretString: secret };
    return {};
  } as never);
  vi.spyOn(S3Client.prototype, 'send').mockImplementation(async function (command: unknown) {
    sent.push({ client: 's3', command: (command as object).constructor.name, input: (command as { input: Record<string, unknown> }).input });
    if (command instanceof PutObjectCommand) return { VersionId: `version-${sent.length}` };
    return {};
  } as never);
  vi.spyOn(ACMClient.prototype, 'send').mockImplementation(async function (this: ACMClient, command: unknown) {
    const input = (command as { input: Record<string, unknown> }).input;
    sent.push({ client: 'acm', command: (command as object).constructor.name, input, region: await this.config.region() });
    if (acmFailure) throw acmFailure;
    if (command instanceof ImportCertificateCommand) return { CertificateArn: (input.CertificateArn as string | undefined) ?? ARN };
    return {};
  } as never);
  vi.stubGlobal('fetch', async (_url: string, init: { body: string }) => {
    responses.push(JSON.parse(init.body) as Record<string, unknown>);
    return new Response(null, { status: 200 });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the origin mTLS custom resource', () => {
  it('on create: makes the authority once (into its secret), writes its certificate as the truststore, imports a new client certificate into us-east-1', async () => {
    await handler(event('Create'), CONTEXT);
    const authority = JSON.parse(secret) as { certificatePem: string; privateKeyPem: string };
    expect(ofCommand('PutSecretValueCommand')).toHaveLength(1);
    expect(new NodeCertificate(authority.certificatePem).subject).toBe(`CN=${SETTINGS.AuthorityName}`);
    expect(ofCommand('PutObjectCommand')[0]!.input).toMatchObject({ Bucket: SETTINGS.TruststoreBucket, Key: SETTINGS.TruststoreKey, Body: authority.certificatePem });
    const [imported] = ofCommand('ImportCertificateCommand');
    expect(imported!.region).toBe('us-east-1');
    expect(imported!.input.CertificateArn).toBeUndefined();
    const certificate = new NodeCertificate(decode(imported!.input.Certificate));
    expect(certificate.verify(new NodeCertificate(authority.certificatePem).publicKey)).toBe(true);
    expect(certificate.subject).toBe(`CN=${SETTINGS.ClientName}`);
    expect(decode(imported!.input.CertificateChain)).toBe(authority.certificatePem);
    expect(decode(imported!.input.PrivateKey)).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(responses).toEqual([
      expect.objectContaining({ Status: 'SUCCESS', PhysicalResourceId: ARN, RequestId: 'request-1', LogicalResourceId: 'HttpOriginMtlsMaterial', Data: { CertificateArn: ARN, TruststoreVersion: expect.stringMatching(/^version-/) } }),
    ]);
  });

  it('on update: keeps the authority it finds and re-imports under the same ARN', async () => {
    await handler(event('Create'), CONTEXT);
    const authority = secret;
    sent = [];
    await handler(event('Update', ARN), CONTEXT);
    expect(secret).toBe(authority);
    expect(ofCommand('PutSecretValueCommand')).toEqual([]);
    expect(ofCommand('ImportCertificateCommand')[0]!.input.CertificateArn).toBe(ARN);
    expect(responses.at(-1)).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: ARN });
  });

  it('on delete: deletes the certificate it made, and leaves one CloudFront still holds rather than fail the clean-up', async () => {
    await handler(event('Delete', ARN), CONTEXT);
    expect(ofCommand('DeleteCertificateCommand')).toEqual([expect.objectContaining({ region: 'us-east-1', input: { CertificateArn: ARN } })]);
    expect(responses.at(-1)).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: ARN });
    acmFailure = Object.assign(new Error('in use'), { name: 'ResourceInUseException' });
    await handler(event('Delete', ARN), CONTEXT);
    expect(responses.at(-1)).toMatchObject({ Status: 'SUCCESS' });
    // The delete after a failed create finds no certificate to remove.
    sent = [];
    await handler(event('Delete', 'HttpOriginMtlsMaterial-not-created'), CONTEXT);
    expect(ofCommand('DeleteCertificateCommand')).toEqual([]);
    expect(responses.at(-1)).toMatchObject({ Status: 'SUCCESS' });
  });

  it('answers FAILED with the reason when ACM refuses, so the stack rolls back instead of waiting', async () => {
    acmFailure = Object.assign(new Error('The certificate field contains more than one certificate'), { name: 'ValidationException' });
    await handler(event('Create'), CONTEXT);
    expect(responses).toEqual([
      expect.objectContaining({ Status: 'FAILED', PhysicalResourceId: 'HttpOriginMtlsMaterial-not-created', Reason: expect.stringMatching(/^ValidationException: The certificate field/) }),
    ]);
  });
});

describe('the rotation', () => {
  it('issues a new key and certificate from the stored authority and re-imports it under the same ARN', async () => {
    await handler(event('Create'), CONTEXT);
    const first = decode(ofCommand('ImportCertificateCommand')[0]!.input.Certificate);
    sent = [];
    await handler({ action: 'rotate', certificateArn: ARN, settings: SETTINGS }, CONTEXT);
    const [reimported] = ofCommand('ImportCertificateCommand');
    expect(reimported!.input.CertificateArn).toBe(ARN);
    const second = new NodeCertificate(decode(reimported!.input.Certificate));
    expect(second.serialNumber).not.toBe(new NodeCertificate(first).serialNumber);
    expect(second.verify(new NodeCertificate((JSON.parse(secret) as { certificatePem: string }).certificatePem).publicKey)).toBe(true);
    // The authority and the truststore stay as they are.
    expect(ofCommand('PutSecretValueCommand')).toEqual([]);
    expect(ofCommand('PutObjectCommand')).toEqual([]);
  });

  it('fails (for the alarm) when the secret holds no authority, and never makes a new one that API Gateway does not trust', async () => {
    await expect(handler({ action: 'rotate', certificateArn: ARN, settings: SETTINGS }, CONTEXT)).rejects.toThrow(/holds no certificate authority/);
    expect(ofCommand('ImportCertificateCommand')).toEqual([]);
  });
});
