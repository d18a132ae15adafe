import { useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, MailCheckIcon } from 'lucide-react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { ProfileSection, SecuritySection } from '@/features/account/components/account-sections';
import { DeleteAccountCard } from '@/features/account-deletion/components/delete-account-card';
import { getMeQueryOptions } from '@/features/auth/api/get-me';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { DataExportsCard } from '@/features/data-exports/components/data-exports-card';
import { NotificationPreferencesCard } from '@/features/notification-preferences/components/notification-preferences-card';

const SETTINGS_TABS = ['profile', 'security', 'notifications', 'data'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];
const TAB_LABELS: Record<SettingsTab, string> = { profile: 'Profile', security: 'Security', notifications: 'Notifications', data: 'Data & privacy' };
const toTab = (value: string | null): SettingsTab => ((SETTINGS_TABS as readonly string[]).includes(value ?? '') ? (value as SettingsTab) : 'profile');

/** What the e-mail change link reports when it lands here (Better Auth appends `error=<code>`). */
const EMAIL_LINK_ERRORS: Record<string, string> = {
  EMAIL_TAKEN: 'Another account uses that address now, so your e-mail was not changed. Choose another one.',
  TOKEN_EXPIRED: 'The confirmation link has expired, so your e-mail was not changed. Ask for a new link below.',
  INVALID_TOKEN: 'The confirmation link is not valid any more, so your e-mail was not changed. Ask for a new link below.',
};

/** /dashboard/settings: profile, security, notifications, and the organization's data and the account's deletion. */
export default function SettingsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  const tab = toTab(searchParams.get('tab'));
  const emailChanged = searchParams.get('email') === 'changed' && !searchParams.get('error');
  const linkError = searchParams.get('error');

  const showTab = useCallback((next: string) => setSearchParams({ tab: toTab(next) }, { replace: true }), [setSearchParams]);
  // The header's user menu shows the name and picture from /api/me.
  const refreshMe = useCallback(() => void queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }), [queryClient]);
  // The server already ended every session; this clears what the browser keeps and goes to sign-in.
  const onAccountDeleted = useCallback(() => void signOut({ redirectTo: paths.auth }), [signOut]);

  return (
    <div className="space-y-6">
      <title>Settings · Parley</title>
      <PageHeader title="Settings" description="Your profile and sign-in, the e-mails you get, and your organization’s data." />
      {emailChanged && (
        <Alert>
          <MailCheckIcon />
          <AlertTitle>E-mail address changed</AlertTitle>
          <AlertDescription>
            <p>Sign in with your new address from now on. We told your old address about the change.</p>
          </AlertDescription>
        </Alert>
      )}
      {linkError && (
        <Alert variant="destructive">
          <AlertCircleIcon />
          <AlertTitle>Your e-mail was not changed</AlertTitle>
          <AlertDescription>
            <p>{EMAIL_LINK_ERRORS[linkError] ?? 'The confirmation link could not be used. Ask for a new link below.'}</p>
          </AlertDescription>
        </Alert>
      )}
      <Tabs value={tab} onValueChange={showTab} className="gap-4">
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList>
            {SETTINGS_TABS.map((value) => (
              <TabsTrigger key={value} value={value} className="px-3">
                {TAB_LABELS[value]}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="profile">
          <ProfileSection onProfileChanged={refreshMe} />
        </TabsContent>
        <TabsContent value="security">
          <SecuritySection />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationPreferencesCard />
        </TabsContent>
        <TabsContent value="data" className="space-y-6">
          <DataExportsCard />
          <DeleteAccountCard onDeleted={onAccountDeleted} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
