import { Link } from 'react-router';
import { BLOG_POSTS } from '../../../shared/blog';
import { href } from '../../../shared/routes';
import { CoverImage } from './blog/cover-image';
import { formatPostDate } from './blog/post-date';

export function BlogPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">PipLens Blog</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        Plain-language guides to reading forex charts, managing risk and using AI analysis with care.
      </p>
      <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {BLOG_POSTS.map((post, index) => (
          <li key={post.id}>
            <article className="flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card">
              <CoverImage
                image={post.image}
                sizes="(min-width: 1024px) 352px, (min-width: 640px) 50vw, 100vw"
                priority={index === 0}
                className="aspect-[40/21] h-auto w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-5">
                <p className="text-sm text-muted-foreground">
                  <time dateTime={post.date}>{formatPostDate(post.date)}</time>
                  <span aria-hidden> · </span>
                  <span className="sr-only">, </span>
                  {post.readTime}
                </p>
                <h2 className="mt-2 text-lg font-semibold">
                  <Link to={href.article(post.id)} className="hover:underline">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">{post.excerpt}</p>
                <Link
                  to={href.article(post.id)}
                  className="mt-4 text-sm font-medium text-primary hover:underline dark:text-blue-400"
                >
                  Read more<span className="sr-only">: {post.title}</span>
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
