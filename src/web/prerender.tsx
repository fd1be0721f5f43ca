/**
 * Build-time renderer of the public pages (scripts/build.mjs): each page's HTML through the same route
 * table, providers and layout as the browser app, and its head tags from the page metadata table.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PRERENDER_PLACEHOLDERS } from '../shared/public-pages';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { pageMeta, renderHeadHtml } from './lib/page-meta';

export { prerenderedPaths } from '../shared/public-pages';

// The configured values are not known at build time: the server swaps these stand-ins for them.
(globalThis as { __PIPLENS__?: unknown }).__PIPLENS__ = { ...PRERENDER_PLACEHOLDERS };

export interface RenderedPage {
  status: number;
  head: string;
  html: string;
}

const handler = createStaticHandler(routes);

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export async function renderPage(pathname: string): Promise<RenderedPage> {
  const context = await handler.query(new Request(`${PRERENDER_PLACEHOLDERS.appUrl}${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered with a redirect or response (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender (not renderToString) waits for every Suspense boundary, so the HTML holds the whole page.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  return {
    status: context.statusCode,
    head: renderHeadHtml(pageMeta(pathname, PRERENDER_PLACEHOLDERS.appUrl)),
    html: await streamToString(prelude),
  };
}
