import { Badge, Text, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type StatusTone = 'good' | 'warning' | 'bad' | 'neutral';

// Light badges with text dark enough for WCAG AA (4.5:1) on their tint; Mantine's filled greens and yellows fall short.
const tones: Record<StatusTone, { color: string; text: string }> = {
  good: { color: 'green', text: '#1e5f2c' },
  warning: { color: 'yellow', text: '#6d4300' },
  bad: { color: 'red', text: '#9b1c1c' },
  neutral: { color: 'gray', text: '#343a40' },
};

export function StatusBadge({
  tone,
  ...props
}: { tone: StatusTone } & Omit<BadgeProps, 'color' | 'c' | 'variant'> & {
    'data-testid'?: string;
    'data-status'?: string;
  }) {
  return <Badge color={tones[tone].color} c={tones[tone].text} variant="light" {...props} />;
}

/**
 * The same tones as a plain span: for a list whose Badges mean something else (the payment history's invoice badges
 * are what a reader, and the browser tests, take for the settled invoices).
 */
export function StatusTag({
  tone,
  children,
  ...props
}: {
  tone: StatusTone;
  children: ReactNode;
  'data-testid'?: string;
  'data-status'?: string;
}) {
  return (
    <Text
      component="span"
      size="xs"
      fw={600}
      c={tones[tone].text}
      bg={`var(--mantine-color-${tones[tone].color}-light)`}
      px={6}
      py={1}
      style={{ borderRadius: 'var(--mantine-radius-xl)', whiteSpace: 'nowrap' }}
      {...props}
    >
      {children}
    </Text>
  );
}
