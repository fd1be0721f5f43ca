/**
 * Page metadata (SPEC §2 'page metadata helper'): one table of titles and descriptions per route, and the
 * tags every page gets from it: title with the brand, description, keywords, canonical URL, Open Graph,
 * Twitter and JSON-LD. The same tags are written into the prerendered HTML and kept up to date in the SPA.
 */
import { BLOG_POSTS, findPost, resolveArticleId } from '../../shared/blog';
import { BRAND, FREE_DAILY_ANALYSES, PREMIUM_PRICE_USD, TRIAL_DAYS, formatPrice } from '../../shared/constants';
import { PRIVATE_ROUTES, ROUTES, SHARE_ROUTE_PREFIX } from '../../shared/routes';

interface RouteMeta {
  title: string;
  description: string;
  keywords?: string[];
  /** Name in the breadcrumb trail; the title when absent. */
  crumb?: string;
  noindex?: boolean;
}

const BASE_KEYWORDS = ['forex chart analysis', 'AI trading analysis', 'forex trading', 'technical analysis'];

const ROUTE_META: Record<string, RouteMeta> = {
  [ROUTES.home]: {
    title: `${BRAND} - AI Forex Chart Analysis`,
    crumb: 'Home',
    description: `Upload a forex chart screenshot and get trend, entry, stop loss, take profit and position sizing in seconds. ${TRIAL_DAYS}-day free trial, no credit card required.`,
    keywords: [...BASE_KEYWORDS, 'forex chart reader', 'support and resistance', 'position sizing'],
  },
  [ROUTES.learnMore]: {
    title: `How ${BRAND} Works`,
    crumb: 'Learn More',
    description: `Upload, configure, analyze, review and track: how ${BRAND} turns a chart screenshot into a trade plan, what it costs and how to start.`,
    keywords: [...BASE_KEYWORDS, 'how AI chart analysis works', 'forex trade plan'],
  },
  [ROUTES.premiumBenefits]: {
    title: 'Premium Benefits',
    crumb: 'Premium',
    description: `Compare the free plan with Premium: unlimited analyses instead of ${FREE_DAILY_ANALYSES} a day, priority processing, full history, export and share, for ${formatPrice(PREMIUM_PRICE_USD)} a month.`,
    keywords: [...BASE_KEYWORDS, 'premium forex analysis', 'unlimited chart analysis'],
  },
  [ROUTES.blog]: {
    title: 'Forex Trading Blog',
    crumb: 'Blog',
    description:
      'Practical articles for forex traders: AI in trading, entry and exit points, risk management, market patterns and a beginner guide.',
    keywords: ['forex blog', 'forex trading tips', 'forex for beginners', 'risk management', 'AI forex trading'],
  },
  [ROUTES.terms]: {
    title: 'Terms and Conditions',
    crumb: 'Terms',
    description: `The terms for using ${BRAND}: the free trial and subscription, accounts, content, disclaimers and how to reach support.`,
    keywords: [`${BRAND} terms`, 'terms and conditions', 'subscription terms'],
  },
  [ROUTES.login]: {
    title: 'Log In',
    crumb: 'Login',
    description: `Log in to ${BRAND} to analyze forex charts, see your analysis history and manage your subscription.`,
  },
  [ROUTES.signup]: {
    title: 'Sign Up',
    description: `Create a ${BRAND} account and start a ${TRIAL_DAYS}-day free trial of AI forex chart analysis. No credit card required.`,
  },
  [ROUTES.forgotPassword]: {
    title: 'Reset Your Password',
    description: `Get a link to choose a new ${BRAND} password.`,
    noindex: true,
  },
  [ROUTES.resetPassword]: { title: 'Choose a New Password', description: `Choose a new ${BRAND} password.` },
  [ROUTES.welcome]: { title: `Welcome to ${BRAND}`, description: `Get started with ${BRAND}.` },
  [ROUTES.dashboard]: { title: 'Forex Chart Analysis', crumb: 'Dashboard', description: 'Upload a chart and analyze it.' },
  [ROUTES.journal]: { title: 'Trade Journal', crumb: 'Journal', description: `The trades you took from ${BRAND} analyses and how they ended.` },
  [ROUTES.subscription]: { title: 'Subscription', description: `Your ${BRAND} trial and Premium subscription.` },
  [ROUTES.adminSettings]: { title: 'Admin Settings', description: `${BRAND} administration.` },
  [ROUTES.adminEngine]: { title: 'Engine Readings', description: `The ${BRAND} chart engine's refusals and low-confidence answers.` },
};

