import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { findPost, resolveArticleId, type BlogPostMeta } from '../../../shared/blog';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { ARTICLE_BODIES } from './blog/articles';
import { CoverImage } from './blog/cover-image';
import { formatPostDate } from './blog/post-date';

/** Typography for the JSX bodies, which use plain h2, h3, p, ul, ol and strong. */
const ARTICLE_TEXT = [
  'mt-8 text-lg leading-relaxed',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:leading-snug',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
  '[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_strong]:font-semibold',
].join(' ');

export function BlogArticlePage() {
  const { articleId = '' } = useParams();
  const resolved = resolveArticleId(articleId);

  // A new article starts at its top, even when reached from the related links at the bottom of another.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [articleId]);

  if (resolved?.isAlias) return <Navigate to={href.article(resolved.id)} replace />;
  const post = resolved ? findPost(resolved.id) : undefined;
  const Body = post ? ARTICLE_BODIES[post.id] : undefined;
  if (!post || !Body) return <ArticleNotFound />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <Link to={href.blog} className="text-sm text-muted-foreground hover:text-foreground">
        ← All articles
      </Link>
      <article className="mt-4">
        <header>
          <h1 className="text-3xl font-bold leading-tight sm:text-4xl">{post.title}</h1>
          <p className="mt-4 text-sm text-muted-foreground">
            By {post.author}
            <span aria-hidden> · </span>
            <span className="sr-only">, </span>
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>
            <span aria-hidden> · </span>
            <span className="sr-only">, </span>
            {post.readTime}
          </p>
          <CoverImage
            image={post.image}
            sizes="(min-width: 768px) 720px, 100vw"
            priority
            className="mt-6 h-auto w-full rounded-lg border border-border"
          />
        </header>
        <div className={ARTICLE_TEXT}>
          <Body />
        </div>
      </article>
      <RelatedPosts ids={post.relatedPosts} />
    </div>
  );
}

function RelatedPosts({ ids }: { ids: BlogPostMeta['relatedPosts'] }) {
  const posts = ids.map((id) => findPost(id)).filter((post) => post !== undefined);
  return (
    <section aria-labelledby="related-heading" className="mt-16 border-t border-border pt-10">
      <h2 id="related-heading" className="text-2xl font-bold">
        Related articles
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-3">
        {posts.map((post) => (
          <li key={post.id} className="overflow-hidden rounded-lg border border-border bg-card">
            <CoverImage image={post.image} sizes="(min-width: 640px) 230px, 100vw" className="h-auto w-full" />
            <div className="p-4">
              <h3 className="font-semibold leading-snug">
                <Link to={href.article(post.id)} className="hover:underline">
                  {post.title}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{post.readTime}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ArticleNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Article not found</h1>
      <p className="mt-3 text-muted-foreground">This article does not exist or has been moved.</p>
      <Button asChild className="mt-8">
        <Link to={href.blog}>Return to Blog</Link>
      </Button>
    </section>
  );
}
