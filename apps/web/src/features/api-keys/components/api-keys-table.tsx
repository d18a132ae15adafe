import type { ApiKey } from '@parley/shared/contracts/api-keys';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatDateTime } from '@/lib/format';
import { API_KEY_STATUS_LABELS, apiKeyStatus, maskedPrefix, scopeLabel, type ApiKeyStatus } from '../utils/api-key-display';
import { RevokeApiKeyButton } from './revoke-api-key-button';

function StatusBadge({ status }: { status: ApiKeyStatus }) {
  if (status === 'active') {
    return (
      <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
        {API_KEY_STATUS_LABELS.active}
      </Badge>
    );
  }
  return <Badge variant={status === 'revoked' ? 'destructive' : 'secondary'}>{API_KEY_STATUS_LABELS[status]}</Badge>;
}

export function ApiKeysTable({ apiKeys, now = new Date() }: { apiKeys: ApiKey[]; now?: Date }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Key</TableHead>
          <TableHead>Scope</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Last used</TableHead>
          <TableHead className="text-right">Requests</TableHead>
          <TableHead>Expires</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {apiKeys.map((apiKey) => {
          const status = apiKeyStatus(apiKey, now);
          return (
            <TableRow key={apiKey.id} data-testid="api-key-row" className={status === 'active' ? undefined : 'text-muted-foreground'}>
              <TableCell className="max-w-48 truncate font-medium">
                {apiKey.name}
                {apiKey.isAdminKey ? (
                  <Badge
                    variant="outline"
                    className="ml-2 border-destructive/30 text-destructive"
                    title="Personal to you; works while you are an administrator"
                  >
                    Admin
                  </Badge>
                ) : null}
              </TableCell>
              <TableCell className="font-mono text-xs">{maskedPrefix(apiKey.prefix)}</TableCell>
              <TableCell className="max-w-40 truncate">{scopeLabel(apiKey)}</TableCell>
              <TableCell className="text-muted-foreground">{formatDate(apiKey.createdAt)}</TableCell>
              <TableCell className="text-muted-foreground">{apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'Never'}</TableCell>
              <TableCell className="text-right tabular-nums">{apiKey.usageCount.toLocaleString()}</TableCell>
              <TableCell className="text-muted-foreground">{apiKey.expiresAt ? formatDate(apiKey.expiresAt) : 'Never'}</TableCell>
              <TableCell>
                <StatusBadge status={status} />
              </TableCell>
              <TableCell className="text-right">{apiKey.revokedAt ? null : <RevokeApiKeyButton apiKey={apiKey} />}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
