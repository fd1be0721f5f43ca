import { describe, expect, it } from 'vitest';
import { handlingOf, pageKey } from './routes';

const ORIGIN = 'https://piplens.example';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });

describe('service worker routes', () => {
  it('never touches the API, other origins or other methods', () => {
    expect(handlingOf(get('/api/billing/status'), ORIGIN)).toBe('network');
    expect(handlingOf(get('/api/auth/verify-email?token=x', 'navigate'), ORIGIN)).toBe('network');
    expect(handlingOf(get('/api', 'navigate'), ORIGIN)).toBe('network');
    expect(handlingOf({ method: 'POST', url: `${ORIGIN}/api/analyses`, mode: 'cors' }, ORIGIN)).toBe('network');
    expect(handlingOf({ method: 'POST', url: `${ORIGIN}/api/share-target`, mode: 'navigate' }, ORIGIN)).toBe('network');
    expect(handlingOf(get('/assets/app.js'), 'https://other.example')).toBe('network');
    expect(handlingOf({ method: 'POST', url: `${ORIGIN}/login`, mode: 'navigate' }, ORIGIN)).toBe('network');
  });

  it('takes the share sheet POST', () => {
    expect(handlingOf({ method: 'POST', url: `${ORIGIN}/share-target`, mode: 'navigate' }, ORIGIN)).toBe(
      'share-target',
    );
    expect(handlingOf(get('/share-target', 'navigate'), ORIGIN)).toBe('page');
  });

  it('serves pages network first, build files from the cache first, other public files network first', () => {
    expect(handlingOf(get('/dashboard?shared=1', 'navigate'), ORIGIN)).toBe('page');
    expect(handlingOf(get('/blog/ai-forex-trading', 'navigate'), ORIGIN)).toBe('page');
    expect(handlingOf(get('/assets/index-KGcDIWWo.js'), ORIGIN)).toBe('asset');
    expect(handlingOf(get('/assets/index-KGcDIWWo.js.map'), ORIGIN)).toBe('network');
    expect(handlingOf(get('/images/blog/ai-forex-trading-600.webp'), ORIGIN)).toBe('file');
    expect(handlingOf(get('/icons/icon-192.png'), ORIGIN)).toBe('file');
    expect(handlingOf(get('/manifest.webmanifest'), ORIGIN)).toBe('file');
    expect(handlingOf(get('/sitemap.xml'), ORIGIN)).toBe('network');
  });

  it('keys pages by path as the server reads them', () => {
    expect(pageKey(`${ORIGIN}/dashboard?shared=1`)).toBe('/dashboard');
    expect(pageKey(`${ORIGIN}/blog/`)).toBe('/blog');
    expect(pageKey(`${ORIGIN}/`)).toBe('/');
  });
});
