/** Runtime settings, served beside the site as /config.json (written at deploy, or by the local runtime). */
export interface SiteConfig {
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
  /** USER_PASSWORD_AUTH locally (cognito-local has no SRP); SRP in AWS. */
  authFlowType?: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
}

let loaded: Promise<SiteConfig> | undefined;

export function siteConfig(): Promise<SiteConfig> {
  loaded ??= fetch('/config.json', { cache: 'no-store' }).then((response) => {
    if (!response.ok) throw new Error('Service not found - please try again later');
    return response.json() as Promise<SiteConfig>;
  });
  return loaded;
}
