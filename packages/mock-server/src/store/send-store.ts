import type { SendRecord } from './records.js';
import { ShardedMap } from './sharded-map.js';

/**
 * The sends of a world by `_id`, with the sends to each cell in the order they were recorded, so
 * a reply finds its send without a look at every send (a long clock move records millions).
 *
 * @example
 * ```ts
 * const sends = new SendStore();
 * sends.set(send._id, send);
 * sends.latestTo('27821000000'); // the latest send to that cell, of any campaign
 * ```
 */
export class SendStore extends ShardedMap<SendRecord> {
  readonly #byCell = new ShardedMap<SendRecord[]>();

  override set(id: string, send: SendRecord): this {
    const replaced = this.get(id);
    if (replaced?.cell !== undefined) {
      const list = this.#byCell.get(replaced.cell)!;
      list.splice(list.indexOf(replaced), 1);
    }
    super.set(id, send);
    if (send.cell !== undefined) {
      const list = this.#byCell.get(send.cell);
      if (list) list.push(send);
      else this.#byCell.set(send.cell, [send]);
    }
    return this;
  }

  override delete(id: string): boolean {
    const send = this.get(id);
    if (send?.cell !== undefined) {
      const list = this.#byCell.get(send.cell)!;
      list.splice(list.indexOf(send), 1);
    }
    return super.delete(id);
  }

  override clear(): void {
    super.clear();
    this.#byCell.clear();
  }

  /**
   * The latest send to a cell (by `to_start_at`; of two at the same time, the one recorded later),
   * of one campaign when `campaignId` is given.
   */
  latestTo(cell: string, campaignId?: string): SendRecord | undefined {
    let latest: SendRecord | undefined;
    for (const send of this.#byCell.get(cell) ?? []) {
      if (campaignId !== undefined && send.campaign_id !== campaignId) continue;
      if (!latest || send.to_start_at >= latest.to_start_at) latest = send;
    }
    return latest;
  }
}
