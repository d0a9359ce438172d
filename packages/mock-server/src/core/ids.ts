/**
 * Makes ObjectId-like IDs (24 hex digits: 8 of seconds, 16 of a counter) that sort in creation
 * order as text, so `_id` order is creation order and indexes can append.
 */
export function createIdGenerator(nowSeconds: () => number) {
  let counter = 0;
  return (prefix = ''): string => {
    counter += 1;
    const seconds = Math.max(0, Math.floor(nowSeconds())).toString(16).padStart(8, '0').slice(-8);
    return `${prefix}${seconds}${counter.toString(16).padStart(16, '0')}`;
  };
}
