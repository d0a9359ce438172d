// Loaded with the standalone server by a test: SIGUSR2 throws an error nothing catches, as a bug
// of the mock's own would.
process.on('SIGUSR2', () => {
  throw new Error('planted bug');
});
