import { Component, type ErrorInfo, type ReactNode } from 'react';
import { log } from '../../lib/log';

type Props = { children: ReactNode; fallback: ReactNode; name: string };
type State = { failed: boolean };

/** A part of a page with its own crash fallback (e.g. the payment status page's own message). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    log.error(`${this.props.name} crashed`, { message: error.message, stack: info.componentStack });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
