import { type Json, snowflake } from './payloads';
import type { Handler } from './rest';

/**
 * Application commands on the fake Discord: bulk overwrite (PUT) and list (GET), global and per
 * server, answered as Discord answers them (ids, version, and the defaults Discord fills in:
 * integration_types [0], contexts null, nsfw false). `store` is keyed 'global' or the server id.
 */
export function commandRoutes(
  applicationId: string,
  store: Map<string, Json[]>,
): [string, RegExp, Handler][] {
  const put = (scope: string, body: Json | null): Json[] => {
    const list = (Array.isArray(body) ? body : []).map((c: Json) => ({
      id: snowflake(),
      application_id: applicationId,
      version: snowflake(),
      default_member_permissions: null,
      type: 1,
      description: '',
      integration_types: [0],
      contexts: null,
      nsfw: false,
      ...(scope === 'global' ? {} : { guild_id: scope }),
      ...c,
    }));
    store.set(scope, list);
    return list;
  };
  const app = applicationId;
  return [
    ['PUT', new RegExp(`^/applications/${app}/commands$`), (_m, b) => [200, put('global', b)]],
    ['GET', new RegExp(`^/applications/${app}/commands$`), () => [200, store.get('global') ?? []]],
    [
      'PUT',
      new RegExp(`^/applications/${app}/guilds/(\\d+)/commands$`),
      (m, b) => [200, put(m[1] as string, b)],
    ],
    [
      'GET',
      new RegExp(`^/applications/${app}/guilds/(\\d+)/commands$`),
      (m) => [200, store.get(m[1] as string) ?? []],
    ],
  ];
}
