import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CONNECTION_LOST, connectionLost } from '../../api/connection';
import { Button } from '../button/button';
import { Toast } from '../toast/toast';

interface Props {
  /** What failed, as the start of a German sentence: "Die Optionen". */
  name: string;
  /** Closes the part (the page goes on without it). */
  onClose: () => void;
  /** Mounts the part again with a fresh import; without it, only "Schließen" is offered. */
  onRetry?: () => void;
  children: ReactNode;
}

/**
 * Around a part of a page that comes as a chunk of its own (a panel, a popover): when the chunk
 * cannot be loaded (offline before it came), the part says so in a toast and the page
 * stays as it is, with what was typed. Without it the failed import reaches the root and React
 * takes the whole page away.
 */
export class PartBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn(`${this.props.name}: nicht geladen`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Toast
        actions={
          <>
            <Button
              variant="ghostInverse"
              onClick={() => {
                this.setState({ failed: false });
                this.props.onClose();
              }}
            >
              Schließen
            </Button>
            {this.props.onRetry && (
              <Button
                onClick={() => {
                  this.setState({ failed: false });
                  this.props.onRetry?.();
                }}
              >
                Erneut versuchen
              </Button>
            )}
          </>
        }
      >
        {this.props.name} konnten nicht geladen werden.
        {connectionLost() ? ` ${CONNECTION_LOST}` : ''}
      </Toast>
    );
  }
}
