import type { CSSProperties } from 'react';

/**
 * The analytics colours, as CSS variables set on the section that holds the charts. They build on the app's theme
 * variables (brand, success, destructive) and add two hues of their own, each with a lighter step for dark mode, so
 * the SVG charts follow the theme the way the rest of the page does.
 */
export const CHART_PALETTE_CLASS = [
  '[--chart-conversations:var(--brand)]',
  '[--chart-questions:oklch(0.685_0.169_237.323)] dark:[--chart-questions:oklch(0.746_0.16_232.661)]',
  '[--chart-answered:var(--success)]',
  '[--chart-declined:oklch(0.769_0.188_70.08)] dark:[--chart-declined:oklch(0.828_0.189_84.429)]',
  '[--chart-handoffs:var(--brand)]',
  '[--chart-errors:var(--destructive)]',
  '[--chart-up:var(--success)]',
  '[--chart-down:var(--destructive)]',
].join(' ');

export const CHART_COLORS = {
  conversations: 'var(--chart-conversations)',
  questions: 'var(--chart-questions)',
  answered: 'var(--chart-answered)',
  declined: 'var(--chart-declined)',
  handoffs: 'var(--chart-handoffs)',
  errors: 'var(--chart-errors)',
  thumbsUp: 'var(--chart-up)',
  thumbsDown: 'var(--chart-down)',
} as const;

/** Axis ticks in the muted text colour, without the axis line: the grid already shows the scale. */
export const AXIS_PROPS = {
  stroke: 'var(--muted-foreground)',
  fontSize: 12,
  tickLine: false,
  axisLine: false,
} as const;

export const GRID_STROKE = 'var(--border)';

export const TOOLTIP_CONTENT_STYLE: CSSProperties = {
  background: 'var(--popover)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--popover-foreground)',
  fontSize: 12,
  boxShadow: '0 4px 12px rgb(0 0 0 / 0.08)',
};

export const TOOLTIP_LABEL_STYLE: CSSProperties = { color: 'var(--popover-foreground)', fontWeight: 500, marginBottom: 4 };

/** The hover band behind a bar group. */
export const TOOLTIP_CURSOR = { fill: 'var(--muted)', opacity: 0.6 };
