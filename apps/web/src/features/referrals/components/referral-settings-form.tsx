import { zodResolver } from '@hookform/resolvers/zod';
import {
  REFERRAL_CAP_MAX,
  REFERRAL_MESSAGES,
  REFERRAL_REWARD_TOKENS_MAX,
  referralSettingsFormSchema,
  type ReferralSettings,
  type ReferralSettingsForm,
} from '@parley/shared/contracts/referrals';
import { ArrowLeftIcon } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-error';
import { useReferralSettings } from '../api/get-referral-settings';
import { useUpdateReferralSettings } from '../api/update-referral-settings';

function SettingsForm({ settings }: { settings: ReferralSettings }) {
  const update = useUpdateReferralSettings();
  const form = useForm<ReferralSettingsForm>({
    resolver: zodResolver(referralSettingsFormSchema),
    defaultValues: { enabled: settings.enabled, rewardTokens: settings.rewardTokens, maxRewardsPerReferrer: settings.maxRewardsPerReferrer },
  });
  const { errors, isDirty } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast.success(REFERRAL_MESSAGES.settingsSaved);
        form.reset({ enabled: saved.enabled, rewardTokens: saved.rewardTokens, maxRewardsPerReferrer: saved.maxRewardsPerReferrer });
      },
      onError: (error) => toast.error(REFERRAL_MESSAGES.settingsFailed, { description: getErrorMessage(error) }),
    }),
  );
  return (
    <Card className="max-w-2xl gap-4">
      <CardHeader>
        <CardTitle>Programme</CardTitle>
        <CardDescription>Rewards are credited when a referred customer's organization first pays, to both organizations, once.</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <CardContent className="grid gap-5">
          <Field>
            <span className="text-sm leading-none font-medium">Referral programme</span>
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <label className="flex items-center gap-2 text-sm">
                  <Switch checked={field.value} onCheckedChange={field.onChange} aria-label="Referral programme on" />
                  {field.value ? 'On: sign-ups through a link are attributed and rewarded' : 'Off: nothing is attributed or rewarded'}
                </label>
              )}
            />
          </Field>
          <Field>
            <Label htmlFor="referral-reward">Reward tokens</Label>
            <Input
              id="referral-reward"
              type="number"
              min={1}
              max={REFERRAL_REWARD_TOKENS_MAX}
              step={1}
              aria-invalid={Boolean(errors.rewardTokens)}
              {...form.register('rewardTokens', { valueAsNumber: true })}
            />
            <FieldDescription>Credited to the referrer's organization and to the new customer's, each.</FieldDescription>
            <FieldError>{errors.rewardTokens?.message}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="referral-cap">Cap per referrer</Label>
            <Input
              id="referral-cap"
              type="number"
              min={-1}
              max={REFERRAL_CAP_MAX}
              step={1}
              aria-invalid={Boolean(errors.maxRewardsPerReferrer)}
              {...form.register('maxRewardsPerReferrer', { valueAsNumber: true })}
            />
            <FieldDescription>Rewards one referrer can earn in all; -1 for no cap. Past it, the new customer is still credited.</FieldDescription>
            <FieldError>{errors.maxRewardsPerReferrer?.message}</FieldError>
          </Field>
        </CardContent>
        <CardFooter className="justify-end gap-2">
          <Button type="submit" disabled={!isDirty || update.isPending}>
            {update.isPending && <Spinner />}
            Save Changes
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** /admin/referrals/settings (system_admin): reward tokens, on/off, cap per referrer. */
export function ReferralSettingsView({ dashboardPath }: { dashboardPath: string }) {
  const query = useReferralSettings();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Referral settings"
        description="What a referral earns, and whether the programme runs."
        actions={
          <Button asChild variant="outline">
            <Link to={dashboardPath}>
              <ArrowLeftIcon />
              Referrals
            </Link>
          </Button>
        }
      />
      {query.isPending ? (
        <LoadingRows label="Loading referral settings" rows={3} className="h-16" containerClassName="max-w-2xl" />
      ) : query.isError ? (
        <LoadErrorAlert query={query} title="Failed to load referral settings" />
      ) : (
        <SettingsForm settings={query.data} />
      )}
    </div>
  );
}
