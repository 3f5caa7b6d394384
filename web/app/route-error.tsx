import { Component, type ReactNode } from 'react';
import button from '../components/button.module.css';
import { EmptyState, OFFLINE_BODY, OFFLINE_TITLE } from '../components/states';
import { classNames } from '../lib/class-names';
import { useOnline } from '../lib/use-online';

export function RouteError({ onRetry }: { onRetry?: () => void }) {
  const online = useOnline();
  if (!online) {
    return (
      <EmptyState
        title={OFFLINE_TITLE}
        body={OFFLINE_BODY}
        action={
          onRetry && (
            <button
              type="button"
              className={classNames(button.button, button.outlined)}
              onClick={onRetry}
            >
              Try again
            </button>
          )
        }
      />
    );
  }
  return (
    <EmptyState
      title="Something went wrong"
      body="Reload the page to try again."
      action={
        <button
          type="button"
          className={classNames(button.button, button.contained)}
          onClick={() => window.location.assign('/home')}
        >
          Back to outfits
        </button>
      }
    />
  );
}

interface BoundaryProps {
  /** Changes with each navigation: the error screen gives way to the next location. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

/** Shows RouteError in place of a screen that threw while rendering (a page that failed to load). */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? (
      <RouteError onRetry={() => this.setState({ failed: false })} />
    ) : (
      this.props.children
    );
  }
}
