import { ERROR_SCREEN_RETRY_DELAY_MS } from '@parley/shared/constants';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (e.g. the route), a shown error screen is dismissed. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: Error | null;
  retryCount: number;
  isRetrying: boolean;
}

/** Catches render errors and shows the generic error screen (spec part 1 §4 "Error screen"). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, retryCount: 0, isRetrying: false };
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error, isRetrying: false };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error in the interface', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) {
      this.setState({ error: null, isRetrying: false });
    }
  }

  override componentWillUnmount(): void {
    clearTimeout(this.retryTimer);
  }

  private readonly retry = () => {
    this.setState((state) => ({ retryCount: state.retryCount + 1, isRetrying: true }));
    // Spec: Try Again resets after 100 ms.
    this.retryTimer = setTimeout(() => this.setState({ error: null, isRetrying: false }), ERROR_SCREEN_RETRY_DELAY_MS);
  };

  override render(): ReactNode {
    if (this.state.error) {
      return <ErrorScreen retryCount={this.state.retryCount} isRetrying={this.state.isRetrying} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}
