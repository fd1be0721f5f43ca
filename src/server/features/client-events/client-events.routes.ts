import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../lib/openapi';

const NotFoundEventSchema = z.object({ path: z.string().max(2048) });

const notFoundRoute = createRoute({
  method: 'post',
  path: '/not-found',
  summary: 'The browser reports a page that was not found (logged for operators)',
  request: { body: { content: { 'application/json': { schema: NotFoundEventSchema } }, required: true } },
  responses: { 204: { description: 'Logged' } },
});

/** Things the browser reports so operators can see them in the logs. */
export function clientEventsRoutes() {
  return createRouter().openapi(notFoundRoute, (c) => {
    c.get('logger').warn({ missingPath: c.req.valid('json').path, userId: c.get('user')?.id }, 'page not found');
    return c.body(null, 204);
  });
}
