import { NOT_ORGANIZATION_MEMBER_MESSAGE } from '@parley/shared/access';
import type { ChatbotNameList } from '@parley/shared/contracts/chatbots';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { chatbots, profiles } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { createTeam, inOrganization, type Team } from '../../test/teams';

const APPEARANCE = { color: '#4f46e5', position: 'bottom-right' as const, title: 'Chat', avatarUrl: null };

/** A team whose organization has 30 chatbots: "Bot 00" … "Bot 28" (Bot 07 live) and "100%_sure" (LIKE's wildcards). */
async function teamWithThirtyChatbots(c: TestContext): Promise<{ team: Team; idOf: Map<string, string> }> {
  const team = await createTeam(c, 'Names Org');
  const rows = await c.database.db
    .insert(chatbots)
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        organizationId: team.organizationId,
        name: i === 29 ? '100%_sure' : `Bot ${String(i).padStart(2, '0')}`,
        status: i === 7 ? ('live' as const) : ('draft' as const),
        systemPrompt: 'p',
        appearance: APPEARANCE,
      })),
    )
    .returning({ id: chatbots.id, name: chatbots.name });
  return { team, idOf: new Map(rows.map((row) => [row.name, row.id])) };
}

describeEachDatabase('chatbot names for pickers: a page at a time, searchable, or by ids', (ctx) => {
  const names = (c: TestContext, headers: Record<string, string>, query = '') => c.app.inject({ method: 'GET', url: `/api/chatbots/names${query}`, headers });

  it('answers a page by name with the total, searches as the chatbot list does, and names the chatbots asked for by id', async () => {
    const c = ctx();
    const { team, idOf } = await teamWithThirtyChatbots(c);
    const outsider = await createSignedInUser(c);
    const theirs = (
      await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: outsider.cookie }, payload: { name: 'Bot 99 of another organization' } })
    ).json() as { id: string };
    const headers = inOrganization(team.member, team.organizationId);
    const get = async (query: string) => {
      const response = await names(c, headers, query);
      expect(response.statusCode, `${query}: ${response.body.slice(0, 200)}`).toBe(200);
      return response.json() as ChatbotNameList;
    };
    const namesOf = (list: ChatbotNameList) => list.items.map((item) => item.name);
    const allNames = ['100%_sure', ...Array.from({ length: 29 }, (_, i) => `Bot ${String(i).padStart(2, '0')}`)];

    // Pages: 25 by default, by name case-insensitively; the second page holds the rest, and together they are all 30.
    const first = await get('');
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.items[0]).toEqual({ id: idOf.get('100%_sure'), name: '100%_sure', status: 'draft' });
    expect(first.items.find((item) => item.name === 'Bot 07')?.status).toBe('live');
    const second = await get('?page=2');
    expect(namesOf(second)).toEqual(allNames.slice(25));
    expect([...namesOf(first), ...namesOf(second)]).toEqual(allNames);
    expect(namesOf(await get('?page=3&pageSize=10'))).toEqual(allNames.slice(20, 30));
    expect(await get('?page=4&pageSize=10')).toEqual({ items: [], total: 30, page: 4, pageSize: 10 });

    // Search: the name anywhere, case-insensitively, wildcards literal; another organization's chatbots never.
    const search = await get('?search=BOT%200');
    expect(search.total).toBe(10);
    expect(namesOf(search)).toEqual(allNames.slice(1, 11));
    expect(namesOf(await get('?search=%25_'))).toEqual(['100%_sure']);
    expect((await get('?search=bot%2099')).total).toBe(0);
    expect(namesOf(await get('?search=bot&pageSize=3&page=2'))).toEqual(['Bot 03', 'Bot 04', 'Bot 05']);

    // By ids, comma-separated or repeated: those of this organization only, by name; unknown ids name nothing.
    const [a, b, last] = [idOf.get('Bot 21')!, idOf.get('Bot 04')!, idOf.get('Bot 28')!];
    expect(namesOf(await get(`?ids=${a},${b}`))).toEqual(['Bot 04', 'Bot 21']);
    expect(namesOf(await get(`?ids=${a}&ids=${b}&ids=${last}`))).toEqual(['Bot 04', 'Bot 21', 'Bot 28']);
    expect(await get(`?ids=${theirs.id},00000000-0000-4000-8000-000000000000`)).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
    expect(namesOf(await get(`?ids=${a},${b}&search=21`))).toEqual(['Bot 21']);
    // A chatbot beyond the first page is named as well as one on it.
    expect(namesOf(await get(`?ids=${last}&pageSize=1`))).toEqual(['Bot 28']);
    const hundred = [...idOf.values(), ...Array.from({ length: 70 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)];
    expect((await get(`?ids=${hundred.join(',')}&pageSize=100`)).total).toBe(30);
  });

  it('publishes its query in the OpenAPI document', async () => {
    const spec = (await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get: { parameters: { name: string; in: string }[] } }>;
    };
    const parameters = spec.paths['/api/chatbots/names']!.get.parameters;
    expect(parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['query:ids', 'query:page', 'query:pageSize', 'query:search']);
  });

  it('refuses bad input with 400 and a message naming the parameter, never 500', async () => {
    const c = ctx();
    const { team } = await teamWithThirtyChatbots(c);
    const headers = inOrganization(team.owner, team.organizationId);
    const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    for (const [query, message] of [
      ['?ids=not-a-uuid', /^ids\.0: Invalid id: must be a UUID$/],
      [`?ids=${uuid(1)},x`, /^ids\.1: Invalid id: must be a UUID$/],
      [`?ids=${uuid(1)}&ids=%27%3B%20drop%20table%20chatbots`, /^ids\.1: Invalid id: must be a UUID$/],
      [`?ids=${Array.from({ length: 101 }, (_, i) => uuid(i)).join(',')}`, /ids may name at most 100 chatbots/],
      ['?pageSize=101', /pageSize must be at most 100/],
      ['?pageSize=0', /pageSize/],
      ['?page=0', /page must be 1 or more/],
      ['?page=abc', /page/],
      [`?search=${'x'.repeat(201)}`, /search must be at most 200 characters/],
    ] as const) {
      const response = await names(c, headers, query);
      expect(response.statusCode, query.slice(0, 80)).toBe(400);
      expect(response.json().message, query.slice(0, 80)).toMatch(message);
    }
    // Empty entries are no ids: the whole first page.
    const empty = await names(c, headers, '?ids=,&ids=');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ total: 30 });
  });

  it('answers every member of the organization (owner, admin, member); nobody signed out, deactivated or outside it', async () => {
    const c = ctx();
    const { team } = await teamWithThirtyChatbots(c);
    for (const person of [team.owner, team.admin, team.member]) {
      const response = await names(c, inOrganization(person, team.organizationId), '?pageSize=1');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ total: 30, items: [{ name: '100%_sure' }] });
    }
    expect((await names(c, {})).statusCode).toBe(401);

    const outsider = await createSignedInUser(c);
    const naming = await names(c, inOrganization(outsider, team.organizationId));
    expect(naming.statusCode).toBe(403);
    expect(naming.json().message).toBe(NOT_ORGANIZATION_MEMBER_MESSAGE);
    // In their own workspace the outsider sees their own (none), not the team's.
    expect((await names(c, { cookie: outsider.cookie })).json()).toMatchObject({ items: [], total: 0 });

    await c.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, team.member.userId));
    expect((await names(c, inOrganization(team.member, team.organizationId))).statusCode).toBe(401);
  });
});
