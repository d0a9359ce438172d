import { type Client, NotFoundError } from '@marketing/sdk';

/** A lead as your system holds it. */
export interface BuyerLead {
  id: string;
  cell: string;
  clickId: string;
}

// #region submit
/**
 * Submits leads by their click IDs. A batch that names an unknown click is refused whole (404),
 * so the unknown ones are reported and the rest sent again.
 */
export async function submitLeads(
  client: Client,
  leads: BuyerLead[],
): Promise<{ submitted: string[]; unmatched: string[] }> {
  const batch = leads.map((lead) => ({ resource_id: lead.id, cell: lead.cell, click_id: lead.clickId }));
  try {
    await client.transactions.createMany(batch);
    return { submitted: leads.map((l) => l.id), unmatched: [] };
  } catch (error) {
    if (!(error instanceof NotFoundError) || typeof error.error !== 'string') throw error;
    const unmatched = error.error.replace('No matching marketplace offer for: ', '').split(', ');
    const rest = batch.filter((lead) => !unmatched.includes(lead.resource_id));
    if (rest.length > 0) await client.transactions.createMany(rest);
    return { submitted: rest.map((l) => l.resource_id), unmatched };
  }
}
// #endregion submit

// #region review
/**
 * Sorts the submitted leads by where they landed: completed, rejected as duplicates, or held as
 * pending (a cap was reached or the balance was short), and accepts the held ones you want.
 */
export async function reviewLeads(client: Client, accept: (resourceId: string) => boolean) {
  const transactions = await client.transactions.search();
  const duplicates = transactions.filter((t) => t.status_reason === 'duplicate').map((t) => t.resource_id);
  const accepted: string[] = [];
  for (const held of transactions.filter((t) => t.status === 'pending')) {
    if (!accept(held.resource_id)) continue;
    await client.transactions.updateStatus(held._id, 'completed');
    accepted.push(held.resource_id);
  }
  const completed = (await client.transactions.search({ status: 'completed' })).map((t) => t.resource_id);
  return { completed, duplicates, accepted };
}
// #endregion review
