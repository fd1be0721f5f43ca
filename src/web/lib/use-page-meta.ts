import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { publicConfig } from './public-config';

/** Whether the head already carries the tags of this page (the server sent the prerendered HTML). */
const headIsPrerendered = () => typeof document !== 'undefined' && document.head.querySelector('[data-page-meta]') !== null;

/**
 * Keeps the head's title, meta tags and JSON-LD in line with the current route (the root layout calls it).
 * A prerendered page arrives with its tags, so the metadata table is only fetched once the visitor moves on.
 */
export function usePageMeta() {
  const { pathname } = useLocation();
  const prerenderedPath = useRef(headIsPrerendered() ? pathname : null);
  useEffect(() => {
    if (pathname === prerenderedPath.current) return;
    prerenderedPath.current = null;
    let current = true;
    void import('./page-meta').then(({ applyPageMeta, pageMeta }) => {
      if (current) applyPageMeta(document, pageMeta(pathname, publicConfig().appUrl));
    });
    return () => {
      current = false;
    };
  }, [pathname]);
}
