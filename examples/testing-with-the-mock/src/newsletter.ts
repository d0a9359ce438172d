import { type Client, NotFoundError } from '@marketing/sdk';

// #region code-under-test
/**
 * Your own code: subscribes a cell to the newsletter tag, creating the contact when missing, and
 * answers whether the contact can be messaged (not opted out everywhere).
 */
export async function subscribe(
  client: Client,
  cell: string,
): Promise<{ subscribed: boolean; reachable: boolean }> {
  await client.contacts.addTags(cell, { tags: ['Newsletter'], create_missing_contact: true });
  try {
    const contact = await client.contacts.get(cell);
    return { subscribed: contact.tag_ids.length > 0, reachable: contact.global_opt_out !== true };
  } catch (error) {
    if (error instanceof NotFoundError) return { subscribed: false, reachable: false };
    throw error;
  }
}
// #endregion code-under-test
