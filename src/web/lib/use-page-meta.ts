import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { applyPageMeta, pageMeta } from './page-meta';
import { publicConfig } from './public-config';

/** Keeps the head's title, meta tags and JSON-LD in line with the current route (the root layout calls it). */
export function usePageMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    applyPageMeta(document, pageMeta(pathname, publicConfig().appUrl));
  }, [pathname]);
}
