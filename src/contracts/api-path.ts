/**
 * Endpoint paths, named once beside their schemas (the `<domain>Paths` objects of each contracts
 * file) and used by the server's routes and the client's calls alike. A template uses Fastify's
 * `:param` syntax, e.g. `'/Permission/Organize/:id'`; `fillPath` turns it into a concrete path.
 */

/** The parameter names of a path template: `'/a/:id/b/:name'` → `'id' | 'name'`. */
export type PathParamNames<T extends string> = T extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : T extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values `fillPath` needs for a template: one per parameter, no more, no fewer. */
export type PathParams<T extends string> = { [K in PathParamNames<T>]: string | number };

/** A template without parameters takes no second argument; one with parameters requires them all. */
type PathArgs<T extends string> = [PathParamNames<T>] extends [never] ? [params?: Record<string, never>] : [params: PathParams<T>];

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * The concrete path of a template, each parameter URI-encoded (`'/Base/Area/:id'`, `{ id: '-1' }`
 * → `'/Base/Area/-1'`). The parameters are type-checked against the template; a value missing at
 * run time (e.g. from untyped data) throws rather than producing a path with `:id` left in it.
 */
export function fillPath<T extends string>(template: T, ...[params]: PathArgs<T>): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return template.replace(PARAM, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`fillPath: no value for :${name} in ${template}`);
    return encodeURIComponent(String(value));
  });
}
