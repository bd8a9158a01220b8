import type { Route } from '@chat/contracts';

type SchemaOf<R extends Route> = Pick<R, Extract<keyof R, 'params' | 'querystring' | 'body' | 'response'>>;

/**
 * A route of the contracts as Fastify registers it: its method, path and schemas as written in
 * `packages/contracts` (`app.route({ ...fromContract(routes.x), preHandler, handler })`), so a
 * handler's request and answer are typed from them.
 */
export function fromContract<R extends Route>(route: R): { method: R['method']; url: R['url']; schema: SchemaOf<R> } {
  const { method, url, params, querystring, body, response } = route;
  const schema = Object.fromEntries(Object.entries({ params, querystring, body, response }).filter(([, given]) => given !== undefined));
  return { method, url, schema: schema as SchemaOf<R> };
}
