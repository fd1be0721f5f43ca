import { createRoute } from '@hono/zod-openapi';
import { BadResponseEventSchema, NotFoundEventSchema } from '../../../shared/client-events-schema';
import { createRouter, errorResponse } from '../../lib/openapi';

const jsonBody = <T>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

const notFoundRoute = createRoute({
  method: 'post',
  path: '/not-found',
  summary: 'The browser reports a page that was not found (logged for operators)',
  request: jsonBody(NotFoundEventSchema),
  responses: { 204: { description: 'Logged' } },
});

const badResponseRoute = createRoute({
  method: 'post',
  path: '/bad-response',
  summary: 'The browser reports an API answer that did not match its shared schema (logged for operators)',
  request: jsonBody(BadResponseEventSchema),
  responses: {
    204: { description: 'Logged' },
    400: errorResponse('Not a report: a field is missing, malformed or too long'),
    413: errorResponse('Over the body limit of an event'),
  },
});

/** Things the browser reports so operators can see them in the logs (each body within the API's default limit). */
export function clientEventsRoutes() {
  return createRouter()
    .openapi(notFoundRoute, (c) => {
      c.get('logger').warn({ missingPath: c.req.valid('json').path, userId: c.get('user')?.id }, 'page not found');
      return c.body(null, 204);
    })
    .openapi(badResponseRoute, (c) => {
      const { path, status, issues } = c.req.valid('json');
      // Reported by a browser, so told apart from what the server itself saw go wrong.
      c.get('logger').warn({ apiPath: path, status, issues, userId: c.get('user')?.id }, 'browser: API answer did not match its contract');
      return c.body(null, 204);
    });
}
