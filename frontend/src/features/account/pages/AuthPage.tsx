import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { confirmationCodeSchema, emailSchema, fieldMessages, passwordSchema, signInSchema, signUpSchema } from '#domain/reader/account.ts';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { signInFailure } from '#web/shared/auth/signInFailure.ts';
import { loadSession } from '#web/shared/auth/user.ts';
import { useToast } from '#web/shared/ui/Toasts.tsx';

type Mode = 'sign-in' | 'sign-up' | 'confirm' | 'forgot' | 'reset' | 'new-password';

/** The password rules (passwordSchema, the pool's policy) in one sentence, under every new-password field. */
const PASSWORD_HINT = 'At least 8 characters, with lower case, upper case and a number.';

/** Cognito's and Amplify's messages are written for readers; anything else gets the spec's fallback. */
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'An error occurred');


function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Where to go after signing in: `?redirect=` when it is a path on this site (the console sends guests here
 * with it), else the home page. Anything else (another origin, `//host`, a scheme) is ignored.
 */
export function afterSignIn(redirect: string | null): string {
  return redirect && /^\/(?![/\\])/.test(redirect) ? redirect : '/';
}

/** True when the console's guard sent the visitor here (its address is under /admin): only they need the admin note. */
export function sentFromConsole(destination: string): boolean {
  return /^\/admin(?:[/?#]|$)/.test(destination);
}

/** Sign In and Sign Up (reader spec section 2), with e-mail verification, resend and password reset. */
export default function AuthPage() {
  const { status, reload } = useAuth();
  const [searchParams] = useSearchParams();
  const destination = afterSignIn(searchParams.get('redirect'));
  const toast = useToast();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Sign in · Creator News Hub';
  }, []);

  if (status === 'signed-in') return <Navigate to={destination} replace />;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) return setErrors(fieldMessages(parsed.error));
    setErrors({});
    void run(async () => {
      const session = await loadSession();
      try {
        await session.signInWithPassword(parsed.data.email, parsed.data.password);
        await reload();
        toast('Welcome Back!', 'You have successfully logged in.');
        navigate(destination, { replace: true });
      } catch (error) {
        if (error instanceof session.NeedsConfirmation) {
          setMode('confirm');
          setNote('Please check your email to verify your account.');
          return;
        }
        if (error instanceof session.NeedsNewPassword) {
          setMode('new-password');
          setNote('You signed in with a temporary password. Choose your own to finish signing in.');
          return;
        }
        toast('Login Failed', signInFailure(error));
        setErrors({ form: signInFailure(error) });
      }
    });
  };

  const signUp = (event: FormEvent) => {
    event.preventDefault();
    const parsed = signUpSchema.safeParse({ fullName, email, password });
    if (!parsed.success) return setErrors(fieldMessages(parsed.error));
    setErrors({});
    void run(async () => {
      try {
        await (await loadSession()).signUpWithPassword(parsed.data);
        toast('Account Created!', 'Please check your email to verify your account.');
        setMode('confirm');
        setNote(`We sent a 6-digit code to ${parsed.data.email}.`);
      } catch (error) {
        toast('Signup Failed', messageOf(error));
        setErrors({ form: messageOf(error) });
      }
    });
  };

  /** The temporary password's challenge: the sign-up form's password rules, then a normal sign-in's ending. */
  const chooseNewPassword = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordSchema.safeParse(newPassword);
    const found: Record<string, string> = {};
    if (!parsed.success) found.newPassword = parsed.error.issues[0]?.message ?? 'Please enter a valid password';
    if (confirmPassword !== newPassword) found.confirmPassword = 'Passwords do not match';
    if (Object.keys(found).length) return setErrors(found);
    setErrors({});
    void run(async () => {
      try {
        await (await loadSession()).chooseNewPassword(newPassword);
        await reload();
        toast('Welcome!', 'Your new password is set and you are signed in.');
        navigate(destination, { replace: true });
      } catch (error) {
        setErrors({ form: messageOf(error) });
      }
    });
  };

  const backToSignIn = () => {
    setMode('sign-in');
    setPassword('');
    setNewPassword('');
    setConfirmPassword('');
    setErrors({});
    setNote(null);
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const parsed = confirmationCodeSchema.safeParse(code);
    if (!parsed.success) return setErrors({ code: parsed.error.issues[0]?.message ?? 'Enter the 6-digit code from the email' });
    setErrors({});
    void run(async () => {
      const session = await loadSession();
      try {
        await session.confirmEmail(email, parsed.data);
        if (password) {
          await session.signInWithPassword(email, password);
          await reload();
          toast('Welcome Back!', 'You have successfully logged in.');
          navigate(destination, { replace: true });
        } else {
          setMode('sign-in');
          setNote('Your e-mail is verified. Sign in to continue.');
        }
      } catch (error) {
        setErrors({ code: messageOf(error) });
      }
    });
  };

  const resend = () =>
    void run(async () => {
      try {
        await (await loadSession()).resendCode(email);
        setNote(`A new code is on its way to ${email.trim().toLowerCase()}.`);
      } catch (error) {
        setErrors({ code: messageOf(error) });
      }
    });

  const forgot = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setErrors({ email: 'Please enter a valid email address' });
    setErrors({});
    void run(async () => {
      try {
        await (await loadSession()).startPasswordReset(parsed.data);
        setMode('reset');
        setNote(`If an account exists for ${parsed.data}, a reset code is on its way.`);
      } catch (error) {
        setErrors({ form: messageOf(error) });
      }
    });
  };

  const reset = (event: FormEvent) => {
    event.preventDefault();
    const codeOk = confirmationCodeSchema.safeParse(code);
    const passwordOk = passwordSchema.safeParse(password);
    if (!codeOk.success || !passwordOk.success) {
      return setErrors({
        ...(codeOk.success ? {} : { code: codeOk.error.issues[0]?.message ?? '' }),
        ...(passwordOk.success ? {} : { password: passwordOk.error.issues[0]?.message ?? '' }),
      });
    }
    setErrors({});
    void run(async () => {
      try {
        await (await loadSession()).finishPasswordReset(email, codeOk.data, password);
        setPassword('');
        setCode('');
        setMode('sign-in');
        setNote('Your password is changed. Sign in with the new one.');
      } catch (error) {
        setErrors({ form: messageOf(error) });
      }
    });
  };

  const tab = (target: 'sign-in' | 'sign-up', label: string) => (
    <button
      type="button"
      role="tab"
      id={`auth-tab-${target}`}
      aria-selected={mode === target}
      aria-controls="auth-panel"
      onClick={() => {
        setMode(target);
        setErrors({});
        setNote(null);
      }}
    >
      {label}
    </button>
  );

  const input = (id: string, type: string, value: string, set: (value: string) => void, autoComplete: string, extra: Record<string, unknown> = {}) => (
    <input
      id={id}
      type={type}
      value={value}
      autoComplete={autoComplete}
      aria-invalid={Boolean(errors[id.replace('auth-', '')])}
      aria-describedby={errors[id.replace('auth-', '')] ? `${id}-error` : undefined}
      onChange={(event) => set(event.target.value)}
      {...extra}
    />
  );

  return (
    <main className="page auth-page">
      <Link to="/" className="back-link">
        ← Back to Home
      </Link>
      <section className="auth-card" aria-labelledby="auth-heading">
        <h1 id="auth-heading">{mode === 'sign-up' ? 'Create your account' : mode === 'confirm' ? 'Verify your e-mail' : mode === 'forgot' || mode === 'reset' ? 'Reset your password' : mode === 'new-password' ? 'Choose a new password' : 'Welcome back'}</h1>
        {sentFromConsole(destination) && <p className="muted">Admin access required for content management</p>}
        {(mode === 'sign-in' || mode === 'sign-up') && (
          <div role="tablist" aria-label="Sign in or sign up" className="tabs">
            {tab('sign-in', 'Sign In')}
            {tab('sign-up', 'Sign Up')}
          </div>
        )}
        {note && (
          <p className="notice" role="status">
            {note}
          </p>
        )}
        {errors.form && (
          <p className="notice error" role="alert">
            {errors.form}
          </p>
        )}
        <div id="auth-panel" role={mode === 'sign-in' || mode === 'sign-up' ? 'tabpanel' : undefined} aria-labelledby={mode === 'sign-in' || mode === 'sign-up' ? `auth-tab-${mode}` : undefined}>
          {mode === 'sign-in' && (
            <form onSubmit={signIn} noValidate>
              <Field id="auth-email" label="Email" error={errors.email}>{input('auth-email', 'email', email, setEmail, 'username')}</Field>
              <Field id="auth-password" label="Password" error={errors.password}>{input('auth-password', 'password', password, setPassword, 'current-password')}</Field>
              <button type="submit" className="primary" disabled={busy}>
                {busy ? 'Signing in...' : 'Sign In'}
              </button>
              <button type="button" className="link-button" onClick={() => { setMode('forgot'); setErrors({}); setNote(null); }}>
                Forgot password?
              </button>
            </form>
          )}
          {mode === 'sign-up' && (
            <form onSubmit={signUp} noValidate>
              <Field id="auth-fullName" label="Full Name" error={errors.fullName}>{input('auth-fullName', 'text', fullName, setFullName, 'name', { maxLength: 100 })}</Field>
              <Field id="auth-email" label="Email" error={errors.email}>{input('auth-email', 'email', email, setEmail, 'username', { maxLength: 254 })}</Field>
              <Field id="auth-password" label="Password" error={errors.password}>{input('auth-password', 'password', password, setPassword, 'new-password', { minLength: 6 })}</Field>
              <p className="hint">{PASSWORD_HINT}</p>
              <button type="submit" className="primary" disabled={busy}>
                {busy ? 'Creating account...' : 'Sign Up'}
              </button>
            </form>
          )}
          {mode === 'confirm' && (
            <form onSubmit={confirm} noValidate>
              <Field id="auth-email" label="Email" error={errors.email}>{input('auth-email', 'email', email, setEmail, 'username')}</Field>
              <Field id="auth-code" label="Verification code" error={errors.code}>{input('auth-code', 'text', code, setCode, 'one-time-code', { inputMode: 'numeric', maxLength: 6 })}</Field>
              <button type="submit" className="primary" disabled={busy}>
                Verify
              </button>
              <button type="button" className="link-button" onClick={resend} disabled={busy}>
                Resend code
              </button>
            </form>
          )}
          {mode === 'forgot' && (
            <form onSubmit={forgot} noValidate>
              <Field id="auth-email" label="Email" error={errors.email}>{input('auth-email', 'email', email, setEmail, 'username')}</Field>
              <button type="submit" className="primary" disabled={busy}>
                Send reset code
              </button>
              <button type="button" className="link-button" onClick={() => setMode('sign-in')}>
                Back to Sign In
              </button>
            </form>
          )}
          {mode === 'new-password' && (
            <form onSubmit={chooseNewPassword} noValidate aria-label="Choose a new password">
              <Field id="auth-newPassword" label="New password" error={errors.newPassword}>{input('auth-newPassword', 'password', newPassword, setNewPassword, 'new-password')}</Field>
              <Field id="auth-confirmPassword" label="Confirm new password" error={errors.confirmPassword}>{input('auth-confirmPassword', 'password', confirmPassword, setConfirmPassword, 'new-password')}</Field>
              <p className="hint">{PASSWORD_HINT}</p>
              <button type="submit" className="primary" disabled={busy}>
                {busy ? 'Saving...' : 'Set password and sign in'}
              </button>
              <button type="button" className="link-button" onClick={backToSignIn}>
                Back to Sign In
              </button>
            </form>
          )}
          {mode === 'reset' && (
            <form onSubmit={reset} noValidate>
              <Field id="auth-code" label="Reset code" error={errors.code}>{input('auth-code', 'text', code, setCode, 'one-time-code', { inputMode: 'numeric', maxLength: 6 })}</Field>
              <Field id="auth-password" label="New password" error={errors.password}>{input('auth-password', 'password', password, setPassword, 'new-password')}</Field>
              <button type="submit" className="primary" disabled={busy}>
                Change password
              </button>
            </form>
          )}
        </div>
      </section>
    </main>
  );
}
