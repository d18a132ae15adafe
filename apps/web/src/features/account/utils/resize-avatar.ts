import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@parley/shared/constants';

/** A choice the browser can refuse before uploading; the server checks the bytes again. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG, WebP or GIF image.';
  if (file.size > AVATAR_MAX_BYTES) return 'The image is larger than 2 MB. Choose a smaller one.';
  return null;
}

/** The centred square of an image `width`×`height`: the part an avatar shows. */
export function centredSquare(width: number, height: number): { sx: number; sy: number; size: number } {
  const size = Math.min(width, height);
  return { sx: Math.floor((width - size) / 2), sy: Math.floor((height - size) / 2), size };
}

/**
 * Crops the image to its centred square and scales it to 256×256 (WebP where the browser can
 * write it, else PNG). An animated GIF keeps its first frame.
 */
export async function resizeAvatar(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const { sx, sy, size } = centredSquare(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = AVATAR_SIZE_PX;
    canvas.height = AVATAR_SIZE_PX;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot prepare the image.');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, sx, sy, size, size, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.9));
    if (!blob) throw new Error('This browser cannot prepare the image.');
    return blob;
  } finally {
    bitmap.close();
  }
}