const NOT_FOUND: RouteMeta = {
  title: 'Page Not Found',
  description: "The page you're looking for doesn't exist or has been moved.",
  noindex: true,
};
const ARTICLE_NOT_FOUND: RouteMeta = {
  title: 'Article not found',
  description: 'This article does not exist. Browse every article on the blog.',
  noindex: true,
};

export interface PageImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageMeta {
  title: string;
  description: string;
  keywords: string[];
  canonical: string;
  robots: string;
  ogType: 'website' | 'article';
  image?: PageImage;
  article?: { publishedTime: string; author: string; tags: string[] };
  jsonLd: Record<string, unknown>[];
}

/** The brand goes at the end of every title that does not name it already. */
export function withBrand(title: string): string {
  return title.includes(BRAND) ? title : `${title} | ${BRAND}`;
}

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) || '/';

const isPrivate = (pathname: string) =>
  PRIVATE_ROUTES.some((route) => (route.endsWith('/') ? pathname.startsWith(route) : pathname === route || pathname.startsWith(`${route}/`)));

const titleCase = (segment: string) =>
  decodeURIComponent(segment)
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

function breadcrumbs(pathname: string, appUrl: string, lastName: string): Record<string, unknown> {
  const segments = pathname.split('/').filter(Boolean);
  const trail = [{ name: 'Home', url: `${appUrl}/` }];
  segments.forEach((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const known = ROUTE_META[path];
    const name = index === segments.length - 1 ? lastName : (known?.crumb ?? known?.title ?? titleCase(segment));
    trail.push({ name, url: `${appUrl}${path}` });
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  };
}

const publisher = (appUrl: string) => ({
  '@type': 'Organization',
  name: BRAND,
  url: `${appUrl}/`,
  logo: { '@type': 'ImageObject', url: `${appUrl}/favicon.svg` },
});

/** Everything the head of `pathname` carries; `appUrl` is the public base URL without a trailing slash. */
export function pageMeta(rawPathname: string, appUrl: string): PageMeta {
  const pathname = normalise(rawPathname);
  const articleMatch = /^\/blog\/([^/]+)$/.exec(pathname);
  if (articleMatch) return articleMeta(decodeURIComponent(articleMatch[1] ?? ''), pathname, appUrl);

  const route =
    ROUTE_META[pathname] ??
    (pathname.startsWith(SHARE_ROUTE_PREFIX)
      ? { title: 'Shared chart analysis', description: `A read-only chart analysis made with ${BRAND}.` }
      : isPrivate(pathname)
        ? { title: BRAND, description: '' }
        : NOT_FOUND);
  const canonical = pathname === '/' ? `${appUrl}/` : `${appUrl}${pathname}`;
  const noindex = route.noindex === true || isPrivate(pathname) || route === NOT_FOUND;
  const jsonLd: Record<string, unknown>[] = [];
  if (pathname === ROUTES.home) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: BRAND,
      url: `${appUrl}/`,
      description: route.description,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${appUrl}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  }
  if (pathname === ROUTES.blog) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'Blog',
      name: `${BRAND} Blog`,
      url: canonical,
      description: route.description,
      publisher: publisher(appUrl),
      blogPost: BLOG_POSTS.map((post) => ({
        '@type': 'BlogPosting',
        headline: post.title,
        url: `${appUrl}/blog/${post.id}`,
        datePublished: post.date,
        image: `${appUrl}${post.image.src}`,
        author: { '@type': 'Organization', name: post.author },
      })),
    });
  }
  jsonLd.push(breadcrumbs(pathname, appUrl, route.crumb ?? route.title));
  return {
    title: withBrand(route.title),
    description: route.description,
    keywords: route.keywords ?? BASE_KEYWORDS,
    canonical,
    robots: noindex ? 'noindex, nofollow' : 'index, follow',
    ogType: 'website',
    jsonLd,
  };
}

