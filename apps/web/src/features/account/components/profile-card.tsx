import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileBodySchema, type AccountProfile } from '@parley/shared/contracts/account';
import { ImageUpIcon, Trash2Icon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useUpdateProfile } from '../api/update-profile';
import { useRemoveAvatar, useUploadAvatar } from '../api/upload-avatar';
import { avatarFileProblem, resizeAvatar } from '../utils/resize-avatar';

const initialsOf = (profile: AccountProfile) =>
  ([profile.firstName?.[0], profile.lastName?.[0]].filter(Boolean).join('') || profile.email[0] || '?').toUpperCase();

/** The picture: chosen, cropped to a square and scaled to 256×256 in the browser, then uploaded. */
function AvatarEditor({ profile, onChanged }: { profile: AccountProfile; onChanged?: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadAvatar({ onChanged });
  const remove = useRemoveAvatar({ onChanged });
  const isBusy = upload.isPending || remove.isPending;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    const refused = avatarFileProblem(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    try {
      await upload.mutateAsync(await resizeAvatar(file));
      toast.success('Avatar updated');
    } catch (error) {
      const message = getErrorMessage(error, 'The image could not be read. Choose another one.');
      setProblem(message);
      toast.error(message);
    }
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar className="size-20 text-xl">
        {profile.avatarUrl && <AvatarImage src={profile.avatarUrl} alt="Your avatar" />}
        <AvatarFallback>{initialsOf(profile)}</AvatarFallback>
      </Avatar>
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            aria-label="Choose an avatar image"
            onChange={(event) => {
              void onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button type="button" variant="outline" size="sm" disabled={isBusy} onClick={() => input.current?.click()}>
            {upload.isPending ? <Spinner /> : <ImageUpIcon />}
            {profile.avatarUrl ? 'Change picture' : 'Upload picture'}
          </Button>
          {profile.avatarUrl && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={isBusy}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success('Avatar removed'),
                  onError: (error) => toast.error(getErrorMessage(error)),
                })
              }
            >
              {remove.isPending ? <Spinner /> : <Trash2Icon />}
              Remove
            </Button>
          )}
        </div>
        {problem ? (
          <FieldError role="alert">{problem}</FieldError>
        ) : (
          <FieldDescription>PNG, JPEG, WebP or GIF, up to 2 MB. It is cropped to a square and shown at 256×256.</FieldDescription>
        )}
      </div>
    </div>
  );
}

/** Avatar, first and last name (the full name is made of them). */
export function ProfileCard({ profile, onChanged }: { profile: AccountProfile; onChanged?: () => void }) {
  const update = useUpdateProfile({ onChanged });
  const form = useForm({
    resolver: zodResolver(updateProfileBodySchema),
    values: { firstName: profile.firstName ?? '', lastName: profile.lastName ?? '' },
  });
  const { errors, isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Profile saved');
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How you appear to your colleagues in Parley.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <AvatarEditor profile={profile} onChanged={onChanged} />
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field>
              <Label htmlFor="profile-firstName">First name</Label>
              <Input id="profile-firstName" autoComplete="given-name" aria-invalid={errors.firstName ? true : undefined} {...form.register('firstName')} />
              <FieldError>{errors.firstName?.message}</FieldError>
            </Field>
            <Field>
              <Label htmlFor="profile-lastName">Last name</Label>
              <Input id="profile-lastName" autoComplete="family-name" aria-invalid={errors.lastName ? true : undefined} {...form.register('lastName')} />
              <FieldError>{errors.lastName?.message}</FieldError>
            </Field>
          </div>
          <div>
            <Button type="submit" disabled={!isDirty || isSubmitting}>
              {isSubmitting && <Spinner />}
              Save changes
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
