import { Stack } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface MailProps {
  /** Domain the product sends from; its DKIM records are output for the DNS. */
  domain: string;
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
      identity: ses.Identity.domain(props.domain),
      configurationSet: this.configurationSet,
    });
    this.from = `Creator News Hub <news@${props.domain}>`;
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
