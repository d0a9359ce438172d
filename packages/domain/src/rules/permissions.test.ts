import { describe, expect, it } from 'vitest';
import { allErrors } from '../contract/all-errors.js';
import { endpoints } from '../contract/index.js';
import { checksResources, resourcesNamedBy } from '../contract/resource-rules.js';
import { ResourceErrorSchema } from '../schemas/errors.js';
import {
  grants,
  missingPermissions,
  missingResources,
  permissionsRequiredBy,
  resourceError,
} from './permissions.js';

describe('grants', () => {
  it('grants everything to *', () => {
    for (const endpoint of endpoints) expect(grants(['*'], endpoint.permission)).toBe(true);
  });

  it('grants nested permissions to their parent', () => {
    expect(grants(['contact.update'], 'contact.update.tag_ids')).toBe(true);
    expect(grants(['contact.update'], 'contact.update.deduped_campaign_ids')).toBe(true);
    expect(grants(['contact'], 'contact.read.pii')).toBe(true);
    expect(grants(['compliance:send'], 'compliance:send.create')).toBe(true);
  });

  it('does not grant a parent to its child, nor a sibling or a prefix that is not a segment', () => {
    expect(grants(['contact.update.tag_ids'], 'contact.update')).toBe(false);
    expect(grants(['contact.update.tag_ids'], 'contact.update.deduped_campaign_ids')).toBe(false);
    expect(grants(['contact.up'], 'contact.update')).toBe(false);
    expect(grants([], 'tag.read')).toBe(false);
  });

  it('names the missing permission', () => {
    expect(missingPermissions(['tag.read'], 'tag.delete')).toEqual(['tag.delete']);
    expect(missingPermissions(['tag'], 'tag.delete')).toEqual([]);
  });
});

describe('missingResources', () => {
  it('lists named IDs outside the key’s restrictions, by kind', () => {
    expect(
      missingResources(
        { tag_ids: ['tag_vip'], campaign_ids: ['c1'] },
        { tag_ids: ['tag_vip', 't2', 't2'], campaign_ids: ['c2'] },
      ),
    ).toEqual({ tag_ids: ['t2'], campaign_ids: ['c2'] });
  });

  it('lets unrestricted keys and unrestricted kinds through', () => {
    expect(missingResources(undefined, { tag_ids: ['t'] })).toBeUndefined();
    expect(missingResources({ tag_ids: ['t'] }, { campaign_ids: ['c9'] })).toBeUndefined();
    expect(missingResources({ tag_ids: ['t'] }, { tag_ids: ['t'] })).toBeUndefined();
  });

  it('spells the error code as each endpoint does', () => {
    expect(resourceError('contacts.search', { tag_ids: ['x'] }).code).toBe('Insufficient Resource IDs');
    expect(resourceError('contacts.bulkUpdate', { tag_ids: ['x'] }).code).toBe('insufficient_resource_ids');
  });
});

describe('resourcesNamedBy', () => {
  it('reads the tags of a search filter', () => {
    expect(
      resourcesNamedBy('contacts.search', { body: { find: { tag_ids: { $in: ['a'], $all: ['b', 'a'] } } } }),
    ).toEqual({
      tag_ids: ['a', 'b'],
    });
  });

  it('reads every tag and campaign of a bulk update', () => {
    expect(
      resourcesNamedBy('contacts.bulkUpdate', {
        body: {
          find: { tag_ids: { $in: ['a'] } },
          update: { $addToSet: { deduped_campaign_ids: { $each: ['c1'] } } },
        },
      }),
    ).toEqual({ tag_ids: ['a'], campaign_ids: ['c1'] });
  });

  it('reads upload tags from the body and every row, and the send campaign', () => {
    expect(
      resourcesNamedBy('contacts.create', {
        body: {
          tag_ids: ['a'],
          contacts: [{ cell: '1', tag_ids: ['b'] }, { cell: '2' }],
          send: { campaign_id: 'c1' },
        },
      }),
    ).toEqual({ tag_ids: ['a', 'b'], campaign_ids: ['c1'] });
  });

  it('reads path and query IDs', () => {
    expect(resourcesNamedBy('tags.delete', { params: { tag_id: 't1' } })).toEqual({ tag_ids: ['t1'] });
    expect(resourcesNamedBy('campaignsV2.get', { params: { campaign_id: 'c1' } })).toEqual({
      campaign_ids: ['c1'],
    });
    expect(resourcesNamedBy('compliance.checkSend', { query: { campaign_id: 'c1' } })).toEqual({
      campaign_ids: ['c1'],
    });
  });

  it('reads the tag IDs of upload rows that are not checked yet, whatever the rows are', () => {
    const contacts = [null, 'x', 1, [], { tag_ids: 'x' }, { tag_ids: ['t1', 2] }, { tag_ids: ['t2'] }];
    expect(resourcesNamedBy('contacts.create', { body: { contacts } })).toEqual({ tag_ids: ['t1', 't2'] });
  });

  it('names nothing for lead submissions, whose campaigns belong to the seller', () => {
    expect(resourcesNamedBy('transactions.create', { body: [{ campaign_id: 'c1' }] })).toEqual({});
    expect(checksResources('transactions.create')).toBe(false);
  });

  it('checks resources on the endpoints that name campaigns or tags, and documents their 403', () => {
    const checked = endpoints.filter((e) => checksResources(e.id)).map((e) => e.id);
    expect(checked.sort()).toEqual(
      [
        'contacts.search',
        'contacts.bulkUpdate',
        'contacts.optOut',
        'contacts.optOutCampaign',
        'contacts.addTags',
        'contacts.removeTags',
        'contacts.create',
        'contacts.upsert',
        'tags.get',
        'tags.delete',
        'campaigns.get',
        'campaignsV2.get',
        'send.sms',
        'sales.create',
        'sales.createByPostback',
        'compliance.checkSend',
      ].sort(),
    );
    for (const endpoint of endpoints.filter((e) => checksResources(e.id)))
      expect(allErrors(endpoint).some((e) => e.status === 403 && e.error === ResourceErrorSchema)).toBe(true);
  });
});

describe('permissionsRequiredBy', () => {
  it('asks contact.create of a request that may create a contact, on opt-out and tag add', () => {
    expect(permissionsRequiredBy('contacts.optOut', { all: true, create_missing_contact: true })).toEqual([
      'contact.create',
    ]);
    expect(
      permissionsRequiredBy('contacts.addTags', { tag_ids: ['t'], create_missing_contact: true }),
    ).toEqual(['contact.create']);
  });

  it('asks nothing more without the flag, for tag removal, or for an opt-out from every campaign', () => {
    expect(permissionsRequiredBy('contacts.optOut', { all: true })).toEqual([]);
    expect(permissionsRequiredBy('contacts.optOut', { all: true, create_missing_contact: false })).toEqual(
      [],
    );
    expect(
      permissionsRequiredBy('contacts.removeTags', { tag_ids: ['t'], create_missing_contact: true }),
    ).toEqual([]);
  });

  it('leaves an opt-out from every campaign within a key restricted to some campaigns', () => {
    const named = resourcesNamedBy('contacts.optOut', { body: { all: true } });
    expect(missingResources({ campaign_ids: ['cmp_1'] }, named)).toBeUndefined();
  });
});
