import { createElement } from 'react';
// eslint-disable-next-line no-restricted-imports -- React's own HTML renderer, not PipLens server code
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../../../../shared/blog';
import { ARTICLE_BODIES } from './articles';

const MIN_WORDS = 600;

function words(html: string): string[] {
  const text = html.replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
  return text.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word));
}

describe('blog article bodies', () => {
  it('exist for exactly the posts of the blog list', () => {
    expect(Object.keys(ARTICLE_BODIES).sort()).toEqual(BLOG_POSTS.map((post) => post.id).sort());
  });

  for (const post of BLOG_POSTS) {
    it(`${post.id} has at least ${MIN_WORDS} words of text under h2 sections`, () => {
      const Body = ARTICLE_BODIES[post.id];
      if (!Body) throw new Error(`no body for ${post.id}`);
      const html = renderToStaticMarkup(createElement(Body));
      expect(words(html).length).toBeGreaterThanOrEqual(MIN_WORDS);
      // The page's h1 is the title; bodies start their sections at h2.
      expect(html).not.toContain('<h1');
      expect(html.match(/<h2>/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
    });
  }

  it('state a read time that matches the length at about 200 words a minute', () => {
    for (const post of BLOG_POSTS) {
      const Body = ARTICLE_BODIES[post.id];
      if (!Body) throw new Error(`no body for ${post.id}`);
      const minutes = Math.max(1, Math.round(words(renderToStaticMarkup(createElement(Body))).length / 200));
      expect(post.readTime, post.id).toBe(`${minutes} min read`);
    }
  });
});
