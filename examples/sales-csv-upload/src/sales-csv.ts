import type { Client } from '@marketing/sdk';

/** One sale as the service takes it. */
export interface SaleRow {
  campaign_id: string;
  cell: string;
  soldAt?: string;
  saleValue?: number;
}

// #region parse
/**
 * Reads sales from CSV text with a header row `campaign_id,cell,soldAt,saleValue`; blank optional
 * columns are left out so the service uses its defaults (now, the campaign's sale value).
 */
export function parseSalesCsv(text: string): SaleRow[] {
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const columns = header!.split(',').map((c) => c.trim());
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const values = line.split(',').map((v) => v.trim());
      const field = (name: string) => values[columns.indexOf(name)] || undefined;
      const sale: SaleRow = { campaign_id: field('campaign_id')!, cell: field('cell')! };
      if (field('soldAt')) sale.soldAt = field('soldAt');
      if (field('saleValue')) sale.saleValue = Number(field('saleValue'));
      return sale;
    });
}
// #endregion parse

// #region upload
/** Uploads the sales of a CSV file in one batch: stored whole, or refused whole with the reason. */
export async function uploadSalesCsv(client: Client, text: string): Promise<number> {
  const sales = parseSalesCsv(text);
  await client.sales.create(sales);
  return sales.length;
}
// #endregion upload

// #region postback
/** The URL an affiliate system calls to record one sale; the API key travels in `key`. */
export function salePostbackUrl(client: Client, sale: SaleRow): string {
  return client.sales.postbackUrl(sale);
}
// #endregion postback
