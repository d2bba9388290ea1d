import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { GROUPS, PASSWORD_POLICY, TOKEN_VALIDITY } from '../auth-settings.ts';
import { acknowledge } from './nag.ts';

export interface UserAuthProps {
  /** The verified SES domain Cognito sends its mails from, with the product's configuration set. */
  mail: { domain: string; configurationSetName: string; region: string };
  /** The first admin: created by the deploy, put in the admin group, invited by Cognito with a temporary password. */
  adminEmail?: string;
}

/** Sign-up with e-mail verification, the spec's password policy, the admin and moderator groups, a web client. */
export class UserAuth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: UserAuthProps) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'Users', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true }, fullname: { required: false, mutable: true } },
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: false,
      },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Verification and reset mails go through the product's SES identity (Cognito's own sender is capped
      // at a few mails a day); their text comes from the CustomMessage trigger.
      email: cognito.UserPoolEmail.withSES({
        fromEmail: `no-reply@${props.mail.domain}`,
        fromName: 'Creator News Hub',
        sesRegion: props.mail.region,
        sesVerifiedDomain: props.mail.domain,
        configurationSetName: props.mail.configurationSetName,
      }),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.userPool, 'COG1', 'The product spec fixes the password rule: 8-128 characters with lower case, upper case and digits, no symbol required; the sign-up form shows exactly these messages.');
    acknowledge(this.userPool, 'COG2', 'MFA is offered (TOTP, optional); requiring it would lock out casual readers who only bookmark and like. Admin accounts are expected to enrol.');
    acknowledge(this.userPool, 'COG8', 'Essentials feature plan for now: Plus-tier threat protection is billed per active user; revisit when the audience grows.');
    const groups = new Map<string, cognito.CfnUserPoolGroup>();
    for (const group of GROUPS) {
      const created = new cognito.CfnUserPoolGroup(this, `Group-${group.name}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: group.name,
        description: group.description,
        precedence: group.precedence,
      });
      groups.set(group.name, created);
    }
    if (props.adminEmail) {
      // The pool signs in by e-mail, so the address is the user name. Cognito mails the invitation itself
      // (through the SES identity above); the admin sets a password at first sign-in.
      const admin = new cognito.CfnUserPoolUser(this, 'FirstAdmin', {
        userPoolId: this.userPool.userPoolId,
        username: props.adminEmail,
        userAttributes: [
          { name: 'email', value: props.adminEmail },
          { name: 'email_verified', value: 'true' },
        ],
        desiredDeliveryMediums: ['EMAIL'],
      });
      const adminGroup = groups.get('admin');
      if (!adminGroup) throw new Error('The auth settings name no admin group');
      const membership = new cognito.CfnUserPoolUserToGroupAttachment(this, 'FirstAdminGroup', {
        userPoolId: this.userPool.userPoolId,
        groupName: adminGroup.groupName as string,
        username: props.adminEmail,
      });
      membership.node.addDependency(admin, adminGroup);
      // A later deploy without adminEmail drops these from the template: CloudFormation then leaves the
      // account and its admin membership in the pool instead of deleting the owner's sign-in.
      for (const kept of [admin, membership]) kept.applyRemovalPolicy(RemovalPolicy.RETAIN);
    }
    this.webClient = this.userPool.addClient('Web', {
      authFlows: { userSrp: true, userPassword: false },
      // The site signs in with SRP against the pool directly; no hosted UI, so no OAuth flow (CDK's default
      // would allow the implicit grant with a callback to https://example.com).
      disableOAuth: true,
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.hours(TOKEN_VALIDITY.idTokenHours),
      accessTokenValidity: Duration.hours(TOKEN_VALIDITY.accessTokenHours),
      refreshTokenValidity: Duration.days(TOKEN_VALIDITY.refreshTokenDays),
    });
  }
}
