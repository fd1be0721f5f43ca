import { describe, expect, it } from 'vitest';
import { BLOG_ALIASES, BLOG_POSTS, findPost, resolveArticleId } from './blog';

const KEYS = [
  'ai-forex-trading',
  'entry-exit-points',
  'risk-management',
  'ai-vs-manual',
  'market-patterns',
  'beginner-guide',
];

describe('blog posts', () => {
  it('lists the six article keys in order, each once', () => {
    expect(BLOG_POSTS.map((post) => post.id)).toEqual(KEYS);
  });

  it('relates every post to three other real posts', () => {
    for (const post of BLOG_POSTS) {
      expect(new Set(post.relatedPosts).size).toBe(3);
      expect(post.relatedPosts).not.toContain(post.id);
      for (const related of post.relatedPosts) expect(findPost(related), `${post.id} → ${related}`).toBeDefined();
    }
  });

  it('gives every post a past 2026 date, a read time, an author and a sized cover with alt text', () => {
    for (const post of BLOG_POSTS) {
      expect(post.date).toMatch(/^2026-\d\d-\d\d$/);
      expect(Number.isNaN(Date.parse(post.date))).toBe(false);
      expect(post.readTime).toMatch(/^\d+ min read$/);
      expect(post.author).not.toBe('');
      expect(post.image.src).toMatch(/^\/images\/blog\/.+\.webp$/);
      expect(post.image.width).toBeGreaterThan(0);
      expect(post.image.height).toBeGreaterThan(0);
      expect(post.image.alt.length).toBeGreaterThan(10);
      expect(post.keywords.length).toBeGreaterThan(0);
    }
  });
});

describe('blog aliases', () => {
  it('are exactly the six ids of DECISIONS.md, each pointing to a real post', () => {
    expect(BLOG_ALIASES).toEqual({
      'ai-forex-trading-2025': 'ai-forex-trading',
      'top-5-forex-bots-machine-learning': 'market-patterns',
      'best-ai-tools-forex-beginners': 'beginner-guide',
      'entry-exit-points-ai': 'entry-exit-points',
      'risk-management-ai-forex': 'risk-management',
      'ai-vs-manual-trading': 'ai-vs-manual',
    });
    for (const target of Object.values(BLOG_ALIASES)) expect(findPost(target)).toBeDefined();
  });

  it('never shadow a real post id', () => {
    for (const alias of Object.keys(BLOG_ALIASES)) expect(findPost(alias)).toBeUndefined();
  });
});

describe('resolveArticleId', () => {
  it('resolves a key to itself', () => {
    expect(resolveArticleId('risk-management')).toEqual({ id: 'risk-management', isAlias: false });
  });

  it('resolves an alias to its article', () => {
    expect(resolveArticleId('top-5-forex-bots-machine-learning')).toEqual({ id: 'market-patterns', isAlias: true });
  });

  it('returns null for unknown ids, including inherited object keys', () => {
    expect(resolveArticleId('no-such-article')).toBeNull();
    expect(resolveArticleId('constructor')).toBeNull();
    expect(resolveArticleId('__proto__')).toBeNull();
  });
});
