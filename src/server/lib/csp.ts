import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

/** Script types a browser does not run (JSON-LD and other data blocks): CSP does not govern them. */
const DATA_BLOCK = /^(application\/(ld\+)?json|text\/plain)$/i;

/**
 * 'sha256-...' sources for the inline scripts of `html` (those without src that a browser would
 * run), so a policy can allow exactly these and nothing injected beside them.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body.length === 0) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (type && DATA_BLOCK.test(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export interface PolicyOptions {
  /** Hash sources of the page's inline scripts. */
  scriptHashes?: string[];
  /** Other origins the page may load scripts from and frame (the live payment checkout). */
  paymentOrigins?: string[];
}

/**
 * The Content-Security-Policy of PipLens's pages: scripts from this origin and the listed hashes
 * only, no plugins, no framing by other sites, forms and base URL to this origin. Styles allow
 * inline (React renders style attributes); everything else comes from this origin or data:/blob:
 * images (chart previews and thumbnails).
 */
export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  const payments = options.paymentOrigins ?? [];
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...(options.scriptHashes ?? []), ...payments].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${["'self'", ...payments].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every HTML answer that set no policy of its own gets the strict one (no inline script at all). */
export function defaultCsp(policy: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('content-type') ?? '';
    if (type.startsWith('text/html') && !c.res.headers.has('content-security-policy')) {
      c.res.headers.set('Content-Security-Policy', policy);
    }
  };
}
