import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_IMAGE_TYPES } from '../../../shared/constants';
import { ROUTES } from '../../../shared/routes';
import { SHARE_TARGET } from '../../../shared/share-target';

const PUBLIC = 'src/web/public';
const manifest = JSON.parse(readFileSync(`${PUBLIC}/manifest.webmanifest`, 'utf8')) as {
  start_url: string;
  scope: string;
  display: string;
  icons: { src: string; sizes: string; purpose: string }[];
  share_target: {
    action: string;
    method: string;
    enctype: string;
    params: { files: { name: string; accept: string[] }[] };
  };
};

describe('web app manifest', () => {
  it('opens the dashboard as an app', () => {
    expect(manifest.start_url).toBe(ROUTES.dashboard);
    expect(manifest.scope).toBe('/');
    expect(manifest.display).toBe('standalone');
  });

  it('has the icons an install needs, each on disk', () => {
    for (const icon of manifest.icons) expect(existsSync(`${PUBLIC}${icon.src}`), icon.src).toBe(true);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it("takes shared screenshots of exactly the upload's types, where the service worker expects them", () => {
    expect(manifest.share_target).toEqual({
      action: SHARE_TARGET.path,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: SHARE_TARGET.fileField, accept: [...ACCEPTED_IMAGE_TYPES] }] },
    });
  });
});
