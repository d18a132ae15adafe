import type { SourceCostEstimate } from '@parley/shared/contracts/token-credits';
import { CircleAlertIcon, CoinsIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { cn } from '@/lib/utils';

const n = (value: number) => value.toLocaleString('en-US');

/** The rule a cost follows: characters × tokens per character × the storage multiplier. */
export function formatBillingRule(rule: SourceCostEstimate['rule']): string {
  return `${n(rule.characters)} characters × ${rule.tokensPerCharacter} tokens per character × ${rule.multiplier} (storage)`;
}

/**
 * What a document will cost before it is added, and what is left this month: said plainly when it fits, with the
 * share taken from the token balance when some is, and as the refusal when it does not fit (Add stays disabled).
 */
export function SourceCost({ estimate, className }: { estimate: SourceCostEstimate; className?: string }) {
  const Icon = estimate.fits ? CoinsIcon : CircleAlertIcon;
  return (
    <Alert
      variant={estimate.fits ? 'default' : 'destructive'}
      role={estimate.fits ? 'status' : 'alert'}
      data-testid="source-cost"
      data-fits={estimate.fits}
      className={cn(estimate.fits && estimate.fromTokenBalance > 0 && 'border-amber-500/50', className)}
    >
      <Icon aria-hidden="true" />
      <AlertDescription>
        <p className={estimate.fits ? 'text-foreground' : undefined}>{estimate.message}</p>
        <p className="text-xs">{`${formatBillingRule(estimate.rule)} = ${n(estimate.tokens)} tokens`}</p>
      </AlertDescription>
    </Alert>
  );
}
