import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '#web/shared/api/client.ts';

/**
 * Error boundaries at three levels (reader spec section 8). Component: a box with the message and
 * Retry. Page: Application Error with Try Again and Go Home. Critical: Critical Application Error with
 * Try Again, Go Home and Reload Page. Page and critical show technical details, an error id and the time.
 * Admin (console spec section 8): Admin Panel Error with the error id, Try Again and Return to Dashboard.
 */
export type BoundaryLevel = 'component' | 'page' | 'critical' | 'admin';

interface Props {
  level: BoundaryLevel;
  children: ReactNode;
  /** Title of a component-level box (the article card says Article Loading Error). */
  title?: string;
  /** Message when the error has none. */
  fallbackMessage?: string;
}

interface State {
  error: Error | null;
  componentStack: string;
  errorId: string;
  at: string;
}

const COMPONENT_STACK_MAX = 500;

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, componentStack: '', errorId: '', at: '' };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, errorId: `err_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`, at: new Date().toISOString() };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.setState({ componentStack: (info.componentStack ?? '').slice(0, COMPONENT_STACK_MAX) });
    console.error(`[${this.props.level}] ${error.name}: ${error.message}`);
    reportClientError({
      errorId: this.state.errorId,
      level: this.props.level,
      name: error.name.slice(0, 100),
      message: error.message.slice(0, 1000),
      page: window.location.pathname.slice(0, 500),
    });
  }

  private readonly reset = () => this.setState({ error: null, componentStack: '' });

  override render(): ReactNode {
    const { error, componentStack, errorId, at } = this.state;
    const { level, children, title, fallbackMessage } = this.props;
    if (!error) return children;
    if (level === 'component') {
      return (
        <div role="alert" className="notice error">
          <strong>{title ?? 'Component Error'}</strong>
          <p>{error.message || fallbackMessage || 'An unexpected error occurred in this component.'}</p>
          <button type="button" onClick={this.reset}>
            {title ? 'Try Again' : 'Retry'}
          </button>
        </div>
      );
    }
    if (level === 'admin') {
      return (
        <main className="page">
          <div role="alert" className="card error-card">
            <h1>Admin Panel Error</h1>
            <p>Something went wrong in the admin panel. This has been logged for review.</p>
            <p>Error ID: {errorId}</p>
            <div className="card-actions">
              <button type="button" onClick={this.reset}>
                Try Again
              </button>
              <a href="/admin">Return to Dashboard</a>
            </div>
          </div>
        </main>
      );
    }
    const critical = level === 'critical';
    return (
      <main className="page">
        <div role="alert" className="card error-card">
          <h1>{critical ? 'Critical Application Error' : 'Application Error'}</h1>
          <p>
            {critical
              ? 'The application encountered a critical error and cannot continue.'
              : 'The application encountered an unexpected error. This has been logged for investigation.'}
          </p>
          {critical && <p>The error was reported automatically. If it persists, refresh the page or contact support.</p>}
          <div className="card-actions">
            <button type="button" onClick={this.reset}>
              Try Again
            </button>
            <a href="/">Go Home</a>
            {critical && (
              <button type="button" onClick={() => window.location.reload()}>
                Reload Page
              </button>
            )}
          </div>
          <details>
            <summary>Technical details</summary>
            <p>
              Error ID: {errorId} · {at}
            </p>
            <pre>{`${error.name}: ${error.message}\n${error.stack ?? ''}\n${componentStack}`}</pre>
          </details>
        </div>
      </main>
    );
  }
}
