import { describe, expectTypeOf, it } from 'vitest';
import {
  type EndpointNamingRestrictedIds,
  type NamesRestrictedIds,
  type ResourceRuleTable,
  resourceRules,
} from './resource-rules.js';

describe('resource rules', () => {
  it('finds a restricted-kind ID field at any depth of an input', () => {
    expectTypeOf<
      NamesRestrictedIds<{ body: { find: { tag_ids?: { $in?: string[] } } } }>
    >().toEqualTypeOf<true>();
    expectTypeOf<NamesRestrictedIds<{ body: { rows: { campaign_id: string }[] } }>>().toEqualTypeOf<true>();
    expectTypeOf<NamesRestrictedIds<{ body: { cell: string; tags: string[] } }>>().toEqualTypeOf<false>();
  });

  it('needs a rule for every endpoint whose input names a campaign or tag ID', () => {
    expectTypeOf<'contacts.search'>().toMatchTypeOf<EndpointNamingRestrictedIds>();
    expectTypeOf<'transactions.create'>().toMatchTypeOf<EndpointNamingRestrictedIds>();
    expectTypeOf<'contacts.get'>().not.toMatchTypeOf<EndpointNamingRestrictedIds>();
    const { 'contacts.search': _search, ...withoutSearch } = resourceRules;
    // @ts-expect-error contacts.search names tag IDs, so a table without its rule does not compile
    const incomplete: ResourceRuleTable = withoutSearch;
    void incomplete;
  });
});
