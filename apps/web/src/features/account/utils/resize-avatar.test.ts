import { describe, expect, it } from 'vitest';
import { avatarFileProblem, centredSquare } from './resize-avatar';

describe('avatar choice', () => {
  it('refuses other types and files over 2 MB before uploading', () => {
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 100 })).toBe('Choose a PNG, JPEG, WebP or GIF image.');
    expect(avatarFileProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('The image is larger than 2 MB. Choose a smaller one.');
    expect(avatarFileProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBeNull();
  });

  it('crops to the centred square', () => {
    expect(centredSquare(1000, 500)).toEqual({ sx: 250, sy: 0, size: 500 });
    expect(centredSquare(300, 401)).toEqual({ sx: 0, sy: 50, size: 300 });
    expect(centredSquare(256, 256)).toEqual({ sx: 0, sy: 0, size: 256 });
  });
});
