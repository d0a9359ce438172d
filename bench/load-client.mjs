// The bench's load client: one process that runs autocannon for each load the bench sends it (see
// bench/load.ts). It is started once: a fresh autocannon process for each run cost 0.3 s of start,
// and the bench makes about a hundred runs. It leaves when the bench does.
import autocannon from 'autocannon';

process.on('message', async ({ id, load, seconds }) => {
  try {
    const result = await autocannon({
      url: load.url,
      method: load.method,
      headers: load.headers,
      ...(load.body === undefined ? {} : { body: load.body }),
      connections: 50,
      duration: seconds,
    });
    process.send({ id, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx });
  } catch (error) {
    process.send({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
