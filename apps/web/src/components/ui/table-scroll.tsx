// The box every wide table of the portal sits in: on a screen narrower than the table it scrolls sideways, and a
// region that scrolls must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable), whether or not it
// holds a link yet. So the box itself is the scrolling element (native overflow, not Mantine's ScrollArea, whose
// scrolling viewport is an inner element), in the tab order, and a region named after its table. It is also the
// containing block of what its table positions absolutely (a column's visually hidden header): otherwise that text
// escapes the box's scrolling and widens the page itself on a phone (WCAG 1.4.10).
import { Table, type TableScrollContainerProps } from '@mantine/core';

export type TableScrollProps = Omit<TableScrollContainerProps, 'type' | 'tabIndex' | 'role' | 'aria-label'> & {
  /** The region's accessible name: what the table lists (its caption or the section's title). */
  label: string;
};

export function TableScroll({ label, className, ...props }: TableScrollProps) {
  return (
    <Table.ScrollContainer
      {...props}
      type="native"
      pos="relative"
      tabIndex={0}
      role="region"
      aria-label={label}
      // Mantine's own focus ring (the box is no Mantine control, so it would otherwise get the browser's).
      className={className ? `mantine-focus-auto ${className}` : 'mantine-focus-auto'}
    />
  );
}