function articleMeta(id: string, pathname: string, appUrl: string): PageMeta {
  const resolved = resolveArticleId(id);
  const post = resolved ? findPost(resolved.id) : undefined;
  if (!post) {
    return {
      title: withBrand(ARTICLE_NOT_FOUND.title),
      description: ARTICLE_NOT_FOUND.description,
      keywords: BASE_KEYWORDS,
      canonical: `${appUrl}${pathname}`,
      robots: 'noindex, nofollow',
      ogType: 'website',
      jsonLd: [breadcrumbs(pathname, appUrl, ARTICLE_NOT_FOUND.title)],
    };
  }
  // An alias shows the same article, so it points search engines at the one true address.
  const canonical = `${appUrl}/blog/${post.id}`;
  const image: PageImage = { url: `${appUrl}${post.image.src}`, width: post.image.width, height: post.image.height, alt: post.image.alt };
  return {
    title: withBrand(post.title),
    description: post.excerpt,
    keywords: post.keywords,
    canonical,
    robots: 'index, follow',
    ogType: 'article',
    image,
    article: { publishedTime: post.date, author: post.author, tags: post.keywords },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.excerpt,
        url: canonical,
        mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
        image: { '@type': 'ImageObject', url: image.url, width: image.width, height: image.height },
        datePublished: post.date,
        dateModified: post.date,
        author: { '@type': 'Organization', name: post.author, url: `${appUrl}/` },
        publisher: publisher(appUrl),
        keywords: post.keywords.join(', '),
      },
      breadcrumbs(`/blog/${post.id}`, appUrl, post.title),
    ],
  };
}

/** One tag in <head> that the helper manages (besides <title>). */
export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  /** Text content (JSON-LD scripts). */
  text?: string;
}

export function headTags(meta: PageMeta): HeadTag[] {
  const named = (name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { name, content } });
  const property = (prop: string, content: string): HeadTag => ({ tag: 'meta', attrs: { property: prop, content } });
  const tags: HeadTag[] = [
    named('description', meta.description),
    named('keywords', meta.keywords.join(', ')),
    named('robots', meta.robots),
    { tag: 'link', attrs: { rel: 'canonical', href: meta.canonical } },
    property('og:site_name', BRAND),
    property('og:type', meta.ogType),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.canonical),
    property('og:locale', 'en_US'),
  ];
  if (meta.image) {
    tags.push(
      property('og:image', meta.image.url),
      property('og:image:width', String(meta.image.width)),
      property('og:image:height', String(meta.image.height)),
      property('og:image:alt', meta.image.alt),
    );
  }
  if (meta.article) {
    tags.push(property('article:published_time', meta.article.publishedTime), property('article:author', meta.article.author));
    for (const tag of meta.article.tags) tags.push(property('article:tag', tag));
  }
  tags.push(
    named('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
  );
  if (meta.image) tags.push(named('twitter:image', meta.image.url), named('twitter:image:alt', meta.image.alt));
  for (const data of meta.jsonLd) tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: jsonForScript(data) });
  return tags;
}

/** JSON that cannot close its <script> element early. */
const jsonForScript = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

const escapeAttr = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Attribute that marks the tags the helper owns, so the SPA can replace them on navigation. */
export const MANAGED_ATTR = 'data-page-meta';

/** The head markup for the prerendered HTML. */
export function renderHeadHtml(meta: PageMeta): string {
  const tags = headTags(meta).map(({ tag, attrs, text }) => {
    const attributes = Object.entries(attrs)
      .map(([key, value]) => ` ${key}="${escapeAttr(value)}"`)
      .join('');
    return tag === 'script' ? `<script ${MANAGED_ATTR}${attributes}>${text ?? ''}</script>` : `<${tag} ${MANAGED_ATTR}${attributes}>`;
  });
  return [`<title>${escapeAttr(meta.title)}</title>`, ...tags].join('\n    ');
}

/** Brings document.head in line with `meta` (client-side navigation). */
export function applyPageMeta(doc: Document, meta: PageMeta): void {
  doc.title = meta.title;
  const wanted = headTags(meta);
  const existing = [...doc.head.querySelectorAll(`[${MANAGED_ATTR}]`)];
  const same =
    existing.length === wanted.length &&
    existing.every((element, index) => {
      const tag = wanted[index];
      return (
        tag !== undefined &&
        element.tagName.toLowerCase() === tag.tag &&
        Object.entries(tag.attrs).every(([key, value]) => element.getAttribute(key) === value) &&
        (tag.text === undefined || element.textContent === tag.text)
      );
    });
  if (same) return;
  for (const element of existing) element.remove();
  for (const { tag, attrs, text } of wanted) {
    const element = doc.createElement(tag);
    element.setAttribute(MANAGED_ATTR, '');
    for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, value);
    if (text !== undefined) element.textContent = text;
    doc.head.appendChild(element);
  }
}
