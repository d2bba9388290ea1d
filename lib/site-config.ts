/**
 * What the front end reads from /config.json at start. Written by the CDK stack at deploy and served
 * by the local runtime; one type for both and for the front end.
 */
export interface SiteConfig {
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only locally: where Amplify finds cognito-local instead of Cognito. */
  userPoolEndpoint?: string;
  /** USER_PASSWORD_AUTH locally (cognito-local has no SRP); SRP in AWS. */
  authFlowType?: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  /**
   * The checkout script the Donate page loads: Razorpay's on AWS, the local stand-in's clearly labelled
   * test checkout here (`testCheckout` true), which pays without money and signs as Razorpay does.
   */
  payments: { checkoutScriptUrl: string; testCheckout: boolean };
  /**
   * Where readers write to: the deploy config's contactEmail (the local runtime's own locally). Every mail
   * link of the site shows it; no address is built into the front end.
   */
  contactEmail: string;
  /** The site's own address (its custom domain when it has one), which the legal pages link to. */
  siteUrl: string;
}
