import type { PublicTokenPackage } from '@parley/shared/contracts/public-pricing';
import { formatPricePerThousandTokens, formatTokenAmount, formatUsd } from '@parley/shared/pricing';
import { CoinsIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const number = new Intl.NumberFormat('en-US');

/** The active token packages: price, size and price per 1K tokens, smallest first. */
export function TokenPackagesSection({ packages }: { packages: PublicTokenPackage[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-4" aria-label="Token packages">
      {packages.map((pkg) => (
        <li key={pkg.id} className="w-full sm:w-[calc(50%-0.5rem)] lg:w-[calc(25%-0.75rem)]">
          <Card className="h-full gap-3" data-testid="token-package-card" aria-label={pkg.name}>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <CoinsIcon className="size-4 text-brand" aria-hidden="true" />
                {pkg.name}
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1">
              <p className="text-3xl font-semibold tracking-tight tabular-nums">{formatUsd(pkg.priceCents)}</p>
              <p className="text-sm">
                <span className="font-medium">{formatTokenAmount(pkg.tokens)} tokens</span>
                <span className="text-muted-foreground"> ({number.format(pkg.tokens)})</span>
              </p>
              <p className="text-xs text-muted-foreground">{formatPricePerThousandTokens(pkg.priceCents, pkg.tokens)} per 1K tokens</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
