import { Component, type ReactNode } from 'react';
import button from '../components/button.module.css';
import { EmptyState, ErrorState } from '../components/states';
import { classNames } from '../lib/class-names';
import { useOnline } from '../lib/use-online';

export function RouteError({ onRetry }: { onRetry?: () => void }) {
  const online = useOnline();
  // Offline, the shared error state says so and offers to try again.
  if (!online) return <ErrorState message="" onRetry={onRetry} />;
  return (
    <EmptyState
      heading="h1"
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
