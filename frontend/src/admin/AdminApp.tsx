import '@cloudscape-design/global-styles/index.css';
import AppLayout from '@cloudscape-design/components/app-layout';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SideNavigation from '@cloudscape-design/components/side-navigation';
import Spinner from '@cloudscape-design/components/spinner';
import { useCallback, useEffect, useState } from 'react';
import { fetchAdminPing, type AdminPing } from './api.ts';
import { ApiError } from '../api/client.ts';
import { idToken, signOutEverywhere } from '../auth/session.ts';
import { SignInForm } from './SignInForm.tsx';
import { StatusOverview } from './StatusOverview.tsx';

type Access = { state: 'checking' } | { state: 'guest' } | { state: 'denied'; message: string } | { state: 'admin'; data: AdminPing };

/** The console shell: sign-in, the server's role check, and the dashboard. Loaded only under /admin. */
export default function AdminApp() {
  const [access, setAccess] = useState<Access>({ state: 'checking' });
  const [error, setError] = useState<string | null>(null);

  const check = useCallback(async () => {
    setAccess({ state: 'checking' });
    setError(null);
    const token = await idToken();
    if (!token) return setAccess({ state: 'guest' });
    try {
      setAccess({ state: 'admin', data: await fetchAdminPing(token) });
    } catch (caught) {
      if (caught instanceof ApiError && (caught.status === 401 || caught.status === 403)) {
        return setAccess(caught.status === 401 ? { state: 'guest' } : { state: 'denied', message: caught.message });
      }
      setAccess({ state: 'denied', message: '' });
      setError(caught instanceof Error ? caught.message : 'Failed to fetch system metrics');
    }
  }, []);

  useEffect(() => {
    void check();
  }, [check]);

  const signOut = async () => {
    await signOutEverywhere();
    setAccess({ state: 'guest' });
  };

  const signOutButton = <Button onClick={() => void signOut()}>Sign Out</Button>;

  const content = (() => {
    switch (access.state) {
      case 'checking':
        return <Spinner size="large" />;
      case 'guest':
        return <SignInForm onSignedIn={() => void check()} />;
      case 'denied':
        return (
          <ContentLayout header={<Header variant="h1" actions={signOutButton}>{error ? 'Dashboard Overview' : access.message}</Header>}>
            {error && <StatusOverview data={null} loading={false} error={error} />}
          </ContentLayout>
        );
      case 'admin':
        return (
          <ContentLayout header={<Header variant="h1" actions={signOutButton}>Dashboard Overview</Header>}>
            <StatusOverview data={access.data} loading={false} error={null} />
          </ContentLayout>
        );
    }
  })();

  return (
    <AppLayout
      navigation={
        <SideNavigation
          header={{ text: 'Creator News Hub', href: '/admin' }}
          items={[
            { type: 'link', text: 'Main Site', href: '/', external: false },
            { type: 'link', text: 'Dashboard', href: '/admin' },
          ]}
        />
      }
      tools={undefined}
      toolsHide
      content={content}
    />
  );
}
