import { calendarDay, type LeadTransaction } from '@marketing/domain';

/** An offer's completed leads, kept as transactions complete: in all, their spend, and per day. */
interface UsageCounters {
  completedTotal: number;
  spent: number;
  byDay: Map<string, number>;
}

/**
 * The marketplace's lead transactions with what the lead rules read without a scan: each buyer's
 * resource IDs (a lead is submitted once), the latest lead per offer and cell (the duplicate
 * window), and each offer's cap counters (per day in the seller's time zone).
 */
export class TransactionStore {
  readonly #byId = new Map<string, LeadTransaction>();
  readonly #byResource = new Set<string>();
  readonly #latestLead = new Map<string, string>();
  readonly #usage = new Map<string, UsageCounters>();
  readonly #timeZoneOf: (orgId: string) => string | undefined;

  /** `timeZoneOf` gives an organisation's time zone: a seller's day is counted in its own zone. */
  constructor(timeZoneOf: (orgId: string) => string | undefined) {
    this.#timeZoneOf = timeZoneOf;
  }

  get size(): number {
    return this.#byId.size;
  }

  get(id: string): LeadTransaction | undefined {
    return this.#byId.get(id);
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  /** Every transaction, in the order they were added. */
  values(): IterableIterator<LeadTransaction> {
    return this.#byId.values();
  }

  /** Whether a buyer has already submitted a lead with this resource ID. */
  hasResource(buyerOrgId: string, resourceId: string): boolean {
    return this.#byResource.has(`${buyerOrgId}|${resourceId}`);
  }

  /** Records a transaction and its indexes. */
  add(transaction: LeadTransaction): void {
    this.#byId.set(transaction._id, transaction);
    this.#byResource.add(`${transaction.buyer_org_id}|${transaction.resource_id}`);
    const key = `${transaction.offer_id}|${transaction.cell}`;
    const latest = this.#latestLead.get(key);
    if (latest === undefined || transaction.createdAt > latest)
      this.#latestLead.set(key, transaction.createdAt);
    if (transaction.status === 'completed') this.#countCompleted(transaction);
  }

  /** Replaces a stored transaction with its new state. */
  replace(next: LeadTransaction): void {
    const previous = this.#byId.get(next._id);
    this.#byId.set(next._id, next);
    if (next.status === 'completed' && previous?.status !== 'completed') this.#countCompleted(next);
  }

  /** The earlier transactions the duplicate rule needs: the latest one of this offer and cell. */
  priorLeads(offerId: string, cell: string): { cell: string; offer_id: string; createdAt: string }[] {
    const createdAt = this.#latestLead.get(`${offerId}|${cell}`);
    return createdAt === undefined ? [] : [{ cell, offer_id: offerId, createdAt }];
  }

  /** An offer's cap usage now, from counters kept as transactions complete. */
  usageOf(offerId: string, now: Date, timeZone: string | undefined) {
    const counters = this.#usage.get(offerId);
    return {
      completedTotal: counters?.completedTotal ?? 0,
      completedToday: counters?.byDay.get(calendarDay(now, timeZone)) ?? 0,
      spent: counters?.spent ?? 0,
    };
  }

  #countCompleted(transaction: LeadTransaction): void {
    const counters = this.#usage.get(transaction.offer_id) ?? {
      completedTotal: 0,
      spent: 0,
      byDay: new Map(),
    };
    const day = calendarDay(new Date(transaction.updatedAt), this.#timeZoneOf(transaction.seller_org_id));
    counters.completedTotal += 1;
    counters.spent += transaction.price;
    counters.byDay.set(day, (counters.byDay.get(day) ?? 0) + 1);
    this.#usage.set(transaction.offer_id, counters);
  }
}
