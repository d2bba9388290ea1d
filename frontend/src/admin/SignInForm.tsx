import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { signInWithPassword } from '../auth/session.ts';

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setError('Please enter a valid email address');
    setBusy(true);
    setError(null);
    try {
      await signInWithPassword(email, password);
      onSignedIn();
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'An error occurred');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Form
        header={<Header variant="h1" description="Admin access required for content management">Sign in to the console</Header>}
        errorText={error ? `Login Failed: ${error}` : undefined}
        actions={
          <Button variant="primary" formAction="submit" loading={busy}>
            Sign In
          </Button>
        }
      >
        <Container>
          <SpaceBetween size="m">
            <FormField label="Email">
              <Input type="email" value={email} onChange={({ detail }) => setEmail(detail.value)} autoComplete="username" />
            </FormField>
            <FormField label="Password">
              <Input type="password" value={password} onChange={({ detail }) => setPassword(detail.value)} autoComplete="current-password" />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
