import type { BlogImage } from '../../../../shared/blog';

/** Covers are 1200 px wide with a 600 px copy beside them (scripts/content/images.ts). */
const smallCopy = (src: string): string => src.replace(/\.webp$/, '-600.webp');

export function CoverImage({
  image,
  sizes,
  priority = false,
  className,
}: {
  image: BlogImage;
  sizes: string;
  /** The article's own cover is seen first; list and related-post covers load lazily. */
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={image.src}
      srcSet={`${smallCopy(image.src)} 600w, ${image.src} ${image.width}w`}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
