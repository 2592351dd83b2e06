// Toasts (spec: top right). Callers pass already-translated text.
import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';

type ToastOptions = { title?: string; autoClose?: number | false; id?: string };

const show = (color: string, message: string, options: ToastOptions = {}): void => {
  notifications.show({
    color,
    message,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    // Under a title Mantine dims the message below 4.5:1 (WCAG 1.4.3): keep the body text colour.
    styles: { description: { color: 'var(--mantine-color-text)' } },
    ...options,
  });
};

export const notify = {
  /** Removes every toast, e.g. stale sign-in errors once sign-in succeeds. */
  clear: (): void => notifications.clean(),
  success: (message: string, options?: ToastOptions) => show('green', message, options),
  info: (message: string, options?: ToastOptions) => show('blue', message, options),
  warning: (message: string, options?: ToastOptions) => show('yellow', message, options),
  error: (message: string, options?: ToastOptions) => show('red', message, options),
};
