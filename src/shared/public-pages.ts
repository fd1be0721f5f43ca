import { BLOG_ALIASES, BLOG_POSTS, findPost } from './blog';
import { ROUTES, href } from './routes';

/** Content pages: prerendered at build time, indexed and listed in the sitemap. */
export const CONTENT_PATHS = [ROUTES.home, ROUTES.learnMore, ROUTES.premiumBenefits, ROUTES.blog, ROUTES.terms] as const;
/** Sign-in pages: prerendered too (they are entry points), but they carry no content worth a sitemap entry. */
export const AUTH_PATHS = [ROUTES.login, ROUTES.signup, ROUTES.forgotPassword] as const;

export const articlePaths = (): string[] => BLOG_POSTS.map((post) => href.article(post.id));

/** Every path the build renders to static HTML. */
export const prerenderedPaths = (): string[] => [...CONTENT_PATHS, ...articlePaths(), ...AUTH_PATHS];

/** Every URL in /sitemap.xml, with the date it last changed when known (YYYY-MM-DD). */
export const sitemapEntries = (): { path: string; lastModified?: string }[] => [
  ...CONTENT_PATHS.map((path) => ({ path })),
  ...BLOG_POSTS.map((post) => ({ path: href.article(post.id), lastModified: post.date })),
  { path: ROUTES.login },
  { path: ROUTES.signup },
];

/** Where an old /blog/<id> lives now: the canonical article path, or null when the id is not an alias. */
export function articleRedirect(id: string): string | null {
  const target = Object.hasOwn(BLOG_ALIASES, id) ? BLOG_ALIASES[id] : undefined;
  return target !== undefined && findPost(target) ? href.article(target) : null;
}

/**
 * The prerendered HTML is built once, before the server knows its configuration: these stand-ins take
 * the place of the configured values and the server puts the real ones in when it serves a page.
 */
export const PRERENDER_PLACEHOLDERS = {
  appUrl: 'https://piplens-app-url.invalid',
  supportEmail: 'piplens-support-email@piplens.invalid',
} as const;
