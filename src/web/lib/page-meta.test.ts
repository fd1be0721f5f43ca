import { describe, expect, it } from 'vitest';
import { BLOG_ALIASES, BLOG_POSTS } from '../../shared/blog';
import { pageMeta, renderHeadHtml, withBrand } from './page-meta';

const APP = 'https://piplens.example';

const types = (path: string) => pageMeta(path, APP).jsonLd.map((data) => data['@type']);

describe('page metadata', () => {
  it('appends the brand once', () => {
    expect(withBrand('Terms and Conditions')).toBe('Terms and Conditions | PipLens');
    expect(withBrand('PipLens - AI Forex Chart Analysis')).toBe('PipLens - AI Forex Chart Analysis');
  });

  it('gives home the WebSite search action and a breadcrumb', () => {
    const meta = pageMeta('/', APP);
    expect(meta.canonical).toBe(`${APP}/`);
    expect(meta.robots).toBe('index, follow');
    expect(types('/')).toEqual(['WebSite', 'BreadcrumbList']);
    const site = meta.jsonLd[0] as { potentialAction: { target: { urlTemplate: string } } };
    expect(site.potentialAction.target.urlTemplate).toBe(`${APP}/search?q={search_term_string}`);
  });

  it('gives the blog list Blog data listing every article', () => {
    const meta = pageMeta('/blog/', APP);
    expect(meta.canonical).toBe(`${APP}/blog`);
    expect(types('/blog')).toEqual(['Blog', 'BreadcrumbList']);
    expect((meta.jsonLd[0] as { blogPost: unknown[] }).blogPost).toHaveLength(BLOG_POSTS.length);
  });

  it('gives each article BlogPosting data, its image and a Home > Blog > article trail', () => {
    for (const post of BLOG_POSTS) {
      const meta = pageMeta(`/blog/${post.id}`, APP);
      expect(meta.title).toBe(`${post.title} | PipLens`);
      expect(meta.description).toBe(post.excerpt);
      expect(meta.ogType).toBe('article');
      expect(meta.image?.url).toBe(`${APP}${post.image.src}`);
      expect(types(`/blog/${post.id}`)).toEqual(['BlogPosting', 'BreadcrumbList']);
      const trail = (meta.jsonLd[1] as { itemListElement: { name: string; item: string }[] }).itemListElement;
      expect(trail.map((item) => item.name)).toEqual(['Home', 'Blog', post.title]);
      expect(trail[2]?.item).toBe(`${APP}/blog/${post.id}`);
    }
  });

  it('points an alias at its article and keeps unknown articles and private pages out of the index', () => {
    const [alias, target] = Object.entries(BLOG_ALIASES)[0] ?? [];
    expect(pageMeta(`/blog/${alias}`, APP).canonical).toBe(`${APP}/blog/${target}`);
    const missing = pageMeta('/blog/no-such-article', APP);
    expect(missing.title).toBe('Article not found | PipLens');
    expect(missing.robots).toBe('noindex, nofollow');
    for (const path of ['/dashboard', '/subscription', '/admin/settings', '/welcome', '/share/abc', '/nowhere']) {
      expect(pageMeta(path, APP).robots, path).toBe('noindex, nofollow');
    }
    expect(pageMeta('/nowhere', APP).title).toBe('Page Not Found | PipLens');
  });

  it('renders escaped head markup whose JSON-LD parses', () => {
    const html = renderHeadHtml(pageMeta('/blog/ai-forex-trading', APP));
    expect(html).toMatch(/^<title>[^<]+ \| PipLens<\/title>/);
    expect(html).toContain(`<link data-page-meta rel="canonical" href="${APP}/blog/ai-forex-trading">`);
    expect(html).toContain('<meta data-page-meta property="og:type" content="article">');
    const scripts = [...html.matchAll(/<script data-page-meta type="application\/ld\+json">(.*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, json] of scripts) expect(() => JSON.parse(json ?? '') as unknown).not.toThrow();
  });
});
