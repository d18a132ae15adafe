import type { AnalyticsSummary } from '@parley/shared/contracts/analytics';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { chatbotPath } from '@/config/paths';
import { formatCompactNumber, formatLatency, formatNumber, formatRatio } from '@/lib/format';
import { cn } from '@/lib/utils';
import { type ChatbotRow, type ChatbotSortKey, defaultDirection, type SortDirection, sortChatbotRows } from '../utils/chatbot-rows';

const COLUMNS: readonly { key: ChatbotSortKey; label: ReactNode; isNumeric: boolean }[] = [
  { key: 'name', label: 'Chatbot', isNumeric: false },
  { key: 'conversations', label: 'Conversations', isNumeric: true },
  { key: 'answerRate', label: 'Answer rate', isNumeric: true },
  { key: 'avgLatencyMs', label: 'Avg. latency', isNumeric: true },
  { key: 'tokens', label: 'Tokens', isNumeric: true },
  {
    key: 'satisfaction',
    label: (
      <>
        <ThumbsUpIcon className="size-3.5" aria-label="Thumbs up" /> / <ThumbsDownIcon className="size-3.5" aria-label="thumbs down" />
      </>
    ),
    isNumeric: true,
  },
];

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  sort: { key: ChatbotSortKey; direction: SortDirection };
  onSort: (key: ChatbotSortKey) => void;
}) {
  const isActive = sort.key === column.key;
  const Icon = !isActive ? ArrowUpDownIcon : sort.direction === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <TableHead
      className={cn(column.isNumeric && 'text-right', column.key === 'name' && 'pl-6', column.key === 'satisfaction' && 'pr-6')}
      aria-sort={isActive ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        onClick={() => onSort(column.key)}
        className={cn(
          'inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
          isActive && 'text-foreground',
        )}
      >
        {column.label}
        <Icon className={cn('size-3.5', !isActive && 'opacity-40')} aria-hidden="true" />
      </button>
    </TableHead>
  );
}

function Row({ row }: { row: ChatbotRow }) {
  return (
    <TableRow>
      <TableCell className="max-w-56 pl-6">
        <Link to={chatbotPath(row.chatbotId)} className="block truncate font-medium hover:underline">
          {row.name}
        </Link>
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatNumber(row.conversations)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatRatio(row.answerRate)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatLatency(row.avgLatencyMs)}</TableCell>
      <TableCell className="text-right tabular-nums" title={formatNumber(row.tokens)}>
        {formatCompactNumber(row.tokens)}
      </TableCell>
      <TableCell className="pr-6 text-right tabular-nums">
        <span className="text-success">{formatNumber(row.thumbsUp)}</span>
        <span className="text-muted-foreground"> / </span>
        <span className={row.thumbsDown > 0 ? 'text-destructive' : undefined}>{formatNumber(row.thumbsDown)}</span>
      </TableCell>
    </TableRow>
  );
}

/** Each chatbot's figures for the period, sortable by clicking a column header. */
export function ChatbotPerformanceTable({ summary }: { summary: AnalyticsSummary | undefined }) {
  const [sort, setSort] = useState<{ key: ChatbotSortKey; direction: SortDirection }>({ key: 'conversations', direction: 'desc' });
  const onSort = (key: ChatbotSortKey) =>
    setSort((current) => (current.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: defaultDirection(key) }));
  const rows = summary ? sortChatbotRows(summary.chatbots, sort.key, sort.direction) : [];

  return (
    <Card className="min-w-0 gap-4 pb-2" data-testid="chatbot-performance">
      <CardHeader>
        <CardTitle>Chatbot performance</CardTitle>
        <CardDescription>How each chatbot did in this period. Click a column to sort.</CardDescription>
      </CardHeader>
      <CardContent className="px-0">
        {!summary ? (
          <LoadingRows label="Loading chatbot performance" rows={3} className="h-10" containerClassName="px-6 pb-4" />
        ) : rows.length === 0 ? (
          <p className="px-6 pb-6 text-sm text-muted-foreground">No chatbots yet. Create one and its figures will show here.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {COLUMNS.map((column) => (
                  <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <Row key={row.chatbotId} row={row} />
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
