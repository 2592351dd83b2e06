import { Button, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { log } from '../../lib/log';

type Props = { children: ReactNode; resetKey: string };
type State = { failed: boolean; resetKey: string };

/** spec §2: when a page crashes the fallback says 'There was an error showing this page.'. */
export class CrashBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  // Navigating elsewhere gives the next page a fresh start.
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    log.error('A page crashed', { message: error.message, stack: info.componentStack });
  }

  override render() {
    return this.state.failed ? <CrashFallback /> : this.props.children;
  }
}

function CrashFallback() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{t('errors.system.page_error')}</Title>
      <Text>{t('shell.fallback.hint')}</Text>
      <Button onClick={() => window.location.reload()}>{t('shell.fallback.reload')}</Button>
    </Stack>
  );
}
