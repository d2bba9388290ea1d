import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Construct } from 'constructs';
import { limitGrantsToAwsServices } from './keys.ts';
import { acknowledge } from './nag.ts';
import type { MailEventType } from '../stack-description.ts';

export interface MailProps {
  /** Domain the product sends from. Its SES identity is the mail stack's (lib/mail-stack.ts), verified before this stack deploys. */
  domain: string;
}

/**
 * How the app sends as the mail domain: the configuration set every mail names (reputation metrics, TLS
 * required, suppression of bounces) and the identity's ARN for the grants. The identity itself is made and
 * verified by the stacks deployed before this one.
 */
export class Mail extends Construct {
  readonly configurationSet: ses.ConfigurationSet;
  readonly domain: string;
  readonly from: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      sendingEnabled: true,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.domain = props.domain;
    this.from = `Creator News Hub <news@${props.domain}>`;
  }

  /**
   * Sends the configuration set's events of these types to a function: SES publishes them to an SNS topic
   * (encrypted with a key SES may use: the AWS-managed SNS key cannot grant SES), the function subscribes.
   * An event that cannot be handled ends in `deadLetters`: SNS puts there what it could not deliver, and
   * Lambda what still failed after its own retries of the asynchronous invocation (SNS invokes asynchronously).
   */
  deliverEvents(events: readonly MailEventType[], fn: lambda.IFunction, deadLetters: sqs.IQueue, retryAttempts: number): sns.Topic {
    const key = new kms.Key(this, 'EventsKey', { enableKeyRotation: true, description: 'Encrypts the SES bounce and complaint topic' });
    key.addToResourcePolicy(
      new iam.PolicyStatement({ actions: ['kms:GenerateDataKey*', 'kms:Decrypt'], principals: [new iam.ServicePrincipal('ses.amazonaws.com')], resources: ['*'] }),
    );
    limitGrantsToAwsServices(key);
    const topic = new sns.Topic(this, 'Events', { displayName: 'SES bounces and complaints', enforceSSL: true, masterKey: key });
    const sendingEvents = { Bounce: ses.EmailSendingEvent.BOUNCE, Complaint: ses.EmailSendingEvent.COMPLAINT } as const;
    this.configurationSet.addEventDestination('Events', {
      destination: ses.EventDestination.snsTopic(topic),
      events: events.map((event) => sendingEvents[event]),
    });
    topic.addSubscription(new LambdaSubscription(fn, { deadLetterQueue: deadLetters }));
    fn.configureAsyncInvoke({ retryAttempts, onFailure: new SqsDestination(deadLetters) });
    if (deadLetters.encryptionMasterKey) {
      for (const action of ['kms:ReEncrypt*', 'kms:GenerateDataKey*']) {
        acknowledge(fn.role ?? fn, `IAM5[Action::${action}]`, 'Writing the mail events\' dead-letter queue: the key actions of an SQS send, on that queue\'s own key only (a customer managed key, which SNS needs to write there too).');
      }
    }
    return topic;
  }

  get identityArn(): string {
    const stack = Stack.of(this);
    return stack.formatArn({ service: 'ses', resource: 'identity', resourceName: this.domain });
  }

  get configurationSetArn(): string {
    const stack = Stack.of(this);
    return stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName });
  }
}
