import { describe, expect, it } from 'vitest';
import { MIN_CROP_SHARE } from '../../../../shared/crop';
import { dragCrop, drawnCrop, isWholePicture, WHOLE_PICTURE } from './crop-frame';

const crop = { left: 0.2, top: 0.2, right: 0.6, bottom: 0.7 };

describe('the crop frame', () => {
  it('moves as a whole and stays inside the picture', () => {
    expect(dragCrop(crop, 'move', 0.1, -0.05)).toEqual({ left: 0.3, top: 0.15, right: 0.7, bottom: 0.65 });
    expect(dragCrop(crop, 'move', 0.9, 0.9)).toEqual({ left: 0.6, top: 0.5, right: 1, bottom: 1 });
    expect(dragCrop(crop, 'move', -0.9, -0.9)).toEqual({ left: 0, top: 0, right: 0.4, bottom: 0.5 });
  });

  it('resizes from an edge or a corner, never past the picture nor below the smallest crop', () => {
    expect(dragCrop(crop, 'w', 0.1, 0.3)).toEqual({ ...crop, left: 0.3 });
    expect(dragCrop(crop, 'se', 0.1, 0.1)).toEqual({ ...crop, right: 0.7, bottom: 0.8 });
    expect(dragCrop(crop, 'ne', 0.9, -0.9)).toEqual({ ...crop, right: 1, top: 0 });
    const squeezed = dragCrop(crop, 'e', -1, 0);
    expect(squeezed.right - squeezed.left).toBeCloseTo(MIN_CROP_SHARE, 6);
  });

  it('draws a new frame between two points in any direction', () => {
    expect(drawnCrop(0.8, 0.9, 0.1, 0.2)).toEqual({ left: 0.1, top: 0.2, right: 0.8, bottom: 0.9 });
    const click = drawnCrop(0.99, 0.5, 0.99, 0.5);
    expect(click.right).toBe(1);
    expect(click.right - click.left).toBeCloseTo(MIN_CROP_SHARE, 6);
  });

  it('knows the whole picture', () => {
    expect(isWholePicture(WHOLE_PICTURE)).toBe(true);
    expect(isWholePicture(crop)).toBe(false);
  });
});
