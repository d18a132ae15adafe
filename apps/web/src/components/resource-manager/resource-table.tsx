import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** One column of a resource table: its header and what each row shows under it. */
export interface ResourceColumn<Item> {
  header: ReactNode;
  /** The header cell's classes (width, alignment). */
  headClassName?: string;
  /** Each body cell's classes. */
  cellClassName?: string;
  cell: (item: Item) => ReactNode;
}

interface ResourceTableProps<Item extends { id: string }> {
  items: readonly Item[];
  columns: readonly ResourceColumn<Item>[];
  /** Each row's `data-testid`: the browser tests find rows by it ("pricing-faq-row"). */
  rowTestId: string;
  /** Further `data-*` attributes of a row, for the tests: `{ 'data-email': user.email }`. */
  rowData?: (item: Item) => Record<`data-${string}`, string>;
  /** Shown in one full-width row when there are no items, for lists that keep their header when empty. */
  emptyMessage?: ReactNode;
  className?: string;
}

/** The table of an admin catalogue list: a header row, then one row per item, cells as the columns say. */
export function ResourceTable<Item extends { id: string }>({ items, columns, rowTestId, rowData, emptyMessage, className }: ResourceTableProps<Item>) {
  return (
    <Table className={className}>
      <TableHeader>
        <TableRow>
          {columns.map((column, index) => (
            <TableHead key={index} className={column.headClassName}>
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.length === 0 && emptyMessage !== undefined ? (
          <TableRow>
            <TableCell colSpan={columns.length} className="py-10 text-center text-muted-foreground">
              {emptyMessage}
            </TableCell>
          </TableRow>
        ) : (
          items.map((item) => (
            <TableRow key={item.id} data-testid={rowTestId} {...rowData?.(item)}>
              {columns.map((column, index) => (
                <TableCell key={index} className={column.cellClassName}>
                  {column.cell(item)}
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

/** A column of figures (prices, limits, counts): right-aligned, with digits of equal width. */
export function figureColumn<Item>(header: string, value: (item: Item) => ReactNode): ResourceColumn<Item> {
  return { header, headClassName: 'text-right', cellClassName: 'text-right tabular-nums', cell: value };
}
