import { Badge, type BadgeProps } from '@mantine/core';

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
  }) {
  return <Badge color={tones[tone].color} c={tones[tone].text} variant="light" {...props} />;
}
