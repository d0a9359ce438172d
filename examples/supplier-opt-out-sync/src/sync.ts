import type { Client } from '@marketing/sdk';

// #region push
/** Pushes opt-outs for a campaign, one call per cell; answers how many contacts changed. */
export async function pushOptOuts(client: Client, cells: string[], campaignId: string): Promise<number> {
  let changed = 0;
  for (const cell of cells) {
    const { modifiedCount } = await client.contacts.optOut(cell, { campaign_ids: [campaignId] });
    changed += modifiedCount;
  }
  return changed;
}
// #endregion push

// #region exclusion-tag
/** Pushes opt-outs as an exclusion tag, which the campaign's targeting leaves out. */
export async function tagAsExcluded(client: Client, cells: string[], exclusionTagId: string): Promise<void> {
  for (const cell of cells) await client.contacts.addTags(cell, { tag_ids: [exclusionTagId] });
}
// #endregion exclusion-tag

// #region pull
/** Pulls the cells carrying the exclusion tag that changed since the last sync. */
export async function pullOptOuts(client: Client, exclusionTagId: string, since: string): Promise<string[]> {
  const cells: string[] = [];
  for await (const contact of client.contacts.searchAll({
    find: { tag_ids: { $all: [exclusionTagId] }, updatedAt: { $gte: since } },
    projection: { cell: 1 },
  })) {
    cells.push(contact.cell);
  }
  return cells;
}
// #endregion pull

// #region check
/** Splits a list into the cells a campaign may send to and the ones it may not, with reasons. */
export async function checkList(client: Client, cells: string[], campaignId: string) {
  const { results } = await client.compliance.checkSend(
    { cells, country: 'ZA' },
    { campaign_id: campaignId },
  );
  return {
    sendable: results.filter((r) => r.can_send).map((r) => r.cell),
    blocked: results.filter((r) => !r.can_send).map((r) => ({ cell: r.cell, reason: r.reason })),
  };
}
// #endregion check
