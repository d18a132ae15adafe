import { createHash } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SOURCE_PX, AVATAR_SIZE_PX } from '@parley/shared/constants';
import { fullName } from '@parley/shared/contracts/auth';
import type { AccountProfile, UpdateProfileBody } from '@parley/shared/contracts/account';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, profiles, userAvatars, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { type ImageInfo, readImageInfo } from './avatar-image';
import { resizeToSquare } from './avatar-resize';

export async function getAccountProfile(db: Db, userId: string): Promise<AccountProfile> {
  const [row] = await db.select({ user: users, profile: profiles }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', 'Account not found.');
  const [credential] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
    .limit(1);
  return {
    id: row.user.id,
    email: row.user.email,
    emailVerified: row.user.emailVerified,
    firstName: row.profile?.firstName ?? row.user.firstName,
    lastName: row.profile?.lastName ?? row.user.lastName,
    fullName: row.profile?.fullName ?? row.user.name,
    avatarUrl: row.profile?.avatarUrl ?? null,
    hasPassword: Boolean(credential),
    createdAt: row.user.createdAt.toISOString(),
  };
}

/** First and last name, and the full name made of them, on users and profiles together (decisions/0001-accounts-and-sign-in.md). */
export async function updateProfile(db: Db, userId: string, body: UpdateProfileBody): Promise<AccountProfile> {
  const name = fullName(body.firstName, body.lastName);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ firstName: body.firstName, lastName: body.lastName, name, updatedAt: now }).where(eq(users.id, userId));
    await tx.update(profiles).set({ firstName: body.firstName, lastName: body.lastName, fullName: name, updatedAt: now }).where(eq(profiles.id, userId));
  });
  return getAccountProfile(db, userId);
}

export const avatarPath = (userId: string, etag: string) => `/api/avatars/${userId}?v=${etag.slice(0, 12)}`;

/**
 * Stores an uploaded avatar: at most 2 MB, a PNG, JPEG, WebP or GIF by its bytes (the name and declared type are not
 * trusted), at most 4096 px a side. An image larger than 256 px is cropped to its centred square and scaled to
 * 256×256 in a worker thread (a JPEG stays a JPEG, the others become PNG; metadata such as a photo's location is
 * dropped). The web app already uploads 256×256 WebP; a larger WebP is refused, as the server has no WebP decoder.
 */
/** The stored image: the upload itself when it is small enough, else its centred square at 256×256. */
async function fitAvatar(data: Buffer, info: ImageInfo): Promise<ImageInfo & { data: Buffer }> {
  if (info.width <= AVATAR_SIZE_PX && info.height <= AVATAR_SIZE_PX) return { ...info, data };
  if (info.contentType === 'image/webp') {
    throw new AppError(
      'VALIDATION_ERROR',
      `A WebP avatar must be at most ${AVATAR_SIZE_PX}×${AVATAR_SIZE_PX} pixels. Choose a PNG or JPEG to have it resized.`,
    );
  }
  const output = info.contentType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  try {
    const resized = await resizeToSquare(data, AVATAR_SIZE_PX, output);
    return { contentType: output, ...resized };
  } catch {
    throw new AppError('VALIDATION_ERROR', 'The image could not be read. Choose another PNG, JPEG or GIF image.');
  }
}

export async function saveAvatar(db: Db, userId: string, data: Buffer): Promise<AccountProfile> {
  if (data.length === 0) throw new AppError('VALIDATION_ERROR', 'The file is empty.');
  if (data.length > AVATAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The image is larger than 2 MB. Choose a smaller one.');
  const info = readImageInfo(data);
  if (!info) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Choose a PNG, JPEG, WebP or GIF image.');
  if (info.width > AVATAR_MAX_SOURCE_PX || info.height > AVATAR_MAX_SOURCE_PX) {
    throw new AppError('VALIDATION_ERROR', `The image is ${info.width}×${info.height} pixels; the largest accepted is ${AVATAR_MAX_SOURCE_PX} on a side.`);
  }
  const image = await fitAvatar(data, info);
  const etag = createHash('sha256').update(image.data).digest('base64url');
  const url = avatarPath(userId, etag);
  const now = new Date();
  await db.transaction(async (tx) => {
    const values = {
      content: image.data,
      contentType: image.contentType,
      sizeBytes: image.data.length,
      width: image.width,
      height: image.height,
      etag,
      updatedAt: now,
    };
    await tx
      .insert(userAvatars)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userAvatars.userId, set: values });
    await tx.update(profiles).set({ avatarUrl: url, updatedAt: now }).where(eq(profiles.id, userId));
    await tx.update(users).set({ image: url, updatedAt: now }).where(eq(users.id, userId));
  });
  return getAccountProfile(db, userId);
}

export async function removeAvatar(db: Db, userId: string): Promise<AccountProfile> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
    await tx.update(profiles).set({ avatarUrl: null, updatedAt: now }).where(eq(profiles.id, userId));
    await tx.update(users).set({ image: null, updatedAt: now }).where(eq(users.id, userId));
  });
  return getAccountProfile(db, userId);
}

export async function readAvatar(db: Db, userId: string) {
  const [row] = await db.select().from(userAvatars).where(eq(userAvatars.userId, userId));
  return row ?? null;
}
