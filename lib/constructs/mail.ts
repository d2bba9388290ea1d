import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as route53 from 'aws-cdk-lib/aws-route53';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { MailEventType } from '../stack-description.ts';

export interface MailProps {
  /** Domain the product sends from; its DKIM records are output for the DNS. */
  domain: string;
  /** The Route 53 zone of that domain, when the stack may write its DKIM records there itself. */
  zone?: route53.IHostedZone;
}

/** SES sending identity and configuration set (reputation metrics, TLS required, suppression of bounces). */
export class Mail extends Construct {
  readonly configurationSet: ses.ConfigurationSet;
  readonly identity: ses.EmailIdentity;
  readonly from: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      sendingEnabled: true,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      // In the domain's own zone SES's DKIM records are written by the stack; elsewhere they are outputs to copy.
      identity: props.zone ? ses.Identity.publicHostedZone(props.zone) : ses.Identity.domain(props.domain),
      configurationSet: this.configurationSet,
    });
    this.from = `Creator News Hub <news@${props.domain}>`;
  }

  /**
   * Sends the configuration set's events of these types to a function: SES publishes them to an SNS topic
   * (encrypted with a key SES may use: the AWS-managed SNS key cannot grant SES), the function subscribes.
   */
  deliverEvents(events: readonly MailEventType[], fn: lambda.IFunction): sns.Topic {
    const key = new kms.Key(this, 'EventsKey', { enableKeyRotation: true, description: 'Encrypts the SES bounce and complaint topic' });
    key.addToResourcePolicy(
      new iam.PolicyStatement({ actions: ['kms:GenerateDataKey*', 'kms:Decrypt'], principals: [new iam.ServicePrincipal('ses.amazonaws.com')], resources: ['*'] }),
    );
    // Grants of this key only for AWS services acting on AWS resources (AWS Control Tower CT.KMS.PR.3): nothing here makes grants.
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        actions: ['kms:CreateGrant'],
        principals: [new iam.AnyPrincipal()],
        resources: ['*'],
        conditions: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
      }),
    );
    const topic = new sns.Topic(this, 'Events', { displayName: 'SES bounces and complaints', enforceSSL: true, masterKey: key });
    const sendingEvents = { Bounce: ses.EmailSendingEvent.BOUNCE, Complaint: ses.EmailSendingEvent.COMPLAINT } as const;
    this.configurationSet.addEventDestination('Events', {
      destination: ses.EventDestination.snsTopic(topic),
      events: events.map((event) => sendingEvents[event]),
    });
    topic.addSubscription(new LambdaSubscription(fn));
    return topic;
  }

  get identityArn(): string {
    const stack = Stack.of(this);
    return stack.formatArn({ service: 'ses', resource: 'identity', resourceName: this.identity.emailIdentityName });
  }

  get configurationSetArn(): string {
    const stack = Stack.of(this);
    return stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName });
  }
}
