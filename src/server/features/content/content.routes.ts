import { Hono } from 'hono';
import { articleRedirect, sitemapEntries } from '../../../shared/public-pages';
import { PRIVATE_ROUTES } from '../../../shared/routes';
import type { AppEnv } from '../../lib/context';

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export function sitemapXml(appUrl: string): string {
  const urls = sitemapEntries().map(({ path, lastModified }) => {
    const loc = `<loc>${escapeXml(path === '/' ? `${appUrl}/` : `${appUrl}${path}`)}</loc>`;
    return `  <url>${loc}${lastModified ? `<lastmod>${lastModified}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(appUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_ROUTES.map((route) => `Disallow: ${route}`), '', `Sitemap: ${appUrl}/sitemap.xml`, ''].join(
    '\n',
  );
}

/** What search engines read: the sitemap, robots.txt, and permanent redirects from the old blog ids. */
export function contentRoutes(appUrl: string) {
  const sitemap = sitemapXml(appUrl);
  const robots = robotsTxt(appUrl);
  return new Hono<AppEnv>()
    .get('/sitemap.xml', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(sitemap, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
    })
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(robots);
    })
    .get('/blog/:id{[^/]+}', async (c, next) => {
      const target = articleRedirect(c.req.param('id'));
      if (!target) return next();
      const query = new URL(c.req.url).search;
      return c.redirect(`${target}${query}`, 301);
    });
}
